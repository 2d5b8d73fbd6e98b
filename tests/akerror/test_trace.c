/*
 * The trace: one line per level, in order, with file, function and line;
 * CATCH adds its level; LOG_ERROR's exact output; a chain deep enough to
 * overflow stacktracebuf is cut, marked "...", and never overruns.
 */
#define _POSIX_C_SOURCE 200809L

#include <akerror.h>

#include <string.h>

#include "capture.h"
#include "test.h"

static int line_raise, line_level2, line_level1, line_catch, line_inner_catch;

static akerr_ErrorContext AKERR_NOIGNORE *level3(void)
{
    PREPARE_ERROR(e);
    line_raise = __LINE__; FAIL_RETURN(e, AKERR_KEY, "deep %s", "down");
}

static akerr_ErrorContext AKERR_NOIGNORE *level2(void)
{
    PREPARE_ERROR(e);
    line_level2 = __LINE__; PASS(e, level3());
    SUCCEED_RETURN(e);
}

static akerr_ErrorContext AKERR_NOIGNORE *level1(void)
{
    PREPARE_ERROR(e);
    line_level1 = __LINE__; PASS(e, level2());
    SUCCEED_RETURN(e);
}

static void expected_three_levels(char *buf, size_t cap)
{
    snprintf(buf, cap,
             "%s:level3:%d: 205 (Key error): deep down\n"
             "%s:level2:%d\n"
             "%s:level1:%d\n",
             __FILE__, line_raise, __FILE__, line_level2, __FILE__, line_level1);
}

