/*
 * Characters: akgl_character_initialize, the exact-match state map behind
 * sprite_add/sprite_get (and the function pointers a game may replace), the
 * references a character holds, release order against sprites and sheets,
 * and akgl_character_load_json against tests/assets/characters/ (see the
 * README there).
 *
 * The sprites are loaded from tests/assets/sprites/: "hero standing left"
 * and "hero walking left", both cut from sheet_192x96_48.png.
 */
#define _XOPEN_SOURCE 700

#include <akgl/actor.h>

#include "sprite_fixture.h"

#define CFIX(name) SF_CHARACTERS "/" name
#define SFIX(name) SF_SPRITES "/" name

#define ALIVE AKGL_ACTOR_STATE_ALIVE
#define FACE_LEFT AKGL_ACTOR_STATE_FACE_LEFT
#define MOVING_LEFT AKGL_ACTOR_STATE_MOVING_LEFT

static akgl_Sprite *stand; /* "hero standing left" */
static akgl_Sprite *walk;  /* "hero walking left" */
static akgl_Sprite *down;  /* "hero standing down" */

/* Loads the three hero sprites; false (with a failed CHECK) if any fails. */
static bool load_sprites(void)
{
    CHECK_OK(akgl_sprite_load_json(SFIX("hero_standing_left.json")));
    CHECK_OK(akgl_sprite_load_json(SFIX("hero_walking_left.json")));
    CHECK_OK(akgl_sprite_load_json(SFIX("hero_standing_down.json")));
    stand = sf_sprite("hero standing left");
    walk = sf_sprite("hero walking left");
    down = sf_sprite("hero standing down");
    return stand != NULL && walk != NULL && down != NULL;
}

/* The game's references on the three, given back. */
static void release_sprites(void)
{
    if (stand != NULL) {
        CHECK_OK(akgl_heap_release_sprite(stand));
    }
    if (walk != NULL) {
        CHECK_OK(akgl_heap_release_sprite(walk));
    }
    if (down != NULL) {
        CHECK_OK(akgl_heap_release_sprite(down));
    }
    stand = walk = down = NULL;
}

/* A new pooled character named `name`, or NULL. */
static akgl_Character *new_character(const char *name)
{
    akgl_Character *c = NULL;
    CHECK_OK(akgl_heap_next_character(&c));
    if (c == NULL) {
        return NULL;
    }
    akerr_ErrorContext *e = akgl_character_initialize(c, name);
    if (e != NULL) {
        CHECK_MSG(false, "akgl_character_initialize(%s): %s", name, e->message);
        e = akerr_release_error(e);
        CHECK_OK(akgl_heap_release_character(c));
        return NULL;
    }
    return c;
}

/* ------------------------------------------------------------------------ */
/* Initialisation                                                           */
/* ------------------------------------------------------------------------ */

static void test_initialize(void)
{
    akgl_Character *c = NULL;
    CHECK_OK(akgl_heap_next_character(&c));
    CHECK_STATUS_MSG(akgl_character_initialize(NULL, "hero"), AKERR_NULLPOINTER, "NULL character");
    CHECK_STATUS_MSG(akgl_character_initialize(c, NULL), AKERR_NULLPOINTER, "NULL name");
    CHECK_OK(akgl_character_initialize(c, "hero"));
    CHECK_INT_EQ(c->refcount, 1);
    CHECK_STR_EQ(c->name, "hero");
    CHECK(c->state_sprites != 0);
    CHECK(c->sprite_add == akgl_character_sprite_add);
    CHECK(c->sprite_get == akgl_character_sprite_get);
    /* Everything numeric is left at zero. */
    CHECK(c->sx == 0 && c->sy == 0 && c->sz == 0 && c->ax == 0 && c->ay == 0 && c->az == 0);
    CHECK_INT_EQ(c->speedtime, 0);
    CHECK(sf_character("hero") == c);

    /* Initialising a live character again would drop its map: refused. */
    CHECK_STATUS_MSG(akgl_character_initialize(c, "hero"), AKERR_BEHAVIOR,
                     "is initialised already");
    SDL_PropertiesID map = c->state_sprites;
    CHECK_OK(akgl_heap_release_character(c));
    CHECK(sf_character("hero") == NULL);
    CHECK(!SDL_HasProperty(map, "0") && SDL_GetPointerProperty(map, "18", NULL) == NULL);

    /* A slot that was not acquired. */
    CHECK_STATUS_MSG(akgl_character_initialize(c, "hero"), AKGL_ERR_HEAP, "not acquired");
    CHECK(sf_character("hero") == NULL);
}

