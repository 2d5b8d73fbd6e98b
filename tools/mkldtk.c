/*
 * akgl_mkldtk: writes the LDtk fixtures (tests/assets/tilemaps/ldtk/), in
 * the JSON LDtk saves (its published schema: ldtk.io/json), so that the
 * loader is tested against files we make ourselves.
 *
 *   akgl_mkldtk LDTK_DIR [EXAMPLES_ASSETS_DIR]
 *                           writes LDTK_DIR/world.ldtk, LDTK_DIR/world_ext.ldtk
 *                           with LDTK_DIR/world_ext/Level_{0,1}.ldtkl, and
 *                           LDTK_DIR/bad/ (one .ldtk each); and the gallery's
 *                           EXAMPLES_ASSETS_DIR/world.ldtk (two 20 x 12 levels
 *                           of 16 px over tiles.png: ground, a ledge, a step,
 *                           bushes and a tree, a knight entity on each)
 *
 * The world: two levels of 8 x 6 cells of 8 px side by side (Level_0 at
 * world (0, 0), Level_1 at (64, 0), each the other's neighbour, "e" and
 * "w"), one tileset, tests/assets/tiles_32x32_8.png (4 x 4 tiles of 8 px;
 * tile k's fill is (32 + 64 (k % 4), 32 + 64 (k / 4), 96), its top-left
 * pixel a marker (255, 255, 16 k)). world.ldtk keeps both levels in the
 * project; world_ext.ldtk saves them apart (externalLevels), the same
 * levels. Level_0's layers, top first as LDtk lists them:
 *
 *   Entities (Entities): "hero" at px (8, 16), pivot (0, 0), 8 x 8, with
 *            fields name "hero1" (String), lives 3 (Int), speed 1.5 (Float),
 *            boss false (Bool), tint "#FF0000" (Color), kind "Fast"
 *            (LocalEnum.Kind), spot (Point), friends (Array<String>) and an
 *            empty String; "start" at px (44, 40), pivot (0.5, 1), 8 x 8.
 *   Front    (Tiles): tile 15 at cell (3, 3); tile 2 flipped in x at (7, 2);
 *            tile 3 flipped in y at (6, 2); tile 5 flipped both ways at
 *            (5, 1); tile 12 at (1, 5); tiles 4 and then 6 stacked at (0, 1).
 *   Walls    (IntGrid, values 1 "ground", 2 "water", 3 "spikes"): row 5
 *            ground, (7, 3) water, (0, 4) spikes; its auto-tiles: tile 1 on
 *            row 5, flipped in x on odd columns, tile 10 at (7, 3).
 *   Back     (AutoLayer, opacity 0.5): tile 0 at (0, 0) and (0, 5), tile 9
 *            at (2, 0).
 *
 * Level_1: Walls ground along row 5 (tile 1), a "coin" entity at (16, 16).
 * Level fields: Level_0 difficulty 2 (Int), title "first" (String).
 *
 * bad/: the world (levels inline) with one thing wrong each (see
 * tests/assets/tilemaps/README.md). Deterministic: the ctest test
 * akgl_ldtk_fixtures checks the committed files against a fresh run.
 */
#define _POSIX_C_SOURCE 200809L /* mkdir, and the calls of test_platform.h */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "test_platform.h" /* tests/support: mkdir with a mode on Windows too */

typedef enum Bad
{
    OK,
    TILE_PAST,        /* a gridTiles t past the tileset */
    OFF_GRID,         /* a tile at px (3, 8) */
    TILE_OUTSIDE,     /* a tile at px (64, 0) */
    TYPE_GRIDSIZE,    /* __gridSize "8" */
    MISSING_TYPE,     /* a layer without __type */
    LAYER_TYPE,       /* __type "Pixels" */
    INTGRID_LENGTH,   /* intGridCsv of 47 values */
    INTGRID_NEGATIVE, /* an IntGrid value of -1 */
    TOO_BIG,          /* a level of 65536 x 65536 px */
    TILESET_MISSING,  /* relPath "nothere.png" */
    TILESET_UID,      /* __tilesetDefUid 99 */
    TILESET_GRID,     /* a tileset of 16 px tiles on an 8 px grid */
    ATLAS,            /* relPath null */
    EXTERNAL_MISSING, /* externalRelPath to no file */
    NEIGHBOUR_DIR,    /* dir "up" */
    NEIGHBOUR_IID,    /* a levelIid no level has */
    FIELD_TYPE,       /* an Int field holding "3" */
    FLIP,             /* f 4 */
    NOT_JSON
} Bad;

#define AKGL_MK_PRINTF __attribute__((format(printf, 1, 2)))

static FILE *out;
static Bad bad;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "akgl_mkldtk: %s: %s\n", what, detail);
    exit(1);
}

static void AKGL_MK_PRINTF put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
}

