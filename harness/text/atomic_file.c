/*
 * atomic_file.c — temporary file beside the target + rename (atomic_file.h).
 */
#include "sct/text/atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directory part of `path` ("." when none) into `dir`. */
static void dir_of(const char *path, char *dir, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(dir, cap, ".");
    else if (slash == path)
        snprintf(dir, cap, "/");
    else
        snprintf(dir, cap, "%.*s", (int)(slash - path), path);
}

FILE *sct_atomic_open(sct_atomic_file *a, const char *path, char *err, size_t err_cap)
{
    a->tmp[0] = '\0';
    a->f = NULL;
    a->path = path;
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    if (snprintf(a->tmp, sizeof a->tmp, "%s/.%s.tmp-XXXXXX", dir, name) >= (int)sizeof a->tmp) {
        snprintf(err, err_cap, "%s: path too long", path);
        return NULL;
    }
    int fd = mkstemp(a->tmp);
    if (fd < 0) {
        snprintf(err, err_cap, "%s: cannot create a file in %s: %s", path, dir,
                 strerror(errno));
        return NULL;
    }
    /* mkstemp makes 0600; a report is as readable as any file the user
     * creates (umask decides). */
    mode_t um = umask(0);
    umask(um);
    if (fchmod(fd, 0666 & ~um) != 0 || (a->f = fdopen(fd, "w")) == NULL) {
        snprintf(err, err_cap, "%s: cannot write: %s", path, strerror(errno));
        close(fd);
        remove(a->tmp);
        return NULL;
    }
    return a->f;
}

int sct_atomic_commit(sct_atomic_file *a, char *err, size_t err_cap)
{
    if (a->f == NULL)
        return 1;
    /* A failed write leaves the stream's error flag, not errno: flushing
     * again retries the buffered bytes and says why they cannot go. */
    int saved = 0;
    int bad = fflush(a->f) != 0;
    if (bad)
        saved = errno;
    bad = bad || ferror(a->f);
    if (fclose(a->f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    a->f = NULL;
    if (bad) {
        snprintf(err, err_cap, "%s: write failed: %s (the previous file, if any, is kept)",
                 a->path, strerror(saved ? saved : EIO));
        remove(a->tmp);
        return 1;
    }
    if (rename(a->tmp, a->path) != 0) {
        snprintf(err, err_cap, "%s: cannot put the report in place: %s", a->path,
                 strerror(errno));
        remove(a->tmp);
        return 1;
    }
    return 0;
}

void sct_atomic_abort(sct_atomic_file *a)
{
    if (a->f != NULL) {
        fclose(a->f);
        a->f = NULL;
        remove(a->tmp);
    }
}

int sct_output_path_check(const char *option, const char *path, char *err, size_t err_cap)
{
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, err_cap, "%s %s: directory %s does not exist", option, path, dir);
        return 1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, err_cap, "%s %s: directory %s is not writable: %s", option, path, dir,
                 strerror(errno));
        return 1;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, err_cap, "%s %s: is a directory", option, path);
        return 1;
    }
    return 0;
}
