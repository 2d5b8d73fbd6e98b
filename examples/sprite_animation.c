/*
 * Sprite animation: a sprite is frames of a sheet shown in turn, each for its
 * own time. Four knights walk on the spot, one per facing; a coin spins and a
 * bat flaps. No physics: the MOVING bits choose the walk, nothing moves.
 *
 *   akgl_example_sprite_animation [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static akerr_ErrorContext *spawn(const char *name, const char *who, float x, float y, int state)
{
    akgl_Actor *a = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_actor_spawn(name, who, x, y, &a));
    a->state = AKGL_ACTOR_STATE_ALIVE | state; /* the state picks the sprite */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    static const int walks[] = {AKGL_ACTOR_STATE_FACE_DOWN | AKGL_ACTOR_STATE_MOVING_DOWN,
                                AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT,
                                AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT,
                                AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP};
    char name[16];
    PREPARE_ERROR(errctx);
    (void)app;
    for (int i = 0; i < 4; i++) {
        SDL_snprintf(name, sizeof(name), "knight %d", i);
        PASS(errctx, spawn(name, "knight", 26.0f + 30.0f * (float)i, 22.0f, walks[i]));
    }
    PASS(errctx, spawn("coin", "coin", 56.0f, 54.0f, 0));
    PASS(errctx, spawn("bat", "bat", 88.0f, 54.0f, 0));
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "sprite animation", .width = 640, .height = 360,
    .logical_width = 160, .logical_height = 90, /* pixel art, x4 */
    .clear_color = {48, 52, 88, 255},
    .sprites = (const char *const[]){"coin_spin.json", "coin_sparkle.json", "bat_flap.json",
                                     "bat_hurt.json", "bat_dead.json", NULL},
    .characters = (const char *const[]){"knight.json", "coin.json", "bat.json", NULL},
    .init = init,
};
AKGL_APP_MAIN(desc)
