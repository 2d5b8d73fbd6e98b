/*
 * akgl_sprite_load_aseprite: the fixtures of tests/assets/aseprite/ (written
 * by tools/mkaseprite.c): json-array and json-hash frames, each tag
 * direction, play-once, the "hitbox" slice, trimmed frames drawn where the
 * untrimmed frame would be (read back in pixels, plain and flipped), the
 * per-frame durations as the animation plays them, and the bad-input table:
 * each refusal with its status, the file and its message, and every pool,
 * registry, error context and texture back where it was.
 */
#define _XOPEN_SOURCE 700

#include "sprite_fixture.h"

#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/limits.h>
#include <akgl/state.h>
#include <akgl/time.h>

#define ASE AKGL_TEST_ASSETS_DIR "/aseprite"
#define BAD(name) ASE "/bad/" name ".json"
#define MS(n) ((uint64_t)(n) * 1000000u)

static void expect_refused(const char *path, int status, const char *needle1,
                           const char *needle2)
{
    sf_expect_refused(akgl_sprite_load_aseprite, path, status, needle1, needle2);
}

static void load_ok(const char *path)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int got = test_status_of_(akgl_sprite_load_aseprite(path), msg);
    CHECK_MSG(got == 0, "%s: status %d (%s)", path, got, msg);
}

static void release(const char *name)
{
    akgl_Sprite *s = sf_sprite(name);
    CHECK_MSG(s != NULL, "sprite \"%s\" is not registered", name);
    if (s != NULL) {
        CHECK_OK(akgl_heap_release_sprite(s));
    }
}

static void check_rect(const akgl_Sprite *s, int k, int x, int y, int w, int h)
{
    const SDL_Rect *r = &s->frame_rect[k];
    CHECK_MSG(r->x == x && r->y == y && r->w == w && r->h == h,
              "%s entry %d: rect %dx%d at %d,%d, expected %dx%d at %d,%d", s->name, k, r->w,
              r->h, r->x, r->y, w, h, x, y);
}

/* ------------------------------------------------------------------------ */

static void test_bad_table(void)
{
    expect_refused(BAD("rotated"), AKERR_VALUE, "\"frames\"[1]", "\"rotated\" is true");
    expect_refused(BAD("frame_off_sheet"), AKERR_OUTOFBOUNDS, "\"frames\"[1]",
                   "16x16 at 56,0 lies off the 64x64 sheet");
    expect_refused(BAD("duration_0"), AKERR_OUTOFBOUNDS, "\"frames\"[1]",
                   "\"duration\" is 0 ms; it must be 1..4294");
    expect_refused(BAD("source_size_differs"), AKERR_VALUE, "\"sourceSize\" is 17x16",
                   "every frame of one file must have one size");
    expect_refused(BAD("trim_outside"), AKERR_VALUE, "\"spriteSourceSize\" 8x16 at 9,0",
                   "does not fit");
    expect_refused(BAD("direction_unknown"), AKERR_VALUE, "\"frameTags\"[0]",
                   "\"direction\" is \"sideways\"");
    expect_refused(BAD("from_after_to"), AKERR_VALUE, "\"from\" is 1, after \"to\" (0)", NULL);
    expect_refused(BAD("to_past_frames"), AKERR_OUTOFBOUNDS, "\"to\" is 2; it must be 0..1",
                   NULL);
    expect_refused(BAD("tag_17_frames"), AKERR_OUTOFBOUNDS, "tag \"walk\" has 17 frames",
                   "at most 16");
    expect_refused(BAD("tag_twice"), AKERR_REGISTRY, "\"frameTags\"[1]",
                   "tag \"walk\" is there already");
    expect_refused(BAD("repeat_not_a_count"), AKERR_VALUE, "\"repeat\" is \"twice\"", NULL);
    expect_refused(BAD("image_missing"), ENOENT, "no_such_sheet.png", NULL);
    expect_refused(BAD("size_not_the_image"), AKERR_VALUE, "\"size\" is 48x48",
                   "is 64x64");
    expect_refused(BAD("hitbox_outside"), AKERR_OUTOFBOUNDS, "\"slices\"[0]",
                   "lies outside the 16x16 frame");
    expect_refused(BAD("too_many_frames"), AKERR_OUTOFBOUNDS, "257 frames", "the limit is 256");
    expect_refused(BAD("no_tags_17_frames"), AKERR_OUTOFBOUNDS, "17 frames and no tags", NULL);
    expect_refused(BAD("frames_a_string"), AKERR_TYPE, "\"frames\" must be an array", NULL);
    expect_refused(BAD("frames_empty"), AKERR_VALUE, "\"frames\" is empty", NULL);
    expect_refused(BAD("no_meta"), AKERR_KEY, "\"meta\"", NULL);
    expect_refused(BAD("no_duration"), AKERR_KEY, "\"duration\"", NULL);
    expect_refused(ASE "/no_such_file.json", ENOENT, NULL, NULL);
    CHECK_STATUS(akgl_sprite_load_aseprite(NULL), AKERR_NULLPOINTER);
}