static void open_file(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    /* Binary: the committed files have '\n' line ends, which Windows' text
     * mode would write as "\r\n". */
    out = fopen(path, "wb");
    if (out == NULL) {
        die(path, strerror(errno));
    }
}

static void close_file(void)
{
    if (fclose(out) != 0) {
        die("close", strerror(errno));
    }
    out = NULL;
}

static void make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        die(path, strerror(errno));
    }
}

/* ---- the levels ---- */

#define CW 8
#define CH 6
#define GRID 8
#define TILESET_UID_OK 10

typedef struct Tile
{
    int cx, cy, t, f;
} Tile;

static const char *const LEVEL_IID[2] = {"a0b1c2d3-0000-4000-8000-000000000000",
                                         "a0b1c2d3-0001-4000-8000-000000000001"};

static void tiles(const char *key, const Tile *list, int n)
{
    put("\t\t\t\"%s\": [", key);
    for (int i = 0; i < n; i++) {
        int x = list[i].cx * GRID, y = list[i].cy * GRID, t = list[i].t, f = list[i].f;
        if (i == 0 && bad == TILE_PAST && strcmp(key, "gridTiles") == 0) {
            t = 16;
        }
        if (i == 0 && bad == OFF_GRID && strcmp(key, "gridTiles") == 0) {
            x = 3;
        }
        if (i == 0 && bad == TILE_OUTSIDE && strcmp(key, "gridTiles") == 0) {
            x = CW * GRID;
            y = 0;
        }
        if (i == 0 && bad == FLIP && strcmp(key, "gridTiles") == 0) {
            f = 4;
        }
        put("%s\n\t\t\t\t{ \"px\": [%d,%d], \"src\": [%d,%d], \"f\": %d, \"t\": %d, \"d\": [%d], "
            "\"a\": 1 }", i ? "," : "", x, y, (t % 4) * GRID, (t / 4) * GRID, f, t,
            list[i].cy * CW + list[i].cx);
    }
    put("%s],\n", n ? "\n\t\t\t" : "");
}

/* The common part of a layer instance. */
static void layer_head(int level, const char *name, const char *type, int uid, bool tileset,
                       double opacity)
{
    bool grid_layer = strcmp(type, "Entities") != 0;
    put("\t\t{\n");
    put("\t\t\t\"__identifier\": \"%s\",\n", name);
    if (!(bad == MISSING_TYPE && uid == 2)) {
        put("\t\t\t\"__type\": \"%s\",\n", bad == LAYER_TYPE && uid == 2 ? "Pixels" : type);
    }
    put("\t\t\t\"__cWid\": %d,\n\t\t\t\"__cHei\": %d,\n", grid_layer ? CW : CW / 2,
        grid_layer ? CH : CH / 2);
    if (bad == TYPE_GRIDSIZE && uid == 2) {
        put("\t\t\t\"__gridSize\": \"%d\",\n", GRID);
    } else {
        put("\t\t\t\"__gridSize\": %d,\n", grid_layer ? GRID : 2 * GRID);
    }
    put("\t\t\t\"__opacity\": %g,\n", opacity);
    put("\t\t\t\"__pxTotalOffsetX\": 0,\n\t\t\t\"__pxTotalOffsetY\": 0,\n");
    if (tileset) {
        put("\t\t\t\"__tilesetDefUid\": %d,\n", bad == TILESET_UID ? 99 : TILESET_UID_OK);
        put("\t\t\t\"__tilesetRelPath\": \"tiles.png\",\n");
    } else {
        put("\t\t\t\"__tilesetDefUid\": null,\n\t\t\t\"__tilesetRelPath\": null,\n");
    }
    put("\t\t\t\"iid\": \"b%d%d0000-0000-4000-8000-00000000000%d\",\n", level, uid, uid);
    put("\t\t\t\"levelId\": %d,\n\t\t\t\"layerDefUid\": %d,\n", 100 + level, uid);
    put("\t\t\t\"pxOffsetX\": 0,\n\t\t\t\"pxOffsetY\": 0,\n\t\t\t\"visible\": true,\n");
    put("\t\t\t\"optionalRules\": [],\n\t\t\t\"seed\": %d,\n", 1000 + uid);
    put("\t\t\t\"overrideTilesetUid\": null,\n");
}

static void intgrid_csv(const int *cells)
{
    int n = CW * CH - (bad == INTGRID_LENGTH ? 1 : 0);
    put("\t\t\t\"intGridCsv\": [");
    for (int i = 0; i < n; i++) {
        int v = cells[i];
        if (i == 0 && bad == INTGRID_NEGATIVE) {
            v = -1;
        }
        put("%s%d", i ? "," : "", v);
    }
    put("],\n");
}

