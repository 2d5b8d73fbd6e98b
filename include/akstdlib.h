/**
 * @file akstdlib.h
 * @brief Checked wrappers of the libc calls a game needs.
 *
 * Each function returns an akerr_ErrorContext (NULL on success) and writes
 * its result through a pointer, so a bad input is a status and a message that
 * names the input, never a silent truncation, a zero from atoi, or a crash.
 *
 * Common rules:
 * - A NULL pointer argument is AKERR_NULLPOINTER naming the argument.
 * - A destination that is too small is AKERR_OUTOFBOUNDS; the destination
 *   still holds a terminated string (what fitted), never garbage.
 * - An OS failure carries the errno value as its status (ENOENT, EACCES, ...),
 *   and the message names the path.
 * - On failure, outputs through pointers other than string buffers are left
 *   untouched.
 */
#ifndef AKSTDLIB_H
#define AKSTDLIB_H

#include <akerror.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Strings
 *  @{ */

/**
 * @brief Copies @p src into @p dest, reading only up to @p src's terminator.
 * @param dest     Destination buffer of @p destsize bytes.
 * @param src      Terminated source string.
 * @param destsize Size of @p dest in bytes, terminator included; must be >= 1.
 * @return NULL when all of @p src fitted; AKERR_OUTOFBOUNDS when it did not
 *         (dest then holds the first destsize-1 bytes, terminated);
 *         AKERR_NULLPOINTER for a NULL @p dest or @p src; AKERR_OUTOFBOUNDS
 *         for a @p destsize of 0.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_strncpy(char *dest, const char *src, size_t destsize);

/**
 * @brief snprintf that reports truncation.
 * @return NULL on success; AKERR_OUTOFBOUNDS when the output did not fit (dest
 *         holds the truncated, terminated text); AKERR_NULLPOINTER for a NULL
 *         @p dest or @p fmt; AKERR_FORMAT when vsnprintf itself fails.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_snprintf(char *dest, size_t destsize, const char *fmt, ...)
    AKERR_PRINTF(3, 4);

/** @} */

/** @name Numbers
 *
 * The whole string must be one number in base 10: no leading or trailing
 * whitespace, no trailing characters. An empty string or trailing garbage is
 * AKERR_FORMAT; a value outside the destination type's range is
 * AKERR_OUTOFBOUNDS. Messages quote the input. @p dest is written only on
 * success.
 * @{ */
akerr_ErrorContext AKERR_NOIGNORE *aksl_atoi(const char *str, int *dest);
akerr_ErrorContext AKERR_NOIGNORE *aksl_atol(const char *str, long *dest);
akerr_ErrorContext AKERR_NOIGNORE *aksl_atoll(const char *str, long long *dest);
/** As strtod: decimal, hex float, "inf" and "nan" are numbers; overflow is
 *  AKERR_OUTOFBOUNDS (underflow to a tiny or zero value is accepted). */
akerr_ErrorContext AKERR_NOIGNORE *aksl_atof(const char *str, double *dest);
/** @} */

/** @name Paths and files
 *  @{ */

/**
 * @brief Resolves @p path to an absolute, canonical path (symlinks and ".."
 *        folded out), as realpath(3).
 * @param path     The path to resolve.
 * @param resolved Destination of at least PATH_MAX bytes.
 * @return NULL on success; the errno status (ENOENT, ENOTDIR, EACCES, ...) on
 *         failure, with the path in the message; AKERR_NULLPOINTER for NULLs.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_realpath(const char *path, char *resolved);

/**
 * @brief The directory part of @p path, as dirname(3) but without modifying
 *        @p path: "a/b.json" -> "a", "b.json" -> ".", "/b" -> "/".
 * @return NULL; AKERR_OUTOFBOUNDS when it does not fit in @p destsize.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_dirname(const char *path, char *dest, size_t destsize);

/**
 * @brief The last component of @p path, as basename(3) but without modifying
 *        @p path: "a/b.json" -> "b.json", "a/" -> "a", "/" -> "/".
 * @return NULL; AKERR_OUTOFBOUNDS when it does not fit in @p destsize.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_basename(const char *path, char *dest, size_t destsize);

/**
 * @brief Joins @p dir and @p name with one '/'; an absolute @p name is
 *        returned as it is, and an empty @p dir gives @p name.
 * @return NULL; AKERR_OUTOFBOUNDS when the result does not fit in @p destsize.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_join(char *dest, size_t destsize, const char *dir,
                                                  const char *name);

/** @brief The current working directory; ERANGE/AKERR_OUTOFBOUNDS when it does not fit. */
akerr_ErrorContext AKERR_NOIGNORE *aksl_getcwd(char *dest, size_t destsize);

/**
 * @brief Whether @p path names an existing file or directory (following
 *        symlinks). A missing path is success with *dest = false; any other
 *        failure of stat(2) is its errno status.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_exists(const char *path, bool *dest);

/** @brief fopen(3); the errno status on failure, naming the path and mode. */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fopen(const char *path, const char *mode, FILE **dest);

/** @brief fclose(3); the errno status when the final flush fails. */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fclose(FILE *fp);

/**
 * @brief Reads up to @p size bytes; *nread gets how many were read. End of
 *        file is not an error (check *nread); a read error is AKERR_IO.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fread(void *dest, size_t size, FILE *fp, size_t *nread);

/** @brief Writes all @p size bytes or fails with AKERR_IO. */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fwrite(const void *src, size_t size, FILE *fp);

/**
 * @brief Reads a whole file into @p dest and terminates it.
 * @param dest     Buffer of @p destsize bytes.
 * @param nread    Optional: bytes read (terminator not counted).
 * @return NULL; AKERR_OUTOFBOUNDS when the file does not fit with its
 *         terminator (dest is left terminated and empty); errno statuses from
 *         opening; AKERR_IO for a read error.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_read_file(const char *path, char *dest, size_t destsize,
                                                  size_t *nread);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKSTDLIB_H */
