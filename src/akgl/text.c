/*
 * Fonts and text through SDL3_ttf's renderer text engine.
 *
 * A font owns its TTF_Font, one renderer text engine (the glyph atlas
 * textures live in it) and a fixed cache of laid-out strings, each with a
 * TTF_Text made when the font loads. A draw finds its string in the cache by
 * hash, length, wrap width and bytes; only a miss lays text out (and so
 * allocates), re-using the least recently drawn entry. A hit costs a hash of
 * the string and a draw.
 *
 * A string of more than one line is laid out line by line here, one TTF_Text
 * a line, not handed to SDL3_ttf whole: SDL3_ttf 3.2.2 measures the whole
 * rest of the string again for every line it breaks (GetWrappedLines), so
 * its cost grows with the square of the lines (1024 short lines took 0.8 s
 * of CPU, 2048 took 4.3 s).
 * Here each line is measured and laid out once.
 *
 * Layer: assets. Text drawn in world coordinates is culled by the bound
 * renderer's camera with the backend's view test (render_private.h), so
 * nothing of the camera's world side (following, bounds) is needed here.
 */
#include <akgl/text.h>

#include <akgl/game_object.h>
#include <akgl/heap.h>
#include <akgl/render.h>
#include <akstdlib.h>

#include <SDL3_ttf/SDL_ttf.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include "fault_private.h"
#include "file_private.h"
#include "heap_pool.h"
#include "object.h"
#include "render_private.h"
#include "text_font_private.h"
#include "watch_private.h"

/* One line of a laid-out string: its text and the row it is drawn on. */
typedef struct TextLine
{
    TTF_Text *text;
    int row;
} TextLine;

/* One laid-out string. Its first drawn line is `text`; a string of several
 * lines has the others in `more`, made on the miss that laid it out and
 * destroyed when the entry is re-filled. */
typedef struct TextSlot
{
    TTF_Text *text;   /* made at load, re-filled on a miss */
    int text_row;     /* the row `text` is drawn on */
    bool drawn;       /* `text` holds a line (not so when every line is blank) */
    TextLine *more;   /* the other lines that have glyphs (SDL_malloc'd) */
    int nmore;
    char *bytes;      /* the string (SDL_malloc'd, kept and grown for the next) */
    size_t bytes_size;
    bool valid;       /* the entry holds the string below */
    uint32_t hash;
    size_t length;
    int wrap_width;
    int w, h;         /* the box */
    SDL_Color color;  /* the colour last given to SDL3_ttf */
    uint64_t used;    /* the font's tick when last drawn or measured */
} TextSlot;

struct akgl_Font
{
    int refcount; /* first: the heap's bookkeeping */
    char path[AKGL_FONT_MAX_PATH_LENGTH];
    float size;
    int scale;        /* the default pixel font at this scale; 0: a loaded font */
    bool ttf_started; /* holds a TTF_Init reference */
    TTF_Font *ttf;
    unsigned char *file; /* the font file's bytes: FreeType reads them while the font lives */
    SDL_IOStream *io;    /* over `file`; ours to close (see akgl_font_load) */
    TTF_TextEngine *engine;
    SDL_Renderer *renderer; /* the one the engine draws with */
    int lineskip;           /* pixels from one line's top to the next's */
    uint64_t tick;
    akgl_FontStats stats;
    TextSlot cache[AKGL_FONT_TEXT_CACHE];
};

AKGL_HEAP_POOL(akgl_heap_pool_font, akgl_Font, akgl_heap_fonts);

/* The default pixel font, one at each scale: never in the pool, never
 * released, holding nothing of SDL3_ttf's (text_font.c draws it). */
static akgl_Font default_fonts[AKGL_FONT_DEFAULT_MAX_SCALE];

static bool is_default_font(const akgl_Font *font)
{
    return font >= default_fonts && font < default_fonts + AKGL_FONT_DEFAULT_MAX_SCALE;
}

/* The default font at `scale` (1 .. AKGL_FONT_DEFAULT_MAX_SCALE), set up on
 * first use. */
static akgl_Font *default_font(int scale)
{
    akgl_Font *font = &default_fonts[scale - 1];
    if (font->scale == 0) {
        font->refcount = 1;
        font->scale = scale;
        if (scale == 1) {
            snprintf(font->path, sizeof(font->path), "(default)");
        } else {
            snprintf(font->path, sizeof(font->path), "(default x%d)", scale);
        }
    }
    return font;
}

akerr_ErrorContext *akgl_font_default(int scale, akgl_Font **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_font_default: NULL destination");
    *dest = NULL;
    if (scale < 1 || scale > AKGL_FONT_DEFAULT_MAX_SCALE) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "akgl_font_default: scale %d; it must be 1 to %d "
                    "(AKGL_FONT_DEFAULT_MAX_SCALE)", scale, AKGL_FONT_DEFAULT_MAX_SCALE);
    }
    *dest = default_font(scale);
    SUCCEED_RETURN(errctx);
}

/* The font a text call draws with: NULL is the default font at scale 1. A
 * font released since (its slot emptied) is refused: its glyphs, its
 * renderer and its name are gone with it. */
static akerr_ErrorContext *font_for(const char *caller, akgl_Font *font, akgl_Font **dest)
{
    PREPARE_ERROR(errctx);
    if (font == NULL) {
        font = default_font(1);
    }
    if (font->refcount <= 0) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: the font was released (akgl_heap_release_font, or akgl_game_unload "
                    "with AKGL_UNLOAD_FONTS, which releases every loaded font); load it again, "
                    "or draw with the default font (NULL)", caller);
    }
    *dest = font;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_next_font(akgl_Font **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_FONT, (void **)dest);
}

