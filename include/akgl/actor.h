/**
 * @file akgl/actor.h
 * @brief Actors: instances of a character in the world, and the state word.
 *
 * Layer: world (docs/03-layers.md).
 *
 * The state word is a bitmask; a character maps each exact word to a sprite.
 * Bits, from bit 0, in this order (ALIVE|FACE_LEFT|MOVING_LEFT == 146):
 * FACE_DOWN, FACE_LEFT, FACE_RIGHT, FACE_UP, ALIVE, DYING, DEAD, MOVING_LEFT,
 * MOVING_RIGHT, MOVING_UP, MOVING_DOWN, MOVING_IN, MOVING_OUT.
 */
#ifndef AKGL_ACTOR_H
#define AKGL_ACTOR_H

#include <akerror.h>
#include <akgl/character.h>
#include <akgl/heap.h>
#include <akgl/state.h>
#include <akgl/limits.h>
#include <akgl/sprite.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The state bits (AKGL_ACTOR_STATE_*) and their names are in <akgl/state.h>. */

/** @brief An actor: see struct akgl_Actor. */
typedef struct akgl_Actor akgl_Actor;
struct akgl_Renderer;

/** A per-actor hook that acts on the actor alone (face, movement, update). */
typedef akerr_ErrorContext *(*akgl_ActorFunc)(akgl_Actor *obj);
/** A per-actor hook that advances the animation by @p elapsed_ns of game time. */
typedef akerr_ErrorContext *(*akgl_ActorChangeFrameFunc)(akgl_Actor *obj, akgl_Sprite *sprite,
                                                         uint64_t elapsed_ns);
/**
 * A per-actor overlap callback: @p self's box overlaps @p other's, and
 * self's collision_mask takes other's collision_layers (see akgl/physics.h).
 * It may despawn either actor, or any other (akgl_actor_despawn), and
 * release references it holds: the physics stops reporting an actor once it
 * is gone.
 */
typedef akerr_ErrorContext *(*akgl_ActorOverlapFunc)(akgl_Actor *self, akgl_Actor *other);
/** A per-actor hook that draws the actor. */
typedef akerr_ErrorContext *(*akgl_ActorRenderFunc)(akgl_Actor *obj,
                                                    struct akgl_Renderer *renderer);

/**
 * @brief One thing in the world: a character instance with a position and a state.
 *
 * 320 bytes on x86-64 (472 before 9/12's packing: docs/12-actors.md). The
 * frame's sweeps stream every actor of the pool, so each byte of the struct
 * costs time at 10,000 actors, not only the fields they read.
 */
