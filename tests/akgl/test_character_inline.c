/*
 * One file per character: sprites defined inline in a character JSON, in a
 * "sprites" array of chapter 10 sprite objects (docs/11-characters.md).
 *
 * Fixtures (tests/assets/characters/inline_*.json; sheets found beside the
 * file, "../sheet_192x96_48.png", as for a sprite file):
 *
 *   inline_hero.json              "inline standing left" (frame 1) and
 *                                 "inline walking left" (4 5 6 5), mapped to
 *                                 ALIVE|FACE_LEFT and ALIVE|FACE_LEFT|MOVING_LEFT
 *   inline_mixed.json             one inline sprite, and a mapping to "hero
 *                                 standing left" from a sprite file
 *   inline_empty.json             "sprites": [] (the two-file form)
 *   inline_repeated_name.json     two inline sprites named "inline twin"
 *   inline_taken_name.json        an inline sprite named "hero standing left"
 *   inline_bad_mapping.json       good inline sprites, then a mapping naming
 *                                 a sprite nobody loaded
 *   inline_bad_sprite.json        "sprites"[1] has width 0
 *   inline_type_sprites.json      "sprites" is an object
 *   inline_sprite_not_object.json "sprites"[1] is a string
 *
 * Every validation row of the sprite format is checked inline by wrapping
 * each tests/assets/sprites/ fixture as "sprites"[1] of a generated character
 * file in the scratch directory. Every refused load must leave every pool,
 * registry, error context and texture count where it was (sf_expect_refused).
 */
#define _XOPEN_SOURCE 700

#include <akgl/actor.h>
#include <akgl/game.h>

#include "sprite_fixture.h"

#define CFIX(name) SF_CHARACTERS "/" name
#define SFIX(name) SF_SPRITES "/" name

#define ALIVE AKGL_ACTOR_STATE_ALIVE
#define FACE_LEFT AKGL_ACTOR_STATE_FACE_LEFT
#define MOVING_LEFT AKGL_ACTOR_STATE_MOVING_LEFT

static akgl_Character *expect_loaded(const char *path, const char *name)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int got = test_status_of_(akgl_character_load_json(path), msg);
    CHECK_MSG(got == 0, "%s: status %d (%s)", path, got, msg);
    akgl_Character *c = sf_character(name);
    CHECK_MSG(c != NULL, "%s: no character \"%s\" registered", path, name);
    return c;
}

static void expect_refused(const char *path, int status, const char *needle1,
                           const char *needle2)
{
    sf_expect_refused(akgl_character_load_json, path, status, needle1, needle2);
}

/* ------------------------------------------------------------------------ */
/* Loading, drawing, releasing                                              */
/* ------------------------------------------------------------------------ */

