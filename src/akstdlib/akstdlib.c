/*
 * akstdlib: checked wrappers of the libc calls a game needs.
 *
 * libc reports most failures in ways that are easy to miss: a short count, a
 * NULL with errno beside it, a 0 from atoi that might have been "0". Each
 * wrapper here turns those into an error context whose message names the
 * function and quotes the input, so the game's log says what was wrong.
 */

/* The build is -std=c11 without extensions; strnlen is POSIX (and in
 * MinGW's C library). What differs between systems is in platform.h. */
#define _XOPEN_SOURCE 700

#include <akstdlib.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

/* ------------------------------------------------------------------------ */
/* Shared helpers                                                           */
/* ------------------------------------------------------------------------ */

/*
 * Inputs are quoted in messages up to QUOTE_MAX bytes. A message holds 1024
 * bytes and a path may be 4096: clipping the quote keeps the part that says
 * what went wrong, which comes after it. Use as: FAIL(e, s, "f: " QFMT, QUOTE(str)).
 */
#define QUOTE_MAX 160
#define QFMT "\"%.*s%s\""
#define QUOTE(s) quote_len(s), (s), quote_tail(s)

static int quote_len(const char *s)
{
    return (int)strnlen(s, QUOTE_MAX);
}

static const char *quote_tail(const char *s)
{
    return strnlen(s, QUOTE_MAX + 1) > QUOTE_MAX ? "..." : "";
}

/* A NULL pointer argument, named as the caller spelled it; REQUIRE_IN names
 * the public function a *_as variant (path_style.h) stands for. */
#define REQUIRE_IN(e, fn, arg) \
    FAIL_ZERO_RETURN(e, (arg), AKERR_NULLPOINTER, "%s: NULL %s", (fn), #arg)
#define REQUIRE(e, arg) REQUIRE_IN(e, __func__, arg)

/*
 * The text for an errno value, by value so it can sit inside a FAIL argument
 * list (C11 keeps the temporary alive to the end of the full expression).
 * Not strerror: contexts may be raised on any thread, and strerror may share
 * one buffer (platform.h has each system's thread-safe call).
 */
typedef struct
{
    char text[128];
} ErrnoText;

static ErrnoText errno_text(int err)
{
    ErrnoText t;
    if (err <= 0) {
        /* A failure that did not set errno; "Success" would mislead. */
        snprintf(t.text, sizeof(t.text), "no errno set");
    } else if (aksl_platform_strerror(err, t.text, sizeof(t.text)) != 0) {
        snprintf(t.text, sizeof(t.text), "errno %d", err);
    }
    return t;
}

/*
 * The status for an errno value. 0 would read as success and a value in the
 * library's range would be misnamed, so neither is passed through.
 */
static int errno_status(int err)
{
    return (err > 0 && err < AKERR_FIRST_LIBRARY_STATUS) ? err : AKERR_API;
}

/*
 * Copies len bytes of s (or as many as fit) into dest and terminates it.
 * memmove, because aksl_path_join lets dest be the buffer dir came from.
 * Returns whether all len bytes fitted. destsize must be >= 1.
 */
static bool copy_span(char *dest, size_t destsize, const char *s, size_t len)
{
    size_t n = (len < destsize) ? len : destsize - 1;
    memmove(dest, s, n);
    dest[n] = '\0';
    return n == len;
}

/* ------------------------------------------------------------------------ */
/* Strings                                                                  */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *aksl_strncpy(char *dest, const char *src, size_t destsize)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, dest);
    REQUIRE(errctx, src);
    FAIL_ZERO_RETURN(errctx, destsize, AKERR_OUTOFBOUNDS,
                     "aksl_strncpy: " QFMT " does not fit in 0 bytes", QUOTE(src));
    /* strlen reads up to the terminator and no further, unlike a copy of a
     * fixed field width, which is the bug this function exists to prevent. */
    size_t len = strlen(src);
    if (!copy_span(dest, destsize, src, len)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "aksl_strncpy: " QFMT " (%zu bytes) does not fit in %zu bytes", QUOTE(src), len,
                    destsize);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_snprintf(char *dest, size_t destsize, const char *fmt, ...)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, dest);
    REQUIRE(errctx, fmt);

    va_list ap;
    va_start(ap, fmt);
    errno = 0;
    int n = vsnprintf(dest, destsize, fmt, ap);
    int err = errno;
    va_end(ap);

    if (n < 0) {
        /* vsnprintf may have written part of the output; leave no garbage. */
        if (destsize > 0) {
            dest[0] = '\0';
        }
        FAIL_RETURN(errctx, AKERR_FORMAT, "aksl_snprintf: formatting " QFMT " failed: %s",
                    QUOTE(fmt), errno_text(err).text);
    }
    if ((size_t)n >= destsize) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "aksl_snprintf: " QFMT " gives %d bytes, which do not fit in %zu bytes",
                    QUOTE(fmt), n, destsize);
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Numbers                                                                  */
/* ------------------------------------------------------------------------ */

