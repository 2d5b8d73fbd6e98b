/**
 * @file akgl/character.h
 * @brief Characters: the template an actor is an instance of.
 *
 * Layer: assets (docs/03-layers.md).
 *
 * A character holds the top speeds, accelerations and frame dwell shared by
 * every actor of its kind, and the exact-match map from an actor state word
 * to the sprite drawn for it. See docs/11-characters.md.
 */
#ifndef AKGL_CHARACTER_H
#define AKGL_CHARACTER_H

#include <akerror.h>
#include <akgl/limits.h>
#include <akgl/sprite.h>
#include <akgl/state.h>

#include <SDL3/SDL.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A character: see struct akgl_Character. */
typedef struct akgl_Character akgl_Character;

/** Binds @p sprite to the exact state word @p state. */
typedef akerr_ErrorContext *(*akgl_CharacterSpriteAddFunc)(akgl_Character *basechar,
                                                           akgl_Sprite *sprite, int state);
/** Looks up the sprite bound to the exact state word @p state. */
typedef akerr_ErrorContext *(*akgl_CharacterSpriteGetFunc)(akgl_Character *basechar, int state,
                                                           akgl_Sprite **dest);

struct akgl_Sound;

/** @brief One state sound: played when an actor enters exactly @c state (akgl/sound.h). */
typedef struct akgl_CharacterSound
{
    int state;                /**< The whole state word, matched exactly. */
    struct akgl_Sound *sound; /**< Held: the binding keeps one reference. */
} akgl_CharacterSound;


/**
 * @name Actor settings given
 * Bits of akgl_ActorSettings::given: which fields a character file or a map
 * object said. A field whose bit is clear is left alone on the actor.
 * @{
 */
#define AKGL_ACTOR_SETTING_LAYER            (1u << 0)  /**< layer */
#define AKGL_ACTOR_SETTING_IMMOVABLE        (1u << 1)  /**< immovable */
#define AKGL_ACTOR_SETTING_COLLISION_LAYERS (1u << 2)  /**< collision_layers */
#define AKGL_ACTOR_SETTING_COLLISION_MASK   (1u << 3)  /**< collision_mask */
#define AKGL_ACTOR_SETTING_SCALE_X          (1u << 4)  /**< scale_x */
#define AKGL_ACTOR_SETTING_SCALE_Y          (1u << 5)  /**< scale_y */
#define AKGL_ACTOR_SETTING_ROTATION         (1u << 6)  /**< rotation */
#define AKGL_ACTOR_SETTING_TINT             (1u << 7)  /**< tint */
#define AKGL_ACTOR_SETTING_HITBOX_X         (1u << 8)  /**< hitbox.x */
#define AKGL_ACTOR_SETTING_HITBOX_Y         (1u << 9)  /**< hitbox.y */
#define AKGL_ACTOR_SETTING_HITBOX_W         (1u << 10) /**< hitbox.w */
#define AKGL_ACTOR_SETTING_HITBOX_H         (1u << 11) /**< hitbox.h */
#define AKGL_ACTOR_SETTING_BLEND            (1u << 12) /**< blend */
/** All four of the hitbox. */
#define AKGL_ACTOR_SETTING_HITBOX                                                          \
    (AKGL_ACTOR_SETTING_HITBOX_X | AKGL_ACTOR_SETTING_HITBOX_Y | AKGL_ACTOR_SETTING_HITBOX_W | \
     AKGL_ACTOR_SETTING_HITBOX_H)
/** @} */

/**
 * @brief Per-actor fields a character file (and a map object's properties)
 *        may give: copied to an actor when it becomes an instance of the
 *        character (akgl_actor_set_character), then a spawning object's own
 *        (akgl_tilemap_spawn_actors). See docs/11-characters.md.
 *
 * Only the fields whose AKGL_ACTOR_SETTING_* bit is in akgl_ActorSettings::given are
 * copied; the others keep what the actor has. Checked when they are read
 * and again when they are applied (akgl_actor_apply_settings).
 */
