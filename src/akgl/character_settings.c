/*
 * Actor settings from data: the per-actor fields a character file may give
 * ("hitbox", "layer", "immovable", ...) and the same names among a Tiled
 * object's custom properties (docs/11-characters.md, docs/07-tilemaps.md).
 * Both front ends turn their value into one Value and go through one check,
 * so a key and a property of one name take the same types and ranges.
 * Layer: assets (beside the character loader).
 */
#include <akgl/character.h>

#include <akgl/json.h>
#include <akgl/limits.h>
#include <akgl/render.h>

#include "character_settings.h"
#include "json_private.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef enum FieldKind
{
    FIELD_INT,    /* an int */
    FIELD_BITS,   /* 32 bits: INT32_MIN..UINT32_MAX (Tiled's ints are signed: -1 is every bit) */
    FIELD_BOOL,   /* true or false */
    FIELD_SCALE,  /* a number, 0..AKGL_RENDER_MAX_SCALE */
    FIELD_FINITE, /* any finite number */
    FIELD_SIZE,   /* a finite number, 0 or more */
    FIELD_COLOR,  /* "#RRGGBB" or "#AARRGGBB" */
    FIELD_BLEND,  /* "blend", "add", "multiply" or "none" (akgl/render.h) */
} FieldKind;

typedef struct Field
{
    const char *name;
    FieldKind kind;
    uint32_t flag;
} Field;

/* The names, in the order docs/11-characters.md lists them. */
static const Field fields[] = {
    {"hitbox.x", FIELD_FINITE, AKGL_ACTOR_SETTING_HITBOX_X},
    {"hitbox.y", FIELD_FINITE, AKGL_ACTOR_SETTING_HITBOX_Y},
    {"hitbox.w", FIELD_SIZE, AKGL_ACTOR_SETTING_HITBOX_W},
    {"hitbox.h", FIELD_SIZE, AKGL_ACTOR_SETTING_HITBOX_H},
    {"immovable", FIELD_BOOL, AKGL_ACTOR_SETTING_IMMOVABLE},
    {"layer", FIELD_INT, AKGL_ACTOR_SETTING_LAYER},
    {"collision_layers", FIELD_BITS, AKGL_ACTOR_SETTING_COLLISION_LAYERS},
    {"collision_mask", FIELD_BITS, AKGL_ACTOR_SETTING_COLLISION_MASK},
    {"scale_x", FIELD_SCALE, AKGL_ACTOR_SETTING_SCALE_X},
    {"scale_y", FIELD_SCALE, AKGL_ACTOR_SETTING_SCALE_Y},
    {"rotation", FIELD_FINITE, AKGL_ACTOR_SETTING_ROTATION},
    {"tint", FIELD_COLOR, AKGL_ACTOR_SETTING_TINT},
    {"blend", FIELD_BLEND, AKGL_ACTOR_SETTING_BLEND},
};
#define NFIELDS ((int)(sizeof(fields) / sizeof(fields[0])))

/* A value from either front end. */
typedef enum ValueType
{
    VALUE_INT,
    VALUE_FLOAT,
    VALUE_BOOL,
    VALUE_STRING,
    VALUE_OTHER,
} ValueType;

typedef struct Value
{
    ValueType type;
    long long i;
    double d;
    bool b;
    const char *s;
    char type_name[80]; /* the type and the value, as the source calls them: "a float (2.5)" */
} Value;

