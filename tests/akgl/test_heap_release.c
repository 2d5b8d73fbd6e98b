/*
 * akgl_heap_release_* given a pointer that is not a slot of its pool
 * (docs/05-heap.md, "What a release accepts"): for every pooled kind, a
 * pointer 8 bytes into a live slot, a static fake and NULL are refused with
 * their status and a message naming the kind and why, and nothing is
 * written: the slot, its neighbour and every count stay as they were. Kinds
 * a game may initialise outside the pool still release such a struct.
 */
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/image.h>
#include <akgl/sound.h>
#include <akgl/sprite.h>
#include <akgl/staticstring.h>
#include <akgl/text.h>
#include <akgl/tilemap.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "akgl_test.h"

/* ---- the kinds, through one shape ------------------------------------- */

#define NEXT_AND_RELEASE(kind, type)                                          \
    static akerr_ErrorContext *next_##kind(void **dest)                       \
    {                                                                         \
        type *obj = NULL;                                                     \
        akerr_ErrorContext *e = akgl_heap_next_##kind(&obj);                  \
        *dest = obj;                                                          \
        return e;                                                             \
    }                                                                         \
    static akerr_ErrorContext *release_##kind(void *obj)                      \
    {                                                                         \
        return akgl_heap_release_##kind(obj);                                 \
    }

NEXT_AND_RELEASE(actor, akgl_Actor)
NEXT_AND_RELEASE(sprite, akgl_Sprite)
NEXT_AND_RELEASE(spritesheet, akgl_SpriteSheet)
NEXT_AND_RELEASE(character, akgl_Character)
NEXT_AND_RELEASE(string, akgl_String)
NEXT_AND_RELEASE(tilemap, akgl_Tilemap)
NEXT_AND_RELEASE(font, akgl_Font)
NEXT_AND_RELEASE(image, akgl_Image)
NEXT_AND_RELEASE(sound, akgl_Sound)

/* The fakes: static, a count of 1, a name where the kind has one. The font
 * is opaque, so its fake is bytes of its (unknown) size: larger than it. */
static akgl_Actor fake_actor = {.refcount = 1, .name = "fake"};
static akgl_Sprite fake_sprite = {.refcount = 1, .name = "fake"};
static akgl_SpriteSheet fake_spritesheet = {.refcount = 1, .name = "/fake.png"};
static akgl_Character fake_character = {.refcount = 1, .name = "fake"};
static akgl_String fake_string = {.refcount = 1, .data = "fake"};
static akgl_Tilemap fake_tilemap = {.refcount = 1, .path = "/fake.tmj"};
static akgl_Sound fake_sound = {.refcount = 1, .name = "fake"};
static _Alignas(64) unsigned char fake_font[1 << 16] = {1};
static _Alignas(64) unsigned char fake_image[1 << 12] = {1};

typedef enum Outside
{
    POOL_ONLY,     /* only ever a slot: anything outside the pool is refused */
    REGISTERED,    /* outside the pool when its *_initialize registered it */
    CALLERS_OWN,   /* a string: the caller's memory, accepted outside the pool */
} Outside;

typedef struct Kind
{
    const char *what;
    akgl_HeapLayer layer;
    akerr_ErrorContext *(*next)(void **dest);
    akerr_ErrorContext *(*release)(void *obj);
    size_t size;        /* sizeof the struct; 0 when opaque (the font) */
    size_t name_at;     /* the name (or path) field; size_t max: none to write */
    size_t name_size;
    void *fake;
    size_t fake_size;
    Outside outside;
} Kind;

