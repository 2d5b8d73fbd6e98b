/*
 * Tilemaps: the pool, teardown, the queries and the load entry points. The
 * model is built in tilemap_build.c from a Tiled JSON document
 * (tilemap_document.c reads one, through tilemap_tmx.c for XML); the map's
 * memory and the lookups every reader uses are in tilemap_model.c.
 *
 * What is not memory (sheets, properties sets) sits in the model's fields as
 * soon as it exists, so teardown frees a map whatever state a failed load
 * left it in. Layer: assets.
 */
#include <akgl/tilemap.h>

#include "heap_pool.h"
#include "json_private.h"
#include "object.h"
#include "tilemap_private.h"

#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>

#include "watch_private.h"
#include <akstdlib.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

AKGL_HEAP_POOL(akgl_heap_pool_tilemap, akgl_Tilemap, akgl_heap_tilemaps);

/* ------------------------------------------------------------------------ */
/* The pool                                                                 */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_heap_next_tilemap(akgl_Tilemap **dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_heap_acquire(AKGL_HEAP_TILEMAP, (void **)dest));
    SUCCEED_RETURN(errctx);
}

static void destroy_properties(SDL_PropertiesID *props)
{
    if (*props != 0) {
        SDL_DestroyProperties(*props);
        *props = 0;
    }
}

static void release_sheet(akgl_SpriteSheet **sheet, akerr_ErrorContext **first)
{
    if (*sheet != NULL) {
        akgl_object_keep_first(first, akgl_heap_release_spritesheet(*sheet));
        *sheet = NULL;
    }
}

/*
 * The level's release of the actors a map spawned (installed when the game
 * starts: akgl_tilemap_install_level). The model is in the assets layer and the actors in the
 * world layer above it: teardown gives them back through this pointer, and
 * never names an actor function.
 */
static akgl_TilemapSpawnedRelease spawned_release;

void akgl_tilemap_set_spawned_release(akgl_TilemapSpawnedRelease release)
{
    spawned_release = release;
}

/* Gives back everything the map holds; every step runs. */
static void teardown(akgl_Tilemap *map, akerr_ErrorContext **first)
{
    akgl_object_keep_first(first, akgl_registry_remove(AKGL_REGISTRY_TILEMAP, "tilemap",
                                                       map->path, map));
    if (map->nspawned > 0) {
        if (spawned_release != NULL) {
            spawned_release(map, first);
        } else {
            /* Only akgl_tilemap_spawn_actors fills the list, and it installs
             * the release first: a list filled some other way is said, not
             * silently kept. */
            char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
            akerr_ErrorContext *said = NULL;
            FAIL(said, AKERR_BEHAVIOR, "map %s: %d spawned actors and no release installed for "
                 "them (the game installs it when it starts: akgl_game_init)",
                 akgl_json_message_path(map->path, shown), map->nspawned);
            akgl_object_keep_first(first, said);
        }
    }
    free(map->spawned);
    map->spawned = NULL;
    map->nspawned = 0;
    free(map->solid_cells);
    map->solid_cells = NULL;
    free(map->platforms);
    map->platforms = NULL;
    map->nplatforms = 0;
    /* Last first: a tileset file the map names twice is built once, and the
     * later entries share its tiles and properties with the first (each
     * holds its own reference on the sheet), so a later entry, torn down
     * while the first is still whole, leaves what it shares to the first. */
    for (int t = map->tilesets != NULL ? map->ntilesets - 1 : -1; t >= 0; t--) {
        akgl_TilemapTileset *ts = &map->tilesets[t];
        bool shares_tiles = false, shares_properties = false;
        for (int k = 0; k < t; k++) {
            shares_tiles |= ts->tiles != NULL && map->tilesets[k].tiles == ts->tiles;
            shares_properties |= ts->properties != 0 &&
                                 map->tilesets[k].properties == ts->properties;
        }
        release_sheet(&ts->sheet, first);
        if (shares_properties) {
            ts->properties = 0;
        }
        destroy_properties(&ts->properties);
        for (int i = 0; !shares_tiles && ts->tiles != NULL && i < ts->ntiles; i++) {
            release_sheet(&ts->tiles[i].sheet, first);
            destroy_properties(&ts->tiles[i].properties);
        }
    }
    for (int l = 0; map->layers != NULL && l < map->nlayers; l++) {
        akgl_TilemapLayer *layer = &map->layers[l];
        release_sheet(&layer->sheet, first);
        destroy_properties(&layer->properties);
        for (int i = 0; layer->objects != NULL && i < layer->nobjects; i++) {
            destroy_properties(&layer->objects[i].properties);
        }
    }
    destroy_properties(&map->properties);
    akgl_tilemap_free_storage(map);
}

