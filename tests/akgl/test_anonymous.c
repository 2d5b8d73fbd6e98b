/*
 * Actors without names: akgl_actor_spawn(NULL, ...) and
 * akgl_actor_initialize(slot, NULL) make an actor that is not registered,
 * makes no string and looks no name up, and that everything holding actors
 * (the frame's sweeps, despawn, references, cameras, controllers, parents,
 * overlap callbacks, the walk, a map's spawned list) treats as any other.
 *
 * The level is tests/assets/tilemaps/draw/level.tmj (test_tilemap_level.c
 * describes it): its object layer has "hero1" (visible, at 8, 16) and an
 * object with no name (id 2, invisible, at 40, 32), both of character
 * "hero", whose sprite is the fixture sheet's red 48 x 48 cell.
 */
#include "physics_test.h"
#include "level_fixture.h"
#include "scene.h"

#include <akgl/camera.h>
#include <akgl/controller.h>
#include <akgl/tilemap.h>

#include <stdlib.h>

#define LEVEL AKGL_TEST_ASSETS_DIR "/tilemaps/draw/level.tmj"
#define HUNDRED_K 100000


static int live_actors(void)
{
    return akgl_test_layer_count_(AKGL_HEAP_ACTOR);
}

static int registered_actors(void)
{
    return akgl_test_registry_count_(AKGL_REGISTRY_ACTOR);
}

static int strings_in_use(void)
{
    return akgl_test_layer_count_(AKGL_HEAP_STRING);
}

static akgl_Actor *named(const char *name)
{
    return SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, name, NULL);
}

static int slot_of(const akgl_Actor *a)
{
    return (int)(a - akgl_heap_actors);
}

static int visited;

static akerr_ErrorContext *count_visit(akgl_Actor *actor, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    FAIL_ZERO_RETURN(errctx, actor->live, AKERR_BEHAVIOR, "the walk gave a dead actor");
    visited++;
    SUCCEED_RETURN(errctx);
}

/* ---- what an anonymous actor is ------------------------------------------ */

static void test_spawn_without_a_name(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int actors = live_actors(), registered = registered_actors(), strings = strings_in_use();
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_actor_spawn(NULL, "hero", 5.0f, 6.0f, &a));
    CHECK(a != NULL);
    if (a == NULL) {
        level_end();
        return;
    }
    CHECK_INT_EQ(live_actors(), actors + 1);
    CHECK_INT_EQ(registered_actors(), registered); /* nothing registered */
    CHECK_INT_EQ(strings_in_use(), strings);       /* no string made */
    CHECK_STR_EQ(a->name, "");
    CHECK(a->live && a->visible && a->basechar == hero && a->refcount == 1);
    CHECK(a->x == 5.0f && a->y == 6.0f);
    CHECK_INT_EQ(a->state, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN);
    /* Updated and drawn like any actor: the red cell at its place. */
    a->x = 0.0f;
    a->y = 0.0f;
    CHECK_OK(akgl_game_update(NULL));
    CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);

    /* Messages name it by its slot. */
    char want[64];
    SDL_snprintf(want, sizeof(want), "actor (anonymous, slot %d)", slot_of(a));
    akgl_Sprite *shown = NULL;
    a->state = AKGL_ACTOR_STATE_DEAD; /* no sprite for it */
    CHECK_STATUS_MSG(akgl_actor_current_sprite(a, &shown), AKERR_KEY, want);
    CHECK_STATUS_MSG(akgl_actor_set_character(a, "nobody"), AKERR_KEY, want);
    CHECK_STATUS_MSG(akgl_actor_remove_child(a, a), AKERR_RELATIONSHIP, want);
    CHECK_STATUS_MSG(akgl_actor_set_transform(a, -1.0f, 1.0f, 0.0f), AKERR_VALUE, want);
    akgl_ActorRef ref = AKGL_ACTOR_REF_NONE;
    CHECK_OK(akgl_actor_ref(a, &ref));
    CHECK_OK(akgl_actor_despawn(a));
    CHECK_INT_EQ(live_actors(), actors);
    CHECK(!a->live);
    /* Gone: each message still says which actor it was. */
    akgl_Actor *got = NULL;
    CHECK_STATUS_MSG(akgl_actor_from_ref(ref, &got), AKERR_KEY, want);
    CHECK(got == NULL);
    CHECK_STATUS_MSG(akgl_actor_despawn(a), AKGL_ERR_HEAP, want);
    CHECK_STATUS_MSG(akgl_actor_despawn(a), AKGL_ERR_HEAP, "already gone");
    CHECK_STATUS_MSG(akgl_heap_release_actor(a), AKGL_ERR_HEAP, want);
    CHECK_STATUS_MSG(akgl_heap_release_actor(a), AKGL_ERR_HEAP, "already released");
    CHECK_STATUS_MSG(akgl_actor_ref(a, &ref), AKGL_ERR_HEAP, want);
    CHECK_INT_EQ(registered_actors(), registered);
    level_end();
}