struct akgl_Actor
{
    /* The fields the frame's sweeps read for every actor come first, in the
     * first 192 bytes (three cache lines): line 0 the hooks and the sprite,
     * line 1 every field an update writes (the animation clock, position,
     * intent, the physics stamp), line 2 the rest the sweeps read (velocity,
     * top speed, the draw settings, the live flag). What only the general
     * paths read (acceleration, the hitbox, collision layers) follows, then
     * the name, the children and the bookkeeping. The order is not part of
     * the API: use the names. */
    int refcount;                          /**< Pool bookkeeping; 0 = free slot. */
    int state;                             /**< The state word (AKGL_ACTOR_STATE_* bits). */
    akgl_ActorFunc facefunc;               /**< Sets facing bits from movement. */
    akgl_ActorFunc movementlogicfunc;      /**< Turns MOVING_* bits into acceleration. */
    akgl_ActorChangeFrameFunc changeframefunc; /**< Advances the animation. */
    akgl_ActorFunc updatefunc;             /**< Runs face, movement and frame advance. */
    akgl_ActorRenderFunc renderfunc;       /**< Draws the current frame. */
    akgl_Character *basechar;              /**< The character; the actor holds a reference on it. */
    /* The state -> sprite lookup, cached until the state, the character or
     * the character's bindings change (owned by akgl_actor_current_sprite). */
    akgl_Sprite *cursprite;                /**< The sprite last chosen; the actor holds a reference on it. */
    akgl_Character *cursprite_char;        /**< The character the cache was resolved for (borrowed). */
    uint64_t curSpriteFrameTimer;          /**< Game time (ns) spent on the current frame. */
    uint64_t lastupdate_ns;                /**< Game time the animation was last advanced to: the
                                                previous update, or when a new sprite was chosen. */
    /**@{*/
    float x, y;                            /**< World position in pixels: the frame's top-left (z below). */
    /**@}*/
    /**@{*/
    float move_x, move_y, move_z;          /**< Movement intent per axis (-1, 0, 1), set by movementlogicfunc. */
    /**@}*/
    int curSpriteFrameId;                  /**< Index into the current sprite's frameids. */
    int cursprite_state;                   /**< The state the cache was resolved for. */
    uint32_t cursprite_generation;         /**< That character's binding generation at the time. */
    uint32_t intent_update;                /**< Internal: the akgl_game_update (its stamp, never 0,
                                                wrapping after 2^32 - 1 updates) whose physics
                                                step already ran movementlogicfunc (its update
                                                pass then does not run it again); 0: none. */
    bool cursprite_valid;                  /**< cursprite (or cursprite_miss) is up to date. */
    bool cursprite_miss;                   /**< The cached lookup found no sprite. */
    bool updated;                          /**< lastupdate_ns is meaningful (updated, or a sprite chosen). */
    uint8_t touching;                      /**< AKGL_PHYSICS_TOUCH_* sides a solid tile stopped it on, last step;
                                                _CRUSHED: a platform squeezed it against a tile this update. */
    akgl_ActorOverlapFunc overlapfunc;     /**< Told about overlaps its mask takes, or NULL. */
    float z;                               /**< World position along z (in and out). */
    /**@{*/
    float vx, vy, vz;                      /**< Velocity. */
    /**@}*/
    /**@{*/
    float sx, sy;                          /**< Top speed in x and y, copied from the character (sz below). */
    /**@}*/
    int sound_state;                       /**< The state the character's state sounds last saw
                                                (akgl_actor_update plays one on each change). */
    int layer;                             /**< Draw order: lower layers first. */
    SDL_FlipMode flip;                     /**< Mirror the frame when drawing. */
    float scale_x;                         /**< Drawn width over the frame's own, about its centre
                                                (1 when initialised); the hitbox does not change. */
    float scale_y;                         /**< Drawn height over the frame's own, likewise. */
    float rotation;                        /**< Degrees, clockwise, about the frame's centre (0). */
    SDL_Color tint;                        /**< Multiplies the frame's colours; tint.a is the
                                                actor's opacity (opaque white when initialised). */
    bool live;                             /**< Owned by the heap: initialised and not yet
                                                released (what the frame's sweeps test; a
                                                slot acquired but not initialised is not live). */
    bool visible;                          /**< Drawn at all. A new actor is visible. */
    bool immovable;                        /**< Physics leaves it in place (it still reports overlaps). */
    /** How its frame combines with what is beneath: an SDL_BlendMode of the
     *  four akgl takes (akgl/render.h), in a byte (SDL_BLENDMODE_BLEND when
     *  initialised). Set it with akgl_actor_set_blend or the "blend" key. */
    uint8_t blend;
    float sz;                              /**< Top speed in z, copied from the character. */
    /**@{*/
    float ax, ay, az;                      /**< Acceleration, copied from the character. */
    /**@}*/
    SDL_FRect hitbox;                      /**< Collision box relative to x, y; w or h 0: the current frame. */
    uint32_t collision_layers;             /**< Overlap layers it is in (bits); a new actor: 1. */
    uint32_t collision_mask;               /**< Layers it wants overlaps with; a new actor: all (~0). */
    uint8_t drop_through;                  /**< Dropping through one-way floors on request
                                                (akgl_physics_drop_through; the physics clears
                                                it): 0 not, 1 yes, 2 + i from one-way platform i. */
    bool curSpriteReversing;               /**< Walking back down a ping-pong sprite. */
    bool releasing;                        /**< Owned by the heap: set during teardown. */
    bool sound_loops;                      /**< That sound loops: it stops when the state is left. */
    char name[AKGL_ACTOR_MAX_NAME_LENGTH]; /**< Registry key in AKGL_REGISTRY_ACTOR: at most
                                                AKGL_ACTOR_MAX_NAME_LENGTH - 1 (31) bytes;
                                                "" for an anonymous actor (not registered). */
    uint32_t sound_voice;                  /**< The akgl_Voice of the last state sound played. */
    akgl_Actor *parent;                    /**< Borrowed: the actor this one is a child of. */
    akgl_Actor *children[AKGL_ACTOR_MAX_CHILDREN]; /**< Each holds a reference. */
    void *userdata;                        /**< The game's own. */
};

