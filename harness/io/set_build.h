/*
 * set_build.h — small helpers to build and free a sct_vector_set: owned
 * strings, per-case errors, set-level error list.  Shared by the manifest
 * reader and the directory scanner so neither copies the other.
 *
 * Out of memory never aborts: an error that cannot be allocated becomes the
 * static text sct_oom_text, which the free functions recognise.
 */
#ifndef SCT_IO_SET_BUILD_H
#define SCT_IO_SET_BUILD_H

#include <stdarg.h>
#include <stddef.h>

#include "sct/model/case.h"
#include "sct/text/owned.h"

extern char sct_oom_text[];

/* Frees a string unless it is sct_oom_text. */
void sct_str_free(char *s);

/* Sets c->error (first error wins: later ones are dropped). */
void sct_case_set_error(sct_case *c, const char *msg);
/* Makes every string member non-NULL (case.h promise). */
void sct_case_fill_strings(sct_case *c);
void sct_case_free_fields(sct_case *c);

/* Appends a copy of msg to a string list (set->errors, set->skipped). */
void sct_strlist_add(char ***list, size_t *n, const char *msg);
void sct_strlist_free(char **list, size_t n);

/* Grows set->scanned_cases by one zeroed slot; NULL on out of memory. */
sct_case *sct_set_add_case(sct_vector_set *set);

#endif /* SCT_IO_SET_BUILD_H */
