/*
 * The overlap broad phase: which gathered boxes overlap, without testing
 * every pair.
 *
 * Two grids. The dense one (dense_pairs, below) takes the common scene:
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
#include "object.h"

#include <akgl/error.h>
#include <akgl/heap.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Cells a box may cover along one axis and still go into the grid. */
#define MAX_SPAN 3
/* Grid entries budgeted per box: beyond the budget, boxes go to the big list. */
#define ENTRIES_PER_BOX 4
/* Cell coordinates stay far inside int. */
#define MAX_CELL 1.0e9f
/* The dense grid: cells budgeted per actor slot (and at least DENSE_MIN_CELLS),
 * pairs per actor slot, and how much larger than the mean box side the
 * largest box may be. */
#define DENSE_CELLS_PER_BOX 4
#define DENSE_MIN_CELLS 4096
#define DENSE_PAIRS_PER_BOX 32
#define DENSE_MAX_SIDE 4.0
/* The dense cell is a little larger than the largest box, so that rounding
 * can never put overlapping boxes two cells apart. */
#define DENSE_SLACK 1.001

static struct
{
    int capacity;          /* actors the scratch is sized for */
    int n;                 /* gathered this update */
    SDL_FRect *box;        /* [capacity] */
    int *slot;             /* [capacity] pool slot of each gathered actor */
    uint32_t *generation;  /* [capacity] the slot's generation when gathered */
    uint32_t *layers;      /* [capacity] collision_layers when gathered */
    uint32_t *mask;        /* [capacity] collision_mask when gathered */
    uint8_t *state;        /* [capacity] GATHER_* */
    int *span;             /* [capacity * 4] cx0, cy0, cx1, cy1 */
    int *big;              /* [capacity] gathered indices too large for the grid */
    int *cand;             /* [capacity] one actor's partners, in runs */
    int *merged;           /* [capacity] the same, merged into pool order (the dense
                            * grid: pairs per first box, then where they end) */
    int run_start[MAX_SPAN * MAX_SPAN + 2]; /* where each ascending run of cand starts */
    int runs;
    int *entry_k;          /* [capacity * ENTRIES_PER_BOX] */
    int *entry_cx;
    int *entry_cy;
    int *bucket;           /* [buckets + 1] */
    int max_buckets;       /* a power of two >= 2 * capacity */
    /* The dense grid (see report_dense). */
    int *cell;             /* [capacity] each box's cell */
    int *cell_start;       /* [max_cells + 1] */
    int max_cells;
    float *packed;         /* [capacity * 4] x0, y0, x1, y1 in cell order */
    int *packed_k;         /* [capacity] the gathered index of each packed box */
    int *pair_lo;          /* [max_pairs] the first actor of each pair, as found */
    int *pair_k;           /* [max_pairs] the first actor of each pair, by the second */
    int *pair_j;           /* [max_pairs] the second, grouped by the first */
    int *pair_start;       /* [capacity + 1] where each actor's pairs start */
    int max_pairs;
    void *block;
} bp;

enum { GATHER_BOX, GATHER_PENDING, GATHER_NONE, GATHER_BIG };

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
}

akerr_ErrorContext *akgl_physics_scratch_start(int actors)
{
    PREPARE_ERROR(errctx);
    akgl_physics_scratch_stop();
    int buckets = pow2_at_least(2 * (actors > 0 ? actors : 1));
    size_t cap = (size_t)(actors > 0 ? actors : 1);
    size_t entries = cap * ENTRIES_PER_BOX;
    /* One block: boxes first (the strictest alignment), then the ints. */
    size_t cells = cap * DENSE_CELLS_PER_BOX + DENSE_MIN_CELLS;
    size_t pairs = cap * DENSE_PAIRS_PER_BOX;
    size_t bytes = cap * sizeof(SDL_FRect) + cap * (3 * sizeof(uint32_t) + sizeof(int)) +
                   cap * 4 * sizeof(int) + 3 * cap * sizeof(int) + 3 * entries * sizeof(int) +
                   ((size_t)buckets + 1) * sizeof(int) + cap * 4 * sizeof(float) +
                   cap * 2 * sizeof(int) + (cells + 1) * sizeof(int) + 3 * pairs * sizeof(int) +
                   (cap + 1) * sizeof(int) + cap;
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
    TAKE(box, cap);
    TAKE(packed, cap * 4);
    TAKE(slot, cap);
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
    TAKE(cell_start, cells + 1);
    TAKE(pair_lo, pairs);
    TAKE(pair_k, pairs);
    TAKE(pair_j, pairs);
    TAKE(pair_start, cap + 1);
    TAKE(state, cap);
#undef TAKE
    bp.block = block;
    bp.capacity = (int)cap;
    bp.max_buckets = buckets;
    bp.max_cells = (int)cells;
    bp.max_pairs = (int)pairs;
    bp.n = 0;
    SUCCEED_RETURN(errctx);
}

