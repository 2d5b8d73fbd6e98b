/* mmap and MAP_ANONYMOUS, for the guard page in one actor test. */
#define _DEFAULT_SOURCE

/*
 * akgl's registries (<akgl/registry.h>): creation, replacement and teardown,
 * the state-string registry, the generic get/add/remove/count rules,
 * akgl_registry_iterate_actor, and the registry side of akgl_actor_initialize.
 */
#include <akgl/actor.h>
#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/registry.h>

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef _WIN32
/* The guard page's calls, declared rather than through <windows.h>, whose
 * IGNORE would clash with akerror.h's. */
__declspec(dllimport) void *__stdcall VirtualAlloc(void *at, size_t size, unsigned long type,
                                                   unsigned long protect);
__declspec(dllimport) int __stdcall VirtualProtect(void *at, size_t size, unsigned long protect,
                                                   unsigned long *old);
__declspec(dllimport) int __stdcall VirtualFree(void *at, size_t size, unsigned long type);
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "akgl_test.h"

/* A status of the test's own, for errors raised in callbacks. */
#define TEST_ERR_STOP (AKGL_FIRST_GAME_STATUS + 1)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* Acquire and initialise an actor, as a game does; NULL (and a failed CHECK) on failure. */
static akgl_Actor *spawn(const char *name)
{
    akgl_Actor *actor = NULL;
    akerr_ErrorContext *e = akgl_heap_next_actor(&actor);
    if (e != NULL) {
        CHECK_MSG(false, "akgl_heap_next_actor: %s", e->message);
        e = akerr_release_error(e);
        return NULL;
    }
    e = akgl_actor_initialize(actor, name);
    if (e != NULL) {
        CHECK_MSG(false, "akgl_actor_initialize(\"%s\"): %s", name, e->message);
        e = akerr_release_error(e);
        CHECK_OK(akgl_heap_release_actor(actor));
        return NULL;
    }
    return actor;
}

static void release(akgl_Actor *actor)
{
    if (actor != NULL) {
        CHECK_OK(akgl_heap_release_actor(actor));
    }
}

static int count_of(SDL_PropertiesID registry)
{
    int n = -1;
    CHECK_OK(akgl_registry_count(registry, &n));
    return n;
}

static void *lookup(SDL_PropertiesID registry, const char *key)
{
    void *p = (void *)&p; /* a sentinel: a miss must overwrite it with NULL */
    CHECK_OK(akgl_registry_get(registry, "test", key, &p));
    return p;
}

static int live_actors(void)
{
    int n = -1;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_ACTOR, &n));
    return n;
}

/* Objects to register: the generic calls take any pointer. */
static int thing_a, thing_b, thing_c;

/* ------------------------------------------------------------------------ */
/* Creation, replacement, teardown                                          */
/* ------------------------------------------------------------------------ */

static void test_init_is_idempotent(void)
{
    const SDL_PropertiesID ids[] = {AKGL_REGISTRY_ACTOR,     AKGL_REGISTRY_SPRITE,
                                    AKGL_REGISTRY_SPRITESHEET, AKGL_REGISTRY_CHARACTER,
                                    AKGL_REGISTRY_ACTOR_STATE_STRINGS, AKGL_REGISTRY_PROPERTIES};
    for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
        CHECK_MSG(ids[i] != 0, "registry %zu was not created by akgl_game_init", i);
    }
    akgl_Actor *actor = spawn("idempotent");
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "idempotent", &thing_a));
    CHECK_OK(akgl_set_property("test.idempotent", "kept"));

    CHECK_OK(akgl_registry_init());
    CHECK_OK(akgl_registry_init());

    const SDL_PropertiesID after[] = {AKGL_REGISTRY_ACTOR,     AKGL_REGISTRY_SPRITE,
                                      AKGL_REGISTRY_SPRITESHEET, AKGL_REGISTRY_CHARACTER,
                                      AKGL_REGISTRY_ACTOR_STATE_STRINGS, AKGL_REGISTRY_PROPERTIES};
    CHECK(memcmp(ids, after, sizeof(ids)) == 0);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "idempotent") == actor);
    CHECK(lookup(AKGL_REGISTRY_SPRITE, "idempotent") == &thing_a);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR_STATE_STRINGS), AKGL_ACTOR_MAX_STATES);
    CHECK_STR_EQ(SDL_GetStringProperty(AKGL_REGISTRY_PROPERTIES, "test.idempotent", ""), "kept");

    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", "idempotent", &thing_a));
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "test.idempotent");
    release(actor);
}

