/**
 * @file akstdlib.h
 * @brief Checked wrappers of the libc calls a game needs.
 *
 * Layer: base, the bottom: it uses only the C library and akerror.
 *
 * Each function returns an akerr_ErrorContext (NULL on success) and writes
 * its result through a pointer, so a bad input is a status and a message that
 * names the input, never a silent truncation, a zero from atoi, or a crash.
 *
 * Common rules:
 * - A NULL pointer argument is AKERR_NULLPOINTER naming the argument.
 * - A destination that is too small is AKERR_OUTOFBOUNDS; the destination
 *   still holds a terminated string (what fitted), never garbage. A destsize
 *   of 0 is AKERR_OUTOFBOUNDS too, and then nothing is written: there is no
 *   room even for the terminator.
 * - An OS failure carries the errno value as its status (ENOENT, EACCES, ...),
 *   and the message names the path.
 * - On failure, outputs through pointers other than string buffers are left
 *   untouched.
 * - Messages name the function and quote the input, e.g.
 *   `aksl_atoi: "12x" has trailing characters after the number`. A quoted
 *   input longer than 160 bytes is cut there and marked with "...".
 */
#ifndef AKSTDLIB_H
#define AKSTDLIB_H

#include <akerror.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
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
 * @param dest     Destination buffer of @p destsize bytes.
 * @param destsize Size of @p dest in bytes, terminator included.
 * @param fmt      printf-style format.
 * @param ...      The format's arguments.
 * @return NULL on success; AKERR_OUTOFBOUNDS when the output did not fit (dest
 *         holds the truncated, terminated text) or @p destsize is 0;
 *         AKERR_NULLPOINTER for a NULL @p dest or @p fmt; AKERR_FORMAT when
 *         vsnprintf itself fails (e.g. a %ls argument the locale cannot
 *         encode), and then dest is left empty.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_snprintf(char *dest, size_t destsize, const char *fmt, ...)
    AKERR_PRINTF(3, 4);

/** @} */

/** @name Numbers
 *
 * The whole string must be one number in base 10: no leading or trailing
 * whitespace, no trailing characters. One leading '+' or '-' is allowed, and
 * leading zeros are still decimal ("007" is 7). An empty string or trailing
 * garbage is AKERR_FORMAT; a value outside the destination type's range is
 * AKERR_OUTOFBOUNDS. A string that is malformed and also too big
 * ("99999999999999999999x") is AKERR_FORMAT. Messages quote the input.
 * @p dest is written only on success. NULL @p str or @p dest is
 * AKERR_NULLPOINTER.
 * @{ */
/**
 * @brief The int that all of @p str spells.
 * @param str  The text (borrowed).
 * @param dest Gets the value, on success only.
 * @return NULL; AKERR_FORMAT; AKERR_OUTOFBOUNDS; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_atoi(const char *str, int *dest);
/**
 * @brief The long that all of @p str spells.
 * @param str  The text (borrowed).
 * @param dest Gets the value, on success only.
 * @return NULL; AKERR_FORMAT; AKERR_OUTOFBOUNDS; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_atol(const char *str, long *dest);
/**
 * @brief The long long that all of @p str spells.
 * @param str  The text (borrowed).
 * @param dest Gets the value, on success only.
 * @return NULL; AKERR_FORMAT; AKERR_OUTOFBOUNDS; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_atoll(const char *str, long long *dest);
/**
 * @brief The double that all of @p str spells, as strtod: decimal, hex
 *        float, "inf" and "nan" are numbers. The decimal point is the
 *        current locale's (LC_NUMERIC): "." unless the game has called
 *        setlocale.
 * @param str  The text (borrowed).
 * @param dest Gets the value, on success only.
 * @return NULL; AKERR_FORMAT; AKERR_OUTOFBOUNDS on overflow (underflow to a
 *         tiny or zero value is accepted); AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_atof(const char *str, double *dest);
/** @} */

/** @name Paths and files
 *  @{ */