void akgl_broadphase_clear(void)
{
    bp.n = 0;
}

void akgl_broadphase_add(int slot, const SDL_FRect *box, bool pending)
{
    if (bp.n >= bp.capacity) {
        return; /* cannot happen: one entry per actor slot */
    }
    int k = bp.n++;
    bp.slot[k] = slot;
    bp.state[k] = pending ? GATHER_PENDING : (box != NULL ? GATHER_BOX : GATHER_NONE);
    if (box != NULL) {
        bp.box[k] = *box;
    }
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

/* Resolves pending boxes, drops box-less actors and keeps each one's layers. */
static akerr_ErrorContext *finish_gather(akgl_BroadphaseBoxFunc box_of)
{
    PREPARE_ERROR(errctx);
    int n = 0;
    for (int k = 0; k < bp.n; k++) {
        akgl_Actor *a = &akgl_heap_actors[bp.slot[k]];
        if (bp.state[k] == GATHER_PENDING) {
            bool has = false;
            PASS(errctx, box_of(a, &bp.box[k], &has));
            bp.state[k] = has ? GATHER_BOX : GATHER_NONE;
        }
        /* No box, or in no layer and asking for none: it cannot be reported. */
        if (bp.state[k] != GATHER_BOX || (a->collision_layers == 0 && a->collision_mask == 0)) {
            continue;
        }
        bp.slot[n] = bp.slot[k];
        bp.box[n] = bp.box[k];
        bp.state[n] = GATHER_BOX;
        bp.generation[n] = akgl_heap_pool_actor.generation[bp.slot[k]];
        bp.layers[n] = a->collision_layers;
        bp.mask[n] = a->collision_mask;
        n++;
    }
    bp.n = n;
    SUCCEED_RETURN(errctx);
}

/* The cell side, the spans, and which boxes are too big for the grid. */
static float plan_grid(int *nbig)
{
    double sum = 0.0;
    int counted = 0;
    for (int k = 0; k < bp.n; k++) {
        float side = fmaxf(bp.box[k].w, bp.box[k].h);
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
    int budget = bp.capacity * ENTRIES_PER_BOX;
    *nbig = 0;
    for (int k = 0; k < bp.n; k++) {
        const SDL_FRect *b = &bp.box[k];
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
            bp.state[k] = GATHER_BIG;
            bp.big[(*nbig)++] = k;
        }
    }
    return cell;
}

/* Counting sort of every grid entry into its cell's hash bucket. */
static uint32_t fill_buckets(void)
{
    uint32_t buckets = (uint32_t)pow2_at_least(2 * bp.n);
    if (buckets > (uint32_t)bp.max_buckets) {
        buckets = (uint32_t)bp.max_buckets;
    }
    memset(bp.bucket, 0, sizeof(int) * (buckets + 1));
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < bp.n; k++) {
            if (bp.state[k] == GATHER_BIG) {
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
    const SDL_FRect *a = &bp.box[k];
    bp.runs = 0;
    if (bp.state[k] == GATHER_BIG) {
        bp.run_start[bp.runs++] = 0;
        for (int j = k + 1; j < bp.n; j++) {
            if (boxes_overlap(a, &bp.box[j]) && wanted(k, j)) {
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
                if (!boxes_overlap(a, &bp.box[j])) {
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
        if (j > k && boxes_overlap(a, &bp.box[j]) && wanted(k, j)) {
            bp.cand[nc++] = j;
        }
    }
    return nc;
}

/* Still the actor gathered as k: its slot not released since (a release
 * bumps the slot's generation, so a new actor in the slot is not it). */
static inline akgl_Actor *still(int k)
{
    int slot = bp.slot[k];
    if (akgl_heap_pool_actor.generation[slot] != bp.generation[k]) {
        return NULL;
    }
    return &akgl_heap_actors[slot];
}

/* Inlined into the report loops: called once per pair, it is most of what
 * a pair costs besides the game's own hook. */
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
        if (a->overlapfunc == NULL && b->overlapfunc == NULL) {
            SUCCEED_RETURN(errctx);
        }
        if ((a = still(k)) == NULL || (b = still(j)) == NULL) {
            SUCCEED_RETURN(errctx);
        }
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
 * and packed as four floats in cell order, so the candidate test reads
 * contiguous memory. Each box j looks, in the cells around it, at the boxes
 * before it (a cell lists its boxes in ascending order: the walk stops at
 * j), so every pair is tested once; the pairs found come out ordered by j,
 * and a stable counting sort by their first box puts them in the all-pairs
 * order. Returns false, having reported nothing, when the scene does not
 * fit: a box much larger than the others, a non-finite coordinate, an area
 * of more cells than budgeted, or more pairs than DENSE_PAIRS_PER_BOX per
 * actor slot; the general grid takes it then.
 */
static bool dense_pairs(int *npairs)
{
    int n = bp.n;
    double sum = 0.0, largest = 0.0;
    double minx = HUGE_VAL, miny = HUGE_VAL, maxx = -HUGE_VAL, maxy = -HUGE_VAL;
    for (int k = 0; k < n; k++) {
        const SDL_FRect *b = &bp.box[k];
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
    /* Counting sort of the boxes into their cells (stable: ascending k). */
    int *start = bp.cell_start;
    memset(start, 0, sizeof(int) * ((size_t)ncells + 1));
    for (int k = 0; k < n; k++) {
        int cx = (int)floor(((double)bp.box[k].x - minx) / cell);
        int cy = (int)floor(((double)bp.box[k].y - miny) / cell);
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
        const SDL_FRect *b = &bp.box[k];
        float *q = &bp.packed[4 * e];
        q[0] = b->x;
        q[1] = b->y;
        q[2] = b->x + b->w; /* the same sums boxes_overlap makes */
        q[3] = b->y + b->h;
        bp.packed_k[e] = k;
    }
    /* The placing pass moved each start to the next cell's: cell c now
     * spans [start[c - 1], start[c]), with start[-1] = 0.
     *
     * Each box looks at half its neighbourhood, so that every pair is met
     * once: the boxes after it in its own cell and the whole cell to its
     * right (contiguous in the packed order, a row being stored left to
     * right), then the three cells of the row below (contiguous too). The
     * other half finds it from their side. Pairs come out in no useful
     * order, first box the smaller gathered index; two counting sorts put
     * them in the all-pairs order below. */
    /* The arrays in locals: stores through them could, for all the
     * compiler knows, change bp itself, and it would reload every pointer
     * on every pair. */
    const float *packed = bp.packed;
    const int *packed_k = bp.packed_k;
    const uint32_t *layers = bp.layers, *mask = bp.mask;
    int *pair_lo = bp.pair_lo, *pair_k = bp.pair_k, *pair_j = bp.pair_j;
    const int *cell_of = bp.cell;
    const int max_pairs = bp.max_pairs;
    /* Both sorts' counts are taken as the pairs are found (group: pairs by
     * the second box, shifted by one; first: pairs by the first box), not
     * in two more passes over the pairs. */
    int *group = bp.pair_start;
    int *first = bp.merged; /* unused by the dense grid otherwise */
    memset(group, 0, sizeof(int) * ((size_t)n + 1));
    memset(first, 0, sizeof(int) * (size_t)n);
    int found = 0;
    for (int e = 0; e < n; e++) {
        int k = packed_k[e];
        int c = cell_of[k];
        int cx = c % cols, cy = c / cols;
        const float *q = &packed[4 * e];
        float x0 = q[0], y0 = q[1], x1 = q[2], y1 = q[3];
        uint32_t kl = layers[k], km = mask[k];
        int ranges[2][2] = {{e + 1, cx + 1 < cols ? start[c + 1] : start[c]}, {0, 0}};
        if (cy + 1 < rows) {
            int c0 = (cy + 1) * cols + (cx > 0 ? cx - 1 : cx);
            int c1 = (cy + 1) * cols + (cx + 1 < cols ? cx + 1 : cx);
            ranges[1][0] = start[c0 - 1]; /* c0 >= cols >= 1 */
            ranges[1][1] = start[c1];
        }
        for (int r = 0; r < 2; r++) {
            for (int f = ranges[r][0]; f < ranges[r][1]; f++) {
                const float *o = &packed[4 * f];
                if (o[0] < x1 && x0 < o[2] && o[1] < y1 && y0 < o[3]) {
                    int j = packed_k[f];
                    if ((mask[j] & kl) == 0 && (km & layers[j]) == 0) {
                        continue;
                    }
                    if (found >= max_pairs) {
                        return false;
                    }
                    int lo = k < j ? k : j, hi = k < j ? j : k;
                    pair_lo[found] = lo;
                    pair_j[found] = hi; /* the second, for the sort */
                    group[hi + 1]++;
                    first[lo]++;
                    found++;
                }
            }
        }
    }
    /* By the second box (a stable counting sort into pair_k, grouped by
     * it): group j is [pair_start[j - 1], pair_start[j]), with
     * pair_start[-1] = 0, once placed. */
    for (int j = 1; j <= n; j++) {
        group[j] += group[j - 1];
    }
    for (int f = 0; f < found; f++) {
        pair_k[group[pair_j[f]]++] = pair_lo[f];
    }
    /* Stable counting sort by the first box; j ascending within each. */
    int at = 0;
    for (int k = 0; k < n; k++) {
        int count = first[k];
        first[k] = at;
        at += count;
    }
    for (int j = 0, f = 0; j < n; j++) {
        for (; f < group[j]; f++) {
            pair_j[first[pair_k[f]]++] = j;
        }
    }
    /* first[k] is now where k's pairs end: k's pairs are [first[k-1], first[k]). */
    *npairs = found;
    return true;
}

/*
 * The dense grid's pairs (k's are [end[k-1], end[k]) of pair_j, end being
 * bp.merged), told as report_pair tells them, with the pool's arrays and each
 * first actor's slot and generation read once: a pair costs the liveness
 * checks, the calls and nothing else.
 */
static akerr_ErrorContext *report_dense(akgl_Physics *p)
{
    PREPARE_ERROR(errctx);
    const uint32_t *gen = akgl_heap_pool_actor.generation;
    akgl_Actor *actors = akgl_heap_actors;
    const int *end = bp.merged;
    const int *pair_j = bp.pair_j, *slot = bp.slot;
    const uint32_t *gathered_gen = bp.generation;
    const int n = bp.n;
    for (int k = 0, f = 0; k < n; k++) {
        int ks = slot[k];
        uint32_t kg = gathered_gen[k];
        akgl_Actor *a = &actors[ks];
        for (; f < end[k]; f++) {
            int j = pair_j[f];
            int js = slot[j];
            uint32_t jg = gathered_gen[j];
            akgl_Actor *b = &actors[js];
            /* Still the actors gathered (see still()). */
            if (gen[ks] != kg || gen[js] != jg) {
                continue;
            }
            if (p->on_overlap != NULL) {
                PASS(errctx, p->on_overlap(p, a, b, p->overlap_userdata));
                if (a->overlapfunc == NULL && b->overlapfunc == NULL) {
                    continue;
                }
                if (gen[ks] != kg || gen[js] != jg) {
                    continue;
                }
            }
            if (a->overlapfunc != NULL && (bp.mask[k] & bp.layers[j]) != 0) {
                PASS(errctx, a->overlapfunc(a, b));
                if (gen[ks] != kg || gen[js] != jg) {
                    continue;
                }
            }
            if (b->overlapfunc != NULL && (bp.mask[j] & bp.layers[k]) != 0) {
                PASS(errctx, b->overlapfunc(b, a));
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

akerr_ErrorContext *akgl_broadphase_report(akgl_Physics *p, akgl_BroadphaseBoxFunc box_of)
{
    int nbig = 0;
    int npairs = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, finish_gather(box_of));
    if (bp.n < 2) {
        SUCCEED_RETURN(errctx);
    }
    if (dense_pairs(&npairs)) {
        dense_reports++;
        PASS(errctx, report_dense(p));
        SUCCEED_RETURN(errctx);
    }
    plan_grid(&nbig);
    uint32_t buckets = fill_buckets();
    int n = bp.n;
    for (int k = 0; k < n; k++) {
        int nc = partners(k, buckets, nbig);
        const int *order = nc > 1 ? merge_runs(nc) : bp.cand;
        for (int c = 0; c < nc; c++) {
            PASS(errctx, report_pair(p, k, order[c]));
        }
    }
    SUCCEED_RETURN(errctx);
}
