/*
 * json_index.c — see json_index.h.
 *
 * One pass over the file in fixed-size chunks: a recursive-descent
 * validator of RFC 8259 (grammar of §2-§7: values, objects, arrays,
 * numbers, strings with their escapes, literals; only whitespace after the
 * root value).  While it runs, every byte outside the indexed array's
 * elements is copied into `root_text` (with "[]" standing for the array),
 * and each element's offset, length and FNV-1a hash are recorded.  The copy
 * is then parsed by cJSON: it holds the small members (format_version,
 * summary, groups ...), never the cases.
 *
 * Limits: the nesting depth limit is cJSON's (CJSON_NESTING_LIMIT), so a
 * file accepted here is also one cJSON accepts element by element.  The
 * validator is stricter than cJSON where RFC 8259 is (control characters in
 * strings, leading zeros, a byte order mark): such files were never valid
 * JSON, and a conformance tool should not read them as if they were.
 */
#include "sct/jsonstream/json_index.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sct/jsonstream/json_exact.h"

#define CHUNK 65536u
#define KEY_MAX 256u /* longer keys cannot be the indexed member's name */
#define LOC_MAX 1024u /* longer locations cannot be an indexed array's */

static const uint64_t fnv_offset = 0xcbf29ce484222325ull;
static const uint64_t fnv_prime = 0x100000001b3ull;

static uint64_t fnv1a_update(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= fnv_prime;
    }
    return h;
}

typedef struct scanner {
    int fd;
    unsigned char buf[CHUNK];
    size_t len, pos;          /* bytes in buf, next unread byte */
    uint64_t offset;          /* file offset of buf[pos] */
    uint64_t line, column;    /* of buf[pos], 1-based */
    bool eof, io_error;
    int io_errno;
    uint64_t max_bytes;
    sct_json_bytes_fn on_bytes;
    void *user;
    /* Copy of everything outside the indexed elements. */
    char *root_text;
    size_t root_len, root_cap;
    bool copying;
    /* Hash of the element being scanned. */
    bool hashing;
    uint64_t hash;
    /* Where the arrays to index may be (patterns), and those found. */
    const char *const *patterns;
    size_t n_patterns;
    sct_json_array *arrays;
    size_t n_arrays;
    uint64_t max_element_bytes;
    sct_json_span *spans;
    size_t n_spans, cap_spans;
    /* First error (reason text); later ones are ignored. */
    bool failed;
    char *err;
    size_t err_cap;
} scanner;

static bool fail(scanner *s, const char *fmt, ...)
{
    if (s->failed)
        return false;
    s->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, s->err_cap, fmt, ap);
    va_end(ap);
    return false;
}

/* A syntax error at the current position. */
static bool syntax(scanner *s, const char *what)
{
    if (s->io_error)
        return fail(s, "cannot read: %s", strerror(s->io_errno));
    return fail(s, "invalid JSON at line %llu, column %llu (byte %llu): %s",
                (unsigned long long)s->line, (unsigned long long)s->column,
                (unsigned long long)s->offset, what);
}

static void refill(scanner *s)
{
    if (s->eof || s->io_error)
        return;
    ssize_t n;
    do {
        n = read(s->fd, s->buf, CHUNK);
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        s->io_error = true;
        s->io_errno = errno;
        return;
    }
    if (n == 0) {
        s->eof = true;
        return;
    }
    s->len = (size_t)n;
    s->pos = 0;
    if (s->offset + (uint64_t)n > s->max_bytes) {
        s->io_error = true;
        s->io_errno = EFBIG;
        return;
    }
    if (s->on_bytes != NULL)
        s->on_bytes(s->user, s->buf, (size_t)n);
}

/* The next byte, or -1 at the end of the file (or on a read error). */
static int peek(scanner *s)
{
    if (s->pos == s->len)
        refill(s);
    if (s->pos == s->len)
        return -1;
    return s->buf[s->pos];
}

