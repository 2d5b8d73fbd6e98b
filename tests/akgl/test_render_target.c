/*
 * Render targets (akgl/image.h) and blend modes (akgl/render.h), by pixels.
 *
 * Every drawing case runs on both software renderers the suites use: a
 * window from akgl_render_2d_init (offscreen driver) and a software renderer
 * over a plain surface bound with akgl_render_2d_bind. Blend modes are
 * checked against their formulas for a known source and destination
 * colour; a target's contents are read back while it is bound, and again
 * where it lands on the screen, plain, scaled and turned. Every refusal is
 * checked for its status and message, with the pools where they were (the
 * suite's counters check every test ends with them back).
 */
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/draw.h>
#include <akgl/game.h>
#include <akgl/image.h>
#include <akgl/particles.h>
#include <akgl/text.h>

#include "scene.h"

#include <string.h>

#define W 160
#define H 120

static const SDL_Color RED = {250, 10, 10, 255};
static const SDL_Color GREEN = {10, 250, 10, 255};

/* The source and destination of the blend cases, and the four results:
 * src (200, 100, 50) at alpha 128 over dst (100, 150, 200). */
static const SDL_Color SRC = {200, 100, 50, 128};
static const SDL_Color DST = {100, 150, 200, 255};

static bool near(int a, int b, int tolerance)
{
    return a - b <= tolerance && b - a <= tolerance;
}

#define CHECK_NEAR_PIXEL(surface, x, y, want, tol) \
    do { \
        SDL_Color got_ = pixel_at((surface), (x), (y)); \
        SDL_Color want_ = (want); \
        CHECK_MSG(near(got_.r, want_.r, tol) && near(got_.g, want_.g, tol) && \
                      near(got_.b, want_.b, tol), \
                  "pixel (%d, %d) is (%d, %d, %d), expected about (%d, %d, %d)", (int)(x), \
                  (int)(y), got_.r, got_.g, got_.b, want_.r, want_.g, want_.b); \
    } while (0)

/* One channel of each mode's formula (akgl/render.h), a = alpha / 255. */
static int blend_of(SDL_BlendMode mode, int s, int d, int alpha)
{
    double a = alpha / 255.0, v = 0.0;
    switch (mode) {
    case SDL_BLENDMODE_BLEND: v = s * a + d * (1.0 - a); break;
    case SDL_BLENDMODE_ADD: v = s * a + d; break;
    case SDL_BLENDMODE_MUL: v = s * d / 255.0 + d * (1.0 - a); break;
    default: v = s; break;
    }
    return v > 255.0 ? 255 : (int)(v + 0.5);
}

static SDL_Color expected(SDL_BlendMode mode, SDL_Color s, SDL_Color d)
{
    return (SDL_Color){(Uint8)blend_of(mode, s.r, d.r, s.a), (Uint8)blend_of(mode, s.g, d.g, s.a),
                       (Uint8)blend_of(mode, s.b, d.b, s.a), 255};
}

static const SDL_BlendMode MODES[] = {SDL_BLENDMODE_BLEND, SDL_BLENDMODE_ADD, SDL_BLENDMODE_MUL,
                                      SDL_BLENDMODE_NONE};
#define NMODES 4

static int images_in_use(void)
{
    int n = -1;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_IMAGE, &n));
    return n;
}

/* ---- blend mode names ------------------------------------------------------ */

