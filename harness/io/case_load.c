/*
 * case_load.c — sct_case_load (harness/model/case.h): reads every file of
 * ONE case, verifies its sha256 against the manifest (a mismatch is
 * reported as tampering with both digests), cross-checks model.onnx
 * against the case, decodes the tensors and checks each one's type and
 * shape against the declaration.  Memory: one file at a time, so peak
 * memory is one case's tensors, flat in the number of cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/model/case.h"
#include "sct/numeric/dtype.h"
#include "file_read.h"
#include "io_error.h"
#include "model_read.h"
#include "path_check.h"
#include "sct/io/sha256.h"
#include "shape_rules.h"
#include "tensor_decode.h"

typedef enum file_role { ROLE_OTHER, ROLE_MODEL, ROLE_INPUT, ROLE_OUTPUT } file_role;

/* Role of a case file: model.onnx, or exactly test_data_set_<N>/input_<k>.pb
 * or output_<k>.pb of the case's data set (canonical spelling only, so two
 * names cannot claim the same slot); anything else is only hashed. */
static file_role role_of(const char *rel, int32_t data_set, size_t *index)
{
    if (strcmp(rel, "model.onnx") == 0)
        return ROLE_MODEL;
    char name[64];
    for (size_t k = 0; k < SCT_MAX_INPUTS; k++) {
        snprintf(name, sizeof name, "test_data_set_%d/input_%zu.pb", data_set, k);
        if (strcmp(rel, name) == 0) {
            *index = k;
            return ROLE_INPUT;
        }
    }
    for (size_t k = 0; k < SCT_MAX_OUTPUTS; k++) {
        snprintf(name, sizeof name, "test_data_set_%d/output_%zu.pb", data_set, k);
        if (strcmp(rel, name) == 0) {
            *index = k;
            return ROLE_OUTPUT;
        }
    }
    return ROLE_OTHER;
}

static int check_against_decl(const sonnx_tensor *t, const sct_tensor_decl *d,
                              const char *what, const char *display, char *err, size_t cap)
{
    if (t->elem_type != d->elem_type)
        return sct_io_error(err, cap, display, "data_type",
                            "%s; the case declares %s %s as %s", sct_dtype_name(t->elem_type),
                            what, d->name, sct_dtype_name(d->elem_type));
    if (!sct_shape_equal(t->rank, t->dims, d->rank, d->dims)) {
        char st[160], sd[160];
        sct_shape_format(t->rank, t->dims, st, sizeof st);
        sct_shape_format(d->rank, d->dims, sd, sizeof sd);
        return sct_io_error(err, cap, display, "dims", "%s; the case declares %s %s as %s",
                            st, what, d->name, sd);
    }
    return 0;
}

/* model.onnx must describe the same operator and signature as the case. */
static int check_model(const sct_case *c, const uint8_t *buf, size_t len,
                       const char *display, char *err, size_t cap)
{
    sct_model_info mi;
    if (sct_model_read(buf, len, display, &mi, err, cap) != 0)
        return -1;
    if (strcmp(mi.op_type, c->op_type) != 0 || strcmp(mi.domain, c->domain) != 0)
        return sct_io_error(err, cap, display, "graph.node[0].op_type",
                            "\"%s\" (domain \"%s\"); the case says \"%s\"", mi.op_type,
                            mi.domain, c->op_type);
    if (mi.opset != c->opset)
        return sct_io_error(err, cap, display, "opset_import.version",
                            "%d; the case says opset %d", mi.opset, c->opset);
    if (mi.n_inputs != c->n_inputs || mi.n_outputs != c->n_outputs)
        return sct_io_error(err, cap, display, "graph.input",
                            "%zu inputs and %zu outputs; the case declares %zu and %zu",
                            mi.n_inputs, mi.n_outputs, c->n_inputs, c->n_outputs);
    for (size_t i = 0; i < mi.n_inputs + mi.n_outputs; i++) {
        bool is_in = i < mi.n_inputs;
        size_t k = is_in ? i : i - mi.n_inputs;
        const sct_tensor_decl *m = is_in ? &mi.inputs[k] : &mi.outputs[k];
        const sct_tensor_decl *d = is_in ? &c->inputs[k] : &c->outputs[k];
        char field[64];
        snprintf(field, sizeof field, "graph.%s[%zu].type", is_in ? "input" : "output", k);
        /* rank -1: the model leaves the shape open; only the type binds. */
        if (m->elem_type != d->elem_type ||
            (m->rank >= 0 && !sct_shape_equal(m->rank, m->dims, d->rank, d->dims))) {
            char sm[160], sd[160];
            sct_shape_format(m->rank < 0 ? 0 : m->rank, m->dims, sm, sizeof sm);
            sct_shape_format(d->rank, d->dims, sd, sizeof sd);
            return sct_io_error(err, cap, display, field,
                                "%s %s; the case declares %s %s", sct_dtype_name(m->elem_type),
                                m->rank < 0 ? "(shape open)" : sm, sct_dtype_name(d->elem_type),
                                sd);
        }
    }
    return 0;
}

