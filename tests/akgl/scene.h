/*
 * Shared fixtures for the actor, drawing, camera and game-loop suites: a
 * renderer (a window from akgl_render_2d_init, or a software renderer on a
 * plain surface bound with akgl_render_2d_bind), the 192x96 fixture sheet,
 * sprites, characters and actors built by hand, and pixel read-back.
 *
 * The sheet (tests/assets/README.md): 4 x 2 cells of 48 x 48, cell i filled
 * with CELL_FILL[i], its top-left pixel a marker (255, 255, i * 32). Reading
 * one pixel back therefore says which cell was drawn there and, through the
 * marker's position, whether it was mirrored.
 *
 * Everything here is static inline so each suite uses what it needs.
 */
#ifndef AKGL_TEST_SCENE_H
#define AKGL_TEST_SCENE_H

#include <akgl/actor.h>
#include <akgl/camera.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sprite.h>
#include <akgl/time.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>

#include <stdio.h>

#include "akgl_test.h"

#define SHEET_PATH AKGL_TEST_ASSETS_DIR "/sheet_192x96_48.png"
#define CELL 48
#define CELLS 8

/* The fill of each cell, as tests/assets/README.md tabulates it. */
static const SDL_Color CELL_FILL[CELLS] = {
    {200, 40, 40, 255},  {40, 200, 40, 255},  {40, 40, 200, 255},  {200, 200, 40, 255},
    {200, 40, 200, 255}, {40, 200, 200, 255}, {200, 120, 40, 255}, {120, 40, 200, 255},
};

/* What frame_start clears to in these suites: no cell uses it. */
static const SDL_Color CLEAR = {10, 20, 30, 255};

static inline SDL_Color cell_marker(int cell)
{
    return (SDL_Color){255, 255, (Uint8)(cell * 32), 255};
}

static inline bool same_rgb(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

typedef struct Scene
{
    SDL_Surface *target;  /* bound mode: what the software renderer draws into */
    SDL_Renderer *sdl;    /* bound mode: the renderer we made and destroy */
    akgl_Renderer r;
    akgl_SpriteSheet *sheet;
} Scene;

static inline bool scene_load_sheet_(Scene *s)
{
    akerr_ErrorContext *e = akgl_heap_next_spritesheet(&s->sheet);
    if (e == NULL) {
        e = akgl_spritesheet_initialize(s->sheet, CELL, CELL, SHEET_PATH);
        if (e != NULL) {
            IGNORE(akgl_heap_release_spritesheet(s->sheet));
        }
    }
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "cannot load %s: %s", SHEET_PATH, e->message);
        e = akerr_release_error(e);
        s->sheet = NULL;
        return false;
    }
    return true;
}

/* A software renderer on a w x h surface, bound with akgl_render_2d_bind. */
static inline bool scene_open_bound(Scene *s, int w, int h)
{
    SDL_zerop(s);
    s->target = SDL_CreateSurface(w, h, SDL_PIXELFORMAT_RGBA32);
    s->sdl = s->target ? SDL_CreateSoftwareRenderer(s->target) : NULL;
    if (s->sdl == NULL) {
        test_failf_(__FILE__, __LINE__, "no software renderer: %s", SDL_GetError());
        return false;
    }
    akerr_ErrorContext *e = akgl_render_2d_bind(&s->r, s->sdl);
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "akgl_render_2d_bind: %s", e->message);
        e = akerr_release_error(e);
        return false;
    }
    s->r.clear_color = CLEAR;
    return scene_load_sheet_(s);
}

/* A window and renderer from the properties, through akgl_render_2d_init. */
static inline bool scene_open_window(Scene *s, int w, int h)
{
    char text[16];
    SDL_zerop(s);
    snprintf(text, sizeof(text), "%d", w);
    akerr_ErrorContext *e = akgl_set_property("game.screenwidth", text);
    snprintf(text, sizeof(text), "%d", h);
    if (e == NULL) {
        e = akgl_set_property("game.screenheight", text);
    }
    if (e == NULL) {
        e = akgl_render_2d_init(&s->r);
    }
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "akgl_render_2d_init: %s", e->message);
        e = akerr_release_error(e);
        return false;
    }
    s->r.clear_color = CLEAR;
    return scene_load_sheet_(s);
}

