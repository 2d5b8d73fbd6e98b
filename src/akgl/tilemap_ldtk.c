/*
 * Layer: assets. LDtk levels (ldtk.io): one level of a .ldtk project, its
 * layers read from the project or from the level's own .ldtkl file, becomes
 * the map model a Tiled map becomes. Like the XML reader, this does not
 * build a model of its own: it checks the LDtk document (every message names
 * the file, the JSON path, the value and the limit), writes the Tiled JSON
 * document that says the same thing (tilesets, tile layers, object layers,
 * properties), and hands that to the one builder (tilemap_build.c). What
 * Tiled has no word for is put on the model afterwards: the IntGrid values
 * and the solid cells they make (akgl_TilemapLayer::intgrid, ::solid), and
 * where the level stands in its world (akgl_Tilemap::level).
 *
 * akgl_tilemap_load, which chooses among the three readers by the file's
 * name, is here too: it calls this file's reader and tilemap.c's, and
 * tilemap.c calls nothing here, so the arrows run one way.
 */
#include <akgl/tilemap.h>

#include "json_private.h"
#include "tilemap_private.h"
#include "watch_private.h"

#include <akgl/json.h>
#include <akgl/registry.h>
#include <akstdlib.h>

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A JSON path inside one file, e.g. "levels[1].layerInstances[0].gridTiles[3]". */
#define LDTK_PATH 192

typedef struct UsedTileset
{
    json_int_t uid;
    uint32_t firstgid;
    int count;
} UsedTileset;

/* An IntGrid layer's values and solid cells, kept until the map exists. */
typedef struct IntGrid
{
    int layer;       /* its index in the document's (and the model's) layers */
    int32_t *values; /* cwid * chei, malloc'd */
    uint8_t *solid;  /* cwid * chei, malloc'd */
} IntGrid;

typedef struct SolidToken
{
    bool number;
    json_int_t value;
    char name[AKGL_TILEMAP_MAX_PROPERTY_NAME];
} SolidToken;

typedef struct Ldtk
{
    const char *project;         /* the project's real path */
    json_t *root;                /* the project document */
    json_t *external;            /* the level's .ldtkl document, or NULL */
    json_t *level;               /* the level: in root, or external's root */
    char levelpath[LDTK_PATH];   /* the level's JSON path in the project */
    const char *file;            /* the file the level's layers are read from */
    char filebuf[AKGL_MAX_STRING_LENGTH];
    const char *prefix;          /* the level's JSON path in `file` ("" for a .ldtkl) */
    const char *identifier;      /* the level's identifier */
    int grid;                    /* px per cell */
    int cwid, chei;              /* the level in cells */
    int64_t cells;               /* cells of every tile layer so far */
    int64_t max_cells;           /* the load budget's */
    json_t *doc;                 /* the Tiled document */
    json_t *doc_tilesets;
    json_t *doc_layers;
    int nused;
    UsedTileset used[AKGL_TILEMAP_MAX_TILESETS];
    uint32_t nextgid;
    int nlayers;
    int nextobject;
    int ngrids;
    IntGrid grids[AKGL_TILEMAP_MAX_LAYERS];
    const char *solid;           /* the solid list it was asked for, or NULL */
    bool solid_all;
    int ntokens;
    SolidToken tokens[AKGL_TILEMAP_MAX_SOLID_VALUES];
} Ldtk;

/* A JSON path into `out` (LDTK_PATH bytes; a longer one is cut). */
static void AKERR_PRINTF(2, 3) json_path(char *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, LDTK_PATH, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------------------ */
/* Reading the LDtk document                                                */
/* ------------------------------------------------------------------------ */

typedef enum Want
{
    W_INT,
    W_NUMBER,
    W_STRING,
    W_BOOL,
    W_ARRAY,
    W_OBJECT
} Want;

static const char *const WANT_NAMES[] = {"an integer", "a number", "a string", "a boolean",
                                         "an array", "an object"};

static bool is_want(json_t *v, Want w)
{
    switch (w) {
    case W_INT: return json_is_integer(v);
    case W_NUMBER: return json_is_number(v);
    case W_STRING: return json_is_string(v);
    case W_BOOL: return json_is_boolean(v);
    case W_ARRAY: return json_is_array(v);
    case W_OBJECT: return json_is_object(v);
    }
    return false;
}

/* The message's "file: " part (a long path shown as its head and tail). */
static const char *shown(const char *file, char out[AKGL_JSON_MESSAGE_PATH_SIZE])
{
    return akgl_json_message_path(file, out);
}

/* What a value is, for a message: its type and, for a scalar, the value. */
static void describe(json_t *v, char *out, size_t size)
{
    if (json_is_string(v)) {
        snprintf(out, size, "a string (\"%.48s\")", json_string_value(v));
    } else if (json_is_integer(v)) {
        snprintf(out, size, "an integer (%" AKGL_JSON_INT_FORMAT ")", json_integer_value(v));
    } else if (json_is_real(v)) {
        snprintf(out, size, "a real number (%g)", json_real_value(v));
    } else if (json_is_boolean(v)) {
        snprintf(out, size, "a boolean (%s)", json_is_true(v) ? "true" : "false");
    } else {
        snprintf(out, size, "%s", v == NULL ? "missing" : akgl_json_type_name(v));
    }
}

/*
 * Member `key` of `obj` (at JSON path `path` of `file`) of kind `w` into
 * *dest. Absent: AKERR_KEY when required, else *dest NULL. null: NULL when
 * `nullable`, else a type error. The wrong type: AKERR_TYPE naming the value.
 */
static akerr_ErrorContext *member(const char *file, json_t *obj, const char *path, const char *key,
                                  Want w, bool required, bool nullable, json_t **dest)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], what[96];
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    *dest = NULL;
    if (v == NULL) {
        if (required) {
            FAIL_RETURN(errctx, AKERR_KEY, "%s: %s%s%s is missing (LDtk writes it: %s)",
                        shown(file, s), path, path[0] ? "." : "", key, WANT_NAMES[w]);
        }
        SUCCEED_RETURN(errctx);
    }
    if (json_is_null(v) && nullable) {
        SUCCEED_RETURN(errctx);
    }
    if (!is_want(v, w)) {
        describe(v, what, sizeof(what));
        FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s%s%s is %s, wanted %s", shown(file, s), path,
                    path[0] ? "." : "", key, what, WANT_NAMES[w]);
    }
    *dest = v;
    SUCCEED_RETURN(errctx);
}

/* An integer member within min..max (`limit` names the macro, or NULL). */
static akerr_ErrorContext *int_in(const char *file, json_t *obj, const char *path, const char *key,
                                  bool required, json_int_t dflt, json_int_t min, json_int_t max,
                                  const char *limit, json_int_t *dest)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    json_t *v = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, member(file, obj, path, key, W_INT, required, false, &v));
    json_int_t n = v != NULL ? json_integer_value(v) : dflt;
    if (n < min || n > max) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s%s%s is %" AKGL_JSON_INT_FORMAT "; it must "
                    "be %" AKGL_JSON_INT_FORMAT "..%" AKGL_JSON_INT_FORMAT "%s%s%s",
                    shown(file, s), path, path[0] ? "." : "", key, n, min, max,
                    limit ? " (" : "", limit ? limit : "", limit ? ")" : "");
    }
    *dest = n;
    SUCCEED_RETURN(errctx);
}

/* A [x, y] pair of integers (member `key`), each within -bound..bound. */
static akerr_ErrorContext *int_pair(const char *file, json_t *obj, const char *path,
                                    const char *key, json_int_t bound, json_int_t out[2])
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], what[96];
    json_t *a = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, member(file, obj, path, key, W_ARRAY, true, false, &a));
    if (json_array_size(a) != 2) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.%s has %zu elements; it must be [x, y]",
                    shown(file, s), path, key, json_array_size(a));
    }
    for (size_t i = 0; i < 2; i++) {
        json_t *v = json_array_get(a, i);
        if (!json_is_integer(v)) {
            describe(v, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s.%s[%zu] is %s, wanted an integer",
                        shown(file, s), path, key, i, what);
        }
        out[i] = json_integer_value(v);
        if (out[i] < -bound || out[i] > bound) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s.%s[%zu] is %" AKGL_JSON_INT_FORMAT
                        "; it must be within %" AKGL_JSON_INT_FORMAT " of 0", shown(file, s), path,
                        key, i, out[i], bound);
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Writing the Tiled document                                               */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *no_memory(const char *file, const char *what)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, ENOMEM, "%s: out of memory while building %s", shown(file, s), what);
}

