/*
 * Sound: a sound bank (examples/assets/sounds/sounds.json) loads the
 * effects; the music (sounds/music.ogg) is streamed from disk as it plays,
 * looping, faded in, and checked for a failure once a frame; an effect plays
 * every half second of game time, panned from where the coin is on the
 * screen. Keys 1-4 play an effect, M fades the music out or back in, P
 * pauses everything: the sound and game time.
 *
 *   akgl_example_sound [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static const char *const EFFECTS[] = {"jump", "coin", "hurt", "footstep"};
static akgl_Actor *coin;
static const char *last = "";
static float pan;
static bool music = true, paused;
#define EFFECT_NS (500 * AKGL_TIME_ONEMS_NS)
static uint64_t since_effect = EFFECT_NS; /* one plays on the first frame */
static int effects;
static char tune[AKGL_APP_MAX_PATH]; /* the streamed music's path */

static akerr_ErrorContext *music_on(int fade_ms)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_sound_music_play_file(tune, 1.0f, fade_ms, NULL)); /* read as it plays */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *play(const char *name)
{
    PREPARE_ERROR(errctx);
    pan = coin->x / 152.0f - 1.0f; /* -1 at the left edge .. 1 at the right */
    PASS(errctx, akgl_sound_play_named(name, 1.0f, SDL_clamp(pan, -1.0f, 1.0f), NULL));
    last = name;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    const char *path = NULL;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_actor_spawn("coin", "coin", 0.0f, 100.0f, &coin));
    PASS(errctx, akgl_app_asset("sounds/sounds.json", &path));
    PASS(errctx, akgl_sound_load_json(path));
    PASS(errctx, akgl_app_asset("sounds/music.ogg", &path));
    SDL_strlcpy(tune, path, sizeof(tune));
    PASS(errctx, music_on(1000)); /* a one-second fade in */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *key(akgl_App *app, const SDL_Event *e)
{
    PREPARE_ERROR(errctx);
    (void)app;
    if (e->type == SDL_EVENT_KEY_DOWN && e->key.key >= SDLK_1 && e->key.key <= SDLK_4) {
        PASS(errctx, play(EFFECTS[e->key.key - SDLK_1]));
    } else if (e->type == SDL_EVENT_KEY_DOWN && e->key.key == SDLK_M) {
        music = !music;
        PASS(errctx, music ? music_on(500) : akgl_sound_music_stop(500));
    } else if (e->type == SDL_EVENT_KEY_DOWN && e->key.key == SDLK_P) {
        paused = !paused;
        PASS(errctx, paused ? akgl_sound_pause_all() : akgl_sound_resume_all());
        PASS(errctx, akgl_time_set_paused(paused)); /* from the next frame, dt is 0 */
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_sound_music_check()); /* a track that turned bad while it streamed */
    coin->x = SDL_fmodf(coin->x + 60.0f * app->dt, 300.0f); /* 60 px/s, round again */
    bool due = (since_effect += app->dt_ns) >= EFFECT_NS;   /* every half second */
    since_effect %= EFFECT_NS;
    if (due) {
        PASS(errctx, play(EFFECTS[effects++ % 4]));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    char text[128];
    bool on = false;
    int rate = 0, voices = 0;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_sound_status(&on, &rate, &voices));
    SDL_snprintf(text, sizeof(text), "device: %s, %d Hz, %d voices\nlast: %-8s pan %+.2f\n"
                 "music %s%s: music.ogg, streamed from disk",
                 on ? "open" : "none (silent)", rate, voices, last, (double)pan,
                 music ? "on" : "off", paused ? ", paused" : "");
    PASS(errctx, akgl_text_draw(NULL, text, 8.0f, 8.0f, (SDL_Color){200, 255, 220, 255}));
    PASS(errctx, akgl_text_draw(NULL, "1-4 effects  M music  P pause", 8.0f, 160.0f,
                                (SDL_Color){140, 170, 160, 255}));
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "sound", .width = 640, .height = 360, .logical_width = 320, .logical_height = 180,
    .clear_color = {20, 40, 50, 255},
    .sprites = (const char *const[]){"coin_spin.json", "coin_sparkle.json", NULL},
    .characters = (const char *const[]){"coin.json", NULL},
    .init = init, .event = key, .frame = step, .draw = draw,
};
AKGL_APP_MAIN(desc)
