/*
 * Transformed drawing, by pixels: draw_sprite_ex's rotation (90 and 180
 * degrees about the frame's centre), scale (2 and 0.5, nearest), tint and
 * alpha; culling against the rotated frame's bounding box; actors drawn
 * with their scale, rotation and tint by akgl_game_update; and the refusals
 * (NaN, infinity, a negative or too large scale) where a transform is set.
 *
 * The fixture sheet marks each cell's top-left pixel (scene.h), so where the
 * marker lands says how the frame was turned.
 */
#include <akgl/render.h>

#include <math.h>

#include "scene.h"

#define W 160
#define H 120

static void begin(Scene *s)
{
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
}

static bool near_rgb(SDL_Color got, SDL_Color want, int tolerance)
{
    return abs(got.r - want.r) <= tolerance && abs(got.g - want.g) <= tolerance &&
           abs(got.b - want.b) <= tolerance;
}

#define CHECK_NEAR(surface, x, y, want, tol) \
    do { \
        SDL_Color got_ = pixel_at((surface), (x), (y)); \
        SDL_Color want_ = (want); \
        CHECK_MSG(near_rgb(got_, want_, (tol)), "pixel (%d, %d) is (%d, %d, %d), expected (%d, " \
                  "%d, %d) within %d", (int)(x), (int)(y), got_.r, got_.g, got_.b, want_.r, \
                  want_.g, want_.b, (tol)); \
    } while (0)

/* One frame of one cell drawn with `p` at (x, y), read back. */
static SDL_Surface *draw_one(Scene *s, akgl_Sprite *spr, float x, float y,
                             const akgl_DrawParams *p)
{
    begin(s);
    CHECK_OK(s->r.draw_sprite_ex(&s->r, spr, 0, x, y, p));
    return read_screen(s->r.sdl_renderer);
}

