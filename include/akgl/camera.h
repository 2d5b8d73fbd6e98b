/**
 * @file akgl/camera.h
 * @brief The camera: the rectangle of the world the screen shows.
 *
 * Layer: world. The camera's type, akgl_Camera, is defined in akgl/render.h
 * (a renderer holds one by value and draws through it); this header, which
 * includes that one, holds what moves a camera: following an actor, bounds,
 * the per-frame update.
 *
 * Positions are world pixels. Drawing subtracts the camera's x, y, then
 * zooms and turns about the view's centre and adds the shake (akgl_Camera);
 * anything wholly outside the view's bounding box is not submitted at all.
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
 * @brief A camera at (0, 0) of @p w x @p h pixels, following nothing, at
 *        zoom 1 and rotation 0, not shaking.
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
 *        clamps it to the bounds, then sets the shake's offset for the game
 *        time now. akgl_game_update calls it each frame. Under zoom the dead
 *        zone stays in screen pixels; under rotation it and the bounds are
 *        taken along the world's axes, the bounds against the view's box.
 * @param cam     The camera.
 * @param frame_w Width of the followed actor's current frame (0 for a point).
 * @param frame_h Height of that frame (0 for a point).
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for a zoom or rotation field holding a value
 *         akgl_camera_set_zoom or akgl_camera_set_rotation refuses (written
 *         directly): the camera is unchanged.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_update(akgl_Camera *cam, float frame_w,
                                                      float frame_h);

/**
 * @brief Whether any part of the world rectangle @p r lies in the view
 *        (its bounding box under zoom or rotation: akgl_camera_view_bounds).
 * @param cam  The camera.
 * @param r    The world rectangle.
 * @param dest Gets the answer.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_sees(const akgl_Camera *cam, const SDL_FRect *r,
                                                    bool *dest);


/** Frequency of the shake's horizontal swing, Hz (akgl_camera_shake). */
#define AKGL_CAMERA_SHAKE_HZ_X 13.0
/** Frequency of the shake's vertical swing, Hz (akgl_camera_shake). */
#define AKGL_CAMERA_SHAKE_HZ_Y 17.0

/**
 * @brief Sets how much the view magnifies: @p zoom screen pixels per world
 *        pixel, about the view's centre (2 shows half as much world, twice
 *        as large; 0.5 twice as much).
 * @param cam  The camera.
 * @param zoom AKGL_CAMERA_MIN_ZOOM .. AKGL_CAMERA_MAX_ZOOM (1: none).
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for NaN or a zoom outside
 *         the limits (the message gives both; the camera is unchanged).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_set_zoom(akgl_Camera *cam, float zoom);

/**
 * @brief Turns the world @p degrees clockwise on the screen about the view's
 *        centre (the camera turns the other way). Kept as 0..360.
 * @param cam     The camera.
 * @param degrees Any finite number of degrees (370 is 10, -90 is 270).
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for NaN or an infinity (the
 *         camera is unchanged).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_set_rotation(akgl_Camera *cam, float degrees);

/**
 * @brief Shakes the view for @p duration_s seconds of game time, starting
 *        @p amplitude_px screen pixels wide and decaying linearly to 0.
 *
 * A fixed pattern, no randomness: at t seconds after the call the picture
 * is moved by round(k sin(2 pi 13 t)), round(k cos(2 pi 17 t)) screen pixels,
 * k = amplitude_px (1 - t / duration_s) (AKGL_CAMERA_SHAKE_HZ_X, _Y), t read
 * from akgl_time_now, so a manual clock gives the same offsets every run.
 * akgl_camera_update sets the offset (shake_x, shake_y) each frame; after
 * the duration it is 0 again. A new shake replaces the one under way; an
 * amplitude or duration of 0 stops it at once.
 * @param cam          The camera.
 * @param amplitude_px 0 .. AKGL_CAMERA_MAX_SHAKE_PX screen pixels.
 * @param duration_s   0 .. AKGL_CAMERA_MAX_SHAKE_S seconds of game time.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for NaN or a value outside
 *         its limit (the camera is unchanged).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_shake(akgl_Camera *cam, float amplitude_px,
                                                     float duration_s);

/**
 * @brief Where the world point (@p wx, @p wy) is on the screen, through the
 *        camera's position, zoom, rotation and shake. Screen pixels are the
 *        view's: the renderer's logical pixels under a logical presentation.
 * @param cam The camera.
 * @param wx  World x.
 * @param wy  World y.
 * @param sx  Gets the screen x.
 * @param sy  Gets the screen y.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for a point that is not
 *         finite, or a camera whose zoom or rotation fields hold a value
 *         the setters refuse.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_world_to_screen(const akgl_Camera *cam, float wx,
                                                               float wy, float *sx, float *sy);

/**
 * @brief The world point under the screen point (@p sx, @p sy): the exact
 *        inverse of akgl_camera_world_to_screen (a mouse click in the world).
 *        Mouse events the app runner hands the game are in the view's
 *        pixels already (akgl_render_map_event).
 * @param cam The camera.
 * @param sx  Screen x, the view's pixels.
 * @param sy  Screen y, the view's pixels.
 * @param wx  Gets the world x.
 * @param wy  Gets the world y.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE as akgl_camera_world_to_screen.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_screen_to_world(const akgl_Camera *cam, float sx,
                                                               float sy, float *wx, float *wy);

/**
 * @brief The world rectangle bounding what the camera shows: x, y, w, h at
 *        zoom 1 and rotation 0; under zoom, rotation or shake the box of the
 *        turned and scaled view. Culling tests against it.
 * @param cam  The camera.
 * @param dest Gets the rectangle.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_camera_view_bounds(const akgl_Camera *cam,
                                                           SDL_FRect *dest);
#ifdef __cplusplus
}
#endif

#endif /* AKGL_CAMERA_H */
