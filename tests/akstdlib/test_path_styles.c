/*
 * The two grammars of paths (src/akstdlib/path_style.h), on every system:
 * pure string functions, so the Windows grammar (both separators, drives,
 * shares) is checked by the Linux build too, and the POSIX one by the
 * Windows build. The public functions use the system's own grammar; the
 * last case checks which one that is.
 */
#include <akstdlib.h>

#include <string.h>

#include "../../src/akstdlib/path_style.h"
#include "test.h"

#define SMUDGE(buf) memset((buf), 'X', sizeof(buf))

struct root_case {
    const char *path;
    size_t posix;
    size_t windows;
};

static const struct root_case root_cases[] = {
    {"", 0, 0},
    {"a/b", 0, 0},
    {"/a", 1, 1},
    {"//a", 1, 3},              /* Windows: a share's server "a", no share */
    {"///a", 1, 1},             /* three separators: no share */
    {"\\a", 0, 1},
    {"C:", 0, 2},
    {"C:a", 0, 2},
    {"c:\\a", 0, 3},
    {"C:/", 0, 3},
    {"C:\\\\a", 0, 3},          /* the separators after the root are not it */
    {"1:/a", 0, 0},             /* a drive is a letter */
    {"\\\\server\\share\\a\\b", 0, 15},
    {"//server/share", 1, 14},
    {"\\\\server", 0, 8},
    {"\\\\?\\C:\\games", 0, 7}, /* a long path's prefix parses as a share */
};

static void test_root_length(void)
{
    for (size_t k = 0; k < sizeof(root_cases) / sizeof(root_cases[0]); k++) {
        const struct root_case *c = &root_cases[k];
        size_t posix = aksl_path_style_root_length(AKSL_PATH_POSIX, c->path);
        size_t windows = aksl_path_style_root_length(AKSL_PATH_WINDOWS, c->path);
        CHECK_MSG(posix == c->posix, "POSIX root of \"%s\" = %zu, want %zu", c->path, posix,
                  c->posix);
        CHECK_MSG(windows == c->windows, "Windows root of \"%s\" = %zu, want %zu", c->path,
                  windows, c->windows);
    }
}

static void test_separators(void)
{
    CHECK(aksl_path_style_is_separator(AKSL_PATH_POSIX, '/'));
    CHECK(!aksl_path_style_is_separator(AKSL_PATH_POSIX, '\\'));
    CHECK(aksl_path_style_is_separator(AKSL_PATH_WINDOWS, '/'));
    CHECK(aksl_path_style_is_separator(AKSL_PATH_WINDOWS, '\\'));
    CHECK(!aksl_path_style_is_separator(AKSL_PATH_WINDOWS, ':'));
}

struct split_case {
    aksl_PathStyle style;
    const char *path;
    const char *dir;
    const char *base;
};

#define W AKSL_PATH_WINDOWS
#define P AKSL_PATH_POSIX

static const struct split_case split_cases[] = {
    /* '\\' is a byte of a name on POSIX */
    {P, "a\\b.json", ".", "a\\b.json"},
    {P, "/x/a\\b", "/x", "a\\b"},
    {P, "C:/a", "C:", "a"},
    /* The same paths as Windows sees them */
    {W, "a\\b.json", "a", "b.json"},
    {W, "/x/a\\b", "/x/a", "b"},
    {W, "C:/a", "C:/", "a"},
    {W, "C:\\a\\b.png", "C:\\a", "b.png"},
    {W, "C:\\a\\", "C:\\", "a"},
    {W, "C:\\", "C:\\", "C:\\"},
    {W, "C:\\\\", "C:\\", "C:\\"},
    {W, "C:", "C:", "C:"},
    {W, "C:b.png", "C:", "b.png"},
    {W, "C:a\\b", "C:a", "b"},
    {W, "\\a", "\\", "a"},
    {W, "\\", "\\", "\\"},
    {W, "a\\/b", "a", "b"},
    {W, "a/", ".", "a"},
    {W, "", ".", "."},
    {W, "\\\\server\\share\\a", "\\\\server\\share\\", "a"},
    {W, "\\\\server\\share\\", "\\\\server\\share\\", "\\\\server\\share\\"},
    {W, "//server/share", "//server/share", "//server/share"},
    {W, "\\\\?\\C:\\games\\hero.png", "\\\\?\\C:\\games", "hero.png"},
};

static void test_split(void)
{
    char dest[64];
    for (size_t k = 0; k < sizeof(split_cases) / sizeof(split_cases[0]); k++) {
        const struct split_case *c = &split_cases[k];
        const char *style = c->style == W ? "Windows" : "POSIX";
        SMUDGE(dest);
        CHECK_OK(aksl_dirname_as(c->style, c->path, dest, sizeof(dest)));
        CHECK_MSG(strcmp(dest, c->dir) == 0, "%s dirname(\"%s\") = \"%s\", want \"%s\"", style,
                  c->path, dest, c->dir);
        SMUDGE(dest);
        CHECK_OK(aksl_basename_as(c->style, c->path, dest, sizeof(dest)));
        CHECK_MSG(strcmp(dest, c->base) == 0, "%s basename(\"%s\") = \"%s\", want \"%s\"", style,
                  c->path, dest, c->base);
    }
}

struct join_case {
    aksl_PathStyle style;
    const char *dir;
    const char *name;
    const char *joined;
};