static void hero_fields(void)
{
    put("\t\t\t\t\t\"fieldInstances\": [\n");
    put("\t\t\t\t\t\t{ \"__identifier\": \"name\", \"__type\": \"String\", \"__value\": \"hero1\", "
        "\"__tile\": null, \"defUid\": 30, \"realEditorValues\": [] },\n");
    if (bad == FIELD_TYPE) {
        put("\t\t\t\t\t\t{ \"__identifier\": \"lives\", \"__type\": \"Int\", \"__value\": \"3\", "
            "\"__tile\": null, \"defUid\": 31, \"realEditorValues\": [] },\n");
    } else {
        put("\t\t\t\t\t\t{ \"__identifier\": \"lives\", \"__type\": \"Int\", \"__value\": 3, "
            "\"__tile\": null, \"defUid\": 31, \"realEditorValues\": [] },\n");
    }
    put("\t\t\t\t\t\t{ \"__identifier\": \"speed\", \"__type\": \"Float\", \"__value\": 1.5, "
        "\"__tile\": null, \"defUid\": 32, \"realEditorValues\": [] },\n");
    put("\t\t\t\t\t\t{ \"__identifier\": \"boss\", \"__type\": \"Bool\", \"__value\": false, "
        "\"__tile\": null, \"defUid\": 33, \"realEditorValues\": [] },\n");
    put("\t\t\t\t\t\t{ \"__identifier\": \"tint\", \"__type\": \"Color\", \"__value\": \"#FF0000\", "
        "\"__tile\": null, \"defUid\": 34, \"realEditorValues\": [] },\n");
    put("\t\t\t\t\t\t{ \"__identifier\": \"kind\", \"__type\": \"LocalEnum.Kind\", \"__value\": "
        "\"Fast\", \"__tile\": null, \"defUid\": 35, \"realEditorValues\": [] },\n");
    put("\t\t\t\t\t\t{ \"__identifier\": \"spot\", \"__type\": \"Point\", \"__value\": "
        "{ \"cx\": 1, \"cy\": 2 }, \"__tile\": null, \"defUid\": 36, \"realEditorValues\": [] },\n");
    put("\t\t\t\t\t\t{ \"__identifier\": \"friends\", \"__type\": \"Array<String>\", \"__value\": "
        "[\"a\"], \"__tile\": null, \"defUid\": 37, \"realEditorValues\": [] },\n");
    put("\t\t\t\t\t\t{ \"__identifier\": \"note\", \"__type\": \"String\", \"__value\": null, "
        "\"__tile\": null, \"defUid\": 38, \"realEditorValues\": [] }\n");
    put("\t\t\t\t\t]\n");
}

static void entity(int level, int index, const char *name, int px, int py, double pvx,
                   double pvy, bool fields, bool last)
{
    put("\t\t\t\t{\n");
    put("\t\t\t\t\t\"__identifier\": \"%s\",\n", name);
    put("\t\t\t\t\t\"__grid\": [%d,%d],\n", px / GRID, py / GRID);
    put("\t\t\t\t\t\"__pivot\": [%g,%g],\n", pvx, pvy);
    put("\t\t\t\t\t\"__tags\": [],\n\t\t\t\t\t\"__tile\": null,\n");
    put("\t\t\t\t\t\"__smartColor\": \"#94D9B3\",\n");
    put("\t\t\t\t\t\"iid\": \"c%d%d000000-0000-4000-8000-000000000000\",\n", level, index);
    put("\t\t\t\t\t\"width\": 8,\n\t\t\t\t\t\"height\": 8,\n");
    put("\t\t\t\t\t\"defUid\": %d,\n", 20 + index);
    put("\t\t\t\t\t\"px\": [%d,%d],\n", px, py);
    put("\t\t\t\t\t\"__worldX\": %d,\n\t\t\t\t\t\"__worldY\": %d,\n", px + level * CW * GRID, py);
    if (fields) {
        hero_fields();
    } else {
        put("\t\t\t\t\t\"fieldInstances\": []\n");
    }
    put("\t\t\t\t}%s\n", last ? "" : ",");
}

