/*
 * Arcade physics with one-way floors, slopes and platforms: jumping up
 * through a one-way floor, landing on it, dropping through it on request
 * (and only then), walking up and down 45 and 22.5 degree slopes both ways
 * and landing on them, riding a moving platform, being blocked and pushed by
 * a solid one, being crushed by one against the tiles (sideways, from above,
 * riding it into a ceiling), bit-identical trajectories at 30, 60 and 144
 * updates a second, and the refusals of akgl_physics_set_platforms,
 * akgl_physics_platform_box and akgl_physics_drop_through. Every grid is
 * built by hand over a uint8_t array.
 */
#include "physics_test.h"

#define COLS 40
#define ROWS 30
#define TILE 16.0f

static uint8_t cells[ROWS * COLS];

/* A fresh backend with gravity 980 and a floor on row 20 (top y = 320). */
static void world_begin(void)
{
    memset(cells, 0, sizeof(cells));
    for (int c = 0; c < COLS; c++) {
        cells[20 * COLS + c] = AKGL_CELL_SOLID;
    }
    physics_begin();
    phys.gravity_y = 980.0f;
}

static void world_bind(void)
{
    const akgl_SolidGrid g = {cells, COLS, ROWS, TILE, TILE, 0.0f, 0.0f, 0, 0, 0, NULL};
    CHECK_OK(akgl_physics_set_solid_grid(&phys, &g));
}

static void put(int col, int row, uint8_t v)
{
    cells[row * COLS + col] = v;
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

/* A 10 x 14 walker at (x, y) that reaches `speed` px/s at once. */
static akgl_Actor *walker(const char *name, float x, float y, float speed)
{
    akgl_Actor *a = spawn(name, x, y, 10.0f, 14.0f);
    if (a != NULL) {
        a->ax = 1e5f;
        a->sx = speed;
        a->state = AKGL_ACTOR_STATE_ALIVE;
    }
    return a;
}

/* ------------------------------------------------------------------------ */
/* One-way floors                                                           */
/* ------------------------------------------------------------------------ */

/* One-way floors on row 10 (top 160) and row 12 (top 192), columns 5..15. */
static void one_way_rows(void)
{
    for (int c = 5; c <= 15; c++) {
        put(c, 10, AKGL_CELL_ONE_WAY);
        put(c, 12, AKGL_CELL_ONE_WAY);
    }
}

static void test_one_way_land_and_stay(void)
{
    world_begin();
    one_way_rows();
    world_bind();
    akgl_Actor *a = walker("lander", 100.0f, 100.0f, 0.0f);
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 200) > 0);
    CHECK_MSG(a->y == 146.0f, "landed at y %.9g, not 146", (double)a->y);
    /* Without a request it never goes through from above. */
    for (int n = 0; n < 250; n++) {
        step1();
        CHECK(a->y == 146.0f && (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM) && a->vy == 0.0f);
    }
    despawn(a);
    physics_end();
}

static void test_one_way_jump_up_through(void)
{
    world_begin();
    one_way_rows();
    world_bind();
    akgl_Actor *a = walker("jumper", 100.0f, 306.0f, 0.0f);
    step1();
    CHECK(a->y == 306.0f && (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM));
    a->vy = -800.0f; /* rises about 326 px: past both floors */
    bool hit_head = false;
    float highest = a->y;
    for (int n = 0; n < 400; n++) {
        step1();
        hit_head = hit_head || (a->touching & AKGL_PHYSICS_TOUCH_TOP);
        highest = fminf(highest, a->y);
        if (a->vy == 0.0f && (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
            break;
        }
    }
    CHECK(!hit_head);
    CHECK(highest + 14.0f < 160.0f); /* its bottom went above the upper floor */
    CHECK_MSG(a->y == 146.0f, "came down on y %.9g, not 146", (double)a->y);
    despawn(a);
    physics_end();
}

static void test_one_way_not_sideways(void)
{
    world_begin();
    one_way_rows();
    world_bind();
    phys.gravity_y = 0.0f;
    akgl_Actor *a = walker("slider", 40.0f, 150.0f, 0.0f); /* its box overlaps row 10 */
    a->vx = 200.0f;
    for (int n = 0; n < 300; n++) {
        step1();
        CHECK(a->touching == 0);
    }
    CHECK(a->x > 260.0f && a->y == 150.0f);
    a->vx = -200.0f;
    stepn(300);
    CHECK(a->x < 40.0f && a->touching == 0);
    despawn(a);
    physics_end();
}

static void test_one_way_drop_through(void)
{
    world_begin();
    one_way_rows();
    world_bind();
    akgl_Actor *a = walker("dropper", 100.0f, 146.0f, 0.0f);
    step1();
    CHECK(a->y == 146.0f && (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM));
    CHECK_OK(akgl_physics_drop_through(a));
    CHECK_INT_EQ(a->drop_through, 1); /* dropping, from no platform */
    /* Through row 10, caught by row 12 below it. */
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 200) > 0);
    CHECK_MSG(a->y == 178.0f, "dropped to y %.9g, not 178", (double)a->y);
    CHECK(!a->drop_through);
    stepn(50);
    CHECK(a->y == 178.0f);
    /* Again: through row 12, onto the solid floor. */
    CHECK_OK(akgl_physics_drop_through(a));
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 200) > 0);
    CHECK_MSG(a->y == 306.0f, "dropped to y %.9g, not 306", (double)a->y);
    CHECK(!a->drop_through);
    /* A request on solid ground changes nothing, and ends at once. */
    CHECK_OK(akgl_physics_drop_through(a));
    step1();
    CHECK(a->y == 306.0f && !a->drop_through);
    /* A jump after a request ends it: the floor holds again on the way down. */
    a->y = 146.0f;
    a->vy = 0.0f;
    step1();
    CHECK_OK(akgl_physics_drop_through(a));
    a->vy = -300.0f;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 400) > 0);
    CHECK_MSG(a->y == 146.0f, "after the jump y %.9g, not 146", (double)a->y);

    /* Refusals: nothing changed. */
    CHECK_STATUS(akgl_physics_drop_through(NULL), AKERR_NULLPOINTER);
    akgl_Actor *ghost = spawn("ghost", 0.0f, 0.0f, 0.0f, 0.0f);
    CHECK_STATUS_MSG(akgl_physics_drop_through(ghost), AKERR_KEY, "ghost");
    CHECK(!ghost->drop_through);
    despawn(ghost);
    despawn(a);
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* Slopes                                                                   */
/* ------------------------------------------------------------------------ */