/**
 * @brief Resolves @p path to an absolute, canonical path (symlinks and ".."
 *        folded out), as realpath(3).
 * @param path     The path to resolve; a relative path resolves against the
 *                 working directory, and "" is ENOENT.
 * @param resolved Destination of at least PATH_MAX bytes; "" on failure.
 * @return NULL on success; the errno status (ENOENT, ENOTDIR, EACCES, ...) on
 *         failure, with the path in the message; AKERR_NULLPOINTER for NULLs.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_realpath(const char *path, char *resolved);

/**
 * @brief The directory part of @p path, as dirname(3) but without modifying
 *        @p path: "a/b.json" -> "a", "b.json" -> ".", "/b" -> "/",
 *        "/a/b/" -> "/a", "a/" -> ".", "" -> ".", "/" -> "/".
 *
 * Trailing separators are not a component, and a run of them counts as one
 * ("a//b" -> "a", "//" -> "/"). Purely textual: ".." is not resolved. On
 * Windows '\\' separates as '/' does, and a path's root stays whole:
 * "C:\\a" -> "C:\\", "C:a" -> "C:", "C:" -> "C:",
 * "\\\\server\\share\\a" -> "\\\\server\\share\\".
 * @param path     The path (borrowed, unchanged).
 * @param dest     Destination buffer of @p destsize bytes.
 * @param destsize Size of @p dest, terminator included.
 * @return NULL; AKERR_OUTOFBOUNDS when it does not fit in @p destsize;
 *         AKERR_NULLPOINTER for a NULL @p path or @p dest.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_dirname(const char *path, char *dest, size_t destsize);

/**
 * @brief The last component of @p path, as basename(3) but without modifying
 *        @p path: "a/b.json" -> "b.json", "a/" -> "a", "/" -> "/",
 *        "/a/b/" -> "b", "" -> ".". A root alone is itself ("/"; on Windows
 *        "C:\\" and "C:" too), and on Windows '\\' separates as '/' does
 *        ("C:\\a\\b.png" -> "b.png", "C:b.png" -> "b.png").
 * @param path     The path (borrowed, unchanged).
 * @param dest     Destination buffer of @p destsize bytes.
 * @param destsize Size of @p dest, terminator included.
 * @return NULL; AKERR_OUTOFBOUNDS when it does not fit in @p destsize;
 *         AKERR_NULLPOINTER for a NULL @p path or @p dest.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_basename(const char *path, char *dest, size_t destsize);

/**
 * @brief Joins @p dir and @p name with one '/'; a @p name with a root of its
 *        own ("/x"; on Windows also "\\x", "C:\\x", "C:x") is returned as
 *        it is, and an empty @p dir gives @p name.
 *
 * Trailing separators of @p dir fold into the one separator ("a//" + "b" ->
 * "a/b", "/" + "b" -> "/b"; on Windows "C:\\" + "b" -> "C:\\b" and "C:" +
 * "b" -> "C:b"). An empty @p name gives @p dir unchanged. @p dest may be the
 * buffer @p dir is in (append a component in place); it must not overlap
 * @p name.
 * @param dest     Destination buffer of @p destsize bytes.
 * @param destsize Size of @p dest, terminator included.
 * @param dir      The directory part.
 * @param name     The component to append.
 * @return NULL; AKERR_OUTOFBOUNDS when the result does not fit in @p destsize
 *         (dest holds what fitted); AKERR_NULLPOINTER for any NULL pointer.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_join(char *dest, size_t destsize, const char *dir,
                                                  const char *name);

/**
 * @brief Whether @p path is @p dir or lies under it: "/a/b/c" and "/a/b" are
 *        within "/a/b" (and within "/a/b/"), "/a/bc" is not, and everything
 *        absolute is within "/".
 *
 * Purely textual, so give it canonical paths (aksl_realpath's): ".." and
 * links are not followed. On Windows either separator matches the other and
 * ASCII letters match without case ("c:\\Games\\x" is within "C:/games").
 * An empty @p dir has nothing within it.
 * @param path The path to place (borrowed).
 * @param dir  The directory (borrowed).
 * @param dest Gets the answer.
 * @return NULL; AKERR_NULLPOINTER for any NULL pointer.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_is_within(const char *path, const char *dir,
                                                       bool *dest);

/**
 * @brief The current working directory.
 * @param dest     Destination buffer of @p destsize bytes.
 * @param destsize Size of @p dest, terminator included.
 * @return NULL; AKERR_OUTOFBOUNDS when it does not fit in @p destsize (dest
 *         holds what fitted) or is longer than PATH_MAX (dest empty); the
 *         errno status otherwise, e.g. ENOENT when the directory was removed
 *         (dest empty); AKERR_NULLPOINTER for a NULL @p dest.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_getcwd(char *dest, size_t destsize);

/**
 * @brief Whether @p path names an existing file or directory (following
 *        symlinks). A missing path (ENOENT, which includes "" and a symlink
 *        to nothing) is success with *dest = false; any other failure of
 *        stat(2) is its errno status, naming the path. In particular ENOTDIR
 *        ("file.txt/x") is an error, not "missing": the path uses a file as
 *        a directory, which is a mistake in the path rather than an answer.
 * @param path The path (borrowed).
 * @param dest Gets whether it exists.
 * @return NULL (also for a missing path); the errno status of stat(2);
 *         AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_exists(const char *path, bool *dest);

/** What a path names (aksl_path_info). */
typedef enum aksl_FileKind
{
    AKSL_FILE_REGULAR,
    AKSL_FILE_DIRECTORY,
    AKSL_FILE_FIFO,             /**< a FIFO; on Windows, a pipe */
    AKSL_FILE_SOCKET,
    AKSL_FILE_CHARACTER_DEVICE, /**< e.g. /dev/null; on Windows, NUL or CON */
    AKSL_FILE_BLOCK_DEVICE,
    AKSL_FILE_OTHER,
} aksl_FileKind;

