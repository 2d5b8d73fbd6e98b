/*
 * The Aseprite JSON data file (docs/10-sprites.md, "Aseprite sheets"): its
 * frames (json-array or json-hash), tags and "hitbox" slice, read and
 * checked whole before anything is claimed; then one sheet and one sprite
 * per tag, all released again if any of them fails.
 */
#include <akgl/sprite.h>

#include "json_private.h"
#include "object.h"
#include "heap_pool.h"
#include "sprite_private.h"
#include "watch_private.h"

#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>
#include <akgl/time.h>
#include <akstdlib.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* One frame of the file, as Aseprite wrote it. */
typedef struct AseFrame
{
    SDL_Rect rect;    /* "frame": where it is on the sheet */
    SDL_Point trim;   /* "spriteSourceSize" x, y: where that sits in the frame */
    uint32_t ms;      /* "duration" */
} AseFrame;

/* One tag: a sprite to be. */
typedef struct AseTag
{
    char name[AKGL_SPRITE_MAX_NAME_LENGTH]; /* "<stem>/<tag>" */
    int from;
    int to;
    bool reverse;
    bool pingpong;
    bool once;
    SDL_FRect hitbox;
} AseTag;

typedef struct AseDoc
{
    const char *image;
    int sheet_w, sheet_h;   /* meta.size */
    int w, h;               /* every frame's sourceSize */
    int nframes;
    AseFrame frames[AKGL_SPRITE_ASEPRITE_MAX_FRAMES];
    int ntags;
    AseTag tags[AKGL_SPRITE_ASEPRITE_MAX_TAGS];
} AseDoc;

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */
/* ------------------------------------------------------------------------ */

/* An integer member, in lo..hi. */
static akerr_ErrorContext *get_int(json_t *obj, const char *key, int lo, int hi, int *dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_get_json_integer_value(obj, key, dest));
    if (*dest < lo || *dest > hi) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "\"%s\" is %d; it must be %d..%d", key, *dest,
                    lo, hi);
    }
    SUCCEED_RETURN(errctx);
}

/* A string member, borrowed from the document. */
static akerr_ErrorContext *get_str(json_t *obj, const char *key, const char **dest)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(obj, key);
    FAIL_ZERO_RETURN(errctx, v, AKERR_KEY, "required key \"%s\" is missing", key);
    FAIL_ZERO_RETURN(errctx, json_is_string(v), AKERR_TYPE, "\"%s\" must be a string, not %s",
                     key, akgl_json_type_name(v));
    *dest = json_string_value(v);
    SUCCEED_RETURN(errctx);
}

