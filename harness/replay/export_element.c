/*
 * export_element.c — one element as a standalone ONNX test folder
 * (export_element.h).  The model is the case's own model.onnx, unpacked
 * with the protobuf-c code generated from onnx.proto (harness/io's
 * sct_onnx_proto) and packed again with every graph input and output
 * declared [1]: opset, IR version, node and names stay the case's.
 */
#include "sct/replay/export_element.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "onnx.pb-c.h"
#include "sct/results/attributes_text.h"
#include "sct/check/bcast_index.h"
#include "sct/check/elem_access.h"
#include "sct/io/file_hash.h"
#include "sct/numeric/dtype.h"

void sct_export_name(const char *case_id, uint64_t index, char *out, size_t cap)
{
    size_t n = (size_t)snprintf(out, cap, "test_");
    for (const char *p = case_id; *p != '\0' && n + 1 < cap; p++) {
        char ch = *p;
        bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9');
        out[n++] = keep ? ch : '_';
    }
    out[n < cap ? n : cap - 1] = '\0';
    if (n < cap)
        snprintf(out + n, cap - n, "_e%llu", (unsigned long long)index);
}

static int write_bytes(const char *path, const void *bytes, size_t len, char *err,
                       size_t err_cap)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(bytes, 1, len, f) != len) {
        snprintf(err, err_cap, "%s: cannot write: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    if (fclose(f) != 0) {
        snprintf(err, err_cap, "%s: write failed", path);
        return -1;
    }
    return 0;
}

/* The flat index into input `in` of the element broadcast to output
 * coordinates `coords` (ONNX Broadcasting.md: shapes right-aligned, a
 * dimension of 1 repeats). */
static uint64_t input_index(const sonnx_tensor *in, int32_t out_rank, const int64_t *coords)
{
    uint64_t idx = 0;
    for (int32_t j = 0; j < in->rank; j++) {
        int32_t oj = j + (out_rank - in->rank);
        int64_t c = in->dims[j] == 1 || oj < 0 ? 0 : coords[oj];
        idx = idx * (uint64_t)in->dims[j] + (uint64_t)c;
    }
    return idx;
}

/* One-element TensorProto: the element's bits little-endian in raw_data
 * (ONNX TensorProto.raw_data; a 4-bit element in the low nibble). */
static int write_element(const char *path, const char *name, int32_t type, uint64_t bits,
                         char *err, size_t err_cap)
{
    unsigned width = sct_elem_width(type);
    size_t nbytes = width <= 8 ? 1 : width / 8;
    uint8_t raw[8];
    for (size_t i = 0; i < nbytes; i++)
        raw[i] = (uint8_t)(bits >> (8 * i));
    int64_t dims[1] = {1};
    Onnx__TensorProto t = ONNX__TENSOR_PROTO__INIT;
    t.n_dims = 1;
    t.dims = dims;
    t.has_data_type = 1;
    t.data_type = type;
    t.name = (char *)name;
    t.has_raw_data = 1;
    t.raw_data.len = nbytes;
    t.raw_data.data = raw;
    uint8_t buf[256];
    size_t len = onnx__tensor_proto__get_packed_size(&t);
    if (len > sizeof buf) {
        snprintf(err, err_cap, "%s: tensor too large to pack", path);
        return -1;
    }
    onnx__tensor_proto__pack(&t, buf);
    return write_bytes(path, buf, len, err, err_cap);
}

/* Every graph input and output declared [1]. */
static bool reshape_value_infos(Onnx__ValueInfoProto **v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        Onnx__TypeProto *tp = v[i]->type;
        if (tp == NULL || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE ||
            tp->tensor_type == NULL)
            return false;
        Onnx__TensorShapeProto *s = tp->tensor_type->shape;
        if (s == NULL) {
            s = malloc(sizeof *s);
            if (s == NULL)
                return false;
            onnx__tensor_shape_proto__init(s);
            tp->tensor_type->shape = s;
        }
        for (size_t k = 0; k < s->n_dim; k++)
            protobuf_c_message_free_unpacked(&s->dim[k]->base, NULL);
        free(s->dim);
        s->n_dim = 0;
        s->dim = malloc(sizeof *s->dim);
        Onnx__TensorShapeProto__Dimension *d = malloc(sizeof *d);
        if (s->dim == NULL || d == NULL) {
            free(d);
            return false;
        }
        onnx__tensor_shape_proto__dimension__init(d);
        d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
        d->dim_value = 1;
        s->dim[0] = d;
        s->n_dim = 1;
    }
    return true;
}

