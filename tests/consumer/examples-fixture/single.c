/* A one-file program of the examples-fixture (tests/consumer/run.sh, step 5). */
#include <akgl/version.h>

#include <stdio.h>

int main(void)
{
    int major = 0, minor = 0, patch = 0;
    akerr_ErrorContext *e = akgl_version(&major, &minor, &patch);
    e = akerr_release_error(e);
    printf("akgl %d.%d.%d, assets in %s\n", major, minor, patch, AKGL_EXAMPLES_ASSETS);
    return e == NULL ? 0 : 1;
}
