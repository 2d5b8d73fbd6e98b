/*
 * Hot reload (akgl/reload.h) under a running game on the manual clock: the
 * files are rewritten the way an editor saves (a new file renamed over the
 * old one) and their modification time is set explicitly (utimensat), so
 * no case depends on the file system's timestamp granularity. Frames are
 * stepped with akgl_game_update and read back: a sprite's frames, a sheet's
 * pixels, a character's mapping, an image's size. Bad edits keep the old
 * asset and are logged once per change; every pool, registry, error context
 * and texture count is back where it started after each case.
 */
#define _XOPEN_SOURCE 700

#include <akgl/reload.h>

#include "../akstdlib/fixture.h"
#include "log_fixture.h"
#include "scene.h"
#include "sound_fixture.h"

#include <akgl/image.h>
#include <akgl/sound.h>
#include <akgl/text.h>
#include <akgl/tilemap.h>

#include <fcntl.h>
#include <stdarg.h>
#include <sys/stat.h>

#define W 64
#define H 64
#define SIDE 16  /* the generated sheets' cells */
#define PERIOD_MS 100

/* ------------------------------------------------------------------------ */
/* Files, written as an editor saves them                                   */
/* ------------------------------------------------------------------------ */

static time_t next_mtime = 1000000; /* every write gets a later second than the last */

/* The new content is in fx_dir/<name>.new; rename it over <name>, then set
 * its modification time to a second no write had before. */
static void replace(const char *name)
{
    char from[PATH_MAX], to[PATH_MAX];
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof(tmp), "%s.new", name);
    fx_path(from, tmp);
    fx_path(to, name);
    if (test_rename_over(from, to) != 0) {
        fx_die("rename", to);
    }
    if (test_set_mtime(to, (long long)next_mtime++) != 0) {
        fx_die("utimensat", to);
    }
}

AKERR_PRINTF(2, 3)
static void write_text(const char *name, const char *fmt, ...)
{
    char text[2048];
    char tmp[PATH_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof(text)) {
        fx_die("format", name);
    }
    snprintf(tmp, sizeof(tmp), "%s.new", name);
    fx_write(tmp, text, (size_t)n);
    replace(name);
}

/* The colour of cell i of a sheet in palette p: distinct for every (p, i). */
static SDL_Color cell_colour(int p, int i)
{
    return (SDL_Color){(Uint8)(30 + 20 * i), (Uint8)(40 + 90 * p), (Uint8)(200 - 20 * i), 255};
}

/* A cols x rows sheet of SIDE-pixel cells, each one flat cell_colour(p, i). */
static void write_sheet(const char *name, int cols, int rows, int p)
{
    char tmp[PATH_MAX], path[PATH_MAX];
    SDL_Surface *s = SDL_CreateSurface(cols * SIDE, rows * SIDE, SDL_PIXELFORMAT_RGBA32);
    if (s == NULL) {
        fx_die("SDL_CreateSurface", SDL_GetError());
    }
    for (int i = 0; i < cols * rows; i++) {
        SDL_Color c = cell_colour(p, i);
        SDL_Rect cell = {(i % cols) * SIDE, (i / cols) * SIDE, SIDE, SIDE};
        SDL_FillSurfaceRect(s, &cell, SDL_MapSurfaceRGBA(s, c.r, c.g, c.b, c.a));
    }
    snprintf(tmp, sizeof(tmp), "%s.new", name);
    fx_path(path, tmp);
    if (!IMG_SavePNG(s, path)) {
        fx_die("IMG_SavePNG", path);
    }
    SDL_DestroySurface(s);
    replace(name);
}

/* A sprite file: sprite `sprite` on `sheet`, SIDE-pixel frames `frames` (a JSON list). */
static void write_sprite(const char *file, const char *sprite, const char *sheet,
                         const char *frames)
{
    write_text(file,
               "{\"spritesheet\": {\"filename\": \"%s\", \"frame_width\": %d, \"frame_height\": %d},"
               " \"name\": \"%s\", \"width\": %d, \"height\": %d, \"speed\": 0, \"loop\": true,"
               " \"loopReverse\": false, \"frames\": %s}",
               sheet, SIDE, SIDE, sprite, SIDE, SIDE, frames);
}

/* A character file mapping ALIVE to `sprite`. */
static void write_character(const char *file, const char *name, const char *sprite)
{
    write_text(file,
               "{\"name\": \"%s\", \"speedtime\": 0, \"speed_x\": 1, \"speed_y\": 1,"
               " \"acceleration_x\": 1, \"acceleration_y\": 1, \"sprite_mappings\": ["
               "{\"state\": [\"AKGL_ACTOR_STATE_ALIVE\"], \"sprite\": \"%s\"}]}",
               name, sprite);
}

static const char *at(const char *name)
{
    static char paths[4][PATH_MAX];
    static int next;
    char *p = paths[next++ % 4];
    fx_path(p, name);
    return p;
}

/* ------------------------------------------------------------------------ */
/* The log                                                                  */
/* ------------------------------------------------------------------------ */

static int occurrences(const char *haystack, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(haystack, needle); p != NULL; p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------------ */
/* The running game                                                         */
/* ------------------------------------------------------------------------ */

static Scene scene;

/* One frame, a whole period after the last: the files are looked at. */
static void step(void)
{
    advance_ms(PERIOD_MS);
    CHECK_OK(akgl_game_update(NULL));
}

#define CHECK_DRAWN(x, y, colour) CHECK_PIXEL(scene_last_frame, (x), (y), (colour))

/* An actor of character `charname` in state ALIVE at (8, 8). */
static akgl_Actor *actor_at_8(const char *name, const char *charname)
{
    akgl_Actor *a = make_actor(name, charname);
    if (a != NULL) {
        a->state = AKGL_ACTOR_STATE_ALIVE;
        a->x = 8.0f;
        a->y = 8.0f;
    }
    return a;
}

static akgl_Sprite *sprite_named(const char *name)
{
    void *found = NULL;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", name, &found));
    return found;
}

/* ------------------------------------------------------------------------ */
/* Cases                                                                    */
/* ------------------------------------------------------------------------ */

/* A sprite file rewritten shorter: same sprite object, new frames, the
 * actor's frame clamped, its position and state kept. */
static void test_sprite_frames(void)
{
    write_sheet("walk.png", 4, 2, 0);
    write_sprite("walk.json", "walker", "walk.png", "[0, 1, 2, 3]");
    CHECK_OK(akgl_sprite_load_json(at("walk.json")));
    akgl_Sprite *spr = sprite_named("walker");
    akgl_Character *c = make_character("walker", 0);
    if (spr == NULL || c == NULL) {
        return;
    }
    CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE));
    akgl_Actor *a = actor_at_8("walker", "walker");
    step();
    a->curSpriteFrameId = 3;
    step();
    CHECK_DRAWN(10, 10, cell_colour(0, 3));

    write_sprite("walk.json", "walker", "walk.png", "[5, 6]");
    step();
    CHECK(sprite_named("walker") == spr); /* in place */
    CHECK_INT_EQ(spr->frames, 2);
    CHECK_INT_EQ(spr->frameids[1], 6);
    CHECK_INT_EQ(a->curSpriteFrameId, 1); /* clamped to the new last frame */
    CHECK(a->x == 8.0f && a->y == 8.0f);
    CHECK_INT_EQ(a->state, AKGL_ACTOR_STATE_ALIVE);
    CHECK_DRAWN(10, 10, cell_colour(0, 6));
    CHECK_DRAWN(30, 30, CLEAR);

    /* A longer one: the frame the actor is on is kept. */
    write_sprite("walk.json", "walker", "walk.png", "[7, 4, 2]");
    step();
    CHECK_INT_EQ(spr->frames, 3);
    CHECK_INT_EQ(a->curSpriteFrameId, 1);
    CHECK_DRAWN(10, 10, cell_colour(0, 4));

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
}

