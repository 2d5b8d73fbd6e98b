/*
 * Arcade physics: fixed steps, intent-driven acceleration capped at top
 * speed, gravity, drag, swept tile collision per axis, actor overlaps.
 *
 * The step is a whole number of nanoseconds and the accumulator counts
 * nanoseconds, so how an interval is cut into frames never changes how many
 * steps run: the trajectory depends on game time alone.
 */
#include <akgl/physics.h>

#include <akgl/game_object.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akstdlib.h>

#include "time_private.h"
#include "heap_pool.h"
#include "actor_private.h"
#include "object.h"
#include "physics_private.h"
#include "tilemap_private.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Slack, in cells, for float positions that should sit exactly on a tile edge. */
#define EDGE_EPSILON 1e-3f

static const float STEP_SECONDS = (float)AKGL_PHYSICS_STEP_NS / 1e9f;

/* Slack, in px, for a box that should sit exactly on a platform's top. */
#define PLATFORM_SLACK 1e-2f

/* Whether two boxes share some of their x extent. */
static inline bool overlaps_x(const SDL_FRect *box, const SDL_FRect *r)
{
    return box->x < r->x + r->w && box->x + box->w > r->x;
}

/* ------------------------------------------------------------------------ */
/* Set-up                                                                   */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *read_float_property(const char *key, float *dest)
{
    double d = 0.0;
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, akgl_get_property_number(key, &d, "0"));
        /* A double beyond FLT_MAX becomes an infinite float (and converting
         * it is undefined): as bad as inf or nan, which make every position
         * inf/NaN. */
        FAIL_NONZERO_BREAK(errctx, fabs(d) > (double)FLT_MAX, AKERR_OUTOFBOUNDS,
                           "property %s is %g; it must fit a float (at most %g in size)", key, d,
                           (double)FLT_MAX);
    } CLEANUP {
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    *dest = (float)d;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *arcade_step(akgl_Physics *p, uint64_t elapsed_ns);
static SDL_FRect platform_box_at(const akgl_Platform *pl, uint64_t n);

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
    /* Name the property: the game fixes a key, not a vector. */
    const float drags[3] = {fresh.drag_x, fresh.drag_y, fresh.drag_z};
    static const char *const drag_keys[3] = {"physics.drag.x", "physics.drag.y", "physics.drag.z"};
    for (int i = 0; i < 3; i++) {
        if (drags[i] < 0.0f) {
            FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_init_arcade: property %s is %g; drag "
                        "must not be negative", drag_keys[i], (double)drags[i]);
        }
    }
    fresh.step = arcade_step;
    *p = fresh;
    game.physics = p;
    SUCCEED_RETURN(errctx);
}

/*
 * A chunked grid's promises, checked once here so that the lookup in every
 * step can rely on them: a chunk size of at least 1, a list sorted by row
 * then col with no two chunks at one place, each on a multiple of the chunk
 * size, inside cols x rows, with cells. O(nchunks), when the grid is set.
 */
static akerr_ErrorContext *check_chunks(const akgl_SolidGrid *grid)
{
    PREPARE_ERROR(errctx);
    if (grid->nchunks == 0) {
        SUCCEED_RETURN(errctx);
    }
    if (grid->nchunks < 0 || grid->chunks == NULL || grid->chunk_cols < 1 ||
        grid->chunk_rows < 1) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_set_solid_grid: %d chunks (%s) of %dx%d "
                    "cells; a chunked grid needs a chunk list and chunks of at least 1x1",
                    grid->nchunks, grid->chunks ? "listed" : "no list", grid->chunk_cols,
                    grid->chunk_rows);
    }
    for (int i = 0; i < grid->nchunks; i++) {
        const akgl_SolidGridChunk *c = &grid->chunks[i];
        const akgl_SolidGridChunk *prev = i > 0 ? &grid->chunks[i - 1] : NULL;
        bool ordered = prev == NULL || prev->row < c->row ||
                       (prev->row == c->row && prev->col < c->col);
        if (c->cells == NULL || c->col < 0 || c->row < 0 || c->col % grid->chunk_cols != 0 ||
            c->row % grid->chunk_rows != 0 || c->col >= grid->cols || c->row >= grid->rows ||
            !ordered) {
            FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_set_solid_grid: chunk %d at (%d, %d) "
                        "of a %dx%d grid in chunks of %dx%d: each must have cells, lie inside "
                        "the grid on a multiple of the chunk size, and follow the one before "
                        "it by row, then col", i, c->col, c->row, grid->cols, grid->rows,
                        grid->chunk_cols, grid->chunk_rows);
        }
    }
    SUCCEED_RETURN(errctx);
}


/* Whether any of the n cells is a slope. */
static bool cells_have_slopes(const uint8_t *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (cells[i] >= AKGL_CELL_SLOPE_BASE && cells[i] <= AKGL_CELL_SLOPE_LAST) {
            return true;
        }
    }
    return false;
}

/* Whether the grid holds a slope cell: the step's slope passes run only
 * then. Once, when the grid is set. */
static bool grid_has_slopes(const akgl_SolidGrid *grid)
{
    if (grid->nchunks == 0) {
        return cells_have_slopes(grid->cells, (size_t)grid->cols * (size_t)grid->rows);
    }
    size_t per = (size_t)grid->chunk_cols * (size_t)grid->chunk_rows;
    for (int i = 0; i < grid->nchunks; i++) {
        if (cells_have_slopes(grid->chunks[i].cells, per)) {
            return true;
        }
    }
    return false;
}

