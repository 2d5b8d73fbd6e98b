/*
 * Sprite animation: a sprite is frames of a sheet shown in turn, each for its
 * own time. Four knights walk on the spot, one per facing; a coin spins and a
 * bat flaps. No physics: the MOVING bits choose the walk, nothing moves.
 *
 *   akgl_example_sprite_animation [--frames N] [--screenshot OUT.png] [--assets DIR]
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
    "knight_idle_down.json", "knight_idle_left.json",  "knight_idle_right.json",
    "knight_idle_up.json",   "knight_walk_down.json",  "knight_walk_left.json",
    "knight_walk_right.json", "knight_walk_up.json",   "knight_hurt.json",
    "coin_spin.json",        "coin_sparkle.json",      "bat_flap.json",
    "bat_hurt.json",         "bat_dead.json"};

static akerr_ErrorContext *spawn(const char *name, const char *who, float x, float y, int state)
{
    akgl_Actor *a = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_actor_spawn(name, who, x, y, &a));
    a->state = AKGL_ACTOR_STATE_ALIVE | state; /* the state picks the sprite */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *setup(void)
{
    static const int walks[] = {AKGL_ACTOR_STATE_FACE_DOWN | AKGL_ACTOR_STATE_MOVING_DOWN,
                                AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT,
                                AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT,
                                AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP};
    char name[16];
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "640"));
    PASS(errctx, akgl_set_property("game.screenheight", "360"));
    PASS(errctx, akgl_set_property("game.logicalwidth", "160")); /* pixel art, x4 */
    PASS(errctx, akgl_set_property("game.logicalheight", "90"));
    PASS(errctx, akgl_render_2d_init(&renderer));
    renderer.clear_color = (SDL_Color){48, 52, 88, 255};
    for (size_t i = 0; i < SDL_arraysize(SPRITES); i++) { /* sprites first, then characters */
        PASS(errctx, akgl_sprite_load_json(asset(SPRITES[i])));
    }
    PASS(errctx, akgl_character_load_json(asset("knight.json")));
    PASS(errctx, akgl_character_load_json(asset("coin.json")));
    PASS(errctx, akgl_character_load_json(asset("bat.json")));
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof(name), "knight %d", i);
        PASS(errctx, spawn(name, "knight", 26.0f + 30.0f * (float)i, 22.0f, walks[i]));
    }
    PASS(errctx, spawn("coin", "coin", 56.0f, 54.0f, 0));
    PASS(errctx, spawn("bat", "bat", 88.0f, 54.0f, 0));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(const SDL_Event *e)
{
    (void)e;
    return NULL;
}

static akerr_ErrorContext *draw(akgl_Renderer *r)
{
    (void)r;
    return NULL;
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
