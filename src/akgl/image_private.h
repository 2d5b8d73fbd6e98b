/*
 * Internal: loading an image file as a texture, safely (docs/19-reliability.md).
 * Every image akgl loads (sprite sheets now; tilesets and image layers as
 * they arrive) goes through here.
 */
#ifndef AKGL_SRC_IMAGE_PRIVATE_H
#define AKGL_SRC_IMAGE_PRIVATE_H

#include <akerror.h>

#include <SDL3/SDL.h>

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

#endif /* AKGL_SRC_IMAGE_PRIVATE_H */