static int load_file(const sct_vector_set *set, const sct_case *c, const sct_file_ref *f,
                     sct_case_data *out, char *err, size_t cap)
{
    char rel[4200], display[8400];
    snprintf(rel, sizeof rel, "%s/%s", c->relpath, f->relpath);
    snprintf(display, sizeof display, "%s/%s", set->display_root, rel);
    char *real = NULL;
    sct_resolve_status st = sct_path_resolve_inside(set->root, rel, &real);
    if (st != SCT_RESOLVE_OK)
        return sct_io_error(err, cap, display, SCT_IO_FIELD_FILE, "%s",
                            sct_resolve_status_text(st));
    uint8_t *buf = NULL;
    size_t len = 0;
    int rc = sct_read_file(real, display, SCT_IO_MAX_FILE_BYTES, &buf, &len, err, cap);
    free(real);
    if (rc != 0)
        return -1;
    if (f->sha256[0] != '\0') {
        char hex[SCT_SHA256_HEX_CHARS + 1];
        sct_sha256_hex(buf, len, hex);
        if (strcmp(hex, f->sha256) != 0) {
            free(buf);
            return sct_io_error(err, cap, display, "sha256",
                                "tampering: the manifest says %s, the file has %s", f->sha256,
                                hex);
        }
    }
    size_t k = 0;
    switch (role_of(f->relpath, c->data_set, &k)) {
    case ROLE_MODEL:
        rc = check_model(c, buf, len, display, err, cap);
        break;
    case ROLE_INPUT:
        if (k >= c->n_inputs) {
            rc = sct_io_error(err, cap, display, SCT_IO_FIELD_FILE,
                              "input %zu, but the case declares %zu inputs", k, c->n_inputs);
            break;
        }
        rc = sct_tensor_decode(buf, len, display, &out->inputs[k], err, cap);
        if (rc == 0) {
            out->n_inputs = out->n_inputs > k + 1 ? out->n_inputs : k + 1;
            rc = check_against_decl(&out->inputs[k], &c->inputs[k], "input", display, err, cap);
        }
        break;
    case ROLE_OUTPUT:
        if (k >= c->n_outputs) {
            rc = sct_io_error(err, cap, display, SCT_IO_FIELD_FILE,
                              "output %zu, but the case declares %zu outputs", k, c->n_outputs);
            break;
        }
        rc = sct_tensor_decode(buf, len, display, &out->expected[k], err, cap);
        if (rc == 0) {
            out->n_expected = out->n_expected > k + 1 ? out->n_expected : k + 1;
            rc = check_against_decl(&out->expected[k], &c->outputs[k], "output", display, err,
                                    cap);
        }
        break;
    case ROLE_OTHER:
        break;
    }
    free(buf);
    return rc;
}

int sct_case_load(const sct_vector_set *set, const sct_case *c, sct_case_data *out,
                  char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    if (c->error != NULL) {
        snprintf(err, err_cap, "%s", c->error);
        return -1;
    }
    for (size_t i = 0; i < c->n_files; i++)
        if (load_file(set, c, &c->files[i], out, err, err_cap) != 0) {
            sct_case_data_free(out);
            return -1;
        }
    /* Every declared input, and the output when the case has one, must have
     * come from a file. */
    for (size_t k = 0; k < c->n_inputs; k++)
        if (out->inputs[k].data == NULL) {
            char display[4200];
            snprintf(display, sizeof display, "%s/%s/test_data_set_%d/input_%zu.pb",
                     set->display_root, c->relpath, c->data_set, k);
            sct_case_data_free(out);
            return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                                "missing: input %zu of the case is not among its files", k);
        }
    if (c->has_expected_output && out->expected[0].data == NULL) {
        char display[4200];
        snprintf(display, sizeof display, "%s/%s/test_data_set_%d/output_0.pb",
                 set->display_root, c->relpath, c->data_set);
        sct_case_data_free(out);
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                            "missing: the expected output is not among the case's files");
    }
    if (c->has_expected_output)
        out->n_expected = c->n_outputs;
    return 0;
}

void sct_case_data_free(sct_case_data *d)
{
    if (d == NULL)
        return;
    for (size_t k = 0; k < SCT_MAX_INPUTS; k++)
        sct_tensor_release(&d->inputs[k]);
    for (size_t k = 0; k < SCT_MAX_OUTPUTS; k++)
        sct_tensor_release(&d->expected[k]);
    memset(d, 0, sizeof *d);
}
