/*
 * deviation_names.c — the stable names of deviation classes used in every
 * report (JSON keys, text lines, JUnit messages).  Renaming one breaks
 * report consumers and baselines: add, never rename
 * (docs/report-format.md, "Deviation classes").
 */
#include "sct/check/compare.h"
#include "sct/text/name_table.h"

#include <string.h>

static const char *const k_names[SCT_DEV_COUNT] = {
    [SCT_DEV_NONE] = "none",
    [SCT_DEV_ZERO_SIGN] = "zero-sign",
    [SCT_DEV_SUBNORMAL_FLUSHED] = "subnormal-flushed",
    [SCT_DEV_NAN_EXPECTED] = "nan-expected",
    [SCT_DEV_UNEXPECTED_NAN] = "unexpected-nan",
    [SCT_DEV_NAN_PAYLOAD] = "nan-payload",
    [SCT_DEV_INF_EXPECTED_GOT_FINITE] = "inf-expected-got-finite",
    [SCT_DEV_OVERFLOW] = "overflow",
    [SCT_DEV_SIGN_FLIP] = "sign-flip",
    [SCT_DEV_ROUNDED_TOWARD_ZERO] = "rounded-toward-zero",
    [SCT_DEV_ROUNDED_AWAY_FROM_ZERO] = "rounded-away-from-zero",
    [SCT_DEV_OFF_BY_ULP] = "off-by-n-ulp",
    [SCT_DEV_INT_SATURATED] = "int-saturated",
    [SCT_DEV_INT_FLOOR] = "int-floor",
    [SCT_DEV_INT_TRUNCATED] = "int-truncated",
    [SCT_DEV_INT_WRONG] = "int-wrong",
    [SCT_DEV_BOOL_NAN_COMPARE] = "bool-nan-compare",
    [SCT_DEV_BOOL_WRONG] = "bool-wrong",
    [SCT_DEV_OTHER] = "other",
};

const char *sct_deviation_name(sct_deviation d)
{
    return sct_name_of(k_names, SCT_DEV_COUNT, (int)d, "other");
}

sct_deviation sct_deviation_from_name(const char *name)
{
    return (sct_deviation)sct_name_find(k_names, SCT_DEV_COUNT, name);
}
