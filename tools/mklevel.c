/*
 * akgl_mklevel: writes the showcase's two levels as Tiled maps.
 *
 *   akgl_mklevel DIR     write tiles.tsj, level1.tmj and level2.tmj into DIR
 *                        (examples/assets/)
 *
 * tiles.tsj is an external Tiled tileset (JSON) over tiles.png, whose layout
 * is tools/art_tiles.h: every terrain, wall and crate tile carries the
 * typed custom property `solid` (bool, true), the planks `one_way` (bool,
 * true: one-way floors), the grass slopes `slope_left` and `slope_right`
 * (int, px), spikes and water carry
 * `hazard` (bool, true), and the water and the torch are animated (Tiled's
 * per-tile `animation`).
 *
 * level1.tmj (100 x 20 tiles) and level2.tmj (50 x 20) are orthogonal maps of
 * tiles of 16 pixels, their tile layers in CSV encoding (JSON arrays of global
 * tile ids). Their layers,
 * bottom to top:
 *   sky         image layer, sky.png, parallax 0.1 x 0, repeated across
 *   hills       image layer, hills.png, parallax 0.35 x 0, repeated across
 *   backdrop    the castle's back wall
 *   decoration  tiles drawn behind the actors: windows, torches, chains, the
 *               door, water, trees, bushes, signs, spikes
 *   ground      the solid tiles: terrain, planks, castle walls, crates
 *   actors      object layer: rectangles of 16 x 16 whose `type` is the
 *               character each spawns (akgl_tilemap_spawn_actors' rule):
 *               "knight" (the one object named "hero"), "slime", "bat" or
 *               "coin" (named "slime 1", "coin 12", ...), the characters of
 *               tools/mkart.c; and one named "exit" of type "exit" over the
 *               door, which names no character: the game finds it itself;
 *               and in level 1 one named "lift" of type "platform", a
 *               moving one-way platform (its properties dx, dy, speed,
 *               one_way; the physics moves it, the game draws it)
 * and a map property `music` (file) naming sounds/music.ogg.
 *
 * Each level is drawn below as text, one character a tile; the terrain's edges
 * and corners are chosen from each tile's neighbours (autotiling), so the map
 * is edited here, not tile by tile. jansson writes the files with their keys
 * in insertion order, so the bytes are the same on every run; the test
 * `akgl_level_files` checks that the committed files are what this writes
 * (`cmake --build build --target akgl_level_map` rewrites them).
 */
#include <akerror.h>

#include <SDL3/SDL.h>
#include <jansson.h>

#include <stdio.h>
#include <string.h>

#include "art_tiles.h"
#include "json_file.h"

#define LEVEL_H 20

/*
 * The first level. Solid: G grass on dirt, S stone, # castle wall, C crate.
 * One-way floors (jump up through, drop down through): = planks. Grass
 * slopes: / 45 degrees up, \ 45 degrees down, 1 2 22.5 degrees up over two
 * tiles, 3 4 22.5 degrees down over two. Behind: k castle wall, w window,
 * D door, ~ water, ^ spikes,
 * * torch, c chain, T tree trunk, A tree top, b bush, f flowers, t tuft,
 * r rock, s sign, n fence, m mushroom. Actors (on open air): H hero,
 * L slime, V bat, o coin. The door D is also the object "exit" (type "exit",
 * which names no character: the game reads it). Outside the map counts as
 * solid ground. Level 1 also has one moving platform, LIFT below.
 */
static const char *const LEVEL1[LEVEL_H] = {
    "....................................................................................................",
    "....................................................................................................",
    "....................................................................................................",
    "....................................................................................................",
    "....................................................................................................",
    "....................................................................................................",
    "......................................................V.............................................",
    "................................................................##################..................",
    ".....................................................oooo.......kkkkkkkkkkkkkkkkkk.............o.o..",
    ".....................................................GGGG.......kkckkkkkkkkkkckkkk..............A...",
    "....................o.o.....V...................................kkwkkkwkkkwkkkwkkk........o.o...T.s.",
    ".................................ooo.....o................ooo...kkkk*kkk*kkkVkkk*k............GGGGGG",
    ".........ooo......b..f.r...ooo..=====...........SSSS............kkkokkokkkkokkkkkk........mt..GGGGGG",
    ".....A......../GGGGGGGGGG................C......SSSS.....=====..kkkkkSSSkkkkkkkkkk.......GGGGGGGGGGG",
    "..fH.T.12G34s/GGGGGGGGGGG..===...t..L.f.CC.m..nnSSSS.r..........kkkkkSSSkLkkkkkkkD..b.fL.GGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGG......GGGGGGGGGGGGGGGGGSSSSGGGG.......GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGG......GGGGGGGGGGGGGGGGGSSSSGGGG.......GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGG~~~~~~GGGGGGGGGGGGGGGGGSSSSGGGG^^^^^^^GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGG~~~~~~GGGGGGGGGGGGGGGGGSSSSGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGG~~~~~~GGGGGGGGGGGGGGGGGSSSSGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
};

