/*
 * Text and a HUD: TrueType text through SDL3_ttf, drawn from the overlay hook
 * after the world. Left, centred and right-aligned lines, a wrapped
 * paragraph, a size measured to centre a box, and a label in world
 * coordinates that moves with the camera over a walking knight.
 *
 *   akgl_example_text_hud [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL.h>
#include <SDL3/SDL_main.h>

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sprite.h>
#include <akgl/time.h>
#include <akgl/physics.h>
#include <akgl/text.h>
#include <stdio.h>
#include <string.h>

/* The gallery's common options: see examples/README.md. */
static akgl_Renderer renderer;
static int frames = -1, frame; /* -1: until the window closes */
static const char *shot;       /* --screenshot: the last frame's PNG */
static char assets[512];
static bool headless;

static const char *asset(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof(path), "%s/%s", assets, name);
    return path;
}

#define SANS "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define BOLD "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

static const char *const SPRITES[] = {
    "knight_idle_down.json", "knight_idle_left.json", "knight_idle_right.json",
    "knight_idle_up.json",   "knight_walk_down.json", "knight_walk_left.json",
    "knight_walk_right.json", "knight_walk_up.json",  "knight_hurt.json"};
static akgl_Font *small, *big;
static akgl_Actor *knight;
static akgl_Physics physics;

static akerr_ErrorContext *setup(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "640"));
    PASS(errctx, akgl_set_property("game.screenheight", "360"));
    PASS(errctx, akgl_render_2d_init(&renderer));
    renderer.clear_color = (SDL_Color){30, 34, 60, 255};
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, akgl_font_load(SANS, 14.0f, &small));
    PASS(errctx, akgl_font_load(BOLD, 28.0f, &big));
    for (size_t i = 0; i < SDL_arraysize(SPRITES); i++) {
        PASS(errctx, akgl_sprite_load_json(asset(SPRITES[i])));
    }
    PASS(errctx, akgl_character_load_json(asset("knight.json")));
    PASS(errctx, akgl_actor_spawn("knight", "knight", 40.0f, 250.0f, &knight));
    knight->state |= AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_FACE_RIGHT;
    PASS(errctx, akgl_actor_set_transform(knight, 3.0f, 3.0f, 0.0f)); /* drawn x3 */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(const SDL_Event *e)
{
    if (e == NULL && knight->x > 600.0f) {
        knight->x = -16.0f; /* round again */
    }
    return NULL;
}

static akerr_ErrorContext *draw(akgl_Renderer *r)
{
    char line[64];
    int w = 0, h = 0;
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    PREPARE_ERROR(errctx);
    (void)r;
    snprintf(line, sizeof(line), "SCORE %06d", frame * 10);
    PASS(errctx, akgl_text_draw(big, line, 12.0f, 8.0f, (SDL_Color){255, 220, 90, 255}));
    style.align = AKGL_TEXT_ALIGN_RIGHT;
    snprintf(line, sizeof(line), "frame %d", frame);
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

/* ---- the gallery's frame loop and options, the same in every example ---- */

static akerr_ErrorContext *overlay(akgl_Renderer *r, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    PASS(errctx, draw(r));
    if (shot != NULL && frame == frames - 1) { /* drawn, not yet presented */
        PASS(errctx, akgl_render_screenshot(r, shot));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *run(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_game_init());
    PASS(errctx, akgl_time_use_manual(headless)); /* headless: the same frames every run */
    PASS(errctx, setup());
    PASS(errctx, akgl_game_set_overlay(overlay, NULL));
    for (frame = 0; frames < 0 || frame < frames; frame++) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            frames = (e.type == SDL_EVENT_QUIT) ? frame + 1 : frames;
            PASS(errctx, step(&e));
        }
        PASS(errctx, step(NULL));
        PASS(errctx, headless ? akgl_time_advance(16666667) : (SDL_Delay(16), NULL));
        PASS(errctx, akgl_game_frame());
    }
    PASS(errctx, akgl_game_unload(AKGL_UNLOAD_ALL));
    PASS(errctx, renderer.shutdown(&renderer));
    PASS(errctx, akgl_game_quit());
    SUCCEED_RETURN(errctx);
}

int main(int argc, char *argv[])
{
#ifdef AKGL_EXAMPLES_ASSETS /* the source tree's; else "assets" beside the executable */
    SDL_strlcpy(assets, AKGL_EXAMPLES_ASSETS, sizeof(assets));
#else
    snprintf(assets, sizeof(assets), "%sassets", SDL_GetBasePath());
#endif
    for (int i = 1; i + 1 < argc; i += 2) {
        frames = strcmp(argv[i], "--frames") ? frames : SDL_atoi(argv[i + 1]);
        shot = strcmp(argv[i], "--screenshot") ? shot : argv[i + 1];
        if (strcmp(argv[i], "--assets") == 0) {
            SDL_strlcpy(assets, argv[i + 1], sizeof(assets));
        }
    }
    if (!SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)) {
        SDL_Log("%s: SDL_Init: %s", argv[0], SDL_GetError());
        return 1;
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    headless = driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy"));
    frames = (headless && frames < 1) ? 60 : frames;
    if (shot != NULL) {
        SDL_RemovePath(shot); /* a run that saves nothing must not pass on an old file */
    }
    akerr_ErrorContext *errctx = run();
    bool ok = errctx == NULL && (shot == NULL || SDL_GetPathInfo(shot, NULL));
    if (errctx != NULL) {
        LOG_ERROR(errctx);
        RELEASE_ERROR(errctx);
    }
    SDL_Quit();
    return ok ? 0 : 1;
}
