/*
 * The fault-injection harness (docs/19-reliability.md): every loader runs
 * with the k-th allocation (SDL's and jansson's), file open, file read or
 * image decode failing, for k = 1, 2, ... until a run sees no fault. After
 * each failed run:
 *   - the loader returned an error with a status and a message;
 *   - every pool, registry, texture and context count is at its baseline,
 *     and the loader's own target is unchanged (the row's check);
 *   - SDL's subsystems are initialized as they were (SDL_WasInit);
 *   - for a row marked `again` (the sound start), a clean run right after
 *     works: the failure left nothing in the way of the next start;
 *   - no net allocation: blocks allocated minus blocks freed on this thread
 *     is zero.
 * A run whose fault was absorbed (an SDL allocation SDL can do without)
 * must have loaded exactly what a clean run loads.
 *
 * One row per loader (the tilemap readers run a map with external tilesets
 * and templates, so both parsers and expat are faulted). To add one:
 * write setup/load/check_loaded/unload/check_unchanged for it below and add
 * a ROW() line to `rows`; nothing else changes. AKGL_FAULT_STRIDE=N in the
 * environment runs every N-th k only (the valgrind job samples with it);
 * AKGL_FAULT_ROW=name runs that row only (e.g. "sound start", to repeat it);
 * AKGL_FAULT_SHOW=1 prints every failure that is not ENOMEM, and
 * AKGL_FAULT_FIRST=k starts at that k (with a stride, to look at one run).
 *
 * The rows marked "libc" fail libc's malloc, calloc and realloc instead
 * (fault_libc.c replaces them for this program), whoever calls them:
 * libpng, expat, zlib, libvorbis, FreeType, HarfBuzz, and SDL and jansson
 * underneath. They run in the plain gcc and clang builds only.
 */
#define _XOPEN_SOURCE 700

#include <akgl/controller.h>
#include <akgl/fault.h>
#include <akgl/sound.h>
#include <akgl/text.h>
#include <akgl/tilemap.h>

#include <SDL3_image/SDL_image.h>

#include "image_private.h"
#include "sound_fixture.h"
#include "sound_load.h"
#include "sound_private.h"
#include "sprite_fixture.h"
#include "text_font_private.h"

#define SPRITES SF_SPRITES
#define PROPS AKGL_TEST_ASSETS_DIR "/properties/good.json"
#define HERO AKGL_TEST_ASSETS_DIR "/characters/hero.json"
#define INPUT AKGL_TEST_ASSETS_DIR "/input/good.json"

typedef struct FaultRow
{
    const char *name;
    const char *path;
    void (*setup)(void);                    /* before the baseline, unarmed */
    akerr_ErrorContext *(*load)(const char *path);
    bool (*loaded)(void);                   /* a clean load's result is all there */
    void (*unload)(void);                   /* gives back what load made */
    bool (*unchanged)(void);                /* a failed load changed nothing */
    void (*teardown)(void);
    bool again;                             /* a clean load after each failed one */
    unsigned int kinds;                     /* what fails: AKGL_FAULT_ALL or _LIBC */
    const char *not_yet;                    /* why it does not run yet; NULL: it runs */
} FaultRow;

/* ---- sprite ------------------------------------------------------------- */

static akerr_ErrorContext *load_sprite(const char *path) { return akgl_sprite_load_json(path); }

static bool sprite_loaded(void)
{
    akgl_Sprite *s = sf_sprite("hero standing down");
    return s != NULL && s->width == 48 && s->frames == 1 && s->sheet != NULL &&
           s->sheet->texture_w == 192 && s->sheet->texture_h == 96;
}

static void sprite_unload(void)
{
    IGNORE(akgl_heap_release_sprite(sf_sprite("hero standing down")));
}

static bool sprite_unchanged(void) { return sf_sprite("hero standing down") == NULL; }

/* ---- Aseprite sheet data: four tags, four sprites on one sheet ---------- */

#define ASEPRITE AKGL_TEST_ASSETS_DIR "/aseprite/hero.json"
static const char *const ase_tags[] = {"hero/walk", "hero/back", "hero/bob", "hero/once"};

static akerr_ErrorContext *load_aseprite(const char *path)
{
    return akgl_sprite_load_aseprite(path);
}

static bool aseprite_loaded(void)
{
    for (size_t i = 0; i < SDL_arraysize(ase_tags); i++) {
        akgl_Sprite *s = sf_sprite(ase_tags[i]);
        if (s == NULL || s->sheet == NULL || s->sheet->texture_w != 64 || !s->frame_rects) {
            return false;
        }
    }
    return sf_sprite("hero/walk")->frames == 3 && sf_sprite("hero/walk")->sheet->refcount == 4;
}

static void aseprite_unload(void)
{
    for (size_t i = 0; i < SDL_arraysize(ase_tags); i++) {
        IGNORE(akgl_heap_release_sprite(sf_sprite(ase_tags[i])));
    }
}

/* Not one of the four: a failure while claiming released those made. */
static bool aseprite_unchanged(void)
{
    for (size_t i = 0; i < SDL_arraysize(ase_tags); i++) {
        if (sf_sprite(ase_tags[i]) != NULL) {
            return false;
        }
    }
    return true;
}

/* ---- character (needs its two sprites) ---------------------------------- */

static void character_setup(void)
{
    IGNORE(akgl_sprite_load_json(SPRITES "/hero_standing_left.json"));
    IGNORE(akgl_sprite_load_json(SPRITES "/hero_walking_left.json"));
}

static void character_teardown(void)
{
    IGNORE(akgl_heap_release_sprite(sf_sprite("hero standing left")));
    IGNORE(akgl_heap_release_sprite(sf_sprite("hero walking left")));
}

static akerr_ErrorContext *load_character(const char *path)
{
    return akgl_character_load_json(path);
}

static bool character_loaded(void)
{
    akgl_Character *c = sf_character("hero");
    return c != NULL && c->state_sprites != 0;
}

static void character_unload(void) { IGNORE(akgl_heap_release_character(sf_character("hero"))); }

static bool character_unchanged(void) { return sf_character("hero") == NULL; }

/* ---- properties --------------------------------------------------------- */

static const char *const prop_keys[] = {"test.good.title", "test.good.width",
                                        "test.good.empty", "test.good.gravity"};
static const char *const prop_values[] = {"A Small Game", "1024", "", "9.8"};

static akerr_ErrorContext *load_properties(const char *path)
{
    return akgl_registry_load_properties(path);
}

static bool properties_loaded(void)
{
    for (size_t i = 0; i < SDL_arraysize(prop_keys); i++) {
        const char *v = SDL_GetStringProperty(AKGL_REGISTRY_PROPERTIES, prop_keys[i], NULL);
        if (v == NULL || strcmp(v, prop_values[i]) != 0) {
            return false;
        }
    }
    /* jansson 2.14 could drop a key's last byte and still succeed. */
    return !SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "test.good.titl");
}

static void properties_unload(void)
{
    for (size_t i = 0; i < SDL_arraysize(prop_keys); i++) {
        SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, prop_keys[i]);
    }
}

static int property_count(void)
{
    int n = 0;
    IGNORE(akgl_registry_count(AKGL_REGISTRY_PROPERTIES, &n));
    return n;
}

static int properties_baseline;

static void properties_setup(void) { properties_baseline = property_count(); }

static bool properties_unchanged(void) { return property_count() == properties_baseline; }

/* ---- controller --------------------------------------------------------- */

static akgl_Controller controller;
static akgl_Controller controller_empty;