/** What aksl_path_info found at a path. */
typedef struct aksl_PathInfo
{
    bool exists;        /**< false: nothing there (the fields below are zero) */
    aksl_FileKind kind; /**< what it is (links followed) */
    uintmax_t size;     /**< a regular file's size in bytes; 0 for anything else */
} aksl_PathInfo;

/**
 * @brief What @p path names, following links, as stat(2) (on Windows from
 *        the file itself, opened for its attributes only, with the path in
 *        UTF-8). As aksl_path_exists, a missing path (ENOENT) is success with
 *        dest->exists false, and any other failure is its errno status
 *        (ENOTDIR for "file.txt/x", EACCES...), naming the path.
 * @param path The path (borrowed).
 * @param dest Gets what is there.
 * @return NULL (also for a missing path); the errno status; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_info(const char *path, aksl_PathInfo *dest);

/**
 * @brief fopen(3).
 * @param path The file (borrowed).
 * @param mode fopen's mode string.
 * @param dest Gets the stream; the caller owns it (close it with aksl_fclose).
 * @return NULL; the errno status on failure, naming the path and mode;
 *         AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fopen(const char *path, const char *mode, FILE **dest);

/**
 * @brief Opens a regular file for reading ("rb") and refuses anything else,
 *        without blocking: a FIFO, socket or device named where a file was
 *        expected is refused before a byte is read, and a file larger than
 *        @p max_size is refused before it is read at all.
 *
 * The file is opened with O_NONBLOCK and checked with fstat(2) on the open
 * descriptor (not a stat of the path, which a rename could race), then the
 * descriptor goes back to blocking and becomes the stream.
 * @param path     The file.
 * @param max_size The largest size accepted, in bytes.
 * @param dest     Receives the stream (close it with aksl_fclose or fclose).
 * @param size     Optional: receives the file's size in bytes.
 * @return NULL; the errno status from open(2) naming the path (ENOENT,
 *         EACCES...); EISDIR for a directory; AKERR_IO for any other file that
 *         is not a regular file (the message names its kind: "a FIFO", "a
 *         socket", "a character device"...); AKERR_OUTOFBOUNDS for a file
 *         larger than @p max_size, naming both sizes; AKERR_NULLPOINTER.
 *         @p dest and @p size are written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fopen_regular(const char *path, size_t max_size,
                                                      FILE **dest, size_t *size);

/**
 * @brief fclose(3); the errno status when the final flush fails (ENOSPC,
 *        EIO, ...). The stream is closed either way: never close it again.
 * @param fp The stream, given up by the caller.
 * @return NULL; the errno status; AKERR_NULLPOINTER for a NULL @p fp.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fclose(FILE *fp);

/**
 * @brief Reads up to @p size bytes; *nread gets how many were read. End of
 *        file is not an error (check *nread); a read error is AKERR_IO, its
 *        message giving the count and the errno text, and *nread is then
 *        left untouched. @p nread is required.
 * @param dest  Buffer of at least @p size bytes.
 * @param size  Bytes wanted.
 * @param fp    The stream (borrowed).
 * @param nread Gets the bytes read.
 * @return NULL (also at end of file); AKERR_IO; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fread(void *dest, size_t size, FILE *fp, size_t *nread);

/**
 * @brief Writes all @p size bytes or fails with AKERR_IO. On a buffered
 *        stream a failing device may accept the write and fail at
 *        aksl_fclose instead, so check that too.
 * @param src  The bytes (borrowed).
 * @param size How many.
 * @param fp   The stream (borrowed).
 * @return NULL; AKERR_IO; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_fwrite(const void *src, size_t size, FILE *fp);

/**
 * @brief Reads a whole file into @p dest and terminates it.
 * @param path     The file (borrowed).
 * @param dest     Buffer of @p destsize bytes.
 * @param destsize Size of @p dest, terminator included.
 * @param nread    Optional: bytes read (terminator not counted).
 * @return NULL; AKERR_OUTOFBOUNDS when the file does not fit with its
 *         terminator, i.e. it has destsize bytes or more (dest is left
 *         terminated and empty); errno statuses from opening, raised by
 *         aksl_fopen with the path in the message; AKERR_IO for a read
 *         error, naming the path. On every failure but a @p destsize of 0,
 *         dest is left empty; *nread is written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_read_file(const char *path, char *dest, size_t destsize,
                                                  size_t *nread);

/** @} */

