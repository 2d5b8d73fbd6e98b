/*
 * Internal: what other modules read about the started game. Not installed.
 */
#ifndef AKGL_SRC_GAME_PRIVATE_H
#define AKGL_SRC_GAME_PRIVATE_H

#include <akgl/game.h>

/*
 * The akgl_GameConfig the running game started with, with every capacity
 * resolved to what its pool got (never 0 while the game runs: the defaults
 * and floors applied, as akgl_heap_capacity reports them; `tweens` and
 * `timers` likewise, as akgl_tween_counts reports them). `voices` is as the
 * game passed it: 0 means the sound module's own default, which that module
 * applies. All zero while the game is stopped. Owned by game.c: read it, do
 * not keep the pointer's contents across akgl_game_quit.
 */
const akgl_GameConfig *akgl_game_config(void);

#endif /* AKGL_SRC_GAME_PRIVATE_H */
