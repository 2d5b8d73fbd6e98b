/*
 * The map in the game: akgl_game_set_tilemap (references, refusals, the
 * physics grid), akgl_tilemap_solid_grid, akgl_tilemap_spawn_actors, and
 * what akgl_game_unload does with maps and the actors they hold. Maps are
 * pool slots filled in memory (tilemap_draw_fixture.h), so each rule is
 * checked on exactly the cells and objects it is about.
 */
#include "physics_test.h"
#define TS_OWNER "tilemap_game"
#include "tilemap_draw_fixture.h"
#include "tilemap_game.h"
#include "tilemap_private.h"

static Scene scene;
static akgl_SpriteSheet *tiles;
static MemMap mm, mm2;

static int tilemaps_in_use(void)
{
    return akgl_test_layer_count_(AKGL_HEAP_TILEMAP);
}

static bool open_scene(void)
{
    if (!scene_open_bound(&scene, 64, 48)) {
        return false;
    }
    scene_capture(&scene.r);
    tiles = load_tileset_sheet();
    return tiles != NULL;
}

static void close_scene(void)
{
    scene_capture_done();
    if (tiles != NULL) {
        CHECK_OK(akgl_heap_release_spritesheet(tiles));
        tiles = NULL;
    }
    scene_close(&scene);
}

/*
 * A pool map holding what `m` describes, with the caller's reference. Like a
 * loaded map it holds a reference on each sheet it uses, and owns its
 * properties (the teardown destroys them).
 */
static akgl_Tilemap *pool_map(MemMap *m)
{
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_heap_next_tilemap(&map));
    if (map == NULL) {
        return NULL;
    }
    int refcount = map->refcount;
    *map = m->map;
    map->refcount = refcount;
    for (int i = 0; i < map->ntilesets; i++) {
        if (map->tilesets[i].sheet != NULL) {
            map->tilesets[i].sheet->refcount++;
        }
    }
    for (int i = 0; i < map->nlayers; i++) {
        if (map->layers[i].sheet != NULL) {
            map->layers[i].sheet->refcount++;
        }
    }
    return map;
}

static SDL_PropertiesID solid_props(void)
{
    SDL_PropertiesID p = SDL_CreateProperties();
    CHECK(p != 0);
    CHECK(SDL_SetBooleanProperty(p, "solid", true));
    return p;
}

/* ------------------------------------------------------------------------ */
/* akgl_game_set_tilemap                                                    */
/* ------------------------------------------------------------------------ */

static void test_set_tilemap_references(void)
{
    if (!open_scene()) {
        close_scene();
        return;
    }
    mem_map(&mm, 8, 6, tiles);
    mem_set(mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES), 1, 1, 2);
    mem_map(&mm2, 8, 6, tiles);
    SDL_strlcpy(mm2.map.path, "/mem/other.tmj", sizeof(mm2.map.path));
    akgl_Tilemap *a = pool_map(&mm), *b = pool_map(&mm2);
    CHECK_INT_EQ(tilemaps_in_use(), 2);

    CHECK_OK(akgl_game_set_tilemap(a));
    CHECK(game.tilemap == a);
    CHECK_INT_EQ(a->refcount, 2);
    /* It is drawn. */
    CHECK_OK(akgl_game_update(NULL));
    check_tile_at(scene_last_frame, 8, 8, 1, 0);

    CHECK_OK(akgl_game_set_tilemap(b)); /* gives a's reference back */
    CHECK(game.tilemap == b);
    CHECK_INT_EQ(a->refcount, 1);
    CHECK_INT_EQ(b->refcount, 2);
    CHECK_OK(akgl_game_set_tilemap(b)); /* the same map again: no change */
    CHECK_INT_EQ(b->refcount, 2);

    /* The game's reference keeps a map the caller gave back. */
    CHECK_OK(akgl_heap_release_tilemap(b));
    CHECK_INT_EQ(b->refcount, 1);
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK(game.tilemap == NULL);
    CHECK_INT_EQ(tilemaps_in_use(), 1);
    CHECK_OK(akgl_heap_release_tilemap(a));
    close_scene();
}

