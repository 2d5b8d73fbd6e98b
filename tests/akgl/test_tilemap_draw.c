/*
 * Drawing a map inside akgl_game_update, checked by reading pixels back:
 * flips, margin and spacing, large tiles, offsets, parallax, opacity and tint,
 * animation on the manual clock, image layers, culling, isometric maps, the
 * background and the actors' place among the layers. The maps are built in
 * memory (tilemap_draw_fixture.h) and made current by setting game.tilemap
 * directly, so only the drawing is under test here.
 */
#define TS_OWNER "tilemap_draw"
#include "tilemap_draw_fixture.h"

#define SCREEN_W 64
#define SCREEN_H 48

static Scene scene;
static akgl_SpriteSheet *tiles;
static MemMap mm;

static bool open_scene(void)
{
    if (!scene_open_bound(&scene, SCREEN_W, SCREEN_H)) {
        return false;
    }
    scene_capture(&scene.r);
    tiles = load_tileset_sheet();
    return tiles != NULL;
}

static void close_scene(void)
{
    game.tilemap = NULL;
    scene_capture_done();
    if (tiles != NULL) {
        CHECK_OK(akgl_heap_release_spritesheet(tiles));
        tiles = NULL;
    }
    scene_close(&scene);
}

/* One frame with mm.map current; the frame read back before present. */
static SDL_Surface *draw_frame(void)
{
    game.tilemap = &mm.map;
    scene.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(akgl_game_update(NULL));
    return scene_last_frame;
}

/* ------------------------------------------------------------------------ */

/* Each of the four tiles is cut from the image past its margin and spacing. */
static void test_tiles_margin_spacing(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    for (int k = 0; k < 4; k++) {
        mem_set(l, k, 1, (uint32_t)(k + 1));
    }
    SDL_Surface *s = draw_frame();
    for (int k = 0; k < 4; k++) {
        check_tile_at(s, k * TS_TILE, TS_TILE, k, 0);
    }
    CHECK_PIXEL(s, 40, 12, CLEAR); /* an empty cell draws nothing */
    CHECK_PIXEL(s, 3, 3, CLEAR);
    CHECK_INT_EQ((int)scene.r.stats.submitted, 4);
    close_scene();
}

/* All eight combinations of D, H and V, against the tileset's own pixels. */
static void test_every_flip(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t flips = ((i & 1) ? AKGL_TILE_FLIP_D : 0) | ((i & 2) ? AKGL_TILE_FLIP_H : 0) |
                         ((i & 4) ? AKGL_TILE_FLIP_V : 0);
        mem_set(l, (int)i, 2, 3u | flips); /* tile 2 */
    }
    SDL_Surface *s = draw_frame();
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t flips = ((i & 1) ? AKGL_TILE_FLIP_D : 0) | ((i & 2) ? AKGL_TILE_FLIP_H : 0) |
                         ((i & 4) ? AKGL_TILE_FLIP_V : 0);
        check_tile_at(s, (int)i * TS_TILE, 2 * TS_TILE, 2, flips);
    }
    close_scene();
}

/* A tile taller and wider than the grid stands on its cell's bottom-left
 * corner; the tileset's tileoffset moves it; a layer's offset moves it too. */
static void test_large_tiles_and_offsets(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    /* A second tileset over the same image: 10 x 20 tiles, no margin (gid 5: x 0..9). */
    mm.map.ntilesets = 2;
    mm.tilesets[1] = mm.tilesets[0];
    mm.tilesets[1].firstgid = 5;
    mm.tilesets[1].tilewidth = 10;
    mm.tilesets[1].tileheight = 20;
    mm.tilesets[1].margin = 0;
    mm.tilesets[1].spacing = 0;
    mm.tilesets[1].tilecount = 2;
    mm.tilesets[1].idlimit = 2;
    mm.tilesets[1].ntiles = 0;
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    mem_set(l, 1, 2, 5); /* cell (1,2): bottom-left corner at (8, 24) */
    SDL_Surface *s = draw_frame();
    for (int y = 0; y < 20; y += 3) {
        for (int x = 0; x < 10; x += 3) {
            CHECK_PIXEL(s, 8 + x, 4 + y, image_pixel(x, y));
        }
    }
    CHECK_PIXEL(s, 8, 3, CLEAR);
    CHECK_PIXEL(s, 18, 10, CLEAR);

    /* tileoffset (3, -2) and the layer's offset (5, 7) add up. */
    mm.tilesets[1].tileoffsetx = 3;
    mm.tilesets[1].tileoffsety = -2;
    l->offsetx = 5.0f;
    l->offsety = 7.0f;
    s = draw_frame();
    for (int y = 0; y < 20; y += 3) {
        for (int x = 0; x < 10; x += 3) {
            CHECK_PIXEL(s, 16 + x, 9 + y, image_pixel(x, y));
        }
    }
    CHECK_PIXEL(s, 15, 12, CLEAR);
    close_scene();
}