static void test_blend_names(void)
{
    static const char *names[NMODES] = {"blend", "add", "multiply", "none"};
    for (int i = 0; i < NMODES; i++) {
        SDL_BlendMode m = SDL_BLENDMODE_INVALID;
        CHECK_OK(akgl_render_blend_from_name(names[i], &m));
        CHECK_INT_EQ(m, MODES[i]);
        CHECK_OK(akgl_render_check_blend(MODES[i], NULL));
    }
    SDL_BlendMode m = SDL_BLENDMODE_ADD;
    CHECK_STATUS_MSG(akgl_render_blend_from_name("Add", &m), AKERR_VALUE,
                     "blend mode \"Add\" is not one akgl knows; it must be blend, add, multiply "
                     "or none");
    CHECK_INT_EQ(m, SDL_BLENDMODE_ADD); /* untouched */
    CHECK_STATUS_MSG(akgl_render_blend_from_name("", &m), AKERR_VALUE, "\"\"");
    CHECK_STATUS(akgl_render_blend_from_name(NULL, &m), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_render_blend_from_name("add", NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_render_check_blend(SDL_BLENDMODE_MOD, "emitter \"sparks\""),
                     AKERR_VALUE, "emitter \"sparks\": blend mode 0x00000004 is not one");
    CHECK_STATUS_MSG(akgl_render_check_blend(SDL_BLENDMODE_INVALID, NULL), AKERR_VALUE,
                     "blend: blend mode 0x7fffffff");
}

/* ---- images: each mode's formula ------------------------------------------- */

static void check_image_blend_modes(SceneOpener open)
{
    Scene s;
    akgl_Image *src = NULL;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    /* A render target is an image: filled with the source colour at load,
     * outside any frame. */
    CHECK_OK(akgl_render_target_create(8, 8, &src));
    CHECK_OK(akgl_render_target_begin(src, &SRC, NULL));
    CHECK_OK(akgl_render_target_end());
    s.r.clear_color = DST;
    CHECK_OK(s.r.frame_start(&s.r));
    for (int i = 0; i < NMODES; i++) {
        CHECK_OK(akgl_image_set_blend(src, MODES[i]));
        CHECK_OK(akgl_draw_image(AKGL_DRAW_SCREEN, src, (float)(10 * i), 0.0f));
    }
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    for (int i = 0; i < NMODES; i++) {
        CHECK_NEAR_PIXEL(f, 10 * i + 4, 4, expected(MODES[i], SRC, DST), 3);
    }
    CHECK_NEAR_PIXEL(f, 9, 4, DST, 0); /* between them: untouched */
    SDL_DestroySurface(f);
    CHECK_OK(s.r.frame_end(&s.r));

    /* Refused: the image keeps the mode it had. */
    CHECK_OK(akgl_image_set_blend(src, SDL_BLENDMODE_ADD));
    CHECK_STATUS_MSG(akgl_image_set_blend(src, SDL_BLENDMODE_MOD), AKERR_VALUE,
                     "akgl_image_set_blend: image \"render target 8x8\": blend mode 0x00000004");
    CHECK_OK(s.r.frame_start(&s.r));
    CHECK_OK(akgl_draw_image(AKGL_DRAW_SCREEN, src, 0.0f, 20.0f));
    f = read_screen(s.r.sdl_renderer);
    CHECK_NEAR_PIXEL(f, 4, 24, expected(SDL_BLENDMODE_ADD, SRC, DST), 3);
    SDL_DestroySurface(f);
    CHECK_OK(s.r.frame_end(&s.r));
    CHECK_STATUS(akgl_image_set_blend(NULL, SDL_BLENDMODE_ADD), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_image(src));
    CHECK_STATUS_MSG(akgl_image_set_blend(src, SDL_BLENDMODE_ADD), AKERR_BEHAVIOR,
                     "has been released");
    scene_close(&s);
}

static void test_image_blend_modes(void)
{
    scene_each(check_image_blend_modes);
}

/* ---- actors: each mode, the shared sheet put back -------------------------- */

static void check_actor_blend_modes(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    const int red[] = {0};
    akgl_Sprite *sp = make_sprite(&s, "blend-cell", red, 1, 100, true, false);
    akgl_Character *c = make_character("blend-char", 100);
    int state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    CHECK_OK(c->sprite_add(c, sp, state));
    static const char *names[NMODES] = {"blend-0", "blend-1", "blend-2", "blend-3"};
    akgl_Actor *a[NMODES] = {NULL};
    for (int i = 0; i < NMODES; i++) {
        a[i] = make_actor(names[i], "blend-char");
        if (a[i] == NULL) {
            continue;
        }
        CHECK_INT_EQ(a[i]->blend, SDL_BLENDMODE_BLEND); /* what a new actor has */
        a[i]->state = state;
        a[i]->x = (float)(i * 40);
        a[i]->y = 10.0f;
        CHECK_OK(akgl_actor_set_blend(a[i], MODES[i]));
    }
    SDL_BlendMode sheet_mode = SDL_BLENDMODE_INVALID;
    CHECK(SDL_GetTextureBlendMode(s.sheet->texture, &sheet_mode));
    scene_capture(&s.r);
    CHECK_OK(akgl_game_update(NULL));
    /* Twice: the second frame takes the draw pass's fast path for the
     * default actor (its source rectangle cached by the first). */
    CHECK_OK(akgl_game_update(NULL));
    SDL_Surface *f = scene_last_frame;
    SDL_Color fill = CELL_FILL[0];
    for (int i = 0; i < NMODES; i++) {
        CHECK_NEAR_PIXEL(f, i * 40 + 20, 30, expected(MODES[i], fill, CLEAR), 3);
    }
    /* The sheet is shared: its own mode is back after the draws. */
    SDL_BlendMode after = SDL_BLENDMODE_INVALID;
    CHECK(SDL_GetTextureBlendMode(s.sheet->texture, &after));
    CHECK_INT_EQ(after, sheet_mode);

    /* Transformed (scaled), "add" still applies: the general path. */
    CHECK_OK(akgl_actor_set_transform(a[1], 1.0f, 1.0f, 180.0f));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_NEAR_PIXEL(scene_last_frame, 60, 30, expected(SDL_BLENDMODE_ADD, fill, CLEAR), 3);
    /* Batched (what a GPU renderer does; forced here on the software one):
     * each actor still in its own mode, the default ones in the batch. */
    CHECK_OK(akgl_actor_set_transform(a[1], 1.0f, 1.0f, 0.0f));
    s.r.batch = true;
    CHECK_OK(akgl_game_update(NULL));
    for (int i = 0; i < NMODES; i++) {
        CHECK_NEAR_PIXEL(scene_last_frame, i * 40 + 20, 30, expected(MODES[i], fill, CLEAR), 3);
    }
    s.r.batch = false;
    scene_capture_done();

    /* Refused: named, and the actor keeps its mode. */
    CHECK_STATUS_MSG(akgl_actor_set_blend(a[1], SDL_BLENDMODE_MOD), AKERR_VALUE,
                     "akgl_actor_set_blend: actor \"blend-1\": blend mode 0x00000004 is not one");
    CHECK_INT_EQ(a[1]->blend, SDL_BLENDMODE_ADD);
    CHECK_STATUS(akgl_actor_set_blend(NULL, SDL_BLENDMODE_ADD), AKERR_NULLPOINTER);
    for (int i = 0; i < NMODES; i++) {
        if (a[i] != NULL) {
            CHECK_OK(akgl_heap_release_actor(a[i]));
        }
    }
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(sp));
    scene_close(&s);
}

