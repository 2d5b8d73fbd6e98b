/*
 * Internal: what the sound loaders give the layers above them. Not
 * installed. Layer: assets.
 *
 *   sound_load.c       the sound pool, decoding, banks
 *   sound_character.c  a character's state sounds: its "sound_mappings",
 *                      the references its map holds
 *
 * Characters (character.c, assets) and the game's unload (game.c) include
 * this header; what actors do with their characters' sounds is in
 * sound_actor.h, above; the device is in sound_private.h, below.
 */
#ifndef AKGL_SRC_SOUND_LOAD_H
#define AKGL_SRC_SOUND_LOAD_H

#include <akerror.h>
#include <akgl/character.h>
#include <akgl/sound.h>

#include "sound_private.h"

#include <jansson.h>

/* A sound file's channel count and rate, refused with the value and the limit. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_check_spec(const char *path, int channels, int rate);

/* vorbisfile's error code in words ("data missing or corrupt (OV_HOLE)"). */
const char *akgl_sound_vorbis_error(int code);

/*
 * Streamed music (sound_stream.c). Opens @p path as a streamed track in one
 * of the AKGL_SOUND_MUSIC_STREAMS slots, ready to read (its first chunks
 * decoded and rewound): *dest is its source, which akgl_sound_music_play_file
 * hands to the device, and which a caller that keeps it closes itself with
 * (*dest)->close. Errors as akgl_sound_music_play_file's.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_stream_open(const char *path,
                                                          akgl_SoundSource **dest);

/* Streamed tracks open now (slots in use): 0 when none plays or waits to close. */
int akgl_sound_streams_open(void);

/*
 * Hot reload (akgl/reload.h): decodes the sound's file (its path) again, at
 * the device's rate, checked as akgl_sound_load checks it; only then are the
 * voices playing it stopped and its samples replaced (the akgl_Sound
 * pointer, its name, volume and loop flag stay). On failure the sound is as
 * it was. Errors as akgl_sound_load's.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_reload(akgl_Sound *sound);

/*
 * Hot reload of the sound bank @p filename (akgl_sound_load_json): every
 * entry is read and checked, and a file an entry now names is decoded, before
 * anything changes; the entries new in the bank are loaded as sounds (all
 * given back again if one fails). Then each entry whose sound is registered
 * takes its volume, loop flag and file (the voices playing it stopped when the
 * file changed). A sound no longer listed stays loaded as it is. *count gets
 * the bank's entries, 0 when none of their sounds is registered (nothing is
 * done). On failure nothing has changed: the loader's errors, naming the bank
 * and the element ("sounds"[2]); AKERR_REGISTRY for a name listed twice.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sound_reload_bank(const char *filename, int *count);

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

#endif /* AKGL_SRC_SOUND_LOAD_H */