/* o + position - camera * p, the camera being the centre of the view
 * measured from the map's parallax origin. */
static void test_parallax(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 16, 6, tiles);
    akgl_TilemapLayer *far = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *near = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    far->parallaxx = 0.5f;
    far->parallaxy = 0.25f;
    mem_set(far, 0, 0, 1);  /* tile 0 */
    mem_set(near, 7, 5, 2); /* tile 1, at world (56, 40) */

    /* Camera at (0, 0): centre (32, 24). far: x 32 * 0.5 = 16, y 24 * 0.75 = 18. */
    SDL_Surface *s = draw_frame();
    check_tile_at(s, 16, 18, 0, 0);
    check_tile_at(s, 56, 40, 1, 0);

    /* Camera at (40, 4): centre (72, 28). far: x 72 * 0.5 - 40 = -4, y 28 * 0.75 - 4 = 17. */
    scene.r.camera->x = 40.0f;
    scene.r.camera->y = 4.0f;
    s = draw_frame();
    CHECK_PIXEL(s, 0, 17, tile_pixel(0, 4, 0));
    CHECK_PIXEL(s, 3, 24, tile_pixel(0, 7, 7));
    check_tile_at(s, 16, 36, 1, 0); /* the p = 1 layer moves with the camera */

    /* With the parallax origin at the view's centre, camera (0, 0) shows it unshifted. */
    mm.map.parallaxoriginx = 32.0f;
    mm.map.parallaxoriginy = 24.0f;
    scene.r.camera->x = 0.0f;
    scene.r.camera->y = 0.0f;
    s = draw_frame();
    check_tile_at(s, 0, 0, 0, 0);
    close_scene();
}

static bool near_rgb(SDL_Color a, SDL_Color b, int tol)
{
    return SDL_abs(a.r - b.r) <= tol && SDL_abs(a.g - b.g) <= tol && SDL_abs(a.b - b.b) <= tol;
}

/* Opacity and tint modulate the tiles and leave the texture as it was. */
static void test_opacity_and_tint(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    akgl_TilemapLayer *a = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *b = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *c = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    a->opacity = 0.5f;
    b->tint = (SDL_Color){255, 128, 0, 255};
    mem_set(a, 0, 0, 4);
    mem_set(b, 2, 0, 4);
    mem_set(c, 4, 0, 4); /* untouched: the texture's modulation was restored */
    SDL_Surface *s = draw_frame();
    SDL_Color src = tile_pixel(3, 5, 6);
    SDL_Color half = {(Uint8)((src.r + CLEAR.r) / 2), (Uint8)((src.g + CLEAR.g) / 2),
                      (Uint8)((src.b + CLEAR.b) / 2), 255};
    SDL_Color got = pixel_at(s, 5, 6);
    CHECK_MSG(near_rgb(got, half, 2), "opacity 0.5: (%d,%d,%d), want about (%d,%d,%d)", got.r,
              got.g, got.b, half.r, half.g, half.b);
    SDL_Color tinted = {src.r, (Uint8)(src.g * 128 / 255), 0, 255};
    got = pixel_at(s, 16 + 5, 6);
    CHECK_MSG(near_rgb(got, tinted, 2), "tint: (%d,%d,%d), want about (%d,%d,%d)", got.r, got.g,
              got.b, tinted.r, tinted.g, tinted.b);
    check_tile_at(s, 32, 0, 3, 0);

    /* Tint alpha and opacity multiply; a hidden layer draws nothing. */
    a->opacity = 1.0f;
    a->tint = (SDL_Color){255, 255, 255, 128};
    b->visible = false;
    s = draw_frame();
    got = pixel_at(s, 5, 6);
    CHECK_MSG(near_rgb(got, half, 2), "tint alpha 128: (%d,%d,%d), want about (%d,%d,%d)", got.r,
              got.g, got.b, half.r, half.g, half.b);
    CHECK_PIXEL(s, 16 + 5, 6, CLEAR);
    CHECK_INT_EQ((int)scene.r.stats.submitted, 2);
    close_scene();
}

