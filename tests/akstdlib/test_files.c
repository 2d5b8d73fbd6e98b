/*
 * aksl_fopen, aksl_fclose, aksl_fread, aksl_fwrite, aksl_read_file, against
 * files in a scratch directory. On Linux every case is also checked for
 * leaked file descriptors.
 */
#define _XOPEN_SOURCE 700

#include <akstdlib.h>

#include <errno.h>

#include "fixture.h"

#define SMUDGE(buf) memset((buf), 'X', sizeof(buf))

/* A FILE * no test ever opens: shows a dest was left alone. */
static int not_a_file;
#define UNTOUCHED_FP ((FILE *)(void *)&not_a_file)

/* ------------------------------------------------------------------------ */
/* aksl_fopen and aksl_fclose                                               */
/* ------------------------------------------------------------------------ */

static void test_fopen_and_fclose(void)
{
    char path[PATH_MAX];
    FILE *fp = NULL;
    fx_path(path, "opened.txt");
    CHECK_OK(aksl_fopen(path, "w", &fp));
    CHECK(fp != NULL);
    CHECK_OK(aksl_fclose(fp));
}

static void test_fopen_missing_is_enoent(void)
{
    char path[PATH_MAX], expected[FX_MSG_MAX];
    FILE *fp = UNTOUCHED_FP;
    fx_path(path, "missing.json");
    snprintf(expected, sizeof(expected), "aksl_fopen: \"%s\" (mode \"r\"): %s", path,
             strerror(ENOENT));
    CHECK_STATUS_MSG(aksl_fopen(path, "r", &fp), ENOENT, expected);
    CHECK(fp == UNTOUCHED_FP);
}

static void test_fopen_directory_for_writing_is_eisdir(void)
{
    char expected[FX_MSG_MAX];
    FILE *fp = UNTOUCHED_FP;
    snprintf(expected, sizeof(expected), "aksl_fopen: \"%s\" (mode \"w\"): %s", fx_dir,
             strerror(EISDIR));
    CHECK_STATUS_MSG(aksl_fopen(fx_dir, "w", &fp), EISDIR, expected);
    CHECK(fp == UNTOUCHED_FP);
}

static void test_fopen_bad_mode_is_einval(void)
{
    char path[PATH_MAX];
    FILE *fp = UNTOUCHED_FP;
    fx_path(path, "opened.txt");
    CHECK_STATUS_MSG(aksl_fopen(path, "q", &fp), EINVAL, "(mode \"q\")");
    CHECK(fp == UNTOUCHED_FP);
}

static void test_fopen_fclose_nulls(void)
{
    FILE *fp = UNTOUCHED_FP;
    CHECK_STATUS_MSG(aksl_fopen(NULL, "r", &fp), AKERR_NULLPOINTER, "aksl_fopen: NULL path");
    CHECK_STATUS_MSG(aksl_fopen("x", NULL, &fp), AKERR_NULLPOINTER, "aksl_fopen: NULL mode");
    CHECK_STATUS_MSG(aksl_fopen("x", "r", NULL), AKERR_NULLPOINTER, "aksl_fopen: NULL dest");
    CHECK(fp == UNTOUCHED_FP);
    CHECK_STATUS_MSG(aksl_fclose(NULL), AKERR_NULLPOINTER, "aksl_fclose: NULL fp");
}

#ifdef __linux__
/* /dev/full takes a buffered write and refuses it on the final flush. */
static void test_fclose_reports_the_failed_flush(void)
{
    FILE *fp = NULL;
    char expected[FX_MSG_MAX];
    CHECK_OK(aksl_fopen("/dev/full", "w", &fp));
    if (fp == NULL) {
        return;
    }
    CHECK_OK(aksl_fwrite("hello", 5, fp)); /* only buffered so far */
    snprintf(expected, sizeof(expected),
             "aksl_fclose: %s; the stream is closed and buffered output may be lost",
             strerror(ENOSPC));
    CHECK_STATUS_MSG(aksl_fclose(fp), ENOSPC, expected);
}

static void test_fwrite_unbuffered_to_a_full_device(void)
{
    FILE *fp = NULL;
    char expected[FX_MSG_MAX];
    CHECK_OK(aksl_fopen("/dev/full", "w", &fp));
    if (fp == NULL) {
        return;
    }
    CHECK(setvbuf(fp, NULL, _IONBF, 0) == 0);
    snprintf(expected, sizeof(expected), "aksl_fwrite: wrote 0 of 5 bytes: %s", strerror(ENOSPC));
    CHECK_STATUS_MSG(aksl_fwrite("hello", 5, fp), AKERR_IO, expected);
    CHECK_OK(aksl_fclose(fp)); /* nothing left buffered to fail */
}
#endif

