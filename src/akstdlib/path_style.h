/*
 * Internal to akstdlib: the two grammars of paths. POSIX has one separator,
 * '/', and one root, a leading '/'. Windows takes '/' and '\\' alike, and a
 * path's root is a drive ("C:" or "C:\\"), a leading separator (the current
 * drive's root) or a share ("\\\\server\\share\\"; "\\\\?\\C:\\" parses as
 * one too). The public functions of akstdlib.h that take a path apart use
 * the grammar of the system they were built for (aksl_platform_path_style);
 * the *_as variants take it as an argument, so both grammars are tested on
 * every system. Not installed.
 */
#ifndef AKSL_PATH_STYLE_H
#define AKSL_PATH_STYLE_H

#include <akerror.h>

#include <stdbool.h>
#include <stddef.h>

typedef enum
{
    AKSL_PATH_POSIX,
    AKSL_PATH_WINDOWS,
} aksl_PathStyle;

/* Whether c separates the components of a path in style. */
bool aksl_path_style_is_separator(aksl_PathStyle style, char c);

/*
 * How many bytes at the start of path are its root, the part no dirname
 * removes: 0 for a relative path; POSIX: 1 for "/..."; Windows: "C:" 2,
 * "C:\\..." 3, "\\..." 1, "\\\\server\\share\\..." up to and with the
 * separator after the share (all of it when nothing follows).
 */
size_t aksl_path_style_root_length(aksl_PathStyle style, const char *path);

/* aksl_dirname, aksl_basename, aksl_path_join and aksl_path_is_within of
 * akstdlib.h in the given grammar (same statuses and messages). */
akerr_ErrorContext AKERR_NOIGNORE *aksl_dirname_as(aksl_PathStyle style, const char *path,
                                                   char *dest, size_t destsize);
akerr_ErrorContext AKERR_NOIGNORE *aksl_basename_as(aksl_PathStyle style, const char *path,
                                                    char *dest, size_t destsize);
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_join_as(aksl_PathStyle style, char *dest,
                                                     size_t destsize, const char *dir,
                                                     const char *name);
akerr_ErrorContext AKERR_NOIGNORE *aksl_path_is_within_as(aksl_PathStyle style,
                                                          const char *path, const char *dir,
                                                          bool *dest);

#endif /* AKSL_PATH_STYLE_H */
