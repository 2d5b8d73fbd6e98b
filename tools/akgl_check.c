/*
 * akgl-check: validates akgl asset files with akgl's own loaders
 * (docs/20-akgl-check.md).
 *
 *   akgl-check [--json] [-v] [--each] [[--kind KIND] [--with PATH] PATH...]...
 *
 * Each PATH is a file or a folder (walked recursively). akgl starts headless
 * (offscreen video, a software renderer on a surface, the dummy audio
 * driver); every file is loaded by the loader of its kind and everything is
 * released again at the end. A problem is the loader's own error, printed as
 * `file:line:column: STATUS: message` (line and column when the format gives
 * them) or `file: STATUS: message`; --json prints one JSON array instead.
 * Exit status: 0 all valid, 1 any problem, 2 usage error.
 *
 * Files are loaded in phases, whatever order they were named in: sprites
 * (akgl sprite files, then Aseprite sheet data),
 * then sound banks, then characters (which name sprites and sounds), then
 * properties, controllers, tilemaps and particle emitters (which name sprites). What a phase loaded stays loaded
 * until the end, so a character checked with its sprites finds them.
 *
 * --each checks every file alone instead: akgl is started afresh for each,
 * the --with files are loaded first (in phases), then the file, then all is
 * released. One run then says what one run per file would, without starting
 * the program hundreds of times (which under an emulator is most of the
 * time a test takes).
 */
#include <akgl/character.h>
#include <akgl/controller.h>
#include <akgl/error.h>
#include <akgl/game.h>
#include <akgl/json.h>
#include <akgl/particles.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sound.h>
#include <akgl/sprite.h>
#include <akgl/tilemap.h>

#include <SDL3/SDL.h>
#include <akstdlib.h>
#include <jansson.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define EXIT_VALID 0
#define EXIT_PROBLEMS 1
#define EXIT_USAGE 2

/* Kinds, in loading order (the phases). */
typedef enum
{
    KIND_SPRITE,
    KIND_ASEPRITE,      /* an Aseprite sheet's JSON: sprites too */
    KIND_SOUNDS,
    KIND_CHARACTER,
    KIND_PROPERTIES,
    KIND_CONTROLLER,
    KIND_TILEMAP,
    KIND_EMITTER,
    KIND_PHASES,        /* the loadable kinds end here */
    KIND_SNIFF,         /* not known yet: read the JSON's top-level keys */
    KIND_SKIP,          /* a Tiled tileset or template, an LDtk .ldtkl: checked through its maps */
    KIND_IGNORED,       /* not an asset file (PNG, WAV, README...) */
} Kind;

static const char *const kind_names[KIND_PHASES] = {
    [KIND_SPRITE] = "sprite",         [KIND_ASEPRITE] = "aseprite",   [KIND_SOUNDS] = "sounds",
    [KIND_CHARACTER] = "character",   [KIND_PROPERTIES] = "properties",
    [KIND_CONTROLLER] = "controller", [KIND_TILEMAP] = "tilemap", [KIND_EMITTER] = "emitter",
};

typedef struct
{
    char *path;
    Kind kind;
    bool with; /* --with: loaded before each file under --each */
} Entry;

typedef struct
{
    char *file;
    int line, column; /* 0 when the format gave none */
    int status;
    char *message;
} Problem;

static struct
{
    Entry *entries;
    int nentries, capentries;
    Problem *problems;
    int nproblems, capproblems;
    bool json, verbose, each;
    bool oom;
    bool mute; /* --each: a --with file's problems are reported once, not per file */
} C;

static bool grow(void **array, int *cap, int n, size_t size)
{
    if (n < *cap) {
        return true;
    }
    int newcap = *cap ? *cap * 2 : 64;
    void *p = SDL_realloc(*array, (size_t)newcap * size);
    if (p == NULL) {
        C.oom = true;
        return false;
    }
    *array = p;
    *cap = newcap;
    return true;
}

static void add_entry(const char *path, Kind kind, bool with)
{
    if (!grow((void **)&C.entries, &C.capentries, C.nentries, sizeof(Entry))) {
        return;
    }
    char *copy = SDL_strdup(path);
    if (copy == NULL) {
        C.oom = true;
        return;
    }
    C.entries[C.nentries++] = (Entry){copy, kind, with};
}

