/*
 * repro_command.c — the command line that re-runs one case
 * (repro_command.h).
 */
#include "sct/results/repro_command.h"

#include <stdbool.h>
#include <string.h>

typedef struct sink {
    char *buf;
    size_t cap, len;
    bool full;
} sink;

static void put(sink *s, const char *t, size_t n)
{
    if (s->full)
        return;
    if (s->len + n + 1u > s->cap) {
        n = s->cap - 1u - s->len; /* what fits; then marked cut */
        s->full = true;
    }
    memcpy(s->buf + s->len, t, n);
    s->len += n;
    s->buf[s->len] = '\0';
}

static bool plain_word(const char *w)
{
    if (w[0] == '\0')
        return false;
    for (const char *p = w; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || strchr("_./:=@%+,-", *p) != NULL))
            return false;
    return true;
}

/* POSIX shell single quotes: nothing inside is special but the quote
 * itself, written '\''. */
static void put_word(sink *s, const char *w)
{
    put(s, " ", 1);
    if (plain_word(w)) {
        put(s, w, strlen(w));
        return;
    }
    put(s, "'", 1);
    for (const char *p = w; *p; p++) {
        if (*p == '\'')
            put(s, "'\\''", 4);
        else
            put(s, p, 1);
    }
    put(s, "'", 1);
}

static void put_option(sink *s, const char *opt, const char *value)
{
    put_word(s, opt);
    put_word(s, value != NULL ? value : "");
}

size_t sct_repro_command(const sct_run_identity *id, const sct_run_options *o,
                         const char *case_id, char *buf, size_t cap)
{
    if (cap == 0)
        return 0;
    buf[0] = '\0';
    sink s = {buf, cap, 0, false};
    put(&s, "sonnx-cts run", 13);
    const char *plugin = id->plugin_path;
    if (plugin != NULL && plugin[0] != '\0' && strcmp(plugin, "(built-in)") != 0)
        put_option(&s, "--vendor", plugin);
    if (o->vendor_options != NULL && o->vendor_options[0] != '\0')
        put_option(&s, "--vendor-options", o->vendor_options);
    if (id->vectors_dir != NULL && id->vectors_dir[0] != '\0')
        put_option(&s, "--vectors", id->vectors_dir);
    if (id->profile != NULL && id->profile[0] != '\0')
        put_option(&s, "--profile", id->profile);
    if (o->strict_nan)
        put_word(&s, "--strict-nan");
    put_option(&s, "--case", case_id);
    if (s.full) {
        /* Never a command that looks complete but is not. */
        s.len = cap > 4u ? cap - 4u : 0u;
        buf[s.len] = '\0';
        if (cap >= 4u) {
            memcpy(buf + s.len, "...", 4);
            s.len += 3u;
        }
    }
    return s.len;
}