/* obj[key] = v (v's reference taken, also on failure). */
static akerr_ErrorContext *put(Ldtk *L, json_t *obj, const char *key, json_t *v)
{
    PREPARE_ERROR(errctx);
    if (v == NULL || json_object_set_new(obj, key, v) != 0) {
        PASS(errctx, no_memory(L->file, key));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *append(Ldtk *L, json_t *array, json_t *v)
{
    PREPARE_ERROR(errctx);
    if (v == NULL || json_array_append_new(array, v) != 0) {
        PASS(errctx, no_memory(L->file, "an array"));
    }
    SUCCEED_RETURN(errctx);
}

/* A new object appended to `array`, into *dest (borrowed). */
static akerr_ErrorContext *append_object(Ldtk *L, json_t *array, json_t **dest)
{
    PREPARE_ERROR(errctx);
    json_t *o = json_object();
    PASS(errctx, append(L, array, o));
    *dest = o;
    SUCCEED_RETURN(errctx);
}

/* A new array set as obj[key], into *dest (borrowed). */
static akerr_ErrorContext *put_array(Ldtk *L, json_t *obj, const char *key, json_t **dest)
{
    PREPARE_ERROR(errctx);
    json_t *a = json_array();
    PASS(errctx, put(L, obj, key, a));
    *dest = a;
    SUCCEED_RETURN(errctx);
}

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* `n` cells as base64 of little-endian 32-bit gids: Tiled's uncompressed
 * base64 layer data, far lighter for jansson than an array of numbers. */
static akerr_ErrorContext *cells_base64(Ldtk *L, const uint32_t *cells, size_t n, json_t **dest)
{
    PREPARE_ERROR(errctx);
    size_t bytes = n * 4;
    size_t len = (bytes + 2) / 3 * 4;
    char *text = malloc(len + 1);
    if (text == NULL) {
        PASS(errctx, no_memory(L->file, "a layer's data"));
    }
    size_t o = 0;
    for (size_t i = 0; i < bytes; i += 3) {
        uint8_t b[3] = {0, 0, 0};
        size_t k = 0;
        for (; k < 3 && i + k < bytes; k++) {
            size_t at = i + k;
            b[k] = (uint8_t)(cells[at / 4] >> (8 * (at % 4)));
        }
        text[o++] = B64[b[0] >> 2];
        text[o++] = B64[((b[0] & 3) << 4) | (b[1] >> 4)];
        text[o++] = k > 1 ? B64[((b[1] & 15) << 2) | (b[2] >> 6)] : '=';
        text[o++] = k > 2 ? B64[b[2] & 63] : '=';
    }
    text[o] = '\0';
    json_t *s = json_stringn_nocheck(text, o);
    free(text);
    if (s == NULL) {
        PASS(errctx, no_memory(L->file, "a layer's data"));
    }
    *dest = s;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Fields -> properties                                                     */
/* ------------------------------------------------------------------------ */

/* The Tiled property type an LDtk field type becomes, or NULL: not kept. */
static const char *field_type(const char *t)
{
    if (strcmp(t, "Int") == 0) {
        return "int";
    }
    if (strcmp(t, "Float") == 0) {
        return "float";
    }
    if (strcmp(t, "Bool") == 0) {
        return "bool";
    }
    if (strcmp(t, "String") == 0 || strcmp(t, "Multilines") == 0 ||
        strcmp(t, "FilePath") == 0 || strcmp(t, "Color") == 0 ||
        strncmp(t, "LocalEnum.", 10) == 0 || strncmp(t, "ExternEnum.", 11) == 0 ||
        strncmp(t, "Enum(", 5) == 0) {
        return "string";
    }
    return NULL;
}

/*
 * `fieldInstances` of an entity or the level (at `path`) as Tiled
 * properties on `out`; *name gets the value of a String field called "name"
 * (or stays as it was).
 */
static akerr_ErrorContext *fields(Ldtk *L, json_t *owner, const char *path, json_t *out,
                                  const char **name)
{
    char p[LDTK_PATH], s[AKGL_JSON_MESSAGE_PATH_SIZE], what[96];
    json_t *list = NULL, *props = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, member(L->file, owner, path, "fieldInstances", W_ARRAY, false, false, &list));
    size_t n = list ? json_array_size(list) : 0;
    if (n > AKGL_TILEMAP_MAX_PROPERTIES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s.fieldInstances has %zu fields, more than "
                    "AKGL_TILEMAP_MAX_PROPERTIES (%d)", shown(L->file, s), path, n,
                    AKGL_TILEMAP_MAX_PROPERTIES);
    }
    for (size_t i = 0; i < n; i++) {
        json_t *f = json_array_get(list, i), *id = NULL, *type = NULL, *prop = NULL;
        json_path(p, "%s.fieldInstances[%zu]", path, i);
        if (!json_is_object(f)) {
            describe(f, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s is %s, wanted an object", shown(L->file, s),
                        p, what);
        }
        PASS(errctx, member(L->file, f, p, "__identifier", W_STRING, true, false, &id));
        PASS(errctx, member(L->file, f, p, "__type", W_STRING, true, false, &type));
        json_t *value = json_object_get(f, "__value");
        if (value == NULL) {
            FAIL_RETURN(errctx, AKERR_KEY, "%s: %s.__value is missing (LDtk writes it: null "
                        "for a field left empty)", shown(L->file, s), p);
        }
        const char *tiled = field_type(json_string_value(type));
        if (tiled == NULL || json_is_null(value)) {
            continue; /* Point, EntityRef, Tile, arrays; an empty field */
        }
        bool ok = strcmp(tiled, "int") == 0     ? json_is_integer(value)
                  : strcmp(tiled, "float") == 0 ? json_is_number(value)
                  : strcmp(tiled, "bool") == 0  ? json_is_boolean(value)
                                                : json_is_string(value);
        if (!ok) {
            describe(value, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s.__value is %s; a field of type \"%.48s\" "
                        "(\"%.64s\") holds %s", shown(L->file, s), p, what,
                        json_string_value(type), json_string_value(id),
                        strcmp(tiled, "int") == 0     ? "an integer"
                        : strcmp(tiled, "float") == 0 ? "a number"
                        : strcmp(tiled, "bool") == 0  ? "a boolean"
                                                      : "a string");
        }
        if (props == NULL) {
            PASS(errctx, put_array(L, out, "properties", &props));
        }
        PASS(errctx, append_object(L, props, &prop));
        PASS(errctx, put(L, prop, "name", json_incref(id)));
        PASS(errctx, put(L, prop, "type", json_string(tiled)));
        PASS(errctx, put(L, prop, "value", json_incref(value)));
        if (name != NULL && strcmp(json_string_value(id), "name") == 0 && json_is_string(value)) {
            *name = json_string_value(value);
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Tilesets                                                                 */
/* ------------------------------------------------------------------------ */

/* The project's tileset definition `uid`, added to the document on first use. */
static akerr_ErrorContext *use_tileset(Ldtk *L, json_int_t uid, const char *where,
                                       UsedTileset **dest)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], p[LDTK_PATH];
    json_t *defs = NULL, *list = NULL, *def = NULL, *v = NULL, *ts = NULL;
    json_int_t cw = 0, ch = 0, grid = 0, pad = 0, spacing = 0, pw = 0, ph = 0;
    size_t index = 0;
    PREPARE_ERROR(errctx);
    for (int i = 0; i < L->nused; i++) {
        if (L->used[i].uid == uid) {
            *dest = &L->used[i];
            SUCCEED_RETURN(errctx);
        }
    }
    PASS(errctx, member(L->project, L->root, "", "defs", W_OBJECT, true, false, &defs));
    PASS(errctx, member(L->project, defs, "defs", "tilesets", W_ARRAY, true, false, &list));
    for (index = 0; index < json_array_size(list); index++) {
        json_t *d = json_array_get(list, index);
        json_t *u = json_object_get(d, "uid");
        if (json_is_integer(u) && json_integer_value(u) == uid) {
            def = d;
            break;
        }
    }
    if (def == NULL) {
        FAIL_RETURN(errctx, AKERR_KEY, "%s: %s names tileset uid %" AKGL_JSON_INT_FORMAT ", which "
                    "defs.tilesets does not define", shown(L->file, s), where, uid);
    }
    if (L->nused >= AKGL_TILEMAP_MAX_TILESETS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: the level uses more than "
                    "AKGL_TILEMAP_MAX_TILESETS (%d) tilesets", shown(L->project, s),
                    AKGL_TILEMAP_MAX_TILESETS);
    }
    json_path(p, "defs.tilesets[%zu]", index);
    const char *file = L->project;
    PASS(errctx, member(file, def, p, "identifier", W_STRING, true, false, &v));
    const char *name = json_string_value(v);
    PASS(errctx, member(file, def, p, "relPath", W_STRING, true, true, &v));
    if (v == NULL) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.relPath is null: tileset \"%.64s\" has no image "
                    "file (LDtk's embedded atlas is not supported)", shown(file, s), p, name);
    }
    const char *image = json_string_value(v);
    PASS(errctx, int_in(file, def, p, "tileGridSize", true, 0, 1, AKGL_TILEMAP_MAX_TILE_SIZE,
                        "AKGL_TILEMAP_MAX_TILE_SIZE", &grid));
    if (grid != L->grid) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.tileGridSize is %" AKGL_JSON_INT_FORMAT ", but the "
                    "level's grid is %d px: akgl draws LDtk tiles of the grid's size only",
                    shown(file, s), p, grid, L->grid);
    }
    PASS(errctx, int_in(file, def, p, "__cWid", true, 0, 1, AKGL_TILEMAP_MAX_TILESET_TILES,
                        "AKGL_TILEMAP_MAX_TILESET_TILES", &cw));
    PASS(errctx, int_in(file, def, p, "__cHei", true, 0, 1, AKGL_TILEMAP_MAX_TILESET_TILES,
                        "AKGL_TILEMAP_MAX_TILESET_TILES", &ch));
    if (cw * ch > AKGL_TILEMAP_MAX_TILESET_TILES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s is %" AKGL_JSON_INT_FORMAT " x %"
                    AKGL_JSON_INT_FORMAT " tiles, more than AKGL_TILEMAP_MAX_TILESET_TILES (%ld)",
                    shown(file, s), p, cw, ch, (long)AKGL_TILEMAP_MAX_TILESET_TILES);
    }
    PASS(errctx, int_in(file, def, p, "padding", false, 0, 0, AKGL_TILEMAP_MAX_TILE_SIZE, NULL,
                        &pad));
    PASS(errctx, int_in(file, def, p, "spacing", false, 0, 0, AKGL_TILEMAP_MAX_TILE_SIZE, NULL,
                        &spacing));
    PASS(errctx, int_in(file, def, p, "pxWid", true, 0, 1, INT32_MAX, NULL, &pw));
    PASS(errctx, int_in(file, def, p, "pxHei", true, 0, 1, INT32_MAX, NULL, &ph));
    if ((uint64_t)L->nextgid + (uint64_t)(cw * ch) > AKGL_TILE_GID_MASK) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s: the level's tilesets have more tiles "
                    "than a gid can number (%u)", shown(file, s), p, AKGL_TILE_GID_MASK);
    }
    PASS(errctx, append_object(L, L->doc_tilesets, &ts));
    PASS(errctx, put(L, ts, "firstgid", json_integer(L->nextgid)));
    PASS(errctx, put(L, ts, "name", json_string(name)));
    PASS(errctx, put(L, ts, "image", json_string(image)));
    PASS(errctx, put(L, ts, "imagewidth", json_integer(pw)));
    PASS(errctx, put(L, ts, "imageheight", json_integer(ph)));
    PASS(errctx, put(L, ts, "tilewidth", json_integer(grid)));
    PASS(errctx, put(L, ts, "tileheight", json_integer(grid)));
    PASS(errctx, put(L, ts, "tilecount", json_integer(cw * ch)));
    PASS(errctx, put(L, ts, "columns", json_integer(cw)));
    PASS(errctx, put(L, ts, "margin", json_integer(pad)));
    PASS(errctx, put(L, ts, "spacing", json_integer(spacing)));
    UsedTileset *u = &L->used[L->nused++];
    *u = (UsedTileset){uid, L->nextgid, (int)(cw * ch)};
    L->nextgid += (uint32_t)(cw * ch);
    *dest = u;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Layers                                                                   */
