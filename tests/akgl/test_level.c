/*
 * Levels (issue 6/12): akgl_game_unload releases by reference, holders let
 * go first, the quit report, akgl_actor_spawn, akgl_game_frame, fallback
 * sprite mappings, the seed's character walk with an error inside it, and
 * akgl_registry_require.
 */
#include <akgl/controller.h>

#include "scene.h"

#define LOOP_DIR AKGL_TEST_ASSETS_DIR "/loop/"

static const int ALIVE = AKGL_ACTOR_STATE_ALIVE;
static const int DOWN = AKGL_ACTOR_STATE_FACE_DOWN;
static const int LEFT = AKGL_ACTOR_STATE_FACE_LEFT;
static const int MLEFT = AKGL_ACTOR_STATE_MOVING_LEFT;
static const int JUMP = 1 << 13; /* a game's own bit */

static int live(akgl_HeapLayer layer)
{
    return akgl_test_layer_count_(layer);
}

static int registered(SDL_PropertiesID registry)
{
    return akgl_test_registry_count_(registry);
}

/* ---- SDL_Log capture ----------------------------------------------------- */

static char logged[4096];
static int log_lines;
static SDL_LogOutputFunction saved_log;
static void *saved_log_data;

static void SDLCALL capture_log(void *userdata, int category, SDL_LogPriority priority,
                                const char *message)
{
    (void)userdata;
    (void)category;
    (void)priority;
    log_lines++;
    SDL_strlcat(logged, message, sizeof(logged));
    SDL_strlcat(logged, "\n", sizeof(logged));
}

static void log_capture_start(void)
{
    logged[0] = '\0';
    log_lines = 0;
    SDL_GetLogOutputFunction(&saved_log, &saved_log_data);
    SDL_SetLogOutputFunction(capture_log, NULL);
}

static void log_capture_stop(void)
{
    SDL_SetLogOutputFunction(saved_log, saved_log_data);
}

/* ---- a renderer without a sheet of its own (unload would take it) ------- */

typedef struct Screen
{
    SDL_Surface *target;
    SDL_Renderer *sdl;
    akgl_Renderer r;
} Screen;

static bool screen_open(Screen *s)
{
    SDL_zerop(s);
    s->target = SDL_CreateSurface(320, 240, SDL_PIXELFORMAT_RGBA32);
    s->sdl = s->target ? SDL_CreateSoftwareRenderer(s->target) : NULL;
    if (s->sdl == NULL) {
        test_failf_(__FILE__, __LINE__, "no software renderer: %s", SDL_GetError());
        return false;
    }
    CHECK_OK(akgl_render_2d_bind(&s->r, s->sdl));
    return true;
}

static void screen_close(Screen *s)
{
    if (s->r.shutdown != NULL) {
        CHECK_OK(s->r.shutdown(&s->r));
    }
    SDL_DestroyRenderer(s->sdl);
    SDL_DestroySurface(s->target);
    SDL_zerop(s);
}

/* The loop fixtures: four sprites from one sheet, one character. */
static void load_loop_level(void)
{
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_walk.json"));
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_idle.json"));
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_bounce.json"));
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_once.json"));
    CHECK_OK(akgl_character_load_json(LOOP_DIR "loop_hero.json"));
}

static void *lookup(SDL_PropertiesID registry, const char *what, const char *key)
{
    void *found = NULL;
    CHECK_OK(akgl_registry_get(registry, what, key, &found));
    return found;
}

static void check_everything_at_baseline(void)
{
    for (int layer = 0; layer < AKGL_HEAP_STRING; layer++) {
        CHECK_MSG(live(layer) == 0, "heap layer %d has %d live slots", layer, live(layer));
    }
    CHECK_INT_EQ(registered(AKGL_REGISTRY_ACTOR), 0);
    CHECK_INT_EQ(registered(AKGL_REGISTRY_CHARACTER), 0);
    CHECK_INT_EQ(registered(AKGL_REGISTRY_SPRITE), 0);
    CHECK_INT_EQ(registered(AKGL_REGISTRY_SPRITESHEET), 0);
}

/* ---- the two defects of the old level change ------------------------------ */

/* The recommended reset zeroed the actor pool: the character stayed at 1,
 * the sprite at 2, and the sheet and its texture were never freed. */
