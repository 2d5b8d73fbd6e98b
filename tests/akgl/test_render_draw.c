/*
 * The 2D backend's drawing, by pixels: a sprite frame lands where it is put
 * with the cell it names, flips mirror it, the camera offsets it, what lies
 * wholly outside the camera is not submitted (and is counted), layers draw
 * in order, invisible actors draw nothing. Each drawing case runs twice:
 * on a window from akgl_render_2d_init, and on a software renderer over a
 * plain surface bound with akgl_render_2d_bind.
 *
 * The oracle is the fixture sheet itself (tests/assets/README.md): each cell
 * has its own fill and a marker at its top-left pixel, so one pixel read
 * back names the cell and, by where the marker is, the flip.
 */
#include <akgl/render.h>

#include "scene.h"

#define W 160
#define H 120

/* Clears, runs `draw`, reads the frame back (before any present). */
static SDL_Surface *frame_of(Scene *s)
{
    return read_screen(s->r.sdl_renderer);
}

static void begin(Scene *s)
{
    CHECK_OK(s->r.frame_start(&s->r));
    s->r.stats = (akgl_RenderStats){0, 0};
}

/* The cell's 48 x 48 block at (x, y): marker at the corner `mx, my` (0 or
 * 47 each, for the flips), fill elsewhere, clear colour just outside. */
static void check_cell_at(SDL_Surface *f, int x, int y, int cell, int mx, int my)
{
    CHECK_PIXEL(f, x + mx, y + my, cell_marker(cell));
    CHECK_PIXEL(f, x + 47 - mx, y + my, CELL_FILL[cell]);
    CHECK_PIXEL(f, x + mx, y + 47 - my, CELL_FILL[cell]);
    CHECK_PIXEL(f, x + 47 - mx, y + 47 - my, CELL_FILL[cell]);
    CHECK_PIXEL(f, x + 24, y + 24, CELL_FILL[cell]);
    /* Just outside, where that is still on the screen. */
    if (x > 0) {
        CHECK_PIXEL(f, x - 1, y, CLEAR);
    }
    if (x + 48 < f->w) {
        CHECK_PIXEL(f, x + 48, y + 47, CLEAR);
    }
    if (y > 0) {
        CHECK_PIXEL(f, x, y - 1, CLEAR);
    }
    if (y + 48 < f->h) {
        CHECK_PIXEL(f, x + 47, y + 48, CLEAR);
    }
}