/**
 * @brief Zeroes @p obj, names it, makes it visible, and registers it in
 *        AKGL_REGISTRY_ACTOR under @p name; or, with @p name NULL, makes it
 *        an anonymous actor.
 * Initialising a live pooled actor again gives back what it held (its
 * character, its children, the sprite it shows) before zeroing it; it stays
 * its parent's child, and leaves the registry if it is anonymous now.
 *
 * An anonymous actor (@p name NULL) is not registered and costs no string
 * and no name lookup: its name field is "", messages call it
 * `actor (anonymous, slot N)`, and akgl_registry_get never finds it (keep
 * the pointer, or an akgl_ActorRef). Everything else is as for a named
 * one: the frame updates, draws and collides it, and it can be despawned,
 * followed, driven, parented and walked (akgl_registry_iterate_actor).
 * Only a pool slot can be anonymous: an actor struct of the game's own is
 * known by its registry entry.
 * @param obj  An actor from akgl_heap_next_actor (keeps its reference) or any
 *             other actor struct (gets refcount 1).
 * @param name The name, at most AKGL_ACTOR_MAX_NAME_LENGTH-1 bytes; NULL for
 *             an anonymous actor. "" is refused: no name is NULL.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p obj; AKERR_VALUE for an
 *         empty name, or a NULL one for a struct outside the pool;
 *         AKERR_OUTOFBOUNDS for a name too long for the field (never
 *         truncated into a key); AKERR_REGISTRY when another actor is
 *         registered under @p name; AKERR_KEY when the actor registry does
 *         not exist (akgl_registry_init not run). On failure nothing is
 *         registered and the caller still holds its reference.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_initialize(akgl_Actor *obj, const char *name);

/**
 * @brief The one call to put an actor in the world: acquires a slot,
 *        initialises it as @p name, makes it an instance of @p character,
 *        places its top-left at (@p x, @p y) and makes it ALIVE|FACE_DOWN.
 *
 * With @p name NULL the actor is anonymous (see akgl_actor_initialize): no
 * string is made and no name looked up, so a game may spawn as many as its
 * pool holds (akgl_GameConfig) with no name of their own.
 * @param name      The actor's name (its registry key), or NULL for an
 *                  anonymous actor.
 * @param character The name of a registered character.
 * @param x         World x of the top-left, pixels.
 * @param y         World y of the top-left, pixels.
 * @param dest Gets the actor with the caller's reference (release it with
 *             akgl_heap_release_actor, take it out of the world with
 *             akgl_actor_despawn, or let akgl_game_unload do it).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p character or @p dest;
 *         AKGL_ERR_HEAP when every actor slot is taken; akgl_actor_initialize's
 *         errors (a name empty, too long or taken); AKERR_KEY when no character has that
 *         name. On failure nothing is left claimed and *dest is NULL.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_spawn(const char *name, const char *character,
                                                    float x, float y, akgl_Actor **dest);

/**
 * @brief Removes @p actor from the world, whoever holds it, at once.
 *
 * Whatever its reference count: the camera following it stops following
 * (the view stays where it is), a controller driving it is left with no
 * actor (as akgl_controller_set_actor(c, NULL)), its parent forgets it, its
 * children are despawned with it (a child to keep is detached first, with
 * akgl_actor_remove_child), and the map that spawned it forgets it (the map
 * keeps an akgl_ActorRef). Then it is torn down as its last release would:
 * it leaves AKGL_REGISTRY_ACTOR (its name is free again at once), gives back
 * its character and the sprite it shows, stops a looping state sound, and
 * its slot is freed and the slot's generation bumped, so every akgl_ActorRef
 * to it stops resolving. Every reference anyone held, the game's own from
 * akgl_actor_spawn included, is void: a pointer kept to it points at a free
 * slot (keep an akgl_ActorRef instead; the slot keeps the actor's name until
 * it is used again, for messages).
 *
 * Safe anywhere the game's code runs: an overlap callback, an update or
 * render hook, the overlay, between frames. The sweeps of the frame skip a
 * despawned actor from the moment it is gone: the update pass and the draw
 * do not reach it, the physics reports no more overlaps of it (not even the
 * rest of the current step's), the camera does not follow it. Nothing is
 * allocated; the cost is the actor and its children, not the pool.
 * @param actor A live actor: a pool slot, or an actor struct of the game's
 *              own that akgl_actor_initialize registered.
 * @return NULL; AKERR_NULLPOINTER for NULL; AKGL_ERR_HEAP naming the actor
 *         when it is already gone (despawned, or released to 0); AKERR_BEHAVIOR
 *         for a pointer that is no actor (into a slot, or a struct
 *         akgl_actor_initialize did not make), with nothing changed; the first
 *         error of a teardown step, after every other step has run (the actor
 *         is gone all the same).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_despawn(akgl_Actor *actor);

/**
 * @brief A reference to @p actor that can be kept across frames and checked
 *        (akgl_actor_from_ref): its slot and the slot's generation.
 * @param actor A live actor of the pool (akgl_actor_spawn, akgl_heap_next_actor).
 * @param dest  Gets the reference; AKGL_ACTOR_REF_NONE on failure.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for an actor outside the
 *         pool (a struct of the game's own has no slot to name); AKGL_ERR_HEAP
 *         for a released slot, naming the actor it held.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_ref(const akgl_Actor *actor, akgl_ActorRef *dest);

/**
 * @brief The actor @p ref names, if it is still there.
 *
 * A reference resolves while the actor it was taken from is live: from its
 * despawn or last release on, it never resolves again, also when a new
 * actor takes the slot. O(1): one slot and one generation are read.
 * @param ref  The reference (akgl_actor_ref).
 * @param dest Gets the actor, borrowed (no reference is taken); NULL when
 *             it is gone.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_KEY when the
 *         actor is gone, the message naming the actor the slot held (or the
 *         one now in it) and both generations; AKERR_KEY also for
 *         AKGL_ACTOR_REF_NONE and for a slot past the pool (a reference from
 *         another game).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_from_ref(akgl_ActorRef ref, akgl_Actor **dest);

/**
 * @brief Makes @p obj an instance of the character registered as @p charname:
 *        takes a reference on it (giving back the old character's), copies
 *        its top speeds and accelerations, and applies the per-actor fields
 *        its file gave (akgl_Character::actor_settings: hitbox, layer,
 *        immovable, collision layers and mask, scale, rotation, tint; the
 *        fields it does not give keep what the actor has).
 * @param obj      The actor.
 * @param charname The name of a registered character.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY when no character has that name.
 *         AKERR_VALUE when a setting the character gives is out of range (a
 *         struct filled in code: akgl_actor_apply_settings); nothing changes.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_set_character(akgl_Actor *obj, const char *charname);

/**
 * @brief The sprite the actor's character maps to its current state, or to
 *        the nearest state it maps (akgl_character_sprite_resolve).
 *
 * Resolved once, then cached until the state,
 * the character or the character's bindings change, so a frame costs no
 * string formatting and no locked lookup per actor. When the sprite differs
 * from the previous one, the animation restarts at frame id 0, and its clock
 * at the current game time: the new frame 0 is held a whole dwell from the
 * moment the change is seen (by an update or a draw). The actor holds a
 * reference on the sprite it shows, given back when it shows another one
 * or is released.
 * @param obj  The actor.
 * @param dest Gets the sprite, borrowed (the actor holds the reference).
 * @return NULL; AKERR_KEY (with *dest NULL) when the actor has no character
 *         or the character has no sprite for the state; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_current_sprite(akgl_Actor *obj, akgl_Sprite **dest);

/**
 * @brief Runs the actor's updatefunc (default: face, movement logic, frame
 *        advance). A state with no sprite (AKERR_KEY) is not an error here.
 *        Called directly it always runs all three; akgl_game_update's own
 *        pass skips the movement logic the physics step already ran in that
 *        update (docs/12-actors.md).
 * @param obj The actor.
 * @return NULL; AKERR_NULLPOINTER; any other error of the updatefunc.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_update(akgl_Actor *obj);

/**
 * @brief Runs the actor's renderfunc (default: draw the current frame at the
 *        actor's position, relative to the camera). An invisible actor draws
 *        nothing; a state with no sprite (AKERR_KEY) is not an error here.
 * @param obj      The actor.
 * @param renderer The renderer to draw with.
 * @return NULL; AKERR_NULLPOINTER for a NULL actor or renderer; any other
 *         error of the renderfunc.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_render(akgl_Actor *obj, struct akgl_Renderer *renderer);

/**
 * @brief The default facefunc: while any MOVING_* bit is set, the facing
 *        follows it (a horizontal movement wins over a vertical one); when
 *        the actor stops, it keeps its last facing.
 * @param obj The actor.
 * @return NULL; AKERR_NULLPOINTER.
 */
