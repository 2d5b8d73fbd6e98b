/*
 * akgl's properties (<akgl/registry.h>): akgl_registry_load_properties with
 * the fixtures in tests/assets/properties/, and akgl_set_property /
 * akgl_get_property, including the seed's scratch-string idiom.
 *
 * Every fixture uses keys of its own ("test.<fixture>.*") and every case
 * clears what it set, so the cases do not depend on their order.
 */
#include <akerror.h>
#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/limits.h>
#include <akgl/registry.h>
#include <akgl/staticstring.h>
#include <akstdlib.h>

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "akgl_test.h"
#include "message_path.h"

#define PROPS_DIR AKGL_TEST_ASSETS_DIR "/properties"

/* ------------------------------------------------------------------------ */
/* The seed's scratch-string idiom (chapter 05), verbatim                   */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext AKERR_NOIGNORE *screen_width(int *dest); /* for -Wmissing-prototypes */

/* The scratch-string idiom: claim, use, release unconditionally in CLEANUP. */
akerr_ErrorContext AKERR_NOIGNORE *screen_width(int *dest)
{
    akgl_String *value = NULL;

    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination");

    ATTEMPT {
	CATCH(errctx, akgl_heap_next_string(&value));
	CATCH(errctx, akgl_get_property("game.screenwidth", &value, "800"));
	CATCH(errctx, aksl_atoi(value->data, dest));
    } CLEANUP {
	IGNORE(akgl_heap_release_string(value));
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static int strings_in_use(void)
{
    int n = -1;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_STRING, &n));
    return n;
}

static bool is_set(const char *key)
{
    return SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, key);
}

/* The property's value, or "(unset)". */
static const char *value_of(const char *key)
{
    return SDL_GetStringProperty(AKGL_REGISTRY_PROPERTIES, key, "(unset)");
}

static void unset(const char *key)
{
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, key);
}

/* The value through the public getter (claiming a string), or "" on error. */
static void check_property(const char *key, const char *expect)
{
    akgl_String *s = NULL;
    CHECK_OK(akgl_get_property(key, &s, NULL));
    CHECK(s != NULL);
    if (s != NULL) {
        CHECK_STR_EQ(s->data, expect);
        CHECK_OK(akgl_heap_release_string(s));
    }
}

/* ------------------------------------------------------------------------ */
/* akgl_registry_load_properties                                            */
/* ------------------------------------------------------------------------ */

static void test_load_good_file(void)
{
    CHECK_OK(akgl_set_property("test.good.unrelated", "untouched"));

    CHECK_OK(akgl_registry_load_properties(PROPS_DIR "/good.json"));
    check_property("test.good.title", "A Small Game");
    check_property("test.good.width", "1024");
    check_property("test.good.empty", "");
    check_property("test.good.gravity", "9.8");
    /* Loading adds to what is there; it does not start afresh. */
    check_property("test.good.unrelated", "untouched");

    /* A later file overrides the keys it names and no others. */
    CHECK_OK(akgl_registry_load_properties(PROPS_DIR "/override.json"));
    check_property("test.good.width", "1280");
    check_property("test.good.title", "A Small Game");

    /* An empty "properties" object is a valid file that sets nothing. */
    CHECK_OK(akgl_registry_load_properties(PROPS_DIR "/empty_properties.json"));
    check_property("test.good.width", "1280");

    unset("test.good.title");
    unset("test.good.width");
    unset("test.good.empty");
    unset("test.good.gravity");
    unset("test.good.unrelated");
}

static void test_load_missing_file(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    /* Begins with the file, like every other loader message. */
    CHECK_INT_EQ(test_status_of_(akgl_registry_load_properties(PROPS_DIR "/no_such_file.json"),
                                 msg),
                 ENOENT);
    CHECK_STR_EQ(msg, PROPS_DIR "/no_such_file.json: cannot open: No such file or directory");
}

/* Paths of 4095 bytes (looked for) and 4096 (refused): both messages begin
 * with the path, shortened in the middle (docs/04-json.md). */
