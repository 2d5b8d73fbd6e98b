/*
 * Batched drawing (render_batch_private.h): the same picture on the blit
 * path and the batched one, the batches breaking where the texture
 * changes and around a game's renderfunc, the renderer choice and its
 * hint, and nothing allocated or left behind.
 *
 * Without arguments it runs on SDL's software renderer (both kinds: a
 * window's and one bound over a surface), the batched path forced. With
 * the argument "gl" it runs on SDL's opengl renderer in a window (under
 * Xvfb in the suite: tests/akgl/render_batch.cmake) and compares its
 * pictures with the software renderer's blit picture; it exits 77
 * (skipped) when no GL renderer can be made.
 *
 * The tolerance. Colours match when no channel is more than TOL_CHANNEL
 * apart (blending rounds differently on the two paths). Where nothing is
 * turned or scaled (pictures 0 and 1), every pixel must match the pixel at
 * the same place. Where frames are turned and scaled (pictures 2 and 3),
 * the two rasterisers may put a turned edge, or the texel a screen pixel
 * samples, a pixel or two apart: every pixel's colour must be found within
 * TOL_REACH pixels of its place in the other picture, except at most
 * TOL_STRAY pixels of the picture (a one-texel detail, such as a cell's
 * marker, that one path samples at a turned edge and the other skips).
 *
 * A map (features.tmj: every flip, tile objects, an image layer) is drawn
 * too, in the plain view and under a turned camera. Its turned tiles are
 * compared blit against batch on the opengl renderer only: SDL's software
 * renderer places each turned blit at whole pixels, leaving seams between
 * tiles, and its triangle rasteriser samples a texel past a turned tile's
 * edge (the tileset's spacing shows), so on it both pictures are off there,
 * each its own way.
 */
#include <akgl/akgl.h>

#include <stdlib.h>
#include <string.h>

#include "picture_fixture.h"
#include "render_batch_private.h"
#include "scene.h"

#define W 160
#define H 120
#define TOL_CHANNEL 8
#define TOL_REACH 2
#define TOL_STRAY 8

static bool gl_mode;

#define CHECK_SAME_PICTURE(a, b, reach, what) \
    do { \
        int fx_, fy_; \
        int n_ = picture_differing((a), (b), TOL_CHANNEL, (reach), &fx_, &fy_); \
        int most_ = (reach) > 0 ? TOL_STRAY : 0; \
        CHECK_MSG(n_ <= most_, "%s: %d pixels differ beyond %d pixels (at most %d may), the " \
                  "first at (%d, %d)", (what), n_, (reach), most_, fx_, fy_); \
    } while (0)

/* A game's own renderfunc: a rectangle where the actor is, by akgl/draw.h. */
static akerr_ErrorContext *draw_box(akgl_Actor *a, akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    (void)r;
    PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, a->x, a->y, 60.0f, 20.0f,
                                       (SDL_Color){250, 250, 250, 255}));
    SUCCEED_RETURN(errctx);
}

/* What one picture holds (see paint). */
typedef struct Picture
{
    bool custom;  /* an actor with the game's renderfunc between the others */
    bool turned;  /* a camera that zooms and turns */
    bool transforms; /* actors scaled, turned and tinted */
} Picture;

/* The scene's things, made once per renderer. */
typedef struct Things
{
    akgl_SpriteSheet *other;     /* a second sheet: another texture */
    akgl_Sprite *spr[4];
    akgl_Character *chr[4];
    akgl_Actor *actor[7];
} Things;

