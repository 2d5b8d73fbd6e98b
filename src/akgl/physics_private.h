/*
 * Internal: the physics' storage beside the pools, and the overlap broad
 * phase. Not installed.
 */
#ifndef AKGL_SRC_PHYSICS_PRIVATE_H
#define AKGL_SRC_PHYSICS_PRIVATE_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/physics.h>

#include "hidden.h"

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * Allocates the broad phase's scratch for @p actors actors (the actor
 * capacity), when the game starts; akgl_physics_scratch_stop frees it at
 * quit. Nothing is allocated per frame. AKGL_ERR_HEAP naming the bytes when
 * it cannot be allocated (nothing is kept).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_physics_scratch_start(int actors);
void akgl_physics_scratch_stop(void);

/* Empties the gathered set: the start of an update's gather. */
void akgl_broadphase_clear(void);

/* What the step gathered for the report (sized by akgl_physics_scratch_start). */
typedef struct akgl_BroadphaseGather
{
    int capacity;    /* actors the scratch is sized for */
    int n;           /* gathered this update */
    SDL_FRect *box;  /* [capacity] */
    int *slot;       /* [capacity] pool slot of each gathered actor; as the step
                      * adds them, ~slot (negative) for one whose box is pending */
    uint8_t *state;  /* [capacity] GATHER_*, from the report's start */
} akgl_BroadphaseGather;
extern AKGL_HIDDEN akgl_BroadphaseGather akgl_broadphase_gather;

enum { GATHER_BOX, GATHER_BIG };

/*
 * Adds the actor in pool slot @p slot, in pool order (slots increase), with
 * its box once per update (@p box not NULL), or with its box not known yet
 * (NULL: an immovable actor the step did not look at, or one in a world
 * without tiles): akgl_broadphase_report asks box_of for it first, and skips
 * the actor when it has none. An actor with no box at all is not added (the
 * report would skip it). Inline: the step adds every actor, every update.
 *
 * No bound check: the step's walk visits each slot of the actor pool at
 * most once (slots increase), and the scratch has one entry per slot.
 */
static inline void akgl_broadphase_add(int slot, const SDL_FRect *box)
{
    akgl_BroadphaseGather *g = &akgl_broadphase_gather;
    int k = g->n++;
    if (box != NULL) {
        g->slot[k] = slot;
        g->box[k] = *box;
    } else {
        g->slot[k] = ~slot; /* pending */
    }
}

/* The box of a pending actor, or *has false (no hitbox, no sprite). */
typedef akerr_ErrorContext *(*akgl_BroadphaseBoxFunc)(akgl_Actor *actor, SDL_FRect *dest,
                                                      bool *has);

/*
 * Finds every pair of gathered actors whose boxes overlap and whose layers
 * and masks ask for it ((a.mask & b.layers) || (b.mask & a.layers)), through
 * a uniform grid, and reports each pair once, a before b in the pool (the
 * general grid in pool order, by a then by b; the dense grid in its own
 * order, the same for the same scene): p->on_overlap, then a's overlapfunc if a's mask
 * takes b's layers, then b's if b's mask takes a's. Before each call both
 * actors are checked still to be the ones gathered (nothing released since
 * the gather, or else the same slot generation), so a callback may release
 * or spawn actors: a released actor is not reported again. Callbacks are
 * looked for only when a gathered actor had one. The first error ends the
 * report and is returned.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_broadphase_report(akgl_Physics *p,
                                                          akgl_BroadphaseBoxFunc box_of);

/*
 * How many reports so far went through the dense grid (boxes of similar
 * sizes over a bounded area) rather than the general one: for the tests,
 * which must know that both were exercised.
 */
unsigned long akgl_broadphase_dense_reports(void);

/* Whether the dense grid tests four boxes at a time (SSE2) or one (the
 * scalar test: no SSE2, or built with AKGL_BROADPHASE_SCALAR). For the tests,
 * which run both. */
bool akgl_broadphase_sse2(void);

#endif /* AKGL_SRC_PHYSICS_PRIVATE_H */
