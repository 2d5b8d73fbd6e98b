/*
 * The camera's zoom, rotation and shake, and its screen <-> world
 * conversions: known points and round trips, the refusals, the shake on the
 * manual clock, and drawing read back by pixels on both software renderer
 * kinds (a window from akgl_render_2d_init and a software renderer bound
 * with akgl_render_2d_bind): immediate shapes, an actor through the game
 * loop and its culling under rotation.
 *
 * The screen is 160 x 120 with the camera at (0, 0), so the view's centre
 * is the world point (80, 60), which stays at the screen's (80, 60) under
 * any zoom and rotation.
 */
#include <akgl/camera.h>
#include <akgl/draw.h>

#include "scene.h"

#include <math.h>

#define W 160
#define H 120

static const SDL_Color RED = {250, 10, 10, 255};

#define CHECK_NEAR(a, b, tol) \
    CHECK_MSG(fabs((double)(a) - (double)(b)) <= (tol), "%s is %g, expected %g", #a, \
              (double)(a), (double)(b))

/* ---- conversions -------------------------------------------------------- */

static void check_point(const akgl_Camera *cam, float wx, float wy, float sx, float sy)
{
    float gx = NAN, gy = NAN, bx = NAN, by = NAN;
    CHECK_OK(akgl_camera_world_to_screen(cam, wx, wy, &gx, &gy));
    CHECK_NEAR(gx, sx, 1e-4);
    CHECK_NEAR(gy, sy, 1e-4);
    CHECK_OK(akgl_camera_screen_to_world(cam, sx, sy, &bx, &by));
    CHECK_NEAR(bx, wx, 1e-4);
    CHECK_NEAR(by, wy, 1e-4);
}

static void test_known_points(void)
{
    akgl_Camera cam;
    /* A zeroed camera (zoom 0) is today's: world minus position. */
    SDL_zero(cam);
    cam.w = W;
    cam.h = H;
    cam.x = 100.0f;
    cam.y = -20.0f;
    check_point(&cam, 100.0f, -20.0f, 0.0f, 0.0f);
    check_point(&cam, 130.5f, 0.0f, 30.5f, 20.0f);

    CHECK_OK(akgl_camera_init(&cam, W, H));
    CHECK(cam.zoom == 1.0f);
    CHECK(cam.rotation == 0.0f);
    check_point(&cam, 10.0f, 20.0f, 10.0f, 20.0f);
    /* Zoom 2 about the centre (80, 60). */
    CHECK_OK(akgl_camera_set_zoom(&cam, 2.0f));
    check_point(&cam, 80.0f, 60.0f, 80.0f, 60.0f);
    check_point(&cam, 90.0f, 60.0f, 100.0f, 60.0f);
    check_point(&cam, 40.0f, 30.0f, 0.0f, 0.0f);
    /* Zoom 0.5: the screen's corner is twice as far away. */
    CHECK_OK(akgl_camera_set_zoom(&cam, 0.5f));
    check_point(&cam, -80.0f, -60.0f, 0.0f, 0.0f);
    /* Rotation 90: the world turns clockwise, its +x pointing down the screen. */
    CHECK_OK(akgl_camera_set_zoom(&cam, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(&cam, 90.0f));
    check_point(&cam, 90.0f, 60.0f, 80.0f, 70.0f);
    check_point(&cam, 80.0f, 70.0f, 70.0f, 60.0f);
    /* 45 degrees and zoom 2: (10, 0) from the centre goes to 20 * (cos, sin). */
    CHECK_OK(akgl_camera_set_zoom(&cam, 2.0f));
    CHECK_OK(akgl_camera_set_rotation(&cam, 45.0f));
    float d = 20.0f * (float)(SDL_sqrt(2.0) / 2.0);
    check_point(&cam, 90.0f, 60.0f, 80.0f + d, 60.0f + d);
    /* The camera moved: the centre follows its position. */
    cam.x = 1000.0f;
    cam.y = 500.0f;
    check_point(&cam, 1080.0f, 560.0f, 80.0f, 60.0f);
    /* The rotation is kept as 0..360. */
    CHECK_OK(akgl_camera_set_rotation(&cam, -90.0f));
    CHECK(cam.rotation == 270.0f);
    CHECK_OK(akgl_camera_set_rotation(&cam, 720.0f));
    CHECK(cam.rotation == 0.0f);
}

static void test_round_trips(void)
{
    const float zooms[] = {AKGL_CAMERA_MIN_ZOOM, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f,
                           AKGL_CAMERA_MAX_ZOOM};
    const float turns[] = {0.0f, 10.0f, 45.0f, 90.0f, 135.0f, 180.0f, 270.0f, 333.3f};
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 640, 480));
    cam.x = -321.25f;
    cam.y = 4000.5f;
    cam.shake_x = 3.0f;
    cam.shake_y = -2.0f;
    for (size_t z = 0; z < SDL_arraysize(zooms); z++) {
        for (size_t t = 0; t < SDL_arraysize(turns); t++) {
            CHECK_OK(akgl_camera_set_zoom(&cam, zooms[z]));
            CHECK_OK(akgl_camera_set_rotation(&cam, turns[t]));
            for (int sy = -40; sy <= 520; sy += 70) {
                for (int sx = -40; sx <= 680; sx += 90) {
                    float wx, wy, bx, by;
                    CHECK_OK(akgl_camera_screen_to_world(&cam, (float)sx, (float)sy, &wx, &wy));
                    CHECK_OK(akgl_camera_world_to_screen(&cam, wx, wy, &bx, &by));
                    CHECK_NEAR(bx, sx, 1e-3 * (1.0 + zooms[z]));
                    CHECK_NEAR(by, sy, 1e-3 * (1.0 + zooms[z]));
                }
            }
        }
    }
}

