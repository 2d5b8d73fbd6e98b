/*
 * The overlap broad phase: which gathered boxes overlap, without testing
 * every pair.
 *
 * Two grids. The dense one (report_dense, below) takes the common scene:
 * boxes of similar sizes over an area of at most a few cells per actor. The
 * general one, described here, takes every other scene.
 *
 * A uniform grid, rebuilt each update from the boxes the step computed once:
 * the cell is 1.5 times the mean box side, so a box covers at most 2 x 2
 * cells (a few cover 3 x 3). Each covered cell is an entry; entries are
 * counting-sorted into hash buckets of the cell coordinates, so the grid
 * needs no per-cell lists and no memory beyond the scratch allocated when
 * the game starts. A pair sharing several cells is tested in each but
 * reported only from the cell holding the top-left corner of the two boxes'
 * intersection, which both boxes cover: exactly once. Boxes too large for
 * the grid (more than 3 cells a side, or positions beyond int range) go to a
 * short list tested against every other box. Candidates of one actor are
 * sorted by pool slot before they are reported, so the order is the
 * all-pairs order: by the first actor, then by the second.
 */
#include "physics_private.h"

#include "heap_pool.h"
#include "actor_private.h"
#include "object.h"

#include <akgl/error.h>
#include <akgl/heap.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* AKGL_BROADPHASE_SCALAR (a test build: tests/akgl/scale.cmake) takes the
 * one-box-at-a-time test a target without SSE2 takes, on x86-64 too. */
#if defined(__SSE2__) && !defined(AKGL_BROADPHASE_SCALAR)
#define BROADPHASE_SSE2 1
#include <emmintrin.h>
#else
#define BROADPHASE_SSE2 0
#endif

/* Cells a box may cover along one axis and still go into the grid. */
#define MAX_SPAN 3
/* Grid entries budgeted per box: beyond the budget, boxes go to the big list. */
#define ENTRIES_PER_BOX 4
/* Cell coordinates stay far inside int. */
#define MAX_CELL 1.0e9f
/* The dense grid: cells budgeted per actor slot (and at least DENSE_MIN_CELLS),
 * and how much larger than the mean box side the largest box may be. */
#define DENSE_CELLS_PER_BOX 4
#define DENSE_MIN_CELLS 4096
#define DENSE_MAX_SIDE 4.0
/* The dense cell is a little larger than the largest box, so that rounding
 * can never put overlapping boxes two cells apart. */
#define DENSE_SLACK 1.001

/* The gather's arrays (physics_private.h: the step fills them inline). */
akgl_BroadphaseGather akgl_broadphase_gather;
#define G akgl_broadphase_gather

static struct
{
    uint32_t *generation;  /* [capacity] by pool slot: the slot's generation when gathered */
    uint32_t *layers;      /* [capacity] collision_layers when gathered */
    uint32_t *mask;        /* [capacity] collision_mask when gathered */
    int *span;             /* [capacity * 4] cx0, cy0, cx1, cy1 */
    int *big;              /* [capacity] gathered indices too large for the grid */
    int *cand;             /* [capacity] one actor's partners, in runs */
    int *merged;           /* [capacity] the same, merged into pool order */
    int run_start[MAX_SPAN * MAX_SPAN + 2]; /* where each ascending run of cand starts */
    int runs;
    int *entry_k;          /* [capacity * ENTRIES_PER_BOX] */
    int *entry_cx;
    int *entry_cy;
    int *bucket;           /* [buckets + 1] */
    int max_buckets;       /* a power of two >= 2 * capacity */
    /* What the gather found, for the report: whether a gathered actor has an
     * overlapfunc, whether every pair's layers and masks ask for it (a bit
     * in every actor's layers and in every mask), and the pool's releases
     * then (unchanged: every gathered actor is still there). */
    bool callbacks;
    bool all_wanted;
    uint64_t releases;
    /* The dense grid (see dense_plan). */
    int *cell;             /* [capacity] each box's cell */
    int *cell_start;       /* [max_cells + 2] */
    int max_cells;
    float *px0, *py0, *px1, *py1; /* [capacity] the boxes in cell order */
    int *packed_k;         /* [capacity] the gathered index of each packed box */
    akgl_Actor **packed_actor; /* [capacity] its actor */
    void *block;
} bp;


