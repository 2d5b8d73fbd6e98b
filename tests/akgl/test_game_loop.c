/*
 * akgl_game_update: refused before akgl_game_init; the physics step (skipped
 * with no backend, fed game-time deltas with one); actors updated, then
 * drawn; update only without a renderer. Then a whole game loop: sprites and
 * a character loaded from JSON (tests/assets/loop/), several actors in
 * different states, layers and places, N frames on the manual clock, and the
 * last frame compared with an image the test computes itself.
 */
#include <akgl/game.h>
#include <akgl/physics.h>

#include "scene.h"

#define MS AKGL_TIME_ONEMS_NS
#define LOOP_DIR AKGL_TEST_ASSETS_DIR "/loop/"

static void test_update_before_init_is_refused(void)
{
    CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_BEHAVIOR, "akgl_game_init first");
}

/* ------------------------------------------------------------------------ */
/* The steps of one update                                                  */
/* ------------------------------------------------------------------------ */

#define MAX_STEPS 16
static uint64_t step_elapsed[MAX_STEPS];
static int steps_taken;
static char order[128];
static int fail_physics_with;

static void note(const char *what)
{
    size_t n = strlen(order);
    snprintf(order + n, sizeof(order) - n, "%s", what);
}

static akerr_ErrorContext *recording_step(akgl_Physics *p, uint64_t elapsed_ns)
{
    PREPARE_ERROR(errctx);
    CHECK(p == game.physics);
    if (steps_taken < MAX_STEPS) {
        step_elapsed[steps_taken] = elapsed_ns;
    }
    steps_taken++;
    note("P");
    if (fail_physics_with != 0) {
        FAIL_RETURN(errctx, fail_physics_with, "the physics step failed on purpose");
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *noting_update(akgl_Actor *a)
{
    note("u");
    return akgl_actor_run_update(a);
}

static akerr_ErrorContext *noting_render(akgl_Actor *a, akgl_Renderer *r)
{
    char text[16];
    snprintf(text, sizeof(text), "r%d", a->curSpriteFrameId);
    note(text);
    return akgl_actor_draw(a, r);
}

static akgl_RenderFrameFunc real_frame_start;

static akerr_ErrorContext *noting_frame_start(akgl_Renderer *r)
{
    note("S");
    return real_frame_start(r);
}

static akerr_ErrorContext *noting_frame_end(akgl_Renderer *r)
{
    note("E");
    return scene_capture_frame_end(r);
}

/* The game this suite runs: more actors than the default capacity, since
 * the update pass's walk needs several bitmap words of them. */
#define WALK_SLOTS 260
static const akgl_GameConfig loop_config = {.capacity[AKGL_HEAP_ACTOR] = 2 * WALK_SLOTS};

/* A fresh game, so "the first update" is the first since akgl_game_init. */
static void restart_game(void)
{
    CHECK_OK(akgl_game_quit());
    CHECK_OK(akgl_game_init_with_config(&loop_config));
}

static void test_physics_step_gets_game_time_deltas(void)
{
    akgl_Physics physics = {.step = recording_step};
    restart_game();
    CHECK_OK(akgl_time_use_manual(true));

    /* No backend bound: no step, and no error. */
    game.physics = NULL;
    CHECK_OK(akgl_game_update(NULL));
    CHECK_OK(akgl_time_advance(5 * MS));

    game.physics = &physics;
    steps_taken = 0;
    order[0] = '\0';
    CHECK_OK(akgl_game_update(NULL));
    CHECK_OK(akgl_time_advance(16 * MS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_OK(akgl_time_advance(33 * MS + 7));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(steps_taken, 4);
    CHECK(step_elapsed[0] == 5 * MS); /* since the unbound update before it */
    CHECK(step_elapsed[1] == 16 * MS);
    CHECK(step_elapsed[2] == 0);
    CHECK(step_elapsed[3] == 33 * MS + 7);

    /* The first update after a start gets 0. */
    restart_game();
    game.physics = &physics;
    steps_taken = 0;
    CHECK_OK(akgl_time_advance(1000 * MS));
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(steps_taken, 1);
    CHECK(step_elapsed[0] == 0);

    /* A step with no function is skipped; a failing step stops the frame. */
    physics.step = NULL;
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(steps_taken, 1);
    physics.step = recording_step;
    akgl_Actor *a = make_actor("physics-actor", NULL);
    a->updatefunc = noting_update;
    fail_physics_with = AKERR_VALUE;
    order[0] = '\0';
    CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_VALUE, "on purpose");
    CHECK_STR_EQ(order, "P"); /* the actors were not updated */
    fail_physics_with = 0;
    CHECK_OK(akgl_heap_release_actor(a));

    game.physics = NULL;
    CHECK_OK(akgl_time_use_manual(false));
}

static void test_update_then_draw(void)
{
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&s, 120, 90)) {
        const int cells[] = {0, 1, 2, 3};
        akgl_Sprite *spr = make_sprite(&s, "order-sprite", cells, 4, 10, true, false);
        akgl_Character *c = make_character("order-char", 0);
        int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        CHECK_OK(c->sprite_add(c, spr, stand));
        akgl_Actor *a = make_actor("order-a", "order-char");
        akgl_Actor *b = make_actor("order-b", "order-char");
        a->state = b->state = stand;
        a->updatefunc = b->updatefunc = noting_update;
        a->renderfunc = b->renderfunc = noting_render;
        b->x = 60.0f;
        scene_capture(&s.r);
        real_frame_start = s.r.frame_start;
        s.r.frame_start = noting_frame_start;
        s.r.frame_end = noting_frame_end;

        CHECK_OK(akgl_game_update(NULL));
        order[0] = '\0';
        CHECK_OK(akgl_time_advance(10 * MS));
        CHECK_OK(akgl_game_update(NULL));
        /* Both updated (frame id 1 already), then the frame drawn with them. */
        CHECK_STR_EQ(order, "uuSr1r1E");
        CHECK_PIXEL(scene_last_frame, 0, 0, cell_marker(1));
        CHECK_PIXEL(scene_last_frame, 60, 0, cell_marker(1));

        /* No renderer bound: actors are updated and nothing is drawn. */
        game.renderer = NULL;
        int frames_before = scene_frames_seen;
        order[0] = '\0';
        CHECK_OK(akgl_time_advance(10 * MS));
        CHECK_OK(akgl_game_update(NULL));
        CHECK_STR_EQ(order, "uu");
        CHECK_INT_EQ(a->curSpriteFrameId, 2);
        CHECK_INT_EQ(scene_frames_seen, frames_before);
        game.renderer = &s.r;

        /* A renderer without frame hooks still draws. */
        s.r.frame_start = NULL;
        s.r.frame_end = NULL;
        order[0] = '\0';
        CHECK_OK(akgl_game_update(NULL));
        CHECK_STR_EQ(order, "uur2r2");
        s.r.frame_start = real_frame_start;
        s.r.frame_end = scene_real_frame_end;
        scene_capture_done();

        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_actor(b));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
    CHECK_OK(akgl_time_use_manual(false));
}

/*
 * The draw pass submits plain actors itself (game.c draw_direct), culling
 * against the camera and offsetting by it: the same edges as the backend's
 * own cull (test_render_draw), through akgl_game_update, with the camera at
 * the origin, moved, and with none.
 */
/* Gives back a scene's actors (NULL entries skipped), then its character
 * and sprite. */
static void release_cast(akgl_Actor **actors, int n, akgl_Character *c, akgl_Sprite *spr)
{
    for (int i = 0; i < n; i++) {
        if (actors[i] != NULL) {
            CHECK_OK(akgl_heap_release_actor(actors[i]));
        }
    }
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
}

static void test_draw_pass_culls_at_the_edges(void)
{
    static const struct
    {
        float x, y;
        bool seen;       /* camera at (0, 0), a 160 x 120 view */
        bool seen_moved; /* camera at (-100, 0) */
    } spots[] = {
        {-48, 0, false, true},    {160, 0, false, false}, {0, 120, false, false},
        {0, -48, false, false},   {-48, -48, false, false}, {-47, 10, true, true},
        {159, 119, true, false},  {100, -47, true, false},
    };
    enum { NSPOTS = (int)SDL_arraysize(spots) };
    akgl_Actor *actors[NSPOTS] = {0};
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&s, 160, 120)) {
        const int cells[] = {3};
        akgl_Sprite *spr = make_sprite(&s, "edge-sprite", cells, 1, 100, true, false);
        akgl_Character *c = make_character("edge-char", 0);
        const int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        CHECK_OK(c->sprite_add(c, spr, stand));
        for (int i = 0; i < NSPOTS; i++) {
            char name[16];
            snprintf(name, sizeof(name), "edge-%d", i);
            actors[i] = make_actor(name, "edge-char");
            if (actors[i] != NULL) {
                actors[i]->state = stand;
                actors[i]->x = spots[i].x;
                actors[i]->y = spots[i].y;
            }
        }
        scene_capture(&s.r);
        akgl_Camera *cam = s.r.camera;
        int seen = 0, seen_moved = 0;
        for (int i = 0; i < NSPOTS; i++) {
            seen += spots[i].seen;
            seen_moved += spots[i].seen_moved;
        }

        cam->x = 0.0f;
        cam->y = 0.0f;
        /* The first frame fills the sprite's source rectangles (through the
         * backend); the second is the draw pass's own. */
        CHECK_OK(akgl_game_update(NULL));
        s.r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(s.r.stats.submitted, seen);
        CHECK_INT_EQ(s.r.stats.culled, NSPOTS - seen);
        CHECK_PIXEL(scene_last_frame, 0, 10, CELL_FILL[3]); /* the cell's last column */
        CHECK_PIXEL(scene_last_frame, 1, 10, CLEAR);
        CHECK_PIXEL(scene_last_frame, 159, 119, cell_marker(3)); /* the cell's first pixel */
        CHECK_PIXEL(scene_last_frame, 100, 0, CELL_FILL[3]); /* the cell's last row */
        CHECK_PIXEL(scene_last_frame, 100, 1, CLEAR);

        /* Moved: the camera's position is subtracted; the same spots seen or not. */
        cam->x = -100.0f;
        s.r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(s.r.stats.submitted, seen_moved);
        CHECK_INT_EQ(s.r.stats.culled, NSPOTS - seen_moved);
        CHECK_PIXEL(scene_last_frame, 52, 0, cell_marker(3));
        CHECK_PIXEL(scene_last_frame, 51, 0, CLEAR);
        CHECK_PIXEL(scene_last_frame, 53, 10, cell_marker(3));
        CHECK_PIXEL(scene_last_frame, 159, 119, CLEAR);

        /* No camera: nothing culled, nothing offset. */
        s.r.camera = NULL;
        s.r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(s.r.stats.submitted, NSPOTS);
        CHECK_INT_EQ(s.r.stats.culled, 0);
        CHECK_PIXEL(scene_last_frame, 159, 119, cell_marker(3));
        CHECK_PIXEL(scene_last_frame, 0, 10, CELL_FILL[3]);
        s.r.camera = cam;
        scene_capture_done();

        release_cast(actors, NSPOTS, c, spr);
    }
    scene_close(&s);
    CHECK_OK(akgl_time_use_manual(false));
}

