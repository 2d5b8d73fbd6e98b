/*
 * bench_frame: what akgl costs over hand-written SDL3 doing the same work.
 *
 * Both sides draw the same N animated 16 x 16 sprites from the same sheet
 * onto the same 800 x 450 software renderer, every frame of 16 ms game time:
 * clear, advance each sprite's animation, (physics scenes) move each one in
 * fixed 4 ms steps and bounce it off the view's edges, draw each frame's
 * cell at its position, present. akgl does it with akgl_game_update (actor
 * updates, arcade physics, the cached state->sprite lookup, camera culling,
 * layer order); the baseline is the loop a programmer would write by hand
 * with SDL3 alone, with the same arithmetic, so both draw the same final
 * frame, which the bench checks pixel for pixel. The two run interleaved in
 * rounds, so drift in the machine affects both alike.
 *
 * Scenes, at each N:
 *   animated  animation only, one layer
 *   physics   animation, motion and bounce through arcade physics
 *   layers    the animated scene with layers 0..3 mixed (vs one layer)
 *   overlap   the physics scene with a global overlap hook (vs none)
 * and the empty pool: akgl_game_update (physics bound, no renderer) with
 * 0 live actors in the largest pool.
 *
 * Per frame it times "update+submit" (everything before SDL_RenderPresent:
 * the draws are queued, the software renderer rasterises at present) and the
 * full frame. akgl's own work per actor is (akgl - hand-written) update+submit
 * divided by N. Allocations during the timed frames are counted: akgl's (and
 * everything else's) through a malloc hook in this program, SDL's through
 * SDL_SetMemoryFunctions; sanitizer builds have no hook and say so.
 *
 *   bench_frame [--frames F] [--rounds R] [--sizes 100,1000,...] [--only SCENE]
 *               [--side akgl|sdl]  (one side only: for callgrind)
 *
 * Prints figures and ratios. It asserts nothing about speed; it fails
 * (exit 1) when the two sides' final frames differ or a frame allocates.
 */
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sprite.h>
#include <akgl/time.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"

#define SCREEN_W 800
#define SCREEN_H 450
#define FRAME_NS (16 * AKGL_TIME_ONEMS_NS)
#define STEP_S ((float)AKGL_PHYSICS_STEP_NS / 1e9f)
#define CELL 16
#define COLUMNS 4
#define NFRAMES 4
#define DWELL_NS (100 * AKGL_TIME_ONEMS_NS)
#define SPEED 90.0f    /* px/s */
#define ACCEL 1.0e9f   /* reaches top speed in one step: a bounce reverses at once */
#define MAX_SIZES 8
#define MAX_ROUNDS 64

static const uint8_t frame_cells[NFRAMES] = {4, 5, 6, 5};

/* ---- allocation counting --------------------------------------------------- */

#if defined(__SANITIZE_ADDRESS__)
#define BENCH_NO_MALLOC_HOOK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BENCH_NO_MALLOC_HOOK 1
#endif
#endif

static volatile long process_allocs; /* every malloc in the process but SDL's */
static volatile long sdl_allocs;     /* SDL's own, through SDL_SetMemoryFunctions */

#ifndef BENCH_NO_MALLOC_HOOK
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

void *malloc(size_t n);
void *calloc(size_t n, size_t m);
void *realloc(void *p, size_t n);
void free(void *p);

void *malloc(size_t n)
{
    process_allocs++;
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t m)
{
    process_allocs++;
    return __libc_calloc(n, m);
}
void *realloc(void *p, size_t n)
{
    process_allocs++;
    return __libc_realloc(p, n);
}
void free(void *p)
{
    __libc_free(p);
}

static void *SDLCALL sdl_malloc(size_t n)
{
    sdl_allocs++;
    return __libc_malloc(n);
}
static void *SDLCALL sdl_calloc(size_t n, size_t m)
{
    sdl_allocs++;
    return __libc_calloc(n, m);
}
static void *SDLCALL sdl_realloc(void *p, size_t n)
{
    sdl_allocs++;
    return __libc_realloc(p, n);
}
static void SDLCALL sdl_free(void *p)
{
    __libc_free(p);
}
#endif