static bool root_append(scanner *s, const char *p, size_t n)
{
    if (s->root_len + n + 1 > s->root_cap) {
        size_t cap = s->root_cap ? s->root_cap : 4096;
        while (cap < s->root_len + n + 1)
            cap *= 2;
        char *t = realloc(s->root_text, cap);
        if (t == NULL)
            return fail(s, "out of memory");
        s->root_text = t;
        s->root_cap = cap;
    }
    memcpy(s->root_text + s->root_len, p, n);
    s->root_len += n;
    s->root_text[s->root_len] = '\0';
    return true;
}

/* Consumes the byte peek() returned. */
static void advance(scanner *s)
{
    unsigned char c = s->buf[s->pos++];
    if (s->copying)
        root_append(s, (const char *)&c, 1);
    if (s->hashing)
        s->hash = fnv1a_update(s->hash, &c, 1);
    s->offset++;
    if (c == '\n') {
        s->line++;
        s->column = 1;
    } else {
        s->column++;
    }
}

static void skip_ws(scanner *s)
{
    for (;;) {
        int c = peek(s);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return;
        advance(s);
    }
}

static bool expect_literal(scanner *s, const char *lit)
{
    for (const char *p = lit; *p; p++) {
        if (peek(s) != (unsigned char)*p)
            return syntax(s, "invalid literal (expected true, false or null)");
        advance(s);
    }
    return true;
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

static bool digits(scanner *s, const char *what)
{
    if (!is_digit(peek(s)))
        return syntax(s, what);
    while (is_digit(peek(s)))
        advance(s);
    return true;
}

/* RFC 8259 §6: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)? */
static bool scan_number(scanner *s)
{
    if (peek(s) == '-')
        advance(s);
    if (peek(s) == '0') {
        advance(s);
        if (is_digit(peek(s)))
            return syntax(s, "leading zero in a number");
    } else if (!digits(s, "expected a digit")) {
        return false;
    }
    if (peek(s) == '.') {
        advance(s);
        if (!digits(s, "expected a digit after the decimal point"))
            return false;
    }
    if (peek(s) == 'e' || peek(s) == 'E') {
        advance(s);
        if (peek(s) == '+' || peek(s) == '-')
            advance(s);
        if (!digits(s, "expected a digit in the exponent"))
            return false;
    }
    return true;
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void key_put_byte(char *key, size_t *klen, bool *too_long, unsigned char b)
{
    if (*klen + 1 >= KEY_MAX) {
        *too_long = true;
        return;
    }
    key[(*klen)++] = (char)b;
    key[*klen] = '\0';
}

static void key_put(char *key, size_t *klen, bool *too_long, unsigned cp)
{
    /* UTF-8 encoding of one code point (RFC 3629); the key buffer only
     * serves the comparison with the member name. */
    unsigned char b[4];
    size_t n;
    if (cp < 0x80) { b[0] = (unsigned char)cp; n = 1; }
    else if (cp < 0x800) { b[0] = (unsigned char)(0xc0 | (cp >> 6)); b[1] = (unsigned char)(0x80 | (cp & 0x3f)); n = 2; }
    else if (cp < 0x10000) { b[0] = (unsigned char)(0xe0 | (cp >> 12)); b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f)); b[2] = (unsigned char)(0x80 | (cp & 0x3f)); n = 3; }
    else { b[0] = (unsigned char)(0xf0 | (cp >> 18)); b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f)); b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f)); b[3] = (unsigned char)(0x80 | (cp & 0x3f)); n = 4; }
    if (*klen + n >= KEY_MAX) {
        *too_long = true;
        return;
    }
    memcpy(key + *klen, b, n);
    *klen += n;
    key[*klen] = '\0';
}

static bool scan_hex4(scanner *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_value(peek(s));
        if (h < 0)
            return syntax(s, "expected 4 hexadecimal digits after \\u");
        advance(s);
        v = v * 16u + (unsigned)h;
    }
    *out = v;
    return true;
}

