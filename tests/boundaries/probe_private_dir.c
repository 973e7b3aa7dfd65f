/*
 * probe_private_dir.c — a deliberate offender for private_paths.py: its
 * target (CMakeLists.txt) puts harness/render, the private folder of the
 * render module, on its include path, so that a test outside the module
 * could include render's private headers by bare name.  The compiler lets
 * that through; ctest boundaries.private_paths.probe_include_dir shows
 * that the check does not.
 */
#include "sct/render/render_outputs.h"

int sct_private_dir_probe(void);
int sct_private_dir_probe(void) { return 0; }
