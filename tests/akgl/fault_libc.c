/*
 * libc's allocator, replaced for the fault test (docs/19-reliability.md).
 *
 * SDL's and jansson's allocations reach akgl's switch through their own
 * hooks; libvorbis, FreeType, HarfBuzz, libpng, expat, zlib and zstd call
 * malloc, and only the program can see those. glibc lets a program define
 * malloc, free, calloc and realloc itself: the shared libraries then call
 * the program's. Each one here asks the switch (akgl_fault_libc_event)
 * and forwards to glibc's own (__libc_malloc...), so every block is still
 * glibc's; the functions not replaced (memalign, posix_memalign, strdup...)
 * allocate in glibc and are freed through free() here, which is the same.
 *
 * Only in the plain gcc and clang builds: AddressSanitizer, valgrind and
 * ThreadSanitizer replace malloc themselves, and a second replacement would
 * take their blocks away from them (tests/akgl/reliability.cmake leaves
 * this file out there, and the libc rows are skipped).
 */
#define _GNU_SOURCE

#include <akgl/fault.h>

#include <errno.h>
#include <execinfo.h>
#include <unistd.h>
#include <stddef.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *mem, size_t size);
extern void __libc_free(void *mem);

/* The switch's own work (SDL's thread ID, an atomic) allocates nothing, but
 * a lazy symbol binding on the first call might: never ask it twice deep. */
static _Thread_local int inside;

static bool must_fail(int op)
{
    if (inside) {
        return false;
    }
    inside = 1;
    bool fail = akgl_fault_libc_event(op);
    inside = 0;
    return fail;
}

/* AKGL_FAULT_BACKTRACE in the environment: each injected failure prints
 * its caller's stack to stderr (with AKGL_FAULT_FIRST and a stride, the one
 * run being looked at). backtrace() allocates once, when it first loads
 * its unwinder; `inside` lets that through. */
static void *failed(void)
{
    if (getenv("AKGL_FAULT_BACKTRACE") != NULL) {
        void *frames[32];
        inside = 1;
        int n = backtrace(frames, 32);
        inside = 0;
        static const char head[] = "fault_libc: injected failure at\n";
        if (write(2, head, sizeof(head) - 1) < 0) {
            /* nothing to do about stderr */
        }
        backtrace_symbols_fd(frames, n, 2);
    }
    errno = ENOMEM;
    return NULL;
}

void *malloc(size_t size)
{
    if (must_fail(AKGL_FAULT_LIBC_NEW)) {
        return failed();
    }
    void *p = __libc_malloc(size);
    if (p == NULL) {
        akgl_fault_libc_event(AKGL_FAULT_LIBC_FREE); /* counted as made above */
    }
    return p;
}

void *calloc(size_t n, size_t size)
{
    if (must_fail(AKGL_FAULT_LIBC_NEW)) {
        return failed();
    }
    void *p = __libc_calloc(n, size);
    if (p == NULL) {
        akgl_fault_libc_event(AKGL_FAULT_LIBC_FREE);
    }
    return p;
}

void *realloc(void *mem, size_t size)
{
    if (mem == NULL) {
        return malloc(size);
    }
    if (size == 0) {
        /* glibc frees the block and returns NULL. */
        free(mem);
        return NULL;
    }
    /* On failure, as realloc: the old block stays the caller's. */
    if (must_fail(AKGL_FAULT_LIBC_RESIZE)) {
        return failed();
    }
    return __libc_realloc(mem, size);
}

void free(void *mem)
{
    if (mem != NULL && !inside) {
        akgl_fault_libc_event(AKGL_FAULT_LIBC_FREE);
    }
    __libc_free(mem);
}