/* The object member `key` with x, y (when `xy`), w, h; w and h 1..max. */
static akerr_ErrorContext *get_rect(json_t *obj, const char *key, bool xy, int max, SDL_Rect *dest)
{
    json_t *r = NULL;
    char where[64];
    PREPARE_ERROR(errctx);
    snprintf(where, sizeof(where), "\"%s\"", key);
    PASS(errctx, akgl_get_json_object_value(obj, key, &r));
    *dest = (SDL_Rect){0, 0, 0, 0};
    if (xy) {
        PASS(errctx, akgl_json_error_in_file(get_int(r, "x", 0, max, &dest->x), where));
        PASS(errctx, akgl_json_error_in_file(get_int(r, "y", 0, max, &dest->y), where));
    }
    PASS(errctx, akgl_json_error_in_file(get_int(r, "w", 1, max, &dest->w), where));
    PASS(errctx, akgl_json_error_in_file(get_int(r, "h", 1, max, &dest->h), where));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *read_frame(json_t *f, AseDoc *doc, AseFrame *dest)
{
    SDL_Rect source, trim;
    int ms = 0;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, json_is_object(f), AKERR_TYPE, "a frame must be an object, not %s",
                     akgl_json_type_name(f));
    json_t *rotated = json_object_get(f, "rotated");
    if (rotated != NULL) {
        FAIL_ZERO_RETURN(errctx, json_is_boolean(rotated), AKERR_TYPE,
                         "\"rotated\" must be a boolean, not %s", akgl_json_type_name(rotated));
        FAIL_NONZERO_RETURN(errctx, json_is_true(rotated), AKERR_VALUE,
                            "\"rotated\" is true: akgl does not draw rotated frames; export "
                            "the sheet without rotation");
    }
    PASS(errctx, get_rect(f, "frame", true, AKGL_IMAGE_MAX_SIDE, &dest->rect));
    if (dest->rect.w > doc->sheet_w || dest->rect.h > doc->sheet_h ||
        dest->rect.x > doc->sheet_w - dest->rect.w || dest->rect.y > doc->sheet_h - dest->rect.h) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "\"frame\" %dx%d at %d,%d lies off the %dx%d sheet (\"meta\": \"size\")",
                    dest->rect.w, dest->rect.h, dest->rect.x, dest->rect.y, doc->sheet_w,
                    doc->sheet_h);
    }
    PASS(errctx, get_rect(f, "sourceSize", false, AKGL_SPRITE_MAX_SIZE, &source));
    if (doc->w == 0) {
        doc->w = source.w;
        doc->h = source.h;
    } else if (source.w != doc->w || source.h != doc->h) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "\"sourceSize\" is %dx%d but the first frame's is %dx%d: every frame of "
                    "one file must have one size", source.w, source.h, doc->w, doc->h);
    }
    PASS(errctx, get_rect(f, "spriteSourceSize", true, AKGL_SPRITE_MAX_SIZE, &trim));
    if (trim.w != dest->rect.w || trim.h != dest->rect.h || trim.x > source.w - trim.w ||
        trim.y > source.h - trim.h) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "\"spriteSourceSize\" %dx%d at %d,%d does not fit: it must be the "
                    "\"frame\"'s size (%dx%d) and lie inside \"sourceSize\" (%dx%d)", trim.w,
                    trim.h, trim.x, trim.y, dest->rect.w, dest->rect.h, source.w, source.h);
    }
    dest->trim = (SDL_Point){trim.x, trim.y};
    PASS(errctx, akgl_get_json_integer_value(f, "duration", &ms));
    if (ms < 1 || (uint64_t)ms > AKGL_SPRITE_MAX_SPEED_MS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "\"duration\" is %d ms; it must be 1..%d (a frame's time is a uint32_t of "
                    "ns)", ms, (int)AKGL_SPRITE_MAX_SPEED_MS);
    }
    dest->ms = (uint32_t)ms;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *read_frames(json_t *root, AseDoc *doc)
{
    json_t *frames = json_object_get(root, "frames");
    char where[AKGL_JSON_MAX_KEY_LENGTH + 16];
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, frames, AKERR_KEY, "required key \"frames\" is missing");
    FAIL_ZERO_RETURN(errctx, json_is_array(frames) || json_is_object(frames), AKERR_TYPE,
                     "\"frames\" must be an array (json-array) or an object (json-hash), not %s",
                     akgl_json_type_name(frames));
    size_t count = json_is_array(frames) ? json_array_size(frames) : json_object_size(frames);
    FAIL_ZERO_RETURN(errctx, count, AKERR_VALUE, "\"frames\" is empty");
    if (count > AKGL_SPRITE_ASEPRITE_MAX_FRAMES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "\"frames\" lists %zu frames; the limit is %d "
                    "(AKGL_SPRITE_ASEPRITE_MAX_FRAMES)", count, AKGL_SPRITE_ASEPRITE_MAX_FRAMES);
    }
    if (json_is_array(frames)) {
        for (size_t i = 0; i < count; i++) {
            snprintf(where, sizeof(where), "\"frames\"[%zu]", i);
            PASS(errctx, akgl_json_error_in_file(
                             read_frame(json_array_get(frames, i), doc, &doc->frames[i]), where));
        }
    } else {
        /* A json-hash lists the frames in order; jansson keeps that order. */
        const char *key = NULL;
        json_t *f = NULL;
        size_t i = 0;
        json_object_foreach(frames, key, f) {
            snprintf(where, sizeof(where), "\"frames\": \"%s\"", key);
            PASS(errctx, akgl_json_error_in_file(read_frame(f, doc, &doc->frames[i]), where));
            i++;
        }
    }
    doc->nframes = (int)count;
    SUCCEED_RETURN(errctx);
}

