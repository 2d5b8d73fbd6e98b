/*
 * akgl demo: a little platformer on examples/assets/level1.tmj.
 *
 *   akgl_demo [--check] [--frames N] [--assets DIR] [--screenshot OUT.png | OUT.png]
 *
 * Left/Right (or A/D, the d-pad, the left stick) walk, Space/Up/W (or the
 * south button) jump: the bindings are examples/assets/input/platformer.json.
 * Collect the coins, jump on the slimes, keep away from the bats; falling into
 * the water costs a life. Escape quits.
 *
 * With a display it runs until the window closes. Headless
 * (SDL_VIDEO_DRIVER=offscreen or dummy, as tools/demo.sh sets it without a
 * display) it plays a scripted run on the manual game clock: the script
 * presses keys through the same controller as a player would, so every run
 * draws the same frames. It writes screenshots at set frames
 * (OUT-<frame>.png) and at the last one (OUT.png), and prints the frame-time
 * figures. --check then checks the run's outcome: how many coins were
 * collected and where the hero ended.
 *
 * Assets: --assets DIR, else the directory the build compiled in
 * (AKGL_EXAMPLES_ASSETS), else "assets" beside the executable.
 */
#define SDL_MAIN_USE_CALLBACKS 1
#include <SDL3/SDL.h>
#include <SDL3/SDL_main.h>

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/controller.h>
#include <akgl/game.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sound.h>
#include <akgl/sprite.h>
#include <akgl/text.h>
#include <akgl/tilemap.h>
#include <akgl/time.h>
#include <akstdlib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_NS (16666667ull) /* 60 frames a second on the manual clock */
#define HUD_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
#define JUMP_SPEED 330.0f
#define START_LIVES 3
#define MAX_FRAMES 36000 /* frame times kept for the figures (10 minutes) */

/* The outcome --check expects from the scripted run of the default length. */
#define CHECK_FRAMES 720
#define CHECK_COINS 7
#define CHECK_X_MIN 600.0f
#define CHECK_X_MAX 700.0f

static const char *const SPRITES[] = {
    "knight_idle_down.json", "knight_idle_left.json", "knight_idle_right.json",
    "knight_idle_up.json",   "knight_walk_down.json", "knight_walk_left.json",
    "knight_walk_right.json", "knight_walk_up.json",  "knight_hurt.json",
    "knight_jump_left.json", "knight_jump_right.json", "slime_hop.json",
    "slime_squashed.json",   "slime_hurt.json",       "bat_flap.json",
    "bat_hurt.json",         "bat_dead.json",         "coin_spin.json",
    "coin_sparkle.json",
};
static const char *const CHARACTERS[] = {"knight.json", "slime.json", "bat.json", "coin.json"};
static const int SHOT_FRAMES[] = {120, 360};

typedef enum Kind { KIND_HERO, KIND_SLIME, KIND_BAT, KIND_COIN } Kind;

/* What the game keeps about each actor the map spawned (actor->userdata). */
typedef struct Thing
{
    Kind kind;
    bool gone;        /* collected or squashed: no more overlaps */
    uint64_t gone_ns; /* when, to hide it after its last animation */
    float home_y;     /* a bat hovers about this */
} Thing;

static struct
{
    akgl_Renderer renderer;
    akgl_Physics physics;
    akgl_Controller controller;
    akgl_Tilemap *map;
    akgl_Actor *hero;
    akgl_Font *font;
    Thing things[AKGL_MAX_HEAP_ACTOR];
    int nthings, coins, coins_total, score, lives;
    float start_x, start_y;
    uint64_t safe_until_ns; /* the hero cannot be hurt before this */
    bool headless, check, started;
    int frames, frame;
    char assets[512], output[512], hud[96];
    uint64_t frame_ns[MAX_FRAMES];
    uint64_t last_ticks, fps_since;
    int fps, fps_count;
} demo = {.frames = CHECK_FRAMES, .output = "build/demo.png", .lives = START_LIVES};

