/**
 * @file akgl/sound.h
 * @brief Sound effects and music on SDL3's own audio streams.
 *
 * Layer: backend (docs/03-layers.md): it includes nothing above the device.
 * The loading calls and a character's state sounds it declares are defined
 * in the assets layer (sound_load.c, sound_character.c).
 *
 * A sound (akgl_Sound) is a pooled object holding samples already converted
 * to the device's rate as 32-bit float stereo, so playing never converts,
 * decodes or allocates. Sounds load from WAV (SDL_LoadWAV) or Ogg Vorbis
 * (libvorbisfile), one at a time (akgl_sound_load) or from a sound bank
 * (akgl_sound_load_json), and are registered by name in AKGL_REGISTRY_SOUND.
 *
 * Playback uses a fixed number of voices made when the game starts: each
 * voice is one SDL_AudioStream bound to one logical playback device, and SDL
 * mixes the streams. A voice is fed from SDL's audio thread by the stream's
 * get-callback, which copies the preloaded samples with the voice's volume,
 * pan and fade applied; the calls below only change a voice's state under
 * the sound lock. See docs/18-sound.md.
 *
 * Long music need not be loaded: akgl_sound_music_play_file streams an Ogg
 * Vorbis file, decoding it a chunk at a time on the audio thread into a fixed
 * buffer (defined in the assets layer, sound_stream.c).
 *
 * When every voice is busy, playing an effect steals the voice of the effect
 * that started longest ago; music is never stolen.
 *
 * With no audio device the game still starts: it logs once and every play
 * succeeds silently, returning AKGL_VOICE_NONE (which reports ended).
 *
 * Thread safety: every function here may be called from any thread; they
 * take the sound lock, which the audio thread also takes for each block.
 * Loading and releasing sounds change a pool and a registry, so hold the
 * game state lock for those when more than one thread runs.
 */
#ifndef AKGL_SOUND_H
#define AKGL_SOUND_H

#include <akerror.h>
#include <akgl/limits.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct akgl_Character;

/** @brief The sound pool, public so sweeps can walk it (refcount 0 = free). */
extern struct akgl_Sound *akgl_heap_sounds;

/** @brief A loaded sound: samples at the device rate, 32-bit float, stereo, interleaved. */
typedef struct akgl_Sound
{
    int refcount;                            /**< References held (heap rules, chapter 5). */
    char name[AKGL_SOUND_MAX_NAME_LENGTH];   /**< The key in AKGL_REGISTRY_SOUND. */
    char path[AKGL_SOUND_MAX_PATH_LENGTH];   /**< The file it was loaded from (as resolved). */
    float *samples;                          /**< frames * 2 floats, owned (SDL_malloc). */
    int64_t frames;                          /**< Sample frames. */
    int rate;                                /**< Frames per second (the device's). */
    float volume;                            /**< The sound's own volume, 0..AKGL_SOUND_MAX_VOLUME. */
    bool loop;                               /**< Whether an effect of it loops (music always does). */
} akgl_Sound;

/**
 * @brief A voice handle: which voice, and which use of it.
 *
 * It stays valid to query after the voice ends: a voice reused for another
 * sound gets a new handle, and the old one reports AKGL_VOICE_ENDED. 0 never
 * names a voice (AKGL_VOICE_NONE).
 */
typedef uint32_t akgl_Voice;

/** The handle that names no voice. */
#define AKGL_VOICE_NONE ((akgl_Voice)0)

/** @brief What a voice handle's voice is doing. */
typedef enum akgl_VoiceState
{
    AKGL_VOICE_ENDED,   /**< Finished, stopped, stolen, or never played. */
    AKGL_VOICE_PLAYING, /**< Playing (fading included). */
    AKGL_VOICE_PAUSED   /**< Paused by akgl_sound_voice_pause; resumes where it stopped. */
} akgl_VoiceState;

/** @brief The volume controls: every voice is scaled by the master and its own bus. */
typedef enum akgl_SoundBus
{
    AKGL_SOUND_BUS_MASTER,  /**< Everything. */
    AKGL_SOUND_BUS_MUSIC,   /**< Voices started by akgl_sound_music_play. */
    AKGL_SOUND_BUS_EFFECTS, /**< Voices started by akgl_sound_play. */
    AKGL_SOUND_BUS_COUNT
} akgl_SoundBus;

/**
 * @name Loading and the pool
 * @{ */