static void things_make(Scene *s, Things *t)
{
    static const char *const names[4] = {"b-plain", "b-other", "b-turn", "b-box"};
    static const int cells[4] = {1, 3, 5, 6};
    SDL_zerop(t);
    CHECK_OK(akgl_heap_next_spritesheet(&t->other));
    CHECK_OK(akgl_spritesheet_initialize(t->other, 16, 16, AKGL_TEST_ASSETS_DIR "/sheet_64x64_16.png"));
    int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    for (int i = 0; i < 4; i++) {
        /* Sprite 1: a cell of another sheet, another texture. */
        akgl_SpriteSheet *keep = s->sheet;
        s->sheet = i == 1 ? t->other : keep;
        t->spr[i] = make_sprite(s, names[i], &cells[i], 1, 100, true, false);
        s->sheet = keep;
        if (i == 1 && t->spr[i] != NULL) {
            t->spr[i]->width = t->spr[i]->height = 16; /* that sheet's cells */
        }
        t->chr[i] = make_character(names[i], 0);
        if (t->chr[i] != NULL && t->spr[i] != NULL) {
            CHECK_OK(t->chr[i]->sprite_add(t->chr[i], t->spr[i], stand));
        }
    }
    /* In draw order: three of the sheet, the box, one of the other sheet,
     * two of the sheet: the runs are 3, 1 and 2 quads. */
    static const int chr_of[7] = {0, 0, 0, 3, 1, 2, 2};
    static const float xy[7][2] = {{4, 4},  {56, 4},   {108, 4}, {30, 30},
                                   {40, 40}, {96, 60}, {10, 66}};
    for (int i = 0; i < 7; i++) {
        char name[16];
        SDL_snprintf(name, sizeof(name), "b%d", i);
        t->actor[i] = make_actor(name, names[chr_of[i]]);
        if (t->actor[i] != NULL) {
            t->actor[i]->state = stand;
            t->actor[i]->x = xy[i][0];
            t->actor[i]->y = xy[i][1];
            t->actor[i]->layer = i; /* draw order: this order, whatever the slots */
        }
    }
    if (t->actor[1] != NULL && t->actor[2] != NULL) {
        t->actor[1]->flip = SDL_FLIP_HORIZONTAL;
        t->actor[2]->flip = SDL_FLIP_VERTICAL;
    }
}

static void things_release(Things *t)
{
    for (int i = 0; i < 7; i++) {
        if (t->actor[i] != NULL) {
            CHECK_OK(akgl_heap_release_actor(t->actor[i]));
        }
    }
    for (int i = 0; i < 4; i++) {
        if (t->chr[i] != NULL) {
            CHECK_OK(akgl_heap_release_character(t->chr[i]));
        }
        if (t->spr[i] != NULL) {
            CHECK_OK(akgl_heap_release_sprite(t->spr[i]));
        }
    }
    if (t->other != NULL) {
        CHECK_OK(akgl_heap_release_spritesheet(t->other));
    }
}

/* Sets the scene up for @p p. */
static void things_set(Scene *s, Things *t, const Picture *p)
{
    akgl_Actor *box = t->actor[3];
    if (box != NULL) {
        box->visible = p->custom;
        box->renderfunc = p->custom ? draw_box : akgl_actor_draw;
    }
    if (t->actor[5] != NULL && t->actor[6] != NULL) {
        if (p->transforms) {
            CHECK_OK(akgl_actor_set_transform(t->actor[5], 1.5f, 1.5f, 30.0f));
            t->actor[5]->tint = (SDL_Color){255, 128, 128, 200};
            CHECK_OK(akgl_actor_set_transform(t->actor[6], 1.0f, 1.0f, 90.0f));
        } else {
            CHECK_OK(akgl_actor_set_transform(t->actor[5], 1.0f, 1.0f, 0.0f));
            t->actor[5]->tint = (SDL_Color){255, 255, 255, 255};
            CHECK_OK(akgl_actor_set_transform(t->actor[6], 1.0f, 1.0f, 0.0f));
        }
    }
    akgl_Camera *cam = s->r.camera;
    cam->x = p->turned ? 10.0f : 0.0f;
    cam->y = p->turned ? 6.0f : 0.0f;
    CHECK_OK(akgl_camera_set_zoom(cam, p->turned ? 1.25f : 1.0f));
    CHECK_OK(akgl_camera_set_rotation(cam, p->turned ? 20.0f : 0.0f));
}

/* One frame of the scene through akgl_game_update, read back before present. */
static SDL_Surface *paint(Scene *s, Things *t, const Picture *p, bool batch, uint64_t *calls)
{
    things_set(s, t, p);
    s->r.batch = batch;
    uint64_t before = akgl_render_batch.calls;
    scene_capture(&s->r);
    CHECK_OK(akgl_game_update(NULL));
    s->r.frame_end = scene_real_frame_end;
    *calls = akgl_render_batch.calls - before;
    SDL_Surface *shot = scene_last_frame;
    scene_last_frame = NULL;
    return shot;
}