/* The level's layerInstances (and the member's closing bracket). */
static void layers(int level)
{
    int walls[CW * CH] = {0};
    Tile wall_tiles[CW + 1];
    int nwall = 0;
    for (int x = 0; x < CW; x++) {
        walls[5 * CW + x] = 1;
        wall_tiles[nwall++] = (Tile){x, 5, 1, level == 0 ? x % 2 : 0};
    }
    if (level == 0) {
        walls[3 * CW + 7] = 2;
        walls[4 * CW + 0] = 3;
        wall_tiles[nwall++] = (Tile){7, 3, 10, 0};
    }
    static const Tile front[] = {{3, 3, 15, 0}, {7, 2, 2, 1}, {6, 2, 3, 2}, {5, 1, 5, 3},
                                 {1, 5, 12, 0}, {0, 1, 4, 0}, {0, 1, 6, 0}};
    static const Tile back[] = {{0, 0, 0, 0}, {0, 5, 0, 0}, {2, 0, 9, 0}};

    put("\t\"layerInstances\": [\n");
    layer_head(level, "Entities", "Entities", 1, false, 1.0);
    put("\t\t\t\"intGridCsv\": [],\n\t\t\t\"autoLayerTiles\": [],\n\t\t\t\"gridTiles\": [],\n");
    put("\t\t\t\"entityInstances\": [\n");
    if (level == 0) {
        entity(level, 0, "hero", 8, 16, 0, 0, true, false);
        entity(level, 1, "start", 44, 40, 0.5, 1, false, true);
    } else {
        entity(level, 2, "coin", 16, 16, 0, 0, false, true);
    }
    put("\t\t\t]\n\t\t},\n");

    layer_head(level, "Front", "Tiles", 2, true, 1.0);
    put("\t\t\t\"intGridCsv\": [],\n\t\t\t\"autoLayerTiles\": [],\n");
    tiles("gridTiles", front, level == 0 ? (int)(sizeof(front) / sizeof(front[0])) : 0);
    put("\t\t\t\"entityInstances\": []\n\t\t},\n");

    layer_head(level, "Walls", "IntGrid", 3, true, 1.0);
    intgrid_csv(walls);
    tiles("autoLayerTiles", wall_tiles, nwall);
    put("\t\t\t\"gridTiles\": [],\n\t\t\t\"entityInstances\": []\n\t\t},\n");

    layer_head(level, "Back", "AutoLayer", 4, true, 0.5);
    put("\t\t\t\"intGridCsv\": [],\n");
    tiles("autoLayerTiles", back, level == 0 ? (int)(sizeof(back) / sizeof(back[0])) : 0);
    put("\t\t\t\"gridTiles\": [],\n\t\t\t\"entityInstances\": []\n\t\t}\n");
    put("\t]");
}

/* A level's members; `layers_too`: its layerInstances, else null. */
static void level_body(int level, bool layers_too, const char *external)
{
    int other = 1 - level;
    put("\t\"identifier\": \"Level_%d\",\n", level);
    put("\t\"iid\": \"%s\",\n", LEVEL_IID[level]);
    put("\t\"uid\": %d,\n", 100 + level);
    put("\t\"worldX\": %d,\n\t\"worldY\": 0,\n\t\"worldDepth\": 0,\n", level * CW * GRID);
    if (bad == TOO_BIG && level == 0) {
        put("\t\"pxWid\": 65536,\n\t\"pxHei\": 65536,\n");
    } else {
        put("\t\"pxWid\": %d,\n\t\"pxHei\": %d,\n", CW * GRID, CH * GRID);
    }
    put("\t\"__bgColor\": \"#204060\",\n\t\"bgColor\": null,\n\t\"useAutoIdentifier\": true,\n");
    put("\t\"bgRelPath\": null,\n\t\"bgPos\": null,\n\t\"bgPivotX\": 0.5,\n\t\"bgPivotY\": 0.5,\n");
    put("\t\"__smartColor\": \"#8789A1\",\n\t\"__bgPos\": null,\n");
    if (external != NULL) {
        put("\t\"externalRelPath\": \"%s\",\n", external);
    } else {
        put("\t\"externalRelPath\": null,\n");
    }
    if (level == 0) {
        put("\t\"fieldInstances\": [\n");
        put("\t\t{ \"__identifier\": \"difficulty\", \"__type\": \"Int\", \"__value\": 2, "
            "\"__tile\": null, \"defUid\": 40, \"realEditorValues\": [] },\n");
        put("\t\t{ \"__identifier\": \"title\", \"__type\": \"String\", \"__value\": \"first\", "
            "\"__tile\": null, \"defUid\": 41, \"realEditorValues\": [] }\n\t],\n");
    } else {
        put("\t\"fieldInstances\": [],\n");
    }
    put("\t\"__neighbours\": [ { \"levelIid\": \"%s\", \"dir\": \"%s\" } ],\n",
        bad == NEIGHBOUR_IID && level == 0 ? "ffffffff-0000-4000-8000-000000000000"
                                           : LEVEL_IID[other],
        bad == NEIGHBOUR_DIR && level == 0 ? "up" : level == 0 ? "e" : "w");
    if (layers_too) {
        layers(level);
        put("\n");
    } else {
        put("\t\"layerInstances\": null\n");
    }
}

