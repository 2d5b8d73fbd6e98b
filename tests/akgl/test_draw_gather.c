/*
 * The draw pass's gather (src/akgl/draw_private.h) takes an actor's plain
 * draw only when the backend's general path would draw the same: no
 * transform, a frame id inside the playlist and the sprite's array. Those
 * two tests, each compared with its rule spelt out on both sides of every
 * condition: the gather's shortcuts must decide exactly as the rule does.
 */
#include <akgl/actor.h>
#include <akgl/heap.h>

#include <limits.h>
#include <math.h>
#include <string.h>

#include "akgl_test.h"
#include "draw_private.h"

static bool same_bits(float a, float b)
{
    return memcmp(&a, &b, sizeof(a)) == 0;
}

static void test_frame_in_range_is_the_rule(void)
{
    static const int counts[] = {INT_MIN, -5, 0, 1, 4, AKGL_SPRITE_MAX_FRAMES - 1,
                                 AKGL_SPRITE_MAX_FRAMES, AKGL_SPRITE_MAX_FRAMES + 1, 40, INT_MAX};
    static const int ids[] = {INT_MIN, -40, -1, 0, 1, 3, 4, AKGL_SPRITE_MAX_FRAMES - 1,
                              AKGL_SPRITE_MAX_FRAMES, 39, 40, INT_MAX};
    akgl_Sprite spr;
    memset(&spr, 0, sizeof(spr));
    int inside = 0, outside = 0;
    for (size_t c = 0; c < SDL_arraysize(counts); c++) {
        for (size_t i = 0; i < SDL_arraysize(ids); i++) {
            spr.frames = counts[c];
            int id = ids[i];
            bool want = id >= 0 && id < spr.frames && id < AKGL_SPRITE_MAX_FRAMES;
            bool got = akgl_sprite_frame_in_range(&spr, id);
            CHECK_MSG(got == want, "frame id %d of %d frames: %s, expected %s", id, spr.frames,
                      got ? "inside" : "outside", want ? "inside" : "outside");
            inside += want;
            outside += !want;
        }
    }
    CHECK(inside > 0 && outside > 0);
}

static void test_untransformed_is_the_rule(void)
{
    static const float scales[] = {1.0f, 2.0f, 0.0f, -0.0f, -1.0f, 1.0000001f, 0.99999994f,
                                   INFINITY, NAN};
    static const float turns[] = {0.0f, -0.0f, 90.0f, 1e-45f, NAN};
    static const SDL_Color tints[] = {
        {255, 255, 255, 255}, {254, 255, 255, 255}, {255, 254, 255, 255},
        {255, 255, 254, 255}, {255, 255, 255, 254}, {0, 0, 0, 0},
    };
    akgl_Actor a;
    memset(&a, 0, sizeof(a));
    int plain = 0, transformed = 0;
    for (size_t x = 0; x < SDL_arraysize(scales); x++) {
        for (size_t y = 0; y < SDL_arraysize(scales); y++) {
            for (size_t t = 0; t < SDL_arraysize(turns); t++) {
                for (size_t c = 0; c < SDL_arraysize(tints); c++) {
                    a.scale_x = scales[x];
                    a.scale_y = scales[y];
                    a.rotation = turns[t];
                    a.tint = tints[c];
                    /* Bits: a turn of -0 is not the plain draw (it takes the
                     * general path, which draws it the same). */
                    bool want = same_bits(a.scale_x, 1.0f) && same_bits(a.scale_y, 1.0f) &&
                                same_bits(a.rotation, 0.0f) && a.tint.r == 255 &&
                                a.tint.g == 255 && a.tint.b == 255 && a.tint.a == 255;
                    bool got = akgl_draw_untransformed(&a);
                    CHECK_MSG(got == want, "scale (%g, %g) turn %g tint (%d, %d, %d, %d): %s",
                              (double)a.scale_x, (double)a.scale_y, (double)a.rotation,
                              a.tint.r, a.tint.g, a.tint.b, a.tint.a,
                              got ? "plain" : "transformed");
                    plain += want;
                    transformed += !want;
                }
            }
        }
    }
    CHECK_INT_EQ(plain, 1);
    CHECK(transformed > 0);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_frame_in_range_is_the_rule);
    RUN_TEST(test_untransformed_is_the_rule);
    return AKGL_TEST_END();
}
