/*
 * render_model.c — ownership helpers of the render model (render_model.h).
 * Allocation failure ends the process with a message (exit status 2, the
 * harness's "could not do the job" status): a report half-written because
 * memory ran out must never look like a complete one.
 */
#include "sct/render/render_model.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/text/owned.h"

static void *must(void *p)
{
    if (p == NULL) {
        fputs("sonnx-cts: out of memory while building a report\n", stderr);
        exit(2);
    }
    return p;
}

void *sct_render_grow(void *p, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return must(NULL);
    size_t bytes = n * size;
    return must(realloc(p, bytes ? bytes : 1));
}

char *sct_render_strdup(const char *s)
{
    return must(sct_strdup(s));
}

static char *vprintf_alloc(const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return sct_render_strdup("");
    char *s = must(malloc((size_t)n + 1));
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *sct_render_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vprintf_alloc(fmt, ap);
    va_end(ap);
    return s;
}

void sct_render_warn(sct_render_doc *doc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vprintf_alloc(fmt, ap);
    va_end(ap);
    doc->warnings = must(realloc(doc->warnings,
                                 (doc->n_warnings + 1) * sizeof *doc->warnings));
    doc->warnings[doc->n_warnings++] = s;
}

void sct_render_kv_add(sct_render_kv **arr, size_t *n, const char *label,
                       const char *value)
{
    *arr = must(realloc(*arr, (*n + 1) * sizeof **arr));
    (*arr)[*n].label = sct_render_strdup(label);
    (*arr)[*n].value = sct_render_strdup(value);
    (*n)++;
}

static void free_strs(char **s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(s[i]);
    free(s);
}

void sct_render_case_free(sct_render_case *c)
{
    free(c->id); free(c->op); free(c->type_a); free(c->type_b);
    free(c->type_out); free(c->types); free(c->verdict); free(c->expectation);
    free(c->message);
    free_strs(c->requirements, c->n_requirements);
    free_strs(c->satisfies, c->n_satisfies);
    free_strs(c->tags, c->n_tags);
    for (size_t i = 0; i < c->n_deviations; i++)
        free(c->deviations[i].name);
    free(c->deviations);
    for (size_t i = 0; i < c->n_samples; i++) {
        sct_render_sample *s = &c->samples[i];
        free(s->index); free(s->coords); free(s->inputs); free(s->expected);
        free(s->actual); free(s->ulp); free(s->deviation);
    }
    free(c->samples);
    memset(c, 0, sizeof *c);
}
