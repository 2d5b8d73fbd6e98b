/*
 * Tweens and timers (akgl/tween.h) on the manual clock, advanced by
 * akgl_game_update: every curve at known points, delay, repeat, yoyo,
 * callbacks that start and cancel (themselves included), pause and slow
 * motion, a tween bound to an actor that is despawned mid-run, full pools,
 * stale handles, bad arguments, the level change and quit, and an actor
 * tweened across a real software-rendered screen, read back.
 */
#include <akgl/game.h>
#include <akgl/physics.h>
#include <akgl/time.h>
#include <akgl/tween.h>

#include <math.h>

#include "scene.h"

#define MS AKGL_TIME_ONEMS_NS

static int running_tweens(void)
{
    int n = -1;
    akerr_ErrorContext *e = akgl_tween_counts(&n, NULL, NULL, NULL);
    if (e != NULL) {
        e = akerr_release_error(e);
        return -1;
    }
    return n;
}

static int pending_timers(void)
{
    int n = -1;
    akerr_ErrorContext *e = akgl_tween_counts(NULL, &n, NULL, NULL);
    if (e != NULL) {
        e = akerr_release_error(e);
        return -1;
    }
    return n;
}

#define CHECK_NEAR(got, want, eps) \
    do { \
        double test_g_ = (double)(got), test_w_ = (double)(want); \
        CHECK_MSG(fabs(test_g_ - test_w_) <= (eps), "%s is %.7f, expected %.7f", #got, test_g_, \
                  test_w_); \
    } while (0)

static bool tween_is_running(akgl_TweenRef t)
{
    bool on = true;
    CHECK_OK(akgl_tween_running(t, &on));
    return on;
}

static bool timer_is_running(akgl_TimerRef t)
{
    bool on = true;
    CHECK_OK(akgl_timer_running(t, &on));
    return on;
}

/* The manual clock, and one frame so that the next gets exactly what is advanced. */
static void begin(void)
{
    CHECK_OK(akgl_time_use_manual(true));
    CHECK_OK(akgl_game_update(NULL));
}

static void end(void)
{
    CHECK_OK(akgl_time_set_paused(false));
    CHECK_OK(akgl_time_set_scale(1.0f));
    CHECK_OK(akgl_time_use_manual(false));
}

/* Advances the clock by @p ms, in frames of at most 250 ms (a frame's step
 * stops at AKGL_GAME_MAX_FRAME_NS). */
static void step_ms(uint64_t ms)
{
    do {
        uint64_t now = ms < 250 ? ms : 250;
        CHECK_OK(akgl_time_advance(now * MS));
        CHECK_OK(akgl_game_update(NULL));
        ms -= now;
    } while (ms > 0);
}

/* ------------------------------------------------------------------------ */

static void test_every_curve_at_known_points(void)
{
    /* t = 0.5 of each curve, worked out by hand from its formula. */
    static const struct
    {
        akgl_Ease ease;
        double half;
    } known[] = {
        {AKGL_EASE_LINEAR, 0.5},
        {AKGL_EASE_QUAD_IN, 0.25},
        {AKGL_EASE_QUAD_OUT, 0.75},
        {AKGL_EASE_QUAD_IN_OUT, 0.5},
        {AKGL_EASE_CUBIC_IN, 0.125},
        {AKGL_EASE_CUBIC_OUT, 0.875},
        {AKGL_EASE_CUBIC_IN_OUT, 0.5},
        {AKGL_EASE_SINE_IN, 0.29289322},
        {AKGL_EASE_SINE_OUT, 0.70710678},
        {AKGL_EASE_SINE_IN_OUT, 0.5},
        {AKGL_EASE_EXPO_IN, 0.03125},
        {AKGL_EASE_EXPO_OUT, 0.96875},
        {AKGL_EASE_EXPO_IN_OUT, 0.5},
        {AKGL_EASE_BACK_IN, -0.0876975},
        {AKGL_EASE_BACK_OUT, 1.0876975},
        {AKGL_EASE_BACK_IN_OUT, 0.5},
        {AKGL_EASE_ELASTIC_IN, -0.015625},
        {AKGL_EASE_ELASTIC_OUT, 1.015625},
        {AKGL_EASE_ELASTIC_IN_OUT, 0.5},
        {AKGL_EASE_BOUNCE_IN, 0.234375},
        {AKGL_EASE_BOUNCE_OUT, 0.765625},
        {AKGL_EASE_BOUNCE_IN_OUT, 0.5},
    };
    CHECK_INT_EQ((int)SDL_arraysize(known), (int)AKGL_EASE_COUNT);
    for (size_t i = 0; i < SDL_arraysize(known); i++) {
        float v = -99.0f;
        CHECK_INT_EQ((int)known[i].ease, (int)i);
        CHECK_OK(akgl_ease(known[i].ease, 0.0f, &v));
        CHECK_MSG(v == 0.0f, "curve %zu at 0 is %g", i, (double)v);
        CHECK_OK(akgl_ease(known[i].ease, 1.0f, &v));
        CHECK_MSG(v == 1.0f, "curve %zu at 1 is %g", i, (double)v);
        CHECK_OK(akgl_ease(known[i].ease, 0.5f, &v));
        CHECK_MSG(fabs((double)v - known[i].half) < 2e-6, "curve %zu at 0.5 is %.7f, expected %.7f",
                  i, (double)v, known[i].half);
        /* Past the ends counts as the ends. */
        CHECK_OK(akgl_ease(known[i].ease, -3.0f, &v));
        CHECK(v == 0.0f);
        CHECK_OK(akgl_ease(known[i].ease, 7.0f, &v));
        CHECK(v == 1.0f);
    }
    /* The overshoots: BACK_OUT peaks near 1.0998 (at t = 0.5925), BACK_IN dips
     * to the mirror of it, ELASTIC_OUT passes 1, BOUNCE_OUT never does. */
    float lo = 1.0f, hi = 0.0f, ehi = 0.0f, bhi = 0.0f, v = 0.0f;
    for (int i = 0; i <= 1000; i++) {
        float t = (float)i / 1000.0f;
        CHECK_OK(akgl_ease(AKGL_EASE_BACK_OUT, t, &v));
        hi = v > hi ? v : hi;
        CHECK_OK(akgl_ease(AKGL_EASE_BACK_IN, t, &v));
        lo = v < lo ? v : lo;
        CHECK_OK(akgl_ease(AKGL_EASE_ELASTIC_OUT, t, &v));
        ehi = v > ehi ? v : ehi;
        CHECK_OK(akgl_ease(AKGL_EASE_BOUNCE_OUT, t, &v));
        bhi = v > bhi ? v : bhi;
    }
    CHECK_NEAR(hi, 1.0998, 1e-3);
    CHECK_NEAR(lo, -0.0998, 1e-3);
    CHECK_NEAR(ehi, 1.37, 0.01); /* the first swing past 1 */
    CHECK(bhi <= 1.0f);
    /* Bad calls: nothing written. */
    v = 42.0f;
    CHECK_STATUS_MSG(akgl_ease((akgl_Ease)AKGL_EASE_COUNT, 0.5f, &v), AKERR_VALUE,
                     "unknown curve 22");
    CHECK_STATUS_MSG(akgl_ease((akgl_Ease)-1, 0.5f, &v), AKERR_VALUE, "unknown curve -1");
    CHECK_STATUS_MSG(akgl_ease(AKGL_EASE_LINEAR, NAN, &v), AKERR_VALUE, "NaN");
    CHECK(v == 42.0f);
    CHECK_STATUS(akgl_ease(AKGL_EASE_LINEAR, 0.5f, NULL), AKERR_NULLPOINTER);
}

