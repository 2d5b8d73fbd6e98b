/*
 * Actors: initialisation and hooks, characters and the references they hold,
 * animation over stepped game time (the three loop modes, long pauses, shared
 * sprites, sprite changes), facing, the state -> sprite cache, the AKERR_KEY
 * that update and render swallow, and children.
 *
 * Every case runs the game clock by hand (akgl_time_use_manual) and gives the
 * real clock back at its end.
 */
#include <akgl/actor.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/time.h>

#include "scene.h"

#define MS AKGL_TIME_ONEMS_NS
#define STAND (AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN)

static bool registered_as(const char *name, const akgl_Actor *a)
{
    void *found = NULL;
    akerr_ErrorContext *e = akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", name, &found);
    bool ok = (e == NULL && found == a);
    e = akerr_release_error(e);
    return ok;
}

/* ------------------------------------------------------------------------ */
/* Initialisation and hooks                                                 */
/* ------------------------------------------------------------------------ */

static void test_initialize_binds_defaults(void)
{
    akgl_Actor *a = make_actor("init-a", NULL);
    CHECK(a != NULL);
    if (a == NULL) {
        return;
    }
    CHECK_INT_EQ(a->refcount, 1);
    CHECK_STR_EQ(a->name, "init-a");
    CHECK(a->facefunc == akgl_actor_automatic_face);
    CHECK(a->movementlogicfunc == akgl_actor_move_by_state);
    CHECK(a->changeframefunc == akgl_actor_advance_frame);
    CHECK(a->updatefunc == akgl_actor_run_update);
    CHECK(a->renderfunc == akgl_actor_draw);
    CHECK(a->visible);
    CHECK(a->basechar == NULL);
    CHECK_INT_EQ(a->state, 0);
    CHECK_INT_EQ(a->curSpriteFrameId, 0);
    CHECK(registered_as("init-a", a));

    /* The name is taken; a second actor under it is refused. */
    akgl_Actor *b = NULL;
    CHECK_OK(akgl_heap_next_actor(&b));
    CHECK_STATUS(akgl_actor_initialize(b, "init-a"), AKERR_REGISTRY);
    CHECK(registered_as("init-a", a));
    CHECK_OK(akgl_heap_release_actor(b));

    /* Null arguments and a name too long for the field. */
    char longname[AKGL_ACTOR_MAX_NAME_LENGTH + 1];
    memset(longname, 'n', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = '\0';
    CHECK_STATUS(akgl_actor_initialize(NULL, "x"), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_initialize(a, ""), AKERR_VALUE); /* NULL is "anonymous", "" no name */
    CHECK_STATUS(akgl_actor_initialize(a, longname), AKERR_OUTOFBOUNDS);
    CHECK(registered_as("init-a", a));

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK(registered_as("init-a", NULL));
}

/*
 * Initialising a live actor again zeroes it: what it held (its character,
 * its children) is given back, not dropped, and it stays its parent's child
 * (the parent's reference and children[] entry are the parent's).
 */
static void test_reinitialize_gives_back_what_it_held(void)
{
    akgl_Character *c = make_character("reinit-char", 0);
    akgl_Actor *p = make_actor("reinit-parent", NULL);
    akgl_Actor *a = make_actor("reinit-a", "reinit-char");
    akgl_Actor *k = make_actor("reinit-kid", NULL);
    akgl_Actor *other = make_actor("reinit-other", NULL);
    CHECK_OK(akgl_actor_add_child(p, a));
    CHECK_OK(akgl_actor_add_child(a, k));
    CHECK_INT_EQ(c->refcount, 2);
    CHECK_INT_EQ(k->refcount, 2);
    a->state = AKGL_ACTOR_STATE_DEAD;
    a->x = 3.0f;
    a->visible = false;

    CHECK_OK(akgl_actor_initialize(a, "reinit-b"));
    CHECK(registered_as("reinit-a", NULL));
    CHECK(registered_as("reinit-b", a));
    CHECK_INT_EQ(a->refcount, 2); /* the game's and the parent's */
    CHECK(a->basechar == NULL);
    CHECK_INT_EQ(c->refcount, 1);
    CHECK_INT_EQ(k->refcount, 1);
    CHECK(k->parent == NULL);
    CHECK(a->children[0] == NULL);
    CHECK(a->parent == p);
    CHECK(p->children[0] == a);
    CHECK_STATUS(akgl_actor_add_child(other, a), AKERR_RELATIONSHIP);
    CHECK(a->state == 0 && a->x == 0.0f && a->visible);
    CHECK(a->updatefunc == akgl_actor_run_update);

    /* Under the same name, and with itself written among its children. */
    CHECK_OK(akgl_actor_set_character(a, "reinit-char"));
    a->children[1] = a;
    CHECK_OK(akgl_actor_initialize(a, "reinit-b"));
    CHECK(registered_as("reinit-b", a));
    CHECK_INT_EQ(a->refcount, 2);
    CHECK_INT_EQ(c->refcount, 1);
    CHECK(a->children[1] == NULL);

    CHECK_OK(akgl_heap_release_actor(k));
    CHECK_OK(akgl_heap_release_actor(other));
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_actor(p));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_INT_EQ(akgl_test_actors_(), 0);
}

/* Hooks that say they ran, in order. */
static char hook_log[64];
static akgl_Sprite *hook_sprite_seen;

static void log_hook(char c)
{
    size_t n = strlen(hook_log);
    if (n + 1 < sizeof(hook_log)) {
        hook_log[n] = c;
        hook_log[n + 1] = '\0';
    }
}

static akerr_ErrorContext *face_hook(akgl_Actor *a)
{
    (void)a;
    log_hook('f');
    return NULL;
}

static akerr_ErrorContext *move_hook(akgl_Actor *a)
{
    (void)a;
    log_hook('m');
    return NULL;
}

static akerr_ErrorContext *frame_hook(akgl_Actor *a, akgl_Sprite *s, uint64_t elapsed)
{
    (void)a;
    (void)elapsed;
    hook_sprite_seen = s;
    log_hook('c');
    return NULL;
}

static akerr_ErrorContext *update_hook(akgl_Actor *a)
{
    (void)a;
    log_hook('u');
    return NULL;
}

static akerr_ErrorContext *render_hook(akgl_Actor *a, akgl_Renderer *r)
{
    (void)a;
    (void)r;
    log_hook('r');
    return NULL;
}

