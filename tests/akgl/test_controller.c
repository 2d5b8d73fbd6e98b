/*
 * Input controllers, driven by real SDL3 events: synthetic ones pushed with
 * SDL_PushEvent and read back with SDL_PollEvent, and a virtual gamepad
 * attached and detached to exercise hot-plug. Nothing here waits on a clock.
 */
#include <akgl/actor.h>
#include <akgl/controller.h>
#include <akgl/error.h>
#include <akgl/heap.h>

#include <SDL3/SDL.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "akgl_test.h"
#include "event_fixture.h"
#include "message_path.h"

#define LEFT AKGL_ACTOR_STATE_MOVING_LEFT
#define RIGHT AKGL_ACTOR_STATE_MOVING_RIGHT
#define UP AKGL_ACTOR_STATE_MOVING_UP
#define DOWN AKGL_ACTOR_STATE_MOVING_DOWN
/* What every test actor starts with, which the controller must never touch. */
#define BASE (AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static void asset(char *dest, size_t size, const char *name)
{
    snprintf(dest, size, "%s/input/%s", AKGL_TEST_ASSETS_DIR, name);
}

static akgl_Actor *new_actor(const char *name)
{
    akgl_Actor *actor = NULL;
    CHECK_OK(akgl_heap_next_actor(&actor));
    if (actor != NULL) {
        CHECK_OK(akgl_actor_initialize(actor, name));
        actor->state = BASE;
    }
    return actor;
}

static void free_actor(akgl_Actor *actor)
{
    if (actor != NULL) {
        CHECK_OK(akgl_heap_release_actor(actor));
    }
}

/* Every queued event into the controller, each of which must succeed. */
static void feed(akgl_Controller *c)
{
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        CHECK_OK(akgl_controller_handle_event(c, &e));
    }
}

static void key(akgl_Controller *c, SDL_Scancode sc, bool down)
{
    push_key(sc, down, false);
    feed(c);
}

static void axis(akgl_Controller *c, SDL_JoystickID which, SDL_GamepadAxis a, Sint16 value)
{
    push_pad_axis(which, a, value);
    feed(c);
}

/* A virtual joystick SDL takes for a gamepad: every button and axis, so
 * virtual button i is SDL_GamepadButton i. */
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

/* The controller's own pad's joystick, for SDL_SetJoystickVirtual*. */
static SDL_Joystick *pad_joystick(const akgl_Controller *c)
{
    SDL_Joystick *joy = c->gamepad ? SDL_GetGamepadJoystick(c->gamepad) : NULL;
    CHECK(joy != NULL);
    return joy;
}

static void pad_button(akgl_Controller *c, SDL_GamepadButton button, bool down)
{
    SDL_Joystick *joy = pad_joystick(c);
    if (joy != NULL) {
        CHECK_MSG(SDL_SetJoystickVirtualButton(joy, (int)button, down),
                  "SDL_SetJoystickVirtualButton: %s", SDL_GetError());
    }
    feed(c); /* SDL_PollEvent pumps: the pad is read and its events queued */
}

/* What the action callback saw. */
#define LOG_MAX 16
static struct
{
    int count;
    char name[LOG_MAX][AKGL_CONTROLLER_MAX_ACTION_NAME_LENGTH];
    bool pressed[LOG_MAX];
    akgl_Controller *controller[LOG_MAX];
    void *userdata[LOG_MAX];
    bool fail; /* make the callback return an error */
} seen;

static void seen_reset(void)
{
    memset(&seen, 0, sizeof(seen));
}

static akerr_ErrorContext *record_action(akgl_Controller *controller, const char *action,
                                         bool pressed, void *userdata)
{
    PREPARE_ERROR(errctx);
    if (seen.count < LOG_MAX) {
        snprintf(seen.name[seen.count], sizeof(seen.name[0]), "%s", action);
        seen.pressed[seen.count] = pressed;
        seen.controller[seen.count] = controller;
        seen.userdata[seen.count] = userdata;
    }
    seen.count++;
    if (seen.fail) {
        FAIL_RETURN(errctx, AKGL_FIRST_GAME_STATUS, "callback refused \"%s\"", action);
    }
    SUCCEED_RETURN(errctx);
}

static bool action_is_down(const akgl_Controller *c, const char *name)
{
    bool down = false;
    CHECK_OK(akgl_controller_action_down(c, name, &down));
    return down;
}

/* ------------------------------------------------------------------------ */
/* The actor reference                                                      */
/* ------------------------------------------------------------------------ */

static void test_controller_holds_an_actor_reference(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_INT_EQ(actor->refcount, 1);
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK(c.actor == actor);
    CHECK_INT_EQ(actor->refcount, 2);

    /* The game lets go of the actor: the controller's reference keeps it. */
    CHECK_OK(akgl_heap_release_actor(actor));
    CHECK_INT_EQ(actor->refcount, 1);
    CHECK_STR_EQ(actor->name, "hero");

    /* Releasing the controller gives back the last reference: the slot goes. */
    CHECK_OK(akgl_controller_release(&c));
    CHECK(c.actor == NULL);
    CHECK_INT_EQ(actor->refcount, 0);
    /* A released (zeroed) controller releases again harmlessly. */
    CHECK_OK(akgl_controller_release(&c));
}