akerr_ErrorContext *akgl_heap_release_font(akgl_Font *font)
{
    bool teardown = false;
    PREPARE_ERROR(errctx);
    if (is_default_font(font)) {
        SUCCEED_RETURN(errctx); /* built in: nothing to give back */
    }
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_FONT, font, font ? font->path : "", false,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    /* Texts before their engine and font; the font before SDL3_ttf stops. */
    for (int i = 0; i < AKGL_FONT_TEXT_CACHE; i++) {
        TextSlot *slot = &font->cache[i];
        for (int j = 0; j < slot->nmore; j++) {
            TTF_DestroyText(slot->more[j].text);
        }
        SDL_free(slot->more);
        SDL_free(slot->bytes);
        if (slot->text != NULL) {
            TTF_DestroyText(slot->text);
        }
    }
    if (font->engine != NULL) {
        TTF_DestroyRendererTextEngine(font->engine);
    }
    if (font->ttf != NULL) {
        TTF_CloseFont(font->ttf);
    }
    if (font->io != NULL) {
        SDL_CloseIO(font->io); /* after the face that reads it */
    }
    SDL_free(font->file);
    if (font->ttf_started) {
        TTF_Quit();
    }
    akgl_heap_release_end(AKGL_HEAP_FONT, font);
    SUCCEED_RETURN(errctx);
}

/* Everything akgl_font_load checks before it claims anything. */
static akerr_ErrorContext *check_load(const char *path, float size, akgl_Font **dest,
                                      SDL_Renderer **renderer)
{
    bool exists = false;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_font_load: NULL destination");
    *dest = NULL;
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_font_load: NULL path");
    if (!isfinite(size) || size <= 0.0f || size > AKGL_FONT_MAX_SIZE) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "font \"%s\": size %g; it must be a finite number above 0 and at most %g",
                    path, (double)size, (double)AKGL_FONT_MAX_SIZE);
    }
    if (strlen(path) >= AKGL_FONT_MAX_PATH_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "font path of %zu bytes; the limit is %d (AKGL_FONT_MAX_PATH_LENGTH - 1)",
                    strlen(path), AKGL_FONT_MAX_PATH_LENGTH - 1);
    }
    if (game.renderer == NULL || game.renderer->sdl_renderer == NULL) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "font \"%s\": no renderer is bound (akgl_render_2d_init or "
                    "akgl_render_2d_bind first)", path);
    }
    *renderer = game.renderer->sdl_renderer;
    /* Ask the file system first, so a missing file is ENOENT, not a font error. */
    PASS(errctx, aksl_path_exists(path, &exists));
    if (!exists) {
        char label[AKGL_FONT_MAX_PATH_LENGTH + 16];
        snprintf(label, sizeof(label), "font \"%s\"", path);
        PASS(errctx, akgl_file_missing(label, path));
    }
    SUCCEED_RETURN(errctx);
}

/* A failed SDL or SDL3_ttf call: ENOMEM when an allocation failed during it
 * (SDL's words for that vary), else `status` with SDL's reason. */
#define FONT_FAIL_BREAK(errctx, failures, status, fmt, ...)                              \
    {                                                                                  \
        if (akgl_alloc_failed_since(failures)) {                                       \
            FAIL(errctx, ENOMEM, fmt ": out of memory", __VA_ARGS__);                   \
        } else {                                                                       \
            FAIL(errctx, status, fmt ": %s", __VA_ARGS__, SDL_GetError());              \
        }                                                                              \
        break;                                                                         \
    } (void)0

/* The same outside ATTEMPT: returns the error. */
#define FONT_FAIL_RETURN(errctx, failures, status, fmt, ...)                             \
    {                                                                                  \
        if (akgl_alloc_failed_since(failures)) {                                       \
            FAIL_RETURN(errctx, ENOMEM, fmt ": out of memory", __VA_ARGS__);            \
        }                                                                              \
        FAIL_RETURN(errctx, status, fmt ": %s", __VA_ARGS__, SDL_GetError());           \
    } (void)0

/*
 * TTF_CreateRendererTextEngine, without its leak: SDL3_ttf 3.2.2 makes a
 * property set to pass the renderer and never destroys it (six blocks per
 * engine, kept until SDL_Quit; src/SDL_renderer_textengine.c:858-868, the
 * same upstream at the time of writing). The fault harness found it. Ours
 * is destroyed once the engine is made (it reads the renderer from it then).
 */
static TTF_TextEngine *create_engine(SDL_Renderer *renderer)
{
    SDL_PropertiesID props = SDL_CreateProperties();
    if (props == 0) {
        return NULL;
    }
    TTF_TextEngine *engine = NULL;
    if (SDL_SetPointerProperty(props, TTF_PROP_RENDERER_TEXT_ENGINE_RENDERER, renderer) &&
        SDL_SetNumberProperty(props, TTF_PROP_RENDERER_TEXT_ENGINE_ATLAS_TEXTURE_SIZE,
                              AKGL_FONT_ATLAS_SIZE)) {
        engine = TTF_CreateRendererTextEngineWithProperties(props);
    }
    SDL_DestroyProperties(props);
    return engine;
}

