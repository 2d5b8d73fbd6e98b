/*
 * The layer cache (docs/07-tilemaps.md, "The layer cache"): a map drawn
 * from its chunks' render targets is the picture drawn tile by tile, on
 * both kinds of software renderer and (argument "gl", under Xvfb in the
 * suite) on SDL's opengl renderer; a tile changed by akgl_tilemap_set_tile
 * after its chunk was cached shows; an animated tile keeps moving; a view
 * off the whole-pixel grid or under a turned camera is drawn tile by tile;
 * akgl_tilemap_set_tile's failures change nothing; the hint chooses, and a
 * bad value of it is refused with nothing set.
 *
 * The map is written by the test: 24 x 12 cells of 48 px (tests/assets
 * sheet_192x96_48.png, whose cells say by their marker pixel which cell was
 * drawn and how it was flipped), so a chunk is 10 x 10 cells (480 px) and a
 * 160 x 120 view meets up to 2 x 2 of them. Layer "ground" fills every cell
 * with every flip of Tiled's three bits; layer "tinted" (tint and opacity)
 * holds every third cell; an object layer follows.
 */
#include <akgl/akgl.h>

#include <stdlib.h>
#include <string.h>

#include "picture_fixture.h"
#include "scene.h"
#include "tilemap_cache.h"

#define W 160
#define H 120
#define MAP_W 24
#define MAP_H 12
#define ANIMATED_X 11 /* the one animated cell, (11, 0): on screen at camera (440, 0) */
#define TOL_CHANNEL 8 /* the opengl picture against the software one */

static bool gl_mode;
static char map_path[1024];

static const uint32_t FLIPS[8] = {0,
                                  AKGL_TILE_FLIP_H,
                                  AKGL_TILE_FLIP_V,
                                  AKGL_TILE_FLIP_D,
                                  AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_V,
                                  AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_D,
                                  AKGL_TILE_FLIP_V | AKGL_TILE_FLIP_D,
                                  AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_V | AKGL_TILE_FLIP_D};

static uint32_t ground_at(int x, int y)
{
    if (x == ANIMATED_X && y == 0) {
        return 8; /* tile 7: animated, frames 7 and 6 */
    }
    return (uint32_t)((x * 3 + y) % 7 + 1) | FLIPS[(x + 2 * y) % 8];
}

static uint32_t tinted_at(int x, int y)
{
    return (x + y) % 3 == 0 ? (uint32_t)((x + y) % 7 + 1) : 0u;
}

static bool write_map(void)
{
    snprintf(map_path, sizeof(map_path), "%s/layer_cache.tmj", AKGL_TEST_OUT_DIR);
    FILE *fp = fopen(map_path, "w");
    if (fp == NULL) {
        test_failf_(__FILE__, __LINE__, "cannot write %s", map_path);
        return false;
    }
    fprintf(fp, "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"renderorder\": "
                "\"right-down\", \"width\": %d, \"height\": %d, \"tilewidth\": 48, "
                "\"tileheight\": 48, \"infinite\": false, \"tilesets\": [{\"firstgid\": 1, "
                "\"name\": \"cells\", \"tilewidth\": 48, \"tileheight\": 48, \"tilecount\": 8, "
                "\"columns\": 4, \"image\": \"%s\", \"imagewidth\": 192, \"imageheight\": 96, "
                "\"tiles\": [{\"id\": 7, \"animation\": [{\"tileid\": 7, \"duration\": 100}, "
                "{\"tileid\": 6, \"duration\": 100}]}]}], \"layers\": [",
            MAP_W, MAP_H, SHEET_PATH);
    for (int l = 0; l < 2; l++) {
        fprintf(fp, "%s{\"id\": %d, \"name\": \"%s\", \"type\": \"tilelayer\", \"width\": %d, "
                    "\"height\": %d, \"x\": 0, \"y\": 0, \"visible\": true, \"opacity\": %s, "
                    "%s\"data\": [",
                l ? ", " : "", l + 1, l ? "tinted" : "ground", MAP_W, MAP_H, l ? "0.6" : "1",
                l ? "\"tintcolor\": \"#c0ff80\", " : "");
        for (int i = 0; i < MAP_W * MAP_H; i++) {
            uint32_t raw = l ? tinted_at(i % MAP_W, i / MAP_W) : ground_at(i % MAP_W, i / MAP_W);
            fprintf(fp, "%s%u", i ? "," : "", raw);
        }
        fprintf(fp, "]}");
    }
    fprintf(fp, ", {\"id\": 3, \"name\": \"things\", \"type\": \"objectgroup\", \"objects\": "
                "[]}], \"nextlayerid\": 4, \"nextobjectid\": 1}\n");
    fclose(fp);
    return true;
}