static void test_controller_refuses_a_dead_actor(void)
{
    akgl_Controller c;
    akgl_Actor dead;
    memset(&dead, 0, sizeof(dead));
    snprintf(dead.name, sizeof(dead.name), "ghost");
    CHECK_STATUS_MSG(akgl_controller_initialize(&c, &dead), AKGL_ERR_HEAP, "\"ghost\" is not live");
    CHECK(c.actor == NULL);
    CHECK_INT_EQ(dead.refcount, 0);
    CHECK_STATUS(akgl_controller_initialize(NULL, NULL), AKERR_NULLPOINTER);

    /* No actor is allowed: a controller that only reports actions. */
    CHECK_OK(akgl_controller_initialize(&c, NULL));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    drain();
    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_INT_EQ(c.holds[7], 1); /* counted all the same */
    CHECK_STATUS(akgl_controller_set_actor(&c, &dead), AKGL_ERR_HEAP);
    CHECK(c.actor == NULL);
    CHECK_OK(akgl_controller_release(&c));
}

static void test_set_actor_moves_held_bits(void)
{
    akgl_Controller c;
    akgl_Actor *a = new_actor("first");
    akgl_Actor *b = new_actor("second");
    if (a == NULL || b == NULL) {
        free_actor(a);
        free_actor(b);
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, a));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    drain();
    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_INT_EQ(a->state, BASE | LEFT);

    CHECK_OK(akgl_controller_set_actor(&c, b));
    CHECK_INT_EQ(a->state, BASE);
    CHECK_INT_EQ(b->state, BASE | LEFT);
    CHECK_INT_EQ(a->refcount, 1);
    CHECK_INT_EQ(b->refcount, 2);

    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(b->state, BASE);

    /* Unbound: still counting; the next actor gets what is held. */
    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_OK(akgl_controller_set_actor(&c, NULL));
    CHECK_INT_EQ(b->state, BASE);
    CHECK_INT_EQ(b->refcount, 1);
    CHECK_OK(akgl_controller_set_actor(&c, a));
    CHECK_INT_EQ(a->state, BASE | LEFT);

    CHECK_OK(akgl_controller_release(&c));
    CHECK_INT_EQ(a->state, BASE); /* release lets go of every bit */
    CHECK_INT_EQ(a->refcount, 1);
    free_actor(a);
    free_actor(b);
}

/* ------------------------------------------------------------------------ */
/* Keys                                                                     */
/* ------------------------------------------------------------------------ */