static void test_array_tags_directions_and_hitbox(void)
{
    SfCounts start = sf_counts_now();
    load_ok(ASE "/hero.json");
    akgl_Sprite *walk = sf_sprite("hero/walk");
    akgl_Sprite *back = sf_sprite("hero/back");
    akgl_Sprite *bob = sf_sprite("hero/bob");
    akgl_Sprite *once = sf_sprite("hero/once");
    CHECK(walk != NULL && back != NULL && bob != NULL && once != NULL);
    if (walk == NULL || back == NULL || bob == NULL || once == NULL) {
        return;
    }
    /* One sheet, one reference per sprite: the loader keeps none. */
    CHECK(walk->sheet == back->sheet && walk->sheet == bob->sheet && walk->sheet == once->sheet);
    CHECK_INT_EQ(walk->sheet->refcount, 4);
    CHECK_INT_EQ(walk->width, 16);
    CHECK_INT_EQ(walk->height, 16);
    CHECK_INT_EQ(walk->frames, 3);
    CHECK(walk->frame_rects && walk->frame_times && !walk->frame_trimmed);
    CHECK_INT_EQ((int)walk->speed, 0);
    CHECK(walk->loop && !walk->loopReverse);
    CHECK(walk->frame_ns[0] == MS(100) && walk->frame_ns[1] == MS(200) &&
          walk->frame_ns[2] == MS(300));
    check_rect(walk, 0, 0, 0, 16, 16);
    check_rect(walk, 2, 32, 0, 16, 16);
    /* reverse: the playlist backwards, times with their frames */
    check_rect(back, 0, 32, 0, 16, 16);
    check_rect(back, 2, 0, 0, 16, 16);
    CHECK(back->frame_ns[0] == MS(300) && back->loop && !back->loopReverse);
    CHECK(bob->loop && bob->loopReverse);
    check_rect(bob, 1, 0, 16, 16, 16);
    CHECK(!once->loop); /* "repeat": "1" */
    CHECK_INT_EQ(once->frames, 2);
    /* The hitbox slice's key at each tag's first frame; "pivot" ignored. */
    CHECK(walk->hitbox.x == 2.0f && walk->hitbox.y == 3.0f && walk->hitbox.w == 10.0f &&
          walk->hitbox.h == 12.0f);
    CHECK(bob->hitbox.x == 4.0f && bob->hitbox.w == 8.0f);
    /* Source rectangles come from the frame rectangles. */
    SDL_FRect src;
    CHECK_OK(akgl_spritesheet_coords_for_frame(bob, 2, &src));
    CHECK(src.x == 16.0f && src.y == 16.0f && src.w == 16.0f && src.h == 16.0f);
    CHECK_STATUS(akgl_spritesheet_coords_for_frame(bob, 3, &src), AKERR_OUTOFBOUNDS);
    /* A rectangle moved off the sheet is refused when drawn, not read out. */
    walk->frame_rect[1].x = 60;
    CHECK_STATUS(akgl_spritesheet_coords_for_frame(walk, 1, &src), AKERR_OUTOFBOUNDS);
    walk->frame_rect[1].x = 16;
    /* Loaded again: every name is taken, nothing more is claimed. */
    expect_refused(ASE "/hero.json", AKERR_REGISTRY, "hero/walk", NULL);
    release("hero/walk");
    release("hero/back");
    release("hero/bob");
    release("hero/once");
    SF_CHECK_COUNTS_UNCHANGED(start, "hero.json loaded and released");
}

