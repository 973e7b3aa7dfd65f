/*
 * case_spool.c — the case spool that keeps a run report's memory flat in
 * the number of cases (case_spool.h, report_model.h).
 *
 * Spool file: an anonymous temporary file (O_TMPFILE, or mkostemp then
 * unlink where the file system lacks it) in $TMPDIR, else /tmp; nothing is
 * left behind whatever way the process ends.  Layout:
 *   header  "SCTSPOOL" + u32 version (1) + u32 0          (16 bytes)
 *   records u32 "CASE" tag + u32 payload length + payload (case_codec.h)
 * Record i starts at offsets[i]; it ends where record i+1 starts (or at the
 * end of the file), which is checked against its length field when read.
 * Written with pwrite, read with pread: no shared file position.
 */
/* O_TMPFILE, mkostemp: _GNU_SOURCE comes from the build (CMakeLists.txt). */
#include "case_spool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "case_codec.h"

#define SPOOL_MAGIC "SCTSPOOL"
#define SPOOL_VERSION 1u
#define SPOOL_HEADER 16u
#define RECORD_TAG UINT32_C(0x45534143) /* "CASE" little-endian */
#define RECORD_HEADER 8u
/* Read-ahead: sequential readers (every writer) get ~tens of records per
 * pread; bounded, so memory does not depend on the case count. */
#define READ_WINDOW (32u * 1024u)

struct sct_case_spool {
    int fd;                       /* -1 until the first spill */
    char dir[256];                /* where the file is (for messages) */
    uint64_t end;                 /* bytes written */
    uint64_t *offsets;            /* per spilled case: where its record starts */
    size_t n_spilled, cap_offsets;
    bool has_pending;
    sct_case_result pending;      /* the slot add_case handed out */
    bool has_cached;
    size_t cached_index;
    sct_case_result cached;       /* the slot sct_run_report_case returned */
    sct_byte_buf enc;             /* encode buffer, reused */
    unsigned char *win;           /* read window: bytes [win_off, win_off+win_len) */
    size_t win_cap, win_len;
    uint64_t win_off;
    bool failed;                  /* sticky: a case could not be spilled */
    char err[512];
};

sct_case_spool *sct_case_spool_new(void)
{
    sct_case_spool *sp = calloc(1, sizeof *sp);
    if (sp != NULL)
        sp->fd = -1;
    return sp;
}

void sct_case_spool_free(sct_case_spool *sp)
{
    if (sp == NULL)
        return;
    if (sp->fd >= 0)
        close(sp->fd);
    free(sp->offsets);
    sct_case_result_free(&sp->pending);
    sct_case_result_free(&sp->cached);
    sct_byte_buf_free(&sp->enc);
    free(sp->win);
    free(sp);
}

const char *sct_case_spool_error(const sct_case_spool *sp)
{
    return sp->err;
}

static int write_all(int fd, const unsigned char *p, size_t n, uint64_t off)
{
    while (n > 0) {
        ssize_t w = pwrite(fd, p, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return -1;
        }
        p += w;
        n -= (size_t)w;
        off += (uint64_t)w;
    }
    return 0;
}

static int spool_open(sct_case_spool *sp)
{
    const char *dir = getenv("TMPDIR");
    if (dir == NULL || dir[0] == '\0')
        dir = "/tmp";
    snprintf(sp->dir, sizeof sp->dir, "%s", dir);
    int fd = -1;
#ifdef O_TMPFILE
    fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
    if (fd < 0) {
        /* No O_TMPFILE here (e.g. some network file systems): a named file,
         * unlinked at once. */
        char path[4096];
        snprintf(path, sizeof path, "%s/sonnx-cts-spool-XXXXXX", dir);
        fd = mkostemp(path, O_CLOEXEC);
        if (fd >= 0)
            unlink(path);
    }
    if (fd < 0) {
        snprintf(sp->err, sizeof sp->err, "case spool: cannot create a temporary "
                 "file in %s: %s", dir, strerror(errno));
        return -1;
    }
    unsigned char h[SPOOL_HEADER] = {0};
    memcpy(h, SPOOL_MAGIC, 8);
    h[8] = (unsigned char)SPOOL_VERSION;
    if (write_all(fd, h, sizeof h, 0) != 0) {
        snprintf(sp->err, sizeof sp->err, "case spool (%s): write failed: %s", dir,
                 strerror(errno));
        close(fd);
        return -1;
    }
    sp->fd = fd;
    sp->end = SPOOL_HEADER;
    return 0;
}