static void test_keys_set_and_clear_bound_bits(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_RIGHT, RIGHT));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_UP, UP));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_DOWN, DOWN));
    drain();

    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    key(&c, SDL_SCANCODE_UP, true);
    CHECK_INT_EQ(actor->state, BASE | LEFT | UP);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE | UP);
    key(&c, SDL_SCANCODE_RIGHT, true);
    key(&c, SDL_SCANCODE_DOWN, true);
    key(&c, SDL_SCANCODE_UP, false);
    CHECK_INT_EQ(actor->state, BASE | RIGHT | DOWN);
    key(&c, SDL_SCANCODE_RIGHT, false);
    key(&c, SDL_SCANCODE_DOWN, false);
    CHECK_INT_EQ(actor->state, BASE);

    /* One key, several bits. */
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_Q, LEFT | UP));
    key(&c, SDL_SCANCODE_Q, true);
    CHECK_INT_EQ(actor->state, BASE | LEFT | UP);
    key(&c, SDL_SCANCODE_Q, false);
    CHECK_INT_EQ(actor->state, BASE);

    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_two_keys_on_one_bit(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_A, LEFT));
    drain();

    key(&c, SDL_SCANCODE_LEFT, true);
    key(&c, SDL_SCANCODE_A, true);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    CHECK_INT_EQ(c.holds[7], 2);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE | LEFT); /* A still holds it */
    key(&c, SDL_SCANCODE_A, false);
    CHECK_INT_EQ(actor->state, BASE);
    CHECK_INT_EQ(c.holds[7], 0);

    /* Released in the other order. */
    key(&c, SDL_SCANCODE_A, true);
    key(&c, SDL_SCANCODE_LEFT, true);
    key(&c, SDL_SCANCODE_A, false);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE);

    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_key_repeat_does_not_count(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_A, LEFT));
    drain();

    push_key(SDL_SCANCODE_LEFT, true, false);
    push_key(SDL_SCANCODE_LEFT, true, true);
    push_key(SDL_SCANCODE_LEFT, true, true);
    push_key(SDL_SCANCODE_LEFT, true, true);
    push_key(SDL_SCANCODE_A, true, false);
    feed(&c);
    CHECK_INT_EQ(c.holds[7], 2);
    key(&c, SDL_SCANCODE_A, false);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE); /* one release undoes one press, repeats or not */

    /* A second down without an up (two keyboards) counts once too. */
    key(&c, SDL_SCANCODE_LEFT, true);
    key(&c, SDL_SCANCODE_LEFT, true);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE);

    /* A repeat of a key we never saw go down (held before it was bound) is
     * not a press, and an up we never saw the down of takes nothing away. */
    push_key(SDL_SCANCODE_LEFT, true, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);
    key(&c, SDL_SCANCODE_A, true);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    key(&c, SDL_SCANCODE_A, false);
    CHECK_INT_EQ(actor->state, BASE);

    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_unbound_events_are_ignored(void)
{
    akgl_Controller c;
    SDL_Event e;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    CHECK_OK(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_DPAD_LEFT, LEFT));
    drain();

    key(&c, SDL_SCANCODE_Z, true);
    key(&c, SDL_SCANCODE_SPACE, true);
    CHECK_INT_EQ(actor->state, BASE);
    key(&c, SDL_SCANCODE_Z, false);
    key(&c, SDL_SCANCODE_SPACE, false);
    CHECK_INT_EQ(actor->state, BASE);

    /* Gamepad input while the controller has no pad: not ours. */
    push_pad_button(1234, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    push_pad_axis(1234, SDL_GAMEPAD_AXIS_LEFTX, -32768);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);
    CHECK(c.gamepad == NULL);

    /* Other kinds of event, straight in. */
    SDL_zero(e);
    e.type = SDL_EVENT_MOUSE_BUTTON_DOWN;
    CHECK_OK(akgl_controller_handle_event(&c, &e));
    e.type = SDL_EVENT_QUIT;
    CHECK_OK(akgl_controller_handle_event(&c, &e));
    CHECK_INT_EQ(actor->state, BASE);

    CHECK_STATUS(akgl_controller_handle_event(NULL, &e), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_controller_handle_event(&c, NULL), AKERR_NULLPOINTER);

    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_rebinding_a_held_key(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    drain();
    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_INT_EQ(actor->state, BASE | LEFT);

    /* The old binding lets go; the new one waits for the next press. */
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, RIGHT));
    CHECK_INT_EQ(actor->state, BASE);
    CHECK_INT_EQ(c.nbindings, 1);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE);
    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_INT_EQ(actor->state, BASE | RIGHT);

    /* Bits 0 removes the binding, and what it held. */
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, 0));
    CHECK_INT_EQ(actor->state, BASE);
    CHECK_INT_EQ(c.nbindings, 0);
    key(&c, SDL_SCANCODE_LEFT, false);
    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_INT_EQ(actor->state, BASE);
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_RIGHT, 0)); /* nothing to remove */

    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_bind_errors(void)
{
    akgl_Controller c;
    CHECK_OK(akgl_controller_initialize(&c, NULL));

    /* Every binding kind shares AKGL_CONTROLLER_MAX_BINDINGS. */
    for (int i = 0; i < AKGL_CONTROLLER_MAX_BINDINGS - 2; i++) {
        CHECK_OK(akgl_controller_bind_key(&c, (SDL_Scancode)(SDL_SCANCODE_A + i), LEFT));
    }
    CHECK_OK(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_SOUTH, UP));
    CHECK_OK(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTX, LEFT, RIGHT, 0.5f));
    CHECK_INT_EQ(c.nbindings, AKGL_CONTROLLER_MAX_BINDINGS);
    CHECK_STATUS_MSG(akgl_controller_bind_key(&c, SDL_SCANCODE_F12, LEFT), AKERR_OUTOFBOUNDS,
                     "all 32 bindings are used");
    CHECK_STATUS(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_EAST, LEFT), AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTY, UP, DOWN, 0.5f),
                 AKERR_OUTOFBOUNDS);
    /* Replacing an existing binding needs no room. */
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_A, RIGHT));
    CHECK_OK(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTX, UP, DOWN, 0.1f));
    CHECK_INT_EQ(c.nbindings, AKGL_CONTROLLER_MAX_BINDINGS);

    CHECK_OK(akgl_controller_clear_bindings(&c));
    CHECK_INT_EQ(c.nbindings, 0);

    CHECK_STATUS(akgl_controller_bind_key(&c, SDL_SCANCODE_UNKNOWN, LEFT), AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_controller_bind_key(&c, SDL_SCANCODE_COUNT, LEFT), AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_INVALID, LEFT),
                 AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_COUNT, LEFT), AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_COUNT, LEFT, RIGHT, 0.2f),
                 AKERR_OUTOFBOUNDS);
    CHECK_STATUS_MSG(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTX, LEFT, RIGHT, 1.5f),
                     AKERR_OUTOFBOUNDS, "deadzone 1.5 is outside 0..1");
    CHECK_STATUS(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTX, LEFT, RIGHT, -0.01f),
                 AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTX, LEFT, RIGHT, NAN),
                 AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_controller_bind_key(NULL, SDL_SCANCODE_A, LEFT), AKERR_NULLPOINTER);
    CHECK_INT_EQ(c.nbindings, 0);

    /* Actions. */
    SDL_Scancode keys[AKGL_CONTROLLER_MAX_ACTION_INPUTS + 1];
    SDL_GamepadButton buttons[2] = {SDL_GAMEPAD_BUTTON_SOUTH, SDL_GAMEPAD_BUTTON_EAST};
    for (int i = 0; i <= AKGL_CONTROLLER_MAX_ACTION_INPUTS; i++) {
        keys[i] = (SDL_Scancode)(SDL_SCANCODE_A + i);
    }
    CHECK_OK(akgl_controller_bind_action(&c, "fire", keys, AKGL_CONTROLLER_MAX_ACTION_INPUTS - 2,
                                         buttons, 2));
    CHECK_STATUS_MSG(akgl_controller_bind_action(&c, "fire", keys,
                                                 AKGL_CONTROLLER_MAX_ACTION_INPUTS - 1, buttons, 2),
                     AKERR_OUTOFBOUNDS, "0 to 8 inputs");
    CHECK_STATUS_MSG(akgl_controller_bind_action(&c, "", keys, 1, NULL, 0), AKERR_VALUE,
                     "needs a name");
    CHECK_STATUS_MSG(akgl_controller_bind_action(&c, "a_name_that_is_much_too_long_for_it", keys,
                                                 1, NULL, 0),
                     AKERR_OUTOFBOUNDS, "the limit is 31");
    CHECK_STATUS(akgl_controller_bind_action(&c, "x", NULL, 1, NULL, 0), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_controller_bind_action(&c, "x", keys, -1, NULL, 0), AKERR_OUTOFBOUNDS);
    SDL_GamepadButton bad_button = SDL_GAMEPAD_BUTTON_COUNT;
    CHECK_STATUS(akgl_controller_bind_action(&c, "x", NULL, 0, &bad_button, 1), AKERR_OUTOFBOUNDS);
    CHECK_INT_EQ(c.nactions, 1);
    CHECK_INT_EQ(c.actions[0].ninputs, AKGL_CONTROLLER_MAX_ACTION_INPUTS);
    for (int i = 1; i < AKGL_CONTROLLER_MAX_ACTIONS; i++) {
        char name[16];
        snprintf(name, sizeof(name), "action%d", i);
        CHECK_OK(akgl_controller_bind_action(&c, name, keys, 1, NULL, 0));
    }
    CHECK_STATUS_MSG(akgl_controller_bind_action(&c, "onemore", keys, 1, NULL, 0),
                     AKERR_OUTOFBOUNDS, "the 16 allowed");
    CHECK_OK(akgl_controller_bind_action(&c, "fire", keys, 1, NULL, 0)); /* replace: no room needed */
    CHECK_INT_EQ(c.nactions, AKGL_CONTROLLER_MAX_ACTIONS);

    CHECK_OK(akgl_controller_release(&c));
}

