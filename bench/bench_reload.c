/*
 * bench_reload: what hot reload costs a frame when nothing changed.
 *
 * The game runs akgl_game_update with no renderer and no live actor (what is
 * left is the frame's own bookkeeping) on the manual clock, 16.67 ms a frame,
 * three ways, interleaved in rounds:
 *
 *   off       hot reload off (akgl_GameConfig.hot_reload false)
 *   on        hot reload on, F files watched, the default period (250 ms:
 *             each file is looked at once in 15 frames, a fifteenth of the
 *             list a frame), nothing changed; and its slowest frame
 *   every     the same with a period of 1 ms: the files are looked at every
 *             frame (the look's whole cost, each frame)
 *
 * and the look alone, akgl_reload_check with F files watched, per file. The
 * watched files are F small PNGs loaded as images (akgl_image_load) on a
 * software renderer that is unbound for the timed frames. Allocations in the
 * timed frames are counted through SDL_SetMemoryFunctions (akgl's only
 * allocator on the frame path); a frame that allocates fails the run. Times
 * are this thread's CPU time (CLOCK_THREAD_CPUTIME_ID, user and system), so
 * that time spent preempted on a shared machine is not counted.
 *
 *   bench_reload [--frames F] [--rounds R] [--files 16,256,...]
 *
 * Prints figures; asserts nothing about speed.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <akgl/akgl.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc_fixture.h"
#include "bench_timing.h"

/* The time this thread has run, user and system (the stat calls are system
 * time): on a machine shared with other work, time spent preempted is not
 * counted. Wall time where the clock is missing. */
static double cpu_ns(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) {
        return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
    }
#endif
    return now_ns();
}

#define MAX_ROUNDS 32
#define MAX_SIZES 8
#define MAX_FILES 4096
#define FRAME_NS AKGL_APP_FRAME_NS

static void die(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "bench_reload: %s: %s\n", what, e->message);
        exit(1);
    }
}

static char dir[512];
static SDL_Surface *target;
static SDL_Renderer *sdl;
static akgl_Renderer renderer;
static akgl_Image *images[MAX_FILES];

/* Starts the game (hot reload as asked), loads `files` images, unbinds the renderer. */
static void start(bool on, int period_ms, int files)
{
    akgl_GameConfig cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.hot_reload = on;
    cfg.hot_reload_files = files > 0 ? files : 0;
    cfg.hot_reload_period_ms = period_ms;
    cfg.capacity[AKGL_HEAP_IMAGE] = files; /* 0: the default */
    die(akgl_game_init_with_config(&cfg), "akgl_game_init_with_config");
    die(akgl_time_use_manual(true), "akgl_time_use_manual");
    target = SDL_CreateSurface(64, 64, SDL_PIXELFORMAT_RGBA32);
    sdl = target != NULL ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (sdl == NULL) {
        fprintf(stderr, "bench_reload: no software renderer: %s\n", SDL_GetError());
        exit(1);
    }
    die(akgl_render_2d_bind(&renderer, sdl), "akgl_render_2d_bind");
    for (int i = 0; i < files; i++) {
        char path[600];
        SDL_snprintf(path, sizeof(path), "%s/image%04d.png", dir, i);
        die(akgl_image_load(path, &images[i]), path);
    }
    game.renderer = NULL; /* the frames time the update alone */
}

static void stop(int files)
{
    game.renderer = &renderer;
    for (int i = 0; i < files; i++) {
        die(akgl_heap_release_image(images[i]), "akgl_heap_release_image");
    }
    if (renderer.shutdown != NULL) {
        die(renderer.shutdown(&renderer), "shutdown");
    }
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
    die(akgl_time_use_manual(false), "akgl_time_use_manual");
    die(akgl_game_quit(), "akgl_game_quit");
}

/* ns per frame of `frames` updates, and the allocations they made. */
static double frames_ns(int frames, int *allocs)
{
    int before = SDL_GetAtomicInt(&allocations);
    double t0 = cpu_ns();
    for (int i = 0; i < frames; i++) {
        die(akgl_time_advance(FRAME_NS), "akgl_time_advance");
        die(akgl_game_update(NULL), "akgl_game_update");
    }
    double t = (cpu_ns() - t0) / frames;
    *allocs += SDL_GetAtomicInt(&allocations) - before;
    return t;
}

/* The slowest of `frames` updates, each timed alone. */
static double worst_frame_ns(int frames)
{
    double worst = 0.0;
    for (int i = 0; i < frames; i++) {
        die(akgl_time_advance(FRAME_NS), "akgl_time_advance");
        double t0 = cpu_ns();
        die(akgl_game_update(NULL), "akgl_game_update");
        double t = cpu_ns() - t0;
        worst = t > worst ? t : worst;
    }
    return worst;
}

static double run(bool on, int period_ms, int files, int frames, int *allocs, double *worst)
{
    start(on, period_ms, files);
    (void)frames_ns(30, allocs); /* warm */
    *allocs = 0;
    double t = frames_ns(frames, allocs);
    if (worst != NULL) {
        *worst = worst_frame_ns(60); /* four periods: every frame of a sweep */
    }
    stop(files);
    return t;
}

