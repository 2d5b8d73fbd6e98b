/**
 * @file akgl/app.h
 * @brief The application runner: a whole akgl program from one description.
 *
 * Layer: game (docs/03-layers.md).
 *
 * A game fills an akgl_AppDesc (window, capacities, the sprites and
 * characters to load, callbacks) and hands it to akgl_app_run, which does
 * what every such program otherwise writes out: SDL's start, the command
 * line (--frames N, --screenshot OUT.png, --assets DIR, and the options the
 * program lists as its own), headless detection
 * (the manual clock and a fixed number of frames), the game and its
 * renderer, the frame loop with its events, a screenshot of the last frame,
 * and the unload and shutdown at the end, whatever failed.
 *
 * @code
 * static akerr_ErrorContext *spawn(akgl_App *app)
 * {
 *     akgl_Actor *coin = NULL;
 *     (void)app;
 *     return akgl_actor_spawn("coin", "coin", 300.0f, 160.0f, &coin);
 * }
 * static const akgl_AppDesc desc = {
 *     .title = "coin", .clear_color = {40, 40, 60, 255},
 *     .sprites = (const char *const[]){"coin_spin.json", "coin_sparkle.json", NULL},
 *     .characters = (const char *const[]){"coin.json", NULL},
 *     .init = spawn,
 * };
 * AKGL_APP_MAIN(desc)
 * @endcode
 */
#ifndef AKGL_APP_H
#define AKGL_APP_H

#include <akerror.h>
#include <akgl/game.h>
#include <akgl/limits.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The running application (struct akgl_App below). */
typedef struct akgl_App akgl_App;

/**
 * @brief A callback of the runner (init, frame, draw, quit).
 *
 * An error it returns ends the run: no further frame is drawn, the quit
 * callback and the shutdown still run, and akgl_app_run returns the error.
 * @param app The running application.
 */
typedef akerr_ErrorContext *(*akgl_AppFunc)(akgl_App *app);

/**
 * @brief The event callback: one SDL event, its coordinates already mapped to
 *        the logical screen (akgl_render_map_event). An error ends the run.
 * @param app   The running application.
 * @param event The event (the runner's; valid during the call only).
 */
typedef akerr_ErrorContext *(*akgl_AppEventFunc)(akgl_App *app, const SDL_Event *event);

/**
 * @brief The option callback: one of the program's own options (listed in
 *        akgl_AppDesc::options), as the command line is read, before SDL or
 *        the game starts. Called in the order given, so the last one wins
 *        when the program lets it.
 *
 * Of the app, program, assets, frames, screenshot and userdata are set
 * (headless is not known yet). The callback may set app->screenshot (a bare
 * OUT.png meaning --screenshot OUT.png) or app->frames.
 * @param app   The application being started.
 * @param name  The option as given ("--check"), or NULL for a bare argument
 *              (when the list has an entry without a leading '-').
 * @param value The option's value when its entry names one ("--level FILE":
 *              the argument after it, never NULL, empty or a "--" option);
 *              the argument itself for a bare one; NULL for a flag.
 * @return NULL to take it. An error refuses it: nothing starts, and
 *         akgl_app_run returns that error, so its message should name the
 *         option, the value and the limit (the runner's own do:
 *         "prog: --frames 0 is outside 1..1000000").
 */
typedef akerr_ErrorContext *(*akgl_AppOptionFunc)(akgl_App *app, const char *name,
                                                  const char *value);

/**
 * @brief What a program is: read once by akgl_app_run, which copies nothing
 *        out of it but borrows it for the run (keep it alive until it returns;
 *        a `static const` is the usual home). Every field may be left 0/NULL.
 */
