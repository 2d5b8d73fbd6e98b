/*
 * Internal to akstdlib: what the operating system does differently. Each
 * function has one definition per platform, in platform_posix.c (Linux and
 * every POSIX system) or platform_windows.c (Windows, built with MinGW-w64);
 * CMake compiles exactly one of them. akstdlib.c turns the answers into
 * error contexts, so the messages are the same everywhere. Not installed.
 *
 * Failures are errno values (ENOENT, EACCES, EISDIR...), which both C
 * libraries define, so akstdlib.c reports them the same way.
 */
#ifndef AKSL_PLATFORM_H
#define AKSL_PLATFORM_H

#include <akstdlib.h> /* aksl_FileKind */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "path_style.h"

/* What a platform function returns when the call it made failed without
 * setting errno (akstdlib.c says "no errno set"). */
#define AKSL_NO_ERRNO (-1)

/*
 * The text for errno value err into dest (destsize >= 1), thread-safe.
 * Returns 0, or nonzero when the system has no text for it (dest then
 * holds nothing useful).
 */
int aksl_platform_strerror(int err, char *dest, size_t destsize);

/*
 * The absolute path of path with "." and ".." folded and links followed,
 * into resolved (at least PATH_MAX bytes). Returns 0 or an errno value
 * (AKSL_NO_ERRNO: failed, errno not set; the same for every function below).
 */
int aksl_platform_realpath(const char *path, char *resolved);

/* The working directory into dest. Returns 0 or an errno value (ERANGE:
 * it does not fit in destsize bytes). */
int aksl_platform_getcwd(char *dest, size_t destsize);

/* Whether something exists at path: 0 when it does, else an errno value
 * (ENOENT: nothing there). */
int aksl_platform_exists(const char *path);

/* fopen with path in UTF-8. NULL with errno set on failure. */
FILE *aksl_platform_fopen(const char *path, const char *mode);

/*
 * Opens path for reading in binary mode without waiting on a FIFO, and says
 * what it is and how big. Returns 0 with *kind AKSL_FILE_REGULAR, *size its
 * size and *dest the open stream; or 0 with *kind another kind and *dest
 * NULL (nothing left open); or an errno value (nothing left open).
 */
int aksl_platform_open_read(const char *path, FILE **dest, aksl_FileKind *kind,
                            uintmax_t *size);

/*
 * What path names, links followed, without opening it for reading (a FIFO
 * is not waited on): 0 with *kind and *size (a regular file's size, else 0),
 * or an errno value (ENOENT: nothing there).
 */
int aksl_platform_stat(const char *path, aksl_FileKind *kind, uintmax_t *size);

/* The grammar of the system's paths (path_style.h). */
aksl_PathStyle aksl_platform_path_style(void);

/* Has the C library's allocator keep up to trim bytes of free heap and
 * serve blocks under mmap_below from the heap (glibc's mallopt). Returns
 * whether it took both; false where the allocator has no such setting. */
bool aksl_platform_heap_keep(size_t trim, size_t mmap_below);

#endif /* AKSL_PLATFORM_H */
