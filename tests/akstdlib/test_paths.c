/*
 * aksl_realpath, aksl_dirname, aksl_basename, aksl_path_join, aksl_getcwd,
 * aksl_path_exists, aksl_path_info, against a real scratch directory:
 *
 *   <dir>/file.txt
 *   <dir>/sub/inner.txt
 *   <dir>/link      -> sub         (a symlink to a directory)
 *   <dir>/filelink  -> file.txt    (a symlink to a file)
 *   <dir>/dangling  -> nothere     (a symlink to nothing)
 */
#define _XOPEN_SOURCE 700

#include <akstdlib.h>

#include <errno.h>

#include "fixture.h"

#define SMUDGE(buf) memset((buf), 'X', sizeof(buf))

/* Whether the three links were made (fx_symlink: Windows may make none). */
static bool links;

static void make_tree(void)
{
    fx_setup();
    fx_write("file.txt", "hello", 5);
    fx_mkdir("sub");
    fx_write("sub/inner.txt", "inner", 5);
    links = fx_symlink("sub", "link");
    links = fx_symlink("file.txt", "filelink") && links;
    links = fx_symlink("nothere", "dangling") && links;
}

/* The message an OS failure on path must carry: `<fn>: "<path>": <strerror>`. */
static void os_message(char *out, const char *fn, const char *path, int err)
{
    snprintf(out, FX_MSG_MAX, "%s: \"%s\": %s", fn, path, strerror(err));
}

/* ------------------------------------------------------------------------ */
/* aksl_realpath                                                            */
/* ------------------------------------------------------------------------ */

/* Each spelling of fx_dir/name resolves to fx_dir/name. */
static void check_spellings(const char *name, const char *const *spellings, size_t count)
{
    char canonical[PATH_MAX], path[PATH_MAX], resolved[PATH_MAX];
    fx_path(canonical, name);
    for (size_t k = 0; k < count; k++) {
        fx_path(path, spellings[k]);
        SMUDGE(resolved);
        CHECK_OK(aksl_realpath(path, resolved));
        CHECK_MSG(strcmp(resolved, canonical) == 0, "\"%s\" resolved to \"%s\", want \"%s\"",
                  spellings[k], resolved, canonical);
    }
}

/* Every spelling of one file folds to one canonical path. */
static void test_realpath_folds_spellings(void)
{
    static const char *const file_spellings[] = {
        "file.txt", "./file.txt", "sub/../file.txt", "sub//..//file.txt",
    };
    static const char *const inner_spellings[] = {"sub/inner.txt", "./sub/./inner.txt"};
    check_spellings("file.txt", file_spellings, sizeof(file_spellings) / sizeof(file_spellings[0]));
    check_spellings("sub/inner.txt", inner_spellings,
                    sizeof(inner_spellings) / sizeof(inner_spellings[0]));
}

/* A link is followed: the spellings through one fold to its target. */
static void test_realpath_follows_links(void)
{
    if (!links) {
        TEST_SKIP(FX_NO_LINK);
    }
    static const char *const file_spellings[] = {"link/../file.txt", "filelink"};
    static const char *const inner_spellings[] = {"link/inner.txt", "sub/../link/inner.txt"};
    static const char *const dir_spellings[] = {"link"}; /* a link to a directory */
    check_spellings("file.txt", file_spellings, sizeof(file_spellings) / sizeof(file_spellings[0]));
    check_spellings("sub/inner.txt", inner_spellings,
                    sizeof(inner_spellings) / sizeof(inner_spellings[0]));
    check_spellings("sub", dir_spellings, 1);
}

/* A relative path resolves against the working directory. */
static void test_realpath_relative(void)
{
    char saved[PATH_MAX], resolved[PATH_MAX], canonical[PATH_MAX];
    CHECK(getcwd(saved, sizeof(saved)) != NULL);
    CHECK(chdir(fx_dir) == 0);
    fx_path(canonical, "file.txt");
    CHECK_OK(aksl_realpath("sub/../file.txt", resolved));
    CHECK_STR_EQ(resolved, canonical);
    CHECK_OK(aksl_realpath(".", resolved));
    CHECK_STR_EQ(resolved, fx_dir);
    CHECK(chdir(saved) == 0);
}