/* ------------------------------------------------------------------------ */

/* The tile layers one LDtk layer becomes: the first holds a cell's first
 * tile, the next the tile stacked on it, and so on. */
typedef struct Stack
{
    int n;
    uint32_t *cells[AKGL_TILEMAP_MAX_LAYERS];
} Stack;

static void stack_free(Stack *st)
{
    for (int i = 0; i < st->n; i++) {
        free(st->cells[i]);
        st->cells[i] = NULL;
    }
    st->n = 0;
}

/* One more layer of cells for the stack (counted against the limits). */
static akerr_ErrorContext *stack_grow(Ldtk *L, Stack *st, const char *path)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    size_t n = (size_t)L->cwid * (size_t)L->chei;
    if (L->nlayers + st->n >= AKGL_TILEMAP_MAX_LAYERS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s: the level would have more than "
                    "AKGL_TILEMAP_MAX_LAYERS (%d) layers (tiles stacked on one cell take a layer "
                    "each)", shown(L->file, s), path, AKGL_TILEMAP_MAX_LAYERS);
    }
    if (L->cells + (int64_t)n > L->max_cells) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s: the level's tile layers would store %lld "
                    "cells in all, more than its budget of %lld cells (AKGL_TILEMAP_MAX_MAP_CELLS; "
                    "akgl_tilemap_set_budget raises it)", shown(L->file, s), path,
                    (long long)(L->cells + (int64_t)n), (long long)L->max_cells);
    }
    st->cells[st->n] = calloc(n > 0 ? n : 1, sizeof(uint32_t));
    if (st->cells[st->n] == NULL) {
        PASS(errctx, no_memory(L->file, "a layer's cells"));
    }
    st->n++;
    L->cells += (int64_t)n;
    SUCCEED_RETURN(errctx);
}

/* `key` (gridTiles or autoLayerTiles) of layer `lj` placed on the stack. */
static akerr_ErrorContext *place_tiles(Ldtk *L, json_t *lj, const char *lpath, const char *key,
                                       Stack *st)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], p[LDTK_PATH], what[96];
    json_t *tiles = NULL, *tsuid = NULL;
    UsedTileset *ts = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, member(L->file, lj, lpath, key, W_ARRAY, false, false, &tiles));
    size_t n = tiles ? json_array_size(tiles) : 0;
    if (n == 0) {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, member(L->file, lj, lpath, "__tilesetDefUid", W_INT, true, true, &tsuid));
    if (tsuid == NULL) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s has %zu %s and __tilesetDefUid is null: tiles "
                    "need a tileset", shown(L->file, s), lpath, n, key);
    }
    json_path(p, "%s.__tilesetDefUid", lpath);
    PASS(errctx, use_tileset(L, json_integer_value(tsuid), p, &ts));
    for (size_t i = 0; i < n; i++) {
        json_t *tj = json_array_get(tiles, i);
        json_int_t px[2] = {0, 0}, t = 0, f = 0;
        json_path(p, "%s.%s[%zu]", lpath, key, i);
        if (!json_is_object(tj)) {
            describe(tj, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s is %s, wanted an object", shown(L->file, s), p,
                        what);
        }
        PASS(errctx, int_pair(L->file, tj, p, "px", (json_int_t)AKGL_TILEMAP_MAX_EXTENT *
                              AKGL_TILEMAP_MAX_TILE_SIZE, px));
        PASS(errctx, int_in(L->file, tj, p, "t", true, 0, 0, ts->count - 1,
                            "the tiles of its tileset", &t));
        PASS(errctx, int_in(L->file, tj, p, "f", false, 0, 0, 3, NULL, &f));
        if (px[0] % L->grid != 0 || px[1] % L->grid != 0) {
            FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.px is [%" AKGL_JSON_INT_FORMAT ", %"
                        AKGL_JSON_INT_FORMAT "], not on the layer's %d px grid (akgl places LDtk "
                        "tiles on whole cells)", shown(L->file, s), p, px[0], px[1], L->grid);
        }
        json_int_t cx = px[0] / L->grid, cy = px[1] / L->grid;
        if (cx < 0 || cy < 0 || cx >= L->cwid || cy >= L->chei) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s.px is [%" AKGL_JSON_INT_FORMAT ", %"
                        AKGL_JSON_INT_FORMAT "]: cell (%" AKGL_JSON_INT_FORMAT ", %"
                        AKGL_JSON_INT_FORMAT ") is outside the level's %d x %d cells",
                        shown(L->file, s), p, px[0], px[1], cx, cy, L->cwid, L->chei);
        }
        size_t at = (size_t)cy * (size_t)L->cwid + (size_t)cx;
        uint32_t raw = (ts->firstgid + (uint32_t)t) | ((f & 1) ? AKGL_TILE_FLIP_H : 0u) |
                       ((f & 2) ? AKGL_TILE_FLIP_V : 0u);
        int k = 0;
        while (k < st->n && st->cells[k][at] != 0) {
            k++;
        }
        if (k == st->n) {
            PASS(errctx, stack_grow(L, st, p));
        }
        st->cells[k][at] = raw;
    }
    SUCCEED_RETURN(errctx);
}

