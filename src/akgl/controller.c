/*
 * Input controllers: keys, gamepad buttons and axes -> an actor's state bits,
 * and named actions.
 *
 * The bookkeeping is two-level. Each binding records whether it is down
 * (`active`: 1 for a key or button, -1/0/1 for an axis), and a binding that
 * is down holds each of its bits once in `holds`, a count per state bit. A
 * bit is written to the actor only when its count leaves or reaches 0, so
 * any number of bindings may share a bit. Every change of `active` goes
 * through binding_move, which is what keeps the counts honest.
 *
 * Actions count their own inputs (`ndown`); the callback hears each change
 * of ndown > 0.
 */
#include <akgl/controller.h>

#include "json_private.h"
#include "actor_private.h"
#include "object.h"

#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Bits and holds                                                           */
/* ------------------------------------------------------------------------ */

static void hold_bits(akgl_Controller *c, int bits)
{
    unsigned int mask = (unsigned int)bits;
    for (int i = 0; i < AKGL_ACTOR_MAX_STATES && mask != 0; i++) {
        unsigned int bit = 1u << i;
        if ((mask & bit) == 0) {
            continue;
        }
        mask &= ~bit;
        if (c->holds[i]++ == 0 && c->actor != NULL) {
            c->actor->state = (int)((unsigned int)c->actor->state | bit);
        }
    }
}

static void drop_bits(akgl_Controller *c, int bits)
{
    unsigned int mask = (unsigned int)bits;
    for (int i = 0; i < AKGL_ACTOR_MAX_STATES && mask != 0; i++) {
        unsigned int bit = 1u << i;
        if ((mask & bit) == 0) {
            continue;
        }
        mask &= ~bit;
        if (c->holds[i] > 0 && --c->holds[i] == 0 && c->actor != NULL) {
            c->actor->state = (int)((unsigned int)c->actor->state & ~bit);
        }
    }
}

/* Every bit some binding holds now. */
static unsigned int held_mask(const akgl_Controller *c)
{
    unsigned int mask = 0;
    for (int i = 0; i < AKGL_ACTOR_MAX_STATES; i++) {
        if (c->holds[i] > 0) {
            mask |= 1u << i;
        }
    }
    return mask;
}

/* The bits a binding holds in a given position (1, 0, -1). */
static int side_bits(const akgl_ControllerBinding *b, int active)
{
    if (active > 0) {
        return b->bits;
    }
    if (active < 0) {
        return b->negative_bits;
    }
    return 0;
}

/* The only place a binding's position changes: lets go of the old side, holds the new. */
static void binding_move(akgl_Controller *c, akgl_ControllerBinding *b, int active)
{
    if (b->active == active) {
        return;
    }
    drop_bits(c, side_bits(b, b->active));
    hold_bits(c, side_bits(b, active));
    b->active = active;
}

static int find_binding(const akgl_Controller *c, akgl_ControllerInputKind kind, int code)
{
    for (int i = 0; i < c->nbindings; i++) {
        if (c->bindings[i].kind == kind && c->bindings[i].code == code) {
            return i;
        }
    }
    return -1;
}

