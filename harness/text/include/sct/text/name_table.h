/*
 * name_table.h — the stable names of an enumeration, kept as one table
 * indexed by the enumerator ([SCT_X] = "x"), read both ways.  The
 * deviation classes (check/deviation_names.c), the case verdicts
 * (results/verdict.c) and the exec statuses (exec/exec_status_name.c) are
 * such tables: their names are written into every report and read back
 * from baselines, bundles and merged shards, so a name and its enumerator
 * come from one table and the lookups live once, here, below every module
 * that names an enumeration.
 */
#ifndef SCT_TEXT_NAME_TABLE_H
#define SCT_TEXT_NAME_TABLE_H

#include <stddef.h>

/* names[value], or `fallback` when value is outside 0..n-1. */
const char *sct_name_of(const char *const *names, size_t n, int value,
                        const char *fallback);

/* The index of `name` in names[0..n-1]; n when absent or NULL. */
size_t sct_name_find(const char *const *names, size_t n, const char *name);

#endif /* SCT_TEXT_NAME_TABLE_H */