static void test_unload_actors_gives_back_what_they_hold(void)
{
    Screen s;
    if (!screen_open(&s)) {
        return;
    }
    load_loop_level();
    akgl_Actor *hero = NULL;
    CHECK_OK(akgl_actor_spawn("hero", "loop hero", 10, 20, &hero));
    hero->state = ALIVE | LEFT;
    CHECK_OK(akgl_game_update(NULL)); /* it shows "loop idle" now */
    akgl_Character *c = lookup(AKGL_REGISTRY_CHARACTER, "character", "loop hero");
    akgl_Sprite *idle = lookup(AKGL_REGISTRY_SPRITE, "sprite", "loop idle");
    CHECK(hero->cursprite == idle);
    CHECK_INT_EQ(c->refcount, 2);    /* the game's and the actor's */
    CHECK_INT_EQ(idle->refcount, 4); /* the game's, two bindings, the actor's */

    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
    CHECK_INT_EQ(live(AKGL_HEAP_ACTOR), 0);
    CHECK_INT_EQ(registered(AKGL_REGISTRY_ACTOR), 0);
    CHECK_INT_EQ(c->refcount, 1);
    CHECK_INT_EQ(idle->refcount, 3);

    /* What the level loaded goes with the game's own references. */
    CHECK_OK(akgl_heap_release_character(c));
    for (const char *const *n = (const char *const[]){"loop walk", "loop idle", "loop bounce",
                                                      "loop once", NULL};
         *n != NULL; n++) {
        CHECK_OK(akgl_heap_release_sprite(lookup(AKGL_REGISTRY_SPRITE, "sprite", *n)));
    }
    check_everything_at_baseline();
    screen_close(&s);
}

/* A camera followed an actor; after the reset a new actor took its slot, and
 * stopping the camera tore the new, live actor down. */
static void test_unload_makes_the_camera_let_go(void)
{
    Screen s;
    if (!screen_open(&s)) {
        return;
    }
    load_loop_level();
    akgl_Actor *old = NULL;
    CHECK_OK(akgl_actor_spawn("old", "loop hero", 0, 0, &old));
    CHECK_OK(akgl_camera_follow(s.r.camera, old, 0, 0));
    CHECK_INT_EQ(old->refcount, 2);

    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
    CHECK(s.r.camera->follow == NULL);
    CHECK_INT_EQ(live(AKGL_HEAP_ACTOR), 0);

    akgl_Actor *fresh = NULL;
    CHECK_OK(akgl_actor_spawn("fresh", "loop hero", 0, 0, &fresh));
    CHECK(fresh == old); /* the same slot, reused */
    CHECK_OK(akgl_camera_follow(s.r.camera, NULL, 0, 0));
    CHECK_INT_EQ(fresh->refcount, 1);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "actor", "fresh") == fresh);
    CHECK_OK(akgl_heap_release_actor(fresh));

    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ALL));
    check_everything_at_baseline();
    screen_close(&s);
}

static void test_unload_makes_controllers_let_go(void)
{
    Screen s;
    akgl_Controller pad;
    if (!screen_open(&s)) {
        return;
    }
    load_loop_level();
    akgl_Actor *old = NULL;
    CHECK_OK(akgl_actor_spawn("old", "loop hero", 0, 0, &old));
    CHECK_OK(akgl_controller_initialize(&pad, old));
    CHECK_INT_EQ(old->refcount, 2);

    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
    CHECK(pad.actor == NULL);
    akgl_Actor *fresh = NULL;
    CHECK_OK(akgl_actor_spawn("fresh", "loop hero", 0, 0, &fresh));
    CHECK(fresh == old);
    CHECK_OK(akgl_controller_release(&pad)); /* holds nothing: fresh is untouched */
    CHECK_INT_EQ(fresh->refcount, 1);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "actor", "fresh") == fresh);

    /* A controller that holds the new actor lets go at the next unload too. */
    CHECK_OK(akgl_controller_initialize(&pad, fresh));
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ALL));
    CHECK(pad.actor == NULL);
    CHECK_OK(akgl_controller_release(&pad));
    check_everything_at_baseline();
    screen_close(&s);
}

/* ---- what goes with what -------------------------------------------------- */

