/*
 * Polling input (akgl/input.h), fed real SDL3 events: synthetic ones pushed
 * with SDL_PushEvent and read back with SDL_PollEvent, a window and renderer
 * with a logical size for the mouse, and SDL virtual joysticks described as
 * gamepads, whose buttons and axes SDL turns into gamepad events.
 *
 * Checked: down, pressed and released across input frames, ended by
 * akgl_input_end_frame and by akgl_game_update; a press and a release inside
 * one frame; repeats and unmatched ups; the wheel; the mouse in logical and
 * world coordinates under a moved camera; gamepad slots, buttons and axes,
 * hot-plug and full slots; every bad argument. Each case leaves nothing
 * down, no gamepad tracked and (via the harness) every pool and error
 * context as it found them.
 */
#include <akgl/camera.h>
#include <akgl/game.h>
#include <akgl/input.h>
#include <akgl/registry.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "akgl_test.h"
#include "event_fixture.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* Every queued event into the input state, each of which must succeed. */
static void feed(void)
{
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        CHECK_OK(akgl_input_handle_event(&e));
    }
}

static void push_mouse_button(SDL_WindowID window, Uint8 button, bool down, float x, float y)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = down ? SDL_EVENT_MOUSE_BUTTON_DOWN : SDL_EVENT_MOUSE_BUTTON_UP;
    e.button.windowID = window;
    e.button.button = button;
    e.button.down = down;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    push(&e);
}

static void push_motion(SDL_WindowID window, float x, float y)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_MOUSE_MOTION;
    e.motion.windowID = window;
    e.motion.x = x;
    e.motion.y = y;
    push(&e);
}

static void push_wheel(float x, float y, SDL_MouseWheelDirection direction)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_MOUSE_WHEEL;
    e.wheel.x = x;
    e.wheel.y = y;
    e.wheel.direction = direction;
    push(&e);
}

/* The three answers for a key, as one number: 4 down, 2 pressed, 1 released. */
static int key_bits(SDL_Scancode sc)
{
    return (akgl_input_key_down(sc) ? 4 : 0) | (akgl_input_key_pressed(sc) ? 2 : 0) |
           (akgl_input_key_released(sc) ? 1 : 0);
}

static int mouse_bits(int button)
{
    return (akgl_input_mouse_button_down(button) ? 4 : 0) |
           (akgl_input_mouse_button_pressed(button) ? 2 : 0) |
           (akgl_input_mouse_button_released(button) ? 1 : 0);
}

static int pad_bits(int index, SDL_GamepadButton button)
{
    return (akgl_input_gamepad_button_down(index, button) ? 4 : 0) |
           (akgl_input_gamepad_button_pressed(index, button) ? 2 : 0) |
           (akgl_input_gamepad_button_released(index, button) ? 1 : 0);
}

#define DOWN 4
#define PRESSED 2
#define RELEASED 1

static void end_frame(void)
{
    CHECK_OK(akgl_input_end_frame());
}

/* A virtual joystick SDL takes for a gamepad: virtual button i is
 * SDL_GamepadButton i, virtual axis i SDL_GamepadAxis i. */
static SDL_JoystickID attach_pad(void)
{
    SDL_VirtualJoystickDesc desc;
    SDL_INIT_INTERFACE(&desc);
    desc.type = SDL_JOYSTICK_TYPE_GAMEPAD;
    desc.naxes = SDL_GAMEPAD_AXIS_COUNT;
    desc.nbuttons = SDL_GAMEPAD_BUTTON_COUNT;
    desc.name = "akgl virtual pad";
    SDL_JoystickID id = SDL_AttachVirtualJoystick(&desc);
    CHECK_MSG(id != 0, "SDL_AttachVirtualJoystick: %s", SDL_GetError());
    CHECK(SDL_IsGamepad(id));
    return id;
}

static void detach_pad(SDL_JoystickID id)
{
    CHECK_MSG(SDL_DetachVirtualJoystick(id), "SDL_DetachVirtualJoystick: %s", SDL_GetError());
}

/* The joystick of a pad the input state has opened (no reference taken). */
static SDL_Joystick *pad_joystick(SDL_JoystickID id)
{
    SDL_Gamepad *pad = SDL_GetGamepadFromID(id);
    SDL_Joystick *joy = pad != NULL ? SDL_GetGamepadJoystick(pad) : NULL;
    CHECK_MSG(joy != NULL, "gamepad %u is not open", (unsigned int)id);
    return joy;
}

