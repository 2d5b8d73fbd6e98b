/*
 * Status names: the library's codes, errno values, 0, application codes,
 * truncation, out-of-range statuses, and where the library's codes sit.
 */
#define _GNU_SOURCE /* glibc's strerrorname_np, to hold akerror's names against */

#include <akerror.h>

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "test.h"

static const int library_codes[] = {
    AKERR_NULLPOINTER, AKERR_OUTOFBOUNDS, AKERR_API,      AKERR_ATTRIBUTE,   AKERR_TYPE,
    AKERR_KEY,         AKERR_HEAP,        AKERR_INDEX,    AKERR_FORMAT,      AKERR_IO,
    AKERR_REGISTRY,    AKERR_VALUE,       AKERR_BEHAVIOR, AKERR_RELATIONSHIP, AKERR_EXHAUSTED,
};
#define NLIBRARY_CODES ((int)(sizeof(library_codes) / sizeof(library_codes[0])))

static void test_library_codes_are_the_documented_range(void)
{
    /* 15 codes, 200..214, consecutive, in the order the header lists them. */
    CHECK_INT_EQ(NLIBRARY_CODES, 15);
    CHECK_INT_EQ(AKERR_FIRST_LIBRARY_STATUS, 200);
    CHECK_INT_EQ(AKERR_LAST_LIBRARY_STATUS, 214);
    for (int i = 0; i < NLIBRARY_CODES; i++) {
        CHECK_INT_EQ(library_codes[i], AKERR_FIRST_LIBRARY_STATUS + i);
    }
    CHECK(AKERR_LAST_LIBRARY_STATUS < 256);
    CHECK_INT_EQ(AKERR_FIRST_APPLICATION_STATUS, 256);
}

static void test_library_codes_have_distinct_names(void)
{
    for (int i = 0; i < NLIBRARY_CODES; i++) {
        const char *name = akerr_name_for_status(library_codes[i], NULL);
        CHECK_MSG(name != NULL && name[0] != '\0', "status %d has no name", library_codes[i]);
        CHECK_MSG(strcmp(name, "Unknown status") != 0, "status %d is unnamed", library_codes[i]);
        CHECK_MSG(strlen(name) < AKERR_MAX_ERROR_NAME_LENGTH, "status %d name too long",
                  library_codes[i]);
        for (int j = 0; j < i; j++) {
            CHECK_MSG(strcmp(name, akerr_name_for_status(library_codes[j], NULL)) != 0,
                      "statuses %d and %d share the name \"%s\"", library_codes[i],
                      library_codes[j], name);
        }
    }
    CHECK_STR_EQ(akerr_name_for_status(AKERR_KEY, NULL), "Key error");
    CHECK_STR_EQ(akerr_name_for_status(AKERR_NULLPOINTER, NULL), "Null pointer");
}

static void test_zero_is_success(void)
{
    CHECK_STR_EQ(akerr_name_for_status(0, NULL), "Success");
}

static void test_errno_values_use_platform_text(void)
{
    char expected[256];
    snprintf(expected, sizeof(expected), "%s", strerror(ENOENT));
    CHECK_STR_EQ(akerr_name_for_status(ENOENT, NULL), expected);
    snprintf(expected, sizeof(expected), "%s", strerror(EINVAL));
    CHECK_STR_EQ(akerr_name_for_status(EINVAL, NULL), expected);
    snprintf(expected, sizeof(expected), "%s", strerror(ENOMEM));
    CHECK_STR_EQ(akerr_name_for_status(ENOMEM, NULL), expected);
#ifdef __GLIBC__
    CHECK_STR_EQ(akerr_name_for_status(ENOENT, NULL), "No such file or directory");
#endif
}

/*
 * The header promises the returned pointer stays valid until the status is
 * named again. For a number below AKERR_FIRST_LIBRARY_STATUS that the platform
 * does not use, glibc's strerror() builds "Unknown error N" in a per-thread
 * buffer and frees it on the next such call; returning that pointer was a
 * use-after-free (ASan reports it here without the fix in akerror.c).
 */
static void test_name_pointer_stays_valid(void)
{
    const int unused_a = AKERR_FIRST_LIBRARY_STATUS - 3;
    const int unused_b = AKERR_FIRST_LIBRARY_STATUS - 2;
    char expected_a[256], expected_enoent[256];
    snprintf(expected_a, sizeof(expected_a), "%s", strerror(unused_a));
    snprintf(expected_enoent, sizeof(expected_enoent), "%s", strerror(ENOENT));

    const char *a = akerr_name_for_status(unused_a, NULL);
    const char *enoent = akerr_name_for_status(ENOENT, NULL);
    /* Anything that calls strerror again, ours or anyone's. */
    CHECK(akerr_name_for_status(unused_b, NULL) != NULL);
    CHECK(strerror(AKERR_FIRST_LIBRARY_STATUS - 1) != NULL);

    CHECK_STR_EQ(a, expected_a);
    CHECK_STR_EQ(enoent, expected_enoent);
    /* Asking again gives the same storage. */
    CHECK(akerr_name_for_status(unused_a, NULL) == a);
}

