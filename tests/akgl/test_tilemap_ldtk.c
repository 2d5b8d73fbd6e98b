/*
 * LDtk levels into the tilemap model: tests/assets/tilemaps/ldtk/ (written
 * by tools/mkldtk.c, which describes the world). What each LDtk layer,
 * tile, IntGrid value, entity and field becomes; the level's place in its
 * world; the same model from a project that saves its levels apart; and
 * every refusal of bad/ (and of a bad level name or solid list), each with
 * its status, a message naming the file, the JSON path and the value, and
 * nothing left claimed.
 */
#define _XOPEN_SOURCE 700

#include "tilemap_fixture.h"

#include <limits.h>

#define LDTK(name) TM_DIR "/ldtk/" name

static const char *level_arg;
static const char *solid_arg;

static akerr_ErrorContext *load_with_args(const char *path, akgl_Tilemap **dest)
{
    return akgl_tilemap_load_ldtk(path, level_arg, solid_arg, dest);
}

static void refused(const char *name, int status, const char *n1, const char *n2)
{
    char path[PATH_MAX];
    snprintf(path, sizeof(path), "%s/ldtk/bad/%s.ldtk", TM_DIR, name);
    tm_expect_refused(akgl_tilemap_load, path, status, n1, n2);
}

static uint32_t cell(const akgl_Tilemap *map, int layer, int x, int y)
{
    uint32_t raw = 0xFFFFFFFFu;
    CHECK_OK(akgl_tilemap_tile_at(map, layer, x, y, &raw));
    return raw;
}

