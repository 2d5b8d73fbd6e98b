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
#include <akgl/render.h>

#include <SDL3/SDL.h>

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
 *         slot of the image pool (an image only ever lives in it), or for
 *         the last reference of the render target being drawn into
 *         (akgl_render_target_end first; the image stays as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_image(akgl_Image *image);

/**
 * @brief How @p image's pixels combine with what is beneath them when it is
 *        drawn (akgl/render.h's blend modes). It stays until set again; a
 *        loaded image and a new render target start at SDL_BLENDMODE_BLEND.
 * @param image A loaded image or a render target.
 * @param mode  SDL_BLENDMODE_BLEND, _ADD, _MUL or _NONE.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for a released image;
 *         AKERR_VALUE for another mode (akgl_render_check_blend, naming the
 *         image); AKERR_API with SDL's error. On failure the mode is as it was.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_image_set_blend(akgl_Image *image, SDL_BlendMode mode);

/**
 * @name Render targets
 * A render target is an image whose pixels are drawn by the game: between
 * akgl_render_target_begin and akgl_render_target_end every draw
 * (akgl/draw.h's shapes and images, akgl/text.h's text, actors, map tiles,
 * akgl_game_draw_world) lands in it instead of on the screen. It is then
 * drawn like any image (akgl_draw_image, akgl_draw_image_ex: scaled,
 * turned, tinted, with its blend mode), and kept until it is drawn into
 * again, so a picture made once (a minimap of the level, a snapshot for a
 * transition) costs nothing per frame.
 *
 * A target takes a slot of the image pool, and its texture, when it is
 * made: make targets when the game loads, never per frame. Released as an
 * image (akgl_heap_release_image, akgl_game_unload with
 * AKGL_UNLOAD_IMAGES), except while it is being drawn into.
 *
 * Rules: one target at a time (begin while one is bound is refused; end
 * first). Inside a target, positions are the target's own pixels: the
 * screen's logical presentation does not apply there (it applies when the
 * target is drawn on the screen, like any image). Draws go through the
 * camera given to begin, or through one at 0, 0 of the target's size when
 * none is given: AKGL_DRAW_WORLD and AKGL_DRAW_SCREEN then coincide. A
 * target is drawn into inside a frame or outside one (at load time, say);
 * a frame must not start or end inside one: frame_start
 * lets go of a target left bound (the screen and the camera back) and
 * returns AKERR_BEHAVIOR without clearing, so the next frame starts clean;
 * frame_end puts them back, presents, and returns AKERR_BEHAVIOR.
 * @{ */

/**
 * @brief Makes a render target of @p w x @p h pixels, transparent black,
 *        sampled nearest-neighbour, blend mode "blend", on the bound renderer.
 * @param w, h The size in pixels: each 1..the renderer's largest texture
 *             (at most AKGL_IMAGE_MAX_SIDE), and w * h at most
 *             AKGL_IMAGE_MAX_PIXELS.
 * @param dest Receives the target; the caller holds its one reference.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_BEHAVIOR when no
 *         renderer is bound; AKERR_OUTOFBOUNDS for a size outside those
 *         limits (the message names the size and the limit); AKGL_ERR_HEAP
 *         when every image slot is taken; AKERR_API with SDL's error when
 *         the renderer cannot make or clear the texture. On failure nothing
 *         is claimed: no slot, no texture.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_target_create(int w, int h, akgl_Image **dest);

/**
 * @brief Makes @p target the bound renderer's render target: draws land in
 *        it until akgl_render_target_end.
 * @param target A render target (akgl_render_target_create).
 * @param clear  The colour to clear it to first; NULL keeps what it holds.
 * @param camera The camera draws go through inside it (its w and h are the
 *               view, in the target's pixels: a minimap's camera is the
 *               target's size, zoomed out), or NULL for the target's own
 *               pixels. Borrowed until end; the renderer's camera is put
 *               back then.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p target; AKERR_BEHAVIOR when
 *         no renderer is bound, for an image that is released or is not a
 *         render target, one made for another renderer, or while a target
 *         is bound already (naming both); AKERR_API with SDL's error (then
 *         the screen stays the target). On failure nothing changes.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_target_begin(akgl_Image *target,
                                                            const SDL_Color *clear,
                                                            akgl_Camera *camera);

/**
 * @brief Ends drawing into the bound render target: the screen is the
 *        target again and the renderer's camera is the one it had.
 * @return NULL; AKERR_BEHAVIOR when no renderer is bound or no target is
 *         (end without begin); AKERR_API with SDL's error (the target is
 *         unbound and the camera put back all the same).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_target_end(void);
/** @} */
#ifdef __cplusplus
}
#endif

#endif /* AKGL_IMAGE_H */
