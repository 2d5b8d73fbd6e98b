/*
 * Images from files, checked before they are decoded (issue 14, defect 1).
 *
 * SDL_image 3.2.4's PNG loader computes `row * pitch` in int: an image of
 * 30000 x 30000 writes before its buffer from about row 17,896 on, and a
 * 74-byte file declaring that size costs seconds and gigabytes before it
 * fails. So nothing here hands a file to a decoder before libpng has read
 * its header and the size has passed the renderer's largest texture and the
 * pixel budget. The file is read into memory first (it is capped), which
 * also gives the fault switch its open and read points.
 *
 * Below the checked loader: the image pool and akgl_image_load (akgl/image.h),
 * a PNG as a texture of the bound renderer in one call, which the draws of
 * akgl/draw.h show.
 */
#include "image_private.h"

#include "fault_private.h"
#include "file_private.h"
#include "heap_pool.h"
#include "watch_private.h"

#include <akgl/game_object.h>
#include <akgl/limits.h>
#include <akgl/render.h>
#include <akstdlib.h>

#include <SDL3_image/SDL_image.h>
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/* libpng reads the header from our buffer. */
typedef struct PngSource
{
    const unsigned char *data;
    size_t size, pos;
} PngSource;

static void png_read_mem(png_structp png, png_bytep out, size_t n)
{
    PngSource *src = png_get_io_ptr(png);
    if (n > src->size - src->pos) {
        png_error(png, "the file ends inside its header");
    }
    memcpy(out, src->data + src->pos, n);
    src->pos += n;
}

/* libpng's errors longjmp back to read_header; keep its text for the message. */
static void png_fail(png_structp png, png_const_charp text)
{
    char *why = png_get_error_ptr(png);
    SDL_strlcpy(why, text, 128);
    png_longjmp(png, 1);
}

static void png_quiet(png_structp png, png_const_charp text)
{
    (void)png;
    (void)text; /* warnings (a bad CRC in an ancillary chunk...) are not ours to log */
}

/* Width and height from the IHDR chunk, through libpng. */
static akerr_ErrorContext *read_header(const char *path, const unsigned char *data, size_t size,
                                       png_uint_32 *w, png_uint_32 *h)
{
    char why[128] = "";
    PngSource src = {data, size, 0};
    /* volatile: these change between setjmp and a longjmp back to it. */
    png_structp volatile png = NULL;
    png_infop volatile info = NULL;
    PREPARE_ERROR(errctx);

    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        FAIL_RETURN(errctx, AKERR_FORMAT,
                    "image \"%s\": not a PNG file (akgl loads PNG images only, and checks "
                    "their header before decoding them)", path);
    }
    unsigned long failures = akgl_alloc_mark();
    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, why, png_fail, png_quiet);
    if (png != NULL) {
        info = png_create_info_struct(png);
    }
    if (png == NULL || info == NULL) {
        png_structp p = png;
        png_infop i = info;
        png_destroy_read_struct(p ? &p : NULL, i ? &i : NULL, NULL);
        FAIL_RETURN(errctx, ENOMEM, "image \"%s\": out of memory reading the PNG header",
                    path);
    }
    if (setjmp(png_jmpbuf(png)) != 0) {
        png_structp p = png;
        png_infop i = info;
        png_destroy_read_struct(&p, &i, NULL);
        /* libpng's malloc failing reads as a broken file ("insufficient
         * memory"). */
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                            "image \"%s\": out of memory reading the PNG header", path);
        FAIL_RETURN(errctx, AKERR_FORMAT, "image \"%s\": broken PNG header: %s", path,
                    why[0] ? why : "unreadable");
    }
    /* Our own caps decide; libpng's default 1,000,000-pixel side limit would
     * refuse first with a less useful message. */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_read_fn(png, &src, png_read_mem);
    png_read_info(png, info);
    *w = png_get_image_width(png, info);
    *h = png_get_image_height(png, info);
    png_structp p = png;
    png_infop i = info;
    png_destroy_read_struct(&p, &i, NULL);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *check_size(SDL_Renderer *renderer, const char *path, png_uint_32 w,
                                      png_uint_32 h)
{
    PREPARE_ERROR(errctx);
    SDL_PropertiesID props = SDL_GetRendererProperties(renderer);
    Sint64 side = SDL_GetNumberProperty(props, SDL_PROP_RENDERER_MAX_TEXTURE_SIZE_NUMBER, 0);
    const char *whose = "this renderer's";
    if (side <= 0 || side > AKGL_IMAGE_MAX_SIDE) {
        side = AKGL_IMAGE_MAX_SIDE; /* unknown, or more than we take */
        whose = "akgl's (AKGL_IMAGE_MAX_SIDE)";
    }
    if ((Sint64)w > side || (Sint64)h > side) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "image \"%s\": the image is %ux%u; %s largest texture is %lldx%lld", path,
                    (unsigned)w, (unsigned)h, whose, (long long)side, (long long)side);
    }
    if ((uint64_t)w * h > AKGL_IMAGE_MAX_PIXELS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "image \"%s\": the image is %ux%u, %llu pixels; the limit is %u "
                    "(AKGL_IMAGE_MAX_PIXELS)", path, (unsigned)w, (unsigned)h,
                    (unsigned long long)w * h, AKGL_IMAGE_MAX_PIXELS);
    }
    SUCCEED_RETURN(errctx);
}

