/*
 * The game clock. Real mode reads SDL_GetTicksNS plus an offset, so that
 * switching modes never makes the time jump backwards: the offset carries
 * whatever the manual clock added.
 */
#include <akgl/time.h>

#include <SDL3/SDL.h>

static bool manual;
static uint64_t manual_now;
static int64_t real_offset; /* game time = SDL ticks + offset, in real mode */

uint64_t akgl_time_now(void)
{
    if (manual) {
        return manual_now;
    }
    return (uint64_t)((int64_t)SDL_GetTicksNS() + real_offset);
}

akerr_ErrorContext *akgl_time_use_manual(bool use_manual)
{
    if (use_manual && !manual) {
        manual_now = akgl_time_now();
    } else if (!use_manual && manual) {
        real_offset = (int64_t)manual_now - (int64_t)SDL_GetTicksNS();
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