#define NONE ((size_t)-1)
#define KIND(name, layer, type, field, outside)                                                 \
    {#name, layer, next_##name, release_##name, sizeof(type), offsetof(type, field),            \
     sizeof(((type *)0)->field), &fake_##name, sizeof(fake_##name), outside}

static const Kind kinds[] = {
    KIND(actor, AKGL_HEAP_ACTOR, akgl_Actor, name, REGISTERED),
    KIND(sprite, AKGL_HEAP_SPRITE, akgl_Sprite, name, REGISTERED),
    KIND(spritesheet, AKGL_HEAP_SPRITESHEET, akgl_SpriteSheet, name, REGISTERED),
    KIND(character, AKGL_HEAP_CHARACTER, akgl_Character, name, REGISTERED),
    KIND(string, AKGL_HEAP_STRING, akgl_String, data, CALLERS_OWN),
    KIND(tilemap, AKGL_HEAP_TILEMAP, akgl_Tilemap, path, POOL_ONLY),
    {"font", AKGL_HEAP_FONT, next_font, release_font, 0, NONE, 0, fake_font, sizeof(fake_font),
     POOL_ONLY},
    KIND(sound, AKGL_HEAP_SOUND, akgl_Sound, name, POOL_ONLY),
    {"image", AKGL_HEAP_IMAGE, next_image, release_image, 0, NONE, 0, fake_image,
     sizeof(fake_image), POOL_ONLY},
};

static int in_use(akgl_HeapLayer layer)
{
    int n = -1;
    CHECK_OK(akgl_heap_in_use(layer, &n));
    return n;
}

/* ---- a pointer 8 bytes into a live slot ------------------------------- */

static void check_into_a_live_slot(const Kind *k)
{
    void *a = NULL, *b = NULL;
    int base = in_use(k->layer);
    CHECK_OK(k->next(&a));
    CHECK_OK(k->next(&b));
    if (a == NULL || b == NULL) {
        IGNORE(a != NULL ? k->release(a) : NULL);
        IGNORE(b != NULL ? k->release(b) : NULL);
        return;
    }
    /* Two slots taken one after the other are neighbours (the free stack
     * hands back the last slot released, then the cursor the next fresh
     * one); the test reads them in address order. */
    unsigned char *lower = (unsigned char *)(a < b ? a : b);
    unsigned char *upper = (unsigned char *)(a < b ? b : a);
    size_t stride = (size_t)(upper - lower);
    if (k->size != 0) {
        CHECK_INT_EQ((long long)stride, (long long)k->size);
    }
    CHECK(stride > 16);
    if (k->name_at != NONE) {
        snprintf((char *)lower + k->name_at, k->name_size, "lower %s", k->what);
        snprintf((char *)upper + k->name_at, k->name_size, "upper %s", k->what);
    }
    /* What the old release took for a count there: make it a live one, so
     * a release that trusted it would give it back and zero the bytes from
     * there on, the start of the neighbour (its count, its name) included. */
    int saved;
    memcpy(&saved, lower + 8, sizeof(saved));
    int one = 1;
    memcpy(lower + 8, &one, sizeof(one));
    unsigned char *before = malloc(2 * stride);
    CHECK(before != NULL);
    if (before == NULL) {
        return;
    }
    memcpy(before, lower, 2 * stride);

    char needle[96];
    snprintf(needle, sizeof(needle), "is not %s %s slot of the pool (8 bytes into slot ",
             strchr("aeiou", k->what[0]) != NULL ? "an" : "a", k->what);
    char said[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_INT_EQ(test_status_of_(k->release(lower + 8), said), AKERR_BEHAVIOR);
    CHECK_CONTAINS(said, needle);
    char head[64];
    snprintf(head, sizeof(head), "akgl_heap_release_%s: ", k->what);
    CHECK_CONTAINS(said, head);
    CHECK(memcmp(before, lower, 2 * stride) == 0); /* neither slot was touched */
    CHECK_INT_EQ(in_use(k->layer), base + 2);
    free(before);

    memcpy(lower + 8, &saved, sizeof(saved));
    CHECK_OK(k->release(a));
    CHECK_OK(k->release(b));
    CHECK_INT_EQ(in_use(k->layer), base);
}

/* ---- a static fake, and NULL ------------------------------------------ */

static void check_fake_and_null(const Kind *k)
{
    int base = in_use(k->layer);
    unsigned char *copy = malloc(k->fake_size);
    CHECK(copy != NULL);
    if (copy == NULL) {
        return;
    }
    memcpy(copy, k->fake, k->fake_size);
    char needle[160];
    const char *a = strchr("aeiou", k->what[0]) != NULL ? "an" : "a";
    switch (k->outside) {
    case POOL_ONLY:
        snprintf(needle, sizeof(needle), "is not in the %s pool (%s %s is only ever a slot of it)",
                 k->what, a, k->what);
        CHECK_STATUS_MSG(k->release(k->fake), AKERR_BEHAVIOR, needle);
        CHECK(memcmp(copy, k->fake, k->fake_size) == 0);
        break;
    case REGISTERED:
        snprintf(needle, sizeof(needle),
                 "is neither in the %s pool nor %s %s akgl_%s_initialize made (no %s \"%s\" "
                 "is registered at that address)",
                 k->what, a, k->what, k->what, k->what, (const char *)k->fake + k->name_at);
        CHECK_STATUS_MSG(k->release(k->fake), AKERR_BEHAVIOR, needle);
        CHECK(memcmp(copy, k->fake, k->fake_size) == 0);
        break;
    case CALLERS_OWN:
        /* Nothing tells a string a caller initialised from one it made up,
         * and nothing but its own bytes changes: accepted, and zeroed. */
        CHECK_OK(k->release(k->fake));
        CHECK_INT_EQ(*(int *)k->fake, 0);
        CHECK_STATUS_MSG(k->release(k->fake), AKGL_ERR_HEAP, "(not a pool slot) is already released");
        memcpy(k->fake, copy, k->fake_size);
        break;
    }
    snprintf(needle, sizeof(needle), "akgl_heap_release_%s: NULL %s", k->what, k->what);
    CHECK_STATUS_MSG(k->release(NULL), AKERR_NULLPOINTER, needle);
    CHECK_INT_EQ(in_use(k->layer), base);
    free(copy);
}

static void check_kind(const Kind *k)
{
    check_into_a_live_slot(k);
    check_fake_and_null(k);
}

static void test_actor(void) { check_kind(&kinds[0]); }
static void test_sprite(void) { check_kind(&kinds[1]); }
static void test_spritesheet(void) { check_kind(&kinds[2]); }
static void test_character(void) { check_kind(&kinds[3]); }
static void test_string(void) { check_kind(&kinds[4]); }
static void test_tilemap(void) { check_kind(&kinds[5]); }
static void test_font(void) { check_kind(&kinds[6]); }
static void test_sound(void) { check_kind(&kinds[7]); }

/* ---- the edges of the pool -------------------------------------------- */

static void test_pointers_at_the_edges_of_the_pool(void)
{
    int capacity = 0;
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_ACTOR, &capacity));
    unsigned char *slots = (unsigned char *)akgl_heap_actors;
    /* Overlapping slot 0 from before it. */
    CHECK_STATUS_MSG(akgl_heap_release_actor((akgl_Actor *)(void *)(slots - 8)), AKERR_BEHAVIOR,
                     "is not an actor slot of the pool (8 bytes before slot 0, which it overlaps)");
    /* The zero slots after the last, which the pool never hands out. */
    char needle[128];
    snprintf(needle, sizeof(needle), "(%zu bytes past the end of slot %d, the last of %d)",
             sizeof(akgl_Actor), capacity - 1, capacity);
    CHECK_STATUS_MSG(akgl_heap_release_actor(&akgl_heap_actors[capacity + 1]), AKERR_BEHAVIOR,
                     needle);
    /* A free slot is the pool's: already released, as before. */
    CHECK_STATUS_MSG(akgl_heap_release_actor(&akgl_heap_actors[capacity - 1]), AKGL_ERR_HEAP,
                     "is already released (refcount 0)");
}

