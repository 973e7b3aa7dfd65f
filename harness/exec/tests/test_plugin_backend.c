/*
 * test_plugin_backend.c — sct_backend_open_plugin / sct_backend_run against
 * the fixture plugin (fixture_plugin.c) in each of its misbehaviours, and
 * against the loader fixtures: every defect must be caught, classified as
 * the plugin ABI requires (docs/plugin-abi.md), pinned to the call that
 * caused it, and the backend must go
 * on serving the next call.  Expected values are literals or computed here.
 */
#include <check.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sct/exec/backend.h"
#include "sct_check_main.h"

#define N 1001 /* 4004 bytes: an output size that is not a page multiple */

static sct_backend *open_mode(const char *mode, bool isolate, double timeout)
{
    sct_backend_options o = {.isolate = isolate, .timeout_seconds = timeout, .vendor_options = mode};
    char err[1024] = "";
    sct_backend *b = sct_backend_open_plugin(FIXTURE_PLUGIN, &o, err, sizeof err);
    ck_assert_msg(b != NULL, "open %s: %s", mode, err);
    return b;
}

static float a_f[N], b_f[N], c_f[N];

static sct_exec_result run_mul(sct_backend *b, float a0)
{
    for (int i = 0; i < N; i++) {
        a_f[i] = (float)(i % 17) + 0.5f;
        b_f[i] = (float)(i % 5) - 2.0f;
        c_f[i] = -1.0f;
    }
    a_f[0] = a0;
    sonnx_op op = {"Mul", "", 14, "sonnx", 0, NULL};
    sonnx_tensor in[2], out[1];
    memset(in, 0, sizeof in);
    memset(out, 0, sizeof out);
    in[0].elem_type = in[1].elem_type = out[0].elem_type = SONNX_DT_FLOAT;
    in[0].rank = in[1].rank = out[0].rank = 1;
    in[0].dims[0] = in[1].dims[0] = out[0].dims[0] = N;
    in[0].data = a_f; in[1].data = b_f; out[0].data = c_f;
    in[0].nbytes = in[1].nbytes = out[0].nbytes = sizeof a_f;
    return sct_backend_run(b, &op, in, 2, out, 1);
}

static void assert_mul_values(void)
{
    for (int i = 0; i < N; i++) {
        float want = ((i == 0 ? a_f[0] : (float)(i % 17) + 0.5f)) *
                     ((float)(i % 5) - 2.0f);
        ck_assert_msg(memcmp(&c_f[i], &want, sizeof want) == 0, "c[%d]=%g want %g",
                      i, (double)c_f[i], (double)want);
    }
}

static int32_t a_i[4], b_i[4], c_i[4];

static sct_exec_result run_div(sct_backend *b, int32_t divisor3)
{
    static const int32_t A[4] = {7, -7, 9, 100};
    int32_t B[4] = {2, 2, -4, divisor3};
    memcpy(a_i, A, sizeof A);
    memcpy(b_i, B, sizeof B);
    memset(c_i, 0, sizeof c_i);
    sonnx_op op = {"Div", "", 14, "sonnx", 0, NULL};
    sonnx_tensor in[2], out[1];
    memset(in, 0, sizeof in);
    memset(out, 0, sizeof out);
    in[0].elem_type = in[1].elem_type = out[0].elem_type = SONNX_DT_INT32;
    in[0].rank = in[1].rank = out[0].rank = 1;
    in[0].dims[0] = in[1].dims[0] = out[0].dims[0] = 4;
    in[0].data = a_i; in[1].data = b_i; out[0].data = c_i;
    in[0].nbytes = in[1].nbytes = out[0].nbytes = sizeof a_i;
    return sct_backend_run(b, &op, in, 2, out, 1);
}

#define ASSERT_STATUS(r, want) \
    ck_assert_msg((r).status == (want), "status %s, want %s: %s", \
                  sct_exec_status_name((r).status), sct_exec_status_name(want), \
                  (r).message)

