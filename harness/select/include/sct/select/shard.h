/*
 * shard.h — deterministic selection of one shard of a run (`run --shard I/N`).
 *
 * Rule (docs/reports.md, "Sharding"): the runner first applies every filter
 * (op, type, tag, case id, profile) to the cases in manifest order; the k-th
 * remaining case (k = 0, 1, ...) belongs to shard (k mod N) + 1.  Shards are
 * numbered 1..N.  The rule depends only on the filtered order, never on time,
 * host or hashing, so the same command on any machine selects the same cases,
 * the N shards are disjoint and together hold every case exactly once, and
 * `sonnx-cts merge` can put the cases back in manifest order by taking them
 * round-robin from shards 1..N (sct_shard_position_of).
 */
#ifndef SCT_SELECT_SHARD_H
#define SCT_SELECT_SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest N accepted: far more than any CI matrix; keeps I/N text short. */
#define SCT_SHARD_MAX_COUNT 100000u

typedef struct sct_shard_spec {
    uint32_t index; /* 1..count */
    uint32_t count; /* >= 1; 1/1 is the whole run */
} sct_shard_spec;

/* The whole run: shard 1 of 1. */
sct_shard_spec sct_shard_whole(void);

/* Parses "I/N" (decimal, 1 <= I <= N <= SCT_SHARD_MAX_COUNT, no sign, no
 * spaces, nothing after N).  Returns 0, or -1 with `err` saying what is
 * wrong with the text. */
int sct_shard_parse(const char *text, sct_shard_spec *out, char *err,
                    size_t err_cap);

/* Does the case at `filtered_index` (0-based position among the cases left
 * after filtering, manifest order) belong to the shard? */
bool sct_shard_selects(const sct_shard_spec *s, size_t filtered_index);

/* How many of `filtered_total` cases the shard selects. */
size_t sct_shard_case_count(const sct_shard_spec *s, size_t filtered_total);

/* Position in the unsharded (filtered) order of the `position_in_shard`-th
 * case of shard `s`. */
size_t sct_shard_position_of(const sct_shard_spec *s, size_t position_in_shard);

#endif /* SCT_SELECT_SHARD_H */
