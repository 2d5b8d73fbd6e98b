/*
 * Internal: drawing a map (tilemap_draw.c), and where its objects stand in
 * the world. Not installed. Layer: world.
 *
 * The loop (game.c) draws the current map through these, and the level
 * (tilemap_game.c) places spawned actors with the object geometry; both are
 * in the game layer above, which includes this header (tilemap_game.h does).
 */
#ifndef AKGL_SRC_TILEMAP_DRAW_H
#define AKGL_SRC_TILEMAP_DRAW_H

#include <akerror.h>
#include <akgl/render.h>
#include <akgl/tilemap.h>

/*
 * How many of the map's layers are drawn before the actors: every layer up
 * to and including the first object layer, or all of them when it has none.
 */
int akgl_tilemap_layers_under_actors(const akgl_Tilemap *map);

/*
 * Draws layers [from, to) of @p map through r->draw_tile, offset by the
 * camera (r->camera; none: the view is the output at 0, 0) and culled to its
 * view. With from == 0 the map's background colour is filled first. Never
 * allocates; formats an error only when SDL fails.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_draw_layers(const akgl_Tilemap *map,
                                                            akgl_Renderer *r, int from, int to);

/* Where an object's (x, y) lies in the world: as is on orthogonal maps; on
 * isometric ones, Tiled's "tile pixel" position turned into world pixels. */
SDL_FPoint akgl_tilemap_object_world(const akgl_Tilemap *map, float x, float y);

/* Where on its box an object's (x, y) lies, as fractions of its width and
 * height: (0, 0) for shapes (their top-left); for tile objects its tileset's
 * objectalignment (unspecified: bottom-left, or bottom on isometric maps). */
void akgl_tilemap_object_anchor(const akgl_Tilemap *map, const akgl_TilemapObject *obj,
                                float *ax, float *ay);

#endif /* AKGL_SRC_TILEMAP_DRAW_H */
