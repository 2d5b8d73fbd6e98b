/*
 * Internal: what json.c shares with the other loaders. Not installed.
 */
#ifndef AKGL_SRC_JSON_PRIVATE_H
#define AKGL_SRC_JSON_PRIVATE_H

#include <akgl/limits.h>

#include <jansson.h>

/* How messages name a value's JSON type: "an array", "null"... */
const char *akgl_json_type_name(const json_t *v);

/* A buffer for akgl_json_message_path. */
#define AKGL_JSON_MESSAGE_PATH_SIZE (AKGL_MAX_MESSAGE_PATH_LENGTH + 1)

/*
 * How a loader's message shows its file: `path` itself, or, for a path of
 * more than AKGL_MAX_MESSAGE_PATH_LENGTH bytes, its head and tail around
 * "...", so that what the message says about the file still fits after it.
 * Writes `out` and returns it.
 */
const char *akgl_json_message_path(const char *path, char out[AKGL_JSON_MESSAGE_PATH_SIZE]);

#endif /* AKGL_SRC_JSON_PRIVATE_H */