static void check_level0(const akgl_Tilemap *map, const char *file)
{
    char want[PATH_MAX + 16], real[PATH_MAX];
    CHECK(realpath(file, real) != NULL);
    snprintf(want, sizeof(want), "%s#Level_0", real);
    CHECK_STR_EQ(map->path, want);
    CHECK(map->orientation == AKGL_TILEMAP_ORTHOGONAL && !map->infinite);
    CHECK_INT_EQ(map->width, 8);
    CHECK_INT_EQ(map->height, 6);
    CHECK_INT_EQ(map->tilewidth, 8);
    CHECK_INT_EQ(map->tileheight, 8);
    CHECK(map->background.r == 0x20 && map->background.g == 0x40 && map->background.b == 0x60 &&
          map->background.a == 255);
    CHECK(SDL_GetNumberProperty(map->properties, "difficulty", 0) == 2);
    CHECK_STR_EQ(SDL_GetStringProperty(map->properties, "title", ""), "first");

    /* One tileset, the project's, its image relative to the project. */
    CHECK_INT_EQ(map->ntilesets, 1);
    if (map->ntilesets == 1) {
        const akgl_TilemapTileset *ts = &map->tilesets[0];
        CHECK_INT_EQ((int)ts->firstgid, 1);
        CHECK_STR_EQ(ts->name, "Tiles");
        CHECK_INT_EQ(ts->tilecount, 16);
        CHECK_INT_EQ(ts->columns, 4);
        CHECK(strstr(ts->image, "/tests/assets/tiles_32x32_8.png") != NULL);
        CHECK(ts->sheet != NULL);
    }

    /* Bottom first: Back, Walls, Front, Front#2 (the stacked tile), Entities. */
    static const char *const NAMES[] = {"Back", "Walls", "Front", "Front#2", "Entities"};
    CHECK_INT_EQ(map->nlayers, 5);
    if (map->nlayers != 5) {
        return;
    }
    for (int i = 0; i < 5; i++) {
        CHECK_STR_EQ(map->layers[i].name, NAMES[i]);
        CHECK(map->layers[i].kind == (i == 4 ? AKGL_TILEMAP_LAYER_OBJECTS
                                             : AKGL_TILEMAP_LAYER_TILES));
        CHECK(map->layers[i].visible);
        CHECK((map->layers[i].intgrid != NULL) == (i == 1));
        CHECK((map->layers[i].solid != NULL) == (i == 1));
    }
    CHECK(map->layers[0].opacity == 0.5f);
    CHECK(map->layers[1].opacity == 1.0f);
    /* Back */
    CHECK_INT_EQ((int)cell(map, 0, 0, 0), 1);
    CHECK_INT_EQ((int)cell(map, 0, 2, 0), 10);
    CHECK_INT_EQ((int)cell(map, 0, 0, 5), 1);
    CHECK_INT_EQ((int)cell(map, 0, 1, 0), 0);
    /* Walls: its auto-tiles, flipped in x on odd columns, and its values */
    CHECK(cell(map, 1, 2, 5) == 2u);
    CHECK(cell(map, 1, 3, 5) == (2u | AKGL_TILE_FLIP_H));
    CHECK(cell(map, 1, 7, 3) == 11u);
    int v = -1;
    CHECK_OK(akgl_tilemap_intgrid_at(map, 1, 4, 5, &v));
    CHECK_INT_EQ(v, 1);
    CHECK_OK(akgl_tilemap_intgrid_at(map, 1, 7, 3, &v));
    CHECK_INT_EQ(v, 2);
    CHECK_OK(akgl_tilemap_intgrid_at(map, 1, 0, 4, &v));
    CHECK_INT_EQ(v, 3);
    CHECK_OK(akgl_tilemap_intgrid_at(map, 1, 1, 1, &v));
    CHECK_INT_EQ(v, 0);
    CHECK_OK(akgl_tilemap_intgrid_at(map, 1, -1, 99, &v)); /* outside: empty */
    CHECK_INT_EQ(v, 0);
    CHECK(map->layers[1].solid[5 * 8 + 0] == AKGL_CELL_SOLID);
    CHECK(map->layers[1].solid[3 * 8 + 7] == AKGL_CELL_SOLID);
    CHECK(map->layers[1].solid[4 * 8 + 0] == AKGL_CELL_SOLID);
    CHECK(map->layers[1].solid[1 * 8 + 1] == AKGL_CELL_OPEN);
    /* Front: LDtk's flip bits */
    CHECK(cell(map, 2, 3, 3) == 16u);
    CHECK(cell(map, 2, 7, 2) == (3u | AKGL_TILE_FLIP_H));
    CHECK(cell(map, 2, 6, 2) == (4u | AKGL_TILE_FLIP_V));
    CHECK(cell(map, 2, 5, 1) == (6u | AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_V));
    CHECK(cell(map, 2, 1, 5) == 13u);
    CHECK(cell(map, 2, 0, 1) == 5u);
    CHECK(cell(map, 3, 0, 1) == 7u); /* stacked on it, a layer above */
    CHECK(cell(map, 3, 3, 3) == 0u);

    /* Entities: objects with their fields as properties */
    const akgl_TilemapLayer *e = &map->layers[4];
    CHECK_INT_EQ(e->nobjects, 2);
    if (e->nobjects == 2) {
        const akgl_TilemapObject *h = &e->objects[0], *s = &e->objects[1];
        CHECK_STR_EQ(h->name, "hero1");
        CHECK_STR_EQ(h->type, "hero");
        CHECK(h->x == 8.0f && h->y == 16.0f && h->width == 8.0f && h->height == 8.0f);
        CHECK(h->shape == AKGL_TILEMAP_SHAPE_RECTANGLE && h->gid == 0 && h->visible);
        CHECK(SDL_GetPropertyType(h->properties, "lives") == SDL_PROPERTY_TYPE_NUMBER);
        CHECK(SDL_GetNumberProperty(h->properties, "lives", 0) == 3);
        CHECK(SDL_GetPropertyType(h->properties, "speed") == SDL_PROPERTY_TYPE_FLOAT);
        CHECK(SDL_GetFloatProperty(h->properties, "speed", 0.0f) == 1.5f);
        CHECK(SDL_GetPropertyType(h->properties, "boss") == SDL_PROPERTY_TYPE_BOOLEAN);
        CHECK(!SDL_GetBooleanProperty(h->properties, "boss", true));
        CHECK_STR_EQ(SDL_GetStringProperty(h->properties, "tint", ""), "#FF0000");
        CHECK_STR_EQ(SDL_GetStringProperty(h->properties, "kind", ""), "Fast");
        CHECK_STR_EQ(SDL_GetStringProperty(h->properties, "name", ""), "hero1");
        /* a Point, an array and an empty field are not kept */
        CHECK(!SDL_HasProperty(h->properties, "spot"));
        CHECK(!SDL_HasProperty(h->properties, "friends"));
        CHECK(!SDL_HasProperty(h->properties, "note"));
        CHECK_INT_EQ(tm_property_count(h->properties), 6);
        CHECK_STR_EQ(s->name, "");
        CHECK_STR_EQ(s->type, "start");
        CHECK(s->x == 40.0f && s->y == 32.0f); /* px (44, 40), pivot (0.5, 1) */
        CHECK(s->properties == 0);
        CHECK(h->id != s->id);
    }

    /* Its world */
    const akgl_TilemapLevel *lv = NULL;
    CHECK_OK(akgl_tilemap_level(map, &lv));
    if (lv != NULL) {
        CHECK_STR_EQ(lv->identifier, "Level_0");
        CHECK_STR_EQ(lv->project, real);
        CHECK(lv->worldx == 0 && lv->worldy == 0 && lv->worlddepth == 0);
        CHECK(lv->pxwidth == 64 && lv->pxheight == 48);
        CHECK_STR_EQ(lv->iid, "a0b1c2d3-0000-4000-8000-000000000000");
        CHECK_INT_EQ(lv->nneighbours, 1);
        if (lv->nneighbours == 1) {
            CHECK_STR_EQ(lv->neighbours[0].identifier, "Level_1");
            CHECK_STR_EQ(lv->neighbours[0].iid, "a0b1c2d3-0001-4000-8000-000000000001");
            CHECK_STR_EQ(lv->neighbours[0].dir, "e");
        }
    }
}