akerr_ErrorContext *akgl_physics_set_solid_grid(akgl_Physics *p, const akgl_SolidGrid *grid)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, p, AKERR_NULLPOINTER, "akgl_physics_set_solid_grid: NULL physics");
    if (grid == NULL) {
        memset(&p->grid, 0, sizeof(p->grid));
        p->grid_slopes = false;
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, grid->cells, AKERR_NULLPOINTER,
                     "akgl_physics_set_solid_grid: NULL cells");
    if (grid->cols < 1 || grid->rows < 1 || !(grid->tile_w >= 1.0f) || !(grid->tile_h >= 1.0f) ||
        !isfinite(grid->tile_w) || !isfinite(grid->tile_h)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_set_solid_grid: a grid of %dx%d cells of "
                    "%gx%g px; each must be at least 1 (and finite)", grid->cols, grid->rows,
                    (double)grid->tile_w, (double)grid->tile_h);
    }
    /* An infinite or NaN origin makes every cell index NaN: nothing could
     * collide, and the positions it computed would be NaN too. */
    if (!isfinite(grid->origin_x) || !isfinite(grid->origin_y)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_set_solid_grid: the origin (%g, %g) must "
                    "be finite", (double)grid->origin_x, (double)grid->origin_y);
    }
    PASS(errctx, check_chunks(grid));
    p->grid = *grid;
    p->grid_slopes = grid_has_slopes(grid);
    SUCCEED_RETURN(errctx);
}

/* The box, if the actor has one (*has); no box is not an error here: the
 * step asks for every actor every 4 ms, and a formatted error per ask would
 * be work nobody reads. */
