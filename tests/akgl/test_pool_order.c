/*
 * The pool order the docs promise still holds now that sweeps walk only the
 * live slots (issue 9/12): akgl_game_update updates live actors in pool
 * order, an actor spawned meanwhile into a later slot is updated in the same
 * frame and one released before its turn is not; visible actors are drawn by
 * layer, equal layers in pool order, whether the layers span a few values
 * (counting sort) or the whole int range (merge sort).
 */
#include "scene.h"

#include <akgl/physics.h>

#include <limits.h>
#include <stdio.h>

#define N 40

static akgl_Actor *cast[N];
static int order[4 * N];
static int norder;

static int slot_of(const akgl_Actor *a)
{
    return (int)(a - akgl_heap_actors);
}

static akerr_ErrorContext *note_update(akgl_Actor *obj)
{
    if (norder < 4 * N) {
        order[norder++] = slot_of(obj);
    }
    return NULL;
}

static akerr_ErrorContext *note_draw(akgl_Actor *obj, akgl_Renderer *r)
{
    (void)r;
    if (norder < 4 * N) {
        order[norder++] = slot_of(obj);
    }
    return NULL;
}

/* N actors in scattered slots: spawned, some released, the holes refilled. */
static void spawn_scattered(void)
{
    char name[32];
    for (int i = 0; i < N; i++) {
        snprintf(name, sizeof(name), "o%d", i);
        cast[i] = make_actor(name, NULL);
    }
    for (int i = 1; i < N; i += 3) {
        CHECK_OK(akgl_heap_release_actor(cast[i]));
        cast[i] = NULL;
    }
    /* Forwards: the free stack gives the last freed slot first, so these
     * take the holes from the back and the pool order is not spawn order. */
    for (int i = 0; i < N; i++) {
        if (cast[i] != NULL) {
            continue;
        }
        snprintf(name, sizeof(name), "o%d'", i);
        cast[i] = make_actor(name, NULL);
    }
    for (int i = 0; i < N; i++) {
        if (cast[i] != NULL) {
            cast[i]->updatefunc = note_update;
            cast[i]->renderfunc = note_draw;
        }
    }
}

static void release_cast(void)
{
    for (int i = 0; i < N; i++) {
        if (cast[i] != NULL) {
            CHECK_OK(akgl_heap_release_actor(cast[i]));
            cast[i] = NULL;
        }
    }
}

static int live_actors(void)
{
    int n = 0;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_ACTOR, &n));
    return n;
}

static void test_updates_run_in_pool_order(void)
{
    spawn_scattered();
    norder = 0;
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(norder, live_actors());
    for (int i = 1; i < norder; i++) {
        CHECK_MSG(order[i - 1] < order[i], "update %d was slot %d, after slot %d", i, order[i],
                  order[i - 1]);
    }
    release_cast();
}

/* The first actor updated releases the last one, then spawns one, which
 * takes the freed slot (the free stack gives the last freed first): a slot
 * after the one being updated, so the newcomer is updated in this frame. */
static akgl_Actor *late;
static akgl_Actor *doomed;
static int late_updates;

static akerr_ErrorContext *note_late(akgl_Actor *obj)
{
    late_updates++;
    return note_update(obj);
}

static akerr_ErrorContext *release_and_spawn(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    note_update(obj);
    if (late == NULL) {
        for (int i = 0; i < N; i++) {
            if (cast[i] == doomed) {
                cast[i] = NULL;
            }
        }
        PASS(errctx, akgl_heap_release_actor(doomed));
        late = make_actor("late", NULL);
        if (late != NULL) {
            late->updatefunc = note_late;
        }
    }
    SUCCEED_RETURN(errctx);
}

static void test_spawned_and_released_during_the_update(void)
{
    char name[32];
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof(name), "s%d", i);
        cast[i] = make_actor(name, NULL);
        if (cast[i] != NULL) {
            cast[i]->updatefunc = note_update;
        }
    }
    if (cast[0] == NULL || cast[1] == NULL || cast[2] == NULL || cast[3] == NULL) {
        release_cast();
        return;
    }
    /* The first in pool order does the work; the last in pool order goes. */
    akgl_Actor *first = cast[0], *last = cast[0];
    for (int i = 1; i < 4; i++) {
        first = slot_of(cast[i]) < slot_of(first) ? cast[i] : first;
        last = slot_of(cast[i]) > slot_of(last) ? cast[i] : last;
    }
    first->updatefunc = release_and_spawn;
    doomed = last;
    late = NULL;
    late_updates = 0;
    int doomed_slot = slot_of(doomed);
    norder = 0;
    CHECK_OK(akgl_game_update(NULL));
    CHECK(late == &akgl_heap_actors[doomed_slot]);
    /* The first, the two between, and the newcomer, in pool order: the
     * released actor was not updated, the newcomer in its slot was, once. */
    CHECK_INT_EQ(norder, 4);
    CHECK_INT_EQ(late_updates, 1);
    CHECK_INT_EQ(order[norder - 1], doomed_slot);
    for (int i = 1; i < norder; i++) {
        CHECK(order[i - 1] < order[i]);
    }
    if (late != NULL) {
        CHECK_OK(akgl_heap_release_actor(late));
        late = NULL;
    }
    release_cast();
}