/* ns per akgl_reload_check with `files` watched, nothing changed. */
static double look_ns(int files, int frames)
{
    start(true, 0, files);
    double t0 = cpu_ns();
    for (int i = 0; i < frames; i++) {
        int reloaded = 0;
        die(akgl_reload_check(&reloaded, NULL), "akgl_reload_check");
        if (reloaded != 0) {
            fprintf(stderr, "bench_reload: %d files reloaded, none changed\n", reloaded);
            exit(1);
        }
    }
    double t = (cpu_ns() - t0) / frames;
    stop(files);
    return t;
}

static void write_images(int n)
{
    SDL_Surface *s = SDL_CreateSurface(16, 16, SDL_PIXELFORMAT_RGBA32);
    if (s == NULL) {
        fprintf(stderr, "bench_reload: %s\n", SDL_GetError());
        exit(1);
    }
    SDL_FillSurfaceRect(s, NULL, SDL_MapSurfaceRGBA(s, 200, 100, 50, 255));
    for (int i = 0; i < n; i++) {
        char path[600];
        SDL_snprintf(path, sizeof(path), "%s/image%04d.png", dir, i);
        if (!IMG_SavePNG(s, path)) {
            fprintf(stderr, "bench_reload: cannot write %s: %s\n", path, SDL_GetError());
            exit(1);
        }
    }
    SDL_DestroySurface(s);
}

static void remove_images(int n)
{
    for (int i = 0; i < n; i++) {
        char path[600];
        SDL_snprintf(path, sizeof(path), "%s/image%04d.png", dir, i);
        (void)SDL_RemovePath(path);
    }
    (void)SDL_RemovePath(dir);
}

int main(int argc, char **argv)
{
    int frames = 3000, rounds = 5;
    int sizes[MAX_SIZES] = {16, 256, 1024};
    int nsizes = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--frames") == 0) {
            frames = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--rounds") == 0) {
            rounds = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--files") == 0) {
            nsizes = 0;
            for (char *p = argv[i + 1]; *p != '\0' && nsizes < MAX_SIZES;) {
                char *end = NULL;
                long v = strtol(p, &end, 10);
                if (end == p || v < 1 || v > MAX_FILES) {
                    nsizes = 0;
                    break;
                }
                sizes[nsizes++] = (int)v;
                p = *end == ',' ? end + 1 : end;
            }
        }
    }
    if (frames < 1 || rounds < 1 || rounds > MAX_ROUNDS || nsizes == 0) {
        fprintf(stderr, "usage: bench_reload [--frames F] [--rounds 1..%d] [--files N,...]"
                        " (1..%d files)\n", MAX_ROUNDS, MAX_FILES);
        return 2;
    }
    count_allocations();
    if (!SDL_Init(SDL_INIT_VIDEO)) {
        fprintf(stderr, "bench_reload: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    const char *tmp = SDL_getenv("TMPDIR");
    SDL_snprintf(dir, sizeof(dir), "%s/bench_reload_%u", tmp != NULL ? tmp : "/tmp",
                 (unsigned)SDL_GetTicksNS());
    if (!SDL_CreateDirectory(dir)) {
        fprintf(stderr, "bench_reload: cannot make %s: %s\n", dir, SDL_GetError());
        return 1;
    }
    int largest = 0;
    for (int i = 0; i < nsizes; i++) {
        largest = sizes[i] > largest ? sizes[i] : largest;
    }
    write_images(largest);
    printf("bench_reload: %d frames a round, %d rounds, medians; akgl_game_update with no "
           "renderer and no actor, 16.67 ms of the manual clock a frame\n", frames, rounds);
    printf("%8s %12s %12s %16s %14s %14s %12s\n", "files", "off ns/fr", "on ns/fr",
           "(on-off) ns/fr", "on worst ns", "every ns/fr", "look ns/file");
    int status = 0;
    for (int s = 0; s < nsizes; s++) {
        int n = sizes[s];
        double off[MAX_ROUNDS], on[MAX_ROUNDS], every[MAX_ROUNDS], look[MAX_ROUNDS];
        double worst[MAX_ROUNDS];
        int allocs = 0, a = 0;
        for (int r = 0; r < rounds; r++) {
            off[r] = run(false, 0, n, frames, &a, NULL);
            allocs += a;
            on[r] = run(true, 0, n, frames, &a, &worst[r]);
            allocs += a;
            every[r] = run(true, 1, n, frames / 10 > 0 ? frames / 10 : 1, &a, NULL);
            allocs += a;
            look[r] = look_ns(n, 20) / n;
        }
        double moff = median(off, rounds), mon = median(on, rounds);
        printf("%8d %12.0f %12.0f %16.0f %14.0f %14.0f %12.0f%s\n", n, moff, mon, mon - moff,
               median(worst, rounds), median(every, rounds), median(look, rounds),
               allocs != 0 ? "  ALLOCATED" : "");
        if (allocs != 0) {
            fprintf(stderr, "bench_reload: %d allocations in the timed frames\n", allocs);
            status = 1;
        }
    }
    remove_images(largest);
    SDL_Quit();
    return status;
}