static void test_unload_kinds_and_their_holders(void)
{
    Screen s;
    if (!screen_open(&s)) {
        return;
    }
    load_loop_level();
    akgl_Actor *a = NULL, *child = NULL;
    CHECK_OK(akgl_actor_spawn("parent", "loop hero", 0, 0, &a));
    CHECK_OK(akgl_actor_spawn("child", "loop hero", 0, 0, &child));
    CHECK_OK(akgl_actor_add_child(a, child));

    /* Characters take the actors (instances of them) with them, not the sprites. */
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_CHARACTERS));
    CHECK_INT_EQ(live(AKGL_HEAP_ACTOR), 0);
    CHECK_INT_EQ(live(AKGL_HEAP_CHARACTER), 0);
    CHECK_INT_EQ(live(AKGL_HEAP_SPRITE), 4);
    CHECK_INT_EQ(live(AKGL_HEAP_SPRITESHEET), 1);
    akgl_Sprite *walk = lookup(AKGL_REGISTRY_SPRITE, "sprite", "loop walk");
    CHECK_INT_EQ(walk->refcount, 1); /* only the game's again */

    /* Sprites take sheets, characters and actors. */
    CHECK_OK(akgl_character_load_json(LOOP_DIR "loop_hero.json"));
    CHECK_OK(akgl_actor_spawn("again", "loop hero", 0, 0, &a));
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_SPRITES));
    check_everything_at_baseline();

    /* 0 does nothing; an unknown flag is refused before anything goes. */
    CHECK_OK(akgl_game_unload(0));
    load_loop_level();
    CHECK_STATUS_MSG(akgl_game_unload(1u << 30), AKERR_VALUE, "unknown flags 0x40000000");
    CHECK_INT_EQ(live(AKGL_HEAP_SPRITE), 4);
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ALL));
    check_everything_at_baseline();
    screen_close(&s);
}

/* 64 level changes of a scene of 50 actors, 3 characters and 10 sprites,
 * with children, a camera and a controller holding actors. */
static void test_many_level_changes_leave_every_count_at_baseline(void)
{
    Screen s;
    akgl_Controller pad;
    SDL_zero(pad);
    if (!screen_open(&s)) {
        return;
    }
    for (int level = 0; level < 64 && test_state_.case_failures == 0; level++) {
        akgl_SpriteSheet *sheet = NULL;
        akgl_Sprite *sprites[10];
        akgl_Character *chars[3];
        char name[64];
        CHECK_OK(akgl_heap_next_spritesheet(&sheet));
        CHECK_OK(akgl_spritesheet_initialize(sheet, CELL, CELL, SHEET_PATH));
        for (int i = 0; i < 10; i++) {
            SDL_snprintf(name, sizeof(name), "sprite %d", i);
            CHECK_OK(akgl_heap_next_sprite(&sprites[i]));
            CHECK_OK(akgl_sprite_initialize(sprites[i], name, sheet));
            sprites[i]->width = sprites[i]->height = CELL;
            sprites[i]->frames = 1;
            sprites[i]->frameids[0] = (uint8_t)(i % CELLS);
        }
        /* The sprites hold the sheet now; the game's own reference goes. */
        CHECK_OK(akgl_heap_release_spritesheet(sheet));
        for (int i = 0; i < 3; i++) {
            SDL_snprintf(name, sizeof(name), "character %d", i);
            CHECK_OK(akgl_heap_next_character(&chars[i]));
            CHECK_OK(akgl_character_initialize(chars[i], name));
            CHECK_OK(akgl_character_sprite_add(chars[i], sprites[i], ALIVE | DOWN));
            CHECK_OK(akgl_character_sprite_add(chars[i], sprites[3 + i], ALIVE | LEFT));
            CHECK_OK(akgl_character_sprite_add(chars[i], sprites[6 + i], ALIVE | LEFT | MLEFT));
        }
        akgl_Actor *actors[50];
        for (int i = 0; i < 50; i++) {
            SDL_snprintf(name, sizeof(name), "actor %d", i);
            SDL_snprintf(name + 32, 32, "character %d", i % 3);
            CHECK_OK(akgl_actor_spawn(name, name + 32, (float)(i * 5), 10, &actors[i]));
            if (i % 7 == 1) {
                CHECK_OK(akgl_actor_add_child(actors[i - 1], actors[i]));
            }
        }
        CHECK_OK(akgl_camera_follow(s.r.camera, actors[level % 50], 0, 0));
        CHECK_OK(akgl_controller_initialize(&pad, actors[(level + 1) % 50]));
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_game_update(NULL));

        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ALL));
        check_everything_at_baseline();
        CHECK(s.r.camera->follow == NULL);
        CHECK(pad.actor == NULL);
    }
    CHECK_OK(akgl_controller_release(&pad));
    screen_close(&s);
}

