/*
 * akgl demo: a little platformer on examples/assets/level1.tmj.
 *
 *   akgl_demo [--check] [--frames N] [--assets DIR] [--screenshot OUT.png | OUT.png]
 *
 * Left/Right (or A/D, the d-pad, the left stick) walk, Space/Up/W (or the
 * south button) jump; Down (or S, the d-pad's down) held while jumping drops
 * through the one-way planks: the bindings are
 * examples/assets/input/platformer.json. The level has one-way planks, grass
 * slopes (45 and 22.5 degrees) and a raft that slides over the water: the
 * map marks them (docs/07-tilemaps.md), akgl's physics moves the actors on
 * them, and the demo draws the raft where akgl_physics_platform_box says.
 * Collect the coins, jump on the slimes, keep away from the bats; falling into
 * the water costs a life. Escape quits.
 *
 * It is an akgl_AppDesc and its callbacks, run by the application runner
 * (<akgl/app.h>, docs/23-app.md), which reads --frames, --screenshot and
 * --assets and hands the demo its own two options, --check and a bare OUT.png.
 *
 * With a display it runs until the window closes. Headless
 * (SDL_VIDEO_DRIVER=offscreen or dummy, as tools/demo.sh sets it without a
 * display) it plays a scripted run of 720 frames on the manual game clock:
 * the script presses keys through the same controller as a player would, so
 * every run draws the same frames. It writes screenshots at set frames
 * (OUT-<frame>.png) and at the last one (OUT.png, by default build/demo.png),
 * and prints the frame-time figures. --check then checks the run's outcome:
 * how many coins were collected and where the hero ended, and that on the
 * way it walked on a slope, stood on the one-way planks, dropped through
 * them and rode the raft.
 *
 * Assets: --assets DIR, else the directory the build compiled in
 * (AKGL_EXAMPLES_ASSETS), else "assets" beside the executable.
 *
 * With a display, the best score is kept between runs in best_score.txt, in
 * the folder SDL gives the game for its own files (SDL_GetPrefPath("akgl",
 * "demo"): on Linux ~/.local/share/akgl/demo/; in a browser, a folder the
 * page keeps in the browser's storage, examples/web/shell.html). Headless
 * runs neither read nor write it; the test akgl_demo_save (demo_save.cmake)
 * runs with a display under xvfb-run to check it.
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JUMP_SPEED 330.0f
#define START_LIVES 3
#define MAX_FRAMES 36000 /* frame times kept for the figures (the last 10 minutes) */

/* The outcome --check expects from the scripted run of the default length. */
#define CHECK_FRAMES 720
#define CHECK_COINS 7
#define CHECK_X_MIN 600.0f
#define CHECK_X_MAX 700.0f

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
    akgl_Physics physics;
    akgl_Controller controller;
    akgl_Tilemap *map;
    akgl_Actor *hero;
    akgl_Font *font;
    Thing things[AKGL_MAX_HEAP_ACTOR];
    int nthings, coins, coins_total, score, lives;
    float start_x, start_y;
    uint64_t safe_until_ns; /* the hero cannot be hurt before this */
    bool check;
    int frames, shot_stem; /* frames run; OUT.png's length without ".png" */
    float end_x;           /* where the hero ended, for --check */
    bool down;             /* the "down" action is held: a jump drops through */
    int on_slope, on_plank, on_raft, drops; /* frames on each, drops: for --check */
    float drop_feet;       /* where its feet were when it last dropped through */
    bool fell_through;     /* its feet then went below them, under a plank */
    char hud[96];
    uint64_t frame_ns[MAX_FRAMES];
    uint64_t last_ticks;
    int best;             /* the best score saved before this run */
    char best_path[AKGL_APP_MAX_PATH]; /* where it is kept; "" when SDL gives no folder */
} demo = {.lives = START_LIVES};

/* The best score of earlier runs, from the game's folder; 0 the first time.
 * A game goes on without its save: what went wrong is said, not fatal. */
static void load_best(void)
{
    char *folder = SDL_GetPrefPath("akgl", "demo");
    if (folder == NULL) {
        printf("akgl_demo: no folder to keep the best score in: %s\n", SDL_GetError());
        return;
    }
    int n = snprintf(demo.best_path, sizeof(demo.best_path), "%sbest_score.txt", folder);
    if (n < 0 || (size_t)n >= sizeof(demo.best_path)) {
        printf("akgl_demo: the folder for the best score, %s, is longer than %d bytes\n",
               folder, AKGL_APP_MAX_PATH - 1);
        demo.best_path[0] = '\0';
        SDL_free(folder);
        return;
    }
    SDL_free(folder);
    size_t size = 0;
    char *text = SDL_LoadFile(demo.best_path, &size);
    if (text != NULL) {
        demo.best = SDL_max(0, SDL_atoi(text));
        SDL_free(text);
    }
}

