/*
 * akstdlib on POSIX systems (Linux): the platform functions of platform.h
 * over the POSIX calls. Windows has its own, in platform_windows.c.
 */

/* The build is -std=c11 without extensions. strerror_r, getcwd, stat and
 * fcntl are POSIX; realpath is in POSIX's XSI option, which glibc hides
 * behind _XOPEN_SOURCE (700 = POSIX.1-2008 with XSI), which also selects
 * the XSI strerror_r (returning int). */
#define _XOPEN_SOURCE 700

#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* errno after a failed call, or AKSL_NO_ERRNO when the call set none. */
static int failure(void)
{
    return errno != 0 ? errno : AKSL_NO_ERRNO;
}

int aksl_platform_strerror(int err, char *dest, size_t destsize)
{
    return strerror_r(err, dest, destsize);
}

int aksl_platform_realpath(const char *path, char *resolved)
{
    errno = 0;
    if (realpath(path, resolved) == NULL) {
        return failure();
    }
    return 0;
}

int aksl_platform_getcwd(char *dest, size_t destsize)
{
    errno = 0;
    if (getcwd(dest, destsize) == NULL) {
        return failure();
    }
    return 0;
}

int aksl_platform_exists(const char *path)
{
    struct stat st;
    errno = 0;
    return stat(path, &st) == 0 ? 0 : failure();
}

FILE *aksl_platform_fopen(const char *path, const char *mode)
{
    return fopen(path, mode);
}

static aksl_FileKind kind_of(mode_t mode)
{
    if (S_ISREG(mode)) {
        return AKSL_FILE_REGULAR;
    }
    if (S_ISDIR(mode)) {
        return AKSL_FILE_DIRECTORY;
    }
    if (S_ISFIFO(mode)) {
        return AKSL_FILE_FIFO;
    }
    if (S_ISSOCK(mode)) {
        return AKSL_FILE_SOCKET;
    }
    if (S_ISCHR(mode)) {
        return AKSL_FILE_CHARACTER_DEVICE;
    }
    if (S_ISBLK(mode)) {
        return AKSL_FILE_BLOCK_DEVICE;
    }
    return AKSL_FILE_OTHER;
}

/* Closes fd keeping errno as it was, and returns that errno. */
static int close_keeping_errno(int fd)
{
    int err = failure();
    close(fd);
    return err;
}

int aksl_platform_open_read(const char *path, FILE **dest, aksl_FileKind *kind,
                            uintmax_t *size)
{
    struct stat st;
    *dest = NULL;
    /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
     * writer forever. A regular file ignores the flag. */
    errno = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        return failure();
    }
    if (fstat(fd, &st) != 0) {
        return close_keeping_errno(fd);
    }
    *kind = kind_of(st.st_mode);
    *size = (uintmax_t)st.st_size;
    if (*kind != AKSL_FILE_REGULAR) {
        close(fd);
        return 0;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        return close_keeping_errno(fd);
    }
    FILE *fp = fdopen(fd, "rb");
    if (fp == NULL) {
        return close_keeping_errno(fd);
    }
    *dest = fp;
    return 0;
}

int aksl_platform_stat(const char *path, aksl_FileKind *kind, uintmax_t *size)
{
    struct stat st;
    errno = 0;
    if (stat(path, &st) != 0) {
        return failure();
    }
    *kind = kind_of(st.st_mode);
    *size = *kind == AKSL_FILE_REGULAR ? (uintmax_t)st.st_size : 0;
    return 0;
}

aksl_PathStyle aksl_platform_path_style(void)
{
    return AKSL_PATH_POSIX;
}

bool aksl_platform_heap_keep(size_t trim, size_t mmap_below)
{
#if defined(__GLIBC__)
    /* mallopt answers 1 when it took the value; a sanitizer's allocator,
     * standing in for glibc's, answers 0. */
    int ok = mallopt(M_TRIM_THRESHOLD, (int)trim);
    return ok == 1 && mallopt(M_MMAP_THRESHOLD, (int)mmap_below) == 1;
#else
    (void)trim;
    (void)mmap_below;
    return false;
#endif
}