/* The second level, a short meadow: walk, jump for the coins, and the door at
 * its end leads back to the first. */
static const char *const LEVEL2[LEVEL_H] = {
    "..................................................",
    "..................................................",
    "..................................................",
    "..................................................",
    "..................................................",
    "..................................................",
    "..................................................",
    "..................................................",
    ".......................oooo.......................",
    ".......................GGGG.......................",
    "..................................................",
    "..................................................",
    "..............ooo..................o.o.o..........",
    ".............=====.................=====...A......",
    ".f.H..o.o.o......b.t....r..s...m........n..Tf..D..",
    "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
    "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
};

/* The level being written: its picture and width. */
static const char *const *level = LEVEL1;
static int level_w = 100;

static bool solid_terrain(int x, int y)
{
    if (x < 0 || x >= level_w || y >= LEVEL_H) {
        return true;
    }
    if (y < 0) {
        return false;
    }
    return strchr("GS#/\\1234", level[y][x]) != NULL;
}

/* The grass tile for the cell at (x, y): which of its sides face the air. */
static int grass_tile(int x, int y)
{
    /* Grass grows on top of dirt wherever the cell above is not more of it:
     * under a stone block or a wall too. */
    bool t = y == 0 || strchr("G/\\1234", level[y - 1][x]) == NULL, b = !solid_terrain(x, y + 1);
    bool l = !solid_terrain(x - 1, y), r = !solid_terrain(x + 1, y);
    if (t) {
        if (l && r) {
            return T_GRASS_COLUMN_TOP;
        }
        if (b) {
            return l ? T_LEDGE_L : r ? T_LEDGE_R : T_GRASS_T;
        }
        return l ? T_GRASS_TL : r ? T_GRASS_TR : T_GRASS_T;
    }
    if (l && r) {
        return T_DIRT_COLUMN;
    }
    if (b) {
        return l ? T_DIRT_BL : r ? T_DIRT_BR : T_DIRT_B;
    }
    if (l) {
        return T_DIRT_L;
    }
    if (r) {
        return T_DIRT_R;
    }
    /* Closed on all four sides: air only at a diagonal is an inner corner. */
    if (!solid_terrain(x - 1, y - 1)) {
        return T_GRASS_INNER_L;
    }
    if (!solid_terrain(x + 1, y - 1)) {
        return T_GRASS_INNER_R;
    }
    return T_DIRT;
}

static int stone_tile(int x, int y)
{
    bool t = !solid_terrain(x, y - 1), b = !solid_terrain(x, y + 1);
    bool l = !solid_terrain(x - 1, y), r = !solid_terrain(x + 1, y);
    int col = l ? 0 : r ? 2 : 1, row = t ? 0 : b ? 2 : 1;
    return ART_TILE(3 + col, row);
}

/* The global ids (local id + firstgid 1; 0 is no tile) of one cell on the
 * three tile layers. */
static void cell_tiles(int x, int y, int *ground, int *decoration, int *backdrop)
{
    char c = level[y][x];
    int g = -1, d = -1;
    switch (c) {
    case 'G': g = grass_tile(x, y); break;
    case 'S': g = stone_tile(x, y); break;
    case '#': g = solid_terrain(x, y - 1) ? T_WALL : T_WALL_TOP; break;
    case 'w': d = T_WALL_WINDOW; break;
    case '=':
        g = (x == 0 || level[y][x - 1] != '=')               ? T_PLANK_L
            : (x == level_w - 1 || level[y][x + 1] != '=') ? T_PLANK_R
                                                           : T_PLANK;
        break;
    case 'C': g = T_CRATE; break;
    case '/': g = T_SLOPE_UP; break;
    case '\\': g = T_SLOPE_DOWN; break;
    case '1': g = T_SLOPE_UP_LOW; break;
    case '2': g = T_SLOPE_UP_HIGH; break;
    case '3': g = T_SLOPE_DOWN_HIGH; break;
    case '4': g = T_SLOPE_DOWN_LOW; break;
    case 'D': d = T_DOOR; break;
    case '~': d = (y > 0 && level[y - 1][x] == '~') ? T_WATER : T_WATER_TOP; break;
    case '^': d = T_SPIKES; break;
    case '*': d = T_TORCH; break;
    case 'c': d = T_CHAIN; break;
    case 'T': d = T_TREE_TRUNK; break;
    case 'A': d = T_TREE_TOP; break;
    case 'b': d = T_BUSH; break;
    case 'f': d = T_FLOWERS; break;
    case 't': d = T_TUFT; break;
    case 'r': d = T_ROCK; break;
    case 's': d = T_SIGN; break;
    case 'n': d = T_FENCE; break;
    case 'm': d = T_MUSHROOM; break;
    default: break;
    }
    *ground = g + 1;
    *decoration = d + 1;
    /* The castle's back wall runs behind everything inside the castle: the
     * 'k' cells and whatever stands between them on a row. */
    bool left = false, right = false;
    for (int k = 0; k < level_w; k++) {
        left = left || (k < x && level[y][k] == 'k');
        right = right || (k > x && level[y][k] == 'k');
    }
    *backdrop = (c == 'k' || (left && right)) ? T_WALL_BACK + 1 : 0;
}

