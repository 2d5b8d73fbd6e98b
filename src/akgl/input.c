/*
 * Polling input (akgl/input.h): one table of keys, mouse buttons and
 * gamepads, written by akgl_input_handle_event and read by the queries.
 *
 * Edges are stamped, not flagged: a button remembers the input frame it last
 * went down in and the one it last came up in, and it reads "pressed" while
 * that is the frame in progress. Ending a frame is then one increment, with
 * no sweep over the tables, and a press and release inside one frame keep
 * both their edges.
 */
#include <akgl/input.h>

#include <akgl/camera.h>

#include <akgl/game_object.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <string.h>

/* One key or button: down now, and the input frames of its last edges
 * (0: never; frames count from 1). */
typedef struct InputButton
{
    uint64_t pressed;
    uint64_t released;
    bool down;
} InputButton;

/* A gamepad slot; pad is NULL while it is free. */
typedef struct InputPad
{
    SDL_Gamepad *pad;
    SDL_JoystickID id;
    InputButton buttons[SDL_GAMEPAD_BUTTON_COUNT];
    float axes[SDL_GAMEPAD_AXIS_COUNT];
} InputPad;

static struct
{
    uint64_t frame; /* the input frame in progress */
    InputButton keys[SDL_SCANCODE_COUNT];
    InputButton mouse[AKGL_INPUT_MAX_MOUSE_BUTTONS]; /* button b at b - 1 */
    float mouse_x, mouse_y;
    float wheel_x, wheel_y;
    InputPad pads[AKGL_INPUT_MAX_GAMEPADS];
} input = {.frame = 1};

static void press(InputButton *b)
{
    if (!b->down) {
        b->down = true;
        b->pressed = input.frame;
    }
}

static void release(InputButton *b)
{
    if (b->down) {
        b->down = false;
        b->released = input.frame;
    }
}

/* An axis value as the queries give it: value / 32767, clamped to -1..1. */
static float axis_value(Sint16 value)
{
    float v = (float)value / 32767.0f;
    return v < -1.0f ? -1.0f : v;
}

/* ------------------------------------------------------------------------ */
/* Gamepad slots                                                            */
/* ------------------------------------------------------------------------ */

/* The slot of pad `id`, or NULL. AKGL_INPUT_MAX_GAMEPADS entries at most. */
static InputPad *pad_of(SDL_JoystickID id)
{
    for (int i = 0; i < AKGL_INPUT_MAX_GAMEPADS; i++) {
        if (input.pads[i].pad != NULL && input.pads[i].id == id) {
            return &input.pads[i];
        }
    }
    return NULL;
}

static akerr_ErrorContext *pad_added(SDL_JoystickID id)
{
    PREPARE_ERROR(errctx);
    if (pad_of(id) != NULL) {
        SUCCEED_RETURN(errctx); /* SDL may report one pad twice */
    }
    InputPad *slot = NULL;
    for (int i = 0; i < AKGL_INPUT_MAX_GAMEPADS && slot == NULL; i++) {
        slot = input.pads[i].pad == NULL ? &input.pads[i] : NULL;
    }
    if (slot == NULL) {
        SDL_Log("akgl_input: gamepad %" SDL_PRIu32 " left alone: all %d gamepad slots are taken "
                "(AKGL_INPUT_MAX_GAMEPADS)", id, AKGL_INPUT_MAX_GAMEPADS);
        SUCCEED_RETURN(errctx);
    }
    SDL_Gamepad *pad = SDL_OpenGamepad(id);
    FAIL_ZERO_RETURN(errctx, pad, AKERR_API, "akgl_input: cannot open gamepad %" SDL_PRIu32
                     ": %s", id, SDL_GetError());
    memset(slot, 0, sizeof(*slot));
    slot->pad = pad;
    slot->id = id;
    /* What is held already reads down, without an edge. */
    for (int b = 0; b < SDL_GAMEPAD_BUTTON_COUNT; b++) {
        slot->buttons[b].down = SDL_GetGamepadButton(pad, (SDL_GamepadButton)b);
    }
    for (int a = 0; a < SDL_GAMEPAD_AXIS_COUNT; a++) {
        slot->axes[a] = axis_value(SDL_GetGamepadAxis(pad, (SDL_GamepadAxis)a));
    }
    SUCCEED_RETURN(errctx);
}

static void pad_close(InputPad *slot)
{
    SDL_CloseGamepad(slot->pad);
    memset(slot, 0, sizeof(*slot));
}

/* ------------------------------------------------------------------------ */
/* Feeding                                                                  */
/* ------------------------------------------------------------------------ */

