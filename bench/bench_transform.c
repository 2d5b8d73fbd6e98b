/*
 * bench_transform: what akgl's transformed drawing costs over hand-written
 * SDL3 doing the same.
 *
 * Both sides draw the same N sprites from the same sheet onto the same
 * software renderer, every frame: clear, then each sprite turned by its own
 * angle (advancing every frame), scaled between 0.5 and 1.5, tinted and
 * partly transparent, then present. akgl does it through the backend's
 * draw_sprite_ex (parameter checks, the frame's cell from the sprite's
 * playlist, the pivot, the rotated bounding box culled against the camera,
 * the tint); the baseline is SDL_SetTextureColorMod/AlphaMod and
 * SDL_RenderTextureRotated as a programmer would write them by hand. The two
 * run interleaved in rounds, so drift in the machine affects both alike.
 *
 *   bench_transform [--frames N] [--rounds R] [--sprites S]
 *
 * Prints figures and the ratio. It asserts nothing about speed.
 */
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/render.h>
#include <akgl/sprite.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"

#define SCREEN_W 640
#define SCREEN_H 480
#define CELL 48
#define COLUMNS (192 / CELL)

/* One sprite's transform, the same numbers for both sides. */
typedef struct Item
{
    float x, y;
    float angle, spin;
    float scale;
    SDL_Color tint;
    int cell;
} Item;

static void make_items(Item *items, int n)
{
    for (int i = 0; i < n; i++) {
        items[i].x = (float)((i * 37) % (SCREEN_W + CELL) - CELL / 2);
        items[i].y = (float)((i * 53) % (SCREEN_H + CELL) - CELL / 2);
        items[i].angle = (float)(i % 360);
        items[i].spin = 1.0f + (float)(i % 7);
        items[i].scale = 0.5f + (float)(i % 11) / 10.0f;
        items[i].tint = (SDL_Color){(Uint8)(128 + i % 128), (Uint8)(255 - i % 128),
                                    (Uint8)(200 + i % 56), (Uint8)(160 + i % 96)};
        items[i].cell = i % 8;
    }
}

static void spin(Item *items, int n)
{
    for (int i = 0; i < n; i++) {
        items[i].angle += items[i].spin;
        if (items[i].angle >= 360.0f) {
            items[i].angle -= 360.0f;
        }
    }
}

/* ---- the hand-written SDL3 side ---------------------------------------- */

static void plain_frame(SDL_Renderer *r, SDL_Texture *sheet, Item *items, int n)
{
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    for (int i = 0; i < n; i++) {
        const Item *it = &items[i];
        SDL_FRect src = {(float)(it->cell % COLUMNS * CELL), (float)(it->cell / COLUMNS * CELL),
                         CELL, CELL};
        float w = CELL * it->scale;
        SDL_FRect dst = {it->x + (CELL - w) / 2.0f, it->y + (CELL - w) / 2.0f, w, w};
        SDL_SetTextureColorMod(sheet, it->tint.r, it->tint.g, it->tint.b);
        SDL_SetTextureAlphaMod(sheet, it->tint.a);
        SDL_RenderTextureRotated(r, sheet, &src, &dst, it->angle, NULL, SDL_FLIP_NONE);
    }
    SDL_RenderPresent(r);
}

/* ---- the akgl side ------------------------------------------------------ */

static void die(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "bench_transform: %s: %s\n%s", what, e->message, e->stacktracebuf);
        exit(1);
    }
}

static void akgl_frame(akgl_Renderer *r, akgl_Sprite *const *cells, Item *items, int n)
{
    akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;
    die(r->frame_start(r), "frame_start");
    for (int i = 0; i < n; i++) {
        const Item *it = &items[i];
        p.scale_x = it->scale;
        p.scale_y = it->scale;
        p.rotation = it->angle;
        p.tint = it->tint;
        die(r->draw_sprite_ex(r, cells[it->cell], 0, it->x, it->y, &p), "draw_sprite_ex");
    }
    die(r->frame_end(r), "frame_end");
}