static void test_realpath_missing_is_enoent(void)
{
    char path[PATH_MAX], resolved[PATH_MAX], expected[FX_MSG_MAX];
    fx_path(path, "sub/missing.json");
    os_message(expected, "aksl_realpath", path, ENOENT);
    SMUDGE(resolved);
    CHECK_STATUS_MSG(aksl_realpath(path, resolved), ENOENT, expected);
    CHECK_STR_EQ(resolved, ""); /* no partial answer left behind */

    os_message(expected, "aksl_realpath", "", ENOENT);
    CHECK_STATUS_MSG(aksl_realpath("", resolved), ENOENT, expected);
}

/* A link whose target is missing is as missing as its target. */
static void test_realpath_dangling_link_is_enoent(void)
{
    if (!links) {
        TEST_SKIP(FX_NO_LINK);
    }
    char path[PATH_MAX], resolved[PATH_MAX], expected[FX_MSG_MAX];
    fx_path(path, "dangling");
    os_message(expected, "aksl_realpath", path, ENOENT);
    SMUDGE(resolved);
    CHECK_STATUS_MSG(aksl_realpath(path, resolved), ENOENT, expected);
    CHECK_STR_EQ(resolved, "");
}

static void test_realpath_through_a_file_is_enotdir(void)
{
    char path[PATH_MAX], resolved[PATH_MAX], expected[FX_MSG_MAX];
    fx_path(path, "file.txt/x");
    os_message(expected, "aksl_realpath", path, ENOTDIR);
    CHECK_STATUS_MSG(aksl_realpath(path, resolved), ENOTDIR, expected);
    CHECK_STR_EQ(resolved, "");
}

/* The status is named by the platform's text for the errno value. */
static void test_realpath_status_is_named(void)
{
    char resolved[PATH_MAX];
    akerr_ErrorContext *e = aksl_realpath("/no/such/akstdlib/path", resolved);
    CHECK(e != NULL);
    if (e != NULL) {
        CHECK_STR_EQ(akerr_name_for_status(e->status, NULL), strerror(ENOENT));
    }
    struct fx_error got = fx_take(e);
    CHECK_STR_EQ(got.message,
                 "aksl_realpath: \"/no/such/akstdlib/path\": No such file or directory");
}

static void test_realpath_nulls(void)
{
    char resolved[PATH_MAX];
    CHECK_STATUS_MSG(aksl_realpath(NULL, resolved), AKERR_NULLPOINTER, "aksl_realpath: NULL path");
    CHECK_STATUS_MSG(aksl_realpath("/", NULL), AKERR_NULLPOINTER, "aksl_realpath: NULL resolved");
}

/* ------------------------------------------------------------------------ */
/* aksl_dirname and aksl_basename                                           */
/* ------------------------------------------------------------------------ */

struct split_case {
    const char *path;
    const char *dir;
    const char *base;
};

static const struct split_case split_cases[] = {
    {"a/b.json", "a", "b.json"},
    {"b.json", ".", "b.json"},
    {"/b", "/", "b"},
    {"", ".", "."},
    {"/", "/", "/"},
    {"//", "/", "/"},
    {"a", ".", "a"},
    {"a/", ".", "a"},
    {"/a/b/", "/a", "b"},
    {"a/b/c", "a/b", "c"},
    {"a//b", "a", "b"},
    {"///a///", "/", "a"},
    {"..", ".", ".."},
    {"../x", "..", "x"},
    {"./x", ".", "x"},
    {"/usr/share/game/hero.png", "/usr/share/game", "hero.png"},
};

static void test_dirname_and_basename_table(void)
{
    char dest[64], copy[64];
    for (size_t k = 0; k < sizeof(split_cases) / sizeof(split_cases[0]); k++) {
        const struct split_case *c = &split_cases[k];
        snprintf(copy, sizeof(copy), "%s", c->path);
        SMUDGE(dest);
        CHECK_OK(aksl_dirname(copy, dest, sizeof(dest)));
        CHECK_MSG(strcmp(dest, c->dir) == 0, "dirname(\"%s\") = \"%s\", want \"%s\"", c->path,
                  dest, c->dir);
        SMUDGE(dest);
        CHECK_OK(aksl_basename(copy, dest, sizeof(dest)));
        CHECK_MSG(strcmp(dest, c->base) == 0, "basename(\"%s\") = \"%s\", want \"%s\"", c->path,
                  dest, c->base);
        CHECK_STR_EQ(copy, c->path); /* the input is never modified */
    }
}