/* Keeps this run's score when it beats the best. */
static void save_best(void)
{
    if (demo.best_path[0] == '\0' || demo.score <= demo.best) {
        return;
    }
    char text[32];
    int n = snprintf(text, sizeof(text), "%d\n", demo.score);
    if (!SDL_SaveFile(demo.best_path, text, (size_t)n)) {
        printf("akgl_demo: the best score was not kept in %s: %s\n", demo.best_path,
               SDL_GetError());
    }
}

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

/* The physics grid's cell at world (x, y): AKGL_CELL_SOLID outside the map. */
static uint8_t cell_at(float x, float y)
{
    const akgl_SolidGrid *g = &demo.physics.grid;
    int c = (int)SDL_floorf((x - g->origin_x) / g->tile_w), r = (int)SDL_floorf((y - g->origin_y) / g->tile_h);
    if (g->cells == NULL || c < 0 || r < 0 || c >= g->cols || r >= g->rows) {
        return AKGL_CELL_SOLID;
    }
    return g->cells[r * g->cols + c];
}

/* Ground to walk on: solid, a one-way floor or a slope. */
static bool solid_at(float x, float y)
{
    return cell_at(x, y) != AKGL_CELL_OPEN;
}

static bool is_slope(uint8_t cell)
{
    return cell >= AKGL_CELL_SLOPE_BASE && cell <= AKGL_CELL_SLOPE_LAST;
}

/* What the hero stands on this frame, counted for --check: a slope, the
 * one-way planks, the raft. */