static void test_load_overlong_path(void)
{
    static char path[AKGL_MAX_STRING_LENGTH + 1];
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    test_long_path(path, AKGL_MAX_STRING_LENGTH - 1);
    CHECK_INT_EQ(test_status_of_(akgl_registry_load_properties(path), msg), ENOENT);
    CHECK_MSG(test_message_names_file(msg, path), "message \"%s\" does not begin with the file",
              msg);
    CHECK_CONTAINS(msg, ": cannot open: No such file or directory");
    test_long_path(path, AKGL_MAX_STRING_LENGTH);
    CHECK_INT_EQ(test_status_of_(akgl_registry_load_properties(path), msg), AKERR_OUTOFBOUNDS);
    CHECK_MSG(test_message_names_file(msg, path), "message \"%s\" does not begin with the file",
              msg);
    CHECK_CONTAINS(msg, ": the JSON path is 4096 bytes, too long for a pooled string (limit 4095)");
}

static void test_load_not_json(void)
{
    /* The trailing comma: '}' where a key must be, line 4, column 5. */
    CHECK_STATUS_MSG(akgl_registry_load_properties(PROPS_DIR "/not_json.json"), AKERR_FORMAT,
                     PROPS_DIR "/not_json.json:4:5: ");
    CHECK(!is_set("test.notjson.before"));
}

static void test_load_top_level_not_object(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_INT_EQ(test_status_of_(akgl_registry_load_properties(PROPS_DIR "/top_level_array.json"),
                                 msg),
                 AKERR_TYPE);
    CHECK_CONTAINS(msg, PROPS_DIR "/top_level_array.json");
    CHECK_CONTAINS(msg, "the top level must be a JSON object");
    CHECK(!is_set("test.toparray.before"));
}

static void test_load_properties_absent(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_INT_EQ(test_status_of_(akgl_registry_load_properties(PROPS_DIR "/no_properties.json"),
                                 msg),
                 AKERR_KEY);
    CHECK_CONTAINS(msg, PROPS_DIR "/no_properties.json");
    CHECK_CONTAINS(msg, "\"properties\"");
    CHECK(!is_set("test.noprops.before"));
}

static void test_load_properties_not_object(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_INT_EQ(
        test_status_of_(akgl_registry_load_properties(PROPS_DIR "/properties_not_object.json"),
                        msg),
        AKERR_TYPE);
    CHECK_CONTAINS(msg, PROPS_DIR "/properties_not_object.json");
    CHECK_CONTAINS(msg, "key \"properties\" must be an object, not an array");
    CHECK(!is_set("test.notobject.before"));
}

/* A value that is not a JSON string fails the whole file, naming key and
 * file; the key before the bad one is not set, nor the one after. */
static void test_load_non_string_values(void)
{
    static const char *const kinds[] = {"number", "bool", "null", "object", "array"};
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        char path[512], key[64], before[64], after[64];
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        snprintf(path, sizeof(path), PROPS_DIR "/value_%s.json", kinds[i]);
        snprintf(key, sizeof(key), "property \"test.%s.bad\"", kinds[i]);
        snprintf(before, sizeof(before), "test.%s.before", kinds[i]);
        snprintf(after, sizeof(after), "test.%s.after", kinds[i]);

        int status = test_status_of_(akgl_registry_load_properties(path), msg);
        CHECK_MSG(status == AKERR_TYPE, "%s: status %d, not AKERR_TYPE", path, status);
        CHECK_CONTAINS(msg, path);
        CHECK_CONTAINS(msg, key);
        CHECK_CONTAINS(msg, "must be a JSON string");
        CHECK_MSG(!is_set(before), "%s: %s was set by a file that failed", path, before);
        CHECK_MSG(!is_set(after), "%s: %s was set by a file that failed", path, after);
    }
}

static void test_load_value_too_long(void)
{
    char expect[128];
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    snprintf(expect, sizeof(expect), "property \"test.long.bad\" is %d bytes long; the limit is %d",
             AKGL_MAX_STRING_LENGTH, AKGL_MAX_STRING_LENGTH - 1);
    CHECK_INT_EQ(test_status_of_(akgl_registry_load_properties(PROPS_DIR "/value_too_long.json"),
                                 msg),
                 AKERR_OUTOFBOUNDS);
    CHECK_CONTAINS(msg, PROPS_DIR "/value_too_long.json");
    CHECK_CONTAINS(msg, expect);
    CHECK(!is_set("test.long.before"));
    CHECK(!is_set("test.long.bad"));
}

