/*
 * utf8_check.h — the one UTF-8 well-formedness check of the harness.  Text a
 * plugin hands over (messages, runtime name and version) is untrusted, and
 * every report format needs well-formed UTF-8: JSON (RFC 8259 §8.1), XML 1.0
 * (§2.2, §4.3.3) and the HTML pages (charset utf-8).  A byte that does not
 * start a well-formed sequence is replaced, never passed on.
 *
 * Well-formed is RFC 3629 §4 (Unicode Table 3-7): no overlong form, no
 * surrogate (U+D800-U+DFFF), nothing above U+10FFFF, no truncated sequence.
 */
#ifndef SCT_TEXT_UTF8_CHECK_H
#define SCT_TEXT_UTF8_CHECK_H

#include <stddef.h>

/* The length (1-4) of the well-formed sequence starting at p (which points
 * into a NUL-terminated string and not at its NUL), or 0 if the byte at p
 * starts none. */
size_t sct_utf8_sequence_length(const unsigned char *p);

/* Replaces, in place, every byte of `text` that does not belong to a
 * well-formed sequence by '?' (same length, so no buffer grows; a message
 * cut at its capacity inside a sequence loses only that sequence).  Returns
 * the number of bytes replaced.  NULL is allowed. */
size_t sct_utf8_clean(char *text);

#endif /* SCT_TEXT_UTF8_CHECK_H */
