/*
 * What the akstdlib tests share: a scratch directory that is created before
 * the cases and removed after them, a way to look at a whole error context
 * (CHECK_STATUS_MSG only sees the message), and, on Linux, a leak counter for
 * open file descriptors so a wrapper that forgets to close fails its case.
 *
 * Define _XOPEN_SOURCE 700 before including anything (mkdtemp, nftw, symlink).
 * On Windows (MinGW-w64) the same helpers are made of the C runtime's and
 * the Windows API's calls (test_platform.h).
 */
#ifndef AKSL_TEST_FIXTURE_H
#define AKSL_TEST_FIXTURE_H

#include <akerror.h>

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "test_platform.h"
#ifndef _WIN32
#include <dirent.h>
#include <ftw.h>
#include <unistd.h>
#endif

#include "test.h"

/* Room for an expected message that quotes a whole path (gcc's truncation
 * check counts a path as PATH_MAX). */
#define FX_MSG_MAX (PATH_MAX + 256)

/* The scratch directory, canonical (so /tmp may be a symlink). */
static char fx_dir[PATH_MAX];


/* Aborts the test program: without its scratch directory nothing can run. */
static inline void fx_die(const char *what, const char *path)
{
    fprintf(stderr, "fixture: %s %s failed\n", what, path);
    exit(2);
}

/* fx_dir/name into out (PATH_MAX bytes). */
static inline void fx_path(char *out, const char *name)
{
    if (snprintf(out, PATH_MAX, "%s/%s", fx_dir, name) >= PATH_MAX) {
        fx_die("path", name);
    }
}

/* Writes len bytes of data to fx_dir/name. */
static inline void fx_write(const char *name, const char *data, size_t len)
{
    char path[PATH_MAX];
    fx_path(path, name);
    FILE *fp = fopen(path, "wb");
    if (fp == NULL || fwrite(data, 1, len, fp) != len || fclose(fp) != 0) {
        fx_die("write", path);
    }
}

static inline void fx_mkdir(const char *name)
{
    char path[PATH_MAX];
    fx_path(path, name);
    if (mkdir(path, 0700) != 0) {
        fx_die("mkdir", path);
    }
}

/* Why a case that reads through a symbolic link is skipped where fx_symlink
 * could make none. */
#define FX_NO_LINK "this system made no symbolic link (Windows makes one only in developer " \
                   "mode or for an administrator; Wine 8 makes none)"

/* Why a case whose paths are longer than Windows' PATH_MAX (260 bytes) is
 * skipped there: akgl on Windows takes paths of up to PATH_MAX bytes (no
 * \\?\ long paths yet). */
#define FX_NO_LONG_PATHS "akgl on Windows takes paths of up to PATH_MAX (260) bytes"

/* A symbolic link fx_dir/name -> target. Windows may refuse to make one
 * (test_symlink): then false, and the cases that need it skip (FX_NO_LINK).
 * On POSIX a failure is the fixture's and ends the program. */
static inline bool fx_symlink(const char *target, const char *name)
{
    char path[PATH_MAX];
    fx_path(path, name);
    if (test_symlink(target, path) == 0) {
        return true;
    }
#ifndef _WIN32
    fx_die("symlink", path);
#endif
    return false;
}

/* The device that reads as empty and takes any write: "/dev/null", "NUL". */
#ifdef _WIN32
#define FX_NULL_DEVICE "NUL"
#else
#define FX_NULL_DEVICE "/dev/null"
#endif

/* A FIFO with no writer into path (PATH_MAX bytes): fx_dir/name on POSIX,
 * a named pipe on Windows (test_platform.h). fx_fifo_remove takes it away. */
static inline void fx_fifo_make(char *path, const char *name)
{
    char posix_path[PATH_MAX];
    fx_path(posix_path, name);
    if (test_fifo_make(posix_path, path) != 0) {
        fx_die("mkfifo", path);
    }
}

