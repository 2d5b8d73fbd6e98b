/*
 * Internal: what json.c shares with the other loaders. Not installed.
 */
#ifndef AKGL_SRC_JSON_PRIVATE_H
#define AKGL_SRC_JSON_PRIVATE_H

#include <akerror.h>
#include <akgl/limits.h>

#include <jansson.h>
#include <stddef.h>

/* How messages name a value's JSON type: "an array", "null"... */
const char *akgl_json_type_name(const json_t *v);

/*
 * What one JSON loader accepts. akgl_json_load_file uses the defaults (the
 * AKGL_JSON_* limits); a loader whose files are legitimately larger (a
 * tilemap) passes its own, documented in docs/21-limits.md.
 */
typedef struct akgl_JsonCaps
{
    size_t max_file_size;    /* bytes of the file */
    size_t max_parse_memory; /* bytes jansson may ask for while parsing */
    long max_values;         /* values in the document */
    size_t max_key_length;   /* bytes of one object key */
    int max_depth;           /* nesting of objects and arrays */
} akgl_JsonCaps;

extern const akgl_JsonCaps akgl_json_default_caps;

/* akgl_json_load_file with explicit caps: same statuses and messages. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_json_load_file_capped(const char *path,
                                                              const akgl_JsonCaps *caps,
                                                              json_t **dest);

/* A buffer for akgl_json_message_path. */
#define AKGL_JSON_MESSAGE_PATH_SIZE (AKGL_MAX_MESSAGE_PATH_LENGTH + 1)

/* The printf conversion of a json_int_t. jansson's JSON_INTEGER_FORMAT is
 * "I64d" on Windows, a conversion of msvcrt's that the C99 printf akgl
 * formats with there (MinGW's) does not take; json_int_t is long long on
 * every system akgl builds for. */
_Static_assert(sizeof(json_int_t) == sizeof(long long), "json_int_t is long long");
#define AKGL_JSON_INT_FORMAT "lld"

/*
 * How a loader's message shows its file: `path` itself, or, for a path of
 * more than AKGL_MAX_MESSAGE_PATH_LENGTH bytes, its head and tail around
 * "...", so that what the message says about the file still fits after it.
 * Writes `out` and returns it.
 */
const char *akgl_json_message_path(const char *path, char out[AKGL_JSON_MESSAGE_PATH_SIZE]);

#endif /* AKGL_SRC_JSON_PRIVATE_H */
