/*
 * An actor's state sounds: it plays the sound its character maps to a state
 * once each time it enters that state, and a looping one ends when it leaves
 * it (or is torn down). Layer: world: it reads the actor, and calls down
 * into the character's map (sound_character.c) and the voices (sound.c).
 * akgl_actor_update calls it only when the state word changed.
 */
#include "sound_actor.h"

#include <akgl/sound.h>

/* Ends the actor's looping state sound: it belonged to the state it left. */
static void stop_looping_state_sound(akgl_Actor *obj)
{
    akgl_VoiceState state = AKGL_VOICE_ENDED;
    if (obj->sound_voice == AKGL_VOICE_NONE) {
        return;
    }
    /* Neither call can fail for a handle akgl_sound_play returned. */
    akerr_ErrorContext *e = akgl_sound_voice_state(obj->sound_voice, &state);
    if (e == NULL && state != AKGL_VOICE_ENDED && obj->sound_loops) {
        e = akgl_sound_voice_stop(obj->sound_voice, 0);
    }
    if (e != NULL) {
        IGNORE(e);
    }
    obj->sound_voice = AKGL_VOICE_NONE;
}

akerr_ErrorContext *akgl_sound_actor_state_entered(akgl_Actor *obj)
{
    akgl_Sound *sound = NULL;
    PREPARE_ERROR(errctx);
    obj->sound_state = obj->state;
    if (obj->sound_voice != AKGL_VOICE_NONE) {
        stop_looping_state_sound(obj);
    }
    if (obj->basechar == NULL || obj->basechar->nsounds == 0) {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akgl_character_sound_get(obj->basechar, obj->state, &sound));
    if (sound != NULL) {
        PASS(errctx, akgl_sound_play(sound, 1.0f, 0.0f, &obj->sound_voice));
        obj->sound_loops = sound->loop;
    }
    SUCCEED_RETURN(errctx);
}

void akgl_sound_actor_release(akgl_Actor *obj)
{
    stop_looping_state_sound(obj);
}
