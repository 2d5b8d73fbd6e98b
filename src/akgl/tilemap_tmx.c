/*
 * Layer: assets.
 *
 * Tiled XML (.tmx maps, .tsx tilesets, .tx templates) -> the JSON document
 * Tiled writes for the same content, which tilemap_build.c turns into the
 * model. expat does the parsing; this file only maps its events:
 *
 *   <map a="1">                  {"type":"map", "a":1,
 *     <properties><property/>      "properties":[{"name":..,"type":..,"value":..}],
 *     <tileset/>                   "tilesets":[{...}],
 *     <layer><data>text</data>     "layers":[{"type":"tilelayer", "data":"text", ...},
 *     <objectgroup><object/>                 {"type":"objectgroup","objects":[{...}]},
 *     <imagelayer><image/>                   {"type":"imagelayer","image":..},
 *     <group>...</group>                     {"type":"group","layers":[...]}]}
 *
 * Attribute values are typed the way Tiled's JSON types them: a known set
 * of boolean attributes ("0"/"1") become booleans, a known set of text
 * attributes stay strings, and the rest become numbers when they are
 * numbers (integers as integers). A value that should be a number and is not
 * stays a string, and the builder reports it with its key. Elements akgl does
 * not use (editor settings, Wang sets, collision shapes of tiles) are skipped
 * whole. The first problem stops the parse; its message carries the file,
 * line and column.
 */
#include "tilemap_private.h"

#include "json_private.h"

#include <errno.h>
/* expat.h declares the entity-amplification setters only under XML_DTD,
 * which the library's own build defines (Debian's expat_config.h) but a
 * program including expat.h does not: the functions are there either way
 * (expat 2.4.0 on; Debian 12 has 2.5.0). */
#ifndef XML_DTD
#define XML_DTD 1
#endif
#include <expat.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XML_MAX_DEPTH 128

typedef enum Kind
{
    K_MAP,
    K_TILESET,
    K_TEMPLATE,
    K_LAYER,
    K_DATA,
    K_CHUNK,
    K_OBJECTGROUP,
    K_OBJECT,
    K_IMAGELAYER,
    K_GROUP,
    K_TILE,
    K_ANIMATION,
    K_PROPERTIES,
    K_PROPERTY,
    K_TEXT,
    K_LEAF /* accepted, nothing inside it matters */
} Kind;

typedef struct Frame
{
    Kind kind;
    json_t *obj;     /* what this element fills (borrowed from the tree) */
    json_t *members; /* K_PROPERTIES inside a class / K_PROPERTY of type class: the members */
    json_t *target;  /* K_PROPERTY: the list entry, or NULL in a class (member mode) */
    json_t *parent_members; /* K_PROPERTY in member mode: where the member goes */
    char name[256];  /* K_PROPERTY: its name; K_CHUNK/K_DATA: unused */
    char type[16];   /* K_PROPERTY: its type */
    bool has_value;  /* K_PROPERTY: a value attribute was given */
    bool tiles;      /* K_DATA/K_CHUNK: <tile> children seen */
    bool chunks;     /* K_DATA: <chunk> children seen */
    char *text;
    size_t len, cap;
} Frame;

typedef struct Xml
{
    XML_Parser parser;
    const char *path;
    json_t *root;
    Frame stack[XML_MAX_DEPTH];
    int depth;
    int skip;
    akerr_ErrorContext *error;
} Xml;

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */
/* ------------------------------------------------------------------------ */

static void stop(Xml *x, akerr_ErrorContext *e)
{
    if (e == NULL) {
        return;
    }
    if (x->error == NULL) {
        char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
        x->error = akerr_prefix_message(e, "%s:%lu:%lu", akgl_json_message_path(x->path, shown),
                                        (unsigned long)XML_GetCurrentLineNumber(x->parser),
                                        (unsigned long)XML_GetCurrentColumnNumber(x->parser) + 1);
    } else {
        IGNORE(e);
    }
    XML_StopParser(x->parser, XML_FALSE);
}

static akerr_ErrorContext *oom(void)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, ENOMEM, "out of memory building the document");
}

