/*
 * Internal: what other modules read about the started game. Not installed.
 */
#ifndef AKGL_SRC_GAME_PRIVATE_H
#define AKGL_SRC_GAME_PRIVATE_H

#include <akgl/game.h>

#include "hidden.h"

/*
 * The akgl_GameConfig the running game started with, with every capacity
 * resolved to what its pool got (never 0 while the game runs: the defaults
 * and floors applied, as akgl_heap_capacity reports them). `voices` is as the
 * game passed it: 0 means the sound module's own default, which that module
 * applies. All zero while the game is stopped. Owned by game.c: read it, do
 * not keep the pointer's contents across akgl_game_quit.
 */
const akgl_GameConfig *akgl_game_config(void);

/*
 * Counts the akgl_game_update calls that got past their checks: 1 for the
 * first, never 0 again (64 bits do not wrap). The physics step stamps an
 * actor whose movementlogicfunc it ran with it (akgl_Actor.intent_update),
 * and the update pass of the same update skips the hook for that actor:
 * the hook runs once per update. Owned by game.c.
 */
extern AKGL_HIDDEN uint64_t akgl_game_update_serial;

#endif /* AKGL_SRC_GAME_PRIVATE_H */
