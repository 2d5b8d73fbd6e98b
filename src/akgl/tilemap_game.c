/*
 * The map in the game: akgl_game_set_tilemap, the solid grid the arcade
 * physics collides with, actors spawned from objects, and what a level
 * change does with the actors maps hold (docs/07-tilemaps.md, "The map in
 * the game"). Layer: game (the level): it names the actors, the physics and
 * the game object, and installs in the map model (assets) the release of the
 * actors a map spawned.
 */
#include "tilemap_game.h"

#include <akgl/actor.h>
#include <akgl/camera.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akstdlib.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actor_private.h"
#include "heap_pool.h"
#include "json_private.h"
#include "object.h"
#include "render_2d_private.h"
#include "tilemap_cache.h"
#include "tilemap_private.h"
#include "tilemap_solid.h"

/* The map pool's slots (defined with the pool in tilemap.c). */
extern akgl_Tilemap *akgl_heap_tilemaps;

/* The map's path as messages show it (a long one as head...tail). */
#define SHOWN(map, buf) akgl_json_message_path((map)->path, (buf))

static const char *orientation_name(akgl_TilemapOrientation o)
{
    switch (o) {
    case AKGL_TILEMAP_ORTHOGONAL: return "orthogonal";
    case AKGL_TILEMAP_ISOMETRIC: return "isometric";
    case AKGL_TILEMAP_STAGGERED: return "staggered";
    case AKGL_TILEMAP_HEXAGONAL: return "hexagonal";
    }
    return "unknown";
}

/* ------------------------------------------------------------------------ */
/* The solid grid                                                           */
/* ------------------------------------------------------------------------ */

/* The cells the grid covers: the map's own size for a finite map, and the
 * union of every tile layer's stored region (an infinite map's chunks). */
static void grid_bounds(const akgl_Tilemap *map, long *x0, long *y0, long *x1, long *y1)
{
    bool any = !map->infinite && map->width > 0 && map->height > 0;
    *x0 = 0;
    *y0 = 0;
    *x1 = any ? map->width : 0;
    *y1 = any ? map->height : 0;
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        if (l->kind != AKGL_TILEMAP_LAYER_TILES || l->cells == NULL || l->width <= 0 ||
            l->height <= 0) {
            continue;
        }
        long lx1 = (long)l->x0 + l->width, ly1 = (long)l->y0 + l->height;
        *x0 = any ? SDL_min(*x0, (long)l->x0) : l->x0;
        *y0 = any ? SDL_min(*y0, (long)l->y0) : l->y0;
        *x1 = any ? SDL_max(*x1, lx1) : lx1;
        *y1 = any ? SDL_max(*y1, ly1) : ly1;
        any = true;
    }
}

static void fill_solid(const akgl_Tilemap *map, uint8_t *cells, long gx0, long gy0, long cols)
{
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        if (l->kind != AKGL_TILEMAP_LAYER_TILES || l->cells == NULL) {
            continue;
        }
        akgl_SolidMarker sm = akgl_tilemap_solid_marker(map, l);
        for (long y = 0; y < l->height; y++) {
            const uint32_t *row = l->cells + y * l->width;
            uint8_t *out = cells + ((long)l->y0 + y - gy0) * cols + ((long)l->x0 - gx0);
            akgl_tilemap_mark_solid(&sm, row, (size_t)l->width, out);
            if (l->solid != NULL) {
                akgl_tilemap_mark_intgrid(l->solid + y * l->width, (size_t)l->width, out);
            }
        }
    }
}

/* Whether the map's tile layers are stored in chunks (an infinite map
 * loaded from a file). A map built by hand may hold regions instead; one
 * holding both cannot make one grid. */
static bool has_chunks(const akgl_Tilemap *map)
{
    for (int i = 0; i < map->nlayers; i++) {
        if (map->layers[i].kind == AKGL_TILEMAP_LAYER_TILES && map->layers[i].nchunks > 0) {
            return true;
        }
    }
    return false;
}

/* Grid chunks by row, then col. */
static int solid_chunk_order(const void *pa, const void *pb)
{
    const akgl_SolidGridChunk *a = pa, *b = pb;
    if (a->row != b->row) {
        return a->row < b->row ? -1 : 1;
    }
    return a->col < b->col ? -1 : a->col > b->col;
}

/* The grid chunk at (col, row), which exists: the grid has one at every
 * place a layer has a chunk. */
static uint8_t *solid_chunk(const akgl_SolidGridChunk *chunks, int n, int col, int row)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (chunks[mid].row < row || (chunks[mid].row == row && chunks[mid].col < col)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return (uint8_t *)chunks[lo].cells;
}

/*
 * An infinite map's grid follows its chunks: one grid chunk (a byte a cell)
 * at every place where any tile layer has a chunk, all of the map's one
 * chunk size, so it costs at most the cells the layers store, never their
 * bounding box. One block: the chunks' cells, then the sorted chunk list.
 */