/*
 * The update pass's common run (actor.c update_defaults) reads the pool's
 * live bitmap a word at a time and again only after a state's sound; the
 * general loop takes over at the first actor with a hook of the game's.
 * Live actors scattered over several bitmap words (gaps, a whole empty word,
 * a word's first and last slots) are each updated and drawn once per
 * update: every one's animation steps one frame per dwell. Then the same
 * with a sound state entered midway (the walk reads the bitmap again) and a
 * game's updatefunc later on (the general loop finishes the pass).
 */
static int walk_updates;

static akerr_ErrorContext *counting_update(akgl_Actor *a)
{
    walk_updates++;
    return akgl_actor_run_update(a);
}

static bool walk_keeps(int i)
{
    return i % 7 != 3 && !(i >= 128 && i < 192);
}

static void test_update_pass_walks_every_live_actor(void)
{
    static akgl_Actor *slots[WALK_SLOTS];
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&s, 64, 64)) {
        const int cells[] = {0, 1, 2, 3};
        akgl_Sprite *spr = make_sprite(&s, "walk-sprite", cells, 4, 100, true, false);
        akgl_Character *c = make_character("walk-char", 0);
        const int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        CHECK_OK(c->sprite_add(c, spr, stand));
        CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP));
        int live = 0;
        for (int i = 0; i < WALK_SLOTS; i++) {
            char name[16];
            snprintf(name, sizeof(name), "walk-%d", i);
            slots[i] = make_actor(name, "walk-char");
            if (slots[i] != NULL) {
                slots[i]->state = stand;
            }
        }
        /* Which stay is decided by pool slot: the gaps are in the bitmap. */
        akgl_Actor *first = NULL, *past_gap = NULL;
        for (int i = 0; i < WALK_SLOTS; i++) {
            if (slots[i] == NULL) {
                continue;
            }
            int slot = (int)(slots[i] - akgl_heap_actors);
            if (!walk_keeps(slot)) {
                CHECK_OK(akgl_heap_release_actor(slots[i]));
                slots[i] = NULL;
                continue;
            }
            live++;
            if (first == NULL || slots[i] < first) {
                first = slots[i];
            }
            if (slot >= 192 && (past_gap == NULL || slots[i] < past_gap)) {
                past_gap = slots[i];
            }
        }
        CHECK(first != NULL && past_gap != NULL && live > 150);
        if (first == NULL || past_gap == NULL) {
            return;
        }
        CHECK_OK(akgl_game_update(NULL)); /* the first: lookups and source rectangles */
        for (int round = 1; round <= 3; round++) {
            if (round == 2) {
                /* A state entered (its sound, none here) in the run... */
                first->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_UP;
            }
            if (round == 3) {
                /* ...and a game's updatefunc after it: the general loop. */
                past_gap->updatefunc = counting_update;
            }
            s.r.stats = (akgl_RenderStats){0, 0};
            walk_updates = 0;
            CHECK_OK(akgl_time_advance(100 * MS));
            CHECK_OK(akgl_game_update(NULL));
            int stepped = 0;
            for (int i = 0; i < WALK_SLOTS; i++) {
                if (slots[i] != NULL) {
                    stepped += slots[i]->curSpriteFrameId == round % 4;
                    CHECK_MSG(slots[i]->curSpriteFrameId == round % 4,
                              "round %d: actor %d shows frame %d", round, i,
                              slots[i]->curSpriteFrameId);
                }
            }
            CHECK_INT_EQ(stepped, live);
            CHECK_INT_EQ((int)s.r.stats.submitted, live);
            CHECK_INT_EQ(walk_updates, round == 3 ? 1 : 0);
        }
        release_cast(slots, WALK_SLOTS, c, spr);
    }
    scene_close(&s);
    CHECK_OK(akgl_time_use_manual(false));
}

