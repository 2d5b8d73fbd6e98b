/*
 * The default pixel font (text_font_private.h): its glyphs are data of our
 * own (text_font_glyphs.h, written by tools/mkfont.c), every character
 * takes one cell of AKGL_FONT_DEFAULT_CELL_W x AKGL_FONT_DEFAULT_CELL_H
 * pixels at scale 1, and a line is laid out by counting characters: nothing
 * is measured by a font engine and nothing is cached or allocated per draw.
 *
 * The glyphs are drawn from one atlas texture, made on the first draw for
 * the renderer drawn on and kept until that renderer is destroyed (SDL
 * destroys its textures; a property of the texture tells us), another
 * renderer draws with the font, or akgl_game_unload takes the fonts. A
 * glyph is one SDL_RenderTexture, scaled with nearest-pixel sampling.
 *
 * Layer: assets.
 */
#include "text_font_private.h"

#include <akgl/text.h>

#include "fault_private.h"
#include "text_font_glyphs.h"

#include <errno.h>

/* The atlas: every glyph in a cell of its own, 16 a row, the cell's last
 * column and row blank so that no sample reaches a neighbour. */
#define ATLAS_COLS 16
#define ATLAS_ROWS ((PIXEL_GLYPHS + ATLAS_COLS - 1) / ATLAS_COLS)
#define ATLAS_W (ATLAS_COLS * AKGL_FONT_DEFAULT_CELL_W)
#define ATLAS_H (ATLAS_ROWS * AKGL_FONT_DEFAULT_CELL_H)
#define ATLAS_PROPERTY "akgl.pixel_font.atlas"

_Static_assert(PIXEL_GLYPH_W < AKGL_FONT_DEFAULT_CELL_W && PIXEL_GLYPH_H < AKGL_FONT_DEFAULT_CELL_H,
               "a glyph leaves a blank column and row in its cell");

static struct
{
    SDL_Renderer *renderer;
    SDL_Texture *texture;
} atlas;

