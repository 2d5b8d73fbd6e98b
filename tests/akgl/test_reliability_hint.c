/*
 * Issue 14, defect 10: akgl_render_2d_init asks for no framebuffer
 * acceleration on a headless driver. When the user holds that hint (an
 * environment variable or an override), SDL refuses the change; that is
 * their choice and init goes on, but it says so instead of ignoring it.
 */
#include <akgl/game.h>
#include <akgl/registry.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <stdarg.h>

#include "akgl_test.h"
#include "log_fixture.h"

static void test_a_held_hint_is_reported(void)
{
    akgl_Renderer r;
    memset(&r, 0, sizeof(r));
    CHECK_OK(akgl_set_property("game.screenwidth", "32"));
    CHECK_OK(akgl_set_property("game.screenheight", "32"));
    /* "software": held by the user, not "0", and no GL stack to load. */
    CHECK(SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "software",
                                  SDL_HINT_OVERRIDE));

    test_log_begin();
    CHECK_OK(akgl_render_2d_init(&r));
    test_log_end();

    CHECK_CONTAINS(test_log, "cannot turn framebuffer acceleration off");
    CHECK_CONTAINS(test_log, "SDL_FRAMEBUFFER_ACCELERATION stays \"software\"");
    if (r.shutdown != NULL) {
        CHECK_OK(r.shutdown(&r));
    }
    CHECK(SDL_ResetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_a_held_hint_is_reported);
    return AKGL_TEST_END();
}