/* The floor's height under x in the slope worlds below. */
typedef float (*SurfaceFunc)(float x);

/* 45 degrees: up over column 10 (x 160..176), a plateau 176..224 (top 304),
 * down over column 14 (224..240). */
static void hill_45(void)
{
    put(10, 19, AKGL_CELL_SLOPE(0, 8));
    for (int c = 11; c <= 13; c++) {
        put(c, 19, AKGL_CELL_SOLID);
    }
    put(14, 19, AKGL_CELL_SLOPE(8, 0));
}

static float surface_45(float x)
{
    if (x < 160.0f || x >= 240.0f) {
        return 320.0f;
    }
    if (x < 176.0f) {
        return 320.0f - (x - 160.0f);
    }
    if (x < 224.0f) {
        return 304.0f;
    }
    return 304.0f + (x - 224.0f);
}

/* 22.5 degrees, two cells each way: up over 160..192, plateau 192..224,
 * down over 224..256. */
static void hill_22(void)
{
    put(10, 19, AKGL_CELL_SLOPE(0, 4));
    put(11, 19, AKGL_CELL_SLOPE(4, 8));
    for (int c = 12; c <= 13; c++) {
        put(c, 19, AKGL_CELL_SOLID);
    }
    put(14, 19, AKGL_CELL_SLOPE(8, 4));
    put(15, 19, AKGL_CELL_SLOPE(4, 0));
}

static float surface_22(float x)
{
    if (x < 160.0f || x >= 256.0f) {
        return 320.0f;
    }
    if (x < 192.0f) {
        return 320.0f - (x - 160.0f) * 0.5f;
    }
    if (x < 224.0f) {
        return 304.0f;
    }
    return 304.0f + (x - 224.0f) * 0.5f;
}

/*
 * Walks a 10 x 14 box over the hill one way at `speed`: at every step it
 * stands (touching the floor, no vertical speed) with the middle of its
 * bottom edge on the surface, to float rounding of the positions (1e-4 px
 * at x < 512: a few ulps); it never stops against anything.
 */
static void walk_over(akgl_Actor *a, SurfaceFunc surface, int dir, float until, float speed)
{
    a->sx = speed;
    a->state = AKGL_ACTOR_STATE_ALIVE |
               (dir > 0 ? AKGL_ACTOR_STATE_MOVING_RIGHT : AKGL_ACTOR_STATE_MOVING_LEFT);
    int steps = 0;
    int bad = 0;
    while ((dir > 0 ? a->x < until : a->x > until) && steps < 5000) {
        step1();
        steps++;
        float cx = a->x + 5.0f, b = a->y + 14.0f;
        bool ok = (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM) && a->vy == 0.0f &&
                  !(a->touching & (AKGL_PHYSICS_TOUCH_LEFT | AKGL_PHYSICS_TOUCH_RIGHT)) &&
                  fabsf(b - surface(cx)) <= 1e-4f;
        if (!ok && bad++ < 3) {
            test_failf_(__FILE__, __LINE__, "speed %g dir %d step %d: centre %.9g bottom %.9g, "
                        "surface %.9g, touching %d, vy %.9g", (double)speed, dir, steps,
                        (double)cx, (double)b, (double)surface(cx), a->touching, (double)a->vy);
        }
    }
    CHECK(steps < 5000);
}

