/*
 * Drawing the current map inside akgl_game_update (docs/07-tilemaps.md,
 * "Drawing"). Layer: world.
 *
 * Cost follows the view, not the map: for each tile layer only the cells
 * whose tiles can reach the camera's view are visited (the view's rectangle
 * turned into a range of cells, widened by how far the largest tile of any
 * tileset reaches past its cell), and each of those is checked once more
 * against the view before it is submitted. Nothing here allocates, and an
 * error is formatted only when SDL refuses a draw.
 */
#include "json_private.h"
#include "tilemap_draw.h"
#include "render_2d_private.h"
#include "render_batch_private.h"
#include "render_private.h"
#include "tilemap_cache.h"
#include "tilemap_private.h"

#include <akgl/camera.h>
#include <akgl/time.h>

#include <math.h>

/* The camera's view in world pixels. */
typedef struct View
{
    float x, y, w, h;
} View;

/* How far the tiles of a map reach past their cell, in pixels, each side. */
typedef struct Reach
{
    float left, right, up, down;
} Reach;

static void view_of(akgl_Renderer *r, View *v)
{
    if (r->camera != NULL) {
        *v = (View){r->camera->x, r->camera->y, r->camera->w, r->camera->h};
        return;
    }
    int w = 0, h = 0;
    if (!SDL_GetCurrentRenderOutputSize(r->sdl_renderer, &w, &h)) {
        w = 0;
        h = 0;
    }
    *v = (View){0.0f, 0.0f, (float)w, (float)h};
}

/*
 * screen = layer pixel + shift. A layer with parallax factor p and offset o
 * is at o + position - camera * p, the camera measured from the map's
 * parallax origin; like Tiled, the camera's position is the centre of its
 * view. With p = 1 this is the plain world-to-screen offset.
 */
static SDL_FPoint layer_shift(const akgl_Tilemap *map, const akgl_TilemapLayer *layer,
                              const View *v)
{
    float cx = v->x + v->w * 0.5f - map->parallaxoriginx;
    float cy = v->y + v->h * 0.5f - map->parallaxoriginy;
    return (SDL_FPoint){layer->offsetx + cx * (1.0f - layer->parallaxx) - v->x,
                        layer->offsety + cy * (1.0f - layer->parallaxy) - v->y};
}

static SDL_Color layer_color(const akgl_TilemapLayer *layer)
{
    SDL_Color c = layer->tint;
    float a = (float)c.a * layer->opacity;
    c.a = (Uint8)(a <= 0.0f ? 0 : a >= 255.0f ? 255 : (int)(a + 0.5f));
    return c;
}

/* Whether a rectangle of the layer's screen pixels at zoom 1 (the world
 * minus the camera's position) reaches into the area the view shows. */
static bool on_screen(const SDL_FRect *d, const View *a)
{
    return d->x < a->x + a->w && d->x + d->w > a->x && d->y < a->y + a->h && d->y + d->h > a->y;
}

/* The tileset a gid belongs to, or NULL (the loader's lookup: no formatting). */
static const akgl_TilemapTileset *tileset_of(const akgl_Tilemap *map, uint32_t gid)
{
    int i = akgl_tilemap_find_tileset(map, gid);
    return i < 0 ? NULL : &map->tilesets[i];
}

/* What a tile shows at game time now_ms: the frame of its animation, if it has one. */
static uint32_t animated_id(const akgl_TilemapTileset *ts, uint32_t id, uint64_t now_ms)
{
    const akgl_TilemapTile *tile = ts->ntiles > 0 ? akgl_tilemap_find_tile(ts, id) : NULL;
    if (tile == NULL || tile->nframes <= 0 || tile->duration == 0) {
        return id;
    }
    uint64_t t = now_ms % tile->duration;
    for (int i = 0; i < tile->nframes; i++) {
        if (t < tile->frames[i].duration) {
            return tile->frames[i].tileid;
        }
        t -= tile->frames[i].duration;
    }
    return tile->frames[tile->nframes - 1].tileid;
}

/*
 * Fills the sheet and source region of a gid (animation applied), and the
 * size its tile is drawn at before any object scaling. False when the gid
 * names no drawable tile (a broken gid is never drawn, and never an error
 * here: the loader refused those).
 */
static bool tile_source(const akgl_Tilemap *map, uint32_t raw, uint64_t now_ms,
                        akgl_RenderTile *t, float *w, float *h, const akgl_TilemapTileset **tsp)
{
    const akgl_TilemapTileset *ts = tileset_of(map, raw & AKGL_TILE_GID_MASK);
    if (ts == NULL) {
        return false;
    }
    uint32_t id = animated_id(ts, (raw & AKGL_TILE_GID_MASK) - ts->firstgid, now_ms);
    if (ts->collection) {
        const akgl_TilemapTile *tile = akgl_tilemap_find_tile(ts, id);
        if (tile == NULL || tile->sheet == NULL) {
            return false;
        }
        t->sheet = tile->sheet;
        t->src = (SDL_FRect){(float)tile->x, (float)tile->y, (float)tile->width,
                             (float)tile->height};
    } else {
        if (ts->sheet == NULL || ts->columns <= 0 || id >= ts->idlimit) {
            return false;
        }
        /* In 64 bits, as the loader's check of the same sum (tilemap_build.c,
         * cell_origin): a loaded tileset's cells all lie on its image, but a
         * product of the file's numbers is not computed in int anywhere. */
        int64_t col = (int64_t)(id % (uint32_t)ts->columns);
        int64_t row = (int64_t)(id / (uint32_t)ts->columns);
        t->sheet = ts->sheet;
        t->src = (SDL_FRect){(float)(ts->margin + col * ((int64_t)ts->tilewidth + ts->spacing)),
                             (float)(ts->margin + row * ((int64_t)ts->tileheight + ts->spacing)),
                             (float)ts->tilewidth, (float)ts->tileheight};
    }
    *w = t->src.w;
    *h = t->src.h;
    *tsp = ts;
    return true;
}

