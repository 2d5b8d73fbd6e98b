/*
 * Particle emitters (akgl/particles.h), through akgl_game_update on the
 * manual clock, by pixels read back from a software renderer bound over a
 * surface: a burst of squares drawn where its speed and the clock put it,
 * colour over life, the same seed giving the same pixels, an emitter
 * following a moved actor, drawn above or below an actor by layer, sprite
 * and image looks; the pools (an emitter pool full, an emitter's particles
 * full), an actor despawned under its emitter, unload and every refusal
 * (bad definitions, a table of bad JSON files) with the counts back where
 * they started.
 */
#include <akgl/actor.h>
#include <akgl/game.h>
#include <akgl/particles.h>

#include "game_private.h"
#include "scene.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W 120
#define H 90
#define MS AKGL_TIME_ONEMS_NS

static const SDL_Color RED = {255, 0, 0, 255};
static const SDL_Color BLUE = {0, 0, 255, 255};

static int live_emitters(void)
{
    int n = -1;
    akerr_ErrorContext *e = akgl_particles_counts(&n, NULL);
    e = akerr_release_error(e);
    (void)e;
    return n;
}

static int live_particles(void)
{
    int n = -1;
    akerr_ErrorContext *e = akgl_particles_counts(NULL, &n);
    e = akerr_release_error(e);
    (void)e;
    return n;
}

/* A def of opaque squares of @p size, all at one speed and angle. */
static akgl_EmitterDef square_def(int burst, float speed, float angle, float size,
                                  SDL_Color color)
{
    akgl_EmitterDef d;
    memset(&d, 0, sizeof(d));
    d.burst = burst;
    d.life_min = d.life_max = 1.0f;
    d.speed_min = d.speed_max = speed;
    d.angle_min = d.angle_max = angle;
    d.color_start = d.color_end = color;
    d.size_start = d.size_end = size;
    d.look = AKGL_PARTICLE_SQUARE;
    d.blend = SDL_BLENDMODE_BLEND;
    return d;
}

/* One frame through the game loop; its picture in scene_last_frame. */
static void frame(uint64_t ms)
{
    if (ms > 0) {
        CHECK_OK(akgl_time_advance(ms * MS));
    }
    {
        akerr_ErrorContext *e_ = akgl_game_update(NULL);
        CHECK_MSG(e_ == NULL, "update: %s", e_ ? e_->message : "");
        if (e_ != NULL) {
            e_ = akerr_release_error(e_);
        }
    }
}

static bool open_scene(Scene *s)
{
    CHECK_OK(akgl_time_use_manual(true));
    if (!scene_open_bound(s, W, H)) {
        return false;
    }
    scene_capture(&s->r);
    CHECK_OK(akgl_game_update(NULL)); /* the next update's step starts now */
    return true;
}

static void close_scene(Scene *s)
{
    scene_capture_done();
    scene_close(s);
    CHECK_OK(akgl_time_use_manual(false));
}

/* Whether every pixel of [x0, x1] x [y0, y1] is @p c. */
static bool box_is(SDL_Surface *f, int x0, int y0, int x1, int y1, SDL_Color c)
{
    for (int y = y0; y <= y1; y++) {
        for (int x = x0; x <= x1; x++) {
            if (!same_rgb(pixel_at(f, x, y), c)) {
                return false;
            }
        }
    }
    return true;
}

static void test_burst_is_drawn_where_it_flies(void)
{
    Scene s;
    if (open_scene(&s)) {
        akgl_EmitterDef d = square_def(10, 100.0f, 0.0f, 4.0f, RED);
        akgl_Emitter *em = NULL;
        CHECK_OK(akgl_emitter_start(&d, 30.0f, 40.0f, &em));
        CHECK_INT_EQ(live_particles(), 10);
        frame(0);
        /* Born at (30, 40): the 4x4 square 28..31 x 38..41, nothing around. */
        CHECK(box_is(scene_last_frame, 28, 38, 31, 41, RED));
        CHECK_PIXEL(scene_last_frame, 27, 40, CLEAR);
        CHECK_PIXEL(scene_last_frame, 32, 40, CLEAR);
        CHECK_PIXEL(scene_last_frame, 30, 37, CLEAR);
        CHECK_INT_EQ(s.r.stats.submitted, 10); /* squares: one rectangle fill each */
        /* 100 ms at 100 px/s to the right: centred on (40, 40). */
        frame(100);
        CHECK(box_is(scene_last_frame, 38, 38, 41, 41, RED));
        CHECK_PIXEL(scene_last_frame, 37, 40, CLEAR);
        CHECK_PIXEL(scene_last_frame, 30, 40, CLEAR);
        /* The camera moved by (20, 10): the same world spot 20 left, 10 up. */
        game.camera->x = 20.0f;
        game.camera->y = 10.0f;
        frame(0);
        CHECK(box_is(scene_last_frame, 18, 28, 21, 31, RED));
        CHECK_PIXEL(scene_last_frame, 38, 38, CLEAR);
        game.camera->x = 0.0f;
        game.camera->y = 0.0f;
        /* Turned half round the view's centre (60, 45): (40, 40) lands on (80, 50),
         * still rectangles. */
        game.camera->rotation = 180.0f;
        s.r.stats = (akgl_RenderStats){0, 0};
        frame(0);
        CHECK(box_is(scene_last_frame, 78, 48, 81, 51, RED));
        CHECK_PIXEL(scene_last_frame, 77, 50, CLEAR);
        CHECK_PIXEL(scene_last_frame, 82, 50, CLEAR);
        CHECK_INT_EQ(s.r.stats.submitted, 10); /* a half turn keeps them rectangles */
        /* A quarter turn: (40, 40) lands on (65, 25); as triangles, one draw. */
        game.camera->rotation = 90.0f;
        s.r.stats = (akgl_RenderStats){0, 0};
        frame(0);
        CHECK(box_is(scene_last_frame, 63, 23, 66, 26, RED));
        CHECK_PIXEL(scene_last_frame, 62, 25, CLEAR);
        CHECK_PIXEL(scene_last_frame, 67, 25, CLEAR);
        CHECK_PIXEL(scene_last_frame, 65, 27, CLEAR);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        /* Zoomed 2x about the centre: (40, 40) lands on (20, 35), 8x8. */
        game.camera->rotation = 0.0f;
        game.camera->zoom = 2.0f;
        frame(0);
        CHECK(box_is(scene_last_frame, 16, 31, 23, 38, RED));
        CHECK_PIXEL(scene_last_frame, 15, 35, CLEAR);
        CHECK_PIXEL(scene_last_frame, 24, 35, CLEAR);
        game.camera->zoom = 1.0f;
        /* Past its life every particle is gone, and nothing is drawn. */
        for (int i = 0; i < 4; i++) {
            frame(250); /* a frame's step is capped at AKGL_GAME_MAX_FRAME_NS */
        }
        CHECK_INT_EQ(live_particles(), 0);
        CHECK_PIXEL(scene_last_frame, 140 - 100, 40, CLEAR);
        CHECK_OK(akgl_emitter_release(em));
        CHECK_INT_EQ(live_emitters(), 0);
    }
    close_scene(&s);
}

