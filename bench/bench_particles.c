/*
 * bench_particles: 100,000 live particles on the software renderer, akgl's
 * emitter against the same work hand-written in SDL3, in the same run.
 *
 * Both sides hold the same particle records (centre, velocity, age, life:
 * six floats), born from the same seeded generator in one burst at the
 * middle of an 800 x 450 software renderer, with lives long enough that all
 * of them stay alive for the whole run. Every frame (16 ms of game time)
 * each side ages and moves every particle (gravity, semi-implicit Euler,
 * swap-remove of the dead), then builds one quad per particle whose size and
 * colour go from their start to their end values over its life, and submits
 * them in one SDL_RenderGeometry call with a 1 x 1 white texture (the
 * fastest way to draw many coloured squares on the software renderer: see
 * the strategies below). akgl does it through akgl_game_update with the
 * emitter's definition; the baseline is the loop a programmer would write.
 * The sides run interleaved in rounds (drift in the machine affects both
 * alike); figures are medians.
 *
 * Per frame it times update+submit (everything before SDL_RenderPresent,
 * which is where the software renderer writes the pixels) and the full
 * frame. After the rounds each side's next frame is read back before its
 * present: the two pictures must be the same ("same").
 *
 * Then, hand-written only, the draw strategies for the same particles:
 * SDL_RenderGeometry with a white texture, SDL_RenderGeometry without a
 * texture, and SDL_SetRenderDrawColor + SDL_RenderFillRect per particle.
 *
 *   bench_particles [--frames N] [--rounds R] [--particles P]
 *
 * Prints figures and ratios. It asserts nothing about speed.
 */
#include <akgl/game.h>
#include <akgl/particles.h>
#include <akgl/render.h>
#include <akgl/time.h>

#include <SDL3/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"

#define SCREEN_W 800
#define SCREEN_H 450
#define FRAME_NS (16u * AKGL_TIME_ONEMS_NS)
#define SEED 7u

/* The emitter both sides run. */
static akgl_EmitterDef definition(int n)
{
    akgl_EmitterDef d;
    memset(&d, 0, sizeof(d));
    d.burst = n;
    d.life_min = 100.0f; /* all alive for the whole run */
    d.life_max = 200.0f;
    d.speed_min = 10.0f; /* slow enough that none leaves the view in the */
    d.speed_max = 90.0f;  /* default run: akgl culls none (it says how many it did) */
    d.angle_min = 0.0f;
    d.angle_max = 360.0f;
    d.gravity_y = 20.0f;
    d.color_start = (SDL_Color){255, 220, 60, 200};
    d.color_end = (SDL_Color){200, 30, 10, 0};
    d.size_start = 4.0f;
    d.size_end = 1.0f;
    d.look = AKGL_PARTICLE_SQUARE;
    d.blend = SDL_BLENDMODE_BLEND;
    return d;
}

/* ---- the hand-written SDL3 side ---------------------------------------- */

typedef struct Particle
{
    float x, y, vx, vy, age, life;
} Particle;

typedef struct Plain
{
    Particle *p;
    int n;
    SDL_Vertex *v;
    int *idx;
    SDL_Texture *white;
    float c0[4], dc[4], s0, ds;
    float gx, gy;
} Plain;

/* The generator akgl's emitters use (splitmix64 seeding, xorshift64*
 * draws), so both sides start from the same particles. */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static float rnd01(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return (float)((x * UINT64_C(0x2545f4914f6cdd1d)) >> 40) * (1.0f / 16777216.0f);
}

