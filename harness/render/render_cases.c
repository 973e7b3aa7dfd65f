/*
 * render_cases.c — the cases of a render doc (render_cases.h): the case
 * store and its accessors (render_model.h), and the one loading pass that
 * gathers what the renderers need per group, per (op, type A, type B) and
 * per cited requirement, so that they never hold the cases.
 *
 * Every case is read through the report reader (report_read.h, tolerant)
 * as an sct_case_result and shown through render_case_view.h.
 */
#include "render_cases.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_case_view.h"
#include "render_ulp_bins.h"

/* Problems with single cases are warnings, at most this many (a JSON whose
 * every case is broken must not make the list grow with the cases); the
 * rest are counted in one more line. */
#define SCT_RENDER_CASE_WARNINGS 20

/* The requirement ids one case cites, as bits: bit b set cites the id
 * whose sct_render_cited.bit is b; exact when at most CITE_BITS distinct
 * ids are cited (else bits are shared).  Cases share their set: a vector
 * set has few distinct citation sets, so each case keeps only an index
 * (per-case memory is what grows with the case count). */
typedef struct cite_set {
    uint64_t bits[4];
    bool multi;          /* cites an id more than once */
} cite_set;

/* What the loading pass keeps per case: 12 bytes. */
typedef struct case_key {
    uint32_t cites;      /* index in store->cite_sets */
    uint32_t group;      /* index in doc->groups (that group's `first`) */
    uint8_t verdict;     /* sct_verdict_cat */
    bool broken;         /* unusable when loaded (already warned about) */
    bool reread_failed;  /* counted in reread_failures */
} case_key;

#define CITE_BITS 256

/* Brief cases kept (no samples: about 1 KiB each), whatever the case
 * count: about the non-passing cases of one requirement of a real run
 * (bench/report_render.sh: the ORT record renders in 0.07 s with them,
 * 0.13 s without). */
#define BRIEF_SLOTS 512

typedef struct brief_entry {
    sct_render_case c;
    size_t index;
    bool valid;
} brief_entry;

struct sct_render_case_store {
    sct_report_file *file;       /* the JSON report, its cases read on demand */
    case_key *keys;
    /* Distinct citation sets, and an open-addressing table of their
     * indices + 1 (0: empty slot), n_sets < table_cap / 2. */
    cite_set *cite_sets; size_t n_sets;
    uint32_t *set_table; size_t table_cap;
    size_t case_problems;        /* while loading */
    sct_render_case slot;        /* sct_render_doc_case's one-slot cache */
    size_t slot_index;
    bool slot_valid;
    brief_entry brief[BRIEF_SLOTS]; /* recent brief cases, by index % slots */
    size_t reread_failures;
    char first_failure[256];
    char *id_buf;                /* sct_render_doc_case_id's result */
    size_t id_cap;
};

/* sct_read_warn_fn of the loading pass: a case warning, capped. */
static void case_warn(void *user, const char *message)
{
    sct_render_doc *doc = user;
    if (doc->store->case_problems++ < SCT_RENDER_CASE_WARNINGS)
        sct_render_warn(doc, "%s", message);
}

/* Case `pos` read and shown into `c`; false when it is a stand-in (an
 * unusable element: the message says why).  `warn_doc` NULL: a re-read,
 * no warning. */
static bool fetch_case(const sct_render_doc *doc, sct_render_doc *warn_doc, size_t pos,
                       bool brief, sct_render_case *c)
{
    sct_case_result r;
    char why[512];
    int rc = sct_report_read_case(doc->store->file, pos, brief, &r,
                                  warn_doc ? case_warn : NULL, warn_doc, why, sizeof why);
    sct_render_case_view(&r, rc != 0, c);
    sct_case_result_free(&r);
    return rc == 0;
}

/* Case i read again into `dst` (freed first).  A stand-in keeps its place:
 * shown under the group it was loaded in; one that was readable when
 * loaded is counted as a re-read failure. */
