/* manifest_case.c — one entry of manifest.json's "cases": every member read
 * and validated against docs/vector-format.md and the operator registry
 * (manifest_case.h). */
#include "manifest_case.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_attributes.h"
#include "case_rules.h"
#include "sct/numeric/dtype.h"
#include "path_check.h"
#include "set_build.h"
#include "sct/ops/op_registry.h"
#include "shape_rules.h"

/* A case entry is read with the one field reader (sct/jsonstream/
 * json_fields.h), strict, members named in the field path, each problem in
 * the loader's form (io_error.h): "<manifest>: field cases[3].opset: must
 * be an integer".  rd->where is "cases[i]", or a nested object's path
 * while its members are read. */
static int fail(sct_json_reader *rd, const char *member, const char *reason)
{
    sct_json_problem(rd, member, true, "%s", reason);
    return -1;
}

/* An object that must not repeat a key (sct_json_duplicate_key). */
static int refuse_duplicate_key(sct_json_reader *rd, const char *member, const cJSON *obj)
{
    const char *dup = sct_json_duplicate_key(obj);
    if (dup == NULL)
        return 0;
    sct_json_problem(rd, member, true, "duplicate key \"%s\"", dup);
    return -1;
}

static int parse_string_list(sct_json_reader *rd, const cJSON *obj, const char *key,
                             char ***list, size_t *n)
{
    const cJSON *arr = sct_json_member(obj, key);
    if (arr == NULL)
        return 0; /* optional: tags, requirements, satisfies */
    if (!cJSON_IsArray(arr))
        return fail(rd, key, "must be an array of strings");
    int i = 0;
    for (const cJSON *v = arr->child; v; v = v->next, i++) {
        if (!cJSON_IsString(v) || v->valuestring == NULL) {
            char f[48];
            snprintf(f, sizeof f, "%s[%d]", key, i);
            return fail(rd, f, "must be a string");
        }
        size_t before = *n;
        sct_strlist_add(list, n, v->valuestring);
        if (*n == before)
            return fail(rd, key, sct_oom_text);
    }
    return 0;
}

/* The members of one tensor declaration, rd->where being its path. */
static int parse_decl_members(sct_json_reader *rd, const cJSON *v, sct_tensor_decl *decl)
{
    const char *name = sct_json_read_str(rd, v, "name", true);
    if (name == NULL)
        return -1;
    if (strlen(name) >= sizeof decl->name) {
        sct_json_problem(rd, "name", true, "\"%s\" is longer than 31 characters", name);
        return -1;
    }
    snprintf(decl->name, sizeof decl->name, "%s", name);

    const char *dt = sct_json_read_str(rd, v, "dtype", true);
    if (dt == NULL)
        return -1;
    const sct_dtype_info *info = sct_dtype_by_name(dt);
    /* Manifest names only ("float32"), not ONNX enum names ("FLOAT"). */
    if (info == NULL || strcmp(info->name, dt) != 0) {
        sct_json_problem(rd, "dtype", true, "unknown dtype \"%s\"", dt);
        return -1;
    }
    decl->elem_type = info->code;

    const cJSON *shape = sct_json_member(v, "shape");
    if (shape == NULL)
        return fail(rd, "shape", "missing");
    if (!cJSON_IsArray(shape))
        return fail(rd, "shape", "must be an array of non-negative integers");
    int rank = cJSON_GetArraySize(shape);
    if (rank > SONNX_MAX_RANK) {
        sct_json_problem(rd, "shape", true, "rank %d exceeds the maximum of 8", rank);
        return -1;
    }
    decl->rank = rank;
    int i = 0;
    for (const cJSON *d = shape->child; d; d = d->next, i++) {
        char fd[32];
        snprintf(fd, sizeof fd, "shape[%d]", i);
        /* 2^53: the largest integer a JSON double carries exactly. */
        if (!sct_json_read_int_in(rd, d, fd, 0, 9007199254740992.0, &decl->dims[i]))
            return -1;
    }
    uint64_t nelem, nbytes;
    if (!sct_shape_nelem(decl->rank, decl->dims, &nelem) ||
        !sct_dtype_storage_bytes(decl->elem_type, nelem, &nbytes))
        return fail(rd, "shape", "element count or byte size overflows 64 bits");
    return 0;
}