static void test_application_code_can_be_named(void)
{
    const int code = AKERR_FIRST_APPLICATION_STATUS + 44; /* 300 */
    CHECK_STR_EQ(akerr_name_for_status(code, NULL), "Unknown status");
    CHECK_STR_EQ(akerr_name_for_status(code, "Dragon asleep"), "Dragon asleep");
    CHECK_STR_EQ(akerr_name_for_status(code, NULL), "Dragon asleep");
    /* Naming again replaces it. */
    CHECK_STR_EQ(akerr_name_for_status(code, "Dragon awake"), "Dragon awake");
    CHECK_STR_EQ(akerr_name_for_status(code, NULL), "Dragon awake");
    /* The highest nameable status works too. */
    CHECK_STR_EQ(akerr_name_for_status(AKERR_MAX_STATUS - 1, "Last one"), "Last one");
    CHECK_STR_EQ(akerr_name_for_status(AKERR_MAX_STATUS - 1, NULL), "Last one");
    /* Neighbours are untouched. */
    CHECK_STR_EQ(akerr_name_for_status(code + 1, NULL), "Unknown status");
}

static void test_name_is_copied(void)
{
    const int code = AKERR_FIRST_APPLICATION_STATUS + 45;
    char name[32] = "Troll under bridge";
    CHECK_STR_EQ(akerr_name_for_status(code, name), "Troll under bridge");
    memset(name, 'x', sizeof(name) - 1);
    CHECK_STR_EQ(akerr_name_for_status(code, NULL), "Troll under bridge");
}

static void test_long_name_is_truncated(void)
{
    const int code = AKERR_FIRST_APPLICATION_STATUS + 46;
    char longname[AKERR_MAX_ERROR_NAME_LENGTH * 3];
    for (size_t i = 0; i < sizeof(longname) - 1; i++) {
        longname[i] = (char)('a' + (int)(i % 26));
    }
    longname[sizeof(longname) - 1] = '\0';

    const char *got = akerr_name_for_status(code, longname);
    CHECK_INT_EQ(strlen(got), AKERR_MAX_ERROR_NAME_LENGTH - 1);
    CHECK(strncmp(got, longname, AKERR_MAX_ERROR_NAME_LENGTH - 1) == 0);
    CHECK_INT_EQ(strlen(akerr_name_for_status(code, NULL)), AKERR_MAX_ERROR_NAME_LENGTH - 1);

    /* Exactly capacity-1 bytes fits whole. */
    longname[AKERR_MAX_ERROR_NAME_LENGTH - 1] = '\0';
    CHECK_STR_EQ(akerr_name_for_status(code, longname), longname);
}

static void test_out_of_range_is_unknown(void)
{
    CHECK_STR_EQ(akerr_name_for_status(-1, NULL), "Unknown status");
    CHECK_STR_EQ(akerr_name_for_status(INT_MIN, NULL), "Unknown status");
    CHECK_STR_EQ(akerr_name_for_status(AKERR_MAX_STATUS, NULL), "Unknown status");
    CHECK_STR_EQ(akerr_name_for_status(INT_MAX, NULL), "Unknown status");
    /* An unnamed code between the library's and the application's. */
    CHECK_STR_EQ(akerr_name_for_status(AKERR_LAST_LIBRARY_STATUS + 1, NULL), "Unknown status");
    CHECK_STR_EQ(akerr_name_for_status(255, NULL), "Unknown status");
    /* Out of range cannot be named: the name is not kept anywhere. */
    CHECK_STR_EQ(akerr_name_for_status(AKERR_MAX_STATUS, "Nope"), "Unknown status");
    CHECK_STR_EQ(akerr_name_for_status(-5, "Nope"), "Unknown status");
    CHECK_STR_EQ(akerr_name_for_status(AKERR_MAX_STATUS, NULL), "Unknown status");
}

