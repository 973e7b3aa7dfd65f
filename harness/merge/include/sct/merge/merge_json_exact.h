/*
 * merge_json_exact.h — reading a JSON report without losing 64-bit
 * integers.  cJSON parses every number into a double, so an integer above
 * 2^53 (a float64 ULP distance, e.g. 4607182418800017409) would come back
 * rounded, and a merged report would silently differ from the unsharded
 * one.  Before parsing, every integer literal of 16 or more digits is turned
 * into a marked string ("\u0001u64:<digits>"); sct_jx_get_u64 reads both
 * forms exactly.  Used by the merge reader and by the HTML/Markdown loader.
 */
#ifndef SCT_REPORT_MERGE_JSON_EXACT_H
#define SCT_REPORT_MERGE_JSON_EXACT_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/* Parses `text` with big integers kept exact.  NULL with `err` (the
 * reason, and for a syntax error the byte offset). */
cJSON *sct_jx_parse(const char *text, char *err, size_t err_cap);

/* Element i of an array indexed by json_index.h, parsed with big integers
 * kept exact (sct_json_index_element parses with cJSON alone, which rounds
 * them): read with pread, checked against the span's FNV-1a hash (a file
 * changed since it was indexed is reported), parsed as sct_jx_parse.  NULL
 * with `err` holding the reason only. */
struct sct_json_index;
cJSON *sct_jx_index_element(const struct sct_json_index *ix, size_t i, char *err,
                            size_t err_cap);

/* A non-negative integer member, exact; false when missing or not an
 * integer. */
bool sct_jx_get_u64(const cJSON *obj, const char *name, uint64_t *v);
/* The same for an item (array element). */
bool sct_jx_item_u64(const cJSON *item, uint64_t *v);
/* Signed integer member (|v| < 2^53 as all signed fields of the schema). */
bool sct_jx_get_i64(const cJSON *obj, const char *name, int64_t *v);
/* String member or NULL. */
const char *sct_jx_get_str(const cJSON *obj, const char *name);
/* Boolean member; false when missing. */
bool sct_jx_get_bool(const cJSON *obj, const char *name, bool *v);

#endif /* SCT_REPORT_MERGE_JSON_EXACT_H */
