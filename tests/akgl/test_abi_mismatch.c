/*
 * Built with AKGL_MAX_HEAP_ACTOR=128 against a library built with 64: the
 * situation the seed calls a silent overrun. The seed's fix refused to start;
 * since capacities are chosen at start (issue 9/12) the program's value is a
 * floor instead: the actor pool gets 128 slots, so the program's own loops
 * over akgl_heap_actors[0 .. AKGL_MAX_HEAP_ACTOR-1] stay inside it.
 */
#include <akgl/error.h>
#include <akgl/game.h>
#include <akgl/heap.h>

#include "test.h"

static void test_program_with_larger_ceiling_gets_its_slots(void)
{
    int slots = 0;
    CHECK_INT_EQ(AKGL_MAX_HEAP_ACTOR, 128);
    CHECK_OK(akgl_game_init());
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_ACTOR, &slots));
    CHECK_INT_EQ(slots, 128);
    /* The last slot of the program's own extent is a slot of the pool. */
    bool inside = false;
    CHECK_OK(akgl_heap_contains(AKGL_HEAP_ACTOR, &akgl_heap_actors[AKGL_MAX_HEAP_ACTOR - 1],
                                &inside));
    CHECK(inside);
    CHECK_OK(akgl_game_quit());
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_program_with_larger_ceiling_gets_its_slots);
    return TEST_END();
}