static void test_init_actor_replaces_only_the_actor_registry(void)
{
    int thing_a = 0, thing_b = 0, thing_c = 0;
    const SDL_PropertiesID old_actor = AKGL_REGISTRY_ACTOR;
    const SDL_PropertiesID others[] = {AKGL_REGISTRY_SPRITE, AKGL_REGISTRY_SPRITESHEET,
                                       AKGL_REGISTRY_CHARACTER, AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       AKGL_REGISTRY_PROPERTIES};
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "level.sprite", &thing_a));
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITESHEET, "spritesheet", "/level.png", &thing_b));
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_CHARACTER, "character", "level.char", &thing_c));
    CHECK_OK(akgl_set_property("test.level", "1"));

    CHECK_OK(akgl_registry_init_actor());

    /* A new, empty actor registry; the old one is gone. */
    CHECK(AKGL_REGISTRY_ACTOR != 0);
    CHECK(AKGL_REGISTRY_ACTOR != old_actor);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), 0);

    /* Everything else is as it was. */
    const SDL_PropertiesID now[] = {AKGL_REGISTRY_SPRITE, AKGL_REGISTRY_SPRITESHEET,
                                    AKGL_REGISTRY_CHARACTER, AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                    AKGL_REGISTRY_PROPERTIES};
    CHECK(memcmp(others, now, sizeof(others)) == 0);
    CHECK(lookup(AKGL_REGISTRY_SPRITE, "level.sprite") == &thing_a);
    CHECK(lookup(AKGL_REGISTRY_SPRITESHEET, "/level.png") == &thing_b);
    CHECK(lookup(AKGL_REGISTRY_CHARACTER, "level.char") == &thing_c);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR_STATE_STRINGS), AKGL_ACTOR_MAX_STATES);
    CHECK_STR_EQ(SDL_GetStringProperty(AKGL_REGISTRY_PROPERTIES, "test.level", ""), "1");

    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", "level.sprite", &thing_a));
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_SPRITESHEET, "spritesheet", "/level.png",
                                  &thing_b));
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", "level.char", &thing_c));
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "test.level");
}

/* The old level change zeroed live actors (a leak and dangling holders);
 * with actors registered, the reset refuses and changes nothing. */
static void test_init_actor_refuses_while_actors_are_registered(void)
{
    const SDL_PropertiesID old_actor = AKGL_REGISTRY_ACTOR;
    akgl_Actor *hero = spawn("hero");
    akgl_Actor *extra = spawn("extra");
    CHECK_STATUS_MSG(akgl_registry_init_actor(), AKERR_BEHAVIOR, "2 actors are still registered");
    CHECK(AKGL_REGISTRY_ACTOR == old_actor);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "hero") == hero);
    release(hero);
    CHECK_STATUS_MSG(akgl_registry_init_actor(), AKERR_BEHAVIOR, "1 actor is still registered");
    release(extra);
    CHECK_OK(akgl_registry_init_actor());
}

static void test_state_strings_registry(void)
{
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR_STATE_STRINGS), 32);
    for (int bit = 0; bit < AKGL_ACTOR_MAX_STATES; bit++) {
        const char *name = AKGL_ACTOR_STATE_STRING_NAMES[bit];
        CHECK_MSG(SDL_GetPropertyType(AKGL_REGISTRY_ACTOR_STATE_STRINGS, name) ==
                      SDL_PROPERTY_TYPE_NUMBER,
                  "%s is not a number property", name);
        Sint64 value = SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS, name, -1);
        CHECK_MSG(value == (Sint64)(UINT32_C(1) << bit), "%s is %lld, not 1 << %d", name,
                  (long long)value, bit);
    }
    CHECK_STR_EQ(AKGL_ACTOR_STATE_STRING_NAMES[4], "AKGL_ACTOR_STATE_ALIVE");
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_ALIVE", -1),
                 16);
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_ALIVE", -1),
                 AKGL_ACTOR_STATE_ALIVE);
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_MOVING_OUT", -1),
                 AKGL_ACTOR_STATE_MOVING_OUT);
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_UNDEFINED_31", -1),
                 2147483648LL);
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_UNDEFINED_31", -1),
                 (Sint64)(1u << 31));
    /* Only the prefixed names. */
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS, "ALIVE", -1), -1);

    /* Filling it again changes nothing. */
    CHECK_OK(akgl_registry_init_actor_state_strings());
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR_STATE_STRINGS), 32);
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_FACE_DOWN", -1),
                 1);
}

/* ------------------------------------------------------------------------ */
/* Generic access                                                           */
/* ------------------------------------------------------------------------ */

/* A registry that was never created is AKERR_KEY, for every call that needs one. */
static void test_never_created_registry_is_key_error(void)
{
    void *p = &thing_c;
    int n = -1;

    CHECK_STATUS_MSG(akgl_registry_get(0, "sprite", "hero.walk", &p), AKERR_KEY,
                     "the sprite registry does not exist");
    CHECK_STATUS_MSG(akgl_registry_get(0, "sprite", "hero.walk", &p), AKERR_KEY, "\"hero.walk\"");
    CHECK(p == &thing_c);
    CHECK_STATUS_MSG(akgl_registry_add(0, "sprite", "hero.walk", &thing_a), AKERR_KEY,
                     "the sprite registry does not exist");
    /* Nothing to remove from, nothing to count. */
    CHECK_OK(akgl_registry_remove(0, "sprite", "hero.walk", &thing_a));
    CHECK_OK(akgl_registry_count(0, &n));
    CHECK_INT_EQ(n, 0);

    /* The global itself unset, as before akgl_registry_init. */
    const SDL_PropertiesID saved = AKGL_REGISTRY_ACTOR;
    akgl_Actor *actor = NULL;
    CHECK_OK(akgl_heap_next_actor(&actor));
    AKGL_REGISTRY_ACTOR = 0;
    CHECK_STATUS_MSG(akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "hero", &p), AKERR_KEY,
                     "the actor registry does not exist");
    CHECK_STATUS_MSG(akgl_actor_initialize(actor, "hero"), AKERR_KEY,
                     "the actor registry does not exist");
    AKGL_REGISTRY_ACTOR = saved;
    CHECK(p == &thing_c);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "hero") == NULL);
    CHECK_INT_EQ(actor->name[0], '\0');
    release(actor);
}