static void test_hash_and_pingpong_reverse(void)
{
    SfCounts start = sf_counts_now();
    load_ok(ASE "/runner.json");
    akgl_Sprite *run = sf_sprite("runner/run");
    CHECK(run != NULL);
    if (run != NULL) {
        CHECK_INT_EQ(run->frames, 4);
        CHECK(run->loop && run->loopReverse);
        check_rect(run, 0, 16, 32, 16, 16); /* cell 9: the hash's last frame first */
        check_rect(run, 3, 32, 16, 16, 16); /* cell 6 */
        CHECK(run->frame_ns[0] == MS(40) && run->frame_ns[3] == MS(10));
        CHECK(run->hitbox.w == 0.0f);
    }
    release("runner/run");
    load_ok(ASE "/notags.json");
    akgl_Sprite *all = sf_sprite("notags");
    CHECK(all != NULL);
    if (all != NULL) {
        CHECK_INT_EQ(all->frames, 3);
        check_rect(all, 0, 32, 32, 16, 16); /* cell 10 */
    }
    release("notags");
    SF_CHECK_COUNTS_UNCHANGED(start, "runner.json and notags.json");
}

/* The frame shown after each step of `ms`, from a fresh actor. */
static void play(akgl_Sprite *s, const int *steps, const int *frames, int n)
{
    akgl_Actor a;
    memset(&a, 0, sizeof(a));
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_actor_advance_frame(&a, s, MS(steps[i])));
        CHECK_MSG(a.curSpriteFrameId == frames[i], "%s step %d (+%d ms): frame %d, expected %d",
                  s->name, i, steps[i], a.curSpriteFrameId, frames[i]);
    }
}

static void test_per_frame_durations(void)
{
    SfCounts start = sf_counts_now();
    load_ok(ASE "/hero.json");
    akgl_Sprite *walk = sf_sprite("hero/walk");
    akgl_Sprite *bob = sf_sprite("hero/bob");
    akgl_Sprite *once = sf_sprite("hero/once");
    if (walk != NULL && bob != NULL && once != NULL) {
        /* 100, 200, 300 ms; looping */
        const int ws[] = {99, 1, 199, 1, 299, 1, 100, 600 * 1000 + 200, 0};
        const int wf[] = {0, 1, 1, 2, 2, 0, 1, 2, 2};
        play(walk, ws, wf, 9);
        /* 40, 50, 60 ms ping-pong: 0 1 2 1 0 1 ...; 200 ms a cycle */
        const int bs[] = {40, 50, 60, 50, 40, 200, 200 * 7 + 50};
        const int bf[] = {1, 2, 1, 0, 1, 1, 2};
        play(bob, bs, bf, 7);
        /* 40, 50 ms, once: holds the last frame */
        const int os[] = {39, 1, 49, 1, 1000, 2000000000};
        const int of[] = {0, 1, 1, 1, 1, 1};
        play(once, os, of, 6);
        /* A uniform sprite is untouched by it: speed, not frame_ns. */
        CHECK(!sf_sprite("hero/walk")->frame_trimmed);
    }
    release("hero/walk");
    release("hero/back");
    release("hero/bob");
    release("hero/once");
    SF_CHECK_COUNTS_UNCHANGED(start, "durations");
}

/* The same through akgl_actor_update on the manual clock: an actor of a
 * character whose state maps to a tag plays that tag's own frame times
 * (the frame path's inline advance hands such a sprite to the timed one). */
