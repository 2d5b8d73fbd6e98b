/*
 * akgl_mkaseprite: writes the Aseprite JSON fixtures of
 * akgl_sprite_load_aseprite (tests/assets/aseprite/, see the README there),
 * and the gallery's Aseprite sheet (examples/assets/).
 *
 *   akgl_mkaseprite DIR              the fixtures
 *   akgl_mkaseprite --example DIR    blob.png, blob.json, blob_character.json
 *
 * Each file is the data file Aseprite's sheet exporter writes (--format
 * json-array or json-hash, --list-tags, --list-slices). The fixtures are for
 * the committed sheet tests/assets/sheet_64x64_16.png (4 x 4 cells of 16 x
 * 16; cell i is at column i % 4, row i / 4), which every file names as
 * "../sheet_64x64_16.png". The good files load; each file of bad/ breaks
 * one rule of docs/10-sprites.md ("Aseprite sheets"), the rest of it sound.
 * The example's sheet is drawn here (row 0: eight 32 x 32 frames of a blob;
 * row 1: four bursts packed as trimmed frames) and written with SDL3_image's
 * IMG_SavePNG (libpng stores no time stamp); the JSON with plain stdio. The
 * same bytes every run: the ctests akgl_aseprite_fixtures and
 * akgl_aseprite_example_art check the committed files against a fresh run.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "test_platform.h" /* tests/support: mkdir with a mode on Windows too */

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>

#define IMAGE "../sheet_64x64_16.png"
#define BAD_IMAGE "../../sheet_64x64_16.png" /* from bad/ */
#define CELL 16
#define MAX_FRAMES 300

/* One frame as the exporter writes it. */
typedef struct Frame
{
    int x, y, w, h;    /* "frame" */
    int tx, ty;        /* "spriteSourceSize" x, y (w, h are the frame's) */
    int sw, sh;        /* "sourceSize" */
    int ms;            /* "duration" */
    bool rotated;
} Frame;

static const char *g_dir;
static FILE *g_out;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "akgl_mkaseprite: %s: %s\n", what, detail);
    exit(1);
}

static void open_file(const char *name)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s", g_dir, name);
    g_out = fopen(path, "wb");
    if (g_out == NULL) {
        die("cannot write", path);
    }
}

static void close_file(void)
{
    if (fclose(g_out) != 0) {
        die("cannot close", "a fixture");
    }
    g_out = NULL;
}

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(g_out, fmt, ap);
    va_end(ap);
}

/* Cell i of the sheet, untrimmed, held `ms`. */
static Frame cell(int i, int ms)
{
    Frame f = {(i % 4) * CELL, (i / 4) * CELL, CELL, CELL, 0, 0, CELL, CELL, ms, false};
    return f;
}

static void write_frame(const Frame *f, bool last)
{
    out("\"frame\": { \"x\": %d, \"y\": %d, \"w\": %d, \"h\": %d },\n", f->x, f->y, f->w, f->h);
    out("    \"rotated\": %s,\n", f->rotated ? "true" : "false");
    out("    \"trimmed\": %s,\n",
        (f->tx != 0 || f->ty != 0 || f->w != f->sw || f->h != f->sh) ? "true" : "false");
    out("    \"spriteSourceSize\": { \"x\": %d, \"y\": %d, \"w\": %d, \"h\": %d },\n", f->tx,
        f->ty, f->w, f->h);
    out("    \"sourceSize\": { \"w\": %d, \"h\": %d },\n", f->sw, f->sh);
    out("    \"duration\": %d\n   }%s\n", f->ms, last ? "" : ",");
}

/* "frames" as json-array (hash false) or json-hash, named as Aseprite names them. */
static void write_frames(const char *stem, const Frame *frames, int n, bool hash)
{
    out("{ \"frames\": %s\n", hash ? "{" : "[");
    for (int i = 0; i < n; i++) {
        if (hash) {
            out("  \"%s %d.aseprite\": {\n    ", stem, i);
        } else {
            out("  {\n    \"filename\": \"%s %d.aseprite\",\n    ", stem, i);
        }
        write_frame(&frames[i], i == n - 1);
    }
    out(" %s,\n", hash ? "}" : "]");
}