static akerr_ErrorContext *count_visit(akgl_Actor *actor, void *userdata)
{
    (void)actor;
    *(int *)userdata += 1;
    return NULL;
}

static void test_iterate_without_registry_is_key_error(void)
{
    const SDL_PropertiesID saved = AKGL_REGISTRY_ACTOR;
    int calls = 0;
    AKGL_REGISTRY_ACTOR = 0;
    CHECK_STATUS_MSG(akgl_registry_iterate_actor(count_visit, &calls), AKERR_KEY,
                     "the actor registry does not exist");
    AKGL_REGISTRY_ACTOR = saved;
    CHECK_INT_EQ(calls, 0);
}

static void test_get_miss_is_success_with_null(void)
{
    void *p = &thing_c;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "no.such.sprite", &p));
    CHECK(p == NULL);
    p = &thing_c;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "nobody", &p));
    CHECK(p == NULL);

    /* NULL arguments. */
    CHECK_STATUS(akgl_registry_get(AKGL_REGISTRY_SPRITE, NULL, "x", &p), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", NULL, &p),
                     AKERR_NULLPOINTER, "NULL sprite name");
    CHECK_STATUS(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "x", NULL), AKERR_NULLPOINTER);
}

static void test_add_refuses_duplicates(void)
{
    int before = count_of(AKGL_REGISTRY_SPRITE);

    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "dup.sprite", &thing_a));
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_SPRITE), before + 1);

    /* Another object under the same key: refused, the first stays. */
    CHECK_STATUS_MSG(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "dup.sprite", &thing_b),
                     AKERR_REGISTRY, "a sprite named \"dup.sprite\" is already registered");
    CHECK(lookup(AKGL_REGISTRY_SPRITE, "dup.sprite") == &thing_a);

    /* The same object again: nothing changes. */
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "dup.sprite", &thing_a));
    CHECK(lookup(AKGL_REGISTRY_SPRITE, "dup.sprite") == &thing_a);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_SPRITE), before + 1);

    /* One object under two keys is allowed. */
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "dup.alias", &thing_a));
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_SPRITE), before + 2);

    /* NULL arguments. */
    CHECK_STATUS_MSG(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", "dup.null", NULL),
                     AKERR_NULLPOINTER, "NULL sprite");
    CHECK_STATUS(akgl_registry_add(AKGL_REGISTRY_SPRITE, "sprite", NULL, &thing_a),
                 AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_registry_add(AKGL_REGISTRY_SPRITE, NULL, "dup.null", &thing_a),
                 AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_registry_add(AKGL_REGISTRY_SPRITE, NULL, "dup.null", NULL),
                 AKERR_NULLPOINTER);
    CHECK(lookup(AKGL_REGISTRY_SPRITE, "dup.null") == NULL);

    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", "dup.sprite", &thing_a));
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", "dup.alias", &thing_a));
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_SPRITE), before);
}

static void test_remove_only_the_matching_value(void)
{
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_CHARACTER, "character", "rm.char", &thing_a));

    /* Some other object: the entry is not touched. */
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", "rm.char", &thing_b));
    CHECK(lookup(AKGL_REGISTRY_CHARACTER, "rm.char") == &thing_a);

    /* A key that is not there: nothing to do. */
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", "rm.absent", &thing_a));
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", "", &thing_a));

    /* The object it maps to: gone. */
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", "rm.char", &thing_a));
    CHECK(lookup(AKGL_REGISTRY_CHARACTER, "rm.char") == NULL);
    /* Twice is harmless. */
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", "rm.char", &thing_a));

    /* NULL arguments. A NULL value maps to nothing: it must not clear an
     * entry that holds no pointer (here, a state bit). */
    CHECK_STATUS(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, NULL, "rm.char", &thing_a),
                 AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", NULL, &thing_a),
                     AKERR_NULLPOINTER, "NULL character name");
    CHECK_STATUS_MSG(akgl_registry_remove(AKGL_REGISTRY_ACTOR_STATE_STRINGS, "actor state",
                                          "AKGL_ACTOR_STATE_ALIVE", NULL),
                     AKERR_NULLPOINTER, "AKGL_ACTOR_STATE_ALIVE");
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_ALIVE", -1),
                 16);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR_STATE_STRINGS), 32);
}

