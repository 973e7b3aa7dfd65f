/*
 * render_math.c — LaTeX formulas as readable Unicode text (render_math.h).
 * The subset the SONNX documents use (\frac, \left \right, \lfloor
 * \rfloor, \text, \le, \neq, \in, \times, ^, _) and the usual neighbours;
 * an unknown command shows as its name, so nothing is silently lost.
 */
#include "render_math.h"

#include <stdlib.h>
#include <string.h>

typedef struct buf {
    char *p;
    size_t len, cap;
    bool oom;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1u > b->cap) {
        size_t cap = b->cap ? b->cap * 2u : 256u;
        while (cap < b->len + n + 1u)
            cap *= 2u;
        char *p = realloc(b->p, cap);
        if (p == NULL) {
            b->oom = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void puts_(buf *b, const char *s)
{
    put(b, s, strlen(s));
}

static const char *const k_symbols[][2] = {
    {"lfloor", "\u230a"}, {"rfloor", "\u230b"}, {"lceil", "\u2308"}, {"rceil", "\u2309"},
    {"neq", "\u2260"}, {"ne", "\u2260"}, {"le", "\u2264"}, {"leq", "\u2264"},
    {"ge", "\u2265"}, {"geq", "\u2265"}, {"lt", "<"}, {"gt", ">"},
    {"times", "\u00d7"}, {"cdot", "\u00b7"}, {"div", "\u00f7"}, {"pm", "\u00b1"},
    {"mp", "\u2213"}, {"in", "\u2208"}, {"notin", "\u2209"}, {"infty", "\u221e"},
    {"to", "\u2192"}, {"rightarrow", "\u2192"}, {"Rightarrow", "\u21d2"},
    {"leftarrow", "\u2190"}, {"approx", "\u2248"}, {"equiv", "\u2261"},
    {"ldots", "\u2026"}, {"dots", "\u2026"}, {"cdots", "\u22ef"},
    {"forall", "\u2200"}, {"exists", "\u2203"}, {"land", "\u2227"}, {"lor", "\u2228"},
    {"neg", "\u00ac"}, {"cup", "\u222a"}, {"cap", "\u2229"}, {"subset", "\u2282"},
    {"emptyset", "\u2205"}, {"mid", "|"}, {"vert", "|"}, {"lvert", "|"}, {"rvert", "|"},
    {"alpha", "\u03b1"}, {"beta", "\u03b2"}, {"delta", "\u03b4"}, {"Delta", "\u0394"},
    {"epsilon", "\u03b5"}, {"lambda", "\u03bb"}, {"mu", "\u03bc"}, {"pi", "\u03c0"},
    {"sigma", "\u03c3"}, {"mod", " mod "}, {"bmod", " mod "},
    {"quad", " "}, {"qquad", " "}, {"left", ""}, {"right", ""}, {"big", ""},
    {"Big", ""},
};

/* Superscript and subscript forms of the characters that have one. */
static const char *const k_sup[][2] = {
    {"0", "\u2070"}, {"1", "\u00b9"}, {"2", "\u00b2"}, {"3", "\u00b3"}, {"4", "\u2074"},
    {"5", "\u2075"}, {"6", "\u2076"}, {"7", "\u2077"}, {"8", "\u2078"}, {"9", "\u2079"},
    {"+", "\u207a"}, {"-", "\u207b"}, {"n", "\u207f"}, {"i", "\u2071"},
};
static const char *const k_sub[][2] = {
    {"0", "\u2080"}, {"1", "\u2081"}, {"2", "\u2082"}, {"3", "\u2083"}, {"4", "\u2084"},
    {"5", "\u2085"}, {"6", "\u2086"}, {"7", "\u2087"}, {"8", "\u2088"}, {"9", "\u2089"},
    {"+", "\u208a"}, {"-", "\u208b"}, {"i", "\u1d62"}, {"n", "\u2099"},
};

typedef struct parser {
    const char *s, *end;
} parser;

static void convert(parser *p, buf *b, bool one);

/* One argument: a {group}, a \command or a single character. */
static void argument(parser *p, buf *b)
{
    while (p->s < p->end && *p->s == ' ')
        p->s++;
    convert(p, b, true);
}

static bool simple(const char *t)
{
    for (; *t; t++)
        if (!((*t >= 'a' && *t <= 'z') || (*t >= 'A' && *t <= 'Z') ||
              (*t >= '0' && *t <= '9') || *t == '.' || *t == '[' || *t == ']'))
            return false;
    return true;
}

static const char *lookup(const char *const tab[][2], size_t n, const char *c, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(tab[i][0]) == len && strncmp(tab[i][0], c, len) == 0)
            return tab[i][1];
    return NULL;
}

/* x^{...} / x_{...}: the script in Unicode when every character has a
 * form, else ^(...) / _(...). */
static void script(parser *p, buf *b, bool sup)
{
    buf a = {0};
    argument(p, &a);
    const char *t = a.p ? a.p : "";
    const char *const (*tab)[2] = sup ? k_sup : k_sub;
    size_t n = sup ? sizeof k_sup / sizeof k_sup[0] : sizeof k_sub / sizeof k_sub[0];
    bool all = t[0] != '\0';
    for (const char *q = t; *q && all; q++)
        all = lookup(tab, n, q, 1) != NULL;
    if (all) {
        for (const char *q = t; *q; q++)
            puts_(b, lookup(tab, n, q, 1));
    } else {
        puts_(b, sup ? "^" : "_");
        bool paren = strlen(t) > 1;
        puts_(b, paren ? "(" : "");
        puts_(b, t);
        puts_(b, paren ? ")" : "");
    }
    free(a.p);
}

static void fraction_part(buf *b, const char *t)
{
    bool paren = !simple(t);
    puts_(b, paren ? "(" : "");
    puts_(b, t);
    puts_(b, paren ? ")" : "");
}

static void command(parser *p, buf *b)
{
    const char *c = ++p->s; /* after the backslash */
    if (p->s >= p->end)
        return;
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z'))) {
        /* \{ \} \_ \% \, \; \! \\ : the character, or a space. */
        p->s++;
        if (strchr(",;:! \\", *c) != NULL)
            puts_(b, " ");
        else
            put(b, c, 1);
        return;
    }
    while (p->s < p->end && ((*p->s >= 'a' && *p->s <= 'z') || (*p->s >= 'A' && *p->s <= 'Z')))
        p->s++;
    size_t len = (size_t)(p->s - c);
    const char *sym = lookup(k_symbols, sizeof k_symbols / sizeof k_symbols[0], c, len);
    if (sym != NULL) {
        puts_(b, sym);
        return;
    }
    if (len == 4 && strncmp(c, "frac", 4) == 0) {
        buf num = {0}, den = {0};
        argument(p, &num);
        argument(p, &den);
        fraction_part(b, num.p ? num.p : "");
        puts_(b, " / ");
        fraction_part(b, den.p ? den.p : "");
        free(num.p);
        free(den.p);
        return;
    }
    if (len == 4 && strncmp(c, "sqrt", 4) == 0) {
        puts_(b, "\u221a");
        buf a = {0};
        argument(p, &a);
        fraction_part(b, a.p ? a.p : "");
        free(a.p);
        return;
    }
    if (len == 6 && strncmp(c, "mathbb", 6) == 0) {
        buf a = {0};
        argument(p, &a);
        const char *t = a.p ? a.p : "";
        puts_(b, strcmp(t, "N") == 0 ? "\u2115" : strcmp(t, "Z") == 0 ? "\u2124"
                 : strcmp(t, "R") == 0 ? "\u211d" : t);
        free(a.p);
        return;
    }
    /* \text{..}, \mathrm{..}, \operatorname{..}, \log, \max ... and any
     * command this table does not know: its argument or its name. */
    static const char *const with_arg[] = {"text", "mathrm", "mathit", "mathbf",
                                           "mathsf", "mathtt", "operatorname", "textrm"};
    for (size_t i = 0; i < sizeof with_arg / sizeof with_arg[0]; i++)
        if (strlen(with_arg[i]) == len && strncmp(with_arg[i], c, len) == 0) {
            argument(p, b);
            return;
        }
    put(b, c, len);
}

