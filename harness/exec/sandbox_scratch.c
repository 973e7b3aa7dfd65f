/*
 * sandbox_scratch.c — the plugin's private scratch directory:
 * created per backend in $TMPDIR, the only place the sandboxed worker may
 * write (Landlock, the write watch), its working directory, $TMPDIR and
 * $HOME; removed with its contents when the backend closes.
 */
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sct/exec/worker_sandbox.h"

int sct_sandbox_scratch_create(char *out, size_t cap, char *err, size_t err_cap)
{
    const char *tmp = getenv("TMPDIR");
    if (tmp == NULL || tmp[0] == '\0')
        tmp = "/tmp";
    char tmpl[PATH_MAX], real[PATH_MAX];
    if ((size_t)snprintf(tmpl, sizeof tmpl, "%s/sonnx-cts-scratch.XXXXXX", tmp) >=
            sizeof tmpl) {
        snprintf(err, err_cap, "cannot create the plugin's scratch directory in %s: "
                 "path too long", tmp);
        return -1;
    }
    if (mkdtemp(tmpl) == NULL || realpath(tmpl, real) == NULL ||
        (size_t)snprintf(out, cap, "%s", real) >= cap) {
        snprintf(err, err_cap, "cannot create the plugin's scratch directory in %s: %s",
                 tmp, strerror(errno));
        out[0] = '\0';
        return -1;
    }
    return 0;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *f)
{
    (void)st;
    (void)f;
    if (type == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

void sct_sandbox_scratch_remove(char *dir)
{
    if (dir[0])
        nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    dir[0] = '\0';
}
