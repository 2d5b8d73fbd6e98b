/*
 * Arcade physics without tiles: set-up from the properties, the solid-grid
 * setter's checks, trajectories against closed forms, the fixed step and
 * frame-rate independence, and where the step sits in akgl_game_update.
 * Tiles: test_physics_tiles.c. Overlaps: test_physics_overlap.c.
 */
#include "physics_test.h"
#include "game_private.h"
#include "time_private.h"

/* e, which strict C11 <math.h> does not name. */
#define EULER_E 2.718281828459045

/* ------------------------------------------------------------------------ */
/* akgl_physics_init_arcade                                                 */
/* ------------------------------------------------------------------------ */

static void test_init_defaults_are_zero(void)
{
    physics_begin();
    CHECK(phys.step != NULL);
    CHECK(phys.gravity_x == 0.0f && phys.gravity_y == 0.0f && phys.gravity_z == 0.0f);
    CHECK(phys.drag_x == 0.0f && phys.drag_y == 0.0f && phys.drag_z == 0.0f);
    CHECK_INT_EQ(phys.accumulator_ns, 0);
    CHECK_INT_EQ(phys.steps, 0);
    CHECK(phys.grid.cells == NULL);
    CHECK(phys.on_overlap == NULL);
    CHECK(phys.userdata == NULL);
    physics_end();
}

static void test_init_reads_each_property(void)
{
    physics_begin();
    /* Distinct values, exact in binary, so a field read from the wrong key shows. */
    CHECK_OK(akgl_set_property("physics.gravity.x", "1.5"));
    CHECK_OK(akgl_set_property("physics.gravity.y", "-980"));
    CHECK_OK(akgl_set_property("physics.gravity.z", "0.25"));
    CHECK_OK(akgl_set_property("physics.drag.x", "2"));
    CHECK_OK(akgl_set_property("physics.drag.y", "0.5"));
    CHECK_OK(akgl_set_property("physics.drag.z", "3e1"));
    /* Initialising again starts afresh: counters, grid and hook are reset. */
    static const uint8_t cell = 1;
    phys.steps = 7;
    phys.accumulator_ns = 3;
    phys.grid = (akgl_SolidGrid){&cell, 1, 1, 16.0f, 16.0f, 0.0f, 0.0f, 0, 0, 0, NULL};
    game.physics = NULL;
    CHECK_OK(akgl_physics_init_arcade(&phys));
    CHECK(game.physics == &phys);
    CHECK(phys.gravity_x == 1.5f);
    CHECK(phys.gravity_y == -980.0f);
    CHECK(phys.gravity_z == 0.25f);
    CHECK(phys.drag_x == 2.0f);
    CHECK(phys.drag_y == 0.5f);
    CHECK(phys.drag_z == 30.0f);
    CHECK_INT_EQ(phys.steps, 0);
    CHECK_INT_EQ(phys.accumulator_ns, 0);
    CHECK(phys.grid.cells == NULL);
    physics_end();
}

/* A failed init leaves the backend and game.physics exactly as they were. */
static void check_refused(const char *key, const char *value, int status, const char *needle)
{
    akgl_Physics before;
    akgl_Physics other;
    char what[256];

    physics_clear_properties();
    CHECK_OK(akgl_set_property(key, value));
    memset(&phys, 0x5a, sizeof(phys));
    memcpy(&before, &phys, sizeof(before));
    game.physics = &other;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    akerr_ErrorContext *e = akgl_physics_init_arcade(&phys);
    int got = test_status_of_(e, msg);
    snprintf(what, sizeof(what), "%s = \"%s\"", key, value);
    CHECK_MSG(got == status, "%s: status %d, expected %d (%s)", what, got, status, msg);
    CHECK_MSG(strstr(msg, needle) != NULL, "%s: message \"%s\" lacks \"%s\"", what, msg, needle);
    CHECK_MSG(memcmp(&before, &phys, sizeof(phys)) == 0, "%s: the backend changed", what);
    CHECK_MSG(game.physics == &other, "%s: game.physics changed", what);
    game.physics = NULL;
}

static void test_init_refuses_non_numbers(void)
{
    /* Not numbers at all, and numbers that are not finite: AKERR_FORMAT.
     * Numbers a float cannot hold (a double's overflow, or beyond FLT_MAX):
     * AKERR_OUTOFBOUNDS, as akgl_get_property_number says of a double's.
     * Each would make every position inf or NaN; every message names the key. */
    static const char *const bad[] = {"abc", "", " 1", "12px", "1,5", "inf", "-inf", "nan"};
    static const char *const huge[] = {"1e39", "-1e39", "1e999"};
    physics_begin();
    for (int k = 0; k < 6; k++) {
        for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
            check_refused(PHYSICS_KEYS[k], bad[i], AKERR_FORMAT, PHYSICS_KEYS[k]);
        }
        for (size_t i = 0; i < sizeof(huge) / sizeof(huge[0]); i++) {
            check_refused(PHYSICS_KEYS[k], huge[i], AKERR_OUTOFBOUNDS, PHYSICS_KEYS[k]);
        }
    }
    physics_end();
}

static void test_init_refuses_negative_drag(void)
{
    physics_begin();
    for (int k = 3; k < 6; k++) {
        check_refused(PHYSICS_KEYS[k], "-0.5", AKERR_VALUE, PHYSICS_KEYS[k]);
    }
    /* Negative gravity is a direction, not an error; zero drag of either sign is none. */
    physics_clear_properties();
    CHECK_OK(akgl_set_property("physics.gravity.y", "-10"));
    CHECK_OK(akgl_set_property("physics.drag.x", "-0"));
    CHECK_OK(akgl_physics_init_arcade(&phys));
    CHECK(phys.gravity_y == -10.0f);
    CHECK(phys.drag_x == 0.0f);
    physics_end();
}