/*
 * What strto* would quietly accept but we refuse: an empty string (strto*
 * returns 0) and leading whitespace (strto* skips it). A number read from a
 * file or a property is the whole string or it is not a number.
 */
static akerr_ErrorContext AKERR_NOIGNORE *check_number_start(const char *fn, const char *str)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, str[0], AKERR_FORMAT, "%s: \"\" is empty, not a number", fn);
    FAIL_NONZERO_RETURN(errctx, isspace((unsigned char)str[0]), AKERR_FORMAT,
                        "%s: " QFMT " starts with whitespace", fn, QUOTE(str));
    SUCCEED_RETURN(errctx);
}

/* After strto*: it must have read something, and everything. */
static akerr_ErrorContext AKERR_NOIGNORE *check_number_end(const char *fn, const char *str,
                                                           const char *end)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, end == str, AKERR_FORMAT, "%s: " QFMT " is not a number", fn,
                        QUOTE(str));
    FAIL_NONZERO_RETURN(errctx, *end != '\0', AKERR_FORMAT,
                        "%s: " QFMT " has trailing characters after the number", fn, QUOTE(str));
    SUCCEED_RETURN(errctx);
}

/*
 * One parser for every integer type: strtoll, then the range of the type the
 * caller asked for. A malformed string is AKERR_FORMAT even when its digits
 * would also overflow; it is not a number at all, which is the bigger news.
 */
