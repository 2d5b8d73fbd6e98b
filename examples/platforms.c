/*
 * One-way floors, slopes and moving platforms: a 45 degree hill, a 22.5
 * degree one over two tiles, a one-way ledge to jump up through and drop
 * down from (down + jump), a lift that carries whoever stands on it and a
 * solid block sliding back and forth that pushes. The grid is built here by
 * hand (a Tiled map marks the same with the tile properties one_way,
 * slope_left/slope_right and objects of type "platform": docs/07-tilemaps.md);
 * everything is drawn with akgl_draw_*. Arrows walk, Up jumps, Down + Up
 * drops; headless, a script walks over the hills, rides the lift and drops.
 *
 *   akgl_example_platforms [--frames N] [--screenshot OUT.png]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

#define COLS 20
#define ROWS 11
#define TILE 16
static uint8_t cells[ROWS * COLS];
static const akgl_Platform platforms[] = {
    {272.0f, 160.0f, 32.0f, 6.0f, 0.0f, -80.0f, 400, true},   /* a one-way lift */
    {112.0f, 56.0f, 32.0f, 8.0f, 48.0f, 0.0f, 300, false},    /* a solid block, sliding */
};
static akgl_Physics physics;
static akgl_Actor *hero;
static int jumped; /* the headless script: the frame it jumped off the lift */
static int rode, ledged; /* frames it stood on the lift, on the ledge */

static void put(int col, int row, uint8_t v)
{
    cells[row * COLS + col] = v;
}

static akerr_ErrorContext *init(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    (void)app;
    for (int c = 0; c < COLS; c++) {
        put(c, ROWS - 1, AKGL_CELL_SOLID);
    }
    put(2, 9, AKGL_CELL_SLOPE(0, 8)); /* 45 degrees up, a plateau, down */
    put(3, 9, AKGL_CELL_SOLID);
    put(4, 9, AKGL_CELL_SLOPE(8, 0));
    put(6, 9, AKGL_CELL_SLOPE(0, 4)); /* 22.5 degrees: two tiles each way */
    put(7, 9, AKGL_CELL_SLOPE(4, 8));
    put(8, 9, AKGL_CELL_SOLID);
    put(9, 9, AKGL_CELL_SLOPE(8, 4));
    put(10, 9, AKGL_CELL_SLOPE(4, 0));
    for (int c = 12; c <= 15; c++) {
        put(c, 6, AKGL_CELL_ONE_WAY); /* a ledge: up through it, down on request */
    }
    put(0, 9, AKGL_CELL_SOLID);
    const akgl_SolidGrid grid = {cells, COLS, ROWS, TILE, TILE, 0, 0, 0, 0, 0, NULL};
    PASS(errctx, akgl_set_property("physics.gravity.y", "900"));
    PASS(errctx, akgl_set_property("physics.drag.x", "6"));
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, akgl_physics_set_solid_grid(&physics, &grid));
    PASS(errctx, akgl_physics_set_platforms(&physics, platforms, 2));
    PASS(errctx, akgl_heap_next_actor(&hero));
    PASS(errctx, akgl_actor_initialize(hero, "hero"));
    hero->x = 20.0f;
    hero->y = 100.0f;
    hero->hitbox = (SDL_FRect){0, 0, 10, 14};
    hero->ax = 1500.0f;
    hero->sx = 90.0f;
    hero->state = AKGL_ACTOR_STATE_ALIVE;
    SUCCEED_RETURN(errctx);
}

/* Left/Right walk, Up jumps from the ground, Down + Up drops through. The
 * headless script: right to the lift, a ride up, a jump onto the ledge, a
 * drop back down. */