static void test_hooks_are_replaceable_and_called(void)
{
    Scene s;
    if (!scene_open_bound(&s, 64, 64)) {
        scene_close(&s);
        return;
    }
    const int cells[] = {0};
    akgl_Sprite *spr = make_sprite(&s, "hooks-sprite", cells, 1, 100, true, false);
    akgl_Character *c = make_character("hooks-char", 0);
    CHECK_OK(c->sprite_add(c, spr, STAND));
    akgl_Actor *a = make_actor("hooks-actor", "hooks-char");
    akgl_Actor *other = make_actor("hooks-other", "hooks-char");
    a->state = STAND;
    other->state = STAND;

    /* The default update runs face, movement, then the frame hook, with the
     * sprite the state maps to. */
    a->facefunc = face_hook;
    a->movementlogicfunc = move_hook;
    a->changeframefunc = frame_hook;
    hook_log[0] = '\0';
    hook_sprite_seen = NULL;
    CHECK_OK(akgl_actor_update(a));
    CHECK_STR_EQ(hook_log, "fmc");
    CHECK(hook_sprite_seen == spr);

    /* A replaced update hook is all that akgl_actor_update runs. */
    a->updatefunc = update_hook;
    hook_log[0] = '\0';
    CHECK_OK(akgl_actor_update(a));
    CHECK_STR_EQ(hook_log, "u");

    /* The render hook: called when visible, not when hidden. */
    a->renderfunc = render_hook;
    hook_log[0] = '\0';
    CHECK_OK(akgl_actor_render(a, &s.r));
    a->visible = false;
    CHECK_OK(akgl_actor_render(a, &s.r));
    CHECK_STR_EQ(hook_log, "r");

    /* Replacing one actor's hooks leaves the other's alone. */
    CHECK(other->facefunc == akgl_actor_automatic_face);
    CHECK(other->updatefunc == akgl_actor_run_update);
    CHECK(other->renderfunc == akgl_actor_draw);

    /* NULL hooks are skipped, not called. */
    other->facefunc = NULL;
    other->movementlogicfunc = NULL;
    other->changeframefunc = NULL;
    CHECK_OK(akgl_actor_update(other));
    other->updatefunc = NULL;
    other->renderfunc = NULL;
    CHECK_OK(akgl_actor_update(other));
    CHECK_OK(akgl_actor_render(other, &s.r));

    CHECK_STATUS(akgl_actor_update(NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_render(NULL, &s.r), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_render(a, NULL), AKERR_NULLPOINTER);

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_actor(other));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
    scene_close(&s);
}

/* ------------------------------------------------------------------------ */
/* Characters                                                               */
/* ------------------------------------------------------------------------ */

static void test_set_character_holds_a_reference(void)
{
    akgl_Character *c1 = make_character("setchar-one", 10);
    akgl_Character *c2 = make_character("setchar-two", 20);
    c1->sx = 1.5f;
    c1->sy = 2.5f;
    c1->sz = 3.5f;
    c1->ax = 0.25f;
    c1->ay = 0.5f;
    c1->az = 0.75f;
    c2->sx = 9.0f;
    akgl_Actor *a = make_actor("setchar-actor", NULL);

    CHECK_STATUS_MSG(akgl_actor_set_character(a, "setchar-nobody"), AKERR_KEY, "setchar-nobody");
    CHECK(a->basechar == NULL);
    CHECK_STATUS(akgl_actor_set_character(a, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_set_character(NULL, "setchar-one"), AKERR_NULLPOINTER);

    CHECK_OK(akgl_actor_set_character(a, "setchar-one"));
    CHECK(a->basechar == c1);
    CHECK_INT_EQ(c1->refcount, 2);
    CHECK(a->sx == 1.5f && a->sy == 2.5f && a->sz == 3.5f);
    CHECK(a->ax == 0.25f && a->ay == 0.5f && a->az == 0.75f);

    /* Setting the same one again takes no second reference. */
    CHECK_OK(akgl_actor_set_character(a, "setchar-one"));
    CHECK_INT_EQ(c1->refcount, 2);

    /* Another character: the old reference is given back. */
    CHECK_OK(akgl_actor_set_character(a, "setchar-two"));
    CHECK(a->basechar == c2);
    CHECK_INT_EQ(c1->refcount, 1);
    CHECK_INT_EQ(c2->refcount, 2);
    CHECK(a->sx == 9.0f && a->sy == 0.0f && a->az == 0.0f);

    /* The game lets go of the character: the actor keeps it alive. */
    CHECK_OK(akgl_heap_release_character(c2));
    CHECK_INT_EQ(c2->refcount, 1);
    CHECK_STR_EQ(c2->name, "setchar-two");
    CHECK_INT_EQ(akgl_test_characters_(), 2);
    /* ... until the actor goes. */
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_INT_EQ(akgl_test_characters_(), 1);
    CHECK_OK(akgl_heap_release_character(c1));
}

/* ------------------------------------------------------------------------ */
/* Animation over stepped time                                              */
/* ------------------------------------------------------------------------ */

/* A scene with one character "anim" whose STAND state maps to a sprite. */
typedef struct Anim
{
    Scene s;
    akgl_Sprite *spr;
    akgl_Character *c;
} Anim;

static bool anim_open(Anim *w, const int *cells, int n, uint32_t speed_ms, bool loop,
                      bool reverse, uint64_t speedtime_ms)
{
    SDL_zerop(w);
    CHECK_OK(akgl_time_use_manual(true));
    if (!scene_open_bound(&w->s, 64, 64)) {
        return false;
    }
    w->spr = make_sprite(&w->s, "anim-sprite", cells, n, speed_ms, loop, reverse);
    w->c = make_character("anim", speedtime_ms);
    if (w->spr == NULL || w->c == NULL) {
        return false;
    }
    CHECK_OK(w->c->sprite_add(w->c, w->spr, STAND));
    return true;
}

static void anim_close(Anim *w)
{
    if (w->c != NULL) {
        CHECK_OK(akgl_heap_release_character(w->c));
    }
    if (w->spr != NULL) {
        CHECK_OK(akgl_heap_release_sprite(w->spr));
    }
    scene_close(&w->s);
    CHECK_OK(akgl_time_use_manual(false));
}

static akgl_Actor *anim_actor(const char *name)
{
    akgl_Actor *a = make_actor(name, "anim");
    if (a != NULL) {
        a->state = STAND;
    }
    return a;
}

/* Updates `a` once per dwell and checks the frame id it shows each time. */
static void expect_frames(akgl_Actor *a, uint64_t dwell_ns, const int *want, int n)
{
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            CHECK_OK(akgl_time_advance(dwell_ns));
        }
        CHECK_OK(akgl_actor_update(a));
        CHECK_MSG(a->curSpriteFrameId == want[i], "step %d: frame id %d, expected %d", i,
                  a->curSpriteFrameId, want[i]);
    }
}