akerr_ErrorContext *akgl_heap_release_tilemap(akgl_Tilemap *obj)
{
    akerr_ErrorContext *first = NULL;
    bool down = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_TILEMAP, obj, obj ? obj->path : "", false,
                                         &down));
    if (!down) {
        SUCCEED_RETURN(errctx);
    }
    teardown(obj, &first);
    akgl_heap_release_end(AKGL_HEAP_TILEMAP, obj);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *load(const char *filename, bool xml, akgl_Tilemap **dest,
                                const char *caller)
{
    char real[AKGL_MAX_STRING_LENGTH];
    void *found = NULL;
    json_t *root = NULL;
    akgl_Tilemap *map = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "%s: NULL filename", caller);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "%s: NULL destination", caller);
    if (strlen(filename) >= sizeof(real)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: the path is %zu bytes (limit %zu)", caller,
                    strlen(filename), sizeof(real) - 1);
    }
    PASS(errctx, akerr_prefix_message(aksl_realpath(filename, real), "%s: map", caller));
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_TILEMAP, "tilemap", real, &found));
    if (found != NULL) {
        map = found;
        map->refcount++; /* the caller's reference */
        *dest = map;
        SUCCEED_RETURN(errctx);
    }
    ATTEMPT {
        CATCH(errctx, akgl_tilemap_read_document(real, xml, &root));
        CATCH(errctx, akgl_json_error_in_file(akgl_heap_next_tilemap(&map), real));
        memcpy(map->path, real, strlen(real) + 1);
        CATCH(errctx, akgl_tilemap_build(map, root));
        CATCH(errctx, akgl_json_error_in_file(akgl_registry_add(AKGL_REGISTRY_TILEMAP, "tilemap",
                                                                map->path, map), real));
        akgl_watch_note(xml ? AKGL_WATCH_MAP_TMX : AKGL_WATCH_MAP, map->path, NULL);
    } CLEANUP {
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
        if (map != NULL) {
            IGNORE(akgl_heap_release_tilemap(map));
        }
    } FINISH(errctx, true);
    *dest = map;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_build_scratch(const akgl_Tilemap *map, bool xml,
                                               akgl_Tilemap **scratch)
{
    json_t *root = NULL;
    akgl_Tilemap *fresh = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_build_scratch: NULL map");
    FAIL_ZERO_RETURN(errctx, scratch, AKERR_NULLPOINTER,
                     "akgl_tilemap_build_scratch: NULL destination");
    ATTEMPT {
        CATCH(errctx, akgl_tilemap_read_document(map->path, xml, &root));
        CATCH(errctx, akgl_json_error_in_file(akgl_heap_next_tilemap(&fresh), map->path));
        memcpy(fresh->path, map->path, sizeof(fresh->path));
        CATCH(errctx, akgl_tilemap_build(fresh, root));
    } CLEANUP {
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
        if (fresh != NULL) {
            IGNORE(akgl_heap_release_tilemap(fresh)); /* never registered: nothing else goes */
        }
    } FINISH(errctx, true);
    *scratch = fresh;
    SUCCEED_RETURN(errctx);
}

void akgl_tilemap_swap_model(akgl_Tilemap *a, akgl_Tilemap *b)
{
    akgl_Tilemap t = *a;
    *a = *b;
    *b = t;
    /* What stays with each slot: its count, its key, and the actors it spawned. */
    b->refcount = a->refcount;
    a->refcount = t.refcount;
    memcpy(b->path, a->path, sizeof(b->path));
    memcpy(a->path, t.path, sizeof(a->path));
    b->spawned = a->spawned;
    b->nspawned = a->nspawned;
    a->spawned = t.spawned;
    a->nspawned = t.nspawned;
}

