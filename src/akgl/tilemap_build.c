/*
 * A Tiled JSON document -> the model of akgl/tilemap.h. Layer: assets.
 *
 * Both readers end here: tilemap_tmx.c translates XML into the JSON Tiled
 * writes for the same map. The builder reads every value through the
 * getters below, which name the key and the value in their messages; each
 * level of the map (tileset, layer, object, property) prefixes its own name,
 * and the load prefixes the file, so a message reads
 *   "/x/level.tmj: layer 3 ("ground"): cell (4, 2): gid 99 is past every tileset".
 *
 * Everything is attached to the map as soon as it exists (sheets,
 * properties sets, blocks), so a failure anywhere leaves a map that
 * akgl_heap_release_tilemap tears down completely.
 */
#include "tilemap_private.h"

#include "json_private.h"
#include "watch_private.h"

#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>
#include <akstdlib.h>

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The "" every absent string points at; never written. */
static char empty_string[1];

typedef struct Template
{
    struct Template *next;
    char path[AKGL_MAX_STRING_LENGTH]; /* real path */
    json_t *root;
    json_t *object;  /* borrowed from root */
    json_t *tileset; /* borrowed from root, or NULL */
} Template;

typedef struct Build
{
    akgl_Tilemap *map;
    const char *stack[AKGL_TILEMAP_MAX_INCLUDE_DEPTH + 1]; /* the map, then tileset files */
    int depth;
    Template *templates;
    int ntemplates;
    const char *last_ref;     /* the template reference read last, as written ... */
    Template *last_template;  /* ... and its template: the common case, one name
                               * in many objects, skips resolving the path */
    int next_layer;
    int chunkwidth, chunkheight; /* an infinite map's chunk size: its first chunk's */
    int64_t bytes;     /* charged against the budget so far */
    int64_t max_bytes; /* the budget's, for this load */
} Build;

typedef struct Effective
{
    bool visible;
    float opacity, offsetx, offsety, parallaxx, parallaxy;
    SDL_Color tint;
} Effective;

/* ------------------------------------------------------------------------ */
/* The budget of the whole load                                             */
/* ------------------------------------------------------------------------ */

/* Process-wide, like the limits it stands beside: a game sets it once,
 * before it loads, from the thread that loads (akgl/tilemap.h). */
static akgl_TilemapBudget budget = {AKGL_TILEMAP_MAX_MAP_CELLS, AKGL_TILEMAP_MAX_MAP_BYTES};

akerr_ErrorContext *akgl_tilemap_set_budget(const akgl_TilemapBudget *want)
{
    PREPARE_ERROR(errctx);
    akgl_TilemapBudget next = {0, 0};
    if (want != NULL) {
        next = *want;
    }
    if (next.max_cells < 0 || next.max_bytes < 0) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "akgl_tilemap_set_budget: max_cells %lld, "
                    "max_bytes %lld: a budget cannot be negative (0 is the default)",
                    (long long)next.max_cells, (long long)next.max_bytes);
    }
    budget.max_cells = next.max_cells ? next.max_cells : AKGL_TILEMAP_MAX_MAP_CELLS;
    budget.max_bytes = next.max_bytes ? next.max_bytes : AKGL_TILEMAP_MAX_MAP_BYTES;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_get_budget(akgl_TilemapBudget *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_get_budget: NULL destination");
    *dest = budget;
    SUCCEED_RETURN(errctx);
}

/* `bytes` more for `what`, refused before the allocation when the load would
 * pass its budget. */
static akerr_ErrorContext *charge(Build *b, uint64_t bytes, const char *what)
{
    PREPARE_ERROR(errctx);
    if (bytes > (uint64_t)(b->max_bytes - b->bytes)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %llu bytes more, after the %lld the map has "
                    "taken, pass its budget of %lld bytes (AKGL_TILEMAP_MAX_MAP_BYTES; "
                    "akgl_tilemap_set_budget raises it)", what, (unsigned long long)bytes,
                    (long long)b->bytes, (long long)b->max_bytes);
    }
    b->bytes += (int64_t)bytes;
    SUCCEED_RETURN(errctx);
}

/* akgl_tilemap_alloc, charged to the budget first. */
static akerr_ErrorContext *balloc(Build *b, size_t n, size_t size, const char *what, void **dest)
{
    PREPARE_ERROR(errctx);
    if (size == 0 || n <= UINT64_MAX / size) {
        PASS(errctx, charge(b, (uint64_t)n * size, what));
    } /* else akgl_tilemap_alloc says it overflows */
    PASS(errctx, akgl_tilemap_alloc(b->map, n, size, what, dest));
    SUCCEED_RETURN(errctx);
}

/* akgl_tilemap_strdup, charged to the budget first. */
static akerr_ErrorContext *bstrdup(Build *b, const char *s, char **dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, charge(b, strlen(s) + 1, "a name"));
    PASS(errctx, akgl_tilemap_strdup(b->map, s, dest));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Getters: absent -> default (or AKERR_KEY); wrong type -> AKERR_TYPE      */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *type_error(const char *key, json_t *v, const char *wanted)
{
    PREPARE_ERROR(errctx);
    if (json_is_string(v)) {
        FAIL_RETURN(errctx, AKERR_TYPE, "\"%s\" is a string (\"%.64s\"), wanted %s", key,
                    json_string_value(v), wanted);
    }
    FAIL_RETURN(errctx, AKERR_TYPE, "\"%s\" is %s, wanted %s", key, akgl_json_type_name(v),
                wanted);
}

static akerr_ErrorContext *get_int(json_t *obj, const char *key, bool required, int dflt,
                                   int *dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    if (v == NULL) {
        FAIL_NONZERO_RETURN(errctx, required, AKERR_KEY, "no \"%s\"", key);
        *dest = dflt;
        SUCCEED_RETURN(errctx);
    }
    if (!json_is_integer(v)) {
        PASS(errctx, type_error(key, v, "an integer"));
    }
    json_int_t x = json_integer_value(v);
    if (x < INT_MIN || x > INT_MAX) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "\"%s\" is %lld, beyond an int", key, (long long)x);
    }
    *dest = (int)x;
    SUCCEED_RETURN(errctx);
}

/* get_int, then lo <= value <= hi (`limit` names the limit, or NULL). */
static akerr_ErrorContext *get_int_in(json_t *obj, const char *key, bool required, int dflt,
                                      int lo, long hi, const char *limit, int *dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, get_int(obj, key, required, dflt, dest));
    if (*dest < lo || *dest > hi) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "\"%s\" is %d, outside %d..%ld%s%s%s", key, *dest,
                    lo, hi, limit ? " (" : "", limit ? limit : "", limit ? ")" : "");
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *get_uint32(json_t *obj, const char *key, uint32_t dflt, uint32_t *dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    if (v == NULL) {
        *dest = dflt;
        SUCCEED_RETURN(errctx);
    }
    if (!json_is_integer(v)) {
        PASS(errctx, type_error(key, v, "an integer"));
    }
    json_int_t x = json_integer_value(v);
    if (x < 0 || x > (json_int_t)UINT32_MAX) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "\"%s\" is %lld, outside 0..%u", key, (long long)x,
                    UINT32_MAX);
    }
    *dest = (uint32_t)x;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *get_float(json_t *obj, const char *key, bool required, float dflt,
                                     float *dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    if (v == NULL) {
        FAIL_NONZERO_RETURN(errctx, required, AKERR_KEY, "no \"%s\"", key);
        *dest = dflt;
        SUCCEED_RETURN(errctx);
    }
    if (!json_is_number(v)) {
        PASS(errctx, type_error(key, v, "a number"));
    }
    double x = json_number_value(v);
    if (!isfinite(x) || x > FLT_MAX || x < -FLT_MAX) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "\"%s\" is %g, beyond a float", key, x);
    }
    *dest = (float)x;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *get_bool(json_t *obj, const char *key, bool dflt, bool *dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    if (v == NULL) {
        *dest = dflt;
        SUCCEED_RETURN(errctx);
    }
    if (!json_is_boolean(v)) {
        PASS(errctx, type_error(key, v, "a boolean"));
    }
    *dest = json_is_true(v);
    SUCCEED_RETURN(errctx);
}

/* A borrowed string; *dest = dflt when absent and not required. */
static akerr_ErrorContext *get_str(json_t *obj, const char *key, bool required, const char *dflt,
                                   const char **dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    if (v == NULL) {
        FAIL_NONZERO_RETURN(errctx, required, AKERR_KEY, "no \"%s\"", key);
        *dest = dflt;
        SUCCEED_RETURN(errctx);
    }
    if (!json_is_string(v)) {
        PASS(errctx, type_error(key, v, "a string"));
    }
    *dest = json_string_value(v);
    SUCCEED_RETURN(errctx);
}

/* An optional array or object (*dest NULL when absent). */
static akerr_ErrorContext *get_array(json_t *obj, const char *key, json_t **dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    if (v != NULL && !json_is_array(v)) {
        PASS(errctx, type_error(key, v, "an array"));
    }
    *dest = v;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *get_object(json_t *obj, const char *key, json_t **dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    if (v != NULL && !json_is_object(v)) {
        PASS(errctx, type_error(key, v, "an object"));
    }
    *dest = v;
    SUCCEED_RETURN(errctx);
}

/* A string copied into the map ("" shared when empty). */
static akerr_ErrorContext *copy_str(Build *b, json_t *obj, const char *key, char **dest)
{
    const char *s = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, get_str(obj, key, false, "", &s));
    if (s[0] == '\0') {
        *dest = empty_string;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, bstrdup(b, s, dest));
    SUCCEED_RETURN(errctx);
}