/* Bad edits keep the sprite as it was and are logged once per change. */
static void test_bad_edits_logged_once(void)
{
    int watched = 0, refused = 0;
    write_sheet("bad.png", 4, 2, 0);
    write_sprite("bad.json", "bad", "bad.png", "[2]");
    CHECK_OK(akgl_sprite_load_json(at("bad.json")));
    akgl_Sprite *spr = sprite_named("bad");
    akgl_Character *c = make_character("bad", 0);
    if (spr == NULL || c == NULL) {
        return;
    }
    CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE));
    akgl_Actor *a = actor_at_8("bad", "bad");
    int contexts = akerr_contexts_in_use();

    test_log_begin();
    write_text("bad.json", "{\"name\": \"bad\",\n  \"width\": }\n");
    for (int i = 0; i < 4; i++) {
        step();
    }
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "bad.json");
    CHECK_CONTAINS(test_log, "(the loaded sprite is kept)");
    CHECK_CONTAINS(test_log, "bad.json:2:12: AKERR_FORMAT: "); /* as akgl-check says it */
    CHECK_INT_EQ(spr->frames, 1);
    CHECK_INT_EQ(spr->frameids[0], 2);
    CHECK_DRAWN(10, 10, cell_colour(0, 2));
    CHECK_OK(akgl_reload_watched(&watched, &refused));
    CHECK_INT_EQ(refused, 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), contexts);

    /* Another bad edit is another change: said again, once. A frame off
     * the sheet is refused before it could fail a draw. */
    test_log_begin();
    write_sprite("bad.json", "bad", "bad.png", "[9]");
    step();
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "AKERR_OUTOFBOUNDS");
    CHECK_CONTAINS(test_log, "frame number 9");
    CHECK_INT_EQ(spr->frameids[0], 2);

    /* A renamed sprite is refused too: a reload keeps names. */
    test_log_begin();
    write_sprite("bad.json", "renamed", "bad.png", "[3]");
    step();
    test_log_end();
    CHECK_CONTAINS(test_log, "a reload keeps the name");
    CHECK(sprite_named("renamed") == NULL);
    CHECK_INT_EQ(spr->frameids[0], 2);

    /* Fixed: reloaded, and nothing is refused any more. */
    test_log_begin();
    write_sprite("bad.json", "bad", "bad.png", "[3]");
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 0);
    CHECK_INT_EQ(spr->frameids[0], 3);
    CHECK_DRAWN(10, 10, cell_colour(0, 3));
    CHECK_OK(akgl_reload_watched(&watched, &refused));
    CHECK_INT_EQ(refused, 0);
    CHECK_INT_EQ(akerr_contexts_in_use(), contexts);

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
}

/* The files are looked at once a period, not every frame. */
static void test_rate_limited(void)
{
    write_sheet("rate.png", 4, 2, 0);
    write_sprite("rate.json", "rate", "rate.png", "[1]");
    CHECK_OK(akgl_sprite_load_json(at("rate.json")));
    akgl_Sprite *spr = sprite_named("rate");
    if (spr == NULL) {
        return;
    }
    step(); /* a look: the period starts again here */
    write_sprite("rate.json", "rate", "rate.png", "[4]");
    advance_ms(PERIOD_MS - 1);
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(spr->frameids[0], 1); /* not yet */
    advance_ms(1);
    CHECK_OK(akgl_game_update(NULL));
    CHECK_INT_EQ(spr->frameids[0], 4);
    /* Paused game time does not stop the looks: the clock they go by is
     * the one game time runs on. */
    CHECK_OK(akgl_time_set_paused(true));
    write_sprite("rate.json", "rate", "rate.png", "[5]");
    step();
    CHECK_OK(akgl_time_set_paused(false));
    CHECK_INT_EQ(spr->frameids[0], 5);
    /* akgl_reload_check looks now, whatever the period. */
    write_sprite("rate.json", "rate", "rate.png", "[6]");
    int reloaded = -1, refused = -1;
    CHECK_OK(akgl_reload_check(&reloaded, &refused));
    CHECK_INT_EQ(reloaded, 1);
    CHECK_INT_EQ(refused, 0);
    CHECK_INT_EQ(spr->frameids[0], 6);
    CHECK_OK(akgl_reload_check(&reloaded, NULL));
    CHECK_INT_EQ(reloaded, 0); /* nothing changed since */
    CHECK_OK(akgl_heap_release_sprite(spr));
}

/* A sheet's image rewritten: the same sheet, a new texture, new pixels; one
 * whose cells no longer hold a sprite's frames is refused. */