static void controller_setup(void)
{
    IGNORE(akgl_controller_initialize(&controller, NULL));
    controller_empty = controller;
}

static void controller_teardown(void) { IGNORE(akgl_controller_release(&controller)); }

static akerr_ErrorContext *load_controller(const char *path)
{
    return akgl_controller_load_json(&controller, path);
}

static bool controller_loaded(void) { return controller.nbindings == 10 && controller.nactions == 2; }

static void controller_unload(void)
{
    IGNORE(akgl_controller_clear_bindings(&controller));
}

static bool controller_unchanged(void)
{
    return memcmp(&controller, &controller_empty, sizeof(controller)) == 0;
}

static void nothing(void) {}

/* ---- tilemap, both readers ---------------------------------------------- */

#define MAP_JSON AKGL_TEST_ASSETS_DIR "/tilemaps/features.tmj"
#define MAP_TMX AKGL_TEST_ASSETS_DIR "/tilemaps/features.tmx"
/* An LDtk level saved apart: the project, its .ldtkl and the tileset image. */
#define MAP_LDTK AKGL_TEST_ASSETS_DIR "/tilemaps/ldtk/world_ext.ldtk"

static akgl_Tilemap *map;

static akerr_ErrorContext *load_tmj(const char *path) { return akgl_tilemap_load_json(path, &map); }
static akerr_ErrorContext *load_tmx(const char *path) { return akgl_tilemap_load_tmx(path, &map); }
static akerr_ErrorContext *load_ldtk(const char *path)
{
    return akgl_tilemap_load_ldtk(path, "Level_0", "ground,water", &map);
}

static bool map_loaded(void)
{
    return map != NULL && map->refcount == 1 && map->nlayers > 0 && map->ntilesets > 0;
}

static void map_unload(void)
{
    if (map != NULL) {
        IGNORE(akgl_heap_release_tilemap(map));
        map = NULL;
    }
}

static bool map_unchanged(void)
{
    int n = -1;
    IGNORE(akgl_heap_in_use(AKGL_HEAP_TILEMAP, &n));
    return map == NULL && n == 0;
}

/* ---- sound bank: WAV (float, 48 kHz mono; float, 22.05 kHz stereo) and Ogg */

static char bank_path[PATH_MAX];
static const char *const bank_names[] = {"tone", "theme", "beep"};

/* The bank of tests/assets/sound/bank.json, its files written beside it by
 * the sound suite's own fixture code: three decoders' paths and two
 * conversions (22.05 and 44.1 kHz to the device rate). */
static void bank_setup(void)
{
    static const fx_tone a440 = {0.5f, 440.0f, 48000};
    static const fx_tone a440_22k = {0.5f, 440.0f, 22050};
    static const float half = 0.5f;
    char path[PATH_MAX];
    sf_path(path, "tone.wav");
    CHECK(fx_write_wav(path, 1, 48000, 4800, fx_cosine, &a440));
    sf_path(path, "beep.wav");
    CHECK(fx_write_wav(path, 2, 22050, 2205, fx_cosine, &a440_22k));
    sf_path(path, "tone.ogg");
    CHECK(fx_write_ogg(path, 2, 44100, 4410, fx_level, &half));
    sf_path(bank_path, "bank.json");
    sf_copy(AKGL_TEST_ASSETS_DIR "/sound/bank.json", "bank.json");
    /* Each decoder alone, for the libc rows. */
    static const char wav_bank[] = "{\"sounds\": [{\"name\": \"tone\", \"file\": \"tone.wav\"}, "
                                   "{\"name\": \"beep\", \"file\": \"beep.wav\"}]}";
    static const char ogg_bank[] = "{\"sounds\": [{\"name\": \"theme\", \"file\": \"tone.ogg\"}]}";
    fx_write("bank_wav.json", wav_bank, sizeof(wav_bank) - 1);
    fx_write("bank_ogg.json", ogg_bank, sizeof(ogg_bank) - 1);
    /* No sound is loaded: each run makes the loaders' converter (one SDL
     * audio stream) afresh and the unload destroys it with the last sound,
     * so SDL_CreateAudioStream is faulted too (tools/patches/sdl3). */
}

static akerr_ErrorContext *load_bank(const char *path)
{
    (void)path; /* written at setup, in the scratch directory */
    return akgl_sound_load_json(bank_path);
}

/* The bank of one decoder: path names the scratch file. */
static akerr_ErrorContext *load_bank_of(const char *path)
{
    char full[PATH_MAX];
    sf_path(full, path);
    return akgl_sound_load_json(full);
}

static bool sound_there(const char *name)
{
    akgl_Sound *snd = NULL;
    akerr_ErrorContext *e = akgl_sound_get(name, &snd);
    bool ok = e == NULL && snd != NULL && snd->frames > 0 && snd->samples != NULL;
    RELEASE_ERROR(e);
    return ok;
}

static bool bank_wav_loaded(void) { return sound_there("tone") && sound_there("beep"); }

/* The Ogg row's sound as a clean load decodes it, recorded by the first
 * check (the warm-up load's, which nothing faults): a load that absorbed a
 * fault must give the same frames, sample for sample, not just a sound. */
static int64_t ogg_clean_frames;
static uint64_t ogg_clean_hash;

static uint64_t samples_hash(const akgl_Sound *snd)
{
    const unsigned char *p = (const unsigned char *)snd->samples;
    size_t n = (size_t)snd->frames * 2 * sizeof(float);
    uint64_t h = 14695981039346656037ull; /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h = (h ^ p[i]) * 1099511628211ull;
    }
    return h;
}

static bool bank_ogg_loaded(void)
{
    akgl_Sound *snd = NULL;
    if (!sound_there("theme")) {
        return false;
    }
    akerr_ErrorContext *e = akgl_sound_get("theme", &snd);
    RELEASE_ERROR(e);
    uint64_t h = samples_hash(snd);
    if (ogg_clean_frames == 0) {
        ogg_clean_frames = snd->frames;
        ogg_clean_hash = h;
    }
    return snd->frames == ogg_clean_frames && h == ogg_clean_hash;
}

static bool bank_loaded(void)
{
    for (size_t i = 0; i < SDL_arraysize(bank_names); i++) {
        akgl_Sound *snd = NULL;
        akerr_ErrorContext *e = akgl_sound_get(bank_names[i], &snd);
        bool ok = e == NULL && snd != NULL && snd->frames > 0 && snd->samples != NULL;
        RELEASE_ERROR(e);
        if (!ok) {
            return false;
        }
    }
    return true;
}

static void bank_unload(void)
{
    for (size_t i = 0; i < SDL_arraysize(bank_names); i++) {
        akgl_Sound *snd = NULL;
        akerr_ErrorContext *e = akgl_sound_get(bank_names[i], &snd);
        if (e == NULL && snd != NULL) {
            IGNORE(akgl_heap_release_sound(snd));
        }
        RELEASE_ERROR(e);
    }
}

static bool bank_unchanged(void)
{
    int n = -1, r = -1;
    IGNORE(akgl_heap_in_use(AKGL_HEAP_SOUND, &n));
    IGNORE(akgl_registry_count(AKGL_REGISTRY_SOUND, &r));
    return n == 0 && r == 0;
}

/* ---- font: the file, the face, the text engine, the text cache, and the
 * first draw: its checks, its layout, its glyphs' upload to the atlas and
 * its geometry queued on the renderer --------------------------------------- */

#define FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
/* Wrapped at a width, so there are lines to lay out; accents and a
 * ligature-prone pair for HarfBuzz's shaping. */