static void test_dirname_too_small(void)
{
    char dest[8];
    SMUDGE(dest);
    CHECK_OK(aksl_dirname("/a/b/", dest, 3)); /* "/a" fits exactly */
    CHECK_STR_EQ(dest, "/a");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_dirname("/a/b/", dest, 2), AKERR_OUTOFBOUNDS,
                     "aksl_dirname: the directory of \"/a/b/\" (2 bytes) does not fit in 2 bytes");
    CHECK_STR_EQ(dest, "/");
    SMUDGE(dest);
    CHECK_STATUS(aksl_dirname("/a/b/", dest, 1), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(dest, "");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_dirname("b.json", dest, 1), AKERR_OUTOFBOUNDS,
                     "aksl_dirname: the directory of \"b.json\" (1 bytes) does not fit in 1 bytes");
    CHECK_STR_EQ(dest, "");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_dirname("/a/b/", dest, 0), AKERR_OUTOFBOUNDS,
                     "aksl_dirname: the directory of \"/a/b/\" does not fit in 0 bytes");
    CHECK(dest[0] == 'X');
}

static void test_basename_too_small(void)
{
    char dest[8];
    SMUDGE(dest);
    CHECK_OK(aksl_basename("a/b.json", dest, 7)); /* "b.json" fits exactly */
    CHECK_STR_EQ(dest, "b.json");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_basename("a/b.json", dest, 6), AKERR_OUTOFBOUNDS,
                     "aksl_basename: the last component of \"a/b.json\" (6 bytes) does not fit "
                     "in 6 bytes");
    CHECK_STR_EQ(dest, "b.jso");
    SMUDGE(dest);
    CHECK_STATUS(aksl_basename("a/b.json", dest, 1), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(dest, "");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_basename("a/b.json", dest, 0), AKERR_OUTOFBOUNDS,
                     "aksl_basename: the last component of \"a/b.json\" does not fit in 0 bytes");
    CHECK(dest[0] == 'X');
}

static void test_dirname_basename_nulls(void)
{
    char dest[8];
    CHECK_STATUS_MSG(aksl_dirname(NULL, dest, sizeof(dest)), AKERR_NULLPOINTER,
                     "aksl_dirname: NULL path");
    CHECK_STATUS_MSG(aksl_dirname("a/b", NULL, sizeof(dest)), AKERR_NULLPOINTER,
                     "aksl_dirname: NULL dest");
    CHECK_STATUS_MSG(aksl_basename(NULL, dest, sizeof(dest)), AKERR_NULLPOINTER,
                     "aksl_basename: NULL path");
    CHECK_STATUS_MSG(aksl_basename("a/b", NULL, sizeof(dest)), AKERR_NULLPOINTER,
                     "aksl_basename: NULL dest");
}

/* ------------------------------------------------------------------------ */
/* aksl_path_join                                                           */
/* ------------------------------------------------------------------------ */

struct join_case {
    const char *dir;
    const char *name;
    const char *joined;
};

static const struct join_case join_cases[] = {
    {"a", "b", "a/b"},
    {"a/", "b", "a/b"},
    {"a//", "b", "a/b"},
    {"/", "b", "/b"},
    {"//", "b", "/b"},
    {"", "b", "b"},
    {"a", "/abs/b", "/abs/b"},
    {"", "/abs", "/abs"},
    {"a", "", "a"},
    {"a/", "", "a/"},
    {"", "", ""},
    {"/a/b/", "c.png", "/a/b/c.png"},
    {"a", "b/c", "a/b/c"},
    {"assets", "../hero.png", "assets/../hero.png"},
};