static void check_draw_order(const char *what)
{
    norder = 0;
    CHECK_OK(akgl_game_update(NULL));
    int drawn = 0;
    for (int i = 0; i < N; i++) {
        drawn += cast[i] != NULL && cast[i]->visible;
    }
    CHECK_MSG(norder == drawn, "%s: %d drawn, %d visible", what, norder, drawn);
    for (int i = 1; i < norder; i++) {
        const akgl_Actor *a = &akgl_heap_actors[order[i - 1]];
        const akgl_Actor *b = &akgl_heap_actors[order[i]];
        bool in_order = a->layer < b->layer || (a->layer == b->layer && order[i - 1] < order[i]);
        CHECK_MSG(in_order, "%s: draw %d is slot %d (layer %d) after slot %d (layer %d)", what,
                  i, order[i], b->layer, order[i - 1], a->layer);
        if (!in_order) {
            break;
        }
    }
}

static void test_draws_by_layer_then_pool_order(void)
{
    Scene s;
    if (scene_open_bound(&s, 64, 64)) {
        spawn_scattered();
        for (int i = 0; i < N; i++) {
            if (cast[i] != NULL) {
                cast[i]->updatefunc = NULL;
                cast[i]->layer = (i * 7) % 4;
                cast[i]->visible = (i % 9) != 4;
            }
        }
        check_draw_order("layers 0..3");
        for (int i = 0; i < N; i++) {
            if (cast[i] != NULL) {
                cast[i]->layer = (i % 3 == 0) ? INT_MIN : (i % 3 == 1) ? INT_MAX : -(i * 1000);
            }
        }
        check_draw_order("layers across the int range");
        for (int i = 0; i < N; i++) {
            if (cast[i] != NULL) {
                cast[i]->layer = 5;
            }
        }
        check_draw_order("one layer");
        release_cast();
    }
    scene_close(&s);
}

/* The visible actor the gather takes first: the lowest slot. */
static akgl_Actor *first_visible(void)
{
    akgl_Actor *first = NULL;
    for (int i = 0; i < N; i++) {
        if (cast[i] != NULL && cast[i]->visible && (first == NULL || cast[i] < first)) {
            first = cast[i];
        }
    }
    return first;
}

/* Every actor's layer from its index and slot; then the first visible one's. */
static void set_layers(int (*layer_of)(int i, int slot), int first_layer)
{
    for (int i = 0; i < N; i++) {
        if (cast[i] != NULL) {
            cast[i]->layer = layer_of(i, slot_of(cast[i]));
        }
    }
    first_visible()->layer = first_layer;
}

static int around_first(int i, int slot)
{
    (void)slot;
    return (i * 37) % 255 - 127; /* -127..127: within the gather's window */
}

static int past_window(int i, int slot)
{
    (void)slot;
    return (i * 37) % 201; /* 0..200: a span the sort counts, past the window */
}

static int near_int_max(int i, int slot)
{
    (void)slot;
    return INT_MAX - (i * 7) % 100;
}

static int near_int_min(int i, int slot)
{
    (void)slot;
    return INT_MIN + (i * 7) % 100;
}

static int mixed_late(int i, int slot)
{
    (void)i;
    /* One layer for the first slots, then two: the counts start late. */
    return slot < 2 * N / 3 ? 3 : (slot % 2 ? 1 : 3);
}

/*
 * The sort's paths against the gather's layer counts: layers within the
 * window the gather counts (AKGL_DRAW_LAYER_SPAN around the first actor's
 * layer), a span the sort must count itself, the ends of the int range
 * (where the window's arithmetic could overflow), and layers that mix only
 * after many actors of one. Each with the actors gathered by the draw (a
 * game's update hook) and by the update pass (the library's own hooks).
 */