static void test_each_frame_held_for_sprite_speed(void)
{
    Anim w;
    const int cells[] = {0, 1, 2, 3};
    if (anim_open(&w, cells, 4, 100, true, false, 999)) {
        akgl_Actor *a = anim_actor("hold-actor");
        CHECK_OK(akgl_actor_update(a)); /* the first update counts no time */
        CHECK_INT_EQ(a->curSpriteFrameId, 0);
        CHECK_OK(akgl_time_advance(100 * MS - 1));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0); /* one nanosecond short */
        CHECK_OK(akgl_time_advance(1));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 1);
        /* Updates with no time between them change nothing. */
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 1);
        /* Loop alone wraps. */
        const int want[] = {1, 2, 3, 0, 1, 2, 3, 0};
        expect_frames(a, 100 * MS, want, 8);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);
}

static void test_speed_zero_uses_character_speedtime(void)
{
    Anim w;
    const int cells[] = {4, 5, 6};
    if (anim_open(&w, cells, 3, 0, true, false, 40)) {
        akgl_Actor *a = anim_actor("speedtime-actor");
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_time_advance(39 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0);
        CHECK_OK(akgl_time_advance(1 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 1);

        /* No dwell anywhere: a still picture, not a division by zero. */
        w.c->speedtime = 0;
        CHECK_OK(akgl_time_advance(1000 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 1);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);
}

/* A playlist that shrank under the actor, or is empty, is not an error. */
static void test_frame_id_past_a_shrunk_playlist_is_clamped(void)
{
    Anim w;
    const int cells[] = {0, 1, 2, 3, 4};
    if (anim_open(&w, cells, 5, 10, true, false, 0)) {
        akgl_Actor *a = anim_actor("shrunk-actor");
        CHECK_OK(akgl_actor_update(a));
        a->curSpriteFrameId = 4;
        w.spr->frames = 3; /* the game edited the sprite */
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 2); /* the last frame there is */
        CHECK_OK(akgl_time_advance(10 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0); /* and it wraps from there */
        w.spr->frames = 0;
        CHECK_OK(akgl_time_advance(10 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0);
        CHECK_STATUS(akgl_actor_advance_frame(NULL, w.spr, 0), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_actor_advance_frame(a, NULL, 0), AKERR_NULLPOINTER);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);
}

static void test_loop_reverse_ping_pongs(void)
{
    Anim w;
    const int cells[] = {0, 1, 2};
    if (anim_open(&w, cells, 3, 50, true, true, 0)) {
        akgl_Actor *a = anim_actor("pingpong-actor");
        const int want[] = {0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2};
        expect_frames(a, 50 * MS, want, 11);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);

    /* Two frames ping-pong as 0, 1, 0, 1; one frame stays put. */
    const int two[] = {6, 7};
    if (anim_open(&w, two, 2, 50, true, true, 0)) {
        akgl_Actor *a = anim_actor("pingpong-two");
        const int want[] = {0, 1, 0, 1, 0};
        expect_frames(a, 50 * MS, want, 5);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);
    const int one[] = {6};
    if (anim_open(&w, one, 1, 50, true, true, 0)) {
        akgl_Actor *a = anim_actor("pingpong-one");
        const int want[] = {0, 0, 0};
        expect_frames(a, 50 * MS, want, 3);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);
}

static void test_no_loop_plays_once_and_holds(void)
{
    Anim w;
    const int cells[] = {3, 2, 1, 0};
    if (anim_open(&w, cells, 4, 30, false, false, 0)) {
        akgl_Actor *a = anim_actor("once-actor");
        const int want[] = {0, 1, 2, 3, 3, 3, 3, 3};
        expect_frames(a, 30 * MS, want, 8);
        /* A long pause does not start it again either. */
        CHECK_OK(akgl_time_advance(100000 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 3);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);

    /* loopReverse without loop is still play-once. */
    if (anim_open(&w, cells, 4, 30, false, true, 0)) {
        akgl_Actor *a = anim_actor("once-reverse");
        const int want[] = {0, 1, 2, 3, 3, 3};
        expect_frames(a, 30 * MS, want, 6);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);
}

/*
 * A long pause must land where stepping through it would have: for every
 * loop mode and playlist length, an actor updated once after a pause of k
 * dwells plus a remainder shows the same frame, and then the same sequence,
 * as one updated at every dwell along the way.
 */
static void test_long_pause_matches_stepping(void)
{
    static const struct
    {
        bool loop, reverse;
    } modes[] = {{true, false}, {true, true}, {false, false}};
    const int cells[] = {0, 1, 2, 3, 4, 5, 6};
    const uint64_t dwell = 20 * MS;

    for (size_t m = 0; m < SDL_arraysize(modes); m++) {
        for (int n = 1; n <= 6; n++) {
            Anim w;
            if (!anim_open(&w, cells, n, 20, modes[m].loop, modes[m].reverse, 0)) {
                anim_close(&w);
                return;
            }
            for (int k = 0; k <= 4 * n + 3; k++) {
                akgl_Actor *stepped = anim_actor("pause-stepped");
                akgl_Actor *paused = anim_actor("pause-jumped");
                CHECK_OK(akgl_actor_update(stepped));
                CHECK_OK(akgl_actor_update(paused));
                /* The stepped one sees every dwell, in uneven slices. */
                for (int i = 0; i < k; i++) {
                    CHECK_OK(akgl_time_advance(dwell / 3));
                    CHECK_OK(akgl_actor_update(stepped));
                    CHECK_OK(akgl_time_advance(dwell - dwell / 3));
                    CHECK_OK(akgl_actor_update(stepped));
                }
                CHECK_OK(akgl_time_advance(dwell / 2));
                CHECK_OK(akgl_actor_update(stepped));
                CHECK_OK(akgl_actor_update(paused)); /* the whole pause at once */
                for (int after = 0; after <= 2 * n; after++) {
                    CHECK_MSG(stepped->curSpriteFrameId == paused->curSpriteFrameId,
                              "loop %d reverse %d, %d frames, pause of %d dwells, then %d: "
                              "stepped shows %d, paused shows %d", modes[m].loop,
                              modes[m].reverse, n, k, after, stepped->curSpriteFrameId,
                              paused->curSpriteFrameId);
                    CHECK_OK(akgl_time_advance(dwell));
                    CHECK_OK(akgl_actor_update(stepped));
                    CHECK_OK(akgl_actor_update(paused));
                }
                CHECK_OK(akgl_heap_release_actor(stepped));
                CHECK_OK(akgl_heap_release_actor(paused));
            }
            anim_close(&w);
        }
    }
}

/*
 * The frame hook takes any uint64_t: the time it has banked plus a pause that
 * large must not wrap. With a dwell of 2^32 ns, 1 ns banked and UINT64_MAX
 * more make exactly 2^32 dwells, and 2^32 = 1 (mod 3).
 */
static void test_huge_pause_does_not_wrap(void)
{
    Anim w;
    const int cells[] = {0, 1, 2};
    if (anim_open(&w, cells, 3, 0, true, false, 0)) {
        w.c->speedtime = UINT64_C(1) << 32;
        akgl_Actor *a = anim_actor("huge-actor");
        a->curSpriteFrameTimer = 1;
        CHECK_OK(akgl_actor_advance_frame(a, w.spr, UINT64_MAX));
        CHECK_INT_EQ(a->curSpriteFrameId, 1);
        CHECK(a->curSpriteFrameTimer == 0);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    anim_close(&w);
}

static void test_one_sprite_many_actors_on_different_frames(void)
{
    Anim w;
    const int cells[] = {0, 1, 2, 3};
    if (anim_open(&w, cells, 4, 10, true, false, 0)) {
        akgl_Actor *a[3];
        int spriterefs = w.spr->refcount;
        for (int i = 0; i < 3; i++) {
            char name[32];
            snprintf(name, sizeof(name), "shared-%d", i);
            a[i] = anim_actor(name);
            /* Each starts one dwell after the previous one. */
            CHECK_OK(akgl_actor_update(a[i]));
            for (int j = 0; j <= i; j++) {
                CHECK_OK(akgl_actor_update(a[j]));
            }
            CHECK_OK(akgl_time_advance(10 * MS));
        }
        for (int j = 0; j < 3; j++) {
            CHECK_OK(akgl_actor_update(a[j]));
        }
        CHECK_INT_EQ(a[0]->curSpriteFrameId, 3);
        CHECK_INT_EQ(a[1]->curSpriteFrameId, 2);
        CHECK_INT_EQ(a[2]->curSpriteFrameId, 1);
        /* One sprite, one reference per actor showing it, given back as each goes. */
        CHECK_INT_EQ(w.spr->refcount, spriterefs + 3);
        for (int j = 0; j < 3; j++) {
            CHECK_OK(akgl_heap_release_actor(a[j]));
        }
        CHECK_INT_EQ(w.spr->refcount, spriterefs);
    }
    anim_close(&w);
}

/*
 * A state whose sprite is another one restarts the animation at frame id 0,
 * and the time since the previous update, spent in the old state, does not
 * count against the new sprite's first frame.
 */
static void test_sprite_change_restarts_at_frame_zero(void)
{
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&s, 64, 64)) {
        const int walk[] = {0, 1, 2, 3};
        const int die[] = {4, 5, 6, 7};
        akgl_Sprite *sw = make_sprite(&s, "change-walk", walk, 4, 100, true, false);
        akgl_Sprite *sd = make_sprite(&s, "change-die", die, 4, 100, true, false);
        akgl_Character *c = make_character("change-char", 0);
        int dying = AKGL_ACTOR_STATE_DYING | AKGL_ACTOR_STATE_FACE_DOWN;
        int up = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP;
        CHECK_OK(c->sprite_add(c, sw, STAND));
        CHECK_OK(c->sprite_add(c, sw, up));
        CHECK_OK(c->sprite_add(c, sd, dying));
        akgl_Actor *a = make_actor("change-actor", "change-char");
        a->state = STAND;
        const int first[] = {0, 1, 2};
        expect_frames(a, 100 * MS, first, 3);

        /* Another state, the same sprite: the animation carries on. */
        a->state = up;
        CHECK_OK(akgl_time_advance(100 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 3);

        /* Another sprite: frame id 0, held for a whole dwell from now. */
        CHECK_OK(akgl_time_advance(100 * MS));
        a->state = dying;
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0);
        CHECK_OK(akgl_time_advance(99 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0);
        CHECK_OK(akgl_time_advance(1 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 1);

        /* Back to the first sprite: from the start, not where it was left. */
        CHECK_OK(akgl_time_advance(100 * MS));
        a->state = STAND;
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0);

        /* A change first seen by drawing starts the new animation's clock
         * there: a dwell later, the next update shows frame id 1. */
        CHECK_OK(akgl_time_advance(30 * MS));
        a->state = dying;
        CHECK_OK(akgl_actor_render(a, &s.r));
        CHECK_INT_EQ(a->curSpriteFrameId, 0);
        CHECK_OK(akgl_time_advance(100 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 1);

        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(sw));
        CHECK_OK(akgl_heap_release_sprite(sd));
    }
    scene_close(&s);
    CHECK_OK(akgl_time_use_manual(false));
}

/*
 * A sprite reloaded while an actor shows it: the game lets go of the old one
 * and binds a new one for the same state. The new one must start at frame
 * id 0 even when the pool hands it the old one's slot (it did: the actor
 * compared a pointer to a freed slot, found it equal, and carried on at the
 * old frame). The actor holds a reference on the sprite it shows, so that
 * slot cannot be reused under it.
 */
static void test_reloaded_sprite_restarts_even_in_the_same_slot(void)
{
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&s, 64, 64)) {
        const int cells[] = {0, 1, 2, 3};
        const int still[] = {7};
        akgl_Sprite *old = make_sprite(&s, "reload-old", cells, 4, 10, true, false);
        akgl_Character *c = make_character("reload-char", 0);
        CHECK_OK(c->sprite_add(c, old, STAND));
        akgl_Actor *a = make_actor("reload-actor", "reload-char");
        a->state = STAND;
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(old->refcount, 3); /* the game's, the binding's, the actor's */
        CHECK_OK(akgl_time_advance(20 * MS));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 2);

        /* The reload: the game's reference goes, the state is bound afresh. */
        CHECK_OK(akgl_heap_release_sprite(old));
        akgl_Sprite *stopgap = make_sprite(&s, "reload-stopgap", still, 1, 10, true, false);
        CHECK_OK(c->sprite_add(c, stopgap, STAND));
        akgl_Sprite *fresh = make_sprite(&s, "reload-new", cells, 4, 10, true, false);
        CHECK(fresh != old); /* the actor still holds the old one */
        CHECK_OK(c->sprite_add(c, fresh, STAND));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(a->curSpriteFrameId, 0);
        /* Showing the new one, the actor let go of the old one. */
        CHECK_INT_EQ(akgl_test_sprites_(), 2);
        CHECK_INT_EQ(fresh->refcount, 3);

        /* Initialised again, or released, it gives that reference back. */
        CHECK_OK(akgl_actor_initialize(a, "reload-actor"));
        CHECK_INT_EQ(fresh->refcount, 2);
        CHECK(a->cursprite == NULL);
        CHECK_OK(akgl_actor_set_character(a, "reload-char"));
        a->state = STAND;
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(fresh->refcount, 3);
        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_INT_EQ(fresh->refcount, 2);
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(stopgap));
        CHECK_OK(akgl_heap_release_sprite(fresh));
    }
    scene_close(&s);
    CHECK_OK(akgl_time_use_manual(false));
}