static akgl_Sound *sound(const char *name)
{
    akgl_Sound *s = NULL;
    akerr_ErrorContext *e = akgl_sound_get(name, &s);
    RELEASE_ERROR(e);
    return s;
}

static void play(const char *name)
{
    akgl_Sound *s = sound(name);
    if (s != NULL) {
        akerr_ErrorContext *e = akgl_sound_play(s, 1.0f, 0.0f, NULL);
        RELEASE_ERROR(e); /* a missing sound is not worth stopping the game for */
    }
}

/* ---- the rules ------------------------------------------------------------ */

static bool solid_at(float x, float y)
{
    const akgl_SolidGrid *g = &demo.physics.grid;
    int c = (int)SDL_floorf((x - g->origin_x) / g->tile_w), r = (int)SDL_floorf((y - g->origin_y) / g->tile_h);
    return g->cells == NULL || c < 0 || r < 0 || c >= g->cols || r >= g->rows ||
           g->cells[r * g->cols + c] != 0;
}

static void lose_life(void)
{
    play("hurt");
    demo.safe_until_ns = akgl_time_now() + 1500 * AKGL_TIME_ONEMS_NS;
    if (--demo.lives <= 0) { /* game over: start again, coins stay collected */
        demo.lives = START_LIVES;
        demo.hero->x = demo.start_x;
        demo.hero->y = demo.start_y;
        demo.hero->vx = demo.hero->vy = 0.0f;
    }
}

/* The hero: facing from movement, a blink while it cannot be hurt, and the
 * water (below the map's floor) costs a life and sends it back to the start. */
static akerr_ErrorContext *hero_update(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    uint64_t now = akgl_time_now();
    obj->tint.a = (now < demo.safe_until_ns && (now / (80 * AKGL_TIME_ONEMS_NS)) % 2) ? 80 : 255;
    if (obj->y > (float)(demo.map->height * demo.map->tileheight - 40)) {
        lose_life();
        obj->x = demo.start_x;
        obj->y = demo.start_y;
        obj->vx = obj->vy = 0.0f;
    }
    PASS(errctx, akgl_actor_run_update(obj));
    SUCCEED_RETURN(errctx);
}

/* Slimes walk until a wall or a ledge, then turn round. */
static akerr_ErrorContext *slime_update(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    Thing *t = obj->userdata;
    if (t->gone) {
        obj->visible = akgl_time_now() - t->gone_ns < 600 * AKGL_TIME_ONEMS_NS;
    } else {
        bool right = (obj->state & AKGL_ACTOR_STATE_MOVING_RIGHT) != 0;
        float ahead = right ? obj->x + 17.0f : obj->x - 1.0f;
        if ((obj->touching & (AKGL_PHYSICS_TOUCH_LEFT | AKGL_PHYSICS_TOUCH_RIGHT)) ||
            ((obj->touching & AKGL_PHYSICS_TOUCH_BOTTOM) && !solid_at(ahead, obj->y + 17.0f))) {
            obj->state ^= AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_RIGHT;
        }
    }
    PASS(errctx, akgl_actor_run_update(obj));
    SUCCEED_RETURN(errctx);
}

/* Bats hover (immovable: the physics leaves them where this puts them). */
static akerr_ErrorContext *bat_update(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    Thing *t = obj->userdata;
    obj->y = t->home_y + 10.0f * SDL_sinf((float)(akgl_time_now() / AKGL_TIME_ONEMS_NS) / 400.0f + obj->x);
    PASS(errctx, akgl_actor_run_update(obj));
    SUCCEED_RETURN(errctx);
}

/* A collected coin sparkles once, then goes. */
static akerr_ErrorContext *coin_update(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    Thing *t = obj->userdata;
    if (t->gone) {
        obj->visible = akgl_time_now() - t->gone_ns < 280 * AKGL_TIME_ONEMS_NS;
    }
    PASS(errctx, akgl_actor_run_update(obj));
    SUCCEED_RETURN(errctx);
}