/* An animated tile follows the game clock, frame by frame. */
static void test_animated_tile(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    CHECK_OK(akgl_time_use_manual(true));
    mem_map(&mm, 8, 6, tiles);
    /* Tile 0 shows tile 1 for 100 ms, then tile 2 for 50 ms, then tile 3 for 30 ms. */
    mm.frames[0] = (akgl_TilemapFrame){1, 100};
    mm.frames[1] = (akgl_TilemapFrame){2, 50};
    mm.frames[2] = (akgl_TilemapFrame){3, 30};
    mm.tiles[0] = (akgl_TilemapTile){.id = 0, .type = "", .image = "", .nframes = 3,
                                     .frames = mm.frames, .duration = 180};
    mm.tilesets[0].ntiles = 1;
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    mem_set(l, 1, 1, 1);
    mem_set(l, 2, 1, 2); /* tile 1: not animated */

    /* To the start of a cycle of the animation. */
    uint64_t now = akgl_time_now();
    uint64_t cycle = 180 * AKGL_TIME_ONEMS_NS;
    CHECK_OK(akgl_time_advance(cycle - now % cycle));
    static const struct
    {
        uint64_t advance_ms;
        int shows;
    } steps[] = {{0, 1}, {99, 1}, {1, 2}, {49, 2}, {1, 3}, {29, 3}, {1, 1}, {180, 1}, {100, 2}};
    for (size_t i = 0; i < SDL_arraysize(steps); i++) {
        advance_ms(steps[i].advance_ms);
        SDL_Surface *s = draw_frame();
        check_tile_at(s, 8, 8, steps[i].shows, 0);
        check_tile_at(s, 16, 8, 1, 0);
    }
    CHECK_OK(akgl_time_use_manual(false));
    close_scene();
}

/* An image layer at its offset, repeated across the view along x only. */
static void test_image_layer_repeat(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    akgl_TilemapLayer *img = mem_layer(&mm, AKGL_TILEMAP_LAYER_IMAGE);
    img->image = TS_PATH;
    img->sheet = tiles;
    img->offsetx = 5.0f;
    img->offsety = 3.0f;
    img->repeatx = true;
    /* Copies at x = -15, 5, 25, 45: all four reach the 64 px view. */
    SDL_Surface *s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 4);
    for (int x = 0; x < SCREEN_W; x += 7) {
        int ix = ((x - 5) % TS_IMAGE_W + TS_IMAGE_W) % TS_IMAGE_W;
        CHECK_PIXEL(s, x, 3 + 6, image_pixel(ix, 6));
    }
    CHECK_PIXEL(s, 10, 2, CLEAR);
    CHECK_PIXEL(s, 10, 3 + TS_IMAGE_H, CLEAR);

    /* Along y too: copies at y = -17, 3, 23, 43. */
    img->repeaty = true;
    s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 16);
    CHECK_PIXEL(s, 10, 2, image_pixel(5, 19));
    CHECK_PIXEL(s, 47, 47, image_pixel(2, 4));

    /* Not repeated: one copy, at its offset. */
    img->repeatx = false;
    img->repeaty = false;
    s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 1);
    CHECK_PIXEL(s, 5, 3, image_pixel(0, 0));
    CHECK_PIXEL(s, 4, 3, CLEAR);
    CHECK_PIXEL(s, 30, 3, CLEAR);
    close_scene();
}

