/**
 * @file akgl/tween.h
 * @brief Tweens (a float moved from one value to another over game time,
 *        along an easing curve) and timers (a callback after or every N
 *        seconds of game time).
 *
 * Layer: world (docs/03-layers.md): a tween can write an actor's fields
 * through an akgl_ActorRef, and a camera's zoom. Timers share the module:
 * they are the same pooled, handle-named, once-a-frame machinery without a
 * value to write.
 *
 * Both run on the game clock: akgl_game_update advances them once per frame
 * by the frame's time step (akgl_game_frame_time), after the physics step
 * and before the actors' update, so a pause stops them, slow motion slows
 * them and the manual clock drives them in tests. A game that does not call
 * akgl_game_update advances them itself with akgl_tween_update.
 *
 * The pools are sized when the game starts (akgl_GameConfig::tweens and
 * akgl_GameConfig::timers), allocated then and freed at akgl_game_quit;
 * starting a tween or timer allocates nothing, and an update touches only
 * the live ones. See docs/25-tweens.md.
 */
#ifndef AKGL_TWEEN_H
#define AKGL_TWEEN_H

#include <akerror.h>
#include <akgl/heap.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct akgl_Actor;
struct akgl_Camera;

/** @name Pool sizes
 * @{ */
#define AKGL_TWEEN_DEFAULT_CAPACITY 256   /**< Tweens live at once when akgl_GameConfig::tweens is 0. */
#define AKGL_TIMER_DEFAULT_CAPACITY 64    /**< Timers live at once when akgl_GameConfig::timers is 0. */
/** Largest akgl_GameConfig::tweens or akgl_GameConfig::timers. */
#define AKGL_TWEEN_MAX_CAPACITY 1048576
/** @} */

/** Longest duration, delay or timer period, in seconds (about 11.6 days).
 *  Every duration, delay and period is taken to the nearest microsecond, so
 *  0.1f is 100 ms exactly, not the float's 100.000001 ms. */
#define AKGL_TWEEN_MAX_SECONDS 1000000.0f

/** akgl_TweenSpec::repeat for a tween that runs until it is cancelled. */
#define AKGL_TWEEN_FOREVER (-1)

/** Shortest period of akgl_timer_every, in seconds (so a frame of
 *  AKGL_GAME_MAX_FRAME_NS fires one at most 256 times). */
#define AKGL_TIMER_MIN_PERIOD 0.001f

/**
 * @brief An easing curve: how a run's time fraction t (0..1) becomes the
 *        fraction of the way from `from` to `to`. Every curve gives exactly 0
 *        at t = 0 and exactly 1 at t = 1. _IN starts slowly, _OUT ends
 *        slowly, _IN_OUT does both. BACK goes past its ends (IN below 0 near
 *        the start, OUT above 1 near the end, by up to about 10%), ELASTIC
 *        oscillates past them, BOUNCE bounces at the end (OUT) or start (IN).
 */
typedef enum akgl_Ease
{
    AKGL_EASE_LINEAR = 0,    /**< t. */
    AKGL_EASE_QUAD_IN,       /**< t². */
    AKGL_EASE_QUAD_OUT,      /**< 1 - (1 - t)². */
    AKGL_EASE_QUAD_IN_OUT,   /**< QUAD_IN on the first half, QUAD_OUT on the second. */
    AKGL_EASE_CUBIC_IN,      /**< t³. */
    AKGL_EASE_CUBIC_OUT,     /**< 1 - (1 - t)³. */
    AKGL_EASE_CUBIC_IN_OUT,  /**< Cubic both ways. */
    AKGL_EASE_SINE_IN,       /**< 1 - cos(t π/2). */
    AKGL_EASE_SINE_OUT,      /**< sin(t π/2). */
    AKGL_EASE_SINE_IN_OUT,   /**< (1 - cos(t π)) / 2. */
    AKGL_EASE_EXPO_IN,       /**< 2^(10t - 10). */
    AKGL_EASE_EXPO_OUT,      /**< 1 - 2^(-10t). */
    AKGL_EASE_EXPO_IN_OUT,   /**< Exponential both ways. */
    AKGL_EASE_BACK_IN,       /**< Pulls back below 0 first (to about -0.1). */
    AKGL_EASE_BACK_OUT,      /**< Overshoots past 1 (to about 1.1), then settles. */
    AKGL_EASE_BACK_IN_OUT,   /**< Both. */
    AKGL_EASE_ELASTIC_IN,    /**< A growing oscillation about 0, then to 1. */
    AKGL_EASE_ELASTIC_OUT,   /**< To 1 at once, then a dying oscillation about it. */
    AKGL_EASE_ELASTIC_IN_OUT,/**< Both. */
    AKGL_EASE_BOUNCE_IN,     /**< Bounces off 0, rising. */
    AKGL_EASE_BOUNCE_OUT,    /**< Falls to 1 and bounces on it. */
    AKGL_EASE_BOUNCE_IN_OUT, /**< Both. */
    AKGL_EASE_COUNT          /**< How many curves there are (not a curve). */
} akgl_Ease;