/* Every pair of overlapping boxes, once per update: coins, stomps and hurts. */
static akerr_ErrorContext *on_overlap(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b, void *ud)
{
    PREPARE_ERROR(errctx);
    (void)p;
    (void)ud;
    if (b == demo.hero) {
        akgl_Actor *swap = a;
        a = b;
        b = swap;
    }
    Thing *t = b->userdata;
    if (a != demo.hero || t == NULL || t->gone) {
        SUCCEED_RETURN(errctx);
    }
    uint64_t now = akgl_time_now();
    if (t->kind == KIND_COIN) {
        t->gone = true;
        t->gone_ns = now;
        b->state = AKGL_ACTOR_STATE_DEAD; /* the sparkle */
        demo.coins++;
        demo.score += 10;
        play("coin");
    } else if (t->kind == KIND_SLIME && a->vy > 0.0f && a->y + 10.0f < b->y) {
        t->gone = true; /* landed on it */
        t->gone_ns = now;
        b->state = AKGL_ACTOR_STATE_DEAD;
        b->immovable = true;
        a->vy = -JUMP_SPEED * 0.7f;
        demo.score += 50;
        play("jump");
    } else if (now >= demo.safe_until_ns) {
        a->vx = (a->x < b->x) ? -160.0f : 160.0f; /* knocked back */
        a->vy = -180.0f;
        lose_life();
    }
    SUCCEED_RETURN(errctx);
}