static void test_sheet_pixels(void)
{
    write_sheet("tiles.png", 4, 2, 0);
    write_sprite("tile.json", "tile", "tiles.png", "[5]");
    CHECK_OK(akgl_sprite_load_json(at("tile.json")));
    akgl_Sprite *spr = sprite_named("tile");
    akgl_Character *c = make_character("tile", 0);
    if (spr == NULL || c == NULL) {
        return;
    }
    CHECK_OK(c->sprite_add(c, spr, AKGL_ACTOR_STATE_ALIVE));
    akgl_Actor *a = actor_at_8("tile", "tile");
    akgl_SpriteSheet *sheet = spr->sheet;
    step();
    CHECK_DRAWN(10, 10, cell_colour(0, 5));

    write_sheet("tiles.png", 4, 2, 1);
    step();
    CHECK(spr->sheet == sheet);
    CHECK_DRAWN(10, 10, cell_colour(1, 5));

    /* One row: cell 5 would lie off it. */
    test_log_begin();
    write_sheet("tiles.png", 4, 1, 2);
    step();
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "(the loaded sprite sheet is kept)");
    CHECK_CONTAINS(test_log, "sprite \"tile\"");
    CHECK_INT_EQ(sheet->texture_h, 2 * SIDE);
    CHECK_DRAWN(10, 10, cell_colour(1, 5));

    /* Bigger is fine: the frames are found where they were. */
    write_sheet("tiles.png", 4, 3, 2);
    step();
    CHECK_INT_EQ(sheet->texture_h, 3 * SIDE);
    CHECK_DRAWN(10, 10, cell_colour(2, 5));

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(spr));
}

/* A sprite file that moves to another sheet: the new one is loaded, the
 * old one given back when nothing else holds it. */
static void test_sprite_changes_sheet(void)
{
    int sheets = 0;
    write_sheet("one.png", 4, 2, 0);
    write_sheet("two.png", 4, 2, 1);
    write_sprite("mover.json", "mover", "one.png", "[0]");
    CHECK_OK(akgl_sprite_load_json(at("mover.json")));
    akgl_Sprite *spr = sprite_named("mover");
    if (spr == NULL) {
        return;
    }
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITESHEET, &sheets));
    int before = sheets;
    write_sprite("mover.json", "mover", "two.png", "[0]");
    step();
    CHECK_CONTAINS(spr->sheet->name, "two.png");
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITESHEET, &sheets));
    CHECK_INT_EQ(sheets, before); /* one.png went, two.png came */
    /* A sheet that is not there: refused, the sprite keeps two.png. */
    test_log_begin();
    write_sprite("mover.json", "mover", "three.png", "[0]");
    step();
    test_log_end();
    CHECK_CONTAINS(test_log, "ENOENT");
    CHECK_CONTAINS(spr->sheet->name, "two.png");
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITESHEET, &sheets));
    CHECK_INT_EQ(sheets, before);
    CHECK_OK(akgl_heap_release_sprite(spr));
}

/* A character file rewritten: its state -> sprite mapping changes, the
 * actors of it draw the new sprite, the old binding's reference goes. */
static void test_character_mapping(void)
{
    write_sheet("hero.png", 4, 2, 0);
    write_sprite("stand.json", "stand", "hero.png", "[1]");
    write_sprite("jump.json", "jump", "hero.png", "[7]");
    write_character("hero.json", "hero", "stand");
    CHECK_OK(akgl_sprite_load_json(at("stand.json")));
    CHECK_OK(akgl_sprite_load_json(at("jump.json")));
    CHECK_OK(akgl_character_load_json(at("hero.json")));
    akgl_Sprite *stand = sprite_named("stand"), *jump = sprite_named("jump");
    void *found = NULL;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", "hero", &found));
    akgl_Character *c = found;
    if (stand == NULL || jump == NULL || c == NULL) {
        return;
    }
    akgl_Actor *a = actor_at_8("hero", "hero");
    step();
    CHECK_DRAWN(10, 10, cell_colour(0, 1));
    int stand_refs = stand->refcount, jump_refs = jump->refcount;

    write_character("hero.json", "hero", "jump");
    step();
    akgl_Sprite *bound = NULL;
    CHECK_OK(akgl_character_sprite_get(c, AKGL_ACTOR_STATE_ALIVE, &bound));
    CHECK(bound == jump);
    CHECK_DRAWN(10, 10, cell_colour(0, 7));
    /* The binding's reference moved; the actor's moved with what it shows. */
    CHECK_INT_EQ(stand->refcount, stand_refs - 2);
    CHECK_INT_EQ(jump->refcount, jump_refs + 2);

    /* A sprite not loaded: refused, the mapping stays. */
    test_log_begin();
    write_character("hero.json", "hero", "fly");
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "(the loaded character is kept)");
    CHECK_CONTAINS(test_log, "\"fly\" is not loaded");
    CHECK_OK(akgl_character_sprite_get(c, AKGL_ACTOR_STATE_ALIVE, &bound));
    CHECK(bound == jump);
    CHECK_INT_EQ(jump->refcount, jump_refs + 2);
    CHECK_DRAWN(10, 10, cell_colour(0, 7));

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(stand));
    CHECK_OK(akgl_heap_release_sprite(jump));
}

/* A character with its sprites inline: they are reloaded in place too. */
static void test_character_inline_sprites(void)
{
    write_sheet("inline.png", 4, 2, 0);
#define BLOB_FORM \
        "{\"name\": \"blob\", \"speedtime\": 0, \"speed_x\": 1, \"speed_y\": 1," \
        " \"acceleration_x\": 1, \"acceleration_y\": 1, \"sprites\": [{\"spritesheet\":" \
        " {\"filename\": \"inline.png\", \"frame_width\": 16, \"frame_height\": 16}," \
        " \"name\": \"%s\", \"width\": 16, \"height\": 16, \"speed\": 0, \"loop\": true," \
        " \"loopReverse\": false, \"frames\": [%d]}], \"sprite_mappings\": [" \
        "{\"state\": [\"AKGL_ACTOR_STATE_ALIVE\"], \"sprite\": \"blob idle\"}]}"
    write_text("blob.json", BLOB_FORM, "blob idle", 2);
    CHECK_OK(akgl_character_load_json(at("blob.json")));
    akgl_Sprite *idle = sprite_named("blob idle");
    void *found = NULL;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", "blob", &found));
    akgl_Character *c = found;
    if (idle == NULL || c == NULL) {
        return;
    }
    akgl_Actor *a = actor_at_8("blob", "blob");
    step();
    CHECK_DRAWN(10, 10, cell_colour(0, 2));
    write_text("blob.json", BLOB_FORM, "blob idle", 6);
    step();
    CHECK(sprite_named("blob idle") == idle);
    CHECK_INT_EQ(idle->frameids[0], 6);
    CHECK_DRAWN(10, 10, cell_colour(0, 6));
    /* Renaming an inline sprite needs a restart. */
    test_log_begin();
    write_text("blob.json", BLOB_FORM, "blob rest", 3);
    step();
    test_log_end();
    CHECK_CONTAINS(test_log, "which character \"blob\" was not loaded with");
    CHECK(sprite_named("blob rest") == NULL);
    CHECK_INT_EQ(idle->frameids[0], 6);
    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
}