#define FONT_TEXT "Fault row: Hello, world! \xC3\xA9t\xC3\xA9 ffi 0123456789"
#define FONT_WRAP 200

static akgl_Font *font;
static SDL_Surface *font_picture; /* the clean run's pixels */

/* The canvas back to blank, nothing of a failed draw left queued. Unarmed. */
static void canvas_reset(void)
{
    CHECK(SDL_FlushRenderer(sf_canvas.sdl));
    CHECK(SDL_FillSurfaceRect(sf_canvas.surface, NULL, 0));
}

static akerr_ErrorContext *load_font(const char *path)
{
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    style.wrap_width = FONT_WRAP;
    akerr_ErrorContext *e = akgl_font_load(path, 16.0f, &font);
    if (e == NULL) {
        e = akgl_text_draw_styled(font, FONT_TEXT, 4.0f, 4.0f, &style);
        if (e != NULL) {
            /* A failed draw gives the font back, as a game's level load would. */
            IGNORE(akgl_heap_release_font(font));
            font = NULL;
        }
    }
    return e;
}

/* The picture now, flushed from the renderer's queue. Unarmed. */
static bool picture_is(const SDL_Surface *want)
{
    if (!SDL_FlushRenderer(sf_canvas.sdl)) {
        return false;
    }
    const SDL_Surface *got = sf_canvas.surface;
    for (int y = 0; y < got->h; y++) {
        if (memcmp((const Uint8 *)got->pixels + (size_t)y * got->pitch,
                   (const Uint8 *)want->pixels + (size_t)y * want->pitch,
                   (size_t)got->w * 4) != 0) {
            return false;
        }
    }
    return true;
}

static void font_setup(void)
{
    canvas_reset();
    CHECK_OK(load_font(FONT));
    CHECK(SDL_FlushRenderer(sf_canvas.sdl));
    font_picture = SDL_DuplicateSurface(sf_canvas.surface);
    CHECK(font_picture != NULL);
    /* Some ink: a picture of nothing would compare equal to a failed draw. */
    int ink = 0;
    for (int y = 0; font_picture != NULL && y < font_picture->h; y++) {
        for (int x = 0; x < font_picture->w; x++) {
            ink += ((const Uint32 *)((const Uint8 *)font_picture->pixels +
                                     (size_t)y * font_picture->pitch))[x] != 0;
        }
    }
    CHECK_MSG(ink > 500, "the clean draw left %d pixels of ink", ink);
    IGNORE(akgl_heap_release_font(font));
    font = NULL;
    canvas_reset();
}

static void font_teardown(void)
{
    SDL_DestroySurface(font_picture);
    font_picture = NULL;
}

