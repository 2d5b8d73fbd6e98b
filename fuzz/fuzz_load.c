/*
 * libFuzzer targets for the loaders. One source, built once per loader
 * (FUZZ_SPRITE, FUZZ_CHARACTER, FUZZ_PROPERTIES, FUZZ_CONTROLLER, FUZZ_SOUND,
 * the tilemap readers FUZZ_TMJ and FUZZ_TMX, LDtk projects FUZZ_LDTK, fonts,
 * FUZZ_FONT, particle emitters, FUZZ_EMITTER, Aseprite sheet data,
 * FUZZ_ASEPRITE, and hot reload of a sprite file, FUZZ_RELOAD):
 *
 *   each input is written to a file and handed to the real loader; then
 *   whatever it loaded is released, and the target aborts (a finding) if any
 *   pool slot, registry entry or error context is left behind.
 *
 * So a finding is a crash, a sanitizer report, or a leak. The sprite target
 * works in a directory holding a real sheet, so inputs that name it load a
 * texture for real; the character target has sprites loaded to bind; the
 * Aseprite target reads a/input.json with sheet_64x64_16.png one level up,
 * where the fixtures of tests/assets/aseprite/ name it; the
 * sound-bank target works beside real WAV and Ogg files (tone.wav, beep.wav,
 * tone.ogg) written by the test fixtures' own code. The font target loads
 * each input as a font and, when it loads, lays out, measures and draws text
 * with it (its seed is a DejaVu font copied from /usr/share/fonts at
 * configure time, never committed). The reload target starts the game with
 * hot reload on and loads a good sprite file; each input is then written over
 * that file, which is reloaded in place (or refused, the old sprite kept):
 * besides the checks above, the sprite must stay registered and its frames
 * inside its sheet, whatever the edit.
 *
 *   fuzz_sprite_json CORPUS_DIR -runs=N      (see fuzz/README.md)
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <akgl/character.h>
#include <akgl/controller.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/particles.h>
#include <akgl/registry.h>
#include <akgl/reload.h>
#include <akgl/render.h>
#include <akgl/sound.h>
#include <akgl/sprite.h>
#include <akgl/text.h>
#include <akgl/tilemap.h>

#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <sys/stat.h>

#include <SDL3/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char workdir[512];
static char input_path[600];
static akgl_Renderer renderer;
#ifdef FUZZ_CONTROLLER
static akgl_Controller controller;
#endif
static int base_counts[AKGL_HEAP_LAYER_COUNT];
/* Actor, sprite, spritesheet, character, tilemap, sound: one slot each. */
#define NREGISTRIES 6
static int base_registries[NREGISTRIES];
static int base_contexts;
static bool base_live[AKGL_HEAP_LAYER_COUNT][AKGL_MAX_HEAP_SPRITE];

static void must(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "fuzz set-up: %s: %s\n%s", what, e->message, e->stacktracebuf);
        abort();
    }
}

static int layer_count(akgl_HeapLayer layer)
{
    int n = 0;
    must(akgl_heap_in_use(layer, &n), "in_use");
    return n;
}

static int registry_count(SDL_PropertiesID registry)
{
    int n = 0;
    must(akgl_registry_count(registry, &n), "count");
    return n;
}

static void registry_counts(int out[NREGISTRIES])
{
    out[0] = registry_count(AKGL_REGISTRY_ACTOR);
    out[1] = registry_count(AKGL_REGISTRY_SPRITE);
    out[2] = registry_count(AKGL_REGISTRY_SPRITESHEET);
    out[3] = registry_count(AKGL_REGISTRY_CHARACTER);
    out[4] = registry_count(AKGL_REGISTRY_TILEMAP);
    out[5] = registry_count(AKGL_REGISTRY_SOUND);
}

/* Copies the fixture sheet into the work dir, so inputs can name it. */
static void stage_sheet(const char *assets)
{
    char from[600], to[600];
    size_t len = 0;
    snprintf(from, sizeof(from), "%s/sheet_192x96_48.png", assets);
    snprintf(to, sizeof(to), "%s/sheet.png", workdir);
    void *png = SDL_LoadFile(from, &len);
    if (png == NULL || !SDL_SaveFile(to, png, len)) {
        fprintf(stderr, "fuzz set-up: cannot stage %s: %s\n", from, SDL_GetError());
        abort();
    }
    SDL_free(png);
}

