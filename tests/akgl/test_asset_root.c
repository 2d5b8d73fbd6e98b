/*
 * The asset root (akgl/file.h): with one set, a loader opens only files that
 * resolve under it — a sheet named "../outside.png", a sprite given by an
 * absolute path outside, a symbolic link out of the folder are refused with
 * EACCES naming the path and the root, and every count stays where it was;
 * files inside load as before; with none set everything loads. A file that
 * is not JSON at all is refused without its own words in the message.
 *
 * The scratch tree (made by sf_begin):
 *   game/hero.json, game/hero.png     a sprite and its sheet, inside
 *   game/escape.json                  its sheet is "../outside.png"
 *   game/linked.json, game/link.png   link.png -> ../outside.png
 *   game/secret.json                  "hunter2 is the password" (not JSON)
 *   outside.json, outside.png         a sprite outside the root
 */
#define _XOPEN_SOURCE 700

#include <akgl/file.h>

#include "sprite_fixture.h"

static const char SPRITE_JSON[] =
    "{\"spritesheet\": {\"filename\": \"%s\", \"frame_width\": 48, \"frame_height\": 48},\n"
    " \"name\": \"%s\", \"width\": 48, \"height\": 48, \"speed\": 100,\n"
    " \"loop\": true, \"loopReverse\": false, \"frames\": [0, 1]}\n";

static char game_dir[PATH_MAX];
static bool linked; /* game/link.png was made (fx_symlink) */

static void write_sprite(const char *file, const char *sheet, const char *name)
{
    char text[512];
    int n = snprintf(text, sizeof(text), SPRITE_JSON, sheet, name);
    CHECK(n > 0 && n < (int)sizeof(text));
    fx_write(file, text, (size_t)n);
}

static void make_tree(void)
{
    fx_mkdir("game");
    sf_copy(SF_SHEET_192, "game/hero.png");
    sf_copy(SF_SHEET_192, "outside.png");
    write_sprite("game/hero.json", "hero.png", "inside");
    write_sprite("game/escape.json", "../outside.png", "escape");
    write_sprite("game/linked.json", "link.png", "linked");
    linked = fx_symlink("../outside.png", "game/link.png");
    write_sprite("outside.json", "outside.png", "outside");
    static const char secret[] = "hunter2 is the password\n";
    fx_write("game/secret.json", secret, sizeof(secret) - 1);
    sf_path(game_dir, "game");
}

/* Loads the sprite JSON fx_dir/name; returns its status and message. */
static int load(const char *name, char *msg)
{
    char path[PATH_MAX];
    sf_path(path, name);
    return test_status_of_(akgl_sprite_load_json(path), msg);
}

static void expect_outside(const char *name, const char *named)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    SfCounts before = sf_counts_now();
    int got = load(name, msg);
    CHECK_MSG(got == EACCES, "%s: status %d, expected EACCES (%s)", name, got, msg);
    CHECK_MSG(strstr(msg, "is outside the asset root") != NULL, "%s: \"%s\"", name, msg);
    CHECK_MSG(strstr(msg, named) != NULL, "%s: \"%s\" does not name %s", name, msg, named);
    CHECK_MSG(strstr(msg, game_dir) != NULL, "%s: \"%s\" does not name the root", name, msg);
    SF_CHECK_COUNTS_UNCHANGED(before, name);
}

static void expect_loads(const char *name, const char *sprite)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int got = load(name, msg);
    CHECK_MSG(got == 0, "%s: status %d (%s)", name, got, msg);
    akgl_Sprite *s = sf_sprite(sprite);
    CHECK_MSG(s != NULL, "%s: no sprite \"%s\"", name, sprite);
    if (s != NULL) {
        CHECK_OK(akgl_heap_release_sprite(s));
    }
}