/* The jump action: only from the ground. Called with the state lock held. */
static akerr_ErrorContext *on_action(akgl_Controller *c, const char *action, bool pressed, void *ud)
{
    PREPARE_ERROR(errctx);
    (void)c;
    (void)ud;
    if (pressed && strcmp(action, "jump") == 0 &&
        (demo.hero->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        demo.hero->vy = -JUMP_SPEED;
        play("jump");
    }
    SUCCEED_RETURN(errctx);
}

/* The HUD, over the world in the logical 320x180 picture; headless, the
 * screenshots are taken here, the frame finished and not yet presented. */
static akerr_ErrorContext *draw_hud(akgl_Renderer *r, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    if (demo.font != NULL) {
        SDL_Color shadow = {0, 0, 0, 200}, white = {255, 255, 255, 255};
        PASS(errctx, akgl_text_draw(demo.font, demo.hud, 5.0f, 4.0f, shadow));
        PASS(errctx, akgl_text_draw(demo.font, demo.hud, 4.0f, 3.0f, white));
    }
    if (demo.headless) {
        char path[600];
        for (size_t i = 0; i < SDL_arraysize(SHOT_FRAMES); i++) {
            if (demo.frame == SHOT_FRAMES[i]) {
                size_t n = strlen(demo.output);
                n = (n > 4 && strcmp(demo.output + n - 4, ".png") == 0) ? n - 4 : n;
                snprintf(path, sizeof(path), "%.*s-%04d.png", (int)n, demo.output, demo.frame);
                PASS(errctx, akgl_render_screenshot(r, path));
            }
        }
        if (demo.frame == demo.frames - 1) {
            PASS(errctx, akgl_render_screenshot(r, demo.output));
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ---- setting up ------------------------------------------------------------ */

static const char *asset(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof(path), "%s/%s", demo.assets, name);
    return path;
}

static akerr_ErrorContext *meet_the_cast(void)
{
    PREPARE_ERROR(errctx);
    for (int i = 0; i < demo.map->nspawned && demo.nthings < AKGL_MAX_HEAP_ACTOR; i++) {
        akgl_Actor *a = demo.map->spawned[i];
        Thing *t = &demo.things[demo.nthings++];
        const char *who = a->basechar->name;
        a->userdata = t;
        if (strcmp(a->name, "hero") == 0) {
            t->kind = KIND_HERO;
            demo.hero = a;
            a->updatefunc = hero_update;
            a->layer = 2;
            a->hitbox = (SDL_FRect){3, 2, 10, 14};
            demo.start_x = a->x;
            demo.start_y = a->y;
        } else if (strcmp(who, "slime") == 0) {
            t->kind = KIND_SLIME;
            a->updatefunc = slime_update;
            a->state |= AKGL_ACTOR_STATE_MOVING_LEFT;
            a->hitbox = (SDL_FRect){2, 6, 12, 10};
        } else if (strcmp(who, "bat") == 0) {
            t->kind = KIND_BAT;
            t->home_y = a->y;
            a->immovable = true;
            a->updatefunc = bat_update;
            a->hitbox = (SDL_FRect){3, 4, 10, 8};
        } else {
            t->kind = KIND_COIN;
            demo.coins_total++;
            a->immovable = true;
            a->updatefunc = coin_update;
            a->hitbox = (SDL_FRect){4, 4, 8, 8};
        }
    }
    FAIL_ZERO_RETURN(errctx, demo.hero != NULL, AKERR_KEY, "%s has no object named \"hero\"",
                     demo.map->path);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *start(void)
{
    int spawned = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_game_init());
    SDL_strlcpy(game.name, "akgl demo", sizeof(game.name));
    PASS(errctx, akgl_set_property("game.screenwidth", "960"));
    PASS(errctx, akgl_set_property("game.screenheight", "540"));
    PASS(errctx, akgl_set_property("game.logicalwidth", "320")); /* pixel art, scaled up */
    PASS(errctx, akgl_set_property("game.logicalheight", "180"));
    PASS(errctx, akgl_set_property("physics.gravity.y", "900"));
    PASS(errctx, akgl_set_property("physics.drag.x", "5"));
    PASS(errctx, akgl_render_2d_init(&demo.renderer));
    demo.renderer.clear_color = (SDL_Color){40, 44, 80, 255};
    if (!demo.headless && !SDL_SetRenderVSync(demo.renderer.sdl_renderer, 1)) {
        SDL_Log("akgl_demo: no vsync (%s): frames run as fast as they can", SDL_GetError());
    }
    PASS(errctx, akgl_physics_init_arcade(&demo.physics));
    demo.physics.on_overlap = on_overlap;
    if (demo.headless) {
        PASS(errctx, akgl_time_use_manual(true)); /* the same frames every run */
    }
    for (size_t i = 0; i < SDL_arraysize(SPRITES); i++) {
        PASS(errctx, akgl_sprite_load_json(asset(SPRITES[i])));
    }
    for (size_t i = 0; i < SDL_arraysize(CHARACTERS); i++) {
        PASS(errctx, akgl_character_load_json(asset(CHARACTERS[i])));
    }
    PASS(errctx, akgl_sound_load_json(asset("sounds/sounds.json")));
    akerr_ErrorContext *font = akgl_font_load(HUD_FONT, 9.0f, &demo.font);
    if (font != NULL) { /* fonts-dejavu-core missing: play without text */
        SDL_Log("akgl_demo: no HUD text: %s", font->message);
        RELEASE_ERROR(font);
    }
    PASS(errctx, akgl_game_set_overlay(draw_hud, NULL));
    /* The map after the physics, so its solid tiles become the physics' grid. */
    PASS(errctx, akgl_tilemap_load(asset("level1.tmj"), &demo.map));
    PASS(errctx, akgl_game_set_tilemap(demo.map));
    PASS(errctx, akgl_tilemap_spawn_actors(demo.map, &spawned));
    PASS(errctx, meet_the_cast());
    PASS(errctx, akgl_camera_follow(game.camera, demo.hero, 0.0f, 0.0f));
    PASS(errctx, akgl_camera_set_bounds(game.camera, &(SDL_FRect){0, 0,
        (float)(demo.map->width * demo.map->tilewidth), (float)(demo.map->height * demo.map->tileheight)}));
    PASS(errctx, akgl_controller_initialize(&demo.controller, demo.hero));
    PASS(errctx, akgl_controller_load_json(&demo.controller, asset("input/platformer.json")));
    PASS(errctx, akgl_controller_set_action_callback(&demo.controller, on_action, NULL));
    if (sound("music") != NULL) {
        PASS(errctx, akgl_sound_music_play(sound("music"), 1.0f, 500, NULL));
    }
    demo.started = true;
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
#ifdef AKGL_EXAMPLES_ASSETS
    SDL_strlcpy(demo.assets, AKGL_EXAMPLES_ASSETS, sizeof(demo.assets));
#else
    snprintf(demo.assets, sizeof(demo.assets), "%sassets", SDL_GetBasePath());
#endif
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0) {
            demo.check = true;
        } else if (strcmp(argv[i], "--frames") == 0) {
            /* One argument, read once: SDL_max is a macro that evaluates its
             * arguments twice, so argv[++i] inside it skipped the next flag.
             * Not a number, or below 1, is refused rather than read as 1. */
            int n = 0;
            akerr_ErrorContext *bad = (i + 1 < argc) ? aksl_atoi(argv[i + 1], &n)
                                                     : akerr_fail_at(NULL, AKERR_VALUE, __FILE__,
                                                                     __func__, __LINE__,
                                                                     "--frames needs a number");
            if (bad == NULL && (n < 1 || n > MAX_FRAMES)) {
                bad = akerr_fail_at(NULL, AKERR_VALUE, __FILE__, __func__, __LINE__,
                                    "--frames is %d; it must be 1..%d", n, MAX_FRAMES);
            }
            if (bad != NULL) {
                SDL_Log("akgl_demo: %s", bad->message);
                RELEASE_ERROR(bad);
                return SDL_APP_FAILURE;
            }
            demo.frames = n;
            i++;
        } else if (strcmp(argv[i], "--assets") == 0 && i + 1 < argc) {
            SDL_strlcpy(demo.assets, argv[++i], sizeof(demo.assets));
        } else if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) {
            SDL_strlcpy(demo.output, argv[++i], sizeof(demo.output));
        } else {
            SDL_strlcpy(demo.output, argv[i], sizeof(demo.output));
        }
    }
    if (!SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)) {
        SDL_SetHint(SDL_HINT_VIDEO_DRIVER, "offscreen"); /* no display: draw offscreen */
        if (!SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)) {
            SDL_Log("akgl_demo: SDL_Init: %s", SDL_GetError());
            return SDL_APP_FAILURE;
        }
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    demo.headless = driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy"));
    return report(start());
}