/**
 * @brief What a tween writes: a float of the game's (AKGL_TWEEN_FLOAT), or
 *        a field of the actor its akgl_TweenSpec::actor names. An actor's
 *        fields are looked up through the reference at every write, so a
 *        tween never holds a pointer into the actor pool.
 */
typedef enum akgl_TweenProperty
{
    AKGL_TWEEN_FLOAT = 0,    /**< The float akgl_TweenSpec::target points at. */
    AKGL_TWEEN_X,            /**< The actor's x. */
    AKGL_TWEEN_Y,            /**< The actor's y. */
    AKGL_TWEEN_SCALE,        /**< scale_x and scale_y both, kept inside 0..AKGL_RENDER_MAX_SCALE. */
    AKGL_TWEEN_SCALE_X,      /**< scale_x, kept inside 0..AKGL_RENDER_MAX_SCALE. */
    AKGL_TWEEN_SCALE_Y,      /**< scale_y, likewise. */
    AKGL_TWEEN_ROTATION,     /**< rotation, degrees. */
    AKGL_TWEEN_ALPHA,        /**< tint.a as 0..1 (0 transparent, 1 opaque), kept inside it and
                                  rounded to 0..255. */
    AKGL_TWEEN_PROPERTY_COUNT /**< How many there are (not a property). */
} akgl_TweenProperty;

/**
 * @brief A handle on a tween: its slot and the slot's generation. It names
 *        that one tween only; once the tween has finished, been cancelled or
 *        stopped with its actor, the handle is stale (akgl_tween_running says
 *        false, akgl_tween_cancel does nothing), also after the slot is reused
 *        and across akgl_game_quit and a new start.
 */
typedef struct akgl_TweenRef
{
    uint32_t slot;       /**< The pool slot + 1; 0: no tween. */
    uint32_t generation; /**< The tween's generation (never 0 for a started tween). */
} akgl_TweenRef;

/** @brief A handle on a timer, as akgl_TweenRef is on a tween. */
typedef struct akgl_TimerRef
{
    uint32_t slot;       /**< The pool slot + 1; 0: no timer. */
    uint32_t generation; /**< The timer's generation (never 0 for a started timer). */
} akgl_TimerRef;

/** @brief The handle of no tween (all zero): never running. */
#define AKGL_TWEEN_REF_NONE ((akgl_TweenRef){0u, 0u})
/** @brief The handle of no timer (all zero): never running. */
#define AKGL_TIMER_REF_NONE ((akgl_TimerRef){0u, 0u})

/**
 * @brief Called when a tween ends after its last run (not when it is
 *        cancelled, nor when its actor is gone). It may start and cancel
 *        tweens and timers, this one included (the handle is already stale).
 *        An error it returns is returned by the update, after every other
 *        tween and timer has been advanced.
 */
typedef akerr_ErrorContext *(*akgl_TweenFunc)(akgl_TweenRef tween, void *userdata);

/**
 * @brief Called each time a timer fires. It may start and cancel tweens and
 *        timers, this one included. Errors: as akgl_TweenFunc.
 */
typedef akerr_ErrorContext *(*akgl_TimerFunc)(akgl_TimerRef timer, void *userdata);

/**
 * @brief Everything a tween is started with. Zeroed, it is a linear tween
 *        of a float that runs once, with no delay and no callback: set
 *        target (or actor and property), to, and duration at least.
 */
