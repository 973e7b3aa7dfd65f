/*
 * json_index.h — one JSON document read from a file in a single streaming
 * pass, validated (RFC 8259 syntax) without being held in memory, with ONE
 * array member of the root object indexed by element spans so that each
 * element is parsed on demand.
 *
 * Why: a vector set's manifest.json and a run's JSON report grow with the
 * number of cases; parsing either whole (text + cJSON tree + model) made
 * peak memory linear in the case count (docs/benchmarks.md §3).
 * With this index a loader keeps 24 bytes per element and one element's
 * tree at a time.
 *
 * Ownership: everything in a sct_json_index is owned by it and released by
 * sct_json_index_free().  The index keeps the file open (O_CLOEXEC) for
 * sct_json_index_element(); elements are re-read with pread, so one index
 * is safe to read from one thread at a time.
 */
#ifndef SCT_JSONSTREAM_JSON_INDEX_H
#define SCT_JSONSTREAM_JSON_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "sct/jsonstream/json_exact.h"

/* Where one element of the indexed array lies in the file. */
typedef struct sct_json_span {
    uint64_t offset;  /* byte offset of the element's first byte */
    uint64_t length;  /* its length in bytes (no surrounding whitespace) */
    uint64_t fnv1a;   /* FNV-1a 64 of those bytes, checked on every re-read:
                         a file edited during the run is reported, not
                         silently read differently */
} sct_json_span;

/* One indexed array (sct_json_index_file_paths). */
typedef struct sct_json_array {
    char *where;      /* its location, member names joined by '.':
                         "cases", "runs.sonnx.cases" */
    size_t first, n;  /* its elements: spans[first .. first + n) */
} sct_json_array;

typedef struct sct_json_index {
    /* The whole document except the indexed array's elements: the root
     * value as cJSON; when the root is an object holding the member, that
     * member is present as an EMPTY array.  Never NULL after success. */
    cJSON *root;
    /* The root is an object and its member `array_member` is an array
     * (the first such member when the name repeats). */
    bool has_array;
    sct_json_span *spans; size_t n_spans;
    /* The indexed arrays in file order (one for sct_json_index_file). */
    sct_json_array *arrays; size_t n_arrays;
    uint64_t file_size;
    int fd;           /* -1 when closed */
} sct_json_index;

/* Called with every byte of the file, in order (e.g. to hash it). */
typedef void (*sct_json_bytes_fn)(void *user, const void *bytes, size_t n);

/* Reads `path` in chunks and indexes it.
 * - max_bytes: files larger than this are refused.
 * - max_element_bytes: an element of the indexed array longer than this
 *   is refused (it would have to be parsed in one piece).
 * - on_bytes (may be NULL) sees the whole file.
 * Returns 0, or -1 with `err` holding the reason only (the caller adds the
 * file name), e.g. "invalid JSON at line 3, column 7 (byte 41): expected
 * ',' or '}' after an object member", "file is 123 bytes, above the limit
 * of 100", "cannot read: Permission denied", "out of memory".  The text
 * after the last value must be whitespace.  Nesting deeper than
 * CJSON_NESTING_LIMIT is refused, as cJSON itself would. */
int sct_json_index_file(const char *path, const char *array_member, uint64_t max_bytes,
                        uint64_t max_element_bytes, sct_json_bytes_fn on_bytes, void *user,
                        sct_json_index *out, char *err, size_t err_cap);

/* The same for every array at a location matching one of the patterns:
 * member names joined by '.', "*" standing for any one name, e.g.
 * {"cases", "runs.*.cases"} indexes a run report's cases and every run's
 * cases of a conformance record (each location once, its first
 * occurrence; member names holding a '.' match no pattern).  The root
 * holds each such array empty. */
int sct_json_index_file_paths(const char *path, const char *const *patterns,
                              size_t n_patterns, uint64_t max_bytes,
                              uint64_t max_element_bytes, sct_json_bytes_fn on_bytes,
                              void *user, sct_json_index *out, char *err, size_t err_cap);

/* Parses element i of the indexed array (0 <= i < n_spans), every number
 * with its literal (json_exact.h: sct_json_u64 reads integers up to 2^64-1
 * exactly; so does `root`).  Returns a new
 * cJSON tree owned by the caller (cJSON_Delete), or NULL with `err` holding
 * the reason ("cannot read: ...", "element 12 changed since the file was
 * indexed (the file was modified during the run)", "out of memory"). */
cJSON *sct_json_index_element(const sct_json_index *ix, size_t i, char *err, size_t err_cap);

/* The bytes of element i, checked against the span's hash, NUL-terminated,
 * owned by the caller (free); NULL with `err` as sct_json_index_element
 * says.  For readers that look at the raw bytes. */
char *sct_json_index_element_text(const sct_json_index *ix, size_t i, char *err,
                                  size_t err_cap);

/* Exactly n bytes of the indexed file at `offset` (pread); 0, or with
 * `err`: -1 on a read error, 1 when the file became shorter. */
int sct_json_index_read(const sct_json_index *ix, uint64_t offset, uint64_t n, void *buf,
                        char *err, size_t err_cap);

/* FNV-1a 64 of n bytes: the hash of sct_json_span.fnv1a, for callers that
 * re-read part of a span and check it against a hash of their own. */
uint64_t sct_json_fnv1a(const void *bytes, size_t n);

/* The same hash of a C string (NULL hashes as ""): the one id hash of the
 * duplicate-id and lookup tables (harness/io manifest, baseline, merge). */
uint64_t sct_json_fnv1a_str(const char *s);

void sct_json_index_free(sct_json_index *ix);

#endif /* SCT_JSONSTREAM_JSON_INDEX_H */
