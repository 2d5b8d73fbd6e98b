/*
 * The showcase level (examples/assets/level1.tmj and tiles.tsj, written by
 * tools/mklevel.c) says what it means to say, in Tiled's JSON format:
 *
 * - an orthogonal map of 100 x 20 tiles of 16, one external tileset at
 *   firstgid 1 whose image is tiles.png at the size the tileset states;
 * - two image layers that scroll slower than the map (parallaxx < 1) and
 *   repeat across, over images that exist;
 * - tile layers of width x height global ids, each naming a tile of the
 *   tileset; every tile of "ground" is a floor of exactly one kind: solid
 *   (the typed bool property `solid`), a one-way floor (`one_way`: the
 *   planks) or a slope (int `slope_left` and `slope_right`, whole eighths
 *   of the tile); no tile of the layers behind it is any of them;
 * - animated water and torch tiles whose frames are tiles of the set, placed
 *   in the map;
 * - an "actors" object layer: one hero standing on a floor, slimes,
 *   bats and coins in open air, each object's `type` naming the character it
 *   spawns (akgl_tilemap_spawn_actors' rule), whose JSON file is in
 *   examples/assets; and one object "exit" (type "exit", no character) over
   the door, on the ground, which the platformer reads itself; and one
 *   object "lift" of type "platform" (no character either), a one-way
 *   platform with a path (dx, dy) and a speed, in open air all along it.
 *
 * The files are read with jansson and the images with SDL_image, and then
 * the whole level is loaded as a game would: akgl's own tilemap loader reads
 * it, its solid grid has the cell each ground tile's kind makes (and open
 * everywhere else), its platforms are the one lift, and spawning its
 * objects (after the showcase's sprites and characters) makes one actor per
 * object but the exit and the lift, the hero a knight; releasing the map gives everything back.
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

/* A tile's int property, or -1 when it has none of that name and type. */
static json_int_t tile_int(json_int_t id, const char *property)
{
    json_t *t = tile_entry(id);
    size_t i;
    json_t *p;
    json_array_foreach(t ? json_object_get(t, "properties") : NULL, i, p) {
        if (strcmp(sv(json_object_get(p, "name")), property) == 0 &&
            strcmp(sv(json_object_get(p, "type")), "int") == 0) {
            return json_integer_value(json_object_get(p, "value"));
        }
    }
    return -1;
}

/* The grid cell a tile makes (AKGL_CELL_*): a slope, a one-way floor, solid,
 * or open for a tile that is none of them. */
static uint8_t tile_cell(json_int_t id)
{
    json_int_t l = tile_int(id, "slope_left"), r = tile_int(id, "slope_right");
    if (l >= 0 && r >= 0) {
        return AKGL_CELL_SLOPE(l * 8 / TILE, r * 8 / TILE);
    }
    return tile_flag(id, "one_way") ? AKGL_CELL_ONE_WAY
           : tile_flag(id, "solid") ? AKGL_CELL_SOLID
                                    : AKGL_CELL_OPEN;
}