static int pow2_at_least(int n)
{
    int b = 64;
    while (b < n && b < (1 << 30)) {
        b <<= 1;
    }
    return b;
}

void akgl_physics_scratch_stop(void)
{
    free(bp.block);
    memset(&bp, 0, sizeof(bp));
    memset(&G, 0, sizeof(G));
}

akerr_ErrorContext *akgl_physics_scratch_start(int actors)
{
    PREPARE_ERROR(errctx);
    akgl_physics_scratch_stop();
    int buckets = pow2_at_least(2 * (actors > 0 ? actors : 1));
    size_t cap = (size_t)(actors > 0 ? actors : 1);
    size_t entries = cap * ENTRIES_PER_BOX;
    /* One block: the pointers first (the strictest alignment), then the
     * boxes, then the ints. */
    size_t cells = cap * DENSE_CELLS_PER_BOX + DENSE_MIN_CELLS;
    size_t bytes = cap * sizeof(SDL_FRect) + cap * 4 * sizeof(float) +
                   cap * (3 * sizeof(uint32_t) + sizeof(int)) + cap * 4 * sizeof(int) +
                   3 * cap * sizeof(int) + 3 * entries * sizeof(int) +
                   ((size_t)buckets + 1) * sizeof(int) + cap * sizeof(int) +
                   cap * sizeof(int) + cap * sizeof(akgl_Actor *) + (cells + 2) * sizeof(int) + cap;
    unsigned char *block = malloc(bytes);
    if (block == NULL) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP, "akgl_game_init: cannot allocate the overlap broad "
                    "phase for %d actors (%zu bytes)", actors, bytes);
    }
    unsigned char *at = block;
#define TAKE(field, count)                                  \
    do {                                                    \
        bp.field = (void *)at;                              \
        at += (size_t)(count) * sizeof(*bp.field);          \
    } while (0)
#define TAKE_G(field, count)                                \
    do {                                                    \
        G.field = (void *)at;                               \
        at += (size_t)(count) * sizeof(*G.field);           \
    } while (0)
    TAKE(packed_actor, cap);
    TAKE_G(box, cap);
    TAKE(px0, cap);
    TAKE(py0, cap);
    TAKE(px1, cap);
    TAKE(py1, cap);
    TAKE_G(slot, cap);
    TAKE(generation, cap);
    TAKE(layers, cap);
    TAKE(mask, cap);
    TAKE(span, cap * 4);
    TAKE(big, cap);
    TAKE(cand, cap);
    TAKE(merged, cap);
    TAKE(entry_k, entries);
    TAKE(entry_cx, entries);
    TAKE(entry_cy, entries);
    TAKE(bucket, (size_t)buckets + 1);
    TAKE(cell, cap);
    TAKE(packed_k, cap);
    TAKE(cell_start, cells + 2);
    TAKE_G(state, cap);
#undef TAKE
#undef TAKE_G
    bp.block = block;
    G.capacity = (int)cap;
    bp.max_buckets = buckets;
    bp.max_cells = (int)cells;
    G.n = 0;
    SUCCEED_RETURN(errctx);
}

void akgl_broadphase_clear(void)
{
    G.n = 0;
}

/*
 * Whether two boxes share some area. Not SDL_HasRectIntersectionFloat: for
 * float rects SDL counts boxes that only share an edge as intersecting, so
 * a body standing on another would be reported every update. Touching is
 * not overlapping.
 */
static bool boxes_overlap(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h &&
           b->y < a->y + a->h;
}

static bool wanted(int i, int j)
{
    return (bp.mask[i] & bp.layers[j]) != 0 || (bp.mask[j] & bp.layers[i]) != 0;
}