static void test_initialize_names(void)
{
    char name[AKGL_CHARACTER_MAX_NAME_LENGTH + 1];
    akgl_Character *c = NULL;
    CHECK_OK(akgl_heap_next_character(&c));
    memset(name, 'c', sizeof(name));
    name[128] = '\0';
    CHECK_STATUS_MSG(akgl_character_initialize(c, name), AKERR_OUTOFBOUNDS,
                     "is 128 bytes; the limit is 127");
    CHECK(c->state_sprites == 0);
    name[127] = '\0';
    CHECK_OK(akgl_character_initialize(c, name));
    CHECK(sf_character(name) == c);
    /* Registration and release use one stored key: nothing survives. */
    CHECK_OK(akgl_heap_release_character(c));
    CHECK(sf_character(name) == NULL);
}

static void test_initialize_refuses_a_registered_name(void)
{
    akgl_Character *first = new_character("hero");
    akgl_Character *second = NULL;
    if (first == NULL || !load_sprites()) {
        release_sprites();
        if (first != NULL) {
            CHECK_OK(akgl_heap_release_character(first));
        }
        return;
    }
    CHECK_OK(first->sprite_add(first, stand, ALIVE | FACE_LEFT));
    CHECK_OK(akgl_heap_next_character(&second));
    CHECK_STATUS_MSG(akgl_character_initialize(second, "hero"), AKERR_REGISTRY,
                     "a character named \"hero\" is already registered");
    /* The first is untouched and still reachable; the second holds nothing. */
    CHECK(sf_character("hero") == first);
    CHECK(second->state_sprites == 0);
    akgl_Sprite *got = NULL;
    CHECK_OK(first->sprite_get(first, ALIVE | FACE_LEFT, &got));
    CHECK(got == stand);
    CHECK_INT_EQ(stand->refcount, 2);
    CHECK_OK(akgl_heap_release_character(second));
    CHECK(sf_character("hero") == first);
    CHECK_OK(akgl_heap_release_character(first));
    CHECK_INT_EQ(stand->refcount, 1);
    release_sprites();
}

static void test_initialize_a_struct_not_from_the_pool(void)
{
    akgl_Character local;
    memset(&local, 0x5a, sizeof(local));
    CHECK_OK(akgl_character_initialize(&local, "local"));
    CHECK_INT_EQ(local.refcount, 1);
    CHECK(sf_character("local") == &local);
    CHECK_OK(akgl_heap_release_character(&local));
    CHECK(sf_character("local") == NULL);
}

/* ------------------------------------------------------------------------ */
/* The state map                                                            */
/* ------------------------------------------------------------------------ */

static void test_state_constants(void)
{
    /* The chapter's table of keys. */
    CHECK_INT_EQ(ALIVE, 16);
    CHECK_INT_EQ(ALIVE | AKGL_ACTOR_STATE_FACE_DOWN, 17);
    CHECK_INT_EQ(ALIVE | FACE_LEFT, 18);
    CHECK_INT_EQ(ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT, 20);
    CHECK_INT_EQ(ALIVE | AKGL_ACTOR_STATE_FACE_UP, 24);
    CHECK_INT_EQ(ALIVE | AKGL_ACTOR_STATE_FACE_DOWN | AKGL_ACTOR_STATE_MOVING_DOWN, 1041);
    CHECK_INT_EQ(ALIVE | FACE_LEFT | MOVING_LEFT, 146);
    CHECK_INT_EQ(ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT, 276);
    CHECK_INT_EQ(ALIVE | AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP, 536);
}

