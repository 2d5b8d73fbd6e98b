/*
 * bench_frame: what akgl costs over hand-written SDL3 doing the same work.
 *
 * Both sides draw the same N animated sprites from the same sheet onto the
 * same software renderer, every frame: clear, advance each sprite's
 * animation by 16 ms of game time, draw each frame's cell at its position,
 * present. akgl does it with akgl_game_update (actor updates, the cached
 * state->sprite lookup, camera culling, layer order); the baseline is the
 * loop a programmer would write by hand with SDL3 alone. The two run
 * interleaved in rounds, so drift in the machine affects both alike.
 *
 * It also times the heap: an acquire/release pair on a nearly empty pool
 * and on a nearly full one; O(1) acquire means a ratio near 1.
 *
 *   bench_frame [--frames N] [--rounds R]
 *
 * Prints figures and ratios. It asserts nothing about speed.
 */
#include <akgl/actor.h>
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
#include <stdlib.h>
#include <string.h>

#define SCREEN_W 640
#define SCREEN_H 480
#define NACTORS 60 /* under AKGL_MAX_HEAP_ACTOR, leaving room */
#define FRAME_NS (16 * AKGL_TIME_ONEMS_NS)
#define CELL 48
#define NFRAMES 4

static const uint8_t frame_cells[NFRAMES] = {4, 5, 6, 5};

/* ---- the hand-written SDL3 side ---------------------------------------- */

typedef struct Plain
{
    float x, y;
    int frame;
    uint64_t timer;
} Plain;

static void plain_frame(SDL_Renderer *r, SDL_Texture *sheet, Plain *p, int n, int columns)
{
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    for (int i = 0; i < n; i++) {
        p[i].timer += FRAME_NS;
        while (p[i].timer >= 100 * AKGL_TIME_ONEMS_NS) {
            p[i].timer -= 100 * AKGL_TIME_ONEMS_NS;
            p[i].frame = (p[i].frame + 1) % NFRAMES;
        }
        int cell = frame_cells[p[i].frame];
        SDL_FRect src = {(float)(cell % columns * CELL), (float)(cell / columns * CELL), CELL,
                         CELL};
        SDL_FRect dst = {p[i].x, p[i].y, CELL, CELL};
        SDL_RenderTexture(r, sheet, &src, &dst);
    }
    SDL_RenderPresent(r);
}

/* ---- the akgl side ------------------------------------------------------ */

static void die(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "bench_frame: %s: %s\n%s", what, e->message, e->stacktracebuf);
        exit(1);
    }
}

static akgl_Sprite *make_sprite(const char *sheetpath)
{
    akgl_SpriteSheet *sheet = NULL;
    akgl_Sprite *walk = NULL;
    die(akgl_heap_next_spritesheet(&sheet), "sheet");
    die(akgl_spritesheet_initialize(sheet, CELL, CELL, sheetpath), "sheet init");
    die(akgl_heap_next_sprite(&walk), "sprite");
    die(akgl_sprite_initialize(walk, "walk", sheet), "sprite init");
    die(akgl_heap_release_spritesheet(sheet), "sheet release"); /* the sprite holds it */
    walk->width = CELL;
    walk->height = CELL;
    walk->frames = NFRAMES;
    memcpy(walk->frameids, frame_cells, NFRAMES);
    walk->speed = (uint32_t)(100 * AKGL_TIME_ONEMS_NS);
    walk->loop = true;
    return walk;
}

static void spawn_actors(akgl_Sprite *walk)
{
    akgl_Character *hero = NULL;
    die(akgl_heap_next_character(&hero), "character");
    die(akgl_character_initialize(hero, "hero"), "character init");
    die(hero->sprite_add(hero, walk, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT),
        "sprite_add");
    for (int i = 0; i < NACTORS; i++) {
        akgl_Actor *a = NULL;
        char name[32];
        snprintf(name, sizeof(name), "actor%d", i);
        die(akgl_heap_next_actor(&a), "actor");
        die(akgl_actor_initialize(a, name), "actor init");
        die(akgl_actor_set_character(a, "hero"), "set character");
        a->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT;
        a->x = (float)(i % 12 * 50);
        a->y = (float)(i / 12 * 50);
    }
    die(akgl_heap_release_character(hero), "character release"); /* the actors hold it */
}

/* ---- timing ------------------------------------------------------------- */

static double now_ns(void)
{
    return (double)SDL_GetPerformanceCounter() * 1e9 / (double)SDL_GetPerformanceFrequency();
}

