/*
 * render_load.c — a run's JSON report (schema "sonnx-cts-run", see
 * docs/report-format.md) into the render model (render_model.h).
 * Tolerant by design: a missing member gives "" or 0 and a warning that
 * the report displays; only an unreadable file or a foreign schema fails.
 *
 * The file is read through the streaming index (json_index.h): validated
 * and hashed in one pass, its "cases" elements recorded as spans; the rest
 * is parsed, the cases are read one at a time (sct_render_doc_case), so
 * memory does not grow with them (issue 6).
 *
 * Here: the case store and its accessors, the aggregates of the loading
 * pass, identity and totals.  One case object into a case is
 * render_case_json.c; finding members in an element's raw text (brief
 * reads, id locations) is render_json_scan.c.
 */
#include "render_load.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/check/compare.h"
#include "sct/jsonstream/json_index.h"
#include "sct/merge/merge_json_exact.h"
#include "render_case_json.h"
#include "render_json_scan.h"
#include "sct/render/render_sources.h"
#include "render_ulp_bins.h"
#include "sct/io/sha256.h"
#include "sct/results/verdict.h"

/* Problems with single cases are warnings, at most this many (a JSON whose
 * every case is broken must not make the list grow with the cases); the
 * rest are counted in one more line. */
#define SCT_RENDER_CASE_WARNINGS 20

/* The cases of the doc: how to read case i again, and what the loading
 * pass kept of each (render_model.h). */
/* The requirement ids one case cites, as bits: bit b set cites the id
 * whose sct_render_cited.bit is b; exact when at most CITE_BITS distinct
 * ids are cited (else bits are shared).  Cases share their set: a vector
 * set has few distinct citation sets, so each case keeps only an index
 * (issue 6: per-case memory is what grows with the case count). */
typedef struct cite_set {
    uint64_t bits[4];
    bool multi;          /* cites an id more than once */
} cite_set;

/* What the loading pass keeps per case: 32 bytes. */
typedef struct case_key {
    uint64_t id_hash;    /* FNV-1a of the id's bytes in the file */
    uint32_t cites;      /* index in store->cite_sets */
    uint32_t group;      /* index in doc->groups (that group's `first`) */
    uint32_t id_off, id_len;  /* the "id" value within the element (len 0:
                                 no "id" member) */
    uint8_t verdict;     /* sct_verdict_cat */
    bool broken;         /* unusable when loaded (already warned about) */
    bool reread_failed;  /* counted in reread_failures */
    bool id_known;       /* id_off/id_len/id_hash are set */
} case_key;

#define CITE_BITS 256

struct sct_render_case_store {
    /* Run reports: the streaming index of the file's "cases" (spans and
     * the open file); elements are read again one at a time. */
    sct_json_index ix;
    bool indexed;
    /* Conformance records (the cases are inside "runs", not a root array
     * the index can cover) and a "cases" that is not an array: the parsed
     * file and its case items, as before. */
    cJSON *tree;
    const cJSON **items;
    case_key *keys;
    /* Distinct citation sets, and an open-addressing table of their
     * indices + 1 (0: empty slot), n_sets < table_cap / 2. */
    cite_set *cite_sets; size_t n_sets;
    uint32_t *set_table; size_t table_cap;
    size_t case_problems;        /* while loading */
    sct_render_case slot;        /* sct_render_doc_case's one-slot cache */
    size_t slot_index;
    bool slot_valid;
    bool slot_brief;             /* holds a brief case only */
    size_t reread_failures;
    char first_failure[256];
    char *id_buf;                /* sct_render_doc_case_id's result */
    size_t id_cap;
};

void sct_render_case_warn(sct_render_doc *doc, const char *fmt, ...)
{
    if (doc == NULL || doc->store->case_problems++ >= SCT_RENDER_CASE_WARNINGS)
        return;
    va_list ap;
    va_start(ap, fmt);
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    sct_render_warn(doc, "%s", buf);
}

/* Reads case `pos` into `c`; false when the element cannot be used (a
 * stand-in in `c` says why).  `warn_doc` NULL: a re-read, no warning; a
 * stand-in then keeps the case in the group it was loaded in. */
static bool fetch_case(const sct_render_doc *doc, sct_render_doc *warn_doc, size_t pos,
                       sct_render_case *c)
{
    struct sct_render_case_store *st = doc->store;
    if (!st->indexed)
        return sct_render_build_case(warn_doc, st->items[pos], pos, c);
    char why[256];
    /* Exact 64-bit integers (merge_json_exact.h): cJSON alone reads every
     * number as a double, and a float64 ULP distance such as
     * 4607182418800017409 must be shown exactly. */
    cJSON *o = sct_jx_index_element(&st->ix, pos, why, sizeof why);
    if (o == NULL) {
        if (warn_doc != NULL) {
            sct_render_broken_case(c, pos, why, "?", "?");
            sct_render_case_warn(warn_doc, "%s", c->message);
        } else {
            const sct_render_group *g = &doc->groups[st->keys[pos].group];
            sct_render_broken_case(c, pos, why, g->op, g->type);
        }
        return false;
    }
    bool ok = sct_render_build_case(warn_doc, o, pos, c);
    cJSON_Delete(o);
    return ok;
}

