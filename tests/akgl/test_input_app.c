/*
 * Polling input inside the application runner (akgl/app.h): the runner feeds
 * every event to the input state before the game's event callback sees it,
 * maps the mouse to the logical screen and the world, and the edges of a
 * frame last from its events through its frame callback to its overlay, then
 * end. Real SDL3 headless: events pushed with SDL_PushEvent from the
 * callbacks are the next frame's.
 *
 * akgl_app_run starts and stops the game itself: TEST_BEGIN, not
 * AKGL_TEST_BEGIN.
 */
#include <akgl/akgl.h>

#include <SDL3/SDL.h>
#include <stdio.h>
#include <string.h>

#include "test.h"

#define FRAMES 4
#define DOWN 4
#define PRESSED 2
#define RELEASED 1

typedef struct Seen
{
    int key, mouse;  /* DOWN | PRESSED | RELEASED of Space and the left button */
    float x, y;      /* the mouse, logical */
    float wx, wy;    /* and in the world */
} Seen;

static struct
{
    SDL_WindowID window;
    Seen frame[FRAMES]; /* in the frame callback */
    Seen draw[FRAMES];  /* in the overlay */
    int space_events;
    bool pressed_in_event; /* what the event callback saw of Space's press */
} probe;

static int key_bits(SDL_Scancode sc)
{
    return (akgl_input_key_down(sc) ? DOWN : 0) | (akgl_input_key_pressed(sc) ? PRESSED : 0) |
           (akgl_input_key_released(sc) ? RELEASED : 0);
}

static int mouse_bits(int button)
{
    return (akgl_input_mouse_button_down(button) ? DOWN : 0) |
           (akgl_input_mouse_button_pressed(button) ? PRESSED : 0) |
           (akgl_input_mouse_button_released(button) ? RELEASED : 0);
}

static akerr_ErrorContext *look(Seen *s)
{
    PREPARE_ERROR(errctx);
    s->key = key_bits(SDL_SCANCODE_SPACE);
    s->mouse = mouse_bits(SDL_BUTTON_LEFT);
    PASS(errctx, akgl_input_mouse_position(&s->x, &s->y));
    PASS(errctx, akgl_input_mouse_world(&s->wx, &s->wy));
    SUCCEED_RETURN(errctx);
}

static void push(SDL_Event *e)
{
    if (!SDL_PushEvent(e)) {
        test_failf_(__FILE__, __LINE__, "SDL_PushEvent: %s", SDL_GetError());
    }
}

static void push_key(SDL_Scancode sc, bool down)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = down ? SDL_EVENT_KEY_DOWN : SDL_EVENT_KEY_UP;
    e.key.scancode = sc;
    e.key.down = down;
    push(&e);
}

static void push_button(bool down, float x, float y)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = down ? SDL_EVENT_MOUSE_BUTTON_DOWN : SDL_EVENT_MOUSE_BUTTON_UP;
    e.button.windowID = probe.window;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.down = down;
    e.button.x = x;
    e.button.y = y;
    push(&e);
}

/* Frame 0's events: Space tapped, the left button pressed at window pixel
 * (200, 100), which is logical (100, 50); the camera at (10, 20). */
static akerr_ErrorContext *init(akgl_App *app)
{
    probe.window = SDL_GetWindowID(app->renderer.window);
    game.camera->x = 10.0f;
    game.camera->y = 20.0f;
    push_key(SDL_SCANCODE_SPACE, true);
    push_key(SDL_SCANCODE_SPACE, false);
    push_button(true, 200.0f, 100.0f);
    return NULL;
}

static akerr_ErrorContext *event(akgl_App *app, const SDL_Event *e)
{
    (void)app;
    if (e->type == SDL_EVENT_KEY_DOWN && e->key.scancode == SDL_SCANCODE_SPACE) {
        probe.space_events++;
        probe.pressed_in_event = akgl_input_key_pressed(SDL_SCANCODE_SPACE);
    }
    return NULL;
}

static akerr_ErrorContext *frame(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, look(&probe.frame[app->frame]));
    if (app->frame == 0) {
        push_button(false, 202.0f, 104.0f); /* frame 1's */
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    return look(&probe.draw[app->frame]);
}

static const akgl_AppDesc desc = {
    .title = "input", .width = 640, .height = 360, .logical_width = 320, .logical_height = 180,
    .headless_frames = FRAMES, .init = init, .event = event, .frame = frame, .draw = draw,
};

static void check_seen(const Seen *s, int key, int mouse, float x, float y, const char *where,
                       int n)
{
    CHECK_MSG(s->key == key, "%s %d: Space %d, expected %d", where, n, s->key, key);
    CHECK_MSG(s->mouse == mouse, "%s %d: left button %d, expected %d", where, n, s->mouse, mouse);
    CHECK_MSG(s->x == x && s->y == y, "%s %d: mouse at (%g, %g), expected (%g, %g)", where, n,
              (double)s->x, (double)s->y, (double)x, (double)y);
    CHECK_MSG(s->wx == x + 10.0f && s->wy == y + 20.0f, "%s %d: world (%g, %g)", where, n,
              (double)s->wx, (double)s->wy);
}

static void test_the_runner_feeds_the_input(void)
{
    char *argv[] = {"input"};
    memset(&probe, 0, sizeof(probe));
    CHECK_OK(akgl_app_run(&desc, 1, argv));
    CHECK_INT_EQ(probe.space_events, 1);
    CHECK(probe.pressed_in_event);
    /* Frame 0: tapped Space, the button pressed; the frame callback and the
     * overlay see the same. Frame 1: the button released at (101, 52).
     * Then nothing. */
    const Seen expect[FRAMES] = {
        {PRESSED | RELEASED, DOWN | PRESSED, 100.0f, 50.0f, 0, 0},
        {0, RELEASED, 101.0f, 52.0f, 0, 0},
        {0, 0, 101.0f, 52.0f, 0, 0},
        {0, 0, 101.0f, 52.0f, 0, 0},
    };
    for (int i = 0; i < FRAMES; i++) {
        check_seen(&probe.frame[i], expect[i].key, expect[i].mouse, expect[i].x, expect[i].y,
                   "frame", i);
        check_seen(&probe.draw[i], expect[i].key, expect[i].mouse, expect[i].x, expect[i].y,
                   "draw", i);
    }
    /* The run's end forgot it all. */
    float x = -1.0f, y = -1.0f;
    CHECK_OK(akgl_input_mouse_position(&x, &y));
    CHECK(x == 0.0f && y == 0.0f);
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_the_runner_feeds_the_input);
    return TEST_END();
}