/* An image of akgl_image_load: the texture is replaced, the image kept. */
static void test_image(void)
{
    akgl_Image *img = NULL;
    int w = 0, h = 0;
    write_sheet("picture.png", 2, 1, 0);
    CHECK_OK(akgl_image_load(at("picture.png"), &img));
    if (img == NULL) {
        return;
    }
    CHECK_OK(akgl_image_size(img, &w, &h));
    CHECK_INT_EQ(w, 2 * SIDE);
    write_sheet("picture.png", 3, 2, 1);
    step();
    CHECK_OK(akgl_image_size(img, &w, &h));
    CHECK_INT_EQ(w, 3 * SIDE);
    CHECK_INT_EQ(h, 2 * SIDE);
    /* Not an image any more: refused, the old one kept. */
    test_log_begin();
    write_text("picture.png", "not a png");
    step();
    test_log_end();
    CHECK_CONTAINS(test_log, "(the loaded image is kept)");
    CHECK_OK(akgl_image_size(img, &w, &h));
    CHECK_INT_EQ(w, 3 * SIDE);
    CHECK_OK(akgl_heap_release_image(img));
}

/* A sound's file rewritten: the same sound, the new samples. */
static void test_sound(void)
{
    char tmp[PATH_MAX];
    float level = 0.25f;
    akgl_Sound *snd = NULL;
    fx_path(tmp, "beep.wav.new");
    CHECK(fx_write_wav(tmp, 1, 48000, 4800, fx_level, &level));
    replace("beep.wav");
    CHECK_OK(akgl_sound_load("beep", at("beep.wav"), 1.0f, false, &snd));
    if (snd == NULL) {
        return;
    }
    int64_t before = snd->frames;
    CHECK(before > 0);
    CHECK(fx_write_wav(tmp, 1, 48000, 9600, fx_level, &level));
    replace("beep.wav");
    step();
    akgl_Sound *got = NULL;
    CHECK_OK(akgl_sound_get("beep", &got));
    CHECK(got == snd);
    CHECK_MSG(snd->frames >= 2 * before - 2 && snd->frames <= 2 * before + 2,
              "%lld frames after the reload, %lld before", (long long)snd->frames,
              (long long)before);
    int64_t twice = snd->frames;
    /* A file cut short: refused, the samples kept. */
    test_log_begin();
    CHECK(fx_write_wav_raw(tmp, 3, 1, 48000, 9600, 100, fx_level, &level));
    replace("beep.wav");
    step();
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "(the loaded sound is kept)");
    CHECK(snd->frames == twice);
    CHECK_OK(akgl_heap_release_sound(snd));
}

/* A 4 x 4 map of 16-pixel tiles on maptiles.png (4 x 2 cells): tile `gid`
 * at (0, 0), and an object of type "mapguy" at (`ox`, 40). */
static void write_map(int gid, int ox)
{
    write_text("level.tmj",
               "{\"type\": \"map\", \"version\": \"1.10\", \"orientation\": \"orthogonal\","
               " \"renderorder\": \"right-down\", \"width\": 4, \"height\": 4,"
               " \"tilewidth\": 16, \"tileheight\": 16, \"infinite\": false,"
               " \"nextlayerid\": 3, \"nextobjectid\": 2,"
               " \"tilesets\": [{\"firstgid\": 1, \"name\": \"t\", \"image\": \"maptiles.png\","
               " \"imagewidth\": 64, \"imageheight\": 32, \"tilewidth\": 16, \"tileheight\": 16,"
               " \"tilecount\": 8, \"columns\": 4, \"margin\": 0, \"spacing\": 0}],"
               " \"layers\": [{\"type\": \"tilelayer\", \"id\": 1, \"name\": \"ground\","
               " \"x\": 0, \"y\": 0, \"width\": 4, \"height\": 4, \"opacity\": 1,"
               " \"visible\": true, \"data\": [%d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]},"
               " {\"type\": \"objectgroup\", \"id\": 2, \"name\": \"actors\","
               " \"draworder\": \"topdown\", \"opacity\": 1, \"visible\": true, \"x\": 0,"
               " \"y\": 0, \"objects\": [{\"id\": 1, \"name\": \"guard\", \"type\": \"mapguy\","
               " \"x\": %d, \"y\": 40, \"width\": 16, \"height\": 16, \"rotation\": 0,"
               " \"visible\": true}]}]}",
               gid, ox);
}

/* The actor a reference names, or NULL when it is gone. */
static akgl_Actor *resolve(akgl_ActorRef ref)
{
    akgl_Actor *a = NULL;
    akerr_ErrorContext *e = akgl_actor_from_ref(ref, &a);
    if (e != NULL) {
        e = akerr_release_error(e);
        return NULL;
    }
    return a;
}

/* A map rewritten under the game: its tiles change in place; the actor the
 * game spawned stays; the map's own actor stays, or (respawn) is spawned
 * again from the new object. */
static void map_case(bool respawn)
{
    akgl_Tilemap *map = NULL;
    int count = 0;
    write_sheet("maptiles.png", 4, 2, 0);
    write_sheet("guy.png", 4, 2, 1);
    write_sprite("guy.json", "guy", "guy.png", "[0]");
    write_map(2, 40);
    CHECK_OK(akgl_sprite_load_json(at("guy.json")));
    akgl_Sprite *guy = sprite_named("guy");
    akgl_Character *c = make_character("mapguy", 0);
    if (guy == NULL || c == NULL) {
        return;
    }
    CHECK_OK(c->sprite_add(c, guy, AKGL_ACTOR_STATE_ALIVE));
    CHECK_OK(akgl_tilemap_load_json(at("level.tmj"), &map));
    if (map == NULL) {
        return;
    }
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
    CHECK_INT_EQ(count, 1);
    akgl_Actor *mine = actor_at_8("mine", "mapguy"); /* the game's own */
    mine->x = 40.0f;
    mine->y = 8.0f;
    akgl_Actor *theirs = resolve(map->spawned[0]);
    CHECK(theirs != NULL);
    step();
    CHECK_DRAWN(2, 2, cell_colour(0, 1));

    write_map(4, 20);
    step();
    void *found = NULL;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_TILEMAP, "tilemap", map->path, &found));
    CHECK(found == map); /* in place */
    CHECK(game.tilemap == map);
    CHECK_DRAWN(2, 2, cell_colour(0, 3));
    CHECK(mine->refcount > 0);
    CHECK(mine->x == 40.0f);
    CHECK_INT_EQ(map->nspawned, 1);
    akgl_Actor *now = resolve(map->spawned[0]);
    CHECK(now != NULL);
    if (respawn) {
        CHECK(now != NULL && now->x == 20.0f); /* from the new object */
    } else {
        CHECK(now == theirs && now->x != 20.0f); /* kept where it was */
    }

    test_log_begin();
    write_text("level.tmj", "{\"type\": \"map\",\n \"width\": ]");
    step();
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "(the loaded map is kept)");
    CHECK_DRAWN(2, 2, cell_colour(0, 3));

    CHECK_OK(akgl_heap_release_actor(mine));
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK_OK(akgl_heap_release_tilemap(map)); /* and the actor it spawned with it */
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(guy));
}

