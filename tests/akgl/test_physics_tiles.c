/*
 * Arcade physics against solid tiles: landing, walking over seams, walls,
 * ceilings, corners, tunnelling, leaving a contact, the grid's edges and
 * origin. Every grid here is built by hand over a uint8_t array.
 */
#include "physics_test.h"

#define COLS 40
#define ROWS 30
#define TILE 16.0f

static uint8_t cells[ROWS * COLS];

static void grid_bind(float origin_x, float origin_y)
{
    const akgl_SolidGrid g = {cells, COLS, ROWS, TILE, TILE, origin_x, origin_y, 0, 0, 0, NULL};
    CHECK_OK(akgl_physics_set_solid_grid(&phys, &g));
}

/* A fresh backend with an empty grid at the origin bound. */
static void tiles_begin(void)
{
    memset(cells, 0, sizeof(cells));
    physics_begin();
    grid_bind(0.0f, 0.0f);
}

static void solid(int col, int row)
{
    cells[row * COLS + col] = 1;
}

static void fill_row(int row, int c0, int c1)
{
    for (int c = c0; c <= c1; c++) {
        solid(c, row);
    }
}

static void fill_col(int col, int r0, int r1)
{
    for (int r = r0; r <= r1; r++) {
        solid(col, r);
    }
}

/* Steps until the actor reports `side`, at most `limit` steps; returns the steps taken. */
static int step_until(const akgl_Actor *a, int side, int limit)
{
    for (int n = 1; n <= limit; n++) {
        step1();
        if (a->touching & side) {
            return n;
        }
    }
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Floors                                                                   */
/* ------------------------------------------------------------------------ */

/* Row 20 is the floor: its top is y = 320. A box 14 high rests at y = 306. */
static void test_landing_on_floor(void)
{
    static const float starts[] = {0.0f, 37.3f, 150.77f, 250.0f, 299.99f, 305.9f};
    static const float gravities[] = {980.0f, 5000.0f, 1e6f};
    tiles_begin();
    fill_row(20, 0, COLS - 1);
    for (size_t g = 0; g < sizeof(gravities) / sizeof(gravities[0]); g++) {
        phys.gravity_y = gravities[g];
        for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
            akgl_Actor *a = spawn("lander", 100.5f, starts[i], 10.0f, 14.0f);
            int n = step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 500);
            CHECK_MSG(n > 0, "g %g from y %g: never landed", (double)gravities[g],
                      (double)starts[i]);
            CHECK_MSG(a->y == 306.0f, "g %g from y %g: y %.9g, not 306", (double)gravities[g],
                      (double)starts[i], (double)a->y);
            CHECK(a->vy == 0.0f);
            CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_BOTTOM);
            CHECK(a->x == 100.5f && a->vx == 0.0f);
            /* And it stays there, touching, step after step. */
            for (int k = 0; k < 50; k++) {
                step1();
                CHECK(a->y == 306.0f && a->vy == 0.0f);
                CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_BOTTOM);
            }
            despawn(a);
        }
    }
    /* The box, not the frame corner, rests on the floor: a hitbox 5 px down
     * leaves the actor's y at 320 - 14 - 5. */
    phys.gravity_y = 980.0f;
    akgl_Actor *a = spawn("offset", 60.0f, 10.25f, 10.0f, 14.0f);
    a->hitbox.x = 3.0f;
    a->hitbox.y = 5.0f;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 500) > 0);
    CHECK_MSG(a->y == 301.0f, "y %.9g, not 301", (double)a->y);
    despawn(a);
    physics_end();
}

/*
 * A floor of 40 separate solid tiles. Walking across it, the box's bottom lies
 * exactly on the tiles' top, and each tile's left edge is a seam: nothing may
 * stop it there. The run must match, bit for bit, the same walk with no grid
 * and no gravity.
 */
static void walk(bool with_floor, bool rightwards, float *xs, int n)
{
    if (with_floor) {
        tiles_begin();
        fill_row(20, 0, COLS - 1);
        phys.gravity_y = 980.0f;
    } else {
        memset(cells, 0, sizeof(cells));
        physics_begin();
    }
    akgl_Actor *a = spawn("walker", rightwards ? 1.0f : 600.0f, 306.0f, 10.0f, 14.0f);
    a->ax = 3000.0f;
    a->sx = 150.0f;
    a->state = rightwards ? AKGL_ACTOR_STATE_MOVING_RIGHT : AKGL_ACTOR_STATE_MOVING_LEFT;
    for (int i = 0; i < n; i++) {
        step1();
        xs[i] = a->x;
        if (with_floor) {
            CHECK_MSG(a->y == 306.0f, "step %d: y %.9g", i, (double)a->y);
            CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_BOTTOM);
        }
    }
    CHECK(a->vx == (rightwards ? 150.0f : -150.0f));
    despawn(a);
    physics_end();
}

