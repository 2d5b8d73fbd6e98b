/*
 * akgl_mkart: draws the showcase's pixel art and writes its sprite and
 * character JSON.
 *
 *   akgl_mkart DIR     write every file below into DIR (examples/assets/)
 *
 * Everything is drawn by the code below — ASCII templates for the hero and the
 * bat, small shape functions for the rest — into SDL surfaces and written with
 * SDL3_image's IMG_SavePNG (libpng stores no time stamp). The JSON is written
 * by jansson with its keys in insertion order. So one build writes the same
 * bytes every time; the ctest test `akgl_art` checks that what is committed is
 * what this program writes (`cmake --build build --target akgl_art` rewrites
 * it).
 *
 * The images (examples/assets/README.md describes every cell):
 *   knight.png   the hero, 6 x 5 cells of 16 x 16: one row per facing (down,
 *                left, right, up), each idle 0-1 then walk 0-3; row 4: hurt,
 *                jump left, jump right
 *   slime.png    8 cells of 16 x 16: a hop 0-5, squashed 6, hurt 7
 *   bat.png      6 cells of 16 x 16: a flap 0-3, hurt 4, dead 5
 *   coin.png     12 cells of 16 x 16: a spin 0-7, a sparkle 8-11
 *   tiles.png    the tileset, 8 x 8 tiles of 16 x 16 (tools/art_tiles.h)
 *   sky.png      320 x 180, the far parallax layer: sky, clouds, mountains
 *   hills.png    320 x 180, the near parallax layer: hills and trees on
 *                transparency
 * Both backgrounds wrap horizontally (every curve has a whole number of
 * periods across 320 pixels), so a map can repeat them.
 */
#include <akerror.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <jansson.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "art_tiles.h"
#include "json_file.h"

#define CELL 16
#define BG_W 320
#define BG_H 180

typedef struct Px {
    Uint8 r, g, b, a;
} Px;

static const Px CLEAR = {0, 0, 0, 0};

/* ------------------------------------------------------------------ canvas */

/* Drawing is clipped to one cell at a time, so nothing spills into a
 * neighbour. */
static SDL_Rect clip;

static void set_clip(int x, int y, int w, int h)
{
    clip.x = x;
    clip.y = y;
    clip.w = w;
    clip.h = h;
}

static bool inside(int x, int y)
{
    return x >= clip.x && y >= clip.y && x < clip.x + clip.w && y < clip.y + clip.h;
}

static Px get(SDL_Surface *s, int x, int y)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h) {
        return CLEAR;
    }
    Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
    Px c = {p[0], p[1], p[2], p[3]};
    return c;
}

static void put(SDL_Surface *s, int x, int y, Px c)
{
    if (!inside(x, y) || x < 0 || y < 0 || x >= s->w || y >= s->h) {
        return;
    }
    Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
    p[3] = c.a;
}

static Px rgb(int r, int g, int b)
{
    Px c = {(Uint8)r, (Uint8)g, (Uint8)b, 255};
    return c;
}