static void test_count(void)
{
    SDL_PropertiesID scratch = SDL_CreateProperties();
    int n = -1;
    CHECK(scratch != 0);

    CHECK_INT_EQ(count_of(scratch), 0);
    CHECK_OK(akgl_registry_add(scratch, "thing", "a", &thing_a));
    CHECK_OK(akgl_registry_add(scratch, "thing", "b", &thing_b));
    CHECK_OK(akgl_registry_add(scratch, "thing", "c", &thing_c));
    CHECK_INT_EQ(count_of(scratch), 3);
    CHECK_OK(akgl_registry_remove(scratch, "thing", "b", &thing_b));
    CHECK_INT_EQ(count_of(scratch), 2);
    CHECK_OK(akgl_registry_remove(scratch, "thing", "c", &thing_a)); /* not its value */
    CHECK_INT_EQ(count_of(scratch), 2);

    CHECK_STATUS_MSG(akgl_registry_count(scratch, NULL), AKERR_NULLPOINTER, "NULL destination");
    CHECK_OK(akgl_registry_count(0, &n));
    CHECK_INT_EQ(n, 0);
    SDL_DestroyProperties(scratch);
}

static void test_quit_then_init(void)
{
    akgl_String *s = NULL;
    int n = -1;
    CHECK_OK(akgl_set_property("test.quit", "gone after quit"));

    CHECK_OK(akgl_registry_quit());
    CHECK_INT_EQ(AKGL_REGISTRY_ACTOR, 0);
    CHECK_INT_EQ(AKGL_REGISTRY_SPRITE, 0);
    CHECK_INT_EQ(AKGL_REGISTRY_SPRITESHEET, 0);
    CHECK_INT_EQ(AKGL_REGISTRY_CHARACTER, 0);
    CHECK_INT_EQ(AKGL_REGISTRY_ACTOR_STATE_STRINGS, 0);
    CHECK_INT_EQ(AKGL_REGISTRY_PROPERTIES, 0);

    /* Everything that needs a registry now says it does not exist. */
    void *p = &thing_a;
    CHECK_STATUS(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", "x", &p), AKERR_KEY);
    CHECK_STATUS(akgl_registry_add(AKGL_REGISTRY_CHARACTER, "character", "x", &thing_a),
                 AKERR_KEY);
    CHECK_STATUS(akgl_registry_iterate_actor(count_visit, &n), AKERR_KEY);
    CHECK_STATUS_MSG(akgl_get_property("test.quit", &s, "default"), AKERR_KEY,
                     "the properties registry does not exist");
    CHECK(s == NULL);
    CHECK_STATUS_MSG(akgl_set_property("test.quit", "x"), AKERR_KEY,
                     "the properties registry does not exist");
    CHECK_OK(akgl_registry_count(AKGL_REGISTRY_ACTOR, &n));
    CHECK_INT_EQ(n, 0);
    /* Quitting twice is harmless. */
    CHECK_OK(akgl_registry_quit());

    CHECK_OK(akgl_registry_init());
    CHECK(AKGL_REGISTRY_ACTOR != 0);
    CHECK(AKGL_REGISTRY_SPRITE != 0);
    CHECK(AKGL_REGISTRY_SPRITESHEET != 0);
    CHECK(AKGL_REGISTRY_CHARACTER != 0);
    CHECK(AKGL_REGISTRY_PROPERTIES != 0);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR_STATE_STRINGS), 32);
    CHECK_INT_EQ(SDL_GetNumberProperty(AKGL_REGISTRY_ACTOR_STATE_STRINGS,
                                       "AKGL_ACTOR_STATE_ALIVE", -1),
                 16);
    /* A fresh start: the old property is gone, and the registries work. */
    CHECK_STATUS_MSG(akgl_get_property("test.quit", &s, NULL), AKERR_KEY, "\"test.quit\"");
    CHECK(s == NULL);
    akgl_Actor *actor = spawn("after.quit");
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "after.quit") == actor);
    release(actor);
}

/* ------------------------------------------------------------------------ */
/* akgl_registry_iterate_actor                                              */
/* ------------------------------------------------------------------------ */

#define WALK_ACTORS 5

struct walk {
    akgl_Actor *actors[WALK_ACTORS + 2]; /* the cast; [WALK_ACTORS..] for newcomers */
    int visits[WALK_ACTORS + 2];
    int calls;
    int stray;        /* visits to actors not in the cast */
    int fail_at;      /* return an error on this call (1-based; 0 = never) */
    akgl_Actor *victim;   /* released by the first call */
    akgl_Actor *newcomer; /* initialised by the first call */
    bool release_victim;
    bool spawn_newcomer;
    bool release_self;
};

static void walk_setup(struct walk *w)
{
    memset(w, 0, sizeof(*w));
    for (int i = 0; i < WALK_ACTORS; i++) {
        char name[32];
        snprintf(name, sizeof(name), "walker.%d", i);
        w->actors[i] = spawn(name);
    }
}

static void walk_teardown(struct walk *w)
{
    for (int i = 0; i < WALK_ACTORS + 2; i++) {
        if (w->actors[i] != NULL && w->actors[i] != w->victim) {
            release(w->actors[i]);
        }
    }
}

