/*
 * Every JSON file shipped under examples/assets/ loads, and releases cleanly
 * (SYSTEM.md, defect 15: the sample data of the original did not load).
 *
 * Files are found by walking the directory, so a new sample is tested the day
 * it is added. Each is classified by its keys ("spritesheet": a sprite;
 * "sprite_mappings": a character; "sounds": a sound bank; "keys" or "actions":
 * a controller (examples/assets/input/); "life" and "color_start": a particle
 * emitter; "frames" and an object "meta": an Aseprite data file, a sprite per
 * tag; anything else fails), sprites are loaded first, then characters,
 * then emitters; banks and controllers on their own. Every frame of every sprite must lie on its sheet,
 * and the littleguy character must map the nine states of chapter 11's table.
 */
#define _XOPEN_SOURCE 700

#include <akgl/actor.h>
#include <akgl/controller.h>
#include <akgl/json.h>
#include <akgl/particles.h>
#include <akgl/sound.h>
#include <akstdlib.h>

#include "sprite_fixture.h"

#ifndef AKGL_EXAMPLES_ASSETS_DIR
#error "AKGL_EXAMPLES_ASSETS_DIR must name examples/assets"
#endif

#define MAX_SAMPLES 64
#define MAX_TAGS 8 /* of one Aseprite sample */

typedef struct Sample
{
    char path[PATH_MAX];
    char name[AKGL_SPRITE_MAX_NAME_LENGTH];
    bool character;
    bool bank;
    bool controller;
    bool emitter;
    bool aseprite;                                  /* names: one sprite per tag */
    char tags[MAX_TAGS][AKGL_SPRITE_MAX_NAME_LENGTH]; /* "<stem>/<tag>" */
    int ntags;
} Sample;

static Sample samples[MAX_SAMPLES];
static int nsamples;
static int unknown_kind;

/* Notes the sample a regular file is, when it is a .json: 0, or 1 to stop. */
static int collect(const char *path)
{
    size_t len = strlen(path);
    if (len < 5 || strcmp(path + len - 5, ".json") != 0) {
        return 0;
    }
    if (nsamples == MAX_SAMPLES) {
        fprintf(stderr, "more than %d samples: raise MAX_SAMPLES\n", MAX_SAMPLES);
        return 1;
    }
    Sample *s = &samples[nsamples];
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    const char *name = root ? json_string_value(json_object_get(root, "name")) : NULL;
    if (root != NULL && json_object_get(root, "frames") != NULL &&
        json_is_object(json_object_get(root, "meta"))) {
        /* Aseprite: its sprites are "<stem>/<tag>", the stem the file's name. */
        char base[PATH_MAX];
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        if (test_status_of_(aksl_basename(path, base, sizeof(base)), msg) != 0) {
            fprintf(stderr, "%s\n", msg);
            return 1;
        }
        int stem = (int)(strlen(base) - 5);
        json_t *tags = json_object_get(json_object_get(root, "meta"), "frameTags");
        s->aseprite = true;
        for (size_t t = 0; t < json_array_size(tags) && s->ntags < MAX_TAGS; t++) {
            snprintf(s->tags[s->ntags++], sizeof(s->tags[0]), "%.*s/%s", stem, base,
                     json_string_value(json_object_get(json_array_get(tags, t), "name")));
        }
        name = s->ntags > 0 ? s->tags[0] : NULL;
    } else if (root != NULL && json_object_get(root, "spritesheet") != NULL) {
        s->character = false;
    } else if (root != NULL && json_object_get(root, "sprite_mappings") != NULL) {
        s->character = true;
    } else if (root != NULL && json_object_get(root, "sounds") != NULL) {
        s->bank = true;
        name = "sound bank";
    } else if (root != NULL && (json_object_get(root, "keys") != NULL ||
                                json_object_get(root, "actions") != NULL)) {
        s->controller = true;
        name = "controller";
    } else if (root != NULL && json_object_get(root, "life") != NULL &&
               json_object_get(root, "color_start") != NULL) {
        s->emitter = true; /* a particle emitter (docs/26-particles.md) */
        name = "emitter";
    } else {
        fprintf(stderr, "%s is neither a sprite nor a character\n", path);
        unknown_kind++;
    }
    snprintf(s->path, sizeof(s->path), "%s", path);
    snprintf(s->name, sizeof(s->name), "%s", name ? name : "");
    json_decref(root);
    nsamples++;
    return 0;
}