static void put_le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* The pending case to the spool.  A failure is sticky (the case is lost). */
static int spill(sct_case_spool *sp)
{
    if (!sp->has_pending)
        return 0;
    int rc = 0;
    if (sp->fd < 0 && spool_open(sp) != 0)
        rc = -1;
    if (rc == 0 && sp->n_spilled == sp->cap_offsets) {
        size_t cap = sp->cap_offsets ? 2 * sp->cap_offsets : 256;
        uint64_t *o = realloc(sp->offsets, cap * sizeof *o);
        if (o == NULL) {
            snprintf(sp->err, sizeof sp->err, "case spool: out of memory after %zu "
                     "cases", sp->n_spilled);
            rc = -1;
        } else {
            sp->offsets = o;
            sp->cap_offsets = cap;
        }
    }
    if (rc == 0) {
        /* Record header first (length filled in below), then the payload. */
        static const unsigned char room[RECORD_HEADER];
        sp->enc.len = 0;
        sp->enc.oom = 0;
        sct_byte_buf_put(&sp->enc, room, sizeof room);
        if (sct_case_encode(&sp->enc, &sp->pending) != 0 ||
            sp->enc.len - RECORD_HEADER > UINT32_MAX) {
            snprintf(sp->err, sizeof sp->err, "case spool: out of memory while "
                     "storing case %zu", sp->n_spilled + 1);
            rc = -1;
        }
    }
    if (rc == 0) {
        put_le32(sp->enc.data, RECORD_TAG);
        put_le32(sp->enc.data + 4, (uint32_t)(sp->enc.len - RECORD_HEADER));
        if (write_all(sp->fd, sp->enc.data, sp->enc.len, sp->end) != 0) {
            snprintf(sp->err, sizeof sp->err, "case spool (%s): write failed after "
                     "%zu cases: %s", sp->dir, sp->n_spilled, strerror(errno));
            rc = -1;
        }
    }
    if (rc == 0) {
        sp->offsets[sp->n_spilled++] = sp->end;
        sp->end += sp->enc.len;
    } else {
        sp->failed = true;
    }
    /* Keep the encode buffer from growing for good after one huge case. */
    if (sp->enc.cap > 4 * READ_WINDOW)
        sct_byte_buf_free(&sp->enc);
    sct_case_result_free(&sp->pending);
    sp->has_pending = false;
    return rc;
}

sct_case_result *sct_case_spool_add(sct_case_spool *sp)
{
    if (sp->failed || spill(sp) != 0)
        return NULL;
    sct_case_result *c = &sp->pending;
    memset(c, 0, sizeof *c);
    c->exit_code = -1;
    sp->has_pending = true;
    return c;
}

int sct_case_spool_flush(sct_case_spool *sp)
{
    if (sp->failed)
        return -1;
    return spill(sp);
}

/* Bytes [off, off+n) of the spool: from the read window, else read into it
 * (at least READ_WINDOW bytes when the file has them). */
static const unsigned char *spool_bytes(sct_case_spool *sp, uint64_t off, size_t n)
{
    if (off >= sp->win_off && off - sp->win_off <= sp->win_len &&
        n <= sp->win_len - (size_t)(off - sp->win_off))
        return sp->win + (off - sp->win_off);
    size_t want = n > READ_WINDOW ? n : READ_WINDOW;
    if (sp->win_cap < want || sp->win_cap > 4 * READ_WINDOW) {
        /* A huge record does not keep a huge window. */
        unsigned char *w = malloc(want);
        if (w == NULL) {
            snprintf(sp->err, sizeof sp->err, "case spool: out of memory while "
                     "reading a case of %zu bytes", n);
            return NULL;
        }
        free(sp->win);
        sp->win = w;
        sp->win_cap = want;
    }
    sp->win_off = off;
    sp->win_len = 0;
    while (sp->win_len < want) {
        ssize_t got = pread(sp->fd, sp->win + sp->win_len, want - sp->win_len,
                            (off_t)(off + sp->win_len));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(sp->err, sizeof sp->err, "case spool (%s): read failed: %s",
                     sp->dir, strerror(errno));
            sp->win_len = 0;
            return NULL;
        }
        if (got == 0)
            break;
        sp->win_len += (size_t)got;
    }
    if (sp->win_len < n) {
        snprintf(sp->err, sizeof sp->err, "case spool (%s): file shorter than "
                 "written (%zu of %zu bytes at offset %llu)", sp->dir, sp->win_len, n,
                 (unsigned long long)off);
        sp->win_len = 0;
        return NULL;
    }
    return sp->win;
}

const sct_case_result *sct_case_spool_read(sct_case_spool *sp, size_t i, size_t n_cases)
{
    if (i >= n_cases) {
        snprintf(sp->err, sizeof sp->err, "case spool: no case %zu (%zu cases)", i,
                 n_cases);
        return NULL;
    }
    if (sp->failed || spill(sp) != 0)
        return NULL;
    if (sp->has_cached && sp->cached_index == i)
        return &sp->cached;
    sct_case_result_free(&sp->cached);
    sp->has_cached = false;
    uint64_t off = sp->offsets[i];
    uint64_t next = i + 1 < sp->n_spilled ? sp->offsets[i + 1] : sp->end;
    if (next - off < RECORD_HEADER || next - off > SIZE_MAX) {
        snprintf(sp->err, sizeof sp->err, "case spool: record %zu is damaged", i);
        return NULL;
    }
    size_t len = (size_t)(next - off);
    const unsigned char *p = spool_bytes(sp, off, len);
    if (p == NULL)
        return NULL;
    if (get_le32(p) != RECORD_TAG || get_le32(p + 4) != len - RECORD_HEADER) {
        snprintf(sp->err, sizeof sp->err, "case spool: record %zu is damaged "
                 "(bad tag or length)", i);
        return NULL;
    }
    int rc = sct_case_decode(p + RECORD_HEADER, len - RECORD_HEADER, &sp->cached);
    if (rc != 0) {
        snprintf(sp->err, sizeof sp->err, rc == 2 ? "case spool: out of memory while "
                 "reading case %zu" : "case spool: record %zu is damaged", i);
        return NULL;
    }
    sp->has_cached = true;
    sp->cached_index = i;
    return &sp->cached;
}