static akerr_ErrorContext *visit(akgl_Actor *actor, void *userdata)
{
    struct walk *w = userdata;
    PREPARE_ERROR(errctx);

    w->calls++;
    int found = -1;
    for (int i = 0; i < WALK_ACTORS + 2; i++) {
        if (w->actors[i] == actor) {
            found = i;
            break;
        }
    }
    if (found < 0) {
        w->stray++;
    } else {
        w->visits[found]++;
    }
    if (w->fail_at == w->calls) {
        FAIL_RETURN(errctx, TEST_ERR_STOP, "stopped at %s", actor->name);
    }
    if (w->calls == 1) {
        if (w->release_victim) {
            /* Every other actor is still ahead of us on the first call. */
            w->victim = (actor == w->actors[0]) ? w->actors[1] : w->actors[0];
            PASS(errctx, akgl_heap_release_actor(w->victim));
        }
        if (w->spawn_newcomer) {
            akgl_Actor *fresh = NULL;
            PASS(errctx, akgl_heap_next_actor(&fresh));
            PASS(errctx, akgl_actor_initialize(fresh, "walker.newcomer"));
            w->newcomer = fresh;
            w->actors[WALK_ACTORS] = fresh;
        }
        if (w->release_self) {
            for (int i = 0; i < WALK_ACTORS; i++) {
                if (w->actors[i] == actor) {
                    w->actors[i] = NULL;
                }
            }
            PASS(errctx, akgl_heap_release_actor(actor));
        }
    }
    SUCCEED_RETURN(errctx);
}

static void test_iterate_visits_each_actor_once(void)
{
    struct walk w;
    walk_setup(&w);
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK_INT_EQ(w.calls, WALK_ACTORS);
    CHECK_INT_EQ(w.stray, 0);
    for (int i = 0; i < WALK_ACTORS; i++) {
        CHECK_MSG(w.visits[i] == 1, "walker.%d visited %d times", i, w.visits[i]);
    }
    walk_teardown(&w);
}

static void test_iterate_more_actors_than_it_can_gather(void)
{
    /* Actors need not come from the pool, so the registry can list more than
     * AKGL_MAX_HEAP_ACTOR; the walk gathers at most that many and refuses
     * rather than silently skipping the rest. */
    static akgl_Actor outside[AKGL_MAX_HEAP_ACTOR + 1];
    int seen = 0;
    char name[32];
    for (int i = 0; i <= AKGL_MAX_HEAP_ACTOR; i++) {
        snprintf(name, sizeof(name), "outside %d", i);
        CHECK_OK(akgl_actor_initialize(&outside[i], name));
    }
    CHECK_STATUS_MSG(akgl_registry_iterate_actor(count_visit, &seen), AKERR_OUTOFBOUNDS,
                     "65 actors outside the actor pool are registered; the limit is 64");
    CHECK_INT_EQ(seen, 0); /* refused before any callback */
    for (int i = 0; i <= AKGL_MAX_HEAP_ACTOR; i++) {
        CHECK_OK(akgl_heap_release_actor(&outside[i]));
    }
}

static void test_iterate_empty_registry(void)
{
    int calls = 0;
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), 0);
    CHECK_OK(akgl_registry_iterate_actor(count_visit, &calls));
    CHECK_INT_EQ(calls, 0);
}

static void test_iterate_null_callback(void)
{
    struct walk w;
    walk_setup(&w);
    CHECK_STATUS_MSG(akgl_registry_iterate_actor(NULL, &w), AKERR_NULLPOINTER, "NULL callback");
    walk_teardown(&w);
}

/* A callback's error ends the walk and comes back to the caller, status and
 * message intact, with the iterator on its trace. The process goes on. */
static void test_iterate_callback_error_stops_and_returns(void)
{
    struct walk w;
    walk_setup(&w);
    w.fail_at = 2;
    akerr_ErrorContext *e = akgl_registry_iterate_actor(visit, &w);
    CHECK(e != NULL);
    if (e != NULL) {
        CHECK_INT_EQ(e->status, TEST_ERR_STOP);
        CHECK_CONTAINS(e->message, "stopped at walker.");
        CHECK_CONTAINS(e->stacktracebuf, "visit");
        CHECK_CONTAINS(e->stacktracebuf, "akgl_registry_iterate_actor");
        e = akerr_release_error(e);
    }
    CHECK_INT_EQ(w.calls, 2);

    /* And the registry is still walkable. */
    w.fail_at = 0;
    w.calls = 0;
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK_INT_EQ(w.calls, WALK_ACTORS);
    walk_teardown(&w);
}

/* Releasing an actor the walk has not reached yet: it is skipped. */
static void test_iterate_release_later_actor(void)
{
    struct walk w;
    walk_setup(&w);
    w.release_victim = true;
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK(w.victim != NULL);
    CHECK_INT_EQ(w.calls, WALK_ACTORS - 1);
    CHECK_INT_EQ(w.stray, 0);
    for (int i = 0; i < WALK_ACTORS; i++) {
        CHECK_MSG(w.visits[i] == (w.actors[i] == w.victim ? 0 : 1), "walker.%d visited %d times",
                  i, w.visits[i]);
    }
    CHECK_INT_EQ(live_actors(), WALK_ACTORS - 1);
    walk_teardown(&w);
}

/* Initialising a new actor during a walk: the walk covers the actors that
 * were registered when it began, and the new one is there for the next walk. */
