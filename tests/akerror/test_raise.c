/*
 * Raising and leaving outside the structured form: FAIL, FAIL_RETURN,
 * FAIL_ZERO_RETURN, FAIL_NONZERO_RETURN, SUCCEED, SUCCEED_RETURN,
 * RELEASE_ERROR, CATCH_AND_RETURN; message formatting and truncation.
 */
#define _POSIX_C_SOURCE 200809L

#include <akerror.h>

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "capture.h"
#include "test.h"

static void test_fail_acquires_and_fills_the_context(void)
{
    int before = akerr_contexts_in_use();
    PREPARE_ERROR(e);
    CHECK(e == NULL);
    int line = __LINE__; FAIL(e, AKERR_KEY, "no %s #%d", "key", 7);
    CHECK(e != NULL);
    if (e == NULL) {
        return;
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    CHECK_INT_EQ(e->status, AKERR_KEY);
    CHECK_STR_EQ(e->message, "no key #7");
    CHECK_STR_EQ(e->fname, __FILE__);
    CHECK_STR_EQ(e->function, "test_fail_acquires_and_fills_the_context");
    CHECK_INT_EQ(e->lineno, line);
    CHECK(!e->handled);
    CHECK_INT_EQ(e->refcount, 1);
    CHECK(e->heapid >= 0 && e->heapid < AKERR_MAX_ARRAY_ERROR);

    char expected[512];
    snprintf(expected, sizeof(expected),
             "%s:test_fail_acquires_and_fills_the_context:%d: 205 (Key error): no key #7\n",
             __FILE__, line);
    CHECK_STR_EQ(e->stacktracebuf, expected);
    CHECK_INT_EQ(e->stacktracelen, strlen(expected));

    RELEASE_ERROR(e);
    CHECK(e == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_fail_on_a_held_context_reuses_it(void)
{
    int before = akerr_contexts_in_use();
    PREPARE_ERROR(e);
    FAIL(e, AKERR_KEY, "first");
    akerr_ErrorContext *first = e;
    e->handled = true;
    int line = __LINE__; FAIL(e, AKERR_VALUE, "second %d", 2);
    CHECK(e == first);
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    CHECK_INT_EQ(e->status, AKERR_VALUE);
    CHECK_STR_EQ(e->message, "second 2");
    CHECK_INT_EQ(e->lineno, line);
    CHECK(!e->handled);
    CHECK_INT_EQ(count_lines(e->stacktracebuf), 2);
    CHECK_CONTAINS(e->stacktracebuf, ": 205 (Key error): first\n");
    CHECK_CONTAINS(e->stacktracebuf, ": 211 (Value error): second 2\n");
    RELEASE_ERROR(e);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_fail_with_errno_and_application_status(void)
{
    char expected[256];
    PREPARE_ERROR(e);
    FAIL(e, ENOENT, "%s", "missing.png");
    snprintf(expected, sizeof(expected), ": %d (%s): missing.png\n", ENOENT, strerror(ENOENT));
    CHECK_CONTAINS(e->stacktracebuf, expected);
    RELEASE_ERROR(e);

    const int code = AKERR_FIRST_APPLICATION_STATUS + 7;
    CHECK_STR_EQ(akerr_name_for_status(code, "Out of mana"), "Out of mana");
    FAIL(e, code, "need %d", 5);
    CHECK_INT_EQ(e->status, code);
    CHECK_CONTAINS(e->stacktracebuf, ": 263 (Out of mana): need 5\n");
    RELEASE_ERROR(e);

    /* An unnamed application code still makes a readable line. */
    FAIL(e, code + 1, "plain");
    CHECK_CONTAINS(e->stacktracebuf, ": 264 (Unknown status): plain\n");
    RELEASE_ERROR(e);
}

static void test_message_is_truncated_and_terminated(void)
{
    static char longtext[AKERR_MAX_ERROR_MESSAGE_LENGTH * 3];
    memset(longtext, 'x', sizeof(longtext) - 1);
    longtext[sizeof(longtext) - 1] = '\0';

    PREPARE_ERROR(e);
    FAIL(e, AKERR_FORMAT, "%s", longtext);
    CHECK_INT_EQ(strlen(e->message), AKERR_MAX_ERROR_MESSAGE_LENGTH - 1);
    CHECK(strspn(e->message, "x") == AKERR_MAX_ERROR_MESSAGE_LENGTH - 1);
    /* The trace line carries the truncated message and ends its line. */
    CHECK_INT_EQ(count_lines(e->stacktracebuf), 1);
    size_t tl = strlen(e->stacktracebuf);
    CHECK(tl > AKERR_MAX_ERROR_MESSAGE_LENGTH);
    CHECK(tl > 0 && e->stacktracebuf[tl - 1] == '\n');
    CHECK_CONTAINS(e->stacktracebuf, ": 208 (Format error): xxx");
    RELEASE_ERROR(e);

    /* Exactly capacity-1 characters fits whole; one more is cut. */
    longtext[AKERR_MAX_ERROR_MESSAGE_LENGTH - 1] = '\0';
    FAIL(e, AKERR_FORMAT, "%s", longtext);
    CHECK_STR_EQ(e->message, longtext);
    FAIL(e, AKERR_FORMAT, "%sy", longtext);
    CHECK_STR_EQ(e->message, longtext);
    RELEASE_ERROR(e);
}

/* --- the *_RETURN family --- */

static akerr_ErrorContext AKERR_NOIGNORE *fail_return(int status)
{
    PREPARE_ERROR(e);
    FAIL_RETURN(e, status, "fail_return %d", status);
}

static akerr_ErrorContext AKERR_NOIGNORE *fail_zero_return_ptr(const void *p)
{
    PREPARE_ERROR(e);
    FAIL_ZERO_RETURN(e, p, AKERR_NULLPOINTER, "p is %s", "NULL");
    SUCCEED_RETURN(e);
}

static akerr_ErrorContext AKERR_NOIGNORE *fail_zero_return_int(int n)
{
    PREPARE_ERROR(e);
    FAIL_ZERO_RETURN(e, n, AKERR_VALUE, "n is %d", n);
    SUCCEED_RETURN(e);
}

static akerr_ErrorContext AKERR_NOIGNORE *fail_nonzero_return(int rc)
{
    PREPARE_ERROR(e);
    FAIL_NONZERO_RETURN(e, rc, AKERR_API, "rc %d", rc);
    SUCCEED_RETURN(e);
}

static void test_fail_return_family(void)
{
    int before = akerr_contexts_in_use();
    int x = 1;
    CHECK_STATUS_MSG(fail_return(AKERR_INDEX), AKERR_INDEX, "fail_return 207");
    CHECK_STATUS_MSG(fail_return(EINVAL), EINVAL, "fail_return");
    CHECK_STATUS_MSG(fail_zero_return_ptr(NULL), AKERR_NULLPOINTER, "p is NULL");
    CHECK_OK(fail_zero_return_ptr(&x));
    CHECK_STATUS_MSG(fail_zero_return_int(0), AKERR_VALUE, "n is 0");
    CHECK_OK(fail_zero_return_int(-1));
    CHECK_OK(fail_nonzero_return(0));
    CHECK_STATUS_MSG(fail_nonzero_return(-1), AKERR_API, "rc -1");
    CHECK_STATUS_MSG(fail_nonzero_return(42), AKERR_API, "rc 42");
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* --- leaving with success --- */

static void test_succeed_does_not_allocate(void)
{
    int before = akerr_contexts_in_use();
    PREPARE_ERROR(e);
    SUCCEED(e);
    CHECK(e == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
    /* On a held context, SUCCEED gives it back. */
    FAIL(e, AKERR_KEY, "held");
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    SUCCEED(e);
    CHECK(e == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static akerr_ErrorContext AKERR_NOIGNORE *succeed_return_holding(bool hold)
{
    PREPARE_ERROR(e);
    if (hold) {
        FAIL(e, AKERR_KEY, "recovered from");
    }
    SUCCEED_RETURN(e);
}

static void test_succeed_return_releases_what_it_holds(void)
{
    int before = akerr_contexts_in_use();
    CHECK_OK(succeed_return_holding(false));
    CHECK_OK(succeed_return_holding(true));
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_release_error(void)
{
    int before = akerr_contexts_in_use();
    PREPARE_ERROR(e);
    RELEASE_ERROR(e); /* NULL: nothing happens */
    CHECK(e == NULL);
    CHECK(akerr_release_error(NULL) == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);

    e = akerr_next_error();
    CHECK_INT_EQ(e->status, 0);
    CHECK_STR_EQ(e->message, "");
    CHECK_STR_EQ(e->stacktracebuf, "");
    CHECK_INT_EQ(e->stacktracelen, 0);
    CHECK_INT_EQ(e->refcount, 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    /* A second holder (there is no retain call; this stands in for one):
     * releasing once hands the context back to the caller, still live. */
    e->refcount = 2;
    akerr_ErrorContext *still = akerr_release_error(e);
    CHECK(still == e);
    CHECK_INT_EQ(e->refcount, 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    RELEASE_ERROR(e);
    CHECK(e == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_contexts_come_back_clean(void)
{
    PREPARE_ERROR(e);
    FAIL(e, AKERR_KEY, "dirty");
    e->handled = true;
    RELEASE_ERROR(e);
    /* Whatever slot comes next, it carries nothing from before. */
    e = akerr_next_error();
    CHECK_INT_EQ(e->status, 0);
    CHECK(!e->handled);
    CHECK_STR_EQ(e->message, "");
    CHECK_STR_EQ(e->stacktracebuf, "");
    CHECK_INT_EQ(e->stacktracelen, 0);
    CHECK(e->fname == NULL && e->function == NULL && e->lineno == 0);
    RELEASE_ERROR(e);
}

/* --- CATCH_AND_RETURN is PASS --- */

static int car_line;

/* Succeeds for 0, otherwise raises `status`. */
static akerr_ErrorContext AKERR_NOIGNORE *maybe_fail(int status)
{
    PREPARE_ERROR(e);
    if (status != 0) {
        FAIL_RETURN(e, status, "maybe_fail %d", status);
    }
    SUCCEED_RETURN(e);
}

static akerr_ErrorContext AKERR_NOIGNORE *catch_and_return(int status)
{
    PREPARE_ERROR(e);
    car_line = __LINE__; CATCH_AND_RETURN(e, maybe_fail(status));
    SUCCEED_RETURN(e);
}

static void test_catch_and_return(void)
{
    int before = akerr_contexts_in_use();
    CHECK_OK(catch_and_return(0));
    akerr_ErrorContext *e = catch_and_return(AKERR_IO);
    CHECK(e != NULL);
    if (e != NULL) {
        char expected[256];
        snprintf(expected, sizeof(expected), "%s:catch_and_return:%d\n", __FILE__, car_line);
        CHECK_INT_EQ(e->status, AKERR_IO);
        CHECK_INT_EQ(count_lines(e->stacktracebuf), 2);
        size_t tl = strlen(e->stacktracebuf), el = strlen(expected);
        CHECK(tl >= el && strcmp(e->stacktracebuf + tl - el, expected) == 0);
        RELEASE_ERROR(e);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* --- the flat macros as unbraced if/else bodies --- */

static akerr_ErrorContext AKERR_NOIGNORE *unbraced_flat(int which)
{
    PREPARE_ERROR(e);
    if (which == 0)
        FAIL_RETURN(e, AKERR_KEY, "zero");
    else if (which == 1)
        PASS(e, fail_return(AKERR_INDEX));
    else if (which == 2)
        CATCH_AND_RETURN(e, fail_return(AKERR_VALUE));
    else
        IGNORE(fail_return(AKERR_IO));
    if (which == 3)
        FAIL_ZERO_RETURN(e, 0, AKERR_TYPE, "three");
    else
        FAIL_NONZERO_RETURN(e, which == 4, AKERR_FORMAT, "four");
    if (which == 5)
        FAIL(e, AKERR_BEHAVIOR, "five");
    else
        SUCCEED(e);
    if (which == 5)
        LOG_ERROR(e);
    else
        RELEASE_ERROR(e);
    if (which == 6)
        SUCCEED_RETURN(e);
    else
        SUCCEED(e);
    SUCCEED_RETURN(e);
}

static void test_unbraced_flat_macros(void)
{
    const int expected[] = {AKERR_KEY, AKERR_INDEX, AKERR_VALUE, AKERR_TYPE, AKERR_FORMAT, 0, 0};
    /* IGNORE logs for 3..6; LOG_ERROR once more for 5. */
    const int expected_logs[] = {0, 0, 0, 1, 1, 2, 1};
    int before = akerr_contexts_in_use();
    for (int which = 0; which < 7; which++) {
        capture_begin();
        int status = 0;
        akerr_ErrorContext *e = unbraced_flat(which);
        if (e != NULL) {
            status = e->status;
            RELEASE_ERROR(e);
        }
        capture_end();
        CHECK_MSG(status == expected[which], "which %d: status %d", which, status);
        CHECK_MSG(capture_calls() == expected_logs[which], "which %d: %d log lines", which,
                  capture_calls());
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* akerr_prefix_message: context in front of a message, nothing else touched. */
static akerr_ErrorContext *raise_io(void)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, AKERR_IO, "read failed at byte %d", 12);
}

static void test_prefix_message(void)
{
    akerr_ErrorContext *e = raise_io();
    char trace[AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH];
    memcpy(trace, e->stacktracebuf, sizeof(trace));
    CHECK(akerr_prefix_message(e, "%s line %d", "level1.json", 3) == e);
    CHECK_STR_EQ(e->message, "level1.json line 3: read failed at byte 12");
    CHECK_INT_EQ(e->status, AKERR_IO);
    CHECK_STR_EQ(e->stacktracebuf, trace);
    CHECK(!e->handled);
    /* Twice: prefixes stack outward. */
    akerr_prefix_message(e, "loading %s", "world");
    CHECK_STR_EQ(e->message, "loading world: level1.json line 3: read failed at byte 12");
    e = akerr_release_error(e);
    CHECK(e == NULL);
}

static void test_prefix_message_null_and_overflow(void)
{
    CHECK(akerr_prefix_message(NULL, "%s", "nothing") == NULL);
    akerr_ErrorContext *e = raise_io();
    CHECK(akerr_prefix_message(e, NULL) == e); /* no prefix: unchanged */
    CHECK_STR_EQ(e->message, "read failed at byte 12");
    /* A prefix longer than the message buffer: cut, terminated, no overrun. */
    static char huge[AKERR_MAX_ERROR_MESSAGE_LENGTH * 2];
    memset(huge, 'p', sizeof(huge) - 1);
    akerr_prefix_message(e, "%s", huge);
    CHECK_INT_EQ(strlen(e->message), AKERR_MAX_ERROR_MESSAGE_LENGTH - 1);
    CHECK_INT_EQ(e->message[0], 'p');
    /* A prefix that leaves room for part of the old message keeps its start. */
    akerr_ErrorContext *f = raise_io();
    memset(huge, 'q', AKERR_MAX_ERROR_MESSAGE_LENGTH - 10);
    huge[AKERR_MAX_ERROR_MESSAGE_LENGTH - 10] = '\0';
    akerr_prefix_message(f, "%s", huge);
    CHECK_INT_EQ(strlen(f->message), AKERR_MAX_ERROR_MESSAGE_LENGTH - 1);
    CHECK_CONTAINS(f->message, "q: read f");
    e = akerr_release_error(e);
    f = akerr_release_error(f);
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_fail_acquires_and_fills_the_context);
    RUN_TEST(test_fail_on_a_held_context_reuses_it);
    RUN_TEST(test_fail_with_errno_and_application_status);
    RUN_TEST(test_message_is_truncated_and_terminated);
    RUN_TEST(test_fail_return_family);
    RUN_TEST(test_succeed_does_not_allocate);
    RUN_TEST(test_succeed_return_releases_what_it_holds);
    RUN_TEST(test_release_error);
    RUN_TEST(test_contexts_come_back_clean);
    RUN_TEST(test_catch_and_return);
    RUN_TEST(test_unbraced_flat_macros);
    RUN_TEST(test_prefix_message);
    RUN_TEST(test_prefix_message_null_and_overflow);
    return TEST_END();
}