static Px rgba(int r, int g, int b, int a)
{
    Px c = {(Uint8)r, (Uint8)g, (Uint8)b, (Uint8)a};
    return c;
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* a + (b - a) * t, per channel, t in 0..1. */
static Px mix(Px a, Px b, double t)
{
    Px c = {(Uint8)clampi((int)lround(a.r + (b.r - a.r) * t), 0, 255),
            (Uint8)clampi((int)lround(a.g + (b.g - a.g) * t), 0, 255),
            (Uint8)clampi((int)lround(a.b + (b.b - a.b) * t), 0, 255),
            (Uint8)clampi((int)lround(a.a + (b.a - a.a) * t), 0, 255)};
    return c;
}

/* A small integer hash: the "noise" of every texture, the same on every run. */
static Uint32 hash3(int x, int y, int seed)
{
    Uint32 h = (Uint32)x * 374761393u + (Uint32)y * 668265263u + (Uint32)seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return h ^ (h >> 16);
}

static void fill_rect(SDL_Surface *s, int x, int y, int w, int h, Px c)
{
    for (int j = y; j < y + h; j++) {
        for (int i = x; i < x + w; i++) {
            put(s, i, j, c);
        }
    }
}

static void fill_ellipse(SDL_Surface *s, double cx, double cy, double rx, double ry, Px c)
{
    for (int y = (int)floor(cy - ry); y <= (int)ceil(cy + ry); y++) {
        for (int x = (int)floor(cx - rx); x <= (int)ceil(cx + rx); x++) {
            double dx = (x + 0.5 - cx) / rx, dy = (y + 0.5 - cy) / ry;
            if (dx * dx + dy * dy <= 1.0) {
                put(s, x, y, c);
            }
        }
    }
}

/* Surrounds every opaque pixel of the clip rectangle with `c` where it
 * touches transparency (4-neighbours): the dark outline that makes a sprite
 * read against any background. `skip_bottom` leaves the row below the feet
 * alone. */
static void outline(SDL_Surface *s, Px c, bool skip_bottom)
{
    static bool mark[CELL * 4][CELL * 4];
    SDL_assert(clip.w <= CELL * 4 && clip.h <= CELL * 4);
    for (int y = 0; y < clip.h; y++) {
        for (int x = 0; x < clip.w; x++) {
            int gx = clip.x + x, gy = clip.y + y;
            mark[y][x] = false;
            if (get(s, gx, gy).a != 0) {
                continue;
            }
            static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (int k = 0; k < 4; k++) {
                int nx = gx + d[k][0], ny = gy + d[k][1];
                if (skip_bottom && d[k][1] == -1) {
                    continue; /* an outline under a pixel only where it is not the floor */
                }
                if (inside(nx, ny) && get(s, nx, ny).a != 0) {
                    mark[y][x] = true;
                }
            }
        }
    }
    for (int y = 0; y < clip.h; y++) {
        for (int x = 0; x < clip.w; x++) {
            if (mark[y][x]) {
                put(s, clip.x + x, clip.y + y, c);
            }
        }
    }
}

/* Tints every opaque pixel of the clip rectangle towards `c` by `t`. */
static void tint(SDL_Surface *s, Px c, double t)
{
    for (int y = clip.y; y < clip.y + clip.h; y++) {
        for (int x = clip.x; x < clip.x + clip.w; x++) {
            Px p = get(s, x, y);
            if (p.a != 0) {
                Px m = mix(p, c, t);
                m.a = p.a;
                put(s, x, y, m);
            }
        }
    }
}

/* ------------------------------------------------------------- the knight */

typedef struct Key {
    char key;
    Px colour;
} Key;

static const Key KNIGHT_KEYS[] = {
    {'p', {214, 58, 72, 255}},   {'P', {150, 34, 56, 255}},   /* plume */
    {'h', {194, 202, 216, 255}}, {'H', {118, 128, 152, 255}}, /* helmet */
    {'w', {246, 248, 252, 255}},                              /* highlight */
    {'s', {246, 198, 158, 255}}, {'S', {212, 150, 120, 255}}, /* skin */
    {'e', {30, 28, 48, 255}},                                 /* eyes */
    {'t', {70, 124, 214, 255}},  {'T', {44, 78, 162, 255}},   /* tunic */
    {'b', {124, 80, 44, 255}},   {'y', {248, 208, 92, 255}},  /* belt, buckle */
    {'l', {88, 72, 100, 255}},   {'L', {62, 50, 76, 255}},    /* legs */
    {'B', {116, 70, 42, 255}},   {'K', {80, 46, 30, 255}},    /* boots */
};

static const Px KNIGHT_OUTLINE = {28, 22, 40, 255};

/* The upper body, rows 0-11, per view: front (facing down), side (facing
 * right; left is its mirror), back (facing up). */
static const char *const KNIGHT_UPPER[3][12] = {
    {
        "................",
        ".......pp.......",
        "......hpPh......",
        ".....hwhhhH.....",
        "....hwhhhhhH....",
        "....hHHHHHHH....",
        "....HssssssH....",
        "....HseSSesH....",
        ".....SssssS.....",
        "...ttTttttTtt...",
        "...tTttttttTt...",
        "...sbbbyybbbs...",
    },
    {
        "................",
        ".....pp.........",
        "....pPhhhh......",
        "....Phhhhwh.....",
        "....hhhhhhhh....",
        "....HHHHHHHHH...",
        "....HHhsssss....",
        "....HHhsssess...",
        ".....HhssssS....",
        ".....tttTtt.....",
        ".....ttTTtt.....",
        ".....bbsybb.....",
    },
    {
        "................",
        ".......pp.......",
        "......hPph......",
        ".....hhhhhH.....",
        "....hwhhhhhH....",
        "....hhhhhhhH....",
        "....HhhhhhhH....",
        "....HHhhhhHH....",
        ".....HHHHHH.....",
        "...ttTttttTtt...",
        "...tTttttttTt...",
        "...sbbbbbbbbs...",
    },
};

/* The legs, rows 12-15: front/back views and the side view, standing and the
 * four frames of a walk; then the side view's jump. */
static const char *const KNIGHT_LEGS_FRONT[5][4] = {
    {"....TttttttT....", "....llL..Lll....", "....KBB..BBK....", "...KBBB..BBBK..."},
    {"....TttttttT....", "....llL..Lll....", "....KBB..KBBB...", "...KBBB........."},
    {"....TttttttT....", "....llL..Lll....", "....KBB..BBK....", "...KBBB..BBBK..."},
    {"....TttttttT....", "....llL..Lll....", "...BBBK..BBK....", ".........BBBK..."},
    {"....TttttttT....", "....llL..Lll....", "....KBB..BBK....", "...KBBB..BBBK..."},
};
static const char *const KNIGHT_LEGS_SIDE[6][4] = {
    {".....tTtttT.....", "......llLl......", "......KBBB......", "......KBBBB....."},
    {".....tTtttT.....", ".....lL..lL.....", "....lL....lL....", "...KBB...KBBB..."},
    {".....tTtttT.....", "......lLL.......", "......lKBB......", "......KBB......."},
    {".....tTtttT.....", ".....Ll..Ll.....", "....Ll....Ll....", "...KBB...KBBB..."},
    {".....tTtttT.....", "......LLl.......", "......LKBB......", "......KBB......."},
    {".....tTtttT.....", ".....lLlLl......", ".....KBBKBB.....", "................"},
};
/* Body bob per walk frame: the body sinks a pixel when both feet are down. */
static const int KNIGHT_WALK_BOB[4] = {1, 0, 1, 0};

enum { VIEW_FRONT, VIEW_SIDE, VIEW_BACK };

static akerr_ErrorContext AKERR_NOIGNORE *key_colour(const Key *keys, size_t nkeys, char k,
                                                     Px *dest)
{
    PREPARE_ERROR(errctx);
    if (k == '.') {
        *dest = CLEAR;
        SUCCEED_RETURN(errctx);
    }
    for (size_t i = 0; i < nkeys; i++) {
        if (keys[i].key == k) {
            *dest = keys[i].colour;
            SUCCEED_RETURN(errctx);
        }
    }
    FAIL_RETURN(errctx, AKERR_KEY, "no colour for '%c'", k);
}

/* Draws `rows` template rows at (x, y); transparent pixels are not drawn. */
static akerr_ErrorContext AKERR_NOIGNORE *stamp(SDL_Surface *s, int x, int y,
                                                const char *const *rows, int nrows, bool mirror)
{
    PREPARE_ERROR(errctx);
    for (int j = 0; j < nrows; j++) {
        FAIL_NONZERO_RETURN(errctx, strlen(rows[j]) != CELL, AKERR_FORMAT,
                            "template row \"%s\" is not %d wide", rows[j], CELL);
        for (int i = 0; i < CELL; i++) {
            Px c;
            PASS(errctx, key_colour(KNIGHT_KEYS, SDL_arraysize(KNIGHT_KEYS), rows[j][i], &c));
            if (c.a != 0) {
                put(s, x + (mirror ? CELL - 1 - i : i), y + j, c);
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

/* One knight cell: legs first, then the body `bob` pixels lower over them. */
static akerr_ErrorContext AKERR_NOIGNORE *knight_cell(SDL_Surface *s, int cell, int view,
                                                      bool mirror, const char *const *legs,
                                                      int bob)
{
    PREPARE_ERROR(errctx);
    int x = (cell % 6) * CELL, y = (cell / 6) * CELL;
    set_clip(x, y, CELL, CELL);
    PASS(errctx, stamp(s, x, y + 12, legs, 4, mirror));
    PASS(errctx, stamp(s, x, y + bob, KNIGHT_UPPER[view], 12, mirror));
    outline(s, KNIGHT_OUTLINE, true);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_knight(SDL_Surface *s)
{
    PREPARE_ERROR(errctx);
    /* Rows: down, left, right, up. */
    static const int views[4] = {VIEW_FRONT, VIEW_SIDE, VIEW_SIDE, VIEW_BACK};
    static const bool mirrors[4] = {false, true, false, false};
    for (int row = 0; row < 4; row++) {
        int v = views[row];
        for (int f = 0; f < 6; f++) {
            int cell = row * 6 + f;
            const char *const *legs = v == VIEW_SIDE ? KNIGHT_LEGS_SIDE[f < 2 ? 0 : f - 1]
                                                     : KNIGHT_LEGS_FRONT[f < 2 ? 0 : f - 1];
            int bob = f < 2 ? f : KNIGHT_WALK_BOB[f - 2]; /* idle 1 breathes */
            PASS(errctx, knight_cell(s, cell, v, mirrors[row], legs, bob));
        }
    }
    /* Row 4: hurt (the front, flashed red), jump left, jump right. */
    PASS(errctx, knight_cell(s, 24, VIEW_FRONT, false, KNIGHT_LEGS_FRONT[0], 0));
    set_clip(0, 4 * CELL, CELL, CELL);
    tint(s, rgb(255, 40, 40), 0.55);
    PASS(errctx, knight_cell(s, 25, VIEW_SIDE, true, KNIGHT_LEGS_SIDE[5], -1));
    PASS(errctx, knight_cell(s, 26, VIEW_SIDE, false, KNIGHT_LEGS_SIDE[5], -1));
    SUCCEED_RETURN(errctx);
}

/* -------------------------------------------------------------- the slime */

static const Px SLIME_BODY = {96, 204, 92, 255};
static const Px SLIME_SHADE = {52, 150, 70, 255};
static const Px SLIME_LIGHT = {206, 255, 190, 255};
static const Px SLIME_OUTLINE = {22, 64, 36, 255};

/* A gumdrop of half-width `rx` and height `h` standing on row `bottom`,
 * centred in the cell at column x0: a round top, a flatter base. */
static void slime_blob(SDL_Surface *s, int x0, int y0, double rx, double h, int bottom,
                       bool eyes, bool closed)
{
    double cx = x0 + 8.0, cy = y0 + bottom + 1 - h * 0.55;
    double top = h * 0.55, base = h * 0.45;
    for (int y = y0; y < y0 + CELL; y++) {
        for (int x = x0; x < x0 + CELL; x++) {
            double dx = (x + 0.5 - cx) / rx;
            double dy = y + 0.5 - cy;
            double v = dy < 0 ? dy / top : dy / base;
            double e = dy < 0 ? dx * dx + v * v : dx * dx * dx * dx + v * v * v * v;
            if (e > 1.0) {
                continue;
            }
            /* Lit from the top left: shade the lower right. */
            double shade = dx * 0.45 + (dy < 0 ? v * 0.2 : v * 0.9);
            put(s, x, y, shade > 0.55 ? SLIME_SHADE : SLIME_BODY);
        }
    }
    /* A highlight in the upper left. */
    int hx = (int)floor(cx - rx * 0.5), hy = (int)floor(cy - top * 0.6);
    put(s, hx, hy, SLIME_LIGHT);
    put(s, hx + 1, hy, SLIME_LIGHT);
    put(s, hx, hy + 1, SLIME_LIGHT);
    if (eyes) {
        int ey = (int)floor(cy - top * 0.05);
        Px dark = rgb(24, 30, 36), white = rgb(250, 250, 250);
        int ex[2] = {(int)floor(cx - 3), (int)floor(cx + 2)};
        for (int k = 0; k < 2; k++) {
            if (closed) {
                put(s, ex[k], ey + 1, dark);
                put(s, ex[k] + 1, ey + 1, dark);
            } else {
                put(s, ex[k], ey, white);
                put(s, ex[k] + 1, ey, dark);
                put(s, ex[k], ey + 1, dark);
                put(s, ex[k] + 1, ey + 1, dark);
            }
        }
    }
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_slime(SDL_Surface *s)
{
    PREPARE_ERROR(errctx);
    /* rest, crouch, take-off, the top of the hop, falling, landing */
    static const struct {
        double rx, h;
        int lift;
    } HOP[6] = {{6.0, 9.0, 0}, {7.0, 7.0, 0}, {4.6, 12.0, 1}, {5.4, 10.0, 5}, {5.0, 11.0, 2},
                {7.4, 6.5, 0}};
    for (int f = 0; f < 6; f++) {
        set_clip(f * CELL, 0, CELL, CELL);
        slime_blob(s, f * CELL, 0, HOP[f].rx, HOP[f].h, 14 - HOP[f].lift, true, f == 1);
        outline(s, SLIME_OUTLINE, false);
    }
    /* 6: squashed flat; 7: hurt (the rest pose, flashed white). */
    set_clip(6 * CELL, 0, CELL, CELL);
    slime_blob(s, 6 * CELL, 0, 7.6, 3.5, 14, false, false);
    put(s, 6 * CELL + 5, 13, rgb(24, 30, 36));
    put(s, 6 * CELL + 10, 13, rgb(24, 30, 36));
    outline(s, SLIME_OUTLINE, false);
    set_clip(7 * CELL, 0, CELL, CELL);
    slime_blob(s, 7 * CELL, 0, 6.0, 9.0, 14, true, true);
    outline(s, SLIME_OUTLINE, false);
    tint(s, rgb(255, 255, 255), 0.6);
    SUCCEED_RETURN(errctx);
}

/* ---------------------------------------------------------------- the bat */

static const Px BAT_BODY = {104, 70, 138, 255};
static const Px BAT_BELLY = {150, 110, 176, 255};
static const Px BAT_WING = {74, 44, 104, 255};
static const Px BAT_MEMBRANE = {126, 82, 158, 255};
static const Px BAT_OUTLINE = {26, 16, 38, 255};

/* The bat's left half in three poses (the right half is its mirror): B body,
 * b belly, E eye, F fang, W wing bone, M membrane. The outline is added. */
static const char *const BAT_HALF[3][13] = {
    { /* wings up */
        "........", "M.......", "MM...B..", "MMM..BB.", ".MMM.BBB", ".MMMMBBB", "..MMMBEB",
        "..MMWBBB", "...MWBbb", "...M.Bbb", ".....BFb", "......BB", "........"},
    { /* wings level */
        "........", "........", "........", ".....B..", ".....BB.", "W....BBB", "MWWWWBEB",
        "MMMMMBBB", "MMMMMBbb", "M.M.MBbb", ".....BFb", "......BB", "........"},
    { /* wings down */
        "........", "........", "........", ".....B..", ".....BB.", ".....BBB", "....WBEB",
        "...WMBBB", "..WMMBbb", ".WMMMBbb", "WMMM.BFb", "MM.M..BB", "M......."},
};

static void bat_pose(SDL_Surface *s, int x0, int y0, int pose, bool dead)
{
    for (int r = 0; r < 13; r++) {
        for (int i = 0; i < 8; i++) {
            Px c;
            switch (BAT_HALF[pose][r][i]) {
            case 'B': c = BAT_BODY; break;
            case 'b': c = BAT_BELLY; break;
            case 'E': c = dead ? rgb(30, 20, 40) : rgb(255, 226, 84); break;
            case 'F': c = rgb(250, 250, 250); break;
            case 'W': c = BAT_WING; break;
            case 'M': c = BAT_MEMBRANE; break;
            default: continue;
            }
            put(s, x0 + i, y0 + r, c);
            put(s, x0 + CELL - 1 - i, y0 + r, c);
        }
    }
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_bat(SDL_Surface *s)
{
    PREPARE_ERROR(errctx);
    /* wings up, level, down, level; the body rises on the down stroke */
    static const int POSE[4] = {0, 1, 2, 1};
    static const int DY[4] = {2, 2, 1, 2};
    for (int f = 0; f < 4; f++) {
        set_clip(f * CELL, 0, CELL, CELL);
        bat_pose(s, f * CELL, DY[f], POSE[f], false);
        outline(s, BAT_OUTLINE, false);
    }
    /* 4: hurt (level wings, flashed white); 5: dead (wings down, eyes shut,
     * lower in the cell: falling). */
    set_clip(4 * CELL, 0, CELL, CELL);
    bat_pose(s, 4 * CELL, 2, 1, false);
    outline(s, BAT_OUTLINE, false);
    tint(s, rgb(255, 255, 255), 0.6);
    set_clip(5 * CELL, 0, CELL, CELL);
    bat_pose(s, 5 * CELL, 3, 2, true);
    outline(s, BAT_OUTLINE, false);
    SUCCEED_RETURN(errctx);
}

/* --------------------------------------------------------------- the coin */

static const Px GOLD = {252, 204, 64, 255};
static const Px GOLD_DARK = {206, 140, 30, 255};
static const Px GOLD_LIGHT = {255, 248, 196, 255};
static const Px GOLD_RIM = {122, 70, 20, 255};

/* Frame f of 8 shows the coin turned f/16 of a turn: its width is the
 * cosine of the angle, its edge (two pixels thick) shows as it narrows. */
static void coin_frame(SDL_Surface *s, int x0, int f)
{
    double c = fabs(cos(f * SDL_PI_D / 8.0));
    double rx = 5.5 * c, ry = 5.5, cx = x0 + 8.0, cy = 8.0;
    if (rx < 1.0) {
        fill_rect(s, x0 + 7, 3, 2, 11, GOLD_DARK);
        put(s, x0 + 7, 4, GOLD_LIGHT);
        return;
    }
    /* the edge, offset towards the side turning away */
    fill_ellipse(s, cx + (f < 4 ? 1.0 : -1.0) * (1.0 - c) * 1.5, cy, rx, ry, GOLD_DARK);
    fill_ellipse(s, cx, cy, rx, ry, GOLD);
    /* the face: an inner ring and a stamped bar */
    if (rx > 2.5) {
        for (int y = 2; y < 14; y++) {
            for (int x = x0; x < x0 + CELL; x++) {
                double dx = (x + 0.5 - cx) / (rx * 0.66), dy = (y + 0.5 - cy) / (ry * 0.66);
                double d = dx * dx + dy * dy;
                if (d > 0.75 && d <= 1.0) {
                    put(s, x, y, GOLD_DARK);
                }
            }
        }
        int bw = rx > 4.5 ? 2 : 1;
        fill_rect(s, (int)floor(cx) - bw / 2, 6, bw, 5, GOLD_DARK);
    }
    /* the shine on the upper left */
    put(s, (int)floor(cx - rx * 0.55), 5, GOLD_LIGHT);
    put(s, (int)floor(cx - rx * 0.55), 6, GOLD_LIGHT);
    put(s, (int)floor(cx - rx * 0.55) + 1, 4, GOLD_LIGHT);
}

static void sparkle(SDL_Surface *s, int x0, int size, Px core, Px ray)
{
    int cx = x0 + 7, cy = 7;
    for (int k = 1; k <= size; k++) {
        put(s, cx - k, cy, ray);
        put(s, cx + 1 + k, cy, ray);
        put(s, cx, cy - k, ray);
        put(s, cx + 1, cy + 1 + k, ray);
        put(s, cx + 1, cy - k, ray);
        put(s, cx, cy + 1 + k, ray);
        put(s, cx - k, cy + 1, ray);
        put(s, cx + 1 + k, cy + 1, ray);
    }
    fill_rect(s, cx, cy, 2, 2, core);
    if (size >= 3) {
        put(s, cx - 2, cy - 2, ray);
        put(s, cx + 3, cy - 2, ray);
        put(s, cx - 2, cy + 3, ray);
        put(s, cx + 3, cy + 3, ray);
    }
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_coin(SDL_Surface *s)
{
    PREPARE_ERROR(errctx);
    for (int f = 0; f < 8; f++) {
        set_clip(f * CELL, 0, CELL, CELL);
        coin_frame(s, f * CELL, f);
        outline(s, GOLD_RIM, false);
    }
    static const int SIZES[4] = {2, 4, 6, 3};
    for (int f = 0; f < 4; f++) {
        set_clip((8 + f) * CELL, 0, CELL, CELL);
        Px ray = f == 3 ? rgba(255, 240, 150, 160) : rgb(255, 240, 150);
        sparkle(s, (8 + f) * CELL, SIZES[f], rgb(255, 255, 255), ray);
    }
    SUCCEED_RETURN(errctx);
}

/* ---------------------------------------------------------------- tiles */

/* Which sides of a terrain tile face open air. */
enum { OPEN_T = 1, OPEN_B = 2, OPEN_L = 4, OPEN_R = 8 };

static Px dirt_at(int x, int y, int seed)
{
    Uint32 h = hash3(x, y, seed);
    Px base = rgb(140, 94, 58);
    if (h % 11 == 0) {
        return rgb(112, 72, 44);
    }
    if (h % 17 == 1) {
        return rgb(166, 118, 74);
    }
    /* a few pebbles */
    if (h % 53 == 2) {
        return rgb(170, 160, 150);
    }
    return (y / 4 + (int)(h % 3 == 0)) % 2 ? base : rgb(132, 88, 54);
}

/* Terrain with grass: `open` says which sides face the air. The grass wraps
 * a little way down open sides; corners between two open sides are rounded. */
static void terrain_grass(SDL_Surface *s, int x0, int y0, int open)
{
    const Px edge = rgb(74, 46, 30), grass_dark = rgb(44, 112, 52), grass = rgb(92, 178, 64),
             grass_light = rgb(146, 214, 88), grass_edge = rgb(34, 82, 42);
    for (int y = 0; y < CELL; y++) {
        for (int x = 0; x < CELL; x++) {
            Px c = dirt_at(x, y, 7);
            int blade = (int)(hash3(x, 0, 3) % 3); /* how far the grass hangs */
            if ((open & OPEN_B) && y >= 14) {
                c = y == 15 ? edge : rgb(104, 66, 40);
            }
            if ((open & OPEN_L) && x <= 1) {
                c = x == 0 ? edge : rgb(110, 70, 44);
            }
            if ((open & OPEN_R) && x >= 14) {
                c = x == 15 ? edge : rgb(110, 70, 44);
            }
            if (open & OPEN_T) {
                int depth = 4 + blade;
                if ((open & OPEN_L) && x < 2) {
                    depth += 2;
                }
                if ((open & OPEN_R) && x > 13) {
                    depth += 2;
                }
                if (y == 0) {
                    c = grass_edge;
                } else if (y == 1) {
                    c = grass_light;
                } else if (y < depth - 1) {
                    c = (hash3(x, y, 5) % 5 == 0) ? grass_light : grass;
                } else if (y == depth - 1) {
                    c = grass_dark;
                }
                if (y < depth && (((open & OPEN_L) && x == 0) || ((open & OPEN_R) && x == 15))) {
                    c = grass_edge;
                }
            }
            put(s, x0 + x, y0 + y, c);
        }
    }
    /* Round the open corners. */
    int corners[4][3] = {{OPEN_T | OPEN_L, 0, 0}, {OPEN_T | OPEN_R, 15, 0},
                         {OPEN_B | OPEN_L, 0, 15}, {OPEN_B | OPEN_R, 15, 15}};
    for (int k = 0; k < 4; k++) {
        if ((open & corners[k][0]) == corners[k][0]) {
            int cx = corners[k][1], cy = corners[k][2];
            int sx = cx == 0 ? 1 : -1, sy = cy == 0 ? 1 : -1;
            put(s, x0 + cx, y0 + cy, CLEAR);
            put(s, x0 + cx + sx, y0 + cy, cy == 0 && (open & OPEN_T) ? grass_edge : edge);
            put(s, x0 + cx, y0 + cy + sy, cy == 0 && (open & OPEN_T) ? grass_edge : edge);
        }
    }
}


/* A grass slope: the surface rises from `left` px above the tile's bottom at
 * its left edge to `right` at its right edge (the tile's slope_left and
 * slope_right); dirt below it, a band of grass along it, air above. */
static void terrain_slope(SDL_Surface *s, int x0, int y0, int left, int right)
{
    const Px grass_dark = rgb(44, 112, 52), grass = rgb(92, 178, 64),
             grass_light = rgb(146, 214, 88), grass_edge = rgb(34, 82, 42);
    for (int x = 0; x < CELL; x++) {
        int top = CELL - (left * CELL * 2 + (right - left) * (2 * x + 1) + CELL) / (2 * CELL);
        int depth = 4 + (int)(hash3(x, 0, 3) % 3);
        for (int y = top; y < CELL; y++) {
            int d = y - top;
            Px c = d == 0           ? grass_edge
                   : d == 1         ? grass_light
                   : d < depth - 1  ? ((hash3(x, y, 5) % 5 == 0) ? grass_light : grass)
                   : d == depth - 1 ? grass_dark
                                    : dirt_at(x, y, 7);
            put(s, x0 + x, y0 + y, c);
        }
    }
}
/* Dirt under a step: the air touches only one top corner. */
static void terrain_inner(SDL_Surface *s, int x0, int y0, bool left)
{
    terrain_grass(s, x0, y0, 0);
    const Px grass_edge = rgb(34, 82, 42), grass = rgb(92, 178, 64);
    for (int y = 0; y < 5; y++) {
        for (int x = 0; x < 5 - y; x++) {
            int px = left ? x : 15 - x;
            put(s, x0 + px, y0 + y, (x == 4 - y) ? grass_edge : grass);
        }
    }
    put(s, x0 + (left ? 0 : 15), y0, CLEAR);
}

static Px stone_at(int x, int y)
{
    /* Blocks of 8 x 8 in a running bond: the lower course is offset by 4. */
    int bx = (y < 8) ? x : (x + 4) % CELL;
    int lx = bx % 8, ly = y % 8;
    if (lx == 7 || ly == 7) {
        return rgb(70, 72, 86); /* mortar */
    }
    if (lx == 0 || ly == 0) {
        return rgb(176, 178, 190); /* lit edge */
    }
    if (lx == 6 || ly == 6) {
        return rgb(104, 106, 122); /* shadowed edge */
    }
    Uint32 h = hash3(x, y, 11);
    return h % 7 == 0 ? rgb(128, 130, 144) : rgb(144, 146, 160);
}

static void terrain_stone(SDL_Surface *s, int x0, int y0, int open)
{
    const Px edge = rgb(40, 40, 54), moss = rgb(96, 150, 72), moss_dark = rgb(60, 110, 60);
    for (int y = 0; y < CELL; y++) {
        for (int x = 0; x < CELL; x++) {
            Px c = stone_at(x, y);
            if (((open & OPEN_T) && y == 0) || ((open & OPEN_B) && y == 15) ||
                ((open & OPEN_L) && x == 0) || ((open & OPEN_R) && x == 15)) {
                c = edge;
            } else if ((open & OPEN_T) && y <= 2 && (y < 2 || hash3(x, y, 2) % 2 == 0)) {
                c = y == 1 ? moss : moss_dark; /* a little moss on top */
            }
            put(s, x0 + x, y0 + y, c);
        }
    }
    int corners[4][3] = {{OPEN_T | OPEN_L, 0, 0}, {OPEN_T | OPEN_R, 15, 0},
                         {OPEN_B | OPEN_L, 0, 15}, {OPEN_B | OPEN_R, 15, 15}};
    for (int k = 0; k < 4; k++) {
        if ((open & corners[k][0]) == corners[k][0]) {
            int cx = corners[k][1], cy = corners[k][2];
            put(s, x0 + cx, y0 + cy, CLEAR);
            put(s, x0 + cx + (cx == 0 ? 1 : -1), y0 + cy + (cy == 0 ? 1 : -1), edge);
        }
    }
}

static void plank(SDL_Surface *s, int x0, int y0, int end)
{
    const Px wood = rgb(176, 118, 62), wood_dark = rgb(122, 76, 40), wood_light = rgb(214, 160, 96),
             edge = rgb(64, 38, 24), nail = rgb(60, 60, 70);
    for (int y = 0; y < 6; y++) {
        for (int x = 0; x < CELL; x++) {
            Px c = y == 0 || y == 5 ? edge : y == 1 ? wood_light : y == 4 ? wood_dark : wood;
            if (y > 0 && y < 5 && (x == 7 || x == 15)) {
                c = wood_dark; /* the joint between boards */
            }
            if (y > 1 && y < 4 && hash3(x, y, 9) % 9 == 0) {
                c = wood_dark; /* grain */
            }
            put(s, x0 + x, y0 + y, c);
        }
    }
    put(s, x0 + 2, y0 + 2, nail);
    put(s, x0 + 12, y0 + 2, nail);
    /* ends: a rounded cap and a post under it */
    if (end != 0) {
        int ex = end < 0 ? 0 : 15;
        put(s, x0 + ex, y0, CLEAR);
        put(s, x0 + ex, y0 + 5, CLEAR);
        for (int x = 0; x < CELL; x++) {
            if (x == ex) {
                for (int y = 1; y < 5; y++) {
                    put(s, x0 + x, y0 + y, edge);
                }
            }
        }
        int px = end < 0 ? 3 : 10;
        for (int y = 6; y < CELL; y++) {
            put(s, x0 + px, y0 + y, edge);
            put(s, x0 + px + 1, y0 + y, wood_dark);
            put(s, x0 + px + 2, y0 + y, wood);
            put(s, x0 + px + 3, y0 + y, edge);
        }
    }
}

static Px brick_at(int x, int y, bool back)
{
    /* Bricks of 8 x 4, offset by 4 every other course. */
    int course = y / 4;
    int bx = (x + (course % 2) * 4) % 8, by = y % 4;
    Px mortar = back ? rgb(34, 30, 44) : rgb(62, 54, 70);
    if (bx == 7 || by == 3) {
        return mortar;
    }
    Uint32 h = hash3((x + (course % 2) * 4) / 8, course, back ? 21 : 23);
    Px b = back ? rgb(70, 62, 84) : (h % 3 == 0 ? rgb(150, 118, 108) : rgb(164, 132, 118));
    if (by == 0) {
        b = mix(b, rgb(255, 255, 255), 0.18);
    }
    return b;
}

static void wall(SDL_Surface *s, int x0, int y0, int kind)
{
    for (int y = 0; y < CELL; y++) {
        for (int x = 0; x < CELL; x++) {
            put(s, x0 + x, y0 + y, brick_at(x, y, kind == 3));
        }
    }
    if (kind == 1) { /* crenellated top: two merlons */
        for (int y = 0; y < 5; y++) {
            for (int x = 0; x < CELL; x++) {
                bool gap = (x >= 4 && x < 8) || (x >= 12);
                if (gap) {
                    put(s, x0 + x, y0 + y, CLEAR);
                }
            }
        }
        for (int x = 0; x < CELL; x++) {
            bool gap = (x >= 4 && x < 8) || (x >= 12);
            put(s, x0 + x, y0 + (gap ? 5 : 0), rgb(40, 34, 50));
        }
    } else if (kind == 2) { /* an arched window with a warm light */
        for (int y = 3; y < 13; y++) {
            for (int x = 5; x < 11; x++) {
                bool arch = y > 4 || (x > 5 && x < 10) || (y == 4 && x > 5 && x < 10);
                if (y == 3 && (x < 7 || x > 8)) {
                    arch = false;
                }
                if (arch) {
                    put(s, x0 + x, y0 + y, y > 9 ? rgb(250, 190, 90) : rgb(255, 222, 130));
                }
            }
        }
        fill_rect(s, x0 + 7, y0 + 4, 2, 9, rgb(62, 54, 70)); /* the mullion */
        fill_rect(s, x0 + 5, y0 + 8, 6, 1, rgb(62, 54, 70));
    } else if (kind == 4) { /* a wooden door */
        for (int y = 2; y < CELL; y++) {
            for (int x = 3; x < 13; x++) {
                bool in = y > 3 || (x > 4 && x < 11) || (y == 3 && x > 3 && x < 12);
                if (y == 2 && (x < 6 || x > 9)) {
                    in = false;
                }
                if (in) {
                    Px c = (x == 3 || x == 12 || y == 2) ? rgb(50, 30, 20)
                           : (x % 3 == 0)                ? rgb(110, 68, 36)
                                                         : rgb(140, 90, 48);
                    put(s, x0 + x, y0 + y, c);
                }
            }
        }
        put(s, x0 + 10, y0 + 9, rgb(248, 208, 92));
    }
}

/* The surface of water, frame f of 4: a wave crest travelling right by four
 * pixels a frame, so the tile wraps into itself and its neighbours. */
static void water(SDL_Surface *s, int x0, int y0, int f, bool surface)
{
    const Px deep = rgba(44, 96, 196, 220), mid = rgba(60, 124, 220, 210),
             crest = rgba(150, 204, 250, 230), foam = rgba(236, 248, 255, 240);
    for (int y = 0; y < CELL; y++) {
        for (int x = 0; x < CELL; x++) {
            int phase = (x + 16 - f * 4) % CELL;
            Px c = y < 8 ? mid : deep;
            if (surface) {
                double wave = 3.0 + 1.2 * sin(phase * 2.0 * SDL_PI_D / CELL);
                int top = (int)lround(wave);
                if (y < top) {
                    c = CLEAR;
                } else if (y == top) {
                    c = foam;
                } else if (y == top + 1) {
                    c = crest;
                }
            }
            /* glints drifting the other way in the depths */
            int gphase = (x + f * 2 + (y / 4) * 5) % CELL;
            if ((y % 4 == 2) && gphase < 3 && y > 6) {
                c = crest;
            }
            put(s, x0 + x, y0 + y, c);
        }
    }
}

/* A torch on a wall bracket; the flame flickers through four shapes. */
static void torch(SDL_Surface *s, int x0, int y0, int f)
{
    const Px stick = rgb(112, 70, 38), stick_dark = rgb(70, 42, 24), iron = rgb(60, 60, 72);
    fill_rect(s, x0 + 7, y0 + 8, 2, 7, stick);
    fill_rect(s, x0 + 8, y0 + 8, 1, 7, stick_dark);
    fill_rect(s, x0 + 5, y0 + 10, 6, 2, iron);
    fill_rect(s, x0 + 6, y0 + 7, 4, 2, iron);
    static const double SWAY[4] = {0.0, 0.6, -0.3, 0.4};
    static const double HEIGHT[4] = {6.0, 6.8, 5.6, 7.2};
    for (int y = 0; y < 8; y++) {
        for (int x = 3; x < 13; x++) {
            double t = (7.5 - y) / HEIGHT[f]; /* 0 at the base, 1 at the tip */
            if (t < 0 || t > 1) {
                continue;
            }
            double cx = 8.0 + SWAY[f] * t * 2.0;
            double half = 2.6 * (1.0 - t * t) + 0.3;
            double d = fabs(x + 0.5 - cx) / half;
            if (d > 1.0) {
                continue;
            }
            Px c = (d < 0.45 && t < 0.55) ? rgb(255, 250, 200)
                   : (d < 0.75 && t < 0.8) ? rgb(255, 196, 60)
                                           : rgb(236, 96, 36);
            put(s, x0 + x, y0 + y, c);
        }
    }
}

static void decoration(SDL_Surface *s, int x0, int y0, int tile)
{
    switch (tile) {
    case T_BUSH:
        fill_ellipse(s, x0 + 8.0, y0 + 11.0, 7.0, 5.0, rgb(40, 110, 56));
        fill_ellipse(s, x0 + 5.0, y0 + 10.0, 4.0, 4.0, rgb(64, 150, 64));
        fill_ellipse(s, x0 + 10.5, y0 + 9.0, 4.0, 4.0, rgb(72, 162, 70));
        put(s, x0 + 4, y0 + 8, rgb(140, 210, 100));
        put(s, x0 + 10, y0 + 7, rgb(140, 210, 100));
        put(s, x0 + 6, y0 + 11, rgb(220, 60, 80)); /* berries */
        put(s, x0 + 11, y0 + 12, rgb(220, 60, 80));
        break;
    case T_FLOWERS:
        for (int k = 0; k < 3; k++) {
            int fx = 3 + k * 5, fy = 8 + (k % 2) * 2;
            fill_rect(s, x0 + fx, y0 + fy + 1, 1, 15 - fy, rgb(56, 140, 60));
            Px petal = k == 1 ? rgb(250, 236, 90) : rgb(240, 110, 160);
            put(s, x0 + fx - 1, y0 + fy, petal);
            put(s, x0 + fx + 1, y0 + fy, petal);
            put(s, x0 + fx, y0 + fy - 1, petal);
            put(s, x0 + fx, y0 + fy + 1, petal);
            put(s, x0 + fx, y0 + fy, rgb(255, 250, 220));
        }
        break;
    case T_TUFT:
        for (int k = 0; k < 7; k++) {
            int bx = 2 + k * 2, h = 3 + (int)(hash3(k, 0, 31) % 5);
            for (int y = 0; y < h; y++) {
                put(s, x0 + bx + (y > h / 2 && k % 2 ? 1 : 0), y0 + 15 - y,
                    y == h - 1 ? rgb(150, 214, 96) : rgb(84, 168, 62));
            }
        }
        break;
    case T_ROCK:
        fill_ellipse(s, x0 + 8.0, y0 + 12.5, 6.0, 3.8, rgb(120, 122, 136));
        fill_ellipse(s, x0 + 7.0, y0 + 11.5, 3.5, 2.2, rgb(160, 162, 176));
        put(s, x0 + 5, y0 + 10, rgb(210, 212, 220));
        break;
    case T_SIGN:
        fill_rect(s, x0 + 7, y0 + 8, 2, 8, rgb(100, 62, 34));
        fill_rect(s, x0 + 2, y0 + 2, 11, 6, rgb(186, 130, 72));
        put(s, x0 + 13, y0 + 4, rgb(186, 130, 72));
        put(s, x0 + 13, y0 + 5, rgb(186, 130, 72));
        put(s, x0 + 14, y0 + 4, rgb(186, 130, 72)); /* an arrow pointing right */
        fill_rect(s, x0 + 4, y0 + 4, 7, 1, rgb(96, 60, 32));
        fill_rect(s, x0 + 4, y0 + 6, 5, 1, rgb(96, 60, 32));
        break;
    case T_FENCE:
        for (int k = 0; k < 2; k++) {
            fill_rect(s, x0 + 2 + k * 8, y0 + 5, 3, 11, rgb(196, 150, 96));
            put(s, x0 + 3 + k * 8, y0 + 4, rgb(196, 150, 96));
        }
        fill_rect(s, x0, y0 + 7, CELL, 2, rgb(160, 114, 66));
        fill_rect(s, x0, y0 + 12, CELL, 2, rgb(160, 114, 66));
        break;
    case T_MUSHROOM:
        fill_rect(s, x0 + 6, y0 + 10, 4, 6, rgb(240, 228, 200));
        fill_ellipse(s, x0 + 8.0, y0 + 9.5, 6.0, 4.0, rgb(210, 48, 48));
        fill_rect(s, x0 + 1, y0 + 10, 14, 2, CLEAR);
        fill_rect(s, x0 + 6, y0 + 10, 4, 6, rgb(240, 228, 200));
        put(s, x0 + 5, y0 + 7, rgb(255, 255, 255));
        put(s, x0 + 10, y0 + 8, rgb(255, 255, 255));
        put(s, x0 + 8, y0 + 6, rgb(255, 255, 255));
        break;
    case T_CRATE:
        fill_rect(s, x0 + 1, y0 + 1, 14, 14, rgb(176, 122, 64));
        for (int k = 0; k < 14; k++) {
            put(s, x0 + 1 + k, y0 + 1 + k, rgb(120, 78, 40));
            put(s, x0 + 14 - k, y0 + 1 + k, rgb(120, 78, 40));
        }
        fill_rect(s, x0 + 1, y0 + 1, 14, 2, rgb(212, 160, 96));
        fill_rect(s, x0 + 1, y0 + 13, 14, 2, rgb(120, 78, 40));
        fill_rect(s, x0 + 1, y0 + 1, 2, 14, rgb(196, 140, 80));
        fill_rect(s, x0 + 13, y0 + 1, 2, 14, rgb(120, 78, 40));
        set_clip(x0, y0, CELL, CELL);
        outline(s, rgb(60, 36, 20), false);
        break;
    case T_SPIKES:
        for (int k = 0; k < 4; k++) {
            for (int y = 0; y < 8; y++) {
                int half = y / 2;
                for (int x = -half; x <= half; x++) {
                    put(s, x0 + 2 + k * 4 + x, y0 + 8 + y,
                        x < 0 ? rgb(220, 224, 236) : rgb(140, 144, 160));
                }
            }
        }
        break;
    case T_TREE_TOP:
        fill_ellipse(s, x0 + 8.0, y0 + 8.5, 7.5, 7.5, rgb(36, 104, 56));
        fill_ellipse(s, x0 + 6.5, y0 + 7.0, 5.0, 5.0, rgb(58, 140, 66));
        fill_ellipse(s, x0 + 5.5, y0 + 5.5, 2.5, 2.5, rgb(110, 190, 90));
        break;
    case T_TREE_TRUNK:
        fill_rect(s, x0 + 6, y0, 4, CELL, rgb(110, 72, 42));
        fill_rect(s, x0 + 6, y0, 1, CELL, rgb(146, 100, 60));
        fill_rect(s, x0 + 9, y0, 1, CELL, rgb(76, 48, 28));
        fill_rect(s, x0 + 4, y0 + 14, 8, 2, rgb(110, 72, 42));
        break;
    case T_CHAIN:
        for (int y = 0; y < CELL; y += 4) {
            put(s, x0 + 7, y0 + y, rgb(150, 150, 166));
            put(s, x0 + 8, y0 + y + 1, rgb(110, 110, 126));
            put(s, x0 + 7, y0 + y + 2, rgb(150, 150, 166));
            put(s, x0 + 6, y0 + y + 1, rgb(110, 110, 126));
        }
        break;
    default:
        break;
    }
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_tiles(SDL_Surface *s)
{
    PREPARE_ERROR(errctx);
    for (int t = 0; t < ART_TILE_COUNT; t++) {
        int x0 = (t % ART_TILE_COLUMNS) * CELL, y0 = (t / ART_TILE_COLUMNS) * CELL;
        set_clip(x0, y0, CELL, CELL);
        /* The 3 x 3 blocks: the open sides follow from the position. */
        if (t % ART_TILE_COLUMNS < 6 && t / ART_TILE_COLUMNS < 3) {
            int col = (t % ART_TILE_COLUMNS) % 3, row = t / ART_TILE_COLUMNS;
            int open = (row == 0 ? OPEN_T : 0) | (row == 2 ? OPEN_B : 0) |
                       (col == 0 ? OPEN_L : 0) | (col == 2 ? OPEN_R : 0);
            if (t % ART_TILE_COLUMNS < 3) {
                terrain_grass(s, x0, y0, open);
            } else {
                terrain_stone(s, x0, y0, open);
            }
            continue;
        }
        switch (t) {
        case T_GRASS_INNER_L: terrain_inner(s, x0, y0, true); break;
        case T_GRASS_INNER_R: terrain_inner(s, x0, y0, false); break;
        case T_GRASS_COLUMN_TOP: terrain_grass(s, x0, y0, OPEN_T | OPEN_L | OPEN_R); break;
        case T_DIRT_COLUMN: terrain_grass(s, x0, y0, OPEN_L | OPEN_R); break;
        case T_LEDGE_L: terrain_grass(s, x0, y0, OPEN_T | OPEN_B | OPEN_L); break;
        case T_LEDGE_R: terrain_grass(s, x0, y0, OPEN_T | OPEN_B | OPEN_R); break;
        case T_PLANK_L: plank(s, x0, y0, -1); break;
        case T_PLANK: plank(s, x0, y0, 0); break;
        case T_PLANK_R: plank(s, x0, y0, 1); break;
        case T_WALL: wall(s, x0, y0, 0); break;
        case T_WALL_TOP: wall(s, x0, y0, 1); break;
        case T_WALL_WINDOW: wall(s, x0, y0, 2); break;
        case T_WALL_BACK: wall(s, x0, y0, 3); break;
        case T_DOOR: wall(s, x0, y0, 4); break;
        case T_SLOPE_UP: terrain_slope(s, x0, y0, 0, CELL); break;
        case T_SLOPE_DOWN: terrain_slope(s, x0, y0, CELL, 0); break;
        case T_SLOPE_UP_LOW: terrain_slope(s, x0, y0, 0, CELL / 2); break;
        case T_SLOPE_UP_HIGH: terrain_slope(s, x0, y0, CELL / 2, CELL); break;
        case T_SLOPE_DOWN_HIGH: terrain_slope(s, x0, y0, CELL, CELL / 2); break;
        case T_SLOPE_DOWN_LOW: terrain_slope(s, x0, y0, CELL / 2, 0); break;
        default:
            if (t >= T_WATER_TOP && t < T_WATER_TOP + ART_WATER_FRAMES) {
                water(s, x0, y0, t - T_WATER_TOP, true);
            } else if (t >= T_WATER && t < T_WATER + ART_WATER_FRAMES) {
                water(s, x0, y0, t - T_WATER, false);
            } else if (t >= T_TORCH && t < T_TORCH + ART_TORCH_FRAMES) {
                torch(s, x0, y0, t - T_TORCH);
            } else {
                decoration(s, x0, y0, t);
            }
            break;
        }
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------ backgrounds */

#define TAU (2.0 * SDL_PI_D)

/* Every curve has a whole number of periods across BG_W, so the picture
 * wraps. */
static double wave(int x, double periods, double phase)
{
    return sin(TAU * periods * x / BG_W + phase);
}

static void cloud(SDL_Surface *s, double cx, double cy, double size)
{
    static const double PUFFS[5][3] = {
        {0.0, 0.0, 1.0}, {-1.1, 0.35, 0.7}, {1.1, 0.3, 0.75}, {-0.5, -0.45, 0.7}, {0.55, -0.5, 0.6}};
    for (int wrap = -1; wrap <= 1; wrap++) {
        for (int k = 0; k < 5; k++) {
            fill_ellipse(s, cx + wrap * BG_W + PUFFS[k][0] * size, cy + PUFFS[k][1] * size + 1.5,
                         PUFFS[k][2] * size * 1.3, PUFFS[k][2] * size * 0.8,
                         rgb(196, 218, 244));
        }
        for (int k = 0; k < 5; k++) {
            fill_ellipse(s, cx + wrap * BG_W + PUFFS[k][0] * size, cy + PUFFS[k][1] * size,
                         PUFFS[k][2] * size * 1.3, PUFFS[k][2] * size * 0.8,
                         rgb(250, 252, 255));
        }
    }
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_sky(SDL_Surface *s)
{
    PREPARE_ERROR(errctx);
    set_clip(0, 0, BG_W, BG_H);
    const Px top = rgb(84, 140, 230), horizon = rgb(198, 228, 252);
    for (int y = 0; y < BG_H; y++) {
        double t = y / 130.0;
        Px c = mix(top, horizon, t > 1 ? 1 : t * t * (3 - 2 * t));
        fill_rect(s, 0, y, BG_W, 1, c);
    }
    cloud(s, 40, 30, 9);
    cloud(s, 150, 52, 6);
    cloud(s, 236, 22, 11);
    cloud(s, 300, 70, 5);
    /* Two ranges of mountains, the far one paler. */
    for (int range = 0; range < 2; range++) {
        Px body = range == 0 ? rgb(150, 170, 220) : rgb(112, 132, 196);
        Px lit = range == 0 ? rgb(176, 194, 236) : rgb(140, 160, 214);
        for (int x = 0; x < BG_W; x++) {
            double h = range == 0
                           ? 100 + 16 * wave(x, 2, 0.4) + 9 * wave(x, 5, 1.9) + 4 * wave(x, 11, 0.3)
                           : 122 + 12 * wave(x, 3, 2.2) + 7 * wave(x, 7, 0.8) + 3 * wave(x, 13, 1.1);
            double slope = range == 0 ? 16 * cos(TAU * 2 * x / BG_W + 0.4) * 2 +
                                            9 * cos(TAU * 5 * x / BG_W + 1.9) * 5
                                      : 12 * cos(TAU * 3 * x / BG_W + 2.2) * 3 +
                                            7 * cos(TAU * 7 * x / BG_W + 0.8) * 7;
            int top_y = (int)lround(h);
            for (int y = top_y; y < BG_H; y++) {
                /* The sunlit flank faces left, and only near the ridge; lower
                 * down the range fades into the haze of the valley. */
                Px c = slope > 0 && y < top_y + 18 + (int)(hash3(x, range, 5) % 3) ? lit : body;
                c = mix(c, horizon, range == 0 ? 0.15 + 0.25 * (y - 90) / 90.0 : 0.1);
                if (range == 0 && y < top_y + 3 && h < 92) {
                    c = rgb(240, 244, 252); /* snow on the high peaks */
                }
                put(s, x, y, c);
            }
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_hills(SDL_Surface *s)
{
    PREPARE_ERROR(errctx);
    set_clip(0, 0, BG_W, BG_H);
    const Px far_hill = rgb(104, 176, 120), near_hill = rgb(70, 146, 92),
             near_dark = rgb(52, 118, 78), rim = rgb(150, 210, 140);
    for (int x = 0; x < BG_W; x++) {
        int h1 = (int)lround(128 + 9 * wave(x, 2, 1.0) + 5 * wave(x, 5, 0.2));
        int h2 = (int)lround(146 + 7 * wave(x, 3, 2.6) + 4 * wave(x, 8, 1.4));
        for (int y = h1; y < BG_H; y++) {
            put(s, x, y, y == h1 ? rim : far_hill);
        }
        for (int y = h2; y < BG_H; y++) {
            Px c = y == h2 ? rim : ((y - h2) > 14 ? near_dark : near_hill);
            put(s, x, y, c);
        }
    }
    /* Round trees on the far hills, every 40 pixels, with a little jitter. */
    for (int k = 0; k < BG_W / 40; k++) {
        int tx = k * 40 + 12 + (int)(hash3(k, 0, 41) % 16);
        int base = (int)lround(128 + 9 * wave(tx, 2, 1.0) + 5 * wave(tx, 5, 0.2));
        int size = 5 + (int)(hash3(k, 1, 41) % 4);
        fill_rect(s, tx - 1, base - 4, 2, 6, rgb(86, 62, 44));
        fill_ellipse(s, tx, base - 4 - size * 0.8, size * 0.8, size, rgb(46, 120, 70));
        fill_ellipse(s, tx - 1.2, base - 5 - size * 0.9, size * 0.45, size * 0.5,
                     rgb(80, 158, 88));
    }
    SUCCEED_RETURN(errctx);
}

/* ---------------------------------------------------------------- output */

static akerr_ErrorContext AKERR_NOIGNORE *path_in(char *dest, size_t size, const char *dir,
                                                  const char *file)
{
    PREPARE_ERROR(errctx);
    int n = snprintf(dest, size, "%s/%s", dir, file);
    FAIL_NONZERO_RETURN(errctx, n < 0 || (size_t)n >= size, AKERR_OUTOFBOUNDS,
                        "path too long: %s/%s", dir, file);
    SUCCEED_RETURN(errctx);
}

typedef akerr_ErrorContext *(*Painter)(SDL_Surface *s);

static const struct {
    const char *file;
    int w, h;
    Painter paint;
} IMAGES[] = {
    {"knight.png", 6 * CELL, 5 * CELL, draw_knight},
    {"slime.png", 8 * CELL, CELL, draw_slime},
    {"bat.png", 6 * CELL, CELL, draw_bat},
    {"coin.png", 12 * CELL, CELL, draw_coin},
    {"tiles.png", ART_TILE_COLUMNS * CELL, ART_TILE_ROWS * CELL, draw_tiles},
    {"sky.png", BG_W, BG_H, draw_sky},
    {"hills.png", BG_W, BG_H, draw_hills},
};

static akerr_ErrorContext AKERR_NOIGNORE *write_image(size_t i, const char *dir)
{
    PREPARE_ERROR(errctx);
    char path[4096];
    SDL_Surface *s = NULL;
    ATTEMPT {
        CATCH(errctx, path_in(path, sizeof(path), dir, IMAGES[i].file));
        s = SDL_CreateSurface(IMAGES[i].w, IMAGES[i].h, SDL_PIXELFORMAT_RGBA32);
        FAIL_ZERO_BREAK(errctx, s, AKERR_API, "SDL_CreateSurface: %s", SDL_GetError());
        memset(s->pixels, 0, (size_t)s->pitch * (size_t)s->h);
        CATCH(errctx, IMAGES[i].paint(s));
        FAIL_ZERO_BREAK(errctx, IMG_SavePNG(s, path), AKERR_IO, "IMG_SavePNG %s: %s", path,
                        SDL_GetError());
        printf("wrote %s (%dx%d)\n", path, s->w, s->h);
    } CLEANUP {
        SDL_DestroySurface(s);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* The sprites cut from the sheets, in the format of docs/10-sprites.md. One
 * with no file of its own is written inline in the character whose mappings
 * name it (docs/11-characters.md): the knight's nine, so that every example
 * with the knight loads one file for it, not ten. */
typedef struct SpriteDef {
    const char *file, *name, *sheet;
    int speed_ms;
    bool loop, reverse;
    int nframes;
    int frames[16];
} SpriteDef;

static const SpriteDef SPRITES[] = {
    {NULL, "knight idle down", "knight.png", 500, true, false, 2, {0, 1}},
    {NULL, "knight walk down", "knight.png", 120, true, false, 4, {2, 3, 4, 5}},
    {NULL, "knight idle left", "knight.png", 500, true, false, 2, {6, 7}},
    {NULL, "knight walk left", "knight.png", 120, true, false, 4, {8, 9, 10, 11}},
    {NULL, "knight idle right", "knight.png", 500, true, false, 2, {12, 13}},
    {NULL, "knight walk right", "knight.png", 120, true, false, 4,
     {14, 15, 16, 17}},
    {NULL, "knight idle up", "knight.png", 500, true, false, 2, {18, 19}},
    {NULL, "knight walk up", "knight.png", 120, true, false, 4, {20, 21, 22, 23}},
    {NULL, "knight hurt", "knight.png", 80, true, false, 2, {24, 0}},
    {"knight_jump_left.json", "knight jump left", "knight.png", 0, false, false, 1, {25}},
    {"knight_jump_right.json", "knight jump right", "knight.png", 0, false, false, 1, {26}},
    {"slime_hop.json", "slime hop", "slime.png", 110, true, false, 6, {0, 1, 2, 3, 4, 5}},
    {"slime_squashed.json", "slime squashed", "slime.png", 0, false, false, 1, {6}},
    {"slime_hurt.json", "slime hurt", "slime.png", 80, true, false, 2, {7, 0}},
    {"bat_flap.json", "bat flap", "bat.png", 90, true, false, 4, {0, 1, 2, 3}},
    {"bat_hurt.json", "bat hurt", "bat.png", 80, true, false, 2, {4, 1}},
    {"bat_dead.json", "bat dead", "bat.png", 0, false, false, 1, {5}},
    {"coin_spin.json", "coin spin", "coin.png", 80, true, false, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    {"coin_sparkle.json", "coin sparkle", "coin.png", 70, false, false, 4, {8, 9, 10, 11}},
};

/* The characters, in the format of docs/11-characters.md. Each mapping is a
 * list of state names (at most four) and a sprite; chapter 11's fallbacks let
 * one mapping serve many states (ALIVE alone serves every state of a living
 * actor that has no closer mapping). */
typedef struct Mapping {
    const char *states[4];
    const char *sprite;
} Mapping;

typedef struct CharacterDef {
    const char *file, *name;
    int speedtime;
    double sx, sy, ax, ay;
    int nmappings;
    Mapping mappings[12];
} CharacterDef;

#define S_(x) "AKGL_ACTOR_STATE_" #x

static const CharacterDef CHARACTERS[] = {
    {"knight.json", "knight", 120, 90.0, 90.0, 700.0, 700.0, 10,
     {{{S_(ALIVE)}, "knight idle down"},
      {{S_(ALIVE), S_(FACE_LEFT)}, "knight idle left"},
      {{S_(ALIVE), S_(FACE_RIGHT)}, "knight idle right"},
      {{S_(ALIVE), S_(FACE_UP)}, "knight idle up"},
      {{S_(ALIVE), S_(FACE_DOWN), S_(MOVING_DOWN)}, "knight walk down"},
      {{S_(ALIVE), S_(FACE_LEFT), S_(MOVING_LEFT)}, "knight walk left"},
      {{S_(ALIVE), S_(FACE_RIGHT), S_(MOVING_RIGHT)}, "knight walk right"},
      {{S_(ALIVE), S_(FACE_UP), S_(MOVING_UP)}, "knight walk up"},
      {{S_(DYING)}, "knight hurt"},
      {{S_(DEAD)}, "knight hurt"}}},
    {"slime.json", "slime", 110, 30.0, 30.0, 200.0, 200.0, 4,
     {{{S_(ALIVE)}, "slime hop"},
      {{S_(ALIVE), S_(DYING)}, "slime hurt"},
      {{S_(DYING)}, "slime squashed"},
      {{S_(DEAD)}, "slime squashed"}}},
    {"bat.json", "bat", 90, 45.0, 45.0, 300.0, 300.0, 4,
     {{{S_(ALIVE)}, "bat flap"},
      {{S_(ALIVE), S_(DYING)}, "bat hurt"},
      {{S_(DYING)}, "bat dead"},
      {{S_(DEAD)}, "bat dead"}}},
    {"coin.json", "coin", 80, 0.0, 0.0, 0.0, 0.0, 3,
     {{{S_(ALIVE)}, "coin spin"}, {{S_(DYING)}, "coin sparkle"}, {{S_(DEAD)}, "coin sparkle"}}},
};

static akerr_ErrorContext AKERR_NOIGNORE *dump(json_t *root, const char *dir, const char *file)
{
    PREPARE_ERROR(errctx);
    char path[4096];
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, root, AKERR_API, "%s: building the JSON failed", file);
        CATCH(errctx, path_in(path, sizeof(path), dir, file));
        FAIL_NONZERO_BREAK(errctx,
                           json_file_write(root, path,
                                           JSON_INDENT(4) | JSON_PRESERVE_ORDER |
                                               JSON_REAL_PRECISION(6)),
                           AKERR_IO, "cannot write %s", path);
        printf("wrote %s\n", path);
    } CLEANUP {
        json_decref(root);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static json_t *sprite_json(const SpriteDef *d)
{
    json_t *frames = json_array();
    for (int i = 0; frames != NULL && i < d->nframes; i++) {
        json_array_append_new(frames, json_integer(d->frames[i]));
    }
    return json_pack("{s:{s:s,s:i,s:i},s:s,s:i,s:i,s:i,s:b,s:b,s:o*}", "spritesheet", "filename",
                     d->sheet, "frame_width", CELL, "frame_height", CELL, "name", d->name,
                     "width", CELL, "height", CELL, "speed", d->speed_ms, "loop", d->loop,
                     "loopReverse", d->reverse, "frames", frames);
}

/* Whether a mapping of `d` names the sprite `name`. */
static bool maps_sprite(const CharacterDef *d, const char *name)
{
    for (int i = 0; i < d->nmappings; i++) {
        if (strcmp(d->mappings[i].sprite, name) == 0) {
            return true;
        }
    }
    return false;
}

/* The sprites written inline in `d`, in SPRITES' order; NULL when none. */
static json_t *inline_sprites_json(const CharacterDef *d)
{
    json_t *sprites = NULL;
    for (size_t i = 0; i < SDL_arraysize(SPRITES); i++) {
        if (SPRITES[i].file == NULL && maps_sprite(d, SPRITES[i].name)) {
            if (sprites == NULL) {
                sprites = json_array();
            }
            json_array_append_new(sprites, sprite_json(&SPRITES[i]));
        }
    }
    return sprites;
}

static json_t *character_json(const CharacterDef *d)
{
    json_t *maps = json_array();
    for (int i = 0; maps != NULL && i < d->nmappings; i++) {
        json_t *states = json_array();
        for (int k = 0; states != NULL && k < 4 && d->mappings[i].states[k] != NULL; k++) {
            json_array_append_new(states, json_string(d->mappings[i].states[k]));
        }
        json_array_append_new(maps, json_pack("{s:o*,s:s}", "state", states, "sprite",
                                              d->mappings[i].sprite));
    }
    return json_pack("{s:s,s:i,s:f,s:f,s:f,s:f,s:o*,s:o*}", "name", d->name, "speedtime",
                     d->speedtime, "speed_x", d->sx, "speed_y", d->sy, "acceleration_x", d->ax,
                     "acceleration_y", d->ay, "sprites", inline_sprites_json(d),
                     "sprite_mappings", maps);
}

int main(int argc, char **argv)
{
    PREPARE_ERROR(errctx);
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    ATTEMPT {
        for (size_t i = 0; i < SDL_arraysize(IMAGES) && errctx == NULL; i++) {
            CATCH(errctx, write_image(i, dir));
        }
        for (size_t i = 0; i < SDL_arraysize(SPRITES) && errctx == NULL; i++) {
            if (SPRITES[i].file != NULL) {
                CATCH(errctx, dump(sprite_json(&SPRITES[i]), dir, SPRITES[i].file));
            }
        }
        for (size_t i = 0; i < SDL_arraysize(CHARACTERS) && errctx == NULL; i++) {
            CATCH(errctx, dump(character_json(&CHARACTERS[i]), dir, CHARACTERS[i].file));
        }
    } CLEANUP {
    } PROCESS(errctx) {
    } FINISH_NORETURN(errctx);
    return 0;
}