/* The brief case `pos` of an indexed report; false when it needs the
 * whole element (not an object, escaped names, unreadable). */
static bool fetch_brief(const struct sct_render_case_store *st, size_t pos,
                        sct_render_case *c)
{
    char why[256];
    char *buf = sct_json_index_element_text(&st->ix, pos, why, sizeof why);
    char *text = buf ? sct_render_brief_text(buf, (size_t)st->ix.spans[pos].length) : NULL;
    free(buf);
    if (text == NULL)
        return false;
    cJSON *o = sct_jx_parse(text, why, sizeof why);
    free(text);
    if (o == NULL)
        return false;
    sct_render_build_case(NULL, o, pos, c);
    cJSON_Delete(o);
    return true;
}

static const sct_render_case *doc_case(const sct_render_doc *doc, size_t i, bool brief)
{
    struct sct_render_case_store *st = doc->store;
    if (st->slot_valid && st->slot_index == i && (brief || !st->slot_brief))
        return &st->slot;
    sct_render_case_free(&st->slot);
    st->slot_valid = false;
    st->slot_brief = false;
    if (i >= doc->n_cases) {
        /* A caller's bug, but never a crash in a report. */
        sct_render_broken_case(&st->slot, i, "no such case", "?", "?");
    } else if (brief && st->indexed && fetch_brief(st, i, &st->slot)) {
        st->slot_brief = true;
    } else if (!fetch_case(doc, NULL, i, &st->slot) && !st->keys[i].broken &&
               !st->keys[i].reread_failed) {
        st->keys[i].reread_failed = true;
        if (st->reread_failures++ == 0)
            snprintf(st->first_failure, sizeof st->first_failure, "%s",
                     st->slot.message);
    }
    st->slot_index = i;
    st->slot_valid = true;
    return &st->slot;
}

const sct_render_case *sct_render_doc_case(const sct_render_doc *doc, size_t i)
{
    return doc_case(doc, i, false);
}

const sct_render_case *sct_render_doc_case_brief(const sct_render_doc *doc, size_t i)
{
    return doc_case(doc, i, true);
}

sct_verdict_cat sct_render_doc_case_verdict(const sct_render_doc *doc, size_t i)
{
    return i < doc->n_cases ? (sct_verdict_cat)doc->store->keys[i].verdict : SCT_VC_ERROR;
}

size_t sct_render_doc_case_group(const sct_render_doc *doc, size_t i)
{
    return i < doc->n_cases ? doc->store->keys[i].group : SIZE_MAX;
}

const char *sct_render_doc_case_id(const sct_render_doc *doc, size_t i)
{
    struct sct_render_case_store *st = doc->store;
    const char *id = NULL;
    char *token = NULL;
    cJSON *str = NULL;
    if (i < doc->n_cases && st->indexed && st->keys[i].id_known) {
        const case_key *k = &st->keys[i];
        char why[256];
        token = sct_render_grow(NULL, (size_t)k->id_len + 1, 1);
        if (k->id_len == 0) {
            id = "";     /* no "id" member */
        } else if (sct_json_index_read(&st->ix, st->ix.spans[i].offset + k->id_off, k->id_len,
                                       token, why, sizeof why) == 0 &&
                   sct_json_fnv1a(token, k->id_len) == k->id_hash) {
            token[k->id_len] = '\0';
            if (token[0] != '"') {
                id = "";  /* not a string: sct_render_build_case shows "" too */
            } else if (memchr(token, '\\', k->id_len) == NULL) {
                token[k->id_len - 1] = '\0';
                id = token + 1;
            } else {
                str = cJSON_ParseWithLength(token, k->id_len);
                if (cJSON_IsString(str))
                    id = str->valuestring;
            }
        }
        /* Else: changed or unreadable; the brief read says so. */
    }
    if (id == NULL)
        id = sct_render_doc_case_brief(doc, i)->id;
    size_t len = strlen(id);
    if (len + 1 > st->id_cap) {
        st->id_buf = sct_render_grow(st->id_buf, len + 1, 1);
        st->id_cap = len + 1;
    }
    memcpy(st->id_buf, id, len + 1);
    cJSON_Delete(str);
    free(token);
    return st->id_buf;
}

static int cited_cmp(const void *key, const void *elem)
{
    return strcmp(key, ((const sct_render_cited *)elem)->id);
}

sct_render_cite_filter sct_render_doc_cite_filter(const sct_render_doc *doc, const char *id)
{
    sct_render_cite_filter f = {false, 0};
    const sct_render_cited *hit = doc->n_cited
        ? bsearch(id, doc->cited, doc->n_cited, sizeof *doc->cited, cited_cmp) : NULL;
    if (hit != NULL) {
        f.any = true;
        f.bit = hit->bit;
    }
    return f;
}