/* ------------------------------------------------------------------------ */
/* A whole game loop, compared with a computed image                        */
/* ------------------------------------------------------------------------ */

#define LOOP_W 160
#define LOOP_H 120
#define LOOP_FRAMES 25
#define LOOP_STEP_MS 16
#define TURN_AT 12 /* the update at which the "turner" changes direction */

/* The fixtures' playlists (tests/assets/loop/README.md). */
static const int WALK[] = {0, 1, 2, 3};   /* 100 ms, wraps */
static const int BOUNCE[] = {4, 5, 6};    /* 50 ms, ping-pong */
static const int ONCE[] = {7, 3, 1};      /* 80 ms (speedtime), plays once */
static const int IDLE[] = {6};

/* Frame ids by the documented rules, written out, for `ms` of animation. */
static int walk_id(uint64_t ms) { return (int)((ms / 100) % 4); }
static int bounce_id(uint64_t ms)
{
    static const int pingpong[] = {0, 1, 2, 1}; /* 0, 1, 2, 1, 0, 1, 2, 1, ... */
    return pingpong[(ms / 50) % 4];
}
static int once_id(uint64_t ms) { return ms / 80 >= 2 ? 2 : (int)(ms / 80); }

typedef struct Placed
{
    const char *name;
    int state;
    float x, y;
    int layer;
    SDL_FlipMode flip;
    bool visible;
    akgl_Actor *actor;
    int expect_cell; /* -1: expect nothing drawn */
} Placed;

