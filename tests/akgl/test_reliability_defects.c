/*
 * Regressions for the defects of issue 14 that are not about one loader's
 * caps (those are in the table of hostile files, test_hostile.c): each case
 * failed before its fix.
 */
#define _XOPEN_SOURCE 700

#include "sprite_fixture.h"

/* Defect 2: with every error context held, a valid sprite still loads (its
 * expected misses cost no context), and a failing one reports exhaustion as
 * an ordinary error instead of ending the process. */
static void test_loading_with_every_context_held(void)
{
    akerr_ErrorContext *held[AKERR_MAX_ARRAY_ERROR];
    int base = akerr_contexts_in_use();
    int n = 0;
    while (akerr_contexts_in_use() < AKERR_MAX_ARRAY_ERROR) {
        held[n++] = akerr_next_error();
    }
    CHECK_OK(akgl_sprite_load_json(SF_SPRITES "/hero_standing_down.json"));
    CHECK(sf_sprite("hero standing down") != NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR);

    test_log_begin();
    akerr_ErrorContext *e = akgl_sprite_load_json(SF_SPRITES "/image_missing.json");
    test_log_end();
    CHECK(e != NULL);
    CHECK_INT_EQ(e ? e->status : 0, AKERR_EXHAUSTED);
    CHECK_CONTAINS(e ? e->message : NULL, "no free error context");
    RELEASE_ERROR(e);
    CHECK_CONTAINS(test_log, "error contexts are live");

    for (int i = 0; i < n; i++) {
        RELEASE_ERROR(held[i]);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), base);
    IGNORE(akgl_heap_release_sprite(sf_sprite("hero standing down")));
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_loading_with_every_context_held);
    sf_unbind_renderer();
    sf_end();
    return AKGL_TEST_END();
}