int sct_render_doc_case_cites(const sct_render_doc *doc, size_t i,
                              const sct_render_cite_filter *f)
{
    if (!f->any || i >= doc->n_cases)
        return 0;
    const struct sct_render_case_store *st = doc->store;
    const cite_set *cs = &st->cite_sets[st->keys[i].cites];
    if (!((cs->bits[f->bit / 64] >> (f->bit % 64)) & 1u))
        return 0;
    return doc->n_cited <= CITE_BITS && !cs->multi ? 1 : 2;
}

size_t sct_render_doc_reread_failures(const sct_render_doc *doc, char *why, size_t cap)
{
    if (doc->store == NULL)
        return 0;
    if (why != NULL && cap > 0)
        snprintf(why, cap, "%s", doc->store->first_failure);
    return doc->store->reread_failures;
}

void sct_render_case_store_free(struct sct_render_case_store *st)
{
    if (st == NULL)
        return;
    sct_render_case_free(&st->slot);
    sct_json_index_free(&st->ix);
    cJSON_Delete(st->tree);
    free(st->items);
    free(st->keys);
    free(st->cite_sets);
    free(st->set_table);
    free(st->id_buf);
    free(st);
}

/* Groups of the JSON, in its order. */
static void load_groups(sct_render_doc *doc, const cJSON *groups)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, groups) {
        doc->groups = sct_render_grow(doc->groups, doc->n_groups + 1, sizeof *doc->groups);
        sct_render_group *r = &doc->groups[doc->n_groups++];
        memset(r, 0, sizeof *r);
        r->op = sct_render_strdup(sct_render_str_or(g, "op", "?"));
        r->type = sct_render_strdup(sct_render_str_or(g, "types", "?"));
        r->verdict = sct_render_strdup(sct_render_str_or(g, "verdict", ""));
        sct_jx_get_u64(g, "cases", &r->cases);
        sct_jx_get_u64(g, "elements", &r->elements);
        sct_jx_get_u64(g, "mismatches", &r->mismatches);
        r->has_max_ulp = sct_jx_get_u64(g, "max_ulp", &r->max_ulp);
        const cJSON *h = cJSON_GetObjectItemCaseSensitive(g, "ulp_histogram");
        const cJSON *b;
        cJSON_ArrayForEach(b, h) {
            r->bins = sct_render_grow(r->bins, r->n_bins + 1, sizeof *r->bins);
            sct_render_bin *bin = &r->bins[r->n_bins++];
            memset(bin, 0, sizeof *bin);
            bin->label = sct_render_strdup(sct_render_str_or(b, "label", "?"));
            sct_jx_get_u64(b, "count", &bin->count);
            sct_jx_get_bool(b, "match", &bin->match);
            bin->unmeasurable = !sct_jx_get_u64(b, "lo", &bin->lo);
            if (!sct_jx_get_u64(b, "hi", &bin->hi))
                bin->hi = UINT64_MAX;
        }
    }
}

/* The group of a case: the first with its (op, types); one is added when
 * the JSON's groups miss it, so every case appears under a group. */
static size_t case_group(sct_render_doc *doc, const sct_render_case *c)
{
    for (size_t k = 0; k < doc->n_groups; k++)
        if (strcmp(doc->groups[k].op, c->op) == 0 &&
            strcmp(doc->groups[k].type, c->types) == 0)
            return k;
    doc->groups = sct_render_grow(doc->groups, doc->n_groups + 1, sizeof *doc->groups);
    sct_render_group *r = &doc->groups[doc->n_groups];
    memset(r, 0, sizeof *r);
    r->op = sct_render_strdup(c->op);
    r->type = sct_render_strdup(c->types);
    r->verdict = sct_render_strdup("");
    r->has_max_ulp = c->has_max_ulp;
    return doc->n_groups++;
}

/* What the renderers need per group from one case. */
static void group_add_case(sct_render_group *r, const sct_render_case *c)
{
    sct_tally_add(&r->tally, c->verdict);
    r->case_elements += c->elements;
    r->case_mismatches += c->mismatches;
    /* Tolerance of a group: the cases' (one per op x type by the tolerance
     * policy; the smallest if they ever differ, the strictest reading). */
    if (c->has_tolerance) {
        if (!r->has_tolerance || c->tolerance_ulp < r->tolerance_ulp)
            r->tolerance_ulp = c->tolerance_ulp;
        r->has_tolerance = true;
        r->float_out |= sct_render_is_float_type(c->type_out);
    }
    sct_ulp_bins_count_case(r, c);
}

