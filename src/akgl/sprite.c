/*
 * Spritesheets and sprites: initialisation, the JSON loader, and frame maths.
 *
 * The loader reads and validates the whole definition before it claims
 * anything, so most bad files fail without touching a pool; what it does
 * claim (a sheet, a sprite) is released again on any later failure.
 */
#include <akgl/sprite.h>

#include "heap_pool.h"
#include "image_private.h"
#include "json_private.h"
#include "object.h"
#include "render_private.h"
#include "sprite_private.h"
#include "watch_private.h"

#include <akgl/game_object.h>
#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akstdlib.h>

#include <SDL3_image/SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Spritesheets                                                             */
/* ------------------------------------------------------------------------ */

AKGL_HEAP_POOL(akgl_heap_pool_sprite, akgl_Sprite, akgl_heap_sprites);
AKGL_HEAP_POOL(akgl_heap_pool_spritesheet, akgl_SpriteSheet, akgl_heap_spritesheets);

static akerr_ErrorContext *bound_renderer(SDL_Renderer **dest, const char *why)
{
    PREPARE_ERROR(errctx);
    akgl_Renderer *r = NULL;
    PASS(errctx, akgl_render_bound(why, &r));
    *dest = r->sdl_renderer;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *load_texture(SDL_Renderer *renderer, const char *filename,
                                        SDL_Texture **dest)
{
    PREPARE_ERROR(errctx);
    /* Header checked before decoding; a missing file is ENOENT, a failed
     * allocation ENOMEM, only a broken image AKERR_FORMAT. */
    PASS(errctx, akgl_image_load_texture(renderer, filename, dest));
    /* Sprites are pixel art: sample cells exactly, never blend neighbours. A
     * texture that cannot be drawn that way would draw blurred: refuse it. */
    if (!SDL_SetTextureScaleMode(*dest, SDL_SCALEMODE_NEAREST)) {
        FAIL(errctx, AKERR_API, "image \"%s\": cannot set nearest-pixel scaling: %s", filename,
             SDL_GetError());
        SDL_DestroyTexture(*dest);
        *dest = NULL;
        return errctx;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_spritesheet_initialize(akgl_SpriteSheet *sheet, int sprite_w,
                                                int sprite_h, const char *filename)
{
    SDL_Renderer *renderer = NULL;
    SDL_Texture *texture = NULL;
    int refcount = 0;
    bool pooled = false;
    float w = 0.0f, h = 0.0f;
    PREPARE_ERROR(errctx);

    (void)sprite_w; /* vestigial: the sprite's own size is the grid */
    (void)sprite_h;
    FAIL_ZERO_RETURN(errctx, sheet, AKERR_NULLPOINTER, "akgl_spritesheet_initialize: NULL sheet");
    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER,
                     "akgl_spritesheet_initialize: NULL filename");
    PASS(errctx, akgl_object_check_name(filename, sizeof(sheet->name), "spritesheet"));
    PASS(errctx, akgl_object_initial_refcount(AKGL_HEAP_SPRITESHEET, sheet, sheet->refcount, "spritesheet",
                                  &refcount, &pooled));
    PASS(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_SPRITESHEET, "spritesheet", filename, sheet));
    PASS(errctx, bound_renderer(&renderer, "akgl_spritesheet_initialize"));
    PASS(errctx, load_texture(renderer, filename, &texture));
    if (!SDL_GetTextureSize(texture, &w, &h)) {
        FAIL(errctx, AKERR_API, "image \"%s\": cannot read the texture's size: %s", filename,
             SDL_GetError());
        SDL_DestroyTexture(texture);
        return errctx;
    }

    if (pooled && sheet->texture != NULL) {
        /* Re-initialising a live sheet: its old image goes. */
        IGNORE(akgl_registry_remove(AKGL_REGISTRY_SPRITESHEET, "spritesheet", sheet->name, sheet));
        SDL_DestroyTexture(sheet->texture);
    }
    memset(sheet, 0, sizeof(*sheet));
    sheet->refcount = refcount;
    memcpy(sheet->name, filename, strlen(filename) + 1);
    sheet->texture = texture;
    sheet->texture_w = (int)w;
    sheet->texture_h = (int)h;
    ATTEMPT {
        CATCH(errctx, akgl_registry_add(AKGL_REGISTRY_SPRITESHEET, "spritesheet", sheet->name,
                                        sheet));
    } CLEANUP {
    } PROCESS(errctx) {
        SDL_DestroyTexture(texture);
        sheet->texture = NULL;
    } FINISH(errctx, true);
    akgl_watch_note(AKGL_WATCH_SHEET, sheet->name, NULL);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Sprites                                                                  */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_sprite_initialize(akgl_Sprite *spr, const char *name,
                                           akgl_SpriteSheet *sheet)
{
    int refcount = 0;
    bool pooled = false;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, spr, AKERR_NULLPOINTER, "akgl_sprite_initialize: NULL sprite");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_sprite_initialize: NULL name");
    FAIL_ZERO_RETURN(errctx, sheet, AKERR_NULLPOINTER,
                     "akgl_sprite_initialize: NULL sheet for sprite \"%s\"", name);
    /* Taking a reference on a free slot would corrupt the pool. */
    FAIL_NONZERO_RETURN(errctx, sheet->refcount <= 0, AKGL_ERR_HEAP,
                        "akgl_sprite_initialize: the sheet for sprite \"%s\" is released "
                        "(refcount %d)", name, sheet->refcount);
    PASS(errctx, akgl_object_check_name(name, sizeof(spr->name), "sprite"));
    PASS(errctx, akgl_object_initial_refcount(AKGL_HEAP_SPRITE, spr, spr->refcount, "sprite", &refcount,
                                  &pooled));
    PASS(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_SPRITE, "sprite", name, spr));

    /* Register under the new name before letting go of anything old, so a
     * failure leaves the sprite as it was. */
    akgl_Sprite previous;
    if (pooled) {
        previous = *spr;
    } else {
        memset(&previous, 0, sizeof(previous));
    }
    size_t len = strlen(name);
    char key[AKGL_SPRITE_MAX_NAME_LENGTH];
    memcpy(key, name, len + 1);
    PASS(errctx, akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", key, spr));

    memset(spr, 0, sizeof(*spr));
    spr->refcount = refcount;
    memcpy(spr->name, key, len + 1);
    spr->sheet = sheet;
    akgl_sprite_forget_src(spr);
    sheet->refcount++;

    /* A sprite initialised a second time lets go of its old name and sheet. */
    if (previous.name[0] != '\0' && strcmp(previous.name, key) != 0) {
        IGNORE(akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", previous.name, spr));
    }
    if (previous.sheet != NULL) {
        IGNORE(akgl_heap_release_spritesheet(previous.sheet));
    }
    SUCCEED_RETURN(errctx);
}

/* Everything a sprite file says, read and checked before anything is claimed. */
typedef struct SpriteDef
{
    akgl_String *sheetfile;
    akgl_String *name;
    int frame_width, frame_height;
    int width, height, speed;
    bool loop, loopReverse;
    int frames;
    uint8_t frameids[AKGL_SPRITE_MAX_FRAMES];
} SpriteDef;

static akerr_ErrorContext *read_frames(json_t *root, SpriteDef *def)
{
    json_t *frames = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_get_json_array_value(root, "frames", &frames));
    size_t count = json_array_size(frames);
    if (count > AKGL_SPRITE_MAX_FRAMES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "\"frames\" lists %zu frames; the maximum is %d",
                    count, AKGL_SPRITE_MAX_FRAMES);
    }
    FAIL_ZERO_RETURN(errctx, count, AKERR_VALUE,
                     "\"frames\" is empty; a sprite needs at least one frame");
    for (size_t i = 0; i < count; i++) {
        int n = 0;
        errctx = akgl_get_json_array_index_integer(frames, i, &n);
        if (errctx != NULL) {
            /* The element getter says "index 1"; say which array. */
            char element[32];
            snprintf(element, sizeof(element), "\"frames\"[%zu]", i);
            return akerr_trace_append(akgl_json_error_in_file(errctx, element), __FILE__,
                                      __func__, __LINE__);
        }
        if (n < 0 || n > AKGL_SPRITE_MAX_FRAME_NUMBER) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "\"frames\"[%zu] is %d; a frame number must be 0..%d", i, n,
                        AKGL_SPRITE_MAX_FRAME_NUMBER);
        }
        def->frameids[i] = (uint8_t)n;
    }
    def->frames = (int)count;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *read_sprite_def(json_t *root, SpriteDef *def)
{
    json_t *sheet = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_object(root), AKERR_TYPE,
                     "a sprite must be a JSON object, not %s", akgl_json_type_name(root));
    PASS(errctx, akgl_get_json_object_value(root, "spritesheet", &sheet));
    PASS(errctx, akgl_get_json_string_value(sheet, "filename", &def->sheetfile));
    PASS(errctx, akgl_get_json_integer_value(sheet, "frame_width", &def->frame_width));
    PASS(errctx, akgl_get_json_integer_value(sheet, "frame_height", &def->frame_height));
    PASS(errctx, akgl_get_json_string_value(root, "name", &def->name));
    PASS(errctx, akgl_object_check_name(def->name->data, AKGL_SPRITE_MAX_NAME_LENGTH, "sprite"));
    PASS(errctx, akgl_get_json_integer_value(root, "width", &def->width));
    PASS(errctx, akgl_get_json_integer_value(root, "height", &def->height));
    PASS(errctx, akgl_get_json_integer_value(root, "speed", &def->speed));
    PASS(errctx, akgl_get_json_boolean_value(root, "loop", &def->loop));
    PASS(errctx, akgl_get_json_boolean_value(root, "loopReverse", &def->loopReverse));
    FAIL_NONZERO_RETURN(errctx, def->width <= 0, AKERR_VALUE,
                        "\"width\" is %d: a sprite must be at least one pixel wide", def->width);
    FAIL_NONZERO_RETURN(errctx, def->height <= 0, AKERR_VALUE,
                        "\"height\" is %d: a sprite must be at least one pixel high", def->height);
    /* Bounded here so the frame maths (cell row * height, y + height) can
     * never overflow an int, whatever the sheet (issue 14, defect 5). */
    FAIL_NONZERO_RETURN(errctx, def->width > AKGL_SPRITE_MAX_SIZE, AKERR_OUTOFBOUNDS,
                        "\"width\" is %d; the limit is %d (AKGL_SPRITE_MAX_SIZE)", def->width,
                        AKGL_SPRITE_MAX_SIZE);
    FAIL_NONZERO_RETURN(errctx, def->height > AKGL_SPRITE_MAX_SIZE, AKERR_OUTOFBOUNDS,
                        "\"height\" is %d; the limit is %d (AKGL_SPRITE_MAX_SIZE)", def->height,
                        AKGL_SPRITE_MAX_SIZE);
    if (def->frame_width < 0 || def->frame_width > AKGL_SPRITE_MAX_SIZE ||
        def->frame_height < 0 || def->frame_height > AKGL_SPRITE_MAX_SIZE) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "\"spritesheet\": \"frame_width\" x \"frame_height\" is %d x %d; each must "
                    "be 0..%d (AKGL_SPRITE_MAX_SIZE)", def->frame_width, def->frame_height,
                    AKGL_SPRITE_MAX_SIZE);
    }
    if (def->speed < 0 || (uint64_t)def->speed > AKGL_SPRITE_MAX_SPEED_MS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "\"speed\" is %d ms; it must be 0..%d (a frame's time is a uint32_t of ns)",
                    def->speed, (int)AKGL_SPRITE_MAX_SPEED_MS);
    }
    PASS(errctx, read_frames(root, def));
    SUCCEED_RETURN(errctx);
}