/* The stack's layers appended to the document, bottom first. */
static akerr_ErrorContext *emit_tiles(Ldtk *L, json_t *lj, const char *name, Stack *st)
{
    char sub[AKGL_TILEMAP_MAX_PROPERTY_NAME + 16];
    PREPARE_ERROR(errctx);
    for (int k = 0; k < st->n; k++) {
        json_t *out = NULL, *data = NULL;
        PASS(errctx, append_object(L, L->doc_layers, &out));
        if (k == 0) {
            snprintf(sub, sizeof(sub), "%s", name);
        } else {
            snprintf(sub, sizeof(sub), "%s#%d", name, k + 1);
        }
        PASS(errctx, put(L, out, "type", json_string("tilelayer")));
        PASS(errctx, put(L, out, "id", json_integer(L->nlayers + 1)));
        PASS(errctx, put(L, out, "name", json_string(sub)));
        PASS(errctx, put(L, out, "width", json_integer(L->cwid)));
        PASS(errctx, put(L, out, "height", json_integer(L->chei)));
        PASS(errctx, put(L, out, "visible", json_incref(json_object_get(lj, "visible"))));
        PASS(errctx, put(L, out, "opacity", json_incref(json_object_get(lj, "__opacity"))));
        PASS(errctx, put(L, out, "offsetx", json_incref(json_object_get(lj, "__pxTotalOffsetX"))));
        PASS(errctx, put(L, out, "offsety", json_incref(json_object_get(lj, "__pxTotalOffsetY"))));
        PASS(errctx, put(L, out, "encoding", json_string("base64")));
        PASS(errctx, cells_base64(L, st->cells[k], (size_t)L->cwid * (size_t)L->chei, &data));
        PASS(errctx, put(L, out, "data", data));
        L->nlayers++;
    }
    SUCCEED_RETURN(errctx);
}

/* The solid values of IntGrid layer definition `uid`: the tokens' numbers,
 * and the values whose identifier a token names. */
static akerr_ErrorContext *solid_values(Ldtk *L, json_int_t uid, const char *lpath,
                                        json_int_t *vals, int *nvals)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    *nvals = 0;
    json_t *layers = json_object_get(json_object_get(L->root, "defs"), "layers");
    json_t *def = NULL;
    for (size_t i = 0; i < json_array_size(layers); i++) {
        json_t *d = json_array_get(layers, i);
        json_t *u = json_object_get(d, "uid");
        if (json_is_integer(u) && json_integer_value(u) == uid) {
            def = d;
        }
    }
    bool named = false;
    for (int t = 0; t < L->ntokens; t++) {
        named |= !L->tokens[t].number;
    }
    if (def == NULL && named) {
        FAIL_RETURN(errctx, AKERR_KEY, "%s: %s.layerDefUid is %" AKGL_JSON_INT_FORMAT ", which "
                    "defs.layers does not define (its IntGrid value names are needed for the "
                    "solid values)", shown(L->file, s), lpath, uid);
    }
    json_t *values = json_object_get(def, "intGridValues");
    for (int t = 0; t < L->ntokens; t++) {
        if (L->tokens[t].number) {
            vals[(*nvals)++] = L->tokens[t].value;
            continue;
        }
        for (size_t i = 0; i < json_array_size(values); i++) {
            json_t *v = json_array_get(values, i);
            const char *id = json_string_value(json_object_get(v, "identifier"));
            json_t *value = json_object_get(v, "value");
            if (id != NULL && json_is_integer(value) && strcmp(id, L->tokens[t].name) == 0) {
                vals[(*nvals)++] = json_integer_value(value);
                break;
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

/* An IntGrid layer's values and solid cells, kept for the model. */
static akerr_ErrorContext *intgrid(Ldtk *L, json_t *lj, const char *lpath)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], what[96];
    json_t *csv = NULL;
    json_int_t uid = 0;
    json_int_t vals[AKGL_TILEMAP_MAX_SOLID_VALUES];
    int nvals = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, member(L->file, lj, lpath, "intGridCsv", W_ARRAY, true, false, &csv));
    size_t n = (size_t)L->cwid * (size_t)L->chei;
    if (json_array_size(csv) != n) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.intGridCsv has %zu values; the layer's %d x %d "
                    "cells need %zu", shown(L->file, s), lpath, json_array_size(csv), L->cwid,
                    L->chei, n);
    }
    if (!L->solid_all) {
        PASS(errctx, int_in(L->file, lj, lpath, "layerDefUid", true, 0, INT64_MIN, INT64_MAX, NULL,
                            &uid));
        PASS(errctx, solid_values(L, uid, lpath, vals, &nvals));
    }
    IntGrid *g = &L->grids[L->ngrids];
    g->layer = L->nlayers; /* the first of its tile layers, emitted next */
    g->values = malloc((n > 0 ? n : 1) * sizeof(int32_t));
    g->solid = malloc(n > 0 ? n : 1);
    L->ngrids++;
    if (g->values == NULL || g->solid == NULL) {
        PASS(errctx, no_memory(L->file, "an IntGrid layer"));
    }
    for (size_t i = 0; i < n; i++) {
        json_t *v = json_array_get(csv, i);
        if (!json_is_integer(v)) {
            describe(v, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s.intGridCsv[%zu] is %s, wanted an integer",
                        shown(L->file, s), lpath, i, what);
        }
        json_int_t x = json_integer_value(v);
        if (x < 0 || x > INT32_MAX) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s.intGridCsv[%zu] is %"
                        AKGL_JSON_INT_FORMAT "; an IntGrid value must be 0..%d", shown(L->file, s),
                        lpath, i, x, INT32_MAX);
        }
        bool solid = x != 0 && L->solid_all;
        for (int k = 0; x != 0 && !solid && k < nvals; k++) {
            solid = vals[k] == x;
        }
        g->values[i] = (int32_t)x;
        g->solid[i] = solid ? AKGL_CELL_SOLID : AKGL_CELL_OPEN;
    }
    SUCCEED_RETURN(errctx);
}

/* An entity layer as an object layer. */
static akerr_ErrorContext *entities(Ldtk *L, json_t *lj, const char *lpath, const char *name)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], p[LDTK_PATH], what[96];
    json_t *list = NULL, *out = NULL, *objects = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, member(L->file, lj, lpath, "entityInstances", W_ARRAY, true, false, &list));
    size_t n = json_array_size(list);
    if (n > AKGL_TILEMAP_MAX_OBJECTS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s.entityInstances has %zu entities, more "
                    "than AKGL_TILEMAP_MAX_OBJECTS (%d)", shown(L->file, s), lpath, n,
                    AKGL_TILEMAP_MAX_OBJECTS);
    }
    if (L->nlayers >= AKGL_TILEMAP_MAX_LAYERS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s: the level would have more than "
                    "AKGL_TILEMAP_MAX_LAYERS (%d) layers", shown(L->file, s), lpath,
                    AKGL_TILEMAP_MAX_LAYERS);
    }
    PASS(errctx, append_object(L, L->doc_layers, &out));
    PASS(errctx, put(L, out, "type", json_string("objectgroup")));
    PASS(errctx, put(L, out, "id", json_integer(L->nlayers + 1)));
    PASS(errctx, put(L, out, "name", json_string(name)));
    PASS(errctx, put(L, out, "draworder", json_string("index")));
    PASS(errctx, put(L, out, "visible", json_incref(json_object_get(lj, "visible"))));
    PASS(errctx, put(L, out, "opacity", json_incref(json_object_get(lj, "__opacity"))));
    PASS(errctx, put(L, out, "offsetx", json_incref(json_object_get(lj, "__pxTotalOffsetX"))));
    PASS(errctx, put(L, out, "offsety", json_incref(json_object_get(lj, "__pxTotalOffsetY"))));
    PASS(errctx, put_array(L, out, "objects", &objects));
    L->nlayers++;
    for (size_t i = 0; i < n; i++) {
        json_t *ej = json_array_get(list, i), *id = NULL, *pivot = NULL, *o = NULL;
        json_int_t px[2] = {0, 0}, w = 0, h = 0;
        double piv[2] = {0.0, 0.0};
        json_path(p, "%s.entityInstances[%zu]", lpath, i);
        if (!json_is_object(ej)) {
            describe(ej, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s is %s, wanted an object", shown(L->file, s), p,
                        what);
        }
        PASS(errctx, member(L->file, ej, p, "__identifier", W_STRING, true, false, &id));
        PASS(errctx, int_pair(L->file, ej, p, "px", (json_int_t)AKGL_TILEMAP_MAX_EXTENT *
                              AKGL_TILEMAP_MAX_TILE_SIZE, px));
        PASS(errctx, int_in(L->file, ej, p, "width", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT, NULL,
                            &w));
        PASS(errctx, int_in(L->file, ej, p, "height", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT, NULL,
                            &h));
        PASS(errctx, member(L->file, ej, p, "__pivot", W_ARRAY, false, false, &pivot));
        if (pivot != NULL) {
            for (size_t k = 0; k < 2; k++) {
                json_t *v = json_array_get(pivot, k);
                if (!json_is_number(v) || json_number_value(v) < 0.0 ||
                    json_number_value(v) > 1.0 || json_array_size(pivot) != 2) {
                    describe(v, what, sizeof(what));
                    FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.__pivot[%zu] is %s; a pivot is two "
                                "numbers 0..1", shown(L->file, s), p, k, what);
                }
                piv[k] = json_number_value(v);
            }
        }
        const char *oname = "";
        PASS(errctx, append_object(L, objects, &o));
        PASS(errctx, fields(L, ej, p, o, &oname));
        PASS(errctx, put(L, o, "id", json_integer(++L->nextobject)));
        PASS(errctx, put(L, o, "name", json_string(oname)));
        PASS(errctx, put(L, o, "type", json_incref(id)));
        PASS(errctx, put(L, o, "x", json_real((double)px[0] - piv[0] * (double)w)));
        PASS(errctx, put(L, o, "y", json_real((double)px[1] - piv[1] * (double)h)));
        PASS(errctx, put(L, o, "width", json_integer(w)));
        PASS(errctx, put(L, o, "height", json_integer(h)));
        PASS(errctx, put(L, o, "visible", json_true()));
    }
    SUCCEED_RETURN(errctx);
}

