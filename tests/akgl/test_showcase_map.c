/*
 * The showcase level (examples/assets/level1.tmj and tiles.tsj, written by
 * tools/mklevel.c) says what it means to say, in Tiled's JSON format:
 *
 * - an orthogonal map of 100 x 20 tiles of 16, one external tileset at
 *   firstgid 1 whose image is tiles.png at the size the tileset states;
 * - two image layers that scroll slower than the map (parallaxx < 1) and
 *   repeat across, over images that exist;
 * - tile layers of width x height global ids, each naming a tile of the
 *   tileset; every tile of "ground" is solid (the typed bool property
 *   `solid`), no tile of the layers behind it is;
 * - animated water and torch tiles whose frames are tiles of the set, placed
 *   in the map;
 * - an "actors" object layer: one hero standing on solid ground, slimes,
 *   bats and coins in open air, each object's `type` naming the character it
 *   spawns (akgl_tilemap_spawn_actors' rule), whose JSON file is in
 *   examples/assets; and one object "exit" (type "exit", no character) over
 *   the door, on the ground, which the platformer reads itself.
 *
 * The files are read with jansson and the images with SDL_image, and then
 * the whole level is loaded as a game would: akgl's own tilemap loader reads
 * it, its solid grid has a cell for every ground tile, and spawning its
 * objects (after the showcase's sprites and characters) makes one actor per
 * object but the exit, the hero a knight; releasing the map gives everything back.
 */
#define _XOPEN_SOURCE 700

#include <akgl/actor.h>
#include <akgl/game.h>
#include <akgl/tilemap.h>

#include <jansson.h>

#include "../../tools/art_tiles.h" /* the tileset's layout: T_DOOR */
#include "sprite_fixture.h"

#ifndef AKGL_EXAMPLES_ASSETS_DIR
#error "AKGL_EXAMPLES_ASSETS_DIR must name examples/assets"
#endif

#define DIR AKGL_EXAMPLES_ASSETS_DIR "/"
#define MAP_W 100
#define MAP_H 20
#define TILE 16

static json_t *map, *tileset;

/* A string's value, or "" for anything else. */
static const char *sv(const json_t *j)
{
    const char *s = json_string_value(j);
    return s != NULL ? s : "";
}

static json_t *load(const char *path)
{
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    if (root == NULL) {
        fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.text);
    }
    return root;
}

static json_t *layer(const char *name)
{
    size_t i;
    json_t *l;
    json_array_foreach(json_object_get(map, "layers"), i, l) {
        if (strcmp(sv(json_object_get(l, "name")), name) == 0) {
            return l;
        }
    }
    return NULL;
}

/* The tile entry of local id `id` in the tileset, or NULL. */
static json_t *tile_entry(json_int_t id)
{
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(tileset, "tiles"), i, t) {
        if (json_integer_value(json_object_get(t, "id")) == id) {
            return t;
        }
    }
    return NULL;
}

static bool tile_flag(json_int_t id, const char *property)
{
    json_t *t = tile_entry(id);
    size_t i;
    json_t *p;
    json_array_foreach(t ? json_object_get(t, "properties") : NULL, i, p) {
        if (strcmp(sv(json_object_get(p, "name")), property) == 0) {
            return strcmp(sv(json_object_get(p, "type")), "bool") == 0 &&
                   json_is_true(json_object_get(p, "value"));
        }
    }
    return false;
}

static json_int_t gid_at(const char *layer_name, int x, int y)
{
    json_t *l = layer(layer_name);
    if (x < 0 || x >= MAP_W || y < 0 || y >= MAP_H || l == NULL) {
        return 0;
    }
    return json_integer_value(json_array_get(json_object_get(l, "data"), (size_t)(y * MAP_W + x)));
}

static bool solid_at(int x, int y)
{
    json_int_t gid = gid_at("ground", x, y);
    return gid > 0 && tile_flag(gid - 1, "solid");
}