static uint32_t bucket_of(int cx, int cy, uint32_t buckets)
{
    uint32_t h = (uint32_t)cx * 73856093u ^ (uint32_t)cy * 19349663u;
    h ^= h >> 15;
    return h & (buckets - 1u);
}

static int cell_of(float v, float cell)
{
    return (int)floorf(v / cell);
}

/*
 * Resolves pending boxes, drops box-less actors and keeps each one's layers,
 * and notes what lets the report skip work: whether any gathered actor has
 * an overlapfunc, whether every pair is wanted, the pool's release count.
 */
static akerr_ErrorContext *finish_gather(akgl_BroadphaseBoxFunc box_of)
{
    PREPARE_ERROR(errctx);
    int n = 0;
    bool callbacks = false;
    uint32_t every_layer = UINT32_MAX, every_mask = UINT32_MAX;
    for (int k = 0; k < G.n; k++) {
        int slot = G.slot[k];
        bool has = true;
        if (slot < 0) { /* its box pending (akgl_broadphase_add) */
            slot = ~slot;
            PASS(errctx, box_of(akgl_actor_in_slot(slot, sizeof(akgl_Actor)), &G.box[k], &has));
        }
        akgl_Actor *a = akgl_actor_in_slot(slot, sizeof(akgl_Actor));
        /* No box, or in no layer and asking for none: it cannot be reported. */
        if (!has || (a->collision_layers == 0 && a->collision_mask == 0)) {
            continue;
        }
        G.slot[n] = slot;
        G.box[n] = G.box[k];
        G.state[n] = GATHER_BOX;
        bp.generation[slot] = akgl_heap_pool_actor.generation[slot];
        bp.layers[n] = a->collision_layers;
        bp.mask[n] = a->collision_mask;
        every_layer &= a->collision_layers;
        every_mask &= a->collision_mask;
        callbacks = callbacks || a->overlapfunc != NULL;
        n++;
    }
    G.n = n;
    bp.callbacks = callbacks;
    bp.all_wanted = (every_layer & every_mask) != 0;
    bp.releases = akgl_heap_pool_actor.releases;
    SUCCEED_RETURN(errctx);
}

/* The cell side, the spans, and which boxes are too big for the grid. */
static float plan_grid(int *nbig)
{
    double sum = 0.0;
    int counted = 0;
    for (int k = 0; k < G.n; k++) {
        float side = fmaxf(G.box[k].w, G.box[k].h);
        if (isfinite(side) && side > 0.0f) {
            sum += side;
            counted++;
        }
    }
    float cell = counted > 0 ? (float)(1.5 * sum / counted) : 1.0f;
    if (!(cell >= 1e-3f) || !isfinite(cell)) {
        cell = 1.0f;
    }
    int entries = 0;
    int budget = G.capacity * ENTRIES_PER_BOX;
    *nbig = 0;
    for (int k = 0; k < G.n; k++) {
        const SDL_FRect *b = &G.box[k];
        float x0 = b->x / cell, y0 = b->y / cell;
        float x1 = (b->x + b->w) / cell, y1 = (b->y + b->h) / cell;
        bool big = !(fabsf(x0) < MAX_CELL && fabsf(y0) < MAX_CELL && fabsf(x1) < MAX_CELL &&
                     fabsf(y1) < MAX_CELL);
        int *s = &bp.span[4 * k];
        if (!big) {
            s[0] = cell_of(b->x, cell);
            s[1] = cell_of(b->y, cell);
            s[2] = cell_of(b->x + b->w, cell);
            s[3] = cell_of(b->y + b->h, cell);
            int cover = (s[2] - s[0] + 1) * (s[3] - s[1] + 1);
            big = s[2] - s[0] >= MAX_SPAN || s[3] - s[1] >= MAX_SPAN || entries + cover > budget;
            if (!big) {
                entries += cover;
            }
        }
        if (big) {
            G.state[k] = GATHER_BIG;
            bp.big[(*nbig)++] = k;
        }
    }
    return cell;
}

