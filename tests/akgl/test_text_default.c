/*
 * The default pixel font (docs/17-text.md, "The default font"), by pixels:
 * - it draws and measures with no font loaded and no font file opened (the
 *   fault switch counts every open: none), and SDL3_ttf never starts;
 * - 'A' and the box drawn for a character outside printable ASCII light
 *   exactly the pixels of their drawings (written out here again, not read
 *   from the library), at scale 1 and 3, in the colour asked for;
 * - lines: '\n', wrapping at a width, the box of each, and alignment and
 *   world coordinates as a loaded font has them;
 * - the text limits, strict UTF-8, a bad scale, no renderer: refused with
 *   their messages, nothing drawn, no pool slot taken;
 * - its atlas: made on the first draw, 100 frames then allocate nothing,
 *   gone with akgl_game_unload(AKGL_UNLOAD_FONTS) and with its renderer,
 *   made again for another renderer.
 */
#include <akgl/fault.h>
#include <akgl/render.h>
#include <akgl/text.h>

#include <SDL3_ttf/SDL_ttf.h>
#include <errno.h>
#include <math.h>

#include "scene.h"
#include "text_fixture.h"
#include "text_font_private.h"

#define W 200
#define H 100

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color RED = {255, 0, 0, 255};

/* The drawings the library's glyphs must match, row by row. */
static const char *const GLYPH_A[9] = {".###.", "#...#", "#...#", "#####", "#...#",
                                       "#...#", "#...#", ".....", "....."};
static const char *const GLYPH_BOX[9] = {"#####", "#...#", "#...#", "#...#", "#...#",
                                         "#...#", "#####", ".....", "....."};
static const char *const GLYPH_g[9] = {".....", ".....", ".####", "#...#", "#...#",
                                       "#...#", ".####", "....#", ".###."};

/* Pixels of the cell at (x0, y0), `scale` times the drawing, that are not
 * what the drawing says: lit ones in `color`, the rest (the blank column
 * and row of the cell included) the clear colour. */
static int glyph_mismatches(SDL_Surface *f, int x0, int y0, int scale,
                            const char *const rows[9], SDL_Color color)
{
    int bad = 0;
    for (int y = 0; y < AKGL_FONT_DEFAULT_CELL_H * scale; y++) {
        for (int x = 0; x < AKGL_FONT_DEFAULT_CELL_W * scale; x++) {
            int gx = x / scale, gy = y / scale;
            bool lit = gx < 5 && gy < 9 && rows[gy][gx] == '#';
            SDL_Color got = pixel_at(f, x0 + x, y0 + y);
            if (!same_rgb(got, lit ? color : CLEAR)) {
                if (bad < 3) {
                    fprintf(stderr, "    (%d, %d) of the cell at (%d, %d): (%d, %d, %d), %s\n",
                            x, y, x0, y0, got.r, got.g, got.b, lit ? "lit" : "blank");
                }
                bad++;
            }
        }
    }
    return bad;
}

/* Pixels other than the clear colour, inside a box and outside it. */
static void ink(SDL_Surface *f, int bx, int by, int bw, int bh, int *inside, int *outside)
{
    *inside = *outside = 0;
    for (int y = 0; y < f->h; y++) {
        for (int x = 0; x < f->w; x++) {
            if (!same_rgb(pixel_at(f, x, y), CLEAR)) {
                bool in = x >= bx && x < bx + bw && y >= by && y < by + bh;
                *inside += in;
                *outside += !in;
            }
        }
    }
}

static SDL_Surface *draw_default(Scene *s, akgl_Font *font, const char *text, float x, float y,
                                 const akgl_TextStyle *style)
{
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_text_draw_styled(font, text, x, y, style));
    return read_screen(s->r.sdl_renderer);
}

static int fonts_in_use(void)
{
    int n = -1;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
    return n;
}

/* ---- cases --------------------------------------------------------------- */

