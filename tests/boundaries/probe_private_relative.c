/*
 * probe_private_relative.c — a deliberate offender for private_paths.py:
 * it reaches a private header of the render module by a relative path,
 * with no include directory to show for it.  ctest
 * boundaries.private_paths.probe_relative_include shows that the check
 * finds it.
 */
#include "../../harness/render/html_escape.h"

int sct_private_relative_probe(void);
int sct_private_relative_probe(void) { return 0; }