static void test_load_inline_sprites(void)
{
    char key[PATH_MAX];
    akgl_Sprite *got = NULL;
    sf_realpath(SF_SHEET_192, key);
    akgl_Character *c = expect_loaded(CFIX("inline_hero.json"), "inline hero");
    if (c == NULL) {
        return;
    }
    akgl_Sprite *stand = sf_sprite("inline standing left");
    akgl_Sprite *walk = sf_sprite("inline walking left");
    CHECK(stand != NULL && walk != NULL);
    if (stand == NULL || walk == NULL) {
        CHECK_OK(akgl_heap_release_character(c));
        return;
    }
    /* Every key of the sprite format read, as from a sprite file. */
    CHECK_INT_EQ(walk->width, 48);
    CHECK_INT_EQ(walk->height, 48);
    CHECK_INT_EQ(walk->frames, 4);
    CHECK(walk->frameids[0] == 4 && walk->frameids[1] == 5 && walk->frameids[2] == 6 &&
          walk->frameids[3] == 5);
    CHECK_INT_EQ(walk->speed, 100 * AKGL_TIME_ONEMS_NS);
    CHECK(walk->loop && !walk->loopReverse);
    CHECK_INT_EQ(stand->frames, 1);
    CHECK_INT_EQ(stand->speed, 1000 * AKGL_TIME_ONEMS_NS);
    CHECK(!stand->loop);

    /* The character owns both (the load references) and binds them. */
    CHECK_INT_EQ(c->owned_sprite_count, 2);
    CHECK(c->owned_sprites[0] == stand && c->owned_sprites[1] == walk);
    CHECK_INT_EQ(stand->refcount, 2); /* owned + one binding */
    CHECK_INT_EQ(walk->refcount, 2);
    CHECK_OK(c->sprite_get(c, ALIVE | FACE_LEFT, &got));
    CHECK(got == stand);
    CHECK_OK(c->sprite_get(c, ALIVE | FACE_LEFT | MOVING_LEFT, &got));
    CHECK(got == walk);

    /* One sheet, found beside the character file, shared by both. */
    CHECK(stand->sheet == walk->sheet);
    CHECK_STR_EQ(stand->sheet->name, key);
    CHECK_INT_EQ(stand->sheet->refcount, 2);
    SDL_Texture *tex = stand->sheet->texture;
    CHECK(sf_texture_alive(tex));

    CHECK_OK(akgl_heap_release_character(c));
    /* Everything the file loaded went with the character. */
    CHECK(sf_character("inline hero") == NULL);
    CHECK(sf_sprite("inline standing left") == NULL);
    CHECK(sf_sprite("inline walking left") == NULL);
    CHECK(sf_sheet(key) == NULL);
    CHECK(!sf_texture_alive(tex));
}

/* An actor of the character draws the inline sprite its state maps to. */
static void test_actor_draws_an_inline_sprite(void)
{
    akgl_Actor *a = NULL;
    akgl_Sprite *cur = NULL;
    akgl_Character *c = expect_loaded(CFIX("inline_hero.json"), "inline hero");
    if (c == NULL) {
        return;
    }
    CHECK_OK(akgl_actor_spawn("inline player", "inline hero", 100.0f, 60.0f, &a));
    if (a == NULL) {
        CHECK_OK(akgl_heap_release_character(c));
        return;
    }
    a->state = ALIVE | FACE_LEFT | MOVING_LEFT;
    CHECK_OK(akgl_actor_current_sprite(a, &cur));
    CHECK(cur == sf_sprite("inline walking left"));
    a->state = ALIVE | FACE_LEFT;
    CHECK_OK(akgl_actor_current_sprite(a, &cur));
    CHECK(cur == sf_sprite("inline standing left"));

    /* Frame 0 of "inline standing left" is cell 1 of the 8-cell sheet: its
     * marker (tests/assets/README.md) at the actor's top-left, and the cell
     * 48 pixels wide, no more. */
    SDL_SetRenderDrawColor(sf_canvas.sdl, 0, 0, 0, 255);
    SDL_RenderClear(sf_canvas.sdl);
    CHECK_OK(akgl_actor_render(a, &sf_canvas.backend));
    SDL_Color marker = sf_marker(1, 8);
    CHECK_PIXEL(sf_canvas.sdl, 100, 60, marker.r, marker.g, marker.b);
    CHECK_PIXEL(sf_canvas.sdl, 99, 60, 0, 0, 0);
    CHECK_PIXEL(sf_canvas.sdl, 148, 60, 0, 0, 0);
    SDL_Color inside = sf_read_pixel(sf_canvas.sdl, 147, 107);
    CHECK(inside.a == 255 && !(inside.r == 0 && inside.g == 0 && inside.b == 0));

    /* The actor holds the character; the character the sprites. */
    CHECK_OK(akgl_heap_release_character(c));
    CHECK(sf_sprite("inline standing left") != NULL);
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK(sf_character("inline hero") == NULL);
    CHECK(sf_sprite("inline standing left") == NULL);
}

/* Inline sprites are registered like any sprite: others may hold them, and
 * then they outlive the character that loaded them. */