static int find_action(const akgl_Controller *c, const char *name)
{
    for (int i = 0; i < c->nactions; i++) {
        if (strcmp(c->actions[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}


/*
 * Moves every action input of `kind` and `code` (any code when code < 0) to
 * `down`, and tells the callback (when `notify`) of each action that changed.
 */
static void actions_change(akgl_Controller *c, akgl_ControllerInputKind kind, int code, bool down,
                           bool notify, akerr_ErrorContext **first)
{
    for (int i = 0; i < c->nactions; i++) {
        akgl_ControllerAction *a = &c->actions[i];
        bool was = a->ndown > 0;
        for (int j = 0; j < a->ninputs; j++) {
            akgl_ControllerInput *in = &a->inputs[j];
            if (in->kind != kind || (code >= 0 && in->code != code) || in->down == down) {
                continue;
            }
            in->down = down;
            a->ndown += down ? 1 : -1;
        }
        bool is = a->ndown > 0;
        if (was != is && notify && c->action_callback != NULL) {
            akgl_object_keep_first(first, c->action_callback(c, a->name, is, c->action_userdata));
        }
    }
}

/* Every binding and action input comes up; no callbacks (a binding change, a release). */
static void release_all(akgl_Controller *c)
{
    for (int i = 0; i < c->nbindings; i++) {
        binding_move(c, &c->bindings[i], 0);
    }
    for (int i = 0; i < c->nactions; i++) {
        for (int j = 0; j < c->actions[i].ninputs; j++) {
            c->actions[i].inputs[j].down = false;
        }
        c->actions[i].ndown = 0;
    }
}

/* Everything the gamepad holds comes up, then the pad is closed. */
static void close_gamepad(akgl_Controller *c, bool notify, akerr_ErrorContext **first)
{
    for (int i = 0; i < c->nbindings; i++) {
        akgl_ControllerBinding *b = &c->bindings[i];
        if (b->kind == AKGL_CONTROLLER_INPUT_BUTTON || b->kind == AKGL_CONTROLLER_INPUT_AXIS) {
            binding_move(c, b, 0);
        }
    }
    actions_change(c, AKGL_CONTROLLER_INPUT_BUTTON, -1, false, notify, first);
    if (c->gamepad != NULL) {
        SDL_CloseGamepad(c->gamepad);
    }
    c->gamepad = NULL;
    c->gamepad_id = 0;
}

static akerr_ErrorContext *open_gamepad(akgl_Controller *c, SDL_JoystickID id)
{
    PREPARE_ERROR(errctx);
    SDL_Gamepad *pad = SDL_OpenGamepad(id);
    FAIL_ZERO_RETURN(errctx, pad, AKERR_API, "controller: cannot open gamepad %" SDL_PRIu32 ": %s",
                     id, SDL_GetError());
    c->gamepad = pad;
    c->gamepad_id = id;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Lifetime and the actor                                                   */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *check_live(const akgl_Actor *actor)
{
    PREPARE_ERROR(errctx);
    if (actor != NULL && actor->refcount <= 0) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "controller: %s is not live (refcount %d); a controller binds "
                    "an initialised actor", AKGL_ACTOR_WHO(actor), actor->refcount);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_initialize(akgl_Controller *c, akgl_Actor *actor)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_initialize: NULL controller");
    memset(c, 0, sizeof(*c));
    PASS(errctx, check_live(actor));
    /* The controller keeps a pointer: it holds a reference, through the holds
     * table, so a level change can make it let go (akgl_game_unload). */
    PASS(errctx, akgl_actor_hold(&c->actor, actor));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_release(akgl_Controller *c)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_release: NULL controller");
    release_all(c);
    close_gamepad(c, false, NULL);
    akerr_ErrorContext *released = akgl_actor_hold(&c->actor, NULL);
    memset(c, 0, sizeof(*c));
    PASS(errctx, released);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_set_actor(akgl_Controller *c, akgl_Actor *actor)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_set_actor: NULL controller");
    if (actor == c->actor) {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, check_live(actor));
    unsigned int held = held_mask(c);
    akgl_Actor *old = c->actor;
    /* The hold may tear the old actor down: only one that survives it keeps
     * its state, and loses the bits this controller was holding down. */
    bool old_survives = old != NULL && old->refcount > 1;
    PASS(errctx, akgl_actor_hold(&c->actor, actor));
    if (old_survives) {
        old->state = (int)((unsigned int)old->state & ~held);
    }
    if (actor != NULL) {
        actor->state = (int)((unsigned int)actor->state | held);
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Binding by hand                                                          */
/* ------------------------------------------------------------------------ */

/* Adds, replaces or (both bit sets 0) removes the binding of nb's input. */
static akerr_ErrorContext *put_binding(akgl_Controller *c, const akgl_ControllerBinding *nb)
{
    PREPARE_ERROR(errctx);
    int i = find_binding(c, nb->kind, nb->code);
    bool removal = nb->bits == 0 && nb->negative_bits == 0;
    if (i < 0) {
        if (removal) {
            SUCCEED_RETURN(errctx);
        }
        if (c->nbindings >= AKGL_CONTROLLER_MAX_BINDINGS) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "controller: all %d bindings are used (AKGL_CONTROLLER_MAX_BINDINGS: "
                        "keys, buttons and axes together)", AKGL_CONTROLLER_MAX_BINDINGS);
        }
        i = c->nbindings++;
    } else {
        binding_move(c, &c->bindings[i], 0);
        if (removal) {
            memmove(&c->bindings[i], &c->bindings[i + 1],
                    (size_t)(c->nbindings - i - 1) * sizeof(c->bindings[0]));
            c->nbindings--;
            memset(&c->bindings[c->nbindings], 0, sizeof(c->bindings[0]));
            SUCCEED_RETURN(errctx);
        }
    }
    c->bindings[i] = *nb;
    c->bindings[i].active = 0;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_bind_key(akgl_Controller *c, SDL_Scancode scancode, int bits)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_bind_key: NULL controller");
    if ((int)scancode <= (int)SDL_SCANCODE_UNKNOWN || (int)scancode >= (int)SDL_SCANCODE_COUNT) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_controller_bind_key: scancode %d is outside 1..%d", (int)scancode,
                    (int)SDL_SCANCODE_COUNT - 1);
    }
    akgl_ControllerBinding b = {.kind = AKGL_CONTROLLER_INPUT_KEY, .code = (int)scancode,
                                .bits = bits};
    PASS(errctx, put_binding(c, &b));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_bind_button(akgl_Controller *c, SDL_GamepadButton button,
                                                int bits)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_bind_button: NULL controller");
    if ((int)button < 0 || (int)button >= (int)SDL_GAMEPAD_BUTTON_COUNT) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_controller_bind_button: button %d is outside 0..%d", (int)button,
                    (int)SDL_GAMEPAD_BUTTON_COUNT - 1);
    }
    akgl_ControllerBinding b = {.kind = AKGL_CONTROLLER_INPUT_BUTTON, .code = (int)button,
                                .bits = bits};
    PASS(errctx, put_binding(c, &b));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_bind_axis(akgl_Controller *c, SDL_GamepadAxis axis,
                                              int negative_bits, int positive_bits, float deadzone)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_bind_axis: NULL controller");
    if ((int)axis < 0 || (int)axis >= (int)SDL_GAMEPAD_AXIS_COUNT) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "akgl_controller_bind_axis: axis %d is outside 0..%d",
                    (int)axis, (int)SDL_GAMEPAD_AXIS_COUNT - 1);
    }
    /* Written so that NaN fails too. */
    if (!(deadzone >= 0.0f && deadzone <= 1.0f)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_controller_bind_axis: deadzone %g is outside 0..1", (double)deadzone);
    }
    akgl_ControllerBinding b = {.kind = AKGL_CONTROLLER_INPUT_AXIS, .code = (int)axis,
                                .bits = positive_bits, .negative_bits = negative_bits,
                                .deadzone = deadzone};
    PASS(errctx, put_binding(c, &b));
    SUCCEED_RETURN(errctx);
}