static akerr_ErrorContext *box_of(akgl_Actor *actor, SDL_FRect *dest, bool *has)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);
    *has = true;
    if (actor->hitbox.w > 0.0f && actor->hitbox.h > 0.0f) {
        *dest = (SDL_FRect){actor->x + actor->hitbox.x, actor->y + actor->hitbox.y,
                            actor->hitbox.w, actor->hitbox.h};
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akgl_actor_lookup_sprite(actor, &sprite));
    *has = sprite != NULL;
    if (sprite != NULL && sprite->hitbox.w > 0.0f && sprite->hitbox.h > 0.0f) {
        /* The sprite's own box (an Aseprite "hitbox" slice). */
        *dest = (SDL_FRect){actor->x + sprite->hitbox.x, actor->y + sprite->hitbox.y,
                            sprite->hitbox.w, sprite->hitbox.h};
    } else if (sprite != NULL) {
        *dest = (SDL_FRect){actor->x, actor->y, (float)sprite->width, (float)sprite->height};
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_physics_actor_box(akgl_Actor *actor, SDL_FRect *dest)
{
    bool has = false;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, actor, AKERR_NULLPOINTER, "akgl_physics_actor_box: NULL actor");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_physics_actor_box: NULL destination");
    PASS(errctx, box_of(actor, dest, &has));
    FAIL_ZERO_RETURN(errctx, has, AKERR_KEY, "%s has no box: no hitbox, and no sprite "
                     "for its state", AKGL_ACTOR_WHO(actor));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_physics_set_platforms(akgl_Physics *p, const akgl_Platform *platforms,
                                               int n)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, p, AKERR_NULLPOINTER, "akgl_physics_set_platforms: NULL physics");
    FAIL_NONZERO_RETURN(errctx, n < 0 || n > AKGL_PHYSICS_MAX_PLATFORMS, AKERR_OUTOFBOUNDS,
                        "akgl_physics_set_platforms: %d platforms; 0 to %d are held", n,
                        AKGL_PHYSICS_MAX_PLATFORMS);
    FAIL_NONZERO_RETURN(errctx, n > 0 && platforms == NULL, AKERR_NULLPOINTER,
                        "akgl_physics_set_platforms: %d platforms and a NULL array", n);
    for (int i = 0; i < n; i++) {
        const akgl_Platform *pl = &platforms[i];
        if (!isfinite(pl->x) || !isfinite(pl->y) || !isfinite(pl->dx) || !isfinite(pl->dy) ||
            !isfinite(pl->w) || !isfinite(pl->h) || !(pl->w >= 1.0f) || !(pl->h >= 1.0f)) {
            FAIL_RETURN(errctx, AKERR_VALUE, "akgl_physics_set_platforms: platform %d at (%g, %g) "
                        "of %gx%g px moving by (%g, %g): each must be finite, the size at least "
                        "1", i, (double)pl->x, (double)pl->y, (double)pl->w, (double)pl->h,
                        (double)pl->dx, (double)pl->dy);
        }
    }
    p->platforms = n > 0 ? platforms : NULL;
    p->nplatforms = n;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_physics_platform_box(const akgl_Physics *p, int i, SDL_FRect *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, p, AKERR_NULLPOINTER, "akgl_physics_platform_box: NULL physics");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_physics_platform_box: NULL destination");
    FAIL_NONZERO_RETURN(errctx, i < 0 || i >= p->nplatforms, AKERR_OUTOFBOUNDS,
                        "akgl_physics_platform_box: platform %d of %d", i, p->nplatforms);
    *dest = platform_box_at(&p->platforms[i], p->steps);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_physics_drop_through(akgl_Actor *actor)
{
    SDL_FRect box;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, actor, AKERR_NULLPOINTER, "akgl_physics_drop_through: NULL actor");
    PASS(errctx, akgl_physics_actor_box(actor, &box));
    actor->drop_through = 1;
    const akgl_Physics *p = game.physics;
    for (int i = 0; p != NULL && i < p->nplatforms; i++) {
        SDL_FRect top = platform_box_at(&p->platforms[i], p->steps);
        if (p->platforms[i].one_way && fabsf(box.y + box.h - top.y) <= PLATFORM_SLACK &&
            overlaps_x(&box, &top)) {
            actor->drop_through = (uint8_t)(i + 2); /* the one it stands on */
            break;
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Swept movement against the grid                                          */
/* ------------------------------------------------------------------------ */

/*
 * The chunk a chunked grid's last lookup landed in (cells NULL: no chunk
 * there). A sweep asks for neighbouring cells, nearly always in one chunk,
 * so most asks are two compares instead of a binary search.
 */
typedef struct ChunkMemo
{
    bool valid;
    int col, row;
    const uint8_t *cells;
} ChunkMemo;

static uint8_t cell_at(const akgl_SolidGrid *g, ChunkMemo *memo, int col, int row)
{
    if (col < 0 || row < 0 || col >= g->cols || row >= g->rows) {
        return AKGL_CELL_OPEN; /* off the map is open */
    }
    if (g->nchunks > 0) { /* an infinite map's: by its chunks */
        if (!memo->valid || col < memo->col || row < memo->row ||
            col - memo->col >= g->chunk_cols || row - memo->row >= g->chunk_rows) {
            memo->valid = true;
            memo->col = col - col % g->chunk_cols;
            memo->row = row - row % g->chunk_rows;
            memo->cells = akgl_tilemap_solid_chunk(g, memo->col, memo->row);
        }
        return memo->cells == NULL
                   ? AKGL_CELL_OPEN
                   : memo->cells[(size_t)(row - memo->row) * (size_t)g->chunk_cols +
                                 (size_t)(col - memo->col)];
    }
    return g->cells[(size_t)row * (size_t)g->cols + (size_t)col];
}

/*
 * A cell index from a coordinate in cell units that was already floored or
 * ceiled, clamped to [-1, count]. Converting a float beyond int's range (or
 * NaN) to int is undefined behaviour, and an actor far off the map or a huge
 * velocity produces exactly such floats; every cell off the grid is open, so
 * one index past each edge stands for all of them.
 */
static int cell_index(float f, int count)
{
    if (!(f > -1.0f)) {
        return -1;
    }
    if (f >= (float)count) {
        return count;
    }
    return (int)f;
}

/* Cells a span [lo, hi) strictly overlaps along one axis: a box whose edge
 * lies on a cell boundary (within EDGE_EPSILON of a cell) does not reach into
 * the next cell. */
static void span_cells(float lo, float hi, float origin, float size, int count, int *first,
                       int *last)
{
    *first = cell_index(floorf((lo - origin) / size + EDGE_EPSILON), count);
    *last = cell_index(ceilf((hi - origin) / size - EDGE_EPSILON), count) - 1;
}

/* What a cell value is (AKGL_CELL_*). */
static inline bool is_slope(uint8_t v)
{
    return v >= AKGL_CELL_SLOPE_BASE && v <= AKGL_CELL_SLOPE_LAST;
}

/* Solid all round: not open, not a one-way floor, not a slope. */
static inline bool is_solid(uint8_t v)
{
    return v != AKGL_CELL_OPEN &&
           (v < AKGL_CELL_ONE_WAY || (v != AKGL_CELL_ONE_WAY && !is_slope(v)));
}

/* A slope's height at its left (right) edge, in eighths of the cell. */
static inline int slope_left(uint8_t v)
{
    return (v - AKGL_CELL_SLOPE_BASE) / 9;
}

static inline int slope_right(uint8_t v)
{
    return (v - AKGL_CELL_SLOPE_BASE) % 9;
}

/*
 * What else than solid cells a sweep obeys. Along x: a solid cell in the row
 * the box's foot is in (foot_row; -2 when the foot is not on a slope) does
 * not block when the cell the box comes from in that row is a slope reaching
 * the full height at their shared edge: the slope runs on into its top (the
 * foot pass then stands the box on it). Along y, falling (one_way): a
 * one-way cell blocks when its top is at or below where the box's bottom
 * started (from_bottom), and for an actor dropping through (dropping) below
 * it: the floor its bottom is on does not hold it.
 */
typedef struct SweepRules
{
    int foot_row;
    bool one_way;
    bool dropping;
    float from_bottom;
} SweepRules;

static const SweepRules PLAIN_RULES = {-2, false, false, 0.0f};

/* Whether the slope at (col, row) reaches the full height at its right
 * (toward_right) or left edge. */
static bool slope_full_at(const akgl_SolidGrid *g, ChunkMemo *memo, int col, int row,
                          bool right_edge)
{
    uint8_t v = cell_at(g, memo, col, row);
    return is_slope(v) && (right_edge ? slope_right(v) : slope_left(v)) == 8;
}

/* Whether cell value v at (c, a) stops a box sweeping along x (dir +1 / -1). */
static bool blocks_x(const akgl_SolidGrid *g, ChunkMemo *memo, const SweepRules *r, uint8_t v,
                     int c, int a, int dir)
{
    if (!is_solid(v)) {
        return false;
    }
    return a != r->foot_row || !slope_full_at(g, memo, c - dir, a, dir > 0);
}

/* Whether cell value v, whose top is at `top`, stops a box falling. */
static bool blocks_fall(const SweepRules *r, uint8_t v, float top, float slack)
{
    if (v != AKGL_CELL_ONE_WAY) {
        return is_solid(v);
    }
    return r->one_way && top >= r->from_bottom - slack &&
           !(r->dropping && top <= r->from_bottom + slack);
}

/*
 * Moves a box along one axis by `delta`, stopping at the first cell its
 * leading edge would enter that stops it: a solid cell, or what `r` adds (a
 * one-way floor under a falling box). `pos`/`size` are the moving axis;
 * `across_lo` and `across_hi` the box's extent on the other axis. Returns
 * whether a cell stopped it, and then *stop is where the box's low edge
 * ends: on that cell's boundary.
 *
 * The first cell checked is the one the leading edge is in, where an edge
 * within EDGE_EPSILON of a boundary counts as on it. The last is the one the
 * moved edge ends in, with no slack: slack there would let a falling box end
 * up to EDGE_EPSILON of a tile inside a floor, out of reach of every later
 * check (its edge then counts as on the boundary), so it would rest sunk in
 * the floor instead of exactly on the tile top.
 */
static bool sweep(const akgl_SolidGrid *g, bool along_x, float pos, float size, float across_lo,
                  float across_hi, float delta, const SweepRules *r, float *stop)
{
    float origin = along_x ? g->origin_x : g->origin_y;
    float cell = along_x ? g->tile_w : g->tile_h;
    int count = along_x ? g->cols : g->rows;
    float across_origin = along_x ? g->origin_y : g->origin_x;
    float across_cell = along_x ? g->tile_h : g->tile_w;
    int across_count = along_x ? g->rows : g->cols;
    float slack = EDGE_EPSILON * cell;
    int a0 = 0, a1 = 0;
    ChunkMemo memo = {false, 0, 0, NULL};

    span_cells(across_lo, across_hi, across_origin, across_cell, across_count, &a0, &a1);
    if (delta > 0.0f) {
        float edge = pos + size;
        int from = cell_index(floorf((edge - origin) / cell + EDGE_EPSILON), count);
        int to = cell_index(ceilf((edge + delta - origin) / cell), count) - 1;
        for (int c = from; c <= to; c++) {
            for (int a = a0; a <= a1; a++) {
                uint8_t v = along_x ? cell_at(g, &memo, c, a) : cell_at(g, &memo, a, c);
                if (v == AKGL_CELL_OPEN) {
                    continue;
                }
                if (along_x ? blocks_x(g, &memo, r, v, c, a, 1)
                            : blocks_fall(r, v, origin + (float)c * cell, slack)) {
                    float at = origin + (float)c * cell - size;
                    /* A hair inside (rounding) is put back on the boundary; a
                     * box that started deep inside a solid cell stays put
                     * rather than jumping out. */
                    *stop = (at > pos - slack) ? at : pos;
                    return true;
                }
            }
        }
    } else if (delta < 0.0f) {
        int from = cell_index(ceilf((pos - origin) / cell - EDGE_EPSILON), count) - 1;
        int to = cell_index(floorf((pos + delta - origin) / cell), count);
        for (int c = from; c >= to; c--) {
            for (int a = a0; a <= a1; a++) {
                uint8_t v = along_x ? cell_at(g, &memo, c, a) : cell_at(g, &memo, a, c);
                if (v == AKGL_CELL_OPEN) {
                    continue;
                }
                if (along_x ? blocks_x(g, &memo, r, v, c, a, -1) : is_solid(v)) {
                    float at = origin + (float)(c + 1) * cell;
                    *stop = (at < pos + slack) ? at : pos;
                    return true;
                }
            }
        }
    }
    return false;
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
    /* Without drag the divisor is exactly 1 and v / 1 is v: skip the division. */
    return k == 0.0f ? v : v / (1.0f + k * h);
}

/*
 * Where an actor's box sits, found once per update: its hitbox, or the frame
 * of the sprite for its state (the one lookup), or none. The steps only add
 * the position, exactly as box_of does.
 */
typedef struct BoxShape
{
    bool has;     /* a box at all */
    bool pending; /* not looked up (no tiles): the overlap report looks it up */
    bool hitbox;  /* the hitbox (else the frame at the position) */
    float w, h;   /* the frame's size, for a frame box */
} BoxShape;

static akerr_ErrorContext *shape_of(akgl_Actor *a, BoxShape *shape)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);
    shape->hitbox = a->hitbox.w > 0.0f && a->hitbox.h > 0.0f;
    shape->has = true;
    shape->pending = false;
    shape->w = 0.0f;
    shape->h = 0.0f;
    if (shape->hitbox) {
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, akgl_actor_lookup_sprite(a, &sprite));
    shape->has = sprite != NULL;
    if (sprite != NULL) {
        shape->w = (float)sprite->width;
        shape->h = (float)sprite->height;
    }
    SUCCEED_RETURN(errctx);
}