/* "meta" up to its tags, for a sheet of w x h. */
static void write_meta_head_wh(const char *image, int w, int h)
{
    out(" \"meta\": {\n");
    out("  \"app\": \"https://www.aseprite.org/\",\n");
    out("  \"version\": \"1.3\",\n");
    out("  \"image\": \"%s\",\n", image);
    out("  \"format\": \"RGBA8888\",\n");
    out("  \"size\": { \"w\": %d, \"h\": %d },\n", w, h);
    out("  \"scale\": \"1\",\n");
}

/* "meta" up to its tags; `size` is the sheet's side (64 unless a case says). */
static void write_meta_head(const char *image, int size)
{
    write_meta_head_wh(image, size, size);
}

/* One tag; `extra` is appended inside it (a "repeat", say) or "". */
static void write_tag(const char *name, int from, int to, const char *direction,
                      const char *extra, bool last)
{
    out("   { \"name\": \"%s\", \"from\": %d, \"to\": %d, \"direction\": \"%s\", "
        "\"color\": \"#000000ff\"%s }%s\n", name, from, to, direction, extra, last ? "" : ",");
}

/* ------------------------------------------------------------------------ */
/* Good files                                                               */
/* ------------------------------------------------------------------------ */

/* hero.json: json-array, four tags (each direction and a play-once), a
 * "hitbox" slice with two keys and another slice that is ignored. */
static void hero(void)
{
    Frame f[6];
    const int ms[6] = {100, 200, 300, 40, 50, 60};
    for (int i = 0; i < 6; i++) {
        f[i] = cell(i, ms[i]);
    }
    open_file("hero.json");
    write_frames("hero", f, 6, false);
    write_meta_head(IMAGE, 64);
    out("  \"frameTags\": [\n");
    write_tag("walk", 0, 2, "forward", "", false);
    write_tag("back", 0, 2, "reverse", "", false);
    write_tag("bob", 3, 5, "pingpong", "", false);
    write_tag("once", 3, 4, "forward", ", \"repeat\": \"1\"", true);
    out("  ],\n");
    out("  \"layers\": [ { \"name\": \"Layer 1\", \"opacity\": 255, \"blendMode\": \"normal\" } ],\n");
    out("  \"slices\": [\n");
    out("   { \"name\": \"pivot\", \"color\": \"#0000ffff\", \"keys\": [ { \"frame\": 0, "
        "\"bounds\": { \"x\": 0, \"y\": 0, \"w\": 1, \"h\": 1 } } ] },\n");
    out("   { \"name\": \"hitbox\", \"color\": \"#ff0000ff\", \"keys\": [\n");
    out("     { \"frame\": 0, \"bounds\": { \"x\": 2, \"y\": 3, \"w\": 10, \"h\": 12 } },\n");
    out("     { \"frame\": 3, \"bounds\": { \"x\": 4, \"y\": 4, \"w\": 8, \"h\": 8 } }\n");
    out("   ] }\n");
    out("  ]\n }\n}\n");
    close_file();
}

/* runner.json: json-hash, one tag, pingpong_reverse. */
static void runner(void)
{
    Frame f[4];
    for (int i = 0; i < 4; i++) {
        f[i] = cell(6 + i, 10 * (i + 1));
    }
    open_file("runner.json");
    write_frames("runner", f, 4, true);
    write_meta_head(IMAGE, 64);
    out("  \"frameTags\": [\n");
    write_tag("run", 0, 3, "pingpong_reverse", "", true);
    out("  ]\n }\n}\n");
    close_file();
}

/* trimmed.json: frame 1 is cell 1's top-left 8 x 8 (its marker first),
 * trimmed to sit at 5, 6 of the 16 x 16 frame. */
static void trimmed(void)
{
    Frame f[2] = {cell(0, 100), cell(1, 100)};
    f[1].w = 8;
    f[1].h = 8;
    f[1].tx = 5;
    f[1].ty = 6;
    open_file("trimmed.json");
    write_frames("trimmed", f, 2, false);
    write_meta_head(IMAGE, 64);
    out("  \"frameTags\": [\n");
    write_tag("idle", 0, 0, "forward", "", false);
    write_tag("pop", 1, 1, "forward", "", true);
    out("  ]\n }\n}\n");
    close_file();
}