/* The two software renderers the pixel suites run every case on: the
 * window akgl_render_2d_init makes (offscreen driver, software renderer: what
 * the examples and akgl_app draw on) and a software renderer over a plain
 * surface, bound with akgl_render_2d_bind. */
typedef bool (*SceneOpener)(Scene *s, int w, int h);

static const struct
{
    const char *name;
    SceneOpener open;
} SCENE_OPENERS[] = {{"window", scene_open_window}, {"bound", scene_open_bound}};

/* Runs @p check on each of SCENE_OPENERS: a pixel case, on both renderers. */
static inline void scene_each(void (*check)(SceneOpener open))
{
    for (size_t i = 0; i < SDL_arraysize(SCENE_OPENERS); i++) {
        check(SCENE_OPENERS[i].open);
    }
}

/* Gives the sheet back, shuts the backend down, and clears the size properties. */
static inline void scene_close(Scene *s)
{
    if (s->sheet != NULL) {
        CHECK_OK(akgl_heap_release_spritesheet(s->sheet));
        s->sheet = NULL;
    }
    if (s->r.shutdown != NULL) {
        CHECK_OK(s->r.shutdown(&s->r));
    }
    if (s->sdl != NULL) {
        SDL_DestroyRenderer(s->sdl);
    }
    if (s->target != NULL) {
        SDL_DestroySurface(s->target);
    }
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight");
    SDL_zerop(s);
}

/* A sprite of @p n cells of the fixture sheet; the game's reference is the caller's. */
static inline akgl_Sprite *make_sprite(Scene *s, const char *name, const int *cells, int n,
                                       uint32_t speed_ms, bool loop, bool reverse)
{
    akgl_Sprite *spr = NULL;
    akerr_ErrorContext *e = akgl_heap_next_sprite(&spr);
    if (e == NULL) {
        e = akgl_sprite_initialize(spr, name, s->sheet);
        if (e != NULL) {
            IGNORE(akgl_heap_release_sprite(spr));
        }
    }
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "sprite \"%s\": %s", name, e->message);
        e = akerr_release_error(e);
        return NULL;
    }
    spr->width = CELL;
    spr->height = CELL;
    spr->frames = n;
    for (int i = 0; i < n; i++) {
        spr->frameids[i] = (uint8_t)cells[i];
    }
    spr->speed = (uint32_t)(speed_ms * AKGL_TIME_ONEMS_NS);
    spr->loop = loop;
    spr->loopReverse = reverse;
    return spr;
}

static inline akgl_Character *make_character(const char *name, uint64_t speedtime_ms)
{
    akgl_Character *c = NULL;
    akerr_ErrorContext *e = akgl_heap_next_character(&c);
    if (e == NULL) {
        e = akgl_character_initialize(c, name);
        if (e != NULL) {
            IGNORE(akgl_heap_release_character(c));
        }
    }
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "character \"%s\": %s", name, e->message);
        e = akerr_release_error(e);
        return NULL;
    }
    c->speedtime = speedtime_ms * AKGL_TIME_ONEMS_NS;
    return c;
}

/* An initialised actor, with the character named @p charname when not NULL. */
static inline akgl_Actor *make_actor(const char *name, const char *charname)
{
    akgl_Actor *a = NULL;
    akerr_ErrorContext *e = akgl_heap_next_actor(&a);
    if (e == NULL) {
        e = akgl_actor_initialize(a, name);
        if (e == NULL && charname != NULL) {
            e = akgl_actor_set_character(a, charname);
        }
        if (e != NULL) {
            IGNORE(akgl_heap_release_actor(a));
        }
    }
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "actor \"%s\": %s", name, e->message);
        e = akerr_release_error(e);
        return NULL;
    }
    return a;
}

