/*
 * The game clock. Real mode reads SDL_GetTicksNS relative to the moment it
 * last resumed, so switching modes never makes the time jump: the real
 * clock carries on from wherever the manual one was left.
 *
 * All of it is unsigned, and real time saturates at UINT64_MAX. The first
 * version kept a signed offset (game time - SDL ticks): past 2^63 ns of
 * manual time that subtraction overflowed (undefined behaviour), and near
 * UINT64_MAX the sum wrapped round to small values, so the clock went
 * backwards.
 */
#include <akgl/time.h>

#include "time_private.h"

#include <SDL3/SDL.h>

uint32_t akgl_time_update_serial;

static bool manual;
static uint64_t manual_now;
static uint64_t real_base_game;  /* game time when the real clock last resumed */
static uint64_t real_base_ticks; /* SDL ticks at that moment */

uint64_t akgl_time_now(void)
{
    if (manual) {
        return manual_now;
    }
    uint64_t ticks = SDL_GetTicksNS();
    uint64_t since = ticks >= real_base_ticks ? ticks - real_base_ticks : 0;
    if (since > UINT64_MAX - real_base_game) {
        return UINT64_MAX; /* the end of time: stay there rather than wrap */
    }
    return real_base_game + since;
}

akerr_ErrorContext *akgl_time_use_manual(bool use_manual)
{
    if (use_manual && !manual) {
        manual_now = akgl_time_now();
    } else if (!use_manual && manual) {
        real_base_game = manual_now;
        real_base_ticks = SDL_GetTicksNS();
    }
    manual = use_manual;
    return NULL;
}

akerr_ErrorContext *akgl_time_advance(uint64_t ns)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, manual, AKERR_BEHAVIOR,
                     "akgl_time_advance: the clock is real; akgl_time_use_manual(true) first");
    if (ns > UINT64_MAX - manual_now) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_time_advance: %llu ns past %llu ns overflows the clock",
                    (unsigned long long)ns, (unsigned long long)manual_now);
    }
    manual_now += ns;
    SUCCEED_RETURN(errctx);
}