/* ---- quit reports what it had to release ---------------------------------- */

static void restart_game(void)
{
    CHECK_OK(akgl_game_init());
    /* (the leak counters read the registries by their current ids) */
}

static void test_quit_releases_and_reports_leftovers(void)
{
    Screen s;
    if (!screen_open(&s)) {
        return;
    }
    load_loop_level();
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_actor_spawn("left over", "loop hero", 0, 0, &a));
    CHECK_OK(akgl_camera_follow(s.r.camera, a, 0, 0));
    screen_close(&s); /* the game forgot its level */

    log_capture_start();
    CHECK_OK(akgl_game_quit());
    log_capture_stop();
    CHECK_INT_EQ(log_lines, 1);
    CHECK_MSG(SDL_strstr(logged, "akgl_game_quit: released what the game still held: 1 actor, "
                                 "4 sprites, 1 spritesheet, 1 character") != NULL,
              "logged: %s", logged);
    CHECK_STATUS_MSG(akgl_game_unload(AKGL_UNLOAD_ALL), AKERR_BEHAVIOR, "not started");
    restart_game();
    check_everything_at_baseline();

    /* A game that cleans up after itself hears nothing. */
    log_capture_start();
    CHECK_OK(akgl_game_quit());
    log_capture_stop();
    CHECK_INT_EQ(log_lines, 0);
    restart_game();
}

/* ---- spawning --------------------------------------------------------------- */

static void test_spawn_places_a_live_actor(void)
{
    akgl_Character *c = make_character("spawn char", 100);
    c->sx = 7.0f;
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_actor_spawn("spawned", "spawn char", 12.5f, -3.0f, &a));
    CHECK(a != NULL);
    CHECK_INT_EQ(a->refcount, 1);
    CHECK(a->basechar == c);
    CHECK_INT_EQ(c->refcount, 2);
    CHECK(a->x == 12.5f && a->y == -3.0f);
    CHECK_INT_EQ(a->state, ALIVE | DOWN);
    CHECK(a->visible);
    CHECK(a->sx == 7.0f);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "actor", "spawned") == a);
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
}

