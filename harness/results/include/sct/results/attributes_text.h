/*
 * attributes_text.h — a case's attributes as its report record keeps them:
 * the JSON object text the report writes as the case's "attributes"
 * (docs/report-format.md), compact, members in the case's order, e.g.
 * {"fmod":1,"alpha":1.5,"direction":"LEFT","axes":[1,-2],"scales":[0.5]}.
 *
 * One text whatever the road: a run makes it from the case's attributes, a
 * report read back (merge, render) from the object it holds, and both give
 * the same bytes: integers as their exact decimal digits, floats as "%.9g"
 * of the float32 value (nine significant digits give any float32 back,
 * IEEE 754-2019 §5.12.2), strings escaped as cJSON escapes them.
 */
#ifndef SCT_RESULTS_ATTRIBUTES_TEXT_H
#define SCT_RESULTS_ATTRIBUTES_TEXT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "sonnx_cts/plugin.h"

/* The text of a[0 .. n) (owned, free()), or NULL when n == 0 or out of
 * memory (*oom set then). */
char *sct_attributes_text(const sonnx_attribute *a, size_t n, int *oom);

/* The same text from a report's "attributes" object (parsed with
 * sct_json_parse_exact: integer literals kept), or NULL with `why` when it
 * is not an object of integers, numbers, strings and arrays of those. */
char *sct_attributes_text_from_json(const cJSON *obj, char *why, size_t why_cap);

#endif