static void test_pass_three_levels(void)
{
    int before = akerr_contexts_in_use();
    akerr_ErrorContext *e = level1();
    CHECK(e != NULL);
    if (e == NULL) {
        return;
    }
    char expected[1024];
    expected_three_levels(expected, sizeof(expected));
    CHECK_STR_EQ(e->stacktracebuf, expected);
    CHECK_INT_EQ(e->stacktracelen, strlen(expected));
    CHECK_INT_EQ(count_lines(e->stacktracebuf), 3);
    /* Where it was raised does not move as it travels. */
    CHECK_INT_EQ(e->status, AKERR_KEY);
    CHECK_STR_EQ(e->function, "level3");
    CHECK_INT_EQ(e->lineno, line_raise);
    CHECK_STR_EQ(e->fname, __FILE__);
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    RELEASE_ERROR(e);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_catch_adds_its_level(void)
{
    char expected[1024], got[AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH] = "";
    int handled = 0;
    PREPARE_ERROR(e);
    ATTEMPT {
        line_catch = __LINE__; CATCH(e, level1());
    } CLEANUP {
    } PROCESS(e) {
    } HANDLE(e, AKERR_KEY) {
        handled++;
        memcpy(got, e->stacktracebuf, sizeof(got));
    } FINISH_NORETURN(e);
    CHECK(e == NULL);
    CHECK_INT_EQ(handled, 1);
    expected_three_levels(expected, sizeof(expected));
    size_t n = strlen(expected);
    snprintf(expected + n, sizeof(expected) - n, "%s:test_catch_adds_its_level:%d\n", __FILE__,
             line_catch);
    CHECK_STR_EQ(got, expected);
    CHECK_INT_EQ(count_lines(got), 4);
}

/* A function with its own ATTEMPT that passes the error up through FINISH. */
static akerr_ErrorContext AKERR_NOIGNORE *inner_attempt(void)
{
    PREPARE_ERROR(e);
    ATTEMPT {
        line_inner_catch = __LINE__; CATCH(e, level2());
    } CLEANUP {
    } PROCESS(e) {
    } HANDLE(e, AKERR_INDEX) {
    } FINISH(e, true);
    SUCCEED_RETURN(e);
}

static int line_outer_pass;

static akerr_ErrorContext AKERR_NOIGNORE *outer_pass(void)
{
    PREPARE_ERROR(e);
    line_outer_pass = __LINE__; PASS(e, inner_attempt());
    SUCCEED_RETURN(e);
}

static void test_trace_through_nested_forms(void)
{
    char expected[1024];
    akerr_ErrorContext *e = outer_pass();
    CHECK(e != NULL);
    if (e == NULL) {
        return;
    }
    snprintf(expected, sizeof(expected),
             "%s:level3:%d: 205 (Key error): deep down\n"
             "%s:level2:%d\n"
             "%s:inner_attempt:%d\n"
             "%s:outer_pass:%d\n",
             __FILE__, line_raise, __FILE__, line_level2, __FILE__, line_inner_catch, __FILE__,
             line_outer_pass);
    CHECK_STR_EQ(e->stacktracebuf, expected);
    RELEASE_ERROR(e);
}

static void test_log_error_output(void)
{
    int before = akerr_contexts_in_use();
    akerr_ErrorContext *e = level1();
    char expected[2048];
    expected_three_levels(expected, sizeof(expected));
    size_t n = strlen(expected);

    capture_begin();
    int line = __LINE__; LOG_ERROR(e);
    LOG_ERROR((akerr_ErrorContext *)NULL); /* nothing to log */
    capture_end();

    snprintf(expected + n, sizeof(expected) - n,
             "%s:test_log_error_output:%d: 205 (Key error): deep down\n", __FILE__, line);
    CHECK_INT_EQ(capture_calls(), 1);
    CHECK_STR_EQ(capture_text(), expected);
    /* Logging does not release. */
    CHECK(e != NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    RELEASE_ERROR(e);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* ------------------------------------------------------------------------ */
/* A chain deeper than the buffer                                           */
/* ------------------------------------------------------------------------ */

static int line_recurse_raise;

static akerr_ErrorContext AKERR_NOIGNORE *recurse(int depth)
{
    PREPARE_ERROR(e);
    if (depth == 0) {
        line_recurse_raise = __LINE__; FAIL_RETURN(e, AKERR_OUTOFBOUNDS, "bottom");
    }
    PASS(e, recurse(depth - 1));
    SUCCEED_RETURN(e);
}

#define DEEP 400
#define CANARY_STATUS 0x5eed

static void test_deep_chain_is_cut_and_marked(void)
{
    /*
     * Hold the whole pool, each context with a canary, then give back one
     * whose neighbour in the pool we hold: the chain raises on that slot (the
     * only free one), so anything written past its stacktracebuf lands in a
     * canary we check. (Past the last slot there is only ASan's redzone, so
     * the last slot is never the one given back.)
     */
    static akerr_ErrorContext *held[AKERR_MAX_ARRAY_ERROR];
    int before = akerr_contexts_in_use();
    int nheld = AKERR_MAX_ARRAY_ERROR - before;
    for (int i = 0; i < nheld; i++) {
        held[i] = akerr_next_error();
        held[i]->status = CANARY_STATUS;
        snprintf(held[i]->message, sizeof(held[i]->message), "canary %d", i);
        memset(held[i]->stacktracebuf, 'c', sizeof(held[i]->stacktracebuf) - 1);
        held[i]->stacktracebuf[sizeof(held[i]->stacktracebuf) - 1] = '\0';
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), AKERR_MAX_ARRAY_ERROR);
    int victim = -1;
    for (int i = 0; i < nheld && victim < 0; i++) {
        for (int j = 0; j < nheld; j++) {
            if (held[j]->heapid == held[i]->heapid + 1) {
                victim = i;
                break;
            }
        }
    }
    CHECK(victim >= 0);
    if (victim < 0) {
        for (int i = 0; i < nheld; i++) {
            RELEASE_ERROR(held[i]);
        }
        return;
    }
    akerr_ErrorContext *slot = held[victim];
    RELEASE_ERROR(held[victim]);

    akerr_ErrorContext *e = recurse(DEEP);
    CHECK(e == slot);
    if (e != NULL) {
        const char *buf = e->stacktracebuf;
        size_t len = strlen(buf);
        CHECK_INT_EQ(e->status, AKERR_OUTOFBOUNDS);
        CHECK_INT_EQ(e->stacktracelen, len);
        CHECK(len < sizeof(e->stacktracebuf));
        /* Full: it used (nearly) all of the buffer... */
        CHECK(len >= sizeof(e->stacktracebuf) - 8);
        /* ...and says it was cut. */
        CHECK(len >= 4 && strcmp(buf + len - 4, "...\n") == 0);
        /* It starts where the error was raised, and the levels follow. */
        char first[256];
        snprintf(first, sizeof(first), "%s:recurse:%d: 201 (Out of bounds)",
                 __FILE__, line_recurse_raise);
        CHECK_MSG(strstr(buf, first) == buf, "trace starts \"%.80s\"",
                  buf);
        CHECK(count_lines(buf) > 10 && count_lines(buf) < DEEP);

        /* Once full it stays full: another level changes nothing. */
        char copy[AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH];
        memcpy(copy, buf, sizeof(copy));
        CHECK(akerr_trace_append(e, __FILE__, __func__, __LINE__) == e);
        CHECK(memcmp(copy, buf, sizeof(copy)) == 0);
        CHECK_INT_EQ(e->stacktracelen, len);

        /* And a full trace logs without trouble. */
        capture_begin();
        LOG_ERROR(e);
        capture_end();
        CHECK_INT_EQ(capture_calls(), 1);
        CHECK(strncmp(capture_text(), buf, len) == 0);
        RELEASE_ERROR(e);
    }

    for (int i = 0; i < nheld; i++) {
        if (i == victim) {
            continue;
        }
        CHECK_MSG(held[i]->status == CANARY_STATUS, "context %d: status %d", held[i]->heapid,
                  held[i]->status);
        char want[32];
        snprintf(want, sizeof(want), "canary %d", i);
        CHECK_STR_EQ(held[i]->message, want);
        CHECK(strspn(held[i]->stacktracebuf, "c") == sizeof(held[i]->stacktracebuf) - 1);
        RELEASE_ERROR(held[i]);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* Lines that nearly fill the buffer: every length around the edge. */
static void test_trace_edge_lengths(void)
{
    const size_t cap = AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH;
    char message[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    for (size_t fill = cap - 40; fill < cap + 8; fill++) {
        PREPARE_ERROR(e);
        e = akerr_next_error();
        /* Pre-fill the trace to `fill - 30` bytes with three long raises. */
        memset(message, 'm', sizeof(message) - 1);
        message[sizeof(message) - 1] = '\0';
        for (int i = 0; i < 3; i++) {
            FAIL(e, AKERR_IO, "%s", message);
        }
        /* Then one line of a length that lands around the end. */
        size_t used = e->stacktracelen;
        size_t want = (fill > used) ? fill - used : 1;
        char fn[AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH];
        if (want >= sizeof(fn)) {
            want = sizeof(fn) - 1;
        }
        memset(fn, 'f', want);
        fn[want] = '\0';
        akerr_trace_append(e, "f.c", fn, 1);
        size_t len = strlen(e->stacktracebuf);
        CHECK_INT_EQ(e->stacktracelen, len);
        CHECK(len < cap);
        CHECK(len > 0 && e->stacktracebuf[len - 1] == '\n');
        RELEASE_ERROR(e);
    }
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_pass_three_levels);
    RUN_TEST(test_catch_adds_its_level);
    RUN_TEST(test_trace_through_nested_forms);
    RUN_TEST(test_log_error_output);
    RUN_TEST(test_deep_chain_is_cut_and_marked);
    RUN_TEST(test_trace_edge_lengths);
    return TEST_END();
}
