/**
 * @file akgl/fault.h
 * @brief Fault injection: a test switch that makes the k-th allocation, file
 *        open, file read or image decode fail, so every failure path of a
 *        loader can be walked (docs/19-reliability.md).
 *
 * Layer: memory (docs/03-layers.md).
 *
 * Off unless armed, and then only on the thread that armed it: events on
 * other threads (SDL's own, a game's audio thread) neither count nor fail.
 * The events counted are
 * - AKGL_FAULT_ALLOC: every SDL_malloc/calloc/realloc (through
 *   SDL_SetMemoryFunctions, so SDL_image's and SDL_ttf's allocations too)
 *   and every allocation jansson makes (akgl installs its allocator with
 *   json_set_alloc_funcs). akgl's own allocations (libc's) are not
 *   counted: its object pools (akgl/heap.h), allocated once when the game
 *   starts, and a map's storage while it loads.
 * - AKGL_FAULT_OPEN and AKGL_FAULT_READ: a loader opening or reading its
 *   file (the JSON file and the image files it names).
 * - AKGL_FAULT_IMAGE: decoding an image.
 * - AKGL_FAULT_LIBC: an allocation by libc's malloc, calloc or realloc,
 *   whoever makes it (libvorbis, FreeType, HarfBuzz, libpng, expat, zlib...,
 *   and SDL's and jansson's blocks underneath too). akgl cannot see these by
 *   itself: only a program that replaces libc's allocator and asks
 *   akgl_fault_libc_event() from it counts them (akgl's fault test does, in
 *   its plain builds; docs/19-reliability.md). Not in AKGL_FAULT_ALL. akgl
 *   tells such a failure from a broken file by errno (ENOMEM), as it must
 *   in a game.
 *
 * A failed allocation returns NULL; a failed open is EACCES-like (status
 * EIO, "injected fault"); a failed read is a read error (EIO); a failed
 * decode is what the decoder reports for a broken file.
 *
 * The switch is a test tool: it is not thread-safe to arm and disarm while
 * another thread loads, and it installs SDL memory functions that wrap the
 * ones in place at the first arming (and stay, inert, afterwards).
 *
 * @code
 * for (long k = 1;; k++) {
 *     CHECK_OK(akgl_fault_arm(AKGL_FAULT_ALL, k));
 *     akerr_ErrorContext *e = akgl_sprite_load_json(path);
 *     akgl_FaultReport report;
 *     CHECK_OK(akgl_fault_disarm(&report));
 *     if (!report.fired) { ...e is NULL: done... break; }
 *     ...e is a clear error, every count is at baseline, report.net_allocations == 0...
 * }
 * @endcode
 */
#ifndef AKGL_FAULT_H
#define AKGL_FAULT_H

#include <akerror.h>

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name What can be made to fail (bits; OR them)
 *  @{ */
#define AKGL_FAULT_ALLOC 0x1u /**< An allocation (SDL's or jansson's). */
#define AKGL_FAULT_OPEN  0x2u /**< A loader opening a file. */
#define AKGL_FAULT_READ  0x4u /**< A loader reading a file. */
#define AKGL_FAULT_IMAGE 0x8u /**< Decoding an image. */
#define AKGL_FAULT_ALL   0xfu /**< Every kind above: what akgl sees by itself. */
#define AKGL_FAULT_LIBC  0x10u /**< A libc allocation (see akgl_fault_libc_event). */
/** @} */

/** What happened while the switch was armed. */
typedef struct akgl_FaultReport
{
    long events;          /**< Events of the armed kinds seen (the failed one included). */
    bool fired;           /**< Whether the k-th event happened (and failed). */
    unsigned int kind;    /**< The kind of the event that failed; 0 when none did. */
    long net_allocations; /**< Blocks allocated minus blocks freed, on the armed thread. */
} akgl_FaultReport;

/**
 * @brief Arms the switch: the @p k-th event (counting from 1) of the kinds in
 *        @p kinds, on the calling thread, fails; every other event succeeds.
 * @param kinds Bits of AKGL_FAULT_*; 0 counts nothing and fails nothing.
 * @param k     Which event fails; 0 counts events without failing any.
 * @return NULL; AKERR_OUTOFBOUNDS for a negative @p k or unknown bits;
 *         AKERR_BEHAVIOR when it is armed already (disarm first); AKERR_API
 *         when SDL's memory functions cannot be replaced.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_fault_arm(unsigned int kinds, long k);

/**
 * @brief Disarms the switch and reports what happened since akgl_fault_arm.
 * @param report Optional: receives the report.
 * @return NULL; AKERR_BEHAVIOR when it was not armed.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_fault_disarm(akgl_FaultReport *report);

/**
 * @brief For a program's own malloc/calloc/realloc (forwarding to libc's):
 *        whether this allocation must fail. Counts it as an AKGL_FAULT_LIBC
 *        event when the switch is armed for that kind on this thread, and
 *        the block for the report's net_allocations. The caller fails it as
 *        libc does (NULL, errno ENOMEM): that is all akgl learns of it, as
 *        of a real libc failure.
 * @param op AKGL_FAULT_LIBC_NEW: a new block is about to be allocated;
 *           AKGL_FAULT_LIBC_RESIZE: a block is about to be reallocated;
 *           AKGL_FAULT_LIBC_FREE: a block is about to be freed.
 * @return true when the allocation must fail; always false for
 *         AKGL_FAULT_LIBC_FREE.
 */
bool akgl_fault_libc_event(int op);

/** @name akgl_fault_libc_event's operations
 *  @{ */
#define AKGL_FAULT_LIBC_NEW    1 /**< malloc, calloc, realloc(NULL, n): a new block. */
#define AKGL_FAULT_LIBC_RESIZE 2 /**< realloc of a block: an event, no new block. */
#define AKGL_FAULT_LIBC_FREE   3 /**< free of a block (not NULL). */
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKGL_FAULT_H */