typedef struct akgl_TweenSpec
{
    float *target;                /**< The float written, for AKGL_TWEEN_FLOAT; NULL otherwise.
                                       The game keeps it valid while the tween runs, or binds
                                       the tween to the actor that owns it (actor). */
    akgl_ActorRef actor;          /**< Binds the tween to this actor: before every write the
                                       reference is checked, and once the actor is gone the
                                       tween ends, with no write and no callback.
                                       AKGL_ACTOR_REF_NONE: not bound (AKGL_TWEEN_FLOAT only). */
    akgl_TweenProperty property;  /**< What is written: *target, or a field of actor. */
    float from;                   /**< The value at the start of a run (finite). */
    float to;                     /**< The value at its end (finite). */
    float duration;               /**< Seconds of game time per run: more than 0, at most
                                       AKGL_TWEEN_MAX_SECONDS. */
    float delay;                  /**< Seconds of game time before the first run, during which
                                       nothing is written: 0 .. AKGL_TWEEN_MAX_SECONDS. */
    akgl_Ease ease;               /**< The curve. */
    int repeat;                   /**< Runs after the first: 0 runs once, 2 runs three times,
                                       AKGL_TWEEN_FOREVER until cancelled. */
    bool yoyo;                    /**< Every second run goes back from `to` to `from` (the
                                       forward run played backwards, curve included). */
    akgl_TweenFunc done;          /**< Called when the last run ends, or NULL. */
    void *userdata;               /**< Passed to done as it is (borrowed). */
} akgl_TweenSpec;