static void test_world_model(void)
{
    sf_bind_renderer();
    TmCounts before = tm_counts_now();
    akgl_Tilemap *a = tm_load(akgl_tilemap_load, LDTK("world.ldtk"));
    level_arg = "Level_0";
    solid_arg = NULL;
    akgl_Tilemap *b = tm_load(load_with_args, LDTK("world_ext.ldtk"));
    if (a != NULL) {
        check_level0(a, LDTK("world.ldtk"));
    }
    if (b != NULL) {
        check_level0(b, LDTK("world_ext.ldtk"));
        const akgl_TilemapLevel *lv = NULL;
        CHECK_OK(akgl_tilemap_level(b, &lv));
        CHECK(lv != NULL && strstr(lv->file, "/world_ext/Level_0.ldtkl") != NULL);
    }
    if (a != NULL && b != NULL) {
        /* Saved apart or not, the same model; and one image, one sheet. */
        CHECK(a->tilesets[0].sheet == b->tilesets[0].sheet);
        for (int i = 0; i < a->nlayers && i < b->nlayers; i++) {
            tm_compare_layers(&a->layers[i], &b->layers[i], a->layers[i].name);
        }
    }
    /* Loaded again (by name or as the first level): the same map. */
    level_arg = NULL;
    akgl_Tilemap *again = tm_load(load_with_args, LDTK("world.ldtk"));
    CHECK(again == a);
    tm_release(again);
    /* The other level is another map. */
    level_arg = "Level_1";
    akgl_Tilemap *c = tm_load(load_with_args, LDTK("world.ldtk"));
    CHECK(c != NULL && c != a);
    if (c != NULL) {
        /* No tiles stacked there: Back, Walls, Front, Entities. */
        CHECK_INT_EQ(c->nlayers, 4);
        int e = -1;
        CHECK_OK(akgl_tilemap_layer_index(c, "Entities", &e));
        CHECK_INT_EQ(e, 3);
        if (e == 3 && c->layers[3].nobjects == 1) {
            CHECK_STR_EQ(c->layers[3].objects[0].type, "coin");
        } else {
            CHECK_MSG(false, "Level_1: no coin");
        }
        CHECK(c->layers[1].solid[5 * 8 + 3] == AKGL_CELL_SOLID);
        CHECK(c->layers[1].solid[4 * 8 + 3] == AKGL_CELL_OPEN);
        CHECK(c->properties == 0);
    }
    tm_release(c);
    tm_release(a);
    tm_release(b);
    TmCounts now = tm_counts_now();
    SF_CHECK_COUNTS_UNCHANGED(before.sf, "world");
    CHECK_INT_EQ(now.maps, before.maps);
    CHECK_INT_EQ(now.reg_maps, before.reg_maps);
    sf_unbind_renderer();
}