/* One of `names` (index into it); AKERR_VALUE listing them otherwise. */
static akerr_ErrorContext *get_enum(json_t *obj, const char *key, bool required,
                                    const char *const *names, int count, int dflt, int *dest)
{
    const char *s = NULL;
    char list[256] = "";
    PREPARE_ERROR(errctx);
    PASS(errctx, get_str(obj, key, required, NULL, &s));
    if (s == NULL) {
        *dest = dflt;
        SUCCEED_RETURN(errctx);
    }
    for (int i = 0; i < count; i++) {
        if (strcmp(s, names[i]) == 0) {
            *dest = i;
            SUCCEED_RETURN(errctx);
        }
    }
    for (int i = 0; i < count; i++) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof(list) - used, "%s\"%s\"", i ? ", " : "", names[i]);
    }
    FAIL_RETURN(errctx, AKERR_VALUE, "unknown %s \"%.64s\" (akgl knows %s)", key, s, list);
}

/* "#RRGGBB" or "#AARRGGBB" (the '#' optional), as Tiled writes colours. */
static akerr_ErrorContext *parse_color(const char *key, const char *text, SDL_Color *dest)
{
    PREPARE_ERROR(errctx);
    const char *p = text[0] == '#' ? text + 1 : text;
    size_t len = strlen(p);
    unsigned v[4] = {255, 0, 0, 0};
    bool ok = len == 6 || len == 8;
    for (size_t i = 0; ok && i < len; i++) {
        ok = strchr("0123456789abcdefABCDEF", p[i]) != NULL;
    }
    if (!ok) {
        FAIL_RETURN(errctx, AKERR_VALUE, "\"%s\" is \"%.32s\", not a colour (#RRGGBB or #AARRGGBB)",
                    key, text);
    }
    int first = len == 8 ? 0 : 1;
    for (int i = first; i < 4; i++) {
        char byte[3] = {p[(i - first) * 2], p[(i - first) * 2 + 1], '\0'};
        v[i] = (unsigned)strtoul(byte, NULL, 16);
    }
    *dest = (SDL_Color){(Uint8)v[1], (Uint8)v[2], (Uint8)v[3], (Uint8)v[0]};
    SUCCEED_RETURN(errctx);
}

/* An optional colour member; `absent` when not there (or ""). */
static akerr_ErrorContext *get_color(json_t *obj, const char *key, SDL_Color absent,
                                     SDL_Color *dest)
{
    const char *s = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, get_str(obj, key, false, "", &s));
    if (s[0] == '\0') {
        *dest = absent;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, parse_color(key, s, dest));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Files and sheets                                                         */
/* ------------------------------------------------------------------------ */

/* `ref` relative to the directory of `basefile`, resolved. */
static akerr_ErrorContext *resolve_relative(const char *basefile, const char *ref, char *dest)
{
    char dir[AKGL_MAX_STRING_LENGTH];
    char joined[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);
    PASS(errctx, aksl_dirname(basefile, dir, sizeof(dir)));
    PASS(errctx, aksl_path_join(joined, sizeof(joined), dir, ref));
    PASS(errctx, aksl_realpath(joined, dest));
    SUCCEED_RETURN(errctx);
}

/* The registered sheet of image `path` with one more reference, or a new one. */
static akerr_ErrorContext *acquire_sheet(const char *path, akgl_SpriteSheet **dest)
{
    void *found = NULL;
    akgl_SpriteSheet *sheet = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITESHEET, "spritesheet", path, &found));
    if (found != NULL) {
        sheet = found;
        sheet->refcount++;
        *dest = sheet;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akgl_heap_next_spritesheet(&sheet));
    ATTEMPT {
        CATCH(errctx, akgl_spritesheet_initialize(sheet, 0, 0, path));
    } CLEANUP {
    } PROCESS(errctx) {
        IGNORE(akgl_heap_release_spritesheet(sheet));
    } FINISH(errctx, true);
    *dest = sheet;
    SUCCEED_RETURN(errctx);
}

/* Image `ref` (relative to basefile): its sheet into *sheet and its real path
 * into *image, both owned by the map from here on. */
static akerr_ErrorContext *load_image(Build *b, const char *basefile, const char *ref,
                                      akgl_SpriteSheet **sheet, char **image)
{
    char path[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);
    PASS(errctx, akerr_prefix_message(resolve_relative(basefile, ref, path), "image \"%s\"", ref));
    PASS(errctx, bstrdup(b, path, image));
    PASS(errctx, akerr_prefix_message(acquire_sheet(path, sheet), "image \"%s\"", ref));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Properties                                                               */
/* ------------------------------------------------------------------------ */

typedef struct PropertySink
{
    Build *b;                /* charged for each property */
    SDL_PropertiesID *props; /* the element's field: created on first use */
    int count;
} PropertySink;

static akerr_ErrorContext *sink_ready(PropertySink *sink, const char *name)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, charge(sink->b, AKGL_TILEMAP_PROPERTY_BYTES + strlen(name) + 1,
                        "a custom property"));
    if (*sink->props == 0) {
        *sink->props = SDL_CreateProperties();
        FAIL_ZERO_RETURN(errctx, *sink->props, AKERR_API, "cannot create a properties set: %s",
                         SDL_GetError());
    }
    if (++sink->count > AKGL_TILEMAP_MAX_PROPERTIES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "property \"%s\": more than AKGL_TILEMAP_MAX_PROPERTIES (%d) properties",
                    name, AKGL_TILEMAP_MAX_PROPERTIES);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *sdl_ok(bool ok, const char *name)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, ok, AKERR_API, "property \"%s\": SDL cannot store it: %s", name,
                     SDL_GetError());
    SUCCEED_RETURN(errctx);
}

/* A class's members, flattened to "prefix.member"; types from the JSON values. */
static akerr_ErrorContext *flatten_class(PropertySink *sink, const char *prefix, json_t *members,
                                         int depth)
{
    const char *key = NULL;
    json_t *v = NULL;
    char name[AKGL_TILEMAP_MAX_PROPERTY_NAME];
    PREPARE_ERROR(errctx);

    if (depth > AKGL_TILEMAP_MAX_CLASS_DEPTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "property \"%s\": classes nested deeper than AKGL_TILEMAP_MAX_CLASS_DEPTH (%d)",
                    prefix, AKGL_TILEMAP_MAX_CLASS_DEPTH);
    }
    json_object_foreach(members, key, v) {
        int n = snprintf(name, sizeof(name), "%s.%s", prefix, key);
        if (n < 0 || (size_t)n >= sizeof(name)) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "property \"%s.%s\": the name is longer than "
                        "AKGL_TILEMAP_MAX_PROPERTY_NAME - 1 (%d) bytes", prefix, key,
                        AKGL_TILEMAP_MAX_PROPERTY_NAME - 1);
        }
        if (json_is_object(v)) {
            PASS(errctx, flatten_class(sink, name, v, depth + 1));
            continue;
        }
        PASS(errctx, sink_ready(sink, name));
        if (json_is_string(v)) {
            PASS(errctx, sdl_ok(SDL_SetStringProperty(*sink->props, name, json_string_value(v)),
                                name));
        } else if (json_is_integer(v)) {
            PASS(errctx, sdl_ok(SDL_SetNumberProperty(*sink->props, name,
                                                      (Sint64)json_integer_value(v)), name));
        } else if (json_is_real(v)) {
            PASS(errctx, sdl_ok(SDL_SetFloatProperty(*sink->props, name,
                                                     (float)json_real_value(v)), name));
        } else if (json_is_boolean(v)) {
            PASS(errctx, sdl_ok(SDL_SetBooleanProperty(*sink->props, name, json_is_true(v)),
                                name));
        } else {
            FAIL_RETURN(errctx, AKERR_TYPE, "property \"%s\" is %s, wanted a string, number, "
                        "boolean or class", name, akgl_json_type_name(v));
        }
    }
    SUCCEED_RETURN(errctx);
}

static const char *const PROPERTY_TYPES[] = {"string", "file", "color", "int", "object",
                                             "float", "bool", "class"};

static akerr_ErrorContext *add_property(PropertySink *sink, json_t *p)
{
    const char *name = NULL;
    int type = 0;
    PREPARE_ERROR(errctx);

    PASS(errctx, get_str(p, "name", true, NULL, &name));
    FAIL_ZERO_RETURN(errctx, name[0], AKERR_VALUE, "a property has an empty name");
    if (strlen(name) >= AKGL_TILEMAP_MAX_PROPERTY_NAME) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "property \"%.64s...\": the name is longer than "
                    "AKGL_TILEMAP_MAX_PROPERTY_NAME - 1 (%d) bytes", name,
                    AKGL_TILEMAP_MAX_PROPERTY_NAME - 1);
    }
    PASS(errctx, akerr_prefix_message(get_enum(p, "type", false, PROPERTY_TYPES,
                                               (int)SDL_arraysize(PROPERTY_TYPES), 0, &type),
                                      "property \"%s\"", name));
    if (type == 7) { /* class */
        json_t *members = NULL;
        PASS(errctx, akerr_prefix_message(get_object(p, "value", &members), "property \"%s\"",
                                          name));
        if (members != NULL) {
            PASS(errctx, flatten_class(sink, name, members, 1));
        }
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, sink_ready(sink, name));
    switch (type) {
    case 0: case 1: case 2: { /* string, file, color: the text as written */
        const char *s = NULL;
        PASS(errctx, akerr_prefix_message(get_str(p, "value", false, "", &s), "property \"%s\"",
                                          name));
        PASS(errctx, sdl_ok(SDL_SetStringProperty(*sink->props, name, s), name));
        break;
    }
    case 3: case 4: { /* int, object (an object id) */
        json_t *v = json_object_get(p, "value");
        if (v != NULL && !json_is_integer(v)) {
            PASS(errctx, akerr_prefix_message(type_error("value", v, "an integer"),
                                              "property \"%s\"", name));
        }
        PASS(errctx, sdl_ok(SDL_SetNumberProperty(*sink->props, name,
                                                  v ? (Sint64)json_integer_value(v) : 0), name));
        break;
    }
    case 5: { /* float */
        float f = 0.0f;
        PASS(errctx, akerr_prefix_message(get_float(p, "value", false, 0.0f, &f),
                                          "property \"%s\"", name));
        PASS(errctx, sdl_ok(SDL_SetFloatProperty(*sink->props, name, f), name));
        break;
    }
    default: { /* bool */
        bool v = false;
        PASS(errctx, akerr_prefix_message(get_bool(p, "value", false, &v), "property \"%s\"",
                                          name));
        PASS(errctx, sdl_ok(SDL_SetBooleanProperty(*sink->props, name, v), name));
        break;
    }
    }
    SUCCEED_RETURN(errctx);
}

