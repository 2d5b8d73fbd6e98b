/**
 * @file akgl/controller.h
 * @brief Input controllers: keyboard keys and gamepad buttons and sticks
 *        bound to an actor's state bits, and named actions.
 *
 * Layer: world (docs/03-layers.md).
 *
 * A controller is a plain struct (nothing is allocated) bound to one actor.
 * It holds three kinds of binding and a table of actions:
 *
 * - a keyboard key (an SDL_Scancode) -> state bits, set while the key is down;
 * - a gamepad button -> state bits, set while the button is down;
 * - a gamepad axis -> a negative and a positive set of bits, one of which is
 *   set while the stick is pushed past the axis's deadzone that way;
 * - an action: a name ("jump") with up to AKGL_CONTROLLER_MAX_ACTION_INPUTS
 *   keys and buttons. An action is down while any of its inputs is; the
 *   controller reports each change to a callback and answers
 *   akgl_controller_action_down().
 *
 * Every state bit is counted: each binding that is down holds each of its
 * bits once, a bit is set on the actor when its first holder goes down and
 * cleared when its last holder comes up. Two keys on MOVING_LEFT (or a key
 * and the d-pad) keep the actor moving until both are released. The
 * controller does not look at the bit in between: whatever else sets or
 * clears a bound bit is overwritten at the next change.
 *
 * Feed it every event from SDL_AppEvent (or an SDL_PollEvent loop) through
 * akgl_controller_handle_event(), with the game state lock held: it changes
 * the actor's state word. Events it has no binding for are ignored.
 *
 * Gamepads: a controller uses one gamepad at a time. It opens the first pad
 * SDL reports (SDL_EVENT_GAMEPAD_ADDED), or only the pad whose instance id it
 * is restricted to (akgl_controller_set_gamepad), and when that pad is
 * removed it releases everything the pad was holding and waits for the next.
 *
 * The tables have fixed capacities (below). They are part of the struct's
 * layout, so they are not overridable: a program and the library must agree.
 */
