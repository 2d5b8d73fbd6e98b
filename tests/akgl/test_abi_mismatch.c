/*
 * Built with AKGL_MAX_HEAP_ACTOR=128 against a library built with 64: the
 * situation the seed calls a silent overrun. akgl_game_init must refuse it.
 */
#include <akgl/error.h>
#include <akgl/game.h>

#include "test.h"

static void test_program_with_other_ceiling_is_refused(void)
{
    CHECK_INT_EQ(AKGL_MAX_HEAP_ACTOR, 128);
    CHECK_STATUS_MSG(akgl_game_init(), AKGL_ERR_ABI, "AKGL_MAX_HEAP_ACTOR=128");
    CHECK(game.state_lock == NULL);
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_program_with_other_ceiling_is_refused);
    return TEST_END();
}