/* SDL cannot store a property without a name; the file is refused before
 * anything is set, rather than failing half-way through setting it. */
static void test_load_empty_key(void)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_INT_EQ(test_status_of_(akgl_registry_load_properties(PROPS_DIR "/empty_key.json"), msg),
                 AKERR_VALUE);
    CHECK_CONTAINS(msg, PROPS_DIR "/empty_key.json");
    CHECK_CONTAINS(msg, "a property name must not be empty");
    CHECK(!is_set("test.emptykey.before"));
}

static void test_load_duplicate_keys(void)
{
    CHECK_STATUS_MSG(akgl_registry_load_properties(PROPS_DIR "/duplicate_keys.json"),
                     AKERR_FORMAT, "duplicate object key");
    CHECK(!is_set("test.dup.before"));
    CHECK(!is_set("test.dup.key"));
}

/* A failed load leaves the values an earlier load set. */
static void test_failed_load_keeps_earlier_values(void)
{
    CHECK_OK(akgl_set_property("test.number.before", "from before"));
    CHECK_STATUS(akgl_registry_load_properties(PROPS_DIR "/value_number.json"), AKERR_TYPE);
    CHECK_STR_EQ(value_of("test.number.before"), "from before");
    unset("test.number.before");
}

static void test_load_null_and_no_registry(void)
{
    CHECK_STATUS_MSG(akgl_registry_load_properties(NULL), AKERR_NULLPOINTER, "NULL path");

    const SDL_PropertiesID saved = AKGL_REGISTRY_PROPERTIES;
    AKGL_REGISTRY_PROPERTIES = 0;
    CHECK_STATUS_MSG(akgl_registry_load_properties(PROPS_DIR "/good.json"), AKERR_KEY,
                     "the properties registry does not exist");
    AKGL_REGISTRY_PROPERTIES = saved;
    CHECK(!is_set("test.good.title"));
}

/* ------------------------------------------------------------------------ */
/* akgl_set_property / akgl_get_property                                    */
/* ------------------------------------------------------------------------ */

static void test_get_uses_default_when_unset(void)
{
    akgl_String *s = NULL;
    int before = strings_in_use();
    CHECK(!is_set("test.unset"));

    CHECK_OK(akgl_get_property("test.unset", &s, "the default"));
    CHECK(s != NULL);
    CHECK_INT_EQ(strings_in_use(), before + 1);
    if (s != NULL) {
        CHECK_STR_EQ(s->data, "the default");
        CHECK_INT_EQ(s->refcount, 1);
    }
    /* Reading the default does not set it. */
    CHECK(!is_set("test.unset"));
    CHECK_OK(akgl_heap_release_string(s));

    /* Once set, the default is ignored. */
    CHECK_OK(akgl_set_property("test.unset", "set now"));
    s = NULL;
    CHECK_OK(akgl_get_property("test.unset", &s, "the default"));
    if (s != NULL) {
        CHECK_STR_EQ(s->data, "set now");
        CHECK_OK(akgl_heap_release_string(s));
    }
    unset("test.unset");
}

static void test_get_unset_without_default_is_key_error(void)
{
    akgl_String *s = NULL;
    int before = strings_in_use();

    CHECK_STATUS_MSG(akgl_get_property("test.nowhere", &s, NULL), AKERR_KEY,
                     "property \"test.nowhere\" is not set and has no default");
    CHECK(s == NULL);
    CHECK_INT_EQ(strings_in_use(), before);

    /* In place: the string is left alone. */
    CHECK_OK(akgl_heap_next_string(&s));
    CHECK_OK(akgl_string_initialize(s, "kept"));
    akgl_String *const original = s;
    CHECK_STATUS(akgl_get_property("test.nowhere", &s, NULL), AKERR_KEY);
    CHECK(s == original);
    CHECK_STR_EQ(s->data, "kept");
    CHECK_OK(akgl_heap_release_string(s));
}