/* Hands one event to the controller, under the lock (events may arrive on
 * another thread than iterations). */
static akerr_ErrorContext *feed(const SDL_Event *e)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_game_state_lock());
    akerr_ErrorContext *inner = akgl_controller_handle_event(&demo.controller, e);
    PASS(errctx, akgl_game_state_unlock());
    PASS(errctx, inner);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *press(SDL_Scancode key, bool down)
{
    SDL_Event e = {0};
    e.type = down ? SDL_EVENT_KEY_DOWN : SDL_EVENT_KEY_UP;
    e.key.scancode = key;
    e.key.down = down;
    return feed(&e);
}

/* The scripted run: run right, jumping every 50 frames (a jump lasts about
 * 45), with a pause to let a bat go by. */
static akerr_ErrorContext *script(int f)
{
    PREPARE_ERROR(errctx);
    if (f == 10) {
        PASS(errctx, press(SDL_SCANCODE_RIGHT, true));
    }
    if (f == 400) {
        PASS(errctx, press(SDL_SCANCODE_RIGHT, false));
    }
    if (f == 430) {
        PASS(errctx, press(SDL_SCANCODE_RIGHT, true));
    }
    if (f % 50 == 20) {
        PASS(errctx, press(SDL_SCANCODE_SPACE, true));
    }
    if (f % 50 == 30) {
        PASS(errctx, press(SDL_SCANCODE_SPACE, false));
    }
    SUCCEED_RETURN(errctx);
}

SDL_AppResult SDL_AppEvent(void *appstate, SDL_Event *event)
{
    (void)appstate;
    if (event->type == SDL_EVENT_QUIT ||
        (event->type == SDL_EVENT_KEY_DOWN && event->key.scancode == SDL_SCANCODE_ESCAPE)) {
        return SDL_APP_SUCCESS;
    }
    return demo.headless ? SDL_APP_CONTINUE : report(feed(event));
}

