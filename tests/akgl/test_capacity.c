/*
 * Pool capacities chosen when the game starts (issue 9/12): a game of
 * 100,000 actors without rebuilding the library; a capacity that cannot be
 * allocated is refused with the layer, the count and the bytes, leaving
 * nothing half-made; quit and start again with another size; the defaults
 * are floors; the config's voice count reaches the sound module.
 */
#include <akgl/actor.h>
#include <akgl/error.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "akgl_test.h"
#include "game_private.h"

#define BIG 100000

static int capacity_of(akgl_HeapLayer layer)
{
    int n = -1;
    CHECK_OK(akgl_heap_capacity(layer, &n));
    return n;
}

/* Nothing of a game is left: no pool, no registry, no lock, no config. */
static void check_stopped(void)
{
    CHECK(akgl_heap_actors == NULL);
    CHECK(akgl_heap_sprites == NULL);
    CHECK(akgl_heap_spritesheets == NULL);
    CHECK(akgl_heap_characters == NULL);
    CHECK(akgl_heap_strings == NULL);
    CHECK(game.state_lock == NULL);
    CHECK(AKGL_REGISTRY_ACTOR == 0);
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        CHECK_INT_EQ(capacity_of((akgl_HeapLayer)layer), 0);
    }
    CHECK_INT_EQ(akgl_game_config()->capacity[AKGL_HEAP_ACTOR], 0);
}

static void test_hundred_thousand_actors(void)
{
    akgl_GameConfig cfg = {0};
    cfg.capacity[AKGL_HEAP_ACTOR] = BIG;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_ACTOR), BIG);
    CHECK_INT_EQ(akgl_game_config()->capacity[AKGL_HEAP_ACTOR], BIG);
    /* The other layers keep their defaults: sprites no longer scale with actors. */
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_SPRITE), AKGL_MAX_HEAP_SPRITE);
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_SPRITESHEET), AKGL_MAX_HEAP_SPRITESHEET);
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_CHARACTER), AKGL_MAX_HEAP_CHARACTER);
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_STRING), AKGL_MAX_HEAP_STRING);

    static akgl_Actor *all[BIG];
    int got = 0;
    for (int i = 0; i < BIG; i++) {
        akerr_ErrorContext *e = akgl_heap_next_actor(&all[i]);
        if (e != NULL) {
            CHECK_OK(e);
            break;
        }
        got++;
    }
    CHECK_INT_EQ(got, BIG);
    /* Every slot is one of the pool's, in order, and the pool is full. */
    CHECK(all[0] == &akgl_heap_actors[0]);
    CHECK(all[BIG - 1] == &akgl_heap_actors[BIG - 1]);
    akgl_Actor *extra = NULL;
    CHECK_STATUS_MSG(akgl_heap_next_actor(&extra), AKGL_ERR_HEAP, "all 100000 in use");
    CHECK(extra == NULL);
    /* Live actors: named, so every sweep of a frame walks them all. */
    char name[32];
    for (int i = 0; i < got; i++) {
        snprintf(name, sizeof(name), "a%d", i);
        CHECK_OK(akgl_actor_initialize(all[i], name));
        all[i]->x = (float)(i % 1000);
        all[i]->y = (float)(i / 1000);
    }
    CHECK_OK(akgl_game_update(NULL));
    int live = 0;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_ACTOR, &live));
    CHECK_INT_EQ(live, BIG);
    /* Quit releases them all and frees the pools. */
    CHECK_OK(akgl_game_quit());
    check_stopped();
}