static void test_set_tilemap_refusals(void)
{
    static const struct
    {
        akgl_TilemapOrientation o;
        const char *name;
    } refused[] = {{AKGL_TILEMAP_STAGGERED, "staggered"}, {AKGL_TILEMAP_HEXAGONAL, "hexagonal"}};
    mem_map(&mm, 4, 4, NULL);
    akgl_Tilemap *current = pool_map(&mm);
    CHECK_OK(akgl_game_set_tilemap(current));
    for (size_t i = 0; i < SDL_arraysize(refused); i++) {
        mem_map(&mm2, 4, 4, NULL);
        mm2.map.orientation = refused[i].o;
        akgl_Tilemap *map = pool_map(&mm2);
        CHECK_STATUS_MSG(akgl_game_set_tilemap(map), AKERR_VALUE, refused[i].name);
        CHECK_STATUS_MSG(akgl_game_set_tilemap(map), AKERR_VALUE, "/mem/map.tmj");
        CHECK(game.tilemap == current); /* nothing changed */
        CHECK_INT_EQ(map->refcount, 1);
        CHECK_INT_EQ(current->refcount, 2);
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    /* A released map (a free slot) is refused too. */
    akgl_Tilemap gone = mm.map;
    gone.refcount = 0;
    CHECK_STATUS_MSG(akgl_game_set_tilemap(&gone), AKGL_ERR_HEAP, "released");
    CHECK(game.tilemap == current);
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK_OK(akgl_heap_release_tilemap(current));
}

/* ------------------------------------------------------------------------ */
/* The solid grid                                                           */
/* ------------------------------------------------------------------------ */

static void test_solid_grid_rules(void)
{
    mem_map(&mm, 6, 4, NULL);
    mm.tiles[0] = (akgl_TilemapTile){.id = 1, .type = "", .image = ""};
    mm.tiles[1] = (akgl_TilemapTile){.id = 2, .type = "", .image = ""};
    mm.tilesets[0].ntiles = 2;
    akgl_TilemapLayer *ground = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *hidden = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *deco = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    /* Tile 1 (gid 2) says solid: true; tile 2 (gid 3) solid: false; others nothing. */
    mm.tiles[0].properties = solid_props();
    mm.tiles[1].properties = SDL_CreateProperties();
    CHECK(SDL_SetBooleanProperty(mm.tiles[1].properties, "solid", false));
    /* A hidden layer whose layer property says solid: any tile on it is. */
    hidden->visible = false;
    hidden->properties = solid_props();
    mem_set(ground, 0, 3, 2);                      /* solid tile */
    mem_set(ground, 1, 3, 2 | AKGL_TILE_FLIP_H);   /* flags do not matter */
    mem_set(ground, 2, 3, 3);                      /* solid: false */
    mem_set(ground, 3, 3, 1);                      /* no property */
    mem_set(hidden, 5, 0, 3);                      /* solid by its layer */
    mem_set(deco, 4, 2, 4);                        /* nothing */
    akgl_Tilemap *map = pool_map(&mm);
    akgl_SolidGrid g;
    CHECK_OK(akgl_tilemap_solid_grid(map, &g));
    CHECK_INT_EQ(g.cols, 6);
    CHECK_INT_EQ(g.rows, 4);
    CHECK(g.tile_w == 8.0f && g.tile_h == 8.0f);
    CHECK(g.origin_x == 0.0f && g.origin_y == 0.0f);
    CHECK(g.cells == map->solid_cells);
    int solid = 0;
    for (int i = 0; i < 24; i++) {
        solid += g.cells[i] != 0;
    }
    CHECK_INT_EQ(solid, 3);
    CHECK(g.cells[3 * 6 + 0] && g.cells[3 * 6 + 1] && g.cells[0 * 6 + 5]);
    /* Asked again: the same cells (the physics may be borrowing them). */
    akgl_SolidGrid again;
    CHECK_OK(akgl_tilemap_solid_grid(map, &again));
    CHECK(again.cells == g.cells);

    CHECK_STATUS(akgl_tilemap_solid_grid(NULL, &g), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_solid_grid(map, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_tilemap(map)); /* frees the cells (ASan would say) */
}

/* Infinite maps: the grid covers every stored region; cell (x, y) of the map
 * is grid cell (x - x0, y - y0), whose world position the origin gives. */
static void test_solid_grid_infinite(void)
{
    mem_map(&mm, 0, 0, NULL);
    mm.map.infinite = true;
    akgl_TilemapLayer *a = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *b = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    a->x0 = -16;
    a->y0 = -32;
    a->width = 16;
    a->height = 16;
    a->properties = solid_props();
    b->x0 = 0;
    b->y0 = 0;
    b->width = 16;
    b->height = 16;
    b->properties = solid_props();
    mem_set(a, -1, -17, 1);
    mem_set(b, 15, 15, 1);
    akgl_Tilemap *map = pool_map(&mm);
    akgl_SolidGrid g;
    CHECK_OK(akgl_tilemap_solid_grid(map, &g));
    CHECK_INT_EQ(g.cols, 32);
    CHECK_INT_EQ(g.rows, 48);
    CHECK(g.origin_x == -128.0f && g.origin_y == -256.0f);
    CHECK(g.cells[(-17 + 32) * 32 + (-1 + 16)] != 0);
    CHECK(g.cells[(15 + 32) * 32 + (15 + 16)] != 0);
    CHECK(g.cells[0] == 0);
    CHECK_OK(akgl_heap_release_tilemap(map));

    /* Regions too far apart for one grid: refused, naming the span and the limit. */
    mem_map(&mm, 0, 0, NULL);
    mm.map.infinite = true;
    a = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    b = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    a->x0 = -5000;
    a->width = 16;
    a->height = 16;
    b->x0 = 5000;
    b->y0 = 3000;
    b->width = 16;
    b->height = 16;
    map = pool_map(&mm);
    CHECK_STATUS_MSG(akgl_tilemap_solid_grid(map, &g), AKERR_VALUE, "AKGL_TILEMAP_MAX_LAYER_CELLS");
    CHECK(map->solid_cells == NULL);
    CHECK_OK(akgl_heap_release_tilemap(map));

    /* Isometric maps have no grid the arcade physics can use. */
    mem_map(&mm, 4, 4, NULL);
    mm.map.orientation = AKGL_TILEMAP_ISOMETRIC;
    map = pool_map(&mm);
    CHECK_STATUS_MSG(akgl_tilemap_solid_grid(map, &g), AKERR_VALUE, "isometric");
    CHECK_OK(akgl_heap_release_tilemap(map));
}

/* A layer of chunks (as an infinite map loads), built by hand. */
static akgl_TilemapLayer *chunk_layer(akgl_TilemapChunk *chunks, int n, int size)
{
    akgl_TilemapLayer *l = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    l->cells = NULL;
    l->chunkwidth = size;
    l->chunkheight = size;
    l->nchunks = n;
    l->chunks = chunks;
    l->properties = solid_props();
    return l;
}

/* Chunks of 4 x 4 cells, the layers solid: layer 0 has chunks at (-8, 0)
 * and (400000, 4), layer 1 one at (-8, 0); a tile at (-8, 0), (400003, 7)
 * and (-7, 2). Kept in a[] and b0 for the tests that reuse them. */
static uint32_t a0[16], a1[16], b0[16];
static akgl_TilemapChunk a[2], b[1];

static akgl_Tilemap *far_chunks_map(void)
{
    SDL_memset(a0, 0, sizeof(a0));
    SDL_memset(a1, 0, sizeof(a1));
    SDL_memset(b0, 0, sizeof(b0));
    a[0] = (akgl_TilemapChunk){-8, 0, a0};
    a[1] = (akgl_TilemapChunk){400000, 4, a1};
    b[0] = (akgl_TilemapChunk){-8, 0, b0};
    a0[0] = 1;         /* (-8, 0) */
    a1[15] = 1;        /* (400003, 7) */
    b0[2 * 4 + 1] = 1; /* (-7, 2), the same grid chunk as a0 */
    mem_map(&mm, 0, 0, NULL);
    mm.map.infinite = true;
    chunk_layer(a, 2, 4);
    chunk_layer(b, 1, 4);
    return pool_map(&mm);
}

/* A grid of chunks follows the chunks: one grid chunk at every place any
 * layer has one, a byte a cell, whatever the distance between them. */
static void test_solid_grid_of_chunks(void)
{
    akgl_Tilemap *map = far_chunks_map();
    akgl_SolidGrid g;
    CHECK_OK(akgl_tilemap_solid_grid(map, &g));
    CHECK_INT_EQ(g.nchunks, 2);
    CHECK_INT_EQ(g.chunk_cols, 4);
    CHECK_INT_EQ(g.cols, 400012);
    CHECK_INT_EQ(g.rows, 8);
    CHECK(g.origin_x == -8.0f * TS_TILE && g.origin_y == 0.0f);
    CHECK(g.cells == map->solid_cells && g.chunks != NULL);
    CHECK(g.chunks[0].col == 0 && g.chunks[0].row == 0);
    CHECK(g.chunks[1].col == 400008 && g.chunks[1].row == 4);
    CHECK(akgl_tilemap_solid_chunk_at(&g, 0, 0));
    CHECK(akgl_tilemap_solid_chunk_at(&g, 1, 2));
    CHECK(akgl_tilemap_solid_chunk_at(&g, 400011, 7));
    CHECK(!akgl_tilemap_solid_chunk_at(&g, 1, 0));
    CHECK(!akgl_tilemap_solid_chunk_at(&g, 200000, 0)); /* between the chunks */
    CHECK(!akgl_tilemap_solid_chunk_at(&g, 400008, 0));
    akgl_SolidGrid again;
    CHECK_OK(akgl_tilemap_solid_grid(map, &again));
    CHECK(again.chunks == g.chunks);
    CHECK_OK(akgl_heap_release_tilemap(map)); /* frees the block (ASan would say) */

    /* Regions and chunks in one map, chunks of two sizes, a chunk off its
     * size's multiples: no grid, the layer named. */
    mem_map(&mm, 0, 0, NULL);
    chunk_layer(a, 2, 4);
    mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES)->width = 4;
    map = pool_map(&mm);
    CHECK_STATUS_MSG(akgl_tilemap_solid_grid(map, &g), AKERR_VALUE,
                     "layer 1 (\"layer\") holds a region of cells and others hold chunks");
    CHECK(map->solid_cells == NULL);
    CHECK_OK(akgl_heap_release_tilemap(map));
    mem_map(&mm, 0, 0, NULL);
    chunk_layer(a, 2, 4);
    chunk_layer(b, 1, 2);
    map = pool_map(&mm);
    CHECK_STATUS_MSG(akgl_tilemap_solid_grid(map, &g), AKERR_VALUE,
                     "has chunks of 2 x 2, another layer of 4 x 4");
    CHECK_OK(akgl_heap_release_tilemap(map));
    akgl_TilemapChunk odd[1] = {{-7, 0, b0}};
    mem_map(&mm, 0, 0, NULL);
    chunk_layer(odd, 1, 4);
    map = pool_map(&mm);
    CHECK_STATUS_MSG(akgl_tilemap_solid_grid(map, &g), AKERR_VALUE,
                     "chunk at (-7, 0) is not on a multiple of the chunk size 4 x 4");
    CHECK(map->solid_cells == NULL);
    CHECK_OK(akgl_heap_release_tilemap(map));
}

/* An actor falls onto the map's solid row and stands on it. */
static void test_actor_lands_on_map(void)
{
    physics_begin();
    phys.gravity_y = 980.0f;
    mem_map(&mm, 20, 15, NULL);
    akgl_TilemapLayer *ground = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    ground->properties = solid_props();
    for (int x = 0; x < 20; x++) {
        mem_set(ground, x, 12, 1); /* row 12: its top is y = 96 */
    }
    akgl_Tilemap *map = pool_map(&mm);
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK(phys.grid.cells == map->solid_cells);
    CHECK_INT_EQ(phys.grid.cols, 20);
    akgl_Actor *a = spawn("faller", 40.0f, 10.0f, 6.0f, 10.0f);
    for (int i = 0; i < 100; i++) { /* 100 updates of 10 ms: 1 s */
        advance_ms(10);
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK_MSG(a->y == 86.0f, "y %.9g, not 86", (double)a->y);
    CHECK(a->vy == 0.0f);
    CHECK(a->touching & AKGL_PHYSICS_TOUCH_BOTTOM);

    /* Unsetting the map removes its grid from the physics. */
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK(phys.grid.cells == NULL);
    despawn(a);
    CHECK_OK(akgl_heap_release_tilemap(map));
    physics_end();
}

/* ------------------------------------------------------------------------ */
/* Spawning                                                                 */
/* ------------------------------------------------------------------------ */

static akgl_Character *hero;

static void objects_map(MemMap *m)
{
    mem_map(m, 10, 10, NULL);
    akgl_TilemapLayer *objs = mem_layer(m, AKGL_TILEMAP_LAYER_OBJECTS);
    static const akgl_TilemapObject base = {.name = "", .type = "", .visible = true, .text = ""};
    for (int i = 0; i < 4; i++) {
        m->objects[i] = base;
        m->objects[i].id = i + 1;
    }
    m->objects[0].name = "p1"; /* a rectangle: (x, y) is its top-left */
    m->objects[0].type = "hero";
    m->objects[0].x = 10.0f;
    m->objects[0].y = 20.0f;
    m->objects[0].width = 16.0f;
    m->objects[0].height = 16.0f;
    m->objects[1].type = "hero"; /* a tile object: (x, y) is its bottom-left */
    m->objects[1].gid = 1;
    m->objects[1].x = 32.0f;
    m->objects[1].y = 48.0f;
    m->objects[1].width = 8.0f;
    m->objects[1].height = 8.0f;
    m->objects[1].visible = false;
    m->objects[2].name = "p1"; /* name taken by then: named after the map */
    m->objects[2].type = "hero";
    m->objects[2].x = 1.0f;
    m->objects[2].y = 2.0f;
    m->objects[3].name = "door"; /* names no character: left alone */
    m->objects[3].type = "door";
    objs->objects = m->objects;
    objs->nobjects = 4;
}

/*
 * The model sits below the actors and gives a map's spawned actors back
 * through the release the game installs when it starts. A spawned list a
 * game filled itself is given back like a spawned one; with no release
 * installed (taken out here, as no started game is without it) the
 * teardown says so (AKERR_BEHAVIOR), the rest of it runs, and the actor
 * keeps its reference for whoever put it there.
 */
static void test_spawned_list_filled_by_hand(void)
{
    hero = make_character("hero", 100);
    for (int installed = 1; installed >= 0; installed--) {
        objects_map(&mm);
        akgl_Tilemap *map = pool_map(&mm);
        akgl_Actor *actor = NULL;
        CHECK_OK(akgl_actor_spawn("by hand", "hero", 0.0f, 0.0f, &actor));
        map->spawned = malloc(sizeof(*map->spawned));
        CHECK(map->spawned != NULL && actor != NULL);
        if (map->spawned == NULL || actor == NULL) {
            return;
        }
        CHECK_OK(akgl_actor_ref(actor, &map->spawned[0]));
        map->nspawned = 1;
        int actors = akgl_test_layer_count_(AKGL_HEAP_ACTOR);
        if (installed) {
            CHECK_OK(akgl_heap_release_tilemap(map));
            CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), actors - 1);
        } else {
            akgl_tilemap_set_spawned_release(NULL);
            CHECK_STATUS_MSG(akgl_heap_release_tilemap(map), AKERR_BEHAVIOR,
                             "1 spawned actors and no release installed");
            akgl_tilemap_install_level();
            CHECK_INT_EQ(actor->refcount, 1);
            CHECK_OK(akgl_heap_release_actor(actor));
        }
        CHECK_INT_EQ(tilemaps_in_use(), 0);
    }
    CHECK_OK(akgl_heap_release_character(hero));
}