static void set_pad_button(SDL_JoystickID id, SDL_GamepadButton button, bool down)
{
    SDL_Joystick *joy = pad_joystick(id);
    if (joy != NULL) {
        CHECK_MSG(SDL_SetJoystickVirtualButton(joy, (int)button, down),
                  "SDL_SetJoystickVirtualButton: %s", SDL_GetError());
    }
}

static void set_pad_axis(SDL_JoystickID id, SDL_GamepadAxis axis, Sint16 value)
{
    SDL_Joystick *joy = pad_joystick(id);
    if (joy != NULL) {
        CHECK_MSG(SDL_SetJoystickVirtualAxis(joy, (int)axis, value),
                  "SDL_SetJoystickVirtualAxis: %s", SDL_GetError());
    }
}

static int slot_of(SDL_JoystickID id)
{
    int index = -2;
    CHECK_OK(akgl_input_gamepad_index(id, &index));
    return index;
}

/* Harness counters: every case must leave nothing down and no pad tracked. */
static int inputs_down(void)
{
    int n = 0;
    for (int sc = 0; sc < SDL_SCANCODE_COUNT; sc++) {
        n += akgl_input_key_down((SDL_Scancode)sc);
    }
    for (int b = 1; b <= AKGL_INPUT_MAX_MOUSE_BUTTONS; b++) {
        n += akgl_input_mouse_button_down(b);
    }
    return n;
}

static int pads_tracked(void)
{
    int n = 0;
    for (int i = 0; i < AKGL_INPUT_MAX_GAMEPADS; i++) {
        n += akgl_input_gamepad_id(i) != 0;
    }
    return n;
}

/* ------------------------------------------------------------------------ */
/* Keys                                                                     */
/* ------------------------------------------------------------------------ */

static void test_keys_across_frames(void)
{
    drain();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_SPACE), 0);

    push_key(SDL_SCANCODE_SPACE, true, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_SPACE), DOWN | PRESSED);
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_A), 0); /* only that key */

    /* Held into the next frame: down, no edge. Repeats add none. */
    end_frame();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_SPACE), DOWN);
    push_key(SDL_SCANCODE_SPACE, true, true);
    push_key(SDL_SCANCODE_SPACE, true, true);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_SPACE), DOWN);
    /* A second down without an up (two keyboards) adds none either. */
    push_key(SDL_SCANCODE_SPACE, true, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_SPACE), DOWN);

    end_frame();
    push_key(SDL_SCANCODE_SPACE, false, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_SPACE), RELEASED);
    end_frame();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_SPACE), 0);

    /* An up for a key never seen down is no release. */
    push_key(SDL_SCANCODE_B, false, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_B), 0);
    /* A repeat for a key not down does not make it down. */
    push_key(SDL_SCANCODE_C, true, true);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_C), 0);
    end_frame();
}

static void test_press_and_release_in_one_frame(void)
{
    drain();
    /* Tapped between two frame ends: pressed and released, not down. */
    push_key(SDL_SCANCODE_Z, true, false);
    push_key(SDL_SCANCODE_Z, false, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_Z), PRESSED | RELEASED);
    end_frame();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_Z), 0);

    /* Held, let go and pressed again inside one frame: all three. */
    push_key(SDL_SCANCODE_Z, true, false);
    feed();
    end_frame();
    push_key(SDL_SCANCODE_Z, false, false);
    push_key(SDL_SCANCODE_Z, true, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_Z), DOWN | PRESSED | RELEASED);
    end_frame();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_Z), DOWN);
    push_key(SDL_SCANCODE_Z, false, false);
    feed();
    end_frame();

    /* The same for a mouse button. */
    push_mouse_button(0, SDL_BUTTON_RIGHT, true, 1.0f, 1.0f);
    push_mouse_button(0, SDL_BUTTON_RIGHT, false, 1.0f, 1.0f);
    feed();
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_RIGHT), PRESSED | RELEASED);
    end_frame();
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_RIGHT), 0);
}

/* The game's frame ends the input frame: the edges last until
 * akgl_game_update returns, whatever it returned. */
static void test_the_game_update_ends_the_frame(void)
{
    drain();
    push_key(SDL_SCANCODE_UP, true, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_UP), DOWN | PRESSED);
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_UP), DOWN);
    push_key(SDL_SCANCODE_UP, false, false);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_UP), RELEASED);
    CHECK_OK(akgl_game_frame()); /* lock, update, unlock */
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_UP), 0);
}