static void test_map(void)
{
    map_case(false);
}

#define DEJAVU "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define DEJAVU_BOLD "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

/* Copies a whole file to fx_dir/<name>.new, then renames it over <name>. */
static void copy_over(const char *from, const char *name)
{
    char tmp[PATH_MAX], path[PATH_MAX];
    size_t size = 0;
    void *data = SDL_LoadFile(from, &size);
    if (data == NULL) {
        fx_die("SDL_LoadFile", from);
    }
    snprintf(tmp, sizeof(tmp), "%s.new", name);
    fx_path(path, tmp);
    if (!SDL_SaveFile(path, data, size)) {
        fx_die("SDL_SaveFile", path);
    }
    SDL_free(data);
    replace(name);
}

/* A font file replaced: the same akgl_Font, the new face's measures. */
static void test_font(void)
{
    akgl_Font *font = NULL;
    int w1 = 0, w2 = 0, h = 0;
    copy_over(DEJAVU, "face.ttf");
    CHECK_OK(akgl_font_load(at("face.ttf"), 24.0f, &font));
    if (font == NULL) {
        return;
    }
    CHECK_OK(akgl_text_measure(font, "Hello, reload", &w1, &h));
    copy_over(DEJAVU_BOLD, "face.ttf");
    step();
    CHECK_OK(akgl_text_measure(font, "Hello, reload", &w2, &h));
    CHECK_MSG(w2 > w1, "bold is %d pixels wide, regular %d", w2, w1);
    /* Not a font: refused, the bold face kept. */
    test_log_begin();
    write_text("face.ttf", "not a font at all");
    step();
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "(the loaded font is kept)");
    int w3 = 0;
    CHECK_OK(akgl_text_measure(font, "Hello, reload", &w3, &h));
    CHECK_INT_EQ(w3, w2);
    CHECK_OK(akgl_heap_release_font(font));
}

/* A file whose objects were all released is not reloaded (nothing to do). */
static void test_released_objects_are_left_alone(void)
{
    write_sheet("gone.png", 4, 2, 0);
    write_sprite("gone.json", "gone", "gone.png", "[0]");
    CHECK_OK(akgl_sprite_load_json(at("gone.json")));
    CHECK_OK(akgl_heap_release_sprite(sprite_named("gone")));
    write_sprite("gone.json", "gone", "gone.png", "[1]");
    write_sheet("gone.png", 4, 2, 1);
    int reloaded = -1, refused = -1;
    CHECK_OK(akgl_reload_check(&reloaded, &refused));
    CHECK_INT_EQ(reloaded, 0);
    CHECK_INT_EQ(refused, 0);
    CHECK(sprite_named("gone") == NULL);
}

