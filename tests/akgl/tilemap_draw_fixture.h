/*
 * Shared by the tilemap drawing suites: a tileset image whose every pixel is
 * unique, written by this code into the build tree and loaded as a sheet, and
 * maps built in memory field by field (what the loader would fill in), so
 * the drawing rules are checked apart from the readers.
 *
 * The tileset image (TS_IMAGE_W x TS_IMAGE_H): a margin of 1 px, then 2 x 2
 * tiles of 8 x 8 with 2 px between them; margin and spacing are magenta.
 * Pixel (u, v) of tile k is (16 + 28u, 16 + 28v, 30 + 60k): reading a pixel
 * back says which tile, and which pixel of it, was drawn there.
 */
#ifndef AKGL_TEST_TILEMAP_DRAW_FIXTURE_H
#define AKGL_TEST_TILEMAP_DRAW_FIXTURE_H

#include <akgl/tilemap.h>

#include "scene.h"

#define TS_TILE 8
#define TS_MARGIN 1
#define TS_SPACING 2
#define TS_IMAGE_W (2 * TS_MARGIN + 2 * TS_TILE + TS_SPACING)
#define TS_IMAGE_H TS_IMAGE_W
/* One image per test program: ctest runs the programs that share this
 * fixture side by side, and one writing the file while another reads it
 * gave "not a PNG file". Each includer names itself in TS_OWNER. */
#ifndef TS_OWNER
#error "define TS_OWNER (the test program's name) before including tilemap_draw_fixture.h"
#endif
#define TS_PATH AKGL_TEST_OUT_DIR "/" TS_OWNER "_tiles.png"

static const SDL_Color MARGIN_COLOR = {255, 0, 255, 255};

static inline SDL_Color tile_pixel(int k, int u, int v)
{
    return (SDL_Color){(Uint8)(16 + 28 * u), (Uint8)(16 + 28 * v), (Uint8)(30 + 60 * k), 255};
}

/* The colour of image pixel (x, y). */
static inline SDL_Color image_pixel(int x, int y)
{
    int lx = x - TS_MARGIN, ly = y - TS_MARGIN;
    int step = TS_TILE + TS_SPACING;
    if (lx < 0 || ly < 0 || lx % step >= TS_TILE || ly % step >= TS_TILE || lx / step > 1 ||
        ly / step > 1) {
        return MARGIN_COLOR;
    }
    return tile_pixel((ly / step) * 2 + lx / step, lx % step, ly % step);
}

/* Writes the tileset image (every run: it is ours) and loads it as a sheet. */
static inline akgl_SpriteSheet *load_tileset_sheet(void)
{
    SDL_Surface *img = SDL_CreateSurface(TS_IMAGE_W, TS_IMAGE_H, SDL_PIXELFORMAT_RGBA32);
    if (img == NULL) {
        test_failf_(__FILE__, __LINE__, "SDL_CreateSurface: %s", SDL_GetError());
        return NULL;
    }
    for (int y = 0; y < TS_IMAGE_H; y++) {
        for (int x = 0; x < TS_IMAGE_W; x++) {
            SDL_Color c = image_pixel(x, y);
            SDL_WriteSurfacePixel(img, x, y, c.r, c.g, c.b, c.a);
        }
    }
    bool saved = IMG_SavePNG(img, TS_PATH);
    SDL_DestroySurface(img);
    if (!saved) {
        test_failf_(__FILE__, __LINE__, "IMG_SavePNG %s: %s", TS_PATH, SDL_GetError());
        return NULL;
    }
    akgl_SpriteSheet *sheet = NULL;
    akerr_ErrorContext *e = akgl_heap_next_spritesheet(&sheet);
    if (e == NULL) {
        e = akgl_spritesheet_initialize(sheet, TS_TILE, TS_TILE, TS_PATH);
        if (e != NULL) {
            IGNORE(akgl_heap_release_spritesheet(sheet));
        }
    }
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "cannot load %s: %s", TS_PATH, e->message);
        e = akerr_release_error(e);
        return NULL;
    }
    return sheet;
}

