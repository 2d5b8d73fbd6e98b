/*
 * What a map's tiles make of a solid grid cell: a tile's `solid`,
 * `one_way` and `slope_left`/`slope_right` properties, a layer's own
 * `solid` or `one_way`, and an LDtk IntGrid layer's solid values
 * (docs/07-tilemaps.md, "Solid tiles"). akgl_tilemap_solid_grid marks a
 * whole grid with these; akgl_tilemap_set_tile works one cell out again
 * when a game changes a tile. Layer: assets (the map model only).
 */
#include "tilemap_solid.h"

#include <SDL3/SDL.h>
#include <math.h>

#include "tilemap_private.h"

/* A tile's slope heights in eighths of the tile's height (props valid: the
 * map's physics check ran first), or false when it has no slope. */
static bool tile_slope(SDL_PropertiesID props, int tileheight, int *left, int *right)
{
    if (!SDL_HasProperty(props, "slope_left") || tileheight <= 0) {
        return false;
    }
    double l = SDL_GetPropertyType(props, "slope_left") == SDL_PROPERTY_TYPE_FLOAT
                   ? (double)SDL_GetFloatProperty(props, "slope_left", 0.0f)
                   : (double)SDL_GetNumberProperty(props, "slope_left", 0);
    double r = SDL_GetPropertyType(props, "slope_right") == SDL_PROPERTY_TYPE_FLOAT
                   ? (double)SDL_GetFloatProperty(props, "slope_right", 0.0f)
                   : (double)SDL_GetNumberProperty(props, "slope_right", 0);
    *left = (int)(l * 8.0 / tileheight + 0.5);
    *right = (int)(r * 8.0 / tileheight + 0.5);
    return true;
}

/* The grid cell value (AKGL_CELL_*) the tile a raw gid names gives: its
 * `slope_left`/`slope_right`, else `one_way`, else `solid` (flags ignored). */
static uint8_t tile_cell(const akgl_Tilemap *map, uint32_t raw)
{
    int i = akgl_tilemap_find_tileset(map, raw);
    if (i < 0) {
        return AKGL_CELL_OPEN;
    }
    const akgl_TilemapTileset *ts = &map->tilesets[i];
    const akgl_TilemapTile *tile =
        akgl_tilemap_find_tile(ts, (raw & AKGL_TILE_GID_MASK) - ts->firstgid);
    if (tile == NULL || tile->properties == 0) {
        return AKGL_CELL_OPEN;
    }
    int l = 0, r = 0;
    if (tile_slope(tile->properties, map->tileheight, &l, &r)) {
        return AKGL_CELL_SLOPE(l, r);
    }
    if (SDL_GetBooleanProperty(tile->properties, "one_way", false)) {
        return AKGL_CELL_ONE_WAY;
    }
    return SDL_GetBooleanProperty(tile->properties, "solid", false) ? AKGL_CELL_SOLID
                                                                     : AKGL_CELL_OPEN;
}

akgl_SolidMarker akgl_tilemap_solid_marker(const akgl_Tilemap *map, const akgl_TilemapLayer *l)
{
    uint8_t whole = AKGL_CELL_OPEN;
    if (l->properties != 0 && SDL_GetBooleanProperty(l->properties, "solid", false)) {
        whole = AKGL_CELL_SOLID;
    } else if (l->properties != 0 && SDL_GetBooleanProperty(l->properties, "one_way", false)) {
        whole = AKGL_CELL_ONE_WAY;
    }
    return (akgl_SolidMarker){map, whole, 0, AKGL_CELL_OPEN};
}

void akgl_tilemap_mark_solid(akgl_SolidMarker *sm, const uint32_t *cells, size_t n, uint8_t *out)
{
    for (size_t k = 0; k < n; k++) {
        uint32_t gid = cells[k] & AKGL_TILE_GID_MASK;
        if (gid == 0) {
            continue;
        }
        if (sm->whole == AKGL_CELL_OPEN && gid != sm->last_gid) {
            sm->last_gid = gid;
            sm->last_value = tile_cell(sm->map, gid);
        }
        uint8_t v = sm->whole != AKGL_CELL_OPEN ? sm->whole : sm->last_value;
        if (v != AKGL_CELL_OPEN && out[k] != AKGL_CELL_SOLID) {
            out[k] = v;
        }
    }
}

