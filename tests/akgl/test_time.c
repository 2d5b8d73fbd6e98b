/*
 * The game clock: real mode never goes backwards, manual mode moves only by
 * akgl_time_advance, switching modes does not jump, overflow is refused; a
 * pause stops game time and the scale multiplies it, in both modes.
 *
 * Real-mode checks compare readings with each other, never with a duration;
 * the two that sleep (2 and 20 ms, to see the real clock paused and scaled)
 * hold however long the sleep really takes.
 */
#include <akgl/time.h>

#include <math.h>

#include "akgl_test.h"

static void test_real_clock_never_goes_backwards(void)
{
    uint64_t prev = akgl_time_now();
    for (int i = 0; i < 100000; i++) {
        uint64_t now = akgl_time_now();
        CHECK_MSG(now >= prev, "reading %d went back from %llu to %llu", i,
                  (unsigned long long)prev, (unsigned long long)now);
        prev = now;
    }
}

static void test_advance_needs_the_manual_clock(void)
{
    CHECK_STATUS_MSG(akgl_time_advance(1), AKERR_BEHAVIOR, "akgl_time_use_manual(true)");
    /* Asking for the mode it is in already is harmless. */
    CHECK_OK(akgl_time_use_manual(false));
    CHECK_STATUS(akgl_time_advance(1), AKERR_BEHAVIOR);
}

static void test_manual_clock_moves_only_when_told(void)
{
    uint64_t before = akgl_time_now();
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t t0 = akgl_time_now();
    CHECK(t0 >= before); /* it starts where the real clock was */
    for (int i = 0; i < 10000; i++) {
        CHECK(akgl_time_now() == t0);
    }
    CHECK_OK(akgl_time_advance(5));
    CHECK(akgl_time_now() == t0 + 5);
    CHECK_OK(akgl_time_advance(0));
    CHECK(akgl_time_now() == t0 + 5);
    CHECK_OK(akgl_time_advance(3 * AKGL_TIME_ONEMS_NS));
    CHECK(akgl_time_now() == t0 + 5 + 3 * AKGL_TIME_ONEMS_NS);
    /* Switching on again changes nothing. */
    CHECK_OK(akgl_time_use_manual(true));
    CHECK(akgl_time_now() == t0 + 5 + 3 * AKGL_TIME_ONEMS_NS);
    CHECK_OK(akgl_time_use_manual(false));
}

static void test_switching_does_not_jump(void)
{
    /* Real -> manual: the manual clock starts between the readings around it. */
    uint64_t r0 = akgl_time_now();
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t m0 = akgl_time_now();
    CHECK_OK(akgl_time_use_manual(false));
    uint64_t r1 = akgl_time_now();
    CHECK(r0 <= m0 && m0 <= r1);

    /* Manual time ahead of the real clock: the real one carries on from it. */
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t m1 = akgl_time_now();
    uint64_t hour = UINT64_C(3600000000000);
    CHECK_OK(akgl_time_advance(hour));
    CHECK_OK(akgl_time_use_manual(false));
    uint64_t r2 = akgl_time_now();
    CHECK(r2 >= m1 + hour);
    /* ... and not by another hour: the switch adds no time of its own. */
    CHECK(r2 - (m1 + hour) < hour);
    uint64_t prev = r2;
    for (int i = 0; i < 1000; i++) {
        uint64_t now = akgl_time_now();
        CHECK(now >= prev);
        prev = now;
    }
    /* Back and forth many times: never backwards. */
    prev = akgl_time_now();
    for (int i = 0; i < 1000; i++) {
        CHECK_OK(akgl_time_use_manual(i % 2 == 0));
        uint64_t now = akgl_time_now();
        CHECK_MSG(now >= prev, "switch %d went back", i);
        prev = now;
    }
    CHECK_OK(akgl_time_use_manual(false));
}

static void test_overflow_is_refused(void)
{
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t t0 = akgl_time_now();
    CHECK_STATUS_MSG(akgl_time_advance(UINT64_MAX), AKERR_OUTOFBOUNDS, "overflows");
    CHECK(akgl_time_now() == t0);
    CHECK_STATUS(akgl_time_advance(UINT64_MAX - t0 + 1), AKERR_OUTOFBOUNDS);
    CHECK(akgl_time_now() == t0);
    CHECK_OK(akgl_time_use_manual(false));
}

