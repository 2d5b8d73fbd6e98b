/*
 * The overlap broad phase (issue 9/12): on random scenes it reports exactly
 * the pairs, in exactly the order, that testing every pair reports, with
 * collision layers and masks; per-actor overlap callbacks get the pairs
 * their masks ask for; a callback may release actors (the released one is
 * not reported again) or spawn one into a freed slot (not reported this
 * update); a callback's error ends the step.
 */
#include "physics_test.h"
#include "physics_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCENE 400
#define MAX_PAIRS 200000

typedef struct Pair
{
    int a, b;
} Pair;

static struct
{
    int n;
    Pair pairs[MAX_PAIRS];
} got, want;

static akgl_Actor *scene[SCENE];

static int slot_of(const akgl_Actor *a)
{
    return (int)(a - akgl_heap_actors);
}

static akerr_ErrorContext *record_pair(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                       void *userdata)
{
    (void)p;
    (void)userdata;
    if (got.n < MAX_PAIRS) {
        got.pairs[got.n] = (Pair){slot_of(a), slot_of(b)};
    }
    got.n++;
    return NULL;
}

static uint32_t rng;
static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static float uniform(float lo, float hi)
{
    return lo + (hi - lo) * (float)(next_random() % 1000000u) / 1000000.0f;
}

/* The rule of akgl/physics.h, testing every pair in pool order. */
static bool boxes_share_area(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h &&
           b->y < a->y + a->h;
}

static void all_pairs(void)
{
    want.n = 0;
    int cap = 0;
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_ACTOR, &cap));
    for (int i = 0; i < cap; i++) {
        akgl_Actor *a = &akgl_heap_actors[i];
        SDL_FRect ba;
        if (!a->live) { /* named or anonymous */
            continue;
        }
        akerr_ErrorContext *e = akgl_physics_actor_box(a, &ba);
        if (e != NULL) {
            e = akerr_release_error(e);
            continue;
        }
        for (int j = i + 1; j < cap; j++) {
            akgl_Actor *b = &akgl_heap_actors[j];
            SDL_FRect bb;
            if (!b->live) {
                continue;
            }
            e = akgl_physics_actor_box(b, &bb);
            if (e != NULL) {
                e = akerr_release_error(e);
                continue;
            }
            bool masks = (a->collision_mask & b->collision_layers) != 0 ||
                         (b->collision_mask & a->collision_layers) != 0;
            if (masks && boxes_share_area(&ba, &bb) && want.n < MAX_PAIRS) {
                want.pairs[want.n++] = (Pair){i, j};
            }
        }
    }
}

/* SCENE actors, immovable (the step leaves them where they are), in random
 * slots, with random boxes, layers and masks; some huge, some tiny, some
 * flush against others, some far away. From DENSE_ROUND on, the scene the
 * dense grid takes: no huge or far boxes, packed into a smaller area. */
#define ROUNDS 13
#define DENSE_ROUND 6
/* The last round: similar boxes heaped in one small area, many pairs per
 * actor (more than 32 per actor slot, which the dense grid once budgeted). */
