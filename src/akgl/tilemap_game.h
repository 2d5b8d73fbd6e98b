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

#endif /* AKGL_SRC_TILEMAP_GAME_H */
