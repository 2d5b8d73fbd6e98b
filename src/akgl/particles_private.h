/*
 * Internal: what the game loop (game.c) calls of the particles: the pools
 * at start and quit, the update sweep and the draw at each layer. Layer:
 * world. Not installed.
 */
#ifndef AKGL_SRC_PARTICLES_PRIVATE_H
#define AKGL_SRC_PARTICLES_PRIVATE_H

#include <akerror.h>
#include <akgl/particles.h>
#include <akgl/render.h>

#include <stdbool.h>
#include <stdint.h>

/*
 * Allocates @p emitters emitter slots of @p per_emitter particles each (0:
 * the defaults), the vertex and index scratch of one emitter's draw, and
 * seeds the generator with 1. AKERR_VALUE for a negative count;
 * AKGL_ERR_HEAP naming the counts and bytes when the memory is not there
 * (nothing is left allocated). *got_emitters and *got_per receive what was
 * resolved.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_particles_start(int emitters, int per_emitter,
                                                        int *got_emitters, int *got_per);

/* Releases every emitter (their sprite and image references go back). */
void akgl_particles_release_all(akerr_ErrorContext **first);

/* Releases every emitter and frees the pools and the square's texture. */
void akgl_particles_stop(void);

/* The frame's sweep on @p dt_ns of game time: attached emitters follow
 * their actors, every particle ages, moves or dies, emitters emit, and
 * finished emitters go. Allocates nothing, formats nothing. */
void akgl_particles_update(uint64_t dt_ns);

/* Whether any emitter is live (the draw needs no interleaving otherwise). */
bool akgl_particles_any(void);

/*
 * Draws the live emitters in layer order from *cursor on, while their layer
 * is below @p below (every one left when @p all), through @p r's camera, and
 * moves *cursor past them. AKERR_API with SDL's error when SDL refuses a draw.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_particles_draw(akgl_Renderer *r, int *cursor, int below,
                                                       bool all);

/* Every emitter's definition check (particles.c), shared by the loader. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_emitter_def_check(const akgl_EmitterDef *def);

#endif /* AKGL_SRC_PARTICLES_PRIVATE_H */