/**
 * @brief Loads a WAV or Ogg Vorbis file and registers it as @p name.
 *
 * The format is told by the file's first bytes ("RIFF"…"WAVE" or "OggS"),
 * not its name. The samples are converted once, here, to the device's rate
 * as float stereo (mono is copied to both sides). A file of 1 or 2 channels
 * at AKGL_SOUND_MIN_RATE..AKGL_SOUND_MAX_RATE Hz, at most
 * AKGL_SOUND_MAX_SECONDS long, is accepted.
 * @param name The registry key, 1..AKGL_SOUND_MAX_NAME_LENGTH-1 bytes.
 * @param path The file.
 * @param volume The sound's own volume, 0..AKGL_SOUND_MAX_VOLUME.
 * @param loop Whether plays of it as an effect loop until stopped (as the
 *        music it always loops).
 * @param dest Receives the sound with one reference, the caller's (or the
 *        game's: release it with akgl_heap_release_sound at a level change).
 *        May be NULL when the registry is reference enough.
 * @return NULL; AKERR_NULLPOINTER; ENOENT (and other errno values) for a file
 *         that cannot be opened; EISDIR for a directory and AKERR_IO for a
 *         FIFO, socket or device (refused before anything reads it: the file
 *         is read whole by akgl, then decoded from memory); AKERR_OUTOFBOUNDS
 *         for a file over AKGL_SOUND_MAX_FILE_SIZE (its size and the cap
 *         named); ENOMEM when an allocation failed; AKERR_FORMAT for a file
 *         that is neither WAV nor Ogg Vorbis, or is truncated or corrupt (SDL's or vorbisfile's
 *         reason quoted); AKERR_VALUE for a NaN, negative or too large volume,
 *         a channel count or sample rate out of range, an empty sound;
 *         AKERR_OUTOFBOUNDS for a name or path too long or a sound too long;
 *         AKERR_REGISTRY for a name already registered; AKGL_ERR_HEAP when the
 *         pool is full. Every message names the file and the value. On error
 *         nothing is left claimed.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_load(const char *name, const char *path,
                                                   float volume, bool loop, akgl_Sound **dest);

/**
 * @brief Loads every sound a sound bank lists (see docs/18-sound.md):
 *
 *     {"sounds": [{"name": "jump", "file": "jump.wav", "volume": 0.8, "loop": false}, …]}
 *
 * `name` and `file` are required strings; `volume` (number, default 1) and
 * `loop` (boolean, default false) are optional. A relative `file` is looked
 * for in the working directory first, then beside the JSON file, as sprite
 * sheets are. The game holds each sound through the registry; release them
 * with akgl_game_unload(AKGL_UNLOAD_SOUNDS) or one by one.
 * @param filename The sound bank (JSON).
 * @return NULL, or the first error, its message beginning with the bank's
 *         path and naming the element ("sounds"[2]); every sound the bank
 *         loaded before the error is released again.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_load_json(const char *filename);

/**
 * @brief The sound registered as @p name (borrowed).
 *
 * A miss is an error at the lookup, not a NULL handed on to fail later: its
 * message names the sound, suggests the nearest registered name when the
 * miss looks like a typo, and lists the first few that are registered
 * (`no sound named "cion" is registered; did you mean "coin"? (3
 * registered: "coin", "jump", "theme")`).
 * @param name The registry key.
 * @param dest Gets the sound (borrowed); NULL after a miss.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY when no sound is registered as
 *         @p name (or the sound registry does not exist).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_get(const char *name, akgl_Sound **dest);

/**
 * @brief A free sound slot with refcount 1 (heap rules, chapter 5).
 * @param dest Gets the slot; the caller holds its one reference.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when the pool is full.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_sound(akgl_Sound **dest);

/**
 * @brief Gives one reference back; at 0 every voice playing the sound is
 *        stopped at once, its samples are freed, it leaves the registry and
 *        its slot is freed.
 * @param obj The sound; the caller's reference is gone afterwards.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when already released;
 *         AKERR_BEHAVIOR, with nothing written, for a pointer that is not a
 *         slot of the sound pool (a sound only ever lives in it).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_sound(akgl_Sound *obj);
/** @} */

/**
 * @name State sounds
 * A character maps exact state words to sounds, as it maps them to sprites;
 * an actor plays the mapped sound once each time it enters the state
 * (checked by akgl_actor_update: one compare per actor per frame). A looping
 * state sound stops when the actor leaves the state; a one-shot plays out.
 * In character JSON, the optional key "sound_mappings" lists
 * {"state": [names…], "sound": "registered sound name"} (docs/18-sound.md).
 * @{ */