typedef struct akgl_ActorSettings
{
    uint32_t given;            /**< AKGL_ACTOR_SETTING_* bits: the fields that were said. */
    SDL_FRect hitbox;          /**< Collision box relative to the actor's x, y; w, h >= 0. */
    int layer;                 /**< Draw order. */
    uint32_t collision_layers; /**< Overlap layers it is in (bits). */
    uint32_t collision_mask;   /**< Layers it wants overlaps with (bits). */
    float scale_x;             /**< Drawn width over the frame's own: 0..AKGL_RENDER_MAX_SCALE. */
    float scale_y;             /**< Drawn height over the frame's own: 0..AKGL_RENDER_MAX_SCALE. */
    float rotation;            /**< Degrees, clockwise; finite. */
    SDL_Color tint;            /**< Colour multiplier; a is the opacity. */
    bool immovable;            /**< The physics leaves it in place. */
    SDL_BlendMode blend;       /**< Blend mode: one of the four of akgl/render.h. */
} akgl_ActorSettings;
/** @brief A reusable template: speeds, dwell time and the state-to-sprite map. */
struct akgl_Character
{
    int refcount;                              /**< Pool bookkeeping; 0 = free slot. */
    char name[AKGL_CHARACTER_MAX_NAME_LENGTH]; /**< Registry key in AKGL_REGISTRY_CHARACTER. */
    SDL_PropertiesID state_sprites;            /**< Decimal state word -> akgl_Sprite *. */
    /**@{*/
    float sx, sy, sz;                          /**< Top speed per axis. */
    /**@}*/
    /**@{*/
    float ax, ay, az;                          /**< Acceleration per axis. */
    /**@}*/
    uint64_t speedtime;                        /**< Nanoseconds a frame is held when the sprite's speed is 0. */
    uint32_t generation;                       /**< Bumped by every binding change: actors' sprite caches check it. */
    akgl_CharacterSpriteAddFunc sprite_add;    /**< Bound to akgl_character_sprite_add. */
    akgl_CharacterSpriteGetFunc sprite_get;    /**< Bound to akgl_character_sprite_get. */
    /** The sprites its JSON file defined inline ("sprites"): the character
     *  holds each one's load reference and gives it back at its teardown.
     *  Bindings hold references of their own, as for any sprite. */
    akgl_Sprite *owned_sprites[AKGL_CHARACTER_MAX_INLINE_SPRITES];
    int owned_sprite_count; /**< Entries used in owned_sprites. */
    akgl_CharacterSound sounds[AKGL_CHARACTER_MAX_SOUNDS]; /**< State sounds (akgl_character_sound_add). */
    int nsounds;                               /**< Entries of sounds[] in use. */
    /** Internal: states (+1) an actor of this character was found to have no
     *  sprite for, already logged: the line is said once per character and
     *  state (the oldest forgotten first), never per frame or per actor. */
    int missing_logged[AKGL_CHARACTER_MISSING_SPRITE_MEMORY];
    int missing_logged_next;                   /**< Internal: next entry of missing_logged to overwrite. */
    /** Per-actor fields its file gave ("hitbox", "layer", ...): copied to
     *  each actor made an instance of it (akgl_actor_set_character). */
    akgl_ActorSettings actor_settings;
};