/* Counting sort of every grid entry into its cell's hash bucket. */
static uint32_t fill_buckets(void)
{
    uint32_t buckets = (uint32_t)pow2_at_least(2 * G.n);
    if (buckets > (uint32_t)bp.max_buckets) {
        buckets = (uint32_t)bp.max_buckets;
    }
    memset(bp.bucket, 0, sizeof(int) * (buckets + 1));
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < G.n; k++) {
            if (G.state[k] == GATHER_BIG) {
                continue;
            }
            const int *s = &bp.span[4 * k];
            for (int cy = s[1]; cy <= s[3]; cy++) {
                for (int cx = s[0]; cx <= s[2]; cx++) {
                    uint32_t b = bucket_of(cx, cy, buckets);
                    if (pass == 0) {
                        bp.bucket[b + 1]++;
                    } else {
                        int e = bp.bucket[b]++;
                        bp.entry_k[e] = k;
                        bp.entry_cx[e] = cx;
                        bp.entry_cy[e] = cy;
                    }
                }
            }
        }
        if (pass == 0) {
            for (uint32_t b = 1; b <= buckets; b++) {
                bp.bucket[b] += bp.bucket[b - 1];
            }
        }
    }
    /* The placing pass moved every start to the next bucket's start:
     * bucket b now spans [bucket[b-1], bucket[b]), with bucket[-1] = 0. */
    return buckets;
}

/*
 * Candidates arrive as a few ascending runs (one per cell covered, then the
 * big boxes): merged into pool order, picking the least head of at most ten
 * runs each time. Returns the merged list.
 */
static const int *merge_runs(int nc)
{
    int head[MAX_SPAN * MAX_SPAN + 2], end[MAX_SPAN * MAX_SPAN + 2];
    int runs = 0;
    for (int r = 0; r < bp.runs; r++) {
        int from = bp.run_start[r];
        int to = r + 1 < bp.runs ? bp.run_start[r + 1] : nc;
        if (from < to) {
            head[runs] = from;
            end[runs] = to;
            runs++;
        }
    }
    if (runs <= 1) {
        return bp.cand;
    }
    for (int out = 0; out < nc; out++) {
        int best = -1;
        for (int r = 0; r < runs; r++) {
            if (head[r] < end[r] && (best < 0 || bp.cand[head[r]] < bp.cand[head[best]])) {
                best = r;
            }
        }
        bp.merged[out] = bp.cand[head[best]++];
    }
    return bp.merged;
}

/* Every partner j > k of box k, into bp.cand; returns how many. */
static int partners(int k, uint32_t buckets, int nbig)
{
    int nc = 0;
    const SDL_FRect *a = &G.box[k];
    bp.runs = 0;
    if (G.state[k] == GATHER_BIG) {
        bp.run_start[bp.runs++] = 0;
        for (int j = k + 1; j < G.n; j++) {
            if (boxes_overlap(a, &G.box[j]) && wanted(k, j)) {
                bp.cand[nc++] = j;
            }
        }
        return nc;
    }
    const int *s = &bp.span[4 * k];
    for (int cy = s[1]; cy <= s[3]; cy++) {
        for (int cx = s[0]; cx <= s[2]; cx++) {
            uint32_t b = bucket_of(cx, cy, buckets);
            int from = b == 0 ? 0 : bp.bucket[b - 1];
            int to = bp.bucket[b];
            int run = nc;
            bp.run_start[bp.runs++] = nc;
            /* A bucket lists its entries by ascending box: walk it from the
             * end and stop at box k, so only boxes after k are looked at. */
            for (int e = to - 1; e >= from; e--) {
                int j = bp.entry_k[e];
                if (j <= k) {
                    break;
                }
                if (bp.entry_cx[e] != cx || bp.entry_cy[e] != cy) {
                    continue;
                }
                /* Only from the cell of the intersection's top-left corner:
                 * floor(max(x, x') / cell) is the larger of the two boxes'
                 * first cells (division and floor keep order), so integers
                 * decide it, and the same way for both boxes. */
                if (!boxes_overlap(a, &G.box[j])) {
                    continue;
                }
                const int *t = &bp.span[4 * j];
                if ((s[0] > t[0] ? s[0] : t[0]) != cx || (s[1] > t[1] ? s[1] : t[1]) != cy) {
                    continue;
                }
                if (wanted(k, j)) {
                    bp.cand[nc++] = j;
                }
            }
            /* This cell's run came out descending: turn it round. */
            for (int lo = run, hi = nc - 1; lo < hi; lo++, hi--) {
                int t = bp.cand[lo];
                bp.cand[lo] = bp.cand[hi];
                bp.cand[hi] = t;
            }
        }
    }
    bp.run_start[bp.runs++] = nc;
    for (int i = 0; i < nbig; i++) {
        int j = bp.big[i];
        if (j > k && boxes_overlap(a, &G.box[j]) && wanted(k, j)) {
            bp.cand[nc++] = j;
        }
    }
    return nc;
}