static void test_spawn_failures_leave_nothing_claimed(void)
{
    akgl_Character *c = make_character("spawn char", 100);
    akgl_Actor *a = (akgl_Actor *)&a; /* must come back NULL */
    char long_name[AKGL_ACTOR_MAX_NAME_LENGTH + 8];
    memset(long_name, 'n', sizeof(long_name) - 1);
    long_name[sizeof(long_name) - 1] = '\0';

    CHECK_STATUS(akgl_actor_spawn("x", "spawn char", 0, 0, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_spawn("", "spawn char", 0, 0, &a), AKERR_VALUE); /* NULL: anonymous */
    CHECK(a == NULL);
    a = (akgl_Actor *)&a;
    CHECK_STATUS(akgl_actor_spawn("x", NULL, 0, 0, &a), AKERR_NULLPOINTER);
    CHECK(a == NULL);
    CHECK_STATUS_MSG(akgl_actor_spawn("x", "nobody", 0, 0, &a), AKERR_KEY,
                     "no character named \"nobody\"");
    CHECK(a == NULL);
    /* A typo of a loaded character's name: the message offers it. */
    CHECK_STATUS_MSG(akgl_actor_spawn("x", "spawn cahr", 0, 0, &a), AKERR_KEY,
                     "no character named \"spawn cahr\" is loaded; did you mean \"spawn char\"?");
    CHECK(a == NULL);
    CHECK_STATUS(akgl_actor_spawn("", "spawn char", 0, 0, &a), AKERR_VALUE);
    CHECK_STATUS(akgl_actor_spawn(long_name, "spawn char", 0, 0, &a), AKERR_OUTOFBOUNDS);
    CHECK_INT_EQ(live(AKGL_HEAP_ACTOR), 0);
    CHECK_INT_EQ(c->refcount, 1);
    /* One byte over the field (AKGL_ACTOR_MAX_NAME_LENGTH bytes, no room for
     * the terminator): refused; one byte less: spawned under that name. */
    long_name[AKGL_ACTOR_MAX_NAME_LENGTH] = '\0';
    CHECK_STATUS(akgl_actor_spawn(long_name, "spawn char", 0, 0, &a), AKERR_OUTOFBOUNDS);
    CHECK(a == NULL);
    CHECK_INT_EQ(live(AKGL_HEAP_ACTOR), 0);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "actor", long_name) == NULL);
    long_name[AKGL_ACTOR_MAX_NAME_LENGTH - 1] = '\0';
    CHECK_OK(akgl_actor_spawn(long_name, "spawn char", 0, 0, &a));
    CHECK(a != NULL && lookup(AKGL_REGISTRY_ACTOR, "actor", long_name) == a);
    if (a != NULL) {
        CHECK_OK(akgl_heap_release_actor(a));
    }
    a = NULL;
    CHECK_INT_EQ(c->refcount, 1);

    akgl_Actor *first = NULL;
    CHECK_OK(akgl_actor_spawn("taken", "spawn char", 0, 0, &first));
    CHECK_STATUS_MSG(akgl_actor_spawn("taken", "spawn char", 0, 0, &a), AKERR_REGISTRY,
                     "already registered");
    CHECK(a == NULL);
    CHECK_INT_EQ(live(AKGL_HEAP_ACTOR), 1);
    CHECK_INT_EQ(c->refcount, 2);

    /* A full pool. */
    akgl_Actor *held[AKGL_MAX_HEAP_ACTOR];
    int n = 0;
    while (n < AKGL_MAX_HEAP_ACTOR - 1) {
        CHECK_OK(akgl_heap_next_actor(&held[n]));
        n++;
    }
    CHECK_STATUS_MSG(akgl_actor_spawn("one too many", "spawn char", 0, 0, &a), AKGL_ERR_HEAP,
                     "unused actor");
    CHECK(a == NULL);
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_actor(held[i]));
    }
    CHECK_OK(akgl_heap_release_actor(first));
    CHECK_INT_EQ(c->refcount, 1);
    CHECK_OK(akgl_heap_release_character(c));
}

/* ---- the frame call --------------------------------------------------------- */

static void test_game_frame_runs_one_locked_update(void)
{
    Scene s;
    if (!scene_open_bound(&s, 96, 96)) {
        return;
    }
    const int cells[] = {2};
    akgl_Sprite *spr = make_sprite(&s, "frame sprite", cells, 1, 100, true, false);
    akgl_Character *c = make_character("frame char", 100);
    CHECK_OK(akgl_character_sprite_add(c, spr, ALIVE | DOWN));
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_actor_spawn("framed", "frame char", 24, 24, &a));
    uint64_t before = s.r.stats.submitted;
    CHECK_OK(akgl_game_frame());
    CHECK_INT_EQ((int)(s.r.stats.submitted - before), 1);
    SDL_Surface *shot = read_screen(s.sdl);
    CHECK_PIXEL(shot, 40, 40, CELL_FILL[2]);
    SDL_DestroySurface(shot);
    /* The lock is free again: another thread could take it. */
    CHECK(SDL_TryLockMutex(game.state_lock));
    SDL_UnlockMutex(game.state_lock);
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
    scene_close(&s);
}

/* ---- fallback mappings ------------------------------------------------------- */

static akgl_Sprite *resolve(akgl_Character *c, int state, int *matched)
{
    akgl_Sprite *got = NULL;
    CHECK_OK(akgl_character_sprite_resolve(c, state, &got, matched));
    return got;
}

