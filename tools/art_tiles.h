/*
 * The showcase tileset's layout, shared by tools/mkart.c (which draws
 * examples/assets/tiles.png) and tools/mklevel.c (which writes the tileset
 * examples/assets/tiles.tsj and the map examples/assets/level1.tmj).
 *
 * tiles.png is ART_TILE_COLUMNS tiles of ART_TILE_SIZE pixels across; a tile's
 * number is its cell, row-major from the top-left (Tiled's "local tile id"; in
 * a map layer the global id is this plus the tileset's firstgid, 1).
 */
#ifndef AKGL_TOOLS_ART_TILES_H
#define AKGL_TOOLS_ART_TILES_H

#define ART_TILE_SIZE 16
#define ART_TILE_COLUMNS 8
#define ART_TILE_ROWS 8
#define ART_TILE_COUNT (ART_TILE_COLUMNS * ART_TILE_ROWS)

#define ART_TILE(column, row) ((row) * ART_TILE_COLUMNS + (column))

enum {
    /* Grass on dirt, a 3 x 3 block of edges and corners (columns 0-2, rows 0-2). */
    T_GRASS_TL = ART_TILE(0, 0), T_GRASS_T = ART_TILE(1, 0), T_GRASS_TR = ART_TILE(2, 0),
    T_DIRT_L = ART_TILE(0, 1), T_DIRT = ART_TILE(1, 1), T_DIRT_R = ART_TILE(2, 1),
    T_DIRT_BL = ART_TILE(0, 2), T_DIRT_B = ART_TILE(1, 2), T_DIRT_BR = ART_TILE(2, 2),
    /* Stone, the same 3 x 3 (columns 3-5, rows 0-2). */
    T_STONE_TL = ART_TILE(3, 0), T_STONE_T = ART_TILE(4, 0), T_STONE_TR = ART_TILE(5, 0),
    T_STONE_L = ART_TILE(3, 1), T_STONE = ART_TILE(4, 1), T_STONE_R = ART_TILE(5, 1),
    T_STONE_BL = ART_TILE(3, 2), T_STONE_B = ART_TILE(4, 2), T_STONE_BR = ART_TILE(5, 2),
    /* Inner corners of the grass: dirt with sky showing at one top corner
     * (under a step up to the right / to the left), and a one-tile-wide
     * grass column top and its body. */
    T_GRASS_INNER_L = ART_TILE(6, 0), T_GRASS_INNER_R = ART_TILE(7, 0),
    T_GRASS_COLUMN_TOP = ART_TILE(6, 1), T_DIRT_COLUMN = ART_TILE(7, 1),
    /* Grass with both sides open (a floating one-tile-high ledge): left, right. */
    T_LEDGE_L = ART_TILE(6, 2), T_LEDGE_R = ART_TILE(7, 2),
    /* Wooden planks (a bridge or a floating platform): left end, middle, right end. */
    T_PLANK_L = ART_TILE(0, 3), T_PLANK = ART_TILE(1, 3), T_PLANK_R = ART_TILE(2, 3),
    /* Castle walls: bricks, the crenellated top, a window, the dark wall behind. */
    T_WALL = ART_TILE(3, 3), T_WALL_TOP = ART_TILE(4, 3), T_WALL_WINDOW = ART_TILE(5, 3),
    T_WALL_BACK = ART_TILE(6, 3), T_DOOR = ART_TILE(7, 3),
    /* Water: the surface, four frames (columns 0-3), and the depths, four frames. */
    T_WATER_TOP = ART_TILE(0, 4), T_WATER = ART_TILE(4, 4),
    /* A wall torch, four frames (columns 0-3), then decorations. */
    T_TORCH = ART_TILE(0, 5), T_BUSH = ART_TILE(4, 5), T_FLOWERS = ART_TILE(5, 5),
    T_TUFT = ART_TILE(6, 5), T_ROCK = ART_TILE(7, 5),
    T_SIGN = ART_TILE(0, 6), T_FENCE = ART_TILE(1, 6), T_MUSHROOM = ART_TILE(2, 6),
    T_CRATE = ART_TILE(3, 6), T_SPIKES = ART_TILE(4, 6), T_TREE_TOP = ART_TILE(5, 6),
    T_TREE_TRUNK = ART_TILE(6, 6), T_CHAIN = ART_TILE(7, 6),
    /* Grass slopes (floors whose surface rises across the tile; the physics
     * reads slope_left / slope_right): 45 degrees up and down, then 22.5
     * degrees over two tiles, up (low half, high half) and down (high, low). */
    T_SLOPE_UP = ART_TILE(0, 7), T_SLOPE_DOWN = ART_TILE(1, 7),
    T_SLOPE_UP_LOW = ART_TILE(2, 7), T_SLOPE_UP_HIGH = ART_TILE(3, 7),
    T_SLOPE_DOWN_HIGH = ART_TILE(4, 7), T_SLOPE_DOWN_LOW = ART_TILE(5, 7),
};

#define ART_WATER_FRAMES 4
#define ART_TORCH_FRAMES 4
#define ART_WATER_MS 180 /* each water frame */
#define ART_TORCH_MS 100 /* each torch frame */

#endif
