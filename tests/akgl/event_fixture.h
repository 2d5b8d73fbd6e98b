/*
 * Real SDL events for the input tests (test_input.c, test_controller.c):
 * each helper builds one event as SDL would deliver it and pushes it on
 * SDL's own queue; drain() empties the queue. One copy per test program
 * (static): include it once.
 */
#ifndef AKGL_TEST_EVENT_FIXTURE_H
#define AKGL_TEST_EVENT_FIXTURE_H

#include <SDL3/SDL.h>

#include "akgl_test.h"

static void push(SDL_Event *e)
{
    CHECK_MSG(SDL_PushEvent(e), "SDL_PushEvent(0x%x): %s", (unsigned int)e->type, SDL_GetError());
}

/* Throws away whatever is queued, so a case starts from an empty queue. */
static void drain(void)
{
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
    }
}

static void push_key(SDL_Scancode sc, bool down, bool repeat)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = down ? SDL_EVENT_KEY_DOWN : SDL_EVENT_KEY_UP;
    e.key.scancode = sc;
    e.key.key = SDL_GetKeyFromScancode(sc, SDL_KMOD_NONE, false);
    e.key.down = down;
    e.key.repeat = repeat;
    push(&e);
}

static void push_pad_button(SDL_JoystickID which, int button, bool down)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = down ? SDL_EVENT_GAMEPAD_BUTTON_DOWN : SDL_EVENT_GAMEPAD_BUTTON_UP;
    e.gbutton.which = which;
    e.gbutton.button = (Uint8)button;
    e.gbutton.down = down;
    push(&e);
}

static void push_pad_axis(SDL_JoystickID which, int axis, Sint16 value)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_GAMEPAD_AXIS_MOTION;
    e.gaxis.which = which;
    e.gaxis.axis = (Uint8)axis;
    e.gaxis.value = value;
    push(&e);
}

#endif /* AKGL_TEST_EVENT_FIXTURE_H */
