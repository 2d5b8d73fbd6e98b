/*
 * Immediate drawing (akgl/draw.h) and images (akgl/image.h), by pixels.
 *
 * Every drawing case runs on both software renderers the suites use: a
 * window from akgl_render_2d_init (offscreen driver, SDL's software
 * renderer on the window's surface) and a software renderer over a plain
 * surface bound with akgl_render_2d_bind. Shapes are checked against their
 * definitions (a circle's disc is dx^2 + dy^2 <= R^2 + R, its outline the
 * disc's pixels beside one outside), images against the fixture sheet's
 * cells and markers (tests/assets/README.md), world against screen under a
 * moved camera, and every refusal for its status, its message and counts
 * back where they were.
 */
#include <akgl/draw.h>
#include <akgl/file.h>
#include <akgl/image.h>

#include "scene.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#define W 160
#define H 120

static const SDL_Color RED = {250, 10, 10, 255};
static const SDL_Color GREEN = {10, 250, 10, 255};
static const SDL_Color BLUE = {10, 10, 250, 255};

static void begin(Scene *s)
{
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
}

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

/* ---- shapes ----------------------------------------------------------- */

static void check_rectangles(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    begin(&s);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 10, 20, 30, 15, RED));
    CHECK_OK(akgl_draw_rect(AKGL_DRAW_SCREEN, 60, 20, 30, 15, GREEN));
    CHECK_INT_EQ(s.r.stats.submitted, 2);
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    /* Filled: every pixel of 10..39 x 20..34, nothing around. */
    for (int y = 19; y <= 35; y++) {
        for (int x = 9; x <= 40; x++) {
            bool inside = x >= 10 && x <= 39 && y >= 20 && y <= 34;
            if (inside) {
                CHECK_PIXEL(f, x, y, RED);
            } else {
                CHECK_PIXEL(f, x, y, CLEAR);
            }
        }
    }
    /* Outline: the first and last rows and columns inside the rectangle. */
    for (int y = 19; y <= 35; y++) {
        for (int x = 59; x <= 90; x++) {
            bool inside = x >= 60 && x <= 89 && y >= 20 && y <= 34;
            bool edge = inside && (x == 60 || x == 89 || y == 20 || y == 34);
            if (edge) {
                CHECK_PIXEL(f, x, y, GREEN);
            } else {
                CHECK_PIXEL(f, x, y, CLEAR);
            }
        }
    }
    SDL_DestroySurface(f);
    /* A size of 0 draws nothing and counts nothing. */
    begin(&s);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 10, 20, 0, 15, RED));
    CHECK_OK(akgl_draw_rect(AKGL_DRAW_SCREEN, 10, 20, 15, 0, RED));
    CHECK_INT_EQ(s.r.stats.submitted, 0);
    CHECK_INT_EQ(s.r.stats.culled, 0);
    f = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(f, 10, 20, CLEAR);
    SDL_DestroySurface(f);
    scene_close(&s);
}

static void check_lines_and_points(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    begin(&s);
    CHECK_OK(akgl_draw_line(AKGL_DRAW_SCREEN, 5, 50, 25, 50, RED));
    CHECK_OK(akgl_draw_line(AKGL_DRAW_SCREEN, 30, 60, 40, 70, GREEN));
    CHECK_OK(akgl_draw_point(AKGL_DRAW_SCREEN, 70, 70, BLUE));
    CHECK_OK(akgl_draw_point(AKGL_DRAW_SCREEN, 0, 0, BLUE)); /* the first pixel is seen */
    CHECK_INT_EQ(s.r.stats.submitted, 4);
    CHECK_INT_EQ(s.r.stats.culled, 0);
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    for (int x = 5; x <= 25; x++) {
        CHECK_PIXEL(f, x, 50, RED);
        CHECK_PIXEL(f, x, 49, CLEAR);
        CHECK_PIXEL(f, x, 51, CLEAR);
    }
    CHECK_PIXEL(f, 4, 50, CLEAR);
    CHECK_PIXEL(f, 26, 50, CLEAR);
    for (int i = 0; i <= 10; i++) {
        CHECK_PIXEL(f, 30 + i, 60 + i, GREEN);
    }
    CHECK_PIXEL(f, 41, 71, CLEAR);
    CHECK_PIXEL(f, 31, 60, CLEAR);
    CHECK_PIXEL(f, 70, 70, BLUE);
    CHECK_PIXEL(f, 0, 0, BLUE);
    CHECK_PIXEL(f, 71, 70, CLEAR);
    CHECK_PIXEL(f, 69, 70, CLEAR);
    CHECK_PIXEL(f, 70, 71, CLEAR);
    CHECK_PIXEL(f, 70, 69, CLEAR);
    SDL_DestroySurface(f);
    scene_close(&s);
}

/* The definition, not the code: in the disc, and (for the outline) beside a pixel outside it. */
static bool in_disc(int dx, int dy, int R)
{
    return dx * dx + dy * dy <= R * R + R;
}

