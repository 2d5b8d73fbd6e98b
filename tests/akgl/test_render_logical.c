/*
 * Pixel-art presentation and screenshots, by pixels:
 * - game.logicalwidth/height/mode make the game draw at a logical size that
 *   SDL scales to the output (integer scale: square blocks, letterboxed);
 *   the camera takes the logical size; mouse events map back to it;
 * - where the picture goes, exactly, on a surface's software renderer and on
 *   the window's: centred, the odd spare pixel to the right or bottom bar,
 *   the bars black, on the first frame and after; a click on a block maps
 *   to its logical pixel; map tiles, actors and the overlay share it;
 * - akgl_render_screenshot writes the current target as a PNG that reads
 *   back with the same pixels;
 * - every refusal (bad properties, bad modes, unbound backends, unwritable
 *   paths) names what was wrong and leaves nothing bound.
 */
#define _XOPEN_SOURCE 700
#include <akgl/render.h>

#include <stdlib.h>
#include <unistd.h>

#include "test_platform.h"
#define TS_OWNER "render_logical"
#include "tilemap_draw_fixture.h"

static void set_logical(const char *w, const char *h, const char *mode)
{
    CHECK_OK(akgl_set_property("game.logicalwidth", w));
    CHECK_OK(akgl_set_property("game.logicalheight", h));
    if (mode != NULL) {
        CHECK_OK(akgl_set_property("game.logicalmode", mode));
    }
}

static void clear_logical(void)
{
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalwidth");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalheight");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalmode");
}

/* The extent of the pixels of colour `c` on row `y`: first column and count. */
static int run_on_row(SDL_Surface *s, int y, SDL_Color c, int *first)
{
    int n = 0;
    *first = -1;
    for (int x = 0; x < s->w; x++) {
        if (same_rgb(pixel_at(s, x, y), c)) {
            *first = *first < 0 ? x : *first;
            n++;
        }
    }
    return n;
}

static int run_on_column(SDL_Surface *s, int x, SDL_Color c, int *first)
{
    int n = 0;
    *first = -1;
    for (int y = 0; y < s->h; y++) {
        if (same_rgb(pixel_at(s, x, y), c)) {
            *first = *first < 0 ? y : *first;
            n++;
        }
    }
    return n;
}

static void test_integer_scale_draws_square_blocks(void)
{
    Scene s;
    /* 100 x 80 logical on a 320 x 250 surface: 3.2 x 3.125 would fit, the
     * integer mode takes x 3 for both axes. */
    set_logical("100", "80", NULL); /* the mode defaults to integer */
    if (scene_open_bound(&s, 320, 250)) {
        CHECK(s.r.camera->w == 100.0f && s.r.camera->h == 80.0f);
        int lw = 0, lh = 0;
        SDL_RendererLogicalPresentation mode = SDL_LOGICAL_PRESENTATION_DISABLED;
        CHECK(SDL_GetRenderLogicalPresentation(s.sdl, &lw, &lh, &mode));
        CHECK(lw == 100 && lh == 80 && mode == SDL_LOGICAL_PRESENTATION_INTEGER_SCALE);

        const int cells[] = {4};
        akgl_Sprite *spr = make_sprite(&s, "pixel-art", cells, 1, 100, true, false);
        CHECK_OK(s.r.frame_start(&s.r));
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 2.0f, 1.0f, SDL_FLIP_NONE));
        CHECK_OK(s.r.frame_end(&s.r));
        SDL_Surface *out = SDL_ConvertSurface(s.target, SDL_PIXELFORMAT_RGBA32);
        /* The one-pixel marker is a 3 x 3 block; the 48-pixel frame 144 px. */
        int mx = -1, my = -1, fx = -1, fy = -1;
        int marker_w = 0, marker_h = 0;
        for (int y = 0; y < out->h && mx < 0; y++) {
            marker_w = run_on_row(out, y, cell_marker(4), &mx);
            my = mx >= 0 ? y : -1;
        }
        CHECK_INT_EQ(marker_w, 3);
        if (mx >= 0) {
            marker_h = run_on_column(out, mx, cell_marker(4), &fy);
            CHECK_INT_EQ(marker_h, 3);
            int fill_w = run_on_row(out, my + 3, CELL_FILL[4], &fx);
            CHECK_INT_EQ(fill_w, 144);
            CHECK_INT_EQ(fx, mx);
            int fill_h = run_on_column(out, mx + 3, CELL_FILL[4], &fy);
            CHECK_INT_EQ(fill_h, 144);
            /* Logical (2, 1) is 3 blocks in: the picture starts at mx - 6,
             * centred: 20 and 10 spare pixels, halved. */
            int ox = mx - 6, oy = my - 3;
            CHECK_MSG(ox == 10 && oy == 5, "picture at (%d, %d), want (10, 5)", ox, oy);
            CHECK_PIXEL(out, mx - 1, my + 1, CLEAR);
            CHECK_PIXEL(out, mx + 1, my - 1, CLEAR);
        }
        SDL_DestroySurface(out);

        /* The camera culls at the logical edge. */
        CHECK_OK(s.r.frame_start(&s.r));
        s.r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 100.0f, 0.0f, SDL_FLIP_NONE));
        CHECK_INT_EQ(s.r.stats.culled, 1);

        /* Turned off again: the camera takes the output size. */
        CHECK_OK(akgl_render_set_logical_size(&s.r, 0, 0, SDL_LOGICAL_PRESENTATION_DISABLED));
        CHECK(s.r.camera->w == 320.0f && s.r.camera->h == 250.0f);
        CHECK_OK(akgl_render_set_logical_size(&s.r, 64, 48, SDL_LOGICAL_PRESENTATION_STRETCH));
        CHECK(s.r.camera->w == 64.0f && s.r.camera->h == 48.0f);
        CHECK(SDL_GetRenderLogicalPresentation(s.sdl, &lw, &lh, &mode));
        CHECK(lw == 64 && lh == 48 && mode == SDL_LOGICAL_PRESENTATION_STRETCH);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
    clear_logical();
}