static int write_model(const char *from, const char *to, char *err, size_t err_cap)
{
    FILE *f = fopen(from, "rb");
    if (f == NULL) {
        snprintf(err, err_cap, "%s: cannot open: %s", from, strerror(errno));
        return -1;
    }
    uint8_t *buf = malloc(1u << 20);
    size_t len = buf ? fread(buf, 1, 1u << 20, f) : 0;
    fclose(f);
    Onnx__ModelProto *m = buf ? onnx__model_proto__unpack(NULL, len, buf) : NULL;
    free(buf);
    if (m == NULL || m->graph == NULL ||
        !reshape_value_infos(m->graph->input, m->graph->n_input) ||
        !reshape_value_infos(m->graph->output, m->graph->n_output)) {
        if (m)
            onnx__model_proto__free_unpacked(m, NULL);
        snprintf(err, err_cap, "%s: not a model whose inputs and outputs are tensors", from);
        return -1;
    }
    size_t out_len = onnx__model_proto__get_packed_size(m);
    uint8_t *out = malloc(out_len ? out_len : 1);
    int rc = -1;
    if (out != NULL) {
        onnx__model_proto__pack(m, out);
        rc = write_bytes(to, out, out_len, err, err_cap);
    }
    free(out);
    onnx__model_proto__free_unpacked(m, NULL);
    return rc;
}

static cJSON *decl_json(const sct_tensor_decl *t)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", t->name);
    cJSON_AddStringToObject(o, "dtype", sct_dtype_name(t->elem_type));
    cJSON *shape = cJSON_AddArrayToObject(o, "shape");
    cJSON_AddItemToArray(shape, cJSON_CreateNumber(1));
    return o;
}

