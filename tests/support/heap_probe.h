/*
 * Whether glibc's heap gives freed memory back to the system: the tests of
 * aksl_heap_keep and of akgl_GameConfig.heap_keep_mib. It allocates 8 MiB
 * in 32 KiB blocks (below every mmap threshold aksl_heap_keep sets, so they
 * come from the heap), touches them, frees them from the top down and reads
 * glibc's count of heap bytes (mallinfo2's arena) at the peak and after.
 */
#ifndef AKGL_TEST_HEAP_PROBE_H
#define AKGL_TEST_HEAP_PROBE_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#define HEAP_PROBE_BLOCKS 256
#define HEAP_PROBE_BLOCK (32 * 1024)
/* Half the probe: a heap that keeps less than this after the frees gave the
 * memory back. */
#define HEAP_PROBE_MARGIN ((size_t)HEAP_PROBE_BLOCKS * HEAP_PROBE_BLOCK / 2)

typedef enum
{
    HEAP_PROBE_GIVES_BACK, /* the heap shrank by most of the probe after the frees */
    HEAP_PROBE_KEEPS,      /* it stayed at its peak, less than half the probe given back */
    HEAP_PROBE_NOT_GLIBC,  /* the blocks did not come from glibc's heap (valgrind, a
                              sanitizer or another C library): nothing to say */
} heap_probe_result;

static inline heap_probe_result heap_probe(void)
{
#if defined(__GLIBC__)
    static void *block[HEAP_PROBE_BLOCKS];
    size_t before = mallinfo2().arena;
    for (int i = 0; i < HEAP_PROBE_BLOCKS; i++) {
        block[i] = malloc(HEAP_PROBE_BLOCK);
        if (block[i] == NULL) {
            abort();
        }
        memset(block[i], 1, HEAP_PROBE_BLOCK);
    }
    size_t peak = mallinfo2().arena;
    for (int i = HEAP_PROBE_BLOCKS - 1; i >= 0; i--) {
        free(block[i]);
    }
    size_t after = mallinfo2().arena;
    if (peak < before + HEAP_PROBE_MARGIN) {
        return HEAP_PROBE_NOT_GLIBC; /* the heap did not grow with the blocks */
    }
    return after + HEAP_PROBE_MARGIN < peak ? HEAP_PROBE_GIVES_BACK : HEAP_PROBE_KEEPS;
#else
    return HEAP_PROBE_NOT_GLIBC;
#endif
}

#endif /* AKGL_TEST_HEAP_PROBE_H */