#define CHECK_SAME_PICTURE(a, b, tol, what, x, y) \
    do { \
        int fx_, fy_; \
        int n_ = picture_differing((a), (b), (tol), 0, &fx_, &fy_); \
        CHECK_MSG(n_ == 0, "%s, camera (%g, %g): %d pixels differ, the first at (%d, %d)", \
                  (what), (double)(x), (double)(y), n_, fx_, fy_); \
    } while (0)

/* Sets the map with the cache on or off (the hint is read by akgl_game_set_tilemap). */
static void use_cache(akgl_Tilemap *map, bool cached)
{
    CHECK(SDL_SetHint(AKGL_HINT_TILEMAP_CACHE, cached ? "1" : "0"));
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK(cached == (akgl_tilemap_cache.map == map && akgl_tilemap_cache.nslots > 0));
}

/* One frame at camera (x, y), zoom @p zoom, read back before its present. */
static SDL_Surface *paint(Scene *s, float x, float y, float zoom)
{
    akgl_Camera *cam = s->r.camera;
    CHECK_OK(akgl_camera_set_zoom(cam, zoom));
    cam->x = x;
    cam->y = y;
    scene_capture(&s->r);
    CHECK_OK(akgl_game_update(NULL));
    s->r.frame_end = scene_real_frame_end;
    SDL_Surface *shot = scene_last_frame;
    scene_last_frame = NULL;
    return shot;
}

static const SDL_FPoint VIEWS[] = {{0.0f, 0.0f}, {440.0f, 0.0f}, {450.0f, 420.0f}, {992.0f, 456.0f}};

/* Cached and uncached frames of every view: the same picture; fewer draws cached. */
static void check_views(Scene *s, akgl_Tilemap *map, const char *kind, SDL_Surface **keep)
{
    for (size_t i = 0; i < SDL_arraysize(VIEWS); i++) {
        float x = VIEWS[i].x, y = VIEWS[i].y;
        use_cache(map, false);
        s->r.stats = (akgl_RenderStats){0, 0};
        SDL_Surface *tiles = paint(s, x, y, 1.0f);
        uint64_t tile_draws = s->r.stats.submitted;
        use_cache(map, true);
        SDL_Surface *first = paint(s, x, y, 1.0f); /* draws the chunks into their targets */
        s->r.stats = (akgl_RenderStats){0, 0};
        SDL_Surface *cached = paint(s, x, y, 1.0f);
        char what[96];
        SDL_snprintf(what, sizeof(what), "%s: the frame caching the chunks", kind);
        CHECK_SAME_PICTURE(tiles, first, 0, what, x, y);
        SDL_snprintf(what, sizeof(what), "%s: cached against tile by tile", kind);
        CHECK_SAME_PICTURE(tiles, cached, 0, what, x, y);
        SDL_DestroySurface(first);
        CHECK_MSG(s->r.stats.submitted < tile_draws,
                  "%s, camera (%g, %g): %llu draws cached, %llu tile by tile", kind, (double)x,
                  (double)y, (unsigned long long)s->r.stats.submitted,
                  (unsigned long long)tile_draws);
        if (keep != NULL) {
            keep[i] = tiles;
            tiles = NULL;
        }
        SDL_DestroySurface(tiles);
        SDL_DestroySurface(cached);
    }
}