static void test_path_join_table(void)
{
    char dest[64];
    for (size_t k = 0; k < sizeof(join_cases) / sizeof(join_cases[0]); k++) {
        const struct join_case *c = &join_cases[k];
        SMUDGE(dest);
        CHECK_OK(aksl_path_join(dest, sizeof(dest), c->dir, c->name));
        CHECK_MSG(strcmp(dest, c->joined) == 0, "join(\"%s\", \"%s\") = \"%s\", want \"%s\"",
                  c->dir, c->name, dest, c->joined);
    }
}

/* dest may be the buffer dir lives in: the usual "append a component". */
static void test_path_join_in_place(void)
{
    char buf[32] = "assets/";
    CHECK_OK(aksl_path_join(buf, sizeof(buf), buf, "hero.png"));
    CHECK_STR_EQ(buf, "assets/hero.png");

    char small[10] = "assets";
    CHECK_STATUS_MSG(aksl_path_join(small, sizeof(small), small, "hero.png"), AKERR_OUTOFBOUNDS,
                     "aksl_path_join: \"assets\" + \"hero.png\" (15 bytes) does not fit in 10 "
                     "bytes");
    CHECK_STR_EQ(small, "assets/he");
}

static void test_path_join_too_small(void)
{
    char dest[8];
    SMUDGE(dest);
    CHECK_OK(aksl_path_join(dest, 4, "a", "b")); /* "a/b" fits exactly */
    CHECK_STR_EQ(dest, "a/b");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_path_join(dest, 3, "a", "b"), AKERR_OUTOFBOUNDS,
                     "aksl_path_join: \"a\" + \"b\" (3 bytes) does not fit in 3 bytes");
    CHECK_STR_EQ(dest, "a/");
    SMUDGE(dest);
    CHECK_STATUS(aksl_path_join(dest, 2, "a", "b"), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(dest, "a");
    SMUDGE(dest);
    CHECK_STATUS(aksl_path_join(dest, 1, "a", "b"), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(dest, "");
    SMUDGE(dest);
    CHECK_OK(aksl_path_join(dest, 1, "", "")); /* "" fits in one byte */
    CHECK_STR_EQ(dest, "");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_path_join(dest, 0, "a", "b"), AKERR_OUTOFBOUNDS,
                     "aksl_path_join: \"a\" + \"b\" (3 bytes) does not fit in 0 bytes");
    CHECK(dest[0] == 'X');
}

static void test_path_join_nulls(void)
{
    char dest[8];
    CHECK_STATUS_MSG(aksl_path_join(NULL, sizeof(dest), "a", "b"), AKERR_NULLPOINTER,
                     "aksl_path_join: NULL dest");
    CHECK_STATUS_MSG(aksl_path_join(dest, sizeof(dest), NULL, "b"), AKERR_NULLPOINTER,
                     "aksl_path_join: NULL dir");
    CHECK_STATUS_MSG(aksl_path_join(dest, sizeof(dest), "a", NULL), AKERR_NULLPOINTER,
                     "aksl_path_join: NULL name");
}

/* ------------------------------------------------------------------------ */
/* aksl_getcwd                                                              */
/* ------------------------------------------------------------------------ */

/* Runs the getcwd cases from inside the scratch directory, whose name we know. */
static void test_getcwd(void)
{
    char saved[PATH_MAX], dest[PATH_MAX], expected[FX_MSG_MAX];
    size_t len = strlen(fx_dir);
    CHECK(getcwd(saved, sizeof(saved)) != NULL);
    CHECK(chdir(fx_dir) == 0);

    SMUDGE(dest);
    CHECK_OK(aksl_getcwd(dest, sizeof(dest)));
    CHECK_STR_EQ(dest, fx_dir);

    SMUDGE(dest);
    CHECK_OK(aksl_getcwd(dest, len + 1)); /* exactly fits */
    CHECK_STR_EQ(dest, fx_dir);

    SMUDGE(dest);
    snprintf(expected, sizeof(expected),
             "aksl_getcwd: \"%s\" (%zu bytes) does not fit in %zu bytes", fx_dir, len, len);
    CHECK_STATUS_MSG(aksl_getcwd(dest, len), AKERR_OUTOFBOUNDS, expected); /* one short */
    CHECK(strlen(dest) == len - 1 && strncmp(dest, fx_dir, len - 1) == 0);

    SMUDGE(dest);
    CHECK_STATUS(aksl_getcwd(dest, 1), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(dest, "");

    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_getcwd(dest, 0), AKERR_OUTOFBOUNDS,
                     "aksl_getcwd: the working directory does not fit in 0 bytes");
    CHECK(dest[0] == 'X');

    CHECK(chdir(saved) == 0);
}