static bool font_loaded(void)
{
    akgl_FontStats st;
    int n = -1;
    IGNORE(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
    return font != NULL && n == 1 && akgl_font_stats(font, &st) == NULL && st.misses == 1 &&
           font_picture != NULL && picture_is(font_picture);
}

static void font_unload(void)
{
    if (font != NULL) {
        IGNORE(akgl_heap_release_font(font));
        font = NULL;
    }
    canvas_reset();
}

static bool font_unchanged(void)
{
    int n = -1;
    IGNORE(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
    canvas_reset(); /* what a draw that failed half-way queued is not checked */
    return font == NULL && n == 0;
}

/* The font load alone, faulted; a load that reports success must draw the
 * clean run's picture (drawn unarmed, here). FreeType and HarfBuzz get by
 * without some blocks of a face and say nothing: such a font failed to load
 * glyphs later, or laid text out wrong for its life. */
static akerr_ErrorContext *load_font_only(const char *path)
{
    return akgl_font_load(path, 16.0f, &font);
}

static bool font_only_loaded(void)
{
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    style.wrap_width = FONT_WRAP;
    int n = -1;
    IGNORE(akgl_heap_in_use(AKGL_HEAP_FONT, &n));
    if (font == NULL || n != 1) {
        return false;
    }
    canvas_reset();
    akerr_ErrorContext *e = akgl_text_draw_styled(font, FONT_TEXT, 4.0f, 4.0f, &style);
    bool ok = e == NULL && picture_is(font_picture);
    RELEASE_ERROR(e);
    canvas_reset();
    return ok;
}

/* ---- the default font's first draw: its atlas made for the renderer, and
 * its glyphs queued ---------------------------------------------------------- */

#define DEFAULT_TEXT "Fault row: the default font\nwraps at 120 pixels, \xC3\xA9 is a box"

static SDL_Surface *default_picture; /* the clean run's pixels */

static akerr_ErrorContext *load_default_font(const char *path)
{
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    (void)path;
    style.wrap_width = 120;
    return akgl_text_draw_styled(NULL, DEFAULT_TEXT, 4.0f, 4.0f, &style);
}

static void default_font_setup(void)
{
    akgl_pixel_font_release();
    canvas_reset();
    CHECK_OK(load_default_font(NULL));
    CHECK(SDL_FlushRenderer(sf_canvas.sdl));
    default_picture = SDL_DuplicateSurface(sf_canvas.surface);
    CHECK(default_picture != NULL);
    int ink = 0;
    for (int y = 0; default_picture != NULL && y < default_picture->h; y++) {
        for (int x = 0; x < default_picture->w; x++) {
            ink += ((const Uint32 *)((const Uint8 *)default_picture->pixels +
                                     (size_t)y * default_picture->pitch))[x] != 0;
        }
    }
    CHECK_MSG(ink > 500, "the clean draw left %d pixels of ink", ink);
    akgl_pixel_font_release();
    canvas_reset();
}

static void default_font_teardown(void)
{
    SDL_DestroySurface(default_picture);
    default_picture = NULL;
}

static bool default_font_loaded(void)
{
    return akgl_pixel_font_atlas_renderer() == sf_canvas.sdl && default_picture != NULL &&
           picture_is(default_picture);
}

static void default_font_unload(void)
{
    akgl_pixel_font_release();
    canvas_reset();
}

static bool default_font_unchanged(void)
{
    canvas_reset(); /* what a draw that failed half-way queued is not checked */
    return akgl_pixel_font_atlas_renderer() == NULL;
}

/* ---- streamed music: the open (the file as an SDL_IOStream, vorbisfile's
 * headers, the converter, the first chunks decoded and rewound). A failed
 * open leaves no stream slot taken and nothing playing; a clean one plays
 * on the dummy device until the unload stops it and closes the file. */

static void music_setup(void)
{
    static const fx_tone a440 = {0.5f, 440.0f, 44100};
    char path[PATH_MAX];
    sf_path(path, "music.ogg");
    CHECK(fx_write_ogg(path, 2, 44100, 44100, fx_cosine, &a440));
}

static akgl_Voice music_voice;

static akerr_ErrorContext *load_music(const char *path)
{
    char full[PATH_MAX];
    sf_path(full, path);
    return akgl_sound_music_play_file(full, 1.0f, 0, &music_voice);
}

static bool music_playing(void)
{
    akgl_VoiceState state = AKGL_VOICE_ENDED;
    akerr_ErrorContext *e = akgl_sound_voice_state(music_voice, &state);
    RELEASE_ERROR(e);
    akgl_sound_reap();
    return state == AKGL_VOICE_PLAYING && akgl_sound_streams_open() == 1;
}

static void music_unload(void)
{
    IGNORE(akgl_sound_music_stop(0));
}

static bool music_unchanged(void)
{
    akgl_sound_reap();
    akerr_ErrorContext *e = akgl_sound_music_check();
    bool failed = e != NULL;
    RELEASE_ERROR(e);
    return akgl_sound_streams_open() == 0 && !failed;
}

/* ---- sound start: the lock, the voice table, each voice's stream -------- */

/* The game started sound (AKGL_TEST_BEGIN): each run starts it afresh, on the
 * dummy driver, SDL's audio start (its audio and event subsystems, the
 * device and its thread) included; a failed start must leave sound stopped:
 * no device, no voices, SDL's audio subsystem released (run_row checks
 * SDL_WasInit), and the next start must work (the row is marked `again`). */
static void sound_setup(void) { CHECK_OK(akgl_sound_stop()); }

static void sound_teardown(void) { CHECK_OK(akgl_sound_start(0)); }

static akerr_ErrorContext *load_sound_start(const char *path)
{
    (void)path;
    return akgl_sound_start(0);
}

static bool sound_started(void)
{
    bool device = false;
    int rate = 0, voices = 0;
    IGNORE(akgl_sound_status(&device, &rate, &voices));
    return device && rate == AKGL_SOUND_DEVICE_RATE && voices == AKGL_SOUND_DEFAULT_VOICES;
}

static void sound_unload(void) { IGNORE(akgl_sound_stop()); }

static bool sound_not_started(void)
{
    bool device = true;
    int voices = -1;
    IGNORE(akgl_sound_status(&device, NULL, &voices));
    return !device && voices == 0 && (SDL_WasInit(SDL_INIT_AUDIO) & SDL_INIT_AUDIO) == 0;
}

#define ROW(name, path, setup, load, loaded, unload, unchanged, teardown) \
    {name, path, setup, load, loaded, unload, unchanged, teardown, false, AKGL_FAULT_ALL, NULL}
#define ROW_AGAIN(name, path, setup, load, loaded, unload, unchanged, teardown) \
    {name, path, setup, load, loaded, unload, unchanged, teardown, true, AKGL_FAULT_ALL, NULL}
/* libc's allocations only (fault_libc.c): every block any library asks
 * malloc for, SDL's and jansson's underneath included. */
#define ROW_LIBC(name, path, setup, load, loaded, unload, unchanged, teardown) \
    {name, path, setup, load, loaded, unload, unchanged, teardown, false, AKGL_FAULT_LIBC, NULL}
/* A row that still fails (or crashes, in a dependency): not run unless
 * AKGL_FAULT_ROW names it; `why` says what stands in the way. */
#define ROW_LIBC_NOT_YET(name, path, setup, load, loaded, unload, unchanged, teardown, why) \
    {name, path, setup, load, loaded, unload, unchanged, teardown, false, AKGL_FAULT_LIBC, why}

static const FaultRow rows[] = {
    ROW("sprite", SPRITES "/hero_standing_down.json", nothing, load_sprite, sprite_loaded,
        sprite_unload, sprite_unchanged, nothing),
    ROW("aseprite", ASEPRITE, nothing, load_aseprite, aseprite_loaded, aseprite_unload,
        aseprite_unchanged, nothing),
    ROW("character", HERO, character_setup, load_character, character_loaded, character_unload,
        character_unchanged, character_teardown),
    ROW("properties", PROPS, properties_setup, load_properties, properties_loaded,
        properties_unload, properties_unchanged, nothing),
    ROW("controller", INPUT, controller_setup, load_controller, controller_loaded,
        controller_unload, controller_unchanged, controller_teardown),
    ROW("tilemap (JSON)", MAP_JSON, nothing, load_tmj, map_loaded, map_unload, map_unchanged,
        nothing),
    ROW("tilemap (TMX)", MAP_TMX, nothing, load_tmx, map_loaded, map_unload, map_unchanged,
        nothing),
    ROW("tilemap (LDtk)", MAP_LDTK, nothing, load_ldtk, map_loaded, map_unload, map_unchanged,
        nothing),
    ROW("sound bank", "bank.json", bank_setup, load_bank, bank_loaded, bank_unload,
        bank_unchanged, nothing),
    ROW("font and its first draw", FONT, font_setup, load_font, font_loaded, font_unload,
        font_unchanged, font_teardown),
    ROW("default font's first draw", "", default_font_setup, load_default_font,
        default_font_loaded, default_font_unload, default_font_unchanged,
        default_font_teardown),
    ROW("streamed music", "music.ogg", music_setup, load_music, music_playing, music_unload,
        music_unchanged, nothing),
    ROW_AGAIN("sound start", "", sound_setup, load_sound_start, sound_started, sound_unload,
              sound_not_started, sound_teardown),
    ROW_LIBC("image (libc)", SPRITES "/hero_standing_down.json", nothing, load_sprite,
             sprite_loaded, sprite_unload, sprite_unchanged, nothing),
    ROW_LIBC("tilemap (JSON, libc)", MAP_JSON, nothing, load_tmj, map_loaded, map_unload,
             map_unchanged, nothing),
    ROW_LIBC("tilemap (TMX, libc)", MAP_TMX, nothing, load_tmx, map_loaded, map_unload,
             map_unchanged, nothing),
    ROW_LIBC("tilemap (LDtk, libc)", MAP_LDTK, nothing, load_ldtk, map_loaded, map_unload,
             map_unchanged, nothing),
    ROW_LIBC("sound WAV (libc)", "bank_wav.json", bank_setup, load_bank_of, bank_wav_loaded,
             bank_unload, bank_unchanged, nothing),
    /* Needs our libvorbis (tools/patches/libvorbis): Debian 12's crashes at
     * k = 24, the first allocation vorbisfile makes. */
    ROW_LIBC("sound Ogg (libc)", "bank_ogg.json", bank_setup, load_bank_of, bank_ogg_loaded,
             bank_unload, bank_unchanged, nothing),
    ROW_LIBC("streamed music (libc)", "music.ogg", music_setup, load_music, music_playing,
             music_unload, music_unchanged, nothing),
    ROW_LIBC("default font's first draw (libc)", "", default_font_setup, load_default_font,
             default_font_loaded, default_font_unload, default_font_unchanged,
             default_font_teardown),
    ROW_LIBC("font load (libc)", FONT, font_setup, load_font_only, font_only_loaded,
             font_unload, font_unchanged, font_teardown),
    ROW_LIBC("font and its first draw (libc)", FONT, font_setup, load_font, font_loaded,
             font_unload, font_unchanged, font_teardown),
};

static long stride(void)
{
    const char *s = SDL_getenv("AKGL_FAULT_STRIDE");
    long n = s ? SDL_strtol(s, NULL, 10) : 1;
    return n > 0 ? n : 1;
}

static const char *kind_name(unsigned int kind)
{
    switch (kind) {
    case AKGL_FAULT_ALLOC: return "allocation";
    case AKGL_FAULT_OPEN: return "open";
    case AKGL_FAULT_READ: return "read";
    case AKGL_FAULT_IMAGE: return "image";
    case AKGL_FAULT_LIBC: return "libc allocation";
    }
    return "?";
}

static void run_row(const FaultRow *row)
{
    akgl_FaultReport rep;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    long failed = 0, absorbed = 0, enomem = 0;
    long step = stride();

    row->setup();
    /* Warm-up: SDL and libc fill their caches on a first load. */
    CHECK_MSG(test_status_of_(row->load(row->path), msg) == 0, "%s: clean load: %s", row->name,
              msg);
    CHECK_MSG(row->loaded(), "%s: a clean load did not load it", row->name);
    row->unload();
    SfCounts base = sf_counts_now();
    SDL_InitFlags sdl_base = SDL_WasInit(0);

    const char *first = SDL_getenv("AKGL_FAULT_FIRST");
    long k0 = first != NULL ? SDL_strtol(first, NULL, 10) : 1;
    for (long k = k0 > 0 ? k0 : 1;; k += step) {
        CHECK_OK(akgl_fault_arm(row->kinds, k));
        int status = test_status_of_(row->load(row->path), msg);
        CHECK_OK(akgl_fault_disarm(&rep));
        if (!rep.fired) {
            CHECK_MSG(status == 0, "%s: no fault at k=%ld, yet status %d: %s", row->name, k,
                      status, msg);
            CHECK_MSG(row->loaded(), "%s: the clean run at k=%ld did not load it", row->name, k);
            row->unload();
            fprintf(stderr, "  %s: %ld events; %ld failed cleanly (%ld ENOMEM), %ld absorbed\n",
                    row->name, rep.events, failed, enomem, absorbed);
            break;
        }
        if (status == 0) {
            /* SDL did without that block: then the result must be whole. */
            absorbed++;
            /* What it loaded is live until unloaded: count the unload too,
             * and the check (a font's draws blocks its unload frees). */
            long kept = rep.net_allocations;
            unsigned int kind = rep.kind;
            CHECK_OK(akgl_fault_arm(row->kinds & (AKGL_FAULT_ALLOC | AKGL_FAULT_LIBC), 0));
            bool whole = row->loaded();
            row->unload();
            CHECK_OK(akgl_fault_disarm(&rep));
            rep.net_allocations += kept;
            rep.kind = kind;
            CHECK_MSG(whole, "%s: k=%ld (%s) reported success but loaded it wrong", row->name,
                      k, kind_name(kind));
            CHECK_MSG(kind == AKGL_FAULT_ALLOC || kind == AKGL_FAULT_LIBC,
                      "%s: k=%ld: a failed %s was ignored", row->name, k, kind_name(kind));
        } else {
            failed++;
            enomem += status == ENOMEM;
            if (status != ENOMEM && SDL_getenv("AKGL_FAULT_SHOW") != NULL) {
                fprintf(stderr, "  %s: k=%ld (%s): status %d: %s\n", row->name, k,
                        kind_name(rep.kind), status, msg);
            }
            CHECK_MSG(msg[0] != '\0', "%s: k=%ld (%s): status %d with no message", row->name, k,
                      kind_name(rep.kind), status);
            CHECK_MSG(strstr(msg, ":-1:-1:") == NULL, "%s: k=%ld (%s): \"%s\"", row->name, k,
                      kind_name(rep.kind), msg);
            if (rep.kind == AKGL_FAULT_ALLOC || rep.kind == AKGL_FAULT_LIBC) {
                /* Out of memory must say so, never look like a syntax error. */
                CHECK_MSG(status != AKERR_FORMAT, "%s: k=%ld: allocation failure reported as "
                          "a format error: \"%s\"", row->name, k, msg);
                /* Nor as any other fault of the file's ("width" is a string
                 * ("8") when jansson could not make the number): ENOMEM, or
                 * at least a message that says memory ran out. */
                CHECK_MSG(status == ENOMEM || SDL_strcasestr(msg, "out of memory") != NULL,
                          "%s: k=%ld: allocation failure reported as status %d: \"%s\"",
                          row->name, k, status, msg);
            }
            CHECK_MSG(row->unchanged(), "%s: k=%ld (%s) failed but changed its target: \"%s\"",
                      row->name, k, kind_name(rep.kind), msg);
            if (row->again) {
                CHECK_MSG(test_status_of_(row->load(row->path), msg) == 0,
                          "%s: k=%ld (%s): the load after the failed one: %s", row->name, k,
                          kind_name(rep.kind), msg);
                CHECK_MSG(row->loaded(), "%s: k=%ld (%s): the load after the failed one did "
                          "not load it", row->name, k, kind_name(rep.kind));
                row->unload();
            }
        }
        CHECK_MSG(rep.net_allocations == 0, "%s: k=%ld (%s): %ld blocks not given back",
                  row->name, k, kind_name(rep.kind), rep.net_allocations);
        SfCounts now = sf_counts_now();
        CHECK_MSG(memcmp(&now, &base, sizeof(now)) == 0, "%s: k=%ld (%s): counts changed",
                  row->name, k, kind_name(rep.kind));
        CHECK_MSG(SDL_WasInit(0) == sdl_base, "%s: k=%ld (%s): SDL's subsystems 0x%x, were 0x%x",
                  row->name, k, kind_name(rep.kind), (unsigned)SDL_WasInit(0),
                  (unsigned)sdl_base);
        if (k > 100000) {
            CHECK_MSG(false, "%s: still failing at k=%ld", row->name, k);
            break;
        }
    }
    row->teardown();
}

static void test_every_fault_of_every_loader(void)
{
    const char *only = SDL_getenv("AKGL_FAULT_ROW");
    int ran = 0;
    for (size_t i = 0; i < SDL_arraysize(rows); i++) {
        if (only != NULL && strcmp(only, rows[i].name) != 0) {
            continue;
        }
        if (only == NULL && rows[i].not_yet != NULL) {
            fprintf(stderr, "  %s: not run yet: %s\n", rows[i].name, rows[i].not_yet);
            continue;
        }
#ifndef AKGL_FAULT_LIBC_REPLACED
        if (rows[i].kinds & AKGL_FAULT_LIBC) {
            /* ASan, valgrind and TSan own malloc: fault_libc.c is not built. */
            fprintf(stderr, "  %s: skipped (libc's allocator is not replaced in this build)\n",
                    rows[i].name);
            ran++;
            continue;
        }
#endif
        run_row(&rows[i]);
        ran++;
    }
    CHECK_MSG(ran > 0, "AKGL_FAULT_ROW=\"%s\" names no row", only ? only : "");
}

/*
 * Our fixes to SDL 3.2.10 (tools/patches/sdl3, docs/19), each tested where
 * it is: both fail against an unpatched SDL (a leak; a crash).
 *
 * SDL_CreateAudioStream with each of its allocations failing in turn gives
 * every block back: it used to free its audio queue with SDL_free when its
 * mutex could not be made, losing the queue's two track blocks.
 */
static void test_sdl_audio_stream_gives_back_every_block(void)
{
    static const SDL_AudioSpec src = {SDL_AUDIO_S16, 1, 22050};
    static const SDL_AudioSpec dst = {SDL_AUDIO_F32, 2, 48000};
    akgl_FaultReport rep;
    long k = 1;

    SDL_DestroyAudioStream(SDL_CreateAudioStream(&src, &dst)); /* warm-up */
    for (;; k++) {
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, k));
        SDL_AudioStream *stream = SDL_CreateAudioStream(&src, &dst);
        CHECK_OK(akgl_fault_disarm(&rep));
        long net = rep.net_allocations;
        bool fired = rep.fired;
        if (stream != NULL) {
            CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 0));
            SDL_DestroyAudioStream(stream);
            CHECK_OK(akgl_fault_disarm(&rep));
            net += rep.net_allocations;
        }
        CHECK_MSG(net == 0, "k=%ld: %ld blocks not given back (stream %s)", k, net,
                  stream != NULL ? "made" : "not made");
        if (!fired) {
            CHECK_MSG(stream != NULL, "no fault at k=%ld, yet no stream: %s", k, SDL_GetError());
            break;
        }
        if (k > 1000) {
            CHECK_MSG(false, "still failing at k=%ld", k);
            break;
        }
    }
    fprintf(stderr, "  SDL_CreateAudioStream: %ld allocations, each failed in turn\n", k - 1);
}

