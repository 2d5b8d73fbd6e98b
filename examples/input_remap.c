/*
 * Input remapping: a controller turns keys into an actor's state bits. Press
 * R, then the key you want for "left", then the one for "right": the
 * bindings are replaced while the game runs (akgl_controller_bind_key), and
 * the knight walks with the new keys. Headless, a script remaps to J and L.
 *
 *   akgl_example_input_remap [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static akgl_Physics physics;
static akgl_Controller pad;
static SDL_Scancode keys[2] = {SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT}; /* left, right */
static int waiting = -1; /* which binding the next key replaces, or -1 */

static akerr_ErrorContext *bind(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_controller_clear_bindings(&pad));
    PASS(errctx, akgl_controller_bind_key(&pad, keys[0], AKGL_ACTOR_STATE_MOVING_LEFT));
    PASS(errctx, akgl_controller_bind_key(&pad, keys[1], AKGL_ACTOR_STATE_MOVING_RIGHT));
    PASS(errctx, akgl_controller_bind_button(&pad, SDL_GAMEPAD_BUTTON_DPAD_LEFT,
                                             AKGL_ACTOR_STATE_MOVING_LEFT));
    PASS(errctx, akgl_controller_bind_button(&pad, SDL_GAMEPAD_BUTTON_DPAD_RIGHT,
                                             AKGL_ACTOR_STATE_MOVING_RIGHT));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    akgl_Actor *knight = NULL;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_set_property("physics.drag.x", "8"));
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, akgl_actor_spawn("knight", "knight", 152.0f, 100.0f, &knight));
    PASS(errctx, akgl_controller_initialize(&pad, knight));
    PASS(errctx, bind());
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *key(SDL_Scancode code, bool down)
{
    PREPARE_ERROR(errctx);
    if (down && waiting < 0 && code == SDL_SCANCODE_R) {
        waiting = 0; /* the next two presses are the new keys */
    } else if (down && waiting >= 0) {
        keys[waiting++] = code;
        if (waiting == 2) {
            waiting = -1;
            PASS(errctx, bind());
        }
    } else {
        SDL_Event e = {.key = {.type = down ? SDL_EVENT_KEY_DOWN : SDL_EVENT_KEY_UP,
                               .scancode = code, .down = down}};
        PASS(errctx, akgl_controller_handle_event(&pad, &e));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *event(akgl_App *app, const SDL_Event *e)
{
    (void)app;
    if ((e->type == SDL_EVENT_KEY_DOWN || e->type == SDL_EVENT_KEY_UP) && !e->key.repeat) {
        return key(e->key.scancode, e->key.down);
    }
    return akgl_controller_handle_event(&pad, e); /* gamepads */
}

/* Headless: R, J, L remaps; then L walks right for a second. */
static akerr_ErrorContext *step(akgl_App *app)
{
    static const struct { int frame; SDL_Scancode code; bool down; } script[] = {
        {5, SDL_SCANCODE_R, true},  {10, SDL_SCANCODE_J, true}, {15, SDL_SCANCODE_L, true},
        {20, SDL_SCANCODE_L, true}, {50, SDL_SCANCODE_L, false}};
    PREPARE_ERROR(errctx);
    for (size_t i = 0; app->headless && i < SDL_arraysize(script); i++) {
        if (script[i].frame == app->frame) {
            PASS(errctx, key(script[i].code, script[i].down));
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    static const char *const names[] = {"left", "right"};
    char text[128];
    (void)app;
    SDL_snprintf(text, sizeof(text), "left: %s   right: %s\n%s%s", SDL_GetScancodeName(keys[0]),
                 SDL_GetScancodeName(keys[1]), waiting < 0 ? "R remaps" : "press the key for ",
                 waiting < 0 ? "" : names[waiting]);
    return akgl_text_draw(NULL, text, 8.0f, 8.0f, (SDL_Color){255, 255, 255, 255});
}

static akerr_ErrorContext *quit(akgl_App *app)
{
    (void)app;
    return akgl_controller_release(&pad);
}

static const akgl_AppDesc desc = {
    .title = "input remapping", .width = 640, .height = 360,
    .logical_width = 320, .logical_height = 180, .clear_color = {50, 40, 70, 255},
    .characters = (const char *const[]){"knight.json", NULL},
    .init = init, .event = event, .frame = step, .draw = draw, .quit = quit,
};
AKGL_APP_MAIN(desc)