static void test_modes_by_name(void)
{
    static const struct
    {
        const char *name;
        SDL_RendererLogicalPresentation mode;
    } modes[] = {{"integer", SDL_LOGICAL_PRESENTATION_INTEGER_SCALE},
                 {"letterbox", SDL_LOGICAL_PRESENTATION_LETTERBOX},
                 {"stretch", SDL_LOGICAL_PRESENTATION_STRETCH},
                 {"overscan", SDL_LOGICAL_PRESENTATION_OVERSCAN}};
    for (size_t i = 0; i < SDL_arraysize(modes); i++) {
        Scene s;
        set_logical("80", "60", modes[i].name);
        if (scene_open_bound(&s, 160, 120)) {
            SDL_RendererLogicalPresentation mode = SDL_LOGICAL_PRESENTATION_DISABLED;
            CHECK(SDL_GetRenderLogicalPresentation(s.sdl, NULL, NULL, &mode));
            CHECK_MSG(mode == modes[i].mode, "mode %s", modes[i].name);
        }
        scene_close(&s);
        clear_logical();
    }
}

static void test_bad_logical_settings_are_refused(void)
{
    akgl_Renderer r;
    SDL_zero(r);
    SDL_Surface *target = SDL_CreateSurface(64, 64, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *sdl = SDL_CreateSoftwareRenderer(target);
    CHECK(sdl != NULL);

    CHECK_OK(akgl_set_property("game.logicalwidth", "100"));
    CHECK_STATUS_MSG(akgl_render_2d_bind(&r, sdl), AKERR_KEY, "game.logicalheight");
    CHECK(r.sdl_renderer == NULL && game.renderer == NULL);
    set_logical("100", "0", NULL);
    CHECK_STATUS_MSG(akgl_render_2d_bind(&r, sdl), AKERR_OUTOFBOUNDS,
                     "game.logicalheight is 0; it must be 1..16384");
    set_logical("wide", "10", NULL);
    CHECK_STATUS_MSG(akgl_render_2d_bind(&r, sdl), AKERR_FORMAT, "game.logicalwidth");
    set_logical("100", "80", "sideways");
    CHECK_STATUS_MSG(akgl_render_2d_bind(&r, sdl), AKERR_VALUE,
                     "game.logicalmode is \"sideways\"");
    CHECK(r.sdl_renderer == NULL && game.renderer == NULL);

    /* init checks them before it makes a window: nothing is left made. */
    CHECK_OK(akgl_set_property("game.screenwidth", "64"));
    CHECK_OK(akgl_set_property("game.screenheight", "64"));
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_VALUE, "sideways");
    CHECK(r.sdl_renderer == NULL && r.window == NULL && game.renderer == NULL);
    clear_logical();
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight");

    /* The setter. */
    CHECK_STATUS(akgl_render_set_logical_size(NULL, 10, 10, SDL_LOGICAL_PRESENTATION_STRETCH),
                 AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_render_set_logical_size(&r, 10, 10, SDL_LOGICAL_PRESENTATION_STRETCH),
                 AKERR_BEHAVIOR);
    CHECK_OK(akgl_render_2d_bind(&r, sdl));
    CHECK_STATUS_MSG(akgl_render_set_logical_size(&r, 0, 10, SDL_LOGICAL_PRESENTATION_STRETCH),
                     AKERR_OUTOFBOUNDS, "0x10");
    CHECK_STATUS_MSG(akgl_render_set_logical_size(&r, 10, 20000,
                                                  SDL_LOGICAL_PRESENTATION_LETTERBOX),
                     AKERR_OUTOFBOUNDS, "1..16384");
    CHECK_STATUS_MSG(akgl_render_set_logical_size(&r, 10, 10,
                                                  (SDL_RendererLogicalPresentation)99),
                     AKERR_VALUE, "99");
    CHECK(r.camera->w == 64.0f && r.camera->h == 64.0f);
    CHECK_OK(r.shutdown(&r));
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
}

