/*
 * akgl demo: a small game as an SDL3 main-callback app.
 *
 *   akgl_demo [--check] [--frames N] [OUTPUT.png]      (default: build/demo.png)
 *
 * A hero (arrow keys or WASD; the camera follows it) walks a field of
 * littleguys who wander back and forth. Everything is loaded from
 * examples/assets/ as JSON: sprites first, then characters.
 *
 * With a display it runs until the window closes (or Escape). Without one
 * (SDL_VIDEO_DRIVER=offscreen, as tools/demo.sh sets it) it plays a short
 * scripted walk on the manual game clock, so every run draws the same
 * frames, saves the last one to OUTPUT.png and exits. --check then reads
 * the PNG back and checks that the hero stands at the centre of the view.
 *
 * It shows the akgl way of writing callbacks: every step returns an error
 * context; the game state lock is held around anything that touches the
 * game; nothing is allocated per frame.
 */
#define SDL_MAIN_USE_CALLBACKS 1
#include <SDL3/SDL.h>
#include <SDL3/SDL_main.h>
#include <SDL3_image/SDL_image.h>

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sprite.h>
#include <akgl/time.h>
#include <akstdlib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ASSETS AKGL_DEMO_ASSETS_DIR
#define WORLD_W 640.0f
#define WORLD_H 480.0f
#define WANDERERS 6
#define FRAME_NS (16 * AKGL_TIME_ONEMS_NS)

static const char *const SPRITE_FILES[] = {
    "littleguy_stand_down.json", "littleguy_stand_left.json", "littleguy_stand_right.json",
    "littleguy_stand_up.json",   "littleguy_walk_down.json",  "littleguy_walk_left.json",
    "littleguy_walk_right.json", "littleguy_walk_up.json",    "hero_idle.json",
};
static const char *const CHARACTER_FILES[] = {"littleguy.json", "hero.json"};

typedef struct Demo
{
    akgl_Renderer renderer;
    akgl_Physics physics;
    akgl_Actor *hero;
    akgl_RenderFrameFunc present; /* the backend's own frame_end */
    SDL_Surface *shot;            /* the last frame, read back before presenting */
    bool headless, check;
    int frames, frame;
    const char *output;
} Demo;

static Demo demo = {.frames = 90, .output = "build/demo.png"};

/* ---- hooks a game installs ---------------------------------------------- */

/* The hero has one picture for every state: a lookup of its own instead of
 * mapping each state combination. */
static akerr_ErrorContext *hero_sprite_get(akgl_Character *basechar, int state, akgl_Sprite **dest)
{
    (void)state;
    return akgl_character_sprite_get(basechar, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN,
                                     dest);
}

/* The hero's art faces right: mirror it when it faces left. */
static akerr_ErrorContext *hero_face(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_actor_automatic_face(obj));
    obj->flip = (obj->state & AKGL_ACTOR_STATE_FACE_LEFT) ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE;
    SUCCEED_RETURN(errctx);
}

/* Wanderers turn round at the edges of the world, then update as usual. */
static akerr_ErrorContext *wander(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    if (obj->x < 16.0f || obj->x > WORLD_W - 64.0f) {
        obj->state ^= AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_RIGHT;
        obj->x = SDL_clamp(obj->x, 16.0f, WORLD_W - 64.0f);
        obj->vx = 0.0f;
    }
    PASS(errctx, akgl_actor_run_update(obj));
    SUCCEED_RETURN(errctx);
}

/* frame_end: keep a copy of the frame (headless), then present as usual. */
static akerr_ErrorContext *capture_then_present(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    if (demo.headless && demo.frame == demo.frames - 1) {
        SDL_DestroySurface(demo.shot);
        demo.shot = SDL_RenderReadPixels(r->sdl_renderer, NULL);
        FAIL_ZERO_RETURN(errctx, demo.shot, AKERR_API, "reading the frame back: %s",
                         SDL_GetError());
    }
    PASS(errctx, demo.present(r));
    SUCCEED_RETURN(errctx);
}

/* ---- setting up ------------------------------------------------------------ */