/* Any floor of the ground layer: solid, one-way or a slope. */
static bool solid_at(int x, int y)
{
    json_int_t gid = gid_at("ground", x, y);
    return gid > 0 && tile_cell(gid - 1) != AKGL_CELL_OPEN;
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
    int water = 0, torches = 0, solid = 0, one_way = 0, slopes = 0;
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
            /* One kind each: a slope's heights are whole eighths, and it is
             * not also solid or one-way; a one-way tile is not also solid. */
            bool is_solid = tile_flag(gid - 1, "solid"), is_one_way = tile_flag(gid - 1, "one_way");
            json_int_t l = tile_int(gid - 1, "slope_left"), r = tile_int(gid - 1, "slope_right");
            bool is_slope = l >= 0 || r >= 0;
            bool ground = strcmp(names[i], "ground") == 0;
            CHECK_MSG(is_solid + is_one_way + is_slope == (ground ? 1 : 0),
                      "%s (%zu, %zu): tile %lld is solid %d, one-way %d, a slope %d", names[i],
                      k % MAP_W, k / MAP_W, (long long)(gid - 1), is_solid, is_one_way, is_slope);
            if (is_slope) {
                CHECK_MSG(l >= 0 && l <= TILE && r >= 0 && r <= TILE && l % (TILE / 8) == 0 &&
                              r % (TILE / 8) == 0 && l != r,
                          "tile %lld: slope %lld to %lld", (long long)(gid - 1), (long long)l,
                          (long long)r);
            }
            solid += is_solid;
            one_way += is_one_way;
            slopes += is_slope;
            json_t *anim = json_object_get(tile_entry(gid - 1), "animation");
            if (anim != NULL) {
                water += json_array_size(anim) == 4 && tile_flag(gid - 1, "hazard");
                torches += json_array_size(anim) == 4 && !tile_flag(gid - 1, "hazard");
            }
        }
    }
    CHECK(solid > MAP_W * 3);
    CHECK_MSG(one_way >= 5, "%d one-way tiles", one_way);
    CHECK_MSG(slopes >= 6, "%d slope tiles (a 45 degree hill and a 22.5 degree one)", slopes);
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
    int heroes = 0, slimes = 0, bats = 0, coins = 0, exits = 0, platforms = 0;
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
        if (strcmp(type, "platform") == 0) {
            /* The lift: a one-way platform that moves, through open air. */
            platforms++;
            CHECK_STR_EQ(name, "lift");
            json_t *props = json_object_get(o, "properties");
            double dx = 0, dy = 0, speed = 0;
            bool one_way = false;
            size_t k;
            json_t *p;
            json_array_foreach(props, k, p) {
                const char *pn = sv(json_object_get(p, "name"));
                json_t *v = json_object_get(p, "value");
                dx = strcmp(pn, "dx") == 0 ? json_number_value(v) : dx;
                dy = strcmp(pn, "dy") == 0 ? json_number_value(v) : dy;
                speed = strcmp(pn, "speed") == 0 ? json_number_value(v) : speed;
                one_way = one_way || (strcmp(pn, "one_way") == 0 && json_is_true(v));
            }
            CHECK_MSG((dx != 0 || dy != 0) && speed > 0 && one_way,
                      "the lift: dx %g, dy %g, speed %g, one_way %d", dx, dy, speed, one_way);
            double w = json_number_value(json_object_get(o, "width"));
            double h = json_number_value(json_object_get(o, "height"));
            double px = json_number_value(json_object_get(o, "x"));
            double py = json_number_value(json_object_get(o, "y"));
            for (double sx = px; sx <= px + dx + w - 1; sx += 1) { /* its path, sampled */
                for (double sy = py; sy <= py + dy + h - 1; sy += 1) {
                    CHECK_MSG(!solid_at((int)(sx / TILE), (int)(sy / TILE)),
                              "the lift's path meets ground at (%g, %g)", sx, sy);
                }
            }
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
    CHECK_INT_EQ(platforms, 1);
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

        /* The cell each ground tile makes, and open everywhere else. */
        akgl_SolidGrid grid;
        CHECK_OK(akgl_tilemap_solid_grid(level, &grid));
        CHECK_INT_EQ(grid.cols, MAP_W);
        CHECK_INT_EQ(grid.rows, MAP_H);
        for (int y = 0; y < MAP_H && grid.cells != NULL; y++) {
            for (int x = 0; x < MAP_W; x++) {
                json_int_t gid = gid_at("ground", x, y);
                uint8_t want = gid > 0 ? tile_cell(gid - 1) : AKGL_CELL_OPEN;
                CHECK_MSG(grid.cells[y * MAP_W + x] == want && (gid == 0) == (want == 0),
                          "cell (%d, %d): %d, want %d (ground gid %lld)", x, y,
                          grid.cells[y * MAP_W + x], want, (long long)gid);
            }
        }

        /* The lift is the map's one platform, where the object says. */
        const akgl_Platform *platforms = NULL;
        int nplatforms = 0;
        CHECK_OK(akgl_tilemap_platforms(level, &platforms, &nplatforms));
        CHECK_INT_EQ(nplatforms, 1);
        if (nplatforms == 1) {
            CHECK(platforms[0].one_way && platforms[0].leg_steps > 0);
            CHECK(platforms[0].w > 0 && platforms[0].h > 0 &&
                  (platforms[0].dx != 0 || platforms[0].dy != 0));
        }

        /* One actor per object but the exit and the lift; the hero is a
         * knight where the map says. */
        int count = 0;
        CHECK_OK(akgl_tilemap_spawn_actors(level, &count));
        CHECK_INT_EQ(count,
                     (int)json_array_size(json_object_get(layer("actors"), "objects")) - 2);
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