static void test_spawn_actors(void)
{
    hero = make_character("hero", 100);
    objects_map(&mm);
    akgl_Tilemap *map = pool_map(&mm);
    int count = -1, actors = akgl_test_layer_count_(AKGL_HEAP_ACTOR);
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 3);
    CHECK_INT_EQ(map->nspawned, 3);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), actors + 3);
    akgl_Actor *p1 = SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "p1", NULL);
    /* Object 2 has no name: an anonymous actor, reached through the map. */
    akgl_Actor *tile = NULL;
    CHECK_OK(akgl_actor_from_ref(map->spawned[1], &tile));
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "map.tmj#2", NULL) == NULL);
    CHECK(tile != NULL && tile->name[0] == '\0');
    akgl_Actor *dup = SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "map.tmj#3", NULL);
    CHECK(p1 != NULL && tile != NULL && dup != NULL);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "door", NULL) == NULL);
    if (p1 != NULL && tile != NULL && dup != NULL) {
        CHECK(p1->basechar == hero && tile->basechar == hero && dup->basechar == hero);
        CHECK(p1->x == 10.0f && p1->y == 20.0f);
        CHECK(tile->x == 32.0f && tile->y == 40.0f);
        CHECK(dup->x == 1.0f && dup->y == 2.0f);
        CHECK(p1->visible && !tile->visible && dup->visible);
        CHECK_INT_EQ((int)p1->state, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN);
        CHECK_INT_EQ(p1->refcount, 1); /* the map's reference */
    }
    /* Releasing the map gives them back. */
    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), actors);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "p1", NULL) == NULL);

    CHECK_STATUS(akgl_tilemap_spawn_actors(NULL, &count), AKERR_NULLPOINTER);
    objects_map(&mm);
    map = pool_map(&mm);
    CHECK_STATUS(akgl_tilemap_spawn_actors(map, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_OK(akgl_heap_release_character(hero));
}

/* Isometric maps: object positions are in Tiled's isometric object space
 * (both axes in units of tileheight along the diagonals). */
static void test_spawn_actors_isometric(void)
{
    hero = make_character("hero", 100);
    objects_map(&mm);
    mm.map.orientation = AKGL_TILEMAP_ISOMETRIC;
    mm.map.width = 4;
    mm.map.height = 4;
    mm.map.tilewidth = 16;
    mm.map.tileheight = 8;
    mm.layers[0].nobjects = 2;
    mm.objects[0].x = 8.0f; /* cell (1, 1)'s top corner: (32, 8) */
    mm.objects[0].y = 8.0f;
    mm.objects[1].x = 16.0f; /* a tile object anchored bottom centre at cell (2, 1)'s top corner */
    mm.objects[1].y = 8.0f;
    mm.objects[1].width = 16.0f;
    akgl_Tilemap *map = pool_map(&mm);
    int count = 0;
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 2);
    akgl_Actor *a = SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, "p1", NULL);
    akgl_Actor *b = NULL; /* object 2 has no name: anonymous */
    CHECK_OK(akgl_actor_from_ref(map->spawned[1], &b));
    CHECK(a != NULL && b != NULL);
    if (a != NULL && b != NULL) {
        CHECK_MSG(a->x == 32.0f && a->y == 8.0f, "(%g, %g)", (double)a->x, (double)a->y);
        /* (2, 1): top corner ((2 - 1) * 8 + 32, (2 + 1) * 4) = (40, 12); the
         * bottom centre there, 16 x 8: top-left (32, 4). */
        CHECK_MSG(b->x == 32.0f && b->y == 4.0f, "(%g, %g)", (double)b->x, (double)b->y);
    }
    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_OK(akgl_heap_release_character(hero));
}

