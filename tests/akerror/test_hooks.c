/*
 * The hooks and what reaches them: IGNORE logs and releases; FINISH_NORETURN
 * logs the trace, then calls akerr_handler_unhandled_error, then releases;
 * the default handler exits with the status (1 when it does not fit, never 0);
 * the default logger writes a line to stderr.
 */
#define _POSIX_C_SOURCE 200809L

#include <akerror.h>

#include <errno.h>
#include <string.h>

#include "capture.h"
#include "test.h"

static int line_raise;

static akerr_ErrorContext AKERR_NOIGNORE *raise_status(int status)
{
    PREPARE_ERROR(e);
    if (status != 0) {
        line_raise = __LINE__; FAIL_RETURN(e, status, "raised %d", status);
    }
    SUCCEED_RETURN(e);
}

/* --- IGNORE --- */

static void test_ignore_logs_and_releases(void)
{
    int before = akerr_contexts_in_use();
    char expected[1024];

    capture_begin();
    IGNORE(raise_status(0));
    CHECK_INT_EQ(capture_calls(), 0);
    int line = __LINE__; IGNORE(raise_status(AKERR_KEY));
    capture_end();

    snprintf(expected, sizeof(expected),
             "%s:raise_status:%d: 205 (Key error): raised 205\n"
             "%s:test_ignore_logs_and_releases:%d: ** IGNORED ERROR ** 205 (Key error): raised 205\n",
             __FILE__, line_raise, __FILE__, line);
    CHECK_INT_EQ(capture_calls(), 1);
    CHECK_STR_EQ(capture_text(), expected);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* --- FINISH_NORETURN and a handler that returns --- */

static struct {
    int calls;
    int status;
    int handled;
    int live;          /* contexts in use while the handler ran */
    int logs_before;   /* log lines written before the handler was called */
    char trace[AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH];
} seen;

static void recording_handler(akerr_ErrorContext *errctx)
{
    seen.calls++;
    seen.status = errctx->status;
    seen.handled = errctx->handled;
    seen.live = akerr_contexts_in_use();
    seen.logs_before = capture_calls();
    memcpy(seen.trace, errctx->stacktracebuf, sizeof(seen.trace));
}

static int line_catch, line_finish, after_finish;

/* A void function, as an SDL callback would be. */
static void void_callback(int status)
{
    PREPARE_ERROR(e);
    ATTEMPT {
        line_catch = __LINE__; CATCH(e, raise_status(status));
    } CLEANUP {
        /* One line, so the PROCESS block can record FINISH_NORETURN's line. */
    } PROCESS(e) { line_finish = __LINE__; } HANDLE(e, AKERR_INDEX) { } FINISH_NORETURN(e);
    after_finish++;
    if (e != NULL) {
        after_finish += 100; /* FINISH_NORETURN must leave e NULL */
    }
}

static void with_recording_handler(int status)
{
    akerr_UnhandledErrorHandler saved = akerr_handler_unhandled_error;
    memset(&seen, 0, sizeof(seen));
    after_finish = 0;
    akerr_handler_unhandled_error = recording_handler;
    capture_begin();
    void_callback(status);
    capture_end();
    akerr_handler_unhandled_error = saved;
}

static void test_finish_noreturn_unhandled_reaches_handler(void)
{
    int before = akerr_contexts_in_use();
    with_recording_handler(AKERR_KEY);

    CHECK_INT_EQ(seen.calls, 1);
    CHECK_INT_EQ(seen.status, AKERR_KEY);
    CHECK_INT_EQ(seen.handled, 0);
    /* Still live while the handler runs, released after it returns. */
    CHECK_INT_EQ(seen.live, before + 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
    CHECK_INT_EQ(after_finish, 1);

    /* Logged, with its trace, before the handler was called. */
    CHECK_INT_EQ(seen.logs_before, 1);
    CHECK_INT_EQ(capture_calls(), 1);
    char expected[2048];
    snprintf(expected, sizeof(expected),
             "%s:raise_status:%d: 205 (Key error): raised 205\n"
             "%s:void_callback:%d\n"
             "%s:void_callback:%d\n"
             "%s:void_callback:%d: Unhandled error 205 (Key error): raised 205\n",
             __FILE__, line_raise, __FILE__, line_catch, __FILE__, line_finish, __FILE__,
             line_finish);
    CHECK_STR_EQ(capture_text(), expected);
    /* The handler saw the same trace. */
    CHECK(strncmp(capture_text(), seen.trace, strlen(seen.trace)) == 0);
    CHECK_INT_EQ(count_lines(seen.trace), 3);
}

static void test_finish_noreturn_handled_or_success(void)
{
    int before = akerr_contexts_in_use();
    with_recording_handler(AKERR_INDEX);
    CHECK_INT_EQ(seen.calls, 0);
    CHECK_INT_EQ(capture_calls(), 0);
    CHECK_INT_EQ(after_finish, 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);

    with_recording_handler(0);
    CHECK_INT_EQ(seen.calls, 0);
    CHECK_INT_EQ(capture_calls(), 0);
    CHECK_INT_EQ(after_finish, 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* --- the default handler, in a child --- */

static void child_unhandled(void)
{
    /* Default hooks: the log goes to stderr, the handler exits. */
    void_callback(capture_child_arg);
}

static void child_unhandled_raw(void)
{
    /* A status raise_status would not raise: 0 itself. */
    PREPARE_ERROR(e);
    ATTEMPT {
        FAIL_BREAK(e, capture_child_arg, "raw status %d", capture_child_arg);
    } CLEANUP {
    } PROCESS(e) {
    } FINISH_NORETURN(e);
}

static void expect_exit(void (*fn)(void), int status, int exit_status, const char *name)
{
    static struct child_result r;
    char want[128];
    capture_child_arg = status;
    CHECK_INT_EQ(run_in_child(fn, &r), 0);
    CHECK_MSG(r.exited == 1 && r.exit_status == exit_status,
              "status %d: exited %d with %d, signal %d (expected exit %d)", status, r.exited,
              r.exit_status, r.signaled, exit_status);
    snprintf(want, sizeof(want), "Unhandled error %d (%s)", status, name);
    CHECK_CONTAINS(r.output, want);
    snprintf(want, sizeof(want), "akerror: exiting on unhandled error %d (%s)\n", status, name);
    CHECK_CONTAINS(r.output, want);
}

static void test_default_handler_exits_with_status(void)
{
    expect_exit(child_unhandled, AKERR_VALUE, AKERR_VALUE, "Value error");
    expect_exit(child_unhandled, AKERR_KEY, AKERR_KEY, "Key error");
    expect_exit(child_unhandled, ENOENT, ENOENT, strerror(ENOENT));
    expect_exit(child_unhandled, 255, 255, "Unknown status");
}

static void test_default_handler_never_exits_zero(void)
{
    /* An application status does not fit an exit code: 1, never 300 & 0xff. */
    expect_exit(child_unhandled, 300, 1, "Unknown status");
    /* 256 & 0xff would be 0: success to the shell. */
    expect_exit(child_unhandled, 256, 1, "Unknown status");
    expect_exit(child_unhandled_raw, 512, 1, "Unknown status");
    expect_exit(child_unhandled_raw, -3, 1, "Unknown status");
    /* Even a context raised with status 0 is an error when nobody handled it. */
    expect_exit(child_unhandled_raw, 0, 1, "Success");
}

static void test_default_handler_ignores_null(void)
{
    akerr_default_handler_unhandled_error(NULL); /* returns, does not exit */
    CHECK(1);
}

/* --- the default logger --- */

static void child_log_line(void)
{
    akerr_default_logger("hello %s %d", "log", 42);
    akerr_log_method("second%s", "");
}

static void test_default_logger_writes_stderr(void)
{
    static struct child_result r;
    CHECK(akerr_log_method == akerr_default_logger);
    CHECK(akerr_handler_unhandled_error == akerr_default_handler_unhandled_error);
    CHECK_INT_EQ(run_in_child(child_log_line, &r), 0);
    CHECK_INT_EQ(r.exited, 1);
    CHECK_INT_EQ(r.exit_status, CHILD_RETURNED);
    CHECK_STR_EQ(r.output, "hello log 42\nsecond\n");
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_ignore_logs_and_releases);
    RUN_TEST(test_finish_noreturn_unhandled_reaches_handler);
    RUN_TEST(test_finish_noreturn_handled_or_success);
    RUN_TEST(test_default_handler_exits_with_status);
    RUN_TEST(test_default_handler_never_exits_zero);
    RUN_TEST(test_default_handler_ignores_null);
    RUN_TEST(test_default_logger_writes_stderr);
    return TEST_END();
}