static void slope_walks(void (*build)(void), SurfaceFunc surface)
{
    static const float speeds[] = {60.0f, 150.0f, 250.0f};
    for (size_t s = 0; s < SDL_arraysize(speeds); s++) {
        world_begin();
        build();
        world_bind();
        akgl_Actor *a = walker("hiker", 120.0f, 306.0f, speeds[s]);
        step1();
        CHECK(a->y == 306.0f);
        walk_over(a, surface, 1, 280.0f, speeds[s]);  /* up, across, down */
        walk_over(a, surface, -1, 110.0f, speeds[s]); /* and back */
        /* Back on the floor, exactly. */
        a->state = AKGL_ACTOR_STATE_ALIVE;
        a->vx = 0.0f;
        step1();
        CHECK_MSG(a->y == 306.0f, "speed %g: back at y %.9g", (double)speeds[s], (double)a->y);
        despawn(a);
        physics_end();
    }
}

static void test_slope_45_walk(void)
{
    slope_walks(hill_45, surface_45);
}

static void test_slope_22_walk(void)
{
    slope_walks(hill_22, surface_22);
}

/* Landing on a slope stands the middle of the box's bottom on it, exactly,
 * and standing there does not slide. */
static void test_slope_landing(void)
{
    static const struct
    {
        void (*build)(void);
        float x; /* left of the box: its middle at x + 5 */
    } cases[] = {
        {hill_45, 163.0f}, /* middle 168: 8 up the 45 degree slope (y 298) */
        {hill_45, 227.0f}, /* middle 232: 8 down the other side (y 298) */
        {hill_22, 171.0f}, /* middle 176: 4 up the first cell (y 302) */
        {hill_22, 187.0f}, /* middle 192: the top of the second (y 290) */
        {hill_22, 235.0f}, /* middle 240: 8 down (y 298) */
    };
    for (size_t i = 0; i < SDL_arraysize(cases); i++) {
        world_begin();
        cases[i].build();
        world_bind();
        akgl_Actor *a = walker("faller", cases[i].x, 200.0f, 0.0f);
        CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 300) > 0);
        float want = cases[i].build == hill_45 ? surface_45(cases[i].x + 5.0f) - 14.0f
                                               : surface_22(cases[i].x + 5.0f) - 14.0f;
        CHECK_MSG(a->y == want, "case %zu: landed at y %.9g, not %.9g", i, (double)a->y,
                  (double)want);
        stepn(250);
        CHECK_MSG(a->x == cases[i].x && a->y == want && a->vx == 0.0f,
                  "case %zu: moved to (%.9g, %.9g)", i, (double)a->x, (double)a->y);
        despawn(a);
        physics_end();
    }
}

/* Jumping up from under a slope passes through it (a slope holds only from
 * above), and a wall beside a slope's low edge still blocks. */
static void test_slope_open_below_and_walls(void)
{
    world_begin();
    put(10, 15, AKGL_CELL_SLOPE(0, 8)); /* a slope in the air: row 15, y 240..256 */
    for (int c = 17; c <= 19; c++) {
        put(c, 19, AKGL_CELL_SOLID); /* a plateau (top 304) ... */
    }
    put(20, 19, AKGL_CELL_SLOPE(8, 0)); /* ... down a slope into a wall at x 336 */
    put(21, 19, AKGL_CELL_SOLID);
    put(21, 18, AKGL_CELL_SOLID);
    world_bind();
    akgl_Actor *a = walker("jumper", 163.0f, 306.0f, 0.0f);
    step1();
    a->vy = -500.0f; /* rises ~127 px: through row 15 */
    bool hit_head = false;
    for (int n = 0; n < 60; n++) {
        step1();
        hit_head = hit_head || (a->touching & AKGL_PHYSICS_TOUCH_TOP);
    }
    CHECK(!hit_head);
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 400) > 0);
    CHECK_MSG(a->y == 256.0f - 8.0f - 14.0f, "landed on the slope at y %.9g", (double)a->y);
    despawn(a);

    akgl_Actor *b = walker("walker", 280.0f, 290.0f, 100.0f);
    step1();
    CHECK(b->y == 290.0f);
    b->state |= AKGL_ACTOR_STATE_MOVING_RIGHT;
    CHECK(step_until(b, AKGL_PHYSICS_TOUCH_RIGHT, 500) > 0);
    CHECK_MSG(b->x == 326.0f && b->y == 301.0f, "stopped at (%.9g, %.9g), not (326, 301)",
              (double)b->x, (double)b->y);
    stepn(20);
    CHECK(b->x == 326.0f && b->y == 301.0f);
    despawn(b);
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* Platforms                                                                */
/* ------------------------------------------------------------------------ */

static akgl_Platform platforms[4];

static void platforms_bind(int n)
{
    CHECK_OK(akgl_physics_set_platforms(&phys, platforms, n));
}

static SDL_FRect platform_now(int i)
{
    SDL_FRect r = {0};
    CHECK_OK(akgl_physics_platform_box(&phys, i, &r));
    return r;
}

static void test_platform_path(void)
{
    world_begin();
    world_bind();
    platforms[0] = (akgl_Platform){100.0f, 200.0f, 48.0f, 8.0f, 64.0f, -32.0f, 250, false};
    platforms_bind(1);
    SDL_FRect r = platform_now(0);
    CHECK(r.x == 100.0f && r.y == 200.0f && r.w == 48.0f && r.h == 8.0f);
    stepn(125);
    r = platform_now(0);
    CHECK_MSG(r.x == 132.0f && r.y == 184.0f, "half way: (%g, %g)", (double)r.x, (double)r.y);
    stepn(125);
    r = platform_now(0);
    CHECK(r.x == 164.0f && r.y == 168.0f);
    stepn(250);
    r = platform_now(0);
    CHECK(r.x == 100.0f && r.y == 200.0f);
    physics_end();
}

