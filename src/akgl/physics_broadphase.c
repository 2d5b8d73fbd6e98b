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
    uint32_t *generation;  /* [capacity] by pool slot: the slot's generation when gathered */
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
    /* What the gather found, for the report: whether a gathered actor has an
     * overlapfunc, whether every pair's layers and masks ask for it (a bit
     * in every actor's layers and in every mask), and the pool's releases
     * then (unchanged: every gathered actor is still there). */
    bool callbacks;
    bool all_wanted;
    uint64_t releases;
    /* The dense grid (see dense_pairs). */
    int *cell;             /* [capacity] each box's cell */
    int *cell_start;       /* [max_cells + 1] where each cell's boxes begin */
    int *cell_next;        /* [max_cells] where its next box goes */
    int max_cells;
    float *px0, *py0, *px1, *py1; /* [capacity] the boxes in cell order */
    int *packed_k;         /* [capacity] the gathered index of each packed box */
    int *pair_lo;          /* [max_pairs] the first actor of each pair, by the second */
    int *pair_hi;          /* [max_pairs] the second (its slot, or its gathered index
                            * when callbacks are told), grouped by the first */
    int *pair_end;         /* [capacity + 1] where each second actor's pairs end */
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
    size_t bytes = cap * sizeof(SDL_FRect) + cap * 4 * sizeof(float) +
                   cap * (3 * sizeof(uint32_t) + sizeof(int)) + cap * 4 * sizeof(int) +
                   3 * cap * sizeof(int) + 3 * entries * sizeof(int) +
                   ((size_t)buckets + 1) * sizeof(int) + cap * sizeof(int) +
                   cap * sizeof(int) + (2 * cells + 1) * sizeof(int) + 2 * pairs * sizeof(int) +
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
    TAKE(px0, cap);
    TAKE(py0, cap);
    TAKE(px1, cap);
    TAKE(py1, cap);
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
    TAKE(cell_next, cells);
    TAKE(pair_lo, pairs);
    TAKE(pair_hi, pairs);
    TAKE(pair_end, cap + 1);
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
        int slot = bp.slot[k];
        bp.slot[n] = slot;
        bp.box[n] = bp.box[k];
        bp.state[n] = GATHER_BOX;
        bp.generation[slot] = akgl_heap_pool_actor.generation[slot];
        bp.layers[n] = a->collision_layers;
        bp.mask[n] = a->collision_mask;
        every_layer &= a->collision_layers;
        every_mask &= a->collision_mask;
        callbacks = callbacks || a->overlapfunc != NULL;
        n++;
    }
    bp.n = n;
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

/* Still the actor gathered as k: nothing released since the gather (the
 * pool counts its releases), or its slot not released since (a release
 * bumps the slot's generation, so a new actor in the slot is not it). */
static inline akgl_Actor *still(int k)
{
    int slot = bp.slot[k];
    if (akgl_heap_pool_actor.releases != bp.releases &&
        akgl_heap_pool_actor.generation[slot] != bp.generation[slot]) {
        return NULL;
    }
    return &akgl_heap_actors[slot];
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
 * nothing to check against collisions), each cell's place in the packed
 * arrays (one array per coordinate) counted out first.
 *
 * The boxes are then visited in pool order. Each is tested against the
 * boxes already placed in the 3 x 3 cells around its own — exactly the
 * boxes before it in the pool, each cell's a run of the packed arrays — and
 * then placed in its own cell. So every pair is met once, from its second
 * actor, the pairs come out grouped by their second actor in pool order,
 * and one stable counting sort by the first gives the all-pairs order (by
 * the first, then by the second). Returns false, having reported nothing,
 * when the scene does not fit: a box much larger than the others, a
 * non-finite coordinate, an area of more cells than budgeted, or more pairs
 * than DENSE_PAIRS_PER_BOX per actor slot; the general grid takes it then.
 */