static void refetch(const sct_render_doc *doc, size_t i, bool brief, sct_render_case *dst)
{
    struct sct_render_case_store *st = doc->store;
    sct_render_case_free(dst);
    if (fetch_case(doc, NULL, i, brief, dst) || i >= doc->n_cases)
        return;
    const sct_render_group *g = &doc->groups[st->keys[i].group];
    sct_render_case_regroup(dst, g->op, g->type);
    if (!st->keys[i].broken && !st->keys[i].reread_failed) {
        st->keys[i].reread_failed = true;
        if (st->reread_failures++ == 0)
            snprintf(st->first_failure, sizeof st->first_failure, "%s", dst->message);
    }
}

static const sct_render_case *doc_case(const sct_render_doc *doc, size_t i, bool brief)
{
    struct sct_render_case_store *st = doc->store;
    if (st->slot_valid && st->slot_index == i)
        return &st->slot;
    if (brief) {
        /* The passes that list cases per requirement visit the same cases
         * row after row: a few recent brief cases are kept (a bound that
         * does not grow with the case count). */
        brief_entry *b = &st->brief[i % BRIEF_SLOTS];
        if (!b->valid || b->index != i) {
            refetch(doc, i, true, &b->c);
            b->index = i;
            b->valid = true;
        }
        return &b->c;
    }
    st->slot_valid = false;
    refetch(doc, i, false, &st->slot);
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
    /* Its bytes only, when the reader located them; else the case. */
    char *own = sct_report_case_id(st->file, i);
    const char *id = own != NULL ? own : sct_render_doc_case_brief(doc, i)->id;
    size_t len = strlen(id);
    if (len + 1 > st->id_cap) {
        st->id_buf = sct_render_grow(st->id_buf, len + 1, 1);
        st->id_cap = len + 1;
    }
    memcpy(st->id_buf, id, len + 1);
    free(own);
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
    for (size_t k = 0; k < BRIEF_SLOTS; k++)
        sct_render_case_free(&st->brief[k].c);
    sct_report_close(st->file);
    free(st->keys);
    free(st->cite_sets);
    free(st->set_table);
    free(st->id_buf);
    free(st);
}

/* float16, bfloat16, float32, float64 (manifest names). */
static bool is_float_type(const char *name)
{
    return strcmp(name, "float16") == 0 || strcmp(name, "bfloat16") == 0 ||
           strcmp(name, "float32") == 0 || strcmp(name, "float64") == 0;
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
        r->float_out |= is_float_type(c->type_out);
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

/* The entry of `id` in the sorted citation table, added when new. */
static sct_render_cited *cited_entry(sct_render_doc *doc, const char *id)
{
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
    return &doc->cited[lo];
}

/* The citations of a case: counted per id, and its citation set; the
 * preconditions it only satisfies are counted apart (never blamed). */
static void cites_add(sct_render_doc *doc, const sct_render_case *c, case_key *k)
{
    cite_set cs;
    memset(&cs, 0, sizeof cs);
    for (size_t r = 0; r < c->n_requirements; r++) {
        const char *id = c->requirements[r];
        sct_render_cited *e = cited_entry(doc, id);
        e->n++;
        sct_tally_add(&e->tally, c->verdict);
        cs.bits[e->bit / 64] |= 1ull << (e->bit % 64);
        for (size_t q = 0; q < r && !cs.multi; q++)
            cs.multi = strcmp(c->requirements[q], id) == 0;
    }
    for (size_t r = 0; r < c->n_satisfies; r++) {
        sct_render_cited *e = cited_entry(doc, c->satisfies[r]);
        e->n_satisfied++;
        sct_tally_add(&e->satisfied, c->verdict);
    }
    k->cites = cite_set_intern(doc->store, &cs);
}
void sct_render_cases_load(sct_render_doc *doc, sct_report_file *file)
{
    struct sct_render_case_store *st = sct_render_grow(NULL, 1, sizeof *st);
    memset(st, 0, sizeof *st);
    st->file = file;
    doc->store = st;
    doc->n_cases = sct_report_n_cases(file);
    st->keys = sct_render_grow(NULL, doc->n_cases ? doc->n_cases : 1, sizeof *st->keys);
    for (size_t i = 0; i < doc->n_cases; i++) {
        sct_render_case c;
        case_key *k = &st->keys[i];
        memset(k, 0, sizeof *k);
        k->broken = !fetch_case(doc, doc, i, false, &c);
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