/* The font file whole: regular, at most AKGL_FONT_MAX_FILE_SIZE bytes. */
static akerr_ErrorContext *read_font_file(const char *path, unsigned char **data, size_t *size)
{
    char label[AKGL_FONT_MAX_PATH_LENGTH + 16];
    PREPARE_ERROR(errctx);
    snprintf(label, sizeof(label), "font \"%s\"", path);
    PASS(errctx, akgl_file_read_whole(label, path, AKGL_FONT_MAX_FILE_SIZE,
                                      "AKGL_FONT_MAX_FILE_SIZE", data, size));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_font_load(const char *path, float size, akgl_Font **dest)
{
    SDL_Renderer *renderer = NULL;
    akgl_Font *font = NULL;
    unsigned char *file = NULL;
    size_t filesize = 0;
    PREPARE_ERROR(errctx);

    PASS(errctx, check_load(path, size, dest, &renderer));
    PASS(errctx, akgl_alloc_watch_install());
    /* Read by us, not opened by SDL3_ttf: a FIFO named as a font is refused
     * instead of blocking, and the size is capped before a byte is read. */
    PASS(errctx, read_font_file(path, &file, &filesize));
    akerr_ErrorContext *claimed = akgl_heap_next_font(&font);
    if (claimed != NULL) {
        SDL_free(file);
        PASS(errctx, claimed);
    }
    ATTEMPT {
        memcpy(font->path, path, strlen(path) + 1);
        font->size = size;
        font->renderer = renderer;
        font->file = file; /* the font owns it now: its teardown frees it */
        unsigned long failures = akgl_alloc_mark();
        bool started = TTF_Init();
        font->ttf_started = started;
        /* FreeType's FT_Init_FreeType (in TTF_Init) carries on when a module
         * cannot be added for want of memory (FT_Add_Default_Modules ignores
         * the failure): the library then lacks its TrueType driver, and
         * every font "cannot be read". A start during which an allocation
         * failed is no start. */
        if (!started || akgl_alloc_failed_since(failures)) {
            FONT_FAIL_BREAK(errctx, failures, AKERR_API, "font \"%s\": cannot start SDL3_ttf",
                            path);
        }
        failures = akgl_alloc_mark();
        font->io = SDL_IOFromConstMem(file, filesize);
        /* The stream stays ours (closeio false): SDL3_ttf 3.2.2's
         * TTF_OpenFontIO loses it when its own property set cannot be
         * made or filled (it returns before it looks at closeio), and
         * would then not close it with the font either. */
        font->ttf = font->io != NULL ? TTF_OpenFontIO(font->io, false, size) : NULL;
        /* FreeType and HarfBuzz get by without some blocks when a face is
         * opened (a table, a cache, a shaper's plan) and report success: the
         * font then cannot load a glyph later ("a damaged font?"), or lays
         * text out wrong for its life (10x19 instead of 60x76). An open
         * during which an allocation failed is no open. */
        if (font->ttf == NULL || akgl_alloc_failed_since(failures)) {
            FONT_FAIL_BREAK(errctx, failures, AKERR_FORMAT,
                            "font \"%s\" cannot be read as a font", path);
        }
        font->lineskip = TTF_GetFontLineSkip(font->ttf);
        failures = akgl_alloc_mark();
        font->engine = create_engine(renderer);
        if (font->engine == NULL || akgl_alloc_failed_since(failures)) {
            FONT_FAIL_BREAK(errctx, failures, AKERR_API,
                            "font \"%s\": cannot make a renderer text engine", path);
        }
        for (int i = 0; i < AKGL_FONT_TEXT_CACHE && errctx == NULL; i++) {
            failures = akgl_alloc_mark();
            font->cache[i].text = TTF_CreateText(font->engine, font->ttf, "", 0);
            if (font->cache[i].text == NULL || akgl_alloc_failed_since(failures)) {
                FONT_FAIL_BREAK(errctx, failures, AKERR_API,
                                "font \"%s\": cannot make text %d of its cache", path, i);
            }
        }
        if (errctx != NULL) {
            break; /* the FAIL_BREAK above left the loop, not ATTEMPT */
        }
    } CLEANUP {
    } PROCESS(errctx) {
        IGNORE(akgl_heap_release_font(font)); /* tears down whatever was made */
    } FINISH(errctx, true);
    *dest = font;
    akgl_watch_note(AKGL_WATCH_FONT, path, NULL);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_font_reload_path(const char *path, int *count)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_font_reload_path: NULL path");
    FAIL_ZERO_RETURN(errctx, count, AKERR_NULLPOINTER, "akgl_font_reload_path: NULL count");
    *count = 0;
    const akgl_HeapPool *pool = &akgl_heap_pool_font;
    for (int id = akgl_heap_next_live(pool, 0); id >= 0; id = akgl_heap_next_live_after(pool, id)) {
        akgl_Font *font = &akgl_heap_fonts[id];
        if (font->scale != 0 || font->ttf == NULL || strcmp(font->path, path) != 0) {
            continue;
        }
        akgl_Font *fresh = NULL;
        PASS(errctx, akgl_font_load(path, font->size, &fresh));
        /* Everything but the count changes places; the old goes with the
         * new slot, released at once. */
        akgl_Font old = *font;
        *font = *fresh;
        font->refcount = old.refcount;
        old.refcount = fresh->refcount;
        *fresh = old;
        PASS(errctx, akgl_heap_release_font(fresh));
        (*count)++;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_font_stats(const akgl_Font *font, akgl_FontStats *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_font_stats: NULL destination");
    akgl_Font *f = NULL;
    PASS(errctx, font_for("akgl_font_stats", (akgl_Font *)font, &f));
    *dest = f->stats;
    SUCCEED_RETURN(errctx);
}

/* FNV-1a: cheap, and only narrows the candidates; the bytes are compared too. */
static uint32_t hash_bytes(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    }
    return h;
}

/*
 * Why the UTF-8 sequence at s (left > 0 bytes) is not well formed, or NULL
 * when it is; *n is its length. Table 3-7 of the Unicode Standard, checked
 * byte by byte here rather than by SDL_StepUTF8, which SDL 3.2.10 lets
 * through with code points above U+10FFFF (F4 90 80 80 decodes to
 * U+110000). So refused: a byte no sequence starts with (a continuation
 * byte, F8..FF), overlong forms (C0, C1, E0 80..9F, F0 80..8F), UTF-16
 * surrogates (ED A0..BF: U+D800..U+DFFF), code points above U+10FFFF (F4
 * 90..BF, F5..F7), and a sequence cut short.
 */
static const char *utf8_fault(const unsigned char *s, size_t left, size_t *n)
{
    unsigned char c = s[0];
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    *n = 1;
    if (c < 0x80) {
        return NULL;
    }
    if (c < 0xC0) {
        return "a continuation byte where a character should start";
    }
    if (c < 0xC2) {
        return "an overlong form";
    }
    if (c < 0xE0) {
        *n = 2;
    } else if (c < 0xF0) {
        *n = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c < 0xF5) {
        *n = 4;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else if (c < 0xF8) {
        return "a code point above U+10FFFF";
    } else {
        return "a byte that is never part of UTF-8";
    }
    if (left < 2 || s[1] < 0x80 || s[1] > 0xBF) {
        *n = 1;
        return "a sequence cut short";
    }
    if (s[1] < lo) {
        return "an overlong form";
    }
    if (s[1] > hi) {
        return c == 0xED ? "a UTF-16 surrogate" : "a code point above U+10FFFF";
    }
    for (size_t i = 2; i < *n; i++) {
        if (i >= left || s[i] < 0x80 || s[i] > 0xBF) {
            *n = 1;
            return "a sequence cut short";
        }
    }
    return NULL;
}

/* Refuses text that is not well-formed UTF-8, naming the offset of the
 * first bad sequence, its first byte and what is wrong with it. */
static akerr_ErrorContext *check_utf8(const akgl_Font *font, const char *utf8, size_t length)
{
    PREPARE_ERROR(errctx);
    const unsigned char *s = (const unsigned char *)utf8;
    size_t at = 0;
    while (at < length) {
        size_t n = 1;
        const char *fault = utf8_fault(s + at, length - at, &n);
        if (fault != NULL) {
            FAIL_RETURN(errctx, AKERR_FORMAT,
                        "font \"%s\": the text is not valid UTF-8 at byte %zu (0x%02x): %s",
                        font->path, at, s[at], fault);
        }
        at += n;
    }
    SUCCEED_RETURN(errctx);
}

/*
 * Every glyph the text maps to loads, or the text is refused before SDL3_ttf
 * lays it out: SDL3_ttf 3.2.2 (and upstream at the time of writing) leaks
 * HarfBuzz's buffer when a glyph of a laid-out string cannot be loaded
 * (CollectGlyphsFromFont returns without hb_buffer_destroy), which a damaged
 * font makes happen on every draw. The font fuzzer found it. Glyphs are
 * cached by SDL3_ttf, so this costs a lookup per character on a cache miss.
 * (A glyph only shaping reaches, a ligature, is not checked here.)
 */
static akerr_ErrorContext *check_glyphs(const akgl_Font *font, const char *utf8, size_t length)
{
    PREPARE_ERROR(errctx);
    const char *p = utf8;
    size_t left = length;
    while (left > 0) {
        Uint32 cp = SDL_StepUTF8(&p, &left);
        if (cp == '\n' || cp == '\r' || cp == '\t') {
            continue;
        }
        int minx = 0, maxx = 0, miny = 0, maxy = 0;
        unsigned long failures = akgl_alloc_mark();
        if (!TTF_GetGlyphMetrics(font->ttf, cp, &minx, &maxx, &miny, &maxy, NULL)) {
            /* SDL3_ttf caches the glyph in a block of its own first: when
             * that allocation fails, the font is not to blame. */
            if (akgl_alloc_failed_since(failures)) {
                FAIL_RETURN(errctx, ENOMEM,
                            "font \"%s\": out of memory loading the glyph for U+%04X",
                            font->path, (unsigned)cp);
            }
            FAIL_RETURN(errctx, AKERR_FORMAT,
                        "font \"%s\": the glyph for U+%04X cannot be loaded (a damaged font?): %s",
                        font->path, (unsigned)cp, SDL_GetError());
        }
        /* SDL3_ttf 3.2.2 leaks a glyph's surface when it is larger than the
         * engine's atlas (fuzz_font found it: 2.8 MB a draw). */
        if ((Sint64)maxx - minx > AKGL_FONT_MAX_GLYPH_SIDE ||
            (Sint64)maxy - miny > AKGL_FONT_MAX_GLYPH_SIDE) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "font \"%s\": the glyph for U+%04X is %lldx%lld pixels at %g points; "
                        "the limit is %d (AKGL_FONT_MAX_GLYPH_SIDE)", font->path, (unsigned)cp,
                        (long long)maxx - minx, (long long)maxy - miny, (double)font->size,
                        AKGL_FONT_MAX_GLYPH_SIDE);
        }
    }
    SUCCEED_RETURN(errctx);
}

/* Empties a slot's text, so a failed layout keeps nothing (its glyphs, its
 * draw lists) and the next TTF_SetTextString of the same string lays it out
 * again (SDL3_ttf skips a string equal to the one it holds). Allocates
 * nothing: an empty text is not laid out. */
static void forget_text(TTF_Text *text)
{
    (void)TTF_SetTextString(text, NULL, 0);
    (void)TTF_UpdateText(text);
}

/* Empties a cache entry: its first text forgotten, its other lines'
 * destroyed. Allocates nothing. */
static void empty_slot(TextSlot *slot)
{
    forget_text(slot->text);
    for (int i = 0; i < slot->nmore; i++) {
        TTF_DestroyText(slot->more[i].text);
    }
    SDL_free(slot->more);
    slot->more = NULL;
    slot->nmore = 0;
    slot->drawn = false;
    slot->valid = false;
}

/* ---- the limits -------------------------------------------------------- */

/* The text's length, refused over AKGL_TEXT_MAX_LENGTH before anything else
 * reads it (a hash or a layout of it would cost in proportion). */
static akerr_ErrorContext *check_length(const akgl_Font *font, const char *utf8, size_t *length)
{
    PREPARE_ERROR(errctx);
    *length = strlen(utf8);
    if (*length > AKGL_TEXT_MAX_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "font \"%s\": the text is %zu bytes; the limit is %d (AKGL_TEXT_MAX_LENGTH)",
                    font->path, *length, AKGL_TEXT_MAX_LENGTH);
    }
    SUCCEED_RETURN(errctx);
}

