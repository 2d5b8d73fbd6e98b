/*
 * Registries (name -> object) and properties (name -> string), all on
 * SDL_PropertiesID. SDL's property sets carry their own lock, so a lookup is
 * thread-safe; keeping a registry consistent with the pools is the game
 * state lock's job.
 */
#include <akgl/registry.h>

#include <akgl/heap.h>
#include <akgl/json.h>
#include <akstdlib.h>

#include "heap_pool.h"
#include "json_private.h"
#include "nearby.h"
#include "object.h"
#include "registry_private.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

SDL_PropertiesID AKGL_REGISTRY_ACTOR;
SDL_PropertiesID AKGL_REGISTRY_SPRITE;
SDL_PropertiesID AKGL_REGISTRY_SPRITESHEET;
SDL_PropertiesID AKGL_REGISTRY_CHARACTER;
SDL_PropertiesID AKGL_REGISTRY_ACTOR_STATE_STRINGS;
SDL_PropertiesID AKGL_REGISTRY_PROPERTIES;
SDL_PropertiesID AKGL_REGISTRY_SOUND;
SDL_PropertiesID AKGL_REGISTRY_TILEMAP;

/*
 * Actors registered that are not slots of the actor pool (an actor struct
 * of the game's own, initialised with akgl_actor_initialize): the walk finds
 * pooled actors through the pool, these through the registry, which it
 * enumerates only while there are any.
 */
static int outside_actors;

static bool in_actor_pool(const void *obj)
{
    return akgl_heap_holds(AKGL_HEAP_ACTOR, obj);
}

int akgl_registry_outside_actors(void)
{
    return outside_actors;
}

