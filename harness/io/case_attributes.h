/* case_attributes.h — a case entry's "attributes" (docs/vector-format.md),
 * parsed and checked against its op's declarations in the registry
 * (ops/operators.json "attributes"; private to harness/io).
 *
 * The declarations are a parameter, not looked up, so that the parser is
 * tested with a table of its own (harness/io/tests/test_case_attributes.c)
 * while no registered op declares an attribute. */
#ifndef SCT_IO_CASE_ATTRIBUTES_H
#define SCT_IO_CASE_ATTRIBUTES_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "sct/jsonstream/json_fields.h"
#include "sct/ops/op_registry.h"
#include "sonnx_cts/plugin.h"

/* Reads `attrs` (the entry's "attributes" member; NULL when the entry has
 * none) for op `op_type` declaring decls[0 .. n_decls), rd->where being the
 * case ("cases[3]").  Each problem in the loader's form, "<manifest>: field
 * cases[3].attributes.fmod: must be an integer (Mod declares 'fmod' an
 * int)": an attribute the op does not declare, a value of another JSON
 * type, an integer that is not exact in int64, a float beyond float32, a
 * string that is not UTF-8, a required attribute missing, a repeated key,
 * more than SCT_OP_MAX_ATTRIBUTES or more than SCT_OP_ATTR_BYTES of names
 * and values.  On 0, *out (owned: sct_case_attributes_free) holds *n_out
 * attributes in the declarations' order (NULL and 0 when none); on -1
 * nothing is kept and the message is in rd. */
int sct_case_attributes_parse(sct_json_reader *rd, const cJSON *attrs, const char *op_type,
                              const sct_op_attr_decl *decls, size_t n_decls,
                              sonnx_attribute **out, size_t *n_out);

/* Frees what sct_case_attributes_parse returned (names, strings, lists). */
void sct_case_attributes_free(sonnx_attribute *attrs, size_t n);

#endif