/*
 * The format's two-step rule: the working directory first, then beside the
 * JSON file. A working-directory file that shadows one beside the JSON still
 * wins, but we say so, since it is the usual cause of "wrong art".
 */
akerr_ErrorContext *akgl_sprite_resolve_sheet(const char *jsonpath, const char *sheetfile,
                                              char *resolved)
{
    char dir[AKGL_MAX_STRING_LENGTH];
    char beside[AKGL_MAX_STRING_LENGTH];
    char beside_resolved[AKGL_MAX_STRING_LENGTH];
    bool in_cwd = false;
    bool is_beside = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, aksl_dirname(jsonpath, dir, sizeof(dir)));
    PASS(errctx, aksl_path_join(beside, sizeof(beside), dir, sheetfile));
    /* Ask first, then resolve: a miss in the working directory is the usual
     * case, and an expected miss must not cost an error context (with all of
     * them held, raising one would fail the load of a file that is fine). */
    PASS(errctx, aksl_path_exists(sheetfile, &in_cwd));
    if (in_cwd) {
        PASS(errctx, aksl_realpath(sheetfile, resolved));
        /* Only for the warning: a path beside that cannot even be asked about
         * (ENOTDIR, EACCES) shadows nothing. */
        akerr_ErrorContext *probe = aksl_path_exists(beside, &is_beside);
        if (probe != NULL) {
            is_beside = false;
            RELEASE_ERROR(probe);
        }
        if (is_beside) {
            PASS(errctx, aksl_realpath(beside, beside_resolved));
            if (strcmp(resolved, beside_resolved) != 0) {
                akerr_log_method("akgl: warning: sprite sheet \"%s\" in %s resolves to %s in "
                                 "the working directory, shadowing %s beside the JSON file",
                                 sheetfile, jsonpath, resolved, beside_resolved);
            }
        }
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, aksl_path_exists(beside, &is_beside));
    if (!is_beside) {
        FAIL_RETURN(errctx, ENOENT,
                    "sprite sheet \"%s\" is neither in the working directory nor at %s: %s",
                    sheetfile, beside, strerror(ENOENT));
    }
    PASS(errctx, aksl_realpath(beside, resolved));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sprite_find_or_load_sheet(const char *path, akgl_SpriteSheet **dest,
                                                   bool *created)
{
    void *found = NULL;
    akgl_SpriteSheet *sheet = NULL;
    PREPARE_ERROR(errctx);

    *created = false;
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITESHEET, "spritesheet", path, &found));
    if (found != NULL) {
        *dest = found;
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
    *created = true;
    SUCCEED_RETURN(errctx);
}