/* The same arithmetic as box_of, without the lookup. */
static SDL_FRect shape_box(const akgl_Actor *a, const BoxShape *shape)
{
    if (shape->hitbox) {
        return (SDL_FRect){a->x + a->hitbox.x, a->y + a->hitbox.y, a->hitbox.w, a->hitbox.h};
    }
    return (SDL_FRect){a->x, a->y, shape->w, shape->h};
}

/* A float's bits (binary32, as SDL and C11 Annex F assume). */
static inline uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

#define NEGATIVE_ZERO_BITS UINT32_C(0x80000000)

/*
 * Whether the z axis can be left out of this update's steps because they
 * would not change a bit of it: at rest exactly (+0, no intent, no gravity
 * along z), where each step computes vz = (0 + 0) / d = +0 and z + 0 = z
 * (z not -0, which + 0 would turn into +0). Compared as bits: vz is +0
 * exactly when its bits are 0.
 */
static inline bool z_still(const akgl_Actor *a)
{
    return float_bits(a->vz) == 0 && a->move_z == 0.0f && float_bits(a->z) != NEGATIVE_ZERO_BITS;
}

static bool z_at_rest(const akgl_Physics *p, const akgl_Actor *a)
{
    return p->gravity_z == 0.0f && z_still(a);
}

/* ------------------------------------------------------------------------ */
/* Platforms and slopes                                                     */
/* ------------------------------------------------------------------------ */

/* A platform's box after physics step n: a function of n alone. */
static SDL_FRect platform_box_at(const akgl_Platform *pl, uint64_t n)
{
    SDL_FRect r = {pl->x, pl->y, pl->w, pl->h};
    if (pl->leg_steps == 0) {
        return r;
    }
    uint64_t leg = pl->leg_steps;
    uint64_t u = n % (2 * leg);
    uint64_t k = u <= leg ? u : 2 * leg - u;
    float t = (float)k / (float)leg;
    r.x = pl->x + pl->dx * t;
    r.y = pl->y + pl->dy * t;
    return r;
}

/* Whether one-way platform i lets the actor through because it asked to
 * drop (akgl_physics_drop_through) while standing on it. */
static inline bool dropping_past(const akgl_Actor *a, int i)
{
    return a->drop_through == i + 2;
}

/*
 * The platform the actor stands on before step n (its box's bottom on the
 * platform's top as it was after step n - 1, not rising), or -1; what that
 * platform moves in step n is added to *dx and *dy: the rider moves with
 * it, then by its own motion, in the one swept move.
 */
static int find_ride(const akgl_Physics *p, const akgl_Actor *a, const SDL_FRect *box,
                     uint64_t n, float *dx, float *dy)
{
    if (a->vy < 0.0f) {
        return -1;
    }
    float bottom = box->y + box->h;
    for (int i = 0; i < p->nplatforms; i++) {
        const akgl_Platform *pl = &p->platforms[i];
        SDL_FRect prev = platform_box_at(pl, n - 1);
        if (fabsf(bottom - prev.y) > PLATFORM_SLACK || !overlaps_x(box, &prev) ||
            (pl->one_way && dropping_past(a, i))) {
            continue;
        }
        SDL_FRect cur = platform_box_at(pl, n);
        *dx += cur.x - prev.x;
        *dy += cur.y - prev.y;
        return i;
    }
    return -1;
}