static akerr_ErrorContext *create_registry(SDL_PropertiesID *registry, const char *what)
{
    PREPARE_ERROR(errctx);
    if (*registry == 0) {
        *registry = SDL_CreateProperties();
        FAIL_ZERO_RETURN(errctx, *registry, AKERR_API, "cannot create the %s registry: %s", what,
                         SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}

static void destroy_registry(SDL_PropertiesID *registry)
{
    if (registry == &AKGL_REGISTRY_ACTOR) {
        outside_actors = 0;
    }
    if (*registry != 0) {
        SDL_DestroyProperties(*registry);
        *registry = 0;
    }
}

akerr_ErrorContext *akgl_registry_init(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, create_registry(&AKGL_REGISTRY_ACTOR, "actor"));
    PASS(errctx, create_registry(&AKGL_REGISTRY_SPRITE, "sprite"));
    PASS(errctx, create_registry(&AKGL_REGISTRY_SPRITESHEET, "spritesheet"));
    PASS(errctx, create_registry(&AKGL_REGISTRY_CHARACTER, "character"));
    PASS(errctx, create_registry(&AKGL_REGISTRY_PROPERTIES, "properties"));
    PASS(errctx, create_registry(&AKGL_REGISTRY_SOUND, "sound"));
    PASS(errctx, create_registry(&AKGL_REGISTRY_TILEMAP, "tilemap"));
    PASS(errctx, akgl_registry_init_actor_state_strings());
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_registry_init_actor(void)
{
    int live = 0;
    PREPARE_ERROR(errctx);
    /* Destroying a registry that still lists actors would leave them live
     * and unreachable by name; akgl_game_unload is the level change. */
    PASS(errctx, akgl_registry_count(AKGL_REGISTRY_ACTOR, &live));
    FAIL_NONZERO_RETURN(errctx, live > 0, AKERR_BEHAVIOR,
                        "akgl_registry_init_actor: %d actor%s still registered; release "
                        "them first (akgl_game_unload(AKGL_UNLOAD_ACTORS))",
                        live, live == 1 ? " is" : "s are");
    destroy_registry(&AKGL_REGISTRY_ACTOR);
    PASS(errctx, create_registry(&AKGL_REGISTRY_ACTOR, "actor"));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_registry_init_actor_state_strings(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, create_registry(&AKGL_REGISTRY_ACTOR_STATE_STRINGS, "actor state string"));
    for (int bit = 0; bit < AKGL_ACTOR_MAX_STATES; bit++) {
        /* Through unsigned: 1 << 31 does not fit an int. */
        Sint64 value = (Sint64)(1u << bit);
        if (!SDL_SetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                   AKGL_ACTOR_STATE_STRING_NAMES[bit], value)) {
            FAIL_RETURN(errctx, AKERR_API, "cannot register actor state %s: %s",
                        AKGL_ACTOR_STATE_STRING_NAMES[bit], SDL_GetError());
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_registry_quit(void)
{
    destroy_registry(&AKGL_REGISTRY_ACTOR);
    destroy_registry(&AKGL_REGISTRY_SPRITE);
    destroy_registry(&AKGL_REGISTRY_SPRITESHEET);
    destroy_registry(&AKGL_REGISTRY_CHARACTER);
    destroy_registry(&AKGL_REGISTRY_ACTOR_STATE_STRINGS);
    destroy_registry(&AKGL_REGISTRY_PROPERTIES);
    destroy_registry(&AKGL_REGISTRY_SOUND);
    destroy_registry(&AKGL_REGISTRY_TILEMAP);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Generic access                                                           */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_registry_get(SDL_PropertiesID registry, const char *what,
                                      const char *key, void **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, what, AKERR_NULLPOINTER, "akgl_registry_get: NULL registry name");
    FAIL_ZERO_RETURN(errctx, key, AKERR_NULLPOINTER, "akgl_registry_get: NULL %s name", what);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_registry_get: NULL destination");
    FAIL_ZERO_RETURN(errctx, registry, AKERR_KEY,
                     "the %s registry does not exist (akgl_registry_init first); looking up \"%s\"",
                     what, key);
    *dest = SDL_GetPointerProperty(registry, key, NULL);
    SUCCEED_RETURN(errctx);
}

/* Each registered name, to the listing of a miss. */
static void collect_nearby(void *userdata, SDL_PropertiesID props, const char *name)
{
    (void)props;
    akgl_nearby_add(userdata, name);
}

void akgl_registry_describe_miss(SDL_PropertiesID registry, const char *what, const char *key,
                                 char *buf, size_t size)
{
    akgl_Nearby n;
    char empty[96];
    akgl_nearby_begin(&n, key);
    if (registry != 0) {
        (void)SDL_EnumerateProperties(registry, collect_nearby, &n);
    }
    SDL_snprintf(empty, sizeof(empty), "the %s registry is empty", what);
    akgl_nearby_describe(&n, "registered", empty, buf, size);
}

akerr_ErrorContext *akgl_registry_require(SDL_PropertiesID registry, const char *what,
                                          const char *key, void **dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_registry_get(registry, what, key, dest));
    if (*dest == NULL) {
        char nearby[AKERR_MAX_ERROR_MESSAGE_LENGTH / 2];
        akgl_registry_describe_miss(registry, what, key, nearby, sizeof(nearby));
        FAIL_RETURN(errctx, AKERR_KEY, "no %s named \"%s\" is registered%s", what, key, nearby);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_registry_add(SDL_PropertiesID registry, const char *what,
                                      const char *key, void *value)
{
    void *holder = NULL;
    PREPARE_ERROR(errctx);
    /* `what` first: the next message prints it. */
    FAIL_ZERO_RETURN(errctx, what, AKERR_NULLPOINTER, "akgl_registry_add: NULL registry name");
    FAIL_ZERO_RETURN(errctx, value, AKERR_NULLPOINTER, "akgl_registry_add: NULL %s", what);
    PASS(errctx, akgl_registry_get(registry, what, key, &holder));
    if (holder != NULL && holder != value) {
        FAIL_RETURN(errctx, AKERR_REGISTRY, "%s %s named \"%s\" is already registered",
                    strchr("aeiou", what[0]) != NULL ? "an" : "a", what, key);
    }
    if (!SDL_SetPointerProperty(registry, key, value)) {
        FAIL_RETURN(errctx, AKERR_API, "cannot register %s \"%s\": %s", what, key,
                    SDL_GetError());
    }
    if (registry == AKGL_REGISTRY_ACTOR && holder == NULL && !in_actor_pool(value)) {
        outside_actors++;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_registry_remove(SDL_PropertiesID registry, const char *what,
                                         const char *key, void *value)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, what, AKERR_NULLPOINTER, "akgl_registry_remove: NULL registry name");
    FAIL_ZERO_RETURN(errctx, key, AKERR_NULLPOINTER, "akgl_registry_remove: NULL %s name", what);
    /* SDL_GetPointerProperty answers NULL for an entry that holds no pointer
     * (a state bit, a property string), so a NULL value would "match" it and
     * clear it. Nothing is ever registered as NULL: refuse it. */
    FAIL_ZERO_RETURN(errctx, value, AKERR_NULLPOINTER, "akgl_registry_remove: NULL %s for \"%s\"",
                     what, key);
    /* A registry that was never created, or was replaced (a level change),
     * holds nothing of ours: there is nothing to remove. */
    if (registry != 0 && key[0] != '\0' && SDL_GetPointerProperty(registry, key, NULL) == value) {
        /* Left set, the entry would name an object that is going away. */
        FAIL_ZERO_RETURN(errctx, SDL_ClearProperty(registry, key), AKERR_API,
                         "akgl_registry_remove: cannot remove %s \"%s\": %s", what, key,
                         SDL_GetError());
        if (registry == AKGL_REGISTRY_ACTOR && !in_actor_pool(value) && outside_actors > 0) {
            outside_actors--;
        }
    }
    SUCCEED_RETURN(errctx);
}

static void count_one(void *userdata, SDL_PropertiesID props, const char *name)
{
    (void)props;
    (void)name;
    *(int *)userdata += 1;
}

akerr_ErrorContext *akgl_registry_count(SDL_PropertiesID registry, int *dest)
{
    int count = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_registry_count: NULL destination");
    if (registry != 0 && !SDL_EnumerateProperties(registry, count_one, &count)) {
        FAIL_RETURN(errctx, AKERR_API, "cannot count a registry: %s", SDL_GetError());
    }
    *dest = count;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Properties                                                               */
/* ------------------------------------------------------------------------ */

/* `shown`: the file as messages show it (akgl_json_message_path). */
static akerr_ErrorContext *check_properties(json_t *props, const char *shown)
{
    const char *key = NULL;
    json_t *value = NULL;
    PREPARE_ERROR(errctx);

    if (json_object_size(props) > AKGL_PROPERTIES_MAX_COUNT) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: \"properties\" holds %zu properties; the limit is %d "
                    "(AKGL_PROPERTIES_MAX_COUNT)", shown, json_object_size(props),
                    AKGL_PROPERTIES_MAX_COUNT);
    }
    json_object_foreach(props, key, value) {
        /* SDL refuses a property without a name; caught here, it fails the
         * file before anything is set instead of half-way through setting. */
        if (key[0] == '\0') {
            FAIL_RETURN(errctx, AKERR_VALUE, "%s: a property name must not be empty", shown);
        }
        if (!json_is_string(value)) {
            FAIL_RETURN(errctx, AKERR_TYPE,
                        "%s: property \"%s\" must be a JSON string (write \"%s\": \"...\")", shown,
                        key, key);
        }
        size_t len = json_string_length(value);
        if (len >= AKGL_MAX_STRING_LENGTH) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "%s: property \"%s\" is %zu bytes long; the limit is %d", shown, key, len,
                        AKGL_MAX_STRING_LENGTH - 1);
        }
    }
    SUCCEED_RETURN(errctx);
}

/*
 * Setting a property allocates, so any set can fail part-way. To keep the
 * promise that a bad load changes nothing, the file is applied to a copy of
 * the set, and the copy replaces the set only when every property is in it:
 * the ID of AKGL_REGISTRY_PROPERTIES changes on every successful load.
 */
static akerr_ErrorContext *apply_properties(json_t *props, const char *path)
{
    const char *key = NULL;
    json_t *value = NULL;
    SDL_PropertiesID staged = 0;
    PREPARE_ERROR(errctx);

    ATTEMPT {
        staged = SDL_CreateProperties();
        FAIL_ZERO_BREAK(errctx, staged, ENOMEM, "%s: cannot stage the properties: %s", path,
                        SDL_GetError());
        FAIL_ZERO_BREAK(errctx, SDL_CopyProperties(AKGL_REGISTRY_PROPERTIES, staged), ENOMEM,
                        "%s: cannot stage the properties: %s", path, SDL_GetError());
        json_object_foreach(props, key, value) {
            if (!SDL_SetStringProperty(staged, key, json_string_value(value))) {
                FAIL(errctx, ENOMEM, "%s: cannot set property \"%s\": %s", path, key,
                     SDL_GetError());
                break; /* leaves the foreach; errctx is tested below */
            }
        }
        if (errctx != NULL) {
            break;
        }
        SDL_PropertiesID old = AKGL_REGISTRY_PROPERTIES;
        AKGL_REGISTRY_PROPERTIES = staged;
        staged = old; /* destroyed below */
    } CLEANUP {
        if (staged != 0) {
            SDL_DestroyProperties(staged);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_registry_load_properties(const char *path)
{
    json_t *root = NULL;
    json_t *props = NULL;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_registry_load_properties: NULL path");
    akgl_json_message_path(path, shown);
    FAIL_ZERO_RETURN(errctx, AKGL_REGISTRY_PROPERTIES, AKERR_KEY,
                     "%s: the properties registry does not exist (akgl_registry_init first)",
                     shown);
    ATTEMPT {
        CATCH(errctx, akgl_json_load_file(path, &root));
        FAIL_ZERO_BREAK(errctx, json_is_object(root), AKERR_TYPE,
                        "%s: the top level must be a JSON object", shown);
        CATCH(errctx, akgl_json_error_in_file(
                          akgl_get_json_object_value(root, "properties", &props), path));
        /* Check everything before setting anything: a bad file changes nothing. */
        CATCH(errctx, check_properties(props, shown));
        CATCH(errctx, apply_properties(props, shown));
    } CLEANUP {
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_set_property(const char *name, const char *value)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_set_property: NULL name");
    FAIL_ZERO_RETURN(errctx, value, AKERR_NULLPOINTER, "akgl_set_property: NULL value for \"%s\"",
                     name);
    FAIL_ZERO_RETURN(errctx, name[0], AKERR_VALUE,
                     "akgl_set_property: a property name must not be empty");
    FAIL_ZERO_RETURN(errctx, AKGL_REGISTRY_PROPERTIES, AKERR_KEY,
                     "akgl_set_property: the properties registry does not exist "
                     "(akgl_registry_init first); setting \"%s\"", name);
    if (strlen(value) >= AKGL_MAX_STRING_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_set_property: the value of \"%s\" is %zu bytes; the limit is %d", name,
                    strlen(value), AKGL_MAX_STRING_LENGTH - 1);
    }
    if (!SDL_SetStringProperty(AKGL_REGISTRY_PROPERTIES, name, value)) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_set_property: cannot set \"%s\": %s", name,
                    SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_get_property(const char *name, akgl_String **dest, const char *dflt)
{
    akgl_String *claimed = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_get_property: NULL name");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_get_property: NULL destination for \"%s\"", name);
    FAIL_ZERO_RETURN(errctx, AKGL_REGISTRY_PROPERTIES, AKERR_KEY,
                     "akgl_get_property: the properties registry does not exist "
                     "(akgl_registry_init first); reading \"%s\"", name);
    /* SDL hands back its own copy of the string, valid only while nobody sets
     * the property again: hold the set's lock until ours is written. */
    if (!SDL_LockProperties(AKGL_REGISTRY_PROPERTIES)) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_get_property: cannot lock the properties: %s",
                    SDL_GetError());
    }
    ATTEMPT {
        const char *value = SDL_GetStringProperty(AKGL_REGISTRY_PROPERTIES, name, dflt);
        FAIL_ZERO_BREAK(errctx, value, AKERR_KEY,
                        "akgl_get_property: property \"%s\" is not set and has no default", name);
        /* Measured before anything is claimed or written: a caller's string
         * must not be left holding a truncated value after a failure. */
        size_t len = strlen(value);
        if (len >= sizeof((*dest)->data)) {
            FAIL_BREAK(errctx, AKERR_OUTOFBOUNDS,
                       "akgl_get_property: the value of \"%s\" is %zu bytes; the limit is %zu",
                       name, len, sizeof((*dest)->data) - 1);
        }
        if (*dest == NULL) {
            CATCH(errctx, akgl_heap_next_string(&claimed));
            *dest = claimed;
        }
        CATCH(errctx, aksl_strncpy((*dest)->data, value, sizeof((*dest)->data)));
        claimed = NULL; /* success: the caller owns it now */
    } CLEANUP {
        SDL_UnlockProperties(AKGL_REGISTRY_PROPERTIES);
        if (claimed != NULL) {
            /* We claimed it and failed: give it back and leave *dest as it was. */
            IGNORE(akgl_heap_release_string(claimed));
            *dest = NULL;
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}


/* Reads a property into a scratch string and converts it with `parse`. */
static akerr_ErrorContext *get_property_parsed(const char *name, const char *dflt,
                                               akerr_ErrorContext *(*parse)(const char *, void *),
                                               void *dest)
{
    akgl_String *value = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for property %s",
                     name ? name : "(null)");
    ATTEMPT {
        CATCH(errctx, akgl_get_property(name, &value, dflt));
        /* A conversion error quotes only the value: name the property too. */
        CATCH(errctx, akerr_prefix_message(parse(value->data, dest), "property %s", name));
    } CLEANUP {
        if (value != NULL) {
            IGNORE(akgl_heap_release_string(value));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *parse_integer(const char *text, void *dest)
{
    return aksl_atoi(text, dest);
}

static akerr_ErrorContext *parse_finite(const char *text, void *dest)
{
    double d = 0.0;
    PREPARE_ERROR(errctx);
    PASS(errctx, aksl_atof(text, &d));
    FAIL_ZERO_RETURN(errctx, isfinite(d), AKERR_FORMAT, "\"%s\" is not a finite number", text);
    *(double *)dest = d;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_get_property_integer(const char *name, int *dest, const char *dflt)
{
    return get_property_parsed(name, dflt, parse_integer, dest);
}

akerr_ErrorContext *akgl_get_property_number(const char *name, double *dest, const char *dflt)
{
    return get_property_parsed(name, dflt, parse_finite, dest);
}
