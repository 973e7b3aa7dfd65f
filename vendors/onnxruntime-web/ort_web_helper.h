/*
 * ort_web_helper.h — the node helper process of the ONNX Runtime Web
 * adapter and the frames exchanged with it (protocol in
 * ort_web_helper.cjs): a socket pair as the helper's stdin/stdout, frames
 * of a u32 little-endian length and a payload.
 *
 * One helper per harness worker, started by init (never per case).  Every
 * exchange has a deadline: a helper that does not answer in time is killed
 * (SIGKILL) and reaped, a helper that died is reaped; either way the call
 * returns an error naming what happened (exit status or signal), never
 * hangs.  The helper is started with PR_SET_PDEATHSIG so it ends with the
 * worker (e.g. when the harness kills a worker on its own timeout).
 */
#ifndef SCT_ORTW_HELPER_H
#define SCT_ORTW_HELPER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Replies larger than this are refused (the ops' outputs are far smaller). */
#define SCT_ORTW_MAX_FRAME (1u << 30)

typedef struct sct_ortw_helper {
    pid_t pid;      /* 0: not running */
    int fd;         /* our end of the socket pair, -1 when not running */
    int timeout_ms; /* per exchange */
} sct_ortw_helper;

/* Starts `node script pkg_dir`.  Returns 0, or -1 with `err`. */
int sct_ortw_helper_start(sct_ortw_helper *h, const char *node,
                          const char *script, const char *pkg_dir,
                          int timeout_ms, char *err, size_t err_cap);

/* Sends one frame (payload `req`, `len` bytes) and receives the reply into
 * a malloc()ed buffer (*reply, *reply_len; caller frees).  Returns 0, or -1
 * with `err`; on -1 the helper has been stopped (killed if needed). */
int sct_ortw_helper_call(sct_ortw_helper *h, const void *req, size_t len,
                         uint8_t **reply, size_t *reply_len, char *err,
                         size_t err_cap);

/* Closes the socket (the helper exits on end of input), waits up to a
 * second, then kills and reaps it. */
void sct_ortw_helper_stop(sct_ortw_helper *h);

/* A growable request buffer. */
typedef struct sct_ortw_buf {
    uint8_t *data;
    size_t len, cap;
    int failed; /* an allocation failed: the buffer is unusable */
} sct_ortw_buf;

void sct_ortw_put(sct_ortw_buf *b, const void *p, size_t n);
void sct_ortw_put_u32(sct_ortw_buf *b, uint32_t v);
void sct_ortw_put_u64(sct_ortw_buf *b, uint64_t v);
void sct_ortw_buf_free(sct_ortw_buf *b);

#endif /* SCT_ORTW_HELPER_H */
