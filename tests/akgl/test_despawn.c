/*
 * Taking actors out of the world (akgl_actor_despawn) and references that
 * know when their actor is gone (akgl_ActorRef).
 *
 * The level is tests/assets/tilemaps/draw/level.tmj (test_tilemap_level.c
 * describes it): its object layer spawns "hero1" (visible, at 8, 16) and
 * an anonymous actor (object 2 has no name; invisible, at 40, 32), both of
 * character "hero", whose sprite is the fixture sheet's red 48 x 48 cell;
 * the map holds them.
 */
#include "physics_test.h"
#include "level_fixture.h"
#include "scene.h"

#include <akgl/controller.h>
#include <akgl/tilemap.h>

#define LEVEL AKGL_TEST_ASSETS_DIR "/tilemaps/draw/level.tmj"


static int live_actors(void)
{
    return akgl_test_layer_count_(AKGL_HEAP_ACTOR);
}

static akgl_Actor *named(const char *name)
{
    return SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, name, NULL);
}


/* The map loaded, its actors spawned, made current; the physics bound. */
static akgl_Tilemap *level_load(void)
{
    akgl_Tilemap *map = NULL;
    int count = 0;
    CHECK_OK(akgl_tilemap_load(LEVEL, &map));
    if (map == NULL) {
        return NULL;
    }
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 2);
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK_OK(akgl_heap_release_tilemap(map)); /* the game's reference keeps it */
    physics_begin();
    CHECK_OK(akgl_game_set_tilemap(map)); /* the physics was bound after: again */
    return map;
}

/* ---- the defect: a map's actor released in an overlap callback ----------- */

static int collected;
static bool collect_by_release;

/* The player's overlap callback: takes hero1, the map's "coin". */
static akerr_ErrorContext *collect(akgl_Actor *self, akgl_Actor *other)
{
    PREPARE_ERROR(errctx);
    (void)self;
    if (strcmp(other->name, "hero1") == 0) {
        collected++;
        if (collect_by_release) {
            PASS(errctx, akgl_heap_release_actor(other)); /* the map's only reference */
        } else {
            PASS(errctx, akgl_actor_despawn(other));
        }
    }
    SUCCEED_RETURN(errctx);
}

/*
 * A coin the map spawned, collected in an overlap callback, then a level
 * change and the level again: the unload used to fail with "actor ''
 * (slot 0) is already released", the map still counting the coin as its
 * own. Both ways of collecting are checked: despawn, and a release of the
 * map's only reference.
 */
static void test_collect_in_overlap_then_level_change(void)
{
    for (int by_release = 0; by_release <= 1; by_release++) {
        int actors = live_actors();
        if (!level_begin()) {
            level_end();
            return;
        }
        akgl_Tilemap *map = level_load();
        if (map == NULL) {
            level_end();
            physics_end();
            return;
        }
        akgl_ActorRef coin = AKGL_ACTOR_REF_NONE;
        CHECK_OK(akgl_actor_ref(named("hero1"), &coin));
        akgl_Actor *player = spawn("player", 10.0f, 20.0f, 8.0f, 8.0f);
        collected = 0;
        collect_by_release = by_release != 0;
        player->overlapfunc = collect;
        advance_ms(10);
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(collected, 1);
        CHECK(named("hero1") == NULL);
        akgl_Actor *gone = NULL;
        CHECK_STATUS_MSG(akgl_actor_from_ref(coin, &gone), AKERR_KEY, "\"hero1\"");
        CHECK(gone == NULL);
        CHECK_INT_EQ(live_actors(), actors + 2); /* the player and the unnamed one */
        /* Nothing more is reported of it, and the frame goes on. */
        advance_ms(10);
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(collected, 1);

        /* The level change: the actors go, the map's included. */
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
        CHECK_INT_EQ(live_actors(), actors);
        CHECK_INT_EQ(akgl_test_registry_count_(AKGL_REGISTRY_ACTOR), 0);
        /* ... and the level again, from the same map. */
        int count = 0;
        CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
        CHECK_INT_EQ(count, 2);
        CHECK(named("hero1") != NULL);
        CHECK_INT_EQ(live_actors(), actors + 2);
        CHECK_OK(akgl_game_update(NULL));
        /* The map's old reference does not resolve to its new actor. */
        CHECK_STATUS(akgl_actor_from_ref(coin, &gone), AKERR_KEY);
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS | AKGL_UNLOAD_TILEMAPS));
        CHECK(game.tilemap == NULL);
        CHECK_INT_EQ(live_actors(), actors);
        physics_end();
        level_end();
    }
}

