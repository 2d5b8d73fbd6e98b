/*
 * Compiles and runs the SDL3 main-callback program of docs/15-game-loop.md.
 * CMake copies it out of the page at configure time (doc_skeleton.c in the
 * build directory), so the page cannot drift from what is tested.
 *
 * Its four callbacks are renamed on the way in and wrapped: the wrapper
 * feeds it key events as SDL_AppEvent would get them, checks what it drew
 * (read back before present), and ends the run after a fixed number of
 * frames. SDL's own main() drives it, as it would a game. The test runs in
 * tests/, where the program finds assets/loop/.
 */
#define SDL_MAIN_USE_CALLBACKS 1
#include <SDL3/SDL.h>
#include <SDL3/SDL_main.h>

SDL_AppResult skeleton_AppInit(void **appstate, int argc, char *argv[]);
SDL_AppResult skeleton_AppEvent(void *appstate, SDL_Event *event);
SDL_AppResult skeleton_AppIterate(void *appstate);
void skeleton_AppQuit(void *appstate, SDL_AppResult result);

#define SDL_AppInit skeleton_AppInit
#define SDL_AppEvent skeleton_AppEvent
#define SDL_AppIterate skeleton_AppIterate
#define SDL_AppQuit skeleton_AppQuit
#include "doc_skeleton.c"
#undef SDL_AppInit
#undef SDL_AppEvent
#undef SDL_AppIterate
#undef SDL_AppQuit

#include <stdio.h>
#include <stdlib.h>

#define FRAMES 40

static int frames;
static int failures;
static akgl_RenderFrameFunc present;
static SDL_Color seen_at_player;

#define EXPECT(cond) \
    do { \
        if (!(cond)) { \
            fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
            failures++; \
        } \
    } while (0)

/* The colour at the player's frame's top-left corner, read before present. */
static akerr_ErrorContext *look_then_present(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    SDL_Surface *raw = SDL_RenderReadPixels(r->sdl_renderer, NULL);
    FAIL_ZERO_RETURN(errctx, raw, AKERR_API, "SDL_RenderReadPixels: %s", SDL_GetError());
    SDL_Surface *rgba = SDL_ConvertSurface(raw, SDL_PIXELFORMAT_RGBA32);
    SDL_DestroySurface(raw);
    FAIL_ZERO_RETURN(errctx, rgba, AKERR_API, "SDL_ConvertSurface: %s", SDL_GetError());
    int x = (int)(player->x - game.camera->x), y = (int)(player->y - game.camera->y);
    seen_at_player = (SDL_Color){0, 0, 0, 0};
    bool ok = SDL_ReadSurfacePixel(rgba, x, y, &seen_at_player.r, &seen_at_player.g,
                                   &seen_at_player.b, &seen_at_player.a);
    SDL_DestroySurface(rgba);
    FAIL_ZERO_RETURN(errctx, ok, AKERR_API, "SDL_ReadSurfacePixel: %s", SDL_GetError());
    PASS(errctx, present(r));
    SUCCEED_RETURN(errctx);
}

static SDL_AppResult key(SDL_EventType type, SDL_Keycode k)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = type;
    e.key.key = k;
    e.key.down = (type == SDL_EVENT_KEY_DOWN);
    return skeleton_AppEvent(NULL, &e);
}

/* Cell markers of the fixture sheet (tests/assets/README.md). */
static bool marker_of(SDL_Color c, int cell)
{
    return c.r == 255 && c.g == 255 && c.b == cell * 32;
}

SDL_AppResult SDL_AppInit(void **appstate, int argc, char *argv[])
{
    SDL_AppResult r = skeleton_AppInit(appstate, argc, argv);
    EXPECT(r == SDL_APP_CONTINUE);
    if (r == SDL_APP_CONTINUE) {
        EXPECT(player != NULL && game.renderer == &renderer && game.camera->follow == player);
        present = renderer.frame_end;
        renderer.frame_end = look_then_present;
    }
    return r;
}

SDL_AppResult SDL_AppEvent(void *appstate, SDL_Event *event)
{
    /* Whatever the (offscreen) video driver sends, the program sees too. */
    return skeleton_AppEvent(appstate, event);
}

SDL_AppResult SDL_AppIterate(void *appstate)
{
    frames++;
    if (frames == 5) {
        EXPECT(key(SDL_EVENT_KEY_DOWN, SDLK_LEFT) == SDL_APP_CONTINUE);
    }
    if (frames == 20) {
        EXPECT(key(SDL_EVENT_KEY_UP, SDLK_LEFT) == SDL_APP_CONTINUE);
    }
    SDL_AppResult r = skeleton_AppIterate(appstate);
    EXPECT(r == SDL_APP_CONTINUE);
    if (r != SDL_APP_CONTINUE) {
        return r;
    }
    /* Standing: the idle cell (6). Walking left: a cell of the walk (0-3). */
    if (frames == 4 || frames == 30) {
        EXPECT(marker_of(seen_at_player, 6));
        EXPECT(player->state == (AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT));
    }
    if (frames == 6) {
        EXPECT(marker_of(seen_at_player, 0) || marker_of(seen_at_player, 1) ||
               marker_of(seen_at_player, 2) || marker_of(seen_at_player, 3));
        EXPECT(player->state & AKGL_ACTOR_STATE_MOVING_LEFT);
    }
    if (frames == FRAMES) {
        /* Escape ends the program the way a player would. */
        return key(SDL_EVENT_KEY_DOWN, SDLK_ESCAPE) == SDL_APP_SUCCESS && failures == 0
                   ? SDL_APP_SUCCESS
                   : SDL_APP_FAILURE;
    }
    return failures == 0 ? SDL_APP_CONTINUE : SDL_APP_FAILURE;
}

void SDL_AppQuit(void *appstate, SDL_AppResult result)
{
    skeleton_AppQuit(appstate, result);
    /* The quit gave everything back: no slot of any layer is live. */
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        int n = -1;
        akerr_ErrorContext *e = akgl_heap_in_use((akgl_HeapLayer)layer, &n);
        EXPECT(e == NULL || e->status == AKERR_INDEX); /* a layer not built in: no pool */
        e = akerr_release_error(e);
        EXPECT(n <= 0);
    }
    EXPECT(akerr_contexts_in_use() == 0);
    printf("%d frames, %s\n", frames, failures == 0 ? "1 passed, 0 failed" : "0 passed, 1 failed");
    if (failures != 0 || result != SDL_APP_SUCCESS) {
        /* SDL exits 0 after SDL_APP_SUCCESS; make a failure visible to ctest. */
        fflush(stdout);
        _Exit(1);
    }
}