/* ---- shared ------------------------------------------------------------------ */

static void die(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "bench_frame: %s: %s\n%s", what, e->message, e->stacktracebuf);
        exit(1);
    }
}


typedef enum Scene
{
    SCENE_ANIMATED,
    SCENE_PHYSICS,
    SCENE_LAYERS,
    SCENE_OVERLAP,
    SCENE_COUNT
} Scene;

static const char *const scene_names[SCENE_COUNT] = {"animated", "physics", "layers", "overlap"};

static bool scene_moves(Scene s)
{
    return s == SCENE_PHYSICS || s == SCENE_OVERLAP;
}

/* Where actor i starts, and its layer: the same on both sides. */
static void start_of(int i, int n, Scene s, float *x, float *y, int *layer, float *v, int *frame)
{
    uint32_t h = (uint32_t)i * 2654435761u;
    *x = (float)(h % (SCREEN_W - CELL));
    *y = (float)((h >> 12) % (SCREEN_H - CELL));
    *layer = (s == SCENE_LAYERS) ? (int)((h >> 7) % 4) : 0;
    *v = (h & 1) ? SPEED : -SPEED;
    *frame = (int)((h >> 3) % NFRAMES);
    (void)n;
}

/* The arcade backend's intent rule (physics.c propel), repeated by hand. */
static float propel(float v, float intent, float accel, float top, float h)
{
    if (intent > 0.0f && v < top) {
        v = fminf(v + accel * h, top);
    } else if (intent < 0.0f && v > -top) {
        v = fmaxf(v - accel * h, -top);
    }
    return v;
}

/* ---- the hand-written SDL3 side ------------------------------------------------ */

static akgl_Actor **actors;

#ifdef AKGL_BENCH_PLAIN_AS_ACTOR
/*
 * bench_frame_actor_shaped: the same fields in a record of an akgl_Actor's
 * shape as the frame reads it: 320 bytes, starting on a cache line, the
 * fields a frame reads on different lines (position; frame; timer;
 * direction), so the animated scene touches three lines of each record and
 * the moving ones four, as akgl's update pass touches four of an actor's
 * five. It measures how much of the gap to akgl is the shape of the record
 * rather than the work (bench/README.md).
 */
typedef struct Plain
{
    _Alignas(64) float x;
    float y, vx, vy;
    int layer; /* read at set-up only */
    char pad0[44];
    int frame;
    char pad1[60];
    uint64_t timer;
    char pad2[56];
    float dir_x, dir_y;
    char pad3[56 + 64];
} Plain;
_Static_assert(sizeof(Plain) == 320 && _Alignof(Plain) == 64, "an akgl_Actor's shape");
#else
typedef struct Plain
{
    float x, y, vx, vy;
    float dir_x, dir_y;
    int frame;
    int layer;
    uint64_t timer;
} Plain;
#endif

static Plain *plain;
static int nplain;
static bool plain_moves;
static SDL_Texture *plain_sheet;
static uint64_t plain_accum;

static int by_layer(const void *a, const void *b)
{
    const Plain *pa = a, *pb = b;
    return (pa->layer > pb->layer) - (pa->layer < pb->layer);
}

static void plain_setup(int n, Scene s)
{
    nplain = n;
    plain_moves = scene_moves(s);
    plain_accum = 0;
    for (int i = 0; i < n; i++) {
        Plain *p = &plain[i];
        float v;
        start_of(i, n, s, &p->x, &p->y, &p->layer, &v, &p->frame);
        p->vx = p->vy = v;
        p->dir_x = p->dir_y = v > 0 ? 1.0f : -1.0f;
        p->timer = 0;
    }
    /* Drawn in akgl's order, layer then pool slot, so the pictures match
     * where sprites overlap: sorted once, the order is static. */
    for (int i = 0; i < n; i++) {
        int slot = (int)(actors[i] - akgl_heap_actors);
        plain[i].layer = plain[i].layer * (SCREEN_W * SCREEN_H * 8) + slot;
    }
    qsort(plain, (size_t)n, sizeof(Plain), by_layer);
}