/* ------------------------------------------------------------------------ */
/* The mouse                                                                */
/* ------------------------------------------------------------------------ */

static void test_mouse_buttons_and_wheel(void)
{
    float x = -1.0f, y = -1.0f;
    drain();
    push_mouse_button(0, SDL_BUTTON_LEFT, true, 12.0f, 34.0f);
    feed();
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_LEFT), DOWN | PRESSED);
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_MIDDLE), 0);
    /* No renderer bound: a button's position is the event's. */
    CHECK_OK(akgl_input_mouse_position(&x, &y));
    CHECK(x == 12.0f && y == 34.0f);
    end_frame();
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_LEFT), DOWN);
    push_mouse_button(0, SDL_BUTTON_LEFT, false, 13.0f, 35.0f);
    feed();
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_LEFT), RELEASED);
    end_frame();
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_LEFT), 0);

    /* The highest button tracked, and one past it (ignored). */
    push_mouse_button(0, AKGL_INPUT_MAX_MOUSE_BUTTONS, true, 0.0f, 0.0f);
    push_mouse_button(0, AKGL_INPUT_MAX_MOUSE_BUTTONS + 1, true, 0.0f, 0.0f);
    feed();
    CHECK_INT_EQ(mouse_bits(AKGL_INPUT_MAX_MOUSE_BUTTONS), DOWN | PRESSED);
    CHECK_INT_EQ(mouse_bits(AKGL_INPUT_MAX_MOUSE_BUTTONS + 1), 0);
    push_mouse_button(0, AKGL_INPUT_MAX_MOUSE_BUTTONS, false, 0.0f, 0.0f);
    feed();
    end_frame();

    /* The wheel: summed over the frame, flipped turned back, 0 after it. */
    x = y = -1.0f;
    CHECK_OK(akgl_input_mouse_wheel(&x, &y));
    CHECK(x == 0.0f && y == 0.0f);
    push_wheel(0.0f, 1.0f, SDL_MOUSEWHEEL_NORMAL);
    push_wheel(0.5f, 2.0f, SDL_MOUSEWHEEL_NORMAL);
    push_wheel(0.0f, 1.0f, SDL_MOUSEWHEEL_FLIPPED);
    feed();
    CHECK_OK(akgl_input_mouse_wheel(&x, &y));
    CHECK_MSG(x == 0.5f && y == 2.0f, "wheel (%g, %g)", (double)x, (double)y);
    CHECK_OK(akgl_input_mouse_wheel(NULL, &y)); /* either alone */
    CHECK(y == 2.0f);
    CHECK_OK(akgl_input_mouse_wheel(&x, NULL));
    CHECK(x == 0.5f);
    end_frame();
    CHECK_OK(akgl_input_mouse_wheel(&x, &y));
    CHECK(x == 0.0f && y == 0.0f);
}

/* A 640 x 360 window drawing at 320 x 180: window pixels are halved. */
static bool open_window(akgl_Renderer *r)
{
    SDL_zerop(r);
    CHECK_OK(akgl_set_property("game.screenwidth", "640"));
    CHECK_OK(akgl_set_property("game.screenheight", "360"));
    CHECK_OK(akgl_set_property("game.logicalwidth", "320"));
    CHECK_OK(akgl_set_property("game.logicalheight", "180"));
    akerr_ErrorContext *e = akgl_render_2d_init(r);
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "akgl_render_2d_init: %s", e->message);
        e = akerr_release_error(e);
        return false;
    }
    return true;
}

static void close_window(akgl_Renderer *r)
{
    if (r->shutdown != NULL) {
        CHECK_OK(r->shutdown(r));
    }
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalwidth");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalheight");
}