/**
 * @brief Binds @p sound to the exact state word @p state of @p basechar,
 *        taking a reference (given back when the character is torn down).
 * Rebinding a state releases the sound it displaces; binding the sound a
 * state already has changes nothing.
 * @param basechar The character.
 * @param sound    The sound; the binding takes a reference on it.
 * @param state    The exact state word.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP for a released sound;
 *         AKERR_OUTOFBOUNDS when AKGL_CHARACTER_MAX_SOUNDS states are mapped.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_character_sound_add(struct akgl_Character *basechar,
                                                            akgl_Sound *sound, int state);

/**
 * @brief The sound mapped to exactly @p state, or NULL (a miss is success).
 * @param basechar The character.
 * @param state    The exact state word.
 * @param dest     Gets the sound (borrowed: the binding holds it), or NULL.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_character_sound_get(struct akgl_Character *basechar,
                                                            int state, akgl_Sound **dest);
/** @} */

/**
 * @name Playing
 * None of these allocates; none fails for lack of a device.
 * @{ */

/**
 * @brief Plays @p sound once (or looping, when the sound loops) as an effect.
 * @param sound  The sound (borrowed; the voice holds what it needs).
 * @param volume 0..AKGL_SOUND_MAX_VOLUME, multiplied by the sound's own
 *        volume, the effects bus and the master.
 * @param pan -1 (left) .. 0 (centre) .. 1 (right): a balance, so the centre
 *        plays both sides at full level and a side fades the other out
 *        linearly (left gain min(1, 1 - pan), right gain min(1, 1 + pan)).
 * @param dest Receives the voice handle; may be NULL.
 * @return NULL; AKERR_NULLPOINTER for a NULL sound; AKGL_ERR_HEAP for a
 *         released one; AKERR_VALUE for a volume or pan out of range or NaN.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_play(akgl_Sound *sound, float volume, float pan,
                                                   akgl_Voice *dest);

/**
 * @brief Looks @p name up and plays it as an effect: akgl_sound_get, then
 *        akgl_sound_play.
 * @param name   The sound's registry key.
 * @param volume As akgl_sound_play.
 * @param pan    As akgl_sound_play.
 * @param dest   Receives the voice handle; may be NULL.
 * @return NULL; AKERR_NULLPOINTER for a NULL name; AKERR_KEY as
 *         akgl_sound_get (nothing plays); the errors of akgl_sound_play.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_play_named(const char *name, float volume,
                                                         float pan, akgl_Voice *dest);

/**
 * @brief Plays @p sound as the music, looping, fading in over @p fade_ms.
 *
 * The music loops until it is stopped, whatever the sound's own `loop`.
 * Music that is playing already cross-fades: it fades out over the same
 * @p fade_ms, from whatever gain it has (0 included), and stops while the
 * new track fades in. 0 ms cuts.
 * @param sound   The sound.
 * @param volume  0..AKGL_SOUND_MAX_VOLUME, as akgl_sound_play.
 * @param fade_ms The fade, milliseconds.
 * @param dest    Receives the voice handle; may be NULL.
 * @return as akgl_sound_play; AKERR_VALUE for a negative fade.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_music_play(akgl_Sound *sound, float volume,
                                                         int fade_ms, akgl_Voice *dest);

/**
 * @brief Streams the Ogg Vorbis file @p path as the music, looping, fading
 *        in over @p fade_ms: akgl_sound_music_play's rules, without
 *        decoding the file whole (docs/18-sound.md, "Streamed music").
 *
 * The file is opened here (the asset root of akgl/file.h applies) and read
 * from disk as it plays: the audio thread decodes
 * AKGL_SOUND_STREAM_CHUNK_FRAMES frames at a time into a fixed buffer, so a
 * track of any length plays in well under 1 MB, where a loaded one holds
 * every frame at the device rate (23 MB a minute). At the end of the file it
 * goes on from frame 0 with no gap. The voice is music (the music bus; a
 * cross-fade with loaded or streamed music; never stolen) and its handle
 * works with every akgl_sound_voice_* call. At most AKGL_SOUND_MUSIC_STREAMS
 * streamed tracks are open at once, which the cross-fade rule keeps to two.
 *
 * Opening allocates (the decoder and a rate converter; this call is not for
 * the frame path); playing does not. With no audio device the file is
 * opened and checked, then closed, and AKGL_VOICE_NONE is returned.
 *
 * A file that turns bad while it plays (a corrupt or missing page, a cut,
 * a read error, a sample that is not a finite number) stops the music: the
 * error is logged once, the voice reports ended, and the error waits for
 * akgl_sound_music_check.
 * @param path    The Ogg Vorbis file: 1 or 2 channels, AKGL_SOUND_MIN_RATE..
 *                AKGL_SOUND_MAX_RATE Hz, one logical stream, any length.
 * @param volume  0..AKGL_SOUND_MAX_VOLUME, as akgl_sound_play.
 * @param fade_ms The fade, milliseconds.
 * @param dest    Receives the voice handle; may be NULL.
 * @return NULL; AKERR_NULLPOINTER for a NULL path; AKERR_VALUE for a volume
 *         out of range or NaN, a negative fade, a channel count or rate out
 *         of range, a file with no samples; ENOENT (and other errno values)
 *         for a file that cannot be opened, EISDIR for a directory, AKERR_IO
 *         for a FIFO, socket or device, EACCES outside the asset root;
 *         AKERR_FORMAT for a file that is not Ogg Vorbis (a WAV included:
 *         load it with akgl_sound_load), chained streams, or a file bad in
 *         its headers or first chunks; ENOMEM when an allocation failed;
 *         AKERR_OUTOFBOUNDS for a path too long or every stream slot in use.
 *         Every message names the file. On error nothing is left open.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_music_play_file(const char *path, float volume,
                                                              int fade_ms, akgl_Voice *dest);

/**
 * @brief Whether a streamed track has failed while it played, since the
 *        last call: its error, once.
 *
 * A streamed track that turns bad (see akgl_sound_music_play_file) stops on
 * the audio thread, which logs it; this hands the error to a game thread.
 * Call it once a frame, or when the music's voice reports ended. It also
 * closes the files of streamed tracks that have ended.
 * @return NULL when no streamed track has failed since the last call;
 *         otherwise the last failure's status, AKERR_FORMAT (corrupt data,
 *         a truncated file), AKERR_VALUE (a sample not a finite number),
 *         AKERR_IO or AKERR_API, its message naming the file, the frame and
 *         the cause.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_music_check(void);

/**
 * @brief Fades the music out over @p fade_ms and stops it (0: at once). No music: nothing.
 * @param fade_ms The fade, milliseconds.
 * @return NULL; AKERR_VALUE for a negative fade.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_music_stop(int fade_ms);

/**
 * @brief What @p voice is doing.
 * @param voice The handle.
 * @param dest  Gets the state.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for a handle that is not 0
 *         and names no voice.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_voice_state(akgl_Voice voice, akgl_VoiceState *dest);

/**
 * @name Per voice
 * An ended handle is success and changes nothing.
 * @{ */
