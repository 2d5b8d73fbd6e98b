/*
 * Finding a map's objects (by name, by type, the start point), where they
 * stand in the world, the map's extent in world pixels (the camera's bounds
 * when the map is set), and the check of the actor settings its objects
 * carry (docs/07-tilemaps.md). Layer: game (the level): it places objects
 * with the map's drawing geometry (world layer).
 */
#include <akgl/character.h>
#include <akgl/tilemap.h>

#include "json_private.h"
#include "nearby.h"
#include "tilemap_game.h"

#include <string.h>

#define SHOWN(map, buf) akgl_json_message_path((map)->path, (buf))

/* "; did you mean \"start\"? (3 objects have a name: ...)", or " (no object of the map has a name)". */
static void describe(const akgl_Tilemap *map, const char *key, bool by_type, char *buf,
                     size_t size)
{
    akgl_Nearby n;
    akgl_nearby_begin(&n, key);
    for (int li = 0; li < map->nlayers; li++) {
        const akgl_TilemapLayer *layer = &map->layers[li];
        for (int i = 0; i < layer->nobjects; i++) {
            akgl_nearby_add(&n, by_type ? layer->objects[i].type : layer->objects[i].name);
        }
    }
    akgl_nearby_describe(&n, by_type ? "objects have a type" : "objects have a name",
                         by_type ? "no object of the map has a type"
                                 : "no object of the map has a name",
                         buf, size);
}

/* The first object, in layer and file order, whose name (or type) is `key`. */
static const akgl_TilemapObject *first_object(const akgl_Tilemap *map, const char *key,
                                              bool by_type)
{
    for (int li = 0; li < map->nlayers; li++) {
        const akgl_TilemapLayer *layer = &map->layers[li];
        for (int i = 0; i < layer->nobjects; i++) {
            const char *s = by_type ? layer->objects[i].type : layer->objects[i].name;
            if (strcmp(s, key) == 0) {
                return &layer->objects[i];
            }
        }
    }
    return NULL;
}

akerr_ErrorContext *akgl_tilemap_find_object(const akgl_Tilemap *map, const char *name,
                                             const akgl_TilemapObject **dest)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    char nearby[AKERR_MAX_ERROR_MESSAGE_LENGTH / 2];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_find_object: NULL destination");
    *dest = NULL;
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_find_object: NULL map");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_tilemap_find_object: NULL name");
    FAIL_ZERO_RETURN(errctx, name[0], AKERR_VALUE,
                     "akgl_tilemap_find_object: map %s: an empty name names no object",
                     SHOWN(map, shown));
    *dest = first_object(map, name, false);
    if (*dest == NULL) {
        describe(map, name, false, nearby, sizeof(nearby));
        FAIL_RETURN(errctx, AKERR_KEY, "map %s has no object named \"%.64s\"%s",
                    SHOWN(map, shown), name, nearby);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_find_objects_by_type(const akgl_Tilemap *map, const char *type,
                                                      const akgl_TilemapObject **out, int max,
                                                      int *count)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    char nearby[AKERR_MAX_ERROR_MESSAGE_LENGTH / 2];
    int n = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, count, AKERR_NULLPOINTER,
                     "akgl_tilemap_find_objects_by_type: NULL count");
    *count = 0;
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_find_objects_by_type: NULL map");
    FAIL_ZERO_RETURN(errctx, type, AKERR_NULLPOINTER,
                     "akgl_tilemap_find_objects_by_type: NULL type");
    FAIL_NONZERO_RETURN(errctx, max < 0 || (out == NULL && max > 0), AKERR_VALUE,
                        "akgl_tilemap_find_objects_by_type: room for %d objects in %s", max,
                        out == NULL ? "a NULL array" : "an array");
    FAIL_ZERO_RETURN(errctx, type[0], AKERR_VALUE,
                     "akgl_tilemap_find_objects_by_type: map %s: an empty type names no object",
                     SHOWN(map, shown));
    for (int li = 0; li < map->nlayers; li++) {
        const akgl_TilemapLayer *layer = &map->layers[li];
        for (int i = 0; i < layer->nobjects; i++) {
            if (strcmp(layer->objects[i].type, type) == 0) {
                if (n < max) {
                    out[n] = &layer->objects[i];
                }
                n++;
            }
        }
    }
    *count = n;
    if (n == 0) {
        describe(map, type, true, nearby, sizeof(nearby));
        FAIL_RETURN(errctx, AKERR_KEY, "map %s has no object of type \"%.64s\"%s",
                    SHOWN(map, shown), type, nearby);
    }
    FAIL_NONZERO_RETURN(errctx, out != NULL && n > max, AKERR_OUTOFBOUNDS,
                        "map %s has %d objects of type \"%.64s\"; the array holds %d (the first "
                        "%d are in it)", SHOWN(map, shown), n, type, max, max);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_object_position(const akgl_Tilemap *map,
                                                 const akgl_TilemapObject *obj, SDL_FPoint *dest)
{
    float ax = 0.0f, ay = 0.0f;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_object_position: NULL map");
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_tilemap_object_position: NULL object");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_tilemap_object_position: NULL destination");
    akgl_tilemap_object_anchor(map, obj, &ax, &ay);
    SDL_FPoint at = akgl_tilemap_object_world(map, obj->x, obj->y);
    *dest = (SDL_FPoint){at.x - ax * obj->width, at.y - ay * obj->height};
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_start_point(const akgl_Tilemap *map, SDL_FPoint *dest)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    char nearby[AKERR_MAX_ERROR_MESSAGE_LENGTH / 2];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_start_point: NULL map");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_start_point: NULL destination");
    const akgl_TilemapObject *obj = first_object(map, AKGL_TILEMAP_START, false);
    if (obj == NULL) {
        obj = first_object(map, AKGL_TILEMAP_START, true);
    }
    if (obj == NULL) {
        describe(map, AKGL_TILEMAP_START, false, nearby, sizeof(nearby));
        FAIL_RETURN(errctx, AKERR_KEY, "map %s has no start point: no object is named or of "
                    "type \"" AKGL_TILEMAP_START "\"%s", SHOWN(map, shown), nearby);
    }
    PASS(errctx, akgl_tilemap_object_position(map, obj, dest));
    SUCCEED_RETURN(errctx);
}

