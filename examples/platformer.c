/*
 * A platformer: gravity, solid tiles from the map, a hero steered through a
 * controller JSON (examples/assets/input/platformer.json: arrows/A/D, the
 * d-pad or the stick walk, Space/Up/W or the south button jump) and a camera
 * that follows it. Headless, a script presses the keys.
 *
 *   akgl_example_platformer [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL.h>
#include <SDL3/SDL_main.h>

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sprite.h>
#include <akgl/time.h>
#include <akgl/camera.h>
#include <akgl/controller.h>
#include <akgl/physics.h>
#include <akgl/tilemap.h>
#include <stdio.h>
#include <string.h>

/* The gallery's common options: see examples/README.md. */
static akgl_Renderer renderer;
static int frames = -1, frame; /* -1: until the window closes */
static const char *shot;       /* --screenshot: the last frame's PNG */
static char assets[512];
static bool headless;

static const char *asset(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof(path), "%s/%s", assets, name);
    return path;
}

static const char *const SPRITES[] = {
    "knight_idle_down.json", "knight_idle_left.json", "knight_idle_right.json",
    "knight_idle_up.json",   "knight_walk_down.json", "knight_walk_left.json",
    "knight_walk_right.json", "knight_walk_up.json",  "knight_hurt.json"};
static akgl_Physics physics;
static akgl_Controller pad;
static akgl_Actor *hero;

/* The controller's "jump" action: up, but only from the ground. */
static akerr_ErrorContext *jump(akgl_Controller *c, const char *action, bool down, void *ud)
{
    (void)c;
    (void)ud;
    if (down && !strcmp(action, "jump") && (hero->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        hero->vy = -330.0f;
    }
    return NULL;
}

static akerr_ErrorContext *setup(void)
{
    akgl_Tilemap *map = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "960"));
    PASS(errctx, akgl_set_property("game.screenheight", "540"));
    PASS(errctx, akgl_set_property("game.logicalwidth", "320"));
    PASS(errctx, akgl_set_property("game.logicalheight", "180"));
    PASS(errctx, akgl_set_property("physics.gravity.y", "900")); /* px/s^2, down */
    PASS(errctx, akgl_set_property("physics.drag.x", "5"));      /* stops a walker */
    PASS(errctx, akgl_render_2d_init(&renderer));
    PASS(errctx, akgl_physics_init_arcade(&physics));
    for (size_t i = 0; i < SDL_arraysize(SPRITES); i++) {
        PASS(errctx, akgl_sprite_load_json(asset(SPRITES[i])));
    }
    PASS(errctx, akgl_character_load_json(asset("knight.json")));
    PASS(errctx, akgl_tilemap_load(asset("level1.tmj"), &map));
    PASS(errctx, akgl_game_set_tilemap(map)); /* its solid tiles become the physics' */
    PASS(errctx, akgl_heap_release_tilemap(map));
    PASS(errctx, akgl_actor_spawn("hero", "knight", 48.0f, 224.0f, &hero));
    hero->hitbox = (SDL_FRect){3, 2, 10, 14};
    PASS(errctx, akgl_camera_follow(game.camera, hero, 0.0f, 0.0f));
    PASS(errctx, akgl_camera_set_bounds(game.camera, &(SDL_FRect){0, 0, 1600, 320}));
    PASS(errctx, akgl_controller_initialize(&pad, hero));
    PASS(errctx, akgl_controller_load_json(&pad, asset("input/platformer.json")));
    PASS(errctx, akgl_controller_set_action_callback(&pad, jump, NULL));
    SUCCEED_RETURN(errctx);
}

/* Events go to the controller; headless, the script makes them. */
static akerr_ErrorContext *step(const SDL_Event *e)
{
    SDL_Event key = {.type = SDL_EVENT_KEY_DOWN};
    if (e == NULL && headless && (frame == 5 || frame % 40 == 20 || frame % 40 == 30)) {
        key.type = frame % 40 == 30 ? SDL_EVENT_KEY_UP : SDL_EVENT_KEY_DOWN;
        key.key.scancode = frame == 5 ? SDL_SCANCODE_RIGHT : SDL_SCANCODE_SPACE;
        key.key.down = key.type == SDL_EVENT_KEY_DOWN;
        e = &key;
    }
    return e != NULL ? akgl_controller_handle_event(&pad, e) : NULL;
}

static akerr_ErrorContext *draw(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    (void)r;
    if (frame == frames - 1) { /* about to leave: let go of the hero */
        PASS(errctx, akgl_controller_release(&pad));
    }
    SUCCEED_RETURN(errctx);
}

/* ---- the gallery's frame loop and options, the same in every example ---- */

static akerr_ErrorContext *overlay(akgl_Renderer *r, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    PASS(errctx, draw(r));
    if (shot != NULL && frame == frames - 1) { /* drawn, not yet presented */
        PASS(errctx, akgl_render_screenshot(r, shot));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *run(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_game_init());
    PASS(errctx, akgl_time_use_manual(headless)); /* headless: the same frames every run */
    PASS(errctx, setup());
    PASS(errctx, akgl_game_set_overlay(overlay, NULL));
    for (frame = 0; frames < 0 || frame < frames; frame++) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            frames = (e.type == SDL_EVENT_QUIT) ? frame + 1 : frames;
            PASS(errctx, step(&e));
        }
        PASS(errctx, step(NULL));
        PASS(errctx, headless ? akgl_time_advance(16666667) : (SDL_Delay(16), NULL));
        PASS(errctx, akgl_game_frame());
    }
    PASS(errctx, akgl_game_unload(AKGL_UNLOAD_ALL));
    PASS(errctx, renderer.shutdown(&renderer));
    PASS(errctx, akgl_game_quit());
    SUCCEED_RETURN(errctx);
}

int main(int argc, char *argv[])
{
#ifdef AKGL_EXAMPLES_ASSETS /* the source tree's; else "assets" beside the executable */
    SDL_strlcpy(assets, AKGL_EXAMPLES_ASSETS, sizeof(assets));
#else
    snprintf(assets, sizeof(assets), "%sassets", SDL_GetBasePath());
#endif
    for (int i = 1; i + 1 < argc; i += 2) {
        frames = strcmp(argv[i], "--frames") ? frames : SDL_atoi(argv[i + 1]);
        shot = strcmp(argv[i], "--screenshot") ? shot : argv[i + 1];
        if (strcmp(argv[i], "--assets") == 0) {
            SDL_strlcpy(assets, argv[i + 1], sizeof(assets));
        }
    }
    if (!SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)) {
        SDL_Log("%s: SDL_Init: %s", argv[0], SDL_GetError());
        return 1;
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    headless = driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy"));
    frames = (headless && frames < 1) ? 60 : frames;
    if (shot != NULL) {
        SDL_RemovePath(shot); /* a run that saves nothing must not pass on an old file */
    }
    akerr_ErrorContext *errctx = run();
    bool ok = errctx == NULL && (shot == NULL || SDL_GetPathInfo(shot, NULL));
    if (errctx != NULL) {
        LOG_ERROR(errctx);
        RELEASE_ERROR(errctx);
    }
    SDL_Quit();
    return ok ? 0 : 1;
}