/*
 * SDL_CreateThread with each of its allocations failing in turn either fails
 * (NULL, "Out of memory", nothing left) or starts the thread with its
 * arguments: it passes them on in a property set, and used to ignore a
 * failed write, starting the thread with a NULL userdata (the audio device
 * thread then crashed on its NULL device) or without its name (0007).
 */
static int thread_cookie;

static int SDLCALL thread_reports_its_userdata(void *data)
{
    return data == &thread_cookie ? 7 : -7;
}

static void test_sdl_thread_starts_with_its_arguments_or_not_at_all(void)
{
#ifdef TEST_NO_THREADS
    TEST_SKIP(TEST_NO_THREADS);
#endif
    static const char name[] = "akgl-fault-thread";
    akgl_FaultReport rep;
    long k = 1;

    /* warm-up */
    SDL_WaitThread(SDL_CreateThread(thread_reports_its_userdata, name, &thread_cookie), NULL);
    for (;; k++) {
        int status = 0;
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, k));
        SDL_Thread *thread = SDL_CreateThread(thread_reports_its_userdata, name, &thread_cookie);
        CHECK_OK(akgl_fault_disarm(&rep));
        long net = rep.net_allocations;
        bool fired = rep.fired;
        /* (SDL_GetThreadName keeps a copy of the name: asked unarmed.) */
        const char *got = thread != NULL ? SDL_GetThreadName(thread) : NULL;
        bool named = got != NULL && strcmp(got, name) == 0;
        const char *error = thread == NULL ? SDL_GetError() : "";
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 0));
        SDL_WaitThread(thread, &status);
        CHECK_OK(akgl_fault_disarm(&rep));
        net += rep.net_allocations;
        CHECK_MSG(net == 0, "k=%ld: %ld blocks not given back", k, net);
        if (thread != NULL) {
            CHECK_MSG(status == 7, "k=%ld: the thread started without its userdata", k);
            CHECK_MSG(named, "k=%ld: the thread started named \"%s\"", k, got ? got : "(none)");
        } else {
            CHECK_MSG(fired, "no fault at k=%ld, yet no thread: %s", k, error);
            CHECK_MSG(strstr(error, "Out of memory") != NULL, "k=%ld: no thread, and \"%s\"", k,
                      error);
        }
        if (!fired) {
            break;
        }
        if (k > 1000) {
            CHECK_MSG(false, "still failing at k=%ld", k);
            break;
        }
    }
    fprintf(stderr, "  SDL_CreateThread: %ld allocations, each failed in turn\n", k - 1);
}