/* Decodes the checked file and uploads it. */
static akerr_ErrorContext *decode(SDL_Renderer *renderer, const char *path,
                                  const unsigned char *data, size_t size, SDL_Texture **dest)
{
    PREPARE_ERROR(errctx);
    if (akgl_fault_now(AKGL_FAULT_IMAGE)) {
        FAIL_RETURN(errctx, AKERR_FORMAT, "image \"%s\": cannot decode it: injected fault",
                    path);
    }
    unsigned long failures = akgl_alloc_mark();
    SDL_IOStream *io = SDL_IOFromConstMem(data, size);
    SDL_Surface *surface = io ? IMG_LoadPNG_IO(io) : NULL;
    if (io != NULL) {
        SDL_CloseIO(io);
    }
    if (surface == NULL) {
        /* SDL_image's libpng allocates with libc's malloc, and says "Error
         * reading the PNG file" when it fails: errno ENOMEM tells. */
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                            "image \"%s\": out of memory decoding the image", path);
        FAIL_RETURN(errctx, AKERR_FORMAT, "image \"%s\": cannot decode it: %s", path,
                    SDL_GetError());
    }
    SDL_Texture *texture = SDL_CreateTextureFromSurface(renderer, surface);
    SDL_DestroySurface(surface);
    if (texture == NULL) {
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                            "image \"%s\": out of memory uploading the image", path);
        FAIL_RETURN(errctx, AKERR_API, "image \"%s\": the renderer refused it: %s", path,
                    SDL_GetError());
    }
    *dest = texture;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_image_load_texture(SDL_Renderer *renderer, const char *path,
                                            SDL_Texture **dest)
{
    unsigned char *data = NULL;
    size_t size = 0;
    png_uint_32 w = 0, h = 0;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, renderer, AKERR_NULLPOINTER,
                     "akgl_image_load_texture: NULL renderer");
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_image_load_texture: NULL path");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_image_load_texture: NULL dest");
    PASS(errctx, akgl_alloc_watch_install());
    char label[AKGL_MAX_STRING_LENGTH + 16];
    snprintf(label, sizeof(label), "image \"%s\"", path);
    PASS(errctx, akgl_file_read_whole(label, path, AKGL_IMAGE_MAX_FILE_SIZE,
                                      "AKGL_IMAGE_MAX_FILE_SIZE", &data, &size));
    ATTEMPT {
        CATCH(errctx, read_header(path, data, size, &w, &h));
        CATCH(errctx, check_size(renderer, path, w, h));
        CATCH(errctx, decode(renderer, path, data, size, dest));
    } CLEANUP {
        SDL_free(data);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Images of akgl_image_load                                                */
/* ------------------------------------------------------------------------ */

AKGL_HEAP_POOL(akgl_heap_pool_image, akgl_Image, akgl_heap_images);

akerr_ErrorContext *akgl_heap_next_image(akgl_Image **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_IMAGE, (void **)dest);
}