/* What the tiles did to a platform's push (push_box). */
typedef enum PushResult
{
    PUSH_FREE,    /* nothing stopped it */
    PUSH_STOPPED, /* a tile stopped it within PLATFORM_SLACK of where it went: it fits */
    PUSH_CRUSHED, /* a tile stopped it short: the platform still holds part of the box */
} PushResult;

static int slope_foot_row(const akgl_SolidGrid *g, const SDL_FRect *box);

/*
 * A platform's push: moves the box's low edge along one axis to `to`, swept
 * against the tiles with the rules of the box's own move along that axis
 * (down: one-way floors hold it, as they hold a fall), so a push never puts
 * a box into a wall or through one, at any speed.
 */
static PushResult push_box(const akgl_Physics *p, const akgl_Actor *a, SDL_FRect *box,
                           bool along_x, float to)
{
    float *pos = along_x ? &box->x : &box->y;
    float stop = 0.0f;
    SweepRules rules = PLAIN_RULES;
    if (along_x && p->grid_slopes) {
        rules.foot_row = slope_foot_row(&p->grid, box);
    } else if (!along_x) {
        rules.one_way = true;
        rules.from_bottom = box->y + box->h;
        rules.dropping = a->drop_through != 0;
    }
    bool stopped = p->grid.cells != NULL &&
                   (along_x ? sweep(&p->grid, true, box->x, box->w, box->y, box->y + box->h,
                                    to - box->x, &rules, &stop)
                            : sweep(&p->grid, false, box->y, box->h, box->x, box->x + box->w,
                                    to - box->y, &rules, &stop));
    if (!stopped) {
        *pos = to;
        return PUSH_FREE;
    }
    *pos = stop;
    return fabsf(to - stop) > PLATFORM_SLACK ? PUSH_CRUSHED : PUSH_STOPPED;
}

/* What a push the tiles stopped adds: the side of the tile that stopped it
 * (the box moved towards `side`), no speed along the push, and, stopped
 * short of the platform's face, crushed. */
static void push_stopped(akgl_Actor *a, PushResult r, int side, float *v)
{
    if (r == PUSH_FREE) {
        return;
    }
    a->touching |= (uint8_t)side;
    *v = 0.0f;
    if (r == PUSH_CRUSHED) {
        a->touching |= AKGL_PHYSICS_TOUCH_CRUSHED;
    }
}

/* Solid platforms push a box out sideways, to the side its middle is on,
 * when they were beside it (sharing some of its height) before the step and
 * overlap it after its move along x; one that was above or below it is met
 * along y (platforms_y). */
static void platforms_x(const akgl_Physics *p, akgl_Actor *a, SDL_FRect *box, float ox,
                        uint64_t n)
{
    for (int i = 0; i < p->nplatforms; i++) {
        const akgl_Platform *pl = &p->platforms[i];
        if (pl->one_way) {
            continue;
        }
        SDL_FRect cur = platform_box_at(pl, n);
        if (!overlaps_x(box, &cur) || box->y >= cur.y + cur.h - PLATFORM_SLACK ||
            box->y + box->h <= cur.y + PLATFORM_SLACK) {
            continue;
        }
        SDL_FRect prev = platform_box_at(pl, n - 1);
        if (box->y >= prev.y + prev.h - PLATFORM_SLACK || box->y + box->h <= prev.y + PLATFORM_SLACK) {
            continue;
        }
        if (box->x + box->w * 0.5f < cur.x + cur.w * 0.5f) {
            a->touching |= AKGL_PHYSICS_TOUCH_RIGHT;
            a->vx = fminf(a->vx, 0.0f);
            push_stopped(a, push_box(p, a, box, true, cur.x - box->w), AKGL_PHYSICS_TOUCH_LEFT,
                         &a->vx);
        } else {
            a->touching |= AKGL_PHYSICS_TOUCH_LEFT;
            a->vx = fmaxf(a->vx, 0.0f);
            push_stopped(a, push_box(p, a, box, true, cur.x + cur.w), AKGL_PHYSICS_TOUCH_RIGHT,
                         &a->vx);
        }
        a->x = box->x - ox;
    }
}

/*
 * Platforms stop a box along y: one that was on or above a platform's top
 * before the step and is below its top after lands on it (the rider always
 * does, unless a ceiling stopped it); a solid platform also stops one that
 * was at or below its bottom and rose into it.
 */
static void platforms_y(const akgl_Physics *p, akgl_Actor *a, SDL_FRect *box, float oy,
                        uint64_t n, float top_before, int ride)
{
    float bottom_before = top_before + box->h;
    for (int i = 0; i < p->nplatforms; i++) {
        const akgl_Platform *pl = &p->platforms[i];
        SDL_FRect prev = platform_box_at(pl, n - 1);
        SDL_FRect cur = platform_box_at(pl, n);
        if (!overlaps_x(box, &cur)) {
            continue;
        }
        /* A tile that stopped the rider (a ceiling, a floor the platform sinks
         * into) wins over the platform. */
        bool rider = i == ride &&
                     (a->touching & (AKGL_PHYSICS_TOUCH_TOP | AKGL_PHYSICS_TOUCH_BOTTOM)) == 0;
        if (rider || (bottom_before <= prev.y + PLATFORM_SLACK && box->y + box->h > cur.y &&
                      !(pl->one_way && dropping_past(a, i)))) {
            float to = cur.y - box->h;
            a->vy = fminf(a->vy, 0.0f);
            a->touching |= AKGL_PHYSICS_TOUCH_BOTTOM;
            /* Up onto the top, or (a rider, by rounding) a hair down onto it. */
            push_stopped(a, push_box(p, a, box, false, to),
                         to < box->y ? AKGL_PHYSICS_TOUCH_TOP : AKGL_PHYSICS_TOUCH_BOTTOM, &a->vy);
            a->y = box->y - oy;
        } else if (!pl->one_way && top_before >= prev.y + prev.h - PLATFORM_SLACK &&
                   box->y < cur.y + cur.h) {
            a->vy = fmaxf(a->vy, 0.0f);
            a->touching |= AKGL_PHYSICS_TOUCH_TOP;
            push_stopped(a, push_box(p, a, box, false, cur.y + cur.h), AKGL_PHYSICS_TOUCH_BOTTOM,
                         &a->vy);
            a->y = box->y - oy;
        }
    }
}