static json_t *bool_property(const char *name)
{
    return json_pack("{s:s,s:s,s:b}", "name", name, "type", "bool", "value", 1);
}

static bool tile_is_solid(int t)
{
    return (t % ART_TILE_COLUMNS < 8 && t / ART_TILE_COLUMNS < 3) ||
           t == T_WALL || t == T_WALL_TOP ||
           t == T_CRATE;
}

/* A slope tile's surface heights in px at its left and right edges (the
 * properties slope_left and slope_right), or false for any other tile. */
static bool tile_slope(int t, int *left, int *right)
{
    static const int SLOPES[][3] = {
        {T_SLOPE_UP, 0, ART_TILE_SIZE},           {T_SLOPE_DOWN, ART_TILE_SIZE, 0},
        {T_SLOPE_UP_LOW, 0, ART_TILE_SIZE / 2},   {T_SLOPE_UP_HIGH, ART_TILE_SIZE / 2, ART_TILE_SIZE},
        {T_SLOPE_DOWN_HIGH, ART_TILE_SIZE, ART_TILE_SIZE / 2}, {T_SLOPE_DOWN_LOW, ART_TILE_SIZE / 2, 0}};
    for (size_t i = 0; i < SDL_arraysize(SLOPES); i++) {
        if (SLOPES[i][0] == t) {
            *left = SLOPES[i][1];
            *right = SLOPES[i][2];
            return true;
        }
    }
    return false;
}

static json_t *int_property(const char *name, int value)
{
    return json_pack("{s:s,s:s,s:i}", "name", name, "type", "int", "value", value);
}

static json_t *animation(int first, int frames, int ms)
{
    json_t *a = json_array();
    for (int i = 0; a != NULL && i < frames; i++) {
        json_array_append_new(a, json_pack("{s:i,s:i}", "tileid", first + i, "duration", ms));
    }
    return a;
}

static json_t *tileset_json(void)
{
    json_t *tiles = json_array();
    for (int t = 0; tiles != NULL && t < ART_TILE_COUNT; t++) {
        json_t *props = json_array();
        if (tile_is_solid(t)) {
            json_array_append_new(props, bool_property("solid"));
        }
        int left = 0, right = 0;
        if (t >= T_PLANK_L && t <= T_PLANK_R) {
            json_array_append_new(props, bool_property("one_way"));
        } else if (tile_slope(t, &left, &right)) {
            json_array_append_new(props, int_property("slope_left", left));
            json_array_append_new(props, int_property("slope_right", right));
        }
        if (t == T_SPIKES || t == T_WATER_TOP || t == T_WATER) {
            json_array_append_new(props, bool_property("hazard"));
        }
        json_t *anim = NULL;
        if (t == T_WATER_TOP || t == T_WATER) {
            anim = animation(t, ART_WATER_FRAMES, ART_WATER_MS);
        } else if (t == T_TORCH) {
            anim = animation(t, ART_TORCH_FRAMES, ART_TORCH_MS);
        }
        if (json_array_size(props) == 0 && anim == NULL) {
            json_decref(props);
            continue;
        }
        json_t *tile = json_pack("{s:i}", "id", t);
        if (anim != NULL) {
            json_object_set_new(tile, "animation", anim);
        }
        if (json_array_size(props) > 0) {
            json_object_set_new(tile, "properties", props);
        } else {
            json_decref(props);
        }
        json_array_append_new(tiles, tile);
    }
    return json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:o*}", "type",
                     "tileset", "version", "1.10", "tiledversion", "1.10.2", "name", "tiles",
                     "image", "tiles.png", "imagewidth", ART_TILE_COLUMNS * ART_TILE_SIZE,
                     "imageheight", ART_TILE_ROWS * ART_TILE_SIZE, "tilewidth", ART_TILE_SIZE,
                     "tileheight", ART_TILE_SIZE, "tilecount", ART_TILE_COUNT, "columns",
                     ART_TILE_COLUMNS, "margin", 0, "spacing", 0, "tiles", tiles);
}