static void test_the_map_and_its_tileset(void)
{
    CHECK_STR_EQ(json_string_value(json_object_get(map, "type")), "map");
    CHECK_STR_EQ(json_string_value(json_object_get(map, "orientation")), "orthogonal");
    CHECK_INT_EQ(json_integer_value(json_object_get(map, "width")), MAP_W);
    CHECK_INT_EQ(json_integer_value(json_object_get(map, "height")), MAP_H);
    CHECK_INT_EQ(json_integer_value(json_object_get(map, "tilewidth")), TILE);
    CHECK_INT_EQ(json_integer_value(json_object_get(map, "tileheight")), TILE);
    CHECK(json_is_false(json_object_get(map, "infinite")));
    json_t *ts = json_array_get(json_object_get(map, "tilesets"), 0);
    CHECK_INT_EQ(json_array_size(json_object_get(map, "tilesets")), 1);
    CHECK_INT_EQ(json_integer_value(json_object_get(ts, "firstgid")), 1);
    CHECK_STR_EQ(json_string_value(json_object_get(ts, "source")), "tiles.tsj");

    CHECK_STR_EQ(json_string_value(json_object_get(tileset, "type")), "tileset");
    CHECK_STR_EQ(json_string_value(json_object_get(tileset, "image")), "tiles.png");
    SDL_Surface *img = IMG_Load(DIR "tiles.png");
    CHECK(img != NULL);
    if (img != NULL) {
        CHECK_INT_EQ(img->w, json_integer_value(json_object_get(tileset, "imagewidth")));
        CHECK_INT_EQ(img->h, json_integer_value(json_object_get(tileset, "imageheight")));
        int columns = (int)json_integer_value(json_object_get(tileset, "columns"));
        CHECK_INT_EQ(columns, img->w / TILE);
        CHECK_INT_EQ(json_integer_value(json_object_get(tileset, "tilecount")),
                     columns * (img->h / TILE));
        SDL_DestroySurface(img);
    }
    /* The map's music is a file beside it. */
    json_t *prop = json_array_get(json_object_get(map, "properties"), 0);
    CHECK_STR_EQ(json_string_value(json_object_get(prop, "name")), "music");
    CHECK_STR_EQ(json_string_value(json_object_get(prop, "type")), "file");
    CHECK(SDL_GetPathInfo(DIR "sounds/music.ogg", NULL));
}

static void test_parallax_backgrounds(void)
{
    static const char *const names[] = {"sky", "hills"};
    for (size_t i = 0; i < SDL_arraysize(names); i++) {
        json_t *l = layer(names[i]);
        CHECK_MSG(l != NULL, "no layer \"%s\"", names[i]);
        if (l == NULL) {
            continue;
        }
        CHECK_STR_EQ(json_string_value(json_object_get(l, "type")), "imagelayer");
        double px = json_number_value(json_object_get(l, "parallaxx"));
        CHECK_MSG(px > 0.0 && px < 1.0, "%s: parallaxx %g", names[i], px);
        CHECK(json_is_true(json_object_get(l, "repeatx")));
        char path[PATH_MAX];
        snprintf(path, sizeof(path), DIR "%s", json_string_value(json_object_get(l, "image")));
        SDL_Surface *img = IMG_Load(path);
        CHECK_MSG(img != NULL, "%s: cannot load %s", names[i], path);
        if (img != NULL) {
            CHECK_INT_EQ(img->w, 320); /* the logical screen's width: it wraps */
            SDL_DestroySurface(img);
        }
    }
    /* the far layer scrolls slower than the near one */
    CHECK(json_number_value(json_object_get(layer("sky"), "parallaxx")) <
          json_number_value(json_object_get(layer("hills"), "parallaxx")));
}

