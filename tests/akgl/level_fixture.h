/*
 * The fixture of the level tests (test_tilemap_level.c, test_despawn.c): a
 * bound renderer (scene.h) and the character "hero", whose one sprite shows
 * the fixture sheet's red 48 x 48 cell, as the map
 * tests/assets/tilemaps/draw/level.tmj expects. One copy per test program
 * (static): include it once, after scene.h.
 */
#ifndef AKGL_TEST_LEVEL_FIXTURE_H
#define AKGL_TEST_LEVEL_FIXTURE_H

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

#endif /* AKGL_TEST_LEVEL_FIXTURE_H */