static void test_a_float_follows_game_time(void)
{
    float value = -1.0f;
    akgl_TweenRef t = AKGL_TWEEN_REF_NONE;
    begin();
    int before = running_tweens();
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 0.0f, .to = 100.0f,
                                                .duration = 1.0f},
                              &t));
    CHECK(t.slot != 0 && t.generation != 0);
    CHECK_INT_EQ(running_tweens(), before + 1);
    CHECK(value == -1.0f); /* nothing written before an update */
    step_ms(250);
    CHECK_NEAR(value, 25.0, 1e-4);
    step_ms(500);
    CHECK_NEAR(value, 75.0, 1e-4);
    CHECK(tween_is_running(t));
    step_ms(400); /* past the end: exactly the end value */
    CHECK(value == 100.0f);
    CHECK(!tween_is_running(t));
    CHECK_INT_EQ(running_tweens(), before);
    step_ms(100);
    CHECK(value == 100.0f);
    /* An eased one: QUAD_IN at half time is a quarter of the way. */
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 10.0f, .to = 20.0f,
                                                .duration = 2.0f, .ease = AKGL_EASE_QUAD_IN},
                              NULL));
    step_ms(1000);
    CHECK_NEAR(value, 12.5, 1e-4);
    step_ms(1000);
    CHECK(value == 20.0f);
    CHECK_INT_EQ(running_tweens(), before);
    end();
}

static void test_delay_writes_nothing_until_it_is_over(void)
{
    float value = -1.0f;
    begin();
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 0.0f, .to = 100.0f,
                                                .duration = 1.0f, .delay = 0.5f},
                              NULL));
    step_ms(250);
    CHECK(value == -1.0f);
    step_ms(249);
    CHECK(value == -1.0f);
    step_ms(3); /* 2 ms into the run: the rest of the step is not lost */
    CHECK_NEAR(value, 0.2, 1e-4);
    step_ms(997);
    CHECK_NEAR(value, 99.9, 1e-3);
    step_ms(1);
    CHECK(value == 100.0f);
    CHECK_INT_EQ(running_tweens(), 0);
    end();
}

static int done_calls;
static akgl_TweenRef done_ref;
static void *done_userdata;
static bool done_saw_running;

static akerr_ErrorContext *note_done(akgl_TweenRef t, void *userdata)
{
    PREPARE_ERROR(errctx);
    done_calls++;
    done_ref = t;
    done_userdata = userdata;
    PASS(errctx, akgl_tween_running(t, &done_saw_running));
    SUCCEED_RETURN(errctx);
}

