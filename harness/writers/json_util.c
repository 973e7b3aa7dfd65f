/*
 * json_util.c — cJSON helpers (json_util.h).
 */
#include "sct/writers/json_util.h"

#include "sct/text/atomic_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool sct_json_add_u64(cJSON *obj, const char *name, uint64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    return cJSON_AddRawToObject(obj, name, buf) != NULL;
}

bool sct_json_add_i64(cJSON *obj, const char *name, int64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRId64, v);
    return cJSON_AddRawToObject(obj, name, buf) != NULL;
}

bool sct_json_add_item(cJSON *obj, const char *name, cJSON *item)
{
    /* cJSON_AddItemToObject() leaves `item` with the caller when it fails. */
    if (obj != NULL && item != NULL && cJSON_AddItemToObject(obj, name, item))
        return true;
    cJSON_Delete(item);
    return false;
}

bool sct_json_append(cJSON *arr, cJSON *item)
{
    if (arr != NULL && item != NULL && cJSON_AddItemToArray(arr, item))
        return true;
    cJSON_Delete(item);
    return false;
}

bool sct_json_add_str(cJSON *obj, const char *name, const char *s)
{
    return cJSON_AddStringToObject(obj, name, s ? s : "") != NULL;
}

int sct_json_write_file(const char *path, const cJSON *root, char *err,
                        size_t err_cap)
{
    char *text = cJSON_Print(root);
    if (text == NULL) {
        snprintf(err, err_cap, "%s: out of memory while formatting JSON", path);
        return 1;
    }
    sct_atomic_file a; /* whole or not at all (atomic_file.h) */
    FILE *f = sct_atomic_open(&a, path, err, err_cap);
    if (f == NULL) {
        free(text);
        return 1;
    }
    fputs(text, f);
    fputc('\n', f);
    free(text);
    return sct_atomic_commit(&a, err, err_cap);
}

/* `s` (a printed item) with `indent` tabs after every newline: cJSON
 * prints the array elements of a member of the root at that depth, and
 * newlines inside strings are escaped, so every raw '\n' is layout. */
static void put_indented(FILE *f, const char *s, size_t indent)
{
    static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
    if (indent > sizeof tabs - 1)
        indent = sizeof tabs - 1;
    for (const char *nl; (nl = strchr(s, '\n')) != NULL; s = nl + 1) {
        fwrite(s, 1, (size_t)(nl - s) + 1, f);
        fwrite(tabs, 1, indent, f);
    }
    fputs(s, f);
}

int sct_json_write_streamed(const char *path, const cJSON *root, size_t n_items,
                            sct_json_item_fn make, void *user, char *err,
                            size_t err_cap)
{
    char *text = cJSON_Print(root);
    if (text == NULL) {
        snprintf(err, err_cap, "%s: out of memory while formatting JSON", path);
        return 1;
    }
    char *mark = strchr(text, SCT_JSON_STREAM_MARK[0]);
    if (mark == NULL) {
        snprintf(err, err_cap, "%s: internal error: no stream placeholder", path);
        cJSON_free(text);
        return 1;
    }
    /* Depth of the placeholder's member: the tabs starting its line. */
    const char *line = mark;
    while (line > text && line[-1] != '\n')
        line--;
    size_t indent = strspn(line, "\t") + 1;
    sct_atomic_file a; /* whole or not at all (atomic_file.h) */
    FILE *f = sct_atomic_open(&a, path, err, err_cap);
    if (f == NULL) {
        cJSON_free(text);
        return 1;
    }
    int rc = 0;
    fwrite(text, 1, (size_t)(mark - text), f);
    fputc('[', f);
    for (size_t i = 0; i < n_items && rc == 0; i++) {
        cJSON *item = make(user, i, err, err_cap);
        if (item == NULL) {
            rc = 1;
            break;
        }
        char *s = cJSON_Print(item);
        cJSON_Delete(item);
        if (s == NULL) {
            snprintf(err, err_cap, "%s: out of memory while formatting JSON", path);
            rc = 1;
            break;
        }
        if (i > 0)
            fputs(", ", f);
        put_indented(f, s, indent);
        cJSON_free(s);
    }
    if (rc == 0) {
        fputc(']', f);
        fputs(mark + 1, f);
        fputc('\n', f); /* a write error: sct_atomic_commit says why */
    }
    cJSON_free(text);
    if (rc != 0) {
        sct_atomic_abort(&a);
        return 1;
    }
    return sct_atomic_commit(&a, err, err_cap);
}

cJSON *sct_json_read_file(const char *path, char *err, size_t err_cap)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_cap, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf != NULL) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        cap *= 2;
        char *nb = realloc(buf, cap + 1);
        if (nb == NULL) {
            free(buf);
            buf = NULL;
        }
        buf = nb;
    }
    bool read_error = ferror(f) != 0;
    fclose(f);
    if (buf == NULL || read_error) {
        snprintf(err, err_cap, "%s: %s", path, buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    /* jsonstream's parser: integers keep their literals, so counts and ULP
     * distances above 2^53 come back exact (sct_json_get_u64). */
    char why[256];
    cJSON *root = sct_json_parse_exact(buf, n, why, sizeof why);
    if (root == NULL)
        snprintf(err, err_cap, "%s: not valid JSON: %s", path, why);
    free(buf);
    return root;
}
