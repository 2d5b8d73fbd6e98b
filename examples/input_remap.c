/*
 * Input remapping: a controller turns keys into an actor's state bits. Press
 * R, then the key you want for "left", then the one for "right": the
 * bindings are replaced while the game runs (akgl_controller_bind_key), and
 * the knight walks with the new keys. Headless, a script remaps to J and L.
 *
 *   akgl_example_input_remap [--frames N] [--screenshot OUT.png] [--assets DIR]
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
#include <akgl/controller.h>
#include <akgl/physics.h>
#include <akgl/text.h>
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
static akgl_Font *font;
static SDL_Scancode keys[2] = {SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT}; /* left, right */
static int waiting = -1; /* which binding the next key replaces, or -1 */

static akerr_ErrorContext *bind(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_controller_clear_bindings(&pad));
    PASS(errctx, akgl_controller_bind_key(&pad, keys[0], AKGL_ACTOR_STATE_MOVING_LEFT));
    PASS(errctx, akgl_controller_bind_key(&pad, keys[1], AKGL_ACTOR_STATE_MOVING_RIGHT));
    PASS(errctx, akgl_controller_bind_button(&pad, SDL_GAMEPAD_BUTTON_DPAD_LEFT,
                                             AKGL_ACTOR_STATE_MOVING_LEFT));
    PASS(errctx, akgl_controller_bind_button(&pad, SDL_GAMEPAD_BUTTON_DPAD_RIGHT,
                                             AKGL_ACTOR_STATE_MOVING_RIGHT));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *setup(void)
{
    akgl_Actor *knight = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "640"));
    PASS(errctx, akgl_set_property("game.screenheight", "360"));
    PASS(errctx, akgl_set_property("game.logicalwidth", "320"));
    PASS(errctx, akgl_set_property("game.logicalheight", "180"));
    PASS(errctx, akgl_set_property("physics.drag.x", "8"));
    PASS(errctx, akgl_render_2d_init(&renderer));
    renderer.clear_color = (SDL_Color){50, 40, 70, 255};
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, akgl_font_load("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 9, &font));
    for (size_t i = 0; i < SDL_arraysize(SPRITES); i++) {
        PASS(errctx, akgl_sprite_load_json(asset(SPRITES[i])));
    }
    PASS(errctx, akgl_character_load_json(asset("knight.json")));
    PASS(errctx, akgl_actor_spawn("knight", "knight", 152.0f, 100.0f, &knight));
    PASS(errctx, akgl_controller_initialize(&pad, knight));
    PASS(errctx, bind());
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *key(SDL_Scancode code, bool down)
{
    PREPARE_ERROR(errctx);
    if (down && waiting < 0 && code == SDL_SCANCODE_R) {
        waiting = 0; /* the next two presses are the new keys */
    } else if (down && waiting >= 0) {
        keys[waiting++] = code;
        if (waiting == 2) {
            waiting = -1;
            PASS(errctx, bind());
        }
    } else {
        SDL_Event e = {.key = {.type = down ? SDL_EVENT_KEY_DOWN : SDL_EVENT_KEY_UP,
                               .scancode = code, .down = down}};
        PASS(errctx, akgl_controller_handle_event(&pad, &e));
    }
    SUCCEED_RETURN(errctx);
}

/* Headless: R, J, L remaps; then L walks right for a second. */
static akerr_ErrorContext *step(const SDL_Event *e)
{
    static const struct { int frame; SDL_Scancode code; bool down; } script[] = {
        {5, SDL_SCANCODE_R, true},  {10, SDL_SCANCODE_J, true}, {15, SDL_SCANCODE_L, true},
        {20, SDL_SCANCODE_L, true}, {50, SDL_SCANCODE_L, false}};
    PREPARE_ERROR(errctx);
    if (e != NULL && (e->type == SDL_EVENT_KEY_DOWN || e->type == SDL_EVENT_KEY_UP) &&
        !e->key.repeat) {
        PASS(errctx, key(e->key.scancode, e->key.down));
    } else if (e != NULL) {
        PASS(errctx, akgl_controller_handle_event(&pad, e)); /* gamepads */
    }
    for (size_t i = 0; e == NULL && headless && i < SDL_arraysize(script); i++) {
        if (script[i].frame == frame) {
            PASS(errctx, key(script[i].code, script[i].down));
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_Renderer *r)
{
    static const char *const names[] = {"left", "right"};
    char text[128];
    PREPARE_ERROR(errctx);
    (void)r;
    snprintf(text, sizeof(text), "left: %s   right: %s\n%s%s", SDL_GetScancodeName(keys[0]),
             SDL_GetScancodeName(keys[1]), waiting < 0 ? "R remaps" : "press the key for ",
             waiting < 0 ? "" : names[waiting]);
    PASS(errctx, akgl_text_draw(font, text, 8.0f, 8.0f, (SDL_Color){255, 255, 255, 255}));
    if (frame == frames - 1) {
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
