/*
 * akgl_sprite_load_json: every validation row of chapter 10 at its boundary
 * and one past it (tests/assets/sprites/, see the README there), each key
 * missing and of the wrong JSON type, the two-step sheet resolution with its
 * shadowing warning, sharing one sheet between spellings of one image,
 * ownership (the loader keeps no sheet reference), release order, and clean
 * load/release cycles.
 *
 * Every failing load is also checked to leave every pool, registry, error
 * context and large SDL allocation count exactly where it was.
 */
#define _XOPEN_SOURCE 700

#include "sprite_fixture.h"

#define FIX(name) SF_SPRITES "/" name

/* Everything a failed load must leave as it was. */
/* Loads `path`, expecting `status`, the file first in the message, the
 * needles in it, and every counter unchanged. */
static void expect_refused(const char *path, int status, const char *needle1,
                           const char *needle2)
{
    sf_expect_refused(akgl_sprite_load_json, path, status, needle1, needle2);
}

/* Loads `path`, which must succeed and register `name`; returns the sprite. */
static akgl_Sprite *expect_loaded(const char *path, const char *name)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int got = test_status_of_(akgl_sprite_load_json(path), msg);
    CHECK_MSG(got == 0, "%s: status %d (%s)", path, got, msg);
    akgl_Sprite *spr = sf_sprite(name);
    CHECK_MSG(spr != NULL, "%s: no sprite \"%s\" registered", path, name);
    return spr;
}

/* ------------------------------------------------------------------------ */
/* The validation rows                                                      */
/* ------------------------------------------------------------------------ */

static void test_width_and_height(void)
{
    expect_refused(FIX("width_0.json"), AKERR_VALUE,
                   "\"width\" is 0: a sprite must be at least one pixel wide", NULL);
    expect_refused(FIX("height_0.json"), AKERR_VALUE,
                   "\"height\" is 0: a sprite must be at least one pixel high", NULL);
    akgl_Sprite *w = expect_loaded(FIX("width_1.json"), "fixture width_1");
    akgl_Sprite *h = expect_loaded(FIX("height_1.json"), "fixture height_1");
    if (w != NULL && h != NULL) {
        CHECK_INT_EQ(w->width, 1);
        CHECK_INT_EQ(w->height, 48);
        CHECK_INT_EQ(h->width, 48);
        CHECK_INT_EQ(h->height, 1);
        CHECK_OK(akgl_heap_release_sprite(w));
        CHECK_OK(akgl_heap_release_sprite(h));
    }
}

static void test_speed(void)
{
    expect_refused(FIX("speed_-1.json"), AKERR_OUTOFBOUNDS, "\"speed\" is -1 ms; it must be 0..4294",
                   NULL);
    expect_refused(FIX("speed_4295.json"), AKERR_OUTOFBOUNDS,
                   "\"speed\" is 4295 ms; it must be 0..4294", NULL);
    akgl_Sprite *zero = expect_loaded(FIX("speed_0.json"), "fixture speed_0");
    akgl_Sprite *max = expect_loaded(FIX("speed_4294.json"), "fixture speed_4294");
    if (zero != NULL && max != NULL) {
        CHECK_INT_EQ(zero->speed, 0);
        /* milliseconds in the file, nanoseconds in the struct */
        CHECK_INT_EQ(max->speed, UINT32_C(4294000000));
        CHECK_OK(akgl_heap_release_sprite(zero));
        CHECK_OK(akgl_heap_release_sprite(max));
    }
}