/*
 * SDL_OpenAudioDevice with each of its allocations failing in turn, the
 * audio subsystem kept and 0 to 7 other devices open (so the device table
 * grows at some open): every failed open gives back every block. It used
 * to lose the logical device (and keep the physical one open) when its ID
 * could not be recorded (0008). The thread-start failures are here too
 * (0007: the device must then fail to open, cleanly).
 */
static void test_sdl_audio_open_gives_back_every_block(void)
{
    static const SDL_AudioSpec want = {SDL_AUDIO_F32, 2, AKGL_SOUND_DEVICE_RATE};
    SDL_AudioDeviceID others[7];
    akgl_FaultReport rep;
    long runs = 0, failed = 0;

    CHECK_OK(akgl_sound_stop());
    CHECK(SDL_InitSubSystem(SDL_INIT_AUDIO));
    for (int n = 0; n <= (int)SDL_arraysize(others); n++) {
        for (long k = 1;; k++) {
            runs++;
            CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, k));
            SDL_AudioDeviceID dev = SDL_OpenAudioDevice(SDL_AUDIO_DEVICE_DEFAULT_PLAYBACK, &want);
            CHECK_OK(akgl_fault_disarm(&rep));
            long net = rep.net_allocations;
            bool fired = rep.fired;
            if (dev != 0) {
                CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 0));
                SDL_CloseAudioDevice(dev);
                CHECK_OK(akgl_fault_disarm(&rep));
                net += rep.net_allocations;
            } else {
                failed++;
            }
            CHECK_MSG(net == 0, "%d other devices, k=%ld: %ld blocks not given back (device %s)",
                      n, k, net, dev != 0 ? "opened" : "not opened");
            if (!fired) {
                CHECK_MSG(dev != 0, "no fault at k=%ld, yet no device: %s", k, SDL_GetError());
                break;
            }
            if (k > 1000) {
                CHECK_MSG(false, "still failing at k=%ld", k);
                break;
            }
        }
        if (n < (int)SDL_arraysize(others)) {
            others[n] = SDL_OpenAudioDevice(SDL_AUDIO_DEVICE_DEFAULT_PLAYBACK, &want);
            CHECK(others[n] != 0);
        }
    }
    for (int n = 0; n < (int)SDL_arraysize(others); n++) {
        SDL_CloseAudioDevice(others[n]);
    }
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    CHECK(!(SDL_WasInit(SDL_INIT_AUDIO) & SDL_INIT_AUDIO));
    CHECK_OK(akgl_sound_start(0));
    fprintf(stderr, "  SDL_OpenAudioDevice: %ld runs with 0..7 other devices open, %ld failed\n",
            runs, failed);
}

/*
 * SDL_AddHintCallback for a hint that has no entry yet, with each of its
 * allocations failing in turn: either it reports success, has called the
 * callback and calls it on a change, or it reports failure, has not called
 * it, and has left nothing. It used to write into the hint its property's
 * cleanup had freed, call the callback, and leak its entry (0009).
 */
static void SDLCALL count_hint_calls(void *userdata, const char *name, const char *old,
                                     const char *value)
{
    (void)name;
    (void)old;
    (void)value;
    (*(int *)userdata)++;
}

static void test_sdl_hint_callback_without_memory(void)
{
    akgl_FaultReport rep;
    char name[64];
    long k = 1;

    for (;; k++) {
        int calls = 0;
        snprintf(name, sizeof(name), "AKGL_FAULT_TEST_HINT_%ld", k);
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, k));
        bool added = SDL_AddHintCallback(name, count_hint_calls, &calls);
        CHECK_OK(akgl_fault_disarm(&rep));
        if (added) {
            CHECK_MSG(calls == 1, "k=%ld: added, and called %d times", k, calls);
            CHECK(SDL_SetHint(name, "1"));
            CHECK_MSG(calls == 2, "k=%ld: added, but not called on a change", k);
            SDL_RemoveHintCallback(name, count_hint_calls, &calls);
            /* The hint's entry stays with SDL's hints until they quit. */
        } else {
            CHECK_MSG(calls == 0, "k=%ld: not added, yet called %d times", k, calls);
            CHECK_MSG(rep.net_allocations == 0, "k=%ld: not added, and %ld blocks not given back",
                      k, rep.net_allocations);
        }
        if (!rep.fired) {
            CHECK_MSG(added, "no fault at k=%ld, yet not added: %s", k, SDL_GetError());
            break;
        }
        if (k > 1000) {
            CHECK_MSG(false, "still failing at k=%ld", k);
            break;
        }
    }
    fprintf(stderr, "  SDL_AddHintCallback: %ld allocations, each failed in turn\n", k - 1);
}

/*
 * A sheet's image, loaded with each allocation failing in turn on a renderer
 * whose first texture format has no alpha (XRGB8888, as a window's software
 * framebuffer is here), either fails with ENOMEM or draws exactly as a clean
 * load does: SDL_CreateTextureFromSurface passes the format it chose to
 * SDL_CreateTextureWithProperties in a property set, and ignored a failed
 * write; the texture then came out in the renderer's first format, opaque,
 * and the sheet's transparent pixels drew over the scene, with success
 * (0010). The image: its left half opaque red, its right half green with
 * alpha 0.
 */
