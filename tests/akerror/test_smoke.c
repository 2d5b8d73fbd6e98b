/* The shortest path through the macro language: raise, pass up, handle. */
#include <akerror.h>

#include "test.h"

static akerr_ErrorContext AKERR_NOIGNORE *raise_key(void)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, AKERR_KEY, "no key %s", "hero");
}

static akerr_ErrorContext AKERR_NOIGNORE *pass_it(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, raise_key());
    SUCCEED_RETURN(errctx);
}

static void test_raise_pass_handle(void)
{
    int handled = 0;
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, pass_it());
    } CLEANUP {
    } PROCESS(errctx) {
    } HANDLE(errctx, AKERR_KEY) {
        handled = 1;
        CHECK_STR_EQ(errctx->message, "no key hero");
        CHECK_CONTAINS(errctx->stacktracebuf, "raise_key");
        CHECK_CONTAINS(errctx->stacktracebuf, "pass_it");
        CHECK_CONTAINS(errctx->stacktracebuf, "test_raise_pass_handle");
    } FINISH_NORETURN(errctx);
    CHECK(handled == 1);
    CHECK(errctx == NULL);
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_raise_pass_handle);
    return TEST_END();
}
