/*
 * The POSIX calls the tests make, on Windows too (MinGW-w64): mkdir with a
 * mode, realpath, mkdtemp, made of the C runtime's and the Windows API's
 * calls there, and a FIFO; on POSIX systems the real ones. Test code only: the
 * libraries keep what differs in their platform files.
 *
 * On POSIX, define _XOPEN_SOURCE 700 (or _POSIX_C_SOURCE 200809L,
 * _DEFAULT_SOURCE) before including anything: mkfifo, mkdtemp, realpath.
 */
#ifndef AKGL_TEST_PLATFORM_H
#define AKGL_TEST_PLATFORM_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#ifndef _WIN32
#include <fcntl.h> /* AT_FDCWD */
#include <unistd.h> /* symlink */
#endif

#ifdef _WIN32
#include <direct.h>
#include <io.h>
#include <sys/utime.h>
/* The Windows API calls used, declared here rather than through <windows.h>,
 * whose macros (IGNORE among them) would clash with akerror.h's. */
__declspec(dllimport) unsigned long __stdcall GetFileAttributesA(const char *path);
__declspec(dllimport) int __stdcall RemoveDirectoryA(const char *path);
__declspec(dllimport) unsigned char __stdcall CreateSymbolicLinkA(const char *link,
                                                                   const char *target,
                                                                   unsigned long flags);
__declspec(dllimport) void *__stdcall CreateNamedPipeA(const char *name, unsigned long open_mode,
                                                        unsigned long pipe_mode,
                                                        unsigned long instances,
                                                        unsigned long out_size,
                                                        unsigned long in_size,
                                                        unsigned long timeout, void *security);
__declspec(dllimport) int __stdcall CloseHandle(void *handle);
__declspec(dllimport) unsigned long __stdcall GetCurrentProcessId(void);
__declspec(dllimport) int __stdcall MoveFileExA(const char *from, const char *to,
                                                unsigned long flags);
#define FX_NO_ATTRIBUTES 0xFFFFFFFFul   /* INVALID_FILE_ATTRIBUTES */
#define FX_ATTRIBUTE_DIRECTORY 0x10ul   /* FILE_ATTRIBUTE_DIRECTORY */
#define FX_ATTRIBUTE_LINK 0x400ul       /* FILE_ATTRIBUTE_REPARSE_POINT */
#define FX_LINK_TO_DIRECTORY 0x1ul      /* SYMBOLIC_LINK_FLAG_DIRECTORY */
#define FX_LINK_UNPRIVILEGED 0x2ul      /* ..._ALLOW_UNPRIVILEGED_CREATE */

/* POSIX's mkdir takes a mode, which Windows' has no use for. */
#define mkdir(path, mode) ((void)(mode), _mkdir(path))

/* realpath(3): the full path, with '/' as akstdlib returns it (links are
 * not followed). */
static inline char *realpath(const char *path, char *resolved)
{
    if (_fullpath(resolved, path, PATH_MAX) == NULL) {
        return NULL;
    }
    if (GetFileAttributesA(resolved) == FX_NO_ATTRIBUTES) {
        return NULL;
    }
    for (char *p = resolved; *p != '\0'; p++) {
        if (*p == '\\') {
            *p = '/';
        }
    }
    return resolved;
}

/* mkdtemp(3): a unique name from the template's XXXXXX, then a directory by it. */
static inline char *mkdtemp(char *tmpl)
{
    if (_mktemp_s(tmpl, strlen(tmpl) + 1) != 0 || _mkdir(tmpl) != 0) {
        return NULL;
    }
    return tmpl;
}
#endif

/*
 * A FIFO with no writer, for the checks that refuse one: on POSIX made at
 * posix_path by mkfifo; on Windows, which has no FIFO in its file system,
 * its nearest kin, a named pipe ("\\\\.\\pipe\\akgl-test-<pid>-<n>") with
 * no client. *path (PATH_MAX bytes) gets the path to open. 0 on success;
 * test_fifo_remove takes it away again.
 */
