/*
 * The application runner: the frame loop and the option parsing every akgl
 * program wrote out for itself (the gallery had 69 identical lines of it per
 * example), once, with its errors checked.
 *
 * One application runs at a time, in the static `app` below: the callbacks
 * get a pointer to it, and akgl_app_asset reads its assets directory. All of
 * it is set up before the first frame; a frame allocates and formats nothing
 * unless it fails.
 */
#include <akgl/app.h>
#include <akgl/character.h>
#include <akgl/file.h>
#include <akgl/input.h>
#include <akgl/registry.h>
#include <akgl/sprite.h>
#include <akgl/time.h>

#include <SDL3/SDL.h>
/* SDL_EnterAppMainCallbacks, without SDL's own main: akgl_app_main is a
 * function a program's main calls. */
#define SDL_MAIN_HANDLED
#include <SDL3/SDL_main.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_private.h"
#include "object.h"

/* What akgl_app_run starts and stops again: sound starts its own. */
#define APP_SUBSYSTEMS (SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)
#define APP_STR_(x) #x
#define APP_STR(x) APP_STR_(x)
#define APP_OPTIONS \
    "--frames N (1.." APP_STR(AKGL_APP_MAX_FRAMES) "), --screenshot OUT.png, --assets DIR, " \
    "--hot-reload, --help"
/* Bytes of the program's own options an unknown option's message lists. */
#define APP_OWN_TEXT 256
/* The sleep that paces frames with a display but no vsync: about 60 a second
 * (on SDL's callbacks, SDL's rate of APP_RATE_HZ does it). */
#define APP_SLEEP_MS 16
#define APP_RATE_HZ 60

static akgl_App app;
static bool running;

/* app.fps: frames counted over windows of at least half a second. */
#define APP_FPS_WINDOW_NS (SDL_NS_PER_SECOND / 2)
static uint64_t fps_since; /* the game clock when the window began */
static int fps_frames;     /* frames begun since then */

typedef akerr_ErrorContext *(*Loader)(const char *path);

/* --frames N: a whole decimal number in 1..AKGL_APP_MAX_FRAMES. */
static akerr_ErrorContext *parse_frames(const char *value, int *frames)
{
    char *end = NULL;
    PREPARE_ERROR(errctx);
    errno = 0;
    long n = strtol(value, &end, 10);
    bool number = (value[0] == '-' || (value[0] >= '0' && value[0] <= '9')) && *end == '\0';
    FAIL_ZERO_RETURN(errctx, number, AKERR_FORMAT,
                     "%s: --frames \"%s\" is not a number (a count of frames, 1..%d)",
                     app.program, value, AKGL_APP_MAX_FRAMES);
    FAIL_NONZERO_RETURN(errctx, errno == ERANGE || n < 1 || n > AKGL_APP_MAX_FRAMES,
                        AKERR_OUTOFBOUNDS, "%s: --frames %s is outside 1..%d", app.program,
                        value, AKGL_APP_MAX_FRAMES);
    *frames = (int)n;
    SUCCEED_RETURN(errctx);
}

/* The assets directory, before the options: desc->assets, else "assets"
 * beside the executable (SDL's base path, or the current directory). */
static akerr_ErrorContext *default_assets(void)
{
    const char *base = NULL;
    int n = 0;
    PREPARE_ERROR(errctx);
    if (app.desc->assets != NULL) {
        n = SDL_snprintf(app.assets, sizeof(app.assets), "%s", app.desc->assets);
    } else {
        base = SDL_GetBasePath();
        n = SDL_snprintf(app.assets, sizeof(app.assets), "%sassets", base != NULL ? base : "");
    }
    FAIL_NONZERO_RETURN(errctx, n < 0 || n >= (int)sizeof(app.assets), AKERR_OUTOFBOUNDS,
                        "%s: the assets directory %s is %d bytes long; the limit is %d",
                        app.program, base != NULL ? "beside the executable" : "desc.assets", n,
                        AKGL_APP_MAX_PATH - 1);
    SUCCEED_RETURN(errctx);
}

/* --assets DIR: it fits, and it is a directory (a typo fails here, not as
 * the first file that cannot be found). */