static void test_walking_over_seams(void)
{
    enum { N = 500 }; /* 2 s at up to 150 px/s: about 19 tiles, 19 seams */
    static float on_floor[N], in_air[N];
    for (int dir = 0; dir < 2; dir++) {
        walk(true, dir == 0, on_floor, N);
        walk(false, dir == 0, in_air, N);
        for (int i = 0; i < N; i++) {
            CHECK_MSG(on_floor[i] == in_air[i], "dir %d step %d: x %.9g on the floor, %.9g in "
                      "the air", dir, i, (double)on_floor[i], (double)in_air[i]);
            if (i > 0) {
                CHECK(dir == 0 ? on_floor[i] > on_floor[i - 1] : on_floor[i] < on_floor[i - 1]);
            }
        }
        CHECK(fabsf(on_floor[N - 1] - on_floor[0]) > 16.0f * 15.0f);
    }
}

/* ------------------------------------------------------------------------ */
/* Walls, ceilings, corners                                                 */
/* ------------------------------------------------------------------------ */

/* Column 20 is a wall from x = 320 to 336. */
static void test_walls_from_both_sides(void)
{
    tiles_begin();
    fill_col(20, 0, ROWS - 1);
    akgl_Actor *l = spawn("from-left", 200.25f, 100.0f, 10.0f, 14.0f);
    akgl_Actor *r = spawn("from-right", 400.75f, 100.0f, 10.0f, 14.0f);
    l->ax = r->ax = 2000.0f;
    l->sx = r->sx = 300.0f;
    l->state = AKGL_ACTOR_STATE_MOVING_RIGHT;
    r->state = AKGL_ACTOR_STATE_MOVING_LEFT;
    stepn(250);
    CHECK_MSG(l->x == 310.0f, "x %.9g, not 310", (double)l->x);
    CHECK_MSG(r->x == 336.0f, "x %.9g, not 336", (double)r->x);
    CHECK(l->vx == 0.0f && r->vx == 0.0f);
    /* Still pushing: blocked again every step. */
    CHECK_INT_EQ(l->touching, AKGL_PHYSICS_TOUCH_RIGHT);
    CHECK_INT_EQ(r->touching, AKGL_PHYSICS_TOUCH_LEFT);
    CHECK(l->y == 100.0f && r->y == 100.0f);
    /* Coasting into it (no push): stopped the step it hits, then nothing to report. */
    l->x = 250.0f;
    l->vx = 200.0f;
    l->state = 0;
    CHECK(step_until(l, AKGL_PHYSICS_TOUCH_RIGHT, 100) > 0);
    CHECK(l->x == 310.0f && l->vx == 0.0f);
    step1();
    CHECK_INT_EQ(l->touching, 0);
    CHECK(l->x == 310.0f);
    despawn(l);
    despawn(r);
    physics_end();
}

/* Row 5 is a ceiling from y = 80 to 96. */
static void test_ceiling(void)
{
    tiles_begin();
    fill_row(5, 0, COLS - 1);
    phys.gravity_y = 980.0f;
    /* A jump into the ceiling: stopped, vy 0, then it falls back. */
    akgl_Actor *a = spawn("jumper", 100.0f, 150.5f, 10.0f, 14.0f);
    a->vy = -600.0f;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_TOP, 100) > 0);
    CHECK_MSG(a->y == 96.0f, "y %.9g, not 96", (double)a->y);
    CHECK(a->vy == 0.0f);
    CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_TOP);
    step1();
    CHECK(a->y > 96.0f && a->vy > 0.0f && a->touching == 0);
    /* Pressed up against it with no gravity: TOUCH_TOP every step. */
    phys.gravity_y = 0.0f;
    a->ay = 2000.0f;
    a->sy = 200.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_UP;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_TOP, 100) > 0);
    for (int i = 0; i < 20; i++) {
        step1();
        CHECK(a->y == 96.0f);
        CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_TOP);
    }
    despawn(a);
    physics_end();
}

/*
 * One block at cell (20, 20): x 320..336, y 320..336. Movement resolves x
 * first, then y, so a box arriving diagonally exactly at the corner (its
 * bottom-right on the block's top-left) passes the corner in x and is then
 * stopped in y: it lands on the block. Arriving half a pixel lower, its side
 * overlaps the block's row, so x stops first and y goes on.
 */