static void test_unallocatable_capacity_is_refused(void)
{
    akgl_GameConfig cfg = {0};
    char want[64];

    /* The first layer: nothing was allocated before it. */
    cfg.capacity[AKGL_HEAP_ACTOR] = INT_MAX;
    snprintf(want, sizeof(want), "%d slots of %zu bytes", INT_MAX, sizeof(akgl_Actor));
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKGL_ERR_HEAP, want);
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKGL_ERR_HEAP, "the actor pool");
    check_stopped();

    /* A later layer: the actor, sprite, sheet and character pools were
     * allocated first, and are freed again. A terabyte of strings, not
     * INT_MAX of them (9 TB): Wine's heap reserves the whole range before
     * it finds it cannot commit it, 20 s and gigabytes of its own page
     * tables for 9 TB, where Linux and Windows refuse at once. */
    const int strings = INT_MAX / 8;
    cfg.capacity[AKGL_HEAP_ACTOR] = 1000;
    cfg.capacity[AKGL_HEAP_STRING] = strings;
    snprintf(want, sizeof(want), "%d slots of %zu bytes need", strings, sizeof(akgl_String));
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKGL_ERR_HEAP, want);
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKGL_ERR_HEAP, "the string pool");
    check_stopped();

    /* Negative capacities and voices are mistakes, named. */
    cfg.capacity[AKGL_HEAP_STRING] = 0;
    cfg.capacity[AKGL_HEAP_SPRITE] = -5;
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE,
                     "capacity[1] (sprite) is -5");
    check_stopped();
    cfg.capacity[AKGL_HEAP_SPRITE] = 0;
    cfg.voices = -1;
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE, "voices is -1");
    check_stopped();
    /* Too many voices for the sound module: refused there, nothing left made. */
    cfg.voices = AKGL_SOUND_MAX_VOICES + 1;
    CHECK_STATUS(akgl_game_init_with_config(&cfg), AKERR_VALUE);
    check_stopped();
    /* NULL is the defaults, as akgl_game_init. */
    CHECK_OK(akgl_game_init_with_config((const akgl_GameConfig *)NULL));
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_ACTOR), AKGL_MAX_HEAP_ACTOR);
    CHECK_OK(akgl_game_quit());

    /* After the refusals the game starts normally. */
    cfg.voices = 0;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_ACTOR), 1000);
    CHECK_OK(akgl_game_quit());
    check_stopped();
}

/* Fills the actor pool with acquired (not initialised) slots and gives them back. */
static void fill_and_empty(int n)
{
    akgl_Actor **held = calloc((size_t)n, sizeof(*held));
    CHECK(held != NULL);
    if (held == NULL) {
        return;
    }
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_next_actor(&held[i]));
    }
    akgl_Actor *extra = NULL;
    CHECK_STATUS(akgl_heap_next_actor(&extra), AKGL_ERR_HEAP);
    for (int i = 0; i < n; i++) {
        if (held[i] != NULL) {
            CHECK_OK(akgl_heap_release_actor(held[i]));
        }
    }
    free(held);
}

static void test_quit_and_restart_with_another_size(void)
{
    const int sizes[3] = {1000, 5000, 200};
    for (int i = 0; i < 3; i++) {
        akgl_GameConfig cfg = {0};
        cfg.capacity[AKGL_HEAP_ACTOR] = sizes[i];
        cfg.capacity[AKGL_HEAP_CHARACTER] = sizes[i] / 2;
        cfg.voices = 7 + i;
        CHECK_OK(akgl_game_init_with_config(&cfg));
        CHECK_INT_EQ(capacity_of(AKGL_HEAP_ACTOR), sizes[i]);
        CHECK_INT_EQ(capacity_of(AKGL_HEAP_CHARACTER),
                     sizes[i] / 2 > AKGL_MAX_HEAP_CHARACTER ? sizes[i] / 2
                                                            : AKGL_MAX_HEAP_CHARACTER);
        CHECK_INT_EQ(akgl_game_config()->voices, 7 + i);
        fill_and_empty(sizes[i]);
        CHECK_OK(akgl_game_quit());
        check_stopped();
    }
}