static void test_exact_match_lookup(void)
{
    akgl_Character *c = new_character("hero");
    akgl_Sprite *got = NULL;
    if (c == NULL || !load_sprites()) {
        release_sprites();
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
        return;
    }
    CHECK_OK(c->sprite_add(c, walk, ALIVE | FACE_LEFT | MOVING_LEFT));
    /* The key is the decimal spelling of the whole word. */
    CHECK(SDL_GetPointerProperty(c->state_sprites, "146", NULL) == walk);
    CHECK_OK(c->sprite_get(c, 146, &got));
    CHECK(got == walk);

    /* No subset, no superset, no default. A miss is AKERR_KEY, *dest NULL. */
    static const int misses[] = {FACE_LEFT, ALIVE | FACE_LEFT, FACE_LEFT | MOVING_LEFT,
                                 ALIVE | FACE_LEFT | MOVING_LEFT | AKGL_ACTOR_STATE_FACE_UP,
                                 ALIVE, 0, -146};
    for (size_t i = 0; i < sizeof(misses) / sizeof(misses[0]); i++) {
        char needle[64];
        got = walk;
        snprintf(needle, sizeof(needle), "character \"hero\" has no sprite for state %d",
                 misses[i]);
        CHECK_STATUS_MSG(c->sprite_get(c, misses[i], &got), AKERR_KEY, needle);
        CHECK(got == NULL);
    }

    /* State 0 is a usable key. */
    CHECK_OK(c->sprite_add(c, stand, 0));
    CHECK_OK(c->sprite_get(c, 0, &got));
    CHECK(got == stand);
    CHECK_OK(akgl_heap_release_character(c));
    release_sprites();
}

static void test_references_held_by_bindings(void)
{
    akgl_Character *c = new_character("hero");
    if (c == NULL || !load_sprites()) {
        release_sprites();
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
        return;
    }
    CHECK_INT_EQ(walk->refcount, 1); /* the game's, from the load */

    /* One per binding: a sprite bound to two states is held twice. */
    CHECK_OK(c->sprite_add(c, walk, ALIVE | FACE_LEFT | MOVING_LEFT));
    CHECK_INT_EQ(walk->refcount, 2);
    CHECK_OK(c->sprite_add(c, walk, ALIVE | FACE_LEFT));
    CHECK_INT_EQ(walk->refcount, 3);

    /* The same sprite for the same state again changes nothing. */
    for (int i = 0; i < 10; i++) {
        CHECK_OK(c->sprite_add(c, walk, ALIVE | FACE_LEFT));
    }
    CHECK_INT_EQ(walk->refcount, 3);

    /* Rebinding a state gives the displaced sprite's reference back. */
    CHECK_OK(c->sprite_add(c, stand, ALIVE | FACE_LEFT));
    CHECK_INT_EQ(walk->refcount, 2);
    CHECK_INT_EQ(stand->refcount, 2);
    akgl_Sprite *got = NULL;
    CHECK_OK(c->sprite_get(c, ALIVE | FACE_LEFT, &got));
    CHECK(got == stand);

    /* Teardown gives back one reference per binding. */
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_INT_EQ(walk->refcount, 1);
    CHECK_INT_EQ(stand->refcount, 1);
    release_sprites();
}

static void test_sprite_add_and_get_refusals(void)
{
    akgl_Character *c = new_character("hero");
    akgl_Character blank;
    akgl_Sprite *got = NULL;
    if (c == NULL || !load_sprites()) {
        release_sprites();
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
        return;
    }
    memset(&blank, 0, sizeof(blank));
    CHECK_STATUS_MSG(akgl_character_sprite_add(NULL, walk, 18), AKERR_NULLPOINTER,
                     "NULL character");
    CHECK_STATUS_MSG(akgl_character_sprite_add(c, NULL, 18), AKERR_NULLPOINTER,
                     "NULL sprite for character \"hero\" state 18");
    CHECK_STATUS_MSG(akgl_character_sprite_add(&blank, walk, 18), AKERR_NULLPOINTER,
                     "has no state map");
    CHECK_INT_EQ(walk->refcount, 1);
    /* A released sprite (a free slot) cannot be bound: the binding would
     * give a slot on the free list a reference. */
    akgl_Sprite *gone = NULL;
    CHECK_OK(akgl_heap_next_sprite(&gone));
    CHECK_OK(akgl_heap_release_sprite(gone));
    CHECK_STATUS_MSG(akgl_character_sprite_add(c, gone, 18), AKGL_ERR_HEAP, "is released");
    CHECK_INT_EQ(gone->refcount, 0);
    CHECK_STATUS(c->sprite_get(c, 18, &got), AKERR_KEY);
    CHECK_STATUS_MSG(akgl_character_sprite_get(c, 18, NULL), AKERR_NULLPOINTER,
                     "NULL destination");
    got = walk;
    CHECK_STATUS(akgl_character_sprite_get(NULL, 18, &got), AKERR_NULLPOINTER);
    CHECK(got == NULL);
    got = walk;
    CHECK_STATUS(akgl_character_sprite_get(&blank, 18, &got), AKERR_KEY);
    CHECK(got == NULL);
    CHECK_OK(akgl_heap_release_character(c));
    release_sprites();
}

