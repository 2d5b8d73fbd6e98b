/*
 * The application runner (akgl/app.h): its options, good and bad; a headless
 * run whose screenshot is checked against the sprite sheet's own pixels;
 * callbacks' errors ending the run with everything given back; quitting from
 * a callback or by SDL_EVENT_QUIT; running again in the same process.
 *
 * akgl_app_run starts and stops the game itself, so this suite does not
 * (TEST_BEGIN, not AKGL_TEST_BEGIN). Each case must leave as it found them:
 * error contexts, SDL's video subsystem, windows, the game (started or not),
 * and akgl_game_quit must never have had to release anything (it logs a line
 * when it does: that line would mean the runner's unload missed something).
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include <akgl/akgl.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_platform.h"

/* The runner's assets directory is its asset root (akgl/file.h): the loop
 * fixtures share a sheet one folder up, so the root is tests/assets. */
#define ASSETS AKGL_TEST_ASSETS_DIR
#define SHEET AKGL_TEST_ASSETS_DIR "/sheet_192x96_48.png"
#define SHOT AKGL_APP_TEST_DIR "/app-shot.png"
#define CLEAR_R 20
#define CLEAR_G 40
#define CLEAR_B 60

/* ---- what the callbacks saw ---------------------------------------------- */

typedef struct Probe
{
    int inits, frames, draws, events, quits;
    int fail_init, fail_frame, fail_draw, fail_event, fail_quit; /* 1 + the frame to fail at */
    int stop_at;                      /* 1 + the frame whose frame callback ends the run */
    bool push_quit, push_user;        /* init pushes SDL_EVENT_QUIT / a user event */
    bool headless;
    int last_frame, frames_total;
    uint64_t t0, t_last;              /* game time at init and at the last frame callback */
    int live_actors_at_quit;
    akerr_ErrorContext *nested;       /* akgl_app_run called from init */
    int options, check, level;        /* what the option callback was given */
    float fps[100];                   /* app->fps at each frame callback */
    uint64_t dt_ns[100];              /* app->dt_ns at each frame callback */
    float dt[100];                    /* app->dt likewise */
    uint64_t draw_dt_ns[100];         /* game.dt_ns at each draw (inside the update) */
    int pause_at, resume_at, scale_at; /* 1 + the frame whose callback pauses, resumes, scales */
    float scale;                      /* what scale_at sets */
    char renderer[32];                /* the renderer init saw */
    char bare[AKGL_MAX_STRING_LENGTH]; /* a path: as long as the checkout's */
} Probe;

static akerr_ErrorContext *boom(const char *where)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, AKERR_VALUE, "test: %s fails on purpose", where);
}