#ifdef FUZZ_ASEPRITE
/* The sheet the Aseprite fixtures name ("../sheet_64x64_16.png" from a/). */
static void stage_aseprite_sheet(const char *assets)
{
    char from[600], to[600], dir[600];
    size_t len = 0;
    snprintf(from, sizeof(from), "%s/sheet_64x64_16.png", assets);
    snprintf(to, sizeof(to), "%s/sheet_64x64_16.png", workdir);
    snprintf(dir, sizeof(dir), "%s/a", workdir);
    void *png = SDL_LoadFile(from, &len);
    if (png == NULL || mkdir(dir, 0700) != 0 || !SDL_SaveFile(to, png, len)) {
        fprintf(stderr, "fuzz set-up: cannot stage %s: %s\n", from, SDL_GetError());
        abort();
    }
    SDL_free(png);
}
#endif

#ifdef FUZZ_SOUND
#include "../tests/akgl/sound_fixture.h"

/* The files the seed banks name, beside the input (resolved there). */
static void stage_sounds(void)
{
    static const float level = 0.25f;
    char path[700];
    snprintf(path, sizeof(path), "%s/tone.wav", workdir);
    bool ok = fx_write_wav(path, 1, 48000, 480, fx_level, &level);
    snprintf(path, sizeof(path), "%s/beep.wav", workdir);
    ok = ok && fx_write_wav_raw(path, 1, 2, 22050, 220, 220, fx_level, &level);
    snprintf(path, sizeof(path), "%s/tone.ogg", workdir);
    ok = ok && fx_write_ogg(path, 1, 44100, 4410, fx_level, &level);
    if (!ok) {
        fprintf(stderr, "fuzz set-up: cannot write the sound files\n");
        abort();
    }
}
#endif

#if defined(FUZZ_CHARACTER) || defined(FUZZ_EMITTER)
/* Sprites for characters to bind and emitters to show: "walk" and "stand". */
static void load_sprites(void)
{
    static const char *const defs[] = {"walk", "stand"};
    for (size_t i = 0; i < 2; i++) {
        char path[700], json[512];
        snprintf(path, sizeof(path), "%s/%s.json", workdir, defs[i]);
        snprintf(json, sizeof(json),
                 "{\"spritesheet\": {\"filename\": \"sheet.png\", \"frame_width\": 48, "
                 "\"frame_height\": 48}, \"name\": \"%s\", \"width\": 48, \"height\": 48, "
                 "\"speed\": 100, \"loop\": true, \"loopReverse\": false, \"frames\": [0, 1]}",
                 defs[i]);
        if (!SDL_SaveFile(path, json, strlen(json))) {
            abort();
        }
        must(akgl_sprite_load_json(path), "loading a fixture sprite");
    }
}
#endif

#if defined(FUZZ_TMJ) || defined(FUZZ_TMX) || defined(FUZZ_LDTK)
/* Copies one file of the assets into the work dir (sub-directories made). */
static void stage_file(const char *assets, const char *from, const char *to)
{
    char src[700], dst[700];
    size_t len = 0;
    snprintf(src, sizeof(src), "%s/%s", assets, from);
    snprintf(dst, sizeof(dst), "%s/%s", workdir, to);
    for (char *slash = strchr(dst + strlen(workdir) + 1, '/'); slash != NULL;
         slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        mkdir(dst, 0700);
        *slash = '/';
    }
    void *bytes = SDL_LoadFile(src, &len);
    if (bytes == NULL || !SDL_SaveFile(dst, bytes, len)) {
        fprintf(stderr, "fuzz set-up: cannot stage %s: %s\n", src, SDL_GetError());
        abort();
    }
    SDL_free(bytes);
}

/*
 * The input is a/b/input.tm?; the fixtures' external files sit where the
 * fixtures name them (tilesets/, templates/), and the images both one and two
 * levels up, so seeds from tests/assets/tilemaps/ and its enc/ and bad/
 * directories find what they reference. The images are loaded once here, so
 * an input that names them shares the registered sheets instead of decoding
 * a PNG per input.
 */
static void stage_tilemap_files(const char *assets)
{
    static const char *const images[] = {"tiles_32x32_8.png", "sheet_64x64_16.png",
                                         "sheet_192x96_48.png"};
    static const char *const refs[] = {"tilesets/terrain.tsj", "tilesets/props.tsx",
                                       "templates/coin.tj", "templates/sign.tx"};
    char to[600];
    for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
        akgl_SpriteSheet *sheet = NULL;
        char real[PATH_MAX];
        stage_file(assets, images[i], images[i]);
        snprintf(to, sizeof(to), "a/%s", images[i]);
        stage_file(assets, images[i], to);
        snprintf(to, sizeof(to), "%s/%s", workdir, images[i]);
        if (realpath(to, real) == NULL) {
            abort();
        }
        must(akgl_heap_next_spritesheet(&sheet), "sheet");
        must(akgl_spritesheet_initialize(sheet, 0, 0, real), "staged sheet");
    }
    for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++) {
        char from[600];
        snprintf(from, sizeof(from), "tilemaps/%s", refs[i]);
        snprintf(to, sizeof(to), "a/b/%s", refs[i]);
        stage_file(assets, from, to);
    }
}
#endif