/* ------------------------------------------------------------------------ */
/* Problems                                                                 */
/* ------------------------------------------------------------------------ */

/* How a loader's message shows a path (docs/04-json.md): the path, or for a
 * long one its first 128 bytes, "..." and its last 125. */
static void shown_path(const char *path, char out[AKGL_MAX_MESSAGE_PATH_LENGTH + 1])
{
    size_t len = strlen(path);
    if (len <= AKGL_MAX_MESSAGE_PATH_LENGTH) {
        memcpy(out, path, len + 1);
        return;
    }
    memcpy(out, path, 128);
    memcpy(out + 128, "...", 3);
    memcpy(out + 131, path + len - 125, 126);
}

/* Reads "N:" at *p (N > 0); advances *p past the colon. */
static bool read_number_colon(const char **p, int *dest)
{
    const char *s = *p;
    long v = 0;
    if (*s < '0' || *s > '9') {
        return false;
    }
    while (*s >= '0' && *s <= '9') {
        if (v > 100000000L) {
            return false;
        }
        v = v * 10 + (*s++ - '0');
    }
    if (*s != ':') {
        return false;
    }
    *p = s + 1;
    *dest = (int)v;
    return true;
}

/*
 * Where `shown:LINE:COLUMN:` occurs in the message (jansson's and expat's
 * positions, as akgl_json_load_file and the TMX loader write them), the
 * position belongs to this file: a nested file (a tileset a map names)
 * shows its own path there and is left in the message instead. Leading
 * copies of the file's name ("path: " and "path:L:C: ") are dropped from the
 * message, since the report line starts with the file.
 */
static const char *locate(const char *message, const char *shown, int *line, int *column)
{
    size_t n = strlen(shown);
    *line = *column = 0;
    for (const char *at = strstr(message, shown); at != NULL; at = strstr(at + 1, shown)) {
        const char *p = at + n;
        int l, c;
        if (*p == ':' && (p++, read_number_colon(&p, &l)) && read_number_colon(&p, &c)) {
            *line = l;
            *column = c;
            break;
        }
    }
    for (;;) {
        if (strncmp(message, shown, n) != 0 || message[n] != ':') {
            break;
        }
        const char *p = message + n + 1;
        int l, c;
        if (*p == ' ') {
            message = p + 1;
        } else if (read_number_colon(&p, &l) && read_number_colon(&p, &c) && *p == ' ') {
            message = p + 1;
        } else {
            break;
        }
    }
    return message;
}

static const char *status_name(int status)
{
    const char *name = akerr_name_for_status(status, NULL);
    return name != NULL ? name : "unknown status";
}

/* "AKERR_KEY (Key error)": the macro name to grep for and the text to read;
 * the text alone when the status has no macro name. */
static const char *status_label(int status, char *buf, size_t size)
{
    const char *symbol = akerr_symbol_for_status(status, NULL);
    if (symbol == NULL) {
        return status_name(status);
    }
    snprintf(buf, size, "%s (%s)", symbol, status_name(status));
    return buf;
}

static void report(const char *file, int status, const char *message)
{
    if (C.mute) {
        return;
    }
    char shown[AKGL_MAX_MESSAGE_PATH_LENGTH + 1];
    char real[AKGL_MAX_STRING_LENGTH]; /* at least PATH_MAX (staticstring.c asserts it) */
    int line, column;
    shown_path(file, shown);
    const char *text = locate(message, shown, &line, &column);
    /* The map loaders name a map by its real path (their registry key). */
    akerr_ErrorContext *e = aksl_realpath(file, real);
    if (e == NULL && strcmp(real, file) != 0) {
        int l2, c2;
        shown_path(real, shown);
        const char *t2 = locate(text, shown, &l2, &c2);
        if (line == 0) {
            line = l2;
            column = c2;
        }
        text = t2;
    }
    e = akerr_release_error(e);
    (void)e;
    if (!C.json) {
        char buf[2 * AKERR_MAX_ERROR_NAME_LENGTH + 4];
        const char *label = status_label(status, buf, sizeof(buf));
        if (line > 0) {
            printf("%s:%d:%d: %s: %s\n", file, line, column, label, text);
        } else {
            printf("%s: %s: %s\n", file, label, text);
        }
        fflush(stdout);
    }
    if (!grow((void **)&C.problems, &C.capproblems, C.nproblems, sizeof(Problem))) {
        return;
    }
    Problem *p = &C.problems[C.nproblems];
    p->file = SDL_strdup(file);
    p->message = SDL_strdup(text);
    if (p->file == NULL || p->message == NULL) {
        SDL_free(p->file);
        SDL_free(p->message);
        C.oom = true;
        return;
    }
    p->line = line;
    p->column = column;
    p->status = status;
    C.nproblems++;
}

