/*
 * The layer cache of the game's map (tilemap_cache.h, docs/07-tilemaps.md
 * "The layer cache"): its render targets, made and destroyed outside the
 * frame, and akgl_tilemap_set_tile, which marks a changed chunk for
 * drawing again. The frame's side (drawing chunks into their targets and
 * the targets onto the screen) is in tilemap_draw.c. Layer: world.
 */
#include "tilemap_cache.h"

#include <akgl/game_object.h>
#include <akgl/physics.h>

#include "json_private.h"
#include "render_private.h"
#include "tilemap_private.h"
#include "tilemap_solid.h"

#include <string.h>

akgl_TilemapCache akgl_tilemap_cache;

static void empty(akgl_TilemapCache *c)
{
    c->map = NULL;
    c->sdl = NULL;
    c->nslots = 0;
    c->cw = c->ch = c->cols = c->rows = 0;
    for (int i = 0; i < AKGL_TILEMAP_MAX_LAYERS; i++) {
        c->base[i] = -1;
    }
}

void akgl_tilemap_cache_discard(akgl_TilemapCache *cache)
{
    for (int i = 0; i < cache->nslots; i++) {
        SDL_DestroyTexture(cache->slots[i].sheet.texture);
        memset(&cache->slots[i], 0, sizeof(cache->slots[i]));
    }
    empty(cache);
}

void akgl_tilemap_cache_install(akgl_TilemapCache *pending)
{
    akgl_tilemap_cache_discard(&akgl_tilemap_cache);
    memcpy(&akgl_tilemap_cache, pending, sizeof(akgl_tilemap_cache));
    memset(pending->slots, 0, sizeof(pending->slots[0]) * (size_t)pending->nslots);
    empty(pending);
}

void akgl_tilemap_cache_forget(SDL_Renderer *sdl)
{
    if (akgl_tilemap_cache.sdl != NULL && akgl_tilemap_cache.sdl == sdl) {
        akgl_tilemap_cache_discard(&akgl_tilemap_cache);
    }
}

bool akgl_tilemap_cacheable(const akgl_Tilemap *map)
{
    if (map == NULL || map->orientation != AKGL_TILEMAP_ORTHOGONAL || map->infinite ||
        map->tilewidth <= 0 || map->tileheight <= 0) {
        return false;
    }
    const int gw = map->tilewidth, gh = map->tileheight;
    for (int i = 0; i < map->ntilesets; i++) {
        const akgl_TilemapTileset *ts = &map->tilesets[i];
        if (ts->collection || ts->tileoffsetx != 0 || ts->tileoffsety != 0) {
            return false;
        }
        /* Flips may turn a tile: its longer side must fit either side of a
         * cell (the tiles' reach in tilemap_draw.c is then 0 every way). */
        int side = ts->tilerendersize == AKGL_TILEMAP_RENDER_GRID_SIZE
                       ? SDL_max(gw, gh)
                       : SDL_max(ts->tilewidth, ts->tileheight);
        if (side > gw || side > gh) {
            return false;
        }
    }
    return true;
}

/* Whether the hint asks for the cache: "0" no; unset, "", "1" or "auto" yes. */
static akerr_ErrorContext *hint_wants_cache(bool *wanted)
{
    PREPARE_ERROR(errctx);
    const char *hint = SDL_GetHint(AKGL_HINT_TILEMAP_CACHE);
    if (hint == NULL || hint[0] == '\0' || strcmp(hint, "auto") == 0 || strcmp(hint, "1") == 0) {
        *wanted = true;
    } else if (strcmp(hint, "0") == 0) {
        *wanted = false;
    } else {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s is \"%s\"; it must be 0, 1 or auto",
                    AKGL_HINT_TILEMAP_CACHE, hint);
    }
    SUCCEED_RETURN(errctx);
}

