/*
 * Text of many lines, and what text is refused (docs/17-text.md):
 * - a string of several lines is laid out line by line, and draws exactly
 *   the pixels SDL3_ttf's own layout of it draws (SDL3_ttf is asked
 *   directly, with a font and text engine of the test's own), wrapped or
 *   not, with blank lines, "\r\n", lone '\r', tabs, trailing blanks, words
 *   wider than the wrap width and paragraphs longer than a measuring window;
 * - 1024 lines (AKGL_TEXT_MAX_LINES) and 900 wrapped lines: the box is the
 *   first line's height and a line skip a further row, and rows at the
 *   start, middle and end draw as the same line drawn alone; drawing the
 *   laid-out string again allocates nothing;
 * - over AKGL_TEXT_MAX_LENGTH bytes or AKGL_TEXT_MAX_LINES lines (before or
 *   after wrapping), every entry point refuses with AKERR_OUTOFBOUNDS naming
 *   the count, the limit and its name: nothing drawn, no cache entry, no SDL
 *   memory kept;
 * - the UTF-8 check is strict: overlong forms, surrogates, code points
 *   above U+10FFFF, bytes no sequence starts with and cut sequences are each
 *   refused with the offset and the reason; the boundaries of each range are
 *   accepted.
 *
 * The font is Debian's fonts-dejavu-core, read where the package puts it.
 */
#include <akgl/render.h>
#include <akgl/text.h>

#include <SDL3_ttf/SDL_ttf.h>

#include "scene.h"
#include "text_fixture.h"

#define W 480
#define H 320

static const SDL_Color WHITE = {255, 255, 255, 255};


/* ---- helpers ------------------------------------------------------------- */

/* Draws with akgl on a cleared canvas; returns the pixels. */
static SDL_Surface *draw_akgl(Scene *s, akgl_Font *font, const char *text, float x, float y,
                              int wrap)
{
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    style.wrap_width = wrap;
    CHECK_OK(s->r.frame_start(&s->r));
    CHECK_OK(akgl_text_draw_styled(font, text, x, y, &style));
    return read_screen(s->sdl);
}

/* The same colour but for a step of rounding: the software renderer samples
 * a glyph from its place in the atlas, and two engines place glyphs
 * differently. A glyph a pixel away differs by far more. */
static bool near_rgb(SDL_Color a, SDL_Color b)
{
    return abs(a.r - b.r) <= 2 && abs(a.g - b.g) <= 2 && abs(a.b - b.b) <= 2;
}

/* How many pixels of two canvases differ (the first few named). */
static int differing(SDL_Surface *a, SDL_Surface *b, const char *what)
{
    int n = 0;
    for (int y = 0; a != NULL && b != NULL && y < a->h; y++) {
        for (int x = 0; x < a->w; x++) {
            SDL_Color ca = pixel_at(a, x, y), cb = pixel_at(b, x, y);
            if (!near_rgb(ca, cb)) {
                if (n < 3) {
                    fprintf(stderr, "  %s: (%d, %d) is (%d, %d, %d), SDL3_ttf's (%d, %d, %d)\n",
                            what, x, y, ca.r, ca.g, ca.b, cb.r, cb.g, cb.b);
                }
                n++;
            }
        }
    }
    return n;
}

/* Pixels that are not the clear colour in rows [y0, y1) and outside them. */
static void ink_rows(SDL_Surface *f, int y0, int y1, int *inside, int *outside)
{
    *inside = *outside = 0;
    for (int y = 0; f != NULL && y < f->h; y++) {
        for (int x = 0; x < f->w; x++) {
            if (!same_rgb(pixel_at(f, x, y), CLEAR)) {
                *(y >= y0 && y < y1 ? inside : outside) += 1;
            }
        }
    }
}

/* Whether rows [y, y + h) of two canvases are the same pixels. */
static bool same_band(SDL_Surface *a, SDL_Surface *b, int y, int h)
{
    for (int row = y; row < y + h && row < a->h; row++) {
        for (int x = 0; x < a->w; x++) {
            if (!same_rgb(pixel_at(a, x, row), pixel_at(b, x, row))) {
                return false;
            }
        }
    }
    return true;
}