static void test_every_sample_is_a_sprite_or_a_character(void)
{
    int sprites = 0, characters = 0, banks = 0;
    CHECK_INT_EQ(unknown_kind, 0);
    for (int i = 0; i < nsamples; i++) {
        CHECK_MSG(samples[i].name[0] != '\0', "%s has no \"name\"", samples[i].path);
        if (samples[i].bank || samples[i].controller || samples[i].emitter) {
            banks++;
        } else if (samples[i].character) {
            characters++;
        } else {
            sprites++;
        }
    }
    CHECK(sprites >= 8 + 1 + 10); /* littleguy's, hero's, the showcase's (not the knight's:
                                     * they are inline in knight.json) */
    CHECK(characters >= 1 + 4);
    CHECK(banks >= 1);
}

static void test_the_sheet_is_the_generated_fixture(void)
{
    size_t a_len = 0, b_len = 0;
    void *a = SDL_LoadFile(AKGL_EXAMPLES_ASSETS_DIR "/littleguy.png", &a_len);
    void *b = SDL_LoadFile(SF_SHEET_192, &b_len);
    CHECK(a != NULL && b != NULL);
    CHECK_MSG(a != NULL && b != NULL && a_len == b_len && memcmp(a, b, a_len) == 0,
              "examples/assets/littleguy.png is not a copy of tests/assets/sheet_192x96_48.png");
    SDL_free(a);
    SDL_free(b);
}

/* Loads every sample of one kind; each must register under its name. */
static void load_kind(bool character)
{
    for (int i = 0; i < nsamples; i++) {
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        if (samples[i].character != character || samples[i].bank || samples[i].controller ||
            samples[i].emitter) {
            continue;
        }
        akerr_ErrorContext *e = character            ? akgl_character_load_json(samples[i].path)
                                : samples[i].aseprite ? akgl_sprite_load_aseprite(samples[i].path)
                                                      : akgl_sprite_load_json(samples[i].path);
        int status = test_status_of_(e, msg);
        CHECK_MSG(status == 0, "%s does not load: %s", samples[i].path, msg);
        for (int t = 1; t < samples[i].ntags; t++) {
            CHECK_MSG(sf_sprite(samples[i].tags[t]) != NULL, "%s did not register \"%s\"",
                      samples[i].path, samples[i].tags[t]);
        }
        void *found = character ? (void *)sf_character(samples[i].name)
                                : (void *)sf_sprite(samples[i].name);
        CHECK_MSG(found != NULL, "%s did not register \"%s\"", samples[i].path, samples[i].name);
    }
}

static void release_kind(bool character)
{
    for (int i = 0; i < nsamples; i++) {
        if (samples[i].character != character || samples[i].bank || samples[i].controller ||
            samples[i].emitter) {
            continue;
        }
        if (character) {
            akgl_Character *c = sf_character(samples[i].name);
            if (c != NULL) {
                CHECK_OK(akgl_heap_release_character(c));
            }
        } else {
            akgl_Sprite *s = sf_sprite(samples[i].name);
            if (s != NULL) {
                CHECK_OK(akgl_heap_release_sprite(s));
            }
            for (int t = 1; t < samples[i].ntags; t++) {
                s = sf_sprite(samples[i].tags[t]);
                if (s != NULL) {
                    CHECK_OK(akgl_heap_release_sprite(s));
                }
            }
        }
    }
}

