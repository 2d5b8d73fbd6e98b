/**
 * @file akgl/version.h
 * @brief The version of akgl a program was compiled against, and the one it runs with.
 *
 * Layer: memory (docs/03-layers.md).
 */
#ifndef AKGL_VERSION_H
#define AKGL_VERSION_H

#include <akerror.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AKGL_VERSION_MAJOR 0 /**< The major version of these headers. */
#define AKGL_VERSION_MINOR 1 /**< The minor version of these headers. */
#define AKGL_VERSION_PATCH 0 /**< The patch version of these headers. */

/**
 * @brief The version of the akgl library the program is running with.
 * @param major, minor, patch Destinations; each must be non-NULL.
 * @return NULL; AKERR_NULLPOINTER naming the NULL argument.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_version(int *major, int *minor, int *patch);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_VERSION_H */