static akerr_ErrorContext *step(akgl_App *app)
{
    const bool *keys = SDL_GetKeyboardState(NULL);
    SDL_FRect lift;
    int f = app->frame;
    bool right = keys[SDL_SCANCODE_RIGHT], left = keys[SDL_SCANCODE_LEFT];
    bool up = keys[SDL_SCANCODE_UP], down = keys[SDL_SCANCODE_DOWN];
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_physics_platform_box(&physics, 0, &lift));
    bool standing = (hero->touching & AKGL_PHYSICS_TOUCH_BOTTOM) != 0;
    rode += standing && SDL_fabsf(hero->y + 14.0f - lift.y) < 0.01f;
    ledged += standing && hero->y + 14.0f == 96.0f;
    if (app->headless) { /* to the lift, up with it, left onto the ledge, down */
        right = jumped == 0 && hero->x < 282.0f;
        up = (jumped == 0 && lift.y < 90.0f && hero->y < 90.0f) || (jumped > 0 && f == jumped + 90);
        down = jumped > 0 && up;
        jumped = (jumped == 0 && up) ? f : jumped;
        left = jumped > 0 && f < jumped + 40;
    }
    hero->state = AKGL_ACTOR_STATE_ALIVE | (right ? AKGL_ACTOR_STATE_MOVING_RIGHT : 0) |
                  (left ? AKGL_ACTOR_STATE_MOVING_LEFT : 0);
    if (up && (hero->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        if (down) {
            PASS(errctx, akgl_physics_drop_through(hero));
        } else {
            hero->vy = -300.0f;
        }
    }
    SUCCEED_RETURN(errctx);
}

/* The cells, the platforms where they are now, and the hero, in world pixels. */
static akerr_ErrorContext *draw(akgl_App *app)
{
    const SDL_Color ground = {94, 140, 62, 255}, ledge = {200, 160, 90, 255};
    PREPARE_ERROR(errctx);
    (void)app;
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) {
            uint8_t v = cells[r * COLS + c];
            float x = (float)(c * TILE), y = (float)(r * TILE);
            if (v == AKGL_CELL_SOLID) {
                PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, x, y, TILE, TILE, ground));
            } else if (v == AKGL_CELL_ONE_WAY) {
                PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, x, y, TILE, 4, ledge));
            } else if (v >= AKGL_CELL_SLOPE_BASE && v <= AKGL_CELL_SLOPE_LAST) {
                int lh = (v - AKGL_CELL_SLOPE_BASE) / 9, rh = (v - AKGL_CELL_SLOPE_BASE) % 9;
                for (int i = 0; i < TILE; i++) { /* a column of pixels up to the surface */
                    float h = ((float)lh + (float)(rh - lh) * ((float)i + 0.5f) / TILE) * 2.0f;
                    PASS(errctx, akgl_draw_line(AKGL_DRAW_WORLD, x + (float)i, y + TILE - h,
                                                x + (float)i, y + TILE - 1, ground));
                }
            }
        }
    }
    for (int i = 0; i < physics.nplatforms; i++) {
        SDL_FRect b;
        PASS(errctx, akgl_physics_platform_box(&physics, i, &b));
        PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, b.x, b.y, b.w, b.h,
                                           platforms[i].one_way ? ledge
                                                                : (SDL_Color){120, 120, 140, 255}));
    }
    PASS(errctx, akgl_draw_rect_filled(AKGL_DRAW_WORLD, hero->x, hero->y, 10, 14,
                                       (SDL_Color){230, 60, 60, 255}));
    PASS(errctx, akgl_text_draw(NULL, "arrows walk, up jumps, down+up drops", 4.0f, 4.0f,
                                (SDL_Color){255, 255, 255, 255}));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *quit(akgl_App *app)
{
    (void)app;
    SDL_Log("platforms: rode the lift %d frames, stood on the ledge %d, ended at (%.1f, %.1f)",
            rode, ledged, (double)hero->x, (double)hero->y);
    return akgl_heap_release_actor(hero);
}

static const akgl_AppDesc desc = {
    .title = "platforms", .width = 960, .height = 528, .logical_width = 320,
    .logical_height = 176, .init = init, .frame = step, .draw = draw, .quit = quit,
};
AKGL_APP_MAIN(desc)
