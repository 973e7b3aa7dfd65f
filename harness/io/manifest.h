/*
 * manifest.h — manifest.json (docs/vector-format.md) as an INDEX of its case
 * entries, each materialised on demand (peak memory flat in the
 * number of cases).
 *
 * At open the file is read once, in chunks (harness/jsonstream): validated
 * as JSON, hashed (sha256: the set identity), scanned for \u0000 and raw
 * control characters, its top-level fields checked, and the "cases" array
 * indexed by element spans (24 bytes per case).  One more pass parses each
 * element alone (one tree at a time, freed at once) to find duplicate ids
 * with a table of 64-bit id hashes; a hash match is confirmed by comparing
 * the real ids, so a collision never gives a false duplicate.  What stays in
 * memory is the index plus the (few) duplicate slots.
 *
 * A case is then materialised with sct_manifest_case(): its element is
 * re-read (checked against the hash recorded at open: a file edited during
 * the run is reported, not read differently) and validated field by field
 * (required fields, JSON types, op, dtype names, shapes, tolerance not
 * looser than the policy, expectation, profiles, relative paths that cannot
 * escape, sha256 syntax, duplicate keys, duplicate ids); a bad entry gives
 * a slot with `error` set.  Files on disk are checked separately
 * (manifest_files.h).
 */
#ifndef SCT_IO_MANIFEST_H
#define SCT_IO_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/model/case.h"
#include "sct/jsonstream/json_index.h"

/* One case entry larger than this is refused with the whole manifest: it
 * would have to be parsed in one piece (a real entry is about 1 KB). */
#define SCT_IO_MAX_MANIFEST_ENTRY_BYTES ((uint64_t)1 << 20) /* 1 MiB */

/* Hash of a case id for the duplicate search.  Injectable so that tests
 * can force collisions (e.g. a constant) and check that only equal ids are
 * called duplicates. */
typedef uint64_t (*sct_manifest_id_hash_fn)(const char *id);

/* A later slot whose id was first used by an earlier one. */
typedef struct sct_manifest_dup {
    size_t slot, first;
} sct_manifest_dup;

typedef struct sct_manifest {
    sct_json_index ix;        /* root freed after open: only the spans stay */
    char *display;            /* manifest path as shown in messages */
    sct_manifest_dup *dups; size_t n_dups; /* sorted by slot */
    /* The one materialised case of sct_vector_set_case(). */
    sct_case slot;
    size_t slot_index;
    bool slot_full;
} sct_manifest;

/* Opens the manifest at `path` (display: the name shown in messages) and
 * fills set->manifest, set->n_cases, set->set_sha256, set->format_version
 * and set->errors (one per duplicate id).  `hash` NULL means sct_json_fnv1a_str (FNV-1a).
 * Returns 0, or -1 with `err` when the manifest as a whole is unusable
 * (unreadable, invalid JSON with line and column, \u0000 or a raw control
 * character, wrong format or major version, no "cases" array, an entry
 * above SCT_IO_MAX_MANIFEST_ENTRY_BYTES). */
int sct_manifest_open(const char *path, const char *display, sct_manifest_id_hash_fn hash,
                      sct_vector_set *set, char *err, size_t err_cap);

/* Materialises entry i (< set->n_cases) into *c, which is overwritten
 * (free it with sct_case_free_fields).  Never fails: a problem, including
 * an element that cannot be re-read, becomes c->error; every string of *c
 * is non-NULL; an entry without a usable id is called "cases[i]". */
void sct_manifest_case(const sct_manifest *m, size_t i, sct_case *c);

void sct_manifest_free(sct_manifest *m);

#endif /* SCT_IO_MANIFEST_H */