/* The verdict of a case in its (op, type A, type B) combination. */
static void combo_add(sct_render_doc *doc, const sct_render_case *c)
{
    sct_render_combo *m = NULL;
    for (size_t i = 0; i < doc->n_combos && m == NULL; i++)
        if (strcmp(doc->combos[i].op, c->op) == 0 &&
            strcmp(doc->combos[i].type_a, c->type_a) == 0 &&
            strcmp(doc->combos[i].type_b, c->type_b) == 0)
            m = &doc->combos[i];
    if (m == NULL) {
        doc->combos = sct_render_grow(doc->combos, doc->n_combos + 1, sizeof *doc->combos);
        m = &doc->combos[doc->n_combos++];
        memset(m, 0, sizeof *m);
        m->op = sct_render_strdup(c->op);
        m->type_a = sct_render_strdup(c->type_a);
        m->type_b = sct_render_strdup(c->type_b);
    }
    sct_tally_add(&m->tally, c->verdict);
}

static uint64_t cite_set_hash(const cite_set *cs)
{
    uint64_t h = cs->multi ? 0x9e3779b97f4a7c15ull : 0;
    for (int w = 0; w < 4; w++)
        h = (h ^ cs->bits[w]) * 0x100000001b3ull + (h >> 29);
    return h;
}

static bool cite_set_equal(const cite_set *a, const cite_set *b)
{
    return a->multi == b->multi && memcmp(a->bits, b->bits, sizeof a->bits) == 0;
}

/* The index of `cs` among the distinct sets, added when new. */
static uint32_t cite_set_intern(struct sct_render_case_store *st, const cite_set *cs)
{
    if (2 * (st->n_sets + 1) > st->table_cap) {
        size_t cap = st->table_cap ? 2 * st->table_cap : 64;
        uint32_t *t = sct_render_grow(NULL, cap, sizeof *t);
        memset(t, 0, cap * sizeof *t);
        for (size_t k = 0; k < st->n_sets; k++) {
            size_t h = (size_t)cite_set_hash(&st->cite_sets[k]) & (cap - 1);
            while (t[h] != 0)
                h = (h + 1) & (cap - 1);
            t[h] = (uint32_t)(k + 1);
        }
        free(st->set_table);
        st->set_table = t;
        st->table_cap = cap;
    }
    size_t h = (size_t)cite_set_hash(cs) & (st->table_cap - 1);
    for (; st->set_table[h] != 0; h = (h + 1) & (st->table_cap - 1))
        if (cite_set_equal(&st->cite_sets[st->set_table[h] - 1], cs))
            return st->set_table[h] - 1;
    st->cite_sets = sct_render_grow(st->cite_sets, st->n_sets + 1, sizeof *st->cite_sets);
    st->cite_sets[st->n_sets] = *cs;
    st->set_table[h] = (uint32_t)(st->n_sets + 1);
    return (uint32_t)st->n_sets++;
}

/* The citations of a case: counted per id, and its citation set. */
static void cites_add(sct_render_doc *doc, const sct_render_case *c, case_key *k)
{
    cite_set cs;
    memset(&cs, 0, sizeof cs);
    for (size_t r = 0; r < c->n_requirements; r++) {
        const char *id = c->requirements[r];
        size_t lo = 0, hi = doc->n_cited;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (strcmp(doc->cited[mid].id, id) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == doc->n_cited || strcmp(doc->cited[lo].id, id) != 0) {
            doc->cited = sct_render_grow(doc->cited, doc->n_cited + 1, sizeof *doc->cited);
            memmove(&doc->cited[lo + 1], &doc->cited[lo],
                    (doc->n_cited - lo) * sizeof *doc->cited);
            memset(&doc->cited[lo], 0, sizeof doc->cited[lo]);
            doc->cited[lo].id = sct_render_strdup(id);
            /* Bits in order of first citation; beyond CITE_BITS ids they
             * are shared and a set bit only says "may cite". */
            doc->cited[lo].bit = doc->n_cited % CITE_BITS;
            doc->n_cited++;
        }
        sct_render_cited *e = &doc->cited[lo];
        e->n++;
        sct_tally_add(&e->tally, c->verdict);
        cs.bits[e->bit / 64] |= 1ull << (e->bit % 64);
        for (size_t q = 0; q < r && !cs.multi; q++)
            cs.multi = strcmp(c->requirements[q], id) == 0;
    }
    k->cites = cite_set_intern(doc->store, &cs);
}

/* Case i while loading, with warnings; for an indexed report also where
 * its id lies, so that listing ids reads only those bytes. */
static bool load_case(sct_render_doc *doc, size_t i, sct_render_case *c, case_key *k)
{
    struct sct_render_case_store *st = doc->store;
    if (!st->indexed)
        return fetch_case(doc, doc, i, c);
    char why[256];
    char *buf = sct_json_index_element_text(&st->ix, i, why, sizeof why);
    cJSON *o = buf ? sct_jx_parse(buf, why, sizeof why) : NULL;
    if (o == NULL) {
        free(buf);
        sct_render_broken_case(c, i, why, "?", "?");
        sct_render_case_warn(doc, "%s", c->message);
        return false;
    }
    static const char *const id_name[] = {"id"};
    size_t at[1][2] = {{0, 0}};
    bool found[1];
    size_t len = (size_t)st->ix.spans[i].length;
    if (len <= UINT32_MAX && sct_render_find_members(buf, len, id_name, 1, at, found)) {
        k->id_known = true;
        if (found[0]) {
            k->id_off = (uint32_t)at[0][0];
            k->id_len = (uint32_t)(at[0][1] - at[0][0]);
            k->id_hash = sct_json_fnv1a(buf + at[0][0], k->id_len);
        }
    }
    free(buf);
    bool ok = sct_render_build_case(doc, o, i, c);
    cJSON_Delete(o);
    return ok;
}