static double median(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    return (n % 2) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* ns per acquire+release pair with `held` slots of the sprite pool taken. */
static double heap_pair_ns(int held, int pairs)
{
    static akgl_Sprite *taken[AKGL_MAX_HEAP_SPRITE];
    for (int i = 0; i < held; i++) {
        die(akgl_heap_next_sprite(&taken[i]), "fill");
    }
    double t0 = now_ns();
    for (int i = 0; i < pairs; i++) {
        akgl_Sprite *s = NULL;
        die(akgl_heap_next_sprite(&s), "acquire");
        die(akgl_heap_release_sprite(s), "release");
    }
    double t = (now_ns() - t0) / pairs;
    for (int i = 0; i < held; i++) {
        die(akgl_heap_release_sprite(taken[i]), "empty");
    }
    return t;
}

int main(int argc, char **argv)
{
    int frames = 300, rounds = 7;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--frames") == 0) {
            frames = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--rounds") == 0) {
            rounds = atoi(argv[i + 1]);
        }
    }
    if (frames < 1 || rounds < 1 || rounds > 64) {
        fprintf(stderr, "usage: bench_frame [--frames N>=1] [--rounds 1..64]\n");
        return 2;
    }
    const char *assets = getenv("AKGL_TEST_ASSETS");
    char sheetpath[1024];
    snprintf(sheetpath, sizeof(sheetpath), "%s/sheet_192x96_48.png",
             assets ? assets : AKGL_BENCH_ASSETS_DIR);

    SDL_Surface *target = SDL_CreateSurface(SCREEN_W, SCREEN_H, SDL_PIXELFORMAT_XRGB8888);
    SDL_Renderer *sdl = target ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (sdl == NULL) {
        fprintf(stderr, "bench_frame: no software renderer: %s\n", SDL_GetError());
        return 1;
    }
    static akgl_Renderer renderer;
    die(akgl_game_init(), "akgl_game_init");
    die(akgl_render_2d_bind(&renderer, sdl), "bind");
    die(akgl_time_use_manual(true), "manual clock");
    akgl_Sprite *walk = make_sprite(sheetpath);
    spawn_actors(walk);

    SDL_Texture *plain_sheet = IMG_LoadTexture(sdl, sheetpath);
    if (plain_sheet == NULL) {
        fprintf(stderr, "bench_frame: %s\n", SDL_GetError());
        return 1;
    }
    SDL_SetTextureScaleMode(plain_sheet, SDL_SCALEMODE_NEAREST);
    Plain plain[NACTORS];
    for (int i = 0; i < NACTORS; i++) {
        plain[i] = (Plain){(float)(i % 12 * 50), (float)(i / 12 * 50), 0, 0};
    }

    double t_akgl[64], t_plain[64];
    for (int r = 0; r < rounds; r++) {
        double t0 = now_ns();
        for (int f = 0; f < frames; f++) {
            die(akgl_time_advance(FRAME_NS), "advance");
            die(akgl_game_update(NULL), "akgl_game_update");
        }
        t_akgl[r] = (now_ns() - t0) / frames;
        t0 = now_ns();
        for (int f = 0; f < frames; f++) {
            plain_frame(sdl, plain_sheet, plain, NACTORS, 192 / CELL);
        }
        t_plain[r] = (now_ns() - t0) / frames;
    }
    double a = median(t_akgl, rounds), p = median(t_plain, rounds);
    printf("frame, %d animated sprites, %dx%d software renderer, median of %d rounds x %d "
           "frames\n", NACTORS, SCREEN_W, SCREEN_H, rounds, frames);
    printf("  hand-written SDL3      %10.0f ns/frame\n", p);
    printf("  akgl_game_update       %10.0f ns/frame\n", a);
    printf("  ratio akgl/SDL3        %10.3f\n", a / p);
    printf("  akgl overhead          %10.0f ns/frame (%.0f ns per actor)\n", a - p,
           (a - p) / NACTORS);
    printf("  draws submitted        %10llu (culled %llu)\n",
           (unsigned long long)renderer.stats.submitted, (unsigned long long)renderer.stats.culled);

    int pairs = frames * 100;
    double empty = heap_pair_ns(0, pairs);
    double full = heap_pair_ns(AKGL_MAX_HEAP_SPRITE - 2, pairs);
    printf("heap, sprite pool of %d, %d acquire+release pairs\n", AKGL_MAX_HEAP_SPRITE, pairs);
    printf("  nearly empty pool      %10.1f ns/pair\n", empty);
    printf("  nearly full pool       %10.1f ns/pair\n", full);
    printf("  ratio full/empty       %10.3f\n", full / empty);

    /* Leave nothing behind: the bench doubles as a smoke test of teardown. */
    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        if (akgl_heap_actors[i].refcount > 0) {
            die(akgl_heap_release_actor(&akgl_heap_actors[i]), "release actor");
        }
    }
    die(akgl_heap_release_sprite(walk), "release sprite");
    SDL_DestroyTexture(plain_sheet);
    die(renderer.shutdown(&renderer), "shutdown");
    die(akgl_time_use_manual(false), "real clock");
    die(akgl_game_quit(), "quit");
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
    int live = akerr_contexts_in_use();
    SDL_Quit();
    return live == 0 ? 0 : 1;
}