#define ALPHA_PNG "fault_alpha.png"

/* Draws the image at (0, 0) over blue; true when the left half is red and
 * the right half blue, as the clean load draws it. */
static bool draws_right(SDL_Renderer *r, SDL_Texture *texture)
{
    SDL_FRect dst = {0, 0, 8, 8};
    SDL_SetRenderDrawColor(r, 0, 0, 255, 255);
    SDL_RenderClear(r);
    SDL_RenderTexture(r, texture, NULL, &dst);
    SDL_Surface *got = SDL_RenderReadPixels(r, NULL);
    bool right = got != NULL;
    for (int y = 0; right && y < 8; y++) {
        for (int x = 0; x < 8; x++) {
            Uint8 red = 0, green = 0, blue = 0, alpha = 0;
            right = SDL_ReadSurfacePixel(got, x, y, &red, &green, &blue, &alpha)
                    && red == (x < 4 ? 255 : 0) && green == 0 && blue == (x < 4 ? 0 : 255);
            if (!right) {
                break;
            }
        }
    }
    SDL_DestroySurface(got);
    return right;
}

static void test_an_image_without_memory_draws_right_or_not_at_all(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    akgl_FaultReport rep;
    long k = 1, failed = 0, absorbed = 0;
    SDL_Surface *image = SDL_CreateSurface(8, 8, SDL_PIXELFORMAT_RGBA32);
    SDL_Surface *framebuffer = SDL_CreateSurface(16, 16, SDL_PIXELFORMAT_XRGB8888);
    CHECK(image != NULL && framebuffer != NULL);
    SDL_Rect half = {0, 0, 4, 8};
    CHECK(SDL_FillSurfaceRect(image, NULL, SDL_MapSurfaceRGBA(image, 0, 255, 0, 0)));
    CHECK(SDL_FillSurfaceRect(image, &half, SDL_MapSurfaceRGBA(image, 255, 0, 0, 255)));
    CHECK(IMG_SavePNG(image, ALPHA_PNG));
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(framebuffer);
    CHECK(r != NULL);

    SDL_Texture *texture = NULL;
    CHECK_OK(akgl_image_load_texture(r, ALPHA_PNG, &texture)); /* warm-up, and the reference */
    CHECK_MSG(draws_right(r, texture), "a clean load draws it wrong");
    SDL_DestroyTexture(texture);
    for (;; k++) {
        texture = NULL;
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, k));
        int status = test_status_of_(akgl_image_load_texture(r, ALPHA_PNG, &texture), msg);
        CHECK_OK(akgl_fault_disarm(&rep));
        long net = rep.net_allocations;
        bool fired = rep.fired;
        if (status == 0) {
            absorbed += fired;
            CHECK_MSG(draws_right(r, texture), "k=%ld: loaded, and draws wrong", k);
            CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 0));
            SDL_DestroyTexture(texture);
            CHECK_OK(akgl_fault_disarm(&rep));
            net += rep.net_allocations;
        } else {
            failed++;
            CHECK_MSG(status == ENOMEM, "k=%ld: status %d: %s", k, status, msg);
            CHECK_MSG(texture == NULL, "k=%ld: failed, and a texture", k);
        }
        CHECK_MSG(net == 0, "k=%ld: %ld blocks not given back", k, net);
        if (!fired) {
            CHECK_MSG(status == 0, "no fault at k=%ld, yet status %d: %s", k, status, msg);
            break;
        }
        if (k > 1000) {
            CHECK_MSG(false, "still failing at k=%ld", k);
            break;
        }
    }
    SDL_DestroyRenderer(r);
    SDL_DestroySurface(framebuffer);
    SDL_DestroySurface(image);
    SDL_RemovePath(ALPHA_PNG);
    fprintf(stderr, "  an image on an XRGB8888 renderer: %ld runs; %ld failed with ENOMEM, "
            "%ld absorbed\n", k, failed, absorbed);
}

/* Elements of three sizes, for SDL_qsort's three paths: int (one word),
 * 12 bytes (aligned, several words) and 3 bytes (not aligned). */
typedef struct Wide
{
    int key, a, b;
} Wide;
typedef struct Narrow
{
    unsigned char key[2], tag;
} Narrow;

static int SDLCALL cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}
static int SDLCALL cmp_wide(const void *x, const void *y)
{
    return cmp_int(&((const Wide *)x)->key, &((const Wide *)y)->key);
}
static int SDLCALL cmp_narrow(const void *x, const void *y)
{
    const Narrow *a = x, *b = y;
    int ka = a->key[0] << 8 | a->key[1], kb = b->key[0] << 8 | b->key[1];
    return (ka > kb) - (ka < kb);
}

#define QSORT_N 997

/* Sorts base with its pivot allocation failing; true when that allocation
 * was the one failed. */
static bool qsort_failing(void *base, size_t size, SDL_CompareCallback cmp)
{
    akgl_FaultReport rep;
    CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 1));
    SDL_qsort(base, QSORT_N, size, cmp);
    CHECK_OK(akgl_fault_disarm(&rep));
    CHECK_INT_EQ(rep.net_allocations, 0);
    return rep.fired && rep.events == 1;
}

/*
 * SDL_qsort with its one allocation (the pivot) failing still sorts, on each
 * of its three paths: it used to dereference the NULL pivot (SDL3_ttf sorts
 * every text layout with it). The elements keep their payloads: a sort that
 * lost or duplicated one would break the sums.
 */
static void test_sdl_qsort_sorts_without_memory(void)
{
    static int ints[QSORT_N];
    static Wide wide[QSORT_N];
    static Narrow narrow[QSORT_N];
    long sum_before = 0, sum_after = 0;

    for (int i = 0; i < QSORT_N; i++) {
        int key = (int)((i * 7919L + 13) % QSORT_N) - QSORT_N / 2; /* a permutation */
        ints[i] = key;
        wide[i] = (Wide){key, key * 3, i};
        narrow[i] = (Narrow){{(unsigned char)((key + 600) >> 8), (unsigned char)(key + 600)},
                             (unsigned char)i};
        sum_before += i;
    }
    CHECK(qsort_failing(ints, sizeof(int), cmp_int));
    CHECK(qsort_failing(wide, sizeof(Wide), cmp_wide));
    CHECK(qsort_failing(narrow, sizeof(Narrow), cmp_narrow));
    for (int i = 0; i < QSORT_N; i++) {
        int key = i - QSORT_N / 2;
        CHECK_MSG(ints[i] == key, "ints[%d] = %d, expected %d", i, ints[i], key);
        CHECK_MSG(wide[i].key == key && wide[i].a == key * 3, "wide[%d] = {%d, %d}", i,
                  wide[i].key, wide[i].a);
        CHECK_MSG(cmp_narrow(&narrow[i], &(Narrow){{(unsigned char)((key + 600) >> 8),
                                                    (unsigned char)(key + 600)}, 0}) == 0,
                  "narrow[%d] out of place", i);
        sum_after += wide[i].b;
    }
    CHECK_INT_EQ(sum_after, sum_before);
}

/*
 * A glyph SDL3_ttf cannot cache for want of memory is ENOMEM saying so, not
 * a damaged font (text.c's check_glyphs used to call it AKERR_FORMAT "a
 * damaged font?"); the text takes no cache entry, and once memory is back
 * the same text lays out.
 */