/* Bounce: heading back into the view once outside it. */
static void plain_bounce(Plain *p)
{
    if (p->x < 0.0f) {
        p->dir_x = 1.0f;
    } else if (p->x > (float)(SCREEN_W - CELL)) {
        p->dir_x = -1.0f;
    }
    if (p->y < 0.0f) {
        p->dir_y = 1.0f;
    } else if (p->y > (float)(SCREEN_H - CELL)) {
        p->dir_y = -1.0f;
    }
}

/* noinline: callgrind counts it by name (tools/bench_callgrind.sh). */
__attribute__((noinline)) static void plain_update_submit(SDL_Renderer *r)
{
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    int steps = 0;
    if (plain_moves) {
        plain_accum += FRAME_NS;
        steps = (int)(plain_accum / AKGL_PHYSICS_STEP_NS);
        plain_accum %= AKGL_PHYSICS_STEP_NS;
    }
    for (int i = 0; i < nplain; i++) {
        Plain *p = &plain[i];
        if (plain_moves) {
            plain_bounce(p);
            for (int s = 0; s < steps; s++) {
                p->vx = propel(p->vx, p->dir_x, ACCEL, SPEED, STEP_S);
                p->vy = propel(p->vy, p->dir_y, ACCEL, SPEED, STEP_S);
                p->x += p->vx * STEP_S;
                p->y += p->vy * STEP_S;
            }
        }
        p->timer += FRAME_NS;
        while (p->timer >= DWELL_NS) {
            p->timer -= DWELL_NS;
            p->frame = (p->frame + 1) % NFRAMES;
        }
        int cell = frame_cells[p->frame];
        SDL_FRect src = {(float)(cell % COLUMNS * CELL), (float)(cell / COLUMNS * CELL), CELL,
                         CELL};
        SDL_FRect dst = {p->x, p->y, CELL, CELL};
        SDL_RenderTexture(r, plain_sheet, &src, &dst);
    }
}

/* ---- the akgl side -------------------------------------------------------------- */

static akgl_Renderer renderer;
static akgl_Physics physics;
static akgl_Sprite *walk;
static akgl_Character *hero;
static int nactors;
static long overlap_pairs;

static akerr_ErrorContext *count_overlap(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                         void *userdata)
{
    (void)p;
    (void)a;
    (void)b;
    (void)userdata;
    overlap_pairs++;
    return NULL;
}

/* The bench presents itself, so update+submit and the present are timed apart. */
static akerr_ErrorContext *no_present(akgl_Renderer *r)
{
    (void)r;
    return NULL;
}

/* The bounce, as a game writes it: the default intent rule after the edges
 * set the direction bits. */
static akerr_ErrorContext *bounce_logic(akgl_Actor *a)
{
    const int H = AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_RIGHT;
    const int V = AKGL_ACTOR_STATE_MOVING_UP | AKGL_ACTOR_STATE_MOVING_DOWN;
    if (a->x < 0.0f) {
        a->state = (a->state & ~H) | AKGL_ACTOR_STATE_MOVING_RIGHT;
    } else if (a->x > (float)(SCREEN_W - CELL)) {
        a->state = (a->state & ~H) | AKGL_ACTOR_STATE_MOVING_LEFT;
    }
    if (a->y < 0.0f) {
        a->state = (a->state & ~V) | AKGL_ACTOR_STATE_MOVING_DOWN;
    } else if (a->y > (float)(SCREEN_H - CELL)) {
        a->state = (a->state & ~V) | AKGL_ACTOR_STATE_MOVING_UP;
    }
    return akgl_actor_move_by_state(a);
}

/* Facing never changes the sprite here: every state maps to the walk. */
static const int ALIVE = AKGL_ACTOR_STATE_ALIVE;

