/*
 * Internal: loading an image file as a texture, safely (docs/19-reliability.md).
 * Every image akgl loads (sprite sheets now; tilesets and image layers as
 * they arrive) goes through here.
 */
#ifndef AKGL_SRC_IMAGE_PRIVATE_H
#define AKGL_SRC_IMAGE_PRIVATE_H

#include <akerror.h>
#include <akgl/image.h>
#include <akgl/limits.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

/*
 * An image of akgl_image_load: a slot of the image pool (heap layer
 * AKGL_HEAP_IMAGE). Layer: backend; the draws of akgl/draw.h (world) read it.
 */
struct akgl_Image
{
    int refcount;                           /* 0: free or released */
    SDL_Texture *texture;                   /* on `renderer`; NULL until loaded */
    SDL_Renderer *renderer;                 /* the renderer bound when it loaded */
    int w, h;                               /* the texture's size in pixels */
    bool target;                            /* a render target (akgl_render_target_create) */
    bool bound;                             /* the target being drawn into (begin .. end) */
    char path[AKGL_IMAGE_MAX_PATH_LENGTH];  /* as given to akgl_image_load */
};

/*
 * Loads the PNG at `path` as a texture of `renderer`. The file must be a
 * regular file of at most AKGL_IMAGE_MAX_FILE_SIZE bytes; its header is read
 * (by libpng) before anything decodes it, and an image wider or higher than
 * the renderer's largest texture, or of more than AKGL_IMAGE_MAX_PIXELS
 * pixels, is refused there. Any other format is refused: a header we do not
 * check is a decoder we do not trust with hostile input.
 *
 * Statuses: the errno status for a file that cannot be opened (ENOENT...);
 * EISDIR / AKERR_IO for a directory / FIFO / device; AKERR_OUTOFBOUNDS for a
 * file or an image over its caps (message: the size, the limit); EIO for a
 * failed read; AKERR_FORMAT for a file that is not a PNG or whose PNG is
 * broken; ENOMEM when an allocation failed while decoding or uploading;
 * AKERR_API when the renderer refuses the texture otherwise. Messages begin
 * `image "path": `. *dest is written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_image_load_texture(SDL_Renderer *renderer,
                                                           const char *path,
                                                           SDL_Texture **dest);

/*
 * Hot reload (akgl/reload.h): loads @p path again for every live image
 * akgl_image_load made from it (render targets have none), replacing each
 * one's texture in place (the akgl_Image pointers stay valid; the old
 * texture is destroyed). Each new texture is loaded and set up completely
 * before its image's old one goes, so a file that fails to load leaves the
 * images as they were. *count gets how many were replaced. Errors as
 * akgl_image_load's.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_image_reload_path(const char *path, int *count);

#endif /* AKGL_SRC_IMAGE_PRIVATE_H */