/*
 * akgl_heap_release_actor on a map's actor that something else holds too
 * (a parent, a camera): the game gives back the map's reference, so the
 * actor ends one release before the map expects. Whenever it ends, the map
 * forgets it (its reference no longer resolves) and the parent forgets it
 * (a teardown unlinks the actor from a parent that still lists it): the
 * level change afterwards works.
 */
static void test_release_of_a_map_actor_held_elsewhere(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int actors = live_actors();
    akgl_Tilemap *map = level_load();
    akgl_Actor *holder = NULL;
    CHECK_OK(akgl_actor_spawn("holder", "hero", 0.0f, 0.0f, &holder));
    akgl_Actor *coin = named("hero1");
    akgl_Actor *other = NULL; /* object 2: no name, an anonymous actor */
    akgl_ActorRef other_ref = map != NULL ? map->spawned[1] : AKGL_ACTOR_REF_NONE;
    CHECK_OK(akgl_actor_from_ref(other_ref, &other));
    if (map == NULL || holder == NULL || coin == NULL || other == NULL) {
        physics_end();
        level_end();
        return;
    }
    CHECK_OK(akgl_actor_add_child(holder, coin));
    CHECK_OK(akgl_heap_release_actor(coin)); /* the map's reference, in effect */
    CHECK(named("hero1") == coin && coin->refcount == 1);
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 64.0f, 48.0f));
    CHECK_OK(akgl_camera_follow(&cam, other, 0.0f, 0.0f));
    CHECK_OK(akgl_heap_release_actor(other));
    CHECK_OK(akgl_camera_follow(&cam, NULL, 0.0f, 0.0f)); /* its last reference */
    akgl_Actor *was = NULL;
    CHECK_STATUS(akgl_actor_from_ref(other_ref, &was), AKERR_KEY); /* gone with its last reference */
    advance_ms(10);
    CHECK_OK(akgl_game_update(NULL));
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS | AKGL_UNLOAD_TILEMAPS));
    CHECK_INT_EQ(live_actors(), actors);
    physics_end();
    level_end();
}

/* ---- inside the frame's update pass -------------------------------------- */

static akgl_Actor *victims[2];

/* Despawns the actors in `victims` (wherever they are in the pool: updated
 * this frame already or not yet), then itself. */
static akerr_ErrorContext *despawning_update(akgl_Actor *self)
{
    PREPARE_ERROR(errctx);
    for (int i = 0; i < 2; i++) {
        if (victims[i] != NULL) {
            PASS(errctx, akgl_actor_despawn(victims[i]));
            victims[i] = NULL;
        }
    }
    PASS(errctx, akgl_actor_despawn(self));
    SUCCEED_RETURN(errctx);
}

static void test_despawn_in_update_callback(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int actors = live_actors();
    akgl_Actor *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    CHECK_OK(akgl_actor_spawn("d", "hero", 0.0f, 0.0f, &d));
    CHECK_OK(akgl_actor_spawn("a", "hero", 0.0f, 0.0f, &a));
    CHECK_OK(akgl_actor_spawn("b", "hero", 0.0f, 0.0f, &b));
    CHECK_OK(akgl_actor_spawn("c", "hero", 0.0f, 0.0f, &c));
    if (a == NULL || b == NULL || c == NULL || d == NULL) {
        level_end();
        return;
    }
    akgl_ActorRef ra, rb, rc;
    CHECK_OK(akgl_actor_ref(a, &ra));
    CHECK_OK(akgl_actor_ref(b, &rb));
    CHECK_OK(akgl_actor_ref(c, &rc));
    b->updatefunc = despawning_update;
    victims[0] = d;
    victims[1] = c;
    a->x = 1000.0f; /* out of view: only the despawned would draw at (10, 10) */
    CHECK_OK(akgl_game_update(NULL));
    CHECK(victims[0] == NULL && victims[1] == NULL);
    CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
    akgl_Actor *got = NULL;
    CHECK_OK(akgl_actor_from_ref(ra, &got));
    CHECK(got == a);
    CHECK_STATUS_MSG(akgl_actor_from_ref(rb, &got), AKERR_KEY, "actor \"b\"");
    CHECK_STATUS_MSG(akgl_actor_from_ref(rc, &got), AKERR_KEY, "actor \"c\"");
    CHECK_INT_EQ(live_actors(), actors + 1);
    CHECK(named("b") == NULL && named("c") == NULL && named("d") == NULL);
    /* The next frame draws only a (moved into view now). */
    a->x = 0.0f;
    CHECK_OK(akgl_game_update(NULL));
    CHECK_PIXEL(scene_last_frame, 40, 40, CELL_FILL[0]);
    /* A level change afterwards. */
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
    CHECK_INT_EQ(live_actors(), actors);
    level_end();
}

