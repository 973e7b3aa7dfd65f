/*
 * owned.c — owned copies of C strings (owned.h).
 */
#include "sct/text/owned.h"

#include <stdlib.h>
#include <string.h>

char *sct_strdup(const char *s)
{
    if (s == NULL)
        s = "";
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

char **sct_strvdup(char *const *v, size_t n)
{
    if (n == 0)
        return NULL;
    char **d = calloc(n, sizeof *d);
    if (d == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++)
        d[i] = sct_strdup(v[i]);
    return d;
}

void sct_strv_free(char **v, size_t n)
{
    for (size_t i = 0; i < n && v != NULL; i++)
        free(v[i]);
    free(v);
}