static int write_manifest(const char *dir, const char *name, const sct_case *c,
                          uint64_t index, char *err, size_t err_cap)
{
    /* model.onnx, one input file per input of the op, output_0.pb
     * (docs/vector-format.md). */
    char files[SCT_MAX_INPUTS + 2][40];
    size_t n_files = 0;
    snprintf(files[n_files++], sizeof files[0], "model.onnx");
    for (size_t k = 0; k < c->n_inputs && k < SCT_MAX_INPUTS; k++)
        snprintf(files[n_files++], sizeof files[0], "test_data_set_0/input_%zu.pb", k);
    snprintf(files[n_files++], sizeof files[0], "test_data_set_0/output_0.pb");
    cJSON *root = cJSON_CreateObject(), *cases = cJSON_AddArrayToObject(root, "cases");
    cJSON_AddStringToObject(root, "format", "sonnx-cts-vectors");
    cJSON_AddStringToObject(root, "format_version", "1.0");
    cJSON *e = cJSON_CreateObject();
    cJSON_AddItemToArray(cases, e);
    char id[1024];
    snprintf(id, sizeof id, "%s/e%llu", c->id, (unsigned long long)index);
    cJSON_AddStringToObject(e, "id", id);
    cJSON_AddStringToObject(e, "path", name);
    cJSON_AddStringToObject(e, "op", c->op_type);
    cJSON_AddStringToObject(e, "domain", c->domain ? c->domain : "");
    cJSON_AddNumberToObject(e, "opset", c->opset);
    /* The model keeps the node's attributes; the entry gives them too
     * (docs/vector-format.md), as the report writes them (attributes_text.h:
     * integers exact, floats to the float32 value), so the exported case
     * hands its plugin the same op as the case it came from. */
    char *attrs = NULL;
    int oom = 0;
    if (c->n_attributes > 0 &&
        ((attrs = sct_attributes_text(c->attributes, c->n_attributes, &oom)) == NULL ||
         !cJSON_AddRawToObject(e, "attributes", attrs))) {
        free(attrs);
        cJSON_Delete(root);
        snprintf(err, err_cap, "%s/manifest.json: out of memory", dir);
        return -1;
    }
    free(attrs);
    char desc[1400];
    snprintf(desc, sizeof desc, "Element %llu of case %s, exported by sonnx-cts repro.",
             (unsigned long long)index, c->id);
    cJSON_AddStringToObject(e, "description", desc);
    cJSON *ins = cJSON_AddArrayToObject(e, "inputs"), *outs = cJSON_AddArrayToObject(e, "outputs");
    for (size_t k = 0; k < c->n_inputs; k++)
        cJSON_AddItemToArray(ins, decl_json(&c->inputs[k]));
    cJSON_AddItemToArray(outs, decl_json(&c->outputs[0]));
    cJSON_AddStringToObject(e, "expectation", sct_expectation_name(c->expectation));
    cJSON *tol = cJSON_AddObjectToObject(e, "tolerance");
    cJSON_AddStringToObject(tol, "kind", c->max_ulp == 0 ? "exact" : "ulp");
    if (c->max_ulp != 0)
        cJSON_AddNumberToObject(tol, "max", c->max_ulp);
    cJSON *prof = cJSON_AddArrayToObject(e, "profiles");
    if (c->profiles & SCT_PROFILE_ONNX)
        cJSON_AddItemToArray(prof, cJSON_CreateString("onnx"));
    if (c->profiles & SCT_PROFILE_SONNX)
        cJSON_AddItemToArray(prof, cJSON_CreateString("sonnx"));
    cJSON *reqs = cJSON_AddArrayToObject(e, "requirements"), *tags = cJSON_AddArrayToObject(e, "tags");
    for (size_t i = 0; i < c->n_requirements; i++)
        cJSON_AddItemToArray(reqs, cJSON_CreateString(c->requirements[i]));
    for (size_t i = 0; i < c->n_tags; i++)
        cJSON_AddItemToArray(tags, cJSON_CreateString(c->tags[i]));
    cJSON *fo = cJSON_AddObjectToObject(e, "files");
    int rc = 0;
    for (size_t i = 0; i < n_files && rc == 0; i++) {
        char path[4096], hex[SCT_SHA256_HEX_CHARS + 1];
        snprintf(path, sizeof path, "%s/%s/%s", dir, name, files[i]);
        if (sct_sha256_file(path, path, hex, err, err_cap) != 0)
            rc = -1;
        else
            cJSON_AddStringToObject(fo, files[i], hex);
    }
    char *text = rc == 0 ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (rc != 0 || text == NULL) {
        if (rc == 0)
            snprintf(err, err_cap, "%s/manifest.json: out of memory", dir);
        return -1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    rc = write_bytes(path, text, strlen(text), err, err_cap);
    free(text);
    return rc;
}

int sct_export_element(const char *dir, const sct_vector_set *set, const sct_case *c,
                       const sct_case_data *d, uint64_t index, char *err, size_t err_cap)
{
    const sonnx_tensor *gold = d->n_expected > 0 ? &d->expected[0] : NULL;
    uint64_t n = 1;
    for (int32_t j = 0; gold != NULL && j < gold->rank; j++)
        n *= (uint64_t)gold->dims[j];
    if (gold == NULL || c->n_outputs != 1) {
        snprintf(err, err_cap, "case %s has no golden output to export", c->id);
        return -1;
    }
    if (index >= n) {
        snprintf(err, err_cap, "case %s: element %llu is outside its output (%llu elements)",
                 c->id, (unsigned long long)index, (unsigned long long)n);
        return -1;
    }
    char name[512], sub[4096], data[4200], path[4400], model[4096];
    sct_export_name(c->id, index, name, sizeof name);
    snprintf(sub, sizeof sub, "%s/%s", dir, name);
    snprintf(data, sizeof data, "%s/test_data_set_0", sub);
    mkdir(dir, 0777);
    mkdir(sub, 0777);
    if (mkdir(data, 0777) != 0 && errno != EEXIST) {
        snprintf(err, err_cap, "%s: cannot create: %s", data, strerror(errno));
        return -1;
    }
    snprintf(model, sizeof model, "%s/%s/model.onnx", set->root, c->relpath);
    snprintf(path, sizeof path, "%s/model.onnx", sub);
    if (write_model(model, path, err, err_cap) != 0)
        return -1;
    int64_t coords[SONNX_MAX_RANK];
    sct_unflatten(index, gold->rank, gold->dims, coords);
    for (size_t k = 0; k < d->n_inputs && k < SCT_MAX_INPUTS; k++) {
        const sonnx_tensor *in = &d->inputs[k];
        snprintf(path, sizeof path, "%s/input_%zu.pb", data, k);
        if (write_element(path, c->inputs[k].name, in->elem_type,
                          sct_elem_bits(in, input_index(in, gold->rank, coords)), err,
                          err_cap) != 0)
            return -1;
    }
    snprintf(path, sizeof path, "%s/output_0.pb", data);
    if (write_element(path, c->outputs[0].name, gold->elem_type, sct_elem_bits(gold, index),
                      err, err_cap) != 0)
        return -1;
    return write_manifest(dir, name, c, index, err, err_cap);
}