/* "repeat" (Aseprite 1.3): absent or 0 loops; 1 plays once; more loops too. */
static akerr_ErrorContext *read_repeat(json_t *tag, bool *once)
{
    PREPARE_ERROR(errctx);
    json_t *v = json_object_get(tag, "repeat");
    long n = 0;
    *once = false;
    if (v == NULL) {
        SUCCEED_RETURN(errctx);
    }
    if (json_is_integer(v)) {
        n = (long)json_integer_value(v);
    } else if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end = NULL;
        n = strtol(s, &end, 10);
        FAIL_NONZERO_RETURN(errctx, *s == '\0' || *end != '\0', AKERR_VALUE,
                            "\"repeat\" is \"%.32s\"; it must be a count", s);
    } else {
        FAIL_RETURN(errctx, AKERR_TYPE, "\"repeat\" must be a count (a string or an integer), "
                    "not %s", akgl_json_type_name(v));
    }
    FAIL_NONZERO_RETURN(errctx, n < 0, AKERR_VALUE, "\"repeat\" is %ld; it must be 0 or more", n);
    *once = (n == 1);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *read_tag(json_t *t, const char *stem, const AseDoc *doc, AseTag *dest)
{
    const char *name = NULL;
    const char *direction = "forward";
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, json_is_object(t), AKERR_TYPE, "a tag must be an object, not %s",
                     akgl_json_type_name(t));
    PASS(errctx, get_str(t, "name", &name));
    FAIL_ZERO_RETURN(errctx, *name, AKERR_VALUE, "\"name\" is empty");
    int len = snprintf(dest->name, sizeof(dest->name), "%s/%s", stem, name);
    if (len < 0 || (size_t)len >= sizeof(dest->name)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "sprite name \"%s/%.40s...\" is %d bytes; the limit is %d "
                    "(AKGL_SPRITE_MAX_NAME_LENGTH - 1)", stem, name, len,
                    AKGL_SPRITE_MAX_NAME_LENGTH - 1);
    }
    PASS(errctx, get_int(t, "from", 0, doc->nframes - 1, &dest->from));
    PASS(errctx, get_int(t, "to", 0, doc->nframes - 1, &dest->to));
    FAIL_NONZERO_RETURN(errctx, dest->from > dest->to, AKERR_VALUE,
                        "\"from\" is %d, after \"to\" (%d)", dest->from, dest->to);
    if (dest->to - dest->from + 1 > AKGL_SPRITE_MAX_FRAMES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "tag \"%s\" has %d frames (%d..%d); a sprite has at most %d "
                    "(AKGL_SPRITE_MAX_FRAMES)", name, dest->to - dest->from + 1, dest->from,
                    dest->to, AKGL_SPRITE_MAX_FRAMES);
    }
    if (json_object_get(t, "direction") != NULL) {
        PASS(errctx, get_str(t, "direction", &direction));
    }
    /* forward, reverse, pingpong, pingpong_reverse: two bits. */
    bool forward = strcmp(direction, "forward") == 0;
    bool reverse = strcmp(direction, "reverse") == 0;
    bool pingpong = strcmp(direction, "pingpong") == 0;
    bool pingpong_reverse = strcmp(direction, "pingpong_reverse") == 0;
    if (!forward && !reverse && !pingpong && !pingpong_reverse) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "\"direction\" is \"%.32s\"; it must be forward, reverse, pingpong or "
                    "pingpong_reverse", direction);
    }
    dest->reverse = reverse || pingpong_reverse;
    dest->pingpong = pingpong || pingpong_reverse;
    PASS(errctx, read_repeat(t, &dest->once));
    SUCCEED_RETURN(errctx);
}