static void test_iterate_initialize_new_actor(void)
{
    struct walk w;
    walk_setup(&w);
    w.spawn_newcomer = true;
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK(w.newcomer != NULL);
    CHECK_INT_EQ(w.calls, WALK_ACTORS);
    CHECK_INT_EQ(w.visits[WALK_ACTORS], 0);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), WALK_ACTORS + 1);

    w.spawn_newcomer = false;
    w.calls = 0;
    memset(w.visits, 0, sizeof(w.visits));
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK_INT_EQ(w.calls, WALK_ACTORS + 1);
    CHECK_INT_EQ(w.visits[WALK_ACTORS], 1);
    walk_teardown(&w);
}

/* Both at once: the released actor's slot is handed straight to the new
 * actor. The walk must not mistake the newcomer for the actor it gathered. */
static void test_iterate_release_then_reuse_slot(void)
{
    struct walk w;
    walk_setup(&w);
    w.release_victim = true;
    w.spawn_newcomer = true;
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK(w.victim != NULL && w.newcomer != NULL);
    /* The pool reuses the freed slot: that is what makes this case. */
    CHECK(w.newcomer == w.victim);
    CHECK_INT_EQ(w.calls, WALK_ACTORS - 1);
    CHECK_INT_EQ(w.stray, 0);
    for (int i = 0; i < WALK_ACTORS; i++) {
        CHECK_MSG(w.visits[i] == (w.actors[i] == w.victim ? 0 : 1), "walker.%d visited %d times",
                  i, w.visits[i]);
    }
    CHECK_INT_EQ(live_actors(), WALK_ACTORS);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), WALK_ACTORS);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "walker.newcomer") == w.newcomer);

    /* The victim's entry in w.actors now names the newcomer; forget it so
     * teardown releases the newcomer exactly once, via w.actors[WALK_ACTORS]. */
    for (int i = 0; i < WALK_ACTORS; i++) {
        if (w.actors[i] == w.victim) {
            w.actors[i] = NULL;
        }
    }
    w.victim = NULL;
    walk_teardown(&w);
}

/* A callback may walk the registry itself (a collision check inside an
 * update walk): each walk has its own gathered list. */
static akerr_ErrorContext *nested_visit(akgl_Actor *actor, void *userdata)
{
    int inner = 0;
    PREPARE_ERROR(errctx);
    (void)actor;
    PASS(errctx, akgl_registry_iterate_actor(count_visit, &inner));
    *(int *)userdata += inner;
    SUCCEED_RETURN(errctx);
}

static void test_iterate_nested_walk(void)
{
    struct walk w;
    int total = 0;
    walk_setup(&w);
    CHECK_OK(akgl_registry_iterate_actor(nested_visit, &total));
    CHECK_INT_EQ(total, WALK_ACTORS * WALK_ACTORS);
    walk_teardown(&w);
}

/* An entry whose key no actor name can be (registered with
 * akgl_registry_add, not akgl_actor_initialize) for an actor outside the
 * pool is reported before any callback runs, not silently left out of the
 * walk. A pooled actor is walked through the pool: a second key for it
 * neither hides it nor has it visited twice. */
static void test_iterate_key_too_long(void)
{
    static akgl_Actor outside;
    char key[AKGL_ACTOR_MAX_NAME_LENGTH + 1];
    struct walk w;
    walk_setup(&w);
    memset(key, 'k', sizeof(key) - 1);
    key[sizeof(key) - 1] = '\0';
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_ACTOR, "actor", key, w.actors[0]));
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK_INT_EQ(w.calls, WALK_ACTORS);
    CHECK_INT_EQ(w.visits[0], 1);
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_ACTOR, "actor", key, w.actors[0]));

    memset(&outside, 0, sizeof(outside));
    outside.refcount = 1;
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_ACTOR, "actor", key, &outside));
    w.calls = 0;
    char said[96];
    snprintf(said, sizeof(said), "1 actor registry key(s) longer than an actor name can be (%d bytes)",
             AKGL_ACTOR_MAX_NAME_LENGTH - 1);
    CHECK_STATUS_MSG(akgl_registry_iterate_actor(visit, &w), AKERR_OUTOFBOUNDS, said);
    CHECK_INT_EQ(w.calls, 0);
    CHECK_OK(akgl_registry_remove(AKGL_REGISTRY_ACTOR, "actor", key, &outside));
    walk_teardown(&w);
}

/* Releasing the actor being visited is safe too. */
static void test_iterate_release_self(void)
{
    struct walk w;
    walk_setup(&w);
    w.release_self = true;
    CHECK_OK(akgl_registry_iterate_actor(visit, &w));
    CHECK_INT_EQ(w.calls, WALK_ACTORS);
    CHECK_INT_EQ(live_actors(), WALK_ACTORS - 1);
    walk_teardown(&w);
}

/* ------------------------------------------------------------------------ */
/* akgl_actor_initialize and the actor registry                             */
/* ------------------------------------------------------------------------ */