#ifdef FUZZ_LDTK
/* An LDtk project's level files sit beside it: world_ext.ldtk's (its seed)
 * are staged where it names them, so that the seed loads its levels. */
static void stage_ldtk_files(const char *assets)
{
    stage_file(assets, "tilemaps/ldtk/world_ext/Level_0.ldtkl", "a/b/world_ext/Level_0.ldtkl");
    stage_file(assets, "tilemaps/ldtk/world_ext/Level_1.ldtkl", "a/b/world_ext/Level_1.ldtkl");
}
#endif

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* libFuzzer leaves through exit(): take the work directory with us. */
static void remove_workdir(void)
{
    nftw(workdir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

#ifdef FUZZ_RELOAD
/* The sprite every input replaces: two frames of sheet.png (4 x 2 cells of 48). */
static akgl_Sprite *watched;
static time_t edits = 1000000000; /* each input's modification time, one second on */

static void load_watched_sprite(void)
{
    static const char good[] =
        "{\"spritesheet\": {\"filename\": \"sheet.png\", \"frame_width\": 48, "
        "\"frame_height\": 48}, \"name\": \"watched\", \"width\": 48, \"height\": 48, "
        "\"speed\": 100, \"loop\": true, \"loopReverse\": false, \"frames\": [0, 1]}";
    void *found = NULL;
    if (!SDL_SaveFile(input_path, good, sizeof(good) - 1)) {
        abort();
    }
    must(akgl_sprite_load_json(input_path), "load the watched sprite");
    must(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "watched", &found), "find it");
    watched = found;
    if (watched == NULL) {
        abort();
    }
}

/* Writes the input over the watched file as an editor would, a second newer,
 * and reloads now: the reload must neither fail nor lose the sprite. */
static akerr_ErrorContext *reload_input(void)
{
    edits++;
    struct timespec when[2] = {{edits, 0}, {edits, 0}};
    int reloaded = 0, refused = 0;
    void *found = NULL;
    if (utimensat(AT_FDCWD, input_path, when, 0) != 0) {
        abort();
    }
    must(akgl_reload_check(&reloaded, &refused), "akgl_reload_check");
    if (reloaded + refused != 1) {
        fprintf(stderr, "one edit, %d reloaded and %d refused\n", reloaded, refused);
        abort();
    }
    must(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "watched", &found), "find it");
    if (found != watched) {
        fprintf(stderr, "the reloaded sprite is not the one actors hold\n");
        abort();
    }
    for (int i = 0; i < watched->frames; i++) {
        SDL_FRect cell;
        must(akgl_spritesheet_coords_for_frame(watched, watched->frameids[i], &cell),
             "a frame of the reloaded sprite");
    }
    return NULL;
}
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *assets = getenv("AKGL_TEST_ASSETS");
    snprintf(workdir, sizeof(workdir), "%s/akgl-fuzz-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (mkdtemp(workdir) == NULL) {
        abort();
    }
    atexit(remove_workdir);
#if defined(FUZZ_TMJ)
    snprintf(input_path, sizeof(input_path), "%s/a/b/input.tmj", workdir);
#elif defined(FUZZ_TMX)
    snprintf(input_path, sizeof(input_path), "%s/a/b/input.tmx", workdir);
#elif defined(FUZZ_LDTK)
    snprintf(input_path, sizeof(input_path), "%s/a/b/input.ldtk", workdir);
#elif defined(FUZZ_FONT)
    snprintf(input_path, sizeof(input_path), "%s/input.ttf", workdir);
#elif defined(FUZZ_ASEPRITE)
    snprintf(input_path, sizeof(input_path), "%s/a/input.json", workdir);
#else
    snprintf(input_path, sizeof(input_path), "%s/input.json", workdir);
#endif
#ifdef FUZZ_RELOAD
    akgl_GameConfig config = {0};
    config.hot_reload = true;
    must(akgl_game_init_with_config(&config), "akgl_game_init_with_config");
#else
    must(akgl_game_init(), "akgl_game_init");
#endif
    SDL_Surface *target = SDL_CreateSurface(64, 64, SDL_PIXELFORMAT_RGBA8888);
    SDL_Renderer *sdl = target ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (sdl == NULL) {
        abort();
    }
    must(akgl_render_2d_bind(&renderer, sdl), "bind");
    stage_sheet(assets ? assets : AKGL_FUZZ_ASSETS_DIR);