#ifdef _WIN32
__attribute__((unused)) static void *test_fifo_handle_;
__attribute__((unused)) static int test_fifo_count_;
#endif

static inline int test_fifo_make(const char *posix_path, char *path)
{
#ifdef _WIN32
    (void)posix_path;
    snprintf(path, PATH_MAX, "\\\\.\\pipe\\akgl-test-%lu-%d", GetCurrentProcessId(),
             ++test_fifo_count_);
    /* PIPE_ACCESS_DUPLEX (3): a client may open it to read; PIPE_TYPE_BYTE
     * (0); one instance. */
    test_fifo_handle_ = CreateNamedPipeA(path, 3ul, 0ul, 1ul, 512ul, 512ul, 0ul, NULL);
    return test_fifo_handle_ == (void *)(intptr_t)-1 ? -1 : 0;
#else
    snprintf(path, PATH_MAX, "%s", posix_path);
    return mkfifo(path, 0600);
#endif
}

static inline void test_fifo_remove(const char *path)
{
#ifdef _WIN32
    (void)path;
    CloseHandle(test_fifo_handle_);
#else
    remove(path);
#endif
}

/* Whether path is itself a symbolic link (not followed; a dangling one
 * counts). */
static inline int test_is_link(const char *path)
{
#ifdef _WIN32
    unsigned long attr = GetFileAttributesA(path);
    return attr != FX_NO_ATTRIBUTES && (attr & FX_ATTRIBUTE_LINK);
#else
    struct stat st;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
#endif
}

/* symlink(2): a link at path to target (relative to the link's folder).
 * On Windows a link to a folder says so, and an unprivileged process may
 * make one in developer mode; without it the call fails. Wine 8's call
 * makes nothing and still says it succeeded, so the link is looked for
 * afterwards (the attributes of the link itself, so a dangling one counts).
 * 0 on success, -1 when no link is there. */
static inline int test_symlink(const char *target, const char *path)
{
#ifdef _WIN32
    char full[PATH_MAX];
    unsigned long flags = FX_LINK_UNPRIVILEGED;
    const char *slash = strrchr(path, '/');
    const char *back = strrchr(path, '\\');
    if (back != NULL && (slash == NULL || back > slash)) {
        slash = back;
    }
    int dirlen = slash != NULL ? (int)(slash - path) : 1;
    const char *dir = slash != NULL ? path : ".";
    if (snprintf(full, sizeof(full), "%.*s/%s", dirlen, dir, target) < PATH_MAX) {
        unsigned long attr = GetFileAttributesA(full);
        if (attr != FX_NO_ATTRIBUTES && (attr & FX_ATTRIBUTE_DIRECTORY)) {
            flags |= FX_LINK_TO_DIRECTORY;
        }
    }
    return CreateSymbolicLinkA(path, target, flags) && test_is_link(path) ? 0 : -1;
#else
    return symlink(target, path);
#endif
}

/* rename(2): from takes to's place, replacing it (which Windows' rename
 * refuses to do). 0 on success. */
static inline int test_rename_over(const char *from, const char *to)
{
#ifdef _WIN32
    /* MOVEFILE_REPLACE_EXISTING (1) */
    return MoveFileExA(from, to, 1ul) ? 0 : -1;
#else
    return rename(from, to);
#endif
}

/* Sets path's modification (and access) time to `seconds` since the epoch.
 * 0 on success. */
static inline int test_set_mtime(const char *path, long long seconds)
{
#ifdef _WIN32
    struct _utimbuf times = {(time_t)seconds, (time_t)seconds};
    return _utime(path, &times);
#else
    struct timespec times[2] = {{(time_t)seconds, 0}, {(time_t)seconds, 0}};
    return utimensat(AT_FDCWD, path, times, 0);
#endif
}

#endif /* AKGL_TEST_PLATFORM_H */