void akgl_tilemap_mark_intgrid(const uint8_t *solid, size_t n, uint8_t *out)
{
    for (size_t k = 0; k < n; k++) {
        if (solid[k] != AKGL_CELL_OPEN && out[k] != AKGL_CELL_SOLID) {
            out[k] = solid[k];
        }
    }
}

uint8_t akgl_tilemap_solid_cell(const akgl_Tilemap *map, int x, int y)
{
    uint8_t value = AKGL_CELL_OPEN;
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        if (l->kind != AKGL_TILEMAP_LAYER_TILES) {
            continue;
        }
        uint32_t raw = 0;
        if (l->nchunks > 0) {
            /* The grid marks chunks only when no layer holds a region. */
            (void)akgl_tilemap_chunk_cell(l, x, y, &raw);
            akgl_SolidMarker sm = akgl_tilemap_solid_marker(map, l);
            akgl_tilemap_mark_solid(&sm, &raw, 1, &value);
            continue;
        }
        int64_t cx = (int64_t)x - l->x0, cy = (int64_t)y - l->y0;
        if (l->cells == NULL || cx < 0 || cy < 0 || cx >= l->width || cy >= l->height) {
            continue;
        }
        size_t k = (size_t)(cy * l->width + cx);
        akgl_SolidMarker sm = akgl_tilemap_solid_marker(map, l);
        akgl_tilemap_mark_solid(&sm, &l->cells[k], 1, &value);
        if (l->solid != NULL) {
            akgl_tilemap_mark_intgrid(&l->solid[k], 1, &value);
        }
    }
    return value;
}

/* Where map cell (x, y) lies in map->solid_cells, or NULL when the grid
 * does not hold it. The grid's origin is its first cell's position, a whole
 * number of tiles. */
static uint8_t *grid_cell(akgl_Tilemap *map, int x, int y)
{
    const akgl_SolidGrid *g = &map->solid;
    if (map->solid_cells == NULL || g->cells == NULL || g->tile_w <= 0.0f || g->tile_h <= 0.0f) {
        return NULL;
    }
    int64_t gx = (int64_t)x - (int64_t)lroundf(g->origin_x / g->tile_w);
    int64_t gy = (int64_t)y - (int64_t)lroundf(g->origin_y / g->tile_h);
    if (gx < 0 || gy < 0 || gx >= g->cols || gy >= g->rows) {
        return NULL;
    }
    if (g->nchunks == 0) {
        return map->solid_cells + gy * g->cols + gx;
    }
    /* Chunked: the chunks are sorted by row, then col, each at a multiple
     * of the chunk size from the grid's first cell. */
    int col = (int)(gx / g->chunk_cols * g->chunk_cols);
    int row = (int)(gy / g->chunk_rows * g->chunk_rows);
    int lo = 0, hi = g->nchunks;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        const akgl_SolidGridChunk *c = &g->chunks[mid];
        if (c->row < row || (c->row == row && c->col < col)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (lo == g->nchunks || g->chunks[lo].col != col || g->chunks[lo].row != row) {
        return NULL;
    }
    size_t at = (size_t)(g->chunks[lo].cells - g->cells);
    return map->solid_cells + at + (size_t)(gy - row) * (size_t)g->chunk_cols + (size_t)(gx - col);
}

uint8_t akgl_tilemap_solid_refresh(akgl_Tilemap *map, int x, int y)
{
    uint8_t value = akgl_tilemap_solid_cell(map, x, y);
    uint8_t *cell = grid_cell(map, x, y);
    if (cell != NULL) {
        *cell = value;
    }
    return value;
}
