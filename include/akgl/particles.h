/**
 * @file akgl/particles.h
 * @brief Particle emitters: sparks, smoke, fire and fountains, described
 *        in JSON, emitted at a point or from an actor, drawn in the world
 *        with the actors' layering.
 *
 * Layer: world (docs/03-layers.md).
 *
 * Particles are not actors. Each emitter owns a dense array of its live
 * particles (AKGL_GameConfig::particles_per_emitter of them at most); the
 * game's update moves every live particle in one sweep per emitter on the
 * game clock (so pause, slow motion and the manual clock apply), removes
 * the dead by swapping the last one into their place, and draws each
 * emitter's particles in one SDL_RenderGeometry call, at the emitter's
 * layer: after the actors of its layer, before the actors of the layers
 * above it. The emitters and their particles are allocated when the game
 * starts (sizes from akgl_GameConfig) and freed at quit: nothing is
 * allocated and no error is formatted on the frame path. A particle that
 * does not fit its emitter's array is dropped (counted in
 * akgl_EmitterStats::dropped).
 *
 * Random numbers come from a seeded generator: one per emitter, seeded
 * when it starts from the particles' seed (akgl_particles_seed) and the
 * number of emitters started since. The same game run the same way gives
 * the same particles, and the same pixels.
 *
 * The JSON format is in docs/26-particles.md.
 */
#ifndef AKGL_PARTICLES_H
#define AKGL_PARTICLES_H

