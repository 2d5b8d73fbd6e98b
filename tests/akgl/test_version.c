#include <akgl/version.h>

#include <stdio.h>

#include "test.h"

static void test_version_matches_project(void)
{
    int major = -1, minor = -1, patch = -1;
    char text[64];
    CHECK_OK(akgl_version(&major, &minor, &patch));
    snprintf(text, sizeof(text), "%d.%d.%d", major, minor, patch);
    CHECK_STR_EQ(text, AKGL_PROJECT_VERSION);
}

static void test_version_null_arguments(void)
{
    int v = 0;
    CHECK_STATUS_MSG(akgl_version(NULL, &v, &v), AKERR_NULLPOINTER, "major");
    CHECK_STATUS_MSG(akgl_version(&v, NULL, &v), AKERR_NULLPOINTER, "minor");
    CHECK_STATUS_MSG(akgl_version(&v, &v, NULL), AKERR_NULLPOINTER, "patch");
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_version_matches_project);
    RUN_TEST(test_version_null_arguments);
    return TEST_END();
}