static void test_repeat_and_yoyo(void)
{
    float value = -1.0f;
    int token = 0;
    akgl_TweenRef t = AKGL_TWEEN_REF_NONE;
    begin();
    done_calls = 0;
    /* Three runs: 0 -> 10, back 10 -> 0, 0 -> 10. */
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 0.0f, .to = 10.0f,
                                                .duration = 1.0f, .repeat = 2, .yoyo = true,
                                                .done = note_done, .userdata = &token},
                              &t));
    step_ms(500);
    CHECK_NEAR(value, 5.0, 1e-4);
    step_ms(750); /* 1.25 s: a quarter into the way back */
    CHECK_NEAR(value, 7.5, 1e-4);
    step_ms(1000); /* 2.25 s: a quarter into the third run, forward again */
    CHECK_NEAR(value, 2.5, 1e-4);
    CHECK_INT_EQ(done_calls, 0);
    step_ms(750);
    CHECK(value == 10.0f);
    CHECK_INT_EQ(done_calls, 1);
    CHECK(done_ref.slot == t.slot && done_ref.generation == t.generation);
    CHECK(done_userdata == &token);
    CHECK(!done_saw_running); /* stale already in its callback */
    /* There and back ends where it began. */
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 0.0f, .to = 10.0f,
                                                .duration = 1.0f, .repeat = 1, .yoyo = true},
                              NULL));
    step_ms(1500);
    CHECK_NEAR(value, 5.0, 1e-4);
    step_ms(600);
    CHECK(value == 0.0f);
    /* One update covering several runs lands in the right one. */
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 0.0f, .to = 10.0f,
                                                .duration = 0.1f, .repeat = 3},
                              NULL));
    step_ms(250);
    CHECK_NEAR(value, 5.0, 1e-3);
    step_ms(250); /* 0.5 s of a 0.4 s tween */
    CHECK(value == 10.0f);
    /* Forever: still running after ten runs, until cancelled. */
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 0.0f, .to = 10.0f,
                                                .duration = 1.0f, .repeat = AKGL_TWEEN_FOREVER,
                                                .done = note_done},
                              &t));
    step_ms(10250);
    CHECK_NEAR(value, 2.5, 1e-4);
    CHECK(tween_is_running(t));
    CHECK_OK(akgl_tween_cancel(t));
    CHECK(!tween_is_running(t));
    step_ms(500);
    CHECK_NEAR(value, 2.5, 1e-4); /* left where it was */
    CHECK_INT_EQ(done_calls, 1);   /* a cancel calls nothing */
    CHECK_INT_EQ(running_tweens(), 0);
    end();
}

/* Callbacks that start and cancel: what each does is in its userdata. */
static float chain_value;
static akgl_TweenRef victim, later_victim;
static akgl_TimerRef self_timer;
static int timer_calls, chain_calls;

static akerr_ErrorContext *chain_next(akgl_TweenRef t, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)t;
    (void)userdata;
    chain_calls++;
    /* Starts the next leg in the slot it just gave back, and cancels another. */
    PASS(errctx, akgl_tween_start(&(akgl_TweenSpec){.target = &chain_value, .from = 100.0f,
                                                    .to = 200.0f, .duration = 1.0f},
                                  NULL));
    PASS(errctx, akgl_tween_cancel(victim));
    PASS(errctx, akgl_tween_cancel(later_victim));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *cancel_self(akgl_TimerRef t, void *userdata)
{
    PREPARE_ERROR(errctx);
    timer_calls++;
    if (timer_calls == *(int *)userdata) {
        PASS(errctx, akgl_timer_cancel(t));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *restart_timer(akgl_TimerRef t, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    timer_calls++;
    bool on = true;
    PASS(errctx, akgl_timer_running(t, &on)); /* its last call: stale */
    FAIL_NONZERO_RETURN(errctx, on, AKERR_BEHAVIOR, "a once timer still running in its call");
    if (timer_calls < 3) {
        PASS(errctx, akgl_timer_after(0.1f, restart_timer, NULL, &self_timer));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *failing_timer(akgl_TimerRef t, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)t;
    (void)userdata;
    timer_calls++;
    FAIL_RETURN(errctx, AKERR_VALUE, "the timer failed on purpose");
}

static akerr_ErrorContext *nested_update(akgl_TimerRef t, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)t;
    timer_calls++;
    akerr_ErrorContext *e = akgl_tween_update(1);
    *(int *)userdata = e != NULL ? e->status : 0;
    IGNORE(e);
    SUCCEED_RETURN(errctx);
}

static void test_callbacks_start_and_cancel_safely(void)
{
    float other = -1.0f, before_victim = -1.0f, after_victim = -1.0f;
    begin();
    chain_value = -1.0f;
    chain_calls = timer_calls = 0;
    /* A tween earlier in the list (the victim of the chain's callback),
     * the chain, and one after it. */
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &before_victim, .from = 0.0f,
                                                .to = 1.0f, .duration = 5.0f},
                              &victim));
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &chain_value, .from = 0.0f,
                                                .to = 100.0f, .duration = 0.5f,
                                                .done = chain_next},
                              NULL));
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &other, .from = 0.0f, .to = 10.0f,
                                                .duration = 1.0f},
                              NULL));
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &after_victim, .from = 0.0f,
                                                .to = 1.0f, .duration = 5.0f},
                              &later_victim));
    CHECK_INT_EQ(running_tweens(), 4);
    step_ms(500);
    CHECK_INT_EQ(chain_calls, 1);
    /* The new leg started in the callback is first advanced by the next update. */
    CHECK(chain_value == 100.0f);
    CHECK_NEAR(other, 5.0, 1e-4); /* the one after still advanced */
    CHECK_NEAR(before_victim, 0.1, 1e-4);
    CHECK(!tween_is_running(victim));
    CHECK(!tween_is_running(later_victim));
    /* Written by the first 250 ms frame only: cancelled in the second
     * before its turn came. */
    CHECK_NEAR(after_victim, 0.05, 1e-6);
    CHECK_INT_EQ(running_tweens(), 2);
    step_ms(250);
    CHECK_NEAR(chain_value, 125.0, 1e-3);
    CHECK_NEAR(before_victim, 0.1, 1e-4); /* cancelled: not written again */
    CHECK_NEAR(after_victim, 0.05, 1e-6);
    step_ms(750);
    CHECK(chain_value == 200.0f);
    CHECK(other == 10.0f);
    CHECK_INT_EQ(running_tweens(), 0);

    /* A repeating timer that cancels itself on its third call. */
    int stop_at = 3;
    akgl_TimerRef every = AKGL_TIMER_REF_NONE;
    CHECK_OK(akgl_timer_every(0.1f, 0, cancel_self, &stop_at, &every));
    step_ms(250);
    CHECK_INT_EQ(timer_calls, 2);
    CHECK(timer_is_running(every));
    step_ms(1000); /* one more call, then it is gone */
    CHECK_INT_EQ(timer_calls, 3);
    CHECK(!timer_is_running(every));
    CHECK_INT_EQ(pending_timers(), 0);

    /* A once timer that starts its successor in its own call. */
    timer_calls = 0;
    CHECK_OK(akgl_timer_after(0.1f, restart_timer, NULL, &self_timer));
    for (int i = 0; i < 5; i++) {
        step_ms(100);
    }
    CHECK_INT_EQ(timer_calls, 3);
    CHECK_INT_EQ(pending_timers(), 0);

    /* A failing callback: its error comes back, after the others ran. */
    timer_calls = 0;
    other = -1.0f;
    CHECK_OK(akgl_timer_after(0.0f, failing_timer, NULL, NULL));
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &other, .from = 0.0f, .to = 10.0f,
                                                .duration = 1.0f},
                              NULL));
    CHECK_OK(akgl_time_advance(250 * MS));
    CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_VALUE, "failed on purpose");
    CHECK_INT_EQ(timer_calls, 1);
    CHECK_NEAR(other, 2.5, 1e-4);
    step_ms(750);
    CHECK_INT_EQ(pending_timers(), 0);
    CHECK_INT_EQ(running_tweens(), 0);

    /* An update from inside a callback is refused; the outer one goes on. */
    int status = 0;
    timer_calls = 0;
    CHECK_OK(akgl_timer_after(0.0f, nested_update, &status, NULL));
    step_ms(1);
    CHECK_INT_EQ(timer_calls, 1);
    CHECK_INT_EQ(status, AKERR_BEHAVIOR);
    CHECK_INT_EQ(pending_timers(), 0);
    end();
}