static const char *const LAYER_TYPES[] = {"IntGrid", "Entities", "Tiles", "AutoLayer"};

/* The checks every layer gets, whatever its type. */
static akerr_ErrorContext *layer_common(Ldtk *L, json_t *lj, const char *lpath, int *type,
                                        const char **name)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], what[96];
    json_t *v = NULL;
    json_int_t n = 0;
    PREPARE_ERROR(errctx);
    if (!json_is_object(lj)) {
        describe(lj, what, sizeof(what));
        FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s is %s, wanted an object", shown(L->file, s), lpath,
                    what);
    }
    PASS(errctx, member(L->file, lj, lpath, "__identifier", W_STRING, true, false, &v));
    *name = json_string_value(v);
    if (strlen(*name) >= AKGL_TILEMAP_MAX_PROPERTY_NAME) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s.__identifier is %zu bytes, more than "
                    "AKGL_TILEMAP_MAX_PROPERTY_NAME (%d) - 1", shown(L->file, s), lpath,
                    strlen(*name), AKGL_TILEMAP_MAX_PROPERTY_NAME);
    }
    PASS(errctx, member(L->file, lj, lpath, "__type", W_STRING, true, false, &v));
    *type = -1;
    for (int i = 0; i < (int)SDL_arraysize(LAYER_TYPES); i++) {
        if (strcmp(json_string_value(v), LAYER_TYPES[i]) == 0) {
            *type = i;
        }
    }
    if (*type < 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.__type is \"%.48s\"; LDtk's layer types are "
                    "IntGrid, Entities, Tiles and AutoLayer", shown(L->file, s), lpath,
                    json_string_value(v));
    }
    PASS(errctx, member(L->file, lj, lpath, "visible", W_BOOL, true, false, &v));
    PASS(errctx, member(L->file, lj, lpath, "__opacity", W_NUMBER, true, false, &v));
    if (json_number_value(v) < 0.0 || json_number_value(v) > 1.0) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s.__opacity is %g; it must be 0..1",
                    shown(L->file, s), lpath, json_number_value(v));
    }
    PASS(errctx, int_in(L->file, lj, lpath, "__pxTotalOffsetX", true, 0, -AKGL_TILEMAP_MAX_EXTENT,
                        AKGL_TILEMAP_MAX_EXTENT, "AKGL_TILEMAP_MAX_EXTENT", &n));
    PASS(errctx, int_in(L->file, lj, lpath, "__pxTotalOffsetY", true, 0, -AKGL_TILEMAP_MAX_EXTENT,
                        AKGL_TILEMAP_MAX_EXTENT, "AKGL_TILEMAP_MAX_EXTENT", &n));
    if (*type != 1) {
        json_int_t g = 0, cw = 0, ch = 0;
        PASS(errctx, int_in(L->file, lj, lpath, "__gridSize", true, 0, 1,
                            AKGL_TILEMAP_MAX_TILE_SIZE, "AKGL_TILEMAP_MAX_TILE_SIZE", &g));
        if (g != L->grid) {
            FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.__gridSize is %" AKGL_JSON_INT_FORMAT ", and "
                        "the level's first grid layer's is %d: akgl needs one grid size for a "
                        "level's IntGrid, tile and auto-layers", shown(L->file, s), lpath, g,
                        L->grid);
        }
        PASS(errctx, int_in(L->file, lj, lpath, "__cWid", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &cw));
        PASS(errctx, int_in(L->file, lj, lpath, "__cHei", true, 0, 0, AKGL_TILEMAP_MAX_EXTENT,
                            "AKGL_TILEMAP_MAX_EXTENT", &ch));
        if (cw != L->cwid || ch != L->chei) {
            FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s is %" AKGL_JSON_INT_FORMAT " x %"
                        AKGL_JSON_INT_FORMAT " cells (__cWid x __cHei); the level's %d x %d px "
                        "make %d x %d cells of %d px", shown(L->file, s), lpath, cw, ch,
                        L->cwid * L->grid, L->chei * L->grid, L->cwid, L->chei, L->grid);
        }
    }
    SUCCEED_RETURN(errctx);
}

/* The level's grid size: its first IntGrid, tile or auto-layer's. */
static akerr_ErrorContext *level_grid(Ldtk *L, json_t *layers, json_int_t pw, json_int_t ph)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], p[LDTK_PATH];
    json_int_t g = 16;
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < json_array_size(layers); i++) {
        json_t *lj = json_array_get(layers, i);
        const char *type = json_string_value(json_object_get(lj, "__type"));
        if (type != NULL && strcmp(type, "Entities") != 0) {
            json_path(p, "%s%slayerInstances[%zu]", L->prefix, L->prefix[0] ? "." : "",
                     i);
            PASS(errctx, int_in(L->file, lj, p, "__gridSize", true, 0, 1,
                                AKGL_TILEMAP_MAX_TILE_SIZE, "AKGL_TILEMAP_MAX_TILE_SIZE", &g));
            break;
        }
    }
    L->grid = (int)g;
    int64_t cw = (pw + g - 1) / g, ch = (ph + g - 1) / g;
    if (cw > AKGL_TILEMAP_MAX_EXTENT || ch > AKGL_TILEMAP_MAX_EXTENT ||
        cw * ch > AKGL_TILEMAP_MAX_LAYER_CELLS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s is %" AKGL_JSON_INT_FORMAT " x %"
                    AKGL_JSON_INT_FORMAT " px, %lld x %lld cells of %d px: more than "
                    "AKGL_TILEMAP_MAX_LAYER_CELLS (%ld) cells, or a side over "
                    "AKGL_TILEMAP_MAX_EXTENT (%ld)", shown(L->project, s), L->levelpath, pw, ph,
                    (long long)cw, (long long)ch, L->grid, (long)AKGL_TILEMAP_MAX_LAYER_CELLS,
                    (long)AKGL_TILEMAP_MAX_EXTENT);
    }
    L->cwid = (int)cw;
    L->chei = (int)ch;
    SUCCEED_RETURN(errctx);
}

