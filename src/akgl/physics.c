/*
 * Arcade physics: fixed steps, intent-driven acceleration capped at top
 * speed, gravity, drag, swept tile collision per axis, actor overlaps.
 *
 * The step is a whole number of nanoseconds and the accumulator counts
 * nanoseconds, so how an interval is cut into frames never changes how many
 * steps run: the trajectory depends on game time alone.
 */
#include <akgl/physics.h>

#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akstdlib.h>

#include <math.h>
#include <string.h>

/* Slack for float positions that should sit exactly on a tile edge. */
#define EDGE_EPSILON 1e-3f

static const float STEP_SECONDS = (float)AKGL_PHYSICS_STEP_NS / 1e9f;

/* ------------------------------------------------------------------------ */
/* Set-up                                                                   */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *read_float_property(const char *key, float *dest)
{
    double d = 0.0;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_get_property_number(key, &d, "0"));
    *dest = (float)d;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *arcade_step(akgl_Physics *p, uint64_t elapsed_ns);

akerr_ErrorContext *akgl_physics_init_arcade(akgl_Physics *p)
{
    akgl_Physics fresh;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, p, AKERR_NULLPOINTER, "akgl_physics_init_arcade: NULL physics");
    /* Read everything into a scratch struct: a bad property changes nothing. */
    memset(&fresh, 0, sizeof(fresh));
    PASS(errctx, read_float_property("physics.gravity.x", &fresh.gravity_x));
    PASS(errctx, read_float_property("physics.gravity.y", &fresh.gravity_y));
    PASS(errctx, read_float_property("physics.gravity.z", &fresh.gravity_z));
    PASS(errctx, read_float_property("physics.drag.x", &fresh.drag_x));
    PASS(errctx, read_float_property("physics.drag.y", &fresh.drag_y));
    PASS(errctx, read_float_property("physics.drag.z", &fresh.drag_z));
    if (fresh.drag_x < 0.0f || fresh.drag_y < 0.0f || fresh.drag_z < 0.0f) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_init_arcade: drag (%g, %g, %g) must not "
                    "be negative", (double)fresh.drag_x, (double)fresh.drag_y,
                    (double)fresh.drag_z);
    }
    fresh.step = arcade_step;
    *p = fresh;
    game.physics = p;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_physics_set_solid_grid(akgl_Physics *p, const akgl_SolidGrid *grid)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, p, AKERR_NULLPOINTER, "akgl_physics_set_solid_grid: NULL physics");
    if (grid == NULL) {
        memset(&p->grid, 0, sizeof(p->grid));
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, grid->cells, AKERR_NULLPOINTER,
                     "akgl_physics_set_solid_grid: NULL cells");
    if (grid->cols < 1 || grid->rows < 1 || !(grid->tile_w >= 1.0f) || !(grid->tile_h >= 1.0f)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_set_solid_grid: a grid of %dx%d cells of "
                    "%gx%g px; each must be at least 1", grid->cols, grid->rows,
                    (double)grid->tile_w, (double)grid->tile_h);
    }
    p->grid = *grid;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_physics_actor_box(akgl_Actor *actor, SDL_FRect *dest)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, actor, AKERR_NULLPOINTER, "akgl_physics_actor_box: NULL actor");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_physics_actor_box: NULL destination");
    if (actor->hitbox.w > 0.0f && actor->hitbox.h > 0.0f) {
        *dest = (SDL_FRect){actor->x + actor->hitbox.x, actor->y + actor->hitbox.y,
                            actor->hitbox.w, actor->hitbox.h};
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akgl_actor_current_sprite(actor, &sprite));
    *dest = (SDL_FRect){actor->x, actor->y, (float)sprite->width, (float)sprite->height};
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Swept movement against the grid                                          */
/* ------------------------------------------------------------------------ */

static bool solid(const akgl_SolidGrid *g, int col, int row)
{
    if (col < 0 || row < 0 || col >= g->cols || row >= g->rows) {
        return false; /* off the map is open */
    }
    return g->cells[(size_t)row * (size_t)g->cols + (size_t)col] != 0;
}

/* Cells a span [lo, hi) strictly overlaps along one axis: a box whose edge
 * lies exactly on a cell boundary does not reach into the next cell. */
static void span_cells(float lo, float hi, float origin, float size, int *first, int *last)
{
    *first = (int)floorf((lo - origin) / size + EDGE_EPSILON);
    *last = (int)ceilf((hi - origin) / size - EDGE_EPSILON) - 1;
}

/*
 * Moves a box along one axis by `delta`, stopping at the first solid cell
 * its leading edge would enter. `pos`/`size` are the moving axis; `across_lo`
 * and `across_hi` the box's extent on the other axis. Returns the distance
 * actually moved; *blocked says whether a cell stopped it.
 */
static float sweep(const akgl_SolidGrid *g, bool along_x, float pos, float size, float across_lo,
                   float across_hi, float delta, bool *blocked)
{
    float origin = along_x ? g->origin_x : g->origin_y;
    float cell = along_x ? g->tile_w : g->tile_h;
    float across_origin = along_x ? g->origin_y : g->origin_x;
    float across_cell = along_x ? g->tile_h : g->tile_w;
    int a0 = 0, a1 = 0;

    *blocked = false;
    span_cells(across_lo, across_hi, across_origin, across_cell, &a0, &a1);
    if (delta > 0.0f) {
        float edge = pos + size;
        int from = (int)floorf((edge - origin) / cell + EDGE_EPSILON);
        int to = (int)ceilf((edge + delta - origin) / cell - EDGE_EPSILON) - 1;
        for (int c = from; c <= to; c++) {
            for (int a = a0; a <= a1; a++) {
                if (along_x ? solid(g, c, a) : solid(g, a, c)) {
                    *blocked = true;
                    float stop = origin + (float)c * cell - size;
                    return stop > pos ? stop - pos : 0.0f;
                }
            }
        }
    } else if (delta < 0.0f) {
        int from = (int)ceilf((pos - origin) / cell - EDGE_EPSILON) - 1;
        int to = (int)floorf((pos + delta - origin) / cell + EDGE_EPSILON);
        for (int c = from; c >= to; c--) {
            for (int a = a0; a <= a1; a++) {
                if (along_x ? solid(g, c, a) : solid(g, a, c)) {
                    *blocked = true;
                    float stop = origin + (float)(c + 1) * cell;
                    return stop < pos ? stop - pos : 0.0f;
                }
            }
        }
    }
    return delta;
}