/* ------------------------------------------------------------------------ */
/* Attribute values                                                         */
/* ------------------------------------------------------------------------ */

static bool in_list(const char *key, const char *const *list)
{
    for (; *list != NULL; list++) {
        if (strcmp(key, *list) == 0) {
            return true;
        }
    }
    return false;
}

static const char *const BOOL_ATTRS[] = {"visible", "infinite", "repeatx", "repeaty", "locked",
                                         "wrap", "bold", "italic", "underline", "strikeout",
                                         "kerning", NULL};
static const char *const STRING_ATTRS[] = {
    "name", "type", "class", "source", "orientation", "renderorder", "encoding", "compression",
    "staggeraxis", "staggerindex", "backgroundcolor", "tintcolor", "color", "draworder",
    "objectalignment", "version", "tiledversion", "template", "propertytype", "trans",
    "transparentcolor", "fillmode", "tilerendersize", "fontfamily", "halign", "valign", "points",
    "value", "image", NULL};

/* A whole-string integer or finite number into *dest, else *dest NULL. A
 * number jansson cannot allocate is ENOMEM: taken for "not a number", the
 * text would be kept as a string and the builder would report the file's
 * "width" as a string ("8"). */
static akerr_ErrorContext *number_value(const char *s, json_t **dest)
{
    PREPARE_ERROR(errctx);
    char *end = NULL;
    *dest = NULL;
    if (s[0] == '\0') {
        SUCCEED_RETURN(errctx);
    }
    errno = 0;
    long long i = strtoll(s, &end, 10);
    if (*end == '\0' && errno == 0) {
        *dest = json_integer(i);
        if (*dest == NULL) {
            PASS(errctx, oom());
        }
        SUCCEED_RETURN(errctx);
    }
    errno = 0;
    double d = strtod(s, &end);
    if (*end == '\0' && errno == 0 && isfinite(d)) {
        *dest = json_real(d);
        if (*dest == NULL) {
            PASS(errctx, oom());
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *bool_value(const char *key, const char *s, json_t **dest)
{
    PREPARE_ERROR(errctx);
    if (strcmp(s, "1") == 0 || strcmp(s, "true") == 0) {
        *dest = json_true();
    } else if (strcmp(s, "0") == 0 || strcmp(s, "false") == 0) {
        *dest = json_false();
    } else {
        FAIL_RETURN(errctx, AKERR_FORMAT, "%s=\"%.32s\" is not a boolean (0 or 1)", key, s);
    }
    SUCCEED_RETURN(errctx);
}

/* The JSON value of attribute key="s", typed as Tiled's JSON types it. */
static akerr_ErrorContext *attr_value(const char *key, const char *s, json_t **dest)
{
    PREPARE_ERROR(errctx);
    if (in_list(key, BOOL_ATTRS)) {
        PASS(errctx, bool_value(key, s, dest));
        SUCCEED_RETURN(errctx);
    }
    json_t *v = NULL;
    if (!in_list(key, STRING_ATTRS)) {
        PASS(errctx, number_value(s, &v));
    }
    if (v == NULL) {
        v = json_string(s);
    }
    if (v == NULL) {
        /* json_string refuses text that is not UTF-8, but expat only ever
         * hands us UTF-8 (it rejects a badly encoded file itself): a NULL
         * here is jansson out of memory. */
        PASS(errctx, oom());
    }
    *dest = v;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *set(json_t *obj, const char *key, json_t *v)
{
    PREPARE_ERROR(errctx);
    if (v == NULL || json_object_set_new(obj, key, v) != 0) {
        PASS(errctx, oom());
    }
    SUCCEED_RETURN(errctx);
}

/* Every attribute of the element onto obj, renamed through `renames`
 * (pairs: xml name, json name; NULL-terminated) when listed. */
static akerr_ErrorContext *set_attrs(json_t *obj, const XML_Char **atts,
                                     const char *const *renames)
{
    PREPARE_ERROR(errctx);
    for (int i = 0; atts[i] != NULL; i += 2) {
        const char *key = atts[i];
        json_t *v = NULL;
        for (int r = 0; renames != NULL && renames[r] != NULL; r += 2) {
            if (strcmp(key, renames[r]) == 0) {
                key = renames[r + 1];
                break;
            }
        }
        PASS(errctx, attr_value(key, atts[i + 1], &v));
        PASS(errctx, set(obj, key, v));
    }
    SUCCEED_RETURN(errctx);
}

static const char *attr(const XML_Char **atts, const char *name)
{
    for (int i = 0; atts[i] != NULL; i += 2) {
        if (strcmp(atts[i], name) == 0) {
            return atts[i + 1];
        }
    }
    return NULL;
}

/* obj[key], an array created on first use. */
static akerr_ErrorContext *array_of(json_t *obj, const char *key, json_t **dest)
{
    PREPARE_ERROR(errctx);
    json_t *a = json_object_get(obj, key);
    if (a == NULL) {
        a = json_array();
        PASS(errctx, set(obj, key, a));
    }
    if (!json_is_array(a)) {
        FAIL_RETURN(errctx, AKERR_FORMAT, "an attribute \"%s\" clashes with the <%s> elements",
                    key, key);
    }
    *dest = a;
    SUCCEED_RETURN(errctx);
}

/* A new object appended to obj[key]. */
static akerr_ErrorContext *append_new(json_t *obj, const char *key, json_t **dest)
{
    json_t *a = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, array_of(obj, key, &a));
    json_t *o = json_object();
    if (o == NULL || json_array_append_new(a, o) != 0) {
        PASS(errctx, oom());
    }
    *dest = o;
    SUCCEED_RETURN(errctx);
}

/* A new object at obj[key]. */
static akerr_ErrorContext *child_new(json_t *obj, const char *key, json_t **dest)
{
    PREPARE_ERROR(errctx);
    json_t *o = json_object();
    PASS(errctx, set(obj, key, o));
    *dest = o;
    SUCCEED_RETURN(errctx);
}

/* "x,y x,y ..." -> [{"x":..,"y":..}, ...] */
static akerr_ErrorContext *parse_points(const char *s, json_t *dest)
{
    PREPARE_ERROR(errctx);
    const char *p = s;
    while (*p != '\0') {
        char *end = NULL;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            p++;
        }
        if (*p == '\0') {
            break;
        }
        double x = strtod(p, &end);
        if (end == p || *end != ',') {
            FAIL_RETURN(errctx, AKERR_FORMAT, "points=\"%.64s\": \"x,y\" pairs expected", s);
        }
        p = end + 1;
        double y = strtod(p, &end);
        if (end == p || !isfinite(x) || !isfinite(y)) {
            FAIL_RETURN(errctx, AKERR_FORMAT, "points=\"%.64s\": \"x,y\" pairs expected", s);
        }
        p = end;
        json_t *pt = json_pack("{s:f,s:f}", "x", x, "y", y);
        if (pt == NULL || json_array_append_new(dest, pt) != 0) {
            PASS(errctx, oom());
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Properties                                                               */
/* ------------------------------------------------------------------------ */

/* A property's text as its type says (Tiled's JSON types). */
static akerr_ErrorContext *typed_value(const char *name, const char *type, const char *text,
                                       json_t **dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = NULL;
    if (strcmp(type, "int") == 0 || strcmp(type, "object") == 0) {
        char *end = NULL;
        errno = 0;
        long long i = strtoll(text, &end, 10);
        if (text[0] == '\0' || *end != '\0' || errno != 0) {
            FAIL_RETURN(errctx, AKERR_FORMAT, "property \"%s\": \"%.32s\" is not an integer",
                        name, text);
        }
        v = json_integer(i);
    } else if (strcmp(type, "float") == 0) {
        char *end = NULL;
        double d = strtod(text, &end);
        if (text[0] == '\0' || *end != '\0' || !isfinite(d)) {
            FAIL_RETURN(errctx, AKERR_FORMAT, "property \"%s\": \"%.32s\" is not a number", name,
                        text);
        }
        v = json_real(d);
    } else if (strcmp(type, "bool") == 0) {
        PASS(errctx, akerr_prefix_message(bool_value("value", text, &v), "property \"%s\"",
                                          name));
    } else {
        v = json_string(text);
        if (v == NULL) {
            PASS(errctx, oom()); /* expat's text is UTF-8: see above */
        }
    }
    if (v == NULL) {
        PASS(errctx, oom());
    }
    *dest = v;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *start_property(Xml *x, Frame *parent, Frame *f, const XML_Char **atts)
{
    PREPARE_ERROR(errctx);
    const char *name = attr(atts, "name");
    const char *type = attr(atts, "type");
    const char *value = attr(atts, "value");
    const char *ptype = attr(atts, "propertytype");
    (void)x;
    f->kind = K_PROPERTY;
    snprintf(f->name, sizeof(f->name), "%s", name ? name : "");
    if (name != NULL && strlen(name) >= sizeof(f->name)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "property \"%.64s...\": the name is too long", name);
    }
    if (type != NULL && strlen(type) >= sizeof(f->type)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "property \"%s\": unknown type \"%.32s\"", f->name, type);
    }
    snprintf(f->type, sizeof(f->type), "%s", type ? type : "string");
    f->has_value = value != NULL;
    if (parent->members != NULL) {
        /* A member of a class: name -> value, the type from the XML. */
        f->parent_members = parent->members;
        if (strcmp(f->type, "class") == 0) {
            PASS(errctx, child_new(parent->members, f->name, &f->members));
        }
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, append_new(parent->obj, "properties", &f->target));
    if (name != NULL) {
        PASS(errctx, set(f->target, "name", json_string(name)));
    }
    PASS(errctx, set(f->target, "type", json_string(f->type)));
    if (ptype != NULL) {
        PASS(errctx, set(f->target, "propertytype", json_string(ptype)));
    }
    if (strcmp(f->type, "class") == 0) {
        PASS(errctx, child_new(f->target, "value", &f->members));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *end_property(Frame *f, const XML_Char *value_attr)
{
    json_t *v = NULL;
    PREPARE_ERROR(errctx);
    if (strcmp(f->type, "class") == 0) {
        SUCCEED_RETURN(errctx);
    }
    /* The value attribute, or the element's text (multi-line strings). */
    PASS(errctx, typed_value(f->name, f->type, value_attr ? value_attr : (f->text ? f->text : ""),
                             &v));
    if (f->parent_members != NULL) {
        PASS(errctx, set(f->parent_members, f->name, v));
    } else {
        PASS(errctx, set(f->target, "value", v));
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Elements                                                                 */
/* ------------------------------------------------------------------------ */

static const char *const IMAGE_RENAMES[] = {"source", "image", "width", "imagewidth",
                                            "height", "imageheight", "trans",
                                            "transparentcolor", NULL};

static akerr_ErrorContext *start_layer(Frame *parent, Frame *f, const char *el,
                                       const XML_Char **atts)
{
    static const struct { const char *el; const char *type; Kind kind; } LAYERS[] = {
        {"layer", "tilelayer", K_LAYER},
        {"objectgroup", "objectgroup", K_OBJECTGROUP},
        {"imagelayer", "imagelayer", K_IMAGELAYER},
        {"group", "group", K_GROUP},
    };
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < sizeof(LAYERS) / sizeof(LAYERS[0]); i++) {
        if (strcmp(el, LAYERS[i].el) == 0) {
            PASS(errctx, append_new(parent->obj, "layers", &f->obj));
            PASS(errctx, set(f->obj, "type", json_string(LAYERS[i].type)));
            PASS(errctx, set_attrs(f->obj, atts, NULL));
            f->kind = LAYERS[i].kind;
            SUCCEED_RETURN(errctx);
        }
    }
    f->kind = K_LEAF;
    f->obj = NULL;
    SUCCEED_RETURN(errctx);
}

static bool is_layer(const char *el)
{
    return strcmp(el, "layer") == 0 || strcmp(el, "objectgroup") == 0 ||
           strcmp(el, "imagelayer") == 0 || strcmp(el, "group") == 0;
}

/* A <tile gid=".."/> of the deprecated XML cell format. */
static akerr_ErrorContext *xml_cell(json_t *holder, const XML_Char **atts)
{
    json_t *a = NULL;
    json_t *v = NULL;
    PREPARE_ERROR(errctx);
    const char *gid = attr(atts, "gid");
    PASS(errctx, array_of(holder, "data", &a));
    if (gid == NULL) {
        v = json_integer(0);
    } else {
        PASS(errctx, number_value(gid, &v));
        if (v == NULL) {
            v = json_string(gid); /* the builder names it */
        }
    }
    if (v == NULL || json_array_append_new(a, v) != 0) {
        PASS(errctx, oom());
    }
    SUCCEED_RETURN(errctx);
}

/* Decides what element `el` is under `parent` and sets frame f up; f->kind
 * stays K_LEAF with skip_subtree set for what is ignored. */
static akerr_ErrorContext *start_element(Xml *x, Frame *parent, Frame *f, const char *el,
                                         const XML_Char **atts, bool *skip_subtree)
{
    PREPARE_ERROR(errctx);
    f->kind = K_LEAF;
    f->obj = parent ? parent->obj : NULL;
    *skip_subtree = false;

    if (parent == NULL) {
        static const struct { const char *el; const char *type; Kind kind; } ROOTS[] = {
            {"map", "map", K_MAP}, {"tileset", "tileset", K_TILESET},
            {"template", "template", K_TEMPLATE}};
        for (size_t i = 0; i < sizeof(ROOTS) / sizeof(ROOTS[0]); i++) {
            if (strcmp(el, ROOTS[i].el) == 0) {
                x->root = json_object();
                f->obj = x->root;
                PASS(errctx, set(f->obj, "type", json_string(ROOTS[i].type)));
                PASS(errctx, set_attrs(f->obj, atts, NULL));
                f->kind = ROOTS[i].kind;
                SUCCEED_RETURN(errctx);
            }
        }
        FAIL_RETURN(errctx, AKERR_VALUE, "the root element <%.32s> is not <map>, <tileset> or "
                    "<template>", el);
    }

    if (strcmp(el, "properties") == 0 &&
        (parent->kind == K_MAP || parent->kind == K_TILESET || parent->kind == K_TILE ||
         parent->kind == K_LAYER || parent->kind == K_OBJECTGROUP ||
         parent->kind == K_IMAGELAYER || parent->kind == K_GROUP || parent->kind == K_OBJECT ||
         parent->kind == K_PROPERTY)) {
        f->kind = K_PROPERTIES;
        f->members = parent->kind == K_PROPERTY ? parent->members : NULL;
        if (parent->kind == K_PROPERTY && f->members == NULL) {
            *skip_subtree = true; /* members of a property that is not a class */
        }
        SUCCEED_RETURN(errctx);
    }

    switch (parent->kind) {
    case K_MAP:
    case K_GROUP:
        if (parent->kind == K_MAP && strcmp(el, "tileset") == 0) {
            PASS(errctx, append_new(parent->obj, "tilesets", &f->obj));
            PASS(errctx, set_attrs(f->obj, atts, NULL));
            f->kind = K_TILESET;
        } else if (is_layer(el)) {
            PASS(errctx, start_layer(parent, f, el, atts));
        } else {
            *skip_subtree = true;
        }
        break;
    case K_TEMPLATE:
        if (strcmp(el, "tileset") == 0) {
            PASS(errctx, child_new(parent->obj, "tileset", &f->obj));
            PASS(errctx, set_attrs(f->obj, atts, NULL));
            f->kind = K_TILESET;
        } else if (strcmp(el, "object") == 0) {
            PASS(errctx, child_new(parent->obj, "object", &f->obj));
            PASS(errctx, set_attrs(f->obj, atts, NULL));
            f->kind = K_OBJECT;
        } else {
            *skip_subtree = true;
        }
        break;
    case K_TILESET:
        if (strcmp(el, "image") == 0) {
            PASS(errctx, set_attrs(parent->obj, atts, IMAGE_RENAMES));
            *skip_subtree = true; /* an embedded <data> image is not supported: no source */
        } else if (strcmp(el, "tileoffset") == 0) {
            json_t *o = NULL;
            PASS(errctx, child_new(parent->obj, "tileoffset", &o));
            PASS(errctx, set_attrs(o, atts, NULL));
        } else if (strcmp(el, "tile") == 0) {
            PASS(errctx, append_new(parent->obj, "tiles", &f->obj));
            PASS(errctx, set_attrs(f->obj, atts, NULL));
            f->kind = K_TILE;
        } else {
            *skip_subtree = true; /* grid, wangsets, terraintypes, transformations */
        }
        break;
    case K_TILE:
        if (strcmp(el, "image") == 0) {
            PASS(errctx, set_attrs(parent->obj, atts, IMAGE_RENAMES));
            *skip_subtree = true;
        } else if (strcmp(el, "animation") == 0) {
            PASS(errctx, array_of(parent->obj, "animation", &f->obj));
            f->kind = K_ANIMATION;
        } else {
            *skip_subtree = true; /* objectgroup: collision shapes */
        }
        break;
    case K_ANIMATION:
        if (strcmp(el, "frame") == 0) {
            json_t *o = json_object();
            if (o == NULL || json_array_append_new(parent->obj, o) != 0) {
                PASS(errctx, oom());
            }
            PASS(errctx, set_attrs(o, atts, NULL));
        } else {
            *skip_subtree = true;
        }
        break;
    case K_LAYER:
        if (strcmp(el, "data") == 0) {
            PASS(errctx, set_attrs(parent->obj, atts, NULL));
            f->kind = K_DATA;
        } else {
            *skip_subtree = true;
        }
        break;
    case K_DATA:
        if (strcmp(el, "chunk") == 0) {
            PASS(errctx, append_new(parent->obj, "chunks", &f->obj));
            PASS(errctx, set_attrs(f->obj, atts, NULL));
            f->kind = K_CHUNK;
            parent->chunks = true;
        } else if (strcmp(el, "tile") == 0) {
            PASS(errctx, xml_cell(parent->obj, atts));
            parent->tiles = true;
        } else {
            *skip_subtree = true;
        }
        break;
    case K_CHUNK:
        if (strcmp(el, "tile") == 0) {
            PASS(errctx, xml_cell(parent->obj, atts));
            parent->tiles = true;
        } else {
            *skip_subtree = true;
        }
        break;
    case K_OBJECTGROUP:
        if (strcmp(el, "object") == 0) {
            PASS(errctx, append_new(parent->obj, "objects", &f->obj));
            PASS(errctx, set_attrs(f->obj, atts, NULL));
            f->kind = K_OBJECT;
        } else {
            *skip_subtree = true;
        }
        break;
    case K_OBJECT:
        if (strcmp(el, "ellipse") == 0 || strcmp(el, "point") == 0) {
            PASS(errctx, set(parent->obj, el, json_true()));
        } else if (strcmp(el, "polygon") == 0 || strcmp(el, "polyline") == 0) {
            json_t *a = json_array();
            PASS(errctx, set(parent->obj, el, a));
            PASS(errctx, parse_points(attr(atts, "points") ? attr(atts, "points") : "", a));
        } else if (strcmp(el, "text") == 0) {
            f->kind = K_TEXT;
        } else {
            *skip_subtree = true;
        }
        break;
    case K_IMAGELAYER:
        if (strcmp(el, "image") == 0) {
            PASS(errctx, set_attrs(parent->obj, atts, IMAGE_RENAMES));
        }
        *skip_subtree = true;
        break;
    case K_PROPERTIES:
        if (strcmp(el, "property") == 0) {
            PASS(errctx, start_property(x, parent, f, atts));
        } else {
            *skip_subtree = true;
        }
        break;
    default:
        *skip_subtree = true;
        break;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *end_element(Xml *x, Frame *f)
{
    PREPARE_ERROR(errctx);
    (void)x;
    switch (f->kind) {
    case K_DATA:
    case K_CHUNK: {
        json_t *holder = f->obj;
        if (f->kind == K_DATA && f->chunks) {
            break;
        }
        /* The encoding is the <data>'s: on the layer object. */
        json_t *layer = f->kind == K_DATA ? f->obj : x->stack[x->depth - 2].obj;
        if (json_object_get(layer, "encoding") == NULL) {
            json_t *a = NULL;
            PASS(errctx, array_of(holder, "data", &a)); /* <tile> cells, maybe none */
        } else if (!f->tiles) {
            PASS(errctx, set(holder, "data", json_stringn(f->text ? f->text : "", f->len)));
        }
        break;
    }
    case K_PROPERTY:
        /* value attribute was kept on the frame's target (list) or not at all (member) */
        break;
    case K_TEXT: {
        json_t *o = NULL;
        PASS(errctx, child_new(f->obj, "text", &o));
        PASS(errctx, set(o, "text", json_stringn(f->text ? f->text : "", f->len)));
        break;
    }
    default:
        break;
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* expat callbacks                                                          */
/* ------------------------------------------------------------------------ */

static void XMLCALL on_start(void *ud, const XML_Char *el, const XML_Char **atts)
{
    Xml *x = ud;
    bool skip_subtree = false;
    if (x->error != NULL) {
        return;
    }
    if (x->skip > 0) {
        x->skip++;
        return;
    }
    if (x->depth >= XML_MAX_DEPTH) {
        PREPARE_ERROR(errctx);
        FAIL(errctx, AKERR_OUTOFBOUNDS, "elements nested deeper than %d", XML_MAX_DEPTH);
        stop(x, errctx);
        return;
    }
    Frame *parent = x->depth > 0 ? &x->stack[x->depth - 1] : NULL;
    Frame *f = &x->stack[x->depth];
    memset(f, 0, sizeof(*f));
    akerr_ErrorContext *e = start_element(x, parent, f, el, atts, &skip_subtree);
    if (e != NULL) {
        stop(x, akerr_prefix_message(e, "<%s>", el));
        return;
    }
    if (skip_subtree) {
        x->skip = 1;
        return;
    }
    if (f->kind == K_PROPERTY && f->has_value) {
        /* Keep the value attribute's text for the end of the element. */
        const char *v = attr(atts, "value");
        size_t len = strlen(v);
        f->text = malloc(len + 1);
        if (f->text == NULL) {
            stop(x, oom());
            return;
        }
        memcpy(f->text, v, len + 1);
        f->len = len;
        f->cap = len + 1;
    }
    x->depth++;
}

static void XMLCALL on_end(void *ud, const XML_Char *el)
{
    Xml *x = ud;
    if (x->error != NULL) {
        return;
    }
    if (x->skip > 0) {
        x->skip--;
        return;
    }
    Frame *f = &x->stack[x->depth - 1];
    akerr_ErrorContext *e = NULL;
    if (f->kind == K_PROPERTY) {
        e = end_property(f, NULL);
    } else {
        e = end_element(x, f);
    }
    free(f->text);
    f->text = NULL;
    x->depth--;
    if (e != NULL) {
        stop(x, akerr_prefix_message(e, "</%s>", el));
    }
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
    Xml *x = ud;
    if (x->error != NULL || x->skip > 0 || x->depth == 0 || len <= 0) {
        return;
    }
    Frame *f = &x->stack[x->depth - 1];
    if (f->kind != K_DATA && f->kind != K_CHUNK && f->kind != K_TEXT &&
        !(f->kind == K_PROPERTY && !f->has_value)) {
        return;
    }
    if (f->len + (size_t)len + 1 > f->cap) {
        size_t cap = f->cap ? f->cap : 256;
        while (cap < f->len + (size_t)len + 1) {
            cap *= 2;
        }
        char *grown = realloc(f->text, cap);
        if (grown == NULL) {
            stop(x, oom());
            return;
        }
        f->text = grown;
        f->cap = cap;
    }
    memcpy(f->text + f->len, s, (size_t)len);
    f->len += (size_t)len;
    f->text[f->len] = '\0';
}

akerr_ErrorContext *akgl_tilemap_xml_to_json(const char *path, const char *text, size_t len,
                                             json_t **dest)
{
    Xml x;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);

    akgl_json_message_path(path, shown);
    memset(&x, 0, sizeof(x));
    x.path = path;
    /* expat allocates through SDL's allocator, so akgl's watch (fault.c)
     * sees its failures as it sees SDL's, and the fault harness fails them. */
    static const XML_Memory_Handling_Suite sdl_memory = {SDL_malloc, SDL_realloc, SDL_free};
    x.parser = XML_ParserCreate_MM("UTF-8", &sdl_memory, NULL);
    FAIL_ZERO_RETURN(errctx, x.parser, ENOMEM, "%s: out of memory creating expat's parser",
                     shown);
    /* expat's own allowance (100 times, from 8 MiB of output on) let a 12 MB
     * file cost gigabytes. Tiled writes no entities, so a map's text expands
     * little: a tighter allowance costs real maps nothing. */
    if (!XML_SetBillionLaughsAttackProtectionMaximumAmplification(
            x.parser, AKGL_TILEMAP_XML_MAX_AMPLIFICATION) ||
        !XML_SetBillionLaughsAttackProtectionActivationThreshold(
            x.parser, AKGL_TILEMAP_XML_AMPLIFICATION_THRESHOLD)) {
        XML_ParserFree(x.parser);
        FAIL_RETURN(errctx, AKERR_API, "%s: expat refuses the entity amplification limit", shown);
    }
    XML_SetUserData(x.parser, &x);
    XML_SetElementHandler(x.parser, on_start, on_end);
    XML_SetCharacterDataHandler(x.parser, on_text);
    enum XML_Status status = XML_Parse(x.parser, text, (int)len, XML_TRUE);
    if (x.error == NULL && status != XML_STATUS_OK &&
        XML_GetErrorCode(x.parser) == XML_ERROR_NO_MEMORY) {
        /* expat's "out of memory" is ours, not the file's. */
        FAIL(errctx, ENOMEM, "%s:%lu:%lu: out of memory parsing the XML", shown,
             (unsigned long)XML_GetCurrentLineNumber(x.parser),
             (unsigned long)XML_GetCurrentColumnNumber(x.parser) + 1);
    } else if (x.error == NULL && status != XML_STATUS_OK &&
               XML_GetErrorCode(x.parser) == XML_ERROR_AMPLIFICATION_LIMIT_BREACH) {
        FAIL(errctx, AKERR_OUTOFBOUNDS, "%s:%lu:%lu: its entities expand the text more than "
             "%g times (AKGL_TILEMAP_XML_MAX_AMPLIFICATION), past the first %llu bytes "
             "(AKGL_TILEMAP_XML_AMPLIFICATION_THRESHOLD)", shown,
             (unsigned long)XML_GetCurrentLineNumber(x.parser),
             (unsigned long)XML_GetCurrentColumnNumber(x.parser) + 1,
             (double)AKGL_TILEMAP_XML_MAX_AMPLIFICATION,
             (unsigned long long)AKGL_TILEMAP_XML_AMPLIFICATION_THRESHOLD);
    } else if (x.error == NULL && status != XML_STATUS_OK) {
        FAIL(errctx, AKERR_FORMAT, "%s:%lu:%lu: malformed XML: %s", shown,
             (unsigned long)XML_GetCurrentLineNumber(x.parser),
             (unsigned long)XML_GetCurrentColumnNumber(x.parser) + 1,
             XML_ErrorString(XML_GetErrorCode(x.parser)));
    } else if (x.error != NULL) {
        errctx = x.error;
    } else if (x.root == NULL) {
        FAIL(errctx, AKERR_FORMAT, "%s: no root element", shown);
    }
    for (int i = 0; i < XML_MAX_DEPTH; i++) {
        free(x.stack[i].text);
    }
    XML_ParserFree(x.parser);
    if (errctx != NULL) {
        if (x.root != NULL) {
            json_decref(x.root);
        }
        return errctx;
    }
    *dest = x.root;
    SUCCEED_RETURN(errctx);
}
