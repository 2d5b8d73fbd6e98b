/* Pooled strings: initialise, copy, truncation, and the refcount rule. */
#include <akgl/heap.h>
#include <akgl/staticstring.h>

#include <string.h>

#include "akgl_test.h"

static char long_text[AKGL_MAX_STRING_LENGTH + 100];

static void fill_long_text(void)
{
    memset(long_text, 'x', sizeof(long_text) - 1);
    long_text[sizeof(long_text) - 1] = '\0';
}

static void test_initialize_copies_and_keeps_the_reference(void)
{
    akgl_String *s = NULL;
    CHECK_OK(akgl_heap_next_string(&s));
    CHECK_OK(akgl_string_initialize(s, "hero"));
    CHECK_STR_EQ(s->data, "hero");
    CHECK_INT_EQ(s->refcount, 1); /* the acquire's reference, kept */
    CHECK_OK(akgl_heap_release_string(s));
}

static void test_initialize_null_clears_everything(void)
{
    akgl_String *s = NULL;
    CHECK_OK(akgl_heap_next_string(&s));
    memset(s->data, 'q', sizeof(s->data));
    CHECK_OK(akgl_string_initialize(s, NULL));
    bool all_zero = true;
    for (size_t i = 0; i < sizeof(s->data); i++) {
        all_zero = all_zero && s->data[i] == '\0';
    }
    CHECK(all_zero);
    CHECK_INT_EQ(s->refcount, 1);
    CHECK_OK(akgl_heap_release_string(s));
}

static void test_initialize_truncates_silently_and_terminates(void)
{
    akgl_String *s = NULL;
    fill_long_text();
    CHECK_OK(akgl_heap_next_string(&s));
    CHECK_OK(akgl_string_initialize(s, long_text));
    CHECK_INT_EQ(strlen(s->data), AKGL_MAX_STRING_LENGTH - 1);
    CHECK_OK(akgl_heap_release_string(s));
}

static void test_a_string_outside_the_pool_gets_its_first_reference(void)
{
    akgl_String local;
    memset(&local, 0x5a, sizeof(local)); /* garbage refcount */
    CHECK_OK(akgl_string_initialize(&local, "stack"));
    CHECK_INT_EQ(local.refcount, 1);
    CHECK_STR_EQ(local.data, "stack");
    CHECK_INT_EQ(akgl_test_strings_(), 0); /* no slot taken */
}

static void test_copy(void)
{
    akgl_String *a = NULL, *b = NULL;
    CHECK_OK(akgl_heap_next_string(&a));
    CHECK_OK(akgl_heap_next_string(&b));
    CHECK_OK(akgl_string_initialize(a, "littleguy walking left"));
    CHECK_OK(akgl_string_initialize(b, "a much longer text that will be replaced"));
    CHECK_OK(akgl_string_copy(b, a));
    CHECK_STR_EQ(b->data, "littleguy walking left");
    CHECK_INT_EQ(b->refcount, 1); /* copying text does not touch references */
    CHECK_OK(akgl_string_copy(a, a)); /* onto itself: unchanged */
    CHECK_STR_EQ(a->data, "littleguy walking left");
    CHECK_OK(akgl_heap_release_string(a));
    CHECK_OK(akgl_heap_release_string(b));
}

static void test_copy_of_an_unterminated_source_is_cut_and_terminated(void)
{
    akgl_String src, dest;
    memset(src.data, 'y', sizeof(src.data)); /* filled to capacity, no terminator */
    CHECK_OK(akgl_string_initialize(&dest, NULL));
    CHECK_OK(akgl_string_copy(&dest, &src));
    CHECK_INT_EQ(strlen(dest.data), AKGL_MAX_STRING_LENGTH - 1);
}

static void test_null_arguments(void)
{
    akgl_String s;
    CHECK_STATUS_MSG(akgl_string_initialize(NULL, "x"), AKERR_NULLPOINTER, "NULL string");
    CHECK_STATUS_MSG(akgl_string_copy(NULL, &s), AKERR_NULLPOINTER, "NULL destination");
    CHECK_STATUS_MSG(akgl_string_copy(&s, NULL), AKERR_NULLPOINTER, "NULL source");
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_initialize_copies_and_keeps_the_reference);
    RUN_TEST(test_initialize_null_clears_everything);
    RUN_TEST(test_initialize_truncates_silently_and_terminates);
    RUN_TEST(test_a_string_outside_the_pool_gets_its_first_reference);
    RUN_TEST(test_copy);
    RUN_TEST(test_copy_of_an_unterminated_source_is_cut_and_terminated);
    RUN_TEST(test_null_arguments);
    return AKGL_TEST_END();
}