static int counted;
static akerr_ErrorContext *count_call(akgl_TimerRef t, void *userdata)
{
    (void)t;
    (void)userdata;
    counted++;
    return NULL;
}

static void test_timers(void)
{
    akgl_TimerRef once = AKGL_TIMER_REF_NONE, every = AKGL_TIMER_REF_NONE;
    begin();
    counted = 0;
    CHECK_OK(akgl_timer_after(1.0f, count_call, NULL, &once));
    CHECK(once.slot != 0);
    step_ms(999);
    CHECK_INT_EQ(counted, 0);
    CHECK(timer_is_running(once));
    step_ms(1);
    CHECK_INT_EQ(counted, 1);
    CHECK(!timer_is_running(once));
    step_ms(5000);
    CHECK_INT_EQ(counted, 1);
    /* Every 0.25 s, four times: one long update calls it once per period. */
    counted = 0;
    CHECK_OK(akgl_timer_every(0.25f, 4, count_call, NULL, &every));
    step_ms(600);
    CHECK_INT_EQ(counted, 2);
    step_ms(100); /* 0.7 s */
    CHECK_INT_EQ(counted, 2);
    step_ms(50); /* 0.75 s */
    CHECK_INT_EQ(counted, 3);
    step_ms(10000);
    CHECK_INT_EQ(counted, 4);
    CHECK(!timer_is_running(every));
    /* Cancelled before it fires: never called. */
    counted = 0;
    CHECK_OK(akgl_timer_after(0.5f, count_call, NULL, &once));
    CHECK_INT_EQ(pending_timers(), 1);
    CHECK_OK(akgl_timer_cancel(once));
    CHECK_INT_EQ(pending_timers(), 0);
    step_ms(1000);
    CHECK_INT_EQ(counted, 0);
    end();
}

static void test_pause_and_slow_motion(void)
{
    float value = -1.0f;
    begin();
    counted = 0;
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .from = 0.0f, .to = 100.0f,
                                                .duration = 1.0f},
                              NULL));
    CHECK_OK(akgl_timer_after(0.5f, count_call, NULL, NULL));
    step_ms(100);
    CHECK_NEAR(value, 10.0, 1e-4);
    CHECK_OK(akgl_time_set_paused(true));
    step_ms(2000);
    CHECK_NEAR(value, 10.0, 1e-4);
    CHECK_INT_EQ(counted, 0);
    CHECK_OK(akgl_time_set_paused(false));
    CHECK_OK(akgl_time_set_scale(0.5f));
    step_ms(400); /* 200 ms of game time */
    CHECK_NEAR(value, 30.0, 1e-4);
    CHECK_INT_EQ(counted, 0);
    step_ms(400); /* 0.5 s of game time in all: the timer's moment */
    CHECK_NEAR(value, 50.0, 1e-4);
    CHECK_INT_EQ(counted, 1);
    CHECK_OK(akgl_time_set_scale(2.0f));
    step_ms(100); /* 200 ms each (a frame's step is cut at 256 ms of game time) */
    step_ms(100);
    CHECK_NEAR(value, 90.0, 1e-4);
    step_ms(100);
    CHECK(value == 100.0f);
    CHECK_INT_EQ(running_tweens(), 0);
    end();
}