static void defs(const char *tileset_path)
{
    put("\t\"defs\": {\n");
    put("\t\t\"layers\": [\n");
    put("\t\t\t{ \"__type\": \"Entities\", \"identifier\": \"Entities\", \"type\": \"Entities\", "
        "\"uid\": 1, \"gridSize\": 16, \"displayOpacity\": 1, \"intGridValues\": [] },\n");
    put("\t\t\t{ \"__type\": \"Tiles\", \"identifier\": \"Front\", \"type\": \"Tiles\", "
        "\"uid\": 2, \"gridSize\": 8, \"displayOpacity\": 1, \"tilesetDefUid\": 10, "
        "\"intGridValues\": [] },\n");
    put("\t\t\t{ \"__type\": \"IntGrid\", \"identifier\": \"Walls\", \"type\": \"IntGrid\", "
        "\"uid\": 3, \"gridSize\": 8, \"displayOpacity\": 1, \"tilesetDefUid\": 10, "
        "\"intGridValues\": [\n");
    put("\t\t\t\t{ \"value\": 1, \"identifier\": \"ground\", \"color\": \"#5C4A3C\", \"tile\": null, "
        "\"groupUid\": 0 },\n");
    put("\t\t\t\t{ \"value\": 2, \"identifier\": \"water\", \"color\": \"#3C6AC8\", \"tile\": null, "
        "\"groupUid\": 0 },\n");
    put("\t\t\t\t{ \"value\": 3, \"identifier\": \"spikes\", \"color\": \"#C83C3C\", \"tile\": null, "
        "\"groupUid\": 0 }\n\t\t\t] },\n");
    put("\t\t\t{ \"__type\": \"AutoLayer\", \"identifier\": \"Back\", \"type\": \"AutoLayer\", "
        "\"uid\": 4, \"gridSize\": 8, \"displayOpacity\": 0.5, \"tilesetDefUid\": 10, "
        "\"autoSourceLayerDefUid\": 3, \"intGridValues\": [] }\n");
    put("\t\t],\n");
    put("\t\t\"entities\": [\n");
    put("\t\t\t{ \"identifier\": \"hero\", \"uid\": 20, \"width\": 8, \"height\": 8, "
        "\"pivotX\": 0, \"pivotY\": 0, \"color\": \"#94D9B3\" },\n");
    put("\t\t\t{ \"identifier\": \"start\", \"uid\": 21, \"width\": 8, \"height\": 8, "
        "\"pivotX\": 0.5, \"pivotY\": 1, \"color\": \"#94D9B3\" },\n");
    put("\t\t\t{ \"identifier\": \"coin\", \"uid\": 22, \"width\": 8, \"height\": 8, "
        "\"pivotX\": 0, \"pivotY\": 0, \"color\": \"#E0C040\" }\n");
    put("\t\t],\n");
    put("\t\t\"tilesets\": [\n");
    put("\t\t\t{ \"__cWid\": 4, \"__cHei\": 4, \"identifier\": \"Tiles\", \"uid\": 10, ");
    if (bad == ATLAS) {
        put("\"relPath\": null, \"embedAtlas\": \"LdtkIcons\", ");
    } else if (bad == TILESET_MISSING) {
        put("\"relPath\": \"nothere.png\", ");
    } else {
        put("\"relPath\": \"%s\", ", tileset_path);
    }
    put("\"pxWid\": 32, \"pxHei\": 32, \"tileGridSize\": %d, \"spacing\": 0, \"padding\": 0, "
        "\"tags\": [], \"enumTags\": [], \"customData\": [], \"savedSelections\": [], "
        "\"cachedPixelData\": null }\n", bad == TILESET_GRID ? 16 : GRID);
    put("\t\t],\n");
    put("\t\t\"enums\": [ { \"identifier\": \"Kind\", \"uid\": 50, \"values\": "
        "[ { \"id\": \"Fast\" }, { \"id\": \"Slow\" } ] } ],\n");
    put("\t\t\"externalEnums\": [],\n\t\t\"levelFields\": []\n");
    put("\t},\n");
}

/* A project; `ext` names the directory its levels are saved apart in. */
static void project(const char *dir, const char *name, const char *ext, const char *tileset_path)
{
    char rel[256];
    open_file(dir, name);
    if (bad == NOT_JSON) {
        put("{\n\t\"jsonVersion\": \"1.5.3\",\n\t\"levels\": [ {\n\t\"identifier\" \"Level_0\" }\n");
        close_file();
        return;
    }
    put("{\n");
    put("\t\"__header__\": { \"fileType\": \"LDtk Project JSON\", \"app\": \"LDtk\", "
        "\"doc\": \"https://ldtk.io/json\", \"schema\": \"https://ldtk.io/files/JSON_SCHEMA.json\", "
        "\"appAuthor\": \"Sebastien 'deepnight' Benard\", \"appVersion\": \"1.5.3\", "
        "\"url\": \"https://ldtk.io\" },\n");
    put("\t\"iid\": \"e0000000-0000-4000-8000-000000000000\",\n");
    put("\t\"jsonVersion\": \"1.5.3\",\n\t\"appBuildId\": 473703,\n\t\"nextUid\": 200,\n");
    put("\t\"worldLayout\": \"Free\",\n\t\"worldGridWidth\": 64,\n\t\"worldGridHeight\": 48,\n");
    put("\t\"defaultLevelWidth\": 64,\n\t\"defaultLevelHeight\": 48,\n");
    put("\t\"defaultPivotX\": 0,\n\t\"defaultPivotY\": 0,\n\t\"defaultGridSize\": 8,\n");
    put("\t\"bgColor\": \"#40465B\",\n\t\"defaultLevelBgColor\": \"#204060\",\n");
    put("\t\"externalLevels\": %s,\n", ext ? "true" : "false");
    put("\t\"exportTiled\": false,\n\t\"simplifiedExport\": false,\n");
    put("\t\"imageExportMode\": \"None\",\n\t\"identifierStyle\": \"Capitalize\",\n");
    put("\t\"flags\": [],\n\t\"toc\": [],\n\t\"worlds\": [],\n");
    defs(tileset_path);
    put("\t\"levels\": [\n");
    for (int level = 0; level < 2; level++) {
        put("\t{\n");
        if (ext != NULL) {
            snprintf(rel, sizeof(rel), "%s/Level_%d.ldtkl", ext, level);
            if (bad == EXTERNAL_MISSING) {
                snprintf(rel, sizeof(rel), "%s/Level_%d.ldtkl", "gone", level);
            }
            level_body(level, false, rel);
        } else {
            level_body(level, true, NULL);
        }
        put("\t}%s\n", level == 0 ? "," : "");
    }
    put("\t]\n}\n");
    close_file();
}

