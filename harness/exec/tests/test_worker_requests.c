/*
 * test_worker_requests.c — the isolated worker (worker_child.c) against
 * requests the harness would never send: its socket is driven directly,
 * byte by byte.  A request whose attributes (wire_attributes.h) are
 * malformed, or whose length is not the fixed part plus the announced
 * attribute bytes, is refused with a reason (SCT_REPLY_WORKER_FAILED)
 * without calling the plugin, and the worker answers the next, well-formed
 * request as before (docs/plugin-abi.md §2.1).  The worker runs without
 * its sandbox (the plan disabled), forked from the test, with the fixture
 * plugin, which echoes the attributes it receives.
 */
#include <check.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sct_check_main.h"
#include "wire_attributes.h"
#include "worker_protocol.h"

/* A request as sent: the fixed part, the attributes, room to go past the
 * largest one. */
typedef struct message {
    sct_wire_request q;
    uint64_t attr[SCT_WIRE_ATTR_CAP / 8 + 64];
} message;

static message msg;
static sct_wire_reply reply;

static pid_t start_worker(int *sock)
{
    int sv[2];
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(sv[0]);
        sct_sandbox_plan plan;
        memset(&plan, 0, sizeof plan); /* not enabled: no sandbox */
        sct_worker_main(sv[1], -1, -1, FIXTURE_PLUGIN, "ok", &plan);
    }
    close(sv[1]);
    *sock = sv[0];
    return pid;
}

/* The next reply's kind, or -1 when none comes within 10 s. */
static int next_reply(int sock)
{
    struct pollfd p = {sock, POLLIN, 0};
    if (poll(&p, 1, 10000) != 1)
        return -1;
    memset(&reply, 0, sizeof reply);
    if (recv(sock, &reply, sizeof reply, 0) != (ssize_t)sizeof reply)
        return -1;
    reply.message[sizeof reply.message - 1] = '\0';
    return (int)reply.kind;
}

/* A query for op `op_type` with `n` attributes in `bytes` announced bytes,
 * `sent` payload bytes of msg.attr sent after the fixed part. */
static void send_query(int sock, uint32_t kind, uint32_t n, uint32_t bytes, size_t sent)
{
    memset(&msg.q, 0, sizeof msg.q);
    msg.q.kind = kind;
    msg.q.opset = 14;
    msg.q.n_inputs = 2;
    msg.q.input_types[0] = msg.q.input_types[1] = SONNX_DT_FLOAT;
    strcpy(msg.q.op_type, "Div");
    strcpy(msg.q.profile, "sonnx");
    msg.q.n_attributes = n;
    msg.q.attr_bytes = bytes;
    ck_assert(send(sock, &msg, sizeof msg.q + sent, MSG_NOSIGNAL) ==
              (ssize_t)(sizeof msg.q + sent));
}

/* The payload of {"axis", INT, 1}, encoded as the harness does; its size. */
static uint32_t axis_payload(void)
{
    static const sonnx_attribute axis[1] = {
        {"axis", SONNX_ATTR_INT, 0, 1, 0.0f, 0, NULL, 0, NULL, NULL}};
    sonnx_op op = {"Div", "", 14, "sonnx", 1, axis};
    uint32_t n = 0, bytes = 0;
    char why[128];
    memset(msg.attr, 0, sizeof msg.attr);
    ck_assert(sct_wire_attributes_encode(&op, (unsigned char *)msg.attr, SCT_WIRE_ATTR_CAP, &n,
                                         &bytes, why, sizeof why) == 0);
    return bytes;
}


static const struct {
    const char *name;
    uint32_t kind;      /* SCT_REQ_QUERY or SCT_REQ_RUN */
    uint32_t n;         /* announced attributes */
    int64_t bytes;      /* announced bytes; -1: what was encoded */
    int64_t sent;       /* payload bytes sent; -1: what was encoded */
    int poke_at;        /* a byte of the payload set to 0xFF, or -1 */
    const char *want;   /* in the refusal; NULL: answered */
} rows[] = {
    {"well-formed", SCT_REQ_QUERY, 1, -1, -1, -1, NULL},
    {"fewer bytes sent than announced", SCT_REQ_QUERY, 1, 45, 40, -1,
     "request refused: the request announces 45 attribute bytes, 40 arrived"},
    {"bytes sent, none announced", SCT_REQ_QUERY, 1, 0, -1, -1,
     "request refused: the request announces 0 attribute bytes, 45 arrived"},
    {"too many attributes", SCT_REQ_QUERY, 40, -1, -1, -1, "40 attributes, more than 32"},
    {"larger than the largest request", SCT_REQ_QUERY, 1, -1, SCT_WIRE_ATTR_CAP + 64, -1,
     "truncated or oversize request"},
    {"the name's offset broken", SCT_REQ_QUERY, 1, -1, -1, 8 /* name_off */,
     "request refused: attribute 0: name"},
    {"a run with a broken name", SCT_REQ_RUN, 1, -1, -1, 8, "request refused: attribute 0: name"},
    {"an unknown kind", SCT_REQ_QUERY, 1, -1, -1, 0 /* kind */, "unknown kind 255"},
};

START_TEST(refused_then_served)
{
    int sock;
    pid_t pid = start_worker(&sock);
    ck_assert_int_eq(next_reply(sock), SCT_REPLY_OPENED);
    uint32_t good = axis_payload();
    ck_assert_uint_eq(good, 45);
    if (rows[_i].poke_at >= 0)
        ((unsigned char *)msg.attr)[rows[_i].poke_at] = 0xFF;
    uint32_t bytes = rows[_i].bytes < 0 ? good : (uint32_t)rows[_i].bytes;
    size_t sent = rows[_i].sent < 0 ? good : (size_t)rows[_i].sent;
    send_query(sock, rows[_i].kind, rows[_i].n, bytes, sent);
    int kind = next_reply(sock);
    if (rows[_i].want == NULL) {
        ck_assert_int_eq(kind, SCT_REPLY_DONE);
        ck_assert_str_eq(reply.message, "Div: 1 attributes, first axis");
    } else {
        ck_assert_msg(kind == SCT_REPLY_WORKER_FAILED, "%s: reply %d (%s)", rows[_i].name,
                      kind, reply.message);
        ck_assert_msg(strstr(reply.message, rows[_i].want) != NULL, "%s: '%s'",
                      rows[_i].name, reply.message);
    }
    /* the worker serves on: a well-formed query, then an op without
     * attributes, then the shutdown */
    axis_payload();
    send_query(sock, SCT_REQ_QUERY, 1, good, good);
    ck_assert_int_eq(next_reply(sock), SCT_REPLY_DONE);
    ck_assert_str_eq(reply.message, "Div: 1 attributes, first axis");
    send_query(sock, SCT_REQ_QUERY, 0, 0, 0);
    ck_assert_int_eq(next_reply(sock), SCT_REPLY_DONE);
    ck_assert_str_eq(reply.message, "only Mul float32 and Div int32");
    send_query(sock, SCT_REQ_SHUTDOWN, 0, 0, 0);
    ck_assert_int_eq(next_reply(sock), SCT_REPLY_DONE);
    int status = 0;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(sock);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, refused_then_served, 0, (int)(sizeof rows / sizeof rows[0]));
    return sct_check_run_tcase("worker_requests", tc);
}
