/**
 * @file akgl/camera.h
 * @brief The camera: the rectangle of the world the screen shows.
 *
 * Layer: world. The camera's type, akgl_Camera, is defined in akgl/render.h
 * (a renderer holds one by value and draws through it); this header, which
 * includes that one, holds what moves a camera: following an actor, bounds,
 * the per-frame update.
 *
 * Positions are world pixels. Drawing subtracts the camera's x, y, and
 * anything wholly outside the camera's rectangle is not submitted at all.
 * A new camera sits at (0, 0) with the size of the screen, so until a game
 * moves it, world and screen pixels coincide.
 *
 * Following: the camera keeps a followed actor's frame inside a dead zone,
 * a rectangle centred on the view; it moves only as far as needed to do so.
 * With bounds set, the view is then clamped inside them (a map smaller than
 * the view is centred). The camera holds a reference on the actor it follows,
 * through a table akgl_game_unload walks so that a level change makes every
 * camera let go first (AKGL_MAX_ACTOR_HOLDS cameras and controllers at once),
 * and akgl_actor_despawn too (the camera then follows nothing).
 * So a camera that follows an actor must stop following (akgl_camera_follow
 * with NULL) before its storage goes away.
 */
#ifndef AKGL_CAMERA_H
#define AKGL_CAMERA_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A camera at (0, 0) of @p w x @p h pixels, following nothing.
 *        What @p cam held before is not looked at (it may be garbage), so
 *        a camera that follows an actor must stop (akgl_camera_follow with
 *        NULL) before it is initialised again, or that reference is lost.
 * @param cam The camera.
 * @param w   View width, pixels.
 * @param h   View height, pixels.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for a size below 1 (the
 *         camera is left as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_init(akgl_Camera *cam, float w, float h);

/**
 * @brief Follows @p actor (NULL stops following), keeping it inside a
 *        dead zone of @p deadzone_w x @p deadzone_h pixels centred on the
 *        view. Takes a reference on the new actor, gives back the old one's.
 * @param cam        The camera.
 * @param actor      The actor to follow, or NULL.
 * @param deadzone_w Dead zone width, pixels.
 * @param deadzone_h Dead zone height, pixels.
 * @return NULL; AKERR_NULLPOINTER for a NULL camera; AKERR_VALUE for a
 *         negative or larger-than-the-view dead zone.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_follow(akgl_Camera *cam, akgl_Actor *actor,
                                                      float deadzone_w, float deadzone_h);

/**
 * @brief Keeps the view inside @p bounds (a map's extent); NULL removes the clamp.
 * @param cam    The camera.
 * @param bounds The world rectangle (copied), or NULL.
 * @return NULL; AKERR_NULLPOINTER for a NULL camera; AKERR_VALUE for an empty rectangle.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_set_bounds(akgl_Camera *cam,
                                                          const SDL_FRect *bounds);

/**
 * @brief Moves the view to keep the followed actor in the dead zone, then
 *        clamps it to the bounds. akgl_game_update calls it each frame.
 * @param cam     The camera.
 * @param frame_w Width of the followed actor's current frame (0 for a point).
 * @param frame_h Height of that frame (0 for a point).
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_update(akgl_Camera *cam, float frame_w,
                                                      float frame_h);

/**
 * @brief Whether any part of the world rectangle @p r lies in the view.
 * @param cam  The camera.
 * @param r    The world rectangle.
 * @param dest Gets the answer.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_sees(const akgl_Camera *cam, const SDL_FRect *r,
                                                    bool *dest);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_CAMERA_H */
