/**
 * @file akgl/text.h
 * @brief Fonts and text: a built-in pixel font, and TrueType fonts through
 *        SDL3_ttf, drawn with its renderer text engine, for HUDs and labels in
 *        the world.
 *
 * Layer: assets (docs/03-layers.md).
 *
 * A font is a pool object (heap layer AKGL_HEAP_FONT) loaded from a file at
 * one size with akgl_font_load, and released with akgl_heap_release_font (or
 * by akgl_game_unload with AKGL_UNLOAD_FONTS). Like a spritesheet it belongs
 * to the renderer bound when it was loaded: its glyphs are cached in
 * textures on that renderer.
 *
 * Each font keeps AKGL_FONT_TEXT_CACHE laid-out strings ready to draw (SDL3_ttf
 * TTF_Text objects, one a line), looked up by the string, its wrap width and
 * nothing else. Drawing a string that is in the cache lays
 * nothing out, makes no texture and allocates nothing; a string that is not
 * takes the least recently drawn entry (laying it out allocates). A HUD that
 * draws a few strings a frame, changing one now and then, is always served
 * from the cache. A string of several lines is laid out a line at a time, so
 * its cost grows with its length, not with the square of its lines.
 *
 * Every call that takes text refuses, with AKERR_OUTOFBOUNDS and before
 * anything is laid out or drawn, a string of more than AKGL_TEXT_MAX_LENGTH
 * bytes or more than AKGL_TEXT_MAX_LINES lines (counted after wrapping), and
 * with AKERR_FORMAT one that is not well-formed UTF-8.
 *
 * The default font needs no file: a pixel font of akgl's own, compiled in,
 * covering printable ASCII (U+0020..U+007E; every other character draws as a
 * box). Every text call takes NULL for it (as a NULL style is the default
 * style); akgl_font_default gives it at a larger whole-number scale. Each
 * character is one cell of AKGL_FONT_DEFAULT_CELL_W x AKGL_FONT_DEFAULT_CELL_H
 * pixels times the scale, so a line of n characters measures
 * n * 6 * scale by 10 * scale. It draws on whichever renderer is bound, from
 * a small atlas texture made on the first draw.
 *
 * SDL3_ttf's types stay out of this header: the library links it privately.
 * Every font holds one TTF_Init reference, given back when it is released,
 * so SDL3_ttf runs exactly while a font is loaded.
 */
#ifndef AKGL_TEXT_H
#define AKGL_TEXT_H

#include <akerror.h>
#include <akgl/limits.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A font at one size (opaque; a slot of the font pool, or the
 *         default font at one scale). */
typedef struct akgl_Font akgl_Font;

/** Width of a character of the default font at scale 1, in pixels: a glyph
 *  of 5 and a blank column. */
#define AKGL_FONT_DEFAULT_CELL_W 6
/** Height of a line of the default font at scale 1, in pixels: capitals and
 *  digits on rows 0-6, descenders on rows 7-8, and a blank row. */
#define AKGL_FONT_DEFAULT_CELL_H 10

/** @brief Where the x of a draw lies on the text's box. */
typedef enum akgl_TextAlign
{
    AKGL_TEXT_ALIGN_LEFT,   /**< x is the box's left edge. */
    AKGL_TEXT_ALIGN_CENTER, /**< x is the box's horizontal centre. */
    AKGL_TEXT_ALIGN_RIGHT   /**< x is the box's right edge. */
} akgl_TextAlign;

/** @brief How akgl_text_draw_styled draws. Start from AKGL_TEXT_STYLE_DEFAULT. */
typedef struct akgl_TextStyle
{
    SDL_Color color;      /**< The glyphs' colour; color.a is their opacity. */
    akgl_TextAlign align; /**< Where x lies on the box. Lines of wrapped text are left-aligned in it. */
    int wrap_width;       /**< Above 0: break lines (between words where possible) to fit this
                               many pixels; 0: break only at '\n'. */
    bool world;           /**< x, y are world pixels: offset by the camera, and not drawn when
                               the box lies wholly outside it. Otherwise screen pixels. */
} akgl_TextStyle;

/** Opaque white, left-aligned, unwrapped, in screen coordinates. */
#define AKGL_TEXT_STYLE_DEFAULT \
    ((akgl_TextStyle){{255, 255, 255, 255}, AKGL_TEXT_ALIGN_LEFT, 0, false})

