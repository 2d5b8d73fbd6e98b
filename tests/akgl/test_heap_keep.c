/*
 * akgl_GameConfig.heap_keep_mib: the game's start sets the C library's heap
 * policy (aksl_heap_keep), so memory a library frees every frame (Mesa's
 * software GL) is reused instead of given back and faulted in again; -1
 * leaves the C library's own policy; a bad value is refused with nothing
 * started.
 */
#include <akgl/game.h>
#include <akgl/heap.h>

#include "akgl_test.h"
#include "game_private.h"
#include "heap_probe.h"

static void check_refused(int mib, const char *needle)
{
    akgl_GameConfig cfg = {0};
    int actors = -1;
    cfg.heap_keep_mib = mib;
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE, needle);
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_ACTOR, &actors));
    CHECK_INT_EQ(actors, 0); /* no pool was made */
}

static void test_heap_keep_refuses_bad_values(void)
{
    check_refused(-2, "akgl_GameConfig.heap_keep_mib is -2; it must be 0 (the default, 64), "
                      "1..1024 (AKGL_HEAP_KEEP_MAX_MIB) or -1 (the C library's own)");
    check_refused(AKGL_HEAP_KEEP_MAX_MIB + 1, "heap_keep_mib is 1025");
    check_refused(-100000, "heap_keep_mib is -100000");
}

/* -1 first, while the C library's own policy still holds (it gives the probe
 * back); then the default, after which the same probe stays. The policy is
 * the process's, so the order matters. */
static void test_heap_keep_default_keeps_freed_memory(void)
{
    akgl_GameConfig cfg = {0};
    cfg.heap_keep_mib = -1;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    CHECK_INT_EQ(akgl_game_config()->heap_keep_mib, -1);
    heap_probe_result own = heap_probe();
    CHECK_OK(akgl_game_quit());

    cfg.heap_keep_mib = 0;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    CHECK_INT_EQ(akgl_game_config()->heap_keep_mib, AKGL_HEAP_KEEP_DEFAULT_MIB);
    heap_probe_result kept = heap_probe();
    CHECK_OK(akgl_game_quit());
#if defined(__GLIBC__)
    if (own == HEAP_PROBE_NOT_GLIBC) {
        /* valgrind's or a sanitizer's allocator: no glibc heap to keep */
        printf("heap probe: the blocks did not come from glibc's heap; not checked\n");
        return;
    }
    CHECK_INT_EQ(own, HEAP_PROBE_GIVES_BACK);
    CHECK_INT_EQ(kept, HEAP_PROBE_KEEPS);
#else
    (void)own;
    (void)kept;
#endif
}

int main(void)
{
    TEST_BEGIN();
    akgl_test_add_counters();
    RUN_TEST(test_heap_keep_refuses_bad_values);
    RUN_TEST(test_heap_keep_default_keeps_freed_memory);
    return TEST_END();
}
