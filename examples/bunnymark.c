/*
 * Bunnymark: as many bouncing sprites as the frame rate allows, here 10,000
 * spinning coins, each a full actor (state, animation, draw order). The actor
 * pool's capacity is chosen when the game starts (akgl_game_init_with_config);
 * a library without it (before 0.2) has the fixed AKGL_MAX_HEAP_ACTOR slots,
 * and the mark fills those. Click or hold Space to add 100 more a frame.
 *
 *   akgl_example_bunnymark [--frames N] [--screenshot OUT.png] [--assets DIR]
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
#include <akgl/heap.h>
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

#define BUNNIES 10000
#define MAX_BUNNIES 100000

static akgl_Font *font;
static int bunnies, capacity;
static uint64_t last_ns;
static float fps;
static Uint64 seed = 1; /* the same coins every run */

/* Each coin flies straight and bounces off the edges, then animates as usual. */
static akerr_ErrorContext *bounce(akgl_Actor *b)
{
    b->x += b->vx / 60.0f;
    b->y += b->vy / 60.0f;
    b->vx = (b->x < 0.0f || b->x > 624.0f) ? -b->vx : b->vx;
    b->vy = (b->y < 24.0f || b->y > 344.0f) ? -b->vy : b->vy;
    return akgl_actor_run_update(b);
}

static akerr_ErrorContext *add(int n)
{
    char name[32];
    akgl_Actor *b = NULL;
    akgl_Sprite *spin = NULL;
    PREPARE_ERROR(errctx);
    for (int i = 0; i < n && bunnies < capacity; i++, bunnies++) {
        snprintf(name, sizeof(name), "coin %d", bunnies);
        PASS(errctx, akgl_actor_spawn(name, "coin", 320.0f, 180.0f, &b));
        b->vx = (float)(SDL_rand_r(&seed, 480) - 240);
        b->vy = (float)(SDL_rand_r(&seed, 480) - 240);
        PASS(errctx, akgl_actor_current_sprite(b, &spin)); /* chosen now, so that */
        b->curSpriteFrameId = bunnies % 8;                  /* they do not all spin in step */
        b->updatefunc = bounce;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *start_game(void)
{
    PREPARE_ERROR(errctx);
#ifdef akgl_game_init_with_config
    akgl_GameConfig config = {0};
    config.capacity[AKGL_HEAP_ACTOR] = MAX_BUNNIES;
    PASS(errctx, akgl_game_init_with_config(&config));
    capacity = MAX_BUNNIES;
#else
    PASS(errctx, akgl_game_init());
    capacity = AKGL_MAX_HEAP_ACTOR;
#endif
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *setup(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "640"));
    PASS(errctx, akgl_set_property("game.screenheight", "360"));
    PASS(errctx, akgl_render_2d_init(&renderer));
    renderer.clear_color = (SDL_Color){245, 245, 245, 255};
    PASS(errctx, akgl_font_load("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 14, &font));
    PASS(errctx, akgl_sprite_load_json(asset("coin_spin.json")));
    PASS(errctx, akgl_sprite_load_json(asset("coin_sparkle.json")));
    PASS(errctx, akgl_character_load_json(asset("coin.json")));
    PASS(errctx, add(BUNNIES));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(const SDL_Event *e)
{
    PREPARE_ERROR(errctx);
    if (e == NULL && (SDL_GetMouseState(NULL, NULL) || SDL_GetKeyboardState(NULL)[SDL_SCANCODE_SPACE])) {
        PASS(errctx, add(100));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_Renderer *r)
{
    char text[64];
    uint64_t now = SDL_GetTicksNS();
    PREPARE_ERROR(errctx);
    (void)r;
    fps = last_ns ? 0.9f * fps + 0.1f * (1e9f / (float)(now - last_ns)) : 0.0f;
    last_ns = now;
    snprintf(text, sizeof(text), "%d coins  %.0f fps", bunnies, (double)fps);
    PASS(errctx, akgl_text_draw(font, text, 8.0f, 4.0f, (SDL_Color){190, 33, 55, 255}));
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
    PASS(errctx, start_game()); /* the pool sized for the mark */
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