akerr_ErrorContext *akgl_heap_release_image(akgl_Image *image)
{
    bool teardown = false;
    PREPARE_ERROR(errctx);
    /* Compared with the bound target before anything is read through it. */
    if (image != NULL && game.renderer != NULL && game.renderer->target == image &&
        image->refcount == 1) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "akgl_heap_release_image: %s is being drawn into; "
                    "akgl_render_target_end first (it is left as it was)", image->path);
    }
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_IMAGE, image, image ? image->path : "", false,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    if (image->texture != NULL) {
        SDL_DestroyTexture(image->texture);
    }
    akgl_heap_release_end(AKGL_HEAP_IMAGE, image);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_image_load(const char *path, akgl_Image **dest)
{
    SDL_Texture *texture = NULL;
    akgl_Image *image = NULL;
    float w = 0.0f, h = 0.0f;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_image_load: NULL path");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_image_load: NULL destination");
    size_t length = strlen(path);
    if (length >= AKGL_IMAGE_MAX_PATH_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_image_load: the path is %zu bytes; the limit is %d "
                    "(AKGL_IMAGE_MAX_PATH_LENGTH - 1)", length, AKGL_IMAGE_MAX_PATH_LENGTH - 1);
    }
    if (game.renderer == NULL || game.renderer->sdl_renderer == NULL) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "image \"%s\": no renderer is bound (akgl_render_2d_init or "
                    "akgl_render_2d_bind first)", path);
    }
    SDL_Renderer *renderer = game.renderer->sdl_renderer;
    /* The file is read and checked before a slot is claimed: a file that
     * fails costs no slot. */
    PASS(errctx, akgl_image_load_texture(renderer, path, &texture));
    ATTEMPT {
        /* Pixel art: sampled exactly when scaled, as sprite sheets are. */
        FAIL_ZERO_BREAK(errctx, SDL_SetTextureScaleMode(texture, SDL_SCALEMODE_NEAREST),
                        AKERR_API, "image \"%s\": cannot set nearest-pixel scaling: %s", path,
                        SDL_GetError());
        FAIL_ZERO_BREAK(errctx, SDL_GetTextureSize(texture, &w, &h), AKERR_API,
                        "image \"%s\": cannot read the texture's size: %s", path,
                        SDL_GetError());
        CATCH(errctx, akgl_heap_next_image(&image));
    } CLEANUP {
    } PROCESS(errctx) {
        SDL_DestroyTexture(texture);
    } FINISH(errctx, true);
    memcpy(image->path, path, length + 1);
    image->texture = texture;
    image->renderer = renderer;
    image->w = (int)w;
    image->h = (int)h;
    *dest = image;
    akgl_watch_note(AKGL_WATCH_IMAGE, path, NULL);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_image_size(const akgl_Image *image, int *w, int *h)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, image, AKERR_NULLPOINTER, "akgl_image_size: NULL image");
    if (image->refcount <= 0 || image->texture == NULL) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "akgl_image_size: the image has been released (or was never loaded)");
    }
    if (w != NULL) {
        *w = image->w;
    }
    if (h != NULL) {
        *h = image->h;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_image_reload_path(const char *path, int *count)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_image_reload_path: NULL path");
    FAIL_ZERO_RETURN(errctx, count, AKERR_NULLPOINTER, "akgl_image_reload_path: NULL count");
    *count = 0;
    const akgl_HeapPool *pool = &akgl_heap_pool_image;
    for (int id = akgl_heap_next_live(pool, 0); id >= 0; id = akgl_heap_next_live_after(pool, id)) {
        akgl_Image *image = &akgl_heap_images[id];
        if (image->target || image->texture == NULL || strcmp(image->path, path) != 0) {
            continue;
        }
        SDL_Texture *texture = NULL;
        float w = 0.0f, h = 0.0f;
        PASS(errctx, akgl_image_load_texture(image->renderer, path, &texture));
        if (!SDL_SetTextureScaleMode(texture, SDL_SCALEMODE_NEAREST) ||
            !SDL_GetTextureSize(texture, &w, &h)) {
            FAIL(errctx, AKERR_API, "image \"%s\": cannot set the new texture up: %s", path,
                 SDL_GetError());
            SDL_DestroyTexture(texture);
            return errctx;
        }
        SDL_BlendMode mode = SDL_BLENDMODE_BLEND;
        if (SDL_GetTextureBlendMode(image->texture, &mode)) {
            (void)SDL_SetTextureBlendMode(texture, mode); /* keeps akgl_image_set_blend's */
        }
        SDL_DestroyTexture(image->texture);
        image->texture = texture;
        image->w = (int)w;
        image->h = (int)h;
        (*count)++;
    }
    SUCCEED_RETURN(errctx);
}