/* The one pass over the cases while loading: warnings, each case's key,
 * the group, combination and citation aggregates. */
static void load_cases(sct_render_doc *doc)
{
    struct sct_render_case_store *st = doc->store;
    st->keys = sct_render_grow(NULL, doc->n_cases ? doc->n_cases : 1, sizeof *st->keys);
    for (size_t i = 0; i < doc->n_cases; i++) {
        sct_render_case c;
        case_key *k = &st->keys[i];
        memset(k, 0, sizeof *k);
        k->broken = !load_case(doc, i, &c, k);
        k->group = (uint32_t)case_group(doc, &c);
        k->verdict = (uint8_t)sct_verdict_category(c.verdict);
        cites_add(doc, &c, k);
        combo_add(doc, &c);
        group_add_case(&doc->groups[k->group], &c);
        sct_render_case_free(&c);
    }
    if (st->case_problems > SCT_RENDER_CASE_WARNINGS)
        sct_render_warn(doc, "%zu more problems with cases are not listed (%zu in all)",
                        st->case_problems - SCT_RENDER_CASE_WARNINGS, st->case_problems);
    /* A (op, types) the JSON lists twice shows the same cases twice. */
    for (size_t k = 0; k < doc->n_groups; k++) {
        sct_render_group *r = &doc->groups[k];
        r->first = k;
        for (size_t j = 0; j < k; j++)
            if (strcmp(doc->groups[j].op, r->op) == 0 &&
                strcmp(doc->groups[j].type, r->type) == 0) {
                const sct_render_group *f = &doc->groups[j];
                r->first = j;
                r->tally = f->tally;
                r->case_elements = f->case_elements;
                r->case_mismatches = f->case_mismatches;
                r->has_tolerance = f->has_tolerance;
                r->tolerance_ulp = f->tolerance_ulp;
                r->float_out = f->float_out;
                r->compared_cases = f->compared_cases;
                r->no_ulp_cases = f->no_ulp_cases;
                memcpy(r->worst_ulp, f->worst_ulp, sizeof r->worst_ulp);
                r->compared_has_tolerance = f->compared_has_tolerance;
                r->compared_tolerance = f->compared_tolerance;
                break;
            }
    }
}

bool sct_render_is_float_type(const char *name)
{
    return strcmp(name, "float16") == 0 || strcmp(name, "bfloat16") == 0 ||
           strcmp(name, "float32") == 0 || strcmp(name, "float64") == 0;
}

static const char *overall_meaning(const char *overall)
{
    if (strcmp(overall, "CONFORMS") == 0)
        return "Every selected case passed or was declined as unsupported, and "
               "at least one passed; no failure, crash, timeout or error "
               "(exit status 0).";
    if (strcmp(overall, "NON-CONFORMANT") == 0)
        return "At least one case failed, crashed or timed out (exit status 1).";
    if (strcmp(overall, "NOTHING-PASSED") == 0)
        return "No case passed: nothing was selected, or every case was "
               "unsupported. This is not a conformance claim (exit status 1).";
    if (strcmp(overall, "ERROR") == 0)
        return "Some cases could not be judged (vector or harness problem): "
               "the run proves nothing about them (exit status 2).";
    return "The JSON report carries no known overall verdict.";
}