/* Records a loader's error as a problem of `file` and releases it. */
static void report_error(const char *file, akerr_ErrorContext *e)
{
    if (e == NULL) {
        return;
    }
    report(file, e->status, e->message);
    e = akerr_release_error(e);
    (void)e;
}

/* A loaded map's own checks (the actor settings its objects carry, what it
 * marks for the physics), then the map given back; the first error is
 * reported against `path`. `e` is the load's result. */
static void check_map(const char *path, akerr_ErrorContext *e, akgl_Tilemap *map)
{
    if (e == NULL && map != NULL) {
        /* The actor settings its objects carry (docs/07-tilemaps.md). */
        e = akgl_tilemap_check_actor_settings(map);
        /* What it marks for the physics: one-way tiles, slopes, platforms. */
        if (e == NULL) {
            e = akgl_tilemap_check_physics(map);
        }
        akerr_ErrorContext *released = akgl_heap_release_tilemap(map);
        if (e == NULL) {
            e = released;
        } else if (released != NULL) {
            IGNORE(released);
        }
    }
    report_error(path, e);
}

/* An LDtk project: every level of it (`levels`, then each world's), each
 * loaded and checked as a map. The first load reads the project through
 * the loader's checks (a syntax error is reported there, file:line:col);
 * only then are the levels' names read from it. */
static void check_ldtk(const char *path)
{
    akgl_Tilemap *map = NULL;
    akerr_ErrorContext *e = akgl_tilemap_load_ldtk(path, NULL, NULL, &map);
    bool loaded = e == NULL;
    check_map(path, e, map);
    if (!loaded) {
        return;
    }
    json_t *root = json_load_file(path, 0, NULL);
    if (root == NULL) {
        report(path, AKERR_IO, "cannot read the project again to list its levels");
        return;
    }
    bool first = true;
    json_t *worlds = json_object_get(root, "worlds");
    for (size_t w = 0; w <= json_array_size(worlds); w++) {
        json_t *levels = w == 0 ? json_object_get(root, "levels")
                                : json_object_get(json_array_get(worlds, w - 1), "levels");
        for (size_t i = 0; i < json_array_size(levels); i++) {
            const char *id = json_string_value(json_object_get(json_array_get(levels, i),
                                                               "identifier"));
            if (first || id == NULL) {
                first = false; /* the first level was checked above */
                continue;
            }
            map = NULL;
            check_map(path, akgl_tilemap_load_ldtk(path, id, NULL, &map), map);
        }
    }
    json_decref(root);
}

static int print_json(void)
{
    json_t *all = json_array();
    if (all == NULL) {
        return -1;
    }
    for (int i = 0; i < C.nproblems; i++) {
        const Problem *p = &C.problems[i];
        const char *symbol = akerr_symbol_for_status(p->status, NULL);
        json_t *o = json_pack("{s:s, s:o, s:o, s:i, s:s?, s:s, s:s}", "file", p->file, "line",
                              p->line > 0 ? json_integer(p->line) : json_null(), "column",
                              p->line > 0 ? json_integer(p->column) : json_null(), "status",
                              p->status, "status_symbol", symbol, "status_name",
                              status_name(p->status), "message", p->message);
        if (o == NULL || json_array_append_new(all, o) != 0) {
            json_decref(all);
            return -1;
        }
    }
    int rc = json_dumpf(all, stdout, JSON_INDENT(2) | JSON_ENSURE_ASCII);
    json_decref(all);
    if (rc == 0) {
        fputc('\n', stdout);
    }
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Kinds                                                                    */
/* ------------------------------------------------------------------------ */

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && SDL_strcasecmp(s + n - m, suffix) == 0;
}