/* The public functions' failure paths, and the configuration's. */
static void test_refusals(void)
{
    int n = 0;
    CHECK_STATUS(akgl_reload_watched(NULL, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_reload_watched(&n, NULL));
    CHECK(n > 0);
}


/* An Aseprite data file (json-array) on `sheet` (64x32: 4x2 SIDE cells):
 * frame k is cell cells[k], `ms` long; `tags` the "frameTags" list's inside. */
static void write_ase(const char *file, const char *sheet, const int *cells, int n, int ms,
                      const char *tags)
{
    char frames[1536];
    size_t used = 0;
    frames[0] = '\0';
    for (int k = 0; k < n; k++) {
        used += (size_t)snprintf(frames + used, sizeof(frames) - used,
                                 "%s{\"frame\": {\"x\": %d, \"y\": %d, \"w\": %d, \"h\": %d},"
                                 " \"sourceSize\": {\"w\": %d, \"h\": %d}, \"spriteSourceSize\":"
                                 " {\"x\": 0, \"y\": 0, \"w\": %d, \"h\": %d}, \"duration\": %d}",
                                 k > 0 ? ", " : "", (cells[k] % 4) * SIDE, (cells[k] / 4) * SIDE,
                                 SIDE, SIDE, SIDE, SIDE, SIDE, SIDE, ms);
        if (used >= sizeof(frames)) {
            fx_die("format", file);
        }
    }
    write_text(file,
               "{\"frames\": [%s],\n \"meta\": {\"image\": \"%s\","
               " \"size\": {\"w\": %d, \"h\": %d},"
               " \"frameTags\": [%s]}}\n",
               frames, sheet, 4 * SIDE, 2 * SIDE, tags);
}

#define ASE_TAG(name, from, to) \
    "{\"name\": \"" name "\", \"from\": " #from ", \"to\": " #to ", \"direction\": \"forward\"}"

/* An Aseprite file rewritten: each tag's sprite takes its new frames in
 * place (the actor's frame clamped), a new tag is registered, a tag gone
 * keeps its sprite as it was and is logged; a bad edit keeps everything. */
static void test_aseprite(void)
{
    int sprites = 0, sheets = 0, watched = 0, refused = 0, refused_before = 0;
    write_sheet("knight.png", 4, 2, 0);
    /* 4 s a frame: no frame ends within a step. */
    write_ase("knight.json", "knight.png", (const int[]){0, 1, 2, 3}, 4, 4000,
              ASE_TAG("idle", 0, 1) ", " ASE_TAG("run", 2, 3));
    CHECK_OK(akgl_sprite_load_aseprite(at("knight.json")));
    akgl_Sprite *idle = sprite_named("knight/idle");
    akgl_Sprite *run = sprite_named("knight/run");
    akgl_Character *c = make_character("knight", 0);
    if (idle == NULL || run == NULL || c == NULL) {
        return;
    }
    CHECK_OK(c->sprite_add(c, run, AKGL_ACTOR_STATE_ALIVE));
    akgl_Actor *a = actor_at_8("knight", "knight");
    step();
    a->curSpriteFrameId = 1;
    step();
    CHECK_DRAWN(10, 10, cell_colour(0, 3));
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITE, &sprites));
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITESHEET, &sheets));
    int contexts = akerr_contexts_in_use();
    int sheets_before = sheets;
    CHECK_OK(akgl_reload_watched(&watched, &refused_before));

    /* "run" one frame shorter on other cells, and a new tag "jump". */
    write_ase("knight.json", "knight.png", (const int[]){4, 5, 6}, 3, 40,
              ASE_TAG("idle", 0, 0) ", " ASE_TAG("run", 1, 1) ", " ASE_TAG("jump", 2, 2));
    step();
    CHECK(sprite_named("knight/run") == run); /* in place */
    CHECK_INT_EQ(run->frames, 1);
    CHECK_INT_EQ(run->frame_rect[0].x, 1 * SIDE);
    CHECK_INT_EQ(run->frame_rect[0].y, 1 * SIDE);
    CHECK(run->frame_ns[0] == 40u * AKGL_TIME_ONEMS_NS);
    CHECK_INT_EQ(a->curSpriteFrameId, 0); /* clamped */
    CHECK(a->x == 8.0f && a->y == 8.0f);
    CHECK_DRAWN(10, 10, cell_colour(0, 5));
    akgl_Sprite *jump = sprite_named("knight/jump");
    CHECK(jump != NULL);
    if (jump != NULL) {
        CHECK(jump->sheet == run->sheet);
        CHECK_INT_EQ(jump->frame_rect[0].x, 2 * SIDE);
    }
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITE, &sprites));
    int with_jump = sprites;

    /* "idle" gone: its sprite keeps its frames, said once. */
    test_log_begin();
    write_ase("knight.json", "knight.png", (const int[]){7, 6}, 2, 40,
              ASE_TAG("run", 0, 0) ", " ASE_TAG("jump", 1, 1));
    step();
    step();
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "sprite \"knight/idle\" has no tag in the file any more");
    CHECK(sprite_named("knight/idle") == idle);
    CHECK_INT_EQ(idle->frames, 1);
    CHECK_INT_EQ(idle->frame_rect[0].x, 0);
    CHECK_INT_EQ(idle->frame_rect[0].y, 1 * SIDE);
    CHECK_DRAWN(10, 10, cell_colour(0, 7));

    /* A bad edit: a tag past the last frame. Nothing changes, said once. */
    test_log_begin();
    write_ase("knight.json", "knight.png", (const int[]){1}, 1, 40,
              ASE_TAG("run", 0, 0) ", " ASE_TAG("jump", 0, 3));
    for (int i = 0; i < 3; i++) {
        step();
    }
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "\"to\" is 3; it must be 0..0");
    CHECK_CONTAINS(test_log, "(the loaded Aseprite animation is kept)");
    CHECK_INT_EQ(run->frame_rect[0].x, 3 * SIDE);
    CHECK_DRAWN(10, 10, cell_colour(0, 7));
    CHECK_OK(akgl_reload_watched(&watched, &refused));
    CHECK_INT_EQ(refused, refused_before + 1);

    /* A sheet that does not match "size", and a new tag with it: refused
     * before the new tag is registered; nothing stranded. */
    write_sheet("small.png", 2, 1, 1);
    test_log_begin();
    write_ase("knight.json", "small.png", (const int[]){0}, 1, 40,
              ASE_TAG("run", 0, 0) ", " ASE_TAG("fall", 0, 0));
    step();
    test_log_end();
    CHECK_CONTAINS(test_log, "the JSON is not this sheet's");
    CHECK(sprite_named("knight/fall") == NULL);
    CHECK(run->sheet->name != NULL && strstr(run->sheet->name, "knight.png") != NULL);
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITE, &sprites));
    CHECK_INT_EQ(sprites, with_jump);
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITESHEET, &sheets));
    CHECK_INT_EQ(sheets, sheets_before);
    CHECK_INT_EQ(akerr_contexts_in_use(), contexts);

    CHECK_OK(akgl_heap_release_actor(a));
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sprite(idle));
    CHECK_OK(akgl_heap_release_sprite(run));
    if (jump != NULL) {
        CHECK_OK(akgl_heap_release_sprite(jump));
    }
}


#define LDTK_DIR AKGL_TEST_ASSETS_DIR "/tilemaps/ldtk/"

/* Copies `from` to fx_dir/<name> as an editor saves it, with every `a`
 * replaced by `b` (and the tileset's relative path made absolute, so the
 * copy finds the fixture's image). */
static void copy_edited(const char *from, const char *name, const char *a, const char *b)
{
    static char out[32768];
    static const char rel[] = "../../tiles_32x32_8.png";
    static const char abs_png[] = AKGL_TEST_ASSETS_DIR "/tiles_32x32_8.png";
    char tmp[PATH_MAX], path[PATH_MAX];
    size_t size = 0, used = 0;
    char *data = SDL_LoadFile(from, &size);
    if (data == NULL) {
        fx_die("SDL_LoadFile", from);
    }
    for (const char *p = data; *p != '\0';) {
        const char *piece = p;
        size_t take = 1, skip = 1;
        if (strncmp(p, rel, strlen(rel)) == 0) {
            piece = abs_png;
            take = strlen(abs_png);
            skip = strlen(rel);
        } else if (a != NULL && strncmp(p, a, strlen(a)) == 0) {
            piece = b;
            take = strlen(b);
            skip = strlen(a);
        }
        if (used + take >= sizeof(out)) {
            fx_die("copy_edited: too long", from);
        }
        memcpy(out + used, piece, take);
        used += take;
        p += skip;
    }
    SDL_free(data);
    snprintf(tmp, sizeof(tmp), "%s.new", name);
    fx_path(path, tmp);
    if (!SDL_SaveFile(path, out, used)) {
        fx_die("SDL_SaveFile", path);
    }
    replace(name);
}

static const char *map_title(const akgl_Tilemap *map)
{
    return SDL_GetStringProperty(map->properties, "title", "");
}

/* An LDtk project, and a level saved apart in its .ldtkl: a change to
 * either rebuilds the level in place; a bad edit keeps it, said once. */