/* ---- whoever holds it ----------------------------------------------------- */

/*
 * A parent with two children, one of which has a child of its own: the
 * camera follows the parent, a controller drives one child. Despawning the
 * parent takes the whole tree out, and every holder lets go. Despawning a
 * child alone leaves its parent with a free place.
 */
static void test_despawn_with_holders_and_children(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    int actors = live_actors();
    akgl_Actor *parent = NULL, *left = NULL, *right = NULL, *grandchild = NULL, *other = NULL;
    CHECK_OK(akgl_actor_spawn("parent", "hero", 0.0f, 0.0f, &parent));
    CHECK_OK(akgl_actor_spawn("left", "hero", 0.0f, 0.0f, &left));
    CHECK_OK(akgl_actor_spawn("right", "hero", 0.0f, 0.0f, &right));
    CHECK_OK(akgl_actor_spawn("grandchild", "hero", 0.0f, 0.0f, &grandchild));
    CHECK_OK(akgl_actor_spawn("other", "hero", 0.0f, 0.0f, &other));
    if (parent == NULL || left == NULL || right == NULL || grandchild == NULL || other == NULL) {
        level_end();
        return;
    }
    CHECK_OK(akgl_actor_add_child(parent, left));
    CHECK_OK(akgl_actor_add_child(parent, right));
    CHECK_OK(akgl_actor_add_child(right, grandchild));
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 64.0f, 48.0f));
    CHECK_OK(akgl_camera_follow(&cam, parent, 0.0f, 0.0f));
    akgl_Controller ctl;
    CHECK_OK(akgl_controller_initialize(&ctl, right));
    CHECK_INT_EQ(parent->refcount, 2); /* the game's, the camera's */
    CHECK_INT_EQ(right->refcount, 3);  /* the game's, the parent's, the controller's */

    /* A child alone: its parent forgets it, and keeps the other. */
    akgl_ActorRef rleft;
    CHECK_OK(akgl_actor_ref(left, &rleft));
    CHECK_OK(akgl_actor_despawn(left));
    CHECK(parent->children[0] == NULL && parent->children[1] == right);
    CHECK_INT_EQ(live_actors(), actors + 4);

    /* The parent: the tree goes, the camera and the controller let go. */
    akgl_ActorRef rparent, rright, rgrand, rother;
    CHECK_OK(akgl_actor_ref(parent, &rparent));
    CHECK_OK(akgl_actor_ref(right, &rright));
    CHECK_OK(akgl_actor_ref(grandchild, &rgrand));
    CHECK_OK(akgl_actor_ref(other, &rother));
    cam.x = 5.0f;
    CHECK_OK(akgl_actor_despawn(parent));
    CHECK(cam.follow == NULL);
    CHECK(ctl.actor == NULL);
    CHECK_INT_EQ(live_actors(), actors + 1);
    akgl_Actor *got = NULL;
    CHECK_STATUS(akgl_actor_from_ref(rparent, &got), AKERR_KEY);
    CHECK_STATUS(akgl_actor_from_ref(rright, &got), AKERR_KEY);
    CHECK_STATUS_MSG(akgl_actor_from_ref(rgrand, &got), AKERR_KEY, "\"grandchild\"");
    CHECK_STATUS(akgl_actor_from_ref(rleft, &got), AKERR_KEY);
    CHECK_OK(akgl_actor_from_ref(rother, &got));
    CHECK(got == other);
    /* The camera stays where it was; it and the controller go on working. */
    CHECK_OK(akgl_camera_update(&cam, 0.0f, 0.0f));
    CHECK(cam.x == 5.0f);
    CHECK_OK(akgl_controller_set_actor(&ctl, other));
    CHECK_OK(akgl_controller_release(&ctl));
    CHECK_OK(akgl_camera_follow(&cam, other, 0.0f, 0.0f));
    CHECK_OK(akgl_actor_despawn(other));
    CHECK(cam.follow == NULL);
    CHECK_INT_EQ(live_actors(), actors);
    CHECK_INT_EQ(akgl_test_registry_count_(AKGL_REGISTRY_ACTOR), 0);
    /* A name despawned is free at once. */
    CHECK_OK(akgl_actor_spawn("parent", "hero", 0.0f, 0.0f, &parent));
    CHECK_OK(akgl_actor_despawn(parent));
    level_end();
}