/* ---- outside the pool: what its module made, and what it did not ------ */

static void test_outside_structs_the_kind_made_still_release(void)
{
    static akgl_Actor actor;
    static akgl_Character character;
    akgl_String string;
    int actors = akgl_test_reg_actors_();
    CHECK_OK(akgl_actor_initialize(&actor, "outside actor"));
    CHECK_OK(akgl_character_initialize(&character, "outside character"));
    CHECK_OK(akgl_string_initialize(&string, "outside string"));
    CHECK_INT_EQ(akgl_test_reg_actors_(), actors + 1);
    CHECK_OK(akgl_heap_release_actor(&actor));
    CHECK_OK(akgl_heap_release_character(&character));
    CHECK_OK(akgl_heap_release_string(&string));
    CHECK_INT_EQ(actor.refcount, 0);
    CHECK_INT_EQ(character.refcount, 0);
    CHECK_INT_EQ(string.refcount, 0);
    /* Released, a struct outside the pool is all zeros but for an actor's
     * name: a second release is "already released", as for a slot. */
    CHECK_STATUS_MSG(akgl_heap_release_actor(&actor), AKGL_ERR_HEAP,
                     "(not a pool slot) is already released (refcount 0)");
}


/*
 * A released actor keeps its name in its slot (all else is zeroed), so a
 * message about it names it; the next acquire of the slot zeroes the name,
 * so the slot handed out is all zero but its count.
 */