/* ------------------------------------------------------------------------ */
/* Facing and movement intent                                               */
/* ------------------------------------------------------------------------ */

static void test_facing_follows_movement_and_is_kept(void)
{
    akgl_Actor *a = make_actor("face-actor", NULL);
    const int A = AKGL_ACTOR_STATE_ALIVE;
    static const struct
    {
        int moving, face;
    } cases[] = {
        {AKGL_ACTOR_STATE_MOVING_LEFT, AKGL_ACTOR_STATE_FACE_LEFT},
        {AKGL_ACTOR_STATE_MOVING_RIGHT, AKGL_ACTOR_STATE_FACE_RIGHT},
        {AKGL_ACTOR_STATE_MOVING_UP, AKGL_ACTOR_STATE_FACE_UP},
        {AKGL_ACTOR_STATE_MOVING_DOWN, AKGL_ACTOR_STATE_FACE_DOWN},
        /* Horizontal wins over vertical. */
        {AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_UP, AKGL_ACTOR_STATE_FACE_LEFT},
        {AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_DOWN,
         AKGL_ACTOR_STATE_FACE_RIGHT},
        {AKGL_ACTOR_STATE_MOVING_UP | AKGL_ACTOR_STATE_MOVING_DOWN, AKGL_ACTOR_STATE_FACE_UP},
    };
    for (size_t i = 0; i < SDL_arraysize(cases); i++) {
        /* Start from every other facing, so the old one must be cleared. */
        a->state = A | (AKGL_ACTOR_STATE_FACE_ALL & ~cases[i].face) | cases[i].moving;
        CHECK_OK(akgl_actor_update(a));
        CHECK_MSG(a->state == (A | cases[i].face | cases[i].moving),
                  "case %zu: state %d, expected %d", i, a->state,
                  A | cases[i].face | cases[i].moving);
        /* Stopping keeps the last facing: no drop to bare ALIVE. */
        a->state &= ~AKGL_ACTOR_STATE_MOVING_ALL;
        CHECK_OK(akgl_actor_update(a));
        CHECK_MSG(a->state == (A | cases[i].face), "case %zu stopped: state %d, expected %d", i,
                  a->state, A | cases[i].face);
    }
    /* Every combination of the four bits, against the rule spelt out:
     * LEFT, then RIGHT, then UP, then DOWN; none keeps the facing. */
    for (int bits = 0; bits < 16; bits++) {
        int moving = bits * AKGL_ACTOR_STATE_MOVING_LEFT;
        int face = (moving & AKGL_ACTOR_STATE_MOVING_LEFT)    ? AKGL_ACTOR_STATE_FACE_LEFT
                   : (moving & AKGL_ACTOR_STATE_MOVING_RIGHT) ? AKGL_ACTOR_STATE_FACE_RIGHT
                   : (moving & AKGL_ACTOR_STATE_MOVING_UP)    ? AKGL_ACTOR_STATE_FACE_UP
                   : (moving & AKGL_ACTOR_STATE_MOVING_DOWN)  ? AKGL_ACTOR_STATE_FACE_DOWN
                                                              : 0;
        /* From every other facing (so the old one must be cleared); none
         * decided: the old facing stays. */
        int before = face != 0 ? (AKGL_ACTOR_STATE_FACE_ALL & ~face) : AKGL_ACTOR_STATE_FACE_UP;
        int expect = A | (face != 0 ? face : before) | moving | AKGL_ACTOR_STATE_MOVING_OUT;
        a->state = A | before | moving | AKGL_ACTOR_STATE_MOVING_OUT;
        CHECK_OK(akgl_actor_automatic_face(a));
        CHECK_MSG(a->state == expect, "bits %d: state %d, expected %d", bits, a->state, expect);
    }
    /* In/out movement has no facing of its own: the last one stays. */
    a->state = A | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_IN;
    CHECK_OK(akgl_actor_update(a));
    CHECK_INT_EQ(a->state, A | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_IN);
    /* The seed's own example: ALIVE|FACE_LEFT|MOVING_LEFT is 146. */
    a->state = A | AKGL_ACTOR_STATE_MOVING_LEFT;
    CHECK_OK(akgl_actor_automatic_face(a));
    CHECK_INT_EQ(a->state, 146);
    CHECK_STATUS(akgl_actor_automatic_face(NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_actor(a));
}

static void test_movement_bits_become_intent(void)
{
    akgl_Actor *a = make_actor("intent-actor", NULL);
    a->state = AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_DOWN |
               AKGL_ACTOR_STATE_MOVING_OUT;
    CHECK_OK(akgl_actor_move_by_state(a));
    CHECK(a->move_x == -1.0f && a->move_y == 1.0f && a->move_z == -1.0f);
    a->state = AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_UP |
               AKGL_ACTOR_STATE_MOVING_IN;
    CHECK_OK(akgl_actor_move_by_state(a));
    CHECK(a->move_x == 1.0f && a->move_y == -1.0f && a->move_z == 1.0f);
    /* Opposite bits cancel; no bits, no intent. */
    a->state = AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_RIGHT;
    CHECK_OK(akgl_actor_move_by_state(a));
    CHECK(a->move_x == 0.0f && a->move_y == 0.0f && a->move_z == 0.0f);
    CHECK_STATUS(akgl_actor_move_by_state(NULL), AKERR_NULLPOINTER);
    /* Every combination of the six bits, beside other bits, against the
     * rule spelt out (each axis: its + bit minus its - bit, +0 for none),
     * compared as bits: through the hook, and through an update, which runs
     * the default hook itself. */
    const int L = AKGL_ACTOR_STATE_MOVING_LEFT, R = AKGL_ACTOR_STATE_MOVING_RIGHT;
    const int U = AKGL_ACTOR_STATE_MOVING_UP, D = AKGL_ACTOR_STATE_MOVING_DOWN;
    const int I = AKGL_ACTOR_STATE_MOVING_IN, O = AKGL_ACTOR_STATE_MOVING_OUT;
    const int bits[6] = {L, R, U, D, I, O};
    for (int combo = 0; combo < 64; combo++) {
        int moving = 0;
        for (int b = 0; b < 6; b++) {
            moving |= (combo >> b & 1) ? bits[b] : 0;
        }
        const float want[3] = {(float)(((moving & R) != 0) - ((moving & L) != 0)),
                               (float)(((moving & D) != 0) - ((moving & U) != 0)),
                               (float)(((moving & I) != 0) - ((moving & O) != 0))};
        for (int via = 0; via < 2; via++) {
            a->move_x = a->move_y = a->move_z = 7.0f;
            a->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP | moving;
            CHECK_OK(via == 0 ? akgl_actor_move_by_state(a) : akgl_actor_update(a));
            const float got[3] = {a->move_x, a->move_y, a->move_z};
            CHECK_MSG(memcmp(got, want, sizeof(got)) == 0,
                      "bits 0x%x via %s: intent (%g, %g, %g), expected (%g, %g, %g)", moving,
                      via == 0 ? "the hook" : "an update", (double)got[0], (double)got[1],
                      (double)got[2], (double)want[0], (double)want[1], (double)want[2]);
        }
    }
    CHECK_OK(akgl_heap_release_actor(a));
}

/* A stopped actor stays drawable with only facing mappings (no bare ALIVE). */
static void test_stopped_actor_keeps_a_drawable_state(void)
{
    Scene s;
    if (scene_open_bound(&s, 64, 64)) {
        const int walkc[] = {1, 2};
        const int standc[] = {5};
        akgl_Sprite *walk = make_sprite(&s, "stop-walk", walkc, 2, 100, true, false);
        akgl_Sprite *stand = make_sprite(&s, "stop-stand", standc, 1, 100, true, false);
        akgl_Character *c = make_character("stop-char", 0);
        int left = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT;
        CHECK_OK(c->sprite_add(c, walk, left | AKGL_ACTOR_STATE_MOVING_LEFT));
        CHECK_OK(c->sprite_add(c, stand, left));
        akgl_Actor *a = make_actor("stop-actor", "stop-char");
        akgl_Sprite *cur = NULL;
        a->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_LEFT;
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_current_sprite(a, &cur));
        CHECK(cur == walk);
        a->state &= ~AKGL_ACTOR_STATE_MOVING_LEFT;
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_current_sprite(a, &cur));
        CHECK(cur == stand);
        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(walk));
        CHECK_OK(akgl_heap_release_sprite(stand));
    }
    scene_close(&s);
}