static void test_mouse_position_logical_and_world(void)
{
    akgl_Renderer r;
    float x = -1.0f, y = -1.0f;
    drain();
    if (!open_window(&r)) {
        close_window(&r);
        return;
    }
    CHECK(game.renderer == &r && game.camera == r.camera);
    SDL_WindowID window = SDL_GetWindowID(r.window);
    drain(); /* the window's own events */

    /* Window pixel (100, 50) is logical (50, 25); the camera at (0, 0)
     * makes world and screen the same. */
    push_motion(window, 100.0f, 50.0f);
    SDL_Event e, seen;
    SDL_zero(seen);
    while (SDL_PollEvent(&e)) {
        CHECK_OK(akgl_input_handle_event(&e));
        seen = e.type == SDL_EVENT_MOUSE_MOTION ? e : seen;
    }
    CHECK(seen.motion.x == 100.0f && seen.motion.y == 50.0f); /* mapped on a copy */
    CHECK_OK(akgl_input_mouse_position(&x, &y));
    CHECK_MSG(x == 50.0f && y == 25.0f, "logical (%g, %g)", (double)x, (double)y);
    CHECK_OK(akgl_input_mouse_world(&x, &y));
    CHECK_MSG(x == 50.0f && y == 25.0f, "world (%g, %g)", (double)x, (double)y);

    /* The camera moved: the same pointer is over another place. */
    game.camera->x = 200.0f;
    game.camera->y = 40.0f;
    CHECK_OK(akgl_input_mouse_position(&x, &y));
    CHECK(x == 50.0f && y == 25.0f);
    CHECK_OK(akgl_input_mouse_world(&x, &y));
    CHECK_MSG(x == 250.0f && y == 65.0f, "world (%g, %g)", (double)x, (double)y);
    CHECK_OK(akgl_input_mouse_world(NULL, &y));
    CHECK(y == 65.0f);
    CHECK_OK(akgl_input_mouse_world(&x, NULL));
    CHECK(x == 250.0f);

    /* A click moves the pointer too, mapped the same way. */
    push_mouse_button(window, SDL_BUTTON_LEFT, true, 640.0f, 360.0f);
    feed();
    CHECK_INT_EQ(mouse_bits(SDL_BUTTON_LEFT), DOWN | PRESSED);
    CHECK_OK(akgl_input_mouse_position(&x, &y));
    CHECK_MSG(x == 320.0f && y == 180.0f, "logical (%g, %g)", (double)x, (double)y);
    CHECK_OK(akgl_input_mouse_world(&x, &y));
    CHECK(x == 520.0f && y == 220.0f);
    /* Zoomed about the view's centre: the pointer's world point is the
     * camera's own conversion, not the position-only one. */
    float cx = 0.0f, cy = 0.0f;
    CHECK_OK(akgl_camera_set_zoom(game.camera, 2.0f));
    CHECK_OK(akgl_camera_screen_to_world(game.camera, 320.0f, 180.0f, &cx, &cy));
    CHECK_OK(akgl_input_mouse_world(&x, &y));
    CHECK_MSG(x == cx && y == cy && x != 520.0f, "world (%g, %g) at zoom 2, want (%g, %g)",
              (double)x, (double)y, (double)cx, (double)cy);
    CHECK_OK(akgl_camera_set_zoom(game.camera, 1.0f));
    push_mouse_button(window, SDL_BUTTON_LEFT, false, 640.0f, 360.0f);
    feed();
    end_frame();

    close_window(&r);
    /* No camera bound: the world position is the screen position. */
    CHECK(game.camera == NULL);
    CHECK_OK(akgl_input_mouse_world(&x, &y));
    CHECK(x == 320.0f && y == 180.0f);
    drain();
}

/* ------------------------------------------------------------------------ */
/* Gamepads                                                                 */
/* ------------------------------------------------------------------------ */

