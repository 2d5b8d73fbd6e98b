/**
 * @file akgl/error.h
 * @brief akgl's own statuses, above akerror's.
 *
 * Layer: memory (docs/03-layers.md).
 *
 * akgl is an application of akerror, so its codes start at
 * AKERR_FIRST_APPLICATION_STATUS. A game's own codes start at
 * AKGL_FIRST_GAME_STATUS. akgl_error_init() names them (akgl_game_init() calls it).
 */
#ifndef AKGL_ERROR_H
#define AKGL_ERROR_H

#include <akerror.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A pool is exhausted, or a slot was released more often than it was acquired. */
#define AKGL_ERR_HEAP (AKERR_FIRST_APPLICATION_STATUS + 0)
/** The library and the program were compiled with different limits or struct layouts. */
#define AKGL_ERR_ABI (AKERR_FIRST_APPLICATION_STATUS + 1)
/** The last akgl status. */
#define AKGL_ERR_LAST AKGL_ERR_ABI
/** The first status a game may define for itself. */
#define AKGL_FIRST_GAME_STATUS (AKERR_FIRST_APPLICATION_STATUS + 64)

/**
 * @brief Names akgl's statuses with akerr_name_for_status(). Idempotent.
 * @return NULL; it cannot fail.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_error_init(void);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_ERROR_H */