static void test_queries_refuse(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    sf_bind_renderer();
    akgl_Tilemap *a = tm_load(akgl_tilemap_load, LDTK("world.ldtk"));
    akgl_Tilemap *t = tm_load(akgl_tilemap_load, TM("draw/level.tmj"));
    int v = 0;
    const akgl_TilemapLevel *lv = NULL;
    if (a != NULL && t != NULL) {
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_level(t, &lv), msg), AKERR_VALUE);
        CHECK(strstr(msg, "level.tmj was not loaded from LDtk") != NULL);
        CHECK(lv == NULL);
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_level(NULL, &lv), msg), AKERR_NULLPOINTER);
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_level(a, NULL), msg), AKERR_NULLPOINTER);
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_intgrid_at(a, 2, 0, 0, &v), msg), AKERR_TYPE);
        CHECK(strstr(msg, "layer 2 (\"Front\") is not an LDtk IntGrid layer") != NULL);
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_intgrid_at(a, 5, 0, 0, &v), msg),
                     AKERR_OUTOFBOUNDS);
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_intgrid_at(a, -1, 0, 0, &v), msg),
                     AKERR_OUTOFBOUNDS);
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_intgrid_at(NULL, 1, 0, 0, &v), msg),
                     AKERR_NULLPOINTER);
        CHECK_INT_EQ(test_status_of_(akgl_tilemap_intgrid_at(a, 1, 0, 0, NULL), msg),
                     AKERR_NULLPOINTER);
        CHECK_INT_EQ(v, 0);
    }
    tm_release(a);
    tm_release(t);
    akgl_Tilemap *m = NULL;
    CHECK_INT_EQ(test_status_of_(akgl_tilemap_load_ldtk(NULL, NULL, NULL, &m), msg),
                 AKERR_NULLPOINTER);
    CHECK_INT_EQ(test_status_of_(akgl_tilemap_load_ldtk(LDTK("world.ldtk"), NULL, NULL, NULL),
                                 msg), AKERR_NULLPOINTER);
    CHECK(m == NULL);
    sf_unbind_renderer();
}