static void test_gravity_and_the_manual_clock(void)
{
    Scene s;
    if (open_scene(&s)) {
        /* Straight down at 0 px/s, gravity 200 px/s^2: after n steps of dt,
         * v = 200 n dt, y = sum 200 k dt^2 (semi-implicit Euler). */
        akgl_EmitterDef d = square_def(1, 0.0f, 90.0f, 2.0f, RED);
        d.gravity_y = 200.0f;
        akgl_Emitter *em = NULL;
        CHECK_OK(akgl_emitter_start(&d, 10.0f, 10.0f, &em));
        for (int i = 0; i < 4; i++) {
            frame(100);
        }
        /* 200 * 0.01 * (1+2+3+4) = 20: at (10, 30). */
        CHECK(box_is(scene_last_frame, 9, 29, 10, 30, RED));
        CHECK_PIXEL(scene_last_frame, 9, 27, CLEAR);
        /* Paused: the game clock stands, and so do the particles. */
        CHECK_OK(akgl_time_set_paused(true));
        frame(500);
        CHECK(box_is(scene_last_frame, 9, 29, 10, 30, RED));
        CHECK_OK(akgl_time_set_paused(false));
        /* A rate of 10 a second: one per 100 ms of game time. */
        akgl_EmitterDef r = square_def(0, 0.0f, 0.0f, 2.0f, BLUE);
        r.rate = 10.0f;
        r.life_min = r.life_max = 0.25f;
        akgl_Emitter *rated = NULL;
        CHECK_OK(akgl_emitter_start(&r, 60.0f, 60.0f, &rated));
        akgl_EmitterStats st;
        CHECK_OK(akgl_emitter_stats(rated, &st));
        CHECK_INT_EQ(st.live, 0);
        frame(100);
        CHECK_OK(akgl_emitter_stats(rated, &st));
        CHECK_INT_EQ(st.live, 1);
        frame(100);
        frame(100);
        CHECK_OK(akgl_emitter_stats(rated, &st));
        CHECK_INT_EQ(st.live, 3);
        frame(100); /* the first dies at 250 ms: born 100, 200, 300, 400 */
        CHECK_OK(akgl_emitter_stats(rated, &st));
        CHECK_INT_EQ(st.live, 3);
        CHECK_OK(akgl_emitter_set_emitting(rated, false));
        frame(300);
        CHECK_OK(akgl_emitter_stats(rated, &st));
        CHECK_INT_EQ(st.live, 0);
        CHECK(!st.emitting);
        CHECK_OK(akgl_emitter_release(rated));
        CHECK_OK(akgl_emitter_release(em));
    }
    close_scene(&s);
}

