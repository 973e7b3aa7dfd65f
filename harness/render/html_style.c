/*
 * html_style.c — the report's inline stylesheet.  Sober, print-friendly
 * (A4 landscape, sections start on new pages), colours chosen to stay
 * distinguishable in greyscale print: every verdict colour also carries its
 * name as text, colour is never the only signal.
 */
#include "html_sections.h"

void sct_html_style(FILE *out)
{
    /* One literal per rule: ISO C caps a single string literal at 4095
     * characters (-Woverlength-strings). */
    static const char *const css[] = {
        "<style>\n",
        ":root{--ink:#1b1f23;--muted:#5f6b76;--rule:#d0d7de;--paper:#fff;}\n",
        "*{box-sizing:border-box}\n",
        "body{font:14px/1.45 'DejaVu Sans',Arial,Helvetica,sans-serif;color:var(--ink);",
        "background:#f4f5f7;margin:0}\n",
        "main{max-width:1280px;margin:0 auto;background:var(--paper);padding:28px 36px 48px;",
        "box-shadow:0 0 0 1px var(--rule)}\n",
        "header.doc{border-bottom:3px solid #1f3a5f;padding-bottom:12px;margin-bottom:18px}\n",
        "header.doc .kicker{font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}\n",
        "h1{font-size:24px;margin:4px 0 2px;color:#1f3a5f}\n",
        "h2{font-size:18px;margin:30px 0 10px;padding-bottom:4px;border-bottom:1px solid var(--rule);color:#1f3a5f}\n",
        "h3{font-size:15px;margin:18px 0 6px}\n",
        "p.note{color:var(--muted);font-size:12.5px;margin:4px 0 10px}\n",
        "table{border-collapse:collapse;margin:6px 0 12px}\n",
        "th,td{border:1px solid var(--rule);padding:3px 7px;text-align:left;vertical-align:top}\n",
        "th{background:#eef1f4;font-weight:600}\n",
        "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\n",
        "code,.mono{font-family:'DejaVu Sans Mono',Consolas,monospace;font-size:12.5px}\n",
        "table.kv th{width:210px;white-space:nowrap}\n",
        "table.kv td{font-family:'DejaVu Sans Mono',Consolas,monospace;font-size:12.5px;overflow-wrap:anywhere}\n",
        /* a runtime's message may hold a long path with no break (ORT's
         * source file names): it wraps rather than widen the page */
        "table.group-cases td:last-child{overflow-wrap:anywhere}\n",
        ".verdict{display:flex;align-items:center;gap:18px;margin:14px 0;padding:14px 18px;",
        "border-radius:4px;border:2px solid}\n",
        ".verdict .big{font-size:26px;font-weight:700;letter-spacing:.03em}\n",
        ".verdict.v-pass{border-color:#2e7d32;background:#e8f5e9}\n",
        ".verdict.v-fail{border-color:#c62828;background:#ffebee}\n",
        ".verdict.v-error{border-color:#e65100;background:#fff3e0}\n",
        ".verdict.v-notrun{border-color:#78909c;background:#eceff1}\n",
        ".badge{display:inline-block;padding:0 6px;border-radius:3px;font-size:11.5px;font-weight:700;",
        "letter-spacing:.02em;border:1px solid;white-space:nowrap}\n",
        ".v-pass{background:#e8f5e9;color:#1b5e20;border-color:#66bb6a}\n",
        ".v-fail{background:#ffebee;color:#b71c1c;border-color:#e57373}\n",
        ".v-mixed{background:#fff8e1;color:#8d6e00;border-color:#ffca28}\n",
        ".v-unsup{background:#eceff1;color:#37474f;border-color:#90a4ae}\n",
        ".v-crash{background:#f3e5f5;color:#4a148c;border-color:#ab47bc}\n",
        ".v-error{background:#fff3e0;color:#bf360c;border-color:#ffa726}\n",
        ".v-notrun{background:#fff;color:#9aa5b1;border-color:#cfd8dc;border-style:dashed}\n",
        "table.matrix td.cell{text-align:center;min-width:56px;font-size:12px;line-height:1.25;padding:3px 4px}\n",
        "table.matrix td.cell b{display:block;font-size:10.5px}\n",
        "div.scroll{overflow-x:auto;max-width:100%}\n",
        "table.matrix td.cell a{color:inherit;text-decoration:none}\n",
        "table.matrix th.row{white-space:nowrap}\n",
        "div.wide{overflow-x:auto;max-width:100%}\n",
        "table.matrix th.col{font-size:12px;text-align:center;white-space:nowrap}\n",
        ".hists{display:flex;flex-wrap:wrap;gap:10px 18px}\n",
        ".hists figure{margin:0;border:1px solid var(--rule);padding:6px 8px 2px;border-radius:3px}\n",
        ".hists figcaption{font-size:11.5px;color:var(--muted)}\n",
        "svg.hist text{font-family:'DejaVu Sans',Arial,sans-serif}\n",
        "svg.hist text.cap{font-size:11px;font-weight:600;fill:#1b1f23}\n",
        "svg.hist text.n{font-size:9px;text-anchor:middle;fill:#333}\n",
        "svg.hist text.b{font-size:9px;text-anchor:middle;fill:#555}\n",
        "table.trace td.ids{font-size:12px;max-width:520px}\n",
        "table.trace tr.gap td{background:#fffde7}\n",
        "table.trace td.req{white-space:nowrap;font-family:'DejaVu Sans Mono',Consolas,monospace;font-size:12.5px}\n",
        "details{margin:4px 0}\n",
        "summary{cursor:pointer}\n",
        /* section.case outranks the .v-* badge colours: a failure block stays
         * black on white, only its left rule carries the verdict colour. */
        "section.case{background:#fff;color:var(--ink);border:1px solid var(--rule);",
        "border-left:5px solid #c62828;padding:6px 12px;margin:10px 0;border-radius:3px}\n",
        "section.case.v-crash{border-left-color:#6a1b9a}section.case.v-error{border-left-color:#e65100}\n",
        "section.case h3{margin:4px 0}\n",
        "table.samples td{font-family:'DejaVu Sans Mono',Consolas,monospace;font-size:12px}\n",
        "table.samples tr.worst td{background:#fff3e0}\n",
        ".warn{border:1px solid #ffa726;background:#fff8e1;padding:6px 12px;border-radius:3px}\n",
        ".signoff td{height:34px;min-width:260px}\n",
        "nav.toc{font-size:13px;margin:8px 0 4px}nav.toc p{margin:3px 0}\n",
        "code.repro{white-space:pre-wrap;overflow-wrap:anywhere}p.repro{margin:2px 0 4px}td.paths{font-size:12px}\n",
        "section.case p.msg{margin:2px 0 4px}\n",
        ".notes article{border-left:3px solid #90a4ae;padding:2px 12px;margin:10px 0}\n",
        ".notes pre{white-space:pre-wrap;font-family:inherit;margin:4px 0}\n",
        "footer{margin-top:36px;color:var(--muted);font-size:12px;border-top:1px solid var(--rule);padding-top:8px}\n",
        "@media print{body{background:#fff}main{box-shadow:none;max-width:none;padding:0}",
        /* On paper every collapsed list is printed: a signed report shows
         * all of its evidence, not what happened to be expanded. */
        "h2{break-before:page}h2.first{break-before:auto}details{display:block}",
        "details::details-content{content-visibility:visible;display:block}",
        "@page{size:A4 landscape;margin:14mm}}\n",
        "</style>\n",
    };
    for (size_t i = 0; i < sizeof css / sizeof css[0]; i++)
        fputs(css[i], out);
}
