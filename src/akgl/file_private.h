/*
 * Internal: reading a whole file a loader was handed, safely
 * (docs/19-reliability.md). Every file akgl opens outside the JSON parser
 * (image, sound, font, TMX/TSX/TX) comes through here, so each one is
 * refused the same way when it is not a regular file (a FIFO would block
 * the game forever), is larger than its cap (refused from fstat, before a
 * byte is read) or lies outside the asset root (akgl/file.h), and each one
 * is an open and a read event of the fault switch (akgl/fault.h). Memory
 * layer.
 */
#ifndef AKGL_SRC_FILE_PRIVATE_H
#define AKGL_SRC_FILE_PRIVATE_H

#include <akerror.h>
#include <akgl/file.h>
#include <akgl/limits.h>

#include <stddef.h>

/*
 * Reads the regular file `path` whole into a block of SDL's (SDL_malloc,
 * so the allocation watch sees it) that the caller SDL_free()s. The block
 * holds *size bytes and one more, a '\0', so a text format can parse it as
 * a string.
 *
 * `label` begins every message (`sound "x.wav"`, `image "a.png"`, or a map's
 * path). `max_size` is the cap, `cap_name` its macro, named in the message
 * of a file over it: `label: ...is N bytes; the limit is M bytes (CAP)`.
 *
 * Statuses: the errno status of open(2) (ENOENT, EACCES...); EISDIR for a
 * directory; AKERR_IO for a FIFO, socket or device ("is a FIFO, not a
 * regular file"); AKERR_OUTOFBOUNDS over the cap; ENOMEM when the block
 * cannot be had; AKERR_IO for a failed read, or a file that changed size
 * while it was read; EIO for an injected open or read fault. *dest and
 * *size are written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_file_read_whole(const char *label, const char *path,
                                                        size_t max_size, const char *cap_name,
                                                        unsigned char **dest, size_t *size);

/* Every asset root in force, resolved: what the app runner saves and puts
 * back around its game. */
typedef struct akgl_FileRoots
{
    int count;
    char dir[AKGL_FILE_MAX_ROOTS][AKGL_MAX_STRING_LENGTH];
} akgl_FileRoots;

void akgl_file_roots_get(akgl_FileRoots *dest);
void akgl_file_roots_put(const akgl_FileRoots *src);

/*
 * The path a loader opens for `path`: with no asset root (akgl/file.h) the
 * path itself, copied; with one, its realpath, refused with EACCES unless
 * it lies under the root (`label: "path" is outside the asset root
 * "root"`), or with realpath's errno status (ENOENT...) when it cannot be
 * resolved. Opening the resolved path means the file checked is the file
 * read. *resolved is written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_file_resolve(const char *label, const char *path,
                                                     char resolved[AKGL_MAX_STRING_LENGTH]);

/*
 * An ENOENT error for `path`, which does not exist, saying where akgl
 * looked: `label: no such file: akgl looked for "/abs/path" (the working
 * directory is "/cwd"); the deepest folder of it that exists is "/abs";
 * no asset root is set` (or the roots in force, and that paths are taken
 * from the working directory, not from them). Never NULL.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_file_missing(const char *label, const char *path);

#endif /* AKGL_SRC_FILE_PRIVATE_H */
