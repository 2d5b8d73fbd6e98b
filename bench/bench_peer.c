/*
 * bench_peer: akgl's side of the peer bunnymark (bench/README.md, "Peer
 * bench"; tools/bench_peer.sh runs it against LÖVE's bench/peer/main.lua).
 *
 *   bench_peer N FRAMES [--shot FILE]
 *
 * N bunnies, 16 x 16 cells of tests/assets/sheet_64x64_16.png, move on an
 * 800 x 450 window by whole pixels a frame and bounce off its edges; each
 * frame moves them (the game's own loop writing actor positions) and draws
 * and presents it through akgl_game_update. The renderer is SDL's choice
 * under SDL_RENDER_DRIVER (the script names opengl) and the path
 * akgl's (AKGL_RENDER_BATCH). Vsync is off. It prints one line,
 * "akgl RENDERER PATH N median-ms-per-frame", the median of the frames
 * after 10 warm-up frames; with --shot it writes the last frame, read back
 * before its present, to FILE as raw RGBA (800 * 450 * 4 bytes), which the
 * script compares with LÖVE's (bench_peer --compare A B).
 *
 * The movement is integer arithmetic both programs do alike, so the two
 * pictures are the same pixel for pixel: bunny i starts at
 * ((i * 7919) mod 784, (i * 104729) mod 434) with a speed of
 * (i mod 7) - 3 by (i mod 5) - 2 pixels a frame (0 is taken as 1), cell
 * i mod 4, and at frame f sits where that motion reflected off the edges
 * puts it.
 */
#include <akgl/akgl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCREEN_W 800
#define SCREEN_H 450
#define CELL 16
#define WARMUP 10

static void die(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "bench_peer: %s: %s\n", what, e->message);
        exit(1);
    }
}

/* p reflected into 0..span (a triangle wave of period 2 span). */
static int reflect(long p, int span)
{
    long period = 2L * span;
    long m = p % period;
    if (m < 0) {
        m += period;
    }
    return (int)(m <= span ? m : period - m);
}

static int speed(int v)
{
    return v == 0 ? 1 : v;
}

/* Where bunny i is at frame f. */
static void place(int i, long f, float *x, float *y)
{
    long x0 = ((long)i * 7919L) % (SCREEN_W - CELL);
    long y0 = ((long)i * 104729L) % (SCREEN_H - CELL);
    *x = (float)reflect(x0 + f * speed(i % 7 - 3), SCREEN_W - CELL);
    *y = (float)reflect(y0 + f * speed(i % 5 - 2), SCREEN_H - CELL);
}

