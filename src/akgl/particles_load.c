/*
 * The emitter definition loader (akgl_emitter_def_load; the format is
 * docs/26-particles.md). The whole file is read and checked before
 * anything is claimed; the sprite reference or the image comes last, and
 * is given back if anything after it fails.
 */
#include <akgl/particles.h>

#include <akgl/image.h>
#include <akgl/json.h>
#include <akgl/render.h>
#include <akgl/registry.h>
#include <akstdlib.h>

#include "json_private.h"
#include "object.h"
#include "particles_private.h"

#include <jansson.h>
#include <string.h>

/* Every key a definition may have. */
static const char *const known_keys[] = {
    "rate", "burst", "life", "speed", "angle", "gravity", "color_start", "color_end",
    "size", "look", "sprite", "animated", "image", "blend", "layer",
};

static akerr_ErrorContext *check_keys(json_t *root)
{
    PREPARE_ERROR(errctx);
    const char *key = NULL;
    json_t *value = NULL;
    json_object_foreach(root, key, value) {
        bool known = false;
        for (size_t i = 0; i < SDL_arraysize(known_keys) && !known; i++) {
            known = strcmp(key, known_keys[i]) == 0;
        }
        FAIL_ZERO_RETURN(errctx, known, AKERR_KEY,
                         "unknown key \"%.64s\" (the keys are rate, burst, life, speed, angle, "
                         "gravity, color_start, color_end, size, look, sprite, animated, image, "
                         "blend, layer)", key);
    }
    SUCCEED_RETURN(errctx);
}

/* An optional number; *dest keeps its value when the key is absent. */
static akerr_ErrorContext *opt_number(json_t *root, const char *key, float *dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(root, key);
    if (v == NULL) {
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, json_is_number(v), AKERR_TYPE, "\"%s\" is %s; it must be a number",
                     key, akgl_json_type_name(v));
    double d = json_number_value(v);
    FAIL_NONZERO_RETURN(errctx, d > 3.4e38 || d < -3.4e38, AKERR_OUTOFBOUNDS,
                        "\"%s\" is %g; it does not fit a float", key, d);
    *dest = (float)d;
    SUCCEED_RETURN(errctx);
}

/* An optional integer within lo..hi. */
static akerr_ErrorContext *opt_int(json_t *root, const char *key, int lo, int hi, int *dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(root, key);
    if (v == NULL) {
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, json_is_integer(v), AKERR_TYPE,
                     "\"%s\" is %s; it must be an integer", key, akgl_json_type_name(v));
    json_int_t n = json_integer_value(v);
    FAIL_NONZERO_RETURN(errctx, n < lo || n > hi, AKERR_OUTOFBOUNDS,
                        "\"%s\" is %lld; it must be %d..%d", key, (long long)n, lo, hi);
    *dest = (int)n;
    SUCCEED_RETURN(errctx);
}

/*
 * A range: a number (both ends) or an array of two numbers. Required
 * unless @p optional (then *lo and *hi keep their values when absent).
 */
static akerr_ErrorContext *get_pair(json_t *root, const char *key, bool optional, float *lo,
                                    float *hi)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(root, key);
    if (v == NULL) {
        FAIL_NONZERO_RETURN(errctx, !optional, AKERR_KEY, "\"%s\" is missing; it is required",
                            key);
        SUCCEED_RETURN(errctx);
    }
    if (json_is_number(v)) {
        PASS(errctx, opt_number(root, key, lo));
        *hi = *lo;
        SUCCEED_RETURN(errctx);
    }
    FAIL_NONZERO_RETURN(errctx, !json_is_array(v) || json_array_size(v) != 2, AKERR_TYPE,
                        "\"%s\" is %s; it must be a number or an array of two numbers", key,
                        json_is_array(v) ? "an array of another length" : akgl_json_type_name(v));
    float out[2];
    for (size_t i = 0; i < 2; i++) {
        json_t *e = json_array_get(v, i);
        FAIL_ZERO_RETURN(errctx, json_is_number(e), AKERR_TYPE,
                         "\"%s\"[%zu] is %s; it must be a number", key, i,
                         akgl_json_type_name(e));
        double d = json_number_value(e);
        FAIL_NONZERO_RETURN(errctx, d > 3.4e38 || d < -3.4e38, AKERR_OUTOFBOUNDS,
                            "\"%s\"[%zu] is %g; it does not fit a float", key, i, d);
        out[i] = (float)d;
    }
    *lo = out[0];
    *hi = out[1];
    SUCCEED_RETURN(errctx);
}