START_TEST(isolated_ok_run_and_identity)
{
    sct_backend *b = open_mode("ok", true, 0);
    const sct_backend_identity *id = sct_backend_identity_of(b);
    ck_assert_str_eq(id->vendor, "sonnx-cts tests");
    ck_assert_str_eq(id->runtime_name, "fixture");
    /* the identity lists the protections that hold */
    ck_assert_ptr_nonnull(strstr(id->isolation, "sandboxed child process ("));
    ck_assert_uint_eq(id->abi_major, SONNX_PLUGIN_ABI_MAJOR);
    for (int rep = 0; rep < 3; rep++) {
        sct_exec_result r = run_mul(b, 3.0f);
        ASSERT_STATUS(r, SCT_EXEC_OK);
        assert_mul_values();
    }
    sct_exec_result r = run_div(b, 3);
    ASSERT_STATUS(r, SCT_EXEC_OK);
    /* ONNX Div on integers truncates toward zero (onnx-div) */
    ck_assert_int_eq(c_i[0], 3);
    ck_assert_int_eq(c_i[1], -3);
    ck_assert_int_eq(c_i[2], -2);
    ck_assert_int_eq(c_i[3], 33);
    sct_backend_close(b);
}
END_TEST

START_TEST(query_through_child)
{
    sct_backend *b = open_mode("ok", true, 0);
    sonnx_op pow = {"Pow", "", 15, "sonnx", 0, NULL}, mul = {"Mul", "", 14, "sonnx", 0, NULL};
    int32_t t[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    sct_exec_result r = sct_backend_query(b, &pow, t, 2);
    ASSERT_STATUS(r, SCT_EXEC_UNSUPPORTED);
    ck_assert_ptr_nonnull(strstr(r.message, "only Mul"));
    r = sct_backend_query(b, &mul, t, 2);
    ASSERT_STATUS(r, SCT_EXEC_OK);
    sct_backend_close(b);
}
END_TEST

START_TEST(sigfpe_then_recovers)
{
    sct_backend *b = open_mode("sigfpe", true, 0);
    for (int rep = 0; rep < 5; rep++) {
        sct_exec_result r = run_div(b, 0);
        ASSERT_STATUS(r, SCT_EXEC_CRASH);
        ck_assert_int_eq(r.signal_number, SIGFPE);
        r = run_div(b, 3);
        ASSERT_STATUS(r, SCT_EXEC_OK);
        ck_assert_int_eq(c_i[1], -3);
    }
    sct_backend_close(b);
}
END_TEST

static void expect_crash(const char *mode, int sig, int exit_code)
{
    sct_backend *b = open_mode(mode, true, 0);
    sct_exec_result r = run_mul(b, 1.0f);
    ASSERT_STATUS(r, SCT_EXEC_CRASH);
    ck_assert_int_eq(r.signal_number, sig);
    ck_assert_int_eq(r.exit_code, exit_code);
    /* the next call gets a fresh worker and is classified on its own */
    r = run_mul(b, 1.0f);
    ASSERT_STATUS(r, SCT_EXEC_CRASH);
    sct_backend_close(b);
}

START_TEST(sigsegv) { expect_crash("sigsegv", SIGSEGV, -1); }
END_TEST
START_TEST(sigabrt) { expect_crash("abort", SIGABRT, -1); }
END_TEST
START_TEST(exit3) { expect_crash("exit3", 0, 3); }
END_TEST
START_TEST(stack_overflow) { expect_crash("stack-overflow", SIGSEGV, -1); }
END_TEST

START_TEST(hang_times_out_then_recovers)
{
    sct_backend *b = open_mode("hang", true, 0.5);
    sct_exec_result r = run_mul(b, 7.0f);
    ASSERT_STATUS(r, SCT_EXEC_TIMEOUT);
    ck_assert(r.seconds >= 0.5);
    r = run_mul(b, 3.0f);
    ASSERT_STATUS(r, SCT_EXEC_OK);
    assert_mul_values();
    sct_backend_close(b);
}
END_TEST

static void expect_status(const char *mode, bool isolate, sct_exec_status want,
                          const char *in_message)
{
    sct_backend *b = open_mode(mode, isolate, 0);
    sct_exec_result r = run_mul(b, 1.0f);
    ASSERT_STATUS(r, want);
    if (in_message)
        ck_assert_msg(strstr(r.message, in_message) != NULL, "message: %s", r.message);
    sct_backend_close(b);
}

START_TEST(write_past_output_one_byte)
{ expect_status("write-past", true, SCT_EXEC_WRITE_PAST_OUTPUT, "past the end of output 0"); }
END_TEST
START_TEST(write_past_output_one_element)
{ expect_status("write-past-element", true, SCT_EXEC_WRITE_PAST_OUTPUT, "output 0"); }
END_TEST
START_TEST(write_before_output)
{ expect_status("write-before", true, SCT_EXEC_WRITE_PAST_OUTPUT, "before the start"); }
END_TEST
START_TEST(write_to_input)
{ expect_status("write-input", true, SCT_EXEC_WRITE_TO_INPUT, "input 0"); }
END_TEST
START_TEST(write_to_input_after_mprotect)
{ expect_status("mprotect-input", true, SCT_EXEC_WRITE_TO_INPUT, "read-only input 0"); }
END_TEST

/* The input arena is sealed (docs/plugin-abi.md §5): no way of the
 * worker's process writes it, so no compare after the call is needed. */
START_TEST(input_arena_cannot_be_written)
{ expect_status("unseal-input", true, SCT_EXEC_ERROR, "none"); }
END_TEST
START_TEST(bad_status)
{ expect_status("status42", true, SCT_EXEC_BAD_STATUS, "42"); }
END_TEST
START_TEST(error_status)
{ expect_status("error", true, SCT_EXEC_ERROR, "internal error"); }
END_TEST
START_TEST(bad_dims)
{ expect_status("bad-dims", true, SCT_EXEC_BAD_OUTPUT_META, "dims[0]"); }
END_TEST
START_TEST(bad_type)
{ expect_status("bad-type", true, SCT_EXEC_BAD_OUTPUT_META, "elem_type"); }
END_TEST
START_TEST(swapped_pointer)
{ expect_status("swap-pointer", true, SCT_EXEC_BAD_OUTPUT_META, "data pointer"); }
END_TEST
START_TEST(stdout_chatter_is_harmless)
{ expect_status("stdout", true, SCT_EXEC_OK, NULL); }
END_TEST

START_TEST(sigill) { expect_crash("sigill", SIGILL, -1); }
END_TEST
START_TEST(sigbus) { expect_crash("sigbus", SIGBUS, -1); }
END_TEST

START_TEST(read_past_input_is_a_crash_named_as_such)
{ expect_status("read-past-input", true, SCT_EXEC_CRASH, "past the end of input 0"); }
END_TEST

START_TEST(no_write_is_not_credited_with_stale_values)
{
    /* a correct run first, so the arena holds the right answer... */
    sct_backend *good = open_mode("ok", true, 0);
    ASSERT_STATUS(run_mul(good, 3.0f), SCT_EXEC_OK);
    sct_backend_close(good);
    /* ...then a plugin that returns OK without writing: the output must
     * be the poison pattern, not a previous result */
    sct_backend *b = open_mode("no-write", true, 0);
    ASSERT_STATUS(run_mul(b, 3.0f), SCT_EXEC_OK);
    ASSERT_STATUS(run_mul(b, 3.0f), SCT_EXEC_OK);
    const unsigned char *p = (const unsigned char *)c_f;
    for (size_t i = 0; i < sizeof c_f; i++)
        ck_assert_uint_eq(p[i], 0xA5);
    sct_backend_close(b);
}
END_TEST

START_TEST(arena_grows_for_large_tensors)
{
    /* 3 x 24 MiB: more than the initial arena, so parent and worker remap */
    size_t n = 6u << 20;
    float *a = malloc(n * 4), *bb = malloc(n * 4), *c = malloc(n * 4);
    ck_assert(a && bb && c);
    for (size_t i = 0; i < n; i++) {
        a[i] = (float)(i % 1000);
        bb[i] = 0.5f;
    }
    sct_backend *b = open_mode("ok", true, 30);
    sonnx_op op = {"Mul", "", 14, "sonnx", 0, NULL};
    sonnx_tensor in[2], out[1];
    memset(in, 0, sizeof in);
    memset(out, 0, sizeof out);
    in[0].elem_type = in[1].elem_type = out[0].elem_type = SONNX_DT_FLOAT;
    in[0].rank = in[1].rank = out[0].rank = 1;
    in[0].dims[0] = in[1].dims[0] = out[0].dims[0] = (int64_t)n;
    in[0].data = a; in[1].data = bb; out[0].data = c;
    in[0].nbytes = in[1].nbytes = out[0].nbytes = n * 4;
    ASSERT_STATUS(sct_backend_run(b, &op, in, 2, out, 1), SCT_EXEC_OK);
    for (size_t i = 0; i < n; i += 4099)
        ck_assert(c[i] == (float)(i % 1000) * 0.5f);
    ck_assert(c[n - 1] == (float)((n - 1) % 1000) * 0.5f);
    /* and a small call afterwards still works in the grown arena */
    ASSERT_STATUS(run_mul(b, 3.0f), SCT_EXEC_OK);
    assert_mul_values();
    sct_backend_close(b);
    free(a);
    free(bb);
    free(c);
}
END_TEST

/* Zero-copy slots (backend.h): inputs written in place, outputs read in
 * place, the same results as run(); each output keeps a guard page right
 * after its end, also for a call shorter than its slot after a full one
 * (the worker keeps other slots' outputs writable, never a guard). */
static sct_exec_result run_slot_mul(sct_backend *b, sct_backend_slot *slot, int n,
                                    const float **got)
{
    float *a = slot->inputs[0], *bb = slot->inputs[1];
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 17) + 0.5f;
        bb[i] = (float)(i % 5) - 2.0f;
    }
    sonnx_op op = {"Mul", "", 14, "sonnx", 0, NULL};
    sonnx_tensor in[2], out[1];
    memset(in, 0, sizeof in);
    memset(out, 0, sizeof out);
    in[0].elem_type = in[1].elem_type = out[0].elem_type = SONNX_DT_FLOAT;
    in[0].rank = in[1].rank = out[0].rank = 1;
    in[0].dims[0] = in[1].dims[0] = out[0].dims[0] = n;
    in[0].data = a;
    in[1].data = bb;
    in[0].nbytes = in[1].nbytes = out[0].nbytes = (uint64_t)n * 4;
    sct_exec_result r = sct_backend_run_slot(b, slot, &op, in, 2, out, 1);
    *got = out[0].data;
    return r;
}