/* A level saved apart: a .ldtkl file. */
static void external_level(const char *dir, int level)
{
    char name[64];
    snprintf(name, sizeof(name), "Level_%d.ldtkl", level);
    open_file(dir, name);
    put("{\n");
    put("\t\"__header__\": { \"fileType\": \"LDtk Level\", \"app\": \"LDtk\", "
        "\"doc\": \"https://ldtk.io/json\", \"appVersion\": \"1.5.3\" },\n");
    level_body(level, true, NULL);
    put("}\n");
    close_file();
}


/* ---- the gallery's world (examples/assets/world.ldtk) ---- */

#define EX_W 20
#define EX_H 12
#define EX_GRID 16

/* A layer instance of the example's levels, its members up to the data. */
static void ex_layer_head(int level, const char *name, const char *type, int uid, bool tileset)
{
    put("\t\t{\n\t\t\t\"__identifier\": \"%s\",\n\t\t\t\"__type\": \"%s\",\n", name, type);
    put("\t\t\t\"__cWid\": %d,\n\t\t\t\"__cHei\": %d,\n\t\t\t\"__gridSize\": %d,\n", EX_W, EX_H,
        EX_GRID);
    put("\t\t\t\"__opacity\": 1,\n\t\t\t\"__pxTotalOffsetX\": 0,\n\t\t\t\"__pxTotalOffsetY\": 0,\n");
    if (tileset) {
        put("\t\t\t\"__tilesetDefUid\": 10,\n\t\t\t\"__tilesetRelPath\": \"tiles.png\",\n");
    } else {
        put("\t\t\t\"__tilesetDefUid\": null,\n\t\t\t\"__tilesetRelPath\": null,\n");
    }
    put("\t\t\t\"iid\": \"d%d%d0000-0000-4000-8000-000000000000\",\n", level, uid);
    put("\t\t\t\"levelId\": %d,\n\t\t\t\"layerDefUid\": %d,\n", 100 + level, uid);
    put("\t\t\t\"pxOffsetX\": 0,\n\t\t\t\"pxOffsetY\": 0,\n\t\t\t\"visible\": true,\n");
    put("\t\t\t\"optionalRules\": [],\n\t\t\t\"seed\": %d,\n\t\t\t\"overrideTilesetUid\": null,\n",
        2000 + uid);
}

static void ex_tiles(const char *key, const Tile *list, int n)
{
    put("\t\t\t\"%s\": [", key);
    for (int i = 0; i < n; i++) {
        put("%s\n\t\t\t\t{ \"px\": [%d,%d], \"src\": [%d,%d], \"f\": %d, \"t\": %d, \"d\": [%d], "
            "\"a\": 1 }", i ? "," : "", list[i].cx * EX_GRID, list[i].cy * EX_GRID,
            (list[i].t % 8) * EX_GRID, (list[i].t / 8) * EX_GRID, list[i].f, list[i].t,
            list[i].cy * EX_W + list[i].cx);
    }
    put("%s],\n", n ? "\n\t\t\t" : "");
}

/* Level 0: flat ground (rows 10-11) and a ledge; level 1: the ground steps
 * up two cells at column 10. Grass tops and dirt under them, drawn by the
 * IntGrid's auto-tiles; bushes, flowers and a tree (mirrored on level 1) on
 * a Tiles layer; a knight at the level's left. */