static const struct join_case join_cases[] = {
    {P, "a\\", "b", "a\\/b"},
    {P, "a", "C:/b", "a/C:/b"},
    {P, "a", "\\b", "a/\\b"},
    {W, "a\\", "b", "a/b"},
    {W, "a\\\\", "b", "a/b"},
    {W, "C:\\games", "hero.png", "C:\\games/hero.png"},
    {W, "C:\\", "b", "C:\\b"},
    {W, "C:/", "b", "C:/b"},
    {W, "C:", "b", "C:b"},
    {W, "C:\\\\", "b", "C:\\b"},
    {W, "\\", "b", "\\b"},
    {W, "a", "C:\\b", "C:\\b"},
    {W, "a", "C:b", "C:b"},
    {W, "a", "\\b", "\\b"},
    {W, "a", "//server/share/x", "//server/share/x"},
    {W, "\\\\server\\share", "b", "\\\\server\\share/b"},
    {W, "\\\\server\\share\\", "b", "\\\\server\\share\\b"},
    {W, "C:\\a", "", "C:\\a"},
    {W, "", "b\\c", "b\\c"},
};

static void test_join(void)
{
    char dest[64];
    for (size_t k = 0; k < sizeof(join_cases) / sizeof(join_cases[0]); k++) {
        const struct join_case *c = &join_cases[k];
        SMUDGE(dest);
        CHECK_OK(aksl_path_join_as(c->style, dest, sizeof(dest), c->dir, c->name));
        CHECK_MSG(strcmp(dest, c->joined) == 0, "%s join(\"%s\", \"%s\") = \"%s\", want \"%s\"",
                  c->style == W ? "Windows" : "POSIX", c->dir, c->name, dest, c->joined);
    }
}

struct within_case {
    aksl_PathStyle style;
    const char *path;
    const char *dir;
    bool within;
};

static const struct within_case within_cases[] = {
    {P, "/a/b/c", "/a/b", true},
    {P, "/a/b", "/a/b", true},
    {P, "/a/b/c", "/a/b/", true},
    {P, "/a/bc", "/a/b", false},
    {P, "/a", "/a/b", false},
    {P, "/anything", "/", true},
    {P, "/", "/", true},
    {P, "rel", "/", false},
    {P, "/a/b", "", false},
    {P, "/A/b", "/a", false},
    {P, "/a\\b", "/a", false},
    {W, "/a\\b", "/a", true},
    {W, "C:\\Games\\x.png", "C:/games", true},
    {W, "c:/games", "C:\\Games\\", true},
    {W, "C:/gamesx", "C:/games", false},
    {W, "C:/x", "C:/", true},
    {W, "C:/x", "C:\\", true},
    {W, "D:/x", "C:/", false},
    {W, "\\\\server\\share\\a", "//SERVER/share", true},
};

static void test_within(void)
{
    for (size_t k = 0; k < sizeof(within_cases) / sizeof(within_cases[0]); k++) {
        const struct within_case *c = &within_cases[k];
        bool got = !c->within;
        CHECK_OK(aksl_path_is_within_as(c->style, c->path, c->dir, &got));
        CHECK_MSG(got == c->within, "%s: \"%s\" within \"%s\" = %d, want %d",
                  c->style == W ? "Windows" : "POSIX", c->path, c->dir, got, c->within);
    }
}

static void test_within_public_and_nulls(void)
{
    bool got = false;
    CHECK_OK(aksl_path_is_within("/a/b/c", "/a/b", &got));
    CHECK(got);
    CHECK_OK(aksl_path_is_within("/a/bc", "/a/b", &got));
    CHECK(!got);
    got = true;
    CHECK_STATUS_MSG(aksl_path_is_within(NULL, "/a", &got), AKERR_NULLPOINTER,
                     "aksl_path_is_within: NULL path");
    CHECK_STATUS_MSG(aksl_path_is_within("/a", NULL, &got), AKERR_NULLPOINTER,
                     "aksl_path_is_within: NULL dir");
    CHECK_STATUS_MSG(aksl_path_is_within("/a", "/a", NULL), AKERR_NULLPOINTER,
                     "aksl_path_is_within: NULL dest");
    CHECK(got); /* untouched on failure */
}

/* The Windows grammar says what does not fit as the POSIX one does. */
static void test_windows_too_small(void)
{
    char dest[8];
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_dirname_as(W, "C:\\abc\\d", dest, 4), AKERR_OUTOFBOUNDS,
                     "aksl_dirname: the directory of \"C:\\abc\\d\" (6 bytes) does not fit in 4 "
                     "bytes");
    CHECK_STR_EQ(dest, "C:\\");
    SMUDGE(dest);
    CHECK_STATUS_MSG(aksl_path_join_as(W, dest, 4, "C:", "bcd"), AKERR_OUTOFBOUNDS,
                     "aksl_path_join: \"C:\" + \"bcd\" (5 bytes) does not fit in 4 bytes");
    CHECK_STR_EQ(dest, "C:b");
    CHECK_STATUS_MSG(aksl_basename_as(W, NULL, dest, sizeof(dest)), AKERR_NULLPOINTER,
                     "aksl_basename: NULL path");
}

/* The public functions speak the grammar of the system they were built for. */
static void test_native_grammar(void)
{
    char dest[16];
    CHECK_OK(aksl_dirname("a\\b", dest, sizeof(dest)));
#ifdef _WIN32
    CHECK_STR_EQ(dest, "a");
#else
    CHECK_STR_EQ(dest, ".");
#endif
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_root_length);
    RUN_TEST(test_separators);
    RUN_TEST(test_split);
    RUN_TEST(test_join);
    RUN_TEST(test_within);
    RUN_TEST(test_within_public_and_nulls);
    RUN_TEST(test_windows_too_small);
    RUN_TEST(test_native_grammar);
    return TEST_END();
}
