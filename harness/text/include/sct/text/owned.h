/*
 * owned.h — owned copies of C strings: the harness's one strdup (issue
 * 15), used by the vector loader, the results model and everything above.
 * The caller owns what these return and frees it with free() (a vector:
 * each string, then the array, sct_strv_free).
 */
#ifndef SCT_TEXT_OWNED_H
#define SCT_TEXT_OWNED_H

#include <stddef.h>

/* A malloc'ed copy of `s`; NULL is copied as "".  NULL only when out of
 * memory. */
char *sct_strdup(const char *s);

/* A malloc'ed array of n copies (each as sct_strdup; an entry is NULL when
 * its copy ran out of memory); NULL for n == 0 or when out of memory. */
char **sct_strvdup(char *const *v, size_t n);

/* Frees the n strings of `v` and the array; v may be NULL. */
void sct_strv_free(char **v, size_t n);

#endif /* SCT_TEXT_OWNED_H */