static bool on_circle(int dx, int dy, int R, bool filled)
{
    if (!in_disc(dx, dy, R)) {
        return false;
    }
    return filled || !in_disc(dx + 1, dy, R) || !in_disc(dx - 1, dy, R) ||
           !in_disc(dx, dy + 1, R) || !in_disc(dx, dy - 1, R);
}

static void check_circle_pixels(SDL_Surface *f, int cx, int cy, int R, bool filled, SDL_Color c)
{
    int wrong = 0;
    for (int dy = -R - 2; dy <= R + 2; dy++) {
        for (int dx = -R - 2; dx <= R + 2; dx++) {
            int x = cx + dx, y = cy + dy;
            if (x < 0 || y < 0 || x >= W || y >= H) {
                continue;
            }
            SDL_Color want = on_circle(dx, dy, R, filled) ? c : CLEAR;
            if (!same_rgb(pixel_at(f, x, y), want)) {
                if (wrong++ < 4) {
                    CHECK_PIXEL(f, x, y, want);
                }
            }
        }
    }
    CHECK_MSG(wrong == 0, "%d pixels of the %s circle of radius %d at (%d, %d) are wrong", wrong,
              filled ? "filled" : "outlined", R, cx, cy);
}

static void check_circles(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    const int radii[] = {0, 1, 2, 5, 10, 23};
    for (size_t i = 0; i < SDL_arraysize(radii); i++) {
        for (int filled = 0; filled < 2; filled++) {
            begin(&s);
            /* A fractional centre and radius: the centre's pixel, the radius rounded. */
            float r = (float)radii[i] + (radii[i] > 0 ? 0.3f : 0.0f);
            if (filled) {
                CHECK_OK(akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 80.6f, 60.2f, r, BLUE));
            } else {
                CHECK_OK(akgl_draw_circle(AKGL_DRAW_SCREEN, 80.6f, 60.2f, r, BLUE));
            }
            CHECK_INT_EQ(s.r.stats.submitted, 1);
            SDL_Surface *f = read_screen(s.r.sdl_renderer);
            check_circle_pixels(f, 80, 60, radii[i], filled, BLUE);
            SDL_DestroySurface(f);
        }
    }
    /* Half off the screen: only what is on it, and the rest is not an error. */
    begin(&s);
    CHECK_OK(akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 3, 115, 10, RED));
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    check_circle_pixels(f, 3, 115, 10, true, RED);
    SDL_DestroySurface(f);
    /* The largest radius, centred on the screen, fills all of it (only the
     * rows on the screen are drawn). */
    begin(&s);
    CHECK_OK(akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 80, 60, AKGL_DRAW_MAX_RADIUS, GREEN));
    CHECK_OK(akgl_draw_circle(AKGL_DRAW_SCREEN, 80, 60, AKGL_DRAW_MAX_RADIUS, RED));
    f = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(f, 0, 0, GREEN);
    CHECK_PIXEL(f, W - 1, H - 1, GREEN);
    SDL_DestroySurface(f);
    scene_close(&s);
}

/* A translucent colour blends once over every pixel: no pixel drawn twice. */
static void check_translucent(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    const SDL_Color half = {250, 250, 250, 128};
    /* 250 * 128/255 + CLEAR * 127/255, per channel. */
    SDL_Color want = {(Uint8)(250 * 128 / 255 + 10 * 127 / 255),
                      (Uint8)(250 * 128 / 255 + 20 * 127 / 255),
                      (Uint8)(250 * 128 / 255 + 30 * 127 / 255), 255};
    begin(&s);
    SDL_Renderer *sdl = s.r.sdl_renderer;
    CHECK(SDL_SetRenderDrawColor(sdl, 1, 2, 3, 4));
    CHECK(SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_NONE));
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 5, 5, 20, 20, half));
    CHECK_OK(akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 80, 60, 20, half));
    CHECK_OK(akgl_draw_circle(AKGL_DRAW_SCREEN, 130, 30, 15, half));
    /* The renderer's own colour and blend mode are put back. */
    Uint8 r = 0, g = 0, b = 0, a = 0;
    SDL_BlendMode mode = SDL_BLENDMODE_BLEND;
    CHECK(SDL_GetRenderDrawColor(sdl, &r, &g, &b, &a));
    CHECK(SDL_GetRenderDrawBlendMode(sdl, &mode));
    CHECK(r == 1 && g == 2 && b == 3 && a == 4);
    CHECK(mode == SDL_BLENDMODE_NONE);
    SDL_Surface *f = read_screen(sdl);
    CHECK_NEAR_PIXEL(f, 5, 5, want, 2);
    CHECK_NEAR_PIXEL(f, 24, 24, want, 2);
    int uneven = 0;
    for (int dy = -20; dy <= 20; dy++) {
        for (int dx = -20; dx <= 20; dx++) {
            if (in_disc(dx, dy, 20)) {
                SDL_Color got = pixel_at(f, 80 + dx, 60 + dy);
                uneven += !(near(got.r, want.r, 2) && near(got.g, want.g, 2) &&
                            near(got.b, want.b, 2));
            }
            if (on_circle(dx, dy, 15, false)) {
                SDL_Color got = pixel_at(f, 130 + dx, 30 + dy);
                uneven += !(near(got.r, want.r, 2) && near(got.g, want.g, 2) &&
                            near(got.b, want.b, 2));
            }
        }
    }
    CHECK_MSG(uneven == 0, "%d pixels of the translucent circles are not blended exactly once",
              uneven);
    SDL_DestroySurface(f);
    scene_close(&s);
}

