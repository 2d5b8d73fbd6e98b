/*
 * Internal: what the tilemap files share. Not installed. Layer: assets.
 *
 *   tilemap_ldtk.c      an LDtk level -> a Tiled JSON document, built by the same
 *                       builder (and akgl_tilemap_load, which picks a reader)
 *   tilemap.c           the pool, teardown, the queries, the load entry points
 *   tilemap_build.c     a Tiled JSON document -> the model (both formats end here)
 *   tilemap_document.c  a Tiled file -> its JSON document (either format)
 *   tilemap_tmx.c       a Tiled XML file -> the same JSON document, through expat
 *   tilemap_data.c      cell data: CSV, base64, zlib, gzip, zstd
 *   tilemap_model.c     the map's memory, and the gid and tile lookups
 *
 * Calls run one way, top to bottom of that list: tilemap.c calls the
 * builder, and nothing below tilemap.c calls it back.
 *
 * The XML reader does not build a second model: it translates each element
 * into the JSON that Tiled itself writes for it, so one builder makes the
 * model and the two formats cannot drift apart.
 */
#ifndef AKGL_SRC_TILEMAP_PRIVATE_H
#define AKGL_SRC_TILEMAP_PRIVATE_H

#include <akerror.h>
#include <akgl/tilemap.h>

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* ---- memory owned by a map, and lookups (tilemap_model.c) ---- */

/* A zeroed block of n * size bytes that the map owns until its teardown.
 * ENOMEM (or AKERR_OUTOFBOUNDS when n * size overflows) naming `what`. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_alloc(akgl_Tilemap *map, size_t n, size_t size,
                                                      const char *what, void **dest);
/* A copy of s owned by the map. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_strdup(akgl_Tilemap *map, const char *s,
                                                       char **dest);
/* Frees every block akgl_tilemap_alloc gave the map (teardown). */
void akgl_tilemap_free_storage(akgl_Tilemap *map);
/* The tileset index for gid (flags ignored), or -1: no formatting, for hot paths. */
int akgl_tilemap_find_tileset(const akgl_Tilemap *map, uint32_t gid);
/* The entry of local id `id` in tileset ts, or NULL. */
const akgl_TilemapTile *akgl_tilemap_find_tile(const akgl_TilemapTileset *ts, uint32_t id);
/* The index of the first of n chunks (sorted by y, then x) at or after (x, y)
 * in that order; n when there is none. */
int akgl_tilemap_chunk_lower_bound(const akgl_TilemapChunk *chunks, int n, int64_t x, int64_t y);
/* An infinite layer's raw gid at map cell (x, y) into *raw, and true; false
 * (*raw untouched) when no chunk holds that cell. No formatting: hot paths. */
bool akgl_tilemap_chunk_cell(const akgl_TilemapLayer *l, int64_t x, int64_t y, uint32_t *raw);
/* The cells of the chunk of a chunked solid grid (nchunks > 0) holding grid
 * cell (col, row), or NULL when no chunk does (an open cell). By binary
 * search; the physics remembers the last chunk it found. */
const uint8_t *akgl_tilemap_solid_chunk(const akgl_SolidGrid *g, int col, int row);
/* Whether grid cell (col, row) of a chunked solid grid is solid: false
 * outside every chunk. */
bool akgl_tilemap_solid_chunk_at(const akgl_SolidGrid *g, int col, int row);

/* ---- the actors a map spawned (tilemap.c) ---- */

/*
 * Gives back the actors map->spawned holds (one reference each), frees the
 * list and leaves nspawned 0; the first error is kept in *first.
 */
typedef void (*akgl_TilemapSpawnedRelease)(akgl_Tilemap *map, akerr_ErrorContext **first);

/*
 * Installs the function a map's teardown calls when its spawned list is not
 * empty. Spawning is the level's work (tilemap_game.c, game layer), and the
 * model sits in the assets layer, below the actors: it must not name their
 * functions, so the level installs this before it spawns (every call to
 * akgl_tilemap_spawn_actors; the same function each time) and teardown
 * calls through the pointer.
 */
void akgl_tilemap_set_spawned_release(akgl_TilemapSpawnedRelease release);

/* ---- documents (tilemap_document.c; the XML translator in tilemap_tmx.c) ---- */

/* Reads `path` (at most AKGL_TILEMAP_MAX_FILE_SIZE bytes) as Tiled JSON
 * (xml false) or Tiled XML translated to the same JSON (xml true). The
 * caller json_decref()s *dest. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_read_document(const char *path, bool xml,
                                                              json_t **dest);
/* Whether a referenced file is XML, by its name (.tmx, .tsx, .tx, any case). */
bool akgl_tilemap_path_is_xml(const char *path);
/* The XML translator: the whole text of one file -> its JSON document. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_xml_to_json(const char *path, const char *text,
                                                            size_t len, json_t **dest);

/* ---- the builder (tilemap_build.c) ---- */

/* Fills `map` (its path already set: the real path of the file) from a map
 * document. On failure the map holds what was built so far: release it. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_build(akgl_Tilemap *map, json_t *root);

/* ---- cell data (tilemap_data.c) ---- */

/* Decodes `count` raw gids into `cells` from a layer's or chunk's data:
 * `encoding` "csv" or "base64", `compression` "", "zlib", "gzip" or "zstd";
 * `data` a JSON array of integers (csv) or a string (csv text, or base64).
 * `where` names the layer (or chunk) in messages. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_decode_cells(const char *where,
                                                             const char *encoding,
                                                             const char *compression,
                                                             json_t *data, uint32_t *cells,
                                                             size_t count);

/* Strict base64 (RFC 4648 alphabet, '=' padding, whitespace skipped): *dest
 * is malloc'd (the caller frees it). AKERR_FORMAT for a bad character or a
 * truncated text. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_base64_decode(const char *text, size_t len,
                                                              uint8_t **dest, size_t *destlen);

/*
 * Hot reload (akgl/reload.h): builds the file at map->path again (Tiled's
 * XML when @p xml) into a new pool slot, *scratch, which is not registered
 * and holds one reference. Every check of a first load applies; on failure
 * nothing is held. The caller swaps it in with akgl_tilemap_swap_model and
 * releases the slot with the old model in it.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_build_scratch(const akgl_Tilemap *map, bool xml,
                                                              akgl_Tilemap **scratch);

/*
 * Swaps what two maps hold (the file's model, and the solid grid and
 * platforms built from it), each keeping its own reference count, path
 * (registry key) and list of the actors it spawned.
 */
void akgl_tilemap_swap_model(akgl_Tilemap *a, akgl_Tilemap *b);

/*
 * Hot reload of an LDtk level (map->level set): reads map->level->project
 * again and builds the level map->level->identifier, with the solid values
 * it was loaded with, into a new pool slot, *scratch, as
 * akgl_tilemap_build_scratch does (not registered, one reference, every check
 * of akgl_tilemap_load_ldtk; on failure nothing is held). The file its layers
 * come from (the project, or the level's .ldtkl) is watched. AKERR_VALUE for a
 * map not loaded from LDtk.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tilemap_ldtk_build_scratch(const akgl_Tilemap *map,
                                                                   akgl_Tilemap **scratch);

#endif /* AKGL_SRC_TILEMAP_PRIVATE_H */
