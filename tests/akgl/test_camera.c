/*
 * The camera: its size, following with a dead zone, bounds, what it sees,
 * the reference it holds on the followed actor, and following through the
 * game loop (drawn where the camera says).
 */
#include <akgl/camera.h>

#include "scene.h"

#include <math.h>

#define FEQ(a, b) (fabsf((float)(a) - (float)(b)) < 0.001f)
#define CHECK_FEQ(a, b) \
    CHECK_MSG(FEQ(a, b), "%s == %s (%g != %g)", #a, #b, (double)(a), (double)(b))

static void test_init_sets_size_and_refuses_empty_views(void)
{
    akgl_Camera cam;
    memset(&cam, 0x5a, sizeof(cam));
    CHECK_OK(akgl_camera_init(&cam, 320.0f, 200.0f));
    CHECK(cam.x == 0.0f && cam.y == 0.0f);
    CHECK(cam.w == 320.0f && cam.h == 200.0f);
    CHECK(cam.follow == NULL);
    CHECK(!cam.bounded);
    CHECK(cam.deadzone_w == 0.0f && cam.deadzone_h == 0.0f);

    CHECK_STATUS_MSG(akgl_camera_init(&cam, 0.0f, 10.0f), AKERR_VALUE, "at least 1 pixel");
    CHECK_STATUS(akgl_camera_init(&cam, 10.0f, 0.5f), AKERR_VALUE);
    CHECK_STATUS(akgl_camera_init(&cam, -4.0f, 10.0f), AKERR_VALUE);
    CHECK_STATUS(akgl_camera_init(&cam, NAN, 10.0f), AKERR_VALUE);
    CHECK_STATUS(akgl_camera_init(NULL, 10.0f, 10.0f), AKERR_NULLPOINTER);
    /* A refused init leaves the camera as it was. */
    CHECK(cam.w == 320.0f && cam.h == 200.0f);
    CHECK_OK(akgl_camera_init(&cam, 1.0f, 1.0f));
}

static void test_follow_holds_a_reference(void)
{
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 100.0f, 80.0f));
    akgl_Actor *a = make_actor("follow-a", NULL);
    akgl_Actor *b = make_actor("follow-b", NULL);

    CHECK_OK(akgl_camera_follow(&cam, a, 10.0f, 10.0f));
    CHECK(cam.follow == a);
    CHECK_INT_EQ(a->refcount, 2);
    CHECK_OK(akgl_camera_follow(&cam, a, 20.0f, 10.0f)); /* again: no second reference */
    CHECK_INT_EQ(a->refcount, 2);
    CHECK(cam.deadzone_w == 20.0f);

    /* A refused dead zone changes nothing. */
    CHECK_STATUS_MSG(akgl_camera_follow(&cam, b, 101.0f, 0.0f), AKERR_VALUE, "must fit");
    CHECK_STATUS(akgl_camera_follow(&cam, b, 0.0f, 81.0f), AKERR_VALUE);
    CHECK_STATUS(akgl_camera_follow(&cam, b, -1.0f, 0.0f), AKERR_VALUE);
    CHECK_STATUS(akgl_camera_follow(&cam, b, NAN, 0.0f), AKERR_VALUE);
    CHECK_STATUS(akgl_camera_follow(NULL, b, 0.0f, 0.0f), AKERR_NULLPOINTER);
    CHECK(cam.follow == a);
    CHECK_INT_EQ(b->refcount, 1);

    /* Another actor: the old reference goes back. */
    CHECK_OK(akgl_camera_follow(&cam, b, 100.0f, 80.0f));
    CHECK_INT_EQ(a->refcount, 1);
    CHECK_INT_EQ(b->refcount, 2);

    /* The game releases the followed actor: the camera keeps it alive. */
    CHECK_OK(akgl_heap_release_actor(b));
    CHECK_INT_EQ(b->refcount, 1);
    CHECK_STR_EQ(b->name, "follow-b");
    CHECK_OK(akgl_camera_follow(&cam, NULL, 0.0f, 0.0f));
    CHECK(cam.follow == NULL);
    CHECK_INT_EQ(akgl_test_actors_(), 1);
    CHECK_OK(akgl_heap_release_actor(a));
}