/* The cell under the middle of a box's bottom edge: its column, and the row
 * whose span holds the bottom edge from above (an edge on a boundary is in
 * the row above it). */
static void foot_cell(const akgl_SolidGrid *g, const SDL_FRect *box, float *fx, int *col,
                      int *row)
{
    *fx = (box->x + box->w * 0.5f - g->origin_x) / g->tile_w;
    *col = cell_index(floorf(*fx), g->cols);
    *row = cell_index(ceilf((box->y + box->h - g->origin_y) / g->tile_h - EDGE_EPSILON),
                      g->rows) - 1;
}

/* The row of the box's foot when it is in a slope cell, else -2. */
static int slope_foot_row(const akgl_SolidGrid *g, const SDL_FRect *box)
{
    ChunkMemo memo = {false, 0, 0, NULL};
    float fx = 0.0f;
    int col = 0, row = 0;
    foot_cell(g, box, &fx, &col, &row);
    return is_slope(cell_at(g, &memo, col, row)) ? row : -2;
}

/* The world y of slope cell (col, row)'s surface at fx (in cells). */
static float slope_surface(const akgl_SolidGrid *g, uint8_t v, int col, int row, float fx)
{
    float f = fminf(fmaxf(fx - (float)col, 0.0f), 1.0f);
    float l = (float)slope_left(v), r = (float)slope_right(v);
    float height = (l + (r - l) * f) * (g->tile_h / 8.0f);
    return g->origin_y + (float)(row + 1) * g->tile_h - height;
}

/*
 * Slopes hold up the middle of a box's bottom edge. After the step's move,
 * unless the box rises: a foot inside a slope cell below its surface is
 * stood on the surface (walking up, landing); a foot above the surface, or
 * over a slope in the cell below, of an actor that stood on something at
 * the step before, is put down on it when it is no further than the slope
 * can fall over this step's dx (so walking down a slope keeps to it and
 * never leaves it into the air); a foot inside the solid cell a full-height
 * slope edge runs into is stood on that cell's top.
 */
static void slope_foot(const akgl_Physics *p, akgl_Actor *a, SDL_FRect *box, float oy,
                       float dx, bool was_ground)
{
    const akgl_SolidGrid *g = &p->grid;
    ChunkMemo memo = {false, 0, 0, NULL};
    float fx = 0.0f, surface = 0.0f;
    int col = 0, row = 0;
    if (a->vy < 0.0f) {
        return;
    }
    foot_cell(g, box, &fx, &col, &row);
    float b = box->y + box->h;
    float limit = fabsf(dx) * (g->tile_h / g->tile_w) + EDGE_EPSILON * g->tile_h;
    uint8_t v = cell_at(g, &memo, col, row);
    if (is_slope(v)) {
        surface = slope_surface(g, v, col, row, fx);
        if (b < surface && !(was_ground && surface - b <= limit)) {
            return;
        }
    } else if (is_solid(v)) {
        if (!slope_full_at(g, &memo, col - 1, row, true) &&
            !slope_full_at(g, &memo, col + 1, row, false)) {
            return;
        }
        surface = g->origin_y + (float)row * g->tile_h;
    } else {
        /* Open above: a slope, or a floor, in the cell below, near enough. */
        uint8_t below = cell_at(g, &memo, col, row + 1);
        if (!was_ground || below == AKGL_CELL_OPEN) {
            return;
        }
        surface = is_slope(below) ? slope_surface(g, below, col, row + 1, fx)
                                  : g->origin_y + (float)(row + 1) * g->tile_h;
        if (surface - b > limit || (below == AKGL_CELL_ONE_WAY && a->drop_through)) {
            return;
        }
    }
    box->y = surface - box->h;
    a->y = box->y - oy;
    a->vy = 0.0f;
    a->touching |= AKGL_PHYSICS_TOUCH_BOTTOM;
}

/* One fixed step (the n-th since the physics started) of one actor; its
 * intent and box shape are the update's. */