/* Copies cell `cell` of the sheet (RGBA32) into `img` at (x, y), mirrored as
 * asked and clipped to the image: plain loops, no SDL drawing. */
static void paint_cell(SDL_Surface *img, SDL_Surface *sheet, int cell, int x, int y,
                       SDL_FlipMode flip)
{
    int cx = (cell % 4) * CELL, cy = (cell / 4) * CELL;
    for (int v = 0; v < CELL; v++) {
        for (int u = 0; u < CELL; u++) {
            int dx = x + u, dy = y + v;
            if (dx < 0 || dy < 0 || dx >= img->w || dy >= img->h) {
                continue;
            }
            int su = (flip & SDL_FLIP_HORIZONTAL) ? CELL - 1 - u : u;
            int sv = (flip & SDL_FLIP_VERTICAL) ? CELL - 1 - v : v;
            const Uint8 *src = (const Uint8 *)sheet->pixels + (cy + sv) * sheet->pitch +
                               (cx + su) * 4;
            Uint8 *dst = (Uint8 *)img->pixels + dy * img->pitch + dx * 4;
            memcpy(dst, src, 4);
        }
    }
}

/* How many pixels differ by more than `tolerance` in any channel. */
static int compare_images(SDL_Surface *got, SDL_Surface *want, int tolerance)
{
    int bad = 0;
    for (int y = 0; y < want->h; y++) {
        for (int x = 0; x < want->w; x++) {
            const Uint8 *g = (const Uint8 *)got->pixels + y * got->pitch + x * 4;
            const Uint8 *w = (const Uint8 *)want->pixels + y * want->pitch + x * 4;
            for (int ch = 0; ch < 3; ch++) {
                if (abs((int)g[ch] - (int)w[ch]) > tolerance) {
                    if (bad < 5) {
                        fprintf(stderr, "  (%d, %d) is (%d, %d, %d), expected (%d, %d, %d)\n", x,
                                y, g[0], g[1], g[2], w[0], w[1], w[2]);
                    }
                    bad++;
                    break;
                }
            }
        }
    }
    return bad;
}

