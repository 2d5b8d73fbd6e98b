/*
 * LDtk levels in the game: tests/assets/tilemaps/ldtk/world.ldtk (levels in
 * the project) and world_ext.ldtk (the same levels saved apart, .ldtkl
 * files) loaded, drawn (pixels read back: the layer order LDtk gives, every
 * flip, stacked tiles, a half-opaque auto-layer), collided with (the IntGrid
 * layer as the solid grid, every non-zero value or only the values asked
 * for), populated (an entity becomes an actor) and unloaded. The fixture is
 * described in tools/mkldtk.c; the frame is 64 x 48, one cell per 8 px.
 */
#include "physics_test.h"
#include "level_fixture.h"
#include "scene.h"

#include <akgl/tilemap.h>

#include <math.h>

#define LDTK_DIR AKGL_TEST_ASSETS_DIR "/tilemaps/ldtk/"

static const char *const PROJECTS[] = {LDTK_DIR "world.ldtk", LDTK_DIR "world_ext.ldtk"};

static const SDL_Color BACKGROUND = {0x20, 0x40, 0x60, 255};

/* A half-opaque colour over the background. */
static SDL_Color half_over_background(SDL_Color c)
{
    return (SDL_Color){(Uint8)((c.r + BACKGROUND.r) / 2), (Uint8)((c.g + BACKGROUND.g) / 2),
                       (Uint8)((c.b + BACKGROUND.b) / 2), 255};
}

#define CHECK_PIXEL_NEAR(surface, x, y, want) \
    do { \
        SDL_Color got_ = pixel_at((surface), (x), (y)); \
        SDL_Color want_ = (want); \
        CHECK_MSG(abs(got_.r - want_.r) <= 2 && abs(got_.g - want_.g) <= 2 && \
                      abs(got_.b - want_.b) <= 2, \
                  "pixel (%d, %d) is (%d, %d, %d), expected about (%d, %d, %d)", (x), (y), \
                  got_.r, got_.g, got_.b, want_.r, want_.g, want_.b); \
    } while (0)

/* Level_0 drawn (no actors yet): each layer where LDtk puts it. */
static void check_tiles(SDL_Surface *s)
{
    CHECK_PIXEL_NEAR(s, 0, 0, half_over_background(level_tile_marker(0))); /* Back, opacity 0.5 */
    CHECK_PIXEL_NEAR(s, 4, 4, half_over_background(level_tile_fill(0)));
    CHECK_PIXEL_NEAR(s, 20, 4, half_over_background(level_tile_fill(9)));
    CHECK_PIXEL(s, 36, 36, BACKGROUND);             /* an empty cell */
    CHECK_PIXEL(s, 0, 40, level_tile_marker(1));           /* Walls over Back at (0, 5) */
    CHECK_PIXEL(s, 4, 44, level_tile_fill(1));
    CHECK_PIXEL(s, 8, 40, level_tile_marker(12));          /* Front over Walls at (1, 5) */
    CHECK_PIXEL(s, 12, 44, level_tile_fill(12));
    CHECK_PIXEL(s, 31, 40, level_tile_marker(1));          /* Walls (3, 5): flipped in x */
    CHECK_PIXEL(s, 24, 40, level_tile_fill(1));
    CHECK_PIXEL(s, 63, 16, level_tile_marker(2));          /* Front (7, 2): flipped in x */
    CHECK_PIXEL(s, 56, 16, level_tile_fill(2));
    CHECK_PIXEL(s, 48, 23, level_tile_marker(3));          /* Front (6, 2): flipped in y */
    CHECK_PIXEL(s, 48, 16, level_tile_fill(3));
    CHECK_PIXEL(s, 47, 15, level_tile_marker(5));          /* Front (5, 1): flipped both ways */
    CHECK_PIXEL(s, 40, 8, level_tile_fill(5));
    CHECK_PIXEL(s, 0, 8, level_tile_marker(6));            /* (0, 1): tile 6 stacked on tile 4 */
    CHECK_PIXEL(s, 4, 12, level_tile_fill(6));
    CHECK_PIXEL(s, 24, 24, level_tile_marker(15));         /* Front (3, 3) */
    CHECK_PIXEL(s, 56, 24, level_tile_marker(10));         /* Walls' water (7, 3) */
}

static void check_project(const char *path, SDL_Surface **frame)
{
    akgl_Tilemap *map = NULL;
    int actors = akgl_test_layer_count_(AKGL_HEAP_ACTOR);
    CHECK_OK(akgl_tilemap_load(path, &map));
    if (map == NULL) {
        return;
    }
    /* Drawn: the tiles alone. */
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK_OK(akgl_game_update(NULL));
    check_tiles(scene_last_frame);
    *frame = SDL_DuplicateSurface(scene_last_frame);

    /* The hero entity becomes an actor named after its "name" field; the
     * start and the coin name no character and stay objects. */
    int count = -1;
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 1);
    akgl_Actor *h1 = SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "hero1", NULL);
    CHECK_MSG(h1 != NULL, "%s: no actor hero1", path);
    if (h1 != NULL) {
        CHECK(h1->basechar == hero);
        CHECK(h1->x == 8.0f && h1->y == 16.0f && h1->visible);
    }
    SDL_FPoint start = {0, 0};
    CHECK_OK(akgl_tilemap_start_point(map, &start));
    CHECK(start.x == 40.0f && start.y == 32.0f); /* px (44, 40), pivot (0.5, 1) */
    CHECK_OK(akgl_game_update(NULL));
    /* Entities is LDtk's top layer: the actor is drawn over Front's tile 15,
     * in the colour its "tint" field (#FF0000) gives it: the entity's fields
     * are the actor's settings, as a Tiled object's properties are. */
    SDL_Color tinted = {CELL_FILL[0].r, 0, 0, 255};
    CHECK_PIXEL(scene_last_frame, 24, 24, tinted);
    CHECK_PIXEL_NEAR(scene_last_frame, 4, 4, half_over_background(level_tile_fill(0)));

    /* The IntGrid: every non-zero value is solid by default, so an actor
     * dropped in column 7 lands on the water cell (7, 3), top y = 24;
     * releasing the map gives its actors back. */
    level_check_landing(path, map, 58.0f, 18.0f, actors);
}