static const Picture PICTURES[] = {
    {false, false, false}, /* plain: the frame loop's own items */
    {true, false, false},  /* a game's renderfunc between them */
    {false, false, true},  /* scaled, turned, tinted */
    {true, true, true},    /* all of it under a zoomed, turned camera */
};

/* How far a pixel may move (see the top). */
static int allowed(const Picture *p)
{
    return p->turned || p->transforms ? TOL_REACH : 0;
}

/* The blit picture and the batched one of every case, on one renderer. */
static void compare_paths(Scene *s, const char *kind)
{
    Things t;
    things_make(s, &t);
    for (size_t i = 0; i < SDL_arraysize(PICTURES); i++) {
        const Picture *p = &PICTURES[i];
        uint64_t blit_calls = 0, batch_calls = 0;
        s->r.stats = (akgl_RenderStats){0, 0};
        SDL_Surface *blit = paint(s, &t, p, false, &blit_calls);
        akgl_RenderStats blit_stats = s->r.stats;
        s->r.stats = (akgl_RenderStats){0, 0};
        SDL_Surface *batched = paint(s, &t, p, true, &batch_calls);
        char what[96];
        SDL_snprintf(what, sizeof(what), "%s, picture %" SDL_PRIu64, kind, (Uint64)i);
        CHECK_SAME_PICTURE(blit, batched, allowed(p), what);
        /* The same draws counted; on the blit path no batch at all. */
        CHECK_INT_EQ(s->r.stats.submitted, blit_stats.submitted);
        CHECK_INT_EQ(s->r.stats.culled, blit_stats.culled);
        CHECK_INT_EQ(blit_calls, 0);
        /* Runs of one texture: 3 of the sheet, 1 of the other, 2 of the
         * sheet, whether or not the game's renderfunc closes the first. */
        CHECK_MSG(batch_calls == 3, "%s: %llu batches, expected 3", what,
                  (unsigned long long)batch_calls);
        /* The custom box lands over the actors before it, under those after. */
        if (p->custom && !p->turned && batched != NULL) {
            CHECK_PIXEL(batched, 31, 31, ((SDL_Color){250, 250, 250, 255}));
            CHECK(!same_rgb(pixel_at(batched, 45, 45), (SDL_Color){250, 250, 250, 255}));
        }
        SDL_DestroySurface(blit);
        SDL_DestroySurface(batched);
    }
    s->r.batch = false;
    CHECK_OK(akgl_camera_set_zoom(s->r.camera, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(s->r.camera, 0.0f));
    things_release(&t);
}


/* A map with every kind of layer, tile flip and tile object (tests/assets/tilemaps). */
#define MAP_PATH AKGL_TEST_ASSETS_DIR "/tilemaps/features.tmj"

/* One frame of the current map (plain view, or zoomed and turned). */
static SDL_Surface *paint_map(Scene *s, bool turned, bool batch, uint64_t *calls)
{
    akgl_Camera *cam = s->r.camera;
    cam->x = turned ? 12.0f : 0.0f;
    cam->y = turned ? 8.0f : 0.0f;
    CHECK_OK(akgl_camera_set_zoom(cam, turned ? 1.5f : 1.0f));
    CHECK_OK(akgl_camera_set_rotation(cam, turned ? 20.0f : 0.0f));
    s->r.batch = batch;
    uint64_t before = akgl_render_batch.calls;
    scene_capture(&s->r);
    CHECK_OK(akgl_game_update(NULL));
    s->r.frame_end = scene_real_frame_end;
    *calls = akgl_render_batch.calls - before;
    SDL_Surface *shot = scene_last_frame;
    scene_last_frame = NULL;
    return shot;
}

/*
 * The map drawn on both paths of @p s, plain and turned; with @p ref, the
 * batched pictures compared with those too; with @p keep, the blit ones
 * kept there instead.
 */
static void compare_map(Scene *s, const char *kind, SDL_Surface **ref, SDL_Surface **keep)
{
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_tilemap_load(MAP_PATH, &map));
    if (map == NULL) {
        return;
    }
    CHECK_OK(akgl_game_set_tilemap(map));
    for (int turned = 0; turned < 2; turned++) {
        uint64_t blit_calls = 0, batch_calls = 0;
        s->r.stats = (akgl_RenderStats){0, 0};
        SDL_Surface *blit = paint_map(s, turned, false, &blit_calls);
        akgl_RenderStats blit_stats = s->r.stats;
        s->r.stats = (akgl_RenderStats){0, 0};
        SDL_Surface *batched = paint_map(s, turned, true, &batch_calls);
        char what[96];
        SDL_snprintf(what, sizeof(what), "%s, map%s", kind, turned ? " turned" : "");
        /* Tiles are flipped (transposed ones turned) even in the plain view.
         * Turned tiles are not compared on the software renderer: its blits
         * put each turned tile at whole pixels, leaving seams between
         * them, and its triangles sample a texel past a turned tile's edge;
         * both pictures are off there, differently (see the top). */
        bool software = strcmp(SDL_GetRendererName(s->r.sdl_renderer), "software") == 0;
        if (!(turned && software)) {
            CHECK_SAME_PICTURE(blit, batched, TOL_REACH, what);
        }
        CHECK_INT_EQ(s->r.stats.submitted, blit_stats.submitted);
        CHECK_INT_EQ(blit_calls, 0);
        CHECK_MSG(batch_calls > 0 && batch_calls < s->r.stats.submitted,
                  "%s: %llu batches for %llu tiles", what, (unsigned long long)batch_calls,
                  (unsigned long long)s->r.stats.submitted);
        if (ref != NULL && !turned) {
            SDL_snprintf(what, sizeof(what), "%s batched vs software blit, map", kind);
            CHECK_SAME_PICTURE(ref[turned], batched, TOL_REACH, what);
        }
        if (keep != NULL) {
            keep[turned] = blit;
            blit = NULL;
        }
        SDL_DestroySurface(blit);
        SDL_DestroySurface(batched);
    }
    s->r.batch = false;
    CHECK_OK(akgl_camera_set_zoom(s->r.camera, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(s->r.camera, 0.0f));
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK_OK(akgl_heap_release_tilemap(map));
}

static void test_software_batched_matches_blit(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        CHECK(!s.r.batch); /* the software renderer blits by default */
        compare_paths(&s, "bound software renderer");
        compare_map(&s, "bound software renderer", NULL, NULL);
    }
    scene_close(&s);
    if (scene_open_window(&s, W, H)) {
        CHECK(!s.r.batch);
        compare_paths(&s, "window's software renderer");
        compare_map(&s, "window's software renderer", NULL, NULL);
    }
    scene_close(&s);
}