/* Still the actor gathered as k: nothing released since the gather (the
 * pool counts its releases), or its slot not released since (a release
 * bumps the slot's generation, so a new actor in the slot is not it). */
static inline akgl_Actor *still(int k)
{
    int slot = G.slot[k];
    if (akgl_heap_pool_actor.releases != bp.releases &&
        akgl_heap_pool_actor.generation[slot] != bp.generation[slot]) {
        return NULL;
    }
    return akgl_actor_in_slot(slot, sizeof(akgl_Actor));
}

/* Inlined into the report loops: called once per pair, it is most of what
 * a pair costs besides the game's own hook. The actors' callbacks are
 * looked at only when the gather found one. */
static inline __attribute__((always_inline)) akerr_ErrorContext *report_pair(akgl_Physics *p,
                                                                             int k, int j)
{
    PREPARE_ERROR(errctx);
    akgl_Actor *a = still(k);
    akgl_Actor *b = still(j);
    if (a == NULL || b == NULL) {
        SUCCEED_RETURN(errctx);
    }
    if (p->on_overlap != NULL) {
        PASS(errctx, p->on_overlap(p, a, b, p->overlap_userdata));
        /* A released slot stays readable (zero) until the game quits, so
         * whether any callback follows can be asked before the check. */
        if (!bp.callbacks || (a->overlapfunc == NULL && b->overlapfunc == NULL)) {
            SUCCEED_RETURN(errctx);
        }
        if ((a = still(k)) == NULL || (b = still(j)) == NULL) {
            SUCCEED_RETURN(errctx);
        }
    }
    if (!bp.callbacks) {
        SUCCEED_RETURN(errctx);
    }
    if (a->overlapfunc != NULL && (bp.mask[k] & bp.layers[j]) != 0) {
        PASS(errctx, a->overlapfunc(a, b));
        if ((a = still(k)) == NULL || (b = still(j)) == NULL) {
            SUCCEED_RETURN(errctx);
        }
    }
    if (b->overlapfunc != NULL && (bp.mask[j] & bp.layers[k]) != 0) {
        PASS(errctx, b->overlapfunc(b, a));
    }
    SUCCEED_RETURN(errctx);
}

/*
 * The dense grid: the common scene, boxes of similar sizes in an area a
 * few times the actor count in cells. The cell is (a hair more than) the
 * largest box side, and each box goes into the one cell of its top-left
 * corner, so a box's partners all sit in the 3 x 3 cells around its own.
 * The cells are a plain array over the boxes' bounding area (no hashing,
 * nothing to check against collisions), the boxes counting-sorted into them
 * and packed in cell order, one array per coordinate, so that the candidate
 * test reads contiguous memory. Returns false when the scene does not fit:
 * a box much larger than the others, a non-finite coordinate, or an area of
 * more cells than budgeted; the general grid takes it then.
 */