static void test_every_sample_loads_and_releases(void)
{
    load_kind(false);
    load_kind(true);

    /* Particle emitters, after the sprites a sprite look names. */
    int emitters = 0;
    for (int i = 0; i < nsamples; i++) {
        if (!samples[i].emitter) {
            continue;
        }
        akgl_EmitterDef def;
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        int status = test_status_of_(akgl_emitter_def_load(samples[i].path, &def), msg);
        CHECK_MSG(status == 0, "%s does not load: %s", samples[i].path, msg);
        if (status == 0) {
            CHECK_OK(akgl_emitter_def_release(&def));
        }
        emitters++;
    }
    CHECK(emitters >= 4); /* examples/particles.c's */

    /* Every frame of every sprite is a cell on its sheet (a rectangle, for
     * an Aseprite tag's). */
    for (int i = 0; i < nsamples; i++) {
        bool other = samples[i].character || samples[i].bank || samples[i].controller ||
                     samples[i].emitter;
        for (int t = 0; !other && t < (samples[i].aseprite ? samples[i].ntags : 1); t++) {
            akgl_Sprite *s = sf_sprite(samples[i].aseprite ? samples[i].tags[t] : samples[i].name);
            for (int id = 0; s != NULL && id < s->frames; id++) {
                SDL_FRect r;
                char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
                int status = test_status_of_(akgl_spritesheet_coords_for_frame(s, id, &r), msg);
                CHECK_MSG(status == 0, "%s frame id %d: %s", samples[i].path, id, msg);
            }
        }
    }

    /* littleguy: the nine states of chapter 11's table, drawable. */
    akgl_Character *guy = sf_character("littleguy");
    CHECK(guy != NULL);
    if (guy != NULL) {
        static const int states[] = {16, 17, 18, 20, 24, 1041, 146, 276, 536};
        for (size_t i = 0; i < sizeof(states) / sizeof(states[0]); i++) {
            akgl_Sprite *got = NULL;
            CHECK_MSG(test_status_of_(guy->sprite_get(guy, states[i], &got), NULL) == 0 &&
                          got != NULL,
                      "littleguy has no sprite for state %d", states[i]);
        }
        CHECK_INT_EQ(guy->speedtime, 150 * AKGL_TIME_ONEMS_NS);
    }

    /* The showcase's characters (tools/mkart.c): every state the demo puts
     * them in draws a sprite, most of them through chapter 11's fallbacks,
     * and the sprite is the one the mapping means. */
    static const struct {
        const char *character;
        int state;
        const char *sprite;
    } SHOWN[] = {
        {"knight", AKGL_ACTOR_STATE_ALIVE, "knight idle down"},
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN, "knight idle down"},
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT, "knight idle left"},
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT, "knight idle right"},
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP, "knight idle up"},
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT,
         "knight walk left"},
        {"knight",
         AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT,
         "knight walk right"},
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP,
         "knight walk up"},
        {"knight",
         AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN | AKGL_ACTOR_STATE_MOVING_DOWN,
         "knight walk down"},
        /* a walk to the left while still facing right (a knock-back) stands */
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_LEFT,
         "knight idle right"},
        /* a game's own bit (13-31, a jump) keeps the facing */
        {"knight", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT | (1 << 13),
         "knight idle left"},
        {"knight", AKGL_ACTOR_STATE_DYING | AKGL_ACTOR_STATE_FACE_LEFT, "knight hurt"},
        {"knight", AKGL_ACTOR_STATE_DEAD, "knight hurt"},
        {"slime", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT,
         "slime hop"},
        {"slime", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_DYING, "slime hurt"},
        {"slime", AKGL_ACTOR_STATE_DEAD, "slime squashed"},
        {"bat", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_UP,
         "bat flap"},
        {"bat", AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_DYING, "bat hurt"},
        {"bat", AKGL_ACTOR_STATE_DEAD, "bat dead"},
        {"coin", AKGL_ACTOR_STATE_ALIVE, "coin spin"},
        {"coin", AKGL_ACTOR_STATE_DYING, "coin sparkle"},
    };
    for (size_t i = 0; i < sizeof(SHOWN) / sizeof(SHOWN[0]); i++) {
        akgl_Character *c = sf_character(SHOWN[i].character);
        akgl_Sprite *got = NULL;
        int matched = 0;
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        CHECK_MSG(c != NULL, "no character \"%s\"", SHOWN[i].character);
        if (c == NULL) {
            continue;
        }
        int status =
            test_status_of_(akgl_character_sprite_resolve(c, SHOWN[i].state, &got, &matched), msg);
        CHECK_MSG(status == 0 && got != NULL && strcmp(got->name, SHOWN[i].sprite) == 0,
                  "%s in state %d draws \"%s\", not \"%s\" (%s)", SHOWN[i].character,
                  SHOWN[i].state, got ? got->name : "nothing", SHOWN[i].sprite, msg);
    }

    /* The game's releases: characters, then sprites. The sheets go with the
     * last sprite (the harness checks every count afterwards). */
    release_kind(true);
    release_kind(false);
    CHECK_INT_EQ(akgl_test_reg_sheets_(), 0);
}