/* Adds or replaces action `a` (already checked) by name; a replaced one is up. */
static akerr_ErrorContext *put_action(akgl_Controller *c, const akgl_ControllerAction *a)
{
    PREPARE_ERROR(errctx);
    int i = find_action(c, a->name);
    if (i < 0) {
        if (c->nactions >= AKGL_CONTROLLER_MAX_ACTIONS) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "controller: action \"%s\" would be one more than the %d allowed "
                        "(AKGL_CONTROLLER_MAX_ACTIONS)", a->name, AKGL_CONTROLLER_MAX_ACTIONS);
        }
        i = c->nactions++;
    }
    c->actions[i] = *a;
    c->actions[i].ndown = 0;
    for (int j = 0; j < c->actions[i].ninputs; j++) {
        c->actions[i].inputs[j].down = false;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *check_action_name(const char *name, const char *where)
{
    PREPARE_ERROR(errctx);
    size_t len = strlen(name);
    FAIL_ZERO_RETURN(errctx, len, AKERR_VALUE, "%s: an action needs a name, not \"\"", where);
    if (len >= AKGL_CONTROLLER_MAX_ACTION_NAME_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: action name \"%.40s%s\" is %zu bytes; the limit is %d "
                    "(AKGL_CONTROLLER_MAX_ACTION_NAME_LENGTH - 1)", where, name,
                    len > 40 ? "..." : "", len, AKGL_CONTROLLER_MAX_ACTION_NAME_LENGTH - 1);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_bind_action(akgl_Controller *c, const char *name,
                                                const SDL_Scancode *keys, int nkeys,
                                                const SDL_GamepadButton *buttons, int nbuttons)
{
    akgl_ControllerAction a;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_bind_action: NULL controller");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_controller_bind_action: NULL name");
    PASS(errctx, check_action_name(name, "akgl_controller_bind_action"));
    if (nkeys < 0 || nbuttons < 0 || nkeys + nbuttons > AKGL_CONTROLLER_MAX_ACTION_INPUTS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_controller_bind_action: action \"%s\" with %d keys and %d buttons; "
                    "an action takes 0 to %d inputs (AKGL_CONTROLLER_MAX_ACTION_INPUTS)", name,
                    nkeys, nbuttons, AKGL_CONTROLLER_MAX_ACTION_INPUTS);
    }
    FAIL_NONZERO_RETURN(errctx, nkeys > 0 && keys == NULL, AKERR_NULLPOINTER,
                        "akgl_controller_bind_action: action \"%s\": NULL keys", name);
    FAIL_NONZERO_RETURN(errctx, nbuttons > 0 && buttons == NULL, AKERR_NULLPOINTER,
                        "akgl_controller_bind_action: action \"%s\": NULL buttons", name);
    memset(&a, 0, sizeof(a));
    memcpy(a.name, name, strlen(name) + 1);
    for (int i = 0; i < nkeys; i++) {
        if ((int)keys[i] <= (int)SDL_SCANCODE_UNKNOWN || (int)keys[i] >= (int)SDL_SCANCODE_COUNT) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "akgl_controller_bind_action: action \"%s\": scancode %d is outside "
                        "1..%d", name, (int)keys[i], (int)SDL_SCANCODE_COUNT - 1);
        }
        a.inputs[a.ninputs++] = (akgl_ControllerInput){AKGL_CONTROLLER_INPUT_KEY, (int)keys[i],
                                                       false};
    }
    for (int i = 0; i < nbuttons; i++) {
        if ((int)buttons[i] < 0 || (int)buttons[i] >= (int)SDL_GAMEPAD_BUTTON_COUNT) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "akgl_controller_bind_action: action \"%s\": button %d is outside 0..%d",
                        name, (int)buttons[i], (int)SDL_GAMEPAD_BUTTON_COUNT - 1);
        }
        a.inputs[a.ninputs++] = (akgl_ControllerInput){AKGL_CONTROLLER_INPUT_BUTTON,
                                                       (int)buttons[i], false};
    }
    PASS(errctx, put_action(c, &a));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_clear_bindings(akgl_Controller *c)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_clear_bindings: NULL controller");
    release_all(c);
    memset(c->bindings, 0, sizeof(c->bindings));
    memset(c->actions, 0, sizeof(c->actions));
    c->nbindings = 0;
    c->nactions = 0;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_set_action_callback(akgl_Controller *c,
                                                        akgl_ControllerActionFunc fn,
                                                        void *userdata)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER,
                     "akgl_controller_set_action_callback: NULL controller");
    c->action_callback = fn;
    c->action_userdata = userdata;
    SUCCEED_RETURN(errctx);
}

