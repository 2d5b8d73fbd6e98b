/*
 * A recorded run, replayed: the frame path must reproduce it bit for bit.
 *
 * tests/assets/replay/trajectory.txt was recorded from the code before the
 * frame path was optimised (issue 9/12): physics with gravity, drag and a
 * solid grid, actors with hitboxes and with sprite boxes, immovable ones, a
 * box-less one, state changes between updates, uneven frame times and a
 * stall past AKGL_PHYSICS_MAX_STEPS, the overlap hook, mixed draw layers.
 * Every update's positions, velocities, touch bits, states and animation
 * frames, and the overlap pairs in the all-pairs order, are hashed (FNV-1a
 * over the exact bits); every 20th update also writes the values themselves
 * and a hash of the drawn pixels, so a mismatch says where it starts.
 *
 * AKGL_REPLAY_RECORD=<path> writes a new recording there instead of
 * comparing (only ever from code whose trajectories are the reference).
 */
#include "physics_test.h"
#include "scene.h"

#include <stdio.h>
#include <stdlib.h>

#define RECORDING AKGL_TEST_ASSETS_DIR "/replay/trajectory.txt"
#define NACTORS 24
#define UPDATES 300
#define DETAIL_EVERY 20
#define GRID_COLS 25
#define GRID_ROWS 15
#define TILE 32.0f

static uint8_t cells[GRID_ROWS * GRID_COLS];
static akgl_Actor *actors[NACTORS];
static uint64_t hash;

static void mix(const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        hash ^= p[i];
        hash *= UINT64_C(1099511628211);
    }
}

static int index_of(const akgl_Actor *a)
{
    for (int i = 0; i < NACTORS; i++) {
        if (actors[i] == a) {
            return i;
        }
    }
    return -1;
}

static int overlaps_this_update;

/* This update's pairs: the dense broad phase reports them in an order of
 * its own (docs/14), so they are hashed in the all-pairs order the
 * recording has (by the first actor's slot, then the second's). */
typedef struct SeenPair
{
    int slot_a, slot_b, a, b;
} SeenPair;
static SeenPair seen[NACTORS * NACTORS];
static int seen_wrong_way;

static akerr_ErrorContext *hash_overlap(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b,
                                        void *userdata)
{
    (void)p;
    (void)userdata;
    if (overlaps_this_update < NACTORS * NACTORS) {
        seen[overlaps_this_update] = (SeenPair){(int)(a - akgl_heap_actors),
                                                (int)(b - akgl_heap_actors), index_of(a),
                                                index_of(b)};
    }
    seen_wrong_way += a >= b;
    overlaps_this_update++;
    return NULL;
}

static int seen_order(const void *x, const void *y)
{
    const SeenPair *p = x, *q = y;
    if (p->slot_a != q->slot_a) {
        return p->slot_a < q->slot_a ? -1 : 1;
    }
    return (p->slot_b > q->slot_b) - (p->slot_b < q->slot_b);
}

static void hash_overlaps(void)
{
    int n = overlaps_this_update < NACTORS * NACTORS ? overlaps_this_update : NACTORS * NACTORS;
    qsort(seen, (size_t)n, sizeof(SeenPair), seen_order);
    for (int i = 0; i < n; i++) {
        int pair[2] = {seen[i].a, seen[i].b};
        mix(pair, sizeof(pair));
    }
}

static void build_grid(void)
{
    memset(cells, 0, sizeof(cells));
    for (int c = 0; c < GRID_COLS; c++) {
        cells[13 * GRID_COLS + c] = 1; /* the floor */
    }
    for (int r = 0; r < GRID_ROWS; r++) {
        cells[r * GRID_COLS + 0] = 1; /* walls */
        cells[r * GRID_COLS + GRID_COLS - 1] = 1;
    }
    for (int c = 6; c < 11; c++) {
        cells[9 * GRID_COLS + c] = 1; /* a platform */
    }
    for (int c = 15; c < 19; c++) {
        cells[6 * GRID_COLS + c] = 1; /* another */
    }
}

static const int WALK_CELLS[4] = {0, 1, 2, 3};
static const int IDLE_CELLS[3] = {4, 5, 6};
static const int ONCE_CELLS[2] = {6, 7};

