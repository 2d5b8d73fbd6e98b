/*
 * Internal: the points where akgl asks the fault switch (akgl/fault.h).
 */
#ifndef AKGL_SRC_FAULT_PRIVATE_H
#define AKGL_SRC_FAULT_PRIVATE_H

#include <akerror.h>
#include <akgl/fault.h>

#include <stdbool.h>

/* Whether the event of `kind` happening now must fail. Cheap when unarmed. */
bool akgl_fault_now(unsigned int kind);

/* Counts a block allocated (+1) or freed (-1) for the armed thread's report. */
void akgl_fault_note_block(int delta);

/*
 * The allocation watch: wraps SDL's allocator (once, around whatever
 * functions are in place) so failed allocations are counted per thread.
 * A loader reads akgl_alloc_failures() before and after a call into SDL:
 * if it grew, the call failed for want of memory (ENOMEM), whatever
 * SDL_GetError() says. json.c's jansson allocator counts its failures too.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_alloc_watch_install(void);
unsigned long akgl_alloc_failures(void);
void akgl_alloc_note_failure(void);

/*
 * Around a call into a dependency that allocates with libc's malloc
 * (libpng in SDL_image, FreeType, HarfBuzz, libvorbis), which akgl's watch
 * does not see: akgl_alloc_mark() clears errno and returns the failures so
 * far; akgl_alloc_failed_since(mark) is true when an allocation the watch
 * sees failed since, or when errno is ENOMEM (glibc's malloc sets it when
 * it returns NULL; the dependencies report such a failure as a broken
 * file, or absorb it). A call during which either happened is ENOMEM.
 */
unsigned long akgl_alloc_mark(void);
bool akgl_alloc_failed_since(unsigned long mark);

#endif /* AKGL_SRC_FAULT_PRIVATE_H */