/* ---- world and screen --------------------------------------------------- */

static void check_world_and_screen(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    akgl_Image *img = NULL;
    CHECK_OK(akgl_image_load(SHEET_PATH, &img));
    const float cams[][2] = {{30.0f, 40.0f}, {-25.0f, -15.0f}};
    for (size_t i = 0; i < SDL_arraysize(cams); i++) {
        float camx = cams[i][0], camy = cams[i][1];
        s.r.camera->x = camx;
        s.r.camera->y = camy;
        begin(&s);
        /* Each world draw at a world position that lands on screen (10, 10) .. */
        CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, camx + 10, camy + 10, 8, 8, RED));
        CHECK_OK(akgl_draw_point(AKGL_DRAW_WORLD, camx + 30, camy + 10, GREEN));
        CHECK_OK(akgl_draw_line(AKGL_DRAW_WORLD, camx + 40, camy + 10, camx + 50, camy + 10,
                                GREEN));
        CHECK_OK(akgl_draw_circle_filled(AKGL_DRAW_WORLD, camx + 70, camy + 15, 3, BLUE));
        SDL_FRect cell5 = {48, 48, 48, 48};
        CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_WORLD, img, &cell5, camx + 100, camy + 10, NULL));
        /* .. and each screen draw at the same numbers, where they say. */
        CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 10, 70, 8, 8, RED));
        CHECK_OK(akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 70, 75, 3, BLUE));
        CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell5, 100, 70, NULL));
        CHECK_INT_EQ(s.r.stats.submitted, 8);
        CHECK_INT_EQ(s.r.stats.culled, 0);
        SDL_Surface *f = read_screen(s.r.sdl_renderer);
        CHECK_PIXEL(f, 10, 10, RED);
        CHECK_PIXEL(f, 17, 17, RED);
        CHECK_PIXEL(f, 18, 18, CLEAR);
        CHECK_PIXEL(f, 9, 9, CLEAR);
        CHECK_PIXEL(f, 30, 10, GREEN);
        CHECK_PIXEL(f, 40, 10, GREEN);
        CHECK_PIXEL(f, 50, 10, GREEN);
        CHECK_PIXEL(f, 70, 15, BLUE);
        CHECK_PIXEL(f, 70, 12, BLUE);
        CHECK_PIXEL(f, 70, 11, CLEAR);
        CHECK_PIXEL(f, 100, 10, cell_marker(5));
        CHECK_PIXEL(f, 147, 57, CELL_FILL[5]);
        CHECK_PIXEL(f, 99, 10, CLEAR);
        CHECK_PIXEL(f, 10, 70, RED);
        CHECK_PIXEL(f, 17, 77, RED);
        CHECK_PIXEL(f, 70, 75, BLUE);
        CHECK_PIXEL(f, 100, 70, cell_marker(5));
        SDL_DestroySurface(f);

        /* Wholly outside the view: culled, counted, nothing drawn; a screen
         * draw off the screen likewise. Touching the edge from outside is outside. */
        begin(&s);
        CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, camx - 8, camy, 8, 8, RED));
        CHECK_OK(akgl_draw_rect(AKGL_DRAW_WORLD, camx + W, camy, 8, 8, RED));
        CHECK_OK(akgl_draw_point(AKGL_DRAW_WORLD, camx - 1, camy, RED));
        CHECK_OK(akgl_draw_line(AKGL_DRAW_WORLD, camx, camy + H, camx + 50, camy + H, RED));
        CHECK_OK(akgl_draw_circle(AKGL_DRAW_WORLD, camx - 12, camy + 50, 10, RED));
        CHECK_OK(akgl_draw_image(AKGL_DRAW_WORLD, img, camx - 192, camy));
        CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_SCREEN, -20, 10, 10, 10, RED));
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        CHECK_INT_EQ(s.r.stats.culled, 7);
        /* Partly inside: drawn, only its visible part. */
        CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, camx - 4, camy - 4, 8, 8, RED));
        CHECK_OK(akgl_draw_image(AKGL_DRAW_WORLD, img, camx - 191, camy + 10));
        /* A line from far outside across the view, and a rectangle larger
         * than any screen: cut to the view, drawn where they cross it. */
        CHECK_OK(akgl_draw_line(AKGL_DRAW_WORLD, camx - 1e9f, camy + 100, camx + 1e9f,
                                camy + 100, GREEN));
        CHECK_OK(akgl_draw_rect(AKGL_DRAW_WORLD, camx - 1e9f, camy + 90, 2e9f, 5, BLUE));
        CHECK_INT_EQ(s.r.stats.submitted, 4);
        CHECK_INT_EQ(s.r.stats.culled, 7);
        f = read_screen(s.r.sdl_renderer);
        CHECK_PIXEL(f, 0, 0, RED);
        CHECK_PIXEL(f, 3, 3, RED);
        CHECK_PIXEL(f, 4, 4, CLEAR);
        CHECK_PIXEL(f, 0, 10, CELL_FILL[3]); /* the sheet's last column: cell 3 */
        CHECK_PIXEL(f, 1, 10, CLEAR);
        CHECK_PIXEL(f, 1, 100, GREEN);
        CHECK_PIXEL(f, W - 1, 100, GREEN);
        CHECK_PIXEL(f, 1, 90, BLUE);
        CHECK_PIXEL(f, W - 1, 94, BLUE);
        CHECK_PIXEL(f, 50, 92, CLEAR); /* the cut edges lie off the screen */
        SDL_DestroySurface(f);
    }
    CHECK_OK(akgl_heap_release_image(img));
    scene_close(&s);
}

