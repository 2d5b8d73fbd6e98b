/*
 * The heap chapter's example programs, compiled as the seed writes them and
 * run against the fixed heap. The seed's own output showed the defect (the
 * same slot handed out twice); ours shows the fix. See docs/05-heap.md.
 */
#include <akerror.h>
#include <akgl/error.h>
#include <akgl/actor.h>
#include <akgl/heap.h>

#include <stdarg.h>

#include "akgl_test.h"

/* ---- from the seed, verbatim ------------------------------------------- */

/* Claim an actor slot and take the reference on it. */
akerr_ErrorContext AKERR_NOIGNORE *spawn_actor(akgl_Actor **dest, char *name);
akerr_ErrorContext AKERR_NOIGNORE *spawn_actor(akgl_Actor **dest, char *name)
{
    akgl_Actor *obj = NULL;

    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "NULL name");

    PASS(errctx, akgl_heap_next_actor(&obj));
    /* obj->refcount is still 0. The slot is not yours yet. */
    PASS(errctx, akgl_actor_initialize(obj, name));
    /* obj->refcount is 1 now, and the actor is in AKGL_REGISTRY_ACTOR. */
    *dest = obj;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */

static void test_spawn_actor(void)
{
    akgl_Actor *hero = NULL;
    void *found = NULL;
    CHECK_OK(spawn_actor(&hero, "player"));
    CHECK(hero != NULL);
    if (hero == NULL) {
        return;
    }
    CHECK_INT_EQ(hero->refcount, 1); /* acquire's reference, kept by initialize */
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "player", &found));
    CHECK(found == hero);
    CHECK_STATUS(spawn_actor(NULL, "x"), AKERR_NULLPOINTER);
    CHECK_STATUS(spawn_actor(&hero, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_actor(hero));
}

static void test_spawn_actor_failure_after_acquire(void)
{
    /* With the fixed heap the acquire holds a reference, so a failure in
     * initialize strands the slot unless the caller releases it: the seed's
     * spawn_actor returns the error, and its slot is the one left live. */
    akgl_Actor *first = NULL, *second = NULL;
    CHECK_OK(spawn_actor(&first, "twin"));
    CHECK_STATUS(spawn_actor(&second, "twin"), AKERR_REGISTRY);
    CHECK(second == NULL);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), 2);
    /* Find and release the stranded slot, as a caller following the
     * ownership rule would have done in spawn_actor's failure path. */
    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        if (akgl_heap_actors[i].refcount > 0 && &akgl_heap_actors[i] != first) {
            CHECK_OK(akgl_heap_release_actor(&akgl_heap_actors[i]));
        }
    }
    CHECK_OK(akgl_heap_release_actor(first));
}

/* The refcount program prints; capture it to compare. */
static char out[1024];
static size_t outlen;

AKERR_PRINTF(1, 2)
static int capture(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + outlen, sizeof(out) - outlen, fmt, ap);
    va_end(ap);
    if (n > 0) {
        outlen += (size_t)n < sizeof(out) - outlen ? (size_t)n : sizeof(out) - outlen - 1;
    }
    return n;
}

static akerr_ErrorContext *refcount_program(void)
{
#define printf capture
    PREPARE_ERROR(errctx);
    /* ---- from the seed, verbatim --------------------------------------- */
    akgl_Actor *first = NULL;
    akgl_Actor *second = NULL;
    akgl_String *str = NULL;

    /* A string acquire takes the reference for you. */
    PASS(errctx, akgl_heap_next_string(&str));
    printf("string refcount after acquire: %d\n", str->refcount);

    /* An actor acquire does not. */
    PASS(errctx, akgl_heap_next_actor(&first));
    printf("actor refcount after acquire:  %d\n", first->refcount);

    /* So a second acquire, before the initializer runs, finds the same free slot. */
    PASS(errctx, akgl_heap_next_actor(&second));
    printf("same slot handed out twice:    %s\n", (first == second) ? "yes" : "no");
    akgl_Actor *second_before = second; /* ours: the fixed heap gave it a reference */

    /* Initializing is what takes the reference and closes the window. */
    PASS(errctx, akgl_actor_initialize(first, "player"));
    printf("actor refcount after init:     %d\n", first->refcount);

    PASS(errctx, akgl_heap_next_actor(&second));
    printf("now a distinct slot:           %s\n", (first == second) ? "no" : "yes");

    PASS(errctx, akgl_heap_release_actor(first));
    PASS(errctx, akgl_heap_release_string(str));
    /* ---- end of the seed's program ------------------------------------- */
    /* Ours: every acquire is a reference now, so both `second` slots are released too. */
    PASS(errctx, akgl_heap_release_actor(second_before));
    PASS(errctx, akgl_heap_release_actor(second));
    SUCCEED_RETURN(errctx);
#undef printf
}

static void test_refcount_program_output(void)
{
    outlen = 0;
    out[0] = '\0';
    CHECK_OK(refcount_program());
    CHECK_STR_EQ(out,
                 "string refcount after acquire: 1\n"
                 "actor refcount after acquire:  1\n"
                 "same slot handed out twice:    no\n"
                 "actor refcount after init:     1\n"
                 "now a distinct slot:           yes\n");
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_spawn_actor);
    RUN_TEST(test_spawn_actor_failure_after_acquire);
    RUN_TEST(test_refcount_program_output);
    return AKGL_TEST_END();
}
