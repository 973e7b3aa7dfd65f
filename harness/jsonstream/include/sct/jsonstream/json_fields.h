/*
 * json_fields.h — THE strict JSON field reader: the members of a parsed
 * object (json_exact.h: integers exact) read one by one into C values,
 * every problem named "<file>: <field>: <reason>" (docs/cli.md,
 * "Messages").  The vector manifest (harness/io), a run report, record or
 * baseline read back (harness/results, report_read.h), a sweep shard
 * (harness/sweep, sweep_merge.h), a claim and a waiver file (harness/cli)
 * and a baseline's head when compared (harness/writers) are read with it.
 *
 * Two modes:
 * - strict (manifest, merge, baseline, sweep shards): the first problem
 *   becomes the error in `err` and `failed` is set; later problems are
 *   not written over it, so a caller may read on and test `failed` once.
 * - tolerant (render, compare): a member that is present but malformed
 *   is warned about ("<field>: <reason>" to `warn`); a missing one is not
 *   (its default is what a report of a truncated JSON shows).
 * Whatever the mode, a reader returns a default when a member cannot be
 * used (NULL, "", 0, false), never a guess.
 *
 * Two ways of naming a member in a problem, the two the harness's
 * messages have always had (users and tests read them as they are):
 * - SCT_JSON_NAME_IN_PATH: the member ends the field path and the reason
 *   says what is wrong with it: "cases[0].opset: must be an integer",
 *   "cases[0].id: missing";
 * - SCT_JSON_NAME_IN_REASON: the field is the object and the reason names
 *   the member: "case \"div/x\": missing string \"op\"".
 */
#ifndef SCT_JSONSTREAM_JSON_FIELDS_H
#define SCT_JSONSTREAM_JSON_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

typedef enum sct_json_mode { SCT_JSON_STRICT, SCT_JSON_TOLERANT } sct_json_mode;

typedef enum sct_json_naming {
    SCT_JSON_NAME_IN_PATH,
    SCT_JSON_NAME_IN_REASON
} sct_json_naming;

/* A tolerant reader's warning, one line without the file name. */
typedef void (*sct_json_warn_fn)(void *user, const char *message);

/* How one file's objects are read, and where their problems go.  The
 * caller sets `where` to the object being read ("cases[3]", "identity",
 * "sweep.shard_range"; "" for the root) before reading its members. */
typedef struct sct_json_reader {
    const char *file;         /* the file as the user named it */
    sct_json_mode mode;
    sct_json_naming naming;
    const char *label;        /* written before every field path, e.g.
                                 "field " (harness/io's messages); NULL: none */
    char where[300];
    bool failed;              /* strict: an error is in err */
    char *err; size_t err_cap;
    sct_json_warn_fn warn; void *user;
} sct_json_reader;

/* A nested object's members are read next: `where` becomes
 * "<where>.<name>" ("<name>" at the root) until sct_json_leave(rd, mark)
 * with the mark this returned. */
size_t sct_json_enter(sct_json_reader *rd, const char *name);
void sct_json_leave(sct_json_reader *rd, size_t mark);

/* Member `name` of object `o` (case-sensitive: "Op" is not "op"); NULL
 * when `o` is NULL or not an object or has no such member. */
const cJSON *sct_json_member(const cJSON *o, const char *name);

/* The first key that object `obj` holds twice, or NULL.  A repeated key
 * is refused by the strict readers: which value a parser takes is
 * parser-defined, so a tampered file could show one value to a reviewer
 * and another to the harness. */
const char *sct_json_duplicate_key(const cJSON *obj);

/* A problem with member `name` of the object at `where` (name NULL or "":
 * the object itself); `present`: the member exists (tolerant mode warns
 * only then).  The reason is printf-formatted. */
void sct_json_problem(sct_json_reader *rd, const char *name, bool present,
                      const char *reason_fmt, ...) __attribute__((format(printf, 4, 5)));

/* The members, each reported when missing or of another type:
 * - str: the string, or NULL (a missing member is no problem when
 *   !required);
 * - str_dup: an owned copy (sct/text/owned.h) of the string or of `dflt`;
 *   NULL only when out of memory, which is an error in both modes;
 * - u64 / i64: an integer, exact (json_exact.h), else 0;
 * - int_in: an integral number within [lo, hi] (item-based, for array
 *   elements too: `name` names it, e.g. "shape[2]"); false when not;
 * - bool, double: else false / 0.0;
 * - hex: a string "0x" followed by 1 to 16 hex digits; false when not. */
const char *sct_json_read_str(sct_json_reader *rd, const cJSON *o, const char *name,
                              bool required);
char *sct_json_read_str_dup(sct_json_reader *rd, const cJSON *o, const char *name,
                            const char *dflt);
uint64_t sct_json_read_u64(sct_json_reader *rd, const cJSON *o, const char *name);
int64_t sct_json_read_i64(sct_json_reader *rd, const cJSON *o, const char *name);
bool sct_json_read_int_in(sct_json_reader *rd, const cJSON *item, const char *name,
                          double lo, double hi, int64_t *out);
bool sct_json_read_bool(sct_json_reader *rd, const cJSON *o, const char *name);
double sct_json_read_double(sct_json_reader *rd, const cJSON *o, const char *name);
bool sct_json_read_hex(sct_json_reader *rd, const cJSON *o, const char *name, uint64_t *v);

/* An owned copy of `s` (sct/text/owned.h); NULL when out of memory, which
 * is an error in both modes. */
char *sct_json_read_own(sct_json_reader *rd, const char *s);

/* A string member that must be one of names[0..n-1] (an enumeration's
 * name table, sct/text/name_table.h): its index, or n when missing or
 * unknown ("unknown <what> \"NAME\"", or missing/mistyped as above). */
size_t sct_json_read_name(sct_json_reader *rd, const cJSON *o, const char *name,
                          const char *const *names, size_t n, const char *what);

/* Strict refusal of members the format does not have: every member of
 * object `o` must be one of known[0..n-1] and appear once ("unknown
 * field", "duplicate key").  true when so. */
bool sct_json_read_known(sct_json_reader *rd, const cJSON *o, const char *const *known,
                         size_t n);

#endif /* SCT_JSONSTREAM_JSON_FIELDS_H */