/* The kind a file name says; KIND_SNIFF for JSON, KIND_IGNORED for the rest. */
static Kind kind_by_name(const char *path)
{
    if (ends_with(path, ".tmj") || ends_with(path, ".tmx") || ends_with(path, ".ldtk")) {
        return KIND_TILEMAP;
    }
    if (ends_with(path, ".tsj") || ends_with(path, ".tsx") || ends_with(path, ".tj") ||
        ends_with(path, ".tx") || ends_with(path, ".ldtkl")) {
        return KIND_SKIP;
    }
    if (ends_with(path, ".json")) {
        return KIND_SNIFF;
    }
    return KIND_IGNORED;
}

/* The kind a JSON document's top level says, or KIND_PHASES when none. */
static Kind kind_by_keys(json_t *root)
{
    if (!json_is_object(root)) {
        return KIND_PHASES;
    }
    const char *type = json_string_value(json_object_get(root, "type"));
    if (type != NULL && strcmp(type, "map") == 0) {
        return KIND_TILEMAP;
    }
    if (type != NULL && (strcmp(type, "tileset") == 0 || strcmp(type, "template") == 0)) {
        return KIND_SKIP;
    }
    if (json_object_get(root, "sprite_mappings") != NULL) {
        return KIND_CHARACTER;
    }
    if (json_object_get(root, "spritesheet") != NULL) {
        return KIND_SPRITE;
    }
    if (json_object_get(root, "frames") != NULL && json_is_object(json_object_get(root, "meta"))) {
        return KIND_ASEPRITE; /* Aseprite's sheet data (docs/10-sprites.md) */
    }
    if (json_object_get(root, "sounds") != NULL) {
        return KIND_SOUNDS;
    }
    if (json_object_get(root, "properties") != NULL) {
        return KIND_PROPERTIES;
    }
    if (json_object_get(root, "life") != NULL && json_object_get(root, "color_start") != NULL) {
        return KIND_EMITTER; /* a particle emitter (docs/26-particles.md) */
    }
    static const char *const controller_keys[] = {"keys", "buttons", "axes", "actions"};
    for (size_t i = 0; i < SDL_arraysize(controller_keys); i++) {
        if (json_object_get(root, controller_keys[i]) != NULL) {
            return KIND_CONTROLLER;
        }
    }
    return KIND_PHASES;
}

/* Resolves KIND_SNIFF: reads the file with akgl_json_load_file (whose
 * errors, invalid JSON included, are problems) and looks at its keys. */
static Kind sniff(const char *path)
{
    json_t *root = NULL;
    akerr_ErrorContext *e = akgl_json_load_file(path, &root);
    if (e != NULL) {
        report_error(path, e);
        return KIND_IGNORED;
    }
    Kind kind = kind_by_keys(root);
    json_decref(root);
    if (kind == KIND_PHASES) {
        report(path, AKERR_VALUE,
               "not a recognised akgl asset: no top-level \"spritesheet\" (sprite), "
               "\"frames\" and \"meta\" (aseprite), "
               "\"sprite_mappings\" (character), \"sounds\" (sound bank), \"properties\", "
               "\"keys\"/\"buttons\"/\"axes\"/\"actions\" (controller), \"type\": \"map\" "
               "(tilemap) or \"life\" and \"color_start\" (emitter); name its kind with --kind");
        return KIND_IGNORED;
    }
    return kind;
}