/* RFC 8259 §7.  When `key` is non-NULL the decoded text is stored there
 * (KEY_MAX bytes, `*too_long` when it did not fit). */
static bool scan_string(scanner *s, char *key, bool *too_long)
{
    size_t klen = 0;
    if (key) {
        key[0] = '\0';
        *too_long = false;
    }
    advance(s); /* the opening quote */
    for (;;) {
        int c = peek(s);
        if (c < 0)
            return syntax(s, "unterminated string");
        if (c < 0x20)
            return syntax(s, "control character in a string (must be escaped)");
        advance(s);
        if (c == '"')
            return true;
        if (c != '\\') {
            if (key)
                key_put_byte(key, &klen, too_long, (unsigned char)c);
            continue;
        }
        int e = peek(s);
        unsigned cp;
        switch (e) {
        case '"': cp = '"'; break;
        case '\\': cp = '\\'; break;
        case '/': cp = '/'; break;
        case 'b': cp = '\b'; break;
        case 'f': cp = '\f'; break;
        case 'n': cp = '\n'; break;
        case 'r': cp = '\r'; break;
        case 't': cp = '\t'; break;
        case 'u': cp = 0; break;
        default:
            return syntax(s, "invalid escape in a string");
        }
        advance(s);
        if (e == 'u' && !scan_hex4(s, &cp))
            return false;
        if (e == 'u' && cp >= 0xd800 && cp < 0xdc00 && peek(s) == '\\') {
            /* A surrogate pair (§7) for the key comparison. */
            advance(s);
            if (peek(s) != 'u')
                return syntax(s, "invalid escape in a string");
            advance(s);
            unsigned lo;
            if (!scan_hex4(s, &lo))
                return false;
            if (lo >= 0xdc00 && lo < 0xe000)
                cp = 0x10000u + ((cp - 0xd800u) << 10) + (lo - 0xdc00u);
        }
        if (key)
            key_put(key, &klen, too_long, cp);
    }
}

static bool scan_value(scanner *s, int depth, const char *loc);

/* How the location `loc` ("runs.sonnx.cases") stands to the patterns
 * ("runs.*.cases": "*" is any one member name): 2 it is one, 1 it leads to
 * one (a proper prefix), 0 neither. */
static int match_loc(const scanner *s, const char *loc)
{
    int best = 0;
    for (size_t k = 0; k < s->n_patterns; k++) {
        const char *p = s->patterns[k], *l = loc;
        for (;;) {
            size_t pn = strcspn(p, "."), ln = strcspn(l, ".");
            if (!((pn == 1 && p[0] == '*') || (pn == ln && memcmp(p, l, ln) == 0)))
                break;
            p += pn;
            l += ln;
            if (*l == '\0') {
                if (*p == '\0')
                    return 2;
                best = 1;
                break;
            }
            if (*p == '\0')
                break;
            p++;
            l++;
        }
    }
    return best;
}

/* The array at `loc` was indexed already (a repeated member name: only
 * the first is, as cJSON's lookup finds the first). */
static bool loc_indexed(const scanner *s, const char *loc)
{
    for (size_t k = 0; k < s->n_arrays; k++)
        if (strcmp(s->arrays[k].where, loc) == 0)
            return true;
    return false;
}

static bool add_array(scanner *s, const char *loc)
{
    sct_json_array *t = realloc(s->arrays, (s->n_arrays + 1) * sizeof *t);
    char *where = strdup(loc);
    if (t != NULL)
        s->arrays = t;
    if (t == NULL || where == NULL) {
        free(where);
        return fail(s, "out of memory");
    }
    s->arrays[s->n_arrays++] = (sct_json_array){where, s->n_spans, 0};
    return true;
}