static void test_sprites_released_first_also_cleans_up(void)
{
    load_kind(false);
    load_kind(true);
    release_kind(false);
    release_kind(true);
    CHECK_INT_EQ(akgl_test_reg_sheets_(), 0);
    CHECK_INT_EQ(akgl_test_reg_sprites_(), 0);
}

/* The showcase's sound bank (tools/mksound.c) loads every sound it lists,
 * the effects one-shot and the music looping; each is released again. */
static void test_the_sound_bank_loads(void)
{
    static const struct {
        const char *name;
        bool loop;
    } SOUNDS[] = {{"jump", false}, {"coin", false}, {"hurt", false}, {"footstep", false},
                  {"music", true}};
    for (int i = 0; i < nsamples; i++) {
        if (!samples[i].bank) {
            continue;
        }
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        int status = test_status_of_(akgl_sound_load_json(samples[i].path), msg);
        CHECK_MSG(status == 0, "%s does not load: %s", samples[i].path, msg);
    }
    for (size_t k = 0; k < sizeof(SOUNDS) / sizeof(SOUNDS[0]); k++) {
        akgl_Sound *sound = NULL;
        CHECK_OK(akgl_sound_get(SOUNDS[k].name, &sound));
        CHECK_MSG(sound != NULL, "no sound \"%s\"", SOUNDS[k].name);
        if (sound == NULL) {
            continue;
        }
        CHECK(sound->frames > 0);
        CHECK_INT_EQ(sound->loop, SOUNDS[k].loop);
        CHECK_OK(akgl_heap_release_sound(sound));
    }
}

/* Every controller file the examples use loads (akgl_controller_load_json),
 * binds something, and defines the actions the examples look up. */
static void test_the_controllers_load(void)
{
    int controllers = 0;
    for (int i = 0; i < nsamples; i++) {
        if (!samples[i].controller) {
            continue;
        }
        akgl_Controller c;
        bool jump = false;
        controllers++;
        CHECK_OK(akgl_controller_initialize(&c, NULL));
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        int status = test_status_of_(akgl_controller_load_json(&c, samples[i].path), msg);
        CHECK_MSG(status == 0, "%s does not load: %s", samples[i].path, msg);
        CHECK_MSG(c.nbindings > 0, "%s binds nothing", samples[i].path);
        if (strstr(samples[i].path, "platformer") != NULL) {
            CHECK_OK(akgl_controller_action_down(&c, "jump", &jump));
            CHECK(!jump);
        }
        CHECK_OK(akgl_controller_release(&c));
    }
    CHECK(controllers >= 1);
}

/* Every regular file under a folder, through SDL (nftw is POSIX's). */
static SDL_EnumerationResult SDLCALL walk(void *userdata, const char *dirname, const char *fname)
{
    char path[PATH_MAX];
    SDL_PathInfo info;
    SDL_snprintf(path, sizeof(path), "%s%s", dirname, fname);
    if (!SDL_GetPathInfo(path, &info)) {
        return SDL_ENUM_FAILURE;
    }
    if (info.type == SDL_PATHTYPE_DIRECTORY) {
        return SDL_EnumerateDirectory(path, walk, userdata) ? SDL_ENUM_CONTINUE : SDL_ENUM_FAILURE;
    }
    if (info.type == SDL_PATHTYPE_FILE && collect(path) != 0) {
        return SDL_ENUM_FAILURE;
    }
    return SDL_ENUM_CONTINUE;
}

int main(void)
{
    sf_begin();
    if (!SDL_EnumerateDirectory(AKGL_EXAMPLES_ASSETS_DIR, walk, NULL)) {
        fx_die("SDL_EnumerateDirectory", AKGL_EXAMPLES_ASSETS_DIR);
    }
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_every_sample_is_a_sprite_or_a_character);
    RUN_TEST(test_the_sheet_is_the_generated_fixture);
    RUN_TEST(test_every_sample_loads_and_releases);
    RUN_TEST(test_sprites_released_first_also_cleans_up);
    RUN_TEST(test_the_sound_bank_loads);
    RUN_TEST(test_the_controllers_load);
    sf_unbind_renderer();
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