static void test_frame_count(void)
{
    expect_refused(FIX("frames_17.json"), AKERR_OUTOFBOUNDS,
                   "\"frames\" lists 17 frames; the maximum is 16", NULL);
    /* Our decision: a sprite with no frame cannot be drawn, so it is refused. */
    expect_refused(FIX("frames_empty.json"), AKERR_VALUE,
                   "\"frames\" is empty; a sprite needs at least one frame", NULL);
    akgl_Sprite *spr = expect_loaded(FIX("frames_16.json"), "fixture frames_16");
    if (spr != NULL) {
        CHECK_INT_EQ(spr->frames, 16);
        for (int i = 0; i < 16; i++) {
            CHECK_INT_EQ(spr->frameids[i], i);
        }
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
}

static void test_frame_numbers(void)
{
    expect_refused(FIX("frame_-1.json"), AKERR_OUTOFBOUNDS,
                   "\"frames\"[1] is -1; a frame number must be 0..255", NULL);
    expect_refused(FIX("frame_256.json"), AKERR_OUTOFBOUNDS,
                   "\"frames\"[2] is 256; a frame number must be 0..255", NULL);
    akgl_Sprite *zero = expect_loaded(FIX("frame_0.json"), "fixture frame_0");
    akgl_Sprite *max = expect_loaded(FIX("frame_255.json"), "fixture frame_255");
    if (zero != NULL && max != NULL) {
        SDL_FRect r;
        CHECK_INT_EQ(zero->frames, 1);
        CHECK_INT_EQ(zero->frameids[0], 0);
        CHECK_INT_EQ(max->frames, 3);
        CHECK_INT_EQ(max->frameids[2], 255);
        /* The loader bounds frame numbers by the format, not by the sheet:
         * 255 loads, and drawing it is what is refused. */
        CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(max, 2, &r), AKERR_OUTOFBOUNDS,
                         "frame number 255");
        CHECK_OK(akgl_spritesheet_coords_for_frame(max, 1, &r));
        CHECK(r.x == 48 && r.y == 0);
        CHECK_OK(akgl_heap_release_sprite(zero));
        CHECK_OK(akgl_heap_release_sprite(max));
    }
}

static void test_name_length(void)
{
    char name[129];
    memset(name, 'n', sizeof(name));
    name[127] = '\0';
    expect_refused(FIX("name_128.json"), AKERR_OUTOFBOUNDS, "sprite name",
                   "is 128 bytes; the limit is 127");
    akgl_Sprite *spr = expect_loaded(FIX("name_127.json"), name);
    if (spr != NULL) {
        CHECK_STR_EQ(spr->name, name);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
}

static void test_every_key_is_required(void)
{
    static const char *const keys[] = {"spritesheet", "filename", "frame_width", "frame_height",
                                       "name", "width", "height", "speed",
                                       "loop", "loopReverse", "frames"};
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        char path[PATH_MAX], needle[64];
        snprintf(path, sizeof(path), "%s/missing_%s.json", SF_SPRITES, keys[i]);
        snprintf(needle, sizeof(needle), "required key \"%s\" is missing", keys[i]);
        expect_refused(path, AKERR_KEY, needle, NULL);
    }
}

static void test_frame_size_keys_required_when_sheet_is_loaded(void)
{
    /* Our decision: frame_width/frame_height are required always, although
     * they are not used once the sheet is loaded. */
    akgl_Sprite *walk = expect_loaded(FIX("hero_walking_left.json"), "hero walking left");
    expect_refused(FIX("missing_frame_width.json"), AKERR_KEY,
                   "required key \"frame_width\" is missing", NULL);
    expect_refused(FIX("missing_frame_height.json"), AKERR_KEY,
                   "required key \"frame_height\" is missing", NULL);
    expect_refused(FIX("type_frame_width.json"), AKERR_TYPE,
                   "key \"frame_width\" must be an integer, not a string", NULL);
    if (walk != NULL) {
        CHECK_INT_EQ(walk->sheet->refcount, 1);
        CHECK_OK(akgl_heap_release_sprite(walk));
    }
}