static akerr_ErrorContext *chunked_grid(akgl_Tilemap *map, akgl_SolidGrid *grid)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    size_t total = 0;
    int cw = 0, ch = 0;
    long x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    PREPARE_ERROR(errctx);
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        if (l->kind != AKGL_TILEMAP_LAYER_TILES) {
            continue;
        }
        FAIL_NONZERO_RETURN(errctx, l->cells != NULL, AKERR_VALUE, "akgl_tilemap_solid_grid: "
                            "map %s: layer %d (\"%s\") holds a region of cells and others hold "
                            "chunks; one grid takes one or the other", SHOWN(map, shown), i,
                            l->name);
        if (l->nchunks <= 0) {
            continue;
        }
        FAIL_NONZERO_RETURN(errctx, total > 0 && (l->chunkwidth != cw || l->chunkheight != ch),
                            AKERR_VALUE, "akgl_tilemap_solid_grid: map %s: layer %d (\"%s\") has "
                            "chunks of %d x %d, another layer of %d x %d; one grid takes one "
                            "chunk size", SHOWN(map, shown), i, l->name, l->chunkwidth,
                            l->chunkheight, cw, ch);
        cw = l->chunkwidth;
        ch = l->chunkheight;
        for (int c = 0; c < l->nchunks; c++) {
            const akgl_TilemapChunk *lc = &l->chunks[c];
            FAIL_NONZERO_RETURN(errctx, cw < 1 || ch < 1 || lc->x % cw != 0 || lc->y % ch != 0,
                                AKERR_VALUE, "akgl_tilemap_solid_grid: map %s: layer %d "
                                "(\"%s\"): chunk at (%d, %d) is not on a multiple of the chunk "
                                "size %d x %d", SHOWN(map, shown), i, l->name, lc->x, lc->y, cw,
                                ch);
            x0 = total ? SDL_min(x0, (long)lc->x) : lc->x;
            y0 = total ? SDL_min(y0, (long)lc->y) : lc->y;
            x1 = total ? SDL_max(x1, (long)lc->x + cw) : (long)lc->x + cw;
            y1 = total ? SDL_max(y1, (long)lc->y + ch) : (long)lc->y + ch;
            total++;
        }
    }
    *grid = (akgl_SolidGrid){NULL, 0, 0, (float)map->tilewidth, (float)map->tileheight,
                             (float)x0 * (float)map->tilewidth, (float)y0 * (float)map->tileheight,
                             0, 0, 0, NULL};
    if (total == 0) {
        SUCCEED_RETURN(errctx);
    }
    akgl_SolidGridChunk *places = malloc(total * sizeof(*places));
    FAIL_ZERO_RETURN(errctx, places, ENOMEM, "akgl_tilemap_solid_grid: map %s: no memory for "
                     "%zu chunk places", SHOWN(map, shown), total);
    size_t n = 0;
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        for (int c = 0; l->kind == AKGL_TILEMAP_LAYER_TILES && c < l->nchunks; c++) {
            places[n++] = (akgl_SolidGridChunk){(int)(l->chunks[c].x - x0),
                                                (int)(l->chunks[c].y - y0), NULL};
        }
    }
    qsort(places, n, sizeof(*places), solid_chunk_order);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (m == 0 || places[i].col != places[m - 1].col || places[i].row != places[m - 1].row) {
            places[m++] = places[i];
        }
    }
    if (m > (size_t)INT_MAX) {
        free(places);
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_tilemap_solid_grid: map %s: %zu chunk places, "
                    "more than one grid holds (INT_MAX)", SHOWN(map, shown), m);
    }
    size_t per = (size_t)cw * (size_t)ch;
    size_t cells_bytes = (m * per + _Alignof(akgl_SolidGridChunk) - 1) /
                         _Alignof(akgl_SolidGridChunk) * _Alignof(akgl_SolidGridChunk);
    uint8_t *block = calloc(cells_bytes + m * sizeof(akgl_SolidGridChunk), 1);
    if (block == NULL) {
        free(places);
        FAIL_RETURN(errctx, ENOMEM, "akgl_tilemap_solid_grid: map %s: no memory for %zu chunks "
                    "of %d x %d cells", SHOWN(map, shown), m, cw, ch);
    }
    akgl_SolidGridChunk *chunks = (akgl_SolidGridChunk *)(void *)(block + cells_bytes);
    for (size_t i = 0; i < m; i++) {
        chunks[i] = (akgl_SolidGridChunk){places[i].col, places[i].row, block + i * per};
    }
    free(places);
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        if (l->kind != AKGL_TILEMAP_LAYER_TILES || l->nchunks <= 0) {
            continue;
        }
        akgl_SolidMarker sm = akgl_tilemap_solid_marker(map, l);
        for (int c = 0; c < l->nchunks; c++) {
            const akgl_TilemapChunk *lc = &l->chunks[c];
            uint8_t *out = solid_chunk(chunks, (int)m, (int)(lc->x - x0), (int)(lc->y - y0));
            akgl_tilemap_mark_solid(&sm, lc->cells, per, out);
        }
    }
    map->solid_cells = block;
    grid->cells = block;
    grid->cols = (int)(x1 - x0);
    grid->rows = (int)(y1 - y0);
    grid->chunk_cols = cw;
    grid->chunk_rows = ch;
    grid->nchunks = (int)m;
    grid->chunks = chunks;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_solid_grid(akgl_Tilemap *map, akgl_SolidGrid *dest)
{
    long x0, y0, x1, y1;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_solid_grid: NULL map");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_solid_grid: NULL destination");
    FAIL_NONZERO_RETURN(errctx, map->orientation != AKGL_TILEMAP_ORTHOGONAL, AKERR_VALUE,
                        "akgl_tilemap_solid_grid: map %s is %s; the arcade physics collides "
                        "with orthogonal grids only",
                        SHOWN(map, shown), orientation_name(map->orientation));
    if (map->solid_cells != NULL) {
        /* Built already: the physics may be borrowing these cells, and
         * akgl_tilemap_set_tile keeps them true to the tiles. */
        *dest = map->solid;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akgl_tilemap_check_physics(map));
    if (has_chunks(map)) {
        akgl_SolidGrid grid;
        PASS(errctx, chunked_grid(map, &grid));
        map->solid = grid;
        *dest = grid;
        SUCCEED_RETURN(errctx);
    }
    grid_bounds(map, &x0, &y0, &x1, &y1);
    long cols = x1 - x0, rows = y1 - y0;
    akgl_SolidGrid grid = {NULL, 0, 0, (float)map->tilewidth, (float)map->tileheight,
                           (float)x0 * (float)map->tilewidth, (float)y0 * (float)map->tileheight,
                           0, 0, 0, NULL};
    if (cols > 0 && rows > 0) {
        FAIL_NONZERO_RETURN(errctx, cols > AKGL_TILEMAP_MAX_LAYER_CELLS / rows, AKERR_VALUE,
                            "akgl_tilemap_solid_grid: map %s: the tile layers span %ld x %ld "
                            "cells (from cell %ld, %ld), more than AKGL_TILEMAP_MAX_LAYER_CELLS "
                            "(%ld) in one grid",
                            SHOWN(map, shown), cols, rows, x0, y0,
                            (long)AKGL_TILEMAP_MAX_LAYER_CELLS);
        uint8_t *cells = calloc((size_t)(cols * rows), 1);
        FAIL_ZERO_RETURN(errctx, cells, ENOMEM,
                         "akgl_tilemap_solid_grid: map %s: no memory for %ld x %ld cells",
                         SHOWN(map, shown), cols, rows);
        fill_solid(map, cells, x0, y0, cols);
        map->solid_cells = cells;
        grid.cells = cells;
        grid.cols = (int)cols;
        grid.rows = (int)rows;
    }
    map->solid = grid;
    *dest = grid;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* One-way tiles, slopes and platforms, as Tiled marks them                 */
