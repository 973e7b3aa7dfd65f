/* file_read.c — whole-file reads with a size cap (see file_read.h). */
#include "file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io_error.h"

int sct_read_file(const char *path, const char *display, uint64_t max_bytes,
                  uint8_t **data, size_t *len, char *err, size_t err_cap)
{
    *data = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                            "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                            "cannot stat: %s", strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                            "not a regular file");
    }
    if (st.st_size < 0 || (uint64_t)st.st_size > max_bytes) {
        close(fd);
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                            "%lld bytes exceeds the limit of %llu bytes",
                            (long long)st.st_size, (unsigned long long)max_bytes);
    }
    size_t size = (size_t)st.st_size;
    uint8_t *buf = malloc(size + 1);
    if (buf == NULL) {
        close(fd);
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                            "out of memory for %zu bytes", size);
    }
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int e = errno;
            free(buf);
            close(fd);
            if (n == 0)
                return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                                    "file shrank while being read (%zu of %zu bytes)",
                                    got, size);
            return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE,
                                "read failed: %s", strerror(e));
        }
        got += (size_t)n;
    }
    close(fd);
    buf[size] = 0;
    *data = buf;
    *len = size;
    return 0;
}
