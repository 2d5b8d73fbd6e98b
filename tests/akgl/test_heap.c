/*
 * The heap: every layer to its ceiling and back, exhaustion, reuse, the
 * reference rules of the fixed heap, and each layer's teardown.
 */
#include <akgl/actor.h>
#include <akgl/heap.h>
#include <akgl/registry.h>

#include <SDL3/SDL.h>

#include "akgl_test.h"

/* The five layers behind one interface, so each test runs against all. */
typedef struct Layer
{
    akgl_HeapLayer id;
    const char *name;
    int capacity;
    akerr_ErrorContext *(*next)(void **dest);
    akerr_ErrorContext *(*release)(void *obj);
} Layer;

static akerr_ErrorContext *next_actor(void **d) { return akgl_heap_next_actor((akgl_Actor **)d); }
static akerr_ErrorContext *next_sprite(void **d) { return akgl_heap_next_sprite((akgl_Sprite **)d); }
static akerr_ErrorContext *next_sheet(void **d)
{
    return akgl_heap_next_spritesheet((akgl_SpriteSheet **)d);
}
static akerr_ErrorContext *next_character(void **d)
{
    return akgl_heap_next_character((akgl_Character **)d);
}
static akerr_ErrorContext *next_string(void **d) { return akgl_heap_next_string((akgl_String **)d); }
static akerr_ErrorContext *rel_actor(void *o) { return akgl_heap_release_actor(o); }
static akerr_ErrorContext *rel_sprite(void *o) { return akgl_heap_release_sprite(o); }
static akerr_ErrorContext *rel_sheet(void *o) { return akgl_heap_release_spritesheet(o); }
static akerr_ErrorContext *rel_character(void *o) { return akgl_heap_release_character(o); }
static akerr_ErrorContext *rel_string(void *o) { return akgl_heap_release_string(o); }

static const Layer layers[] = {
    {AKGL_HEAP_ACTOR, "actor", AKGL_MAX_HEAP_ACTOR, next_actor, rel_actor},
    {AKGL_HEAP_SPRITE, "sprite", AKGL_MAX_HEAP_SPRITE, next_sprite, rel_sprite},
    {AKGL_HEAP_SPRITESHEET, "spritesheet", AKGL_MAX_HEAP_SPRITESHEET, next_sheet, rel_sheet},
    {AKGL_HEAP_CHARACTER, "character", AKGL_MAX_HEAP_CHARACTER, next_character, rel_character},
    {AKGL_HEAP_STRING, "string", AKGL_MAX_HEAP_STRING, next_string, rel_string},
};
#define NLAYERS ((int)(sizeof(layers) / sizeof(layers[0])))

/* Large enough for the biggest pool. */
static void *held[AKGL_MAX_HEAP_SPRITE + 1];

static int in_use(akgl_HeapLayer layer)
{
    return akgl_test_layer_count_(layer);
}

static void test_fill_exhaust_release_reuse(void)
{
    for (int l = 0; l < NLAYERS; l++) {
        const Layer *L = &layers[l];
        char needle[128];

        for (int i = 0; i < L->capacity; i++) {
            held[i] = NULL;
            CHECK_OK(L->next(&held[i]));
            CHECK(held[i] != NULL);
            CHECK_INT_EQ(*(int *)held[i], 1); /* the acquire took the reference */
        }
        CHECK_INT_EQ(in_use(L->id), L->capacity);
        /* Every slot handed out once: all distinct. */
        for (int i = 1; i < L->capacity; i++) {
            CHECK(held[i] != held[i - 1]);
        }

        void *extra = NULL;
        snprintf(needle, sizeof(needle), "Unable to find unused %s on the heap", L->name);
        CHECK_STATUS_MSG(L->next(&extra), AKGL_ERR_HEAP, needle);
        CHECK(extra == NULL);

        /* Releasing one slot makes the next acquire succeed, with that slot. */
        int mid = L->capacity / 2;
        CHECK_OK(L->release(held[mid]));
        CHECK_INT_EQ(in_use(L->id), L->capacity - 1);
        CHECK_OK(L->next(&extra));
        CHECK(extra == held[mid]);

        for (int i = 0; i < L->capacity; i++) {
            CHECK_OK(L->release(held[i]));
        }
        CHECK_INT_EQ(in_use(L->id), 0);
    }
}