/* ------------------------------------------------------------------------ */

/* The largest distance, speed or position a platform property may give (px,
 * px/s): far beyond any level, well inside a float's exact range. */
#define PLATFORM_PROPERTY_LIMIT 1e6

/*
 * A number property: absent gives @p fallback; else an int or a float from
 * @p lo to @p hi. @p what names where it is ("tileset \"t\" tile 3").
 */
static akerr_ErrorContext *number_property(const akgl_Tilemap *map, const char *what,
                                           SDL_PropertiesID props, const char *key,
                                           double fallback, double lo, double hi, double *dest)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    *dest = fallback;
    if (props == 0 || !SDL_HasProperty(props, key)) {
        SUCCEED_RETURN(errctx);
    }
    SDL_PropertyType type = SDL_GetPropertyType(props, key);
    if (type == SDL_PROPERTY_TYPE_NUMBER) {
        *dest = (double)SDL_GetNumberProperty(props, key, 0);
    } else if (type == SDL_PROPERTY_TYPE_FLOAT) {
        *dest = (double)SDL_GetFloatProperty(props, key, 0.0f);
    } else {
        FAIL_RETURN(errctx, AKERR_TYPE, "map %s: %s: property %s is %s; it must be a number "
                    "(int or float)", SHOWN(map, shown), what, key,
                    type == SDL_PROPERTY_TYPE_STRING    ? "a string"
                    : type == SDL_PROPERTY_TYPE_BOOLEAN ? "a bool"
                                                        : "not a number");
    }
    FAIL_NONZERO_RETURN(errctx, !(*dest >= lo && *dest <= hi), AKERR_OUTOFBOUNDS,
                        "map %s: %s: property %s is %g; it must be from %g to %g",
                        SHOWN(map, shown), what, key, *dest, lo, hi);
    SUCCEED_RETURN(errctx);
}