/*
 * The connected gamepad with this id, or for id 0 the first connected one;
 * 0 when there is none (or no gamepad subsystem to list them). Not
 * SDL_IsGamepad: that answers whether a joystick with this id would be a
 * gamepad, and where SDL has a default mapping (the web) it says yes to an
 * id no pad has.
 */
static SDL_JoystickID connected_gamepad(SDL_JoystickID id)
{
    int count = 0;
    SDL_JoystickID found = 0;
    SDL_JoystickID *pads = SDL_GetGamepads(&count);
    for (int i = 0; pads != NULL && i < count && found == 0; i++) {
        if (id == 0 || pads[i] == id) {
            found = pads[i];
        }
    }
    SDL_free(pads);
    return found;
}

akerr_ErrorContext *akgl_controller_set_gamepad(akgl_Controller *c, SDL_JoystickID id)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_set_gamepad: NULL controller");
    c->gamepad_filter = id;
    if (c->gamepad != NULL && id != 0 && c->gamepad_id != id) {
        close_gamepad(c, false, NULL);
    }
    if (c->gamepad != NULL) {
        SUCCEED_RETURN(errctx);
    }
    SDL_JoystickID pad = connected_gamepad(id);
    if (pad != 0) {
        PASS(errctx, open_gamepad(c, pad));
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Events                                                                   */
/* ------------------------------------------------------------------------ */

/* A key or button went down or up. */
static void input_change(akgl_Controller *c, akgl_ControllerInputKind kind, int code, bool down,
                         akerr_ErrorContext **first)
{
    int i = find_binding(c, kind, code);
    if (i >= 0) {
        binding_move(c, &c->bindings[i], down ? 1 : 0);
    }
    actions_change(c, kind, code, down, true, first);
}

/* Which side of its deadzone an axis value lies on. */
static int axis_side(Sint16 value, float deadzone)
{
    double v = (double)value / 32767.0;
    if (v > 1.0) {
        v = 1.0;
    } else if (v < -1.0) {
        v = -1.0;
    }
    if (v > (double)deadzone) {
        return 1;
    }
    if (v < -(double)deadzone) {
        return -1;
    }
    return 0;
}

akerr_ErrorContext *akgl_controller_handle_event(akgl_Controller *c, const SDL_Event *e)
{
    akerr_ErrorContext *first = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_handle_event: NULL controller");
    FAIL_ZERO_RETURN(errctx, e, AKERR_NULLPOINTER, "akgl_controller_handle_event: NULL event");

    switch (e->type) {
    case SDL_EVENT_KEY_DOWN:
    case SDL_EVENT_KEY_UP:
        if (!e->key.repeat) {
            input_change(c, AKGL_CONTROLLER_INPUT_KEY, (int)e->key.scancode,
                         e->type == SDL_EVENT_KEY_DOWN, &first);
        }
        break;
    case SDL_EVENT_GAMEPAD_BUTTON_DOWN:
    case SDL_EVENT_GAMEPAD_BUTTON_UP:
        if (c->gamepad != NULL && e->gbutton.which == c->gamepad_id) {
            input_change(c, AKGL_CONTROLLER_INPUT_BUTTON, (int)e->gbutton.button,
                         e->type == SDL_EVENT_GAMEPAD_BUTTON_DOWN, &first);
        }
        break;
    case SDL_EVENT_GAMEPAD_AXIS_MOTION:
        if (c->gamepad != NULL && e->gaxis.which == c->gamepad_id) {
            int i = find_binding(c, AKGL_CONTROLLER_INPUT_AXIS, (int)e->gaxis.axis);
            if (i >= 0) {
                akgl_ControllerBinding *b = &c->bindings[i];
                binding_move(c, b, axis_side(e->gaxis.value, b->deadzone));
            }
        }
        break;
    case SDL_EVENT_GAMEPAD_ADDED:
        /* SDL may report one pad twice; a controller with a pad ignores both. */
        if (c->gamepad == NULL && (c->gamepad_filter == 0 || c->gamepad_filter == e->gdevice.which)) {
            PASS(errctx, open_gamepad(c, e->gdevice.which));
        }
        break;
    case SDL_EVENT_GAMEPAD_REMOVED:
        if (c->gamepad != NULL && e->gdevice.which == c->gamepad_id) {
            close_gamepad(c, true, &first);
        }
        break;
    default:
        break;
    }
    PASS(errctx, first);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_action_down(const akgl_Controller *c, const char *name,
                                                bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_controller_action_down: NULL destination");
    *dest = false;
    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_action_down: NULL controller");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_controller_action_down: NULL name");
    int i = find_action(c, name);
    if (i < 0) {
        FAIL_RETURN(errctx, AKERR_KEY, "controller has no action \"%s\"", name);
    }
    *dest = c->actions[i].ndown > 0;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The JSON loader                                                          */
/* ------------------------------------------------------------------------ */

/* Room for a place in the file: keys["Left Shift"], axes["leftx"].negative. */
#define WHERE_LENGTH 192


/* section["name"] (names are cut for the message, never for the lookup). */
static void where_member(char where[WHERE_LENGTH], const char *section, const char *name)
{
    if (snprintf(where, WHERE_LENGTH, "%s[\"%.120s\"]", section, name) < 0) {
        where[0] = '\0';
    }
}

/* The bits named by a JSON array of state names. */
static akerr_ErrorContext *read_states(json_t *list, const char *where, int *dest)
{
    size_t i = 0;
    json_t *v = NULL;
    unsigned int bits = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_array(list), AKERR_TYPE,
                     "%s must be an array of actor state names, not %s", where, akgl_json_type_name(list));
    FAIL_ZERO_RETURN(errctx, AKGL_REGISTRY_ACTOR_STATE_STRINGS, AKERR_KEY,
                     "%s: the actor state registry does not exist (akgl_game_init first)", where);
    json_array_foreach(list, i, v) {
        FAIL_ZERO_RETURN(errctx, json_is_string(v), AKERR_TYPE,
                         "%s[%zu] must be a string (an actor state name), not %s", where, i,
                         akgl_json_type_name(v));
        const char *name = json_string_value(v);
        if (!SDL_HasProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS, name)) {
            FAIL_RETURN(errctx, AKERR_KEY,
                        "%s[%zu]: unknown actor state \"%s\" (state names carry the "
                        "AKGL_ACTOR_STATE_ prefix)", where, i, name);
        }
        bits |= (unsigned int)SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS, name, 0);
    }
    *dest = (int)bits;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *parse_key(const char *name, const char *where, int *dest)
{
    PREPARE_ERROR(errctx);
    SDL_Scancode sc = name[0] != '\0' ? SDL_GetScancodeFromName(name) : SDL_SCANCODE_UNKNOWN;
    if (sc == SDL_SCANCODE_UNKNOWN) {
        FAIL_RETURN(errctx, AKERR_KEY,
                    "%s: unknown key name \"%s\" (keys are SDL scancode names: \"Left\", "
                    "\"Space\", \"A\", \"Return\"...)", where, name);
    }
    *dest = (int)sc;
    SUCCEED_RETURN(errctx);
}