static void plain_start(Plain *pl, SDL_Renderer *sdl, const akgl_EmitterDef *d, int n, float x,
                        float y)
{
    pl->p = SDL_malloc(sizeof(Particle) * (size_t)n);
    pl->v = SDL_malloc(sizeof(SDL_Vertex) * 4u * (size_t)n);
    pl->idx = SDL_malloc(sizeof(int) * 6u * (size_t)n);
    if (pl->p == NULL || pl->v == NULL || pl->idx == NULL) {
        fprintf(stderr, "bench_particles: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        static const int quad[6] = {0, 1, 2, 0, 2, 3};
        for (int k = 0; k < 6; k++) {
            pl->idx[i * 6 + k] = i * 4 + quad[k];
        }
    }
    uint64_t s = (uint64_t)SEED ^ (UINT64_C(0x632be59bd9b4e019) * 1u);
    uint64_t rng = splitmix64(&s) | 1u;
    const float deg = (float)(SDL_PI_D / 180.0);
    for (int i = 0; i < n; i++) {
        Particle *p = &pl->p[i];
        float life = d->life_min + (d->life_max - d->life_min) * rnd01(&rng);
        float speed = d->speed_min + (d->speed_max - d->speed_min) * rnd01(&rng);
        float angle = (d->angle_min + (d->angle_max - d->angle_min) * rnd01(&rng)) * deg;
        *p = (Particle){x, y, speed * SDL_cosf(angle), speed * SDL_sinf(angle), 0.0f, life};
    }
    pl->n = n;
    const float k = 1.0f / 255.0f;
    const SDL_Color a = d->color_start, b = d->color_end;
    pl->c0[0] = a.r * k, pl->c0[1] = a.g * k, pl->c0[2] = a.b * k, pl->c0[3] = a.a * k;
    pl->dc[0] = (b.r - a.r) * k, pl->dc[1] = (b.g - a.g) * k;
    pl->dc[2] = (b.b - a.b) * k, pl->dc[3] = (b.a - a.a) * k;
    pl->s0 = d->size_start * 0.5f;
    pl->ds = (d->size_end - d->size_start) * 0.5f;
    pl->gx = d->gravity_x;
    pl->gy = d->gravity_y;
    pl->white = SDL_CreateTexture(sdl, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_STATIC, 1, 1);
    const Uint32 white = 0xffffffffu;
    SDL_UpdateTexture(pl->white, NULL, &white, 4);
    SDL_SetTextureBlendMode(pl->white, d->blend);
    SDL_SetTextureScaleMode(pl->white, SDL_SCALEMODE_NEAREST);
}

static void plain_update(Plain *pl, float dt)
{
    const float gx = pl->gx * dt, gy = pl->gy * dt;
    Particle *p = pl->p;
    int n = pl->n;
    for (int j = 0; j < n;) {
        Particle *q = &p[j];
        q->age += dt;
        if (q->age >= q->life) {
            *q = p[--n];
            continue;
        }
        q->vx += gx;
        q->vy += gy;
        q->x += q->vx * dt;
        q->y += q->vy * dt;
        j++;
    }
    pl->n = n;
}

enum
{
    DRAW_GEOMETRY_TEXTURED,
    DRAW_GEOMETRY_PLAIN,
    DRAW_FILL_RECTS
};

static void plain_draw(Plain *pl, SDL_Renderer *sdl, int how)
{
    SDL_SetRenderDrawColor(sdl, 0, 0, 0, 255);
    SDL_RenderClear(sdl);
    if (how == DRAW_FILL_RECTS) {
        /* The figures in locals: SDL calls in the loop could otherwise make
         * the compiler read them again every particle. */
        const float r0 = pl->c0[0], g0 = pl->c0[1], b0 = pl->c0[2], a0 = pl->c0[3];
        const float dr = pl->dc[0], dg = pl->dc[1], db = pl->dc[2], da = pl->dc[3];
        const float s0 = pl->s0, ds = pl->ds;
        const Particle *ps = pl->p;
        const int n = pl->n;
        SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
        for (int i = 0; i < n; i++) {
            const Particle *p = &ps[i];
            float t = p->age / p->life, h = s0 + ds * t;
            SDL_SetRenderDrawColorFloat(sdl, r0 + dr * t, g0 + dg * t, b0 + db * t, a0 + da * t);
            SDL_FRect r = {p->x - h, p->y - h, 2.0f * h, 2.0f * h};
            SDL_RenderFillRect(sdl, &r);
        }
        return;
    }
    SDL_Vertex *v = pl->v;
    for (int i = 0; i < pl->n; i++, v += 4) {
        const Particle *p = &pl->p[i];
        float t = p->age / p->life, h = pl->s0 + pl->ds * t;
        SDL_FColor c = {pl->c0[0] + pl->dc[0] * t, pl->c0[1] + pl->dc[1] * t,
                        pl->c0[2] + pl->dc[2] * t, pl->c0[3] + pl->dc[3] * t};
        v[0] = (SDL_Vertex){{p->x - h, p->y - h}, c, {0.0f, 0.0f}};
        v[1] = (SDL_Vertex){{p->x + h, p->y - h}, c, {1.0f, 0.0f}};
        v[2] = (SDL_Vertex){{p->x + h, p->y + h}, c, {1.0f, 1.0f}};
        v[3] = (SDL_Vertex){{p->x - h, p->y + h}, c, {0.0f, 1.0f}};
    }
    SDL_RenderGeometry(sdl, how == DRAW_GEOMETRY_TEXTURED ? pl->white : NULL, pl->v, pl->n * 4,
                       pl->idx, pl->n * 6);
}

/* ---- the akgl side ------------------------------------------------------ */

static void die(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "bench_particles: %s: %s\n%s", what, e->message, e->stacktracebuf);
        exit(1);
    }
}

