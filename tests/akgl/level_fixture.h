/*
 * The fixture of the level tests (test_tilemap_level.c, test_despawn.c): a
 * bound renderer (scene.h) and the character "hero", whose one sprite shows
 * the fixture sheet's red 48 x 48 cell, as the map
 * tests/assets/tilemaps/draw/level.tmj expects. One copy per test program
 * (static): include it once, after scene.h. It also holds what the level
 * tests of both map formats (Tiled, LDtk) check alike.
 */
#ifndef AKGL_TEST_LEVEL_FIXTURE_H
#define AKGL_TEST_LEVEL_FIXTURE_H

#include "physics_test.h"
#include "scene.h"

static Scene scene;
static akgl_Sprite *hero_sprite;
static akgl_Character *hero;

/* A renderer, and the character "hero" showing the red 48 x 48 cell. */
static bool level_begin(void)
{
    if (!scene_open_bound(&scene, 64, 48)) {
        return false;
    }
    scene_capture(&scene.r);
    static const int cells[] = {0};
    hero_sprite = make_sprite(&scene, "hero-stand", cells, 1, 100, true, false);
    hero = make_character("hero", 100);
    if (hero == NULL || hero_sprite == NULL) {
        return false;
    }
    CHECK_OK(hero->sprite_add(hero, hero_sprite,
                              AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN));
    return true;
}

static void level_end(void)
{
    if (hero != NULL) {
        CHECK_OK(akgl_heap_release_character(hero));
    }
    if (hero_sprite != NULL) {
        CHECK_OK(akgl_heap_release_sprite(hero_sprite));
    }
    hero = NULL;
    hero_sprite = NULL;
    scene_capture_done();
    scene_close(&scene);
}

static inline int level_tilemaps_in_use(void)
{
    return akgl_test_layer_count_(AKGL_HEAP_TILEMAP);
}

/* tiles_32x32_8.png, the levels' tileset: tile k (column k % 4, row k / 4)
 * is filled with this colour and has a marker pixel in its corner. */
static inline SDL_Color level_tile_fill(int k)
{
    return (SDL_Color){(Uint8)(32 + 64 * (k % 4)), (Uint8)(32 + 64 * (k / 4)), 96, 255};
}

static inline SDL_Color level_tile_marker(int k)
{
    return (SDL_Color){255, 255, (Uint8)(k * 16), 255};
}

/* How many pixels of the two 64 x 48 level frames differ in colour. */
static inline int level_frames_differ(SDL_Surface *a, SDL_Surface *b)
{
    int differ = 0;
    for (int y = 0; y < 48; y++) {
        for (int x = 0; x < 64; x++) {
            differ += !same_rgb(pixel_at(a, x, y), pixel_at(b, x, y));
        }
    }
    return differ;
}

/*
 * Sets @p map again (the physics was bound after it), drops a 4 x 6 actor
 * from (x, 0) under gravity for 600 ms and checks that it stands at @p y on
 * the map's solid cells; then gives the map back (the caller's reference,
 * then the game's) and checks that its actors went with it: the actor pool
 * back at @p actors.
 */
static inline void level_check_landing(const char *path, akgl_Tilemap *map, float x, float y,
                                       int actors)
{
    physics_begin();
    phys.gravity_y = 980.0f;
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK(phys.grid.cells != NULL && phys.grid.cols == 8 && phys.grid.rows == 6);
    akgl_Actor *faller = spawn("faller", x, 0.0f, 4.0f, 6.0f);
    for (int i = 0; i < 60; i++) {
        advance_ms(10);
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK_MSG(faller->y == y, "%s: y %.9g, not %.9g", path, (double)faller->y, (double)y);
    CHECK(faller->touching & AKGL_PHYSICS_TOUCH_BOTTOM);
    despawn(faller);

    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_INT_EQ(level_tilemaps_in_use(), 1);
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK(phys.grid.cells == NULL);
    physics_end();
    CHECK_INT_EQ(level_tilemaps_in_use(), 0);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), actors);
}

#endif /* AKGL_TEST_LEVEL_FIXTURE_H */