static akerr_ErrorContext *probe_init(akgl_App *app)
{
    Probe *p = app->userdata;
    akgl_Actor *hero = NULL;
    PREPARE_ERROR(errctx);
    p->inits++;
    p->headless = app->headless;
    p->frames_total = app->frames;
    p->t0 = akgl_time_now();
    const char *name = SDL_GetRendererName(app->renderer.sdl_renderer);
    SDL_strlcpy(p->renderer, name != NULL ? name : "(none)", sizeof(p->renderer));
    PASS(errctx, akgl_actor_spawn("hero", "loop hero", 16.0f, 16.0f, &hero));
    hero->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT; /* "loop idle": frame 6 */
    if (p->push_quit || p->push_user) {
        SDL_Event e = {.type = p->push_quit ? SDL_EVENT_QUIT : SDL_EVENT_USER};
        FAIL_ZERO_RETURN(errctx, SDL_PushEvent(&e), AKERR_API, "push: %s", SDL_GetError());
    }
    if (p->nested == NULL && p->fail_init == -1) {
        p->nested = akgl_app_run(app->desc, 0, NULL); /* must be refused */
    }
    if (p->fail_init > 0) {
        PASS(errctx, boom("init"));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *probe_event(akgl_App *app, const SDL_Event *e)
{
    Probe *p = app->userdata;
    p->events += e->type == SDL_EVENT_USER || e->type == SDL_EVENT_QUIT; /* not SDL's own */
    return (p->fail_event > 0 && e->type == SDL_EVENT_USER) ? boom("event") : NULL;
}

static akerr_ErrorContext *probe_frame(akgl_App *app)
{
    Probe *p = app->userdata;
    p->frames++;
    p->last_frame = app->frame;
    p->t_last = akgl_time_now();
    if (p->pause_at == app->frame + 1 || p->resume_at == app->frame + 1) {
        CHECK_OK(akgl_time_set_paused(p->pause_at == app->frame + 1));
    }
    if (p->scale_at == app->frame + 1) {
        CHECK_OK(akgl_time_set_scale(p->scale));
    }
    if (app->frame < (int)SDL_arraysize(p->fps)) {
        p->fps[app->frame] = app->fps;
        p->dt_ns[app->frame] = app->dt_ns;
        p->dt[app->frame] = app->dt;
    }
    if (p->stop_at == app->frame + 1) {
        app->frames = app->frame + 1;
    }
    return p->fail_frame == app->frame + 1 ? boom("frame") : NULL;
}

/* A magenta square over the world: it must be in the screenshot. */
static akerr_ErrorContext *probe_draw(akgl_App *app)
{
    Probe *p = app->userdata;
    PREPARE_ERROR(errctx);
    p->draws++;
    if (app->frame < (int)SDL_arraysize(p->draw_dt_ns)) {
        p->draw_dt_ns[app->frame] = game.dt_ns;
    }
    FAIL_ZERO_RETURN(errctx, SDL_SetRenderDrawColor(app->renderer.sdl_renderer, 255, 0, 255, 255),
                     AKERR_API, "%s", SDL_GetError());
    FAIL_ZERO_RETURN(errctx, SDL_RenderFillRect(app->renderer.sdl_renderer,
                                                &(SDL_FRect){100, 80, 8, 8}),
                     AKERR_API, "%s", SDL_GetError());
    if (p->fail_draw == app->frame + 1) {
        PASS(errctx, boom("draw"));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *probe_quit(akgl_App *app)
{
    Probe *p = app->userdata;
    PREPARE_ERROR(errctx);
    p->quits++;
    PASS(errctx, akgl_heap_in_use(AKGL_HEAP_ACTOR, &p->live_actors_at_quit));
    if (p->fail_quit > 0) {
        PASS(errctx, boom("quit"));
    }
    SUCCEED_RETURN(errctx);
}

/* The program's own options: a flag, one with a value in 1..3, and bare
 * arguments, each taken as --screenshot (the demo's OUT.png). */
static const char *const OPTIONS[] = {"--check", "--level N (1..3)", "OUT.png", NULL};

static akerr_ErrorContext *probe_option(akgl_App *app, const char *name, const char *value)
{
    Probe *p = app->userdata;
    char *end = NULL;
    PREPARE_ERROR(errctx);
    p->options++;
    if (name == NULL) {
        SDL_strlcpy(p->bare, value, sizeof(p->bare));
        app->screenshot = value;
    } else if (strcmp(name, "--check") == 0) {
        p->check += value == NULL; /* a flag gets no value */
    } else {
        long n = strtol(value, &end, 10);
        FAIL_NONZERO_RETURN(errctx, *end != '\0' || n < 1 || n > 3, AKERR_OUTOFBOUNDS,
                            "%s: --level \"%s\" is outside 1..3", app->program, value);
        p->level = (int)n;
    }
    SUCCEED_RETURN(errctx);
}

/* File scope: a compound literal inside probe_desc would die with its call. */
static const char *const SPRITES[] = {"loop/loop_walk.json", "loop/loop_bounce.json",
                                      "loop/loop_once.json", "loop/loop_idle.json", NULL};
static const char *const CHARACTERS[] = {"loop/loop_hero.json", NULL};
static const char *const CHARACTERS_MISSING[] = {"loop/loop_hero.json", "loop/no_such.json",
                                                 NULL};

static akgl_AppDesc probe_desc(Probe *p)
{
    memset(p, 0, sizeof(*p));
    return (akgl_AppDesc){
        .title = "test_app", .width = 160, .height = 120,
        .clear_color = {CLEAR_R, CLEAR_G, CLEAR_B, 255},
        .assets = ASSETS,
        .sprites = SPRITES, .characters = CHARACTERS,
        .init = probe_init, .event = probe_event, .frame = probe_frame, .draw = probe_draw,
        .quit = probe_quit, .userdata = p,
    };
}

/* akgl_app_run with a NULL-terminated list of options after the program's name. */
#define RUN(desc, ...) run_with((desc), (const char *[]){"test_app", __VA_ARGS__, NULL})
#define RUN0(desc) run_with((desc), (const char *[]){"test_app", NULL})

static akerr_ErrorContext *run_with(const akgl_AppDesc *desc, const char **argv)
{
    int argc = 0;
    while (argv[argc] != NULL) {
        argc++;
    }
    return akgl_app_run(desc, argc, (char **)argv);
}

/* ---- the leak counters and the quit log ----------------------------------- */

static int quit_released; /* "akgl_game_quit: released what the game still held" lines */
static char renderer_log[512]; /* the runner's ": renderer" lines */
static SDL_LogOutputFunction default_log;
static void *default_log_data;

static void watch_log(void *userdata, int category, SDL_LogPriority priority, const char *message)
{
    (void)userdata;
    if (strstr(message, "released what the game still held") != NULL) {
        quit_released++;
    }
    if (strstr(message, ": renderer \"") != NULL) {
        SDL_strlcat(renderer_log, message, sizeof(renderer_log));
        SDL_strlcat(renderer_log, "\n", sizeof(renderer_log));
    }
    default_log(default_log_data, category, priority, message);
}

static int quit_releases(void) { return quit_released; }
static int video_started(void) { return SDL_WasInit(SDL_INIT_VIDEO) != 0; }

static int windows_open(void)
{
    int n = 0;
    SDL_Window **w = SDL_GetWindows(&n);
    SDL_free(w);
    return n;
}

static int game_running(void)
{
    akerr_ErrorContext *e = akgl_game_state_lock();
    if (e != NULL) {
        e = akerr_release_error(e);
        return 0;
    }
    e = akgl_game_state_unlock();
    e = akerr_release_error(e);
    (void)e;
    return 1;
}

static bool file_exists(const char *path) { return SDL_GetPathInfo(path, NULL); }

/* ---- options --------------------------------------------------------------- */

static void test_options_good(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    CHECK_OK(RUN(&desc, "--frames", "3", "--assets", ASSETS));
    CHECK_INT_EQ(p.inits, 1);
    CHECK(p.headless); /* the suite runs under the offscreen driver */
    CHECK_INT_EQ(p.frames_total, 3);
    CHECK_INT_EQ(p.frames, 3);
    CHECK_INT_EQ(p.draws, 3);
    CHECK_INT_EQ(p.quits, 1);
    CHECK_INT_EQ(p.live_actors_at_quit, 1); /* the hero, unloaded after quit */
    /* The last one wins; headless without --frames is AKGL_APP_HEADLESS_FRAMES. */
    desc = probe_desc(&p);
    CHECK_OK(RUN(&desc, "--frames", "9", "--frames", "2"));
    CHECK_INT_EQ(p.frames, 2);
    desc = probe_desc(&p);
    CHECK_OK(RUN0(&desc));
    CHECK_INT_EQ(p.frames, AKGL_APP_HEADLESS_FRAMES);
    /* Headless, each frame is 1/60 s of game time, the first one included. */
    CHECK(p.t_last - p.t0 == (uint64_t)(AKGL_APP_HEADLESS_FRAMES - 1) * AKGL_APP_FRAME_NS);
    /* --help runs nothing. */
    desc = probe_desc(&p);
    CHECK_OK(RUN(&desc, "--help"));
    CHECK_INT_EQ(p.inits, 0);
}

/* The program's own options, good: each handed over in order, flags without
 * a value, a bare argument as itself; the runner's own still work around
 * them, and desc.headless_frames replaces the default length. */
static void test_options_own(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    desc.options = OPTIONS;
    desc.option = probe_option;
    CHECK_OK(RUN(&desc, "--check", "--level", "2", "--frames", "3", SHOT, "--level", "3"));
    CHECK_INT_EQ(p.options, 4);
    CHECK_INT_EQ(p.check, 1);
    CHECK_INT_EQ(p.level, 3); /* the last wins, as the callback lets it */
    CHECK_STR_EQ(p.bare, SHOT);
    CHECK_INT_EQ(p.frames, 3);
    CHECK(file_exists(SHOT)); /* the bare argument became the screenshot */
    SDL_RemovePath(SHOT);
    /* Without any of them the callback is not called. */
    desc = probe_desc(&p);
    desc.options = OPTIONS;
    desc.option = probe_option;
    desc.headless_frames = 7;
    CHECK_OK(RUN0(&desc));
    CHECK_INT_EQ(p.options, 0);
    CHECK_INT_EQ(p.frames, 7);
    desc = probe_desc(&p);
    desc.headless_frames = 7;
    CHECK_OK(RUN(&desc, "--frames", "2"));
    CHECK_INT_EQ(p.frames, 2);
    desc = probe_desc(&p);
    desc.options = OPTIONS;
    desc.option = probe_option;
    CHECK_OK(RUN(&desc, "--help", "--check"));
    CHECK_INT_EQ(p.inits, 0);
}

/* Each bad option: its status, a message naming it, its value and its
 * limit, and nothing started (no init, no window, no file). With @p own, the
 * desc lists OPTIONS. */
static void bad_run(bool own, const char *const *args, int status, const char *needle,
                    const char *needle2)
{
    Probe p;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH] = "";
    const char *argv[8] = {"test_app"};
    int argc = 1;
    akgl_AppDesc desc = probe_desc(&p);
    if (own) {
        desc.options = OPTIONS;
        desc.option = probe_option;
    }
    for (; args[argc - 1] != NULL; argc++) {
        argv[argc] = args[argc - 1];
    }
    CHECK_INT_EQ(test_status_of_(akgl_app_run(&desc, argc, (char **)argv), msg), status);
    CHECK_CONTAINS(msg, needle);
    CHECK_CONTAINS(msg, needle2);
    CHECK_INT_EQ(p.inits, 0);
}

static void bad(const char *const *args, int status, const char *needle, const char *needle2)
{
    bad_run(false, args, status, needle, needle2);
}

static void test_options_own_bad(void)
{
    /* The callback refuses a value: its error, nothing started. */
    bad_run(true, (const char *[]){"--level", "9", NULL}, AKERR_OUTOFBOUNDS, "--level \"9\"",
            "outside 1..3");
    bad_run(true, (const char *[]){"--check", "--level", "two", "--frames", "3", NULL},
            AKERR_OUTOFBOUNDS, "\"two\"", "1..3");
    /* A value missing, empty or taken by the next option: the entry says what it wants. */
    bad_run(true, (const char *[]){"--level", NULL}, AKERR_VALUE, "--level needs a value",
            "(N (1..3))");
    bad_run(true, (const char *[]){"--level", "", NULL}, AKERR_VALUE, "--level needs a value",
            "1..3");
    bad_run(true, (const char *[]){"--level", "--check", NULL}, AKERR_VALUE,
            "--level needs a value", "N (1..3)");
    /* Still unknown: the message lists the program's own after the runner's. */
    bad_run(true, (const char *[]){"--checks", NULL}, AKERR_VALUE, "unknown option \"--checks\"",
            "--help, --check, --level N (1..3), OUT.png)");
    bad_run(true, (const char *[]){"--level=2", NULL}, AKERR_VALUE, "unknown option", "--level N");
    /* A bare OUT.png the callback made the screenshot is tried like --screenshot's. */
    bad_run(true, (const char *[]){AKGL_APP_TEST_DIR "/no such dir/x.png", NULL}, AKERR_IO,
            "no such dir/x.png\"", "cannot be written");
    /* A bad option after a good one: the good one was handed over, nothing ran. */
    bad_run(true, (const char *[]){"--check", "--frames", "0", NULL}, AKERR_OUTOFBOUNDS,
            "--frames 0", "1..1000000");
}

/* A desc whose own options cannot work is refused before anything is read. */
static void test_options_own_bad_desc(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    desc.options = OPTIONS;
    CHECK_STATUS_MSG(RUN(&desc, "--check"), AKERR_NULLPOINTER, "without desc.option");
    desc.option = probe_option;
    desc.options = (const char *const[]){"--check", "--frames N", NULL};
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "desc.options[1] \"--frames N\" is the runner's");
    desc.options = (const char *const[]){"-h", NULL};
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "\"-h\" is the runner's own option");
    desc.options = (const char *const[]){"", NULL};
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "desc.options[0] \"\" is empty");
    desc.options = (const char *const[]){"IN.png", "--check", "OUT.png", NULL};
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "desc.options[2] \"OUT.png\" is a second bare");
    desc.options = NULL;
    desc.headless_frames = -1;
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "desc.headless_frames is -1; it must be 0..1000000");
    desc.headless_frames = AKGL_APP_MAX_FRAMES + 1;
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "is 1000001");
    CHECK_INT_EQ(p.inits, 0);
    CHECK_INT_EQ(p.options, 0);
}

