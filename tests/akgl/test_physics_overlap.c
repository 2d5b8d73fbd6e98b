/*
 * Arcade physics, actor against actor: on_overlap is told about every pair of
 * actors whose boxes overlap, once per update that ran a step; touching edges
 * are not an overlap; the hook's error ends the step and comes out of
 * akgl_game_update; immovable actors stay put and still overlap.
 */
#include "physics_test.h"

#define MAX_SEEN 16

static struct
{
    int calls;
    akgl_Actor *a[MAX_SEEN], *b[MAX_SEEN];
    akgl_Physics *p;
    void *userdata;
} seen;

static int marker;

static akerr_ErrorContext *record_overlap(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                          void *userdata)
{
    if (seen.calls < MAX_SEEN) {
        seen.a[seen.calls] = a;
        seen.b[seen.calls] = b;
    }
    seen.calls++;
    seen.p = p;
    seen.userdata = userdata;
    return NULL;
}

static akerr_ErrorContext *refuse_overlap(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                          void *userdata)
{
    PREPARE_ERROR(errctx);
    (void)p;
    (void)userdata;
    seen.calls++;
    FAIL_RETURN(errctx, AKERR_BEHAVIOR, "%s and %s may not meet", a->name, b->name);
}

static void overlap_begin(akgl_PhysicsOverlapFunc hook)
{
    memset(&seen, 0, sizeof(seen));
    physics_begin();
    phys.on_overlap = hook;
    phys.overlap_userdata = &marker;
}

/* How many of the calls so far reported the pair {x, y}, in either order. */
static int pair_count(const akgl_Actor *x, const akgl_Actor *y)
{
    int n = 0;
    for (int i = 0; i < seen.calls && i < MAX_SEEN; i++) {
        if ((seen.a[i] == x && seen.b[i] == y) || (seen.a[i] == y && seen.b[i] == x)) {
            n++;
        }
    }
    return n;
}

static void test_overlap_once_per_update(void)
{
    overlap_begin(record_overlap);
    akgl_Actor *a = spawn("first", 0.0f, 0.0f, 10.0f, 10.0f);
    akgl_Actor *b = spawn("second", 5.0f, 5.0f, 10.0f, 10.0f);
    step1();
    CHECK_INT_EQ(seen.calls, 1);
    CHECK_INT_EQ(pair_count(a, b), 1);
    CHECK(seen.a[0] != seen.b[0]);
    CHECK(seen.p == &phys && seen.userdata == &marker);
    /* Three steps in one update: still one report. */
    CHECK_OK(phys.step(&phys, 3 * AKGL_PHYSICS_STEP_NS));
    CHECK_INT_EQ(seen.calls, 2);
    /* An update too short for a step runs none, and reports nothing: nothing
     * has moved since the last report. */
    CHECK_OK(phys.step(&phys, AKGL_PHYSICS_STEP_NS - 1));
    CHECK_INT_EQ(seen.calls, 2);
    CHECK_OK(phys.step(&phys, 1));
    CHECK_INT_EQ(seen.calls, 3);
    /* Through the frame loop: one report per frame. */
    for (int i = 0; i < 5; i++) {
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK_INT_EQ(seen.calls, 8);
    CHECK_INT_EQ(pair_count(a, b), 8);

    /* Three boxes over one another: three pairs, each once. */
    akgl_Actor *c = spawn("third", 2.0f, 2.0f, 4.0f, 4.0f);
    seen.calls = 0;
    step1();
    CHECK_INT_EQ(seen.calls, 3);
    CHECK_INT_EQ(pair_count(a, b), 1);
    CHECK_INT_EQ(pair_count(a, c), 1);
    CHECK_INT_EQ(pair_count(b, c), 1);
    despawn(c);
    despawn(b);
    despawn(a);
    physics_end();
}

static void test_touching_edges_do_not_overlap(void)
{
    static const struct
    {
        float x, y, w, h;
        int overlaps;
    } cases[] = {
        {10.0f, 0.0f, 10.0f, 10.0f, 0},   /* right edge on left edge */
        {-10.0f, 0.0f, 10.0f, 10.0f, 0},  /* left edge on right edge */
        {0.0f, 10.0f, 10.0f, 10.0f, 0},   /* standing on it */
        {0.0f, -10.0f, 10.0f, 10.0f, 0},  /* under it */
        {10.0f, 10.0f, 10.0f, 10.0f, 0},  /* corner to corner */
        {10.5f, 0.0f, 10.0f, 10.0f, 0},   /* apart */
        {9.99f, 0.0f, 10.0f, 10.0f, 1},   /* a hundredth of a pixel in */
        {0.0f, 9.99f, 10.0f, 10.0f, 1},
        {0.0f, 0.0f, 10.0f, 10.0f, 1},    /* the same box */
        {2.0f, 3.0f, 1.0f, 1.0f, 1},      /* inside it */
        {-5.0f, -5.0f, 20.0f, 20.0f, 1},  /* around it */
    };
    overlap_begin(record_overlap);
    akgl_Actor *a = spawn("fixed", 0.0f, 0.0f, 10.0f, 10.0f);
    akgl_Actor *b = spawn("probe", 0.0f, 0.0f, 1.0f, 1.0f);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        b->x = cases[i].x;
        b->y = cases[i].y;
        b->hitbox.w = cases[i].w;
        b->hitbox.h = cases[i].h;
        seen.calls = 0;
        step1();
        CHECK_MSG(seen.calls == cases[i].overlaps, "probe at (%g, %g) %gx%g: %d reports, expected %d",
                  (double)cases[i].x, (double)cases[i].y, (double)cases[i].w, (double)cases[i].h,
                  seen.calls, cases[i].overlaps);
    }
    despawn(b);
    despawn(a);
    physics_end();
}