/* obj's "properties" into *props (created when there is at least one). */
static akerr_ErrorContext *add_properties(Build *b, json_t *obj, SDL_PropertiesID *props)
{
    json_t *array = NULL;
    PropertySink sink = {b, props, 0};
    PREPARE_ERROR(errctx);
    PASS(errctx, get_array(obj, "properties", &array));
    if (array == NULL) {
        SUCCEED_RETURN(errctx);
    }
    for (size_t i = 0; i < json_array_size(array); i++) {
        json_t *p = json_array_get(array, i);
        if (!json_is_object(p)) {
            FAIL_RETURN(errctx, AKERR_TYPE, "properties[%zu] is %s, wanted an object", i,
                        akgl_json_type_name(p));
        }
        PASS(errctx, add_property(&sink, p));
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Tilesets                                                                 */
/* ------------------------------------------------------------------------ */

static const char *const ALIGNMENTS[] = {"unspecified", "topleft", "top", "topright", "left",
                                         "center", "right", "bottomleft", "bottom",
                                         "bottomright"};
static const char *const RENDER_SIZES[] = {"tile", "grid"};
static const char *const FILL_MODES[] = {"stretch", "preserve-aspect-fit"};

static int compare_tiles(const void *a, const void *b)
{
    uint32_t x = ((const akgl_TilemapTile *)a)->id;
    uint32_t y = ((const akgl_TilemapTile *)b)->id;
    return (x > y) - (x < y);
}

static akerr_ErrorContext *build_animation(Build *b, json_t *frames, akgl_TilemapTile *tile)
{
    void *mem = NULL;
    PREPARE_ERROR(errctx);
    size_t n = json_array_size(frames);
    if (n == 0) {
        SUCCEED_RETURN(errctx);
    }
    if (n > AKGL_TILEMAP_MAX_FRAMES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "animation: %zu frames, more than "
                    "AKGL_TILEMAP_MAX_FRAMES (%d)", n, AKGL_TILEMAP_MAX_FRAMES);
    }
    PASS(errctx, balloc(b, n, sizeof(akgl_TilemapFrame), "animation", &mem));
    tile->frames = mem;
    tile->nframes = (int)n;
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *f = json_array_get(frames, i);
        int tileid = 0, duration = 0;
        if (!json_is_object(f)) {
            FAIL_RETURN(errctx, AKERR_TYPE, "animation frame %zu is %s, wanted an object", i,
                        akgl_json_type_name(f));
        }
        PASS(errctx, akerr_prefix_message(get_int_in(f, "tileid", true, 0, 0,
                                                     AKGL_TILEMAP_MAX_TILESET_TILES - 1, NULL,
                                                     &tileid), "animation frame %zu", i));
        PASS(errctx, akerr_prefix_message(get_int_in(f, "duration", true, 0, 1, INT_MAX, NULL,
                                                     &duration), "animation frame %zu", i));
        tile->frames[i] = (akgl_TilemapFrame){(uint32_t)tileid, (uint32_t)duration};
        total += (uint64_t)duration;
    }
    if (total > UINT32_MAX) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "animation: %llu ms in all, more than %u",
                    (unsigned long long)total, UINT32_MAX);
    }
    tile->duration = (uint32_t)total;
    SUCCEED_RETURN(errctx);
}

/*
 * Where tile `id` of an image tileset begins on its image. In 64 bits: the
 * column count, tile size and spacing all come from the file, and within
 * their own limits col * (tilewidth + spacing) passes INT_MAX (599,999
 * columns of 4096-pixel tiles), which in int made a tileset far wider than
 * its image pass the check that every tile lies on it.
 */
static void cell_origin(const akgl_TilemapTileset *ts, uint32_t id, int64_t *x, int64_t *y)
{
    int64_t col = (int64_t)(id % (uint32_t)ts->columns);
    int64_t row = (int64_t)(id / (uint32_t)ts->columns);
    *x = ts->margin + col * ((int64_t)ts->tilewidth + ts->spacing);
    *y = ts->margin + row * ((int64_t)ts->tileheight + ts->spacing);
}

static akerr_ErrorContext *build_tile(Build *b, json_t *tj, const char *basefile,
                                      akgl_TilemapTileset *ts, akgl_TilemapTile *tile)
{
    int id = 0;
    json_t *frames = NULL;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);

    PASS(errctx, get_int_in(tj, "id", true, 0, 0, AKGL_TILEMAP_MAX_TILESET_TILES - 1,
                            "AKGL_TILEMAP_MAX_TILESET_TILES", &id));
    tile->id = (uint32_t)id;
    PASS(errctx, akerr_prefix_message(add_properties(b, tj, &tile->properties), "tile %d", id));
    PASS(errctx, akerr_prefix_message(copy_str(b, tj, json_object_get(tj, "type") ? "type" : "class",
                                               &tile->type), "tile %d", id));
    if (!ts->collection) {
        if (id >= ts->tilecount) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "tile %d: past the tileset's %d tiles", id,
                        ts->tilecount);
        }
        int64_t x = 0, y = 0;
        tile->image = empty_string;
        cell_origin(ts, tile->id, &x, &y);
        /* On the image (build_tileset_body checked every tile's cell), so
         * within an int. */
        tile->x = (int)x;
        tile->y = (int)y;
        tile->width = ts->tilewidth;
        tile->height = ts->tileheight;
    } else {
        const char *image = NULL;
        PASS(errctx, akerr_prefix_message(get_str(tj, "image", true, NULL, &image),
                                          "tile %d of an image collection", id));
        FAIL_ZERO_RETURN(errctx, image[0], AKERR_VALUE,
                         "tile %d of an image collection: the image is \"\"", id);
        PASS(errctx, akerr_prefix_message(load_image(b, basefile, image, &tile->sheet,
                                                     &tile->image), "tile %d", id));
        PASS(errctx, akerr_prefix_message(get_int_in(tj, "imagewidth", false, 0, 0, INT_MAX, NULL,
                                                     &tile->imagewidth), "tile %d", id));
        PASS(errctx, akerr_prefix_message(get_int_in(tj, "imageheight", false, 0, 0, INT_MAX,
                                                     NULL, &tile->imageheight), "tile %d", id));
        int tw = tile->sheet->texture_w, th = tile->sheet->texture_h;
        PASS(errctx, akerr_prefix_message(get_int_in(tj, "x", false, 0, 0, INT_MAX, NULL,
                                                     &tile->x), "tile %d", id));
        PASS(errctx, akerr_prefix_message(get_int_in(tj, "y", false, 0, 0, INT_MAX, NULL,
                                                     &tile->y), "tile %d", id));
        PASS(errctx, akerr_prefix_message(get_int_in(tj, "width", false, tw - tile->x, 1, INT_MAX,
                                                     NULL, &tile->width), "tile %d", id));
        PASS(errctx, akerr_prefix_message(get_int_in(tj, "height", false, th - tile->y, 1,
                                                     INT_MAX, NULL, &tile->height), "tile %d", id));
        if ((int64_t)tile->x + tile->width > tw || (int64_t)tile->y + tile->height > th) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "tile %d: the rectangle %d,%d %dx%d lies off its %dx%d image %s", id,
                        tile->x, tile->y, tile->width, tile->height, tw, th,
                        akgl_json_message_path(tile->image, shown));
        }
    }
    PASS(errctx, akerr_prefix_message(get_array(tj, "animation", &frames), "tile %d", id));
    if (frames != NULL) {
        PASS(errctx, akerr_prefix_message(build_animation(b, frames, tile), "tile %d", id));
    }
    SUCCEED_RETURN(errctx);
}