static void test_options_bad(void)
{
    char long_dir[AKGL_APP_MAX_PATH + 8];
    memset(long_dir, 'd', sizeof(long_dir) - 1);
    long_dir[sizeof(long_dir) - 1] = '\0';
    bad((const char *[]){"--frame", "3", NULL}, AKERR_VALUE, "unknown option \"--frame\"",
        "--frames N (1..1000000)");
    bad((const char *[]){"shot.png", NULL}, AKERR_VALUE, "unknown argument \"shot.png\"",
        "--screenshot OUT.png");
    bad((const char *[]){"--frames", NULL}, AKERR_VALUE, "--frames needs a value",
        "1..1000000");
    bad((const char *[]){"--frames", "--screenshot", "x.png", NULL}, AKERR_VALUE,
        "--frames needs a value", "a count of frames");
    bad((const char *[]){"--screenshot", "", NULL}, AKERR_VALUE, "--screenshot needs a value",
        "PNG");
    bad((const char *[]){"--assets", NULL}, AKERR_VALUE, "--assets needs a value", "directory");
    bad((const char *[]){"--frames", "0", NULL}, AKERR_OUTOFBOUNDS, "--frames 0",
        "outside 1..1000000");
    bad((const char *[]){"--frames", "-4", NULL}, AKERR_OUTOFBOUNDS, "--frames -4",
        "outside 1..1000000");
    bad((const char *[]){"--frames", "1000001", NULL}, AKERR_OUTOFBOUNDS, "--frames 1000001",
        "outside 1..1000000");
    bad((const char *[]){"--frames", "99999999999999999999999", NULL}, AKERR_OUTOFBOUNDS,
        "99999999999999999999999", "1..1000000");
    bad((const char *[]){"--frames", "thirty", NULL}, AKERR_FORMAT, "--frames \"thirty\"",
        "not a number");
    bad((const char *[]){"--frames", "12x", NULL}, AKERR_FORMAT, "\"12x\"", "1..1000000");
    bad((const char *[]){"--frames", " 12", NULL}, AKERR_FORMAT, "\" 12\"", "not a number");
    bad((const char *[]){"--assets", AKGL_APP_TEST_DIR "/no such dir", NULL}, AKERR_IO,
        "--assets", "no such dir\" is not a directory");
    bad((const char *[]){"--assets", long_dir, NULL}, AKERR_OUTOFBOUNDS,
        "--assets is 1031 bytes long", "the limit is 1023");
    bad((const char *[]){"--screenshot", AKGL_APP_TEST_DIR "/no such dir/x.png", NULL}, AKERR_IO,
        "--screenshot \"" AKGL_APP_TEST_DIR "/no such dir/x.png\"", "cannot be written");
}