/* Checks that the 8 x 8 block at screen (x, y) shows tile k as `flips` turns it. */
static inline void check_tile_at(SDL_Surface *s, int x, int y, int k, uint32_t flips)
{
    for (int v = 0; v < TS_TILE; v++) {
        for (int u = 0; u < TS_TILE; u++) {
            /* Source pixel (u, v) goes: transpose, then mirror x, then mirror y. */
            int dx = u, dy = v;
            if (flips & AKGL_TILE_FLIP_D) {
                dx = v;
                dy = u;
            }
            if (flips & AKGL_TILE_FLIP_H) {
                dx = TS_TILE - 1 - dx;
            }
            if (flips & AKGL_TILE_FLIP_V) {
                dy = TS_TILE - 1 - dy;
            }
            SDL_Color got = pixel_at(s, x + dx, y + dy);
            SDL_Color want = tile_pixel(k, u, v);
            if (!same_rgb(got, want)) {
                test_failf_(__FILE__, __LINE__,
                            "tile %d flips 0x%08x: source (%d,%d) should be at (%d,%d): got "
                            "(%d,%d,%d), want (%d,%d,%d)",
                            k, (unsigned)flips, u, v, x + dx, y + dy, got.r, got.g, got.b, want.r,
                            want.g, want.b);
                return;
            }
        }
    }
}

/* ---- maps in memory ---------------------------------------------------- */

#define MEM_MAX_LAYERS 6
#define MEM_MAX_TILESETS 3
#define MEM_MAX_CELLS (128 * 128)

typedef struct MemMap
{
    akgl_Tilemap map;
    akgl_TilemapTileset tilesets[MEM_MAX_TILESETS];
    akgl_TilemapLayer layers[MEM_MAX_LAYERS];
    uint32_t cells[MEM_MAX_LAYERS][MEM_MAX_CELLS];
    akgl_TilemapTile tiles[4];
    akgl_TilemapFrame frames[4];
    akgl_TilemapObject objects[4];
} MemMap;

/* An orthogonal map of w x h cells of 8 x 8 and one tileset (gids 1..4) on `sheet`. */
static inline void mem_map(MemMap *m, int w, int h, akgl_SpriteSheet *sheet)
{
    SDL_zerop(m);
    SDL_strlcpy(m->map.path, "/mem/map.tmj", sizeof(m->map.path));
    m->map.orientation = AKGL_TILEMAP_ORTHOGONAL;
    m->map.width = w;
    m->map.height = h;
    m->map.tilewidth = TS_TILE;
    m->map.tileheight = TS_TILE;
    m->map.tilesets = m->tilesets;
    m->map.ntilesets = 1;
    m->map.layers = m->layers;
    akgl_TilemapTileset *ts = &m->tilesets[0];
    ts->firstgid = 1;
    ts->name = "tiles";
    ts->tilecount = 4;
    ts->columns = 2;
    ts->tilewidth = TS_TILE;
    ts->tileheight = TS_TILE;
    ts->margin = TS_MARGIN;
    ts->spacing = TS_SPACING;
    ts->sheet = sheet;
    ts->idlimit = 4;
    ts->tiles = m->tiles;
}

static inline akgl_TilemapLayer *mem_layer(MemMap *m, akgl_TilemapLayerKind kind)
{
    int i = m->map.nlayers++;
    akgl_TilemapLayer *l = &m->layers[i];
    l->kind = kind;
    l->id = i + 1;
    l->name = "layer";
    l->visible = true;
    l->opacity = 1.0f;
    l->parallaxx = 1.0f;
    l->parallaxy = 1.0f;
    l->tint = (SDL_Color){255, 255, 255, 255};
    if (kind == AKGL_TILEMAP_LAYER_TILES) {
        l->width = m->map.width;
        l->height = m->map.height;
        l->cells = m->cells[i];
    }
    return l;
}

static inline void mem_set(akgl_TilemapLayer *l, int x, int y, uint32_t raw)
{
    l->cells[(y - l->y0) * l->width + (x - l->x0)] = raw;
}

#endif /* AKGL_TEST_TILEMAP_DRAW_FIXTURE_H */