static inline void fx_fifo_remove(const char *path)
{
    test_fifo_remove(path);
}

/* Makes the scratch directory under $TMPDIR (or /tmp). */
static inline void fx_setup(void)
{
    const char *base = getenv("TMPDIR");
    char tmpl[PATH_MAX];
    snprintf(tmpl, sizeof(tmpl), "%s/akstdlib-test-XXXXXX",
             (base != NULL && base[0] != '\0') ? base : "/tmp");
    if (mkdtemp(tmpl) == NULL) {
        fx_die("mkdtemp", tmpl);
    }
    if (realpath(tmpl, fx_dir) == NULL) {
        fx_die("realpath", tmpl);
    }
}

#ifdef _WIN32
/* Removes dir and everything in it; a link to a directory is removed as a
 * link (RemoveDirectory), never followed. 0 on success. */
static inline int fx_remove_tree(const char *dir)
{
    char pattern[PATH_MAX];
    char path[PATH_MAX];
    struct _finddata_t found;
    int failed = 0;
    snprintf(pattern, sizeof(pattern), "%s/*", dir);
    intptr_t h = _findfirst(pattern, &found);
    if (h != -1) {
        do {
            if (strcmp(found.name, ".") == 0 || strcmp(found.name, "..") == 0) {
                continue;
            }
            snprintf(path, sizeof(path), "%s/%s", dir, found.name);
            unsigned long attr = GetFileAttributesA(path);
            bool is_dir = attr != FX_NO_ATTRIBUTES && (attr & FX_ATTRIBUTE_DIRECTORY);
            bool is_link = attr != FX_NO_ATTRIBUTES && (attr & FX_ATTRIBUTE_LINK);
            if (is_dir && !is_link) {
                failed |= fx_remove_tree(path);
            } else if (is_dir) {
                failed |= !RemoveDirectoryA(path);
            } else {
                _chmod(path, _S_IREAD | _S_IWRITE);
                failed |= remove(path) != 0;
            }
        } while (_findnext(h, &found) == 0);
        _findclose(h);
    }
    failed |= !RemoveDirectoryA(dir);
    return failed;
}

/* Removes the scratch directory and everything in it (symlinks, not targets). */
static inline void fx_teardown(void)
{
    if (fx_dir[0] != '\0' && fx_remove_tree(fx_dir) != 0) {
        fprintf(stderr, "fixture: could not remove %s\n", fx_dir);
    }
}
#else
static inline int fx_remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Removes the scratch directory and everything in it (symlinks, not targets). */
static inline void fx_teardown(void)
{
    if (fx_dir[0] != '\0' && nftw(fx_dir, fx_remove_one, 16, FTW_DEPTH | FTW_PHYS) != 0) {
        fprintf(stderr, "fixture: could not remove %s\n", fx_dir);
    }
}
#endif

#ifdef __linux__
/* Open descriptors of this process; the count includes the one opendir holds. */
static inline int fx_open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    int n = 0;
    if (d == NULL) {
        return -1;
    }
    while (readdir(d) != NULL) {
        n++;
    }
    closedir(d);
    return n;
}
#endif

/* Registers the fd counter where there is one. */
static inline void fx_add_counters(void)
{
#ifdef __linux__
    test_add_counter("open file descriptors", fx_open_fds);
#endif
}

/*
 * A copy of the parts of a context a test looks at, taken before the context
 * goes back to the pool.
 */
struct fx_error {
    int status;
    char message[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    char trace[AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH];
};

static inline struct fx_error fx_take(akerr_ErrorContext *e)
{
    struct fx_error out = {0};
    if (e != NULL) {
        out.status = e->status;
        memcpy(out.message, e->message, sizeof(out.message));
        memcpy(out.trace, e->stacktracebuf, sizeof(out.trace));
        e = akerr_release_error(e);
    }
    return out;
}

#endif /* AKSL_TEST_FIXTURE_H */
