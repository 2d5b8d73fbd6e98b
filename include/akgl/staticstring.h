/**
 * @file akgl/staticstring.h
 * @brief Fixed-capacity pooled strings.
 *
 * Layer: memory (docs/03-layers.md).
 *
 * An akgl_String is a refcount and AKGL_MAX_STRING_LENGTH bytes. They come
 * from the string pool (akgl_heap_next_string) and go back with
 * akgl_heap_release_string. Capacity is fixed: the two functions here
 * truncate silently and always terminate. To learn whether something was
 * lost, use aksl_strncpy on `data` with the full size, which reports it.
 */
#ifndef AKGL_STATICSTRING_H
#define AKGL_STATICSTRING_H

#include <akerror.h>
#include <akgl/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A fixed-capacity, pool-managed string buffer. */
typedef struct akgl_String
{
    int refcount;                      /**< Pool bookkeeping; 0 means the slot is free. */
    char data[AKGL_MAX_STRING_LENGTH]; /**< The characters; terminated by these functions. */
} akgl_String;

/**
 * @brief Fills @p str with @p init (truncated, terminated), or clears it.
 * @param str  The string. A pooled string keeps its reference; one that did
 *             not come from the pool gets refcount 1.
 * @param init Text to copy, or NULL to zero the whole buffer.
 * @return NULL; AKERR_NULLPOINTER for a NULL @p str.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_string_initialize(akgl_String *str, const char *init);

/**
 * @brief Copies @p src's text into @p dest (truncated, terminated).
 * @param dest The string written.
 * @param src  The string read.
 * @return NULL; AKERR_NULLPOINTER for a NULL argument.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_string_copy(akgl_String *dest, const akgl_String *src);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_STATICSTRING_H */