/* Every layer of the level, bottom first (LDtk lists them top first). */
static akerr_ErrorContext *translate_layers(Ldtk *L, json_t *layers)
{
    char p[LDTK_PATH];
    Stack *st = NULL;
    PREPARE_ERROR(errctx);
    st = calloc(1, sizeof(*st));
    if (st == NULL) {
        PASS(errctx, no_memory(L->file, "the layers"));
    }
    ATTEMPT {
        for (size_t j = json_array_size(layers); j-- > 0;) {
            json_t *lj = json_array_get(layers, j);
            int type = 0;
            const char *name = NULL;
            json_path(p, "%s%slayerInstances[%zu]", L->prefix, L->prefix[0] ? "." : "",
                     j);
            CATCH(errctx, layer_common(L, lj, p, &type, &name));
            if (type == 1) {
                CATCH(errctx, entities(L, lj, p, name));
                continue;
            }
            if (type == 0) {
                CATCH(errctx, intgrid(L, lj, p));
            }
            CATCH(errctx, stack_grow(L, st, p)); /* every grid layer has one tile layer */
            CATCH(errctx, place_tiles(L, lj, p, type == 2 ? "gridTiles" : "autoLayerTiles", st));
            CATCH(errctx, emit_tiles(L, lj, name, st));
            stack_free(st);
        }
    } CLEANUP {
        stack_free(st);
        free(st);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The level                                                                */
/* ------------------------------------------------------------------------ */

/* Calls fn for each level of the project (`levels`, and each world's). */
typedef bool (*LevelVisit)(json_t *level, const char *path, void *ctx);

static void each_level(json_t *root, LevelVisit fn, void *ctx)
{
    char p[LDTK_PATH];
    json_t *levels = json_object_get(root, "levels");
    for (size_t i = 0; i < json_array_size(levels); i++) {
        json_path(p, "levels[%zu]", i);
        if (!fn(json_array_get(levels, i), p, ctx)) {
            return;
        }
    }
    json_t *worlds = json_object_get(root, "worlds");
    for (size_t w = 0; w < json_array_size(worlds); w++) {
        levels = json_object_get(json_array_get(worlds, w), "levels");
        for (size_t i = 0; i < json_array_size(levels); i++) {
            json_path(p, "worlds[%zu].levels[%zu]", w, i);
            if (!fn(json_array_get(levels, i), p, ctx)) {
                return;
            }
        }
    }
}

typedef struct FindLevel
{
    const char *want; /* identifier, or NULL for the first */
    const char *key;  /* "identifier" or "iid" */
    json_t *found;
    char path[LDTK_PATH];
    int count;
    char names[192];  /* the first few identifiers, for the message */
} FindLevel;

static bool find_visit(json_t *level, const char *path, void *ctx)
{
    FindLevel *f = ctx;
    const char *id = json_string_value(json_object_get(level, f->key));
    f->count++;
    if (id != NULL && f->count <= 6) {
        size_t used = strlen(f->names);
        snprintf(f->names + used, sizeof(f->names) - used, "%s\"%.32s\"", used ? ", " : "", id);
    }
    if (f->found == NULL && (f->want == NULL || (id != NULL && strcmp(id, f->want) == 0))) {
        f->found = level;
        snprintf(f->path, sizeof(f->path), "%s", path);
    }
    return true;
}

/* The level named `want` (the first when NULL), checked to be an object with
 * an identifier that can stand in a path. */
static akerr_ErrorContext *find_level(Ldtk *L, const char *want)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], what[96];
    json_t *v = NULL;
    FindLevel f;
    PREPARE_ERROR(errctx);
    memset(&f, 0, sizeof(f));
    f.want = want;
    f.key = "identifier";
    if (!json_is_object(L->root)) {
        describe(L->root, what, sizeof(what));
        FAIL_RETURN(errctx, AKERR_TYPE, "%s: the document is %s, wanted an LDtk project (an "
                    "object)", shown(L->project, s), what);
    }
    PASS(errctx, member(L->project, L->root, "", "levels", W_ARRAY, true, false, &v));
    PASS(errctx, member(L->project, L->root, "", "worlds", W_ARRAY, false, false, &v));
    each_level(L->root, find_visit, &f);
    if (f.found == NULL) {
        if (want == NULL) {
            FAIL_RETURN(errctx, AKERR_KEY, "%s: the project has no level (levels is empty)",
                        shown(L->project, s));
        }
        FAIL_RETURN(errctx, AKERR_KEY, "%s: the project has no level \"%.64s\" (%d level%s: "
                    "%s%s)", shown(L->project, s), want, f.count, f.count == 1 ? "" : "s",
                    f.names, f.count > 6 ? ", ..." : "");
    }
    L->level = f.found;
    snprintf(L->levelpath, sizeof(L->levelpath), "%s", f.path);
    if (!json_is_object(L->level)) {
        describe(L->level, what, sizeof(what));
        FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s is %s, wanted an object", shown(L->project, s),
                    L->levelpath, what);
    }
    PASS(errctx, member(L->project, L->level, L->levelpath, "identifier", W_STRING, true, false,
                        &v));
    L->identifier = json_string_value(v);
    if (L->identifier[0] == '\0' || strchr(L->identifier, '/') != NULL) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.identifier is \"%.64s\"; a level's identifier "
                    "is a non-empty name without '/'", shown(L->project, s), L->levelpath,
                    L->identifier);
    }
    SUCCEED_RETURN(errctx);
}

/* The level's layers: in the project, or in its .ldtkl file. */
static akerr_ErrorContext *open_layers(Ldtk *L, json_t **layers)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], dir[AKGL_MAX_STRING_LENGTH],
        joined[AKGL_MAX_STRING_LENGTH];
    json_t *rel = NULL, *v = NULL;
    PREPARE_ERROR(errctx);
    L->file = L->project;
    L->prefix = L->levelpath;
    PASS(errctx, member(L->project, L->level, L->levelpath, "externalRelPath", W_STRING, false,
                        true, &rel));
    if (rel != NULL) {
        PASS(errctx, aksl_dirname(L->project, dir, sizeof(dir)));
        PASS(errctx, aksl_path_join(joined, sizeof(joined), dir, json_string_value(rel)));
        PASS(errctx, akerr_prefix_message(aksl_realpath(joined, L->filebuf),
                                          "%s: %s.externalRelPath \"%.128s\"",
                                          shown(L->project, s), L->levelpath,
                                          json_string_value(rel)));
        PASS(errctx, akgl_tilemap_read_document(L->filebuf, false, &L->external));
        L->file = L->filebuf;
        L->prefix = "";
        L->level = L->external;
        if (!json_is_object(L->level)) {
            char what[96];
            describe(L->level, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: the document is %s, wanted an LDtk level (an "
                        "object)", shown(L->file, s), what);
        }
        PASS(errctx, member(L->file, L->level, "", "identifier", W_STRING, true, false, &v));
        if (strcmp(json_string_value(v), L->identifier) != 0) {
            FAIL_RETURN(errctx, AKERR_VALUE, "%s: identifier is \"%.64s\", but the project (%s) "
                        "names this file for level \"%.64s\"", shown(L->file, s),
                        json_string_value(v), L->levelpath, L->identifier);
        }
    }
    PASS(errctx, member(L->file, L->level, L->prefix, "layerInstances", W_ARRAY, true, false,
                        layers));
    SUCCEED_RETURN(errctx);
}

/* `solid` as tokens: numbers, and names every one of which some IntGrid
 * value of the project is called. */
static akerr_ErrorContext *parse_solid(Ldtk *L, const char *solid)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    L->solid = solid;
    L->solid_all = solid == NULL || solid[0] == '\0';
    for (const char *p = solid; !L->solid_all && *p != '\0';) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        while (len > 0 && (*p == ' ' || *p == '\t')) {
            p++;
            len--;
        }
        while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t')) {
            len--;
        }
        if (len == 0 || len >= AKGL_TILEMAP_MAX_PROPERTY_NAME) {
            FAIL_RETURN(errctx, AKERR_VALUE, "%s: solid values \"%.128s\": entry %d is %s",
                        shown(L->project, s), solid, L->ntokens + 1,
                        len == 0 ? "empty" : "longer than AKGL_TILEMAP_MAX_PROPERTY_NAME");
        }
        if (L->ntokens >= AKGL_TILEMAP_MAX_SOLID_VALUES) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: solid values \"%.128s\": more than "
                        "AKGL_TILEMAP_MAX_SOLID_VALUES (%d) entries", shown(L->project, s), solid,
                        AKGL_TILEMAP_MAX_SOLID_VALUES);
        }
        SolidToken *t = &L->tokens[L->ntokens++];
        memcpy(t->name, p, len);
        t->name[len] = '\0';
        char *num_end = NULL;
        long long v = strtoll(t->name, &num_end, 10);
        t->number = t->name[0] >= '0' && t->name[0] <= '9' && *num_end == '\0';
        t->value = (json_int_t)v;
        if (t->number && (v < 1 || v > INT32_MAX)) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: solid values \"%.128s\": %s; an IntGrid "
                        "value is 1..%d", shown(L->project, s), solid, t->name, INT32_MAX);
        }
        if (!t->number) {
            bool known = false;
            char names[160] = "";
            json_t *layers = json_object_get(json_object_get(L->root, "defs"), "layers");
            for (size_t i = 0; !known && i < json_array_size(layers); i++) {
                json_t *values = json_object_get(json_array_get(layers, i), "intGridValues");
                for (size_t k = 0; !known && k < json_array_size(values); k++) {
                    const char *id =
                        json_string_value(json_object_get(json_array_get(values, k),
                                                          "identifier"));
                    known = id != NULL && strcmp(id, t->name) == 0;
                    size_t used = strlen(names);
                    if (id != NULL && used < sizeof(names) - 40) {
                        snprintf(names + used, sizeof(names) - used, "%s\"%.32s\"",
                                 used ? ", " : "", id);
                    }
                }
            }
            if (!known) {
                FAIL_RETURN(errctx, AKERR_KEY, "%s: solid values \"%.128s\": no IntGrid value "
                            "of defs.layers is called \"%s\" (they are called: %s)",
                            shown(L->project, s), solid, t->name, names[0] ? names : "none");
            }
        }
        p += len;
        while (*p == ' ' || *p == '\t') {
            p++;
        }
        if (*p == ',') {
            p++;
        }
    }
    SUCCEED_RETURN(errctx);
}