/* A direct draw outside the frame loop is a batch of one, drawn at once. */
static void test_direct_draws_are_not_held(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        const int cells[] = {2};
        akgl_Sprite *spr = make_sprite(&s, "direct", cells, 1, 100, true, false);
        s.r.batch = true;
        uint64_t before = akgl_render_batch.calls;
        CHECK_OK(s.r.frame_start(&s.r));
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 10.0f, 10.0f, SDL_FLIP_NONE));
        CHECK_INT_EQ(akgl_render_batch.calls - before, 1);
        CHECK(!akgl_render_batch.open);
        CHECK_INT_EQ(akgl_render_batch.n, 0);
        SDL_Surface *f = read_screen(s.r.sdl_renderer);
        CHECK_PIXEL(f, 10, 10, cell_marker(2));
        CHECK_PIXEL(f, 11, 11, CELL_FILL[2]);
        CHECK_PIXEL(f, 9, 10, CLEAR);
        SDL_DestroySurface(f);
        /* The sheet's modulation is what it was (SDL's software renderer
         * would leave the vertices' colour on it). */
        akgl_DrawParams half = AKGL_DRAW_PARAMS_DEFAULT;
        half.tint = (SDL_Color){255, 255, 255, 0};
        CHECK_OK(s.r.draw_sprite_ex(&s.r, spr, 0, 60.0f, 10.0f, &half));
        float a = 0.0f;
        CHECK(SDL_GetTextureAlphaModFloat(s.sheet->texture, &a) && a == 1.0f);
        CHECK_OK(s.r.frame_end(&s.r));
        s.r.batch = false;
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