static void test_colour_over_life(void)
{
    Scene s;
    if (open_scene(&s)) {
        akgl_EmitterDef d = square_def(1, 0.0f, 0.0f, 6.0f, RED);
        d.color_end = BLUE;
        d.blend = SDL_BLENDMODE_NONE;
        akgl_Emitter *em = NULL;
        CHECK_OK(akgl_emitter_start(&d, 50.0f, 50.0f, &em));
        frame(0);
        CHECK_PIXEL(scene_last_frame, 50, 50, RED);
        frame(250);
        frame(250);
        SDL_Color c = pixel_at(scene_last_frame, 50, 50);
        CHECK_MSG(abs(c.r - 128) <= 2 && c.g == 0 && abs(c.b - 128) <= 2,
                  "half-way colour (%d, %d, %d), expected about (128, 0, 128)", c.r, c.g, c.b);
        frame(250);
        c = pixel_at(scene_last_frame, 50, 50);
        CHECK_MSG(abs(c.r - 64) <= 2 && c.g == 0 && abs(c.b - 191) <= 2,
                  "three-quarter colour (%d, %d, %d), expected about (64, 0, 191)", c.r, c.g,
                  c.b);
        /* Alpha over life: over CLEAR, half-way is half of each. */
        akgl_EmitterDef fade = square_def(1, 0.0f, 0.0f, 6.0f, (SDL_Color){255, 255, 255, 255});
        fade.color_end = (SDL_Color){255, 255, 255, 0};
        akgl_Emitter *f = NULL;
        CHECK_OK(akgl_emitter_start(&fade, 20.0f, 20.0f, &f));
        frame(0);
        CHECK_PIXEL(scene_last_frame, 20, 20, ((SDL_Color){255, 255, 255, 255}));
        frame(250);
        frame(250);
        c = pixel_at(scene_last_frame, 20, 20);
        CHECK_MSG(abs(c.r - (255 + CLEAR.r) / 2) <= 3 && abs(c.b - (255 + CLEAR.b) / 2) <= 3,
                  "half-faded (%d, %d, %d)", c.r, c.g, c.b);
        CHECK_OK(akgl_emitter_release(f));
        CHECK_OK(akgl_emitter_release(em));
    }
    close_scene(&s);
}

/* The pixels of a spray of 200 random particles after a few frames. */
static SDL_Surface *spray(uint64_t seed)
{
    CHECK_OK(akgl_particles_seed(seed));
    akgl_EmitterDef d = square_def(200, 10.0f, 0.0f, 2.0f, RED);
    d.speed_max = 60.0f;
    d.angle_max = 360.0f;
    d.life_max = 2.0f;
    d.color_end = BLUE;
    akgl_Emitter *em = NULL;
    CHECK_OK(akgl_emitter_start(&d, 60.0f, 45.0f, &em));
    frame(100);
    frame(100);
    frame(100);
    SDL_Surface *copy = SDL_DuplicateSurface(scene_last_frame);
    CHECK_OK(akgl_emitter_release(em));
    return copy;
}

static bool same_pixels(SDL_Surface *a, SDL_Surface *b)
{
    if (a == NULL || b == NULL || a->h != b->h || a->pitch != b->pitch) {
        return false;
    }
    return memcmp(a->pixels, b->pixels, (size_t)a->pitch * (size_t)a->h) == 0;
}

static void test_same_seed_same_pixels(void)
{
    Scene s;
    if (open_scene(&s)) {
        SDL_Surface *a = spray(42), *b = spray(42), *c = spray(43);
        CHECK(same_pixels(a, b));
        CHECK(!same_pixels(a, c));
        /* Particles spread: many pixels, not one spot. */
        int red = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                red += !same_rgb(pixel_at(a, x, y), CLEAR);
            }
        }
        CHECK_MSG(red > 150, "%d pixels drawn", red);
        SDL_DestroySurface(a);
        SDL_DestroySurface(b);
        SDL_DestroySurface(c);
    }
    close_scene(&s);
}

/* An actor showing fixture cell @p cell, at (x, y) and @p layer. */
static akgl_Actor *cell_actor(Scene *s, const char *name, int cell, float x, float y, int layer,
                              akgl_Character **c, akgl_Sprite **spr)
{
    char cname[64];
    snprintf(cname, sizeof(cname), "%s char", name);
    *spr = make_sprite(s, name, &cell, 1, 0, false, false);
    *c = make_character(cname, 0);
    int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    if (*spr == NULL || *c == NULL) {
        return NULL;
    }
    CHECK_OK((*c)->sprite_add(*c, *spr, stand));
    akgl_Actor *a = make_actor(name, cname);
    if (a != NULL) {
        a->state = stand;
        a->x = x;
        a->y = y;
        a->layer = layer;
    }
    return a;
}