#ifndef AKGL_CONTROLLER_H
#define AKGL_CONTROLLER_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/limits.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Capacities (fixed: they size akgl_Controller)
 *  @{ */
/** Key, button and axis bindings of one controller, all kinds together. */
#define AKGL_CONTROLLER_MAX_BINDINGS 32
/** Named actions of one controller. */
#define AKGL_CONTROLLER_MAX_ACTIONS 16
/** Capacity of an action's name, terminator included. */
#define AKGL_CONTROLLER_MAX_ACTION_NAME_LENGTH 32
/** Keys and buttons (together) one action can be bound to. */
#define AKGL_CONTROLLER_MAX_ACTION_INPUTS 8
/** @} */

/** The deadzone of an axis binding whose JSON gives none. */
#define AKGL_CONTROLLER_DEFAULT_DEADZONE 0.25f

/** What a binding or an action input listens to. */
typedef enum akgl_ControllerInputKind
{
    AKGL_CONTROLLER_INPUT_NONE = 0, /**< An empty entry. */
    AKGL_CONTROLLER_INPUT_KEY,      /**< A keyboard key; code is an SDL_Scancode. */
    AKGL_CONTROLLER_INPUT_BUTTON,   /**< A gamepad button; code is an SDL_GamepadButton. */
    AKGL_CONTROLLER_INPUT_AXIS      /**< A gamepad axis; code is an SDL_GamepadAxis. */
} akgl_ControllerInputKind;

/** One key, button or axis bound to state bits. */
typedef struct akgl_ControllerBinding
{
    akgl_ControllerInputKind kind; /**< KEY, BUTTON or AXIS. */
    int code;                      /**< The scancode, button or axis. */
    int bits;                      /**< Held while a key/button is down; an axis's positive side. */
    int negative_bits;             /**< An axis's negative side (left, up); 0 for keys and buttons. */
    float deadzone;                /**< An axis: |value| must exceed this (0..1) to count. */
    int active;                    /**< Key/button: 1 while down. Axis: -1, 0 or 1. */
} akgl_ControllerBinding;

/** One key or button of an action. */
typedef struct akgl_ControllerInput
{
    akgl_ControllerInputKind kind; /**< KEY or BUTTON. */
    int code;                      /**< The scancode or button. */
    bool down;                     /**< The input is down now. */
} akgl_ControllerInput;

/** A named action and the inputs that trigger it. */
typedef struct akgl_ControllerAction
{
    char name[AKGL_CONTROLLER_MAX_ACTION_NAME_LENGTH]; /**< Its name ("jump"). */
    int ninputs;                                       /**< Entries used in inputs. */
    akgl_ControllerInput inputs[AKGL_CONTROLLER_MAX_ACTION_INPUTS]; /**< Its keys and buttons. */
    int ndown;                                         /**< How many inputs are down: down while > 0. */
} akgl_ControllerAction;

/** @brief A controller: see struct akgl_Controller. */
typedef struct akgl_Controller akgl_Controller;

/**
 * @brief Told when an action goes down (@p pressed true) or comes up.
 *
 * Called from akgl_controller_handle_event only, so with the game state lock
 * held; once per change of the action (a second key on a held action, or a
 * key repeat, calls nothing). An error it returns is handed back by
 * akgl_controller_handle_event after the event has been fully applied. It
 * may read the controller but must not change its bindings.
 * @param controller The controller.
 * @param action     The action's name (the controller's own storage).
 * @param pressed    True when the action went down, false when it came up.
 * @param userdata   What akgl_controller_set_action_callback was given.
 */
typedef akerr_ErrorContext *(*akgl_ControllerActionFunc)(akgl_Controller *controller,
                                                         const char *action, bool pressed,
                                                         void *userdata);

/**
 * @brief A controller. Read its fields freely; change them only through the
 *        akgl_controller_* functions, which keep the counts consistent.
 */
struct akgl_Controller
{
    akgl_Actor *actor;                /**< The bound actor (holds a reference, through the table
                                           akgl_game_unload walks: release the controller before
                                           its storage goes away), or NULL; NULL
                                           again once the actor is despawned. */
    SDL_JoystickID gamepad_filter;    /**< The one pad it may use, or 0 for any. */
    SDL_Gamepad *gamepad;             /**< The pad in use (opened by us), or NULL. */
    SDL_JoystickID gamepad_id;        /**< Its instance id, or 0. */
    int nbindings;                    /**< Entries used in bindings. */
    akgl_ControllerBinding bindings[AKGL_CONTROLLER_MAX_BINDINGS]; /**< Keys, buttons, axes to bits. */
    int nactions;                     /**< Entries used in actions. */
    akgl_ControllerAction actions[AKGL_CONTROLLER_MAX_ACTIONS]; /**< The named actions. */
    uint16_t holds[AKGL_ACTOR_MAX_STATES]; /**< Bindings down on each state bit. */
    akgl_ControllerActionFunc action_callback; /**< Told of action changes, or NULL. */
    void *action_userdata;            /**< Passed to action_callback. */
};

/**
 * @brief Makes @p c an empty controller bound to @p actor.
 *
 * Whatever @p c held before is overwritten, not released: release a
 * controller that was in use first. No bindings, no actions, no callback,
 * no gamepad yet (the first SDL_EVENT_GAMEPAD_ADDED brings one; see
 * akgl_controller_set_gamepad for a pad that is already connected).
 * @param c     The controller (any storage).
 * @param actor A live actor, which the controller takes a reference on; or
 *              NULL for a controller that only reports actions (bind one
 *              later with akgl_controller_set_actor).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p c; AKGL_ERR_HEAP when
 *         @p actor is not live (refcount 0). On failure @p c is zeroed.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_initialize(akgl_Controller *c,
                                                              akgl_Actor *actor);

/**
 * @brief Lets go of everything: clears every bit the controller holds on its
 *        actor, closes its gamepad, gives back its actor reference (the actor
 *        is torn down if that was the last) and zeroes @p c.
 *
 * The action callback is not called. Releasing a zeroed controller is a no-op.
 * @param c The controller.
 * @return NULL; AKERR_NULLPOINTER; the actor release's error, returned after
 *         @p c has been zeroed all the same.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_release(akgl_Controller *c);

/**
 * @brief Moves the controller to another actor: the bits it holds are cleared
 *        on the old actor and set on the new one; it takes a reference on the
 *        new actor and gives back the old one's.
 * @param c     The controller.
 * @param actor A live actor, or NULL to unbind (the controller keeps counting,
 *              and sets what is held on the next actor it is given).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p c; AKGL_ERR_HEAP when
 *         @p actor is not live (nothing changes); the old actor's release error.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_set_actor(akgl_Controller *c,
                                                             akgl_Actor *actor);

/**
 * @brief Binds a keyboard key to state bits, replacing the key's binding.
 *
 * A replaced binding that was down lets go of its bits first; the new one
 * takes effect at the key's next press.
 * @param c        The controller.
 * @param scancode The key (SDL_SCANCODE_LEFT...), where it is on the keyboard
 *                 whatever the layout.
 * @param bits     AKGL_ACTOR_STATE_* bits held while it is down; 0 removes the
 *                 key's binding.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for a scancode outside
 *         1..SDL_SCANCODE_COUNT-1, or when AKGL_CONTROLLER_MAX_BINDINGS are
 *         already used (nothing changes).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_bind_key(akgl_Controller *c,
                                                            SDL_Scancode scancode, int bits);

/**
 * @brief Binds a gamepad button to state bits, replacing the button's binding.
 *        As akgl_controller_bind_key.
 * @param c      The controller.
 * @param button The button (SDL_GAMEPAD_BUTTON_SOUTH...).
 * @param bits   AKGL_ACTOR_STATE_* bits held while it is down; 0 removes the
 *               button's binding.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for a button outside
 *         0..SDL_GAMEPAD_BUTTON_COUNT-1, or when the table is full.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_bind_button(akgl_Controller *c,
                                                               SDL_GamepadButton button, int bits);

/**
 * @brief Binds a gamepad axis: past -@p deadzone it holds @p negative_bits,
 *        past +@p deadzone @p positive_bits, in between neither.
 *
 * The axis value is taken as value / 32767 (clamped to -1..1), and it must
 * exceed the deadzone strictly: with 0.25, 8191 is centred and 8192 is not.
 * Replaces the axis's binding (letting go of what it held); both bit sets 0
 * removes it. Sticks' negative side is left (x) or up (y); triggers only go
 * positive.
 * @param c             The controller.
 * @param axis          The axis (SDL_GAMEPAD_AXIS_LEFTX...).
 * @param negative_bits Bits held past -deadzone (left, up).
 * @param positive_bits Bits held past +deadzone (right, down, a trigger).
 * @param deadzone 0 (any movement counts) to 1 (nothing ever does).
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for an axis outside
 *         0..SDL_GAMEPAD_AXIS_COUNT-1, a deadzone outside 0..1 (or NaN), or
 *         a full table.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_bind_axis(akgl_Controller *c,
                                                             SDL_GamepadAxis axis,
                                                             int negative_bits, int positive_bits,
                                                             float deadzone);

/**
 * @brief Defines action @p name as the given keys and buttons, replacing an
 *        action of that name (which is then up, without a callback).
 * @param c        The controller.
 * @param name     The action's name (copied).
 * @param keys     @p nkeys scancodes (NULL when @p nkeys is 0).
 * @param nkeys    How many keys.
 * @param buttons  @p nbuttons gamepad buttons (NULL when @p nbuttons is 0).
 * @param nbuttons How many buttons.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for an empty name;
 *         AKERR_OUTOFBOUNDS for a name of AKGL_CONTROLLER_MAX_ACTION_NAME_LENGTH
 *         bytes or more, a negative count, more than
 *         AKGL_CONTROLLER_MAX_ACTION_INPUTS inputs, a scancode or button out
 *         of range, or AKGL_CONTROLLER_MAX_ACTIONS actions already defined.
 *         Nothing changes on failure.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_bind_action(akgl_Controller *c,
                                                               const char *name,
                                                               const SDL_Scancode *keys, int nkeys,
                                                               const SDL_GamepadButton *buttons,
                                                               int nbuttons);

/**
 * @brief Removes every binding and action, clearing every bit the controller
 *        held on its actor. The callback, actor and gamepad stay.
 * @param c The controller.
 * @return NULL; AKERR_NULLPOINTER.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_clear_bindings(akgl_Controller *c);

/**
 * @brief Sets (or, with NULL, removes) the function told of action changes.
 * @param c        The controller.
 * @param fn       The callback, or NULL.
 * @param userdata Passed to every call of @p fn (the caller's).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p c.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_set_action_callback(akgl_Controller *c,
                                                                       akgl_ControllerActionFunc fn,
                                                                       void *userdata);

/**
 * @brief Chooses the controller's gamepad.
 *
 * @p id 0 means any pad: if none is in use, the first one connected now is
 * opened (for pads plugged in before the controller existed), and otherwise
 * the next SDL_EVENT_GAMEPAD_ADDED brings one. A non-zero @p id restricts the
 * controller to that pad: a different pad in use is let go (its bits
 * released, without callbacks), and the pad is opened now if it is connected,
 * or when it is added.
 * @param c  The controller.
 * @param id The pad's instance id, or 0 for any.
 * @return NULL; AKERR_NULLPOINTER; AKERR_API when SDL cannot open the pad.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_set_gamepad(akgl_Controller *c,
                                                               SDL_JoystickID id);

/**
 * @brief Applies one SDL event.
 *
 * Call it for every event (from SDL_AppEvent, or an SDL_PollEvent loop) with
 * the game state lock held: it writes the actor's state word, and SDL3's
 * callback apps deliver events and iterations on different threads.
 *
 * - SDL_EVENT_KEY_DOWN / _UP: the key's binding holds / lets go of its bits;
 *   actions with that key go down / come up. Key repeats (repeat set) are
 *   ignored, as is a down for a key already down or an up for a key that is
 *   not (a key held since before it was bound counts from its next press).
 * - SDL_EVENT_GAMEPAD_BUTTON_DOWN / _UP, SDL_EVENT_GAMEPAD_AXIS_MOTION: the
 *   same for buttons and axes, from the controller's gamepad only.
 * - SDL_EVENT_GAMEPAD_ADDED: opens the pad if the controller has none and
 *   the pad is allowed (akgl_controller_set_gamepad).
 * - SDL_EVENT_GAMEPAD_REMOVED of its pad: everything the pad held comes up
 *   (the action callback is told), and the pad is closed.
 * - Anything else: ignored.
 *
 * It allocates nothing itself (SDL_OpenGamepad, on a hot-plug, allocates
 * SDL's own record of the pad).
 * @param c The controller.
 * @param e The event (borrowed).
 * @return NULL (unbound and ignored events included); AKERR_NULLPOINTER;
 *         AKERR_API when SDL cannot open an added pad; the first error the
 *         action callback returned (the event is applied all the same).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_handle_event(akgl_Controller *c,
                                                                const SDL_Event *e);

/**
 * @brief Whether action @p name is down (any of its inputs is).
 * @param c    The controller.
 * @param name The action's name.
 * @param dest Gets whether it is down.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY, quoting the name, when the
 *         controller has no such action (*dest is then false).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_action_down(const akgl_Controller *c,
                                                               const char *name, bool *dest);

/**
 * @brief Replaces the controller's bindings and actions with those in a
 *        JSON file.
 *
 * The format (every section optional; see docs/16-input.md):
 * @code
 * {
 *   "keys":    { "Left": ["AKGL_ACTOR_STATE_MOVING_LEFT"], ... },
 *   "buttons": { "dpleft": ["AKGL_ACTOR_STATE_MOVING_LEFT"], ... },
 *   "axes":    { "leftx": { "negative": ["AKGL_ACTOR_STATE_MOVING_LEFT"],
 *                           "positive": ["AKGL_ACTOR_STATE_MOVING_RIGHT"],
 *                           "deadzone": 0.25 } },
 *   "actions": { "jump": { "keys": ["Space"], "buttons": ["south"] } }
 * }
 * @endcode
 * Key names are SDL's scancode names (SDL_GetScancodeFromName, any case);
 * buttons are SDL's gamepad button names ("a", "dpleft", "start"...) or
 * "south", "east", "west", "north"; axes are SDL's ("leftx", "lefty",
 * "rightx", "righty", "lefttrigger", "righttrigger"); states are the names
 * in AKGL_REGISTRY_ACTOR_STATE_STRINGS ("AKGL_ACTOR_STATE_MOVING_LEFT").
 *
 * The whole file is read and checked into a scratch controller first, so a
 * bad file changes nothing. On success every bit the old bindings held is
 * let go (without callbacks) and the new tables are copied in; the actor,
 * gamepad and callback stay.
 * @param c        The controller.
 * @param filename The JSON file.
 * @return NULL; AKERR_NULLPOINTER; the errno status (ENOENT...) when the file
 *         cannot be opened; AKERR_FORMAT (file:line:column) for invalid JSON;
 *         AKERR_TYPE naming the key whose value has the wrong JSON type;
 *         AKERR_KEY quoting an unknown section, member, key, button, axis or
 *         state name; AKERR_VALUE for two names of one key or button, or an
 *         empty action name; AKERR_OUTOFBOUNDS for a deadzone outside 0..1,
 *         an action name too long, or more bindings, actions or action inputs
 *         than the capacities (the message gives the limit). Every message
 *         starts with the file's name.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_controller_load_json(akgl_Controller *c,
                                                             const char *filename);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_CONTROLLER_H */