/* Rows of the text before wrapping: a '\n' starts one unless it ends the
 * text (SDL3_ttf's rule, kept so a trailing newline adds no line). */
static int newline_rows(const char *utf8, size_t length)
{
    int rows = 1;
    const char *p = utf8;
    const char *end = utf8 + length;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL && p + 1 < end) {
        rows++;
        p++;
    }
    return rows;
}

/* The checks every text passes before it is measured or drawn, in any font:
 * strict UTF-8, and no more than AKGL_TEXT_MAX_LINES lines (*rows gets how
 * many there are before wrapping). */
static akerr_ErrorContext *check_text(const akgl_Font *font, const char *utf8, size_t length,
                                      int *rows_out)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_utf8(font, utf8, length));
    int rows = newline_rows(utf8, length);
    *rows_out = rows;
    if (rows > AKGL_TEXT_MAX_LINES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "font \"%s\": the text has %d lines; the limit is %d (AKGL_TEXT_MAX_LINES)",
                    font->path, rows, AKGL_TEXT_MAX_LINES);
    }
    SUCCEED_RETURN(errctx);
}

/* ---- breaking lines ------------------------------------------------------ */

/* A line of the text: where it starts and how long it is, without the
 * delimiter that ended it and without trailing blanks. */
typedef struct LineSpan
{
    size_t start;
    size_t length;
} LineSpan;

