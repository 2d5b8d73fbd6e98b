/*
 * Test support for akgl suites: starts the game and registers a leak counter
 * for every pool layer and every object registry, so each RUN_TEST case must
 * leave them as it found them.
 *
 *   int main(void) {
 *       AKGL_TEST_BEGIN();          // TEST_BEGIN + akgl_game_init + counters
 *       RUN_TEST(test_x);
 *       return AKGL_TEST_END();     // akgl_game_quit + TEST_END
 *   }
 */
#ifndef AKGL_AKGL_TEST_H
#define AKGL_AKGL_TEST_H

#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>

#include <stdlib.h>

#include "test.h"

static inline int akgl_test_layer_count_(akgl_HeapLayer layer)
{
    int n = -1;
    akerr_ErrorContext *e = akgl_heap_in_use(layer, &n);
    e = akerr_release_error(e);
    (void)e;
    return n;
}

static inline int akgl_test_registry_count_(SDL_PropertiesID registry)
{
    int n = -1;
    akerr_ErrorContext *e = akgl_registry_count(registry, &n);
    e = akerr_release_error(e);
    (void)e;
    return n;
}

static int akgl_test_actors_(void) { return akgl_test_layer_count_(AKGL_HEAP_ACTOR); }
static int akgl_test_sprites_(void) { return akgl_test_layer_count_(AKGL_HEAP_SPRITE); }
static int akgl_test_sheets_(void) { return akgl_test_layer_count_(AKGL_HEAP_SPRITESHEET); }
static int akgl_test_characters_(void) { return akgl_test_layer_count_(AKGL_HEAP_CHARACTER); }
static int akgl_test_strings_(void) { return akgl_test_layer_count_(AKGL_HEAP_STRING); }
static int akgl_test_sounds_(void) { return akgl_test_layer_count_(AKGL_HEAP_SOUND); }
static int akgl_test_reg_sounds_(void) { return akgl_test_registry_count_(AKGL_REGISTRY_SOUND); }
static int akgl_test_fonts_(void) { return akgl_test_layer_count_(AKGL_HEAP_FONT); }
static int akgl_test_images_(void) { return akgl_test_layer_count_(AKGL_HEAP_IMAGE); }
static int akgl_test_reg_actors_(void) { return akgl_test_registry_count_(AKGL_REGISTRY_ACTOR); }
static int akgl_test_reg_sprites_(void) { return akgl_test_registry_count_(AKGL_REGISTRY_SPRITE); }
static int akgl_test_reg_sheets_(void)
{
    return akgl_test_registry_count_(AKGL_REGISTRY_SPRITESHEET);
}
static int akgl_test_reg_characters_(void)
{
    return akgl_test_registry_count_(AKGL_REGISTRY_CHARACTER);
}

static int akgl_test_tilemaps_(void) { return akgl_test_layer_count_(AKGL_HEAP_TILEMAP); }
static int akgl_test_reg_tilemaps_(void) { return akgl_test_registry_count_(AKGL_REGISTRY_TILEMAP); }

static inline void akgl_test_add_counters(void)
{
    test_add_counter("actor slots in use", akgl_test_actors_);
    test_add_counter("sprite slots in use", akgl_test_sprites_);
    test_add_counter("spritesheet slots in use", akgl_test_sheets_);
    test_add_counter("character slots in use", akgl_test_characters_);
    test_add_counter("string slots in use", akgl_test_strings_);
    test_add_counter("font slots in use", akgl_test_fonts_);
    test_add_counter("image slots in use", akgl_test_images_);
    test_add_counter("actor registry entries", akgl_test_reg_actors_);
    test_add_counter("sprite registry entries", akgl_test_reg_sprites_);
    test_add_counter("spritesheet registry entries", akgl_test_reg_sheets_);
    test_add_counter("character registry entries", akgl_test_reg_characters_);
    test_add_counter("sound slots in use", akgl_test_sounds_);
    test_add_counter("sound registry entries", akgl_test_reg_sounds_);
    test_add_counter("tilemap slots in use", akgl_test_tilemaps_);
    test_add_counter("tilemap registry entries", akgl_test_reg_tilemaps_);
}

/* Starts akgl or exits: every later check would be meaningless without it. */
static inline void akgl_test_start_game(void)
{
    akerr_ErrorContext *e = akgl_game_init();
    if (e != NULL) {
        fprintf(stderr, "akgl_game_init failed: %s\n%s", e->message, e->stacktracebuf);
        exit(1);
    }
}

static inline void akgl_test_stop_game(void)
{
    akerr_ErrorContext *e = akgl_game_quit();
    if (e != NULL) {
        fprintf(stderr, "akgl_game_quit failed: %s\n", e->message);
        e = akerr_release_error(e);
    }
}

#define AKGL_TEST_BEGIN() \
    do { \
        TEST_BEGIN(); \
        akgl_test_start_game(); \
        akgl_test_add_counters(); \
    } while (0)

#define AKGL_TEST_END() (akgl_test_stop_game(), TEST_END())

#endif /* AKGL_AKGL_TEST_H */