/* A replacement lookup: the exact state, else the state without its
 * movement bits. Counts its calls. */
static int fallback_calls;

static akerr_ErrorContext *fallback_get(akgl_Character *basechar, int state, akgl_Sprite **dest)
{
    fallback_calls++;
    akerr_ErrorContext *e = akgl_character_sprite_get(basechar, state, dest);
    if (e == NULL || e->status != AKERR_KEY) {
        return e;
    }
    e = akerr_release_error(e);
    if (e != NULL) {
        return e;
    }
    return akgl_character_sprite_get(basechar, state & ~AKGL_ACTOR_STATE_MOVING_ALL, dest);
}

static int add_calls;

static akerr_ErrorContext *counting_add(akgl_Character *basechar, akgl_Sprite *sprite, int state)
{
    add_calls++;
    return akgl_character_sprite_add(basechar, sprite, state);
}

static void test_function_pointers_are_what_is_called(void)
{
    akgl_Character *c = new_character("hero");
    akgl_Character *other = new_character("villain");
    akgl_Sprite *got = NULL;
    if (c == NULL || other == NULL || !load_sprites()) {
        release_sprites();
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
        if (other != NULL) {
            CHECK_OK(akgl_heap_release_character(other));
        }
        return;
    }
    c->sprite_add = counting_add;
    CHECK_OK(c->sprite_add(c, stand, ALIVE | FACE_LEFT));
    CHECK_INT_EQ(add_calls, 1);
    CHECK_INT_EQ(stand->refcount, 2);

    c->sprite_get = fallback_get;
    fallback_calls = 0;
    CHECK_OK(c->sprite_get(c, ALIVE | FACE_LEFT | MOVING_LEFT, &got));
    CHECK_INT_EQ(fallback_calls, 1);
    CHECK(got == stand); /* found by the fallback, not by exact match */
    got = walk;
    CHECK_STATUS(c->sprite_get(c, ALIVE | AKGL_ACTOR_STATE_FACE_UP, &got), AKERR_KEY);
    CHECK(got == NULL);
    CHECK_INT_EQ(fallback_calls, 2);

    /* Only that character's lookup changed. */
    CHECK_OK(other->sprite_add(other, stand, ALIVE | FACE_LEFT));
    CHECK_STATUS(other->sprite_get(other, ALIVE | FACE_LEFT | MOVING_LEFT, &got), AKERR_KEY);
    CHECK_INT_EQ(fallback_calls, 2);
    CHECK_INT_EQ(add_calls, 1);

    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_character(other));
    CHECK_INT_EQ(stand->refcount, 1);
    release_sprites();
}

/* ------------------------------------------------------------------------ */
/* Release order                                                            */
/* ------------------------------------------------------------------------ */

static void test_sprites_released_before_their_character(void)
{
    char key[PATH_MAX];
    sf_realpath(SF_SHEET_192, key);
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    CHECK_OK(akgl_character_load_json(CFIX("hero.json")));
    akgl_Character *hero = sf_character("hero");
    akgl_SpriteSheet *sheet = walk->sheet;
    SDL_Texture *tex = sheet->texture;
    akgl_Sprite *w = walk, *s = stand;
    CHECK_INT_EQ(sheet->refcount, 3); /* three sprites, no loader reference */

    /* The game lets go of its sprites (a level change): the character's
     * bindings keep the two it uses. The one it does not use goes. */
    release_sprites();
    CHECK_INT_EQ(w->refcount, 1);
    CHECK_INT_EQ(s->refcount, 1);
    CHECK(sf_sprite("hero walking left") == w);
    CHECK(sf_sprite("hero standing down") == NULL);
    CHECK_INT_EQ(sheet->refcount, 2);
    CHECK(sf_texture_alive(tex));

    /* The character's teardown releases them, and with the last the sheet. */
    CHECK_OK(akgl_heap_release_character(hero));
    CHECK(sf_sprite("hero walking left") == NULL);
    CHECK(sf_sprite("hero standing left") == NULL);
    CHECK(sf_sheet(key) == NULL);
    CHECK(!sf_texture_alive(tex));
}