/* Every pool's slots start on a 64-byte line (heap_pool.h), whatever the
 * allocator returned: small blocks (its heap) and large ones (mapped pages,
 * 16 bytes past a page start on glibc) alike, so a 320-byte actor is five
 * whole lines and object.h's prefetch may skip the fifth. */
static void test_pools_start_on_a_cache_line(void)
{
    const int sizes[4] = {1, 200, 5000, BIG};
    for (int i = 0; i < 4; i++) {
        akgl_GameConfig cfg = {0};
        cfg.capacity[AKGL_HEAP_ACTOR] = sizes[i];
        cfg.capacity[AKGL_HEAP_STRING] = sizes[i];
        CHECK_OK(akgl_game_init_with_config(&cfg));
        CHECK_INT_EQ((int)((uintptr_t)akgl_heap_actors % 64), 0);
        CHECK_INT_EQ((int)((uintptr_t)akgl_heap_sprites % 64), 0);
        CHECK_INT_EQ((int)((uintptr_t)akgl_heap_spritesheets % 64), 0);
        CHECK_INT_EQ((int)((uintptr_t)akgl_heap_characters % 64), 0);
        CHECK_INT_EQ((int)((uintptr_t)akgl_heap_strings % 64), 0);
        int n = capacity_of(AKGL_HEAP_ACTOR); /* the default is a floor */
        if (sizeof(akgl_Actor) % 64 == 0) { /* 320 bytes: every actor does */
            CHECK_INT_EQ((int)((uintptr_t)&akgl_heap_actors[n - 1] % 64), 0);
        }
        fill_and_empty(n);
        CHECK_OK(akgl_game_quit());
        check_stopped();
    }
}

static void test_defaults_are_floors(void)
{
    akgl_GameConfig cfg = {0};
    cfg.capacity[AKGL_HEAP_ACTOR] = 3;
    cfg.capacity[AKGL_HEAP_STRING] = 1;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_ACTOR), AKGL_MAX_HEAP_ACTOR);
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_STRING), AKGL_MAX_HEAP_STRING);
    CHECK_INT_EQ(akgl_game_config()->voices, 0);
    fill_and_empty(AKGL_MAX_HEAP_ACTOR);
    CHECK_OK(akgl_game_quit());
    /* akgl_game_init is the config of all zeros. */
    CHECK_OK(akgl_game_init());
    CHECK_INT_EQ(capacity_of(AKGL_HEAP_ACTOR), AKGL_MAX_HEAP_ACTOR);
    CHECK_OK(akgl_game_quit());
}

static void test_capacity_errors(void)
{
    int n = 0;
    CHECK_STATUS(akgl_heap_capacity(AKGL_HEAP_ACTOR, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_heap_capacity(AKGL_HEAP_LAYER_COUNT, &n), AKERR_INDEX);
    CHECK_STATUS(akgl_heap_capacity((akgl_HeapLayer)-1, &n), AKERR_INDEX);
    /* Stopped: the pools have no slots, and an acquire says why. */
    akgl_Actor *a = NULL;
    CHECK_STATUS_MSG(akgl_heap_next_actor(&a), AKGL_ERR_HEAP, "the game is not started");
    CHECK(a == NULL);
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_ACTOR, &n));
    CHECK_INT_EQ(n, 0);
    /* Before the first start no module's pool is attached to the heap yet
     * (the game attaches them): every layer still answers as a stopped pool
     * of its own name. */
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        n = -1;
        CHECK_OK(akgl_heap_capacity((akgl_HeapLayer)layer, &n));
        CHECK_INT_EQ(n, 0);
        n = -1;
        CHECK_OK(akgl_heap_in_use((akgl_HeapLayer)layer, &n));
        CHECK_INT_EQ(n, 0);
    }
    akgl_Sprite *sprite = NULL;
    akgl_SpriteSheet *sheet = NULL;
    akgl_Character *character = NULL;
    akgl_String *string = NULL;
    CHECK_STATUS_MSG(akgl_heap_next_sprite(&sprite), AKGL_ERR_HEAP,
                     "unused sprite on the heap: the game is not started");
    CHECK_STATUS_MSG(akgl_heap_next_spritesheet(&sheet), AKGL_ERR_HEAP,
                     "unused spritesheet on the heap: the game is not started");
    CHECK_STATUS_MSG(akgl_heap_next_character(&character), AKGL_ERR_HEAP,
                     "unused character on the heap: the game is not started");
    CHECK_STATUS_MSG(akgl_heap_next_string(&string), AKGL_ERR_HEAP,
                     "unused string on the heap: the game is not started");
    CHECK(sprite == NULL && sheet == NULL && character == NULL && string == NULL);
}