/* ---- refusals ----------------------------------------------------------- */

static bool same_camera(const akgl_Camera *a, const akgl_Camera *b)
{
    return memcmp(a, b, sizeof(*a)) == 0;
}

static void test_bad_values_refused(void)
{
    akgl_Camera cam, before;
    float x, y;
    CHECK_OK(akgl_camera_init(&cam, W, H));
    CHECK_OK(akgl_camera_set_zoom(&cam, 2.0f));
    before = cam;
    const float bad_zooms[] = {NAN, 0.0f, -1.0f, INFINITY, AKGL_CAMERA_MAX_ZOOM * 1.01f,
                               AKGL_CAMERA_MIN_ZOOM * 0.99f};
    for (size_t i = 0; i < SDL_arraysize(bad_zooms); i++) {
        CHECK_STATUS_MSG(akgl_camera_set_zoom(&cam, bad_zooms[i]), AKERR_VALUE,
                         "AKGL_CAMERA_MIN_ZOOM..AKGL_CAMERA_MAX_ZOOM");
        CHECK(same_camera(&cam, &before));
    }
    CHECK_STATUS_MSG(akgl_camera_set_zoom(&cam, 1000.0f), AKERR_VALUE, "zoom 1000");
    CHECK_STATUS_MSG(akgl_camera_set_rotation(&cam, NAN), AKERR_VALUE, "finite");
    CHECK_STATUS_MSG(akgl_camera_set_rotation(&cam, -INFINITY), AKERR_VALUE, "rotation -inf");
    CHECK(same_camera(&cam, &before));
    CHECK_STATUS_MSG(akgl_camera_shake(&cam, -1.0f, 1.0f), AKERR_VALUE, "amplitude -1");
    CHECK_STATUS_MSG(akgl_camera_shake(&cam, NAN, 1.0f), AKERR_VALUE,
                     "AKGL_CAMERA_MAX_SHAKE_PX");
    CHECK_STATUS_MSG(akgl_camera_shake(&cam, AKGL_CAMERA_MAX_SHAKE_PX + 1.0f, 1.0f),
                     AKERR_VALUE, "AKGL_CAMERA_MAX_SHAKE_PX");
    CHECK_STATUS_MSG(akgl_camera_shake(&cam, 4.0f, NAN), AKERR_VALUE,
                     "AKGL_CAMERA_MAX_SHAKE_S");
    CHECK_STATUS_MSG(akgl_camera_shake(&cam, 4.0f, AKGL_CAMERA_MAX_SHAKE_S * 2.0f),
                     AKERR_VALUE, "duration 120");
    CHECK(same_camera(&cam, &before));
    CHECK_STATUS(akgl_camera_set_zoom(NULL, 1.0f), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_set_rotation(NULL, 1.0f), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_shake(NULL, 1.0f, 1.0f), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_world_to_screen(NULL, 0, 0, &x, &y), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_world_to_screen(&cam, 0, 0, NULL, &y), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_screen_to_world(&cam, 0, 0, &x, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_camera_screen_to_world(&cam, NAN, 0, &x, &y), AKERR_VALUE,
                     "must be finite");
    CHECK_STATUS_MSG(akgl_camera_world_to_screen(&cam, 0, INFINITY, &x, &y), AKERR_VALUE,
                     "must be finite");
    CHECK_STATUS(akgl_camera_view_bounds(NULL, &(SDL_FRect){0}), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_view_bounds(&cam, NULL), AKERR_NULLPOINTER);
    /* Fields written directly with a value the setters refuse: the frame's
     * update and the conversions say so, and the camera does not move. */
    cam.zoom = NAN;
    before = cam;
    CHECK_STATUS_MSG(akgl_camera_update(&cam, 0, 0), AKERR_VALUE, "zoom is nan");
    CHECK_STATUS_MSG(akgl_camera_screen_to_world(&cam, 1, 1, &x, &y), AKERR_VALUE,
                     "zoom nan");
    cam.zoom = 500.0f;
    CHECK_STATUS_MSG(akgl_camera_update(&cam, 0, 0), AKERR_VALUE, "AKGL_CAMERA_MAX_ZOOM");
    cam.zoom = 1.0f;
    cam.rotation = INFINITY;
    CHECK_STATUS_MSG(akgl_camera_update(&cam, 0, 0), AKERR_VALUE, "rotation is inf");
    CHECK(cam.x == 0.0f && cam.y == 0.0f);
}

/* ---- the view's box and culling ------------------------------------------ */

static void test_view_bounds(void)
{
    akgl_Camera cam;
    SDL_FRect b;
    CHECK_OK(akgl_camera_init(&cam, W, H));
    cam.x = 10.0f;
    CHECK_OK(akgl_camera_view_bounds(&cam, &b));
    CHECK(b.x == 10.0f && b.y == 0.0f && b.w == W && b.h == H);
    CHECK_OK(akgl_camera_set_zoom(&cam, 2.0f));
    CHECK_OK(akgl_camera_view_bounds(&cam, &b));
    CHECK_NEAR(b.x, 50.0f, 1e-4);
    CHECK_NEAR(b.y, 30.0f, 1e-4);
    CHECK_NEAR(b.w, 80.0f, 1e-4);
    CHECK_NEAR(b.h, 60.0f, 1e-4);
    /* Rotation 90 at zoom 1: 120 wide, 160 high about (90, 60). */
    CHECK_OK(akgl_camera_set_zoom(&cam, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(&cam, 90.0f));
    CHECK_OK(akgl_camera_view_bounds(&cam, &b));
    CHECK_NEAR(b.x, 30.0f, 1e-4);
    CHECK_NEAR(b.y, -20.0f, 1e-4);
    CHECK_NEAR(b.w, 120.0f, 1e-4);
    CHECK_NEAR(b.h, 160.0f, 1e-4);
    /* What the turned view sees and the plain one does not, and the reverse. */
    bool seen = false;
    CHECK_OK(akgl_camera_sees(&cam, &(SDL_FRect){50, -15, 10, 10}, &seen));
    CHECK(seen);
    CHECK_OK(akgl_camera_sees(&cam, &(SDL_FRect){15, 50, 10, 10}, &seen));
    CHECK(!seen);
    CHECK_OK(akgl_camera_set_rotation(&cam, 0.0f));
    CHECK_OK(akgl_camera_sees(&cam, &(SDL_FRect){50, -15, 10, 10}, &seen));
    CHECK(!seen);
    CHECK_OK(akgl_camera_sees(&cam, &(SDL_FRect){15, 50, 10, 10}, &seen));
    CHECK(seen);
}

/* ---- shake on the manual clock ------------------------------------------ */

static void test_shake_on_the_manual_clock(void)
{
    akgl_Camera cam;
    CHECK_OK(akgl_time_use_manual(true));
    CHECK_OK(akgl_camera_init(&cam, W, H));
    CHECK_OK(akgl_camera_shake(&cam, 8.0f, 0.5f));
    /* t = 0: k = 8, sin 0 = 0, cos 0 = 1. */
    CHECK(cam.shake_x == 0.0f && cam.shake_y == 8.0f);
    float sx, sy;
    CHECK_OK(akgl_camera_world_to_screen(&cam, 10.0f, 10.0f, &sx, &sy));
    CHECK(sx == 10.0f && sy == 18.0f);
    /* t = 0.1: k = 6.4; 6.4 sin(2.6 pi) = 6.087 -> 6; 6.4 cos(3.4 pi) = -1.978 -> -2. */
    advance_ms(100);
    CHECK_OK(akgl_camera_update(&cam, 0, 0));
    CHECK(cam.shake_x == 6.0f && cam.shake_y == -2.0f);
    /* Paused time does not move it. */
    CHECK_OK(akgl_time_set_paused(true));
    CHECK_OK(akgl_camera_update(&cam, 0, 0));
    CHECK(cam.shake_x == 6.0f && cam.shake_y == -2.0f);
    CHECK_OK(akgl_time_set_paused(false));
    /* t = 0.25: k = 4; 4 sin(6.5 pi) = 4; 4 cos(8.5 pi) = 0. */
    advance_ms(150);
    CHECK_OK(akgl_camera_update(&cam, 0, 0));
    CHECK(cam.shake_x == 4.0f && cam.shake_y == 0.0f);
    /* t = 0.5: over; the camera is plain again. */
    advance_ms(250);
    CHECK_OK(akgl_camera_update(&cam, 0, 0));
    CHECK(cam.shake_x == 0.0f && cam.shake_y == 0.0f && cam.shake_amplitude == 0.0f);
    CHECK_OK(akgl_camera_world_to_screen(&cam, 10.0f, 10.0f, &sx, &sy));
    CHECK(sx == 10.0f && sy == 10.0f);
    /* A shake of 0 stops one under way. */
    CHECK_OK(akgl_camera_shake(&cam, 8.0f, 1.0f));
    CHECK(cam.shake_y == 8.0f);
    CHECK_OK(akgl_camera_shake(&cam, 0.0f, 1.0f));
    CHECK(cam.shake_x == 0.0f && cam.shake_y == 0.0f && cam.shake_amplitude == 0.0f);
    CHECK_OK(akgl_time_use_manual(false));
}

/* ---- drawing read back ---------------------------------------------------- */

static void begin(Scene *s)
{
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
}

static void end(Scene *s)
{
    CHECK_OK(s->r.frame_end(&s->r));
}

/* Whether the screen's pixel is red; for the edges of turned shapes, which
 * the test looks at one pixel inside or outside of. */
static bool red_at(SDL_Surface *f, int x, int y)
{
    return same_rgb(pixel_at(f, x, y), RED);
}

static void check_shapes(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    akgl_Camera *cam = s.r.camera;

    /* Zoom 2: the 10 x 10 square at (70, 50) covers screen 60..79 x 40..59. */
    CHECK_OK(akgl_camera_set_zoom(cam, 2.0f));
    begin(&s);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 70, 50, 10, 10, RED));
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 200, 50, 10, 10, RED)); /* off the view */
    CHECK_INT_EQ(s.r.stats.submitted, 1);
    CHECK_INT_EQ(s.r.stats.culled, 1);
    SDL_Surface *f = read_screen(s.r.sdl_renderer);
    for (int y = 38; y <= 61; y++) {
        for (int x = 58; x <= 81; x++) {
            bool inside = x >= 60 && x <= 79 && y >= 40 && y <= 59;
            CHECK_MSG(red_at(f, x, y) == inside, "zoom 2: pixel (%d, %d)", x, y);
        }
    }
    SDL_DestroySurface(f);
    end(&s);

    /* Zoom 0.5: the 40 x 40 square at (60, 40) covers 70..89 x 50..69; a
     * circle of radius 8 at (80, 0) is one of 4 at screen (80, 30). */
    CHECK_OK(akgl_camera_set_zoom(cam, 0.5f));
    begin(&s);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 60, 40, 40, 40, RED));
    CHECK_OK(akgl_draw_circle_filled(AKGL_DRAW_WORLD, 80, 0, 8, RED));
    /* Screen drawing ignores the camera. */
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 0, 0, 4, 4, RED));
    f = read_screen(s.r.sdl_renderer);
    for (int y = 48; y <= 71; y++) {
        for (int x = 68; x <= 91; x++) {
            bool inside = x >= 70 && x <= 89 && y >= 50 && y <= 69;
            CHECK_MSG(red_at(f, x, y) == inside, "zoom 0.5: pixel (%d, %d)", x, y);
        }
    }
    CHECK(red_at(f, 80, 30) && red_at(f, 82, 30) && red_at(f, 80, 27));
    CHECK(!red_at(f, 86, 30) && !red_at(f, 80, 24));
    CHECK(red_at(f, 3, 3) && !red_at(f, 4, 4));
    SDL_DestroySurface(f);
    end(&s);

    /* Rotation 90: the 20 x 10 bar right of the centre (90..110 x 55..65)
     * stands below it: screen 75..84 x 70..89. */
    CHECK_OK(akgl_camera_set_zoom(cam, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(cam, 90.0f));
    begin(&s);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 90, 55, 20, 10, RED));
    f = read_screen(s.r.sdl_renderer);
    for (int y = 68; y <= 91; y++) {
        for (int x = 73; x <= 86; x++) {
            bool inside = x >= 75 && x <= 84 && y >= 70 && y <= 89;
            CHECK_MSG(red_at(f, x, y) == inside, "rotation 90: pixel (%d, %d)", x, y);
        }
    }
    SDL_DestroySurface(f);
    end(&s);

    /* Rotation 45: the 20 x 20 square about the centre is a diamond with
     * its tips 14.1 pixels away; the square's own corners are left clear. */
    CHECK_OK(akgl_camera_set_rotation(cam, 45.0f));
    begin(&s);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 70, 50, 20, 20, RED));
    f = read_screen(s.r.sdl_renderer);
    CHECK(red_at(f, 80, 60));
    CHECK(red_at(f, 80, 48) && red_at(f, 80, 71) && red_at(f, 68, 60) && red_at(f, 91, 60));
    CHECK(!red_at(f, 80, 44) && !red_at(f, 80, 76) && !red_at(f, 64, 60) && !red_at(f, 96, 60));
    CHECK(!red_at(f, 71, 51) && !red_at(f, 88, 51) && !red_at(f, 71, 68) && !red_at(f, 88, 68));
    SDL_DestroySurface(f);
    end(&s);

    /* A shake moves the picture by its offset. */
    CHECK_OK(akgl_camera_set_rotation(cam, 0.0f));
    CHECK_OK(akgl_time_use_manual(true));
    CHECK_OK(akgl_camera_shake(cam, 5.0f, 1.0f)); /* (0, 5) at once */
    begin(&s);
    CHECK_OK(akgl_draw_rect_filled(AKGL_DRAW_WORLD, 20, 20, 10, 10, RED));
    f = read_screen(s.r.sdl_renderer);
    CHECK(red_at(f, 20, 25) && red_at(f, 29, 34) && !red_at(f, 20, 24) && !red_at(f, 29, 35));
    SDL_DestroySurface(f);
    end(&s);
    CHECK_OK(akgl_camera_shake(cam, 0.0f, 0.0f));
    CHECK_OK(akgl_time_use_manual(false));
    scene_close(&s);
}