/* The body of a tileset (inline, or the root of a tileset file). */
static akerr_ErrorContext *build_tileset_body(Build *b, json_t *tj, const char *basefile,
                                              akgl_TilemapTileset *ts)
{
    const char *image = NULL;
    json_t *offset = NULL;
    json_t *tiles = NULL;
    int e = 0;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);

    PASS(errctx, copy_str(b, tj, "name", &ts->name));
    PASS(errctx, copy_str(b, tj, "class", &ts->class_name));
    PASS(errctx, get_int_in(tj, "tilewidth", true, 0, 1, AKGL_TILEMAP_MAX_TILE_SIZE,
                            "AKGL_TILEMAP_MAX_TILE_SIZE", &ts->tilewidth));
    PASS(errctx, get_int_in(tj, "tileheight", true, 0, 1, AKGL_TILEMAP_MAX_TILE_SIZE,
                            "AKGL_TILEMAP_MAX_TILE_SIZE", &ts->tileheight));
    PASS(errctx, get_int_in(tj, "tilecount", true, 0, 0, AKGL_TILEMAP_MAX_TILESET_TILES,
                            "AKGL_TILEMAP_MAX_TILESET_TILES", &ts->tilecount));
    PASS(errctx, get_int_in(tj, "columns", false, 0, 0, AKGL_TILEMAP_MAX_TILESET_TILES, NULL,
                            &ts->columns));
    PASS(errctx, get_int_in(tj, "margin", false, 0, 0, AKGL_TILEMAP_MAX_TILE_SIZE, NULL,
                            &ts->margin));
    PASS(errctx, get_int_in(tj, "spacing", false, 0, 0, AKGL_TILEMAP_MAX_TILE_SIZE, NULL,
                            &ts->spacing));
    PASS(errctx, get_object(tj, "tileoffset", &offset));
    if (offset != NULL) {
        PASS(errctx, akerr_prefix_message(get_int_in(offset, "x", false, 0,
                                                     -AKGL_TILEMAP_MAX_TILE_SIZE,
                                                     AKGL_TILEMAP_MAX_TILE_SIZE, NULL,
                                                     &ts->tileoffsetx), "tileoffset"));
        PASS(errctx, akerr_prefix_message(get_int_in(offset, "y", false, 0,
                                                     -AKGL_TILEMAP_MAX_TILE_SIZE,
                                                     AKGL_TILEMAP_MAX_TILE_SIZE, NULL,
                                                     &ts->tileoffsety), "tileoffset"));
    }
    PASS(errctx, get_enum(tj, "objectalignment", false, ALIGNMENTS,
                          (int)SDL_arraysize(ALIGNMENTS), 0, &e));
    ts->objectalignment = (akgl_TilemapObjectAlignment)e;
    PASS(errctx, get_enum(tj, "tilerendersize", false, RENDER_SIZES,
                          (int)SDL_arraysize(RENDER_SIZES), 0, &e));
    ts->tilerendersize = (akgl_TilemapTileRenderSize)e;
    PASS(errctx, get_enum(tj, "fillmode", false, FILL_MODES, (int)SDL_arraysize(FILL_MODES), 0,
                          &e));
    ts->fillmode = (akgl_TilemapFillMode)e;
    PASS(errctx, add_properties(b, tj, &ts->properties));
    PASS(errctx, get_str(tj, "image", false, "", &image));
    PASS(errctx, get_int_in(tj, "imagewidth", false, 0, 0, INT_MAX, NULL, &ts->imagewidth));
    PASS(errctx, get_int_in(tj, "imageheight", false, 0, 0, INT_MAX, NULL, &ts->imageheight));
    ts->collection = image[0] == '\0';
    ts->image = empty_string;
    if (!ts->collection) {
        if (ts->columns < 1) {
            FAIL_RETURN(errctx, AKERR_VALUE, "an image tileset needs \"columns\" of at least 1 "
                        "(it says %d)", ts->columns);
        }
        PASS(errctx, load_image(b, basefile, image, &ts->sheet, &ts->image));
        ts->idlimit = (uint32_t)ts->tilecount;
        if (ts->tilecount > 0) {
            /* Every tile a gid can name must lie on the image: the widest
             * row decides the width, the last tile the height. */
            int64_t right = 0, bottom = 0, unused = 0;
            uint32_t widest = (uint32_t)(ts->tilecount < ts->columns ? ts->tilecount : ts->columns);
            cell_origin(ts, widest - 1, &right, &unused);
            cell_origin(ts, (uint32_t)ts->tilecount - 1, &unused, &bottom);
            int64_t need_w = right + ts->tilewidth, need_h = bottom + ts->tileheight;
            if (need_w > ts->sheet->texture_w || need_h > ts->sheet->texture_h) {
                /* The key at fault: too many columns for the image's width,
                 * or too many tiles (rows) for its height. */
                bool wide = need_w > ts->sheet->texture_w;
                FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                            "\"%s\" is %d: %d tiles of %dx%d in %d columns (margin %d, spacing "
                            "%d) need %lldx%lld pixels, but the image %s is %dx%d",
                            wide ? "columns" : "tilecount", wide ? ts->columns : ts->tilecount,
                            ts->tilecount, ts->tilewidth, ts->tileheight, ts->columns,
                            ts->margin, ts->spacing, (long long)need_w, (long long)need_h,
                            akgl_json_message_path(ts->image, shown),
                            ts->sheet->texture_w, ts->sheet->texture_h);
            }
        }
    }
    PASS(errctx, get_array(tj, "tiles", &tiles));
    size_t n = tiles ? json_array_size(tiles) : 0;
    if (n > 0) {
        void *mem = NULL;
        if (n > AKGL_TILEMAP_MAX_TILESET_TILES) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%zu tiles, more than "
                        "AKGL_TILEMAP_MAX_TILESET_TILES (%ld)", n,
                        (long)AKGL_TILEMAP_MAX_TILESET_TILES);
        }
        PASS(errctx, balloc(b, n, sizeof(akgl_TilemapTile), "tiles", &mem));
        ts->tiles = mem;
        ts->ntiles = (int)n;
        for (size_t i = 0; i < n; i++) {
            json_t *tj2 = json_array_get(tiles, i);
            if (!json_is_object(tj2)) {
                FAIL_RETURN(errctx, AKERR_TYPE, "tiles[%zu] is %s, wanted an object", i,
                            akgl_json_type_name(tj2));
            }
            PASS(errctx, build_tile(b, tj2, basefile, ts, &ts->tiles[i]));
        }
        qsort(ts->tiles, n, sizeof(akgl_TilemapTile), compare_tiles);
        for (size_t i = 1; i < n; i++) {
            if (ts->tiles[i].id == ts->tiles[i - 1].id) {
                FAIL_RETURN(errctx, AKERR_VALUE, "tile %u is described twice", ts->tiles[i].id);
            }
        }
    }
    if (ts->collection) {
        ts->idlimit = n > 0 ? ts->tiles[n - 1].id + 1 : 0;
    }
    /* Animation frames name tiles of this tileset: they must exist. */
    for (int i = 0; i < ts->ntiles; i++) {
        for (int f = 0; f < ts->tiles[i].nframes; f++) {
            uint32_t id = ts->tiles[i].frames[f].tileid;
            if (id >= ts->idlimit ||
                (ts->collection && akgl_tilemap_find_tile(ts, id) == NULL)) {
                FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                            "tile %u: animation frame %d shows tile %u, which the tileset does "
                            "not have", ts->tiles[i].id, f, id);
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

/* A tileset file named by `source` in `basefile` (following a file that is
 * itself a reference), into ts. */
static akerr_ErrorContext *load_tileset_file(Build *b, const char *basefile, const char *source,
                                             akgl_TilemapTileset *ts)
{
    char path[AKGL_MAX_STRING_LENGTH];
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    json_t *root = NULL;
    PREPARE_ERROR(errctx);

    PASS(errctx, akerr_prefix_message(resolve_relative(basefile, source, path),
                                      "tileset file \"%s\"", source));
    for (int k = 0; k < b->depth; k++) {
        if (strcmp(b->stack[k], path) == 0) {
            char chain[700] = "";
            for (int j = 0; j < b->depth; j++) {
                size_t used = strlen(chain);
                snprintf(chain + used, sizeof(chain) - used, "%s -> ",
                         akgl_json_message_path(b->stack[j], shown));
            }
            FAIL_RETURN(errctx, AKERR_VALUE, "tileset file \"%s\" includes itself: %s%s", source,
                        chain, akgl_json_message_path(path, shown));
        }
    }
    if (b->depth > AKGL_TILEMAP_MAX_INCLUDE_DEPTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "tileset file \"%s\": references nested deeper "
                    "than AKGL_TILEMAP_MAX_INCLUDE_DEPTH (%d)", source,
                    AKGL_TILEMAP_MAX_INCLUDE_DEPTH);
    }
    b->stack[b->depth++] = path;
    ATTEMPT {
        const char *type = NULL, *next = NULL;
        CATCH(errctx, akgl_tilemap_read_document(path, akgl_tilemap_path_is_xml(path), &root));
        akgl_json_message_path(path, shown);
        if (!json_is_object(root)) {
            FAIL_BREAK(errctx, AKERR_TYPE, "%s: the document is %s, wanted an object", shown,
                       akgl_json_type_name(root));
        }
        CATCH(errctx, akgl_json_error_in_file(get_str(root, "type", false, "tileset", &type),
                                              path));
        if (strcmp(type, "tileset") != 0) {
            FAIL_BREAK(errctx, AKERR_VALUE, "%s: the file is a %.32s, not a tileset", shown, type);
        }
        CATCH(errctx, akgl_json_error_in_file(get_str(root, "source", false, "", &next), path));
        if (next[0] != '\0') {
            CATCH(errctx, akgl_json_error_in_file(load_tileset_file(b, path, next, ts), path));
        } else {
            CATCH(errctx, akgl_json_error_in_file(build_tileset_body(b, root, path, ts), path));
        }
    } CLEANUP {
        b->depth--;
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/*
 * Another reference to a tileset file the map has built already (`from`,
 * the same real path): the same tileset at another firstgid. Read and built
 * once: the tiles, their sheets and the properties are shared, and the map's
 * teardown gives each back once (tilemap.c); the tileset's sheet gets one
 * more reference, since each entry holds its own.
 */
static void share_tileset(const akgl_TilemapTileset *from, akgl_TilemapTileset *ts)
{
    uint32_t firstgid = ts->firstgid;
    char *source = ts->source;
    *ts = *from;
    ts->firstgid = firstgid;
    ts->source = source;
    if (ts->sheet != NULL) {
        ts->sheet->refcount++;
    }
}

static akerr_ErrorContext *build_tilesets(Build *b, json_t *array)
{
    void *mem = NULL;
    PREPARE_ERROR(errctx);
    size_t n = json_array_size(array);
    if (n == 0) {
        SUCCEED_RETURN(errctx);
    }
    if (n > AKGL_TILEMAP_MAX_TILESETS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%zu tilesets, more than AKGL_TILEMAP_MAX_TILESETS "
                    "(%d)", n, AKGL_TILEMAP_MAX_TILESETS);
    }
    PASS(errctx, balloc(b, n, sizeof(akgl_TilemapTileset), "tilesets", &mem));
    b->map->tilesets = mem;
    b->map->ntilesets = (int)n;
    for (size_t i = 0; i < n; i++) {
        akgl_TilemapTileset *ts = &b->map->tilesets[i];
        json_t *tj = json_array_get(array, i);
        const char *source = NULL;
        int firstgid = 0;
        if (!json_is_object(tj)) {
            FAIL_RETURN(errctx, AKERR_TYPE, "tilesets[%zu] is %s, wanted an object", i,
                        akgl_json_type_name(tj));
        }
        PASS(errctx, akerr_prefix_message(get_int_in(tj, "firstgid", true, 0, 1,
                                                     (long)AKGL_TILE_GID_MASK, NULL, &firstgid),
                                          "tileset %zu", i));
        ts->firstgid = (uint32_t)firstgid;
        if (i > 0 && ts->firstgid <= b->map->tilesets[i - 1].firstgid) {
            FAIL_RETURN(errctx, AKERR_VALUE, "tileset %zu: firstgid %u does not follow the "
                        "previous tileset's %u", i, ts->firstgid,
                        b->map->tilesets[i - 1].firstgid);
        }
        PASS(errctx, akerr_prefix_message(get_str(tj, "source", false, "", &source),
                                          "tileset %zu", i));
        if (source[0] != '\0') {
            char path[AKGL_MAX_STRING_LENGTH];
            /* The tileset's source is the file the map names (the first of a chain). */
            PASS(errctx, akerr_prefix_message(resolve_relative(b->map->path, source, path),
                                              "tileset %zu: file \"%s\"", i, source));
            const akgl_TilemapTileset *built = NULL;
            for (size_t k = 0; k < i && built == NULL; k++) {
                if (strcmp(b->map->tilesets[k].source, path) == 0) {
                    built = &b->map->tilesets[k];
                }
            }
            if (built != NULL) {
                ts->source = built->source;
                share_tileset(built, ts);
            } else {
                PASS(errctx, bstrdup(b, path, &ts->source));
                PASS(errctx, akerr_prefix_message(load_tileset_file(b, b->map->path, source, ts),
                                                  "tileset %zu (firstgid %u)", i, ts->firstgid));
                /* Hot reload: a change to it reloads the maps that name it. */
                akgl_watch_note(AKGL_WATCH_TILESET, ts->source, NULL);
            }
        } else {
            ts->source = empty_string;
            PASS(errctx, akerr_prefix_message(build_tileset_body(b, tj, b->map->path, ts),
                                              "tileset %zu (firstgid %u)", i, ts->firstgid));
        }
        if ((uint64_t)ts->firstgid + ts->idlimit - 1 > AKGL_TILE_GID_MASK) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "tileset %zu (\"%s\"): firstgid %u + %u tiles "
                        "passes the largest gid %u", i, ts->name, ts->firstgid, ts->idlimit,
                        AKGL_TILE_GID_MASK);
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Gids                                                                     */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *gid_error(const akgl_Tilemap *map, uint32_t raw)
{
    PREPARE_ERROR(errctx);
    uint32_t gid = raw & AKGL_TILE_GID_MASK;
    uint32_t last = 0;
    if (map->ntilesets > 0) {
        const akgl_TilemapTileset *ts = &map->tilesets[map->ntilesets - 1];
        last = ts->firstgid + ts->idlimit - 1;
    }
    if (gid > last) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "gid %u (raw %u) is past every tileset (the last "
                    "gid is %u)", gid, raw, last);
    }
    FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "gid %u (raw %u) names no tile of any tileset", gid,
                raw);
}