static void test_bad_files(void)
{
    sf_bind_renderer();
    refused("tile_past", AKERR_OUTOFBOUNDS, "levels[0].layerInstances[1].gridTiles[0].t is 16",
            "0..15 (the tiles of its tileset)");
    refused("off_grid", AKERR_VALUE, "levels[0].layerInstances[1].gridTiles[0].px is [3, 24]",
            "not on the layer's 8 px grid");
    refused("tile_outside", AKERR_OUTOFBOUNDS, "gridTiles[0].px is [64, 0]",
            "outside the level's 8 x 6 cells");
    refused("flip", AKERR_OUTOFBOUNDS, "gridTiles[0].f is 4", "0..3");
    refused("type_gridsize", AKERR_TYPE, "levels[0].layerInstances[1].__gridSize is a string "
            "(\"8\"), wanted an integer", NULL);
    refused("missing_type", AKERR_KEY, "levels[0].layerInstances[1].__type is missing", NULL);
    refused("layer_type", AKERR_VALUE, "levels[0].layerInstances[1].__type is \"Pixels\"",
            "IntGrid, Entities, Tiles and AutoLayer");
    refused("intgrid_length", AKERR_VALUE, "levels[0].layerInstances[2].intGridCsv has 47 "
            "values", "8 x 6 cells need 48");
    refused("intgrid_negative", AKERR_OUTOFBOUNDS, "levels[0].layerInstances[2].intGridCsv[0] is "
            "-1", NULL);
    refused("too_big", AKERR_OUTOFBOUNDS, "levels[0] is 65536 x 65536 px",
            "AKGL_TILEMAP_MAX_LAYER_CELLS");
    refused("tileset_missing", ENOENT, "image \"nothere.png\"", NULL);
    refused("tileset_uid", AKERR_KEY, "levels[0].layerInstances[3].__tilesetDefUid names "
            "tileset uid 99", NULL);
    refused("tileset_grid", AKERR_VALUE, "defs.tilesets[0].tileGridSize is 16",
            "the level's grid is 8 px");
    refused("atlas", AKERR_VALUE, "defs.tilesets[0].relPath is null", "embedded atlas");
    refused("neighbour_dir", AKERR_VALUE, "levels[0].__neighbours[0].dir is \"up\"", NULL);
    refused("neighbour_iid", AKERR_KEY, "levels[0].__neighbours[0].levelIid is "
            "\"ffffffff-0000-4000-8000-000000000000\"", "no level of the project has");
    refused("field_type", AKERR_TYPE, "entityInstances[0].fieldInstances[1].__value is a string "
            "(\"3\")", "\"Int\" (\"lives\") holds an integer");
    refused("notjson", AKERR_FORMAT, "notjson.ldtk:4:", NULL);
    refused("external_missing", ENOENT, "levels[0].externalRelPath \"gone/Level_0.ldtkl\"",
            NULL);
    tm_expect_refused(akgl_tilemap_load, LDTK("no_such.ldtk"), ENOENT, "no_such.ldtk", NULL);
    sf_unbind_renderer();
}

static void test_bad_arguments(void)
{
    sf_bind_renderer();
    level_arg = "Level_9";
    solid_arg = NULL;
    tm_expect_refused(load_with_args, LDTK("world.ldtk"), AKERR_KEY,
                      "the project has no level \"Level_9\"",
                      "(2 levels: \"Level_0\", \"Level_1\")");
    level_arg = NULL;
    solid_arg = "ground,lava";
    tm_expect_refused(load_with_args, LDTK("world.ldtk"), AKERR_KEY,
                      "no IntGrid value of defs.layers is called \"lava\"",
                      "\"ground\", \"water\", \"spikes\"");
    solid_arg = "ground,,water";
    tm_expect_refused(load_with_args, LDTK("world.ldtk"), AKERR_VALUE, "entry 2 is empty", NULL);
    solid_arg = "0";
    tm_expect_refused(load_with_args, LDTK("world.ldtk"), AKERR_OUTOFBOUNDS,
                      "an IntGrid value is 1..", NULL);
    solid_arg = NULL;
    /* A .ldtkl alone has no tilesets: not a project. */
    tm_expect_refused(load_with_args, LDTK("world_ext/Level_0.ldtkl"), AKERR_KEY,
                      "levels is missing", NULL);
    sf_unbind_renderer();
}

/* Over the budget's cells: refused before a cell is kept. */
static void test_budget(void)
{
    sf_bind_renderer();
    akgl_TilemapBudget small = {.max_cells = 100, .max_bytes = 0};
    CHECK_OK(akgl_tilemap_set_budget(&small));
    tm_expect_refused(akgl_tilemap_load, LDTK("world.ldtk"), AKERR_OUTOFBOUNDS,
                      "more than its budget of 100 cells", "AKGL_TILEMAP_MAX_MAP_CELLS");
    CHECK_OK(akgl_tilemap_set_budget(NULL));
    sf_unbind_renderer();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_world_model);
    RUN_TEST(test_queries_refuse);
    RUN_TEST(test_bad_files);
    RUN_TEST(test_bad_arguments);
    RUN_TEST(test_budget);
    return AKGL_TEST_END();
}
