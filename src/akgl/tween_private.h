/*
 * Internal (layer: world): the tween and timer pools' start and stop, for
 * the game's start and quit. Not installed.
 */
#ifndef AKGL_SRC_TWEEN_PRIVATE_H
#define AKGL_SRC_TWEEN_PRIVATE_H

#include <akgl/tween.h>

/*
 * Allocates both pools: @p tweens and @p timers slots (0: the defaults).
 * AKERR_VALUE naming the field for a count below 0 or past
 * AKGL_TWEEN_MAX_CAPACITY; AKGL_ERR_HEAP naming the count and bytes when the
 * storage cannot be had. On failure nothing is left allocated.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_pools_start(int tweens, int timers);

/* Frees both pools (every tween and timer goes, no callbacks). Safe when
 * not started. */
void akgl_tween_pools_stop(void);

#endif /* AKGL_SRC_TWEEN_PRIVATE_H */