static void make_cast(const char *sheetpath)
{
    akgl_SpriteSheet *sheet = NULL;
    die(akgl_heap_next_spritesheet(&sheet), "sheet");
    die(akgl_spritesheet_initialize(sheet, CELL, CELL, sheetpath), "sheet init");
    die(akgl_heap_next_sprite(&walk), "sprite");
    die(akgl_sprite_initialize(walk, "walk", sheet), "sprite init");
    die(akgl_heap_release_spritesheet(sheet), "sheet release"); /* the sprite holds it */
    walk->width = CELL;
    walk->height = CELL;
    walk->frames = NFRAMES;
    memcpy(walk->frameids, frame_cells, NFRAMES);
    walk->speed = (uint32_t)DWELL_NS;
    walk->loop = true;
    die(akgl_heap_next_character(&hero), "character");
    die(akgl_character_initialize(hero, "hero"), "character init");
    /* Every facing x movement the bench produces shows the walk. */
    const int faces[4] = {AKGL_ACTOR_STATE_FACE_DOWN, AKGL_ACTOR_STATE_FACE_LEFT,
                          AKGL_ACTOR_STATE_FACE_RIGHT, AKGL_ACTOR_STATE_FACE_UP};
    const int hs[3] = {0, AKGL_ACTOR_STATE_MOVING_LEFT, AKGL_ACTOR_STATE_MOVING_RIGHT};
    const int vs[3] = {0, AKGL_ACTOR_STATE_MOVING_UP, AKGL_ACTOR_STATE_MOVING_DOWN};
    for (int f = 0; f < 4; f++) {
        for (int h = 0; h < 3; h++) {
            for (int v = 0; v < 3; v++) {
                die(hero->sprite_add(hero, walk, ALIVE | faces[f] | hs[h] | vs[v]), "sprite_add");
            }
        }
    }
    hero->sx = hero->sy = SPEED;
    hero->ax = hero->ay = ACCEL;
}

static void akgl_setup(int n, Scene s)
{
    char name[32];
    nactors = n;
    for (int i = 0; i < n; i++) {
        akgl_Actor *a = NULL;
        float x, y, v;
        int layer, frame;
        start_of(i, n, s, &x, &y, &layer, &v, &frame);
        snprintf(name, sizeof(name), "a%d", i);
        die(akgl_heap_next_actor(&a), "actor");
        die(akgl_actor_initialize(a, name), "actor init");
        die(akgl_actor_set_character(a, "hero"), "set character");
        a->x = x;
        a->y = y;
        a->layer = layer;
        a->state = ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        if (scene_moves(s)) {
            a->vx = a->vy = v;
            a->state |= v > 0 ? AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_DOWN
                              : AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_UP;
            a->movementlogicfunc = bounce_logic;
        }
        /* The first lookup restarts the animation clock: do it now, then
         * set the frame both sides start on. */
        akgl_Sprite *spr = NULL;
        die(akgl_actor_current_sprite(a, &spr), "sprite");
        a->curSpriteFrameId = frame;
        actors[i] = a;
    }
    game.physics = NULL;
    if (scene_moves(s)) {
        die(akgl_physics_init_arcade(&physics), "physics");
        physics.on_overlap = (s == SCENE_OVERLAP) ? count_overlap : NULL;
    }
}

static void akgl_teardown(void)
{
    for (int i = 0; i < nactors; i++) {
        die(akgl_heap_release_actor(actors[i]), "release actor");
    }
    nactors = 0;
    game.physics = NULL;
}

/* noinline: callgrind counts it by name (tools/bench_callgrind.sh). */
__attribute__((noinline)) static void akgl_update_submit(void)
{
    die(akgl_time_advance(FRAME_NS), "advance");
    die(akgl_game_update(NULL), "akgl_game_update");
}

/* ---- one scene at one size -------------------------------------------------------- */

typedef struct Figures
{
    double akgl_us, akgl_full, sdl_us, sdl_full; /* ns per frame, medians */
    long akgl_allocs, akgl_sdl_allocs;           /* during akgl's timed frames */
    int differ;                                  /* pixels that differ in the final frame */
} Figures;

static SDL_Surface *capture(SDL_Renderer *r)
{
    SDL_Surface *raw = SDL_RenderReadPixels(r, NULL);
    return raw;
}

