/*
 * Infinite maps are stored by their chunks (docs/07-tilemaps.md, "Infinite
 * maps"): a map whose two chunks lie 2,000,000 tiles apart loads within a
 * budget of a few kilobytes, answers tile_at at both chunks and nothing
 * between, draws each chunk where the camera looks (pixels read back from
 * the software renderer), and an actor falling onto the far chunk's solid
 * row lands on it. The same map in JSON and in TMX. Every case ends with
 * the pools, registries and error contexts where they began (test.h).
 *
 * The map (8 px tiles, tileset tests/assets/tiles_32x32_8.png, tile 1 has
 * the tile property solid): layer "ground", 16 x 16 chunks at
 * (-1000000, 0), (1000000, 0) and (1000016, 0). The west chunk holds tile 0
 * at its cell (0, 0), the east chunk tile 3; both hold tile 1 along their
 * row 5. The third, east of the east chunk, holds only tile 1 at its cell
 * (0, 3), so an actor straddling the two stops there, on the one cell.
 */
#include "physics_test.h"
#include "scene.h"

#include <akgl/tilemap.h>

#include <stdio.h>

#define FAR 1000000
#define TILES AKGL_TEST_ASSETS_DIR "/tiles_32x32_8.png"

static char json_path[1024], tmx_path[1024];

/* tiles_32x32_8.png: tile k (column k % 4, row k / 4) */
static SDL_Color tile_fill(int k)
{
    return (SDL_Color){(Uint8)(32 + 64 * (k % 4)), (Uint8)(32 + 64 * (k / 4)), 96, 255};
}

static SDL_Color tile_marker(int k)
{
    return (SDL_Color){255, 255, (Uint8)(k * 16), 255};
}

/* A chunk's 256 cells as CSV: `corner` (a gid) at (0, 0), gid 2 along row 5;
 * or (corner 0) only gid 2 at (0, 3). */
static void chunk_csv(FILE *fp, uint32_t corner)
{
    for (int i = 0; i < 256; i++) {
        uint32_t gid = corner == 0 ? (i == 3 * 16 ? 2u : 0u)
                                   : i == 0 ? corner : (i / 16 == 5 ? 2u : 0u);
        fprintf(fp, "%s%u", i ? "," : "", gid);
    }
}

static bool write_maps(void)
{
    snprintf(json_path, sizeof(json_path), "%s/far_chunks.tmj", AKGL_TEST_OUT_DIR);
    snprintf(tmx_path, sizeof(tmx_path), "%s/far_chunks.tmx", AKGL_TEST_OUT_DIR);
    FILE *fp = fopen(json_path, "w");
    if (fp == NULL) {
        test_failf_(__FILE__, __LINE__, "cannot write %s", json_path);
        return false;
    }
    fprintf(fp, "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": 16, "
            "\"height\": 16, \"tilewidth\": 8, \"tileheight\": 8, \"infinite\": true, "
            "\"tilesets\": [{\"firstgid\": 1, \"name\": \"t\", \"tilewidth\": 8, "
            "\"tileheight\": 8, \"tilecount\": 16, \"columns\": 4, \"image\": \"%s\", "
            "\"imagewidth\": 32, \"imageheight\": 32, \"tiles\": [{\"id\": 1, \"properties\": "
            "[{\"name\": \"solid\", \"type\": \"bool\", \"value\": true}]}]}], "
            "\"layers\": [{\"id\": 1, \"name\": \"ground\", \"type\": \"tilelayer\", "
            "\"chunks\": [", TILES);
    fprintf(fp, "{\"x\": %d, \"y\": 0, \"width\": 16, \"height\": 16, \"data\": [", FAR);
    chunk_csv(fp, 4);
    fprintf(fp, "]}, {\"x\": %d, \"y\": 0, \"width\": 16, \"height\": 16, \"data\": [", -FAR);
    chunk_csv(fp, 1);
    fprintf(fp, "]}, {\"x\": %d, \"y\": 0, \"width\": 16, \"height\": 16, \"data\": [",
            FAR + 16);
    chunk_csv(fp, 0);
    fprintf(fp, "]}]}]}\n");
    fclose(fp);

    fp = fopen(tmx_path, "w");
    if (fp == NULL) {
        test_failf_(__FILE__, __LINE__, "cannot write %s", tmx_path);
        return false;
    }
    fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<map version=\"1.10\" orientation=\"orthogonal\" renderorder=\"right-down\" "
            "width=\"16\" height=\"16\" tilewidth=\"8\" tileheight=\"8\" infinite=\"1\">\n"
            " <tileset firstgid=\"1\" name=\"t\" tilewidth=\"8\" tileheight=\"8\" "
            "tilecount=\"16\" columns=\"4\">\n  <image source=\"%s\" width=\"32\" "
            "height=\"32\"/>\n  <tile id=\"1\"><properties><property name=\"solid\" "
            "type=\"bool\" value=\"true\"/></properties></tile>\n </tileset>\n"
            " <layer id=\"1\" name=\"ground\" width=\"16\" height=\"16\">\n"
            "  <data encoding=\"csv\">\n", TILES);
    fprintf(fp, "   <chunk x=\"%d\" y=\"0\" width=\"16\" height=\"16\">", FAR);
    chunk_csv(fp, 4);
    fprintf(fp, "</chunk>\n   <chunk x=\"%d\" y=\"0\" width=\"16\" height=\"16\">", -FAR);
    chunk_csv(fp, 1);
    fprintf(fp, "</chunk>\n   <chunk x=\"%d\" y=\"0\" width=\"16\" height=\"16\">",
            FAR + 16);
    chunk_csv(fp, 0);
    fprintf(fp, "</chunk>\n  </data>\n </layer>\n</map>\n");
    fclose(fp);
    return true;
}