static void load_identity(sct_render_doc *doc, const cJSON *root)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(root, "identity");
    const cJSON *be = cJSON_GetObjectItemCaseSensitive(id, "backend");
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(root, "options");
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(root, "shard");
    const cJSON *tm = cJSON_GetObjectItemCaseSensitive(root, "timing");
    char buf[1024];
    sct_render_kv **kv = &doc->identity;
    size_t *n = &doc->n_identity;

    snprintf(buf, sizeof buf, "%s %s (vendor: %s)",
             sct_render_str_or(be, "runtime_name", "?"),
             sct_render_str_or(be, "runtime_version", "?"),
             sct_render_str_or(be, "vendor", "?"));
    sct_render_kv_add(kv, n, "Implementation under test", buf);
    sct_render_kv_add(kv, n, "Plugin", sct_render_str_or(be, "plugin_path", ""));
    uint64_t maj = 0, min = 0;
    bool has_abi = sct_jx_get_u64(be, "abi_major", &maj) &&
                   sct_jx_get_u64(be, "abi_minor", &min);
    snprintf(buf, sizeof buf, "%llu.%llu", (unsigned long long)maj,
             (unsigned long long)min);
    sct_render_kv_add(kv, n, "Plugin ABI", has_abi ? buf : "");
    sct_render_kv_add(kv, n, "Isolation", sct_render_str_or(be, "isolation", ""));
    snprintf(buf, sizeof buf, "%s %s", sct_render_str_or(id, "harness", "sonnx-cts"),
             sct_render_str_or(id, "harness_version", "?"));
    sct_render_kv_add(kv, n, "Harness", buf);
    sct_render_kv_add(kv, n, "Profile", sct_render_str_or(id, "profile", ""));
    sct_render_kv_add(kv, n, "Vectors directory", sct_render_str_or(id, "vectors_dir", ""));
    sct_render_kv_add(kv, n, "Vector set sha256",
                      sct_render_str_or(id, "vector_set_sha256", ""));
    sct_render_kv_add(kv, n, "Vector format version",
                      sct_render_str_or(id, "vector_format_version", ""));
    sct_render_kv_add(kv, n, "Host", sct_render_str_or(id, "host", ""));
    sct_render_kv_add(kv, n, "Date (UTC)", sct_render_str_or(id, "date_utc", ""));
    sct_render_kv_add(kv, n, "Command line", sct_render_str_or(id, "command_line", ""));
    uint64_t max_errors = 0;
    bool strict = false, isolate = false;
    sct_jx_get_u64(op, "max_errors", &max_errors);
    sct_jx_get_bool(op, "strict_nan", &strict);
    sct_jx_get_bool(op, "isolate", &isolate);
    const cJSON *to = cJSON_GetObjectItemCaseSensitive(op, "timeout_seconds");
    char timeout[48] = "default";
    if (cJSON_IsNumber(to) && to->valuedouble > 0.0)
        snprintf(timeout, sizeof timeout, "%g s", to->valuedouble);
    snprintf(buf, sizeof buf,
             "max-errors %llu; NaN matching %s; per-case timeout %s; "
             "isolation %s; vendor options \"%s\"; filters: %s",
             (unsigned long long)max_errors, strict ? "strict (bits)" : "any NaN",
             timeout, isolate ? "on" : "off",
             sct_render_str_or(op, "vendor_options", ""),
             sct_render_str_or(op, "filters", "")[0] ? sct_render_str_or(op, "filters", "")
                                                     : "none");
    sct_render_kv_add(kv, n, "Options", op ? buf : "");
    uint64_t si = 1, sn = 1;
    if (sh && sct_jx_get_u64(sh, "index", &si) && sct_jx_get_u64(sh, "count", &sn) &&
        sn > 1)
        snprintf(buf, sizeof buf, "shard %llu of %llu (a partial run: merge all "
                 "shards for a verdict on the whole set)%s%.320s",
                 (unsigned long long)si, (unsigned long long)sn,
                 sct_render_str_or(sh, "source", "")[0] ? "; --shard auto: " : "",
                 sct_render_str_or(sh, "source", ""));
    else
        snprintf(buf, sizeof buf, "whole run (not sharded)");
    uint64_t merged = 0;
    if (sh && sct_jx_get_u64(sh, "merged_from", &merged) && merged > 0)
        snprintf(buf, sizeof buf, "merged from %llu shards",
                 (unsigned long long)merged);
    sct_render_kv_add(kv, n, "Sharding", buf);
    const cJSON *secs = cJSON_GetObjectItemCaseSensitive(tm, "seconds");
    snprintf(buf, sizeof buf, "%.3f s", cJSON_IsNumber(secs) ? secs->valuedouble : 0.0);
    sct_render_kv_add(kv, n, "Run time", cJSON_IsNumber(secs) ? buf : "");

    const char *runtime = sct_render_str_or(be, "runtime_name", "unknown implementation");
    doc->title = sct_render_printf("Conformance of %s %s", runtime,
                                   sct_render_str_or(be, "runtime_version", ""));
    doc->vectors_dir = sct_render_strdup(sct_render_str_or(id, "vectors_dir", ""));
    doc->command_line = sct_render_strdup(sct_render_str_or(id, "command_line", ""));
}