static void test_gamepad_buttons_and_axes(void)
{
    drain();
    SDL_JoystickID pad = attach_pad();
    CHECK_INT_EQ(akgl_input_gamepad_id(0), 0);
    feed(); /* SDL_EVENT_GAMEPAD_ADDED: opened into slot 0 */
    CHECK_INT_EQ(akgl_input_gamepad_id(0), pad);
    CHECK_INT_EQ(slot_of(pad), 0);
    CHECK(SDL_GetGamepadFromID(pad) != NULL);
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), 0);
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTX) == 0.0f);

    /* The real path: the virtual pad's state, read by SDL, becomes events. */
    set_pad_button(pad, SDL_GAMEPAD_BUTTON_SOUTH, true);
    feed();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), DOWN | PRESSED);
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_EAST), 0);
    end_frame();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), DOWN);
    set_pad_button(pad, SDL_GAMEPAD_BUTTON_SOUTH, false);
    feed();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), RELEASED);
    end_frame();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), 0);

    set_pad_axis(pad, SDL_GAMEPAD_AXIS_LEFTX, 32767);
    set_pad_axis(pad, SDL_GAMEPAD_AXIS_LEFTY, -16384);
    feed();
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTX) == 1.0f);
    float v = akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTY);
    CHECK_MSG(fabsf(v - (-16384.0f / 32767.0f)) < 1e-6f, "lefty %g", (double)v);
    end_frame(); /* axes are positions: they stay */
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTX) == 1.0f);
    /* -32768 is clamped to -1. */
    push_pad_axis(pad, SDL_GAMEPAD_AXIS_RIGHTX, -32768);
    feed();
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_RIGHTX) == -1.0f);
    set_pad_axis(pad, SDL_GAMEPAD_AXIS_LEFTX, 0);
    feed();
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTX) == 0.0f);

    /* Pressed and released inside one frame. */
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_START, true);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_START, false);
    feed();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_START), PRESSED | RELEASED);
    end_frame();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_START), 0);

    /* Events of a pad that has no slot, or a button or axis SDL does not
     * have, change nothing. */
    push_pad_button(pad + 1000, SDL_GAMEPAD_BUTTON_SOUTH, true);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_COUNT, true);
    push_pad_axis(pad, SDL_GAMEPAD_AXIS_COUNT, 100);
    feed();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), 0);

    /* Removed: the slot empties, everything reads up and 0, the pad is
     * closed. */
    set_pad_button(pad, SDL_GAMEPAD_BUTTON_NORTH, true);
    set_pad_axis(pad, SDL_GAMEPAD_AXIS_LEFTX, 20000);
    feed();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_NORTH), DOWN | PRESSED);
    detach_pad(pad);
    feed();
    CHECK_INT_EQ(akgl_input_gamepad_id(0), 0);
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_NORTH), 0);
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTX) == 0.0f);
    CHECK(SDL_GetGamepadFromID(pad) == NULL);
    int index = 7;
    CHECK_STATUS(akgl_input_gamepad_index(pad, &index), AKERR_KEY);
    CHECK_INT_EQ(index, -1);
    end_frame();
}

/* A button held when the pad is added reads down, without a press. */
static void test_gamepad_added_while_held(void)
{
    drain();
    SDL_JoystickID pad = attach_pad();
    SDL_Joystick *joy = SDL_OpenJoystick(pad); /* the test's own reference */
    CHECK_MSG(joy != NULL, "SDL_OpenJoystick: %s", SDL_GetError());
    if (joy != NULL) {
        CHECK(SDL_SetJoystickVirtualButton(joy, SDL_GAMEPAD_BUTTON_WEST, true));
        CHECK(SDL_SetJoystickVirtualAxis(joy, SDL_GAMEPAD_AXIS_LEFTY, 32767));
    }
    feed();
    CHECK_INT_EQ(slot_of(pad), 0);
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_WEST), DOWN);
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTY) == 1.0f);
    if (joy != NULL) {
        CHECK(SDL_SetJoystickVirtualButton(joy, SDL_GAMEPAD_BUTTON_WEST, false));
    }
    feed();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_WEST), RELEASED);
    if (joy != NULL) {
        SDL_CloseJoystick(joy);
    }
    detach_pad(pad);
    feed();
    CHECK_INT_EQ(akgl_input_gamepad_id(0), 0);
    end_frame();
}

/* Slots: the lowest free one, kept until removal; full slots leave a pad
 * alone; akgl_input_reset closes them all. */
