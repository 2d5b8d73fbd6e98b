/*
 * Two threads on one game, as an SDL3 callback app has them: one spawns and
 * releases actors (as SDL_AppEvent would) while the other runs frames (as
 * SDL_AppIterate does), each holding akgl_game_state_lock around its work.
 * Both loops are bounded by counts, not by time. Nothing may crash, the
 * sanitizers must stay quiet, and every count must return to zero.
 *
 * The two loops advance in step (each waits, outside the lock, until the
 * other has come far enough), so they really contend: left to the scheduler,
 * 78 of 200 runs had the spawner finish before the first frame and drew no
 * actor at all, leaving TSan nothing to check (issue 14, defect 9).
 */
#include <akgl/game.h>

#include "scene.h"

#define SPAWNS 400
#define FRAMES 300
#define RING 8

static SDL_AtomicInt spawner_failures;
static SDL_AtomicInt spawned;
static SDL_AtomicInt frames_done;

/* Waits (never holding the game lock) until *counter reaches at least want. */
static void wait_for(SDL_AtomicInt *counter, int want)
{
    while (SDL_GetAtomicInt(counter) < want) {
        SDL_Delay(0); /* yield: the other thread needs the core on 2-core CI */
    }
}

/* Reports an error from the spawner thread (the harness is not thread-safe). */
static void spawner_error(akerr_ErrorContext *e, const char *what)
{
    if (e != NULL) {
        fprintf(stderr, "spawner: %s: %s\n", what, e->message);
        e = akerr_release_error(e);
        SDL_AddAtomicInt(&spawner_failures, 1);
    }
}

static akgl_Actor *spawn(int i)
{
    char name[32];
    akgl_Actor *a = NULL;
    akerr_ErrorContext *e = akgl_heap_next_actor(&a);
    if (e != NULL) {
        spawner_error(e, "next_actor");
        return NULL;
    }
    snprintf(name, sizeof(name), "spawn-%d", i);
    e = akgl_actor_initialize(a, name);
    if (e == NULL) {
        e = akgl_actor_set_character(a, "thread-hero");
    }
    if (e != NULL) {
        spawner_error(e, name);
        spawner_error(akgl_heap_release_actor(a), "release after a failed spawn");
        return NULL;
    }
    a->state = AKGL_ACTOR_STATE_ALIVE |
               ((i % 3 == 0) ? AKGL_ACTOR_STATE_FACE_LEFT : AKGL_ACTOR_STATE_MOVING_LEFT);
    a->x = (float)((i * 37) % 220 - 40);
    a->y = (float)((i * 23) % 160 - 30);
    a->layer = i % 4;
    a->visible = (i % 7) != 0;
    return a;
}

static int SDLCALL spawner(void *data)
{
    akgl_Actor *ring[RING] = {NULL};
    (void)data;
    for (int i = 0; i < SPAWNS; i++) {
        /* Spawn i once the frame thread is near frame i * FRAMES / SPAWNS. */
        wait_for(&frames_done, i * FRAMES / SPAWNS - 1);
        spawner_error(akgl_game_state_lock(), "lock");
        int slot = i % RING;
        if (ring[slot] != NULL) {
            spawner_error(akgl_heap_release_actor(ring[slot]), "release");
            ring[slot] = NULL;
        }
        ring[slot] = spawn(i);
        /* Now and then the new one becomes the previous one's child. */
        akgl_Actor *prev = ring[(slot + RING - 1) % RING];
        if (i % 5 == 0 && ring[slot] != NULL && prev != NULL && prev != ring[slot]) {
            spawner_error(akgl_actor_add_child(prev, ring[slot]), "add_child");
        }
        SDL_AddAtomicInt(&spawned, 1);
        spawner_error(akgl_game_state_unlock(), "unlock");
    }
    /* The last actors live until the last frame has drawn them. */
    wait_for(&frames_done, FRAMES);
    spawner_error(akgl_game_state_lock(), "lock");
    for (int i = 0; i < RING; i++) {
        if (ring[i] != NULL) {
            spawner_error(akgl_heap_release_actor(ring[i]), "final release");
        }
    }
    spawner_error(akgl_game_state_unlock(), "unlock");
    return 0;
}

static void test_spawning_thread_and_frame_thread(void)
{
    Scene s;
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_window(&s, 160, 120)) {
        const int walk[] = {0, 1, 2, 3};
        const int idle[] = {6};
        akgl_Sprite *sw = make_sprite(&s, "thread-walk", walk, 4, 30, true, true);
        akgl_Sprite *si = make_sprite(&s, "thread-idle", idle, 1, 0, false, false);
        akgl_Character *c = make_character("thread-hero", 20);
        int left = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT;
        CHECK_OK(c->sprite_add(c, sw, left | AKGL_ACTOR_STATE_MOVING_LEFT));
        CHECK_OK(c->sprite_add(c, si, left));
        SDL_SetAtomicInt(&spawner_failures, 0);
        SDL_SetAtomicInt(&spawned, 0);
        SDL_SetAtomicInt(&frames_done, 0);

        SDL_Thread *t = SDL_CreateThread(spawner, "akgl-spawner", NULL);
        CHECK(t != NULL);
        int frames_with_actors = 0;
        for (int frame = 0; frame < FRAMES; frame++) {
            if (t != NULL) {
                wait_for(&spawned, (frame + 1) * SPAWNS / FRAMES);
            }
            CHECK_OK(akgl_game_state_lock());
            CHECK_OK(akgl_time_advance(7 * AKGL_TIME_ONEMS_NS));
            s.r.stats = (akgl_RenderStats){0, 0};
            CHECK_OK(akgl_game_update(NULL));
            frames_with_actors += s.r.stats.submitted + s.r.stats.culled > 0;
            CHECK_OK(akgl_game_state_unlock());
            SDL_SetAtomicInt(&frames_done, frame + 1);
        }
        if (t != NULL) {
            SDL_WaitThread(t, NULL);
        }
        CHECK_INT_EQ(SDL_GetAtomicInt(&spawner_failures), 0);
        CHECK_INT_EQ(SDL_GetAtomicInt(&spawned), SPAWNS);
        fprintf(stderr, "  %d of %d frames drew actors\n", frames_with_actors, FRAMES);
        /* In step, every frame but the first few has live, visible actors
         * the spawner is changing between frames. */
        CHECK_MSG(frames_with_actors >= FRAMES * 9 / 10, "only %d of %d frames drew actors",
                  frames_with_actors, FRAMES);
        CHECK_INT_EQ(akgl_test_actors_(), 0);
        CHECK_INT_EQ(akgl_test_reg_actors_(), 0);
        /* One more frame over an empty world. */
        CHECK_OK(akgl_game_update(NULL));

        CHECK_OK(akgl_heap_release_character(c));
        CHECK_OK(akgl_heap_release_sprite(sw));
        CHECK_OK(akgl_heap_release_sprite(si));
    }
    scene_close(&s);
    CHECK_OK(akgl_time_use_manual(false));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_spawning_thread_and_frame_thread);
    return AKGL_TEST_END();
}