static void test_outer_corner(void)
{
    tiles_begin();
    solid(20, 20);
    akgl_Actor *a = spawn("diagonal", 310.0f, 310.0f, 10.0f, 10.0f);
    a->vx = 100.0f;
    a->vy = 100.0f;
    step1();
    CHECK(a->x > 310.0f && a->x < 310.5f);
    CHECK(a->y == 310.0f);
    CHECK(a->vx == 100.0f && a->vy == 0.0f);
    CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_BOTTOM);

    /* The mirror case: up-left into the block's bottom-right corner (336, 336). */
    a->x = 336.0f;
    a->y = 336.0f;
    a->vx = -100.0f;
    a->vy = -100.0f;
    step1();
    CHECK(a->x < 336.0f && a->x > 335.5f);
    CHECK(a->y == 336.0f && a->vy == 0.0f && a->vx == -100.0f);
    CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_TOP);

    /* Half a pixel lower: its right side faces the block, so x stops. */
    a->x = 310.0f;
    a->y = 310.5f;
    a->vx = 100.0f;
    a->vy = 100.0f;
    step1();
    CHECK(a->x == 310.0f && a->vx == 0.0f);
    CHECK(a->y > 310.5f && a->vy == 100.0f);
    CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_RIGHT);
    despawn(a);
    physics_end();
}

/* A floor (row 20) meeting a wall (column 20): pushed down-right into the
 * inner corner, the box ends in it, touching both. */
static void test_inner_corner(void)
{
    tiles_begin();
    fill_row(20, 0, 20);
    fill_col(20, 0, 20);
    akgl_Actor *a = spawn("cornered", 250.5f, 250.25f, 10.0f, 14.0f);
    a->ax = a->ay = 2000.0f;
    a->sx = a->sy = 300.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_DOWN;
    stepn(250);
    CHECK_MSG(a->x == 310.0f && a->y == 306.0f, "at (%.9g, %.9g), not (310, 306)", (double)a->x,
              (double)a->y);
    CHECK(a->vx == 0.0f && a->vy == 0.0f);
    CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_RIGHT | AKGL_PHYSICS_TOUCH_BOTTOM);
    despawn(a);
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* Tunnelling                                                               */
/* ------------------------------------------------------------------------ */

/*
 * Runs `a` into a face until it reports `side`, checking after every step
 * that its leading edge never passed `limit` (`sign` +1: must stay <= limit).
 * Returns the position it ended at.
 */
static float run_into(akgl_Actor *a, int side, bool along_x, float sign, float limit)
{
    for (int n = 0; n < 300; n++) {
        step1();
        float p = along_x ? a->x : a->y;
        CHECK_MSG(sign * (p - limit) <= 0.0f, "step %d: at %.9g, past %.9g", n, (double)p,
                  (double)limit);
        if (a->touching & side) {
            CHECK_INT_EQ(a->touching, side);
            return p;
        }
    }
    CHECK_MSG(false, "never reported side %d", side);
    return NAN;
}

/* Column 20 (x 320..336) and row 20 (y 320..336), one tile thick each. At
 * 1e6 px/s a step is 4000 px, 250 tiles: every column crossed is checked.
 * At 3000 px/s (12 px a step) it takes several steps to get there. */
