/*
 * A platformer: gravity, solid tiles from the map, a hero steered through a
 * controller JSON (examples/assets/input/platformer.json: arrows/A/D, the
 * d-pad or the stick walk, Space/Up/W or the south button jump) and a camera
 * that follows it. The map's objects spawn the hero and the coins; touching a
 * coin collects it (despawned in the hero's overlap callback, with a sound),
 * and reaching the map's object "exit" (the door) loads the next level. The
 * HUD, in the default font, counts the coins. Headless, a script presses the
 * keys.
 *
 *   akgl_example_platformer [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static const char *const levels[] = {"level1.tmj", "level2.tmj"};
static akgl_Physics physics;
static akgl_Controller pad;
static akgl_Actor *hero;
static SDL_FRect door; /* the map's object "exit" */
static int coins, level;

/* The hero's overlap callback: a coin it touches leaves the world. */
static akerr_ErrorContext *collect(akgl_Actor *self, akgl_Actor *other)
{
    PREPARE_ERROR(errctx);
    (void)self;
    if (other->basechar == NULL || SDL_strcmp(other->basechar->name, "coin") != 0) {
        SUCCEED_RETURN(errctx);
    }
    coins++;
    PASS(errctx, akgl_sound_play_named("coin", 0.7f, 0.0f, NULL));
    PASS(errctx, akgl_actor_despawn(other)); /* the map that spawned it forgets it */
    SUCCEED_RETURN(errctx);
}

/* The controller's "jump" action: up, but only from the ground. */
static akerr_ErrorContext *jump(akgl_Controller *c, const char *action, bool down, void *ud)
{
    (void)c;
    (void)ud;
    if (down && !SDL_strcmp(action, "jump") && (hero->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        hero->vy = -330.0f;
    }
    return NULL;
}

/* Loads levels[n]: its map, its cast, where its door is; the hero gets the
 * camera and the controller. */
static akerr_ErrorContext *start(int n)
{
    akgl_Tilemap *map = NULL;
    const char *path = NULL;
    void *found = NULL;
    int spawned = 0;
    PREPARE_ERROR(errctx);
    level = n;
    PASS(errctx, akgl_app_asset(levels[n], &path));
    PASS(errctx, akgl_tilemap_load(path, &map));
    PASS(errctx, akgl_game_set_tilemap(map)); /* its solid tiles become the physics' */
    PASS(errctx, akgl_tilemap_spawn_actors(map, &spawned)); /* the hero and the coins */
    for (int i = 0; i < map->nlayers; i++) {
        for (int j = 0; j < map->layers[i].nobjects; j++) {
            akgl_TilemapObject *o = &map->layers[i].objects[j];
            if (!SDL_strcmp(o->name, "exit")) {
                door = (SDL_FRect){o->x, o->y, o->width, o->height};
            }
        }
    }
    SDL_FRect bounds = {0, 0, (float)(map->width * map->tilewidth),
                        (float)(map->height * map->tileheight)};
    PASS(errctx, akgl_camera_set_bounds(game.camera, &bounds));
    PASS(errctx, akgl_heap_release_tilemap(map));
    PASS(errctx, akgl_registry_require(AKGL_REGISTRY_ACTOR, "actor", "hero", &found));
    hero = found;
    hero->hitbox = (SDL_FRect){3, 2, 10, 14};
    hero->overlapfunc = collect;
    PASS(errctx, akgl_camera_follow(game.camera, hero, 0.0f, 0.0f));
    PASS(errctx, akgl_controller_set_actor(&pad, hero));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    const char *path = NULL;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_set_property("physics.gravity.y", "900")); /* px/s^2, down */
    PASS(errctx, akgl_set_property("physics.drag.x", "5"));      /* stops a walker */
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, akgl_app_asset("sounds/sounds.json", &path));
    PASS(errctx, akgl_sound_load_json(path)); /* "coin", "jump", ... */
    PASS(errctx, akgl_controller_initialize(&pad, NULL));
    PASS(errctx, akgl_app_asset("input/platformer.json", &path));
    PASS(errctx, akgl_controller_load_json(&pad, path));
    PASS(errctx, akgl_controller_set_action_callback(&pad, jump, NULL));
    PASS(errctx, start(0));
    SUCCEED_RETURN(errctx);
}

/* Events go to the controller. */
static akerr_ErrorContext *event(akgl_App *app, const SDL_Event *e)
{
    (void)app;
    return akgl_controller_handle_event(&pad, e);
}

/* At the door, the next level: this one's actors and map go, the rest stays.
 * Headless, the script walks right and jumps every 40 frames. */
static akerr_ErrorContext *step(akgl_App *app)
{
    int f = app->frame;
    SDL_Event key = {.type = f % 40 == 30 ? SDL_EVENT_KEY_UP : SDL_EVENT_KEY_DOWN};
    PREPARE_ERROR(errctx);
    if (SDL_HasRectIntersectionFloat(&(SDL_FRect){hero->x, hero->y, 16, 16}, &door)) {
        SDL_Log("platformer: level %d", (level + 1) % 2 + 1);
        PASS(errctx, akgl_game_unload(AKGL_UNLOAD_ACTORS | AKGL_UNLOAD_TILEMAPS));
        PASS(errctx, start((level + 1) % 2));
    }
    if (app->headless && (f == 5 || f % 40 == 20 || f % 40 == 30)) {
        key.key.scancode = f == 5 ? SDL_SCANCODE_RIGHT : SDL_SCANCODE_SPACE;
        key.key.down = key.type == SDL_EVENT_KEY_DOWN;
        PASS(errctx, akgl_controller_handle_event(&pad, &key));
    }
    SUCCEED_RETURN(errctx);
}

/* The HUD: the level and the coins, in the default font (NULL). */
static akerr_ErrorContext *draw(akgl_App *app)
{
    char text[40];
    (void)app;
    SDL_snprintf(text, sizeof(text), "level %d  coins %d", level + 1, coins);
    return akgl_text_draw(NULL, text, 4.0f, 4.0f, (SDL_Color){255, 255, 255, 255});
}

static akerr_ErrorContext *quit(akgl_App *app)
{
    (void)app;
    SDL_Log("platformer: %d coins collected", coins);
    return akgl_controller_release(&pad); /* the hero, and a gamepad */
}

static const akgl_AppDesc desc = {
    .title = "platformer", .width = 960, .height = 540, .logical_width = 320, .logical_height = 180,
    .sprites = (const char *const[]){"coin_spin.json", "coin_sparkle.json", NULL},
    .characters = (const char *const[]){"knight.json", "coin.json", NULL},
    .init = init, .event = event, .frame = step, .draw = draw, .quit = quit,
};
AKGL_APP_MAIN(desc)