/* ------------------------------------------------------------------------ */
/* Actions                                                                  */
/* ------------------------------------------------------------------------ */

static void test_actions_reported_and_queryable(void)
{
    akgl_Controller c;
    int tag = 42;
    SDL_Scancode jump_keys[2] = {SDL_SCANCODE_SPACE, SDL_SCANCODE_W};
    SDL_GamepadButton jump_buttons[1] = {SDL_GAMEPAD_BUTTON_SOUTH};
    SDL_Scancode fire_keys[1] = {SDL_SCANCODE_SPACE};
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    seen_reset();
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_action(&c, "jump", jump_keys, 2, jump_buttons, 1));
    CHECK_OK(akgl_controller_bind_action(&c, "fire", fire_keys, 1, NULL, 0));
    CHECK_OK(akgl_controller_set_action_callback(&c, record_action, &tag));
    SDL_JoystickID pad = attach_pad();
    feed(&c);
    CHECK(c.gamepad != NULL);
    CHECK_INT_EQ(c.gamepad_id, pad);
    CHECK(!action_is_down(&c, "jump"));

    /* Space is in two actions: both go down, in table order. */
    key(&c, SDL_SCANCODE_SPACE, true);
    CHECK_INT_EQ(seen.count, 2);
    CHECK_STR_EQ(seen.name[0], "jump");
    CHECK(seen.pressed[0]);
    CHECK(seen.controller[0] == &c);
    CHECK(seen.userdata[0] == &tag);
    CHECK_STR_EQ(seen.name[1], "fire");
    CHECK(action_is_down(&c, "jump"));
    CHECK(action_is_down(&c, "fire"));

    /* More inputs of a held action, and repeats: no calls. */
    push_key(SDL_SCANCODE_SPACE, true, true);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_SOUTH, true);
    push_key(SDL_SCANCODE_W, true, false);
    feed(&c);
    CHECK_INT_EQ(seen.count, 2);

    key(&c, SDL_SCANCODE_SPACE, false);
    CHECK_INT_EQ(seen.count, 3);
    CHECK_STR_EQ(seen.name[2], "fire");
    CHECK(!seen.pressed[2]);
    CHECK(action_is_down(&c, "jump")); /* W and the button still hold it */
    CHECK(!action_is_down(&c, "fire"));
    key(&c, SDL_SCANCODE_W, false);
    CHECK(action_is_down(&c, "jump"));
    CHECK_INT_EQ(seen.count, 3);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_SOUTH, false);
    feed(&c);
    CHECK_INT_EQ(seen.count, 4);
    CHECK_STR_EQ(seen.name[3], "jump");
    CHECK(!seen.pressed[3]);
    CHECK(!action_is_down(&c, "jump"));

    /* A second down without an up counts once; an up never seen down takes nothing. */
    key(&c, SDL_SCANCODE_SPACE, true);
    key(&c, SDL_SCANCODE_SPACE, true);
    key(&c, SDL_SCANCODE_SPACE, false);
    CHECK(!action_is_down(&c, "fire"));
    key(&c, SDL_SCANCODE_W, false);
    key(&c, SDL_SCANCODE_W, true);
    CHECK(action_is_down(&c, "jump"));
    key(&c, SDL_SCANCODE_W, false);
    CHECK(!action_is_down(&c, "jump"));
    CHECK_INT_EQ(seen.count, 10);

    /* Actions do not touch the state word. */
    CHECK_INT_EQ(actor->state, BASE);

    /* An unknown action is a key error; a NULL destination a null pointer. */
    bool down = true;
    CHECK_STATUS_MSG(akgl_controller_action_down(&c, "dash", &down), AKERR_KEY, "\"dash\"");
    CHECK(!down);
    CHECK_STATUS(akgl_controller_action_down(&c, "jump", NULL), AKERR_NULLPOINTER);

    /* The callback's error comes back, and the event was applied anyway. */
    seen.fail = true;
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_EVENT_KEY_DOWN;
    e.key.scancode = SDL_SCANCODE_W;
    e.key.down = true;
    CHECK_STATUS_MSG(akgl_controller_handle_event(&c, &e), AKGL_FIRST_GAME_STATUS,
                     "callback refused \"jump\"");
    CHECK(action_is_down(&c, "jump"));
    seen.fail = false;
    key(&c, SDL_SCANCODE_W, false);
    CHECK(!action_is_down(&c, "jump"));

    /* Redefining an action that is down leaves it up, without a call. */
    key(&c, SDL_SCANCODE_SPACE, true);
    int before = seen.count;
    CHECK_OK(akgl_controller_bind_action(&c, "fire", NULL, 0, jump_buttons, 1));
    CHECK(!action_is_down(&c, "fire"));
    CHECK_INT_EQ(seen.count, before);
    key(&c, SDL_SCANCODE_SPACE, false);

    detach_pad(pad);
    feed(&c);
    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

