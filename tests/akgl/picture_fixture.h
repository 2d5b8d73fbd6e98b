/*
 * Comparing two pictures read back from a renderer (scene.h's read_screen),
 * for the suites that draw the same thing two ways and expect one picture:
 * colours match when no channel is more than a tolerance apart, and a pixel
 * may be looked for a few pixels from its place, where two rasterisers may
 * put an edge differently.
 */
#ifndef AKGL_TEST_PICTURE_FIXTURE_H
#define AKGL_TEST_PICTURE_FIXTURE_H

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdlib.h>

#include "scene.h"

/* Whether @p p and @p q are at most @p tol apart in each of red, green and blue. */
static inline bool picture_close_rgb(SDL_Color p, SDL_Color q, int tol)
{
    return abs(p.r - q.r) <= tol && abs(p.g - q.g) <= tol && abs(p.b - q.b) <= tol;
}

/* Whether pixel (x, y) of @p a has its colour (within @p tol) in @p b within
 * @p reach pixels of (x, y). */
static inline bool picture_found_near(SDL_Surface *a, SDL_Surface *b, int x, int y, int tol,
                                      int reach)
{
    SDL_Color p = pixel_at(a, x, y);
    for (int dy = -reach; dy <= reach; dy++) {
        for (int dx = -reach; dx <= reach; dx++) {
            int qx = x + dx, qy = y + dy;
            if (qx >= 0 && qy >= 0 && qx < b->w && qy < b->h &&
                picture_close_rgb(p, pixel_at(b, qx, qy), tol)) {
                return true;
            }
        }
    }
    return false;
}

/*
 * The pixels of @p a and @p b that differ: whose colour (within @p tol in a
 * channel) the other picture does not have within @p reach pixels, in either
 * direction; reach 0 is pixel for pixel. The first one's place goes to
 * (*first_x, *first_y), (-1, -1) when none. A missing picture, or two of
 * different sizes, differ in every pixel (at least one).
 */
static inline int picture_differing(SDL_Surface *a, SDL_Surface *b, int tol, int reach,
                                    int *first_x, int *first_y)
{
    int n = 0;
    *first_x = *first_y = -1;
    if (a == NULL || b == NULL || a->w != b->w || a->h != b->h) {
        int area_a = a != NULL ? a->w * a->h : 0;
        int area_b = b != NULL ? b->w * b->h : 0;
        return SDL_max(SDL_max(area_a, area_b), 1);
    }
    for (int y = 0; y < a->h; y++) {
        for (int x = 0; x < a->w; x++) {
            if (!picture_found_near(a, b, x, y, tol, reach) ||
                !picture_found_near(b, a, x, y, tol, reach)) {
                if (n++ == 0) {
                    *first_x = x;
                    *first_y = y;
                }
            }
        }
    }
    return n;
}

#endif /* AKGL_TEST_PICTURE_FIXTURE_H */
