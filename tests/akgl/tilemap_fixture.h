/*
 * What the tilemap suites share: the fixture paths (tests/assets/tilemaps/,
 * see the README there), a field-by-field comparison of two maps (the "same
 * map in both formats" rule), and the refusal check every bad-input case
 * runs: the status, the file first in the message, the needles, and every
 * counter (pools, registries, contexts, texture pixels) unchanged.
 *
 * Include after sprite_fixture.h.
 */
#ifndef AKGL_TEST_TILEMAP_FIXTURE_H
#define AKGL_TEST_TILEMAP_FIXTURE_H

#include <akgl/tilemap.h>

#include <math.h>

#include "sprite_fixture.h"

#define TM_DIR AKGL_TEST_ASSETS_DIR "/tilemaps"
#define TM(name) TM_DIR "/" name

typedef akerr_ErrorContext *(*tm_loader)(const char *, akgl_Tilemap **);

/* ------------------------------------------------------------------------ */
/* Comparing two maps                                                       */
/* ------------------------------------------------------------------------ */

typedef struct TmPropCompare
{
    SDL_PropertiesID other;
    const char *where;
    int count;
} TmPropCompare;

static void SDLCALL tm_compare_one(void *userdata, SDL_PropertiesID props, const char *name)
{
    TmPropCompare *c = userdata;
    SDL_PropertyType ta = SDL_GetPropertyType(props, name);
    SDL_PropertyType tb = SDL_GetPropertyType(c->other, name);
    c->count++;
    CHECK_MSG(ta == tb, "%s: property \"%s\": type %d vs %d", c->where, name, (int)ta, (int)tb);
    if (ta != tb) {
        return;
    }
    switch (ta) {
    case SDL_PROPERTY_TYPE_STRING:
        CHECK_MSG(strcmp(SDL_GetStringProperty(props, name, ""),
                         SDL_GetStringProperty(c->other, name, "")) == 0,
                  "%s: property \"%s\": \"%s\" vs \"%s\"", c->where, name,
                  SDL_GetStringProperty(props, name, ""), SDL_GetStringProperty(c->other, name, ""));
        break;
    case SDL_PROPERTY_TYPE_NUMBER:
        CHECK_MSG(SDL_GetNumberProperty(props, name, 0) == SDL_GetNumberProperty(c->other, name, 0),
                  "%s: property \"%s\": %lld vs %lld", c->where, name,
                  (long long)SDL_GetNumberProperty(props, name, 0),
                  (long long)SDL_GetNumberProperty(c->other, name, 0));
        break;
    case SDL_PROPERTY_TYPE_FLOAT:
        CHECK_MSG(SDL_GetFloatProperty(props, name, 0) == SDL_GetFloatProperty(c->other, name, 0),
                  "%s: property \"%s\": %g vs %g", c->where, name,
                  (double)SDL_GetFloatProperty(props, name, 0),
                  (double)SDL_GetFloatProperty(c->other, name, 0));
        break;
    case SDL_PROPERTY_TYPE_BOOLEAN:
        CHECK_MSG(SDL_GetBooleanProperty(props, name, false) ==
                      SDL_GetBooleanProperty(c->other, name, false),
                  "%s: property \"%s\" differs", c->where, name);
        break;
    default:
        CHECK_MSG(false, "%s: property \"%s\" has type %d", c->where, name, (int)ta);
        break;
    }
}

static void SDLCALL tm_count_one(void *userdata, SDL_PropertiesID props, const char *name)
{
    (void)props;
    (void)name;
    (*(int *)userdata)++;
}

static inline int tm_property_count(SDL_PropertiesID props)
{
    int n = 0;
    if (props != 0) {
        SDL_EnumerateProperties(props, tm_count_one, &n);
    }
    return n;
}

static inline void tm_compare_properties(SDL_PropertiesID a, SDL_PropertiesID b, const char *where)
{
    CHECK_MSG((a == 0) == (b == 0), "%s: properties %u vs %u", where, (unsigned)a, (unsigned)b);
    if (a == 0 || b == 0) {
        return;
    }
    TmPropCompare c = {b, where, 0};
    SDL_EnumerateProperties(a, tm_compare_one, &c);
    CHECK_MSG(c.count == tm_property_count(b), "%s: %d properties vs %d", where, c.count,
              tm_property_count(b));
}