#if defined(FUZZ_TMJ) || defined(FUZZ_TMX) || defined(FUZZ_LDTK)
    stage_tilemap_files(assets ? assets : AKGL_FUZZ_ASSETS_DIR);
#endif
#ifdef FUZZ_LDTK
    stage_ldtk_files(assets ? assets : AKGL_FUZZ_ASSETS_DIR);
#endif
#if defined(FUZZ_CHARACTER) || defined(FUZZ_EMITTER)
    load_sprites();
#endif
#ifdef FUZZ_SOUND
    stage_sounds();
#endif
#ifdef FUZZ_ASEPRITE
    stage_aseprite_sheet(assets ? assets : AKGL_FUZZ_ASSETS_DIR);
#endif
#ifdef FUZZ_CONTROLLER
    akgl_Actor *player = NULL;
    must(akgl_heap_next_actor(&player), "actor");
    must(akgl_actor_initialize(player, "player"), "actor init");
    must(akgl_controller_initialize(&controller, player), "controller");
#endif
#ifdef FUZZ_RELOAD
    /* A refused edit is logged once per change: once per input here. */
    SDL_SetLogPriorities(SDL_LOG_PRIORITY_CRITICAL);
    load_watched_sprite();
#endif
    /* What must be true again after every input. */
    for (int l = 0; l < AKGL_HEAP_LAYER_COUNT; l++) {
        base_counts[l] = layer_count((akgl_HeapLayer)l);
    }
    for (int i = 0; i < AKGL_MAX_HEAP_SPRITE; i++) {
        base_live[AKGL_HEAP_SPRITE][i] = akgl_heap_sprites[i].refcount > 0;
    }
    for (int i = 0; i < AKGL_MAX_HEAP_CHARACTER; i++) {
        base_live[AKGL_HEAP_CHARACTER][i] = akgl_heap_characters[i].refcount > 0;
    }
    registry_counts(base_registries);
    base_contexts = akerr_contexts_in_use();
    return 0;
}

/* Gives back the game's reference on whatever the input loaded. */
static void release_loaded(void)
{
    /* A bank's sounds: none is live at the start. */
    for (int i = 0; i < AKGL_MAX_HEAP_SOUND; i++) {
        if (akgl_heap_sounds[i].refcount > 0) {
            must(akgl_heap_release_sound(&akgl_heap_sounds[i]), "release sound");
        }
    }
    for (int i = 0; i < AKGL_MAX_HEAP_CHARACTER; i++) {
        if (akgl_heap_characters[i].refcount > 0 && !base_live[AKGL_HEAP_CHARACTER][i]) {
            must(akgl_heap_release_character(&akgl_heap_characters[i]), "release character");
        }
    }
    for (int i = 0; i < AKGL_MAX_HEAP_SPRITE; i++) {
        if (akgl_heap_sprites[i].refcount > 0 && !base_live[AKGL_HEAP_SPRITE][i]) {
            must(akgl_heap_release_sprite(&akgl_heap_sprites[i]), "release sprite");
        }
    }
}