/* ------------------------------------------------------------------------ */
/* Collecting files                                                         */
/* ------------------------------------------------------------------------ */

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file under `dir` (recursively), in name order. */
static void add_folder(const char *dir, Kind forced, bool with)
{
    int count = 0;
    char **names = SDL_GlobDirectory(dir, NULL, 0, &count);
    if (names == NULL) {
        report(dir, AKERR_IO, SDL_GetError());
        return;
    }
    SDL_qsort(names, (size_t)count, sizeof(char *), compare_strings);
    size_t dirlen = strlen(dir);
    bool slash = dirlen > 0 && dir[dirlen - 1] == '/';
    for (int i = 0; i < count; i++) {
        char *full = NULL;
        if (SDL_asprintf(&full, "%s%s%s", dir, slash ? "" : "/", names[i]) < 0) {
            C.oom = true;
            break;
        }
        SDL_PathInfo info;
        if (SDL_GetPathInfo(full, &info) && info.type == SDL_PATHTYPE_FILE) {
            /* In a folder only asset files count; --kind applies to those. */
            Kind kind = kind_by_name(full);
            if (kind != KIND_IGNORED && kind != KIND_SKIP && forced != KIND_SNIFF) {
                kind = forced;
            }
            add_entry(full, kind, with);
        }
        SDL_free(full);
    }
    SDL_free(names);
}

static void add_path(const char *path, Kind forced, bool with)
{
    SDL_PathInfo info;
    if (SDL_GetPathInfo(path, &info) && info.type == SDL_PATHTYPE_DIRECTORY) {
        add_folder(path, forced, with);
        return;
    }
    /* A file named on the command line is checked whatever its extension:
     * one that is not a map or a tileset is read as JSON. A missing file is
     * left to the loader, which reports it. */
    Kind kind = forced != KIND_SNIFF ? forced : kind_by_name(path);
    add_entry(path, kind == KIND_IGNORED ? KIND_SNIFF : kind, with);
}

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */
/* ------------------------------------------------------------------------ */

static void check_file(const char *path, Kind kind)
{
    if (C.verbose) {
        fprintf(stderr, "akgl-check: %s: %s\n", path, kind_names[kind]);
    }
    switch (kind) {
    case KIND_SPRITE:
        report_error(path, akgl_sprite_load_json(path));
        break;
    case KIND_ASEPRITE:
        report_error(path, akgl_sprite_load_aseprite(path));
        break;
    case KIND_SOUNDS:
        report_error(path, akgl_sound_load_json(path));
        break;
    case KIND_CHARACTER:
        report_error(path, akgl_character_load_json(path));
        break;
    case KIND_PROPERTIES:
        report_error(path, akgl_registry_load_properties(path));
        break;
    case KIND_CONTROLLER: {
        akgl_Controller c;
        akerr_ErrorContext *e = akgl_controller_initialize(&c, NULL);
        if (e == NULL) {
            report_error(path, akgl_controller_load_json(&c, path));
            e = akgl_controller_release(&c);
        }
        report_error(path, e);
        break;
    }
    case KIND_TILEMAP:
        if (ends_with(path, ".ldtk")) {
            check_ldtk(path);
        } else {
            akgl_Tilemap *map = NULL;
            akerr_ErrorContext *e = akgl_tilemap_load(path, &map);
            check_map(path, e, map);
        }
        break;
    case KIND_EMITTER: {
        akgl_EmitterDef def;
        akerr_ErrorContext *e = akgl_emitter_def_load(path, &def);
        if (e == NULL) {
            e = akgl_emitter_def_release(&def);
        }
        report_error(path, e);
        break;
    }
    default:
        break;
    }
}

/* akgl, headless: the game, and a software renderer on a surface as
 * game.renderer (sprites and maps upload textures). */
typedef struct
{
    SDL_Surface *surface;
    SDL_Renderer *sdl;
    akgl_Renderer backend;
    bool started;
} Headless;