static void test_actor_initialize_null_arguments(void)
{
    akgl_Actor *actor = NULL;
    CHECK_STATUS_MSG(akgl_actor_initialize(NULL, "x"), AKERR_NULLPOINTER, "NULL actor");
    CHECK_OK(akgl_heap_next_actor(&actor));
    /* A NULL name is an anonymous actor: a slot is live, unregistered. */
    int entries = akgl_test_registry_count_(AKGL_REGISTRY_ACTOR);
    CHECK_OK(akgl_actor_initialize(actor, NULL));
    CHECK(actor->live && actor->name[0] == '\0');
    CHECK_INT_EQ(akgl_test_registry_count_(AKGL_REGISTRY_ACTOR), entries);
    CHECK_INT_EQ(actor->refcount, 1);
    release(actor);
    /* ... which only a slot can be: a struct of the game's own is known by its entry. */
    akgl_Actor outside;
    memset(&outside, 0, sizeof(outside));
    CHECK_STATUS_MSG(akgl_actor_initialize(&outside, NULL), AKERR_VALUE,
                     "only a pool slot can be anonymous");
    CHECK_INT_EQ(outside.refcount, 0);
}

static void test_actor_name_length(void)
{
    char name[AKGL_ACTOR_MAX_NAME_LENGTH + 2];
    char said[96];
    akgl_Actor *actor = NULL;
    int before = count_of(AKGL_REGISTRY_ACTOR);

    /* 31 bytes (AKGL_ACTOR_MAX_NAME_LENGTH - 1): the longest that fits the
     * field with its terminator. */
    memset(name, 'n', AKGL_ACTOR_MAX_NAME_LENGTH - 1);
    name[AKGL_ACTOR_MAX_NAME_LENGTH - 1] = '\0';
    CHECK_INT_EQ(strlen(name), AKGL_ACTOR_MAX_NAME_LENGTH - 1);
    CHECK_OK(akgl_heap_next_actor(&actor));
    CHECK_OK(akgl_actor_initialize(actor, name));
    CHECK_STR_EQ(actor->name, name);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, name) == actor);
    release(actor);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, name) == NULL);

    /* 32 bytes: refused, and nothing is registered, truncated or not. */
    char truncated[AKGL_ACTOR_MAX_NAME_LENGTH];
    memset(name, 'm', AKGL_ACTOR_MAX_NAME_LENGTH);
    name[AKGL_ACTOR_MAX_NAME_LENGTH] = '\0';
    memcpy(truncated, name, AKGL_ACTOR_MAX_NAME_LENGTH - 1);
    truncated[AKGL_ACTOR_MAX_NAME_LENGTH - 1] = '\0';
    snprintf(said, sizeof(said), "is %d bytes; the limit is %d", AKGL_ACTOR_MAX_NAME_LENGTH,
             AKGL_ACTOR_MAX_NAME_LENGTH - 1);
    CHECK_OK(akgl_heap_next_actor(&actor));
    CHECK_STATUS_MSG(akgl_actor_initialize(actor, name), AKERR_OUTOFBOUNDS, said);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, name) == NULL);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, truncated) == NULL);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), before);
    CHECK_INT_EQ(actor->name[0], '\0');
    CHECK_INT_EQ(actor->refcount, 1); /* the caller still holds its reference */
    release(actor);
}

static void test_actor_duplicate_name_refused(void)
{
    akgl_Actor *first = spawn("twin");
    akgl_Actor *second = NULL;
    CHECK_OK(akgl_heap_next_actor(&second));
    int before = count_of(AKGL_REGISTRY_ACTOR);

    CHECK_STATUS_MSG(akgl_actor_initialize(second, "twin"), AKERR_REGISTRY,
                     "an actor named \"twin\" is already registered");
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "twin") == first);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), before);
    CHECK_INT_EQ(second->name[0], '\0');
    CHECK_INT_EQ(second->refcount, 1);

    /* Initialising the same actor under its own name again is fine. */
    CHECK_OK(akgl_actor_initialize(first, "twin"));
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "twin") == first);
    CHECK_INT_EQ(first->refcount, 1);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), before);

    release(second);
    release(first);
}

static void test_actor_reinitialize_moves_entry(void)
{
    akgl_Actor *actor = spawn("before.rename");
    akgl_Actor *other = spawn("taken");
    int before = count_of(AKGL_REGISTRY_ACTOR);

    CHECK_OK(akgl_actor_initialize(actor, "after.rename"));
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "before.rename") == NULL);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "after.rename") == actor);
    CHECK_STR_EQ(actor->name, "after.rename");
    CHECK_INT_EQ(actor->refcount, 1);
    CHECK_INT_EQ(count_of(AKGL_REGISTRY_ACTOR), before);

    /* Renaming onto a taken name is refused and changes nothing. */
    CHECK_STATUS(akgl_actor_initialize(actor, "taken"), AKERR_REGISTRY);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "after.rename") == actor);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "taken") == other);
    CHECK_STR_EQ(actor->name, "after.rename");

    /* Release uses the stored name: the entry goes with the actor. */
    release(actor);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "after.rename") == NULL);
    release(other);
}

/* A pool slot nobody acquired is refused: initialising it would hand out a
 * slot the pool still thinks is free. */