/* Every non-empty cell of a region (width wide, its first cell at map cell
 * (x0, y0)) names a tile. One cached range makes the common case (runs of
 * one tileset) a compare. */
static akerr_ErrorContext *check_cells(const akgl_Tilemap *map, const uint32_t *cells, size_t n,
                                       int x0, int y0, int width)
{
    uint32_t lo = 1, hi = 0; /* empty range */
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < n; i++) {
        uint32_t gid = cells[i] & AKGL_TILE_GID_MASK;
        if (gid == 0 || (gid >= lo && gid <= hi)) {
            continue;
        }
        int t = akgl_tilemap_find_tileset(map, gid);
        if (t < 0) {
            PASS(errctx, akerr_prefix_message(gid_error(map, cells[i]), "cell (%lld, %lld)",
                                              (long long)(x0 + (int64_t)(i % (size_t)width)),
                                              (long long)(y0 + (int64_t)(i / (size_t)width))));
        }
        const akgl_TilemapTileset *ts = &map->tilesets[t];
        if (!ts->collection) {
            lo = ts->firstgid;
            hi = ts->firstgid + ts->idlimit - 1;
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Tile layers                                                              */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *check_cell_count(int64_t w, int64_t h, const char *what)
{
    PREPARE_ERROR(errctx);
    if (w * h > AKGL_TILEMAP_MAX_LAYER_CELLS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s is %lld x %lld = %lld cells, more than "
                    "AKGL_TILEMAP_MAX_LAYER_CELLS (%ld)", what, (long long)w, (long long)h,
                    (long long)(w * h), (long)AKGL_TILEMAP_MAX_LAYER_CELLS);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *finite_tiles(Build *b, json_t *lj, const char *encoding,
                                        const char *compression, akgl_TilemapLayer *l)
{
    void *mem = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, get_int_in(lj, "width", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &l->width));
    PASS(errctx, get_int_in(lj, "height", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &l->height));
    PASS(errctx, get_int_in(lj, "x", false, 0, -AKGL_TILEMAP_MAX_EXTENT, AKGL_TILEMAP_MAX_EXTENT,
                            NULL, &l->x0));
    PASS(errctx, get_int_in(lj, "y", false, 0, -AKGL_TILEMAP_MAX_EXTENT, AKGL_TILEMAP_MAX_EXTENT,
                            NULL, &l->y0));
    PASS(errctx, check_cell_count(l->width, l->height, "the layer"));
    size_t n = (size_t)l->width * (size_t)l->height;
    if (n > 0) {
        PASS(errctx, balloc(b, n, sizeof(uint32_t), "cells", &mem));
        l->cells = mem;
    }
    PASS(errctx, akgl_tilemap_decode_cells("data", encoding, compression,
                                           json_object_get(lj, "data"), l->cells, n));
    SUCCEED_RETURN(errctx);
}

/* Chunks by y, then x: the order akgl_TilemapLayer::chunks is kept in. */
static bool chunk_before(const akgl_TilemapChunk *a, const akgl_TilemapChunk *b)
{
    return a->y < b->y || (a->y == b->y && a->x < b->x);
}

static void sift_down(akgl_TilemapChunk *c, size_t root, size_t n)
{
    for (size_t child = 2 * root + 1; child < n; root = child, child = 2 * root + 1) {
        if (child + 1 < n && chunk_before(&c[child], &c[child + 1])) {
            child++;
        }
        if (!chunk_before(&c[root], &c[child])) {
            return;
        }
        akgl_TilemapChunk t = c[root];
        c[root] = c[child];
        c[child] = t;
    }
}

/* Heapsort: O(n log n) in any order a file lists its chunks (Tiled's is
 * already sorted), in place. Not qsort: glibc's may allocate a buffer, and
 * a load allocates only what its budget is charged for. */
static void sort_chunks(akgl_TilemapChunk *c, size_t n)
{
    for (size_t i = n / 2; i-- > 0;) {
        sift_down(c, i, n);
    }
    for (size_t end = n; end-- > 1;) {
        akgl_TilemapChunk t = c[0];
        c[0] = c[end];
        c[end] = t;
        sift_down(c, 0, end);
    }
}

/*
 * One chunk's place and size, checked: its position within
 * AKGL_TILEMAP_MAX_EXTENT of 0, the size of the map's first chunk (Tiled
 * writes every chunk of a map at one size), and on a multiple of that size
 * (where Tiled puts them), so chunks either coincide or do not overlap, and
 * a cell's chunk is found from its coordinates alone.
 */
static akerr_ErrorContext *check_chunk(Build *b, json_t *c, size_t i, int *x, int *y)
{
    int w = 0, h = 0;
    PREPARE_ERROR(errctx);
    if (!json_is_object(c)) {
        FAIL_RETURN(errctx, AKERR_TYPE, "chunks[%zu] is %s, wanted an object", i,
                    akgl_json_type_name(c));
    }
    PASS(errctx, get_int_in(c, "x", true, 0, -AKGL_TILEMAP_MAX_EXTENT, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", x));
    PASS(errctx, get_int_in(c, "y", true, 0, -AKGL_TILEMAP_MAX_EXTENT, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", y));
    PASS(errctx, get_int_in(c, "width", true, 0, 1, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &w));
    PASS(errctx, get_int_in(c, "height", true, 0, 1, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &h));
    PASS(errctx, check_cell_count(w, h, "the chunk"));
    if (b->chunkwidth == 0) {
        b->chunkwidth = w;
        b->chunkheight = h;
    } else if (w != b->chunkwidth || h != b->chunkheight) {
        FAIL_RETURN(errctx, AKERR_VALUE, "(%d, %d) is %d x %d tiles; every chunk of an infinite "
                    "map must have the size of its first chunk, %d x %d", *x, *y, w, h,
                    b->chunkwidth, b->chunkheight);
    }
    if (*x % w != 0 || *y % h != 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "(%d, %d) is not on a multiple of the chunk size "
                    "%d x %d (Tiled puts chunks only there)", *x, *y, w, h);
    }
    SUCCEED_RETURN(errctx);
}

/*
 * An infinite layer is stored as its chunks: one array sorted by (y, x) and
 * one block of their cells, so it costs its chunks' cells whatever the
 * distance between them. Every chunk is checked before anything is
 * allocated; two chunks at one place are refused, naming both.
 */
static akerr_ErrorContext *infinite_tiles(Build *b, json_t *lj, const char *encoding,
                                          const char *compression, akgl_TilemapLayer *l)
{
    json_t *chunks = NULL;
    int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
    void *mem = NULL;
    char where[96];
    PREPARE_ERROR(errctx);

    PASS(errctx, get_array(lj, "chunks", &chunks));
    size_t n = chunks ? json_array_size(chunks) : 0;
    for (size_t i = 0; i < n; i++) {
        int x = 0, y = 0;
        PASS(errctx, akerr_prefix_message(check_chunk(b, json_array_get(chunks, i), i, &x, &y),
                                          "chunk %zu", i));
        x0 = x < x0 ? x : x0;
        y0 = y < y0 ? y : y0;
        x1 = (int64_t)x + b->chunkwidth > x1 ? (int64_t)x + b->chunkwidth : x1;
        y1 = (int64_t)y + b->chunkheight > y1 ? (int64_t)y + b->chunkheight : y1;
    }
    if (n == 0) {
        SUCCEED_RETURN(errctx);
    }
    size_t per = (size_t)b->chunkwidth * (size_t)b->chunkheight;
    if ((uint64_t)n * per > (uint64_t)AKGL_TILEMAP_MAX_LAYER_CELLS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "the layer's %zu chunks of %d x %d tiles are "
                    "%llu cells, more than AKGL_TILEMAP_MAX_LAYER_CELLS (%ld)", n, b->chunkwidth,
                    b->chunkheight, (unsigned long long)((uint64_t)n * per),
                    (long)AKGL_TILEMAP_MAX_LAYER_CELLS);
    }
    PASS(errctx, balloc(b, n, sizeof(akgl_TilemapChunk), "chunks", &mem));
    akgl_TilemapChunk *list = mem;
    PASS(errctx, balloc(b, n * per, sizeof(uint32_t), "cells", &mem));
    uint32_t *block = mem;
    for (size_t i = 0; i < n; i++) {
        json_t *c = json_array_get(chunks, i);
        list[i] = (akgl_TilemapChunk){(int)json_integer_value(json_object_get(c, "x")),
                                      (int)json_integer_value(json_object_get(c, "y")),
                                      block + i * per};
    }
    /* Sorted, each chunk still knows its place in the file by its cells. */
    sort_chunks(list, n);
    for (size_t i = 1; i < n; i++) {
        if (list[i].x == list[i - 1].x && list[i].y == list[i - 1].y) {
            size_t a = (size_t)(list[i - 1].cells - block) / per;
            size_t c = (size_t)(list[i].cells - block) / per;
            FAIL_RETURN(errctx, AKERR_VALUE, "chunk %zu and chunk %zu are both at (%d, %d); "
                        "chunks may not overlap", a < c ? a : c, a < c ? c : a, list[i].x,
                        list[i].y);
        }
    }
    l->chunkwidth = b->chunkwidth;
    l->chunkheight = b->chunkheight;
    l->chunks = list;
    l->nchunks = (int)n;
    l->x0 = (int)x0;
    l->y0 = (int)y0;
    l->width = (int)(x1 - x0);
    l->height = (int)(y1 - y0);
    for (size_t j = 0; j < n; j++) {
        size_t i = (size_t)(list[j].cells - block) / per;
        snprintf(where, sizeof(where), "chunk %zu (%d, %d) data", i, list[j].x, list[j].y);
        PASS(errctx, akgl_tilemap_decode_cells(where, encoding, compression,
                                               json_object_get(json_array_get(chunks, i), "data"),
                                               list[j].cells, per));
        PASS(errctx, akerr_prefix_message(check_cells(b->map, list[j].cells, per, list[j].x,
                                                      list[j].y, b->chunkwidth),
                                          "chunk %zu", i));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *tile_layer(Build *b, json_t *lj, akgl_TilemapLayer *l)
{
    const char *encoding = NULL, *compression = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, get_str(lj, "encoding", false, "csv", &encoding));
    PASS(errctx, get_str(lj, "compression", false, "", &compression));
    if (b->map->infinite) {
        PASS(errctx, infinite_tiles(b, lj, encoding, compression, l));
    } else {
        PASS(errctx, finite_tiles(b, lj, encoding, compression, l));
    }
    if (l->cells != NULL) {
        PASS(errctx, check_cells(b->map, l->cells, (size_t)l->width * (size_t)l->height, l->x0,
                                 l->y0, l->width));
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Objects and templates                                                    */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *read_template(Template *t)
{
    const char *type = NULL;
    const char *path = t->path;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    akgl_json_message_path(path, shown);
    PASS(errctx, akgl_tilemap_read_document(path, akgl_tilemap_path_is_xml(path), &t->root));
    if (!json_is_object(t->root)) {
        FAIL_RETURN(errctx, AKERR_TYPE, "%s: the document is %s, wanted an object", shown,
                    akgl_json_type_name(t->root));
    }
    PASS(errctx, akgl_json_error_in_file(get_str(t->root, "type", false, "template", &type),
                                         path));
    if (strcmp(type, "template") != 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: the file is a %.32s, not a template", shown, type);
    }
    PASS(errctx, akgl_json_error_in_file(get_object(t->root, "object", &t->object), path));
    if (t->object == NULL) {
        FAIL_RETURN(errctx, AKERR_KEY, "%s: the template has no \"object\"", shown);
    }
    PASS(errctx, akgl_json_error_in_file(get_object(t->root, "tileset", &t->tileset), path));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *get_template(Build *b, const char *ref, Template **dest)
{
    char path[AKGL_MAX_STRING_LENGTH];
    Template *t = NULL;
    PREPARE_ERROR(errctx);

    if (b->last_ref != NULL && strcmp(b->last_ref, ref) == 0) {
        *dest = b->last_template;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akerr_prefix_message(resolve_relative(b->map->path, ref, path),
                                      "template \"%s\"", ref));
    for (t = b->templates; t != NULL; t = t->next) {
        if (strcmp(t->path, path) == 0) {
            b->last_ref = ref;
            b->last_template = t;
            *dest = t;
            SUCCEED_RETURN(errctx);
        }
    }
    if (b->ntemplates >= AKGL_TILEMAP_MAX_TEMPLATES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "template \"%s\": more than "
                    "AKGL_TILEMAP_MAX_TEMPLATES (%d) templates", ref, AKGL_TILEMAP_MAX_TEMPLATES);
    }
    t = calloc(1, sizeof(*t));
    FAIL_ZERO_RETURN(errctx, t, ENOMEM, "template \"%s\": out of memory", ref);
    memcpy(t->path, path, strlen(path) + 1);
    akerr_ErrorContext *read = read_template(t);
    if (read != NULL) {
        if (t->root != NULL) {
            json_decref(t->root);
        }
        free(t);
        PASS(errctx, read);
    }
    t->next = b->templates;
    b->templates = t;
    b->ntemplates++;
    b->last_ref = ref;
    b->last_template = t;
    *dest = t;
    SUCCEED_RETURN(errctx);
}

/* A template's tile gid in this map's numbering: through the map's tileset
 * that is the template's tileset file. */
static akerr_ErrorContext *template_gid(Build *b, const Template *t, uint32_t raw, uint32_t *dest)
{
    const char *source = NULL;
    int firstgid = 0;
    char path[AKGL_MAX_STRING_LENGTH];
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    char tshown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);

    akgl_json_message_path(t->path, shown);

    FAIL_ZERO_RETURN(errctx, t->tileset, AKERR_KEY,
                     "template %s: a tile object without a \"tileset\"", shown);
    PASS(errctx, akerr_prefix_message(get_int_in(t->tileset, "firstgid", true, 0, 1,
                                                 (long)AKGL_TILE_GID_MASK, NULL, &firstgid),
                                      "template %s: tileset", shown));
    PASS(errctx, akerr_prefix_message(get_str(t->tileset, "source", true, NULL, &source),
                                      "template %s: tileset", shown));
    PASS(errctx, akerr_prefix_message(resolve_relative(t->path, source, path),
                                      "template %s: tileset \"%s\"", shown, source));
    uint32_t gid = raw & AKGL_TILE_GID_MASK;
    if (gid < (uint32_t)firstgid) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "template %s: gid %u is below its tileset's "
                    "firstgid %d", shown, gid, firstgid);
    }
    for (int i = 0; i < b->map->ntilesets; i++) {
        const akgl_TilemapTileset *ts = &b->map->tilesets[i];
        if (strcmp(ts->source, path) == 0) {
            uint64_t mapped = (uint64_t)ts->firstgid + (gid - (uint32_t)firstgid);
            if (mapped > AKGL_TILE_GID_MASK) {
                FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "template %s: gid %u maps past the "
                            "largest gid", shown, gid);
            }
            *dest = (uint32_t)mapped | (raw & ~AKGL_TILE_GID_MASK);
            SUCCEED_RETURN(errctx);
        }
    }
    FAIL_RETURN(errctx, AKERR_VALUE, "template %s: its tileset %s is not one of the map's "
                "tilesets", shown, akgl_json_message_path(path, tshown));
}

/* The object's own member `key`, else its template's (src for the getters). */
static json_t *pick(json_t *own, json_t *tpl, const char *key)
{
    if (json_object_get(own, key) != NULL || tpl == NULL) {
        return own;
    }
    return tpl;
}

static bool has_shape(json_t *o)
{
    return o != NULL && (json_object_get(o, "ellipse") || json_object_get(o, "point") ||
                         json_object_get(o, "polygon") || json_object_get(o, "polyline") ||
                         json_object_get(o, "text"));
}

static akerr_ErrorContext *build_points(Build *b, json_t *array, akgl_TilemapObject *o)
{
    void *mem = NULL;
    PREPARE_ERROR(errctx);
    size_t n = json_array_size(array);
    if (n > AKGL_TILEMAP_MAX_POINTS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%zu points, more than AKGL_TILEMAP_MAX_POINTS "
                    "(%d)", n, AKGL_TILEMAP_MAX_POINTS);
    }
    if (n == 0) {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, balloc(b, n, sizeof(SDL_FPoint), "points", &mem));
    o->points = mem;
    o->npoints = (int)n;
    for (size_t i = 0; i < n; i++) {
        json_t *p = json_array_get(array, i);
        if (!json_is_object(p)) {
            FAIL_RETURN(errctx, AKERR_TYPE, "point %zu is %s, wanted an object", i,
                        akgl_json_type_name(p));
        }
        PASS(errctx, akerr_prefix_message(get_float(p, "x", true, 0, &o->points[i].x),
                                          "point %zu", i));
        PASS(errctx, akerr_prefix_message(get_float(p, "y", true, 0, &o->points[i].y),
                                          "point %zu", i));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *build_shape(Build *b, json_t *src, akgl_TilemapObject *o)
{
    bool flag = false;
    json_t *v = NULL;
    PREPARE_ERROR(errctx);
    o->shape = AKGL_TILEMAP_SHAPE_RECTANGLE;
    o->text = empty_string;
    if (src == NULL) {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, get_bool(src, "ellipse", false, &flag));
    if (flag) {
        o->shape = AKGL_TILEMAP_SHAPE_ELLIPSE;
    }
    PASS(errctx, get_bool(src, "point", false, &flag));
    if (flag) {
        o->shape = AKGL_TILEMAP_SHAPE_POINT;
    }
    PASS(errctx, get_array(src, "polygon", &v));
    if (v != NULL) {
        o->shape = AKGL_TILEMAP_SHAPE_POLYGON;
        PASS(errctx, akerr_prefix_message(build_points(b, v, o), "polygon"));
    }
    PASS(errctx, get_array(src, "polyline", &v));
    if (v != NULL) {
        o->shape = AKGL_TILEMAP_SHAPE_POLYLINE;
        PASS(errctx, akerr_prefix_message(build_points(b, v, o), "polyline"));
    }
    PASS(errctx, get_object(src, "text", &v));
    if (v != NULL) {
        o->shape = AKGL_TILEMAP_SHAPE_TEXT;
        PASS(errctx, akerr_prefix_message(copy_str(b, v, "text", &o->text), "text"));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *build_object(Build *b, json_t *oj, akgl_TilemapObject *o)
{
    const char *ref = NULL;
    Template *t = NULL;
    json_t *tpl = NULL;
    PREPARE_ERROR(errctx);

    PASS(errctx, get_str(oj, "template", false, "", &ref));
    if (ref[0] != '\0') {
        PASS(errctx, get_template(b, ref, &t));
        tpl = t->object;
    }
    PASS(errctx, get_int(oj, "id", false, 0, &o->id));
    PASS(errctx, copy_str(b, pick(oj, tpl, "name"), "name", &o->name));
    /* type, or Tiled 1.9's class: the object's own first, then its template's. */
    json_t *typesrc = json_object_get(oj, "type") || json_object_get(oj, "class") ? oj : tpl;
    if (typesrc == NULL) {
        typesrc = oj;
    }
    PASS(errctx, copy_str(b, typesrc, json_object_get(typesrc, "type") ? "type" : "class",
                          &o->type));
    PASS(errctx, get_float(pick(oj, tpl, "x"), "x", false, 0, &o->x));
    PASS(errctx, get_float(pick(oj, tpl, "y"), "y", false, 0, &o->y));
    PASS(errctx, get_float(pick(oj, tpl, "width"), "width", false, 0, &o->width));
    PASS(errctx, get_float(pick(oj, tpl, "height"), "height", false, 0, &o->height));
    PASS(errctx, get_float(pick(oj, tpl, "rotation"), "rotation", false, 0, &o->rotation));
    PASS(errctx, get_bool(pick(oj, tpl, "visible"), "visible", true, &o->visible));
    if (json_object_get(oj, "gid") != NULL || tpl == NULL) {
        PASS(errctx, get_uint32(oj, "gid", 0, &o->gid));
    } else {
        uint32_t raw = 0;
        PASS(errctx, get_uint32(tpl, "gid", 0, &raw));
        if (raw != 0) {
            PASS(errctx, template_gid(b, t, raw, &o->gid));
        }
    }
    PASS(errctx, build_shape(b, has_shape(oj) ? oj : (has_shape(tpl) ? tpl : NULL), o));
    if (tpl != NULL) {
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        PASS(errctx, akerr_prefix_message(add_properties(b, tpl, &o->properties), "template %s",
                                          akgl_json_message_path(t->path, shown)));
    }
    PASS(errctx, add_properties(b, oj, &o->properties));
    if (o->gid != 0 && akgl_tilemap_find_tileset(b->map, o->gid) < 0) {
        PASS(errctx, gid_error(b->map, o->gid));
    }
    SUCCEED_RETURN(errctx);
}

static const char *const DRAW_ORDERS[] = {"topdown", "index"};

static akerr_ErrorContext *object_layer(Build *b, json_t *lj, akgl_TilemapLayer *l)
{
    json_t *objects = NULL;
    void *mem = NULL;
    int e = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, get_enum(lj, "draworder", false, DRAW_ORDERS, (int)SDL_arraysize(DRAW_ORDERS), 0,
                          &e));
    l->draworder = (akgl_TilemapDrawOrder)e;
    PASS(errctx, get_color(lj, "color", (SDL_Color){0, 0, 0, 0}, &l->color));
    PASS(errctx, get_array(lj, "objects", &objects));
    size_t n = objects ? json_array_size(objects) : 0;
    if (n == 0) {
        SUCCEED_RETURN(errctx);
    }
    if (n > AKGL_TILEMAP_MAX_OBJECTS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%zu objects, more than AKGL_TILEMAP_MAX_OBJECTS "
                    "(%d)", n, AKGL_TILEMAP_MAX_OBJECTS);
    }
    /* Count first: each object gets its own copy of its template's
     * properties, so a few bytes of file can ask for a great many. */
    uint64_t props = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *oj = json_array_get(objects, i);
        const char *ref = json_string_value(json_object_get(oj, "template"));
        props += json_array_size(json_object_get(oj, "properties"));
        if (ref != NULL && ref[0] != '\0') {
            Template *t = NULL;
            json_t *id = json_object_get(oj, "id");
            PASS(errctx, akerr_prefix_message(get_template(b, ref, &t), "object %lld",
                                              json_is_integer(id)
                                                  ? (long long)json_integer_value(id)
                                                  : (long long)i));
            props += json_array_size(json_object_get(t->object, "properties"));
        }
    }
    uint64_t need = (uint64_t)n * sizeof(akgl_TilemapObject) + props * AKGL_TILEMAP_PROPERTY_BYTES;
    if (need > (uint64_t)(b->max_bytes - b->bytes)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%zu objects with %llu custom properties (each "
                    "object's template's counted in it) would take about %llu bytes; after the "
                    "%lld the map has taken, that passes its budget of %lld bytes "
                    "(AKGL_TILEMAP_MAX_MAP_BYTES; akgl_tilemap_set_budget raises it)", n,
                    (unsigned long long)props, (unsigned long long)need, (long long)b->bytes,
                    (long long)b->max_bytes);
    }
    PASS(errctx, balloc(b, n, sizeof(akgl_TilemapObject), "objects", &mem));
    l->objects = mem;
    l->nobjects = (int)n;
    for (size_t i = 0; i < n; i++) {
        json_t *oj = json_array_get(objects, i);
        if (!json_is_object(oj)) {
            FAIL_RETURN(errctx, AKERR_TYPE, "objects[%zu] is %s, wanted an object", i,
                        akgl_json_type_name(oj));
        }
        json_t *id = json_object_get(oj, "id");
        PASS(errctx, akerr_prefix_message(build_object(b, oj, &l->objects[i]), "object %lld",
                                          json_is_integer(id) ? (long long)json_integer_value(id)
                                                              : (long long)i));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *image_layer(Build *b, json_t *lj, akgl_TilemapLayer *l)
{
    const char *image = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, get_str(lj, "image", false, "", &image));
    PASS(errctx, get_int_in(lj, "imagewidth", false, 0, 0, INT_MAX, NULL, &l->imagewidth));
    PASS(errctx, get_int_in(lj, "imageheight", false, 0, 0, INT_MAX, NULL, &l->imageheight));
    PASS(errctx, get_bool(lj, "repeatx", false, &l->repeatx));
    PASS(errctx, get_bool(lj, "repeaty", false, &l->repeaty));
    l->image = empty_string;
    if (image[0] != '\0') {
        PASS(errctx, load_image(b, b->map->path, image, &l->sheet, &l->image));
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Layers                                                                   */
/* ------------------------------------------------------------------------ */

static const char *const LAYER_TYPES[] = {"tilelayer", "objectgroup", "imagelayer", "group"};

/* Leaf layers under `array`, every layer's type checked; groups nest at most
 * AKGL_TILEMAP_MAX_GROUP_DEPTH deep. */
static akerr_ErrorContext *count_layers(json_t *array, int depth, int *count)
{
    PREPARE_ERROR(errctx);
    if (depth > AKGL_TILEMAP_MAX_GROUP_DEPTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "group layers nested deeper than "
                    "AKGL_TILEMAP_MAX_GROUP_DEPTH (%d)", AKGL_TILEMAP_MAX_GROUP_DEPTH);
    }
    for (size_t i = 0; i < json_array_size(array); i++) {
        json_t *lj = json_array_get(array, i);
        json_t *children = NULL;
        int type = 0;
        if (!json_is_object(lj)) {
            FAIL_RETURN(errctx, AKERR_TYPE, "layers[%zu] is %s, wanted an object", i,
                        akgl_json_type_name(lj));
        }
        const char *name = json_string_value(json_object_get(lj, "name"));
        PASS(errctx, akerr_prefix_message(get_enum(lj, "type", true, LAYER_TYPES,
                                                   (int)SDL_arraysize(LAYER_TYPES), 0, &type),
                                          "layer \"%s\"", name ? name : ""));
        if (type == 3) {
            PASS(errctx, akerr_prefix_message(get_array(lj, "layers", &children), "layer \"%s\"",
                                              name ? name : ""));
            if (children != NULL) {
                PASS(errctx, akerr_prefix_message(count_layers(children, depth + 1, count),
                                                  "layer \"%s\"", name ? name : ""));
            }
            continue;
        }
        if (++*count > AKGL_TILEMAP_MAX_LAYERS) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "more than AKGL_TILEMAP_MAX_LAYERS (%d) layers",
                        AKGL_TILEMAP_MAX_LAYERS);
        }
    }
    SUCCEED_RETURN(errctx);
}

/* An integer member within -limit..limit, or `dflt` (the builder reports
 * anything else when it reaches the layer). */
static int64_t count_int(json_t *obj, const char *key, int64_t dflt)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v) || json_integer_value(v) < -AKGL_TILEMAP_MAX_EXTENT ||
        json_integer_value(v) > AKGL_TILEMAP_MAX_EXTENT) {
        return dflt;
    }
    return (int64_t)json_integer_value(v);
}