static void test_bad_desc(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    CHECK_STATUS(akgl_app_run(NULL, 0, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_app_run(&desc, 2, NULL), AKERR_NULLPOINTER);
    desc.height = -1;
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "window 160 x -1");
    desc = probe_desc(&p);
    desc.logical_width = 80; /* without a height: the renderer refuses, naming both */
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "1"), AKERR_KEY, "game.logicalheight");
    CHECK_INT_EQ(p.inits, 0);
    /* A file in the lists that is not there: the loader's error, naming it. */
    desc = probe_desc(&p);
    desc.characters = CHARACTERS_MISSING;
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "1"), ENOENT, ASSETS "/loop/no_such.json");
    CHECK_INT_EQ(p.inits, 0);
    CHECK_INT_EQ(p.quits, 0); /* init never ran, so neither does quit */
}

/* ---- a headless run and its screenshot ------------------------------------ */

static Uint32 pixel(SDL_Surface *s, int x, int y)
{
    return *(const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch + x * 4);
}

static void test_headless_screenshot(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    SDL_IOStream *stale = SDL_IOFromFile(SHOT, "wb");
    CHECK(stale != NULL);
    CHECK(SDL_CloseIO(stale));
    CHECK_OK(RUN(&desc, "--frames", "5", "--screenshot", SHOT));
    CHECK_INT_EQ(p.frames, 5);
    CHECK_INT_EQ(p.last_frame, 4);
    CHECK(p.t_last - p.t0 == 4 * AKGL_APP_FRAME_NS);

    SDL_Surface *raw = IMG_Load(SHOT), *raw_sheet = IMG_Load(SHEET);
    CHECK_MSG(raw != NULL && raw_sheet != NULL, "IMG_Load: %s", SDL_GetError());
    if (raw == NULL || raw_sheet == NULL) {
        SDL_DestroySurface(raw);
        SDL_DestroySurface(raw_sheet);
        return;
    }
    SDL_Surface *shot = SDL_ConvertSurface(raw, SDL_PIXELFORMAT_RGBA32);
    SDL_Surface *sheet = SDL_ConvertSurface(raw_sheet, SDL_PIXELFORMAT_RGBA32);
    CHECK_INT_EQ(shot->w, 160);
    CHECK_INT_EQ(shot->h, 120);
    const SDL_PixelFormatDetails *fmt = SDL_GetPixelFormatDetails(SDL_PIXELFORMAT_RGBA32);
    Uint32 clear = SDL_MapRGBA(fmt, NULL, CLEAR_R, CLEAR_G, CLEAR_B, 255);
    Uint32 magenta = SDL_MapRGBA(fmt, NULL, 255, 0, 255, 255);
    CHECK(pixel(shot, 159, 119) == clear);
    CHECK(pixel(shot, 0, 0) == clear);
    for (int y = 80; y < 88; y++) { /* the draw callback's square */
        for (int x = 100; x < 108; x++) {
            CHECK(pixel(shot, x, y) == magenta);
        }
    }
    /* The hero: "loop idle" is frame 6 of the 48x48 cells, four to a row, so
     * the cell at (96, 48); drawn at (16, 16). Opaque texels are copied,
     * clear ones show the clear colour. */
    int bad_texels = 0, opaque = 0;
    for (int y = 0; y < 48; y++) {
        for (int x = 0; x < 48; x++) {
            Uint8 r, g, b, a;
            SDL_GetRGBA(pixel(sheet, 96 + x, 48 + y), fmt, NULL, &r, &g, &b, &a);
            Uint32 want = a == 255 ? SDL_MapRGBA(fmt, NULL, r, g, b, 255) : clear;
            if (a == 255 || a == 0) {
                opaque += a == 255;
                bad_texels += pixel(shot, 16 + x, 16 + y) != want;
            }
        }
    }
    CHECK_MSG(bad_texels == 0, "%d texels of the hero differ from the sheet", bad_texels);
    CHECK_MSG(opaque > 100, "only %d opaque texels: the wrong cell?", opaque);
    SDL_DestroySurface(shot);
    SDL_DestroySurface(sheet);
    SDL_DestroySurface(raw);
    SDL_DestroySurface(raw_sheet);
    SDL_RemovePath(SHOT);
}

