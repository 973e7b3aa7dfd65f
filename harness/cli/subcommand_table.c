/*
 * subcommand_table.c — the subcommands `sonnx-cts` dispatches to.
 */
#include "subcommands.h"

const sct_subcommand sct_subcommand_table[] = {
    {"run", "run the cases of a vector set against an implementation, report", sct_cmd_run},
    {"list", "show what a vector set holds (cases per op x types, tags, profiles)", sct_cmd_list},
    {"report", "render a run's JSON report as HTML and/or Markdown", sct_cmd_report},
    {"merge", "combine the JSON reports of the shards of one run (run --shard I/N)", sct_cmd_merge},
    {"compare", "one matrix across runtimes from their JSON reports (terminal, Markdown,\n"
                "           HTML linked to each runtime's report)", sct_cmd_compare},
    {"certify", "run, and write a certification bundle (reports, identity, digests, signature)", sct_cmd_certify},
    {"verify", "check a certification bundle offline (digests, signature, verdicts, completeness)", sct_cmd_verify},
    {"repro", "re-run one case (or element) and print its elements; --export one as an ONNX test", sct_cmd_repro},
    {"selftest", "run the installed seeded-fault plugins: is every injected error class detected?", sct_cmd_selftest},
#ifdef SCT_HAVE_SWEEP
    {"sweep", "every input pair of an 8- or 16-bit type (sampled pairs for 32/64-bit)\n"
              "           through an implementation, checked against the reference", sct_cmd_sweep},
#endif
};

const size_t sct_subcommand_count =
    sizeof sct_subcommand_table / sizeof sct_subcommand_table[0];