/* Cells the tile layers under `array` will store, read before anything is
 * allocated for them: a finite layer's width x height, an infinite layer's
 * chunks' cells. Values the builder will refuse count as 0; each term is at
 * most 2^48, and the sum stops growing once it is past any budget (2^61),
 * so it cannot overflow however many chunks or layers there are.
 * count_layers has checked the depth. */
static int64_t count_cells(json_t *array, bool infinite)
{
    const int64_t past = (int64_t)1 << 61;
    int64_t total = 0;
    for (size_t i = 0; i < json_array_size(array) && total < past; i++) {
        json_t *lj = json_array_get(array, i);
        const char *type = json_string_value(json_object_get(lj, "type"));
        if (type != NULL && strcmp(type, "group") == 0) {
            total += count_cells(json_object_get(lj, "layers"), infinite);
            continue;
        }
        if (type == NULL || strcmp(type, "tilelayer") != 0) {
            continue;
        }
        if (!infinite) {
            int64_t w = count_int(lj, "width", 0), h = count_int(lj, "height", 0);
            total += w > 0 && h > 0 ? w * h : 0;
            continue;
        }
        json_t *chunks = json_object_get(lj, "chunks");
        for (size_t c = 0; c < json_array_size(chunks) && total < past; c++) {
            json_t *cj = json_array_get(chunks, c);
            int64_t w = count_int(cj, "width", 0), h = count_int(cj, "height", 0);
            total += w > 0 && h > 0 ? w * h : 0;
        }
    }
    return total;
}