/* ---- images ------------------------------------------------------------ */

/* The 48 x 48 block of cell `cell` at (x, y), its marker at local (mx, my). */
static void check_cell_at(SDL_Surface *f, int x, int y, int cell, int mx, int my)
{
    CHECK_PIXEL(f, x + mx, y + my, cell_marker(cell));
    CHECK_PIXEL(f, x + 47 - mx, y + my, CELL_FILL[cell]);
    CHECK_PIXEL(f, x + mx, y + 47 - my, CELL_FILL[cell]);
    CHECK_PIXEL(f, x + 47 - mx, y + 47 - my, CELL_FILL[cell]);
    CHECK_PIXEL(f, x + 24, y + 24, CELL_FILL[cell]);
    CHECK_PIXEL(f, x - 1, y, CLEAR);
    CHECK_PIXEL(f, x + 48, y + 47, CLEAR);
    CHECK_PIXEL(f, x, y - 1, CLEAR);
    CHECK_PIXEL(f, x + 47, y + 48, CLEAR);
}

static void check_images(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    akgl_Image *img = NULL;
    int w = 0, h = 0;
    CHECK_OK(akgl_image_load(SHEET_PATH, &img));
    CHECK_OK(akgl_image_size(img, &w, &h));
    CHECK_INT_EQ(w, 192);
    CHECK_INT_EQ(h, 96);
    CHECK_OK(akgl_image_size(img, NULL, NULL));

    /* Whole: every cell where the sheet has it, and nothing around it. */
    begin(&s);
    CHECK_OK(akgl_draw_image(AKGL_DRAW_SCREEN, img, -40, 10));
    CHECK_INT_EQ(s.r.stats.submitted, 1);
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    for (int cell = 0; cell < 8; cell++) {
        int x = -40 + (cell % 4) * 48, y = 10 + (cell / 4) * 48;
        if (x >= 0) {
            CHECK_PIXEL(f, x, y, cell_marker(cell));
            CHECK_PIXEL(f, x + 1, y, CELL_FILL[cell]);
            CHECK_PIXEL(f, x + 47, y + 47, CELL_FILL[cell]);
        }
    }
    CHECK_PIXEL(f, 0, 10, CELL_FILL[0]);
    CHECK_PIXEL(f, 151, 105, CELL_FILL[7]);
    CHECK_PIXEL(f, 152, 10, CLEAR);
    CHECK_PIXEL(f, 0, 9, CLEAR);
    CHECK_PIXEL(f, 0, 106, CLEAR);
    SDL_DestroySurface(f);

    /* A region, plain, and each flip: the marker in the flipped corner. */
    const SDL_FRect cell6 = {96, 48, 48, 48};
    const struct
    {
        SDL_FlipMode flip;
        int mx, my;
    } flips[] = {{SDL_FLIP_NONE, 0, 0},
                 {SDL_FLIP_HORIZONTAL, 47, 0},
                 {SDL_FLIP_VERTICAL, 0, 47},
                 {(SDL_FlipMode)(SDL_FLIP_HORIZONTAL | SDL_FLIP_VERTICAL), 47, 47}};
    for (size_t i = 0; i < SDL_arraysize(flips); i++) {
        akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;
        p.flip = flips[i].flip;
        begin(&s);
        CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell6, 30, 20, &p));
        f = read_screen(s.r.sdl_renderer);
        check_cell_at(f, 30, 20, 6, flips[i].mx, flips[i].my);
        SDL_DestroySurface(f);
    }

    /* Scale x2 about the top-left: every pixel a 2 x 2 block. */
    akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;
    p.scale_x = 2.0f;
    p.scale_y = 2.0f;
    p.pivot_x = 0.0f;
    p.pivot_y = 0.0f;
    const SDL_FRect cell0 = {0, 0, 48, 48};
    begin(&s);
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell0, 10, 10, &p));
    f = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(f, 10, 10, cell_marker(0));
    CHECK_PIXEL(f, 11, 11, cell_marker(0));
    CHECK_PIXEL(f, 12, 10, CELL_FILL[0]);
    CHECK_PIXEL(f, 10, 12, CELL_FILL[0]);
    CHECK_PIXEL(f, 105, 105, CELL_FILL[0]);
    CHECK_PIXEL(f, 106, 105, CLEAR);
    CHECK_PIXEL(f, 105, 106, CLEAR);
    CHECK_PIXEL(f, 9, 10, CLEAR);
    SDL_DestroySurface(f);

    /* Scale x2 about the default centre pivot: grown around where it was. */
    p = AKGL_DRAW_PARAMS_DEFAULT;
    p.scale_x = 2.0f;
    p.scale_y = 2.0f;
    begin(&s);
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell0, 50, 40, &p));
    f = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(f, 26, 16, cell_marker(0));
    CHECK_PIXEL(f, 25, 16, CLEAR);
    CHECK_PIXEL(f, 121, 111, CELL_FILL[0]);
    CHECK_PIXEL(f, 122, 111, CLEAR);
    SDL_DestroySurface(f);

    /* A quarter turn clockwise about the centre: the top-left marker goes
     * to the top-right corner; the block stays where it was. */
    p = AKGL_DRAW_PARAMS_DEFAULT;
    p.rotation = 90.0f;
    begin(&s);
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell0, 60, 30, &p));
    f = read_screen(s.r.sdl_renderer);
    CHECK_PIXEL(f, 60 + 47, 30, cell_marker(0));
    CHECK_PIXEL(f, 60, 30, CELL_FILL[0]);
    CHECK_PIXEL(f, 60 + 47, 30 + 47, CELL_FILL[0]);
    CHECK_PIXEL(f, 59, 50, CLEAR);
    CHECK_PIXEL(f, 60 + 48, 50, CLEAR);
    SDL_DestroySurface(f);

    /* Tint multiplies the colours; its alpha blends; neither outlives the draw. */
    p = AKGL_DRAW_PARAMS_DEFAULT;
    p.tint = (SDL_Color){128, 64, 255, 255};
    begin(&s);
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell0, 0, 0, &p));
    p.tint = (SDL_Color){255, 255, 255, 128};
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell0, 60, 0, &p));
    CHECK_OK(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &cell0, 110, 0, NULL));
    f = read_screen(s.r.sdl_renderer);
    SDL_Color fill = CELL_FILL[0];
    CHECK_NEAR_PIXEL(f, 10, 10,
                     ((SDL_Color){(Uint8)(fill.r * 128 / 255), (Uint8)(fill.g * 64 / 255),
                                  fill.b, 255}), 2);
    CHECK_NEAR_PIXEL(f, 70, 10,
                     ((SDL_Color){(Uint8)(fill.r * 128 / 255 + CLEAR.r * 127 / 255),
                                  (Uint8)(fill.g * 128 / 255 + CLEAR.g * 127 / 255),
                                  (Uint8)(fill.b * 128 / 255 + CLEAR.b * 127 / 255), 255}), 2);
    CHECK_PIXEL(f, 120, 10, fill);
    SDL_DestroySurface(f);

    CHECK_OK(akgl_heap_release_image(img));
    scene_close(&s);
}