/* ------------------------------------------------------------------------ */
/* Gamepads                                                                 */
/* ------------------------------------------------------------------------ */

static void test_gamepad_buttons_and_axes(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_key(&c, SDL_SCANCODE_LEFT, LEFT));
    CHECK_OK(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_DPAD_LEFT, LEFT));
    CHECK_OK(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_DPAD_UP, UP));
    CHECK_OK(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTX, LEFT, RIGHT, 0.25f));
    drain();
    SDL_JoystickID pad = attach_pad();
    feed(&c);
    CHECK_INT_EQ(c.gamepad_id, pad);

    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_UP, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE | LEFT | UP);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_LEFT, false);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_UP, false);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);

    /* Another pad's events are not ours. */
    push_pad_button(pad + 1000, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    push_pad_axis(pad + 1000, SDL_GAMEPAD_AXIS_LEFTX, 32767);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);

    /* The stick: one side sets its bit and clears the other. */
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, -20000);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 20000);
    CHECK_INT_EQ(actor->state, BASE | RIGHT);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 25000); /* same side: no change in count */
    CHECK_INT_EQ(c.holds[8], 1);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 0);
    CHECK_INT_EQ(actor->state, BASE);

    /* Key, button and stick together on MOVING_LEFT. */
    key(&c, SDL_SCANCODE_LEFT, true);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    push_pad_axis(pad, SDL_GAMEPAD_AXIS_LEFTX, -32768);
    feed(&c);
    CHECK_INT_EQ(c.holds[7], 3);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 32767);
    CHECK_INT_EQ(actor->state, BASE | LEFT | RIGHT);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 0);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_LEFT, false);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);

    /* An unbound axis and an unbound button. */
    axis(&c, pad, SDL_GAMEPAD_AXIS_RIGHTY, 32767);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_START, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);

    detach_pad(pad);
    feed(&c);
    CHECK(c.gamepad == NULL);
    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_axis_deadzone_boundary(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTX, LEFT, RIGHT, 0.25f));
    CHECK_OK(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_LEFTY, UP, DOWN, 0.0f));
    CHECK_OK(akgl_controller_bind_axis(&c, SDL_GAMEPAD_AXIS_RIGHTX, LEFT, RIGHT, 1.0f));
    drain();
    SDL_JoystickID pad = attach_pad();
    feed(&c);

    /* 0.25 * 32767 = 8191.75: 8191 is inside, 8192 past it. */
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 8191);
    CHECK_INT_EQ(actor->state, BASE);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 8192);
    CHECK_INT_EQ(actor->state, BASE | RIGHT);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 8191);
    CHECK_INT_EQ(actor->state, BASE);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, -8191);
    CHECK_INT_EQ(actor->state, BASE);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, -8192);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, -32768); /* past -1: clamped, still left */
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTX, 0);
    CHECK_INT_EQ(actor->state, BASE);

    /* Deadzone 0: any movement counts, only 0 is centred. */
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTY, 1);
    CHECK_INT_EQ(actor->state, BASE | DOWN);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTY, -1);
    CHECK_INT_EQ(actor->state, BASE | UP);
    axis(&c, pad, SDL_GAMEPAD_AXIS_LEFTY, 0);
    CHECK_INT_EQ(actor->state, BASE);

    /* Deadzone 1: nothing gets past it. */
    axis(&c, pad, SDL_GAMEPAD_AXIS_RIGHTX, 32767);
    axis(&c, pad, SDL_GAMEPAD_AXIS_RIGHTX, -32768);
    CHECK_INT_EQ(actor->state, BASE);

    detach_pad(pad);
    feed(&c);
    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_gamepad_hotplug(void)
{
    akgl_Controller c;
    char path[512];
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    seen_reset();
    asset(path, sizeof(path), "good.json");
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_load_json(&c, path));
    CHECK_OK(akgl_controller_set_action_callback(&c, record_action, NULL));
    drain();
    CHECK(c.gamepad == NULL);

    /* Added: SDL reports it, the controller opens it. */
    SDL_JoystickID pad = attach_pad();
    feed(&c);
    CHECK(c.gamepad != NULL);
    CHECK_INT_EQ(c.gamepad_id, pad);

    /* The real path: the virtual pad's state, read by SDL, becomes events. */
    pad_button(&c, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    pad_button(&c, SDL_GAMEPAD_BUTTON_DPAD_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE);
    pad_button(&c, SDL_GAMEPAD_BUTTON_SOUTH, true);
    CHECK(action_is_down(&c, "jump"));
    CHECK_INT_EQ(seen.count, 1);
    SDL_Joystick *joy = pad_joystick(&c);
    if (joy != NULL) {
        CHECK(SDL_SetJoystickVirtualAxis(joy, SDL_GAMEPAD_AXIS_LEFTX, 30000));
    }
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE | RIGHT);

    /* Held in ways SDL itself does not know of (it only recentres what it
     * saw), so nothing but the removal can let go of these. */
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_RIGHT, true);
    push_pad_axis(pad, SDL_GAMEPAD_AXIS_LEFTY, -30000);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE | RIGHT | UP);
    CHECK_INT_EQ(c.holds[8], 2);

    /* A key held through the unplug stays held. */
    key(&c, SDL_SCANCODE_LEFT, true);
    CHECK_INT_EQ(actor->state, BASE | LEFT | RIGHT | UP);

    /* Removed: everything the pad held comes up, the pad is closed. */
    detach_pad(pad);
    feed(&c);
    CHECK(c.gamepad == NULL);
    CHECK_INT_EQ(c.gamepad_id, 0);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    CHECK_INT_EQ(c.holds[8], 0);
    CHECK_INT_EQ(c.holds[9], 0);
    CHECK(!action_is_down(&c, "jump"));
    CHECK_INT_EQ(seen.count, 2);
    CHECK_STR_EQ(seen.name[1], "jump");
    CHECK(!seen.pressed[1]);
    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE);

    /* Stale events of the old pad change nothing. */
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_RIGHT, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);

    /* Plugged in again (a new instance id): picked up again. */
    SDL_JoystickID again = attach_pad();
    feed(&c);
    CHECK_INT_EQ(c.gamepad_id, again);
    pad_button(&c, SDL_GAMEPAD_BUTTON_DPAD_RIGHT, true);
    CHECK_INT_EQ(actor->state, BASE | RIGHT);
    detach_pad(again);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);
    CHECK(c.gamepad == NULL);

    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_gamepad_restriction(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_DPAD_LEFT, LEFT));
    drain();

    SDL_JoystickID first = attach_pad();
    /* Restricted to another pad: the added one is left alone. */
    CHECK_OK(akgl_controller_set_gamepad(&c, first + 1000));
    feed(&c);
    CHECK(c.gamepad == NULL);
    push_pad_button(first, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE);

    /* Restricted to the connected pad: opened at once. */
    CHECK_OK(akgl_controller_set_gamepad(&c, first));
    CHECK_INT_EQ(c.gamepad_id, first);
    push_pad_button(first, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE | LEFT);

    /* A second pad is not taken while the first is in use. */
    SDL_JoystickID second = attach_pad();
    feed(&c);
    CHECK_INT_EQ(c.gamepad_id, first);

    /* Switching pads lets go of what the old one held. */
    CHECK_OK(akgl_controller_set_gamepad(&c, second));
    CHECK_INT_EQ(c.gamepad_id, second);
    CHECK_INT_EQ(actor->state, BASE);

    /* "Any" keeps the pad in use; with none, it takes the first connected. */
    CHECK_OK(akgl_controller_set_gamepad(&c, 0));
    CHECK_INT_EQ(c.gamepad_id, second);
    detach_pad(second);
    feed(&c);
    CHECK(c.gamepad == NULL);
    CHECK_OK(akgl_controller_set_gamepad(&c, 0));
    CHECK_INT_EQ(c.gamepad_id, first);

    detach_pad(first);
    feed(&c);
    CHECK(c.gamepad == NULL);
    /* Nothing connected: "any" waits. */
    CHECK_OK(akgl_controller_set_gamepad(&c, 0));
    CHECK(c.gamepad == NULL);
    CHECK_STATUS(akgl_controller_set_gamepad(NULL, 0), AKERR_NULLPOINTER);

    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static void test_release_closes_the_gamepad(void)
{
    akgl_Controller c;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_bind_button(&c, SDL_GAMEPAD_BUTTON_DPAD_LEFT, LEFT));
    drain();
    SDL_JoystickID pad = attach_pad();
    feed(&c);
    SDL_Gamepad *opened = c.gamepad;
    CHECK(opened != NULL);
    CHECK(SDL_GetGamepadFromID(pad) == opened);
    push_pad_button(pad, SDL_GAMEPAD_BUTTON_DPAD_LEFT, true);
    feed(&c);
    CHECK_INT_EQ(actor->state, BASE | LEFT);

    CHECK_OK(akgl_controller_release(&c));
    CHECK_INT_EQ(actor->state, BASE);
    CHECK(SDL_GetGamepadFromID(pad) == NULL); /* our open was the only one */
    detach_pad(pad);
    drain();
    free_actor(actor);
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                     */
/* ------------------------------------------------------------------------ */