/* Every refusal leaves nothing claimed: no slot, no entry, no string. */
static void test_anonymous_refusals(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int actors = live_actors(), registered = registered_actors(), strings = strings_in_use();
    akgl_Actor *a = (akgl_Actor *)&scene; /* anything but NULL: it must be cleared */
    CHECK_STATUS_MSG(akgl_actor_spawn(NULL, "nobody", 0.0f, 0.0f, &a), AKERR_KEY,
                     "no character named \"nobody\"");
    CHECK(a == NULL);
    CHECK_STATUS_MSG(akgl_actor_spawn(NULL, "nobody", 0.0f, 0.0f, &a), AKERR_KEY,
                     "(anonymous, slot");
    CHECK_STATUS_MSG(akgl_actor_spawn(NULL, NULL, 0.0f, 0.0f, &a), AKERR_NULLPOINTER,
                     "NULL character for an anonymous actor");
    CHECK_STATUS_MSG(akgl_actor_spawn("x", NULL, 0.0f, 0.0f, &a), AKERR_NULLPOINTER,
                     "NULL character for actor \"x\"");
    CHECK_STATUS(akgl_actor_spawn(NULL, "hero", 0.0f, 0.0f, NULL), AKERR_NULLPOINTER);
    /* "" is not "no name": refused as before. */
    CHECK_STATUS_MSG(akgl_actor_spawn("", "hero", 0.0f, 0.0f, &a), AKERR_VALUE,
                     "\"\" is empty");
    CHECK(a == NULL);
    CHECK_INT_EQ(live_actors(), actors);
    CHECK_INT_EQ(registered_actors(), registered);
    CHECK_INT_EQ(strings_in_use(), strings);

    /* Only a pool slot can go without a name: a struct of the game's own is
     * known by its registry entry (its release checks it there). */
    static akgl_Actor own;
    memset(&own, 0, sizeof(own));
    CHECK_STATUS_MSG(akgl_actor_initialize(&own, NULL), AKERR_VALUE,
                     "only a pool slot can be anonymous");
    CHECK_INT_EQ(own.refcount, 0);
    CHECK(!own.live);
    CHECK_STATUS(akgl_actor_initialize(NULL, NULL), AKERR_NULLPOINTER);
    /* A slot not acquired is refused as it was. */
    akgl_Actor *free_slot = &akgl_heap_actors[akgl_test_layer_count_(AKGL_HEAP_ACTOR)];
    if (free_slot->refcount == 0) {
        CHECK_STATUS_MSG(akgl_actor_initialize(free_slot, NULL), AKGL_ERR_HEAP,
                         "was not acquired");
        CHECK(!free_slot->live);
    }
    /* An acquired slot is not live (not swept) until it is initialised. */
    akgl_Actor *slot = NULL;
    CHECK_OK(akgl_heap_next_actor(&slot));
    if (slot != NULL) {
        CHECK(slot->refcount == 1 && !slot->live);
        CHECK_OK(akgl_actor_initialize(slot, NULL));
        CHECK(slot->live);
        CHECK_INT_EQ(registered_actors(), registered);
        CHECK_OK(akgl_heap_release_actor(slot));
        CHECK(!slot->live);
    }
    CHECK_INT_EQ(live_actors(), actors);
    CHECK_INT_EQ(registered_actors(), registered);
    CHECK_INT_EQ(strings_in_use(), strings);
    level_end();
}

/* Initialising a live actor again changes whether it has a name: it leaves
 * the registry, or joins it; its name is free or taken accordingly. */
