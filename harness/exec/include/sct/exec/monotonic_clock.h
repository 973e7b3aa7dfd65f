/*
 * monotonic_clock.h — the harness's one clock for durations: call timings,
 * timeouts, run and sweep wall times, progress rates.  CLOCK_MONOTONIC, so a
 * change of the wall-clock time never shortens a timeout or makes a
 * duration negative.
 */
#ifndef SCT_EXEC_MONOTONIC_CLOCK_H
#define SCT_EXEC_MONOTONIC_CLOCK_H

/* Seconds since an arbitrary fixed point (0.0 if the clock cannot be read). */
double sct_monotonic_seconds(void);

#endif /* SCT_EXEC_MONOTONIC_CLOCK_H */