/* A tile changed after its chunk was cached shows; the animated cell keeps moving. */
static void check_changes(Scene *s, akgl_Tilemap *map, const char *kind)
{
    const float x = 440.0f, y = 0.0f;
    char what[96];
    use_cache(map, true);
    SDL_Surface *before = paint(s, x, y, 1.0f);
    /* Cells of chunk (0, 0) (chunk (1, 0) shows the animated tile: tile by
     * tile), partly on screen at x -8..39. */
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 9, 1, 2 | AKGL_TILE_FLIP_H));
    CHECK_OK(akgl_tilemap_set_tile(map, 1, 9, 2, 0));
    CHECK_OK(akgl_tilemap_set_tile(map, 1, 9, 0, 5 | AKGL_TILE_FLIP_D));
    SDL_Surface *after = paint(s, x, y, 1.0f);
    int fx, fy;
    CHECK_MSG(picture_differing(before, after, 0, 0, &fx, &fy) > 0,
              "%s: the changed tiles do not show", kind);
    CHECK_PIXEL(after, 9 * 48 - 440 + 24, 48 + 24, CELL_FILL[1]); /* gid 2: cell 1 */
    use_cache(map, false);
    SDL_Surface *tiles = paint(s, x, y, 1.0f);
    SDL_snprintf(what, sizeof(what), "%s: changed tiles, cached against tile by tile", kind);
    CHECK_SAME_PICTURE(tiles, after, 0, what, x, y);
    SDL_DestroySurface(tiles);
    /* The animated cell, (11, 0), at x 88..135: frame 7 for 100 ms, then frame 6. */
    use_cache(map, true);
    for (int step = 0; step < 2; step++) {
        SDL_Surface *cached = paint(s, x, y, 1.0f);
        uint64_t ms = akgl_time_now() / AKGL_TIME_ONEMS_NS;
        CHECK_PIXEL(cached, ANIMATED_X * 48 - 440 + 24, 24, CELL_FILL[ms % 200 < 100 ? 7 : 6]);
        use_cache(map, false);
        tiles = paint(s, x, y, 1.0f);
        SDL_snprintf(what, sizeof(what), "%s: animated, step %d", kind, step);
        CHECK_SAME_PICTURE(tiles, cached, 0, what, x, y);
        SDL_DestroySurface(tiles);
        SDL_DestroySurface(cached);
        use_cache(map, true);
        advance_ms(100);
    }
    /* Off the whole-pixel grid and zoomed: drawn tile by tile, so the same picture. */
    static const float views[][3] = {{440.5f, 10.25f, 1.0f}, {440.0f, 0.0f, 1.5f}};
    for (size_t i = 0; i < SDL_arraysize(views); i++) {
        use_cache(map, true);
        SDL_Surface *cached = paint(s, views[i][0], views[i][1], views[i][2]);
        use_cache(map, false);
        tiles = paint(s, views[i][0], views[i][1], views[i][2]);
        SDL_snprintf(what, sizeof(what), "%s: zoom %g", kind, (double)views[i][2]);
        CHECK_SAME_PICTURE(tiles, cached, 0, what, views[i][0], views[i][1]);
        SDL_DestroySurface(tiles);
        SDL_DestroySurface(cached);
    }
    CHECK_OK(akgl_camera_set_zoom(s->r.camera, 1.0f));
    /* Put back what this changed, for the next renderer. */
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 9, 1, ground_at(9, 1)));
    CHECK_OK(akgl_tilemap_set_tile(map, 1, 9, 2, tinted_at(9, 2)));
    CHECK_OK(akgl_tilemap_set_tile(map, 1, 9, 0, tinted_at(9, 0)));
    SDL_DestroySurface(before);
    SDL_DestroySurface(after);
}

static akgl_Tilemap *load_map(void)
{
    akgl_Tilemap *map = NULL;
    akerr_ErrorContext *e = akgl_tilemap_load(map_path, &map);
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "cannot load %s: %s", map_path, e->message);
        e = akerr_release_error(e);
        return NULL;
    }
    return map;
}