static void apply_def(akgl_Sprite *spr, const SpriteDef *def)
{
    spr->width = def->width;
    spr->height = def->height;
    spr->frames = def->frames;
    memcpy(spr->frameids, def->frameids, sizeof(spr->frameids));
    spr->speed = (uint32_t)((uint64_t)def->speed * AKGL_TIME_ONEMS_NS);
    spr->loop = def->loop;
    spr->loopReverse = def->loopReverse;
}

akerr_ErrorContext *akgl_sprite_load_object(json_t *obj, const char *jsonpath, akgl_Sprite **dest)
{
    SpriteDef def;
    char path[AKGL_MAX_STRING_LENGTH];
    akgl_SpriteSheet *sheet = NULL;
    bool sheet_created = false;
    akgl_Sprite *spr = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, jsonpath, AKERR_NULLPOINTER, "akgl_sprite_load_object: NULL path");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_sprite_load_object: NULL destination");
    memset(&def, 0, sizeof(def));
    ATTEMPT {
        CATCH(errctx, read_sprite_def(obj, &def));
        CATCH(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_SPRITE, "sprite",
                                                     def.name->data, NULL));
        CATCH(errctx, akgl_sprite_resolve_sheet(jsonpath, def.sheetfile->data, path));
        CATCH(errctx, akgl_sprite_find_or_load_sheet(path, &sheet, &sheet_created));
        CATCH(errctx, akgl_heap_next_sprite(&spr));
        CATCH(errctx, akgl_sprite_initialize(spr, def.name->data, sheet));
        apply_def(spr, &def);
        akgl_sprite_precompute_src(spr); /* at load, so a draw divides nothing */
        *dest = spr;
        spr = NULL; /* the caller holds it now */
    } CLEANUP {
        if (spr != NULL) {
            IGNORE(akgl_heap_release_sprite(spr));
        }
        /* The loader keeps no reference of its own on a sheet it loaded: the
         * sprite took one, and a sheet nobody took goes away here. */
        if (sheet_created) {
            IGNORE(akgl_heap_release_spritesheet(sheet));
        }
        if (def.sheetfile != NULL) {
            IGNORE(akgl_heap_release_string(def.sheetfile));
        }
        if (def.name != NULL) {
            IGNORE(akgl_heap_release_string(def.name));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* A sprite file holds one sprite object; said in the file's terms. */
static akerr_ErrorContext *top_level_object(json_t *root)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_object(root), AKERR_TYPE,
                     "the top level must be a JSON object");
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sprite_load_json(const char *filename)
{
    json_t *root = NULL;
    akgl_Sprite *spr = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "akgl_sprite_load_json: NULL filename");
    ATTEMPT {
        /* Refuses a path too long for the sheet resolution's buffers. */
        CATCH(errctx, akgl_json_load_file(filename, &root));
        CATCH(errctx, akgl_json_error_in_file(top_level_object(root), filename));
        CATCH(errctx, akgl_json_error_in_file(akgl_sprite_load_object(root, filename, &spr),
                                              filename));
        akgl_watch_note(AKGL_WATCH_SPRITE, filename, spr->name);
        /* The game holds the sprite now, through the registry. */
    } CLEANUP {
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Frame maths                                                              */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_spritesheet_coords_for_frame(akgl_Sprite *sprite, int frameid,
                                                      SDL_FRect *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, sprite, AKERR_NULLPOINTER, "coords_for_frame: NULL sprite");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "coords_for_frame: NULL destination");
    FAIL_ZERO_RETURN(errctx, sprite->sheet, AKERR_NULLPOINTER,
                     "coords_for_frame: sprite \"%s\" has no sheet", sprite->name);
    FAIL_ZERO_RETURN(errctx, sprite->sheet->texture, AKERR_NULLPOINTER,
                     "coords_for_frame: sheet \"%s\" of sprite \"%s\" has no texture",
                     sprite->sheet->name, sprite->name);
    if (frameid < 0 || frameid >= sprite->frames || frameid >= AKGL_SPRITE_MAX_FRAMES) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "coords_for_frame: frame id %d of sprite \"%s\" is outside 0..%d", frameid,
                    sprite->name, sprite->frames - 1);
    }
    if (sprite->width <= 0 || sprite->height <= 0) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "coords_for_frame: sprite \"%s\" is %dx%d; frames need a size", sprite->name,
                    sprite->width, sprite->height);
    }
    if (sprite->frame_rects) {
        const SDL_Rect *fr = &sprite->frame_rect[frameid];
        int tw = sprite->sheet->texture_w, th = sprite->sheet->texture_h;
        if (fr->w <= 0 || fr->h <= 0 || fr->x < 0 || fr->y < 0 || fr->w > tw || fr->h > th ||
            fr->x > tw - fr->w || fr->y > th - fr->h) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "coords_for_frame: frame %d of sprite \"%s\" (%dx%d at %d,%d) lies off "
                        "its %dx%d sheet", frameid, sprite->name, fr->w, fr->h, fr->x, fr->y,
                        tw, th);
        }
        *dest = (SDL_FRect){(float)fr->x, (float)fr->y, (float)fr->w, (float)fr->h};
        SUCCEED_RETURN(errctx);
    }
    int columns = sprite->sheet->texture_w / sprite->width;
    int number = sprite->frameids[frameid];
    int x = columns > 0 ? (number % columns) * sprite->width : 0;
    int y = columns > 0 ? (number / columns) * sprite->height : 0;
    if (columns == 0 || y + sprite->height > sprite->sheet->texture_h) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "coords_for_frame: frame number %d of sprite \"%s\" (%dx%d cells) lies off "
                    "its %dx%d sheet", number, sprite->name, sprite->width, sprite->height,
                    sprite->sheet->texture_w, sprite->sheet->texture_h);
    }
    *dest = (SDL_FRect){(float)x, (float)y, (float)sprite->width, (float)sprite->height};
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_release_sprite(akgl_Sprite *obj)
{
    akerr_ErrorContext *first = NULL;
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, akgl_object_check_release(AKGL_HEAP_SPRITE, AKGL_REGISTRY_SPRITE, "sprite", obj,
                                           obj ? obj->name : NULL, sizeof(obj->name)));
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_SPRITE, obj, obj ? obj->name : "", true,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    akgl_object_keep_first(&first,
                           akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", obj->name, obj));
    if (obj->sheet != NULL) {
        akgl_object_keep_first(&first, akgl_heap_release_spritesheet(obj->sheet));
    }
    akgl_heap_release_end(AKGL_HEAP_SPRITE, obj);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

akerr_ErrorContext *akgl_heap_release_spritesheet(akgl_SpriteSheet *obj)
{
    akerr_ErrorContext *first = NULL;
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, akgl_object_check_release(AKGL_HEAP_SPRITESHEET, AKGL_REGISTRY_SPRITESHEET,
                                           "spritesheet", obj, obj ? obj->name : NULL,
                                           sizeof(obj->name)));
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_SPRITESHEET, obj, obj ? obj->name : "", true,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    akgl_object_keep_first(&first, akgl_registry_remove(AKGL_REGISTRY_SPRITESHEET, "spritesheet",
                                                        obj->name, obj));
    if (obj->texture != NULL) {
        SDL_DestroyTexture(obj->texture);
    }
    akgl_heap_release_end(AKGL_HEAP_SPRITESHEET, obj);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

/* ------------------------------------------------------------------------ */
/* Source rectangles, precomputed                                           */
/* ------------------------------------------------------------------------ */

void akgl_sprite_forget_src(akgl_Sprite *s)
{
    for (int i = 0; i < AKGL_SPRITE_MAX_FRAMES; i++) {
        s->frame_src_cell[i] = -1;
    }
    s->frame_src_sheet = NULL;
}

akerr_ErrorContext *akgl_sprite_fill_src(akgl_Sprite *s, int frameid, const SDL_FRect **dest)
{
    SDL_FRect src;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_spritesheet_coords_for_frame(s, frameid, &src));
    const akgl_SpriteSheet *sheet = s->sheet;
    /* What every kept rectangle depends on besides its frame number. */
    if (s->frame_src_sheet != sheet || s->frame_src_w != s->width ||
        s->frame_src_h != s->height || s->frame_src_tw != sheet->texture_w ||
        s->frame_src_th != sheet->texture_h) {
        akgl_sprite_forget_src(s);
        s->frame_src_sheet = sheet;
        s->frame_src_w = s->width;
        s->frame_src_h = s->height;
        s->frame_src_tw = sheet->texture_w;
        s->frame_src_th = sheet->texture_h;
    }
    s->frame_src[frameid] = src;
    s->frame_src_cell[frameid] = (int16_t)s->frameids[frameid];
    *dest = &s->frame_src[frameid];
    SUCCEED_RETURN(errctx);
}