/*
 * Where a tile of size w x h lands in its cell, given the cell's bottom-left
 * corner (bx, by): on that corner, shifted by the tileset's tileoffset; or,
 * with tilerendersize "grid", scaled into the cell (stretched, or fitted and
 * centred with "preserve-aspect-fit").
 */
static SDL_FRect place_in_cell(const akgl_Tilemap *map, const akgl_TilemapTileset *ts, float w,
                               float h, float bx, float by, uint32_t flips)
{
    if (ts->tilerendersize == AKGL_TILEMAP_RENDER_GRID_SIZE && w > 0.0f && h > 0.0f) {
        float gw = (float)map->tilewidth, gh = (float)map->tileheight;
        if (ts->fillmode == AKGL_TILEMAP_FILL_PRESERVE_ASPECT) {
            float s = SDL_min(gw / w, gh / h);
            float sw = w * s, sh = h * s;
            return (SDL_FRect){bx + (float)ts->tileoffsetx + (gw - sw) * 0.5f,
                               by + (float)ts->tileoffsety - gh + (gh - sh) * 0.5f, sw, sh};
        }
        w = gw;
        h = gh;
    } else if (flips & AKGL_TILE_FLIP_D) {
        float tmp = w;
        w = h;
        h = tmp;
    }
    return (SDL_FRect){bx + (float)ts->tileoffsetx, by + (float)ts->tileoffsety - h, w, h};
}

/* How far any tile of the map reaches past its cell (flips may turn a tile). */
static Reach map_reach(const akgl_Tilemap *map)
{
    Reach r = {0.0f, 0.0f, 0.0f, 0.0f};
    float gw = (float)map->tilewidth, gh = (float)map->tileheight;
    for (int i = 0; i < map->ntilesets; i++) {
        const akgl_TilemapTileset *ts = &map->tilesets[i];
        float side = (float)SDL_max(ts->tilewidth, ts->tileheight);
        if (ts->tilerendersize == AKGL_TILEMAP_RENDER_GRID_SIZE) {
            side = SDL_max(gw, gh);
        }
        float ox = (float)ts->tileoffsetx, oy = (float)ts->tileoffsety;
        r.right = SDL_max(r.right, side - gw + ox);
        r.left = SDL_max(r.left, -ox);
        r.up = SDL_max(r.up, side - gh - oy);
        r.down = SDL_max(r.down, oy);
    }
    return r;
}

/* Clamps a cell coordinate computed in double to [lo, hi]. */
static int clamp_cell(double c, int lo, int hi)
{
    if (!(c >= (double)lo)) { /* NaN included */
        return lo;
    }
    if (c > (double)hi) {
        return hi;
    }
    return (int)c;
}

typedef struct Frame
{
    const akgl_Tilemap *map;
    akgl_Renderer *r;
    View view;
    /* What the screen shows, in pixels at zoom 1 (world minus the camera's
     * position): the screen itself, or under zoom, rotation or shake the
     * box of the view turned and scaled about its centre. */
    View area;
    /* Zoom, rotation or shake: each tile goes through xf (from pixels at
     * zoom 1 to the screen's) before it is drawn. */
    bool turned;
    akgl_CameraXform xf;
    Reach reach;
    uint64_t now_ms;
} Frame;

/*
 * Hands a tile (placed in pixels at zoom 1) to the backend, through the
 * camera's zoom, turn and shake when it has any: the tile is scaled about
 * its pivot (its centre when it is not turned), the pivot moved to where
 * the camera puts it, and the camera's turn added to its own.
 */
static akerr_ErrorContext *submit_tile(const Frame *f, akgl_RenderTile *t)
{
    PREPARE_ERROR(errctx);
    if (f->turned) {
        const akgl_CameraXform *v = &f->xf;
        SDL_FPoint p = t->angle != 0.0f ? t->pivot
                                        : (SDL_FPoint){t->dst.x + t->dst.w * 0.5f,
                                                       t->dst.y + t->dst.h * 0.5f};
        SDL_FPoint at = akgl_render_xform_point(v, p.x, p.y);
        t->dst = (SDL_FRect){at.x + (t->dst.x - p.x) * v->zoom, at.y + (t->dst.y - p.y) * v->zoom,
                             t->dst.w * v->zoom, t->dst.h * v->zoom};
        t->pivot = at;
        t->angle += v->rotation;
    }
    PASS(errctx, f->r->draw_tile(f->r, t));
    SUCCEED_RETURN(errctx);
}

/* Isometric: the world position of cell (cx, cy)'s top corner (Tiled's tileToScreenCoords). */
static SDL_FPoint iso_cell_top(const akgl_Tilemap *map, float cx, float cy)
{
    float hw = (float)map->tilewidth * 0.5f, hh = (float)map->tileheight * 0.5f;
    float origin = (float)map->height * hw;
    return (SDL_FPoint){(cx - cy) * hw + origin, (cx + cy) * hh};
}