static bool make_cast(Scene *s, akgl_Sprite **walk, akgl_Sprite **idle, akgl_Sprite **once,
                      akgl_Character **hero)
{
    *walk = make_sprite(s, "replay_walk", WALK_CELLS, 4, 100, true, false);
    *idle = make_sprite(s, "replay_idle", IDLE_CELLS, 3, 150, true, true);
    *once = make_sprite(s, "replay_once", ONCE_CELLS, 2, 80, false, false);
    *hero = make_character("replay_hero", 90);
    if (*walk == NULL || *idle == NULL || *once == NULL || *hero == NULL) {
        return false;
    }
    const int A = AKGL_ACTOR_STATE_ALIVE;
    const struct { akgl_Sprite *spr; int state; } map[] = {
        {*walk, A | AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT},
        {*walk, A | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT},
        {*idle, A | AKGL_ACTOR_STATE_FACE_LEFT},
        {*idle, A | AKGL_ACTOR_STATE_FACE_RIGHT},
        {*once, A | AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP},
        {*once, A | AKGL_ACTOR_STATE_FACE_UP},
    };
    for (size_t i = 0; i < SDL_arraysize(map); i++) {
        CHECK_OK((*hero)->sprite_add(*hero, map[i].spr, map[i].state));
    }
    (*hero)->sx = 120.0f;
    (*hero)->sy = 300.0f;
    (*hero)->ax = 400.0f;
    (*hero)->ay = 900.0f;
    return true;
}

/* Deterministic, and the same on every platform: no rand(). */
static uint32_t lcg_state = 12345u;
static uint32_t lcg(void)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (lcg_state >> 8) & 0xffffffu;
}

static void spawn_cast(void)
{
    const int A = AKGL_ACTOR_STATE_ALIVE;
    for (int i = 0; i < NACTORS; i++) {
        char name[32];
        snprintf(name, sizeof(name), "replay%02d", i);
        /* One actor has no character and no hitbox: it has no box at all. */
        actors[i] = make_actor(name, i == 7 ? NULL : "replay_hero");
        if (actors[i] == NULL) {
            return;
        }
        akgl_Actor *a = actors[i];
        a->x = 40.0f + (float)(lcg() % 700);
        a->y = 20.0f + (float)(lcg() % 300);
        a->vx = (float)((int)(lcg() % 200) - 100);
        a->vy = (float)((int)(lcg() % 100) - 50);
        a->layer = (int)(lcg() % 4);
        switch (i % 4) {
        case 0: a->state = A | AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT; break;
        case 1: a->state = A | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT; break;
        case 2: a->state = A | AKGL_ACTOR_STATE_FACE_RIGHT; break;
        default: a->state = A | AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP; break;
        }
        if (i % 3 == 0) { /* a hitbox smaller than the frame, offset */
            a->hitbox = (SDL_FRect){6.0f, 4.0f, 30.0f, 40.0f};
        }
        if (i == 7) {
            a->hitbox = (SDL_FRect){0, 0, 0, 0};
        }
        a->immovable = (i % 11 == 5);
    }
}

/* Between updates, like a game reacting to input. */
static void change_states(int update)
{
    if (update % 37 != 0) {
        return;
    }
    const int A = AKGL_ACTOR_STATE_ALIVE;
    for (int i = update % 5; i < NACTORS; i += 5) {
        akgl_Actor *a = actors[i];
        if (a->state & AKGL_ACTOR_STATE_MOVING_LEFT) {
            a->state = A | AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT;
        } else if (a->state & AKGL_ACTOR_STATE_MOVING_RIGHT) {
            a->state = A | AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP;
        } else {
            a->state = A | AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT;
        }
        a->layer = (a->layer + 1) % 4;
    }
}

static void hash_actor(const akgl_Actor *a)
{
    const float f[6] = {a->x, a->y, a->z, a->vx, a->vy, a->vz};
    const int n[3] = {a->touching, a->state, a->curSpriteFrameId};
    mix(f, sizeof(f));
    mix(n, sizeof(n));
}

static uint64_t hash_pixels(SDL_Surface *s)
{
    uint64_t saved = hash;
    hash = UINT64_C(14695981039346656037);
    if (s != NULL) {
        for (int y = 0; y < s->h; y++) {
            mix((const unsigned char *)s->pixels + (size_t)y * (size_t)s->pitch,
                (size_t)s->w * 4);
        }
    }
    uint64_t h = hash;
    hash = saved;
    return h;
}

static const uint64_t FRAME_MS[10] = {16, 17, 16, 33, 8, 0, 16, 100, 16, 300};