static void load_totals(sct_render_doc *doc, const cJSON *root)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "summary");
    if (s == NULL)
        sct_render_warn(doc, "the JSON has no \"summary\"");
    const char *overall = sct_render_str_or(s, "overall", "");
    doc->overall_verdict = sct_render_strdup(overall);
    doc->exit_meaning = sct_render_strdup(overall_meaning(overall));
    char *v;
    sct_render_kv_add(&doc->totals, &doc->n_totals, "Cases run",
                      (v = sct_render_u64_text(s, "cases")));
    free(v);
    /* Verdict counts in the verdict order of verdict.h, whatever the key
     * order of the JSON. */
    const cJSON *verdicts = cJSON_GetObjectItemCaseSensitive(s, "verdicts"), *it;
    for (int k = 0; k < (int)SCT_VERDICT_COUNT; k++) {
        const char *name = sct_verdict_name((sct_verdict)k);
        uint64_t x;
        if (!sct_jx_get_u64(verdicts, name, &x))
            continue;
        char label[64], val[32];
        snprintf(label, sizeof label, "Cases %s", name);
        snprintf(val, sizeof val, "%llu", (unsigned long long)x);
        sct_render_kv_add(&doc->totals, &doc->n_totals, label, val);
    }
    static const char *const fields[][2] = {
        {"elements", "Elements compared"},
        {"mismatches", "Mismatching elements"},
        {"not_in_profile", "Cases of the set not in this profile"},
        {"excluded_by_filters", "Cases excluded by filters"}};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        v = sct_render_u64_text(s, fields[i][0]);
        sct_render_kv_add(&doc->totals, &doc->n_totals, fields[i][1], v);
        free(v);
    }
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(s, "deviation_counts");
    char buf[1024] = "";
    size_t o = 0;
    for (int d = 1; d < (int)SCT_DEV_COUNT; d++) {
        const char *name = sct_deviation_name((sct_deviation)d);
        uint64_t x;
        if (sct_jx_get_u64(dev, name, &x) && o < sizeof buf)
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s: %llu",
                                  o ? ", " : "", name, (unsigned long long)x);
    }
    cJSON_ArrayForEach(it, dev) /* names this harness does not know */
        if (sct_deviation_from_name(it->string) == SCT_DEV_COUNT && o < sizeof buf)
        {
            uint64_t x = 0;
            sct_jx_item_u64(it, &x);
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s (class unknown to "
                                  "this harness): %llu", o ? ", " : "", it->string,
                                  (unsigned long long)x);
        }
    sct_render_kv_add(&doc->totals, &doc->n_totals, "Deviation classes",
                      o ? buf : "none");
}

/* The run of a conformance record to render; NULL with `err` if none. */
static const cJSON *pick_run(const cJSON *record, const char *path,
                             const char *profile, char *err, size_t err_cap)
{
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(record, "runs");
    const cJSON *run = NULL;
    if (profile != NULL)
        run = cJSON_GetObjectItemCaseSensitive(runs, profile);
    else if (cJSON_GetObjectItemCaseSensitive(runs, "sonnx") != NULL)
        run = cJSON_GetObjectItemCaseSensitive(runs, "sonnx");
    else if (cJSON_GetArraySize(runs) == 1)
        run = cJSON_GetArrayItem(runs, 0);
    if (run != NULL && !cJSON_IsObject(run)) {
        snprintf(err, err_cap, "%s: runs.%s of the conformance record is not a "
                 "run report object", path, run->string ? run->string : "?");
        return NULL;
    }
    if (run == NULL) {
        char have[256] = "";
        size_t o = 0;
        const cJSON *it;
        cJSON_ArrayForEach(it, runs)
            if (o < sizeof have)
                o += (size_t)snprintf(have + o, sizeof have - o, " %s", it->string);
        snprintf(err, err_cap, "%s: conformance record has no run for profile "
                 "\"%s\" (runs:%s); choose one with --profile", path,
                 profile ? profile : "sonnx", o ? have : " none");
        return NULL;
    }
    return run;
}

