/*
 * LDtk levels: a world drawn in the LDtk editor (examples/assets/world.ldtk,
 * two levels side by side) loaded level by level. Each level's IntGrid layer
 * is its solid ground, its auto-tiles and tiles are drawn as LDtk shows
 * them, and its "knight" entity becomes the knight. The knight walks, jumps
 * where the ground steps up, and at a level's edge the game loads the
 * neighbour LDtk says lies that way (or turns back where there is none).
 * The HUD shows where the level stands in its world.
 *
 *   akgl_example_ldtk [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static akgl_Physics physics;
static akgl_Tilemap *level; /* the game holds it; borrowed here */
static akgl_Actor *knight;
static int heading = 1;     /* 1: east, -1: west */

/* Loads `name` (NULL: the first level), its knight, and where it stands. */
static akerr_ErrorContext *enter(const char *name, bool from_east)
{
    akgl_Tilemap *map = NULL;
    const char *path = NULL;
    void *found = NULL;
    int spawned = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_app_asset("world.ldtk", &path));
    PASS(errctx, akgl_tilemap_load_ldtk(path, name, "ground,ledge", &map));
    PASS(errctx, akgl_game_set_tilemap(map)); /* its IntGrid becomes the physics' ground */
    PASS(errctx, akgl_tilemap_spawn_actors(map, &spawned));
    PASS(errctx, akgl_heap_release_tilemap(map));
    level = map;
    PASS(errctx, akgl_registry_require(AKGL_REGISTRY_ACTOR, "actor", "knight", &found));
    knight = found;
    knight->hitbox = (SDL_FRect){3, 2, 10, 14};
    if (from_east) {
        knight->x = (float)(map->width * map->tilewidth - 32);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_set_property("physics.gravity.y", "900"));
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, enter(NULL, false));
    SUCCEED_RETURN(errctx);
}

/* The neighbour of the current level on side `dir` ("e" or "w"), or NULL. */
static const char *neighbour(const char *dir)
{
    const akgl_TilemapLevel *where = NULL;
    akerr_ErrorContext *e = akgl_tilemap_level(level, &where);
    if (e != NULL) {
        IGNORE(e);
        return NULL;
    }
    for (int i = 0; i < where->nneighbours; i++) {
        if (SDL_strcmp(where->neighbours[i].dir, dir) == 0) {
            return where->neighbours[i].identifier;
        }
    }
    return NULL;
}

static akerr_ErrorContext *step(akgl_App *app)
{
    char next[64];
    PREPARE_ERROR(errctx);
    (void)app;
    float right_edge = (float)(level->width * level->tilewidth - 16);
    bool at_edge = heading > 0 ? knight->x >= right_edge : knight->x <= 0.0f;
    if (at_edge) {
        const char *name = neighbour(heading > 0 ? "e" : "w");
        if (name == NULL) {
            heading = -heading; /* the world ends here */
        } else {
            SDL_strlcpy(next, name, sizeof(next)); /* the old level goes with the unload */
            SDL_Log("ldtk: on to %s", next);
            PASS(errctx, akgl_game_unload(AKGL_UNLOAD_ACTORS | AKGL_UNLOAD_TILEMAPS));
            PASS(errctx, enter(next, heading < 0));
        }
    }
    knight->state = AKGL_ACTOR_STATE_ALIVE |
                    (heading > 0 ? AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT
                                 : AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT);
    /* Up a step: a jump from the ground when a wall stops it. */
    bool blocked = knight->touching & (heading > 0 ? AKGL_PHYSICS_TOUCH_RIGHT
                                                    : AKGL_PHYSICS_TOUCH_LEFT);
    if (blocked && (knight->touching & AKGL_PHYSICS_TOUCH_BOTTOM)) {
        knight->vy = -300.0f;
    }
    SUCCEED_RETURN(errctx);
}

/* The HUD: the level, its title field, its place in the world, its neighbours. */
static akerr_ErrorContext *draw(akgl_App *app)
{
    const akgl_TilemapLevel *where = NULL;
    char text[160];
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_tilemap_level(level, &where));
    SDL_snprintf(text, sizeof(text), "%s \"%s\" at (%d, %d)", where->identifier,
                 SDL_GetStringProperty(level->properties, "title", ""), where->worldx,
                 where->worldy);
    PASS(errctx, akgl_text_draw(NULL, text, 4.0f, 4.0f, (SDL_Color){255, 255, 255, 255}));
    for (int i = 0; i < where->nneighbours; i++) {
        SDL_snprintf(text, sizeof(text), "%s: %s", where->neighbours[i].dir,
                     where->neighbours[i].identifier);
        PASS(errctx, akgl_text_draw(NULL, text, 4.0f, 16.0f + 12.0f * (float)i,
                                    (SDL_Color){255, 255, 255, 255}));
    }
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "LDtk levels", .width = 960, .height = 576,
    .logical_width = 320, .logical_height = 192,
    .characters = (const char *const[]){"knight.json", NULL},
    .init = init, .frame = step, .draw = draw,
};
AKGL_APP_MAIN(desc)
