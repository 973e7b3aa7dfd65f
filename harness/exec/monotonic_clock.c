/* monotonic_clock.c — wall time for timeouts and per-call durations. */
#include <time.h>

#include "backend_kinds.h"

double sct_monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