/* Positional names SDL 3.2 does not spell itself (its "a" is the south button). */
static const struct
{
    const char *name;
    SDL_GamepadButton button;
} face_buttons[] = {
    {"south", SDL_GAMEPAD_BUTTON_SOUTH},
    {"east", SDL_GAMEPAD_BUTTON_EAST},
    {"west", SDL_GAMEPAD_BUTTON_WEST},
    {"north", SDL_GAMEPAD_BUTTON_NORTH},
};

static akerr_ErrorContext *parse_button(const char *name, const char *where, int *dest)
{
    PREPARE_ERROR(errctx);
    SDL_GamepadButton button = SDL_GAMEPAD_BUTTON_INVALID;
    for (size_t i = 0; i < SDL_arraysize(face_buttons); i++) {
        if (SDL_strcasecmp(name, face_buttons[i].name) == 0) {
            button = face_buttons[i].button;
        }
    }
    if (button == SDL_GAMEPAD_BUTTON_INVALID) {
        button = SDL_GetGamepadButtonFromString(name);
    }
    if (button == SDL_GAMEPAD_BUTTON_INVALID) {
        FAIL_RETURN(errctx, AKERR_KEY,
                    "%s: unknown gamepad button \"%s\" (SDL's names such as \"dpleft\", "
                    "\"start\", \"leftshoulder\", or \"south\", \"east\", \"west\", \"north\")",
                    where, name);
    }
    *dest = (int)button;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *parse_axis(const char *name, const char *where, int *dest)
{
    PREPARE_ERROR(errctx);
    /* SDL would read "+leftx" as leftx (mapping syntax); a binding names the axis only. */
    SDL_GamepadAxis axis = (name[0] == '+' || name[0] == '-') ? SDL_GAMEPAD_AXIS_INVALID
                                                              : SDL_GetGamepadAxisFromString(name);
    if (axis == SDL_GAMEPAD_AXIS_INVALID) {
        FAIL_RETURN(errctx, AKERR_KEY,
                    "%s: unknown gamepad axis \"%s\" (\"leftx\", \"lefty\", \"rightx\", "
                    "\"righty\", \"lefttrigger\" or \"righttrigger\")", where, name);
    }
    *dest = (int)axis;
    SUCCEED_RETURN(errctx);
}

/* A new binding in the scratch table: a second name for one input is refused. */
static akerr_ErrorContext *add_loaded_binding(akgl_Controller *s, const akgl_ControllerBinding *b,
                                              const char *where, const char *what,
                                              const char *canonical)
{
    PREPARE_ERROR(errctx);
    if (find_binding(s, b->kind, b->code) >= 0) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s is the %s \"%s\" again; each %s is bound once",
                    where, what, canonical, what);
    }
    if (b->bits == 0 && b->negative_bits == 0) {
        SUCCEED_RETURN(errctx); /* an empty list binds nothing */
    }
    if (s->nbindings >= AKGL_CONTROLLER_MAX_BINDINGS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: more than %d bindings (AKGL_CONTROLLER_MAX_BINDINGS: keys, buttons and "
                    "axes together)", where, AKGL_CONTROLLER_MAX_BINDINGS);
    }
    s->bindings[s->nbindings++] = *b;
    SUCCEED_RETURN(errctx);
}

