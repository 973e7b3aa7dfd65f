/*
 * manifest_ids.h — duplicate case ids of a manifest (manifest.h): every
 * later occurrence of an id is found at open, once, with a table of 64-bit
 * id hashes (a hash match confirmed by comparing the real ids, so a
 * collision never gives a false duplicate), one parsed entry at a time.
 * Private to harness/io: manifest.c is the caller.
 */
#ifndef SCT_IO_MANIFEST_IDS_H
#define SCT_IO_MANIFEST_IDS_H

#include <stddef.h>

#include "manifest.h"

/* Fills m->dups (sorted by slot) and adds one set-level message per
 * duplicate to set->errors.  0, or -1 with `err` when out of memory. */
int sct_manifest_find_duplicate_ids(sct_manifest *m, sct_manifest_id_hash_fn hash,
                                    sct_vector_set *set, char *err, size_t err_cap);

/* The duplicate entry of `slot`, or NULL when its id is its own. */
const sct_manifest_dup *sct_manifest_find_dup(const sct_manifest *m, size_t slot);

/* "<manifest>: field cases[<slot>].id: duplicate id \"<id>\" (first used
 * by cases[<first>])" into msg. */
void sct_manifest_duplicate_message(const sct_manifest *m, size_t slot, size_t first,
                                    const char *id, char *msg, size_t cap);

#endif /* SCT_IO_MANIFEST_IDS_H */