void akgl_sprite_precompute_src(akgl_Sprite *s)
{
    for (int i = 0; i < s->frames && i < AKGL_SPRITE_MAX_FRAMES; i++) {
        const SDL_FRect *src = NULL;
        akerr_ErrorContext *e = akgl_sprite_fill_src(s, i, &src);
        e = akerr_release_error(e); /* reported again, with its message, when drawn */
        (void)e;
    }
}

/* ------------------------------------------------------------------------ */
/* Hot reload: stage, check, apply                                          */
/* ------------------------------------------------------------------------ */

/* Every frame of a width x height grid lies on a tw x th texture (the test
 * of akgl_spritesheet_coords_for_frame, made before anything is drawn). */
static akerr_ErrorContext *check_cells(const char *sprite, int width, int height, int frames,
                                       const uint8_t *frameids, const char *sheet, int tw,
                                       int th)
{
    PREPARE_ERROR(errctx);
    int columns = width > 0 ? tw / width : 0;
    for (int i = 0; i < frames && i < AKGL_SPRITE_MAX_FRAMES; i++) {
        int number = frameids[i];
        int y = columns > 0 ? (number / columns) * height : 0;
        if (columns == 0 || y + height > th) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "sprite \"%s\": \"frames\"[%d] is frame number %d, which (%dx%d cells) "
                        "lies off its %dx%d sheet %s", sprite, i, number, width, height, tw, th,
                        sheet);
        }
    }
    SUCCEED_RETURN(errctx);
}