static bool add_span(scanner *s, uint64_t start)
{
    uint64_t length = s->offset - start;
    sct_json_array *a = &s->arrays[s->n_arrays - 1];
    if (length > s->max_element_bytes)
        return fail(s, "element %zu of \"%s\" (line %llu) is %llu bytes, above the limit of %llu",
                    a->n, a->where, (unsigned long long)s->line,
                    (unsigned long long)length, (unsigned long long)s->max_element_bytes);
    if (s->n_spans == s->cap_spans) {
        size_t cap = s->cap_spans ? s->cap_spans * 2 : 256;
        sct_json_span *t = realloc(s->spans, cap * sizeof *t);
        if (t == NULL)
            return fail(s, "out of memory");
        s->spans = t;
        s->cap_spans = cap;
    }
    s->spans[s->n_spans++] = (sct_json_span){start, length, s->hash};
    a->n++;
    return true;
}

/* The indexed array: elements validated and recorded, not copied. */
static bool scan_indexed_array(scanner *s, int depth)
{
    advance(s); /* '[' (copied) */
    if (!root_append(s, "]", 1))
        return false;
    s->copying = false;
    skip_ws(s);
    if (peek(s) == ']') {
        advance(s);
        s->copying = true;
        return true;
    }
    for (;;) {
        skip_ws(s);
        uint64_t start = s->offset;
        s->hashing = true;
        s->hash = fnv_offset;
        bool ok = scan_value(s, depth + 1, NULL);
        s->hashing = false;
        if (!ok || !add_span(s, start))
            return false;
        skip_ws(s);
        int c = peek(s);
        if (c == ']') {
            advance(s);
            s->copying = true;
            return true;
        }
        if (c != ',')
            return syntax(s, "expected ',' or ']' after an array element");
        advance(s);
    }
}

static bool scan_array(scanner *s, int depth)
{
    advance(s); /* '[' */
    skip_ws(s);
    if (peek(s) == ']') {
        advance(s);
        return true;
    }
    for (;;) {
        if (!scan_value(s, depth + 1, NULL))
            return false;
        skip_ws(s);
        int c = peek(s);
        if (c == ']') {
            advance(s);
            return true;
        }
        if (c != ',')
            return syntax(s, "expected ',' or ']' after an array element");
        advance(s);
        skip_ws(s);
    }
}

/* `loc`: where this object is, when that may lead to an indexed array
 * ("" for the root), else NULL. */
static bool scan_object(scanner *s, int depth, const char *loc)
{
    advance(s); /* '{' */
    skip_ws(s);
    if (peek(s) == '}') {
        advance(s);
        return true;
    }
    for (;;) {
        if (peek(s) != '"')
            return syntax(s, "expected a string as object member name");
        char key[KEY_MAX];
        bool too_long = false;
        if (!scan_string(s, loc ? key : NULL, &too_long))
            return false;
        skip_ws(s);
        if (peek(s) != ':')
            return syntax(s, "expected ':' after an object member name");
        advance(s);
        skip_ws(s);
        /* The member's location, when it may be or lead to an array to
         * index (names with a '.' cannot: the patterns are dotted). */
        char child[LOC_MAX];
        int match = 0;
        size_t ll = loc ? strlen(loc) : 0, kl = loc ? strlen(key) : 0;
        if (loc != NULL && !too_long && strchr(key, '.') == NULL &&
            ll + kl + 2 <= sizeof child) {
            memcpy(child, loc, ll);
            if (ll > 0)
                child[ll++] = '.';
            memcpy(child + ll, key, kl + 1);
            match = match_loc(s, child);
        }
        int c0 = peek(s);
        if (match == 2 && c0 == '[' && !loc_indexed(s, child)) {
            if (depth + 1 >= CJSON_NESTING_LIMIT)
                return syntax(s, "nesting too deep");
            if (!add_array(s, child) || !scan_indexed_array(s, depth + 1))
                return false;
        } else if (!scan_value(s, depth + 1, match == 1 && c0 == '{' ? child : NULL)) {
            return false;
        }
        skip_ws(s);
        int c = peek(s);
        if (c == '}') {
            advance(s);
            return true;
        }
        if (c != ',')
            return syntax(s, "expected ',' or '}' after an object member");
        advance(s);
        skip_ws(s);
    }
}