START_TEST(slots_read_in_place_and_keep_guards)
{
    sct_backend *b = open_mode("write-past-short", true, 0);
    sct_backend_slot s[2];
    char err[256];
    for (int k = 0; k < 2; k++) {
        memset(&s[k], 0, sizeof s[k]);
        s[k].n_inputs = 2;
        s[k].n_outputs = 1;
        s[k].input_cap[0] = s[k].input_cap[1] = s[k].output_cap[0] = 4096 * 4;
        ck_assert_msg(sct_backend_slot_open(b, &s[k], err, sizeof err) == 0, "%s", err);
    }
    static const int order[] = {0, 1, 0, 1};
    for (size_t c = 0; c < sizeof order / sizeof order[0]; c++) {
        const float *got = NULL;
        sct_exec_result r = run_slot_mul(b, &s[order[c]], 4096, &got);
        ASSERT_STATUS(r, SCT_EXEC_OK);
        const float *a = s[order[c]].inputs[0], *bb = s[order[c]].inputs[1];
        for (int i = 0; i < 4096; i++)
            ck_assert_msg(got[i] == a[i] * bb[i], "element %d", i);
    }
    /* 1000 elements: one page of the slot's four; the next is its guard */
    const float *got = NULL;
    sct_exec_result r = run_slot_mul(b, &s[0], 1000, &got);
    ASSERT_STATUS(r, SCT_EXEC_WRITE_PAST_OUTPUT);
    for (int k = 0; k < 2; k++)
        sct_backend_slot_close(b, &s[k]);
    sct_backend_close(b);
}
END_TEST

