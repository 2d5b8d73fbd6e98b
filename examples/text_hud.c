/*
 * Text and a HUD: TrueType text through SDL3_ttf, drawn from the overlay hook
 * after the world. Left, centred and right-aligned lines, a wrapped
 * paragraph, a size measured to centre a box, a bar drawn with two
 * rectangles, and a label in world coordinates that moves with the camera
 * over a walking knight.
 *
 *   akgl_example_text_hud [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

#define SANS "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define BOLD "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

static akgl_Font *small, *big;
static akgl_Actor *knight;
static akgl_Physics physics;

static akerr_ErrorContext *init(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, akgl_font_load(SANS, 14.0f, &small));
    PASS(errctx, akgl_font_load(BOLD, 28.0f, &big));
    PASS(errctx, akgl_actor_spawn("knight", "knight", 40.0f, 250.0f, &knight));
    knight->state |= AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_FACE_RIGHT;
    PASS(errctx, akgl_actor_set_transform(knight, 3.0f, 3.0f, 0.0f)); /* drawn x3 */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(akgl_App *app)
{
    (void)app;
    if (knight->x > 600.0f) {
        knight->x = -16.0f; /* round again */
    }
    return NULL;
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    char line[64];
    int w = 0, h = 0;
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    PREPARE_ERROR(errctx);
    SDL_snprintf(line, sizeof(line), "SCORE %06d", app->frame * 10);
    PASS(errctx, akgl_text_draw(big, line, 12.0f, 8.0f, (SDL_Color){255, 220, 90, 255}));
    /* A bar from two rectangles (akgl/draw.h): it fills over two seconds. */
    float filled = 200.0f * (float)(app->frame % 120) / 119.0f;
    PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_SCREEN, 14.0f, 46.0f, filled, 8.0f,
                                       (SDL_Color){255, 220, 90, 255}));
    PASS(errctx, akgl_draw_rect(AKGL_DRAW_SCREEN, 12.0f, 44.0f, 204.0f, 12.0f,
                                (SDL_Color){255, 255, 255, 255}));
    style.align = AKGL_TEXT_ALIGN_RIGHT;
    SDL_snprintf(line, sizeof(line), "frame %d", app->frame);
    PASS(errctx, akgl_text_draw_styled(small, line, 628.0f, 16.0f, &style));
    /* Measured, then centred by hand: the same as AKGL_TEXT_ALIGN_CENTER. */
    PASS(errctx, akgl_text_measure(big, "akgl text", &w, &h));
    PASS(errctx, akgl_text_draw(big, "akgl text", (640.0f - (float)w) / 2.0f, 80.0f,
                                (SDL_Color){255, 255, 255, 255}));
    style.align = AKGL_TEXT_ALIGN_LEFT;
    style.wrap_width = 420;
    style.color = (SDL_Color){190, 200, 255, 255};
    PASS(errctx, akgl_text_draw_styled(small,
        "A paragraph wraps between words to fit its width. Laid-out strings are cached "
        "per font, so a line drawn every frame is laid out once.", 110.0f, 130.0f, &style));
    style = AKGL_TEXT_STYLE_DEFAULT;
    style.world = true; /* world pixels: it follows the knight, not the screen */
    style.align = AKGL_TEXT_ALIGN_CENTER;
    PASS(errctx, akgl_text_draw_styled(small, "knight", knight->x + 8.0f, knight->y - 34.0f, &style));
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "text and a HUD", .width = 640, .height = 360, .clear_color = {30, 34, 60, 255},
    .characters = (const char *const[]){"knight.json", NULL},
    .roots = (const char *const[]){"/usr/share/fonts", NULL}, /* the HUD's font */
    .init = init, .frame = step, .draw = draw,
};
AKGL_APP_MAIN(desc)
