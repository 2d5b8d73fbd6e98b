/*
 * Text and the HUD overlay, by pixels and by allocation counts:
 * - glyph pixels lie inside the measured box and nowhere else, for each
 *   alignment, wrapped at a width, and in world coordinates (camera applied,
 *   culled when outside);
 * - the per-font cache of laid-out strings: hits, misses, least recently
 *   used eviction, and no allocation at all when the same text is drawn for
 *   100 frames (SDL_SetMemoryFunctions counts every SDL allocation);
 * - the overlay draws after the world, before present, in screen pixels
 *   whatever the camera does, and its error ends the frame;
 * - bad input (a missing file, a file that is not a font, a size <= 0 or
 *   not finite, invalid UTF-8) is refused naming the file or value, with
 *   nothing claimed, no TTF_Init reference and no SDL memory left behind;
 * - fonts go with akgl_game_unload(AKGL_UNLOAD_FONTS).
 *
 * The font is Debian's fonts-dejavu-core, read where the package puts it.
 */

#include <akgl/file.h>
#include <akgl/render.h>
#include <akgl/text.h>
#include <akstdlib.h>

#include <SDL3_ttf/SDL_ttf.h>
#include <errno.h>
#include <math.h>
#include <unistd.h>

#include "scene.h"
#include "text_fixture.h"

#define W 200
#define H 100


/* ---- helpers ------------------------------------------------------------- */

/* Pixels that are not the clear colour, inside and outside a box. */
typedef struct Ink
{
    int inside, outside;
    int min_x, min_y, max_x, max_y; /* of all ink */
} Ink;

static Ink ink_in(SDL_Surface *f, int bx, int by, int bw, int bh)
{
    Ink ink = {0, 0, f->w, f->h, -1, -1};
    for (int y = 0; y < f->h; y++) {
        for (int x = 0; x < f->w; x++) {
            if (same_rgb(pixel_at(f, x, y), CLEAR)) {
                continue;
            }
            bool in = x >= bx && x < bx + bw && y >= by && y < by + bh;
            ink.inside += in;
            ink.outside += !in;
            ink.min_x = x < ink.min_x ? x : ink.min_x;
            ink.min_y = y < ink.min_y ? y : ink.min_y;
            ink.max_x = x > ink.max_x ? x : ink.max_x;
            ink.max_y = y > ink.max_y ? y : ink.max_y;
        }
    }
    return ink;
}

static SDL_Surface *draw_text(Scene *s, akgl_Font *font, const char *text, float x, float y,
                              const akgl_TextStyle *style)
{
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_text_draw_styled(font, text, x, y, style));
    return read_screen(s->r.sdl_renderer);
}

/* ---- cases --------------------------------------------------------------- */