static int compare(SDL_Surface *a, SDL_Surface *b)
{
    if (a == NULL || b == NULL || a->w != b->w || a->h != b->h || a->format != b->format) {
        return -1;
    }
    int differ = 0;
    for (int y = 0; y < a->h; y++) {
        const Uint32 *pa = (const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch);
        const Uint32 *pb = (const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch);
        for (int x = 0; x < a->w; x++) {
            differ += pa[x] != pb[x];
        }
    }
    return differ;
}

typedef enum Side
{
    BOTH,
    AKGL_ONLY,
    SDL_ONLY
} Side;

static Figures run_scene(SDL_Renderer *sdl, Scene s, int n, int frames, int rounds, Side side)
{
    Figures f;
    double a_us[MAX_ROUNDS], a_full[MAX_ROUNDS], p_us[MAX_ROUNDS], p_full[MAX_ROUNDS];
    memset(&f, 0, sizeof(f));
    akgl_setup(n, s);
    plain_setup(n, s);
    /* One frame each untimed and uncounted: SDL grows its command queue to
     * the scene's size, once. */
    if (side != SDL_ONLY) {
        akgl_update_submit();
        SDL_RenderPresent(sdl);
    }
    if (side != AKGL_ONLY) {
        plain_update_submit(sdl);
        SDL_RenderPresent(sdl);
    }
    for (int r = 0; r < rounds; r++) {
        if (side != SDL_ONLY) {
            double us = 0.0, full = 0.0;
            long allocs = process_allocs, sdl_before = sdl_allocs;
            for (int i = 0; i < frames; i++) {
                double t0 = now_ns();
                akgl_update_submit();
                double t1 = now_ns();
                SDL_RenderPresent(sdl);
                double t2 = now_ns();
                us += t1 - t0;
                full += t2 - t0;
            }
            f.akgl_allocs += process_allocs - allocs;
            f.akgl_sdl_allocs += sdl_allocs - sdl_before;
            a_us[r] = us / frames;
            a_full[r] = full / frames;
        }
        if (side != AKGL_ONLY) {
            double us = 0.0, full = 0.0;
            for (int i = 0; i < frames; i++) {
                double t0 = now_ns();
                plain_update_submit(sdl);
                double t1 = now_ns();
                SDL_RenderPresent(sdl);
                double t2 = now_ns();
                us += t1 - t0;
                full += t2 - t0;
            }
            p_us[r] = us / frames;
            p_full[r] = full / frames;
        }
    }
    if (side == BOTH) {
        /* One more frame each, read back before the present: the same picture. */
        akgl_update_submit();
        SDL_Surface *mine = capture(sdl);
        SDL_RenderPresent(sdl);
        plain_update_submit(sdl);
        SDL_Surface *theirs = capture(sdl);
        SDL_RenderPresent(sdl);
        f.differ = compare(mine, theirs);
        SDL_DestroySurface(mine);
        SDL_DestroySurface(theirs);
        f.akgl_us = median(a_us, rounds);
        f.akgl_full = median(a_full, rounds);
        f.sdl_us = median(p_us, rounds);
        f.sdl_full = median(p_full, rounds);
    } else if (side == AKGL_ONLY) {
        f.akgl_us = median(a_us, rounds);
        f.akgl_full = median(a_full, rounds);
    } else {
        f.sdl_us = median(p_us, rounds);
        f.sdl_full = median(p_full, rounds);
    }
    akgl_teardown();
    return f;
}

/* akgl_game_update with physics bound, no renderer and no live actor. */
static double empty_pool_ns(int frames, int rounds)
{
    double t[MAX_ROUNDS];
    akgl_Renderer *bound = game.renderer;
    akgl_Camera *camera = game.camera;
    die(akgl_physics_init_arcade(&physics), "physics");
    game.renderer = NULL;
    game.camera = NULL;
    for (int r = 0; r < rounds; r++) {
        double t0 = now_ns();
        for (int i = 0; i < frames * 10; i++) {
            akgl_update_submit();
        }
        t[r] = (now_ns() - t0) / (frames * 10);
    }
    game.renderer = bound;
    game.camera = camera;
    game.physics = NULL;
    return median(t, rounds);
}