/* A mouse event's coordinates, mapped to the logical screen on a copy. */
static akerr_ErrorContext *mouse_event(const SDL_Event *event)
{
    SDL_Event e = *event;
    float sign = 1.0f;
    PREPARE_ERROR(errctx);
    if (game.renderer != NULL && game.renderer->sdl_renderer != NULL) {
        PASS(errctx, akgl_render_map_event(game.renderer, &e));
    }
    switch (e.type) {
    case SDL_EVENT_MOUSE_MOTION:
        input.mouse_x = e.motion.x;
        input.mouse_y = e.motion.y;
        break;
    case SDL_EVENT_MOUSE_BUTTON_DOWN:
    case SDL_EVENT_MOUSE_BUTTON_UP:
        input.mouse_x = e.button.x;
        input.mouse_y = e.button.y;
        if (e.button.button >= 1 && e.button.button <= AKGL_INPUT_MAX_MOUSE_BUTTONS) {
            InputButton *b = &input.mouse[e.button.button - 1];
            if (e.type == SDL_EVENT_MOUSE_BUTTON_DOWN) {
                press(b);
            } else {
                release(b);
            }
        }
        break;
    default: /* SDL_EVENT_MOUSE_WHEEL */
        input.mouse_x = e.wheel.mouse_x;
        input.mouse_y = e.wheel.mouse_y;
        sign = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -1.0f : 1.0f;
        input.wheel_x += sign * e.wheel.x;
        input.wheel_y += sign * e.wheel.y;
        break;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_input_handle_event(const SDL_Event *event)
{
    InputPad *slot = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, event, AKERR_NULLPOINTER, "akgl_input_handle_event: NULL event");
    switch (event->type) {
    case SDL_EVENT_KEY_DOWN:
    case SDL_EVENT_KEY_UP:
        if (!event->key.repeat && (int)event->key.scancode >= 0 &&
            (int)event->key.scancode < SDL_SCANCODE_COUNT) {
            InputButton *b = &input.keys[event->key.scancode];
            if (event->type == SDL_EVENT_KEY_DOWN) {
                press(b);
            } else {
                release(b);
            }
        }
        break;
    case SDL_EVENT_MOUSE_MOTION:
    case SDL_EVENT_MOUSE_BUTTON_DOWN:
    case SDL_EVENT_MOUSE_BUTTON_UP:
    case SDL_EVENT_MOUSE_WHEEL:
        PASS(errctx, mouse_event(event));
        break;
    case SDL_EVENT_GAMEPAD_BUTTON_DOWN:
    case SDL_EVENT_GAMEPAD_BUTTON_UP:
        slot = pad_of(event->gbutton.which);
        if (slot != NULL && event->gbutton.button < SDL_GAMEPAD_BUTTON_COUNT) {
            InputButton *b = &slot->buttons[event->gbutton.button];
            if (event->type == SDL_EVENT_GAMEPAD_BUTTON_DOWN) {
                press(b);
            } else {
                release(b);
            }
        }
        break;
    case SDL_EVENT_GAMEPAD_AXIS_MOTION:
        slot = pad_of(event->gaxis.which);
        if (slot != NULL && event->gaxis.axis < SDL_GAMEPAD_AXIS_COUNT) {
            slot->axes[event->gaxis.axis] = axis_value(event->gaxis.value);
        }
        break;
    case SDL_EVENT_GAMEPAD_ADDED:
        PASS(errctx, pad_added(event->gdevice.which));
        break;
    case SDL_EVENT_GAMEPAD_REMOVED:
        slot = pad_of(event->gdevice.which);
        if (slot != NULL) {
            pad_close(slot);
        }
        break;
    default:
        break;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_input_end_frame(void)
{
    PREPARE_ERROR(errctx);
    input.frame++; /* 64 bits: never wraps */
    input.wheel_x = 0.0f;
    input.wheel_y = 0.0f;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_input_reset(void)
{
    PREPARE_ERROR(errctx);
    for (int i = 0; i < AKGL_INPUT_MAX_GAMEPADS; i++) {
        if (input.pads[i].pad != NULL) {
            SDL_CloseGamepad(input.pads[i].pad);
        }
    }
    memset(&input, 0, sizeof(input));
    input.frame = 1;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Keys and mouse buttons                                                   */
/* ------------------------------------------------------------------------ */

static const InputButton *key_of(SDL_Scancode key)
{
    return (int)key >= 0 && (int)key < SDL_SCANCODE_COUNT ? &input.keys[key] : NULL;
}

static const InputButton *mouse_of(int button)
{
    return button >= 1 && button <= AKGL_INPUT_MAX_MOUSE_BUTTONS ? &input.mouse[button - 1]
                                                                  : NULL;
}

static bool is_down(const InputButton *b) { return b != NULL && b->down; }
static bool was_pressed(const InputButton *b) { return b != NULL && b->pressed == input.frame; }
static bool was_released(const InputButton *b) { return b != NULL && b->released == input.frame; }

bool akgl_input_key_down(SDL_Scancode key) { return is_down(key_of(key)); }
bool akgl_input_key_pressed(SDL_Scancode key) { return was_pressed(key_of(key)); }
bool akgl_input_key_released(SDL_Scancode key) { return was_released(key_of(key)); }

bool akgl_input_mouse_button_down(int button) { return is_down(mouse_of(button)); }
bool akgl_input_mouse_button_pressed(int button) { return was_pressed(mouse_of(button)); }
bool akgl_input_mouse_button_released(int button) { return was_released(mouse_of(button)); }

/* ------------------------------------------------------------------------ */
/* Mouse position                                                           */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_input_mouse_position(float *x, float *y)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, x == NULL && y == NULL, AKERR_NULLPOINTER,
                        "akgl_input_mouse_position: NULL x and y (give at least one)");
    if (x != NULL) {
        *x = input.mouse_x;
    }
    if (y != NULL) {
        *y = input.mouse_y;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_input_mouse_world(float *x, float *y)
{
    float wx = 0.0f, wy = 0.0f;
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, x == NULL && y == NULL, AKERR_NULLPOINTER,
                        "akgl_input_mouse_world: NULL x and y (give at least one)");
    /* Through the camera's zoom, rotation and shake, as drawing goes the
     * other way; no camera is the identity. */
    if (game.camera != NULL) {
        PASS(errctx, akgl_camera_screen_to_world(game.camera, input.mouse_x, input.mouse_y, &wx,
                                                 &wy));
    } else {
        wx = input.mouse_x;
        wy = input.mouse_y;
    }
    if (x != NULL) {
        *x = wx;
    }
    if (y != NULL) {
        *y = wy;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_input_mouse_wheel(float *x, float *y)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, x == NULL && y == NULL, AKERR_NULLPOINTER,
                        "akgl_input_mouse_wheel: NULL x and y (give at least one)");
    if (x != NULL) {
        *x = input.wheel_x;
    }
    if (y != NULL) {
        *y = input.wheel_y;
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Gamepads                                                                 */
/* ------------------------------------------------------------------------ */

static const InputPad *slot_of(int index)
{
    const InputPad *slot = index >= 0 && index < AKGL_INPUT_MAX_GAMEPADS ? &input.pads[index]
                                                                          : NULL;
    return slot != NULL && slot->pad != NULL ? slot : NULL;
}

static const InputButton *pad_button_of(int index, SDL_GamepadButton button)
{
    const InputPad *slot = slot_of(index);
    return slot != NULL && (int)button >= 0 && (int)button < SDL_GAMEPAD_BUTTON_COUNT
               ? &slot->buttons[button]
               : NULL;
}

SDL_JoystickID akgl_input_gamepad_id(int index)
{
    const InputPad *slot = slot_of(index);
    return slot != NULL ? slot->id : 0;
}

akerr_ErrorContext *akgl_input_gamepad_index(SDL_JoystickID id, int *index)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, index, AKERR_NULLPOINTER, "akgl_input_gamepad_index: NULL index");
    *index = -1;
    const InputPad *slot = id != 0 ? pad_of(id) : NULL;
    FAIL_ZERO_RETURN(errctx, slot, AKERR_KEY, "akgl_input_gamepad_index: no gamepad slot holds "
                     "gamepad %" SDL_PRIu32 " (not added, removed, or beyond the %d slots)", id,
                     AKGL_INPUT_MAX_GAMEPADS);
    *index = (int)(slot - input.pads);
    SUCCEED_RETURN(errctx);
}

bool akgl_input_gamepad_button_down(int index, SDL_GamepadButton button)
{
    return is_down(pad_button_of(index, button));
}

bool akgl_input_gamepad_button_pressed(int index, SDL_GamepadButton button)
{
    return was_pressed(pad_button_of(index, button));
}

bool akgl_input_gamepad_button_released(int index, SDL_GamepadButton button)
{
    return was_released(pad_button_of(index, button));
}

float akgl_input_gamepad_axis(int index, SDL_GamepadAxis axis)
{
    const InputPad *slot = slot_of(index);
    return slot != NULL && (int)axis >= 0 && (int)axis < SDL_GAMEPAD_AXIS_COUNT ? slot->axes[axis]
                                                                                 : 0.0f;
}
