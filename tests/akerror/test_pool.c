/*
 * The pool: all of it at once, exhaustion (an error on the reserved context), misuse of
 * release, and several threads raising and releasing at once.
 */
#define _POSIX_C_SOURCE 200809L

#include <akerror.h>

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "capture.h"
#include "test.h"

static akerr_ErrorContext *all[AKERR_MAX_ARRAY_ERROR];

/* The success path: RELEASE_ERROR (and so SUCCEED_RETURN) on NULL is decided
 * in the macro, without a call; on a context it still gives one reference. */
static akerr_ErrorContext *succeed_with(akerr_ErrorContext *e)
{
    SUCCEED_RETURN(e);
}

static void test_release_of_null_and_held(void)
{
    akerr_ErrorContext *none = NULL;
    RELEASE_ERROR(none);
    CHECK(none == NULL);
    CHECK(succeed_with(NULL) == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), 0);

    akerr_ErrorContext *e = akerr_next_error();
    CHECK(e != NULL);
    if (e == NULL) {
        return;
    }
    e->refcount++; /* a second holder */
    RELEASE_ERROR(e);
    CHECK(e != NULL); /* still held */
    CHECK_INT_EQ(akerr_contexts_in_use(), 1);
    CHECK(succeed_with(e) == NULL); /* releases the last reference */
    CHECK_INT_EQ(akerr_contexts_in_use(), 0);
}

static void test_whole_pool(void)
{
    int before = akerr_contexts_in_use();
    CHECK_INT_EQ(before, 0);
    for (int round = 0; round < 2; round++) {
        bool seen[AKERR_MAX_ARRAY_ERROR] = {false};
        for (int i = 0; i < AKERR_MAX_ARRAY_ERROR; i++) {
            all[i] = akerr_next_error();
            CHECK(all[i] != NULL);
            CHECK_INT_EQ(all[i]->refcount, 1);
            CHECK_INT_EQ(akerr_contexts_in_use(), i + 1);
            int id = all[i]->heapid;
            CHECK_MSG(id >= 0 && id < AKERR_MAX_ARRAY_ERROR && !seen[id],
                      "round %d: context %d handed out twice or out of range", round, id);
            if (id >= 0 && id < AKERR_MAX_ARRAY_ERROR) {
                seen[id] = true;
            }
        }
        CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR);
        for (int i = 0; i < AKERR_MAX_ARRAY_ERROR; i++) {
            RELEASE_ERROR(all[i]);
            CHECK(all[i] == NULL);
        }
        CHECK_INT_EQ(akerr_contexts_in_use(), 0);
    }
}

/* --- exhaustion: an ordinary error on the reserved context; the process goes on --- */

/* Issue 14, defect 2: this used to exit(206) inside akerr_next_error. */
static void test_exhaustion_is_an_error(void)
{
    int before = akerr_contexts_in_use();
    CHECK_INT_EQ(before, 0);
    for (int i = 0; i < AKERR_MAX_ARRAY_ERROR; i++) {
        all[i] = NULL;
        FAIL(all[i], AKERR_KEY, "held %d", i);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR);

    capture_begin();
    akerr_ErrorContext *one_more = NULL;
    FAIL(one_more, AKERR_KEY, "one too many");
    akerr_ErrorContext *and_another = NULL;
    FAIL(and_another, ENOENT, "and another");
    capture_end();

    CHECK(one_more != NULL && and_another != NULL);
    if (one_more != NULL && and_another != NULL) {
        /* Both got the reserved record: shared, holding two references. */
        CHECK(one_more == and_another);
        CHECK_INT_EQ(one_more->status, AKERR_EXHAUSTED);
        CHECK_INT_EQ(one_more->refcount, 2);
        CHECK_INT_EQ(one_more->heapid, AKERR_MAX_ARRAY_ERROR);
        /* The message keeps the status meant and the text raised last. */
        CHECK_CONTAINS(one_more->message, "no free error context (all 128 live)");
        CHECK_CONTAINS(one_more->message, "No such file or directory");
        CHECK_CONTAINS(one_more->message, "and another");
        CHECK_STR_EQ(akerr_name_for_status(AKERR_EXHAUSTED, NULL), "Error contexts exhausted");
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR + 1);
    /* One line per episode, and it blames no one: holding is not leaking. */
    CHECK_INT_EQ(capture_calls(), 1);
    CHECK_CONTAINS(capture_text(), "akerror: all 128 error contexts are live");
    CHECK(strstr(capture_text(), "HANDLE") == NULL);
    CHECK(strstr(capture_text(), "leak") == NULL);

    RELEASE_ERROR(one_more);
    CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR + 1);
    RELEASE_ERROR(and_another);
    CHECK(and_another == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR);

    /* Room again: an ordinary context with the status asked for. */
    RELEASE_ERROR(all[0]);
    akerr_ErrorContext *fresh = NULL;
    FAIL(fresh, AKERR_KEY, "fits again");
    CHECK(fresh != NULL && fresh->status == AKERR_KEY && fresh->heapid < AKERR_MAX_ARRAY_ERROR);
    RELEASE_ERROR(fresh);
    for (int i = 1; i < AKERR_MAX_ARRAY_ERROR; i++) {
        RELEASE_ERROR(all[i]);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), 0);
}

