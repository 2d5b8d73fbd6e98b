/*
 * Internal: what json.c shares with the other loaders. Not installed.
 */
#ifndef AKGL_SRC_JSON_PRIVATE_H
#define AKGL_SRC_JSON_PRIVATE_H

#include <jansson.h>

/* How messages name a value's JSON type: "an array", "null"... */
const char *akgl_json_type_name(const json_t *v);

#endif /* AKGL_SRC_JSON_PRIVATE_H */