static void test_ldtk(void)
{
    akgl_Tilemap *map = NULL, *ext = NULL;
    int maps = 0, maps_after = 0;
    char dir[PATH_MAX];
    copy_edited(LDTK_DIR "world.ldtk", "w.ldtk", NULL, NULL);
    fx_path(dir, "world_ext");
    mkdir(dir, 0755);
    copy_edited(LDTK_DIR "world_ext.ldtk", "world_ext.ldtk", NULL, NULL);
    copy_edited(LDTK_DIR "world_ext/Level_0.ldtkl", "world_ext/Level_0.ldtkl", NULL, NULL);
    CHECK_OK(akgl_tilemap_load(at("w.ldtk"), &map));
    CHECK_OK(akgl_tilemap_load_ldtk(at("world_ext.ldtk"), "Level_0", NULL, &ext));
    if (map == NULL || ext == NULL) {
        return;
    }
    CHECK_STR_EQ(map_title(map), "first");
    CHECK_STR_EQ(map_title(ext), "first");
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_TILEMAP, &maps));
    int contexts = akerr_contexts_in_use();

    /* The project: its level's field changes, the map object stays. */
    copy_edited(LDTK_DIR "world.ldtk", "w.ldtk", "\"first\"", "\"again\"");
    step();
    CHECK_STR_EQ(map_title(map), "again");
    CHECK_STR_EQ(map_title(ext), "first");

    /* The level saved apart: a change to its .ldtkl reloads it. */
    copy_edited(LDTK_DIR "world_ext/Level_0.ldtkl", "world_ext/Level_0.ldtkl", "\"first\"",
                "\"apart\"");
    step();
    CHECK_STR_EQ(map_title(ext), "apart");
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_TILEMAP, &maps_after));
    CHECK_INT_EQ(maps_after, maps);

    /* A bad edit of the .ldtkl: the level is kept, said once. */
    test_log_begin();
    write_text("world_ext/Level_0.ldtkl",
               "{\"identifier\": \"Level_0\",\n \"layerInstances\": 3}\n");
    for (int i = 0; i < 3; i++) {
        step();
    }
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "Level_0.ldtkl");
    CHECK_CONTAINS(test_log, "(the loaded map is kept)");
    CHECK_STR_EQ(map_title(ext), "apart");
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_TILEMAP, &maps_after));
    CHECK_INT_EQ(maps_after, maps);
    CHECK_INT_EQ(akerr_contexts_in_use(), contexts);

    CHECK_OK(akgl_heap_release_tilemap(ext));
    CHECK_OK(akgl_heap_release_tilemap(map));
}


/* An external tileset file: 4 x 2 cells of 16 pixels on `image`. */
static void write_tsj(const char *image)
{
    write_text("tiles.tsj",
               "{\"type\": \"tileset\", \"version\": \"1.10\", \"name\": \"t\", \"image\": \"%s\","
               " \"imagewidth\": 64, \"imageheight\": 32, \"tilewidth\": 16, \"tileheight\": 16,"
               " \"tilecount\": 8, \"columns\": 4, \"margin\": 0, \"spacing\": 0}",
               image);
}

/* A Tiled map's external tileset rewritten: the map that names it is
 * rebuilt in place with the new tileset; a bad edit keeps it, said once. */
static void test_tileset(void)
{
    akgl_Tilemap *map = NULL;
    int maps = 0, sheets = 0, now = 0;
    write_sheet("tsa.png", 4, 2, 0);
    write_sheet("tsb.png", 4, 2, 1);
    write_tsj("tsa.png");
    write_text("tsmap.tmj",
               "{\"type\": \"map\", \"version\": \"1.10\", \"orientation\": \"orthogonal\","
               " \"renderorder\": \"right-down\", \"width\": 4, \"height\": 4,"
               " \"tilewidth\": 16, \"tileheight\": 16, \"infinite\": false,"
               " \"nextlayerid\": 2, \"nextobjectid\": 1,"
               " \"tilesets\": [{\"firstgid\": 1, \"source\": \"tiles.tsj\"}],"
               " \"layers\": [{\"type\": \"tilelayer\", \"id\": 1, \"name\": \"ground\","
               " \"x\": 0, \"y\": 0, \"width\": 4, \"height\": 4, \"opacity\": 1,"
               " \"visible\": true, \"data\": [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}]}");
    CHECK_OK(akgl_tilemap_load_json(at("tsmap.tmj"), &map));
    if (map == NULL) {
        return;
    }
    CHECK_OK(akgl_game_set_tilemap(map));
    step();
    CHECK_DRAWN(2, 2, cell_colour(0, 1));
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_TILEMAP, &maps));
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITESHEET, &sheets));
    int contexts = akerr_contexts_in_use();

    write_tsj("tsb.png");
    step();
    void *found = NULL;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_TILEMAP, "tilemap", map->path, &found));
    CHECK(found == map); /* in place */
    CHECK(game.tilemap == map);
    CHECK_DRAWN(2, 2, cell_colour(1, 1));
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_TILEMAP, &now));
    CHECK_INT_EQ(now, maps);
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SPRITESHEET, &now));
    CHECK_INT_EQ(now, sheets); /* tsa.png went, tsb.png came */

    test_log_begin();
    write_text("tiles.tsj", "{\"type\": \"tileset\",\n \"image\": 7}");
    for (int i = 0; i < 3; i++) {
        step();
    }
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "tiles.tsj");
    CHECK_CONTAINS(test_log, "(the loaded tileset is kept)");
    CHECK_DRAWN(2, 2, cell_colour(1, 1));
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_TILEMAP, &now));
    CHECK_INT_EQ(now, maps);
    CHECK_INT_EQ(akerr_contexts_in_use(), contexts);

    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK_OK(akgl_heap_release_tilemap(map));
}


/* A sound bank rewritten: its sound takes the new volume, loop flag and
 * file in place, a new entry is loaded; a bad edit keeps it, said once. */
