/*
 * bench_tilecache: whether caching a static tile layer in render targets
 * pays, on a given SDL renderer, before akgl does it.
 *
 * Hand-written SDL3 only. bench_tilemap's scene: a 640 x 480 view panning
 * over a map of 4 full layers of 48 px tiles (sheet_192x96_48.png), drawn
 * three ways:
 *
 *   blit    one SDL_RenderTexture per visible tile (akgl's software path)
 *   batch   one indexed SDL_RenderGeometry for all visible tiles of the
 *           frame, 4 vertices and 6 indices a tile (akgl's batched path)
 *   cache   each layer cut into chunks of CHUNK x CHUNK cells, each chunk
 *           drawn once into a render target of its own (the tiles copied,
 *           SDL_BLENDMODE_NONE, so a pixel keeps its alpha); a frame blits
 *           the part of each chunk the view shows
 *   dirty   cache, with one chunk of each layer redrawn every frame (the
 *           worst case of a game that changes a tile each frame)
 *
 * The chunks' targets are all made at start (the frame makes none). Each
 * mode's last frame is read back and compared with blit's, pixel for pixel:
 * the bench fails when they differ.
 *
 *   bench_tilecache [--renderer NAME] [--frames F] [--mode blit|batch|cache|dirty|all]
 *                   [--map N]
 *
 * --mode all runs the four interleaved and prints ms per frame (a rough
 * figure on a shared machine); a single mode is for `perf stat -e
 * task-clock` (CPU time of every thread, Mesa's rasteriser threads
 * included) and callgrind (the calling thread's instructions): run it with
 * two frame counts and take the difference, which cancels the set-up.
 * It asserts nothing about speed.
 */
#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"

#define SCREEN_W 640
#define SCREEN_H 480
#define TILE 48
#define COLUMNS 4
#define NTILES 8
#define LAYERS 4
#define CHUNK 10 /* cells: 480 px, the largest multiple of 48 within 512 */
#define MAX_MAP 64
#define MAX_CHUNKS ((MAX_MAP + CHUNK - 1) / CHUNK)

typedef enum Mode { BLIT, BATCH, CACHE, DIRTY, NMODES } Mode;
static const char *const MODE_NAMES[NMODES] = {"blit", "batch", "cache", "dirty"};

static int side = 32; /* cells */
static SDL_Texture *sheet;
static SDL_Texture *chunks[LAYERS][MAX_CHUNKS][MAX_CHUNKS];
static SDL_Vertex verts[4 * LAYERS * 16 * 12];
static int indices[6 * LAYERS * 16 * 12];

static void fail(const char *what)
{
    fprintf(stderr, "bench_tilecache: %s: %s\n", what, SDL_GetError());
    exit(1);
}

static uint32_t gid_at(int x, int y, int l)
{
    return (uint32_t)((x * 7 + y * 3 + l) % NTILES) + 1;
}

static SDL_FRect src_of(uint32_t gid)
{
    uint32_t id = gid - 1;
    return (SDL_FRect){(float)(id % COLUMNS * TILE), (float)(id / COLUMNS * TILE), TILE, TILE};
}

static void camera_at(int f, float *x, float *y)
{
    int span_x = side * TILE - SCREEN_W, span_y = side * TILE - SCREEN_H;
    *x = (float)((f * 7) % (span_x > 0 ? span_x : 1));
    *y = (float)((f * 3) % (span_y > 0 ? span_y : 1));
}

/* The visible cells x0..x1, y0..y1. */
static void visible(float camx, float camy, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = (int)(camx / TILE);
    *y0 = (int)(camy / TILE);
    *x1 = SDL_min((int)((camx + SCREEN_W - 1) / TILE), side - 1);
    *y1 = SDL_min((int)((camy + SCREEN_H - 1) / TILE), side - 1);
}

static void frame_blit(SDL_Renderer *r, float camx, float camy)
{
    int x0, y0, x1, y1;
    visible(camx, camy, &x0, &y0, &x1, &y1);
    for (int l = 0; l < LAYERS; l++) {
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                SDL_FRect src = src_of(gid_at(x, y, l));
                SDL_FRect dst = {(float)(x * TILE) - camx, (float)(y * TILE) - camy, TILE, TILE};
                SDL_RenderTexture(r, sheet, &src, &dst);
            }
        }
    }
}