static void test_shapes(void)
{
    for (size_t i = 0; i < SDL_arraysize(SCENE_OPENERS); i++) {
        SDL_Log("renderer: %s", SCENE_OPENERS[i].name);
        check_shapes(SCENE_OPENERS[i].open);
    }
}

/*
 * An actor through the game loop: cell 6 of the sheet (48 x 48, its marker
 * the top-left pixel) with its centre on the view's centre, at zoom 2,
 * zoom 0.5 and rotation 90; then culling under rotation 90, where the view
 * spans world x 20..140 and y -20..140.
 */
static void check_actor(SceneOpener open)
{
    Scene s;
    if (!open(&s, W, H)) {
        scene_close(&s);
        return;
    }
    const int cells[] = {6};
    akgl_Sprite *spr = make_sprite(&s, "camview-sprite", cells, 1, 100, true, false);
    akgl_Character *c = make_character("camview-char", 0);
    int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    CHECK_OK(c->sprite_add(c, spr, stand));
    akgl_Actor *a = make_actor("camview-actor", "camview-char");
    a->state = stand;
    a->x = 56.0f;
    a->y = 36.0f;
    akgl_Camera *cam = s.r.camera;
    scene_capture(&s.r);

    /* Zoom 2: 96 x 96 from (32, 12); the marker 2 x 2. */
    CHECK_OK(akgl_camera_set_zoom(cam, 2.0f));
    s.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    SDL_Surface *f = scene_last_frame;
    CHECK_INT_EQ(s.r.stats.submitted, 1);
    CHECK_PIXEL(f, 32, 12, cell_marker(6));
    CHECK_PIXEL(f, 33, 13, cell_marker(6));
    CHECK_PIXEL(f, 34, 12, CELL_FILL[6]);
    CHECK_PIXEL(f, 127, 107, CELL_FILL[6]);
    CHECK_PIXEL(f, 31, 12, CLEAR);
    CHECK_PIXEL(f, 128, 107, CLEAR);
    CHECK_PIXEL(f, 127, 108, CLEAR);

    /* Zoom 0.5: 24 x 24 from (68, 48). */
    CHECK_OK(akgl_camera_set_zoom(cam, 0.5f));
    CHECK_OK(akgl_game_update(NULL));
    f = scene_last_frame;
    CHECK_PIXEL(f, 69, 49, CELL_FILL[6]);
    CHECK_PIXEL(f, 91, 71, CELL_FILL[6]);
    CHECK_PIXEL(f, 67, 60, CLEAR);
    CHECK_PIXEL(f, 92, 60, CLEAR);
    CHECK_PIXEL(f, 80, 47, CLEAR);
    CHECK_PIXEL(f, 80, 72, CLEAR);

    /* Rotation 90: the same square, its marker now at the top-right corner. */
    CHECK_OK(akgl_camera_set_zoom(cam, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(cam, 90.0f));
    CHECK_OK(akgl_game_update(NULL));
    f = scene_last_frame;
    CHECK_PIXEL(f, 103, 36, cell_marker(6));
    CHECK_PIXEL(f, 56, 36, CELL_FILL[6]);
    CHECK_PIXEL(f, 103, 83, CELL_FILL[6]);
    CHECK_PIXEL(f, 55, 60, CLEAR);
    CHECK_PIXEL(f, 104, 60, CLEAR);

    /* Culling under rotation 90: above the plain view but in the turned
     * one, drawn; beside the plain view's left edge, but outside the turned
     * one, culled. */
    a->x = 60.0f;
    a->y = -60.0f; /* world y -60..-12: on the screen at x 152..200 */
    s.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(s.r.stats.submitted, 1);
    CHECK_INT_EQ(s.r.stats.culled, 0);
    CHECK_PIXEL(scene_last_frame, 155, 60, CELL_FILL[6]);
    a->x = -40.0f; /* world x -40..8, left of 20 */
    a->y = 36.0f;
    s.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(s.r.stats.submitted, 0);
    CHECK_INT_EQ(s.r.stats.culled, 1);
    /* The same two at rotation 0: the other way round. */
    CHECK_OK(akgl_camera_set_rotation(cam, 0.0f));
    s.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(s.r.stats.submitted, 1);
    a->x = 60.0f;
    a->y = -60.0f;
    s.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(s.r.stats.culled, 1);

    /* The actor's own transform and the camera's compose: scale 0.5 under
     * zoom 2, a turn of 90 under the camera's 270, draw it as it is. */
    a->x = 56.0f;
    a->y = 36.0f;
    CHECK_OK(akgl_actor_set_transform(a, 0.5f, 0.5f, 90.0f));
    CHECK_OK(akgl_camera_set_zoom(cam, 2.0f));
    CHECK_OK(akgl_camera_set_rotation(cam, 270.0f));
    CHECK_OK(akgl_game_update(NULL));
    f = scene_last_frame;
    CHECK_PIXEL(f, 56, 36, cell_marker(6));
    CHECK_PIXEL(f, 57, 36, CELL_FILL[6]);
    CHECK_PIXEL(f, 103, 83, CELL_FILL[6]);
    CHECK_PIXEL(f, 55, 36, CLEAR);
    CHECK_PIXEL(f, 104, 83, CLEAR);
    CHECK_OK(akgl_actor_set_transform(a, 1.0f, 1.0f, 0.0f));
    CHECK_OK(akgl_camera_set_zoom(cam, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(cam, 0.0f));

    scene_capture_done();
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
    scene_close(&s);
}

static void test_actor(void)
{
    for (size_t i = 0; i < SDL_arraysize(SCENE_OPENERS); i++) {
        SDL_Log("renderer: %s", SCENE_OPENERS[i].name);
        check_actor(SCENE_OPENERS[i].open);
    }
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_known_points);
    RUN_TEST(test_round_trips);
    RUN_TEST(test_bad_values_refused);
    RUN_TEST(test_view_bounds);
    RUN_TEST(test_shake_on_the_manual_clock);
    RUN_TEST(test_shapes);
    RUN_TEST(test_actor);
    return AKGL_TEST_END();
}