/* AKGL_RENDER_BATCH: 0, 1, auto; anything else refused, nothing left bound. */
static void test_the_hint_chooses(void)
{
    Scene s;
    SDL_Surface *target = SDL_CreateSurface(W, H, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *sdl = target != NULL ? SDL_CreateSoftwareRenderer(target) : NULL;
    CHECK(sdl != NULL);
    static const struct
    {
        const char *value;
        bool batch;
    } cases[] = {{"1", true}, {"0", false}, {"auto", false}, {"", false}};
    for (size_t i = 0; i < SDL_arraysize(cases) && sdl != NULL; i++) {
        SDL_zero(s);
        CHECK(SDL_SetHint(AKGL_HINT_RENDER_BATCH, cases[i].value));
        CHECK_OK(akgl_render_2d_bind(&s.r, sdl));
        CHECK_MSG(s.r.batch == cases[i].batch, "AKGL_RENDER_BATCH=\"%s\": batch is %d",
                  cases[i].value, (int)s.r.batch);
        CHECK_OK(s.r.shutdown(&s.r));
    }
    if (sdl != NULL) {
        SDL_zero(s);
        CHECK(SDL_SetHint(AKGL_HINT_RENDER_BATCH, "yes"));
        CHECK_STATUS_MSG(akgl_render_2d_bind(&s.r, sdl), AKERR_VALUE,
                         "AKGL_RENDER_BATCH is \"yes\"; it must be 0, 1 or auto");
        CHECK(s.r.sdl_renderer == NULL);
        CHECK(game.renderer == NULL);
    }
    CHECK(SDL_ResetHint(AKGL_HINT_RENDER_BATCH));
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
}

/* The software renderer's blit pictures, to compare a GL renderer with. */
static SDL_Surface *reference[SDL_arraysize(PICTURES)];
static SDL_Surface *map_reference[2];

static void test_gl_matches_software(void)
{
    Scene s;
    Things t;
    if (scene_open_bound(&s, W, H)) {
        things_make(&s, &t);
        for (size_t i = 0; i < SDL_arraysize(PICTURES); i++) {
            uint64_t calls = 0;
            reference[i] = paint(&s, &t, &PICTURES[i], false, &calls);
        }
        s.r.batch = false;
        things_set(&s, &t, &PICTURES[0]);
        things_release(&t);
        compare_map(&s, "software", NULL, map_reference);
    }
    scene_close(&s);

    CHECK(SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl"));
    if (scene_open_window(&s, W, H)) {
        const char *name = SDL_GetRendererName(s.r.sdl_renderer);
        CHECK_MSG(name != NULL && strcmp(name, "opengl") == 0, "renderer %s", name);
        CHECK(s.r.batch); /* batched by default on GL */
        compare_paths(&s, "opengl");
        compare_map(&s, "opengl", map_reference, NULL);
        things_make(&s, &t);
        for (size_t i = 0; i < SDL_arraysize(PICTURES); i++) {
            uint64_t calls = 0;
            SDL_Surface *gl = paint(&s, &t, &PICTURES[i], true, &calls);
            char what[64];
            SDL_snprintf(what, sizeof(what), "opengl batched vs software blit, picture %" SDL_PRIu64,
                         (Uint64)i);
            CHECK_SAME_PICTURE(reference[i], gl, allowed(&PICTURES[i]), what);
            SDL_DestroySurface(gl);
        }
        s.r.batch = false;
        things_set(&s, &t, &PICTURES[0]);
        things_release(&t);
    }
    scene_close(&s);
    for (size_t i = 0; i < SDL_arraysize(PICTURES); i++) {
        SDL_DestroySurface(reference[i]);
        reference[i] = NULL;
    }
    for (int i = 0; i < 2; i++) {
        SDL_DestroySurface(map_reference[i]);
        map_reference[i] = NULL;
    }
}

/*
 * What SDL's opengl renderer hands GL for akgl's two paths: the batch's
 * SDL_RenderGeometry (four vertices and six indices a sprite) and the
 * blit's SDL_RenderTexture (the same quad, one call a sprite, joined by
 * SDL into one draw). With tools/patches/sdl3/0011-gl-indexed-geometry.patch
 * SDL draws the indices it is given (glDrawElements), so GL shades four
 * vertices a sprite, not six. Counted by GL itself
 * (GL_ARB_pipeline_statistics_query: vertex shader invocations), and the
 * picture read back: every quad in its own colour where it was put, two
 * SDL_RenderGeometry calls joined into one draw included.
 */
#if defined(_WIN32)
#define GLCALL __stdcall
#else
#define GLCALL
#endif
#define GL_QUERY_RESULT_ 0x8866u
#define GL_VERTEX_SHADER_INVOCATIONS_ 0x82F0u

typedef void(GLCALL *gl_gen_queries_fn)(int n, unsigned int *ids);
typedef void(GLCALL *gl_delete_queries_fn)(int n, const unsigned int *ids);
typedef void(GLCALL *gl_begin_query_fn)(unsigned int target, unsigned int id);
typedef void(GLCALL *gl_end_query_fn)(unsigned int target);
typedef void(GLCALL *gl_get_query_uiv_fn)(unsigned int id, unsigned int pname, unsigned int *v);

#define QUADS_GEOMETRY 8
#define QUADS_BLIT 4
#define QUAD_SIZE 8.0f

static SDL_Color quad_colour(int i)
{
    SDL_Color c = {(Uint8)(40 + i * 17), (Uint8)(250 - i * 19), (Uint8)(60 + (i % 3) * 70), 255};
    return c;
}

static void draw_and_count(SDL_Renderer *r, SDL_Texture *target, SDL_Texture *white);

static void test_gl_shades_four_vertices_a_sprite(void)
{
    CHECK_MSG(SDL_InitSubSystem(SDL_INIT_VIDEO), "SDL_InitSubSystem(SDL_INIT_VIDEO): %s", SDL_GetError());
    SDL_Window *w = SDL_CreateWindow("indexed", 64, 64, 0);
    SDL_Renderer *r = w != NULL ? SDL_CreateRenderer(w, "opengl") : NULL;
    SDL_Texture *target = r ? SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_TARGET, 64, 64) : NULL;
    SDL_Texture *white = r ? SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, 2, 2) : NULL;
    CHECK_MSG(target != NULL && white != NULL, "opengl renderer and textures: %s", SDL_GetError());
    if (target != NULL && white != NULL) {
        draw_and_count(r, target, white);
    }
    SDL_DestroyTexture(white);
    SDL_DestroyTexture(target);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

static void draw_and_count(SDL_Renderer *r, SDL_Texture *target, SDL_Texture *white)
{
    Uint32 texels[4];
    SDL_memset(texels, 0xff, sizeof(texels));
    CHECK(SDL_UpdateTexture(white, NULL, texels, 2 * 4));
    CHECK(SDL_SetTextureScaleMode(white, SDL_SCALEMODE_NEAREST));
    CHECK(SDL_SetRenderTarget(r, target));
    CHECK(SDL_SetRenderDrawColor(r, 0, 0, 0, 255));
    CHECK(SDL_RenderClear(r));
    CHECK(SDL_FlushRenderer(r)); /* the renderer's context is current now */

    SDL_Vertex v[QUADS_GEOMETRY * 4];
    int idx[QUADS_GEOMETRY * 6];
    for (int i = 0; i < QUADS_GEOMETRY; i++) {
        float x = (float)(i % 4) * 16.0f + 4.0f, y = (float)(i / 4) * 16.0f + 4.0f;
        SDL_Color c = quad_colour(i);
        SDL_FColor fc = {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f};
        const float corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        for (int k = 0; k < 4; k++) {
            v[i * 4 + k].position.x = x + corner[k][0] * QUAD_SIZE;
            v[i * 4 + k].position.y = y + corner[k][1] * QUAD_SIZE;
            v[i * 4 + k].color = fc;
            v[i * 4 + k].tex_coord.x = corner[k][0];
            v[i * 4 + k].tex_coord.y = corner[k][1];
        }
        /* each call's indices count from its own first vertex */
        int b = (i % (QUADS_GEOMETRY / 2)) * 4;
        const int order[6] = {0, 1, 2, 0, 2, 3};
        for (int k = 0; k < 6; k++) {
            idx[i * 6 + k] = b + order[k];
        }
    }

    gl_gen_queries_fn gen = (gl_gen_queries_fn)SDL_GL_GetProcAddress("glGenQueries");
    gl_delete_queries_fn del = (gl_delete_queries_fn)SDL_GL_GetProcAddress("glDeleteQueries");
    gl_begin_query_fn begin = (gl_begin_query_fn)SDL_GL_GetProcAddress("glBeginQuery");
    gl_end_query_fn end = (gl_end_query_fn)SDL_GL_GetProcAddress("glEndQuery");
    gl_get_query_uiv_fn get = (gl_get_query_uiv_fn)SDL_GL_GetProcAddress("glGetQueryObjectuiv");
    bool counting = SDL_GL_ExtensionSupported("GL_ARB_pipeline_statistics_query") && gen && del &&
                    begin && end && get;
    unsigned int query = 0;
    if (counting) {
        gen(1, &query);
        begin(GL_VERTEX_SHADER_INVOCATIONS_, query);
    } else {
        fprintf(stderr, "note: GL_ARB_pipeline_statistics_query missing (%s): vertices not counted\n",
                SDL_GetCurrentVideoDriver());
    }
    int half = QUADS_GEOMETRY / 2;
    CHECK(SDL_RenderGeometry(r, white, v, half * 4, idx, half * 6));
    CHECK(SDL_RenderGeometry(r, white, v + half * 4, half * 4, idx + half * 6, half * 6));
    for (int i = 0; i < QUADS_BLIT; i++) {
        SDL_Color c = quad_colour(QUADS_GEOMETRY + i);
        SDL_FRect dst = {(float)i * 16.0f + 4.0f, 36.0f, QUAD_SIZE, QUAD_SIZE};
        CHECK(SDL_SetTextureColorMod(white, c.r, c.g, c.b));
        CHECK(SDL_RenderTexture(r, white, NULL, &dst));
    }
    CHECK(SDL_FlushRenderer(r));
    if (counting) {
        unsigned int shaded = 0;
        end(GL_VERTEX_SHADER_INVOCATIONS_);
        get(query, GL_QUERY_RESULT_, &shaded);
        del(1, &query);
        unsigned int quads = QUADS_GEOMETRY + QUADS_BLIT;
        fprintf(stderr, "opengl renderer: %u vertices shaded for %u quads\n", shaded, quads);
        CHECK_MSG(shaded >= quads * 4 && shaded < quads * 6,
                  "GL shaded %u vertices for %u quads: want 4 a quad (indexed), not 6 "
                  "(SDL without tools/patches/sdl3/0011-gl-indexed-geometry.patch)",
                  shaded, quads);
    }

    SDL_Surface *shot = SDL_RenderReadPixels(r, NULL);
    CHECK_MSG(shot != NULL, "SDL_RenderReadPixels: %s", SDL_GetError());
    if (shot != NULL) {
        for (int i = 0; i < QUADS_GEOMETRY + QUADS_BLIT; i++) {
            int x = (i < QUADS_GEOMETRY ? i % 4 : i - QUADS_GEOMETRY) * 16 + 4;
            int y = i < QUADS_GEOMETRY ? (i / 4) * 16 + 4 : 36;
            SDL_Color want = quad_colour(i);
            /* inside: the quad's colour; just outside: the clear colour */
            const int probe[3][2] = {{1, 1}, {6, 6}, {9, 9}};
            for (int k = 0; k < 3; k++) {
                Uint8 pr, pg, pb, pa;
                CHECK(SDL_ReadSurfacePixel(shot, x + probe[k][0], y + probe[k][1], &pr, &pg, &pb, &pa));
                SDL_Color got = {pr, pg, pb, pa};
                SDL_Color black = {0, 0, 0, 255};
                CHECK_MSG(picture_close_rgb(got, k < 2 ? want : black, TOL_CHANNEL),
                          "quad %d at (%d, %d): %d,%d,%d, want %d,%d,%d", i, x + probe[k][0],
                          y + probe[k][1], got.r, got.g, got.b, k < 2 ? want.r : 0,
                          k < 2 ? want.g : 0, k < 2 ? want.b : 0);
            }
        }
        SDL_DestroySurface(shot);
    }
}

int main(int argc, char **argv)
{
    gl_mode = argc > 1 && strcmp(argv[1], "gl") == 0;
    if (gl_mode && !scene_gl_available()) {
        return 77;
    }
    AKGL_TEST_BEGIN();
    CHECK_OK(akgl_time_use_manual(true));
    if (gl_mode) {
        RUN_TEST(test_gl_matches_software);
        RUN_TEST(test_gl_shades_four_vertices_a_sprite);
    } else {
        RUN_TEST(test_software_batched_matches_blit);
        RUN_TEST(test_direct_draws_are_not_held);
        RUN_TEST(test_the_hint_chooses);
    }
    CHECK_OK(akgl_time_use_manual(false));
    return AKGL_TEST_END();
}