static void release_cast(akgl_Actor *a, akgl_Character *c, akgl_Sprite *spr)
{
    if (a != NULL) {
        CHECK_OK(akgl_heap_release_actor(a));
    }
    if (c != NULL) {
        CHECK_OK(akgl_heap_release_character(c));
    }
    if (spr != NULL) {
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
}

static void test_follows_a_moved_actor_and_stops_when_it_goes(void)
{
    Scene s;
    if (open_scene(&s)) {
        akgl_Character *c = NULL;
        akgl_Sprite *spr = NULL;
        akgl_Actor *a = cell_actor(&s, "follow", 0, 10.0f, 10.0f, 0, &c, &spr);
        akgl_EmitterDef d = square_def(0, 0.0f, 0.0f, 4.0f, RED);
        d.rate = 1000.0f;
        d.life_min = d.life_max = 0.015f;
        akgl_Emitter *em = NULL;
        CHECK_OK(akgl_emitter_start(&d, 0.0f, 0.0f, &em));
        akgl_ActorRef ref;
        CHECK_OK(akgl_actor_ref(a, &ref));
        /* Born 60 px right of the actor's corner, beside its 48x48 cell. */
        CHECK_OK(akgl_emitter_attach(em, ref, 60.0f, 4.0f));
        frame(10);
        CHECK(box_is(scene_last_frame, 68, 12, 71, 15, RED));
        a->x = 40.0f;
        a->y = 30.0f;
        frame(20); /* the old ones died (15 ms); the new are at the actor */
        CHECK(box_is(scene_last_frame, 98, 32, 101, 35, RED));
        CHECK_PIXEL(scene_last_frame, 70, 14, CLEAR);
        CHECK_STATUS_MSG(akgl_emitter_move(em, 1.0f, 1.0f), AKERR_BEHAVIOR, "follows an actor");
        /* The actor goes: the emitter stops, its live particles finish. */
        akgl_EmitterStats st;
        CHECK_OK(akgl_emitter_stats(em, &st));
        CHECK(st.attached && st.emitting && st.live > 0);
        CHECK_OK(akgl_heap_release_actor(a));
        a = NULL;
        frame(5);
        CHECK_OK(akgl_emitter_stats(em, &st));
        CHECK(!st.attached && !st.emitting);
        CHECK(st.live > 0);
        CHECK(box_is(scene_last_frame, 98, 32, 101, 35, RED));
        frame(20);
        CHECK_OK(akgl_emitter_stats(em, &st));
        CHECK_INT_EQ(st.live, 0);
        /* A reference to a gone actor is refused; NONE detaches. */
        CHECK_STATUS_MSG(akgl_emitter_attach(em, ref, 0.0f, 0.0f), AKERR_KEY, "gone");
        CHECK_OK(akgl_emitter_attach(em, AKGL_ACTOR_REF_NONE, 0.0f, 0.0f));
        CHECK_OK(akgl_emitter_move(em, 5.0f, 5.0f));
        /* Finishing: it goes by itself once its particles have. */
        CHECK_OK(akgl_emitter_burst(em, 3));
        CHECK_OK(akgl_emitter_finish(em));
        CHECK_INT_EQ(live_emitters(), 1);
        CHECK_STATUS_MSG(akgl_emitter_burst(em, 1), AKERR_BEHAVIOR, "finishing");
        frame(20);
        CHECK_INT_EQ(live_emitters(), 0);
        release_cast(a, c, spr);
    }
    close_scene(&s);
}

static void test_layers_above_and_below_actors(void)
{
    Scene s;
    if (open_scene(&s)) {
        akgl_Character *c = NULL;
        akgl_Sprite *spr = NULL;
        /* Cell 1 at layer 1 over 20..67 x 20..67. */
        akgl_Actor *a = cell_actor(&s, "cover", 1, 20.0f, 20.0f, 1, &c, &spr);
        static const struct
        {
            int layer;
            bool over;
        } cases[] = {{0, false}, {1, true}, {2, true}, {-5, false}};
        for (size_t i = 0; i < SDL_arraysize(cases); i++) {
            akgl_EmitterDef d = square_def(1, 0.0f, 0.0f, 8.0f, RED);
            d.layer = cases[i].layer;
            akgl_Emitter *em = NULL;
            CHECK_OK(akgl_emitter_start(&d, 40.0f, 40.0f, &em));
            frame(0);
            CHECK_MSG(same_rgb(pixel_at(scene_last_frame, 40, 40),
                               cases[i].over ? RED : CELL_FILL[1]),
                      "emitter at layer %d, actor at layer 1: %s expected", cases[i].layer,
                      cases[i].over ? "particle" : "actor");
            CHECK_OK(akgl_emitter_release(em));
        }
        /* Two emitters around two actors of layers 0 and 2: 0 < e1 < 2 < e3. */
        akgl_Character *c2 = NULL;
        akgl_Sprite *spr2 = NULL;
        akgl_Actor *top = cell_actor(&s, "top", 2, 40.0f, 40.0f, 2, &c2, &spr2);
        akgl_EmitterDef d1 = square_def(1, 0.0f, 0.0f, 24.0f, RED);
        d1.layer = 1;
        akgl_EmitterDef d3 = square_def(1, 0.0f, 0.0f, 4.0f, BLUE);
        d3.layer = 3;
        akgl_Emitter *e3 = NULL, *e1 = NULL;
        CHECK_OK(akgl_emitter_start(&d3, 50.0f, 50.0f, &e3)); /* started first, drawn last */
        CHECK_OK(akgl_emitter_start(&d1, 50.0f, 50.0f, &e1));
        frame(0);
        CHECK_PIXEL(scene_last_frame, 50, 50, BLUE);           /* e3 over all */
        CHECK_PIXEL(scene_last_frame, 46, 46, CELL_FILL[2]);   /* the top actor over e1 */
        CHECK_PIXEL(scene_last_frame, 38, 38, RED);            /* e1 over the cover actor */
        CHECK_OK(akgl_emitter_release(e1));
        CHECK_OK(akgl_emitter_release(e3));
        release_cast(top, c2, spr2);
        release_cast(a, c, spr);
    }
    close_scene(&s);
}

static void test_sprite_and_image_looks(void)
{
    Scene s;
    if (open_scene(&s)) {
        const int cells[] = {3, 5};
        akgl_Sprite *spr = make_sprite(&s, "spark", cells, 2, 100, true, false);
        akgl_EmitterDef d = square_def(1, 0.0f, 0.0f, 48.0f, (SDL_Color){255, 255, 255, 255});
        d.look = AKGL_PARTICLE_SPRITE;
        d.sprite = spr;
        d.animated = true;
        akgl_Emitter *em = NULL;
        CHECK_OK(akgl_emitter_start(&d, 30.0f, 30.0f, &em));
        CHECK_INT_EQ(spr->refcount, 2); /* the emitter holds its own */
        frame(0);
        CHECK_PIXEL(scene_last_frame, 30, 30, CELL_FILL[3]);
        CHECK_PIXEL(scene_last_frame, 6, 6, cell_marker(3)); /* the cell's top-left at 6, 6 */
        frame(100);
        CHECK_PIXEL(scene_last_frame, 30, 30, CELL_FILL[5]);
        CHECK_OK(akgl_emitter_release(em));
        CHECK_INT_EQ(spr->refcount, 1);

        akgl_Image *img = NULL;
        CHECK_OK(akgl_image_load(SHEET_PATH, &img));
        if (img != NULL) {
            akgl_EmitterDef i = square_def(1, 0.0f, 0.0f, 96.0f, (SDL_Color){255, 255, 255, 255});
            i.look = AKGL_PARTICLE_IMAGE;
            i.image = img;
            CHECK_OK(akgl_emitter_start(&i, 48.0f, 24.0f, &em));
            frame(0);
            /* The 192x96 sheet at half size: cell 0's fill at (10, 10). */
            CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
            CHECK_PIXEL(scene_last_frame, 40, 10, CELL_FILL[1]);
            CHECK_PIXEL(scene_last_frame, 10, 40, CELL_FILL[4]);
            CHECK_OK(akgl_emitter_release(em));
            CHECK_OK(akgl_heap_release_image(img));
        }
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    close_scene(&s);
}

static void test_pools_full(void)
{
    Scene s;
    if (open_scene(&s)) {
        const akgl_GameConfig *cfg = NULL;
        akgl_EmitterDef d = square_def(0, 0.0f, 0.0f, 1.0f, RED);
        akgl_Emitter *ems[AKGL_PARTICLES_DEFAULT_EMITTERS];
        (void)cfg;
        for (int i = 0; i < AKGL_PARTICLES_DEFAULT_EMITTERS; i++) {
            CHECK_OK(akgl_emitter_start(&d, 0.0f, 0.0f, &ems[i]));
        }
        akgl_Emitter *extra = NULL;
        CHECK_STATUS_MSG(akgl_emitter_start(&d, 0.0f, 0.0f, &extra), AKGL_ERR_HEAP,
                         "every one of the 64 emitter slots is taken");
        CHECK(extra == NULL);
        CHECK_INT_EQ(live_emitters(), AKGL_PARTICLES_DEFAULT_EMITTERS);
        for (int i = 0; i < AKGL_PARTICLES_DEFAULT_EMITTERS; i++) {
            CHECK_OK(akgl_emitter_release(ems[i]));
        }
        CHECK_INT_EQ(live_emitters(), 0);
        /* An emitter's particles full: the rest are dropped and counted. */
        d.burst = AKGL_PARTICLES_DEFAULT_PER_EMITTER + 10;
        CHECK_OK(akgl_emitter_start(&d, 0.0f, 0.0f, &extra));
        CHECK_OK(akgl_emitter_burst(extra, 5));
        akgl_EmitterStats st;
        CHECK_OK(akgl_emitter_stats(extra, &st));
        CHECK_INT_EQ(st.live, AKGL_PARTICLES_DEFAULT_PER_EMITTER);
        CHECK_INT_EQ(st.capacity, AKGL_PARTICLES_DEFAULT_PER_EMITTER);
        CHECK_INT_EQ(st.dropped, 15);
        CHECK_STATUS_MSG(akgl_emitter_burst(extra, -1), AKERR_OUTOFBOUNDS, "count is -1");
        CHECK_OK(akgl_emitter_release(extra));
        /* A released emitter is refused, not used. */
        CHECK_STATUS_MSG(akgl_emitter_release(extra), AKERR_BEHAVIOR, "released");
        CHECK_STATUS_MSG(akgl_emitter_stats(extra, &st), AKERR_BEHAVIOR, "released");
        CHECK_STATUS(akgl_emitter_burst(NULL, 1), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_emitter_set_emitting(NULL, true), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_emitter_finish(NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_emitter_move(NULL, 0, 0), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_emitter_attach(NULL, AKGL_ACTOR_REF_NONE, 0, 0), AKERR_NULLPOINTER);
        akgl_Emitter *fake = (akgl_Emitter *)(void *)&d; /* not a slot */
        CHECK_STATUS_MSG(akgl_emitter_burst(fake, 1), AKERR_BEHAVIOR, "not an emitter");
    }
    close_scene(&s);
}

static void test_bad_definitions_are_refused(void)
{
    Scene s;
    if (open_scene(&s)) {
        static const struct
        {
            const char *field;
            int status;
            const char *needle;
        } cases[] = {
            {"rate", AKERR_OUTOFBOUNDS, "\"rate\" is -1"},
            {"burst", AKERR_OUTOFBOUNDS, "\"burst\" is -2"},
            {"life0", AKERR_VALUE, "must live more than 0"},
            {"lifeorder", AKERR_VALUE, "\"life\" is [2, 1]"},
            {"speed", AKERR_OUTOFBOUNDS, "\"speed\" is [-5, 0]"},
            {"nan", AKERR_VALUE, "finite"},
            {"size", AKERR_OUTOFBOUNDS, "\"size\" is [2000, 1]"},
            {"blend", AKERR_VALUE, "\"blend\""},
            {"look", AKERR_VALUE, "\"look\" is 9"},
            {"sprite", AKERR_NULLPOINTER, "no sprite"},
            {"layer", AKERR_OUTOFBOUNDS, "\"layer\" is 2000000"},
        };
        for (size_t i = 0; i < SDL_arraysize(cases); i++) {
            akgl_EmitterDef d = square_def(1, 0.0f, 0.0f, 1.0f, RED);
            const char *f = cases[i].field;
            if (strcmp(f, "rate") == 0) d.rate = -1.0f;
            if (strcmp(f, "burst") == 0) d.burst = -2;
            if (strcmp(f, "life0") == 0) d.life_min = 0.0f;
            if (strcmp(f, "lifeorder") == 0) d.life_min = 2.0f;
            if (strcmp(f, "speed") == 0) d.speed_min = -5.0f;
            if (strcmp(f, "nan") == 0) d.angle_max = NAN;
            if (strcmp(f, "size") == 0) d.size_start = 2000.0f;
            if (strcmp(f, "blend") == 0) d.blend = SDL_BLENDMODE_MOD;
            if (strcmp(f, "look") == 0) d.look = (akgl_ParticleLook)9;
            if (strcmp(f, "sprite") == 0) d.look = AKGL_PARTICLE_SPRITE;
            if (strcmp(f, "layer") == 0) d.layer = 2000000;
            akgl_Emitter *em = NULL;
            CHECK_STATUS_MSG(akgl_emitter_start(&d, 0.0f, 0.0f, &em), cases[i].status,
                             cases[i].needle);
            CHECK(em == NULL);
            CHECK_INT_EQ(live_emitters(), 0);
        }
        akgl_EmitterDef d = square_def(1, 0.0f, 0.0f, 1.0f, RED);
        akgl_Emitter *em = NULL;
        CHECK_STATUS(akgl_emitter_start(NULL, 0, 0, &em), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_emitter_start(&d, 0, 0, NULL), AKERR_NULLPOINTER);
        CHECK_STATUS_MSG(akgl_emitter_start(&d, INFINITY, 0, &em), AKERR_VALUE, "not finite");
        CHECK_INT_EQ(live_emitters(), 0);
    }
    close_scene(&s);
}

#define TMPDIR "particles_tmp"

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    CHECK_MSG(f != NULL, "cannot write %s", path);
    if (f != NULL) {
        fputs(text, f);
        fclose(f);
    }
}

#define GOOD_KEYS "\"life\": [0.5, 1], \"speed\": [10, 20], \"angle\": [0, 360], " \
                  "\"color_start\": [255, 0, 0], \"size\": [4, 1]"

static void test_json_files(void)
{
    Scene s;
    if (open_scene(&s)) {
        SDL_CreateDirectory(TMPDIR);
        /* A full file loads, every key read. */
        write_text(TMPDIR "/full.json",
                   "{\"rate\": 30, \"burst\": 5, \"life\": [0.5, 1.5], \"speed\": 40,"
                   " \"angle\": [-100, -80], \"gravity\": [1, 98], \"color_start\": [255, 200,"
                   " 40, 255], \"color_end\": [200, 30, 0, 0], \"size\": [6, 2], \"look\":"
                   " \"square\", \"blend\": \"add\", \"layer\": 3}");
        akgl_EmitterDef d;
        CHECK_OK(akgl_emitter_def_load(TMPDIR "/full.json", &d));
        CHECK(d.rate == 30.0f && d.burst == 5 && d.life_min == 0.5f && d.life_max == 1.5f);
        CHECK(d.speed_min == 40.0f && d.speed_max == 40.0f && d.angle_min == -100.0f);
        CHECK(d.gravity_x == 1.0f && d.gravity_y == 98.0f && d.color_end.a == 0);
        CHECK(d.color_start.g == 200 && d.size_start == 6.0f && d.size_end == 2.0f);
        CHECK(d.blend == SDL_BLENDMODE_ADD && d.layer == 3 && d.look == AKGL_PARTICLE_SQUARE);
        CHECK_OK(akgl_emitter_def_release(&d));

        /* A sprite look takes a reference, given back by the release. */
        const int cells[] = {0};
        akgl_Sprite *spr = make_sprite(&s, "json spark", cells, 1, 0, false, false);
        write_text(TMPDIR "/sprite.json",
                   "{" GOOD_KEYS ", \"look\": \"sprite\", \"sprite\": \"json spark\","
                   " \"animated\": true}");
        CHECK_OK(akgl_emitter_def_load(TMPDIR "/sprite.json", &d));
        CHECK(d.sprite == spr && d.animated);
        CHECK_INT_EQ(spr->refcount, 2);
        CHECK_OK(akgl_emitter_def_release(&d));
        CHECK_INT_EQ(spr->refcount, 1);
        /* An image look loads the PNG beside the file. */
        SDL_CopyFile(SHEET_PATH, TMPDIR "/sheet.png");
        write_text(TMPDIR "/image.json", "{" GOOD_KEYS ", \"look\": \"image\", \"image\": "
                                         "\"sheet.png\"}");
        int images = akgl_test_images_();
        CHECK_OK(akgl_emitter_def_load(TMPDIR "/image.json", &d));
        CHECK(d.image != NULL);
        CHECK_INT_EQ(akgl_test_images_(), images + 1);
        CHECK_OK(akgl_emitter_def_release(&d));
        CHECK_INT_EQ(akgl_test_images_(), images);

        static const struct
        {
            const char *body;
            int status;
            const char *needle;
        } bad[] = {
            {"[1, 2]", AKERR_TYPE, "top level must be a JSON object"},
            {"{" GOOD_KEYS ", \"colour\": 1}", AKERR_KEY, "unknown key \"colour\""},
            {"{\"speed\": 1, \"angle\": 0, \"color_start\": [1,2,3], \"size\": 1}", AKERR_KEY,
             "\"life\" is missing"},
            {"{" GOOD_KEYS ", \"rate\": \"fast\"}", AKERR_TYPE, "\"rate\" is a string"},
            {"{" GOOD_KEYS ", \"rate\": 2000000}", AKERR_OUTOFBOUNDS,
             "\"rate\" is 2e+06 particles a second; it must be 0..1e+06"},
            {"{" GOOD_KEYS ", \"burst\": 1.5}", AKERR_TYPE, "\"burst\" is a real number"},
            {"{" GOOD_KEYS ", \"burst\": 2000000}", AKERR_OUTOFBOUNDS,
             "\"burst\" is 2000000; it must be 0..1000000"},
            {"{\"life\": [2, 1], \"speed\": 1, \"angle\": 0, \"color_start\": [1,2,3], "
             "\"size\": 1}", AKERR_VALUE, "\"life\" is [2, 1]"},
            {"{\"life\": [1, 2, 3], \"speed\": 1, \"angle\": 0, \"color_start\": [1,2,3], "
             "\"size\": 1}", AKERR_TYPE, "\"life\" is an array of another length"},
            {"{\"life\": 1, \"speed\": [1, \"x\"], \"angle\": 0, \"color_start\": [1,2,3], "
             "\"size\": 1}", AKERR_TYPE, "\"speed\"[1] is a string"},
            {"{\"life\": 1, \"speed\": 200000, \"angle\": 0, \"color_start\": [1,2,3], "
             "\"size\": 1}", AKERR_OUTOFBOUNDS, "\"speed\" is [200000, 200000]; each must be 0..100000"},
            {"{\"life\": 1, \"speed\": 1, \"angle\": 5000, \"color_start\": [1,2,3], "
             "\"size\": 1}", AKERR_OUTOFBOUNDS, "\"angle\" is [5000, 5000]"},
            {"{" GOOD_KEYS ", \"gravity\": [0, 1e9]}", AKERR_OUTOFBOUNDS, "\"gravity\""},
            {"{\"life\": 1, \"speed\": 1, \"angle\": 0, \"color_start\": [1,2,300], "
             "\"size\": 1}", AKERR_OUTOFBOUNDS, "\"color_start\"[2] is 300; it must be 0..255"},
            {"{\"life\": 1, \"speed\": 1, \"angle\": 0, \"color_start\": [1,2], "
             "\"size\": 1}", AKERR_TYPE, "\"color_start\" is an array of another length"},
            {"{" GOOD_KEYS ", \"color_end\": \"red\"}", AKERR_TYPE, "\"color_end\" is a string"},
            {"{\"life\": 1, \"speed\": 1, \"angle\": 0, \"color_start\": [1,2,3], "
             "\"size\": [1, 5000]}", AKERR_OUTOFBOUNDS, "\"size\" is [1, 5000] pixels; each must be 0..1024"},
            {"{" GOOD_KEYS ", \"look\": \"circle\"}", AKERR_VALUE, "\"look\" is \"circle\""},
            {"{" GOOD_KEYS ", \"look\": \"sprite\"}", AKERR_KEY, "\"sprite\" (the sprite's name) is missing"},
            {"{" GOOD_KEYS ", \"look\": \"image\"}", AKERR_KEY, "\"image\" (the PNG's path) is missing"},
            {"{" GOOD_KEYS ", \"sprite\": \"json spark\"}", AKERR_VALUE, "\"look\" is not \"sprite\""},
            {"{" GOOD_KEYS ", \"animated\": true}", AKERR_VALUE, "\"animated\" is true"},
            {"{" GOOD_KEYS ", \"animated\": 1}", AKERR_TYPE, "\"animated\" is an integer"},
            {"{" GOOD_KEYS ", \"look\": \"sprite\", \"sprite\": \"nobody\"}", AKERR_KEY,
             "\"sprite\" is \"nobody\"; no sprite of that name is loaded"},
            {"{" GOOD_KEYS ", \"look\": \"image\", \"image\": \"missing.png\"}", ENOENT,
             "missing.png"},
            {"{" GOOD_KEYS ", \"blend\": \"screen\"}", AKERR_VALUE,
             "\"blend\" is \"screen\"; it must be \"blend\", \"add\", \"multiply\" or \"none\""},
            {"{" GOOD_KEYS ", \"layer\": 2000000}", AKERR_OUTOFBOUNDS,
             "\"layer\" is 2000000; it must be -1000000..1000000"},
            {"{" GOOD_KEYS ", \"look\": \"\"}", AKERR_OUTOFBOUNDS, "\"look\" is 0 bytes long"},
            {"{" GOOD_KEYS, AKERR_FORMAT, "bad.json"},
        };
        for (size_t i = 0; i < SDL_arraysize(bad); i++) {
            write_text(TMPDIR "/bad.json", bad[i].body);
            int strings = akgl_test_strings_(), images = akgl_test_images_();
            memset(&d, 0x5a, sizeof(d));
            char m[AKERR_MAX_ERROR_MESSAGE_LENGTH];
            int status = test_status_of_(akgl_emitter_def_load(TMPDIR "/bad.json", &d), m);
            CHECK_MSG(status == bad[i].status, "case %zu (%s): status %d, expected %d (%s)", i,
                      bad[i].body, status, bad[i].status, m);
            CHECK_MSG(strstr(m, bad[i].needle) != NULL, "case %zu: \"%s\" lacks \"%s\"", i, m,
                      bad[i].needle);
            CHECK_MSG(strstr(m, "bad.json") != NULL, "case %zu: \"%s\" names no file", i, m);
            CHECK_MSG(d.burst == 0x5a5a5a5a, "case %zu wrote the definition", i);
            CHECK_INT_EQ(akgl_test_strings_(), strings);
            CHECK_INT_EQ(akgl_test_images_(), images);
            CHECK_INT_EQ(spr->refcount, 1);
        }
        CHECK_STATUS(akgl_emitter_def_load(NULL, &d), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_emitter_def_load(TMPDIR "/full.json", NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_emitter_def_load(TMPDIR "/none.json", &d), ENOENT);
        CHECK_STATUS(akgl_emitter_def_release(NULL), AKERR_NULLPOINTER);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    close_scene(&s);
}

static void test_unload_and_quit_give_everything_back(void)
{
    Scene s;
    if (open_scene(&s)) {
        const int cells[] = {0};
        akgl_Sprite *spr = make_sprite(&s, "unload spark", cells, 1, 0, false, false);
        akgl_EmitterDef d = square_def(50, 10.0f, 0.0f, 4.0f, RED);
        d.look = AKGL_PARTICLE_SPRITE;
        d.sprite = spr;
        akgl_Emitter *a = NULL, *b = NULL;
        CHECK_OK(akgl_emitter_start(&d, 10.0f, 10.0f, &a));
        CHECK_OK(akgl_emitter_start(&d, 20.0f, 10.0f, &b));
        CHECK_INT_EQ(spr->refcount, 3);
        CHECK_INT_EQ(live_particles(), 100);
        frame(10);
        /* The level change takes the emitters with the actors. */
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
        CHECK_INT_EQ(live_emitters(), 0);
        CHECK_INT_EQ(live_particles(), 0);
        CHECK_INT_EQ(spr->refcount, 1);
        CHECK_STATUS(akgl_emitter_release(a), AKERR_BEHAVIOR);
        frame(10);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    close_scene(&s);
    /* Quit with emitters live: nothing stranded, and a new game starts empty. */
    CHECK_OK(akgl_game_quit());
    akgl_GameConfig cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.particle_emitters = 2;
    cfg.particles_per_emitter = 8;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    if (open_scene(&s)) {
        akgl_EmitterDef d = square_def(20, 0.0f, 0.0f, 1.0f, RED);
        akgl_Emitter *e1 = NULL, *e2 = NULL, *e3 = NULL;
        CHECK_OK(akgl_emitter_start(&d, 0, 0, &e1));
        CHECK_OK(akgl_emitter_start(&d, 0, 0, &e2));
        CHECK_STATUS_MSG(akgl_emitter_start(&d, 0, 0, &e3), AKGL_ERR_HEAP, "the 2 emitter slots");
        CHECK_INT_EQ(live_particles(), 16);
        CHECK_INT_EQ(akgl_game_config()->particle_emitters, 2);
    }
    close_scene(&s);
    CHECK_OK(akgl_game_quit());
    CHECK_STATUS(akgl_particles_counts(NULL, NULL), AKERR_BEHAVIOR);
    CHECK_STATUS(akgl_particles_seed(1), AKERR_BEHAVIOR);
    cfg.particle_emitters = -1;
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE, "particle_emitters is -1");
    cfg.particle_emitters = 0;
    cfg.particles_per_emitter = -3;
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE,
                     "particles_per_emitter is -3");
    CHECK_OK(akgl_game_init());
    CHECK_INT_EQ(akgl_game_config()->particle_emitters, AKGL_PARTICLES_DEFAULT_EMITTERS);
    CHECK_INT_EQ(akgl_game_config()->particles_per_emitter, AKGL_PARTICLES_DEFAULT_PER_EMITTER);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    test_add_counter("live particle emitters", live_emitters);
    RUN_TEST(test_burst_is_drawn_where_it_flies);
    RUN_TEST(test_gravity_and_the_manual_clock);
    RUN_TEST(test_colour_over_life);
    RUN_TEST(test_same_seed_same_pixels);
    RUN_TEST(test_follows_a_moved_actor_and_stops_when_it_goes);
    RUN_TEST(test_layers_above_and_below_actors);
    RUN_TEST(test_sprite_and_image_looks);
    RUN_TEST(test_pools_full);
    RUN_TEST(test_bad_definitions_are_refused);
    RUN_TEST(test_json_files);
    RUN_TEST(test_unload_and_quit_give_everything_back);
    return AKGL_TEST_END();
}