/* The largest errno macro this platform defines, of those we know of. */
static int largest_errno_macro(void)
{
    static const int known[] = {
        EPERM, ENOENT, EINTR, EIO, EBADF, EAGAIN, ENOMEM, EACCES, EEXIST, ENOTDIR, EISDIR,
        EINVAL, ENFILE, EMFILE, ENOSPC, EPIPE, EDOM, ERANGE, EDEADLK, ENAMETOOLONG, ENOSYS,
        ENOTEMPTY, ELOOP, EWOULDBLOCK, ENOMSG, EIDRM, ENOSTR, ENODATA, ETIME, ENOSR, ENOLINK,
        EPROTO, EBADMSG, EOVERFLOW, EILSEQ, ENOTSOCK, EDESTADDRREQ, EMSGSIZE, EPROTOTYPE,
        ENOPROTOOPT, EPROTONOSUPPORT, EOPNOTSUPP, EAFNOSUPPORT, EADDRINUSE, EADDRNOTAVAIL,
        ENETDOWN, ENETUNREACH, ENETRESET, ECONNABORTED, ECONNRESET, ENOBUFS, EISCONN,
        ENOTCONN, ETIMEDOUT, ECONNREFUSED, EHOSTUNREACH, EALREADY, EINPROGRESS,
        ECANCELED, EOWNERDEAD, ENOTRECOVERABLE, ENOTSUP,
        /* POSIX's, but not in MinGW-w64's errno.h */
#ifdef ESTALE
        ESTALE,
#endif
#ifdef EDQUOT
        EDQUOT,
#endif
#ifdef ENOMEDIUM
        ENOMEDIUM,
#endif
#ifdef EMEDIUMTYPE
        EMEDIUMTYPE,
#endif
#ifdef ENOKEY
        ENOKEY,
#endif
#ifdef EKEYEXPIRED
        EKEYEXPIRED,
#endif
#ifdef EKEYREVOKED
        EKEYREVOKED,
#endif
#ifdef EKEYREJECTED
        EKEYREJECTED,
#endif
#ifdef ERFKILL
        ERFKILL,
#endif
#ifdef EHWPOISON
        EHWPOISON,
#endif
#ifdef ELAST
        ELAST,
#endif
    };
    int max = 0;
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
        if (known[i] > max) {
            max = known[i];
        }
    }
    return max;
}

static void test_library_codes_above_every_errno(void)
{
    int max = largest_errno_macro();
    CHECK_MSG(max < AKERR_FIRST_LIBRARY_STATUS, "errno %d collides with akerror's codes", max);
    CHECK(max >= ENOENT);
#ifdef __GLIBC__
    /* glibc names every number it does not use "Unknown error N": check the
     * whole library range and up to 255 is unused by the platform, and that
     * the check itself can tell a used number from an unused one. */
    CHECK(strncmp(strerror(ENOENT), "Unknown error", 13) != 0);
    CHECK(strncmp(strerror(max), "Unknown error", 13) != 0);
    for (int s = AKERR_FIRST_LIBRARY_STATUS; s < 256; s++) {
        CHECK_MSG(strncmp(strerror(s), "Unknown error", 13) == 0,
                  "the platform uses %d as an errno value (\"%s\")", s, strerror(s));
    }
#endif
}

/* The macro names: the library's are their macros' own spelling. */
static void test_library_codes_have_their_macro_names(void)
{
    static const char *const symbols[] = {
        "AKERR_NULLPOINTER", "AKERR_OUTOFBOUNDS", "AKERR_API",      "AKERR_ATTRIBUTE",
        "AKERR_TYPE",        "AKERR_KEY",         "AKERR_HEAP",     "AKERR_INDEX",
        "AKERR_FORMAT",      "AKERR_IO",          "AKERR_REGISTRY", "AKERR_VALUE",
        "AKERR_BEHAVIOR",    "AKERR_RELATIONSHIP", "AKERR_EXHAUSTED",
    };
    CHECK_INT_EQ((int)(sizeof(symbols) / sizeof(symbols[0])), NLIBRARY_CODES);
    for (int i = 0; i < NLIBRARY_CODES; i++) {
        const char *got = akerr_symbol_for_status(library_codes[i], NULL);
        CHECK_MSG(got != NULL && strcmp(got, symbols[i]) == 0, "status %d: symbol %s, expected %s",
                  library_codes[i], got != NULL ? got : "NULL", symbols[i]);
    }
    /* The text is another thing. */
    CHECK_STR_EQ(akerr_name_for_status(AKERR_KEY, NULL), "Key error");
}