SDL_FPoint akgl_tilemap_object_world(const akgl_Tilemap *map, float x, float y)
{
    if (map->orientation != AKGL_TILEMAP_ISOMETRIC || map->tileheight <= 0) {
        return (SDL_FPoint){x, y};
    }
    /* Tiled stores isometric object positions in "tile pixels": both axes in
     * units of tileheight along the map's diagonals. */
    return iso_cell_top(map, x / (float)map->tileheight, y / (float)map->tileheight);
}

void akgl_tilemap_object_anchor(const akgl_Tilemap *map, const akgl_TilemapObject *obj,
                                float *ax, float *ay)
{
    akgl_TilemapObjectAlignment a = AKGL_TILEMAP_ALIGN_TOPLEFT;
    *ax = 0.0f;
    *ay = 0.0f;
    if (obj->gid == 0) {
        return; /* shapes: (x, y) is their top-left corner */
    }
    const akgl_TilemapTileset *ts = tileset_of(map, obj->gid & AKGL_TILE_GID_MASK);
    a = ts != NULL ? ts->objectalignment : AKGL_TILEMAP_ALIGN_UNSPECIFIED;
    if (a == AKGL_TILEMAP_ALIGN_UNSPECIFIED) {
        a = map->orientation == AKGL_TILEMAP_ISOMETRIC ? AKGL_TILEMAP_ALIGN_BOTTOM
                                                        : AKGL_TILEMAP_ALIGN_BOTTOMLEFT;
    }
    switch (a) {
    case AKGL_TILEMAP_ALIGN_TOP: *ax = 0.5f; break;
    case AKGL_TILEMAP_ALIGN_TOPRIGHT: *ax = 1.0f; break;
    case AKGL_TILEMAP_ALIGN_LEFT: *ay = 0.5f; break;
    case AKGL_TILEMAP_ALIGN_CENTER: *ax = 0.5f; *ay = 0.5f; break;
    case AKGL_TILEMAP_ALIGN_RIGHT: *ax = 1.0f; *ay = 0.5f; break;
    case AKGL_TILEMAP_ALIGN_BOTTOMLEFT: *ay = 1.0f; break;
    case AKGL_TILEMAP_ALIGN_BOTTOM: *ax = 0.5f; *ay = 1.0f; break;
    case AKGL_TILEMAP_ALIGN_BOTTOMRIGHT: *ax = 1.0f; *ay = 1.0f; break;
    default: break;
    }
}

/* One cell of a tile layer whose bottom-left corner lands at screen (bx, by). */
static akerr_ErrorContext *draw_cell(const Frame *f, uint32_t raw, float bx, float by,
                                     SDL_Color color)
{
    akgl_RenderTile t;
    const akgl_TilemapTileset *ts = NULL;
    float w = 0.0f, h = 0.0f;
    PREPARE_ERROR(errctx);
    if (!tile_source(f->map, raw, f->now_ms, &t, &w, &h, &ts)) {
        SUCCEED_RETURN(errctx);
    }
    t.flips = raw & (AKGL_TILE_FLIP_D | AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_V);
    t.dst = place_in_cell(f->map, ts, w, h, bx, by, t.flips);
    t.angle = 0.0f;
    t.pivot = (SDL_FPoint){0.0f, 0.0f};
    t.color = color;
    if (on_screen(&t.dst, &f->area)) {
        PASS(errctx, submit_tile(f, &t));
    }
    SUCCEED_RETURN(errctx);
}

/* c rounded down to a multiple of size (> 0): the key of the chunk holding it. */
static int64_t chunk_key(int64_t c, int size)
{
    int64_t q = c / size;
    return (q - (c % size != 0 && c < 0)) * size;
}

/*
 * An infinite layer's cells cx0..cx1 x cy0..cy1 (already clipped to its
 * chunks' bounding box), row by row in the given order. In each row, two
 * binary searches of the sorted chunks give the run of that chunk row that
 * meets cx0..cx1, and only those chunks are visited: the space between
 * chunks costs nothing, however large, and the rows are the view's.
 */