/* "keys" or "buttons": { name: [state names] }. */
static akerr_ErrorContext *read_simple_section(json_t *section, const char *sname,
                                               akgl_ControllerInputKind kind, akgl_Controller *s)
{
    const char *name = NULL;
    json_t *list = NULL;
    char where[WHERE_LENGTH];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_object(section), AKERR_TYPE,
                     "\"%s\" must be an object (%s name -> state names), not %s", sname,
                     kind == AKGL_CONTROLLER_INPUT_KEY ? "key" : "button", akgl_json_type_name(section));
    json_object_foreach(section, name, list) {
        akgl_ControllerBinding b = {.kind = kind};
        where_member(where, sname, name);
        if (kind == AKGL_CONTROLLER_INPUT_KEY) {
            PASS(errctx, parse_key(name, where, &b.code));
        } else {
            PASS(errctx, parse_button(name, where, &b.code));
        }
        PASS(errctx, read_states(list, where, &b.bits));
        const char *canonical = kind == AKGL_CONTROLLER_INPUT_KEY
                                    ? SDL_GetScancodeName((SDL_Scancode)b.code)
                                    : SDL_GetGamepadStringForButton((SDL_GamepadButton)b.code);
        PASS(errctx, add_loaded_binding(s, &b, where,
                                        kind == AKGL_CONTROLLER_INPUT_KEY ? "key" : "button",
                                        canonical ? canonical : "?"));
    }
    SUCCEED_RETURN(errctx);
}