static Uint8 mul8(Uint8 a, Uint8 b)
{
    return (Uint8)(((unsigned)a * (unsigned)b + 127u) / 255u);
}

static akerr_ErrorContext *build_layers(Build *b, json_t *array, const Effective *parent);

static akerr_ErrorContext *build_layer(Build *b, json_t *lj, const Effective *parent)
{
    Effective own;
    Effective eff;
    int type = 0;
    PREPARE_ERROR(errctx);

    PASS(errctx, get_enum(lj, "type", true, LAYER_TYPES, (int)SDL_arraysize(LAYER_TYPES), 0,
                          &type));
    PASS(errctx, get_bool(lj, "visible", true, &own.visible));
    PASS(errctx, get_float(lj, "opacity", false, 1.0f, &own.opacity));
    if (own.opacity < 0.0f || own.opacity > 1.0f) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "\"opacity\" is %g, outside 0..1",
                    (double)own.opacity);
    }
    PASS(errctx, get_float(lj, "offsetx", false, 0.0f, &own.offsetx));
    PASS(errctx, get_float(lj, "offsety", false, 0.0f, &own.offsety));
    PASS(errctx, get_float(lj, "parallaxx", false, 1.0f, &own.parallaxx));
    PASS(errctx, get_float(lj, "parallaxy", false, 1.0f, &own.parallaxy));
    PASS(errctx, get_color(lj, "tintcolor", (SDL_Color){255, 255, 255, 255}, &own.tint));
    eff.visible = parent->visible && own.visible;
    eff.opacity = parent->opacity * own.opacity;
    eff.offsetx = parent->offsetx + own.offsetx;
    eff.offsety = parent->offsety + own.offsety;
    eff.parallaxx = parent->parallaxx * own.parallaxx;
    eff.parallaxy = parent->parallaxy * own.parallaxy;
    eff.tint = (SDL_Color){mul8(parent->tint.r, own.tint.r), mul8(parent->tint.g, own.tint.g),
                           mul8(parent->tint.b, own.tint.b), mul8(parent->tint.a, own.tint.a)};
    if (type == 3) {
        json_t *children = json_object_get(lj, "layers");
        if (children != NULL) {
            PASS(errctx, build_layers(b, children, &eff));
        }
        SUCCEED_RETURN(errctx);
    }
    akgl_TilemapLayer *l = &b->map->layers[b->next_layer++];
    l->kind = (akgl_TilemapLayerKind)type;
    PASS(errctx, get_int(lj, "id", false, 0, &l->id));
    PASS(errctx, copy_str(b, lj, "name", &l->name));
    PASS(errctx, copy_str(b, lj, "class", &l->class_name));
    l->visible = eff.visible;
    l->opacity = eff.opacity;
    l->offsetx = eff.offsetx;
    l->offsety = eff.offsety;
    l->parallaxx = eff.parallaxx;
    l->parallaxy = eff.parallaxy;
    l->tint = eff.tint;
    l->image = empty_string;
    PASS(errctx, add_properties(b, lj, &l->properties));
    switch (l->kind) {
    case AKGL_TILEMAP_LAYER_TILES:
        PASS(errctx, tile_layer(b, lj, l));
        break;
    case AKGL_TILEMAP_LAYER_OBJECTS:
        PASS(errctx, object_layer(b, lj, l));
        break;
    default:
        PASS(errctx, image_layer(b, lj, l));
        break;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *build_layers(Build *b, json_t *array, const Effective *parent)
{
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < json_array_size(array); i++) {
        json_t *lj = json_array_get(array, i);
        json_t *id = json_object_get(lj, "id");
        const char *name = json_string_value(json_object_get(lj, "name"));
        PASS(errctx, akerr_prefix_message(build_layer(b, lj, parent), "layer %lld (\"%s\")",
                                          json_is_integer(id) ? (long long)json_integer_value(id)
                                                              : (long long)i,
                                          name ? name : ""));
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The map                                                                  */
/* ------------------------------------------------------------------------ */

static const char *const ORIENTATIONS[] = {"orthogonal", "isometric", "staggered", "hexagonal"};
static const char *const RENDER_ORDERS[] = {"right-down", "right-up", "left-down", "left-up"};
static const char *const STAGGER_AXES[] = {"y", "x"};
static const char *const STAGGER_INDICES[] = {"odd", "even"};

static akerr_ErrorContext *build_map(Build *b, json_t *root)
{
    akgl_Tilemap *map = b->map;
    const char *type = NULL;
    json_t *tilesets = NULL, *layers = NULL;
    int e = 0;
    PREPARE_ERROR(errctx);

    if (!json_is_object(root)) {
        FAIL_RETURN(errctx, AKERR_TYPE, "the document is %s, wanted an object",
                    akgl_json_type_name(root));
    }
    PASS(errctx, get_str(root, "type", false, "map", &type));
    if (strcmp(type, "map") != 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "the file is a %.32s, not a map", type);
    }
    PASS(errctx, get_enum(root, "orientation", true, ORIENTATIONS,
                          (int)SDL_arraysize(ORIENTATIONS), 0, &e));
    map->orientation = (akgl_TilemapOrientation)e;
    PASS(errctx, get_enum(root, "renderorder", false, RENDER_ORDERS,
                          (int)SDL_arraysize(RENDER_ORDERS), 0, &e));
    map->renderorder = (akgl_TilemapRenderOrder)e;
    PASS(errctx, get_int_in(root, "width", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &map->width));
    PASS(errctx, get_int_in(root, "height", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &map->height));
    PASS(errctx, get_int_in(root, "tilewidth", true, 0, 1, AKGL_TILEMAP_MAX_TILE_SIZE,
                            "AKGL_TILEMAP_MAX_TILE_SIZE", &map->tilewidth));
    PASS(errctx, get_int_in(root, "tileheight", true, 0, 1, AKGL_TILEMAP_MAX_TILE_SIZE,
                            "AKGL_TILEMAP_MAX_TILE_SIZE", &map->tileheight));
    PASS(errctx, get_bool(root, "infinite", false, &map->infinite));
    if (!map->infinite) {
        PASS(errctx, check_cell_count(map->width, map->height, "the map"));
    }
    PASS(errctx, get_int_in(root, "hexsidelength", false, 0, 0, AKGL_TILEMAP_MAX_TILE_SIZE, NULL,
                            &map->hexsidelength));
    PASS(errctx, get_enum(root, "staggeraxis", false, STAGGER_AXES,
                          (int)SDL_arraysize(STAGGER_AXES), 0, &e));
    map->staggeraxis = (akgl_TilemapStaggerAxis)e;
    PASS(errctx, get_enum(root, "staggerindex", false, STAGGER_INDICES,
                          (int)SDL_arraysize(STAGGER_INDICES), 0, &e));
    map->staggerindex = (akgl_TilemapStaggerIndex)e;
    PASS(errctx, get_float(root, "parallaxoriginx", false, 0.0f, &map->parallaxoriginx));
    PASS(errctx, get_float(root, "parallaxoriginy", false, 0.0f, &map->parallaxoriginy));
    PASS(errctx, get_color(root, "backgroundcolor", (SDL_Color){0, 0, 0, 0}, &map->background));
    PASS(errctx, copy_str(b, root, "class", &map->class_name));
    PASS(errctx, add_properties(b, root, &map->properties));

    PASS(errctx, get_array(root, "tilesets", &tilesets));
    if (tilesets != NULL) {
        PASS(errctx, build_tilesets(b, tilesets));
    }
    PASS(errctx, get_array(root, "layers", &layers));
    if (layers != NULL) {
        int count = 0;
        void *mem = NULL;
        Effective top = {true, 1.0f, 0.0f, 0.0f, 1.0f, 1.0f, {255, 255, 255, 255}};
        PASS(errctx, count_layers(layers, 0, &count));
        /* The whole map's cells, counted before any layer is built: many
         * layers that each pass their own cap must not pass together. */
        int64_t cells = count_cells(layers, map->infinite);
        if (cells > budget.max_cells) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "the map's tile layers would store %lld cells "
                        "in all%s, more than its budget of %lld cells (AKGL_TILEMAP_MAX_MAP_CELLS; "
                        "akgl_tilemap_set_budget raises it)", (long long)cells,
                        map->infinite ? " (the cells of their chunks)" : "",
                        (long long)budget.max_cells);
        }
        if (count > 0) {
            PASS(errctx, balloc(b, (size_t)count, sizeof(akgl_TilemapLayer),
                                            "layers", &mem));
            map->layers = mem;
            map->nlayers = count;
            PASS(errctx, build_layers(b, layers, &top));
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_build(akgl_Tilemap *map, json_t *root)
{
    Build b;
    PREPARE_ERROR(errctx);
    memset(&b, 0, sizeof(b));
    b.map = map;
    b.stack[0] = map->path;
    b.depth = 1;
    b.max_bytes = budget.max_bytes;
    map->class_name = empty_string;
    ATTEMPT {
        CATCH(errctx, akgl_json_error_in_file(build_map(&b, root), map->path));
    } CLEANUP {
        while (b.templates != NULL) {
            Template *next = b.templates->next;
            json_decref(b.templates->root);
            free(b.templates);
            b.templates = next;
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}