static void test_symbols_of_errno_and_others(void)
{
    /* akerror's own list, the same on every system. */
    CHECK_STR_EQ(akerr_symbol_for_status(ENOENT, NULL), "ENOENT");
    CHECK_STR_EQ(akerr_symbol_for_status(ENOMEM, NULL), "ENOMEM");
    CHECK_STR_EQ(akerr_symbol_for_status(EACCES, NULL), "EACCES");
    CHECK_STR_EQ(akerr_symbol_for_status(ENAMETOOLONG, NULL), "ENAMETOOLONG");
    CHECK_STR_EQ(akerr_symbol_for_status(EILSEQ, NULL), "EILSEQ");
    CHECK_STR_EQ(akerr_symbol_for_status(ETIMEDOUT, NULL), "ETIMEDOUT");
    /* A number the platform does not use has none. */
    CHECK(akerr_symbol_for_status(AKERR_FIRST_LIBRARY_STATUS - 1, NULL) == NULL);
    CHECK(akerr_symbol_for_status(0, NULL) == NULL);
    CHECK(akerr_symbol_for_status(AKERR_LAST_LIBRARY_STATUS + 1, NULL) == NULL);
    CHECK(akerr_symbol_for_status(-1, NULL) == NULL);
    CHECK(akerr_symbol_for_status(AKERR_MAX_STATUS, NULL) == NULL);
    CHECK(akerr_symbol_for_status(AKERR_MAX_STATUS, "NOPE") == NULL);
    CHECK(akerr_symbol_for_status(AKERR_MAX_STATUS, NULL) == NULL);
}

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
#define HAVE_STRERRORNAME_NP 1
/* Two names for one value: either may be the one given. */
static bool aliases(const char *a, const char *b)
{
    static const char *const pairs[][2] = {
        {"EAGAIN", "EWOULDBLOCK"}, {"ENOTSUP", "EOPNOTSUPP"}, {"EDEADLK", "EDEADLOCK"},
    };
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        if ((strcmp(a, pairs[i][0]) == 0 && strcmp(b, pairs[i][1]) == 0) ||
            (strcmp(a, pairs[i][1]) == 0 && strcmp(b, pairs[i][0]) == 0)) {
            return true;
        }
    }
    return false;
}
#endif

static void test_symbols_of_system_errno_values(void)
{
    /* Names particular systems define, where this one's <errno.h> has them. */
#ifdef ESTALE
    CHECK_STR_EQ(akerr_symbol_for_status(ESTALE, NULL), "ESTALE");
#endif
#ifdef EREMOTEIO
    CHECK_STR_EQ(akerr_symbol_for_status(EREMOTEIO, NULL), "EREMOTEIO");
#endif
#ifdef EHWPOISON
    CHECK_STR_EQ(akerr_symbol_for_status(EHWPOISON, NULL), "EHWPOISON");
#endif
#ifdef HAVE_STRERRORNAME_NP
    /* glibc names every value it uses: akerror's list misses none of them,
     * and names none it does not use. */
    for (int v = 1; v < AKERR_FIRST_LIBRARY_STATUS; v++) {
        const char *want = strerrorname_np(v);
        const char *got = akerr_symbol_for_status(v, NULL);
        if (want == NULL || got == NULL) {
            CHECK_MSG(want == got, "errno %d: glibc says %s, akerror %s", v,
                      want ? want : "nothing", got ? got : "nothing");
        } else if (strcmp(want, got) != 0) {
            CHECK_MSG(aliases(want, got), "errno %d: glibc says %s, akerror %s", v, want, got);
        }
    }
#endif
}

static void test_application_code_can_be_given_a_symbol(void)
{
    const int code = AKERR_FIRST_APPLICATION_STATUS + 47;
    CHECK(akerr_symbol_for_status(code, NULL) == NULL);
    CHECK_STR_EQ(akerr_symbol_for_status(code, "GAME_ERR_NO_MANA"), "GAME_ERR_NO_MANA");
    CHECK_STR_EQ(akerr_symbol_for_status(code, NULL), "GAME_ERR_NO_MANA");
    /* Its text is its own, set or not. */
    CHECK_STR_EQ(akerr_name_for_status(code, NULL), "Unknown status");
    CHECK(akerr_symbol_for_status(code + 1, NULL) == NULL);
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_library_codes_are_the_documented_range);
    RUN_TEST(test_library_codes_have_distinct_names);
    RUN_TEST(test_zero_is_success);
    RUN_TEST(test_errno_values_use_platform_text);
    RUN_TEST(test_name_pointer_stays_valid);
    RUN_TEST(test_application_code_can_be_named);
    RUN_TEST(test_name_is_copied);
    RUN_TEST(test_long_name_is_truncated);
    RUN_TEST(test_out_of_range_is_unknown);
    RUN_TEST(test_library_codes_above_every_errno);
    RUN_TEST(test_library_codes_have_their_macro_names);
    RUN_TEST(test_symbols_of_errno_and_others);
    RUN_TEST(test_symbols_of_system_errno_values);
    RUN_TEST(test_application_code_can_be_given_a_symbol);
    return TEST_END();
}
