/*
 * bundle_tar.c — a bundle as one tar archive, by the system's `tar`
 * (bundle_files.h), and the scratch directories and copies around it.
 */
#include "sct/bundle/bundle_files.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

bool sct_bundle_is_tar(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcmp(path + n - 4, ".tar") == 0;
}

static int run_tar(char *const argv[], char *err, size_t err_cap)
{
    pid_t pid;
    int rc = posix_spawnp(&pid, "tar", NULL, NULL, argv, environ);
    if (rc != 0) {
        snprintf(err, err_cap, "cannot start tar: %s", strerror(rc));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, err_cap, "waiting for tar: %s", strerror(errno));
            return -1;
        }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, err_cap, "tar %s %s failed (status %d)", argv[1], argv[2], status);
        return -1;
    }
    return 0;
}

int sct_bundle_tar_create(const char *dir, const char *tar_path, char *err, size_t err_cap)
{
    /* GNU tar options for a reproducible archive: the same files give the
     * same bytes whoever and whenever certified. */
    char *argv[] = {"tar", "-cf", (char *)tar_path, "--sort=name", "--owner=0",
                    "--group=0", "--numeric-owner", "--mtime=@0", "--format=gnu",
                    "-C", (char *)dir, ".", NULL};
    return run_tar(argv, err, err_cap);
}

int sct_bundle_tar_extract(const char *tar_path, const char *dir, char *err, size_t err_cap)
{
    /* --no-same-owner/permissions: the files become the caller's; members
     * with absolute or ".." paths are refused by GNU tar itself. */
    char *argv[] = {"tar", "-xf", (char *)tar_path, "--no-same-owner",
                    "--no-same-permissions", "-C", (char *)dir, NULL};
    return run_tar(argv, err, err_cap);
}

int sct_bundle_scratch_dir(const char *what, char *out, size_t cap, char *err, size_t err_cap)
{
    const char *base = getenv("TMPDIR");
    snprintf(out, cap, "%s/sonnx-cts-%s-XXXXXX", base && base[0] ? base : "/tmp", what);
    if (mkdtemp(out) == NULL) {
        snprintf(err, err_cap, "cannot create a scratch directory %s: %s", out,
                 strerror(errno));
        return -1;
    }
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path) == 0 ? 0 : -1;
}

int sct_bundle_remove_tree(const char *dir)
{
    return nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int sct_bundle_copy_file(const char *from, const char *to, char *err, size_t err_cap)
{
    FILE *in = fopen(from, "rb");
    if (in == NULL) {
        snprintf(err, err_cap, "%s: cannot open: %s", from, strerror(errno));
        return -1;
    }
    FILE *out = fopen(to, "wb");
    if (out == NULL) {
        snprintf(err, err_cap, "%s: cannot write: %s", to, strerror(errno));
        fclose(in);
        return -1;
    }
    char buf[65536];
    size_t n;
    int rc = 0;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            rc = -1;
    if (ferror(in))
        rc = -1;
    fclose(in);
    if (fclose(out) != 0)
        rc = -1;
    if (rc != 0)
        snprintf(err, err_cap, "copying %s to %s failed", from, to);
    return rc;
}
