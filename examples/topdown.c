/*
 * A top-down game: no gravity, drag to stop, walls and crates from a map
 * (examples/assets/topdown.tmj) whose objects spawn the hero and the coins;
 * the hero walks four ways through examples/assets/input/topdown.json, and
 * walking into a coin (the physics' overlap hook) collects it.
 *
 *   akgl_example_topdown [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static akgl_Physics physics;
static akgl_Controller pad;
static akgl_Actor *hero;
static akgl_Font *font;
static int coins;

/* Each overlapping pair once a step: a coin the hero touches is collected. */
static akerr_ErrorContext *touch(akgl_Physics *p, akgl_Actor *a, akgl_Actor *b, void *ud)
{
    (void)p;
    (void)ud;
    if (a != hero && b != hero) {
        return NULL;
    }
    coins++;
    return akgl_actor_despawn(a == hero ? b : a); /* out of the world; the map forgets it */
}

static akerr_ErrorContext *init(akgl_App *app)
{
    akgl_Tilemap *map = NULL;
    const char *path = NULL;
    int n = 0;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_set_property("physics.drag.x", "8"));
    PASS(errctx, akgl_set_property("physics.drag.y", "8"));
    PASS(errctx, akgl_physics_init_arcade(&physics));
    physics.on_overlap = touch;
    PASS(errctx, akgl_font_load("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 8, &font));
    PASS(errctx, akgl_app_asset("topdown.tmj", &path));
    PASS(errctx, akgl_tilemap_load(path, &map));
    PASS(errctx, akgl_game_set_tilemap(map));
    PASS(errctx, akgl_tilemap_spawn_actors(map, &n)); /* the map holds them */
    PASS(errctx, akgl_heap_release_tilemap(map));     /* and the game holds the map */
    /* Its hitbox is the map object's "hitbox" property; the camera keeps to the map. */
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "hero", (void **)&hero));
    PASS(errctx, akgl_camera_follow(game.camera, hero, 0.0f, 0.0f));
    PASS(errctx, akgl_controller_initialize(&pad, hero));
    PASS(errctx, akgl_app_asset("input/topdown.json", &path));
    PASS(errctx, akgl_controller_load_json(&pad, path));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *event(akgl_App *app, const SDL_Event *e)
{
    (void)app;
    return akgl_controller_handle_event(&pad, e);
}

/* Headless, a script walks round the room. */
static akerr_ErrorContext *step(akgl_App *app)
{
    static const struct { int frame; SDL_Scancode key; } walk[] = {
        {1, SDL_SCANCODE_RIGHT}, {50, SDL_SCANCODE_DOWN}, {110, SDL_SCANCODE_RIGHT},
        {190, SDL_SCANCODE_DOWN}, {230, SDL_SCANCODE_LEFT}, {300, SDL_SCANCODE_UP}};
    PREPARE_ERROR(errctx);
    for (int i = 0; app->headless && i < (int)SDL_arraysize(walk); i++) {
        if (walk[i].frame == app->frame) { /* let go of the last key, press this one */
            SDL_Event up = {.key = {.type = SDL_EVENT_KEY_UP, .scancode = walk[i ? i - 1 : 0].key}};
            SDL_Event down = {.key = {.type = SDL_EVENT_KEY_DOWN, .scancode = walk[i].key,
                                      .down = true}};
            PASS(errctx, akgl_controller_handle_event(&pad, &up));
            PASS(errctx, akgl_controller_handle_event(&pad, &down));
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    char text[32];
    (void)app;
    SDL_snprintf(text, sizeof(text), "coins %d", coins);
    return akgl_text_draw(font, text, 4.0f, 2.0f, (SDL_Color){255, 240, 120, 255});
}

static akerr_ErrorContext *quit(akgl_App *app)
{
    (void)app;
    return akgl_controller_release(&pad);
}

static const akgl_AppDesc desc = {
    .title = "top-down", .width = 960, .height = 540, .logical_width = 320, .logical_height = 180,
    .sprites = (const char *const[]){"coin_spin.json", "coin_sparkle.json", NULL},
    .characters = (const char *const[]){"knight.json", "coin.json", NULL},
    .roots = (const char *const[]){"/usr/share/fonts", NULL}, /* the HUD's font */
    .init = init, .event = event, .frame = step, .draw = draw, .quit = quit,
};
AKGL_APP_MAIN(desc)