static void test_tile_layers(void)
{
    json_int_t count = json_integer_value(json_object_get(tileset, "tilecount"));
    static const char *const names[] = {"backdrop", "decoration", "ground"};
    int water = 0, torches = 0, solid = 0;
    for (size_t i = 0; i < SDL_arraysize(names); i++) {
        json_t *l = layer(names[i]);
        CHECK_MSG(l != NULL, "no layer \"%s\"", names[i]);
        if (l == NULL) {
            continue;
        }
        CHECK_STR_EQ(json_string_value(json_object_get(l, "type")), "tilelayer");
        CHECK_STR_EQ(json_string_value(json_object_get(l, "encoding")), "csv");
        json_t *data = json_object_get(l, "data");
        CHECK_INT_EQ(json_array_size(data), MAP_W * MAP_H);
        size_t k;
        json_t *g;
        json_array_foreach(data, k, g) {
            json_int_t gid = json_integer_value(g);
            CHECK_MSG(json_is_integer(g) && gid >= 0 && gid <= count,
                      "%s[%zu] is %lld; the tileset has %lld tiles", names[i], k, (long long)gid,
                      (long long)count);
            if (gid == 0) {
                continue;
            }
            bool is_solid = tile_flag(gid - 1, "solid");
            bool ground = strcmp(names[i], "ground") == 0;
            CHECK_MSG(is_solid == ground, "%s (%zu, %zu): tile %lld is %ssolid", names[i],
                      k % MAP_W, k / MAP_W, (long long)(gid - 1), is_solid ? "" : "not ");
            solid += is_solid;
            json_t *anim = json_object_get(tile_entry(gid - 1), "animation");
            if (anim != NULL) {
                water += json_array_size(anim) == 4 && tile_flag(gid - 1, "hazard");
                torches += json_array_size(anim) == 4 && !tile_flag(gid - 1, "hazard");
            }
        }
    }
    CHECK(solid > MAP_W * 3);
    CHECK_MSG(water >= 6, "%d animated water tiles", water);
    CHECK_MSG(torches >= 3, "%d animated torches", torches);

    /* Every animation frame is a tile of the set, held a while. */
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(tileset, "tiles"), i, t) {
        size_t f;
        json_t *frame;
        json_array_foreach(json_object_get(t, "animation"), f, frame) {
            json_int_t id = json_integer_value(json_object_get(frame, "tileid"));
            CHECK(id >= 0 && id < count);
            CHECK(json_integer_value(json_object_get(frame, "duration")) > 0);
        }
    }
}

static void test_actors(void)
{
    json_t *l = layer("actors");
    CHECK(l != NULL);
    CHECK_STR_EQ(json_string_value(json_object_get(l, "type")), "objectgroup");
    int heroes = 0, slimes = 0, bats = 0, coins = 0, exits = 0;
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(l, "objects"), i, o) {
        const char *type = json_string_value(json_object_get(o, "type"));
        const char *name = json_string_value(json_object_get(o, "name"));
        int x = (int)json_integer_value(json_object_get(o, "x")) / TILE;
        int y = (int)json_integer_value(json_object_get(o, "y")) / TILE;
        CHECK(type != NULL && name != NULL);
        if (type == NULL || name == NULL) {
            continue;
        }
        if (strcmp(type, "exit") == 0) {
            /* The door: names no character, so spawning leaves it to the game. */
            exits++;
            CHECK_STR_EQ(name, "exit");
            CHECK_MSG(gid_at("decoration", x, y) == T_DOOR + 1, "the exit at (%d, %d) is not "
                      "over the door", x, y);
            CHECK_MSG(solid_at(x, y + 1), "the exit at (%d, %d) is not on the ground", x, y);
            continue;
        }
        bool hero = strcmp(name, "hero") == 0;
        heroes += hero;
        if (hero) {
            CHECK_STR_EQ(type, "knight");
        }
        slimes += strcmp(type, "slime") == 0;
        bats += strcmp(type, "bat") == 0;
        coins += strcmp(type, "coin") == 0;
        CHECK_MSG(!solid_at(x, y), "%s is inside a solid tile at (%d, %d)", name, x, y);
        if (hero || strcmp(type, "slime") == 0) {
            CHECK_MSG(solid_at(x, y + 1), "%s at (%d, %d) does not stand on the ground", name, x,
                      y);
        }
        /* The type is a character of the showcase: <type>.json, named so. */
        char path[PATH_MAX];
        snprintf(path, sizeof(path), DIR "%s.json", type);
        json_t *c = load(path);
        CHECK_MSG(c != NULL && json_object_get(c, "sprite_mappings") != NULL &&
                      strcmp(sv(json_object_get(c, "name")), type) == 0,
                  "%s: %s is not the character \"%s\"", name, path, type);
        json_decref(c);
    }
    CHECK_INT_EQ(heroes, 1);
    CHECK_INT_EQ(exits, 1);
    CHECK(slimes >= 2);
    CHECK(bats >= 2);
    CHECK(coins >= 20);
}

