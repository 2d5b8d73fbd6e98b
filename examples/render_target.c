/*
 * Render targets and blend modes: the top-down room (examples/assets/
 * topdown.tmj) at night. A light map, dark with added light discs, is
 * multiplied over the scene; the coins glow (their blend mode is "add"); a
 * minimap draws the whole room through a zoomed-out camera; a title card
 * made once at load wipes away to the left.
 *
 *   akgl_example_render_target [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static akgl_Image *light, *dark, *minimap, *card;
static akgl_Camera mini; /* the whole 384 x 224 room in 96 x 56 */
static akgl_Actor *hero;

static akerr_ErrorContext *init(akgl_App *app)
{
    akgl_Tilemap *map = NULL;
    akgl_Actor *coin = NULL;
    const char *path = NULL;
    char name[16];
    int n = 0;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_app_asset("topdown.tmj", &path));
    PASS(errctx, akgl_tilemap_load(path, &map));
    PASS(errctx, akgl_game_set_tilemap(map));
    PASS(errctx, akgl_tilemap_spawn_actors(map, &n));
    PASS(errctx, akgl_heap_release_tilemap(map));
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", "hero", (void **)&hero));
    PASS(errctx, akgl_camera_follow(game.camera, hero, 0.0f, 0.0f));
    for (int i = 1; i <= 8; i++) { /* the coins glow: their pixels add to the floor's */
        SDL_snprintf(name, sizeof(name), "coin %d", i);
        PASS(errctx, akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", name, (void **)&coin));
        PASS(errctx, akgl_actor_set_blend(coin, SDL_BLENDMODE_ADD));
    }
    /* Every target made here, at load: a slot and a texture each. */
    PASS(errctx, akgl_render_target_create(96, 96, &light));
    PASS(errctx, akgl_render_target_create(320, 180, &dark));
    PASS(errctx, akgl_render_target_create(96, 56, &minimap));
    PASS(errctx, akgl_render_target_create(320, 180, &card));
    PASS(errctx, akgl_render_target_begin(light, &(SDL_Color){0, 0, 0, 255}, NULL));
    for (int r = 47; r >= 0; r--) { /* a soft disc: rings from dim to bright */
        Uint8 v = (Uint8)(255 - r * 4);
        PASS(errctx, akgl_draw_circle_filled(AKGL_DRAW_SCREEN, 48, 48, (float)r,
                                             (SDL_Color){v, v, (Uint8)(v * 3 / 4), 255}));
    }
    PASS(errctx, akgl_render_target_end());
    PASS(errctx, akgl_image_set_blend(light, SDL_BLENDMODE_ADD));
    PASS(errctx, akgl_image_set_blend(dark, SDL_BLENDMODE_MUL));
    PASS(errctx, akgl_render_target_begin(card, &(SDL_Color){20, 24, 60, 255}, NULL));
    PASS(errctx, akgl_draw_rect(AKGL_DRAW_SCREEN, 8, 8, 304, 164, (SDL_Color){240, 200, 90, 255}));
    PASS(errctx, akgl_text_draw(NULL, "RENDER TARGETS", 212, 86, (SDL_Color){240, 200, 90, 255}));
    PASS(errctx, akgl_render_target_end());
    mini = (akgl_Camera){.x = 192 - 48, .y = 112 - 28, .w = 96, .h = 56, .zoom = 0.25f};
    SUCCEED_RETURN(errctx);
}

/* The hero walks a loop round the room. */
static akerr_ErrorContext *step(akgl_App *app)
{
    float t = (float)app->frame / 60.0f;
    hero->x = 184.0f + 130.0f * SDL_cosf(t * 0.7f);
    hero->y = 104.0f + 60.0f * SDL_sinf(t * 1.4f);
    return NULL;
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    const akgl_Camera *cam = game.camera;
    PREPARE_ERROR(errctx);
    /* Night: the light map, lights added into it, multiplied over the scene. */
    PASS(errctx, akgl_render_target_begin(dark, &(SDL_Color){30, 30, 64, 255}, NULL));
    PASS(errctx, akgl_draw_image(AKGL_DRAW_SCREEN, light, hero->x + 8 - 48 - cam->x,
                                 hero->y + 8 - 48 - cam->y));
    PASS(errctx, akgl_draw_image(AKGL_DRAW_SCREEN, light, 40 - cam->x, 20 - cam->y));
    PASS(errctx, akgl_draw_image(AKGL_DRAW_SCREEN, light, 280 - cam->x, 140 - cam->y));
    PASS(errctx, akgl_render_target_end());
    PASS(errctx, akgl_draw_image(AKGL_DRAW_SCREEN, dark, 0, 0));
    /* The minimap: the whole room through its own camera, drawn again each frame. */
    PASS(errctx, akgl_render_target_begin(minimap, &(SDL_Color){0, 0, 0, 255}, &mini));
    PASS(errctx, akgl_game_draw_world());
    PASS(errctx, akgl_render_target_end());
    PASS(errctx, akgl_draw_image(AKGL_DRAW_SCREEN, minimap, 220, 4));
    PASS(errctx, akgl_draw_rect(AKGL_DRAW_SCREEN, 219, 3, 98, 58, (SDL_Color){255, 255, 255, 255}));
    /* The transition: the title card made at load wipes away to the left. */
    if (app->frame < 80) {
        PASS(errctx, akgl_draw_image(AKGL_DRAW_SCREEN, card, -4.0f * (float)app->frame, 0));
    }
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "render targets", .width = 960, .height = 540,
    .logical_width = 320, .logical_height = 180,
    .sprites = (const char *const[]){"coin_spin.json", "coin_sparkle.json", NULL},
    .characters = (const char *const[]){"knight.json", "coin.json", NULL},
    .init = init, .frame = step, .draw = draw,
};
AKGL_APP_MAIN(desc)
