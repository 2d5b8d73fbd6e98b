/*
 * A top-down game: no gravity, drag to stop, walls and crates from a map
 * (examples/assets/topdown.tmj) whose objects spawn the hero and the coins;
 * the hero walks four ways through examples/assets/input/topdown.json, and
 * walking into a coin (the physics' overlap hook) collects it.
 *
 *   akgl_example_topdown [--frames N] [--screenshot OUT.png] [--assets DIR]
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
#include <akgl/text.h>
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
    "knight_walk_right.json", "knight_walk_up.json",  "knight_hurt.json",
    "coin_spin.json",        "coin_sparkle.json"};
static akgl_Physics physics;
static akgl_Controller pad;
static akgl_Actor *hero;
static akgl_Font *font;
static int coins;

/* Each overlapping pair once a step: a coin the hero touches is collected. */
static akerr_ErrorContext *touch(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b, void *ud)
{
    (void)p;
    (void)ud;
    akgl_Actor *coin = (a == hero) ? b : a;
    if ((a == hero || b == hero) && coin->visible) {
        coin->visible = false;
        coins++;
    }
    return NULL;
}

static akerr_ErrorContext *setup(void)
{
    akgl_Tilemap *map = NULL;
    int n = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "960"));
    PASS(errctx, akgl_set_property("game.screenheight", "540"));
    PASS(errctx, akgl_set_property("game.logicalwidth", "320"));
    PASS(errctx, akgl_set_property("game.logicalheight", "180"));
    PASS(errctx, akgl_set_property("physics.drag.x", "8"));
    PASS(errctx, akgl_set_property("physics.drag.y", "8"));
    PASS(errctx, akgl_render_2d_init(&renderer));
    PASS(errctx, akgl_physics_init_arcade(&physics));
    physics.on_overlap = touch;
    PASS(errctx, akgl_font_load("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 8, &font));
    for (size_t i = 0; i < SDL_arraysize(SPRITES); i++) {
        PASS(errctx, akgl_sprite_load_json(asset(SPRITES[i])));
    }
    PASS(errctx, akgl_character_load_json(asset("knight.json")));
    PASS(errctx, akgl_character_load_json(asset("coin.json")));
    PASS(errctx, akgl_tilemap_load(asset("topdown.tmj"), &map));
    PASS(errctx, akgl_game_set_tilemap(map));
    PASS(errctx, akgl_tilemap_spawn_actors(map, &n)); /* the map holds them */
    PASS(errctx, akgl_heap_release_tilemap(map));     /* and the game holds the map */
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "hero", (void **)&hero));
    hero->hitbox = (SDL_FRect){3, 4, 10, 12};
    PASS(errctx, akgl_camera_follow(game.camera, hero, 0.0f, 0.0f));
    PASS(errctx, akgl_camera_set_bounds(game.camera, &(SDL_FRect){0, 0, 24 * 16, 14 * 16}));
    PASS(errctx, akgl_controller_initialize(&pad, hero));
    PASS(errctx, akgl_controller_load_json(&pad, asset("input/topdown.json")));
    SUCCEED_RETURN(errctx);
}

/* Events go to the controller; headless, a script walks round the room. */
static akerr_ErrorContext *step(const SDL_Event *e)
{
    static const struct { int frame; SDL_Scancode key; } walk[] = {
        {1, SDL_SCANCODE_RIGHT}, {50, SDL_SCANCODE_DOWN}, {110, SDL_SCANCODE_RIGHT},
        {190, SDL_SCANCODE_DOWN}, {230, SDL_SCANCODE_LEFT}, {300, SDL_SCANCODE_UP}};
    PREPARE_ERROR(errctx);
    if (e != NULL) {
        PASS(errctx, akgl_controller_handle_event(&pad, e));
    }
    for (int i = 0; e == NULL && headless && i < (int)SDL_arraysize(walk); i++) {
        if (walk[i].frame == frame) { /* let go of the last key, press this one */
            SDL_Event up = {.key = {.type = SDL_EVENT_KEY_UP, .scancode = walk[i ? i - 1 : 0].key}};
            SDL_Event down = {.key = {.type = SDL_EVENT_KEY_DOWN, .scancode = walk[i].key,
                                      .down = true}};
            PASS(errctx, akgl_controller_handle_event(&pad, &up));
            PASS(errctx, akgl_controller_handle_event(&pad, &down));
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_Renderer *r)
{
    char text[32];
    PREPARE_ERROR(errctx);
    (void)r;
    snprintf(text, sizeof(text), "coins %d", coins);
    PASS(errctx, akgl_text_draw(font, text, 4.0f, 2.0f, (SDL_Color){255, 240, 120, 255}));
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
