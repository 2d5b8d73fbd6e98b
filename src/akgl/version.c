#include <akgl/version.h>

akerr_ErrorContext *akgl_version(int *major, int *minor, int *patch)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, major, AKERR_NULLPOINTER, "akgl_version: NULL major");
    FAIL_ZERO_RETURN(errctx, minor, AKERR_NULLPOINTER, "akgl_version: NULL minor");
    FAIL_ZERO_RETURN(errctx, patch, AKERR_NULLPOINTER, "akgl_version: NULL patch");
    *major = AKGL_VERSION_MAJOR;
    *minor = AKGL_VERSION_MINOR;
    *patch = AKGL_VERSION_PATCH;
    SUCCEED_RETURN(errctx);
}