static void software_case(SceneOpener open)
{
    Scene s;
    SDL_zero(s);
    akgl_Tilemap *map = open(&s, W, H) ? load_map() : NULL;
    if (map != NULL) {
        const char *kind = open == scene_open_window ? "window's software" : "bound software";
        check_views(&s, map, kind, NULL);
        check_changes(&s, map, kind);
        CHECK_OK(akgl_game_set_tilemap(NULL));
        CHECK_INT_EQ(akgl_tilemap_cache.nslots, 0);
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    scene_close(&s);
    SDL_ResetHint(AKGL_HINT_TILEMAP_CACHE);
}

static void test_cached_is_the_same_picture(void)
{
    scene_each(software_case);
}

/* akgl_tilemap_set_tile's failures: each named, nothing changed. */
static void test_set_tile_refuses(void)
{
    Scene s;
    SDL_zero(s);
    akgl_Tilemap *map = scene_open_bound(&s, W, H) ? load_map() : NULL;
    if (map == NULL) {
        scene_close(&s);
        return;
    }
    uint32_t raw = 0;
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(NULL, 0, 0, 0, 1), AKERR_NULLPOINTER, "NULL map");
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 3, 0, 0, 1), AKERR_OUTOFBOUNDS,
                     "layer 3 is outside 0..2");
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, -1, 0, 0, 1), AKERR_OUTOFBOUNDS,
                     "layer -1 is outside 0..2");
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 2, 0, 0, 1), AKERR_TYPE,
                     "layer 2 (\"things\") is not a tile layer");
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 0, MAP_W, 0, 1), AKERR_OUTOFBOUNDS,
                     "cell (24, 0) is outside its stored cells (0, 0) + 24x12");
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 0, 0, -1, 1), AKERR_OUTOFBOUNDS,
                     "cell (0, -1) is outside");
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 0, 0, 0, 9 | AKGL_TILE_FLIP_H), AKERR_KEY,
                     "gid 9 names no tile of any tileset");
    CHECK_OK(akgl_tilemap_tile_at(map, 0, 0, 0, &raw));
    CHECK_INT_EQ(raw, ground_at(0, 0));
    /* The empty tile and any flips are fine. */
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 0, 0, 0));
    CHECK_OK(akgl_tilemap_tile_at(map, 0, 0, 0, &raw));
    CHECK_INT_EQ(raw, 0);
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 0, 0, 8 | AKGL_TILE_FLIP_V | AKGL_TILE_FLIP_D));
    CHECK_OK(akgl_tilemap_tile_at(map, 0, 0, 0, &raw));
    CHECK_INT_EQ(raw, 8 | AKGL_TILE_FLIP_V | AKGL_TILE_FLIP_D);
    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 0, 0, 0, 1), AKGL_ERR_HEAP, "has been released");
    scene_close(&s);
}

/* On an infinite map a cell is set inside a stored chunk, refused outside every chunk. */
static void test_set_tile_infinite(void)
{
    char path[1024];
    Scene s;
    SDL_zero(s);
    snprintf(path, sizeof(path), "%s/layer_cache_infinite.tmj", AKGL_TEST_OUT_DIR);
    FILE *fp = fopen(path, "w");
    CHECK(fp != NULL);
    if (fp == NULL) {
        return;
    }
    fprintf(fp, "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": 16, "
                "\"height\": 16, \"tilewidth\": 48, \"tileheight\": 48, \"infinite\": true, "
                "\"tilesets\": [{\"firstgid\": 1, \"name\": \"cells\", \"tilewidth\": 48, "
                "\"tileheight\": 48, \"tilecount\": 8, \"columns\": 4, \"image\": \"%s\", "
                "\"imagewidth\": 192, \"imageheight\": 96}], \"layers\": [{\"id\": 1, "
                "\"name\": \"ground\", \"type\": \"tilelayer\", \"chunks\": [{\"x\": -16, "
                "\"y\": 16, \"width\": 16, \"height\": 16, \"data\": [",
            SHEET_PATH);
    for (int i = 0; i < 256; i++) {
        fprintf(fp, "%s%d", i ? "," : "", i == 0 ? 3 : 0);
    }
    fprintf(fp, "]}]}], \"nextlayerid\": 2, \"nextobjectid\": 1}\n");
    fclose(fp);
    akgl_Tilemap *map = NULL;
    if (scene_open_bound(&s, W, H)) {
        CHECK_OK(akgl_tilemap_load(path, &map));
    }
    if (map != NULL) {
        uint32_t raw = 0;
        CHECK_OK(akgl_tilemap_set_tile(map, 0, -3, 20, 6 | AKGL_TILE_FLIP_H));
        CHECK_OK(akgl_tilemap_tile_at(map, 0, -3, 20, &raw));
        CHECK_INT_EQ(raw, 6 | AKGL_TILE_FLIP_H);
        CHECK_OK(akgl_tilemap_tile_at(map, 0, -16, 16, &raw));
        CHECK_INT_EQ(raw, 3); /* its neighbours are untouched */
        CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 0, 0, 16, 1), AKERR_OUTOFBOUNDS,
                         "in no stored chunk");
        CHECK_STATUS_MSG(akgl_tilemap_set_tile(map, 0, -17, 20, 1), AKERR_OUTOFBOUNDS,
                         "cell (-17, 20) is outside");
        CHECK_OK(akgl_tilemap_tile_at(map, 0, 0, 16, &raw));
        CHECK_INT_EQ(raw, 0);
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    scene_close(&s);
    remove(path);
}