static void test_exhaustion_message_names_ceiling(void)
{
    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        CHECK_OK(akgl_heap_next_actor((akgl_Actor **)&held[i]));
    }
    akgl_Actor *extra = NULL;
    CHECK_STATUS_MSG(akgl_heap_next_actor(&extra), AKGL_ERR_HEAP, "AKGL_MAX_HEAP_ACTOR");
    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        CHECK_OK(akgl_heap_release_actor(held[i]));
    }
}

static void test_null_dest_and_null_release(void)
{
    for (int l = 0; l < NLAYERS; l++) {
        CHECK_STATUS(layers[l].next(NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(layers[l].release(NULL), AKERR_NULLPOINTER);
        CHECK_INT_EQ(in_use(layers[l].id), 0);
    }
}

static void test_double_release_is_an_error(void)
{
    for (int l = 0; l < NLAYERS; l++) {
        void *obj = NULL;
        CHECK_OK(layers[l].next(&obj));
        CHECK_OK(layers[l].release(obj));
        CHECK_STATUS_MSG(layers[l].release(obj), AKGL_ERR_HEAP, "already released");
        CHECK_INT_EQ(in_use(layers[l].id), 0);
        /* The slot is not on the free list twice: two acquires give two slots. */
        void *a = NULL, *b = NULL;
        CHECK_OK(layers[l].next(&a));
        CHECK_OK(layers[l].next(&b));
        CHECK(a != b);
        CHECK_OK(layers[l].release(a));
        CHECK_OK(layers[l].release(b));
    }
}

static void test_two_acquires_never_share_a_slot(void)
{
    /* The seed's defect: before initialisation, a second acquire got the
     * same slot. Now the acquire holds the reference. */
    akgl_Actor *first = NULL, *second = NULL;
    CHECK_OK(akgl_heap_next_actor(&first));
    CHECK_OK(akgl_heap_next_actor(&second));
    CHECK(first != second);
    CHECK_OK(akgl_heap_release_actor(first));
    CHECK_OK(akgl_heap_release_actor(second));
}

static void test_extra_reference_keeps_slot_alive(void)
{
    akgl_String *s = NULL;
    CHECK_OK(akgl_heap_next_string(&s));
    CHECK_OK(akgl_string_initialize(s, "kept"));
    s->refcount++; /* a second holder */
    CHECK_OK(akgl_heap_release_string(s));
    CHECK_INT_EQ(s->refcount, 1);
    CHECK_STR_EQ(s->data, "kept");
    CHECK_INT_EQ(in_use(AKGL_HEAP_STRING), 1);
    CHECK_OK(akgl_heap_release_string(s));
    CHECK_INT_EQ(in_use(AKGL_HEAP_STRING), 0);
    CHECK_INT_EQ(s->data[0], 0); /* zeroed at teardown */
}

static void test_released_slots_come_back_zeroed(void)
{
    akgl_Sprite *sp = NULL;
    CHECK_OK(akgl_heap_next_sprite(&sp));
    sp->width = 48;
    sp->frames = 3;
    sp->loop = true;
    CHECK_OK(akgl_heap_release_sprite(sp));
    akgl_Sprite *again = NULL;
    CHECK_OK(akgl_heap_next_sprite(&again));
    CHECK(again == sp);
    CHECK_INT_EQ(again->width, 0);
    CHECK_INT_EQ(again->frames, 0);
    CHECK(!again->loop);
    CHECK_OK(akgl_heap_release_sprite(again));
}

static void test_contains_and_in_use_arguments(void)
{
    akgl_Sprite local;
    bool yes = true;
    int n = 0;
    CHECK_OK(akgl_heap_contains(AKGL_HEAP_SPRITE, &akgl_heap_sprites[3], &yes));
    CHECK(yes);
    CHECK_OK(akgl_heap_contains(AKGL_HEAP_SPRITE, &local, &yes));
    CHECK(!yes);
    /* A pointer into the middle of a slot is not a slot. */
    CHECK_OK(akgl_heap_contains(AKGL_HEAP_SPRITE, &akgl_heap_sprites[3].width, &yes));
    CHECK(!yes);
    CHECK_STATUS(akgl_heap_contains(AKGL_HEAP_SPRITE, NULL, &yes), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_heap_contains(AKGL_HEAP_SPRITE, &local, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_heap_contains(AKGL_HEAP_LAYER_COUNT, &local, &yes), AKERR_INDEX);
    CHECK_STATUS(akgl_heap_in_use(AKGL_HEAP_LAYER_COUNT, &n), AKERR_INDEX);
    CHECK_STATUS(akgl_heap_in_use((akgl_HeapLayer)-1, &n), AKERR_INDEX);
    CHECK_STATUS(akgl_heap_in_use(AKGL_HEAP_ACTOR, NULL), AKERR_NULLPOINTER);
}

/* ------------------------------------------------------------------------ */
/* Teardown side effects                                                    */
/* ------------------------------------------------------------------------ */

static void test_sprite_teardown_leaves_registry_and_releases_sheet(void)
{
    akgl_SpriteSheet *sheet = NULL;
    akgl_Sprite *sprite = NULL;
    void *found = NULL;

    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    CHECK_OK(akgl_heap_next_sprite(&sprite));
    SDL_strlcpy(sprite->name, "walk", sizeof(sprite->name));
    sprite->sheet = sheet;
    sheet->refcount++; /* the sprite's reference on its sheet */
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "walk", sprite));

    CHECK_OK(akgl_heap_release_sprite(sprite));
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "walk", &found));
    CHECK(found == NULL);
    CHECK_INT_EQ(sheet->refcount, 1); /* the sprite gave its reference back */
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_teardown_removes_only_its_own_registry_entry(void)
{
    akgl_Sprite *a = NULL, *b = NULL;
    void *found = NULL;
    CHECK_OK(akgl_heap_next_sprite(&a));
    CHECK_OK(akgl_heap_next_sprite(&b));
    SDL_strlcpy(a->name, "idle", sizeof(a->name));
    SDL_strlcpy(b->name, "idle", sizeof(b->name));
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "idle", b));
    /* a carries the same name but is not the registered one. */
    CHECK_OK(akgl_heap_release_sprite(a));
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "idle", &found));
    CHECK(found == b);
    CHECK_OK(akgl_heap_release_sprite(b));
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "idle", &found));
    CHECK(found == NULL);
}

