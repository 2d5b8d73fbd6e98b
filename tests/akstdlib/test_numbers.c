/* aksl_atoi, aksl_atol, aksl_atoll, aksl_atof: the whole string is one number or it is an error. */
#include <akstdlib.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "test.h"

enum parser { P_ATOI, P_ATOL, P_ATOLL, P_ATOF, P_COUNT };

static const char *const parser_names[P_COUNT] = {"aksl_atoi", "aksl_atol", "aksl_atoll",
                                                  "aksl_atof"};

#define SENTINEL 12345

/* Calls one parser on s; *untouched says whether dest kept its sentinel. */
static akerr_ErrorContext *parse(enum parser p, const char *s, bool *untouched)
{
    int i = SENTINEL;
    long l = SENTINEL;
    long long ll = SENTINEL;
    double d = SENTINEL;
    akerr_ErrorContext *e = NULL;
    switch (p) {
    case P_ATOI: e = aksl_atoi(s, &i); break;
    case P_ATOL: e = aksl_atol(s, &l); break;
    case P_ATOLL: e = aksl_atoll(s, &ll); break;
    default: e = aksl_atof(s, &d); break;
    }
    *untouched = (i == SENTINEL && l == SENTINEL && ll == SENTINEL && d == SENTINEL);
    return e;
}

