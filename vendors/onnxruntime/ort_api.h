/*
 * ort_api.h — the part of the ONNX Runtime C API that the adapter uses,
 * declared by us (no registry carries ORT's header; we do not copy
 * it).  ORT publishes its API as a struct of function pointers ("OrtApi")
 * returned by OrtGetApiBase()->GetApi(version).  Members are only ever
 * appended, so a member's zero-based position ("slot") is stable across
 * versions; we read the table as an array of function pointers and take
 * only the slots listed below (slot numbers re-counted
 * against the published header).
 *
 * Every ORT function here returns an OrtStatus* (NULL = success) unless
 * noted; a non-NULL status must be released with release_status.
 */
#ifndef SCT_ORT_API_H
#define SCT_ORT_API_H

#include <stddef.h>
#include <stdint.h>

/* Opaque ORT objects. */
typedef struct sct_ort_status_obj sct_ort_status_obj;   /* OrtStatus */
typedef struct sct_ort_env sct_ort_env;                 /* OrtEnv */
typedef struct sct_ort_session sct_ort_session;         /* OrtSession */
typedef struct sct_ort_session_options sct_ort_session_options;
typedef struct sct_ort_memory_info sct_ort_memory_info;
typedef struct sct_ort_value sct_ort_value;             /* OrtValue */
typedef struct sct_ort_tensor_info sct_ort_tensor_info; /* OrtTensorTypeAndShapeInfo */

/* OrtErrorCode values (enum, int-sized). */
enum {
    SCT_ORT_OK = 0,
    SCT_ORT_FAIL = 1,
    SCT_ORT_INVALID_ARGUMENT = 2,
    SCT_ORT_NO_SUCHFILE = 3,
    SCT_ORT_NO_MODEL = 4,
    SCT_ORT_ENGINE_ERROR = 5,
    SCT_ORT_RUNTIME_EXCEPTION = 6,
    SCT_ORT_INVALID_PROTOBUF = 7,
    SCT_ORT_MODEL_LOADED = 8,
    SCT_ORT_NOT_IMPLEMENTED = 9,
    SCT_ORT_INVALID_GRAPH = 10,
    SCT_ORT_EP_FAIL = 11
};

/* OrtLoggingLevel */
enum { SCT_ORT_LOG_WARNING = 2, SCT_ORT_LOG_ERROR = 3, SCT_ORT_LOG_FATAL = 4 };
/* GraphOptimizationLevel */
enum {
    SCT_ORT_GRAPH_OPT_DISABLE_ALL = 0,
    SCT_ORT_GRAPH_OPT_BASIC = 1,
    SCT_ORT_GRAPH_OPT_EXTENDED = 2,
    SCT_ORT_GRAPH_OPT_ALL = 99
};
/* OrtAllocatorType / OrtMemType */
enum { SCT_ORT_ARENA_ALLOCATOR = 1 };
enum { SCT_ORT_MEM_TYPE_DEFAULT = 0 };

/* The API version we ask GetApi for: ORT 1.30 serves API 30. */
#define SCT_ORT_API_VERSION 30u
/* The one ORT release this adapter certifies. */
#define SCT_ORT_EXPECTED_VERSION "1.30.0"

typedef sct_ort_status_obj *sct_ort_status;

/* The ORT functions the adapter uses, listed once: zero-based slot in the
 * OrtApi table, NAME (SCT_ORT_SLOT_<NAME>), our member, and the return and
 * parameter types as ORT documents them.  The list makes the slot enum and
 * the members of sct_ort_api below; ort_api.c reads the table and checks
 * it with the same list. */
