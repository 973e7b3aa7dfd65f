/*
 * plugin_fixture.h — loads an adapter plugin as the harness does (dlopen,
 * entry symbol, init) and runs small element-wise cases through it, for
 * the adapters' plugin tests (vendors/{onednn,pocl,onnxruntime-web}/tests).
 * Header-only helpers (static functions) so each test links nothing more.
 */
#ifndef SCT_VENDOR_PLUGIN_FIXTURE_H
#define SCT_VENDOR_PLUGIN_FIXTURE_H

#include <check.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sct_check_main.h"
#include "sonnx_cts/plugin.h"

static const sonnx_plugin_entry *sct_fx_entry;

/* dlopen()s `path` and returns its entry, or NULL (usable outside a
 * test, e.g. in main to decide on a skip). */
static inline const sonnx_plugin_entry *sct_fx_try_load(const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        fprintf(stderr, "dlopen %s: %s\n", path, dlerror());
        return NULL;
    }
    return dlsym(h, SONNX_PLUGIN_ENTRY_SYMBOL);
}

/* dlopen()s `path` and returns its entry (aborts the test on failure). */
static inline const sonnx_plugin_entry *sct_fx_load(const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    ck_assert_msg(h != NULL, "dlopen %s: %s", path, dlerror());
    const sonnx_plugin_entry *e = dlsym(h, SONNX_PLUGIN_ENTRY_SYMBOL);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->abi_major, SONNX_PLUGIN_ABI_MAJOR);
    return e;
}

typedef struct sct_fx_case {
    const char *op;
    const char *profile;
    int32_t ta, tb, rank_a, rank_b;
    int64_t da[SONNX_MAX_RANK], db[SONNX_MAX_RANK];
    const void *a, *b;
    size_t a_bytes, b_bytes;
} sct_fx_case;

/* One row of an adapter's query table: what query() must answer for op on
 * (A type, B type) under profile "onnx", opset 14. */
typedef struct sct_fx_query_row {
    const char *op;
    int32_t ta, tb;
    sonnx_status want;
} sct_fx_query_row;

/* Asserts the loaded plugin's query() answers row->want; the plugin's
 * message is left in msg. */
static inline void sct_fx_check_query(const sct_fx_query_row *row, char *msg, size_t cap)
{
    sonnx_op op = {row->op, "", 14, "onnx", 0, NULL};
    int32_t t[2] = {row->ta, row->tb};
    ck_assert_int_eq(sct_fx_entry->query(&op, t, 2, msg, cap), row->want);
}

/* Asserts the runtime_version names each of the n identity items (what the
 * result depends on: ISA, threads, build flags, library sha256). */
static inline void sct_fx_check_identity(const char *const *items, size_t n)
{
    const char *v = sct_fx_entry->runtime_version;
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(strstr(v, items[i]) != NULL, "%s lacks %s", v, items[i]);
}

/* Runs one case into `out` (capacity `out_cap`); returns the status, the
 * output tensor as the plugin described it in *o, message in `msg`. */
static inline sonnx_status sct_fx_run(const sct_fx_case *c, void *out,
                                      size_t out_cap, sonnx_tensor *o,
                                      char *msg, size_t msg_cap)
{
    sonnx_op op = {c->op, "", 14, c->profile ? c->profile : "onnx", 0, NULL};
    sonnx_tensor in[2];
    memset(in, 0, sizeof in);
    in[0].elem_type = c->ta;
    in[0].rank = c->rank_a;
    memcpy(in[0].dims, c->da, sizeof c->da);
    in[0].data = (void *)c->a;
    in[0].nbytes = c->a_bytes;
    in[1].elem_type = c->tb;
    in[1].rank = c->rank_b;
    memcpy(in[1].dims, c->db, sizeof c->db);
    in[1].data = (void *)c->b;
    in[1].nbytes = c->b_bytes;
    memset(o, 0, sizeof *o);
    o->data = out;
    o->nbytes = out_cap;
    msg[0] = '\0';
    return sct_fx_entry->run(&op, in, 2, o, 1, msg, msg_cap);
}

/* The plugin under test (main's argument), the options its init gets
 * (main's optional second argument, else ""), and a message buffer. */
static const char *sct_fx_path;
static const char *sct_fx_options = "";
static char sct_fx_msg[512];

/* The checked fixture most adapter tests want: load and init with no
 * options before each test, shutdown after. */
static inline void sct_fx_open(void)
{
    sct_fx_entry = sct_fx_load(sct_fx_path);
    ck_assert_msg(sct_fx_entry->init(sct_fx_path, sct_fx_options, sct_fx_msg,
                                     sizeof sct_fx_msg) == SONNX_STATUS_OK,
                  "init: %s", sct_fx_msg);
}

static inline void sct_fx_close(void) { sct_fx_entry->shutdown(); }

/* main() of an adapter's plugin test: argv[1] is the plugin, argv[2] (if
 * given) the options of every init; one test case
 * `suite` with the sct_fx_open/close fixture and a timeout of `timeout`
 * seconds (loading a large runtime under valgrind takes long); `add` adds
 * the tests. */
static inline int sct_fx_main(int argc, char **argv, const char *suite,
                              double timeout, void (*add)(TCase *))
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: %s PLUGIN [OPTIONS]\n", argv[0]);
        return 2;
    }
    sct_fx_path = argv[1];
    if (argc == 3)
        sct_fx_options = argv[2];
    Suite *s = suite_create(suite);
    TCase *tc = tcase_create("plugin");
    tcase_set_timeout(tc, timeout);
    tcase_add_checked_fixture(tc, sct_fx_open, sct_fx_close);
    add(tc);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}

#endif /* SCT_VENDOR_PLUGIN_FIXTURE_H */