/* The file's name without its directory and last extension. */
static akerr_ErrorContext *file_stem(const char *filename, char *stem, size_t size)
{
    char base[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);
    PASS(errctx, aksl_basename(filename, base, sizeof(base)));
    const char *dot = strrchr(base, '.');
    size_t len = (dot != NULL && dot != base) ? (size_t)(dot - base) : strlen(base);
    FAIL_ZERO_RETURN(errctx, len, AKERR_VALUE, "the file name has no stem to name sprites by");
    if (len >= size) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "the file's stem is %zu bytes; the limit is %zu",
                    len, size - 1);
    }
    memcpy(stem, base, len);
    stem[len] = '\0';
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *read_tags(json_t *meta, const char *stem, AseDoc *doc)
{
    char where[48];
    json_t *tags = json_object_get(meta, "frameTags");
    PREPARE_ERROR(errctx);

    if (tags == NULL || (json_is_array(tags) && json_array_size(tags) == 0)) {
        /* No tags: the whole file is one sprite, named by the stem. */
        FAIL_NONZERO_RETURN(errctx, doc->nframes > AKGL_SPRITE_MAX_FRAMES, AKERR_OUTOFBOUNDS,
                            "the file has %d frames and no tags; a sprite has at most %d "
                            "(AKGL_SPRITE_MAX_FRAMES): tag the animations", doc->nframes,
                            AKGL_SPRITE_MAX_FRAMES);
        snprintf(doc->tags[0].name, sizeof(doc->tags[0].name), "%s", stem);
        doc->tags[0].from = 0;
        doc->tags[0].to = doc->nframes - 1;
        doc->ntags = 1;
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, json_is_array(tags), AKERR_TYPE,
                     "\"frameTags\" must be an array, not %s", akgl_json_type_name(tags));
    size_t count = json_array_size(tags);
    if (count > AKGL_SPRITE_ASEPRITE_MAX_TAGS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "\"frameTags\" lists %zu tags; the limit is %d (AKGL_SPRITE_ASEPRITE_MAX_TAGS)",
                    count, AKGL_SPRITE_ASEPRITE_MAX_TAGS);
    }
    for (size_t i = 0; i < count; i++) {
        snprintf(where, sizeof(where), "\"frameTags\"[%zu]", i);
        PASS(errctx, akgl_json_error_in_file(
                         read_tag(json_array_get(tags, i), stem, doc, &doc->tags[i]), where));
        for (size_t j = 0; j < i; j++) {
            if (strcmp(doc->tags[j].name, doc->tags[i].name) == 0) {
                FAIL_RETURN(errctx, AKERR_REGISTRY,
                            "%s: tag \"%s\" is there already (\"frameTags\"[%zu])", where,
                            doc->tags[i].name + strlen(stem) + 1, j);
            }
        }
        doc->ntags = (int)i + 1;
    }
    SUCCEED_RETURN(errctx);
}