/* A colour: [r, g, b] or [r, g, b, a], each an integer 0..255. */
static akerr_ErrorContext *get_color(json_t *root, const char *key, bool optional,
                                     SDL_Color *dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(root, key);
    if (v == NULL) {
        FAIL_NONZERO_RETURN(errctx, !optional, AKERR_KEY, "\"%s\" is missing; it is required",
                            key);
        SUCCEED_RETURN(errctx);
    }
    size_t n = json_is_array(v) ? json_array_size(v) : 0;
    FAIL_NONZERO_RETURN(errctx, n != 3 && n != 4, AKERR_TYPE,
                        "\"%s\" is %s; it must be an array [r, g, b] or [r, g, b, a]", key,
                        json_is_array(v) ? "an array of another length" : akgl_json_type_name(v));
    Uint8 c[4] = {0, 0, 0, 255};
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_array_get(v, i);
        FAIL_ZERO_RETURN(errctx, json_is_integer(e), AKERR_TYPE,
                         "\"%s\"[%zu] is %s; it must be an integer 0..255", key, i,
                         akgl_json_type_name(e));
        json_int_t x = json_integer_value(e);
        FAIL_NONZERO_RETURN(errctx, x < 0 || x > 255, AKERR_OUTOFBOUNDS,
                            "\"%s\"[%zu] is %lld; it must be 0..255", key, i, (long long)x);
        c[i] = (Uint8)x;
    }
    *dest = (SDL_Color){c[0], c[1], c[2], c[3]};
    SUCCEED_RETURN(errctx);
}

/* An optional string of at most @p size-1 bytes; NULL when absent. */
static akerr_ErrorContext *opt_string(json_t *root, const char *key, size_t size,
                                      const char **dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(root, key);
    *dest = NULL;
    if (v == NULL) {
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, json_is_string(v), AKERR_TYPE, "\"%s\" is %s; it must be a string",
                     key, akgl_json_type_name(v));
    size_t len = json_string_length(v);
    FAIL_NONZERO_RETURN(errctx, len == 0 || len >= size, AKERR_OUTOFBOUNDS,
                        "\"%s\" is %zu bytes long; it must be 1..%zu", key, len, size - 1);
    FAIL_NONZERO_RETURN(errctx, strlen(json_string_value(v)) != len, AKERR_VALUE,
                        "\"%s\" holds a NUL byte", key);
    *dest = json_string_value(v);
    SUCCEED_RETURN(errctx);
}

/* Everything but the look's sprite or image, read and checked. */
static akerr_ErrorContext *read_def(json_t *root, akgl_EmitterDef *def, const char **sprite,
                                    const char **image)
{
    PREPARE_ERROR(errctx);
    const char *look = NULL, *blend = NULL;
    FAIL_ZERO_RETURN(errctx, json_is_object(root), AKERR_TYPE,
                     "the top level must be a JSON object, not %s", akgl_json_type_name(root));
    PASS(errctx, check_keys(root));
    PASS(errctx, opt_number(root, "rate", &def->rate));
    PASS(errctx, opt_int(root, "burst", 0, AKGL_PARTICLES_MAX_BURST, &def->burst));
    PASS(errctx, get_pair(root, "life", false, &def->life_min, &def->life_max));
    PASS(errctx, get_pair(root, "speed", false, &def->speed_min, &def->speed_max));
    PASS(errctx, get_pair(root, "angle", false, &def->angle_min, &def->angle_max));
    PASS(errctx, get_pair(root, "gravity", true, &def->gravity_x, &def->gravity_y));
    PASS(errctx, get_color(root, "color_start", false, &def->color_start));
    def->color_end = def->color_start;
    PASS(errctx, get_color(root, "color_end", true, &def->color_end));
    PASS(errctx, get_pair(root, "size", false, &def->size_start, &def->size_end));
    PASS(errctx, opt_int(root, "layer", -AKGL_PARTICLES_MAX_LAYER, AKGL_PARTICLES_MAX_LAYER,
                         &def->layer));
    json_t *animated = json_object_get(root, "animated");
    if (animated != NULL) {
        FAIL_ZERO_RETURN(errctx, json_is_boolean(animated), AKERR_TYPE,
                         "\"animated\" is %s; it must be true or false",
                         akgl_json_type_name(animated));
        def->animated = json_is_true(animated);
    }
    PASS(errctx, opt_string(root, "blend", 16, &blend));
    if (blend != NULL) {
        /* The names are the renderer's (akgl_render_blend_from_name); the message
         * is the loader's, naming the key. */
        akerr_ErrorContext *unknown = akgl_render_blend_from_name(blend, &def->blend);
        if (unknown != NULL) {
            RELEASE_ERROR(unknown);
            FAIL_RETURN(errctx, AKERR_VALUE,
                        "\"blend\" is \"%s\"; it must be \"blend\", \"add\", \"multiply\" "
                        "or \"none\"", blend);
        }
    }
    PASS(errctx, opt_string(root, "look", 16, &look));
    PASS(errctx, opt_string(root, "sprite", AKGL_SPRITE_MAX_NAME_LENGTH, sprite));
    PASS(errctx, opt_string(root, "image", AKGL_IMAGE_MAX_PATH_LENGTH, image));
    if (look == NULL || strcmp(look, "square") == 0) {
        def->look = AKGL_PARTICLE_SQUARE;
    } else if (strcmp(look, "sprite") == 0) {
        def->look = AKGL_PARTICLE_SPRITE;
    } else if (strcmp(look, "image") == 0) {
        def->look = AKGL_PARTICLE_IMAGE;
    } else {
        FAIL_RETURN(errctx, AKERR_VALUE, "\"look\" is \"%s\"; it must be \"square\", \"sprite\" "
                    "or \"image\"", look);
    }
    FAIL_NONZERO_RETURN(errctx, def->look == AKGL_PARTICLE_SPRITE && *sprite == NULL, AKERR_KEY,
                        "\"look\" is \"sprite\" but \"sprite\" (the sprite's name) is missing");
    FAIL_NONZERO_RETURN(errctx, def->look == AKGL_PARTICLE_IMAGE && *image == NULL, AKERR_KEY,
                        "\"look\" is \"image\" but \"image\" (the PNG's path) is missing");
    FAIL_NONZERO_RETURN(errctx, def->look != AKGL_PARTICLE_SPRITE && *sprite != NULL,
                        AKERR_VALUE, "\"sprite\" is \"%s\" but \"look\" is not \"sprite\"",
                        *sprite);
    FAIL_NONZERO_RETURN(errctx, def->look != AKGL_PARTICLE_IMAGE && *image != NULL, AKERR_VALUE,
                        "\"image\" is \"%s\" but \"look\" is not \"image\"", *image);
    FAIL_NONZERO_RETURN(errctx, def->animated && def->look != AKGL_PARTICLE_SPRITE, AKERR_VALUE,
                        "\"animated\" is true but \"look\" is not \"sprite\"");
    /* The numbers, as akgl_emitter_start checks them (the look comes next). */
    akgl_EmitterDef numbers = *def;
    numbers.look = AKGL_PARTICLE_SQUARE;
    PASS(errctx, akgl_emitter_def_check(&numbers));
    SUCCEED_RETURN(errctx);
}