#define HEAP_ROUND (ROUNDS - 1)
static void make_scene(int round)
{
    bool dense = round >= DENSE_ROUND;
    bool heap = round == HEAP_ROUND;
    char name[32];
    rng = 0x9e3779b9u ^ (uint32_t)(round * 7919 + 1);
    for (int i = 0; i < SCENE; i++) {
        snprintf(name, sizeof(name), "bp%d", i);
        float w = uniform(2.0f, 40.0f), h = uniform(2.0f, 40.0f);
        uint32_t kind = next_random() % 100;
        if (dense) {
            /* similar sizes; some exactly on the cell grid's lines */
            if (kind < 10) {
                w = h = 40.0f;
            }
        } else if (kind < 3) {
            w = uniform(200.0f, 900.0f); /* bigger than the grid takes */
        } else if (kind < 5) {
            h = 0.25f;
        }
        float x = uniform(-50.0f, 800.0f), y = uniform(-50.0f, 450.0f);
        if (heap) {
            x = uniform(0.0f, 30.0f);
            y = uniform(0.0f, 30.0f);
        } else if (dense) {
            x = uniform(-30.0f, 300.0f);
            y = uniform(-30.0f, 200.0f);
            if (kind < 10) {
                x = (float)(next_random() % 8) * 40.0f;
                y = (float)(next_random() % 5) * 40.0f;
            }
        } else if (kind == 7) {
            x = 1.0e12f; /* beyond int cells */
        }
        if (kind >= 90 && i > 0 && scene[i - 1] != NULL) {
            /* flush against the previous one: touching is no overlap */
            x = scene[i - 1]->x + scene[i - 1]->hitbox.w;
            y = scene[i - 1]->y;
        }
        scene[i] = spawn(name, x, y, w, h);
        if (scene[i] == NULL) {
            return;
        }
        scene[i]->immovable = true;
        /* Rounds 0 and DENSE_ROUND keep the default layers and masks (every
         * pair wanted: the grids skip the mask test then). */
        if (round > 0 && round != DENSE_ROUND) {
            scene[i]->collision_layers = next_random() & 0xfu;
            scene[i]->collision_mask = next_random() & 0xfu;
        }
    }
    /* Holes in the pool, so slot order is not spawn order. */
    for (int i = 0; i < SCENE; i += 7) {
        despawn(scene[i]);
        scene[i] = NULL;
    }
    for (int i = 0; i < SCENE; i += 7) {
        snprintf(name, sizeof(name), "bp%d'", i);
        scene[i] = spawn(name, uniform(0.0f, 800.0f), uniform(0.0f, 450.0f), 24.0f, 24.0f);
        if (scene[i] != NULL) {
            scene[i]->immovable = (i % 2) == 0;
        }
    }
}

static void clear_scene(void)
{
    for (int i = 0; i < SCENE; i++) {
        despawn(scene[i]);
        scene[i] = NULL;
    }
}

static int pair_order(const void *x, const void *y)
{
    const Pair *p = x, *q = y;
    if (p->a != q->a) {
        return p->a < q->a ? -1 : 1;
    }
    return (p->b > q->b) - (p->b < q->b);
}

static Pair first_run[MAX_PAIRS];

/*
 * The general grid reports the pairs in the all-pairs order; the dense grid
 * reports the same pairs, each with the earlier actor in the pool first, in
 * an order of its own that the same scene always repeats.
 */
static void test_broad_phase_reports_the_all_pairs_pairs(void)
{
    physics_begin();
    phys.on_overlap = record_pair;
    int total = 0;
    unsigned long dense_before = akgl_broadphase_dense_reports();
    for (int round = 0; round < ROUNDS; round++) {
        make_scene(round);
        all_pairs();
        got.n = 0;
        unsigned long before = akgl_broadphase_dense_reports();
        step1();
        bool dense = akgl_broadphase_dense_reports() != before;
        CHECK_MSG(got.n == want.n, "round %d: %d pairs reported, all-pairs finds %d", round,
                  got.n, want.n);
        int n = got.n < want.n ? got.n : want.n;
        if (dense) {
            /* The same scene again (the actors are immovable): the same
             * pairs in the same order. */
            memcpy(first_run, got.pairs, sizeof(Pair) * (size_t)n);
            int first_n = got.n;
            got.n = 0;
            step1();
            CHECK_MSG(got.n == first_n && memcmp(first_run, got.pairs,
                                                 sizeof(Pair) * (size_t)n) == 0,
                      "round %d: the same scene gave another order", round);
            for (int i = 0; i < n; i++) {
                if (got.pairs[i].a >= got.pairs[i].b) {
                    CHECK_MSG(false, "round %d: pair %d is (%d, %d): the later actor first",
                              round, i, got.pairs[i].a, got.pairs[i].b);
                    break;
                }
            }
            qsort(got.pairs, (size_t)n, sizeof(Pair), pair_order);
        }
        for (int i = 0; i < n; i++) {
            if (got.pairs[i].a != want.pairs[i].a || got.pairs[i].b != want.pairs[i].b) {
                CHECK_MSG(false, "round %d: pair %d%s is (%d, %d); all-pairs says (%d, %d)",
                          round, i, dense ? " (sorted)" : "", got.pairs[i].a, got.pairs[i].b,
                          want.pairs[i].a, want.pairs[i].b);
                break;
            }
        }
        total += want.n;
        if (round == HEAP_ROUND) {
            CHECK_MSG(want.n > 32 * 2 * SCENE, "the heap has only %d pairs", want.n);
        }
        clear_scene();
        if (round == DENSE_ROUND - 1) {
            CHECK_MSG(akgl_broadphase_dense_reports() == dense_before,
                      "a scene with huge and far boxes went through the dense grid");
        }
    }
    /* Both grids were compared: the last rounds, the heap of many pairs
     * among them, went through the dense one (twice each). */
    CHECK_MSG(akgl_broadphase_dense_reports() == dense_before + 2 * (ROUNDS - DENSE_ROUND),
              "%lu dense reports for the %d dense scenes (twice each)",
              akgl_broadphase_dense_reports() - dense_before, ROUNDS - DENSE_ROUND);
    /* The scenes are not trivially empty. */
    CHECK_MSG(total > 500, "only %d pairs over all rounds", total);
    phys.on_overlap = NULL;
    physics_end();
}