/* ------------------------------------------------------------------------ */
/* The state -> sprite cache                                                */
/* ------------------------------------------------------------------------ */

static int sprite_gets;

static akerr_ErrorContext *counting_sprite_get(akgl_Character *c, int state, akgl_Sprite **dest)
{
    sprite_gets++;
    return akgl_character_sprite_get(c, state, dest);
}

static void test_sprite_lookup_is_cached(void)
{
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&s, 64, 64)) {
        const int c1[] = {0, 1};
        const int c2[] = {2, 3};
        const int c3[] = {4};
        akgl_Sprite *s1 = make_sprite(&s, "cache-one", c1, 2, 10, true, false);
        akgl_Sprite *s2 = make_sprite(&s, "cache-two", c2, 2, 10, true, false);
        akgl_Sprite *s3 = make_sprite(&s, "cache-three", c3, 1, 10, true, false);
        akgl_Character *c = make_character("cache-char", 0);
        akgl_Character *other = make_character("cache-other", 0);
        int up = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP;
        CHECK_OK(c->sprite_add(c, s1, STAND));
        CHECK_OK(c->sprite_add(c, s2, up));
        CHECK_OK(other->sprite_add(other, s3, STAND));
        c->sprite_get = counting_sprite_get;
        other->sprite_get = counting_sprite_get;
        akgl_Actor *a = make_actor("cache-actor", "cache-char");
        akgl_Sprite *cur = NULL;
        a->state = STAND;

        /* Twenty frames in one state: one lookup. */
        sprite_gets = 0;
        for (int i = 0; i < 20; i++) {
            CHECK_OK(akgl_time_advance(3 * MS));
            CHECK_OK(akgl_actor_update(a));
            CHECK_OK(akgl_actor_render(a, &s.r));
        }
        CHECK_INT_EQ(sprite_gets, 1);

        /* Another state: one more; and back again: one more. */
        a->state = up;
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_current_sprite(a, &cur));
        CHECK(cur == s2);
        CHECK_INT_EQ(sprite_gets, 2);
        a->state = STAND;
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_render(a, &s.r));
        CHECK_INT_EQ(sprite_gets, 3);

        /* Rebinding the state on the character is seen at once. */
        CHECK_OK(c->sprite_add(c, s3, STAND));
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_current_sprite(a, &cur));
        CHECK(cur == s3);
        CHECK_INT_EQ(sprite_gets, 4);
        CHECK_OK(akgl_actor_render(a, &s.r));
        CHECK_INT_EQ(sprite_gets, 4);
        /* Binding a state the actor is not in also invalidates (cheaply). */
        CHECK_OK(c->sprite_add(c, s1, up));
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_current_sprite(a, &cur));
        CHECK(cur == s3);
        CHECK_INT_EQ(sprite_gets, 5);

        /* Another character. */
        CHECK_OK(akgl_actor_set_character(a, "cache-other"));
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(sprite_gets, 6);
        CHECK_OK(akgl_actor_update(a));
        CHECK_INT_EQ(sprite_gets, 6);

        /* A state with no sprite is a miss, and a miss is cached too: frames
         * in it neither ask the character again nor raise (and format) an
         * error to swallow. The public lookup still reports it. Resolving the
         * miss asks twice, once: FACE_UP|ALIVE, then its fallback bare ALIVE. */
        a->state = up; /* "cache-other" maps only STAND */
        uint64_t submitted = s.r.stats.submitted;
        for (int i = 0; i < 20; i++) {
            CHECK_OK(akgl_time_advance(3 * MS));
            CHECK_OK(akgl_actor_update(a));
            CHECK_OK(akgl_actor_render(a, &s.r));
        }
        CHECK_INT_EQ(sprite_gets, 8);
        CHECK_INT_EQ(s.r.stats.submitted, submitted); /* nothing to draw, nothing drawn */
        CHECK_STATUS_MSG(akgl_actor_current_sprite(a, &cur), AKERR_KEY, "has no sprite for state");
        CHECK(cur == NULL);
        CHECK_INT_EQ(sprite_gets, 8);

        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_character(other));
        CHECK_OK(akgl_heap_release_sprite(s1));
        CHECK_OK(akgl_heap_release_sprite(s2));
        CHECK_OK(akgl_heap_release_sprite(s3));
    }
    scene_close(&s);
    CHECK_OK(akgl_time_use_manual(false));
}