static void test_fast_actor_never_tunnels(void)
{
    static const float speeds[] = {3000.0f, 1e4f, 1e5f, 1e6f};
    static const float lefts[] = {0.0f, 0.3f, 7.77f, 150.5f, 299.99f, 309.9f, 310.0f};
    static const float rights[] = {336.0f, 336.01f, 400.25f, 629.0f};
    tiles_begin();
    fill_col(20, 0, 19);
    fill_row(20, 0, COLS - 1);
    for (size_t s = 0; s < sizeof(speeds) / sizeof(speeds[0]); s++) {
        for (size_t i = 0; i < sizeof(lefts) / sizeof(lefts[0]); i++) {
            akgl_Actor *a = spawn("bullet", lefts[i], 100.0f, 10.0f, 14.0f);
            a->vx = speeds[s];
            float end = run_into(a, AKGL_PHYSICS_TOUCH_RIGHT, true, 1.0f, 310.0f);
            CHECK_MSG(end == 310.0f, "%g px/s from x %g: x %.9g", (double)speeds[s],
                      (double)lefts[i], (double)end);
            despawn(a);
        }
        for (size_t i = 0; i < sizeof(rights) / sizeof(rights[0]); i++) {
            akgl_Actor *a = spawn("bullet", rights[i], 100.0f, 10.0f, 14.0f);
            a->vx = -speeds[s];
            float end = run_into(a, AKGL_PHYSICS_TOUCH_LEFT, true, -1.0f, 336.0f);
            CHECK_MSG(end == 336.0f, "%g px/s leftwards from x %g: x %.9g", (double)speeds[s],
                      (double)rights[i], (double)end);
            despawn(a);
        }
        for (size_t i = 0; i < sizeof(lefts) / sizeof(lefts[0]); i++) {
            /* Falling onto the one-tile floor, beside the wall. */
            akgl_Actor *a = spawn("meteor", 100.0f, lefts[i] - 4.0f, 10.0f, 14.0f);
            a->vy = speeds[s];
            float end = run_into(a, AKGL_PHYSICS_TOUCH_BOTTOM, false, 1.0f, 306.0f);
            CHECK_MSG(end == 306.0f, "%g px/s down from y %g: y %.9g", (double)speeds[s],
                      (double)lefts[i] - 4.0, (double)end);
            /* And from below, up into the same row. */
            a->y = 400.0f + lefts[i];
            a->vy = -speeds[s];
            end = run_into(a, AKGL_PHYSICS_TOUCH_TOP, false, -1.0f, 336.0f);
            CHECK_MSG(end == 336.0f, "%g px/s up from y %g: y %.9g", (double)speeds[s],
                      400.0 + lefts[i], (double)end);
            despawn(a);
        }
    }
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* Leaving a contact                                                        */
/* ------------------------------------------------------------------------ */

static void test_touching_can_move_away(void)
{
    tiles_begin();
    fill_col(20, 0, 19);
    fill_row(20, 0, COLS - 1);
    fill_row(5, 0, COLS - 1);
    akgl_Actor *a = spawn("leaver", 310.0f, 200.0f, 10.0f, 14.0f);
    a->ax = a->ay = 2000.0f;
    a->sx = a->sy = 100.0f;
    /* Flush against the wall's left face, walking left. */
    a->state = AKGL_ACTOR_STATE_MOVING_LEFT;
    step1();
    CHECK(a->x < 310.0f && a->touching == 0);
    /* Flush against its right face, walking right. */
    a->x = 336.0f;
    a->vx = 0.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_RIGHT;
    step1();
    CHECK(a->x > 336.0f && a->touching == 0);
    /* On the floor, jumping. */
    a->x = 100.0f;
    a->y = 306.0f;
    a->vx = 0.0f;
    a->vy = -300.0f;
    a->state = 0;
    step1();
    CHECK(a->y < 306.0f && a->touching == 0);
    /* Under the ceiling, dropping. */
    a->y = 96.0f;
    a->vy = 50.0f;
    step1();
    CHECK(a->y > 96.0f && a->touching == 0);
    despawn(a);
    physics_end();
}

/* Flush against a wall, falling: the wall's column is not in the way of a
 * vertical move, so the fall matches a fall with no tiles at all, bit for bit,
 * whether or not it also pushes into the wall. */
static void test_sliding_down_a_wall(void)
{
    enum { N = 60 };
    float free_y[N];
    physics_begin();
    phys.gravity_y = 980.0f;
    akgl_Actor *a = spawn("reference", 310.0f, 0.0f, 10.0f, 14.0f);
    for (int i = 0; i < N; i++) {
        step1();
        free_y[i] = a->y;
    }
    despawn(a);
    physics_end();

    for (int push = 0; push < 2; push++) {
        tiles_begin();
        phys.gravity_y = 980.0f;
        fill_col(20, 0, ROWS - 1);
        a = spawn("slider", 310.0f, 0.0f, 10.0f, 14.0f);
        a->ax = 2000.0f;
        a->sx = 100.0f;
        a->state = push ? AKGL_ACTOR_STATE_MOVING_RIGHT : 0;
        for (int i = 0; i < N; i++) {
            step1();
            CHECK_MSG(a->y == free_y[i], "push %d step %d: y %.9g, free fall %.9g", push, i,
                      (double)a->y, (double)free_y[i]);
            CHECK(a->x == 310.0f);
            CHECK_INT_EQ(a->touching, push ? AKGL_PHYSICS_TOUCH_RIGHT : 0);
        }
        despawn(a);
        physics_end();
    }
}

/* ------------------------------------------------------------------------ */
/* The grid's edges and origin                                              */
/* ------------------------------------------------------------------------ */

static void test_off_grid_is_open(void)
{
    tiles_begin();
    memset(cells, 1, sizeof(cells)); /* every cell solid: 0..640 x 0..480 */
    akgl_Actor *a = spawn("outside", -100.0f, -100.0f, 10.0f, 14.0f);
    a->vx = -250.0f;
    a->vy = -250.0f;
    step1();
    CHECK(a->x == -101.0f && a->y == -101.0f && a->touching == 0);
    /* Below the grid, running along under it: nothing there. */
    a->x = 0.0f;
    a->y = 480.0f;
    a->vx = 2500.0f;
    a->vy = 0.0f;
    stepn(100);
    CHECK(a->x == 1000.0f && a->y == 480.0f && a->touching == 0);
    /* Coming in from the left: stopped by column 0. */
    a->x = -50.0f;
    a->y = 100.0f;
    a->vx = 1000.0f;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_RIGHT, 20) > 0);
    CHECK(a->x == -10.0f && a->vx == 0.0f);
    despawn(a);

    /* Out through the far edge of an open grid, and on. */
    memset(cells, 0, sizeof(cells));
    a = spawn("leaving", 600.0f, 100.0f, 10.0f, 14.0f);
    a->vx = 2500.0f;
    stepn(10);
    CHECK(a->x == 700.0f && a->touching == 0);
    despawn(a);
    physics_end();
}

