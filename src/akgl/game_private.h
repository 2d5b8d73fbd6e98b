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
 * first, never 0 (after 2^32 - 1 updates it wraps to 1: 2.3 years at 60
 * updates a second). The physics step stamps an actor whose
 * movementlogicfunc it ran with it (akgl_Actor.intent_update), and the
 * update pass of the same update skips the hook for that actor: the hook
 * runs once per update. 32 bits, not 64, to keep the actor 4 bytes
 * shorter; a stamp left from 2^32 - 1 updates earlier on an actor no step
 * has run since would skip its hook once. Owned by game.c. Not hidden
 * (hidden.h), unlike the pool's descriptor: test_physics sets it to cross
 * the wrap. The update pass and the step read it once per update.
 */
extern uint32_t akgl_game_update_serial;

#endif /* AKGL_SRC_GAME_PRIVATE_H */