static void test_draw_order_layer_windows(void)
{
    Scene s;
    if (scene_open_bound(&s, 64, 64)) {
        spawn_scattered();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < N; i++) {
                if (cast[i] != NULL) {
                    cast[i]->updatefunc = pass == 0 ? NULL : akgl_actor_run_update;
                    cast[i]->visible = (i % 9) != 4;
                }
            }
            set_layers(around_first, 0);
            check_draw_order("layers -127..127 around the first");
            set_layers(past_window, 0);
            check_draw_order("layers 0..200 from the first");
            set_layers(near_int_max, INT_MAX);
            check_draw_order("layers below INT_MAX");
            set_layers(near_int_min, INT_MIN);
            check_draw_order("layers above INT_MIN");
            set_layers(mixed_late, 3);
            check_draw_order("layers mixed late");
            set_layers(around_first, 1000);
            check_draw_order("the first layer far from the rest");
        }
        release_cast();
    }
    scene_close(&s);
}

/*
 * The three tests below draw two actors of one red cell on a captured scene
 * and move one from the other's code: a, in the earlier pool slot, is
 * updated first; both ALIVE|FACE_DOWN at (0, 0).
 */
typedef struct TwoActors
{
    Scene s;
    akgl_Sprite *spr;
    akgl_Character *c;
    akgl_Actor *a, *b;
} TwoActors;

/* Opens the scene and makes the pair, named after @p tag; true when both
 * actors exist (two_actors_close undoes whatever was made either way). */
/* The top-row actor, moved from x = 0 to x = 100 by the other actor's
 * code, is drawn where it went and not where it stood. */
static void check_moved_drawn_at_100(void)
{
    CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
    CHECK_PIXEL(scene_last_frame, 110, 10, CELL_FILL[0]);
}

static bool two_actors_open(TwoActors *t, const char *tag)
{
    char sprite[32], character[32], first[32], second[32];
    const int cells[1] = {0};
    memset(t, 0, sizeof(*t));
    snprintf(sprite, sizeof(sprite), "po_%s_red", tag);
    snprintf(character, sizeof(character), "po_%s_char", tag);
    snprintf(first, sizeof(first), "po_%s_a", tag);
    snprintf(second, sizeof(second), "po_%s_b", tag);
    if (!scene_open_bound(&t->s, 200, 120)) {
        return false;
    }
    t->spr = make_sprite(&t->s, sprite, cells, 1, 0, false, false);
    t->c = make_character(character, 100);
    if (t->spr == NULL || t->c == NULL) {
        return false;
    }
    CHECK_OK(t->c->sprite_add(t->c, t->spr, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN));
    scene_capture(&t->s.r);
    t->a = make_actor(first, character);
    t->b = make_actor(second, character);
    if (t->a == NULL || t->b == NULL) {
        return false;
    }
    if (t->b < t->a) {
        akgl_Actor *swap = t->a;
        t->a = t->b;
        t->b = swap;
    }
    t->a->state = t->b->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    return true;
}

/* Releases what two_actors_open made (an actor a test released is NULL). */
static void two_actors_close(TwoActors *t)
{
    if (t->a != NULL) {
        CHECK_OK(akgl_heap_release_actor(t->a));
    }
    if (t->b != NULL) {
        CHECK_OK(akgl_heap_release_actor(t->b));
    }
    scene_capture_done();
    if (t->c != NULL) {
        CHECK_OK(akgl_heap_release_character(t->c));
    }
    if (t->spr != NULL) {
        CHECK_OK(akgl_heap_release_sprite(t->spr));
    }
    scene_close(&t->s);
}

/*
 * The draw pass submits actors whose hooks are the library's own from what
 * it gathered before drawing. A game's renderfunc may change, move or
 * release actors drawn after it: then every actor is drawn as it stands at
 * its turn, as akgl_actor_render would draw it.
 */
static akgl_Actor *moved_later;
static bool release_later;

static akerr_ErrorContext *draw_then_move_the_other(akgl_Actor *obj, akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_actor_draw(obj, r));
    if (release_later) {
        PASS(errctx, akgl_heap_release_actor(moved_later));
        moved_later = NULL;
    } else {
        moved_later->x = 100.0f;
    }
    SUCCEED_RETURN(errctx);
}