/* A bool property, absent: false; any other type is refused. */
static akerr_ErrorContext *bool_property(const akgl_Tilemap *map, const char *what,
                                         SDL_PropertiesID props, const char *key, bool *dest)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    *dest = false;
    if (props == 0 || !SDL_HasProperty(props, key)) {
        SUCCEED_RETURN(errctx);
    }
    FAIL_NONZERO_RETURN(errctx, SDL_GetPropertyType(props, key) != SDL_PROPERTY_TYPE_BOOLEAN,
                        AKERR_TYPE, "map %s: %s: property %s is not a bool; it must be true or "
                        "false", SHOWN(map, shown), what, key);
    *dest = SDL_GetBooleanProperty(props, key, false);
    SUCCEED_RETURN(errctx);
}

/* A tile's one_way and slope_left/slope_right. */
static akerr_ErrorContext *check_tile(const akgl_Tilemap *map, const akgl_TilemapTileset *ts,
                                      const akgl_TilemapTile *tile)
{
    char what[256];
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    bool one_way = false;
    double l = 0.0, r = 0.0;
    PREPARE_ERROR(errctx);
    SDL_PropertiesID props = tile->properties;
    snprintf(what, sizeof(what), "tileset \"%s\" tile %u", ts->name, (unsigned)tile->id);
    PASS(errctx, bool_property(map, what, props, "one_way", &one_way));
    bool has_l = SDL_HasProperty(props, "slope_left"), has_r = SDL_HasProperty(props, "slope_right");
    if (!has_l && !has_r) {
        SUCCEED_RETURN(errctx);
    }
    FAIL_NONZERO_RETURN(errctx, has_l != has_r, AKERR_KEY, "map %s: %s: property %s is set "
                        "and %s is not; a slope needs both", SHOWN(map, shown), what,
                        has_l ? "slope_left" : "slope_right", has_l ? "slope_right" : "slope_left");
    FAIL_NONZERO_RETURN(errctx, one_way, AKERR_VALUE, "map %s: %s: one_way and slope_left/"
                        "slope_right are both set; a slope is already open from below",
                        SHOWN(map, shown), what);
    double th = (double)map->tileheight;
    PASS(errctx, number_property(map, what, props, "slope_left", 0.0, 0.0, th, &l));
    PASS(errctx, number_property(map, what, props, "slope_right", 0.0, 0.0, th, &r));
    const char *keys[2] = {"slope_left", "slope_right"};
    const double values[2] = {l, r};
    for (int k = 0; k < 2; k++) {
        double eighths = values[k] * 8.0 / th;
        FAIL_NONZERO_RETURN(errctx, SDL_fabs(eighths - SDL_round(eighths)) > 1e-6, AKERR_VALUE,
                            "map %s: %s: property %s is %g; it must be a whole number of "
                            "eighths of the tile height (a multiple of %g px) from 0 to %d",
                            SHOWN(map, shown), what, keys[k], values[k], th / 8.0,
                            map->tileheight);
    }
    SUCCEED_RETURN(errctx);
}

/* A "platform" object's place, path and speed as an akgl_Platform. */
static akerr_ErrorContext *platform_of(const akgl_Tilemap *map, int layer,
                                       const akgl_TilemapObject *obj, akgl_Platform *dest)
{
    char what[256];
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    double dx = 0.0, dy = 0.0, speed = 0.0;
    bool one_way = false;
    SDL_FPoint at;
    PREPARE_ERROR(errctx);
    snprintf(what, sizeof(what), "layer %d (\"%s\"): platform object %d (\"%s\")", layer,
             map->layers[layer].name, obj->id, obj->name);
    FAIL_NONZERO_RETURN(errctx, obj->shape != AKGL_TILEMAP_SHAPE_RECTANGLE || obj->rotation != 0.0f ||
                            !(obj->width >= 1.0f) || !(obj->height >= 1.0f),
                        AKERR_VALUE, "map %s: %s is %gx%g px, rotated %g degrees; a platform is "
                        "an unrotated rectangle of at least 1x1 px", SHOWN(map, shown), what,
                        (double)obj->width, (double)obj->height, (double)obj->rotation);
    const double lim = PLATFORM_PROPERTY_LIMIT;
    PASS(errctx, number_property(map, what, obj->properties, "dx", 0.0, -lim, lim, &dx));
    PASS(errctx, number_property(map, what, obj->properties, "dy", 0.0, -lim, lim, &dy));
    PASS(errctx, bool_property(map, what, obj->properties, "one_way", &one_way));
    bool moves = dx != 0.0 || dy != 0.0;
    PASS(errctx, number_property(map, what, obj->properties, "speed", 0.0, 0.0, lim, &speed));
    FAIL_NONZERO_RETURN(errctx, moves && !(speed > 0.0), AKERR_VALUE, "map %s: %s: property "
                        "speed is %g; a platform with a path (dx %g, dy %g) needs a speed above "
                        "0 px/s", SHOWN(map, shown), what, speed, dx, dy);
    PASS(errctx, akgl_tilemap_object_position(map, obj, &at));
    double leg = 0.0;
    if (moves) {
        /* Whole steps per leg: the path's length at the speed, rounded. */
        double step_s = (double)AKGL_PHYSICS_STEP_NS / 1e9;
        leg = SDL_round(SDL_sqrt(dx * dx + dy * dy) / (speed * step_s));
        leg = leg < 1.0 ? 1.0 : leg;
        FAIL_NONZERO_RETURN(errctx, leg > 1e9, AKERR_VALUE, "map %s: %s: property speed is %g; "
                            "a leg of %g px would take %g steps, more than 1e9", SHOWN(map, shown),
                            what, speed, SDL_sqrt(dx * dx + dy * dy), leg);
    }
    *dest = (akgl_Platform){at.x, at.y, obj->width, obj->height, (float)dx, (float)dy,
                            (uint32_t)leg, one_way};
    SUCCEED_RETURN(errctx);
}