/* The sprite of that name, with a reference taken for the definition. */
static akerr_ErrorContext *take_sprite(const char *name, akgl_Sprite **dest)
{
    PREPARE_ERROR(errctx);
    void *found = NULL;
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", name, &found));
    FAIL_ZERO_RETURN(errctx, found, AKERR_KEY,
                     "\"sprite\" is \"%s\"; no sprite of that name is loaded "
                     "(akgl_sprite_load_json first)", name);
    akgl_Sprite *s = found;
    s->refcount++;
    *dest = s;
    SUCCEED_RETURN(errctx);
}

/* The image named beside the definition, loaded. */
static akerr_ErrorContext *load_image(const char *path, const char *name, akgl_Image **dest)
{
    char dir[AKGL_MAX_STRING_LENGTH];
    char joined[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);
    PASS(errctx, aksl_dirname(path, dir, sizeof(dir)));
    PASS(errctx, aksl_path_join(joined, sizeof(joined), dir, name));
    PASS(errctx, akgl_image_load(joined, dest));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_def_load(const char *path, akgl_EmitterDef *dest)
{
    json_t *root = NULL;
    const char *sprite = NULL, *image = NULL;
    akgl_EmitterDef def;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_emitter_def_load: NULL path");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_emitter_def_load: NULL destination");
    memset(&def, 0, sizeof(def));
    def.blend = SDL_BLENDMODE_BLEND;
    ATTEMPT {
        CATCH(errctx, akgl_json_load_file(path, &root));
        CATCH(errctx, akgl_json_error_in_file(read_def(root, &def, &sprite, &image), path));
        if (sprite != NULL) {
            CATCH(errctx, akgl_json_error_in_file(take_sprite(sprite, &def.sprite), path));
        }
        if (image != NULL) {
            CATCH(errctx, akgl_json_error_in_file(load_image(path, image, &def.image), path));
        }
        CATCH(errctx, akgl_json_error_in_file(akgl_emitter_def_check(&def), path));
        *dest = def;
        def.sprite = NULL; /* the caller holds them now */
        def.image = NULL;
    } CLEANUP {
        IGNORE(akgl_emitter_def_release(&def));
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_def_release(akgl_EmitterDef *def)
{
    akerr_ErrorContext *first = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, def, AKERR_NULLPOINTER, "akgl_emitter_def_release: NULL definition");
    if (def->sprite != NULL) {
        akgl_object_keep_first(&first, akgl_heap_release_sprite(def->sprite));
        def->sprite = NULL;
    }
    if (def->image != NULL) {
        akgl_object_keep_first(&first, akgl_heap_release_image(def->image));
        def->image = NULL;
    }
    PASS(errctx, first);
    SUCCEED_RETURN(errctx);
}