static void test_character_released_before_its_sprites(void)
{
    char key[PATH_MAX];
    sf_realpath(SF_SHEET_192, key);
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    CHECK_OK(akgl_character_load_json(CFIX("hero.json")));
    akgl_Character *hero = sf_character("hero");
    akgl_SpriteSheet *sheet = walk->sheet;
    SDL_Texture *tex = sheet->texture;
    CHECK_INT_EQ(walk->refcount, 2);
    CHECK_OK(akgl_heap_release_character(hero));
    CHECK_INT_EQ(walk->refcount, 1);
    CHECK_INT_EQ(stand->refcount, 1);
    CHECK_INT_EQ(sheet->refcount, 3);

    CHECK_OK(akgl_heap_release_sprite(down));
    CHECK_OK(akgl_heap_release_sprite(stand));
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK(sf_texture_alive(tex));
    CHECK(sf_sheet(key) == sheet);
    CHECK_OK(akgl_heap_release_sprite(walk));
    CHECK(sf_sheet(key) == NULL);
    CHECK(!sf_texture_alive(tex));
    stand = walk = down = NULL;
}

/* ------------------------------------------------------------------------ */
/* The JSON loader                                                          */
/* ------------------------------------------------------------------------ */

/* The references the fixture sprites hold: a failed load must not move them. */
typedef struct Refs
{
    int stand, walk, down;
} Refs;

static Refs refs_now(void)
{
    Refs r = {stand ? stand->refcount : -1, walk ? walk->refcount : -1,
              down ? down->refcount : -1};
    return r;
}

/* Loads `path` expecting `status`, the file first in the message, the
 * needles in it, and nothing changed (sprite references included). */
static void expect_refused(const char *path, int status, const char *needle1,
                           const char *needle2)
{
    Refs before = refs_now();
    sf_expect_refused(akgl_character_load_json, path, status, needle1, needle2);
    Refs after = refs_now();
    CHECK_MSG(memcmp(&before, &after, sizeof(after)) == 0,
              "%s changed sprite references: stand %d->%d walk %d->%d down %d->%d", path,
              before.stand, after.stand, before.walk, after.walk, before.down, after.down);
}

static akgl_Character *expect_loaded(const char *path, const char *name)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int got = test_status_of_(akgl_character_load_json(path), msg);
    CHECK_MSG(got == 0, "%s: status %d (%s)", path, got, msg);
    akgl_Character *c = sf_character(name);
    CHECK_MSG(c != NULL, "%s: no character \"%s\" registered", path, name);
    return c;
}

static void test_load_the_chapter_example(void)
{
    akgl_Sprite *got = NULL;
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    akgl_Character *hero = expect_loaded(CFIX("hero.json"), "hero");
    if (hero != NULL) {
        CHECK_INT_EQ(hero->refcount, 1); /* the acquire's, held for the game */
        CHECK_INT_EQ(hero->speedtime, 100 * AKGL_TIME_ONEMS_NS); /* ms in the file, ns here */
        CHECK(hero->sx == 0.20f && hero->sy == 0.20f);
        CHECK(hero->ax == 0.20f && hero->ay == 0.20f);
        CHECK(hero->sz == 0 && hero->az == 0);
        CHECK(hero->sprite_add == akgl_character_sprite_add);
        CHECK(hero->sprite_get == akgl_character_sprite_get);
        CHECK_OK(hero->sprite_get(hero, 18, &got));
        CHECK(got == stand);
        CHECK_OK(hero->sprite_get(hero, 146, &got));
        CHECK(got == walk);
        CHECK_STATUS(hero->sprite_get(hero, FACE_LEFT, &got), AKERR_KEY);
        CHECK_INT_EQ(stand->refcount, 2);
        CHECK_INT_EQ(walk->refcount, 2);
        CHECK_INT_EQ(down->refcount, 1);
        CHECK_OK(akgl_heap_release_character(hero));
        CHECK(sf_character("hero") == NULL);
        CHECK_INT_EQ(stand->refcount, 1);
        CHECK_INT_EQ(walk->refcount, 1);
    }
    release_sprites();
}

static void test_every_key_is_required(void)
{
    static const struct
    {
        const char *file, *key, *where;
    } rows[] = {
        {"missing_name.json", "name", NULL},
        {"missing_speedtime.json", "speedtime", NULL},
        {"missing_speed_x.json", "speed_x", NULL},
        {"missing_speed_y.json", "speed_y", NULL},
        {"missing_acceleration_x.json", "acceleration_x", NULL},
        {"missing_acceleration_y.json", "acceleration_y", NULL},
        {"missing_sprite_mappings.json", "sprite_mappings", NULL},
        {"missing_state.json", "state", "\"sprite_mappings\"[1]"},
        {"missing_sprite.json", "sprite", "\"sprite_mappings\"[1]"},
    };
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        char path[PATH_MAX], needle[64];
        snprintf(path, sizeof(path), "%s/%s", SF_CHARACTERS, rows[i].file);
        snprintf(needle, sizeof(needle), "required key \"%s\" is missing", rows[i].key);
        expect_refused(path, AKERR_KEY, needle, rows[i].where);
    }
    release_sprites();
}

