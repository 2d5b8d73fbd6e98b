/* aksl_strncpy and aksl_snprintf: what fits, what does not, and what is left in dest. */
#include <akstdlib.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "test.h"

/* Fills a buffer with 'X' so a test can see which bytes were written. */
#define SMUDGE(buf) memset((buf), 'X', sizeof(buf))

/* ------------------------------------------------------------------------ */
/* aksl_strncpy                                                             */
/* ------------------------------------------------------------------------ */

static void test_strncpy_copies(void)
{
    char dest[8];
    SMUDGE(dest);
    CHECK_OK(aksl_strncpy(dest, "abc", sizeof(dest)));
    CHECK_STR_EQ(dest, "abc");
    CHECK(dest[4] == 'X'); /* nothing written past the terminator */
}

static void test_strncpy_empty_source(void)
{
    char dest[4];
    SMUDGE(dest);
    CHECK_OK(aksl_strncpy(dest, "", sizeof(dest)));
    CHECK_STR_EQ(dest, "");
}

/*
 * The sprite-name bug: a short source and a big destination. The source sits
 * in a malloc'd block of exactly its own size, so reading one byte past its
 * terminator is an AddressSanitizer report under tools/test.sh --sanitize.
 */
static void test_strncpy_reads_only_the_source(void)
{
    static char dest[4096];
    char *src = malloc(4);
    CHECK(src != NULL);
    if (src == NULL) {
        return;
    }
    memcpy(src, "abc", 4);
    CHECK_OK(aksl_strncpy(dest, src, sizeof(dest)));
    CHECK_STR_EQ(dest, "abc");
    free(src);
}

static void test_strncpy_exact_fit(void)
{
    char dest[4];
    SMUDGE(dest);
    CHECK_OK(aksl_strncpy(dest, "abc", sizeof(dest)));
    CHECK_STR_EQ(dest, "abc");
}

static void test_strncpy_one_short(void)
{
    char dest[3];
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_strncpy(dest, "abc", sizeof(dest)), AKERR_OUTOFBOUNDS,
                     "aksl_strncpy: \"abc\" (3 bytes) does not fit in 3 bytes");
    CHECK_STR_EQ(dest, "ab"); /* what fitted, terminated */
}

static void test_strncpy_destsize_one(void)
{
    char dest[2];
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_strncpy(dest, "abc", 1), AKERR_OUTOFBOUNDS,
                     "aksl_strncpy: \"abc\" (3 bytes) does not fit in 1 bytes");
    CHECK(dest[0] == '\0');
    CHECK(dest[1] == 'X');
    SMUDGE(dest);
    CHECK_OK(aksl_strncpy(dest, "", 1)); /* the empty string fits in one byte */
    CHECK(dest[0] == '\0');
}

static void test_strncpy_destsize_zero(void)
{
    char dest[2];
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_strncpy(dest, "abc", 0), AKERR_OUTOFBOUNDS,
                     "aksl_strncpy: \"abc\" does not fit in 0 bytes");
    CHECK(dest[0] == 'X'); /* zero bytes: nothing may be written */
    CHECK_STATUS(aksl_strncpy(dest, "", 0), AKERR_OUTOFBOUNDS);
    CHECK(dest[0] == 'X');
}

static void test_strncpy_nulls(void)
{
    char dest[4];
    CHECK_STATUS_MSG(aksl_strncpy(NULL, "abc", sizeof(dest)), AKERR_NULLPOINTER,
                     "aksl_strncpy: NULL dest");
    CHECK_STATUS_MSG(aksl_strncpy(dest, NULL, sizeof(dest)), AKERR_NULLPOINTER,
                     "aksl_strncpy: NULL src");
}

/* A long input is quoted up to 160 bytes and marked as cut, so the part of the
 * message that says what went wrong survives. */