/* "axes": { axis: { "negative": [...], "positive": [...], "deadzone": 0.25 } }. */
static akerr_ErrorContext *read_axes(json_t *section, akgl_Controller *s)
{
    const char *name = NULL;
    json_t *def = NULL;
    char where[WHERE_LENGTH];
    char member_where[WHERE_LENGTH + 16];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_object(section), AKERR_TYPE,
                     "\"axes\" must be an object (axis name -> {negative, positive, deadzone}), "
                     "not %s", akgl_json_type_name(section));
    json_object_foreach(section, name, def) {
        akgl_ControllerBinding b = {.kind = AKGL_CONTROLLER_INPUT_AXIS,
                                    .deadzone = AKGL_CONTROLLER_DEFAULT_DEADZONE};
        const char *member = NULL;
        json_t *v = NULL;
        where_member(where, "axes", name);
        PASS(errctx, parse_axis(name, where, &b.code));
        FAIL_ZERO_RETURN(errctx, json_is_object(def), AKERR_TYPE,
                         "%s must be an object (\"negative\", \"positive\", \"deadzone\"), not %s",
                         where, akgl_json_type_name(def));
        json_object_foreach(def, member, v) {
            if (snprintf(member_where, sizeof(member_where), "%s.%s", where, member) < 0) {
                member_where[0] = '\0';
            }
            if (strcmp(member, "negative") == 0) {
                PASS(errctx, read_states(v, member_where, &b.negative_bits));
            } else if (strcmp(member, "positive") == 0) {
                PASS(errctx, read_states(v, member_where, &b.bits));
            } else if (strcmp(member, "deadzone") == 0) {
                FAIL_ZERO_RETURN(errctx, json_is_number(v), AKERR_TYPE,
                                 "%s must be a number from 0 to 1, not %s", member_where,
                                 akgl_json_type_name(v));
                double dz = json_number_value(v);
                if (!(dz >= 0.0 && dz <= 1.0)) {
                    FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                                "%s is %g; a deadzone must be between 0 and 1", member_where, dz);
                }
                b.deadzone = (float)dz;
            } else {
                FAIL_RETURN(errctx, AKERR_KEY,
                            "%s: unknown member \"%s\" (an axis has \"negative\", \"positive\" "
                            "and \"deadzone\")", where, member);
            }
        }
        const char *canonical = SDL_GetGamepadStringForAxis((SDL_GamepadAxis)b.code);
        PASS(errctx, add_loaded_binding(s, &b, where, "axis", canonical ? canonical : "?"));
    }
    SUCCEED_RETURN(errctx);
}

/* One action's "keys" or "buttons" list, appended to `a`. */
static akerr_ErrorContext *read_action_inputs(json_t *list, const char *where,
                                              akgl_ControllerInputKind kind,
                                              akgl_ControllerAction *a)
{
    size_t i = 0;
    json_t *v = NULL;
    char item[WHERE_LENGTH + 32];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_array(list), AKERR_TYPE, "%s must be an array of %s names, not %s",
                     where, kind == AKGL_CONTROLLER_INPUT_KEY ? "key" : "button", akgl_json_type_name(list));
    json_array_foreach(list, i, v) {
        if (snprintf(item, sizeof(item), "%s[%zu]", where, i) < 0) {
            item[0] = '\0';
        }
        FAIL_ZERO_RETURN(errctx, json_is_string(v), AKERR_TYPE, "%s must be a string (a %s name), not %s",
                         item, kind == AKGL_CONTROLLER_INPUT_KEY ? "key" : "button", akgl_json_type_name(v));
        if (a->ninputs >= AKGL_CONTROLLER_MAX_ACTION_INPUTS) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "%s: action \"%s\" has more than %d keys and buttons "
                        "(AKGL_CONTROLLER_MAX_ACTION_INPUTS)", item, a->name,
                        AKGL_CONTROLLER_MAX_ACTION_INPUTS);
        }
        akgl_ControllerInput *in = &a->inputs[a->ninputs];
        in->kind = kind;
        if (kind == AKGL_CONTROLLER_INPUT_KEY) {
            PASS(errctx, parse_key(json_string_value(v), item, &in->code));
        } else {
            PASS(errctx, parse_button(json_string_value(v), item, &in->code));
        }
        a->ninputs++;
    }
    SUCCEED_RETURN(errctx);
}