static void test_a_glyph_without_memory_is_enomem(void)
{
    akgl_FaultReport rep;
    akgl_FontStats st;
    CHECK_OK(akgl_font_load(FONT, 16.0f, &font));
    /* The first allocation of a fresh character's metrics is SDL3_ttf's
     * block for the glyph in its cache. */
    CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 1));
    akerr_ErrorContext *e = akgl_text_measure(font, "Q", NULL, NULL);
    CHECK_OK(akgl_fault_disarm(&rep));
    CHECK(rep.fired);
    CHECK_STATUS_MSG(e, ENOMEM, "out of memory loading the glyph for U+0051");
    CHECK_INT_EQ(rep.net_allocations, 0);
    CHECK_OK(akgl_font_stats(font, &st));
    CHECK_INT_EQ(st.misses, 0);
    int w = 0, h = 0;
    CHECK_OK(akgl_text_measure(font, "Q", &w, &h));
    CHECK(w > 0 && h > 0);
    CHECK_OK(akgl_heap_release_font(font));
    font = NULL;
}

/*
 * The first draw of a font with its k-th allocation failing, for every k,
 * on a font that stays loaded: the draw fails with ENOMEM or draws the
 * clean picture; a failed one draws the clean picture once memory is back
 * (nothing SDL3_ttf cached for the font on the way is half-made); and the
 * font's release gives back every block the load, the draws and the
 * retry took.
 */
static void test_a_draw_without_memory_draws_right_after(void)
{
    akgl_TextStyle style = AKGL_TEXT_STYLE_DEFAULT;
    akgl_FaultReport rep;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    long failed = 0, absorbed = 0, k = 1, runs = 0;
    long step = stride();

    style.wrap_width = FONT_WRAP;
    canvas_reset();
    CHECK_OK(akgl_font_load(FONT, 16.0f, &font));
    CHECK_OK(akgl_text_draw_styled(font, FONT_TEXT, 4.0f, 4.0f, &style));
    CHECK(SDL_FlushRenderer(sf_canvas.sdl));
    SDL_Surface *want = SDL_DuplicateSurface(sf_canvas.surface);
    CHECK_OK(akgl_heap_release_font(font));
    font = NULL;
    canvas_reset();
    for (; want != NULL; k += step) {
        runs++;
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 0));
        CHECK_OK(akgl_font_load(FONT, 16.0f, &font));
        CHECK_OK(akgl_fault_disarm(&rep));
        long net = rep.net_allocations;

        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, k));
        int status = test_status_of_(
            akgl_text_draw_styled(font, FONT_TEXT, 4.0f, 4.0f, &style), msg);
        CHECK_OK(akgl_fault_disarm(&rep));
        net += rep.net_allocations;
        bool fired = rep.fired;

        if (status != 0) {
            failed++;
            CHECK_MSG(fired, "k=%ld: no fault, yet status %d: %s", k, status, msg);
            CHECK_MSG(status == ENOMEM, "k=%ld: status %d, not ENOMEM: \"%s\"", k, status, msg);
            canvas_reset();
        } else {
            absorbed += fired;
            CHECK_MSG(picture_is(want), "k=%ld: the draw reported success but drew it wrong", k);
            canvas_reset();
        }
        CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALLOC, 0));
        status = test_status_of_(akgl_text_draw_styled(font, FONT_TEXT, 4.0f, 4.0f, &style), msg);
        CHECK_MSG(status == 0, "k=%ld: the draw after the fault: status %d: %s", k, status, msg);
        CHECK_MSG(picture_is(want), "k=%ld: the draw after the fault drew it wrong", k);
        CHECK_OK(akgl_heap_release_font(font));
        font = NULL;
        CHECK_OK(akgl_fault_disarm(&rep));
        net += rep.net_allocations;
        canvas_reset();
        CHECK_MSG(net == 0, "k=%ld: %ld blocks not given back", k, net);
        if (!fired) {
            break;
        }
        if (k > 1000) {
            CHECK_MSG(false, "still failing at k=%ld", k);
            break;
        }
    }
    fprintf(stderr, "  the first draw: %ld runs to k = %ld; %ld failed with ENOMEM, %ld absorbed\n",
            runs, k, failed, absorbed);
    SDL_DestroySurface(want);
}

static void test_switch_arguments(void)
{
    akgl_FaultReport rep;
    CHECK_STATUS(akgl_fault_arm(AKGL_FAULT_ALL, -1), AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_fault_arm(0x100, 1), AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_fault_disarm(&rep), AKERR_BEHAVIOR);
    CHECK_OK(akgl_fault_arm(AKGL_FAULT_OPEN, 0));
    CHECK_STATUS(akgl_fault_arm(AKGL_FAULT_OPEN, 1), AKERR_BEHAVIOR);
    CHECK_STATUS(akgl_sprite_load_json(SPRITES "/not_json.json"), AKERR_FORMAT);
    CHECK_OK(akgl_fault_disarm(&rep));
    CHECK_INT_EQ(rep.events, 1);
    CHECK(!rep.fired);
    CHECK_OK(akgl_fault_arm(AKGL_FAULT_OPEN, 1));
    CHECK_STATUS_MSG(akgl_sprite_load_json(SPRITES "/not_json.json"), EIO, "injected fault");
    CHECK_OK(akgl_fault_disarm(&rep));
    CHECK(rep.fired);
    CHECK_INT_EQ(rep.kind, AKGL_FAULT_OPEN);
#ifdef AKGL_FAULT_LIBC_REPLACED
    /* libc's allocator, replaced by fault_libc.c: the k-th malloc fails as
     * libc's does (NULL, errno ENOMEM), and blocks are counted. */
    /* Called through a volatile pointer: clang takes malloc for a builtin
     * that writes no memory the caller can see, errno included, and would
     * read back the 0 stored before the call. */
    void *(*volatile alloc)(size_t) = malloc;
    CHECK_OK(akgl_fault_arm(AKGL_FAULT_LIBC, 2));
    void *volatile first = alloc(24); /* volatile: no malloc/free pair elided */
    errno = 0;
    void *volatile second = alloc(24);
    int err = errno;
    free(first);
    CHECK_OK(akgl_fault_disarm(&rep));
    CHECK(first != NULL);
    CHECK(second == NULL);
    CHECK_INT_EQ(err, ENOMEM);
    CHECK(rep.fired);
    CHECK_INT_EQ(rep.kind, AKGL_FAULT_LIBC);
    CHECK_INT_EQ(rep.events, 2);
    CHECK_INT_EQ(rep.net_allocations, 0);
    CHECK_OK(akgl_fault_arm(AKGL_FAULT_LIBC, 0));
    void *volatile kept = calloc(4, 8);
    void *volatile grown = realloc(kept, 4096);
    CHECK_OK(akgl_fault_disarm(&rep));
    CHECK(grown != NULL);
    CHECK_INT_EQ(rep.events, 2);
    CHECK_INT_EQ(rep.net_allocations, 1);
    free(grown);
#endif
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_switch_arguments);
    RUN_TEST(test_every_fault_of_every_loader);
    RUN_TEST(test_sdl_audio_stream_gives_back_every_block);
    RUN_TEST(test_sdl_thread_starts_with_its_arguments_or_not_at_all);
    RUN_TEST(test_sdl_audio_open_gives_back_every_block);
    RUN_TEST(test_sdl_hint_callback_without_memory);
    RUN_TEST(test_an_image_without_memory_draws_right_or_not_at_all);
    RUN_TEST(test_sdl_qsort_sorts_without_memory);
    RUN_TEST(test_a_glyph_without_memory_is_enomem);
    RUN_TEST(test_a_draw_without_memory_draws_right_after);
    sf_unbind_renderer();
    sf_end();
    return AKGL_TEST_END();
}