static void test_world_drawn_collided_populated(void)
{
    SDL_Surface *frames[2] = {NULL, NULL};
    if (level_begin()) {
        for (int i = 0; i < 2; i++) {
            check_project(PROJECTS[i], &frames[i]);
        }
        /* Levels in the project or saved apart: the same frame. */
        if (frames[0] != NULL && frames[1] != NULL) {
            CHECK_INT_EQ(level_frames_differ(frames[0], frames[1]), 0);
        }
    }
    SDL_DestroySurface(frames[0]);
    SDL_DestroySurface(frames[1]);
    level_end();
}

/* Only "ground" solid: the water cell no longer stops the faller, row 5 does. */
static void test_solid_values_chosen(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    static const char *const CHOICES[] = {"ground", "1", " ground , 1 "};
    for (size_t c = 0; c < SDL_arraysize(CHOICES); c++) {
        akgl_Tilemap *map = NULL;
        CHECK_OK(akgl_tilemap_load_ldtk(PROJECTS[c % 2], "Level_0", CHOICES[c], &map));
        if (map == NULL) {
            continue;
        }
        int walls = -1;
        CHECK_OK(akgl_tilemap_layer_index(map, "Walls", &walls));
        CHECK(map->layers[walls].solid[3 * 8 + 7] == AKGL_CELL_OPEN);
        CHECK(map->layers[walls].solid[5 * 8 + 2] == AKGL_CELL_SOLID);
        physics_begin();
        phys.gravity_y = 980.0f;
        CHECK_OK(akgl_game_set_tilemap(map));
        akgl_Actor *faller = spawn("faller", 58.0f, 0.0f, 4.0f, 6.0f);
        for (int i = 0; i < 60; i++) {
            advance_ms(10);
            CHECK_OK(akgl_game_update(NULL));
        }
        CHECK_MSG(faller->y == 34.0f, "solid \"%s\": y %.9g, not 34", CHOICES[c],
                  (double)faller->y);
        despawn(faller);
        CHECK_OK(akgl_game_set_tilemap(NULL));
        physics_end();
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    CHECK_INT_EQ(level_tilemaps_in_use(), 0);
    level_end();
}

/* Walking the world: a level's neighbour loads by the identifier given. */
static void test_neighbours_lead_on(void)
{
    if (!level_begin()) {
        level_end();
        return;
    }
    akgl_Tilemap *a = NULL, *b = NULL;
    const akgl_TilemapLevel *la = NULL, *lb = NULL;
    CHECK_OK(akgl_tilemap_load_ldtk(PROJECTS[1], NULL, NULL, &a));
    if (a != NULL) {
        CHECK_OK(akgl_tilemap_level(a, &la));
    }
    if (la != NULL && la->nneighbours == 1) {
        CHECK_STR_EQ(la->neighbours[0].dir, "e");
        CHECK_OK(akgl_tilemap_load_ldtk(PROJECTS[1], la->neighbours[0].identifier, NULL, &b));
        if (b != NULL) {
            CHECK_OK(akgl_tilemap_level(b, &lb));
            CHECK(lb != NULL && lb->worldx == la->worldx + la->pxwidth && lb->worldy == 0);
            CHECK(lb != NULL && lb->nneighbours == 1 &&
                  strcmp(lb->neighbours[0].identifier, la->identifier) == 0 &&
                  strcmp(lb->neighbours[0].dir, "w") == 0);
            /* Level_1 draws its own ground, and it is solid. */
            CHECK_OK(akgl_game_set_tilemap(b));
            CHECK_OK(akgl_game_update(NULL));
            CHECK_PIXEL(scene_last_frame, 0, 40, level_tile_marker(1));
            CHECK_PIXEL(scene_last_frame, 4, 4, BACKGROUND);
            CHECK_OK(akgl_game_set_tilemap(NULL));
        }
    } else {
        CHECK_MSG(false, "Level_0 of world_ext.ldtk: no neighbour");
    }
    if (b != NULL) {
        CHECK_OK(akgl_heap_release_tilemap(b));
    }
    if (a != NULL) {
        CHECK_OK(akgl_heap_release_tilemap(a));
    }
    CHECK_INT_EQ(level_tilemaps_in_use(), 0);
    level_end();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_world_drawn_collided_populated);
    RUN_TEST(test_solid_values_chosen);
    RUN_TEST(test_neighbours_lead_on);
    return AKGL_TEST_END();
}
