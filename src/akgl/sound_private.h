/*
 * Internal: the sound module's start and stop, and what the heap, characters
 * and actors call into it. Not installed.
 */
#ifndef AKGL_SRC_SOUND_PRIVATE_H
#define AKGL_SRC_SOUND_PRIVATE_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/sound.h>

#include <SDL3/SDL.h>
#include <jansson.h>

/*
 * Makes @p voices voices (0: AKGL_SOUND_DEFAULT_VOICES) and opens the default
 * playback device. Lack of a device is not an error: it is logged once and
 * sound plays silence. Errors: AKERR_BEHAVIOR when started already,
 * AKERR_VALUE for a voice count outside AKGL_SOUND_MIN_VOICES..MAX, ENOMEM
 * when any allocation failed on the way (the lock, the voice table, SDL's
 * audio start, a voice's stream: then nothing is left started, held or
 * allocated), AKERR_API when SDL cannot make the lock for another reason.
 * Called by akgl_game_init (with the game config's voice count, from 9/12).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_start(int voices);

/* Closes the device and frees the voices. Loaded sounds stay loaded. Safe when not started. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_stop(void);

/* The rate sounds are converted to: the device's, or AKGL_SOUND_DEVICE_RATE. */
int akgl_sound_rate(void);

/* Ends, at once, every voice that plays @p sound (its teardown is next). */
void akgl_sound_stop_voices_of(const akgl_Sound *sound);

/*
 * Converts @p len bytes of @p data, in format @p spec, to float stereo at
 * @p rate, in a block the caller SDL_free()s (*dest, *destlen bytes),
 * through the one audio stream kept for it (made on first use). Errors name
 * @p path: ENOMEM, AKERR_FORMAT (SDL refused), AKERR_OUTOFBOUNDS (more than
 * 2^31 bytes), AKERR_API.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_convert(const char *path, const SDL_AudioSpec *spec,
                                                      const Uint8 *data, int len, int rate,
                                                      Uint8 **dest, int *destlen);

/* Destroys the audio stream akgl_sound_convert uses, made again at the next
 * conversion: the loader calls it when the last sound goes (sound_load.c),
 * and akgl_sound_stop calls it. */
void akgl_sound_converter_release(void);

/* A layer release function for akgl_heap_release_all (level unload). */
akerr_ErrorContext *akgl_sound_release_any(void *obj);

/*
 * Reads a character file's optional "sound_mappings" into @p obj (called by
 * the character loader once its sprites are bound). Errors name the mapping.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_character_load_sound_mappings(akgl_Character *obj,
                                                                      json_t *root);

/* Gives back the sound references a character's sound map holds (teardown). */
void akgl_character_release_sounds(akgl_Character *obj, akerr_ErrorContext **first);

/*
 * The actor's state differs from the one its sounds last saw: play the sound
 * its character maps to the new state, once, and stop a looping one the old
 * state started. Costs nothing for an actor whose character maps no sounds.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_actor_state_entered(akgl_Actor *obj);

/* Stops a looping state sound an actor being torn down still plays. */
void akgl_sound_actor_release(akgl_Actor *obj);

#endif /* AKGL_SRC_SOUND_PRIVATE_H */
