/**
 * @file akgl/input.h
 * @brief Polling input: is a key, mouse button or gamepad button down, was
 *        it pressed or released this frame; where the mouse is, on the
 *        screen and in the world; how far a gamepad's sticks and triggers are
 *        pushed.
 *
 * Layer: world (docs/03-layers.md): the world position goes through the
 * camera.
 *
 * One input state for the program, fed from SDL's events: the application
 * runner hands it every event itself; a game with its own loop or SDL's main
 * callbacks calls akgl_input_handle_event once per event, as SDL delivers it
 * (with the game state lock held when events arrive on another thread than
 * the frames, as for akgl_controller_handle_event; the queries then read
 * from inside the frame, which akgl_game_frame runs with the lock held, or
 * take it). Nothing is allocated (SDL's own record of an opened gamepad
 * aside) and every table has a fixed size: every scancode,
 * AKGL_INPUT_MAX_MOUSE_BUTTONS mouse buttons, AKGL_INPUT_MAX_GAMEPADS
 * gamepads.
 *
 * **The input frame.** "Pressed" and "released" are edges: what happened
 * since the input frame began. akgl_game_update ends the input frame as it
 * ends (after the overlay, whether it succeeded or not), so everything a
 * frame runs sees the same edges: the events of the frame, the runner's
 * frame callback, the actors' hooks and the overlay. A game that never calls
 * akgl_game_update ends its frames with akgl_input_end_frame. An edge is
 * exact: a key pressed and released between two frame ends reads pressed,
 * released and not down; one released and pressed again reads all three.
 *
 * **Why most of these return a value.** The key, button and axis queries
 * give an answer for every argument, so, like akgl_time_now and
 * akgl_time_paused, they return it instead of an error context: a scancode,
 * button, axis or gamepad index outside its range names nothing that can be
 * down, so it reads false (and an axis 0), as does a gamepad slot with no
 * pad in it. The functions that write through pointers or can fail return an
 * error context as every other akgl call does.
 */
#ifndef AKGL_INPUT_H
#define AKGL_INPUT_H