static void test_dead_zone(void)
{
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 100.0f, 80.0f));
    akgl_Actor *a = make_actor("deadzone-a", NULL);
    /* Dead zone 20 x 10: the frame's centre may roam x in [cam.x+40, cam.x+60],
     * y in [cam.y+35, cam.y+45]. The frame is 10 x 10. */
    CHECK_OK(akgl_camera_follow(&cam, a, 20.0f, 10.0f));
    a->x = 45.0f;
    a->y = 35.0f;
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, 0.0f);
    CHECK_FEQ(cam.y, 0.0f);
    a->x = 54.0f; /* centre 59: still inside */
    a->y = 39.0f; /* centre 44 */
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, 0.0f);
    CHECK_FEQ(cam.y, 0.0f);
    a->x = 56.0f; /* centre 61: one pixel past the right edge of the zone */
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, 1.0f);
    CHECK_FEQ(cam.y, 0.0f);
    a->x = 30.0f; /* centre 35: six pixels left of the zone (which starts at 41 now) */
    a->y = 50.0f; /* centre 55: ten below it */
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, -5.0f);
    CHECK_FEQ(cam.y, 10.0f);
    /* Moving back inside the zone moves nothing. */
    a->x = 40.0f;
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, -5.0f);

    /* A zero dead zone keeps the frame's centre exactly in the middle. */
    CHECK_OK(akgl_camera_follow(&cam, a, 0.0f, 0.0f));
    for (int i = 0; i < 5; i++) {
        a->x = 17.0f * (float)i - 30.0f;
        a->y = 500.0f - 33.0f * (float)i;
        CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
        CHECK_FEQ(cam.x + 50.0f, a->x + 5.0f);
        CHECK_FEQ(cam.y + 40.0f, a->y + 5.0f);
    }
    /* Following nothing: the camera stays where it is. */
    CHECK_OK(akgl_camera_follow(&cam, NULL, 0.0f, 0.0f));
    float x = cam.x, y = cam.y;
    a->x = 1000.0f;
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK(cam.x == x && cam.y == y);
    CHECK_STATUS(akgl_camera_update(NULL, 0.0f, 0.0f), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_actor(a));
}

static void test_bounds_clamp_and_centre(void)
{
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 100.0f, 80.0f));
    akgl_Actor *a = make_actor("bounds-a", NULL);
    SDL_FRect map = {0.0f, 0.0f, 300.0f, 200.0f};
    CHECK_OK(akgl_camera_set_bounds(&cam, &map));
    CHECK(cam.bounded);
    CHECK_OK(akgl_camera_follow(&cam, a, 0.0f, 0.0f));

    a->x = 10.0f; /* centring would put the view at -35, -25 */
    a->y = 10.0f;
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, 0.0f);
    CHECK_FEQ(cam.y, 0.0f);
    a->x = 290.0f;
    a->y = 190.0f;
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, 200.0f);
    CHECK_FEQ(cam.y, 120.0f);
    a->x = 150.0f; /* in the middle: centred, unclamped */
    a->y = 100.0f;
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, 105.0f);
    CHECK_FEQ(cam.y, 65.0f);

    /* A map smaller than the view (on both axes, or one) is centred in it. */
    SDL_FRect small = {10.0f, 20.0f, 60.0f, 40.0f};
    CHECK_OK(akgl_camera_set_bounds(&cam, &small));
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, -10.0f);
    CHECK_FEQ(cam.y, 0.0f);
    SDL_FRect narrow = {0.0f, 0.0f, 50.0f, 1000.0f};
    CHECK_OK(akgl_camera_set_bounds(&cam, &narrow));
    a->y = 900.0f;
    CHECK_OK(akgl_camera_update(&cam, 10.0f, 10.0f));
    CHECK_FEQ(cam.x, -25.0f);
    CHECK_FEQ(cam.y, 865.0f);

    /* Bounds apply without following too. */
    CHECK_OK(akgl_camera_follow(&cam, NULL, 0.0f, 0.0f));
    CHECK_OK(akgl_camera_set_bounds(&cam, &map));
    cam.x = -50.0f;
    cam.y = 1000.0f;
    CHECK_OK(akgl_camera_update(&cam, 0.0f, 0.0f));
    CHECK_FEQ(cam.x, 0.0f);
    CHECK_FEQ(cam.y, 120.0f);

    /* Empty bounds are refused; NULL lifts the clamp. */
    SDL_FRect empty = {0.0f, 0.0f, 0.0f, 10.0f};
    CHECK_STATUS_MSG(akgl_camera_set_bounds(&cam, &empty), AKERR_VALUE, "empty");
    CHECK(cam.bounded);
    CHECK_STATUS(akgl_camera_set_bounds(NULL, &map), AKERR_NULLPOINTER);
    CHECK_OK(akgl_camera_set_bounds(&cam, NULL));
    CHECK(!cam.bounded);
    cam.x = -50.0f;
    CHECK_OK(akgl_camera_update(&cam, 0.0f, 0.0f));
    CHECK_FEQ(cam.x, -50.0f);
    CHECK_OK(akgl_heap_release_actor(a));
}