static void step_actor(const akgl_Physics *p, akgl_Actor *a, float h, const BoxShape *shape,
                       bool z_rest, uint64_t n)
{
    a->vx = dragged(propel(a->vx, a->move_x, a->ax, a->sx, h) + p->gravity_x * h, p->drag_x, h);
    a->vy = dragged(propel(a->vy, a->move_y, a->ay, a->sy, h) + p->gravity_y * h, p->drag_y, h);
    if (!z_rest) {
        a->vz = dragged(propel(a->vz, a->move_z, a->az, a->sz, h) + p->gravity_z * h, p->drag_z, h);
        a->z += a->vz * h;
    }
    if (!shape->has) {
        /* No box (no hitbox, no sprite), or no tiles and no platforms (then
         * simulate_actor looks no box up): nothing to collide with. */
        a->touching = 0;
        a->x += a->vx * h;
        a->y += a->vy * h;
        return;
    }
    bool was_ground = (a->touching & AKGL_PHYSICS_TOUCH_BOTTOM) != 0;
    /* The sides are this step's; a crush stays for the update (simulate_actor
     * clears it before the first step). */
    a->touching &= AKGL_PHYSICS_TOUCH_CRUSHED;
    bool tiles = p->grid.cells != NULL;
    SDL_FRect box = shape_box(a, shape);
    /* Where the box sits relative to the actor (0 for a frame box). */
    float ox = shape->hitbox ? a->hitbox.x : 0.0f;
    float oy = shape->hitbox ? a->hitbox.y : 0.0f;
    float stop = 0.0f;
    float dx = a->vx * h;
    float dy = a->vy * h;
    int ride = p->nplatforms > 0 ? find_ride(p, a, &box, n, &dx, &dy) : -1;
    SweepRules rules = PLAIN_RULES;
    if (p->grid_slopes) {
        rules.foot_row = slope_foot_row(&p->grid, &box);
    }
    if (tiles && sweep(&p->grid, true, box.x, box.w, box.y, box.y + box.h, dx, &rules, &stop)) {
        /* Placed on the boundary, not moved by a difference: x + (stop - x)
         * is not always exactly stop in float, and a body against a wall
         * must be exactly against it. Unmoved, it is left untouched. */
        if (stop != box.x) {
            a->x = stop - ox;
            box.x = stop;
        }
        a->touching |= (dx > 0.0f) ? AKGL_PHYSICS_TOUCH_RIGHT : AKGL_PHYSICS_TOUCH_LEFT;
        a->vx = 0.0f;
    } else {
        /* Unblocked motion is the same sum as with no tiles at all. */
        a->x += dx;
        box.x += dx;
    }
    if (p->nplatforms > 0) {
        platforms_x(p, a, &box, ox, n);
    }
    float top_before = box.y;
    rules.foot_row = -2;
    rules.one_way = true;
    rules.from_bottom = box.y + box.h;
    rules.dropping = a->drop_through != 0;
    if (tiles && sweep(&p->grid, false, box.y, box.h, box.x, box.x + box.w, dy, &rules, &stop)) {
        if (stop != box.y) {
            a->y = stop - oy;
        }
        a->touching |= (dy > 0.0f) ? AKGL_PHYSICS_TOUCH_BOTTOM : AKGL_PHYSICS_TOUCH_TOP;
        a->vy = 0.0f;
    } else {
        a->y += dy;
    }
    if (p->nplatforms == 0 && !p->grid_slopes && !a->drop_through) {
        return;
    }
    box = shape_box(a, shape);
    if (p->nplatforms > 0) {
        platforms_y(p, a, &box, oy, n, top_before, ride);
    }
    if (p->grid_slopes) {
        slope_foot(p, a, &box, oy, dx, was_ground);
    }
    if (a->drop_through && ((a->touching & AKGL_PHYSICS_TOUCH_BOTTOM) != 0 || a->vy < 0.0f)) {
        a->drop_through = 0; /* landed, or on the way up */
    }
}

/*
 * What the glide test reads of the backend, once per update: whether any
 * actor can glide (no drag on x or y: dragged would divide; no gravity
 * along z: z_at_rest), and gravity times the step per axis, as each step
 * adds it; with the update's stamp, which every actor whose movement hook
 * the step runs gets (read once here, not through the shared library's
 * symbol table per actor).
 */
typedef struct GlidePlan
{
    uint32_t serial;
    bool possible;
    float gxh, gyh;
#if defined(__SSE2__)
    __m128 gh; /* {gxh, gyh, 0, 0} */
    __m128 h;  /* the step in every lane */
#else
    float h;
#endif
} GlidePlan;

static GlidePlan glide_plan(const akgl_Physics *p, float h)
{
    GlidePlan plan;
    plan.serial = akgl_time_update_serial;
    plan.possible = p->drag_x == 0.0f && p->drag_y == 0.0f && p->gravity_z == 0.0f;
    plan.gxh = p->gravity_x * h;
    plan.gyh = p->gravity_y * h;
#if defined(__SSE2__)
    plan.gh = _mm_setr_ps(plan.gxh, plan.gyh, 0.0f, 0.0f);
    plan.h = _mm_set1_ps(h);
#else
    plan.h = h;
#endif
    return plan;
}

#if defined(__SSE2__)
/*
 * {*lo, *hi, 0, 0}: one 8-byte load when the two floats are neighbours in
 * memory (decided at compile time: an actor's x and y, vx and vy ...), two
 * otherwise, so a reordered akgl_Actor still compiles to the same values.
 */
static inline __m128 load_pair(const float *lo, const float *hi)
{
    if (hi == lo + 1) {
        return _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)lo));
    }
    return _mm_setr_ps(*lo, *hi, 0.0f, 0.0f);
}

/* Lanes 0 and 1 of @p v into *lo and *hi. */
static inline void store_pair(float *lo, float *hi, __m128 v)
{
    if (hi == lo + 1) {
        _mm_storel_epi64((__m128i *)(void *)lo, _mm_castps_si128(v));
    } else {
        _mm_store_ss(lo, v);
        _mm_store_ss(hi, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 1, 1, 1)));
    }
}
#endif

/*
 * The glide's test for one axis (axes_steady below makes it for x and y at
 * once with SSE2, the same comparisons): whether every step leaves the
 * axis' velocity exactly as it is (drag 0, per the plan): propulsion has
 * nothing to do (no intent, or pushing on at or past top speed: neither of
 * propel's branches is taken), and gravity adds nothing to any bit of v
 * (v + g·h is v itself, compared as bits: +0 added to -0 makes +0, so that
 * case is not steady). Then each step computes this same v, bit for bit,
 * and moves by the same v·h.
 */
#if !defined(__SSE2__)
static inline bool axis_steady(float v, float intent, float top, float gh)
{
    if ((intent > 0.0f && v < top) || (intent < 0.0f && v > -top)) {
        return false;
    }
    return float_bits(v + gh) == float_bits(v);
}
#endif

/*
 * An actor's steps when nothing but its position changes in them: no tiles
 * to stop it (no grid, or no box), z at rest, both velocities steady. Each
 * step adds the same v·h to x and y, one step at a time as step_actor does
 * (the sum of the steps is not the product: float addition rounds at each
 * step).
 */
#if defined(__SSE2__)
/*
 * axis_steady for x and y at once, in two lanes: the same comparisons (an
 * unordered one is false in both forms), -top as the sign flipped, and
 * v + g·h compared with v as bits.
 */