static void test_strncpy_long_input_is_clipped_in_the_message(void)
{
    char src[301];
    char dest[10];
    char expected[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    memset(src, 'a', 300);
    src[300] = '\0';
    snprintf(expected, sizeof(expected),
             "aksl_strncpy: \"%.160s...\" (300 bytes) does not fit in 10 bytes", src);
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_INT_EQ(test_status_of_(aksl_strncpy(dest, src, sizeof(dest)), msg), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(msg, expected);
    CHECK_STR_EQ(dest, "aaaaaaaaa");
}

/* ------------------------------------------------------------------------ */
/* aksl_snprintf                                                            */
/* ------------------------------------------------------------------------ */

static void test_snprintf_formats(void)
{
    char dest[16];
    SMUDGE(dest);
    CHECK_OK(aksl_snprintf(dest, sizeof(dest), "%s-%d", "hero", 7));
    CHECK_STR_EQ(dest, "hero-7");
}

static void test_snprintf_empty_output(void)
{
    char dest[4];
    SMUDGE(dest);
    CHECK_OK(aksl_snprintf(dest, sizeof(dest), "%s", ""));
    CHECK_STR_EQ(dest, "");
    SMUDGE(dest);
    CHECK_OK(aksl_snprintf(dest, 1, "%s", "")); /* the empty string fits in one byte */
    CHECK(dest[0] == '\0');
}

static void test_snprintf_exact_fit(void)
{
    char dest[4];
    SMUDGE(dest);
    CHECK_OK(aksl_snprintf(dest, sizeof(dest), "%d", 123));
    CHECK_STR_EQ(dest, "123");
}

static void test_snprintf_one_short(void)
{
    char dest[3];
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_snprintf(dest, sizeof(dest), "%d", 123), AKERR_OUTOFBOUNDS,
                     "aksl_snprintf: \"%d\" gives 3 bytes, which do not fit in 3 bytes");
    CHECK_STR_EQ(dest, "12");
}

static void test_snprintf_destsize_one(void)
{
    char dest[2];
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_snprintf(dest, 1, "%s", "abc"), AKERR_OUTOFBOUNDS,
                     "aksl_snprintf: \"%s\" gives 3 bytes, which do not fit in 1 bytes");
    CHECK(dest[0] == '\0');
    CHECK(dest[1] == 'X');
}

static void test_snprintf_destsize_zero(void)
{
    char dest[2];
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_snprintf(dest, 0, "%s", "abc"), AKERR_OUTOFBOUNDS,
                     "aksl_snprintf: \"%s\" gives 3 bytes, which do not fit in 0 bytes");
    CHECK(dest[0] == 'X');
}

/* The format is deliberately not a literal: these cases are about NULL. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
#endif
static void test_snprintf_nulls(void)
{
    char dest[4];
    const char *volatile nullfmt = NULL;
    CHECK_STATUS_MSG(aksl_snprintf(NULL, sizeof(dest), "%d", 1), AKERR_NULLPOINTER,
                     "aksl_snprintf: NULL dest");
    CHECK_STATUS_MSG(aksl_snprintf(dest, sizeof(dest), nullfmt), AKERR_NULLPOINTER,
                     "aksl_snprintf: NULL fmt");
}
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

/*
 * vsnprintf itself fails when a wide character has no multibyte form in the
 * current locale. This program never calls setlocale, so it runs in the "C"
 * locale, where U+0100 has none.
 */
static void test_snprintf_vsnprintf_failure(void)
{
#ifdef _WIN32
    TEST_SKIP("MinGW's printf does not fail a %ls it cannot convert");
#endif
    char dest[16];
    char expected[128];
    SMUDGE(dest);
    snprintf(expected, sizeof(expected), "aksl_snprintf: formatting \"%%ls\" failed: %s",
             strerror(EILSEQ));
    CHECK_STATUS_MSG(aksl_snprintf(dest, sizeof(dest), "%ls", L"a\x100"), AKERR_FORMAT, expected);
    CHECK(dest[0] == '\0'); /* no half-written output */
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_strncpy_copies);
    RUN_TEST(test_strncpy_empty_source);
    RUN_TEST(test_strncpy_reads_only_the_source);
    RUN_TEST(test_strncpy_exact_fit);
    RUN_TEST(test_strncpy_one_short);
    RUN_TEST(test_strncpy_destsize_one);
    RUN_TEST(test_strncpy_destsize_zero);
    RUN_TEST(test_strncpy_nulls);
    RUN_TEST(test_strncpy_long_input_is_clipped_in_the_message);
    RUN_TEST(test_snprintf_formats);
    RUN_TEST(test_snprintf_empty_output);
    RUN_TEST(test_snprintf_exact_fit);
    RUN_TEST(test_snprintf_one_short);
    RUN_TEST(test_snprintf_destsize_one);
    RUN_TEST(test_snprintf_destsize_zero);
    RUN_TEST(test_snprintf_nulls);
    RUN_TEST(test_snprintf_vsnprintf_failure);
    return TEST_END();
}