static void test_glyphs_lie_inside_the_measured_box(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(20.0f);
        const char *text = "Hello, akgl! gjpqy";
        int w = 0, h = 0;
        CHECK_OK(akgl_text_measure(font, text, &w, &h));
        CHECK_MSG(w > 100 && w < W - 20 && h >= 20 && h < 40, "box %d x %d", w, h);

        CHECK_OK(s.r.frame_start(&s.r));
        CHECK_OK(akgl_text_draw(font, text, 10.0f, 20.0f, (SDL_Color){255, 60, 60, 255}));
        SDL_Surface *f = read_screen(s.r.sdl_renderer);
        Ink ink = ink_in(f, 10, 20, w, h);
        CHECK_MSG(ink.inside > 200, "%d glyph pixels inside", ink.inside);
        CHECK_INT_EQ(ink.outside, 0);
        /* The ink fills the box: it reaches near each side (descenders too). */
        CHECK(ink.min_x <= 12 && ink.max_x >= 10 + w - 4);
        CHECK(ink.max_y >= 20 + h - 8);
        /* In the colour asked for: the most saturated pixel is red. */
        SDL_Color best = CLEAR;
        for (int y = 20; y < 20 + h; y++) {
            for (int x = 10; x < 10 + w; x++) {
                SDL_Color c = pixel_at(f, x, y);
                best = c.r > best.r ? c : best;
            }
        }
        CHECK_MSG(best.r >= 250 && best.g <= 70 && best.b <= 70, "brightest (%d, %d, %d)",
                  best.r, best.g, best.b);
        SDL_DestroySurface(f);

        /* Empty text: 0 x 0, nothing drawn, not an error. */
        CHECK_OK(akgl_text_measure(font, "", &w, &h));
        CHECK(w == 0 && h == 0);
        f = draw_text(&s, font, "", 10.0f, 10.0f, NULL);
        CHECK_INT_EQ(ink_in(f, 0, 0, 0, 0).outside, 0);
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        SDL_DestroySurface(f);
        CHECK_OK(akgl_text_measure(font, "x", NULL, NULL));
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

static void test_alignment_places_the_box(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(16.0f);
        const char *text = "Score 1234";
        int w = 0, h = 0;
        CHECK_OK(akgl_text_measure(font, text, &w, &h));
        akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;

        style.align = AKGL_TEXT_ALIGN_CENTER;
        SDL_Surface *f = draw_text(&s, font, text, 100.0f, 30.0f, &style);
        int left = (int)floorf(100.0f - (float)w / 2.0f);
        Ink ink = ink_in(f, left, 30, w + 1, h);
        CHECK(ink.inside > 50);
        CHECK_INT_EQ(ink.outside, 0);
        CHECK_MSG(abs((ink.min_x + ink.max_x) / 2 - 100) <= 3, "centre of ink at %d",
                  (ink.min_x + ink.max_x) / 2);
        SDL_DestroySurface(f);

        style.align = AKGL_TEXT_ALIGN_RIGHT;
        f = draw_text(&s, font, text, 190.0f, 30.0f, &style);
        ink = ink_in(f, 190 - w, 30, w, h);
        CHECK(ink.inside > 50);
        CHECK_INT_EQ(ink.outside, 0);
        CHECK(ink.max_x >= 185);
        SDL_DestroySurface(f);

        style.align = (akgl_TextAlign)7;
        CHECK_STATUS_MSG(akgl_text_draw_styled(font, text, 0.0f, 0.0f, &style), AKERR_VALUE,
                         "alignment 7");
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

static void test_wrapping_at_a_width(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(14.0f);
        const char *text = "the quick brown fox jumps over the lazy dog";
        int w1 = 0, h1 = 0, w = 0, h = 0;
        CHECK_OK(akgl_text_measure(font, text, &w1, &h1));
        CHECK(w1 > 200);
        CHECK_OK(akgl_text_measure_wrapped(font, text, 100, &w, &h));
        CHECK_MSG(w <= 100 && w > 50, "wrapped width %d", w);
        CHECK_MSG(h >= 3 * h1 && h < 6 * h1, "wrapped height %d (a line is %d)", h, h1);

        akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
        style.wrap_width = 100;
        SDL_Surface *f = draw_text(&s, font, text, 10.0f, 5.0f, &style);
        Ink ink = ink_in(f, 10, 5, 100, h);
        CHECK(ink.inside > 200);
        CHECK_INT_EQ(ink.outside, 0);
        CHECK_MSG(ink.max_y >= 5 + 2 * h1, "ink ends at row %d: no third line", ink.max_y);
        SDL_DestroySurface(f);

        /* '\n' breaks without a width. */
        CHECK_OK(akgl_text_measure(font, "one\ntwo", &w, &h));
        CHECK(h >= 2 * h1);
        CHECK_STATUS_MSG(akgl_text_measure_wrapped(font, text, -1, &w, &h), AKERR_VALUE,
                         "wrap width -1");
        style.wrap_width = -5;
        CHECK_STATUS_MSG(akgl_text_draw_styled(font, text, 0.0f, 0.0f, &style), AKERR_VALUE,
                         "wrap width -5");
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

static void test_world_text_follows_the_camera(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(16.0f);
        int w = 0, h = 0;
        CHECK_OK(akgl_text_measure(font, "label", &w, &h));
        akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
        style.world = true;
        s.r.camera->x = 300.0f;
        s.r.camera->y = 200.0f;
        SDL_Surface *f = draw_text(&s, font, "label", 320.0f, 230.0f, &style);
        Ink ink = ink_in(f, 20, 30, w, h);
        CHECK(ink.inside > 30);
        CHECK_INT_EQ(ink.outside, 0);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        SDL_DestroySurface(f);
        /* Wholly outside the view: culled, counted, nothing drawn. */
        f = draw_text(&s, font, "label", 320.0f + W, 230.0f, &style);
        CHECK_INT_EQ(s.r.stats.culled, 1);
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        CHECK_INT_EQ(ink_in(f, 0, 0, 0, 0).outside, 0);
        SDL_DestroySurface(f);
        /* Screen text ignores the camera. */
        style.world = false;
        f = draw_text(&s, font, "label", 20.0f, 30.0f, &style);
        CHECK_INT_EQ(ink_in(f, 20, 30, w, h).outside, 0);
        SDL_DestroySurface(f);
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

static void test_the_cache_keeps_the_most_recent_strings(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(12.0f);
        akgl_FontStats st;
        const SDL_Color white = {255, 255, 255, 255};
        CHECK_OK(akgl_text_draw(font, "A", 0.0f, 0.0f, white));
        CHECK_OK(akgl_text_draw(font, "A", 0.0f, 0.0f, (SDL_Color){255, 0, 0, 255}));
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK(st.misses == 1 && st.hits == 1);
        /* The same string at another wrap width is another layout. */
        CHECK_OK(akgl_text_measure_wrapped(font, "A", 50, NULL, NULL));
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK(st.misses == 2 && st.hits == 1);
        /* AKGL_FONT_TEXT_CACHE newer strings push "A" out ... */
        char name[16];
        for (int i = 0; i < AKGL_FONT_TEXT_CACHE; i++) {
            snprintf(name, sizeof(name), "s%d", i);
            CHECK_OK(akgl_text_draw(font, name, 0.0f, 0.0f, white));
        }
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK_INT_EQ(st.misses, 2 + AKGL_FONT_TEXT_CACHE);
        CHECK_OK(akgl_text_draw(font, "A", 0.0f, 0.0f, white));
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK_INT_EQ(st.misses, 3 + AKGL_FONT_TEXT_CACHE);
        /* ... while a recent one is still there, the oldest ("s0") is not. */
        snprintf(name, sizeof(name), "s%d", AKGL_FONT_TEXT_CACHE - 1);
        CHECK_OK(akgl_text_draw(font, name, 0.0f, 0.0f, white));
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK_INT_EQ(st.misses, 3 + AKGL_FONT_TEXT_CACHE);
        CHECK_INT_EQ(st.hits, 2);
        CHECK_OK(akgl_text_draw(font, "s0", 0.0f, 0.0f, white));
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK_INT_EQ(st.misses, 4 + AKGL_FONT_TEXT_CACHE);
        CHECK_OK(akgl_font_stats(NULL, &st)); /* the default font's */
        CHECK_STATUS(akgl_font_stats(font, NULL), AKERR_NULLPOINTER);
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

/* ---- the HUD ------------------------------------------------------------- */

typedef struct Hud
{
    akgl_Font *font;
    int calls;
    bool fail;
    SDL_FRect box; /* filled in screen pixels, over the world */
} Hud;

static akerr_ErrorContext *draw_hud(akgl_Renderer *r, void *userdata)
{
    Hud *hud = userdata;
    PREPARE_ERROR(errctx);
    hud->calls++;
    FAIL_NONZERO_RETURN(errctx, hud->fail, AKERR_BEHAVIOR, "the HUD failed on purpose");
    FAIL_ZERO_RETURN(errctx, SDL_SetRenderDrawColor(r->sdl_renderer, 250, 250, 250, 255) &&
                                 SDL_RenderFillRect(r->sdl_renderer, &hud->box),
                     AKERR_API, "HUD box: %s", SDL_GetError());
    if (hud->font != NULL) {
        PASS(errctx, akgl_text_draw(hud->font, "Score: 1234", 120.0f, 4.0f,
                                    (SDL_Color){255, 255, 0, 255}));
        PASS(errctx, akgl_text_draw(hud->font, "Lives: 3", 120.0f, 24.0f,
                                    (SDL_Color){0, 255, 255, 255}));
    }
    SUCCEED_RETURN(errctx);
}

static void test_the_hud_draws_over_the_world_whatever_the_camera(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        const int cells[] = {2};
        akgl_Sprite *spr = make_sprite(&s, "world", cells, 1, 100, true, false);
        akgl_Character *c = make_character("world-char", 0);
        int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        CHECK_OK(c->sprite_add(c, spr, stand));
        akgl_Actor *a = make_actor("under-hud", "world-char");
        a->state = stand;
        a->x = 0.0f;
        a->y = 0.0f;
        Hud hud = {NULL, 0, false, {10.0f, 10.0f, 20.0f, 20.0f}};
        scene_capture(&s.r);
        CHECK_OK(akgl_game_set_overlay(draw_hud, &hud));

        /* Camera at (-10, -10): the actor covers screen (10..57, 10..57); the
         * HUD box is drawn over it, in screen pixels. */
        s.r.camera->x = -10.0f;
        s.r.camera->y = -10.0f;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(hud.calls, 1);
        CHECK_INT_EQ(scene_frames_seen, 1);
        CHECK_PIXEL(scene_last_frame, 15, 15, ((SDL_Color){250, 250, 250, 255}));
        CHECK_PIXEL(scene_last_frame, 40, 40, CELL_FILL[2]);
        /* The camera moves; the world moves under the HUD, the HUD does not. */
        s.r.camera->x = 30.0f;
        s.r.camera->y = 0.0f;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 15, 15, ((SDL_Color){250, 250, 250, 255}));
        CHECK_PIXEL(scene_last_frame, 25, 15, ((SDL_Color){250, 250, 250, 255}));
        CHECK_PIXEL(scene_last_frame, 12, 40, CELL_FILL[2]); /* the actor's last 18 columns */
        CHECK_PIXEL(scene_last_frame, 40, 40, CLEAR);
        /* Its error ends the frame before present, and is returned. */
        hud.fail = true;
        CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_BEHAVIOR, "on purpose");
        CHECK_INT_EQ(scene_frames_seen, 2);
        hud.fail = false;
        /* NULL removes it. */
        CHECK_OK(akgl_game_set_overlay(NULL, &hud));
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(hud.calls, 3);
        CHECK_PIXEL(scene_last_frame, 25, 15, CLEAR);
        scene_capture_done();
        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_the_same_text_for_100_frames_allocates_nothing(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        Hud hud = {load_font(16.0f), 0, false, {0.0f, 90.0f, 4.0f, 4.0f}};
        /* A game lays its HUD strings out while loading, by measuring them
         * (their glyphs go to the font's atlas then, not mid-frame). */
        CHECK_OK(akgl_text_measure(hud.font, "Score: 1234", NULL, NULL));
        CHECK_OK(akgl_text_measure(hud.font, "Lives: 3", NULL, NULL));
        CHECK_OK(akgl_game_set_overlay(draw_hud, &hud));
        CHECK_OK(akgl_game_update(NULL)); /* the first: SDL's queue takes its size */
        int before = SDL_GetAtomicInt(&allocations);
        for (int i = 0; i < 99; i++) {
            CHECK_OK(akgl_game_update(NULL));
        }
        int during = SDL_GetAtomicInt(&allocations) - before;
        CHECK_MSG(during == 0, "%d SDL allocations in frames 2..100", during);
        akgl_FontStats st;
        CHECK_OK(akgl_font_stats(hud.font, &st));
        CHECK_INT_EQ(st.misses, 2);
        CHECK_INT_EQ(st.hits, 2 * 100);
        /* And the text is there, in its colour, at the end. */
        SDL_Surface *f = read_screen(s.r.sdl_renderer);
        bool yellow = false;
        for (int y = 4; y < 24 && !yellow; y++) {
            for (int x = 120; x < W && !yellow; x++) {
                SDL_Color c = pixel_at(f, x, y);
                yellow = c.r > 200 && c.g > 200 && c.b < 60;
            }
        }
        CHECK(yellow);
        SDL_DestroySurface(f);
        CHECK_OK(akgl_game_set_overlay(NULL, NULL));
        CHECK_OK(akgl_heap_release_font(hud.font));
    }
    scene_close(&s);
}

/* ---- bad input ----------------------------------------------------------- */

static void check_refused_load(const char *path, float size, int status, const char *needle)
{
    akgl_Font *font = (akgl_Font *)&font; /* must come back NULL */
    int blocks = SDL_GetAtomicInt(&live_blocks);
    CHECK_STATUS_MSG(akgl_font_load(path, size, &font), status, needle);
    CHECK(font == NULL);
    CHECK_INT_EQ(TTF_WasInit(), 0);
    int left = SDL_GetAtomicInt(&live_blocks) - blocks;
    CHECK_MSG(left == 0, "%d SDL blocks left behind loading \"%s\" at %g", left,
              path ? path : "(null)", (double)size);
}

static void test_bad_fonts_are_refused_and_leave_nothing(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        /* Warm up: SDL keeps an error buffer per thread from the first error. */
        akgl_Font *font = NULL;
        CHECK_STATUS(akgl_font_load(AKGL_TEST_ASSETS_DIR "/README.md", 12.0f, &font),
                     AKERR_FORMAT);
        /* A missing file: where akgl looked, the working directory, the roots. */
        /* As akgl says them: the working directory and the roots resolved
         * (on Windows "Z:/work/..." for "/work/...", with '/'). */
        char cwd[4096] = "", assets[4096] = "", fonts[4096] = "";
        CHECK_OK(aksl_getcwd(cwd, sizeof(cwd)));
        CHECK_OK(aksl_realpath(AKGL_TEST_ASSETS_DIR, assets));
        CHECK_OK(aksl_realpath("/usr/share/fonts", fonts));
        char needle[3 * 4096 + 256];
        check_refused_load("/no/such/font.ttf", 12.0f, ENOENT,
                           "font \"/no/such/font.ttf\": no such file: akgl looked for "
                           "\"/no/such/font.ttf\"");
        CHECK(snprintf(needle, sizeof(needle), "(the working directory is \"%s\"); the deepest "
                 "folder of it that exists is \"/\"; no asset root is set", cwd)
              < (int)sizeof(needle));
        check_refused_load("/no/such/font.ttf", 12.0f, ENOENT, needle);
        CHECK(snprintf(needle, sizeof(needle), "font \"fonts/missing.ttf\": no such file: akgl "
                 "looked for \"%s/fonts/missing.ttf\" (the working directory is \"%s\"); the "
                 "deepest folder of it that exists is \"%s\"", cwd, cwd, cwd)
              < (int)sizeof(needle));
        check_refused_load("fonts/missing.ttf", 12.0f, ENOENT, needle);
        CHECK_OK(akgl_file_set_root(AKGL_TEST_ASSETS_DIR));
        CHECK_OK(akgl_file_add_root("/usr/share/fonts"));
        CHECK(snprintf(needle, sizeof(needle), "; the deepest folder of it that exists is \""
                 AKGL_TEST_ASSETS_DIR "\"; the asset roots are \"%s\", \"%s\" (a relative "
                 "path is taken from the working directory, not from a root)", assets, fonts)
              < (int)sizeof(needle));
        check_refused_load(AKGL_TEST_ASSETS_DIR "/fonts/none.ttf", 12.0f, ENOENT, needle);
        CHECK_OK(akgl_file_set_root(AKGL_TEST_ASSETS_DIR));
        CHECK(snprintf(needle, sizeof(needle), "; the asset root is \"%s\" (a relative", assets)
              < (int)sizeof(needle));
        check_refused_load("none.ttf", 12.0f, ENOENT, needle);
        CHECK_OK(akgl_file_set_root(NULL));
        check_refused_load(AKGL_TEST_ASSETS_DIR "/README.md", 12.0f, AKERR_FORMAT,
                           "README.md\" cannot be read as a font");
        check_refused_load(SHEET_PATH, 12.0f, AKERR_FORMAT, "sheet_192x96_48.png");
        check_refused_load(FONT, 0.0f, AKERR_VALUE, "DejaVuSans.ttf\": size 0;");
        check_refused_load(FONT, -3.0f, AKERR_VALUE, "size -3;");
        check_refused_load(FONT, NAN, AKERR_VALUE, "size nan;");
        check_refused_load(FONT, INFINITY, AKERR_VALUE, "size inf;");
        check_refused_load(FONT, 5000.0f, AKERR_VALUE, "at most 1024");
        check_refused_load(NULL, 12.0f, AKERR_NULLPOINTER, "NULL path");
        char longpath[AKGL_FONT_MAX_PATH_LENGTH + 8];
        memset(longpath, 'a', sizeof(longpath) - 1);
        longpath[sizeof(longpath) - 1] = '\0';
        check_refused_load(longpath, 12.0f, AKERR_OUTOFBOUNDS, "AKGL_FONT_MAX_PATH_LENGTH");
        CHECK_STATUS(akgl_font_load(FONT, 12.0f, NULL), AKERR_NULLPOINTER);

        /* Invalid UTF-8, named by offset; a real U+FFFD is fine. */
        font = load_font(12.0f);
        CHECK_STATUS_MSG(akgl_text_draw(font, "ab\xff", 0.0f, 0.0f, CLEAR), AKERR_FORMAT,
                         "not valid UTF-8 at byte 2 (0xff)");
        CHECK_STATUS_MSG(akgl_text_measure(font, "abc\xc3", NULL, NULL), AKERR_FORMAT,
                         "at byte 3");
        CHECK_STATUS_MSG(akgl_text_measure(font, "\xc0\xaf", NULL, NULL), AKERR_FORMAT,
                         "at byte 0");
        CHECK_STATUS_MSG(akgl_text_measure(font, "x\xed\xa0\x80", NULL, NULL), AKERR_FORMAT,
                         "at byte 1"); /* a UTF-16 surrogate */
        CHECK_OK(akgl_text_measure(font, "\xEF\xBF\xBD \xC3\xA9t\xC3\xA9 \xE2\x82\xAC", NULL,
                                   NULL));
        akgl_FontStats st;
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK_INT_EQ(st.misses, 1); /* refused text never took a cache entry */

        /* Bad draws. */
        CHECK_STATUS(akgl_text_draw(font, NULL, 0.0f, 0.0f, CLEAR), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_text_measure(font, NULL, NULL, NULL), AKERR_NULLPOINTER);
        /* A NULL font is the default font (test_text_default.c), not an error. */
        CHECK_OK(akgl_text_draw(NULL, "x", 0.0f, 0.0f, CLEAR));
        CHECK_OK(akgl_text_measure(NULL, "x", NULL, NULL));
        CHECK_STATUS_MSG(akgl_text_draw(font, "x", NAN, 0.0f, CLEAR), AKERR_VALUE,
                         "(nan, 0) is not finite");
        CHECK_STATUS_MSG(akgl_text_draw(font, "x", 0.0f, -INFINITY, CLEAR), AKERR_VALUE,
                         "not finite");
        /* Another renderer bound: the font's is not the game's any more. */
        SDL_Surface *other_target = SDL_CreateSurface(8, 8, SDL_PIXELFORMAT_RGBA32);
        SDL_Renderer *other_sdl = SDL_CreateSoftwareRenderer(other_target);
        akgl_Renderer other;
        SDL_zero(other);
        CHECK_OK(akgl_render_2d_bind(&other, other_sdl));
        CHECK_STATUS_MSG(akgl_text_draw(font, "x", 0.0f, 0.0f, CLEAR), AKERR_BEHAVIOR,
                         "no longer bound");
        CHECK_STATUS_MSG(akgl_text_measure(font, "y", NULL, NULL), AKERR_BEHAVIOR,
                         "no longer bound");
        CHECK_OK(other.shutdown(&other));
        CHECK_STATUS(akgl_text_draw(font, "x", 0.0f, 0.0f, CLEAR), AKERR_BEHAVIOR);
        game.renderer = &s.r;
        game.camera = s.r.camera;
        SDL_DestroyRenderer(other_sdl);
        SDL_DestroySurface(other_target);

        /* Released twice: the second is refused, not a second teardown. */
        CHECK_OK(akgl_heap_release_font(font));
        CHECK_STATUS(akgl_heap_release_font(font), AKGL_ERR_HEAP);
        CHECK_STATUS(akgl_heap_release_font(NULL), AKERR_NULLPOINTER);
        CHECK_INT_EQ(TTF_WasInit(), 0);
    }
    scene_close(&s);
    /* No renderer at all. */
    akgl_Font *font = NULL;
    CHECK_STATUS_MSG(akgl_font_load(FONT, 12.0f, &font), AKERR_BEHAVIOR, "no renderer is bound");
}

static void test_fonts_go_with_the_level(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *a = load_font(10.0f);
        akgl_Font *b = load_font(30.0f);
        CHECK_OK(akgl_text_draw(a, "small", 0.0f, 0.0f, CLEAR));
        CHECK_OK(akgl_text_draw(b, "large", 0.0f, 0.0f, CLEAR));
        CHECK_INT_EQ(TTF_WasInit(), 2);
        int n = 0;
        CHECK_OK(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
        CHECK_INT_EQ(n, 2);
        /* Another kind's unload leaves fonts alone. */
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
        CHECK_OK(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
        CHECK_INT_EQ(n, 2);
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_FONTS));
        CHECK_OK(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
        CHECK_INT_EQ(n, 0);
        CHECK_INT_EQ(TTF_WasInit(), 0);
        /* A font kept after the unload: the message says it was released. */
        const char *released = "the font was released (akgl_heap_release_font, or "
                               "akgl_game_unload with AKGL_UNLOAD_FONTS, which releases every "
                               "loaded font); load it again, or draw with the default font";
        CHECK_STATUS_MSG(akgl_text_draw(a, "small", 0.0f, 0.0f, CLEAR), AKERR_BEHAVIOR,
                         released);
        CHECK_STATUS_MSG(akgl_text_draw(a, "small", 0.0f, 0.0f, CLEAR), AKERR_BEHAVIOR,
                         "akgl_text_draw: the font was released");
        CHECK_STATUS_MSG(akgl_text_measure(b, "large", NULL, NULL), AKERR_BEHAVIOR,
                         "akgl_text_measure: the font was released");
        akgl_FontStats st;
        CHECK_STATUS_MSG(akgl_font_stats(b, &st), AKERR_BEHAVIOR, released);
        CHECK_STATUS(akgl_heap_release_font(a), AKGL_ERR_HEAP);
        CHECK_OK(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
        CHECK_INT_EQ(n, 0);
        /* A font held twice goes too. */
        a = load_font(10.0f);
        CHECK_OK(akgl_heap_next_font(&b)); /* claimed, never loaded */
        CHECK_OK(akgl_game_unload(AKGL_UNLOAD_FONTS));
        CHECK_OK(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
        CHECK_INT_EQ(n, 0);
        CHECK_STATUS(akgl_heap_next_font(NULL), AKERR_NULLPOINTER);
    }
    scene_close(&s);
}

int main(void)
{
    count_allocations(); /* before SDL allocates anything */
    AKGL_TEST_BEGIN();
    CHECK_OK(akgl_time_use_manual(true));
    RUN_TEST(test_glyphs_lie_inside_the_measured_box);
    RUN_TEST(test_alignment_places_the_box);
    RUN_TEST(test_wrapping_at_a_width);
    RUN_TEST(test_world_text_follows_the_camera);
    RUN_TEST(test_the_cache_keeps_the_most_recent_strings);
    RUN_TEST(test_the_hud_draws_over_the_world_whatever_the_camera);
    RUN_TEST(test_the_same_text_for_100_frames_allocates_nothing);
    RUN_TEST(test_bad_fonts_are_refused_and_leave_nothing);
    RUN_TEST(test_fonts_go_with_the_level);
    CHECK_OK(akgl_time_use_manual(false));
    return AKGL_TEST_END();
}