static void test_platform_carries_rider(void)
{
    world_begin();
    world_bind();
    /* Across and back, and up and down. */
    platforms[0] = (akgl_Platform){100.0f, 200.0f, 48.0f, 8.0f, 64.0f, 0.0f, 250, false};
    platforms[1] = (akgl_Platform){300.0f, 280.0f, 48.0f, 8.0f, 0.0f, -100.0f, 250, true};
    platforms_bind(2);
    akgl_Actor *a = walker("rider", 110.0f, 150.0f, 0.0f);
    akgl_Actor *b = walker("lifted", 320.0f, 200.0f, 0.0f);
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 200) > 0);
    while (!(b->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        step1();
    }
    SDL_FRect p0 = platform_now(0), p1 = platform_now(1);
    float rel_a = a->x - p0.x, rel_b = b->x - p1.x;
    int bad = 0;
    for (int n = 0; n < 700; n++) { /* past both turns */
        step1();
        p0 = platform_now(0);
        p1 = platform_now(1);
        bool ok = fabsf(a->y + 14.0f - p0.y) <= 1e-4f && fabsf(a->x - p0.x - rel_a) <= 1e-3f &&
                  fabsf(b->y + 14.0f - p1.y) <= 1e-4f && fabsf(b->x - p1.x - rel_b) <= 1e-3f &&
                  (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM) &&
                  (b->touching & AKGL_PHYSICS_TOUCH_BOTTOM);
        if (!ok && bad++ < 3) {
            test_failf_(__FILE__, __LINE__, "step %d: rider (%.9g, %.9g) on (%.9g, %.9g); "
                        "lifted (%.9g, %.9g) on (%.9g, %.9g)", n, (double)a->x, (double)a->y,
                        (double)p0.x, (double)p0.y, (double)b->x, (double)b->y, (double)p1.x,
                        (double)p1.y);
        }
    }
    /* It walks on it too: its own motion on top of the platform's. */
    a->sx = 50.0f;
    a->state |= AKGL_ACTOR_STATE_MOVING_RIGHT;
    float before = a->x - platform_now(0).x;
    stepn(50);
    CHECK(a->x - platform_now(0).x > before + 9.0f && (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM));
    /* Dropping through the one-way lift. */
    CHECK_OK(akgl_physics_drop_through(b));
    CHECK_INT_EQ(b->drop_through, 2 + 1); /* from platform 1 */
    CHECK(step_until(b, AKGL_PHYSICS_TOUCH_BOTTOM, 400) > 0);
    CHECK_MSG(b->y == 306.0f, "dropped to y %.9g", (double)b->y);
    despawn(a);
    despawn(b);
    physics_end();
}

static void test_platform_blocks(void)
{
    world_begin();
    world_bind();
    /* A still solid block on the floor, a still solid ledge and a one-way ledge overhead. */
    platforms[0] = (akgl_Platform){200.0f, 290.0f, 32.0f, 30.0f, 0.0f, 0.0f, 0, false};
    platforms[1] = (akgl_Platform){60.0f, 250.0f, 48.0f, 8.0f, 0.0f, 0.0f, 0, false};
    platforms[2] = (akgl_Platform){300.0f, 250.0f, 48.0f, 8.0f, 0.0f, 0.0f, 0, true};
    platforms_bind(3);
    akgl_Actor *a = walker("blocked", 150.0f, 306.0f, 100.0f);
    step1();
    a->state |= AKGL_ACTOR_STATE_MOVING_RIGHT;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_RIGHT, 200) > 0);
    CHECK_MSG(a->x == 190.0f, "stopped at x %.9g, not 190", (double)a->x);
    stepn(20);
    CHECK(a->x == 190.0f && a->vx == 0.0f);
    /* From the other side. */
    a->x = 250.0f;
    a->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_LEFT;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_LEFT, 200) > 0);
    CHECK_MSG(a->x == 232.0f, "stopped at x %.9g, not 232", (double)a->x);
    /* Jumping into a solid ledge from below: the head stops on its bottom. */
    a->state = AKGL_ACTOR_STATE_ALIVE;
    a->x = 70.0f;
    a->y = 306.0f;
    a->vx = 0.0f;
    step1();
    a->vy = -400.0f;
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_TOP, 100) > 0);
    CHECK_MSG(a->y == 258.0f, "head stopped at y %.9g, not 258", (double)a->y);
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 400) > 0);
    CHECK(a->y == 306.0f);
    /* Through a one-way ledge from below, onto its top. */
    a->x = 310.0f;
    step1();
    a->vy = -400.0f;
    step1();
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 400) > 0);
    CHECK_MSG(a->y == 236.0f, "landed at y %.9g, not 236", (double)a->y);
    despawn(a);
    physics_end();
}

/* A platform sinking into the floor leaves its rider standing on the floor:
 * the tile wins. */