static bool is_platform(const akgl_TilemapObject *obj)
{
    return strcmp(obj->type, AKGL_TILEMAP_PLATFORM) == 0;
}

akerr_ErrorContext *akgl_tilemap_check_physics(const akgl_Tilemap *map)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    int platforms = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_check_physics: NULL map");
    for (int t = 0; t < map->ntilesets; t++) {
        const akgl_TilemapTileset *ts = &map->tilesets[t];
        for (int k = 0; k < ts->ntiles; k++) {
            if (ts->tiles[k].properties != 0) {
                PASS(errctx, check_tile(map, ts, &ts->tiles[k]));
            }
        }
    }
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        for (int k = 0; l->kind == AKGL_TILEMAP_LAYER_OBJECTS && k < l->nobjects; k++) {
            if (!is_platform(&l->objects[k])) {
                continue;
            }
            akgl_Platform scratch;
            PASS(errctx, platform_of(map, i, &l->objects[k], &scratch));
            platforms++;
        }
    }
    FAIL_NONZERO_RETURN(errctx, platforms > AKGL_PHYSICS_MAX_PLATFORMS, AKERR_OUTOFBOUNDS,
                        "map %s: %d platform objects; the physics holds at most %d "
                        "(AKGL_PHYSICS_MAX_PLATFORMS)", SHOWN(map, shown), platforms,
                        AKGL_PHYSICS_MAX_PLATFORMS);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_platforms(akgl_Tilemap *map, const akgl_Platform **dest,
                                           int *count)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_platforms: NULL map");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_platforms: NULL destination");
    FAIL_ZERO_RETURN(errctx, count, AKERR_NULLPOINTER, "akgl_tilemap_platforms: NULL count");
    *dest = NULL;
    *count = 0;
    if (map->platforms == NULL) {
        PASS(errctx, akgl_tilemap_check_physics(map));
        int n = 0;
        for (int i = 0; i < map->nlayers; i++) {
            const akgl_TilemapLayer *l = &map->layers[i];
            for (int k = 0; l->kind == AKGL_TILEMAP_LAYER_OBJECTS && k < l->nobjects; k++) {
                n += is_platform(&l->objects[k]) ? 1 : 0;
            }
        }
        if (n == 0) {
            SUCCEED_RETURN(errctx);
        }
        akgl_Platform *all = malloc((size_t)n * sizeof(*all));
        FAIL_ZERO_RETURN(errctx, all, ENOMEM, "akgl_tilemap_platforms: map %s: no memory for %d "
                         "platforms", SHOWN(map, shown), n);
        n = 0;
        for (int i = 0; i < map->nlayers; i++) {
            const akgl_TilemapLayer *l = &map->layers[i];
            for (int k = 0; l->kind == AKGL_TILEMAP_LAYER_OBJECTS && k < l->nobjects; k++) {
                if (is_platform(&l->objects[k])) {
                    /* Checked above: it cannot fail now. */
                    akerr_ErrorContext *e = platform_of(map, i, &l->objects[k], &all[n++]);
                    if (e != NULL) {
                        free(all);
                        PASS(errctx, e);
                    }
                }
            }
        }
        map->platforms = all;
        map->nplatforms = n;
    }
    *dest = map->platforms;
    *count = map->nplatforms;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The current map                                                          */
/* ------------------------------------------------------------------------ */

/* The grid the physics should collide with for `map`: its solid grid, or
 * none for a map without tile cells or one that is not orthogonal. */
static akerr_ErrorContext *physics_grid_for(akgl_Tilemap *map, akgl_SolidGrid *grid, bool *has)
{
    PREPARE_ERROR(errctx);
    *has = false;
    if (map == NULL || map->orientation != AKGL_TILEMAP_ORTHOGONAL) {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akgl_tilemap_solid_grid(map, grid));
    *has = grid->cells != NULL;
    SUCCEED_RETURN(errctx);
}

/*
 * The camera follows the map: bounded to the map's extent, or unbounded with
 * no map, unless the game said "camera.map_bounds" = 0 (`follow`, read by the
 * caller before it changes anything, so a bad value changes nothing).
 */