static double now_ms(void)
{
    return (double)SDL_GetTicksNS() / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static const char *shot_path;
static akgl_RenderFrameFunc real_frame_end;
static bool take_shot;

/* Reads the last frame back before its present (the back buffer is undefined after). */
static akerr_ErrorContext *shot_then_present(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    if (take_shot) {
        SDL_Surface *raw = SDL_RenderReadPixels(r->sdl_renderer, NULL);
        FAIL_ZERO_RETURN(errctx, raw, AKERR_API, "read back: %s", SDL_GetError());
        SDL_Surface *rgba = SDL_ConvertSurface(raw, SDL_PIXELFORMAT_RGBA32);
        SDL_DestroySurface(raw);
        FAIL_ZERO_RETURN(errctx, rgba, AKERR_API, "convert: %s", SDL_GetError());
        FILE *f = fopen(shot_path, "wb");
        bool ok = f != NULL;
        for (int y = 0; ok && y < rgba->h; y++) {
            ok = fwrite((const Uint8 *)rgba->pixels + (size_t)y * (size_t)rgba->pitch, 4,
                        (size_t)rgba->w, f) == (size_t)rgba->w;
        }
        ok = (f != NULL && fclose(f) == 0) && ok;
        SDL_DestroySurface(rgba);
        FAIL_ZERO_RETURN(errctx, ok, AKERR_IO, "cannot write %s", shot_path);
    }
    PASS(errctx, real_frame_end(r));
    SUCCEED_RETURN(errctx);
}

/* bench_peer --compare A B: how many pixels of two raw RGBA frames differ. */
static int compare(const char *a, const char *b)
{
    size_t size = (size_t)SCREEN_W * SCREEN_H * 4, na = 0, nb = 0;
    Uint8 *pa = SDL_LoadFile(a, &na), *pb = SDL_LoadFile(b, &nb);
    if (pa == NULL || pb == NULL || na != size || nb != size) {
        fprintf(stderr, "bench_peer: cannot compare %s (%zu bytes) and %s (%zu bytes): want %zu\n",
                a, na, b, nb, size);
        return 2;
    }
    long differ = 0;
    for (size_t i = 0; i < size; i += 4) {
        differ += memcmp(pa + i, pb + i, 3) != 0;
    }
    SDL_free(pa);
    SDL_free(pb);
    printf("%ld pixels differ\n", differ);
    return differ == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--compare") == 0) {
        return compare(argv[2], argv[3]);
    }
    if (argc < 3) {
        fprintf(stderr, "usage: bench_peer N FRAMES [--shot FILE] | --compare A B\n");
        return 2;
    }
    int n = atoi(argv[1]), frames = atoi(argv[2]);
    if (argc == 5 && strcmp(argv[3], "--shot") == 0) {
        shot_path = argv[4];
    }
    if (n < 1 || frames < 1) {
        fprintf(stderr, "bench_peer: N and FRAMES must be positive\n");
        return 2;
    }
    akgl_GameConfig config = {0};
    config.capacity[AKGL_HEAP_ACTOR] = n;
    die(akgl_game_init_with_config(&config), "game init");
    die(akgl_set_property("game.screenwidth", "800"), "width");
    die(akgl_set_property("game.screenheight", "450"), "height");
    static akgl_Renderer renderer;
    die(akgl_render_2d_init(&renderer), "renderer");
    SDL_SetRenderVSync(renderer.sdl_renderer, 0);

    char path[1024];
    snprintf(path, sizeof(path), "%s/sheet_64x64_16.png", AKGL_BENCH_ASSETS_DIR);
    akgl_SpriteSheet *sheet = NULL;
    die(akgl_heap_next_spritesheet(&sheet), "sheet");
    die(akgl_spritesheet_initialize(sheet, CELL, CELL, path), "sheet init");
    akgl_Character *chr[4];
    for (int c = 0; c < 4; c++) {
        char name[16];
        akgl_Sprite *spr = NULL;
        snprintf(name, sizeof(name), "bunny%d", c);
        die(akgl_heap_next_sprite(&spr), "sprite");
        die(akgl_sprite_initialize(spr, name, sheet), "sprite init");
        spr->width = spr->height = CELL;
        spr->frames = 1;
        spr->frameids[0] = (uint8_t)c;
        die(akgl_heap_next_character(&chr[c]), "character");
        die(akgl_character_initialize(chr[c], name), "character init");
        die(chr[c]->sprite_add(chr[c], spr, AKGL_ACTOR_STATE_ALIVE), "sprite_add");
        die(akgl_heap_release_sprite(spr), "sprite release"); /* the character holds it */
    }
    die(akgl_heap_release_spritesheet(sheet), "sheet release");
    akgl_Actor **bunny = calloc((size_t)n, sizeof(*bunny));
    if (bunny == NULL) {
        fprintf(stderr, "bench_peer: no memory\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        float x, y;
        place(i, 0, &x, &y);
        die(akgl_actor_spawn(NULL, chr[i % 4]->name, x, y, &bunny[i]), "spawn");
        bunny[i]->state = AKGL_ACTOR_STATE_ALIVE;
    }
    real_frame_end = renderer.frame_end;
    renderer.frame_end = shot_then_present;

    double *ms = calloc((size_t)frames, sizeof(*ms));
    for (int f = 0; f < WARMUP + frames; f++) {
        double t0 = now_ms();
        SDL_PumpEvents();
        for (int i = 0; i < n; i++) {
            place(i, f, &bunny[i]->x, &bunny[i]->y);
        }
        take_shot = shot_path != NULL && f == WARMUP + frames - 1;
        die(akgl_game_update(NULL), "update");
        double t1 = now_ms();
        if (f >= WARMUP && !take_shot) {
            ms[f - WARMUP] = t1 - t0;
        }
    }
    int timed = shot_path != NULL ? frames - 1 : frames;
    qsort(ms, (size_t)timed, sizeof(*ms), by_value);
    printf("akgl %s %s %d %.3f\n", SDL_GetRendererName(renderer.sdl_renderer),
           renderer.batch ? "batch" : "blit", n, timed > 0 ? ms[timed / 2] : 0.0);
    free(ms);
    free(bunny);
    return 0;
}