/* What a conformance record adds to the identity: the certified file. */
static void load_record_identity(sct_render_doc *doc, const cJSON *record)
{
    const cJSON *lib = cJSON_GetObjectItemCaseSensitive(record, "library");
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Certified library",
                      sct_render_str_or(lib, "path", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Library sha256",
                      sct_render_str_or(lib, "sha256", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Library source",
                      sct_render_str_or(lib, "source", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Record regenerated by",
                      sct_render_str_or(record, "regenerate", ""));
}

/* Limits: the file is streamed, not held, so it may be large; one case
 * element is parsed whole; everything but the cases (identity, summary,
 * groups) is held, as the whole file was before (render_read_file.c). */
#define SCT_RENDER_MAX_JSON (64ull << 30)
#define SCT_RENDER_MAX_CASE (256ull << 20)
#define SCT_RENDER_MAX_ROOT (512ull << 20)

static void hash_bytes(void *user, const void *bytes, size_t n)
{
    sct_sha256_update(user, bytes, n);
}

/* The file without its indexed case elements, parsed with exact 64-bit
 * integers (the index's own root tree has them as doubles, and a group's
 * max ULP can exceed 2^53).  The elements are contiguous (separated only by
 * commas and white space), so cutting from the first one's start to the
 * last one's end leaves an empty array. */
static cJSON *parse_root(const sct_json_index *ix, char *err, size_t cap)
{
    uint64_t lo = ix->file_size, hi = ix->file_size;
    if (ix->has_array && ix->n_spans > 0) {
        lo = ix->spans[0].offset;
        hi = ix->spans[ix->n_spans - 1].offset + ix->spans[ix->n_spans - 1].length;
    }
    uint64_t len = lo + (ix->file_size - hi);
    if (len > SCT_RENDER_MAX_ROOT) {
        snprintf(err, cap, "the report without its cases is %llu bytes, above the "
                 "limit of %llu", (unsigned long long)len,
                 (unsigned long long)SCT_RENDER_MAX_ROOT);
        return NULL;
    }
    char *text = sct_render_grow(NULL, (size_t)len + 1, 1);
    if (sct_json_index_read(ix, 0, lo, text, err, cap) != 0 ||
        sct_json_index_read(ix, hi, ix->file_size - hi, text + lo, err, cap) != 0) {
        free(text);
        return NULL;
    }
    text[len] = '\0';
    cJSON *root = sct_jx_parse(text, err, cap);
    free(text);
    return root;
}

int sct_render_load_run(sct_render_doc *doc, const char *json_path,
                        const char *profile, char *err, size_t err_cap)
{
    memset(doc, 0, sizeof *doc);
    struct sct_render_case_store *st = sct_render_grow(NULL, 1, sizeof *st);
    memset(st, 0, sizeof *st);
    /* The digest of the exact bytes rendered: a signed report names the
     * JSON it shows, so the two can be matched later. */
    sct_sha256_ctx sha;
    sct_sha256_init(&sha);
    char why[256];
    if (sct_json_index_file(json_path, "cases", SCT_RENDER_MAX_JSON, SCT_RENDER_MAX_CASE,
                            hash_bytes, &sha, &st->ix, why, sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", json_path, why);
        free(st);
        return -1;
    }
    uint8_t bin[SCT_SHA256_DIGEST_BYTES];
    char digest[SCT_SHA256_HEX_CHARS + 1];
    sct_sha256_final(&sha, bin);
    sct_sha256_digest_to_hex(bin, digest);
    /* Not used: inexact integers (parse_root). */
    cJSON_Delete(st->ix.root);
    st->ix.root = NULL;
    cJSON *file = parse_root(&st->ix, why, sizeof why);
    if (file == NULL) {
        snprintf(err, err_cap, "%s: %s", json_path, why);
        sct_render_case_store_free(st);
        return -1;
    }
    const char *schema = sct_jx_get_str(file, "schema");
    const cJSON *root = file;
    bool record = schema != NULL && strcmp(schema, "sonnx-cts-conformance") == 0;
    if (record) {
        root = pick_run(file, json_path, profile, err, err_cap);
        if (root == NULL) {
            cJSON_Delete(file);
            sct_render_case_store_free(st);
            return -1;
        }
        schema = sct_jx_get_str(root, "schema");
    }
    if (schema == NULL || strcmp(schema, "sonnx-cts-run") != 0) {
        snprintf(err, err_cap, "%s: not a sonnx-cts run report (\"schema\" is "
                 "\"%s\", expected \"sonnx-cts-run\" or "
                 "\"sonnx-cts-conformance\")", json_path,
                 schema ? schema : "(missing)");
        cJSON_Delete(file);
        sct_render_case_store_free(st);
        return -1;
    }
    const char *run_profile = sct_jx_get_str(cJSON_GetObjectItemCaseSensitive(root, "identity"),
                                             "profile");
    if (!record && profile != NULL && (run_profile == NULL || strcmp(run_profile, profile) != 0)) {
        snprintf(err, err_cap, "%s: the run is of profile \"%s\", not \"%s\"",
                 json_path, run_profile ? run_profile : "(missing)", profile);
        cJSON_Delete(file);
        sct_render_case_store_free(st);
        return -1;
    }
    doc->store = st;
    load_identity(doc, root);
    if (record)
        load_record_identity(doc, file);
    sct_render_kv_add(&doc->identity, &doc->n_identity,
                      record ? "Conformance record sha256" : "JSON report sha256",
                      digest);
    load_totals(doc, root);
    const cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases"), *c;
    if (!cJSON_IsArray(cases))
        sct_render_warn(doc, "%s: no \"cases\" array", json_path);
    if (!record && st->ix.has_array && cJSON_IsArray(cases)) {
        /* A run report: its root "cases" was indexed (the parsed root holds
         * it empty; the index takes the first "cases" that is an array,
         * cJSON the first "cases": the same member when that is an
         * array). */
        st->indexed = true;
        doc->n_cases = st->ix.n_spans;
    } else {
        /* A record's run, or a "cases" that is not an array (whose members
         * were shown as cases before): from the parsed file, kept. */
        sct_json_index_free(&st->ix);
        st->tree = file;
        size_t n = 0;
        cJSON_ArrayForEach(c, cases)
            n++;
        st->items = sct_render_grow(NULL, n ? n : 1, sizeof *st->items);
        cJSON_ArrayForEach(c, cases)
            st->items[doc->n_cases++] = c;
    }
    load_groups(doc, cJSON_GetObjectItemCaseSensitive(root, "groups"));
    load_cases(doc);
    if (st->tree == NULL)
        cJSON_Delete(file);
    return 0;
}
