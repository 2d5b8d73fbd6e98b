/*
 * Internal: the update stamp, which the frame loop moves and the frame's
 * passes read. Not installed. Memory layer, with the clock it counts by.
 */
#ifndef AKGL_SRC_TIME_PRIVATE_H
#define AKGL_SRC_TIME_PRIVATE_H

#include <stdint.h>

/*
 * Counts the akgl_game_update calls that got past their checks: 1 for the
 * first, never 0 (after 2^32 - 1 updates it wraps to 1: 2.3 years at 60
 * updates a second). Only akgl_game_update moves it. The physics step
 * stamps an actor whose movementlogicfunc it ran with it
 * (akgl_Actor.intent_update), and the update pass of the same update skips
 * the hook for that actor: the hook runs once per update. 32 bits, not 64,
 * to keep the actor 4 bytes shorter; a stamp left from 2^32 - 1 updates
 * earlier on an actor no step has run since would skip its hook once. It
 * lives with the clock, below the world's passes that read it and the loop
 * that moves it. Not hidden (hidden.h): test_physics sets it to cross the
 * wrap. The update pass and the step read it once per update.
 */
extern uint32_t akgl_time_update_serial;

/*
 * The clock game time runs on, in nanoseconds: the manual clock's steps
 * (akgl_time_advance) or SDL's real one; neither paused nor scaled. What
 * hot reload paces its looks at the files by (reload.c), so they go on
 * while the game is paused, and a test on the manual clock decides when.
 */
uint64_t akgl_time_source_now(void);

#endif /* AKGL_SRC_TIME_PRIVATE_H */