/* The height of `line` alone, and the font's line skip (what a second line
 * of it adds), from akgl's own measures. */
static void line_metrics(akgl_Font *font, const char *line, int *line_h, int *skip)
{
    char two[64];
    int h1 = 0, h2 = 0;
    SDL_snprintf(two, sizeof(two), "%s\n%s", line, line);
    CHECK_OK(akgl_text_measure(font, line, NULL, &h1));
    CHECK_OK(akgl_text_measure(font, two, NULL, &h2));
    *line_h = h1;
    *skip = h2 - h1;
    CHECK_MSG(h1 > 0 && *skip > 0 && *skip <= h1 + 2, "a line %d high, a skip of %d", h1,
              *skip);
}

/* ---- SDL3_ttf's own layout, for comparison ------------------------------ */

typedef struct Reference
{
    TTF_Font *ttf;
    TTF_TextEngine *engine;
} Reference;

static bool reference_open(Reference *ref, SDL_Renderer *sdl, float size)
{
    SDL_zerop(ref);
    if (!TTF_Init()) {
        test_failf_(__FILE__, __LINE__, "TTF_Init: %s", SDL_GetError());
        return false;
    }
    ref->ttf = TTF_OpenFont(FONT, size);
    /* With our own property set: TTF_CreateRendererTextEngine keeps its own
     * until SDL_Quit (docs/19). */
    SDL_PropertiesID props = SDL_CreateProperties();
    CHECK(SDL_SetPointerProperty(props, TTF_PROP_RENDERER_TEXT_ENGINE_RENDERER, sdl));
    CHECK(SDL_SetNumberProperty(props, TTF_PROP_RENDERER_TEXT_ENGINE_ATLAS_TEXTURE_SIZE,
                                AKGL_FONT_ATLAS_SIZE));
    ref->engine = TTF_CreateRendererTextEngineWithProperties(props);
    SDL_DestroyProperties(props);
    CHECK_MSG(ref->ttf != NULL && ref->engine != NULL, "SDL3_ttf: %s", SDL_GetError());
    return ref->ttf != NULL && ref->engine != NULL;
}

static void reference_close(Reference *ref)
{
    if (ref->engine != NULL) {
        TTF_DestroyRendererTextEngine(ref->engine);
    }
    if (ref->ttf != NULL) {
        TTF_CloseFont(ref->ttf);
    }
    TTF_Quit();
}

/* SDL3_ttf lays the whole string out itself and draws it; its box too. */
static SDL_Surface *draw_reference(Scene *s, Reference *ref, const char *text, float x, float y,
                                   int wrap, int *w, int *h)
{
    CHECK_OK(s->r.frame_start(&s->r));
    TTF_Text *t = TTF_CreateText(ref->engine, ref->ttf, text, 0);
    CHECK(t != NULL && TTF_SetTextWrapWidth(t, wrap) && TTF_DrawRendererText(t, x, y) &&
          TTF_GetTextSize(t, w, h));
    SDL_Surface *f = read_screen(s->sdl);
    TTF_DestroyText(t);
    return f;
}

/* ---- cases --------------------------------------------------------------- */

#define LOREM                                                                               \
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "         \
    "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud "     \
    "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure "  \
    "dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. " \
    "Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt."
/* 12 words, 72 bytes. */
#define ETE "\xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 " \
            "\xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 " \
            "\xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 "

