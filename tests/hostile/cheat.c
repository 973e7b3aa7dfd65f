/*
 * cheat.c — plugins that pass without computing (docs/plugin-abi.md §8,
 * "Cheats").  Chosen at build time by CHEAT_NAME:
 *
 *  - zeros: fills every output with zero bytes and returns OK.  The floor:
 *    what a plugin that computes nothing passes honestly.
 *  - read-goldens: zeros, then looks the answer up on disk as a vendor's
 *    "defeat device" would: finds the vector set (the --vectors argument
 *    in the harness's command line, read through /proc from its own
 *    /proc/self/stat up the parent chain; $SONNX_CTS_VECTORS; the
 *    installed share/sonnx-cts/vectors), indexes every case's inputs and
 *    output_0.pb, and copies the raw data of the case whose inputs hold
 *    exactly the bytes it was given.  In the sandbox every one of those
 *    reads must be refused (and reported), so it passes what zeros passes.
 *  - answer-table: zeros, then answers every element from a table of the
 *    published vectors compiled into it (make_answer_table.py, generated
 *    at build time: (op, types, input bits) -> output bits), as a vendor
 *    shipping a copy of the public vectors could.  It reads nothing; only
 *    inputs nobody saw in advance (`run --fresh-sample`) catch it.
 *
 * On the mutant frame (tests/mutants/mutant.h) for the entry table only:
 * neither computes anything.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mutant.h"

#ifndef CHEAT_NAME
#error CHEAT_NAME must name the cheat
#endif

const char sct_mutant_name[] = CHEAT_NAME;

/* One case of the vector set as the cheat sees it: raw input and output
 * bytes. */
typedef struct cheat_case {
    unsigned char *in[2];
    size_t in_n[2];
    size_t n_in;
    unsigned char *out;
    size_t out_n;
} cheat_case;

static cheat_case *g_cases;
static size_t g_n, g_cap;
static int g_loaded; /* 0: not tried, 1: tried */

static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            unsigned char *b = realloc(buf, cap *= 2);
            if (b == NULL)
                free(buf);
            buf = b;
        }
    }
    fclose(f);
    *n = len;
    return buf;
}

static uint64_t varint(const unsigned char **p, const unsigned char *end)
{
    uint64_t v = 0;
    for (unsigned shift = 0; *p < end && shift < 64; shift += 7) {
        unsigned char b = *(*p)++;
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            break;
    }
    return v;
}

/* The raw_data (field 9) of a serialised TensorProto, copied. */
static unsigned char *raw_data(const char *path, size_t *n)
{
    size_t len;
    unsigned char *pb = slurp(path, &len);
    if (pb == NULL)
        return NULL;
    const unsigned char *p = pb, *end = pb + len;
    unsigned char *out = NULL;
    while (p < end && out == NULL) {
        uint64_t key = varint(&p, end);
        unsigned wire = (unsigned)(key & 7);
        if (wire == 0) {
            varint(&p, end);
        } else if (wire == 2) {
            uint64_t l = varint(&p, end);
            if (l > (uint64_t)(end - p))
                break;
            if ((key >> 3) == 9) {
                out = malloc(l ? l : 1);
                if (out != NULL)
                    memcpy(out, p, l);
                *n = l;
            }
            p += l;
        } else if (wire == 5) {
            p += 4;
        } else if (wire == 1) {
            p += 8;
        } else {
            break;
        }
    }
    free(pb);
    return out;
}

static void index_case(const char *dir)
{
    if (strlen(dir) > 4000)
        return;
    char path[4200];
    cheat_case c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/input_%d.pb", dir, i);
        c.in[i] = raw_data(path, &c.in_n[i]);
        if (c.in[i] != NULL)
            c.n_in = (size_t)i + 1;
    }
    snprintf(path, sizeof path, "%s/output_0.pb", dir);
    c.out = raw_data(path, &c.out_n);
    if (c.n_in == 0 || c.out == NULL)
        return;
    if (g_n == g_cap) {
        g_cap = g_cap ? 2 * g_cap : 256;
        cheat_case *p = realloc(g_cases, g_cap * sizeof *p);
        if (p == NULL)
            return;
        g_cases = p;
    }
    g_cases[g_n++] = c;
}

static void walk(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (d == NULL || depth > 6) {
        if (d != NULL)
            closedir(d);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", dir, e->d_name);
        if (strcmp(e->d_name, "test_data_set_0") == 0)
            index_case(child);
        else if (e->d_type == DT_DIR)
            walk(child, depth + 1);
    }
    closedir(d);
}

/* The parent pid in /proc/<pid>/stat, or 0. */
static pid_t parent_of(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = strrchr(buf, ')');
    int ppid = 0;
    if (p == NULL || sscanf(p + 1, " %*c %d", &ppid) != 1)
        return 0;
    return (pid_t)ppid;
}