static bool dense_plan(int *cols_out, int *rows_out)
{
    int n = G.n;
    double sum = 0.0, largest = 0.0;
    double minx = HUGE_VAL, miny = HUGE_VAL, maxx = -HUGE_VAL, maxy = -HUGE_VAL;
    for (int k = 0; k < n; k++) {
        const SDL_FRect *b = &G.box[k];
        double side = b->w > b->h ? (double)b->w : (double)b->h;
        if (!isfinite(b->x) || !isfinite(b->y) || !isfinite(side)) {
            return false;
        }
        sum += side > 0.0 ? side : 0.0;
        largest = side > largest ? side : largest;
        minx = b->x < minx ? b->x : minx;
        miny = b->y < miny ? b->y : miny;
        maxx = b->x > maxx ? b->x : maxx;
        maxy = b->y > maxy ? b->y : maxy;
    }
    if (!(largest > 0.0) || largest > DENSE_MAX_SIDE * (sum / n)) {
        return false;
    }
    double cell = largest * DENSE_SLACK;
    double fcols = floor((maxx - minx) / cell) + 1.0;
    double frows = floor((maxy - miny) / cell) + 1.0;
    if (!(fcols * frows <= (double)bp.max_cells)) {
        return false;
    }
    int cols = (int)fcols, rows = (int)frows, ncells = cols * rows;
    /* Counting sort of the boxes into their cells (stable: ascending k).
     * start[-1] is 0, so that cell c spans [start[c - 1], start[c]) once
     * the boxes are placed. The offsets are not negative, so the conversion
     * to int is the floor; multiplying by the inverse rather than dividing
     * can put a box on a cell's edge in the next cell, which the slack in
     * the cell side absorbs (its partners are still in the cells around). */
    int *start = bp.cell_start + 1;
    memset(bp.cell_start, 0, sizeof(int) * ((size_t)ncells + 2));
    const double inv = 1.0 / cell;
    for (int k = 0; k < n; k++) {
        int cx = (int)(((double)G.box[k].x - minx) * inv);
        int cy = (int)(((double)G.box[k].y - miny) * inv);
        cx = cx < cols ? cx : cols - 1;
        cy = cy < rows ? cy : rows - 1;
        bp.cell[k] = cy * cols + cx;
        start[bp.cell[k] + 1]++;
    }
    for (int c = 1; c <= ncells; c++) {
        start[c] += start[c - 1];
    }
    for (int k = 0; k < n; k++) {
        int e = start[bp.cell[k]]++;
        const SDL_FRect *b = &G.box[k];
        bp.px0[e] = b->x;
        bp.py0[e] = b->y;
        bp.px1[e] = b->x + b->w; /* the same sums boxes_overlap makes */
        bp.py1[e] = b->y + b->h;
        bp.packed_k[e] = k;
        bp.packed_actor[e] = akgl_actor_in_slot(G.slot[k], sizeof(akgl_Actor));
    }
    *cols_out = cols;
    *rows_out = rows;
    return true;
}

/*
 * The runs of packed boxes box e looks at, half its neighbourhood, so that
 * every pair is met once: the boxes after it in its own cell and the whole
 * cell to its right (contiguous in the packed order, a row being stored
 * left to right), then the three cells of the row below (contiguous too);
 * the other half finds it from their side.
 */
static inline void dense_runs(int e, int c, int cols, int rows, const int *start, int runs[4])
{
    int cx = c % cols, cy = c / cols;
    runs[0] = e + 1;
    runs[1] = cx + 1 < cols ? start[c + 1] : start[c];
    runs[2] = runs[3] = 0;
    if (cy + 1 < rows) {
        int c0 = (cy + 1) * cols + (cx > 0 ? cx - 1 : cx);
        int c1 = (cy + 1) * cols + (cx + 1 < cols ? cx + 1 : cx);
        runs[2] = start[c0 - 1]; /* c0 >= cols >= 1 */
        runs[3] = start[c1];
    }
}