/* The cells the tile layers cover: a finite map's grid; an infinite map's
 * chunks' bounding box. False when there are none. */
static bool cell_bounds(const akgl_Tilemap *map, long *x0, long *y0, long *x1, long *y1)
{
    if (!map->infinite) {
        *x0 = 0;
        *y0 = 0;
        *x1 = map->width;
        *y1 = map->height;
        return map->width > 0 && map->height > 0;
    }
    bool any = false;
    for (int i = 0; i < map->nlayers; i++) {
        const akgl_TilemapLayer *l = &map->layers[i];
        if (l->kind != AKGL_TILEMAP_LAYER_TILES) {
            continue;
        }
        for (int c = 0; c < l->nchunks; c++) {
            long cx0 = l->chunks[c].x, cy0 = l->chunks[c].y;
            long cx1 = cx0 + l->chunkwidth, cy1 = cy0 + l->chunkheight;
            *x0 = any ? SDL_min(*x0, cx0) : cx0;
            *y0 = any ? SDL_min(*y0, cy0) : cy0;
            *x1 = any ? SDL_max(*x1, cx1) : cx1;
            *y1 = any ? SDL_max(*y1, cy1) : cy1;
            any = true;
        }
        if (l->cells != NULL && l->width > 0 && l->height > 0) {
            long rx0 = l->x0, ry0 = l->y0, rx1 = rx0 + l->width, ry1 = ry0 + l->height;
            *x0 = any ? SDL_min(*x0, rx0) : rx0;
            *y0 = any ? SDL_min(*y0, ry0) : ry0;
            *x1 = any ? SDL_max(*x1, rx1) : rx1;
            *y1 = any ? SDL_max(*y1, ry1) : ry1;
            any = true;
        }
    }
    return any;
}

akerr_ErrorContext *akgl_tilemap_pixel_bounds(const akgl_Tilemap *map, SDL_FRect *dest)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    long x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_pixel_bounds: NULL map");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_pixel_bounds: NULL destination");
    FAIL_ZERO_RETURN(errctx, cell_bounds(map, &x0, &y0, &x1, &y1) && map->tilewidth > 0 &&
                                 map->tileheight > 0,
                     AKERR_VALUE, "akgl_tilemap_pixel_bounds: map %s covers no cells (%s, %d x "
                     "%d tiles of %d x %d px)", SHOWN(map, shown),
                     map->infinite ? "an infinite map without chunks" : "a finite map",
                     map->width, map->height, map->tilewidth, map->tileheight);
    float tw = (float)map->tilewidth, th = (float)map->tileheight;
    if (map->orientation != AKGL_TILEMAP_ISOMETRIC) {
        *dest = (SDL_FRect){(float)x0 * tw, (float)y0 * th, (float)(x1 - x0) * tw,
                            (float)(y1 - y0) * th};
        SUCCEED_RETURN(errctx);
    }
    /* Isometric: the diamond's box. Corner cells through the drawing's own
     * placement of a cell's top corner (object (x, y) in tile pixels). */
    const float cx[4] = {(float)x0, (float)x1, (float)x0, (float)x1};
    const float cy[4] = {(float)y0, (float)y0, (float)y1, (float)y1};
    float minx = 0, miny = 0, maxx = 0, maxy = 0;
    for (int i = 0; i < 4; i++) {
        SDL_FPoint p = akgl_tilemap_object_world(map, cx[i] * th, cy[i] * th);
        minx = i ? SDL_min(minx, p.x) : p.x;
        miny = i ? SDL_min(miny, p.y) : p.y;
        maxx = i ? SDL_max(maxx, p.x) : p.x;
        maxy = i ? SDL_max(maxy, p.y) : p.y;
    }
    *dest = (SDL_FRect){minx, miny, maxx - minx, maxy - miny};
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_check_actor_settings(const akgl_Tilemap *map)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_check_actor_settings: NULL map");
    for (int li = 0; li < map->nlayers; li++) {
        const akgl_TilemapLayer *layer = &map->layers[li];
        for (int i = 0; i < layer->nobjects; i++) {
            const akgl_TilemapObject *obj = &layer->objects[i];
            akgl_ActorSettings s = {0};
            PASS(errctx, akerr_prefix_message(akgl_actor_settings_from_properties(obj->properties,
                                                                                  &s),
                                              "map %s: layer %d (\"%s\"): object %d (\"%s\")",
                                              SHOWN(map, shown), li, layer->name, obj->id,
                                              obj->name));
        }
    }
    SUCCEED_RETURN(errctx);
}