static void test_the_default_font_needs_no_file(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_FaultReport rep;
        int w = 0, h = 0;
        /* Every file open akgl makes is an event of the switch: count them. */
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_OPEN, 0));
        CHECK_OK(akgl_text_measure(NULL, "A", &w, &h));
        CHECK_OK(s.r.frame_start(&s.r));
        CHECK_OK(akgl_text_draw(NULL, "A", 10.0f, 20.0f, WHITE));
        CHECK_OK(akgl_fault_disarm(&rep));
        CHECK_INT_EQ(rep.events, 0);
        CHECK_INT_EQ(TTF_WasInit(), 0);
        CHECK_INT_EQ(fonts_in_use(), 0);
        CHECK_INT_EQ(w, 6);
        CHECK_INT_EQ(h, 10);
        SDL_Surface *f = read_screen(s.r.sdl_renderer);
        CHECK_INT_EQ(glyph_mismatches(f, 10, 20, 1, GLYPH_A, WHITE), 0);
        int in = 0, out = 0;
        ink(f, 10, 20, 6, 10, &in, &out);
        CHECK_INT_EQ(in, 18); /* the lit pixels of the drawing of 'A' */
        CHECK_INT_EQ(out, 0);
        SDL_DestroySurface(f);
        CHECK(akgl_pixel_font_atlas_renderer() == s.sdl);
    }
    scene_close(&s);
    /* SDL destroyed the atlas with its renderer, and akgl knows. */
    CHECK(akgl_pixel_font_atlas_renderer() == NULL);
}

static void test_scales_colours_and_descenders(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *big = NULL;
        CHECK_OK(akgl_font_default(3, &big));
        CHECK(big != NULL);
        int w = 0, h = 0;
        CHECK_OK(akgl_text_measure(big, "Ag", &w, &h));
        CHECK_INT_EQ(w, 2 * 6 * 3);
        CHECK_INT_EQ(h, 10 * 3);
        /* Rounded to whole pixels: 7.4 is 7, 4.6 is 5. */
        SDL_Surface *f = draw_default(&s, big, "Ag", 7.4f, 4.6f,
                                      &(akgl_TextStyle){RED, AKGL_TEXT_ALIGN_LEFT, 0, false});
        CHECK_INT_EQ(glyph_mismatches(f, 7, 5, 3, GLYPH_A, RED), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 7 + 18, 5, 3, GLYPH_g, RED), 0);
        int in = 0, out = 0;
        ink(f, 7, 5, w, h, &in, &out);
        CHECK_INT_EQ(out, 0);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        SDL_DestroySurface(f);

        /* The same font object each time; NULL is scale 1. */
        akgl_Font *again = NULL, *one = NULL;
        CHECK_OK(akgl_font_default(3, &again));
        CHECK(again == big);
        CHECK_OK(akgl_font_default(1, &one));
        CHECK_OK(akgl_text_measure(one, "Hello", &w, &h));
        CHECK(w == 30 && h == 10);
        CHECK_OK(akgl_text_measure(NULL, "Hello", &w, &h));
        CHECK(w == 30 && h == 10);
        CHECK_OK(akgl_font_default(AKGL_FONT_DEFAULT_MAX_SCALE, &big));
        CHECK_OK(akgl_text_measure(big, "Hi", &w, &h));
        CHECK(w == 2 * 6 * AKGL_FONT_DEFAULT_MAX_SCALE && h == 10 * AKGL_FONT_DEFAULT_MAX_SCALE);

        /* Two colours in one frame: each draw keeps its own. */
        CHECK_OK(s.r.frame_start(&s.r));
        CHECK_OK(akgl_text_draw(NULL, "A", 0.0f, 0.0f, RED));
        CHECK_OK(akgl_text_draw(NULL, "A", 10.0f, 0.0f, WHITE));
        f = read_screen(s.r.sdl_renderer);
        CHECK_INT_EQ(glyph_mismatches(f, 0, 0, 1, GLYPH_A, RED), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 10, 0, 1, GLYPH_A, WHITE), 0);
        SDL_DestroySurface(f);

        /* Half transparent: blended over the clear colour. */
        f = draw_default(&s, NULL, "A", 0.0f, 0.0f,
                         &(akgl_TextStyle){{255, 255, 255, 128}, AKGL_TEXT_ALIGN_LEFT, 0, false});
        SDL_Color c = pixel_at(f, 1, 0);
        CHECK_MSG(c.r > 120 && c.r < 140 && c.b > 135 && c.b < 150, "(%d, %d, %d)", c.r, c.g,
                  c.b);
        SDL_DestroySurface(f);
        CHECK_INT_EQ(fonts_in_use(), 0);
    }
    scene_close(&s);
}