static int parse_tensor_decl(sct_json_reader *rd, const cJSON *v, const char *field,
                             sct_tensor_decl *decl)
{
    if (!cJSON_IsObject(v))
        return fail(rd, field, "must be an object {name, dtype, shape}");
    if (refuse_duplicate_key(rd, field, v) != 0)
        return -1;
    size_t mark = sct_json_enter(rd, field);
    int rc = parse_decl_members(rd, v, decl);
    sct_json_leave(rd, mark);
    return rc;
}

static int parse_decl_list(sct_json_reader *rd, const cJSON *obj, const char *key,
                           sct_tensor_decl *decls, size_t *n, size_t max)
{
    const cJSON *arr = sct_json_member(obj, key);
    if (arr == NULL)
        return fail(rd, key, "missing");
    if (!cJSON_IsArray(arr))
        return fail(rd, key, "must be an array");
    int count = cJSON_GetArraySize(arr);
    if (count < 0 || (size_t)count > max) {
        /* The model's bound; the op's own count is checked against the
         * registry once the list is read (sct_case_check_arity). */
        sct_json_problem(rd, key, true, "%d entries; at most %zu", count, max);
        return -1;
    }
    int i = 0;
    for (const cJSON *v = arr->child; v; v = v->next, i++) {
        char f[48];
        snprintf(f, sizeof f, "%s[%d]", key, i);
        if (parse_tensor_decl(rd, v, f, &decls[i]) != 0)
            return -1;
    }
    *n = (size_t)count;
    return 0;
}

static bool is_sha256_hex(const char *s)
{
    if (strlen(s) != 64)
        return false;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
            return false;
    return true;
}

static int parse_files(sct_json_reader *rd, const cJSON *obj, sct_case *c)
{
    const cJSON *files = sct_json_member(obj, "files");
    if (files == NULL)
        return fail(rd, "files", "missing");
    if (!cJSON_IsObject(files))
        return fail(rd, "files", "must be an object {relative path: sha256}");
    if (refuse_duplicate_key(rd, "files", files) != 0)
        return -1;
    int count = cJSON_GetArraySize(files);
    c->files = calloc(count > 0 ? (size_t)count : 1u, sizeof *c->files);
    if (c->files == NULL)
        return fail(rd, "files", sct_oom_text);
    for (const cJSON *v = files->child; v; v = v->next) {
        char f[1200];
        snprintf(f, sizeof f, "files[\"%.1024s\"]", v->string ? v->string : "");
        const char *problem = sct_relpath_problem(v->string);
        if (problem)
            return fail(rd, f, problem);
        if (!cJSON_IsString(v) || v->valuestring == NULL)
            return fail(rd, f, "must be a sha256 string");
        if (!is_sha256_hex(v->valuestring)) {
            sct_json_problem(rd, f, true, "\"%s\" is not 64 lowercase hex digits",
                             v->valuestring);
            return -1;
        }
        sct_file_ref *ref = &c->files[c->n_files];
        ref->relpath = sct_strdup(v->string);
        if (ref->relpath == NULL)
            return fail(rd, f, sct_oom_text);
        memcpy(ref->sha256, v->valuestring, 65);
        c->n_files++;
    }
    return 0;
}

static bool has_file(const sct_case *c, const char *rel)
{
    for (size_t i = 0; i < c->n_files; i++)
        if (strcmp(c->files[i].relpath, rel) == 0)
            return true;
    return false;
}