/**
 * @brief Zeroes @p obj, names it, creates its state map, binds sprite_add and
 *        sprite_get to the functions below, and registers it in
 *        AKGL_REGISTRY_CHARACTER.
 * @param obj  From akgl_heap_next_character (keeps its reference) or any other
 *             character struct (gets refcount 1).
 * @param name The name: its registry key.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for a name of
 *         AKGL_CHARACTER_MAX_NAME_LENGTH bytes or more; AKERR_REGISTRY when
 *         another character holds the name (it is refused, never replaced);
 *         AKERR_KEY when the registry does not exist; AKERR_API when SDL
 *         cannot create the map. On failure nothing is registered.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_character_initialize(akgl_Character *obj, const char *name);

/**
 * @brief Binds @p ref to the exact state word @p state, taking a reference on it.
 *
 * Rebinding a state releases the sprite it displaces; binding the sprite a
 * state already has changes nothing (no reference is taken twice).
 * @param basechar The character.
 * @param ref      The sprite; the binding takes a reference on it.
 * @param state    The exact state word.
 * @return NULL; AKERR_NULLPOINTER for a NULL character or sprite, or a
 *         character without a map (not initialised); AKGL_ERR_HEAP when
 *         @p ref is released (refcount 0: binding it would hand a free slot a
 *         reference); AKERR_API when SDL cannot store the binding (the
 *         reference is given back).
 */
AKGL_IMPORT akerr_ErrorContext AKERR_NOIGNORE *akgl_character_sprite_add(akgl_Character *basechar,
                                                             akgl_Sprite *ref, int state);

/**
 * @brief The sprite bound to exactly @p state: no subset matching, no default.
 * @param basechar The character.
 * @param state    The exact state word.
 * @param dest     Gets the sprite, borrowed (the binding holds the reference).
 * @return NULL with *dest set; AKERR_KEY naming the character and state, with
 *         *dest = NULL, when nothing is bound; AKERR_NULLPOINTER.
 */
AKGL_IMPORT akerr_ErrorContext AKERR_NOIGNORE *akgl_character_sprite_get(akgl_Character *basechar, int state,
                                                             akgl_Sprite **dest);

/** Steps of the fallback chain of akgl_character_sprite_resolve. */
#define AKGL_CHARACTER_FALLBACK_STEPS 5

/**
 * @brief The sprite to draw for @p state: the exact mapping, or else the
 *        nearest mapped state.
 *
 * "Nearest" is the first of these that the character maps (a step that drops
 * nothing is skipped):
 * 1. the state itself (an exact match always wins);
 * 2. without its MOVING_* bits (a walk falls back to standing);
 * 3. without its MOVING_* and FACE_* bits (one pose for every direction);
 * 4. only its life bits (ALIVE, DYING, DEAD) and FACE_* bits (custom bits such
 *    as a jump dropped, facing kept);
 * 5. only its life bits: bare ALIVE for a living actor.
 *
 * So a jump drawn the same in every direction is one mapping,
 * ALIVE|JUMP, not one per facing and movement. Actors resolve once per change
 * of state (the result is cached), never per frame. The seed's sprite_get
 * stays an exact match; a character whose sprite_get is replaced is asked
 * through it for each step.
 * @param basechar The character.
 * @param state    The state word to draw.
 * @param dest     Gets the sprite, borrowed (the binding holds the reference), or NULL.
 * @param matched When not NULL, the state whose mapping was used, or -1.
 * @return NULL, with *dest NULL when no step maps; AKERR_NULLPOINTER; an
 *         error of a replaced sprite_get other than AKERR_KEY.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_character_sprite_resolve(akgl_Character *basechar,
                                                                 int state, akgl_Sprite **dest,
                                                                 int *matched);

/** @brief akgl_Iterator::flags: give back the sprite bound under each visited state. */
#define AKGL_ITERATOR_OP_RELEASE (1u << 0)

/**
 * @brief What akgl_character_state_sprites_iterate is asked to do, and where it
 *        keeps the first error.
 */
typedef struct akgl_Iterator
{
    uint32_t flags;            /**< AKGL_ITERATOR_OP_* bits. */
    akerr_ErrorContext *error; /**< The first error inside the walk (NULL: none); the
                                    caller owns it and must release or return it. */
} akgl_Iterator;

