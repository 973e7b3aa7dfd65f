/*
 * install_layout.h — where `sonnx-cts` finds its vector set and plugins when
 * the command line does not say.
 *
 * An installed tree follows the GNU directories (docs/install.md):
 *   <prefix>/bin/sonnx-cts
 *   <prefix>/<libdir>/sonnx-cts/   plugins (built-in kernels, adapters)
 *   <prefix>/share/sonnx-cts/vectors
 *   <prefix>/share/sonnx-cts/docs/spec-notes.md
 * and is found relative to the running executable (/proc/self/exe), so a
 * relocated prefix (DESTDIR, a copied tree) works.  An executable inside its
 * own build tree uses the source tree's vectors/ instead; an installed one
 * never does.
 */
#ifndef SCT_CLI_INSTALL_LAYOUT_H
#define SCT_CLI_INSTALL_LAYOUT_H

#include <stddef.h>

/* The vector set used when --vectors is not given, in this order:
 * $SONNX_CTS_VECTORS (when set and not empty); the installed
 * share/sonnx-cts/vectors beside this executable; for an executable in its
 * build tree, the source tree's vectors/.  NULL when none applies (the
 * caller says so: --vectors is then required).  The string is static. */
const char *sct_default_vectors_dir(void);

/* What sct_default_vectors_dir() looked for, for messages and --help:
 * writes one line into buf. */
void sct_describe_vectors_default(char *buf, size_t cap);

/* The spec notes a report falls back on when none is given and none lies
 * beside its vector set (sct_render_request.default_spec_notes_path): the
 * installed share/sonnx-cts/docs/spec-notes.md beside this executable, or
 * for an executable in its build tree the source tree's
 * docs/spec-notes.md.  NULL when the file is not there.  Static string. */
const char *sct_default_spec_notes(void);

/* The installed plugin directory beside this executable, or NULL (e.g. an
 * executable in its build tree).  The string is static. */
const char *sct_installed_plugin_dir(void);

/* Resolves the value of --vendor into `out`.  A value holding a '/' is a
 * path, used as given.  A bare NAME is first the file of that name in the
 * working directory (as "./NAME"), then looked up in the installed plugin
 * directory as NAME, NAME.so and sonnx_NAME_plugin.so (so `--vendor
 * builtin` and `--vendor sonnx_ort_plugin.so` work after installation).
 * 0, or -1 with a message in err naming what was looked for. */
int sct_resolve_vendor(const char *value, char *out, size_t cap,
                       char *err, size_t err_cap);

#endif /* SCT_CLI_INSTALL_LAYOUT_H */
