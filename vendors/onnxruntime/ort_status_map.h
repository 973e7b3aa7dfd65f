/*
 * ort_status_map.h — how ORT's answers become sonnx statuses:
 *
 * At session creation (ORT looks for a kernel for the node's types):
 *   ORT_NOT_IMPLEMENTED, or "Could not find an implementation"  → UNSUPPORTED
 *   ORT_INVALID_ARGUMENT / ORT_FAIL / ORT_INVALID_GRAPH with
 *     "bound to different types" (ORT refuses mixed input types
 *     that the operator's type constraint forbids)             → INVALID_ARGUMENT
 *     another "Type Error" (a type ORT does not accept)         → UNSUPPORTED
 *   anything else (protobuf, engine, ...)                       → ERROR
 * At Run: every failure                                          → ERROR
 * ORT's own text is always kept in the message.
 */
#ifndef SCT_ORT_STATUS_MAP_H
#define SCT_ORT_STATUS_MAP_H

#include <stddef.h>

#include "ort_api.h"
#include "sonnx_cts/plugin.h"

/* Copies ORT's message for a non-NULL status, releases the status and
 * returns its error code. */
int sct_ort_take_status(const sct_ort_api *api, sct_ort_status st, char *msg,
                        size_t msg_cap);

/* Maps a failed CreateSessionFromArray. */
sonnx_status sct_ort_map_session_error(int ort_code, const char *ort_message);

/* Maps a failed Run. */
sonnx_status sct_ort_map_run_error(int ort_code, const char *ort_message);

/* "ONNX Runtime <stage> failed [ORT_NOT_IMPLEMENTED]: <ORT's message>",
 * truncated to `cap`. */
void sct_ort_format_error(char *out, size_t cap, const char *stage,
                          int ort_code, const char *ort_message);

#endif /* SCT_ORT_STATUS_MAP_H */
