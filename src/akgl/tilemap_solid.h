/*
 * Internal: what a map's tiles make of a solid grid cell (tilemap_solid.c).
 * Not installed. Layer: assets (it reads only the map model), so that the
 * level (akgl_tilemap_solid_grid, game layer) and akgl_tilemap_set_tile
 * (world layer) work a cell out the same way.
 */
#ifndef AKGL_SRC_TILEMAP_SOLID_H
#define AKGL_SRC_TILEMAP_SOLID_H

#include <akgl/tilemap.h>

#include <stddef.h>
#include <stdint.h>

/*
 * What one layer's cells are worked out from, across its rows or chunks:
 * the layer's own `solid` or `one_way` (every tile of it), else each
 * tile's, and the last gid's answer, since runs of one gid are common.
 */
typedef struct akgl_SolidMarker
{
    const akgl_Tilemap *map;
    uint8_t whole;
    uint32_t last_gid;
    uint8_t last_value;
} akgl_SolidMarker;

/* The marker for tile layer @p l of @p map. */
akgl_SolidMarker akgl_tilemap_solid_marker(const akgl_Tilemap *map, const akgl_TilemapLayer *l);

/* Marks out[k] for every one of the n cells of a row or a chunk that holds
 * a tile; a cell another layer made solid stays solid. */
void akgl_tilemap_mark_solid(akgl_SolidMarker *sm, const uint32_t *cells, size_t n, uint8_t *out);

/* An LDtk IntGrid layer's solid cells (akgl_TilemapLayer::solid) onto n
 * cells of the grid; a solid cell another layer made stays solid. */
void akgl_tilemap_mark_intgrid(const uint8_t *solid, size_t n, uint8_t *out);

/* The grid value (AKGL_CELL_*) every tile layer of @p map makes of map cell
 * (x, y), layer by layer as akgl_tilemap_solid_grid marks a whole grid. */
uint8_t akgl_tilemap_solid_cell(const akgl_Tilemap *map, int x, int y);

/*
 * Writes cell (x, y)'s value into the solid grid akgl_tilemap_solid_grid
 * built for @p map (map->solid_cells), when it built one and the cell is in
 * it; the value is returned either way. No allocation, no formatting: it is
 * what akgl_tilemap_set_tile calls during a frame.
 */
uint8_t akgl_tilemap_solid_refresh(akgl_Tilemap *map, int x, int y);

#endif