/* With room for only two of the three actors, nothing this call spawned is kept. */
/* A spawn refused whole: the status and message, nothing spawned, the actor
 * pool as it was, and @p name not registered. */
static void check_spawn_refused(akgl_Tilemap *map, int status, const char *said,
                                const char *name)
{
    int actors = akgl_test_layer_count_(AKGL_HEAP_ACTOR);
    int count = -1;
    CHECK_STATUS_MSG(akgl_tilemap_spawn_actors(map, &count), status, said);
    CHECK_INT_EQ(map->nspawned, 0);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), actors);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, name, NULL) == NULL);
}

static void test_spawn_actors_pool_full(void)
{
    hero = make_character("hero", 100);
    objects_map(&mm);
    akgl_Tilemap *map = pool_map(&mm);
    akgl_Actor *filler[AKGL_MAX_HEAP_ACTOR];
    int nfill = 0;
    while (akgl_test_layer_count_(AKGL_HEAP_ACTOR) < AKGL_MAX_HEAP_ACTOR - 2) {
        CHECK_OK(akgl_heap_next_actor(&filler[nfill]));
        nfill++;
    }
    check_spawn_refused(map, AKGL_ERR_HEAP, "map.tmj", "p1");
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), AKGL_MAX_HEAP_ACTOR - 2);
    for (int i = 0; i < nfill; i++) {
        CHECK_OK(akgl_heap_release_actor(filler[i]));
    }
    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_OK(akgl_heap_release_character(hero));
}