static bool scan_value(scanner *s, int depth, const char *loc)
{
    if (s->failed)
        return false;
    skip_ws(s);
    int c = peek(s);
    /* cJSON refuses an array or object entered at depth >= its limit. */
    if ((c == '{' || c == '[') && depth >= CJSON_NESTING_LIMIT)
        return syntax(s, "nesting too deep");
    switch (c) {
    case '{': return scan_object(s, depth, loc);
    case '[': return scan_array(s, depth);
    case '"': return scan_string(s, NULL, NULL);
    case 't': return expect_literal(s, "true");
    case 'f': return expect_literal(s, "false");
    case 'n': return expect_literal(s, "null");
    case -1: return syntax(s, "unexpected end of file (expected a value)");
    default:
        if (c == '-' || is_digit(c))
            return scan_number(s);
        return syntax(s, "expected a value");
    }
}

static int open_checked(const char *path, uint64_t max_bytes, uint64_t *size, char *err,
                        size_t err_cap)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, err_cap, "cannot open: %s", strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, err_cap, "not a regular file");
        close(fd);
        return -1;
    }
    if ((uint64_t)st.st_size > max_bytes) {
        snprintf(err, err_cap, "file is %llu bytes, above the limit of %llu",
                 (unsigned long long)st.st_size, (unsigned long long)max_bytes);
        close(fd);
        return -1;
    }
    *size = (uint64_t)st.st_size;
    return fd;
}

int sct_json_index_file(const char *path, const char *array_member, uint64_t max_bytes,
                        uint64_t max_element_bytes, sct_json_bytes_fn on_bytes, void *user,
                        sct_json_index *out, char *err, size_t err_cap)
{
    const char *patterns[1] = {array_member};
    return sct_json_index_file_paths(path, patterns, 1, max_bytes, max_element_bytes,
                                     on_bytes, user, out, err, err_cap);
}

static void free_arrays(sct_json_array *a, size_t n)
{
    for (size_t k = 0; k < n; k++)
        free(a[k].where);
    free(a);
}

int sct_json_index_file_paths(const char *path, const char *const *patterns,
                              size_t n_patterns, uint64_t max_bytes,
                              uint64_t max_element_bytes, sct_json_bytes_fn on_bytes,
                              void *user, sct_json_index *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    out->fd = -1;
    uint64_t size = 0;
    int fd = open_checked(path, max_bytes, &size, err, err_cap);
    if (fd < 0)
        return -1;
    scanner *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(err, err_cap, "out of memory");
        close(fd);
        return -1;
    }
    s->fd = fd;
    s->line = s->column = 1;
    s->max_bytes = max_bytes;
    s->on_bytes = on_bytes;
    s->user = user;
    s->copying = true;
    s->patterns = patterns;
    s->n_patterns = n_patterns;
    s->max_element_bytes = max_element_bytes;
    s->err = err;
    s->err_cap = err_cap;

    bool ok = scan_value(s, 0, "");
    if (ok) {
        skip_ws(s);
        if (peek(s) != -1)
            ok = syntax(s, "unexpected text after the JSON value");
        else if (s->io_error)
            ok = s->io_errno == EFBIG
                     ? fail(s, "file grew above the limit of %llu bytes while being read",
                            (unsigned long long)max_bytes)
                     : syntax(s, "");
    }
    if (ok && s->failed)
        ok = false; /* an allocation failed while copying */
    if (ok) {
        /* Numbers keep their literals (json_exact.h): a count or ULP
         * distance above 2^53 in the root reads exactly. */
        char why[64];
        out->root = sct_json_parse_exact(s->root_text, s->root_len, why, sizeof why);
        if (out->root == NULL)
            ok = fail(s, "out of memory");
    }
    free(s->root_text);
    if (!ok) {
        free(s->spans);
        free_arrays(s->arrays, s->n_arrays);
        cJSON_Delete(out->root);
        out->root = NULL;
        close(fd);
        free(s);
        return -1;
    }
    out->has_array = s->n_arrays > 0;
    out->arrays = s->arrays;
    out->n_arrays = s->n_arrays;
    out->spans = s->spans;
    out->n_spans = s->n_spans;
    out->file_size = s->offset;
    out->fd = fd;
    free(s);
    return 0;
}