static void test_platform_sinks_into_floor(void)
{
    world_begin();
    world_bind();
    platforms[0] = (akgl_Platform){100.0f, 296.0f, 48.0f, 8.0f, 0.0f, 40.0f, 100, false};
    platforms_bind(1);
    akgl_Actor *a = walker("sinker", 110.0f, 270.0f, 0.0f);
    CHECK(step_until(a, AKGL_PHYSICS_TOUCH_BOTTOM, 100) > 0);
    for (int n = 0; n < 200; n++) {
        step1();
        CHECK(a->y + 14.0f <= 320.0f);
    }
    CHECK_MSG(a->y == 306.0f, "on the floor at y %.9g", (double)a->y);
    despawn(a);
    physics_end();
}

static void test_platform_pushes(void)
{
    world_begin();
    world_bind();
    /* A solid block sliding left 100 px along the floor, over a standing actor. */
    platforms[0] = (akgl_Platform){300.0f, 290.0f, 32.0f, 30.0f, -100.0f, 0.0f, 250, false};
    platforms_bind(1);
    akgl_Actor *a = walker("pushed", 250.0f, 306.0f, 0.0f);
    step1();
    for (int n = 0; n < 249; n++) {
        step1();
        SDL_FRect p = platform_now(0);
        CHECK(a->x + 10.0f <= p.x + 1e-3f);
        CHECK(a->y == 306.0f);
    }
    CHECK_MSG(fabsf(a->x + 10.0f - platform_now(0).x) <= 1e-4f, "pushed to %.9g, block at %.9g",
              (double)a->x, (double)platform_now(0).x);
    CHECK(a->x < 200.0f);
    despawn(a);
    physics_end();
}

/*
 * A solid block sliding along the floor towards a wall one tile thick, 34 px
 * a step: fast enough that an unswept push would carry the actor clean
 * through the wall in the step that meets it. dir -1: the block comes from
 * the right and pushes left (the wall is column 10, x 160..176); dir +1: the
 * mirror image (column 29, x 464..480).
 */
static void crush_sideways(int dir)
{
    /* x of a box w wide at x in the scene from the right, mirrored for dir +1. */
#define SIDE_X(x, w) (dir < 0 ? (x) : 640.0f - (x) - (w))
    world_begin();
    for (int r = 0; r < 20; r++) {
        put(dir < 0 ? 10 : 29, r, AKGL_CELL_SOLID);
    }
    world_bind();
    const float flush = dir < 0 ? 176.0f : 454.0f;
    const int wall_side = dir < 0 ? AKGL_PHYSICS_TOUCH_LEFT : AKGL_PHYSICS_TOUCH_RIGHT;
    const int block_side = dir < 0 ? AKGL_PHYSICS_TOUCH_RIGHT : AKGL_PHYSICS_TOUCH_LEFT;
    platforms[0] = (akgl_Platform){SIDE_X(326.0f, 64.0f), 290.0f, 64.0f, 30.0f, dir * 170.0f, 0.0f,
                                   5, false};
    platforms_bind(1);
    akgl_Actor *a = walker("squeezed", SIDE_X(250.0f, 10.0f), 306.0f, 0.0f);
    /* Steps 1..4: the block reaches the actor and pushes it with room to
     * spare; it rides the block's face exactly, as it always did. */
    step1();
    CHECK(a->x == SIDE_X(250.0f, 10.0f) && !(a->touching & AKGL_PHYSICS_TOUCH_CRUSHED));
    for (int n = 2; n <= 4; n++) {
        step1();
        SDL_FRect p = platform_now(0);
        float face = dir < 0 ? p.x - 10.0f : p.x + p.w;
        CHECK_MSG(a->x == face && a->y == 306.0f, "step %d: at (%.9g, %.9g), block face %.9g", n,
                  (double)a->x, (double)a->y, (double)face);
        CHECK_INT_EQ(a->touching & (AKGL_PHYSICS_TOUCH_CRUSHED | wall_side | block_side),
                     block_side);
    }
    /* Step 5: the block's last 34 px would put the actor past the wall; it
     * stops flush against it, squeezed. */
    step1();
    CHECK_MSG(a->x == flush && a->y == 306.0f, "crushed at (%.9g, %.9g), wall face %.9g",
              (double)a->x, (double)a->y, (double)flush);
    CHECK_INT_EQ(a->touching & (AKGL_PHYSICS_TOUCH_CRUSHED | wall_side | block_side),
                 AKGL_PHYSICS_TOUCH_CRUSHED | wall_side | block_side);
    CHECK(a->vx == 0.0f);
    /* Step 6: the block backs off; the squeeze is over, the actor stays. */
    step1();
    CHECK(a->x == flush && a->y == 306.0f);
    CHECK_INT_EQ(a->touching & (AKGL_PHYSICS_TOUCH_CRUSHED | wall_side | block_side), 0);
    despawn(a);
    physics_end();
#undef SIDE_X
}

/* The same block, 28 px a step, ending with the actor just against the wall:
 * pushed flush, not crushed. */