/* The "hitbox" slice's key in effect at each tag's first frame, if any. */
static akerr_ErrorContext *read_hitbox(json_t *slice, AseDoc *doc)
{
    json_t *keys = NULL;
    char where[48];
    PREPARE_ERROR(errctx);

    PASS(errctx, akgl_get_json_array_value(slice, "keys", &keys));
    for (size_t k = 0; k < json_array_size(keys); k++) {
        json_t *key = json_array_get(keys, k);
        int frame = 0;
        SDL_Rect b;
        snprintf(where, sizeof(where), "\"keys\"[%zu]", k);
        FAIL_ZERO_RETURN(errctx, json_is_object(key), AKERR_TYPE,
                         "%s: a key must be an object, not %s", where, akgl_json_type_name(key));
        PASS(errctx, akgl_json_error_in_file(get_int(key, "frame", 0, doc->nframes - 1, &frame),
                                             where));
        PASS(errctx, akgl_json_error_in_file(get_rect(key, "bounds", true, AKGL_SPRITE_MAX_SIZE,
                                                      &b), where));
        if (b.x > doc->w - b.w || b.y > doc->h - b.h) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "%s: \"bounds\" %dx%d at %d,%d lies outside the %dx%d frame", where, b.w,
                        b.h, b.x, b.y, doc->w, doc->h);
        }
        /* A key holds from its frame on: the last key at or before a tag's
         * first frame is the one it starts with (keys come in frame order). */
        for (int t = 0; t < doc->ntags; t++) {
            if (frame <= doc->tags[t].from) {
                doc->tags[t].hitbox = (SDL_FRect){(float)b.x, (float)b.y, (float)b.w, (float)b.h};
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *read_slices(json_t *meta, AseDoc *doc)
{
    char where[48];
    json_t *slices = json_object_get(meta, "slices");
    PREPARE_ERROR(errctx);

    if (slices == NULL) {
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, json_is_array(slices), AKERR_TYPE,
                     "\"slices\" must be an array, not %s", akgl_json_type_name(slices));
    for (size_t i = 0; i < json_array_size(slices); i++) {
        json_t *slice = json_array_get(slices, i);
        const char *name = NULL;
        snprintf(where, sizeof(where), "\"slices\"[%zu]", i);
        FAIL_ZERO_RETURN(errctx, json_is_object(slice), AKERR_TYPE,
                         "%s: a slice must be an object, not %s", where,
                         akgl_json_type_name(slice));
        PASS(errctx, akgl_json_error_in_file(get_str(slice, "name", &name), where));
        if (strcmp(name, "hitbox") == 0) {
            PASS(errctx, akgl_json_error_in_file(read_hitbox(slice, doc), where));
        }
    }
    SUCCEED_RETURN(errctx);
}

/* @p reload: the tags' sprites may be registered already (they are the ones reloaded). */
static akerr_ErrorContext *read_doc(json_t *root, const char *filename, AseDoc *doc, bool reload)
{
    json_t *meta = NULL;
    SDL_Rect size;
    char stem[AKGL_SPRITE_MAX_NAME_LENGTH];
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, json_is_object(root), AKERR_TYPE,
                     "the top level must be a JSON object");
    PASS(errctx, file_stem(filename, stem, sizeof(stem)));
    PASS(errctx, akgl_get_json_object_value(root, "meta", &meta));
    PASS(errctx, akgl_json_error_in_file(get_str(meta, "image", &doc->image), "\"meta\""));
    PASS(errctx, akgl_json_error_in_file(get_rect(meta, "size", false, AKGL_IMAGE_MAX_SIDE, &size),
                                         "\"meta\""));
    doc->sheet_w = size.w;
    doc->sheet_h = size.h;
    PASS(errctx, read_frames(root, doc));
    PASS(errctx, akgl_json_error_in_file(read_tags(meta, stem, doc), "\"meta\""));
    PASS(errctx, akgl_json_error_in_file(read_slices(meta, doc), "\"meta\""));
    for (int t = 0; t < doc->ntags && !reload; t++) {
        PASS(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_SPRITE, "sprite",
                                                    doc->tags[t].name, NULL));
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Claiming                                                                 */
/* ------------------------------------------------------------------------ */

static void apply_tag(akgl_Sprite *spr, const AseDoc *doc, const AseTag *tag)
{
    int n = tag->to - tag->from + 1;
    spr->width = doc->w;
    spr->height = doc->h;
    spr->frames = n;
    spr->speed = 0; /* frame_ns has every entry's time */
    spr->loop = !tag->once;
    spr->loopReverse = tag->pingpong;
    spr->frame_rects = true;
    spr->frame_times = true;
    spr->frame_trimmed = false;
    spr->hitbox = tag->hitbox;
    for (int k = 0; k < n; k++) {
        const AseFrame *f = &doc->frames[tag->reverse ? tag->to - k : tag->from + k];
        spr->frameids[k] = (uint8_t)k;
        spr->frame_rect[k] = f->rect;
        spr->frame_trim[k] = f->trim;
        spr->frame_ns[k] = (uint32_t)((uint64_t)f->ms * AKGL_TIME_ONEMS_NS);
        if (f->trim.x != 0 || f->trim.y != 0 || f->rect.w != doc->w || f->rect.h != doc->h) {
            spr->frame_trimmed = true;
        }
    }
}

static akerr_ErrorContext *check_sheet_size(const akgl_SpriteSheet *sheet, const AseDoc *doc)
{
    PREPARE_ERROR(errctx);
    if (sheet->texture_w != doc->sheet_w || sheet->texture_h != doc->sheet_h) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "\"meta\": \"size\" is %dx%d but the image %s is %dx%d: the JSON is not "
                    "this sheet's", doc->sheet_w, doc->sheet_h, sheet->name, sheet->texture_w,
                    sheet->texture_h);
    }
    SUCCEED_RETURN(errctx);
}