static void test_lines_draw_as_sdl3_ttf_lays_them_out(void)
{
    static const struct
    {
        const char *text;
        int wrap;
    } cases[] = {
        {"the quick brown fox jumps over the lazy dog", 100},
        {"one\ntwo\n\nfour", 0},
        {"one\ntwo\n\nfour", 60},
        {"trailing   \n  leading blanks stay after a newline", 0},
        {"trailing   \n  leading blanks stay after a newline", 120},
        {"crlf\r\nline\rlone cr, and more words after it", 80},
        {"averyveryverylongwordthatfitsnoline and then more", 60},
        {"tabs\there\tand\tthere and here", 50},
        {"\xC3\xA9t\xC3\xA9 \xC3\xA0 No\xC3\xABl, \xC3\xA7" "a co\xC3\xBBte cher", 70},
        {"ends with a newline\n", 0},
        {"\n\nstarts with two newlines", 0},
        /* Paragraphs longer than the first measuring window (256 bytes). */
        {LOREM, 300},
        {"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwx"
         "yzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW"
         "XYZ0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklm"
         "nopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 and a few words at the end",
         400},
        /* Lines longer than the first window (it doubles), and a window
         * that would cut a two-byte character. */
        {LOREM, 2500},
        {ETE ETE ETE ETE ETE ETE ETE ETE ETE ETE, 1800},
    };
    Scene s;
    Reference ref;
    SDL_zero(ref);
    if (scene_open_bound(&s, W, H) && reference_open(&ref, s.sdl, 13.0f)) {
        akgl_Font *font = load_font(13.0f);
        for (size_t i = 0; i < SDL_arraysize(cases) && font != NULL; i++) {
            int rw = 0, rh = 0, w = 0, h = 0;
            SDL_Surface *want = draw_reference(&s, &ref, cases[i].text, 7.0f, 5.0f,
                                               cases[i].wrap, &rw, &rh);
            SDL_Surface *got = draw_akgl(&s, font, cases[i].text, 7.0f, 5.0f, cases[i].wrap);
            int n = differing(got, want, cases[i].text);
            CHECK_MSG(n == 0, "case %zu (wrap %d): %d pixels differ from SDL3_ttf's layout", i,
                      cases[i].wrap, n);
            CHECK_OK(akgl_text_measure_wrapped(font, cases[i].text, cases[i].wrap, &w, &h));
            /* The same box, but that SDL3_ttf's height of several lines also
             * counts the '\n' characters' own glyphs (a pixel, at most). */
            CHECK_MSG(w == rw && h <= rh && h >= rh - 1,
                      "case %zu (wrap %d): box %d x %d, SDL3_ttf's %d x %d", i, cases[i].wrap, w,
                      h, rw, rh);
            SDL_DestroySurface(want);
            SDL_DestroySurface(got);
        }
        if (font != NULL) {
            CHECK_OK(akgl_heap_release_font(font));
        }
    }
    reference_close(&ref);
    scene_close(&s);
}

/* "row 0000" ... one a line; `rows` of them, the last without '\n'. */
static char *numbered_rows(int rows)
{
    char *text = SDL_malloc((size_t)rows * 9 + 1);
    size_t at = 0;
    for (int i = 0; text != NULL && i < rows; i++) {
        at += (size_t)SDL_snprintf(text + at, 10, "row %04d\n", i);
    }
    if (text != NULL) {
        text[at - 1] = '\0';
    }
    return text;
}