/** @name Memory
 *  @{ */

/** The least aksl_heap_keep takes: glibc's own default trim threshold. */
#define AKSL_HEAP_KEEP_MIN ((size_t)128 * 1024)
/** The most aksl_heap_keep takes (mallopt's values are ints). */
#define AKSL_HEAP_KEEP_MAX ((size_t)1024 * 1024 * 1024)

/**
 * @brief Lets the C library keep up to @p bytes of freed heap memory for
 *        the next allocations instead of giving it back to the system.
 *
 * glibc gives the top of its heap back whenever more than 128 KiB of it is
 * free, so a library that allocates and frees megabytes every frame (Mesa's
 * llvmpipe: its binned triangles) has the heap shrink after the frame and
 * its pages faulted in and zeroed again in the next. With glibc this sets
 * M_TRIM_THRESHOLD to @p bytes and M_MMAP_THRESHOLD to half of it, at most
 * 16 MiB (the relation glibc's adaptive thresholds keep, which setting one
 * turns off), so blocks below that come from the heap and are reused.
 * Process-wide, and it stays until changed; the memory is reused, not
 * leaked, and a process keeps at most @p bytes of free heap besides what it
 * uses.
 * @param bytes AKSL_HEAP_KEEP_MIN .. AKSL_HEAP_KEEP_MAX.
 * @param kept  Gets whether the C library took it: true with glibc's
 *              allocator; false with any other (Windows, musl, a sanitizer's
 *              allocator), where nothing changes.
 * @return NULL; AKERR_OUTOFBOUNDS for @p bytes outside the range, naming
 *         it and the range (*kept untouched); AKERR_NULLPOINTER for a NULL
 *         @p kept.
 */
akerr_ErrorContext AKERR_NOIGNORE *aksl_heap_keep(size_t bytes, bool *kept);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKSTDLIB_H */
