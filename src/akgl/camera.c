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
#include <akgl/time.h>

#include <math.h>

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
    cam->zoom = 1.0f;
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


akerr_ErrorContext *akgl_camera_sees(const akgl_Camera *cam, const SDL_FRect *r, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_sees: NULL camera");
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_camera_sees: NULL rectangle");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_camera_sees: NULL destination");
    *dest = akgl_render_view_sees(cam, r);
    SUCCEED_RETURN(errctx);
}

/* Whether @p v is a zoom the camera takes (0, a zeroed camera's, is taken as 1 and accepted). */
static bool zoom_ok(float v)
{
    return v == 0.0f || (v >= AKGL_CAMERA_MIN_ZOOM && v <= AKGL_CAMERA_MAX_ZOOM);
}

akerr_ErrorContext *akgl_camera_set_zoom(akgl_Camera *cam, float zoom)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_set_zoom: NULL camera");
    if (!(zoom >= AKGL_CAMERA_MIN_ZOOM && zoom <= AKGL_CAMERA_MAX_ZOOM)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_set_zoom: zoom %g; it must be %g..%g "
                    "(AKGL_CAMERA_MIN_ZOOM..AKGL_CAMERA_MAX_ZOOM)", (double)zoom,
                    (double)AKGL_CAMERA_MIN_ZOOM, (double)AKGL_CAMERA_MAX_ZOOM);
    }
    cam->zoom = zoom;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_set_rotation(akgl_Camera *cam, float degrees)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_set_rotation: NULL camera");
    if (!isfinite(degrees)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_set_rotation: rotation %g; it must be a "
                    "finite number of degrees", (double)degrees);
    }
    float turn = fmodf(degrees, 360.0f);
    if (turn < 0.0f) {
        turn += 360.0f;
    }
    /* -0 and a tiny negative turn (which rounds to 360 above) are no turn. */
    cam->rotation = turn >= 360.0f || turn == 0.0f ? 0.0f : turn;
    SUCCEED_RETURN(errctx);
}

/* The shake's offset at game time @p now, or its end (offset 0, shaking no more). */
static void shake_at(akgl_Camera *cam, uint64_t now)
{
    uint64_t elapsed = now > cam->shake_start_ns ? now - cam->shake_start_ns : 0;
    if (cam->shake_amplitude <= 0.0f || elapsed >= cam->shake_duration_ns) {
        cam->shake_amplitude = 0.0f;
        cam->shake_x = 0.0f;
        cam->shake_y = 0.0f;
        return;
    }
    double t = (double)elapsed / 1e9;
    double k = (double)cam->shake_amplitude *
               (1.0 - (double)elapsed / (double)cam->shake_duration_ns);
    cam->shake_x = (float)SDL_round(k * SDL_sin(2.0 * SDL_PI_D * AKGL_CAMERA_SHAKE_HZ_X * t));
    cam->shake_y = (float)SDL_round(k * SDL_cos(2.0 * SDL_PI_D * AKGL_CAMERA_SHAKE_HZ_Y * t));
}

akerr_ErrorContext *akgl_camera_shake(akgl_Camera *cam, float amplitude_px, float duration_s)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_shake: NULL camera");
    if (!(amplitude_px >= 0.0f && amplitude_px <= AKGL_CAMERA_MAX_SHAKE_PX)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_shake: amplitude %g pixels; it must be "
                    "0..%g (AKGL_CAMERA_MAX_SHAKE_PX)", (double)amplitude_px,
                    (double)AKGL_CAMERA_MAX_SHAKE_PX);
    }
    if (!(duration_s >= 0.0f && duration_s <= AKGL_CAMERA_MAX_SHAKE_S)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_shake: duration %g s; it must be 0..%g "
                    "(AKGL_CAMERA_MAX_SHAKE_S)", (double)duration_s,
                    (double)AKGL_CAMERA_MAX_SHAKE_S);
    }
    cam->shake_amplitude = amplitude_px;
    cam->shake_start_ns = akgl_time_now();
    cam->shake_duration_ns = (uint64_t)((double)duration_s * 1e9 + 0.5);
    shake_at(cam, cam->shake_start_ns);
    SUCCEED_RETURN(errctx);
}

/* The camera's turn (exact at multiples of 90 degrees) and zoom, in double. */
static void turn_of(const akgl_Camera *cam, double *c, double *s, double *z)
{
    float fc, fs;
    akgl_render_turn(cam->rotation, &fc, &fs);
    *c = (double)fc;
    *s = (double)fs;
    if (cam->rotation != 0.0f && fc != 0.0f && fs != 0.0f) {
        double rad = (double)cam->rotation * (SDL_PI_D / 180.0);
        *c = SDL_cos(rad);
        *s = SDL_sin(rad);
    }
    *z = cam->zoom == 0.0f ? 1.0 : (double)cam->zoom;
}