uint64_t sct_json_fnv1a(const void *bytes, size_t n)
{
    return fnv1a_update(fnv_offset, bytes, n);
}

uint64_t sct_json_fnv1a_str(const char *s)
{
    return s != NULL ? sct_json_fnv1a(s, strlen(s)) : fnv_offset;
}

int sct_json_index_read(const sct_json_index *ix, uint64_t offset, uint64_t n, void *buf,
                        char *err, size_t err_cap)
{
    uint64_t got = 0;
    while (got < n) {
        ssize_t r = pread(ix->fd, (char *)buf + got, (size_t)(n - got), (off_t)(offset + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r < 0)
                snprintf(err, err_cap, "cannot read: %s", strerror(errno));
            else
                snprintf(err, err_cap, "the file was truncated during the run");
            return r < 0 ? -1 : 1;
        }
        got += (uint64_t)r;
    }
    return 0;
}

char *sct_json_index_element_text(const sct_json_index *ix, size_t i, char *err,
                                  size_t err_cap)
{
    if (ix == NULL || ix->fd < 0 || i >= ix->n_spans) {
        snprintf(err, err_cap, "element %zu does not exist", i);
        return NULL;
    }
    const sct_json_span *sp = &ix->spans[i];
    char *buf = sp->length < SIZE_MAX ? malloc((size_t)sp->length + 1) : NULL;
    if (buf == NULL) {
        snprintf(err, err_cap, "out of memory");
        return NULL;
    }
    char why[200];
    int rc = sct_json_index_read(ix, sp->offset, sp->length, buf, why, sizeof why);
    if (rc != 0) {
        if (rc > 0)
            snprintf(err, err_cap, "element %zu changed since the file was indexed (%s)", i, why);
        else
            snprintf(err, err_cap, "element %zu: %s", i, why);
        free(buf);
        return NULL;
    }
    if (sct_json_fnv1a(buf, (size_t)sp->length) != sp->fnv1a) {
        snprintf(err, err_cap,
                 "element %zu changed since the file was indexed (the file was modified "
                 "during the run)", i);
        free(buf);
        return NULL;
    }
    buf[sp->length] = '\0';
    return buf;
}

cJSON *sct_json_index_element(const sct_json_index *ix, size_t i, char *err, size_t err_cap)
{
    char *buf = sct_json_index_element_text(ix, i, err, err_cap);
    if (buf == NULL)
        return NULL;
    /* Validated while indexing and checked against its hash: only memory
     * can fail here.  Numbers keep their literals (json_exact.h). */
    char why[64];
    cJSON *item = sct_json_parse_exact(buf, (size_t)ix->spans[i].length, why, sizeof why);
    free(buf);
    if (item == NULL)
        snprintf(err, err_cap, "out of memory");
    return item;
}

void sct_json_index_free(sct_json_index *ix)
{
    if (ix == NULL)
        return;
    cJSON_Delete(ix->root);
    free(ix->spans);
    free_arrays(ix->arrays, ix->n_arrays);
    if (ix->fd >= 0)
        close(ix->fd);
    memset(ix, 0, sizeof *ix);
    ix->fd = -1;
}
