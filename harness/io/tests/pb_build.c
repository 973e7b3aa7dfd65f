/* pb_build.c — see pb_build.h. */
#include "pb_build.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "onnx.pb-c.h"

uint8_t *pb_tensor_raw(int32_t data_type, size_t rank, const int64_t *dims,
                       const void *raw, size_t raw_len, size_t *len)
{
    Onnx__TensorProto t;
    onnx__tensor_proto__init(&t);
    t.has_data_type = 1;
    t.data_type = data_type;
    t.n_dims = rank;
    t.dims = (int64_t *)dims;
    t.has_raw_data = 1;
    t.raw_data.len = raw_len;
    t.raw_data.data = (uint8_t *)raw;
    *len = onnx__tensor_proto__get_packed_size(&t);
    uint8_t *buf = malloc(*len + 1);
    ck_assert_ptr_nonnull(buf);
    onnx__tensor_proto__pack(&t, buf);
    return buf;
}

uint8_t *pb_model(const char *op, int64_t opset, int32_t ta, int32_t tb, int32_t ty,
                  int64_t dim, size_t *len)
{
    Onnx__ModelProto m;
    Onnx__GraphProto g;
    Onnx__NodeProto node, *node_ptr = &node;
    Onnx__OperatorSetIdProto os, *os_ptr = &os;
    Onnx__ValueInfoProto vi[3], *in_ptr[2] = {&vi[0], &vi[1]}, *out_ptr[1] = {&vi[2]};
    Onnx__TypeProto type[3];
    Onnx__TypeProto__Tensor tt[3];
    Onnx__TensorShapeProto shape[3];
    Onnx__TensorShapeProto__Dimension d[3], *d_ptr[3] = {&d[0], &d[1], &d[2]};
    const int32_t types[3] = {ta, tb, ty};
    static const char *names[3] = {"A", "B", "C"};
    onnx__model_proto__init(&m);
    onnx__graph_proto__init(&g);
    onnx__node_proto__init(&node);
    onnx__operator_set_id_proto__init(&os);
    os.domain = (char *)"";
    os.has_version = 1;
    os.version = opset;
    node.op_type = (char *)op;
    for (int i = 0; i < 3; i++) {
        onnx__value_info_proto__init(&vi[i]);
        onnx__type_proto__init(&type[i]);
        onnx__type_proto__tensor__init(&tt[i]);
        onnx__tensor_shape_proto__init(&shape[i]);
        onnx__tensor_shape_proto__dimension__init(&d[i]);
        vi[i].name = (char *)names[i];
        vi[i].type = &type[i];
        type[i].value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
        type[i].tensor_type = &tt[i];
        tt[i].has_elem_type = 1;
        tt[i].elem_type = types[i];
        tt[i].shape = &shape[i];
        shape[i].n_dim = 1;
        shape[i].dim = &d_ptr[i];
        d[i].value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
        d[i].dim_value = dim;
    }
    g.n_node = 1;
    g.node = &node_ptr;
    g.n_input = 2;
    g.input = in_ptr;
    g.n_output = 1;
    g.output = out_ptr;
    m.graph = &g;
    m.n_opset_import = 1;
    m.opset_import = &os_ptr;
    *len = onnx__model_proto__get_packed_size(&m);
    uint8_t *buf = malloc(*len + 1);
    ck_assert_ptr_nonnull(buf);
    onnx__model_proto__pack(&m, buf);
    return buf;
}

void pb_write(const char *dir, const char *rel, const void *data, size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    /* mkdir -p of the parents */
    for (char *p = path + strlen(dir) + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(path, 0755);
            *p = '/';
        }
    FILE *f = fopen(path, "wb");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}