/* ------------------------------------------------------------------------ */
/* aksl_fread and aksl_fwrite                                               */
/* ------------------------------------------------------------------------ */

static void test_fwrite_fread_round_trip(void)
{
    static const char data[] = "hello\0world"; /* binary: an embedded NUL survives */
    char path[PATH_MAX], buf[64];
    FILE *fp = NULL;
    size_t n = 999;
    fx_path(path, "roundtrip.bin");

    CHECK_OK(aksl_fopen(path, "wb", &fp));
    CHECK_OK(aksl_fwrite(data, sizeof(data), fp));
    CHECK_OK(aksl_fwrite(data, 0, fp)); /* nothing to write is not a failure */
    CHECK_OK(aksl_fclose(fp));

    CHECK_OK(aksl_fopen(path, "rb", &fp));
    SMUDGE(buf);
    CHECK_OK(aksl_fread(buf, sizeof(buf), fp, &n)); /* short read at end of file: fine */
    CHECK_INT_EQ(n, sizeof(data));
    CHECK(memcmp(buf, data, sizeof(data)) == 0);
    CHECK(buf[sizeof(data)] == 'X'); /* nothing past what was read */
    n = 999;
    CHECK_OK(aksl_fread(buf, sizeof(buf), fp, &n)); /* at end of file: 0, not an error */
    CHECK_INT_EQ(n, 0);
    CHECK_OK(aksl_fclose(fp));
}

static void test_fread_partial_then_rest(void)
{
    char path[PATH_MAX], buf[8];
    FILE *fp = NULL;
    size_t n = 0;
    fx_write("ten.txt", "0123456789", 10);
    fx_path(path, "ten.txt");
    CHECK_OK(aksl_fopen(path, "rb", &fp));
    CHECK_OK(aksl_fread(buf, 4, fp, &n));
    CHECK_INT_EQ(n, 4);
    CHECK(memcmp(buf, "0123", 4) == 0);
    CHECK_OK(aksl_fread(buf, 0, fp, &n));
    CHECK_INT_EQ(n, 0);
    CHECK_OK(aksl_fread(buf, sizeof(buf), fp, &n));
    CHECK_INT_EQ(n, 6);
    CHECK(memcmp(buf, "456789", 6) == 0);
    CHECK_OK(aksl_fclose(fp));
}

/* What a read from a write-only stream (or a write to a read-only one)
 * leaves in errno, as akstdlib words it: glibc sets EBADF; musl, the web's C
 * library, sets only the stream's error flag. */
#ifdef __EMSCRIPTEN__
#define STREAM_WRONG_WAY_ERRNO "no errno set"
#else
#define STREAM_WRONG_WAY_ERRNO strerror(EBADF)
#endif

/* Reading a stream opened for writing fails in the stream: AKERR_IO. */
static void test_fread_error_is_akerr_io(void)
{
#ifdef _WIN32
    TEST_SKIP("the C runtime of Windows does not fail a read from a write-only stream");
#endif
    char path[PATH_MAX], buf[4], expected[FX_MSG_MAX];
    FILE *fp = NULL;
    size_t n = 999;
    fx_path(path, "writeonly.txt");
    CHECK_OK(aksl_fopen(path, "wb", &fp));
    if (fp == NULL) {
        return;
    }
    snprintf(expected, sizeof(expected), "aksl_fread: read error after 0 of 4 bytes: %s",
             STREAM_WRONG_WAY_ERRNO);
    CHECK_STATUS_MSG(aksl_fread(buf, sizeof(buf), fp, &n), AKERR_IO, expected);
    CHECK_INT_EQ(n, 999); /* left untouched on failure */
    CHECK_OK(aksl_fclose(fp));
}

static void test_fwrite_error_is_akerr_io(void)
{
    char path[PATH_MAX], expected[FX_MSG_MAX];
    FILE *fp = NULL;
    fx_write("readonly.txt", "x", 1);
    fx_path(path, "readonly.txt");
    CHECK_OK(aksl_fopen(path, "rb", &fp));
    if (fp == NULL) {
        return;
    }
    snprintf(expected, sizeof(expected), "aksl_fwrite: wrote 0 of 3 bytes: %s",
             STREAM_WRONG_WAY_ERRNO);
    CHECK_STATUS_MSG(aksl_fwrite("abc", 3, fp), AKERR_IO, expected);
#ifdef _WIN32
    /* The C runtime of Windows keeps the refused bytes and fails them again
     * at the close; the stream is closed either way. */
    int closed = test_status_of_(aksl_fclose(fp), NULL);
    CHECK_MSG(closed == 0 || closed == EBADF, "aksl_fclose: status %d", closed);
#else
    CHECK_OK(aksl_fclose(fp));
#endif
}