/**
 * @brief The seed's walk over a character's state map: an
 *        SDL_EnumeratePropertiesCallback for SDL_EnumerateProperties(
 *        character->state_sprites, akgl_character_state_sprites_iterate, &it).
 *
 * With AKGL_ITERATOR_OP_RELEASE it gives back the sprite reference bound under
 * @p name. A callback cannot return an error, and the seed's walk ended the
 * process on one; this one keeps the first error in it->error and carries on,
 * so every other binding is still given back (fix 10, docs/11-characters.md).
 * Later errors are logged and released.
 * @param userdata An akgl_Iterator *; NULL does nothing.
 * @param props    The state map being walked.
 * @param name     The state key visited.
 */
void akgl_character_state_sprites_iterate(void *userdata, SDL_PropertiesID props,
                                          const char *name);

/**
 * @brief Loads one character definition (see docs/11-characters.md).
 *
 * A file may define its own sprites in a "sprites" array of sprite objects
 * (the chapter 10 format, at most AKGL_CHARACTER_MAX_INLINE_SPRITES): they
 * load before the mappings, so mappings may name them, each sheet resolving
 * as a sprite file's would (working directory first, then beside this file).
 * The character holds their load references (akgl_Character::owned_sprites)
 * and gives them back when it is torn down. Every other sprite a mapping
 * names must be loaded already. The character holds the reference its
 * acquire took, on the game's behalf, until the game releases it.
 * @param filename The JSON file.
 * @return NULL, or the first problem with the file named first (and, for a
 *         problem inside an element, "sprite_mappings"[i] or "sprites"[i]):
 *         AKERR_KEY (a key missing, or an unknown state name, quoted),
 *         AKERR_TYPE (a wrong JSON type), AKERR_OUTOFBOUNDS (a negative
 *         speedtime, a name too long, more inline sprites than the limit, a
 *         path of AKGL_MAX_STRING_LENGTH bytes or more), AKERR_NULLPOINTER (a
 *         mapping names a sprite that is not loaded: the message names the
 *         character, the state and the sprite), AKERR_REGISTRY (the
 *         character's name is taken; an inline sprite's name is taken, or
 *         used twice in the file), AKERR_FORMAT (not JSON), the errno status
 *         when the file cannot be opened, every status of
 *         akgl_sprite_load_json for an inline sprite, AKGL_ERR_HEAP; for
 *         the optional per-actor keys ("hitbox", "layer", ...: see
 *         akgl_ActorSettings), AKERR_TYPE, AKERR_OUTOFBOUNDS (naming the
 *         value and the range), AKERR_VALUE (a tint that is no colour) and
 *         AKERR_KEY (a hitbox member missing). A failed
 *         load releases everything it claimed, inline sprites, their sheets
 *         and textures included.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_character_load_json(const char *filename);

/**
 * @brief Reads the actor settings among a set of custom properties (a Tiled
 *        object's, docs/07-tilemaps.md) over @p dest: each one present
 *        replaces that field and sets its bit in akgl_ActorSettings::given.
 *
 * The names are the character file's keys, the hitbox's as four properties
 * ("hitbox.x", "hitbox.y", "hitbox.w", "hitbox.h": a Tiled class property
 * named "hitbox" flattens to them). Other names are the game's and are
 * ignored, except a name that looks like one of these and is not (another
 * case or separator, another name beginning "hitbox", or one edit from a
 * name of 8 letters or more), which is refused rather than silently ignored.
 * @param props The properties; 0 (none) changes nothing.
 * @param dest  The settings to update: unchanged on failure.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_TYPE naming the
 *         property, its type and the type it needs; AKERR_OUTOFBOUNDS naming
 *         the property, its value and the range; AKERR_VALUE for a tint that
 *         is not "#RRGGBB" or "#AARRGGBB"; AKERR_KEY for a name that looks
 *         like a setting and is not one, naming the one it resembles.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_settings_from_properties(SDL_PropertiesID props,
                                                                       akgl_ActorSettings *dest);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_CHARACTER_H */