akerr_ErrorContext *akgl_tilemap_load_json(const char *filename, akgl_Tilemap **dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, load(filename, false, dest, "akgl_tilemap_load_json"));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_load_tmx(const char *filename, akgl_Tilemap **dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, load(filename, true, dest, "akgl_tilemap_load_tmx"));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Queries                                                                  */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_tilemap_tile_at(const akgl_Tilemap *map, int layer, int x, int y,
                                         uint32_t *raw)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_tile_at: NULL map");
    FAIL_ZERO_RETURN(errctx, raw, AKERR_NULLPOINTER, "akgl_tilemap_tile_at: NULL destination");
    if (layer < 0 || layer >= map->nlayers) {
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "akgl_tilemap_tile_at: %s: layer %d is outside 0..%d",
                    akgl_json_message_path(map->path, shown), layer, map->nlayers - 1);
    }
    const akgl_TilemapLayer *l = &map->layers[layer];
    if (l->kind != AKGL_TILEMAP_LAYER_TILES) {
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        FAIL_RETURN(errctx, AKERR_TYPE, "akgl_tilemap_tile_at: %s: layer %d (\"%s\") is not a tile "
                    "layer", akgl_json_message_path(map->path, shown), layer, l->name);
    }
    /* 64-bit: x - x0 cannot overflow whatever the caller passes. */
    int64_t cx = (int64_t)x - l->x0;
    int64_t cy = (int64_t)y - l->y0;
    if (l->nchunks > 0) {
        uint32_t v = 0;
        *raw = akgl_tilemap_chunk_cell(l, x, y, &v) ? v : 0;
    } else if (l->cells == NULL || cx < 0 || cy < 0 || cx >= l->width || cy >= l->height) {
        *raw = 0;
    } else {
        *raw = l->cells[cy * l->width + cx];
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_tileset_for_gid(const akgl_Tilemap *map, uint32_t gid, int *index)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_tileset_for_gid: NULL map");
    FAIL_ZERO_RETURN(errctx, index, AKERR_NULLPOINTER,
                     "akgl_tilemap_tileset_for_gid: NULL destination");
    int found = akgl_tilemap_find_tileset(map, gid);
    if (found < 0) {
        uint32_t id = gid & AKGL_TILE_GID_MASK;
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        akgl_json_message_path(map->path, shown);
        if (id == 0) {
            FAIL_RETURN(errctx, AKERR_KEY, "%s: gid 0 is the empty tile, of no tileset", shown);
        }
        FAIL_RETURN(errctx, AKERR_KEY, "%s: gid %u names no tile of any tileset", shown, id);
    }
    *index = found;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_tile_properties(const akgl_Tilemap *map, uint32_t gid,
                                                 SDL_PropertiesID *dest)
{
    int index = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_tilemap_tile_properties: NULL destination");
    PASS(errctx, akgl_tilemap_tileset_for_gid(map, gid, &index));
    const akgl_TilemapTileset *ts = &map->tilesets[index];
    const akgl_TilemapTile *tile =
        akgl_tilemap_find_tile(ts, (gid & AKGL_TILE_GID_MASK) - ts->firstgid);
    *dest = tile != NULL ? tile->properties : 0;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_layer_index(const akgl_Tilemap *map, const char *name, int *index)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_layer_index: NULL map");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_tilemap_layer_index: NULL name");
    FAIL_ZERO_RETURN(errctx, index, AKERR_NULLPOINTER, "akgl_tilemap_layer_index: NULL destination");
    for (int i = 0; i < map->nlayers; i++) {
        if (strcmp(map->layers[i].name, name) == 0) {
            *index = i;
            SUCCEED_RETURN(errctx);
        }
    }
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    FAIL_RETURN(errctx, AKERR_KEY, "%s: no layer is named \"%s\"",
                akgl_json_message_path(map->path, shown), name);
}

akerr_ErrorContext *akgl_tilemap_tileset_tile(const akgl_TilemapTileset *tileset, uint32_t localid,
                                              const akgl_TilemapTile **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, tileset, AKERR_NULLPOINTER, "akgl_tilemap_tileset_tile: NULL tileset");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_tileset_tile: NULL destination");
    *dest = akgl_tilemap_find_tile(tileset, localid);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_tileset_source(const akgl_TilemapTileset *tileset, uint32_t localid,
                                                akgl_SpriteSheet **sheet, SDL_FRect *src)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, tileset, AKERR_NULLPOINTER,
                     "akgl_tilemap_tileset_source: NULL tileset");
    FAIL_ZERO_RETURN(errctx, sheet, AKERR_NULLPOINTER,
                     "akgl_tilemap_tileset_source: NULL sheet destination");
    FAIL_ZERO_RETURN(errctx, src, AKERR_NULLPOINTER,
                     "akgl_tilemap_tileset_source: NULL rectangle destination");
    if (localid >= tileset->idlimit) {
        FAIL_RETURN(errctx, AKERR_KEY, "tileset \"%s\": tile %u is past its %u tiles",
                    tileset->name, localid, tileset->idlimit);
    }
    if (tileset->collection) {
        const akgl_TilemapTile *tile = akgl_tilemap_find_tile(tileset, localid);
        if (tile == NULL) {
            FAIL_RETURN(errctx, AKERR_KEY, "tileset \"%s\": the collection has no tile %u",
                        tileset->name, localid);
        }
        *sheet = tile->sheet;
        *src = (SDL_FRect){(float)tile->x, (float)tile->y, (float)tile->width,
                           (float)tile->height};
        SUCCEED_RETURN(errctx);
    }
    /* A loaded image tileset has at least one column; one a game filled in
     * itself may not, and a division by it would end the process. */
    if (tileset->columns < 1) {
        FAIL_RETURN(errctx, AKERR_VALUE, "tileset \"%s\": an image tileset needs \"columns\" "
                    "of at least 1 (it has %d)", tileset->name, tileset->columns);
    }
    /* In 64 bits, as the loader's check of the same sum (tilemap_build.c,
     * cell_origin): the product of the file's numbers passes INT_MAX within
     * their own limits. */
    int64_t col = (int64_t)(localid % (uint32_t)tileset->columns);
    int64_t row = (int64_t)(localid / (uint32_t)tileset->columns);
    *sheet = tileset->sheet;
    *src = (SDL_FRect){
        (float)(tileset->margin + col * ((int64_t)tileset->tilewidth + tileset->spacing)),
        (float)(tileset->margin + row * ((int64_t)tileset->tileheight + tileset->spacing)),
        (float)tileset->tilewidth, (float)tileset->tileheight};
    SUCCEED_RETURN(errctx);
}