static void test_fread_fwrite_nulls(void)
{
    char path[PATH_MAX], buf[4];
    FILE *fp = NULL;
    size_t n = 999;
    fx_write("nulls.txt", "abcd", 4);
    fx_path(path, "nulls.txt");
    CHECK_OK(aksl_fopen(path, "r+b", &fp));
    if (fp == NULL) {
        return;
    }
    CHECK_STATUS_MSG(aksl_fread(NULL, 4, fp, &n), AKERR_NULLPOINTER, "aksl_fread: NULL dest");
    CHECK_STATUS_MSG(aksl_fread(buf, 4, NULL, &n), AKERR_NULLPOINTER, "aksl_fread: NULL fp");
    CHECK_STATUS_MSG(aksl_fread(buf, 4, fp, NULL), AKERR_NULLPOINTER, "aksl_fread: NULL nread");
    CHECK_INT_EQ(n, 999);
    CHECK_STATUS_MSG(aksl_fwrite(NULL, 4, fp), AKERR_NULLPOINTER, "aksl_fwrite: NULL src");
    CHECK_STATUS_MSG(aksl_fwrite("abcd", 4, NULL), AKERR_NULLPOINTER, "aksl_fwrite: NULL fp");
    CHECK_OK(aksl_fclose(fp));
}

/* ------------------------------------------------------------------------ */
/* aksl_read_file                                                           */
/* ------------------------------------------------------------------------ */

static void test_read_file_reads_and_terminates(void)
{
    char path[PATH_MAX], buf[64];
    size_t n = 999;
    fx_write("level.json", "{\"a\": 1}\n", 9);
    fx_path(path, "level.json");
    SMUDGE(buf);
    CHECK_OK(aksl_read_file(path, buf, sizeof(buf), &n));
    CHECK_STR_EQ(buf, "{\"a\": 1}\n");
    CHECK_INT_EQ(n, 9);
    SMUDGE(buf);
    CHECK_OK(aksl_read_file(path, buf, sizeof(buf), NULL)); /* nread is optional */
    CHECK_STR_EQ(buf, "{\"a\": 1}\n");
}

static void test_read_file_empty(void)
{
    char path[PATH_MAX], buf[8];
    size_t n = 999;
    fx_write("empty.txt", "", 0);
    fx_path(path, "empty.txt");
    SMUDGE(buf);
    CHECK_OK(aksl_read_file(path, buf, sizeof(buf), &n));
    CHECK_STR_EQ(buf, "");
    CHECK_INT_EQ(n, 0);
    SMUDGE(buf);
    CHECK_OK(aksl_read_file(path, buf, 1, &n)); /* an empty file fits in one byte */
    CHECK_STR_EQ(buf, "");
}

/* A file of destsize-1 bytes fits with its terminator; destsize bytes does not. */
static void test_read_file_size_limits(void)
{
    char path[PATH_MAX], buf[9], expected[FX_MSG_MAX];
    size_t n = 999;

    fx_write("seven.txt", "1234567", 7);
    fx_path(path, "seven.txt");
    SMUDGE(buf);
    CHECK_OK(aksl_read_file(path, buf, 8, &n));
    CHECK_STR_EQ(buf, "1234567");
    CHECK_INT_EQ(n, 7);
    CHECK(buf[8] == 'X'); /* the read stayed inside destsize */

    fx_write("eight.txt", "12345678", 8);
    fx_path(path, "eight.txt");
    SMUDGE(buf);
    n = 999;
    snprintf(expected, sizeof(expected),
             "aksl_read_file: \"%s\" is larger than 7 bytes and does not fit in 8 bytes with "
             "its terminator",
             path);
    CHECK_STATUS_MSG(aksl_read_file(path, buf, 8, &n), AKERR_OUTOFBOUNDS, expected);
    CHECK(buf[0] == '\0'); /* terminated and empty: never half a file */
    CHECK(buf[8] == 'X');
    CHECK_INT_EQ(n, 999);

    fx_write("one.txt", "1", 1);
    fx_path(path, "one.txt");
    SMUDGE(buf);
    CHECK_STATUS(aksl_read_file(path, buf, 1, &n), AKERR_OUTOFBOUNDS);
    CHECK(buf[0] == '\0');
    CHECK(buf[1] == 'X');
}

