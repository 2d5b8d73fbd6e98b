/**
 * @file akgl/reload.h
 * @brief Hot reload: files the game loaded are reloaded in place, between
 *        frames, when they change on disk.
 *
 * Layer: game (docs/03-layers.md). See docs/27-hot-reload.md.
 *
 * Opt in with akgl_GameConfig::hot_reload (the app runner's --hot-reload).
 * Every file a loader reads is then watched: sprite files, sprite sheets'
 * images, character files, maps, images of akgl_image_load, sounds and
 * fonts. Each akgl_game_update first looks at some of the watched files'
 * modification times and sizes (SDL_GetPathInfo), so that each file is
 * looked at once every akgl_GameConfig::hot_reload_period_ms (250 ms by
 * default) of the clock game time runs on, spread over the period's frames;
 * when a sweep of the list ends, what it found changed is reloaded. A file
 * that changed is loaded again into scratch and checked in full; only when
 * that succeeds is the new content swapped into
 * the existing object, so the pointers actors and characters hold stay
 * valid. A bad edit keeps the loaded asset and is logged once
 * (akerr_log_method) with the loader's message; the game goes on.
 */
#ifndef AKGL_RELOAD_H
#define AKGL_RELOAD_H

#include <akerror.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Looks at every watched file now, whatever the period, and reloads
 *        each one that changed; what akgl_game_update does over a period.
 *
 * A refused edit is logged (once per change) and counted in @p refused, not
 * returned: the game never stops for a bad file. The period starts again
 * from now.
 * @param reloaded Gets how many files were reloaded, or NULL.
 * @param refused  Gets how many changed files were refused this time, or NULL.
 * @return NULL; AKERR_BEHAVIOR when the game is not started or was started
 *         without hot reload.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_reload_check(int *reloaded, int *refused);

/**
 * @brief How many files hot reload watches, and how many of them hold an
 *        edit that was refused (the loaded asset is older than the file).
 * @param watched Gets the count of watched files, or NULL.
 * @param refused Gets the count with a refused edit, or NULL.
 * @return NULL; AKERR_NULLPOINTER when both are NULL; AKERR_BEHAVIOR when
 *         the game is not started or was started without hot reload.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_reload_watched(int *watched, int *refused);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_RELOAD_H */