static void test_inline_sprites_held_elsewhere_outlive_the_character(void)
{
    akgl_Character *other = NULL;
    akgl_Character *c = expect_loaded(CFIX("inline_hero.json"), "inline hero");
    if (c == NULL) {
        return;
    }
    akgl_Sprite *walk = sf_sprite("inline walking left");
    CHECK_OK(akgl_heap_next_character(&other));
    CHECK_OK(akgl_character_initialize(other, "inline other"));
    CHECK_OK(other->sprite_add(other, walk, ALIVE));
    CHECK_INT_EQ(walk->refcount, 3);

    CHECK_OK(akgl_heap_release_character(c));
    CHECK(sf_sprite("inline walking left") == walk);
    CHECK(sf_sprite("inline standing left") == NULL);
    CHECK_INT_EQ(walk->refcount, 1);
    CHECK(sf_texture_alive(walk->sheet->texture));
    CHECK_OK(akgl_heap_release_character(other)); /* the last reference: gone */
    CHECK(sf_sprite("inline walking left") == NULL);
}

/* Inline and file sprites in one character; and an empty "sprites". */
static void test_mixed_and_empty(void)
{
    akgl_Sprite *got = NULL;
    CHECK_OK(akgl_sprite_load_json(SFIX("hero_standing_left.json")));
    akgl_Sprite *file_sprite = sf_sprite("hero standing left");
    if (file_sprite == NULL) {
        return;
    }
    akgl_Character *c = expect_loaded(CFIX("inline_mixed.json"), "inline mixed");
    if (c != NULL) {
        CHECK_INT_EQ(c->owned_sprite_count, 1);
        CHECK_OK(c->sprite_get(c, ALIVE | FACE_LEFT, &got));
        CHECK(got == file_sprite);
        CHECK_OK(c->sprite_get(c, ALIVE | FACE_LEFT | MOVING_LEFT, &got));
        CHECK(got == sf_sprite("inline mixed walking"));
        /* Both cut from one image: one sheet for the file's and the inline one. */
        CHECK(got->sheet == file_sprite->sheet);
        CHECK_INT_EQ(file_sprite->refcount, 2);
        CHECK_OK(akgl_heap_release_character(c));
        /* The file sprite is the game's: it stays. The inline one goes. */
        CHECK_INT_EQ(file_sprite->refcount, 1);
        CHECK(sf_sprite("inline mixed walking") == NULL);
    }
    c = expect_loaded(CFIX("inline_empty.json"), "inline empty");
    if (c != NULL) {
        CHECK_INT_EQ(c->owned_sprite_count, 0);
        CHECK_OK(akgl_heap_release_character(c));
    }
    CHECK_OK(akgl_heap_release_sprite(file_sprite));
}

/* A level change releases the inline sprites with their characters. */
static void test_unload_characters_takes_inline_sprites(void)
{
    akgl_Character *c = expect_loaded(CFIX("inline_hero.json"), "inline hero");
    if (c == NULL) {
        return;
    }
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_CHARACTERS));
    CHECK(sf_character("inline hero") == NULL);
    CHECK(sf_sprite("inline standing left") == NULL);
    CHECK_INT_EQ(akgl_test_sprites_(), 0);
    CHECK_INT_EQ(akgl_test_sheets_(), 0);
    /* And with sprites (characters first, so no reference is given twice). */
    c = expect_loaded(CFIX("inline_hero.json"), "inline hero");
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_SPRITES));
    CHECK(sf_character("inline hero") == NULL);
    CHECK_INT_EQ(akgl_test_sprites_(), 0);
}

/* ------------------------------------------------------------------------ */
/* Refusals                                                                 */
/* ------------------------------------------------------------------------ */