static void test_set_root_refusals(void)
{
    const char *root = NULL;
    char file[PATH_MAX];
    CHECK_STATUS(akgl_file_root(NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_file_set_root("no/such/folder"), ENOENT, "no/such/folder");
    sf_path(file, "game/hero.json");
    CHECK_STATUS_MSG(akgl_file_set_root(file), ENOTDIR, "is not a directory");
    /* A refused root leaves the one in force: none. */
    CHECK_OK(akgl_file_root(&root));
    CHECK_STR_EQ(root, "");
    CHECK_OK(akgl_file_set_root(game_dir));
    CHECK_STATUS(akgl_file_set_root("no/such/folder"), ENOENT);
    CHECK_OK(akgl_file_root(&root));
    CHECK_STR_EQ(root, game_dir);
    CHECK_OK(akgl_file_set_root(NULL));
    CHECK_OK(akgl_file_root(&root));
    CHECK_STR_EQ(root, "");
}

static void test_inside_loads_outside_is_refused(void)
{
    char outside[PATH_MAX];
    sf_path(outside, "outside.png");
    CHECK_OK(akgl_file_set_root(game_dir));
    expect_loads("game/hero.json", "inside");
    expect_outside("game/escape.json", "/outside.png\" is outside"); /* the sheet climbs out */
    expect_outside("outside.json", "outside.json");           /* the JSON itself */
    /* A root given with a trailing slash or a ".." is the same folder. */
    char spelled[PATH_MAX + 16];
    int n = snprintf(spelled, sizeof(spelled), "%s/../game/", game_dir);
    CHECK(n > 0 && n < (int)sizeof(spelled));
    CHECK_OK(akgl_file_set_root(spelled));
    expect_loads("game/hero.json", "inside");
    expect_outside("game/escape.json", "/outside.png\" is outside");
    CHECK_OK(akgl_file_set_root(NULL));
}

/* More than one root: a file under any of them loads, the rest is refused
 * naming the first; at most AKGL_FILE_MAX_ROOTS, and a refused add changes
 * nothing. */
static void test_several_roots(void)
{
    char top[PATH_MAX], file[PATH_MAX];
    fx_mkdir("other");
    sf_path(top, "other");
    CHECK_STATUS(akgl_file_add_root(NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_file_set_root(game_dir));
    expect_outside("outside.json", "outside.json");
    sf_path(file, "game/hero.json");
    CHECK_STATUS_MSG(akgl_file_add_root(file), ENOTDIR, "is not a directory");
    CHECK_STATUS_MSG(akgl_file_add_root("no/such/folder"), ENOENT, "no/such/folder");
    CHECK_OK(akgl_file_add_root(top));
    expect_outside("outside.json", "and the others added");
    for (int i = 2; i < AKGL_FILE_MAX_ROOTS; i++) {
        CHECK_OK(akgl_file_add_root(top));
    }
    CHECK_STATUS_MSG(akgl_file_add_root(top), AKERR_OUTOFBOUNDS, "(AKGL_FILE_MAX_ROOTS)");
    /* The parent of both: everything in the scratch tree is under a root. */
    char parent[PATH_MAX + 8];
    int n = snprintf(parent, sizeof(parent), "%s/..", game_dir);
    CHECK(n > 0 && n < (int)sizeof(parent));
    CHECK_OK(akgl_file_set_root(game_dir));
    CHECK_OK(akgl_file_add_root(parent));
    expect_loads("outside.json", "outside");
    expect_loads("game/escape.json", "escape");
    CHECK_OK(akgl_file_set_root(NULL));
}

static void test_no_root_loads_anything(void)
{
    CHECK_OK(akgl_file_set_root(NULL));
    expect_loads("outside.json", "outside");
    expect_loads("game/escape.json", "escape");
}

/* A link leads out: the sheet is named by where it leads (the sprite loader
 * resolves a sheet's path before it opens it); with no root it loads. */
static void test_link_out_is_refused(void)
{
    if (!linked) {
        TEST_SKIP(FX_NO_LINK);
    }
    CHECK_OK(akgl_file_set_root(game_dir));
    expect_outside("game/linked.json", "/outside.png\" is outside");
    CHECK_OK(akgl_file_set_root(NULL));
    expect_loads("game/linked.json", "linked");
}

/* jansson names the token it stopped at; from a file that is not JSON that
 * is the file's own content, which the message must not repeat. */
static void test_content_of_a_non_json_file_is_not_quoted(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    for (int rooted = 0; rooted < 2; rooted++) {
        CHECK_OK(akgl_file_set_root(rooted ? game_dir : NULL));
        SfCounts before = sf_counts_now();
        int got = load("game/secret.json", msg);
        CHECK_MSG(got == AKERR_FORMAT, "status %d (%s)", got, msg);
        CHECK_MSG(strstr(msg, "secret.json:1:") != NULL, "\"%s\" lacks the line", msg);
        CHECK_MSG(strstr(msg, "hunter2") == NULL, "\"%s\" quotes the file", msg);
        SF_CHECK_COUNTS_UNCHANGED(before, "secret.json");
    }
    CHECK_OK(akgl_file_set_root(NULL));
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    make_tree();
    RUN_TEST(test_set_root_refusals);
    RUN_TEST(test_inside_loads_outside_is_refused);
    RUN_TEST(test_several_roots);
    RUN_TEST(test_no_root_loads_anything);
    RUN_TEST(test_link_out_is_refused);
    RUN_TEST(test_content_of_a_non_json_file_is_not_quoted);
    sf_unbind_renderer();
    int failures = AKGL_TEST_END();
    sf_end();
    return failures;
}
