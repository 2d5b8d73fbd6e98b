/*
 * How a loader's message shows its file (docs/04-json.md): the path itself,
 * or for one of more than AKGL_MAX_MESSAGE_PATH_LENGTH bytes its first 128
 * bytes, "..." and its last 125. Written out here from the documented rule,
 * so the tests check the library against the docs, not against itself.
 */
#ifndef AKGL_TEST_MESSAGE_PATH_H
#define AKGL_TEST_MESSAGE_PATH_H

#include <akgl/limits.h>

#include <stdbool.h>
#include <string.h>

#define TEST_SHOWN_PATH_SIZE (AKGL_MAX_MESSAGE_PATH_LENGTH + 1)

static inline const char *test_shown_path(const char *path, char out[TEST_SHOWN_PATH_SIZE])
{
    size_t len = strlen(path);
    if (len <= AKGL_MAX_MESSAGE_PATH_LENGTH) {
        memcpy(out, path, len + 1);
    } else {
        memcpy(out, path, 128);
        memcpy(out + 128, "...", 3);
        memcpy(out + 131, path + len - 125, 126);
    }
    return out;
}

/* Whether `msg` begins with `path` as messages show it, then ':'. */
static inline bool test_message_names_file(const char *msg, const char *path)
{
    char shown[TEST_SHOWN_PATH_SIZE];
    size_t n = strlen(test_shown_path(path, shown));
    return strncmp(msg, shown, n) == 0 && msg[n] == ':';
}

/*
 * Writes a path of `len` bytes into `buf` (len + 1 bytes): "/ppp.../ppp...",
 * a component every 200 bytes so the OS says ENOENT rather than ENAMETOOLONG
 * for one it may look up.
 */
static inline char *test_long_path(char *buf, size_t len)
{
    memset(buf, 'p', len);
    for (size_t i = 0; i < len; i += 200) {
        buf[i] = '/';
    }
    buf[len] = '\0';
    return buf;
}

#endif /* AKGL_TEST_MESSAGE_PATH_H */
