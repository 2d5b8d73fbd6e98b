/*
 * The structured form: ATTEMPT / CATCH / CLEANUP / PROCESS / HANDLE /
 * HANDLE_GROUP / HANDLE_DEFAULT / FINISH, on success and on failure, and
 * CLEANUP on every path out of ATTEMPT.
 *
 * Each block records a letter in `seq`, so a test can assert exactly which
 * blocks ran and in what order:
 *   C cleanup   P process   K HANDLE(KEY)   G the HANDLE_GROUP body
 *   D HANDLE_DEFAULT   A the code after FINISH (! if FINISH left a context)
 */
#include <akerror.h>

#include <stdbool.h>
#include <string.h>

#include "test.h"

static char seq[64];
static int last_group_status;

static void rec(char c)
{
    size_t n = strlen(seq);
    if (n + 1 < sizeof(seq)) {
        seq[n] = c;
        seq[n + 1] = '\0';
    }
}

static void seq_reset(void)
{
    seq[0] = '\0';
    last_group_status = 0;
}

/* Succeeds for 0, otherwise raises `status`. */
static akerr_ErrorContext AKERR_NOIGNORE *raise_status(int status)
{
    PREPARE_ERROR(errctx);
    if (status != 0) {
        FAIL_RETURN(errctx, status, "raised %d", status);
    }
    SUCCEED_RETURN(errctx);
}

/* HANDLE for one status, a group of three, nothing else: the rest pass up. */
static akerr_ErrorContext AKERR_NOIGNORE *form_specific(int status, bool pass_up)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, raise_status(status));
    } CLEANUP {
        rec('C');
    } PROCESS(errctx) {
        rec('P');
    } HANDLE(errctx, AKERR_KEY) {
        rec('K');
    } HANDLE(errctx, AKERR_INDEX) HANDLE_GROUP(errctx, AKERR_VALUE) HANDLE_GROUP(errctx, AKERR_TYPE) {
        rec('G');
        last_group_status = errctx->status;
    } FINISH(errctx, pass_up);
    rec(errctx == NULL ? 'A' : '!'); /* FINISH released what it did not return */
    SUCCEED_RETURN(errctx);
}

/* HANDLE for one status and HANDLE_DEFAULT for the rest. */
static akerr_ErrorContext AKERR_NOIGNORE *form_default(int status)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, raise_status(status));
    } CLEANUP {
        rec('C');
    } PROCESS(errctx) {
        rec('P');
    } HANDLE(errctx, AKERR_KEY) {
        rec('K');
    } HANDLE_DEFAULT(errctx) {
        rec('D');
        CHECK(errctx->handled);
    } FINISH(errctx, true);
    rec(errctx == NULL ? 'A' : '!'); /* FINISH released what it did not return */
    SUCCEED_RETURN(errctx);
}