#if BROADPHASE_SSE2
/* For each mask of the 4 lanes that overlap (bit i: lane i), those lanes'
 * numbers packed to the front; the rest of the row is never read. */
static const int32_t lane_pack[16][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
    {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
    {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};
static const unsigned char lane_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
#endif

/* overlapping_run's test, one box at a time. */
static inline int overlapping_run_scalar(int e, int from, int to, int *restrict hits, int nh)
{
    const float *restrict px0 = bp.px0, *restrict py0 = bp.py0;
    const float *restrict px1 = bp.px1, *restrict py1 = bp.py1;
    const float x0 = px0[e], y0 = py0[e], x1 = px1[e], y1 = py1[e];
    for (int f = from; f < to; f++) {
        hits[nh] = f;
        nh += (px0[f] < x1) & (x0 < px1[f]) & (py0[f] < y1) & (y0 < py1[f]);
    }
    return nh;
}

/*
 * Appends to hits[nh..] the packed boxes in [from, to) that overlap packed
 * box e; returns the new count, the boxes in run order.
 *
 * With SSE2 (every x86-64) four boxes are tested at once and the ones that
 * overlap are written out from a table, without a branch: compilers do not
 * vectorise a loop well for runs this short (about 20 boxes), and the
 * scalar test with its compaction costs ~14 instructions a box where this
 * costs ~4; the last boxes of a run (fewer than four) take the scalar test.
 * The comparisons are the same strict `<` (an unordered comparison is false
 * in both). Writing four lanes at hits + nh stays inside bp.cand: nh counts
 * only boxes before this group, and the group's four are boxes of the run,
 * all after e in the packed order, so nh + 4 <= n - 1.
 */
#if BROADPHASE_SSE2
static inline int overlapping_run(int e, int from, int to, int *restrict hits, int nh)
{
    const float *restrict px0 = bp.px0, *restrict py0 = bp.py0;
    const float *restrict px1 = bp.px1, *restrict py1 = bp.py1;
    const __m128 x0 = _mm_set1_ps(px0[e]), y0 = _mm_set1_ps(py0[e]);
    const __m128 x1 = _mm_set1_ps(px1[e]), y1 = _mm_set1_ps(py1[e]);
    int f = from;
    for (; f + 4 <= to; f += 4) {
        __m128 across = _mm_and_ps(_mm_cmplt_ps(_mm_loadu_ps(px0 + f), x1),
                                   _mm_cmplt_ps(x0, _mm_loadu_ps(px1 + f)));
        __m128 down = _mm_and_ps(_mm_cmplt_ps(_mm_loadu_ps(py0 + f), y1),
                                 _mm_cmplt_ps(y0, _mm_loadu_ps(py1 + f)));
        int lanes = _mm_movemask_ps(_mm_and_ps(across, down));
        __m128i packed = _mm_loadu_si128((const void *)lane_pack[lanes]);
        _mm_storeu_si128((void *)(hits + nh), _mm_add_epi32(packed, _mm_set1_epi32(f)));
        nh += lane_count[lanes];
    }
    return overlapping_run_scalar(e, f, to, hits, nh);
}
#else
#define overlapping_run overlapping_run_scalar
#endif

/*
 * The common case on its own: no gathered callback, every pair wanted. A
 * pair costs the test, the hook's call and one comparison: whether the pool
 * released anything since the gather, and only then whether these two are
 * still the ones gathered (see still()).
 */
static akerr_ErrorContext *report_dense_hook(akgl_Physics *p, int cols, int rows)
{
    PREPARE_ERROR(errctx);
    const int n = G.n;
    const int *packed_k = bp.packed_k;
    akgl_Actor *const *packed_actor = bp.packed_actor;
    const int *start = bp.cell_start + 1;
    const int *cell_of = bp.cell;
    int *hits = bp.cand; /* unused by the dense grid otherwise */
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    const uint64_t releases = bp.releases;
    const akgl_Actor *actors = akgl_heap_actors;
    for (int e = 0; e < n; e++) {
        int runs[4];
        dense_runs(e, cell_of[packed_k[e]], cols, rows, start, runs);
        /* First the partners, then the calls: the box need not be kept
         * across the game's hook (it would be saved and restored around
         * every call). */
        int nh = 0;
        for (int r = 0; r < 4; r += 2) {
            nh = overlapping_run(e, runs[r], runs[r + 1], hits, nh);
        }
        akgl_Actor *a = packed_actor[e];
        for (int h = 0; h < nh; h++) {
            akgl_Actor *b = packed_actor[hits[h]];
            if (pool->releases != releases) {
                int ks = (int)(a - actors), js = (int)(b - actors);
                if (pool->generation[ks] != bp.generation[ks] ||
                    pool->generation[js] != bp.generation[js]) {
                    continue;
                }
            }
            akgl_PhysicsOverlapFunc hook = p->on_overlap;
            if (hook == NULL) {
                SUCCEED_RETURN(errctx); /* it unset itself; no callback was gathered */
            }
            /* The earlier in the pool first: slots are in address order. */
            PASS(errctx, hook(p, b < a ? b : a, b < a ? a : b, p->overlap_userdata));
        }
    }
    SUCCEED_RETURN(errctx);
}

/*
 * The dense grid's pairs, reported as they are found (dense_runs), each
 * with the actor earlier in the pool first. The pairs come in the order
 * the walk finds them, which the boxes and the pool decide: the same scene,
 * the same order. *done is false, and nothing is reported, when the scene
 * does not fit the grid.
 */
static akerr_ErrorContext *report_dense(akgl_Physics *p, bool *done)
{
    PREPARE_ERROR(errctx);
    int cols = 0, rows = 0;
    *done = dense_plan(&cols, &rows);
    if (!*done) {
        SUCCEED_RETURN(errctx);
    }
    if (!bp.callbacks && bp.all_wanted) {
        PASS(errctx, report_dense_hook(p, cols, rows));
        SUCCEED_RETURN(errctx);
    }
    const int n = G.n;
    const int *packed_k = bp.packed_k;
    const int *start = bp.cell_start + 1;
    int *hits = bp.cand; /* unused by the dense grid otherwise */
    for (int e = 0; e < n; e++) {
        int k = packed_k[e];
        int runs[4];
        dense_runs(e, bp.cell[k], cols, rows, start, runs);
        int nh = 0;
        for (int r = 0; r < 4; r += 2) {
            nh = overlapping_run(e, runs[r], runs[r + 1], hits, nh);
        }
        for (int h = 0; h < nh; h++) {
            int j = packed_k[hits[h]];
            if (wanted(k, j)) {
                PASS(errctx, report_pair(p, k < j ? k : j, k < j ? j : k));
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

/* Reports made through the dense grid, for the tests. */
static unsigned long dense_reports;

unsigned long akgl_broadphase_dense_reports(void)
{
    return dense_reports;
}

bool akgl_broadphase_sse2(void)
{
    return BROADPHASE_SSE2;
}

akerr_ErrorContext *akgl_broadphase_report(akgl_Physics *p, akgl_BroadphaseBoxFunc box_of)
{
    int nbig = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, finish_gather(box_of));
    if (G.n < 2) {
        SUCCEED_RETURN(errctx);
    }
    bool done = false;
    PASS(errctx, report_dense(p, &done));
    if (done) {
        dense_reports++;
        SUCCEED_RETURN(errctx);
    }
    plan_grid(&nbig);
    uint32_t buckets = fill_buckets();
    int n = G.n;
    for (int k = 0; k < n; k++) {
        int nc = partners(k, buckets, nbig);
        const int *order = nc > 1 ? merge_runs(nc) : bp.cand;
        for (int c = 0; c < nc; c++) {
            PASS(errctx, report_pair(p, k, order[c]));
        }
    }
    SUCCEED_RETURN(errctx);
}