/* notags.json: three frames, no tags: one sprite named by the stem. */
static void notags(void)
{
    Frame f[3] = {cell(10, 100), cell(11, 100), cell(12, 100)};
    open_file("notags.json");
    write_frames("notags", f, 3, false);
    write_meta_head(IMAGE, 64);
    out("  \"frameTags\": [ ]\n }\n}\n");
    close_file();
}

/* ------------------------------------------------------------------------ */
/* bad/: one broken rule each                                               */
/* ------------------------------------------------------------------------ */

/* A two-frame file with one tag "walk" 0..1, after `edit` changed it. */
typedef struct Case
{
    const char *name;
    Frame f[MAX_FRAMES];
    int n;
    int size;
    const char *image;
    const char *tags; /* the whole "frameTags" value */
    const char *slices; /* the whole "slices" value, or NULL */
    bool hash;
} Case;

static void base(Case *c, const char *name)
{
    memset(c, 0, sizeof(*c));
    c->name = name;
    c->n = 2;
    c->f[0] = cell(0, 100);
    c->f[1] = cell(1, 100);
    c->size = 64;
    c->image = BAD_IMAGE;
    c->tags = "[ { \"name\": \"walk\", \"from\": 0, \"to\": 1, \"direction\": \"forward\" } ]";
}

static void write_case(const Case *c)
{
    char file[256];
    snprintf(file, sizeof(file), "bad/%s.json", c->name);
    open_file(file);
    write_frames(c->name, c->f, c->n, c->hash);
    write_meta_head(c->image, c->size);
    out("  \"frameTags\": %s%s\n", c->tags, c->slices ? "," : "");
    if (c->slices != NULL) {
        out("  \"slices\": %s\n", c->slices);
    }
    out(" }\n}\n");
    close_file();
}

static void bad(void)
{
    static Case c;

    base(&c, "rotated");
    c.f[1].rotated = true;
    write_case(&c);

    base(&c, "frame_off_sheet");
    c.f[1].x = 56;
    write_case(&c);

    base(&c, "duration_0");
    c.f[1].ms = 0;
    write_case(&c);

    base(&c, "source_size_differs");
    c.f[1].sw = 17;
    write_case(&c);

    base(&c, "trim_outside");
    c.f[1].w = 8;
    c.f[1].tx = 9;
    write_case(&c);

    base(&c, "direction_unknown");
    c.tags = "[ { \"name\": \"walk\", \"from\": 0, \"to\": 1, \"direction\": \"sideways\" } ]";
    write_case(&c);

    base(&c, "from_after_to");
    c.tags = "[ { \"name\": \"walk\", \"from\": 1, \"to\": 0, \"direction\": \"forward\" } ]";
    write_case(&c);

    base(&c, "to_past_frames");
    c.tags = "[ { \"name\": \"walk\", \"from\": 0, \"to\": 2, \"direction\": \"forward\" } ]";
    write_case(&c);

    base(&c, "tag_17_frames");
    c.n = 17;
    for (int i = 0; i < 17; i++) {
        c.f[i] = cell(i % 16, 100);
    }
    c.tags = "[ { \"name\": \"walk\", \"from\": 0, \"to\": 16, \"direction\": \"forward\" } ]";
    write_case(&c);

    base(&c, "tag_twice");
    c.tags = "[ { \"name\": \"walk\", \"from\": 0, \"to\": 0, \"direction\": \"forward\" },\n"
             "   { \"name\": \"walk\", \"from\": 1, \"to\": 1, \"direction\": \"forward\" } ]";
    write_case(&c);

    base(&c, "repeat_not_a_count");
    c.tags = "[ { \"name\": \"walk\", \"from\": 0, \"to\": 1, \"direction\": \"forward\", "
             "\"repeat\": \"twice\" } ]";
    write_case(&c);

    base(&c, "image_missing");
    c.image = "no_such_sheet.png";
    write_case(&c);

    base(&c, "size_not_the_image");
    c.size = 48;
    write_case(&c);

    base(&c, "hitbox_outside");
    c.slices = "[ { \"name\": \"hitbox\", \"keys\": [ { \"frame\": 0, \"bounds\": "
               "{ \"x\": 8, \"y\": 0, \"w\": 9, \"h\": 4 } } ] } ]";
    write_case(&c);

    base(&c, "too_many_frames");
    c.n = 257;
    for (int i = 0; i < 257; i++) {
        c.f[i] = cell(i % 16, 100);
    }
    c.hash = true;
    write_case(&c);

    base(&c, "no_tags_17_frames");
    c.n = 17;
    for (int i = 0; i < 17; i++) {
        c.f[i] = cell(i % 16, 100);
    }
    c.tags = "[ ]";
    write_case(&c);

    /* Files the helpers cannot write. */
    open_file("bad/frames_a_string.json");
    out("{ \"frames\": \"none\", \"meta\": { \"image\": \"%s\", \"size\": { \"w\": 64, "
        "\"h\": 64 } } }\n", BAD_IMAGE);
    close_file();
    open_file("bad/frames_empty.json");
    out("{ \"frames\": [ ], \"meta\": { \"image\": \"%s\", \"size\": { \"w\": 64, \"h\": 64 } "
        "} }\n", BAD_IMAGE);
    close_file();
    open_file("bad/no_meta.json");
    out("{ \"frames\": [ ] }\n");
    close_file();
    open_file("bad/no_duration.json");
    out("{ \"frames\": [ { \"frame\": { \"x\": 0, \"y\": 0, \"w\": 16, \"h\": 16 }, "
        "\"rotated\": false, \"trimmed\": false, \"spriteSourceSize\": { \"x\": 0, \"y\": 0, "
        "\"w\": 16, \"h\": 16 }, \"sourceSize\": { \"w\": 16, \"h\": 16 } } ],\n"
        " \"meta\": { \"image\": \"%s\", \"size\": { \"w\": 64, \"h\": 64 } } }\n", BAD_IMAGE);
    close_file();
}