/* Paused, game time stands still whatever the source does; resumed, it
 * carries on from there without a jump. */
static void test_pause_stops_game_time(void)
{
    const uint64_t MS = AKGL_TIME_ONEMS_NS;
    CHECK(!akgl_time_paused());
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t t0 = akgl_time_now();
    CHECK_OK(akgl_time_set_paused(true));
    CHECK(akgl_time_paused());
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(akgl_time_now() == t0);
    CHECK_OK(akgl_time_set_paused(true)); /* again: harmless */
    CHECK_OK(akgl_time_advance(1000 * MS));
    CHECK(akgl_time_now() == t0);
    CHECK_OK(akgl_time_set_paused(false));
    CHECK(!akgl_time_paused());
    CHECK(akgl_time_now() == t0); /* no jump for the time spent paused */
    CHECK_OK(akgl_time_advance(5 * MS));
    CHECK(akgl_time_now() == t0 + 5 * MS);

    /* The real clock too, across a mode switch while paused. */
    CHECK_OK(akgl_time_set_paused(true));
    CHECK_OK(akgl_time_use_manual(false));
    uint64_t r0 = akgl_time_now();
    CHECK(r0 == t0 + 5 * MS);
    SDL_Delay(2);
    CHECK(akgl_time_now() == r0);
    CHECK_OK(akgl_time_set_paused(false));
    uint64_t r1 = akgl_time_now();
    CHECK(r1 >= r0);
    CHECK(r1 - r0 < 1000 * MS); /* it resumed from r0, not from SDL's ticks */
}

/* The scale multiplies the source's time from the moment it is set, in
 * both modes; it is rounded once from that moment, not at every step. */
static void test_scale_runs_game_time_slower_or_faster(void)
{
    const uint64_t MS = AKGL_TIME_ONEMS_NS;
    CHECK(akgl_time_scale() == 1.0f);
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t t0 = akgl_time_now();
    CHECK_OK(akgl_time_set_scale(0.5f));
    CHECK(akgl_time_scale() == 0.5f);
    CHECK(akgl_time_now() == t0); /* setting it moves nothing */
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(akgl_time_now() == t0 + 8 * MS);
    CHECK_OK(akgl_time_set_scale(2.0f));
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(akgl_time_now() == t0 + 8 * MS + 32 * MS);
    /* A third, 3000 steps of 1 ns: 1000 ns, not 0 (each step alone rounds to 0). */
    CHECK_OK(akgl_time_set_scale(1.0f / 3.0f));
    uint64_t t1 = akgl_time_now();
    for (int i = 0; i < 3000; i++) {
        CHECK_OK(akgl_time_advance(1));
    }
    CHECK(akgl_time_now() - t1 == 1000);
    /* 0 stands still; a paused clock keeps its scale for later. */
    CHECK_OK(akgl_time_set_scale(0.0f));
    uint64_t t2 = akgl_time_now();
    CHECK_OK(akgl_time_advance(1000 * MS));
    CHECK(akgl_time_now() == t2);
    CHECK_OK(akgl_time_set_scale(0.25f));
    CHECK_OK(akgl_time_set_paused(true));
    CHECK_OK(akgl_time_advance(40 * MS));
    CHECK(akgl_time_now() == t2);
    CHECK_OK(akgl_time_set_paused(false));
    CHECK_OK(akgl_time_advance(40 * MS));
    CHECK(akgl_time_now() == t2 + 10 * MS);
    /* The real clock, scaled: never backwards, and slower than SDL's. */
    CHECK_OK(akgl_time_use_manual(false));
    CHECK_OK(akgl_time_set_scale(0.001f));
    uint64_t g0 = akgl_time_now(), s0 = SDL_GetTicksNS();
    SDL_Delay(20);
    uint64_t g1 = akgl_time_now(), s1 = SDL_GetTicksNS();
    CHECK(g1 >= g0);
    CHECK_MSG(g1 - g0 <= (s1 - s0) / 100, "%llu ns of game time in %llu ns",
              (unsigned long long)(g1 - g0), (unsigned long long)(s1 - s0));
    CHECK_OK(akgl_time_set_scale(1.0f));
}

