/*
 * Internal: what the game loop (game.c) calls of hot reload (reload.c).
 * Game layer. Not installed.
 */
#ifndef AKGL_SRC_RELOAD_PRIVATE_H
#define AKGL_SRC_RELOAD_PRIVATE_H

#include <akerror.h>
#include <akgl/game.h>

/* At game start: with cfg->hot_reload, the watch list (cfg->hot_reload_files
 * entries) and the period. AKERR_VALUE for a count or period out of range;
 * AKGL_ERR_HEAP. Nothing is left allocated on failure. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_reload_start(const akgl_GameConfig *cfg);

/* At quit: the list goes. */
void akgl_reload_stop(void);

/* Between frames: once a period, the look at the files and the reloads.
 * Never fails (a refused edit is logged); with hot reload off, one test. */
void akgl_reload_frame(void);

#endif /* AKGL_SRC_RELOAD_PRIVATE_H */
