/*
 * Fonts and text through SDL3_ttf's renderer text engine.
 *
 * A font owns its TTF_Font, one renderer text engine (the glyph atlas
 * textures live in it) and a fixed cache of TTF_Text objects, all made when
 * it loads. A draw finds its string in the cache by hash, length, wrap width
 * and bytes; only a miss lays text out (and so allocates), re-using the
 * least recently drawn entry. A hit costs a hash of the string and a draw.
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

/* One laid-out string. */
typedef struct TextSlot
{
    TTF_Text *text;   /* made at load, re-filled on a miss */
    bool valid;       /* text holds the string below */
    uint32_t hash;
    size_t length;
    int wrap_width;
    SDL_Color color;  /* the colour last given to SDL3_ttf */
    uint64_t used;    /* the font's tick when last drawn or measured */
} TextSlot;

struct akgl_Font
{
    int refcount; /* first: the heap's bookkeeping */
    char path[AKGL_FONT_MAX_PATH_LENGTH];
    float size;
    bool ttf_started; /* holds a TTF_Init reference */
    TTF_Font *ttf;
    unsigned char *file; /* the font file's bytes: FreeType reads them while the font lives */
    SDL_IOStream *io;    /* over `file`; ours to close (see akgl_font_load) */
    TTF_TextEngine *engine;
    SDL_Renderer *renderer; /* the one the engine draws with */
    uint64_t tick;
    akgl_FontStats stats;
    TextSlot cache[AKGL_FONT_TEXT_CACHE];
};

AKGL_HEAP_POOL(akgl_heap_pool_font, akgl_Font, akgl_heap_fonts);

akerr_ErrorContext *akgl_heap_next_font(akgl_Font **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_FONT, (void **)dest);
}