static int parse_tolerance(sct_json_reader *rd, const cJSON *obj, sct_case *c)
{
    const cJSON *tol = sct_json_member(obj, "tolerance");
    if (tol == NULL)
        return fail(rd, "tolerance", "missing");
    if (!cJSON_IsObject(tol))
        return fail(rd, "tolerance",
                    "must be {\"kind\":\"exact\"} or {\"kind\":\"ulp\",\"max\":N}");
    if (refuse_duplicate_key(rd, "tolerance", tol) != 0)
        return -1;
    size_t mark = sct_json_enter(rd, "tolerance");
    const char *kind = sct_json_read_str(rd, tol, "kind", true);
    int64_t max = 0;
    if (kind == NULL) {
        /* the problem is said */
    } else if (strcmp(kind, "exact") == 0) {
        c->max_ulp = 0;
    } else if (strcmp(kind, "ulp") == 0) {
        if (sct_json_read_int_in(rd, sct_json_member(tol, "max"), "max", 0, 2147483647.0,
                                 &max))
            c->max_ulp = (uint32_t)max;
    } else {
        sct_json_problem(rd, "kind", true, "unknown kind \"%s\"; exact or ulp", kind);
    }
    sct_json_leave(rd, mark);
    return rd->failed ? -1 : 0;
}

static int parse_expectation(sct_json_reader *rd, const cJSON *obj, sct_case *c)
{
    const char *s = sct_json_read_str(rd, obj, "expectation", true);
    if (s == NULL)
        return -1;
    sct_expectation e = sct_expectation_from_name(s);
    if ((int)e == SCT_EXPECT_COUNT) {
        sct_json_problem(rd, "expectation", true,
                         "unknown expectation \"%s\"; values, no-crash or reject", s);
        return -1;
    }
    c->expectation = e;
    return 0;
}

static int parse_profiles(sct_json_reader *rd, const cJSON *obj, sct_case *c)
{
    const cJSON *arr = sct_json_member(obj, "profiles");
    if (arr == NULL)
        return fail(rd, "profiles", "missing");
    if (!cJSON_IsArray(arr))
        return fail(rd, "profiles", "must be an array of \"onnx\" / \"sonnx\"");
    int i = 0;
    for (const cJSON *v = arr->child; v; v = v->next, i++) {
        char f[32];
        snprintf(f, sizeof f, "profiles[%d]", i);
        if (!cJSON_IsString(v) || v->valuestring == NULL)
            return fail(rd, f, "must be a string");
        if (strcmp(v->valuestring, "onnx") == 0) {
            c->profiles |= SCT_PROFILE_ONNX;
        } else if (strcmp(v->valuestring, "sonnx") == 0) {
            c->profiles |= SCT_PROFILE_SONNX;
        } else {
            sct_json_problem(rd, f, true, "unknown profile \"%s\"; onnx or sonnx",
                             v->valuestring);
            return -1;
        }
    }
    if (c->profiles == 0)
        return fail(rd, "profiles", "empty; a case belongs to onnx and/or sonnx");
    return 0;
}

static int own_string(sct_json_reader *rd, const char *key, const char *value, char **dst)
{
    *dst = sct_strdup(value);
    return *dst ? 0 : fail(rd, key, sct_oom_text);
}

/* A required string member, owned into *dst; -1 when missing, mistyped or
 * out of memory. */
static int own_member(sct_json_reader *rd, const cJSON *obj, const char *key, char **dst)
{
    const char *s = sct_json_read_str(rd, obj, key, true);
    return s == NULL ? -1 : own_string(rd, key, s, dst);
}