/* Only the tiles in the camera's view are submitted, however large the map. */
static void test_culling(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 128, 128, tiles);
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    for (int i = 0; i < 128 * 128; i++) {
        l->cells[i] = (uint32_t)(i % 4 + 1);
    }
    draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 8 * 6); /* 64 x 48 over 8 x 8 cells */
    scene.r.camera->x = 504.0f;
    scene.r.camera->y = 304.0f;
    SDL_Surface *s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 8 * 6);
    /* World (504, 304) is cell (63, 38), tile (38 * 128 + 63) % 4 = 3, at screen (0, 0). */
    check_tile_at(s, 0, 0, 3, 0);
    scene.r.camera->x = 507.0f; /* straddling: one more column and row partly seen */
    scene.r.camera->y = 301.0f;
    draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 9 * 7);
    /* Past the map's edge: only what remains of it. */
    scene.r.camera->x = 128.0f * 8 - 16;
    scene.r.camera->y = -8.0f;
    draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 2 * 5);
    scene.r.camera->x = -1000.0f;
    draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 0);
    close_scene();
}

/*
 * Under the camera's zoom and rotation, about the view's centre, world
 * (32, 24), where the top-left corner of cell (4, 3) lies: tiles scale and
 * turn with the view, and only those in the turned and scaled view's
 * bounding box are submitted. Every cell of a 32 x 32 map holds a tile;
 * cell (4, 3) holds tile 0 (its blue 30 tells it from the others).
 */
static void test_camera_zoom_and_rotation(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 32, 32, tiles);
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    for (int cy = 0; cy < 32; cy++) {
        for (int cx = 0; cx < 32; cx++) {
            mem_set(l, cx, cy, (uint32_t)((cx + cy + 1) % 4 + 1));
        }
    }
    akgl_Camera *cam = scene.r.camera;
    /* Zoom 2: each tile pixel 2 x 2; the view is world 16..48 x 12..36: cells
     * 2..5 by 1..4. */
    CHECK_OK(akgl_camera_set_zoom(cam, 2.0f));
    SDL_Surface *s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 4 * 4);
    for (int v = 0; v < TS_TILE; v++) {
        for (int u = 0; u < TS_TILE; u++) {
            CHECK_PIXEL(s, 32 + 2 * u, 24 + 2 * v, tile_pixel(0, u, v));
            CHECK_PIXEL(s, 33 + 2 * u, 25 + 2 * v, tile_pixel(0, u, v));
        }
    }
    /* Zoom 0.5: 4 x 4 pixels, the view world -32..96 x -24..72: cells 0..11
     * by 0..8 of the map. */
    CHECK_OK(akgl_camera_set_zoom(cam, 0.5f));
    s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 12 * 9);
    for (int y = 24; y < 28; y++) {
        for (int x = 32; x < 36; x++) {
            CHECK_INT_EQ(pixel_at(s, x, y).b, 30);
        }
    }
    CHECK(pixel_at(s, 36, 24).b != 30 && pixel_at(s, 32, 28).b != 30);
    /* Rotation 90: source pixel (u, v) of the tile lands at (31 - v, 24 + u). */
    CHECK_OK(akgl_camera_set_zoom(cam, 1.0f));
    CHECK_OK(akgl_camera_set_rotation(cam, 90.0f));
    s = draw_frame();
    for (int v = 0; v < TS_TILE; v++) {
        for (int u = 0; u < TS_TILE; u++) {
            CHECK_PIXEL(s, 31 - v, 24 + u, tile_pixel(0, u, v));
        }
    }
    /* The view box is world 8..56 x -8..56: cells 1..6 by 0..6. */
    CHECK_INT_EQ((int)scene.r.stats.submitted, 6 * 7);
    /* Rotation 45: the box is 79.2 pixels square about (32, 24): cells 0..8
     * by 0..7. Straight below the centre lies tile 0, turned. */
    CHECK_OK(akgl_camera_set_rotation(cam, 45.0f));
    s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 9 * 8);
    CHECK_INT_EQ(pixel_at(s, 32, 28).b, 30);
    CHECK_INT_EQ(pixel_at(s, 32, 30).b, 30);
    /* Left of the centre: world (28.5, 28.2), cell (3, 3), tile 3. */
    CHECK_INT_EQ(pixel_at(s, 26, 24).b, 30 + 60 * 3);
    CHECK_OK(akgl_camera_set_rotation(cam, 0.0f));
    s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 8 * 6);
    check_tile_at(s, 32, 24, 0, 0);
    close_scene();
}