static void test_actor_blend_modes(void)
{
    scene_each(check_actor_blend_modes);
}

/* ---- particles: each mode, on the fill path and the geometry path ---------- */

/* Four still emitters, one per mode, of 8-pixel particles of SRC: squares
 * (drawn as rectangle fills) in the top row, a white image tinted by SRC
 * (drawn as one geometry call) in the row below. */
static void check_particle_blend_modes(SceneOpener open)
{
    Scene s;
    akgl_Image *white = NULL;
    akgl_Emitter *em[2 * NMODES] = {NULL};
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    static const SDL_Color WHITE = {255, 255, 255, 255};
    CHECK_OK(akgl_render_target_create(4, 4, &white));
    CHECK_OK(akgl_render_target_begin(white, &WHITE, NULL));
    CHECK_OK(akgl_render_target_end());
    for (int i = 0; i < 2 * NMODES; i++) {
        akgl_EmitterDef d;
        memset(&d, 0, sizeof(d));
        d.burst = 1;
        d.life_min = d.life_max = 10.0f;
        d.color_start = d.color_end = SRC;
        d.size_start = d.size_end = 8.0f;
        d.look = i < NMODES ? AKGL_PARTICLE_SQUARE : AKGL_PARTICLE_IMAGE;
        d.image = i < NMODES ? NULL : white;
        d.blend = MODES[i % NMODES];
        CHECK_OK(akgl_emitter_start(&d, (float)(20 + 30 * (i % NMODES)),
                                    (float)(20 + 30 * (i / NMODES)), &em[i]));
    }
    scene_capture(&s.r);
    CHECK_OK(akgl_game_update(NULL));
    for (int i = 0; i < 2 * NMODES; i++) {
        CHECK_NEAR_PIXEL(scene_last_frame, 20 + 30 * (i % NMODES), 20 + 30 * (i / NMODES),
                         expected(MODES[i % NMODES], SRC, CLEAR), 3);
    }
    CHECK_NEAR_PIXEL(scene_last_frame, 35, 20, CLEAR, 0); /* between them: untouched */
    scene_capture_done();
    for (int i = 0; i < 2 * NMODES; i++) {
        if (em[i] != NULL) {
            CHECK_OK(akgl_emitter_release(em[i]));
        }
    }
    int emitters = -1;
    CHECK_OK(akgl_particles_counts(&emitters, NULL));
    CHECK_INT_EQ(emitters, 0);
    CHECK_OK(akgl_heap_release_image(white));
    scene_close(&s);
}