#include <akerror.h>
#include <akgl/limits.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Feeding                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * @brief Applies one SDL event to the input state; events of no interest are
 *        ignored.
 *
 * Keys (a repeat, a second down or an up without a down changes nothing),
 * mouse motion, buttons and wheel (positions mapped to the bound renderer's
 * logical coordinates, akgl_render_map_event, on a copy: hand it the event as
 * SDL delivered it, not one already mapped), gamepads added (opened, into the
 * lowest free slot, with the buttons and axes SDL reports for them now) and
 * removed (closed, the slot emptied), their buttons and axes. A pad added while
 * all AKGL_INPUT_MAX_GAMEPADS slots are taken is left alone, with one line of
 * log.
 * @param event The event (not changed).
 * @return NULL; AKERR_NULLPOINTER for a NULL event; AKERR_API naming the
 *         gamepad and SDL's reason when an added pad cannot be opened (the
 *         slot stays free), or when SDL cannot map a mouse event's
 *         coordinates (the input state is left as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_input_handle_event(const SDL_Event *event);

/**
 * @brief Ends the input frame: from now on nothing reads pressed or
 *        released until a new event says so, and the wheel reads 0. What is
 *        down stays down. akgl_game_update calls it as it ends; call it only
 *        in a loop that does not call akgl_game_update, once per frame.
 * @return NULL; it cannot fail.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_input_end_frame(void);

/**
 * @brief Forgets everything: nothing down, no edges, the mouse at (0, 0),
 *        every gamepad slot closed and emptied. akgl_game_quit calls it; a
 *        program that stops SDL itself does so after akgl_game_quit.
 * @return NULL; it cannot fail.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_input_reset(void);

/* ------------------------------------------------------------------------ */
/* Keys                                                                     */
/* ------------------------------------------------------------------------ */

/**
 * @brief Whether @p key is down.
 * @param key A key by position (SDL_SCANCODE_SPACE), 0..SDL_SCANCODE_COUNT-1.
 * @return True while it is down; false outside the range.
 */
bool akgl_input_key_down(SDL_Scancode key);

/**
 * @brief Whether @p key went down during this input frame.
 * @param key A key by position, 0..SDL_SCANCODE_COUNT-1.
 * @return True when it did (even if it is up again); false outside the range.
 */
bool akgl_input_key_pressed(SDL_Scancode key);

/**
 * @brief Whether @p key came up during this input frame.
 * @param key A key by position, 0..SDL_SCANCODE_COUNT-1.
 * @return True when it did (even if it is down again); false outside the range.
 */
bool akgl_input_key_released(SDL_Scancode key);

/* ------------------------------------------------------------------------ */
/* The mouse                                                                */
/* ------------------------------------------------------------------------ */

/**
 * @brief Whether mouse button @p button is down (any mouse).
 * @param button SDL_BUTTON_LEFT (1), _MIDDLE, _RIGHT, _X1, _X2, ... up to
 *               AKGL_INPUT_MAX_MOUSE_BUTTONS.
 * @return True while it is down; false outside 1..AKGL_INPUT_MAX_MOUSE_BUTTONS.
 */
bool akgl_input_mouse_button_down(int button);

/**
 * @brief Whether mouse button @p button went down during this input frame.
 * @param button 1..AKGL_INPUT_MAX_MOUSE_BUTTONS (SDL_BUTTON_LEFT, ...).
 * @return True when it did; false outside the range.
 */
bool akgl_input_mouse_button_pressed(int button);

/**
 * @brief Whether mouse button @p button came up during this input frame.
 * @param button 1..AKGL_INPUT_MAX_MOUSE_BUTTONS (SDL_BUTTON_LEFT, ...).
 * @return True when it did; false outside the range.
 */
bool akgl_input_mouse_button_released(int button);

/**
 * @brief Where the mouse is, in the logical coordinates the game draws its
 *        overlay in (the window's pixels when there is no logical size, or
 *        no bound renderer): its last motion, button or wheel event. (0, 0)
 *        before the first.
 * @param x Gets the x, or NULL.
 * @param y Gets the y, or NULL.
 * @return NULL; AKERR_NULLPOINTER when both are NULL.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_input_mouse_position(float *x, float *y);

/**
 * @brief Where the mouse is in the world: its logical position seen through
 *        the bound camera (game.camera), so what the pointer is over. With no
 *        camera, the logical position.
 * @param x Gets the world x, or NULL.
 * @param y Gets the world y, or NULL.
 * @return NULL; AKERR_NULLPOINTER when both are NULL.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_input_mouse_world(float *x, float *y);

/**
 * @brief How far the wheel turned during this input frame, summed over its
 *        events: y positive away from the user, x positive to the right
 *        (SDL's flipped direction turned back), in notches or fractions of
 *        one.
 * @param x Gets the horizontal amount, or NULL.
 * @param y Gets the vertical amount, or NULL.
 * @return NULL; AKERR_NULLPOINTER when both are NULL.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_input_mouse_wheel(float *x, float *y);

/* ------------------------------------------------------------------------ */
/* Gamepads                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * @brief The instance id of the gamepad in slot @p index: slots are given in
 *        the order pads are added, each to the lowest free one, and a pad
 *        keeps its slot until it is removed.
 * @param index 0..AKGL_INPUT_MAX_GAMEPADS-1.
 * @return The pad's SDL_JoystickID, for akgl_controller_set_gamepad; 0 when
 *         the slot is empty or @p index is outside the range.
 */
SDL_JoystickID akgl_input_gamepad_id(int index);

/**
 * @brief The slot of the gamepad whose instance id is @p id.
 * @param id    The pad's SDL_JoystickID (from its SDL_EVENT_GAMEPAD_ADDED).
 * @param index Gets the slot; -1 on failure.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p index; AKERR_KEY naming @p id
 *         when no slot holds that pad.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_input_gamepad_index(SDL_JoystickID id, int *index);

/**
 * @brief Whether @p button of the gamepad in slot @p index is down.
 * @param index  0..AKGL_INPUT_MAX_GAMEPADS-1.
 * @param button SDL_GAMEPAD_BUTTON_SOUTH ... 0..SDL_GAMEPAD_BUTTON_COUNT-1.
 * @return True while it is down; false for an empty slot or an argument
 *         outside its range.
 */
bool akgl_input_gamepad_button_down(int index, SDL_GamepadButton button);

/**
 * @brief Whether @p button of the gamepad in slot @p index went down during
 *        this input frame.
 * @param index  0..AKGL_INPUT_MAX_GAMEPADS-1.
 * @param button 0..SDL_GAMEPAD_BUTTON_COUNT-1.
 * @return True when it did; false for an empty slot or an argument outside
 *         its range.
 */
bool akgl_input_gamepad_button_pressed(int index, SDL_GamepadButton button);

/**
 * @brief Whether @p button of the gamepad in slot @p index came up during
 *        this input frame.
 * @param index  0..AKGL_INPUT_MAX_GAMEPADS-1.
 * @param button 0..SDL_GAMEPAD_BUTTON_COUNT-1.
 * @return True when it did; false for an empty slot or an argument outside
 *         its range.
 */
bool akgl_input_gamepad_button_released(int index, SDL_GamepadButton button);

/**
 * @brief How far @p axis of the gamepad in slot @p index is pushed: SDL's
 *        value / 32767, clamped to -1..1. Sticks read -1 left and up, 1 right
 *        and down; triggers 0..1. No deadzone is applied.
 * @param index 0..AKGL_INPUT_MAX_GAMEPADS-1.
 * @param axis  SDL_GAMEPAD_AXIS_LEFTX ... 0..SDL_GAMEPAD_AXIS_COUNT-1.
 * @return The position; 0 for an empty slot or an argument outside its range.
 */
float akgl_input_gamepad_axis(int index, SDL_GamepadAxis axis);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_INPUT_H */
