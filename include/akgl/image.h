/**
 * @file akgl/image.h
 * @brief Images: a PNG loaded from a file in one call, drawn whole or by
 *        region with akgl_draw_image (akgl/draw.h).
 *
 * Layer: backend (docs/03-layers.md).
 *
 * An image is a pool object (heap layer AKGL_HEAP_IMAGE, AKGL_MAX_HEAP_IMAGE
 * slots unless the game asks for more when it starts): its slot is taken
 * when it loads and given back by akgl_heap_release_image, or by
 * akgl_game_unload with AKGL_UNLOAD_IMAGES. Nothing is allocated for it but
 * the file's bytes while it loads and the texture SDL makes.
 *
 * Like a spritesheet it belongs to the renderer bound when it was loaded:
 * its pixels are a texture on that renderer. Release images before that
 * renderer is shut down, on the thread that owns it.
 */
#ifndef AKGL_IMAGE_H
#define AKGL_IMAGE_H

#include <akerror.h>
#include <akgl/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A loaded image (opaque; a slot of the image pool). */
typedef struct akgl_Image akgl_Image;

/**
 * @brief Loads the PNG file @p path as an image of the bound renderer,
 *        sampled nearest-neighbour (pixel art stays sharp when scaled).
 *
 * The file goes through the checks every image akgl loads goes through
 * (docs/19-reliability.md): a regular file of at most
 * AKGL_IMAGE_MAX_FILE_SIZE bytes, under the asset root when one is set
 * (akgl/file.h), whose PNG header is read and whose size is checked before
 * anything decodes it.
 * @param path The PNG file; kept (at most AKGL_IMAGE_MAX_PATH_LENGTH-1
 *             bytes) for messages.
 * @param dest Receives the image; the caller holds its one reference.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p path or @p dest;
 *         AKERR_OUTOFBOUNDS for a path of AKGL_IMAGE_MAX_PATH_LENGTH bytes or
 *         more; AKERR_BEHAVIOR when no renderer is bound; the errno status
 *         for a file that cannot be opened (ENOENT...), EACCES for one outside
 *         the asset root, EISDIR / AKERR_IO for a directory / FIFO or device;
 *         AKERR_OUTOFBOUNDS for a file or an image over its caps;
 *         AKERR_FORMAT for a file that is not a PNG or is broken; ENOMEM when
 *         an allocation failed; AKGL_ERR_HEAP when every image slot is taken;
 *         AKERR_API when the renderer refuses the texture. Messages begin
 *         `image "path"`. On failure nothing is claimed: no slot, no texture.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_image_load(const char *path, akgl_Image **dest);

/**
 * @brief The image's size in pixels.
 * @param image A loaded image.
 * @param w, h  Receive its width and height (either may be NULL).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p image; AKERR_BEHAVIOR for
 *         an image that has been released.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_image_size(const akgl_Image *image, int *w, int *h);

/**
 * @brief Claims a zeroed image slot with refcount 1 (akgl_image_load does
 *        this for you; a slot claimed here and never loaded is released as is).
 * @param dest Receives the slot.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when every slot is taken.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_image(akgl_Image **dest);

/**
 * @brief Gives one reference back; the last one destroys the image's
 *        texture and frees its slot.
 * @param image The image; after its last reference, a dangling pointer.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when already released;
 *         AKERR_BEHAVIOR, with nothing written, for a pointer that is not a
 *         slot of the image pool (an image only ever lives in it).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_image(akgl_Image *image);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_IMAGE_H */