#define TM_SAME_INT(a, b, field, where) \
    CHECK_MSG((a)->field == (b)->field, "%s: " #field " %lld vs %lld", where, \
              (long long)(a)->field, (long long)(b)->field)
#define TM_SAME_FLOAT(a, b, field, where) \
    CHECK_MSG((a)->field == (b)->field, "%s: " #field " %g vs %g", where, (double)(a)->field, \
              (double)(b)->field)
#define TM_SAME_STR(a, b, field, where) \
    CHECK_MSG((a)->field != NULL && (b)->field != NULL && strcmp((a)->field, (b)->field) == 0, \
              "%s: " #field " \"%s\" vs \"%s\"", where, (a)->field ? (a)->field : "(null)", \
              (b)->field ? (b)->field : "(null)")
#define TM_SAME_COLOR(a, b, field, where) \
    CHECK_MSG(memcmp(&(a)->field, &(b)->field, sizeof(SDL_Color)) == 0, "%s: " #field " differs", \
              where)

static inline void tm_compare_tilesets(const akgl_TilemapTileset *a, const akgl_TilemapTileset *b,
                                       const char *where)
{
    TM_SAME_INT(a, b, firstgid, where);
    TM_SAME_STR(a, b, name, where);
    TM_SAME_STR(a, b, class_name, where);
    TM_SAME_STR(a, b, source, where);
    TM_SAME_INT(a, b, tilecount, where);
    TM_SAME_INT(a, b, columns, where);
    TM_SAME_INT(a, b, tilewidth, where);
    TM_SAME_INT(a, b, tileheight, where);
    TM_SAME_INT(a, b, margin, where);
    TM_SAME_INT(a, b, spacing, where);
    TM_SAME_INT(a, b, tileoffsetx, where);
    TM_SAME_INT(a, b, tileoffsety, where);
    TM_SAME_INT(a, b, objectalignment, where);
    TM_SAME_INT(a, b, tilerendersize, where);
    TM_SAME_INT(a, b, fillmode, where);
    TM_SAME_INT(a, b, collection, where);
    TM_SAME_STR(a, b, image, where);
    TM_SAME_INT(a, b, imagewidth, where);
    TM_SAME_INT(a, b, imageheight, where);
    CHECK_MSG(a->sheet == b->sheet, "%s: the two maps do not share the sheet", where);
    TM_SAME_INT(a, b, idlimit, where);
    TM_SAME_INT(a, b, ntiles, where);
    tm_compare_properties(a->properties, b->properties, where);
    for (int i = 0; i < a->ntiles && i < b->ntiles; i++) {
        const akgl_TilemapTile *x = &a->tiles[i], *y = &b->tiles[i];
        char w[8192];
        snprintf(w, sizeof(w), "%.4000s tile %u", where, x->id);
        TM_SAME_INT(x, y, id, w);
        TM_SAME_STR(x, y, type, w);
        TM_SAME_STR(x, y, image, w);
        CHECK_MSG(x->sheet == y->sheet, "%s: the two maps do not share the sheet", w);
        TM_SAME_INT(x, y, imagewidth, w);
        TM_SAME_INT(x, y, imageheight, w);
        TM_SAME_INT(x, y, x, w);
        TM_SAME_INT(x, y, y, w);
        TM_SAME_INT(x, y, width, w);
        TM_SAME_INT(x, y, height, w);
        TM_SAME_INT(x, y, nframes, w);
        TM_SAME_INT(x, y, duration, w);
        for (int f = 0; f < x->nframes && f < y->nframes; f++) {
            TM_SAME_INT(&x->frames[f], &y->frames[f], tileid, w);
            TM_SAME_INT(&x->frames[f], &y->frames[f], duration, w);
        }
        tm_compare_properties(x->properties, y->properties, w);
    }
}

