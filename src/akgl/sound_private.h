/*
 * Internal: the audio device and its voices (sound.c): start and stop, the
 * rate sounds are converted to, and the converter the loaders use. Not
 * installed. Layer: backend.
 *
 * The sound module's other private headers sit above it, by what they name:
 * sound_load.h (assets: the loaders, a character's state sounds) and
 * sound_actor.h (world: what an actor does with them). This one names no
 * character or actor.
 */
#ifndef AKGL_SRC_SOUND_PRIVATE_H
#define AKGL_SRC_SOUND_PRIVATE_H

#include <akerror.h>
#include <akgl/sound.h>

#include <SDL3/SDL.h>

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

/*
 * A streamed source of samples for a music voice (streamed music,
 * docs/18-sound.md). The backend knows it only by these two calls; the
 * assets layer (sound_stream.c) makes sources and installs them, so the
 * device never calls up into a decoder.
 *
 * read: on the audio thread, with the voice's SDL stream locked and the
 *   sound lock NOT held: writes up to @p frames frames of float stereo at
 *   the device rate to @p out and returns how many. Fewer than asked means
 *   the source failed (it has logged its error once and kept it for
 *   akgl_sound_music_check): the voice ends. It must not allocate.
 * close: on a game thread (or in akgl_sound_stop), never while read runs:
 *   frees what the source holds. Called exactly once per source the backend
 *   took.
 */
typedef struct akgl_SoundSource akgl_SoundSource;
struct akgl_SoundSource
{
    int (*read)(akgl_SoundSource *src, float *out, int frames);
    void (*close)(akgl_SoundSource *src);
};

/*
 * Plays @p src as the music, by akgl_sound_music_play's rules (the track
 * playing fades out over @p fade_ms as this one fades in). On success with
 * *taken true the backend owns the source and closes it when its voice
 * ends; *taken false (no device: nothing plays, *dest is AKGL_VOICE_NONE)
 * leaves it with the caller. @p name names it in errors.
 * Errors: AKERR_NULLPOINTER; AKERR_VALUE for a volume or fade out of range.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_music_play_source(akgl_SoundSource *src,
                                                                const char *name, float volume,
                                                                int fade_ms, akgl_Voice *dest,
                                                                bool *taken);

/* Closes the sources of voices that have ended since the last call (their
 * close runs here, on the calling thread). Every akgl_sound_* call that
 * starts or stops music calls it; so does akgl_sound_music_check. */
void akgl_sound_reap(void);

/* Destroys the audio stream akgl_sound_convert uses, made again at the next
 * conversion: the loader calls it when the last sound goes (sound_load.c),
 * and akgl_sound_stop calls it. */
void akgl_sound_converter_release(void);

#endif /* AKGL_SRC_SOUND_PRIVATE_H */