static void test_characters_outside_ascii_draw_a_box(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        /* U+00E9, U+20AC, U+1F600, a control character and DEL: one box each. */
        const char *text = "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\x01\x7F";
        int w = 0, h = 0;
        CHECK_OK(akgl_text_measure(NULL, text, &w, &h));
        CHECK_INT_EQ(w, 5 * 6);
        CHECK_INT_EQ(h, 10);
        SDL_Surface *f = draw_default(&s, NULL, text, 20.0f, 30.0f, NULL);
        for (int i = 0; i < 5; i++) {
            CHECK_INT_EQ(glyph_mismatches(f, 20 + 6 * i, 30, 1, GLYPH_BOX, WHITE), 0);
        }
        SDL_DestroySurface(f);
        /* A space and a tab take a cell each and draw nothing; '\r' takes none. */
        CHECK_OK(akgl_text_measure(NULL, "A \tA\r", &w, &h));
        CHECK_INT_EQ(w, 4 * 6);
        f = draw_default(&s, NULL, "A \tA\r", 0.0f, 0.0f, NULL);
        CHECK_INT_EQ(glyph_mismatches(f, 0, 0, 1, GLYPH_A, WHITE), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 18, 0, 1, GLYPH_A, WHITE), 0);
        int in = 0, out = 0;
        ink(f, 0, 0, 24, 10, &in, &out);
        CHECK_INT_EQ(in, 2 * 18);
        CHECK_INT_EQ(out, 0);
        SDL_DestroySurface(f);
    }
    scene_close(&s);
}

static void test_lines_and_wrapping(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        int w = 0, h = 0;
        /* '\n' starts a line 10 pixels down; "\r\n" is one break; a final
         * '\n' starts none; the widest line sets the width. */
        CHECK_OK(akgl_text_measure(NULL, "AAA\r\nA\n", &w, &h));
        CHECK(w == 18 && h == 20);
        SDL_Surface *f = draw_default(&s, NULL, "A\nAA\n\nA", 10.0f, 5.0f, NULL);
        CHECK_INT_EQ(glyph_mismatches(f, 10, 5, 1, GLYPH_A, WHITE), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 10, 15, 1, GLYPH_A, WHITE), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 16, 15, 1, GLYPH_A, WHITE), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 10, 35, 1, GLYPH_A, WHITE), 0);
        int in = 0, out = 0;
        ink(f, 10, 5, 12, 40, &in, &out);
        CHECK_INT_EQ(in, 4 * 18);
        CHECK_INT_EQ(out, 0);
        SDL_DestroySurface(f);

        /* Wrapped at 20 pixels: 3 cells a line, broken after a blank that
         * fits; blanks at a break are not drawn; a word wider than a line
         * is cut. The box is as wide as the wrap. */
        CHECK_OK(akgl_text_measure_wrapped(NULL, "AA AA   A AAAAAAA", 20, &w, &h));
        CHECK_INT_EQ(w, 20);
        CHECK_INT_EQ(h, 60); /* "AA", "AA", "A", "AAA", "AAA", "A" */
        akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
        style.wrap_width = 20;
        f = draw_default(&s, NULL, "AA AA   A AAAA", 0.0f, 0.0f, &style);
        /* Rows: "AA", "AA", "A", "AAA", "A". */
        const int per_row[5] = {2, 2, 1, 3, 1};
        for (int row = 0; row < 5; row++) {
            for (int i = 0; i < per_row[row]; i++) {
                CHECK_INT_EQ(glyph_mismatches(f, 6 * i, 10 * row, 1, GLYPH_A, WHITE), 0);
            }
        }
        ink(f, 0, 0, 20, 50, &in, &out);
        CHECK_INT_EQ(in, 9 * 18);
        CHECK_INT_EQ(out, 0);
        SDL_DestroySurface(f);
        /* One line that fits: the box is the line's. */
        CHECK_OK(akgl_text_measure_wrapped(NULL, "AA", 100, &w, &h));
        CHECK(w == 12 && h == 10);
        /* Narrower than a cell: a character a line. */
        CHECK_OK(akgl_text_measure_wrapped(NULL, "ABC", 1, &w, &h));
        CHECK(w == 6 && h == 30);
        CHECK_OK(akgl_text_measure(NULL, "", &w, &h));
        CHECK(w == 0 && h == 0);
    }
    scene_close(&s);
}

