/**
 * @file akgl/time.h
 * @brief The game clock, in nanoseconds.
 *
 * Layer: memory (docs/03-layers.md).
 *
 * Game time: by default it follows SDL's monotonic clock. After
 * akgl_time_use_manual(true) it moves only when akgl_time_advance() says so,
 * which makes animation and physics reproducible in tests and benchmarks.
 * Either way it can be paused (akgl_time_set_paused) and run slower or faster
 * (akgl_time_set_scale): everything that moves by time reads this clock.
 * akgl_game_update takes the time since its previous call from it
 * (akgl_game_frame_time).
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
 * @brief The game time now, in nanoseconds. Never goes backwards: it stops
 *        at UINT64_MAX (584 years of game time) rather than wrap.
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
 * @brief Moves the manual clock's source forward by @p ns: game time moves
 *        by @p ns times the scale, or not at all while paused.
 * @param ns Nanoseconds of the source clock (what a real clock would have
 *           counted meanwhile).
 * @return NULL; AKERR_BEHAVIOR when the clock is not manual; AKERR_OUTOFBOUNDS
 *         when the time would overflow (the clock is left as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_time_advance(uint64_t ns);

/**
 * @brief Pauses game time, or lets it run again. Paused, akgl_time_now
 *        stands still whatever the source clock does (real time, or
 *        akgl_time_advance), so animation, the physics and the frame's time
 *        step (akgl_game_frame_time) stop; resumed, game time carries on
 *        from where it stopped, without a jump. Pausing again is harmless.
 *        Not locked: as akgl_time_use_manual.
 * @param paused True to pause, false to run.
 * @return NULL; it cannot fail.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_time_set_paused(bool paused);

/**
 * @brief Whether game time is paused (akgl_time_set_paused).
 * @return True when paused.
 */
bool akgl_time_paused(void);

/**
 * @brief Sets how fast game time runs against its source clock: 0.5 is slow
 *        motion at half speed, 2 is twice as fast, 1 (the start) is real
 *        speed. It applies from now on, without a jump, in either mode (the
 *        manual clock's steps are scaled as real time is). Independent of the
 *        pause: a paused clock keeps its scale for when it runs again.
 * @param scale The factor, 0..AKGL_TIME_MAX_SCALE (0 stands still, as paused).
 * @return NULL; AKERR_VALUE naming the value and the range for a negative,
 *         NaN or larger factor (the scale is left as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_time_set_scale(float scale);

/**
 * @brief The scale game time runs at (akgl_time_set_scale).
 * @return The factor; 1 until it is set.
 */
float akgl_time_scale(void);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_TIME_H */