/* "actions": { name: { "keys": [...], "buttons": [...] } }. */
static akerr_ErrorContext *read_actions(json_t *section, akgl_Controller *s)
{
    const char *name = NULL;
    json_t *def = NULL;
    char where[WHERE_LENGTH];
    char member_where[WHERE_LENGTH + 16];
    akgl_ControllerAction a;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_object(section), AKERR_TYPE,
                     "\"actions\" must be an object (action name -> {keys, buttons}), not %s",
                     akgl_json_type_name(section));
    json_object_foreach(section, name, def) {
        const char *member = NULL;
        json_t *v = NULL;
        where_member(where, "actions", name);
        PASS(errctx, check_action_name(name, where));
        if (s->nactions >= AKGL_CONTROLLER_MAX_ACTIONS) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: more than %d actions "
                        "(AKGL_CONTROLLER_MAX_ACTIONS)", where, AKGL_CONTROLLER_MAX_ACTIONS);
        }
        FAIL_ZERO_RETURN(errctx, json_is_object(def), AKERR_TYPE,
                         "%s must be an object (\"keys\", \"buttons\"), not %s", where,
                         akgl_json_type_name(def));
        memset(&a, 0, sizeof(a));
        memcpy(a.name, name, strlen(name) + 1);
        json_object_foreach(def, member, v) {
            if (snprintf(member_where, sizeof(member_where), "%s.%s", where, member) < 0) {
                member_where[0] = '\0';
            }
            if (strcmp(member, "keys") == 0) {
                PASS(errctx, read_action_inputs(v, member_where, AKGL_CONTROLLER_INPUT_KEY, &a));
            } else if (strcmp(member, "buttons") == 0) {
                PASS(errctx, read_action_inputs(v, member_where, AKGL_CONTROLLER_INPUT_BUTTON, &a));
            } else {
                FAIL_RETURN(errctx, AKERR_KEY,
                            "%s: unknown member \"%s\" (an action has \"keys\" and \"buttons\")",
                            where, member);
            }
        }
        s->actions[s->nactions++] = a;
    }
    SUCCEED_RETURN(errctx);
}

/* The whole file into the scratch controller `s`. */
static akerr_ErrorContext *read_tables(json_t *root, akgl_Controller *s)
{
    const char *section = NULL;
    json_t *v = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, json_is_object(root), AKERR_TYPE,
                     "the top level must be a JSON object, not %s", akgl_json_type_name(root));
    json_object_foreach(root, section, v) {
        if (strcmp(section, "keys") == 0) {
            PASS(errctx, read_simple_section(v, "keys", AKGL_CONTROLLER_INPUT_KEY, s));
        } else if (strcmp(section, "buttons") == 0) {
            PASS(errctx, read_simple_section(v, "buttons", AKGL_CONTROLLER_INPUT_BUTTON, s));
        } else if (strcmp(section, "axes") == 0) {
            PASS(errctx, read_axes(v, s));
        } else if (strcmp(section, "actions") == 0) {
            PASS(errctx, read_actions(v, s));
        } else {
            FAIL_RETURN(errctx, AKERR_KEY,
                        "unknown section \"%s\" (a binding file has \"keys\", \"buttons\", "
                        "\"axes\" and \"actions\")", section);
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_controller_load_json(akgl_Controller *c, const char *filename)
{
    json_t *root = NULL;
    akgl_Controller scratch;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, c, AKERR_NULLPOINTER, "akgl_controller_load_json: NULL controller");
    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "akgl_controller_load_json: NULL filename");
    memset(&scratch, 0, sizeof(scratch));
    ATTEMPT {
        CATCH(errctx, akgl_json_load_file(filename, &root));
        CATCH(errctx, akgl_json_error_in_file(read_tables(root, &scratch), filename));
        /* Checked whole: only now does the live controller change. */
        release_all(c);
        memcpy(c->bindings, scratch.bindings, sizeof(c->bindings));
        memcpy(c->actions, scratch.actions, sizeof(c->actions));
        c->nbindings = scratch.nbindings;
        c->nactions = scratch.nactions;
    } CLEANUP {
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}
