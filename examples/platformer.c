/*
 * A platformer: gravity, solid tiles from the map, a hero steered through a
 * controller JSON (examples/assets/input/platformer.json: arrows/A/D, the
 * d-pad or the stick walk, Space/Up/W or the south button jump) and a camera
 * that follows it. The map's objects spawn the hero and the coins; touching a
 * coin collects it (despawned in the hero's overlap callback). Headless, a
 * script presses the keys.
 *
 *   akgl_example_platformer [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static akgl_Physics physics;
static akgl_Controller pad;
static akgl_Actor *hero;
static int coins;

/* The hero's overlap callback: a coin it touches leaves the world. */
static akerr_ErrorContext *collect(akgl_Actor *self, akgl_Actor *other)
{
    (void)self;
    if (other->basechar == NULL || SDL_strcmp(other->basechar->name, "coin") != 0) {
        return NULL;
    }
    coins++;
    return akgl_actor_despawn(other); /* the map that spawned it forgets it */
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

static akerr_ErrorContext *init(akgl_App *app)
{
    akgl_Tilemap *map = NULL;
    const char *path = NULL;
    void *found = NULL;
    int n = 0;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_set_property("physics.gravity.y", "900")); /* px/s^2, down */
    PASS(errctx, akgl_set_property("physics.drag.x", "5"));      /* stops a walker */
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, akgl_app_asset("level1.tmj", &path));
    PASS(errctx, akgl_tilemap_load(path, &map));
    PASS(errctx, akgl_game_set_tilemap(map)); /* its solid tiles become the physics' */
    PASS(errctx, akgl_tilemap_spawn_actors(map, &n)); /* the hero and the coins */
    PASS(errctx, akgl_heap_release_tilemap(map));
    PASS(errctx, akgl_registry_require(AKGL_REGISTRY_ACTOR, "actor", "hero", &found));
    hero = found;
    hero->hitbox = (SDL_FRect){3, 2, 10, 14};
    hero->overlapfunc = collect;
    PASS(errctx, akgl_camera_follow(game.camera, hero, 0.0f, 0.0f));
    PASS(errctx, akgl_camera_set_bounds(game.camera, &(SDL_FRect){0, 0, 1600, 320}));
    PASS(errctx, akgl_controller_initialize(&pad, hero));
    PASS(errctx, akgl_app_asset("input/platformer.json", &path));
    PASS(errctx, akgl_controller_load_json(&pad, path));
    PASS(errctx, akgl_controller_set_action_callback(&pad, jump, NULL));
    SUCCEED_RETURN(errctx);
}

/* Events go to the controller. */
static akerr_ErrorContext *event(akgl_App *app, const SDL_Event *e)
{
    (void)app;
    return akgl_controller_handle_event(&pad, e);
}

/* Headless, the script walks right and jumps every 40 frames. */
static akerr_ErrorContext *step(akgl_App *app)
{
    int f = app->frame;
    SDL_Event key = {.type = f % 40 == 30 ? SDL_EVENT_KEY_UP : SDL_EVENT_KEY_DOWN};
    if (!app->headless || (f != 5 && f % 40 != 20 && f % 40 != 30)) {
        return NULL;
    }
    key.key.scancode = f == 5 ? SDL_SCANCODE_RIGHT : SDL_SCANCODE_SPACE;
    key.key.down = key.type == SDL_EVENT_KEY_DOWN;
    return akgl_controller_handle_event(&pad, &key);
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
    .init = init, .event = event, .frame = step, .quit = quit,
};
AKGL_APP_MAIN(desc)