/*
 * Actor names hold AKGL_ACTOR_MAX_NAME_LENGTH - 1 bytes (31) and are never
 * cut into a key. A generated "<map file>#<id>" too long keeps "#<id>" whole
 * and cuts the map's part, at a character boundary; an object's own name too
 * long is refused, naming the map, the object, the name and the limit, and
 * nothing of the call is kept.
 */
static void test_spawn_actor_names_fit(void)
{
    const size_t most = AKGL_ACTOR_MAX_NAME_LENGTH - 1;
    hero = make_character("hero", 100);

    /* A map name that fits with "#2" exactly is used whole; with "#3" it
     * would be one byte over, but objects 3 and 4 are not spawned here. */
    char base[AKGL_ACTOR_MAX_NAME_LENGTH];
    memset(base, 'b', most - 2);
    base[most - 2 - 4] = '.';
    base[most - 2] = '\0';
    char exact[AKGL_ACTOR_MAX_NAME_LENGTH + 1];
    SDL_snprintf(exact, sizeof(exact), "%s#2", base);
    CHECK_INT_EQ(strlen(exact), most);
    objects_map(&mm);
    SDL_snprintf(mm.map.path, sizeof(mm.map.path), "/mem/%s", base);
    mm.objects[1].name = "p1"; /* taken by object 1: named after the map */
    mm.layers[0].nobjects = 2;
    akgl_Tilemap *map = pool_map(&mm);
    int count = -1;
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 2);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, exact, NULL) != NULL);
    CHECK_OK(akgl_heap_release_tilemap(map));

    /* A long map name: "#<id>" kept, the map's part cut to fit; a two-byte
     * character that would straddle the cut goes whole. */
    objects_map(&mm);
    char longbase[80];
    memset(longbase, 'L', sizeof(longbase) - 1);
    longbase[sizeof(longbase) - 1] = '\0';
    longbase[most - 3] = '\xc3'; /* "é" at bytes 28..29: the cut for "#2" falls inside it */
    longbase[most - 2] = '\xa9';
    SDL_snprintf(mm.map.path, sizeof(mm.map.path), "/mem/%s.tmj", longbase);
    mm.objects[1].name = "p1"; /* both taken by object 1 */
    mm.objects[2].name = "p1";
    akgl_Tilemap *longmap = pool_map(&mm);
    CHECK_OK(akgl_tilemap_spawn_actors(longmap, &count));
    CHECK_INT_EQ(count, 3);
    char want2[AKGL_ACTOR_MAX_NAME_LENGTH], want3[AKGL_ACTOR_MAX_NAME_LENGTH];
    SDL_snprintf(want2, sizeof(want2), "%.*s#2", (int)(most - 3), longbase); /* 28 + 2 bytes */
    SDL_snprintf(want3, sizeof(want3), "%.*s#3", (int)(most - 3), longbase);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, want2, NULL) != NULL);
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, want3, NULL) != NULL);
    CHECK_INT_EQ(strlen(want2), most - 1);

    /* A second map whose name shares the part kept gives the same names:
     * refused as taken, the object and the name said, nothing kept. */
    MemMap *twin = &mm2;
    objects_map(twin);
    SDL_snprintf(twin->map.path, sizeof(twin->map.path), "/mem/%s-2.tmj", longbase);
    twin->objects[0].name = "p2";
    twin->objects[1].name = "p1"; /* taken: the generated name, taken too */
    akgl_Tilemap *twinmap = pool_map(twin);
    char said[200];
    SDL_snprintf(said, sizeof(said), "object 2 (actor \"%s\")", want2);
    check_spawn_refused(twinmap, AKERR_REGISTRY, said, "p2");
    CHECK_OK(akgl_heap_release_tilemap(twinmap));
    CHECK_OK(akgl_heap_release_tilemap(longmap));

    /* An object's own name of 31 bytes is used; of 32, refused whole. */
    char fits[AKGL_ACTOR_MAX_NAME_LENGTH], over[AKGL_ACTOR_MAX_NAME_LENGTH + 1];
    memset(fits, 'f', most);
    fits[most] = '\0';
    memset(over, 'o', most + 1);
    over[most + 1] = '\0';
    objects_map(&mm);
    mm.objects[0].name = fits;
    mm.layers[0].nobjects = 1;
    map = pool_map(&mm);
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK(SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, fits, NULL) != NULL);
    CHECK_OK(akgl_heap_release_tilemap(map));
    objects_map(&mm);
    mm.objects[1].name = over;
    map = pool_map(&mm);
    char refused[200];
    SDL_snprintf(refused, sizeof(refused),
                 "map.tmj: object 2's name \"%s\" is %" SDL_PRIu64 " bytes; an actor name holds "
                 "at most %" SDL_PRIu64, over, (Uint64)(most + 1), (Uint64)most);
    check_spawn_refused(map, AKERR_OUTOFBOUNDS, refused, "p1");
    CHECK_OK(akgl_heap_release_tilemap(map));
    CHECK_OK(akgl_heap_release_character(hero));
}

