/*
 * json_util.h — small cJSON helpers shared by the JSON report and the
 * baseline: exact 64-bit integers (cJSON numbers are doubles, so counts and
 * ULP distances are written as raw integer literals) and checked adds.
 */
#ifndef SCT_WRITERS_JSON_UTIL_H
#define SCT_WRITERS_JSON_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/* The readers (sct_json_get_u64, sct_json_get_str ...): exact integers of
 * a tree parsed by jsonstream. */
#include "sct/jsonstream/json_exact.h"

/* Adds `name`: integer literal with the exact value. */
bool sct_json_add_u64(cJSON *obj, const char *name, uint64_t v);
bool sct_json_add_i64(cJSON *obj, const char *name, int64_t v);
/* Adds `item` as member `name` of `obj` / appends it to array `arr`; when
 * that fails (NULL container or item, no memory for the key) the item is
 * deleted instead of leaked.  false when nothing was added. */
bool sct_json_add_item(cJSON *obj, const char *name, cJSON *item);
bool sct_json_append(cJSON *arr, cJSON *item);
/* Adds a string ("" for NULL). */
bool sct_json_add_str(cJSON *obj, const char *name, const char *s);
/* Writes `root` to `path` (pretty, trailing newline); 0 or non-zero with err. */
int sct_json_write_file(const char *path, const cJSON *root, char *err,
                        size_t err_cap);
/* Streaming write (memory flat in the number of cases).  `root`
 * holds, as the value of one member, the placeholder
 * cJSON_CreateRaw(SCT_JSON_STREAM_MARK); the file gets exactly the text
 * sct_json_write_file would write had that member been an array of the
 * n_items items make(user, i) for i = 0..n_items-1 — but each item is
 * built, printed and deleted in turn, so only one is in memory.  make
 * returns a new item, or NULL with err set (the write then fails).  On any
 * failure after the file was opened, a regular file is truncated to zero
 * bytes: a partial report must not pass for a whole one.  0 or non-zero
 * with err. */
#define SCT_JSON_STREAM_MARK "\001" /* printed strings escape control chars */
typedef cJSON *(*sct_json_item_fn)(void *user, size_t i, char *err, size_t err_cap);
int sct_json_write_streamed(const char *path, const cJSON *root, size_t n_items,
                            sct_json_item_fn make, void *user, char *err,
                            size_t err_cap);
/* Parses the file; NULL with err. */
cJSON *sct_json_read_file(const char *path, char *err, size_t err_cap);

#endif /* SCT_WRITERS_JSON_UTIL_H */