static void test_gamepad_slots(void)
{
    SDL_JoystickID pads[AKGL_INPUT_MAX_GAMEPADS + 1];
    drain();
    for (int i = 0; i < AKGL_INPUT_MAX_GAMEPADS + 1; i++) {
        pads[i] = attach_pad();
    }
    feed();
    for (int i = 0; i < AKGL_INPUT_MAX_GAMEPADS; i++) {
        CHECK_INT_EQ(akgl_input_gamepad_id(i), pads[i]);
        CHECK_INT_EQ(slot_of(pads[i]), i);
    }
    /* The one too many: left alone, not opened. */
    SDL_JoystickID extra = pads[AKGL_INPUT_MAX_GAMEPADS];
    int index = 3;
    CHECK_STATUS_MSG(akgl_input_gamepad_index(extra, &index), AKERR_KEY, "no gamepad slot holds");
    CHECK_INT_EQ(index, -1);
    CHECK(SDL_GetGamepadFromID(extra) == NULL);

    /* A second ADDED for a pad that has a slot changes nothing. */
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_GAMEPAD_ADDED;
    e.gdevice.which = pads[2];
    CHECK_OK(akgl_input_handle_event(&e));
    CHECK_INT_EQ(slot_of(pads[2]), 2);
    CHECK_INT_EQ(pads_tracked(), AKGL_INPUT_MAX_GAMEPADS);

    /* Slot 1 frees; the others keep theirs; the next pad takes slot 1. */
    detach_pad(pads[1]);
    feed();
    CHECK_INT_EQ(akgl_input_gamepad_id(1), 0);
    CHECK_INT_EQ(slot_of(pads[2]), 2);
    CHECK_INT_EQ(slot_of(pads[0]), 0);
    /* The extra one is not picked up by itself: it is added again. */
    detach_pad(extra);
    feed();
    SDL_JoystickID again = attach_pad();
    feed();
    CHECK_INT_EQ(slot_of(again), 1);

    /* Reset closes every pad and empties every slot. */
    CHECK_OK(akgl_input_reset());
    CHECK_INT_EQ(pads_tracked(), 0);
    CHECK(SDL_GetGamepadFromID(again) == NULL);
    CHECK(SDL_GetGamepadFromID(pads[0]) == NULL);
    detach_pad(again);
    for (int i = 0; i < AKGL_INPUT_MAX_GAMEPADS; i++) {
        if (i != 1) {
            detach_pad(pads[i]);
        }
    }
    drain();
}

/* ------------------------------------------------------------------------ */
/* Bad arguments                                                            */
/* ------------------------------------------------------------------------ */

static void test_bad_arguments(void)
{
    drain();
    /* Every key down, then the scancodes just outside: never down. */
    for (int sc = 0; sc < SDL_SCANCODE_COUNT; sc++) {
        push_key((SDL_Scancode)sc, true, false);
        feed();
    }
    CHECK_INT_EQ(inputs_down(), SDL_SCANCODE_COUNT);
    const int keys[] = {-1, SDL_SCANCODE_COUNT, 100000, -100000};
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        CHECK(!akgl_input_key_down((SDL_Scancode)keys[i]));
        CHECK(!akgl_input_key_pressed((SDL_Scancode)keys[i]));
        CHECK(!akgl_input_key_released((SDL_Scancode)keys[i]));
    }
    /* An event with an out-of-range scancode is ignored. */
    push_key((SDL_Scancode)SDL_SCANCODE_COUNT, true, false);
    push_key((SDL_Scancode)-1, false, false);
    feed();
    for (int sc = 0; sc < SDL_SCANCODE_COUNT; sc++) {
        push_key((SDL_Scancode)sc, false, false);
        feed();
    }
    CHECK_INT_EQ(inputs_down(), 0);
    end_frame();

    /* Mouse buttons outside 1..AKGL_INPUT_MAX_MOUSE_BUTTONS. */
    for (int b = 1; b <= AKGL_INPUT_MAX_MOUSE_BUTTONS; b++) {
        push_mouse_button(0, (Uint8)b, true, 0.0f, 0.0f);
    }
    push_mouse_button(0, 0, true, 0.0f, 0.0f);
    push_mouse_button(0, 255, true, 0.0f, 0.0f);
    feed();
    CHECK_INT_EQ(inputs_down(), AKGL_INPUT_MAX_MOUSE_BUTTONS);
    const int buttons[] = {0, -1, AKGL_INPUT_MAX_MOUSE_BUTTONS + 1, 255, 100000};
    for (size_t i = 0; i < sizeof(buttons) / sizeof(buttons[0]); i++) {
        CHECK_INT_EQ(mouse_bits(buttons[i]), 0);
    }
    for (int b = 1; b <= AKGL_INPUT_MAX_MOUSE_BUTTONS; b++) {
        push_mouse_button(0, (Uint8)b, false, 0.0f, 0.0f);
    }
    feed();
    end_frame();

    /* Gamepads: with a pad in slot 0, its button held and its stick
     * pushed, every argument just outside its range reads up and 0. */
    SDL_JoystickID pad = attach_pad();
    feed();
    set_pad_button(pad, SDL_GAMEPAD_BUTTON_SOUTH, true);
    set_pad_axis(pad, SDL_GAMEPAD_AXIS_LEFTX, 32767);
    feed();
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), DOWN | PRESSED);
    const int indexes[] = {-1, AKGL_INPUT_MAX_GAMEPADS, 1000000, 1};
    for (size_t i = 0; i < sizeof(indexes) / sizeof(indexes[0]); i++) {
        CHECK_INT_EQ(pad_bits(indexes[i], SDL_GAMEPAD_BUTTON_SOUTH), 0);
        CHECK(akgl_input_gamepad_axis(indexes[i], SDL_GAMEPAD_AXIS_LEFTX) == 0.0f);
        CHECK_INT_EQ(akgl_input_gamepad_id(indexes[i]), 0);
    }
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_INVALID), 0);
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_COUNT), 0);
    CHECK_INT_EQ(pad_bits(0, (SDL_GamepadButton)100000), 0);
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_INVALID) == 0.0f);
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_COUNT) == 0.0f);
    CHECK(akgl_input_gamepad_axis(0, (SDL_GamepadAxis)100000) == 0.0f);

    /* The functions that fail say so. */
    int index = 5;
    CHECK_STATUS_MSG(akgl_input_gamepad_index(0, &index), AKERR_KEY, "gamepad 0");
    CHECK_INT_EQ(index, -1);
    char unknown[32];
    snprintf(unknown, sizeof(unknown), "gamepad %u", (unsigned int)(pad + 77));
    CHECK_STATUS_MSG(akgl_input_gamepad_index(pad + 77, &index), AKERR_KEY, unknown);
    CHECK_STATUS_MSG(akgl_input_gamepad_index(pad, NULL), AKERR_NULLPOINTER, "NULL index");
    CHECK_STATUS_MSG(akgl_input_handle_event(NULL), AKERR_NULLPOINTER, "NULL event");
    CHECK_STATUS_MSG(akgl_input_mouse_position(NULL, NULL), AKERR_NULLPOINTER,
                     "akgl_input_mouse_position: NULL x and y");
    CHECK_STATUS_MSG(akgl_input_mouse_world(NULL, NULL), AKERR_NULLPOINTER,
                     "akgl_input_mouse_world: NULL x and y");
    CHECK_STATUS_MSG(akgl_input_mouse_wheel(NULL, NULL), AKERR_NULLPOINTER,
                     "akgl_input_mouse_wheel: NULL x and y");
    /* None of it changed the state. */
    CHECK_INT_EQ(pad_bits(0, SDL_GAMEPAD_BUTTON_SOUTH), DOWN | PRESSED);
    CHECK(akgl_input_gamepad_axis(0, SDL_GAMEPAD_AXIS_LEFTX) == 1.0f);

    detach_pad(pad);
    feed();
    end_frame();
}

