/*
 * Tilemap loading: every feature of tests/assets/tilemaps/features.tmj
 * checked field by field, the same map in TMX giving the identical model,
 * the queries, sharing through the registries, release and unloading, and
 * 64 load/release cycles leaving every count where it was.
 */
#define _XOPEN_SOURCE 700

#include "tilemap_fixture.h"

static const uint32_t GROUND[6][8] = {
    {1, 2, 3, 4, 5, 6, 7, 8},
    {2147483649u, 1073741826u, 536870915u, 3758096388u, 17, 18, 33, 38},
    {42, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 2},
    {5, 5, 5, 5, 5, 5, 5, 5},
};

static void real(const char *path, char *out)
{
    if (realpath(path, out) == NULL) {
        fx_die("realpath", path);
    }
}

static bool color_is(SDL_Color c, int r, int g, int b, int a)
{
    return c.r == r && c.g == g && c.b == b && c.a == a;
}

#define CHECK_COLOR(c, R, G, B, A) \
    CHECK_MSG(color_is((c), (R), (G), (B), (A)), "%s is (%d,%d,%d,%d), wanted (%d,%d,%d,%d)", \
              #c, (c).r, (c).g, (c).b, (c).a, (R), (G), (B), (A))

static void check_map_header(const akgl_Tilemap *m)
{
    char path[PATH_MAX];
    CHECK_INT_EQ(m->refcount, 1);
    CHECK_INT_EQ(m->orientation, AKGL_TILEMAP_ORTHOGONAL);
    CHECK_INT_EQ(m->renderorder, AKGL_TILEMAP_LEFT_UP);
    CHECK_INT_EQ(m->width, 8);
    CHECK_INT_EQ(m->height, 6);
    CHECK_INT_EQ(m->tilewidth, 8);
    CHECK_INT_EQ(m->tileheight, 8);
    CHECK(!m->infinite);
    CHECK_COLOR(m->background, 0x10, 0x20, 0x30, 0xff);
    CHECK(m->parallaxoriginx == 4.0f);
    CHECK(m->parallaxoriginy == -2.0f);
    CHECK_STR_EQ(m->class_name, "level");
    SDL_PropertiesID p = m->properties;
    CHECK(p != 0);
    CHECK_INT_EQ(tm_property_count(p), 12);
    CHECK_INT_EQ(SDL_GetPropertyType(p, "boss"), SDL_PROPERTY_TYPE_NUMBER);
    CHECK_INT_EQ(SDL_GetNumberProperty(p, "boss", 0), 12);
    CHECK_STR_EQ(SDL_GetStringProperty(p, "glow", ""), "#ff00ff80");
    CHECK_INT_EQ(SDL_GetPropertyType(p, "gravity"), SDL_PROPERTY_TYPE_FLOAT);
    CHECK(SDL_GetFloatProperty(p, "gravity", 0) == 9.5f);
    CHECK_INT_EQ(SDL_GetPropertyType(p, "hard"), SDL_PROPERTY_TYPE_BOOLEAN);
    CHECK(SDL_GetBooleanProperty(p, "hard", false));
    CHECK_INT_EQ(SDL_GetNumberProperty(p, "lives", 0), 3);
    CHECK_STR_EQ(SDL_GetStringProperty(p, "music", ""), "music/theme.ogg");
    CHECK_STR_EQ(SDL_GetStringProperty(p, "notes", ""), "line one\nline two");
    CHECK_STR_EQ(SDL_GetStringProperty(p, "title", ""), "Features");
    /* a class, flattened: name.member, nested classes too */
    CHECK_INT_EQ(SDL_GetPropertyType(p, "spawn.x"), SDL_PROPERTY_TYPE_NUMBER);
    CHECK_INT_EQ(SDL_GetNumberProperty(p, "spawn.x", 0), 4);
    CHECK_INT_EQ(SDL_GetPropertyType(p, "spawn.y"), SDL_PROPERTY_TYPE_FLOAT);
    CHECK(SDL_GetFloatProperty(p, "spawn.y", 0) == 5.5f);
    CHECK_STR_EQ(SDL_GetStringProperty(p, "spawn.meta.tag", ""), "start");
    CHECK(SDL_GetBooleanProperty(p, "spawn.meta.on", false));
    CHECK_INT_EQ(SDL_GetPropertyType(p, "spawn"), SDL_PROPERTY_TYPE_INVALID);
    (void)path;
}

static void check_tilesets(const akgl_Tilemap *m)
{
    char terrain[PATH_MAX], props[PATH_MAX], tiles[PATH_MAX], s64[PATH_MAX], s192[PATH_MAX];
    real(TM("tilesets/terrain.tsj"), terrain);
    real(TM("tilesets/props.tsx"), props);
    real(SF_ASSETS "/tiles_32x32_8.png", tiles);
    real(SF_SHEET_64, s64);
    real(SF_SHEET_192, s192);
    CHECK_INT_EQ(m->ntilesets, 3);
    if (m->ntilesets != 3) {
        return;
    }
    /* an external JSON tileset in a sub-directory */
    const akgl_TilemapTileset *t = &m->tilesets[0];
    CHECK_INT_EQ(t->firstgid, 1);
    CHECK_STR_EQ(t->name, "terrain");
    CHECK_STR_EQ(t->class_name, "ground");
    CHECK_STR_EQ(t->source, terrain);
    CHECK_INT_EQ(t->tilecount, 16);
    CHECK_INT_EQ(t->columns, 4);
    CHECK_INT_EQ(t->tilewidth, 8);
    CHECK_INT_EQ(t->tileheight, 8);
    CHECK_INT_EQ(t->objectalignment, AKGL_TILEMAP_ALIGN_BOTTOMLEFT);
    CHECK(!t->collection);
    CHECK_STR_EQ(t->image, tiles);
    CHECK_INT_EQ(t->imagewidth, 32);
    CHECK(t->sheet != NULL && t->sheet == sf_sheet(tiles));
    CHECK_INT_EQ(t->idlimit, 16);
    CHECK_STR_EQ(SDL_GetStringProperty(t->properties, "biome", ""), "grass");
    CHECK_INT_EQ(t->ntiles, 3);
    if (t->ntiles == 3) {
        /* sorted by id whatever the file's order */
        CHECK_INT_EQ(t->tiles[0].id, 1);
        CHECK_INT_EQ(t->tiles[1].id, 4);
        CHECK_INT_EQ(t->tiles[2].id, 5);
        const akgl_TilemapTile *anim = &t->tiles[0];
        CHECK_INT_EQ(anim->nframes, 3);
        CHECK_INT_EQ(anim->duration, 600);
        if (anim->nframes == 3) {
            CHECK_INT_EQ(anim->frames[0].tileid, 1);
            CHECK_INT_EQ(anim->frames[0].duration, 100);
            CHECK_INT_EQ(anim->frames[2].tileid, 3);
            CHECK_INT_EQ(anim->frames[2].duration, 300);
        }
        CHECK_INT_EQ(anim->x, 8);
        CHECK_INT_EQ(anim->y, 0);
        CHECK_STR_EQ(t->tiles[1].type, "wall");
        CHECK(SDL_GetBooleanProperty(t->tiles[1].properties, "solid", false));
        CHECK_INT_EQ(SDL_GetNumberProperty(t->tiles[1].properties, "hp", 0), 3);
        CHECK_INT_EQ(t->tiles[1].x, 0);
        CHECK_INT_EQ(t->tiles[1].y, 8);
        CHECK(t->tiles[1].sheet == NULL);
        CHECK_STR_EQ(t->tiles[1].image, "");
    }
    /* an external XML tileset: margin, spacing, tile offset, Tiled 1.9 render size */
    t = &m->tilesets[1];
    CHECK_INT_EQ(t->firstgid, 17);
    CHECK_STR_EQ(t->name, "props");
    CHECK_STR_EQ(t->source, props);
    CHECK_INT_EQ(t->margin, 1);
    CHECK_INT_EQ(t->spacing, 2);
    CHECK_INT_EQ(t->tilewidth, 14);
    CHECK_INT_EQ(t->tileoffsetx, 2);
    CHECK_INT_EQ(t->tileoffsety, -3);
    CHECK_INT_EQ(t->tilerendersize, AKGL_TILEMAP_RENDER_GRID_SIZE);
    CHECK_INT_EQ(t->fillmode, AKGL_TILEMAP_FILL_PRESERVE_ASPECT);
    CHECK_STR_EQ(t->image, s64);
    CHECK(SDL_GetBooleanProperty(t->properties, "layered", false));
    CHECK_INT_EQ(t->ntiles, 1);
    if (t->ntiles == 1) {
        CHECK_STR_EQ(t->tiles[0].type, "crate");
        CHECK(SDL_GetFloatProperty(t->tiles[0].properties, "weight", 0) == 2.5f);
        /* tile 15: column 3, row 3: 1 + 3 * (14 + 2) */
        CHECK_INT_EQ(t->tiles[0].x, 49);
        CHECK_INT_EQ(t->tiles[0].y, 49);
    }
    /* an inline image collection with sparse ids */
    t = &m->tilesets[2];
    CHECK_INT_EQ(t->firstgid, 33);
    CHECK_STR_EQ(t->name, "pictures");
    CHECK_STR_EQ(t->source, "");
    CHECK(t->collection);
    CHECK(t->sheet == NULL);
    CHECK_STR_EQ(t->image, "");
    CHECK_INT_EQ(t->idlimit, 10);
    CHECK_INT_EQ(t->ntiles, 3);
    if (t->ntiles == 3) {
        CHECK_INT_EQ(t->tiles[0].id, 0);
        CHECK_STR_EQ(t->tiles[0].image, s64);
        CHECK(t->tiles[0].sheet == sf_sheet(s64));
        CHECK(t->tiles[0].sheet == m->tilesets[1].sheet); /* one sheet per image file */
        CHECK_INT_EQ(t->tiles[0].width, 64);
        CHECK_INT_EQ(t->tiles[0].height, 64);
        CHECK_INT_EQ(t->tiles[1].id, 5);
        CHECK_STR_EQ(t->tiles[1].type, "banner");
        CHECK_STR_EQ(t->tiles[1].image, s192);
        CHECK_INT_EQ(t->tiles[1].width, 192);
        CHECK_INT_EQ(t->tiles[2].id, 9);
        CHECK_INT_EQ(t->tiles[2].x, 8);
        CHECK_INT_EQ(t->tiles[2].y, 8);
        CHECK_INT_EQ(t->tiles[2].width, 16);
        CHECK_INT_EQ(t->tiles[2].height, 16);
        CHECK(t->tiles[2].sheet == m->tilesets[0].sheet);
    }
}

static void check_layers(const akgl_Tilemap *m)
{
    char s64[PATH_MAX];
    real(SF_SHEET_64, s64);
    CHECK_INT_EQ(m->nlayers, 5);
    if (m->nlayers != 5) {
        return;
    }
    const akgl_TilemapLayer *l = &m->layers[0];
    CHECK_INT_EQ(l->kind, AKGL_TILEMAP_LAYER_TILES);
    CHECK_INT_EQ(l->id, 1);
    CHECK_STR_EQ(l->name, "ground");
    CHECK_STR_EQ(l->class_name, "floor");
    CHECK(l->visible);
    CHECK(l->opacity == 1.0f);
    CHECK(l->parallaxx == 1.0f && l->parallaxy == 1.0f);
    CHECK_COLOR(l->tint, 255, 255, 255, 255);
    CHECK_INT_EQ(SDL_GetNumberProperty(l->properties, "depth", -1), 0);
    CHECK_INT_EQ(l->x0, 0);
    CHECK_INT_EQ(l->y0, 0);
    CHECK_INT_EQ(l->width, 8);
    CHECK_INT_EQ(l->height, 6);
    for (int y = 0; y < 6 && l->cells != NULL; y++) {
        for (int x = 0; x < 8; x++) {
            CHECK_MSG(l->cells[y * 8 + x] == GROUND[y][x], "ground (%d, %d): %u, wanted %u", x, y,
                      l->cells[y * 8 + x], GROUND[y][x]);
        }
    }
    /* in a group: every value folded through the group */
    l = &m->layers[1];
    CHECK_STR_EQ(l->name, "overlay");
    CHECK_INT_EQ(l->id, 3);
    CHECK(l->visible);
    CHECK(l->opacity == 0.25f);
    CHECK(l->offsetx == 6.0f && l->offsety == 8.0f);
    CHECK(l->parallaxx == 1.0f && l->parallaxy == 0.25f);
    CHECK_COLOR(l->tint, 255, 128, 128, 128);
    CHECK(l->properties == 0); /* the group's own properties are not the layer's */
    CHECK(l->cells != NULL && l->cells[0] == 17 && l->cells[7] == 24 && l->cells[8] == 0);
    /* two groups deep, the inner one hidden */
    l = &m->layers[2];
    CHECK_INT_EQ(l->kind, AKGL_TILEMAP_LAYER_IMAGE);
    CHECK_STR_EQ(l->name, "sky");
    CHECK(!l->visible);
    CHECK(l->opacity == 0.5f);
    CHECK(l->offsetx == 7.0f && l->offsety == 6.0f);
    CHECK(l->parallaxx == 0.5f && l->parallaxy == 1.0f);
    CHECK_COLOR(l->tint, 255, 128, 128, 255);
    CHECK_STR_EQ(l->image, s64);
    CHECK(l->sheet != NULL && l->sheet == sf_sheet(s64));
    CHECK_INT_EQ(l->imagewidth, 64);
    CHECK(l->repeatx);
    CHECK(!l->repeaty);
    CHECK(l->cells == NULL && l->nobjects == 0);

    l = &m->layers[3];
    CHECK_INT_EQ(l->kind, AKGL_TILEMAP_LAYER_OBJECTS);
    CHECK_STR_EQ(l->name, "things");
    CHECK_INT_EQ(l->draworder, AKGL_TILEMAP_DRAW_INDEX);
    CHECK_COLOR(l->color, 0xff, 0, 0, 0xa0);
    CHECK(SDL_GetBooleanProperty(l->properties, "spawns", false));
    CHECK_INT_EQ(l->nobjects, 10);

    l = &m->layers[4];
    CHECK_STR_EQ(l->name, "collision");
    CHECK(!l->visible);
    CHECK(SDL_GetBooleanProperty(l->properties, "solid", false));
    CHECK(l->cells != NULL && l->cells[40] == 1 && l->cells[39] == 0);
}

static void check_objects(const akgl_Tilemap *m)
{
    if (m->nlayers != 5 || m->layers[3].nobjects != 10) {
        return;
    }
    const akgl_TilemapObject *o = m->layers[3].objects;
    CHECK_INT_EQ(o[0].id, 1);
    CHECK_STR_EQ(o[0].name, "door");
    CHECK_STR_EQ(o[0].type, "trigger");
    CHECK(o[0].x == 8 && o[0].y == 16 && o[0].width == 16 && o[0].height == 8);
    CHECK_INT_EQ(o[0].shape, AKGL_TILEMAP_SHAPE_RECTANGLE);
    CHECK_INT_EQ(o[0].gid, 0);
    CHECK(o[0].visible);
    CHECK_INT_EQ(SDL_GetNumberProperty(o[0].properties, "target", 0), 7);
    CHECK_INT_EQ(SDL_GetPropertyType(o[0].properties, "locked"), SDL_PROPERTY_TYPE_BOOLEAN);

    CHECK_STR_EQ(o[1].type, "water"); /* Tiled 1.9's class */
    CHECK_INT_EQ(o[1].shape, AKGL_TILEMAP_SHAPE_ELLIPSE);
    CHECK(o[1].properties == 0);

    CHECK_STR_EQ(o[2].type, "hero");
    CHECK_INT_EQ(o[2].shape, AKGL_TILEMAP_SHAPE_POINT);
    CHECK(o[2].x == 4.5f && o[2].y == 40.25f);

    CHECK_INT_EQ(o[3].shape, AKGL_TILEMAP_SHAPE_POLYGON);
    CHECK_INT_EQ(o[3].npoints, 3);
    CHECK(o[3].npoints == 3 && o[3].points[2].x == 8 && o[3].points[2].y == 8);
    CHECK_STR_EQ(o[3].type, "");

    CHECK_INT_EQ(o[4].shape, AKGL_TILEMAP_SHAPE_POLYLINE);
    CHECK(o[4].npoints == 2 && o[4].points[1].x == 16 && o[4].points[1].y == 8.5f);

    CHECK_INT_EQ(o[5].shape, AKGL_TILEMAP_SHAPE_TEXT);
    CHECK_STR_EQ(o[5].text, "Hello");

    /* a tile object: raw gid with its flip, Tiled's bottom-left anchor kept */
    CHECK_STR_EQ(o[6].name, "chest");
    CHECK_INT_EQ(o[6].gid, 2147483653u);
    CHECK(o[6].x == 48 && o[6].y == 40);
    CHECK(o[6].rotation == 90);
    CHECK(!o[6].visible);

    /* a template (JSON) with a tile from the props tileset: renumbered */
    CHECK_INT_EQ(o[7].id, 8);
    CHECK_STR_EQ(o[7].name, "coin");
    CHECK_STR_EQ(o[7].type, "pickup");
    CHECK(o[7].x == 16 && o[7].y == 48 && o[7].width == 8 && o[7].height == 8);
    CHECK_INT_EQ(o[7].gid, 18);
    CHECK_INT_EQ(SDL_GetNumberProperty(o[7].properties, "value", 0), 25); /* its own wins */
    CHECK(SDL_GetBooleanProperty(o[7].properties, "shiny", false));   /* the template's */

    /* a template (XML) whose name the object overrides */
    CHECK_STR_EQ(o[8].name, "north sign");
    CHECK_STR_EQ(o[8].type, "sign");
    CHECK(o[8].x == 56 && o[8].y == 8 && o[8].width == 8 && o[8].height == 16);
    CHECK_STR_EQ(SDL_GetStringProperty(o[8].properties, "text", ""), "hi");
    CHECK_INT_EQ(o[8].gid, 0);

    CHECK_INT_EQ(SDL_GetNumberProperty(o[9].properties, "stats.hp", 0), 5);
    CHECK(SDL_GetFloatProperty(o[9].properties, "stats.speed", 0) == 1.5f);
}

static void test_features_json(void)
{
    sf_bind_renderer();
    akgl_Tilemap *m = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
    if (m != NULL) {
        char path[PATH_MAX];
        real(TM("features.tmj"), path);
        CHECK_STR_EQ(m->path, path);
        check_map_header(m);
        check_tilesets(m);
        check_layers(m);
        check_objects(m);
        void *found = NULL;
        CHECK_OK(akgl_registry_get(AKGL_REGISTRY_TILEMAP, "tilemap", path, &found));
        CHECK(found == m);
    }
    tm_release(m);
    sf_unbind_renderer();
}

static void test_features_tmx(void)
{
    sf_bind_renderer();
    akgl_Tilemap *m = tm_load(akgl_tilemap_load_tmx, TM("features.tmx"));
    if (m != NULL) {
        check_map_header(m);
        check_tilesets(m);
        check_layers(m);
        check_objects(m);
    }
    tm_release(m);
    sf_unbind_renderer();
}

static void test_same_model_both_formats(void)
{
    sf_bind_renderer();
    akgl_Tilemap *j = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
    akgl_Tilemap *x = tm_load(akgl_tilemap_load, TM("features.tmx"));
    if (j != NULL && x != NULL) {
        CHECK(j != x);
        tm_compare_maps(j, x);
    }
    tm_release(j);
    tm_release(x);
    sf_unbind_renderer();
}

static void test_registered_map_is_shared(void)
{
    sf_bind_renderer();
    akgl_Tilemap *a = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
    /* another spelling of the same file: the same map, one more reference */
    akgl_Tilemap *b = tm_load(akgl_tilemap_load_json, TM("tilesets/../features.tmj"));
    CHECK(a != NULL && a == b);
    if (a != NULL) {
        CHECK_INT_EQ(a->refcount, 2);
        CHECK_INT_EQ(akgl_test_tilemaps_(), 1);
    }
    tm_release(b);
    if (a != NULL) {
        CHECK_INT_EQ(a->refcount, 1);
        CHECK_INT_EQ(akgl_test_reg_tilemaps_(), 1);
    }
    tm_release(a);
    CHECK_INT_EQ(akgl_test_reg_tilemaps_(), 0);
    sf_unbind_renderer();
}

static void test_sheets_shared_with_sprites(void)
{
    char tiles[PATH_MAX];
    sf_bind_renderer();
    real(SF_ASSETS "/tiles_32x32_8.png", tiles);
    akgl_SpriteSheet *sheet = NULL;
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    CHECK_OK(akgl_spritesheet_initialize(sheet, 8, 8, tiles));
    akgl_Tilemap *m = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
    if (m != NULL && sheet != NULL) {
        /* terrain, the collection's tile 9: two references on the one sheet */
        CHECK(m->tilesets[0].sheet == sheet);
        CHECK_INT_EQ(sheet->refcount, 3);
    }
    tm_release(m);
    if (sheet != NULL) {
        CHECK_INT_EQ(sheet->refcount, 1);
        CHECK(sf_texture_alive(sheet->texture));
        CHECK_OK(akgl_heap_release_spritesheet(sheet));
    }
    sf_unbind_renderer();
}

static void test_queries(void)
{
    sf_bind_renderer();
    akgl_Tilemap *m = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
    if (m == NULL) {
        sf_unbind_renderer();
        return;
    }
    uint32_t raw = 99;
    CHECK_OK(akgl_tilemap_tile_at(m, 0, 3, 1, &raw));
    CHECK_INT_EQ(raw, 3758096388u);
    CHECK_OK(akgl_tilemap_tile_at(m, 0, 7, 5, &raw));
    CHECK_INT_EQ(raw, 5);
    raw = 99;
    CHECK_OK(akgl_tilemap_tile_at(m, 0, 8, 0, &raw));
    CHECK_INT_EQ(raw, 0);
    raw = 99;
    CHECK_OK(akgl_tilemap_tile_at(m, 0, -1, -1, &raw));
    CHECK_INT_EQ(raw, 0);
    raw = 99;
    CHECK_OK(akgl_tilemap_tile_at(m, 0, INT_MIN, INT_MAX, &raw));
    CHECK_INT_EQ(raw, 0);
    CHECK_STATUS_MSG(akgl_tilemap_tile_at(m, 5, 0, 0, &raw), AKERR_OUTOFBOUNDS, "layer 5");
    CHECK_STATUS(akgl_tilemap_tile_at(m, -1, 0, 0, &raw), AKERR_OUTOFBOUNDS);
    CHECK_STATUS_MSG(akgl_tilemap_tile_at(m, 3, 0, 0, &raw), AKERR_TYPE, "things");
    CHECK_STATUS(akgl_tilemap_tile_at(NULL, 0, 0, 0, &raw), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_tile_at(m, 0, 0, 0, NULL), AKERR_NULLPOINTER);

    int index = -1;
    CHECK_OK(akgl_tilemap_tileset_for_gid(m, 1, &index));
    CHECK_INT_EQ(index, 0);
    CHECK_OK(akgl_tilemap_tileset_for_gid(m, 16, &index));
    CHECK_INT_EQ(index, 0);
    CHECK_OK(akgl_tilemap_tileset_for_gid(m, 17, &index));
    CHECK_INT_EQ(index, 1);
    CHECK_OK(akgl_tilemap_tileset_for_gid(m, 3758096388u, &index)); /* flags ignored */
    CHECK_INT_EQ(index, 0);
    CHECK_OK(akgl_tilemap_tileset_for_gid(m, 38, &index));
    CHECK_INT_EQ(index, 2);
    index = -1;
    CHECK_STATUS_MSG(akgl_tilemap_tileset_for_gid(m, 0, &index), AKERR_KEY, "gid 0");
    CHECK_STATUS(akgl_tilemap_tileset_for_gid(m, AKGL_TILE_FLIP_H, &index), AKERR_KEY);
    CHECK_STATUS_MSG(akgl_tilemap_tileset_for_gid(m, 34, &index), AKERR_KEY, "gid 34");
    CHECK_STATUS(akgl_tilemap_tileset_for_gid(m, 43, &index), AKERR_KEY);
    CHECK_INT_EQ(index, -1);
    CHECK_STATUS(akgl_tilemap_tileset_for_gid(NULL, 1, &index), AKERR_NULLPOINTER);

    SDL_PropertiesID p = 99;
    CHECK_OK(akgl_tilemap_tile_properties(m, 5, &p));
    CHECK(p != 0 && SDL_GetBooleanProperty(p, "solid", false));
    CHECK_OK(akgl_tilemap_tile_properties(m, 5 | AKGL_TILE_FLIP_V, &p));
    CHECK(SDL_GetBooleanProperty(p, "solid", false));
    CHECK_OK(akgl_tilemap_tile_properties(m, 3, &p));
    CHECK(p == 0);
    CHECK_OK(akgl_tilemap_tile_properties(m, 42, &p));
    CHECK(SDL_GetBooleanProperty(p, "solid", false));
    CHECK_STATUS(akgl_tilemap_tile_properties(m, 0, &p), AKERR_KEY);
    CHECK_STATUS(akgl_tilemap_tile_properties(m, 1, NULL), AKERR_NULLPOINTER);

    CHECK_OK(akgl_tilemap_layer_index(m, "collision", &index));
    CHECK_INT_EQ(index, 4);
    CHECK_OK(akgl_tilemap_layer_index(m, "sky", &index));
    CHECK_INT_EQ(index, 2);
    CHECK_STATUS_MSG(akgl_tilemap_layer_index(m, "decor", &index), AKERR_KEY, "\"decor\"");
    CHECK_STATUS(akgl_tilemap_layer_index(m, NULL, &index), AKERR_NULLPOINTER);

    const akgl_TilemapTile *tile = NULL;
    CHECK_OK(akgl_tilemap_tileset_tile(&m->tilesets[0], 4, &tile));
    CHECK(tile != NULL && tile->id == 4);
    CHECK_OK(akgl_tilemap_tileset_tile(&m->tilesets[0], 7, &tile));
    CHECK(tile == NULL);
    CHECK_STATUS(akgl_tilemap_tileset_tile(NULL, 0, &tile), AKERR_NULLPOINTER);

    akgl_SpriteSheet *sheet = NULL;
    SDL_FRect src;
    CHECK_OK(akgl_tilemap_tileset_source(&m->tilesets[0], 6, &sheet, &src));
    CHECK(sheet == m->tilesets[0].sheet && src.x == 16 && src.y == 8 && src.w == 8 && src.h == 8);
    CHECK_OK(akgl_tilemap_tileset_source(&m->tilesets[1], 5, &sheet, &src));
    CHECK(src.x == 17 && src.y == 17 && src.w == 14 && src.h == 14); /* margin 1, spacing 2 */
    CHECK_OK(akgl_tilemap_tileset_source(&m->tilesets[2], 9, &sheet, &src));
    CHECK(sheet == m->tilesets[2].tiles[2].sheet && src.x == 8 && src.y == 8 && src.w == 16);
    CHECK_STATUS(akgl_tilemap_tileset_source(&m->tilesets[2], 3, &sheet, &src), AKERR_KEY);
    CHECK_STATUS(akgl_tilemap_tileset_source(&m->tilesets[0], 16, &sheet, &src), AKERR_KEY);
    CHECK_STATUS(akgl_tilemap_tileset_source(&m->tilesets[0], 0, NULL, &src), AKERR_NULLPOINTER);
    /* The source rectangle in 64 bits: tile 599,999 of 600,000 columns of
     * 4096-pixel tiles starts at x = 2,457,595,904, past INT_MAX (a copy of
     * a loaded tileset, changed as a game may change its own). No columns
     * at all is refused, not divided by. */
    akgl_TilemapTileset wide = m->tilesets[0];
    wide.columns = 600000;
    wide.tilewidth = 4096;
    wide.margin = 0;
    wide.spacing = 0;
    wide.idlimit = 600000;
    CHECK_OK(akgl_tilemap_tileset_source(&wide, 599999, &sheet, &src));
    CHECK_MSG(src.x == 2457595904.0f && src.y == 0.0f, "tile 599999 at %g, %g", (double)src.x,
              (double)src.y);
    wide.columns = 0;
    CHECK_STATUS_MSG(akgl_tilemap_tileset_source(&wide, 1, &sheet, &src), AKERR_VALUE,
                     "needs \"columns\" of at least 1 (it has 0)");
    tm_release(m);
    sf_unbind_renderer();
}

static void test_orientations(void)
{
    sf_bind_renderer();
    static const char *const pairs[][2] = {
        {"isometric.tmj", "isometric.tmx"},
        {"staggered.tmj", "staggered.tmx"},
        {"hexagonal.tmj", "hexagonal.tmx"},
    };
    for (size_t i = 0; i < SDL_arraysize(pairs); i++) {
        char a[PATH_MAX], b[PATH_MAX];
        snprintf(a, sizeof(a), "%s/%s", TM_DIR, pairs[i][0]);
        snprintf(b, sizeof(b), "%s/%s", TM_DIR, pairs[i][1]);
        akgl_Tilemap *j = tm_load(akgl_tilemap_load_json, a);
        akgl_Tilemap *x = tm_load(akgl_tilemap_load_tmx, b);
        if (j != NULL && x != NULL) {
            tm_compare_maps(j, x);
        }
        if (j != NULL) {
            switch (i) {
            case 0:
                CHECK_INT_EQ(j->orientation, AKGL_TILEMAP_ISOMETRIC);
                CHECK_INT_EQ(j->tilewidth, 16);
                CHECK_INT_EQ(j->tileheight, 8);
                break;
            case 1:
                CHECK_INT_EQ(j->orientation, AKGL_TILEMAP_STAGGERED);
                CHECK_INT_EQ(j->staggeraxis, AKGL_TILEMAP_STAGGER_X);
                CHECK_INT_EQ(j->staggerindex, AKGL_TILEMAP_STAGGER_EVEN);
                break;
            default: {
                uint32_t raw = 0;
                CHECK_INT_EQ(j->orientation, AKGL_TILEMAP_HEXAGONAL);
                CHECK_INT_EQ(j->hexsidelength, 6);
                CHECK_INT_EQ(j->staggeraxis, AKGL_TILEMAP_STAGGER_Y);
                CHECK_INT_EQ(j->staggerindex, AKGL_TILEMAP_STAGGER_ODD);
                /* the 120-degree bit is read and kept; every query works */
                CHECK_OK(akgl_tilemap_tile_at(j, 0, 1, 0, &raw));
                CHECK_INT_EQ(raw, AKGL_TILE_ROT_120 | 2u);
                int index = -1;
                CHECK_OK(akgl_tilemap_tileset_for_gid(j, raw, &index));
                CHECK_INT_EQ(index, 0);
                break;
            }
            }
        }
        tm_release(j);
        tm_release(x);
    }
    sf_unbind_renderer();
}

/* ------------------------------------------------------------------------ */
/* Encodings                                                                */
/* ------------------------------------------------------------------------ */

/* tools/mktilemaps.c's cell formulas. */
static uint32_t finite_cell(int x, int y)
{
    uint32_t v = (uint32_t)((x + 3 * y) % 17);
    if (v == 0) {
        return 0;
    }
    static const uint32_t flips[] = {0, AKGL_TILE_FLIP_H, AKGL_TILE_FLIP_V, AKGL_TILE_FLIP_D,
                                     AKGL_TILE_FLIP_H | AKGL_TILE_FLIP_V | AKGL_TILE_FLIP_D};
    return v | flips[(x * 7 + y) % 5];
}

static uint32_t infinite_cell(int x, int y)
{
    /* chunks (-16,-16), (16,-16), (-16,0), (0,0); nothing elsewhere */
    bool stored = (y >= -16 && y < 0 && ((x >= -16 && x < 0) || (x >= 16 && x < 32))) ||
                  (y >= 0 && y < 16 && x >= -16 && x < 16);
    if (!stored) {
        return 0;
    }
    int v = ((x + 64) * 5 + (y + 64) * 3) % 19;
    return v > 16 ? 0 : (uint32_t)v;
}

static void test_every_encoding(void)
{
    static const char *const encodings[] = {"csv", "base64", "zlib", "gzip", "zstd"};
    sf_bind_renderer();
    akgl_Tilemap *ref_finite = tm_load(akgl_tilemap_load_json, TM("enc/finite_csv.tmj"));
    akgl_Tilemap *ref_inf = tm_load(akgl_tilemap_load_json, TM("enc/infinite_csv.tmj"));
    if (ref_finite != NULL) {
        const akgl_TilemapLayer *l = &ref_finite->layers[0];
        CHECK_INT_EQ(l->width, 10);
        CHECK_INT_EQ(l->height, 7);
        for (int y = 0; y < 7; y++) {
            for (int x = 0; x < 10; x++) {
                uint32_t raw = 1;
                CHECK_OK(akgl_tilemap_tile_at(ref_finite, 0, x, y, &raw));
                CHECK_MSG(raw == finite_cell(x, y), "finite (%d, %d): %u, wanted %u", x, y, raw,
                          finite_cell(x, y));
            }
        }
    }
    if (ref_inf != NULL) {
        const akgl_TilemapLayer *l = &ref_inf->layers[0];
        CHECK(ref_inf->infinite);
        CHECK_INT_EQ(l->x0, -16);
        CHECK_INT_EQ(l->y0, -16);
        CHECK_INT_EQ(l->width, 48);
        CHECK_INT_EQ(l->height, 32);
        /* Stored as its four chunks, sorted by (y, x); no region of cells. */
        CHECK(l->cells == NULL && l->chunkwidth == 16 && l->chunkheight == 16);
        CHECK_INT_EQ(l->nchunks, 4);
        static const int at[4][2] = {{-16, -16}, {16, -16}, {-16, 0}, {0, 0}};
        for (int c = 0; c < 4 && c < l->nchunks; c++) {
            CHECK_MSG(l->chunks[c].x == at[c][0] && l->chunks[c].y == at[c][1],
                      "chunk %d at (%d, %d)", c, l->chunks[c].x, l->chunks[c].y);
        }
        for (int y = -20; y < 20; y++) {
            for (int x = -20; x < 36; x++) {
                uint32_t raw = 1;
                CHECK_OK(akgl_tilemap_tile_at(ref_inf, 0, x, y, &raw));
                CHECK_MSG(raw == infinite_cell(x, y), "infinite (%d, %d): %u, wanted %u", x, y,
                          raw, infinite_cell(x, y));
            }
        }
    }
    for (size_t e = 0; e < SDL_arraysize(encodings); e++) {
        for (int xml = 0; xml < 2; xml++) {
            for (int inf = 0; inf < 2; inf++) {
                char path[PATH_MAX];
                snprintf(path, sizeof(path), "%s/enc/%s_%s.%s", TM_DIR,
                         inf ? "infinite" : "finite", encodings[e], xml ? "tmx" : "tmj");
                akgl_Tilemap *m = tm_load(xml ? akgl_tilemap_load_tmx : akgl_tilemap_load_json,
                                          path);
                akgl_Tilemap *ref = inf ? ref_inf : ref_finite;
                if (m != NULL && ref != NULL && m != ref) {
                    tm_compare_maps(ref, m);
                }
                tm_release(m);
            }
        }
    }
    tm_release(ref_finite);
    tm_release(ref_inf);
    sf_unbind_renderer();
}

static void test_xml_cell_format(void)
{
    sf_bind_renderer();
    /* TMX's deprecated <tile gid=".."/> cells, and CSV with an empty
     * infinite layer */
    akgl_Tilemap *a = tm_load(akgl_tilemap_load_tmx, TM("xmlcells.tmx"));
    akgl_Tilemap *b = tm_load(akgl_tilemap_load_json, TM("xmlcells.tmj"));
    if (a != NULL && b != NULL) {
        tm_compare_maps(b, a);
        CHECK(a->layers[0].cells != NULL && a->layers[0].cells[3] == (AKGL_TILE_FLIP_H | 4u));
    }
    tm_release(a);
    tm_release(b);
    sf_unbind_renderer();
}

/* ------------------------------------------------------------------------ */
/* Release, unload, cycles                                                  */
/* ------------------------------------------------------------------------ */

static void test_release_errors(void)
{
    sf_bind_renderer();
    CHECK_STATUS(akgl_heap_release_tilemap(NULL), AKERR_NULLPOINTER);
    akgl_Tilemap *m = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
    tm_release(m);
    if (m != NULL) {
        /* already released: an error, not a second teardown */
        CHECK_STATUS(akgl_heap_release_tilemap(m), AKGL_ERR_HEAP);
    }
    akgl_Tilemap *slot = NULL;
    CHECK_STATUS(akgl_heap_next_tilemap(NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_next_tilemap(&slot));
    if (slot != NULL) {
        CHECK_INT_EQ(slot->refcount, 1);
        CHECK_OK(akgl_heap_release_tilemap(slot)); /* an empty map tears down too */
    }
    CHECK_STATUS(akgl_tilemap_load_json(NULL, &m), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_load_tmx(TM("features.tmx"), NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_load(NULL, &m), AKERR_NULLPOINTER);
    sf_unbind_renderer();
}

static void test_pool_full(void)
{
    akgl_Tilemap *slots[AKGL_MAX_HEAP_TILEMAP];
    int n = 0;
    sf_bind_renderer();
    for (n = 0; n < AKGL_MAX_HEAP_TILEMAP; n++) {
        if (test_status_of_(akgl_heap_next_tilemap(&slots[n]), NULL) != 0) {
            break;
        }
    }
    CHECK_INT_EQ(n, AKGL_MAX_HEAP_TILEMAP);
    tm_expect_refused(akgl_tilemap_load_json, TM("features.tmj"), AKGL_ERR_HEAP, "tilemap", NULL);
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_tilemap(slots[i]));
    }
    sf_unbind_renderer();
}

static void test_no_renderer(void)
{
    tm_expect_refused(akgl_tilemap_load_json, TM("features.tmj"), AKERR_BEHAVIOR,
                      "no renderer is bound", NULL);
}

static void test_unload(void)
{
    sf_bind_renderer();
    akgl_Tilemap *a = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
    akgl_Tilemap *b = tm_load(akgl_tilemap_load_tmx, TM("features.tmx"));
    akgl_Tilemap *c = tm_load(akgl_tilemap_load_tmx, TM("features.tmx"));
    CHECK(b == c);
    CHECK(a != NULL && akgl_test_tilemaps_() == 2);
    CHECK(akgl_test_sheets_() > 0);
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_TILEMAPS));
    CHECK_INT_EQ(akgl_test_tilemaps_(), 0);
    CHECK_INT_EQ(akgl_test_reg_tilemaps_(), 0);
    CHECK_INT_EQ(akgl_test_sheets_(), 0);
    sf_unbind_renderer();
}