/* A bad scale is refused, naming the value and the range, and changes nothing. */
static void test_bad_scale_is_refused(void)
{
    const float bad[] = {-0.5f, -1e-30f, AKGL_TIME_MAX_SCALE * 1.01f, NAN, INFINITY, -INFINITY};
    CHECK_OK(akgl_time_set_scale(0.75f));
    for (size_t i = 0; i < SDL_arraysize(bad); i++) {
        CHECK_STATUS_MSG(akgl_time_set_scale(bad[i]), AKERR_VALUE, "is outside 0..100");
        CHECK(akgl_time_scale() == 0.75f);
    }
    CHECK_STATUS_MSG(akgl_time_set_scale(-2.0f), AKERR_VALUE, "akgl_time_set_scale: -2 is outside");
    CHECK_OK(akgl_time_set_scale(AKGL_TIME_MAX_SCALE)); /* the limit itself is taken */
    CHECK_OK(akgl_time_set_scale(1.0f));
}

/* A scaled step that would overflow game time is refused like an unscaled one. */
static void test_scaled_overflow_is_refused(void)
{
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t t0 = akgl_time_now();
    CHECK_OK(akgl_time_set_scale(AKGL_TIME_MAX_SCALE));
    CHECK_STATUS_MSG(akgl_time_advance(UINT64_MAX / 50), AKERR_OUTOFBOUNDS, "overflows");
    CHECK(akgl_time_now() == t0);
    /* Slowed, the same step fits. */
    CHECK_OK(akgl_time_set_scale(0.0f));
    CHECK_OK(akgl_time_advance(UINT64_MAX / 50));
    CHECK(akgl_time_now() == t0);
    CHECK_OK(akgl_time_set_scale(1.0f));
    CHECK_OK(akgl_time_use_manual(false));
}

/*
 * The extremes. These leave the clock far ahead, so they run last. Past
 * 2^63 ns the signed offset the real clock used overflowed (undefined
 * behaviour, caught by UBSan), and a real clock resumed near UINT64_MAX
 * wrapped round to small values.
 */
static void test_real_clock_resumes_from_huge_manual_times(void)
{
    CHECK_OK(akgl_time_use_manual(true));
    uint64_t t0 = akgl_time_now();
    uint64_t half = (UINT64_C(1) << 63) + 5;
    CHECK_OK(akgl_time_advance(half - t0));
    CHECK(akgl_time_now() == half);
    CHECK_OK(akgl_time_use_manual(false));
    uint64_t r = akgl_time_now();
    CHECK(r >= half);
    CHECK(r - half < UINT64_C(3600000000000));

    /* To the very end of the clock; the real clock stays there. */
    CHECK_OK(akgl_time_use_manual(true));
    CHECK_OK(akgl_time_advance(UINT64_MAX - akgl_time_now()));
    CHECK(akgl_time_now() == UINT64_MAX);
    CHECK_STATUS(akgl_time_advance(1), AKERR_OUTOFBOUNDS);
    CHECK_OK(akgl_time_use_manual(false));
    for (int i = 0; i < 1000; i++) {
        CHECK_MSG(akgl_time_now() == UINT64_MAX, "reading %d: %llu", i,
                  (unsigned long long)akgl_time_now());
    }
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_real_clock_never_goes_backwards);
    RUN_TEST(test_advance_needs_the_manual_clock);
    RUN_TEST(test_manual_clock_moves_only_when_told);
    RUN_TEST(test_switching_does_not_jump);
    RUN_TEST(test_overflow_is_refused);
    RUN_TEST(test_pause_stops_game_time);
    RUN_TEST(test_scale_runs_game_time_slower_or_faster);
    RUN_TEST(test_bad_scale_is_refused);
    RUN_TEST(test_scaled_overflow_is_refused);
    RUN_TEST(test_real_clock_resumes_from_huge_manual_times);
    return AKGL_TEST_END();
}