/* ------------------------------------------------------------------------ */
/* Level change                                                             */
/* ------------------------------------------------------------------------ */

static void test_unload_with_maps(void)
{
    physics_begin();
    hero = make_character("hero", 100);
    objects_map(&mm);
    akgl_TilemapLayer *ground = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    ground->properties = solid_props();
    mem_set(ground, 0, 0, 1);
    akgl_Tilemap *map = pool_map(&mm);
    int count = 0;
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK(phys.grid.cells != NULL);

    /* Unloading the actors: the map lets go of its actors and stays. */
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_ACTORS));
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), 0);
    CHECK_INT_EQ(map->nspawned, 0);
    CHECK(game.tilemap == map);
    CHECK_INT_EQ(map->refcount, 2);

    /* Unloading the maps: the game's current map is unset and every map goes,
     * with the actors they spawned. */
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 3);
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_TILEMAPS));
    CHECK(game.tilemap == NULL);
    CHECK(phys.grid.cells == NULL);
    CHECK_INT_EQ(tilemaps_in_use(), 0);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), 0);
    CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_CHARACTER), 1);
    CHECK_OK(akgl_heap_release_character(hero));
    physics_end();
}


/* ------------------------------------------------------------------------ */
/* One-way tiles, slopes and platforms                                      */
/* ------------------------------------------------------------------------ */

/*
 * Tiles 1..3 (gids 2..4) say one_way, slope_left 0 / slope_right 8 (a full
 * 45 degree rise on these 8 px tiles) and solid; a second layer whose layer
 * property says one_way; an object layer with one moving one-way platform
 * and one object of another type.
 */
static void markings_map(MemMap *m)
{
    mem_map(m, 6, 4, NULL);
    for (int i = 0; i < 3; i++) {
        m->tiles[i] = (akgl_TilemapTile){.id = (uint32_t)(i + 1), .type = "", .image = ""};
        m->tiles[i].properties = SDL_CreateProperties();
    }
    m->tilesets[0].ntiles = 3;
    CHECK(SDL_SetBooleanProperty(m->tiles[0].properties, "one_way", true));
    CHECK(SDL_SetNumberProperty(m->tiles[1].properties, "slope_left", 0));
    CHECK(SDL_SetNumberProperty(m->tiles[1].properties, "slope_right", 8));
    CHECK(SDL_SetBooleanProperty(m->tiles[2].properties, "solid", true));
    akgl_TilemapLayer *ground = mem_layer(m, AKGL_TILEMAP_LAYER_TILES);
    akgl_TilemapLayer *ledges = mem_layer(m, AKGL_TILEMAP_LAYER_TILES);
    ledges->properties = SDL_CreateProperties();
    CHECK(SDL_SetBooleanProperty(ledges->properties, "one_way", true));
    mem_set(ground, 0, 3, 2);  /* one-way tile */
    mem_set(ground, 1, 3, 3);  /* slope */
    mem_set(ground, 2, 3, 4);  /* solid */
    mem_set(ledges, 2, 3, 1);  /* one-way by its layer, over a solid cell: stays solid */
    mem_set(ledges, 4, 1, 1);  /* one-way by its layer */
    akgl_TilemapLayer *objs = mem_layer(m, AKGL_TILEMAP_LAYER_OBJECTS);
    static const akgl_TilemapObject base = {.name = "", .type = "", .visible = true, .text = ""};
    m->objects[0] = base;
    m->objects[0].id = 1;
    m->objects[0].name = "lift";
    m->objects[0].type = "platform";
    m->objects[0].x = 8.0f;
    m->objects[0].y = 16.0f;
    m->objects[0].width = 24.0f;
    m->objects[0].height = 4.0f;
    m->objects[0].properties = SDL_CreateProperties();
    CHECK(SDL_SetFloatProperty(m->objects[0].properties, "dx", 32.0f));
    CHECK(SDL_SetNumberProperty(m->objects[0].properties, "speed", 64));
    CHECK(SDL_SetBooleanProperty(m->objects[0].properties, "one_way", true));
    m->objects[1] = base;
    m->objects[1].id = 2;
    m->objects[1].type = "door";
    objs->objects = m->objects;
    objs->nobjects = 2;
}