int sct_manifest_parse_entry(sct_json_reader *rd, const cJSON *obj, sct_case *c)
{
    if (!cJSON_IsObject(obj))
        return fail(rd, "", "case entry must be an object");
    if (refuse_duplicate_key(rd, "", obj) != 0)
        return -1;
    if (own_member(rd, obj, "id", &c->id) != 0)
        return -1;
    if (c->id[0] == '\0')
        return fail(rd, "id", "empty");
    const char *s = sct_json_read_str(rd, obj, "path", true);
    if (s == NULL)
        return -1;
    const char *problem = sct_relpath_problem(s);
    if (problem)
        return fail(rd, "path", problem);
    if (own_string(rd, "path", s, &c->relpath) != 0)
        return -1;
    if (own_member(rd, obj, "op", &c->op_type) != 0)
        return -1;
    if (!sct_op_is_covered(c->op_type)) {
        sct_json_problem(rd, "op", true,
                         "unknown op \"%s\"; sonnx-cts covers %s", c->op_type,
                         sct_op_names());
        return -1;
    }
    s = sct_json_read_str(rd, obj, "domain", true);
    if (s == NULL)
        return -1;
    if (s[0] != '\0' && strcmp(s, "ai.onnx") != 0) {
        sct_json_problem(rd, "domain", true,
                         "\"%s\"; %s live in the default domain \"\"", s,
                         sct_op_names());
        return -1;
    }
    if (own_string(rd, "domain", "", &c->domain) != 0)
        return -1;
    int64_t opset;
    if (!sct_json_read_int_in(rd, sct_json_member(obj, "opset"), "opset", 1, 1000, &opset))
        return -1;
    c->opset = (int32_t)opset;
    if (parse_decl_list(rd, obj, "inputs", c->inputs, &c->n_inputs, SCT_MAX_INPUTS) != 0 ||
        parse_decl_list(rd, obj, "outputs", c->outputs, &c->n_outputs, SCT_MAX_OUTPUTS) != 0)
        return -1;
    /* Before the files: which input files a case needs follows from its
     * op's arity (docs/vector-format.md). */
    if (sct_case_check_arity(c, rd->file, rd->where, rd->err, rd->err_cap) != 0)
        return -1;
    if (parse_tolerance(rd, obj, c) != 0 || parse_expectation(rd, obj, c) != 0 ||
        parse_profiles(rd, obj, c) != 0 ||
        parse_string_list(rd, obj, "tags", &c->tags, &c->n_tags) != 0 ||
        parse_string_list(rd, obj, "requirements", &c->requirements, &c->n_requirements) != 0 ||
        parse_string_list(rd, obj, "satisfies", &c->satisfies, &c->n_satisfies) != 0)
        return -1;
    s = sct_json_read_str(rd, obj, "description", false);
    if (rd->failed || own_string(rd, "description", s ? s : "", &c->description) != 0)
        return -1;
    if (parse_files(rd, obj, c) != 0)
        return -1;
    /* Checked against the op's declarations (ops/operators.json
     * "attributes"): an op that declares none refuses every attribute. */
    const sct_op_entry *op = sct_op_find(c->op_type);
    if (sct_case_attributes_parse(rd, sct_json_member(obj, "attributes"), c->op_type,
                                  op ? op->attrs : NULL, op ? op->n_attrs : 0,
                                  &c->attributes, &c->n_attributes) != 0)
        return -1;

    /* The files every case needs: the model and one input file per input
     * of the op (docs/vector-format.md). */
    if (!has_file(c, "model.onnx")) {
        sct_json_problem(rd, "files", true, "no entry for \"model.onnx\"");
        return -1;
    }
    for (size_t k = 0; k < c->n_inputs; k++) {
        char needed[48];
        snprintf(needed, sizeof needed, "test_data_set_0/input_%zu.pb", k);
        if (!has_file(c, needed)) {
            sct_json_problem(rd, "files", true, "no entry for \"%s\"", needed);
            return -1;
        }
    }
    c->has_expected_output = has_file(c, "test_data_set_0/output_0.pb");
    if (c->expectation == SCT_EXPECT_VALUES && !c->has_expected_output)
        return fail(rd, "files", "no entry for \"test_data_set_0/output_0.pb\", which an "
                    "expectation \"values\" case needs");
    if (sct_case_check_signature(c, rd->file, rd->where, rd->err, rd->err_cap) != 0)
        return -1;
    /* A manifest may tighten but never loosen the tolerance policy
     * (docs/architecture.md): a loosened bound would certify what the
     * policy calls a failure. */
    uint32_t policy = sct_default_max_ulp(c->op_type, c->outputs[0].elem_type);
    if (c->expectation == SCT_EXPECT_VALUES && c->max_ulp > policy) {
        sct_json_problem(rd, "tolerance", true,
                         "%u ULP is looser than the policy for %s %s (%u ULP)", c->max_ulp,
                         c->op_type, sct_dtype_name(c->outputs[0].elem_type), policy);
        return -1;
    }
    return 0;
}