static void test_alignment_and_world_text(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
        style.align = AKGL_TEXT_ALIGN_CENTER;
        SDL_Surface *f = draw_default(&s, NULL, "AAA", 100.0f, 10.0f, &style);
        CHECK_INT_EQ(glyph_mismatches(f, 91, 10, 1, GLYPH_A, WHITE), 0);
        SDL_DestroySurface(f);
        style.align = AKGL_TEXT_ALIGN_RIGHT;
        f = draw_default(&s, NULL, "AAA", 190.0f, 10.0f, &style);
        CHECK_INT_EQ(glyph_mismatches(f, 172, 10, 1, GLYPH_A, WHITE), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 184, 10, 1, GLYPH_A, WHITE), 0);
        SDL_DestroySurface(f);

        style = AKGL_TEXT_STYLE_DEFAULT;
        style.world = true;
        s.r.camera->x = 300.0f;
        s.r.camera->y = 200.0f;
        f = draw_default(&s, NULL, "A", 320.0f, 230.0f, &style);
        CHECK_INT_EQ(glyph_mismatches(f, 20, 30, 1, GLYPH_A, WHITE), 0);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        SDL_DestroySurface(f);
        f = draw_default(&s, NULL, "A", 0.0f, 0.0f, &style); /* outside the view */
        int in = 0, out = 0;
        ink(f, 0, 0, 0, 0, &in, &out);
        CHECK_INT_EQ(out, 0);
        CHECK_INT_EQ(s.r.stats.culled, 1);
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        SDL_DestroySurface(f);
    }
    scene_close(&s);
}

/* A refused draw: its status and message, and nothing on the screen. */
static void check_refused(Scene *s, akgl_Font *font, const char *text,
                          const akgl_TextStyle *style, int status, const char *needle)
{
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
    CHECK_STATUS_MSG(akgl_text_draw_styled(font, text, 0.0f, 0.0f, style), status, needle);
    SDL_Surface *f = read_screen(s->r.sdl_renderer);
    int in = 0, out = 0;
    ink(f, 0, 0, 0, 0, &in, &out);
    CHECK_INT_EQ(out, 0);
    CHECK_INT_EQ(s->r.stats.submitted, 0);
    SDL_DestroySurface(f);
    if (style == NULL) { /* (a style's faults are the draw's alone) */
        CHECK_STATUS_MSG(akgl_text_measure(font, text, NULL, NULL), status, needle);
    }
}