static void test_get_claims_or_writes_in_place(void)
{
    akgl_String *s = NULL;
    int before = strings_in_use();
    CHECK_OK(akgl_set_property("test.place", "abc"));

    /* *dest NULL: claimed for the caller. */
    CHECK_OK(akgl_get_property("test.place", &s, NULL));
    CHECK(s != NULL);
    CHECK_INT_EQ(strings_in_use(), before + 1);
    if (s == NULL) {
        return;
    }
    CHECK_STR_EQ(s->data, "abc");

    /* *dest set: written in place, no new slot; only the value and its
     * terminator are written. */
    akgl_String *const original = s;
    memset(s->data, 'X', 16);
    CHECK_OK(akgl_get_property("test.place", &s, NULL));
    CHECK(s == original);
    CHECK_INT_EQ(strings_in_use(), before + 1);
    CHECK_STR_EQ(s->data, "abc");
    CHECK_INT_EQ(s->data[4], 'X');

    /* Setting again replaces the value. */
    CHECK_OK(akgl_set_property("test.place", "a longer value"));
    CHECK_OK(akgl_get_property("test.place", &s, "unused default"));
    CHECK_STR_EQ(s->data, "a longer value");
    CHECK(s == original);

    CHECK_OK(akgl_heap_release_string(s));
    CHECK_INT_EQ(strings_in_use(), before);
    unset("test.place");
}