static bool dense_pairs(void)
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
    /* Each cell's count, then where it starts (begin) and where its next box
     * goes (next). The offsets are not negative, so the conversion to int is
     * the floor; multiplying by the inverse rather than dividing can put a
     * box on a cell's edge in the next cell, which the slack in the cell
     * side absorbs (a box's partners are still in the cells around it). */
    int *restrict begin = bp.cell_start;
    int *restrict next = bp.cell_next;
    memset(begin, 0, sizeof(int) * ((size_t)ncells + 1));
    const double inv = 1.0 / cell;
    for (int k = 0; k < n; k++) {
        int cx = (int)(((double)bp.box[k].x - minx) * inv);
        int cy = (int)(((double)bp.box[k].y - miny) * inv);
        cx = cx < cols ? cx : cols - 1;
        cy = cy < rows ? cy : rows - 1;
        bp.cell[k] = cy * cols + cx;
        begin[bp.cell[k] + 1]++;
    }
    for (int c = 1; c <= ncells; c++) {
        begin[c] += begin[c - 1];
    }
    memcpy(next, begin, sizeof(int) * (size_t)ncells);
    /* The arrays in locals: stores through them could, for all the
     * compiler knows, change bp itself, and it would reload every pointer
     * on every pair. */
    float *restrict px0 = bp.px0, *restrict py0 = bp.py0;
    float *restrict px1 = bp.px1, *restrict py1 = bp.py1;
    int *restrict packed_k = bp.packed_k;
    const SDL_FRect *box = bp.box;
    const uint32_t *layers = bp.layers, *mask = bp.mask;
    int *restrict pair_lo = bp.pair_lo, *restrict pair_end = bp.pair_end;
    const int *cell_of = bp.cell;
    const int max_pairs = bp.max_pairs;
    const bool all_wanted = bp.all_wanted;
    /* The sort's counts are taken as the pairs are found: first[j] is how
     * many pairs j is the first actor of. */
    int *restrict first = bp.merged; /* unused by the dense grid otherwise */
    memset(first, 0, sizeof(int) * (size_t)n);
    int found = 0;
    for (int k = 0; k < n; k++) {
        int c = cell_of[k];
        int cx = c % cols, cy = c / cols;
        const SDL_FRect *b = &box[k];
        float x0 = b->x, y0 = b->y;
        float x1 = b->x + b->w, y1 = b->y + b->h; /* the same sums boxes_overlap makes */
        uint32_t kl = layers[k], km = mask[k];
        int left = cx > 0 ? cx - 1 : cx, right = cx + 1 < cols ? cx + 1 : cx;
        int top = cy > 0 ? cy - 1 : cy, bottom = cy + 1 < rows ? cy + 1 : cy;
        /* k has at most k partners before it: with room for k more, no
         * pair needs the budget checked. */
        if (max_pairs - found < k) {
            if (max_pairs - found < 1) {
                return false;
            }
            /* Near the budget: look again after every pair. */
            for (int r = top; r <= bottom; r++) {
                for (int d = r * cols + left, dend = r * cols + right; d <= dend; d++) {
                    for (int f = begin[d], to = next[d]; f < to; f++) {
                        if (px0[f] < x1 && x0 < px1[f] && py0[f] < y1 && y0 < py1[f]) {
                            int j = packed_k[f];
                            if ((mask[j] & kl) == 0 && (km & layers[j]) == 0) {
                                continue;
                            }
                            if (found >= max_pairs) {
                                return false;
                            }
                            pair_lo[found++] = j;
                            first[j]++;
                        }
                    }
                }
            }
        } else {
            for (int r = top; r <= bottom; r++) {
                for (int d = r * cols + left, dend = r * cols + right; d <= dend; d++) {
                    for (int f = begin[d], to = next[d]; f < to; f++) {
                        if (px0[f] < x1 && x0 < px1[f] && py0[f] < y1 && y0 < py1[f]) {
                            int j = packed_k[f];
                            if (!all_wanted && (mask[j] & kl) == 0 && (km & layers[j]) == 0) {
                                continue;
                            }
                            pair_lo[found++] = j;
                            first[j]++;
                        }
                    }
                }
            }
        }
        pair_end[k] = found;
        int e = next[c]++;
        px0[e] = x0;
        py0[e] = y0;
        px1[e] = x1;
        py1[e] = y1;
        packed_k[e] = k;
    }
    /* Stable counting sort by the first actor: the pairs arrive by the
     * second in pool order, so each first actor's partners land in pool
     * order. Each pair keeps its second actor's slot, or, when callbacks
     * are told, its gathered index (for the layers and masks). */
    int at = 0;
    for (int k = 0; k < n; k++) {
        int count = first[k];
        first[k] = at;
        at += count;
    }
    int *restrict pair_hi = bp.pair_hi;
    const int *slot = bp.slot;
    const bool callbacks = bp.callbacks;
    for (int k = 0, f = 0; k < n; k++) {
        int v = callbacks ? k : slot[k];
        for (int end = pair_end[k]; f < end; f++) {
            pair_hi[first[pair_lo[f]]++] = v;
        }
    }
    /* first[k] is now where k's pairs end: k's pairs are [first[k-1], first[k]). */
    return true;
}

/*
 * The dense grid's pairs (k's are [end[k-1], end[k]) of pair_hi, end being
 * bp.merged), told as report_pair tells them. Without callbacks a pair
 * costs the hook's call and one test: whether the pool released anything
 * since the gather, and only then whether these two are still the ones
 * gathered (see still()).
 */
static akerr_ErrorContext *report_dense(akgl_Physics *p)
{
    PREPARE_ERROR(errctx);
    const int *end = bp.merged;
    const int *pair_hi = bp.pair_hi;
    const int n = bp.n;
    if (bp.callbacks) {
        for (int k = 0, f = 0; k < n; k++) {
            for (; f < end[k]; f++) {
                PASS(errctx, report_pair(p, k, pair_hi[f]));
            }
        }
        SUCCEED_RETURN(errctx);
    }
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    const uint32_t *gen = pool->generation, *was = bp.generation;
    const uint64_t releases = bp.releases;
    akgl_Actor *actors = akgl_heap_actors;
    const int *slot = bp.slot;
    for (int k = 0, f = 0; k < n; k++) {
        int ks = slot[k];
        akgl_Actor *a = &actors[ks];
        for (int last = end[k]; f < last; f++) {
            int js = pair_hi[f];
            if (pool->releases != releases && (gen[ks] != was[ks] || gen[js] != was[js])) {
                continue;
            }
            akgl_PhysicsOverlapFunc hook = p->on_overlap;
            if (hook == NULL) {
                SUCCEED_RETURN(errctx); /* it unset itself; no callback was gathered */
            }
            PASS(errctx, hook(p, a, &actors[js], p->overlap_userdata));
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
    PREPARE_ERROR(errctx);
    PASS(errctx, finish_gather(box_of));
    if (bp.n < 2) {
        SUCCEED_RETURN(errctx);
    }
    if (dense_pairs()) {
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