/* ---- per-actor callbacks ----------------------------------------------- */

static struct
{
    int calls;
    akgl_Actor *self[16], *other[16];
} told;

static akerr_ErrorContext *tell(akgl_Actor *self, akgl_Actor *other)
{
    if (told.calls < 16) {
        told.self[told.calls] = self;
        told.other[told.calls] = other;
    }
    told.calls++;
    return NULL;
}

static void test_actor_callbacks_follow_masks(void)
{
    physics_begin();
    memset(&told, 0, sizeof(told));
    enum { PLAYER = 1, ENEMY = 2, BULLET = 4 };
    akgl_Actor *player = spawn("player", 0, 0, 10, 10);
    akgl_Actor *enemy = spawn("enemy", 5, 5, 10, 10);
    akgl_Actor *bullet = spawn("bullet", 8, 8, 2, 2);
    if (player && enemy && bullet) {
        player->collision_layers = PLAYER;
        player->collision_mask = ENEMY;
        enemy->collision_layers = ENEMY;
        enemy->collision_mask = 0; /* wants nothing itself */
        bullet->collision_layers = BULLET;
        bullet->collision_mask = ENEMY;
        player->overlapfunc = tell;
        enemy->overlapfunc = tell;
        bullet->overlapfunc = tell;
        /* No global hook: the per-actor callbacks alone turn the report on. */
        step1();
        /* player-enemy: player's mask takes enemy; player-bullet: neither
         * mask takes the other; enemy-bullet: the bullet's takes the enemy.
         * (The dense grid's order is its own: either may come first.) */
        CHECK_INT_EQ(told.calls, 2);
        int pe = told.self[0] == player ? 0 : 1;
        CHECK(told.self[pe] == player && told.other[pe] == enemy);
        CHECK(told.self[1 - pe] == bullet && told.other[1 - pe] == enemy);
        /* In no layer and asking for none: never reported. */
        bullet->collision_layers = 0;
        bullet->collision_mask = 0;
        told.calls = 0;
        step1();
        CHECK_INT_EQ(told.calls, 1);
    }
    despawn(player);
    despawn(enemy);
    despawn(bullet);
    physics_end();
}

/* ---- releasing and spawning inside a callback -------------------------- */

static akgl_Actor *victims[4];
static int hook_calls;
static akgl_Actor *released;  /* what the first call released */
static int reported_after_release;

static akerr_ErrorContext *release_other(akgl_Actor *self, akgl_Actor *other)
{
    PREPARE_ERROR(errctx);
    hook_calls++;
    if (released != NULL && (self == released || other == released)) {
        reported_after_release++;
    }
    /* The first call releases the other actor, the game's only reference. */
    if (hook_calls == 1) {
        for (int i = 0; i < 4; i++) {
            if (victims[i] == other) {
                victims[i] = NULL;
            }
        }
        released = other;
        PASS(errctx, akgl_heap_release_actor(other));
    }
    SUCCEED_RETURN(errctx);
}

static akgl_Actor *spawned;

static akerr_ErrorContext *release_self_and_spawn(akgl_Actor *self, akgl_Actor *other)
{
    PREPARE_ERROR(errctx);
    (void)other;
    hook_calls++;
    if (hook_calls == 1) {
        for (int i = 0; i < 4; i++) {
            if (victims[i] == self) {
                victims[i] = NULL;
            }
        }
        PASS(errctx, akgl_heap_release_actor(self));
        /* The freed slot is taken again at once, by an actor in the same place. */
        spawned = spawn("newcomer", 0, 0, 50, 50);
    }
    SUCCEED_RETURN(errctx);
}