static void test_every_key_has_a_type(void)
{
    static const struct
    {
        const char *file, *needle, *where;
    } rows[] = {
        {"type_name.json", "key \"name\" must be a string, not an integer", NULL},
        {"type_speedtime.json", "key \"speedtime\" must be an integer, not a string", NULL},
        {"type_speedtime_real.json", "key \"speedtime\" must be an integer, not a real number",
         NULL},
        {"type_speed_x.json", "key \"speed_x\" must be a number, not a string", NULL},
        {"type_speed_y.json", "key \"speed_y\" must be a number, not a boolean", NULL},
        {"type_acceleration_x.json", "key \"acceleration_x\" must be a number, not null", NULL},
        {"type_acceleration_y.json", "key \"acceleration_y\" must be a number, not an array",
         NULL},
        {"type_sprite_mappings.json", "key \"sprite_mappings\" must be an array, not an object",
         NULL},
        {"type_mapping.json", "\"sprite_mappings\"[1]: a mapping must be an object", NULL},
        {"type_state.json", "key \"state\" must be an array, not a string",
         "\"sprite_mappings\"[1]"},
        {"type_state_element.json", "must be a string, not an integer",
         "\"sprite_mappings\"[1]"},
        {"type_sprite.json", "key \"sprite\" must be a string, not an integer",
         "\"sprite_mappings\"[1]"},
        {"toplevel_array.json", "the top level must be a JSON object", NULL},
    };
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof(path), "%s/%s", SF_CHARACTERS, rows[i].file);
        expect_refused(path, AKERR_TYPE, rows[i].needle, rows[i].where);
    }
    release_sprites();
}

static void test_state_names(void)
{
    akgl_Sprite *got = NULL;
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    /* A typo is refused, quoted, rather than skipped; so is the unprefixed
     * spelling of the old sample data. Both after a binding was made. */
    expect_refused(CFIX("unknown_state.json"), AKERR_KEY,
                   "Unknown actor state \"AKGL_ACTOR_STATE_FACE_LEFTT\"", "\"sprite_mappings\"[1]");
    expect_refused(CFIX("unprefixed_state.json"), AKERR_KEY,
                   "Unknown actor state \"ACTOR_STATE_ALIVE\"", "\"sprite_mappings\"[0]");

    /* An empty array is the key 0. */
    akgl_Character *c = expect_loaded(CFIX("empty_state.json"), "fixture empty_state");
    if (c != NULL) {
        CHECK_OK(c->sprite_get(c, 0, &got));
        CHECK(got == stand);
        CHECK_OK(akgl_heap_release_character(c));
    }
    /* Every bit has its name, MOVING_IN/OUT and the undefined ones included. */
    c = expect_loaded(CFIX("high_bits.json"), "fixture high_bits");
    if (c != NULL) {
        CHECK_OK(c->sprite_get(c, ALIVE | AKGL_ACTOR_STATE_MOVING_IN, &got));
        CHECK(got == stand);
        CHECK_OK(c->sprite_get(c, ALIVE | AKGL_ACTOR_STATE_MOVING_OUT, &got));
        CHECK(got == walk);
        CHECK(SDL_GetPointerProperty(c->state_sprites, "2064", NULL) == stand);
        CHECK(SDL_GetPointerProperty(c->state_sprites, "4112", NULL) == walk);
        CHECK(SDL_GetPointerProperty(c->state_sprites, "-2147483648", NULL) == down);
        CHECK_OK(c->sprite_get(c, INT_MIN, &got));
        CHECK(got == down);
        CHECK_OK(akgl_heap_release_character(c));
    }
    release_sprites();
}

static void test_sprites_must_be_loaded_first(void)
{
    /* No sprite loaded at all: the first mapping fails. */
    expect_refused(CFIX("hero.json"), AKERR_NULLPOINTER,
                   "character \"hero\" state 18: sprite \"hero standing left\" is not loaded",
                   NULL);
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    /* The first mapping bound, the second names a sprite nobody loaded: the
     * failed load gives the first binding's reference back too. */
    expect_refused(CFIX("unregistered_sprite.json"), AKERR_NULLPOINTER,
                   "character \"fixture unregistered_sprite\" state 146: sprite \"hero flying "
                   "left\" is not loaded",
                   NULL);
    CHECK_INT_EQ(stand->refcount, 1);
    release_sprites();
}