static bool is_delimiter(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Bytes a UTF-8 sequence takes, from its (checked) first byte. */
static size_t sequence_length(unsigned char c)
{
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* Shaping context does not reach this many bytes back from where a
 * measured piece of text is cut (a kerning pair, a cluster of combining
 * marks, a joining letter are a few characters). */
#define MEASURE_MARGIN 32
#define MEASURE_FIRST 64

/*
 * How many bytes of s (n > 0 bytes, one paragraph) fit in `wrap` pixels, as
 * SDL3_ttf measures them: measured on a window of the text, doubled until
 * the fit ends well inside it, so a line costs in proportion to its own
 * length, not to the rest of the text.
 */
static akerr_ErrorContext *measure_fit(const akgl_Font *font, const char *s, size_t n, int wrap,
                                       size_t *fit)
{
    PREPARE_ERROR(errctx);
    size_t window = n < MEASURE_FIRST ? n : MEASURE_FIRST;
    for (;;) {
        while (window < n && ((unsigned char)s[window] & 0xC0) == 0x80) {
            window--; /* not inside a character */
        }
        size_t got = 0;
        unsigned long failures = akgl_alloc_mark();
        /* (window > 0: a length of 0 would make SDL3_ttf take strlen.) */
        if (!TTF_MeasureString(font->ttf, s, window, wrap, NULL, &got) ||
            akgl_alloc_failed_since(failures)) {
            FONT_FAIL_RETURN(errctx, failures, AKERR_API, "font \"%s\": cannot measure the text",
                             font->path);
        }
        if (window == n || got + MEASURE_MARGIN < window) {
            *fit = got;
            SUCCEED_RETURN(errctx);
        }
        window = window <= n / 2 ? window * 2 : n;
    }
}

/* Where a line that starts at `spot` ends (the start of the next), by
 * SDL3_ttf's rules: at a '\n'; wrapped, also at a lone '\r', and after the
 * last blank that fits, or inside a word only when no blank does. */
static akerr_ErrorContext *line_end(const akgl_Font *font, const char *utf8, size_t length,
                                    size_t spot, int wrap, int row, size_t *next)
{
    PREPARE_ERROR(errctx);
    const char *nl = memchr(utf8 + spot, '\n', length - spot);
    size_t para_end = nl != NULL ? (size_t)(nl - utf8) : length;
    if (wrap == 0) {
        *next = nl != NULL ? para_end + 1 : length;
        SUCCEED_RETURN(errctx);
    }
    size_t fit = 0;
    if (para_end > spot) {
        PASS(errctx, measure_fit(font, utf8 + spot, para_end - spot, wrap, &fit));
    }
    size_t end = spot + fit;
    if (spot + fit == para_end) {
        end = nl != NULL ? para_end + 1 : length; /* the paragraph fits: to its '\n' */
    } else if (fit == 0 && row > 0) {
        end = spot + sequence_length((unsigned char)utf8[spot]); /* a character a line, at least */
    }
    size_t p = spot;
    size_t saved = 0; /* after the last delimiter; 0: none (a line never ends at 0) */
    while (p < end) {
        char c = utf8[p];
        p += sequence_length((unsigned char)c);
        if (is_delimiter(c)) {
            saved = p;
            if (c == '\n' || (c == '\r' && (p >= length || utf8[p] != '\n'))) {
                break;
            }
        }
    }
    *next = saved != 0 && p < length ? saved : p;
    SUCCEED_RETURN(errctx);
}

/*
 * The text's lines, wrapped at `wrap` pixels (0: only at '\n'), into
 * *lines (SDL_malloc'd, *rows of them; the caller frees it). Wrapped past
 * AKGL_TEXT_MAX_LINES, the text is refused before anything is laid out.
 */
static akerr_ErrorContext *break_lines(const akgl_Font *font, const char *utf8, size_t length,
                                       int wrap, LineSpan **lines, int *rows)
{
    PREPARE_ERROR(errctx);
    *lines = NULL;
    *rows = 0;
    int cap = newline_rows(utf8, length); /* at most AKGL_TEXT_MAX_LINES: text_for checked */
    /* Wrapped, each line holds at least a character. */
    if (wrap > 0) {
        cap = length < AKGL_TEXT_MAX_LINES ? (int)length + 1 : AKGL_TEXT_MAX_LINES;
    }
    unsigned long failures = akgl_alloc_mark();
    LineSpan *spans = SDL_malloc((size_t)cap * sizeof(*spans));
    if (spans == NULL) {
        FONT_FAIL_RETURN(errctx, failures, AKERR_API, "font \"%s\": cannot break the text",
                         font->path);
    }
    int n = 0;
    size_t spot = 0;
    for (;;) {
        /* A wrapped line does not start with the blanks it was wrapped at. */
        if (n > 0 && spot > 0 && utf8[spot - 1] != '\n') {
            while (spot < length && (utf8[spot] == ' ' || utf8[spot] == '\t')) {
                spot++;
            }
        }
        if (n > 0) {
            spans[n - 1].length = spot - spans[n - 1].start;
        }
        if (spot >= length) {
            break;
        }
        if (n == cap) {
            SDL_free(spans);
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "font \"%s\": the text wraps to more than %d lines at %d pixels; the "
                        "limit is %d (AKGL_TEXT_MAX_LINES)", font->path, AKGL_TEXT_MAX_LINES,
                        wrap, AKGL_TEXT_MAX_LINES);
        }
        spans[n].start = spot;
        spans[n].length = length - spot;
        akerr_ErrorContext *e = line_end(font, utf8, length, spot, wrap, n, &spot);
        if (e != NULL) {
            SDL_free(spans);
            PASS(errctx, e);
        }
        n++;
    }
    /* Each line without the delimiter that ended it, and its trailing blanks. */
    for (int i = 0; i < n; i++) {
        const char *t = utf8 + spans[i].start;
        size_t len = spans[i].length;
        if (len > 0 && t[len - 1] == '\n') {
            len--;
            if (len > 0 && t[len - 1] == '\r') {
                len--;
            }
        }
        while (len > 0 && is_delimiter(t[len - 1])) {
            len--;
        }
        spans[i].length = len;
    }
    *lines = spans;
    *rows = n;
    SUCCEED_RETURN(errctx);
}

/* ---- laying out and the cache ------------------------------------------ */

/* Lays the text's lines into `slot`: one line is the whole string in the
 * slot's own text, as SDL3_ttf lays it out; several are one text each,
 * measured and laid out once. The box: the longest line (the wrap width,
 * when wrapped to several lines) by the tallest line and a line skip for
 * each further row. */
static akerr_ErrorContext *lay_out(akgl_Font *font, TextSlot *slot, const char *utf8,
                                   size_t length, int wrap, const LineSpan *lines, int rows)
{
    PREPARE_ERROR(errctx);
    unsigned long failures = akgl_alloc_mark();
    bool ok = true;
    slot->w = slot->h = 0;
    if (rows == 1) {
        ok = TTF_SetTextString(slot->text, utf8, length) &&
             TTF_SetTextWrapWidth(slot->text, wrap) && TTF_UpdateText(slot->text) &&
             TTF_GetTextSize(slot->text, &slot->w, &slot->h);
        slot->drawn = ok;
        slot->text_row = 0;
    } else {
        int filled = 0; /* lines with glyphs */
        for (int i = 0; i < rows; i++) {
            filled += lines[i].length > 0;
        }
        if (filled > 1) {
            slot->more = SDL_calloc((size_t)filled - 1, sizeof(*slot->more));
            ok = slot->more != NULL;
        }
        int tallest = 0;
        for (int i = 0; i < rows && ok; i++) {
            if (lines[i].length == 0) {
                continue;
            }
            const char *line = utf8 + lines[i].start;
            TTF_Text *text = slot->text;
            if (!slot->drawn) {
                ok = TTF_SetTextString(text, line, lines[i].length) &&
                     TTF_SetTextWrapWidth(text, 0);
                slot->drawn = true;
                slot->text_row = i;
            } else {
                text = TTF_CreateText(font->engine, font->ttf, line, lines[i].length);
                ok = text != NULL;
                if (ok) {
                    slot->more[slot->nmore].text = text;
                    slot->more[slot->nmore++].row = i;
                }
            }
            int w = 0, h = 0;
            ok = ok && TTF_UpdateText(text) && TTF_GetTextSize(text, &w, &h);
            slot->w = w > slot->w ? w : slot->w;
            tallest = h > tallest ? h : tallest;
        }
        if (slot->drawn) {
            slot->h = tallest + font->lineskip * (rows - 1);
            /* As SDL3_ttf sizes a text it wrapped: the wrap width (or a
             * wider line's, a word that fits no line, so the box holds it). */
            if (wrap > slot->w) {
                slot->w = wrap;
            }
        }
    }
    /* Any allocation that failed on the way makes the layout suspect, even
     * when SDL3_ttf reports success: 3.2.2's LayoutText returns true with no
     * lines when measuring or wrapping ran out of memory, so the text would
     * draw as nothing (the fault harness found it). */
    if (!ok || akgl_alloc_failed_since(failures)) {
        empty_slot(slot);
        FONT_FAIL_RETURN(errctx, failures, AKERR_API, "font \"%s\": cannot lay out the text",
                         font->path);
    }
    /* A fresh TTF_Text starts white; every line of the entry starts so. */
    TTF_Text *first = slot->text;
    (void)TTF_SetTextColor(first, 255, 255, 255, 255);
    for (int i = 0; i < slot->nmore; i++) {
        (void)TTF_SetTextColor(slot->more[i].text, 255, 255, 255, 255);
    }
    slot->color = (SDL_Color){255, 255, 255, 255};
    SUCCEED_RETURN(errctx);
}

/* Keeps the string's bytes in the slot, for the cache's comparison (its
 * first text holds only its first line when it has several). */
static akerr_ErrorContext *keep_bytes(const akgl_Font *font, TextSlot *slot, const char *utf8,
                                      size_t length)
{
    PREPARE_ERROR(errctx);
    if (slot->bytes_size < length + 1) {
        unsigned long failures = akgl_alloc_mark();
        char *bytes = SDL_realloc(slot->bytes, length + 1);
        if (bytes == NULL) {
            FONT_FAIL_RETURN(errctx, failures, AKERR_API, "font \"%s\": cannot keep the text",
                             font->path);
        }
        slot->bytes = bytes;
        slot->bytes_size = length + 1;
    }
    memcpy(slot->bytes, utf8, length);
    slot->bytes[length] = '\0';
    SUCCEED_RETURN(errctx);
}

/* The laid-out text for (utf8, wrap_width): from the cache, or laid out into
 * the least recently used entry. `length` is checked already (check_length). */
static akerr_ErrorContext *text_for(akgl_Font *font, const char *utf8, size_t length,
                                    int wrap_width, TextSlot **dest)
{
    PREPARE_ERROR(errctx);
    uint32_t hash = hash_bytes(utf8, length);
    TextSlot *oldest = &font->cache[0];
    font->tick++;
    for (int i = 0; i < AKGL_FONT_TEXT_CACHE; i++) {
        TextSlot *slot = &font->cache[i];
        if (slot->valid && slot->hash == hash && slot->length == length &&
            slot->wrap_width == wrap_width && memcmp(slot->bytes, utf8, length) == 0) {
            slot->used = font->tick;
            font->stats.hits++;
            *dest = slot;
            SUCCEED_RETURN(errctx);
        }
        if (!slot->valid ? oldest->valid : (oldest->valid && slot->used < oldest->used)) {
            oldest = slot;
        }
    }
    /* Refused for too many lines before a glyph is loaded or a line laid out. */
    int rows = 0;
    PASS(errctx, check_text(font, utf8, length, &rows));
    /* Before anything of SDL3_ttf's measures the text (see check_glyphs). */
    PASS(errctx, check_glyphs(font, utf8, length));
    LineSpan *lines = NULL;
    akerr_ErrorContext *e = NULL;
    if (rows > 1 || wrap_width > 0) {
        e = break_lines(font, utf8, length, wrap_width, &lines, &rows);
    }
    if (e == NULL) {
        empty_slot(oldest);
        e = keep_bytes(font, oldest, utf8, length);
    }
    /* Lay it out and upload its glyphs now, not at its first draw: a game
     * that measures its HUD strings while loading then draws its first
     * frame without a texture upload in the middle of it. */
    if (e == NULL) {
        e = lay_out(font, oldest, utf8, length, wrap_width, lines, rows);
    }
    SDL_free(lines);
    PASS(errctx, e);
    oldest->valid = true;
    oldest->hash = hash;
    oldest->length = length;
    oldest->wrap_width = wrap_width;
    oldest->used = font->tick;
    font->stats.misses++;
    *dest = oldest;
    SUCCEED_RETURN(errctx);
}

/* The font's glyphs live on the renderer it loaded for: only while that is
 * the game's renderer may it lay out (upload) or draw anything. */
static akerr_ErrorContext *check_renderer(const akgl_Font *font)
{
    PREPARE_ERROR(errctx);
    if (font->scale > 0) {
        /* The default font draws on whichever renderer is bound. */
        if (game.renderer == NULL || game.renderer->sdl_renderer == NULL) {
            FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                        "font \"%s\": no renderer is bound (akgl_render_2d_init or "
                        "akgl_render_2d_bind first)", font->path);
        }
        SUCCEED_RETURN(errctx);
    }
    if (game.renderer == NULL || game.renderer->sdl_renderer != font->renderer) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "font \"%s\" was loaded for a renderer that is no longer bound", font->path);
    }
    SUCCEED_RETURN(errctx);
}