/* A handler for one status does not swallow exhaustion: it reaches the caller. */
static akerr_ErrorContext AKERR_NOIGNORE *handles_key(void)
{
    PREPARE_ERROR(e);
    ATTEMPT {
        FAIL_BREAK(e, AKERR_KEY, "expected miss");
    } CLEANUP {
    } PROCESS(e) {
    } HANDLE(e, AKERR_KEY) {
    } FINISH(e, true);
    SUCCEED_RETURN(e);
}

static void test_exhaustion_passes_handlers(void)
{
    for (int i = 0; i < AKERR_MAX_ARRAY_ERROR; i++) {
        all[i] = akerr_next_error();
    }
    capture_begin();
    akerr_ErrorContext *e = handles_key();
    capture_end();
    CHECK(e != NULL);
    CHECK_INT_EQ(e ? e->status : 0, AKERR_EXHAUSTED);
    RELEASE_ERROR(e);
    for (int i = 0; i < AKERR_MAX_ARRAY_ERROR; i++) {
        RELEASE_ERROR(all[i]);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), 0);
}

/* Real leaks (a return out of HANDLE) fill the pool too; the process still lives. */
static akerr_ErrorContext AKERR_NOIGNORE *leaks_one(void)
{
    PREPARE_ERROR(e);
    ATTEMPT {
        FAIL_BREAK(e, AKERR_KEY, "handled, then leaked");
    } CLEANUP {
    } PROCESS(e) {
    } HANDLE(e, AKERR_KEY) {
        return NULL; /* the leak */
    } FINISH(e, true);
    SUCCEED_RETURN(e);
}

static void leak_until_exhausted(void)
{
    for (int i = 0; i < 10 * AKERR_MAX_ARRAY_ERROR; i++) {
        IGNORE(leaks_one());
    }
}

static void test_leaking_until_exhausted_does_not_exit(void)
{
    static struct child_result r;
    CHECK_INT_EQ(run_in_child(leak_until_exhausted, &r), 0);
    CHECK_INT_EQ(r.exited, 1);
    CHECK_INT_EQ(r.exit_status, CHILD_RETURNED);
    CHECK_INT_EQ(r.signaled, 0);
    CHECK_CONTAINS(r.output, "akerror: all 128 error contexts are live");
}

/* --- misuse of release --- */

