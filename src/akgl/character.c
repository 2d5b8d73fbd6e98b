/*
 * Characters: the state-word -> sprite map, and the JSON loader.
 *
 * The map is an SDL_PropertiesID keyed by the decimal spelling of the whole
 * state word. Each binding holds one sprite reference; the character's
 * teardown (akgl_heap_release_character, below) gives them back.
 */
#include <akgl/character.h>

#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>

#include "heap_pool.h"
#include "json_private.h"
#include "object.h"
#include "character_settings.h"
#include "registry_private.h"
#include "sprite_private.h"
#include "sound_load.h"
#include "character_private.h"
#include "watch_private.h"

#include <stdio.h>
#include <string.h>

AKGL_HEAP_POOL(akgl_heap_pool_character, akgl_Character, akgl_heap_characters);

/* The map key for a state word: its decimal spelling ("146"). */
#define STATE_KEY_LENGTH 16
static void state_key(int state, char key[STATE_KEY_LENGTH])
{
    SDL_itoa(state, key, 10);
}

akerr_ErrorContext *akgl_character_initialize(akgl_Character *obj, const char *name)
{
    int refcount = 0;
    bool pooled = false;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_character_initialize: NULL character");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_character_initialize: NULL name");
    PASS(errctx, akgl_object_check_name(name, sizeof(obj->name), "character"));
    /* Refused, not replaced: a replaced character would become unreachable. */
    PASS(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_CHARACTER, "character", name, obj));
    PASS(errctx, akgl_object_initial_refcount(AKGL_HEAP_CHARACTER, obj, obj->refcount,
                                              "character", &refcount, &pooled));
    FAIL_NONZERO_RETURN(errctx, pooled && obj->state_sprites != 0, AKERR_BEHAVIOR,
                        "akgl_character_initialize: character \"%s\" is initialised already "
                        "(release it first)", obj->name);

    SDL_PropertiesID map = SDL_CreateProperties();
    FAIL_ZERO_RETURN(errctx, map, AKERR_API,
                     "akgl_character_initialize: cannot create the state map of \"%s\": %s", name,
                     SDL_GetError());
    memset(obj, 0, sizeof(*obj));
    obj->refcount = refcount;
    memcpy(obj->name, name, strlen(name) + 1);
    obj->state_sprites = map;
    obj->sprite_add = akgl_character_sprite_add;
    obj->sprite_get = akgl_character_sprite_get;
    ATTEMPT {
        CATCH(errctx, akgl_registry_add(AKGL_REGISTRY_CHARACTER, "character", obj->name, obj));
    } CLEANUP {
    } PROCESS(errctx) {
        SDL_DestroyProperties(map);
        obj->state_sprites = 0;
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_character_sprite_add(akgl_Character *basechar, akgl_Sprite *ref,
                                              int state)
{
    char key[STATE_KEY_LENGTH];
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, basechar, AKERR_NULLPOINTER, "sprite_add: NULL character");
    FAIL_ZERO_RETURN(errctx, ref, AKERR_NULLPOINTER, "sprite_add: NULL sprite for character "
                     "\"%s\" state %d", basechar->name, state);
    FAIL_ZERO_RETURN(errctx, basechar->state_sprites, AKERR_NULLPOINTER,
                     "sprite_add: character \"%s\" has no state map (not initialised)",
                     basechar->name);
    /* Taking a reference on a free slot would corrupt the pool. */
    FAIL_NONZERO_RETURN(errctx, ref->refcount <= 0, AKGL_ERR_HEAP,
                        "sprite_add: character \"%s\" state %d: the sprite is released "
                        "(refcount %d)", basechar->name, state, ref->refcount);
    state_key(state, key);
    akgl_Sprite *displaced = SDL_GetPointerProperty(basechar->state_sprites, key, NULL);
    if (displaced == ref) {
        SUCCEED_RETURN(errctx); /* already bound: no second reference */
    }
    /* Take the reference before the write, so a bound sprite is always held. */
    ref->refcount++;
    if (!SDL_SetPointerProperty(basechar->state_sprites, key, ref)) {
        ref->refcount--;
        FAIL_RETURN(errctx, AKERR_API, "sprite_add: character \"%s\" state %d: %s",
                    basechar->name, state, SDL_GetError());
    }
    basechar->generation++; /* actors that cached the old binding look again */
    if (displaced != NULL) {
        PASS(errctx, akgl_heap_release_sprite(displaced));
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_character_sprite_get(akgl_Character *basechar, int state,
                                              akgl_Sprite **dest)
{
    char key[STATE_KEY_LENGTH];
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "sprite_get: NULL destination");
    *dest = NULL;
    FAIL_ZERO_RETURN(errctx, basechar, AKERR_NULLPOINTER, "sprite_get: NULL character");
    state_key(state, key);
    if (basechar->state_sprites != 0) {
        *dest = SDL_GetPointerProperty(basechar->state_sprites, key, NULL);
    }
    FAIL_ZERO_RETURN(errctx, *dest, AKERR_KEY,
                     "character \"%s\" has no sprite for state %d", basechar->name, state);
    SUCCEED_RETURN(errctx);
}

/*
 * The fallback chain (docs/11-characters.md): what each step keeps of the
 * state word. Movement goes first (a walking pose falls back to standing),
 * then facing (a pose drawn once for every direction), then any other bit but
 * life and facing (a custom pose such as a jump), then facing again, leaving
 * the life bits: bare ALIVE for a living actor.
 */
#define LIFE_BITS (AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_DYING | AKGL_ACTOR_STATE_DEAD)
static const unsigned int fallback_keep[AKGL_CHARACTER_FALLBACK_STEPS] = {
    ~0u,
    ~(unsigned int)AKGL_ACTOR_STATE_MOVING_ALL,
    ~(unsigned int)(AKGL_ACTOR_STATE_MOVING_ALL | AKGL_ACTOR_STATE_FACE_ALL),
    LIFE_BITS | AKGL_ACTOR_STATE_FACE_ALL,
    LIFE_BITS,
};

/* One candidate: the map itself for the default hook (a miss costs no
 * formatted error), else the character's own sprite_get. */
static akerr_ErrorContext *lookup_exact(akgl_Character *basechar, int state, akgl_Sprite **dest)
{
    char key[STATE_KEY_LENGTH];
    PREPARE_ERROR(errctx);
    *dest = NULL;
    if (basechar->sprite_get == NULL || basechar->sprite_get == akgl_character_sprite_get) {
        if (basechar->state_sprites != 0) {
            state_key(state, key);
            *dest = SDL_GetPointerProperty(basechar->state_sprites, key, NULL);
        }
        SUCCEED_RETURN(errctx);
    }
    akerr_ErrorContext *got = basechar->sprite_get(basechar, state, dest);
    if (got != NULL && got->status == AKERR_KEY) {
        RELEASE_ERROR(got);
        *dest = NULL;
    }
    PASS(errctx, got);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_character_sprite_resolve(akgl_Character *basechar, int state,
                                                  akgl_Sprite **dest, int *matched)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "sprite_resolve: NULL destination");
    *dest = NULL;
    if (matched != NULL) {
        *matched = -1;
    }
    FAIL_ZERO_RETURN(errctx, basechar, AKERR_NULLPOINTER, "sprite_resolve: NULL character");
    int asked[AKGL_CHARACTER_FALLBACK_STEPS];
    for (int step = 0; step < AKGL_CHARACTER_FALLBACK_STEPS; step++) {
        int candidate = (int)((unsigned int)state & fallback_keep[step]);
        bool repeat = false;
        for (int i = 0; i < step && !repeat; i++) {
            repeat = asked[i] == candidate;
        }
        asked[step] = candidate;
        if (repeat) {
            continue; /* the step dropped nothing new: asked already */
        }
        PASS(errctx, lookup_exact(basechar, candidate, dest));
        if (*dest != NULL) {
            if (matched != NULL) {
                *matched = candidate;
            }
            break;
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The JSON loader                                                          */
/* ------------------------------------------------------------------------ */

/* ORs the named bits of a "state" array; an unknown name is refused, quoted. */
static akerr_ErrorContext *read_state(json_t *names, int *dest)
{
    akgl_String *name = NULL;
    unsigned int state = 0;
    PREPARE_ERROR(errctx);

    /* Without the registry every name would look unknown: say what is missing. */
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
    /* Bit 31 is a valid state bit; the word is an int by the seed's contract. */
    *dest = (int)state;
    SUCCEED_RETURN(errctx);
}

/*
 * A mapping's "tag" (instead of "sprite"): the sprite "<aseprite>/<tag>" that
 * akgl_sprite_load_aseprite registered for the character's "aseprite" stem.
 */
static akerr_ErrorContext *tag_sprite_name(json_t *mapping, const char *aseprite,
                                           akgl_String **dest)
{
    PREPARE_ERROR(errctx);
    json_t *tag = json_object_get(mapping, "tag");
    FAIL_NONZERO_RETURN(errctx, json_object_get(mapping, "sprite") != NULL, AKERR_VALUE,
                        "a mapping names either \"sprite\" or \"tag\", not both");
    FAIL_ZERO_RETURN(errctx, json_is_string(tag), AKERR_TYPE,
                     "\"tag\" must be a string, not %s", akgl_json_type_name(tag));
    FAIL_ZERO_RETURN(errctx, aseprite, AKERR_KEY,
                     "\"tag\" is \"%.64s\" but the character has no \"aseprite\" key naming "
                     "the Aseprite file's sprites", json_string_value(tag));
    PASS(errctx, akgl_heap_next_string(dest));
    int len = snprintf((*dest)->data, sizeof((*dest)->data), "%s/%s", aseprite,
                       json_string_value(tag));
    if (len < 0 || (size_t)len >= AKGL_SPRITE_MAX_NAME_LENGTH) {
        IGNORE(akgl_heap_release_string(*dest));
        *dest = NULL;
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "sprite name \"%.40s/%.40s\"... is %d bytes; the limit is %d", aseprite,
                    json_string_value(tag), len, AKGL_SPRITE_MAX_NAME_LENGTH - 1);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *bind_mapping(akgl_Character *obj, json_t *mapping,
                                        const char *aseprite)
{
    json_t *names = NULL;
    akgl_String *spritename = NULL;
    void *sprite = NULL;
    int state = 0;
    PREPARE_ERROR(errctx);

    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, json_is_object(mapping), AKERR_TYPE,
                        "a mapping must be an object with \"state\" and \"sprite\"");
        CATCH(errctx, akgl_get_json_array_value(mapping, "state", &names));
        if (json_object_get(mapping, "tag") != NULL) {
            CATCH(errctx, tag_sprite_name(mapping, aseprite, &spritename));
        } else {
            CATCH(errctx, akgl_get_json_string_value(mapping, "sprite", &spritename));
        }
        CATCH(errctx, read_state(names, &state));
        CATCH(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", spritename->data,
                                        &sprite));
        /* The seed's status for this: a lookup miss reported as a NULL pointer. */
        if (sprite == NULL) {
            char nearby[AKERR_MAX_ERROR_MESSAGE_LENGTH / 2];
            akgl_registry_describe_miss(AKGL_REGISTRY_SPRITE, "sprite", spritename->data, nearby,
                                        sizeof(nearby));
            FAIL_BREAK(errctx, AKERR_NULLPOINTER,
                       "character \"%s\" state %d: sprite \"%s\" is not loaded (load sprites "
                       "before characters)%s", obj->name, state, spritename->data, nearby);
        }
        CATCH(errctx, obj->sprite_add(obj, sprite, state));
    } CLEANUP {
        if (spritename != NULL) {
            IGNORE(akgl_heap_release_string(spritename));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* The element of `array` at `index`, named ("sprites"[2]) in front of its errors. */
static akerr_ErrorContext *in_element(akerr_ErrorContext *errctx, const char *array, size_t index)
{
    char element[48];
    if (errctx != NULL) {
        snprintf(element, sizeof(element), "\"%s\"[%zu]", array, index);
        errctx = akgl_json_error_in_file(errctx, element);
    }
    return errctx;
}

/* Numbers and the name, read before anything is claimed. */
typedef struct CharacterDef
{
    akgl_String *name;
    int speedtime;
    float sx, sy, ax, ay;
    json_t *sprites; /* NULL: the two-file form */
    json_t *mappings;
    const char *aseprite; /* NULL: no "aseprite" key (borrowed from the document) */
    akgl_ActorSettings settings; /* the optional per-actor keys */
} CharacterDef;

static akerr_ErrorContext *read_character_def(json_t *root, CharacterDef *def)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_object(root), AKERR_TYPE,
                     "the top level must be a JSON object");
    PASS(errctx, akgl_get_json_string_value(root, "name", &def->name));
    PASS(errctx, akgl_object_check_name(def->name->data, AKGL_CHARACTER_MAX_NAME_LENGTH,
                                        "character"));
    PASS(errctx, akgl_get_json_integer_value(root, "speedtime", &def->speedtime));
    FAIL_NONZERO_RETURN(errctx, def->speedtime < 0, AKERR_OUTOFBOUNDS,
                        "\"speedtime\" is %d ms; it must be 0 or more", def->speedtime);
    PASS(errctx, akgl_get_json_float_value(root, "speed_x", &def->sx));
    PASS(errctx, akgl_get_json_float_value(root, "speed_y", &def->sy));
    PASS(errctx, akgl_get_json_float_value(root, "acceleration_x", &def->ax));
    PASS(errctx, akgl_get_json_float_value(root, "acceleration_y", &def->ay));
    PASS(errctx, akgl_actor_settings_from_json(root, &def->settings));
    /* Optional (our extension): a file without it is the seed's format. */
    if (json_object_get(root, "sprites") != NULL) {
        PASS(errctx, akgl_get_json_array_value(root, "sprites", &def->sprites));
        size_t count = json_array_size(def->sprites);
        if (count > AKGL_CHARACTER_MAX_INLINE_SPRITES) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "\"sprites\" lists %zu sprites; the maximum is %d "
                        "(AKGL_CHARACTER_MAX_INLINE_SPRITES)",
                        count, AKGL_CHARACTER_MAX_INLINE_SPRITES);
        }
    }
    /* Optional: the stem of an Aseprite file whose tags the mappings name. */
    json_t *aseprite = json_object_get(root, "aseprite");
    if (aseprite != NULL) {
        FAIL_ZERO_RETURN(errctx, json_is_string(aseprite), AKERR_TYPE,
                         "\"aseprite\" must be a string (the Aseprite file's stem), not %s",
                         akgl_json_type_name(aseprite));
        def->aseprite = json_string_value(aseprite);
    }
    PASS(errctx, akgl_get_json_array_value(root, "sprite_mappings", &def->mappings));
    if (json_array_size(def->mappings) > AKGL_CHARACTER_MAX_MAPPINGS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "\"sprite_mappings\" has %zu entries; the limit is %d "
                    "(AKGL_CHARACTER_MAX_MAPPINGS)", json_array_size(def->mappings),
                    AKGL_CHARACTER_MAX_MAPPINGS);
    }
    SUCCEED_RETURN(errctx);
}