/* ------------------------------------------------------------------------ */
/* What update and render swallow                                           */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *failing_update(akgl_Actor *a)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, AKERR_VALUE, "update of \"%s\" went wrong", a->name);
}

static akerr_ErrorContext *failing_render(akgl_Actor *a, akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    (void)r;
    FAIL_RETURN(errctx, AKERR_API, "render of \"%s\" went wrong", a->name);
}

static akerr_ErrorContext *frame_id_too_far(akgl_Actor *a, akgl_Sprite *s, uint64_t elapsed)
{
    (void)elapsed;
    a->curSpriteFrameId = s->frames; /* the renderer must refuse this */
    return NULL;
}

static void test_missing_mapping_is_swallowed_other_errors_are_not(void)
{
    Scene s;
    if (scene_open_bound(&s, 64, 64)) {
        const int cells[] = {0};
        akgl_Sprite *spr = make_sprite(&s, "swallow-sprite", cells, 1, 10, true, false);
        akgl_Character *c = make_character("swallow-char", 0);
        CHECK_OK(c->sprite_add(c, spr, STAND));
        akgl_Actor *a = make_actor("swallow-actor", "swallow-char");
        akgl_Actor *bare = make_actor("swallow-bare", NULL);
        akgl_Sprite *cur = NULL;

        /* A state with no sprite: update and render carry on, nothing drawn. */
        a->state = AKGL_ACTOR_STATE_DEAD;
        s.r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_render(a, &s.r));
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        /* ... but asking for the sprite says why. */
        CHECK_STATUS_MSG(akgl_actor_current_sprite(a, &cur), AKERR_KEY, "swallow-char");
        CHECK(cur == NULL);
        /* No character at all: the same. */
        CHECK_OK(akgl_actor_update(bare));
        CHECK_OK(akgl_actor_render(bare, &s.r));
        CHECK_STATUS_MSG(akgl_actor_current_sprite(bare, &cur), AKERR_KEY, "swallow-bare");
        CHECK_STATUS(akgl_actor_current_sprite(bare, NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_actor_current_sprite(NULL, &cur), AKERR_NULLPOINTER);

        /* With a mapping it draws. */
        a->state = STAND;
        CHECK_OK(akgl_actor_update(a));
        CHECK_OK(akgl_actor_render(a, &s.r));
        CHECK_INT_EQ(s.r.stats.submitted, 1);

        /* Other errors are passed up. */
        a->updatefunc = failing_update;
        CHECK_STATUS_MSG(akgl_actor_update(a), AKERR_VALUE, "swallow-actor");
        a->renderfunc = failing_render;
        CHECK_STATUS_MSG(akgl_actor_render(a, &s.r), AKERR_API, "swallow-actor");
        a->updatefunc = akgl_actor_run_update;
        a->renderfunc = akgl_actor_draw;
        a->changeframefunc = frame_id_too_far;
        CHECK_OK(akgl_actor_update(a));
        CHECK_STATUS(akgl_actor_render(a, &s.r), AKERR_OUTOFBOUNDS);

        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_actor(bare));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

/* ------------------------------------------------------------------------ */
/* Children                                                                 */
/* ------------------------------------------------------------------------ */

static void test_add_child_takes_a_reference_and_refuses_cycles(void)
{
    akgl_Actor *a = make_actor("kin-a", NULL);
    akgl_Actor *b = make_actor("kin-b", NULL);
    akgl_Actor *c = make_actor("kin-c", NULL);
    akgl_Actor *d = make_actor("kin-d", NULL);

    CHECK_OK(akgl_actor_add_child(a, b));
    CHECK_INT_EQ(b->refcount, 2);
    CHECK(b->parent == a);
    CHECK(a->children[0] == b);
    CHECK_OK(akgl_actor_add_child(b, c));

    /* A second parent, itself, an ancestor: each refused, nothing changed. */
    CHECK_STATUS_MSG(akgl_actor_add_child(d, b), AKERR_RELATIONSHIP, "already a child");
    CHECK_STATUS_MSG(akgl_actor_add_child(d, d), AKERR_RELATIONSHIP, "cycle");
    CHECK_STATUS_MSG(akgl_actor_add_child(c, a), AKERR_RELATIONSHIP, "cycle");
    CHECK_INT_EQ(a->refcount, 1);
    CHECK_INT_EQ(b->refcount, 2);
    CHECK_INT_EQ(d->refcount, 1);
    CHECK(a->parent == NULL && d->parent == NULL);
    for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN; i++) {
        CHECK(c->children[i] == NULL && d->children[i] == NULL);
    }
    CHECK_STATUS(akgl_actor_add_child(NULL, b), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_add_child(a, NULL), AKERR_NULLPOINTER);

    /* remove_child gives the reference back; a non-child is refused. */
    CHECK_STATUS(akgl_actor_remove_child(a, c), AKERR_RELATIONSHIP);
    CHECK_OK(akgl_actor_remove_child(b, c));
    CHECK_INT_EQ(c->refcount, 1);
    CHECK(c->parent == NULL);
    CHECK_STATUS(akgl_actor_remove_child(b, c), AKERR_RELATIONSHIP);
    CHECK_STATUS(akgl_actor_remove_child(NULL, c), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_remove_child(b, NULL), AKERR_NULLPOINTER);
    /* ... and then c may have another parent. */
    CHECK_OK(akgl_actor_add_child(d, c));
    CHECK_OK(akgl_actor_remove_child(d, c));

    CHECK_OK(akgl_heap_release_actor(c));
    CHECK_OK(akgl_heap_release_actor(d));
    CHECK_OK(akgl_heap_release_actor(b)); /* a still holds it */
    CHECK_INT_EQ(b->refcount, 1);
    CHECK_OK(akgl_heap_release_actor(a)); /* and lets go of it here */
    CHECK_INT_EQ(akgl_test_actors_(), 0);
}

