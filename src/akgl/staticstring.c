#define _XOPEN_SOURCE 700 /* PATH_MAX, for the check at the end */
#include <akgl/staticstring.h>

#include <akgl/heap.h>

#include "heap_pool.h"

#include <limits.h>
#include <string.h>

AKGL_HEAP_POOL(akgl_heap_pool_string, akgl_String, akgl_heap_strings);

/* A pooled string keeps the reference its acquire took; any other gets its first. */
static int keep_refcount(const akgl_String *str)
{
    bool pooled = false;
    akerr_ErrorContext *e = akgl_heap_contains(AKGL_HEAP_STRING, str, &pooled);
    e = akerr_release_error(e); /* cannot fail: both pointers are non-NULL */
    (void)e;
    return pooled ? str->refcount : 1;
}

/* Copies at most capacity-1 bytes of src, reading no further than its end. */
static void copy_truncated(char *dest, const char *src)
{
    size_t n = 0;
    while (n < AKGL_MAX_STRING_LENGTH - 1 && src[n] != '\0') {
        n++;
    }
    memmove(dest, src, n);
    dest[n] = '\0';
}

akerr_ErrorContext *akgl_string_initialize(akgl_String *str, const char *init)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, str, AKERR_NULLPOINTER, "akgl_string_initialize: NULL string");
    int refcount = keep_refcount(str);
    if (init == NULL) {
        memset(str, 0, sizeof(*str));
    } else {
        copy_truncated(str->data, init);
    }
    str->refcount = refcount;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_string_copy(akgl_String *dest, const akgl_String *src)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_string_copy: NULL destination");
    FAIL_ZERO_RETURN(errctx, src, AKERR_NULLPOINTER, "akgl_string_copy: NULL source");
    copy_truncated(dest->data, src->data);
    SUCCEED_RETURN(errctx);
}

/* A pooled string holds any path the platform can name. */
#if defined(PATH_MAX)
_Static_assert(AKGL_MAX_STRING_LENGTH >= PATH_MAX, "akgl_String must hold a PATH_MAX path");
#endif

akerr_ErrorContext *akgl_heap_release_string(akgl_String *obj)
{
    bool teardown = false;
    PREPARE_ERROR(errctx);

    /* A string outside the pool is the caller's own memory, which
     * akgl_string_initialize gave a count and nothing else: no registry
     * knows it, and its release only zeroes it. */
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_STRING, obj, "", true, &teardown));
    if (teardown) {
        akgl_heap_release_end(AKGL_HEAP_STRING, obj);
    }
    SUCCEED_RETURN(errctx);
}
