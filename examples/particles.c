/*
 * Particles: a fire (added light), a fountain under gravity, bursts of
 * animated sparks on a timer, and a trail of dust following a walking
 * knight, drawn under him by its layer. Each emitter is a JSON file of
 * examples/assets; the particles live in pools sized when the game starts.
 *
 *   akgl_example_particles [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static akgl_EmitterDef fire, fountain, sparks, dust;
static akgl_Actor *knight;
static akgl_Physics physics;
static float next_burst;
static int bursts;

static akerr_ErrorContext *load(const char *name, akgl_EmitterDef *def)
{
    const char *path = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_app_asset(name, &path));
    PASS(errctx, akgl_emitter_def_load(path, def));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    akgl_Emitter *em = NULL;
    akgl_ActorRef ref;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_physics_init_arcade(&physics));
    PASS(errctx, load("fire.json", &fire));
    PASS(errctx, load("fountain.json", &fountain));
    PASS(errctx, load("sparks.json", &sparks));
    PASS(errctx, load("dust.json", &dust));
    PASS(errctx, akgl_emitter_start(&fire, 110.0f, 300.0f, &em));
    PASS(errctx, akgl_emitter_start(&fountain, 320.0f, 320.0f, &em));
    PASS(errctx, akgl_actor_spawn("knight", "knight", 40.0f, 300.0f, &knight));
    knight->state |= AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_FACE_RIGHT;
    PASS(errctx, akgl_actor_ref(knight, &ref));
    PASS(errctx, akgl_emitter_start(&dust, 0.0f, 0.0f, &em));
    PASS(errctx, akgl_emitter_attach(em, ref, 4.0f, 30.0f)); /* at his heels */
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *step(akgl_App *app)
{
    akgl_Emitter *em = NULL;
    PREPARE_ERROR(errctx);
    (void)app;
    if (knight->x > 660.0f) {
        knight->x = -32.0f; /* round again */
    }
    /* Every 0.4 s of game time, a burst somewhere along the top; each emitter
     * goes by itself when its sparks have (akgl_emitter_finish). */
    next_burst -= game.dt;
    if (next_burst <= 0.0f) {
        next_burst += 0.4f;
        float x = 460.0f + (float)(bursts++ % 4) * 40.0f;
        PASS(errctx, akgl_emitter_start(&sparks, x, 80.0f + (float)(bursts % 3) * 30.0f, &em));
        PASS(errctx, akgl_emitter_finish(em));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *quit(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_emitter_def_release(&fire));
    PASS(errctx, akgl_emitter_def_release(&fountain));
    PASS(errctx, akgl_emitter_def_release(&sparks));
    PASS(errctx, akgl_emitter_def_release(&dust));
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "particles", .width = 640, .height = 360, .clear_color = {20, 22, 40, 255},
    .config.particle_emitters = 32, .config.particles_per_emitter = 2048,
    .sprites = (const char *const[]){"coin_sparkle.json", NULL},
    .characters = (const char *const[]){"knight.json", NULL},
    .init = init, .frame = step, .quit = quit,
};
AKGL_APP_MAIN(desc)