/**
 * @brief The value of curve @p ease at @p t: what a tween's run is at, the
 *        fraction @p t of the way through it.
 * @param ease The curve.
 * @param t    0..1; below 0 counts as 0 and above 1 as 1.
 * @param dest Gets the fraction from `from` (0) to `to` (1); BACK and
 *             ELASTIC go outside 0..1 between the ends.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_VALUE naming the
 *         value for an unknown curve or a NaN @p t (*dest is left as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_ease(akgl_Ease ease, float t, float *dest);

/**
 * @brief Starts a tween. Nothing is written until the first update after
 *        the delay; from then each update writes the run's value, and the
 *        last run ends by writing exactly its end value (`to`, or `from`
 *        after an odd number of yoyo runs) before done is called.
 *
 * A tween started during an update (from a callback) is first advanced by
 * the next update. Once started, an update advances it by that update's
 * whole step, so a tween started between two frames counts from the last.
 * @param spec The tween (copied).
 * @param dest Gets its handle, or NULL when the game needs none;
 *             AKGL_TWEEN_REF_NONE on failure.
 * @return NULL; AKERR_BEHAVIOR when the game is not started; AKERR_NULLPOINTER
 *         for a NULL @p spec, or a NULL target for AKGL_TWEEN_FLOAT;
 *         AKERR_VALUE naming the field and value for an unknown ease or
 *         property, a from or to not finite, a duration not in
 *         (0, AKGL_TWEEN_MAX_SECONDS], a delay not in
 *         0..AKGL_TWEEN_MAX_SECONDS, a repeat below AKGL_TWEEN_FOREVER, or
 *         an actor property with no actor; AKERR_KEY when the actor the
 *         spec names is gone; AKGL_ERR_HEAP naming the capacity when every
 *         tween slot is in use. On failure nothing is started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_start(const akgl_TweenSpec *spec,
                                                    akgl_TweenRef *dest);

/**
 * @brief Tweens a field of @p actor from its value now to @p to, once,
 *        bound to the actor (it ends by itself when the actor goes).
 *        akgl_tween_start with from read from the actor (for AKGL_TWEEN_SCALE,
 *        scale_x; for AKGL_TWEEN_ALPHA, tint.a / 255).
 * @param actor    A live actor of the pool (one with an akgl_ActorRef).
 * @param property AKGL_TWEEN_X .. AKGL_TWEEN_ALPHA.
 * @param to       The end value (finite).
 * @param seconds  The duration: more than 0, at most AKGL_TWEEN_MAX_SECONDS.
 * @param ease     The curve.
 * @param dest     Gets the handle, or NULL; AKGL_TWEEN_REF_NONE on failure.
 * @return As akgl_tween_start; also AKERR_NULLPOINTER for a NULL @p actor,
 *         AKERR_VALUE for AKGL_TWEEN_FLOAT or an actor outside the pool, and
 *         AKGL_ERR_HEAP for a released one (akgl_actor_ref).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_actor(struct akgl_Actor *actor,
                                                    akgl_TweenProperty property, float to,
                                                    float seconds, akgl_Ease ease,
                                                    akgl_TweenRef *dest);

/**
 * @brief Tweens @p cam's zoom from its value now to @p to, once. The camera
 *        is the game's, not pooled: the game cancels the tween before the
 *        camera's storage goes. Values are kept inside AKGL_CAMERA_MIN_ZOOM ..
 *        AKGL_CAMERA_MAX_ZOOM as they are written (a BACK or ELASTIC curve
 *        is cut there).
 * @param cam     The camera.
 * @param to      AKGL_CAMERA_MIN_ZOOM .. AKGL_CAMERA_MAX_ZOOM.
 * @param seconds The duration: more than 0, at most AKGL_TWEEN_MAX_SECONDS.
 * @param ease    The curve.
 * @param dest    Gets the handle, or NULL; AKGL_TWEEN_REF_NONE on failure.
 * @return As akgl_tween_start; also AKERR_NULLPOINTER for a NULL @p cam and
 *         AKERR_VALUE for a @p to outside the zoom range or a camera whose
 *         zoom is outside it now.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_camera_zoom(struct akgl_Camera *cam, float to,
                                                          float seconds, akgl_Ease ease,
                                                          akgl_TweenRef *dest);

/**
 * @brief Stops a tween where it is (its value stays as last written; done
 *        is not called).
 * @param tween The handle. One that names no running tween is not an
 *              error and nothing happens: finished, cancelled, stopped with
 *              its actor, of an earlier game, AKGL_TWEEN_REF_NONE.
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_cancel(akgl_TweenRef tween);

/**
 * @brief Whether @p tween is still running (waiting out its delay counts).
 * @param tween The handle.
 * @param dest  Gets true while it runs, false once it is stale.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_BEHAVIOR when
 *         the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_running(akgl_TweenRef tween, bool *dest);

/**
 * @brief Starts a timer that calls @p fn once, @p seconds of game time
 *        from the update it is first advanced by (0: at that update).
 * @param seconds  0 .. AKGL_TWEEN_MAX_SECONDS.
 * @param fn       The callback.
 * @param userdata Passed to @p fn as it is (borrowed).
 * @param dest     Gets the handle, or NULL; AKGL_TIMER_REF_NONE on failure.
 * @return NULL; AKERR_BEHAVIOR when the game is not started;
 *         AKERR_NULLPOINTER for a NULL @p fn; AKERR_VALUE naming the value
 *         for @p seconds out of range or not finite; AKGL_ERR_HEAP naming the
 *         capacity when every timer slot is in use.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_timer_after(float seconds, akgl_TimerFunc fn,
                                                    void *userdata, akgl_TimerRef *dest);

/**
 * @brief Starts a timer that calls @p fn every @p seconds of game time,
 *        @p count times (0: until cancelled). One update that covers several
 *        periods calls it once per period, in order.
 * @param seconds  The period: AKGL_TIMER_MIN_PERIOD .. AKGL_TWEEN_MAX_SECONDS.
 * @param count    How many calls; 0 for no end.
 * @param fn       The callback.
 * @param userdata Passed to @p fn as it is (borrowed).
 * @param dest     Gets the handle, or NULL; AKGL_TIMER_REF_NONE on failure.
 * @return As akgl_timer_after; also AKERR_VALUE for a negative @p count or a
 *         period below AKGL_TIMER_MIN_PERIOD.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_timer_every(float seconds, int count, akgl_TimerFunc fn,
                                                    void *userdata, akgl_TimerRef *dest);

/**
 * @brief Stops a timer: it is not called again.
 * @param timer The handle. One that names no pending timer is not an
 *              error and nothing happens: fired its last, cancelled, of an
 *              earlier game, AKGL_TIMER_REF_NONE.
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_timer_cancel(akgl_TimerRef timer);

/**
 * @brief Whether @p timer will still fire.
 * @param timer The handle.
 * @param dest  Gets true while it is pending.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p dest; AKERR_BEHAVIOR when
 *         the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_timer_running(akgl_TimerRef timer, bool *dest);

/**
 * @brief Advances every live timer, then every live tween, by @p ns of game
 *        time, calling the callbacks due. akgl_game_update calls it once per
 *        frame with the frame's step; call it only when the game does not
 *        run akgl_game_update (it would advance them twice). Costs the live
 *        ones only; allocates nothing.
 * @param ns Nanoseconds of game time (the frame's step).
 * @return NULL; AKERR_BEHAVIOR when the game is not started or when called
 *         from a tween's or timer's callback; the first error a callback
 *         returned, after all of them have run.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_update(uint64_t ns);

/**
 * @brief Cancels every tween and every timer (no callbacks). akgl_game_unload
 *        calls it for AKGL_UNLOAD_TWEENS (which AKGL_UNLOAD_ACTORS and
 *        AKGL_UNLOAD_ALL include), and akgl_game_quit.
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_cancel_all(void);

/**
 * @brief How many tweens and timers are running, and the pools' sizes.
 * @param tweens     Gets the running tweens, or NULL.
 * @param timers     Gets the pending timers, or NULL.
 * @param tween_cap  Gets the tween pool's capacity, or NULL.
 * @param timer_cap  Gets the timer pool's capacity, or NULL.
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_tween_counts(int *tweens, int *timers, int *tween_cap,
                                                     int *timer_cap);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_TWEEN_H */