/* The frame's order: the physics first, the tweens, then the actors' hooks. */
static float hook_saw_x;
static akerr_ErrorContext *note_x(akgl_Actor *a)
{
    hook_saw_x = a->x;
    return NULL;
}

static akgl_Actor *pushed;
static akerr_ErrorContext *push_right(akgl_Physics *p, uint64_t ns)
{
    (void)p;
    (void)ns;
    pushed->x = 999.0f;
    return NULL;
}

static void test_actor_fields_and_the_frame_order(void)
{
    akgl_Physics physics;
    memset(&physics, 0, sizeof(physics));
    physics.step = push_right;
    begin();
    akgl_Actor *a = make_actor("tweened", NULL);
    a->updatefunc = note_x;
    pushed = a;
    game.physics = &physics;
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_X, 100.0f, 1.0f, AKGL_EASE_LINEAR, NULL));
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_ROTATION, 90.0f, 1.0f, AKGL_EASE_LINEAR, NULL));
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_ALPHA, 0.0f, 1.0f, AKGL_EASE_LINEAR, NULL));
    /* A BACK_OUT from 1 to 0 overshoots below 0: the scale is kept at 0. */
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_SCALE, 0.0f, 1.0f, AKGL_EASE_BACK_OUT, NULL));
    CHECK_INT_EQ(running_tweens(), 4);
    step_ms(250);
    CHECK_NEAR(a->x, 25.0, 1e-3);
    CHECK_NEAR(a->scale_x, 1.0 - 0.8174097, 1e-4);
    step_ms(500);
    /* The physics wrote 999 every frame: the tween had the last word, and
     * the hook saw the tweened value. */
    CHECK_NEAR(a->x, 75.0, 1e-3);
    CHECK(hook_saw_x == a->x);
    CHECK_NEAR(a->rotation, 67.5, 1e-3);
    CHECK_INT_EQ(a->tint.a, 64); /* 255 * 0.25, rounded */
    CHECK(a->scale_x == 0.0f);   /* 1 - 1.064: cut at 0 */
    CHECK(a->scale_y == 0.0f);
    game.physics = NULL;
    step_ms(500);
    CHECK(a->x == 100.0f && a->rotation == 90.0f && a->tint.a == 0 && a->scale_x == 0.0f &&
          a->scale_y == 0.0f);
    CHECK_INT_EQ(running_tweens(), 0);

    /* BACK_IN from 1 to 0 at t = 0.1 is below 0: kept at 0. */
    a->scale_x = a->scale_y = 1.0f;
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_SCALE_X, 2.0f, 1.0f, AKGL_EASE_BACK_IN, NULL));
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_SCALE_Y, 3.0f, 1.0f, AKGL_EASE_LINEAR, NULL));
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_Y, -50.0f, 1.0f, AKGL_EASE_LINEAR, NULL));
    step_ms(200);
    CHECK(a->scale_x < 1.0f); /* pulled back first */
    CHECK_NEAR(a->scale_y, 1.4, 1e-4);
    CHECK_NEAR(a->y, -10.0, 1e-4);
    step_ms(800);
    CHECK(a->scale_x == 2.0f && a->scale_y == 3.0f && a->y == -50.0f);

    /* The camera's zoom, kept inside its range. */
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 100.0f, 100.0f));
    CHECK_OK(akgl_tween_camera_zoom(&cam, 2.0f, 1.0f, AKGL_EASE_LINEAR, NULL));
    step_ms(500);
    CHECK_NEAR(cam.zoom, 1.5, 1e-5);
    step_ms(500);
    CHECK(cam.zoom == 2.0f);
    CHECK_OK(akgl_tween_camera_zoom(&cam, AKGL_CAMERA_MIN_ZOOM, 1.0f, AKGL_EASE_BACK_OUT, NULL));
    step_ms(700); /* BACK_OUT past its end: cut at the smallest zoom */
    CHECK(cam.zoom == AKGL_CAMERA_MIN_ZOOM);
    step_ms(300);
    CHECK_STATUS_MSG(akgl_tween_camera_zoom(&cam, 0.0f, 1.0f, AKGL_EASE_LINEAR, NULL),
                     AKERR_VALUE, "zoom 0 is outside");
    CHECK_STATUS(akgl_tween_camera_zoom(NULL, 1.0f, 1.0f, AKGL_EASE_LINEAR, NULL),
                 AKERR_NULLPOINTER);
    cam.zoom = -1.0f;
    CHECK_STATUS_MSG(akgl_tween_camera_zoom(&cam, 1.0f, 1.0f, AKGL_EASE_LINEAR, NULL),
                     AKERR_VALUE, "the camera's zoom is -1 now");
    CHECK_INT_EQ(running_tweens(), 0);
    CHECK_OK(akgl_heap_release_actor(a));
    end();
}

static akerr_ErrorContext *must_not_be_called(akgl_TweenRef t, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)t;
    (void)userdata;
    done_calls++;
    FAIL_RETURN(errctx, AKERR_BEHAVIOR, "done called for a tween whose actor is gone");
}

/* What a game keeps for an actor, pointed at by a bound float tween. */
typedef struct Gauge
{
    float fill;
} Gauge;