/* Positions and speeds far beyond the grid must not overflow a cell index
 * (converting such a float to int is undefined: the sanitizer build says so). */
static void test_far_away_and_very_fast(void)
{
    tiles_begin();
    fill_col(39, 0, ROWS - 1);
    akgl_Actor *a = spawn("far", 1e12f, -1e12f, 10.0f, 14.0f);
    a->vx = 1e5f;
    a->vy = 1e5f;
    step1();
    CHECK(a->touching == 0 && a->x >= 1e12f && a->y <= -1e12f + 400.0f);
    /* From inside the grid, leaving at 1e30 px/s, away from the wall. */
    a->x = 300.0f;
    a->y = 100.0f;
    a->vx = -1e30f;
    a->vy = 0.0f;
    step1();
    CHECK(a->touching == 0 && a->x < -1e27f);
    /* And towards it. */
    a->x = 300.0f;
    a->vx = 1e30f;
    step1();
    CHECK(a->x == 614.0f && a->touching == AKGL_PHYSICS_TOUCH_RIGHT);
    despawn(a);
    physics_end();
}

/*
 * The grid placed at (-64.5, 32.25): cell (c, r) spans
 * x -64.5 + 16c .. +16, y 32.25 + 16r .. +16. Floor row 9 (top 176.25), wall
 * column 15 (left 175.5). All these sums are exact in float.
 */
static void test_grid_origin(void)
{
    tiles_begin();
    grid_bind(-64.5f, 32.25f);
    fill_row(9, 0, COLS - 1);
    fill_col(15, 0, 9);
    akgl_Actor *a = spawn("placed", 100.0f, 50.0f, 10.0f, 14.0f);
    a->ax = a->ay = 2000.0f;
    a->sx = a->sy = 300.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_DOWN;
    stepn(250);
    CHECK_MSG(a->x == 165.5f && a->y == 162.25f, "at (%.9g, %.9g), not (165.5, 162.25)",
              (double)a->x, (double)a->y);
    CHECK_INT_EQ(a->touching, AKGL_PHYSICS_TOUCH_RIGHT | AKGL_PHYSICS_TOUCH_BOTTOM);
    /* Left of the origin is off the grid, and open, at the floor's height too. */
    a->x = -80.0f;
    a->y = 170.0f;
    a->vx = 0.0f;
    a->vy = 0.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_DOWN;
    stepn(10);
    CHECK(a->y > 170.0f && a->touching == 0);
    despawn(a);
    physics_end();
}

/* An actor with no box (no hitbox, no character) moves but collides with nothing. */
static void test_no_box_no_collision(void)
{
    tiles_begin();
    fill_col(20, 0, ROWS - 1);
    akgl_Actor *a = spawn("ghost", 300.0f, 100.0f, 0.0f, 0.0f);
    a->vx = 2500.0f;
    stepn(10);
    CHECK(a->x == 400.0f && a->touching == 0);
    despawn(a);
    physics_end();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_landing_on_floor);
    RUN_TEST(test_walking_over_seams);
    RUN_TEST(test_walls_from_both_sides);
    RUN_TEST(test_ceiling);
    RUN_TEST(test_outer_corner);
    RUN_TEST(test_inner_corner);
    RUN_TEST(test_fast_actor_never_tunnels);
    RUN_TEST(test_touching_can_move_away);
    RUN_TEST(test_sliding_down_a_wall);
    RUN_TEST(test_off_grid_is_open);
    RUN_TEST(test_far_away_and_very_fast);
    RUN_TEST(test_grid_origin);
    RUN_TEST(test_no_box_no_collision);
    return AKGL_TEST_END();
}