/* Infinite maps: a stored region that starts at negative cells. */
static void test_negative_region(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 0, 0, tiles);
    mm.map.infinite = true;
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    l->x0 = -16;
    l->y0 = -16;
    l->width = 32;
    l->height = 32;
    mem_set(l, -1, -1, 2);
    mem_set(l, 0, 0, 3);
    scene.r.camera->x = -16.0f;
    scene.r.camera->y = -16.0f;
    SDL_Surface *s = draw_frame();
    check_tile_at(s, 8, 8, 1, 0);
    check_tile_at(s, 16, 16, 2, 0);
    CHECK_INT_EQ((int)scene.r.stats.submitted, 2);
    close_scene();
}

/* Isometric: cell (x, y)'s diamond has its top corner at
 * ((x - y) * tw / 2 + height * tw / 2, (x + y) * th / 2). */
static void test_isometric(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 4, 4, tiles);
    mm.map.orientation = AKGL_TILEMAP_ISOMETRIC;
    mm.map.tilewidth = 16;
    mm.map.tileheight = 8;
    /* 16 x 8 tiles over the image, no margin: gid 1 is its top-left 16 x 8. */
    mm.tilesets[0].tilewidth = 16;
    mm.tilesets[0].tileheight = 8;
    mm.tilesets[0].margin = 0;
    mm.tilesets[0].spacing = 0;
    mm.tilesets[0].columns = 1;
    mm.tilesets[0].tilecount = 2;
    mm.tilesets[0].idlimit = 2;
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    mem_set(l, 0, 0, 1); /* top corner (32, 0): image at (24, 0) */
    mem_set(l, 0, 3, 1); /* top corner (8, 12): image at (0, 12) */
    mem_set(l, 3, 3, 1); /* top corner (32, 24): image at (24, 24) */
    SDL_Surface *s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 3);
    static const int at[3][2] = {{24, 0}, {0, 12}, {24, 24}};
    for (int i = 0; i < 3; i++) {
        for (int y = 0; y < 8; y += 3) {
            for (int x = 0; x < 16; x += 3) {
                CHECK_PIXEL(s, at[i][0] + x, at[i][1] + y, image_pixel(x, y));
            }
        }
    }
    CHECK_PIXEL(s, 23, 2, CLEAR);
    CHECK_PIXEL(s, 40, 2, CLEAR);

    /* Culling follows the view here too: a camera far away submits nothing. */
    scene.r.camera->x = 400.0f;
    draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 0);
    close_scene();
}

/* Background first, layers in order, the actors where the first object layer
 * stands (after its tile objects), the later layers over them. */