static void test_reinitialise_named_and_anonymous(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int registered = registered_actors();
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_actor_spawn("rex", "hero", 0.0f, 0.0f, &a));
    if (a == NULL) {
        level_end();
        return;
    }
    CHECK(named("rex") == a);
    CHECK_OK(akgl_actor_initialize(a, NULL));
    CHECK(named("rex") == NULL && a->live && a->name[0] == '\0');
    CHECK_INT_EQ(registered_actors(), registered);
    akgl_Actor *b = NULL;
    CHECK_OK(akgl_actor_spawn("rex", "hero", 0.0f, 0.0f, &b)); /* the name is free */
    CHECK_STATUS_MSG(akgl_actor_initialize(a, "rex"), AKERR_REGISTRY, "already registered");
    CHECK(a->live && a->name[0] == '\0'); /* as it was */
    CHECK_OK(akgl_actor_initialize(a, "rex2"));
    CHECK(named("rex2") == a);
    CHECK_OK(akgl_actor_despawn(a));
    CHECK_OK(akgl_actor_despawn(b));
    CHECK_INT_EQ(registered_actors(), registered);
    level_end();
}

/* ---- named and anonymous together ---------------------------------------- */

static int overlaps_seen;

static akerr_ErrorContext *eat(akgl_Actor *self, akgl_Actor *other)
{
    PREPARE_ERROR(errctx);
    (void)self;
    overlaps_seen++;
    PASS(errctx, akgl_actor_despawn(other));
    SUCCEED_RETURN(errctx);
}

static void test_named_and_anonymous_together(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int actors = live_actors(), registered = registered_actors();
    akgl_Actor *anon[4] = {NULL, NULL, NULL, NULL};
    akgl_Actor *alice = NULL, *bob = NULL;
    CHECK_OK(akgl_actor_spawn(NULL, "hero", 0.0f, 0.0f, &anon[0]));
    CHECK_OK(akgl_actor_spawn("alice", "hero", 0.0f, 0.0f, &alice));
    CHECK_OK(akgl_actor_spawn(NULL, "hero", 0.0f, 0.0f, &anon[1]));
    CHECK_OK(akgl_actor_spawn("bob", "hero", 0.0f, 0.0f, &bob));
    CHECK_OK(akgl_actor_spawn(NULL, "hero", 0.0f, 0.0f, &anon[2]));
    CHECK_OK(akgl_actor_spawn(NULL, "hero", 0.0f, 0.0f, &anon[3]));
    for (int i = 0; i < 4; i++) {
        if (anon[i] == NULL) {
            level_end();
            return;
        }
    }
    if (alice == NULL || bob == NULL) {
        level_end();
        return;
    }
    CHECK_INT_EQ(live_actors(), actors + 6);
    CHECK_INT_EQ(registered_actors(), registered + 2);
    CHECK(named("alice") == alice && named("bob") == bob);
    /* Named ones keep their rules: unique. */
    akgl_Actor *dup = NULL;
    CHECK_STATUS_MSG(akgl_actor_spawn("alice", "hero", 0.0f, 0.0f, &dup), AKERR_REGISTRY,
                     "already registered");
    CHECK_INT_EQ(live_actors(), actors + 6);

    /* The walk means every actor: the anonymous ones too. */
    visited = 0;
    CHECK_OK(akgl_registry_iterate_actor(count_visit, NULL));
    CHECK_INT_EQ(visited, actors + 6);

    /* Parents and children: an anonymous parent carries a named child and an
     * anonymous one; despawning it takes both. */
    CHECK_OK(akgl_actor_add_child(anon[0], bob));
    CHECK_OK(akgl_actor_add_child(anon[0], anon[1]));
    char want[96];
    SDL_snprintf(want, sizeof(want), "actor (anonymous, slot %d) is already a child of actor "
                 "(anonymous, slot %d)", slot_of(anon[1]), slot_of(anon[0]));
    CHECK_STATUS_MSG(akgl_actor_add_child(alice, anon[1]), AKERR_RELATIONSHIP, want);

    /* A camera follows an anonymous actor, a controller drives one. */
    akgl_Camera cam;
    akgl_Controller ctl;
    CHECK_OK(akgl_camera_init(&cam, 64.0f, 48.0f));
    CHECK_OK(akgl_camera_follow(&cam, anon[0], 0.0f, 0.0f));
    CHECK_OK(akgl_controller_initialize(&ctl, anon[1]));
    CHECK_INT_EQ(anon[0]->refcount, 2);
    CHECK_INT_EQ(anon[1]->refcount, 3); /* the game's, the parent's, the controller's */
    akgl_ActorRef r0, r1, rbob;
    CHECK_OK(akgl_actor_ref(anon[0], &r0));
    CHECK_OK(akgl_actor_ref(anon[1], &r1));
    CHECK_OK(akgl_actor_ref(bob, &rbob));
    CHECK_OK(akgl_actor_despawn(anon[0]));
    akgl_Actor *got = NULL;
    CHECK_STATUS(akgl_actor_from_ref(r0, &got), AKERR_KEY);
    CHECK_STATUS(akgl_actor_from_ref(r1, &got), AKERR_KEY);
    CHECK_STATUS(akgl_actor_from_ref(rbob, &got), AKERR_KEY);
    CHECK(cam.follow == NULL && ctl.actor == NULL);
    CHECK(named("bob") == NULL && named("alice") == alice);
    CHECK_INT_EQ(live_actors(), actors + 3);
    CHECK_INT_EQ(registered_actors(), registered + 1);
    CHECK_OK(akgl_camera_update(&cam, 0.0f, 0.0f));
    CHECK_OK(akgl_controller_release(&ctl));

    /* Overlap callbacks: an anonymous actor eats another in the physics step. */
    physics_begin();
    anon[2]->hitbox = (SDL_FRect){0.0f, 0.0f, 8.0f, 8.0f};
    anon[3]->hitbox = (SDL_FRect){0.0f, 0.0f, 8.0f, 8.0f};
    anon[2]->overlapfunc = eat;
    alice->x = 500.0f;
    overlaps_seen = 0;
    akgl_ActorRef r3;
    CHECK_OK(akgl_actor_ref(anon[3], &r3));
    step1();
    CHECK_INT_EQ(overlaps_seen, 1);
    CHECK_STATUS(akgl_actor_from_ref(r3, &got), AKERR_KEY);
    CHECK_INT_EQ(live_actors(), actors + 2);
    physics_end();

    /* The slot an anonymous actor left takes a named one, and back. */
    akgl_Actor *carol = NULL;
    CHECK_OK(akgl_actor_spawn("carol", "hero", 0.0f, 0.0f, &carol));
    CHECK(named("carol") == carol);
    CHECK_OK(akgl_actor_despawn(carol));
    CHECK_OK(akgl_actor_despawn(anon[2]));
    CHECK_OK(akgl_actor_despawn(alice));
    CHECK_INT_EQ(live_actors(), actors);
    CHECK_INT_EQ(registered_actors(), registered);
    level_end();
}

