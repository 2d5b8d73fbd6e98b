/*
 * aksl_fopen_regular: only regular files, never blocking, never over a size.
 */
#define _XOPEN_SOURCE 700

#include <akstdlib.h>

#include <errno.h>
#include <time.h>

#include "fixture.h"

static int not_a_file;
#define UNTOUCHED_FP ((FILE *)(void *)&not_a_file)

static void test_regular_file_opens(void)
{
    char path[PATH_MAX];
    FILE *fp = NULL;
    size_t size = 0;
    char buf[8] = {0};
    size_t n = 0;
    fx_write("five.txt", "12345", 5);
    fx_path(path, "five.txt");
    CHECK_OK(aksl_fopen_regular(path, 5, &fp, &size));
    CHECK_INT_EQ(size, 5);
    CHECK(fp != NULL);
    if (fp != NULL) {
        CHECK_OK(aksl_fread(buf, sizeof(buf), fp, &n));
        CHECK_INT_EQ(n, 5);
        CHECK_OK(aksl_fclose(fp));
    }
}

static void test_one_byte_over_is_refused(void)
{
    char path[PATH_MAX];
    FILE *fp = UNTOUCHED_FP;
    size_t size = 99;
    fx_write("six.txt", "123456", 6);
    fx_path(path, "six.txt");
    CHECK_STATUS_MSG(aksl_fopen_regular(path, 5, &fp, &size), AKERR_OUTOFBOUNDS,
                     "is 6 bytes; the limit is 5 bytes");
    CHECK(fp == UNTOUCHED_FP);
    CHECK_INT_EQ(size, 99);
}

static void test_fifo_is_refused_without_blocking(void)
{
#ifdef TEST_NO_FIFOS
    TEST_SKIP(TEST_NO_FIFOS);
#endif
    char path[PATH_MAX];
    FILE *fp = UNTOUCHED_FP;
    fx_fifo_make(path, "pipe");
    time_t start = time(NULL);
    CHECK_STATUS_MSG(aksl_fopen_regular(path, 1024, &fp, NULL), AKERR_IO, "is a FIFO");
    CHECK(time(NULL) - start < 2);
    CHECK(fp == UNTOUCHED_FP);
    fx_fifo_remove(path);
}

static void test_directory_and_missing(void)
{
    char path[PATH_MAX];
    FILE *fp = UNTOUCHED_FP;
    fx_mkdir("adir");
    fx_path(path, "adir");
    CHECK_STATUS_MSG(aksl_fopen_regular(path, 1024, &fp, NULL), EISDIR, "is a directory");
    fx_path(path, "absent");
    CHECK_STATUS_MSG(aksl_fopen_regular(path, 1024, &fp, NULL), ENOENT, "absent");
    CHECK_STATUS(aksl_fopen_regular(FX_NULL_DEVICE, 1024, &fp, NULL), AKERR_IO);
    CHECK(fp == UNTOUCHED_FP);
    CHECK_STATUS(aksl_fopen_regular(NULL, 1, &fp, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(aksl_fopen_regular(path, 1, NULL, NULL), AKERR_NULLPOINTER);
}

int main(void)
{
    TEST_BEGIN();
    fx_setup();
    fx_add_counters();
    RUN_TEST(test_regular_file_opens);
    RUN_TEST(test_one_byte_over_is_refused);
    RUN_TEST(test_fifo_is_refused_without_blocking);
    RUN_TEST(test_directory_and_missing);
    fx_teardown();
    return TEST_END();
}
