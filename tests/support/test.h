/*
 * The test harness: a header-only runner shared by every test program.
 *
 *   static void test_something(void) { CHECK(1 + 1 == 2); }
 *   int main(void) {
 *       TEST_BEGIN();
 *       RUN_TEST(test_something);
 *       return TEST_END();
 *   }
 *
 * RUN_TEST records every registered leak counter before the case and checks
 * it is back where it started after the case: error contexts always, and
 * whatever a suite adds with test_add_counter() (pool slots, registry entries).
 * A case that leaks fails even if all its CHECKs passed.
 *
 * TEST_END prints "N passed, N failed" and returns the exit status.
 */
#ifndef AKGL_TEST_H
#define AKGL_TEST_H

#include <akerror.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef int (*test_counter_fn)(void);

#define TEST_MAX_COUNTERS 32

struct test_state {
    int passed;
    int failed;
    int skipped;
    int case_failures;
    const char *case_skipped; /* why the case could not run here, or NULL */
    const char *current;
    int ncounters;
    const char *counter_names[TEST_MAX_COUNTERS];
    test_counter_fn counters[TEST_MAX_COUNTERS];
};

static struct test_state test_state_;

static int test_contexts_in_use_(void) { return akerr_contexts_in_use(); }

/* Adds a counter that must be back at its starting value after every case. */
static inline void test_add_counter(const char *name, test_counter_fn fn)
{
    if (test_state_.ncounters < TEST_MAX_COUNTERS) {
        test_state_.counter_names[test_state_.ncounters] = name;
        test_state_.counters[test_state_.ncounters++] = fn;
    }
}

static inline void test_fail_(const char *file, int line, const char *what)
{
    test_state_.case_failures++;
    fprintf(stderr, "%s:%d: %s: FAILED: %s\n", file, line,
            test_state_.current ? test_state_.current : "(no case)", what);
}

static inline void test_run_(const char *name, void (*fn)(void))
{
    int before[TEST_MAX_COUNTERS];
    test_state_.current = name;
    test_state_.case_failures = 0;
    test_state_.case_skipped = NULL;
    for (int i = 0; i < test_state_.ncounters; i++) {
        before[i] = test_state_.counters[i]();
    }
    fn();
    for (int i = 0; i < test_state_.ncounters; i++) {
        int after = test_state_.counters[i]();
        if (after != before[i]) {
            char msg[160];
            snprintf(msg, sizeof(msg), "leak: %s was %d before the case and %d after",
                     test_state_.counter_names[i], before[i], after);
            test_fail_(__FILE__, __LINE__, msg);
        }
    }
    if (test_state_.case_failures == 0 && test_state_.case_skipped != NULL) {
        test_state_.skipped++;
        fprintf(stderr, "skip %s: %s\n", name, test_state_.case_skipped);
    } else if (test_state_.case_failures == 0) {
        test_state_.passed++;
        fprintf(stderr, "ok   %s\n", name);
    } else {
        test_state_.failed++;
        fprintf(stderr, "FAIL %s\n", name);
    }
    test_state_.current = NULL;
}

#define TEST_BEGIN() \
    do { \
        setvbuf(stdout, NULL, _IONBF, 0); \
        test_add_counter("error contexts in use", test_contexts_in_use_); \
    } while (0)

#define RUN_TEST(fn) test_run_(#fn, fn)

#define TEST_END() \
    (printf("%d passed, %d failed", test_state_.passed, test_state_.failed), \
     printf(test_state_.skipped > 0 ? ", %d skipped\n" : "\n", test_state_.skipped), \
     (test_state_.failed == 0 && test_state_.passed > 0) ? 0 : 1)

/* Ends the case as skipped, saying why: for what the system it runs on
 * cannot do (a skipped case is counted and printed, never passed). */
#define TEST_SKIP(reason) \
    do { \
        test_state_.case_skipped = (reason); \
        return; \
    } while (0)

/* What the web build (Emscripten, run under node) cannot do, each the reason
 * its cases skip with: no threads (akgl's web build is made without
 * -pthread, whose shared memory a page gets only with cross-origin
 * isolation), and no FIFOs (node's file system, NODERAWFS, makes a regular
 * file for mkfifo, and a page's has none a program could meet). */
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define TEST_NO_THREADS "the web build has no threads"
#endif
#ifdef __EMSCRIPTEN__
#define TEST_NO_FIFOS "the web's file systems have no FIFOs (node's makes a regular file)"
#endif

#define CHECK(cond) \
    do { if (!(cond)) test_fail_(__FILE__, __LINE__, #cond); } while (0)

AKERR_PRINTF(3, 4)
static inline void test_failf_(const char *file, int line, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap); /* a long message is cut: fine for a report */
    va_end(ap);
    test_fail_(file, line, msg);
}

#define CHECK_MSG(cond, ...) \
    do { if (!(cond)) test_failf_(__FILE__, __LINE__, __VA_ARGS__); } while (0)

#define CHECK_INT_EQ(a, b) \
    do { \
        long long test_a_ = (long long)(a), test_b_ = (long long)(b); \
        CHECK_MSG(test_a_ == test_b_, "%s == %s (%lld != %lld)", #a, #b, test_a_, test_b_); \
    } while (0)

#define CHECK_STR_EQ(a, b) \
    do { \
        const char *test_a_ = (a), *test_b_ = (b); \
        CHECK_MSG(test_a_ != NULL && test_b_ != NULL && strcmp(test_a_, test_b_) == 0, \
                  "%s == %s (\"%s\" != \"%s\")", #a, #b, test_a_ ? test_a_ : "(null)", \
                  test_b_ ? test_b_ : "(null)"); \
    } while (0)

#define CHECK_CONTAINS(haystack, needle) \
    do { \
        const char *test_h_ = (haystack), *test_n_ = (needle); \
        CHECK_MSG(test_h_ != NULL && strstr(test_h_, test_n_) != NULL, \
                  "%s contains \"%s\" (it is \"%s\")", #haystack, test_n_, \
                  test_h_ ? test_h_ : "(null)"); \
    } while (0)

/*
 * Calls something that returns an error context and checks its status
 * (0 = success, i.e. NULL). The context is released; when `msg_out` is not
 * NULL the message is copied there first (capacity AKERR_MAX_ERROR_MESSAGE_LENGTH).
 */
static inline int test_status_of_(akerr_ErrorContext *e, char *msg_out)
{
    int status = (e == NULL) ? 0 : e->status;
    if (msg_out != NULL) {
        msg_out[0] = '\0';
        if (e != NULL) {
            memcpy(msg_out, e->message, sizeof(e->message));
        }
    }
    if (e != NULL) {
        e = akerr_release_error(e);
    }
    return status;
}

#define CHECK_STATUS(call, status) CHECK_INT_EQ(test_status_of_((call), NULL), (status))
#define CHECK_OK(call) CHECK_STATUS(call, 0)
/* As CHECK_STATUS, and the message must contain `needle`. */
#define CHECK_STATUS_MSG(call, status, needle) \
    do { \
        char test_m_[AKERR_MAX_ERROR_MESSAGE_LENGTH]; \
        CHECK_INT_EQ(test_status_of_((call), test_m_), (status)); \
        CHECK_CONTAINS(test_m_, (needle)); \
    } while (0)

#endif /* AKGL_TEST_H */
