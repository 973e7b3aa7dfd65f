/*
 * utf8_check.c — the one UTF-8 well-formedness check (utf8_check.h).
 */
#include "sct/text/utf8_check.h"

static int continuation(unsigned char c)
{
    return (c & 0xc0) == 0x80;
}

size_t sct_utf8_sequence_length(const unsigned char *p)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    /* The second byte's range narrows after E0, ED, F0 and F4 (RFC 3629 §4):
     * that is what excludes overlong forms, surrogates and > U+10FFFF. */
    unsigned char lo = 0x80, hi = 0xbf;
    size_t n;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0)
            lo = 0xa0;
        else if (c == 0xed)
            hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
    } else {
        return 0; /* 80-C1 (continuation or overlong lead), F5-FF */
    }
    if (p[1] < lo || p[1] > hi) /* the NUL terminator fails here too */
        return 0;
    for (size_t k = 2; k < n; k++)
        if (!continuation(p[k]))
            return 0;
    return n;
}

size_t sct_utf8_clean(char *text)
{
    size_t replaced = 0;
    if (text == NULL)
        return 0;
    unsigned char *p = (unsigned char *)text;
    while (*p) {
        size_t n = sct_utf8_sequence_length(p);
        if (n == 0) {
            *p++ = '?';
            replaced++;
        } else {
            p += n;
        }
    }
    return replaced;
}