/* app->fps headless: the manual clock's 60 frames a second, known from the
 * frame that ends the first half second (frame 30, 30 frames of
 * AKGL_APP_FRAME_NS after frame 0), 0 before it; and 0 again in a second
 * run until its own first half second. */
static void test_fps_on_the_game_clock(void)
{
    const float want = (float)(1e9 / (double)AKGL_APP_FRAME_NS);
    for (int run = 0; run < 2; run++) {
        Probe p;
        akgl_AppDesc desc = probe_desc(&p);
        CHECK_OK(RUN(&desc, "--frames", "100"));
        CHECK_INT_EQ(p.frames, 100);
        for (int f = 0; f < 100; f++) {
            if (f < 30) {
                CHECK_MSG(p.fps[f] == 0.0f, "run %d, frame %d: fps %g before half a second",
                          run, f, (double)p.fps[f]);
            } else {
                CHECK_MSG(SDL_fabsf(p.fps[f] - want) < 0.01f, "run %d, frame %d: fps %g, not %g",
                          run, f, (double)p.fps[f], (double)want);
            }
        }
    }
}

/* ---- the frame's time step ------------------------------------------------- */

/* Headless, every callback sees exactly the manual clock's frame: 0 on the
 * first frame, AKGL_APP_FRAME_NS after it; the draw (inside the update) sees
 * the same step as the frame callback before it. */
static void test_callbacks_get_the_frame_time(void)
{
    const float frame_s = (float)((double)AKGL_APP_FRAME_NS / 1e9);
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    CHECK_OK(RUN(&desc, "--frames", "10"));
    CHECK_INT_EQ(p.frames, 10);
    CHECK(p.dt_ns[0] == 0 && p.dt[0] == 0.0f && p.draw_dt_ns[0] == 0);
    for (int f = 1; f < 10; f++) {
        CHECK_MSG(p.dt_ns[f] == AKGL_APP_FRAME_NS && p.draw_dt_ns[f] == AKGL_APP_FRAME_NS,
                  "frame %d: dt_ns %llu, in the draw %llu", f, (unsigned long long)p.dt_ns[f],
                  (unsigned long long)p.draw_dt_ns[f]);
        CHECK(p.dt[f] == frame_s);
    }
}

/* A pause set in a frame callback applies from the next frame: 0 until the
 * frame after the one that resumes. */
static void test_pause_in_a_run_gives_zero(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    p.pause_at = 1 + 3;
    p.resume_at = 1 + 6;
    CHECK_OK(RUN(&desc, "--frames", "10"));
    const uint64_t F = AKGL_APP_FRAME_NS;
    const uint64_t want[10] = {0, F, F, F, 0, 0, 0, F, F, F};
    for (int f = 0; f < 10; f++) {
        CHECK_MSG(p.dt_ns[f] == want[f] && p.draw_dt_ns[f] == want[f],
                  "frame %d: dt_ns %llu, %llu wanted", f, (unsigned long long)p.dt_ns[f],
                  (unsigned long long)want[f]);
    }
    /* The fps is real time's: a pause does not stop it. */
    desc = probe_desc(&p);
    p.pause_at = 1 + 1;
    CHECK_OK(RUN(&desc, "--frames", "40"));
    CHECK(SDL_fabsf(p.fps[35] - (float)(1e9 / (double)AKGL_APP_FRAME_NS)) < 0.01f);
    CHECK(p.dt_ns[35] == 0);
    CHECK(!akgl_time_paused()); /* the runner put the clock back as it was */
}

/* Slow motion scales the step: half of each frame, the halves summing exactly;
 * a scale the program set before the run is in force in it and kept after. */
static void test_slow_motion_in_a_run_scales(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    p.scale_at = 1 + 2;
    p.scale = 0.5f;
    CHECK_OK(RUN(&desc, "--frames", "10"));
    uint64_t sum = 0;
    for (int f = 3; f < 10; f++) {
        CHECK_MSG(p.dt_ns[f] == AKGL_APP_FRAME_NS / 2 || p.dt_ns[f] == AKGL_APP_FRAME_NS / 2 + 1,
                  "frame %d: dt_ns %llu", f, (unsigned long long)p.dt_ns[f]);
        sum += p.dt_ns[f];
    }
    CHECK(sum == 7 * AKGL_APP_FRAME_NS / 2);
    CHECK(p.dt_ns[2] == AKGL_APP_FRAME_NS); /* set in frame 2's callback: from frame 3 */
    CHECK(akgl_time_scale() == 1.0f);
    CHECK_OK(akgl_time_set_scale(0.25f));
    desc = probe_desc(&p);
    CHECK_OK(RUN(&desc, "--frames", "3"));
    CHECK(p.dt_ns[1] == AKGL_APP_FRAME_NS / 4 || p.dt_ns[1] == AKGL_APP_FRAME_NS / 4 + 1);
    CHECK(akgl_time_scale() == 0.25f);
    CHECK_OK(akgl_time_set_scale(1.0f));
}