#define SCT_ORT_API_SLOTS(X)                                                 \
    X(0, CREATE_STATUS, create_status, sct_ort_status,                      \
      (int code, const char *msg))                                           \
    X(1, GET_ERROR_CODE, get_error_code, int,                                \
      (const sct_ort_status_obj *status))                                    \
    X(2, GET_ERROR_MESSAGE, get_error_message, const char *,                 \
      (const sct_ort_status_obj *status))                                    \
    X(3, CREATE_ENV, create_env, sct_ort_status,                             \
      (int log_level, const char *logid, sct_ort_env **out))                 \
    X(8, CREATE_SESSION_FROM_ARRAY, create_session_from_array, sct_ort_status, \
      (const sct_ort_env *env, const void *model, size_t model_len,          \
       const sct_ort_session_options *options, sct_ort_session **out))       \
    X(9, RUN, run, sct_ort_status,                                           \
      (sct_ort_session *session, const void *run_options,                    \
       const char *const *input_names, const sct_ort_value *const *inputs,   \
       size_t n_inputs, const char *const *output_names, size_t n_outputs,   \
       sct_ort_value **outputs))                                             \
    X(10, CREATE_SESSION_OPTIONS, create_session_options, sct_ort_status,    \
      (sct_ort_session_options **out))                                       \
    X(23, SET_GRAPH_OPTIMIZATION_LEVEL, set_graph_optimization_level,        \
      sct_ort_status, (sct_ort_session_options *options, int level))         \
    X(24, SET_INTRA_OP_NUM_THREADS, set_intra_op_num_threads, sct_ort_status, \
      (sct_ort_session_options *options, int n))                             \
    X(49, CREATE_TENSOR_WITH_DATA, create_tensor_with_data, sct_ort_status,  \
      (const sct_ort_memory_info *info, void *data, size_t data_len,         \
       const int64_t *shape, size_t rank, int elem_type, sct_ort_value **out)) \
    X(51, GET_TENSOR_MUTABLE_DATA, get_tensor_mutable_data, sct_ort_status,  \
      (sct_ort_value *value, void **out))                                    \
    X(60, GET_TENSOR_ELEMENT_TYPE, get_tensor_element_type, sct_ort_status,  \
      (const sct_ort_tensor_info *info, int *out))                           \
    X(61, GET_DIMENSIONS_COUNT, get_dimensions_count, sct_ort_status,        \
      (const sct_ort_tensor_info *info, size_t *out))                        \
    X(62, GET_DIMENSIONS, get_dimensions, sct_ort_status,                    \
      (const sct_ort_tensor_info *info, int64_t *dims, size_t n_dims))       \
    X(65, GET_TENSOR_TYPE_AND_SHAPE, get_tensor_type_and_shape,              \
      sct_ort_status, (const sct_ort_value *value, sct_ort_tensor_info **out)) \
    X(69, CREATE_CPU_MEMORY_INFO, create_cpu_memory_info, sct_ort_status,    \
      (int allocator_type, int mem_type, sct_ort_memory_info **out))         \
    X(92, RELEASE_ENV, release_env, void, (sct_ort_env *))                   \
    X(93, RELEASE_STATUS, release_status, void, (sct_ort_status_obj *))      \
    X(94, RELEASE_MEMORY_INFO, release_memory_info, void,                    \
      (sct_ort_memory_info *))                                               \
    X(95, RELEASE_SESSION, release_session, void, (sct_ort_session *))       \
    X(96, RELEASE_VALUE, release_value, void, (sct_ort_value *))             \
    X(99, RELEASE_TENSOR_INFO, release_tensor_info, void,                    \
      (sct_ort_tensor_info *))                                               \
    X(100, RELEASE_SESSION_OPTIONS, release_session_options, void,           \
      (sct_ort_session_options *))                                           \
    X(130, ADD_SESSION_CONFIG_ENTRY, add_session_config_entry, sct_ort_status, \
      (sct_ort_session_options *options, const char *key, const char *value))

/* Slots (zero-based positions in the OrtApi table). */
#define SCT_ORT_SLOT_ENUM(slot, NAME, member, ret, params) SCT_ORT_SLOT_##NAME = slot,
enum sct_ort_slot {
    SCT_ORT_API_SLOTS(SCT_ORT_SLOT_ENUM)
    SCT_ORT_SLOT_COUNT_USED = 131 /* the table must have at least this many */
};
#undef SCT_ORT_SLOT_ENUM

/* The functions we use, typed as ORT documents them. */
#define SCT_ORT_API_MEMBER(slot, NAME, member, ret, params) ret (*member) params;
typedef struct sct_ort_api {
    void *dl_handle;                 /* dlopen() handle of libonnxruntime */
    const char *version;             /* GetVersionString(), owned by ORT */
    SCT_ORT_API_SLOTS(SCT_ORT_API_MEMBER)
} sct_ort_api;
#undef SCT_ORT_API_MEMBER

/* dlopen()s `lib_path`, resolves OrtGetApiBase, checks that the version
 * string is exactly SCT_ORT_EXPECTED_VERSION, fills `api` from the table and
 * proves the status slots with a CreateStatus/GetErrorCode/GetErrorMessage
 * round trip.  Returns 0, or non-zero with `err` saying exactly what was
 * refused (and `api` zeroed, library closed). */
int sct_ort_api_load(const char *lib_path, sct_ort_api *api, char *err,
                     size_t err_cap);

/* dlclose()s the library; `api` is zeroed.  Safe on a zeroed api. */
void sct_ort_api_unload(sct_ort_api *api);

/* "ORT_NOT_IMPLEMENTED" etc.; "ORT_ERROR(<n>)" text for unknown codes is
 * not produced: unknown codes give "ORT_UNKNOWN_ERROR_CODE". */
const char *sct_ort_error_code_name(int code);

#endif /* SCT_ORT_API_H */
