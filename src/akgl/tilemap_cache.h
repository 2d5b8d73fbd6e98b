/*
 * Internal: the static-layer cache of the game's map (tilemap_cache.c,
 * docs/07-tilemaps.md "The layer cache"). Not installed. Layer: world.
 *
 * Each cached tile layer is cut into chunks of cw x ch cells (at most
 * AKGL_TILEMAP_CACHE_CHUNK_PX pixels a side); a chunk in view is drawn
 * once into a render target of its own and, from then on, one quad of that
 * target stands for its tiles, until akgl_tilemap_set_tile changes one of
 * its cells. The targets are made by akgl_game_set_tilemap (outside the
 * frame): per cached layer a cols x rows ring of slots, enough for the
 * chunks the view can show at once, chunk (kx, ky) always in slot
 * (kx mod cols, ky mod rows). The frame path only draws into them.
 */
#ifndef AKGL_SRC_TILEMAP_CACHE_H
#define AKGL_SRC_TILEMAP_CACHE_H

#include <akerror.h>
#include <akgl/render.h>
#include <akgl/sprite.h>
#include <akgl/tilemap.h>

#include <stdbool.h>
#include <stdint.h>

/* One target: the chunk it holds, and whether its pixels are that chunk's. */
typedef struct akgl_TilemapCacheSlot
{
    akgl_SpriteSheet sheet; /* wraps the target's texture for draw_tile (not pooled) */
    int64_t kx, ky;         /* the chunk held, in chunks */
    bool valid;             /* drawn, and no cell of it changed since */
    bool animated;          /* it shows an animated tile: drawn tile by tile */
} akgl_TilemapCacheSlot;

typedef struct akgl_TilemapCache
{
    const akgl_Tilemap *map; /* NULL: nothing cached */
    SDL_Renderer *sdl;       /* the renderer the targets belong to */
    int cw, ch;              /* a chunk, in cells */
    int cols, rows;          /* slots per cached layer */
    int nslots;
    int16_t base[AKGL_TILEMAP_MAX_LAYERS]; /* a layer's first slot, or -1: not cached */
    akgl_TilemapCacheSlot slots[AKGL_TILEMAP_CACHE_MAX_SLOTS];
} akgl_TilemapCache;

/* The cache the frame draws from (one: the game draws one map). */
extern akgl_TilemapCache akgl_tilemap_cache;

/*
 * Makes, for @p map on the renderer @p r (whose draw_tile must be the 2D
 * backend's: the caller checks, in the layer above), the targets a cache
 * needs into @p pending (nothing installed yet). Leaves @p pending empty,
 * successfully, when the map is not one the cache serves, or the hint
 * AKGL_HINT_TILEMAP_CACHE is "0". AKERR_VALUE for another value of the hint;
 * AKERR_API when SDL cannot make a target (nothing kept).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_cache_make(const akgl_Tilemap *map,
                                                           akgl_Renderer *r,
                                                           akgl_TilemapCache *pending);

/* Replaces the installed cache with @p pending (the old one's targets
 * destroyed) and empties @p pending. Cannot fail. */
void akgl_tilemap_cache_install(akgl_TilemapCache *pending);

/* Destroys the targets of @p cache and empties it. */
void akgl_tilemap_cache_discard(akgl_TilemapCache *cache);

/* Drops the installed cache when its targets belong to @p sdl (a renderer
 * being shut down): the map is drawn tile by tile from then on. */
void akgl_tilemap_cache_forget(SDL_Renderer *sdl);

/*
 * Whether the map's tiles never overlap a neighbour's cell: orthogonal,
 * finite, every tileset an image whose tiles, turned or not, fit a cell,
 * with no tileoffset. Only such maps are cached.
 */
bool akgl_tilemap_cacheable(const akgl_Tilemap *map);

#endif /* AKGL_SRC_TILEMAP_CACHE_H */