/* ---- a map's objects with no name ----------------------------------------- */

static void test_map_objects_without_a_name(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int actors = live_actors(), registered = registered_actors(), strings = strings_in_use();
    akgl_Tilemap *map = NULL;
    int count = 0;
    CHECK_OK(akgl_tilemap_load(LEVEL, &map));
    if (map == NULL) {
        level_end();
        return;
    }
    int map_strings = strings_in_use();
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 2);
    CHECK_INT_EQ(live_actors(), actors + 2);
    CHECK_INT_EQ(registered_actors(), registered + 1); /* hero1 only */
    CHECK_INT_EQ(strings_in_use(), map_strings);
    CHECK(named("level.tmj#2") == NULL);
    akgl_Actor *hero1 = NULL, *unnamed = NULL;
    CHECK_INT_EQ(map->nspawned, 2);
    CHECK_OK(akgl_actor_from_ref(map->spawned[0], &hero1));
    CHECK_OK(akgl_actor_from_ref(map->spawned[1], &unnamed));
    if (hero1 == NULL || unnamed == NULL) {
        CHECK_OK(akgl_heap_release_tilemap(map));
        level_end();
        return;
    }
    CHECK(named("hero1") == hero1);
    CHECK_STR_EQ(unnamed->name, "");
    CHECK(unnamed->live && !unnamed->visible && unnamed->basechar == hero);
    CHECK(unnamed->x == 40.0f && unnamed->y == 32.0f);
    /* Despawned, then the map given back and the level loaded again. */
    CHECK_OK(akgl_actor_despawn(unnamed));
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS | AKGL_UNLOAD_TILEMAPS));
    CHECK_INT_EQ(live_actors(), actors);
    CHECK_OK(akgl_tilemap_load(LEVEL, &map));
    if (map != NULL) {
        CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
        CHECK_INT_EQ(count, 2);
        CHECK_OK(akgl_heap_release_tilemap(map)); /* its actors with it */
    }
    CHECK_INT_EQ(live_actors(), actors);
    CHECK_INT_EQ(registered_actors(), registered);
    CHECK_INT_EQ(strings_in_use(), strings);
    level_end();
}