/* The view's size in pixels: the camera's, or the renderer's output. */
static void view_size(akgl_Renderer *r, int *w, int *h)
{
    *w = 0;
    *h = 0;
    if (r->camera != NULL) {
        *w = (int)SDL_ceilf(r->camera->w);
        *h = (int)SDL_ceilf(r->camera->h);
    }
    if (*w <= 0 || *h <= 0) {
        if (!SDL_GetCurrentRenderOutputSize(r->sdl_renderer, w, h)) {
            *w = 0;
            *h = 0;
        }
    }
}

/* One slot's target, cleared to transparent; false (nothing kept) when SDL refuses. */
static bool make_slot(SDL_Renderer *sdl, int pw, int ph, akgl_TilemapCacheSlot *s)
{
    SDL_Texture *t = SDL_CreateTexture(sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET,
                                       pw, ph);
    if (t == NULL) {
        return false;
    }
    if (!SDL_SetTextureScaleMode(t, SDL_SCALEMODE_NEAREST) ||
        !SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)) {
        SDL_DestroyTexture(t);
        return false;
    }
    memset(s, 0, sizeof(*s));
    s->sheet.refcount = 1;
    SDL_strlcpy(s->sheet.name, "layer cache", sizeof(s->sheet.name));
    s->sheet.texture = t;
    s->sheet.texture_w = pw;
    s->sheet.texture_h = ph;
    s->valid = false;
    return true;
}

akerr_ErrorContext *akgl_tilemap_cache_make(const akgl_Tilemap *map, akgl_Renderer *r,
                                            akgl_TilemapCache *pending)
{
    bool wanted = false;
    int vw = 0, vh = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, pending, AKERR_NULLPOINTER, "akgl_tilemap_cache_make: NULL cache");
    akgl_tilemap_cache_discard(pending);
    PASS(errctx, hint_wants_cache(&wanted));
    if (!wanted || map == NULL || r == NULL || r->sdl_renderer == NULL ||
        !akgl_tilemap_cacheable(map)) {
        SUCCEED_RETURN(errctx);
    }
    view_size(r, &vw, &vh);
    if (vw <= 0 || vh <= 0) {
        SUCCEED_RETURN(errctx);
    }
    int cw = SDL_max(1, AKGL_TILEMAP_CACHE_CHUNK_PX / map->tilewidth);
    int ch = SDL_max(1, AKGL_TILEMAP_CACHE_CHUNK_PX / map->tileheight);
    int pw = cw * map->tilewidth, ph = ch * map->tileheight;
    /* A view vw wide meets at most ceil(vw / pw) + 1 chunks of a row. */
    int cols = (vw + pw - 1) / pw + 1, rows = (vh + ph - 1) / ph + 1;
    int per_layer = cols * rows;
    pending->cw = cw;
    pending->ch = ch;
    pending->cols = cols;
    pending->rows = rows;
    for (int i = 0; i < map->nlayers && i < AKGL_TILEMAP_MAX_LAYERS; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        if (l->kind != AKGL_TILEMAP_LAYER_TILES || l->cells == NULL || l->nchunks > 0 ||
            pending->nslots + per_layer > AKGL_TILEMAP_CACHE_MAX_SLOTS) {
            continue;
        }
        pending->base[i] = (int16_t)pending->nslots;
        for (int k = 0; k < per_layer; k++) {
            if (!make_slot(r->sdl_renderer, pw, ph, &pending->slots[pending->nslots])) {
                char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
                akgl_tilemap_cache_discard(pending);
                FAIL_RETURN(errctx, AKERR_API,
                            "map %s: cannot make a %dx%d render target for the layer cache: %s",
                            akgl_json_message_path(map->path, shown), pw, ph, SDL_GetError());
            }
            pending->nslots++;
        }
    }
    if (pending->nslots > 0) {
        pending->map = map;
        pending->sdl = r->sdl_renderer;
    }
    SUCCEED_RETURN(errctx);
}

/* c rounded down to a multiple of size (> 0), divided by it. */
static int64_t floor_div(int64_t c, int size)
{
    int64_t q = c / size;
    return q - (c % size != 0 && c < 0);
}