static akerr_ErrorContext *bound_camera_for(akgl_Tilemap *map, int follow)
{
    SDL_FRect bounds;
    PREPARE_ERROR(errctx);
    if (game.camera == NULL || follow == 0) {
        SUCCEED_RETURN(errctx);
    }
    if (map == NULL) {
        PASS(errctx, akgl_camera_set_bounds(game.camera, NULL));
        SUCCEED_RETURN(errctx);
    }
    akerr_ErrorContext *none = akgl_tilemap_pixel_bounds(map, &bounds);
    if (none != NULL && none->status == AKERR_VALUE) {
        /* A map with no cells (an object-only map): no bounds to keep to. */
        RELEASE_ERROR(none);
        PASS(errctx, akgl_camera_set_bounds(game.camera, NULL));
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, none);
    PASS(errctx, akgl_camera_set_bounds(game.camera, &bounds));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *set_rest(akgl_Tilemap *map, int follow);

akerr_ErrorContext *akgl_game_set_tilemap(akgl_Tilemap *map)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    int follow = 1; /* "camera.map_bounds": the camera keeps to the map */
    PREPARE_ERROR(errctx);
    if (map != NULL) {
        FAIL_NONZERO_RETURN(errctx, map->refcount <= 0, AKGL_ERR_HEAP,
                            "akgl_game_set_tilemap: map %s has been released",
                            SHOWN(map, shown));
        FAIL_NONZERO_RETURN(errctx,
                            map->orientation != AKGL_TILEMAP_ORTHOGONAL &&
                                map->orientation != AKGL_TILEMAP_ISOMETRIC,
                            AKERR_VALUE,
                            "akgl_game_set_tilemap: map %s is %s; only orthogonal and isometric "
                            "maps are drawn",
                            SHOWN(map, shown), orientation_name(map->orientation));
    }
    if (AKGL_REGISTRY_PROPERTIES != 0) {
        PASS(errctx, akgl_get_property_integer("camera.map_bounds", &follow, "1"));
    }
    /* The layer cache's targets are made here, outside the frame, and
     * installed only when everything else has succeeded. */
    static akgl_TilemapCache pending;
    akgl_Renderer *r = game.renderer;
    bool backend_2d = r != NULL && r->draw_tile == akgl_render_2d_draw_tile;
    PASS(errctx, akgl_tilemap_cache_make(backend_2d ? map : NULL, r, &pending));
    akerr_ErrorContext *rest = set_rest(map, follow);
    if (rest != NULL) {
        akgl_tilemap_cache_discard(&pending);
        PASS(errctx, rest);
    }
    akgl_tilemap_cache_install(&pending);
    akgl_Tilemap *previous = game.tilemap;
    if (map != NULL) {
        map->refcount++; /* the game's reference */
    }
    game.tilemap = map;
    if (previous != NULL) {
        PASS(errctx, akgl_heap_release_tilemap(previous));
    }
    SUCCEED_RETURN(errctx);
}

/* What akgl_game_set_tilemap changes besides the map: the physics' grid and
 * platforms, and the camera's bounds. */