START_TEST(worker_does_not_inherit_harness_files)
{
    /* a file the harness has open (say, the report being written) */
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    sct_backend *b = open_mode("count-fds", true, 0);
    sct_exec_result r = run_mul(b, 1.0f);
    ASSERT_STATUS(r, SCT_EXEC_ERROR);
    /* only the worker's socket and the two arena memfds */
    ck_assert_str_eq(r.message, "3");
    sct_backend_close(b);
    fclose(f);
}
END_TEST

/* The worker is a freshly exec'd image: nothing of the harness's memory
 * (the goldens of the case at hand) is in it (docs/plugin-abi.md 5).  A
 * marker in the harness's heap — random bytes, then the same XOR 0x5A —
 * must not be found by the plugin, neither in the first worker nor in one
 * re-started after a crash, when the harness holds much more. */
START_TEST(worker_holds_nothing_of_the_harness_memory)
{
    unsigned char *marker = malloc(64);
    ck_assert_ptr_nonnull(marker);
    unsigned char *m = (unsigned char *)(((uintptr_t)marker + 7) & ~(uintptr_t)7);
    FILE *r = fopen("/dev/urandom", "rb");
    ck_assert(r != NULL && fread(m, 1, 16, r) == 16);
    fclose(r);
    m[0] = 0x11;
    m[1] = 0x22; /* never a run of one byte */
    for (int k = 0; k < 16; k++)
        m[16 + k] = (unsigned char)(m[k] ^ 0x5A);
    sct_backend *b = open_mode("scan-memory", true, 0);
    sct_exec_result res = run_mul(b, 1.0f);
    ASSERT_STATUS(res, SCT_EXEC_ERROR);
    ck_assert_str_eq(res.message, "not found");
    sct_backend_close(b);
    /* control: the harness itself does hold it */
    ck_assert_int_eq(m[16], m[0] ^ 0x5A);
    free(marker);
}
END_TEST