static akerr_ErrorContext *count_footing(void)
{
    PREPARE_ERROR(errctx);
    akgl_Actor *h = demo.hero;
    float mid = h->x + 8.0f, feet = h->y + 16.0f;
    /* Through: its feet below the planks' top with a plank still over its middle. */
    demo.fell_through = demo.fell_through ||
                        (demo.drops > 0 && feet > demo.drop_feet + 4.0f &&
                         cell_at(mid, demo.drop_feet + 0.5f) == AKGL_CELL_ONE_WAY);
    if (!(h->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        SUCCEED_RETURN(errctx);
    }
    demo.on_slope += is_slope(cell_at(mid, feet - 0.5f)) || is_slope(cell_at(mid, feet + 0.5f));
    demo.on_plank += cell_at(mid, feet + 0.5f) == AKGL_CELL_ONE_WAY;
    for (int i = 0; i < demo.physics.nplatforms; i++) {
        SDL_FRect b;
        PASS(errctx, akgl_physics_platform_box(&demo.physics, i, &b));
        demo.on_raft += SDL_fabsf(feet - b.y) < 0.5f && h->x + 13.0f > b.x && h->x + 3.0f < b.x + b.w;
    }
    SUCCEED_RETURN(errctx);
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

/* A collected coin sparkles once, then leaves the world (the map forgets it). */
static akerr_ErrorContext *coin_update(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    Thing *t = obj->userdata;
    if (t->gone && akgl_time_now() - t->gone_ns >= 280 * AKGL_TIME_ONEMS_NS) {
        PASS(errctx, akgl_actor_despawn(obj));
        SUCCEED_RETURN(errctx);
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

/* The jump action: only from the ground; with "down" held it drops through
 * the one-way floor or platform the hero stands on instead. */
static akerr_ErrorContext *on_action(akgl_Controller *c, const char *action, bool pressed, void *ud)
{
    PREPARE_ERROR(errctx);
    (void)c;
    (void)ud;
    if (strcmp(action, "down") == 0) {
        demo.down = pressed;
    } else if (pressed && strcmp(action, "jump") == 0 &&
               (demo.hero->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        if (demo.down) {
            PASS(errctx, akgl_physics_drop_through(demo.hero));
            demo.drop_feet = demo.hero->y + 16.0f;
            demo.drops++;
        } else {
            demo.hero->vy = -JUMP_SPEED;
            play("jump");
        }
    }
    SUCCEED_RETURN(errctx);
}

/* The raft (the map's platforms) where the physics has moved it, then the
 * HUD, over the world in the logical 320x180 picture; headless, frames
 * 120 and 360 are saved here too, finished and not yet presented (the
 * runner saves the last). */
static akerr_ErrorContext *draw(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    for (int i = 0; i < demo.physics.nplatforms; i++) {
        SDL_FRect b;
        PASS(errctx, akgl_physics_platform_box(&demo.physics, i, &b));
        PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, b.x, b.y, b.w, b.h,
                                           (SDL_Color){64, 38, 24, 255}));
        PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, b.x + 1.0f, b.y + 1.0f, b.w - 2.0f,
                                           b.h - 2.0f, (SDL_Color){176, 118, 62, 255}));
        PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, b.x + 1.0f, b.y + 1.0f, b.w - 2.0f,
                                           1.0f, (SDL_Color){214, 160, 96, 255}));
    }
    SDL_Color shadow = {0, 0, 0, 200}, white = {255, 255, 255, 255};
    PASS(errctx, akgl_text_draw(demo.font, demo.hud, 5.0f, 4.0f, shadow));
    PASS(errctx, akgl_text_draw(demo.font, demo.hud, 4.0f, 3.0f, white));
    for (size_t i = 0; app->headless && i < SDL_arraysize(SHOT_FRAMES); i++) {
        if (app->frame == SHOT_FRAMES[i]) {
            char path[AKGL_APP_MAX_PATH]; /* it fits: init measured OUT.png */
            snprintf(path, sizeof(path), "%.*s-%04d.png", demo.shot_stem, app->screenshot,
                     app->frame);
            PASS(errctx, akgl_render_screenshot(&app->renderer, path));
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ---- setting up ------------------------------------------------------------ */

static akerr_ErrorContext *meet_the_cast(void)
{
    PREPARE_ERROR(errctx);
    for (int i = 0; i < demo.map->nspawned && demo.nthings < AKGL_MAX_HEAP_ACTOR; i++) {
        akgl_Actor *a = NULL;
        PASS(errctx, akgl_actor_from_ref(demo.map->spawned[i], &a));
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

/* Headless, the screenshots: OUT.png (default build/demo.png) for the last
 * frame, and OUT-0120.png and OUT-0360.png beside it. */
static akerr_ErrorContext *name_screenshots(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    if (app->screenshot == NULL) {
        app->screenshot = "build/demo.png";
    }
    size_t n = strlen(app->screenshot);
    n -= (n > 4 && strcmp(app->screenshot + n - 4, ".png") == 0) ? 4 : 0;
    FAIL_NONZERO_RETURN(errctx, n + sizeof("-0000.png") > AKGL_APP_MAX_PATH, AKERR_OUTOFBOUNDS,
                        "akgl_demo: the screenshot is %zu bytes before \".png\"; the limit is "
                        "%zu, for its frames' names (OUT-0120.png): \"%s\"", n,
                        AKGL_APP_MAX_PATH - sizeof("-0000.png"), app->screenshot);
    demo.shot_stem = (int)n;
    SUCCEED_RETURN(errctx);
}

/* After the game, the renderer, the sprites and the characters (the desc's
 * lists): the physics, the sounds, the HUD's font, the level and its cast. */
static akerr_ErrorContext *init(akgl_App *app)
{
    const char *path = NULL;
    int spawned = 0;
    PREPARE_ERROR(errctx);
    if (app->headless) {
        PASS(errctx, name_screenshots(app));
    }
    if (!app->headless) {
        load_best();
    }
    PASS(errctx, akgl_set_property("physics.gravity.y", "900"));
    PASS(errctx, akgl_set_property("physics.drag.x", "5"));
    PASS(errctx, akgl_physics_init_arcade(&demo.physics));
    demo.physics.on_overlap = on_overlap;
    PASS(errctx, akgl_app_asset("sounds/sounds.json", &path));
    PASS(errctx, akgl_sound_load_json(path));
    /* akgl's own pixel font: no system font to find, the same HUD everywhere. */
    PASS(errctx, akgl_font_default(1, &demo.font));
    /* The map after the physics, so its solid tiles become the physics' grid. */
    PASS(errctx, akgl_app_asset("level1.tmj", &path));
    PASS(errctx, akgl_tilemap_load(path, &demo.map));
    PASS(errctx, akgl_game_set_tilemap(demo.map));
    PASS(errctx, akgl_tilemap_spawn_actors(demo.map, &spawned));
    PASS(errctx, meet_the_cast());
    PASS(errctx, akgl_camera_follow(game.camera, demo.hero, 0.0f, 0.0f));
    PASS(errctx, akgl_camera_set_bounds(game.camera, &(SDL_FRect){0, 0,
        (float)(demo.map->width * demo.map->tilewidth), (float)(demo.map->height * demo.map->tileheight)}));
    PASS(errctx, akgl_controller_initialize(&demo.controller, demo.hero));
    PASS(errctx, akgl_app_asset("input/platformer.json", &path));
    PASS(errctx, akgl_controller_load_json(&demo.controller, path));
    PASS(errctx, akgl_controller_set_action_callback(&demo.controller, on_action, NULL));
    if (sound("music") != NULL) {
        PASS(errctx, akgl_sound_music_play(sound("music"), 1.0f, 500, NULL));
    }
    SUCCEED_RETURN(errctx);
}

/* ---- the callbacks ------------------------------------------------------------ */

/* --check, and a bare OUT.png, which is --screenshot OUT.png. --check plays
 * the scripted run with a display too (in a browser, say), on the manual
 * clock and for CHECK_FRAMES frames unless --frames says otherwise, so that
 * it draws the frames a headless run draws. */
static akerr_ErrorContext *option(akgl_App *app, const char *name, const char *value)
{
    if (name == NULL) {
        app->screenshot = value;
    } else {
        demo.check = true;
        app->manual_clock = true;
        if (app->frames < 0) {
            app->frames = CHECK_FRAMES;
        }
    }
    return NULL;
}

/* The script plays instead of the player: headless, and under --check. */
static bool scripted(const akgl_App *app)
{
    return app->headless || demo.check;
}

static akerr_ErrorContext *press(SDL_Scancode key, bool down)
{
    SDL_Event e = {0};
    e.type = down ? SDL_EVENT_KEY_DOWN : SDL_EVENT_KEY_UP;
    e.key.scancode = key;
    e.key.down = down;
    return akgl_controller_handle_event(&demo.controller, &e);
}

/* The scripted run: run right, jumping every 50 frames (a jump lasts about
 * 45), with a pause to let a bat go by. On the way it goes up and down the
 * grass slopes, rides the raft over the water, jumps up through the run of
 * one-way planks beyond it from below, and at their far end drops through
 * them with down + jump. */
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
    /* Under the run of planks (x 512..592), up onto them; at their far end
     * (the coins over them taken), down through them, once. */
    akgl_Actor *h = demo.hero;
    bool free = f % 50 < 20 || f % 50 >= 30, ground = h->touching & AKGL_PHYSICS_TOUCH_BOTTOM;
    bool under = h->x >= 500.0f && h->x < 560.0f && h->y + 16.0f == 240.0f;
    bool far_end = h->x >= 556.0f && cell_at(h->x + 8.0f, h->y + 16.5f) == AKGL_CELL_ONE_WAY;
    if (demo.drops == 0 && free && ground && (under || far_end)) {
        PASS(errctx, press(SDL_SCANCODE_DOWN, far_end));
        PASS(errctx, press(SDL_SCANCODE_SPACE, true));
        PASS(errctx, press(SDL_SCANCODE_SPACE, false));
        PASS(errctx, press(SDL_SCANCODE_DOWN, false));
    }
    SUCCEED_RETURN(errctx);
}

/* Escape quits (closing the window too: the runner sees to that). With a
 * display the keys and the gamepad go to the controller; headless the script
 * plays instead. */
static akerr_ErrorContext *event(akgl_App *app, const SDL_Event *e)
{
    if (e->type == SDL_EVENT_KEY_DOWN && e->key.scancode == SDL_SCANCODE_ESCAPE) {
        app->frames = app->frame + 1;
        return NULL;
    }
    return scripted(app) ? NULL : akgl_controller_handle_event(&demo.controller, e);
}

/* The wall time since the last frame began, kept for the figures. */
static void tick(int frame)
{
    uint64_t now = SDL_GetTicksNS();
    if (frame > 0) {
        demo.frame_ns[(frame - 1) % MAX_FRAMES] = now - demo.last_ticks;
    }
    demo.last_ticks = now;
}

/* Each frame, before the world moves: the script (headless), the clock and
 * the HUD's line. */
static akerr_ErrorContext *frame(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    if (scripted(app)) {
        PASS(errctx, script(app->frame));
    }
    PASS(errctx, count_footing());
    tick(app->frame);
    snprintf(demo.hud, sizeof(demo.hud), "SCORE %05d  COINS %d/%d  LIVES %d  FPS %d", demo.score,
             demo.coins, demo.coins_total, demo.lives, (int)app->fps);
    SUCCEED_RETURN(errctx);
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* min / median / 99th percentile / max of the frames' wall time. */
static void print_frame_times(void)
{
    int n = SDL_min(demo.frames, MAX_FRAMES);
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

/* --check's verdict on the scripted run: an error naming what it wanted
 * when the outcome is not that, which makes the exit status 1. */
static akerr_ErrorContext *check(void)
{
    PREPARE_ERROR(errctx);
    bool ok = demo.frames == CHECK_FRAMES && demo.coins >= CHECK_COINS &&
              demo.end_x >= CHECK_X_MIN && demo.end_x <= CHECK_X_MAX && demo.on_slope > 0 &&
              demo.on_plank > 0 && demo.fell_through && demo.on_raft > 0;
    printf("akgl_demo: check %s (want %d frames, >= %d coins, hero x in %.0f..%.0f, on a "
           "slope, on the planks, down through them, on the raft)\n",
           ok ? "passed" : "FAILED", CHECK_FRAMES, CHECK_COINS, CHECK_X_MIN, CHECK_X_MAX);
    FAIL_ZERO_RETURN(errctx, ok, AKERR_BEHAVIOR,
                     "akgl_demo: --check failed: %d frames, %d coins, hero at x %.1f",
                     demo.frames, demo.coins, demo.end_x);
    SUCCEED_RETURN(errctx);
}

/* The end, before everything is unloaded: the figures and the outcome of a
 * scripted run, --check's verdict, and the controller lets go of the hero
 * and any gamepad. */
static akerr_ErrorContext *quit(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    tick(app->frame);
    demo.frames = app->frame;
    demo.end_x = demo.hero ? demo.hero->x : -1.0f;
    if (scripted(app)) {
        print_frame_times();
        printf("akgl_demo: coins %d of %d, score %d, lives %d, hero at (%.1f, %.1f), saved %s\n",
               demo.coins, demo.coins_total, demo.score, demo.lives, demo.end_x,
               demo.hero ? demo.hero->y : -1.0f, app->screenshot);
        printf("akgl_demo: frames on a slope %d, on the planks %d, on the raft %d; drops %d, %s\n",
               demo.on_slope, demo.on_plank, demo.on_raft, demo.drops,
               demo.fell_through ? "fell through" : "did not fall through");
    }
    if (!app->headless) {
        save_best();
        printf("akgl_demo: score %d, best before this run %d (kept in %s)\n", demo.score,
               demo.best, demo.best_path[0] ? demo.best_path : "nowhere");
    }
    PASS(errctx, akgl_controller_release(&demo.controller));
    if (demo.check) {
        PASS(errctx, check());
    }
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "akgl demo", .width = 960, .height = 540,
    .logical_width = 320, .logical_height = 180, /* pixel art, scaled up */
    .clear_color = {40, 44, 80, 255},
    .headless_frames = CHECK_FRAMES,
#ifdef AKGL_EXAMPLES_ASSETS
    .assets = AKGL_EXAMPLES_ASSETS,
#endif
    .sprites = (const char *const[]){
        "knight_jump_left.json", "knight_jump_right.json", "slime_hop.json",
        "slime_squashed.json",   "slime_hurt.json",       "bat_flap.json",
        "bat_hurt.json",         "bat_dead.json",         "coin_spin.json",
        "coin_sparkle.json",     NULL},
    .characters = (const char *const[]){"knight.json", "slime.json", "bat.json", "coin.json", NULL},
    .options = (const char *const[]){"--check", "OUT.png", NULL},
    .option = option, .init = init, .event = event, .frame = frame, .draw = draw, .quit = quit,
};

/* Without a display, offscreen; then the runner (on SDL's main callbacks:
 * in a browser, main returns while the page runs the frames). */
int main(int argc, char *argv[])
{
    if (SDL_InitSubSystem(SDL_INIT_VIDEO)) {
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    } else {
        SDL_SetHint(SDL_HINT_VIDEO_DRIVER, "offscreen"); /* no display: draw offscreen */
    }
    return akgl_app_main(&desc, argc, argv);
}
