/*
 * The timing helpers every benchmark shares: a nanosecond clock and the
 * median of a round's figures (medians, because the machines are shared and
 * one slow round must not move the result).
 */
#ifndef AKGL_BENCH_TIMING_H
#define AKGL_BENCH_TIMING_H

#include <SDL3/SDL.h>

static inline double now_ns(void)
{
    return (double)SDL_GetPerformanceCounter() * 1e9 / (double)SDL_GetPerformanceFrequency();
}

/* Sorts v in place (n is a handful of rounds) and returns its median. */
static inline double median(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    return (n % 2) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

#endif /* AKGL_BENCH_TIMING_H */
