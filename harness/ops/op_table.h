/* op_table.h — the generated table behind op_registry.h (private). */
#ifndef SCT_OPS_OP_TABLE_H
#define SCT_OPS_OP_TABLE_H

#include "sct/ops/op_registry.h"
#include "sonnx_cts/plugin.h"

extern const sct_op_entry sct_op_table[];
extern const size_t sct_op_table_len;

#endif
