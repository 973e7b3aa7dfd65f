/*
 * name_table.h — the stable names of an enumeration, kept as one table
 * indexed by the enumerator ([SCT_X] = "x"), read both ways.  The
 * deviation classes (deviation_names.c) and the case verdicts
 * (results/verdict.c) are such tables: their names are written into every
 * report and read back from baselines and merged shards, so the lookups
 * live once.
 */
#ifndef SCT_CHECK_NAME_TABLE_H
#define SCT_CHECK_NAME_TABLE_H

#include <stddef.h>

/* names[value], or `fallback` when value is outside 0..n-1. */
const char *sct_name_of(const char *const *names, size_t n, int value,
                        const char *fallback);

/* The index of `name` in names[0..n-1]; n when absent or NULL. */
size_t sct_name_find(const char *const *names, size_t n, const char *name);

#endif /* SCT_CHECK_NAME_TABLE_H */