static void test_children_are_limited(void)
{
    akgl_Actor *parent = make_actor("full-parent", NULL);
    akgl_Actor *kids[AKGL_ACTOR_MAX_CHILDREN + 1];
    for (int i = 0; i <= AKGL_ACTOR_MAX_CHILDREN; i++) {
        char name[32];
        snprintf(name, sizeof(name), "full-kid-%d", i);
        kids[i] = make_actor(name, NULL);
    }
    for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN; i++) {
        CHECK_OK(akgl_actor_add_child(parent, kids[i]));
    }
    akgl_Actor *extra = kids[AKGL_ACTOR_MAX_CHILDREN];
    CHECK_STATUS_MSG(akgl_actor_add_child(parent, extra), AKERR_OUTOFBOUNDS,
                     "AKGL_ACTOR_MAX_CHILDREN");
    CHECK_INT_EQ(extra->refcount, 1);
    CHECK(extra->parent == NULL);
    /* A freed place is reused. */
    CHECK_OK(akgl_actor_remove_child(parent, kids[3]));
    CHECK_OK(akgl_actor_add_child(parent, extra));
    CHECK(parent->children[3] == extra);

    /* The game lets go of every child; the parent still holds them ... */
    for (int i = 0; i <= AKGL_ACTOR_MAX_CHILDREN; i++) {
        CHECK_OK(akgl_heap_release_actor(kids[i]));
    }
    CHECK_INT_EQ(akgl_test_actors_(), 1 + AKGL_ACTOR_MAX_CHILDREN);
    /* ... and releasing the parent releases them. */
    CHECK_OK(akgl_heap_release_actor(parent));
    CHECK_INT_EQ(akgl_test_actors_(), 0);
}

