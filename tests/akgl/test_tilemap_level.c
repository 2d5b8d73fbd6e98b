/*
 * A level loaded from disk, in both of Tiled's formats
 * (tests/assets/tilemaps/draw/level.tmj and level.tmx, the same map): made
 * current, drawn with its actors, collided with, populated, and unloaded.
 *
 * The map (8 x 6 cells of 8 px, tileset tests/assets/tiles_32x32_8.png):
 * background #204060; layer "ground": tile 0 at cell (0, 0), tile 1 (tile
 * property solid: true) along row 5; object layer "actors": "hero1" (type
 * hero) at (8, 16), an invisible tile object of type hero and no name (an
 * anonymous actor) at (40, 40) bottom-left, and a horizontally flipped tile
 * object "lamp" (tile 2, no type) at (56, 16) bottom-left; layer "front":
 * tile 15 at cell (3, 3).
 */
#include "physics_test.h"
#include "level_fixture.h"
#include "scene.h"

#include <akgl/tilemap.h>

#define LEVEL_DIR AKGL_TEST_ASSETS_DIR "/tilemaps/draw/"

static const char *const LEVELS[] = {LEVEL_DIR "level.tmj", LEVEL_DIR "level.tmx"};

/* Draws, spawns and collides the same way from either file. */
static void check_level(const char *path, SDL_Surface **frame)
{
    akgl_Tilemap *map = NULL;
    int actors = akgl_test_layer_count_(AKGL_HEAP_ACTOR);
    CHECK_OK(akgl_tilemap_load(path, &map));
    if (map == NULL) {
        return;
    }
    int count = -1;
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 2);
    akgl_Actor *h1 = SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "hero1", NULL);
    /* The tile object has no name: an anonymous actor, the map's second. */
    akgl_Actor *h2 = NULL;
    CHECK_INT_EQ(map->nspawned, 2);
    CHECK_OK(akgl_actor_from_ref(map->spawned[1], &h2));
    CHECK_MSG(h1 != NULL && h2 != NULL && h2->name[0] == '\0',
              "%s: actors hero1 and an anonymous one", path);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "level.tmj#2", NULL) == NULL);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "lamp", NULL) == NULL);
    if (h1 != NULL && h2 != NULL) {
        CHECK(h1->basechar == hero && h2->basechar == hero);
        CHECK(h1->x == 8.0f && h1->y == 16.0f && h1->visible);
        CHECK(h2->x == 40.0f && h2->y == 32.0f && !h2->visible);
    }

    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK_OK(akgl_game_update(NULL));
    SDL_Surface *s = scene_last_frame;
    CHECK_PIXEL(s, 0, 0, level_tile_marker(0));            /* ground, tile 0 */
    CHECK_PIXEL(s, 4, 4, level_tile_fill(0));
    CHECK_PIXEL(s, 2, 20, ((SDL_Color){0x20, 0x40, 0x60, 255})); /* background */
    CHECK_PIXEL(s, 4, 44, level_tile_fill(1));             /* ground row 5, beside the actor */
    CHECK_PIXEL(s, 20, 44, CELL_FILL[0]);            /* ... and under it */
    CHECK_PIXEL(s, 20, 20, CELL_FILL[0]);            /* the actor */
    CHECK_PIXEL(s, 24, 24, level_tile_marker(15));         /* front, over the actor */
    CHECK_PIXEL(s, 28, 28, level_tile_fill(15));
    CHECK_PIXEL(s, 63, 8, level_tile_marker(2));           /* the lamp, mirrored */
    CHECK_PIXEL(s, 56, 8, level_tile_fill(2));
    *frame = SDL_DuplicateSurface(s);

    /* An actor dropped above the solid row lands on it (row 5: top y = 40);
     * releasing the map gives its actors back. */
    level_check_landing(path, map, 30.0f, 34.0f, actors);
}

static void test_level_in_both_formats(void)
{
    SDL_Surface *frames[2] = {NULL, NULL};
    if (level_begin()) {
        for (int i = 0; i < 2; i++) {
            check_level(LEVELS[i], &frames[i]);
        }
        /* The same map in either format draws the same frame. */
        if (frames[0] != NULL && frames[1] != NULL) {
            CHECK_INT_EQ(level_frames_differ(frames[0], frames[1]), 0);
        }
    }
    SDL_DestroySurface(frames[0]);
    SDL_DestroySurface(frames[1]);
    level_end();
}

/* A level change with the map current and its actors spawned: everything goes. */
static void test_unload_all_with_level(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    akgl_Tilemap *map = NULL;
    int count = 0;
    CHECK_OK(akgl_tilemap_load(LEVELS[0], &map));
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK_OK(akgl_game_update(NULL));
    hero = NULL; /* the unload gives these back, the fixture sheet too */
    scene.sheet = NULL;
    hero_sprite = NULL;
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ALL));
    CHECK(game.tilemap == NULL);
    CHECK_INT_EQ(level_tilemaps_in_use(), 0);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), 0);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_CHARACTER), 0);
    level_end(); /* scene_close gives back the fixture sheet */
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_level_in_both_formats);
    RUN_TEST(test_unload_all_with_level);
    return AKGL_TEST_END();
}