static void test_actor_initialize_unacquired_slot(void)
{
    akgl_Actor *slot = &akgl_heap_actors[AKGL_MAX_HEAP_ACTOR - 1];
    CHECK_INT_EQ(slot->refcount, 0);
    CHECK_STATUS_MSG(akgl_actor_initialize(slot, "ghost"), AKGL_ERR_HEAP, "was not acquired");
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "ghost") == NULL);
    CHECK_INT_EQ(slot->refcount, 0);
}

/* Two pages, the second of which faults on any access; *page is their
 * size. NULL when the system would not give them. */
static unsigned char *guarded_pages(size_t *page)
{
#ifdef _WIN32
    *page = 4096; /* every Windows on x86-64 */
    /* MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE; then PAGE_NOACCESS. */
    unsigned char *map = VirtualAlloc(NULL, *page * 2, 0x3000ul, 0x04ul);
    unsigned long old = 0;
    if (map != NULL && !VirtualProtect(map + *page, *page, 0x01ul, &old)) {
        VirtualFree(map, 0, 0x8000ul);
        return NULL;
    }
    return map;
#else
    long size = sysconf(_SC_PAGESIZE);
    if (size <= 0) {
        return NULL;
    }
    *page = (size_t)size;
    unsigned char *map = mmap(NULL, *page * 2, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        return NULL;
    }
    if (mprotect(map + *page, *page, PROT_NONE) != 0) {
        munmap(map, *page * 2);
        return NULL;
    }
    return map;
#endif
}

static bool free_guarded_pages(unsigned char *map, size_t page)
{
#ifdef _WIN32
    (void)page;
    return VirtualFree(map, 0, 0x8000ul) != 0; /* MEM_RELEASE */
#else
    return munmap(map, page * 2) == 0;
#endif
}

/*
 * An actor that did not come from the pool, with whatever its memory held:
 * it is zeroed, gets its first reference and is registered, and nothing
 * reads the garbage as a previous name. The struct ends at a guard page, so
 * treating its unterminated name field as a C string faults instead of
 * quietly reading whatever follows it.
 */
static void test_actor_initialize_uninitialized_struct(void)
{
    size_t page = 0;
    unsigned char *map = guarded_pages(&page);
    CHECK(map != NULL);
    if (map == NULL) {
        return;
    }
    CHECK(page >= sizeof(akgl_Actor));
    akgl_Actor *local = (akgl_Actor *)(map + page - sizeof(akgl_Actor));
    memset(local, 0xAB, sizeof(*local));

    CHECK_OK(akgl_actor_initialize(local, "local.actor"));
    CHECK_INT_EQ(local->refcount, 1);
    CHECK_STR_EQ(local->name, "local.actor");
    CHECK(local->visible);
    CHECK(local->basechar == NULL);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "local.actor") == local);

    /* A stale, terminated name that is registered to another actor is not
     * this one's entry: the actor holding that name keeps it. */
    akgl_Actor *holder = spawn("stale.name");
    akgl_Actor other;
    memset(&other, 0, sizeof(other));
    memcpy(other.name, "stale.name", sizeof("stale.name"));
    CHECK_OK(akgl_actor_initialize(&other, "other.actor"));
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "stale.name") == holder);
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "other.actor") == &other);

    CHECK_OK(akgl_heap_release_actor(&other));
    CHECK_OK(akgl_heap_release_actor(local));
    CHECK(lookup(AKGL_REGISTRY_ACTOR, "local.actor") == NULL);
    release(holder);
    CHECK(free_guarded_pages(map, page));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_init_is_idempotent);
    RUN_TEST(test_init_actor_replaces_only_the_actor_registry);
    RUN_TEST(test_init_actor_refuses_while_actors_are_registered);
    RUN_TEST(test_state_strings_registry);
    RUN_TEST(test_never_created_registry_is_key_error);
    RUN_TEST(test_iterate_without_registry_is_key_error);
    RUN_TEST(test_get_miss_is_success_with_null);
    RUN_TEST(test_add_refuses_duplicates);
    RUN_TEST(test_remove_only_the_matching_value);
    RUN_TEST(test_count);
    RUN_TEST(test_iterate_visits_each_actor_once);
    RUN_TEST(test_iterate_empty_registry);
    RUN_TEST(test_iterate_more_actors_than_it_can_gather);
    RUN_TEST(test_iterate_null_callback);
    RUN_TEST(test_iterate_callback_error_stops_and_returns);
    RUN_TEST(test_iterate_release_later_actor);
    RUN_TEST(test_iterate_initialize_new_actor);
    RUN_TEST(test_iterate_release_then_reuse_slot);
    RUN_TEST(test_iterate_release_self);
    RUN_TEST(test_iterate_nested_walk);
    RUN_TEST(test_iterate_key_too_long);
    RUN_TEST(test_actor_initialize_null_arguments);
    RUN_TEST(test_actor_name_length);
    RUN_TEST(test_actor_duplicate_name_refused);
    RUN_TEST(test_actor_reinitialize_moves_entry);
    RUN_TEST(test_actor_initialize_unacquired_slot);
    RUN_TEST(test_actor_initialize_uninitialized_struct);
    RUN_TEST(test_quit_then_init);
    return AKGL_TEST_END();
}