static void frame_batch(SDL_Renderer *r, float camx, float camy)
{
    int x0, y0, x1, y1, n = 0;
    float iw = 1.0f / (float)sheet->w, ih = 1.0f / (float)sheet->h;
    visible(camx, camy, &x0, &y0, &x1, &y1);
    for (int l = 0; l < LAYERS; l++) {
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                SDL_FRect s = src_of(gid_at(x, y, l));
                float dx = (float)(x * TILE) - camx, dy = (float)(y * TILE) - camy;
                float u0 = s.x * iw, v0 = s.y * ih, u1 = (s.x + s.w) * iw, v1 = (s.y + s.h) * ih;
                SDL_Vertex *v = &verts[4 * n++];
                const SDL_FColor c = {1.0f, 1.0f, 1.0f, 1.0f};
                v[0] = (SDL_Vertex){{dx, dy}, c, {u0, v0}};
                v[1] = (SDL_Vertex){{dx + TILE, dy}, c, {u1, v0}};
                v[2] = (SDL_Vertex){{dx + TILE, dy + TILE}, c, {u1, v1}};
                v[3] = (SDL_Vertex){{dx, dy + TILE}, c, {u0, v1}};
            }
        }
    }
    SDL_RenderGeometry(r, sheet, verts, 4 * n, indices, 6 * n);
}

/* Draws chunk (cx, cy) of layer l into its target. */
static void build_chunk(SDL_Renderer *r, int l, int cx, int cy)
{
    SDL_Texture *t = chunks[l][cy][cx];
    if (!SDL_SetRenderTarget(r, t) || !SDL_SetRenderDrawColor(r, 0, 0, 0, 0) ||
        !SDL_RenderClear(r) || !SDL_SetTextureBlendMode(sheet, SDL_BLENDMODE_NONE)) {
        fail("a chunk's target");
    }
    for (int y = cy * CHUNK; y < SDL_min(side, (cy + 1) * CHUNK); y++) {
        for (int x = cx * CHUNK; x < SDL_min(side, (cx + 1) * CHUNK); x++) {
            SDL_FRect src = src_of(gid_at(x, y, l));
            SDL_FRect dst = {(float)((x - cx * CHUNK) * TILE), (float)((y - cy * CHUNK) * TILE),
                             TILE, TILE};
            SDL_RenderTexture(r, sheet, &src, &dst);
        }
    }
    if (!SDL_SetTextureBlendMode(sheet, SDL_BLENDMODE_BLEND) || !SDL_SetRenderTarget(r, NULL)) {
        fail("back from a chunk's target");
    }
}

static void frame_cache(SDL_Renderer *r, float camx, float camy, int dirty_frame)
{
    const float px = CHUNK * TILE;
    int c0x = (int)(camx / px), c0y = (int)(camy / px);
    int c1x = SDL_min((int)((camx + SCREEN_W - 1) / px), (side - 1) / CHUNK);
    int c1y = SDL_min((int)((camy + SCREEN_H - 1) / px), (side - 1) / CHUNK);
    if (dirty_frame >= 0) { /* one visible chunk of each layer changed */
        for (int l = 0; l < LAYERS; l++) {
            build_chunk(r, l, c0x + dirty_frame % (c1x - c0x + 1), c0y);
        }
    }
    for (int l = 0; l < LAYERS; l++) {
        for (int cy = c0y; cy <= c1y; cy++) {
            for (int cx = c0x; cx <= c1x; cx++) {
                SDL_Texture *t = chunks[l][cy][cx];
                /* The part of the chunk in the view, so both rectangles are whole pixels. */
                float wx = (float)cx * px, wy = (float)cy * px;
                float ax = SDL_max(wx, camx), ay = SDL_max(wy, camy);
                float bx = SDL_min(wx + (float)t->w, camx + SCREEN_W);
                float by = SDL_min(wy + (float)t->h, camy + SCREEN_H);
                SDL_FRect src = {ax - wx, ay - wy, bx - ax, by - ay};
                SDL_FRect dst = {ax - camx, ay - camy, bx - ax, by - ay};
                SDL_RenderTexture(r, t, &src, &dst);
            }
        }
    }
}

/* noinline: callgrind counts it by name (bench/README.md). */
__attribute__((noinline)) static void frame(SDL_Renderer *r, Mode m, int f)
{
    float camx, camy;
    camera_at(f, &camx, &camy);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    switch (m) {
    case BLIT: frame_blit(r, camx, camy); break;
    case BATCH: frame_batch(r, camx, camy); break;
    case CACHE: frame_cache(r, camx, camy, -1); break;
    default: frame_cache(r, camx, camy, f); break;
    }
}

/* The frame before the present, read back (the caller destroys it). */
static SDL_Surface *picture(SDL_Renderer *r, Mode m, int f)
{
    frame(r, m, f);
    SDL_Surface *s = SDL_RenderReadPixels(r, NULL);
    SDL_Surface *c = s ? SDL_ConvertSurface(s, SDL_PIXELFORMAT_ARGB8888) : NULL;
    if (c == NULL) {
        fail("reading the frame back");
    }
    SDL_DestroySurface(s);
    SDL_RenderPresent(r);
    return c;
}

static void check_same(SDL_Renderer *r, int f)
{
    SDL_Surface *want = picture(r, BLIT, f);
    for (int m = BATCH; m < NMODES; m++) {
        SDL_Surface *got = picture(r, (Mode)m, f);
        for (int y = 0; y < want->h; y++) {
            if (memcmp((Uint8 *)want->pixels + y * want->pitch,
                       (Uint8 *)got->pixels + y * got->pitch, (size_t)want->w * 4) != 0) {
                fprintf(stderr, "bench_tilecache: %s draws another picture than blit (row %d)\n",
                        MODE_NAMES[m], y);
                exit(1);
            }
        }
        SDL_DestroySurface(got);
    }
    SDL_DestroySurface(want);
}