/*
 * The solid grid follows the tiles: the changed cell's grid value is worked
 * out again from every layer and written into the grid the level built for
 * the map, which the physics reads in place. The physics skips its slope
 * checks on a grid that had no slope when it was set, so a slope written
 * now turns them on (they stay on: finding the grid's last slope gone would
 * take a sweep of the grid).
 */
static void note_solid(akgl_Tilemap *map, int x, int y)
{
    uint8_t value = akgl_tilemap_solid_refresh(map, x, y);
    akgl_Physics *p = game.physics;
    if (p != NULL && map->solid_cells != NULL && p->grid.cells == map->solid.cells &&
        value >= AKGL_CELL_SLOPE_BASE && value <= AKGL_CELL_SLOPE_LAST) {
        p->grid_slopes = true;
    }
}

akerr_ErrorContext *akgl_tilemap_set_tile(akgl_Tilemap *map, int layer, int x, int y, uint32_t raw)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_set_tile: NULL map");
    FAIL_NONZERO_RETURN(errctx, map->refcount <= 0, AKGL_ERR_HEAP,
                        "akgl_tilemap_set_tile: map %s has been released",
                        akgl_json_message_path(map->path, shown));
    if (layer < 0 || layer >= map->nlayers) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_tilemap_set_tile: %s: layer %d is outside 0..%d",
                    akgl_json_message_path(map->path, shown), layer, map->nlayers - 1);
    }
    akgl_TilemapLayer *l = &map->layers[layer];
    if (l->kind != AKGL_TILEMAP_LAYER_TILES) {
        FAIL_RETURN(errctx, AKERR_TYPE,
                    "akgl_tilemap_set_tile: %s: layer %d (\"%s\") is not a tile layer",
                    akgl_json_message_path(map->path, shown), layer, l->name);
    }
    uint32_t gid = raw & AKGL_TILE_GID_MASK;
    if (gid != 0 && akgl_tilemap_find_tileset(map, gid) < 0) {
        FAIL_RETURN(errctx, AKERR_KEY,
                    "akgl_tilemap_set_tile: %s: gid %u names no tile of any tileset",
                    akgl_json_message_path(map->path, shown), gid);
    }
    uint32_t *cell = NULL;
    if (l->nchunks > 0) {
        int64_t kx = floor_div(x, l->chunkwidth) * l->chunkwidth;
        int64_t ky = floor_div(y, l->chunkheight) * l->chunkheight;
        int i = akgl_tilemap_chunk_lower_bound(l->chunks, l->nchunks, kx, ky);
        if (i < l->nchunks && l->chunks[i].x == kx && l->chunks[i].y == ky) {
            akgl_TilemapChunk *c = &l->chunks[i];
            cell = &c->cells[(size_t)(y - c->y) * (size_t)l->chunkwidth + (size_t)(x - c->x)];
        }
    } else {
        int64_t cx = (int64_t)x - l->x0, cy = (int64_t)y - l->y0;
        if (l->cells != NULL && cx >= 0 && cy >= 0 && cx < l->width && cy < l->height) {
            cell = &l->cells[cy * l->width + cx];
        }
    }
    if (cell == NULL) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_tilemap_set_tile: %s: layer %d (\"%s\"): cell (%d, %d) is outside its "
                    "stored cells (%d, %d) + %dx%d%s",
                    akgl_json_message_path(map->path, shown), layer, l->name, x, y, l->x0, l->y0,
                    l->width, l->height, l->nchunks > 0 ? ", in no stored chunk" : "");
    }
    *cell = raw;
    note_solid(map, x, y);
    akgl_TilemapCache *c = &akgl_tilemap_cache;
    if (c->map == map && c->base[layer] >= 0) {
        int64_t kx = floor_div((int64_t)x, c->cw), ky = floor_div((int64_t)y, c->ch);
        int col = (int)(((kx % c->cols) + c->cols) % c->cols);
        int row = (int)(((ky % c->rows) + c->rows) % c->rows);
        akgl_TilemapCacheSlot *s = &c->slots[c->base[layer] + row * c->cols + col];
        if (s->kx == kx && s->ky == ky) {
            s->valid = false;
        }
    }
    SUCCEED_RETURN(errctx);
}