static void test_a_released_actor_keeps_its_name_for_messages(void)
{
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_heap_next_actor(&a));
    if (a == NULL) {
        return;
    }
    CHECK_OK(akgl_actor_initialize(a, "coin"));
    a->x = 12.0f;
    a->userdata = a;
    int slot = (int)(a - akgl_heap_actors);
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_STR_EQ(a->name, "coin");
    CHECK(a->x == 0.0f && a->userdata == NULL && a->refcount == 0);
    char want[96];
    snprintf(want, sizeof(want), "actor 'coin' (slot %d) is already released (refcount 0)", slot);
    CHECK_STATUS_MSG(akgl_heap_release_actor(a), AKGL_ERR_HEAP, want);
    akgl_Actor *again = NULL;
    CHECK_OK(akgl_heap_next_actor(&again));
    CHECK(again == a);
    if (again != NULL) {
        static const akgl_Actor zero;
        akgl_Actor want_slot = zero;
        want_slot.refcount = 1;
        CHECK(memcmp(again, &want_slot, sizeof(want_slot)) == 0);
        CHECK_OK(akgl_heap_release_actor(again));
    }
    /* Outside the pool the name is kept too. */
    static akgl_Actor mine;
    CHECK_OK(akgl_actor_initialize(&mine, "mine"));
    CHECK_OK(akgl_heap_release_actor(&mine));
    CHECK_STATUS_MSG(akgl_heap_release_actor(&mine), AKGL_ERR_HEAP,
                     "actor 'mine' (not a pool slot) is already released");
}

static void test_a_fake_named_as_a_registered_object_is_refused(void)
{
    akgl_Actor *real = NULL;
    static akgl_Actor mine;
    static akgl_Actor twin;
    CHECK_OK(akgl_heap_next_actor(&real));
    CHECK_OK(akgl_actor_initialize(real, "real"));
    CHECK_OK(akgl_actor_initialize(&mine, "mine"));
    /* Copies of both, at other addresses: the names are registered, but
     * not to them. */
    twin = *real;
    CHECK_STATUS_MSG(akgl_heap_release_actor(&twin), AKERR_BEHAVIOR,
                     "(no actor \"real\" is registered at that address)");
    twin = mine;
    CHECK_STATUS_MSG(akgl_heap_release_actor(&twin), AKERR_BEHAVIOR,
                     "(no actor \"mine\" is registered at that address)");
    CHECK_INT_EQ(real->refcount, 1);
    CHECK_INT_EQ(mine.refcount, 1);
    CHECK_INT_EQ(twin.refcount, 1);
    CHECK_OK(akgl_heap_release_actor(&mine));
    CHECK_OK(akgl_heap_release_actor(real));
}

static void test_a_fake_without_a_name_is_refused(void)
{
    static akgl_Character nameless = {.refcount = 2};
    static akgl_Sprite unterminated = {.refcount = 1};
    memset(unterminated.name, 'x', sizeof(unterminated.name));
    CHECK_STATUS_MSG(akgl_heap_release_character(&nameless), AKERR_BEHAVIOR,
                     "is neither in the character pool nor a character "
                     "akgl_character_initialize made (it has no name)");
    CHECK_STATUS_MSG(akgl_heap_release_sprite(&unterminated), AKERR_BEHAVIOR,
                     "(it has no name)");
    CHECK_INT_EQ(nameless.refcount, 2);
    CHECK_INT_EQ(unterminated.refcount, 1);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_actor);
    RUN_TEST(test_sprite);
    RUN_TEST(test_spritesheet);
    RUN_TEST(test_character);
    RUN_TEST(test_string);
    RUN_TEST(test_tilemap);
    RUN_TEST(test_font);
    RUN_TEST(test_sound);
    RUN_TEST(test_pointers_at_the_edges_of_the_pool);
    RUN_TEST(test_outside_structs_the_kind_made_still_release);
    RUN_TEST(test_a_fake_named_as_a_registered_object_is_refused);
    RUN_TEST(test_a_fake_without_a_name_is_refused);
    RUN_TEST(test_a_released_actor_keeps_its_name_for_messages);
    return AKGL_TEST_END();
}
