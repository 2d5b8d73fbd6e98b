/**
 * @file akgl/tilemap.h
 * @brief Maps made with the Tiled editor (mapeditor.org): the model, the two
 *        readers (JSON and XML), the queries, and the calls that hand a map
 *        to the game (drawing, solid tiles, actors).
 *
 * Layer: assets (docs/03-layers.md). The map model is read and built below
 * the actors and the physics: it names no actor function and includes
 * neither header (see akgl_Tilemap::spawned and akgl_SolidGrid). The calls
 * that hand a map to the game are declared here and defined in the game
 * layer (the level).
 *
 * A map is a pool object (AKGL_HEAP_TILEMAP) registered in
 * AKGL_REGISTRY_TILEMAP under the real path of its file. Loading allocates
 * (the cells, the tilesets, names, properties); querying and drawing never
 * do. Everything a map points at is owned by the map and lives until its
 * last reference is given back with akgl_heap_release_tilemap; nothing in it
 * may be freed or changed by the caller.
 *
 * Both formats Tiled saves are read: JSON (.tmj/.json maps, .tsj/.json
 * tilesets, .tj templates) and XML (.tmx maps, .tsx tilesets, .tx templates),
 * and either kind of tileset or template may be referenced from either kind
 * of map. The same map saved in either format gives the same model, field
 * for field. See docs/07-tilemaps.md for the rules, what Tiled features are
 * not supported, and the limits (akgl/limits.h, AKGL_TILEMAP_*).
 *
 * Levels made with LDtk (ldtk.io) load into the same model
 * (akgl_tilemap_load_ldtk): the tile, object and properties terms below are
 * Tiled's, and docs/07-tilemaps.md ("LDtk levels") maps LDtk's onto them.
 *
 * Conventions of the model:
 * - Every string (`char *`) is NUL-terminated, owned by the map, and never
 *   NULL: an absent value is "".
 * - Every `properties` is an SDL_PropertiesID of the element's custom
 *   properties, or 0 when it has none. Types: string, file, color → string
 *   property (a file as written in the file; a color as written, "#AARRGGBB");
 *   int, object → number property; float → float property; bool → boolean
 *   property. A class-typed property is flattened: each member becomes a key
 *   "name.member" (recursively, "name.member.sub").
 * - Geometry is in pixels and map tiles exactly as the file says; group
 *   layers are folded into their children (see akgl_TilemapLayer).
 * - A raw gid is a cell value as Tiled stores it: the AKGL_TILE_FLIP_* /
 *   AKGL_TILE_ROT_120 bits on top, the global tile id below
 *   (AKGL_TILE_GID_MASK). 0 is an empty cell.
 */
#ifndef AKGL_TILEMAP_H
#define AKGL_TILEMAP_H