static akerr_ErrorContext *draw_chunk_rows(const Frame *f, const akgl_TilemapLayer *layer,
                                           const int range[4], bool up, bool leftward,
                                           SDL_FPoint shift, SDL_Color color)
{
    const akgl_Tilemap *map = f->map;
    const int cx0 = range[0], cx1 = range[1], cy0 = range[2], cy1 = range[3];
    const int cw = layer->chunkwidth, ch = layer->chunkheight;
    const bool iso = map->orientation == AKGL_TILEMAP_ISOMETRIC;
    double gw = (double)map->tilewidth, gh = (double)map->tileheight;
    int64_t kx0 = chunk_key(cx0, cw), kx1 = chunk_key(cx1, cw);
    PREPARE_ERROR(errctx);
    for (int n = 0; n <= cy1 - cy0; n++) {
        int cy = up ? cy1 - n : cy0 + n;
        int64_t ky = chunk_key(cy, ch);
        int first = akgl_tilemap_chunk_lower_bound(layer->chunks, layer->nchunks, kx0, ky);
        int last = akgl_tilemap_chunk_lower_bound(layer->chunks, layer->nchunks, kx1 + 1, ky) - 1;
        for (int k = 0; k <= last - first; k++) {
            const akgl_TilemapChunk *c = &layer->chunks[leftward ? last - k : first + k];
            const uint32_t *row = c->cells + (size_t)(cy - c->y) * (size_t)cw;
            int a = SDL_max(cx0, c->x), b = SDL_min(cx1, c->x + cw - 1);
            for (int m = 0; m <= b - a; m++) {
                int cx = leftward ? b - m : a + m;
                uint32_t raw = row[cx - c->x];
                if (raw == 0) {
                    continue;
                }
                if (iso) {
                    SDL_FPoint top_corner = iso_cell_top(map, (float)cx, (float)cy);
                    PASS(errctx, draw_cell(f, raw, top_corner.x - (float)(gw * 0.5) + shift.x,
                                           top_corner.y + (float)gh + shift.y, color));
                } else {
                    PASS(errctx, draw_cell(f, raw, (float)((double)cx * gw) + shift.x,
                                           (float)((double)(cy + 1) * gh) + shift.y, color));
                }
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

/* c rounded down to a multiple of size (> 0), divided by it. */
static int64_t floor_div(int64_t c, int size)
{
    int64_t q = c / size;
    return q - (c % size != 0 && c < 0);
}

/* Whether a tile (raw gid) is animated: it is drawn tile by tile, never cached. */
static bool is_animated(const akgl_Tilemap *map, uint32_t raw)
{
    const akgl_TilemapTileset *ts = tileset_of(map, raw & AKGL_TILE_GID_MASK);
    if (ts == NULL || ts->ntiles <= 0) {
        return false;
    }
    const akgl_TilemapTile *tile =
        akgl_tilemap_find_tile(ts, (raw & AKGL_TILE_GID_MASK) - ts->firstgid);
    return tile != NULL && tile->nframes > 0 && tile->duration != 0;
}

/* The cells of chunk (kx, ky) that lie in the layer, [x0, x1] x [y0, y1]. */
static void chunk_cells(const akgl_TilemapLayer *layer, int64_t kx, int64_t ky, int range[4])
{
    const akgl_TilemapCache *c = &akgl_tilemap_cache;
    range[0] = (int)SDL_max(kx * c->cw, (int64_t)layer->x0);
    range[1] = (int)SDL_min((kx + 1) * c->cw - 1, (int64_t)layer->x0 + layer->width - 1);
    range[2] = (int)SDL_max(ky * c->ch, (int64_t)layer->y0);
    range[3] = (int)SDL_min((ky + 1) * c->ch - 1, (int64_t)layer->y0 + layer->height - 1);
}

/*
 * Draws chunk (kx, ky) of a layer into slot @p s's target: its tiles copied
 * (the sheets' blend mode SDL_BLENDMODE_NONE for the while, so each pixel
 * keeps its own alpha; tiles of a cacheable map never overlap), untinted;
 * the layer's tint and opacity apply when the target is drawn. A chunk
 * showing an animated tile is marked so and not drawn. The batch before it
 * is submitted first, and the renderer's target and draw colour put back.
 */
static akerr_ErrorContext *redraw_chunk(const Frame *f, const akgl_TilemapLayer *layer,
                                        int64_t kx, int64_t ky, akgl_TilemapCacheSlot *s)
{
    const akgl_Tilemap *map = f->map;
    const akgl_TilemapCache *c = &akgl_tilemap_cache;
    SDL_Renderer *sdl = f->r->sdl_renderer;
    SDL_BlendMode modes[AKGL_TILEMAP_MAX_TILESETS];
    int range[4];
    Uint8 dr = 0, dg = 0, db = 0, da = 0;
    akerr_ErrorContext *drawn = NULL;
    PREPARE_ERROR(errctx);
    chunk_cells(layer, kx, ky, range);
    s->valid = false;
    s->animated = false;
    for (int cy = range[2]; cy <= range[3] && !s->animated; cy++) {
        const uint32_t *row = layer->cells + (size_t)(cy - layer->y0) * (size_t)layer->width;
        for (int cx = range[0]; cx <= range[1]; cx++) {
            if (row[cx - layer->x0] != 0 && is_animated(map, row[cx - layer->x0])) {
                s->animated = true;
                break;
            }
        }
    }
    s->kx = kx;
    s->ky = ky;
    if (s->animated) {
        s->valid = true;
        SUCCEED_RETURN(errctx);
    }
    SDL_Texture *prior = SDL_GetRenderTarget(sdl);
    bool ok = akgl_render_batch_flush() && SDL_GetRenderDrawColor(sdl, &dr, &dg, &db, &da) &&
              SDL_SetRenderTarget(sdl, s->sheet.texture) &&
              SDL_SetRenderDrawColor(sdl, 0, 0, 0, 0) && SDL_RenderClear(sdl);
    for (int i = 0; i < map->ntilesets; i++) {
        SDL_Texture *t = map->tilesets[i].sheet ? map->tilesets[i].sheet->texture : NULL;
        modes[i] = SDL_BLENDMODE_BLEND;
        if (t != NULL) {
            SDL_GetTextureBlendMode(t, &modes[i]);
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
        }
    }
    const float gw = (float)map->tilewidth, gh = (float)map->tileheight;
    for (int cy = range[2]; ok && drawn == NULL && cy <= range[3]; cy++) {
        const uint32_t *row = layer->cells + (size_t)(cy - layer->y0) * (size_t)layer->width;
        float by = (float)(cy - ky * c->ch + 1) * gh;
        for (int cx = range[0]; drawn == NULL && cx <= range[1]; cx++) {
            uint32_t raw = row[cx - layer->x0];
            akgl_RenderTile t;
            const akgl_TilemapTileset *ts = NULL;
            float w = 0.0f, h = 0.0f;
            if (raw == 0 || !tile_source(map, raw, f->now_ms, &t, &w, &h, &ts)) {
                continue;
            }
            t.flips = raw & (AKGL_TILE_FLIP_D | AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_V);
            t.dst = place_in_cell(map, ts, w, h, (float)(cx - kx * c->cw) * gw, by, t.flips);
            t.angle = 0.0f;
            t.pivot = (SDL_FPoint){0.0f, 0.0f};
            t.color = (SDL_Color){255, 255, 255, 255};
            drawn = f->r->draw_tile(f->r, &t);
        }
    }
    ok = akgl_render_batch_flush() && ok;
    for (int i = 0; i < map->ntilesets; i++) {
        SDL_Texture *t = map->tilesets[i].sheet ? map->tilesets[i].sheet->texture : NULL;
        if (t != NULL) {
            SDL_SetTextureBlendMode(t, modes[i]);
        }
    }
    ok = SDL_SetRenderTarget(sdl, prior) && SDL_SetRenderDrawColor(sdl, dr, dg, db, da) && ok;
    PASS(errctx, drawn);
    if (!ok) {
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        FAIL_RETURN(errctx, AKERR_API, "map %s: layer \"%s\": cannot draw chunk (%lld, %lld) "
                    "into its layer cache target: %s", akgl_json_message_path(map->path, shown),
                    layer->name, (long long)kx, (long long)ky, SDL_GetError());
    }
    s->valid = true;
    SUCCEED_RETURN(errctx);
}

/*
 * A cached layer's cells cx0..cx1 x cy0..cy1: one quad of its chunk's
 * target for each chunk they meet (drawn into it first when it is not
 * current), or the chunk's tiles one by one when it shows an animated tile.
 * *done is false, nothing drawn, when the view meets more chunks than the
 * cache has slots for (a view grown since the map was set).
 */
static akerr_ErrorContext *draw_cached(const Frame *f, const akgl_TilemapLayer *layer, int base,
                                       const int range[4], SDL_FPoint shift, SDL_Color color,
                                       bool *done)
{
    const akgl_TilemapCache *c = &akgl_tilemap_cache;
    const akgl_Tilemap *map = f->map;
    int64_t kx0 = floor_div(range[0], c->cw), kx1 = floor_div(range[1], c->cw);
    int64_t ky0 = floor_div(range[2], c->ch), ky1 = floor_div(range[3], c->ch);
    PREPARE_ERROR(errctx);
    *done = kx1 - kx0 < c->cols && ky1 - ky0 < c->rows;
    if (!*done) {
        SUCCEED_RETURN(errctx);
    }
    const float pw = (float)(c->cw * map->tilewidth), ph = (float)(c->ch * map->tileheight);
    for (int64_t ky = ky0; ky <= ky1; ky++) {
        int row = (int)(((ky % c->rows) + c->rows) % c->rows);
        for (int64_t kx = kx0; kx <= kx1; kx++) {
            int col = (int)(((kx % c->cols) + c->cols) % c->cols);
            akgl_TilemapCacheSlot *s = &akgl_tilemap_cache.slots[base + row * c->cols + col];
            if (!s->valid || s->kx != kx || s->ky != ky) {
                PASS(errctx, redraw_chunk(f, layer, kx, ky, s));
            }
            if (s->animated) {
                int cells[4];
                chunk_cells(layer, kx, ky, cells);
                double gw = (double)map->tilewidth, gh = (double)map->tileheight;
                for (int cy = SDL_max(cells[2], range[2]); cy <= SDL_min(cells[3], range[3]);
                     cy++) {
                    const uint32_t *cr =
                        layer->cells + (size_t)(cy - layer->y0) * (size_t)layer->width;
                    float by = (float)((double)(cy + 1) * gh) + shift.y;
                    for (int cx = SDL_max(cells[0], range[0]); cx <= SDL_min(cells[1], range[1]);
                         cx++) {
                        if (cr[cx - layer->x0] != 0) {
                            PASS(errctx, draw_cell(f, cr[cx - layer->x0],
                                                   (float)((double)cx * gw) + shift.x, by, color));
                        }
                    }
                }
                continue;
            }
            akgl_RenderTile t = {&s->sheet,
                                 {0.0f, 0.0f, pw, ph},
                                 {(float)kx * pw + shift.x, (float)ky * ph + shift.y, pw, ph},
                                 0,
                                 0.0f,
                                 {0.0f, 0.0f},
                                 color};
            PASS(errctx, f->r->draw_tile(f->r, &t));
        }
    }
    SUCCEED_RETURN(errctx);
}

/*
 * The layer's first slot in the cache, or -1 when it is drawn tile by tile
 * this frame: the cache is another map's or renderer's, the layer is not
 * cached, the camera zooms, turns or shakes, or the layer lands off the
 * whole-pixel grid (a cached chunk must put every pixel where its tiles
 * would).
 */
static int cache_base(const Frame *f, const akgl_TilemapLayer *layer, SDL_FPoint shift)
{
    const akgl_TilemapCache *c = &akgl_tilemap_cache;
    if (c->map != f->map || c->sdl != f->r->sdl_renderer || f->turned ||
        shift.x != SDL_floorf(shift.x) || shift.y != SDL_floorf(shift.y)) {
        return -1;
    }
    return c->base[layer - f->map->layers];
}

static akerr_ErrorContext *draw_orthogonal(const Frame *f, const akgl_TilemapLayer *layer,
                                           SDL_FPoint shift, SDL_Color color)
{
    const akgl_Tilemap *map = f->map;
    double gw = (double)map->tilewidth, gh = (double)map->tileheight;
    PREPARE_ERROR(errctx);
    /* The view in this layer's pixels, widened by the tiles' reach. */
    double left = (double)(f->area.x - shift.x) - (double)f->reach.right;
    double right = (double)(f->area.x + f->area.w - shift.x) + (double)f->reach.left;
    double top = (double)(f->area.y - shift.y) - (double)f->reach.down;
    double bottom = (double)(f->area.y + f->area.h - shift.y) + (double)f->reach.up;
    int xlast = layer->x0 + layer->width - 1, ylast = layer->y0 + layer->height - 1;
    int cx0 = clamp_cell(floor(left / gw), layer->x0, xlast);
    int cx1 = clamp_cell(floor(right / gw), layer->x0, xlast);
    int cy0 = clamp_cell(floor(top / gh), layer->y0, ylast);
    int cy1 = clamp_cell(floor(bottom / gh), layer->y0, ylast);
    bool up = map->renderorder == AKGL_TILEMAP_RIGHT_UP || map->renderorder == AKGL_TILEMAP_LEFT_UP;
    bool leftward = map->renderorder == AKGL_TILEMAP_LEFT_DOWN ||
                    map->renderorder == AKGL_TILEMAP_LEFT_UP;
    if (layer->nchunks > 0) {
        const int range[4] = {cx0, cx1, cy0, cy1};
        PASS(errctx, draw_chunk_rows(f, layer, range, up, leftward, shift, color));
        SUCCEED_RETURN(errctx);
    }
    int base = cache_base(f, layer, shift);
    if (base >= 0) {
        const int range[4] = {cx0, cx1, cy0, cy1};
        bool done = false;
        PASS(errctx, draw_cached(f, layer, base, range, shift, color, &done));
        if (done) {
            SUCCEED_RETURN(errctx);
        }
    }
    for (int n = 0; n <= cy1 - cy0; n++) {
        int cy = up ? cy1 - n : cy0 + n;
        const uint32_t *row = layer->cells + (size_t)(cy - layer->y0) * (size_t)layer->width;
        float by = (float)((double)(cy + 1) * gh) + shift.y;
        for (int m = 0; m <= cx1 - cx0; m++) {
            int cx = leftward ? cx1 - m : cx0 + m;
            uint32_t raw = row[cx - layer->x0];
            if (raw != 0) {
                PASS(errctx, draw_cell(f, raw, (float)((double)cx * gw) + shift.x, by, color));
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

/* Isometric: the cells under the view's corners bound the ones to visit. */
static akerr_ErrorContext *draw_isometric(const Frame *f, const akgl_TilemapLayer *layer,
                                          SDL_FPoint shift, SDL_Color color)
{
    const akgl_Tilemap *map = f->map;
    double hw = (double)map->tilewidth * 0.5, hh = (double)map->tileheight * 0.5;
    double origin = (double)map->height * hw;
    double left = (double)(f->area.x - shift.x) - (double)f->reach.right - hw;
    double right = (double)(f->area.x + f->area.w - shift.x) + (double)f->reach.left + hw;
    double top = (double)(f->area.y - shift.y) - (double)f->reach.down - 2.0 * hh;
    double bottom = (double)(f->area.y + f->area.h - shift.y) + (double)f->reach.up + 2.0 * hh;
    const double xs[2] = {left, right}, ys[2] = {top, bottom};
    double cxmin = INFINITY, cxmax = -INFINITY, cymin = INFINITY, cymax = -INFINITY;
    PREPARE_ERROR(errctx);
    for (int i = 0; i < 4; i++) {
        double u = (xs[i & 1] - origin) / hw, v = ys[i >> 1] / hh;
        double cx = (v + u) * 0.5, cy = (v - u) * 0.5;
        cxmin = SDL_min(cxmin, cx);
        cxmax = SDL_max(cxmax, cx);
        cymin = SDL_min(cymin, cy);
        cymax = SDL_max(cymax, cy);
    }
    int xlast = layer->x0 + layer->width - 1, ylast = layer->y0 + layer->height - 1;
    int cx0 = clamp_cell(floor(cxmin), layer->x0, xlast);
    int cx1 = clamp_cell(floor(cxmax), layer->x0, xlast);
    int cy0 = clamp_cell(floor(cymin), layer->y0, ylast);
    int cy1 = clamp_cell(floor(cymax), layer->y0, ylast);
    if (layer->nchunks > 0) {
        const int range[4] = {cx0, cx1, cy0, cy1};
        PASS(errctx, draw_chunk_rows(f, layer, range, false, false, shift, color));
        SUCCEED_RETURN(errctx);
    }
    for (int cy = cy0; cy <= cy1; cy++) {
        const uint32_t *row = layer->cells + (size_t)(cy - layer->y0) * (size_t)layer->width;
        for (int cx = cx0; cx <= cx1; cx++) {
            uint32_t raw = row[cx - layer->x0];
            if (raw != 0) {
                SDL_FPoint top_corner = iso_cell_top(map, (float)cx, (float)cy);
                PASS(errctx, draw_cell(f, raw, top_corner.x - (float)hw + shift.x,
                                       top_corner.y + (float)(2.0 * hh) + shift.y, color));
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw_tiles(const Frame *f, const akgl_TilemapLayer *layer,
                                      SDL_FPoint shift, SDL_Color color)
{
    PREPARE_ERROR(errctx);
    if ((layer->cells == NULL && layer->nchunks == 0) || layer->width <= 0 || layer->height <= 0 ||
        f->map->tilewidth <= 0 || f->map->tileheight <= 0) {
        SUCCEED_RETURN(errctx);
    }
    if (f->map->orientation == AKGL_TILEMAP_ISOMETRIC) {
        PASS(errctx, draw_isometric(f, layer, shift, color));
    } else {
        PASS(errctx, draw_orthogonal(f, layer, shift, color));
    }
    SUCCEED_RETURN(errctx);
}

/* One tile object: its tile in the object's box, turned about its anchor. */
static akerr_ErrorContext *draw_object(const Frame *f, const akgl_TilemapObject *obj,
                                       SDL_FPoint shift, SDL_Color color)
{
    akgl_RenderTile t;
    const akgl_TilemapTileset *ts = NULL;
    float w = 0.0f, h = 0.0f, ax = 0.0f, ay = 0.0f;
    PREPARE_ERROR(errctx);
    if (!tile_source(f->map, obj->gid, f->now_ms, &t, &w, &h, &ts)) {
        SUCCEED_RETURN(errctx);
    }
    if (obj->width > 0.0f && obj->height > 0.0f) {
        w = obj->width;
        h = obj->height;
    }
    akgl_tilemap_object_anchor(f->map, obj, &ax, &ay);
    SDL_FPoint at = akgl_tilemap_object_world(f->map, obj->x, obj->y);
    at.x += shift.x;
    at.y += shift.y;
    t.flips = obj->gid & (AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_V);
    t.dst = (SDL_FRect){at.x - ax * w + (float)ts->tileoffsetx,
                        at.y - ay * h + (float)ts->tileoffsety, w, h};
    t.angle = obj->rotation;
    t.pivot = at;
    t.color = color;
    SDL_FRect reach = t.dst;
    if (t.angle != 0.0f) { /* anywhere within its diagonal of the pivot */
        float d = w + h;
        reach = (SDL_FRect){at.x - d, at.y - d, 2.0f * d, 2.0f * d};
    }
    if (on_screen(&reach, &f->area)) {
        PASS(errctx, submit_tile(f, &t));
    }
    SUCCEED_RETURN(errctx);
}

/*
 * draworder "topdown" draws an object layer's tile objects by y, ties in
 * file order, as Tiled does. The order is worked out each frame in static
 * scratch space (one index per object a layer may hold), so nothing is
 * allocated; the frame loop runs on one thread at a time (the state lock).
 */
static int sort_order[AKGL_TILEMAP_MAX_OBJECTS];
static int sort_scratch[AKGL_TILEMAP_MAX_OBJECTS];

/* A stable bottom-up merge sort of order[0..n) by the objects' y. */
static void sort_by_y(const akgl_TilemapObject *objects, int *order, int *scratch, int n)
{
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = SDL_min(lo + width, n), hi = SDL_min(lo + 2 * width, n);
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                scratch[k++] = objects[order[j]].y < objects[order[i]].y ? order[j++] : order[i++];
            }
            while (i < mid) {
                scratch[k++] = order[i++];
            }
            while (j < hi) {
                scratch[k++] = order[j++];
            }
        }
        SDL_memcpy(order, scratch, sizeof(int) * (size_t)n);
    }
}

static akerr_ErrorContext *draw_objects(const Frame *f, const akgl_TilemapLayer *layer,
                                        SDL_FPoint shift, SDL_Color color)
{
    int n = 0;
    PREPARE_ERROR(errctx);
    for (int i = 0; i < layer->nobjects && i < AKGL_TILEMAP_MAX_OBJECTS; i++) {
        const akgl_TilemapObject *obj = &layer->objects[i];
        if (obj->gid != 0 && obj->visible) {
            sort_order[n++] = i;
        }
    }
    if (layer->draworder == AKGL_TILEMAP_DRAW_TOPDOWN) {
        sort_by_y(layer->objects, sort_order, sort_scratch, n);
    }
    for (int i = 0; i < n; i++) {
        PASS(errctx, draw_object(f, &layer->objects[sort_order[i]], shift, color));
    }
    SUCCEED_RETURN(errctx);
}

/* One copy of the image starting at `from`, stepping by `step` across [0, extent) when repeated. */
static float first_copy(float from, float step, float extent, bool repeat, int *copies)
{
    if (!repeat || step <= 0.0f) {
        *copies = 1;
        return from;
    }
    float start = from - ceilf(from / step) * step; /* <= 0, within one step of it */
    *copies = (int)ceilf((extent - start) / step);
    return start;
}

static akerr_ErrorContext *draw_image(const Frame *f, const akgl_TilemapLayer *layer,
                                      SDL_FPoint shift, SDL_Color color)
{
    PREPARE_ERROR(errctx);
    if (layer->sheet == NULL) {
        SUCCEED_RETURN(errctx);
    }
    float w = (float)(layer->imagewidth > 0 ? layer->imagewidth : layer->sheet->texture_w);
    float h = (float)(layer->imageheight > 0 ? layer->imageheight : layer->sheet->texture_h);
    int nx = 1, ny = 1;
    float x0 = first_copy(shift.x - f->area.x, w, f->area.w, layer->repeatx, &nx) + f->area.x;
    float y0 = first_copy(shift.y - f->area.y, h, f->area.h, layer->repeaty, &ny) + f->area.y;
    akgl_RenderTile t = {layer->sheet, {0.0f, 0.0f, (float)layer->sheet->texture_w,
                                        (float)layer->sheet->texture_h},
                         {0.0f, 0.0f, w, h}, 0, 0.0f, {0.0f, 0.0f}, color};
    for (int j = 0; j < ny; j++) {
        for (int i = 0; i < nx; i++) {
            t.dst.x = x0 + (float)i * w;
            t.dst.y = y0 + (float)j * h;
            if (on_screen(&t.dst, &f->area)) {
                akgl_RenderTile one = t; /* submit_tile moves its copy */
                PASS(errctx, submit_tile(f, &one));
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

int akgl_tilemap_layers_under_actors(const akgl_Tilemap *map)
{
    for (int i = 0; i < map->nlayers; i++) {
        if (map->layers[i].kind == AKGL_TILEMAP_LAYER_OBJECTS) {
            return i + 1;
        }
    }
    return map->nlayers;
}

static akerr_ErrorContext *draw_background(const Frame *f)
{
    SDL_Color c = f->map->background;
    SDL_Renderer *sdl = f->r->sdl_renderer;
    Uint8 r, g, b, a;
    SDL_BlendMode mode;
    PREPARE_ERROR(errctx);
    if (c.a == 0) {
        SUCCEED_RETURN(errctx);
    }
    SDL_GetRenderDrawColor(sdl, &r, &g, &b, &a);
    SDL_GetRenderDrawBlendMode(sdl, &mode);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    bool filled = SDL_RenderFillRect(sdl, NULL);
    SDL_SetRenderDrawColor(sdl, r, g, b, a);
    SDL_SetRenderDrawBlendMode(sdl, mode);
    if (!filled) {
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        FAIL_RETURN(errctx, AKERR_API, "map %s: cannot fill the background: %s",
                    akgl_json_message_path(f->map->path, shown), SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw_range(const Frame *f, int from, int to);

akerr_ErrorContext *akgl_tilemap_draw_layers(const akgl_Tilemap *map, akgl_Renderer *r, int from,
                                             int to)
{
    Frame f;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_draw_layers: NULL map");
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_tilemap_draw_layers: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->draw_tile, AKERR_BEHAVIOR,
                     "akgl_tilemap_draw_layers: the renderer has no draw_tile");
    f.map = map;
    f.r = r;
    view_of(r, &f.view);
    f.area = (View){0.0f, 0.0f, f.view.w, f.view.h};
    f.turned = r->camera != NULL && !akgl_render_camera_plain(r->camera);
    if (f.turned) {
        const akgl_Camera *cam = r->camera;
        SDL_FRect box = akgl_render_view_box(cam);
        f.area = (View){box.x - cam->x, box.y - cam->y, box.w, box.h};
        /* From pixels at zoom 1 to the screen: about the view's centre. */
        akgl_render_camera_xform(cam, &f.xf);
        double hw = (double)cam->w * 0.5, hh = (double)cam->h * 0.5;
        double a = (double)f.xf.a, b = (double)f.xf.b;
        f.xf.tx = (float)(hw + (double)cam->shake_x - (a * hw - b * hh));
        f.xf.ty = (float)(hh + (double)cam->shake_y - (b * hw + a * hh));
    }
    f.reach = map_reach(map);
    f.now_ms = akgl_time_now() / AKGL_TIME_ONEMS_NS;
    if (from <= 0) {
        from = 0;
        PASS(errctx, draw_background(&f));
    }
    /* The 2D backend's tiles in batches (render_batch_private.h): nothing
     * but tiles is drawn until the layers end. */
    bool batched = r->draw_tile == akgl_render_2d_draw_tile && akgl_render_batch_begin(r);
    akerr_ErrorContext *drawn = draw_range(&f, from, to);
    if (batched && !akgl_render_batch_end() && drawn == NULL) {
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        FAIL_RETURN(errctx, AKERR_API, "map %s: a batch of tiles: %s",
                    akgl_json_message_path(map->path, shown), SDL_GetError());
    }
    PASS(errctx, drawn);
    SUCCEED_RETURN(errctx);
}

/* Layers @p from .. @p to - 1 of the frame's map. */
static akerr_ErrorContext *draw_range(const Frame *f, int from, int to)
{
    PREPARE_ERROR(errctx);
    const akgl_Tilemap *map = f->map;
    to = SDL_min(to, map->nlayers);
    for (int i = from; i < to; i++) {
        const akgl_TilemapLayer *layer = &map->layers[i];
        if (!layer->visible || layer->opacity <= 0.0f || layer->tint.a == 0) {
            continue;
        }
        SDL_FPoint shift = layer_shift(map, layer, &f->view);
        SDL_Color color = layer_color(layer);
        switch (layer->kind) {
        case AKGL_TILEMAP_LAYER_TILES: PASS(errctx, draw_tiles(f, layer, shift, color)); break;
        case AKGL_TILEMAP_LAYER_OBJECTS: PASS(errctx, draw_objects(f, layer, shift, color)); break;
        case AKGL_TILEMAP_LAYER_IMAGE: PASS(errctx, draw_image(f, layer, shift, color)); break;
        }
    }
    SUCCEED_RETURN(errctx);
}