static void test_child_outlives_parent_when_held(void)
{
    akgl_Actor *p = make_actor("outlive-parent", NULL);
    akgl_Actor *k = make_actor("outlive-kid", NULL);
    CHECK_OK(akgl_actor_add_child(p, k));
    CHECK_OK(akgl_heap_release_actor(p));
    CHECK_INT_EQ(k->refcount, 1);
    CHECK(k->parent == NULL); /* no dangling parent */
    CHECK(registered_as("outlive-kid", k));
    CHECK_OK(akgl_heap_release_actor(k));
}

/* Cycles a game wrote into children[] itself: release must still end. */
static void test_cycle_written_into_children_terminates(void)
{
    /* a -> b -> c -> a, the back edge written directly (it holds no reference). */
    akgl_Actor *a = make_actor("loop-a", NULL);
    akgl_Actor *b = make_actor("loop-b", NULL);
    akgl_Actor *c = make_actor("loop-c", NULL);
    CHECK_OK(akgl_actor_add_child(a, b));
    CHECK_OK(akgl_actor_add_child(b, c));
    c->children[0] = a;
    CHECK_OK(akgl_heap_release_actor(b));
    CHECK_OK(akgl_heap_release_actor(c));
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_INT_EQ(akgl_test_actors_(), 0);

    /* An actor listed among its own children. */
    akgl_Actor *self = make_actor("loop-self", NULL);
    self->children[2] = self;
    CHECK_OK(akgl_heap_release_actor(self));
    CHECK_INT_EQ(akgl_test_actors_(), 0);

    /* A two-cycle whose back edge does hold a reference keeps itself alive
     * (reference counting cannot see cycles); removing the edge frees it. */
    akgl_Actor *x = make_actor("loop-x", NULL);
    akgl_Actor *y = make_actor("loop-y", NULL);
    CHECK_OK(akgl_actor_add_child(x, y));
    y->children[0] = x;
    x->refcount++;
    CHECK_OK(akgl_heap_release_actor(y));
    CHECK_OK(akgl_heap_release_actor(x));
    CHECK_INT_EQ(akgl_test_actors_(), 2);
    CHECK_OK(akgl_actor_remove_child(y, x));
    CHECK_INT_EQ(akgl_test_actors_(), 0);
    CHECK(registered_as("loop-x", NULL));
    CHECK(registered_as("loop-y", NULL));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_initialize_binds_defaults);
    RUN_TEST(test_reinitialize_gives_back_what_it_held);
    RUN_TEST(test_hooks_are_replaceable_and_called);
    RUN_TEST(test_set_character_holds_a_reference);
    RUN_TEST(test_each_frame_held_for_sprite_speed);
    RUN_TEST(test_speed_zero_uses_character_speedtime);
    RUN_TEST(test_frame_id_past_a_shrunk_playlist_is_clamped);
    RUN_TEST(test_loop_reverse_ping_pongs);
    RUN_TEST(test_no_loop_plays_once_and_holds);
    RUN_TEST(test_long_pause_matches_stepping);
    RUN_TEST(test_huge_pause_does_not_wrap);
    RUN_TEST(test_one_sprite_many_actors_on_different_frames);
    RUN_TEST(test_sprite_change_restarts_at_frame_zero);
    RUN_TEST(test_reloaded_sprite_restarts_even_in_the_same_slot);
    RUN_TEST(test_facing_follows_movement_and_is_kept);
    RUN_TEST(test_movement_bits_become_intent);
    RUN_TEST(test_stopped_actor_keeps_a_drawable_state);
    RUN_TEST(test_sprite_lookup_is_cached);
    RUN_TEST(test_missing_mapping_is_swallowed_other_errors_are_not);
    RUN_TEST(test_add_child_takes_a_reference_and_refuses_cycles);
    RUN_TEST(test_children_are_limited);
    RUN_TEST(test_child_outlives_parent_when_held);
    RUN_TEST(test_cycle_written_into_children_terminates);
    return AKGL_TEST_END();
}