static void test_limits_and_bad_input(void)
{
    static char text[AKGL_TEXT_MAX_LENGTH + 2];
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        memset(text, 'A', AKGL_TEXT_MAX_LENGTH + 1);
        text[AKGL_TEXT_MAX_LENGTH + 1] = '\0';
        check_refused(&s, NULL, text, NULL, AKERR_OUTOFBOUNDS,
                      "font \"(default)\": the text is 16385 bytes; the limit is 16384 "
                      "(AKGL_TEXT_MAX_LENGTH)");
        /* 1025 lines; then 1024, which is fine. */
        for (int i = 0; i < 2 * 1025; i += 2) {
            text[i] = 'A';
            text[i + 1] = '\n';
        }
        text[2 * 1025 - 1] = '\0';
        check_refused(&s, NULL, text, NULL, AKERR_OUTOFBOUNDS,
                      "the text has 1025 lines; the limit is 1024 (AKGL_TEXT_MAX_LINES)");
        text[2 * 1024 - 1] = '\0';
        int w = 0, h = 0;
        CHECK_OK(akgl_text_measure(NULL, text, &w, &h));
        CHECK(w == 6 && h == 10240);
        /* 1025 characters wrapped a character a line. */
        memset(text, 'A', 1025);
        text[1025] = '\0';
        akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
        style.wrap_width = 6;
        check_refused(&s, NULL, text, &style, AKERR_OUTOFBOUNDS,
                      "wraps to more than 1024 lines at 6 pixels; the limit is 1024");
        CHECK_STATUS_MSG(akgl_text_measure_wrapped(NULL, text, 6, NULL, NULL), AKERR_OUTOFBOUNDS,
                         "wraps to more than 1024 lines");
        text[1024] = '\0';
        CHECK_OK(akgl_text_measure_wrapped(NULL, text, 6, &w, &h));
        CHECK(w == 6 && h == 10240);

        check_refused(&s, NULL, "ab\x80", NULL, AKERR_FORMAT,
                      "font \"(default)\": the text is not valid UTF-8 at byte 2 (0x80): a "
                      "continuation byte");
        check_refused(&s, NULL, "\xED\xA0\x80", NULL, AKERR_FORMAT, "a UTF-16 surrogate");
        check_refused(&s, NULL, "\xF4\x90\x80\x80", NULL, AKERR_FORMAT,
                      "a code point above U+10FFFF");
        check_refused(&s, NULL, "abc\xC3", NULL, AKERR_FORMAT, "a sequence cut short");
        style = AKGL_TEXT_STYLE_DEFAULT;
        style.wrap_width = -1;
        check_refused(&s, NULL, "A", &style, AKERR_VALUE, "wrap width -1");
        style = AKGL_TEXT_STYLE_DEFAULT;
        style.align = (akgl_TextAlign)9;
        check_refused(&s, NULL, "A", &style, AKERR_VALUE, "unknown text alignment 9");
        CHECK_STATUS_MSG(akgl_text_draw(NULL, "A", NAN, 0.0f, WHITE), AKERR_VALUE,
                         "(default)\": text position (nan, 0) is not finite");
        CHECK_STATUS_MSG(akgl_text_draw(NULL, NULL, 0.0f, 0.0f, WHITE), AKERR_NULLPOINTER,
                         "NULL text (font \"(default)\")");
        CHECK_STATUS(akgl_text_measure(NULL, NULL, NULL, NULL), AKERR_NULLPOINTER);

        /* Scales outside 1..AKGL_FONT_DEFAULT_MAX_SCALE. */
        akgl_Font *font = (akgl_Font *)&font;
        CHECK_STATUS_MSG(akgl_font_default(0, &font), AKERR_VALUE,
                         "scale 0; it must be 1 to 8 (AKGL_FONT_DEFAULT_MAX_SCALE)");
        CHECK(font == NULL);
        CHECK_STATUS_MSG(akgl_font_default(AKGL_FONT_DEFAULT_MAX_SCALE + 1, &font), AKERR_VALUE,
                         "scale 9;");
        CHECK_STATUS_MSG(akgl_font_default(-2, &font), AKERR_VALUE, "scale -2;");
        CHECK_STATUS(akgl_font_default(1, NULL), AKERR_NULLPOINTER);

        /* Releasing it gives nothing back and takes nothing: it still draws. */
        CHECK_OK(akgl_font_default(2, &font));
        CHECK_OK(akgl_heap_release_font(font));
        CHECK_OK(akgl_heap_release_font(font));
        CHECK_OK(akgl_text_measure(font, "A", &w, &h));
        CHECK(w == 12 && h == 20);
        SDL_Surface *f = draw_default(&s, font, "A", 0.0f, 0.0f, NULL);
        CHECK_INT_EQ(glyph_mismatches(f, 0, 0, 2, GLYPH_A, WHITE), 0);
        SDL_DestroySurface(f);
        CHECK_INT_EQ(fonts_in_use(), 0);
        CHECK_INT_EQ(TTF_WasInit(), 0);

        /* Its counters: every draw and measure a hit, nothing laid out. */
        akgl_FontStats before, after;
        CHECK_OK(akgl_font_stats(NULL, &before));
        CHECK_OK(akgl_text_measure(NULL, "x", NULL, NULL));
        CHECK_OK(akgl_font_stats(NULL, &after));
        CHECK_INT_EQ(after.hits - before.hits, 1);
        CHECK_INT_EQ(after.misses, 0);
        CHECK_STATUS(akgl_font_stats(NULL, NULL), AKERR_NULLPOINTER);
    }
    scene_close(&s);
    /* No renderer: measuring needs none, drawing does. */
    int w = 0, h = 0;
    CHECK_OK(akgl_text_measure(NULL, "AB", &w, &h));
    CHECK(w == 12 && h == 10);
    CHECK_STATUS_MSG(akgl_text_draw(NULL, "AB", 0.0f, 0.0f, WHITE), AKERR_BEHAVIOR,
                     "font \"(default)\": no renderer is bound");
    CHECK(akgl_pixel_font_atlas_renderer() == NULL);
}