#include <akerror.h>
#include <akgl/heap.h>
#include <akgl/image.h>
#include <akgl/sprite.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Particle limits
 * What an emitter definition may ask for; the loader and akgl_emitter_start
 * refuse anything beyond them (AKERR_OUTOFBOUNDS naming the key, the value
 * and the limit). @{ */
#define AKGL_PARTICLES_DEFAULT_EMITTERS 64      /**< akgl_GameConfig::particle_emitters at 0. */
#define AKGL_PARTICLES_DEFAULT_PER_EMITTER 1024 /**< akgl_GameConfig::particles_per_emitter at 0. */
#define AKGL_PARTICLES_MAX_RATE 1000000.0f     /**< "rate": particles per second. */
#define AKGL_PARTICLES_MAX_BURST 1000000       /**< "burst": particles at once. */
#define AKGL_PARTICLES_MAX_LIFE 3600.0f        /**< "life": seconds. */
#define AKGL_PARTICLES_MAX_SPEED 100000.0f     /**< "speed": pixels per second. */
#define AKGL_PARTICLES_MAX_GRAVITY 100000.0f   /**< "gravity": pixels per second per second. */
#define AKGL_PARTICLES_MAX_SIZE 1024.0f        /**< "size": pixels. */
#define AKGL_PARTICLES_MAX_LAYER 1000000       /**< "layer": -limit .. limit. */
/** @} */

/** @brief What each particle of an emitter looks like. */
typedef enum akgl_ParticleLook
{
    AKGL_PARTICLE_SQUARE = 0, /**< A plain square of the particle's colour. */
    AKGL_PARTICLE_SPRITE = 1, /**< A sprite's frame, tinted by the colour. */
    AKGL_PARTICLE_IMAGE = 2   /**< A whole image, tinted by the colour. */
} akgl_ParticleLook;

/**
 * @brief An emitter's description: what akgl_emitter_def_load reads from a
 *        file, or what a program fills in itself.
 *
 * Ranges are [min, max]: each particle picks a value in it, uniformly.
 * Colours and sizes go in a straight line from start (at birth) to end (at
 * death). A def filled by hand is checked by akgl_emitter_start as the
 * loader checks a file.
 */
typedef struct akgl_EmitterDef
{
    float rate;                 /**< Particles per second while emitting; 0: none. */
    int burst;                  /**< Particles emitted at once when started; 0: none. */
    float life_min;             /**< Shortest lifetime, seconds (above 0). */
    float life_max;             /**< Longest lifetime, seconds. */
    float speed_min;            /**< Slowest speed at birth, pixels per second. */
    float speed_max;            /**< Fastest speed at birth, pixels per second. */
    float angle_min;            /**< Direction at birth, degrees clockwise from +x (90 is down): from. */
    float angle_max;            /**< Direction at birth: to. */
    float gravity_x;            /**< Acceleration along x, pixels per second per second. */
    float gravity_y;            /**< Acceleration along y (down is positive). */
    SDL_Color color_start;      /**< Colour and alpha at birth. */
    SDL_Color color_end;        /**< Colour and alpha at death. */
    float size_start;           /**< Width in pixels at birth (the height keeps the look's aspect). */
    float size_end;             /**< Width in pixels at death. */
    akgl_ParticleLook look;     /**< Square, sprite or image. */
    akgl_Sprite *sprite;        /**< AKGL_PARTICLE_SPRITE: the sprite (a reference held by a loaded def). */
    bool animated;              /**< AKGL_PARTICLE_SPRITE: play the sprite over the particle's life at its own speed; false: its first frame. */
    akgl_Image *image;          /**< AKGL_PARTICLE_IMAGE: the image (a reference held by a loaded def). */
    SDL_BlendMode blend;        /**< SDL_BLENDMODE_BLEND, _ADD, _MUL or _NONE. */
    int layer;                  /**< Drawn after the actors of this layer, before those above. */
} akgl_EmitterDef;

/** @brief A running emitter (opaque; a slot of the emitter pool). */
typedef struct akgl_Emitter akgl_Emitter;

/** @brief What akgl_emitter_stats reports. */
typedef struct akgl_EmitterStats
{
    int live;      /**< Particles alive now. */
    int capacity;  /**< Particles it can hold (akgl_GameConfig::particles_per_emitter). */
    bool emitting; /**< Emitting at its rate (false once stopped or its actor is gone). */
    bool attached; /**< Following an actor that is still there. */
    long dropped;  /**< Particles that did not fit, since it started. */
} akgl_EmitterStats;

/**
 * @brief Reads an emitter definition from the JSON file @p path
 *        (docs/26-particles.md).
 *
 * Every key is checked: an unknown key, a missing required key, a value of
 * the wrong type or outside its limit is refused with a message naming the
 * file, the key, the value and the limit. A "sprite" look takes a reference
 * on the sprite of that name (loaded before, akgl_sprite_load_json); an
 * "image" look loads the image (its path relative to the JSON file's
 * directory) and holds it. Give them back with akgl_emitter_def_release.
 * @param path The file.
 * @param dest Receives the definition; written only on success.
 * @return NULL; AKERR_NULLPOINTER for a NULL argument; the statuses of
 *         akgl_json_load_file for the file; AKERR_TYPE for a value of the
 *         wrong type; AKERR_KEY for an unknown or missing key or a sprite
 *         that is not loaded; AKERR_VALUE for a value that makes no sense
 *         (min above max, an unknown look or blend mode); AKERR_OUTOFBOUNDS
 *         past a limit; akgl_image_load's statuses for the image. On
 *         failure nothing is held: no string, sprite reference or image.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_def_load(const char *path, akgl_EmitterDef *dest);

/**
 * @brief Gives back what a loaded definition holds (its sprite reference or
 *        its image) and clears it. Emitters started from it keep their own.
 * @param def The definition.
 * @return NULL; AKERR_NULLPOINTER; the sprite's or image's release error.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_def_release(akgl_EmitterDef *def);

/**
 * @brief Starts an emitter of @p def at world (@p x, @p y): it emits its
 *        burst now and then its rate, every update, until stopped.
 *
 * The emitter copies @p def and takes its own reference on the sprite or
 * image, so the definition may be released while it runs.
 * @param def  The definition (checked as the loader checks a file).
 * @param x, y Where particles are born, world pixels (finite).
 * @param dest Receives the emitter.
 * @return NULL; AKERR_BEHAVIOR when the game is not started;
 *         AKERR_NULLPOINTER; AKERR_VALUE / AKERR_OUTOFBOUNDS for a bad
 *         def or position (naming the field, the value and the limit);
 *         AKGL_ERR_HEAP when every emitter slot is taken (naming the
 *         capacity); AKERR_API when SDL cannot make the square's texture.
 *         On failure no slot or reference is held.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_start(const akgl_EmitterDef *def, float x,
                                                      float y, akgl_Emitter **dest);

/**
 * @brief Makes @p em follow an actor: particles are born at the actor's
 *        position plus (@p dx, @p dy), updated after the actors move. When
 *        the actor goes (released or despawned), the emitter stops
 *        emitting and its live particles finish their lives.
 * @param em     The emitter.
 * @param actor  The actor (akgl_actor_ref); AKGL_ACTOR_REF_NONE detaches,
 *               leaving the emitter where it is.
 * @param dx, dy The offset from the actor's position (finite).
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for a released emitter;
 *         AKERR_KEY for a reference to an actor that is gone; AKERR_VALUE
 *         for an offset that is not finite.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_attach(akgl_Emitter *em, akgl_ActorRef actor,
                                                       float dx, float dy);

/**
 * @brief Moves where @p em's particles are born (the live ones stay).
 * @param em   The emitter (not attached: an attached emitter follows its actor).
 * @param x, y World pixels (finite).
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for a released or an
 *         attached emitter; AKERR_VALUE for a position that is not finite.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_move(akgl_Emitter *em, float x, float y);

/**
 * @brief Stops or restarts @p em's emission at its rate. Its live
 *        particles finish their lives either way; bursts still work.
 * @param em       The emitter.
 * @param emitting false: stop; true: emit again.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for a released emitter.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_set_emitting(akgl_Emitter *em, bool emitting);

/**
 * @brief Emits @p count particles now, at the emitter's position (those
 *        that do not fit are dropped and counted).
 * @param em    The emitter.
 * @param count 0 .. AKGL_PARTICLES_MAX_BURST.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for a released emitter;
 *         AKERR_OUTOFBOUNDS for a count outside its range.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_burst(akgl_Emitter *em, int count);

/**
 * @brief Stops @p em and lets it go by itself: the update releases it once
 *        its last particle has died (at once when it has none). The
 *        pointer must not be used after this call.
 * @param em The emitter.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for a released emitter.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_finish(akgl_Emitter *em);

/**
 * @brief Releases @p em now, with its live particles, and gives back its
 *        sprite or image reference. The pointer is invalid afterwards.
 * @param em The emitter.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for an emitter that is
 *         not a live slot of the pool (released already, or finishing).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_release(akgl_Emitter *em);

/**
 * @brief What @p em holds now.
 * @param em   The emitter.
 * @param dest Receives the figures.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR for a released emitter.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_stats(const akgl_Emitter *em,
                                                      akgl_EmitterStats *dest);

/**
 * @brief Seeds the particles' random numbers: each emitter started after
 *        this call seeds its own generator from @p seed and how many
 *        emitters were started since. akgl_game_init seeds 1.
 * @param seed Any value.
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_particles_seed(uint64_t seed);

/**
 * @brief How many emitters (finishing ones included) and particles are live.
 * @param emitters  Receives the emitter count (may be NULL).
 * @param particles Receives the particle count over all emitters (may be NULL).
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_particles_counts(int *emitters, int *particles);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_PARTICLES_H */
