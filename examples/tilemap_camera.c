/*
 * A tilemap with a camera: a Tiled map (examples/assets/level1.tmj) drawn
 * under the camera, its image layers scrolling slower (parallax) and its
 * water and torches animated by the tileset. The camera pans back and forth
 * across the map; arrow keys take over.
 *
 *   akgl_example_tilemap_camera [--frames N] [--screenshot OUT.png] [--assets DIR]
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

static akgl_Tilemap *map;
static float speed = 60.0f; /* px per frame / 60: the pan, negative going left */
static bool steered;

static akerr_ErrorContext *setup(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "960"));
    PASS(errctx, akgl_set_property("game.screenheight", "540"));
    PASS(errctx, akgl_set_property("game.logicalwidth", "320"));
    PASS(errctx, akgl_set_property("game.logicalheight", "180"));
    PASS(errctx, akgl_render_2d_init(&renderer));
    PASS(errctx, akgl_tilemap_load(asset("level1.tmj"), &map));
    PASS(errctx, akgl_game_set_tilemap(map)); /* the game holds it now */
    PASS(errctx, akgl_heap_release_tilemap(map));
    /* The view never leaves the map. */
    PASS(errctx, akgl_camera_set_bounds(game.camera, &(SDL_FRect){0, 0,
        (float)(map->width * map->tilewidth), (float)(map->height * map->tileheight)}));
    game.camera->y = (float)(map->height * map->tileheight) - game.camera->h;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(const SDL_Event *e)
{
    const akgl_Camera *cam = game.camera;
    if (e != NULL && e->type == SDL_EVENT_KEY_DOWN) {
        steered = true;
        speed = e->key.scancode == SDL_SCANCODE_LEFT ? -120.0f
              : e->key.scancode == SDL_SCANCODE_RIGHT ? 120.0f : 0.0f;
    } else if (e == NULL) {
        if (!steered && (cam->x + cam->w >= cam->bounds.w || (cam->x <= 0 && speed < 0))) {
            speed = -speed; /* turn at the ends */
        }
        game.camera->x = SDL_clamp(cam->x + speed / 60.0f, 0.0f, cam->bounds.w - cam->w);
    }
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
