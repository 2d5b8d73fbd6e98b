/*
 * A tilemap with a camera: a Tiled map (examples/assets/level1.tmj) drawn
 * under the camera, its image layers scrolling slower (parallax) and its
 * water and torches animated by the tileset. The camera pans back and forth
 * across the map; the arrow keys take over, polled each frame.
 *
 *   akgl_example_tilemap_camera [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static float speed = 60.0f; /* the pan in px a second, negative going left */
static bool steered;

static akerr_ErrorContext *init(akgl_App *app)
{
    akgl_Tilemap *map = NULL;
    const char *path = NULL;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_app_asset("level1.tmj", &path));
    PASS(errctx, akgl_tilemap_load(path, &map));
    PASS(errctx, akgl_game_set_tilemap(map)); /* the game holds it now */
    PASS(errctx, akgl_heap_release_tilemap(map));
    /* The view keeps to the map (its bounds came with it): start at the bottom. */
    game.camera->y = game.camera->bounds.h - game.camera->h;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(akgl_App *app)
{
    akgl_Camera *cam = game.camera;
    int arrows = akgl_input_key_down(SDL_SCANCODE_RIGHT) - akgl_input_key_down(SDL_SCANCODE_LEFT);
    steered = steered || arrows != 0;
    speed = steered ? 120.0f * (float)arrows : speed;
    if (!steered && (cam->x + cam->w >= cam->bounds.w || (cam->x <= 0 && speed < 0))) {
        speed = -speed; /* turn at the ends */
    }
    cam->x = SDL_clamp(cam->x + speed * app->dt, 0.0f, cam->bounds.w - cam->w);
    return NULL;
}

static const akgl_AppDesc desc = {
    .title = "tilemap and camera", .width = 960, .height = 540,
    .logical_width = 320, .logical_height = 180,
    .init = init, .frame = step,
};
AKGL_APP_MAIN(desc)
