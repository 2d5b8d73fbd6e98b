/*
 * Internal: what an actor does with its character's state sounds
 * (sound_actor.c), called by actor.c. Not installed. Layer: world: it names
 * the actor; the character's map and the voices it uses are below it
 * (sound_load.h, sound_private.h).
 */
#ifndef AKGL_SRC_SOUND_ACTOR_H
#define AKGL_SRC_SOUND_ACTOR_H

#include <akerror.h>
#include <akgl/actor.h>

/*
 * The actor's state differs from the one its sounds last saw: play the sound
 * its character maps to the new state, once, and stop a looping one the old
 * state started. Costs nothing for an actor whose character maps no sounds.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_actor_state_entered(akgl_Actor *obj);

/* Stops a looping state sound an actor being torn down still plays. */
void akgl_sound_actor_release(akgl_Actor *obj);

#endif /* AKGL_SRC_SOUND_ACTOR_H */