/* ------------------------------------------------------------------------ */
/* One fixed step                                                           */
/* ------------------------------------------------------------------------ */

/* Self-propulsion: accelerate toward the intent up to top speed, never
 * beyond it, and never brake something already moving faster. */
static float propel(float v, float intent, float accel, float top, float h)
{
    if (intent > 0.0f && v < top) {
        v = fminf(v + accel * h, top);
    } else if (intent < 0.0f && v > -top) {
        v = fmaxf(v - accel * h, -top);
    }
    return v;
}

/* Drag as v' = -k v, integrated implicitly: stable for any k and step. */
static float dragged(float v, float k, float h)
{
    return v / (1.0f + k * h);
}

static akerr_ErrorContext *step_actor(akgl_Physics *p, akgl_Actor *a, float h)
{
    SDL_FRect box;
    PREPARE_ERROR(errctx);

    if (a->movementlogicfunc != NULL) {
        PASS(errctx, a->movementlogicfunc(a));
    }
    a->vx = dragged(propel(a->vx, a->move_x, a->ax, a->sx, h) + p->gravity_x * h, p->drag_x, h);
    a->vy = dragged(propel(a->vy, a->move_y, a->ay, a->sy, h) + p->gravity_y * h, p->drag_y, h);
    a->vz = dragged(propel(a->vz, a->move_z, a->az, a->sz, h) + p->gravity_z * h, p->drag_z, h);
    a->touching = 0;
    a->z += a->vz * h;

    akerr_ErrorContext *nobox = akgl_physics_actor_box(a, &box);
    if (nobox != NULL || p->grid.cells == NULL) {
        /* No box (no hitbox, no sprite) or no tiles: nothing to collide with. */
        if (nobox != NULL && nobox->status != AKERR_KEY) {
            return akerr_trace_append(nobox, __FILE__, __func__, __LINE__);
        }
        RELEASE_ERROR(nobox);
        a->x += a->vx * h;
        a->y += a->vy * h;
        SUCCEED_RETURN(errctx);
    }
    bool blocked = false;
    float dx = sweep(&p->grid, true, box.x, box.w, box.y, box.y + box.h, a->vx * h, &blocked);
    a->x += dx;
    box.x += dx;
    if (blocked) {
        a->touching |= (a->vx > 0.0f) ? AKGL_PHYSICS_TOUCH_RIGHT : AKGL_PHYSICS_TOUCH_LEFT;
        a->vx = 0.0f;
    }
    float dy = sweep(&p->grid, false, box.y, box.h, box.x, box.x + box.w, a->vy * h, &blocked);
    a->y += dy;
    if (blocked) {
        a->touching |= (a->vy > 0.0f) ? AKGL_PHYSICS_TOUCH_BOTTOM : AKGL_PHYSICS_TOUCH_TOP;
        a->vy = 0.0f;
    }
    SUCCEED_RETURN(errctx);
}

static bool simulated(const akgl_Actor *a)
{
    return a->refcount > 0 && a->name[0] != '\0' && !a->immovable;
}

static akerr_ErrorContext *report_overlaps(akgl_Physics *p)
{
    SDL_FRect boxes[AKGL_MAX_HEAP_ACTOR];
    akgl_Actor *actors[AKGL_MAX_HEAP_ACTOR];
    int n = 0;
    PREPARE_ERROR(errctx);

    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        akgl_Actor *a = &akgl_heap_actors[i];
        if (a->refcount <= 0 || a->name[0] == '\0') {
            continue;
        }
        akerr_ErrorContext *e = akgl_physics_actor_box(a, &boxes[n]);
        if (e != NULL) {
            RELEASE_ERROR(e); /* no box: it cannot overlap anything */
            continue;
        }
        actors[n++] = a;
    }
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            if (SDL_HasRectIntersectionFloat(&boxes[i], &boxes[j])) {
                PASS(errctx, p->on_overlap(p, actors[i], actors[j], p->overlap_userdata));
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *arcade_step(akgl_Physics *p, uint64_t elapsed_ns)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, p, AKERR_NULLPOINTER, "physics step: NULL physics");
    p->accumulator_ns += elapsed_ns;
    uint64_t steps = p->accumulator_ns / AKGL_PHYSICS_STEP_NS;
    p->accumulator_ns %= AKGL_PHYSICS_STEP_NS;
    if (steps > AKGL_PHYSICS_MAX_STEPS) {
        steps = AKGL_PHYSICS_MAX_STEPS; /* a stall: drop the time rather than catch up */
    }
    for (uint64_t s = 0; s < steps; s++) {
        for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
            akgl_Actor *a = &akgl_heap_actors[i];
            if (simulated(a)) {
                PASS(errctx, step_actor(p, a, STEP_SECONDS));
            }
        }
        p->steps++;
    }
    if (p->on_overlap != NULL && steps > 0) {
        PASS(errctx, report_overlaps(p));
    }
    SUCCEED_RETURN(errctx);
}