/* A real texture on a software renderer: no window, no video driver. */
typedef struct Canvas
{
    SDL_Surface *surface;
    SDL_Renderer *renderer;
} Canvas;

static bool canvas_open(Canvas *c)
{
    c->surface = SDL_CreateSurface(16, 16, SDL_PIXELFORMAT_RGBA8888);
    c->renderer = c->surface ? SDL_CreateSoftwareRenderer(c->surface) : NULL;
    return c->renderer != NULL;
}

static void canvas_close(Canvas *c)
{
    SDL_DestroyRenderer(c->renderer);
    SDL_DestroySurface(c->surface);
}

static void test_spritesheet_teardown_destroys_texture_once(void)
{
    Canvas canvas;
    akgl_SpriteSheet *sheet = NULL;
    void *found = NULL;
    float w = 0, h = 0;

    CHECK(canvas_open(&canvas));
    SDL_Texture *tex = SDL_CreateTexture(canvas.renderer, SDL_PIXELFORMAT_RGBA8888,
                                         SDL_TEXTUREACCESS_STATIC, 4, 4);
    CHECK(tex != NULL);
    CHECK(SDL_GetTextureSize(tex, &w, &h));

    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    SDL_strlcpy(sheet->name, "/assets/hero.png", sizeof(sheet->name));
    sheet->texture = tex;
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITESHEET, "spritesheet", sheet->name, sheet));

    CHECK_OK(akgl_heap_release_spritesheet(sheet));
    /* SDL validates object pointers: a destroyed texture is reported invalid. */
    CHECK(!SDL_GetTextureSize(tex, &w, &h));
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SPRITESHEET, "spritesheet", "/assets/hero.png",
                               &found));
    CHECK(found == NULL);
    CHECK(sheet->texture == NULL);
    /* A second release is refused before it could destroy anything again. */
    CHECK_STATUS(akgl_heap_release_spritesheet(sheet), AKGL_ERR_HEAP);
    canvas_close(&canvas);
}