static akerr_ErrorContext AKERR_NOIGNORE *parse_integer(const char *fn, const char *str,
                                                        const char *type, long long min,
                                                        long long max, long long *dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_number_start(fn, str));
    char *end = NULL;
    errno = 0;
    long long value = strtoll(str, &end, 10);
    int err = errno;
    PASS(errctx, check_number_end(fn, str, end));
    if (err == ERANGE || value < min || value > max) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: " QFMT " is outside the range of %s (%lld..%lld)", fn, QUOTE(str), type,
                    min, max);
    }
    *dest = value;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_atoi(const char *str, int *dest)
{
    long long value = 0;
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, str);
    REQUIRE(errctx, dest);
    PASS(errctx, parse_integer("aksl_atoi", str, "int", INT_MIN, INT_MAX, &value));
    *dest = (int)value;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_atol(const char *str, long *dest)
{
    long long value = 0;
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, str);
    REQUIRE(errctx, dest);
    PASS(errctx, parse_integer("aksl_atol", str, "long", LONG_MIN, LONG_MAX, &value));
    *dest = (long)value;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_atoll(const char *str, long long *dest)
{
    long long value = 0;
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, str);
    REQUIRE(errctx, dest);
    PASS(errctx, parse_integer("aksl_atoll", str, "long long", LLONG_MIN, LLONG_MAX, &value));
    *dest = value;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_atof(const char *str, double *dest)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, str);
    REQUIRE(errctx, dest);
    PASS(errctx, check_number_start("aksl_atof", str));
    char *end = NULL;
    errno = 0;
    double value = strtod(str, &end);
    int err = errno;
    PASS(errctx, check_number_end("aksl_atof", str, end));
    /* strtod reports overflow and underflow alike as ERANGE. Only overflow
     * (a result of +-HUGE_VAL) has lost the value; underflow gives the
     * nearest tiny or zero value, which is what the text meant. */
    if (err == ERANGE && (value == HUGE_VAL || value == -HUGE_VAL)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "aksl_atof: " QFMT " is outside the range of double",
                    QUOTE(str));
    }
    *dest = value;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Paths                                                                    */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *aksl_realpath(const char *path, char *resolved)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, path);
    REQUIRE(errctx, resolved);
    int err = aksl_platform_realpath(path, resolved);
    if (err != 0) {
        /* glibc leaves a partial path in resolved; a caller must not mistake
         * it for an answer. */
        resolved[0] = '\0';
        FAIL_RETURN(errctx, errno_status(err), "aksl_realpath: " QFMT ": %s", QUOTE(path),
                    errno_text(err).text);
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The grammar of paths (path_style.h)                                      */
/* ------------------------------------------------------------------------ */

bool aksl_path_style_is_separator(aksl_PathStyle style, char c)
{
    return c == '/' || (style == AKSL_PATH_WINDOWS && c == '\\');
}

static bool is_drive_letter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* From path + i, past one component (up to a separator or the end). */
static size_t skip_component(aksl_PathStyle style, const char *path, size_t i)
{
    while (path[i] != '\0' && !aksl_path_style_is_separator(style, path[i])) {
        i++;
    }
    return i;
}

size_t aksl_path_style_root_length(aksl_PathStyle style, const char *path)
{
    bool sep0 = aksl_path_style_is_separator(style, path[0]);
    if (style == AKSL_PATH_POSIX || path[0] == '\0') {
        return sep0 ? 1 : 0;
    }
    if (is_drive_letter(path[0]) && path[1] == ':') {
        return aksl_path_style_is_separator(style, path[2]) ? 3 : 2;
    }
    /* A share: exactly two separators, then the server's name. */
    if (sep0 && aksl_path_style_is_separator(style, path[1]) && path[2] != '\0' &&
        !aksl_path_style_is_separator(style, path[2])) {
        size_t i = skip_component(style, path, 2); /* the server */
        if (path[i] == '\0') {
            return i;
        }
        i = skip_component(style, path, i + 1); /* the share */
        return path[i] == '\0' ? i : i + 1;
    }
    return sep0 ? 1 : 0;
}

/* The length of path[0..len) without trailing separators, never cutting
 * into its root (root bytes long). */
static size_t trim_separators(aksl_PathStyle style, const char *path, size_t len, size_t root)
{
    while (len > root && aksl_path_style_is_separator(style, path[len - 1])) {
        len--;
    }
    return len;
}

/* Copies a piece of a path into dest, or says which function it did not fit. */
static akerr_ErrorContext AKERR_NOIGNORE *copy_path_piece(const char *fn, const char *what,
                                                          const char *path, const char *piece,
                                                          size_t len, char *dest,
                                                          size_t destsize)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, destsize, AKERR_OUTOFBOUNDS,
                     "%s: the %s of " QFMT " does not fit in 0 bytes", fn, what, QUOTE(path));
    if (!copy_span(dest, destsize, piece, len)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: the %s of " QFMT " (%zu bytes) does not fit in %zu bytes", fn, what,
                    QUOTE(path), len, destsize);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_dirname_as(aksl_PathStyle style, const char *path, char *dest,
                                    size_t destsize)
{
    PREPARE_ERROR(errctx);
    REQUIRE_IN(errctx, "aksl_dirname", path);
    REQUIRE_IN(errctx, "aksl_dirname", dest);

    /* Drop trailing separators, then the last component, then the
     * separators before it, never into the root. Nothing left means the
     * path was relative: ".". */
    size_t root = aksl_path_style_root_length(style, path);
    size_t end = trim_separators(style, path, strlen(path), root);
    while (end > root && !aksl_path_style_is_separator(style, path[end - 1])) {
        end--;
    }
    end = trim_separators(style, path, end, root);
    const char *piece = (end > 0) ? path : ".";
    size_t len = (end > 0) ? end : 1;
    PASS(errctx, copy_path_piece("aksl_dirname", "directory", path, piece, len, dest, destsize));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_basename_as(aksl_PathStyle style, const char *path, char *dest,
                                     size_t destsize)
{
    PREPARE_ERROR(errctx);
    REQUIRE_IN(errctx, "aksl_basename", path);
    REQUIRE_IN(errctx, "aksl_basename", dest);

    size_t root = aksl_path_style_root_length(style, path);
    size_t end = trim_separators(style, path, strlen(path), root);
    size_t begin = end;
    while (begin > root && !aksl_path_style_is_separator(style, path[begin - 1])) {
        begin--;
    }
    const char *piece = path + begin;
    size_t len = end - begin;
    if (end == 0) {
        piece = "."; /* "": POSIX basename gives "." */
        len = 1;
    } else if (len == 0) {
        piece = path; /* only the root: the root, as written */
        len = root;
    }
    PASS(errctx,
         copy_path_piece("aksl_basename", "last component", path, piece, len, dest, destsize));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_path_join_as(aksl_PathStyle style, char *dest, size_t destsize,
                                      const char *dir, const char *name)
{
    PREPARE_ERROR(errctx);
    REQUIRE_IN(errctx, "aksl_path_join", dest);
    REQUIRE_IN(errctx, "aksl_path_join", dir);
    REQUIRE_IN(errctx, "aksl_path_join", name);

    size_t dlen = strlen(dir);
    size_t nlen = strlen(name);
    size_t root = aksl_path_style_root_length(style, dir);
    /* A name with a root of its own, or nothing to join it to: the name
     * alone. An empty name: the directory as it was. Otherwise dir's
     * trailing separators fold into the one separator; a root that ends in
     * one ("/", "C:/") or a drive alone ("C:", so "C:b") needs none. */
    if (aksl_path_style_root_length(style, name) > 0 || dlen == 0) {
        dlen = 0;
    } else if (nlen > 0) {
        dlen = trim_separators(style, dir, dlen, root);
    }
    bool root_is_enough = dlen > 0 && dlen == root &&
                          (aksl_path_style_is_separator(style, dir[dlen - 1]) ||
                           (style == AKSL_PATH_WINDOWS && dir[dlen - 1] == ':'));
    size_t sep = (dlen > 0 && nlen > 0 && !root_is_enough) ? 1 : 0;
    size_t total = dlen + sep + nlen;

    /* Raise before writing: dest may be dir, and the message quotes dir. */
    if (total >= destsize) {
        FAIL(errctx, AKERR_OUTOFBOUNDS,
             "aksl_path_join: " QFMT " + " QFMT " (%zu bytes) does not fit in %zu bytes",
             QUOTE(dir), QUOTE(name), total, destsize);
        if (destsize == 0) {
            return errctx;
        }
    }
    copy_span(dest, destsize, dir, dlen);
    size_t used = strlen(dest);
    copy_span(dest + used, destsize - used, "/", sep);
    used = strlen(dest);
    copy_span(dest + used, destsize - used, name, nlen);
    /* NULL when it fitted, else the error raised above (dest holds what fitted). */
    return errctx;
}

/* Whether a and b are the same byte of a path: on Windows either separator
 * matches the other, and ASCII letters match without case (as its file
 * systems compare names). */
static bool same_path_byte(aksl_PathStyle style, char a, char b)
{
    if (style == AKSL_PATH_POSIX) {
        return a == b;
    }
    if (aksl_path_style_is_separator(style, a)) {
        return aksl_path_style_is_separator(style, b);
    }
    return tolower((unsigned char)a) == tolower((unsigned char)b);
}

akerr_ErrorContext *aksl_path_is_within_as(aksl_PathStyle style, const char *path,
                                           const char *dir, bool *dest)
{
    PREPARE_ERROR(errctx);
    REQUIRE_IN(errctx, "aksl_path_is_within", path);
    REQUIRE_IN(errctx, "aksl_path_is_within", dir);
    REQUIRE_IN(errctx, "aksl_path_is_within", dest);

    size_t root = aksl_path_style_root_length(style, dir);
    size_t dlen = trim_separators(style, dir, strlen(dir), root);
    size_t i = 0;
    while (i < dlen && path[i] != '\0' && same_path_byte(style, path[i], dir[i])) {
        i++;
    }
    /* All of dir matched, and it ends there: at the end of path, at a
     * separator of path, or with a separator of its own (a root: "/"). */
    *dest = dlen > 0 && i == dlen &&
            (path[i] == '\0' || aksl_path_style_is_separator(style, path[i]) ||
             aksl_path_style_is_separator(style, dir[dlen - 1]));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Paths in the system's own grammar                                        */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *aksl_dirname(const char *path, char *dest, size_t destsize)
{
    return aksl_dirname_as(aksl_platform_path_style(), path, dest, destsize);
}

akerr_ErrorContext *aksl_basename(const char *path, char *dest, size_t destsize)
{
    return aksl_basename_as(aksl_platform_path_style(), path, dest, destsize);
}

akerr_ErrorContext *aksl_path_join(char *dest, size_t destsize, const char *dir, const char *name)
{
    return aksl_path_join_as(aksl_platform_path_style(), dest, destsize, dir, name);
}

akerr_ErrorContext *aksl_path_is_within(const char *path, const char *dir, bool *dest)
{
    return aksl_path_is_within_as(aksl_platform_path_style(), path, dir, dest);
}

akerr_ErrorContext *aksl_getcwd(char *dest, size_t destsize)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, dest);
    FAIL_ZERO_RETURN(errctx, destsize, AKERR_OUTOFBOUNDS,
                     "aksl_getcwd: the working directory does not fit in 0 bytes");

    /* Into a buffer of our own first: getcwd leaves dest undefined when it
     * does not fit, and the rule is that dest holds what fitted. */
    char cwd[PATH_MAX];
    int err = aksl_platform_getcwd(cwd, sizeof(cwd));
    if (err != 0) {
        dest[0] = '\0';
        FAIL_NONZERO_RETURN(errctx, err == ERANGE, AKERR_OUTOFBOUNDS,
                            "aksl_getcwd: the working directory is longer than PATH_MAX (%d)",
                            PATH_MAX);
        FAIL_RETURN(errctx, errno_status(err), "aksl_getcwd: %s", errno_text(err).text);
    }
    size_t len = strlen(cwd);
    if (!copy_span(dest, destsize, cwd, len)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "aksl_getcwd: " QFMT " (%zu bytes) does not fit in %zu bytes", QUOTE(cwd), len,
                    destsize);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_path_exists(const char *path, bool *dest)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, path);
    REQUIRE(errctx, dest);
    int err = aksl_platform_exists(path);
    if (err != 0) {
        /* Only ENOENT is an answer ("no"). ENOTDIR, EACCES, ELOOP... mean the
         * question could not be asked: the path itself is wrong. */
        FAIL_NONZERO_RETURN(errctx, err != ENOENT, errno_status(err),
                            "aksl_path_exists: " QFMT ": %s", QUOTE(path), errno_text(err).text);
        *dest = false;
        SUCCEED_RETURN(errctx);
    }
    *dest = true;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_path_info(const char *path, aksl_PathInfo *dest)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, path);
    REQUIRE(errctx, dest);
    aksl_FileKind kind = AKSL_FILE_OTHER;
    uintmax_t size = 0;
    int err = aksl_platform_stat(path, &kind, &size);
    /* As aksl_path_exists: only ENOENT is an answer. */
    FAIL_NONZERO_RETURN(errctx, err != 0 && err != ENOENT, errno_status(err),
                        "aksl_path_info: " QFMT ": %s", QUOTE(path), errno_text(err).text);
    dest->exists = err == 0;
    dest->kind = err == 0 ? kind : AKSL_FILE_OTHER;
    dest->size = err == 0 ? size : 0;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *aksl_fopen(const char *path, const char *mode, FILE **dest)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, path);
    REQUIRE(errctx, mode);
    REQUIRE(errctx, dest);
    errno = 0;
    FILE *fp = aksl_platform_fopen(path, mode);
    if (fp == NULL) {
        int err = errno;
        FAIL_RETURN(errctx, errno_status(err), "aksl_fopen: " QFMT " (mode " QFMT "): %s",
                    QUOTE(path), QUOTE(mode), errno_text(err).text);
    }
    *dest = fp;
    SUCCEED_RETURN(errctx);
}