static int parse_sizes(const char *text, int *sizes)
{
    int n = 0;
    while (*text != '\0' && n < MAX_SIZES) {
        char *end = NULL;
        long v = strtol(text, &end, 10);
        if (end == text || v < 2 || v > 10000000) {
            return 0;
        }
        sizes[n++] = (int)v;
        text = (*end == ',') ? end + 1 : end;
    }
    return n;
}

int main(int argc, char **argv)
{
#ifndef BENCH_NO_MALLOC_HOOK
    SDL_SetMemoryFunctions(sdl_malloc, sdl_calloc, sdl_realloc, sdl_free);
#endif
    int frames = 10, rounds = 5;
    int sizes[MAX_SIZES] = {100, 1000, 10000, 100000};
    int nsizes = 4;
    int only = -1;
    Side side = BOTH;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--frames") == 0) {
            frames = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--rounds") == 0) {
            rounds = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--sizes") == 0) {
            nsizes = parse_sizes(argv[i + 1], sizes);
        } else if (strcmp(argv[i], "--only") == 0) {
            for (int s = 0; s < SCENE_COUNT; s++) {
                only = strcmp(argv[i + 1], scene_names[s]) == 0 ? s : only;
            }
            only = strcmp(argv[i + 1], "empty") == 0 ? SCENE_COUNT : only;
        } else if (strcmp(argv[i], "--side") == 0) {
            side = strcmp(argv[i + 1], "akgl") == 0 ? AKGL_ONLY
                   : strcmp(argv[i + 1], "sdl") == 0 ? SDL_ONLY : BOTH;
        }
    }
    if (frames < 1 || rounds < 1 || rounds > MAX_ROUNDS || nsizes < 1) {
        fprintf(stderr, "usage: bench_frame [--frames N>=1] [--rounds 1..%d] [--sizes a,b,...] "
                        "[--only animated|physics|layers|overlap|empty] [--side akgl|sdl]\n",
                MAX_ROUNDS);
        return 2;
    }
    int largest = 0;
    for (int i = 0; i < nsizes; i++) {
        largest = sizes[i] > largest ? sizes[i] : largest;
    }
    const char *assets = getenv("AKGL_TEST_ASSETS");
    char sheetpath[1024];
    snprintf(sheetpath, sizeof(sheetpath), "%s/sheet_64x64_16.png",
             assets ? assets : AKGL_BENCH_ASSETS_DIR);

    SDL_Surface *target = SDL_CreateSurface(SCREEN_W, SCREEN_H, SDL_PIXELFORMAT_XRGB8888);
    SDL_Renderer *sdl = target ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (sdl == NULL) {
        fprintf(stderr, "bench_frame: no software renderer: %s\n", SDL_GetError());
        return 1;
    }
    akgl_GameConfig cfg = {0};
    cfg.capacity[AKGL_HEAP_ACTOR] = largest;
    die(akgl_game_init_with_config(&cfg), "akgl_game_init_with_config");
    die(akgl_render_2d_bind(&renderer, sdl), "bind");
    renderer.frame_end = no_present;
    die(akgl_time_use_manual(true), "manual clock");
    /* One update with nothing in the world: the first update of a process
     * has no previous one to step from, so without it a scene run alone
     * (--only) would start its physics a frame late and draw differently. */
    akgl_update_submit();
    make_cast(sheetpath);
    actors = calloc((size_t)largest, sizeof(*actors));
#ifdef AKGL_BENCH_PLAIN_AS_ACTOR
    plain = aligned_alloc(_Alignof(Plain), (size_t)largest * sizeof(*plain));
    if (plain != NULL) {
        memset(plain, 0, (size_t)largest * sizeof(*plain));
    }
#else
    plain = calloc((size_t)largest, sizeof(*plain));
#endif
    plain_sheet = IMG_LoadTexture(sdl, sheetpath);
    if (actors == NULL || plain == NULL || plain_sheet == NULL) {
        fprintf(stderr, "bench_frame: set-up failed: %s\n", SDL_GetError());
        return 1;
    }
    SDL_SetTextureScaleMode(plain_sheet, SDL_SCALEMODE_NEAREST);

    printf("bench_frame: %dx%d software renderer, %dx%d sprites, median of %d rounds x %d "
           "frames (16 ms of game time each); akgl and hand-written SDL3 interleaved\n",
           SCREEN_W, SCREEN_H, CELL, CELL, rounds, frames);