static void test_particle_blend_modes(void)
{
    scene_each(check_particle_blend_modes);
}

/* The "blend" key among an object's properties, as a character file's. */
static void test_blend_setting(void)
{
    SDL_PropertiesID props = SDL_CreateProperties();
    akgl_ActorSettings set;
    SDL_zero(set);
    CHECK(SDL_SetStringProperty(props, "blend", "multiply"));
    CHECK_OK(akgl_actor_settings_from_properties(props, &set));
    CHECK((set.given & AKGL_ACTOR_SETTING_BLEND) != 0);
    CHECK_INT_EQ(set.blend, SDL_BLENDMODE_MUL);
    CHECK(SDL_SetStringProperty(props, "blend", "glow"));
    CHECK_STATUS_MSG(akgl_actor_settings_from_properties(props, &set), AKERR_VALUE,
                     "property \"blend\" is \"glow\"; it must be \"blend\", \"add\", "
                     "\"multiply\" or \"none\"");
    CHECK(SDL_SetNumberProperty(props, "blend", 2));
    CHECK_STATUS_MSG(akgl_actor_settings_from_properties(props, &set), AKERR_TYPE,
                     "property \"blend\" must be a blend mode's name");
    CHECK_INT_EQ(set.blend, SDL_BLENDMODE_MUL); /* unchanged on failure */
    SDL_DestroyProperties(props);

    akgl_Actor *a = make_actor("blend-settings", NULL);
    if (a != NULL) {
        CHECK_OK(akgl_actor_apply_settings(a, &set));
        CHECK_INT_EQ(a->blend, SDL_BLENDMODE_MUL);
        set.blend = SDL_BLENDMODE_MOD; /* a struct filled in code */
        CHECK_STATUS_MSG(akgl_actor_apply_settings(a, &set), AKERR_VALUE, "0x00000004");
        CHECK_INT_EQ(a->blend, SDL_BLENDMODE_MUL);
        CHECK_OK(akgl_heap_release_actor(a));
    }
}

/* ---- targets: contents, and drawn like an image ----------------------------- */

