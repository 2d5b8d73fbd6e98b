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
    Scene s;
    const int cells[1] = {0};
    if (scene_open_bound(&s, 200, 120)) {
        akgl_Sprite *spr = make_sprite(&s, "po_red", cells, 1, 0, false, false);
        akgl_Character *c = make_character("po_char", 100);
        if (spr != NULL && c != NULL) {
            CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN));
            scene_capture(&s.r);
            akgl_Actor *a = make_actor("po_first", "po_char");
            akgl_Actor *b = make_actor("po_later", "po_char");
            if (a != NULL && b != NULL) {
                a->state = b->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
                a->y = 60.0f;
                b->layer = 1;
                /* Library hooks only: b where it is. */
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
                CHECK_PIXEL(scene_last_frame, 110, 10, CLEAR);
                /* A turn of -0 is no turn: drawn the same (the backend's
                 * general path takes it), and counted once. */
                b->rotation = -0.0f;
                uint64_t submitted = s.r.stats.submitted;
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
                CHECK(s.r.stats.submitted == submitted + 2);
                b->rotation = 0.0f;
                /* a's hook moves b before b's turn: b is drawn where it went. */
                a->renderfunc = draw_then_move_the_other;
                moved_later = b;
                release_later = false;
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
                CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
                CHECK_PIXEL(scene_last_frame, 110, 10, CELL_FILL[0]);
                /* a's hook releases b before b's turn: b is not drawn. */
                release_later = true;
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
                CHECK_PIXEL(scene_last_frame, 110, 10, CLEAR);
                b = NULL;
            }
            if (a != NULL) {
                CHECK_OK(akgl_heap_release_actor(a));
            }
            if (b != NULL) {
                CHECK_OK(akgl_heap_release_actor(b));
            }
            scene_capture_done();
        }
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
        if (spr != NULL) {
            CHECK_OK(akgl_heap_release_sprite(spr));
        }
    }
    scene_close(&s);
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
    Scene s;
    const int cells[1] = {0};
    if (scene_open_bound(&s, 200, 120)) {
        akgl_Sprite *spr = make_sprite(&s, "po_red2", cells, 1, 0, false, false);
        akgl_Character *c = make_character("po_char2", 100);
        if (spr != NULL && c != NULL) {
            CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN));
            scene_capture(&s.r);
            akgl_Actor *a = make_actor("po_moved", "po_char2");
            akgl_Actor *b = make_actor("po_mover", "po_char2");
            if (a != NULL && b != NULL) {
                CHECK(a < b); /* a is updated first */
                a->state = b->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
                b->y = 60.0f;
                to_move = a;
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 10, CELL_FILL[0]);
                /* b's own updatefunc moves a, updated before it. */
                b->updatefunc = update_moves_the_other;
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
                CHECK_PIXEL(scene_last_frame, 110, 10, CELL_FILL[0]);
                CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
                /* The game's frame_start moves a after every update. */
                b->updatefunc = akgl_actor_run_update;
                a->x = 0.0f;
                real_frame_start = s.r.frame_start;
                s.r.frame_start = frame_start_moves_the_other;
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
                CHECK_PIXEL(scene_last_frame, 110, 10, CELL_FILL[0]);
                s.r.frame_start = real_frame_start;
            }
            if (a != NULL) {
                CHECK_OK(akgl_heap_release_actor(a));
            }
            if (b != NULL) {
                CHECK_OK(akgl_heap_release_actor(b));
            }
            scene_capture_done();
        }
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
        if (spr != NULL) {
            CHECK_OK(akgl_heap_release_sprite(spr));
        }
    }
    scene_close(&s);
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
    Scene s;
    akgl_Physics phys;
    const int cells[1] = {0};
    if (scene_open_bound(&s, 200, 120)) {
        akgl_Sprite *spr = make_sprite(&s, "po_red3", cells, 1, 0, false, false);
        akgl_Character *c = make_character("po_char3", 100);
        CHECK_OK(akgl_time_use_manual(true));
        memset(&phys, 0, sizeof(phys));
        CHECK_OK(akgl_physics_init_arcade(&phys));
        if (spr != NULL && c != NULL) {
            CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN));
            scene_capture(&s.r);
            akgl_Actor *a = make_actor("po_moved3", "po_char3");
            akgl_Actor *b = make_actor("po_mover3", "po_char3");
            if (a != NULL && b != NULL) {
                if (b < a) { /* a is to be updated first: the earlier slot */
                    akgl_Actor *t = a;
                    a = b;
                    b = t;
                }
                a->state = b->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
                b->y = 60.0f;
                to_move = a;
                b->movementlogicfunc = move_hook_moves_the_other;
                /* Immovable: the step leaves b's hook to the update pass. */
                b->immovable = true;
                CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
                CHECK_PIXEL(scene_last_frame, 110, 10, CELL_FILL[0]);
                CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
                /* Movable: the step runs it, before any actor's update. */
                b->immovable = false;
                a->x = 0.0f;
                CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
                CHECK_OK(akgl_game_update(NULL));
                CHECK_PIXEL(scene_last_frame, 10, 10, CLEAR);
                CHECK_PIXEL(scene_last_frame, 110, 10, CELL_FILL[0]);
                CHECK_PIXEL(scene_last_frame, 10, 70, CELL_FILL[0]);
            }
            if (a != NULL) {
                CHECK_OK(akgl_heap_release_actor(a));
            }
            if (b != NULL) {
                CHECK_OK(akgl_heap_release_actor(b));
            }
            scene_capture_done();
        }
        game.physics = NULL;
        CHECK_OK(akgl_time_use_manual(false));
        if (c != NULL) {
            CHECK_OK(akgl_heap_release_character(c));
        }
        if (spr != NULL) {
            CHECK_OK(akgl_heap_release_sprite(spr));
        }
    }
    scene_close(&s);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_updates_run_in_pool_order);
    RUN_TEST(test_spawned_and_released_during_the_update);
    RUN_TEST(test_draws_by_layer_then_pool_order);
    RUN_TEST(test_a_renderfunc_changes_actors_drawn_after_it);
    RUN_TEST(test_code_before_the_draw_moves_actors);
    RUN_TEST(test_movement_hook_before_the_draw_with_physics);
    return AKGL_TEST_END();
}