static void test_read_file_destsize_zero(void)
{
    char path[PATH_MAX], buf[4], expected[FX_MSG_MAX];
    fx_write("small.txt", "ab", 2);
    fx_path(path, "small.txt");
    SMUDGE(buf);
    snprintf(expected, sizeof(expected), "aksl_read_file: \"%s\" does not fit in 0 bytes", path);
    CHECK_STATUS_MSG(aksl_read_file(path, buf, 0, NULL), AKERR_OUTOFBOUNDS, expected);
    CHECK(buf[0] == 'X');
}

/* The open's errno passes up; the trace shows it came through aksl_read_file. */
static void test_read_file_missing_is_enoent(void)
{
    char path[PATH_MAX], buf[8], expected[FX_MSG_MAX];
    size_t n = 999;
    fx_path(path, "missing.json");
    snprintf(expected, sizeof(expected), "aksl_fopen: \"%s\" (mode \"rb\"): %s", path,
             strerror(ENOENT));
    SMUDGE(buf);
    struct fx_error got = fx_take(aksl_read_file(path, buf, sizeof(buf), &n));
    CHECK_INT_EQ(got.status, ENOENT);
    CHECK_STR_EQ(got.message, expected);
    CHECK_CONTAINS(got.trace, "aksl_fopen");
    CHECK_CONTAINS(got.trace, "aksl_read_file");
    CHECK(buf[0] == '\0');
    CHECK_INT_EQ(n, 999);
}

/* A directory opens for reading on Linux, then the read fails: AKERR_IO. */
static void test_read_file_directory_is_akerr_io(void)
{
    char buf[8], expected[FX_MSG_MAX];
    snprintf(expected, sizeof(expected), "aksl_read_file: reading \"%s\" failed: %s", fx_dir,
             strerror(EISDIR));
    SMUDGE(buf);
    akerr_ErrorContext *e = aksl_read_file(fx_dir, buf, sizeof(buf), NULL);
    struct fx_error got = fx_take(e);
#ifdef __linux__
    CHECK_INT_EQ(got.status, AKERR_IO);
    CHECK_STR_EQ(got.message, expected);
#else
    /* Some platforms refuse at the open instead; either way it names the path. */
    CHECK(got.status == AKERR_IO || got.status == EISDIR);
    CHECK_CONTAINS(got.message, fx_dir);
#endif
    CHECK(buf[0] == '\0');
}

static void test_read_file_nulls(void)
{
    char buf[8];
    CHECK_STATUS_MSG(aksl_read_file(NULL, buf, sizeof(buf), NULL), AKERR_NULLPOINTER,
                     "aksl_read_file: NULL path");
    CHECK_STATUS_MSG(aksl_read_file("x", NULL, sizeof(buf), NULL), AKERR_NULLPOINTER,
                     "aksl_read_file: NULL dest");
}

int main(void)
{
    fx_setup();
    TEST_BEGIN();
    fx_add_counters();
    RUN_TEST(test_fopen_and_fclose);
    RUN_TEST(test_fopen_missing_is_enoent);
    RUN_TEST(test_fopen_directory_for_writing_is_eisdir);
    RUN_TEST(test_fopen_bad_mode_is_einval);
    RUN_TEST(test_fopen_fclose_nulls);
#ifdef __linux__
    RUN_TEST(test_fclose_reports_the_failed_flush);
    RUN_TEST(test_fwrite_unbuffered_to_a_full_device);
#endif
    RUN_TEST(test_fwrite_fread_round_trip);
    RUN_TEST(test_fread_partial_then_rest);
    RUN_TEST(test_fread_error_is_akerr_io);
    RUN_TEST(test_fwrite_error_is_akerr_io);
    RUN_TEST(test_fread_fwrite_nulls);
    RUN_TEST(test_read_file_reads_and_terminates);
    RUN_TEST(test_read_file_empty);
    RUN_TEST(test_read_file_size_limits);
    RUN_TEST(test_read_file_destsize_zero);
    RUN_TEST(test_read_file_missing_is_enoent);
    RUN_TEST(test_read_file_directory_is_akerr_io);
    RUN_TEST(test_read_file_nulls);
    int status = TEST_END();
    fx_teardown();
    return status;
}
