/*
 * aksl_heap_keep: its range, and on glibc what it is for: freed heap memory
 * stays for the next allocations instead of going back to the system.
 */
#define _XOPEN_SOURCE 700

#include <akstdlib.h>

#include "heap_probe.h"
#include "test.h"

/* Built with a sanitizer, its allocator stands in for glibc's. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif

static void test_heap_keep_refuses_out_of_range(void)
{
    bool kept = true;
    CHECK_STATUS_MSG(aksl_heap_keep(AKSL_HEAP_KEEP_MIN - 1, &kept), AKERR_OUTOFBOUNDS,
                     "aksl_heap_keep: 131071 bytes is outside 131072 .. 1073741824 "
                     "(AKSL_HEAP_KEEP_MIN .. AKSL_HEAP_KEEP_MAX)");
    CHECK_STATUS_MSG(aksl_heap_keep(AKSL_HEAP_KEEP_MAX + 1, &kept), AKERR_OUTOFBOUNDS,
                     "aksl_heap_keep: 1073741825 bytes is outside");
    CHECK_STATUS_MSG(aksl_heap_keep(0, &kept), AKERR_OUTOFBOUNDS, "0 bytes is outside");
    CHECK_MSG(kept, "a refused call wrote *kept");
    CHECK_STATUS_MSG(aksl_heap_keep(AKSL_HEAP_KEEP_MIN, NULL), AKERR_NULLPOINTER,
                     "aksl_heap_keep: NULL kept");
}

/* First the C library's own policy, which gives the probe back; then 64 MiB
 * kept, and the same probe stays. The order matters: the policy is the
 * process's, and the kept memory would serve a later probe. */
static void test_heap_keep_keeps_freed_memory(void)
{
    heap_probe_result before = heap_probe();
    bool kept = false;
    CHECK_OK(aksl_heap_keep(AKSL_HEAP_KEEP_MIN, &kept));
    CHECK_OK(aksl_heap_keep(AKSL_HEAP_KEEP_MAX, &kept));
    CHECK_OK(aksl_heap_keep(64u * 1024 * 1024, &kept));
    heap_probe_result after = heap_probe();
#if defined(__GLIBC__) && !defined(SANITIZED)
    CHECK_MSG(kept, "glibc did not take the thresholds");
    if (before == HEAP_PROBE_NOT_GLIBC) {
        /* valgrind's allocator: it says yes to mallopt and has no heap to trim */
        printf("heap probe: the blocks did not come from glibc's heap; not checked\n");
        return;
    }
    CHECK_INT_EQ(before, HEAP_PROBE_GIVES_BACK);
    CHECK_INT_EQ(after, HEAP_PROBE_KEEPS);
#elif !defined(__GLIBC__)
    CHECK_MSG(!kept, "a C library without mallopt said it took the thresholds");
    (void)before;
    (void)after;
#else
    (void)before;
    (void)after;
#endif
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_heap_keep_refuses_out_of_range);
    RUN_TEST(test_heap_keep_keeps_freed_memory);
    return TEST_END();
}
