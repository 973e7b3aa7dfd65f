/*
 * int_div_zero_crash.c — defect: integer Div divides without checking for
 * a zero divisor, so the CPU traps (SIGFPE on x86).  sonnx-div leaves the
 * VALUE of x/0 undefined for integers, but an implementation must not
 * crash: those cases are "no-crash" cases.  Expected finding: CRASH with
 * SIGFPE on exactly the integer Div cases with a zero divisor element.
 * (INT_MIN / -1 also traps on x86; it is left to the built-in here so that
 * the finding is tied to one cause.)
 */
#include "mutant.h"

const char sct_mutant_name[] = "int-div-zero-crash";

/* The unchecked division a careless runtime does.  Operands and result go
 * through volatile objects so the compiler can neither fold nor drop the
 * division (it may assume a divisor it knows to be 0 never happens); the
 * sanitizers are kept out so the trap is the CPU's, as in a vendor library. */
static volatile int64_t g_dividend = 1, g_divisor, g_quotient;

__attribute__((noinline, no_sanitize("integer-divide-by-zero")))
static void unchecked_div(int64_t divisor)
{
    g_divisor = divisor;
    g_quotient = g_dividend / g_divisor;
}

static bool is_int(int32_t t)
{
    return t == SONNX_DT_INT8 || t == SONNX_DT_INT16 || t == SONNX_DT_INT32 ||
           t == SONNX_DT_INT64 || t == SONNX_DT_UINT8 || t == SONNX_DT_UINT16 ||
           t == SONNX_DT_UINT32 || t == SONNX_DT_UINT64;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    if (sct_mutant_is_op(op, "Div") && n_in == 2 && is_int(in[1].elem_type)) {
        uint64_t n = sct_mutant_nelem(&in[1]);
        for (uint64_t i = 0; i < n; i++)
            if (sct_mutant_get(&in[1], i) == 0)
                unchecked_div((int64_t)sct_mutant_get(&in[1], i));
    }
    return sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
}
