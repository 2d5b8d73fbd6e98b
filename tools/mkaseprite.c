/*
 * akgl_mkaseprite: writes the Aseprite JSON fixtures of
 * akgl_sprite_load_aseprite (tests/assets/aseprite/, see the README there).
 *
 *   akgl_mkaseprite DIR
 *
 * Each file is the data file Aseprite's sheet exporter writes (--format
 * json-array or json-hash, --list-tags, --list-slices), for the committed
 * sheet tests/assets/sheet_64x64_16.png (4 x 4 cells of 16 x 16; cell i is
 * at column i % 4, row i / 4), which every file names as
 * "../sheet_64x64_16.png". The good files load; each file of bad/ breaks
 * one rule of docs/10-sprites.md ("Aseprite sheets"), the rest of it sound.
 * Plain stdio: the same bytes every run (the ctest akgl_aseprite_fixtures
 * checks the committed files against a fresh run).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* "meta" up to its tags; `size` is the sheet's (64 unless a case says). */
static void write_meta_head(const char *image, int size)
{
    out(" \"meta\": {\n");
    out("  \"app\": \"https://www.aseprite.org/\",\n");
    out("  \"version\": \"1.3\",\n");
    out("  \"image\": \"%s\",\n", image);
    out("  \"format\": \"RGBA8888\",\n");
    out("  \"size\": { \"w\": %d, \"h\": %d },\n", size, size);
    out("  \"scale\": \"1\",\n");
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

int main(int argc, char **argv)
{
    char sub[4096];
    if (argc != 2) {
        fprintf(stderr, "usage: akgl_mkaseprite DIR\n");
        return 2;
    }
    g_dir = argv[1];
    snprintf(sub, sizeof(sub), "%s/bad", g_dir);
    if (mkdir(g_dir, 0777) != 0 && errno != EEXIST) {
        die("cannot create", g_dir);
    }
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