/*
 * akgl_registry_iterate_actor walks the pool to its capacity, not to the
 * default 64: every live actor once, in pool order; not one a callback
 * spawns, even into a slot another callback freed; not one released before
 * its turn.
 */
#define WALKED 300

static struct
{
    int calls;
    int last_slot;
    bool ordered;
    akgl_Actor *victim;    /* released by the first call */
    akgl_Actor *newcomer;  /* spawned by the first call, into the victim's slot */
    int newcomer_visits;
} walk;

static akerr_ErrorContext *visit_one(akgl_Actor *actor, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    int slot = (int)(actor - akgl_heap_actors);
    walk.ordered = walk.ordered && slot > walk.last_slot;
    walk.last_slot = slot;
    walk.newcomer_visits += actor == walk.newcomer;
    if (walk.calls++ == 0 && walk.victim != NULL) {
        PASS(errctx, akgl_heap_release_actor(walk.victim));
        PASS(errctx, akgl_heap_next_actor(&walk.newcomer));
        PASS(errctx, akgl_actor_initialize(walk.newcomer, "walk newcomer"));
    }
    SUCCEED_RETURN(errctx);
}

static void test_iterate_walks_the_whole_capacity(void)
{
    static akgl_Actor *cast[WALKED];
    akgl_GameConfig cfg = {0};
    char name[32];
    cfg.capacity[AKGL_HEAP_ACTOR] = 1000;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    for (int i = 0; i < WALKED; i++) {
        snprintf(name, sizeof(name), "walked %d", i);
        CHECK_OK(akgl_heap_next_actor(&cast[i]));
        CHECK_OK(akgl_actor_initialize(cast[i], name));
    }
    memset(&walk, 0, sizeof(walk));
    walk.last_slot = -1;
    walk.ordered = true;
    CHECK_OK(akgl_registry_iterate_actor(visit_one, NULL));
    CHECK_INT_EQ(walk.calls, WALKED);
    CHECK(walk.ordered);

    /* The first call releases the last actor and spawns one into its slot. */
    memset(&walk, 0, sizeof(walk));
    walk.last_slot = -1;
    walk.ordered = true;
    walk.victim = cast[WALKED - 1];
    CHECK_OK(akgl_registry_iterate_actor(visit_one, NULL));
    CHECK(walk.newcomer == cast[WALKED - 1]); /* the freed slot, reused at once */
    CHECK_INT_EQ(walk.newcomer_visits, 0);
    CHECK_INT_EQ(walk.calls, WALKED - 1);
    cast[WALKED - 1] = walk.newcomer;
    CHECK_OK(akgl_game_quit()); /* releases the cast */
}

int main(void)
{
    TEST_BEGIN();
    akgl_test_add_counters();
    RUN_TEST(test_capacity_errors);
    RUN_TEST(test_defaults_are_floors);
    RUN_TEST(test_unallocatable_capacity_is_refused);
    RUN_TEST(test_quit_and_restart_with_another_size);
    RUN_TEST(test_pools_start_on_a_cache_line);
    RUN_TEST(test_hundred_thousand_actors);
    RUN_TEST(test_iterate_walks_the_whole_capacity);
    return TEST_END();
}
