/*
 * Internal: the default pixel font (docs/17-text.md, "The default font"),
 * between text.c, which checks a call's arguments and the text's limits and
 * UTF-8, and text_font.c, which lays the font's lines out and draws them
 * from a small atlas texture made at first use. Assets layer.
 */
#ifndef AKGL_SRC_TEXT_FONT_PRIVATE_H
#define AKGL_SRC_TEXT_FONT_PRIVATE_H

#include <akerror.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * The lines of `utf8` (`length` bytes, well-formed UTF-8) wrapped to `cols`
 * cells (0: only at '\n'): *rows gets their count, at most max_rows + 1
 * (counting stops there), and *widest the cells of the widest.
 */
void akgl_pixel_font_measure(const char *utf8, size_t length, int cols, int max_rows, int *rows,
                             int *widest);

/*
 * Draws `utf8` (checked as for akgl_pixel_font_measure, with no more rows
 * than the limit) wrapped to `cols` cells, at `scale`, with the top-left of
 * its box at whole pixel (x, y) on `renderer`, in `color`. The atlas is made
 * for `renderer` when there is none for it (the one of another renderer is
 * destroyed first). `name` begins the messages. Statuses: ENOMEM when an
 * allocation failed while the atlas was made, AKERR_API with SDL's error
 * otherwise (nothing of a failed atlas is kept); AKERR_API when a glyph
 * could not be queued.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_pixel_font_draw(SDL_Renderer *renderer, const char *name,
                                                        const char *utf8, size_t length, int cols,
                                                        int scale, int x, int y, SDL_Color color);

/* Destroys the atlas, if there is one (akgl_game_unload with
 * AKGL_UNLOAD_FONTS). The next draw makes it again. */
void akgl_pixel_font_release(void);

/* The renderer the atlas was made for; NULL when there is none. For tests. */
SDL_Renderer *akgl_pixel_font_atlas_renderer(void);

/*
 * Hot reload (akgl/reload.h): every live font loaded from @p path
 * (akgl_font_load; the default font has none) is loaded again at its size
 * into a new font, checked as a first load is, and only then swapped in
 * place (the akgl_Font pointer stays valid; its text cache and statistics
 * start afresh; the old face goes). On failure the font is as it was.
 * *count gets how many were replaced. Errors as akgl_font_load's, and
 * AKGL_ERR_HEAP when no font slot is free for the new one.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_font_reload_path(const char *path, int *count);

#endif /* AKGL_SRC_TEXT_FONT_PRIVATE_H */