/** @brief A font's cache counters, for tests and tuning. */
typedef struct akgl_FontStats
{
    uint64_t hits;   /**< Draws and measures served by a laid-out string. */
    uint64_t misses; /**< Strings laid out (each takes the least recently used entry). */
} akgl_FontStats;

/**
 * @brief Loads the TrueType/OpenType font file @p path at @p size points
 *        for the bound renderer.
 * @param path A font file: a regular file of at most AKGL_FONT_MAX_FILE_SIZE
 *             bytes, read whole at load (the font keeps its bytes, not the
 *             path, until it is released).
 * @param size Point size: finite, above 0 and at most AKGL_FONT_MAX_SIZE.
 * @param dest Receives the font; the caller holds its reference.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE naming the file and the size
 *         for a size that is not finite, not above 0 or too large;
 *         AKERR_OUTOFBOUNDS for a path longer than AKGL_FONT_MAX_PATH_LENGTH-1;
 *         AKERR_BEHAVIOR when no renderer is bound; ENOENT naming a file that
 *         does not exist; EISDIR for a directory and AKERR_IO for a FIFO,
 *         socket or device ("is a FIFO, not a regular file"), refused before
 *         anything reads it; AKERR_OUTOFBOUNDS for a file over
 *         AKGL_FONT_MAX_FILE_SIZE (its size and the cap named); AKERR_FORMAT
 *         naming a file that is not a font (with SDL3_ttf's reason); ENOMEM
 *         when an allocation failed; AKGL_ERR_HEAP when every font slot is
 *         taken; AKERR_API when SDL3_ttf cannot start. Messages begin
 *         `font "path"`. On failure nothing is claimed:
 *         no slot, no texture, no TTF_Init reference.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_font_load(const char *path, float size, akgl_Font **dest);

/**
 * @brief The default pixel font at a whole-number @p scale: the font every
 *        text call draws with when it is given NULL, @p scale times larger.
 *        It needs no file and no renderer until it draws, is not a slot of
 *        the font pool, and lives as long as the program: releasing it
 *        (akgl_heap_release_font) does nothing, and akgl_game_unload leaves
 *        it usable (AKGL_UNLOAD_FONTS destroys its atlas texture, which the
 *        next draw makes again).
 * @param scale 1 to AKGL_FONT_DEFAULT_MAX_SCALE: a character is
 *              AKGL_FONT_DEFAULT_CELL_W * scale by AKGL_FONT_DEFAULT_CELL_H *
 *              scale pixels.
 * @param dest  Receives the font (NULL on failure).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_VALUE naming the
 *         scale and the limit for a @p scale outside 1 ..
 *         AKGL_FONT_DEFAULT_MAX_SCALE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_font_default(int scale, akgl_Font **dest);

/**
 * @brief Draws @p utf8 in @p color with the top-left of its box at screen
 *        pixel (@p x, @p y). The same as akgl_text_draw_styled with the
 *        default style and that colour.
 * @param font  A loaded font, a default font, or NULL for the default font.
 * @param utf8  The text, UTF-8, '\n' between lines.
 * @param x, y  Screen pixels of the box's top-left corner (finite).
 * @param color The glyphs' colour; color.a is their opacity.
 * @return As akgl_text_draw_styled.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_text_draw(akgl_Font *font, const char *utf8, float x,
                                                  float y, SDL_Color color);

/**
 * @brief Draws @p utf8 with @p style (NULL: AKGL_TEXT_STYLE_DEFAULT). The
 *        box's top is at @p y; @p x is its left edge, centre or right edge
 *        as style->align says. An empty string draws nothing. A draw counts
 *        in the renderer's stats (submitted, or culled for world text). The
 *        default font is drawn at whole pixels (x and y rounded).
 * @param font  A loaded font, a default font, or NULL for the default font.
 * @param utf8  The text, UTF-8, '\n' between lines.
 * @param x, y  Where the box goes (finite): screen pixels, or world pixels
 *              with style->world.
 * @param style How to draw; NULL for AKGL_TEXT_STYLE_DEFAULT.
 * @return NULL; AKERR_NULLPOINTER for a NULL string; AKERR_BEHAVIOR for a
 *         font released since (by akgl_heap_release_font or akgl_game_unload),
 *         saying so; AKERR_VALUE for a position that is not finite, an unknown
 *         alignment or a negative wrap width; AKERR_OUTOFBOUNDS for a string of
 *         more than AKGL_TEXT_MAX_LENGTH bytes or AKGL_TEXT_MAX_LINES lines
 *         (once wrapped), the message naming the count, the limit and its
 *         name; AKERR_FORMAT for a string that is not well-formed UTF-8 (the
 *         message gives the byte offset, the byte and what is wrong: an
 *         overlong form, a surrogate, a code point above U+10FFFF, a cut
 *         sequence) or a character whose glyph cannot be loaded (a damaged
 *         font); AKERR_OUTOFBOUNDS for a glyph wider or higher than
 *         AKGL_FONT_MAX_GLYPH_SIDE pixels (all checked before the text is
 *         laid out, so a refused text draws nothing); AKERR_BEHAVIOR when the
 *         font's renderer is no longer the bound one, or, for the default
 *         font, when no renderer is bound; ENOMEM when an allocation failed
 *         while the text was laid out or drawn, or the default font's atlas
 *         made (even one SDL3_ttf reported success after: nothing of such a
 *         layout is kept, and the next draw lays it out again); AKERR_API
 *         with SDL3_ttf's or SDL's error.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_text_draw_styled(akgl_Font *font, const char *utf8,
                                                         float x, float y,
                                                         const akgl_TextStyle *style);

/**
 * @brief The size of the box @p utf8 would be drawn in, unwrapped: the width
 *        of its longest line and the height of all its lines. An empty string
 *        is 0 x 0. @p w or @p h may be NULL. The default font's box is
 *        counted in cells and needs no renderer.
 * @param font A loaded font, a default font, or NULL for the default font.
 * @param utf8 The text, UTF-8.
 * @param w, h Receive the box's width and height in pixels (may be NULL).
 * @return NULL; AKERR_NULLPOINTER for a NULL string; AKERR_BEHAVIOR for a
 *         released font; AKERR_OUTOFBOUNDS for a string over
 *         AKGL_TEXT_MAX_LENGTH bytes or AKGL_TEXT_MAX_LINES lines;
 *         AKERR_FORMAT for text that is not well-formed UTF-8 or a glyph that
 *         cannot be loaded; AKERR_OUTOFBOUNDS for a glyph over
 *         AKGL_FONT_MAX_GLYPH_SIDE; AKERR_BEHAVIOR when a loaded font's
 *         renderer is no longer the bound one (laying text out uploads
 *         glyphs to it); ENOMEM when an allocation failed while the text was
 *         laid out; AKERR_API with SDL3_ttf's error.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_text_measure(akgl_Font *font, const char *utf8, int *w,
                                                     int *h);

/**
 * @brief As akgl_text_measure, wrapped at @p wrap_width pixels (0: only at '\n').
 * @param font       A loaded font, a default font, or NULL for the default font.
 * @param utf8       The text, UTF-8.
 * @param wrap_width The width lines are wrapped to, in pixels; 0: only at '\n'.
 * @param w, h       Receive the box's width and height in pixels (may be NULL).
 * @return As akgl_text_measure (the lines counted once wrapped); AKERR_VALUE
 *         for a negative @p wrap_width.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_text_measure_wrapped(akgl_Font *font, const char *utf8,
                                                             int wrap_width, int *w, int *h);

/**
 * @brief The font's cache counters. The default font lays nothing out: each
 *        of its draws and measures counts as a hit.
 * @param font A loaded font, a default font, or NULL for the default font.
 * @param dest Receives a copy of its counters.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_BEHAVIOR for a
 *         released font.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_font_stats(const akgl_Font *font, akgl_FontStats *dest);

/**
 * @brief Claims a zeroed font slot with refcount 1 (akgl_font_load does this
 *        for you; a slot claimed here and never loaded is released as is).
 * @param dest Receives the slot.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when every slot is taken.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_font(akgl_Font **dest);

/**
 * @brief Gives one reference back; the last one destroys the font's laid-out
 *        strings, its glyph textures and the font, and gives back its
 *        TTF_Init reference. Release fonts before the renderer they were
 *        loaded for is shut down, on the thread that owns it.
 * @param font The font; after its last reference, a dangling pointer. A
 *             default font (akgl_font_default) is not released: nothing
 *             happens and the call succeeds.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when already released;
 *         AKERR_BEHAVIOR, with nothing written, for a pointer that is not a
 *         slot of the font pool (a font only ever lives in it).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_font(akgl_Font *font);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_TEXT_H */