static void test_actor_update_plays_the_durations(void)
{
    SfCounts start = sf_counts_now();
    load_ok(ASE "/hero.json");
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int got = test_status_of_(akgl_character_load_json(ASE "/knight.json"), msg);
    CHECK_MSG(got == 0, "knight.json: status %d (%s)", got, msg);
    akgl_Actor *a = NULL;
    CHECK_OK(akgl_time_use_manual(true));
    CHECK_OK(akgl_actor_spawn("bobber", "knight", 0.0f, 0.0f, &a));
    if (a != NULL) {
        a->state = AKGL_ACTOR_STATE_ALIVE; /* "tag": "bob": 40, 50, 60 ms, ping-pong */
        CHECK_OK(akgl_actor_update(a));   /* the first update counts no time */
        const int ms[] = {39, 1, 49, 1, 59, 1, 49, 1, 39, 1, 16, 16, 16, 2, 200 * 5};
        const int want[] = {0, 1, 1, 2, 2, 1, 1, 0, 0, 1, 1, 1, 1, 2, 2};
        for (int i = 0; i < (int)(sizeof(ms) / sizeof(ms[0])); i++) {
            CHECK_OK(akgl_time_advance(MS(ms[i])));
            CHECK_OK(akgl_actor_update(a));
            CHECK_MSG(a->curSpriteFrameId == want[i], "step %d (+%d ms): frame %d, expected %d",
                      i, ms[i], a->curSpriteFrameId, want[i]);
        }
        CHECK_OK(akgl_heap_release_actor(a));
    }
    CHECK_OK(akgl_time_use_manual(false));
    akgl_Character *knight = sf_character("knight");
    if (knight != NULL) {
        CHECK_OK(akgl_heap_release_character(knight));
    }
    release("hero/walk");
    release("hero/back");
    release("hero/bob");
    release("hero/once");
    SF_CHECK_COUNTS_UNCHANGED(start, "an actor playing hero/bob");
}

static void clear(void)
{
    CHECK(SDL_SetRenderDrawColor(sf_canvas.sdl, 0, 0, 0, 255));
    CHECK(SDL_RenderClear(sf_canvas.sdl));
}

static void test_trimmed_frames_drawn_in_place(void)
{
    SfCounts start = sf_counts_now();
    load_ok(ASE "/trimmed.json");
    akgl_Sprite *pop = sf_sprite("trimmed/pop");
    akgl_Sprite *idle = sf_sprite("trimmed/idle");
    CHECK(pop != NULL && idle != NULL);
    if (pop != NULL && idle != NULL) {
        CHECK(pop->frame_trimmed && !idle->frame_trimmed);
        CHECK_INT_EQ(pop->width, 16);
        SDL_Renderer *r = sf_canvas.sdl;
        akgl_Renderer *b = &sf_canvas.backend;
        /* tests/assets/README.md: cell 1 is filled 96, 32, 160. */
        SDL_Color fill = {96, 32, 160, 255}, mark = sf_marker(1, 16);
        /* Plain: cell 1's top-left 8 x 8 at 5, 6 of the frame at 20, 30. */
        clear();
        CHECK_OK(b->draw_sprite(b, pop, 0, 20.0f, 30.0f, SDL_FLIP_NONE));
        CHECK_PIXEL(r, 25, 36, mark.r, mark.g, mark.b);
        CHECK_PIXEL(r, 26, 37, fill.r, fill.g, fill.b);
        CHECK_PIXEL(r, 32, 43, fill.r, fill.g, fill.b);
        CHECK_PIXEL(r, 24, 36, 0, 0, 0);
        CHECK_PIXEL(r, 25, 35, 0, 0, 0);
        CHECK_PIXEL(r, 33, 43, 0, 0, 0);
        /* Flipped: mirrored in the 16-wide frame, to 3..10; the marker
         * column lands on its right edge. */
        akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;
        p.flip = SDL_FLIP_HORIZONTAL;
        clear();
        CHECK_OK(b->draw_sprite_ex(b, pop, 0, 20.0f, 30.0f, &p));
        CHECK_PIXEL(r, 30, 36, mark.r, mark.g, mark.b);
        CHECK_PIXEL(r, 23, 37, fill.r, fill.g, fill.b);
        CHECK_PIXEL(r, 22, 37, 0, 0, 0);
        CHECK_PIXEL(r, 31, 37, 0, 0, 0);
        /* Scaled 2x about the frame's top-left: the trim scales with it. */
        p = AKGL_DRAW_PARAMS_DEFAULT;
        p.scale_x = 2.0f;
        p.scale_y = 2.0f;
        p.pivot_x = 0.0f;
        p.pivot_y = 0.0f;
        clear();
        CHECK_OK(b->draw_sprite_ex(b, pop, 0, 20.0f, 30.0f, &p));
        CHECK_PIXEL(r, 30, 42, mark.r, mark.g, mark.b);
        CHECK_PIXEL(r, 31, 43, mark.r, mark.g, mark.b);
        CHECK_PIXEL(r, 32, 44, fill.r, fill.g, fill.b);
        CHECK_PIXEL(r, 29, 42, 0, 0, 0);
        CHECK_PIXEL(r, 45, 57, fill.r, fill.g, fill.b);
        CHECK_PIXEL(r, 46, 58, 0, 0, 0);
        /* The untrimmed frame of the same file draws whole, as ever. */
        clear();
        CHECK_OK(b->draw_sprite(b, idle, 0, 0.0f, 0.0f, SDL_FLIP_NONE));
        SDL_Color m0 = sf_marker(0, 16), f0 = {32, 32, 160, 255};
        CHECK_PIXEL(r, 0, 0, m0.r, m0.g, m0.b);
        CHECK_PIXEL(r, 15, 15, f0.r, f0.g, f0.b);
    }
    release("trimmed/pop");
    release("trimmed/idle");
    SF_CHECK_COUNTS_UNCHANGED(start, "trimmed.json");
}