void akgl_sprite_stage_discard(akgl_SpriteStage *stage)
{
    if (stage != NULL && stage->sheet != NULL) {
        IGNORE(akgl_heap_release_spritesheet(stage->sheet));
        stage->sheet = NULL;
    }
}

akerr_ErrorContext *akgl_sprite_stage_object(json_t *obj, const char *jsonpath,
                                             akgl_SpriteStage *stage)
{
    SpriteDef def;
    char path[AKGL_MAX_STRING_LENGTH];
    akgl_SpriteSheet *sheet = NULL;
    bool created = false;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, jsonpath, AKERR_NULLPOINTER, "akgl_sprite_stage_object: NULL path");
    FAIL_ZERO_RETURN(errctx, stage, AKERR_NULLPOINTER, "akgl_sprite_stage_object: NULL stage");
    memset(&def, 0, sizeof(def));
    memset(stage, 0, sizeof(*stage));
    ATTEMPT {
        CATCH(errctx, read_sprite_def(obj, &def));
        CATCH(errctx, akgl_sprite_resolve_sheet(jsonpath, def.sheetfile->data, path));
        CATCH(errctx, akgl_sprite_find_or_load_sheet(path, &sheet, &created));
        if (!created) {
            sheet->refcount++; /* the stage's own, as a new sheet's acquire is */
        }
        CATCH(errctx, check_cells(def.name->data, def.width, def.height, def.frames,
                                  def.frameids, sheet->name, sheet->texture_w,
                                  sheet->texture_h));
        memcpy(stage->name, def.name->data, strlen(def.name->data) + 1);
        stage->width = def.width;
        stage->height = def.height;
        stage->frames = def.frames;
        memcpy(stage->frameids, def.frameids, sizeof(stage->frameids));
        stage->speed = (uint32_t)((uint64_t)def.speed * AKGL_TIME_ONEMS_NS);
        stage->loop = def.loop;
        stage->loopReverse = def.loopReverse;
        stage->sheet = sheet;
        sheet = NULL; /* the stage holds it */
    } CLEANUP {
        if (sheet != NULL) {
            IGNORE(akgl_heap_release_spritesheet(sheet));
        }
        if (def.sheetfile != NULL) {
            IGNORE(akgl_heap_release_string(def.sheetfile));
        }
        if (def.name != NULL) {
            IGNORE(akgl_heap_release_string(def.name));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

void akgl_sprite_stage_apply(akgl_Sprite *spr, akgl_SpriteStage *stage)
{
    akgl_SpriteSheet *old = spr->sheet;
    spr->sheet = stage->sheet; /* the stage's reference moves to the sprite */
    stage->sheet = NULL;
    spr->width = stage->width;
    spr->height = stage->height;
    spr->frames = stage->frames;
    memcpy(spr->frameids, stage->frameids, sizeof(spr->frameids));
    spr->speed = stage->speed;
    spr->loop = stage->loop;
    spr->loopReverse = stage->loopReverse;
    akgl_sprite_forget_src(spr);
    akgl_sprite_precompute_src(spr);
    if (old != NULL) {
        IGNORE(akgl_heap_release_spritesheet(old));
    }
}

akerr_ErrorContext *akgl_sprite_reload_json(const char *filename, const char *name,
                                            akgl_Sprite **dest)
{
    json_t *root = NULL;
    akgl_SpriteStage stage;
    void *found = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "akgl_sprite_reload_json: NULL filename");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_sprite_reload_json: NULL name");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_sprite_reload_json: NULL destination");
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", name, &found));
    FAIL_ZERO_RETURN(errctx, found, AKERR_KEY, "%s: sprite \"%s\" is not loaded", filename, name);
    memset(&stage, 0, sizeof(stage));
    ATTEMPT {
        CATCH(errctx, akgl_json_load_file(filename, &root));
        CATCH(errctx, akgl_json_error_in_file(top_level_object(root), filename));
        CATCH(errctx, akgl_json_error_in_file(akgl_sprite_stage_object(root, filename, &stage),
                                              filename));
        if (strcmp(stage.name, name) != 0) {
            FAIL_BREAK(errctx, AKERR_VALUE,
                       "%s: \"name\" is \"%s\"; the loaded sprite is \"%s\" (a reload keeps "
                       "the name: restart to rename)", filename, stage.name, name);
        }
        akgl_sprite_stage_apply(found, &stage);
        *dest = found;
    } CLEANUP {
        akgl_sprite_stage_discard(&stage);
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_spritesheet_reload(akgl_SpriteSheet *sheet)
{
    SDL_Renderer *renderer = NULL;
    SDL_Texture *texture = NULL;
    float w = 0.0f, h = 0.0f;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, sheet, AKERR_NULLPOINTER, "akgl_spritesheet_reload: NULL sheet");
    FAIL_NONZERO_RETURN(errctx, sheet->refcount <= 0, AKGL_ERR_HEAP,
                        "akgl_spritesheet_reload: the sheet is released");
    PASS(errctx, bound_renderer(&renderer, "akgl_spritesheet_reload"));
    PASS(errctx, load_texture(renderer, sheet->name, &texture));
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, SDL_GetTextureSize(texture, &w, &h), AKERR_API,
                        "image \"%s\": cannot read the texture's size: %s", sheet->name,
                        SDL_GetError());
        /* Every sprite cut from it must still find its frames on it. */
        const akgl_HeapPool *pool = &akgl_heap_pool_sprite;
        for (int id = akgl_heap_next_live(pool, 0); id >= 0;
             id = akgl_heap_next_live_after(pool, id)) {
            const akgl_Sprite *s = &akgl_heap_sprites[id];
            if (s->sheet == sheet) {
                CATCH(errctx, check_cells(s->name, s->width, s->height, s->frames, s->frameids,
                                          sheet->name, (int)w, (int)h));
            }
        }
    } CLEANUP {
    } PROCESS(errctx) {
        SDL_DestroyTexture(texture);
    } FINISH(errctx, true);
    SDL_DestroyTexture(sheet->texture);
    sheet->texture = texture;
    sheet->texture_w = (int)w;
    sheet->texture_h = (int)h;
    SUCCEED_RETURN(errctx);
}