static void ex_level(int level)
{
    int grid[EX_W * EX_H] = {0};
    Tile auto_tiles[EX_W * EX_H];
    Tile deco[16];
    int na = 0, nd = 0;
    for (int x = 0; x < EX_W; x++) {
        int top = level == 1 && x >= 10 ? 8 : 10;
        for (int y = top; y < EX_H; y++) {
            grid[y * EX_W + x] = 1;
            bool edge_l = level == 1 && x == 10 && y < 10;
            auto_tiles[na++] = (Tile){x, y, y == top ? (edge_l ? 0 : 1) : (edge_l ? 8 : 9), 0};
        }
    }
    if (level == 0) {
        for (int x = 7; x <= 10; x++) {
            grid[6 * EX_W + x] = 2;
            auto_tiles[na++] = (Tile){x, 6, x == 7 ? 22 : x == 10 ? 23 : 25, 0};
        }
        deco[nd++] = (Tile){3, 9, 44, 0};
        deco[nd++] = (Tile){5, 9, 45, 0};
        deco[nd++] = (Tile){14, 8, 53, 0};
        deco[nd++] = (Tile){14, 9, 54, 0};
        deco[nd++] = (Tile){17, 9, 46, 0};
    } else {
        deco[nd++] = (Tile){2, 9, 45, 1};
        deco[nd++] = (Tile){6, 8, 53, 1};
        deco[nd++] = (Tile){6, 9, 54, 1};
        deco[nd++] = (Tile){13, 7, 44, 1};
        deco[nd++] = (Tile){16, 7, 48, 0};
    }
    put("\t\"identifier\": \"Level_%d\",\n\t\"iid\": \"%s\",\n\t\"uid\": %d,\n", level,
        LEVEL_IID[level], 100 + level);
    put("\t\"worldX\": %d,\n\t\"worldY\": 0,\n\t\"worldDepth\": 0,\n", level * EX_W * EX_GRID);
    put("\t\"pxWid\": %d,\n\t\"pxHei\": %d,\n", EX_W * EX_GRID, EX_H * EX_GRID);
    put("\t\"__bgColor\": \"%s\",\n\t\"bgColor\": null,\n", level == 0 ? "#6FA8DC" : "#8FC0E8");
    put("\t\"bgRelPath\": null,\n\t\"externalRelPath\": null,\n");
    put("\t\"fieldInstances\": [ { \"__identifier\": \"title\", \"__type\": \"String\", "
        "\"__value\": \"%s\", \"__tile\": null, \"defUid\": 41, \"realEditorValues\": [] } ],\n",
        level == 0 ? "the meadow" : "the rise");
    put("\t\"__neighbours\": [ { \"levelIid\": \"%s\", \"dir\": \"%s\" } ],\n",
        LEVEL_IID[1 - level], level == 0 ? "e" : "w");
    put("\t\"layerInstances\": [\n");
    ex_layer_head(level, "Entities", "Entities", 1, false);
    put("\t\t\t\"intGridCsv\": [],\n\t\t\t\"autoLayerTiles\": [],\n\t\t\t\"gridTiles\": [],\n");
    put("\t\t\t\"entityInstances\": [\n\t\t\t\t{\n\t\t\t\t\t\"__identifier\": \"knight\",\n");
    put("\t\t\t\t\t\"__grid\": [1,8],\n\t\t\t\t\t\"__pivot\": [0,1],\n\t\t\t\t\t\"__tags\": [],\n");
    put("\t\t\t\t\t\"__tile\": null,\n\t\t\t\t\t\"iid\": \"f%d000000-0000-4000-8000-000000000000\",\n",
        level);
    put("\t\t\t\t\t\"width\": 16,\n\t\t\t\t\t\"height\": 16,\n\t\t\t\t\t\"defUid\": 20,\n");
    put("\t\t\t\t\t\"px\": [16,%d],\n", 9 * EX_GRID);
    put("\t\t\t\t\t\"fieldInstances\": [ { \"__identifier\": \"name\", \"__type\": \"String\", "
        "\"__value\": \"knight\", \"__tile\": null, \"defUid\": 30, \"realEditorValues\": [] } ]\n");
    put("\t\t\t\t}\n\t\t\t]\n\t\t},\n");
    ex_layer_head(level, "Deco", "Tiles", 2, true);
    put("\t\t\t\"intGridCsv\": [],\n\t\t\t\"autoLayerTiles\": [],\n");
    ex_tiles("gridTiles", deco, nd);
    put("\t\t\t\"entityInstances\": []\n\t\t},\n");
    ex_layer_head(level, "Ground", "IntGrid", 3, true);
    put("\t\t\t\"intGridCsv\": [");
    for (int i = 0; i < EX_W * EX_H; i++) {
        put("%s%d", i ? "," : "", grid[i]);
    }
    put("],\n");
    ex_tiles("autoLayerTiles", auto_tiles, na);
    put("\t\t\t\"gridTiles\": [],\n\t\t\t\"entityInstances\": []\n\t\t}\n\t]\n");
}