static void test_a_new_backend_has_a_screen_sized_camera(void)
{
    Scene s;
    /* init: the properties' size. */
    if (scene_open_window(&s, W, H)) {
        int ow = 0, oh = 0;
        CHECK(s.r.window != NULL);
        CHECK(SDL_GetCurrentRenderOutputSize(s.r.sdl_renderer, &ow, &oh));
        CHECK_INT_EQ(ow, W);
        CHECK_INT_EQ(oh, H);
        CHECK(s.r.camera == &s.r.own_camera);
        CHECK(game.renderer == &s.r && game.camera == s.r.camera);
        CHECK(s.r.camera->x == 0.0f && s.r.camera->y == 0.0f);
        CHECK(s.r.camera->w == (float)W && s.r.camera->h == (float)H);
        CHECK(s.r.camera->follow == NULL);
        CHECK_STATUS_MSG(akgl_render_2d_init(&s.r), AKERR_BEHAVIOR, "bound already");
    }
    scene_close(&s);
    CHECK(game.renderer == NULL && game.camera == NULL);

    /* init without the properties, or with nonsense in them. */
    akgl_Renderer r;
    SDL_zero(r);
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_KEY, "game.screenwidth");
    CHECK_OK(akgl_set_property("game.screenwidth", "0"));
    CHECK_OK(akgl_set_property("game.screenheight", "100"));
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_OUTOFBOUNDS, "game.screenwidth");
    CHECK(r.sdl_renderer == NULL && game.renderer == NULL);

    /* bind: the properties' size when set ... */
    CHECK_OK(akgl_set_property("game.screenwidth", "320"));
    CHECK_OK(akgl_set_property("game.screenheight", "200"));
    SDL_Surface *target = SDL_CreateSurface(100, 70, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *sdl = SDL_CreateSoftwareRenderer(target);
    CHECK(sdl != NULL);
    CHECK_OK(akgl_render_2d_bind(&r, sdl));
    CHECK(r.window == NULL && r.sdl_renderer == sdl);
    CHECK(r.camera->x == 0.0f && r.camera->y == 0.0f);
    CHECK(r.camera->w == 320.0f && r.camera->h == 200.0f);
    CHECK_STATUS(akgl_render_2d_bind(&r, sdl), AKERR_BEHAVIOR);
    CHECK_OK(r.shutdown(&r));
    /* ... else the renderer's output size. */
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth");
    CHECK_OK(akgl_render_2d_bind(&r, sdl));
    CHECK(r.camera->w == 100.0f && r.camera->h == 70.0f);
    CHECK_OK(r.shutdown(&r));
    CHECK(game.renderer == NULL);
    /* Shutting down a bound backend leaves the game's renderer alive. */
    CHECK(SDL_RenderClear(sdl));
    CHECK_STATUS(akgl_render_2d_bind(&r, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_render_2d_bind(NULL, sdl), AKERR_NULLPOINTER);
    SDL_DestroyRenderer(sdl);
    SDL_DestroySurface(target);
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight");
}

static void check_every_cell_lands(SceneOpener open)
{
    Scene s;
    if (open(&s, W, H)) {
        const int cells[] = {0, 1, 2, 3, 4, 5, 6, 7};
        akgl_Sprite *spr = make_sprite(&s, "draw-cells", cells, 8, 100, true, false);
        for (int id = 0; id < 8; id++) {
            int x = 13 + 11 * id, y = 7 + 5 * id;
            begin(&s);
            CHECK_OK(s.r.draw_sprite(&s.r, spr, id, (float)x, (float)y, SDL_FLIP_NONE));
            CHECK_INT_EQ(s.r.stats.submitted, 1);
            SDL_Surface *f = frame_of(&s);
            check_cell_at(f, x, y, id, 0, 0);
            SDL_DestroySurface(f);
        }
        /* A playlist out of order: frame id 1 is cell 5. */
        spr->frameids[1] = 5;
        begin(&s);
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 1, 40.0f, 30.0f, SDL_FLIP_NONE));
        SDL_Surface *f = frame_of(&s);
        check_cell_at(f, 40, 30, 5, 0, 0);
        SDL_DestroySurface(f);

        /* Refused: a frame id past the playlist, no sprite, no SDL renderer. */
        CHECK_STATUS(s.r.draw_sprite(&s.r, spr, 8, 0.0f, 0.0f, SDL_FLIP_NONE),
                     AKERR_OUTOFBOUNDS);
        CHECK_STATUS(s.r.draw_sprite(&s.r, spr, -1, 0.0f, 0.0f, SDL_FLIP_NONE),
                     AKERR_OUTOFBOUNDS);
        CHECK_STATUS(s.r.draw_sprite(&s.r, NULL, 0, 0.0f, 0.0f, SDL_FLIP_NONE),
                     AKERR_NULLPOINTER);
        akgl_Renderer unbound;
        SDL_zero(unbound);
        CHECK_STATUS(s.r.draw_sprite(&unbound, spr, 0, 0.0f, 0.0f, SDL_FLIP_NONE),
                     AKERR_BEHAVIOR);
        CHECK_STATUS(s.r.draw_sprite(NULL, spr, 0, 0.0f, 0.0f, SDL_FLIP_NONE),
                     AKERR_NULLPOINTER);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_every_cell_lands_where_it_is_drawn(void)
{
    for (size_t i = 0; i < SDL_arraysize(SCENE_OPENERS); i++) {
        fprintf(stderr, "  (%s)\n", SCENE_OPENERS[i].name);
        check_every_cell_lands(SCENE_OPENERS[i].open);
    }
}

static void check_actor_draws_its_frame_with_flips(SceneOpener open)
{
    Scene s;
    if (open(&s, W, H)) {
        const int cells[] = {2, 7};
        akgl_Sprite *spr = make_sprite(&s, "flip-sprite", cells, 2, 100, true, false);
        akgl_Character *c = make_character("flip-char", 0);
        int stand = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
        CHECK_OK(c->sprite_add(c, spr, stand));
        akgl_Actor *a = make_actor("flip-actor", "flip-char");
        a->state = stand;
        a->x = 30.0f;
        a->y = 20.0f;
        /* Choosing the first sprite starts its animation at frame id 0, so
         * look it up before picking a frame by hand. */
        akgl_Sprite *cur = NULL;
        CHECK_OK(akgl_actor_current_sprite(a, &cur));
        CHECK(cur == spr);
        a->curSpriteFrameId = 1;
        static const struct
        {
            SDL_FlipMode flip;
            int mx, my;
        } flips[] = {
            {SDL_FLIP_NONE, 0, 0},
            {SDL_FLIP_HORIZONTAL, 47, 0}, /* the marker moves to the top-right */
            {SDL_FLIP_VERTICAL, 0, 47},
            {(SDL_FlipMode)(SDL_FLIP_HORIZONTAL | SDL_FLIP_VERTICAL), 47, 47},
        };
        for (size_t i = 0; i < SDL_arraysize(flips); i++) {
            a->flip = flips[i].flip;
            begin(&s);
            CHECK_OK(akgl_actor_render(a, &s.r));
            SDL_Surface *f = frame_of(&s);
            check_cell_at(f, 30, 20, 7, flips[i].mx, flips[i].my);
            SDL_DestroySurface(f);
        }
        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_actor_frame_and_flips(void)
{
    for (size_t i = 0; i < SDL_arraysize(SCENE_OPENERS); i++) {
        fprintf(stderr, "  (%s)\n", SCENE_OPENERS[i].name);
        check_actor_draws_its_frame_with_flips(SCENE_OPENERS[i].open);
    }
}

static void check_camera_offsets_and_culls(SceneOpener open)
{
    Scene s;
    if (open(&s, W, H)) {
        const int cells[] = {3};
        akgl_Sprite *spr = make_sprite(&s, "cull-sprite", cells, 1, 100, true, false);
        akgl_Camera *cam = s.r.camera;

        /* The camera's position is subtracted. */
        cam->x = 30.0f;
        cam->y = 20.0f;
        begin(&s);
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 50.0f, 40.0f, SDL_FLIP_NONE));
        SDL_Surface *f = frame_of(&s);
        check_cell_at(f, 20, 20, 3, 0, 0);
        SDL_DestroySurface(f);
        cam->x = -70.0f;
        cam->y = -5.0f;
        begin(&s);
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 0.0f, 0.0f, SDL_FLIP_NONE));
        f = frame_of(&s);
        check_cell_at(f, 70, 5, 3, 0, 0);
        SDL_DestroySurface(f);

        /* Wholly outside: not submitted, counted. Partly inside: drawn. */
        cam->x = 0.0f;
        cam->y = 0.0f;
        static const struct
        {
            float x, y;
            bool drawn;
        } spots[] = {
            {-48, 0, false},  {160, 0, false}, {0, 120, false}, {0, -48, false},
            {-48, -48, false}, {-47, 10, true}, {159, 119, true}, {100, -47, true},
        };
        begin(&s);
        for (size_t i = 0; i < SDL_arraysize(spots); i++) {
            CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, spots[i].x, spots[i].y, SDL_FLIP_NONE));
        }
        CHECK_INT_EQ(s.r.stats.submitted, 3);
        CHECK_INT_EQ(s.r.stats.culled, 5);
        f = frame_of(&s);
        CHECK_PIXEL(f, 0, 10, CELL_FILL[3]); /* the cell's last column */
        CHECK_PIXEL(f, 1, 10, CLEAR);
        CHECK_PIXEL(f, 159, 119, cell_marker(3)); /* the cell's first pixel */
        CHECK_PIXEL(f, 158, 119, CLEAR);
        CHECK_PIXEL(f, 100, 0, CELL_FILL[3]); /* the cell's last row */
        CHECK_PIXEL(f, 100, 1, CLEAR);
        SDL_DestroySurface(f);

        /* Move the camera and the same world spot is seen or not. */
        cam->x = -100.0f;
        begin(&s);
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, -48.0f, 0.0f, SDL_FLIP_NONE));
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 159.0f, 119.0f, SDL_FLIP_NONE));
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        CHECK_INT_EQ(s.r.stats.culled, 1);
        f = frame_of(&s);
        check_cell_at(f, 52, 0, 3, 0, 0);
        SDL_DestroySurface(f);

        /* Without a camera nothing is culled or offset. */
        s.r.camera = NULL;
        begin(&s);
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 500.0f, 500.0f, SDL_FLIP_NONE));
        CHECK_OK(s.r.draw_sprite(&s.r, spr, 0, 10.0f, 10.0f, SDL_FLIP_NONE));
        CHECK_INT_EQ(s.r.stats.submitted, 2);
        CHECK_INT_EQ(s.r.stats.culled, 0);
        f = frame_of(&s);
        check_cell_at(f, 10, 10, 3, 0, 0);
        SDL_DestroySurface(f);
        s.r.camera = &s.r.own_camera;
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    scene_close(&s);
}

