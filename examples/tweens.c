/*
 * Tweens and timers: the 22 easing curves side by side, each a square
 * tweened along its track and back, forever (yoyo), on the game clock. A
 * timer every 1.5 s, when the squares turn round, swaps their colour.
 *
 *   akgl_example_tweens [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

#define TRACK 140.0f /* pixels a square travels (ELASTIC_OUT overshoots it by 37%) */

static const char *const names[AKGL_EASE_COUNT] = {
    "linear",     "quad in",    "quad out",    "quad in-out",    "cubic in",    "cubic out",
    "cubic in-out", "sine in",  "sine out",    "sine in-out",    "expo in",     "expo out",
    "expo in-out", "back in",   "back out",    "back in-out",    "elastic in",  "elastic out",
    "elastic in-out", "bounce in", "bounce out", "bounce in-out",
};
static float pos[AKGL_EASE_COUNT]; /* each square's x along its track, written by its tween */
static bool swapped;

static akerr_ErrorContext *swap_colour(akgl_TimerRef timer, void *userdata)
{
    (void)timer;
    (void)userdata;
    swapped = !swapped;
    return NULL;
}

static akerr_ErrorContext *init(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    (void)app;
    for (int i = 0; i < AKGL_EASE_COUNT; i++) {
        akgl_TweenSpec spec = {.target = &pos[i], .from = 0.0f, .to = TRACK, .duration = 1.5f,
                               .ease = (akgl_Ease)i, .repeat = AKGL_TWEEN_FOREVER, .yoyo = true};
        PASS(errctx, akgl_tween_start(&spec, NULL));
    }
    PASS(errctx, akgl_timer_every(1.5f, 0, swap_colour, NULL, NULL));
    SUCCEED_RETURN(errctx);
}

/* Two columns of 11 curves: a name, a track, and the square on it. */
static akerr_ErrorContext *draw(akgl_App *app)
{
    const SDL_Color text = {230, 230, 240, 255}, track = {90, 96, 130, 255};
    const SDL_Color square = swapped ? (SDL_Color){250, 190, 60, 255}
                                     : (SDL_Color){90, 200, 250, 255};
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_text_draw(NULL, "tweens: 22 curves, yoyo, forever", 8.0f, 6.0f, text));
    for (int i = 0; i < AKGL_EASE_COUNT; i++) {
        float x = i < 11 ? 8.0f : 324.0f;
        float y = 30.0f + 30.0f * (float)(i % 11);
        float left = x + 120.0f;
        PASS(errctx, akgl_text_draw(NULL, names[i], x, y + 2.0f, text));
        PASS(errctx, akgl_draw_line(AKGL_DRAW_SCREEN, left, y + 6.0f, left + TRACK + 12.0f,
                                    y + 6.0f, track));
        PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_SCREEN, left + pos[i], y, 12.0f, 12.0f,
                                           square));
    }
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "tweens", .width = 640, .height = 360, .clear_color = {32, 34, 52, 255},
    .config.tweens = AKGL_EASE_COUNT, .config.timers = 1, /* exactly what it runs */
    .init = init, .draw = draw,
};
AKGL_APP_MAIN(desc)
