/*
 * probe.c — compiled by the boundaries tests (CMakeLists.txt) with
 * SCT_PROBE_HEADER naming one header and the include path of a consumer
 * that links every module (sct_cli_core): a private header of a module must
 * not be found, a public one must.
 */
#include SCT_PROBE_HEADER

int sct_boundary_probe(void);
int sct_boundary_probe(void) { return 0; }