/* A working directory that was removed under us is ENOENT. Windows does
 * not let a process remove its working directory: there the removal fails
 * and the directory stays the working one. */
static void test_getcwd_removed_directory(void)
{
    char saved[PATH_MAX], gone[PATH_MAX], dest[PATH_MAX];
    CHECK(getcwd(saved, sizeof(saved)) != NULL);
    fx_mkdir("gone");
    fx_path(gone, "gone");
    CHECK(chdir(gone) == 0);
    SMUDGE(dest);
#ifdef _WIN32
    CHECK(rmdir(gone) != 0);
    CHECK_OK(aksl_getcwd(dest, sizeof(dest)));
    CHECK_STR_EQ(dest, gone);
#else
    CHECK(rmdir(gone) == 0);
    char expected[FX_MSG_MAX];
    snprintf(expected, sizeof(expected), "aksl_getcwd: %s", strerror(ENOENT));
    CHECK_STATUS_MSG(aksl_getcwd(dest, sizeof(dest)), ENOENT, expected);
    CHECK_STR_EQ(dest, "");
#endif
    CHECK(chdir(saved) == 0);
}

static void test_getcwd_null(void)
{
    CHECK_STATUS_MSG(aksl_getcwd(NULL, 16), AKERR_NULLPOINTER, "aksl_getcwd: NULL dest");
}

/* ------------------------------------------------------------------------ */
/* aksl_path_exists                                                         */
/* ------------------------------------------------------------------------ */

static void check_exists(const char *name, bool want)
{
    char path[PATH_MAX];
    bool got = !want;
    fx_path(path, name);
    CHECK_OK(aksl_path_exists(path, &got));
    CHECK_MSG(got == want, "aksl_path_exists(\"%s\") = %d, want %d", name, got, want);
}

static void test_path_exists(void)
{
    check_exists("file.txt", true);
    check_exists("sub", true);
    check_exists("sub/inner.txt", true);
    check_exists("sub/../file.txt", true);
    check_exists("missing", false);
    check_exists("sub/missing/deeper", false);

    bool got = true;
    CHECK_OK(aksl_path_exists("", &got));
    CHECK(got == false);
}

static void test_path_exists_follows_links(void)
{
    if (!links) {
        TEST_SKIP(FX_NO_LINK);
    }
    check_exists("link", true);            /* symlink to a directory, followed */
    check_exists("link/inner.txt", true);
    check_exists("dangling", false);       /* followed to nothing */
}

/* ENOTDIR is not "missing": a file is being used as a directory. */
static void test_path_exists_through_a_file_is_enotdir(void)
{
    char path[PATH_MAX], expected[FX_MSG_MAX];
    bool got = true;
    fx_path(path, "file.txt/x");
    os_message(expected, "aksl_path_exists", path, ENOTDIR);
    CHECK_STATUS_MSG(aksl_path_exists(path, &got), ENOTDIR, expected);
    CHECK(got == true); /* left untouched on failure */
}

static void test_path_exists_nulls(void)
{
    bool got;
    CHECK_STATUS_MSG(aksl_path_exists(NULL, &got), AKERR_NULLPOINTER,
                     "aksl_path_exists: NULL path");
    CHECK_STATUS_MSG(aksl_path_exists("/", NULL), AKERR_NULLPOINTER,
                     "aksl_path_exists: NULL dest");
}

/* ------------------------------------------------------------------------ */
/* aksl_path_info                                                           */
/* ------------------------------------------------------------------------ */

/* What aksl_path_info says of fx_dir/name. */
static aksl_PathInfo info_of(const char *name)
{
    char path[PATH_MAX];
    aksl_PathInfo info = {.exists = false, .kind = AKSL_FILE_OTHER, .size = 99};
    fx_path(path, name);
    CHECK_OK(aksl_path_info(path, &info));
    return info;
}