static void test_cycles(void)
{
    sf_bind_renderer();
    TmCounts before = tm_counts_now();
    for (int i = 0; i < 64; i++) {
        akgl_Tilemap *j = tm_load(akgl_tilemap_load_json, TM("features.tmj"));
        akgl_Tilemap *x = tm_load(akgl_tilemap_load_tmx, TM("features.tmx"));
        akgl_Tilemap *e = tm_load(akgl_tilemap_load_tmx, TM("enc/infinite_zstd.tmx"));
        tm_release(j);
        tm_release(x);
        tm_release(e);
        if (j == NULL || x == NULL || e == NULL) {
            break;
        }
    }
    TmCounts after = tm_counts_now();
    SF_CHECK_COUNTS_UNCHANGED(before.sf, "64 load/release cycles");
    CHECK_INT_EQ(after.maps, before.maps);
    CHECK_INT_EQ(after.reg_maps, before.reg_maps);
    sf_unbind_renderer();
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_add_counters();
    RUN_TEST(test_features_json);
    RUN_TEST(test_features_tmx);
    RUN_TEST(test_same_model_both_formats);
    RUN_TEST(test_registered_map_is_shared);
    RUN_TEST(test_sheets_shared_with_sprites);
    RUN_TEST(test_queries);
    RUN_TEST(test_orientations);
    RUN_TEST(test_every_encoding);
    RUN_TEST(test_xml_cell_format);
    RUN_TEST(test_release_errors);
    RUN_TEST(test_pool_full);
    RUN_TEST(test_no_renderer);
    RUN_TEST(test_unload);
    RUN_TEST(test_cycles);
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