static void test_character_teardown_releases_every_binding(void)
{
    akgl_Character *c = NULL;
    akgl_Sprite *s = NULL;
    void *found = NULL;

    CHECK_OK(akgl_heap_next_sprite(&s));
    CHECK_OK(akgl_heap_next_character(&c));
    SDL_strlcpy(c->name, "hero", sizeof(c->name));
    c->state_sprites = SDL_CreateProperties();
    CHECK(c->state_sprites != 0);
    /* One sprite bound to two states holds two references. */
    CHECK(SDL_SetPointerProperty(c->state_sprites, "18", s));
    CHECK(SDL_SetPointerProperty(c->state_sprites, "146", s));
    s->refcount += 2;
    SDL_PropertiesID map = c->state_sprites;
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_CHARACTER, "character", "hero", c));

    CHECK_OK(akgl_heap_release_character(c));
    CHECK_INT_EQ(s->refcount, 1);
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", "hero", &found));
    CHECK(found == NULL);
    /* The map is gone: SDL no longer knows the ID. */
    CHECK(SDL_GetPointerProperty(map, "18", NULL) == NULL);
    CHECK_OK(akgl_heap_release_sprite(s));
}

static void test_actor_teardown_children_character_registry(void)
{
    akgl_Actor *parent = NULL, *child = NULL, *kept = NULL;
    akgl_Character *c = NULL;
    void *found = NULL;

    CHECK_OK(akgl_heap_next_character(&c));
    CHECK_OK(akgl_heap_next_actor(&parent));
    CHECK_OK(akgl_actor_initialize(parent, "parent"));
    CHECK_OK(akgl_heap_next_actor(&child));
    CHECK_OK(akgl_actor_initialize(child, "child"));
    CHECK_OK(akgl_heap_next_actor(&kept));
    CHECK_OK(akgl_actor_initialize(kept, "kept"));

    parent->basechar = c;
    c->refcount++;
    parent->children[0] = child; /* the parent holds the child's only reference */
    child->parent = parent;
    parent->children[3] = kept; /* kept has a holder of its own too */
    kept->refcount++;
    kept->parent = parent;

    CHECK_OK(akgl_heap_release_actor(parent));
    CHECK_INT_EQ(in_use(AKGL_HEAP_ACTOR), 1);
    CHECK_INT_EQ(kept->refcount, 1);
    CHECK(kept->parent == NULL); /* not left pointing at a freed slot */
    CHECK_INT_EQ(c->refcount, 1);
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "parent", &found));
    CHECK(found == NULL);
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "child", &found));
    CHECK(found == NULL);
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "kept", &found));
    CHECK(found == kept);

    CHECK_OK(akgl_heap_release_actor(kept));
    CHECK_OK(akgl_heap_release_character(c));
}