static int updates_run;

static akerr_ErrorContext *count_update(akgl_Actor *obj)
{
    (void)obj;
    updates_run++;
    return NULL;
}

/* The hook's error ends the step at once (no further pairs are reported) and
 * is what akgl_game_update returns: that frame's actor updates do not run. */
static void test_overlap_error_is_passed_up(void)
{
    overlap_begin(refuse_overlap);
    akgl_Actor *a = spawn("one", 0.0f, 0.0f, 10.0f, 10.0f);
    akgl_Actor *b = spawn("two", 5.0f, 0.0f, 10.0f, 10.0f);
    akgl_Actor *c = spawn("three", 8.0f, 0.0f, 10.0f, 10.0f);
    a->updatefunc = b->updatefunc = c->updatefunc = count_update;
    CHECK_STATUS_MSG(phys.step(&phys, AKGL_PHYSICS_STEP_NS), AKERR_BEHAVIOR, "may not meet");
    CHECK_INT_EQ(seen.calls, 1);
    CHECK_INT_EQ(phys.steps, 1);

    seen.calls = 0;
    updates_run = 0;
    CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
    CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_BEHAVIOR, "may not meet");
    CHECK_INT_EQ(seen.calls, 1);
    CHECK_INT_EQ(updates_run, 0);
    /* Apart, the frame runs through. */
    c->x = 100.0f;
    b->x = 50.0f;
    CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(updates_run, 3);
    despawn(c);
    despawn(b);
    despawn(a);
    physics_end();
}

static void test_immovable_stays_but_overlaps(void)
{
    overlap_begin(record_overlap);
    phys.gravity_y = 980.0f;
    akgl_Actor *wall = spawn("pillar", 50.0f, 0.0f, 10.0f, 40.0f);
    wall->immovable = true;
    wall->vx = 100.0f;
    wall->ax = 1000.0f;
    wall->sx = 100.0f;
    wall->state = AKGL_ACTOR_STATE_MOVING_RIGHT;
    akgl_Actor *runner = spawn("runner", 0.0f, 10.0f, 10.0f, 10.0f);
    runner->vx = 500.0f; /* 2 px a step */
    int first = -1;
    for (int n = 1; n <= 40; n++) {
        int before = seen.calls;
        step1();
        if (seen.calls > before && first < 0) {
            first = n;
        }
    }
    /* The runner's right edge passes 50 (into the pillar) on step 21 (x = 42 after it). */
    CHECK_INT_EQ(first, 21);
    CHECK_INT_EQ(pair_count(wall, runner), seen.calls);
    CHECK(wall->x == 50.0f && wall->y == 0.0f);
    CHECK(wall->vx == 100.0f && wall->vy == 0.0f); /* not simulated at all */

    /* Two immovable actors overlapping are still reported. */
    runner->immovable = true;
    runner->x = 55.0f;
    seen.calls = 0;
    step1();
    CHECK(runner->x == 55.0f);
    CHECK_INT_EQ(seen.calls, 1);
    despawn(runner);
    despawn(wall);
    physics_end();
}

/* Actors with no box (no hitbox, no character) overlap nothing; without a
 * hook nothing is reported and nothing fails. */
static void test_no_box_and_no_hook(void)
{
    overlap_begin(record_overlap);
    akgl_Actor *a = spawn("solid", 0.0f, 0.0f, 10.0f, 10.0f);
    akgl_Actor *b = spawn("shapeless", 2.0f, 2.0f, 0.0f, 0.0f);
    step1();
    CHECK_INT_EQ(seen.calls, 0);
    b->hitbox.w = b->hitbox.h = 2.0f;
    step1();
    CHECK_INT_EQ(seen.calls, 1);
    /* Shapeless again: the box it had last update is not reported. */
    b->hitbox.w = b->hitbox.h = 0.0f;
    step1();
    CHECK_INT_EQ(seen.calls, 1);
    phys.on_overlap = NULL;
    step1();
    CHECK_INT_EQ(seen.calls, 1);
    despawn(b);
    despawn(a);
    physics_end();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_overlap_once_per_update);
    RUN_TEST(test_touching_edges_do_not_overlap);
    RUN_TEST(test_overlap_error_is_passed_up);
    RUN_TEST(test_immovable_stays_but_overlaps);
    RUN_TEST(test_no_box_and_no_hook);
    return AKGL_TEST_END();
}