static void check_target_contents(SceneOpener open)
{
    Scene s;
    akgl_Image *t = NULL;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    CHECK_OK(akgl_render_target_create(20, 10, &t));
    int w = 0, h = 0;
    CHECK_OK(akgl_image_size(t, &w, &h));
    CHECK_INT_EQ(w, 20);
    CHECK_INT_EQ(h, 10);
    /* A moved screen camera does not reach into the target: its own pixels. */
    s.r.camera->x = 300.0f;
    s.r.camera->y = 200.0f;
    akgl_Camera *screen_camera = s.r.camera;
    CHECK_OK(s.r.frame_start(&s.r));
    CHECK_OK(akgl_render_target_begin(t, &RED, NULL));
    CHECK(s.r.camera != screen_camera);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 10.0f, 0.0f, 10.0f, 10.0f, GREEN));
    SDL_Surface *in = read_screen(s.r.sdl_renderer); /* the target's pixels */
    CHECK_INT_EQ(in != NULL ? in->w : 0, 20);
    CHECK_INT_EQ(in != NULL ? in->h : 0, 10);
    CHECK_PIXEL(in, 0, 0, RED);
    CHECK_PIXEL(in, 9, 9, RED);
    CHECK_PIXEL(in, 10, 0, GREEN);
    CHECK_PIXEL(in, 19, 9, GREEN);
    SDL_DestroySurface(in);
    CHECK_OK(akgl_render_target_end());
    CHECK(s.r.camera == screen_camera);
    CHECK(s.r.target == NULL);

    /* Plain, scaled about its top-left, and turned a quarter about its centre. */
    CHECK_OK(akgl_draw_image(AKGL_DRAW_SCREEN, t, 2.0f, 2.0f));
    akgl_DrawParams twice = AKGL_DRAW_PARAMS_DEFAULT;
    twice.scale_x = twice.scale_y = 2.0f;
    twice.pivot_x = twice.pivot_y = 0.0f;
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, t, NULL, 0.0f, 80.0f, &twice));
    akgl_DrawParams turned = AKGL_DRAW_PARAMS_DEFAULT;
    turned.rotation = 90.0f;
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, t, NULL, 60.0f, 60.0f, &turned));
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(f, 2, 2, RED);
    CHECK_PIXEL(f, 11, 11, RED);
    CHECK_PIXEL(f, 12, 2, GREEN);
    CHECK_PIXEL(f, 21, 11, GREEN);
    CHECK_PIXEL(f, 22, 2, CLEAR);
    CHECK_PIXEL(f, 2, 12, CLEAR);
    CHECK_PIXEL(f, 1, 80, RED);   /* scaled: 40 x 20 from (0, 80) */
    CHECK_PIXEL(f, 19, 99, RED);
    CHECK_PIXEL(f, 20, 80, GREEN);
    CHECK_PIXEL(f, 39, 99, GREEN);
    CHECK_PIXEL(f, 40, 90, CLEAR);
    CHECK_PIXEL(f, 10, 100, CLEAR);
    /* Turned clockwise about (70, 65): 10 x 20, the left half on top. */
    CHECK_PIXEL(f, 70, 57, RED);
    CHECK_PIXEL(f, 70, 73, GREEN);
    CHECK_PIXEL(f, 63, 65, CLEAR);
    CHECK_PIXEL(f, 70, 53, CLEAR);
    SDL_DestroySurface(f);
    CHECK_OK(s.r.frame_end(&s.r));

    /* Kept until drawn into again; begin without a clear keeps it. */
    CHECK_OK(akgl_render_target_begin(t, NULL, NULL));
    in = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(in, 0, 0, RED);
    CHECK_PIXEL(in, 19, 0, GREEN);
    SDL_DestroySurface(in);
    CHECK_OK(akgl_render_target_end());
    CHECK_OK(akgl_heap_release_image(t));
    scene_close(&s);
}

static void test_target_contents(void)
{
    scene_each(check_target_contents);
}

/* A minimap: the world drawn through a camera of the target's size, zoomed out. */
static void check_world_into_target(SceneOpener open)
{
    Scene s;
    akgl_Image *t = NULL;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    const int cells[] = {1};
    akgl_Sprite *sp = make_sprite(&s, "mini-cell", cells, 1, 100, true, false);
    akgl_Character *c = make_character("mini-char", 100);
    int state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    CHECK_OK(c->sprite_add(c, sp, state));
    akgl_Actor *a = make_actor("mini-actor", "mini-char");
    if (a != NULL) {
        a->state = state;
        a->x = 48.0f; /* world 48..95 x 0..47 */
    }
    CHECK_OK(akgl_render_target_create(48, 24, &t));
    /* World 0..96 x 0..48 into 48 x 24: zoom 0.5 about the world's centre (48, 24). */
    akgl_Camera mini;
    SDL_zero(mini);
    mini.w = 48.0f;
    mini.h = 24.0f;
    mini.x = 48.0f - 24.0f;
    mini.y = 24.0f - 12.0f;
    mini.zoom = 0.5f;
    CHECK_STATUS_MSG(akgl_game_draw_world(), AKERR_BEHAVIOR, "outside a frame and a render target");
    CHECK_OK(akgl_render_target_begin(t, &(SDL_Color){0, 0, 0, 255}, &mini));
    CHECK(s.r.camera == &mini);
    CHECK_OK(akgl_game_draw_world());
    SDL_Surface *in = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(in, 36, 12, CELL_FILL[1]); /* the actor's half */
    CHECK_PIXEL(in, 25, 23, CELL_FILL[1]);
    CHECK_PIXEL(in, 12, 12, ((SDL_Color){0, 0, 0, 255})); /* empty world */
    SDL_DestroySurface(in);
    CHECK_OK(akgl_render_target_end());
    CHECK(s.r.camera == &s.r.own_camera);
    CHECK_OK(akgl_heap_release_image(t));
    if (a != NULL) {
        CHECK_OK(akgl_heap_release_actor(a));
    }
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(sp));
    scene_close(&s);
}