/* The default font's box for the text, and the cells its lines wrap to:
 * every character one cell, so nothing is laid out. Checks the text's UTF-8
 * and its lines against the limits, as a loaded font's first layout does. */
static akerr_ErrorContext *pixel_box(akgl_Font *font, const char *utf8, size_t length, int wrap,
                                     int *cols, int *w, int *h)
{
    PREPARE_ERROR(errctx);
    int rows = 0;
    PASS(errctx, check_text(font, utf8, length, &rows));
    int cell_w = AKGL_FONT_DEFAULT_CELL_W * font->scale;
    *cols = wrap <= 0 ? 0 : wrap / cell_w > 0 ? wrap / cell_w : 1;
    int widest = 0;
    akgl_pixel_font_measure(utf8, length, *cols, AKGL_TEXT_MAX_LINES, &rows, &widest);
    if (rows > AKGL_TEXT_MAX_LINES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "font \"%s\": the text wraps to more than %d lines at %d pixels; the "
                    "limit is %d (AKGL_TEXT_MAX_LINES)", font->path, AKGL_TEXT_MAX_LINES, wrap,
                    AKGL_TEXT_MAX_LINES);
    }
    *w = widest * cell_w;
    /* As a loaded font's: text wrapped to several lines is as wide as the wrap. */
    if (wrap > *w && rows > 1) {
        *w = wrap;
    }
    *h = rows * AKGL_FONT_DEFAULT_CELL_H * font->scale;
    font->stats.hits++;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_text_measure_wrapped(akgl_Font *font, const char *utf8, int wrap_width,
                                              int *w, int *h)
{
    TextSlot *slot = NULL;
    int tw = 0, th = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, font_for("akgl_text_measure", font, &font));
    FAIL_ZERO_RETURN(errctx, utf8, AKERR_NULLPOINTER, "akgl_text_measure: NULL text (font \"%s\")",
                     font->path);
    if (wrap_width < 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "font \"%s\": wrap width %d; it must be 0 or more",
                    font->path, wrap_width);
    }
    size_t length = 0;
    PASS(errctx, check_length(font, utf8, &length));
    if (length > 0 && font->scale > 0) {
        int cols = 0;
        PASS(errctx, pixel_box(font, utf8, length, wrap_width, &cols, &tw, &th));
    } else if (length > 0) {
        PASS(errctx, check_renderer(font));
        PASS(errctx, text_for(font, utf8, length, wrap_width, &slot));
        tw = slot->w;
        th = slot->h;
    }
    if (w != NULL) {
        *w = tw;
    }
    if (h != NULL) {
        *h = th;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_text_measure(akgl_Font *font, const char *utf8, int *w, int *h)
{
    return akgl_text_measure_wrapped(font, utf8, 0, w, h);
}

static bool same_color(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

akerr_ErrorContext *akgl_text_draw_styled(akgl_Font *font, const char *utf8, float x, float y,
                                          const akgl_TextStyle *style)
{
    TextSlot *slot = NULL;
    bool seen = true;
    PREPARE_ERROR(errctx);

    PASS(errctx, font_for("akgl_text_draw", font, &font));
    FAIL_ZERO_RETURN(errctx, utf8, AKERR_NULLPOINTER, "akgl_text_draw: NULL text (font \"%s\")",
                     font->path);
    const akgl_TextStyle plain = AKGL_TEXT_STYLE_DEFAULT;
    const akgl_TextStyle *st = style != NULL ? style : &plain;
    if (!isfinite(x) || !isfinite(y)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "font \"%s\": text position (%g, %g) is not finite",
                    font->path, (double)x, (double)y);
    }
    if (st->align != AKGL_TEXT_ALIGN_LEFT && st->align != AKGL_TEXT_ALIGN_CENTER &&
        st->align != AKGL_TEXT_ALIGN_RIGHT) {
        FAIL_RETURN(errctx, AKERR_VALUE, "font \"%s\": unknown text alignment %d", font->path,
                    (int)st->align);
    }
    if (st->wrap_width < 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "font \"%s\": wrap width %d; it must be 0 or more",
                    font->path, st->wrap_width);
    }
    size_t length = 0;
    PASS(errctx, check_length(font, utf8, &length));
    PASS(errctx, check_renderer(font));
    akgl_Renderer *r = game.renderer;
    if (length == 0) {
        SUCCEED_RETURN(errctx);
    }
    int cols = 0, bw = 0, bh = 0;
    if (font->scale > 0) {
        PASS(errctx, pixel_box(font, utf8, length, st->wrap_width, &cols, &bw, &bh));
    } else {
        PASS(errctx, text_for(font, utf8, length, st->wrap_width, &slot));
        bw = slot->w;
        bh = slot->h;
    }
    float w = (float)bw, h = (float)bh;
    if (st->align == AKGL_TEXT_ALIGN_CENTER) {
        x -= w / 2.0f;
    } else if (st->align == AKGL_TEXT_ALIGN_RIGHT) {
        x -= w;
    }
    if (st->world && r->camera != NULL && akgl_render_camera_plain(r->camera)) {
        SDL_FRect box = {x, y, w, h};
        seen = akgl_render_view_sees(r->camera, &box);
        x -= r->camera->x;
        y -= r->camera->y;
    } else if (st->world && r->camera != NULL) {
        /* Under zoom, rotation or shake the text's corner follows the world;
         * the text itself keeps its size and stays upright. */
        akgl_CameraXform v;
        akgl_render_camera_xform(r->camera, &v);
        SDL_FPoint at = akgl_render_xform_point(&v, x, y);
        x = at.x;
        y = at.y;
        seen = x < r->camera->w && x + w > 0.0f && y < r->camera->h && y + h > 0.0f;
    }
    if (!seen) {
        r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    if (font->scale > 0) {
        /* At whole pixels, so each glyph pixel is a whole square of them. */
        PASS(errctx, akgl_pixel_font_draw(r->sdl_renderer, font->path, utf8, length, cols,
                                          font->scale, (int)floorf(x + 0.5f),
                                          (int)floorf(y + 0.5f), st->color));
        r->stats.submitted++;
        SUCCEED_RETURN(errctx);
    }
    if (!same_color(slot->color, st->color)) {
        /* Sets a field of each text: allocates nothing, lays nothing out. */
        bool ok = TTF_SetTextColor(slot->text, st->color.r, st->color.g, st->color.b,
                                   st->color.a);
        for (int i = 0; i < slot->nmore; i++) {
            ok = TTF_SetTextColor(slot->more[i].text, st->color.r, st->color.g, st->color.b,
                                  st->color.a) && ok;
        }
        FAIL_ZERO_RETURN(errctx, ok, AKERR_API, "font \"%s\": %s", font->path, SDL_GetError());
        slot->color = st->color;
    }
    /* SDL3_ttf 3.2.2 ignores SDL_RenderGeometryRaw's result: a batch of
     * glyphs the renderer could not queue for want of memory is missing
     * from a draw that reports success. Each line is drawn on its row. */
    unsigned long failures = akgl_alloc_mark();
    float skip = (float)font->lineskip;
    bool drawn = !slot->drawn ||
                 TTF_DrawRendererText(slot->text, x, y + skip * (float)slot->text_row);
    for (int i = 0; i < slot->nmore && drawn; i++) {
        drawn = TTF_DrawRendererText(slot->more[i].text, x, y + skip * (float)slot->more[i].row);
    }
    if (!drawn || akgl_alloc_failed_since(failures)) {
        FONT_FAIL_RETURN(errctx, failures, AKERR_API, "font \"%s\": cannot draw the text",
                         font->path);
    }
    r->stats.submitted++;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_text_draw(akgl_Font *font, const char *utf8, float x, float y,
                                   SDL_Color color)
{
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    style.color = color;
    return akgl_text_draw_styled(font, utf8, x, y, &style);
}
