/* pb_build.h — test helpers: serialized TensorProto / ModelProto built with
 * the generated protobuf-c API, and small file utilities. */
#ifndef SCT_IO_TESTS_PB_BUILD_H
#define SCT_IO_TESTS_PB_BUILD_H

#include <stddef.h>
#include <stdint.h>

/* malloc'ed serialized TensorProto with raw_data. */
uint8_t *pb_tensor_raw(int32_t data_type, size_t rank, const int64_t *dims,
                       const void *raw, size_t raw_len, size_t *len);
/* malloc'ed serialized one-node model: op(A, B) -> C, all of shape [dim]. */
uint8_t *pb_model(const char *op, int64_t opset, int32_t ta, int32_t tb, int32_t ty,
                  int64_t dim, size_t *len);
/* Writes bytes to dir/rel (creating parent directories); aborts the test on
 * failure. */
void pb_write(const char *dir, const char *rel, const void *data, size_t len);

#endif
