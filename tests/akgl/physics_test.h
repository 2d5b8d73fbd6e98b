/*
 * Shared fixtures of the physics suites (test_physics*.c): a bound arcade
 * backend with no properties behind it, actors with a hitbox and nothing
 * else, stepping one fixed step at a time, and the clean-up every case needs
 * so it leaves the game as it found it (no backend bound, real clock, no
 * physics properties set).
 */
#ifndef AKGL_PHYSICS_TEST_H
#define AKGL_PHYSICS_TEST_H

#include <akgl/actor.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akgl/time.h>

#include <SDL3/SDL.h>

#include <float.h>
#include <math.h>
#include <string.h>

#include "akgl_test.h"

/* The step in seconds exactly as physics.c computes it (a float, so not
 * exactly 0.004: 0.004000000189989805). Closed forms use this value so that
 * they describe the same discrete system the library runs. */
#define STEP_S ((float)AKGL_PHYSICS_STEP_NS / 1e9f)

static const char *const PHYSICS_KEYS[6] = {
    "physics.gravity.x", "physics.gravity.y", "physics.gravity.z",
    "physics.drag.x",    "physics.drag.y",    "physics.drag.z",
};

/* The backend under test; every case starts with physics_begin(). */
static akgl_Physics phys;

/* Unsets every property the arcade backend reads. */
static inline void physics_clear_properties(void)
{
    for (int i = 0; i < 6; i++) {
        SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, PHYSICS_KEYS[i]);
    }
}

/*
 * A fresh arcade backend with gravity and drag 0, bound to the game, and the
 * game clock made manual. akgl_game_update takes its elapsed time from the
 * previous update, which an earlier case may have left anywhere: one update
 * with no backend bound first, so the next update's elapsed time is exactly
 * what the case advances.
 */
static inline void physics_begin(void)
{
    CHECK_OK(akgl_time_use_manual(true));
    game.physics = NULL;
    CHECK_OK(akgl_game_update(NULL));
    physics_clear_properties();
    memset(&phys, 0, sizeof(phys));
    CHECK_OK(akgl_physics_init_arcade(&phys));
    CHECK(game.physics == &phys);
}

static inline void physics_end(void)
{
    game.physics = NULL;
    physics_clear_properties();
    CHECK_OK(akgl_time_use_manual(false));
}

/* A pooled, registered actor at (x, y) whose box is a w x h hitbox. */
static inline akgl_Actor *spawn(const char *name, float x, float y, float w, float h)
{
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_heap_next_actor(&a));
    if (a == NULL) {
        return NULL;
    }
    akerr_ErrorContext *e = akgl_actor_initialize(a, name);
    if (e != NULL) {
        CHECK_OK(e);
        CHECK_OK(akgl_heap_release_actor(a));
        return NULL;
    }
    a->x = x;
    a->y = y;
    a->hitbox = (SDL_FRect){0.0f, 0.0f, w, h};
    return a;
}

static inline void despawn(akgl_Actor *a)
{
    if (a != NULL) {
        CHECK_OK(akgl_heap_release_actor(a));
    }
}

/* Runs exactly one fixed step. */
static inline void step1(void)
{
    CHECK_OK(phys.step(&phys, AKGL_PHYSICS_STEP_NS));
}

static inline void stepn(int n)
{
    for (int i = 0; i < n; i++) {
        step1();
    }
}

/*
 * Rounding budget of float arithmetic over n steps. Each step does a handful
 * (at most 4) of float operations per quantity, each off by at most half an
 * ulp, i.e. FLT_EPSILON/2 relative; errors from earlier steps are carried,
 * not amplified (every update is a contraction or a plain sum). So after n
 * steps a quantity that never exceeds `scale` in magnitude is within
 * 2 * n * FLT_EPSILON * scale of the exact value of the same recurrence.
 */
static inline double float_budget(int n, double scale)
{
    return 2.0 * (double)n * (double)FLT_EPSILON * scale;
}

#endif /* AKGL_PHYSICS_TEST_H */