/* ---- references ----------------------------------------------------------- */

static void test_stale_reference_after_release_and_reuse(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    akgl_Actor *a = NULL, *b = NULL, *got = NULL;
    akgl_ActorRef ref = AKGL_ACTOR_REF_NONE, again = AKGL_ACTOR_REF_NONE;
    CHECK_OK(akgl_actor_spawn("first", "hero", 0.0f, 0.0f, &a));
    if (a == NULL) {
        level_end();
        return;
    }
    CHECK_OK(akgl_actor_ref(a, &ref));
    CHECK(ref.slot != 0);
    CHECK_OK(akgl_actor_ref(a, &again));
    CHECK(again.slot == ref.slot && again.generation == ref.generation);
    CHECK_OK(akgl_actor_from_ref(ref, &got));
    CHECK(got == a);

    /* Released: gone, and the message names it. */
    CHECK_OK(akgl_heap_release_actor(a));
    got = a;
    CHECK_STATUS_MSG(akgl_actor_from_ref(ref, &got), AKERR_KEY,
                     "actor \"first\" (slot");
    CHECK(got == NULL);
    CHECK_STATUS_MSG(akgl_actor_ref(a, &again), AKGL_ERR_HEAP, "\"first\"");
    CHECK(again.slot == 0);

    /* The slot reused: the old reference is still gone, the new actor's resolves. */
    CHECK_OK(akgl_actor_spawn("second", "hero", 0.0f, 0.0f, &b));
    CHECK(b == a); /* the free stack hands the same slot back */
    CHECK_STATUS_MSG(akgl_actor_from_ref(ref, &got), AKERR_KEY, "now holds actor \"second\"");
    CHECK(got == NULL);
    CHECK_OK(akgl_actor_ref(b, &again));
    CHECK(again.slot == ref.slot && again.generation != ref.generation);
    CHECK_OK(akgl_actor_from_ref(again, &got));
    CHECK(got == b);
    CHECK_OK(akgl_actor_despawn(b));
    CHECK_STATUS(akgl_actor_from_ref(again, &got), AKERR_KEY);

    /* No actor, a slot past the pool, a NULL destination, a struct of our own. */
    CHECK_STATUS_MSG(akgl_actor_from_ref(AKGL_ACTOR_REF_NONE, &got), AKERR_KEY,
                     "AKGL_ACTOR_REF_NONE");
    CHECK_STATUS_MSG(akgl_actor_from_ref((akgl_ActorRef){UINT32_MAX, 0u}, &got), AKERR_KEY,
                     "past the actor pool");
    CHECK_STATUS(akgl_actor_from_ref(again, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_ref(NULL, &again), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_ref(b, NULL), AKERR_NULLPOINTER);
    static akgl_Actor mine;
    SDL_zero(mine);
    CHECK_OK(akgl_actor_initialize(&mine, "mine"));
    CHECK_STATUS_MSG(akgl_actor_ref(&mine, &again), AKERR_VALUE, "not a slot of the actor pool");
    /* A struct of the game's own despawns too (and keeps its name). */
    CHECK_OK(akgl_actor_despawn(&mine));
    CHECK(named("mine") == NULL);
    CHECK_INT_EQ(mine.refcount, 0);
    CHECK_STR_EQ(mine.name, "mine");
    level_end();
}

/* ---- bad input ------------------------------------------------------------ */

static void test_despawn_null_twice_and_strays(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    CHECK_STATUS_MSG(akgl_actor_despawn(NULL), AKERR_NULLPOINTER, "NULL actor");
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_actor_spawn("twice", "hero", 0.0f, 0.0f, &a));
    if (a == NULL) {
        level_end();
        return;
    }
    CHECK_OK(akgl_actor_despawn(a));
    char want[64];
    SDL_snprintf(want, sizeof(want), "actor \"twice\" (slot %d) is already gone",
                 (int)(a - akgl_heap_actors));
    CHECK_STATUS_MSG(akgl_actor_despawn(a), AKGL_ERR_HEAP, want);
    /* A release after it names the actor too (its name outlives the release). */
    CHECK_STATUS_MSG(akgl_heap_release_actor(a), AKGL_ERR_HEAP,
                     "actor 'twice' (slot");
    /* A pointer into a live slot, and a struct akgl_actor_initialize did not
     * make: refused, nothing written. */
    akgl_Actor *b = NULL;
    CHECK_OK(akgl_actor_spawn("live", "hero", 0.0f, 0.0f, &b));
    if (b != NULL) {
        CHECK_STATUS_MSG(akgl_actor_despawn((akgl_Actor *)(void *)((char *)b + 8)),
                         AKERR_BEHAVIOR, "8 bytes into slot");
        static akgl_Actor fake;
        SDL_zero(fake);
        fake.refcount = 1;
        SDL_strlcpy(fake.name, "live", sizeof(fake.name));
        CHECK_STATUS_MSG(akgl_actor_despawn(&fake), AKERR_BEHAVIOR,
                         "no actor \"live\" is registered at that address");
        CHECK_INT_EQ(fake.refcount, 1);
        CHECK_INT_EQ(b->refcount, 1);
        CHECK(named("live") == b);
        CHECK_OK(akgl_actor_despawn(b));
    }
    level_end();
}

