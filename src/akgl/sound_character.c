/*
 * State sounds: a character maps exact state words to sounds, and an actor
 * plays the mapped sound once each time it enters that state (the actor's
 * side is sound_actor.c, in the world layer). Layer: assets.
 *
 * The map is a small fixed array in the character (AKGL_CHARACTER_MAX_SOUNDS
 * entries), scanned only when an actor's state changes; a frame in which no
 * state changes costs one compare per actor (in akgl_actor_update).
 */
#include <akgl/sound.h>

#include "object.h"
#include "sound_load.h"

#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>

#include <stdio.h>
#include <string.h>

akerr_ErrorContext *akgl_character_sound_add(akgl_Character *basechar, akgl_Sound *sound,
                                             int state)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, basechar, AKERR_NULLPOINTER, "sound_add: NULL character");
    FAIL_ZERO_RETURN(errctx, sound, AKERR_NULLPOINTER,
                     "sound_add: NULL sound for character \"%s\" state %d", basechar->name, state);
    FAIL_NONZERO_RETURN(errctx, sound->refcount <= 0, AKGL_ERR_HEAP,
                        "sound_add: character \"%s\" state %d: the sound is released",
                        basechar->name, state);
    for (int i = 0; i < basechar->nsounds; i++) {
        akgl_CharacterSound *entry = &basechar->sounds[i];
        if (entry->state == state) {
            if (entry->sound == sound) {
                SUCCEED_RETURN(errctx); /* bound already: no second reference */
            }
            akgl_Sound *displaced = entry->sound;
            sound->refcount++;
            entry->sound = sound;
            PASS(errctx, akgl_heap_release_sound(displaced));
            SUCCEED_RETURN(errctx);
        }
    }
    if (basechar->nsounds >= AKGL_CHARACTER_MAX_SOUNDS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "sound_add: character \"%s\" maps %d state sounds already; the limit is %d "
                    "(AKGL_CHARACTER_MAX_SOUNDS)", basechar->name, basechar->nsounds,
                    AKGL_CHARACTER_MAX_SOUNDS);
    }
    sound->refcount++;
    basechar->sounds[basechar->nsounds].state = state;
    basechar->sounds[basechar->nsounds].sound = sound;
    basechar->nsounds++;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_character_sound_get(akgl_Character *basechar, int state,
                                             akgl_Sound **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "sound_get: NULL destination");
    *dest = NULL;
    FAIL_ZERO_RETURN(errctx, basechar, AKERR_NULLPOINTER, "sound_get: NULL character");
    for (int i = 0; i < basechar->nsounds; i++) {
        if (basechar->sounds[i].state == state) {
            *dest = basechar->sounds[i].sound;
            break;
        }
    }
    SUCCEED_RETURN(errctx);
}

void akgl_character_release_sounds(akgl_Character *obj, akerr_ErrorContext **first)
{
    for (int i = 0; i < obj->nsounds; i++) {
        if (obj->sounds[i].sound != NULL) {
            akgl_object_keep_first(first, akgl_heap_release_sound(obj->sounds[i].sound));
        }
        obj->sounds[i].sound = NULL;
    }
    obj->nsounds = 0;
}

/* ------------------------------------------------------------------------ */
/* The character file's "sound_mappings"                                    */
/* ------------------------------------------------------------------------ */

/* ORs the named state bits; an unknown name is refused, as in sprite mappings. */
static akerr_ErrorContext *read_state(json_t *names, int *dest)
{
    akgl_String *name = NULL;
    unsigned int state = 0;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, AKGL_REGISTRY_ACTOR_STATE_STRINGS, AKERR_KEY,
                     "the actor state registry does not exist (akgl_registry_init first)");
    ATTEMPT {
        for (size_t i = 0; i < json_array_size(names); i++) {
            CATCH(errctx, akgl_get_json_array_index_string(names, i, &name));
            if (!SDL_HasProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS, name->data)) {
                FAIL_BREAK(errctx, AKERR_KEY, "Unknown actor state \"%s\" (state names carry "
                           "the AKGL_ACTOR_STATE_ prefix)", name->data);
            }
            state |= (unsigned int)SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                                         name->data, 0);
        }
    } CLEANUP {
        if (name != NULL) {
            IGNORE(akgl_heap_release_string(name));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    *dest = (int)state;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *bind_sound(akgl_Character *obj, json_t *mapping)
{
    json_t *names = NULL;
    akgl_String *soundname = NULL;
    void *sound = NULL;
    int state = 0;
    PREPARE_ERROR(errctx);

    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, json_is_object(mapping), AKERR_TYPE,
                        "a sound mapping must be an object with \"state\" and \"sound\"");
        CATCH(errctx, akgl_get_json_array_value(mapping, "state", &names));
        CATCH(errctx, akgl_get_json_string_value(mapping, "sound", &soundname));
        CATCH(errctx, read_state(names, &state));
        CATCH(errctx, akgl_registry_get(AKGL_REGISTRY_SOUND, "sound", soundname->data, &sound));
        FAIL_ZERO_BREAK(errctx, sound, AKERR_KEY,
                        "character \"%s\" state %d: sound \"%s\" is not loaded (load sound "
                        "banks before characters)", obj->name, state, soundname->data);
        CATCH(errctx, akgl_character_sound_add(obj, sound, state));
    } CLEANUP {
        if (soundname != NULL) {
            IGNORE(akgl_heap_release_string(soundname));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_character_load_sound_mappings(akgl_Character *obj, json_t *root)
{
    json_t *mappings = NULL;
    char element[48];
    PREPARE_ERROR(errctx);
    if (json_object_get(root, "sound_mappings") == NULL) {
        SUCCEED_RETURN(errctx); /* optional */
    }
    PASS(errctx, akgl_get_json_array_value(root, "sound_mappings", &mappings));
    for (size_t i = 0; i < json_array_size(mappings); i++) {
        errctx = bind_sound(obj, json_array_get(mappings, i));
        if (errctx != NULL) {
            snprintf(element, sizeof(element), "\"sound_mappings\"[%zu]", i);
            return akerr_trace_append(akgl_json_error_in_file(errctx, element), __FILE__,
                                      __func__, __LINE__);
        }
    }
    SUCCEED_RETURN(errctx);
}
