/*
 * name_table.c — enumerator <-> stable name lookups (name_table.h).
 */
#include "sct/text/name_table.h"

#include <string.h>

const char *sct_name_of(const char *const *names, size_t n, int value,
                        const char *fallback)
{
    if (value < 0 || (size_t)value >= n)
        return fallback;
    return names[value];
}

size_t sct_name_find(const char *const *names, size_t n, const char *name)
{
    size_t i = 0;
    while (name != NULL && i < n && strcmp(names[i], name) != 0)
        i++;
    return name == NULL ? n : i;
}