static void test_world_into_target(void)
{
    scene_each(check_world_into_target);
}

/* Text lands in a target too (the default font, no file). */
static void check_text_into_target(SceneOpener open)
{
    Scene s;
    akgl_Image *t = NULL;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    CHECK_OK(akgl_render_target_create(40, 16, &t));
    CHECK_OK(akgl_render_target_begin(t, &(SDL_Color){0, 0, 0, 255}, NULL));
    CHECK_OK(akgl_text_draw(NULL, "HH", 2.0f, 2.0f, GREEN));
    SDL_Surface *in = read_screen(s.r.sdl_renderer);
    int lit = 0;
    for (int y = 0; in != NULL && y < in->h; y++) {
        for (int x = 0; x < in->w; x++) {
            lit += same_rgb(pixel_at(in, x, y), GREEN);
        }
    }
    CHECK_MSG(lit > 10, "%d pixels of the text's colour in the target", lit);
    CHECK_PIXEL(in, 39, 15, ((SDL_Color){0, 0, 0, 255}));
    SDL_DestroySurface(in);
    CHECK_OK(akgl_render_target_end());
    CHECK_OK(akgl_heap_release_image(t));
    scene_close(&s);
}

static void test_text_into_target(void)
{
    scene_each(check_text_into_target);
}

/*
 * Under a logical presentation (80 x 60 on 160 x 120: each logical pixel a
 * 2 x 2 block), a target's inside is its own pixels, unscaled; drawn on the
 * screen it is scaled with everything else.
 */
static void test_target_under_logical_size(void)
{
    Scene s;
    akgl_Image *t = NULL;
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    CHECK_OK(akgl_render_set_logical_size(&s.r, 80, 60, SDL_LOGICAL_PRESENTATION_INTEGER_SCALE));
    CHECK_OK(akgl_render_target_create(10, 10, &t));
    CHECK_OK(akgl_render_target_begin(t, &RED, NULL));
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 5.0f, 0.0f, 5.0f, 10.0f, GREEN));
    SDL_Surface *in = read_screen(s.r.sdl_renderer);
    CHECK_INT_EQ(in != NULL ? in->w : 0, 10); /* its own 10 x 10, not scaled */
    CHECK_PIXEL(in, 4, 5, RED);
    CHECK_PIXEL(in, 5, 5, GREEN);
    SDL_DestroySurface(in);
    CHECK_OK(akgl_render_target_end());
    CHECK_OK(s.r.frame_start(&s.r));
    CHECK_OK(akgl_draw_image(AKGL_DRAW_SCREEN, t, 5.0f, 5.0f));
    CHECK_OK(s.r.frame_end(&s.r));
    /* Logical (5..14, 5..14) is output (10..29, 10..29): red to 19, green from 20. */
    CHECK_PIXEL(s.target, 10, 10, RED);
    CHECK_PIXEL(s.target, 19, 29, RED);
    CHECK_PIXEL(s.target, 20, 10, GREEN);
    CHECK_PIXEL(s.target, 29, 29, GREEN);
    CHECK_PIXEL(s.target, 30, 20, CLEAR);
    CHECK_PIXEL(s.target, 9, 20, CLEAR);
    CHECK_OK(akgl_heap_release_image(t));
    scene_close(&s);
}

