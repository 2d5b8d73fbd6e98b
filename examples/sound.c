/*
 * Sound: a sound bank (examples/assets/sounds/sounds.json) loads every
 * effect and the music; the music loops, faded in; an effect plays every
 * half second, panned from where the coin is on the screen. Keys 1-4 play an
 * effect, M fades the music out or back in, P pauses everything.
 *
 *   akgl_example_sound [--frames N] [--screenshot OUT.png] [--assets DIR]
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
#include <akgl/sound.h>
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

static const char *const EFFECTS[] = {"jump", "coin", "hurt", "footstep"};
static akgl_Font *font;
static akgl_Actor *coin;
static const char *last = "";
static float pan;
static bool music = true, paused;

static akerr_ErrorContext *play(const char *name)
{
    akgl_Sound *s = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_sound_get(name, &s));
    pan = coin->x / 152.0f - 1.0f; /* -1 at the left edge .. 1 at the right */
    PASS(errctx, akgl_sound_play(s, 1.0f, SDL_clamp(pan, -1.0f, 1.0f), NULL));
    last = name;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *setup(void)
{
    akgl_Sound *tune = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_set_property("game.screenwidth", "640"));
    PASS(errctx, akgl_set_property("game.screenheight", "360"));
    PASS(errctx, akgl_set_property("game.logicalwidth", "320"));
    PASS(errctx, akgl_set_property("game.logicalheight", "180"));
    PASS(errctx, akgl_render_2d_init(&renderer));
    renderer.clear_color = (SDL_Color){20, 40, 50, 255};
    PASS(errctx, akgl_font_load("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 9, &font));
    PASS(errctx, akgl_sprite_load_json(asset("coin_spin.json")));
    PASS(errctx, akgl_sprite_load_json(asset("coin_sparkle.json")));
    PASS(errctx, akgl_character_load_json(asset("coin.json")));
    PASS(errctx, akgl_actor_spawn("coin", "coin", 0.0f, 100.0f, &coin));
    PASS(errctx, akgl_sound_load_json(asset("sounds/sounds.json")));
    PASS(errctx, akgl_sound_get("music", &tune));
    PASS(errctx, akgl_sound_music_play(tune, 1.0f, 1000, NULL)); /* a one-second fade in */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(const SDL_Event *e)
{
    akgl_Sound *tune = NULL;
    PREPARE_ERROR(errctx);
    if (e == NULL) {
        coin->x = (float)(frame % 300); /* across the screen and back to the left */
        if (frame % 30 == 0) {
            PASS(errctx, play(EFFECTS[(frame / 30) % 4]));
        }
    } else if (e->type == SDL_EVENT_KEY_DOWN && e->key.key >= SDLK_1 && e->key.key <= SDLK_4) {
        PASS(errctx, play(EFFECTS[e->key.key - SDLK_1]));
    } else if (e->type == SDL_EVENT_KEY_DOWN && e->key.key == SDLK_M) {
        music = !music;
        PASS(errctx, akgl_sound_get("music", &tune));
        PASS(errctx, music ? akgl_sound_music_play(tune, 1.0f, 500, NULL) : akgl_sound_music_stop(500));
    } else if (e->type == SDL_EVENT_KEY_DOWN && e->key.key == SDLK_P) {
        paused = !paused;
        PASS(errctx, paused ? akgl_sound_pause_all() : akgl_sound_resume_all());
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_Renderer *r)
{
    char text[128];
    bool on = false;
    int rate = 0, voices = 0;
    PREPARE_ERROR(errctx);
    (void)r;
    PASS(errctx, akgl_sound_status(&on, &rate, &voices));
    snprintf(text, sizeof(text), "device: %s, %d Hz, %d voices\nlast: %-8s pan %+.2f\nmusic %s%s",
             on ? "open" : "none (silent)", rate, voices, last, (double)pan,
             music ? "on" : "off", paused ? ", paused" : "");
    PASS(errctx, akgl_text_draw(font, text, 8.0f, 8.0f, (SDL_Color){200, 255, 220, 255}));
    PASS(errctx, akgl_text_draw(font, "1-4 effects  M music  P pause", 8.0f, 160.0f,
                                (SDL_Color){140, 170, 160, 255}));
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