static void test_despawned_actor_stops_its_tweens(void)
{
    Gauge gauge = {0.0f};
    akgl_TweenRef tx = AKGL_TWEEN_REF_NONE, tg = AKGL_TWEEN_REF_NONE;
    begin();
    done_calls = 0;
    int before = running_tweens();
    akgl_Actor *a = make_actor("doomed", NULL);
    a->userdata = &gauge;
    akgl_ActorRef ref;
    CHECK_OK(akgl_actor_ref(a, &ref));
    CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_X, 100.0f, 1.0f, AKGL_EASE_LINEAR, &tx));
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &gauge.fill, .actor = ref,
                                                .from = 0.0f, .to = 1.0f, .duration = 1.0f,
                                                .done = must_not_be_called},
                              &tg));
    step_ms(500);
    CHECK_NEAR(a->x, 50.0, 1e-3);
    CHECK_NEAR(gauge.fill, 0.5, 1e-5);
    CHECK_OK(akgl_actor_despawn(a));
    /* A new actor takes the slot at once: the old reference does not name it. */
    akgl_Actor *b = make_actor("newcomer", NULL);
    CHECK(b == a);
    b->x = 7.0f;
    step_ms(250);
    CHECK(b->x == 7.0f);          /* no write through the stale reference */
    CHECK(gauge.fill == 0.5f);    /* nor to the float bound to it */
    CHECK(!tween_is_running(tx)); /* both gone by themselves */
    CHECK(!tween_is_running(tg));
    CHECK_INT_EQ(done_calls, 0);
    CHECK_INT_EQ(running_tweens(), before);
    /* Starting one for an actor that is gone is refused, naming it. */
    CHECK_STATUS_MSG(akgl_tween_start(&(akgl_TweenSpec){.actor = ref, .property = AKGL_TWEEN_Y,
                                                        .to = 1.0f, .duration = 1.0f},
                                      &tx),
                     AKERR_KEY, "is gone");
    CHECK(tx.slot == 0);
    CHECK_INT_EQ(running_tweens(), before);
    /* Released to 0 rather than despawned: the same. */
    CHECK_OK(akgl_tween_actor(b, AKGL_TWEEN_Y, 10.0f, 1.0f, AKGL_EASE_LINEAR, &tx));
    CHECK_OK(akgl_heap_release_actor(b));
    step_ms(100);
    CHECK(!tween_is_running(tx));
    CHECK_INT_EQ(running_tweens(), before);
    end();
}

static void test_stale_handles_are_harmless(void)
{
    float value = 0.0f;
    akgl_TweenRef old = AKGL_TWEEN_REF_NONE, now = AKGL_TWEEN_REF_NONE;
    akgl_TimerRef told = AKGL_TIMER_REF_NONE;
    begin();
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f, .duration = 0.1f},
                              &old));
    step_ms(200);
    CHECK(!tween_is_running(old));
    CHECK_OK(akgl_tween_cancel(old)); /* finished: nothing to do */
    CHECK_OK(akgl_tween_cancel(old));
    CHECK_OK(akgl_tween_cancel(AKGL_TWEEN_REF_NONE));
    CHECK_OK(akgl_tween_cancel((akgl_TweenRef){1000000u, 5u})); /* past the pool */
    /* The slot is reused: the old handle does not reach the new tween. */
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f, .duration = 1.0f},
                              &now));
    CHECK(now.slot == old.slot && now.generation != old.generation);
    CHECK_OK(akgl_tween_cancel(old));
    CHECK(tween_is_running(now));
    CHECK(!tween_is_running(old));
    CHECK_OK(akgl_tween_cancel(now));
    CHECK_OK(akgl_timer_after(0.0f, count_call, NULL, &told));
    step_ms(1);
    CHECK_OK(akgl_timer_cancel(told));
    CHECK_OK(akgl_timer_cancel(AKGL_TIMER_REF_NONE));
    CHECK(!timer_is_running(told));
    CHECK_STATUS(akgl_tween_running(now, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_timer_running(told, NULL), AKERR_NULLPOINTER);
    CHECK_INT_EQ(running_tweens(), 0);
    end();
}