static akerr_ErrorContext *parse_assets(const char *value)
{
    SDL_PathInfo info;
    size_t n = strlen(value);
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, n >= sizeof(app.assets), AKERR_OUTOFBOUNDS,
                        "%s: --assets is %zu bytes long; the limit is %d", app.program, n,
                        AKGL_APP_MAX_PATH - 1);
    FAIL_ZERO_RETURN(errctx, SDL_GetPathInfo(value, &info) && info.type == SDL_PATHTYPE_DIRECTORY,
                     AKERR_IO, "%s: --assets \"%s\" is not a directory", app.program, value);
    memcpy(app.assets, value, n + 1);
    SUCCEED_RETURN(errctx);
}

/* The runner's own options, which a program cannot list as its own. */
static bool runner_option(const char *name, size_t n)
{
    static const char *const OWN[] = {"--frames", "--screenshot", "--assets", "--hot-reload",
                                        "--help", "-h"};
    for (size_t i = 0; i < SDL_arraysize(OWN); i++) {
        if (strlen(OWN[i]) == n && strncmp(OWN[i], name, n) == 0) {
            return true;
        }
    }
    return false;
}

/* desc->options and desc->headless_frames, before anything is read or started. */
static akerr_ErrorContext *check_desc(const akgl_AppDesc *desc)
{
    const char *const *list = desc->options;
    int bare = 0;
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, desc->headless_frames < 0 ||
                        desc->headless_frames > AKGL_APP_MAX_FRAMES, AKERR_VALUE,
                        "akgl_app_run: desc.headless_frames is %d; it must be 0..%d",
                        desc->headless_frames, AKGL_APP_MAX_FRAMES);
    FAIL_NONZERO_RETURN(errctx, list != NULL && desc->option == NULL, AKERR_NULLPOINTER,
                        "akgl_app_run: desc.options without desc.option to hand them to");
    for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
        size_t n = strcspn(list[i], " ");
        bare += list[i][0] != '-';
        FAIL_NONZERO_RETURN(errctx, n == 0 || runner_option(list[i], n) || bare > 1, AKERR_VALUE,
                            "akgl_app_run: desc.options[%zu] \"%s\" is %s", i, list[i],
                            n == 0 ? "empty (an option is \"--name\" or \"--name VALUE\")"
                            : bare > 1 ? "a second bare argument (one entry without '-' at most)"
                                       : "the runner's own option");
    }
    SUCCEED_RETURN(errctx);
}

/* desc->options' entry for @p arg: the one of that name, or for a bare
 * argument the entry without a leading '-'; NULL when there is none. */
static const char *own_option(const char *arg)
{
    const char *const *list = app.desc->options;
    for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
        size_t n = strcspn(list[i], " ");
        if (arg[0] == '-' ? strlen(arg) == n && strncmp(arg, list[i], n) == 0
                          : list[i][0] != '-') {
            return list[i];
        }
    }
    return NULL;
}

/* ", --check, OUT.png": the program's own options, for the messages (the
 * first APP_OWN_TEXT - 1 bytes of them). */
static const char *own_options(char *text, size_t size)
{
    const char *const *list = app.desc->options;
    size_t used = 0;
    text[0] = '\0';
    for (size_t i = 0; list != NULL && list[i] != NULL && used < size; i++) {
        int n = SDL_snprintf(text + used, size - used, ", %s", list[i]);
        used += n > 0 ? (size_t)n : 0;
    }
    return text;
}

static akerr_ErrorContext *parse_options(int argc, char *argv[], bool *help)
{
    char own[APP_OWN_TEXT];
    PREPARE_ERROR(errctx);
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
            *help = true;
            continue;
        }
        if (strcmp(opt, "--hot-reload") == 0) {
            app.hot_reload = true;
            continue;
        }
        bool frames = strcmp(opt, "--frames") == 0, shot = strcmp(opt, "--screenshot") == 0;
        bool assets = strcmp(opt, "--assets") == 0;
        const char *entry = frames || shot || assets ? NULL : own_option(opt);
        FAIL_ZERO_RETURN(errctx, frames || shot || assets || entry != NULL, AKERR_VALUE,
                         "%s: unknown %s \"%s\" (the options: " APP_OPTIONS "%s)", app.program,
                         opt[0] == '-' ? "option" : "argument", opt,
                         own_options(own, sizeof(own)));
        const char *what = entry == NULL ? NULL : strchr(entry, ' ');
        if (entry != NULL && (entry[0] != '-' || what == NULL)) {
            /* A bare argument is its own value; a flag has none. */
            PASS(errctx, app.desc->option(&app, entry[0] != '-' ? NULL : opt,
                                          entry[0] != '-' ? opt : NULL));
            continue;
        }
        /* A missing value, not the next option taken for it. */
        bool valued = i + 1 < argc && argv[i + 1][0] != '\0' && strncmp(argv[i + 1], "--", 2) != 0;
        FAIL_ZERO_RETURN(errctx, valued, AKERR_VALUE,
                         "%s: %s needs a value (%s)", app.program, opt,
                         frames ? "a count of frames, 1.." APP_STR(AKGL_APP_MAX_FRAMES)
                         : shot ? "the PNG file to write"
                         : assets ? "a directory" : what + 1);
        const char *value = argv[++i];
        if (frames) {
            PASS(errctx, parse_frames(value, &app.frames));
        } else if (shot) {
            app.screenshot = value;
        } else if (assets) {
            PASS(errctx, parse_assets(value));
        } else {
            PASS(errctx, app.desc->option(&app, opt, value));
        }
    }
    SUCCEED_RETURN(errctx);
}

