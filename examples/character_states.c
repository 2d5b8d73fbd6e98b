/*
 * A character's states: a character maps state words (ALIVE, a facing,
 * MOVING bits, DYING...) to sprites, and the nearest mapping serves states it
 * does not name. One knight goes through a list of states, a second each;
 * the label says which.
 *
 *   akgl_example_character_states [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static const struct { int state; const char *label; } STATES[] = {
    {AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN, "ALIVE | FACE_DOWN"},
    {AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT,
     "ALIVE | FACE_RIGHT | MOVING_RIGHT"},
    {AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP,
     "ALIVE | FACE_UP | MOVING_UP"},
    {AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT, "ALIVE | FACE_LEFT"},
    {AKGL_ACTOR_STATE_DYING, "DYING (hurt)"},
};
static akgl_Actor *knight;
static akgl_Font *font;
static int shown;

static akerr_ErrorContext *init(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_font_load("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 7.0f, &font));
    PASS(errctx, akgl_actor_spawn("knight", "knight", 72.0f, 40.0f, &knight));
    SUCCEED_RETURN(errctx);
}

/* The next state every second of game time. */
static akerr_ErrorContext *step(akgl_App *app)
{
    static uint64_t ns;
    ns += app->dt_ns;
    shown = (int)(ns / SDL_NS_PER_SECOND % SDL_arraysize(STATES));
    knight->state = STATES[shown].state;
    return NULL;
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    (void)app;
    style.align = AKGL_TEXT_ALIGN_CENTER;
    return akgl_text_draw_styled(font, STATES[shown].label, 80.0f, 66.0f, &style);
}

static const akgl_AppDesc desc = {
    .title = "character states", .width = 640, .height = 360,
    .logical_width = 160, .logical_height = 90, .clear_color = {40, 70, 60, 255},
    .characters = (const char *const[]){"knight.json", NULL},
    .roots = (const char *const[]){"/usr/share/fonts", NULL}, /* the HUD's font */
    .init = init, .frame = step, .draw = draw,
};
AKGL_APP_MAIN(desc)