typedef struct akgl_AppDesc
{
    const char *title;      /**< The window title (game.name); NULL: "akgl". */
    int width;              /**< The window's width in pixels; 0: AKGL_APP_DEFAULT_WIDTH. */
    int height;             /**< The window's height in pixels; 0: AKGL_APP_DEFAULT_HEIGHT. */
    /** The logical size the game draws at, scaled up to the window (pixel
     *  art; game.logicalwidth/height, chapter 8); both 0: none. */
    int logical_width;
    int logical_height;     /**< @copydoc logical_width */
    /** What each frame clears to; alpha 0 (as in a zeroed desc) keeps the
     *  renderer's default, opaque black. */
    SDL_Color clear_color;
    /** The pools' capacities and the voices (akgl_game_init_with_config);
     *  zeroed: the defaults. */
    akgl_GameConfig config;
    /** The assets directory when --assets is not given; NULL: "assets"
     *  beside the executable (SDL_GetBasePath), where a shipped game keeps it. */
    const char *assets;
    /** Sprite JSON files, relative to the assets directory, NULL-terminated;
     *  loaded in order after the renderer and before @ref init. NULL: none. */
    const char *const *sprites;
    /** Character JSON files, likewise; loaded after the sprites they name. */
    const char *const *characters;
    /** More directories the game loads files from besides the assets
     *  directory (a system font folder), NULL-terminated: while the game
     *  runs, the assets directory and these are the asset roots
     *  (akgl/file.h), at most AKGL_FILE_MAX_ROOTS in all; one that does not
     *  exist is left out, as the assets directory is. NULL: none. */
    const char *const *roots;
    /** Called once, after the game, the renderer and the files above: load
     *  the rest, spawn the actors. NULL: nothing. */
    akgl_AppFunc init;
    /** Called for each event, before the frame it arrives in. NULL: none. */
    akgl_AppEventFunc event;
    /** Called once a frame after the events and before the world moves and
     *  draws (akgl_game_frame): the game's own rules. NULL: none. */
    akgl_AppFunc frame;
    /** Called each frame after the world is drawn and before it is
     *  presented (the overlay, chapter 17): a HUD, with text and the
     *  shapes and images of akgl/draw.h (screen or world coordinates),
     *  drawn over the whole world. NULL: none. */
    akgl_AppFunc draw;
    /** Called once at the end, when @ref init was called (even if it failed),
     *  before everything is unloaded: give back what the game holds outside
     *  the pools (a controller, a gamepad). NULL: nothing. */
    akgl_AppFunc quit;
    /** The program's own options, NULL-terminated, each written as --help
     *  shows it: "--check" (a flag), "--level FILE" (the name is up to the
     *  first space; the rest says what its value is, and that it has one),
     *  or at most one entry without a leading '-' ("OUT.png"), which lets
     *  bare arguments in. Each one given goes to @ref option; anything else
     *  is still refused. The runner's own (--frames, --screenshot, --assets,
     *  --help, -h) cannot be listed. NULL: none. */
    const char *const *options;
    /** Called for each of @ref options given (required with them). */
    akgl_AppOptionFunc option;
    /** How many frames a headless run lasts without --frames:
     *  1..AKGL_APP_MAX_FRAMES; 0: AKGL_APP_HEADLESS_FRAMES. */
    int headless_frames;
    void *userdata;         /**< Handed to the callbacks as app->userdata; not looked at. */
} akgl_AppDesc;

/**
 * @brief The running application, as the callbacks see it. The runner owns
 *        it; callbacks read it, and may change @ref frames, @ref userdata
 *        and @ref screenshot.
 */
struct akgl_App
{
    const akgl_AppDesc *desc; /**< The description the run was started with. */
    void *userdata;           /**< desc->userdata, for the callbacks. */
    akgl_Renderer renderer;   /**< The window and renderer (game.renderer). */
    /** The frame being run, from 0; during init, 0. */
    int frame;
    /** How many frames the run lasts: --frames; headless,
     *  desc->headless_frames or AKGL_APP_HEADLESS_FRAMES; or -1 until the
     *  window closes. Setting it to frame + 1
     *  makes the current frame the last (its screenshot is taken). */
    int frames;
    /** No display (SDL's offscreen or dummy video driver): the game runs on
     *  the manual clock, AKGL_APP_FRAME_NS a frame, the same every run, and
     *  draws with SDL's software renderer unless SDL_HINT_RENDER_DRIVER
     *  names another. */
    bool headless;
    /** Frames are paced by the display's vsync (with a display, when SDL
     *  can, and SDL_RENDER_VSYNC does not name another setting); otherwise
     *  by a 16 ms sleep (akgl_app_run) or SDL at 60 a second (akgl_app_main;
     *  in a browser, the page's display), or not at all headless. */
    bool vsync;
    /** The game clock is the manual one: it moves by AKGL_APP_FRAME_NS a
     *  frame, not by real time, so the run draws the same frames every time
     *  whatever the machine's speed. Always so headless; the option
     *  callback may set it for a run with a display (the demo's --check in
     *  a browser). */
    bool manual_clock;
    /** Frames per second of real time (with a display, SDL's clock;
     *  on the manual clock, AKGL_APP_FRAME_NS a frame, so 60 and the same
     *  every run),
     *  whatever the pause and scale of game time. Counted over windows of
     *  half a second and updated as the frame that ends one begins, before
     *  the event and frame callbacks; 0 until the first window has passed. */
    float fps;
    /** The game time this frame covers, in seconds: what the game moves by
     *  (x += vx * app->dt). Taken as the frame begins, before the events,
     *  with akgl_game_frame_time: 0 on the first frame and while game time
     *  is paused, scaled in slow motion (akgl/time.h), at most
     *  AKGL_GAME_MAX_FRAME_NS; on the manual clock (headless),
     *  AKGL_APP_FRAME_NS, scaled. The world's update moves by the same step. */
    float dt;
    /** @ref dt in nanoseconds, exact: what a fixed-step game banks. */
    uint64_t dt_ns;
    /** --screenshot: the last frame's PNG, or NULL. The option callback may
     *  set it (tried for writing before the run like --screenshot's), and
     *  init (saved all the same, but not tried first). */
    const char *screenshot;
    const char *program;             /**< argv[0], for messages; "akgl" when absent. */
    char assets[AKGL_APP_MAX_PATH];  /**< The assets directory in use. */
    char path[AKGL_APP_MAX_PATH];    /**< akgl_app_asset's last result. */
    /** --hot-reload: the game starts with akgl_GameConfig::hot_reload on
     *  whatever desc->config says (akgl/reload.h). The option callback may
     *  set it too. */
    bool hot_reload;
};

