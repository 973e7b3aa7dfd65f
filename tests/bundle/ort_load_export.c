/*
 * ort_load_export.c — ONNX Runtime itself loads and runs a folder written
 * by `sonnx-cts repro --export` (harness/replay/export_element.h): the
 * model.onnx as a session (not through the adapter, which builds its own
 * model), the input_*.pb as its inputs.  Prints what ORT computed beside
 * output_0.pb's golden; the values may differ (the export reproduces a
 * failure), the load and the run must not fail.
 *
 * usage: ort_load_export LIBONNXRUNTIME TESTDIR
 * exit 0 loaded and ran, 1 refused (ORT's message printed), 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "onnx.pb-c.h"
#include "ort_api.h"

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    uint8_t *buf = malloc(1u << 20);
    *len = buf ? fread(buf, 1, 1u << 20, f) : 0;
    fclose(f);
    return buf;
}

static Onnx__TensorProto *read_pb(const char *dir, const char *name)
{
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/test_data_set_0/%s", dir, name);
    uint8_t *b = slurp(path, &len);
    Onnx__TensorProto *t = b ? onnx__tensor_proto__unpack(NULL, len, b) : NULL;
    free(b);
    if (t == NULL || !t->has_raw_data)
        fprintf(stderr, "%s: not a TensorProto with raw_data\n", path);
    return t;
}

static int failed(const sct_ort_api *api, sct_ort_status st, const char *what)
{
    if (st == NULL)
        return 0;
    fprintf(stderr, "ONNX Runtime refused (%s): %s\n", what, api->get_error_message(st));
    api->release_status(st);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: ort_load_export LIBONNXRUNTIME TESTDIR\n");
        return 2;
    }
    sct_ort_api api;
    char err[1024], path[4096];
    if (sct_ort_api_load(argv[1], &api, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    snprintf(path, sizeof path, "%s/model.onnx", argv[2]);
    size_t model_len;
    uint8_t *model = slurp(path, &model_len);
    Onnx__TensorProto *in[2] = {read_pb(argv[2], "input_0.pb"), read_pb(argv[2], "input_1.pb")};
    Onnx__TensorProto *gold = read_pb(argv[2], "output_0.pb");
    if (model == NULL || in[0] == NULL || in[1] == NULL || gold == NULL)
        return 1;
    sct_ort_env *env = NULL;
    sct_ort_session_options *so = NULL;
    sct_ort_session *s = NULL;
    sct_ort_memory_info *mem = NULL;
    sct_ort_value *vin[2] = {NULL, NULL}, *vout = NULL;
    if (failed(&api, api.create_env(3, "export", &env), "environment") ||
        failed(&api, api.create_session_options(&so), "session options") ||
        failed(&api, api.create_session_from_array(env, model, model_len, so, &s),
               "model.onnx") ||
        failed(&api, api.create_cpu_memory_info(0, 0, &mem), "memory info"))
        return 1;
    const char *names[2];
    for (int k = 0; k < 2; k++) {
        names[k] = in[k]->name;
        if (failed(&api, api.create_tensor_with_data(mem, in[k]->raw_data.data,
                                                     in[k]->raw_data.len, in[k]->dims,
                                                     in[k]->n_dims, in[k]->data_type, &vin[k]),
                   names[k]))
            return 1;
    }
    const char *out_name = gold->name;
    if (failed(&api, api.run(s, NULL, names, (const sct_ort_value *const *)vin, 2, &out_name, 1,
                             &vout), "run"))
        return 1;
    void *data = NULL;
    if (failed(&api, api.get_tensor_mutable_data(vout, &data), "output"))
        return 1;
    printf("ONNX Runtime %s ran %s: output %s =", api.version, argv[2], out_name);
    for (size_t i = 0; i < gold->raw_data.len; i++)
        printf(" %02x", ((const uint8_t *)data)[i]);
    printf(", golden =");
    for (size_t i = 0; i < gold->raw_data.len; i++)
        printf(" %02x", gold->raw_data.data[i]);
    printf(" (little-endian bytes)\n");
    api.release_value(vout);
    api.release_value(vin[0]);
    api.release_value(vin[1]);
    api.release_memory_info(mem);
    api.release_session(s);
    api.release_session_options(so);
    api.release_env(env);
    for (int k = 0; k < 2; k++)
        onnx__tensor_proto__free_unpacked(in[k], NULL);
    onnx__tensor_proto__free_unpacked(gold, NULL);
    free(model);
    sct_ort_api_unload(&api);
    return 0;
}