/* ---- the headless renderer ------------------------------------------------- */

static void test_headless_picks_the_software_renderer(void)
{
    SDL_Environment *env = SDL_GetEnvironment();
    const char *was = SDL_GetEnvironmentVariable(env, SDL_HINT_RENDER_DRIVER);
    char saved[64] = "";
    bool had = was != NULL;
    if (had) {
        SDL_strlcpy(saved, was, sizeof(saved));
    }
    CHECK(SDL_UnsetEnvironmentVariable(env, SDL_HINT_RENDER_DRIVER));
    CHECK(SDL_GetHint(SDL_HINT_RENDER_DRIVER) == NULL);

    /* Nobody chose: the software renderer, and the log says why. */
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    renderer_log[0] = '\0';
    CHECK_OK(RUN(&desc, "--frames", "2"));
    CHECK_STR_EQ(p.renderer, "software");
    CHECK_CONTAINS(renderer_log, "test_app: renderer \"software\" (headless; SDL_RENDER_DRIVER");
    /* Once a run, not once a frame. */
    const char *first = strstr(renderer_log, ": renderer");
    CHECK(first != NULL && strstr(first + 1, ": renderer") == NULL);

    /* The user's choice is honoured, even one that cannot work: the run
     * fails naming it, and gives everything back. */
    CHECK(SDL_SetHint(SDL_HINT_RENDER_DRIVER, "nosuch"));
    desc = probe_desc(&p);
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "2"), AKERR_API, "SDL_RENDER_DRIVER is \"nosuch\"");
    CHECK_INT_EQ(p.inits, 0);
    CHECK(SDL_ResetHint(SDL_HINT_RENDER_DRIVER));

    /* One the user named that works: named in the log. */
    CHECK(SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software"));
    desc = probe_desc(&p);
    renderer_log[0] = '\0';
    CHECK_OK(RUN(&desc, "--frames", "1"));
    CHECK_CONTAINS(renderer_log, "renderer \"software\" (SDL_RENDER_DRIVER is \"software\")");
    CHECK(SDL_ResetHint(SDL_HINT_RENDER_DRIVER));

    if (had) {
        CHECK(SDL_SetEnvironmentVariable(env, SDL_HINT_RENDER_DRIVER, saved, true));
    }
}

/* ---- errors from callbacks ------------------------------------------------- */

static void test_callback_errors(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    /* init: after loading and spawning; quit still runs; no screenshot. */
    p.fail_init = 1;
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "3", "--screenshot", SHOT), AKERR_VALUE,
                     "init fails on purpose");
    CHECK_INT_EQ(p.frames, 0);
    CHECK_INT_EQ(p.quits, 1);
    CHECK(!file_exists(SHOT));
    /* frame: at frame 2 (the third); that frame is not drawn. */
    desc = probe_desc(&p);
    p.fail_frame = 3;
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "10", "--screenshot", SHOT), AKERR_VALUE,
                     "frame fails on purpose");
    CHECK_INT_EQ(p.frames, 3);
    CHECK_INT_EQ(p.draws, 2);
    CHECK_INT_EQ(p.quits, 1);
    CHECK(!file_exists(SHOT));
    /* draw: at frame 1; the frame ends unpresented and the run with it. */
    desc = probe_desc(&p);
    p.fail_draw = 2;
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "10"), AKERR_VALUE, "draw fails on purpose");
    CHECK_INT_EQ(p.frames, 2);
    CHECK_INT_EQ(p.quits, 1);
    /* event: a user event pushed by init arrives before frame 0. */
    desc = probe_desc(&p);
    p.fail_event = 1;
    p.push_user = true;
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "10"), AKERR_VALUE, "event fails on purpose");
    CHECK_INT_EQ(p.events, 1);
    CHECK_INT_EQ(p.frames, 0);
    /* quit: every frame ran; the unload still happens after it. */
    desc = probe_desc(&p);
    p.fail_quit = 1;
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "2"), AKERR_VALUE, "quit fails on purpose");
    CHECK_INT_EQ(p.frames, 2);
}

/* ---- ending early, running again, one at a time --------------------------- */

static void test_quit_and_run_again(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    /* The frame callback ends the run at frame 2: that frame is the last, and
     * it is the one saved. */
    p.stop_at = 3;
    CHECK_OK(RUN(&desc, "--frames", "50", "--screenshot", SHOT));
    CHECK_INT_EQ(p.frames, 3);
    CHECK_INT_EQ(p.draws, 3);
    CHECK(file_exists(SHOT));
    SDL_RemovePath(SHOT);
    /* SDL_EVENT_QUIT (the window closed) during frame 0 ends the run after it. */
    desc = probe_desc(&p);
    p.push_quit = true;
    CHECK_OK(RUN(&desc, "--frames", "50", "--screenshot", SHOT));
    CHECK_INT_EQ(p.events, 1);
    CHECK_INT_EQ(p.frames, 1);
    CHECK(file_exists(SHOT));
    SDL_RemovePath(SHOT);
    /* And again, in the same process, from the start. */
    desc = probe_desc(&p);
    CHECK_OK(RUN(&desc, "--frames", "4"));
    CHECK_INT_EQ(p.frames, 4);
    CHECK_INT_EQ(p.live_actors_at_quit, 1);
    /* One application at a time: a run from inside a run is refused. */
    desc = probe_desc(&p);
    p.fail_init = -1;
    CHECK_OK(RUN(&desc, "--frames", "1"));
    CHECK_STATUS_MSG(p.nested, AKERR_BEHAVIOR, "running already");
}