static inline bool axes_steady(const akgl_Actor *a, __m128 gh)
{
    const __m128 zero = _mm_setzero_ps();
    const __m128 v = load_pair(&a->vx, &a->vy);
    const __m128 intent = load_pair(&a->move_x, &a->move_y);
    const __m128 top = load_pair(&a->sx, &a->sy);
    /* 0 - top, not -top: they differ only for top = 0, where v > +0 and
     * v > -0 are the same comparison. */
    const __m128 negtop = _mm_sub_ps(zero, top);
    __m128 pushes = _mm_or_ps(_mm_and_ps(_mm_cmpgt_ps(intent, zero), _mm_cmplt_ps(v, top)),
                              _mm_and_ps(_mm_cmplt_ps(intent, zero), _mm_cmpgt_ps(v, negtop)));
    __m128i same = _mm_cmpeq_epi32(_mm_castps_si128(_mm_add_ps(v, gh)), _mm_castps_si128(v));
    /* A lane is steady when nothing pushes and the bits are the same. */
    __m128 steady = _mm_andnot_ps(pushes, _mm_castsi128_ps(same));
    return (_mm_movemask_ps(steady) & 3) == 3;
}
#endif

static bool glides(const GlidePlan *plan, const akgl_Actor *a, const BoxShape *shape)
{
    /* z at rest as z_at_rest says (the plan has no gravity along z). */
#if defined(__SSE2__)
    return plan->possible && !shape->has && z_still(a) && axes_steady(a, plan->gh);
#else
    return plan->possible && !shape->has && z_still(a) &&
           axis_steady(a->vx, a->move_x, a->sx, plan->gxh) &&
           axis_steady(a->vy, a->move_y, a->sy, plan->gyh);
#endif
}

static void glide(akgl_Actor *a, uint64_t steps, const GlidePlan *plan)
{
#if defined(__SSE2__)
    /* x and y in two lanes: the same products and sums, step by step. */
    const __m128 h = plan->h;
    const __m128 d = _mm_mul_ps(load_pair(&a->vx, &a->vy), h);
    __m128 xy = load_pair(&a->x, &a->y);
    if (steps == 4) { /* the usual update: 16 ms of 4 ms steps, without a loop */
        xy = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_add_ps(xy, d), d), d), d);
    } else {
        uint64_t s = steps;
        for (; s >= 2; s -= 2) { /* two steps a turn */
            xy = _mm_add_ps(_mm_add_ps(xy, d), d);
        }
        if (s != 0) {
            xy = _mm_add_ps(xy, d);
        }
    }
    store_pair(&a->x, &a->y, xy);
#else
    const float h = plan->h;
    const float dx = a->vx * h, dy = a->vy * h;
    float x = a->x, y = a->y;
    uint64_t s = steps;
    for (; s >= 2; s -= 2) { /* two steps a turn: an update is usually four */
        x += dx;
        y += dy;
        x += dx;
        y += dy;
    }
    if (s != 0) {
        x += dx;
        y += dy;
    }
    a->x = x;
    a->y = y;
#endif
    a->touching = 0; /* what every step sets first (steps >= 1 here) */
}

/*
 * One actor's update: its intent once (movementlogicfunc), its box shape
 * once, then every fixed step. Actors do not act on each other during the
 * steps, so running one actor's steps together gives each actor exactly the
 * trajectory that running each step over every actor gave.
 */
static akerr_ErrorContext *simulate_actor(akgl_Physics *p, const GlidePlan *plan, akgl_Actor *a,
                                          uint64_t steps, BoxShape *shape)
{
    PREPARE_ERROR(errctx);
    if (a->movementlogicfunc != NULL) {
        PASS(errctx, a->movementlogicfunc(a));
        if (!akgl_actor_is_live(a)) {
            shape->has = false; /* it released itself */
            SUCCEED_RETURN(errctx);
        }
    }
    /* The update pass that follows does not run the hook again (an actor
     * spawned into this slot later in the update starts at 0: it does). */
    a->intent_update = plan->serial;
    if (p->grid.cells != NULL || p->nplatforms > 0) {
        a->touching &= (uint8_t)~AKGL_PHYSICS_TOUCH_CRUSHED; /* what this update's steps say */
        PASS(errctx, shape_of(a, shape));
    } else {
        /* No tiles and no platforms: the steps need no box, and the overlap report looks a
         * box-less one up after the steps (the same box: it is looked up
         * at the position the steps end on). */
        shape->has = false;
        shape->pending = true;
    }
    if (glides(plan, a, shape)) {
        glide(a, steps, plan);
        SUCCEED_RETURN(errctx);
    }
    bool z_rest = z_at_rest(p, a);
    for (uint64_t s = 0; s < steps; s++) {
        step_actor(p, a, STEP_SECONDS, shape, z_rest, p->steps + s + 1);
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
    if (steps == 0) {
        SUCCEED_RETURN(errctx);
    }
    bool overlaps = p->on_overlap != NULL;
    const GlidePlan plan = glide_plan(p, STEP_SECONDS);
    akgl_broadphase_clear();
    /* In pool order over the acquired slots only; re-asked after each actor,
     * since a movementlogicfunc may release or spawn actors. */
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    const size_t stride = pool->size;
    for (int i = akgl_heap_next_live(pool, 0); i >= 0; i = akgl_heap_next_live_after(pool, i)) {
        akgl_Actor *a = akgl_actor_in_slot(i, stride);
        akgl_actor_prefetch_ahead(a);
        if (!akgl_actor_is_live(a)) {
            continue;
        }
        overlaps = overlaps || a->overlapfunc != NULL;
        if (a->immovable) {
            /* Its box is looked up only if overlaps are reported. */
            akgl_broadphase_add(i, NULL);
            continue;
        }
        BoxShape shape = {false, false, false, 0.0f, 0.0f};
        PASS(errctx, simulate_actor(p, &plan, a, steps, &shape));
        if (shape.pending) {
            akgl_broadphase_add(i, NULL);
        } else if (shape.has) {
            SDL_FRect box = shape_box(a, &shape);
            akgl_broadphase_add(i, &box);
        }
        /* else no box (or it released itself): the report would skip it */
    }
    p->steps += steps;
    if (overlaps) {
        PASS(errctx, akgl_broadphase_report(p, box_of));
    }
    SUCCEED_RETURN(errctx);
}