/* Runs the scene and writes what it did, one line per record, into out. */
static void run_scene(FILE *out)
{
    Scene s;
    akgl_Sprite *walk = NULL, *idle = NULL, *once = NULL;
    akgl_Character *hero = NULL;
    if (!scene_open_bound(&s, 800, 450)) {
        scene_close(&s);
        return;
    }
    scene_capture(&s.r);
    physics_begin();
    phys.gravity_y = 600.0f;
    phys.drag_x = 0.5f;
    build_grid();
    akgl_SolidGrid grid = {cells, GRID_COLS, GRID_ROWS, TILE, TILE, 0.0f, 0.0f, 0, 0, 0, NULL};
    CHECK_OK(akgl_physics_set_solid_grid(&phys, &grid));
    phys.on_overlap = hash_overlap;
    lcg_state = 12345u;
    if (make_cast(&s, &walk, &idle, &once, &hero)) {
        spawn_cast();
    }
    for (int u = 0; u < UPDATES && test_state_.case_failures == 0; u++) {
        change_states(u);
        advance_ms(FRAME_MS[u % 10]);
        hash = UINT64_C(14695981039346656037);
        overlaps_this_update = 0;
        CHECK_OK(akgl_game_update(NULL));
        hash_overlaps();
        for (int i = 0; i < NACTORS; i++) {
            hash_actor(actors[i]);
        }
        fprintf(out, "u %d %d %016llx\n", u, overlaps_this_update, (unsigned long long)hash);
        if (u % DETAIL_EVERY == DETAIL_EVERY - 1) {
            fprintf(out, "pixels %016llx\n", (unsigned long long)hash_pixels(scene_last_frame));
            for (int i = 0; i < NACTORS; i++) {
                const akgl_Actor *a = actors[i];
                fprintf(out, "a %d %a %a %a %a %a %a %d %d %d\n", i, (double)a->x, (double)a->y,
                        (double)a->z, (double)a->vx, (double)a->vy, (double)a->vz, a->touching,
                        a->state, a->curSpriteFrameId);
            }
        }
    }
    for (int i = 0; i < NACTORS; i++) {
        despawn(actors[i]);
        actors[i] = NULL;
    }
    if (hero != NULL) {
        CHECK_OK(akgl_heap_release_character(hero));
    }
    akgl_Sprite *sprites[3] = {walk, idle, once};
    for (int i = 0; i < 3; i++) {
        if (sprites[i] != NULL) {
            CHECK_OK(akgl_heap_release_sprite(sprites[i]));
        }
    }
    phys.on_overlap = NULL;
    /* Every pair came with the earlier actor in the pool first. */
    CHECK_INT_EQ(seen_wrong_way, 0);
    physics_end();
    scene_capture_done();
    scene_close(&s);
}

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                return NULL;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    *len = n;
    return buf;
}

static void test_replay_matches_recording(void)
{
    const char *record = getenv("AKGL_REPLAY_RECORD");
    if (record != NULL && record[0] != '\0') {
        FILE *out = fopen(record, "w");
        CHECK_MSG(out != NULL, "cannot write %s", record);
        if (out != NULL) {
            run_scene(out);
            fclose(out);
            printf("recorded %s\n", record);
        }
        return;
    }
    FILE *now = tmpfile();
    FILE *then = fopen(RECORDING, "r");
    CHECK_MSG(then != NULL, "cannot read the recording %s", RECORDING);
    CHECK(now != NULL);
    if (now == NULL || then == NULL) {
        if (now) fclose(now);
        if (then) fclose(then);
        return;
    }
    run_scene(now);
    rewind(now);
    size_t nlen = 0, tlen = 0;
    char *a = read_all(now, &nlen);
    char *b = read_all(then, &tlen);
    fclose(now);
    fclose(then);
    CHECK(a != NULL && b != NULL);
    if (a != NULL && b != NULL) {
        /* Report the first line that differs. */
        size_t i = 0, line = 1, start = 0;
        while (i < nlen && i < tlen && a[i] == b[i]) {
            if (a[i] == '\n') {
                line++;
                start = i + 1;
            }
            i++;
        }
        if (i < nlen || i < tlen) {
            size_t ae = start, be = start;
            while (ae < nlen && a[ae] != '\n') ae++;
            while (be < tlen && b[be] != '\n') be++;
            CHECK_MSG(false, "the replay departs from %s at line %zu:\n  recorded: %.*s\n  now:      %.*s",
                      RECORDING, line, (int)(be - start), b + start, (int)(ae - start),
                      a + start);
        }
        CHECK_MSG(nlen > 1000, "the replay wrote only %zu bytes", nlen);
    }
    free(a);
    free(b);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_replay_matches_recording);
    return AKGL_TEST_END();
}
