/*
 * Pixel-art presentation and screenshots, by pixels:
 * - game.logicalwidth/height/mode make the game draw at a logical size that
 *   SDL scales to the output (integer scale: square blocks, letterboxed);
 *   the camera takes the logical size; mouse events map back to it;
 * - akgl_render_screenshot writes the current target as a PNG that reads
 *   back with the same pixels;
 * - every refusal (bad properties, bad modes, unbound backends, unwritable
 *   paths) names what was wrong and leaves nothing bound.
 */
#define _XOPEN_SOURCE 700
#include <akgl/render.h>

#include <stdlib.h>
#include <unistd.h>

#include "scene.h"

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
            /* Logical (2, 1) is 3 blocks in: the picture starts at mx - 6. */
            int ox = mx - 6, oy = my - 3;
            CHECK_MSG(ox >= 0 && ox <= 20 && oy >= 0 && oy <= 10, "picture at (%d, %d)", ox,
                      oy);
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

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_integer_scale_draws_square_blocks);
    RUN_TEST(test_modes_by_name);
    RUN_TEST(test_bad_logical_settings_are_refused);
    RUN_TEST(test_bind_gives_the_presentation_back);
    RUN_TEST(test_mouse_events_map_to_logical_pixels);
    RUN_TEST(test_a_screenshot_reads_back_as_drawn);
    return AKGL_TEST_END();
}