static void test_layer_order_and_actors(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    static const int cells[] = {0};
    akgl_Sprite *spr = make_sprite(&scene, "tm-spr", cells, 1, 100, true, false);
    akgl_Character *ch = make_character("tm-char", 100);
    CHECK_OK(ch->sprite_add(ch, spr, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN));
    akgl_Actor *actor = make_actor("tm-actor", "tm-char");
    actor->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    actor->x = 8.0f; /* the 48 x 48 red cell covers (8..55, 0..47) */
    actor->y = 0.0f;

    mem_map(&mm, 8, 6, tiles);
    mm.map.background = (SDL_Color){0, 0, 90, 255};
    akgl_TilemapLayer *under = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *objs = mem_layer(&mm, AKGL_TILEMAP_LAYER_OBJECTS);
    akgl_TilemapLayer *over = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    mem_set(under, 2, 1, 1); /* under the actor: hidden by it */
    mem_set(under, 0, 1, 1); /* beside it: seen */
    mem_set(over, 3, 3, 2);  /* over the actor: seen */
    /* A tile object (tile 2) at (16, 40) bottom-left: under the actor too. */
    mm.objects[0] = (akgl_TilemapObject){.id = 1, .name = "", .type = "", .x = 16.0f,
                                         .y = 40.0f, .width = 8.0f, .height = 8.0f, .gid = 3,
                                         .visible = true, .text = ""};
    mm.objects[1] = mm.objects[0];
    mm.objects[1].x = 0.0f; /* beside the actor: seen */
    mm.objects[1].gid = 3 | AKGL_TILE_FLIP_H;
    objs->objects = mm.objects;
    objs->nobjects = 2;
    SDL_Surface *s = draw_frame();
    CHECK_PIXEL(s, 60, 44, ((SDL_Color){0, 0, 90, 255})); /* background */
    check_tile_at(s, 0, 8, 0, 0);
    CHECK_PIXEL(s, 20, 12, CELL_FILL[0]);
    CHECK_PIXEL(s, 20, 36, CELL_FILL[0]);
    check_tile_at(s, 0, 32, 2, AKGL_TILE_FLIP_H);
    check_tile_at(s, 24, 24, 1, 0);

    CHECK_OK(akgl_heap_release_actor(actor));
    CHECK_OK(akgl_heap_release_character(ch));
    CHECK_OK(akgl_heap_release_sprite(spr));
    close_scene();
}

/* Tile objects: placed by their tileset's objectalignment, turned about (x, y). */
static void test_tile_objects(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    akgl_TilemapLayer *objs = mem_layer(&mm, AKGL_TILEMAP_LAYER_OBJECTS);
    static const akgl_TilemapObject base = {.name = "", .type = "", .visible = true, .text = "",
                                            .width = 8.0f, .height = 8.0f};
    for (int i = 0; i < 4; i++) {
        mm.objects[i] = base;
        mm.objects[i].id = i + 1;
    }
    mm.objects[0].gid = 1; /* bottom-left (16, 16), turned 90 degrees clockwise about it */
    mm.objects[0].x = 16.0f;
    mm.objects[0].y = 16.0f;
    mm.objects[0].rotation = 90.0f;
    mm.objects[1].gid = 2; /* scaled to 16 x 16 at bottom-left (0, 48) */
    mm.objects[1].y = 48.0f;
    mm.objects[1].width = 16.0f;
    mm.objects[1].height = 16.0f;
    mm.objects[2].gid = 3; /* hidden: not drawn */
    mm.objects[2].visible = false;
    mm.objects[2].x = 48.0f;
    mm.objects[2].y = 48.0f;
    mm.objects[3].x = 40.0f; /* a rectangle: data, not drawn */
    mm.objects[3].y = 40.0f;
    objs->objects = mm.objects;
    objs->nobjects = 4;
    SDL_Surface *s = draw_frame();
    CHECK_INT_EQ((int)scene.r.stats.submitted, 2);
    /* Source pixel (u, v), at (16 + u, 8 + v) unturned, lands on (23 - v, 16 + u). */
    for (int v = 0; v < TS_TILE; v += 2) {
        for (int u = 0; u < TS_TILE; u += 2) {
            CHECK_PIXEL(s, 23 - v, 16 + u, tile_pixel(0, u, v));
        }
    }
    CHECK_PIXEL(s, 17, 9, CLEAR); /* where it would be unturned */
    for (int v = 0; v < 16; v += 3) {
        for (int u = 0; u < 16; u += 3) {
            CHECK_PIXEL(s, u, 32 + v, tile_pixel(1, u / 2, v / 2));
        }
    }
    CHECK_PIXEL(s, 50, 44, CLEAR);

    /* objectalignment topleft: (x, y) is the tile's top-left corner. */
    mm.tilesets[0].objectalignment = AKGL_TILEMAP_ALIGN_TOPLEFT;
    mm.objects[0].rotation = 0.0f;
    mm.objects[0].x = 40.0f;
    mm.objects[0].y = 8.0f;
    s = draw_frame();
    check_tile_at(s, 40, 8, 0, 0);
    close_scene();
}