/* An actor's renderfunc that asks for the world while the frame draws it. */
static int hook_calls;
static akerr_ErrorContext *draw_world_from_hook(akgl_Actor *a, akgl_Renderer *r)
{
    (void)a;
    (void)r;
    hook_calls++;
    CHECK_STATUS_MSG(akgl_game_draw_world(), AKERR_BEHAVIOR,
                     "the frame is drawing the actors (from an actor's renderfunc)");
    return NULL;
}

static void test_draw_world_refused_from_a_renderfunc(void)
{
    Scene s;
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    akgl_Actor *a = make_actor("hooked", NULL);
    if (a != NULL) {
        a->renderfunc = draw_world_from_hook;
        hook_calls = 0;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(hook_calls, 1);
        /* From the overlay's place, after the actors, it is accepted. */
        CHECK_OK(s.r.frame_start(&s.r));
        a->renderfunc = NULL;
        CHECK_OK(akgl_game_draw_world());
        CHECK_OK(s.r.frame_end(&s.r));
        CHECK_OK(akgl_heap_release_actor(a));
    }
    scene_close(&s);
}

/* ---- refusals ---------------------------------------------------------------- */

static void test_refused_targets(void)
{
    Scene s;
    akgl_Image *t = NULL, *u = NULL, *img = NULL;
    /* No renderer bound. */
    CHECK_STATUS_MSG(akgl_render_target_create(8, 8, &t), AKERR_BEHAVIOR, "no renderer is bound");
    CHECK_STATUS_MSG(akgl_render_target_end(), AKERR_BEHAVIOR, "no renderer is bound");
    CHECK(t == NULL);
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    int before = images_in_use();
    CHECK_STATUS(akgl_render_target_create(8, 8, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_render_target_create(0, 10, &t), AKERR_OUTOFBOUNDS,
                     "a render target of 0x10; each side must be 1..");
    CHECK_STATUS_MSG(akgl_render_target_create(10, -1, &t), AKERR_OUTOFBOUNDS, "10x-1");
    CHECK_STATUS_MSG(akgl_render_target_create(100000, 10, &t), AKERR_OUTOFBOUNDS,
                     "a render target of 100000x10; each side must be 1..");
    CHECK_STATUS_MSG(akgl_render_target_create(4096, 4097, &t), AKERR_OUTOFBOUNDS,
                     "4096x4097 is 16781312 pixels; the limit is 16777216 "
                     "(AKGL_IMAGE_MAX_PIXELS)");
    CHECK(t == NULL);
    CHECK_INT_EQ(images_in_use(), before);

    /* Every slot taken: AKGL_ERR_HEAP, nothing kept. */
    int slots = 0;
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_IMAGE, &slots));
    static akgl_Image *held[AKGL_MAX_HEAP_IMAGE];
    int n = 0;
    while (n < slots && n < AKGL_MAX_HEAP_IMAGE && akgl_heap_next_image(&held[n]) == NULL) {
        n++;
    }
    CHECK_STATUS(akgl_render_target_create(8, 8, &t), AKGL_ERR_HEAP);
    CHECK(t == NULL);
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_image(held[i]));
    }
    CHECK_INT_EQ(images_in_use(), before);

    CHECK_OK(akgl_render_target_create(8, 8, &t));
    CHECK_OK(akgl_render_target_create(4, 4, &u));
    CHECK_OK(akgl_image_load(SHEET_PATH, &img));
    CHECK_STATUS(akgl_render_target_begin(NULL, NULL, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_render_target_begin(img, NULL, NULL), AKERR_BEHAVIOR,
                     "is not a render target");
    CHECK_STATUS_MSG(akgl_render_target_end(), AKERR_BEHAVIOR,
                     "no render target is being drawn into");

    /* Bound: no nesting, no release of its last reference, no drawing it into itself. */
    CHECK_OK(akgl_render_target_begin(t, NULL, NULL));
    CHECK_STATUS_MSG(akgl_render_target_begin(u, NULL, NULL), AKERR_BEHAVIOR,
                     "render target 8x8 is being drawn into already; targets do not nest");
    CHECK(s.r.target == t);
    CHECK_STATUS_MSG(akgl_heap_release_image(t), AKERR_BEHAVIOR,
                     "render target 8x8 is being drawn into; akgl_render_target_end first");
    CHECK_OK(akgl_image_size(t, NULL, NULL)); /* still there */
    CHECK_STATUS_MSG(akgl_draw_image(AKGL_DRAW_SCREEN, t, 0, 0), AKERR_BEHAVIOR,
                     "cannot be drawn into itself");
    CHECK_OK(akgl_draw_image(AKGL_DRAW_SCREEN, u, 0, 0)); /* another target is an image */
    CHECK_OK(akgl_render_target_end());
    CHECK_STATUS(akgl_render_target_end(), AKERR_BEHAVIOR);

    /* A frame that ends inside a target: put back, presented, reported. */
    CHECK_OK(s.r.frame_start(&s.r));
    CHECK_OK(akgl_render_target_begin(t, NULL, NULL));
    CHECK_STATUS_MSG(s.r.frame_end(&s.r), AKERR_BEHAVIOR,
                     "the frame ended inside render target 8x8");
    CHECK(s.r.target == NULL);
    CHECK(s.r.camera == &s.r.own_camera);
    CHECK(SDL_GetRenderTarget(s.r.sdl_renderer) == NULL);
    /* One that starts inside a target: let go of, reported, then the next is clean. */
    CHECK_OK(akgl_render_target_begin(t, NULL, NULL));
    CHECK_STATUS_MSG(s.r.frame_start(&s.r), AKERR_BEHAVIOR,
                     "render target 8x8 was still being drawn into");
    CHECK(s.r.target == NULL);
    CHECK(s.r.camera == &s.r.own_camera);
    CHECK_OK(s.r.frame_start(&s.r));
    CHECK_OK(s.r.frame_end(&s.r));
    /* Outside a frame and a target, draws are refused as ever. */
    CHECK_STATUS_MSG(akgl_draw_point(AKGL_DRAW_SCREEN, 1, 1, RED), AKERR_BEHAVIOR,
                     "outside a frame");

    CHECK_OK(akgl_heap_release_image(img));
    CHECK_OK(akgl_heap_release_image(u));
    CHECK_OK(akgl_heap_release_image(t));
    CHECK_STATUS_MSG(akgl_render_target_begin(t, NULL, NULL), AKERR_BEHAVIOR, "released");
    CHECK_INT_EQ(images_in_use(), before);
    scene_close(&s);
}

