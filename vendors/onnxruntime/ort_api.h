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

/* Slots (zero-based positions in the OrtApi table). */
enum sct_ort_slot {
    SCT_ORT_SLOT_CREATE_STATUS = 0,
    SCT_ORT_SLOT_GET_ERROR_CODE = 1,
    SCT_ORT_SLOT_GET_ERROR_MESSAGE = 2,
    SCT_ORT_SLOT_CREATE_ENV = 3,
    SCT_ORT_SLOT_CREATE_SESSION_FROM_ARRAY = 8,
    SCT_ORT_SLOT_RUN = 9,
    SCT_ORT_SLOT_CREATE_SESSION_OPTIONS = 10,
    SCT_ORT_SLOT_SET_GRAPH_OPTIMIZATION_LEVEL = 23,
    SCT_ORT_SLOT_SET_INTRA_OP_NUM_THREADS = 24,
    SCT_ORT_SLOT_CREATE_TENSOR_WITH_DATA = 49,
    SCT_ORT_SLOT_GET_TENSOR_MUTABLE_DATA = 51,
    SCT_ORT_SLOT_GET_TENSOR_ELEMENT_TYPE = 60,
    SCT_ORT_SLOT_GET_DIMENSIONS_COUNT = 61,
    SCT_ORT_SLOT_GET_DIMENSIONS = 62,
    SCT_ORT_SLOT_GET_TENSOR_TYPE_AND_SHAPE = 65,
    SCT_ORT_SLOT_CREATE_CPU_MEMORY_INFO = 69,
    SCT_ORT_SLOT_RELEASE_ENV = 92,
    SCT_ORT_SLOT_RELEASE_STATUS = 93,
    SCT_ORT_SLOT_RELEASE_MEMORY_INFO = 94,
    SCT_ORT_SLOT_RELEASE_SESSION = 95,
    SCT_ORT_SLOT_RELEASE_VALUE = 96,
    SCT_ORT_SLOT_RELEASE_TENSOR_INFO = 99,
    SCT_ORT_SLOT_RELEASE_SESSION_OPTIONS = 100,
    SCT_ORT_SLOT_ADD_SESSION_CONFIG_ENTRY = 130,
    SCT_ORT_SLOT_COUNT_USED = 131 /* the table must have at least this many */
};

/* The API version we ask GetApi for: ORT 1.30 serves API 30. */
#define SCT_ORT_API_VERSION 30u
/* The one ORT release this adapter certifies. */
#define SCT_ORT_EXPECTED_VERSION "1.30.0"

typedef sct_ort_status_obj *sct_ort_status;

/* The functions we use, typed as ORT documents them. */
typedef struct sct_ort_api {
    void *dl_handle;                 /* dlopen() handle of libonnxruntime */
    const char *version;             /* GetVersionString(), owned by ORT */

    sct_ort_status (*create_status)(int code, const char *msg);
    int (*get_error_code)(const sct_ort_status_obj *status);
    const char *(*get_error_message)(const sct_ort_status_obj *status);
    sct_ort_status (*create_env)(int log_level, const char *logid,
                                 sct_ort_env **out);
    sct_ort_status (*create_session_from_array)(
        const sct_ort_env *env, const void *model, size_t model_len,
        const sct_ort_session_options *options, sct_ort_session **out);
    sct_ort_status (*run)(sct_ort_session *session, const void *run_options,
                          const char *const *input_names,
                          const sct_ort_value *const *inputs, size_t n_inputs,
                          const char *const *output_names, size_t n_outputs,
                          sct_ort_value **outputs);
    sct_ort_status (*create_session_options)(sct_ort_session_options **out);
    sct_ort_status (*set_graph_optimization_level)(
        sct_ort_session_options *options, int level);
    sct_ort_status (*set_intra_op_num_threads)(
        sct_ort_session_options *options, int n);
    sct_ort_status (*create_tensor_with_data)(
        const sct_ort_memory_info *info, void *data, size_t data_len,
        const int64_t *shape, size_t rank, int elem_type, sct_ort_value **out);
    sct_ort_status (*get_tensor_mutable_data)(sct_ort_value *value,
                                              void **out);
    sct_ort_status (*get_tensor_element_type)(const sct_ort_tensor_info *info,
                                              int *out);
    sct_ort_status (*get_dimensions_count)(const sct_ort_tensor_info *info,
                                           size_t *out);
    sct_ort_status (*get_dimensions)(const sct_ort_tensor_info *info,
                                     int64_t *dims, size_t n_dims);
    sct_ort_status (*get_tensor_type_and_shape)(const sct_ort_value *value,
                                                sct_ort_tensor_info **out);
    sct_ort_status (*create_cpu_memory_info)(int allocator_type, int mem_type,
                                             sct_ort_memory_info **out);
    void (*release_env)(sct_ort_env *);
    void (*release_status)(sct_ort_status_obj *);
    void (*release_memory_info)(sct_ort_memory_info *);
    void (*release_session)(sct_ort_session *);
    void (*release_value)(sct_ort_value *);
    void (*release_tensor_info)(sct_ort_tensor_info *);
    void (*release_session_options)(sct_ort_session_options *);
    sct_ort_status (*add_session_config_entry)(
        sct_ort_session_options *options, const char *key, const char *value);
} sct_ort_api;

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
