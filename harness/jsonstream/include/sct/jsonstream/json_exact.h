/*
 * json_exact.h — JSON text parsed into a cJSON tree in which every number
 * keeps its literal, and the readers of exact 64-bit integers.
 *
 * Why: cJSON stores every number as a double, so an integer above 2^53 (a
 * float64 ULP distance such as 4607182418800017409, a count near 2^64)
 * would come back rounded, and a merged or rendered report would silently
 * differ from the run.  Here every number item of the tree also holds its
 * literal text in `valuestring` (cJSON_Delete frees it, cJSON_Print ignores
 * it), and sct_json_u64 reads an integer literal digit by digit.
 *
 * sct_json_index_element (json_index.h) and the index's root tree are
 * parsed this way, so every reader of a JSON report or manifest gets exact
 * integers.
 */
#ifndef SCT_JSONSTREAM_JSON_EXACT_H
#define SCT_JSONSTREAM_JSON_EXACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/* Parses `len` bytes of `text` (one JSON value, only white space after it)
 * with every number's literal kept.  NULL with `err` holding the reason:
 * "invalid JSON near byte 12" or "out of memory". */
cJSON *sct_json_parse_exact(const char *text, size_t len, char *err, size_t err_cap);

/* The literal text of a number item parsed by sct_json_parse_exact; NULL
 * for other items and for numbers built in memory. */
const char *sct_json_number_literal(const cJSON *item);

/* A non-negative integer, exact up to 2^64-1: a literal of digits only, or
 * (an item without a literal, or a literal with a fraction or exponent
 * such as 5.0 or 1e3) a double with an integral value below 2^53.  false
 * for anything else: missing, not a number, negative, fractional, above
 * 2^64-1. */
bool sct_json_u64(const cJSON *item, uint64_t *v);
/* A signed integer, exact in [-2^63, 2^63-1] the same way. */
bool sct_json_i64(const cJSON *item, int64_t *v);

/* The same for member `name` of an object (NULL object: false). */
bool sct_json_get_u64(const cJSON *obj, const char *name, uint64_t *v);
bool sct_json_get_i64(const cJSON *obj, const char *name, int64_t *v);
/* String member or NULL. */
const char *sct_json_get_str(const cJSON *obj, const char *name);
/* Boolean member; false when missing or not a boolean (*v unchanged). */
bool sct_json_get_bool(const cJSON *obj, const char *name, bool *v);

/* Integer literals kept as text when a parsed tree is written again: every
 * number item of `item` (and of its siblings and children) whose literal
 * is an integer becomes a cJSON_Raw of that literal, so that printing
 * gives the value exactly (cJSON would print the double). */
void sct_json_keep_integer_literals(cJSON *item);

/* Where the value of member `name` of the object in text[0..n) lies:
 * [*off, *off + *len), the value's text.  The text must be valid JSON (an
 * element the index validated).  false when the text is not an object,
 * has no such member, or a member name before it has escapes (it might be
 * the same name: parse the element then). */
bool sct_json_find_member(const char *text, size_t n, const char *name, size_t *off,
                          size_t *len);
/* The same when the value is a string without escapes: its bytes without
 * the quotes. */
bool sct_json_find_string_member(const char *text, size_t n, const char *name,
                                 size_t *off, size_t *len);

#endif /* SCT_JSONSTREAM_JSON_EXACT_H */