static void test_a_thousand_lines_are_each_where_they_belong(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(12.0f);
        char *text = numbered_rows(AKGL_TEXT_MAX_LINES);
        int line_h = 0, skip = 0, w = 0, h = 0;
        line_metrics(font, "row 0000", &line_h, &skip);
        CHECK_OK(akgl_text_measure(font, text, &w, &h));
        CHECK_INT_EQ(h, line_h + skip * (AKGL_TEXT_MAX_LINES - 1));
        int widest = 0;
        char one[16];
        for (int i = 0; i < AKGL_TEXT_MAX_LINES; i++) {
            int lw = 0;
            SDL_snprintf(one, sizeof(one), "row %04d", i);
            CHECK_OK(akgl_text_measure(font, one, &lw, NULL));
            widest = lw > widest ? lw : widest;
        }
        CHECK_INT_EQ(w, widest);

        /* The first, a middle and the last row, each drawn at the top of the
         * canvas by moving the whole text up: the same pixels as the row
         * alone, and no ink beyond the rows that fit the canvas. */
        static const int rows[] = {0, 1, 511, AKGL_TEXT_MAX_LINES - 1};
        for (size_t i = 0; i < SDL_arraysize(rows); i++) {
            float top = 10.0f - (float)(skip * rows[i]);
            SDL_Surface *all = draw_akgl(&s, font, text, 4.0f, top, 0);
            SDL_snprintf(one, sizeof(one), "row %04d", rows[i]);
            SDL_Surface *alone = draw_akgl(&s, font, one, 4.0f, 10.0f, 0);
            CHECK_MSG(same_band(all, alone, 10, skip), "row %d differs from \"%s\" drawn alone",
                      rows[i], one);
            int inside = 0, outside = 0;
            ink_rows(all, (int)top < 0 ? 0 : (int)top, (int)top + h, &inside, &outside);
            CHECK(inside > 0);
            CHECK_INT_EQ(outside, 0);
            SDL_DestroySurface(all);
            SDL_DestroySurface(alone);
        }

        /* Laid out once: every draw and measure since was a hit, and a
         * frame that draws it again allocates nothing (after the first two,
         * where SDL's queue of render commands takes its size). */
        akgl_FontStats st;
        CHECK_OK(akgl_font_stats(font, &st));
        int misses = (int)st.misses;
        int during = 0;
        for (int frame = 0; frame < 4; frame++) {
            int before = SDL_GetAtomicInt(&allocations);
            CHECK_OK(s.r.frame_start(&s.r));
            CHECK_OK(akgl_text_draw(font, text, 0.0f, 0.0f,
                                    (SDL_Color){255, (Uint8)(frame * 60), 0, 255}));
            CHECK(SDL_FlushRenderer(s.sdl));
            during = SDL_GetAtomicInt(&allocations) - before;
        }
        CHECK_MSG(during == 0, "%d SDL allocations drawing 1024 laid-out lines", during);
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK_INT_EQ((int)st.misses, misses);
        SDL_free(text);
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

static void test_many_wrapped_lines_are_each_where_they_belong(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(12.0f);
        /* 900 words in one paragraph, each wider than half the wrap width:
         * one a line. */
        enum { WORDS = 900, WRAP = 60 };
        char *text = SDL_malloc(WORDS * 6 + 1);
        size_t at = 0;
        for (int i = 0; text != NULL && i < WORDS; i++) {
            at += (size_t)SDL_snprintf(text + at, 7, "%sw%03d", i ? " " : "", i);
        }
        int line_h = 0, skip = 0, w = 0, h = 0, ww = 0;
        line_metrics(font, "w000", &line_h, &skip);
        CHECK_OK(akgl_text_measure(font, "w000 w001", &ww, NULL));
        CHECK_MSG(ww > WRAP, "two words are %d pixels: they must not share a line", ww);
        CHECK_OK(akgl_text_measure_wrapped(font, text, WRAP, &w, &h));
        CHECK_INT_EQ(w, WRAP);
        CHECK_INT_EQ(h, line_h + skip * (WORDS - 1));
        static const int rows[] = {0, 450, WORDS - 1};
        char one[8];
        for (size_t i = 0; i < SDL_arraysize(rows); i++) {
            float top = 10.0f - (float)(skip * rows[i]);
            SDL_Surface *all = draw_akgl(&s, font, text, 4.0f, top, WRAP);
            SDL_snprintf(one, sizeof(one), "w%03d", rows[i]);
            SDL_Surface *alone = draw_akgl(&s, font, one, 4.0f, 10.0f, 0);
            CHECK_MSG(same_band(all, alone, 10, skip), "wrapped row %d differs from \"%s\"",
                      rows[i], one);
            SDL_DestroySurface(all);
            SDL_DestroySurface(alone);
        }
        SDL_free(text);
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

/* Each entry point refuses `text` with `needle`, drawing nothing, taking no
 * cache entry and keeping no SDL memory. */
static void check_refused(Scene *s, akgl_Font *font, const char *text, int wrap,
                          const char *needle)
{
    akgl_FontStats before, after;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    style.wrap_width = wrap;
    CHECK_OK(akgl_font_stats(font, &before));
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
    int blocks = SDL_GetAtomicInt(&live_blocks);
    int w = -1, h = -1;
    for (int call = 0; call < 4; call++) {
        akerr_ErrorContext *e = NULL;
        if (call == 0) {
            e = wrap ? NULL : akgl_text_draw(font, text, 1.0f, 1.0f, WHITE);
        } else if (call == 1) {
            e = akgl_text_draw_styled(font, text, 1.0f, 1.0f, &style);
        } else if (call == 2) {
            e = wrap ? NULL : akgl_text_measure(font, text, &w, &h);
        } else {
            e = akgl_text_measure_wrapped(font, text, wrap, &w, &h);
        }
        if (e == NULL && wrap && (call == 0 || call == 2)) {
            continue; /* the unwrapped calls do not wrap */
        }
        int status = test_status_of_(e, msg);
        static const char prefix[] = "font \"" FONT "\": ";
        CHECK_MSG(status == AKERR_OUTOFBOUNDS && strstr(msg, needle) != NULL &&
                      strncmp(msg, prefix, sizeof(prefix) - 1) == 0,
                  "call %d: status %d, \"%s\"; expected \"%s\"", call, status, msg, needle);
    }
    CHECK(w == -1 && h == -1);
    CHECK_INT_EQ(s->r.stats.submitted, 0);
    int left = SDL_GetAtomicInt(&live_blocks) - blocks;
    CHECK_MSG(left == 0, "%d SDL blocks kept by a refused text", left);
    CHECK_OK(akgl_font_stats(font, &after));
    CHECK(after.misses == before.misses && after.hits == before.hits);
    SDL_Surface *f = read_screen(s->sdl);
    int inside = 0, outside = 0;
    ink_rows(f, 0, 0, &inside, &outside);
    CHECK_MSG(outside == 0, "a refused text drew %d pixels", outside);
    SDL_DestroySurface(f);
    fprintf(stderr, "  %s\n", msg);
}

static void test_text_over_the_limits_is_refused(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(12.0f);
        /* Exactly AKGL_TEXT_MAX_LENGTH bytes in AKGL_TEXT_MAX_LINES lines of
         * 16 (15 characters and a '\n'; the last without): both limits met. */
        char *text = SDL_malloc(AKGL_TEXT_MAX_LENGTH + 2);
        for (int i = 0; i < AKGL_TEXT_MAX_LINES; i++) {
            SDL_snprintf(text + i * 16, 17, "line %04d ABCDE\n", i);
        }
        CHECK_INT_EQ(AKGL_TEXT_MAX_LINES * 16, AKGL_TEXT_MAX_LENGTH);
        text[AKGL_TEXT_MAX_LENGTH - 1] = 'F';
        text[AKGL_TEXT_MAX_LENGTH] = '\0';
        int w = 0, h = 0;
        CHECK_OK(akgl_text_measure(font, text, &w, &h));
        CHECK(w > 0 && h > 0);
        CHECK_OK(akgl_text_draw(font, text, 0.0f, 0.0f, WHITE));

        /* One byte more. */
        text[AKGL_TEXT_MAX_LENGTH] = 'G';
        text[AKGL_TEXT_MAX_LENGTH + 1] = '\0';
        check_refused(&s, font, text, 0,
                      "the text is 16385 bytes; the limit is 16384 (AKGL_TEXT_MAX_LENGTH)");
        check_refused(&s, font, text, 100, "(AKGL_TEXT_MAX_LENGTH)");

        /* One line more: 1025 lines in 2049 bytes. A newline that ends the
         * text starts no line. */
        for (int i = 0; i < AKGL_TEXT_MAX_LINES; i++) {
            text[2 * i] = 'x';
            text[2 * i + 1] = '\n';
        }
        text[2 * AKGL_TEXT_MAX_LINES] = '\0';
        CHECK_OK(akgl_text_measure(font, text, NULL, &h));
        text[2 * AKGL_TEXT_MAX_LINES] = 'x';
        text[2 * AKGL_TEXT_MAX_LINES + 1] = '\0';
        check_refused(&s, font, text, 0,
                      "the text has 1025 lines; the limit is 1024 (AKGL_TEXT_MAX_LINES)");
        check_refused(&s, font, text, 100, "has 1025 lines");

        /* One line of 1100 words, wrapped one a line: over the limit only
         * once wrapped. */
        for (int i = 0; i < 1100; i++) {
            memcpy(text + 3 * i, "ab ", 3);
        }
        text[3 * 1100 - 1] = '\0';
        CHECK_OK(akgl_text_measure(font, text, NULL, NULL));
        check_refused(&s, font, text, 8,
                      "the text wraps to more than 1024 lines at 8 pixels; the limit is 1024 "
                      "(AKGL_TEXT_MAX_LINES)");
        SDL_free(text);
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

static void test_utf8_is_checked_strictly(void)
{
    static const struct
    {
        const char *text;
        const char *needle;
    } bad[] = {
        {"ab\x80", "at byte 2 (0x80): a continuation byte where a character should start"},
        {"\xC0\xAF", "at byte 0 (0xc0): an overlong form"},
        {"\xC1\xBF", "at byte 0 (0xc1): an overlong form"},
        {"a\xE0\x80\xAF", "at byte 1 (0xe0): an overlong form"},
        {"a\xE0\x9F\xBF", "at byte 1 (0xe0): an overlong form"},
        {"\xF0\x80\x80\xAF", "at byte 0 (0xf0): an overlong form"},
        {"\xF0\x8F\xBF\xBF", "at byte 0 (0xf0): an overlong form"},
        {"x\xED\xA0\x80", "at byte 1 (0xed): a UTF-16 surrogate"},
        {"x\xED\xBF\xBF", "at byte 1 (0xed): a UTF-16 surrogate"},
        {"\xF4\x90\x80\x80", "at byte 0 (0xf4): a code point above U+10FFFF"},
        {"ok \xF4\xBF\xBF\xBF", "at byte 3 (0xf4): a code point above U+10FFFF"},
        {"\xF5\x80\x80\x80", "at byte 0 (0xf5): a code point above U+10FFFF"},
        {"\xF7\xBF\xBF\xBF", "at byte 0 (0xf7): a code point above U+10FFFF"},
        {"\xF8\x88\x80\x80\x80", "at byte 0 (0xf8): a byte that is never part of UTF-8"},
        {"ab\xff", "at byte 2 (0xff): a byte that is never part of UTF-8"},
        {"abc\xC3", "at byte 3 (0xc3): a sequence cut short"},
        {"\xE2\x82", "at byte 0 (0xe2): a sequence cut short"},
        {"\xE2\x82x", "at byte 0 (0xe2): a sequence cut short"},
        {"\xF0\x9F\x98", "at byte 0 (0xf0): a sequence cut short"},
        {"\xC3x", "at byte 0 (0xc3): a sequence cut short"},
    };
    /* The first and last code point of each range, and U+FFFD itself. */
    static const char *const good[] = {
        "\x01 \x7F",                     /* U+0001, U+007F */
        "\xC2\x80 \xDF\xBF",             /* U+0080, U+07FF */
        "\xE0\xA0\x80 \xED\x9F\xBF",     /* U+0800, U+D7FF */
        "\xEE\x80\x80 \xEF\xBF\xBD",     /* U+E000, U+FFFD */
        "\xEF\xBF\xBF",                  /* U+FFFF */
        "\xF0\x90\x80\x80 \xF4\x8F\xBF\xBF", /* U+10000, U+10FFFF */
    };
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Font *font = load_font(12.0f);
        for (size_t i = 0; i < SDL_arraysize(bad); i++) {
            CHECK_STATUS_MSG(akgl_text_measure(font, bad[i].text, NULL, NULL), AKERR_FORMAT,
                             bad[i].needle);
            CHECK_STATUS_MSG(akgl_text_draw(font, bad[i].text, 0.0f, 0.0f, WHITE),
                             AKERR_FORMAT, bad[i].needle);
        }
        for (size_t i = 0; i < SDL_arraysize(good); i++) {
            CHECK_OK(akgl_text_measure(font, good[i], NULL, NULL));
        }
        akgl_FontStats st;
        CHECK_OK(akgl_font_stats(font, &st));
        CHECK_INT_EQ((int)st.misses, (int)SDL_arraysize(good)); /* refused: no entry */
        CHECK_OK(akgl_heap_release_font(font));
    }
    scene_close(&s);
}

int main(void)
{
    count_allocations(); /* before SDL allocates anything */
    AKGL_TEST_BEGIN();
    RUN_TEST(test_lines_draw_as_sdl3_ttf_lays_them_out);
    RUN_TEST(test_a_thousand_lines_are_each_where_they_belong);
    RUN_TEST(test_many_wrapped_lines_are_each_where_they_belong);
    RUN_TEST(test_text_over_the_limits_is_refused);
    RUN_TEST(test_utf8_is_checked_strictly);
    return AKGL_TEST_END();
}
