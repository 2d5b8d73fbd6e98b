/*
 * The budget of a whole map load (akgl_tilemap_set_budget, docs/07): many
 * elements that each pass their own cap must not pass together. Each case
 * is checked for its status, a message naming the file, the count, the
 * budget and its macro, and for leaving nothing claimed (tm_expect_refused).
 * The maps are written into the scratch directory at run time.
 */
#define _XOPEN_SOURCE 700

#include "tilemap_fixture.h"


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
 * bounding boxes, which is what is stored. */
static void test_sparse_infinite_layers(void)
{
    char path[PATH_MAX];
    sf_bind_renderer();
    sparse_map("sparse.tmj", 5, 4096);
    sf_path(path, "sparse.tmj");
    tm_expect_refused(akgl_tilemap_load_json, path, AKERR_OUTOFBOUNDS,
                      "83886080 cells in all (an infinite layer stores its chunks' whole "
                      "bounding box)", "(AKGL_TILEMAP_MAX_MAP_CELLS");
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
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