static void push_flush(int dir)
{
    world_begin();
    for (int r = 0; r < 20; r++) {
        put(dir < 0 ? 10 : 29, r, AKGL_CELL_SOLID);
    }
    world_bind();
    const float x0 = dir < 0 ? 326.0f : 640.0f - 326.0f - 64.0f;
    platforms[0] = (akgl_Platform){x0, 290.0f, 64.0f, 30.0f, dir * 140.0f, 0.0f, 5, false};
    platforms_bind(1);
    akgl_Actor *a = walker("fits", dir < 0 ? 250.0f : 380.0f, 306.0f, 0.0f);
    for (int n = 1; n <= 6; n++) {
        step1();
        CHECK_MSG(!(a->touching & AKGL_PHYSICS_TOUCH_CRUSHED), "step %d: crushed at %.9g", n,
                  (double)a->x);
    }
    CHECK_MSG(a->x == (dir < 0 ? 176.0f : 454.0f), "left at %.9g", (double)a->x);
    despawn(a);
    physics_end();
}

static void test_platform_crushes_sideways(void)
{
    crush_sideways(-1);
    crush_sideways(1);
    push_flush(-1);
    push_flush(1);
}

/*
 * A solid block 40 px tall coming down on an actor that stands on a floor
 * one tile thick, 34 px a step: its bottom 270, 304, then 338, which an
 * unswept push would put the actor's top on, below the floor. Steps 3 and
 * 4 in one call when `together`: the squeeze of step 3 still shows after
 * it.
 */
static void crush_from_above(bool together)
{
    world_begin();
    world_bind();
    platforms[0] = (akgl_Platform){100.0f, 196.0f, 48.0f, 40.0f, 0.0f, 102.0f, 3, false};
    platforms_bind(1);
    akgl_Actor *a = walker("flattened", 110.0f, 306.0f, 0.0f);
    stepn(2);
    CHECK(a->y == 306.0f && !(a->touching & AKGL_PHYSICS_TOUCH_CRUSHED));
    const int squeezed = AKGL_PHYSICS_TOUCH_CRUSHED | AKGL_PHYSICS_TOUCH_TOP |
                         AKGL_PHYSICS_TOUCH_BOTTOM;
    if (together) {
        CHECK_OK(phys.step(&phys, 2 * AKGL_PHYSICS_STEP_NS));
        CHECK_MSG(a->y == 306.0f, "after steps 3 and 4 at y %.9g", (double)a->y);
        CHECK(a->touching & AKGL_PHYSICS_TOUCH_CRUSHED);
    } else {
        step1();
        CHECK_MSG(a->y == 306.0f, "crushed at y %.9g, not on the floor at 306", (double)a->y);
        CHECK_INT_EQ(a->touching & squeezed, squeezed);
        CHECK(a->vy == 0.0f);
        step1(); /* the block rises again */
        CHECK(a->y == 306.0f);
        CHECK_INT_EQ(a->touching & squeezed, AKGL_PHYSICS_TOUCH_BOTTOM);
    }
    step1();
    CHECK(a->y == 306.0f);
    CHECK_INT_EQ(a->touching & squeezed, AKGL_PHYSICS_TOUCH_BOTTOM);
    despawn(a);
    physics_end();
}

static void test_platform_crushes_from_above(void)
{
    crush_from_above(false);
    crush_from_above(true);
}

/*
 * A solid lift rising 2 px a step carries its rider into a ceiling (row 10,
 * bottom y 176): the rider stops with its head on the ceiling, squeezed,
 * and is never put on the lift's top inside the ceiling.
 */