static void test_release_inside_a_callback(void)
{
    physics_begin();
    /* Four boxes all overlapping: six pairs. */
    for (int i = 0; i < 4; i++) {
        char name[16];
        snprintf(name, sizeof(name), "v%d", i);
        victims[i] = spawn(name, (float)i, (float)i, 20, 20);
        if (victims[i] != NULL) {
            victims[i]->overlapfunc = release_other;
            victims[i]->collision_mask = 0;
        }
    }
    if (victims[0] != NULL) {
        victims[0]->collision_mask = UINT32_MAX; /* only v0 is told */
    }
    hook_calls = 0;
    released = NULL;
    reported_after_release = 0;
    step1();
    /* v0 is told about the first of the others in pool order and releases
     * it; the other two pairs still come, and nothing about the released one
     * comes after its release (its slot is zero: refcount 0). */
    CHECK_INT_EQ(hook_calls, 3);
    CHECK_INT_EQ(reported_after_release, 0);
    CHECK(released != NULL && released->refcount == 0);
    for (int i = 0; i < 4; i++) {
        despawn(victims[i]);
        victims[i] = NULL;
    }

    /* Releasing itself, then a spawn into the freed slot: the newcomer is
     * not mistaken for the released actor for the rest of the update. */
    for (int i = 0; i < 3; i++) {
        char name[16];
        snprintf(name, sizeof(name), "w%d", i);
        victims[i] = spawn(name, (float)i, (float)i, 20, 20);
        if (victims[i] != NULL) {
            victims[i]->overlapfunc = release_self_and_spawn;
        }
    }
    hook_calls = 0;
    spawned = NULL;
    step1();
    /* The first actor in pool order is told about the second and goes; its
     * pair with the third is not reported (the newcomer in its slot is not
     * it); the second and third are, both being told. */
    CHECK_INT_EQ(hook_calls, 3);
    int gone = 0;
    for (int i = 0; i < 3; i++) {
        gone += victims[i] == NULL;
    }
    CHECK_INT_EQ(gone, 1);
    CHECK(spawned != NULL);
    for (int i = 0; i < 3; i++) {
        despawn(victims[i]);
        victims[i] = NULL;
    }
    despawn(spawned);
    spawned = NULL;
    physics_end();
}

/* The global hook alone (no actor has a callback): its first pair releases
 * the second actor and spawns one into the freed slot, at the same place. */
static akgl_Actor *hook_victims[4];
static int hook_pairs;
static int hook_after_release;
static akgl_Actor *hook_released;
static akgl_Actor *hook_newcomer;
static akgl_Actor *late_callback_owner;
static int late_calls;

static akerr_ErrorContext *late_callback(akgl_Actor *self, akgl_Actor *other)
{
    (void)self;
    (void)other;
    late_calls++;
    return NULL;
}

static akerr_ErrorContext *hook_releases(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                         void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)p;
    (void)userdata;
    hook_pairs++;
    if (hook_released != NULL && (a == hook_released || b == hook_released)) {
        hook_after_release++;
    }
    if (hook_released == NULL) {
        for (int i = 0; i < 4; i++) {
            if (hook_victims[i] == b) {
                hook_victims[i] = NULL;
            }
        }
        hook_released = b;
        PASS(errctx, akgl_heap_release_actor(b));
        hook_newcomer = spawn("hook newcomer", 0, 0, 20, 20);
        /* A callback set during the report, when no gathered actor had
         * one: first told in the next update. */
        late_callback_owner = a;
        a->overlapfunc = late_callback;
    }
    SUCCEED_RETURN(errctx);
}