/**
 * @brief Runs a whole program: the command line, SDL, the game, its window,
 *        the frame loop, and the shutdown. Returns when the window closes,
 *        the frames run out, or something fails.
 *
 * In order: the options are read (see below; nothing starts on a bad one);
 * SDL's video and gamepad subsystems start (akgl_app_run stops what it
 * started, so a program may call it again); headless is decided; the
 * screenshot's path is tried for writing and an old file there removed;
 * akgl_game_init_with_config(&desc->config); game.name from the title; the
 * manual clock when headless; the window and renderer; desc->sprites and
 * desc->characters; desc->init. Each frame: the frame's time step
 * (app->dt, app->dt_ns), every pending event to desc->event
 * (SDL_EVENT_QUIT makes this frame the last), desc->frame, akgl_game_frame,
 * which calls desc->draw and then, on the last frame, writes the screenshot
 * before the present, then the clock (headless: AKGL_APP_FRAME_NS). At the
 * end, whatever happened: desc->quit, akgl_game_unload(AKGL_UNLOAD_ALL), the
 * renderer's shutdown, the real clock again with the pause and scale it had
 * before the run, akgl_game_quit, SDL's subsystems.
 *
 * Headless (SDL's offscreen or dummy video driver), the renderer is SDL's
 * software one unless SDL_HINT_RENDER_DRIVER names another
 * (akgl_render_2d_init). The renderer in use is logged once, with SDL_Log,
 * as the run starts.
 *
 * Options (each once or again, the last wins): `--frames N` (1 ..
 * AKGL_APP_MAX_FRAMES: run N frames, with a display too), `--screenshot
 * OUT.png` (the last frame, drawn but not yet presented), `--assets DIR`
 * (instead of desc->assets), `--hot-reload` (akgl_GameConfig::hot_reload on:
 * the files the game loads are reloaded when they change, akgl/reload.h),
 * `--help` (print them and return NULL without
 * running), and the program's own, desc->options, each handed to
 * desc->option as it comes.
 *
 * No allocation per frame, and no formatting unless something fails.
 * @param desc What to run (borrowed until it returns).
 * @param argc As main's; 0 with a NULL @p argv is no options.
 * @param argv As main's (argv[0] is the program's name).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p desc (or @p argv with argc >
 *         0); AKERR_BEHAVIOR when an application is already running;
 *         AKERR_VALUE for an unknown option or argument, or an option
 *         missing its value (naming it and the options); AKERR_FORMAT for a
 *         --frames that is not a number, AKERR_OUTOFBOUNDS for one outside
 *         1..AKGL_APP_MAX_FRAMES or an assets path longer than
 *         AKGL_APP_MAX_PATH - 1 bytes (naming the value and the limit);
 *         AKERR_IO naming --assets when it is not a directory, and naming
 *         --screenshot when the file cannot be written; the option
 *         callback's error for a value it refuses; AKERR_API when SDL
 *         cannot start; AKERR_VALUE for a negative size in @p desc, a
 *         headless_frames outside 0..AKGL_APP_MAX_FRAMES, or an entry of
 *         desc->options that is empty, one of the runner's or a second bare
 *         one (naming it); AKERR_NULLPOINTER for options without an option
 *         callback; else the first error of the game's start, a load, a
 *         callback or a frame.
 *         Everything started is stopped again whatever failed: the pools,
 *         registries and error contexts are as before the call.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_app_run(const akgl_AppDesc *desc, int argc, char *argv[]);

/**
 * @brief Joins the running application's assets directory and @p name, so a
 *        loader can be given "coin.json": the path is app->path.
 * @param name A file name relative to the assets directory ("sounds/s.json").
 * @param path Where the result goes: app->path, valid until the next call.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR when no application runs;
 *         AKERR_OUTOFBOUNDS naming @p name when the path would pass
 *         AKGL_APP_MAX_PATH - 1 bytes (*path is left alone).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_app_asset(const char *name, const char **path);

/**
 * @brief akgl_app_run for main: logs the error's trace, stops SDL and turns
 *        the outcome into an exit status. Like SDL_main, the one akgl
 *        function that returns no error context: it is what main returns,
 *        and nothing is left to pass the error to.
 * @param desc As akgl_app_run.
 * @param argc As main's.
 * @param argv As main's.
 * @return 0 when the run succeeded (or --help), 1 when it failed.
 */
int akgl_app_main(const akgl_AppDesc *desc, int argc, char *argv[]);

/**
 * @brief Defines main as akgl_app_main(&desc, argc, argv): a program's whole
 *        entry point. Expand it once, at file scope, after @p desc. Include
 *        <SDL3/SDL_main.h> before it in that file on platforms whose main SDL
 *        has to wrap (it does nothing on Linux).
 * @param desc An akgl_AppDesc object (not a pointer).
 */
#define AKGL_APP_MAIN(desc) \
    int main(int argc, char *argv[]) { return akgl_app_main(&(desc), argc, argv); }

#ifdef __cplusplus
}
#endif

#endif /* AKGL_APP_H */