/* Converts until the end (one: a single argument). */
static void convert(parser *p, buf *b, bool one)
{
    while (p->s < p->end) {
        char ch = *p->s;
        if (ch == '{') {
            p->s++;
            int depth = 1;
            const char *start = p->s;
            while (p->s < p->end && depth > 0) {
                if (*p->s == '\\' && p->s + 1 < p->end)
                    p->s++;
                else if (*p->s == '{')
                    depth++;
                else if (*p->s == '}')
                    depth--;
                p->s++;
            }
            parser inner = {start, p->s - (depth == 0 ? 1 : 0)};
            convert(&inner, b, false);
        } else if (ch == '}') {
            p->s++; /* unbalanced: dropped */
        } else if (ch == '\\') {
            command(p, b);
        } else if (ch == '^' || ch == '_') {
            p->s++;
            script(p, b, ch == '^');
        } else {
            /* One UTF-8 sequence at a time. */
            size_t n = 1;
            while (p->s + n < p->end && ((unsigned char)p->s[n] & 0xC0u) == 0x80u)
                n++;
            put(b, p->s, n);
            p->s += n;
        }
        if (one)
            return;
    }
}

static void put_escaped(buf *b, const char *t, bool for_markdown)
{
    for (; *t; t++) {
        if (for_markdown && strchr("\\`*_[]<>#!|~&$(){}+-.", *t) != NULL)
            put(b, "\\", 1);
        put(b, t, 1);
    }
}

