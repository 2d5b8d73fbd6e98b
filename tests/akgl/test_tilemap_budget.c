/*
 * The budget of a whole map load (akgl_tilemap_set_budget, docs/07): many
 * elements that each pass their own cap must not pass together. Each case
 * is checked for its status, a message naming the file, the count, the
 * budget and its macro, and for leaving nothing claimed (tm_expect_refused).
 * The maps are written into the scratch directory at run time.
 */
#define _XOPEN_SOURCE 700

#include "tilemap_fixture.h"

#include <akgl/fault.h>

#include <stdarg.h>

/* A growing text, for maps of many layers or objects. */
typedef struct Text
{
    char *s;
    size_t len, cap;
} Text;

__attribute__((format(printf, 2, 3))) static void add(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        if (t->s == NULL) {
            fx_die("realloc", "text");
        }
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

static void write_text(const char *name, Text *t)
{
    fx_write(name, t->s, t->len);
    free(t->s);
    *t = (Text){0};
}

#define MAP_HEAD "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": %d, " \
                              "\"height\": %d, \"tilewidth\": 16, \"tileheight\": 16, " \
                              "\"infinite\": %s, \"layers\": ["

/* `layers` finite layers of w x h: empty cells (csv), or data never read
 * (refused first). */
static void finite_map(const char *name, int layers, int w, int h, bool csv)
{
    Text t = {0};
    add(&t, MAP_HEAD, w, h, "false");
    for (int i = 0; i < layers; i++) {
        add(&t, "%s{\"type\": \"tilelayer\", \"id\": %d, \"name\": \"l%d\", \"width\": %d, "
            "\"height\": %d, ", i ? ", " : "", i + 1, i, w, h);
        if (!csv) {
            add(&t, "\"encoding\": \"base64\", \"compression\": \"zstd\", \"data\": \"\"}");
            continue;
        }
        add(&t, "\"data\": [");
        for (int c = 0; c < w * h; c++) {
            add(&t, "%s0", c ? "," : "");
        }
        add(&t, "]}");
    }
    add(&t, "]}");
    write_text(name, &t);
}

/* `layers` infinite layers, each two 1x1 chunks at opposite corners of a
 * side x side box. */
static void sparse_map(const char *name, int layers, int side)
{
    Text t = {0};
    add(&t, MAP_HEAD, 0, 0, "true");
    for (int i = 0; i < layers; i++) {
        add(&t, "%s{\"type\": \"tilelayer\", \"id\": %d, \"name\": \"l%d\", \"chunks\": ["
            "{\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1, \"data\": [0]}, "
            "{\"x\": %d, \"y\": %d, \"width\": 1, \"height\": 1, \"data\": [0]}]}",
            i ? ", " : "", i + 1, i, side - 1, side - 1);
    }
    add(&t, "]}");
    write_text(name, &t);
}

/* A template of `props` properties, and a map of `objects` objects using it. */
static void template_map(const char *name, const char *tj, int props, int objects)
{
    Text t = {0};
    add(&t, "{\"type\": \"template\", \"object\": {\"name\": \"t\", \"width\": 8, \"height\": 8, "
        "\"properties\": [");
    for (int i = 0; i < props; i++) {
        add(&t, "%s{\"name\": \"p%d\", \"type\": \"int\", \"value\": %d}", i ? ", " : "", i, i);
    }
    add(&t, "]}}");
    write_text(tj, &t);
    add(&t, MAP_HEAD, 1, 1, "false");
    add(&t, "{\"type\": \"objectgroup\", \"id\": 1, \"name\": \"o\", \"objects\": [");
    for (int i = 0; i < objects; i++) {
        add(&t, "%s{\"id\": %d, \"template\": \"%s\", \"x\": 0, \"y\": 0}", i ? ", " : "", i + 1,
            tj);
    }
    add(&t, "]}]}");
    write_text(name, &t);
}

static void set_budget(int64_t cells, int64_t bytes)
{
    akgl_TilemapBudget b = {cells, bytes};
    CHECK_OK(akgl_tilemap_set_budget(&b));
}

static void test_the_budget_and_its_defaults(void)
{
    akgl_TilemapBudget b = {0, 0};
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_OK(akgl_tilemap_get_budget(&b));
    CHECK(b.max_cells == AKGL_TILEMAP_MAX_MAP_CELLS && b.max_bytes == AKGL_TILEMAP_MAX_MAP_BYTES);
    set_budget(100, 0);
    CHECK_OK(akgl_tilemap_get_budget(&b));
    CHECK(b.max_cells == 100 && b.max_bytes == AKGL_TILEMAP_MAX_MAP_BYTES);
    akgl_TilemapBudget bad = {-1, 0};
    int status = test_status_of_(akgl_tilemap_set_budget(&bad), msg);
    CHECK_MSG(status == AKERR_OUTOFBOUNDS && strstr(msg, "cannot be negative"), "%d \"%s\"",
              status, msg);
    CHECK_OK(akgl_tilemap_get_budget(&b));
    CHECK(b.max_cells == 100); /* a refused budget changes nothing */
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    CHECK_OK(akgl_tilemap_get_budget(&b));
    CHECK(b.max_cells == AKGL_TILEMAP_MAX_MAP_CELLS && b.max_bytes == AKGL_TILEMAP_MAX_MAP_BYTES);
    status = test_status_of_(akgl_tilemap_get_budget(NULL), msg);
    CHECK(status == AKERR_NULLPOINTER);
}

/* Five layers of 4096 x 4096: each within AKGL_TILEMAP_MAX_LAYER_CELLS,
 * together over the map's cells. */
static void test_cells_of_all_layers(void)
{
    char path[PATH_MAX];
    sf_bind_renderer();
    finite_map("five_layers.tmj", 5, 4096, 4096, false);
    sf_path(path, "five_layers.tmj");
    tm_expect_refused(akgl_tilemap_load_json, path, AKERR_OUTOFBOUNDS,
                      "the map's tile layers would store 83886080 cells in all, more than its "
                      "budget of 67108864 cells", "(AKGL_TILEMAP_MAX_MAP_CELLS; "
                      "akgl_tilemap_set_budget raises it)");

    /* A game's own budget: refused under it, loaded at it. */
    finite_map("small.tmj", 2, 10, 10, true);
    sf_path(path, "small.tmj");
    set_budget(199, 0);
    tm_expect_refused(akgl_tilemap_load_json, path, AKERR_OUTOFBOUNDS, "200 cells in all",
                      "budget of 199 cells");
    set_budget(200, 0);
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_tilemap_load_json(path, &map));
    if (map != NULL) {
        CHECK(map->nlayers == 2 && map->layers[1].width == 10);
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    sf_unbind_renderer();
}

/* Infinite layers of two 1x1 chunks at opposite corners: counted by their
 * chunks' cells, which is what is stored, not by their bounding boxes. */
static void test_sparse_infinite_layers(void)
{
    char path[PATH_MAX];
    sf_bind_renderer();
    sparse_map("sparse.tmj", 5, 4096);
    sf_path(path, "sparse.tmj");
    set_budget(9, 0);
    tm_expect_refused(akgl_tilemap_load_json, path, AKERR_OUTOFBOUNDS,
                      "10 cells in all (the cells of their chunks), more than its budget of 9 "
                      "cells", "(AKGL_TILEMAP_MAX_MAP_CELLS");
    set_budget(10, 0);
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_tilemap_load_json(path, &map));
    if (map != NULL) {
        const akgl_TilemapLayer *l = &map->layers[4];
        CHECK(map->nlayers == 5 && l->nchunks == 2 && l->width == 4096 && l->height == 4096);
        CHECK(l->chunks[1].x == 4095 && l->chunks[1].y == 4095);
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    sf_unbind_renderer();
}

/* A template's properties are copied into each object that uses it: counted
 * before the objects are built. */
static void test_template_times_objects(void)
{
    char path[PATH_MAX];
    sf_bind_renderer();
    template_map("objects.tmj", "t100.tj", 100, 10);
    sf_path(path, "objects.tmj");
    set_budget(0, 64 * 1024);
    tm_expect_refused(akgl_tilemap_load_json, path, AKERR_OUTOFBOUNDS,
                      "layer 1 (\"o\"): 10 objects with 1000 custom properties",
                      "passes its budget of 65536 bytes (AKGL_TILEMAP_MAX_MAP_BYTES; "
                      "akgl_tilemap_set_budget raises it)");
    /* Raised, it loads, and every object has the template's properties. */
    set_budget(0, 1024 * 1024);
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_tilemap_load_json(path, &map));
    if (map != NULL) {
        CHECK(map->nlayers == 1 && map->layers[0].nobjects == 10);
        CHECK(tm_property_count(map->layers[0].objects[9].properties) == 100);
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    sf_unbind_renderer();
}

/* Every allocation is charged: a budget smaller than the map's names and
 * properties refuses it, whatever was being built. */
static void test_bytes_of_everything(void)
{
    char path[PATH_MAX];
    sf_bind_renderer();
    Text t = {0};
    add(&t, MAP_HEAD, 1, 1, "false");
    add(&t, "{\"type\": \"objectgroup\", \"id\": 1, \"name\": \"o\", \"properties\": [");
    for (int i = 0; i < 40; i++) {
        add(&t, "%s{\"name\": \"p%d\", \"type\": \"string\", \"value\": \"v\"}", i ? ", " : "", i);
    }
    add(&t, "]}]}");
    write_text("props.tmj", &t);
    sf_path(path, "props.tmj");
    set_budget(0, 2048);
    tm_expect_refused(akgl_tilemap_load_json, path, AKERR_OUTOFBOUNDS,
                      "a custom property: ", "pass its budget of 2048 bytes "
                      "(AKGL_TILEMAP_MAX_MAP_BYTES");
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    sf_unbind_renderer();
}

/* A .tmx naming one .tsx `refs` times, 16 tiles each, its cells showing a
 * tile of the last one. */
static void many_refs_map(const char *name, int refs)
{
    Text t = {0};
    add(&t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" "
        "orientation=\"orthogonal\" renderorder=\"right-down\" width=\"2\" height=\"1\" "
        "tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n");
    for (int i = 0; i < refs; i++) {
        add(&t, " <tileset firstgid=\"%d\" source=\"shared.tsx\"/>\n", 1 + 16 * i);
    }
    add(&t, " <layer id=\"1\" name=\"l\" width=\"2\" height=\"1\">\n  <data encoding=\"csv\">"
        "%d,2</data>\n </layer>\n</map>\n", 16 * (refs - 1) + 3);
    write_text(name, &t);
}

/* How many files a load opens (the fault switch counting, failing none). */
static long opens_of(const char *path, akgl_Tilemap **map)
{
    akgl_FaultReport rep = {0};
    CHECK_OK(akgl_fault_arm(AKGL_FAULT_OPEN, 0));
    CHECK_OK(akgl_tilemap_load_tmx(path, map));
    CHECK_OK(akgl_fault_disarm(&rep));
    return rep.events;
}

/* One tileset file named by many tilesets of a map is read and built once:
 * the 256-reference map opens as many files as the one-reference map. */
static void test_a_tileset_named_many_times(void)
{
    char one[PATH_MAX], many[PATH_MAX];
    const char *tsx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.10\" "
                      "name=\"shared\" tilewidth=\"16\" tilecount=\"16\" tileheight=\"16\" "
                      "columns=\"4\">\n <properties><property name=\"kind\" value=\"s\"/>"
                      "</properties>\n <image source=\"shared.png\" width=\"64\" height=\"64\"/>\n"
                      " <tile id=\"2\"><properties><property name=\"solid\" type=\"bool\" "
                      "value=\"true\"/></properties></tile>\n</tileset>\n";
    sf_bind_renderer();
    sf_copy(AKGL_TEST_ASSETS_DIR "/sheet_64x64_16.png", "shared.png");
    fx_write("shared.tsx", tsx, strlen(tsx));
    many_refs_map("one_ref.tmx", 1);
    many_refs_map("many_refs.tmx", AKGL_TILEMAP_MAX_TILESETS);
    sf_path(one, "one_ref.tmx");
    sf_path(many, "many_refs.tmx");

    SfCounts before = sf_counts_now();
    akgl_Tilemap *a = NULL, *b = NULL;
    long opens_one = opens_of(one, &a); /* the map, the .tsx, its image */
    if (a != NULL) {
        CHECK_OK(akgl_heap_release_tilemap(a)); /* so the second opens the image again */
    }
    long opens_many = opens_of(many, &b);
    CHECK_MSG(opens_one == opens_many && opens_one >= 2,
              "one reference opened %ld files, %d references %ld", opens_one,
              AKGL_TILEMAP_MAX_TILESETS, opens_many);
    if (b != NULL) {
        CHECK(b->ntilesets == AKGL_TILEMAP_MAX_TILESETS);
        const akgl_TilemapTileset *first = &b->tilesets[0];
        const akgl_TilemapTileset *last = &b->tilesets[b->ntilesets - 1];
        CHECK(last->firstgid == 1 + 16u * (AKGL_TILEMAP_MAX_TILESETS - 1));
        CHECK(strcmp(last->name, "shared") == 0 && last->tilecount == 16 && last->columns == 4);
        CHECK(strcmp(last->source, first->source) == 0);
        CHECK(last->sheet == first->sheet && last->sheet != NULL);
        /* the sheet: one reference per tileset entry */
        CHECK_MSG(first->sheet->refcount == AKGL_TILEMAP_MAX_TILESETS, "sheet refcount %d",
                  first->sheet->refcount);
        CHECK(SDL_GetStringProperty(last->properties, "kind", NULL) != NULL);
        uint32_t raw = 0;
        int index = -1;
        SDL_PropertiesID props = 0;
        CHECK_OK(akgl_tilemap_tile_at(b, 0, 0, 0, &raw));
        CHECK(raw == 16u * (AKGL_TILEMAP_MAX_TILESETS - 1) + 3);
        CHECK_OK(akgl_tilemap_tileset_for_gid(b, raw, &index));
        CHECK(index == AKGL_TILEMAP_MAX_TILESETS - 1);
        CHECK_OK(akgl_tilemap_tile_properties(b, raw, &props));
        CHECK(props != 0 && SDL_GetBooleanProperty(props, "solid", false));
        CHECK_OK(akgl_tilemap_tile_properties(b, 2, &props)); /* gid 2 is tileset 0's tile 1 */
        CHECK(props == 0);
        CHECK_OK(akgl_heap_release_tilemap(b));
    }
    SF_CHECK_COUNTS_UNCHANGED(before, "a tileset named many times");
    sf_unbind_renderer();
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_add_counters();
    RUN_TEST(test_the_budget_and_its_defaults);
    RUN_TEST(test_cells_of_all_layers);
    RUN_TEST(test_sparse_infinite_layers);
    RUN_TEST(test_template_times_objects);
    RUN_TEST(test_bytes_of_everything);
    RUN_TEST(test_a_tileset_named_many_times);
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