static void test_path_info(void)
{
    aksl_PathInfo info = info_of("file.txt");
    CHECK(info.exists && info.kind == AKSL_FILE_REGULAR && info.size == 5);
    info = info_of("sub");
    CHECK(info.exists && info.kind == AKSL_FILE_DIRECTORY && info.size == 0);
    info = info_of("sub/../sub/inner.txt");
    CHECK(info.exists && info.kind == AKSL_FILE_REGULAR && info.size == 5);
    info = info_of("missing");
    CHECK(!info.exists && info.kind == AKSL_FILE_OTHER && info.size == 0);
    CHECK_OK(aksl_path_info("", &info));
    CHECK(!info.exists);
}

/* A link is described by what it leads to. */
static void test_path_info_follows_links(void)
{
    if (!links) {
        TEST_SKIP(FX_NO_LINK);
    }
    aksl_PathInfo info = info_of("filelink");
    CHECK(info.exists && info.kind == AKSL_FILE_REGULAR && info.size == 5);
    info = info_of("link");
    CHECK(info.exists && info.kind == AKSL_FILE_DIRECTORY);
    info = info_of("dangling");
    CHECK(!info.exists);
}

/* A device is named as one, not mistaken for an empty regular file. */
static void test_path_info_device(void)
{
    aksl_PathInfo info = {0};
    CHECK_OK(aksl_path_info(FX_NULL_DEVICE, &info));
    CHECK(info.exists && info.kind == AKSL_FILE_CHARACTER_DEVICE && info.size == 0);
}

static void test_path_info_through_a_file_is_enotdir(void)
{
    char path[PATH_MAX], expected[FX_MSG_MAX];
    aksl_PathInfo info = {.exists = true, .kind = AKSL_FILE_FIFO, .size = 7};
    fx_path(path, "file.txt/x");
    os_message(expected, "aksl_path_info", path, ENOTDIR);
    CHECK_STATUS_MSG(aksl_path_info(path, &info), ENOTDIR, expected);
    CHECK(info.exists && info.kind == AKSL_FILE_FIFO && info.size == 7); /* untouched */
}

static void test_path_info_nulls(void)
{
    aksl_PathInfo info;
    CHECK_STATUS_MSG(aksl_path_info(NULL, &info), AKERR_NULLPOINTER, "aksl_path_info: NULL path");
    CHECK_STATUS_MSG(aksl_path_info("/", NULL), AKERR_NULLPOINTER, "aksl_path_info: NULL dest");
}

int main(void)
{
    make_tree();
    TEST_BEGIN();
    fx_add_counters();
    RUN_TEST(test_realpath_folds_spellings);
    RUN_TEST(test_realpath_follows_links);
    RUN_TEST(test_realpath_relative);
    RUN_TEST(test_realpath_missing_is_enoent);
    RUN_TEST(test_realpath_dangling_link_is_enoent);
    RUN_TEST(test_realpath_through_a_file_is_enotdir);
    RUN_TEST(test_realpath_status_is_named);
    RUN_TEST(test_realpath_nulls);
    RUN_TEST(test_dirname_and_basename_table);
    RUN_TEST(test_dirname_too_small);
    RUN_TEST(test_basename_too_small);
    RUN_TEST(test_dirname_basename_nulls);
    RUN_TEST(test_path_join_table);
    RUN_TEST(test_path_join_in_place);
    RUN_TEST(test_path_join_too_small);
    RUN_TEST(test_path_join_nulls);
    RUN_TEST(test_getcwd);
    RUN_TEST(test_getcwd_removed_directory);
    RUN_TEST(test_getcwd_null);
    RUN_TEST(test_path_exists);
    RUN_TEST(test_path_exists_follows_links);
    RUN_TEST(test_path_exists_through_a_file_is_enotdir);
    RUN_TEST(test_path_exists_nulls);
    RUN_TEST(test_path_info);
    RUN_TEST(test_path_info_follows_links);
    RUN_TEST(test_path_info_device);
    RUN_TEST(test_path_info_through_a_file_is_enotdir);
    RUN_TEST(test_path_info_nulls);
    int status = TEST_END();
    fx_teardown();
    return status;
}