AKGL_IMPORT akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_automatic_face(akgl_Actor *obj);

/**
 * @brief The default movementlogicfunc: MOVING_* bits become the movement
 *        intent move_x/move_y/move_z (-1, 0 or 1; opposite bits cancel). The
 *        physics step turns intent into acceleration.
 * @param obj The actor.
 * @return NULL; AKERR_NULLPOINTER.
 */
AKGL_IMPORT akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_move_by_state(akgl_Actor *obj);

/**
 * @brief The default changeframefunc: holds each frame for the sprite's speed
 *        (its own frame_ns entry when the sprite has frame_times, as an
 *        Aseprite tag's does; the character's speedtime when the sprite's
 *        speed is 0), then steps:
 *        loop wraps to 0; loop + loopReverse ping-pongs; no loop plays once
 *        and holds the last frame.
 * @param obj        The actor.
 * @param sprite     The sprite it shows.
 * @param elapsed_ns Game time since the last advance, nanoseconds.
 * @return NULL; AKERR_NULLPOINTER for a NULL actor or sprite.
 */
AKGL_IMPORT akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_advance_frame(akgl_Actor *obj, akgl_Sprite *sprite,
                                                            uint64_t elapsed_ns);

/**
 * @brief The default updatefunc: facefunc, movementlogicfunc, then changeframefunc.
 * @param obj The actor.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY when no sprite maps the state;
 *         the hooks' errors.
 */
