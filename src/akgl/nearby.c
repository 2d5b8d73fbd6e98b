/*
 * The names near a missed key (nearby.h): an edit distance and a short,
 * sorted listing, for error messages only.
 */
#include "nearby.h"

#include <SDL3/SDL_stdinc.h>

#include <stdint.h>
#include <string.h>

/*
 * Edit distance over the first AKGL_NEARBY_CHARS bytes of each: insertions,
 * deletions, substitutions and swaps of two neighbours ("cion" is one edit
 * from "coin"), each costing one (the optimal string alignment distance).
 * Three rows of the table, row i in rows[i % 3].
 */
static int edit_distance(const char *a, const char *b)
{
    int rows[3][AKGL_NEARBY_CHARS + 1];
    size_t alen = SDL_min(strlen(a), (size_t)AKGL_NEARBY_CHARS);
    size_t blen = SDL_min(strlen(b), (size_t)AKGL_NEARBY_CHARS);
    for (size_t j = 0; j <= blen; j++) {
        rows[0][j] = (int)j;
    }
    for (size_t i = 1; i <= alen; i++) {
        int *two = rows[(i + 1) % 3], *up = rows[(i + 2) % 3], *row = rows[i % 3];
        row[0] = (int)i;
        for (size_t j = 1; j <= blen; j++) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = SDL_min(SDL_min(up[j] + 1, row[j - 1] + 1), up[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                row[j] = SDL_min(row[j], two[j - 2] + 1);
            }
        }
    }
    return rows[alen % 3][blen];
}

void akgl_nearby_begin(akgl_Nearby *n, const char *key)
{
    SDL_zerop(n);
    n->key = key;
    n->best_distance = INT32_MAX;
}

void akgl_nearby_add(akgl_Nearby *n, const char *name)
{
    if (name == NULL || name[0] == '\0') {
        return;
    }
    n->count++;
    for (int i = 0; i < n->shown; i++) {
        if (strncmp(n->first[i], name, AKGL_NEARBY_CHARS) == 0) {
            return;
        }
    }
    int d = edit_distance(n->key, name);
    if (d < n->best_distance || (d == n->best_distance && strcmp(name, n->best) < 0)) {
        n->best_distance = d;
        SDL_strlcpy(n->best, name, sizeof(n->best));
    }
    /* Keep the AKGL_NEARBY_SHOWN smallest names, sorted: an insertion. */
    int at = n->shown;
    while (at > 0 && strncmp(name, n->first[at - 1], AKGL_NEARBY_CHARS) < 0) {
        at--;
    }
    if (at >= AKGL_NEARBY_SHOWN) {
        return;
    }
    for (int i = SDL_min(n->shown, AKGL_NEARBY_SHOWN - 1); i > at; i--) {
        memcpy(n->first[i], n->first[i - 1], sizeof(n->first[i]));
    }
    SDL_strlcpy(n->first[at], name, sizeof(n->first[at]));
    n->shown = SDL_min(n->shown + 1, AKGL_NEARBY_SHOWN);
}

void akgl_nearby_describe(const akgl_Nearby *n, const char *counted, const char *empty,
                          char *buf, size_t size)
{
    if (size == 0) {
        return;
    }
    buf[0] = '\0';
    if (n->count == 0) {
        SDL_snprintf(buf, size, " (%s)", empty);
        return;
    }
    /* A suggestion only when it is plausibly a typo: one edit for each five
     * letters of the key, and one for a short key. More would offer "hero
     * standing down" for "hero standing left", a different sprite rather
     * than a misspelling. */
    size_t key_len = SDL_min(strlen(n->key), (size_t)AKGL_NEARBY_CHARS);
    int limit = (int)SDL_max((size_t)1, key_len / 5);
    size_t used = 0;
    if (n->best_distance <= limit) {
        used += (size_t)SDL_snprintf(buf, size, "; did you mean \"%s\"?", n->best);
    }
    if (used < size) {
        used += (size_t)SDL_snprintf(buf + used, size - used, " (%d %s: ", n->count, counted);
    }
    for (int i = 0; i < n->shown && used < size; i++) {
        used += (size_t)SDL_snprintf(buf + used, size - used, "%s\"%s\"", i ? ", " : "",
                                     n->first[i]);
    }
    if (used < size) {
        SDL_snprintf(buf + used, size - used, "%s)", n->count > n->shown ? ", ..." : "");
    }
}