static Scene scene;

/* Loads under a budget of 64 KiB: the bounding box (2,000,032 x 16 cells,
 * 128 MB of gids) could never fit; the three chunks (3 KiB of gids) do. */
static akgl_Tilemap *load_small(const char *path)
{
    akgl_TilemapBudget small = {.max_cells = 768, .max_bytes = 64 * 1024};
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_tilemap_set_budget(&small));
    uint64_t t0 = SDL_GetTicksNS();
    CHECK_OK(akgl_tilemap_load(path, &map));
    uint64_t took = SDL_GetTicksNS() - t0;
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    /* A few milliseconds; generous for a loaded 2-core machine. */
    CHECK_MSG(took < 2000000000u, "%s took %llu ns to load", path, (unsigned long long)took);
    return map;
}

static void check_model(const akgl_Tilemap *map)
{
    CHECK(map->infinite && map->nlayers == 1);
    const akgl_TilemapLayer *l = &map->layers[0];
    CHECK(l->cells == NULL);
    CHECK_INT_EQ(l->nchunks, 3);
    CHECK_INT_EQ(l->chunkwidth, 16);
    CHECK_INT_EQ(l->chunkheight, 16);
    /* Sorted by (y, x): the west chunk first, though the file lists it second. */
    CHECK(l->chunks != NULL && l->chunks[0].x == -FAR && l->chunks[1].x == FAR &&
          l->chunks[2].x == FAR + 16);
    CHECK_INT_EQ(l->x0, -FAR);
    CHECK_INT_EQ(l->y0, 0);
    CHECK_INT_EQ(l->width, 2 * FAR + 32);
    CHECK_INT_EQ(l->height, 16);
    static const struct
    {
        int x, y;
        uint32_t raw;
    } probes[] = {
        {-FAR, 0, 1},      {-FAR + 3, 5, 2},  {-FAR + 15, 15, 0}, {-FAR - 1, 0, 0},
        {-FAR + 16, 5, 0}, {0, 0, 0},         {FAR - 1, 5, 0},    {FAR, 0, 4},
        {FAR + 15, 5, 2},  {FAR, 16, 0},      {FAR, -1, 0},       {INT_MIN, INT_MIN, 0},
        {FAR + 16, 3, 2},  {FAR + 16, 5, 0},  {FAR + 17, 3, 0},
        {INT_MAX, 5, 0},
    };
    for (size_t i = 0; i < SDL_arraysize(probes); i++) {
        uint32_t raw = 99;
        CHECK_OK(akgl_tilemap_tile_at(map, 0, probes[i].x, probes[i].y, &raw));
        CHECK_MSG(raw == probes[i].raw, "tile_at(%d, %d) = %u, wanted %u", probes[i].x,
                  probes[i].y, raw, probes[i].raw);
    }
}

/* The camera on one chunk: its corner tile and row 5, and only those drawn. */
static void check_view(float camera_x, int corner)
{
    scene.r.camera->x = camera_x;
    scene.r.camera->y = 0.0f;
    scene.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    SDL_Surface *s = scene_last_frame;
    CHECK_PIXEL(s, 0, 0, tile_marker(corner));
    CHECK_PIXEL(s, 4, 4, tile_fill(corner));
    CHECK_PIXEL(s, 12, 20, CLEAR);
    CHECK_PIXEL(s, 4, 44, tile_fill(1));
    CHECK_PIXEL(s, 60, 44, tile_fill(1));
    /* The view is 8 x 6 cells: the corner tile and the 8 of row 5. */
    CHECK_INT_EQ((int)scene.r.stats.submitted, 9);
}