static void expect_character_refused(const char *path, int status, const char *needle)
{
    sf_expect_refused(akgl_character_load_json, path, status, needle, NULL);
}

static void test_character_maps_states_to_tags(void)
{
    SfCounts start = sf_counts_now();
    load_ok(ASE "/hero.json");
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int got = test_status_of_(akgl_character_load_json(ASE "/knight.json"), msg);
    CHECK_MSG(got == 0, "knight.json: status %d (%s)", got, msg);
    akgl_Character *knight = sf_character("knight");
    CHECK(knight != NULL);
    if (knight != NULL) {
        akgl_Sprite *s = NULL;
        CHECK_OK(akgl_character_sprite_get(knight, AKGL_ACTOR_STATE_ALIVE, &s));
        CHECK(s == sf_sprite("hero/bob"));
        CHECK_OK(akgl_character_sprite_get(
            knight, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_LEFT, &s));
        CHECK(s == sf_sprite("hero/walk"));
        CHECK_OK(akgl_heap_release_character(knight));
    }
    expect_character_refused(BAD("knight_tag_without_aseprite"), AKERR_KEY,
                             "\"tag\" is \"bob\" but the character has no \"aseprite\" key");
    expect_character_refused(BAD("knight_tag_and_sprite"), AKERR_VALUE,
                             "either \"sprite\" or \"tag\", not both");
    expect_character_refused(BAD("knight_tag_not_loaded"), AKERR_NULLPOINTER,
                             "sprite \"hero/fly\" is not loaded");
    expect_character_refused(BAD("knight_aseprite_number"), AKERR_TYPE,
                             "\"aseprite\" must be a string");
    release("hero/walk");
    release("hero/back");
    release("hero/bob");
    release("hero/once");
    SF_CHECK_COUNTS_UNCHANGED(start, "knight.json");
}

static void *held[AKGL_MAX_HEAP_SPRITE];

static void test_half_loaded_file_released(void)
{
    /* Two sprite slots left: hero's third tag cannot get one; the two made
     * and the sheet go again, and nothing stays registered. */
    int n = 0;
    int free_slots = AKGL_MAX_HEAP_SPRITE - akgl_test_layer_count_(AKGL_HEAP_SPRITE);
    for (; n < free_slots - 2; n++) {
        CHECK_OK(akgl_heap_next_sprite((akgl_Sprite **)&held[n]));
    }
    expect_refused(ASE "/hero.json", AKGL_ERR_HEAP, "Unable to find unused sprite", NULL);
    CHECK(sf_sprite("hero/walk") == NULL && sf_sprite("hero/back") == NULL);
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_sprite(held[i]));
    }
    /* No renderer: the sheet cannot be loaded. */
    sf_unbind_renderer();
    expect_refused(ASE "/hero.json", AKERR_BEHAVIOR, NULL, NULL);
    sf_bind_renderer();
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_bad_table);
    RUN_TEST(test_array_tags_directions_and_hitbox);
    RUN_TEST(test_hash_and_pingpong_reverse);
    RUN_TEST(test_per_frame_durations);
    RUN_TEST(test_actor_update_plays_the_durations);
    RUN_TEST(test_trimmed_frames_drawn_in_place);
    RUN_TEST(test_character_maps_states_to_tags);
    RUN_TEST(test_half_loaded_file_released);
    sf_unbind_renderer();
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