static akerr_ErrorContext *set_rest(akgl_Tilemap *map, int follow)
{
    akgl_SolidGrid grid;
    bool has_grid = false;
    PREPARE_ERROR(errctx);
    if (game.physics != NULL) {
        const akgl_Platform *platforms = NULL;
        int nplatforms = 0;
        PASS(errctx, physics_grid_for(map, &grid, &has_grid));
        if (map != NULL && map->orientation == AKGL_TILEMAP_ORTHOGONAL) {
            /* Before the grid is set: a bad platform changes nothing. */
            PASS(errctx, akgl_tilemap_platforms(map, &platforms, &nplatforms));
        }
        PASS(errctx, akgl_physics_set_solid_grid(game.physics, has_grid ? &grid : NULL));
        PASS(errctx, akgl_physics_set_platforms(game.physics, platforms, nplatforms));
    }
    PASS(errctx, bound_camera_for(map, follow));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Actors from objects                                                      */
/* ------------------------------------------------------------------------ */


static bool names_character(const akgl_TilemapObject *obj)
{
    return obj->type[0] != '\0' &&
           SDL_GetPointerProperty(AKGL_REGISTRY_CHARACTER, obj->type, NULL) != NULL;
}

/*
 * The actor's name, always whole (actor names are registry keys, never cut):
 * "" for an object with no name (its actor is anonymous: no string is
 * made); the object's own name when it is free; when it is taken,
 * "<map file>#<id>". An object name too long for an actor is refused, naming
 * the object. A generated name too long keeps "#<id>" whole and cuts the
 * map's part (at a UTF-8 character boundary): the id keeps the names of one
 * map's objects apart; two maps whose names share the part kept can give the
 * same name, which akgl_actor_spawn refuses as taken.
 */
static akerr_ErrorContext *actor_name(const akgl_Tilemap *map, const akgl_TilemapObject *obj,
                                      char *buf, size_t size)
{
    PREPARE_ERROR(errctx);
    size_t len = strlen(obj->name);
    FAIL_NONZERO_RETURN(errctx, len >= size, AKERR_OUTOFBOUNDS,
                        "object %d's name \"%.64s%s\" is %zu bytes; an actor name holds at most "
                        "%zu (AKGL_ACTOR_MAX_NAME_LENGTH %d)",
                        obj->id, obj->name, len > 64 ? "..." : "", len, size - 1,
                        AKGL_ACTOR_MAX_NAME_LENGTH);
    if (len == 0) {
        buf[0] = '\0';
        SUCCEED_RETURN(errctx);
    }
    if (SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, obj->name, NULL) == NULL) {
        memcpy(buf, obj->name, len + 1);
        SUCCEED_RETURN(errctx);
    }
    char id[16];
    size_t idlen = (size_t)SDL_snprintf(id, sizeof(id), "#%d", obj->id);
    char base[AKGL_MAX_STRING_LENGTH]; /* the map's file name: "level1.tmj" */
    PASS(errctx, aksl_basename(map->path, base, sizeof(base)));
    size_t keep = strlen(base);
    if (keep > size - 1 - idlen) {
        keep = size - 1 - idlen;
        while (keep > 0 && ((unsigned char)base[keep] & 0xC0) == 0x80) {
            keep--; /* not inside a character */
        }
    }
    memcpy(buf, base, keep);
    memcpy(buf + keep, id, idlen + 1);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *spawn_one(const akgl_Tilemap *map, const akgl_TilemapObject *obj,
                                     akgl_Actor **dest)
{
    char name[AKGL_ACTOR_MAX_NAME_LENGTH];
    akgl_Actor *actor = NULL;
    PREPARE_ERROR(errctx);
    _Static_assert(AKGL_ACTOR_MAX_NAME_LENGTH > 16, "room for \"#<id>\" in an actor name");
    PASS(errctx, actor_name(map, obj, name, sizeof(name)));
    /* Its own settings, read before anything is claimed: they override the
     * character's, which akgl_actor_spawn applies. */
    akgl_ActorSettings own = {0};
    PASS(errctx, akerr_prefix_message(akgl_actor_settings_from_properties(obj->properties, &own),
                                      "object %d (\"%s\")", obj->id, obj->name));
    SDL_FPoint at = {0};
    PASS(errctx, akgl_tilemap_object_position(map, obj, &at));
    if (name[0] == '\0') { /* no name in the map: an anonymous actor */
        PASS(errctx, akerr_prefix_message(akgl_actor_spawn(NULL, obj->type, at.x, at.y, &actor),
                                          "object %d (an anonymous actor)", obj->id));
    } else {
        PASS(errctx, akerr_prefix_message(akgl_actor_spawn(name, obj->type, at.x, at.y, &actor),
                                          "object %d (actor \"%s\")", obj->id, name));
    }
    actor->visible = obj->visible;
    akerr_ErrorContext *e = akgl_actor_apply_settings(actor, &own);
    if (e != NULL) {
        IGNORE(akgl_heap_release_actor(actor));
        PASS(errctx, akerr_prefix_message(e, "object %d (actor \"%s\")", obj->id, name));
    }
    *dest = actor;
    SUCCEED_RETURN(errctx);
}

/*
 * Gives back the actors spawned from index `from` on, and forgets them. One
 * despawned or released to 0 since no longer resolves: its reference went
 * with it, and a new actor in its slot is not the map's.
 */
static void drop_spawned(akgl_Tilemap *map, int from, akerr_ErrorContext **first)
{
    for (int i = from; i < map->nspawned; i++) {
        akgl_Actor *actor = akgl_actor_resolve(map->spawned[i]);
        map->spawned[i] = AKGL_ACTOR_REF_NONE;
        if (actor != NULL) {
            akgl_object_keep_first(first, akgl_heap_release_actor(actor));
        }
    }
    map->nspawned = from;
    if (from == 0) {
        free(map->spawned);
        map->spawned = NULL;
    }
}

/* What a map's teardown calls for the actors it spawned: installed in the
 * model when the game starts (akgl_tilemap_install_level), which sits below
 * the actors and does not name them. */
static void release_spawned(akgl_Tilemap *map, akerr_ErrorContext **first)
{
    drop_spawned(map, 0, first);
}

void akgl_tilemap_install_level(void)
{
    akgl_tilemap_set_spawned_release(release_spawned);
}

/* Every object naming a character, in layer and file order, appended to map->spawned
 * (which has room for them). */
static akerr_ErrorContext *spawn_all(akgl_Tilemap *map)
{
    PREPARE_ERROR(errctx);
    for (int l = 0; l < map->nlayers; l++) {
        const akgl_TilemapLayer *layer = &map->layers[l];
        for (int i = 0; i < layer->nobjects; i++) {
            if (names_character(&layer->objects[i])) {
                akgl_Actor *actor = NULL;
                akgl_ActorRef ref = AKGL_ACTOR_REF_NONE;
                PASS(errctx, spawn_one(map, &layer->objects[i], &actor));
                akerr_ErrorContext *e = akgl_actor_ref(actor, &ref); /* a pool slot: cannot fail */
                if (e != NULL) {
                    IGNORE(akgl_heap_release_actor(actor));
                    PASS(errctx, e);
                }
                map->spawned[map->nspawned++] = ref;
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_spawn_actors(akgl_Tilemap *map, int *count)
{
    int wanted = 0, before;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_spawn_actors: NULL map");
    FAIL_ZERO_RETURN(errctx, count, AKERR_NULLPOINTER, "akgl_tilemap_spawn_actors: NULL count");
    for (int l = 0; l < map->nlayers; l++) {
        for (int i = 0; i < map->layers[l].nobjects; i++) {
            wanted += names_character(&map->layers[l].objects[i]) ? 1 : 0;
        }
    }
    *count = 0;
    if (wanted == 0) {
        SUCCEED_RETURN(errctx);
    }
    /* Room for all of them first: nothing can fail half-way for want of memory. */
    akgl_ActorRef *grown = realloc(map->spawned, sizeof(*grown) * (size_t)(map->nspawned + wanted));
    FAIL_ZERO_RETURN(errctx, grown, ENOMEM,
                     "akgl_tilemap_spawn_actors: map %s: no memory for %d actors", SHOWN(map, shown),
                     map->nspawned + wanted);
    map->spawned = grown;
    before = map->nspawned;
    akerr_ErrorContext *failed = spawn_all(map);
    if (failed != NULL) {
        /* Nothing this call spawned is kept. */
        akerr_ErrorContext *ignored = NULL;
        drop_spawned(map, before, &ignored);
        IGNORE(ignored);
        PASS(errctx, akerr_prefix_message(failed, "akgl_tilemap_spawn_actors: map %s",
                                          SHOWN(map, shown)));
    }
    *count = map->nspawned - before;
    SUCCEED_RETURN(errctx);
}

void akgl_tilemap_drop_actors(akerr_ErrorContext **first)
{
    /* Over the pool's live slots: its capacity is chosen at start. */
    int slots = akgl_heap_slots(AKGL_HEAP_TILEMAP);
    for (int i = 0; i < slots; i++) {
        akgl_Tilemap *map = &akgl_heap_tilemaps[i];
        if (map->refcount > 0 && map->nspawned > 0) {
            drop_spawned(map, 0, first);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Hot reload                                                               */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_tilemap_reload(akgl_Tilemap *map, bool xml, bool respawn)
{
    akgl_Tilemap *scratch = NULL;
    akgl_SolidGrid grid;
    const akgl_Platform *platforms = NULL;
    int nplatforms = 0;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_reload: NULL map");
    FAIL_NONZERO_RETURN(errctx, map->refcount <= 0, AKGL_ERR_HEAP,
                        "akgl_tilemap_reload: the map is released");
    if (map->level != NULL) {
        PASS(errctx, akgl_tilemap_ldtk_build_scratch(map, &scratch));
    } else {
        PASS(errctx, akgl_tilemap_build_scratch(map, xml, &scratch));
    }
    bool current = game.tilemap == map;
    ATTEMPT {
        /* What the game's map gives the physics, built from the new model
         * before anything changes: a bad marking is refused here. */
        if (current && scratch->orientation != AKGL_TILEMAP_ORTHOGONAL &&
            scratch->orientation != AKGL_TILEMAP_ISOMETRIC) {
            FAIL_BREAK(errctx, AKERR_VALUE, "map %s is %s now; only orthogonal and isometric "
                       "maps are drawn", SHOWN(map, shown), orientation_name(scratch->orientation));
        }
        if (scratch->orientation == AKGL_TILEMAP_ORTHOGONAL) {
            CATCH(errctx, akgl_tilemap_solid_grid(scratch, &grid));
            CATCH(errctx, akgl_tilemap_platforms(scratch, &platforms, &nplatforms));
        }
    } CLEANUP {
    } PROCESS(errctx) {
        IGNORE(akgl_heap_release_tilemap(scratch));
    } FINISH(errctx, true);
    akgl_tilemap_swap_model(map, scratch); /* scratch holds the old model now */
    if (current) {
        /* The physics, the camera's bounds: onto the new grid and extent. */
        akerr_ErrorContext *e = akgl_game_set_tilemap(map);
        if (e != NULL) {
            akgl_tilemap_swap_model(map, scratch); /* back as it was */
            IGNORE(akgl_heap_release_tilemap(scratch));
            PASS(errctx, e);
        }
    }
    PASS(errctx, akgl_heap_release_tilemap(scratch)); /* the old model goes */
    if (respawn) {
        akerr_ErrorContext *first = NULL;
        int count = 0;
        drop_spawned(map, 0, &first);
        IGNORE(first); /* an actor already gone is not the reload's failure */
        PASS(errctx, akgl_tilemap_spawn_actors(map, &count));
    }
    SUCCEED_RETURN(errctx);
}