static void check_map(const char *path)
{
    int actors = akgl_test_layer_count_(AKGL_HEAP_ACTOR);
    akgl_Tilemap *map = load_small(path);
    if (map == NULL) {
        return;
    }
    check_model(map);

    CHECK_OK(akgl_game_set_tilemap(map));
    check_view(-8.0f * FAR, 0);
    check_view(8.0f * FAR, 3);
    /* Between the chunks: nothing, and nothing submitted. */
    scene.r.camera->x = 0.0f;
    scene.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    CHECK_PIXEL(scene_last_frame, 4, 44, CLEAR);
    CHECK_INT_EQ((int)scene.r.stats.submitted, 0);
    /* Half on the west chunk's east edge: its last column, then empty space. */
    scene.r.camera->x = 8.0f * (-FAR + 16) - 8.0f;
    CHECK_OK(akgl_game_update(NULL));
    CHECK_PIXEL(scene_last_frame, 4, 44, tile_fill(1));
    CHECK_PIXEL(scene_last_frame, 12, 44, CLEAR);

    /* The solid grid follows the chunks: three chunks of 256 bytes, not the box. */
    physics_begin();
    phys.gravity_y = 980.0f;
    CHECK_OK(akgl_game_set_tilemap(map)); /* the physics was bound after: again */
    CHECK(phys.grid.cells != NULL && phys.grid.nchunks == 3);
    CHECK_INT_EQ(phys.grid.chunk_cols, 16);
    CHECK_INT_EQ(phys.grid.cols, 2 * FAR + 32);
    CHECK(phys.grid.origin_x == -8.0f * FAR);
    /* An actor dropped above the east chunk's solid row lands on it (top y = 40). */
    akgl_Actor *faller = spawn("faller", 8.0f * FAR + 30.0f, 0.0f, 4.0f, 6.0f);
    /* ... and one dropped between the chunks falls through open space ... */
    akgl_Actor *void_faller = spawn("void", 30.0f, 0.0f, 4.0f, 6.0f);
    /* ... and one straddling the east chunk and the third stops on the
     * third's cell (FAR + 16, 3), top y = 24. */
    akgl_Actor *straddler = spawn("straddler", 8.0f * (FAR + 16) - 2.0f, 0.0f, 4.0f, 6.0f);
    for (int i = 0; i < 60; i++) {
        advance_ms(10);
        CHECK_OK(akgl_game_update(NULL));
    }
    if (straddler != NULL) {
        CHECK_MSG(straddler->y == 18.0f, "%s: y %.9g, not 18", path, (double)straddler->y);
    }
    despawn(straddler);
    if (faller != NULL && void_faller != NULL) {
        CHECK_MSG(faller->y == 34.0f, "%s: y %.9g, not 34", path, (double)faller->y);
        CHECK(faller->touching & AKGL_PHYSICS_TOUCH_BOTTOM);
        CHECK_MSG(void_faller->y > 100.0f, "%s: y %.9g", path, (double)void_faller->y);
    }
    despawn(faller);
    despawn(void_faller);

    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK(phys.grid.cells == NULL);
    physics_end();
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_TILEMAP), 0);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), actors);
}

static void test_far_chunks_in_both_formats(void)
{
    if (!write_maps() || !scene_open_bound(&scene, 64, 48)) {
        scene_close(&scene);
        return;
    }
    scene_capture(&scene.r);
    check_map(json_path);
    check_map(tmx_path);
    scene_capture_done();
    scene_close(&scene);
}

/* The budget counts the chunks' cells: 768 cells load, 767 do not. */
static void test_budget_counts_chunk_cells(void)
{
    if (!write_maps() || !scene_open_bound(&scene, 64, 48)) {
        scene_close(&scene);
        return;
    }
    akgl_TilemapBudget tight = {.max_cells = 767, .max_bytes = 0};
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_tilemap_set_budget(&tight));
    CHECK_STATUS_MSG(akgl_tilemap_load(json_path, &map), AKERR_OUTOFBOUNDS,
                     "would store 768 cells in all (the cells of their chunks), more than its "
                     "budget of 767 cells");
    CHECK(map == NULL);
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    scene_close(&scene);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_far_chunks_in_both_formats);
    RUN_TEST(test_budget_counts_chunk_cells);
    return AKGL_TEST_END();
}
