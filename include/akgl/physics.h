/**
 * @file akgl/physics.h
 * @brief The physics backend: a struct of function pointers, bound to the game.
 *
 * akgl_game_update calls game.physics->step with the time since the previous
 * update before it updates the actors; with no backend bound the step is
 * skipped. The arcade backend comes with akgl_physics_init_arcade.
 */
#ifndef AKGL_PHYSICS_H
#define AKGL_PHYSICS_H

#include <akerror.h>

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct akgl_Physics akgl_Physics;

/** Advances the simulation by @p elapsed_ns of game time. */
typedef akerr_ErrorContext *(*akgl_PhysicsStepFunc)(akgl_Physics *p, uint64_t elapsed_ns);

/** @brief A physics backend. */
struct akgl_Physics
{
    akgl_PhysicsStepFunc step; /**< One update's worth of simulation. */
    void *userdata;            /**< The backend's own state. */
};

#ifdef __cplusplus
}
#endif

#endif /* AKGL_PHYSICS_H */
