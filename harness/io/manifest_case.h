/* manifest_case.h — one case entry of manifest.json, parsed and validated
 * (private to harness/io). */
#ifndef SCT_IO_MANIFEST_CASE_H
#define SCT_IO_MANIFEST_CASE_H

#include <cjson/cJSON.h>

#include "sct/jsonstream/json_fields.h"
#include "sct/model/case.h"

/* Fills c from the entry obj, read with rd (rd->where is "cases[i]"); every
 * problem in the loader's form, "<manifest>: field cases[3].opset: must be
 * an integer".  Returns 0, or -1 with the message in rd's buffer. */
int sct_manifest_parse_entry(sct_json_reader *rd, const cJSON *obj, sct_case *c);

#endif
