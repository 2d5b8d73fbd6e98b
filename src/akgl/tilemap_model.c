/*
 * Layer: assets. The map's own memory and the two lookups every reader of
 * the model uses (which tileset a gid is in, what a tileset says about a
 * tile).
 *
 * These sit below both tilemap.c (the pool, teardown, the queries, the load
 * entry points) and tilemap_build.c (the builder), which both call them, so
 * that the arrows between the tilemap files run one way: tilemap.c calls the
 * builder, and neither the builder nor this file calls back into tilemap.c.
 *
 * Memory: everything the loader allocates for a map (names, arrays, cells)
 * is one malloc'd block each, chained on map->storage, so teardown frees a
 * map whatever state a failed load left it in.
 */
#include "tilemap_private.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Memory owned by a map                                                    */
/* ------------------------------------------------------------------------ */

typedef struct StorageBlock
{
    struct StorageBlock *next;
    max_align_t align[]; /* the caller's bytes start here, aligned for anything */
} StorageBlock;

akerr_ErrorContext *akgl_tilemap_alloc(akgl_Tilemap *map, size_t n, size_t size, const char *what,
                                       void **dest)
{
    PREPARE_ERROR(errctx);
    if (size != 0 && n > (SIZE_MAX - sizeof(StorageBlock)) / size) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %zu x %zu bytes do not fit in memory", what,
                    n, size);
    }
    StorageBlock *block = calloc(1, sizeof(StorageBlock) + n * size);
    FAIL_ZERO_RETURN(errctx, block, ENOMEM, "%s: cannot allocate %zu bytes", what, n * size);
    block->next = map->storage;
    map->storage = block;
    *dest = block->align;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_strdup(akgl_Tilemap *map, const char *s, char **dest)
{
    void *p = NULL;
    PREPARE_ERROR(errctx);
    size_t len = strlen(s);
    PASS(errctx, akgl_tilemap_alloc(map, len + 1, 1, "tilemap string", &p));
    memcpy(p, s, len + 1);
    *dest = p;
    SUCCEED_RETURN(errctx);
}

void akgl_tilemap_free_storage(akgl_Tilemap *map)
{
    StorageBlock *block = map->storage;
    while (block != NULL) {
        StorageBlock *next = block->next;
        free(block);
        block = next;
    }
    map->storage = NULL;
}

/* ------------------------------------------------------------------------ */
/* Lookups                                                                  */
/* ------------------------------------------------------------------------ */

const akgl_TilemapTile *akgl_tilemap_find_tile(const akgl_TilemapTileset *ts, uint32_t id)
{
    int lo = 0, hi = ts->ntiles - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        uint32_t at = ts->tiles[mid].id;
        if (at == id) {
            return &ts->tiles[mid];
        }
        if (at < id) {
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return NULL;
}

int akgl_tilemap_find_tileset(const akgl_Tilemap *map, uint32_t gid)
{
    gid &= AKGL_TILE_GID_MASK;
    if (gid == 0 || map->ntilesets == 0) {
        return -1;
    }
    /* The last tileset whose firstgid is not above gid (they ascend). */
    int lo = 0, hi = map->ntilesets - 1, found = -1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (map->tilesets[mid].firstgid <= gid) {
            found = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    if (found < 0) {
        return -1;
    }
    const akgl_TilemapTileset *ts = &map->tilesets[found];
    uint32_t local = gid - ts->firstgid;
    if (local >= ts->idlimit) {
        return -1;
    }
    if (ts->collection && akgl_tilemap_find_tile(ts, local) == NULL) {
        return -1;
    }
    return found;
}

/* ------------------------------------------------------------------------ */
/* Chunks                                                                   */
/* ------------------------------------------------------------------------ */

/*
 * An infinite layer keeps its chunks in one array sorted by (y, x), and a
 * cell is found by binary search on the key of the chunk it would lie in
 * (its coordinates rounded down to the chunk size: chunks are aligned).
 * Chosen over a hash table: it needs no more memory than the chunks
 * themselves, no hash function a file could aim collisions at, and it
 * gives the drawing what a hash cannot, the chunks of one chunk row in x
 * order, so a view walks exactly the chunks it meets. A lookup is
 * log2(nchunks) compares: 12 for 4096 chunks. bench_tilemap's "chunk
 * lookup" row measures akgl_tilemap_tile_at over 2^20 scattered cells of a
 * 1024 x 1024 map in 4097 chunks: about 90-110 ns a cell against 23-30 ns
 * for the finite map's index arithmetic (Release, the shared 2-core
 * machine under load). Drawing does not pay it per cell: it searches twice
 * per row of the view and then walks the chunks' cells directly.
 */

/* a / b rounded toward minus infinity, then times b: the chunk key of a
 * coordinate (b > 0). In 64 bits, for any int a. */
static int64_t chunk_key(int64_t a, int b)
{
    int64_t q = a / b;
    if (a % b != 0 && a < 0) {
        q--;
    }
    return q * b;
}

int akgl_tilemap_chunk_lower_bound(const akgl_TilemapChunk *chunks, int n, int64_t x, int64_t y)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        const akgl_TilemapChunk *c = &chunks[mid];
        if (c->y < y || (c->y == y && c->x < x)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

bool akgl_tilemap_chunk_cell(const akgl_TilemapLayer *l, int64_t x, int64_t y, uint32_t *raw)
{
    if (l->nchunks <= 0 || l->chunkwidth <= 0 || l->chunkheight <= 0) {
        return false;
    }
    int64_t kx = chunk_key(x, l->chunkwidth), ky = chunk_key(y, l->chunkheight);
    int i = akgl_tilemap_chunk_lower_bound(l->chunks, l->nchunks, kx, ky);
    if (i >= l->nchunks || l->chunks[i].x != kx || l->chunks[i].y != ky) {
        return false;
    }
    *raw = l->chunks[i].cells[(y - ky) * l->chunkwidth + (x - kx)];
    return true;
}

const uint8_t *akgl_tilemap_solid_chunk(const akgl_SolidGrid *g, int col, int row)
{
    int64_t kc = chunk_key(col, g->chunk_cols), kr = chunk_key(row, g->chunk_rows);
    int lo = 0, hi = g->nchunks;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        const akgl_SolidGridChunk *c = &g->chunks[mid];
        if (c->row < kr || (c->row == kr && c->col < kc)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (lo >= g->nchunks || g->chunks[lo].col != kc || g->chunks[lo].row != kr) {
        return NULL;
    }
    return g->chunks[lo].cells;
}

bool akgl_tilemap_solid_chunk_at(const akgl_SolidGrid *g, int col, int row)
{
    const uint8_t *cells = akgl_tilemap_solid_chunk(g, col, row);
    int64_t kc = chunk_key(col, g->chunk_cols), kr = chunk_key(row, g->chunk_rows);
    return cells != NULL && cells[(row - kr) * g->chunk_cols + (col - kc)] != 0;
}