/* AKGL_TILEMAP_CACHE: 0 and 1 choose; another value is refused, nothing set. */
static void test_the_hint(void)
{
    Scene s;
    SDL_zero(s);
    akgl_Tilemap *map = scene_open_bound(&s, W, H) ? load_map() : NULL;
    if (map != NULL) {
        CHECK(SDL_SetHint(AKGL_HINT_TILEMAP_CACHE, "auto"));
        CHECK_OK(akgl_game_set_tilemap(map));
        /* Two cached tile layers, 2 x 2 targets each, for a 160 x 120 view. */
        CHECK_INT_EQ(akgl_tilemap_cache.nslots, 8);
        CHECK_INT_EQ(akgl_tilemap_cache.cw, 10);
        CHECK_INT_EQ(akgl_tilemap_cache.base[0], 0);
        CHECK_INT_EQ(akgl_tilemap_cache.base[1], 4);
        CHECK_INT_EQ(akgl_tilemap_cache.base[2], -1);
        CHECK_OK(akgl_game_set_tilemap(NULL));
        CHECK_INT_EQ(map->refcount, 1);
        CHECK(SDL_SetHint(AKGL_HINT_TILEMAP_CACHE, "yes"));
        CHECK_STATUS_MSG(akgl_game_set_tilemap(map), AKERR_VALUE,
                         "AKGL_TILEMAP_CACHE is \"yes\"; it must be 0, 1 or auto");
        CHECK(game.tilemap == NULL);
        CHECK_INT_EQ(map->refcount, 1);
        CHECK_INT_EQ(akgl_tilemap_cache.nslots, 0);
        /* A renderer shut down drops the cache made for it; the map stays set. */
        SDL_ResetHint(AKGL_HINT_TILEMAP_CACHE);
        CHECK_OK(akgl_game_set_tilemap(map));
        CHECK_INT_EQ(akgl_tilemap_cache.nslots, 8);
        CHECK_OK(s.r.shutdown(&s.r));
        s.r.shutdown = NULL;
        CHECK_INT_EQ(akgl_tilemap_cache.nslots, 0);
        CHECK(akgl_tilemap_cache.map == NULL);
        CHECK_OK(akgl_game_set_tilemap(NULL));
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    scene_close(&s);
    SDL_ResetHint(AKGL_HINT_TILEMAP_CACHE);
}

/* On opengl: cached against tile by tile, and against the software renderer's picture. */
static void test_gl(void)
{
    Scene s;
    SDL_zero(s);
    SDL_Surface *reference[SDL_arraysize(VIEWS)] = {NULL};
    akgl_Tilemap *map = scene_open_bound(&s, W, H) ? load_map() : NULL;
    if (map != NULL) {
        check_views(&s, map, "software reference", reference);
        CHECK_OK(akgl_game_set_tilemap(NULL));
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    scene_close(&s);
    CHECK(SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl"));
    map = scene_open_window(&s, W, H) ? load_map() : NULL;
    if (map != NULL) {
        const char *name = SDL_GetRendererName(s.r.sdl_renderer);
        CHECK_MSG(name != NULL && strcmp(name, "opengl") == 0, "renderer %s", name);
        CHECK(s.r.batch);
        check_views(&s, map, "opengl", NULL);
        for (size_t i = 0; i < SDL_arraysize(VIEWS); i++) {
            use_cache(map, true);
            SDL_Surface *gl = paint(&s, VIEWS[i].x, VIEWS[i].y, 1.0f);
            CHECK_SAME_PICTURE(reference[i], gl, TOL_CHANNEL, "opengl cached against software",
                               VIEWS[i].x, VIEWS[i].y);
            SDL_DestroySurface(gl);
        }
        check_changes(&s, map, "opengl");
        CHECK_OK(akgl_game_set_tilemap(NULL));
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    scene_close(&s);
    for (size_t i = 0; i < SDL_arraysize(VIEWS); i++) {
        SDL_DestroySurface(reference[i]);
    }
    SDL_ResetHint(AKGL_HINT_TILEMAP_CACHE);
}

int main(int argc, char **argv)
{
    gl_mode = argc > 1 && strcmp(argv[1], "gl") == 0;
    if (gl_mode && !scene_gl_available()) {
        return 77;
    }
    AKGL_TEST_BEGIN();
    CHECK_OK(akgl_time_use_manual(true));
    if (write_map()) {
        if (gl_mode) {
            RUN_TEST(test_gl);
        } else {
            RUN_TEST(test_cached_is_the_same_picture);
            RUN_TEST(test_set_tile_refuses);
            RUN_TEST(test_set_tile_infinite);
            RUN_TEST(test_the_hint);
        }
    }
    CHECK_OK(akgl_time_use_manual(false));
    return AKGL_TEST_END();
}