static void test_init_null_and_no_registry(void)
{
    physics_begin();
    akgl_Physics *bound = game.physics;
    CHECK_STATUS(akgl_physics_init_arcade(NULL), AKERR_NULLPOINTER);
    CHECK(game.physics == bound);

    /* Without the properties registry there is nothing to read from. */
    akgl_Physics other;
    memset(&other, 0, sizeof(other));
    SDL_PropertiesID saved = AKGL_REGISTRY_PROPERTIES;
    AKGL_REGISTRY_PROPERTIES = 0;
    CHECK_STATUS(akgl_physics_init_arcade(&other), AKERR_KEY);
    AKGL_REGISTRY_PROPERTIES = saved;
    CHECK(game.physics == bound);
    CHECK(other.step == NULL);
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* akgl_physics_set_solid_grid, akgl_physics_actor_box, the step's NULL      */
/* ------------------------------------------------------------------------ */

/* Field by field: the struct has padding, which memcmp would read
 * uninitialised (valgrind says so). */
static bool grid_equal(const akgl_SolidGrid *a, const akgl_SolidGrid *b)
{
    return a->cells == b->cells && a->cols == b->cols && a->rows == b->rows &&
           a->tile_w == b->tile_w && a->tile_h == b->tile_h && a->origin_x == b->origin_x &&
           a->origin_y == b->origin_y && a->chunk_cols == b->chunk_cols &&
           a->chunk_rows == b->chunk_rows && a->nchunks == b->nchunks && a->chunks == b->chunks;
}

static void test_set_solid_grid(void)
{
    static const uint8_t cells[6] = {0, 1, 0, 1, 0, 1};
    const akgl_SolidGrid good = {cells, 3, 2, 16.0f, 8.0f, -4.0f, 2.5f, 0, 0, 0, NULL};
    /* Chunked grids of 2x2 chunks on a 4x4 grid: (0, 0) and (2, 2). */
    const akgl_SolidGridChunk chunks_ok[] = {{0, 0, cells}, {2, 2, cells}};
    const akgl_SolidGridChunk chunks_odd[] = {{1, 0, cells}};
    const akgl_SolidGridChunk chunks_unsorted[] = {{2, 2, cells}, {0, 0, cells}};
    const akgl_SolidGridChunk chunks_twice[] = {{2, 2, cells}, {2, 2, cells}};
    const akgl_SolidGridChunk chunks_nocells[] = {{0, 0, NULL}};
    physics_begin();

    CHECK_OK(akgl_physics_set_solid_grid(&phys, &good));
    CHECK(grid_equal(&phys.grid, &good));

    /* Refusals leave the grid that was set. */
    const akgl_SolidGrid bad[] = {
        {cells, 0, 2, 16.0f, 8.0f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 0, 16.0f, 8.0f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, -3, 2, 16.0f, 8.0f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, -1, 16.0f, 8.0f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 2, 0.0f, 8.0f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 2, 16.0f, 0.5f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 2, -16.0f, 8.0f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 2, NAN, 8.0f, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 2, 16.0f, INFINITY, 0.0f, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 2, 16.0f, 8.0f, NAN, 0.0f, 0, 0, 0, NULL},
        {cells, 3, 2, 16.0f, 8.0f, 0.0f, -INFINITY, 0, 0, 0, NULL},
        /* chunked: no list, a chunk size below 1, misplaced, unsorted, twice, outside */
        {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, 1, NULL},
        {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 0, 2, 1, chunks_ok},
        {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, -1, chunks_ok},
        {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, 1, chunks_odd},
        {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, 2, chunks_unsorted},
        {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, 2, chunks_twice},
        {cells, 2, 2, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, 2, chunks_ok},
        {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, 1, chunks_nocells},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        int got = test_status_of_(akgl_physics_set_solid_grid(&phys, &bad[i]), msg);
        CHECK_MSG(got == AKERR_VALUE, "bad grid %zu: status %d (%s)", i, got, msg);
        CHECK_MSG(grid_equal(&phys.grid, &good), "bad grid %zu changed it", i);
    }
    /* A chunked grid that keeps every promise is taken, and NULL removes it. */
    const akgl_SolidGrid chunked = {cells, 4, 4, 16.0f, 8.0f, 0.0f, 0.0f, 2, 2, 2, chunks_ok};
    CHECK_OK(akgl_physics_set_solid_grid(&phys, &chunked));
    CHECK(phys.grid.nchunks == 2 && phys.grid.chunks == chunks_ok);
    CHECK_OK(akgl_physics_set_solid_grid(&phys, &good));
    akgl_SolidGrid nocells = good;
    nocells.cells = NULL;
    CHECK_STATUS(akgl_physics_set_solid_grid(&phys, &nocells), AKERR_NULLPOINTER);
    CHECK(grid_equal(&phys.grid, &good));
    CHECK_STATUS(akgl_physics_set_solid_grid(NULL, &good), AKERR_NULLPOINTER);

    /* NULL removes the tiles. */
    CHECK_OK(akgl_physics_set_solid_grid(&phys, NULL));
    CHECK(phys.grid.cells == NULL);
    CHECK_INT_EQ(phys.grid.cols, 0);
    physics_end();
}

static void test_actor_box(void)
{
    SDL_FRect box;
    physics_begin();
    akgl_Actor *a = spawn("box", 10.0f, 20.0f, 8.0f, 6.0f);
    a->hitbox.x = 2.0f;
    a->hitbox.y = -3.0f;
    CHECK_OK(akgl_physics_actor_box(a, &box));
    CHECK(box.x == 12.0f && box.y == 17.0f && box.w == 8.0f && box.h == 6.0f);
    /* No hitbox size and no character: no box. */
    a->hitbox = (SDL_FRect){0.0f, 0.0f, 8.0f, 0.0f};
    CHECK_STATUS(akgl_physics_actor_box(a, &box), AKERR_KEY);
    CHECK_STATUS(akgl_physics_actor_box(NULL, &box), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_physics_actor_box(a, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(phys.step(NULL, AKGL_PHYSICS_STEP_NS), AKERR_NULLPOINTER);
    despawn(a);
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* Trajectories                                                             */
/* ------------------------------------------------------------------------ */

/*
 * From rest, MOVING_RIGHT, acceleration a, top speed s, no gravity or drag.
 * Semi-implicit Euler: v_n = min(n a h, s), x_n = h * sum_{i<=n} v_i. While
 * accelerating that is x_n = a h^2 n (n + 1) / 2 = a t^2 / 2 + a h t / 2, so
 * it leads the continuous a t^2 / 2 by a h t / 2; once at top speed both move
 * at s and the lead stays what it was when the speed was reached. With s a
 * whole number of increments a h (here 200 = 50 * 4) the lead is exactly
 * s h / 2 = 0.4 px from then on: the test holds it to that, within rounding.
 */
static void test_constant_acceleration_to_top_speed(void)
{
    const double a = 1000.0, s = 200.0, h = (double)STEP_S;
    const int n_total = 300; /* 1.2 s: 0.2 s accelerating, 1 s at top speed */
    double v_exact = 0.0, x_exact = 0.0;
    physics_begin();
    akgl_Actor *act = spawn("runner", 0.0f, 0.0f, 8.0f, 8.0f);
    act->ax = (float)a;
    act->sx = (float)s;
    act->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_RIGHT;
    bool at_top = false;
    for (int n = 1; n <= n_total; n++) {
        step1();
        v_exact = fmin(v_exact + a * h, s);
        x_exact += v_exact * h;
        /* Propulsion never takes it past top speed, not even by rounding. */
        CHECK_MSG(act->vx <= act->sx, "step %d: vx %.9g above top speed", n, (double)act->vx);
        CHECK_MSG(fabs(act->vx - v_exact) <= float_budget(n, s), "step %d: vx %.9g, expected %.9g",
                  n, (double)act->vx, v_exact);
        CHECK_MSG(fabs(act->x - x_exact) <= float_budget(n, x_exact + s * h),
                  "step %d: x %.9g, expected %.9g", n, (double)act->x, x_exact);
        if (n >= 51) {
            /* Reached at step 50 (or 51 if rounding left it a hair short), then
             * held exactly: fminf returns the top speed itself. */
            CHECK_MSG(act->vx == act->sx, "step %d: vx %.9g, not exactly top speed", n,
                      (double)act->vx);
            at_top = true;
        }
        CHECK(act->y == 0.0f && act->vy == 0.0f);
    }
    CHECK(at_top);
    /* Against the continuous motion at t = 1.2 s: x = s^2 / 2a + s (t - s/a) = 220 px. */
    double t = n_total * h;
    double continuous = s * s / (2.0 * a) + s * (t - s / a);
    double lead = act->x - continuous;
    CHECK_MSG(fabs(lead - s * h / 2.0) <= float_budget(n_total, 220.0),
              "lead over the continuous motion %.9g px, expected s h / 2 = %.9g", lead,
              s * h / 2.0);
    despawn(act);
    physics_end();
}

static void test_top_speed_caps_propulsion_only(void)
{
    physics_begin();
    /* An increment that overshoots the top speed is cut to it exactly, in
     * both directions and on every axis. */
    akgl_Actor *a = spawn("capped", 0.0f, 0.0f, 8.0f, 8.0f);
    a->ax = a->ay = a->az = 1000.0f; /* 4 px/s per step */
    a->sx = a->sy = a->sz = 10.0f;
    for (int dir = 0; dir < 2; dir++) {
        float sign = dir ? -1.0f : 1.0f;
        a->vx = a->vy = a->vz = 0.0f;
        a->state = dir ? (AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_UP |
                          AKGL_ACTOR_STATE_MOVING_OUT)
                       : (AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_DOWN |
                          AKGL_ACTOR_STATE_MOVING_IN);
        stepn(2);
        CHECK(sign * a->vx > 7.99f && sign * a->vx < 8.01f);
        step1();
        CHECK(a->vx == sign * 10.0f && a->vy == sign * 10.0f && a->vz == sign * 10.0f);
        stepn(20);
        CHECK(a->vx == sign * 10.0f && a->vy == sign * 10.0f && a->vz == sign * 10.0f);
    }
    a->vy = a->vz = 0.0f;
    a->ay = a->az = 0.0f;

    /* Already faster than its top speed in the direction it wants: not braked. */
    a->vx = 500.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_RIGHT;
    stepn(10);
    CHECK(a->vx == 500.0f);
    a->vx = -500.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_LEFT;
    stepn(10);
    CHECK(a->vx == -500.0f);
    /* Pushing against that motion does brake it, one increment a step. */
    a->state = AKGL_ACTOR_STATE_MOVING_RIGHT;
    step1();
    CHECK(a->vx > -496.01f && a->vx < -495.99f);

    /* Gravity is not propulsion: it takes a body past its top speed. */
    phys.gravity_y = 1000.0f;
    a->vx = 0.0f;
    a->state = 0;
    a->sy = 10.0f;
    a->ay = 1000.0f;
    stepn(25);
    CHECK(a->vy > 99.9f);
    despawn(a);
    physics_end();
}

/*
 * Free fall under gravity g with drag k: v' = g - k v, so
 * v(t) = g/k (1 - e^{-kt}) with terminal velocity g/k.
 * The step is v_{n+1} = (v_n + g h) / (1 + k h) (drag taken implicitly), whose
 * fixed point is exactly g/k and whose solution is v_n = g/k (1 - q^{-n}),
 * q = 1 + k h. Against the continuous curve: ln q <= kh, so q^{-n} >= e^{-kt}
 * and the discrete body is never faster; and ln q >= kh - (kh)^2/2 gives
 * q^{-n} - e^{-kt} <= e^{-kt} (e^{kt kh/2} - 1) <= (kt kh/2) e^{-kt (1 - kh/2)},
 * so the gap in v is at most (g/k) * that, whose largest value over t is
 * g h / (2 e (1 - kh/2)): 0.72 px/s for g = 980 px/s^2, h = 4 ms.
 */
static void test_free_fall_with_drag(void)
{
    const double g = 980.0, k = 2.0, h = (double)STEP_S;
    const double terminal = g / k;
    /* The recurrence as the library evaluates it: 1 + k h rounded to float. */
    const double q = (double)(1.0f + (float)k * STEP_S);
    const double bound = g * h / (2.0 * EULER_E * (1.0 - k * h / 2.0));
    double y_exact = 0.0;
    physics_begin();
    phys.gravity_y = (float)g;
    phys.drag_y = (float)k;
    akgl_Actor *a = spawn("faller", 0.0f, 0.0f, 8.0f, 8.0f);
    const int n_total = 2500; /* 10 s = 20 time constants */
    double worst = 0.0;
    for (int n = 1; n <= n_total; n++) {
        step1();
        double vd = (g * h / (q - 1.0)) * (1.0 - pow(q, -n));
        y_exact += vd * h;
        double vc = terminal * (1.0 - exp(-k * n * h));
        /* The float recurrence contracts by 1/q each step, so its rounding
         * stays within ~1/(kh) steps' worth of budget. */
        double budget = float_budget(n < 126 ? n : 126, terminal);
        CHECK_MSG(fabs(a->vy - vd) <= budget, "step %d: vy %.9g, discrete %.9g", n,
                  (double)a->vy, vd);
        CHECK_MSG(a->vy - vc <= budget, "step %d: vy %.9g faster than continuous %.9g", n,
                  (double)a->vy, vc);
        CHECK_MSG(vc - a->vy <= bound + budget, "step %d: vy %.9g, continuous %.9g, bound %.9g",
                  n, (double)a->vy, vc, bound);
        CHECK_MSG(fabs(a->y - y_exact) <= float_budget(n, y_exact + terminal * h),
                  "step %d: y %.9g, expected %.9g", n, (double)a->y, y_exact);
        if (vc - a->vy > worst) {
            worst = vc - a->vy;
        }
        CHECK(a->vy <= terminal + budget);
    }
    /* The bound is near tight (the gap peaks at t = 1/k): a much looser
     * integration would not pass, and this one uses most of it. */
    CHECK_MSG(worst > 0.9 * (g * h / (2.0 * EULER_E)) &&
                  worst <= bound + float_budget(126, terminal),
              "largest gap %.9g px/s; bound %.9g", worst, bound);
    /* Terminal velocity: after 20 time constants e^{-20} ~ 2e-9 is left. */
    CHECK_MSG(fabs(a->vy - terminal) <= float_budget(126, terminal), "vy %.9g, terminal %.9g",
              (double)a->vy, terminal);
    CHECK(a->x == 0.0f && a->vx == 0.0f);
    despawn(a);
    physics_end();
}

/*
 * Drag alone: v_n = v0 / q^n with q = 1 + k h, on every axis. Against the
 * continuous v0 e^{-kt} the same argument as for free fall bounds the gap by
 * v0 k h / (2 e (1 - kh/2)).
 */
static void test_drag_alone(void)
{
    const double v0 = 300.0, k = 3.0, h = (double)STEP_S;
    const double q = (double)(1.0f + (float)k * STEP_S);
    const double bound = v0 * k * h / (2.0 * EULER_E * (1.0 - k * h / 2.0));
    physics_begin();
    phys.drag_x = (float)k;
    phys.drag_y = (float)k;
    phys.drag_z = (float)k;
    akgl_Actor *a = spawn("coaster", 0.0f, 0.0f, 8.0f, 8.0f);
    a->vx = (float)v0;
    a->vy = (float)-v0;
    a->vz = (float)v0;
    for (int n = 1; n <= 500; n++) {
        step1();
        double vd = v0 / pow(q, n);
        double vc = v0 * exp(-k * n * h);
        /* One division per step: half an ulp each, relative, compounding to n. */
        double budget = float_budget(n, v0);
        CHECK_MSG(fabs(a->vx - vd) <= budget, "step %d: vx %.9g, expected %.9g", n,
                  (double)a->vx, vd);
        CHECK(a->vy == -a->vx && a->vz == a->vx);
        CHECK_MSG(a->vx - vc <= bound + budget && vc - a->vx <= budget,
                  "step %d: vx %.9g, continuous %.9g", n, (double)a->vx, vc);
    }
    despawn(a);
    physics_end();
}

static void test_opposite_bits_cancel(void)
{
    physics_begin();
    akgl_Actor *a = spawn("undecided", 5.0f, 6.0f, 8.0f, 8.0f);
    a->ax = a->ay = a->az = 1000.0f;
    a->sx = a->sy = a->sz = 100.0f;
    a->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_ALL;
    stepn(50);
    CHECK(a->move_x == 0.0f && a->move_y == 0.0f && a->move_z == 0.0f);
    CHECK(a->vx == 0.0f && a->vy == 0.0f && a->vz == 0.0f);
    CHECK(a->x == 5.0f && a->y == 6.0f && a->z == 0.0f);
    /* Each bit alone gives its direction: in is +z, down is +y. */
    a->state = AKGL_ACTOR_STATE_MOVING_IN | AKGL_ACTOR_STATE_MOVING_UP;
    step1();
    CHECK(a->move_z == 1.0f && a->move_y == -1.0f && a->move_x == 0.0f);
    CHECK(a->vz > 0.0f && a->vy < 0.0f && a->vx == 0.0f);
    CHECK(a->z > 0.0f && a->y < 6.0f);
    despawn(a);
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* The fixed step                                                           */
/* ------------------------------------------------------------------------ */

static void test_accumulator_carries_remainders(void)
{
    physics_begin();
    akgl_Actor *a = spawn("clock", 0.0f, 0.0f, 8.0f, 8.0f);
    a->vx = 250.0f; /* 1 px a step */
    const uint64_t ms = AKGL_TIME_ONEMS_NS;
    CHECK_OK(phys.step(&phys, 3 * ms));
    CHECK_INT_EQ(phys.steps, 0);
    CHECK_INT_EQ(phys.accumulator_ns, 3 * ms);
    CHECK(a->x == 0.0f);
    CHECK_OK(phys.step(&phys, 3 * ms));
    CHECK_INT_EQ(phys.steps, 1);
    CHECK_INT_EQ(phys.accumulator_ns, 2 * ms);
    CHECK_OK(phys.step(&phys, 2 * ms - 1));
    CHECK_INT_EQ(phys.steps, 1);
    CHECK_OK(phys.step(&phys, 1));
    CHECK_INT_EQ(phys.steps, 2);
    CHECK_INT_EQ(phys.accumulator_ns, 0);
    CHECK_OK(phys.step(&phys, 0));
    CHECK_INT_EQ(phys.steps, 2);
    /* 4 ms in 4000 pieces of 1 us: one step, nothing lost. */
    for (int i = 0; i < 4000; i++) {
        CHECK_OK(phys.step(&phys, 1000));
    }
    CHECK_INT_EQ(phys.steps, 3);
    CHECK_INT_EQ(phys.accumulator_ns, 0);
    CHECK(fabsf(a->x - 3.0f) < 1e-5f);
    despawn(a);
    physics_end();
}

/*
 * A stall: an update whose elapsed time holds more than AKGL_PHYSICS_MAX_STEPS
 * steps runs that many and drops the rest of the whole steps; the part of a
 * step left over still carries. The world simply loses the time: a body
 * moving at v advances v * 64 * 4 ms = v * 0.256 s, however long the stall.
 */
static void test_stall_drops_excess_steps(void)
{
    const uint64_t step = AKGL_PHYSICS_STEP_NS;
    physics_begin();
    akgl_Actor *a = spawn("sleeper", 0.0f, 0.0f, 8.0f, 8.0f);
    a->vx = 250.0f;
    CHECK_OK(phys.step(&phys, 10ull * 1000 * AKGL_TIME_ONEMS_NS)); /* 10 s */
    CHECK_INT_EQ(phys.steps, AKGL_PHYSICS_MAX_STEPS);
    CHECK_INT_EQ(phys.accumulator_ns, 0);
    CHECK(fabsf(a->x - (float)AKGL_PHYSICS_MAX_STEPS) < 1e-4f);

    CHECK_OK(phys.step(&phys, (AKGL_PHYSICS_MAX_STEPS + 1) * step + 3 * AKGL_TIME_ONEMS_NS));
    CHECK_INT_EQ(phys.steps, 2 * AKGL_PHYSICS_MAX_STEPS);
    CHECK_INT_EQ(phys.accumulator_ns, 3 * AKGL_TIME_ONEMS_NS);
    /* Exactly the limit is not a stall. */
    phys.accumulator_ns = 0;
    CHECK_OK(phys.step(&phys, AKGL_PHYSICS_MAX_STEPS * step));
    CHECK_INT_EQ(phys.steps, 3 * AKGL_PHYSICS_MAX_STEPS);

    /* Through the frame loop: one frame after a 1 s pause. */
    CHECK_OK(akgl_game_update(NULL));
    CHECK_OK(akgl_time_advance(1000 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(phys.steps, 4 * AKGL_PHYSICS_MAX_STEPS);
    CHECK(fabsf(a->x - 4.0f * AKGL_PHYSICS_MAX_STEPS) < 1e-3f);
    despawn(a);
    physics_end();
}

/*
 * The same scripted game at 30, 60 and 144 updates per second of game time:
 * a body drops onto a floor, runs right with MOVING_RIGHT held for 1 s, then
 * is released and coasts to a stop under drag. Frame i happens at
 * floor(i * 1 s / fps) ns (a frame is not a whole number of ns at these
 * rates), so the three runs share the instants k/6 s, k = 1..12, and at each
 * the same number of fixed steps has run: the states there must be identical
 * to the bit, and identical to a run that calls the step once per 4 ms.
 */
#define FR_SAMPLES 12
typedef struct Sample
{
    float x, y, vx, vy;
    int touching;
    uint64_t steps;
} Sample;

static uint8_t fr_cells[4 * 64];

static void fr_setup(akgl_Actor **out)
{
    memset(fr_cells, 0, sizeof(fr_cells));
    memset(&fr_cells[3 * 64], 1, 64); /* floor: row 3, y 48..64 */
    const akgl_SolidGrid grid = {fr_cells, 64, 4, 16.0f, 16.0f, 0.0f, 0.0f, 0, 0, 0, NULL};
    physics_begin();
    phys.gravity_y = 980.0f;
    phys.drag_x = 4.0f;
    CHECK_OK(akgl_physics_set_solid_grid(&phys, &grid));
    akgl_Actor *a = spawn("scripted", 3.25f, 0.0f, 10.0f, 14.0f);
    a->ax = 1500.0f;
    a->sx = 180.0f;
    a->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_RIGHT;
    *out = a;
}

static void fr_sample(const akgl_Actor *a, Sample *s)
{
    *s = (Sample){a->x, a->y, a->vx, a->vy, a->touching, phys.steps};
}

/* Bit for bit: memcmp per float (so -0 and +0 would differ), never on the
 * struct, whose padding is indeterminate. */
static bool same_sample(const Sample *a, const Sample *b)
{
    return memcmp(&a->x, &b->x, sizeof(float)) == 0 && memcmp(&a->y, &b->y, sizeof(float)) == 0 &&
           memcmp(&a->vx, &b->vx, sizeof(float)) == 0 &&
           memcmp(&a->vy, &b->vy, sizeof(float)) == 0 && a->touching == b->touching &&
           a->steps == b->steps;
}

static void run_at_rate(int fps, Sample out[FR_SAMPLES])
{
    akgl_Actor *a = NULL;
    fr_setup(&a);
    uint64_t prev = 0;
    for (int i = 1; i <= 2 * fps; i++) {
        uint64_t t = (uint64_t)i * 1000000000ull / (uint64_t)fps;
        CHECK_OK(akgl_time_advance(t - prev));
        prev = t;
        CHECK_OK(akgl_game_update(NULL));
        if (i == fps) {
            a->state &= ~AKGL_ACTOR_STATE_MOVING_RIGHT; /* released at t = 1 s */
        }
        if ((i * 6) % fps == 0) {
            fr_sample(a, &out[(i * 6) / fps - 1]);
        }
    }
    despawn(a);
    physics_end();
}

static void test_frame_rate_independence(void)
{
    static const int rates[] = {30, 60, 144};
    Sample runs[3][FR_SAMPLES];
    Sample ref[FR_SAMPLES];
    memset(runs, 0, sizeof(runs));
    for (int r = 0; r < 3; r++) {
        run_at_rate(rates[r], runs[r]);
    }

    /* The reference: one call per fixed step, input changed after step 250. */
    akgl_Actor *a = NULL;
    fr_setup(&a);
    for (int n = 1; n <= 500; n++) {
        step1();
        if (n == 250) {
            a->state &= ~AKGL_ACTOR_STATE_MOVING_RIGHT;
        }
        /* k/6 s = floor(k * 1e9 / 6) ns holds floor(k * 125 / 3) whole steps. */
        for (int k = 1; k <= FR_SAMPLES; k++) {
            if ((k * 125) / 3 == n) {
                fr_sample(a, &ref[k - 1]);
            }
        }
    }
    despawn(a);
    physics_end();

    for (int k = 0; k < FR_SAMPLES; k++) {
        CHECK_INT_EQ(ref[k].steps, ((k + 1) * 125) / 3);
        for (int r = 0; r < 3; r++) {
            const Sample *s = &runs[r][k];
            CHECK_MSG(same_sample(s, &ref[k]),
                      "%d fps at %d/6 s: (%.9g, %.9g) v (%.9g, %.9g) after %llu steps; "
                      "reference (%.9g, %.9g) v (%.9g, %.9g) after %llu", rates[r], k + 1,
                      (double)s->x, (double)s->y, (double)s->vx, (double)s->vy,
                      (unsigned long long)s->steps, (double)ref[k].x, (double)ref[k].y,
                      (double)ref[k].vx, (double)ref[k].vy, (unsigned long long)ref[k].steps);
        }
    }
    /* Not vacuous: it landed (floor top 48, box 14 high), ran, and was slowing after release. */
    CHECK_MSG(ref[2].y == 34.0f && (ref[2].touching & AKGL_PHYSICS_TOUCH_BOTTOM),
              "at 0.5 s: y %.9g, touching %d", (double)ref[2].y, ref[2].touching);
    CHECK(ref[5].x > ref[2].x + 50.0f);
    CHECK(ref[5].vx > 170.0f);
    CHECK(ref[11].vx < ref[7].vx && ref[11].vx < 10.0f && ref[11].x > ref[5].x);
}

/* ------------------------------------------------------------------------ */
/* In the frame loop                                                        */
/* ------------------------------------------------------------------------ */

static uint64_t seen_steps;
static float seen_x;

static akerr_ErrorContext *record_update(akgl_Actor *obj)
{
    seen_steps = game.physics != NULL ? game.physics->steps : 0;
    seen_x = obj->x;
    return NULL;
}

static void test_game_update_without_physics_moves_nothing(void)
{
    physics_begin();
    game.physics = NULL;
    akgl_Actor *a = spawn("still", 1.0f, 2.0f, 8.0f, 8.0f);
    a->vx = 100.0f;
    a->ax = 1000.0f;
    a->sx = 100.0f;
    a->state = AKGL_ACTOR_STATE_MOVING_RIGHT;
    for (int i = 0; i < 10; i++) {
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK(a->x == 1.0f && a->y == 2.0f && a->vx == 100.0f);
    CHECK_INT_EQ(phys.steps, 0);
    /* A bound backend without a step function is skipped too. */
    game.physics = &phys;
    phys.step = NULL;
    CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK(a->x == 1.0f);
    despawn(a);
    physics_end();
}

static void test_game_update_steps_before_actors(void)
{
    physics_begin();
    akgl_Actor *a = spawn("observer", 0.0f, 0.0f, 8.0f, 8.0f);
    a->vx = 250.0f;
    a->updatefunc = record_update;
    /* The first update after binding has 0 elapsed: no step. */
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(seen_steps, 0);
    CHECK_OK(akgl_time_advance(20 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    /* The actor's update saw this frame's five steps already run. */
    CHECK_INT_EQ(seen_steps, 5);
    CHECK(seen_x == a->x && fabsf(a->x - 5.0f) < 1e-5f);
    despawn(a);
    physics_end();
}

/* A movement hook that counts its calls in the int its actor's userdata points at. */
static akerr_ErrorContext *counting_move(akgl_Actor *obj)
{
    (*(int *)obj->userdata)++;
    return akgl_actor_move_by_state(obj);
}

static int late_moves;
static akgl_Actor *late;

/* The first overlap reported spawns an actor with the counting hook. */
static akerr_ErrorContext *spawn_on_overlap(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                            void *userdata)
{
    (void)p;
    (void)a;
    (void)b;
    (void)userdata;
    if (late == NULL) {
        late = spawn("late", 100.0f, 100.0f, 8.0f, 8.0f);
        if (late != NULL) {
            late->userdata = &late_moves;
            late->movementlogicfunc = counting_move;
        }
    }
    return NULL;
}

/*
 * The movement hook runs once per akgl_game_update (changed in 9/12: with
 * physics it ran twice, for the step's intent and again in the actor's
 * update): by the step for a movable actor, by the update pass for an
 * immovable one, for one spawned during the overlap report, for any actor
 * in an update that ran no step, and for every actor without physics.
 * akgl_actor_update called directly still runs it.
 */
static void test_movement_hook_runs_once_per_update(void)
{
    int moving = 0, fixed = 0;
    physics_begin();
    late = NULL;
    late_moves = 0;
    akgl_Actor *m = spawn("mover", 0.0f, 0.0f, 8.0f, 8.0f);
    akgl_Actor *im = spawn("wall", 0.0f, 0.0f, 8.0f, 8.0f);
    m->userdata = &moving;
    m->movementlogicfunc = counting_move;
    m->ax = 1000.0f;
    m->sx = 10.0f;
    m->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_RIGHT;
    im->userdata = &fixed;
    im->movementlogicfunc = counting_move;
    im->immovable = true;
    phys.on_overlap = spawn_on_overlap;
    CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(phys.steps, 4);
    CHECK(late != NULL);
    CHECK_INT_EQ(moving, 1);
    CHECK_INT_EQ(fixed, 1);
    CHECK_INT_EQ(late_moves, 1); /* spawned after the steps: its update ran it */
    CHECK(m->x > 0.0f && m->move_x == 1.0f);
    /* The next update runs it once for every one of them, the spawned one
     * now by the step. */
    CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(moving, 2);
    CHECK_INT_EQ(fixed, 2);
    CHECK_INT_EQ(late_moves, 2);
    /* An update too short for a step: the update pass runs it. */
    CHECK_OK(akgl_time_advance(AKGL_PHYSICS_STEP_NS / 2));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(phys.steps, 8);
    CHECK_INT_EQ(moving, 3);
    CHECK_INT_EQ(fixed, 3);
    CHECK_INT_EQ(late_moves, 3);
    /* A hook the step ran is not run again by the update pass, whatever
     * the state: the intent the step used stays until the next step. */
    CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(moving, 4);
    /* Called directly, akgl_actor_update runs face, movement and frame. */
    CHECK_OK(akgl_actor_update(m));
    CHECK_INT_EQ(moving, 5);
    /* Without physics, the update pass runs it, once per update. */
    game.physics = NULL;
    for (int i = 0; i < 3; i++) {
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK_INT_EQ(moving, 8);
    CHECK_INT_EQ(fixed, 7);
    CHECK_INT_EQ(late_moves, 7);
    phys.on_overlap = NULL;
    despawn(late);
    late = NULL;
    despawn(im);
    despawn(m);
    physics_end();
}

/*
 * The update stamp is 32 bits (it keeps akgl_Actor 4 bytes shorter) and
 * never 0, which is "no update": across its wrap the movement hook still
 * runs once per update, by the step.
 */
static void test_update_stamp_wraps_past_zero(void)
{
    int moving = 0;
    physics_begin();
    akgl_Actor *m = spawn("mover", 0.0f, 0.0f, 8.0f, 8.0f);
    m->userdata = &moving;
    m->movementlogicfunc = counting_move;
    akgl_time_update_serial = UINT32_MAX - 1;
    for (int i = 0; i < 3; i++) {
        CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
        CHECK_OK(akgl_game_update(NULL));
        CHECK(akgl_time_update_serial != 0);
        CHECK(m->intent_update == akgl_time_update_serial); /* the step ran it */
        CHECK_INT_EQ(moving, i + 1);
    }
    CHECK(akgl_time_update_serial == 2); /* UINT32_MAX, then 1 (not 0), then 2 */
    /* Without physics the update pass runs it: the stamp is an earlier
     * update's. */
    game.physics = NULL;
    CHECK_OK(akgl_time_advance(16 * AKGL_TIME_ONEMS_NS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(moving, 4);
    despawn(m);
    physics_end();
}

/*
 * The step's arithmetic for a body with no tiles, spelt out from docs/14 as
 * a reference: the library may skip work (an axis whose velocity no step
 * changes, the z axis at rest) only where the result is the same to the bit.
 */
typedef struct RefBody
{
    float x, y, z, vx, vy, vz;
} RefBody;

static float ref_propel(float v, float intent, float accel, float top, float h)
{
    if (intent > 0.0f && v < top) {
        v = fminf(v + accel * h, top);
    } else if (intent < 0.0f && v > -top) {
        v = fmaxf(v - accel * h, -top);
    }
    return v;
}

static float ref_axis(float v, float intent, float accel, float top, float g, float k, float h)
{
    v = ref_propel(v, intent, accel, top, h) + g * h;
    return k == 0.0f ? v : v / (1.0f + k * h);
}

static void ref_step(RefBody *b, const akgl_Actor *a, const akgl_Physics *p, float h)
{
    b->vx = ref_axis(b->vx, a->move_x, a->ax, a->sx, p->gravity_x, p->drag_x, h);
    b->vy = ref_axis(b->vy, a->move_y, a->ay, a->sy, p->gravity_y, p->drag_y, h);
    b->vz = ref_axis(b->vz, a->move_z, a->az, a->sz, p->gravity_z, p->drag_z, h);
    b->z += b->vz * h;
    b->x += b->vx * h;
    b->y += b->vy * h;
}

static bool same_bits(float a, float b)
{
    return memcmp(&a, &b, sizeof(a)) == 0;
}

static void test_steps_match_the_reference_to_the_bit(void)
{
    static const float speeds[] = {90.0f, -90.0f, 0.0f, -0.0f, 45.0f, 1e-30f, 250.0f, INFINITY,
                                   NAN};
    static const float gravities[] = {0.0f, -0.0f, 1e-12f, 980.0f};
    static const float drags[] = {0.0f, 0.5f};
    static const float accels[] = {1.0e9f, 100.0f};
    /* The last two push on x and y only, with z at rest: the glide's test
     * (physics.c glides) then decides on x and y alone. */
    static const int pushes[] = {0, AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_DOWN,
                                 AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_UP |
                                     AKGL_ACTOR_STATE_MOVING_IN,
                                 AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_DOWN,
                                 AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_UP};
    /* Updates of 4 steps, 1 step, a stall (64) and 3 steps. */
    static const uint64_t frames[] = {16 * AKGL_TIME_ONEMS_NS, AKGL_PHYSICS_STEP_NS,
                                      300 * AKGL_TIME_ONEMS_NS, 12 * AKGL_TIME_ONEMS_NS};
    const float h = STEP_S;
    int cases = 0, mismatches = 0;
    physics_begin();
    akgl_Actor *a = spawn("reference", 3.25f, -7.5f, 8.0f, 8.0f);
    for (size_t v = 0; v < SDL_arraysize(speeds); v++) {
        for (size_t g = 0; g < SDL_arraysize(gravities); g++) {
            for (size_t k = 0; k < SDL_arraysize(drags); k++) {
                for (size_t ac = 0; ac < SDL_arraysize(accels); ac++) {
                    for (size_t m = 0; m < SDL_arraysize(pushes); m++) {
                        phys.gravity_x = gravities[g];
                        phys.gravity_y = gravities[(g + 1) % SDL_arraysize(gravities)];
                        phys.gravity_z = g == 3 ? 0.0f : gravities[g];
                        phys.drag_x = phys.drag_y = drags[k];
                        phys.drag_z = drags[(k + 1) % 2];
                        a->x = 3.25f;
                        a->y = -7.5f;
                        a->z = (m == 1) ? -0.0f : 2.0f;
                        a->vx = speeds[v];
                        a->vy = -speeds[v];
                        a->vz = (m == 2) ? speeds[v] : 0.0f;
                        a->ax = a->ay = a->az = accels[ac];
                        a->sx = a->sy = a->sz = 90.0f;
                        a->state = AKGL_ACTOR_STATE_ALIVE | pushes[m];
                        RefBody b = {a->x, a->y, a->z, a->vx, a->vy, a->vz};
                        for (size_t f = 0; f < SDL_arraysize(frames); f++) {
                            uint64_t before = phys.steps;
                            CHECK_OK(phys.step(&phys, frames[f]));
                            for (uint64_t n = before; n < phys.steps; n++) {
                                ref_step(&b, a, &phys, h);
                            }
                            bool same = same_bits(a->x, b.x) && same_bits(a->y, b.y) &&
                                        same_bits(a->z, b.z) && same_bits(a->vx, b.vx) &&
                                        same_bits(a->vy, b.vy) && same_bits(a->vz, b.vz);
                            if (!same && mismatches++ < 5) {
                                CHECK_MSG(same, "v %g g %g k %g a %g push %zu frame %zu: "
                                          "(%a %a %a) v (%a %a %a), expected (%a %a %a) v "
                                          "(%a %a %a)", (double)speeds[v],
                                          (double)gravities[g], (double)drags[k],
                                          (double)accels[ac], m, f, (double)a->x,
                                          (double)a->y, (double)a->z, (double)a->vx,
                                          (double)a->vy, (double)a->vz, (double)b.x,
                                          (double)b.y, (double)b.z, (double)b.vx,
                                          (double)b.vy, (double)b.vz);
                            }
                            CHECK(a->touching == 0);
                            cases++;
                        }
                    }
                }
            }
        }
    }
    CHECK_INT_EQ(mismatches, 0);
    CHECK_INT_EQ(cases, 9 * 4 * 2 * 2 * 5 * 4);
    despawn(a);
    physics_end();
}

/* The intent a movement hook of the game's may set: any float. */
static float hook_intent_x, hook_intent_y;

static akerr_ErrorContext *odd_intent(akgl_Actor *a)
{
    a->move_x = hook_intent_x;
    a->move_y = hook_intent_y;
    a->move_z = 0.0f;
    return NULL;
}

/*
 * The glide's test reads the intent as propel does: pushing only when it is
 * above or below 0 (not +-0, not NaN) and the speed is short of the top in
 * that direction. Intents a game's hook may set, against speeds at, beyond
 * and short of the top either way, with no drag and no gravity (so that
 * every actor could glide), must give the reference's trajectory, bit for
 * bit.
 */
static void test_any_intent_matches_the_reference(void)
{
    static const float intents[] = {1.0f, -1.0f, 0.0f, -0.0f, 0.5f, -0.5f, 1e-45f, -1e-45f,
                                    INFINITY, -INFINITY, NAN, -NAN};
    static const float speeds[] = {90.0f, -90.0f, 89.0f, -89.0f, 120.0f, -120.0f, 0.0f, -0.0f,
                                   INFINITY, -INFINITY, NAN};
    const float h = STEP_S;
    int cases = 0, mismatches = 0;
    physics_begin();
    akgl_Actor *a = spawn("intent", 0.0f, 0.0f, 8.0f, 8.0f);
    a->movementlogicfunc = odd_intent;
    for (size_t ix = 0; ix < SDL_arraysize(intents); ix++) {
        for (size_t iy = 0; iy < SDL_arraysize(intents); iy++) {
            for (size_t v = 0; v < SDL_arraysize(speeds); v++) {
                hook_intent_x = intents[ix];
                hook_intent_y = intents[iy];
                a->x = 3.25f;
                a->y = -7.5f;
                a->z = 2.0f;
                a->vx = speeds[v];
                a->vy = speeds[(v + 3) % SDL_arraysize(speeds)];
                a->vz = 0.0f;
                a->ax = a->ay = a->az = 100.0f;
                a->sx = a->sy = a->sz = 90.0f;
                RefBody b = {a->x, a->y, a->z, a->vx, a->vy, a->vz};
                uint64_t before = phys.steps;
                CHECK_OK(phys.step(&phys, 16 * AKGL_TIME_ONEMS_NS));
                for (uint64_t n = before; n < phys.steps; n++) {
                    ref_step(&b, a, &phys, h);
                }
                bool same = same_bits(a->x, b.x) && same_bits(a->y, b.y) &&
                            same_bits(a->vx, b.vx) && same_bits(a->vy, b.vy);
                if (!same && mismatches++ < 5) {
                    CHECK_MSG(same, "intent (%g, %g) v (%g, %g): (%a %a) v (%a %a), expected "
                              "(%a %a) v (%a %a)", (double)intents[ix], (double)intents[iy],
                              (double)speeds[v], (double)speeds[(v + 3) % SDL_arraysize(speeds)],
                              (double)a->x, (double)a->y, (double)a->vx, (double)a->vy,
                              (double)b.x, (double)b.y, (double)b.vx, (double)b.vy);
                }
                cases++;
            }
        }
    }
    CHECK_INT_EQ(mismatches, 0);
    CHECK_INT_EQ(cases, 12 * 12 * 11);
    despawn(a);
    physics_end();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_init_defaults_are_zero);
    RUN_TEST(test_init_reads_each_property);
    RUN_TEST(test_init_refuses_non_numbers);
    RUN_TEST(test_init_refuses_negative_drag);
    RUN_TEST(test_init_null_and_no_registry);
    RUN_TEST(test_set_solid_grid);
    RUN_TEST(test_actor_box);
    RUN_TEST(test_constant_acceleration_to_top_speed);
    RUN_TEST(test_top_speed_caps_propulsion_only);
    RUN_TEST(test_free_fall_with_drag);
    RUN_TEST(test_drag_alone);
    RUN_TEST(test_opposite_bits_cancel);
    RUN_TEST(test_accumulator_carries_remainders);
    RUN_TEST(test_stall_drops_excess_steps);
    RUN_TEST(test_frame_rate_independence);
    RUN_TEST(test_game_update_without_physics_moves_nothing);
    RUN_TEST(test_game_update_steps_before_actors);
    RUN_TEST(test_movement_hook_runs_once_per_update);
    RUN_TEST(test_update_stamp_wraps_past_zero);
    RUN_TEST(test_steps_match_the_reference_to_the_bit);
    RUN_TEST(test_any_intent_matches_the_reference);
    return AKGL_TEST_END();
}