static void test_speedtime(void)
{
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    expect_refused(CFIX("speedtime_-1.json"), AKERR_OUTOFBOUNDS,
                   "\"speedtime\" is -1 ms; it must be 0 or more", NULL);
    akgl_Character *c = expect_loaded(CFIX("speedtime_0.json"), "fixture speedtime_0");
    if (c != NULL) {
        CHECK_INT_EQ(c->speedtime, 0);
        CHECK_OK(akgl_heap_release_character(c));
    }
    release_sprites();
}

static void test_keys_that_are_not_read(void)
{
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    akgl_Character *c = expect_loaded(CFIX("ignored_keys.json"), "fixture ignored_keys");
    if (c != NULL) {
        /* movementspeed and velocity_x/y change nothing; speed_z and
         * acceleration_z are not read, so sz and az stay 0. */
        CHECK(c->sx == 0.20f && c->sy == 0.20f && c->ax == 0.20f && c->ay == 0.20f);
        CHECK(c->sz == 0 && c->az == 0);
        CHECK_INT_EQ(c->speedtime, 100 * AKGL_TIME_ONEMS_NS);
        CHECK_OK(akgl_heap_release_character(c));
    }
    release_sprites();
}

static void test_bindings_from_json_count_like_sprite_add(void)
{
    akgl_Sprite *got = NULL;
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    /* Two states, one sprite: held twice; the repeated mapping adds nothing. */
    akgl_Character *c = expect_loaded(CFIX("same_sprite_twice.json"), "fixture same_sprite_twice");
    if (c != NULL) {
        CHECK_INT_EQ(walk->refcount, 3);
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_INT_EQ(walk->refcount, 1);
    }
    /* A state mapped twice: the second wins and the first is given back. */
    c = expect_loaded(CFIX("rebind.json"), "fixture rebind");
    if (c != NULL) {
        CHECK_OK(c->sprite_get(c, ALIVE | FACE_LEFT, &got));
        CHECK(got == stand);
        CHECK_INT_EQ(walk->refcount, 1);
        CHECK_INT_EQ(stand->refcount, 2);
        CHECK_OK(akgl_heap_release_character(c));
    }
    release_sprites();
}

static void test_names_and_duplicates(void)
{
    char name[129];
    memset(name, 'c', sizeof(name));
    name[127] = '\0';
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    expect_refused(CFIX("name_128.json"), AKERR_OUTOFBOUNDS, "character name",
                   "is 128 bytes; the limit is 127");
    akgl_Character *c = expect_loaded(CFIX("name_127.json"), name);
    if (c != NULL) {
        CHECK_OK(akgl_heap_release_character(c));
        CHECK(sf_character(name) == NULL);
    }

    akgl_Character *hero = expect_loaded(CFIX("hero.json"), "hero");
    expect_refused(CFIX("hero.json"), AKERR_REGISTRY,
                   "a character named \"hero\" is already registered", NULL);
    CHECK(sf_character("hero") == hero);
    if (hero != NULL) {
        CHECK_OK(akgl_heap_release_character(hero));
    }
    release_sprites();
}

static void test_files_that_are_not_characters(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_STATUS_MSG(akgl_character_load_json(NULL), AKERR_NULLPOINTER, "NULL filename");
    CHECK_STATUS_MSG(akgl_character_load_json(CFIX("not_json.json")), AKERR_FORMAT,
                     CFIX("not_json.json") ":1:");
    CHECK_INT_EQ(test_status_of_(akgl_character_load_json(CFIX("no_such.json")), msg), ENOENT);
    CHECK_STR_EQ(msg, CFIX("no_such.json") ": cannot open: No such file or directory");
}

/* Paths of 4095 bytes (looked for) and 4096 (refused): both messages begin
 * with the path, shortened in the middle (docs/04-json.md); nothing changes. */
static void test_overlong_path(void)
{
    static char path[AKGL_MAX_STRING_LENGTH + 1];
    test_long_path(path, AKGL_MAX_STRING_LENGTH - 1);
    sf_expect_refused(akgl_character_load_json, path, ENOENT,
                      ": cannot open: No such file or directory", NULL);
    test_long_path(path, AKGL_MAX_STRING_LENGTH);
    sf_expect_refused(akgl_character_load_json, path, AKERR_OUTOFBOUNDS,
                      ": the JSON path is 4096 bytes, too long for a pooled string (limit 4095)",
                      NULL);
}