static void test_bad_arguments_start_nothing(void)
{
    float value = 3.0f;
    akgl_TweenRef t = {9u, 9u};
    akgl_TimerRef tm = {9u, 9u};
    int tweens = running_tweens(), timers = pending_timers();
    const akgl_TweenSpec good = {.target = &value, .to = 1.0f, .duration = 1.0f};
    akgl_TweenSpec s;

#define REFUSED(spec_expr, status, needle) \
    do { \
        s = good; \
        spec_expr; \
        t = (akgl_TweenRef){9u, 9u}; \
        CHECK_STATUS_MSG(akgl_tween_start(&s, &t), (status), (needle)); \
        CHECK(t.slot == 0 && t.generation == 0); \
        CHECK_INT_EQ(running_tweens(), tweens); \
    } while (0)

    REFUSED(s.target = NULL, AKERR_NULLPOINTER, "NULL target");
    REFUSED(s.duration = -1.0f, AKERR_VALUE, "duration -1 s is outside");
    REFUSED(s.duration = 0.0f, AKERR_VALUE, "duration 0 s is outside");
    REFUSED(s.duration = NAN, AKERR_VALUE, "duration nan s");
    REFUSED(s.duration = 2e6f, AKERR_VALUE, "duration 2e+06 s");
    REFUSED(s.delay = -0.5f, AKERR_VALUE, "delay -0.5 s");
    REFUSED(s.ease = (akgl_Ease)99, AKERR_VALUE, "ease is 99, not a curve");
    REFUSED(s.property = (akgl_TweenProperty)42, AKERR_VALUE, "property is 42");
    REFUSED(s.from = INFINITY, AKERR_VALUE, "must both be finite");
    REFUSED(s.to = NAN, AKERR_VALUE, "must both be finite");
    REFUSED(s.repeat = -2, AKERR_VALUE, "repeat -2");
    REFUSED((s.target = NULL, s.property = AKGL_TWEEN_X), AKERR_VALUE, "AKGL_ACTOR_REF_NONE");
    REFUSED(s.property = AKGL_TWEEN_ALPHA, AKERR_VALUE, "target must be NULL");
    REFUSED(s.actor = ((akgl_ActorRef){1u, 12345u}), AKERR_KEY, "is gone");
#undef REFUSED
    CHECK_STATUS_MSG(akgl_tween_start(NULL, &t), AKERR_NULLPOINTER, "NULL spec");
    CHECK(t.slot == 0);
    CHECK_STATUS(akgl_tween_actor(NULL, AKGL_TWEEN_X, 1.0f, 1.0f, AKGL_EASE_LINEAR, &t),
                 AKERR_NULLPOINTER);
    akgl_Actor own;
    memset(&own, 0, sizeof(own));
    CHECK_STATUS_MSG(akgl_tween_actor(&own, AKGL_TWEEN_X, 1.0f, 1.0f, AKGL_EASE_LINEAR, &t),
                     AKERR_VALUE, "not a slot of the actor pool");
    akgl_Actor *a = make_actor("bad-args", NULL);
    CHECK_STATUS_MSG(akgl_tween_actor(a, AKGL_TWEEN_FLOAT, 1.0f, 1.0f, AKGL_EASE_LINEAR, &t),
                     AKERR_VALUE, "AKGL_TWEEN_FLOAT");
    CHECK_STATUS_MSG(akgl_tween_actor(a, AKGL_TWEEN_X, 1.0f, -1.0f, AKGL_EASE_LINEAR, &t),
                     AKERR_VALUE, "duration -1 s");
    CHECK_STATUS_MSG(akgl_tween_actor(a, AKGL_TWEEN_X, 1.0f, 1.0f, (akgl_Ease)77, &t),
                     AKERR_VALUE, "ease is 77");
    CHECK(t.slot == 0);
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_INT_EQ(running_tweens(), tweens);

    CHECK_STATUS_MSG(akgl_timer_after(1.0f, NULL, NULL, &tm), AKERR_NULLPOINTER, "NULL callback");
    CHECK(tm.slot == 0);
    CHECK_STATUS_MSG(akgl_timer_after(-1.0f, count_call, NULL, &tm), AKERR_VALUE,
                     "-1 s is outside");
    CHECK_STATUS_MSG(akgl_timer_every(0.0f, 0, count_call, NULL, &tm), AKERR_VALUE,
                     "a period of 0 s is outside");
    CHECK_STATUS_MSG(akgl_timer_every(1.0f, -1, count_call, NULL, &tm), AKERR_VALUE,
                     "count -1");
    CHECK_STATUS_MSG(akgl_timer_every(1.0f, 1, NULL, NULL, &tm), AKERR_NULLPOINTER,
                     "NULL callback");
    CHECK(tm.slot == 0);
    CHECK_INT_EQ(pending_timers(), timers);
    CHECK(value == 3.0f);
}

static void test_full_pools_and_the_config(void)
{
    float value = 0.0f;
    akgl_TweenRef t[3];
    akgl_TimerRef tm[2];
    int cap_tweens = 0, cap_timers = 0;
    CHECK_OK(akgl_game_quit());
    /* A bad size is refused and starts nothing. */
    akgl_GameConfig cfg = {.tweens = -1};
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE,
                     "akgl_GameConfig.tweens is -1");
    cfg = (akgl_GameConfig){.timers = AKGL_TWEEN_MAX_CAPACITY + 1};
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE,
                     "akgl_GameConfig.timers is 1048577");
    CHECK_STATUS(akgl_tween_counts(NULL, NULL, NULL, NULL), AKERR_BEHAVIOR);
    CHECK_STATUS_MSG(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f,
                                                        .duration = 1.0f},
                                      NULL),
                     AKERR_BEHAVIOR, "not started");
    CHECK_STATUS(akgl_timer_after(1.0f, count_call, NULL, NULL), AKERR_BEHAVIOR);
    CHECK_STATUS(akgl_tween_update(1), AKERR_BEHAVIOR);
    CHECK_STATUS(akgl_tween_cancel_all(), AKERR_BEHAVIOR);

    cfg = (akgl_GameConfig){.tweens = 2, .timers = 1};
    CHECK_OK(akgl_game_init_with_config(&cfg));
    CHECK_OK(akgl_tween_counts(NULL, NULL, &cap_tweens, &cap_timers));
    CHECK_INT_EQ(cap_tweens, 2);
    CHECK_INT_EQ(cap_timers, 1);
    for (int i = 0; i < 2; i++) {
        CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f,
                                                    .duration = 1.0f},
                                  &t[i]));
    }
    CHECK_STATUS_MSG(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f,
                                                        .duration = 1.0f},
                                      &t[2]),
                     AKGL_ERR_HEAP, "all 2 tween slots are in use");
    CHECK(t[2].slot == 0);
    CHECK_INT_EQ(running_tweens(), 2);
    CHECK_OK(akgl_timer_every(1.0f, 0, count_call, NULL, &tm[0]));
    CHECK_STATUS_MSG(akgl_timer_after(1.0f, count_call, NULL, &tm[1]), AKGL_ERR_HEAP,
                     "all 1 timer slots are in use");
    CHECK(tm[1].slot == 0);
    /* A slot given back is there again. */
    CHECK_OK(akgl_tween_cancel(t[0]));
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f, .duration = 1.0f},
                              &t[2]));
    CHECK(t[2].slot == t[0].slot && t[2].generation != t[0].generation);
    /* Quit gives everything back; a handle of the old game stays stale. */
    CHECK_OK(akgl_game_quit());
    akgl_test_start_game();
    CHECK_INT_EQ(running_tweens(), 0);
    CHECK_INT_EQ(pending_timers(), 0);
    CHECK_OK(akgl_tween_counts(NULL, NULL, &cap_tweens, &cap_timers));
    CHECK_INT_EQ(cap_tweens, AKGL_TWEEN_DEFAULT_CAPACITY);
    CHECK_INT_EQ(cap_timers, AKGL_TIMER_DEFAULT_CAPACITY);
    akgl_TweenRef fresh;
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f, .duration = 1.0f},
                              &fresh));
    CHECK(!tween_is_running(t[2]));
    CHECK_OK(akgl_tween_cancel(t[2]));
    CHECK(tween_is_running(fresh));
    CHECK_OK(akgl_tween_cancel(fresh));
}

