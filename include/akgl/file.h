/**
 * @file akgl/file.h
 * @brief The asset root: a directory every file akgl loads must lie under.
 *
 * Layer: memory (docs/03-layers.md).
 *
 * A map, a sprite or a sound bank names other files, and a file from
 * outside the game (a downloaded level, a mod) could name any file the
 * process can read: `../../../etc/passwd`, an absolute path, a symbolic
 * link out of the game's folder. With a root set, every file akgl opens
 * for a loader (JSON, images, sounds, fonts, Tiled maps, tilesets and
 * templates) is resolved (symbolic links and `..` followed, as realpath
 * does) and refused unless it lies under the root. The resolved path is
 * what is opened, so the file checked is the file read.
 *
 * Off by default: akgl loads whatever path it is given. The application
 * runner (akgl/app.h) sets its assets directory as the root while the game
 * runs, with the directories of its desc.roots; a game may load from more
 * than one folder (akgl_file_add_root, up to AKGL_FILE_MAX_ROOTS).
 */
#ifndef AKGL_FILE_H
#define AKGL_FILE_H

#include <akerror.h>
#include <akgl/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Sets the directory every loaded file must lie under (replacing any
 *        roots in force), or turns the check off.
 * @param dir An existing directory (resolved now, so a later change of the
 *            working directory does not move it); NULL or "" turns the
 *            check off.
 * @return NULL; the errno status of realpath(3) for a @p dir that cannot be
 *         resolved (ENOENT...), naming it; ENOTDIR when it is not a
 *         directory. On failure the root in force is unchanged.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_file_set_root(const char *dir);

/**
 * @brief Adds another directory loaded files may lie under (a system font
 *        folder beside the game's assets); with none set before, it turns
 *        the check on.
 * @param dir An existing directory (resolved now).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dir; AKERR_OUTOFBOUNDS when
 *         AKGL_FILE_MAX_ROOTS are set already; as akgl_file_set_root for a
 *         @p dir that cannot be resolved or is not a directory. On failure
 *         the roots in force are unchanged.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_file_add_root(const char *dir);

/**
 * @brief The first asset root in force (the one akgl_file_set_root set).
 * @param dest Set to the resolved root, or to "" when the check is off.
 *             Valid until the next akgl_file_set_root.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_file_root(const char **dest);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_FILE_H */