/* One sprite per tag, each in made[] (*nmade) as soon as it is registered. */
static akerr_ErrorContext *make_sprites(const AseDoc *doc, akgl_SpriteSheet *sheet,
                                        akgl_Sprite **made, int *nmade)
{
    PREPARE_ERROR(errctx);
    for (int t = 0; t < doc->ntags; t++) {
        akgl_Sprite *spr = NULL;
        PASS(errctx, akgl_heap_next_sprite(&spr));
        akerr_ErrorContext *named = akgl_sprite_initialize(spr, doc->tags[t].name, sheet);
        if (named != NULL) {
            IGNORE(akgl_heap_release_sprite(spr));
            PASS(errctx, named);
        }
        made[(*nmade)++] = spr;
        apply_tag(spr, doc, &doc->tags[t]);
        akgl_sprite_precompute_src(spr); /* at load, so a draw divides nothing */
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *claim(const char *filename, AseDoc *doc)
{
    char path[AKGL_MAX_STRING_LENGTH];
    akgl_SpriteSheet *sheet = NULL;
    bool sheet_created = false;
    akgl_Sprite *made[AKGL_SPRITE_ASEPRITE_MAX_TAGS];
    int nmade = 0;
    PREPARE_ERROR(errctx);

    ATTEMPT {
        CATCH(errctx, akgl_sprite_resolve_sheet(filename, doc->image, path));
        CATCH(errctx, akgl_sprite_find_or_load_sheet(path, &sheet, &sheet_created));
        CATCH(errctx, check_sheet_size(sheet, doc));
        CATCH(errctx, make_sprites(doc, sheet, made, &nmade));
        nmade = 0; /* the game holds them now, through the registry */
    } CLEANUP {
        for (int i = nmade - 1; i >= 0; i--) {
            IGNORE(akgl_heap_release_sprite(made[i]));
        }
        /* The loader keeps no reference of its own on a sheet it loaded. */
        if (sheet_created) {
            IGNORE(akgl_heap_release_spritesheet(sheet));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sprite_load_aseprite(const char *filename)
{
    json_t *root = NULL;
    AseDoc doc;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER,
                     "akgl_sprite_load_aseprite: NULL filename");
    memset(&doc, 0, sizeof(doc));
    ATTEMPT {
        /* Refuses a path too long for the sheet resolution's buffers. */
        CATCH(errctx, akgl_json_load_file(filename, &root));
        CATCH(errctx, akgl_json_error_in_file(read_doc(root, filename, &doc, false), filename));
        CATCH(errctx, akgl_json_error_in_file(claim(filename, &doc), filename));
        akgl_watch_note(AKGL_WATCH_ASEPRITE, filename, NULL);
    } CLEANUP {
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Hot reload                                                               */
/* ------------------------------------------------------------------------ */

extern akgl_HeapPool akgl_heap_pool_sprite;

/* Whether the live sprite @p s was made from this file's stem (`stem` or
 * `stem/<tag>`) on @p sheet and is no tag of @p doc any more. */
static bool dropped_tag(const akgl_Sprite *s, const akgl_SpriteSheet *sheet, const char *stem,
                        const AseDoc *doc)
{
    size_t n = strlen(stem);
    if (s->sheet != sheet || strncmp(s->name, stem, n) != 0 ||
        (s->name[n] != '\0' && s->name[n] != '/')) {
        return false;
    }
    for (int t = 0; t < doc->ntags; t++) {
        if (strcmp(doc->tags[t].name, s->name) == 0) {
            return false;
        }
    }
    return true;
}

/* Says, once for this reload, each sprite of the file whose tag is gone. */
static void log_dropped_tags(const char *filename, const akgl_SpriteSheet *old_sheet,
                             const AseDoc *doc)
{
    char stem[AKGL_SPRITE_MAX_NAME_LENGTH];
    akerr_ErrorContext *e = file_stem(filename, stem, sizeof(stem));
    if (e != NULL || old_sheet == NULL) {
        e = akerr_release_error(e);
        (void)e;
        return;
    }
    const akgl_HeapPool *pool = &akgl_heap_pool_sprite;
    for (int id = akgl_heap_next_live(pool, 0); id >= 0; id = akgl_heap_next_live_after(pool, id)) {
        const akgl_Sprite *s = &akgl_heap_sprites[id];
        if (dropped_tag(s, old_sheet, stem, doc)) {
            akerr_log_method("akgl: hot reload: %s: sprite \"%s\" has no tag in the file any "
                             "more; it keeps its old frames (restart to remove it)", filename,
                             s->name);
        }
    }
}

akerr_ErrorContext *akgl_sprite_reload_aseprite(const char *filename, int *count)
{
    json_t *root = NULL;
    AseDoc doc;
    char path[AKGL_MAX_STRING_LENGTH];
    akgl_SpriteSheet *sheet = NULL; /* held: one reference until the end */
    bool created = false;
    akgl_Sprite *existing[AKGL_SPRITE_ASEPRITE_MAX_TAGS];
    akgl_Sprite *made[AKGL_SPRITE_ASEPRITE_MAX_TAGS];
    AseDoc fresh; /* the new tags only, for make_sprites */
    int nmade = 0;
    int nexisting = 0;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER,
                     "akgl_sprite_reload_aseprite: NULL filename");
    FAIL_ZERO_RETURN(errctx, count, AKERR_NULLPOINTER,
                     "akgl_sprite_reload_aseprite: NULL count");
    *count = 0;
    memset(&doc, 0, sizeof(doc));
    memset(existing, 0, sizeof(existing));
    ATTEMPT {
        CATCH(errctx, akgl_json_load_file(filename, &root));
        CATCH(errctx, akgl_json_error_in_file(read_doc(root, filename, &doc, true), filename));
        akgl_SpriteSheet *old_sheet = NULL;
        for (int t = 0; t < doc.ntags; t++) {
            void *found = NULL;
            CATCH(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", doc.tags[t].name,
                                            &found));
            existing[t] = found;
            if (found != NULL) {
                nexisting++;
                old_sheet = existing[t]->sheet;
            }
        }
        if (errctx != NULL) {
            break; /* a CATCH in the loop left only the loop */
        }
        if (nexisting == 0) {
            break; /* released since (a level change): nothing to reload */
        }
        CATCH(errctx, akgl_json_error_in_file(akgl_sprite_resolve_sheet(filename, doc.image,
                                                                        path), filename));
        CATCH(errctx, akgl_json_error_in_file(akgl_sprite_find_or_load_sheet(path, &sheet,
                                                                             &created),
                                              filename));
        if (!created) {
            sheet->refcount++; /* this reload's own, as a new sheet's acquire is */
        }
        CATCH(errctx, akgl_json_error_in_file(check_sheet_size(sheet, &doc), filename));
        /* The new tags get new sprites; if one cannot be had, none is kept. */
        memcpy(&fresh, &doc, offsetof(AseDoc, ntags));
        fresh.ntags = 0;
        for (int t = 0; t < doc.ntags; t++) {
            if (existing[t] == NULL) {
                fresh.tags[fresh.ntags++] = doc.tags[t];
            }
        }
        CATCH(errctx, akgl_json_error_in_file(make_sprites(&fresh, sheet, made, &nmade),
                                              filename));
        nmade = 0; /* registered: the game holds them */
        /* From here nothing fails: the tags' sprites take the new frames. */
        log_dropped_tags(filename, old_sheet, &doc);
        for (int t = 0; t < doc.ntags; t++) {
            akgl_Sprite *spr = existing[t];
            if (spr == NULL) {
                continue;
            }
            akgl_SpriteSheet *old = spr->sheet;
            sheet->refcount++;
            spr->sheet = sheet;
            apply_tag(spr, &doc, &doc.tags[t]);
            akgl_sprite_forget_src(spr);
            akgl_sprite_precompute_src(spr);
            if (old != NULL) {
                IGNORE(akgl_heap_release_spritesheet(old));
            }
        }
        *count = doc.ntags;
    } CLEANUP {
        for (int i = nmade - 1; i >= 0; i--) {
            IGNORE(akgl_heap_release_sprite(made[i]));
        }
        if (sheet != NULL) {
            IGNORE(akgl_heap_release_spritesheet(sheet));
        }
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}