static void test_physics_markings(void)
{
    markings_map(&mm);
    akgl_Tilemap *map = pool_map(&mm);
    akgl_SolidGrid g;
    CHECK_OK(akgl_tilemap_check_physics(map));
    CHECK_OK(akgl_tilemap_solid_grid(map, &g));
    CHECK_INT_EQ(g.cells[3 * 6 + 0], AKGL_CELL_ONE_WAY);
    CHECK_INT_EQ(g.cells[3 * 6 + 1], AKGL_CELL_SLOPE(0, 8));
    CHECK_INT_EQ(g.cells[3 * 6 + 2], AKGL_CELL_SOLID);
    CHECK_INT_EQ(g.cells[1 * 6 + 4], AKGL_CELL_ONE_WAY);
    CHECK_INT_EQ(g.cells[0], AKGL_CELL_OPEN);
    const akgl_Platform *pl = NULL;
    int n = -1;
    CHECK_OK(akgl_tilemap_platforms(map, &pl, &n));
    CHECK_INT_EQ(n, 1);
    CHECK(pl != NULL && pl == map->platforms);
    if (pl != NULL) {
        /* 32 px at 64 px/s: half a second, 125 steps of 4 ms. */
        CHECK(pl->x == 8.0f && pl->y == 16.0f && pl->w == 24.0f && pl->h == 4.0f);
        CHECK(pl->dx == 32.0f && pl->dy == 0.0f && pl->one_way);
        CHECK_INT_EQ((int)pl->leg_steps, 125);
    }
    /* Asked again: the same platforms. */
    const akgl_Platform *again = NULL;
    CHECK_OK(akgl_tilemap_platforms(map, &again, &n));
    CHECK(again == pl && n == 1);
    /* The game gives them to the physics, and takes them back. */
    physics_begin();
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK(phys.platforms == map->platforms && phys.nplatforms == 1);
    CHECK(phys.grid.cells == map->solid_cells && phys.grid_slopes);
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK(phys.platforms == NULL && phys.nplatforms == 0 && !phys.grid_slopes);
    physics_end();
    CHECK_STATUS(akgl_tilemap_check_physics(NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_platforms(NULL, &pl, &n), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_platforms(map, NULL, &n), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_platforms(map, &pl, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_tilemap(map)); /* frees the cells and platforms (ASan would say) */
}

/* akgl_tilemap_set_tile keeps the solid grid true to the tiles: each
 * changed cell is worked out again from every layer, in place. */
static void test_set_tile_follows_solid(void)
{
    markings_map(&mm);
    akgl_Tilemap *map = pool_map(&mm);
    akgl_SolidGrid g;
    CHECK_OK(akgl_tilemap_solid_grid(map, &g));
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 5, 2, 4)); /* a solid tile */
    CHECK_INT_EQ(g.cells[2 * 6 + 5], AKGL_CELL_SOLID);
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 5, 2, 0)); /* and gone */
    CHECK_INT_EQ(g.cells[2 * 6 + 5], AKGL_CELL_OPEN);
    /* The solid tile under the one-way layer's tile goes: the layer's
     * one-way floor is what is left. */
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 2, 3, 0));
    CHECK_INT_EQ(g.cells[3 * 6 + 2], AKGL_CELL_ONE_WAY);
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 0, 3, 4 | AKGL_TILE_FLIP_H)); /* flips do not matter */
    CHECK_INT_EQ(g.cells[3 * 6 + 0], AKGL_CELL_SOLID);
    CHECK_OK(akgl_tilemap_set_tile(map, 1, 3, 0, 4)); /* any tile of the one-way layer */
    CHECK_INT_EQ(g.cells[0 * 6 + 3], AKGL_CELL_ONE_WAY);
    /* Refused: nothing changes, in the layer or the grid. */
    CHECK_STATUS(akgl_tilemap_set_tile(map, 0, 1, 3, 99), AKERR_KEY);
    CHECK_INT_EQ(g.cells[3 * 6 + 1], AKGL_CELL_SLOPE(0, 8));
    CHECK_OK(akgl_heap_release_tilemap(map));

    /* A map whose grid was never built: the tile changes, no grid appears. */
    markings_map(&mm);
    map = pool_map(&mm);
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 5, 2, 4));
    CHECK(map->solid_cells == NULL);
    CHECK_OK(akgl_heap_release_tilemap(map));

    /* Chunks: the cell's grid chunk, found as the physics finds it. */
    map = far_chunks_map();
    CHECK_OK(akgl_tilemap_solid_grid(map, &g));
    CHECK(akgl_tilemap_solid_chunk_at(&g, 400011, 7));
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 400003, 7, 0));
    CHECK(!akgl_tilemap_solid_chunk_at(&g, 400011, 7));
    CHECK_OK(akgl_tilemap_set_tile(map, 1, -6, 1, 1));
    CHECK(akgl_tilemap_solid_chunk_at(&g, 2, 1));
    CHECK(!akgl_tilemap_solid_chunk_at(&g, 1, 1));
    CHECK_OK(akgl_heap_release_tilemap(map));
}

/* A game breaks the floor under an actor: it falls through the gap at the
 * next steps. A slope written into a grid that had none turns the
 * physics' slope checks on. */
static void test_set_tile_physics(void)
{
    physics_begin();
    phys.gravity_y = 980.0f;
    /* Tile 1 (gid 2) solid, tile 2 (gid 3) a slope; row 3 is solid floor. */
    mem_map(&mm, 6, 4, NULL);
    for (int i = 0; i < 2; i++) {
        mm.tiles[i] = (akgl_TilemapTile){.id = (uint32_t)(i + 1), .type = "", .image = ""};
        mm.tiles[i].properties = SDL_CreateProperties();
    }
    mm.tilesets[0].ntiles = 2;
    CHECK(SDL_SetBooleanProperty(mm.tiles[0].properties, "solid", true));
    CHECK(SDL_SetNumberProperty(mm.tiles[1].properties, "slope_left", 0));
    CHECK(SDL_SetNumberProperty(mm.tiles[1].properties, "slope_right", 8));
    akgl_TilemapLayer *ground = mem_layer(&mm, AKGL_TILEMAP_LAYER_TILES);
    for (int x = 0; x < 6; x++) {
        mem_set(ground, x, 3, 2);
    }
    akgl_Tilemap *map = pool_map(&mm);
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK(phys.grid.cells == map->solid_cells && !phys.grid_slopes);
    akgl_Actor *a = spawn("stander", 16.0f, 10.0f, 6.0f, 6.0f); /* over cell (2, 3) */
    for (int i = 0; i < 50; i++) {
        advance_ms(10);
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK_MSG(a->y == 18.0f, "y %.9g, not 18 (on row 3's top)", (double)a->y);
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 2, 3, 0));
    for (int i = 0; i < 10; i++) {
        advance_ms(10);
        CHECK_OK(akgl_game_update(NULL));
    }
    CHECK_MSG(a->y > 18.0f, "y %.9g: the actor still stands on the broken floor", (double)a->y);
    CHECK_OK(akgl_tilemap_set_tile(map, 0, 4, 3, 3)); /* a slope */
    CHECK(phys.grid_slopes);
    CHECK_INT_EQ(map->solid_cells[3 * 6 + 4], AKGL_CELL_SLOPE(0, 8));
    despawn(a);
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK_OK(akgl_heap_release_tilemap(map));
    physics_end();
}