akerr_ErrorContext *akgl_heap_release_font(akgl_Font *font)
{
    bool teardown = false;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_FONT, font, font ? font->path : "", false,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    /* Texts before their engine and font; the font before SDL3_ttf stops. */
    for (int i = 0; i < AKGL_FONT_TEXT_CACHE; i++) {
        if (font->cache[i].text != NULL) {
            TTF_DestroyText(font->cache[i].text);
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
        FAIL_RETURN(errctx, ENOENT, "font \"%s\": %s", path, strerror(ENOENT));
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
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_font_stats(const akgl_Font *font, akgl_FontStats *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, font, AKERR_NULLPOINTER, "akgl_font_stats: NULL font");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_font_stats: NULL destination");
    *dest = font->stats;
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

/* Refuses invalid UTF-8 with the offset of the first bad sequence. SDL
 * decodes; a U+FFFD it returns is an error unless the bytes really were
 * U+FFFD's own encoding. */
static akerr_ErrorContext *check_utf8(const akgl_Font *font, const char *utf8, size_t length)
{
    PREPARE_ERROR(errctx);
    const char *p = utf8;
    size_t left = length;
    while (left > 0) {
        const char *start = p;
        Uint32 cp = SDL_StepUTF8(&p, &left);
        if (cp == SDL_INVALID_UNICODE_CODEPOINT &&
            !(p - start == 3 && memcmp(start, "\xEF\xBF\xBD", 3) == 0)) {
            FAIL_RETURN(errctx, AKERR_FORMAT,
                        "font \"%s\": the text is not valid UTF-8 at byte %zu (0x%02x)",
                        font->path, (size_t)(start - utf8), (unsigned char)*start);
        }
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
static void forget_text(TextSlot *slot)
{
    (void)TTF_SetTextString(slot->text, NULL, 0);
    (void)TTF_UpdateText(slot->text);
}

/* The laid-out text for (utf8, wrap_width): from the cache, or laid out into
 * the least recently used entry. */
static akerr_ErrorContext *text_for(akgl_Font *font, const char *utf8, int wrap_width,
                                    TextSlot **dest)
{
    PREPARE_ERROR(errctx);
    size_t length = strlen(utf8);
    uint32_t hash = hash_bytes(utf8, length);
    TextSlot *oldest = &font->cache[0];
    font->tick++;
    for (int i = 0; i < AKGL_FONT_TEXT_CACHE; i++) {
        TextSlot *slot = &font->cache[i];
        if (slot->valid && slot->hash == hash && slot->length == length &&
            slot->wrap_width == wrap_width && memcmp(slot->text->text, utf8, length) == 0) {
            slot->used = font->tick;
            font->stats.hits++;
            *dest = slot;
            SUCCEED_RETURN(errctx);
        }
        if (!slot->valid ? oldest->valid : (oldest->valid && slot->used < oldest->used)) {
            oldest = slot;
        }
    }
    PASS(errctx, check_utf8(font, utf8, length));
    PASS(errctx, check_glyphs(font, utf8, length));
    oldest->valid = false;
    /* Lay it out and upload its glyphs now, not at its first draw: a game
     * that measures its HUD strings while loading then draws its first
     * frame without a texture upload in the middle of it. */
    unsigned long failures = akgl_alloc_mark();
    bool laid_out = TTF_SetTextString(oldest->text, utf8, length) &&
                    TTF_SetTextWrapWidth(oldest->text, wrap_width) &&
                    TTF_UpdateText(oldest->text);
    /* Any allocation that failed on the way makes the layout suspect, even
     * when SDL3_ttf reports success: 3.2.2's LayoutText returns true with no
     * lines when measuring or wrapping ran out of memory, so the text would
     * draw as nothing (the fault harness found it). */
    if (!laid_out || akgl_alloc_failed_since(failures)) {
        forget_text(oldest);
        FONT_FAIL_RETURN(errctx, failures, AKERR_API, "font \"%s\": cannot lay out the text",
                         font->path);
    }
    /* A fresh TTF_Text starts white; what it was given last is what it has. */
    if (!TTF_GetTextColor(oldest->text, &oldest->color.r, &oldest->color.g, &oldest->color.b,
                          &oldest->color.a)) {
        FAIL_RETURN(errctx, AKERR_API, "font \"%s\": %s", font->path, SDL_GetError());
    }
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
    if (game.renderer == NULL || game.renderer->sdl_renderer != font->renderer) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "font \"%s\" was loaded for a renderer that is no longer bound", font->path);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_text_measure_wrapped(akgl_Font *font, const char *utf8, int wrap_width,
                                              int *w, int *h)
{
    TextSlot *slot = NULL;
    int tw = 0, th = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, font, AKERR_NULLPOINTER, "akgl_text_measure: NULL font");
    FAIL_ZERO_RETURN(errctx, utf8, AKERR_NULLPOINTER, "akgl_text_measure: NULL text (font \"%s\")",
                     font->path);
    if (wrap_width < 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "font \"%s\": wrap width %d; it must be 0 or more",
                    font->path, wrap_width);
    }
    if (utf8[0] != '\0') {
        PASS(errctx, check_renderer(font));
        PASS(errctx, text_for(font, utf8, wrap_width, &slot));
        FAIL_ZERO_RETURN(errctx, TTF_GetTextSize(slot->text, &tw, &th), AKERR_API,
                         "font \"%s\": cannot measure the text: %s", font->path, SDL_GetError());
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
    int w = 0, h = 0;
    bool seen = true;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, font, AKERR_NULLPOINTER, "akgl_text_draw: NULL font");
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
    PASS(errctx, check_renderer(font));
    akgl_Renderer *r = game.renderer;
    if (utf8[0] == '\0') {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, text_for(font, utf8, st->wrap_width, &slot));
    FAIL_ZERO_RETURN(errctx, TTF_GetTextSize(slot->text, &w, &h), AKERR_API,
                     "font \"%s\": cannot measure the text: %s", font->path, SDL_GetError());
    if (st->align == AKGL_TEXT_ALIGN_CENTER) {
        x -= (float)w / 2.0f;
    } else if (st->align == AKGL_TEXT_ALIGN_RIGHT) {
        x -= (float)w;
    }
    if (st->world && r->camera != NULL) {
        SDL_FRect box = {x, y, (float)w, (float)h};
        seen = akgl_render_view_sees(r->camera, &box);
        x -= r->camera->x;
        y -= r->camera->y;
    }
    if (!seen) {
        r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    if (!same_color(slot->color, st->color)) {
        FAIL_ZERO_RETURN(errctx, TTF_SetTextColor(slot->text, st->color.r, st->color.g,
                                                  st->color.b, st->color.a),
                         AKERR_API, "font \"%s\": %s", font->path, SDL_GetError());
        slot->color = st->color;
    }
    /* SDL3_ttf 3.2.2 ignores SDL_RenderGeometryRaw's result: a batch of
     * glyphs the renderer could not queue for want of memory is missing
     * from a draw that reports success. */
    unsigned long failures = akgl_alloc_mark();
    if (!TTF_DrawRendererText(slot->text, x, y) || akgl_alloc_failed_since(failures)) {
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
