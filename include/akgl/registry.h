/**
 * @file akgl/registry.h
 * @brief Name -> object registries, and the game's string properties.
 *
 * Each registry is an SDL_PropertiesID mapping a name to a pointer (or, for
 * the state-string registry, a state name to its bit). Objects register
 * themselves when initialised and leave at release.
 *
 * Lookups: a registry that was never created is AKERR_KEY; a name that is
 * not there is success with *dest = NULL (only a character's sprite_get
 * treats a miss as an error).
 *
 * Layer: data (docs/03-layers.md). akgl_registry_iterate_actor
 * is declared here, with the other registry calls, but walks the actor pool:
 * it is defined with the actors (world layer), and names the actor type by
 * its struct tag alone, so this header includes no actor header.
 */
#ifndef AKGL_REGISTRY_H
#define AKGL_REGISTRY_H

#include <akerror.h>
#include <akgl/staticstring.h>
#include <akgl/state.h>

#include <SDL3/SDL.h>

#ifdef __cplusplus
extern "C" {
#endif

extern SDL_PropertiesID AKGL_REGISTRY_ACTOR;               /**< name -> akgl_Actor * */
extern SDL_PropertiesID AKGL_REGISTRY_SPRITE;              /**< name -> akgl_Sprite * */
extern SDL_PropertiesID AKGL_REGISTRY_SPRITESHEET;         /**< resolved path -> akgl_SpriteSheet * */
extern SDL_PropertiesID AKGL_REGISTRY_CHARACTER;           /**< name -> akgl_Character * */
extern SDL_PropertiesID AKGL_REGISTRY_ACTOR_STATE_STRINGS; /**< "AKGL_ACTOR_STATE_X" -> bit */
extern SDL_PropertiesID AKGL_REGISTRY_PROPERTIES;          /**< "game.screenwidth" -> "800" */
extern SDL_PropertiesID AKGL_REGISTRY_SOUND;               /**< name -> akgl_Sound * */
extern SDL_PropertiesID AKGL_REGISTRY_TILEMAP;             /**< map file's real path -> akgl_Tilemap * */

/**
 * @brief Creates every registry that does not exist yet (idempotent), and
 *        fills the state-string registry.
 * @return NULL; AKERR_API naming the registry when SDL cannot create it.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_init(void);

/**
 * @brief Replaces the actor registry with an empty one, when it is empty.
 *
 * Kept for the seed's name. It used to be half of a level change, paired
 * with akgl_heap_init_actor; both zeroed without releasing, which leaked what
 * the actors held and left cameras and controllers pointing at reused slots.
 * A level change is akgl_game_unload(AKGL_UNLOAD_ACTORS) now.
 * @return NULL; AKERR_BEHAVIOR naming the count while any actor is registered
 *         (nothing changes); AKERR_API when SDL cannot create the registry.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_init_actor(void);

/**
 * @brief Creates (if needed) and fills the state-name -> bit registry.
 * @return NULL; AKERR_API when SDL cannot create or fill it.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_init_actor_state_strings(void);

/**
 * @brief Destroys every registry (not the objects in them). For shutdown and
 *        tests; akgl_registry_init creates them again.
 * @return NULL (it cannot fail; the status is for the call's shape).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_quit(void);

struct akgl_Actor;

/** Called once per actor the walk visits (akgl_registry_iterate_actor). */
typedef akerr_ErrorContext *(*akgl_ActorIterator)(struct akgl_Actor *actor, void *userdata);

/**
 * @brief Calls @p callback for every actor: every live actor of the pool,
 *        named or anonymous, then the registered ones outside it.
 *
 * Pooled actors are walked through the pool, to its capacity (however large
 * the game made it), in pool order; then the actors outside the pool (a
 * game's own actor structs, registered by akgl_actor_initialize or
 * akgl_registry_add) that were gathered from the registry before the first
 * call. A callback may register, spawn or release actors: an actor acquired
 * or registered during the walk is not visited by it (not even one spawned
 * into a slot an earlier callback freed), and one released before its turn
 * is skipped. A pooled actor is visited once, under whatever keys it is
 * registered. The first error a callback returns stops the walk and is
 * returned (with this level on its trace); it is never fatal to the process.
 * @return NULL; AKERR_NULLPOINTER for a NULL callback; AKERR_KEY when the
 *         actor registry does not exist; AKERR_OUTOFBOUNDS, before any call,
 *         when more than AKGL_MAX_HEAP_ACTOR actors outside the pool are
 *         registered, or one of them under a key longer than an actor name
 *         can be; a callback's error.
 * @param callback Called with each actor (borrowed) and @p userdata.
 * @param userdata The caller's, passed through.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_iterate_actor(akgl_ActorIterator callback,
                                                               void *userdata);

/**
 * @name Generic access
 * @p registry is one of the registries above; @p what names it in messages
 * ("sprite"). A registry of 0 (never created) is AKERR_KEY.
 * @{ */
/**
 * @brief Looks @p key up; a miss is success with *dest = NULL.
 * @param registry The registry. @param what Its name, for messages.
 * @param key The key. @param dest Gets the object (borrowed), or NULL.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY for a registry never created.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_get(SDL_PropertiesID registry, const char *what,
                                                     const char *key, void **dest);
/**
 * @brief Looks @p key up, for callers to whom a miss is an error: as
 * akgl_registry_get, but a miss is AKERR_KEY naming @p what and @p key
 * ("no sprite named \"hero.walk\" is registered"), with *dest = NULL.
 * @param registry The registry. @param what Its name, for messages.
 * @param key The key. @param dest Gets the object (borrowed).
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_require(SDL_PropertiesID registry,
                                                         const char *what, const char *key,
                                                         void **dest);
/**
 * @brief Registers @p value under @p key.
 * @param registry The registry. @param what Its name, for messages.
 * @param key The key (copied). @param value The object (borrowed by the registry).
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY for a registry never created;
 *         AKERR_REGISTRY when another object holds the key; AKERR_API when
 *         SDL cannot store it.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_add(SDL_PropertiesID registry, const char *what,
                                                     const char *key, void *value);
/**
 * @brief Removes @p key if, and only if, it maps to @p value; anything else (a key
 * that is absent or maps to another object, a registry never created) is
 * success with nothing removed. A NULL @p what, @p key or @p value is
 * AKERR_NULLPOINTER: nothing is registered as NULL, and a NULL must not match
 * an entry that holds no pointer.
 * @param registry The registry. @param what Its name, for messages.
 * @param key The key. @param value The object it must map to.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_remove(SDL_PropertiesID registry,
                                                        const char *what, const char *key,
                                                        void *value);
/**
 * @brief How many entries @p registry has (0 for a registry never created).
 * @param registry The registry. @param dest Gets the count.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_count(SDL_PropertiesID registry, int *dest);
/** @} */

/**
 * @name Properties
 * The game's configuration, as strings. Keys the library reads:
 * game.screenwidth, game.screenheight, physics.gravity.x|y|z, physics.drag.x|y|z.
 * @{ */

/**
 * @brief Loads `{"properties": {"key": "value", ...}}` from @p path.
 *
 * Every value must be a JSON string. The whole file is checked before
 * anything is set, and the file is applied to a copy of the set that
 * replaces it only when every property is in: a bad file, or an allocation
 * failing half-way, changes nothing; a good one adds to (and overrides) what
 * is already set. So the ID in AKGL_REGISTRY_PROPERTIES changes on every
 * successful load: read the variable, do not keep the ID, and do not load
 * while another thread reads the properties.
 * @param path The JSON file.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY when the properties registry
 *         does not exist; the statuses of akgl_json_load_file (open, read,
 *         caps, ENOMEM, AKERR_FORMAT for invalid JSON); AKERR_TYPE when the
 *         top level or "properties" is not an object; AKERR_KEY when
 *         "properties" is absent; AKERR_TYPE naming the key whose value is
 *         not a string; AKERR_VALUE for an empty key; AKERR_OUTOFBOUNDS for a
 *         value longer than AKGL_MAX_STRING_LENGTH-1 or more than
 *         AKGL_PROPERTIES_MAX_COUNT properties; ENOMEM when setting them runs
 *         out of memory. Messages name the file.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_registry_load_properties(const char *path);

/**
 * @brief Sets property @p name to @p value (copied).
 * @param name  The property.
 * @param value Its new value (copied).
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for an empty @p name;
 *         AKERR_KEY when the properties registry does not exist;
 *         AKERR_OUTOFBOUNDS for a value longer than AKGL_MAX_STRING_LENGTH-1
 *         (the old value stays).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_set_property(const char *name, const char *value);

/**
 * @brief Reads property @p name into a pooled string.
 * @param name   The property.
 * @param dest   *dest NULL: a string is claimed from the pool for you; else
 *               written in place. Either way the caller releases it. Only the
 *               value and its terminator are written.
 * @param dflt   Used when the property is not set; NULL makes a missing
 *               property AKERR_KEY.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY (unset with no default, or no
 *         properties registry); AKGL_ERR_HEAP when no string is free;
 *         AKERR_OUTOFBOUNDS when the value (or default) does not fit. On
 *         failure nothing is claimed (*dest stays NULL) and a string passed
 *         in is left as it was.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_property(const char *name, akgl_String **dest,
                                                     const char *dflt);

/**
 * @brief Reads property @p name as a base-10 int (the whole value, as aksl_atoi).
 * @param name The property.
 * @param dest Gets the value.
 * @param dflt The text used when the property is not set; NULL makes it required.
 * @return NULL; AKERR_KEY when unset without a default; AKERR_FORMAT or
 *         AKERR_OUTOFBOUNDS when the value is not an int, the message
 *         starting "property NAME:"; AKERR_NULLPOINTER. *dest is written only
 *         on success. No string slot is left claimed.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_property_integer(const char *name, int *dest,
                                                             const char *dflt);

/**
 * @brief Reads property @p name as a finite number (as aksl_atof; "inf" and
 *        "nan" are refused with AKERR_FORMAT). Otherwise as akgl_get_property_integer.
 * @param name The property.
 * @param dest Gets the value.
 * @param dflt The text used when the property is not set; NULL makes it required.
 * @return NULL; AKERR_KEY when unset without a default; AKERR_FORMAT;
 *         AKERR_OUTOFBOUNDS; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_property_number(const char *name, double *dest,
                                                            const char *dflt);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKGL_REGISTRY_H */