/* One bad marking: the check, the grid, the platforms and the game all
 * refuse the map with the message, and nothing changes. */
static void expect_marking_refused(int status, const char *n1, const char *n2)
{
    akgl_Tilemap *map = pool_map(&mm);
    const akgl_Platform *pl = NULL;
    int n = -1;
    akgl_SolidGrid g;
    CHECK_STATUS_MSG(akgl_tilemap_check_physics(map), status, "/mem/map.tmj");
    CHECK_STATUS_MSG(akgl_tilemap_check_physics(map), status, n1);
    CHECK_STATUS_MSG(akgl_tilemap_check_physics(map), status, n2);
    CHECK_STATUS_MSG(akgl_tilemap_solid_grid(map, &g), status, n2);
    CHECK(map->solid_cells == NULL);
    CHECK_STATUS_MSG(akgl_tilemap_platforms(map, &pl, &n), status, n2);
    CHECK(pl == NULL && n == 0 && map->platforms == NULL);
    physics_begin();
    CHECK_STATUS_MSG(akgl_game_set_tilemap(map), status, n2);
    CHECK(game.tilemap == NULL && phys.grid.cells == NULL && phys.nplatforms == 0);
    CHECK_INT_EQ(map->refcount, 1);
    physics_end();
    CHECK_OK(akgl_heap_release_tilemap(map));
}

static void test_physics_markings_refused(void)
{
    int maps = tilemaps_in_use();
    markings_map(&mm);
    CHECK(SDL_SetNumberProperty(mm.tiles[1].properties, "slope_right", 9));
    expect_marking_refused(AKERR_OUTOFBOUNDS, "tileset \"tiles\" tile 2",
                           "property slope_right is 9; it must be from 0 to 8");
    markings_map(&mm);
    CHECK(SDL_SetFloatProperty(mm.tiles[1].properties, "slope_left", 2.5f));
    expect_marking_refused(AKERR_VALUE, "tileset \"tiles\" tile 2",
                           "slope_left is 2.5; it must be a whole number of eighths");
    markings_map(&mm);
    CHECK(SDL_ClearProperty(mm.tiles[1].properties, "slope_right"));
    expect_marking_refused(AKERR_KEY, "tile 2", "slope_left is set and slope_right is not");
    markings_map(&mm);
    CHECK(SDL_SetStringProperty(mm.tiles[1].properties, "slope_left", "4"));
    expect_marking_refused(AKERR_TYPE, "tile 2", "slope_left is a string");
    markings_map(&mm);
    CHECK(SDL_SetBooleanProperty(mm.tiles[1].properties, "one_way", true));
    expect_marking_refused(AKERR_VALUE, "tile 2", "one_way and slope_left/slope_right");
    markings_map(&mm);
    CHECK(SDL_SetStringProperty(mm.tiles[0].properties, "one_way", "yes"));
    expect_marking_refused(AKERR_TYPE, "tile 1", "property one_way is not a bool");
    markings_map(&mm);
    CHECK(SDL_ClearProperty(mm.objects[0].properties, "speed"));
    expect_marking_refused(AKERR_VALUE, "platform object 1 (\"lift\")",
                           "speed is 0; a platform with a path (dx 32, dy 0) needs a speed");
    markings_map(&mm);
    CHECK(SDL_SetNumberProperty(mm.objects[0].properties, "speed", -5));
    expect_marking_refused(AKERR_OUTOFBOUNDS, "object 1", "property speed is -5");
    markings_map(&mm);
    CHECK(SDL_SetStringProperty(mm.objects[0].properties, "dx", "32"));
    expect_marking_refused(AKERR_TYPE, "object 1", "property dx is a string");
    markings_map(&mm);
    CHECK(SDL_SetFloatProperty(mm.objects[0].properties, "dy", 2e6f));
    expect_marking_refused(AKERR_OUTOFBOUNDS, "object 1", "property dy is 2e+06");
    markings_map(&mm);
    mm.objects[0].shape = AKGL_TILEMAP_SHAPE_ELLIPSE;
    expect_marking_refused(AKERR_VALUE, "object 1", "a platform is an unrotated rectangle");
    markings_map(&mm);
    mm.objects[0].width = 0.0f;
    expect_marking_refused(AKERR_VALUE, "object 1", "at least 1x1 px");
    CHECK_INT_EQ(tilemaps_in_use(), maps);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_spawned_list_filled_by_hand);
    RUN_TEST(test_set_tilemap_references);
    RUN_TEST(test_set_tilemap_refusals);
    RUN_TEST(test_solid_grid_rules);
    RUN_TEST(test_solid_grid_infinite);
    RUN_TEST(test_solid_grid_of_chunks);
    RUN_TEST(test_actor_lands_on_map);
    RUN_TEST(test_spawn_actors);
    RUN_TEST(test_spawn_actors_isometric);
    RUN_TEST(test_spawn_actors_pool_full);
    RUN_TEST(test_spawn_actor_names_fit);
    RUN_TEST(test_unload_with_maps);
    RUN_TEST(test_physics_markings);
    RUN_TEST(test_physics_markings_refused);
    RUN_TEST(test_set_tile_follows_solid);
    RUN_TEST(test_set_tile_physics);
    return AKGL_TEST_END();
}