/* The files the level's characters need, sprites first. */
static const char *const SHOWCASE_FILES[] = {
    "slime_hop", "slime_squashed", "slime_hurt", "bat_flap", "bat_hurt", "bat_dead",
    "coin_spin", "coin_sparkle", "knight", "slime", "bat", "coin",
};
#define SHOWCASE_SPRITES 8 /* the knight's are inline in knight.json */

static void test_the_game_loads_the_level(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    for (size_t i = 0; i < SDL_arraysize(SHOWCASE_FILES); i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof(path), DIR "%s.json", SHOWCASE_FILES[i]);
        int status = test_status_of_(i < SHOWCASE_SPRITES ? akgl_sprite_load_json(path)
                                                          : akgl_character_load_json(path),
                                     msg);
        CHECK_MSG(status == 0, "%s: %s", path, msg);
    }

    akgl_Tilemap *level = NULL;
    int status = test_status_of_(akgl_tilemap_load(DIR "level1.tmj", &level), msg);
    CHECK_MSG(status == 0 && level != NULL, "level1.tmj does not load: %s", msg);
    if (level != NULL) {
        CHECK_INT_EQ(level->width, MAP_W);
        CHECK_INT_EQ(level->height, MAP_H);
        CHECK_INT_EQ(level->nlayers, 6);
        CHECK_INT_EQ(level->ntilesets, 1);
        int ground = -1;
        CHECK_OK(akgl_tilemap_layer_index(level, "ground", &ground));

        /* A solid cell for every ground tile, and nowhere else. */
        akgl_SolidGrid grid;
        CHECK_OK(akgl_tilemap_solid_grid(level, &grid));
        CHECK_INT_EQ(grid.cols, MAP_W);
        CHECK_INT_EQ(grid.rows, MAP_H);
        for (int y = 0; y < MAP_H && grid.cells != NULL; y++) {
            for (int x = 0; x < MAP_W; x++) {
                CHECK_MSG((grid.cells[y * MAP_W + x] != 0) == (gid_at("ground", x, y) != 0),
                          "cell (%d, %d): solid %d, ground gid %lld", x, y,
                          grid.cells[y * MAP_W + x], (long long)gid_at("ground", x, y));
            }
        }

        /* One actor per object but the exit; the hero is a knight where the map
         * says. */
        int count = 0;
        CHECK_OK(akgl_tilemap_spawn_actors(level, &count));
        CHECK_INT_EQ(count,
                     (int)json_array_size(json_object_get(layer("actors"), "objects")) - 1);
        void *hero = NULL;
        CHECK_OK(akgl_registry_require(AKGL_REGISTRY_ACTOR, "actor", "hero", &hero));
        if (hero != NULL) {
            akgl_Actor *a = hero;
            CHECK_STR_EQ(a->basechar->name, "knight");
            CHECK(a->x == 48.0f && a->y == 224.0f);
        }
        CHECK_OK(akgl_heap_release_tilemap(level)); /* its actors go with it */
    }
    CHECK_INT_EQ(akgl_test_reg_actors_(), 0);

    for (size_t i = SDL_arraysize(SHOWCASE_FILES); i-- > SHOWCASE_SPRITES;) {
        akgl_Character *c = sf_character(SHOWCASE_FILES[i]);
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
    }
    /* The sprites are the game's: given back as a level change does. */
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_SPRITES));
}

int main(void)
{
    map = load(DIR "level1.tmj");
    tileset = load(DIR "tiles.tsj");
    if (map == NULL || tileset == NULL) {
        return 1;
    }
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_the_map_and_its_tileset);
    RUN_TEST(test_parallax_backgrounds);
    RUN_TEST(test_tile_layers);
    RUN_TEST(test_actors);
    RUN_TEST(test_the_game_loads_the_level);
    sf_unbind_renderer();
    int rc = AKGL_TEST_END();
    sf_end();
    json_decref(map);
    json_decref(tileset);
    return rc;
}