static void test_platform_crushes_rider_into_ceiling(void)
{
    world_begin();
    for (int c = 5; c <= 12; c++) {
        put(c, 10, AKGL_CELL_SOLID);
    }
    world_bind();
    platforms[0] = (akgl_Platform){100.0f, 280.0f, 48.0f, 8.0f, 0.0f, -100.0f, 50, false};
    platforms_bind(1);
    akgl_Actor *a = walker("lifted", 110.0f, 266.0f, 0.0f);
    int crushed_at = -1, below = 0;
    for (int n = 1; n <= 80; n++) {
        step1();
        below += a->y < 176.0f;
        if (a->touching & AKGL_PHYSICS_TOUCH_CRUSHED) {
            CHECK_MSG(crushed_at < 0, "squeezed again at step %d (first at %d)", n, crushed_at);
            crushed_at = n;
            CHECK_MSG(a->y == 176.0f, "crushed at y %.9g, not under the ceiling at 176",
                      (double)a->y);
            CHECK(a->touching & AKGL_PHYSICS_TOUCH_TOP);
        }
    }
    CHECK_INT_EQ(below, 0);
    /* Its head meets the ceiling when the lift's top reaches 190 (step 45);
     * the next step the lift rises into it. */
    CHECK_INT_EQ(crushed_at, 46);
    despawn(a);
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* Frame-rate independence                                                  */
/* ------------------------------------------------------------------------ */

/*
 * One scripted world with all three: a walker crosses a 45 degree hill and
 * runs under a one-way ledge, a second body falls onto the ledge and drops
 * through it at 0.5 s, a third rides a moving platform. At 30, 60 and 144
 * updates a second and at one call per step, the three bodies and the
 * platform are compared bit for bit at the instants the runs share (k/6 s).
 */
#define FR_SAMPLES 12
#define FR_ACTORS 3

typedef struct Sample
{
    float x[FR_ACTORS], y[FR_ACTORS], vx[FR_ACTORS], vy[FR_ACTORS];
    int touching[FR_ACTORS];
    SDL_FRect platform;
    uint64_t steps;
} Sample;

static akgl_Actor *fr_actor[FR_ACTORS];

static void fr_setup(void)
{
    world_begin();
    phys.drag_x = 2.0f;
    hill_45();
    for (int c = 18; c <= 24; c++) {
        put(c, 17, AKGL_CELL_ONE_WAY); /* top 272 */
    }
    world_bind();
    platforms[0] = (akgl_Platform){420.0f, 280.0f, 40.0f, 8.0f, 96.0f, -40.0f, 150, false};
    platforms_bind(1);
    fr_actor[0] = walker("walker", 100.0f, 306.0f, 140.0f);
    fr_actor[0]->state |= AKGL_ACTOR_STATE_MOVING_RIGHT;
    fr_actor[1] = walker("dropper", 330.0f, 230.0f, 0.0f);
    fr_actor[2] = walker("rider", 440.0f, 264.0f, 0.0f);
}

static void fr_sample(Sample *s)
{
    memset(s, 0, sizeof(*s));
    for (int i = 0; i < FR_ACTORS; i++) {
        s->x[i] = fr_actor[i]->x;
        s->y[i] = fr_actor[i]->y;
        s->vx[i] = fr_actor[i]->vx;
        s->vy[i] = fr_actor[i]->vy;
        s->touching[i] = fr_actor[i]->touching;
    }
    s->platform = platform_now(0);
    s->steps = phys.steps;
}

static bool same_sample(const Sample *a, const Sample *b)
{
    return memcmp(a->x, b->x, sizeof(a->x)) == 0 && memcmp(a->y, b->y, sizeof(a->y)) == 0 &&
           memcmp(a->vx, b->vx, sizeof(a->vx)) == 0 && memcmp(a->vy, b->vy, sizeof(a->vy)) == 0 &&
           memcmp(a->touching, b->touching, sizeof(a->touching)) == 0 &&
           memcmp(&a->platform.x, &b->platform.x, sizeof(float)) == 0 &&
           memcmp(&a->platform.y, &b->platform.y, sizeof(float)) == 0 && a->steps == b->steps;
}

static void fr_end(void)
{
    for (int i = 0; i < FR_ACTORS; i++) {
        despawn(fr_actor[i]);
        fr_actor[i] = NULL;
    }
    physics_end();
}

static void run_at_rate(int fps, Sample out[FR_SAMPLES])
{
    fr_setup();
    uint64_t prev = 0;
    for (int i = 1; i <= 2 * fps; i++) {
        uint64_t t = (uint64_t)i * 1000000000ull / (uint64_t)fps;
        CHECK_OK(akgl_time_advance(t - prev));
        prev = t;
        CHECK_OK(akgl_game_update(NULL));
        if (i * 2 == fps) {
            CHECK_OK(akgl_physics_drop_through(fr_actor[1])); /* at 0.5 s */
        }
        if (i == fps) {
            fr_actor[0]->state &= ~AKGL_ACTOR_STATE_MOVING_RIGHT; /* at 1 s */
        }
        if ((i * 6) % fps == 0) {
            fr_sample(&out[(i * 6) / fps - 1]);
        }
    }
    fr_end();
}

static void test_frame_rate_independence(void)
{
    static const int rates[] = {30, 60, 144};
    static Sample runs[3][FR_SAMPLES];
    static Sample ref[FR_SAMPLES];
    for (int r = 0; r < 3; r++) {
        run_at_rate(rates[r], runs[r]);
    }
    fr_setup();
    for (int n = 1; n <= 500; n++) {
        step1();
        if (n == 125) {
            CHECK_OK(akgl_physics_drop_through(fr_actor[1]));
        }
        if (n == 250) {
            fr_actor[0]->state &= ~AKGL_ACTOR_STATE_MOVING_RIGHT;
        }
        for (int k = 1; k <= FR_SAMPLES; k++) {
            if ((k * 125) / 3 == n) {
                fr_sample(&ref[k - 1]);
            }
        }
    }
    fr_end();
    for (int k = 0; k < FR_SAMPLES; k++) {
        for (int r = 0; r < 3; r++) {
            const Sample *s = &runs[r][k];
            CHECK_MSG(same_sample(s, &ref[k]),
                      "%d fps at %d/6 s: walker (%.9g, %.9g) dropper (%.9g, %.9g) rider "
                      "(%.9g, %.9g); reference walker (%.9g, %.9g) dropper (%.9g, %.9g) rider "
                      "(%.9g, %.9g)", rates[r], k + 1, (double)s->x[0], (double)s->y[0],
                      (double)s->x[1], (double)s->y[1], (double)s->x[2], (double)s->y[2],
                      (double)ref[k].x[0], (double)ref[k].y[0], (double)ref[k].x[1],
                      (double)ref[k].y[1], (double)ref[k].x[2], (double)ref[k].y[2]);
        }
    }
    /* Not vacuous: the walker crossed the hill, the dropper stood on the
     * ledge before 0.5 s and on the floor after, the rider rode. */
    CHECK_MSG(ref[11].x[0] > 250.0f, "walker at 2 s: (%.9g, %.9g) v %.9g t %d; rider (%.9g, %.9g) platform (%.9g, %.9g)", (double)ref[11].x[0], (double)ref[11].y[0], (double)ref[11].vx[0], ref[11].touching[0], (double)ref[11].x[2], (double)ref[11].y[2], (double)ref[11].platform.x, (double)ref[11].platform.y);
    CHECK_MSG(ref[1].y[1] == 258.0f, "dropper at 2/6 s: y %.9g", (double)ref[1].y[1]);
    CHECK_MSG(ref[11].y[1] == 306.0f, "dropper at 2 s: y %.9g", (double)ref[11].y[1]);
    CHECK(fabsf(ref[11].y[2] + 14.0f - ref[11].platform.y) <= 1e-4f);
    CHECK(ref[11].x[2] != ref[1].x[2]);
}

/* ------------------------------------------------------------------------ */
/* Refusals                                                                 */
/* ------------------------------------------------------------------------ */

static void test_set_platforms_refusals(void)
{
    physics_begin();
    platforms[0] = (akgl_Platform){10.0f, 20.0f, 30.0f, 8.0f, 0.0f, 0.0f, 0, false};
    platforms_bind(1);
    CHECK_STATUS(akgl_physics_set_platforms(NULL, platforms, 1), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_physics_set_platforms(&phys, NULL, 2), AKERR_NULLPOINTER, "2 platforms");
    CHECK_STATUS_MSG(akgl_physics_set_platforms(&phys, platforms, -1), AKERR_OUTOFBOUNDS, "-1");
    CHECK_STATUS_MSG(akgl_physics_set_platforms(&phys, platforms, AKGL_PHYSICS_MAX_PLATFORMS + 1),
                     AKERR_OUTOFBOUNDS, "0 to 64");
    static akgl_Platform bad[2];
    bad[0] = platforms[0];
    bad[1] = (akgl_Platform){NAN, 0.0f, 10.0f, 10.0f, 0.0f, 0.0f, 0, false};
    CHECK_STATUS_MSG(akgl_physics_set_platforms(&phys, bad, 2), AKERR_VALUE, "platform 1");
    bad[1] = (akgl_Platform){0.0f, 0.0f, 0.5f, 10.0f, 0.0f, 0.0f, 0, false};
    CHECK_STATUS_MSG(akgl_physics_set_platforms(&phys, bad, 2), AKERR_VALUE, "at least 1");
    bad[1] = (akgl_Platform){0.0f, 0.0f, 10.0f, 10.0f, INFINITY, 0.0f, 10, false};
    CHECK_STATUS_MSG(akgl_physics_set_platforms(&phys, bad, 2), AKERR_VALUE, "finite");
    /* The platforms set before stay. */
    CHECK(phys.platforms == platforms && phys.nplatforms == 1);
    SDL_FRect r;
    CHECK_STATUS(akgl_physics_platform_box(NULL, 0, &r), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_physics_platform_box(&phys, 0, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_physics_platform_box(&phys, 1, &r), AKERR_OUTOFBOUNDS, "platform 1 of 1");
    CHECK_STATUS(akgl_physics_platform_box(&phys, -1, &r), AKERR_OUTOFBOUNDS);
    /* None. */
    CHECK_OK(akgl_physics_set_platforms(&phys, NULL, 0));
    CHECK(phys.platforms == NULL && phys.nplatforms == 0);
    /* akgl_physics_init_arcade resets them. */
    platforms_bind(1);
    CHECK_OK(akgl_physics_init_arcade(&phys));
    CHECK(phys.platforms == NULL && phys.nplatforms == 0);
    physics_end();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    int actors = akgl_test_actors_();
    RUN_TEST(test_one_way_land_and_stay);
    RUN_TEST(test_one_way_jump_up_through);
    RUN_TEST(test_one_way_not_sideways);
    RUN_TEST(test_one_way_drop_through);
    RUN_TEST(test_slope_45_walk);
    RUN_TEST(test_slope_22_walk);
    RUN_TEST(test_slope_landing);
    RUN_TEST(test_slope_open_below_and_walls);
    RUN_TEST(test_platform_path);
    RUN_TEST(test_platform_carries_rider);
    RUN_TEST(test_platform_blocks);
    RUN_TEST(test_platform_pushes);
    RUN_TEST(test_platform_sinks_into_floor);
    RUN_TEST(test_platform_crushes_sideways);
    RUN_TEST(test_platform_crushes_from_above);
    RUN_TEST(test_platform_crushes_rider_into_ceiling);
    RUN_TEST(test_frame_rate_independence);
    RUN_TEST(test_set_platforms_refusals);
    CHECK_INT_EQ(akgl_test_actors_(), actors);
    return AKGL_TEST_END();
}
