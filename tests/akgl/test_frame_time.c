/*
 * The frame's time step (akgl_game_frame_time, game.dt_ns, game.dt): on the
 * manual clock the game sees exactly the time advanced, before the update,
 * in its hooks and in the physics step alike; the first frame gets 0; a
 * paused clock gives 0 and slow motion scales; a step past
 * AKGL_GAME_MAX_FRAME_NS is cut to it and the rest dropped; a frame takes its
 * step once, even when the clock moves on before its update; and movement
 * by the step (the bunnymark's) covers the same distance at 30 and 144
 * frames a second. Bad calls are refused with the game left as it was.
 */
#include <akgl/game.h>
#include <akgl/physics.h>
#include <akgl/time.h>

#include <math.h>

#include "scene.h"

#define MS AKGL_TIME_ONEMS_NS

/* What the physics step and an actor's hook were given, frame by frame. */
#define MAX_FRAMES 8
static uint64_t physics_ns[MAX_FRAMES];
static uint64_t hook_ns[MAX_FRAMES];
static float hook_dt[MAX_FRAMES];
static int physics_calls, hook_calls;
static int fail_physics;

static akerr_ErrorContext *recording_step(akgl_Physics *p, uint64_t elapsed_ns)
{
    PREPARE_ERROR(errctx);
    (void)p;
    if (physics_calls < MAX_FRAMES) {
        physics_ns[physics_calls] = elapsed_ns;
    }
    physics_calls++;
    if (fail_physics) {
        FAIL_RETURN(errctx, AKERR_VALUE, "the physics step failed on purpose");
    }
    SUCCEED_RETURN(errctx);
}

/* An actor's hook asks for the step, as a game's own movement does. */
static akerr_ErrorContext *recording_hook(akgl_Actor *a)
{
    uint64_t ns = 0;
    float dt = 0.0f;
    PREPARE_ERROR(errctx);
    (void)a;
    PASS(errctx, akgl_game_frame_time(&ns, &dt));
    CHECK(ns == game.dt_ns && dt == game.dt);
    if (hook_calls < MAX_FRAMES) {
        hook_ns[hook_calls] = ns;
        hook_dt[hook_calls] = dt;
    }
    hook_calls++;
    SUCCEED_RETURN(errctx);
}

static akgl_Physics physics;
static akgl_Actor *probe;

/* A fresh game, so that its first frame is the first since akgl_game_init;
 * the recording physics and one actor with the recording hook. */
static void begin(void)
{
    CHECK_OK(akgl_game_quit());
    CHECK_OK(akgl_game_init());
    CHECK_OK(akgl_time_use_manual(true));
    memset(&physics, 0, sizeof(physics));
    physics.step = recording_step;
    game.physics = &physics;
    physics_calls = hook_calls = fail_physics = 0;
    probe = make_actor("probe", NULL);
    probe->updatefunc = recording_hook;
}

static void end(void)
{
    CHECK_OK(akgl_heap_release_actor(probe));
    game.physics = NULL;
    CHECK_OK(akgl_time_set_paused(false));
    CHECK_OK(akgl_time_set_scale(1.0f));
    CHECK_OK(akgl_time_use_manual(false));
}

/* One frame as the app runner runs it: the step first, then the update. */
static uint64_t frame(void)
{
    uint64_t ns = UINT64_MAX;
    CHECK_OK(akgl_game_frame_time(&ns, NULL));
    CHECK_OK(akgl_game_update(NULL));
    return ns;
}