static void test_a_window_renderer_draws_the_same_pixels(void)
{
    Scene s;
    if (scene_open_window(&s, W, H)) {
        akgl_Font *font = NULL;
        CHECK_OK(akgl_font_default(2, &font));
        SDL_Surface *f = draw_default(&s, font, "Ag\xC3\xA9", 11.0f, 13.0f, NULL);
        CHECK_INT_EQ(glyph_mismatches(f, 11, 13, 2, GLYPH_A, WHITE), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 23, 13, 2, GLYPH_g, WHITE), 0);
        CHECK_INT_EQ(glyph_mismatches(f, 35, 13, 2, GLYPH_BOX, WHITE), 0);
        int in = 0, out = 0;
        ink(f, 11, 13, 36, 20, &in, &out);
        CHECK_INT_EQ(out, 0);
        SDL_DestroySurface(f);
        CHECK(akgl_pixel_font_atlas_renderer() == s.r.sdl_renderer);
    }
    scene_close(&s);
    CHECK(akgl_pixel_font_atlas_renderer() == NULL);
}

/* ---- the atlas ----------------------------------------------------------- */

typedef struct Hud
{
    int frames;
} Hud;

static akerr_ErrorContext *draw_hud(akgl_Renderer *r, void *userdata)
{
    Hud *hud = userdata;
    PREPARE_ERROR(errctx);
    (void)r;
    hud->frames++;
    PASS(errctx, akgl_text_draw(NULL, "Score 1234\nLives 3", 4.0f, 4.0f, WHITE));
    SUCCEED_RETURN(errctx);
}