static void test_rectangles(void)
{
    scene_each(check_rectangles);
}

static void test_lines_and_points(void)
{
    scene_each(check_lines_and_points);
}

static void test_circles(void)
{
    scene_each(check_circles);
}

static void test_translucent_colours_blend_once(void)
{
    scene_each(check_translucent);
}

static void test_world_through_the_camera_screen_not(void)
{
    scene_each(check_world_and_screen);
}

static void test_images(void)
{
    scene_each(check_images);
}

/* ---- in the game's frame -------------------------------------------------- */

static akgl_Image *overlay_image;

static akerr_ErrorContext *hud(akgl_Renderer *r, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)r;
    (void)userdata;
    /* Over the actor, in the world; and a bar on the screen. */
    PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, 110, 60, 10, 10, RED));
    PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 0, 0, 40, 4, GREEN));
    PASS(errctx, akgl_draw_image(AKGL_DRAW_SCREEN, overlay_image, 150, 100));
    SUCCEED_RETURN(errctx);
}

static void test_in_the_overlay_over_the_world(void)
{
    Scene s;
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    const int cells[] = {1};
    akgl_Sprite *spr = make_sprite(&s, "draw-over", cells, 1, 100, true, false);
    akgl_Character *c = make_character("draw-over", 100);
    CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE));
    akgl_Actor *a = make_actor("draw-over", "draw-over");
    a->state = AKGL_ACTOR_STATE_ALIVE;
    a->x = 100.0f;
    a->y = 50.0f;
    s.r.camera->x = 50.0f;
    s.r.camera->y = 20.0f;
    CHECK_OK(akgl_image_load(SHEET_PATH, &overlay_image));
    CHECK_OK(akgl_game_set_overlay(hud, NULL));
    scene_capture(&s.r);
    CHECK_OK(akgl_game_update(NULL));
    CHECK(!s.r.in_frame);
    SDL_Surface *f = scene_last_frame;
    /* The actor at screen (50, 30); the world rectangle over it at (60, 40). */
    CHECK_PIXEL(f, 50, 30, cell_marker(1));
    CHECK_PIXEL(f, 55, 35, CELL_FILL[1]);
    CHECK_PIXEL(f, 60, 40, RED);
    CHECK_PIXEL(f, 69, 49, RED);
    CHECK_PIXEL(f, 70, 50, CELL_FILL[1]);
    CHECK_PIXEL(f, 0, 0, GREEN);
    CHECK_PIXEL(f, 39, 3, GREEN);
    CHECK_PIXEL(f, 150, 100, cell_marker(0));
    scene_capture_done();
    CHECK_OK(akgl_game_set_overlay(NULL, NULL));
    CHECK_OK(akgl_heap_release_image(overlay_image));
    overlay_image = NULL;
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
    scene_close(&s);
}