/* draworder: "topdown" by y (ties in file order), "index" in file order. */
static void test_object_draw_order(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    akgl_TilemapLayer *objs = mem_layer(&mm, AKGL_TILEMAP_LAYER_OBJECTS);
    static const akgl_TilemapObject base = {.name = "", .type = "", .visible = true, .text = "",
                                            .width = 8.0f, .height = 8.0f};
    for (int i = 0; i < 3; i++) {
        mm.objects[i] = base;
        mm.objects[i].id = i + 1;
    }
    mm.objects[0].gid = 1; /* A: (8..15, 32..39) */
    mm.objects[0].x = 8.0f;
    mm.objects[0].y = 40.0f;
    mm.objects[1].gid = 2; /* B, after A in the file but higher: (12..19, 28..35) */
    mm.objects[1].x = 12.0f;
    mm.objects[1].y = 36.0f;
    mm.objects[2].gid = 3; /* C, last, level with A: (4..11, 32..39) */
    mm.objects[2].x = 4.0f;
    mm.objects[2].y = 40.0f;
    objs->objects = mm.objects;
    objs->nobjects = 3;
    objs->draworder = AKGL_TILEMAP_DRAW_TOPDOWN;
    SDL_Surface *s = draw_frame();
    CHECK_PIXEL(s, 13, 33, tile_pixel(0, 5, 1)); /* A over B: lower on the screen */
    CHECK_PIXEL(s, 9, 33, tile_pixel(2, 5, 1));  /* C over A: a tie, C later in the file */
    objs->draworder = AKGL_TILEMAP_DRAW_INDEX;
    s = draw_frame();
    CHECK_PIXEL(s, 13, 33, tile_pixel(1, 1, 5)); /* B over A: later in the file */
    CHECK_PIXEL(s, 9, 33, tile_pixel(2, 5, 1));
    close_scene();
}

/* draw_tile's refusals: no tile, no sheet, no SDL renderer. */
static void test_draw_tile_refusals(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    akgl_RenderTile t = {tiles, {1, 1, 8, 8}, {0, 0, 8, 8}, 0, 0.0f, {0, 0}, {255, 255, 255, 255}};
    CHECK_STATUS(scene.r.draw_tile(NULL, &t), AKERR_NULLPOINTER);
    CHECK_STATUS(scene.r.draw_tile(&scene.r, NULL), AKERR_NULLPOINTER);
    t.sheet = NULL;
    CHECK_STATUS(scene.r.draw_tile(&scene.r, &t), AKERR_NULLPOINTER);
    t.sheet = tiles;
    akgl_Renderer unbound = scene.r;
    unbound.sdl_renderer = NULL;
    CHECK_STATUS_MSG(scene.r.draw_tile(&unbound, &t), AKERR_BEHAVIOR, "not bound");
    scene.r.stats = (akgl_RenderStats){0, 0};
    CHECK_OK(scene.r.draw_tile(&scene.r, &t));
    CHECK_INT_EQ((int)scene.r.stats.submitted, 1);

    /* A backend without draw_tile cannot draw a map: said, not crashed. */
    mem_map(&mm, 8, 6, tiles);
    mem_set(mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES), 0, 0, 1);
    scene.r.draw_tile = NULL;
    game.tilemap = &mm.map;
    CHECK_STATUS_MSG(akgl_game_update(NULL), AKERR_BEHAVIOR, "draw_tile");
    close_scene();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_tiles_margin_spacing);
    RUN_TEST(test_every_flip);
    RUN_TEST(test_large_tiles_and_offsets);
    RUN_TEST(test_parallax);
    RUN_TEST(test_opacity_and_tint);
    RUN_TEST(test_animated_tile);
    RUN_TEST(test_image_layer_repeat);
    RUN_TEST(test_culling);
    RUN_TEST(test_camera_zoom_and_rotation);
    RUN_TEST(test_negative_region);
    RUN_TEST(test_isometric);
    RUN_TEST(test_layer_order_and_actors);
    RUN_TEST(test_tile_objects);
    RUN_TEST(test_object_draw_order);
    RUN_TEST(test_draw_tile_refusals);
    return AKGL_TEST_END();
}