static void test_fallback_rule(void)
{
    Scene s;
    if (!scene_open_bound(&s, 96, 96)) {
        return;
    }
    const int cells[] = {0};
    akgl_Sprite *walk = make_sprite(&s, "fb walk", cells, 1, 100, true, false);
    akgl_Sprite *stand = make_sprite(&s, "fb stand", cells, 1, 100, true, false);
    akgl_Sprite *jump = make_sprite(&s, "fb jump", cells, 1, 100, true, false);
    akgl_Sprite *idle = make_sprite(&s, "fb idle", cells, 1, 100, true, false);
    akgl_Sprite *jumpleft = make_sprite(&s, "fb jump left", cells, 1, 100, true, false);
    akgl_Character *c = make_character("fb char", 100);
    int m = 0;

    /* Nothing mapped: no sprite, no error, matched -1. */
    CHECK(resolve(c, ALIVE | LEFT | MLEFT, &m) == NULL);
    CHECK_INT_EQ(m, -1);

    CHECK_OK(akgl_character_sprite_add(c, walk, ALIVE | LEFT | MLEFT));
    CHECK_OK(akgl_character_sprite_add(c, stand, ALIVE | LEFT));
    CHECK_OK(akgl_character_sprite_add(c, jump, ALIVE | JUMP));
    CHECK_OK(akgl_character_sprite_add(c, idle, ALIVE));

    /* 1. an exact match wins over every fallback */
    CHECK(resolve(c, ALIVE | LEFT | MLEFT, &m) == walk);
    CHECK_INT_EQ(m, ALIVE | LEFT | MLEFT);
    CHECK(resolve(c, ALIVE | JUMP, &m) == jump);
    /* 2. movement dropped first: moving up while facing left stands */
    CHECK(resolve(c, ALIVE | LEFT | AKGL_ACTOR_STATE_MOVING_UP, &m) == stand);
    CHECK_INT_EQ(m, ALIVE | LEFT);
    /* 3. then facing: one jump pose for every direction and movement */
    CHECK(resolve(c, ALIVE | JUMP | LEFT | MLEFT, &m) == jump);
    CHECK_INT_EQ(m, ALIVE | JUMP);
    CHECK(resolve(c, ALIVE | JUMP | AKGL_ACTOR_STATE_FACE_UP, &m) == jump);
    /* 4. then the game's own bits, keeping facing */
    CHECK(resolve(c, ALIVE | LEFT | (1 << 14), &m) == stand);
    CHECK_INT_EQ(m, ALIVE | LEFT);
    /* 5. then bare life bits */
    CHECK(resolve(c, ALIVE | DOWN | AKGL_ACTOR_STATE_MOVING_DOWN, &m) == idle);
    CHECK_INT_EQ(m, ALIVE);
    /* ...and a dead actor never falls back to a living pose */
    CHECK(resolve(c, AKGL_ACTOR_STATE_DEAD | LEFT, &m) == NULL);
    CHECK_INT_EQ(m, -1);

    /* A more specific mapping beats a later step. */
    CHECK_OK(akgl_character_sprite_add(c, jumpleft, ALIVE | JUMP | LEFT));
    CHECK(resolve(c, ALIVE | JUMP | LEFT | MLEFT, &m) == jumpleft);
    CHECK_INT_EQ(m, ALIVE | JUMP | LEFT);

    /* sprite_get is still the seed's exact match. */
    akgl_Sprite *got = NULL;
    CHECK_STATUS(c->sprite_get(c, ALIVE | JUMP | DOWN, &got), AKERR_KEY);
    CHECK(got == NULL);
    CHECK_STATUS(akgl_character_sprite_resolve(NULL, ALIVE, &got, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_character_sprite_resolve(c, ALIVE, NULL, NULL), AKERR_NULLPOINTER);

    /* Actors use it, once per state change: jumping left draws the jump. */
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_actor_spawn("jumper", "fb char", 0, 0, &a));
    a->state = ALIVE | JUMP | DOWN;
    CHECK_OK(akgl_actor_current_sprite(a, &got));
    CHECK(got == jump);

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    akgl_Sprite *all[] = {walk, stand, jump, idle, jumpleft};
    for (size_t i = 0; i < SDL_arraysize(all); i++) {
        CHECK_OK(akgl_heap_release_sprite(all[i]));
    }
    scene_close(&s);
}

/* No sprite even after the fallback: said once per character and state, not
 * per frame and not per actor (the character remembers the states). */
