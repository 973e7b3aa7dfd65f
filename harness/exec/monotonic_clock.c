/* monotonic_clock.c — wall time for timeouts and per-call durations. */
#include <time.h>

#include "sct/exec/monotonic_clock.h"

double sct_monotonic_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