static void test_load_json(void)
{
    akgl_Controller c;
    char path[512];
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    asset(path, sizeof(path), "good.json");
    CHECK_OK(akgl_controller_initialize(&c, actor));
    CHECK_OK(akgl_controller_load_json(&c, path));
    CHECK_INT_EQ(c.nbindings, 10);
    CHECK_INT_EQ(c.nactions, 2);
    CHECK_STR_EQ(c.actions[0].name, "jump");
    CHECK_INT_EQ(c.actions[0].ninputs, 2);
    CHECK_INT_EQ(c.actions[0].inputs[1].kind, AKGL_CONTROLLER_INPUT_BUTTON);
    CHECK_INT_EQ(c.actions[0].inputs[1].code, SDL_GAMEPAD_BUTTON_SOUTH);
    CHECK_STR_EQ(c.actions[1].name, "pause");
    CHECK_INT_EQ(c.actions[1].ninputs, 3);
    /* The axes: leftx's deadzone as given, lefty's the default. */
    int leftx = -1, lefty = -1;
    for (int i = 0; i < c.nbindings; i++) {
        if (c.bindings[i].kind == AKGL_CONTROLLER_INPUT_AXIS) {
            if (c.bindings[i].code == SDL_GAMEPAD_AXIS_LEFTX) {
                leftx = i;
            } else if (c.bindings[i].code == SDL_GAMEPAD_AXIS_LEFTY) {
                lefty = i;
            }
        }
    }
    CHECK(leftx >= 0 && lefty >= 0);
    if (leftx >= 0 && lefty >= 0) {
        CHECK(c.bindings[leftx].deadzone == 0.25f);
        CHECK_INT_EQ(c.bindings[leftx].negative_bits, LEFT);
        CHECK_INT_EQ(c.bindings[leftx].bits, RIGHT);
        CHECK(c.bindings[lefty].deadzone == AKGL_CONTROLLER_DEFAULT_DEADZONE);
        CHECK_INT_EQ(c.bindings[lefty].negative_bits, UP);
        CHECK_INT_EQ(c.bindings[lefty].bits, DOWN);
    }
    drain();

    /* Loaded bindings work: two keys on one bit, and an action by key. */
    key(&c, SDL_SCANCODE_A, true);
    key(&c, SDL_SCANCODE_LEFT, true);
    key(&c, SDL_SCANCODE_A, false);
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    key(&c, SDL_SCANCODE_P, true);
    CHECK(action_is_down(&c, "pause"));

    /* Loading again while keys are down lets go of everything they held. */
    CHECK_OK(akgl_controller_load_json(&c, path));
    CHECK_INT_EQ(actor->state, BASE);
    CHECK(!action_is_down(&c, "pause"));
    for (int i = 0; i < AKGL_ACTOR_MAX_STATES; i++) {
        CHECK_INT_EQ(c.holds[i], 0);
    }
    key(&c, SDL_SCANCODE_LEFT, false); /* an up whose down belongs to the old bindings */
    key(&c, SDL_SCANCODE_P, false);
    CHECK_INT_EQ(actor->state, BASE);
    key(&c, SDL_SCANCODE_D, true);
    CHECK_INT_EQ(actor->state, BASE | RIGHT);
    key(&c, SDL_SCANCODE_D, false);

    CHECK_OK(akgl_controller_clear_bindings(&c));
    CHECK_INT_EQ(c.nbindings, 0);
    CHECK_INT_EQ(c.nactions, 0);
    CHECK(c.actor == actor);

    CHECK_STATUS(akgl_controller_load_json(&c, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_controller_load_json(NULL, path), AKERR_NULLPOINTER);
    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

static const struct
{
    const char *file;
    int status;
    const char *needle;
} bad_files[] = {
    {"does_not_exist.json", ENOENT, "does_not_exist.json: cannot open: No such file or directory"},
    {"bad_syntax.json", AKERR_FORMAT, "bad_syntax.json:4:"},
    {"not_object.json", AKERR_TYPE, "the top level must be a JSON object, not an array"},
    {"unknown_section.json", AKERR_KEY, "unknown section \"kyes\""},
    {"keys_not_object.json", AKERR_TYPE, "\"keys\" must be an object"},
    {"states_not_array.json", AKERR_TYPE,
     "keys[\"Left\"] must be an array of actor state names, not a string"},
    {"state_not_string.json", AKERR_TYPE,
     "keys[\"Left\"][1] must be a string (an actor state name), not an integer"},
    {"unknown_key.json", AKERR_KEY, "keys[\"Lefty\"]: unknown key name \"Lefty\""},
    {"unknown_button.json", AKERR_KEY, "unknown gamepad button \"dpleftt\""},
    {"unknown_axis.json", AKERR_KEY, "unknown gamepad axis \"leftz\""},
    {"unknown_state.json", AKERR_KEY, "keys[\"Left\"][0]: unknown actor state \"MOVING_LEFT\""},
    {"axis_not_object.json", AKERR_TYPE, "axes[\"leftx\"] must be an object"},
    {"axis_member.json", AKERR_KEY, "axes[\"leftx\"]: unknown member \"negativ\""},
    {"deadzone_type.json", AKERR_TYPE,
     "axes[\"leftx\"].deadzone must be a number from 0 to 1, not a string"},
    {"deadzone_high.json", AKERR_OUTOFBOUNDS, "axes[\"leftx\"].deadzone is 1.5"},
    {"deadzone_negative.json", AKERR_OUTOFBOUNDS, "axes[\"leftx\"].deadzone is -0.1"},
    {"duplicate_key.json", AKERR_VALUE, "keys[\"left\"] is the key \"Left\" again"},
    {"duplicate_button.json", AKERR_VALUE, "buttons[\"south\"] is the button \"a\" again"},
    {"too_many_bindings.json", AKERR_OUTOFBOUNDS,
     "keys[\"6\"]: more than 32 bindings (AKGL_CONTROLLER_MAX_BINDINGS"},
    {"action_not_object.json", AKERR_TYPE, "actions[\"jump\"] must be an object"},
    {"action_keys_not_array.json", AKERR_TYPE,
     "actions[\"jump\"].keys must be an array of key names, not a string"},
    {"action_unknown_key.json", AKERR_KEY,
     "actions[\"jump\"].keys[0]: unknown key name \"Spcae\""},
    {"action_unknown_button.json", AKERR_KEY,
     "actions[\"jump\"].buttons[0]: unknown gamepad button \"southh\""},
    {"action_member.json", AKERR_KEY, "actions[\"jump\"]: unknown member \"key\""},
    {"action_too_many_inputs.json", AKERR_OUTOFBOUNDS,
     "actions[\"jump\"].buttons[3]: action \"jump\" has more than 8 keys and buttons"},
    {"too_many_actions.json", AKERR_OUTOFBOUNDS,
     "actions[\"action16\"]: more than 16 actions (AKGL_CONTROLLER_MAX_ACTIONS)"},
    {"action_name_long.json", AKERR_OUTOFBOUNDS, "is 42 bytes; the limit is 31"},
    {"action_name_empty.json", AKERR_VALUE, "an action needs a name"},
};

static void test_bad_files_change_nothing(void)
{
    akgl_Controller c;
    akgl_Controller before;
    char path[512];
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    asset(path, sizeof(path), "good.json");
    CHECK_OK(akgl_controller_load_json(&c, path));
    drain();
    key(&c, SDL_SCANCODE_LEFT, true); /* something held, which a bad file must not drop */
    CHECK_INT_EQ(actor->state, BASE | LEFT);
    memcpy(&before, &c, sizeof(c));

    for (size_t i = 0; i < SDL_arraysize(bad_files); i++) {
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        asset(path, sizeof(path), bad_files[i].file);
        int status = test_status_of_(akgl_controller_load_json(&c, path), msg);
        CHECK_MSG(status == bad_files[i].status, "%s: status %d (%s), expected %d; message: %s",
                  bad_files[i].file, status, akerr_name_for_status(status, NULL),
                  bad_files[i].status, msg);
        CHECK_MSG(strstr(msg, bad_files[i].needle) != NULL, "%s: message \"%s\" lacks \"%s\"",
                  bad_files[i].file, msg, bad_files[i].needle);
        CHECK_MSG(test_message_names_file(msg, path),
                  "%s: message \"%s\" does not begin with the file", bad_files[i].file, msg);
        CHECK_MSG(memcmp(&before, &c, sizeof(c)) == 0, "%s: the failed load changed the controller",
                  bad_files[i].file);
        CHECK_MSG(actor->state == (BASE | LEFT), "%s: the failed load changed the actor (%d)",
                  bad_files[i].file, actor->state);
    }

    key(&c, SDL_SCANCODE_LEFT, false);
    CHECK_INT_EQ(actor->state, BASE);
    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
}

/* Paths of 4095 bytes (looked for) and 4096 (refused): both messages begin
 * with the path, shortened in the middle (docs/04-json.md). */
static void test_overlong_path(void)
{
    static char path[AKGL_MAX_STRING_LENGTH + 1];
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    akgl_Controller c;
    akgl_Controller before;
    akgl_Actor *actor = new_actor("hero");
    if (actor == NULL) {
        return;
    }
    CHECK_OK(akgl_controller_initialize(&c, actor));
    memcpy(&before, &c, sizeof(c));
    test_long_path(path, AKGL_MAX_STRING_LENGTH - 1);
    CHECK_INT_EQ(test_status_of_(akgl_controller_load_json(&c, path), msg), ENOENT);
    CHECK_MSG(test_message_names_file(msg, path), "message \"%s\" does not begin with the file",
              msg);
    CHECK_CONTAINS(msg, ": cannot open: No such file or directory");
    test_long_path(path, AKGL_MAX_STRING_LENGTH);
    CHECK_INT_EQ(test_status_of_(akgl_controller_load_json(&c, path), msg), AKERR_OUTOFBOUNDS);
    CHECK_MSG(test_message_names_file(msg, path), "message \"%s\" does not begin with the file",
              msg);
    CHECK_CONTAINS(msg, ": the JSON path is 4096 bytes, too long for a pooled string (limit 4095)");
    CHECK(memcmp(&before, &c, sizeof(c)) == 0);
    CHECK_OK(akgl_controller_release(&c));
    free_actor(actor);
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
    RUN_TEST(test_controller_holds_an_actor_reference);
    RUN_TEST(test_controller_refuses_a_dead_actor);
    RUN_TEST(test_set_actor_moves_held_bits);
    RUN_TEST(test_keys_set_and_clear_bound_bits);
    RUN_TEST(test_two_keys_on_one_bit);
    RUN_TEST(test_key_repeat_does_not_count);
    RUN_TEST(test_unbound_events_are_ignored);
    RUN_TEST(test_rebinding_a_held_key);
    RUN_TEST(test_bind_errors);
    RUN_TEST(test_actions_reported_and_queryable);
    RUN_TEST(test_gamepad_buttons_and_axes);
    RUN_TEST(test_axis_deadzone_boundary);
    RUN_TEST(test_gamepad_hotplug);
    RUN_TEST(test_gamepad_restriction);
    RUN_TEST(test_release_closes_the_gamepad);
    RUN_TEST(test_load_json);
    RUN_TEST(test_bad_files_change_nothing);
    RUN_TEST(test_overlong_path);
    int rc = AKGL_TEST_END();
    SDL_Quit();
    return rc;
}
