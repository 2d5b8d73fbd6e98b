/**
 * @file akgl/time.h
 * @brief The game clock, in nanoseconds.
 *
 * Layer: memory (docs/03-layers.md).
 *
 * By default it follows SDL's monotonic clock. After akgl_time_use_manual(true)
 * it moves only when akgl_time_advance() says so, which makes animation and
 * physics reproducible in tests and benchmarks. akgl_game_update takes the
 * time since its previous call from this clock.
 */
#ifndef AKGL_TIME_H
#define AKGL_TIME_H

#include <akerror.h>
#include <akgl/limits.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The game time now, in nanoseconds. Never goes backwards: in real
 *        mode it stops at UINT64_MAX (584 years of game time) rather than wrap.
 * @return Nanoseconds of game time.
 */
uint64_t akgl_time_now(void);

/**
 * @brief Switches between the real clock (false) and the manual one (true).
 *        The time does not jump at the switch: the manual clock starts where
 *        the real one was, and the real one resumes from the manual time.
 *        The clock is not locked: switch modes from the thread that runs the
 *        frames (or with the game state lock held).
 * @param manual True for the manual clock, false for the real one.
 * @return NULL; it cannot fail.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_time_use_manual(bool manual);

/**
 * @brief Moves the manual clock forward by @p ns.
 * @param ns Nanoseconds.
 * @return NULL; AKERR_BEHAVIOR when the clock is not manual; AKERR_OUTOFBOUNDS
 *         when the time would overflow.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_time_advance(uint64_t ns);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_TIME_H */