static void test_unload_cancels_everything(void)
{
    float value = 0.0f;
    begin();
    counted = 0;
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f, .duration = 1.0f},
                              NULL));
    CHECK_OK(akgl_timer_every(0.1f, 0, count_call, NULL, NULL));
    /* Unloading fonts alone leaves them. */
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_FONTS));
    CHECK_INT_EQ(running_tweens(), 1);
    CHECK_INT_EQ(pending_timers(), 1);
    /* The level change (actors) takes them, without a call. */
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
    CHECK_INT_EQ(running_tweens(), 0);
    CHECK_INT_EQ(pending_timers(), 0);
    CHECK_OK(akgl_tween_start(&(akgl_TweenSpec){.target = &value, .to = 1.0f, .duration = 1.0f},
                              NULL));
    CHECK_OK(akgl_timer_after(0.1f, count_call, NULL, NULL));
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_TWEENS));
    CHECK_INT_EQ(running_tweens(), 0);
    CHECK_INT_EQ(pending_timers(), 0);
    step_ms(1000);
    CHECK_INT_EQ(counted, 0);
    CHECK(value == 0.0f);
    end();
}

/* An actor tweened across a software-rendered screen, read back mid-way. */
static void test_an_actor_crosses_the_screen(void)
{
    Scene s;
    begin();
    if (scene_open_bound(&s, 240, 60)) {
        const int cells[] = {2};
        akgl_Sprite *spr = make_sprite(&s, "tween-sprite", cells, 1, 100, true, false);
        akgl_Character *c = make_character("tween-char", 0);
        int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        CHECK_OK(c->sprite_add(c, spr, stand));
        akgl_Actor *a = make_actor("runner", "tween-char");
        a->state = stand;
        a->x = 0.0f;
        a->y = 6.0f;
        scene_capture(&s.r);
        CHECK_OK(akgl_tween_actor(a, AKGL_TWEEN_X, 192.0f, 2.0f, AKGL_EASE_QUAD_IN_OUT, NULL));
        step_ms(1); /* x = 192 * 2 * (0.0005)^2: still at 0 */
        CHECK_PIXEL(scene_last_frame, 10, 30, CELL_FILL[2]);
        CHECK_PIXEL(scene_last_frame, 120, 30, CLEAR);
        step_ms(999); /* half way: 96 */
        CHECK(a->x == 96.0f);
        CHECK_PIXEL(scene_last_frame, 10, 30, CLEAR);
        CHECK_PIXEL(scene_last_frame, 95, 30, CLEAR);
        CHECK_PIXEL(scene_last_frame, 97, 30, CELL_FILL[2]);
        CHECK_PIXEL(scene_last_frame, 96 + 47, 30, CELL_FILL[2]);
        CHECK_PIXEL(scene_last_frame, 96 + 48, 30, CLEAR);
        CHECK_PIXEL(scene_last_frame, 96, 6, cell_marker(2));
        step_ms(1000); /* the end: the right edge */
        CHECK_PIXEL(scene_last_frame, 239, 30, CELL_FILL[2]);
        CHECK_PIXEL(scene_last_frame, 191, 30, CLEAR);
        CHECK_INT_EQ(running_tweens(), 0);
        scene_capture_done();
        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
    end();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    test_add_counter("tweens running", running_tweens);
    test_add_counter("timers pending", pending_timers);
    RUN_TEST(test_every_curve_at_known_points);
    RUN_TEST(test_a_float_follows_game_time);
    RUN_TEST(test_delay_writes_nothing_until_it_is_over);
    RUN_TEST(test_repeat_and_yoyo);
    RUN_TEST(test_callbacks_start_and_cancel_safely);
    RUN_TEST(test_timers);
    RUN_TEST(test_pause_and_slow_motion);
    RUN_TEST(test_actor_fields_and_the_frame_order);
    RUN_TEST(test_despawned_actor_stops_its_tweens);
    RUN_TEST(test_stale_handles_are_harmless);
    RUN_TEST(test_bad_arguments_start_nothing);
    RUN_TEST(test_full_pools_and_the_config);
    RUN_TEST(test_unload_cancels_everything);
    RUN_TEST(test_an_actor_crosses_the_screen);
    return AKGL_TEST_END();
}