static json_t *image_layer(int id, const char *name, const char *image, double parallaxx)
{
    return json_pack("{s:i,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:f,s:f,s:b,s:b,s:f,s:b}", "id", id,
                     "name", name, "type", "imagelayer", "image", image, "imagewidth", 320,
                     "imageheight", 180, "x", 0, "y", 0, "parallaxx", parallaxx, "parallaxy", 0.0,
                     "repeatx", 1, "repeaty", 0, "opacity", 1.0, "visible", 1);
}

enum { LAYER_BACKDROP, LAYER_DECORATION, LAYER_GROUND };

static json_t *tile_layer(int id, const char *name, int which)
{
    json_t *data = json_array();
    for (int y = 0; data != NULL && y < LEVEL_H; y++) {
        for (int x = 0; x < level_w; x++) {
            int gids[3];
            cell_tiles(x, y, &gids[LAYER_GROUND], &gids[LAYER_DECORATION], &gids[LAYER_BACKDROP]);
            json_array_append_new(data, json_integer(gids[which]));
        }
    }
    return json_pack("{s:i,s:s,s:s,s:i,s:i,s:i,s:i,s:f,s:b,s:s,s:o*}", "id", id, "name", name,
                     "type", "tilelayer", "width", level_w, "height", LEVEL_H, "x", 0, "y", 0,
                     "opacity", 1.0, "visible", 1, "encoding", "csv", "data", data);
}

/* An object's `type` is the name of the character it spawns (the rule of
 * akgl_tilemap_spawn_actors); its `name` is what the game calls it. The door's
 * "exit" names no character: spawning leaves it, and the game reads it. */
static const struct {
    char key;
    const char *name, *character;
    bool numbered;
} ACTORS[] = {{'H', "hero", "knight", false}, {'L', "slime", "slime", true},
              {'V', "bat", "bat", true}, {'o', "coin", "coin", true},
              {'D', "exit", "exit", false}};

/* Level 1's moving platform, an object of type "platform" (docs/07-tilemaps.md):
 * a one-way raft of planks that slides to and fro over the water, above the
 * bridge. Its box where it starts (px), the far end of its path
 * relative to that, and its speed (px/s). */
static const struct {
    int x, y, w, h, dx, dy, speed;
} LIFT = {400, 184, 48, 6, 48, 0, 32};

static json_t *actor_layer(int id, int *next_object)
{
    json_t *objects = json_array();
    int counts[SDL_arraysize(ACTORS)] = {0};
    for (int y = 0; objects != NULL && y < LEVEL_H; y++) {
        for (int x = 0; x < level_w; x++) {
            for (size_t a = 0; a < SDL_arraysize(ACTORS); a++) {
                if (level[y][x] != ACTORS[a].key) {
                    continue;
                }
                char name[64];
                counts[a]++;
                if (ACTORS[a].numbered) {
                    snprintf(name, sizeof(name), "%s %d", ACTORS[a].name, counts[a]);
                } else {
                    snprintf(name, sizeof(name), "%s", ACTORS[a].name);
                }
                json_array_append_new(
                    objects,
                    json_pack("{s:i,s:s,s:s,s:i,s:i,s:i,s:i,s:f,s:b}", "id", (*next_object)++,
                              "name", name, "type", ACTORS[a].character, "x", x * ART_TILE_SIZE,
                              "y", y * ART_TILE_SIZE, "width", ART_TILE_SIZE, "height",
                              ART_TILE_SIZE, "rotation", 0.0, "visible", 1));
            }
        }
    }
    if (level == LEVEL1) {
        json_t *props = json_pack("[o*,o*,o*,o*]", int_property("dx", LIFT.dx),
                                  int_property("dy", LIFT.dy), int_property("speed", LIFT.speed),
                                  bool_property("one_way"));
        json_array_append_new(
            objects, json_pack("{s:i,s:s,s:s,s:i,s:i,s:i,s:i,s:f,s:b,s:o*}", "id",
                               (*next_object)++, "name", "lift", "type", "platform", "x", LIFT.x,
                               "y", LIFT.y, "width", LIFT.w, "height", LIFT.h, "rotation", 0.0,
                               "visible", 1, "properties", props));
    }
    return json_pack("{s:i,s:s,s:s,s:s,s:i,s:i,s:f,s:b,s:o*}", "id", id, "name", "actors", "type",
                     "objectgroup", "draworder", "topdown", "x", 0, "y", 0, "opacity", 1.0,
                     "visible", 1, "objects", objects);
}