#ifdef AKGL_BENCH_PLAIN_AS_ACTOR
    printf("(hand-written records shaped like an akgl_Actor: %zu bytes, fields on 3-4 lines)\n",
           sizeof(Plain));
#endif
#ifdef BENCH_NO_MALLOC_HOOK
    printf("(sanitizer build: no malloc hook, allocations not counted)\n");
#endif
    printf("%-9s %7s | %11s %11s %6s | %11s %11s %6s | %8s | %6s %s\n", "scene", "N",
           "akgl u+s", "sdl u+s", "ratio", "akgl full", "sdl full", "ratio", "own/act",
           "allocs", "frame");
    int failures = 0;
    Figures base[MAX_SIZES][SCENE_COUNT];
    memset(base, 0, sizeof(base));
    for (int z = 0; z < nsizes; z++) {
        for (int s = 0; s < SCENE_COUNT; s++) {
            if (only >= 0 && only != s) {
                continue;
            }
            overlap_pairs = 0;
            Figures f = run_scene(sdl, (Scene)s, sizes[z], frames, rounds, side);
            base[z][s] = f;
            long allocs = f.akgl_allocs + f.akgl_sdl_allocs;
            const char *same = side != BOTH ? "-" : f.differ == 0 ? "same" : "DIFFERS";
            printf("%-9s %7d | %9.0f us %9.0f us %6.3f | %9.0f us %9.0f us %6.3f | %5.1f ns | "
                   "%6ld %s",
                   scene_names[s], sizes[z], f.akgl_us / 1e3, f.sdl_us / 1e3,
                   f.sdl_us > 0 ? f.akgl_us / f.sdl_us : 0.0, f.akgl_full / 1e3,
                   f.sdl_full / 1e3, f.sdl_full > 0 ? f.akgl_full / f.sdl_full : 0.0,
                   side == BOTH ? (f.akgl_us - f.sdl_us) / sizes[z] : 0.0, allocs, same);
            if (f.differ != 0 && side == BOTH) {
                printf(" (%d px)", f.differ);
                failures++;
            }
            if (s == SCENE_OVERLAP) {
                printf(" %ld pairs/frame", overlap_pairs / ((long)frames * rounds + 1));
            }
            printf("\n");
            failures += allocs != 0;
        }
        if (only < 0 && side != SDL_ONLY) {
            printf("  N=%-7d layers/one layer (akgl u+s) %.3f   overlap hook/none (akgl full) "
                   "%.3f\n",
                   sizes[z], base[z][SCENE_LAYERS].akgl_us / base[z][SCENE_ANIMATED].akgl_us,
                   base[z][SCENE_OVERLAP].akgl_full / base[z][SCENE_PHYSICS].akgl_full);
        }
    }
    if (only < 0 || only == SCENE_COUNT) {
        long allocs = process_allocs + sdl_allocs;
        double e = empty_pool_ns(frames, rounds);
        allocs = process_allocs + sdl_allocs - allocs;
        printf("empty pool of %d actor slots, physics bound, no renderer: %.0f ns/frame, %ld "
               "allocs\n", largest, e, allocs);
        failures += allocs != 0;
    }

    /* Leave nothing behind: the bench doubles as a smoke test of teardown. */
    die(akgl_heap_release_character(hero), "release character");
    die(akgl_heap_release_sprite(walk), "release sprite");
    SDL_DestroyTexture(plain_sheet);
    free(actors);
    free(plain);
    die(renderer.shutdown(&renderer), "shutdown");
    die(akgl_time_use_manual(false), "real clock");
    die(akgl_game_quit(), "quit");
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
    int live = akerr_contexts_in_use();
    SDL_Quit();
    if (failures > 0) {
        fprintf(stderr, "bench_frame: %d check(s) failed (a final frame differs or a frame "
                        "allocated)\n", failures);
    }
    return (live == 0 && failures == 0) ? 0 : 1;
}