/* Checks that parser p refuses s with status and the message `<fn>: "<s>" <reason>`. */
static void check_refused(enum parser p, const char *s, int status, const char *reason)
{
    char expected[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    bool untouched = false;
    snprintf(expected, sizeof(expected), "%s: \"%s\" %s", parser_names[p], s, reason);
    CHECK_INT_EQ(test_status_of_(parse(p, s, &untouched), msg), status);
    CHECK_STR_EQ(msg, expected);
    CHECK_MSG(untouched, "%s(\"%s\") wrote dest on failure", parser_names[p], s);
}

/* The decimal string num with its magnitude one larger: "127" -> "128", "-128" -> "-129". */
static void one_further(char *out, size_t size, const char *num)
{
    size_t len = strlen(num);
    size_t first = (num[0] == '-' || num[0] == '+') ? 1 : 0;
    snprintf(out, size, "%s", num);
    for (size_t k = len; k > first; k--) {
        if (out[k - 1] != '9') {
            out[k - 1]++;
            return;
        }
        out[k - 1] = '0';
    }
    /* Every digit carried: 999 -> 1000. */
    memmove(out + first + 1, out + first, len - first + 1);
    out[first] = '1';
}

/* ------------------------------------------------------------------------ */
/* What every parser refuses                                                */
/* ------------------------------------------------------------------------ */

struct refusal {
    const char *input;
    const char *reason;
    bool integers_only; /* a valid double, or a double-specific case */
};

static const struct refusal refusals[] = {
    {"", "is empty, not a number", false},
    {" 12", "starts with whitespace", false},
    {"\t12", "starts with whitespace", false},
    {"\n", "starts with whitespace", false},
    {"12 ", "has trailing characters after the number", false},
    {"12\n", "has trailing characters after the number", false},
    {"1 2", "has trailing characters after the number", false},
    {"12x", "has trailing characters after the number", false},
    {"abc", "is not a number", false},
    {"-", "is not a number", false},
    {"+", "is not a number", false},
    {"+ 5", "is not a number", false},
    {"--5", "is not a number", false},
    {"0x10", "has trailing characters after the number", true}, /* base 10 only */
    {"1.5", "has trailing characters after the number", true},
    {"1e3", "has trailing characters after the number", true},
    /* Malformed beats too big: it is not a number at all. */
    {"99999999999999999999x", "has trailing characters after the number", true},
};

static void test_every_parser_refuses_malformed_text(void)
{
    for (int p = 0; p < P_COUNT; p++) {
        for (size_t k = 0; k < sizeof(refusals) / sizeof(refusals[0]); k++) {
            if (refusals[k].integers_only && p == P_ATOF) {
                continue;
            }
            check_refused((enum parser)p, refusals[k].input, AKERR_FORMAT, refusals[k].reason);
        }
    }
}

static void test_every_parser_refuses_nulls(void)
{
    int i;
    long l;
    long long ll;
    double d;
    CHECK_STATUS_MSG(aksl_atoi(NULL, &i), AKERR_NULLPOINTER, "aksl_atoi: NULL str");
    CHECK_STATUS_MSG(aksl_atoi("1", NULL), AKERR_NULLPOINTER, "aksl_atoi: NULL dest");
    CHECK_STATUS_MSG(aksl_atol(NULL, &l), AKERR_NULLPOINTER, "aksl_atol: NULL str");
    CHECK_STATUS_MSG(aksl_atol("1", NULL), AKERR_NULLPOINTER, "aksl_atol: NULL dest");
    CHECK_STATUS_MSG(aksl_atoll(NULL, &ll), AKERR_NULLPOINTER, "aksl_atoll: NULL str");
    CHECK_STATUS_MSG(aksl_atoll("1", NULL), AKERR_NULLPOINTER, "aksl_atoll: NULL dest");
    CHECK_STATUS_MSG(aksl_atof(NULL, &d), AKERR_NULLPOINTER, "aksl_atof: NULL str");
    CHECK_STATUS_MSG(aksl_atof("1", NULL), AKERR_NULLPOINTER, "aksl_atof: NULL dest");
}

/* ------------------------------------------------------------------------ */
/* Integers                                                                 */
/* ------------------------------------------------------------------------ */

static void test_atoi_reads_numbers(void)
{
    int v = 0;
    CHECK_OK(aksl_atoi("42", &v));
    CHECK_INT_EQ(v, 42);
    CHECK_OK(aksl_atoi("-17", &v));
    CHECK_INT_EQ(v, -17);
    CHECK_OK(aksl_atoi("+5", &v));
    CHECK_INT_EQ(v, 5);
    CHECK_OK(aksl_atoi("0", &v));
    CHECK_INT_EQ(v, 0);
    CHECK_OK(aksl_atoi("007", &v)); /* base 10: leading zeros are not octal */
    CHECK_INT_EQ(v, 7);
}

/* The limits of type T read back exactly; one further each way is out of bounds. */
#define CHECK_INTEGER_LIMITS(fn, T, fmt, min, max, typename)                                    \
    do {                                                                                        \
        char text_[64], beyond_[64], reason_[160];                                              \
        T v_ = 0;                                                                               \
        snprintf(reason_, sizeof(reason_), "is outside the range of %s (" fmt ".." fmt ")",   \
                 typename, (min), (max));                                                       \
        snprintf(text_, sizeof(text_), fmt, (max));                                             \
        CHECK_OK(fn(text_, &v_));                                                               \
        CHECK(v_ == (max));                                                                     \
        one_further(beyond_, sizeof(beyond_), text_);                                           \
        check_refused(P_##fn, beyond_, AKERR_OUTOFBOUNDS, reason_);                             \
        snprintf(text_, sizeof(text_), fmt, (min));                                             \
        CHECK_OK(fn(text_, &v_));                                                               \
        CHECK(v_ == (min));                                                                     \
        one_further(beyond_, sizeof(beyond_), text_);                                           \
        check_refused(P_##fn, beyond_, AKERR_OUTOFBOUNDS, reason_);                             \
        /* Far past every integer type: strtoll itself says ERANGE. */                         \
        check_refused(P_##fn, "99999999999999999999999", AKERR_OUTOFBOUNDS, reason_);          \
        check_refused(P_##fn, "-99999999999999999999999", AKERR_OUTOFBOUNDS, reason_);         \
    } while (0)

#define P_aksl_atoi P_ATOI
#define P_aksl_atol P_ATOL
#define P_aksl_atoll P_ATOLL

static void test_atoi_limits(void)
{
    CHECK_INTEGER_LIMITS(aksl_atoi, int, "%d", INT_MIN, INT_MAX, "int");
}

/* The spelling the brief names, checked literally as well. */
static void test_atoi_int_max_plus_one(void)
{
    check_refused(P_ATOI, "2147483648", AKERR_OUTOFBOUNDS,
                  "is outside the range of int (-2147483648..2147483647)");
    check_refused(P_ATOI, "-2147483649", AKERR_OUTOFBOUNDS,
                  "is outside the range of int (-2147483648..2147483647)");
}

static void test_atol_reads_numbers(void)
{
    long v = 0;
    CHECK_OK(aksl_atol("-123456", &v));
    CHECK_INT_EQ(v, -123456);
}

static void test_atol_limits(void)
{
    CHECK_INTEGER_LIMITS(aksl_atol, long, "%ld", LONG_MIN, LONG_MAX, "long");
}

static void test_atoll_reads_numbers(void)
{
    long long v = 0;
    CHECK_OK(aksl_atoll("123456789012", &v));
    CHECK(v == 123456789012LL);
}

static void test_atoll_limits(void)
{
    CHECK_INTEGER_LIMITS(aksl_atoll, long long, "%lld", LLONG_MIN, LLONG_MAX, "long long");
    long long v = 0;
    CHECK_OK(aksl_atoll("-9223372036854775808", &v)); /* LLONG_MIN, spelled out */
    CHECK(v == LLONG_MIN);
    check_refused(P_ATOLL, "-9223372036854775809", AKERR_OUTOFBOUNDS,
                  "is outside the range of long long (-9223372036854775808..9223372036854775807)");
}

/* ------------------------------------------------------------------------ */
/* aksl_atof                                                                */
/* ------------------------------------------------------------------------ */

static void test_atof_reads_numbers(void)
{
    double v = 0;
    CHECK_OK(aksl_atof("1.5", &v));
    CHECK(v == 1.5);
    CHECK_OK(aksl_atof("-0.25", &v));
    CHECK(v == -0.25);
    CHECK_OK(aksl_atof("1e3", &v));
    CHECK(v == 1000.0);
    CHECK_OK(aksl_atof("42", &v));
    CHECK(v == 42.0);
    CHECK_OK(aksl_atof(".5", &v));
    CHECK(v == 0.5);
    CHECK_OK(aksl_atof("0x1p3", &v)); /* hex float, as strtod */
    CHECK(v == 8.0);
    CHECK_OK(aksl_atof("0x10", &v));
    CHECK(v == 16.0);
}

static void test_atof_inf_and_nan_are_numbers(void)
{
    double v = 0;
    CHECK_OK(aksl_atof("inf", &v));
    CHECK(isinf(v) && v > 0);
    CHECK_OK(aksl_atof("-INF", &v));
    CHECK(isinf(v) && v < 0);
    CHECK_OK(aksl_atof("infinity", &v));
    CHECK(isinf(v));
    CHECK_OK(aksl_atof("nan", &v));
    CHECK(isnan(v));
}

static void test_atof_overflow(void)
{
    check_refused(P_ATOF, "1e999", AKERR_OUTOFBOUNDS, "is outside the range of double");
    check_refused(P_ATOF, "-1e999", AKERR_OUTOFBOUNDS, "is outside the range of double");
    check_refused(P_ATOF, "1.8e308", AKERR_OUTOFBOUNDS, "is outside the range of double");
    double v = 0;
    CHECK_OK(aksl_atof("1.7976931348623157e308", &v)); /* DBL_MAX */
    CHECK(v == DBL_MAX);
}

/* Underflow loses precision, not the value's meaning: accepted. */
static void test_atof_underflow_is_accepted(void)
{
    double v = -1;
    CHECK_OK(aksl_atof("1e-999", &v));
    CHECK(v == 0.0);
    CHECK_OK(aksl_atof("4e-320", &v)); /* subnormal */
    CHECK(v > 0.0 && v < DBL_MIN);
}

static void test_atof_refuses_double_garbage(void)
{
    check_refused(P_ATOF, "1.5f", AKERR_FORMAT, "has trailing characters after the number");
    check_refused(P_ATOF, "1e999x", AKERR_FORMAT, "has trailing characters after the number");
    check_refused(P_ATOF, "1,5", AKERR_FORMAT, "has trailing characters after the number");
    check_refused(P_ATOF, ".", AKERR_FORMAT, "is not a number");
    check_refused(P_ATOF, "e5", AKERR_FORMAT, "is not a number");
    check_refused(P_ATOF, " inf", AKERR_FORMAT, "starts with whitespace");
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_every_parser_refuses_malformed_text);
    RUN_TEST(test_every_parser_refuses_nulls);
    RUN_TEST(test_atoi_reads_numbers);
    RUN_TEST(test_atoi_limits);
    RUN_TEST(test_atoi_int_max_plus_one);
    RUN_TEST(test_atol_reads_numbers);
    RUN_TEST(test_atol_limits);
    RUN_TEST(test_atoll_reads_numbers);
    RUN_TEST(test_atoll_limits);
    RUN_TEST(test_atof_reads_numbers);
    RUN_TEST(test_atof_inf_and_nan_are_numbers);
    RUN_TEST(test_atof_overflow);
    RUN_TEST(test_atof_underflow_is_accepted);
    RUN_TEST(test_atof_refuses_double_garbage);
    return TEST_END();
}