/* ---- many at once, in a big pool ------------------------------------------ */

#define BIG_POOL 262144
#define DESPAWNS 1000

/*
 * 1000 actors despawned inside one frame's update (each by its own hook), in
 * a pool of 262,144 slots: every one goes, the pool and the registry end
 * empty. What a despawn costs (the actor, its children and the hold table,
 * never the pool) is the code's to show, not a clock's: tests are not timed.
 */
static akerr_ErrorContext *despawn_self(akgl_Actor *self)
{
    return akgl_actor_despawn(self);
}

static void test_despawning_many_in_a_big_pool(void)
{
    akgl_test_stop_game();
    akgl_GameConfig cfg = {0};
    cfg.capacity[AKGL_HEAP_ACTOR] = BIG_POOL;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    if (level_begin()) {
        char name[32];
        for (int i = 0; i < DESPAWNS; i++) {
            akgl_Actor *a = NULL;
            SDL_snprintf(name, sizeof(name), "n%d", i);
            CHECK_OK(akgl_actor_spawn(name, "hero", 0.0f, 0.0f, &a));
            if (a == NULL) {
                break;
            }
            a->updatefunc = despawn_self;
        }
        CHECK_INT_EQ(live_actors(), DESPAWNS);
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(live_actors(), 0);
    }
    level_end();
    CHECK_OK(akgl_game_quit());
    akgl_test_start_game();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_collect_in_overlap_then_level_change);
    RUN_TEST(test_release_of_a_map_actor_held_elsewhere);
    RUN_TEST(test_despawn_in_update_callback);
    RUN_TEST(test_despawn_with_holders_and_children);
    RUN_TEST(test_stale_reference_after_release_and_reuse);
    RUN_TEST(test_despawn_null_twice_and_strays);
    RUN_TEST(test_despawning_many_in_a_big_pool);
    return AKGL_TEST_END();
}