char *sct_render_math_text(const char *md, bool for_markdown)
{
    buf b = {0};
    puts_(&b, "");
    const char *s = md;
    while (*s) {
        if (*s == '`') { /* a code span is copied as it is */
            size_t ticks = strspn(s, "`");
            const char *close = s + ticks;
            for (;;) {
                close = strchr(close, '`');
                if (close == NULL || strspn(close, "`") == ticks)
                    break;
                close += strspn(close, "`");
            }
            size_t n = close ? (size_t)(close - s) + ticks : strlen(s);
            put(&b, s, n);
            s += n;
            continue;
        }
        if (*s == '\\' && s[1] != '\0') {
            put(&b, s, 2);
            s += 2;
            continue;
        }
        if (*s == '<' && for_markdown) {
            /* Never raw HTML: the text shows as written (render_math.h). */
            puts_(&b, "&lt;");
            s++;
            continue;
        }
        if (*s != '$') {
            put(&b, s, 1);
            s++;
            continue;
        }
        size_t dollars = s[1] == '$' ? 2u : 1u;
        const char *start = s + dollars, *q = start;
        while (*q && !(*q == '$' && (dollars == 1 || q[1] == '$')))
            q += *q == '\\' && q[1] ? 2 : 1;
        if (*q == '\0' || q == start) { /* unmatched or empty: kept */
            put(&b, s, dollars);
            s += dollars;
            continue;
        }
        parser p = {start, q};
        buf m = {0};
        convert(&p, &m, false);
        /* Runs of spaces from dropped commands collapse. */
        const char *t = m.p ? m.p : "";
        buf tidy = {0};
        puts_(&tidy, "");
        for (const char *r = t; *r; r++)
            if (!(*r == ' ' && (r == t || r[1] == ' ' || r[1] == '\0')))
                put(&tidy, r, 1);
        put_escaped(&b, tidy.p ? tidy.p : "", for_markdown);
        b.oom = b.oom || m.oom || tidy.oom;
        free(m.p);
        free(tidy.p);
        s = q + dollars;
    }
    if (b.oom) {
        free(b.p);
        return NULL;
    }
    return b.p;
}