static akerr_ErrorContext *load_assets(void)
{
    char path[1024];
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < SDL_arraysize(SPRITE_FILES); i++) {
        snprintf(path, sizeof(path), "%s/%s", ASSETS, SPRITE_FILES[i]);
        PASS(errctx, akgl_sprite_load_json(path));
    }
    for (size_t i = 0; i < SDL_arraysize(CHARACTER_FILES); i++) {
        snprintf(path, sizeof(path), "%s/%s", ASSETS, CHARACTER_FILES[i]);
        PASS(errctx, akgl_character_load_json(path));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *spawn(const char *name, const char *charname, float x, float y,
                                 int state, akgl_Actor **dest)
{
    akgl_Actor *a = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_actor_spawn(name, charname, x, y, &a));
    a->state = state;
    if (dest != NULL) {
        *dest = a;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *build_world(void)
{
    akgl_Character *hero = NULL;
    PREPARE_ERROR(errctx);
    for (int i = 0; i < WANDERERS; i++) {
        akgl_Actor *guy = NULL;
        char name[32];
        int dir = (i % 2) ? AKGL_ACTOR_STATE_MOVING_LEFT : AKGL_ACTOR_STATE_MOVING_RIGHT;
        snprintf(name, sizeof(name), "littleguy %d", i);
        PASS(errctx, spawn(name, "littleguy", 40.0f + 90.0f * (float)i, 60.0f + 60.0f * (float)i,
                           AKGL_ACTOR_STATE_ALIVE | dir, &guy));
        guy->updatefunc = wander;
    }
    PASS(errctx, spawn("hero", "hero", WORLD_W / 2.0f, WORLD_H / 2.0f,
                       AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT, &demo.hero));
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", "hero", (void **)&hero));
    hero->sprite_get = hero_sprite_get;
    demo.hero->facefunc = hero_face;
    demo.hero->layer = 1; /* drawn over the littleguys */
    PASS(errctx, akgl_camera_follow(game.camera, demo.hero, 0.0f, 0.0f));
    PASS(errctx, akgl_camera_set_bounds(game.camera, &(SDL_FRect){0, 0, WORLD_W, WORLD_H}));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *start(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_game_init());
    SDL_strlcpy(game.name, "akgl demo", sizeof(game.name));
    PASS(errctx, akgl_set_property("game.screenwidth", "320"));
    PASS(errctx, akgl_set_property("game.screenheight", "240"));
    /* Top-down: no gravity; drag brings a walker to rest when it stops. */
    PASS(errctx, akgl_set_property("physics.drag.x", "6"));
    PASS(errctx, akgl_set_property("physics.drag.y", "6"));
    PASS(errctx, akgl_render_2d_init(&demo.renderer));
    demo.renderer.clear_color = (SDL_Color){100, 149, 237, 255};
    demo.present = demo.renderer.frame_end;
    demo.renderer.frame_end = capture_then_present;
    PASS(errctx, akgl_physics_init_arcade(&demo.physics));
    if (demo.headless) {
        PASS(errctx, akgl_time_use_manual(true)); /* the same frames every run */
    }
    PASS(errctx, load_assets());
    PASS(errctx, build_world());
    SUCCEED_RETURN(errctx);
}

/* ---- the callbacks ------------------------------------------------------------ */

static SDL_AppResult report(akerr_ErrorContext *errctx)
{
    if (errctx == NULL) {
        return SDL_APP_CONTINUE;
    }
    LOG_ERROR(errctx);
    RELEASE_ERROR(errctx);
    return SDL_APP_FAILURE;
}

SDL_AppResult SDL_AppInit(void **appstate, int argc, char *argv[])
{
    (void)appstate;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0) {
            demo.check = true;
        } else if (strcmp(argv[i], "--frames") == 0) {
            /* One argument, read once: SDL_max is a macro that evaluates its
             * arguments twice, so argv[++i] inside it skipped the next flag. */
            int n = 0;
            akerr_ErrorContext *bad = (i + 1 < argc) ? aksl_atoi(argv[i + 1], &n)
                                                     : akerr_fail_at(NULL, AKERR_VALUE, __FILE__,
                                                                     __func__, __LINE__,
                                                                     "--frames needs a number");
            if (bad == NULL && n < 1) {
                bad = akerr_fail_at(NULL, AKERR_VALUE, __FILE__, __func__, __LINE__,
                                    "--frames is %d; it must be 1 or more", n);
            }
            if (bad != NULL) {
                SDL_Log("akgl_demo: %s", bad->message);
                RELEASE_ERROR(bad);
                return SDL_APP_FAILURE;
            }
            demo.frames = n;
            i++;
        } else {
            demo.output = argv[i];
        }
    }
    if (!SDL_Init(SDL_INIT_VIDEO)) {
        /* No display, and no driver asked for: draw offscreen. */
        SDL_SetHint(SDL_HINT_VIDEO_DRIVER, "offscreen");
        if (!SDL_Init(SDL_INIT_VIDEO)) {
            SDL_Log("akgl_demo: SDL_Init: %s", SDL_GetError());
            return SDL_APP_FAILURE;
        }
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    demo.headless = driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy"));
    return report(start());
}

/* Arrow keys or WASD set the hero's MOVING_* bits, under the lock. */
static akerr_ErrorContext *steer(const SDL_KeyboardEvent *key)
{
    static const struct { SDL_Scancode key; int bit; } keys[] = {
        {SDL_SCANCODE_LEFT, AKGL_ACTOR_STATE_MOVING_LEFT},
        {SDL_SCANCODE_A, AKGL_ACTOR_STATE_MOVING_LEFT},
        {SDL_SCANCODE_RIGHT, AKGL_ACTOR_STATE_MOVING_RIGHT},
        {SDL_SCANCODE_D, AKGL_ACTOR_STATE_MOVING_RIGHT},
        {SDL_SCANCODE_UP, AKGL_ACTOR_STATE_MOVING_UP},
        {SDL_SCANCODE_W, AKGL_ACTOR_STATE_MOVING_UP},
        {SDL_SCANCODE_DOWN, AKGL_ACTOR_STATE_MOVING_DOWN},
        {SDL_SCANCODE_S, AKGL_ACTOR_STATE_MOVING_DOWN},
    };
    bool locked = false;
    PREPARE_ERROR(errctx);
    ATTEMPT {
        /* Events may arrive on another thread than iterations: hold the lock. */
        CATCH(errctx, akgl_game_state_lock());
        locked = true;
        for (size_t i = 0; i < SDL_arraysize(keys); i++) {
            if (keys[i].key == key->scancode) {
                demo.hero->state = key->down ? (demo.hero->state | keys[i].bit)
                                             : (demo.hero->state & ~keys[i].bit);
            }
        }
    } CLEANUP {
        if (locked) {
            IGNORE(akgl_game_state_unlock());
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* One frame; headless, a scripted walk on the manual clock first. */
static akerr_ErrorContext *play_frame(void)
{
    PREPARE_ERROR(errctx);
    if (demo.headless) {
        /* Right for a second, then down a little, then stand. Under the lock:
         * events may arrive on another thread than iterations. */
        int walk = demo.frame < 60   ? AKGL_ACTOR_STATE_MOVING_RIGHT
                   : demo.frame < 75 ? AKGL_ACTOR_STATE_MOVING_DOWN
                                     : 0;
        PASS(errctx, akgl_game_state_lock());
        demo.hero->state = (demo.hero->state & ~AKGL_ACTOR_STATE_MOVING_ALL) | walk;
        PASS(errctx, akgl_game_state_unlock());
        PASS(errctx, akgl_time_advance(FRAME_NS));
    }
    PASS(errctx, akgl_game_frame()); /* lock, update and draw, unlock */
    SUCCEED_RETURN(errctx);
}

SDL_AppResult SDL_AppEvent(void *appstate, SDL_Event *event)
{
    (void)appstate;
    if (event->type == SDL_EVENT_QUIT ||
        (event->type == SDL_EVENT_KEY_DOWN && event->key.scancode == SDL_SCANCODE_ESCAPE)) {
        return SDL_APP_SUCCESS;
    }
    if (event->type == SDL_EVENT_KEY_DOWN || event->type == SDL_EVENT_KEY_UP) {
        return report(steer(&event->key));
    }
    return SDL_APP_CONTINUE;
}

SDL_AppResult SDL_AppIterate(void *appstate)
{
    (void)appstate;
    if (report(play_frame()) == SDL_APP_FAILURE) {
        return SDL_APP_FAILURE;
    }
    demo.frame++;
    return (demo.headless && demo.frame >= demo.frames) ? SDL_APP_SUCCESS : SDL_APP_CONTINUE;
}

/* The hero stands at the centre of the view (the camera follows it, and the
 * world is larger than the view), so its 16x16 frame covers (152,112)..(167,127).
 * Screen (159,122) is art (7,10), inside the tunic: a block of one colour, so
 * a half-pixel rounding either way reads the same. */
static bool check_shot(void)
{
    SDL_Surface *saved = IMG_Load(demo.output);
    SDL_Surface *art = IMG_Load(ASSETS "/hero.png");
    Uint8 r = 0, g = 0, b = 0, a = 0, er = 0, eg = 0, eb = 0, ea = 0;
    bool ok = saved && art &&
              SDL_ReadSurfacePixel(saved, saved->w / 2 - 1, saved->h / 2 + 2, &r, &g, &b, &a) &&
              SDL_ReadSurfacePixel(art, 7, 10, &er, &eg, &eb, &ea) && ea == 255 &&
              r == er && g == eg && b == eb;
    printf("akgl_demo: check %s: centre pixel (%u,%u,%u), hero art (%u,%u,%u,%u)\n",
           ok ? "passed" : "FAILED", r, g, b, er, eg, eb, ea);
    SDL_DestroySurface(saved);
    SDL_DestroySurface(art);
    return ok;
}

static akerr_ErrorContext *stop(void)
{
    PREPARE_ERROR(errctx);
    /* The level: actors, characters, sprites, sheets and their textures
     * (the camera lets go of the hero first), then the window. */
    PASS(errctx, akgl_game_unload(AKGL_UNLOAD_ALL));
    PASS(errctx, demo.renderer.shutdown(&demo.renderer));
    PASS(errctx, akgl_game_quit());
    SUCCEED_RETURN(errctx);
}

void SDL_AppQuit(void *appstate, SDL_AppResult result)
{
    (void)appstate;
    bool saved = false;
    if (demo.shot != NULL) {
        saved = IMG_SavePNG(demo.shot, demo.output);
        printf("akgl_demo: %d frames, %s %s\n", demo.frame, saved ? "saved" : "could not save",
               demo.output);
        SDL_DestroySurface(demo.shot);
    }
    if (demo.hero != NULL) {
        PREPARE_ERROR(errctx);
        ATTEMPT {
            CATCH(errctx, stop());
        } CLEANUP {
        } PROCESS(errctx) {
        } FINISH_NORETURN(errctx);
    }
    if (result == SDL_APP_SUCCESS && demo.check && !(saved && check_shot())) {
        SDL_Quit();
        exit(1);
    }
}