/* frame_end, timed: the moment the update+submit ended, then the present. */
static akgl_RenderFrameFunc real_frame_end;
static double submitted_at;
static SDL_Surface *akgl_picture; /* when asked for: the frame before its present */
static bool want_picture;

static akerr_ErrorContext *timed_frame_end(akgl_Renderer *r)
{
    submitted_at = now_ns();
    if (want_picture) {
        akgl_picture = SDL_RenderReadPixels(r->sdl_renderer, NULL);
        want_picture = false;
    }
    return real_frame_end(r);
}

static bool same_picture(SDL_Surface *a, SDL_Surface *b)
{
    if (a == NULL || b == NULL || a->w != b->w || a->h != b->h || a->format != b->format) {
        return false;
    }
    for (int y = 0; y < a->h; y++) {
        if (memcmp((Uint8 *)a->pixels + (size_t)y * (size_t)a->pitch,
                   (Uint8 *)b->pixels + (size_t)y * (size_t)b->pitch,
                   (size_t)a->w * SDL_BYTESPERPIXEL(a->format)) != 0) {
            return false;
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    int frames = 5, rounds = 5, n = 100000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--frames") == 0) {
            frames = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--rounds") == 0) {
            rounds = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--particles") == 0) {
            n = atoi(argv[i + 1]);
        }
    }
    if (frames < 1 || rounds < 1 || rounds > 64 || n < 1 || n > 1000000) {
        fprintf(stderr, "usage: bench_particles [--frames N>=1] [--rounds 1..64] "
                        "[--particles 1..1000000]\n");
        return 2;
    }
    SDL_Surface *target = SDL_CreateSurface(SCREEN_W, SCREEN_H, SDL_PIXELFORMAT_XRGB8888);
    SDL_Renderer *sdl = target ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (sdl == NULL) {
        fprintf(stderr, "bench_particles: no software renderer: %s\n", SDL_GetError());
        return 1;
    }
    static akgl_Renderer renderer;
    akgl_GameConfig cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.particle_emitters = 1;
    cfg.particles_per_emitter = n;
    die(akgl_game_init_with_config(&cfg), "akgl_game_init_with_config");
    die(akgl_render_2d_bind(&renderer, sdl), "bind");
    renderer.clear_color = (SDL_Color){0, 0, 0, 255};
    real_frame_end = renderer.frame_end;
    renderer.frame_end = timed_frame_end;
    die(akgl_time_use_manual(true), "manual clock");
    die(akgl_particles_seed(SEED), "seed");
    akgl_EmitterDef def = definition(n);
    akgl_Emitter *em = NULL;
    die(akgl_game_update(NULL), "first update"); /* the clock's first step is 0 */
    die(akgl_emitter_start(&def, SCREEN_W / 2.0f, SCREEN_H / 2.0f, &em), "emitter");

    Plain pl;
    memset(&pl, 0, sizeof(pl));
    plain_start(&pl, sdl, &def, n, SCREEN_W / 2.0f, SCREEN_H / 2.0f);
    const float dt = (float)((double)FRAME_NS / 1e9);
    /* Spread out first (40 frames, 0.64 s): the timed frames draw a cloud, not a dot. */
    for (int f = 0; f < 40; f++) {
        die(akgl_time_advance(FRAME_NS), "advance");
        die(akgl_game_update(NULL), "update");
        plain_update(&pl, dt);
        plain_draw(&pl, sdl, DRAW_FILL_RECTS);
        SDL_RenderPresent(sdl);
    }

    double a_us[64], p_us[64], a_full[64], p_full[64];
    for (int r = 0; r < rounds; r++) {
        double us = 0.0, full = 0.0;
        for (int f = 0; f < frames; f++) {
            die(akgl_time_advance(FRAME_NS), "advance");
            double t0 = now_ns();
            die(akgl_game_update(NULL), "update");
            double t1 = now_ns();
            us += submitted_at - t0;
            full += t1 - t0;
        }
        a_us[r] = us / frames;
        a_full[r] = full / frames;
        us = full = 0.0;
        for (int f = 0; f < frames; f++) {
            double t0 = now_ns();
            plain_update(&pl, dt);
            plain_draw(&pl, sdl, DRAW_FILL_RECTS);
            double t1 = now_ns();
            SDL_RenderPresent(sdl);
            double t2 = now_ns();
            us += t1 - t0;
            full += t2 - t0;
        }
        p_us[r] = us / frames;
        p_full[r] = full / frames;
    }
    /* One more frame each, read back before the present. */
    want_picture = true;
    die(akgl_time_advance(FRAME_NS), "advance");
    die(akgl_game_update(NULL), "update");
    plain_update(&pl, dt);
    plain_draw(&pl, sdl, DRAW_FILL_RECTS);
    SDL_Surface *plain_picture = SDL_RenderReadPixels(sdl, NULL);
    SDL_RenderPresent(sdl);
    bool same = same_picture(akgl_picture, plain_picture);
    int live = 0;
    die(akgl_particles_counts(NULL, &live), "counts");

    double au = median(a_us, rounds), pu = median(p_us, rounds);
    double af = median(a_full, rounds), pf = median(p_full, rounds);
    printf("particles: %d live (akgl %d, hand-written %d), one emitter, 4x4..1x1 squares, "
           "%dx%d software renderer,\nmedian of %d rounds x %d frames, interleaved\n", n, live,
           pl.n, SCREEN_W, SCREEN_H, rounds, frames);
    printf("                   akgl         SDL3   ratio\n");
    printf("  update+submit %9.0f us %9.0f us %7.3f\n", au / 1e3, pu / 1e3, au / pu);
    printf("  full frame    %9.0f us %9.0f us %7.3f\n", af / 1e3, pf / 1e3, af / pf);
    printf("  pictures      %s\n", same ? "same" : "DIFFER");
    printf("  akgl culled   %llu particle draws outside the view (the baseline culls none)\n",
           (unsigned long long)renderer.stats.culled);

    /* The draw strategies, hand-written, on the same particles (not moved). */
    static const char *const names[] = {"SDL_RenderGeometry, 1x1 white texture",
                                        "SDL_RenderGeometry, no texture",
                                        "SDL_RenderFillRect per particle"};
    double s_full[3][64];
    for (int r = 0; r < rounds; r++) {
        for (int how = 0; how < 3; how++) {
            double t0 = now_ns();
            for (int f = 0; f < frames; f++) {
                plain_draw(&pl, sdl, how);
                SDL_RenderPresent(sdl);
            }
            s_full[how][r] = (now_ns() - t0) / frames;
        }
    }
    printf("draw strategies (hand-written, draw+present only):\n");
    for (int how = 0; how < 3; how++) {
        printf("  %-40s %9.0f us\n", names[how], median(s_full[how], rounds) / 1e3);
    }

    SDL_DestroySurface(akgl_picture);
    SDL_DestroySurface(plain_picture);
    SDL_free(pl.p);
    SDL_free(pl.v);
    SDL_free(pl.idx);
    SDL_DestroyTexture(pl.white);
    die(akgl_emitter_release(em), "release");
    die(akgl_time_use_manual(false), "clock");
    renderer.frame_end = real_frame_end;
    die(renderer.shutdown(&renderer), "shutdown");
    die(akgl_game_quit(), "quit");
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
    int contexts = akerr_contexts_in_use();
    SDL_Quit();
    return contexts == 0 && same ? 0 : 1;
}