int main(int argc, char **argv)
{
    const char *driver = "software", *mode = "all";
    int frames = 50;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--renderer") == 0) {
            driver = argv[i + 1];
        } else if (strcmp(argv[i], "--frames") == 0) {
            frames = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--mode") == 0) {
            mode = argv[i + 1];
        } else if (strcmp(argv[i], "--map") == 0) {
            side = atoi(argv[i + 1]);
        }
    }
    int only = -1;
    for (int m = 0; m < NMODES; m++) {
        only = strcmp(mode, MODE_NAMES[m]) == 0 ? m : only;
    }
    if (frames < 1 || side * TILE < SCREEN_W + TILE || side > MAX_MAP ||
        (only < 0 && strcmp(mode, "all") != 0)) {
        fprintf(stderr, "usage: bench_tilecache [--renderer NAME] [--frames F>=1] "
                        "[--mode blit|batch|cache|dirty|all] [--map %d..%d]\n",
                SCREEN_W / TILE + 2, MAX_MAP);
        return 2;
    }
    SDL_Window *win = NULL;
    SDL_Renderer *r = NULL;
    if (!SDL_Init(SDL_INIT_VIDEO) ||
        !SDL_CreateWindowAndRenderer("bench_tilecache", SCREEN_W, SCREEN_H, 0, &win, &r)) {
        fail("window");
    }
    SDL_DestroyRenderer(r);
    r = SDL_CreateRenderer(win, driver);
    if (r == NULL) {
        fail(driver);
    }
    SDL_SetRenderVSync(r, 0);
    const char *assets = getenv("AKGL_TEST_ASSETS");
    char path[1024];
    snprintf(path, sizeof(path), "%s/sheet_192x96_48.png", assets ? assets : AKGL_BENCH_ASSETS_DIR);
    sheet = IMG_LoadTexture(r, path);
    if (sheet == NULL) {
        fail(path);
    }
    SDL_SetTextureScaleMode(sheet, SDL_SCALEMODE_NEAREST);
    for (int q = 0; q < LAYERS * 16 * 12; q++) {
        static const int quad[6] = {0, 1, 2, 0, 2, 3};
        for (int i = 0; i < 6; i++) {
            indices[6 * q + i] = 4 * q + quad[i];
        }
    }
    int nch = (side + CHUNK - 1) / CHUNK;
    for (int l = 0; l < LAYERS; l++) {
        for (int cy = 0; cy < nch; cy++) {
            for (int cx = 0; cx < nch; cx++) {
                int w = SDL_min(CHUNK, side - cx * CHUNK) * TILE;
                int h = SDL_min(CHUNK, side - cy * CHUNK) * TILE;
                SDL_Texture *t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888,
                                                   SDL_TEXTUREACCESS_TARGET, w, h);
                if (t == NULL || !SDL_SetTextureScaleMode(t, SDL_SCALEMODE_NEAREST) ||
                    !SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)) {
                    fail("a chunk's texture");
                }
                chunks[l][cy][cx] = t;
                build_chunk(r, l, cx, cy);
            }
        }
    }
    check_same(r, 37);
    if (only >= 0) {
        for (int f = 0; f < frames; f++) {
            frame(r, (Mode)only, f);
            SDL_RenderPresent(r);
        }
        printf("%s on %s: %d frames, the same picture as blit\n", MODE_NAMES[only],
               SDL_GetRendererName(r), frames);
    } else {
        double t[NMODES][16];
        int rounds = 5;
        for (int k = 0; k < rounds; k++) {
            for (int m = 0; m < NMODES; m++) {
                double t0 = now_ns();
                for (int f = 0; f < frames; f++) {
                    frame(r, (Mode)m, f);
                    SDL_RenderPresent(r);
                }
                t[m][k] = (now_ns() - t0) / frames / 1e6;
            }
        }
        printf("%s, %dx%d view over %dx%d cells, %d layers of %d px tiles, chunks of %dx%d "
               "cells; ms per frame, medians of %d rounds of %d frames\n",
               SDL_GetRendererName(r), SCREEN_W, SCREEN_H, side, side, LAYERS, TILE, CHUNK, CHUNK,
               rounds, frames);
        for (int m = 0; m < NMODES; m++) {
            printf("  %-6s %8.3f\n", MODE_NAMES[m], median(t[m], rounds));
        }
    }
    for (int l = 0; l < LAYERS; l++) {
        for (int cy = 0; cy < nch; cy++) {
            for (int cx = 0; cx < nch; cx++) {
                SDL_DestroyTexture(chunks[l][cy][cx]);
            }
        }
    }
    SDL_DestroyTexture(sheet);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