/* An actor's renderfunc that draws a rectangle after its frame. */
static akerr_ErrorContext *frame_and_box(akgl_Actor *obj, akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_actor_draw(obj, r));
    PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, obj->x + 30, obj->y + 30, 40, 40, BLUE));
    SUCCEED_RETURN(errctx);
}

/* From a renderfunc a shape lands where its actor does in the layer order:
 * over lower layers, under higher ones. */
static void test_in_a_renderfunc_in_layer_order(void)
{
    Scene s;
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    const int red[] = {0}, green[] = {1};
    akgl_Sprite *sr = make_sprite(&s, "draw-lo", red, 1, 100, true, false);
    akgl_Sprite *sg = make_sprite(&s, "draw-hi", green, 1, 100, true, false);
    akgl_Character *c = make_character("draw-layers", 100);
    int lo_state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT;
    int hi_state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT;
    CHECK_OK(c->sprite_add(c, sr, lo_state));
    CHECK_OK(c->sprite_add(c, sg, hi_state));
    akgl_Actor *lo = make_actor("draw-lo", "draw-layers");
    akgl_Actor *hi = make_actor("draw-hi", "draw-layers");
    lo->state = lo_state;
    hi->state = hi_state;
    lo->x = 20.0f;
    lo->y = 10.0f;
    lo->layer = 0;
    lo->renderfunc = frame_and_box; /* the box covers world 50..89 x 40..79 */
    hi->x = 70.0f;
    hi->y = 60.0f; /* covers 70..117 x 60..107 */
    hi->layer = 1;
    scene_capture(&s.r);
    CHECK_OK(akgl_game_update(NULL));
    SDL_Surface *f = scene_last_frame;
    CHECK_PIXEL(f, 20, 10, cell_marker(0));
    CHECK_PIXEL(f, 55, 45, BLUE);        /* the box over its own actor's frame */
    CHECK_PIXEL(f, 89, 59, BLUE);
    CHECK_PIXEL(f, 75, 65, CELL_FILL[1]); /* the higher actor over the box */
    CHECK_PIXEL(f, 90, 45, CLEAR);
    /* The other way round: the box over the actor below it. */
    lo->layer = 2;
    CHECK_OK(akgl_game_update(NULL));
    f = scene_last_frame;
    CHECK_PIXEL(f, 75, 65, BLUE);
    CHECK_PIXEL(f, 100, 100, CELL_FILL[1]);
    scene_capture_done();
    CHECK_OK(akgl_heap_release_actor(lo));
    CHECK_OK(akgl_heap_release_actor(hi));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(sr));
    CHECK_OK(akgl_heap_release_sprite(sg));
    scene_close(&s);
}

/* ---- refusals ------------------------------------------------------------- */

static int images_in_use(void)
{
    int n = -1;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_IMAGE, &n));
    return n;
}