/* ------------------------------------------------------------------------ */
/* Characters mapping states to hero.json's tags                            */
/* ------------------------------------------------------------------------ */

/* A character "knight"; `aseprite` is its "aseprite" line (or ""), `m2` the
 * second mapping's name key and value. */
static void character(const char *file, const char *aseprite, const char *m2)
{
    open_file(file);
    out("{\n    \"name\": \"knight\",\n    \"speedtime\": 100,\n");
    out("    \"speed_x\": 0.2,\n    \"speed_y\": 0.2,\n");
    out("    \"acceleration_x\": 0.2,\n    \"acceleration_y\": 0.2,\n%s", aseprite);
    out("    \"sprite_mappings\": [\n");
    out("        { \"state\": [\"AKGL_ACTOR_STATE_ALIVE\"], \"tag\": \"bob\" },\n");
    out("        { \"state\": [\"AKGL_ACTOR_STATE_ALIVE\", \"AKGL_ACTOR_STATE_MOVING_LEFT\"], "
        "%s }\n", m2);
    out("    ]\n}\n");
    close_file();
}

static void characters(void)
{
    const char *ase = "    \"aseprite\": \"hero\",\n";
    character("knight.json", ase, "\"tag\": \"walk\"");
    character("bad/knight_tag_without_aseprite.json", "", "\"tag\": \"walk\"");
    character("bad/knight_tag_and_sprite.json", ase,
              "\"tag\": \"walk\", \"sprite\": \"hero/walk\"");
    character("bad/knight_tag_not_loaded.json", ase, "\"tag\": \"fly\"");
    character("bad/knight_aseprite_number.json", "    \"aseprite\": 7,\n", "\"tag\": \"walk\"");
}

/* ------------------------------------------------------------------------ */
/* The gallery's sheet (examples/aseprite.c): blob.png, blob.json and the    */
/* character blob_character.json, for `akgl_mkaseprite --example DIR`        */
/* ------------------------------------------------------------------------ */

#define BLOB 32             /* every frame's sourceSize */
#define BLOB_SHEET_W (8 * BLOB)
#define BLOB_SHEET_H (2 * BLOB)

typedef struct Rgba
{
    Uint8 r, g, b, a;
} Rgba;

static void plot(SDL_Surface *s, int x, int y, Rgba c)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h) {
        return;
    }
    Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
    p[3] = c.a;
}

/* The pixels whose centres lie in the ellipse (cx, cy, rx, ry) and, when
 * `hole` > 0, outside the one `hole` pixels smaller: a disc or a ring. */