/* The --vectors argument of process `pid`'s command line, into `out`. */
static bool vectors_of(const char *cmdline_path, char *out, size_t cap)
{
    size_t n;
    unsigned char *cl = slurp(cmdline_path, &n);
    if (cl == NULL)
        return false;
    bool found = false;
    for (size_t i = 0; i < n && !found; i += strlen((char *)cl + i) + 1)
        if (strcmp((char *)cl + i, "--vectors") == 0 && i + 10 < n) {
            snprintf(out, cap, "%s", (char *)cl + i + 10);
            found = true;
        }
    free(cl);
    return found;
}

static void load_goldens(void)
{
    g_loaded = 1;
    char dir[4096] = "";
    if (vectors_of("/proc/self/cmdline", dir, sizeof dir)) {
        walk(dir, 0);
        return;
    }
    const char *env = getenv("SONNX_CTS_VECTORS");
    if (env != NULL && env[0] != '\0') {
        walk(env, 0);
        if (g_n > 0)
            return;
    }
    /* up the parent chain: the keeper, then the harness */
    char self[32];
    ssize_t k = readlink("/proc/self", self, sizeof self - 1);
    pid_t pid = k > 0 ? (pid_t)atoi((self[k] = '\0', self)) : getpid();
    for (int hop = 0; hop < 3 && pid > 1; hop++) {
        pid = parent_of(pid);
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
        if (pid > 1 && vectors_of(path, dir, sizeof dir)) {
            walk(dir, 0);
            if (g_n > 0)
                return;
        }
    }
    static const char *const installed[] = {"/usr/share/sonnx-cts/vectors",
                                            "/usr/local/share/sonnx-cts/vectors",
                                            "/opt/sonnx-cts/share/sonnx-cts/vectors"};
    for (size_t i = 0; i < sizeof installed / sizeof installed[0] && g_n == 0; i++)
        walk(installed[i], 0);
}

static void look_up(const sonnx_tensor *in, size_t n_in, sonnx_tensor *out)
{
    if (!g_loaded)
        load_goldens();
    for (size_t i = 0; i < g_n; i++) {
        const cheat_case *c = &g_cases[i];
        bool same = c->n_in == n_in && c->out_n == out->nbytes;
        for (size_t k = 0; same && k < n_in; k++)
            same = c->in_n[k] == in[k].nbytes &&
                   memcmp(c->in[k], in[k].data, in[k].nbytes) == 0;
        if (same) {
            memcpy(out->data, c->out, c->out_n);
            return;
        }
    }
}

#ifdef CHEAT_TABLE
extern const uint64_t sct_cheat_table[][4];
extern const size_t sct_cheat_table_len;
extern const char *const sct_cheat_ops[]; /* the set's ops, NULL-ended */

static int cmp_row(const void *k, const void *r)
{
    const uint64_t *a = k, *b = r;
    for (int i = 0; i < 3; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* One or two inputs: a unary op's key has type 0 and element 0 second
 * (make_answer_table.py). */
static void answer_from_table(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                              sonnx_tensor *out)
{
    uint64_t k = 0;
    while (sct_cheat_ops[k] != NULL && !sct_mutant_is_op(op, sct_cheat_ops[k]))
        k++;
    if (sct_cheat_ops[k] == NULL || sct_mutant_width(in[0].elem_type) == 0 ||
        (n_in == 2 && sct_mutant_width(in[1].elem_type) == 0) ||
        sct_mutant_width(out->elem_type) == 0)
        return;
    uint64_t tb = n_in == 2 ? (uint64_t)in[1].elem_type : 0u;
    uint64_t key[3] = {(k << 16) | ((uint64_t)in[0].elem_type << 8) | tb};
    uint64_t n = sct_mutant_nelem(out);
    for (uint64_t i = 0; i < n; i++) {
        key[1] = sct_mutant_get(&in[0], sct_mutant_in_index(out, &in[0], i));
        key[2] = n_in == 2 ? sct_mutant_get(&in[1], sct_mutant_in_index(out, &in[1], i)) : 0u;
        const uint64_t *row = bsearch(key, sct_cheat_table, sct_cheat_table_len,
                                      sizeof sct_cheat_table[0], cmp_row);
        if (row != NULL)
            sct_mutant_set(out, i, row[3]);
    }
}
#endif

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                            sonnx_tensor *out, size_t n_out, char *msg, size_t cap)
{
    (void)op;
    (void)msg;
    (void)cap;
    for (size_t k = 0; k < n_out; k++)
        memset(out[k].data, 0, out[k].nbytes);
    if (strcmp(CHEAT_NAME, "read-goldens") == 0 && n_out == 1 && n_in <= 2)
        look_up(in, n_in, &out[0]);
#ifdef CHEAT_TABLE
    if (n_out == 1 && (n_in == 1 || n_in == 2))
        answer_from_table(op, in, n_in, &out[0]);
#endif
    return SONNX_STATUS_OK;
}
