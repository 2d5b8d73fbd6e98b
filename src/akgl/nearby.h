/*
 * Internal: what a failed lookup by name says about the names that are
 * there: how many, the nearest by spelling when the miss looks like a typo
 * of it, and the first few in byte order (a registry's enumeration order is
 * a hash's; a message should read the same on every run). Used by the
 * registries' misses and the map's object lookups. Only a failing lookup
 * pays for it. Not installed. Data layer.
 */
#ifndef AKGL_SRC_NEARBY_H
#define AKGL_SRC_NEARBY_H

#include <stddef.h>

#define AKGL_NEARBY_SHOWN 4  /* names listed */
#define AKGL_NEARBY_CHARS 48 /* a name is compared and shown up to this many bytes */

typedef struct akgl_Nearby
{
    const char *key;
    int count;
    int best_distance;
    char best[AKGL_NEARBY_CHARS + 1];
    int shown;
    char first[AKGL_NEARBY_SHOWN][AKGL_NEARBY_CHARS + 1];
} akgl_Nearby;

/* Starts a listing of the names near `key` (kept by pointer, not copied). */
void akgl_nearby_begin(akgl_Nearby *n, const char *key);

/* Counts one name that is there; an empty name is skipped, and a name
 * listed already is counted but not listed twice. */
void akgl_nearby_add(akgl_Nearby *n, const char *name);

/*
 * Writes what follows a miss's own words into `buf` (always terminated):
 * "; did you mean \"coin\"? (3 <counted>: \"coin\", ...)" when there are
 * names (the suggestion only when it is within one edit, an insertion,
 * deletion, change or swap of two neighbours, for each five letters of the
 * key, and one for a shorter key), or " (<empty>)" when there are none.
 */
void akgl_nearby_describe(const akgl_Nearby *n, const char *counted, const char *empty,
                          char *buf, size_t size);

#endif /* AKGL_SRC_NEARBY_H */