static void ellipse(SDL_Surface *s, double cx, double cy, double rx, double ry, double hole,
                    Rgba c)
{
    for (int y = (int)(cy - ry) - 1; y <= (int)(cy + ry) + 1; y++) {
        for (int x = (int)(cx - rx) - 1; x <= (int)(cx + rx) + 1; x++) {
            double dx = (x + 0.5 - cx), dy = (y + 0.5 - cy);
            bool in = (dx * dx) / (rx * rx) + (dy * dy) / (ry * ry) <= 1.0;
            bool inner = hole > 0.0 && rx > hole && ry > hole &&
                         (dx * dx) / ((rx - hole) * (rx - hole)) +
                                 (dy * dy) / ((ry - hole) * (ry - hole)) <
                             1.0;
            if (in && !inner) {
                plot(s, x, y, c);
            }
        }
    }
}

/* The blob in cell `cell` of row 0: a body of radii rx, ry centred at
 * (16, cy) of the frame, eyes `open` pixels tall (0 closed). */
static void blob(SDL_Surface *s, int cell, double rx, double ry, double cy, int open)
{
    const Rgba outline = {24, 60, 40, 255}, body = {90, 200, 110, 255},
               shine = {190, 245, 190, 255}, white = {250, 250, 250, 255},
               pupil = {20, 24, 40, 255};
    double cx = cell * BLOB + 16.0;
    ellipse(s, cx, cy, rx + 1.0, ry + 1.0, 0.0, outline);
    ellipse(s, cx, cy, rx, ry, 0.0, body);
    ellipse(s, cx - rx * 0.45, cy - ry * 0.5, 2.0, 1.5, 0.0, shine);
    int ey = (int)(cy - ry * 0.25);
    for (int side = -1; side <= 1; side += 2) {
        int ex = (int)cx + side * 4 - (side < 0 ? 2 : 0);
        if (open == 0) {
            for (int i = 0; i < 3; i++) {
                plot(s, ex + i, ey + 1, pupil);
            }
            continue;
        }
        for (int y = 0; y < open; y++) {
            for (int i = 0; i < 3; i++) {
                plot(s, ex + i, ey + 2 - open + 1 + y, (i == 1 && y == open - 1) ? pupil : white);
            }
        }
    }
}

/* A burst of radius r (a ring, a disc when small) with its top-left at
 * (x, y) of the sheet: exactly 2r x 2r pixels, the trimmed frame. */
static void burst(SDL_Surface *s, int x, int y, int r)
{
    const Rgba gold = {255, 200, 60, 255}, hot = {255, 250, 200, 255};
    ellipse(s, x + r, y + r, r, r, r > 4 ? 3.0 : 0.0, gold);
    ellipse(s, x + r, y + r, r, r, r > 4 ? 1.0 : 0.0, hot);
    if (r > 4) {
        ellipse(s, x + r, y + r, r - 1.0, r - 1.0, 1.5, gold);
    }
}

static void example_png(const char *dir)
{
    char path[4096];
    SDL_Surface *s = SDL_CreateSurface(BLOB_SHEET_W, BLOB_SHEET_H, SDL_PIXELFORMAT_RGBA32);
    if (s == NULL) {
        die("SDL_CreateSurface", SDL_GetError());
    }
    SDL_memset(s->pixels, 0, (size_t)s->pitch * (size_t)s->h); /* transparent */
    /* idle 0..3: a blink (eyes open, half, shut, half) */
    const int eyes[4] = {3, 2, 0, 2};
    for (int i = 0; i < 4; i++) {
        blob(s, i, 12.0, 9.0, 22.0, eyes[i]);
    }
    /* bounce 4..7: squashed on the ground, rising, stretched, at the top */
    blob(s, 4, 14.0, 6.0, 25.0, 2);
    blob(s, 5, 12.0, 9.0, 20.0, 3);
    blob(s, 6, 9.0, 12.0, 15.0, 3);
    blob(s, 7, 11.0, 10.0, 11.0, 3);
    /* pop 8..11, trimmed: bursts of radius 3, 7, 11, 15 packed in row 1 */
    int x = 0;
    for (int i = 0; i < 4; i++) {
        int r = 3 + 4 * i;
        burst(s, x, BLOB, r);
        x += 2 * r;
    }
    snprintf(path, sizeof(path), "%s/blob.png", dir);
    if (!IMG_SavePNG(s, path)) {
        die(path, SDL_GetError());
    }
    SDL_DestroySurface(s);
}