static void test_every_key_has_a_type(void)
{
    static const struct
    {
        const char *file;
        const char *needle;
    } rows[] = {
        {"type_spritesheet.json", "key \"spritesheet\" must be an object, not a string"},
        {"type_filename.json", "key \"filename\" must be a string, not an integer"},
        {"type_frame_width.json", "key \"frame_width\" must be an integer, not a string"},
        {"type_frame_height.json", "key \"frame_height\" must be an integer, not a real number"},
        {"type_name.json", "key \"name\" must be a string, not a boolean"},
        {"type_width.json", "key \"width\" must be an integer, not a string"},
        {"type_height.json", "key \"height\" must be an integer, not null"},
        {"type_speed.json", "key \"speed\" must be an integer, not a string"},
        {"type_loop.json", "key \"loop\" must be true or false, not an integer"},
        {"type_loopReverse.json", "key \"loopReverse\" must be true or false, not a string"},
        {"type_frames.json", "key \"frames\" must be an array, not an object"},
        {"type_frame_element.json", "\"frames\"[1]"},
        {"toplevel_array.json", "the top level must be a JSON object"},
    };
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof(path), "%s/%s", SF_SPRITES, rows[i].file);
        expect_refused(path, AKERR_TYPE, rows[i].needle, NULL);
    }
    expect_refused(FIX("type_frame_element.json"), AKERR_TYPE,
                   "must be an integer, not a string", NULL);
}

static void test_files_that_are_not_sprites(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    SfCounts before = sf_counts_now();
    /* Not JSON: file, line and column from jansson. */
    CHECK_STATUS_MSG(akgl_sprite_load_json(FIX("not_json.json")), AKERR_FORMAT,
                     FIX("not_json.json") ":5:");
    /* No such file: the message begins with the file, like every other. */
    CHECK_INT_EQ(test_status_of_(akgl_sprite_load_json(FIX("no_such_file.json")), msg), ENOENT);
    CHECK_STR_EQ(msg, FIX("no_such_file.json") ": cannot open: No such file or directory");
    SF_CHECK_COUNTS_UNCHANGED(before, "not a sprite");
}

static void test_path_lengths(void)
{
    char path[AKGL_MAX_STRING_LENGTH + 1];
    SfCounts before = sf_counts_now();
    CHECK_STATUS_MSG(akgl_sprite_load_json(NULL), AKERR_NULLPOINTER, "NULL filename");
    /* The JSON path: 4095 bytes fit a pooled string (and the file is looked
     * for), 4096 do not. */
    memset(path, 'p', sizeof(path));
    for (int i = 0; i < AKGL_MAX_STRING_LENGTH; i += 200) {
        path[i] = '/';
    }
    path[AKGL_MAX_STRING_LENGTH - 1] = '\0';
    sf_expect_refused(akgl_sprite_load_json, path, ENOENT,
                      ": cannot open: No such file or directory", NULL);
    path[AKGL_MAX_STRING_LENGTH - 1] = 'p';
    path[AKGL_MAX_STRING_LENGTH] = '\0';
    /* The message begins with the path, shortened to fit (docs/04). */
    sf_expect_refused(akgl_sprite_load_json, path, AKERR_OUTOFBOUNDS,
                      "the JSON path is 4096 bytes, too long for a pooled string (limit 4095)",
                      NULL);
    /* The sheet's filename inside the file. */
    expect_refused(FIX("filename_4096.json"), AKERR_OUTOFBOUNDS,
                   "key \"filename\" is a string of 4096 bytes; the limit is 4095", NULL);
    SF_CHECK_COUNTS_UNCHANGED(before, "path lengths");
}