/* How messages name a file that is not a regular file. */
static const char *file_kind(aksl_FileKind kind)
{
    switch (kind) {
    case AKSL_FILE_FIFO:
        return "a FIFO";
    case AKSL_FILE_SOCKET:
        return "a socket";
    case AKSL_FILE_CHARACTER_DEVICE:
        return "a character device";
    case AKSL_FILE_BLOCK_DEVICE:
        return "a block device";
    case AKSL_FILE_DIRECTORY:
        return "a directory";
    default:
        return "not a regular file";
    }
}

akerr_ErrorContext *aksl_fopen_regular(const char *path, size_t max_size, FILE **dest,
                                       size_t *size)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, path);
    REQUIRE(errctx, dest);
    FILE *fp = NULL;
    aksl_FileKind kind = AKSL_FILE_OTHER;
    uintmax_t file_size = 0;
    int err = aksl_platform_open_read(path, &fp, &kind, &file_size);
    if (err != 0) {
        FAIL_RETURN(errctx, errno_status(err), "aksl_fopen_regular: " QFMT ": %s", QUOTE(path),
                    errno_text(err).text);
    }
    if (kind != AKSL_FILE_REGULAR) {
        FAIL_RETURN(errctx, kind == AKSL_FILE_DIRECTORY ? EISDIR : AKERR_IO,
                    "aksl_fopen_regular: " QFMT " is %s, not a regular file", QUOTE(path),
                    file_kind(kind));
    }
    if (file_size > (uintmax_t)max_size) {
        (void)fclose(fp);
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "aksl_fopen_regular: " QFMT " is %ju bytes; the limit is %zu bytes",
                    QUOTE(path), file_size, max_size);
    }
    *dest = fp;
    if (size != NULL) {
        *size = (size_t)file_size;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_fclose(FILE *fp)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, fp);
    if (fclose(fp) != 0) {
        int err = errno;
        /* The stream is gone either way (using it again is undefined), so
         * the caller must not retry; the message says what was lost. */
        FAIL_RETURN(errctx, errno_status(err),
                    "aksl_fclose: %s; the stream is closed and buffered output may be lost",
                    errno_text(err).text);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_fread(void *dest, size_t size, FILE *fp, size_t *nread)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, dest);
    REQUIRE(errctx, fp);
    REQUIRE(errctx, nread);
    errno = 0;
    size_t n = fread(dest, 1, size, fp);
    int err = errno;
    /* A short count is either end of file (an answer) or an error (not). */
    if (n < size && ferror(fp)) {
        FAIL_RETURN(errctx, AKERR_IO, "aksl_fread: read error after %zu of %zu bytes: %s", n, size,
                    errno_text(err).text);
    }
    *nread = n;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_fwrite(const void *src, size_t size, FILE *fp)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, src);
    REQUIRE(errctx, fp);
    errno = 0;
    size_t n = fwrite(src, 1, size, fp);
    int err = errno;
    if (n < size) {
        FAIL_RETURN(errctx, AKERR_IO, "aksl_fwrite: wrote %zu of %zu bytes: %s", n, size,
                    errno_text(err).text);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *aksl_read_file(const char *path, char *dest, size_t destsize, size_t *nread)
{
    FILE *fp = NULL;
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, path);
    REQUIRE(errctx, dest);
    FAIL_ZERO_RETURN(errctx, destsize, AKERR_OUTOFBOUNDS,
                     "aksl_read_file: " QFMT " does not fit in 0 bytes", QUOTE(path));
    dest[0] = '\0';

    ATTEMPT {
        CATCH(errctx, aksl_fopen(path, "rb", &fp));
        /* Ask for destsize bytes, one more than may be kept: getting them all
         * is how we learn the file does not fit, without a stat that could
         * race with a writer or lie about a pipe. */
        errno = 0;
        size_t n = fread(dest, 1, destsize, fp);
        int err = errno;
        FAIL_NONZERO_BREAK(errctx, ferror(fp), AKERR_IO,
                           "aksl_read_file: reading " QFMT " failed: %s", QUOTE(path),
                           errno_text(err).text);
        FAIL_NONZERO_BREAK(errctx, n == destsize, AKERR_OUTOFBOUNDS,
                           "aksl_read_file: " QFMT " is larger than %zu bytes and does not fit "
                           "in %zu bytes with its terminator",
                           QUOTE(path), destsize - 1, destsize);
        dest[n] = '\0';
        if (nread != NULL) {
            *nread = n;
        }
    } CLEANUP {
        if (fp != NULL) {
            /* Read-only: a failing close cannot lose data, and the content
             * (or the error already raised) is the answer. */
            (void)fclose(fp);
        }
    } PROCESS(errctx) {
        dest[0] = '\0'; /* never half a file */
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Memory                                                                   */
/* ------------------------------------------------------------------------ */

/* glibc's adaptive mmap threshold stops at 32 MiB on 64-bit systems and
 * 16 MiB on 32-bit ones; mallopt refuses more. */
#define HEAP_KEEP_MMAP_MAX ((size_t)16 * 1024 * 1024)

akerr_ErrorContext *aksl_heap_keep(size_t bytes, bool *kept)
{
    PREPARE_ERROR(errctx);
    REQUIRE(errctx, kept);
    FAIL_NONZERO_RETURN(errctx, bytes < AKSL_HEAP_KEEP_MIN || bytes > AKSL_HEAP_KEEP_MAX,
                        AKERR_OUTOFBOUNDS,
                        "aksl_heap_keep: %zu bytes is outside %zu .. %zu (AKSL_HEAP_KEEP_MIN .. "
                        "AKSL_HEAP_KEEP_MAX)",
                        bytes, AKSL_HEAP_KEEP_MIN, AKSL_HEAP_KEEP_MAX);
    size_t mmap_below = bytes / 2 < HEAP_KEEP_MMAP_MAX ? bytes / 2 : HEAP_KEEP_MMAP_MAX;
    *kept = aksl_platform_heap_keep(bytes, mmap_below);
    SUCCEED_RETURN(errctx);
}
