/*
 * Internal: what game.c needs from the game side of the tilemap part. Not
 * installed. Layer: game.
 *
 *   tilemap_game.c   akgl_game_set_tilemap, the solid grid, spawning actors,
 *                    and what a level change does with the actors maps hold
 *   tilemap_draw.c   drawing the current map inside akgl_game_update: world
 *                    layer, declared in tilemap_draw.h (included here for
 *                    game.c, which calls both)
 */
#ifndef AKGL_SRC_TILEMAP_GAME_H
#define AKGL_SRC_TILEMAP_GAME_H

#include <akerror.h>
#include <akgl/tilemap.h>

#include "tilemap_draw.h"

/*
 * Level change: every live map gives back the actors it spawned (so the
 * actor pool can be emptied without maps keeping pointers into it). The
 * first error is kept in *first; every map is visited.
 */
void akgl_tilemap_drop_actors(akerr_ErrorContext **first);

/*
 * Installs in the map model (assets) the level's release of the actors a
 * map spawned, which a map's teardown calls: the model sits below the
 * actors and never names them. akgl_game_start calls it, so every map of a
 * started game has it, including a spawned list a game fills itself.
 */
void akgl_tilemap_install_level(void);

/*
 * Hot reload (akgl/reload.h): the map file (Tiled's XML when @p xml) built
 * again into scratch and checked in full, with the solid grid and platforms
 * the physics would take from it; only then swapped into @p map in place (a
 * map the game shows is set again, so the physics and the camera follow the
 * new tiles). The actors the game spawned itself are untouched; the ones
 * the map spawned from its objects are kept, or given back and spawned
 * again from the new objects when @p respawn. On failure the map is as it
 * was. Errors as akgl_tilemap_load's, akgl_tilemap_solid_grid's and
 * akgl_game_set_tilemap's; AKGL_ERR_HEAP when no map slot is free for the
 * scratch copy.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_reload(akgl_Tilemap *map, bool xml, bool respawn);

#endif /* AKGL_SRC_TILEMAP_GAME_H */