static void test_resolved_sheet_path_must_fit_the_sheet_name(void)
{
#ifdef _WIN32
    TEST_SKIP(FX_NO_LONG_PATHS);
#endif
    /* The sheet's registry key is its resolved path, at most 511 bytes: a
     * longer one is refused, not truncated into a key. */
    char dir[PATH_MAX], rel[PATH_MAX], json[PATH_MAX * 2], name_ok[300], name_bad[300];
    char d200[201], e200[201];
    memset(d200, 'd', 200);
    memset(e200, 'e', 200);
    d200[200] = e200[200] = '\0';
    snprintf(rel, sizeof(rel), "long/%s/%s", d200, e200);
    fx_mkdir("long");
    snprintf(json, sizeof(json), "long/%s", d200);
    fx_mkdir(json);
    fx_mkdir(rel);
    sf_path(dir, rel);
    int n = 511 - (int)strlen(dir) - 1; /* bytes left for the file name */
    CHECK(n > 8 && n < 250);
    memset(name_ok, 'x', sizeof(name_ok));
    memcpy(name_ok + n - 4, ".png", 5);
    memset(name_bad, 'y', sizeof(name_bad));
    memcpy(name_bad + n - 3, ".png", 5);

    static const char tmpl[] =
        "{\"spritesheet\": {\"filename\": \"%s\", \"frame_width\": 48, \"frame_height\": 48},"
        " \"name\": \"%s\", \"width\": 48, \"height\": 48, \"speed\": 100,"
        " \"loop\": true, \"loopReverse\": false, \"frames\": [0]}";
    char body[1024], file[PATH_MAX + 400];
    snprintf(file, sizeof(file), "%s/%s", rel, name_ok);
    sf_copy(SF_SHEET_192, file);
    snprintf(file, sizeof(file), "%s/%s", rel, name_bad);
    sf_copy(SF_SHEET_192, file);
    snprintf(body, sizeof(body), tmpl, name_ok, "long ok");
    snprintf(file, sizeof(file), "%s/ok.json", rel);
    fx_write(file, body, strlen(body));
    snprintf(body, sizeof(body), tmpl, name_bad, "long bad");
    snprintf(file, sizeof(file), "%s/bad.json", rel);
    fx_write(file, body, strlen(body));

    snprintf(json, sizeof(json), "%s/ok.json", dir);
    akgl_Sprite *ok = expect_loaded(json, "long ok");
    if (ok != NULL) {
        CHECK_INT_EQ(strlen(ok->sheet->name), 511);
        CHECK_OK(akgl_heap_release_sprite(ok));
    }
    snprintf(json, sizeof(json), "%s/bad.json", dir);
    expect_refused(json, AKERR_OUTOFBOUNDS, "spritesheet name", "is 512 bytes; the limit is 511");
}

/* ------------------------------------------------------------------------ */
/* What the loader does with the image                                      */
/* ------------------------------------------------------------------------ */

static void test_loaded_sprite_fields_and_ownership(void)
{
    char key[PATH_MAX];
    sf_realpath(SF_SHEET_192, key);
    akgl_Sprite *spr = expect_loaded(FIX("hero_walking_left.json"), "hero walking left");
    if (spr == NULL) {
        return;
    }
    CHECK_INT_EQ(spr->refcount, 1); /* the acquire's, held for the game */
    CHECK_INT_EQ(spr->width, 48);
    CHECK_INT_EQ(spr->height, 48);
    CHECK_INT_EQ(spr->frames, 4);
    CHECK(spr->frameids[0] == 4 && spr->frameids[1] == 5 && spr->frameids[2] == 6 &&
          spr->frameids[3] == 5);
    CHECK_INT_EQ(spr->speed, 100 * AKGL_TIME_ONEMS_NS);
    CHECK(spr->loop);
    CHECK(spr->loopReverse);
    /* The sheet is registered under the resolved path, and only the sprite
     * holds it: the loader kept no reference. */
    akgl_SpriteSheet *sheet = spr->sheet;
    CHECK(sheet != NULL && sf_sheet(key) == sheet);
    CHECK_STR_EQ(sheet->name, key);
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK_INT_EQ(sheet->texture_w, 192);
    CHECK_INT_EQ(sheet->texture_h, 96);
    SDL_Texture *tex = sheet->texture;

    CHECK_OK(akgl_heap_release_sprite(spr));
    CHECK(sf_sprite("hero walking left") == NULL);
    CHECK(sf_sheet(key) == NULL);
    CHECK(!sf_texture_alive(tex));
}