typedef struct FindIid
{
    const char *iid;
    const char *identifier;
} FindIid;

static bool iid_visit(json_t *level, const char *path, void *ctx)
{
    FindIid *f = ctx;
    (void)path;
    const char *iid = json_string_value(json_object_get(level, "iid"));
    if (iid != NULL && strcmp(iid, f->iid) == 0) {
        f->identifier = json_string_value(json_object_get(level, "identifier"));
        return f->identifier == NULL; /* go on only past a level without one */
    }
    return true;
}

static const char *const DIRECTIONS[] = {"n", "s", "e", "w", "ne", "nw", "se", "sw", "<", ">",
                                         "o"};

/* The level's world position, size and neighbours, onto the map. */
static akerr_ErrorContext *level_info(Ldtk *L, akgl_Tilemap *map)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE], p[LDTK_PATH], what[96];
    json_t *v = NULL, *list = NULL;
    json_int_t n = 0;
    akgl_TilemapLevel *info = NULL;
    void *mem = NULL;
    const char *file = L->file, *at = L->prefix;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_tilemap_alloc(map, 1, sizeof(*info), "the level", &mem));
    info = mem;
    PASS(errctx, akgl_tilemap_strdup(map, L->project, &info->project));
    PASS(errctx, akgl_tilemap_strdup(map, L->identifier, &info->identifier));
    PASS(errctx, akgl_tilemap_strdup(map, L->file, &info->file));
    if (L->solid != NULL && L->solid[0] != '\0') {
        PASS(errctx, akgl_tilemap_strdup(map, L->solid, &info->solid));
    }
    PASS(errctx, member(file, L->level, at, "iid", W_STRING, true, false, &v));
    PASS(errctx, akgl_tilemap_strdup(map, json_string_value(v), &info->iid));
    PASS(errctx, int_in(file, L->level, at, "worldX", true, 0, INT32_MIN, INT32_MAX, NULL, &n));
    info->worldx = (int)n;
    PASS(errctx, int_in(file, L->level, at, "worldY", true, 0, INT32_MIN, INT32_MAX, NULL, &n));
    info->worldy = (int)n;
    PASS(errctx, int_in(file, L->level, at, "worldDepth", false, 0, INT32_MIN, INT32_MAX, NULL,
                        &n));
    info->worlddepth = (int)n;
    info->pxwidth = L->cwid * L->grid;
    info->pxheight = L->chei * L->grid;
    PASS(errctx, int_in(file, L->level, at, "pxWid", true, 0, 1, INT32_MAX, NULL, &n));
    info->pxwidth = (int)n;
    PASS(errctx, int_in(file, L->level, at, "pxHei", true, 0, 1, INT32_MAX, NULL, &n));
    info->pxheight = (int)n;
    PASS(errctx, member(file, L->level, at, "__neighbours", W_ARRAY, false, false, &list));
    size_t count = list ? json_array_size(list) : 0;
    if (count > AKGL_TILEMAP_MAX_OBJECTS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s%s__neighbours has %zu entries, more than "
                    "AKGL_TILEMAP_MAX_OBJECTS (%d)", shown(file, s), at, at[0] ? "." : "", count,
                    AKGL_TILEMAP_MAX_OBJECTS);
    }
    if (count > 0) {
        PASS(errctx, akgl_tilemap_alloc(map, count, sizeof(akgl_TilemapNeighbour),
                                        "the level's neighbours", &mem));
        info->neighbours = mem;
    }
    for (size_t i = 0; i < count; i++) {
        json_t *nj = json_array_get(list, i), *iid = NULL, *dir = NULL;
        json_path(p, "%s%s__neighbours[%zu]", at, at[0] ? "." : "", i);
        if (!json_is_object(nj)) {
            describe(nj, what, sizeof(what));
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: %s is %s, wanted an object", shown(file, s), p,
                        what);
        }
        PASS(errctx, member(file, nj, p, "levelIid", W_STRING, true, false, &iid));
        PASS(errctx, member(file, nj, p, "dir", W_STRING, true, false, &dir));
        int d = -1;
        for (int k = 0; k < (int)SDL_arraysize(DIRECTIONS); k++) {
            if (strcmp(json_string_value(dir), DIRECTIONS[k]) == 0) {
                d = k;
            }
        }
        if (d < 0) {
            FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s.dir is \"%.16s\"; LDtk's directions are n, "
                        "s, e, w, ne, nw, se, sw, < (below), > (above) and o (overlapping)",
                        shown(file, s), p, json_string_value(dir));
        }
        FindIid f = {json_string_value(iid), NULL};
        each_level(L->root, iid_visit, &f);
        if (f.identifier == NULL) {
            FAIL_RETURN(errctx, AKERR_KEY, "%s: %s.levelIid is \"%.64s\", which no level of the "
                        "project has", shown(file, s), p, f.iid);
        }
        akgl_TilemapNeighbour *nb = &info->neighbours[i];
        PASS(errctx, akgl_tilemap_strdup(map, f.identifier, &nb->identifier));
        PASS(errctx, akgl_tilemap_strdup(map, f.iid, &nb->iid));
        snprintf(nb->dir, sizeof(nb->dir), "%s", DIRECTIONS[d]);
        info->nneighbours = (int)i + 1;
    }
    map->level = info;
    SUCCEED_RETURN(errctx);
}

/* The Tiled document of the level. */
static akerr_ErrorContext *translate(Ldtk *L)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    json_t *layers = NULL, *v = NULL;
    json_int_t pw = 0, ph = 0;
    akgl_TilemapBudget budget;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_tilemap_get_budget(&budget));
    L->max_cells = budget.max_cells;
    PASS(errctx, open_layers(L, &layers));
    PASS(errctx, int_in(L->file, L->level, L->prefix, "pxWid", true, 0, 1, INT32_MAX, NULL, &pw));
    PASS(errctx, int_in(L->file, L->level, L->prefix, "pxHei", true, 0, 1, INT32_MAX, NULL, &ph));
    PASS(errctx, level_grid(L, layers, pw, ph));
    L->doc = json_object();
    if (L->doc == NULL) {
        PASS(errctx, no_memory(L->file, "the map"));
    }
    L->nextgid = 1;
    PASS(errctx, put(L, L->doc, "type", json_string("map")));
    PASS(errctx, put(L, L->doc, "orientation", json_string("orthogonal")));
    PASS(errctx, put(L, L->doc, "width", json_integer(L->cwid)));
    PASS(errctx, put(L, L->doc, "height", json_integer(L->chei)));
    PASS(errctx, put(L, L->doc, "tilewidth", json_integer(L->grid)));
    PASS(errctx, put(L, L->doc, "tileheight", json_integer(L->grid)));
    PASS(errctx, member(L->file, L->level, L->prefix, "__bgColor", W_STRING, false, true, &v));
    if (v != NULL) {
        PASS(errctx, put(L, L->doc, "backgroundcolor", json_incref(v)));
    }
    PASS(errctx, fields(L, L->level, L->prefix, L->doc, NULL));
    PASS(errctx, put_array(L, L->doc, "tilesets", &L->doc_tilesets));
    PASS(errctx, put_array(L, L->doc, "layers", &L->doc_layers));
    if (json_array_size(layers) > AKGL_TILEMAP_MAX_LAYERS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s%slayerInstances has %zu layers, more than "
                    "AKGL_TILEMAP_MAX_LAYERS (%d)", shown(L->file, s), L->prefix,
                    L->prefix[0] ? "." : "", json_array_size(layers), AKGL_TILEMAP_MAX_LAYERS);
    }
    PASS(errctx, translate_layers(L, layers));
    SUCCEED_RETURN(errctx);
}