static void check_nothing_left(void)
{
    int regs[NREGISTRIES];
    for (int l = 0; l < AKGL_HEAP_LAYER_COUNT; l++) {
        int n = layer_count((akgl_HeapLayer)l);
        if (n != base_counts[l]) {
            fprintf(stderr, "LEAK: heap layer %d has %d live slots, %d before\n", l, n,
                    base_counts[l]);
            abort();
        }
    }
    registry_counts(regs);
    if (memcmp(regs, base_registries, sizeof(regs)) != 0) {
        fprintf(stderr, "LEAK: registries (actor/sprite/sheet/character/tilemap/sound) hold "
                "%d/%d/%d/%d/%d/%d entries, %d/%d/%d/%d/%d/%d before\n", regs[0], regs[1],
                regs[2], regs[3], regs[4], regs[5], base_registries[0], base_registries[1],
                base_registries[2], base_registries[3], base_registries[4], base_registries[5]);
        abort();
    }
    if (akerr_contexts_in_use() != base_contexts) {
        fprintf(stderr, "LEAK: %d error contexts live, %d before\n", akerr_contexts_in_use(),
                base_contexts);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!SDL_SaveFile(input_path, data, size)) {
        abort();
    }
#if defined(FUZZ_SPRITE)
    akerr_ErrorContext *e = akgl_sprite_load_json(input_path);
#elif defined(FUZZ_CHARACTER)
    akerr_ErrorContext *e = akgl_character_load_json(input_path);
#elif defined(FUZZ_PROPERTIES)
    akerr_ErrorContext *e = akgl_registry_load_properties(input_path);
#elif defined(FUZZ_CONTROLLER)
    akerr_ErrorContext *e = akgl_controller_load_json(&controller, input_path);
#elif defined(FUZZ_SOUND)
    akerr_ErrorContext *e = akgl_sound_load_json(input_path);
#elif defined(FUZZ_ASEPRITE)
    akerr_ErrorContext *e = akgl_sprite_load_aseprite(input_path);
#elif defined(FUZZ_RELOAD)
    akerr_ErrorContext *e = reload_input();
#elif defined(FUZZ_TMJ) || defined(FUZZ_TMX) || defined(FUZZ_LDTK)
    akgl_Tilemap *map = NULL;
#if defined(FUZZ_TMJ)
    akerr_ErrorContext *e = akgl_tilemap_load_json(input_path, &map);
#elif defined(FUZZ_LDTK)
    /* The first level, the IntGrid's solid values by name and number. */
    akerr_ErrorContext *e = akgl_tilemap_load_ldtk(input_path, NULL, "ground,2", &map);
    if (e != NULL && e->status == AKERR_KEY) {
        /* A project without those names: every non-zero value. */
        e = akerr_release_error(e);
        e = akgl_tilemap_load_ldtk(input_path, NULL, NULL, &map);
    }
#else
    akerr_ErrorContext *e = akgl_tilemap_load_tmx(input_path, &map);
#endif
    if (e == NULL) {
        if (map == NULL || map->refcount != 1) {
            fprintf(stderr, "a loaded map without its one reference\n");
            abort();
        }
        must(akgl_heap_release_tilemap(map), "release tilemap");
    } else if (map != NULL) {
        fprintf(stderr, "a failed load wrote *dest\n");
        abort();
    }
#elif defined(FUZZ_EMITTER)
    akgl_EmitterDef def;
    memset(&def, 0x5a, sizeof(def));
    akerr_ErrorContext *e = akgl_emitter_def_load(input_path, &def);
    if (e == NULL) {
        /* A definition that loads starts, bursts and goes again. */
        akgl_Emitter *em = NULL;
        must(akgl_emitter_start(&def, 1.0f, 1.0f, &em), "start a loaded emitter");
        must(akgl_emitter_burst(em, 10), "burst");
        must(akgl_emitter_release(em), "release the emitter");
        must(akgl_emitter_def_release(&def), "release the definition");
    } else if (def.burst != 0x5a5a5a5a) {
        fprintf(stderr, "a failed emitter load wrote *dest\n");
        abort();
    }
#elif defined(FUZZ_FONT)
    akgl_Font *font = NULL;
    akerr_ErrorContext *e = akgl_font_load(input_path, 14.0f, &font);
    if (e == NULL) {
        /* A face that loads is used: laid out, wrapped, drawn (the glyph
         * atlas), each refusal a clear error like a load's. */
        static const char *const texts[] = {"Hello, fuzz!", "\xc3\x84\xce\xa9 \xe2\x82\xac 0123",
                                            "a long line that wraps\nand a second"};
        int w = 0, h = 0;
        for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
            akerr_ErrorContext *t = akgl_text_measure_wrapped(font, texts[i], 40, &w, &h);
            if (t == NULL) {
                t = akgl_text_draw(font, texts[i], 1.0f, 1.0f,
                                   (SDL_Color){255, 255, 255, 255});
            }
            if (t != NULL) {
                if (t->status == 0 || t->message[0] == '\0') {
                    fprintf(stderr, "a text error without status or message\n");
                    abort();
                }
                t = akerr_release_error(t);
            }
        }
        must(akgl_heap_release_font(font), "release font");
    } else if (font != NULL) {
        fprintf(stderr, "a failed font load wrote *dest\n");
        abort();
    }
#else
#error "define FUZZ_SPRITE, FUZZ_CHARACTER, FUZZ_PROPERTIES, FUZZ_CONTROLLER, FUZZ_SOUND, FUZZ_TMJ, FUZZ_TMX, FUZZ_LDTK, FUZZ_FONT, FUZZ_EMITTER, FUZZ_ASEPRITE or FUZZ_RELOAD"
#endif
    if (e != NULL) {
        /* A refusal must say something: a status and a message. */
        if (e->status == 0 || e->message[0] == '\0') {
            fprintf(stderr, "an error without status or message\n");
            abort();
        }
        e = akerr_release_error(e);
    }
    release_loaded();
    check_nothing_left();
    return 0;
}