static inline void tm_compare_objects(const akgl_TilemapObject *a, const akgl_TilemapObject *b,
                                      const char *where)
{
    TM_SAME_INT(a, b, id, where);
    TM_SAME_STR(a, b, name, where);
    TM_SAME_STR(a, b, type, where);
    TM_SAME_FLOAT(a, b, x, where);
    TM_SAME_FLOAT(a, b, y, where);
    TM_SAME_FLOAT(a, b, width, where);
    TM_SAME_FLOAT(a, b, height, where);
    TM_SAME_FLOAT(a, b, rotation, where);
    TM_SAME_INT(a, b, gid, where);
    TM_SAME_INT(a, b, visible, where);
    TM_SAME_INT(a, b, shape, where);
    TM_SAME_INT(a, b, npoints, where);
    for (int i = 0; i < a->npoints && i < b->npoints; i++) {
        TM_SAME_FLOAT(&a->points[i], &b->points[i], x, where);
        TM_SAME_FLOAT(&a->points[i], &b->points[i], y, where);
    }
    TM_SAME_STR(a, b, text, where);
    tm_compare_properties(a->properties, b->properties, where);
}

static inline void tm_compare_layers(const akgl_TilemapLayer *a, const akgl_TilemapLayer *b,
                                     const char *where)
{
    TM_SAME_INT(a, b, kind, where);
    TM_SAME_INT(a, b, id, where);
    TM_SAME_STR(a, b, name, where);
    TM_SAME_STR(a, b, class_name, where);
    TM_SAME_INT(a, b, visible, where);
    TM_SAME_FLOAT(a, b, opacity, where);
    TM_SAME_FLOAT(a, b, offsetx, where);
    TM_SAME_FLOAT(a, b, offsety, where);
    TM_SAME_FLOAT(a, b, parallaxx, where);
    TM_SAME_FLOAT(a, b, parallaxy, where);
    TM_SAME_COLOR(a, b, tint, where);
    tm_compare_properties(a->properties, b->properties, where);
    TM_SAME_INT(a, b, x0, where);
    TM_SAME_INT(a, b, y0, where);
    TM_SAME_INT(a, b, width, where);
    TM_SAME_INT(a, b, height, where);
    CHECK_MSG((a->cells == NULL) == (b->cells == NULL), "%s: cells", where);
    if (a->cells != NULL && b->cells != NULL && a->width == b->width && a->height == b->height) {
        size_t n = (size_t)a->width * (size_t)a->height;
        for (size_t i = 0; i < n; i++) {
            if (a->cells[i] != b->cells[i]) {
                CHECK_MSG(false, "%s: cell %zu: %u vs %u", where, i, a->cells[i], b->cells[i]);
                break;
            }
        }
    }
    TM_SAME_INT(a, b, chunkwidth, where);
    TM_SAME_INT(a, b, chunkheight, where);
    TM_SAME_INT(a, b, nchunks, where);
    CHECK_MSG((a->chunks == NULL) == (b->chunks == NULL), "%s: chunks", where);
    for (int c = 0; a->chunks != NULL && b->chunks != NULL && c < a->nchunks && c < b->nchunks &&
                    a->chunkwidth == b->chunkwidth && a->chunkheight == b->chunkheight;
         c++) {
        const akgl_TilemapChunk *ca = &a->chunks[c], *cb = &b->chunks[c];
        size_t n = (size_t)a->chunkwidth * (size_t)a->chunkheight;
        CHECK_MSG(ca->x == cb->x && ca->y == cb->y, "%s: chunk %d at (%d, %d) vs (%d, %d)", where,
                  c, ca->x, ca->y, cb->x, cb->y);
        if (memcmp(ca->cells, cb->cells, n * sizeof(uint32_t)) != 0) {
            CHECK_MSG(false, "%s: chunk %d: the cells differ", where, c);
            break;
        }
    }
    TM_SAME_INT(a, b, nobjects, where);
    TM_SAME_INT(a, b, draworder, where);
    TM_SAME_COLOR(a, b, color, where);
    for (int i = 0; i < a->nobjects && i < b->nobjects; i++) {
        char w[8192];
        snprintf(w, sizeof(w), "%.4000s object %d", where, a->objects[i].id);
        tm_compare_objects(&a->objects[i], &b->objects[i], w);
    }
    TM_SAME_STR(a, b, image, where);
    CHECK_MSG(a->sheet == b->sheet, "%s: the two maps do not share the sheet", where);
    TM_SAME_INT(a, b, imagewidth, where);
    TM_SAME_INT(a, b, imageheight, where);
    TM_SAME_INT(a, b, repeatx, where);
    TM_SAME_INT(a, b, repeaty, where);
}