static akerr_ErrorContext *headless_start(Headless *h)
{
    PREPARE_ERROR(errctx);
    /* Whatever the environment says: a checker opens no window and plays nothing. */
    SDL_SetHintWithPriority(SDL_HINT_VIDEO_DRIVER, "offscreen", SDL_HINT_OVERRIDE);
    SDL_SetHintWithPriority(SDL_HINT_AUDIO_DRIVER, "dummy", SDL_HINT_OVERRIDE);
    /* The dummy device's thread sleeps one buffer's length at a time, and
     * closing the device waits for it: about 60 ms at SDL's default 1024
     * frames, most of an --each file's time. Nothing is played, so a short
     * buffer costs nothing and makes the close prompt. */
    SDL_SetHintWithPriority(SDL_HINT_AUDIO_DEVICE_SAMPLE_FRAMES, "64", SDL_HINT_OVERRIDE);
    SDL_SetHintWithPriority(SDL_HINT_RENDER_DRIVER, "software", SDL_HINT_OVERRIDE);
    SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_OVERRIDE);
    FAIL_ZERO_RETURN(errctx, SDL_Init(SDL_INIT_VIDEO), AKERR_API, "SDL_Init: %s", SDL_GetError());
    PASS(errctx, akgl_game_init());
    h->started = true;
    h->surface = SDL_CreateSurface(64, 64, SDL_PIXELFORMAT_RGBA32);
    FAIL_ZERO_RETURN(errctx, h->surface, AKERR_API, "SDL_CreateSurface: %s", SDL_GetError());
    h->sdl = SDL_CreateSoftwareRenderer(h->surface);
    FAIL_ZERO_RETURN(errctx, h->sdl, AKERR_API, "SDL_CreateSoftwareRenderer: %s",
                     SDL_GetError());
    PASS(errctx, akgl_render_2d_bind(&h->backend, h->sdl));
    SUCCEED_RETURN(errctx);
}

/* Releases everything the check loaded, then stops akgl and SDL. A teardown
 * error is a problem of the library, reported as such. */
static void headless_stop(Headless *h)
{
    if (h->started) {
        report_error("akgl-check", akgl_game_unload(AKGL_UNLOAD_ALL));
    }
    if (h->backend.shutdown != NULL) {
        report_error("akgl-check", h->backend.shutdown(&h->backend));
    }
    if (h->sdl != NULL) {
        SDL_DestroyRenderer(h->sdl);
    }
    if (h->surface != NULL) {
        SDL_DestroySurface(h->surface);
    }
    if (h->started) {
        report_error("akgl-check", akgl_game_quit());
    }
    SDL_Quit();
}

/* ------------------------------------------------------------------------ */
/* main                                                                     */
/* ------------------------------------------------------------------------ */

static void usage(FILE *to)
{
    fprintf(to,
            "usage: akgl-check [--json] [-v] [--each] [[--kind KIND] [--with PATH] PATH...]...\n"
            "Checks akgl asset files (or every asset file under a folder) with akgl's\n"
            "own loaders. --kind applies to the paths after it. KIND: sprite, aseprite,\n"
            "character, tilemap, controller, sounds, properties, emitter, or auto (the\n"
            "default: by extension, then by the JSON's top-level keys).\n"
            "Files are loaded together and kept loaded; --each checks every file alone,\n"
            "in a fresh akgl, after the --with files (what it names, such as sprites).\n"
            "Exit status: 0 all valid, 1 a problem, 2 a usage error.\n");
}

static Kind kind_by_option(const char *s)
{
    if (strcmp(s, "auto") == 0) {
        return KIND_SNIFF;
    }
    for (int k = 0; k < KIND_PHASES; k++) {
        if (strcmp(s, kind_names[k]) == 0) {
            return (Kind)k;
        }
    }
    return KIND_IGNORED;
}

static void free_all(void)
{
    for (int i = 0; i < C.nentries; i++) {
        SDL_free(C.entries[i].path);
    }
    for (int i = 0; i < C.nproblems; i++) {
        SDL_free(C.problems[i].file);
        SDL_free(C.problems[i].message);
    }
    SDL_free(C.entries);
    SDL_free(C.problems);
    memset(&C, 0, sizeof(C));
}

/* Starts akgl headless; false (with the reason on stderr) when it cannot. */
static bool start(Headless *h)
{
    akerr_ErrorContext *e = headless_start(h);
    if (e == NULL) {
        return true;
    }
    fprintf(stderr, "akgl-check: cannot start akgl headless: %s\n", e->message);
    e = akerr_release_error(e);
    (void)e;
    headless_stop(h);
    return false;
}

/* Loads, phase by phase, every entry that is (with) or is not (!with) a
 * --with file. */
static void check_phases(bool with)
{
    for (int phase = 0; phase < KIND_PHASES; phase++) {
        for (int i = 0; i < C.nentries; i++) {
            if (C.entries[i].kind == (Kind)phase && C.entries[i].with == with) {
                check_file(C.entries[i].path, (Kind)phase);
            }
        }
    }
}