/*
 * Two inline sprites of one name would otherwise be told apart only by
 * "already registered", which reads as a clash with some other file.
 */
static akerr_ErrorContext *refuse_repeated_name(const akgl_Character *obj, json_t *def)
{
    PREPARE_ERROR(errctx);
    const char *name = json_string_value(json_object_get(def, "name"));
    if (name == NULL) {
        SUCCEED_RETURN(errctx); /* no name, or not a string: the sprite loader says which */
    }
    for (int i = 0; i < obj->owned_sprite_count; i++) {
        if (strcmp(obj->owned_sprites[i]->name, name) == 0) {
            FAIL_RETURN(errctx, AKERR_REGISTRY,
                        "sprite name \"%s\" is used twice in this file (\"sprites\"[%d] has "
                        "it already)", name, i);
        }
    }
    SUCCEED_RETURN(errctx);
}

/* Loads each inline sprite; the character takes its load reference. */
static akerr_ErrorContext *load_inline_sprites(akgl_Character *obj, json_t *sprites,
                                               const char *filename)
{
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < json_array_size(sprites); i++) {
        akgl_Sprite *spr = NULL;
        json_t *def = json_array_get(sprites, i);
        FAIL_NONZERO_RETURN(errctx, obj->owned_sprite_count >= AKGL_CHARACTER_MAX_INLINE_SPRITES,
                            AKERR_OUTOFBOUNDS, "character \"%s\" owns %d sprites already; "
                            "the maximum is %d", obj->name, obj->owned_sprite_count,
                            AKGL_CHARACTER_MAX_INLINE_SPRITES);
        PASS(errctx, in_element(refuse_repeated_name(obj, def), "sprites", i));
        PASS(errctx, in_element(akgl_sprite_load_object(def, filename, &spr), "sprites", i));
        obj->owned_sprites[obj->owned_sprite_count++] = spr;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *bind_mappings(akgl_Character *obj, json_t *mappings,
                                         const char *aseprite)
{
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < json_array_size(mappings); i++) {
        PASS(errctx, in_element(bind_mapping(obj, json_array_get(mappings, i), aseprite),
                                "sprite_mappings", i));
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_character_load_json(const char *filename)
{
    json_t *root = NULL;
    CharacterDef def;
    akgl_Character *obj = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER,
                     "akgl_character_load_json: NULL filename");
    memset(&def, 0, sizeof(def));
    ATTEMPT {
        /* Refuses a path too long for an inline sheet's resolution. */
        CATCH(errctx, akgl_json_load_file(filename, &root));
        CATCH(errctx, akgl_json_error_in_file(read_character_def(root, &def), filename));
        CATCH(errctx, akgl_json_error_in_file(akgl_heap_next_character(&obj), filename));
        CATCH(errctx, akgl_json_error_in_file(akgl_character_initialize(obj, def.name->data),
                                              filename));
        obj->speedtime = (uint64_t)def.speedtime * AKGL_TIME_ONEMS_NS;
        obj->sx = def.sx;
        obj->sy = def.sy;
        obj->ax = def.ax;
        obj->ay = def.ay;
        obj->actor_settings = def.settings;
        /* Before the mappings, so that they may name these sprites. */
        CATCH(errctx, akgl_json_error_in_file(load_inline_sprites(obj, def.sprites, filename),
                                              filename));
        CATCH(errctx, akgl_json_error_in_file(bind_mappings(obj, def.mappings, def.aseprite),
                                              filename));
        CATCH(errctx, akgl_json_error_in_file(akgl_character_load_sound_mappings(obj, root),
                                              filename));
        akgl_watch_note(AKGL_WATCH_CHARACTER, filename, obj->name);
        obj = NULL; /* the game holds it now, through the registry */
    } CLEANUP {
        /* Releasing the half-built character gives back every binding made
         * and every inline sprite loaded, and with them their sheets. */
        if (obj != NULL) {
            IGNORE(akgl_heap_release_character(obj));
        }
        if (def.name != NULL) {
            IGNORE(akgl_heap_release_string(def.name));
        }
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

void akgl_character_state_sprites_iterate(void *userdata, SDL_PropertiesID props, const char *name)
{
    akgl_Iterator *it = userdata;
    if (it == NULL || name == NULL) {
        return;
    }
    if ((it->flags & AKGL_ITERATOR_OP_RELEASE) != 0) {
        akgl_Sprite *sprite = SDL_GetPointerProperty(props, name, NULL);
        if (sprite != NULL) {
            /* Kept for the caller, not fatal: an SDL enumeration callback
             * cannot return it, and the walk must go on to give back the
             * other bindings (fix 10). */
            akgl_object_keep_first(&it->error, akgl_heap_release_sprite(sprite));
        }
    }
}

akerr_ErrorContext *akgl_heap_release_character(akgl_Character *obj)
{
    akgl_Iterator walk = {AKGL_ITERATOR_OP_RELEASE, NULL};
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, akgl_object_check_release(AKGL_HEAP_CHARACTER, AKGL_REGISTRY_CHARACTER,
                                           "character", obj, obj ? obj->name : NULL,
                                           sizeof(obj->name)));
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_CHARACTER, obj, obj ? obj->name : "", true,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    if (obj->state_sprites != 0) {
        if (!SDL_EnumerateProperties(obj->state_sprites, akgl_character_state_sprites_iterate,
                                     &walk)) {
            akgl_object_keep_first(&walk.error,
                                   akerr_fail_at(NULL, AKERR_API, __FILE__, __func__, __LINE__,
                                                 "character '%s': cannot walk its state map: %s",
                                                 obj->name, SDL_GetError()));
        }
        SDL_DestroyProperties(obj->state_sprites);
    }
    akgl_character_release_sounds(obj, &walk.error);
    /* Inline sprites after the bindings: each binding held a reference of
     * its own, so the load reference is the last one the character gives. */
    for (int i = 0; i < obj->owned_sprite_count && i < AKGL_CHARACTER_MAX_INLINE_SPRITES; i++) {
        if (obj->owned_sprites[i] != NULL) {
            akgl_object_keep_first(&walk.error, akgl_heap_release_sprite(obj->owned_sprites[i]));
        }
    }
    akgl_object_keep_first(&walk.error, akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character",
                                                             obj->name, obj));
    akgl_heap_release_end(AKGL_HEAP_CHARACTER, obj);
    return akerr_trace_append(walk.error, __FILE__, __func__, __LINE__);
}

/* ------------------------------------------------------------------------ */
/* Hot reload                                                               */
/* ------------------------------------------------------------------------ */

/* Gives back the bindings of a scratch map and destroys it. */
static void drop_map(SDL_PropertiesID map, akerr_ErrorContext **first)
{
    akgl_Iterator walk = {AKGL_ITERATOR_OP_RELEASE, NULL};
    if (map == 0) {
        return;
    }
    if (!SDL_EnumerateProperties(map, akgl_character_state_sprites_iterate, &walk)) {
        akgl_object_keep_first(&walk.error,
                               akerr_fail_at(NULL, AKERR_API, __FILE__, __func__, __LINE__,
                                             "cannot walk a state map: %s", SDL_GetError()));
    }
    SDL_DestroyProperties(map);
    akgl_object_keep_first(first, walk.error);
}

/* Stages every inline sprite; each must be one the character owns (same set of names). */
static akerr_ErrorContext *stage_inline(const akgl_Character *obj, json_t *sprites,
                                        const char *filename, akgl_SpriteStage *stages,
                                        akgl_Sprite **targets, int *staged)
{
    bool used[AKGL_CHARACTER_MAX_INLINE_SPRITES] = {false};
    PREPARE_ERROR(errctx);
    size_t count = json_array_size(sprites);
    if ((int)count != obj->owned_sprite_count) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "\"sprites\" lists %zu sprites; character \"%s\" was loaded with %d (a "
                    "reload keeps the inline sprites' names: restart to add or remove one)",
                    count, obj->name, obj->owned_sprite_count);
    }
    for (size_t i = 0; i < count; i++) {
        PASS(errctx, in_element(akgl_sprite_stage_object(json_array_get(sprites, i), filename,
                                                         &stages[i]),
                                "sprites", i));
        (*staged)++;
        int match = -1;
        for (int j = 0; j < obj->owned_sprite_count; j++) {
            if (!used[j] && strcmp(obj->owned_sprites[j]->name, stages[i].name) == 0) {
                match = j;
                break;
            }
        }
        if (match < 0) {
            FAIL_RETURN(errctx, AKERR_VALUE,
                        "\"sprites\"[%zu]: \"name\" is \"%s\", which character \"%s\" was not "
                        "loaded with (a reload keeps the inline sprites' names: restart to "
                        "rename one)", i, stages[i].name, obj->name);
        }
        used[match] = true;
        targets[i] = obj->owned_sprites[match];
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_character_reload_json(const char *filename, const char *name,
                                               akgl_Character **dest)
{
    json_t *root = NULL;
    CharacterDef def;
    void *found = NULL;
    akgl_Character scratch;
    akgl_SpriteStage stages[AKGL_CHARACTER_MAX_INLINE_SPRITES];
    akgl_Sprite *targets[AKGL_CHARACTER_MAX_INLINE_SPRITES];
    int staged = 0;
    akerr_ErrorContext *first = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER,
                     "akgl_character_reload_json: NULL filename");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_character_reload_json: NULL name");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_character_reload_json: NULL destination");
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", name, &found));
    FAIL_ZERO_RETURN(errctx, found, AKERR_KEY, "%s: character \"%s\" is not loaded", filename,
                     name);
    akgl_Character *obj = found;
    memset(&def, 0, sizeof(def));
    memset(&scratch, 0, sizeof(scratch));
    memset(stages, 0, sizeof(stages));
    ATTEMPT {
        CATCH(errctx, akgl_json_load_file(filename, &root));
        CATCH(errctx, akgl_json_error_in_file(read_character_def(root, &def), filename));
        if (strcmp(def.name->data, name) != 0) {
            FAIL_BREAK(errctx, AKERR_VALUE,
                       "%s: \"name\" is \"%s\"; the loaded character is \"%s\" (a reload keeps "
                       "the name: restart to rename)", filename, def.name->data, name);
        }
        CATCH(errctx, akgl_json_error_in_file(stage_inline(obj, def.sprites, filename, stages,
                                                           targets, &staged),
                                              filename));
        /* The new map, built beside the old one: the mappings name sprites
         * by their registered names, which the inline ones keep. */
        memcpy(scratch.name, obj->name, sizeof(scratch.name));
        scratch.sprite_add = akgl_character_sprite_add;
        scratch.sprite_get = akgl_character_sprite_get;
        scratch.state_sprites = SDL_CreateProperties();
        FAIL_ZERO_BREAK(errctx, scratch.state_sprites, AKERR_API,
                        "%s: cannot create a state map: %s", filename, SDL_GetError());
        CATCH(errctx, akgl_json_error_in_file(bind_mappings(&scratch, def.mappings, def.aseprite), filename));
        CATCH(errctx, akgl_json_error_in_file(akgl_character_load_sound_mappings(&scratch, root),
                                              filename));
        /* Everything is checked: swap it in. Nothing below can fail. */
        for (int i = 0; i < staged; i++) {
            akgl_sprite_stage_apply(targets[i], &stages[i]);
        }
        SDL_PropertiesID old_map = obj->state_sprites;
        obj->state_sprites = scratch.state_sprites;
        scratch.state_sprites = old_map; /* given back below */
        akgl_character_release_sounds(obj, &first);
        memcpy(obj->sounds, scratch.sounds, sizeof(obj->sounds));
        obj->nsounds = scratch.nsounds;
        scratch.nsounds = 0;
        obj->speedtime = (uint64_t)def.speedtime * AKGL_TIME_ONEMS_NS;
        obj->sx = def.sx;
        obj->sy = def.sy;
        obj->ax = def.ax;
        obj->ay = def.ay;
        obj->actor_settings = def.settings;
        obj->generation++; /* every actor looks its sprite up again */
        *dest = obj;
    } CLEANUP {
        drop_map(scratch.state_sprites, &first);
        akgl_character_release_sounds(&scratch, &first);
        for (int i = 0; i < staged; i++) {
            akgl_sprite_stage_discard(&stages[i]);
        }
        if (def.name != NULL) {
            IGNORE(akgl_heap_release_string(def.name));
        }
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
        IGNORE(first); /* the load's own error is the one to report */
    } FINISH(errctx, true);
    /* A teardown error of the old bindings: the reload happened; say it. */
    PASS(errctx, first);
    SUCCEED_RETURN(errctx);
}
