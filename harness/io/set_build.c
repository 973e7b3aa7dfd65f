/* set_build.c — owned strings and error slots of a vector set. */
#include "set_build.h"

#include "case_attributes.h"

#include <stdlib.h>
#include <string.h>

char sct_oom_text[] = "out of memory while loading the vector set";

void sct_str_free(char *s)
{
    if (s != sct_oom_text)
        free(s);
}

void sct_case_set_error(sct_case *c, const char *msg)
{
    if (c->error != NULL)
        return;
    c->error = sct_strdup(msg);
    if (c->error == NULL)
        c->error = sct_oom_text;
}

static void fill(char **s)
{
    if (*s == NULL) {
        *s = sct_strdup("");
        if (*s == NULL)
            *s = sct_oom_text;
    }
}

void sct_case_fill_strings(sct_case *c)
{
    fill(&c->id);
    fill(&c->relpath);
    fill(&c->op_type);
    fill(&c->domain);
    fill(&c->description);
}

void sct_case_free_fields(sct_case *c)
{
    sct_str_free(c->id);
    sct_str_free(c->relpath);
    sct_str_free(c->op_type);
    sct_str_free(c->domain);
    sct_str_free(c->description);
    sct_str_free(c->error);
    sct_strlist_free(c->tags, c->n_tags);
    sct_strlist_free(c->requirements, c->n_requirements);
    sct_strlist_free(c->satisfies, c->n_satisfies);
    for (size_t i = 0; i < c->n_files; i++)
        sct_str_free(c->files[i].relpath);
    free(c->files);
    sct_case_attributes_free(c->attributes, c->n_attributes);
    memset(c, 0, sizeof *c);
}

void sct_strlist_add(char ***list, size_t *n, const char *msg)
{
    char **grown = realloc(*list, (*n + 1) * sizeof **list);
    if (grown == NULL)
        return; /* informational lists only: dropping an entry is safe */
    *list = grown;
    char *copy = sct_strdup(msg);
    grown[(*n)++] = copy ? copy : sct_oom_text;
}

void sct_strlist_free(char **list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sct_str_free(list[i]);
    free(list);
}

sct_case *sct_set_add_case(sct_vector_set *set)
{
    /* Capacity is not stored: 16 slots first, then doubled whenever the
     * count reaches a power of two (16, 32, ...). */
    size_t n = set->n_cases;
    if (n == 0 || (n >= 16 && (n & (n - 1)) == 0)) {
        size_t cap = n == 0 ? 16 : n * 2;
        sct_case *grown = realloc(set->scanned_cases, cap * sizeof *grown);
        if (grown == NULL)
            return NULL;
        set->scanned_cases = grown;
    }
    sct_case *c = &set->scanned_cases[set->n_cases++];
    memset(c, 0, sizeof *c);
    return c;
}