#include <akerror.h>
#include <akgl/heap.h>
#include <akgl/limits.h>
#include <akgl/sprite.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Bits of a raw gid (Tiled's own values)
 *  @{ */
#define AKGL_TILE_FLIP_H   0x80000000u /**< Flipped horizontally. */
#define AKGL_TILE_FLIP_V   0x40000000u /**< Flipped vertically. */
#define AKGL_TILE_FLIP_D   0x20000000u /**< Flipped diagonally (x and y swapped), applied first. */
#define AKGL_TILE_ROT_120  0x10000000u /**< Hexagonal maps: rotated 120 degrees (read and kept). */
#define AKGL_TILE_GID_MASK 0x0FFFFFFFu /**< The global tile id below the flag bits. */
/** @} */

/** @brief Map orientation (Tiled's `orientation`). */
typedef enum akgl_TilemapOrientation
{
    AKGL_TILEMAP_ORTHOGONAL, /**< "orthogonal" */
    AKGL_TILEMAP_ISOMETRIC,  /**< "isometric" (diamond) */
    AKGL_TILEMAP_STAGGERED,  /**< "staggered" (isometric, staggered rows or columns) */
    AKGL_TILEMAP_HEXAGONAL   /**< "hexagonal" */
} akgl_TilemapOrientation;

/** @brief The order Tiled draws a layer's tiles in (Tiled's `renderorder`). */
typedef enum akgl_TilemapRenderOrder
{
    AKGL_TILEMAP_RIGHT_DOWN, /**< "right-down", the default */
    AKGL_TILEMAP_RIGHT_UP,   /**< "right-up" */
    AKGL_TILEMAP_LEFT_DOWN,  /**< "left-down" */
    AKGL_TILEMAP_LEFT_UP     /**< "left-up" */
} akgl_TilemapRenderOrder;

/** @brief Staggered and hexagonal maps: which axis is staggered (`staggeraxis`). */
typedef enum akgl_TilemapStaggerAxis
{
    AKGL_TILEMAP_STAGGER_Y, /**< "y", Tiled's default: rows are shifted */
    AKGL_TILEMAP_STAGGER_X  /**< "x": columns are shifted */
} akgl_TilemapStaggerAxis;

/** @brief Staggered and hexagonal maps: which rows/columns are shifted (`staggerindex`). */
typedef enum akgl_TilemapStaggerIndex
{
    AKGL_TILEMAP_STAGGER_ODD, /**< "odd", Tiled's default */
    AKGL_TILEMAP_STAGGER_EVEN /**< "even" */
} akgl_TilemapStaggerIndex;

/** @brief What a (flattened) layer holds. Group layers do not appear. */
typedef enum akgl_TilemapLayerKind
{
    AKGL_TILEMAP_LAYER_TILES,   /**< "tilelayer" / `<layer>`: cells of raw gids */
    AKGL_TILEMAP_LAYER_OBJECTS, /**< "objectgroup" / `<objectgroup>`: objects */
    AKGL_TILEMAP_LAYER_IMAGE    /**< "imagelayer" / `<imagelayer>`: one image */
} akgl_TilemapLayerKind;

/** @brief An object layer's `draworder`. */
typedef enum akgl_TilemapDrawOrder
{
    AKGL_TILEMAP_DRAW_TOPDOWN, /**< "topdown", the default: by y */
    AKGL_TILEMAP_DRAW_INDEX    /**< "index": in the order of the objects */
} akgl_TilemapDrawOrder;

/** @brief A tileset's `objectalignment`: where a tile object's (x, y) lies on its tile. */
typedef enum akgl_TilemapObjectAlignment
{
    AKGL_TILEMAP_ALIGN_UNSPECIFIED, /**< "unspecified", the default: bottom-left on
                                         orthogonal maps, bottom (centre) on isometric ones */
    AKGL_TILEMAP_ALIGN_TOPLEFT,     /**< "topleft" */
    AKGL_TILEMAP_ALIGN_TOP,         /**< "top" */
    AKGL_TILEMAP_ALIGN_TOPRIGHT,    /**< "topright" */
    AKGL_TILEMAP_ALIGN_LEFT,        /**< "left" */
    AKGL_TILEMAP_ALIGN_CENTER,      /**< "center" */
    AKGL_TILEMAP_ALIGN_RIGHT,       /**< "right" */
    AKGL_TILEMAP_ALIGN_BOTTOMLEFT,  /**< "bottomleft" */
    AKGL_TILEMAP_ALIGN_BOTTOM,      /**< "bottom" */
    AKGL_TILEMAP_ALIGN_BOTTOMRIGHT  /**< "bottomright" */
} akgl_TilemapObjectAlignment;

/** @brief A tileset's `tilerendersize` (Tiled 1.9). */
typedef enum akgl_TilemapTileRenderSize
{
    AKGL_TILEMAP_RENDER_TILE_SIZE, /**< "tile", the default: tiles keep their own size */
    AKGL_TILEMAP_RENDER_GRID_SIZE  /**< "grid": tiles are scaled to the map's grid */
} akgl_TilemapTileRenderSize;

/** @brief A tileset's `fillmode` (Tiled 1.9), with AKGL_TILEMAP_RENDER_GRID_SIZE. */
typedef enum akgl_TilemapFillMode
{
    AKGL_TILEMAP_FILL_STRETCH,           /**< "stretch", the default */
    AKGL_TILEMAP_FILL_PRESERVE_ASPECT    /**< "preserve-aspect-fit" */
} akgl_TilemapFillMode;

/** @brief An object's shape. */
typedef enum akgl_TilemapObjectShape
{
    AKGL_TILEMAP_SHAPE_RECTANGLE, /**< The default (also a tile object's shape: see gid) */
    AKGL_TILEMAP_SHAPE_ELLIPSE,   /**< In its bounding box x, y, width, height */
    AKGL_TILEMAP_SHAPE_POINT,     /**< x, y only */
    AKGL_TILEMAP_SHAPE_POLYGON,   /**< points, relative to x, y, closed */
    AKGL_TILEMAP_SHAPE_POLYLINE,  /**< points, relative to x, y, open */
    AKGL_TILEMAP_SHAPE_TEXT       /**< text, in its box (formatting is not kept) */
} akgl_TilemapObjectShape;

/*
 * Actors are above the map model: a map only refers to the ones it spawned
 * (akgl_Tilemap::spawned, akgl_ActorRef values of <akgl/heap.h>), so their
 * struct is named by its tag here and <akgl/actor.h> is not included.
 */
struct akgl_Actor;

/**
 * @brief One chunk of a chunked solid grid (akgl_SolidGrid::chunks).
 */
typedef struct akgl_SolidGridChunk
{
    /**@{*/
    int col, row;         /**< Grid cell of its top-left cell: multiples of the grid's
                               chunk_cols / chunk_rows. */
    /**@}*/
    const uint8_t *cells; /**< chunk_cols * chunk_rows cells, row-major, AKGL_CELL_* values. */
} akgl_SolidGridChunk;

/**
 * @brief Solid tiles: a grid of cells, each an AKGL_CELL_* value (0 open, 1 solid).
 *
 * What a map's solid tiles give the physics (akgl_tilemap_solid_grid) and
 * what the arcade physics collides with (akgl_physics_set_solid_grid). It is
 * data the map produces, so it is declared here, with the map, and
 * <akgl/physics.h> includes this header.
 *
 * A grid is dense (nchunks 0: cols * rows cells in `cells`) or chunked
 * (nchunks > 0, an infinite map's): then only the chunks are stored, cols x
 * rows is their bounding box, every cell outside a chunk is open, and
 * `cells` is the block the chunks' cells lie in.
 */
typedef struct akgl_SolidGrid
{
    const uint8_t *cells; /**< Dense: cols * rows cells, row-major. Chunked: the block holding
                               every chunk's cells. Borrowed (the caller keeps it alive). */
    /**@{*/
    int cols, rows;       /**< Grid size in cells (chunked: the chunks' bounding box). */
    /**@}*/
    /**@{*/
    float tile_w, tile_h; /**< Cell size in pixels. */
    /**@}*/
    /**@{*/
    float origin_x, origin_y; /**< World position of cell (0, 0)'s top-left corner. */
    /**@}*/
    /**@{*/
    int chunk_cols, chunk_rows; /**< Chunked: every chunk's size in cells; 0 when dense. */
    /**@}*/
    int nchunks;                /**< Chunked: entries in chunks; 0 for a dense grid. */
    const akgl_SolidGridChunk *chunks; /**< Chunked: sorted by row, then col, no two at one
                                            place, each inside cols x rows; NULL when dense. */
} akgl_SolidGrid;

/**
 * @name Cell values of an akgl_SolidGrid
 *
 * 0 is open. AKGL_CELL_ONE_WAY is a one-way floor: it stops only a box
 * falling onto its top from above it (never sideways, never from below) and
 * lets one that asked to drop through pass (akgl_physics_drop_through).
 * AKGL_CELL_SLOPE(left, right) is a floor slope: the surface rises from
 * `left` eighths of the cell's height at its left edge to `right` eighths at
 * its right edge (each 0..8), straight between; it holds up the middle of a
 * box's bottom edge (docs/14-physics.md) and, like a one-way floor, never
 * blocks sideways or from below. Every other value is solid (1 is the usual
 * one; values from 0x80 up that are neither of these are kept for later
 * shapes and are solid for now).
 * @{
 */
#define AKGL_CELL_OPEN 0          /**< Nothing there. */
#define AKGL_CELL_SOLID 1         /**< A solid square. */
#define AKGL_CELL_ONE_WAY 0x80    /**< A one-way floor (its top). */
#define AKGL_CELL_SLOPE_BASE 0xA0 /**< AKGL_CELL_SLOPE(0, 0). */
#define AKGL_CELL_SLOPE_LAST 0xF0 /**< AKGL_CELL_SLOPE(8, 8). */
/** A slope from @p left to @p right eighths of the cell height (each 0..8). */
#define AKGL_CELL_SLOPE(left, right) ((uint8_t)(AKGL_CELL_SLOPE_BASE + (left) * 9 + (right)))
/** @} */

/**
 * @brief A platform the arcade physics moves and actors stand on (a Tiled
 *        object of type "platform", docs/07-tilemaps.md).
 *
 * Its box goes from (x, y) to (x + dx, y + dy) in leg_steps fixed physics
 * steps, back in as many, and so on; at physics step n its top-left is
 * (x, y) + (dx, dy) * t with t = k / leg_steps, k = n mod (2 leg_steps)
 * folded back over leg_steps: a function of the step count alone, so it is
 * the same at any frame rate. leg_steps 0 (or dx = dy = 0) is a platform
 * that does not move.
 */
typedef struct akgl_Platform
{
    /**@{*/
    float x, y;          /**< Top-left at step 0, world px. */
    /**@}*/
    /**@{*/
    float w, h;          /**< Size in px (each at least 1). */
    /**@}*/
    /**@{*/
    float dx, dy;        /**< The far end of its path, relative to (x, y). */
    /**@}*/
    uint32_t leg_steps;  /**< Fixed steps from one end to the other; 0: still. */
    bool one_way;        /**< Only its top holds (jump up through, drop through); else
                              solid: it also blocks sideways and from below. */
} akgl_Platform;

/** @brief One frame of an animated tile. */
typedef struct akgl_TilemapFrame
{
    uint32_t tileid;   /**< Local id (in the same tileset) of the tile shown. */
    uint32_t duration; /**< How long it is shown, in milliseconds (>= 1). */
} akgl_TilemapFrame;

/**
 * @brief What the file says about one tile of a tileset (Tiled's `<tile>` /
 *        "tiles" entry). Tiles the file says nothing about have no entry,
 *        except in an image-collection tileset, where every tile has one.
 */
typedef struct akgl_TilemapTile
{
    uint32_t id;                 /**< Local id; the tile's gid is the tileset's firstgid + id. */
    char *type;                  /**< `type`, or Tiled 1.9's `class`; "" when none. */
    SDL_PropertiesID properties; /**< The tile's own custom properties, or 0. */
    /* Image collections only (else image is "" and sheet NULL): */
    char *image;                 /**< The tile's image, the path as resolved. */
    akgl_SpriteSheet *sheet;     /**< Its sheet (the map holds one reference). */
    /**@{*/
    int imagewidth, imageheight; /**< The image's size as the file says (0 when not said). */
    /**@}*/
    /**@{*/
    /**
     * The source rectangle of the tile: in a collection, the sub-rectangle of
     * its own image (Tiled 1.9's x/y/width/height; the whole image when not
     * said); in an image tileset, its cell on the tileset's sheet.
     */
    int x, y, width, height;
    /**@}*/
    int nframes;                 /**< Frames of its animation; 0 when it is not animated. */
    akgl_TilemapFrame *frames;   /**< nframes frames, in order. */
    uint32_t duration;           /**< The sum of the frame durations (ms), 0 when not animated. */
} akgl_TilemapTile;

/** @brief One tileset of a map (inline or from an external .tsj/.tsx file). */
typedef struct akgl_TilemapTileset
{
    uint32_t firstgid;           /**< The gid of its tile 0 in this map. */
    char *name;                  /**< `name`. */
    char *class_name;            /**< Tiled 1.9's `class`; "" when none. */
    char *source;                /**< The external file, resolved; "" for an inline tileset. */
    int tilecount;               /**< `tilecount`: tiles in the image, or in the collection. */
    int columns;                 /**< `columns` (0 for a collection). */
    /**@{*/
    int tilewidth, tileheight;   /**< The tile size in px (a collection: the largest tile). */
    /**@}*/
    int margin;                  /**< px around the tiles on the image. */
    int spacing;                 /**< px between neighbouring tiles on the image. */
    /**@{*/
    int tileoffsetx, tileoffsety; /**< `tileoffset`: px added where each tile is drawn. */
    /**@}*/
    akgl_TilemapObjectAlignment objectalignment; /**< Anchor of tile objects. */
    akgl_TilemapTileRenderSize tilerendersize;   /**< Tile or grid size. */
    akgl_TilemapFillMode fillmode;                /**< How grid size fills. */
    bool collection;             /**< An image collection: one image per tile, no sheet here. */
    char *image;                 /**< Image tilesets: the image, the path as resolved; "" for a collection. */
    /**@{*/
    int imagewidth, imageheight; /**< The image's size as the file says. */
    /**@}*/
    akgl_SpriteSheet *sheet;     /**< Image tilesets: the sheet (one reference held by the map); NULL for a collection. */
    uint32_t idlimit;            /**< One past the largest local id a gid may name (tilecount
                                      for image tilesets, largest id + 1 for collections). */
    int ntiles;                  /**< Entries in tiles. */
    akgl_TilemapTile *tiles;     /**< Tiles the file describes, sorted by id (see akgl_tilemap_tileset_tile). */
    SDL_PropertiesID properties; /**< The tileset's custom properties, or 0. */
} akgl_TilemapTileset;

/** @brief One object of an object layer, with its template's values filled in. */
typedef struct akgl_TilemapObject
{
    int id;                      /**< Unique in the map. */
    char *name;                  /**< `name`; "" when none. */
    char *type;                  /**< `type`, or Tiled 1.9's `class`; "" when none. */
    /**@{*/
    float x, y;                  /**< As the file says: a tile object keeps Tiled's bottom-left anchor. */
    /**@}*/
    /**@{*/
    float width, height;         /**< As the file says (a point has 0 x 0). */
    /**@}*/
    float rotation;              /**< Degrees, clockwise, about (x, y). */
    uint32_t gid;                /**< Raw gid, flags included, of a tile object; 0 otherwise.
                                      A template's gid is renumbered into this map's tilesets. */
    bool visible;                /**< `visible`. */
    akgl_TilemapObjectShape shape; /**< Rectangle, ellipse, point, polygon, polyline, text. */
    int npoints;                 /**< Polygon and polyline points; 0 otherwise. */
    SDL_FPoint *points;          /**< npoints points relative to (x, y). */
    char *text;                  /**< A text object's text; "" otherwise. */
    SDL_PropertiesID properties; /**< Its own and its template's (its own win), not its tile's; or 0. */
} akgl_TilemapObject;

/**
 * @brief One chunk of an infinite map's tile layer (akgl_TilemapLayer::chunks).
 *
 * Every chunk of a map has the layer's chunkwidth x chunkheight, lies on a
 * multiple of that size, and no two chunks of a layer share a place (the
 * loader refuses anything else; docs/07-tilemaps.md).
 */
typedef struct akgl_TilemapChunk
{
    /**@{*/
    int x, y;        /**< Map cell of its top-left cell (may be negative). */
    /**@}*/
    uint32_t *cells; /**< chunkwidth * chunkheight raw gids, row-major: map cell
                          (x + i, y + j) is cells[j * chunkwidth + i]. */
} akgl_TilemapChunk;

/**
 * @brief One layer, after folding the enclosing group layers into it.
 *
 * The effective values: `visible` is the AND of the layer's and every
 * enclosing group's, `opacity` and `parallaxx/y` their product, `offsetx/y`
 * their sum, `tint` their component-wise product (each channel c1*c2/255,
 * alpha included). Only the fields of its own kind are set; the others are 0
 * (and `image` is "").
 */
typedef struct akgl_TilemapLayer
{
    akgl_TilemapLayerKind kind;  /**< Tiles, objects or image. */
    int id;                      /**< `id` (unique in the map). */
    char *name;                  /**< `name`. */
    char *class_name;            /**< Tiled 1.9's `class`; "" when none. */
    bool visible;                /**< Effective visibility. */
    float opacity;               /**< Effective opacity, 0..1. */
    /**@{*/
    float offsetx, offsety;      /**< Effective offset in px. */
    /**@}*/
    /**@{*/
    float parallaxx, parallaxy;  /**< Effective parallax factor (1 = moves with the camera). */
    /**@}*/
    SDL_Color tint;              /**< Effective tint; opaque white when none. */
    SDL_PropertiesID properties; /**< The layer's own custom properties (not its groups'), or 0. */

    /* AKGL_TILEMAP_LAYER_TILES */
    /**@{*/
    int x0, y0;                  /**< Map cell of cells[0]: 0, 0 for a finite map; for an
                                      infinite map the top-left of the chunks' bounding box
                                      (may be negative). */
    /**@}*/
    /**@{*/
    int width, height;           /**< The region in tiles: a finite layer's size; an infinite
                                      layer's chunks' bounding box, which is not stored whole
                                      (0 x 0 without chunks). */
    /**@}*/
    uint32_t *cells;             /**< Finite maps: width * height raw gids, row-major: map
                                      cell (x, y) is cells[(y - y0) * width + (x - x0)]. NULL
                                      when empty, and always NULL on an infinite map (its
                                      cells are in chunks). */
    /**@{*/
    int chunkwidth, chunkheight; /**< Infinite maps: the size in tiles of every chunk (the
                                      same for every layer of the map); 0 x 0 otherwise. */
    /**@}*/
    int nchunks;                 /**< Infinite maps: the chunks stored; 0 otherwise. */
    akgl_TilemapChunk *chunks;   /**< nchunks chunks sorted by y, then x; NULL when none. */

    /* AKGL_TILEMAP_LAYER_OBJECTS */
    int nobjects;                /**< Objects in this layer. */
    akgl_TilemapObject *objects; /**< In file order. */
    akgl_TilemapDrawOrder draworder; /**< `draworder`. */
    SDL_Color color;             /**< The editor's display colour (`color`); alpha 0 when none. */

    /* AKGL_TILEMAP_LAYER_IMAGE */
    char *image;                 /**< The image, the path as resolved; "" for a layer without one. */
    akgl_SpriteSheet *sheet;     /**< Its sheet (one reference held by the map), NULL without image. */
    /**@{*/
    int imagewidth, imageheight; /**< The image's size as the file says (0 when not said). */
    /**@}*/
    /**@{*/
    bool repeatx, repeaty;       /**< Repeated across the view along x / y. */
    /**@}*/

    /* LDtk IntGrid layers (akgl_tilemap_load_ldtk); NULL on every other layer */
    int32_t *intgrid;            /**< LDtk IntGrid layers: width * height IntGrid values,
                                      row-major (0: empty); NULL otherwise. Read with
                                      akgl_tilemap_intgrid_at. */
    uint8_t *solid;              /**< LDtk IntGrid layers: width * height AKGL_CELL_* values,
                                      the cells whose IntGrid value the load called solid
                                      (AKGL_CELL_SOLID) and the rest open; what
                                      akgl_tilemap_solid_grid adds to the grid. NULL otherwise. */
} akgl_TilemapLayer;

/** @brief A level next to an LDtk level (akgl_TilemapLevel::neighbours, LDtk's `__neighbours`). */
typedef struct akgl_TilemapNeighbour
{
    char *identifier; /**< The neighbour's level identifier (load it with akgl_tilemap_load_ldtk). */
    char *iid;        /**< Its `iid`, as LDtk saves it. */
    /** Where it lies: "n", "s", "e", "w", "ne", "nw", "se", "sw", "<" (a world depth
     *  below), ">" (above) or "o" (overlapping), as LDtk writes it. */
    char dir[3];
} akgl_TilemapNeighbour;

/**
 * @brief Where an LDtk level stands in its world (akgl_tilemap_level). A map
 *        loaded from Tiled has none.
 */
typedef struct akgl_TilemapLevel
{
    char *project;     /**< The real path of the .ldtk project file. */
    char *identifier;  /**< The level's `identifier`. */
    char *iid;         /**< The level's `iid`. */
    char *file;        /**< The real path of the file its layers were read from: the
                            .ldtkl of a level saved apart, else the project. */
    char *solid;       /**< The solid values it was loaded with (akgl_tilemap_load_ldtk's
                            `solid`, kept for hot reload); NULL for every non-zero value. */
    /**@{*/
    int worldx, worldy; /**< `worldX`, `worldY`: its top-left in world pixels. */
    /**@}*/
    int worlddepth;    /**< `worldDepth`. */
    /**@{*/
    int pxwidth, pxheight; /**< `pxWid`, `pxHei`: its size in pixels. */
    /**@}*/
    int nneighbours;   /**< Entries in neighbours. */
    akgl_TilemapNeighbour *neighbours; /**< As LDtk lists them; NULL when none. */
} akgl_TilemapLevel;

/** @brief A map. A pool object: see akgl_heap_next_tilemap / akgl_heap_release_tilemap. */
typedef struct akgl_Tilemap
{
    int refcount;                          /**< Pool bookkeeping; 0 = free slot. */
    char path[AKGL_MAX_STRING_LENGTH];     /**< The map file's real path: the registry key. */
    akgl_TilemapOrientation orientation;   /**< Orthogonal, isometric, staggered, hexagonal. */
    akgl_TilemapRenderOrder renderorder;   /**< `renderorder`, kept. */
    /**@{*/
    int width, height;                     /**< Size in tiles, as the file says. */
    /**@}*/
    /**@{*/
    int tilewidth, tileheight;             /**< Grid cell size in px. */
    /**@}*/
    bool infinite;                         /**< Stored in chunks (see akgl_TilemapLayer::x0). */
    int hexsidelength;                     /**< Hexagonal: `hexsidelength` in px (0 otherwise). */
    akgl_TilemapStaggerAxis staggeraxis;   /**< Staggered/hexagonal: `staggeraxis`. */
    akgl_TilemapStaggerIndex staggerindex; /**< Staggered/hexagonal: `staggerindex`. */
    /**@{*/
    float parallaxoriginx, parallaxoriginy; /**< `parallaxoriginx/y` in px (0 by default). */
    /**@}*/
    SDL_Color background;                  /**< `backgroundcolor`; alpha 0 when the map has none. */
    char *class_name;                      /**< Tiled 1.9's `class`; "" when none. */
    int ntilesets;                         /**< Entries in tilesets. */
    akgl_TilemapTileset *tilesets;         /**< In document order (ascending firstgid). */
    int nlayers;                           /**< Entries in layers. */
    akgl_TilemapLayer *layers;             /**< Document order, groups flattened away (a
                                                group's children stand in its place). */
    SDL_PropertiesID properties;           /**< The map's custom properties, or 0. */

    /* Kept for the game side (akgl_tilemap_solid_grid, akgl_tilemap_spawn_actors);
     * the loader leaves them empty and akgl_heap_release_tilemap frees them. */
    uint8_t *solid_cells;                  /**< The solid grid's cells (malloc'd by
                                                akgl_tilemap_solid_grid), or NULL. */
    akgl_SolidGrid solid;                  /**< The grid last built over solid_cells. */
    akgl_Platform *platforms;              /**< Its "platform" objects (malloc'd by
                                                akgl_tilemap_platforms), or NULL. */
    int nplatforms;                        /**< Entries in platforms. */
    akgl_ActorRef *spawned;                /**< Actors spawned from the objects (malloc'd),
                                                by reference (akgl_actor_from_ref): the map
                                                holds one reference on each while it is
                                                there; one despawned or released since no
                                                longer resolves, and the map forgets it. */
    int nspawned;                          /**< Entries in spawned. */
    akgl_TilemapLevel *level;              /**< LDtk maps: the level's place in its world
                                                (akgl_tilemap_level); NULL for Tiled maps. */

    void *storage;                         /**< Private: every block the loader allocated. */
} akgl_Tilemap;

/* ------------------------------------------------------------------------ */
/* The pool                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * @brief Hands out a free map slot with refcount 1 (the caller's reference),
 *        zero apart from the count.
 * @param dest Gets the slot; the caller holds its one reference.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKGL_ERR_HEAP naming
 *         the tilemap layer when every slot is taken.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_tilemap(akgl_Tilemap **dest);

/**
 * @brief Gives one reference back; at 0 the map is torn down and its slot freed.
 *
 * Teardown leaves AKGL_REGISTRY_TILEMAP (if the entry still points at this
 * map), gives back the actors it spawned and every sheet it holds (tileset
 * images, collection tiles' images, image layers), destroys every properties
 * set, and frees every allocation: cells, names, tilesets, objects, the solid
 * grid's cells. If the map is game.tilemap, unset it first
 * (akgl_game_set_tilemap(NULL)): the game holds its own reference.
 * @param obj The map; the caller's reference is gone afterwards.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when the refcount is already
 *         0; AKERR_BEHAVIOR, with nothing written, for a pointer that is not
 *         a slot of the tilemap pool (a map only ever lives in it). An error
 *         from a teardown step is returned after the rest of the teardown
 *         has run.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_tilemap(akgl_Tilemap *obj);

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * @brief Loads a map saved by Tiled in its JSON format (.tmj or .json).
 *
 * External tilesets (.tsj/.json or .tsx) and object templates (.tj or .tx)
 * are read relative to the file that names them. Every image is loaded
 * through the spritesheet registry under its real path, so maps and sprites
 * share one texture per image file; a renderer must be bound.
 *
 * If the map's real path is already registered, nothing is read: *dest gets
 * that map with one more reference.
 * @param filename The map file.
 * @param dest     Receives the map with a reference for the caller (release it
 *                 with akgl_heap_release_tilemap). Written only on success.
 * @return NULL, or, with the file (and the layer, tileset, object or cell)
 *         and the offending value named in the message:
 *         AKERR_NULLPOINTER; the errno status (ENOENT...) for a missing map,
 *         tileset, template or image file; AKERR_FORMAT for text that is not
 *         JSON (file:line:column) or XML (file:line:column from expat), for
 *         truncated or corrupt base64, corrupt zlib/gzip/zstd data, or an image
 *         that cannot be loaded; AKERR_TYPE for a value of the wrong JSON type;
 *         AKERR_KEY for a required key that is absent; AKERR_VALUE for an
 *         unknown orientation, layer type, encoding, compression, property
 *         type or the like, for decoded data whose length does not match the
 *         layer (or chunk), and for a tileset or template include cycle;
 *         AKERR_OUTOFBOUNDS for a gid past every tileset (or an id an image
 *         collection lacks), a layer of more than AKGL_TILEMAP_MAX_LAYER_CELLS
 *         cells, or any other AKGL_TILEMAP_* limit, and for a map over the
 *         budget of the whole load (akgl_tilemap_set_budget); AKERR_BEHAVIOR when no
 *         renderer is bound; AKGL_ERR_HEAP when a pool is full; AKERR_API when
 *         SDL cannot make a properties set. A failed load leaves nothing
 *         claimed: no map slot, sheet, texture, registry entry, memory or
 *         error context.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_load_json(const char *filename,
                                                          akgl_Tilemap **dest);

/**
 * @brief Loads a map saved by Tiled in its XML format (.tmx), through expat.
 *
 * As akgl_tilemap_load_json in every respect (the same model for the same
 * map): external tilesets may be .tsx or .tsj/.json, templates .tx or .tj.
 * @param filename The map file.
 * @param dest     As akgl_tilemap_load_json.
 * @return As akgl_tilemap_load_json; malformed XML is AKERR_FORMAT with
 *         file:line:column and expat's reason; entities that expand the text
 *         past AKGL_TILEMAP_XML_MAX_AMPLIFICATION are AKERR_OUTOFBOUNDS.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_load_tmx(const char *filename,
                                                         akgl_Tilemap **dest);

/**
 * @brief Loads a map in any format akgl reads, chosen by the file name:
 *        ".tmx" (any case) is Tiled XML, ".ldtk" (any case) an LDtk project
 *        (its first level, every non-zero IntGrid value solid:
 *        akgl_tilemap_load_ldtk(filename, NULL, NULL, dest)), anything else
 *        Tiled JSON.
 * @param filename The map file.
 * @param dest     As akgl_tilemap_load_json.
 * @return As akgl_tilemap_load_json / akgl_tilemap_load_tmx / akgl_tilemap_load_ldtk.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_load(const char *filename, akgl_Tilemap **dest);

/**
 * @brief Loads one level of an LDtk project (.ldtk) into the same model a
 *        Tiled map loads into (docs/07-tilemaps.md, "LDtk levels").
 *
 * The level's layers come from the project, or, for a project that saves
 * its levels apart (`externalLevels`), from the level's .ldtkl file (its
 * `externalRelPath`, relative to the project). Tilesets (`relPath`) are read
 * relative to the project. Tile layers and auto-layers become tile layers
 * (LDtk's flips as AKGL_TILE_FLIP_H / _V; tiles stacked on one cell go to
 * extra layers named "<layer>#2", "#3", ... drawn above it), IntGrid layers
 * tile layers of their auto-tiles that carry the IntGrid values
 * (akgl_TilemapLayer::intgrid) and the solid grid (akgl_TilemapLayer::solid), entity layers
 * object layers whose objects spawn actors like Tiled objects, with the
 * entities' Int, Float, Bool and String-like fields as their properties.
 * Layers are in Tiled's order, bottom first (LDtk lists them top first).
 *
 * The map's key in AKGL_REGISTRY_TILEMAP (and its `path`) is the project's
 * real path, "#" and the level's identifier: loading a level already loaded
 * reads nothing and hands back the same map with one more reference (the
 * @p solid of its first load stands).
 * @param filename The .ldtk project file.
 * @param level    The level's `identifier` (exact); NULL for the project's first level.
 * @param solid    Which IntGrid values are solid: a comma-separated list of
 *                 values (decimal) and value identifiers, e.g. "1,wall"; NULL
 *                 or "" for every non-zero value.
 * @param dest     Receives the map with a reference for the caller (release
 *                 it with akgl_heap_release_tilemap). Written only on success.
 * @return NULL, or, naming the file, the JSON path in it (e.g.
 *         "levels[1].layerInstances[0].gridTiles[3].t"), the value and the
 *         limit: AKERR_NULLPOINTER; the errno status for a missing project,
 *         level or image file; AKERR_FORMAT for text that is not JSON
 *         (file:line:column); AKERR_KEY for a required key that is absent, a
 *         level the project does not have (the levels it has are listed), an
 *         entry of @p solid that no IntGrid value is called, a tileset or
 *         layer definition uid that is not defined; AKERR_TYPE for a value of
 *         the wrong JSON type; AKERR_VALUE for an unknown layer type or
 *         neighbour direction, a tile off its layer's grid or a tileset whose
 *         tiles are not the grid's size, layers of different grid sizes, a
 *         tileset without an image; AKERR_OUTOFBOUNDS for a tile id past its
 *         tileset, a tile or entity outside its layer, an IntGrid value below
 *         0, a layer over AKGL_TILEMAP_MAX_LAYER_CELLS cells, a level over
 *         AKGL_TILEMAP_MAX_EXTENT tiles, more than AKGL_TILEMAP_MAX_LAYERS
 *         layers, or over the load budget (akgl_tilemap_set_budget); and
 *         every error of akgl_tilemap_load_json for what the level becomes.
 *         A failed load leaves nothing claimed: no map slot, sheet, texture,
 *         registry entry, memory or error context.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_load_ldtk(const char *filename, const char *level,
                                                          const char *solid, akgl_Tilemap **dest);

/**
 * @brief Where an LDtk level stands in its world: its position, depth, size
 *        and neighbours.
 * @param map  The map (loaded with akgl_tilemap_load_ldtk).
 * @param dest Gets the level's description, borrowed from the map.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE naming the map when it was not
 *         loaded from LDtk (it has no world).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_level(const akgl_Tilemap *map,
                                                      const akgl_TilemapLevel **dest);

/**
 * @brief The IntGrid value of an LDtk IntGrid layer at map cell (@p x, @p y).
 * @param map   The map.
 * @param layer An index into map->layers.
 * @param x     Map cell column.
 * @param y     Map cell row.
 * @param value Gets the value; 0 (empty) outside the layer.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for a layer index
 *         outside 0..nlayers-1; AKERR_TYPE naming the layer when it is not an
 *         IntGrid layer. *value is written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_intgrid_at(const akgl_Tilemap *map, int layer,
                                                           int x, int y, int *value);

/**
 * @brief What one map load may cost as a whole (akgl_tilemap_set_budget).
 *
 * The per-element limits of akgl/limits.h bound one layer, one tileset, one
 * object; these bound the sum, so that a small file cannot ask for
 * gigabytes through many elements that each pass. 0 in a field means its
 * default.
 */
typedef struct akgl_TilemapBudget
{
    /** Cells stored for all the map's tile layers together (an infinite
     *  layer counts its chunks' cells); 0: AKGL_TILEMAP_MAX_MAP_CELLS. */
    int64_t max_cells;
    /** Bytes the load may allocate for the map: cells, layers, objects,
     *  points, tilesets, tiles, names, and AKGL_TILEMAP_PROPERTY_BYTES plus
     *  the name for each custom property; 0: AKGL_TILEMAP_MAX_MAP_BYTES. */
    int64_t max_bytes;
} akgl_TilemapBudget;

/**
 * @brief Sets the budget every later map load is held to (both formats).
 *
 * A load over it is refused with AKERR_OUTOFBOUNDS naming the file, what was
 * being counted, the count, the budget and the macro of its default, before
 * the allocation that would pass it. The budget is process-wide: set it
 * from the thread that loads maps, before loading. It lasts until it is set
 * again (akgl_game_init does not reset it).
 * @param budget The new budget; NULL, or 0 in a field, restores the default.
 * @return NULL; AKERR_OUTOFBOUNDS for a negative field.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_set_budget(const akgl_TilemapBudget *budget);

/**
 * @brief The budget map loads are held to now, defaults filled in.
 * @param dest Receives it.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_get_budget(akgl_TilemapBudget *dest);

/* ------------------------------------------------------------------------ */
/* Queries (never allocate; a miss that is not an error formats nothing)    */
/* ------------------------------------------------------------------------ */

/**
 * @brief The raw gid (flags included; 0 = empty) of tile layer @p layer at
 *        map cell (@p x, @p y).
 *
 * Cells outside the stored region (x0, y0, width, height; on an infinite
 * map, outside every chunk) are empty: 0 and success, negative coordinates
 * included. On an infinite map the chunk is found by binary search
 * (log2 of the layer's chunks).
 * @param map   The map.
 * @param layer An index into map->layers.
 * @param x     Map cell column.
 * @param y     Map cell row.
 * @param raw   Gets the raw gid.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for a layer index
 *         outside 0..nlayers-1; AKERR_TYPE for a layer that is not a tile
 *         layer. *raw is written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_tile_at(const akgl_Tilemap *map, int layer, int x,
                                                        int y, uint32_t *raw);

/**
 * @brief Sets tile layer @p layer's cell (@p x, @p y) to the raw gid @p raw
 *        (flip bits included; 0 empties it).
 *
 * The way to change a map's tiles while it is drawn: when @p map is the
 * game's map and the layer is cached (docs/07-tilemaps.md, "The layer
 * cache"), the chunk holding the cell is drawn again at its next frame. A
 * cell written straight into the layer's cells is not seen by the cache.
 * When the level has built the map's solid grid (akgl_tilemap_solid_grid,
 * akgl_game_set_tilemap), the cell's grid value is worked out again from
 * every layer (the tiles' `solid`, `one_way` and slope properties, the
 * layers' own), so the physics collides with the new tile from its next
 * step. No allocation.
 * @param map   The map.
 * @param layer An index into map->layers.
 * @param x     Map cell column, inside the stored region (on an infinite
 *              map, inside a stored chunk).
 * @param y     Map cell row, likewise.
 * @param raw   The raw gid: 0, or a gid of one of the map's tilesets with
 *              any of the flip bits.
 * @return NULL; AKERR_NULLPOINTER for a NULL map; AKGL_ERR_HEAP for a
 *         released map; AKERR_OUTOFBOUNDS for a layer index outside
 *         0..nlayers-1 or a cell outside the stored region; AKERR_TYPE for a
 *         layer that is not a tile layer; AKERR_KEY for a gid of no tileset.
 *         Nothing is changed on failure.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_set_tile(akgl_Tilemap *map, int layer, int x,
                                                         int y, uint32_t raw);

/**
 * @brief The hint (or environment variable) for the layer cache
 *        (docs/07-tilemaps.md): "0" draws every tile layer tile by tile;
 *        "1", "auto" or unset caches the layers that can be. Read by
 *        akgl_game_set_tilemap; any other value is refused there with
 *        AKERR_VALUE.
 */
#define AKGL_HINT_TILEMAP_CACHE "AKGL_TILEMAP_CACHE"

/**
 * @brief The index in map->tilesets of the tileset @p gid belongs to.
 *
 * Flag bits are ignored. The tileset is the one with the largest firstgid
 * not above the gid.
 * @param map   The map.
 * @param gid   A gid (flag bits ignored).
 * @param index Gets the tileset's index.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY for gid 0, a gid below every
 *         firstgid, a gid past its tileset's tiles (local id >= idlimit), and
 *         a local id an image collection does not have. *index is written
 *         only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_tileset_for_gid(const akgl_Tilemap *map,
                                                                uint32_t gid, int *index);

/**
 * @brief A tile's own custom properties (flag bits ignored).
 * @param map  The map.
 * @param gid  The tile's gid.
 * @param dest Receives the SDL_PropertiesID, 0 when the tile has none (not an
 *             error). Owned by the map: do not destroy it.
 * @return NULL; AKERR_NULLPOINTER; the errors of akgl_tilemap_tileset_for_gid.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_tile_properties(const akgl_Tilemap *map,
                                                                uint32_t gid,
                                                                SDL_PropertiesID *dest);

/**
 * @brief The index in map->layers of the first layer named @p name (exact,
 *        case-sensitive; group layers are not layers here).
 * @param map   The map.
 * @param name  The layer's name.
 * @param index Gets the index.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY naming @p name when no layer has it.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_layer_index(const akgl_Tilemap *map,
                                                            const char *name, int *index);

/**
 * @brief What @p tileset says about local tile @p localid: a binary search of
 *        its tiles.
 * @param tileset The tileset.
 * @param localid The local tile id.
 * @param dest Receives the entry, or NULL when the file says nothing about
 *             that tile (success: most tiles of an image tileset have none).
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_tileset_tile(const akgl_TilemapTileset *tileset,
                                                             uint32_t localid,
                                                             const akgl_TilemapTile **dest);

/**
 * @brief Where local tile @p localid of @p tileset is drawn from: its sheet
 *        and the source rectangle on it (margin and spacing applied for image
 *        tilesets; the tile's own image and sub-rectangle for collections).
 * @param tileset The tileset.
 * @param localid The local tile id.
 * @param sheet   Gets the sheet (borrowed: the map holds it).
 * @param src     Gets the source rectangle on the sheet.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY for a local id at or past
 *         idlimit, or one a collection does not have; AKERR_VALUE for an
 *         image tileset with no columns (a loaded one always has one).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_tileset_source(const akgl_TilemapTileset *tileset,
                                                               uint32_t localid,
                                                               akgl_SpriteSheet **sheet,
                                                               SDL_FRect *src);

/* ------------------------------------------------------------------------ */
/* The map in the game                                                      */
/* ------------------------------------------------------------------------ */

/**
 * @brief Makes @p map the current map (game.tilemap), drawn by
 *        akgl_game_update under the actors.
 *
 * Takes a reference on @p map and gives the previous map's back; NULL unsets
 * the current map. With a physics backend bound (game.physics), its solid
 * grid becomes the map's (akgl_tilemap_solid_grid; none for an isometric map
 * or one without tile cells), and its platforms the map's
 * (akgl_tilemap_platforms; none for an isometric map), or none with NULL.
 * The game's camera
 * (game.camera) is bounded to the map's extent (akgl_tilemap_pixel_bounds;
 * unbounded for NULL or a map covering no cell), unless the property
 * "camera.map_bounds" is 0 (docs/13-camera.md).
 * @param map The map, or NULL.
 * @return NULL; AKERR_VALUE naming the orientation for a map that cannot be
 *         drawn (staggered, hexagonal), with nothing changed; AKGL_ERR_HEAP
 *         for a released map; AKERR_FORMAT or AKERR_OUTOFBOUNDS for a
 *         "camera.map_bounds" that is not an int (nothing changed); the
 *         errors of akgl_tilemap_solid_grid and akgl_tilemap_platforms (a bad
 *         marking: nothing changed).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_set_tilemap(akgl_Tilemap *map);

/**
 * @brief The solid grid of @p map for the arcade physics.
 *
 * A cell is solid where a tile layer holds a tile whose tile property
 * `solid` is true, or where a tile layer whose layer property `solid` is true
 * holds any tile, whatever the layers' visibility, or where an LDtk IntGrid
 * layer's cell is solid (akgl_TilemapLayer::solid); a one-way floor
 * (AKGL_CELL_ONE_WAY) where the tile's or the layer's `one_way` is true; a
 * slope (AKGL_CELL_SLOPE) where the tile has `slope_left` and `slope_right`
 * (docs/07-tilemaps.md). A cell one layer made solid stays solid. The cells
 * are stored in the map (solid_cells) and live as long as it does.
 * @param map  The map.
 * @param dest Receives the grid; its cells are borrowed from the map.
 * Built once: later calls give the same cells (a physics backend may be
 * borrowing them).
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for a map whose grid cannot be
 *         expressed as an akgl_SolidGrid: one that is not orthogonal, or whose
 *         tile layers together span more than AKGL_TILEMAP_MAX_LAYER_CELLS
 *         cells (see docs/07-tilemaps.md); akgl_tilemap_check_physics' errors
 *         for a bad one_way, slope or platform marking; ENOMEM.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_solid_grid(akgl_Tilemap *map, akgl_SolidGrid *dest);

/**
 * @brief Turns the map's objects into actors.
 *
 * Every object whose `type` names a registered character becomes an actor of
 * that character at the object's top-left corner (tile objects converted
 * from Tiled's bottom-left anchor), named after the object, or
 * "<map file base name>#<object id>" (e.g. "level1.tmj#7") when that name is
 * taken, the map's part cut (never "#<id>") to fit an actor name's 31 bytes;
 * an object with no name becomes an anonymous actor (no name is made up:
 * akgl_actor_initialize); visible only when the object is. The character's
 * actor settings apply (akgl_actor_set_character), then the object's own
 * custom properties of the same names override them
 * (akgl_actor_settings_from_properties: "layer", "immovable", "hitbox.x",
 * ...). Objects whose type names
 * no character are left alone. The map holds one reference on each actor it
 * spawned and keeps an akgl_ActorRef to it (map->spawned; resolve one with
 * akgl_actor_from_ref), and gives them back when it is released. An actor
 * taken out of the world meanwhile (akgl_actor_despawn, or released to 0)
 * no longer resolves, and the map forgets it: a level change afterwards
 * works.
 * @param map   The map.
 * @param count Receives how many actors were spawned.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when the actor pool is full;
 *         AKERR_OUTOFBOUNDS for an object name longer than an actor name
 *         (AKGL_ACTOR_MAX_NAME_LENGTH - 1 bytes), naming the object;
 *         akgl_actor_spawn's errors (a "<file>#<id>" name that is taken too);
 *         akgl_actor_settings_from_properties' errors for a setting property
 *         of a wrong type or value, naming the map, the object and the property;
 *         ENOMEM. On failure nothing spawned by this call is kept.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_spawn_actors(akgl_Tilemap *map, int *count);

/** The name (or type) of the object akgl_tilemap_start_point finds. */
#define AKGL_TILEMAP_START "start"

/**
 * @brief The first object named @p name, on any object layer, in layer and
 *        file order.
 * @param map  The map.
 * @param name The object's name (exact; Tiled does not make names unique).
 * @param dest Gets the object, borrowed from the map; NULL on failure.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for an empty name; AKERR_KEY
 *         naming the map and the name when no object has it, with the
 *         nearest name when it looks like a typo and the first few names
 *         the map's objects have.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_find_object(const akgl_Tilemap *map,
                                                            const char *name,
                                                            const akgl_TilemapObject **dest);

/**
 * @brief Every object whose type (Tiled 1.9's class) is @p type, in layer
 *        and file order.
 * @param map   The map.
 * @param type  The type (exact).
 * @param out   Gets the first @p max objects, borrowed from the map; NULL
 *              (with @p max 0) only counts them.
 * @param max   Room in @p out.
 * @param count Gets how many objects have the type (also when that is more
 *              than @p max, and 0 on any other failure).
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for an empty type, a negative
 *         @p max, or a NULL @p out with room; AKERR_KEY naming the map and
 *         the type when no object has it, with the nearest type when it looks
 *         like a typo and the first few types there are; AKERR_OUTOFBOUNDS
 *         when more objects have it than @p out holds (the first @p max are
 *         in it, *count says how many there are).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_find_objects_by_type(const akgl_Tilemap *map,
                                                                     const char *type,
                                                                     const akgl_TilemapObject **out,
                                                                     int max, int *count);

/**
 * @brief Where an object's top-left corner lies in world pixels: where
 *        akgl_tilemap_spawn_actors puts an actor's top-left (a tile object's
 *        anchor converted, an isometric position turned into world pixels).
 * @param map  The map the object belongs to.
 * @param obj  The object.
 * @param dest Gets the position.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_object_position(const akgl_Tilemap *map,
                                                                const akgl_TilemapObject *obj,
                                                                SDL_FPoint *dest);

/**
 * @brief The map's start point: the world position (as
 *        akgl_tilemap_object_position) of the first object named "start"
 *        (AKGL_TILEMAP_START), or else of the first object of type "start".
 * @param map  The map.
 * @param dest Gets the position.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY naming the map when no object
 *         is named or of type "start", with the names the objects have.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_start_point(const akgl_Tilemap *map,
                                                            SDL_FPoint *dest);

/**
 * @brief The world rectangle the map's tiles cover: width x height tiles
 *        from (0, 0) for a finite map; an infinite map's chunks' bounding
 *        box; an isometric map's diamond's bounding box. What
 *        akgl_game_set_tilemap bounds the camera to.
 * @param map  The map.
 * @param dest Gets the rectangle.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE naming the map when it covers
 *         no cell (an infinite map without chunks, a size of 0).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_pixel_bounds(const akgl_Tilemap *map,
                                                             SDL_FRect *dest);

/**
 * @brief Checks the actor settings among every object's properties
 *        (akgl_actor_settings_from_properties), whatever its type: what
 *        akgl-check does for a map, since the types that will name
 *        characters are not known until the game runs.
 * @param map The map.
 * @return NULL; AKERR_NULLPOINTER; the first problem, naming the map, the
 *         layer, the object and the property: akgl_actor_settings_from_properties'
 *         errors.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_check_actor_settings(const akgl_Tilemap *map);

/** The type (Tiled 1.9's class) of the objects akgl_tilemap_platforms makes platforms of. */
#define AKGL_TILEMAP_PLATFORM "platform"

/**
 * @brief Checks what the map marks for the physics (docs/07-tilemaps.md):
 *        each tile's `one_way` and `slope_left`/`slope_right`, and each
 *        "platform" object's shape, `dx`, `dy`, `speed` and `one_way`.
 *        akgl_tilemap_solid_grid and akgl_tilemap_platforms run it first;
 *        akgl-check runs it on every map.
 * @param map The map.
 * @return NULL; AKERR_NULLPOINTER; the first problem, naming the map, the
 *         tileset and tile or the layer and object, the property, its value
 *         and the limit: AKERR_TYPE for a property of the wrong type (a
 *         number as a string, a bool as a number); AKERR_OUTOFBOUNDS for a
 *         slope height outside 0..the tile height, or a `dx`, `dy` or
 *         `speed` beyond 1e6 (or a negative speed); AKERR_VALUE for a slope
 *         height that is not a whole number of eighths of the tile height,
 *         a slope that is also `one_way`, a platform that is not an
 *         unrotated rectangle of at least 1x1 px, or one with a path and no
 *         speed; AKERR_KEY for one of slope_left/slope_right without the
 *         other; AKERR_OUTOFBOUNDS for more platforms than
 *         AKGL_PHYSICS_MAX_PLATFORMS.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_check_physics(const akgl_Tilemap *map);

/**
 * @brief The map's platforms: one per object of type "platform"
 *        (AKGL_TILEMAP_PLATFORM), in layer and file order, built once and
 *        kept by the map (map->platforms). What akgl_game_set_tilemap gives
 *        the physics (akgl_physics_set_platforms).
 *
 * A platform's box is the object's rectangle (at akgl_tilemap_object_position);
 * its properties: `dx`, `dy` (px, default 0) the far end of its path,
 * relative to where it starts; `speed` (px/s, needed with a path) how fast it
 * goes, as a whole number of fixed steps per leg; `one_way` (bool, default
 * false) only its top holds.
 * @param map   The map.
 * @param dest  Gets the platforms (borrowed from the map), NULL when none.
 * @param count Gets how many.
 * @return NULL; AKERR_NULLPOINTER; akgl_tilemap_check_physics' errors;
 *         ENOMEM. On failure *dest is NULL and *count 0.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_platforms(akgl_Tilemap *map,
                                                          const akgl_Platform **dest,
                                                          int *count);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_TILEMAP_H */