static bool presentation_is(SDL_Renderer *sdl, int w, int h, SDL_RendererLogicalPresentation mode)
{
    int gw = -1, gh = -1;
    SDL_RendererLogicalPresentation gmode = (SDL_RendererLogicalPresentation)-1;
    CHECK(SDL_GetRenderLogicalPresentation(sdl, &gw, &gh, &gmode));
    CHECK_MSG(gw == w && gh == h && gmode == mode, "presentation %dx%d mode %d, want %dx%d mode %d",
              gw, gh, (int)gmode, w, h, (int)mode);
    return gw == w && gh == h && gmode == mode;
}

/* A renderer the game owns gets back, at shutdown, the logical presentation
 * it had before the bind, whatever akgl set on it meanwhile (SDL's own
 * reading of it, before and after). */
static void test_bind_gives_the_presentation_back(void)
{
    akgl_Renderer r;
    SDL_zero(r);
    SDL_Surface *target = SDL_CreateSurface(320, 250, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *sdl = SDL_CreateSoftwareRenderer(target);
    CHECK(sdl != NULL);
    /* The game's 64 x 50 letterboxed; akgl's properties 100 x 80 (integer). */
    CHECK(SDL_SetRenderLogicalPresentation(sdl, 64, 50, SDL_LOGICAL_PRESENTATION_LETTERBOX));
    set_logical("100", "80", NULL);
    CHECK_OK(akgl_render_2d_bind(&r, sdl));
    CHECK(presentation_is(sdl, 100, 80, SDL_LOGICAL_PRESENTATION_INTEGER_SCALE));
    CHECK_OK(r.shutdown(&r));
    CHECK(presentation_is(sdl, 64, 50, SDL_LOGICAL_PRESENTATION_LETTERBOX));
    clear_logical();

    /* None before: none after, also when akgl_render_set_logical_size set one. */
    CHECK(SDL_SetRenderLogicalPresentation(sdl, 0, 0, SDL_LOGICAL_PRESENTATION_DISABLED));
    CHECK_OK(akgl_render_2d_bind(&r, sdl));
    CHECK_OK(akgl_render_set_logical_size(&r, 160, 125, SDL_LOGICAL_PRESENTATION_STRETCH));
    CHECK(presentation_is(sdl, 160, 125, SDL_LOGICAL_PRESENTATION_STRETCH));
    CHECK_OK(r.shutdown(&r));
    CHECK(presentation_is(sdl, 0, 0, SDL_LOGICAL_PRESENTATION_DISABLED));
    /* ... and the game draws at its output size again: a point at (300, 240). */
    CHECK(SDL_SetRenderDrawColor(sdl, 255, 0, 255, 255));
    CHECK(SDL_RenderPoint(sdl, 300.0f, 240.0f));
    CHECK(SDL_FlushRenderer(sdl));
    CHECK_PIXEL(target, 300, 240, ((SDL_Color){255, 0, 255, 255}));

    /* A bind refused by the properties changes nothing. */
    set_logical("100", "0", NULL);
    CHECK_STATUS(akgl_render_2d_bind(&r, sdl), AKERR_OUTOFBOUNDS);
    CHECK(presentation_is(sdl, 0, 0, SDL_LOGICAL_PRESENTATION_DISABLED));
    clear_logical();

    /* The game destroyed its renderer first: shutdown cannot give it back,
     * says so, and unbinds all the same. */
    CHECK_OK(akgl_render_2d_bind(&r, sdl));
    SDL_DestroyRenderer(sdl);
    CHECK_STATUS_MSG(r.shutdown(&r), AKERR_API, "its logical presentation back");
    CHECK(r.sdl_renderer == NULL && game.renderer == NULL && game.camera == NULL);
    SDL_DestroySurface(target);
}

static void test_mouse_events_map_to_logical_pixels(void)
{
    Scene s;
    set_logical("160", "120", "integer");
    if (scene_open_window(&s, 320, 240)) { /* x 2, no bars */
        CHECK(s.r.camera->w == 160.0f && s.r.camera->h == 120.0f);
        SDL_Event e;
        SDL_zero(e);
        e.type = SDL_EVENT_MOUSE_MOTION;
        e.motion.windowID = SDL_GetWindowID(s.r.window);
        e.motion.x = 100.0f;
        e.motion.y = 50.0f;
        e.motion.xrel = 10.0f;
        e.motion.yrel = -4.0f;
        CHECK_OK(akgl_render_map_event(&s.r, &e));
        CHECK_MSG(e.motion.x == 50.0f && e.motion.y == 25.0f, "mapped to (%g, %g)",
                  (double)e.motion.x, (double)e.motion.y);
        CHECK(e.motion.xrel == 5.0f && e.motion.yrel == -2.0f);
        SDL_zero(e);
        e.type = SDL_EVENT_MOUSE_BUTTON_DOWN;
        e.button.windowID = SDL_GetWindowID(s.r.window);
        e.button.x = 319.0f;
        e.button.y = 1.0f;
        CHECK_OK(akgl_render_map_event(&s.r, &e));
        CHECK(e.button.x == 159.5f && e.button.y == 0.5f);
        /* An event with no coordinates is left alone. */
        SDL_zero(e);
        e.type = SDL_EVENT_KEY_DOWN;
        e.key.key = SDLK_A;
        CHECK_OK(akgl_render_map_event(&s.r, &e));
        CHECK(e.key.key == SDLK_A);
        CHECK_STATUS(akgl_render_map_event(&s.r, NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_render_map_event(NULL, &e), AKERR_NULLPOINTER);
        akgl_Renderer unbound;
        SDL_zero(unbound);
        CHECK_STATUS(akgl_render_map_event(&unbound, &e), AKERR_BEHAVIOR);
    }
    scene_close(&s);
    clear_logical();
}

static void test_a_screenshot_reads_back_as_drawn(void)
{
    char dir[] = "/tmp/akgl-shot-XXXXXX";
    char path[256];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof(path), "%s/frame.png", dir);
    Scene s;
    if (scene_open_bound(&s, 96, 64)) {
        const int cells[] = {6};
        akgl_Sprite *spr = make_sprite(&s, "shot", cells, 1, 100, true, false);
        CHECK_OK(s.r.frame_start(&s.r));
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 20.0f, 8.0f, SDL_FLIP_NONE));
        CHECK_OK(akgl_render_screenshot(&s.r, path));
        SDL_Surface *raw = IMG_Load(path);
        CHECK_MSG(raw != NULL, "IMG_Load(%s): %s", path, SDL_GetError());
        if (raw != NULL) {
            SDL_Surface *png = SDL_ConvertSurface(raw, SDL_PIXELFORMAT_RGBA32);
            SDL_DestroySurface(raw);
            CHECK(png->w == 96 && png->h == 64);
            CHECK_PIXEL(png, 20, 8, cell_marker(6));
            CHECK_PIXEL(png, 21, 8, CELL_FILL[6]);
            CHECK_PIXEL(png, 67, 55, CELL_FILL[6]);
            CHECK_PIXEL(png, 19, 8, CLEAR);
            CHECK_PIXEL(png, 68, 8, CLEAR);
            SDL_DestroySurface(png);
        }
        /* Refusals, each naming what it could not do. */
        char bad[300];
        snprintf(bad, sizeof(bad), "%s/no-such-dir/frame.png", dir);
        CHECK_STATUS_MSG(akgl_render_screenshot(&s.r, bad), AKERR_IO, bad);
        CHECK_STATUS(akgl_render_screenshot(&s.r, NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_render_screenshot(NULL, path), AKERR_NULLPOINTER);
        akgl_Renderer unbound;
        SDL_zero(unbound);
        CHECK_STATUS_MSG(akgl_render_screenshot(&unbound, path), AKERR_BEHAVIOR, "not bound");
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
    unlink(path);
    rmdir(dir);
}

/* ---- where the picture goes ---------------------------------------------- */

static const SDL_Color BLACK = {0, 0, 0, 255};
static const SDL_Color HUD_WHITE = {250, 250, 250, 255};

/* A 100 x 80 logical screen on an output, and where its picture must be. */
typedef struct Placement
{
    const char *mode;
    int ow, oh;     /* the output */
    int x, y, w, h; /* the picture in it */
    int scale;      /* the whole multiple (integer mode); 0 for letterbox */
} Placement;

static const Placement PLACEMENTS[] = {
    /* x3; 20 and 10 spare pixels: bars of 10 | 10 and 5 | 5. */
    {"integer", 320, 250, 10, 5, 300, 240, 3},
    /* x3; 21 and 11 spare: the odd pixel goes right and down, 10 | 11 and 5 | 6. */
    {"integer", 321, 251, 10, 5, 300, 240, 3},
    /* x3 exactly: no bars, the clear colour to the edges. */
    {"integer", 300, 240, 0, 0, 300, 240, 3},
    /* x3.125 (the height fits): 8 spare across, 4 | 4, none down. */
    {"letterbox", 320, 250, 4, 0, 312, 250, 0},
    /* 9 spare across: 4 | 5. */
    {"letterbox", 321, 250, 4, 0, 312, 250, 0},
    /* x3 (the width fits): 17 spare down, 8 | 9, none across. */
    {"letterbox", 300, 257, 0, 8, 300, 240, 0},
};

/* What a failure names: the renderer kind, the mode, the output, the frame. */
static char where_[96];

#define CHECK_AT(surface, x, y, want) \
    do { \
        SDL_Color got_ = pixel_at((surface), (x), (y)); \
        SDL_Color want_ = (want); \
        CHECK_MSG(same_rgb(got_, want_), "%s: pixel (%d, %d) is (%d, %d, %d), expected %s", \
                  where_, (int)(x), (int)(y), got_.r, got_.g, got_.b, #want); \
    } while (0)

static bool open_placed(Scene *s, int kind, const Placement *p)
{
    set_logical("100", "80", p->mode);
    return SCENE_OPENERS[kind].open(s, p->ow, p->oh);
}

/* The whole output after frame_end, as the player sees it: the surface a
 * bound renderer draws into, or the window's. (SDL_RenderReadPixels reads
 * only the picture under a logical presentation, and the letterbox bars are
 * drawn at present.) */
static SDL_Surface *output_of(Scene *s)
{
    SDL_Surface *src = s->target != NULL ? s->target : SDL_GetWindowSurface(s->r.window);
    SDL_Surface *out = src != NULL ? SDL_ConvertSurface(src, SDL_PIXELFORMAT_RGBA32) : NULL;
    CHECK_MSG(out != NULL, "%s: cannot read the output: %s", where_, SDL_GetError());
    return out;
}

/* The black pixels from (x, y) on, stepping (dx, dy). */
static int black_run(SDL_Surface *s, int x, int y, int dx, int dy)
{
    int n = 0;
    while (x >= 0 && y >= 0 && x < s->w && y < s->h && same_rgb(pixel_at(s, x, y), BLACK)) {
        n++;
        x += dx;
        y += dy;
    }
    return n;
}

/* Each bar's width, counted from the output's edge to the picture across
 * its middle, and every pixel outside the picture black. */
static void check_bars(SDL_Surface *out, const Placement *p)
{
    int mid_x = p->x + p->w / 2, mid_y = p->y + p->h / 2;
    int left = black_run(out, 0, mid_y, 1, 0);
    int right = black_run(out, out->w - 1, mid_y, -1, 0);
    int top = black_run(out, mid_x, 0, 0, 1);
    int bottom = black_run(out, mid_x, out->h - 1, 0, -1);
    int want_right = p->ow - p->x - p->w, want_bottom = p->oh - p->y - p->h;
    CHECK_MSG(left == p->x && right == want_right && top == p->y && bottom == want_bottom,
              "%s: bars left %d right %d top %d bottom %d; want %d %d %d %d", where_, left,
              right, top, bottom, p->x, want_right, p->y, want_bottom);
    int stray = 0, sx = -1, sy = -1;
    for (int y = 0; y < out->h; y++) {
        for (int x = 0; x < out->w; x++) {
            bool inside = x >= p->x && x < p->x + p->w && y >= p->y && y < p->y + p->h;
            if (!inside && !same_rgb(pixel_at(out, x, y), BLACK)) {
                sx = stray++ == 0 ? x : sx;
                sy = stray == 1 ? y : sy;
            }
        }
    }
    CHECK_MSG(stray == 0, "%s: %d bar pixels are not black, the first at (%d, %d)", where_,
              stray, sx, sy);
}

/* The three sprites the placement cases draw: cell 4 (plain4), cell 5
 * (flip5) and cell 7 (mid7). */
typedef struct Corners
{
    akgl_Sprite *plain4, *flip5, *mid7;
} Corners;

static Corners make_corners(Scene *s)
{
    const int c4[] = {4}, c5[] = {5}, c7[] = {7};
    return (Corners){make_sprite(s, "corner-first", c4, 1, 100, true, false),
                     make_sprite(s, "corner-last", c5, 1, 100, true, false),
                     make_sprite(s, "middle", c7, 1, 100, true, false)};
}

static void release_corners(Corners *c)
{
    CHECK_OK(akgl_heap_release_sprite(c->plain4));
    CHECK_OK(akgl_heap_release_sprite(c->flip5));
    CHECK_OK(akgl_heap_release_sprite(c->mid7));
}

/* One frame: sprite cell 4 plain at logical (0, 0), its marker the picture's
 * first pixel; cell 5 flipped both ways at (52, 32), its marker the last
 * (99, 79); cell 7 plain at (37, 23). */
static void draw_corners(Scene *s, const Corners *c)
{
    CHECK_OK(s->r.frame_start(&s->r));
    CHECK_OK(s->r.draw_sprite(&s->r, c->plain4, 0, 0.0f, 0.0f, SDL_FLIP_NONE));
    CHECK_OK(s->r.draw_sprite(&s->r, c->flip5, 0, 52.0f, 32.0f,
                              (SDL_FlipMode)(SDL_FLIP_HORIZONTAL | SDL_FLIP_VERTICAL)));
    CHECK_OK(s->r.draw_sprite(&s->r, c->mid7, 0, 37.0f, 23.0f, SDL_FLIP_NONE));
    CHECK_OK(s->r.frame_end(&s->r));
}

/* The box of the pixels of colour c. */
static SDL_Rect box_of(SDL_Surface *out, SDL_Color c)
{
    int x0 = out->w, y0 = out->h, x1 = -1, y1 = -1;
    for (int y = 0; y < out->h; y++) {
        for (int x = 0; x < out->w; x++) {
            if (same_rgb(pixel_at(out, x, y), c)) {
                x0 = SDL_min(x0, x);
                y0 = SDL_min(y0, y);
                x1 = SDL_max(x1, x);
                y1 = SDL_max(y1, y);
            }
        }
    }
    return (SDL_Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

/* The picture's first pixel shows logical (0, 0) and its last (99, 79). */
static void check_corners(SDL_Surface *out, const Placement *p)
{
    int last_x = p->x + p->w - 1, last_y = p->y + p->h - 1;
    CHECK_AT(out, p->x, p->y, cell_marker(4));
    /* Logical (20, 60) is in no sprite: the clear colour. */
    CHECK_AT(out, p->x + (20 * p->w) / 100, p->y + (60 * p->h) / 80, CLEAR);
    if (p->scale > 0) {
        /* Whole blocks: each marker pixel exactly scale x scale. */
        int k = p->scale;
        CHECK_AT(out, last_x, last_y, cell_marker(5));
        CHECK_AT(out, p->x + k - 1, p->y + k - 1, cell_marker(4));
        CHECK_AT(out, p->x + k, p->y, CELL_FILL[4]);
        CHECK_AT(out, p->x, p->y + k, CELL_FILL[4]);
        CHECK_AT(out, last_x - k + 1, last_y - k + 1, cell_marker(5));
        CHECK_AT(out, last_x - k, last_y, CELL_FILL[5]);
        CHECK_AT(out, last_x, last_y - k, CELL_FILL[5]);
        return;
    }
    /* At a fractional scale SDL cuts each draw's position and size to whole
     * pixels apart, so a sprite ending on the picture's edge may stop a
     * pixel short of it: the marker of (99, 79) lies within that logical
     * pixel's block, [floor(99 sx), w) x [floor(79 sy), h) of the picture. */
    double sx = p->w / 100.0, sy = p->h / 80.0;
    SDL_Rect first = box_of(out, cell_marker(4)), last = box_of(out, cell_marker(5));
    int bx = p->x + (int)SDL_floor(99.0 * sx), by = p->y + (int)SDL_floor(79.0 * sy);
    CHECK_MSG(first.x == p->x && first.y == p->y && first.w <= (int)SDL_ceil(sx) &&
                  first.h <= (int)SDL_ceil(sy),
              "%s: the block of (0, 0) is %dx%d at (%d, %d)", where_, first.w, first.h,
              first.x, first.y);
    CHECK_MSG(last.w > 0 && last.x >= bx && last.y >= by && last.x + last.w <= p->x + p->w &&
                  last.y + last.h <= p->y + p->h,
              "%s: the block of (99, 79) is %dx%d at (%d, %d); it must be within (%d, %d) .. "
              "(%d, %d)",
              where_, last.w, last.h, last.x, last.y, bx, by, last_x, last_y);
}

/* Runs @p check for every placement on both renderer kinds, each in a scene
 * of its own with the three sprites made, given back after. */
typedef void (*PlacementCheck)(Scene *s, const Placement *p, const Corners *c, const char *kind);

static void each_placement(PlacementCheck check)
{
    for (size_t k = 0; k < SDL_arraysize(SCENE_OPENERS); k++) {
        for (size_t i = 0; i < SDL_arraysize(PLACEMENTS); i++) {
            const Placement *p = &PLACEMENTS[i];
            Scene s;
            if (open_placed(&s, (int)k, p)) {
                Corners c = make_corners(&s);
                check(&s, p, &c, SCENE_OPENERS[k].name);
                release_corners(&c);
            }
            scene_close(&s);
            clear_logical();
        }
    }
}

/* The bars and the picture's first and last pixels, on the first frame
 * after the presentation is set and on the next, for one mode and
 * output on one renderer kind. */
static void check_centred(Scene *s, const Placement *p, const Corners *c, const char *kind)
{
    SDL_FRect rect = {0, 0, 0, 0};
    CHECK(SDL_GetRenderLogicalPresentationRect(s->r.sdl_renderer, &rect));
    CHECK_MSG(rect.x == (float)p->x && rect.y == (float)p->y && rect.w == (float)p->w &&
                  rect.h == (float)p->h,
              "%s %s %dx%d: SDL says the picture is %gx%g at (%g, %g)", kind, p->mode, p->ow,
              p->oh, (double)rect.w, (double)rect.h, (double)rect.x, (double)rect.y);
    for (int frame = 1; frame <= 2; frame++) {
        snprintf(where_, sizeof(where_), "%s %s %dx%d frame %d", kind, p->mode, p->ow, p->oh,
                 frame);
        draw_corners(s, c);
        SDL_Surface *out = output_of(s);
        if (out != NULL) {
            check_bars(out, p);
            check_corners(out, p);
            SDL_DestroySurface(out);
        }
    }
}

static void test_the_picture_is_centred_between_black_bars(void)
{
    each_placement(check_centred);
}

/* Where akgl_render_map_event puts a pointer at window pixel (x, y). */
static SDL_FPoint mapped(Scene *s, float x, float y)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_MOUSE_BUTTON_DOWN;
    e.button.windowID = s->r.window != NULL ? SDL_GetWindowID(s->r.window) : 0;
    e.button.x = x;
    e.button.y = y;
    CHECK_OK(akgl_render_map_event(&s->r, &e));
    return (SDL_FPoint){e.button.x, e.button.y};
}

/* A click on the block drawn for logical pixel (37, 23) maps to (37, 23):
 * at a whole scale every pixel of the block, at the corners and the
 * centre of the pixel; at the letterbox's fractional one the block's
 * middle pixel (its edges are shared with the neighbours' sampling). The
 * picture's first and last pixels map to (0, 0) and (99, 79). */
static void check_clicks(Scene *s, const Placement *p, const Corners *c, const char *kind)
{
    snprintf(where_, sizeof(where_), "%s %s %dx%d", kind, p->mode, p->ow, p->oh);
    draw_corners(s, c);
    SDL_Surface *out = output_of(s);
    SDL_Rect blk = out != NULL ? box_of(out, cell_marker(7)) : (SDL_Rect){0, 0, 0, 0};
    if (p->scale > 0) {
        CHECK_MSG(blk.x == p->x + 37 * p->scale && blk.y == p->y + 23 * p->scale &&
                      blk.w == p->scale && blk.h == p->scale,
                  "%s: the block of (37, 23) is %dx%d at (%d, %d)", where_, blk.w, blk.h, blk.x,
                  blk.y);
    }
    int clicks = 0, misses = 0;
    SDL_FPoint miss = {0, 0}, miss_to = {0, 0};
    for (int y = blk.y; y < blk.y + blk.h; y++) {
        for (int x = blk.x; x < blk.x + blk.w; x++) {
            bool middle = x == blk.x + blk.w / 2 && y == blk.y + blk.h / 2;
            if (p->scale == 0 && !middle) {
                continue;
            }
            const float offs[] = {0.0f, 0.5f, 0.99f};
            for (size_t o = 0; o < SDL_arraysize(offs); o++) {
                SDL_FPoint click = {(float)x + offs[o], (float)y + offs[o]};
                SDL_FPoint at = mapped(s, click.x, click.y);
                clicks++;
                if (SDL_floorf(at.x) != 37.0f || SDL_floorf(at.y) != 23.0f) {
                    miss = misses++ == 0 ? click : miss;
                    miss_to = misses == 1 ? at : miss_to;
                }
            }
        }
    }
    CHECK_MSG(clicks > 0 && misses == 0,
              "%s: %d of %d clicks on the block of (37, 23) missed it; window "
              "(%g, %g) maps to (%g, %g)",
              where_, misses, clicks, (double)miss.x, (double)miss.y,
              (double)miss_to.x, (double)miss_to.y);
    SDL_FPoint first = mapped(s, (float)p->x, (float)p->y);
    SDL_FPoint last = mapped(s, (float)(p->x + p->w) - 0.01f,
                             (float)(p->y + p->h) - 0.01f);
    CHECK_MSG(SDL_floorf(first.x) == 0.0f && SDL_floorf(first.y) == 0.0f &&
                  SDL_floorf(last.x) == 99.0f && SDL_floorf(last.y) == 79.0f,
              "%s: the first pixel maps to (%g, %g), the last to (%g, %g)", where_,
              (double)first.x, (double)first.y, (double)last.x, (double)last.y);
    SDL_DestroySurface(out);
}

static void test_a_click_maps_to_the_logical_pixel_drawn_there(void)
{
    each_placement(check_clicks);
}

/* The overlay of the game loop draws a 2 x 2 box at logical (60, 50). */
static akerr_ErrorContext *draw_box(akgl_Renderer *r, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    SDL_FRect box = {60.0f, 50.0f, 2.0f, 2.0f};
    FAIL_ZERO_RETURN(errctx,
                     SDL_SetRenderDrawColor(r->sdl_renderer, HUD_WHITE.r, HUD_WHITE.g,
                                            HUD_WHITE.b, 255) &&
                         SDL_RenderFillRect(r->sdl_renderer, &box),
                     AKERR_API, "HUD box: %s", SDL_GetError());
    SUCCEED_RETURN(errctx);
}

/* Logical pixel (lx, ly)'s block has its top-left pixel c and the pixel
 * before it, across and down, something else. */
static void check_block_starts(SDL_Surface *out, const Placement *p, int lx, int ly, SDL_Color c,
                               const char *what)
{
    int x = p->x + lx * p->scale, y = p->y + ly * p->scale;
    SDL_Color at = pixel_at(out, x, y);
    SDL_Color left = pixel_at(out, x - 1, y), up = pixel_at(out, x, y - 1);
    CHECK_MSG(same_rgb(at, c) && !same_rgb(left, c) && !same_rgb(up, c),
              "%s: %s at logical (%d, %d) should start at (%d, %d): there (%d, %d, %d), left "
              "(%d, %d, %d), above (%d, %d, %d)",
              where_, what, lx, ly, x, y, at.r, at.g, at.b, left.r, left.g, left.b, up.r, up.g,
              up.b);
}

/* Through akgl_game_update: map tiles (one plain, one mirrored), an actor
 * and the overlay all land on the blocks of their logical pixels, on the
 * first frame and the next, at x3 with even, odd and no bars. */
static void test_tiles_actors_and_the_overlay_share_the_picture(void)
{
    static MemMap mm;
    for (size_t k = 0; k < SDL_arraysize(SCENE_OPENERS); k++) {
        for (size_t i = 0; i < 3; i++) { /* the integer placements */
            const Placement *p = &PLACEMENTS[i];
            Scene s;
            akgl_SpriteSheet *tiles = NULL;
            if (open_placed(&s, (int)k, p) && (tiles = load_tileset_sheet()) != NULL) {
                mem_map(&mm, 12, 10, tiles);
                /* The map's background fills the picture, not the bars. */
                mm.map.background = (SDL_Color){60, 90, 120, 255};
                akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
                mem_set(l, 2, 1, 1);                     /* tile 0 at logical (16, 8) */
                mem_set(l, 4, 1, 2u | AKGL_TILE_FLIP_H); /* tile 1 mirrored at (32, 8) */
                const int cells[] = {2};
                akgl_Sprite *spr = make_sprite(&s, "walker", cells, 1, 100, true, false);
                akgl_Character *c = make_character("walker-char", 0);
                int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
                CHECK_OK(c->sprite_add(c, spr, stand));
                akgl_Actor *a = make_actor("walker", "walker-char");
                a->state = stand;
                a->x = 40.0f;
                a->y = 24.0f;
                CHECK_OK(akgl_game_set_overlay(draw_box, NULL));
                game.tilemap = &mm.map;
                for (int frame = 1; frame <= 2; frame++) {
                    snprintf(where_, sizeof(where_), "%s %s %dx%d frame %d", SCENE_OPENERS[k].name,
                             p->mode, p->ow, p->oh, frame);
                    CHECK_OK(akgl_game_update(NULL));
                    SDL_Surface *out = output_of(&s);
                    if (out == NULL) {
                        continue;
                    }
                    check_bars(out, p);
                    check_block_starts(out, p, 16, 8, tile_pixel(0, 0, 0), "tile 0's (0, 0)");
                    CHECK_AT(out, p->x + 23 * 3 + 2, p->y + 15 * 3 + 2, tile_pixel(0, 7, 7));
                    /* Mirrored: source (0, 0) at logical (39, 8), (7, 0) at (32, 8). */
                    check_block_starts(out, p, 32, 8, tile_pixel(1, 7, 0), "tile 1's (7, 0)");
                    CHECK_AT(out, p->x + 39 * 3, p->y + 8 * 3, tile_pixel(1, 0, 0));
                    check_block_starts(out, p, 40, 24, cell_marker(2), "the actor's marker");
                    CHECK_AT(out, p->x + 87 * 3 + 2, p->y + 71 * 3 + 2, CELL_FILL[2]);
                    check_block_starts(out, p, 60, 50, HUD_WHITE, "the overlay's box");
                    CHECK_AT(out, p->x + 61 * 3 + 2, p->y + 51 * 3 + 2, HUD_WHITE);
                    CHECK_AT(out, p->x + 62 * 3, p->y + 51 * 3, CELL_FILL[2]);
                    SDL_DestroySurface(out);
                }
                game.tilemap = NULL;
                CHECK_OK(akgl_game_set_overlay(NULL, NULL));
                CHECK_OK(akgl_heap_release_actor(a));
                CHECK_OK(akgl_heap_release_character(c));
                CHECK_OK(akgl_heap_release_sprite(spr));
            }
            if (tiles != NULL) {
                CHECK_OK(akgl_heap_release_spritesheet(tiles));
            }
            scene_close(&s);
            clear_logical();
        }
    }
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_integer_scale_draws_square_blocks);
    RUN_TEST(test_modes_by_name);
    RUN_TEST(test_bad_logical_settings_are_refused);
    RUN_TEST(test_bind_gives_the_presentation_back);
    RUN_TEST(test_mouse_events_map_to_logical_pixels);
    RUN_TEST(test_a_screenshot_reads_back_as_drawn);
    RUN_TEST(test_the_picture_is_centred_between_black_bars);
    RUN_TEST(test_a_click_maps_to_the_logical_pixel_drawn_there);
    RUN_TEST(test_tiles_actors_and_the_overlay_share_the_picture);
    return AKGL_TEST_END();
}
