/*
 * Bunnymark: as many bouncing sprites as the frame rate allows, here 10,000
 * spinning coins, each a full actor (state, animation, draw order) with no
 * name, in an actor pool sized when the game starts. Click or hold Space to
 * add 100 more a frame.
 *
 *   akgl_example_bunnymark [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

#define BUNNIES 10000
#define MAX_BUNNIES 100000

static akgl_Font *font;
static int bunnies;
static Uint64 seed = 1; /* the same coins every run */

/* Each coin flies straight and bounces off the edges, then animates as usual. */
static akerr_ErrorContext *bounce(akgl_Actor *b)
{
    b->x += b->vx * game.dt;
    b->y += b->vy * game.dt;
    b->vx = (b->x < 0.0f || b->x > 624.0f) ? -b->vx : b->vx;
    b->vy = (b->y < 24.0f || b->y > 344.0f) ? -b->vy : b->vy;
    return akgl_actor_run_update(b);
}

static akerr_ErrorContext *add(int n)
{
    akgl_Actor *b = NULL;
    akgl_Sprite *spin = NULL;
    PREPARE_ERROR(errctx);
    for (int i = 0; i < n && bunnies < MAX_BUNNIES; i++, bunnies++) {
        PASS(errctx, akgl_actor_spawn(NULL, "coin", 320.0f, 180.0f, &b)); /* no name needed */
        b->vx = (float)(SDL_rand_r(&seed, 480) - 240);
        b->vy = (float)(SDL_rand_r(&seed, 480) - 240);
        PASS(errctx, akgl_actor_current_sprite(b, &spin)); /* chosen now, so that */
        b->curSpriteFrameId = bunnies % 8;                  /* they do not all spin in step */
        b->updatefunc = bounce;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_font_load("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 14, &font));
    PASS(errctx, add(BUNNIES));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(akgl_App *app)
{
    (void)app;
    bool held = SDL_GetMouseState(NULL, NULL) || SDL_GetKeyboardState(NULL)[SDL_SCANCODE_SPACE];
    return held ? add(100) : NULL;
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    char text[64];
    SDL_snprintf(text, sizeof(text), "%d coins  %.0f fps", bunnies, (double)app->fps);
    return akgl_text_draw(font, text, 8.0f, 4.0f, (SDL_Color){190, 33, 55, 255});
}

static const akgl_AppDesc desc = {
    .title = "bunnymark", .width = 640, .height = 360, .clear_color = {245, 245, 245, 255},
    .config.capacity[AKGL_HEAP_ACTOR] = MAX_BUNNIES,
    .sprites = (const char *const[]){"coin_spin.json", "coin_sparkle.json", NULL},
    .characters = (const char *const[]){"coin.json", NULL},
    .roots = (const char *const[]){"/usr/share/fonts", NULL}, /* the HUD's font */
    .init = init, .frame = step, .draw = draw,
};
AKGL_APP_MAIN(desc)