/* ---- 100,000 of them ------------------------------------------------------ */

/*
 * 100,000 anonymous actors in a pool sized for them at start: spawned with
 * no string made and no registry entry, updated and drawn one frame (a few
 * in view, the rest culled), walked, then despawned; one more spawn than the
 * pool holds is refused with nothing claimed. The counters of every case
 * (pools, registries, error contexts) are checked by RUN_TEST after it.
 */
static void test_hundred_thousand_anonymous(void)
{
    akgl_test_stop_game();
    akgl_GameConfig cfg = {0};
    cfg.capacity[AKGL_HEAP_ACTOR] = HUNDRED_K;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    akgl_Actor **all = calloc(HUNDRED_K, sizeof(*all));
    CHECK(all != NULL);
    if (all != NULL && level_begin()) {
        int registered = registered_actors(), strings = strings_in_use();
        int spawned = 0;
        for (int i = 0; i < HUNDRED_K; i++) {
            /* Actor 0 in view at (0, 0), the rest far to the right. */
            float x = i == 0 ? 0.0f : 1000.0f + (float)(i % 1000) * 2.0f;
            akerr_ErrorContext *e = akgl_actor_spawn(NULL, "hero", x, (float)(i / 1000), &all[i]);
            if (e != NULL) {
                CHECK_OK(e);
                break;
            }
            spawned++;
        }
        CHECK_INT_EQ(spawned, HUNDRED_K);
        CHECK_INT_EQ(live_actors(), HUNDRED_K);
        CHECK_INT_EQ(registered_actors(), registered);
        CHECK_INT_EQ(strings_in_use(), strings);
        /* The pool is full: refused, nothing claimed. */
        akgl_Actor *extra = (akgl_Actor *)&scene;
        CHECK_STATUS_MSG(akgl_actor_spawn(NULL, "hero", 0.0f, 0.0f, &extra), AKGL_ERR_HEAP,
                         "all 100000 in use");
        CHECK(extra == NULL);
        CHECK_INT_EQ(live_actors(), HUNDRED_K);

        /* One frame: every actor updated and gathered for the draw. */
        scene.r.stats.submitted = 0;
        scene.r.stats.culled = 0;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
        CHECK_PIXEL(scene_last_frame, 60, 10, CLEAR);
        CHECK_MSG(scene.r.stats.submitted + scene.r.stats.culled == HUNDRED_K,
                  "submitted %llu + culled %llu", (unsigned long long)scene.r.stats.submitted,
                  (unsigned long long)scene.r.stats.culled);
        CHECK(all[0]->updated && all[HUNDRED_K - 1]->updated);

        visited = 0;
        CHECK_OK(akgl_registry_iterate_actor(count_visit, NULL));
        CHECK_INT_EQ(visited, HUNDRED_K);

        for (int i = 0; i < spawned; i++) {
            akerr_ErrorContext *e = akgl_actor_despawn(all[i]);
            if (e != NULL) {
                CHECK_OK(e);
                break;
            }
        }
        CHECK_INT_EQ(live_actors(), 0);
        CHECK_INT_EQ(registered_actors(), registered);
        CHECK_INT_EQ(strings_in_use(), strings);
        /* The next frame draws nothing. */
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
    }
    level_end();
    free(all);
    CHECK_OK(akgl_game_quit());
    akgl_test_start_game();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_spawn_without_a_name);
    RUN_TEST(test_anonymous_refusals);
    RUN_TEST(test_reinitialise_named_and_anonymous);
    RUN_TEST(test_named_and_anonymous_together);
    RUN_TEST(test_map_objects_without_a_name);
    RUN_TEST(test_hundred_thousand_anonymous);
    return AKGL_TEST_END();
}