static void test_missing_sprite_is_logged_once(void)
{
    akgl_Character *c = make_character("mute char", 100);
    akgl_Actor *a = NULL, *b = NULL;
    CHECK_OK(akgl_actor_spawn("mute", "mute char", 0, 0, &a));
    CHECK_OK(akgl_actor_spawn("mute too", "mute char", 0, 0, &b));
    log_capture_start();
    for (int i = 0; i < 10; i++) {
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_update(b));
        a->state = (i % 2) ? (ALIVE | DOWN) : (ALIVE | LEFT); /* two states, alternating */
        b->state = a->state;
    }
    log_capture_stop();
    CHECK_INT_EQ(log_lines, 2);
    CHECK(SDL_strstr(logged, "actor \"mute\" draws nothing: character \"mute char\" has no "
                             "sprite for state 17") != NULL);
    CHECK(SDL_strstr(logged, "state 18") != NULL);
    /* The memory holds AKGL_CHARACTER_MISSING_SPRITE_MEMORY states: a fifth
     * pushes the first out, which is then said again. */
    log_capture_start();
    const int more[] = {ALIVE | AKGL_ACTOR_STATE_FACE_UP, ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT,
                        ALIVE | LEFT | DOWN, ALIVE | LEFT};
    for (size_t i = 0; i < SDL_arraysize(more); i++) {
        b->state = more[i];
        CHECK_OK(akgl_actor_update(b));
    }
    log_capture_stop();
    CHECK_INT_EQ(log_lines, 3); /* UP, RIGHT, LEFT|DOWN; LEFT still remembered */
    log_capture_start();
    b->state = ALIVE | DOWN; /* the first remembered, pushed out by LEFT|DOWN */
    CHECK_OK(akgl_actor_update(b));
    log_capture_stop();
    CHECK_INT_EQ(log_lines, 1);
    CHECK(SDL_strstr(logged, "actor \"mute too\"") != NULL);
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_actor(b));
    CHECK_OK(akgl_heap_release_character(c));
}

/* ---- the seed's walk, with an error inside it -------------------------------- */

static void test_character_walk_keeps_its_first_error(void)
{
    Scene s;
    if (!scene_open_bound(&s, 96, 96)) {
        return;
    }
    const int cells[] = {0};
    akgl_Sprite *one = make_sprite(&s, "walk one", cells, 1, 100, true, false);
    akgl_Sprite *two = make_sprite(&s, "walk two", cells, 1, 100, true, false);
    akgl_Character *c = make_character("walk char", 100);
    CHECK_OK(akgl_character_sprite_add(c, one, ALIVE | DOWN));
    CHECK_OK(akgl_character_sprite_add(c, two, ALIVE | LEFT));
    /* The injected fault: a binding to a sprite that is already released
     * (not a pool slot, so nothing else is disturbed). */
    akgl_Sprite gone;
    SDL_zero(gone);
    SDL_strlcpy(gone.name, "gone", sizeof(gone.name));
    CHECK(SDL_SetPointerProperty(c->state_sprites, "99", &gone));
    CHECK_INT_EQ(one->refcount, 2);

    /* Walked directly with the seed's names. */
    akgl_Iterator it = {AKGL_ITERATOR_OP_RELEASE, NULL};
    CHECK(SDL_EnumerateProperties(c->state_sprites, akgl_character_state_sprites_iterate, &it));
    CHECK(it.error != NULL);
    CHECK_INT_EQ(it.error ? it.error->status : 0, AKGL_ERR_HEAP);
    CHECK(it.error && SDL_strstr(it.error->message, "'gone'") != NULL);
    it.error = akerr_release_error(it.error);
    CHECK_INT_EQ(one->refcount, 1); /* the other bindings were still given back */
    CHECK_INT_EQ(two->refcount, 1);
    /* (the map still names them; rebind so the teardown has real references) */
    SDL_ClearProperty(c->state_sprites, "17");
    SDL_ClearProperty(c->state_sprites, "18");
    CHECK_OK(akgl_character_sprite_add(c, one, ALIVE | DOWN));
    CHECK_OK(akgl_character_sprite_add(c, two, ALIVE | LEFT));

    /* Through the teardown: the error is returned, the process lives on,
     * the slot is freed and every other binding is released. */
    CHECK_STATUS_MSG(akgl_heap_release_character(c), AKGL_ERR_HEAP, "already released");
    CHECK_INT_EQ(live(AKGL_HEAP_CHARACTER), 0);
    CHECK_INT_EQ(registered(AKGL_REGISTRY_CHARACTER), 0);
    CHECK_INT_EQ(one->refcount, 1);
    CHECK_INT_EQ(two->refcount, 1);

    /* Flags other than RELEASE, and a NULL iterator, do nothing. */
    akgl_Iterator none = {0, NULL};
    akgl_character_state_sprites_iterate(&none, 0, "17");
    akgl_character_state_sprites_iterate(NULL, 0, "17");
    CHECK(none.error == NULL);

    CHECK_OK(akgl_heap_release_sprite(one));
    CHECK_OK(akgl_heap_release_sprite(two));
    scene_close(&s);
}

