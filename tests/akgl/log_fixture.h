/*
 * Capture of akerr_log_method, for the suites that read what was logged:
 * between test_log_begin() and test_log_end() every logged line is appended
 * to test_log, each ending in a newline as the default method writes it.
 */
#ifndef AKGL_TEST_LOG_FIXTURE_H
#define AKGL_TEST_LOG_FIXTURE_H

#include <akerror.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static char test_log[16384];
static akerr_LogFunction test_saved_log;

AKERR_PRINTF(1, 2)
static void test_capture_log(const char *fmt, ...)
{
    size_t used = strlen(test_log);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(test_log + used, sizeof(test_log) - used, fmt, ap);
    va_end(ap);
    used = strlen(test_log);
    if (used + 1 < sizeof(test_log)) {
        test_log[used] = '\n';
        test_log[used + 1] = '\0';
    }
}

static inline void test_log_begin(void)
{
    test_log[0] = '\0';
    test_saved_log = akerr_log_method;
    akerr_log_method = test_capture_log;
}

static inline void test_log_end(void)
{
    akerr_log_method = test_saved_log;
}

#endif /* AKGL_TEST_LOG_FIXTURE_H */