static void release_registered(SDL_PropertiesID registry, const char *what, const char *name)
{
    void *obj = NULL;
    CHECK_OK(akgl_registry_get(registry, what, name, &obj));
    CHECK_MSG(obj != NULL, "%s \"%s\" is not registered", what, name);
    if (obj == NULL) {
        return;
    }
    if (registry == AKGL_REGISTRY_SPRITE) {
        CHECK_OK(akgl_heap_release_sprite(obj));
    } else {
        CHECK_OK(akgl_heap_release_character(obj));
    }
}

static void test_game_loop_matches_computed_image(void)
{
    const int A = AKGL_ACTOR_STATE_ALIVE;
    const int LEFT = AKGL_ACTOR_STATE_MOVING_LEFT;
    const int RIGHT = AKGL_ACTOR_STATE_MOVING_RIGHT;
    const uint64_t end_ms = (uint64_t)(LOOP_FRAMES - 1) * LOOP_STEP_MS;  /* 384 */
    const uint64_t turned_ms = end_ms - (uint64_t)TURN_AT * LOOP_STEP_MS; /* 192 */
    Placed cast[] = {
        /* name, state, x, y, layer, flip, visible, actor, expected cell */
        {"walker", A | LEFT, 8, 8, 0, SDL_FLIP_NONE, true, NULL, WALK[walk_id(end_ms)]},
        {"bouncer", A | RIGHT, 36, 30, 1, SDL_FLIP_NONE, true, NULL,
         BOUNCE[bounce_id(end_ms)]},
        {"dier", A | AKGL_ACTOR_STATE_DYING | AKGL_ACTOR_STATE_FACE_DOWN, 100, 10, 0,
         SDL_FLIP_NONE, true, NULL, ONCE[once_id(end_ms)]},
        /* Bounces until update TURN_AT, then walks: its walk starts there. */
        {"turner", A | RIGHT, 60, 64, 2, SDL_FLIP_HORIZONTAL, true, NULL,
         WALK[walk_id(turned_ms)]},
        /* Partly off the bottom-right corner, mirrored vertically. */
        {"edge", A | AKGL_ACTOR_STATE_FACE_LEFT, 130, 90, 3, SDL_FLIP_VERTICAL, true, NULL,
         IDLE[0]},
        /* Partly off the left edge, under everything. */
        {"leftedge", A | LEFT, -20, 70, -1, SDL_FLIP_NONE, true, NULL, WALK[walk_id(end_ms)]},
        /* Wholly off the screen: culled. */
        {"gone", A | LEFT, 170, 20, 0, SDL_FLIP_NONE, true, NULL, -1},
        /* Invisible, on top of the walker. */
        {"hidden", A | RIGHT, 0, 0, 9, SDL_FLIP_NONE, false, NULL, -1},
        /* A state the character has no sprite for: silently not drawn. */
        {"ghost", A | AKGL_ACTOR_STATE_DEAD, 50, 50, 9, SDL_FLIP_NONE, true, NULL, -1},
    };
    const int ncast = (int)SDL_arraysize(cast);
    akgl_Renderer r;
    SDL_Surface *sheet = NULL, *want = NULL;
    SDL_zero(r);

    CHECK_OK(akgl_time_use_manual(true));
    CHECK_OK(akgl_set_property("game.screenwidth", "160"));
    CHECK_OK(akgl_set_property("game.screenheight", "120"));
    CHECK_OK(akgl_render_2d_init(&r));
    if (r.sdl_renderer == NULL) {
        CHECK_OK(akgl_time_use_manual(false));
        return;
    }
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_walk.json"));
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_bounce.json"));
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_once.json"));
    CHECK_OK(akgl_sprite_load_json(LOOP_DIR "loop_idle.json"));
    CHECK_OK(akgl_character_load_json(LOOP_DIR "loop_hero.json"));
    CHECK_INT_EQ(akgl_test_sheets_(), 1); /* four sprites, one image, one texture */

    for (int i = 0; i < ncast; i++) {
        Placed *p = &cast[i];
        p->actor = make_actor(p->name, "loop hero");
        if (p->actor == NULL) {
            continue;
        }
        p->actor->state = p->state;
        p->actor->x = p->x;
        p->actor->y = p->y;
        p->actor->layer = p->layer;
        p->actor->flip = p->flip;
        p->actor->visible = p->visible;
    }
    akgl_Actor *turner = cast[3].actor;
    scene_capture(&r);

    for (int frame = 0; frame < LOOP_FRAMES; frame++) {
        if (frame > 0) {
            CHECK_OK(akgl_time_advance(LOOP_STEP_MS * MS));
        }
        if (frame == TURN_AT && turner != NULL) {
            turner->state = (turner->state & ~RIGHT) | LEFT;
        }
        r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK_INT_EQ(scene_frames_seen, LOOP_FRAMES);
    CHECK_INT_EQ(r.stats.submitted, 6);
    CHECK_INT_EQ(r.stats.culled, 1);

    /* The expected frame: black, then each drawn actor's cell, lower layers
     * first (every layer in the cast is distinct where actors overlap). */
    SDL_Surface *loaded = IMG_Load(SHEET_PATH);
    CHECK(loaded != NULL);
    sheet = loaded ? SDL_ConvertSurface(loaded, SDL_PIXELFORMAT_RGBA32) : NULL;
    SDL_DestroySurface(loaded);
    want = SDL_CreateSurface(LOOP_W, LOOP_H, SDL_PIXELFORMAT_RGBA32);
    CHECK(sheet != NULL && want != NULL && scene_last_frame != NULL);
    if (sheet != NULL && want != NULL && scene_last_frame != NULL) {
        SDL_FillSurfaceRect(want, NULL, SDL_MapSurfaceRGBA(want, 0, 0, 0, 255));
        for (int layer = -1; layer <= 9; layer++) {
            for (int i = 0; i < ncast; i++) {
                if (cast[i].layer == layer && cast[i].expect_cell >= 0) {
                    paint_cell(want, sheet, cast[i].expect_cell, (int)cast[i].x,
                               (int)cast[i].y, cast[i].flip);
                }
            }
        }
        int bad = compare_images(scene_last_frame, want, 2);
        CHECK_MSG(bad == 0, "%d of %d pixels differ from the computed frame", bad,
                  LOOP_W * LOOP_H);
        /* Spot checks that say what went wrong in words. */
        CHECK_PIXEL(scene_last_frame, 8, 8, cell_marker(WALK[walk_id(end_ms)]));
        CHECK_PIXEL(scene_last_frame, 60 + 47, 64, cell_marker(WALK[walk_id(turned_ms)]));
        CHECK_PIXEL(scene_last_frame, 100, 10, cell_marker(ONCE[2]));
        CHECK_PIXEL(scene_last_frame, 0, 70, CELL_FILL[WALK[walk_id(end_ms)]]);
    }
    SDL_DestroySurface(sheet);
    SDL_DestroySurface(want);
    scene_capture_done();

    /* Everything back. */
    for (int i = 0; i < ncast; i++) {
        if (cast[i].actor != NULL) {
            CHECK_OK(akgl_heap_release_actor(cast[i].actor));
        }
    }
    release_registered(AKGL_REGISTRY_CHARACTER, "character", "loop hero");
    release_registered(AKGL_REGISTRY_SPRITE, "sprite", "loop walk");
    release_registered(AKGL_REGISTRY_SPRITE, "sprite", "loop bounce");
    release_registered(AKGL_REGISTRY_SPRITE, "sprite", "loop once");
    release_registered(AKGL_REGISTRY_SPRITE, "sprite", "loop idle");
    CHECK_INT_EQ(akgl_test_sheets_(), 0);
    CHECK_OK(r.shutdown(&r));
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight");
    CHECK_OK(akgl_time_use_manual(false));
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_update_before_init_is_refused);
    akerr_ErrorContext *e = akgl_game_init_with_config(&loop_config);
    if (e != NULL) {
        fprintf(stderr, "akgl_game_init_with_config: %s\n", e->message);
        return 1;
    }
    akgl_test_add_counters();
    RUN_TEST(test_physics_step_gets_game_time_deltas);
    RUN_TEST(test_update_then_draw);
    RUN_TEST(test_draw_pass_culls_at_the_edges);
    RUN_TEST(test_update_pass_walks_every_live_actor);
    RUN_TEST(test_game_loop_matches_computed_image);
    return AKGL_TEST_END();
}