static void test_the_atlas_is_made_once_and_follows_the_renderer(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        Hud hud = {0};
        CHECK(akgl_pixel_font_atlas_renderer() == NULL);
        CHECK_OK(akgl_game_set_overlay(draw_hud, &hud));
        CHECK_OK(akgl_game_update(NULL)); /* the first: the atlas, SDL's queue */
        CHECK(akgl_pixel_font_atlas_renderer() == s.sdl);
        CHECK_OK(akgl_game_update(NULL));
        int before = SDL_GetAtomicInt(&allocations);
        for (int i = 0; i < 98; i++) {
            CHECK_OK(akgl_game_update(NULL));
        }
        int during = SDL_GetAtomicInt(&allocations) - before;
        CHECK_MSG(during == 0, "%d SDL allocations in frames 3..100", during);
        CHECK_INT_EQ(hud.frames, 100);
        CHECK_OK(akgl_game_set_overlay(NULL, NULL));

        /* The level changes: the atlas goes with the fonts, and comes back. */
        int blocks = SDL_GetAtomicInt(&live_blocks);
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
        CHECK(akgl_pixel_font_atlas_renderer() == s.sdl);
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_FONTS));
        CHECK(akgl_pixel_font_atlas_renderer() == NULL);
        CHECK_MSG(SDL_GetAtomicInt(&live_blocks) < blocks, "the atlas freed nothing");
        SDL_Surface *f = draw_default(&s, NULL, "A", 0.0f, 0.0f, NULL);
        CHECK_INT_EQ(glyph_mismatches(f, 0, 0, 1, GLYPH_A, WHITE), 0);
        SDL_DestroySurface(f);
        CHECK(akgl_pixel_font_atlas_renderer() == s.sdl);

        /* Another renderer draws: the atlas moves to it, and draws there. */
        SDL_Surface *other_target = SDL_CreateSurface(16, 16, SDL_PIXELFORMAT_RGBA32);
        SDL_Renderer *other_sdl = SDL_CreateSoftwareRenderer(other_target);
        akgl_Renderer other;
        SDL_zero(other);
        CHECK_OK(akgl_render_2d_bind(&other, other_sdl));
        other.clear_color = CLEAR;
        CHECK_OK(other.frame_start(&other));
        CHECK_OK(akgl_text_draw(NULL, "A", 2.0f, 3.0f, WHITE));
        CHECK(akgl_pixel_font_atlas_renderer() == other_sdl);
        f = read_screen(other_sdl);
        CHECK_INT_EQ(glyph_mismatches(f, 2, 3, 1, GLYPH_A, WHITE), 0);
        SDL_DestroySurface(f);
        CHECK_OK(other.shutdown(&other));
        SDL_DestroyRenderer(other_sdl);
        SDL_DestroySurface(other_target);
        CHECK(akgl_pixel_font_atlas_renderer() == NULL);
        game.renderer = &s.r;
        game.camera = s.r.camera;
        f = draw_default(&s, NULL, "A", 0.0f, 0.0f, NULL);
        CHECK_INT_EQ(glyph_mismatches(f, 0, 0, 1, GLYPH_A, WHITE), 0);
        SDL_DestroySurface(f);
    }
    scene_close(&s);
    CHECK(akgl_pixel_font_atlas_renderer() == NULL);
}

int main(void)
{
    count_allocations(); /* before SDL allocates anything */
    AKGL_TEST_BEGIN();
    CHECK_OK(akgl_time_use_manual(true));
    RUN_TEST(test_the_default_font_needs_no_file);
    RUN_TEST(test_scales_colours_and_descenders);
    RUN_TEST(test_characters_outside_ascii_draw_a_box);
    RUN_TEST(test_lines_and_wrapping);
    RUN_TEST(test_alignment_and_world_text);
    RUN_TEST(test_limits_and_bad_input);
    RUN_TEST(test_a_window_renderer_draws_the_same_pixels);
    RUN_TEST(test_the_atlas_is_made_once_and_follows_the_renderer);
    CHECK_OK(akgl_time_use_manual(false));
    return AKGL_TEST_END();
}