AKGL_IMPORT akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_run_update(akgl_Actor *obj);

/**
 * @brief Sets how the actor is drawn: scale (1 = own size) and rotation
 *        (degrees, clockwise), both about the frame's centre. The physics box
 *        does not change. Checked here, where they are set: the frame loop
 *        does not check again, and an actor whose fields were written
 *        directly with a NaN, an infinity or a scale outside
 *        0..AKGL_RENDER_MAX_SCALE is simply not drawn.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE naming the actor, the field
 *         and the value (the actor is left as it was).
 * @param obj              The actor.
 * @param scale_x, scale_y Drawn size over the frame's own: 0..AKGL_RENDER_MAX_SCALE.
 * @param rotation         Degrees, clockwise; any finite value.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_set_transform(akgl_Actor *obj, float scale_x,
                                                            float scale_y, float rotation);

/**
 * @brief Sets how the actor's frame combines with what is beneath it
 *        (akgl/render.h's blend modes: "add" for a glow, "multiply" for a
 *        shadow). An actor with the default, SDL_BLENDMODE_BLEND, costs the
 *        frame nothing; another mode draws it through the backend's general
 *        path, with the sheet's blend mode set for that draw alone.
 * @param obj  The actor.
 * @param mode SDL_BLENDMODE_BLEND, _ADD, _MUL or _NONE.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for another mode, naming the
 *         actor and the value (the actor is left as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_set_blend(akgl_Actor *obj, SDL_BlendMode mode);

/**
 * @brief The default renderfunc: renderer->draw_sprite_ex with the current
 *        frame, the actor's flip, scale, rotation and tint (draw_sprite when
 *        the backend has no draw_sprite_ex).
 * @param obj      The actor.
 * @param renderer The renderer.
 * @return NULL (also when there is no sprite to draw); AKERR_NULLPOINTER for
 *         a NULL actor, renderer or draw_sprite; the lookup's and
 *         draw_sprite(_ex)'s errors.
 */
AKGL_IMPORT akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_draw(akgl_Actor *obj, struct akgl_Renderer *renderer);

/**
 * @brief Makes @p child a child of @p parent, which takes a reference on it.
 *        Children are released with their parent.
 * @param parent The parent.
 * @param child  The new child.
 * @return NULL; AKERR_NULLPOINTER; AKERR_RELATIONSHIP when the child already
 *         has a parent, is the parent, or is an ancestor of it (no cycles);
 *         AKERR_OUTOFBOUNDS when the parent has AKGL_ACTOR_MAX_CHILDREN.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_add_child(akgl_Actor *parent, akgl_Actor *child);

/**
 * @brief Detaches @p child from @p parent and gives back the parent's reference.
 * @param parent The parent.
 * @param child  The child.
 * @return NULL; AKERR_NULLPOINTER; AKERR_RELATIONSHIP when it is not a child.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_remove_child(akgl_Actor *parent, akgl_Actor *child);

/**
 * @brief Copies the fields @p settings gives (its AKGL_ACTOR_SETTING_* bits
 *        in akgl_ActorSettings::given) to @p obj; the others are left alone.
 *
 * akgl_actor_set_character applies the character's settings (its file's
 * "hitbox", "layer", ... keys), and akgl_tilemap_spawn_actors then a
 * spawning object's properties (docs/11-characters.md, docs/07-tilemaps.md).
 * @param obj      The actor.
 * @param settings The settings (a character's actor_settings, or read with
 *                 akgl_actor_settings_from_properties).
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE naming the actor, the field,
 *         its value and its range for a given field out of range (a hitbox
 *         size below 0, a scale outside 0..AKGL_RENDER_MAX_SCALE, a value not
 *         finite): then nothing is written.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_apply_settings(akgl_Actor *obj,
                                                             const akgl_ActorSettings *settings);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_ACTOR_H */