static void test_duplicate_names(void)
{
    /* Twice in one file. */
    expect_refused(CFIX("inline_repeated_name.json"), AKERR_REGISTRY,
                   ": \"sprites\"[1]: sprite name \"inline twin\" is used twice in this file "
                   "(\"sprites\"[0] has it already)",
                   NULL);
    /* A name another file registered: refused, and the other sprite untouched. */
    CHECK_OK(akgl_sprite_load_json(SFIX("hero_standing_left.json")));
    akgl_Sprite *taken = sf_sprite("hero standing left");
    if (taken == NULL) {
        return;
    }
    expect_refused(CFIX("inline_taken_name.json"), AKERR_REGISTRY,
                   ": \"sprites\"[1]: a sprite named \"hero standing left\" is already registered",
                   NULL);
    CHECK(sf_sprite("hero standing left") == taken);
    CHECK_INT_EQ(taken->refcount, 1);
    CHECK_OK(akgl_heap_release_sprite(taken));

    /* The character's own name taken: refused before any sprite loads. */
    akgl_Character *c = expect_loaded(CFIX("inline_hero.json"), "inline hero");
    expect_refused(CFIX("inline_hero.json"), AKERR_REGISTRY,
                   "a character named \"inline hero\" is already registered", NULL);
    if (c != NULL) {
        CHECK_INT_EQ(c->owned_sprites[0]->refcount, 2);
        CHECK_OK(akgl_heap_release_character(c));
    }
}

static void test_failures_release_everything(void)
{
    /* A mapping fails after both inline sprites (and their sheet, and its
     * texture) loaded and were bound: all of it goes. */
    expect_refused(CFIX("inline_bad_mapping.json"), AKERR_NULLPOINTER,
                   ": \"sprite_mappings\"[1]: character \"inline bad mapping\" state 146: sprite "
                   "\"inline flying left\" is not loaded",
                   NULL);
    /* The second sprite fails after the first loaded. */
    expect_refused(CFIX("inline_bad_sprite.json"), AKERR_VALUE,
                   ": \"sprites\"[1]: \"width\" is 0: a sprite must be at least one pixel wide",
                   NULL);
    expect_refused(CFIX("inline_type_sprites.json"), AKERR_TYPE,
                   ": key \"sprites\" must be an array, not an object", NULL);
    expect_refused(CFIX("inline_sprite_not_object.json"), AKERR_TYPE,
                   ": \"sprites\"[1]: a sprite must be a JSON object, not a string", NULL);
    CHECK(sf_sprite("inline standing left") == NULL);
}

/* The pools run out part-way: nothing stranded. */
static void test_exhausted_pools(void)
{
    static akgl_Sprite *held[AKGL_MAX_HEAP_SPRITE];
    int n = 0;
    /* Room for the first inline sprite only. */
    while (akgl_test_sprites_() < AKGL_MAX_HEAP_SPRITE - 1) {
        CHECK_OK(akgl_heap_next_sprite(&held[n]));
        n++;
    }
    expect_refused(CFIX("inline_hero.json"), AKGL_ERR_HEAP, ": \"sprites\"[1]: ",
                   "Unable to find unused sprite");
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_sprite(held[i]));
    }
}

/* ------------------------------------------------------------------------ */
/* Every rule of the sprite format, inline                                  */
/* ------------------------------------------------------------------------ */

static const char CHARACTER_HEAD[] =
    "{\"name\": \"inline generated\", \"speedtime\": 100, \"speed_x\": 0.2, \"speed_y\": 0.2,"
    " \"acceleration_x\": 0.2, \"acceleration_y\": 0.2, \"sprites\": [";
static const char FIRST_SPRITE[] =
    "{\"spritesheet\": {\"filename\": \"../sheet_192x96_48.png\", \"frame_width\": 48,"
    " \"frame_height\": 48}, \"name\": \"inline generated first\", \"width\": 48,"
    " \"height\": 48, \"speed\": 100, \"loop\": true, \"loopReverse\": false, \"frames\": [1]}";
static const char CHARACTER_TAIL[] =
    "], \"sprite_mappings\": [{\"state\": [\"AKGL_ACTOR_STATE_ALIVE\"],"
    " \"sprite\": \"inline generated first\"}]}";

/*
 * Writes fx_dir/inl/gen/<file>: a character whose "sprites"[1] is the text of
 * tests/assets/sprites/<file>, after a valid "sprites"[0]. Its path into out.
 */