static void test_success_runs_cleanup_only(void)
{
    int before = akerr_contexts_in_use();
    seq_reset();
    CHECK_OK(form_specific(0, true));
    CHECK_STR_EQ(seq, "CA");
    seq_reset();
    CHECK_OK(form_specific(0, false));
    CHECK_STR_EQ(seq, "CA");
    seq_reset();
    CHECK_OK(form_default(0));
    CHECK_STR_EQ(seq, "CA");
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_handle_picks_matching_status_only(void)
{
    int before = akerr_contexts_in_use();
    seq_reset();
    CHECK_OK(form_specific(AKERR_KEY, true));
    CHECK_STR_EQ(seq, "CPKA");
    CHECK_INT_EQ(last_group_status, 0);
    seq_reset();
    CHECK_OK(form_specific(AKERR_KEY, false));
    CHECK_STR_EQ(seq, "CPKA");
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_handle_group_shares_one_body(void)
{
    const int group[] = {AKERR_INDEX, AKERR_VALUE, AKERR_TYPE};
    int before = akerr_contexts_in_use();
    for (int i = 0; i < 3; i++) {
        seq_reset();
        CHECK_OK(form_specific(group[i], true));
        CHECK_STR_EQ(seq, "CPGA");
        CHECK_INT_EQ(last_group_status, group[i]);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_process_runs_for_every_error(void)
{
    /* Handled, grouped, unhandled, an errno value, an application code. */
    const int statuses[] = {AKERR_KEY, AKERR_VALUE, AKERR_IO, 2 /* ENOENT */, 300};
    const char *expected[] = {"CPKA", "CPGA", "CPA", "CPA", "CPA"};
    int before = akerr_contexts_in_use();
    for (int i = 0; i < 5; i++) {
        seq_reset();
        CHECK_OK(form_specific(statuses[i], false));
        CHECK_STR_EQ(seq, expected[i]);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_unmatched_with_pass_up_is_returned(void)
{
    int before = akerr_contexts_in_use();
    seq_reset();
    akerr_ErrorContext *e = form_specific(AKERR_IO, true);
    CHECK(e != NULL);
    if (e != NULL) {
        CHECK_INT_EQ(e->status, AKERR_IO);
        CHECK(!e->handled);
        CHECK_STR_EQ(e->message, "raised 209");
        CHECK_CONTAINS(e->stacktracebuf, ":raise_status:");
        CHECK_CONTAINS(e->stacktracebuf, ":form_specific:");
        /* The caller now holds exactly this one context. */
        CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
        RELEASE_ERROR(e);
        CHECK(e == NULL);
    }
    /* FINISH returned: the code after it did not run. */
    CHECK_STR_EQ(seq, "CP");
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_unmatched_without_pass_up_is_released(void)
{
    int before = akerr_contexts_in_use();
    seq_reset();
    CHECK_OK(form_specific(AKERR_IO, false));
    CHECK_STR_EQ(seq, "CPA");
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

static void test_handle_default_catches_the_rest(void)
{
    int before = akerr_contexts_in_use();
    seq_reset();
    CHECK_OK(form_default(AKERR_IO));
    CHECK_STR_EQ(seq, "CPDA");
    seq_reset();
    CHECK_OK(form_default(300));
    CHECK_STR_EQ(seq, "CPDA");
    /* A named status goes to its HANDLE, not to the default. */
    seq_reset();
    CHECK_OK(form_default(AKERR_KEY));
    CHECK_STR_EQ(seq, "CPKA");
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* A block between HANDLE and HANDLE_GROUP also runs for the earlier status. */
static akerr_ErrorContext AKERR_NOIGNORE *form_group_fallthrough(int status)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, raise_status(status));
    } CLEANUP {
    } PROCESS(errctx) {
    } HANDLE(errctx, AKERR_KEY) {
        rec('K');
    } HANDLE_GROUP(errctx, AKERR_INDEX) {
        rec('G');
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void test_handle_group_falls_through_from_handle(void)
{
    seq_reset();
    CHECK_OK(form_group_fallthrough(AKERR_KEY));
    CHECK_STR_EQ(seq, "KG");
    seq_reset();
    CHECK_OK(form_group_fallthrough(AKERR_INDEX));
    CHECK_STR_EQ(seq, "G");
    seq_reset();
    CHECK_STATUS(form_group_fallthrough(AKERR_IO), AKERR_IO);
    CHECK_STR_EQ(seq, "");
}

/* The handled flag is what FINISH decides on; it is set before the HANDLE body. */
static akerr_ErrorContext AKERR_NOIGNORE *form_reraise(int status)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, raise_status(status));
    } CLEANUP {
    } PROCESS(errctx) {
        CHECK(!errctx->handled);
    } HANDLE(errctx, AKERR_KEY) {
        CHECK(errctx->handled);
        /* Turn the error into another: FAIL marks it unhandled again. */
        FAIL(errctx, AKERR_VALUE, "key became value");
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void test_fail_inside_handle_reraises(void)
{
    int before = akerr_contexts_in_use();
    akerr_ErrorContext *e = form_reraise(AKERR_KEY);
    CHECK(e != NULL);
    if (e != NULL) {
        CHECK_INT_EQ(e->status, AKERR_VALUE);
        CHECK(!e->handled);
        CHECK_STR_EQ(e->message, "key became value");
        /* The trace keeps the first raise and adds the second. */
        CHECK_CONTAINS(e->stacktracebuf, ": 205 (Key error): raised 205\n");
        CHECK_CONTAINS(e->stacktracebuf, ": 211 (Value error): key became value\n");
        CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
        RELEASE_ERROR(e);
    }
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* A `break` in PROCESS's block or a HANDLE's block ends that block only. */
static akerr_ErrorContext AKERR_NOIGNORE *form_break_in_blocks(int status, int stop)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, raise_status(status));
    } CLEANUP {
    } PROCESS(errctx) {
        rec('P');
        if (stop) {
            break;
        }
        rec('p');
    } HANDLE(errctx, AKERR_KEY) {
        rec('K');
        if (stop) {
            break;
        }
        rec('k');
    } FINISH(errctx, true);
    rec(errctx == NULL ? 'A' : '!'); /* FINISH released what it did not return */
    SUCCEED_RETURN(errctx);
}

static void test_break_ends_only_its_block(void)
{
    seq_reset();
    CHECK_OK(form_break_in_blocks(AKERR_KEY, 0));
    CHECK_STR_EQ(seq, "PpKkA");
    seq_reset();
    CHECK_OK(form_break_in_blocks(AKERR_KEY, 1));
    CHECK_STR_EQ(seq, "PKA");
}

/* ------------------------------------------------------------------------ */
/* CLEANUP runs exactly once, on every path out of ATTEMPT                  */
/* ------------------------------------------------------------------------ */

enum path {
    PATH_SUCCESS,
    PATH_CATCH,
    PATH_FAIL_BREAK,
    PATH_FAIL_ZERO_BREAK,
    PATH_FAIL_NONZERO_BREAK,
    PATH_SUCCEED_BREAK,
    PATH_SUCCEED_BREAK_HELD,
    PATH_COUNT
};

static int cleanups;
static int reached_end;

static akerr_ErrorContext AKERR_NOIGNORE *leave_by(enum path path)
{
    PREPARE_ERROR(errctx);
    const char *found = (path == PATH_FAIL_ZERO_BREAK) ? NULL : "found";
    ATTEMPT {
        if (path == PATH_CATCH) {
            CATCH(errctx, raise_status(AKERR_KEY));
        }
        if (path == PATH_FAIL_BREAK) {
            FAIL_BREAK(errctx, AKERR_VALUE, "fail break %d", 1);
        }
        FAIL_ZERO_BREAK(errctx, found, AKERR_NULLPOINTER, "nothing %s", "found");
        FAIL_NONZERO_BREAK(errctx, path == PATH_FAIL_NONZERO_BREAK, AKERR_OUTOFBOUNDS,
                           "nonzero %d", 3);
        if (path == PATH_SUCCEED_BREAK) {
            SUCCEED_BREAK(errctx);
        }
        if (path == PATH_SUCCEED_BREAK_HELD) {
            /* A context we were still holding: SUCCEED_BREAK gives it back. */
            FAIL(errctx, AKERR_BEHAVIOR, "pending");
            SUCCEED_BREAK(errctx);
        }
        reached_end++;
    } CLEANUP {
        cleanups++;
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void test_cleanup_runs_once_on_every_path(void)
{
    const int expected_status[PATH_COUNT] = {
        [PATH_SUCCESS] = 0,
        [PATH_CATCH] = AKERR_KEY,
        [PATH_FAIL_BREAK] = AKERR_VALUE,
        [PATH_FAIL_ZERO_BREAK] = AKERR_NULLPOINTER,
        [PATH_FAIL_NONZERO_BREAK] = AKERR_OUTOFBOUNDS,
        [PATH_SUCCEED_BREAK] = 0,
        [PATH_SUCCEED_BREAK_HELD] = 0,
    };
    const char *expected_message[PATH_COUNT] = {
        [PATH_CATCH] = "raised 205",
        [PATH_FAIL_BREAK] = "fail break 1",
        [PATH_FAIL_ZERO_BREAK] = "nothing found",
        [PATH_FAIL_NONZERO_BREAK] = "nonzero 3",
    };
    int before = akerr_contexts_in_use();
    for (int p = 0; p < PATH_COUNT; p++) {
        cleanups = 0;
        reached_end = 0;
        if (expected_message[p] != NULL) {
            CHECK_STATUS_MSG(leave_by((enum path)p), expected_status[p], expected_message[p]);
        } else {
            CHECK_STATUS(leave_by((enum path)p), expected_status[p]);
        }
        CHECK_MSG(cleanups == 1, "path %d: CLEANUP ran %d times", p, cleanups);
        CHECK_MSG(reached_end == (p == PATH_SUCCESS), "path %d: reached_end %d", p, reached_end);
        CHECK_MSG(akerr_contexts_in_use() == before, "path %d: %d contexts live, expected %d", p,
                  akerr_contexts_in_use(), before);
    }
}

/* ------------------------------------------------------------------------ */
/* The break pitfall, and the two ways to leak                              */
/* ------------------------------------------------------------------------ */

static int iterations, after_loop, after_check;

static akerr_ErrorContext AKERR_NOIGNORE *catch_in_loop(void)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        for (int i = 0; i < 5; i++) {
            iterations++;
            CATCH(errctx, raise_status(i == 2 ? AKERR_KEY : 0));
        }
        after_loop++;           /* the pitfall: CATCH left the loop, not ATTEMPT */
        if (errctx != NULL) {   /* the remedy */
            break;
        }
        after_check++;
    } CLEANUP {
        cleanups++;
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void test_catch_in_loop_leaves_only_the_loop(void)
{
    iterations = after_loop = after_check = cleanups = 0;
    CHECK_STATUS(catch_in_loop(), AKERR_KEY);
    CHECK_INT_EQ(iterations, 3);
    CHECK_INT_EQ(after_loop, 1);
    CHECK_INT_EQ(after_check, 0);
    CHECK_INT_EQ(cleanups, 1);
}

static akerr_ErrorContext *leaked;

/* The first way to leak: a return out of a HANDLE block skips FINISH. */
static akerr_ErrorContext AKERR_NOIGNORE *return_out_of_handle(void)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, raise_status(AKERR_KEY));
    } CLEANUP {
    } PROCESS(errctx) {
    } HANDLE(errctx, AKERR_KEY) {
        leaked = errctx; /* so the test can give it back */
        return NULL;     /* WRONG: nobody releases errctx */
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* The second way: a *_RETURN inside ATTEMPT skips CLEANUP, which is where a
 * context this function was holding would have been released. */
static akerr_ErrorContext AKERR_NOIGNORE *return_inside_attempt(void)
{
    PREPARE_ERROR(errctx);
    akerr_ErrorContext *held = akerr_next_error();
    leaked = held;
    ATTEMPT {
        FAIL_RETURN(errctx, AKERR_VALUE, "returned from inside ATTEMPT"); /* WRONG */
    } CLEANUP {
        cleanups++;
        RELEASE_ERROR(held);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void test_leaks_show_in_the_counter(void)
{
    int before = akerr_contexts_in_use();
    leaked = NULL;
    CHECK_OK(return_out_of_handle());
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    CHECK(leaked != NULL);
    RELEASE_ERROR(leaked);
    CHECK(leaked == NULL);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);

    cleanups = 0;
    CHECK_STATUS(return_inside_attempt(), AKERR_VALUE);
    CHECK_INT_EQ(cleanups, 0);
    CHECK_INT_EQ(akerr_contexts_in_use(), before + 1);
    RELEASE_ERROR(leaked);
    CHECK_INT_EQ(akerr_contexts_in_use(), before);
}

/* ------------------------------------------------------------------------ */
/* if/else without braces                                                   */
/* ------------------------------------------------------------------------ */

/*
 * CATCH, FAIL_ZERO_BREAK and FAIL_NONZERO_BREAK are one statement each and may
 * be the unbraced body of an if that has an else (on their own under an
 * unbraced if, gcc and clang warn -Wdangling-else: brace them). FAIL_BREAK and
 * SUCCEED_BREAK may be the body of an if without an else. This builds with
 * -Werror under gcc and clang, and behaves.
 */
static akerr_ErrorContext AKERR_NOIGNORE *unbraced(int which)
{
    PREPARE_ERROR(errctx);
    ATTEMPT {
        if (which == 0)
            CATCH(errctx, raise_status(AKERR_KEY));
        else
            CATCH(errctx, raise_status(which == 1 ? AKERR_INDEX : 0));
        if (which == 2)
            FAIL_ZERO_BREAK(errctx, 0, AKERR_VALUE, "zero");
        else
            FAIL_NONZERO_BREAK(errctx, which == 3, AKERR_TYPE, "nonzero");
        if (which == 4)
            FAIL_BREAK(errctx, AKERR_IO, "fail");
        if (which == 5)
            SUCCEED_BREAK(errctx);
        rec('E');
    } CLEANUP {
        rec('C');
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void test_unbraced_if_else(void)
{
    const int expected[] = {AKERR_KEY, AKERR_INDEX, AKERR_VALUE, AKERR_TYPE, AKERR_IO, 0, 0};
    const char *expected_seq[] = {"C", "C", "C", "C", "C", "C", "EC"};
    for (int which = 0; which < 7; which++) {
        seq_reset();
        CHECK_STATUS(unbraced(which), expected[which]);
        CHECK_MSG(strcmp(seq, expected_seq[which]) == 0, "which %d: seq \"%s\"", which, seq);
    }
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_success_runs_cleanup_only);
    RUN_TEST(test_handle_picks_matching_status_only);
    RUN_TEST(test_handle_group_shares_one_body);
    RUN_TEST(test_process_runs_for_every_error);
    RUN_TEST(test_unmatched_with_pass_up_is_returned);
    RUN_TEST(test_unmatched_without_pass_up_is_released);
    RUN_TEST(test_handle_default_catches_the_rest);
    RUN_TEST(test_handle_group_falls_through_from_handle);
    RUN_TEST(test_fail_inside_handle_reraises);
    RUN_TEST(test_break_ends_only_its_block);
    RUN_TEST(test_cleanup_runs_once_on_every_path);
    RUN_TEST(test_catch_in_loop_leaves_only_the_loop);
    RUN_TEST(test_leaks_show_in_the_counter);
    RUN_TEST(test_unbraced_if_else);
    return TEST_END();
}