static void test_the_game_sees_exactly_the_advanced_time(void)
{
    begin();
    /* The first frame since the start: 0, whatever the clock did before. */
    CHECK_OK(akgl_time_advance(5000 * MS));
    CHECK(frame() == 0);
    CHECK(game.dt == 0.0f);
    /* Then exactly what was advanced, to the nanosecond. */
    const uint64_t steps[] = {16 * MS, 33 * MS + 7, 0, 1, AKGL_APP_FRAME_NS};
    for (size_t i = 0; i < SDL_arraysize(steps); i++) {
        CHECK_OK(akgl_time_advance(steps[i]));
        CHECK(frame() == steps[i]);
        CHECK(game.dt_ns == steps[i]);
        CHECK(game.dt == (float)((double)steps[i] / 1e9));
    }
    /* The physics and the hook got the same step as the game, every frame. */
    CHECK_INT_EQ(physics_calls, 6);
    CHECK_INT_EQ(hook_calls, 6);
    CHECK(physics_ns[0] == 0 && hook_ns[0] == 0);
    for (int i = 1; i < 6; i++) {
        CHECK_MSG(physics_ns[i] == steps[i - 1] && hook_ns[i] == steps[i - 1],
                  "frame %d: physics %llu ns, hook %llu ns, advanced %llu ns", i,
                  (unsigned long long)physics_ns[i], (unsigned long long)hook_ns[i],
                  (unsigned long long)steps[i - 1]);
        CHECK(hook_dt[i] == (float)((double)steps[i - 1] / 1e9));
    }
    /* Without a call before it, the update takes the step itself. */
    CHECK_OK(akgl_time_advance(20 * MS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK(physics_ns[6] == 20 * MS && hook_ns[6] == 20 * MS);
    /* Either pointer may be NULL. */
    float dt = -1.0f;
    CHECK_OK(akgl_time_advance(8 * MS));
    CHECK_OK(akgl_game_frame_time(NULL, &dt));
    CHECK(dt == 0.008f);
    CHECK_OK(akgl_game_update(NULL));
    end();
}

/* The frame takes its step once: the clock moving on before the update (real
 * time does, while the game's callbacks run) changes neither what the frame
 * sees nor what its update moves by; that time goes to the next frame. */
static void test_a_frame_takes_its_step_once(void)
{
    uint64_t a = 0, b = 0;
    begin();
    CHECK(frame() == 0);
    CHECK_OK(akgl_time_advance(10 * MS));
    CHECK_OK(akgl_game_frame_time(&a, NULL));
    CHECK_OK(akgl_time_advance(3 * MS));
    CHECK_OK(akgl_game_frame_time(&b, NULL));
    CHECK(a == 10 * MS && b == 10 * MS);
    CHECK_OK(akgl_game_update(NULL));
    CHECK(physics_ns[1] == 10 * MS && hook_ns[1] == 10 * MS);
    /* After the update the step stays readable ... */
    CHECK(game.dt_ns == 10 * MS);
    /* ... and the next frame's is the time since that frame took its own. */
    CHECK(frame() == 3 * MS);
    /* A failed update ends its frame too: the next one takes a new step. */
    fail_physics = 1;
    CHECK_OK(akgl_time_advance(4 * MS));
    CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_VALUE, "failed on purpose");
    fail_physics = 0;
    CHECK_OK(akgl_time_advance(6 * MS));
    CHECK(frame() == 6 * MS);
    end();
}

static void test_pause_gives_zero_and_slow_motion_scales(void)
{
    begin();
    CHECK(frame() == 0);
    CHECK_OK(akgl_time_set_paused(true));
    for (int i = 0; i < 3; i++) {
        CHECK_OK(akgl_time_advance(16 * MS));
        CHECK(frame() == 0);
        CHECK(game.dt == 0.0f);
    }
    CHECK_OK(akgl_time_set_paused(false));
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(frame() == 16 * MS); /* not 64 ms: the paused time is not owed */
    CHECK_OK(akgl_time_set_scale(0.5f));
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(frame() == 8 * MS);
    CHECK(physics_ns[physics_calls - 1] == 8 * MS);
    CHECK_OK(akgl_time_set_scale(2.0f));
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(frame() == 32 * MS);
    /* A frame of AKGL_APP_FRAME_NS at half speed: the halves add up exactly. */
    CHECK_OK(akgl_time_set_scale(0.5f));
    uint64_t sum = 0;
    for (int i = 0; i < 60; i++) {
        CHECK_OK(akgl_time_advance(AKGL_APP_FRAME_NS));
        sum += frame();
    }
    CHECK(sum == 30 * AKGL_APP_FRAME_NS);
    end();
}

/* A step past the cap is cut to it; the rest is dropped, not carried. */
static void test_a_huge_step_is_capped(void)
{
    begin();
    CHECK(frame() == 0);
    CHECK_OK(akgl_time_advance(AKGL_GAME_MAX_FRAME_NS));
    CHECK(frame() == AKGL_GAME_MAX_FRAME_NS); /* the cap itself is whole */
    CHECK_OK(akgl_time_advance(AKGL_GAME_MAX_FRAME_NS + 1));
    CHECK(frame() == AKGL_GAME_MAX_FRAME_NS);
    CHECK_OK(akgl_time_advance(3600 * 1000 * MS)); /* an hour at a breakpoint */
    CHECK(frame() == AKGL_GAME_MAX_FRAME_NS);
    CHECK(game.dt == 0.256f);
    CHECK(physics_ns[physics_calls - 1] == AKGL_GAME_MAX_FRAME_NS);
    CHECK(hook_ns[hook_calls - 1] == AKGL_GAME_MAX_FRAME_NS);
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(frame() == 16 * MS); /* nothing of the hour is left over */
    /* Fast forward: the scaled step is capped as well. */
    CHECK_OK(akgl_time_set_scale(AKGL_TIME_MAX_SCALE));
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK(frame() == AKGL_GAME_MAX_FRAME_NS);
    end();
}

/* The bunnymark's movement, x += vx * game.dt, at 30 and at 144 frames a
 * second for one second of game time: the same distance (it was vx / 60 a
 * frame, which went 2.4 times as far at 144). */
static akerr_ErrorContext *fly(akgl_Actor *a)
{
    a->x += a->vx * game.dt;
    a->y += a->vy * game.dt;
    return NULL;
}

static void fly_at(int fps, float *x, float *y)
{
    begin();
    probe->updatefunc = fly;
    probe->x = 0.0f;
    probe->y = 0.0f;
    probe->vx = 240.0f;
    probe->vy = -97.0f;
    CHECK_OK(akgl_game_update(NULL)); /* the first frame: 0 */
    uint64_t prev = 0;
    for (int i = 1; i <= fps; i++) {
        uint64_t t = (uint64_t)i * 1000000000u / (uint64_t)fps;
        CHECK_OK(akgl_time_advance(t - prev));
        prev = t;
        CHECK_OK(akgl_game_update(NULL));
    }
    *x = probe->x;
    *y = probe->y;
    end();
}

static void test_movement_by_the_step_is_the_same_at_any_rate(void)
{
    float x30 = 0, y30 = 0, x144 = 0, y144 = 0;
    fly_at(30, &x30, &y30);
    fly_at(144, &x144, &y144);
    CHECK_MSG(fabsf(x30 - 240.0f) < 0.01f && fabsf(x144 - 240.0f) < 0.01f,
              "x after 1 s: %.6f at 30 fps, %.6f at 144 fps; 240 wanted", (double)x30,
              (double)x144);
    CHECK_MSG(fabsf(y30 + 97.0f) < 0.01f && fabsf(y144 + 97.0f) < 0.01f,
              "y after 1 s: %.6f at 30 fps, %.6f at 144 fps; -97 wanted", (double)y30,
              (double)y144);
}

static void test_bad_calls_are_refused(void)
{
    uint64_t ns = 7;
    float dt = 7.0f;
    begin();
    CHECK_STATUS_MSG(akgl_game_frame_time(NULL, NULL), AKERR_NULLPOINTER,
                     "akgl_game_frame_time: NULL ns and seconds");
    end();
    CHECK_OK(akgl_game_quit());
    CHECK_STATUS_MSG(akgl_game_frame_time(&ns, &dt), AKERR_BEHAVIOR, "akgl_game_init first");
    CHECK(ns == 7 && dt == 7.0f); /* nothing written */
    CHECK_OK(akgl_game_init());
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_the_game_sees_exactly_the_advanced_time);
    RUN_TEST(test_a_frame_takes_its_step_once);
    RUN_TEST(test_pause_gives_zero_and_slow_motion_scales);
    RUN_TEST(test_a_huge_step_is_capped);
    RUN_TEST(test_movement_by_the_step_is_the_same_at_any_rate);
    RUN_TEST(test_bad_calls_are_refused);
    return AKGL_TEST_END();
}