static void test_two_sprites_one_image_one_texture(void)
{
    char key[PATH_MAX];
    sf_realpath(SF_SHEET_192, key);
    int big = sf_big_blocks();
    akgl_Sprite *walk = expect_loaded(FIX("hero_walking_left.json"), "hero walking left");
    int after_one = sf_big_blocks();
    akgl_Sprite *stand = expect_loaded(FIX("hero_standing_left.json"), "hero standing left");
    if (walk == NULL || stand == NULL) {
        return;
    }
    CHECK(walk->sheet == stand->sheet);
    CHECK_INT_EQ(walk->sheet->refcount, 2);
    CHECK_INT_EQ(akgl_test_reg_sheets_(), 1);
    CHECK(after_one > big);
    CHECK_INT_EQ(sf_big_blocks(), after_one); /* no second upload */

    /* Sheets go exactly when their last sprite goes, in either order. */
    akgl_SpriteSheet *sheet = walk->sheet;
    SDL_Texture *tex = sheet->texture;
    CHECK_OK(akgl_heap_release_sprite(walk));
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK(sf_sheet(key) == sheet);
    CHECK(sf_texture_alive(tex));
    CHECK_OK(akgl_heap_release_sprite(stand));
    CHECK(sf_sheet(key) == NULL);
    CHECK(!sf_texture_alive(tex));
    CHECK_INT_EQ(sf_big_blocks(), big);

    walk = expect_loaded(FIX("hero_walking_left.json"), "hero walking left");
    stand = expect_loaded(FIX("hero_standing_left.json"), "hero standing left");
    if (walk == NULL || stand == NULL) {
        return;
    }
    sheet = stand->sheet;
    tex = sheet->texture;
    CHECK_OK(akgl_heap_release_sprite(stand));
    CHECK(sf_texture_alive(tex));
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK_OK(akgl_heap_release_sprite(walk));
    CHECK(!sf_texture_alive(tex));
}

static void test_spellings_of_one_image_share_a_sheet(void)
{
    /*
     * scratch/share/img/sheet.png      the image
     * scratch/share/a/walk.json        "../img/sheet.png"   (through ..)
     * scratch/share/b/link.png  ->     ../img/sheet.png     (a symlink)
     * scratch/share/b/idle.json        "link.png"
     */
    static const char tmpl[] =
        "{\"spritesheet\": {\"filename\": \"%s\", \"frame_width\": 48, \"frame_height\": 48},"
        " \"name\": \"%s\", \"width\": 48, \"height\": 48, \"speed\": 100,"
        " \"loop\": true, \"loopReverse\": false, \"frames\": [0, 1]}";
    char body[512], walk_json[PATH_MAX], idle_json[PATH_MAX], image[PATH_MAX];
    fx_mkdir("share");
    fx_mkdir("share/img");
    fx_mkdir("share/a");
    fx_mkdir("share/b");
    if (!fx_symlink("../img/sheet.png", "share/b/link.png")) {
        TEST_SKIP(FX_NO_LINK);
    }
    sf_copy(SF_SHEET_192, "share/img/sheet.png");
    snprintf(body, sizeof(body), tmpl, "../img/sheet.png", "share walk");
    fx_write("share/a/walk.json", body, strlen(body));
    snprintf(body, sizeof(body), tmpl, "link.png", "share idle");
    fx_write("share/b/idle.json", body, strlen(body));
    sf_path(walk_json, "share/a/walk.json");
    sf_path(idle_json, "share/b/idle.json");
    sf_path(image, "share/img/sheet.png");

    int big = sf_big_blocks();
    akgl_Sprite *walk = expect_loaded(walk_json, "share walk");
    akgl_Sprite *idle = expect_loaded(idle_json, "share idle");
    if (walk == NULL || idle == NULL) {
        return;
    }
    akgl_SpriteSheet *sheet = walk->sheet;
    CHECK(idle->sheet == sheet);
    CHECK_STR_EQ(sheet->name, image); /* canonical: no "..", no link */
    CHECK_INT_EQ(sheet->refcount, 2);
    CHECK_INT_EQ(akgl_test_sheets_(), 1);
    CHECK_INT_EQ(akgl_test_reg_sheets_(), 1);
    CHECK(sf_big_blocks() > big);

    SDL_Texture *tex = sheet->texture;
    CHECK_OK(akgl_heap_release_sprite(idle));
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK(sf_texture_alive(tex));
    CHECK(sf_sheet(image) == sheet);
    CHECK_OK(akgl_heap_release_sprite(walk));
    CHECK(!sf_texture_alive(tex));
    CHECK(sf_sheet(image) == NULL);
    CHECK_INT_EQ(sf_big_blocks(), big);
}