static void write_wrapped(const char *file, char *out)
{
    char src[PATH_MAX], name[PATH_MAX];
    size_t len = 0;
    snprintf(src, sizeof(src), "%s/%s", SF_SPRITES, file);
    char *body = SDL_LoadFile(src, &len);
    if (body == NULL) {
        fx_die("read", src);
    }
    size_t total = sizeof(CHARACTER_HEAD) + sizeof(FIRST_SPRITE) + len + sizeof(CHARACTER_TAIL) + 8;
    char *text = SDL_malloc(total);
    if (text == NULL) {
        fx_die("SDL_malloc", file);
    }
    snprintf(text, total, "%s%s, %s%s", CHARACTER_HEAD, FIRST_SPRITE, body, CHARACTER_TAIL);
    snprintf(name, sizeof(name), "inl/gen/%s", file);
    fx_write(name, text, strlen(text));
    SDL_free(text);
    SDL_free(body);
    sf_path(out, name);
}

static void test_every_sprite_rule_applies_inline(void)
{
    static const struct
    {
        const char *file;
        int status;
        const char *needle;
    } rows[] = {
        {"missing_spritesheet.json", AKERR_KEY, "required key \"spritesheet\" is missing"},
        {"missing_filename.json", AKERR_KEY, "required key \"filename\" is missing"},
        {"missing_frame_width.json", AKERR_KEY, "required key \"frame_width\" is missing"},
        {"missing_frame_height.json", AKERR_KEY, "required key \"frame_height\" is missing"},
        {"missing_name.json", AKERR_KEY, "required key \"name\" is missing"},
        {"missing_width.json", AKERR_KEY, "required key \"width\" is missing"},
        {"missing_height.json", AKERR_KEY, "required key \"height\" is missing"},
        {"missing_speed.json", AKERR_KEY, "required key \"speed\" is missing"},
        {"missing_loop.json", AKERR_KEY, "required key \"loop\" is missing"},
        {"missing_loopReverse.json", AKERR_KEY, "required key \"loopReverse\" is missing"},
        {"missing_frames.json", AKERR_KEY, "required key \"frames\" is missing"},
        {"type_spritesheet.json", AKERR_TYPE, "key \"spritesheet\" must be an object, not a string"},
        {"type_filename.json", AKERR_TYPE, "key \"filename\" must be a string, not an integer"},
        {"type_frame_width.json", AKERR_TYPE, "key \"frame_width\" must be an integer, not a string"},
        {"type_frame_height.json", AKERR_TYPE,
         "key \"frame_height\" must be an integer, not a real number"},
        {"type_name.json", AKERR_TYPE, "key \"name\" must be a string, not a boolean"},
        {"type_width.json", AKERR_TYPE, "key \"width\" must be an integer, not a string"},
        {"type_height.json", AKERR_TYPE, "key \"height\" must be an integer, not null"},
        {"type_speed.json", AKERR_TYPE, "key \"speed\" must be an integer, not a string"},
        {"type_loop.json", AKERR_TYPE, "key \"loop\" must be true or false, not an integer"},
        {"type_loopReverse.json", AKERR_TYPE,
         "key \"loopReverse\" must be true or false, not a string"},
        {"type_frames.json", AKERR_TYPE, "key \"frames\" must be an array, not an object"},
        {"type_frame_element.json", AKERR_TYPE, "\"frames\"[1]: index 1 must be an integer"},
        {"toplevel_array.json", AKERR_TYPE, "a sprite must be a JSON object, not an array"},
        {"width_0.json", AKERR_VALUE, "\"width\" is 0: a sprite must be at least one pixel wide"},
        {"height_0.json", AKERR_VALUE,
         "\"height\" is 0: a sprite must be at least one pixel high"},
        {"speed_-1.json", AKERR_OUTOFBOUNDS, "\"speed\" is -1 ms; it must be 0..4294"},
        {"speed_4295.json", AKERR_OUTOFBOUNDS, "\"speed\" is 4295 ms; it must be 0..4294"},
        {"frames_17.json", AKERR_OUTOFBOUNDS, "\"frames\" lists 17 frames; the maximum is 16"},
        {"frames_empty.json", AKERR_VALUE, "\"frames\" is empty; a sprite needs at least one frame"},
        {"frame_-1.json", AKERR_OUTOFBOUNDS, "\"frames\"[1] is -1; a frame number must be 0..255"},
        {"frame_256.json", AKERR_OUTOFBOUNDS,
         "\"frames\"[2] is 256; a frame number must be 0..255"},
        {"name_128.json", AKERR_OUTOFBOUNDS, "is 128 bytes; the limit is 127"},
        {"filename_4096.json", AKERR_OUTOFBOUNDS,
         "key \"filename\" is a string of 4096 bytes; the limit is 4095"},
        {"image_missing.json", ENOENT,
         "sprite sheet \"no_such_sheet.png\" is neither in the working directory nor at"},
        {"not_an_image.json", AKERR_FORMAT, "image \""},
    };
    static const char *const loads[] = {
        "width_1.json", "height_1.json", "speed_0.json", "speed_4294.json", "frames_16.json",
        "frame_0.json", "frame_255.json", "name_127.json",
    };
    char path[PATH_MAX], needle[256];
    for (size_t i = 0; i < SDL_arraysize(rows); i++) {
        write_wrapped(rows[i].file, path);
        snprintf(needle, sizeof(needle), ": \"sprites\"[1]: ");
        expect_refused(path, rows[i].status, needle, rows[i].needle);
    }
    for (size_t i = 0; i < SDL_arraysize(loads); i++) {
        write_wrapped(loads[i], path);
        akgl_Character *c = expect_loaded(path, "inline generated");
        if (c != NULL) {
            CHECK_INT_EQ(c->owned_sprite_count, 2);
            CHECK_OK(akgl_heap_release_character(c));
        }
        CHECK_INT_EQ(akgl_test_sprites_(), 0);
    }
}