/* The renderer's target now, as RGBA32 (read before anything presents it). */
static inline SDL_Surface *read_screen(SDL_Renderer *sdl)
{
    SDL_Surface *raw = SDL_RenderReadPixels(sdl, NULL);
    if (raw == NULL) {
        test_failf_(__FILE__, __LINE__, "SDL_RenderReadPixels: %s", SDL_GetError());
        return NULL;
    }
    SDL_Surface *rgba = SDL_ConvertSurface(raw, SDL_PIXELFORMAT_RGBA32);
    SDL_DestroySurface(raw);
    return rgba;
}

static inline SDL_Color pixel_at(SDL_Surface *s, int x, int y)
{
    SDL_Color c = {0, 0, 0, 0};
    if (s == NULL || !SDL_ReadSurfacePixel(s, x, y, &c.r, &c.g, &c.b, &c.a)) {
        return (SDL_Color){1, 2, 3, 4}; /* nothing any check expects */
    }
    return c;
}

#define CHECK_PIXEL(surface, x, y, want) \
    do { \
        SDL_Color test_got_ = pixel_at((surface), (x), (y)); \
        SDL_Color test_want_ = (want); \
        CHECK_MSG(same_rgb(test_got_, test_want_), \
                  "pixel (%d, %d) is (%d, %d, %d), expected %s = (%d, %d, %d)", (int)(x), \
                  (int)(y), test_got_.r, test_got_.g, test_got_.b, #want, test_want_.r, \
                  test_want_.g, test_want_.b); \
    } while (0)

/* Replaces a backend's frame_end with one that keeps a copy of the frame
 * (read before present) in `scene_last_frame`, then presents. */
static SDL_Surface *scene_last_frame;
static akgl_RenderFrameFunc scene_real_frame_end;
static int scene_frames_seen;

static inline akerr_ErrorContext *scene_capture_frame_end(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    if (scene_last_frame != NULL) {
        SDL_DestroySurface(scene_last_frame);
    }
    scene_last_frame = read_screen(r->sdl_renderer);
    scene_frames_seen++;
    FAIL_ZERO_RETURN(errctx, scene_last_frame, AKERR_API, "cannot read the frame back");
    PASS(errctx, scene_real_frame_end(r));
    SUCCEED_RETURN(errctx);
}

static inline void scene_capture(akgl_Renderer *r)
{
    scene_real_frame_end = r->frame_end;
    r->frame_end = scene_capture_frame_end;
    scene_frames_seen = 0;
}

static inline void scene_capture_done(void)
{
    if (scene_last_frame != NULL) {
        SDL_DestroySurface(scene_last_frame);
        scene_last_frame = NULL;
    }
}

/* Steps the manual clock; fails the case if it cannot. */
static inline void advance_ms(uint64_t ms)
{
    CHECK_OK(akgl_time_advance(ms * AKGL_TIME_ONEMS_NS));
}

/* Whether SDL's opengl renderer can be made here (a display, a GL driver):
 * a test run on GL (akgl_add_gl_test) exits 77, skipped, when it cannot. */
static inline bool scene_gl_available(void)
{
    if (!SDL_InitSubSystem(SDL_INIT_VIDEO)) {
        fprintf(stderr, "skipped: SDL video does not start (%s); run under xvfb-run\n",
                SDL_GetError());
        return false;
    }
    SDL_Window *w = SDL_CreateWindow("probe", 16, 16, SDL_WINDOW_HIDDEN);
    SDL_Renderer *r = w != NULL ? SDL_CreateRenderer(w, "opengl") : NULL;
    if (r == NULL) {
        fprintf(stderr, "skipped: no OpenGL renderer can be made (%s)\n", SDL_GetError());
    }
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return r != NULL;
}

#endif /* AKGL_TEST_SCENE_H */