/* The game's quit forgets the input state and closes its pads. */
static void test_game_quit_resets(void)
{
    drain();
    SDL_JoystickID pad = attach_pad();
    feed();
    push_key(SDL_SCANCODE_Q, true, false);
    push_motion(0, 7.0f, 8.0f);
    feed();
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_Q), DOWN | PRESSED);
    CHECK_INT_EQ(slot_of(pad), 0);
    CHECK_OK(akgl_game_quit());
    CHECK_INT_EQ(key_bits(SDL_SCANCODE_Q), 0);
    CHECK_INT_EQ(pads_tracked(), 0);
    CHECK(SDL_GetGamepadFromID(pad) == NULL);
    float x = -1.0f, y = -1.0f;
    CHECK_OK(akgl_input_mouse_position(&x, &y));
    CHECK(x == 0.0f && y == 0.0f);
    CHECK_OK(akgl_game_init());
    detach_pad(pad);
    drain();
}

int main(void)
{
    /* Headless: no window ever has focus, so let pads report regardless. */
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    if (!SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    AKGL_TEST_BEGIN();
    test_add_counter("keys and mouse buttons down", inputs_down);
    test_add_counter("gamepads tracked", pads_tracked);
    RUN_TEST(test_keys_across_frames);
    RUN_TEST(test_press_and_release_in_one_frame);
    RUN_TEST(test_the_game_update_ends_the_frame);
    RUN_TEST(test_mouse_buttons_and_wheel);
    RUN_TEST(test_mouse_position_logical_and_world);
    RUN_TEST(test_gamepad_buttons_and_axes);
    RUN_TEST(test_gamepad_added_while_held);
    RUN_TEST(test_gamepad_slots);
    RUN_TEST(test_bad_arguments);
    RUN_TEST(test_game_quit_resets);
    int rc = AKGL_TEST_END();
    SDL_Quit();
    return rc;
}