static void test_release_inside_the_hook(void)
{
    physics_begin();
    /* Four boxes all overlapping: six pairs, in the dense grid. */
    for (int i = 0; i < 4; i++) {
        char name[16];
        snprintf(name, sizeof(name), "h%d", i);
        hook_victims[i] = spawn(name, (float)i, (float)i, 20, 20);
    }
    hook_pairs = 0;
    hook_after_release = 0;
    hook_released = NULL;
    hook_newcomer = NULL;
    late_callback_owner = NULL;
    late_calls = 0;
    phys.on_overlap = hook_releases;
    unsigned long dense_before = akgl_broadphase_dense_reports();
    step1();
    CHECK(akgl_broadphase_dense_reports() == dense_before + 1);
    /* The first pair (a, b) releases b; the three pairs without b follow;
     * nothing about b, nor about the newcomer in its slot. */
    CHECK_INT_EQ(hook_pairs, 4);
    CHECK_INT_EQ(hook_after_release, 0);
    CHECK(hook_newcomer != NULL);
    CHECK(late_callback_owner != NULL && late_callback_owner->refcount > 0);
    CHECK_INT_EQ(late_calls, 0);
    /* The next update: four actors (the newcomer among them), six pairs;
     * a's callback is told about its three. */
    hook_pairs = 0;
    step1();
    CHECK_INT_EQ(hook_pairs, 6);
    CHECK_INT_EQ(late_calls, 3);
    phys.on_overlap = NULL;
    for (int i = 0; i < 4; i++) {
        despawn(hook_victims[i]);
        hook_victims[i] = NULL;
    }
    despawn(hook_newcomer);
    hook_newcomer = NULL;
    physics_end();
}

/* The hook unsetting itself ends the report (no callback is gathered). */
static int unset_calls;

static akerr_ErrorContext *hook_unsets(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                       void *userdata)
{
    (void)a;
    (void)b;
    (void)userdata;
    unset_calls++;
    p->on_overlap = NULL;
    return NULL;
}

static void test_hook_unset_inside_the_report(void)
{
    physics_begin();
    akgl_Actor *v[3];
    for (int i = 0; i < 3; i++) {
        char name[16];
        snprintf(name, sizeof(name), "u%d", i);
        v[i] = spawn(name, (float)i, (float)i, 20, 20);
    }
    unset_calls = 0;
    phys.on_overlap = hook_unsets;
    step1();
    CHECK_INT_EQ(unset_calls, 1);
    CHECK(phys.on_overlap == NULL);
    for (int i = 0; i < 3; i++) {
        despawn(v[i]);
    }
    physics_end();
}

static akerr_ErrorContext *refuse(akgl_Actor *self, akgl_Actor *other)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, AKERR_BEHAVIOR, "%s will not touch %s", self->name, other->name);
}

static void test_callback_error_ends_the_step(void)
{
    physics_begin();
    akgl_Actor *a = spawn("prickly", 0, 0, 10, 10);
    akgl_Actor *b = spawn("victim", 5, 5, 10, 10);
    if (a != NULL && b != NULL) {
        a->overlapfunc = refuse;
        CHECK_OK(akgl_time_advance(AKGL_PHYSICS_STEP_NS));
        CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_BEHAVIOR, "prickly will not touch victim");
    }
    despawn(a);
    despawn(b);
    physics_end();
}

int main(void)
{
    /* More actors than the default capacity: the scenes need SCENE. */
    akgl_GameConfig cfg = {0};
    cfg.capacity[AKGL_HEAP_ACTOR] = 2 * SCENE;
    TEST_BEGIN();
    akerr_ErrorContext *e = akgl_game_init_with_config(&cfg);
    if (e != NULL) {
        fprintf(stderr, "akgl_game_init_with_config: %s\n", e->message);
        return 1;
    }
    akgl_test_add_counters();
    /* Built twice (tests/akgl/scale.cmake): as the library is, and with the
     * scalar test forced, so the path a target without SSE2 takes runs too. */
#if defined(AKGL_BROADPHASE_SCALAR)
    fprintf(stderr, "  the broad phase's scalar test\n");
    CHECK(!akgl_broadphase_sse2());
#elif defined(__SSE2__)
    fprintf(stderr, "  the broad phase's SSE2 test\n");
    CHECK(akgl_broadphase_sse2());
#endif
    RUN_TEST(test_broad_phase_reports_the_all_pairs_pairs);
    RUN_TEST(test_actor_callbacks_follow_masks);
    RUN_TEST(test_release_inside_a_callback);
    RUN_TEST(test_release_inside_the_hook);
    RUN_TEST(test_hook_unset_inside_the_report);
    RUN_TEST(test_callback_error_ends_the_step);
    return AKGL_TEST_END();
}