static void test_actor_release_with_child_cycle_terminates(void)
{
    akgl_Actor *a = NULL, *b = NULL, *c = NULL;
    CHECK_OK(akgl_heap_next_actor(&a));
    CHECK_OK(akgl_actor_initialize(a, "a"));
    CHECK_OK(akgl_heap_next_actor(&b));
    CHECK_OK(akgl_actor_initialize(b, "b"));
    CHECK_OK(akgl_heap_next_actor(&c));
    CHECK_OK(akgl_actor_initialize(c, "c"));
    /* a -> b -> c -> a, and a is its own child too: written straight into
     * the public arrays, as a game could. */
    a->children[0] = b;
    b->children[0] = c;
    c->children[0] = a;
    a->children[1] = a;

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_INT_EQ(in_use(AKGL_HEAP_ACTOR), 0);
}

static void test_teardown_error_still_frees_the_slot(void)
{
    /* A sprite whose sheet was already released: the sheet release fails,
     * but the sprite's slot must still be freed and the error returned. */
    akgl_SpriteSheet *sheet = NULL;
    akgl_Sprite *sprite = NULL;
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    CHECK_OK(akgl_heap_next_sprite(&sprite));
    sprite->sheet = sheet; /* no reference taken: the bug under test */
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
    CHECK_STATUS_MSG(akgl_heap_release_sprite(sprite), AKGL_ERR_HEAP, "already released");
    CHECK_INT_EQ(in_use(AKGL_HEAP_SPRITE), 0);
    CHECK_INT_EQ(in_use(AKGL_HEAP_SPRITESHEET), 0);
}

/* Zeroing live slots stranded what they held; the resets refuse instead. */
static void test_heap_init_actor_refuses_live_actors(void)
{
    akgl_Actor *a = NULL;
    akgl_String *s = NULL;
    CHECK_OK(akgl_heap_next_actor(&a));
    CHECK_OK(akgl_heap_next_string(&s));
    CHECK_STATUS_MSG(akgl_heap_init_actor(), AKERR_BEHAVIOR, "1 actor slot is still live");
    CHECK_INT_EQ(a->refcount, 1);
    CHECK_STATUS_MSG(akgl_heap_init(), AKERR_BEHAVIOR, "still live");
    CHECK_INT_EQ(in_use(AKGL_HEAP_ACTOR), 1);
    CHECK_INT_EQ(in_use(AKGL_HEAP_STRING), 1);
    CHECK_OK(akgl_heap_release_actor(a));
    /* Only actors count for the actor reset: a live string does not stop it. */
    CHECK_OK(akgl_heap_init_actor());
    CHECK_OK(akgl_heap_release_string(s));
    /* After the reset the first acquire starts from slot 0 again. */
    CHECK_OK(akgl_heap_next_actor(&a));
    CHECK(a == &akgl_heap_actors[0]);
    CHECK_OK(akgl_heap_release_actor(a));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_fill_exhaust_release_reuse);
    RUN_TEST(test_exhaustion_message_names_ceiling);
    RUN_TEST(test_null_dest_and_null_release);
    RUN_TEST(test_double_release_is_an_error);
    RUN_TEST(test_two_acquires_never_share_a_slot);
    RUN_TEST(test_extra_reference_keeps_slot_alive);
    RUN_TEST(test_released_slots_come_back_zeroed);
    RUN_TEST(test_contains_and_in_use_arguments);
    RUN_TEST(test_sprite_teardown_leaves_registry_and_releases_sheet);
    RUN_TEST(test_teardown_removes_only_its_own_registry_entry);
    RUN_TEST(test_spritesheet_teardown_destroys_texture_once);
    RUN_TEST(test_character_teardown_releases_every_binding);
    RUN_TEST(test_actor_teardown_children_character_registry);
    RUN_TEST(test_actor_release_with_child_cycle_terminates);
    RUN_TEST(test_teardown_error_still_frees_the_slot);
    RUN_TEST(test_heap_init_actor_refuses_live_actors);
    return AKGL_TEST_END();
}
