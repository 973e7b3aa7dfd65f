/*
 * test_render_math.c — formulas of the spec statements and notes as
 * readable text (render_math.h) and their Markdown as HTML by cmark
 * (html_markdown.c): no `$`, no backslash command, no double-escaped
 * entity, no raw HTML from the catalogue.  Expected texts by hand.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_sections.h"
#include "render_math.h"
#include "sct_check_main.h"

typedef struct math_row {
    const char *in;
    bool for_markdown;
    const char *want;
} math_row;

static const math_row k_math[] = {
    {"shape. $N(A)=N(B)=N(C)$", false, "shape. N(A)=N(B)=N(C)"},
    {"$\\left\\lfloor \\frac{A[i]}{B[i]} \\right\\rfloor$", false, "\u230a A[i] / B[i] \u230b"},
    {"$\\text{inf}$ if $A[i] \\neq 0$", false, "inf if A[i] \u2260 0"},
    {"$k_1 \\in N$, $x \\le 2^{n}$, $2^{n-1}$", false,
     "k\u2081 \u2208 N, x \u2264 2\u207f, 2\u207f\u207b\u00b9"},
    {"$C[i] = A[i]^{B[i]}$", false, "C[i] = A[i]^(B[i])"},
    {"$\\frac{a+b}{2}$ and $a \\times b$", false, "(a+b) / 2 and a \u00d7 b"},
    /* For a Markdown parser: punctuation of the formula escaped. */
    {"$k_{ab}$", true, "k\\_\\(ab\\)"},
    /* Code spans, escaped dollars and a lone dollar stay as they are. */
    {"`$x$` costs \\$5 or $", false, "`$x$` costs \\$5 or $"},
    {"$\\unknown{x}$", false, "unknownx"},
};

START_TEST(test_math)
{
    const math_row *r = &k_math[_i];
    char *got = sct_render_math_text(r->in, r->for_markdown);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, r->want);
    free(got);
}
END_TEST

typedef struct html_row {
    const char *in;
    bool inline_only;
    const char *want;
} html_row;

static const html_row k_html[] = {
    {"Tensors `A`, `B` must have the same shape. $N(A)=N(B)$", true,
     "Tensors <code>A</code>, <code>B</code> must have the same shape. N(A)=N(B)"},
    /* The SONNX documents' own entity: decoded once, shown as "<". */
    {"&lt;Tensors $A$, $B$ and $Y$ must", true, "&lt;Tensors A, B and Y must"},
    /* Markup in the catalogue never reaches the page as markup: shown as
     * written, in code spans too. */
    {"a <script>alert(1)</script> b `<i>`", true,
     "a &lt;script&gt;alert(1)&lt;/script&gt; b <code>&lt;i&gt;</code>"},
    {"one\n\ntwo", true, "<p>one</p>\n<p>two</p>\n"},
    {"$k_1$ and *em*", false, "<p>k\u2081 and <em>em</em></p>\n"},
};

START_TEST(test_html)
{
    const html_row *r = &k_html[_i];
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    sct_html_markdown(f, r->in, r->inline_only);
    fclose(f);
    ck_assert_str_eq(buf, r->want);
    free(buf);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("render_math");
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test_math, 0, (int)(sizeof k_math / sizeof k_math[0]));
    tcase_add_loop_test(tc, test_html, 0, (int)(sizeof k_html / sizeof k_html[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