static void test_no_state_registry(void)
{
    /* Every state name would look unknown; the message says what is missing. */
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    SDL_PropertiesID saved = AKGL_REGISTRY_ACTOR_STATE_STRINGS;
    AKGL_REGISTRY_ACTOR_STATE_STRINGS = 0;
    expect_refused(CFIX("hero.json"), AKERR_KEY, "the actor state registry does not exist", NULL);
    AKGL_REGISTRY_ACTOR_STATE_STRINGS = saved;
    release_sprites();
}

static void test_exhausted_character_pool(void)
{
    static akgl_Character *held[AKGL_MAX_HEAP_CHARACTER];
    int n = 0;
    if (!load_sprites()) {
        release_sprites();
        return;
    }
    while (akgl_test_characters_() < AKGL_MAX_HEAP_CHARACTER) {
        CHECK_OK(akgl_heap_next_character(&held[n]));
        n++;
    }
    expect_refused(CFIX("hero.json"), AKGL_ERR_HEAP, "Unable to find unused character", NULL);
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_character(held[i]));
    }
    release_sprites();
}

static void test_load_release_cycles(void)
{
    int sheets = akgl_test_sheets_(), sprites = akgl_test_sprites_();
    int characters = akgl_test_characters_(), strings = akgl_test_strings_();
    int contexts = akerr_contexts_in_use(), big = sf_big_blocks();
    for (int i = 0; i < 64; i++) {
        if (!load_sprites()) {
            release_sprites();
            return;
        }
        akgl_Character *hero = expect_loaded(CFIX("hero.json"), "hero");
        akgl_Character *same = expect_loaded(CFIX("same_sprite_twice.json"),
                                             "fixture same_sprite_twice");
        if (hero == NULL || same == NULL) {
            return;
        }
        CHECK_INT_EQ(walk->refcount, 4);
        /* alternate: characters first, then sprites first */
        if (i % 2 == 0) {
            CHECK_OK(akgl_heap_release_character(hero));
            CHECK_OK(akgl_heap_release_character(same));
            release_sprites();
        } else {
            release_sprites();
            CHECK_OK(akgl_heap_release_character(same));
            CHECK_OK(akgl_heap_release_character(hero));
        }
        CHECK_INT_EQ(akgl_test_sheets_(), sheets);
        CHECK_INT_EQ(akgl_test_sprites_(), sprites);
        CHECK_INT_EQ(akgl_test_characters_(), characters);
        CHECK_INT_EQ(akgl_test_strings_(), strings);
        CHECK_INT_EQ(akgl_test_reg_sheets_(), 0);
        CHECK_INT_EQ(akgl_test_reg_sprites_(), 0);
        CHECK_INT_EQ(akgl_test_reg_characters_(), 0);
        CHECK_INT_EQ(akerr_contexts_in_use(), contexts);
        CHECK_INT_EQ(sf_big_blocks(), big);
    }
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_initialize);
    RUN_TEST(test_initialize_names);
    RUN_TEST(test_initialize_refuses_a_registered_name);
    RUN_TEST(test_initialize_a_struct_not_from_the_pool);
    RUN_TEST(test_state_constants);
    RUN_TEST(test_exact_match_lookup);
    RUN_TEST(test_references_held_by_bindings);
    RUN_TEST(test_sprite_add_and_get_refusals);
    RUN_TEST(test_function_pointers_are_what_is_called);
    RUN_TEST(test_sprites_released_before_their_character);
    RUN_TEST(test_character_released_before_its_sprites);
    RUN_TEST(test_load_the_chapter_example);
    RUN_TEST(test_every_key_is_required);
    RUN_TEST(test_every_key_has_a_type);
    RUN_TEST(test_state_names);
    RUN_TEST(test_sprites_must_be_loaded_first);
    RUN_TEST(test_speedtime);
    RUN_TEST(test_keys_that_are_not_read);
    RUN_TEST(test_bindings_from_json_count_like_sprite_add);
    RUN_TEST(test_names_and_duplicates);
    RUN_TEST(test_files_that_are_not_characters);
    RUN_TEST(test_overlong_path);
    RUN_TEST(test_no_state_registry);
    RUN_TEST(test_exhausted_character_pool);
    RUN_TEST(test_load_release_cycles);
    sf_unbind_renderer();
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