/* A game the caller started is not the runner's: refused, and left running. */
static void test_game_started_already(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    CHECK_OK(akgl_game_init());
    CHECK_STATUS(RUN(&desc, "--frames", "1"), AKERR_BEHAVIOR);
    CHECK_INT_EQ(p.inits, 0);
    CHECK_INT_EQ(game_running(), 1);
    CHECK_OK(akgl_game_quit());
}

/* ---- akgl_app_asset -------------------------------------------------------- */

static const char *joined;
static akerr_ErrorContext *long_name_status;

static akerr_ErrorContext *asset_init(akgl_App *app)
{
    char name[AKGL_APP_MAX_PATH];
    const char *path = "untouched";
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_app_asset("sounds/s.json", &joined));
    memset(name, 'n', sizeof(name) - 1);
    name[sizeof(name) - 1] = '\0';
    long_name_status = akgl_app_asset(name, &path);
    FAIL_NONZERO_RETURN(errctx, strcmp(path, "untouched") != 0, AKERR_VALUE, "path was changed");
    SUCCEED_RETURN(errctx);
}

static void test_asset(void)
{
    const char *path = NULL;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH] = "";
    akgl_AppDesc desc = {.width = 32, .height = 32, .assets = "/some/dir", .init = asset_init};
    CHECK_STATUS_MSG(akgl_app_asset("x.json", &path), AKERR_BEHAVIOR, "no application is running");
    CHECK_OK(RUN(&desc, "--frames", "1"));
    CHECK_STR_EQ(joined, "/some/dir/sounds/s.json");
    CHECK_INT_EQ(test_status_of_(long_name_status, msg), AKERR_OUTOFBOUNDS);
    CHECK_CONTAINS(msg, "a path of 1033 bytes (the limit is 1023)");
    CHECK_STATUS(akgl_app_asset(NULL, &path), AKERR_NULLPOINTER);
}

/* ---- hot reload ------------------------------------------------------------- */

static int reload_status;
static int reload_watched;
static bool reload_flag;

static akerr_ErrorContext *reload_init(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    reload_flag = app->hot_reload;
    reload_watched = -1;
    reload_status = test_status_of_(akgl_reload_watched(&reload_watched, NULL), NULL);
    SUCCEED_RETURN(errctx);
}

/* --hot-reload turns akgl_GameConfig.hot_reload on for the run, whatever the
 * desc says; without it (and a desc that does not ask) hot reload is off. */
static void test_hot_reload_flag(void)
{
    akgl_AppDesc desc = {.width = 32, .height = 32, .assets = ASSETS, .init = reload_init};
    CHECK_OK(RUN(&desc, "--frames", "1"));
    CHECK(!reload_flag);
    CHECK_INT_EQ(reload_status, AKERR_BEHAVIOR);
    CHECK_OK(RUN(&desc, "--hot-reload", "--frames", "1"));
    CHECK(reload_flag);
    CHECK_INT_EQ(reload_status, 0);
    CHECK_INT_EQ(reload_watched, 0);
    desc.config.hot_reload = true;
    CHECK_OK(RUN(&desc, "--frames", "1"));
    CHECK(!reload_flag);
    CHECK_INT_EQ(reload_status, 0);
    /* The runner's own: a program cannot list it among its options. */
    desc.option = probe_option;
    desc.options = (const char *const[]){"--hot-reload", NULL};
    CHECK_STATUS_MSG(RUN0(&desc), AKERR_VALUE, "\"--hot-reload\" is the runner's own option");
    /* A bad period in the desc fails the start. */
    desc.options = NULL;
    desc.config.hot_reload_period_ms = -5;
    CHECK_STATUS_MSG(RUN(&desc, "--frames", "1"), AKERR_VALUE, "hot_reload_period_ms is -5");
}

/* ---- the asset root --------------------------------------------------------- */

static char root_in_game[PATH_MAX];
static int outside_status;

static akerr_ErrorContext *root_init(akgl_App *app)
{
    const char *root = NULL;
    const char *outside = __FILE__; /* this file: outside tests/assets */
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_file_root(&root));
    SDL_strlcpy(root_in_game, root, sizeof(root_in_game));
    /* A sprite named by a path that leaves the folder is refused. */
    outside_status = test_status_of_(akgl_sprite_load_json(outside), NULL);
    SUCCEED_RETURN(errctx);
}

/* While the runner's game runs, its assets directory is the asset root;
 * afterwards the root in force before is back. */
static void test_assets_are_the_root(void)
{
    const char *root = NULL;
    char expected[PATH_MAX];
    akgl_AppDesc desc = {.width = 32, .height = 32, .assets = ASSETS, .init = root_init};
    CHECK(realpath(ASSETS, expected) != NULL);
    CHECK_OK(RUN(&desc, "--frames", "1"));
    CHECK_STR_EQ(root_in_game, expected);
    CHECK_INT_EQ(outside_status, EACCES);
    CHECK_OK(akgl_file_root(&root));
    CHECK_STR_EQ(root, "");
    /* A root the program set is the one in force again after the run. */
    CHECK_OK(akgl_file_set_root(AKGL_TEST_ASSETS_DIR "/loop"));
    CHECK_OK(RUN(&desc, "--frames", "1"));
    CHECK_STR_EQ(root_in_game, expected);
    CHECK_OK(akgl_file_root(&root));
    CHECK(strstr(root, "/loop") != NULL);
    CHECK_OK(akgl_file_set_root(NULL));
}

/* The oracle of the quit log works: a game quit with an actor still live
 * logs the line this suite counts. */