/* ---- registry_require ------------------------------------------------------- */

static void test_registry_require(void)
{
    int thing = 0;
    void *found = NULL;
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "present", &thing));
    CHECK_OK(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "present", &found));
    CHECK(found == &thing);
    CHECK_STATUS_MSG(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "absent", &found),
                     AKERR_KEY, "no sprite named \"absent\" is registered");
    CHECK(found == NULL);
    /* A plain lookup's miss stays a success, as the seed says. */
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "absent", &found));
    CHECK(found == NULL);
    CHECK_STATUS(akgl_registry_require(0, "sprite", "present", &found), AKERR_KEY);
    CHECK_STATUS(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "present", NULL),
                 AKERR_NULLPOINTER);
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", "present", &thing));
}

/* What a miss's message says about the names that are there. */
static void test_registry_require_names_what_is_there(void)
{
    int things[6] = {0};
    const char *names[] = {"walk", "coin", "jump", "theme", "hero.idle", "zap"};
    void *found = NULL;
    CHECK_STATUS_MSG(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "coin", &found),
                     AKERR_KEY,
                     "no sprite named \"coin\" is registered (the sprite registry is empty)");
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", names[1], &things[1]));
    /* A typo gets the nearest name, and the list. */
    CHECK_STATUS_MSG(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "cion", &found),
                     AKERR_KEY, "no sprite named \"cion\" is registered; did you mean \"coin\"? "
                     "(1 registered: \"coin\")");
    for (int i = 0; i < 6; i++) {
        if (i != 1) {
            CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", names[i], &things[i]));
        }
    }
    /* The first four in byte order, then "...". */
    CHECK_STATUS_MSG(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "thme", &found),
                     AKERR_KEY, "did you mean \"theme\"? (6 registered: \"coin\", "
                     "\"hero.idle\", \"jump\", \"theme\", ...)");
    /* Nothing near: no suggestion. */
    CHECK_STATUS_MSG(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "dragon", &found),
                     AKERR_KEY, "no sprite named \"dragon\" is registered (6 registered:");
    CHECK(found == NULL);
    /* A long key is compared and shown by its first bytes, never overruns. */
    char longkey[300];
    memset(longkey, 'w', sizeof(longkey) - 1);
    longkey[sizeof(longkey) - 1] = '\0';
    CHECK_STATUS(akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", longkey, &found), AKERR_KEY);
    for (int i = 0; i < 6; i++) {
        CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", names[i], &things[i]));
    }
}

int main(void)
{
    AKGL_TEST_BEGIN();
    CHECK_OK(akgl_time_use_manual(true));
    RUN_TEST(test_unload_actors_gives_back_what_they_hold);
    RUN_TEST(test_unload_makes_the_camera_let_go);
    RUN_TEST(test_unload_makes_controllers_let_go);
    RUN_TEST(test_unload_kinds_and_their_holders);
    RUN_TEST(test_many_level_changes_leave_every_count_at_baseline);
    RUN_TEST(test_quit_releases_and_reports_leftovers);
    RUN_TEST(test_spawn_places_a_live_actor);
    RUN_TEST(test_spawn_failures_leave_nothing_claimed);
    RUN_TEST(test_game_frame_runs_one_locked_update);
    RUN_TEST(test_fallback_rule);
    RUN_TEST(test_missing_sprite_is_logged_once);
    RUN_TEST(test_character_walk_keeps_its_first_error);
    RUN_TEST(test_registry_require);
    RUN_TEST(test_registry_require_names_what_is_there);
    return AKGL_TEST_END();
}