int main(int argc, char **argv)
{
    int frames = 3, rounds = 5, n = 10000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--frames") == 0) {
            frames = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--rounds") == 0) {
            rounds = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--sprites") == 0) {
            n = atoi(argv[i + 1]);
        }
    }
    if (frames < 1 || rounds < 1 || rounds > 64 || n < 1 || n > 1000000) {
        fprintf(stderr, "usage: bench_transform [--frames N>=1] [--rounds 1..64] "
                        "[--sprites 1..1000000]\n");
        return 2;
    }
    const char *assets = getenv("AKGL_TEST_ASSETS");
    char sheetpath[1024];
    snprintf(sheetpath, sizeof(sheetpath), "%s/sheet_192x96_48.png",
             assets ? assets : AKGL_BENCH_ASSETS_DIR);

    SDL_Surface *target = SDL_CreateSurface(SCREEN_W, SCREEN_H, SDL_PIXELFORMAT_XRGB8888);
    SDL_Renderer *sdl = target ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (sdl == NULL) {
        fprintf(stderr, "bench_transform: no software renderer: %s\n", SDL_GetError());
        return 1;
    }
    static akgl_Renderer renderer;
    die(akgl_game_init(), "akgl_game_init");
    die(akgl_render_2d_bind(&renderer, sdl), "bind");

    /* One sprite per cell of the sheet, all sharing its texture. */
    akgl_SpriteSheet *sheet = NULL;
    akgl_Sprite *cells[8];
    die(akgl_heap_next_spritesheet(&sheet), "sheet");
    die(akgl_spritesheet_initialize(sheet, CELL, CELL, sheetpath), "sheet init");
    for (int c = 0; c < 8; c++) {
        char name[16];
        snprintf(name, sizeof(name), "cell%d", c);
        die(akgl_heap_next_sprite(&cells[c]), "sprite");
        die(akgl_sprite_initialize(cells[c], name, sheet), "sprite init");
        cells[c]->width = CELL;
        cells[c]->height = CELL;
        cells[c]->frames = 1;
        cells[c]->frameids[0] = (uint8_t)c;
    }
    die(akgl_heap_release_spritesheet(sheet), "sheet release"); /* the sprites hold it */

    SDL_Texture *plain_sheet = IMG_LoadTexture(sdl, sheetpath);
    if (plain_sheet == NULL) {
        fprintf(stderr, "bench_transform: %s\n", SDL_GetError());
        return 1;
    }
    SDL_SetTextureScaleMode(plain_sheet, SDL_SCALEMODE_NEAREST);

    Item *a_items = SDL_malloc(sizeof(Item) * (size_t)n);
    Item *p_items = SDL_malloc(sizeof(Item) * (size_t)n);
    if (a_items == NULL || p_items == NULL) {
        fprintf(stderr, "bench_transform: out of memory\n");
        return 1;
    }
    make_items(a_items, n);
    make_items(p_items, n);

    double t_akgl[64], t_plain[64];
    for (int r = 0; r < rounds; r++) {
        double t0 = now_ns();
        for (int f = 0; f < frames; f++) {
            akgl_frame(&renderer, cells, a_items, n);
            spin(a_items, n);
        }
        t_akgl[r] = (now_ns() - t0) / frames;
        t0 = now_ns();
        for (int f = 0; f < frames; f++) {
            plain_frame(sdl, plain_sheet, p_items, n);
            spin(p_items, n);
        }
        t_plain[r] = (now_ns() - t0) / frames;
    }
    double a = median(t_akgl, rounds), p = median(t_plain, rounds);
    printf("frame, %d rotating, scaled, tinted sprites, %dx%d software renderer, median of %d "
           "rounds x %d frames\n", n, SCREEN_W, SCREEN_H, rounds, frames);
    printf("  hand-written SDL3      %12.0f ns/frame\n", p);
    printf("  akgl draw_sprite_ex    %12.0f ns/frame\n", a);
    printf("  ratio akgl/SDL3        %12.3f\n", a / p);
    printf("  akgl overhead          %12.0f ns/frame (%.1f ns per sprite)\n", a - p,
           (a - p) / n);
    printf("  draws submitted        %12llu (culled %llu)\n",
           (unsigned long long)renderer.stats.submitted, (unsigned long long)renderer.stats.culled);

    /* Leave nothing behind: the bench doubles as a smoke test of teardown. */
    SDL_free(a_items);
    SDL_free(p_items);
    for (int c = 0; c < 8; c++) {
        die(akgl_heap_release_sprite(cells[c]), "release sprite");
    }
    SDL_DestroyTexture(plain_sheet);
    die(renderer.shutdown(&renderer), "shutdown");
    die(akgl_game_quit(), "quit");
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
    int live = akerr_contexts_in_use();
    SDL_Quit();
    return live == 0 ? 0 : 1;
}