/* --each, after the first run: every file but the --with files in an akgl
 * of its own, the --with files loaded first (their problems were reported
 * by the first run, so they are not repeated per file). */
static bool check_each(void)
{
    for (int i = 0; i < C.nentries; i++) {
        const Entry *target = &C.entries[i];
        if (target->with || target->kind >= KIND_PHASES) {
            continue;
        }
        Headless h = {0};
        if (!start(&h)) {
            return false;
        }
        C.mute = true;
        check_phases(true);
        C.mute = false;
        check_file(target->path, target->kind);
        headless_stop(&h);
    }
    return true;
}

int main(int argc, char **argv)
{
    Kind forced = KIND_SNIFF;
    int npaths = 0;
    bool options = true;
    /* Options may come anywhere before "--"; --kind applies to the paths after it. */
    for (int i = 1; i < argc; i++) {
        if (!options || argv[i][0] != '-' || argv[i][1] == '\0') {
            npaths++;
        } else if (strcmp(argv[i], "--") == 0) {
            options = false;
        } else if (strcmp(argv[i], "--json") == 0) {
            C.json = true;
        } else if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--verbose") == 0) {
            C.verbose = true;
        } else if (strcmp(argv[i], "--each") == 0) {
            C.each = true;
        } else if (strcmp(argv[i], "--with") == 0 && i + 1 < argc) {
            i++; /* a path, counted with the others */
            npaths++;
        } else if (strcmp(argv[i], "--kind") == 0 && i + 1 < argc) {
            forced = kind_by_option(argv[++i]);
            if (forced == KIND_IGNORED) {
                fprintf(stderr, "akgl-check: unknown kind \"%s\"\n", argv[i]);
                usage(stderr);
                return EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return EXIT_VALID;
        } else {
            fprintf(stderr, "akgl-check: unknown option \"%s\"\n", argv[i]);
            usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (npaths == 0) {
        fprintf(stderr, "akgl-check: no file or folder to check\n");
        usage(stderr);
        return EXIT_USAGE;
    }

    /* The first run: the paths, their kinds, then every file together (the
     * default) or the --with files alone (--each, which goes on below). */
    Headless h = {0};
    if (!start(&h)) {
        free_all();
        return EXIT_PROBLEMS;
    }
    options = true;
    forced = KIND_SNIFF;
    for (int i = 1; i < argc; i++) {
        if (!options || argv[i][0] != '-' || argv[i][1] == '\0') {
            add_path(argv[i], forced, false);
        } else if (strcmp(argv[i], "--") == 0) {
            options = false;
        } else if (strcmp(argv[i], "--with") == 0) {
            add_path(argv[++i], forced, true);
        } else if (strcmp(argv[i], "--kind") == 0) {
            forced = kind_by_option(argv[++i]);
        }
    }
    /* Kinds first (sniffing reports unreadable JSON), then one phase at a time. */
    for (int i = 0; i < C.nentries; i++) {
        if (C.entries[i].kind == KIND_SNIFF) {
            C.entries[i].kind = sniff(C.entries[i].path);
        }
        if (C.entries[i].kind == KIND_SKIP && C.verbose) {
            fprintf(stderr, "akgl-check: %s: skipped (a tileset or template is checked "
                            "through the maps that use it)\n", C.entries[i].path);
        }
    }
    check_phases(true);
    if (!C.each) {
        check_phases(false);
    }
    headless_stop(&h);
    if (C.each && !check_each()) {
        free_all();
        return EXIT_PROBLEMS;
    }

    int rc = C.nproblems > 0 ? EXIT_PROBLEMS : EXIT_VALID;
    if (C.json && print_json() != 0) {
        fprintf(stderr, "akgl-check: cannot write the JSON report\n");
        rc = EXIT_PROBLEMS;
    }
    if (C.oom) {
        fprintf(stderr, "akgl-check: out of memory; the report is incomplete\n");
        rc = EXIT_PROBLEMS;
    }
    if (!C.json && C.verbose) {
        fprintf(stderr, "akgl-check: %d file(s), %d problem(s)\n", C.nentries, C.nproblems);
    }
    free_all();
    return rc;
}