static void test_rotation_turns_the_frame_about_its_centre(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        const int cells[] = {3};
        akgl_Sprite *spr = make_sprite(&s, "turn", cells, 1, 100, true, false);
        const SDL_Color fill = CELL_FILL[3], mark = cell_marker(3);
        akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;

        /* 90 clockwise: the top-left marker goes to the top-right corner;
         * the frame still covers the same 48 x 48 square. */
        p.rotation = 90.0f;
        SDL_Surface *f = draw_one(&s, spr, 40.0f, 30.0f, &p);
        CHECK_PIXEL(f, 40 + 47, 30, mark);
        CHECK_PIXEL(f, 40, 30, fill);
        CHECK_PIXEL(f, 40, 30 + 47, fill);
        CHECK_PIXEL(f, 40 + 47, 30 + 47, fill);
        CHECK_PIXEL(f, 39, 30, CLEAR);
        CHECK_PIXEL(f, 40 + 48, 30 + 47, CLEAR);
        CHECK_PIXEL(f, 40 + 47, 29, CLEAR);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        SDL_DestroySurface(f);

        /* 180: to the bottom-right. */
        p.rotation = 180.0f;
        f = draw_one(&s, spr, 40.0f, 30.0f, &p);
        CHECK_PIXEL(f, 40 + 47, 30 + 47, mark);
        CHECK_PIXEL(f, 40, 30, fill);
        CHECK_PIXEL(f, 40 + 47, 30, fill);
        CHECK_PIXEL(f, 40, 30 + 48, CLEAR);
        SDL_DestroySurface(f);

        /* 270 (or -90): to the bottom-left. */
        p.rotation = -90.0f;
        f = draw_one(&s, spr, 40.0f, 30.0f, &p);
        CHECK_PIXEL(f, 40, 30 + 47, mark);
        CHECK_PIXEL(f, 40, 30, fill);
        SDL_DestroySurface(f);

        /* A pivot at the top-left corner: 90 degrees swings the frame to the
         * left of it, marker still at the pivot's pixel column's left edge. */
        p.rotation = 90.0f;
        p.pivot_x = 0.0f;
        p.pivot_y = 0.0f;
        f = draw_one(&s, spr, 80.0f, 30.0f, &p);
        CHECK_PIXEL(f, 80 - 1, 30, mark);
        CHECK_PIXEL(f, 80 - 48, 30 + 47, fill);
        CHECK_PIXEL(f, 80, 30 + 10, CLEAR);
        SDL_DestroySurface(f);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_scale_keeps_the_centre_and_samples_nearest(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        const int cells[] = {5};
        akgl_Sprite *spr = make_sprite(&s, "grow", cells, 1, 100, true, false);
        const SDL_Color fill = CELL_FILL[5], mark = cell_marker(5);
        akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;

        /* x 2 about the centre: 96 x 96 from (x - 24, y - 24); the one-pixel
         * marker becomes a 2 x 2 block, no blending at its edge. */
        p.scale_x = 2.0f;
        p.scale_y = 2.0f;
        SDL_Surface *f = draw_one(&s, spr, 40.0f, 30.0f, &p);
        CHECK_PIXEL(f, 16, 6, mark);
        CHECK_PIXEL(f, 17, 7, mark);
        CHECK_PIXEL(f, 18, 6, fill);
        CHECK_PIXEL(f, 16, 8, fill);
        CHECK_PIXEL(f, 16 + 95, 6 + 95, fill);
        CHECK_PIXEL(f, 15, 6, CLEAR);
        CHECK_PIXEL(f, 16, 5, CLEAR);
        CHECK_PIXEL(f, 16 + 96, 6 + 95, CLEAR);
        CHECK_PIXEL(f, 16 + 95, 6 + 96, CLEAR);
        SDL_DestroySurface(f);

        /* x 0.5: 24 x 24 from (x + 12, y + 12). Nearest sampling takes one
         * source pixel per screen pixel (here the odd ones, so the marker is
         * skipped): every pixel is exactly the fill, none a blend with it. */
        p.scale_x = 0.5f;
        p.scale_y = 0.5f;
        f = draw_one(&s, spr, 40.0f, 30.0f, &p);
        int blended = 0;
        for (int y = 42; y < 42 + 24; y++) {
            for (int x = 52; x < 52 + 24; x++) {
                blended += !same_rgb(pixel_at(f, x, y), fill);
            }
        }
        CHECK_INT_EQ(blended, 0);
        CHECK_PIXEL(f, 51, 42, CLEAR);
        CHECK_PIXEL(f, 52 + 24, 42, CLEAR);
        CHECK_PIXEL(f, 52, 42 + 24, CLEAR);
        CHECK_PIXEL(f, 40, 30, CLEAR);
        SDL_DestroySurface(f);

        /* Each axis on its own: 2 wide, 1 high. */
        p.scale_x = 2.0f;
        p.scale_y = 1.0f;
        f = draw_one(&s, spr, 40.0f, 30.0f, &p);
        CHECK_PIXEL(f, 16, 30, mark);
        CHECK_PIXEL(f, 16 + 95, 30 + 47, fill);
        CHECK_PIXEL(f, 16 + 95, 30 + 48, CLEAR);
        SDL_DestroySurface(f);

        /* Scale 0 draws nothing visible (and is not an error). */
        p.scale_x = 0.0f;
        f = draw_one(&s, spr, 40.0f, 30.0f, &p);
        CHECK_PIXEL(f, 64, 54, CLEAR);
        SDL_DestroySurface(f);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_tint_and_alpha_blend(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        const int cells[] = {3};
        akgl_Sprite *spr = make_sprite(&s, "tinted", cells, 1, 100, true, false);
        const SDL_Color fill = CELL_FILL[3]; /* (200, 200, 40) */
        akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;

        /* The tint multiplies: (200, 200, 40) x (128, 64, 255) / 255. */
        p.tint = (SDL_Color){128, 64, 255, 255};
        SDL_Surface *f = draw_one(&s, spr, 10.0f, 10.0f, &p);
        CHECK_NEAR(f, 30, 30, ((SDL_Color){100, 50, 40, 255}), 2);
        SDL_DestroySurface(f);

        /* Half opacity over the clear colour (10, 20, 30). */
        p.tint = (SDL_Color){255, 255, 255, 128};
        f = draw_one(&s, spr, 10.0f, 10.0f, &p);
        SDL_Color want = {(Uint8)((fill.r * 128 + CLEAR.r * 127) / 255),
                          (Uint8)((fill.g * 128 + CLEAR.g * 127) / 255),
                          (Uint8)((fill.b * 128 + CLEAR.b * 127) / 255), 255};
        CHECK_NEAR(f, 30, 30, want, 3);
        SDL_DestroySurface(f);

        /* Alpha 0: nothing shows. */
        p.tint.a = 0;
        f = draw_one(&s, spr, 10.0f, 10.0f, &p);
        CHECK_PIXEL(f, 30, 30, CLEAR);
        SDL_DestroySurface(f);

        /* The sheet is shared: a plain draw afterwards is untinted again. */
        begin(&s);
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 10.0f, 10.0f, SDL_FLIP_NONE));
        f = read_screen(s.r.sdl_renderer);
        CHECK_PIXEL(f, 30, 30, fill);
        SDL_DestroySurface(f);
        /* NULL parameters: the plain case too. */
        f = draw_one(&s, spr, 10.0f, 10.0f, NULL);
        CHECK_PIXEL(f, 30, 30, fill);
        CHECK_PIXEL(f, 10, 10, cell_marker(3));
        SDL_DestroySurface(f);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_a_rotated_frame_is_culled_by_its_turned_bounds(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        const int cells[] = {1};
        akgl_Sprite *spr = make_sprite(&s, "edge", cells, 1, 100, true, false);
        akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;

        /* Unturned, a frame ending 2 px left of the view is culled ... */
        SDL_Surface *f = draw_one(&s, spr, -50.0f, 40.0f, &p);
        CHECK_INT_EQ(s.r.stats.culled, 1);
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        SDL_DestroySurface(f);
        /* ... but turned 45 degrees its corner reaches ~7.9 px into it. */
        p.rotation = 45.0f;
        f = draw_one(&s, spr, -50.0f, 40.0f, &p);
        CHECK_INT_EQ(s.r.stats.culled, 0);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        CHECK_PIXEL(f, 0, 40 + 24, CELL_FILL[1]);
        CHECK_PIXEL(f, 4, 40 + 24, CELL_FILL[1]);
        CHECK_PIXEL(f, 10, 40 + 24, CLEAR);
        CHECK_PIXEL(f, 0, 40, CLEAR);
        SDL_DestroySurface(f);
        /* Further out, even the turned corner misses: culled. */
        f = draw_one(&s, spr, -60.0f, 40.0f, &p);
        CHECK_INT_EQ(s.r.stats.culled, 1);
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        SDL_DestroySurface(f);
        /* The same on the right and bottom edges, with the camera moved. */
        s.r.camera->x = 100.0f;
        s.r.camera->y = 100.0f;
        f = draw_one(&s, spr, 100.0f + W + 2.0f, 150.0f, &p);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        CHECK_PIXEL(f, W - 1, 50 + 24, CELL_FILL[1]);
        SDL_DestroySurface(f);
        f = draw_one(&s, spr, 150.0f, 100.0f + H + 12.0f, &p);
        CHECK_INT_EQ(s.r.stats.culled, 1);
        SDL_DestroySurface(f);
        /* A scaled frame is culled by its scaled size: x 2 reaches 24 px further. */
        p.rotation = 0.0f;
        p.scale_x = 2.0f;
        s.r.camera->x = 0.0f;
        s.r.camera->y = 0.0f;
        f = draw_one(&s, spr, -60.0f, 40.0f, &p);
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        CHECK_PIXEL(f, 0, 40 + 24, CELL_FILL[1]);
        CHECK_PIXEL(f, 11, 40 + 24, CELL_FILL[1]);
        CHECK_PIXEL(f, 12, 40 + 24, CLEAR);
        SDL_DestroySurface(f);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_bad_parameters_are_refused(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        const int cells[] = {1};
        akgl_Sprite *spr = make_sprite(&s, "bad", cells, 1, 100, true, false);
        akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;
        begin(&s);
        p.scale_x = NAN;
        CHECK_STATUS_MSG(s.r.draw_sprite_ex(&s.r, spr, 0, 0.0f, 0.0f, &p), AKERR_VALUE,
                         "scale_x is nan");
        p = AKGL_DRAW_PARAMS_DEFAULT;
        p.rotation = INFINITY;
        CHECK_STATUS_MSG(s.r.draw_sprite_ex(&s.r, spr, 0, 0.0f, 0.0f, &p), AKERR_VALUE,
                         "rotation is inf");
        p = AKGL_DRAW_PARAMS_DEFAULT;
        p.scale_y = -1.0f;
        CHECK_STATUS_MSG(s.r.draw_sprite_ex(&s.r, spr, 0, 0.0f, 0.0f, &p), AKERR_VALUE,
                         "scale_y is -1");
        p.scale_y = 1000.0f;
        CHECK_STATUS_MSG(s.r.draw_sprite_ex(&s.r, spr, 0, 0.0f, 0.0f, &p), AKERR_VALUE,
                         "0..256");
        p = AKGL_DRAW_PARAMS_DEFAULT;
        p.pivot_x = -INFINITY;
        CHECK_STATUS_MSG(s.r.draw_sprite_ex(&s.r, spr, 0, 0.0f, 0.0f, &p), AKERR_VALUE,
                         "pivot_x is -inf");
        CHECK_INT_EQ(s.r.stats.submitted + s.r.stats.culled, 0);
        CHECK_STATUS(akgl_render_check_params(NULL, NULL), AKERR_NULLPOINTER);
        p = AKGL_DRAW_PARAMS_DEFAULT;
        CHECK_OK(akgl_render_check_params(&p, NULL));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

/* An actor set up with the "grow" sprite of cell 2 at (40, 30). */
static akgl_Actor *transform_actor(Scene *s, akgl_Sprite **spr, akgl_Character **c)
{
    const int cells[] = {2};
    *spr = make_sprite(s, "actor-cell", cells, 1, 100, true, false);
    *c = make_character("actor-char", 0);
    int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    CHECK_OK((*c)->sprite_add(*c, *spr, stand));
    akgl_Actor *a = make_actor("turned", "actor-char");
    a->state = stand;
    a->x = 40.0f;
    a->y = 30.0f;
    return a;
}

static void test_actors_draw_with_their_transform(void)
{
    Scene s;
    if (scene_open_bound(&s, W, H)) {
        akgl_Sprite *spr = NULL;
        akgl_Character *c = NULL;
        akgl_Actor *a = transform_actor(&s, &spr, &c);
        const SDL_Color fill = CELL_FILL[2], mark = cell_marker(2);
        /* The defaults: as before 8/12. */
        CHECK(a->scale_x == 1.0f && a->scale_y == 1.0f && a->rotation == 0.0f);
        CHECK(a->tint.r == 255 && a->tint.g == 255 && a->tint.b == 255 && a->tint.a == 255);
        SDL_FRect hitbox = a->hitbox;

        scene_capture(&s.r);
        CHECK_OK(akgl_actor_set_transform(a, 2.0f, 2.0f, 90.0f));
        CHECK(SDL_memcmp(&hitbox, &a->hitbox, sizeof(hitbox)) == 0);
        CHECK_OK(akgl_game_update(NULL));
        /* x 2 about the centre, turned: the 2 x 2 marker at the top-right. */
        CHECK_PIXEL(scene_last_frame, 16 + 95, 6, mark);
        CHECK_PIXEL(scene_last_frame, 16 + 94, 7, mark);
        CHECK_PIXEL(scene_last_frame, 16, 6, fill);
        CHECK_PIXEL(scene_last_frame, 16 + 95, 6 + 95, fill);
        CHECK_PIXEL(scene_last_frame, 15, 50, CLEAR);

        /* Tint and alpha from the actor's tint. */
        CHECK_OK(akgl_actor_set_transform(a, 1.0f, 1.0f, 0.0f));
        a->tint = (SDL_Color){255, 0, 255, 255};
        CHECK_OK(akgl_game_update(NULL));
        CHECK_NEAR(scene_last_frame, 60, 50, ((SDL_Color){fill.r, 0, fill.b, 255}), 1);
        a->tint = (SDL_Color){255, 255, 255, 0};
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 60, 50, CLEAR);
        a->tint = (SDL_Color){255, 255, 255, 255};

        /* Refused where set, naming actor, field and value; nothing changes. */
        CHECK_OK(akgl_actor_set_transform(a, 1.5f, 0.5f, 30.0f));
        CHECK_STATUS_MSG(akgl_actor_set_transform(a, NAN, 1.0f, 0.0f), AKERR_VALUE,
                         "actor \"turned\": scale_x is nan");
        CHECK_STATUS_MSG(akgl_actor_set_transform(a, 1.0f, INFINITY, 0.0f), AKERR_VALUE,
                         "scale_y is inf");
        CHECK_STATUS_MSG(akgl_actor_set_transform(a, 1.0f, 1.0f, -INFINITY), AKERR_VALUE,
                         "rotation is -inf");
        CHECK_STATUS_MSG(akgl_actor_set_transform(a, -2.0f, 1.0f, 0.0f), AKERR_VALUE,
                         "scale_x is -2");
        CHECK_STATUS_MSG(akgl_actor_set_transform(a, 1.0f, 257.0f, 0.0f), AKERR_VALUE,
                         "scale_y is 257");
        CHECK_STATUS(akgl_actor_set_transform(NULL, 1.0f, 1.0f, 0.0f), AKERR_NULLPOINTER);
        CHECK(a->scale_x == 1.5f && a->scale_y == 0.5f && a->rotation == 30.0f);

        /* Garbage written straight into the fields: not drawn, not an error,
         * no crash, and the next frame draws again once it is fixed. */
        a->scale_x = NAN;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 60, 50, CLEAR);
        a->scale_x = 1.0f;
        a->rotation = INFINITY;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 60, 50, CLEAR);
        a->rotation = 0.0f;
        a->scale_y = -3.0f;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 60, 50, CLEAR);
        a->scale_y = 1e30f;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 60, 50, CLEAR);
        a->scale_y = 1.0f;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 60, 50, fill);

        /* A backend without draw_sprite_ex: actors draw plain. */
        akgl_RenderSpriteExFunc ex = s.r.draw_sprite_ex;
        s.r.draw_sprite_ex = NULL;
        CHECK_OK(akgl_actor_set_transform(a, 0.5f, 0.5f, 0.0f));
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 40, 30, mark);
        CHECK_PIXEL(scene_last_frame, 40 + 47, 30 + 47, fill);
        s.r.draw_sprite_ex = ex;
        scene_capture_done();

        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    CHECK_OK(akgl_time_use_manual(true));
    RUN_TEST(test_rotation_turns_the_frame_about_its_centre);
    RUN_TEST(test_scale_keeps_the_centre_and_samples_nearest);
    RUN_TEST(test_tint_and_alpha_blend);
    RUN_TEST(test_a_rotated_frame_is_culled_by_its_turned_bounds);
    RUN_TEST(test_bad_parameters_are_refused);
    RUN_TEST(test_actors_draw_with_their_transform);
    CHECK_OK(akgl_time_use_manual(false));
    return AKGL_TEST_END();
}