/**
 * @brief Pauses the voice where it is.
 * @param voice The handle.
 * @return NULL; AKERR_VALUE for a handle that names no voice.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_voice_pause(akgl_Voice voice);
/**
 * @brief Resumes a paused voice where it stopped.
 * @param voice The handle.
 * @return NULL; AKERR_VALUE for a handle that names no voice.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_voice_resume(akgl_Voice voice);
/**
 * @brief Stops the voice, fading out over @p fade_ms first (0: at once).
 * @param voice   The handle.
 * @param fade_ms The fade, milliseconds.
 * @return NULL; AKERR_VALUE for a negative fade or a handle that names no voice.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_voice_stop(akgl_Voice voice, int fade_ms);
/** @} */

/**
 * @name All voices
 * Pausing all pauses the device: every voice holds its place, music too, and
 * resumes where it stopped. Stopping all ends every voice at once.
 * @{ */
/**
 * @brief Pauses the device: every voice holds its place.
 * @return NULL; AKERR_API when SDL cannot pause the device.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_pause_all(void);
/**
 * @brief Resumes the device where it stopped.
 * @return NULL; AKERR_API when SDL cannot resume the device.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_resume_all(void);
/**
 * @brief Ends every voice at once.
 * @return NULL.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_stop_all(void);
/** @} */

/**
 * @brief Sets a bus's volume, 0..AKGL_SOUND_MAX_VOLUME (1 when the game starts).
 * Takes effect from the next block the device mixes.
 * @param bus    The bus.
 * @param volume The volume.
 * @return NULL; AKERR_VALUE for an unknown bus or a volume out of range or NaN.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_set_volume(akgl_SoundBus bus, float volume);
/**
 * @brief A bus's volume.
 * @param bus  The bus.
 * @param dest Gets the volume.
 * @return NULL; AKERR_VALUE for an unknown bus; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_get_volume(akgl_SoundBus bus, float *dest);

/**
 * @brief Whether sound reaches a device, and the voices' numbers.
 * @param dest Receives whether a device plays the sound.
 * @param device_rate Receives the rate sounds are converted to (may be NULL).
 * @param voices Receives the number of voices (may be NULL).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_status(bool *dest, int *device_rate, int *voices);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKGL_SOUND_H */