/* Tried now, so that a path that cannot be written fails before the run
 * rather than after it; and an old file goes, so that a run which saves
 * nothing cannot pass on a stale picture. */
static akerr_ErrorContext *check_screenshot(void)
{
    PREPARE_ERROR(errctx);
    if (app.screenshot == NULL) {
        SUCCEED_RETURN(errctx);
    }
    SDL_IOStream *io = SDL_IOFromFile(app.screenshot, "wb");
    FAIL_ZERO_RETURN(errctx, io, AKERR_IO, "%s: --screenshot \"%s\" cannot be written: %s",
                     app.program, app.screenshot, SDL_GetError());
    SDL_CloseIO(io);
    SDL_RemovePath(app.screenshot);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *set_size(const char *property, int value)
{
    char text[16];
    PREPARE_ERROR(errctx);
    SDL_snprintf(text, sizeof(text), "%d", value);
    PASS(errctx, akgl_set_property(property, text));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *load_all(const char *const *names, Loader load)
{
    const char *path = NULL;
    PREPARE_ERROR(errctx);
    for (size_t i = 0; names != NULL && names[i] != NULL; i++) {
        PASS(errctx, akgl_app_asset(names[i], &path));
        PASS(errctx, load(path));
    }
    SUCCEED_RETURN(errctx);
}

/* The game's overlay: the program's HUD, then the last frame's screenshot,
 * drawn and not yet presented. */
static akerr_ErrorContext *overlay(akgl_Renderer *r, void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)userdata;
    if (app.desc->draw != NULL) {
        PASS(errctx, app.desc->draw(&app));
    }
    if (app.screenshot != NULL && app.frame == app.frames - 1) {
        PASS(errctx, akgl_render_screenshot(r, app.screenshot));
    }
    SUCCEED_RETURN(errctx);
}

/* The renderer in use, once a run, and who chose it: a headless run on a GL
 * renderer is several times slower than on SDL's software one. */
static void log_renderer(void)
{
    const char *name = SDL_GetRendererName(app.renderer.sdl_renderer);
    const char *hint = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
    name = name != NULL ? name : "(unknown)";
    if (hint != NULL && hint[0] != '\0') {
        SDL_Log("%s: renderer \"%s\" (" SDL_HINT_RENDER_DRIVER " is \"%s\")", app.program, name,
                hint);
    } else if (app.headless) {
        SDL_Log("%s: renderer \"%s\" (headless; " SDL_HINT_RENDER_DRIVER " picks another)",
                app.program, name);
    } else {
        SDL_Log("%s: renderer \"%s\" (SDL's choice; " SDL_HINT_RENDER_DRIVER " picks another)",
                app.program, name);
    }
}

/*
 * Vsync, with a display: on, unless SDL_RENDER_VSYNC names a setting of its
 * own, which SDL applied when it made the renderer ("0": the frames are not
 * held to the display; akgl_app_main's are paced by SDL_MAIN_CALLBACK_RATE
 * then, akgl_app_run's by its 16 ms sleep). Logged, since it decides how
 * fast the game runs.
 */
static bool vsync_on(void)
{
    if (app.headless) {
        return false;
    }
    SDL_Renderer *sdl = app.renderer.sdl_renderer;
    const char *hint = SDL_GetHint(SDL_HINT_RENDER_VSYNC);
    if (hint != NULL && hint[0] != '\0') {
        int vsync = 0;
        bool on = SDL_GetRenderVSync(sdl, &vsync) && vsync != 0;
        SDL_Log("%s: vsync %s (" SDL_HINT_RENDER_VSYNC " is \"%s\")", app.program,
                on ? "on" : "off", hint);
        return on;
    }
    bool on = SDL_SetRenderVSync(sdl, 1);
    SDL_Log("%s: vsync %s", app.program,
            on ? "on" : "off (SDL cannot hold this renderer to the display)");
    return on;
}

/* Everything between the game's start and the first frame. */
static akerr_ErrorContext *start(bool *initialised)
{
    const akgl_AppDesc *desc = app.desc;
    PREPARE_ERROR(errctx);
    SDL_strlcpy(game.name, desc->title != NULL ? desc->title : "akgl", sizeof(game.name));
    /* headless (or asked for): the same frames every run */
    PASS(errctx, akgl_time_use_manual(app.manual_clock));
    PASS(errctx, set_size("game.screenwidth", desc->width ? desc->width : AKGL_APP_DEFAULT_WIDTH));
    PASS(errctx, set_size("game.screenheight",
                          desc->height ? desc->height : AKGL_APP_DEFAULT_HEIGHT));
    if (desc->logical_width != 0 || desc->logical_height != 0) {
        /* One without the other is refused by the renderer, naming both. */
        if (desc->logical_width != 0) {
            PASS(errctx, set_size("game.logicalwidth", desc->logical_width));
        }
        if (desc->logical_height != 0) {
            PASS(errctx, set_size("game.logicalheight", desc->logical_height));
        }
    }
    PASS(errctx, akgl_render_2d_init(&app.renderer));
    log_renderer();
    if (desc->clear_color.a != 0) {
        app.renderer.clear_color = desc->clear_color;
    }
    app.vsync = vsync_on();
    PASS(errctx, akgl_game_set_overlay(overlay, NULL));
    PASS(errctx, load_all(desc->sprites, akgl_sprite_load_json));
    PASS(errctx, load_all(desc->characters, akgl_character_load_json));
    *initialised = true;
    if (desc->init != NULL) {
        PASS(errctx, desc->init(&app));
    }
    SUCCEED_RETURN(errctx);
}

/* Called as each frame begins: app.fps from real time, not game time, so
 * that a pause or slow motion does not change it (SDL's clock with a
 * display; on the manual clock, AKGL_APP_FRAME_NS a frame, so a headless
 * run's figure is the same every run). 0 until the first half second has
 * passed. */
static void count_frame(void)
{
    uint64_t now = app.manual_clock ? (uint64_t)app.frame * AKGL_APP_FRAME_NS : SDL_GetTicksNS();
    if (app.frame == 0) {
        fps_since = now;
        fps_frames = 0;
        app.fps = 0.0f;
        return;
    }
    fps_frames++;
    if (now - fps_since >= APP_FPS_WINDOW_NS) {
        app.fps = (float)((double)fps_frames * (double)SDL_NS_PER_SECOND /
                          (double)(now - fps_since));
        fps_since = now;
        fps_frames = 0;
    }
}

/*
 * A run in three stages, so that the same code serves both ways of running:
 * akgl_app_run's own loop, and SDL's main callbacks (akgl_app_main), where
 * SDL calls back for each event and each frame and the program's main does
 * not block (in a browser, the page's own loop drives the frames).
 *
 *   app_open   the options, SDL, the game, desc->init; on failure it stops
 *              what it started itself
 *   app_event  one event, and app_frame_end the rest of the frame; both
 *              begin the frame first (app_frame_begin: its fps and time
 *              step, once a frame), so the time step is taken before the
 *              frame's first event either way
 *   app_close  desc->quit and the shutdown, whatever failed
 */

/* What app_open started and app_close stops. */
static struct {
    bool sdl;             /* APP_SUBSYSTEMS */
    bool roots;           /* the asset roots in force before are in saved_roots */
    bool game;            /* akgl_game_init_with_config succeeded */
    bool initialised;     /* start() got through desc->init */
    bool frame_begun;     /* app_frame_begin ran for app.frame */
    bool paced;           /* SDL paces the frames (akgl_app_main's callbacks) */
    bool paused;          /* game time's pause and scale before the run */
    float scale;
    akgl_FileRoots saved_roots;
} opened;

/* Once a frame, whichever of app_event and app_frame_end comes first. */
static akerr_ErrorContext *app_frame_begin(void)
{
    PREPARE_ERROR(errctx);
    if (opened.frame_begun) {
        SUCCEED_RETURN(errctx);
    }
    opened.frame_begun = true;
    count_frame();
    /* The frame's step, before anything of the game's runs: the events,
     * the frame callback, the hooks and the update all move by it. */
    PASS(errctx, akgl_game_frame_time(&app.dt_ns, &app.dt));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *app_event(const SDL_Event *event)
{
    SDL_Event copy = *event;
    PREPARE_ERROR(errctx);
    PASS(errctx, app_frame_begin());
    if (copy.type == SDL_EVENT_QUIT) {
        app.frames = app.frame + 1; /* this frame is the last: its screenshot */
    }
    PASS(errctx, akgl_input_handle_event(&copy)); /* maps its own copy */
    PASS(errctx, akgl_render_map_event(&app.renderer, &copy));
    if (app.desc->event != NULL) {
        PASS(errctx, app.desc->event(&app, &copy));
    }
    SUCCEED_RETURN(errctx);
}

/* The frames have run out: the window closed, or the count was reached. */
static bool app_done(void)
{
    return app.frames >= 0 && app.frame >= app.frames;
}

static akerr_ErrorContext *app_frame_end(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, app_frame_begin());
    if (app.desc->frame != NULL) {
        PASS(errctx, app.desc->frame(&app));
    }
    PASS(errctx, akgl_game_frame());
    /* The time the next frame will cover. */
    if (app.manual_clock) {
        PASS(errctx, akgl_time_advance(AKGL_APP_FRAME_NS));
    }
    if (!app.headless && !app.vsync && !opened.paced) {
        SDL_Delay(APP_SLEEP_MS);
    }
    opened.frame_begun = false;
    app.frame++;
    SUCCEED_RETURN(errctx);
}

/* Everything app_open started, stopped again in reverse; @p first is the
 * run's first error, returned (later ones are logged). */
static akerr_ErrorContext *app_close(akerr_ErrorContext *first)
{
    if (opened.initialised && app.desc->quit != NULL) {
        akgl_object_keep_first(&first, app.desc->quit(&app));
    }
    if (opened.game) {
        akgl_object_keep_first(&first, akgl_game_unload(AKGL_UNLOAD_ALL));
        if (app.renderer.shutdown != NULL) {
            akgl_object_keep_first(&first, app.renderer.shutdown(&app.renderer));
        }
        akgl_object_keep_first(&first, akgl_time_use_manual(false));
        akgl_object_keep_first(&first, akgl_time_set_paused(opened.paused));
        akgl_object_keep_first(&first, akgl_time_set_scale(opened.scale));
        akgl_object_keep_first(&first, akgl_game_quit());
    }
    running = false;
    if (opened.roots) {
        akgl_file_roots_put(&opened.saved_roots);
    }
    if (opened.sdl) {
        SDL_QuitSubSystem(APP_SUBSYSTEMS);
    }
    memset(&opened, 0, sizeof(opened));
    return first;
}

/* SDL is started and the roots are set: the game, up to the first frame. */
static akerr_ErrorContext *open_game(void)
{
    const char *driver = SDL_GetCurrentVideoDriver();
    PREPARE_ERROR(errctx);
    app.headless = driver != NULL && (strcmp(driver, "offscreen") == 0 ||
                                      strcmp(driver, "dummy") == 0);
    app.manual_clock = app.manual_clock || app.headless;
    if (app.headless && app.frames < 0) {
        app.frames = app.desc->headless_frames > 0 ? app.desc->headless_frames
                                                   : AKGL_APP_HEADLESS_FRAMES;
    }
    /* The pause and scale of game time are the game's while it runs. */
    opened.paused = akgl_time_paused();
    opened.scale = akgl_time_scale();
    akgl_GameConfig config = app.desc->config;
    config.hot_reload = config.hot_reload || app.hot_reload;
    PASS(errctx, akgl_game_init_with_config(&config));
    opened.game = true;
    PASS(errctx, start(&opened.initialised));
    SUCCEED_RETURN(errctx);
}

/* The assets directory and the folders of desc.roots, those that exist, as
 * the asset roots. */
static akerr_ErrorContext *set_roots(void)
{
    SDL_PathInfo info;
    PREPARE_ERROR(errctx);
    if (SDL_GetPathInfo(app.assets, &info) && info.type == SDL_PATHTYPE_DIRECTORY) {
        PASS(errctx, akgl_file_set_root(app.assets));
    } else {
        PASS(errctx, akgl_file_set_root(NULL));
    }
    /* Like the assets directory, a folder that is not there is no root: a
     * game that copes without its system font still runs without it. */
    for (size_t i = 0; app.desc->roots != NULL && app.desc->roots[i] != NULL; i++) {
        const char *dir = app.desc->roots[i];
        if (SDL_GetPathInfo(dir, &info) && info.type == SDL_PATHTYPE_DIRECTORY) {
            PASS(errctx, akerr_prefix_message(akgl_file_add_root(dir), "%s: desc.roots[%zu]",
                                              app.program, i));
        }
    }
    SUCCEED_RETURN(errctx);
}

/* --help: the runner's options and the program's own. */
static void print_help(void)
{
    const akgl_AppDesc *desc = app.desc;
    printf("usage: %s [--frames N] [--screenshot OUT.png] [--assets DIR] [--hot-reload]\n"
           "  --frames N            run N frames (1..%d; headless, %d by default)\n"
           "  --screenshot OUT.png  save the last frame\n"
           "  --assets DIR          load the game's files from DIR (now %s)\n"
           "  --hot-reload          reload files the game loaded when they change\n",
           app.program, AKGL_APP_MAX_FRAMES,
           desc->headless_frames > 0 ? desc->headless_frames : AKGL_APP_HEADLESS_FRAMES,
           app.assets);
    for (size_t i = 0; desc->options != NULL && desc->options[i] != NULL; i++) {
        printf("%s%s", i == 0 ? "  and its own: " : ", ", desc->options[i]);
        if (desc->options[i + 1] == NULL) {
            printf("\n");
        }
    }
}

/* The first stage: everything up to the first frame. Returns with nothing
 * started for --help (*help set) or a refused option; on a later failure,
 * app_close has stopped what was started. */
static akerr_ErrorContext *app_open(const akgl_AppDesc *desc, int argc, char *argv[], bool *help)
{
    PREPARE_ERROR(errctx);
    *help = false;
    FAIL_ZERO_RETURN(errctx, desc, AKERR_NULLPOINTER, "akgl_app_run: NULL desc");
    FAIL_NONZERO_RETURN(errctx, argc > 0 && argv == NULL, AKERR_NULLPOINTER,
                        "akgl_app_run: argc is %d and argv is NULL", argc);
    FAIL_NONZERO_RETURN(errctx, running, AKERR_BEHAVIOR,
                        "akgl_app_run: %s is running already (one application at a time)",
                        app.program);
    FAIL_NONZERO_RETURN(errctx, desc->width < 0 || desc->height < 0 || desc->logical_width < 0 ||
                        desc->logical_height < 0, AKERR_VALUE,
                        "akgl_app_run: a negative size in the desc (window %d x %d, logical "
                        "%d x %d)", desc->width, desc->height, desc->logical_width,
                        desc->logical_height);
    PASS(errctx, check_desc(desc));
    memset(&app, 0, sizeof(app));
    memset(&opened, 0, sizeof(opened));
    app.desc = desc;
    app.userdata = desc->userdata;
    app.frames = -1;
    app.program = (argc > 0 && argv[0] != NULL) ? argv[0] : "akgl";
    PASS(errctx, default_assets());
    PASS(errctx, parse_options(argc, argv, help));
    if (*help) {
        print_help();
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, check_screenshot());
    FAIL_ZERO_RETURN(errctx, SDL_InitSubSystem(APP_SUBSYSTEMS), AKERR_API,
                     "%s: cannot start SDL: %s", app.program, SDL_GetError());
    opened.sdl = true;
    /* The game's files come from its assets directory (and the folders of
     * desc.roots): while it runs, those are the asset roots (akgl/file.h),
     * so a level or a bank it loads cannot name a file elsewhere. The roots
     * in force before are put back. */
    akgl_file_roots_get(&opened.saved_roots);
    opened.roots = true;
    running = true;
    akerr_ErrorContext *first = set_roots();
    if (first == NULL) {
        first = open_game();
    }
    if (first != NULL) {
        PASS(errctx, app_close(first));
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_app_run(const akgl_AppDesc *desc, int argc, char *argv[])
{
    bool help = false;
    SDL_Event event;
    PREPARE_ERROR(errctx);
    PASS(errctx, app_open(desc, argc, argv, &help));
    if (help) {
        SUCCEED_RETURN(errctx);
    }
    akerr_ErrorContext *first = NULL;
    while (first == NULL && !app_done()) {
        while (first == NULL && SDL_PollEvent(&event)) {
            first = app_event(&event);
        }
        if (first == NULL) {
            first = app_frame_end();
        }
    }
    PASS(errctx, app_close(first));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_app_asset(const char *name, const char **path)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_app_asset: NULL name");
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_app_asset: NULL path");
    FAIL_ZERO_RETURN(errctx, running, AKERR_BEHAVIOR,
                     "akgl_app_asset: \"%s\": no application is running (call it from the "
                     "callbacks of akgl_app_run)", name);
    size_t dir = strlen(app.assets), n = strlen(name);
    FAIL_NONZERO_RETURN(errctx, dir + 1 + n >= sizeof(app.path), AKERR_OUTOFBOUNDS,
                        "akgl_app_asset: a path of %zu bytes (the limit is %d): \"%s\" in \"%s\"",
                        dir + 1 + n, AKGL_APP_MAX_PATH - 1, name, app.assets);
    memcpy(app.path, app.assets, dir);
    app.path[dir] = '/';
    memcpy(app.path + dir + 1, name, n + 1);
    *path = app.path;
    SUCCEED_RETURN(errctx);
}

/*
 * akgl_app_main: the same run on SDL's main callbacks. SDL calls main_init
 * once, main_event for each event and main_iterate for each frame, then
 * main_quit; on most systems SDL_EnterAppMainCallbacks loops until the run
 * ends and returns its status, but in a browser it returns at once and the
 * page's own loop calls back, so main never blocks the page. The run is
 * closed by the last iteration (its errors decide the exit status), or by
 * main_quit when SDL ends the run first.
 */
static const akgl_AppDesc *main_desc;

/* A finished run's outcome as SDL's result: the error logged and released. */
static SDL_AppResult main_result(akerr_ErrorContext *outcome)
{
    if (outcome == NULL) {
        return SDL_APP_SUCCESS;
    }
    LOG_ERROR(outcome);
    RELEASE_ERROR(outcome);
    return SDL_APP_FAILURE;
}

static SDL_AppResult SDLCALL main_init(void **appstate, int argc, char *argv[])
{
    bool help = false;
    *appstate = &app;
    akerr_ErrorContext *outcome = app_open(main_desc, argc, argv, &help);
    if (outcome != NULL || help) {
        return main_result(outcome);
    }
    /* SDL paces the callbacks: a browser's page by the display, elsewhere
     * SDL by this rate when the display cannot (the loop's 16 ms sleep). */
    opened.paced = true;
    if (!app.headless && !app.vsync) {
        SDL_SetHint(SDL_HINT_MAIN_CALLBACK_RATE, APP_STR(APP_RATE_HZ));
    }
    return SDL_APP_CONTINUE;
}

static SDL_AppResult SDLCALL main_event(void *appstate, SDL_Event *event)
{
    (void)appstate;
    if (!running) {
        return SDL_APP_CONTINUE;
    }
    akerr_ErrorContext *outcome = app_event(event);
    return outcome == NULL ? SDL_APP_CONTINUE : main_result(app_close(outcome));
}

static SDL_AppResult SDLCALL main_iterate(void *appstate)
{
    (void)appstate;
    akerr_ErrorContext *outcome = app_frame_end();
    if (outcome == NULL && !app_done()) {
        return SDL_APP_CONTINUE;
    }
    return main_result(app_close(outcome));
}

static void SDLCALL main_quit(void *appstate, SDL_AppResult result)
{
    (void)appstate;
    (void)result;
    if (running) {
        (void)main_result(app_close(NULL));
    }
}

int akgl_app_main(const akgl_AppDesc *desc, int argc, char *argv[])
{
    main_desc = desc;
    /* SDL_Quit follows main_quit inside SDL's callbacks. */
    return SDL_EnterAppMainCallbacks(argc, argv, main_init, main_iterate, main_event, main_quit);
}
