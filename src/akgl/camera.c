/*
 * The camera: a world rectangle, a followed actor, a dead zone and bounds.
 *
 * Layer: world (it holds a reference on an actor). The rectangle's type
 * and the test of what it sees (akgl_render_view_sees) are the backend's,
 * which draws through it: akgl_camera_sees is that test with its checks.
 */
#include <akgl/camera.h>

#include "actor_private.h"
#include "object.h"
#include "render_private.h"

#include <akgl/heap.h>

#include <string.h>

akerr_ErrorContext *akgl_camera_init(akgl_Camera *cam, float w, float h)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_init: NULL camera");
    if (!(w >= 1.0f && h >= 1.0f)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_init: a view of %gx%g; both sides must be "
                    "at least 1 pixel", (double)w, (double)h);
    }
    memset(cam, 0, sizeof(*cam));
    cam->w = w;
    cam->h = h;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_follow(akgl_Camera *cam, akgl_Actor *actor, float deadzone_w,
                                       float deadzone_h)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_follow: NULL camera");
    if (!(deadzone_w >= 0.0f && deadzone_w <= cam->w && deadzone_h >= 0.0f &&
          deadzone_h <= cam->h)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_follow: a dead zone of %gx%g must fit in "
                    "the %gx%g view", (double)deadzone_w, (double)deadzone_h, (double)cam->w,
                    (double)cam->h);
    }
    /* The camera keeps a pointer: it holds a reference, through the holds
     * table, so a level change can make it let go (akgl_game_unload). */
    PASS(errctx, akgl_actor_hold(&cam->follow, actor));
    cam->deadzone_w = deadzone_w;
    cam->deadzone_h = deadzone_h;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_set_bounds(akgl_Camera *cam, const SDL_FRect *bounds)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_set_bounds: NULL camera");
    if (bounds == NULL) {
        cam->bounded = false;
        SUCCEED_RETURN(errctx);
    }
    if (!(bounds->w > 0.0f && bounds->h > 0.0f)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_set_bounds: bounds of %gx%g are empty",
                    (double)bounds->w, (double)bounds->h);
    }
    cam->bounds = *bounds;
    cam->bounded = true;
    SUCCEED_RETURN(errctx);
}

/* Moves one axis of the view so `centre` lies in the dead zone. */
static float follow_axis(float view, float size, float deadzone, float centre)
{
    float lo = view + (size - deadzone) / 2.0f;
    float hi = lo + deadzone;
    if (centre < lo) {
        return view - (lo - centre);
    }
    if (centre > hi) {
        return view + (centre - hi);
    }
    return view;
}

/* Keeps one axis of the view inside [start, start+extent]; centres it when smaller. */
static float clamp_axis(float view, float size, float start, float extent)
{
    if (extent <= size) {
        return start + (extent - size) / 2.0f;
    }
    if (view < start) {
        return start;
    }
    if (view + size > start + extent) {
        return start + extent - size;
    }
    return view;
}

akerr_ErrorContext *akgl_camera_update(akgl_Camera *cam, float frame_w, float frame_h)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_update: NULL camera");
    if (cam->follow != NULL) {
        float cx = cam->follow->x + frame_w / 2.0f;
        float cy = cam->follow->y + frame_h / 2.0f;
        cam->x = follow_axis(cam->x, cam->w, cam->deadzone_w, cx);
        cam->y = follow_axis(cam->y, cam->h, cam->deadzone_h, cy);
    }
    if (cam->bounded) {
        cam->x = clamp_axis(cam->x, cam->w, cam->bounds.x, cam->bounds.w);
        cam->y = clamp_axis(cam->y, cam->h, cam->bounds.y, cam->bounds.h);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_sees(const akgl_Camera *cam, const SDL_FRect *r, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_sees: NULL camera");
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_camera_sees: NULL rectangle");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_camera_sees: NULL destination");
    *dest = akgl_render_view_sees(cam, r);
    SUCCEED_RETURN(errctx);
}
