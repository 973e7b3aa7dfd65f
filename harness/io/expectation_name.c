/*
 * expectation_name.c — the names of sct_expectation (sct/model/case.h),
 * one table read both ways (sct/text/name_table.h): the manifest's
 * "expectation" (docs/vector-format.md), the report's, a bundle's
 * re-derived verdicts and an exported case all use these names.
 */
#include "sct/model/case.h"
#include "sct/text/name_table.h"

static const char *const k_names[SCT_EXPECT_COUNT] = {
    [SCT_EXPECT_VALUES] = "values",
    [SCT_EXPECT_NO_CRASH] = "no-crash",
    [SCT_EXPECT_REJECT] = "reject",
};

const char *sct_expectation_name(sct_expectation e)
{
    return sct_name_of(k_names, SCT_EXPECT_COUNT, (int)e, "values");
}

sct_expectation sct_expectation_from_name(const char *name)
{
    return (sct_expectation)sct_name_find(k_names, SCT_EXPECT_COUNT, name);
}