SDL_AppResult SDL_AppIterate(void *appstate)
{
    (void)appstate;
    uint64_t t0 = SDL_GetTicksNS();
    if (demo.headless) {
        if (report(script(demo.frame)) != SDL_APP_CONTINUE ||
            report(akgl_time_advance(FRAME_NS)) != SDL_APP_CONTINUE) {
            return SDL_APP_FAILURE;
        }
    }
    snprintf(demo.hud, sizeof(demo.hud), "SCORE %05d  COINS %d/%d  LIVES %d  FPS %d", demo.score,
             demo.coins, demo.coins_total, demo.lives, demo.fps);
    if (report(akgl_game_frame()) != SDL_APP_CONTINUE) { /* lock, update, draw, unlock */
        return SDL_APP_FAILURE;
    }
    uint64_t t1 = SDL_GetTicksNS();
    demo.frame_ns[demo.frame % MAX_FRAMES] = t1 - t0;
    demo.fps_count++;
    if (t1 - demo.fps_since >= SDL_NS_PER_SECOND / 2) { /* the HUD's fps, twice a second */
        demo.fps = (int)((uint64_t)demo.fps_count * SDL_NS_PER_SECOND / (t1 - demo.fps_since));
        demo.fps_since = t1;
        demo.fps_count = 0;
    }
    demo.frame++;
    return (demo.headless && demo.frame >= demo.frames) ? SDL_APP_SUCCESS : SDL_APP_CONTINUE;
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* min / median / 99th percentile / max of the frames' wall time (update + draw). */
static void print_frame_times(void)
{
    int n = SDL_min(demo.frame, MAX_FRAMES);
    if (n == 0) {
        return;
    }
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        sum += demo.frame_ns[i];
    }
    qsort(demo.frame_ns, (size_t)n, sizeof(demo.frame_ns[0]), by_value);
    printf("akgl_demo: %d frames, frame time ms: min %.3f median %.3f mean %.3f p99 %.3f max %.3f\n",
           n, demo.frame_ns[0] / 1e6, demo.frame_ns[n / 2] / 1e6, (double)sum / n / 1e6,
           demo.frame_ns[(n * 99) / 100] / 1e6, demo.frame_ns[n - 1] / 1e6);
}

static akerr_ErrorContext *stop(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_controller_release(&demo.controller));
    PASS(errctx, akgl_game_set_tilemap(NULL));
    PASS(errctx, akgl_game_unload(AKGL_UNLOAD_ALL)); /* the map, its actors, sprites, sounds, font */
    PASS(errctx, demo.renderer.shutdown(&demo.renderer));
    PASS(errctx, akgl_game_quit());
    SUCCEED_RETURN(errctx);
}

void SDL_AppQuit(void *appstate, SDL_AppResult result)
{
    (void)appstate;
    float x = demo.hero ? demo.hero->x : -1.0f, y = demo.hero ? demo.hero->y : -1.0f;
    if (demo.headless) {
        print_frame_times();
        printf("akgl_demo: coins %d of %d, score %d, lives %d, hero at (%.1f, %.1f), saved %s\n",
               demo.coins, demo.coins_total, demo.score, demo.lives, x, y, demo.output);
    }
    if (demo.started) {
        akerr_ErrorContext *e = stop();
        if (e != NULL) {
            LOG_ERROR(e);
            RELEASE_ERROR(e);
            result = SDL_APP_FAILURE;
        }
    }
    if (demo.check) {
        bool ok = result == SDL_APP_SUCCESS && demo.frames == CHECK_FRAMES &&
                  demo.coins >= CHECK_COINS && x >= CHECK_X_MIN && x <= CHECK_X_MAX;
        printf("akgl_demo: check %s (want %d frames, >= %d coins, hero x in %.0f..%.0f)\n",
               ok ? "passed" : "FAILED", CHECK_FRAMES, CHECK_COINS, CHECK_X_MIN, CHECK_X_MAX);
        if (!ok) {
            SDL_Quit();
            exit(1);
        }
    }
}