static void test_camera_offsets_and_culls(void)
{
    for (size_t i = 0; i < SDL_arraysize(SCENE_OPENERS); i++) {
        fprintf(stderr, "  (%s)\n", SCENE_OPENERS[i].name);
        check_camera_offsets_and_culls(SCENE_OPENERS[i].open);
    }
}

/* Slot index: draw order among equal layers is pool order. */
static long slot_of(const akgl_Actor *a)
{
    return (long)(a - akgl_heap_actors);
}

static void check_layers_and_visibility(SceneOpener open)
{
    Scene s;
    if (open(&s, W, H)) {
        const int red[] = {0};
        const int blue[] = {2};
        akgl_Sprite *sr = make_sprite(&s, "layer-red", red, 1, 100, true, false);
        akgl_Sprite *sb = make_sprite(&s, "layer-blue", blue, 1, 100, true, false);
        akgl_Character *c = make_character("layer-char", 0);
        int r_state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT;
        int b_state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_RIGHT;
        CHECK_OK(c->sprite_add(c, sr, r_state));
        CHECK_OK(c->sprite_add(c, sb, b_state));
        akgl_Actor *a = make_actor("layer-a", "layer-char");
        akgl_Actor *b = make_actor("layer-b", "layer-char");
        a->state = r_state;
        b->state = b_state;
        a->x = 10.0f;
        a->y = 10.0f;
        b->x = 40.0f; /* overlapping a on x 40..57, y 30..57 */
        b->y = 30.0f;
        akgl_Actor *first = slot_of(a) < slot_of(b) ? a : b;
        akgl_Actor *second = first == a ? b : a;
        int first_cell = first == a ? 0 : 2;
        int second_cell = first == a ? 2 : 0;
        scene_capture(&s.r);

        /* The first slot on the higher layer: it is drawn over the second. */
        first->layer = 1;
        second->layer = 0;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(s.r.stats.submitted, 2);
        CHECK_PIXEL(scene_last_frame, 50, 40, CELL_FILL[first_cell]);
        CHECK_PIXEL(scene_last_frame, 20, 20, CELL_FILL[0]);
        CHECK_PIXEL(scene_last_frame, 80, 70, CELL_FILL[2]);
        /* Swapped layers, negative ones too. */
        first->layer = -3;
        second->layer = -2;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 50, 40, CELL_FILL[second_cell]);
        /* Equal layers: pool order, so the later slot is drawn last. */
        first->layer = 5;
        second->layer = 5;
        CHECK_OK(akgl_game_update(NULL));
        CHECK_PIXEL(scene_last_frame, 50, 40, CELL_FILL[second_cell]);

        /* An invisible actor draws nothing and is not counted. */
        second->visible = false;
        s.r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(s.r.stats.submitted, 1);
        CHECK_INT_EQ(s.r.stats.culled, 0);
        CHECK_PIXEL(scene_last_frame, 50, 40, CELL_FILL[first_cell]);
        first->visible = false;
        s.r.stats = (akgl_RenderStats){0, 0};
        CHECK_OK(akgl_game_update(NULL));
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        for (int y = 0; y < H; y += 7) {
            for (int x = 0; x < W; x += 7) {
                CHECK_PIXEL(scene_last_frame, x, y, CLEAR);
            }
        }
        begin(&s);
        CHECK_OK(akgl_actor_render(first, &s.r));
        CHECK_INT_EQ(s.r.stats.submitted, 0);
        scene_capture_done();

        CHECK_OK(akgl_heap_release_actor(a));
        CHECK_OK(akgl_heap_release_actor(b));
        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(sr));
        CHECK_OK(akgl_heap_release_sprite(sb));
    }
    scene_close(&s);
}

static void test_layers_and_visibility(void)
{
    for (size_t i = 0; i < SDL_arraysize(SCENE_OPENERS); i++) {
        fprintf(stderr, "  (%s)\n", SCENE_OPENERS[i].name);
        check_layers_and_visibility(SCENE_OPENERS[i].open);
    }
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_a_new_backend_has_a_screen_sized_camera);
    RUN_TEST(test_every_cell_lands_where_it_is_drawn);
    RUN_TEST(test_actor_frame_and_flips);
    RUN_TEST(test_camera_offsets_and_culls);
    RUN_TEST(test_layers_and_visibility);
    return AKGL_TEST_END();
}