static void test_refused_draws(void)
{
    Scene s;
    akgl_Image *img = NULL;
    /* No renderer bound: loads and draws both say so. */
    CHECK(game.renderer == NULL);
    CHECK_STATUS_MSG(akgl_image_load(SHEET_PATH, &img), AKERR_BEHAVIOR, "no renderer is bound");
    CHECK(img == NULL);
    CHECK_STATUS_MSG(akgl_draw_rect(AKGL_DRAW_SCREEN, 0, 0, 1, 1, RED), AKERR_BEHAVIOR,
                     "akgl_draw_rect: no renderer is bound");
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    CHECK_OK(akgl_image_load(SHEET_PATH, &img));
    /* Outside a frame: before the first frame_start, and after frame_end. */
    CHECK_STATUS_MSG(akgl_draw_point(AKGL_DRAW_SCREEN, 1, 1, RED), AKERR_BEHAVIOR,
                     "akgl_draw_point: outside a frame");
    CHECK_STATUS_MSG(akgl_draw_image(AKGL_DRAW_WORLD, img, 1, 1), AKERR_BEHAVIOR,
                     "outside a frame");
    begin(&s);
    CHECK_OK(s.r.frame_end(&s.r));
    CHECK_STATUS_MSG(akgl_draw_circle(AKGL_DRAW_WORLD, 1, 1, 3, RED), AKERR_BEHAVIOR,
                     "akgl_draw_circle: outside a frame");

    begin(&s);
    /* Bad numbers and spaces, named. */
    CHECK_STATUS_MSG(akgl_draw_rect((akgl_DrawSpace)7, 0, 0, 1, 1, RED), AKERR_VALUE,
                     "akgl_draw_rect: unknown draw space 7");
    CHECK_STATUS_MSG(akgl_draw_rect_filled(AKGL_DRAW_WORLD, NAN, 0, 1, 1, RED), AKERR_VALUE,
                     "akgl_draw_rect_filled: x is nan; it must be a finite number");
    CHECK_STATUS_MSG(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 0, 0, -3, 1, RED), AKERR_VALUE,
                     "a rectangle of -3x1");
    CHECK_STATUS_MSG(akgl_draw_rect(AKGL_DRAW_SCREEN, 0, 0, 2, INFINITY, RED), AKERR_VALUE,
                     "h is inf");
    CHECK_STATUS_MSG(akgl_draw_line(AKGL_DRAW_SCREEN, 0, 0, 2, NAN, RED), AKERR_VALUE,
                     "akgl_draw_line: y2 is nan");
    CHECK_STATUS_MSG(akgl_draw_point(AKGL_DRAW_SCREEN, INFINITY, 0, RED), AKERR_VALUE,
                     "akgl_draw_point: x is inf");
    CHECK_STATUS_MSG(akgl_draw_circle(AKGL_DRAW_SCREEN, 0, 0, -1, RED), AKERR_VALUE,
                     "akgl_draw_circle: radius is -1; it must be 0..16384 (AKGL_DRAW_MAX_RADIUS)");
    CHECK_STATUS_MSG(akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 0, 0, 20000, RED), AKERR_VALUE,
                     "radius is 20000");
    CHECK_STATUS_MSG(akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 0, 0, NAN, RED), AKERR_VALUE,
                     "radius is nan");
    /* Images: NULL, a region outside, a bad transform. */
    CHECK_STATUS_MSG(akgl_draw_image(AKGL_DRAW_SCREEN, NULL, 0, 0), AKERR_NULLPOINTER,
                     "akgl_draw_image: NULL image");
    SDL_FRect outside = {150, 50, 48, 48};
    CHECK_STATUS_MSG(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &outside, 0, 0, NULL),
                     AKERR_OUTOFBOUNDS, "the region 48x48 at (150, 50) is not inside the 192x96");
    SDL_FRect empty = {0, 0, 0, 10};
    CHECK_STATUS(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &empty, 0, 0, NULL),
                 AKERR_OUTOFBOUNDS);
    SDL_FRect nan_region = {NAN, 0, 10, 10};
    CHECK_STATUS_MSG(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, &nan_region, 0, 0, NULL),
                     AKERR_VALUE, "src.x is nan");
    akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;
    p.scale_x = NAN;
    CHECK_STATUS_MSG(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, NULL, 0, 0, &p), AKERR_VALUE,
                     "scale_x is nan");
    p = AKGL_DRAW_PARAMS_DEFAULT;
    p.scale_y = 1000.0f;
    CHECK_STATUS(akgl_draw_image_ex(AKGL_DRAW_SCREEN, img, NULL, 0, 0, &p), AKERR_VALUE);
    CHECK_STATUS_MSG(akgl_draw_image(AKGL_DRAW_SCREEN, img, NAN, 0), AKERR_VALUE, "x is nan");
    /* Nothing refused was drawn or counted. */
    CHECK_INT_EQ(s.r.stats.submitted, 0);
    CHECK_INT_EQ(s.r.stats.culled, 0);
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    int drawn = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            drawn += !same_rgb(pixel_at(f, x, y), CLEAR);
        }
    }
    CHECK_INT_EQ(drawn, 0);
    SDL_DestroySurface(f);

    /* A released image is refused by name of the call, not drawn. */
    CHECK_OK(akgl_heap_release_image(img));
    CHECK_STATUS_MSG(akgl_draw_image(AKGL_DRAW_SCREEN, img, 0, 0), AKERR_BEHAVIOR,
                     "the image has been released");
    CHECK_STATUS(akgl_image_size(img, NULL, NULL), AKERR_BEHAVIOR);
    CHECK_STATUS(akgl_heap_release_image(img), AKGL_ERR_HEAP);
    CHECK_STATUS(akgl_image_size(NULL, NULL, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_heap_release_image(NULL), AKERR_NULLPOINTER);
    int local = 0;
    CHECK_STATUS(akgl_heap_release_image((akgl_Image *)&local), AKERR_BEHAVIOR);
    scene_close(&s);
}