static void example_json(void)
{
    static const int ms[12] = {700, 60, 120, 60, 80, 60, 60, 200, 60, 80, 100, 300};
    Frame f[12];
    for (int i = 0; i < 8; i++) {
        f[i] = (Frame){i * BLOB, 0, BLOB, BLOB, 0, 0, BLOB, BLOB, ms[i], false};
    }
    int x = 0;
    for (int i = 0; i < 4; i++) {
        int r = 3 + 4 * i;
        f[8 + i] = (Frame){x, BLOB, 2 * r, 2 * r, 16 - r, 16 - r, BLOB, BLOB, ms[8 + i], false};
        x += 2 * r;
    }
    open_file("blob.json");
    write_frames("blob", f, 12, false);
    write_meta_head_wh("blob.png", BLOB_SHEET_W, BLOB_SHEET_H);
    out("  \"frameTags\": [\n");
    write_tag("idle", 0, 3, "forward", "", false);
    write_tag("bounce", 4, 7, "pingpong", "", false);
    write_tag("pop", 8, 11, "forward", "", false);
    write_tag("shrink", 8, 11, "reverse", "", true);
    out("  ],\n");
    out("  \"layers\": [ { \"name\": \"Layer 1\", \"opacity\": 255, \"blendMode\": \"normal\" } ],\n");
    out("  \"slices\": [\n");
    out("   { \"name\": \"hitbox\", \"color\": \"#ff0000ff\", \"keys\": [\n");
    out("     { \"frame\": 0, \"bounds\": { \"x\": 4, \"y\": 13, \"w\": 24, \"h\": 19 } }\n");
    out("   ] }\n");
    out("  ]\n }\n}\n");
    close_file();

    /* The character: its states mapped to the tags by name (each moving
     * state with the facing the update gives it). */
    static const char *const maps[4][3] = {{"", "", "idle"},
                                           {"FACE_UP", "MOVING_UP", "bounce"},
                                           {"FACE_RIGHT", "MOVING_RIGHT", "pop"},
                                           {"FACE_LEFT", "MOVING_LEFT", "shrink"}};
    open_file("blob_character.json");
    out("{\n    \"name\": \"blob\",\n    \"speedtime\": 100,\n");
    out("    \"speed_x\": 0.2,\n    \"speed_y\": 0.2,\n");
    out("    \"acceleration_x\": 0.2,\n    \"acceleration_y\": 0.2,\n");
    out("    \"aseprite\": \"blob\",\n");
    out("    \"sprite_mappings\": [\n");
    for (int i = 0; i < 4; i++) {
        out("        { \"state\": [\"AKGL_ACTOR_STATE_ALIVE\"");
        if (*maps[i][0] != '\0') {
            out(", \"AKGL_ACTOR_STATE_%s\", \"AKGL_ACTOR_STATE_%s\"", maps[i][0], maps[i][1]);
        }
        out("], \"tag\": \"%s\" }%s\n", maps[i][2], i < 3 ? "," : "");
    }
    out("    ]\n}\n");
    close_file();
}

int main(int argc, char **argv)
{
    char sub[4096];
    bool example = argc == 3 && strcmp(argv[1], "--example") == 0;
    if (argc != 2 && !example) {
        fprintf(stderr, "usage: akgl_mkaseprite DIR | akgl_mkaseprite --example DIR\n");
        return 2;
    }
    g_dir = argv[argc - 1];
    if (mkdir(g_dir, 0777) != 0 && errno != EEXIST) {
        die("cannot create", g_dir);
    }
    if (example) {
        example_png(g_dir);
        example_json();
        return 0;
    }
    snprintf(sub, sizeof(sub), "%s/bad", g_dir);
    if (mkdir(sub, 0777) != 0 && errno != EEXIST) {
        die("cannot create", sub);
    }
    hero();
    runner();
    trimmed();
    notags();
    bad();
    characters();
    return 0;
}