static void test_double_release(void)
{
    int before = akerr_contexts_in_use();
    akerr_ErrorContext *e = akerr_next_error();
    akerr_ErrorContext *alias = e;
    int id = e->heapid;
    RELEASE_ERROR(e);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);

    capture_begin();
    akerr_ErrorContext *r = akerr_release_error(alias);
    capture_end();
    CHECK(r == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
    CHECK_INT_EQ(alias->refcount, 0);
    CHECK_INT_EQ(capture_calls(), 1);
    CHECK_INT_EQ(count_lines(capture_text()), 1);
    char want[96];
    snprintf(want, sizeof(want), "error context %d, which is already free", id);
    CHECK_CONTAINS(capture_text(), want);

    /* The slot went back once, not twice: the whole pool is still distinct. */
    int n = AKERR_MAX_ARRAY_ERROR - before;
    for (int i = 0; i < n; i++) {
        all[i] = akerr_next_error();
        for (int j = 0; j < i; j++) {
            CHECK_MSG(all[i] != all[j], "context %d handed out twice", all[i]->heapid);
        }
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR);
    for (int i = 0; i < n; i++) {
        RELEASE_ERROR(all[i]);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_release_of_foreign_pointer(void)
{
    int before = akerr_contexts_in_use();
    akerr_ErrorContext local;
    memset(&local, 0, sizeof(local));
    local.refcount = 1;

    capture_begin();
    CHECK(akerr_release_error(&local) == NULL);
    capture_end();
    CHECK_INT_EQ(capture_calls(), 1);
    CHECK_CONTAINS(capture_text(), "which is not an error context from the pool");
    CHECK_INT_EQ(local.refcount, 1); /* untouched */
    CHECK_INT_EQ(akerr_contexts_in_use(), before);

    /* A pointer into the middle of a pool context is not a context either. */
    akerr_ErrorContext *e = akerr_next_error();
    akerr_ErrorContext *inside = (akerr_ErrorContext *)(void *)((char *)e + 8);
    capture_begin();
    CHECK(akerr_release_error(inside) == NULL);
    capture_end();
    CHECK_INT_EQ(capture_calls(), 1);
    CHECK_CONTAINS(capture_text(), "not an error context from the pool");
    CHECK_INT_EQ(e->refcount, 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    RELEASE_ERROR(e);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* --- threads --- */

#define NTHREADS 4
#define PER_THREAD 8     /* NTHREADS * PER_THREAD stays well under the pool */
#define ITERATIONS 3000

struct worker {
    int index;
    int failures; /* checks that failed inside the thread */
};

static akerr_ErrorContext AKERR_NOIGNORE *worker_raise(int status, int i)
{
    PREPARE_ERROR(e);
    FAIL_RETURN(e, status, "thread status %d item %d", status, i);
}

static akerr_ErrorContext AKERR_NOIGNORE *worker_pass(int status, int i)
{
    PREPARE_ERROR(e);
    PASS(e, worker_raise(status, i));
    SUCCEED_RETURN(e);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    akerr_ErrorContext *mine[PER_THREAD];
    /* An application status per thread, and an errno value (name lookups). */
    const int status = AKERR_FIRST_APPLICATION_STATUS + 100 + w->index;
    char want[AKERR_MAX_ERROR_MESSAGE_LENGTH];

    for (int it = 0; it < ITERATIONS; it++) {
        for (int i = 0; i < PER_THREAD; i++) {
            mine[i] = worker_pass((i % 2 == 0) ? status : ENOENT, i);
        }
        for (int i = 0; i < PER_THREAD; i++) {
            int expect_status = (i % 2 == 0) ? status : ENOENT;
            snprintf(want, sizeof(want), "thread status %d item %d", expect_status, i);
            if (mine[i] == NULL || mine[i]->status != expect_status ||
                mine[i]->refcount != 1 || strcmp(mine[i]->message, want) != 0) {
                w->failures++;
            }
            for (int j = 0; j < i; j++) {
                if (mine[i] == mine[j]) {
                    w->failures++;
                }
            }
        }
        for (int i = 0; i < PER_THREAD; i++) {
            RELEASE_ERROR(mine[i]);
            if (mine[i] != NULL) {
                w->failures++;
            }
        }
        /* The structured form on this thread, handled and released. */
        PREPARE_ERROR(e);
        int handled = 0;
        ATTEMPT {
            CATCH(e, worker_pass(status, it));
        } CLEANUP {
        } PROCESS(e) {
        } HANDLE(e, ENOENT) {
            handled = -1;
        } HANDLE_DEFAULT(e) {
            handled = (e->status == status) ? 1 : -2;
        } FINISH_NORETURN(e);
        if (handled != 1 || e != NULL) {
            w->failures++;
        }
    }
    return NULL;
}

static void test_threads_share_the_pool(void)
{
#ifdef TEST_NO_THREADS
    TEST_SKIP(TEST_NO_THREADS);
#endif
    pthread_t threads[NTHREADS];
    struct worker workers[NTHREADS];
    int before = akerr_contexts_in_use();
    for (int t = 0; t < NTHREADS; t++) {
        workers[t].index = t;
        workers[t].failures = 0;
        CHECK_INT_EQ(pthread_create(&threads[t], NULL, worker_main, &workers[t]), 0);
    }
    for (int t = 0; t < NTHREADS; t++) {
        CHECK_INT_EQ(pthread_join(threads[t], NULL), 0);
        CHECK_MSG(workers[t].failures == 0, "thread %d: %d failures", t, workers[t].failures);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
    CHECK_INT_EQ(akerr_contexts_in_use(), 0);
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_release_of_null_and_held);
    RUN_TEST(test_whole_pool);
    RUN_TEST(test_exhaustion_is_an_error);
    RUN_TEST(test_exhaustion_passes_handlers);
    RUN_TEST(test_leaking_until_exhausted_does_not_exit);
    RUN_TEST(test_double_release);
    RUN_TEST(test_release_of_foreign_pointer);
    RUN_TEST(test_threads_share_the_pool);
    return TEST_END();
}