START_TEST(crash_between_calls_is_not_blamed_on_the_next_case)
{
    sct_backend *b = open_mode("crash-later", true, 0);
    ASSERT_STATUS(run_mul(b, 3.0f), SCT_EXEC_OK);
    struct timespec ts = {0, 300 * 1000 * 1000}; /* the thread faults at 50 ms */
    nanosleep(&ts, NULL);
    sct_exec_result r = run_mul(b, 3.0f);
    ASSERT_STATUS(r, SCT_EXEC_OK); /* this case itself is fine */
    assert_mul_values();
    ck_assert_msg(strstr(r.message, "between calls") != NULL, "%s", r.message);
    sct_backend_close(b);
}
END_TEST

START_TEST(init_hang_times_out)
{
    sct_backend_options o = {.isolate = true, .timeout_seconds = 0.5, .vendor_options = "init-hang"};
    char err[1024] = "";
    ck_assert_ptr_null(sct_backend_open_plugin(FIXTURE_PLUGIN, &o, err, sizeof err));
    ck_assert_msg(strstr(err, "did not finish") != NULL, "%s", err);
}
END_TEST

START_TEST(no_isolate_identity_and_checks)
{
    sct_backend *b = open_mode("ok", false, 0);
    ck_assert_ptr_nonnull(strstr(sct_backend_identity_of(b)->isolation, "no-isolate"));
    sct_exec_result r = run_mul(b, 2.0f);
    ASSERT_STATUS(r, SCT_EXEC_OK);
    assert_mul_values();
    sct_backend_close(b);
    expect_status("write-input", false, SCT_EXEC_WRITE_TO_INPUT, "input 0");
    expect_status("write-past", false, SCT_EXEC_WRITE_PAST_OUTPUT, "output 0");
    expect_status("status42", false, SCT_EXEC_BAD_STATUS, "42");
    expect_status("bad-dims", false, SCT_EXEC_BAD_OUTPUT_META, "dims[0]");
}
END_TEST