/* Every field of the model, every cell, every property: the same. */
static inline void tm_compare_maps(const akgl_Tilemap *a, const akgl_Tilemap *b)
{
    const char *where = b->path;
    TM_SAME_INT(a, b, orientation, where);
    TM_SAME_INT(a, b, renderorder, where);
    TM_SAME_INT(a, b, width, where);
    TM_SAME_INT(a, b, height, where);
    TM_SAME_INT(a, b, tilewidth, where);
    TM_SAME_INT(a, b, tileheight, where);
    TM_SAME_INT(a, b, infinite, where);
    TM_SAME_INT(a, b, hexsidelength, where);
    TM_SAME_INT(a, b, staggeraxis, where);
    TM_SAME_INT(a, b, staggerindex, where);
    TM_SAME_FLOAT(a, b, parallaxoriginx, where);
    TM_SAME_FLOAT(a, b, parallaxoriginy, where);
    TM_SAME_COLOR(a, b, background, where);
    TM_SAME_STR(a, b, class_name, where);
    tm_compare_properties(a->properties, b->properties, where);
    TM_SAME_INT(a, b, ntilesets, where);
    for (int i = 0; i < a->ntilesets && i < b->ntilesets; i++) {
        char w[8192];
        snprintf(w, sizeof(w), "%.4000s tileset %d", where, i);
        tm_compare_tilesets(&a->tilesets[i], &b->tilesets[i], w);
    }
    TM_SAME_INT(a, b, nlayers, where);
    for (int i = 0; i < a->nlayers && i < b->nlayers; i++) {
        char w[8192];
        snprintf(w, sizeof(w), "%.4000s layer %d (%s)", where, i, a->layers[i].name);
        tm_compare_layers(&a->layers[i], &b->layers[i], w);
    }
}

/* ------------------------------------------------------------------------ */
/* Loading and refusing                                                     */
/* ------------------------------------------------------------------------ */

/* Loads `path` with `load`, which must succeed; NULL otherwise. */
static inline akgl_Tilemap *tm_load(tm_loader load, const char *path)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    akgl_Tilemap *map = NULL;
    int got = test_status_of_(load(path, &map), msg);
    CHECK_MSG(got == 0, "%s: status %d (%s)", path, got, msg);
    return got == 0 ? map : NULL;
}

static inline void tm_release(akgl_Tilemap *map)
{
    if (map != NULL) {
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
}

typedef struct TmCounts
{
    SfCounts sf;
    int maps, reg_maps;
} TmCounts;

static inline TmCounts tm_counts_now(void)
{
    TmCounts c;
    c.sf = sf_counts_now();
    c.maps = akgl_test_tilemaps_();
    c.reg_maps = akgl_test_reg_tilemaps_();
    return c;
}

/*
 * `load(path)` must fail with `status`, the message must start with the
 * file's real path (or `path` for a file that does not exist) and hold each
 * non-NULL needle, and nothing may be left claimed.
 */
static inline void tm_expect_refused(tm_loader load, const char *path, int status,
                                     const char *needle1, const char *needle2)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    char real[PATH_MAX];
    akgl_Tilemap *map = NULL;
    TmCounts before = tm_counts_now();
    int got = test_status_of_(load(path, &map), msg);
    CHECK_MSG(got == status, "%s: status %d, expected %d (%s)", path, got, status, msg);
    CHECK_MSG(map == NULL, "%s: *dest was written on failure", path);
    if (realpath(path, real) == NULL) {
        snprintf(real, sizeof(real), "%s", path);
    }
    CHECK_MSG(strstr(msg, real) != NULL, "%s: the message does not name the file: \"%s\"", path,
              msg);
    if (needle1 != NULL) {
        CHECK_MSG(strstr(msg, needle1) != NULL, "%s: \"%s\" lacks \"%s\"", path, msg, needle1);
    }
    if (needle2 != NULL) {
        CHECK_MSG(strstr(msg, needle2) != NULL, "%s: \"%s\" lacks \"%s\"", path, msg, needle2);
    }
    TmCounts now = tm_counts_now();
    SF_CHECK_COUNTS_UNCHANGED(before.sf, path);
    CHECK_MSG(now.maps == before.maps && now.reg_maps == before.reg_maps,
              "%s: tilemaps %d->%d, registered %d->%d", path, before.maps, now.maps,
              before.reg_maps, now.reg_maps);
}

#endif /* AKGL_TEST_TILEMAP_FIXTURE_H */