static json_t *map_json(void)
{
    int next_object = 1;
    json_t *layers = json_pack("[o*,o*,o*,o*,o*,o*]", image_layer(1, "sky", "sky.png", 0.1),
                               image_layer(2, "hills", "hills.png", 0.35),
                               tile_layer(3, "backdrop", LAYER_BACKDROP),
                               tile_layer(4, "decoration", LAYER_DECORATION),
                               tile_layer(5, "ground", LAYER_GROUND),
                               actor_layer(6, &next_object));
    json_t *props = json_pack("[{s:s,s:s,s:s}]", "name", "music", "type", "file", "value",
                              "sounds/music.ogg");
    json_t *tilesets = json_pack("[{s:i,s:s}]", "firstgid", 1, "source", "tiles.tsj");
    return json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:b,s:i,s:i,s:i,s:s,s:o*,s:o*,s:o*}",
                     "type", "map", "version", "1.10", "tiledversion", "1.10.2", "orientation",
                     "orthogonal", "renderorder", "right-down", "width", level_w, "height",
                     LEVEL_H, "tilewidth", ART_TILE_SIZE, "tileheight", ART_TILE_SIZE, "infinite",
                     0, "compressionlevel", -1, "nextlayerid", 7, "nextobjectid", next_object,
                     "backgroundcolor", "#5c8ce6", "properties", props, "tilesets", tilesets,
                     "layers", layers);
}

static akerr_ErrorContext AKERR_NOIGNORE *check_level(void)
{
    PREPARE_ERROR(errctx);
    int heroes = 0, doors = 0;
    for (int y = 0; y < LEVEL_H; y++) {
        FAIL_NONZERO_RETURN(errctx, (int)strlen(level[y]) != level_w, AKERR_FORMAT,
                            "level row %d is %zu wide, not %d", y, strlen(level[y]), level_w);
        for (int x = 0; x < level_w; x++) {
            FAIL_ZERO_RETURN(errctx, strchr(".GS#w=CkD~^*cTAbftrsnmHLVo/\\1234", level[y][x]),
                             AKERR_FORMAT, "level row %d column %d: unknown '%c'", y, x,
                             level[y][x]);
            heroes += level[y][x] == 'H';
            doors += level[y][x] == 'D';
        }
    }
    FAIL_NONZERO_RETURN(errctx, heroes != 1, AKERR_FORMAT, "the level has %d heroes, not 1",
                        heroes);
    FAIL_NONZERO_RETURN(errctx, doors != 1, AKERR_FORMAT,
                        "the level has %d doors (its exit), not 1", doors);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *dump(json_t *root, const char *dir, const char *file)
{
    PREPARE_ERROR(errctx);
    char path[4096];
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, root, AKERR_API, "%s: building the JSON failed", file);
        int n = snprintf(path, sizeof(path), "%s/%s", dir, file);
        FAIL_NONZERO_BREAK(errctx, n < 0 || (size_t)n >= sizeof(path), AKERR_OUTOFBOUNDS,
                           "path too long: %s/%s", dir, file);
        FAIL_NONZERO_BREAK(errctx,
                           json_file_write(root, path,
                                           JSON_INDENT(1) | JSON_PRESERVE_ORDER |
                                               JSON_REAL_PRECISION(6)),
                           AKERR_IO, "cannot write %s", path);
        printf("wrote %s\n", path);
    } CLEANUP {
        json_decref(root);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

int main(int argc, char **argv)
{
    PREPARE_ERROR(errctx);
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    ATTEMPT {
        CATCH(errctx, dump(tileset_json(), argv[1], "tiles.tsj"));
        CATCH(errctx, check_level());
        CATCH(errctx, dump(map_json(), argv[1], "level1.tmj"));
        level = LEVEL2;
        level_w = (int)strlen(LEVEL2[0]);
        CATCH(errctx, check_level());
        CATCH(errctx, dump(map_json(), argv[1], "level2.tmj"));
    } CLEANUP {
    } PROCESS(errctx) {
    } FINISH_NORETURN(errctx);
    return 0;
}