static void test_refused_loads(void)
{
    Scene s;
    akgl_Image *img = NULL;
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    int before = images_in_use();
    CHECK_STATUS(akgl_image_load(NULL, &img), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_image_load(SHEET_PATH, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_image_load(AKGL_TEST_ASSETS_DIR "/no-such.png", &img), ENOENT,
                     "no-such.png");
    CHECK_STATUS_MSG(akgl_image_load(AKGL_TEST_ASSETS_DIR "/README.md", &img), AKERR_FORMAT,
                     "not a PNG file");
    CHECK_STATUS(akgl_image_load(AKGL_TEST_ASSETS_DIR, &img), EISDIR);
    char longpath[AKGL_IMAGE_MAX_PATH_LENGTH + 8];
    memset(longpath, 'a', sizeof(longpath) - 1);
    longpath[sizeof(longpath) - 1] = '\0';
    CHECK_STATUS_MSG(akgl_image_load(longpath, &img), AKERR_OUTOFBOUNDS,
                     "AKGL_IMAGE_MAX_PATH_LENGTH");
    CHECK(img == NULL);
    CHECK_INT_EQ(images_in_use(), before);

    /* Every slot taken: AKGL_ERR_HEAP, and the texture made for it is not kept. */
    int slots = 0;
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_IMAGE, &slots));
    CHECK_INT_EQ(slots, AKGL_MAX_HEAP_IMAGE);
    static akgl_Image *held[AKGL_MAX_HEAP_IMAGE];
    int n = 0;
    while (n < slots && akgl_heap_next_image(&held[n]) == NULL) {
        n++;
    }
    CHECK_INT_EQ(n, slots);
    CHECK_STATUS_MSG(akgl_image_load(SHEET_PATH, &img), AKGL_ERR_HEAP, "image");
    CHECK(img == NULL);
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_image(held[i])); /* never loaded: released as is */
    }
    CHECK_INT_EQ(images_in_use(), before);

    /* The asset root applies. */
    CHECK_OK(akgl_file_set_root(AKGL_TEST_ASSETS_DIR "/sprites"));
    CHECK_STATUS_MSG(akgl_image_load(SHEET_PATH, &img), EACCES, "outside the asset root");
    CHECK_OK(akgl_file_set_root(NULL));
    CHECK_INT_EQ(images_in_use(), before);
    scene_close(&s);
}

/* An image belongs to the renderer it was loaded for. */
static void test_an_image_of_another_renderer(void)
{
    Scene a, b;
    akgl_Image *img = NULL;
    if (!scene_open_bound(&a, W, H)) {
        scene_close(&a);
        return;
    }
    CHECK_OK(akgl_image_load(SHEET_PATH, &img));
    /* A second renderer bound over the first: the image is not its. */
    SDL_zero(b);
    b.target = SDL_CreateSurface(W, H, SDL_PIXELFORMAT_RGBA32);
    b.sdl = b.target ? SDL_CreateSoftwareRenderer(b.target) : NULL;
    CHECK(b.sdl != NULL);
    CHECK_OK(akgl_render_2d_bind(&b.r, b.sdl));
    CHECK_OK(b.r.frame_start(&b.r));
    CHECK_STATUS_MSG(akgl_draw_image(AKGL_DRAW_SCREEN, img, 0, 0), AKERR_BEHAVIOR,
                     "was loaded for a renderer that is no longer bound");
    CHECK_OK(b.r.frame_end(&b.r));
    scene_close(&b);
    CHECK_OK(akgl_heap_release_image(img));
    scene_close(&a);
}

/* A level change gives images back with AKGL_UNLOAD_IMAGES (and AKGL_UNLOAD_ALL). */
static void test_unload_gives_images_back(void)
{
    Scene s;
    akgl_Image *one = NULL, *two = NULL;
    if (!scene_open_bound(&s, W, H)) {
        scene_close(&s);
        return;
    }
    int before = images_in_use();
    CHECK_OK(akgl_image_load(SHEET_PATH, &one));
    CHECK_OK(akgl_image_load(AKGL_TEST_ASSETS_DIR "/tiles_32x32_8.png", &two));
    CHECK_INT_EQ(images_in_use(), before + 2);
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_FONTS));
    CHECK_INT_EQ(images_in_use(), before + 2);
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_IMAGES));
    CHECK_INT_EQ(images_in_use(), before);
    CHECK(AKGL_UNLOAD_ALL & AKGL_UNLOAD_IMAGES);
    scene_close(&s);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_rectangles);
    RUN_TEST(test_lines_and_points);
    RUN_TEST(test_circles);
    RUN_TEST(test_translucent_colours_blend_once);
    RUN_TEST(test_world_through_the_camera_screen_not);
    RUN_TEST(test_images);
    RUN_TEST(test_in_the_overlay_over_the_world);
    RUN_TEST(test_in_a_renderfunc_in_layer_order);
    RUN_TEST(test_refused_draws);
    RUN_TEST(test_refused_loads);
    RUN_TEST(test_an_image_of_another_renderer);
    RUN_TEST(test_unload_gives_images_back);
    return AKGL_TEST_END();
}