static void example_project(const char *dir)
{
    open_file(dir, "world.ldtk");
    put("{\n\t\"__header__\": { \"fileType\": \"LDtk Project JSON\", \"app\": \"LDtk\", "
        "\"doc\": \"https://ldtk.io/json\", \"appVersion\": \"1.5.3\" },\n");
    put("\t\"iid\": \"e1000000-0000-4000-8000-000000000000\",\n\t\"jsonVersion\": \"1.5.3\",\n");
    put("\t\"worldLayout\": \"Free\",\n\t\"defaultGridSize\": %d,\n", EX_GRID);
    put("\t\"externalLevels\": false,\n\t\"worlds\": [],\n");
    put("\t\"defs\": {\n\t\t\"layers\": [\n");
    put("\t\t\t{ \"__type\": \"Entities\", \"identifier\": \"Entities\", \"type\": \"Entities\", "
        "\"uid\": 1, \"gridSize\": 16, \"intGridValues\": [] },\n");
    put("\t\t\t{ \"__type\": \"Tiles\", \"identifier\": \"Deco\", \"type\": \"Tiles\", "
        "\"uid\": 2, \"gridSize\": 16, \"tilesetDefUid\": 10, \"intGridValues\": [] },\n");
    put("\t\t\t{ \"__type\": \"IntGrid\", \"identifier\": \"Ground\", \"type\": \"IntGrid\", "
        "\"uid\": 3, \"gridSize\": 16, \"tilesetDefUid\": 10, \"intGridValues\": [\n");
    put("\t\t\t\t{ \"value\": 1, \"identifier\": \"ground\", \"color\": \"#5C4A3C\" },\n");
    put("\t\t\t\t{ \"value\": 2, \"identifier\": \"ledge\", \"color\": \"#A07850\" }\n");
    put("\t\t\t] }\n\t\t],\n");
    put("\t\t\"entities\": [ { \"identifier\": \"knight\", \"uid\": 20, \"width\": 16, "
        "\"height\": 16, \"pivotX\": 0, \"pivotY\": 1 } ],\n");
    put("\t\t\"tilesets\": [ { \"__cWid\": 8, \"__cHei\": 8, \"identifier\": \"Tiles\", "
        "\"uid\": 10, \"relPath\": \"tiles.png\", \"pxWid\": 128, \"pxHei\": 128, "
        "\"tileGridSize\": 16, \"spacing\": 0, \"padding\": 0 } ],\n");
    put("\t\t\"enums\": [],\n\t\t\"externalEnums\": [],\n\t\t\"levelFields\": []\n\t},\n");
    put("\t\"levels\": [\n");
    for (int level = 0; level < 2; level++) {
        put("\t{\n");
        ex_level(level);
        put("\t}%s\n", level == 0 ? "," : "");
    }
    put("\t]\n}\n");
    close_file();
}

static const struct
{
    Bad bad;
    const char *name;
} BAD_FILES[] = {
    {TILE_PAST, "tile_past"},         {OFF_GRID, "off_grid"},
    {TILE_OUTSIDE, "tile_outside"},   {TYPE_GRIDSIZE, "type_gridsize"},
    {MISSING_TYPE, "missing_type"},   {LAYER_TYPE, "layer_type"},
    {INTGRID_LENGTH, "intgrid_length"}, {INTGRID_NEGATIVE, "intgrid_negative"},
    {TOO_BIG, "too_big"},             {TILESET_MISSING, "tileset_missing"},
    {TILESET_UID, "tileset_uid"},     {TILESET_GRID, "tileset_grid"},
    {ATLAS, "atlas"},                 {NEIGHBOUR_DIR, "neighbour_dir"},
    {NEIGHBOUR_IID, "neighbour_iid"}, {FIELD_TYPE, "field_type"},
    {FLIP, "flip"},                   {NOT_JSON, "notjson"},
};

int main(int argc, char **argv)
{
    char path[4096], name[128];
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: akgl_mkldtk LDTK_DIR [EXAMPLES_ASSETS_DIR]\n");
        return 2;
    }
    if (argc == 3) {
        bad = OK;
        example_project(argv[2]);
    }
    const char *dir = argv[1];
    make_dir(dir);
    bad = OK;
    project(dir, "world.ldtk", NULL, "../../tiles_32x32_8.png");
    project(dir, "world_ext.ldtk", "world_ext", "../../tiles_32x32_8.png");
    snprintf(path, sizeof(path), "%s/world_ext", dir);
    make_dir(path);
    external_level(path, 0);
    external_level(path, 1);
    snprintf(path, sizeof(path), "%s/bad", dir);
    make_dir(path);
    for (size_t i = 0; i < sizeof(BAD_FILES) / sizeof(BAD_FILES[0]); i++) {
        bad = BAD_FILES[i].bad;
        snprintf(name, sizeof(name), "%s.ldtk", BAD_FILES[i].name);
        project(path, name, NULL, "../../../tiles_32x32_8.png");
    }
    /* A project whose level file is not there. */
    bad = EXTERNAL_MISSING;
    project(path, "external_missing.ldtk", "world_ext", "../../../tiles_32x32_8.png");
    return 0;
}
