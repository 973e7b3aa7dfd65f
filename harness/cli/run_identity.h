/*
 * run_identity.h — the identity block of a run report: harness version,
 * exact command line, host, date (UTC), profile, vector set and its hash,
 * backend identity.
 */
#ifndef SCT_CLI_RUN_IDENTITY_H
#define SCT_CLI_RUN_IDENTITY_H

#include "sct/exec/backend.h"
#include "sct/model/case.h"
#include "sct/results/report_model.h"
#include "run_config.h"

/* argv joined with spaces, quoted for a POSIX shell where needed (the
 * "exact command line" of reports; also used by `merge`).  Malloc'ed; NULL
 * when out of memory. */
char *sct_join_command_line(int argc, char **argv);

void sct_fill_identity(sct_run_report *r, int argc, char **argv,
                       const sct_run_config *cfg, const sct_vector_set *set,
                       const sct_backend_identity *b);

#endif /* SCT_CLI_RUN_IDENTITY_H */