static void test_a_renderfunc_changes_actors_drawn_after_it(void)
{
    TwoActors t;
    if (two_actors_open(&t, "render")) {
        akgl_Actor *a = t.a, *b = t.b;
        a->y = 60.0f;
        b->layer = 1;
        /* Library hooks only: b where it is. */
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
        CHECK_PIXEL(scene_last_frame, 110, 10, CLEAR);
        /* A turn of -0 is no turn: drawn the same (the backend's
         * general path takes it), and counted once. */
        b->rotation = -0.0f;
        uint64_t submitted = t.s.r.stats.submitted;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
        CHECK(t.s.r.stats.submitted == submitted + 2);
        b->rotation = 0.0f;
        /* a's hook moves b before b's turn: b is drawn where it went. */
        a->renderfunc = draw_then_move_the_other;
        moved_later = b;
        release_later = false;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
        check_moved_drawn_at_100();
        /* a's hook releases b before b's turn: b is not drawn. */
        release_later = true;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
        CHECK_PIXEL(scene_last_frame, 110, 10, CLEAR);
        t.b = NULL;
    }
    two_actors_close(&t);
}

/*
 * The update pass may gather the actors for the draw as it updates them, but
 * only while nothing but the library's code runs before the draw: a game's
 * updatefunc on a later actor, or its own frame_start, may move an actor
 * already updated, which is then drawn where it went.
 */
static akgl_Actor *to_move;
static akgl_RenderFrameFunc real_frame_start;

static akerr_ErrorContext *update_moves_the_other(akgl_Actor *obj)
{
    (void)obj;
    to_move->x = 100.0f;
    return NULL;
}

static akerr_ErrorContext *frame_start_moves_the_other(akgl_Renderer *r)
{
    to_move->x = 100.0f;
    return real_frame_start(r);
}

static void test_code_before_the_draw_moves_actors(void)
{
    TwoActors t;
    if (two_actors_open(&t, "before")) {
        akgl_Actor *a = t.a, *b = t.b;
        CHECK(a < b); /* a is updated first */
        b->y = 60.0f;
        to_move = a;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
        /* b's own updatefunc moves a, updated before it. */
        b->updatefunc = update_moves_the_other;
        CHECK_OK(akgl_game_update(NULL));
        check_moved_drawn_at_100();
        CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
        /* The game's frame_start moves a after every update. */
        b->updatefunc = akgl_actor_run_update;
        a->x = 0.0f;
        real_frame_start = t.s.r.frame_start;
        t.s.r.frame_start = frame_start_moves_the_other;
        CHECK_OK(akgl_game_update(NULL));
        check_moved_drawn_at_100();
        t.s.r.frame_start = real_frame_start;
    }
    two_actors_close(&t);
}

/*
 * With physics bound, the update pass skips a movement hook the step already
 * ran (and may then still gather), but runs the hook of an actor the step
 * did not (an immovable one): that hook is the game's code, and an actor it
 * moves that was updated before it is drawn where it went.
 */
static akerr_ErrorContext *move_hook_moves_the_other(akgl_Actor *obj)
{
    to_move->x = 100.0f;
    return akgl_actor_move_by_state(obj);
}

static void test_movement_hook_before_the_draw_with_physics(void)
{
    TwoActors t;
    akgl_Physics phys;
    CHECK_OK(akgl_time_use_manual(true));
    memset(&phys, 0, sizeof(phys));
    CHECK_OK(akgl_physics_init_arcade(&phys));
    if (two_actors_open(&t, "physics")) {
        akgl_Actor *a = t.a, *b = t.b;
        b->y = 60.0f;
        to_move = a;
        b->movementlogicfunc = move_hook_moves_the_other;
        /* Immovable: the step leaves b's hook to the update pass. */
        b->immovable = true;
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_game_update(NULL));
        check_moved_drawn_at_100();
        CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
        /* Movable: the step runs it, before any actor's update. */
        b->immovable = false;
        a->x = 0.0f;
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_game_update(NULL));
        check_moved_drawn_at_100();
        CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
    }
    two_actors_close(&t);
    game.physics = NULL;
    CHECK_OK(akgl_time_use_manual(false));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_updates_run_in_pool_order);
    RUN_TEST(test_spawned_and_released_during_the_update);
    RUN_TEST(test_draws_by_layer_then_pool_order);
    RUN_TEST(test_draw_order_layer_windows);
    RUN_TEST(test_a_renderfunc_changes_actors_drawn_after_it);
    RUN_TEST(test_code_before_the_draw_moves_actors);
    RUN_TEST(test_movement_hook_before_the_draw_with_physics);
    return AKGL_TEST_END();
}