static void test_sound_bank(void)
{
    char tmp[PATH_MAX];
    float level = 0.25f;
    int sounds = 0, now = 0;
    akgl_Sound *b1 = NULL, *b3 = NULL;
    fx_path(tmp, "bank1.wav.new");
    CHECK(fx_write_wav(tmp, 1, 48000, 4800, fx_level, &level));
    replace("bank1.wav");
    fx_path(tmp, "bank2.wav.new");
    CHECK(fx_write_wav(tmp, 1, 48000, 9600, fx_level, &level));
    replace("bank2.wav");
    write_text("bank.json", "{\"sounds\": [{\"name\": \"b1\", \"file\": \"%s\", \"volume\": 0.5}]}",
               at("bank1.wav"));
    CHECK_OK(akgl_sound_load_json(at("bank.json")));
    CHECK_OK(akgl_sound_get("b1", &b1));
    if (b1 == NULL) {
        return;
    }
    int64_t before = b1->frames;
    CHECK(b1->volume == 0.5f && !b1->loop);
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SOUND, &sounds));
    int contexts = akerr_contexts_in_use();

    write_text("bank.json",
               "{\"sounds\": [{\"name\": \"b1\", \"file\": \"%s\", \"volume\": 0.75,"
               " \"loop\": true},"
               " {\"name\": \"b3\", \"file\": \"%s\"}]}",
               at("bank2.wav"), at("bank1.wav"));
    step();
    akgl_Sound *got = NULL;
    CHECK_OK(akgl_sound_get("b1", &got));
    CHECK(got == b1); /* in place */
    CHECK(b1->volume == 0.75f && b1->loop);
    CHECK_CONTAINS(b1->path, "bank2.wav");
    CHECK_MSG(b1->frames >= 2 * before - 2 && b1->frames <= 2 * before + 2,
              "%lld frames after the reload, %lld before", (long long)b1->frames,
              (long long)before);
    CHECK_OK(akgl_sound_get("b3", &b3));
    CHECK(b3 != NULL && b3->frames == before);
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SOUND, &now));
    CHECK_INT_EQ(now, sounds + 1);

    /* A bad volume, and a new entry before it: nothing changes, said once. */
    test_log_begin();
    write_text("bank.json",
               "{\"sounds\": [{\"name\": \"b4\", \"file\": \"%s\"},"
               " {\"name\": \"b1\", \"file\": \"%s\", \"volume\": 9}]}",
               at("bank1.wav"), at("bank2.wav"));
    for (int i = 0; i < 3; i++) {
        step();
    }
    test_log_end();
    CHECK_INT_EQ(occurrences(test_log, "hot reload"), 1);
    CHECK_CONTAINS(test_log, "\"sounds\"[1]");
    CHECK_CONTAINS(test_log, "volume 9 is not in 0..");
    CHECK_CONTAINS(test_log, "(the loaded sound bank is kept)");
    CHECK(b1->volume == 0.75f);
    void *b4 = NULL;
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_SOUND, "sound", "b4", &b4));
    CHECK(b4 == NULL); /* loaded, then given back */
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_SOUND, &now));
    CHECK_INT_EQ(now, sounds + 1);
    CHECK_INT_EQ(akerr_contexts_in_use(), contexts);

    CHECK_OK(akgl_heap_release_sound(b1));
    if (b3 != NULL) {
        CHECK_OK(akgl_heap_release_sound(b3));
    }
}

static akgl_GameConfig reload_config(void)
{
    akgl_GameConfig cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.hot_reload = true;
    cfg.hot_reload_period_ms = PERIOD_MS;
    return cfg;
}

/* Run last: restarts the game without hot reload, and with bad settings. */
static void test_off_and_bad_config(void)
{
    int n = 0;
    scene_close(&scene);
    CHECK_OK(akgl_game_quit());
    CHECK_OK(akgl_game_init());
    CHECK_STATUS_MSG(akgl_reload_check(NULL, NULL), AKERR_BEHAVIOR, "hot reload is off");
    CHECK_STATUS_MSG(akgl_reload_watched(&n, NULL), AKERR_BEHAVIOR, "hot reload is off");
    CHECK_OK(akgl_game_quit());

    akgl_GameConfig cfg = reload_config();
    cfg.hot_reload_files = -1;
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE, "hot_reload_files is -1");
    cfg = reload_config();
    cfg.hot_reload_period_ms = AKGL_RELOAD_MAX_PERIOD_MS + 1;
    CHECK_STATUS_MSG(akgl_game_init_with_config(&cfg), AKERR_VALUE, "hot_reload_period_ms is 60001");
    /* Nothing was left started: a good config starts. */
    /* A map reloaded with hot_reload_respawn spawns its objects again. */
    cfg = reload_config();
    cfg.hot_reload_respawn = true;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&scene, W, H)) {
        scene_capture(&scene.r);
        map_case(true);
        scene_close(&scene);
    }
    CHECK_OK(akgl_game_quit());
    cfg = reload_config();
    cfg.hot_reload_files = 1;
    CHECK_OK(akgl_game_init_with_config(&cfg));
    /* One file fits; the second is not watched, said once. */
    CHECK_OK(akgl_time_use_manual(true));
    if (scene_open_bound(&scene, W, H)) {
        write_sheet("full.png", 4, 2, 0);
        write_sprite("full.json", "full", "full.png", "[0]");
        test_log_begin();
        CHECK_OK(akgl_sprite_load_json(at("full.json")));
        test_log_end();
        CHECK_INT_EQ(occurrences(test_log, "is not watched"), 1);
        CHECK_CONTAINS(test_log, "hot_reload_files");
        CHECK_OK(akgl_reload_watched(&n, NULL));
        CHECK_INT_EQ(n, 1);
        CHECK_OK(akgl_heap_release_sprite(sprite_named("full")));
    }
}

int main(void)
{
    fx_setup();
    AKGL_TEST_BEGIN();
    /* The game again, with hot reload on. */
    akgl_test_stop_game();
    akgl_GameConfig cfg = reload_config();
    akerr_ErrorContext *e = akgl_game_init_with_config(&cfg);
    if (e != NULL) {
        fprintf(stderr, "akgl_game_init_with_config: %s\n", e->message);
        return 1;
    }
    e = akgl_time_use_manual(true);
    if (e != NULL || !scene_open_bound(&scene, W, H)) {
        fprintf(stderr, "cannot set the scene up\n");
        return 1;
    }
    scene_capture(&scene.r);
    RUN_TEST(test_sprite_frames);
    RUN_TEST(test_bad_edits_logged_once);
    RUN_TEST(test_rate_limited);
    RUN_TEST(test_sheet_pixels);
    RUN_TEST(test_sprite_changes_sheet);
    RUN_TEST(test_character_mapping);
    RUN_TEST(test_character_inline_sprites);
    RUN_TEST(test_image);
    RUN_TEST(test_sound);
    RUN_TEST(test_map);
    RUN_TEST(test_font);
    RUN_TEST(test_released_objects_are_left_alone);
    RUN_TEST(test_aseprite);
    RUN_TEST(test_ldtk);
    RUN_TEST(test_tileset);
    RUN_TEST(test_sound_bank);
    RUN_TEST(test_refusals);
    RUN_TEST(test_off_and_bad_config);
    scene_capture_done();
    scene_close(&scene);
    int status = AKGL_TEST_END();
    fx_teardown();
    return status;
}