static void test_quit_log_is_watched(void)
{
    akgl_Actor *a = NULL;
    int before = quit_released;
    CHECK_OK(akgl_game_init());
    CHECK_OK(akgl_heap_next_actor(&a));
    CHECK_OK(akgl_actor_initialize(a, "leaked on purpose"));
    CHECK_OK(akgl_game_quit());
    CHECK_INT_EQ(quit_released, before + 1);
    quit_released = before;
}

/* ---- akgl_app_main: the same run on SDL's main callbacks ------------------- */

#define MAIN(desc, ...) main_with((desc), (const char *[]){"test_app", __VA_ARGS__, NULL})

static int main_with(const akgl_AppDesc *desc, const char **argv)
{
    int argc = 0;
    while (argv[argc] != NULL) {
        argc++;
    }
    return akgl_app_main(desc, argc, (char **)argv);
}

/* akgl_app_main with a failure arranged in @p p: exit status 1 after
 * @p frames frame callbacks, quit called once, no screenshot. */
static void main_fails(const akgl_AppDesc *desc, const Probe *p, int frames)
{
    CHECK_INT_EQ(MAIN(desc, "--frames", "10", "--screenshot", SHOT), 1);
    CHECK_INT_EQ(p->frames, frames);
    CHECK_INT_EQ(p->quits, 1);
    CHECK(!file_exists(SHOT));
}

/* SDL calls back for each event and frame (SDL_EnterAppMainCallbacks), and
 * the run is the one akgl_app_run makes: the frames, the draws, the last
 * frame's screenshot, quit once; an error anywhere is exit status 1 with
 * everything stopped; --help and a bad option start nothing. SDL_Quit ends
 * each call (it is main's last act), so this case runs last. */
static void test_main_on_callbacks(void)
{
    Probe p;
    akgl_AppDesc desc = probe_desc(&p);
    CHECK_INT_EQ(MAIN(&desc, "--frames", "5", "--screenshot", SHOT), 0);
    CHECK_INT_EQ(p.inits, 1);
    CHECK_INT_EQ(p.frames, 5);
    CHECK_INT_EQ(p.draws, 5);
    CHECK_INT_EQ(p.quits, 1);
    CHECK_INT_EQ(p.live_actors_at_quit, 1);
    CHECK(p.t_last - p.t0 == 4 * AKGL_APP_FRAME_NS); /* the manual clock, headless */
    CHECK(p.dt_ns[0] == 0 && p.dt_ns[1] == AKGL_APP_FRAME_NS);
    CHECK(file_exists(SHOT));
    SDL_RemovePath(SHOT);
    /* Events reach desc.event through SDL's callback: SDL_EVENT_QUIT during
     * frame 0 makes it the last. */
    desc = probe_desc(&p);
    p.push_quit = true;
    CHECK_INT_EQ(MAIN(&desc, "--frames", "50"), 0);
    CHECK_INT_EQ(p.events, 1);
    CHECK_INT_EQ(p.frames, 1);
    /* Errors: from init (quit still runs), a frame, an event, quit. */
    desc = probe_desc(&p);
    p.fail_init = 1;
    main_fails(&desc, &p, 0);
    desc = probe_desc(&p);
    p.fail_frame = 2;
    main_fails(&desc, &p, 2);
    desc = probe_desc(&p);
    p.fail_event = 1;
    p.push_user = true;
    main_fails(&desc, &p, 0);
    CHECK_INT_EQ(p.events, 1);
    desc = probe_desc(&p);
    p.fail_quit = 1;
    CHECK_INT_EQ(MAIN(&desc, "--frames", "2"), 1);
    CHECK_INT_EQ(p.frames, 2);
    /* Nothing runs for --help or a bad option. */
    desc = probe_desc(&p);
    CHECK_INT_EQ(MAIN(&desc, "--help"), 0);
    CHECK_INT_EQ(p.inits, 0);
    desc = probe_desc(&p);
    CHECK_INT_EQ(MAIN(&desc, "--frames", "0"), 1);
    CHECK_INT_EQ(p.inits, 0);
    /* And a run after all that, from the start. */
    desc = probe_desc(&p);
    CHECK_INT_EQ(MAIN(&desc, "--frames", "2"), 0);
    CHECK_INT_EQ(p.frames, 2);
}

int main(void)
{
    TEST_BEGIN();
    SDL_GetLogOutputFunction(&default_log, &default_log_data);
    SDL_SetLogOutputFunction(watch_log, NULL);
    test_add_counter("akgl_game_quit had to release something", quit_releases);
    test_add_counter("SDL video started", video_started);
    test_add_counter("windows open", windows_open);
    test_add_counter("game running", game_running);
    RUN_TEST(test_options_good);
    RUN_TEST(test_options_bad);
    RUN_TEST(test_options_own);
    RUN_TEST(test_options_own_bad);
    RUN_TEST(test_options_own_bad_desc);
    RUN_TEST(test_bad_desc);
    RUN_TEST(test_headless_screenshot);
    RUN_TEST(test_fps_on_the_game_clock);
    RUN_TEST(test_callbacks_get_the_frame_time);
    RUN_TEST(test_pause_in_a_run_gives_zero);
    RUN_TEST(test_slow_motion_in_a_run_scales);
    RUN_TEST(test_headless_picks_the_software_renderer);
    RUN_TEST(test_callback_errors);
    RUN_TEST(test_quit_and_run_again);
    RUN_TEST(test_game_started_already);
    RUN_TEST(test_asset);
    RUN_TEST(test_assets_are_the_root);
    RUN_TEST(test_quit_log_is_watched);
    RUN_TEST(test_hot_reload_flag);
    RUN_TEST(test_main_on_callbacks); /* last: akgl_app_main ends with SDL_Quit */
    return TEST_END();
}
