/* ref_binop16.c — see ref_binop16.h. */
#include "ref_binop16.h"

#include <check.h>

static int exp_bits_of(const ref_format *f) { return f->emax == 15 ? 5 : 8; }

static uint16_t inf_of(const ref_format *f)
{
    return (uint16_t)(((1u << exp_bits_of(f)) - 1u) << (f->precision - 1));
}

static bool is_nan16(const ref_format *f, uint16_t h)
{
    return (h & 0x7fffu) > inf_of(f);
}

static bool is_inf16(const ref_format *f, uint16_t h)
{
    return (h & 0x7fffu) == inf_of(f);
}

static bool is_zero16(uint16_t h) { return (h & 0x7fffu) == 0; }

uint16_t ref_div16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan)
{
    uint16_t sign = (uint16_t)((a ^ b) & 0x8000u); /* §6.3: XOR of signs */
    *is_nan = false;
    if (is_nan16(f, a) || is_nan16(f, b) || (is_inf16(f, a) && is_inf16(f, b)) ||
        (is_zero16(a) && is_zero16(b))) {
        *is_nan = true; /* §6.2 NaN operand, §7.2 invalid */
        return 0;
    }
    if (is_inf16(f, a))
        return (uint16_t)(sign | inf_of(f)); /* inf / finite */
    if (is_inf16(f, b) || is_zero16(a))
        return sign; /* finite / inf, 0 / nonzero */
    if (is_zero16(b))
        return (uint16_t)(sign | inf_of(f)); /* §7.3 division by zero */
    int sa, sb, ea, eb;
    uint64_t ma, mb;
    ref_split16(f, a, &sa, &ma, &ea);
    ref_split16(f, b, &sb, &mb, &eb);
    return ref_divide(f, sa ^ sb, ma, ea, mb, eb);
}

uint16_t ref_mul16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan)
{
    uint16_t sign = (uint16_t)((a ^ b) & 0x8000u);
    *is_nan = false;
    if (is_nan16(f, a) || is_nan16(f, b) || (is_inf16(f, a) && is_zero16(b)) ||
        (is_zero16(a) && is_inf16(f, b))) {
        *is_nan = true;
        return 0;
    }
    if (is_inf16(f, a) || is_inf16(f, b))
        return (uint16_t)(sign | inf_of(f));
    if (is_zero16(a) || is_zero16(b))
        return sign;
    int sa, sb, ea, eb;
    uint64_t ma, mb;
    ref_split16(f, a, &sa, &ma, &ea);
    ref_split16(f, b, &sb, &mb, &eb);
    return ref_round(f, sa ^ sb, ma * mb, ea + eb, false); /* exact product */
}

uint16_t ref_add16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan)
{
    *is_nan = false;
    if (is_nan16(f, a) || is_nan16(f, b) ||
        (is_inf16(f, a) && is_inf16(f, b) && ((a ^ b) & 0x8000u))) {
        *is_nan = true; /* §6.2 NaN operand, §7.2 inf - inf */
        return 0;
    }
    if (is_inf16(f, a))
        return a;
    if (is_inf16(f, b))
        return b;
    if (is_zero16(a) && is_zero16(b)) /* §6.3: -0 only for -0 + -0 */
        return (uint16_t)(a & b & 0x8000u);
    int sa, sb, ea, eb;
    uint64_t ma, mb;
    ref_split16(f, a, &sa, &ma, &ea);
    ref_split16(f, b, &sb, &mb, &eb);
    if (ma == 0)
        return b; /* ±0 + b = b exactly (b != 0) */
    if (mb == 0)
        return a;
    if (ea < eb) { /* a: the operand of the larger exponent */
        int ts = sa; sa = sb; sb = ts;
        int te = ea; ea = eb; eb = te;
        uint64_t tm = ma; ma = mb; mb = tm;
    }
    int d = ea - eb;
    if (d > 51) {
        /* |b| < 2^(eb+p) <= 2^(ea-40): below one unit of M = ma·2^40, so
         * the sum is M·2^(ea-40) plus (same signs) or minus (opposite) a
         * fraction of a unit: M or M - 1, with a sticky remainder */
        uint64_t m = ma << 40;
        return ref_round(f, sa, sa == sb ? m : m - 1u, ea - 40, true);
    }
    int64_t x = (int64_t)(ma << d), y = (int64_t)mb; /* < 2^62: exact */
    int64_t v = (sa ? -x : x) + (sb ? -y : y);
    if (v == 0)
        return 0; /* exact zero: +0 under roundTiesToEven (§6.3) */
    return ref_round(f, v < 0, (uint64_t)(v < 0 ? -v : v), eb, false);
}

uint16_t ref_sub16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan)
{
    if (is_nan16(f, b)) {
        *is_nan = true;
        return 0;
    }
    return ref_add16(f, a, (uint16_t)(b ^ 0x8000u), is_nan); /* a - b = a + (-b) */
}

void ref_check_pairs(const char *what, const ref_format *f, ref_binop16_fn ref,
                     const uint16_t *a, const uint16_t *b, const uint16_t *got,
                     uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        bool nan = false;
        uint16_t want = ref(f, a[i], b[i], &nan);
        if (nan ? !is_nan16(f, got[i]) : got[i] != want)
            ck_abort_msg("%s(0x%04x, 0x%04x) = 0x%04x, expected %s0x%04x", what,
                         a[i], b[i], got[i], nan ? "NaN, e.g. " : "",
                         nan ? (unsigned)(inf_of(f) | 1u) : (unsigned)want);
    }
}