static void expect_refusal(const char *path, bool isolate, const char *reason)
{
    sct_backend_options o = {.isolate = isolate, .timeout_seconds = 5.0, .vendor_options = ""};
    char err[1024] = "";
    sct_backend *b = sct_backend_open_plugin(path, &o, err, sizeof err);
    ck_assert_msg(b == NULL, "%s was accepted", path);
    ck_assert_msg(strstr(err, path) != NULL, "error does not name the file: %s", err);
    ck_assert_msg(strstr(err, reason) != NULL, "want '%s' in: %s", reason, err);
}

START_TEST(loader_refusals)
{
    for (int iso = 0; iso < 2; iso++) {
        expect_refusal(NOT_ELF_PLUGIN, iso, "cannot be loaded as a shared object");
        expect_refusal(NO_ENTRY_PLUGIN, iso, "entry symbol 'sonnx_plugin_entry_v1' not found");
        expect_refusal(ABI_OLD_PLUGIN, iso, "ABI too old");
        expect_refusal(ABI_NEW_PLUGIN, iso, "ABI too new");
        expect_refusal(SMALL_STRUCT_PLUGIN, iso, "struct_size 16");
        expect_refusal(MISSING_RUN_PLUGIN, iso, "'run'");
        expect_refusal("/nonexistent/plugin.so", iso, "cannot be loaded");
    }
}
END_TEST

START_TEST(init_failures)
{
    for (int iso = 0; iso < 2; iso++) {
        sct_backend_options o = {.isolate = iso, .timeout_seconds = 5.0, .vendor_options = "init-fail"};
        char err[1024] = "";
        ck_assert_ptr_null(sct_backend_open_plugin(FIXTURE_PLUGIN, &o, err, sizeof err));
        ck_assert_msg(strstr(err, "licence server unreachable") != NULL, "%s", err);
        ck_assert_msg(strstr(err, "init failed") != NULL, "%s", err);
    }
    sct_backend_options o = {.isolate = true, .timeout_seconds = 5.0, .vendor_options = "init-crash"};
    char err[1024] = "";
    ck_assert_ptr_null(sct_backend_open_plugin(FIXTURE_PLUGIN, &o, err, sizeof err));
    ck_assert_msg(strstr(err, "crashed while loading") != NULL, "%s", err);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("plugin_backend");
    TCase *tc = tcase_create("isolation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, isolated_ok_run_and_identity);
    tcase_add_test(tc, query_through_child);
    tcase_add_test(tc, sigfpe_then_recovers);
    tcase_add_test(tc, sigsegv);
    tcase_add_test(tc, sigabrt);
    tcase_add_test(tc, exit3);
    tcase_add_test(tc, stack_overflow);
    tcase_add_test(tc, hang_times_out_then_recovers);
    tcase_add_test(tc, write_past_output_one_byte);
    tcase_add_test(tc, write_past_output_one_element);
    tcase_add_test(tc, write_before_output);
    tcase_add_test(tc, write_to_input);
    tcase_add_test(tc, write_to_input_after_mprotect);
    tcase_add_test(tc, input_arena_cannot_be_written);
    tcase_add_test(tc, slots_read_in_place_and_keep_guards);
    tcase_add_test(tc, bad_status);
    tcase_add_test(tc, error_status);
    tcase_add_test(tc, bad_dims);
    tcase_add_test(tc, bad_type);
    tcase_add_test(tc, swapped_pointer);
    tcase_add_test(tc, stdout_chatter_is_harmless);
    tcase_add_test(tc, sigill);
    tcase_add_test(tc, sigbus);
    tcase_add_test(tc, read_past_input_is_a_crash_named_as_such);
    tcase_add_test(tc, no_write_is_not_credited_with_stale_values);
    tcase_add_test(tc, arena_grows_for_large_tensors);
    tcase_add_test(tc, init_hang_times_out);
    tcase_add_test(tc, crash_between_calls_is_not_blamed_on_the_next_case);
    tcase_add_test(tc, worker_does_not_inherit_harness_files);
    tcase_add_test(tc, worker_holds_nothing_of_the_harness_memory);
    tcase_add_test(tc, no_isolate_identity_and_checks);
    tcase_add_test(tc, loader_refusals);
    tcase_add_test(tc, init_failures);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