/* Writes what the value is into v->type_name: its type, as `type` says it, then the value. */
static void describe_value(Value *v, const char *type)
{
    switch (v->type) {
    case VALUE_INT:
        SDL_snprintf(v->type_name, sizeof(v->type_name), "%s (%lld)", type, v->i);
        break;
    case VALUE_FLOAT:
        SDL_snprintf(v->type_name, sizeof(v->type_name), "%s (%g)", type, v->d);
        break;
    case VALUE_BOOL:
        SDL_snprintf(v->type_name, sizeof(v->type_name), "%s (%s)", type, v->b ? "true" : "false");
        break;
    case VALUE_STRING:
        SDL_snprintf(v->type_name, sizeof(v->type_name), "%s (\"%.32s\")", type, v->s);
        break;
    default:
        SDL_snprintf(v->type_name, sizeof(v->type_name), "%s", type);
        break;
    }
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/* "#RRGGBB" or "#AARRGGBB" (Tiled's colour properties). */
static bool parse_color(const char *s, SDL_Color *dest)
{
    size_t len = strlen(s);
    uint8_t bytes[4];
    if (s[0] != '#' || (len != 7 && len != 9)) {
        return false;
    }
    int n = (int)(len - 1) / 2;
    for (int i = 0; i < n; i++) {
        int hi = hex_digit(s[1 + 2 * i]), lo = hex_digit(s[2 + 2 * i]);
        if (hi < 0 || lo < 0) {
            return false;
        }
        bytes[i] = (uint8_t)(hi * 16 + lo);
    }
    if (n == 3) {
        *dest = (SDL_Color){bytes[0], bytes[1], bytes[2], 255};
    } else {
        *dest = (SDL_Color){bytes[1], bytes[2], bytes[3], bytes[0]};
    }
    return true;
}

/* A number's value, for the kinds that take any number. */
static bool numeric(const Value *v, double *d)
{
    if (v->type == VALUE_INT) {
        *d = (double)v->i;
        return true;
    }
    if (v->type == VALUE_FLOAT) {
        *d = v->d;
        return true;
    }
    return false;
}

/* Checks `v` against the field and stores it; `what` is "key" or "property". */
static akerr_ErrorContext *store(const Field *f, const Value *v, const char *what,
                                 akgl_ActorSettings *s)
{
    double d = 0.0;
    PREPARE_ERROR(errctx);
    switch (f->kind) {
    case FIELD_INT:
    case FIELD_BITS: {
        FAIL_NONZERO_RETURN(errctx, v->type != VALUE_INT, AKERR_TYPE,
                            "%s \"%s\" must be an integer, not %s", what, f->name, v->type_name);
        long long lo = f->kind == FIELD_INT ? INT_MIN : INT32_MIN;
        long long hi = f->kind == FIELD_INT ? INT_MAX : UINT32_MAX;
        FAIL_NONZERO_RETURN(errctx, v->i < lo || v->i > hi, AKERR_OUTOFBOUNDS,
                            "%s \"%s\" is %lld; it must be %lld..%lld%s", what, f->name, v->i, lo,
                            hi, f->kind == FIELD_BITS ? " (32 layer bits; -1 is every layer)" : "");
        if (f->kind == FIELD_INT) {
            s->layer = (int)v->i;
        } else {
            uint32_t bits = (uint32_t)(v->i < 0 ? (uint32_t)(int32_t)v->i : (uint32_t)v->i);
            if (f->flag == AKGL_ACTOR_SETTING_COLLISION_LAYERS) {
                s->collision_layers = bits;
            } else {
                s->collision_mask = bits;
            }
        }
        break;
    }
    case FIELD_BOOL:
        FAIL_NONZERO_RETURN(errctx, v->type != VALUE_BOOL, AKERR_TYPE,
                            "%s \"%s\" must be true or false, not %s", what, f->name,
                            v->type_name);
        s->immovable = v->b;
        break;
    case FIELD_COLOR:
        FAIL_NONZERO_RETURN(errctx, v->type != VALUE_STRING, AKERR_TYPE,
                            "%s \"%s\" must be a colour string (\"#RRGGBB\" or \"#AARRGGBB\"), "
                            "not %s", what, f->name, v->type_name);
        FAIL_ZERO_RETURN(errctx, parse_color(v->s, &s->tint), AKERR_VALUE,
                         "%s \"%s\" is \"%.32s\"; a colour is written \"#RRGGBB\" or "
                         "\"#AARRGGBB\" (hexadecimal)", what, f->name, v->s);
        break;
    case FIELD_BLEND: {
        FAIL_NONZERO_RETURN(errctx, v->type != VALUE_STRING, AKERR_TYPE,
                            "%s \"%s\" must be a blend mode's name (\"blend\", \"add\", "
                            "\"multiply\" or \"none\"), not %s", what, f->name, v->type_name);
        akerr_ErrorContext *unknown = akgl_render_blend_from_name(v->s, &s->blend);
        if (unknown != NULL) {
            RELEASE_ERROR(unknown);
            FAIL_RETURN(errctx, AKERR_VALUE,
                        "%s \"%s\" is \"%.32s\"; it must be \"blend\", \"add\", \"multiply\" "
                        "or \"none\"", what, f->name, v->s);
        }
        break;
    }
    case FIELD_SCALE:
    case FIELD_FINITE:
    case FIELD_SIZE:
        FAIL_ZERO_RETURN(errctx, numeric(v, &d), AKERR_TYPE, "%s \"%s\" must be a number, not %s",
                         what, f->name, v->type_name);
        FAIL_NONZERO_RETURN(errctx, !isfinite(d), AKERR_OUTOFBOUNDS,
                            "%s \"%s\" is %g; it must be a finite number", what, f->name, d);
        FAIL_NONZERO_RETURN(errctx, f->kind == FIELD_SCALE &&
                                        (d < 0.0 || d > (double)AKGL_RENDER_MAX_SCALE),
                            AKERR_OUTOFBOUNDS, "%s \"%s\" is %g; it must be 0..%g "
                            "(AKGL_RENDER_MAX_SCALE)", what, f->name, d,
                            (double)AKGL_RENDER_MAX_SCALE);
        FAIL_NONZERO_RETURN(errctx, f->kind == FIELD_SIZE && d < 0.0, AKERR_OUTOFBOUNDS,
                            "%s \"%s\" is %g; it must be 0 or more", what, f->name, d);
        FAIL_NONZERO_RETURN(errctx, fabs(d) > (double)FLT_MAX, AKERR_OUTOFBOUNDS,
                            "%s \"%s\" is %g; it must be within a float's range", what, f->name,
                            d);
        switch (f->flag) {
        case AKGL_ACTOR_SETTING_HITBOX_X: s->hitbox.x = (float)d; break;
        case AKGL_ACTOR_SETTING_HITBOX_Y: s->hitbox.y = (float)d; break;
        case AKGL_ACTOR_SETTING_HITBOX_W: s->hitbox.w = (float)d; break;
        case AKGL_ACTOR_SETTING_HITBOX_H: s->hitbox.h = (float)d; break;
        case AKGL_ACTOR_SETTING_SCALE_X: s->scale_x = (float)d; break;
        case AKGL_ACTOR_SETTING_SCALE_Y: s->scale_y = (float)d; break;
        default: s->rotation = (float)d; break;
        }
        break;
    }
    s->given |= f->flag;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The character file                                                       */
/* ------------------------------------------------------------------------ */

static Value json_value(json_t *j)
{
    Value v = {VALUE_OTHER, 0, 0.0, false, NULL, ""};
    if (json_is_integer(j)) {
        v.type = VALUE_INT;
        v.i = (long long)json_integer_value(j);
    } else if (json_is_real(j)) {
        v.type = VALUE_FLOAT;
        v.d = json_real_value(j);
    } else if (json_is_boolean(j)) {
        v.type = VALUE_BOOL;
        v.b = json_is_true(j);
    } else if (json_is_string(j)) {
        v.type = VALUE_STRING;
        v.s = json_string_value(j);
    }
    describe_value(&v, akgl_json_type_name(j));
    return v;
}

akerr_ErrorContext *akgl_actor_settings_from_json(json_t *root, akgl_ActorSettings *dest)
{
    akgl_ActorSettings s = *dest;
    PREPARE_ERROR(errctx);
    json_t *hitbox = json_object_get(root, "hitbox");
    if (hitbox != NULL) {
        FAIL_ZERO_RETURN(errctx, json_is_object(hitbox), AKERR_TYPE,
                         "key \"hitbox\" must be an object {\"x\", \"y\", \"w\", \"h\"}, not %s",
                         akgl_json_type_name(hitbox));
        static const char *const members[4] = {"x", "y", "w", "h"};
        for (int i = 0; i < 4; i++) {
            json_t *m = json_object_get(hitbox, members[i]);
            FAIL_ZERO_RETURN(errctx, m, AKERR_KEY, "key \"hitbox\" has no \"%s\" (it needs \"x\", "
                             "\"y\", \"w\" and \"h\")", members[i]);
            Value v = json_value(m);
            PASS(errctx, store(&fields[i], &v, "key", &s));
        }
    }
    for (int i = 4; i < NFIELDS; i++) {
        json_t *j = json_object_get(root, fields[i].name);
        if (j != NULL) {
            Value v = json_value(j);
            PASS(errctx, store(&fields[i], &v, "key", &s));
        }
    }
    *dest = s;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* A map object's properties                                                */
/* ------------------------------------------------------------------------ */

/* Whether `a` and `b` are the same but for case and the separators _ . - and space. */
static bool same_loosely(const char *a, const char *b)
{
    for (;;) {
        while (*a == '_' || *a == '.' || *a == '-' || *a == ' ') {
            a++;
        }
        while (*b == '_' || *b == '.' || *b == '-' || *b == ' ') {
            b++;
        }
        if (*a == '\0' || *b == '\0') {
            return *a == *b;
        }
        if (SDL_tolower((unsigned char)*a) != SDL_tolower((unsigned char)*b)) {
            return false;
        }
        a++;
        b++;
    }
}

/* Whether `a` becomes `b` by one insertion, deletion, substitution or swap. */
static bool one_edit(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > lb) {
        const char *t = a;
        a = b;
        b = t;
        size_t tl = la;
        la = lb;
        lb = tl;
    }
    if (lb - la > 1) {
        return false;
    }
    size_t i = 0;
    while (i < la && a[i] == b[i]) {
        i++;
    }
    if (i == la) {
        return true; /* equal, or one appended */
    }
    if (la == lb) {
        if (strcmp(a + i + 1, b + i + 1) == 0) {
            return true; /* a substitution */
        }
        return i + 1 < la && a[i] == b[i + 1] && a[i + 1] == b[i] &&
               strcmp(a + i + 2, b + i + 2) == 0; /* a swap */
    }
    return strcmp(a + i, b + i + 1) == 0; /* an insertion */
}

/* The setting `name` resembles without being it, or NULL for a name of the game's own. */
static const char *resembles(const char *name)
{
    for (int i = 0; i < NFIELDS; i++) {
        if (same_loosely(name, fields[i].name) ||
            (strlen(fields[i].name) >= 8 && one_edit(name, fields[i].name))) {
            return fields[i].name;
        }
    }
    if (SDL_strncasecmp(name, "hitbox", 6) == 0) {
        return "hitbox.x";
    }
    return NULL;
}

typedef struct PropertyWalk
{
    akgl_ActorSettings settings;
    akerr_ErrorContext *error;
} PropertyWalk;

static Value property_value(SDL_PropertiesID props, const char *name)
{
    Value v = {VALUE_OTHER, 0, 0.0, false, NULL, ""};
    const char *type = "a pointer";
    switch (SDL_GetPropertyType(props, name)) {
    case SDL_PROPERTY_TYPE_NUMBER:
        v.type = VALUE_INT;
        v.i = (long long)SDL_GetNumberProperty(props, name, 0);
        type = "an int";
        break;
    case SDL_PROPERTY_TYPE_FLOAT:
        v.type = VALUE_FLOAT;
        v.d = (double)SDL_GetFloatProperty(props, name, 0.0f);
        type = "a float";
        break;
    case SDL_PROPERTY_TYPE_BOOLEAN:
        v.type = VALUE_BOOL;
        v.b = SDL_GetBooleanProperty(props, name, false);
        type = "a bool";
        break;
    case SDL_PROPERTY_TYPE_STRING:
        v.type = VALUE_STRING;
        v.s = SDL_GetStringProperty(props, name, "");
        type = "a string";
        break;
    default:
        break;
    }
    describe_value(&v, type);
    return v;
}

static void visit_property(void *userdata, SDL_PropertiesID props, const char *name)
{
    PropertyWalk *walk = userdata;
    if (walk->error != NULL || name == NULL) {
        return; /* the first problem is the one said */
    }
    for (int i = 0; i < NFIELDS; i++) {
        if (strcmp(name, fields[i].name) == 0) {
            Value v = property_value(props, name);
            walk->error = store(&fields[i], &v, "property", &walk->settings);
            return;
        }
    }
    const char *like = resembles(name);
    if (like != NULL) {
        walk->error = akerr_fail_at(NULL, AKERR_KEY, __FILE__, __func__, __LINE__,
                                    "property \"%.64s\" is not an akgl actor setting; did you "
                                    "mean \"%s\"? (names are exact: hitbox.x, hitbox.y, hitbox.w, "
                                    "hitbox.h, immovable, layer, collision_layers, collision_mask, "
                                    "scale_x, scale_y, rotation, tint, blend)", name, like);
    }
}

akerr_ErrorContext *akgl_actor_settings_from_properties(SDL_PropertiesID props,
                                                        akgl_ActorSettings *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_actor_settings_from_properties: NULL destination");
    if (props == 0) {
        SUCCEED_RETURN(errctx);
    }
    PropertyWalk walk = {*dest, NULL};
    FAIL_ZERO_RETURN(errctx, SDL_EnumerateProperties(props, visit_property, &walk), AKERR_API,
                     "akgl_actor_settings_from_properties: cannot walk the properties: %s",
                     SDL_GetError());
    PASS(errctx, walk.error);
    *dest = walk.settings;
    SUCCEED_RETURN(errctx);
}