/* A target made for one renderer is refused while another is bound. */
static void test_target_of_another_renderer(void)
{
    Scene a, b;
    akgl_Image *t = NULL;
    if (!scene_open_bound(&a, W, H)) {
        scene_close(&a);
        return;
    }
    CHECK_OK(akgl_render_target_create(8, 8, &t));
    SDL_zero(b);
    b.target = SDL_CreateSurface(W, H, SDL_PIXELFORMAT_RGBA32);
    b.sdl = b.target ? SDL_CreateSoftwareRenderer(b.target) : NULL;
    CHECK(b.sdl != NULL);
    CHECK_OK(akgl_render_2d_bind(&b.r, b.sdl));
    CHECK_STATUS_MSG(akgl_render_target_begin(t, NULL, NULL), AKERR_BEHAVIOR,
                     "made for a renderer that is no longer bound");
    CHECK(b.r.target == NULL);
    scene_close(&b);
    CHECK_OK(akgl_heap_release_image(t));
    scene_close(&a);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_blend_names);
    RUN_TEST(test_image_blend_modes);
    RUN_TEST(test_actor_blend_modes);
    RUN_TEST(test_particle_blend_modes);
    RUN_TEST(test_blend_setting);
    RUN_TEST(test_target_contents);
    RUN_TEST(test_world_into_target);
    RUN_TEST(test_text_into_target);
    RUN_TEST(test_target_under_logical_size);
    RUN_TEST(test_draw_world_refused_from_a_renderfunc);
    RUN_TEST(test_refused_targets);
    RUN_TEST(test_target_of_another_renderer);
    return AKGL_TEST_END();
}