/* The IntGrid values and solid cells onto the built model's layers. */
static akerr_ErrorContext *attach_grids(Ldtk *L, akgl_Tilemap *map)
{
    void *mem = NULL;
    PREPARE_ERROR(errctx);
    size_t n = (size_t)L->cwid * (size_t)L->chei;
    for (int i = 0; i < L->ngrids; i++) {
        akgl_TilemapLayer *l = &map->layers[L->grids[i].layer];
        PASS(errctx, akgl_tilemap_alloc(map, n, sizeof(int32_t), "IntGrid values", &mem));
        memcpy(mem, L->grids[i].values, n * sizeof(int32_t));
        l->intgrid = mem;
        PASS(errctx, akgl_tilemap_alloc(map, n, 1, "IntGrid solid cells", &mem));
        memcpy(mem, L->grids[i].solid, n);
        l->solid = mem;
    }
    SUCCEED_RETURN(errctx);
}

/* Frees the reader and every document it holds. */
static void ldtk_free(Ldtk *L)
{
    for (int i = 0; i < L->ngrids; i++) {
        free(L->grids[i].values);
        free(L->grids[i].solid);
    }
    if (L->doc != NULL) {
        json_decref(L->doc);
    }
    if (L->external != NULL) {
        json_decref(L->external);
    }
    if (L->root != NULL) {
        json_decref(L->root);
    }
    free(L);
}

akerr_ErrorContext *akgl_tilemap_load_ldtk(const char *filename, const char *level,
                                           const char *solid, akgl_Tilemap **dest)
{
    char real[AKGL_MAX_STRING_LENGTH], key[AKGL_MAX_STRING_LENGTH];
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    void *found = NULL;
    akgl_Tilemap *map = NULL;
    Ldtk *L = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "akgl_tilemap_load_ldtk: NULL filename");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_load_ldtk: NULL destination");
    if (strlen(filename) >= sizeof(real)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "akgl_tilemap_load_ldtk: the path is %zu bytes "
                    "(limit %zu)", strlen(filename), sizeof(real) - 1);
    }
    PASS(errctx, akerr_prefix_message(aksl_realpath(filename, real), "akgl_tilemap_load_ldtk: "
                                      "project"));
    L = calloc(1, sizeof(*L));
    FAIL_ZERO_RETURN(errctx, L, ENOMEM, "%s: out of memory for the LDtk reader",
                     shown(real, s));
    L->project = real;
    L->file = real;
    L->prefix = "";
    ATTEMPT {
        CATCH(errctx, akgl_tilemap_read_document(real, false, &L->root));
        CATCH(errctx, find_level(L, level));
        if ((size_t)snprintf(key, sizeof(key), "%s#%s", real, L->identifier) >= sizeof(key)) {
            FAIL_BREAK(errctx, AKERR_OUTOFBOUNDS, "%s: the project's path and level \"%.64s\" "
                       "make a map name longer than %zu bytes", shown(real, s), L->identifier,
                       sizeof(key) - 1);
        }
        CATCH(errctx, akgl_registry_get(AKGL_REGISTRY_TILEMAP, "tilemap", key, &found));
        if (found == NULL) {
            CATCH(errctx, parse_solid(L, solid));
            CATCH(errctx, translate(L));
            CATCH(errctx, akgl_json_error_in_file(akgl_heap_next_tilemap(&map), real));
            memcpy(map->path, key, strlen(key) + 1);
            CATCH(errctx, akgl_tilemap_build(map, L->doc));
            CATCH(errctx, akgl_json_error_in_file(attach_grids(L, map), real));
            CATCH(errctx, level_info(L, map));
            CATCH(errctx, akgl_json_error_in_file(akgl_registry_add(AKGL_REGISTRY_TILEMAP,
                                                                    "tilemap", map->path, map),
                                                  real));
            akgl_watch_note(AKGL_WATCH_MAP_LDTK, real, NULL);
            if (L->file != real) {
                akgl_watch_note(AKGL_WATCH_MAP_LDTK, L->file, NULL); /* the .ldtkl */
            }
        }
    } CLEANUP {
        ldtk_free(L);
    } PROCESS(errctx) {
        if (map != NULL) {
            IGNORE(akgl_heap_release_tilemap(map));
        }
    } FINISH(errctx, true);
    if (found != NULL) {
        map = found;
        map->refcount++; /* the caller's reference */
    }
    *dest = map;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_ldtk_build_scratch(const akgl_Tilemap *map,
                                                    akgl_Tilemap **scratch)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    akgl_Tilemap *fresh = NULL;
    Ldtk *L = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_ldtk_build_scratch: NULL map");
    FAIL_ZERO_RETURN(errctx, scratch, AKERR_NULLPOINTER,
                     "akgl_tilemap_ldtk_build_scratch: NULL destination");
    FAIL_ZERO_RETURN(errctx, map->level, AKERR_VALUE,
                     "akgl_tilemap_ldtk_build_scratch: map %s was not loaded from LDtk",
                     shown(map->path, s));
    const akgl_TilemapLevel *was = map->level;
    L = calloc(1, sizeof(*L));
    FAIL_ZERO_RETURN(errctx, L, ENOMEM, "%s: out of memory for the LDtk reader",
                     shown(was->project, s));
    L->project = was->project;
    L->file = was->project;
    L->prefix = "";
    ATTEMPT {
        CATCH(errctx, akgl_tilemap_read_document(was->project, false, &L->root));
        CATCH(errctx, find_level(L, was->identifier));
        CATCH(errctx, parse_solid(L, was->solid));
        CATCH(errctx, translate(L));
        CATCH(errctx, akgl_json_error_in_file(akgl_heap_next_tilemap(&fresh), was->project));
        memcpy(fresh->path, map->path, sizeof(fresh->path));
        CATCH(errctx, akgl_tilemap_build(fresh, L->doc));
        CATCH(errctx, akgl_json_error_in_file(attach_grids(L, fresh), was->project));
        CATCH(errctx, level_info(L, fresh));
        /* A level saved apart since is watched from now on. */
        akgl_watch_note(AKGL_WATCH_MAP_LDTK, L->file, NULL);
    } CLEANUP {
        ldtk_free(L);
    } PROCESS(errctx) {
        if (fresh != NULL) {
            IGNORE(akgl_heap_release_tilemap(fresh)); /* never registered: nothing else goes */
        }
    } FINISH(errctx, true);
    *scratch = fresh;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Queries, and the loader that chooses                                     */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_tilemap_level(const akgl_Tilemap *map, const akgl_TilemapLevel **dest)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_level: NULL map");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tilemap_level: NULL destination");
    if (map->level == NULL) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_tilemap_level: map %s was not loaded from LDtk: "
                    "it has no world", shown(map->path, s));
    }
    *dest = map->level;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_intgrid_at(const akgl_Tilemap *map, int layer, int x, int y,
                                            int *value)
{
    char s[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, map, AKERR_NULLPOINTER, "akgl_tilemap_intgrid_at: NULL map");
    FAIL_ZERO_RETURN(errctx, value, AKERR_NULLPOINTER, "akgl_tilemap_intgrid_at: NULL "
                     "destination");
    if (layer < 0 || layer >= map->nlayers) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "akgl_tilemap_intgrid_at: map %s: layer %d is "
                    "outside 0..%d", shown(map->path, s), layer, map->nlayers - 1);
    }
    const akgl_TilemapLayer *l = &map->layers[layer];
    if (l->intgrid == NULL) {
        FAIL_RETURN(errctx, AKERR_TYPE, "akgl_tilemap_intgrid_at: map %s: layer %d (\"%s\") is "
                    "not an LDtk IntGrid layer", shown(map->path, s), layer, l->name);
    }
    if (x < l->x0 || y < l->y0 || x - l->x0 >= l->width || y - l->y0 >= l->height) {
        *value = 0;
        SUCCEED_RETURN(errctx);
    }
    *value = l->intgrid[(size_t)(y - l->y0) * (size_t)l->width + (size_t)(x - l->x0)];
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_load(const char *filename, akgl_Tilemap **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "akgl_tilemap_load: NULL filename");
    const char *dot = strrchr(filename, '.');
    if (dot != NULL && SDL_strcasecmp(dot, ".ldtk") == 0) {
        PASS(errctx, akgl_tilemap_load_ldtk(filename, NULL, NULL, dest));
    } else if (dot != NULL && SDL_strcasecmp(dot, ".tmx") == 0) {
        PASS(errctx, akgl_tilemap_load_tmx(filename, dest));
    } else {
        PASS(errctx, akgl_tilemap_load_json(filename, dest));
    }
    SUCCEED_RETURN(errctx);
}
