/*
 * The game clock. Game time runs at `scale` times a source clock (SDL's
 * ticks in real mode, the sum of akgl_time_advance steps in manual mode),
 * and stands still while paused. It is kept as a base: the game time and the
 * source clock's reading at the last change of mode, pause or scale; the
 * time now is the base plus the source time since, scaled. Every change
 * rebases, so none of them makes the time jump, and the scaled time is
 * rounded once from the base, not at every step (a scale of 1/3 over many
 * small steps loses less than a nanosecond in all).
 *
 * All of it is unsigned, and game time saturates at UINT64_MAX rather than
 * wrap round to small values (the clock would go backwards).
 */
#include <akgl/time.h>

#include "time_private.h"

#include <SDL3/SDL.h>

uint32_t akgl_time_update_serial;

static bool manual;
static bool paused;
static float scale = 1.0f;
static uint64_t manual_source; /* the manual source: the steps since manual mode began */
static uint64_t base_game;     /* game time at the last rebase */
static uint64_t base_source;   /* the source clock at that moment */

static uint64_t source_now(void)
{
    return manual ? manual_source : SDL_GetTicksNS();
}

/* The game time @p since ns of the source clock after the base. */
static uint64_t game_at(uint64_t since)
{
    if (paused) {
        return base_game;
    }
    if (scale != 1.0f) {
        double scaled = (double)since * (double)scale;
        /* 2^64 as a double: anything at or past it saturates. */
        since = scaled >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)scaled;
    }
    if (since > UINT64_MAX - base_game) {
        return UINT64_MAX; /* the end of time: stay there rather than wrap */
    }
    return base_game + since;
}

uint64_t akgl_time_now(void)
{
    uint64_t source = source_now();
    return game_at(source >= base_source ? source - base_source : 0);
}

/* The base moves to now, so that a change made after it applies from now on. */
static void rebase(void)
{
    base_game = akgl_time_now();
    if (manual) {
        manual_source = 0; /* kept small: it counts from the last change only */
    }
    base_source = source_now();
}

akerr_ErrorContext *akgl_time_use_manual(bool use_manual)
{
    if (use_manual != manual) {
        base_game = akgl_time_now();
        manual = use_manual;
        manual_source = 0;
        base_source = source_now();
    }
    return NULL;
}

akerr_ErrorContext *akgl_time_advance(uint64_t ns)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, manual, AKERR_BEHAVIOR,
                     "akgl_time_advance: the clock is real; akgl_time_use_manual(true) first");
    uint64_t now = akgl_time_now();
    /* The step itself, and the game time it makes, must both fit. */
    bool fits = ns <= UINT64_MAX - manual_source;
    if (fits && !paused) {
        uint64_t since = manual_source + ns - base_source;
        double scaled = (double)since * (double)scale;
        fits = scale == 1.0f ? since <= UINT64_MAX - base_game
                             : scaled < 18446744073709551616.0 &&
                                   (uint64_t)scaled <= UINT64_MAX - base_game;
    }
    if (!fits) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_time_advance: %llu ns past %llu ns overflows the clock",
                    (unsigned long long)ns, (unsigned long long)now);
    }
    manual_source += ns;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_time_set_paused(bool on)
{
    if (on != paused) {
        rebase();
        paused = on;
    }
    return NULL;
}

bool akgl_time_paused(void)
{
    return paused;
}

akerr_ErrorContext *akgl_time_set_scale(float factor)
{
    PREPARE_ERROR(errctx);
    /* Written so that NaN fails too. */
    FAIL_ZERO_RETURN(errctx, factor >= 0.0f && factor <= AKGL_TIME_MAX_SCALE, AKERR_VALUE,
                     "akgl_time_set_scale: %g is outside 0..%g (1 is real speed)",
                     (double)factor, (double)AKGL_TIME_MAX_SCALE);
    if (factor != scale) {
        rebase();
        scale = factor;
    }
    SUCCEED_RETURN(errctx);
}

float akgl_time_scale(void)
{
    return scale;
}

uint64_t akgl_time_source_now(void)
{
    return source_now();
}