/* The checks a conversion makes of its arguments. */
static akerr_ErrorContext *convert_check(const char *who, const akgl_Camera *cam, float x,
                                         float y, const float *dx, const float *dy)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "%s: NULL camera", who);
    FAIL_NONZERO_RETURN(errctx, dx == NULL || dy == NULL, AKERR_NULLPOINTER,
                        "%s: NULL destination", who);
    if (!(isfinite(x) && isfinite(y))) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: the point (%g, %g) must be finite", who,
                    (double)x, (double)y);
    }
    if (!zoom_ok(cam->zoom) || !isfinite(cam->rotation)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: the camera's zoom %g or rotation %g is not one "
                    "akgl_camera_set_zoom and akgl_camera_set_rotation take", who,
                    (double)cam->zoom, (double)cam->rotation);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_world_to_screen(const akgl_Camera *cam, float wx, float wy,
                                                float *sx, float *sy)
{
    double c, s, z;
    PREPARE_ERROR(errctx);
    PASS(errctx, convert_check("akgl_camera_world_to_screen", cam, wx, wy, sx, sy));
    turn_of(cam, &c, &s, &z);
    /* In double, from the view's centre: the same transform as drawing's. */
    double dx = (double)wx - ((double)cam->x + (double)cam->w * 0.5);
    double dy = (double)wy - ((double)cam->y + (double)cam->h * 0.5);
    *sx = (float)(z * (c * dx - s * dy) + (double)cam->w * 0.5 + (double)cam->shake_x);
    *sy = (float)(z * (s * dx + c * dy) + (double)cam->h * 0.5 + (double)cam->shake_y);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_screen_to_world(const akgl_Camera *cam, float sx, float sy,
                                                float *wx, float *wy)
{
    double c, s, z;
    PREPARE_ERROR(errctx);
    PASS(errctx, convert_check("akgl_camera_screen_to_world", cam, sx, sy, wx, wy));
    turn_of(cam, &c, &s, &z);
    /* The inverse: unshaken, turned back, unscaled, from the centre. */
    double dx = ((double)sx - (double)cam->w * 0.5 - (double)cam->shake_x) / z;
    double dy = ((double)sy - (double)cam->h * 0.5 - (double)cam->shake_y) / z;
    *wx = (float)(c * dx + s * dy + (double)cam->x + (double)cam->w * 0.5);
    *wy = (float)(-s * dx + c * dy + (double)cam->y + (double)cam->h * 0.5);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_view_bounds(const akgl_Camera *cam, SDL_FRect *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_view_bounds: NULL camera");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_camera_view_bounds: NULL destination");
    *dest = akgl_render_view_box(cam);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_camera_update(akgl_Camera *cam, float frame_w, float frame_h)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_camera_update: NULL camera");
    if (!zoom_ok(cam->zoom)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_update: the camera's zoom is %g; it must "
                    "be %g..%g (AKGL_CAMERA_MIN_ZOOM..AKGL_CAMERA_MAX_ZOOM), or 0 for 1",
                    (double)cam->zoom, (double)AKGL_CAMERA_MIN_ZOOM,
                    (double)AKGL_CAMERA_MAX_ZOOM);
    }
    if (!isfinite(cam->rotation)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_camera_update: the camera's rotation is %g; it "
                    "must be a finite number of degrees", (double)cam->rotation);
    }
    float z = cam->zoom == 0.0f ? 1.0f : cam->zoom;
    if (cam->follow != NULL) {
        float cx = cam->follow->x + frame_w / 2.0f;
        float cy = cam->follow->y + frame_h / 2.0f;
        /* The dead zone is in screen pixels: 1/zoom of them in the world. */
        cam->x = follow_axis(cam->x, cam->w, cam->deadzone_w / z, cx);
        cam->y = follow_axis(cam->y, cam->h, cam->deadzone_h / z, cy);
    }
    if (cam->bounded) {
        if (z == 1.0f && cam->rotation == 0.0f) {
            cam->x = clamp_axis(cam->x, cam->w, cam->bounds.x, cam->bounds.w);
            cam->y = clamp_axis(cam->y, cam->h, cam->bounds.y, cam->bounds.h);
        } else {
            /* What the screen shows of the world: the view's box under the
             * zoom and turn (without the shake), about the same centre. */
            float c, s;
            akgl_render_turn(cam->rotation, &c, &s);
            float hx = (SDL_fabsf(c) * cam->w + SDL_fabsf(s) * cam->h) * 0.5f / z;
            float hy = (SDL_fabsf(s) * cam->w + SDL_fabsf(c) * cam->h) * 0.5f / z;
            float vx = clamp_axis(cam->x + cam->w * 0.5f - hx, 2.0f * hx, cam->bounds.x,
                                  cam->bounds.w);
            float vy = clamp_axis(cam->y + cam->h * 0.5f - hy, 2.0f * hy, cam->bounds.y,
                                  cam->bounds.h);
            cam->x = vx + hx - cam->w * 0.5f;
            cam->y = vy + hy - cam->h * 0.5f;
        }
    }
    if (cam->shake_amplitude > 0.0f || cam->shake_x != 0.0f || cam->shake_y != 0.0f) {
        shake_at(cam, akgl_time_now());
    }
    SUCCEED_RETURN(errctx);
}