static bool sees(const akgl_Camera *cam, float x, float y, float w, float h)
{
    bool seen = false;
    SDL_FRect r = {x, y, w, h};
    CHECK_OK(akgl_camera_sees(cam, &r, &seen));
    return seen;
}

static void test_sees(void)
{
    akgl_Camera cam;
    CHECK_OK(akgl_camera_init(&cam, 100.0f, 80.0f));
    CHECK(sees(&cam, 10, 10, 5, 5));
    CHECK(sees(&cam, -5, -5, 10, 10));    /* partly */
    CHECK(sees(&cam, -10, -10, 200, 200)); /* larger than the view */
    CHECK(sees(&cam, 99.5f, 79.5f, 5, 5));
    CHECK(!sees(&cam, -10, 0, 10, 10)); /* touching the left edge from outside */
    CHECK(!sees(&cam, 100, 0, 5, 5));   /* touching the right edge */
    CHECK(!sees(&cam, 0, 80, 5, 5));
    CHECK(!sees(&cam, 0, -5, 5, 5));
    CHECK(!sees(&cam, 500, 500, 5, 5));
    cam.x = 1000.0f;
    cam.y = -1000.0f;
    CHECK(sees(&cam, 1050, -950, 1, 1));
    CHECK(!sees(&cam, 10, 10, 5, 5));

    bool seen = true;
    SDL_FRect r = {0, 0, 1, 1};
    CHECK_STATUS(akgl_camera_sees(NULL, &r, &seen), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_sees(&cam, NULL, &seen), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_camera_sees(&cam, &r, NULL), AKERR_NULLPOINTER);
}

/*
 * Through the game loop: the camera follows the actor's 48 x 48 frame with a
 * zero dead zone, so the frame is drawn in the middle of a 160 x 120 screen
 * wherever the actor is; the renderer's shutdown gives the reference back.
 */
static void test_follow_in_the_game_loop(void)
{
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&s, 160, 120)) {
        const int cells[] = {6};
        akgl_Sprite *spr = make_sprite(&s, "cam-sprite", cells, 1, 100, true, false);
        akgl_Character *c = make_character("cam-char", 0);
        int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        CHECK_OK(c->sprite_add(c, spr, stand));
        akgl_Actor *a = make_actor("cam-actor", "cam-char");
        a->state = stand;
        CHECK(game.camera == s.r.camera);
        CHECK_OK(akgl_camera_follow(game.camera, a, 0.0f, 0.0f));
        CHECK_OK(akgl_heap_release_actor(a)); /* the camera's reference keeps it */
        scene_capture(&s.r);

        const float spots[][2] = {{0, 0}, {500, -300}, {-1234, 77}};
        for (size_t i = 0; i < SDL_arraysize(spots); i++) {
            a->x = spots[i][0];
            a->y = spots[i][1];
            s.r.stats = (akgl_RenderStats){0, 0};
            CHECK_OK(akgl_game_update(NULL));
            CHECK_FEQ(s.r.camera->x, a->x + 24.0f - 80.0f);
            CHECK_FEQ(s.r.camera->y, a->y + 24.0f - 60.0f);
            CHECK_INT_EQ(s.r.stats.submitted, 1);
            CHECK_PIXEL(scene_last_frame, 56, 36, cell_marker(6));
            CHECK_PIXEL(scene_last_frame, 57, 36, CELL_FILL[6]);
            CHECK_PIXEL(scene_last_frame, 103, 83, CELL_FILL[6]);
            CHECK_PIXEL(scene_last_frame, 55, 36, CLEAR);
            CHECK_PIXEL(scene_last_frame, 104, 83, CLEAR);
        }
        scene_capture_done();

        /* A followed actor with no sprite for its state is followed as a
         * point: its x, y in the middle. */
        a->state = AKGL_ACTOR_STATE_DEAD;
        a->x = 300.0f;
        a->y = 200.0f;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_FEQ(s.r.camera->x, 300.0f - 80.0f);
        CHECK_FEQ(s.r.camera->y, 200.0f - 60.0f);
        CHECK_INT_EQ(akgl_test_actors_(), 1);
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    /* The shutdown stops the following, and the actor goes with it. */
    scene_close(&s);
    CHECK_INT_EQ(akgl_test_actors_(), 0);
    CHECK(game.camera == NULL);
    CHECK_OK(akgl_time_use_manual(false));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_init_sets_size_and_refuses_empty_views);
    RUN_TEST(test_follow_holds_a_reference);
    RUN_TEST(test_dead_zone);
    RUN_TEST(test_bounds_clamp_and_centre);
    RUN_TEST(test_sees);
    RUN_TEST(test_follow_in_the_game_loop);
    return AKGL_TEST_END();
}