static void test_working_directory_shadows_with_a_warning(void)
{
    /*
     * scratch/shadow/json/s.json       "shade.png"
     * scratch/shadow/json/shade.png    the 64 x 64 sheet (beside the JSON)
     * scratch/shadow/cwd/shade.png     the 192 x 96 sheet (working directory)
     */
    static const char body[] =
        "{\"spritesheet\": {\"filename\": \"shade.png\", \"frame_width\": 16, \"frame_height\": 16},"
        " \"name\": \"shadowed\", \"width\": 16, \"height\": 16, \"speed\": 100,"
        " \"loop\": true, \"loopReverse\": false, \"frames\": [0]}";
    char json[PATH_MAX], beside[PATH_MAX], shadow[PATH_MAX], cwd[PATH_MAX];
    fx_mkdir("shadow");
    fx_mkdir("shadow/json");
    fx_mkdir("shadow/cwd");
    fx_write("shadow/json/s.json", body, strlen(body));
    sf_copy(SF_SHEET_64, "shadow/json/shade.png");
    sf_copy(SF_SHEET_192, "shadow/cwd/shade.png");
    sf_path(json, "shadow/json/s.json");
    sf_path(beside, "shadow/json/shade.png");
    sf_path(shadow, "shadow/cwd/shade.png");
    sf_path(cwd, "shadow/cwd");

    /* From the shadowing directory: its file wins, and we are told. */
    sf_chdir(cwd);
    test_log_begin();
    akgl_Sprite *spr = expect_loaded(json, "shadowed");
    test_log_end();
    sf_chdir(sf_cwd);
    if (spr != NULL) {
        CHECK_STR_EQ(spr->sheet->name, shadow);
        CHECK_INT_EQ(spr->sheet->texture_w, 192);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    CHECK_CONTAINS(test_log, "warning");
    CHECK_CONTAINS(test_log, shadow);
    CHECK_CONTAINS(test_log, beside);
    CHECK_CONTAINS(test_log, json);

    /* From a directory without the file: the one beside the JSON, silently. */
    test_log_begin();
    spr = expect_loaded(json, "shadowed");
    test_log_end();
    if (spr != NULL) {
        CHECK_STR_EQ(spr->sheet->name, beside);
        CHECK_INT_EQ(spr->sheet->texture_w, 64);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    CHECK_STR_EQ(test_log, "");

    /* From the JSON's own directory both steps find one file: no warning. */
    char jsondir[PATH_MAX];
    sf_path(jsondir, "shadow/json");
    sf_chdir(jsondir);
    test_log_begin();
    spr = expect_loaded("s.json", "shadowed");
    test_log_end();
    sf_chdir(sf_cwd);
    if (spr != NULL) {
        CHECK_STR_EQ(spr->sheet->name, beside);
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
    CHECK_STR_EQ(test_log, "");
}

static void test_step_one_error_other_than_missing_is_reported(void)
{
    /* Only ENOENT in the working directory falls through to step 2: a path
     * that uses a file as a directory is a mistake, and says so. */
    static const char body[] =
        "{\"spritesheet\": {\"filename\": \"plain/sheet.png\", \"frame_width\": 48,"
        " \"frame_height\": 48}, \"name\": \"notdir\", \"width\": 48, \"height\": 48,"
        " \"speed\": 100, \"loop\": true, \"loopReverse\": false, \"frames\": [0]}";
    char json[PATH_MAX];
    fx_write("cwd/plain", "a file", 6);
    fx_mkdir("notdir");
    fx_mkdir("notdir/plain");
    sf_copy(SF_SHEET_192, "notdir/plain/sheet.png");
    fx_write("notdir/n.json", body, strlen(body));
    sf_path(json, "notdir/n.json");
    expect_refused(json, ENOTDIR, "plain/sheet.png", NULL);
    CHECK(unlink("plain") == 0);
    /* Without the stray file, step 2 finds it. */
    akgl_Sprite *spr = expect_loaded(json, "notdir");
    if (spr != NULL) {
        CHECK_OK(akgl_heap_release_sprite(spr));
    }
}

static void test_image_problems(void)
{
    char image[PATH_MAX];
    sf_realpath(FIX("not_an_image.png"), image);
    expect_refused(FIX("image_missing.json"), ENOENT,
                   "sprite sheet \"no_such_sheet.png\" is neither in the working directory nor at",
                   FIX("no_such_sheet.png"));
    expect_refused(FIX("not_an_image.json"), AKERR_FORMAT, "not a PNG file", image);
}

static void test_no_renderer_bound(void)
{
    akgl_Renderer *bound = game.renderer;
    game.renderer = NULL;
    expect_refused(FIX("hero_walking_left.json"), AKERR_BEHAVIOR, "no renderer is bound", NULL);
    game.renderer = bound;

    /* A sheet already uploaded needs no renderer to be cut again. */
    akgl_Sprite *walk = expect_loaded(FIX("hero_walking_left.json"), "hero walking left");
    game.renderer = NULL;
    akgl_Sprite *stand = expect_loaded(FIX("hero_standing_left.json"), "hero standing left");
    game.renderer = bound;
    if (walk != NULL && stand != NULL) {
        CHECK(walk->sheet == stand->sheet);
        CHECK_OK(akgl_heap_release_sprite(stand));
        CHECK_OK(akgl_heap_release_sprite(walk));
    }
}

static void test_duplicate_sprite_name(void)
{
    akgl_Sprite *walk = expect_loaded(FIX("hero_walking_left.json"), "hero walking left");
    expect_refused(FIX("hero_walking_left.json"), AKERR_REGISTRY,
                   "a sprite named \"hero walking left\" is already registered", NULL);
    if (walk != NULL) {
        CHECK(sf_sprite("hero walking left") == walk);
        CHECK_INT_EQ(walk->sheet->refcount, 1);
        CHECK_OK(akgl_heap_release_sprite(walk));
    }
}

/* Claims every free slot of a layer; returns how many (released by release_all). */
static void *held[AKGL_MAX_HEAP_SPRITE];

static int claim_all(akgl_HeapLayer layer, int leave_free)
{
    int n = 0;
    int capacity = layer == AKGL_HEAP_SPRITE        ? AKGL_MAX_HEAP_SPRITE
                   : layer == AKGL_HEAP_SPRITESHEET ? AKGL_MAX_HEAP_SPRITESHEET
                                                    : AKGL_MAX_HEAP_STRING;
    int free_slots = capacity - akgl_test_layer_count_(layer);
    for (; n < free_slots - leave_free; n++) {
        akerr_ErrorContext *e = NULL;
        switch (layer) {
        case AKGL_HEAP_SPRITE: e = akgl_heap_next_sprite((akgl_Sprite **)&held[n]); break;
        case AKGL_HEAP_SPRITESHEET:
            e = akgl_heap_next_spritesheet((akgl_SpriteSheet **)&held[n]);
            break;
        default: e = akgl_heap_next_string((akgl_String **)&held[n]); break;
        }
        CHECK_OK(e);
    }
    return n;
}

static void release_all(akgl_HeapLayer layer, int n)
{
    for (int i = 0; i < n; i++) {
        switch (layer) {
        case AKGL_HEAP_SPRITE: CHECK_OK(akgl_heap_release_sprite(held[i])); break;
        case AKGL_HEAP_SPRITESHEET: CHECK_OK(akgl_heap_release_spritesheet(held[i])); break;
        default: CHECK_OK(akgl_heap_release_string(held[i])); break;
        }
    }
}

static void test_exhausted_pools_strand_nothing(void)
{
    /* No sprite slot: the sheet was loaded (a texture uploaded) before the
     * sprite acquire failed; both go again. */
    int n = claim_all(AKGL_HEAP_SPRITE, 0);
    expect_refused(FIX("hero_walking_left.json"), AKGL_ERR_HEAP, "Unable to find unused sprite",
                   NULL);
    release_all(AKGL_HEAP_SPRITE, n);

    n = claim_all(AKGL_HEAP_SPRITESHEET, 0);
    expect_refused(FIX("hero_walking_left.json"), AKGL_ERR_HEAP,
                   "Unable to find unused spritesheet", NULL);
    release_all(AKGL_HEAP_SPRITESHEET, n);

    /* One string left: the filename takes it and the name cannot. */
    n = claim_all(AKGL_HEAP_STRING, 1);
    expect_refused(FIX("hero_walking_left.json"), AKGL_ERR_HEAP, "Unable to find unused string",
                   NULL);
    release_all(AKGL_HEAP_STRING, n);
}

static void test_load_release_cycles(void)
{
    SfCounts start = sf_counts_now();
    for (int i = 0; i < 64; i++) {
        akgl_Sprite *walk = expect_loaded(FIX("hero_walking_left.json"), "hero walking left");
        akgl_Sprite *stand = expect_loaded(FIX("hero_standing_left.json"), "hero standing left");
        akgl_Sprite *tiny = expect_loaded(FIX("width_1.json"), "fixture width_1");
        if (walk == NULL || stand == NULL || tiny == NULL) {
            return;
        }
        CHECK_INT_EQ(walk->sheet->refcount, 3);
        /* alternate the release order */
        if (i % 2 == 0) {
            CHECK_OK(akgl_heap_release_sprite(walk));
            CHECK_OK(akgl_heap_release_sprite(stand));
            CHECK_OK(akgl_heap_release_sprite(tiny));
        } else {
            CHECK_OK(akgl_heap_release_sprite(tiny));
            CHECK_OK(akgl_heap_release_sprite(stand));
            CHECK_OK(akgl_heap_release_sprite(walk));
        }
        SF_CHECK_COUNTS_UNCHANGED(start, "a load/release cycle");
    }
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_width_and_height);
    RUN_TEST(test_speed);
    RUN_TEST(test_frame_count);
    RUN_TEST(test_frame_numbers);
    RUN_TEST(test_name_length);
    RUN_TEST(test_every_key_is_required);
    RUN_TEST(test_frame_size_keys_required_when_sheet_is_loaded);
    RUN_TEST(test_every_key_has_a_type);
    RUN_TEST(test_files_that_are_not_sprites);
    RUN_TEST(test_path_lengths);
    RUN_TEST(test_resolved_sheet_path_must_fit_the_sheet_name);
    RUN_TEST(test_loaded_sprite_fields_and_ownership);
    RUN_TEST(test_two_sprites_one_image_one_texture);
    RUN_TEST(test_spellings_of_one_image_share_a_sheet);
    RUN_TEST(test_working_directory_shadows_with_a_warning);
    RUN_TEST(test_step_one_error_other_than_missing_is_reported);
    RUN_TEST(test_image_problems);
    RUN_TEST(test_no_renderer_bound);
    RUN_TEST(test_duplicate_sprite_name);
    RUN_TEST(test_exhausted_pools_strand_nothing);
    RUN_TEST(test_load_release_cycles);
    sf_unbind_renderer();
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