/* The sheet resolves as a sprite file's: the working directory first (with
 * the shadowing warning naming the character file), then beside the file. */
static void test_sheet_resolution(void)
{
    char path[PATH_MAX], cwd_sheet[PATH_MAX], beside_sheet[PATH_MAX];
    static const char body[] =
        "{\"name\": \"inline resolved\", \"speedtime\": 0, \"speed_x\": 0, \"speed_y\": 0,"
        " \"acceleration_x\": 0, \"acceleration_y\": 0, \"sprites\": [{\"spritesheet\":"
        " {\"filename\": \"shared.png\", \"frame_width\": 48, \"frame_height\": 48},"
        " \"name\": \"inline resolved\", \"width\": 48, \"height\": 48, \"speed\": 0,"
        " \"loop\": false, \"loopReverse\": false, \"frames\": [0]}], \"sprite_mappings\": []}";
    fx_write("res/resolved.json", body, strlen(body));
    sf_path(path, "res/resolved.json");

    /* Only beside the file: step 2. */
    sf_copy(SF_SHEET_192, "res/shared.png");
    sf_path(beside_sheet, "res/shared.png");
    akgl_Character *c = expect_loaded(path, "inline resolved");
    if (c != NULL) {
        CHECK_STR_EQ(c->owned_sprites[0]->sheet->name, beside_sheet);
        CHECK_OK(akgl_heap_release_character(c));
    }
    /* Also in the working directory: step 1 wins, and says so. */
    sf_copy(SF_SHEET_64, "cwd/shared.png");
    sf_path(cwd_sheet, "cwd/shared.png");
    test_log_begin();
    c = expect_loaded(path, "inline resolved");
    test_log_end();
    if (c != NULL) {
        CHECK_STR_EQ(c->owned_sprites[0]->sheet->name, cwd_sheet);
        CHECK_OK(akgl_heap_release_character(c));
    }
    CHECK_CONTAINS(test_log, "sprite sheet \"shared.png\" in");
    CHECK_CONTAINS(test_log, "res/resolved.json resolves to");
    if (remove(cwd_sheet) != 0) {
        fx_die("remove", cwd_sheet);
    }
}

