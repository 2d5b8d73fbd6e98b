/*
 * Internal: the 2D backend's draws, which render_2d.c installs, for the
 * frame loop's draw pass (game.c). Layer: world. Not installed.
 *
 * The draw pass compares a renderer's pointers with these to know that the
 * backend is the 2D one, whose untransformed draw is akgl_render_plain_submit
 * (render_private.h, included here for that reason and for frame_start).
 */
#ifndef AKGL_SRC_RENDER_2D_PRIVATE_H
#define AKGL_SRC_RENDER_2D_PRIVATE_H

#include <akgl/render.h>

#include "render_private.h"

/* The 2D backend's draw_sprite_ex. */
akerr_ErrorContext *akgl_render_2d_draw_sprite_ex(akgl_Renderer *r, struct akgl_Sprite *sprite,
                                                  int frameid, float x, float y,
                                                  const akgl_DrawParams *params);

/* The 2D backend's draw_tile. */
akerr_ErrorContext *akgl_render_2d_draw_tile(akgl_Renderer *r, const akgl_RenderTile *t);

#endif /* AKGL_SRC_RENDER_2D_PRIVATE_H */