static void test_value_too_long(void)
{
    static char value[AKGL_MAX_STRING_LENGTH + 1];
    akgl_String *s = NULL;
    int before = strings_in_use();

    /* AKGL_MAX_STRING_LENGTH-1 bytes: the longest a string holds. */
    memset(value, 'v', AKGL_MAX_STRING_LENGTH - 1);
    value[AKGL_MAX_STRING_LENGTH - 1] = '\0';
    CHECK_OK(akgl_set_property("test.long", value));
    CHECK_OK(akgl_get_property("test.long", &s, NULL));
    if (s != NULL) {
        CHECK_INT_EQ(strlen(s->data), AKGL_MAX_STRING_LENGTH - 1);
        CHECK_OK(akgl_heap_release_string(s));
        s = NULL;
    }

    /* One more: refused, and the old value stays. */
    value[AKGL_MAX_STRING_LENGTH - 1] = 'v';
    value[AKGL_MAX_STRING_LENGTH] = '\0';
    char expect[128];
    snprintf(expect, sizeof(expect), "the value of \"test.long\" is %d bytes; the limit is %d",
             AKGL_MAX_STRING_LENGTH, AKGL_MAX_STRING_LENGTH - 1);
    CHECK_STATUS_MSG(akgl_set_property("test.long", value), AKERR_OUTOFBOUNDS, expect);
    CHECK_INT_EQ(strlen(value_of("test.long")), AKGL_MAX_STRING_LENGTH - 1);
    unset("test.long");

    /* A default that does not fit: refused, nothing claimed. */
    CHECK_STATUS(akgl_get_property("test.long", &s, value), AKERR_OUTOFBOUNDS);
    CHECK(s == NULL);
    CHECK_INT_EQ(strings_in_use(), before);

    /* A value set behind akgl_set_property's back that does not fit. */
    CHECK(SDL_SetStringProperty(AKGL_REGISTRY_PROPERTIES, "test.long", value));
    CHECK_STATUS(akgl_get_property("test.long", &s, NULL), AKERR_OUTOFBOUNDS);
    CHECK(s == NULL);
    CHECK_INT_EQ(strings_in_use(), before);

    /* In place, a value or default that does not fit leaves the string as
     * it was, rather than holding a truncated value after a failure. */
    CHECK_OK(akgl_heap_next_string(&s));
    CHECK_OK(akgl_string_initialize(s, "kept"));
    CHECK_STATUS(akgl_get_property("test.long", &s, NULL), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(s->data, "kept");
    unset("test.long");
    CHECK_STATUS(akgl_get_property("test.long", &s, value), AKERR_OUTOFBOUNDS);
    CHECK_STR_EQ(s->data, "kept");
    CHECK_OK(akgl_heap_release_string(s));
    CHECK_INT_EQ(strings_in_use(), before);
}

static void test_get_with_string_pool_exhausted(void)
{
    static akgl_String *held[AKGL_MAX_HEAP_STRING];
    int nheld = 0;
    akgl_String *s = NULL;
    CHECK_OK(akgl_set_property("test.exhausted", "v"));

    while (nheld < AKGL_MAX_HEAP_STRING) {
        akerr_ErrorContext *e = akgl_heap_next_string(&held[nheld]);
        if (e != NULL) {
            CHECK_INT_EQ(test_status_of_(e, NULL), AKGL_ERR_HEAP);
            break;
        }
        nheld++;
    }
    CHECK_STATUS_MSG(akgl_get_property("test.exhausted", &s, NULL), AKGL_ERR_HEAP,
                     "Unable to find unused string on the heap");
    CHECK(s == NULL);
    /* In place still works. */
    s = held[0];
    CHECK_OK(akgl_get_property("test.exhausted", &s, NULL));
    CHECK_STR_EQ(held[0]->data, "v");

    for (int k = 0; k < nheld; k++) {
        CHECK_OK(akgl_heap_release_string(held[k]));
    }
    unset("test.exhausted");
}

static void test_set_get_null_and_no_registry(void)
{
    akgl_String *s = NULL;
    int before = strings_in_use();

    CHECK_STATUS_MSG(akgl_set_property(NULL, "v"), AKERR_NULLPOINTER, "NULL name");
    CHECK_STATUS_MSG(akgl_set_property("test.null", NULL), AKERR_NULLPOINTER, "\"test.null\"");
    CHECK(!is_set("test.null"));
    CHECK_STATUS_MSG(akgl_set_property("", "v"), AKERR_VALUE,
                     "a property name must not be empty");
    CHECK_STATUS_MSG(akgl_get_property(NULL, &s, "d"), AKERR_NULLPOINTER, "NULL name");
    CHECK_STATUS_MSG(akgl_get_property("test.null", NULL, "d"), AKERR_NULLPOINTER,
                     "\"test.null\"");
    CHECK(s == NULL);

    const SDL_PropertiesID saved = AKGL_REGISTRY_PROPERTIES;
    AKGL_REGISTRY_PROPERTIES = 0;
    CHECK_STATUS_MSG(akgl_set_property("test.null", "v"), AKERR_KEY,
                     "the properties registry does not exist");
    CHECK_STATUS_MSG(akgl_get_property("test.null", &s, "d"), AKERR_KEY,
                     "the properties registry does not exist");
    AKGL_REGISTRY_PROPERTIES = saved;
    CHECK(s == NULL);
    CHECK(!is_set("test.null"));
    CHECK_INT_EQ(strings_in_use(), before);
}

/* The seed's idiom: 800 by default, the set value otherwise, nothing leaked
 * on any path (the harness checks strings and contexts after the case). */
static void test_screen_width_idiom(void)
{
    int width = -1;
    int before = strings_in_use();
    CHECK(!is_set("game.screenwidth"));

    CHECK_OK(screen_width(&width));
    CHECK_INT_EQ(width, 800);
    CHECK_INT_EQ(strings_in_use(), before);

    CHECK_OK(akgl_set_property("game.screenwidth", "1024"));
    CHECK_OK(screen_width(&width));
    CHECK_INT_EQ(width, 1024);
    CHECK_INT_EQ(strings_in_use(), before);

    /* A value that is not a number: the error comes back, the string does not leak. */
    width = -1;
    CHECK_OK(akgl_set_property("game.screenwidth", "wide"));
    CHECK_STATUS_MSG(screen_width(&width), AKERR_FORMAT, "\"wide\"");
    CHECK_INT_EQ(width, -1);
    CHECK_INT_EQ(strings_in_use(), before);

    CHECK_STATUS_MSG(screen_width(NULL), AKERR_NULLPOINTER, "NULL destination");

    /* Many calls, one scratch string at a time: more calls than the pool has slots. */
    CHECK_OK(akgl_set_property("game.screenwidth", "640"));
    for (int i = 0; i < AKGL_MAX_HEAP_STRING * 2; i++) {
        CHECK_OK(screen_width(&width));
    }
    CHECK_INT_EQ(width, 640);
    CHECK_INT_EQ(strings_in_use(), before);

    unset("game.screenwidth");
    CHECK_OK(screen_width(&width));
    CHECK_INT_EQ(width, 800);
}

/* ---- typed getters ------------------------------------------------------ */

static void test_get_property_integer(void)
{
    int v = -7;
    CHECK_OK(akgl_get_property_integer("test.int.unset", &v, "42"));
    CHECK_INT_EQ(v, 42);
    CHECK_OK(akgl_set_property("test.int", "-2147483648"));
    CHECK_OK(akgl_get_property_integer("test.int", &v, "1"));
    CHECK_INT_EQ(v, -2147483647 - 1);
    /* Failures name the property and leave dest alone. */
    v = 5;
    CHECK_OK(akgl_set_property("test.int", "wide"));
    CHECK_STATUS_MSG(akgl_get_property_integer("test.int", &v, NULL), AKERR_FORMAT,
                     "property test.int: ");
    CHECK_OK(akgl_set_property("test.int", "2147483648"));
    CHECK_STATUS_MSG(akgl_get_property_integer("test.int", &v, NULL), AKERR_OUTOFBOUNDS,
                     "2147483648");
    CHECK_STATUS_MSG(akgl_get_property_integer("test.int.unset", &v, NULL), AKERR_KEY,
                     "test.int.unset");
    CHECK_STATUS(akgl_get_property_integer("test.int.unset", &v, "12 "), AKERR_FORMAT);
    CHECK_INT_EQ(v, 5);
    CHECK_STATUS(akgl_get_property_integer("test.int", NULL, "1"), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_property_integer(NULL, &v, "1"), AKERR_NULLPOINTER);
}

static void test_get_property_number(void)
{
    double d = -1.0;
    CHECK_OK(akgl_get_property_number("test.num.unset", &d, "0"));
    CHECK(d == 0.0);
    CHECK_OK(akgl_set_property("test.num", "-9.81"));
    CHECK_OK(akgl_get_property_number("test.num", &d, NULL));
    CHECK(d == -9.81);
    d = 3.0;
    CHECK_OK(akgl_set_property("test.num", "inf"));
    CHECK_STATUS_MSG(akgl_get_property_number("test.num", &d, NULL), AKERR_FORMAT,
                     "property test.num: \"inf\" is not a finite number");
    CHECK_OK(akgl_set_property("test.num", "nan"));
    CHECK_STATUS(akgl_get_property_number("test.num", &d, NULL), AKERR_FORMAT);
    CHECK_OK(akgl_set_property("test.num", "1e999"));
    CHECK_STATUS(akgl_get_property_number("test.num", &d, NULL), AKERR_OUTOFBOUNDS);
    CHECK_OK(akgl_set_property("test.num", ""));
    CHECK_STATUS(akgl_get_property_number("test.num", &d, NULL), AKERR_FORMAT);
    CHECK_STATUS(akgl_get_property_number("test.num.unset", &d, NULL), AKERR_KEY);
    CHECK(d == 3.0);
    CHECK_STATUS(akgl_get_property_number("test.num", NULL, "1"), AKERR_NULLPOINTER);
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_load_good_file);
    RUN_TEST(test_load_missing_file);
    RUN_TEST(test_load_overlong_path);
    RUN_TEST(test_load_not_json);
    RUN_TEST(test_load_top_level_not_object);
    RUN_TEST(test_load_properties_absent);
    RUN_TEST(test_load_properties_not_object);
    RUN_TEST(test_load_non_string_values);
    RUN_TEST(test_load_value_too_long);
    RUN_TEST(test_load_empty_key);
    RUN_TEST(test_load_duplicate_keys);
    RUN_TEST(test_failed_load_keeps_earlier_values);
    RUN_TEST(test_load_null_and_no_registry);
    RUN_TEST(test_get_uses_default_when_unset);
    RUN_TEST(test_get_unset_without_default_is_key_error);
    RUN_TEST(test_get_claims_or_writes_in_place);
    RUN_TEST(test_value_too_long);
    RUN_TEST(test_get_with_string_pool_exhausted);
    RUN_TEST(test_set_get_null_and_no_registry);
    RUN_TEST(test_screen_width_idiom);
    RUN_TEST(test_get_property_integer);
    RUN_TEST(test_get_property_number);
    return AKGL_TEST_END();
}