/* The limit on inline sprites: 32 load, 33 are refused before any is. */
static void test_inline_sprite_limit(void)
{
    char path[PATH_MAX];
    for (int count = AKGL_CHARACTER_MAX_INLINE_SPRITES;
         count <= AKGL_CHARACTER_MAX_INLINE_SPRITES + 1; count++) {
        size_t size = 1024 + (size_t)count * 512;
        char *text = SDL_malloc(size);
        size_t used = (size_t)snprintf(text, size, "%s", CHARACTER_HEAD);
        for (int i = 0; i < count; i++) {
            used += (size_t)snprintf(
                text + used, size - used,
                "%s{\"spritesheet\": {\"filename\": \"../sheet_192x96_48.png\", \"frame_width\":"
                " 48, \"frame_height\": 48}, \"name\": \"inline %d\", \"width\": 48, \"height\":"
                " 48, \"speed\": 0, \"loop\": false, \"loopReverse\": false, \"frames\": [%d]}",
                i ? ", " : "", i, i % 8);
        }
        snprintf(text + used, size - used, "], \"sprite_mappings\": []}");
        fx_write("inl/gen/limit.json", text, strlen(text));
        SDL_free(text);
        sf_path(path, "inl/gen/limit.json");
        if (count == AKGL_CHARACTER_MAX_INLINE_SPRITES) {
            akgl_Character *c = expect_loaded(path, "inline generated");
            if (c != NULL) {
                CHECK_INT_EQ(c->owned_sprite_count, count);
                CHECK_INT_EQ(akgl_test_sprites_(), count);
                CHECK_OK(akgl_heap_release_character(c));
            }
        } else {
            expect_refused(path, AKERR_OUTOFBOUNDS,
                           ": \"sprites\" lists 33 sprites; the maximum is 32", NULL);
        }
    }
}

static void test_load_release_cycles(void)
{
    SfCounts start = sf_counts_now();
    for (int i = 0; i < 64; i++) {
        CHECK_OK(akgl_sprite_load_json(SFIX("hero_standing_left.json")));
        akgl_Character *hero = expect_loaded(CFIX("inline_hero.json"), "inline hero");
        akgl_Character *mixed = expect_loaded(CFIX("inline_mixed.json"), "inline mixed");
        akgl_Sprite *file_sprite = sf_sprite("hero standing left");
        if (hero == NULL || mixed == NULL || file_sprite == NULL) {
            return;
        }
        /* alternate: the file sprite before its character, then after */
        if (i % 2 == 0) {
            CHECK_OK(akgl_heap_release_sprite(file_sprite));
            CHECK_OK(akgl_heap_release_character(hero));
            CHECK_OK(akgl_heap_release_character(mixed));
        } else {
            CHECK_OK(akgl_heap_release_character(mixed));
            CHECK_OK(akgl_heap_release_character(hero));
            CHECK_OK(akgl_heap_release_sprite(file_sprite));
        }
        SF_CHECK_COUNTS_UNCHANGED(start, "a load/release cycle");
        CHECK_INT_EQ(akgl_test_reg_sprites_(), 0);
        CHECK_INT_EQ(akgl_test_reg_sheets_(), 0);
    }
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    /* Not fx_dir/sheet_192x96_48.png: that is "../" of the working
     * directory (fx_dir/cwd), and would shadow every sheet of the suite. */
    fx_mkdir("inl");
    fx_mkdir("inl/gen");
    fx_mkdir("res");
    sf_copy(SF_SHEET_192, "inl/sheet_192x96_48.png"); /* "../" of inl/gen/ */
    sf_copy(SFIX("not_an_image.png"), "inl/gen/not_an_image.png");
    RUN_TEST(test_load_inline_sprites);
    RUN_TEST(test_actor_draws_an_inline_sprite);
    RUN_TEST(test_inline_sprites_held_elsewhere_outlive_the_character);
    RUN_TEST(test_mixed_and_empty);
    RUN_TEST(test_unload_characters_takes_inline_sprites);
    RUN_TEST(test_duplicate_names);
    RUN_TEST(test_failures_release_everything);
    RUN_TEST(test_exhausted_pools);
    RUN_TEST(test_every_sprite_rule_applies_inline);
    RUN_TEST(test_sheet_resolution);
    RUN_TEST(test_inline_sprite_limit);
    RUN_TEST(test_load_release_cycles);
    sf_unbind_renderer();
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