/* ---- lines --------------------------------------------------------------- */

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static size_t sequence_length(unsigned char c)
{
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* One line of the text: the bytes drawn, [start, end), its cells, and where
 * the next line starts. */
typedef struct PixelLine
{
    size_t start, end, next;
    int cells;
} PixelLine;

/*
 * The line that starts at `at` (< length). A line ends at '\n'; wrapped to
 * `cols` cells, also after the last blank that fits, or after `cols`
 * characters when no blank does. Blanks at its end are not part of it, nor,
 * on a line a wrap started (`wrapped`), blanks at its start. '\r' takes no
 * cell; every other character one.
 */
static PixelLine line_at(const char *s, size_t length, size_t at, int cols, bool wrapped)
{
    PixelLine line = {at, at, length, 0};
    size_t p = at;
    if (wrapped) {
        while (p < length && (is_blank(s[p]) || s[p] == '\r')) {
            p++;
        }
        line.start = line.end = p;
    }
    int cells = 0;        /* cells so far, blanks included */
    size_t brk_end = 0;   /* the line's end when it breaks at the last blank */
    int brk_cells = 0;
    size_t brk_next = 0;  /* 0: no blank to break at yet */
    while (p < length) {
        char c = s[p];
        if (c == '\n') {
            line.next = p + 1;
            return line;
        }
        if (c == '\r') {
            p++;
            continue;
        }
        if (cols > 0 && cells == cols) {
            if (!is_blank(c) && brk_next != 0) {
                line.end = brk_end;
                line.cells = brk_cells;
                line.next = brk_next;
            } else {
                line.next = p; /* a blank here, or a word wider than a line */
            }
            return line;
        }
        size_t n = sequence_length((unsigned char)c);
        cells++;
        if (is_blank(c)) {
            if (line.cells > 0) {
                brk_end = line.end;
                brk_cells = line.cells;
                brk_next = p + 1;
            }
        } else {
            line.end = p + n;
            line.cells = cells;
        }
        p += n;
    }
    line.next = length;
    return line;
}

/* Whether the line after one that ended at `next` was started by a wrap. */
static bool wrapped_after(const char *s, size_t next)
{
    return next > 0 && s[next - 1] != '\n';
}

void akgl_pixel_font_measure(const char *utf8, size_t length, int cols, int max_rows, int *rows,
                             int *widest)
{
    int n = 0, w = 0;
    size_t at = 0;
    while (at < length && n <= max_rows) {
        PixelLine line = line_at(utf8, length, at, cols, wrapped_after(utf8, at));
        w = line.cells > w ? line.cells : w;
        n++;
        at = line.next;
    }
    *rows = n;
    *widest = w;
}

/* ---- the atlas ----------------------------------------------------------- */

/* SDL destroys the texture (with its renderer, or at our request): forget it. */
static void SDLCALL forget_atlas(void *userdata, void *value)
{
    (void)userdata;
    if (atlas.texture == value) {
        atlas.texture = NULL;
        atlas.renderer = NULL;
    }
}

void akgl_pixel_font_release(void)
{
    if (atlas.texture != NULL) {
        SDL_DestroyTexture(atlas.texture); /* forget_atlas clears `atlas` */
    }
    atlas.texture = NULL;
    atlas.renderer = NULL;
}

SDL_Renderer *akgl_pixel_font_atlas_renderer(void)
{
    return atlas.renderer;
}

/* White glyphs on transparency, drawn from the glyph data. */
static void paint_glyphs(SDL_Surface *surface)
{
    for (int g = 0; g < PIXEL_GLYPHS; g++) {
        int cx = (g % ATLAS_COLS) * AKGL_FONT_DEFAULT_CELL_W;
        int cy = (g / ATLAS_COLS) * AKGL_FONT_DEFAULT_CELL_H;
        for (int y = 0; y < PIXEL_GLYPH_H; y++) {
            Uint8 *row = (Uint8 *)surface->pixels + (size_t)(cy + y) * (size_t)surface->pitch;
            for (int x = 0; x < PIXEL_GLYPH_W; x++) {
                if (pixel_glyphs[g][y] & (1u << (PIXEL_GLYPH_W - 1 - x))) {
                    SDL_memset(row + (size_t)(cx + x) * 4, 0xFF, 4);
                }
            }
        }
    }
}

static akerr_ErrorContext *make_atlas(SDL_Renderer *renderer, const char *name)
{
    PREPARE_ERROR(errctx);
    akgl_pixel_font_release(); /* another renderer's, if any */
    unsigned long failures = akgl_alloc_mark();
    SDL_Surface *surface = SDL_CreateSurface(ATLAS_W, ATLAS_H, SDL_PIXELFORMAT_RGBA32);
    SDL_Texture *texture = NULL;
    if (surface != NULL) {
        SDL_memset(surface->pixels, 0, (size_t)surface->pitch * (size_t)surface->h);
        paint_glyphs(surface);
        texture = SDL_CreateTextureFromSurface(renderer, surface);
        SDL_DestroySurface(surface);
    }
    bool ok = texture != NULL && SDL_SetTextureScaleMode(texture, SDL_SCALEMODE_NEAREST) &&
              SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    /* The property's cleanup runs when SDL destroys the texture, and at
     * once when the property cannot be set. */
    ok = ok && SDL_SetPointerPropertyWithCleanup(SDL_GetTextureProperties(texture),
                                                 ATLAS_PROPERTY, texture, forget_atlas, NULL);
    if (!ok || akgl_alloc_failed_since(failures)) {
        if (texture != NULL) {
            SDL_DestroyTexture(texture);
        }
        if (akgl_alloc_failed_since(failures)) {
            FAIL_RETURN(errctx, ENOMEM, "font \"%s\": cannot make its glyph atlas: out of memory",
                        name);
        }
        FAIL_RETURN(errctx, AKERR_API, "font \"%s\": cannot make its glyph atlas: %s", name,
                    SDL_GetError());
    }
    atlas.texture = texture;
    atlas.renderer = renderer;
    SUCCEED_RETURN(errctx);
}

/* ---- drawing ------------------------------------------------------------- */

/* The glyph drawn for code point `cp`: printable ASCII its own, every other
 * the box (the last glyph). */
static int glyph_for(Uint32 cp)
{
    return cp >= 0x20 && cp <= 0x7E ? (int)cp - 0x20 : PIXEL_GLYPHS - 1;
}

akerr_ErrorContext *akgl_pixel_font_draw(SDL_Renderer *renderer, const char *name,
                                         const char *utf8, size_t length, int cols, int scale,
                                         int x, int y, SDL_Color color)
{
    PREPARE_ERROR(errctx);
    if (atlas.texture == NULL || atlas.renderer != renderer) {
        PASS(errctx, make_atlas(renderer, name));
    }
    /* Fields of the texture: nothing allocated, nothing uploaded. */
    if (!SDL_SetTextureColorMod(atlas.texture, color.r, color.g, color.b) ||
        !SDL_SetTextureAlphaMod(atlas.texture, color.a)) {
        FAIL_RETURN(errctx, AKERR_API, "font \"%s\": %s", name, SDL_GetError());
    }
    const float cw = (float)(AKGL_FONT_DEFAULT_CELL_W * scale);
    const float ch = (float)(AKGL_FONT_DEFAULT_CELL_H * scale);
    SDL_FRect dst = {0.0f, 0.0f, (float)(PIXEL_GLYPH_W * scale), (float)(PIXEL_GLYPH_H * scale)};
    SDL_FRect src = {0.0f, 0.0f, (float)PIXEL_GLYPH_W, (float)PIXEL_GLYPH_H};
    unsigned long failures = akgl_alloc_mark();
    bool drawn = true;
    size_t at = 0;
    for (int row = 0; at < length && drawn; row++) {
        PixelLine line = line_at(utf8, length, at, cols, wrapped_after(utf8, at));
        const char *p = utf8 + line.start;
        size_t left = line.end - line.start;
        dst.y = (float)y + ch * (float)row;
        int cell = 0;
        while (left > 0 && drawn) {
            Uint32 cp = SDL_StepUTF8(&p, &left);
            if (cp == '\r') {
                continue;
            }
            if (cp != ' ' && cp != '\t') {
                int g = glyph_for(cp);
                src.x = (float)((g % ATLAS_COLS) * AKGL_FONT_DEFAULT_CELL_W);
                src.y = (float)((g / ATLAS_COLS) * AKGL_FONT_DEFAULT_CELL_H);
                dst.x = (float)x + cw * (float)cell;
                drawn = SDL_RenderTexture(renderer, atlas.texture, &src, &dst);
            }
            cell++;
        }
        at = line.next;
    }
    if (!drawn || akgl_alloc_failed_since(failures)) {
        if (akgl_alloc_failed_since(failures)) {
            FAIL_RETURN(errctx, ENOMEM, "font \"%s\": cannot draw the text: out of memory", name);
        }
        FAIL_RETURN(errctx, AKERR_API, "font \"%s\": cannot draw the text: %s", name,
                    SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}
