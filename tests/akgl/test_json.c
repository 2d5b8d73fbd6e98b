/*
 * akgl's JSON helpers (<akgl/json.h>): every getter in its member and
 * array-element form, the pooled-string rules, and file loading.
 *
 * The fixtures live in tests/assets/json/. types.json holds one member of
 * every JSON type, edge values for the range checks, and "array", whose
 * elements are (by index) 42, 2.5, true, "two", [3], {"k": 1}, null, false, -7.
 */
#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/limits.h>
#include <akgl/staticstring.h>

#include <errno.h>
#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "akgl_test.h"
#include "message_path.h"

#define JSON_DIR AKGL_TEST_ASSETS_DIR "/json"

static json_t *types;    /* types.json, loaded once in main */
static json_t *elements; /* its "array" member (borrowed) */

#define ELEMENT_COUNT 9

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static int strings_in_use(void)
{
    int n = -1;
    CHECK_OK(akgl_heap_in_use(AKGL_HEAP_STRING, &n));
    return n;
}

/* Fills a pooled string with a recognisable pattern, to prove it untouched. */
static void fill_sentinel(akgl_String *s)
{
    memset(s->data, 'S', sizeof(s->data) - 1);
    s->data[sizeof(s->data) - 1] = '\0';
}

static bool is_sentinel(const akgl_String *s)
{
    for (size_t i = 0; i < sizeof(s->data) - 1; i++) {
        if (s->data[i] != 'S') {
            return false;
        }
    }
    return s->data[sizeof(s->data) - 1] == '\0';
}

/* A JSON object {"long": "<len bytes of 'x'>"}; the caller json_decref()s it. */
static json_t *object_with_string_of(size_t len)
{
    static char text[AKGL_MAX_STRING_LENGTH + 16];
    memset(text, 'x', len);
    text[len] = '\0';
    json_t *obj = json_object();
    CHECK(obj != NULL);
    CHECK_INT_EQ(json_object_set_new(obj, "long", json_stringn(text, len)), 0);
    return obj;
}

/* ------------------------------------------------------------------------ */
/* Success                                                                  */
/* ------------------------------------------------------------------------ */

static void test_member_getters_succeed(void)
{
    int i = 0;
    double d = 0.0;
    float f = 0.0f;
    bool b = false;
    json_t *v = NULL;

    CHECK_OK(akgl_get_json_integer_value(types, "int", &i));
    CHECK_INT_EQ(i, 42);
    CHECK_OK(akgl_get_json_integer_value(types, "negative", &i));
    CHECK_INT_EQ(i, -7);

    CHECK_OK(akgl_get_json_number_value(types, "real", &d));
    CHECK(d == 2.5);
    /* A number getter takes a JSON integer too. */
    CHECK_OK(akgl_get_json_number_value(types, "int", &d));
    CHECK(d == 42.0);

    CHECK_OK(akgl_get_json_float_value(types, "real", &f));
    CHECK(f == 2.5f);
    CHECK_OK(akgl_get_json_float_value(types, "negative", &f));
    CHECK(f == -7.0f);

    CHECK_OK(akgl_get_json_boolean_value(types, "true", &b));
    CHECK(b == true);
    CHECK_OK(akgl_get_json_boolean_value(types, "false", &b));
    CHECK(b == false);

    CHECK_OK(akgl_get_json_array_value(types, "array", &v));
    CHECK(v == json_object_get(types, "array"));
    CHECK_INT_EQ(json_array_size(v), ELEMENT_COUNT);

    CHECK_OK(akgl_get_json_array_value(types, "emptyarray", &v));
    CHECK_INT_EQ(json_array_size(v), 0);

    CHECK_OK(akgl_get_json_object_value(types, "object", &v));
    CHECK(v == json_object_get(types, "object"));
    CHECK_OK(akgl_get_json_integer_value(v, "inner", &i));
    CHECK_INT_EQ(i, 1);
}

static void test_element_getters_succeed(void)
{
    int i = 0;
    double d = 0.0;
    bool b = true;
    json_t *v = NULL;

    CHECK_OK(akgl_get_json_array_index_integer(elements, 0, &i));
    CHECK_INT_EQ(i, 42);
    CHECK_OK(akgl_get_json_array_index_integer(elements, 8, &i));
    CHECK_INT_EQ(i, -7);
    CHECK_OK(akgl_get_json_array_index_number(elements, 1, &d));
    CHECK(d == 2.5);
    CHECK_OK(akgl_get_json_array_index_number(elements, 0, &d));
    CHECK(d == 42.0);
    CHECK_OK(akgl_get_json_array_index_boolean(elements, 2, &b));
    CHECK(b == true);
    CHECK_OK(akgl_get_json_array_index_boolean(elements, 7, &b));
    CHECK(b == false);
    CHECK_OK(akgl_get_json_array_index_array(elements, 4, &v));
    CHECK(v == json_array_get(elements, 4));
    CHECK_OK(akgl_get_json_array_index_integer(v, 0, &i));
    CHECK_INT_EQ(i, 3);
    CHECK_OK(akgl_get_json_array_index_object(elements, 5, &v));
    CHECK(v == json_array_get(elements, 5));
    CHECK_OK(akgl_get_json_integer_value(v, "k", &i));
    CHECK_INT_EQ(i, 1);
}

/* Objects and arrays come back borrowed: no reference is taken for the caller. */
static void test_containers_are_borrowed(void)
{
    json_t *v = NULL;
    json_t *arr = json_object_get(types, "array");
    json_t *obj = json_object_get(types, "object");
    size_t arr_refs = arr->refcount;
    size_t obj_refs = obj->refcount;
    json_t *inner_arr = json_array_get(elements, 4);
    json_t *inner_obj = json_array_get(elements, 5);
    size_t inner_arr_refs = inner_arr->refcount;
    size_t inner_obj_refs = inner_obj->refcount;

    CHECK_OK(akgl_get_json_array_value(types, "array", &v));
    CHECK_OK(akgl_get_json_object_value(types, "object", &v));
    CHECK_OK(akgl_get_json_array_index_array(elements, 4, &v));
    CHECK_OK(akgl_get_json_array_index_object(elements, 5, &v));
    CHECK_INT_EQ(arr->refcount, arr_refs);
    CHECK_INT_EQ(obj->refcount, obj_refs);
    CHECK_INT_EQ(inner_arr->refcount, inner_arr_refs);
    CHECK_INT_EQ(inner_obj->refcount, inner_obj_refs);
}

/* ------------------------------------------------------------------------ */
/* Absent keys, wrong types                                                 */
/* ------------------------------------------------------------------------ */

static void test_absent_key_is_key_error(void)
{
    int i = 11;
    double d = 11.0;
    float f = 11.0f;
    bool b = true;
    json_t *v = (json_t *)&i;
    akgl_String *s = NULL;
    int before = strings_in_use();

    CHECK_STATUS_MSG(akgl_get_json_integer_value(types, "nope_int", &i), AKERR_KEY,
                     "key \"nope_int\" is missing");
    CHECK_STATUS_MSG(akgl_get_json_number_value(types, "nope_number", &d), AKERR_KEY,
                     "key \"nope_number\" is missing");
    CHECK_STATUS_MSG(akgl_get_json_float_value(types, "nope_float", &f), AKERR_KEY,
                     "key \"nope_float\" is missing");
    CHECK_STATUS_MSG(akgl_get_json_boolean_value(types, "nope_bool", &b), AKERR_KEY,
                     "key \"nope_bool\" is missing");
    CHECK_STATUS_MSG(akgl_get_json_string_value(types, "nope_string", &s), AKERR_KEY,
                     "key \"nope_string\" is missing");
    CHECK_STATUS_MSG(akgl_get_json_array_value(types, "nope_array", &v), AKERR_KEY,
                     "key \"nope_array\" is missing");
    CHECK_STATUS_MSG(akgl_get_json_object_value(types, "nope_object", &v), AKERR_KEY,
                     "key \"nope_object\" is missing");
    /* Keys are case-sensitive. */
    CHECK_STATUS_MSG(akgl_get_json_integer_value(types, "INT", &i), AKERR_KEY, "\"INT\"");

    /* Nothing was written, and no string was claimed. */
    CHECK_INT_EQ(i, 11);
    CHECK(d == 11.0);
    CHECK(f == 11.0f);
    CHECK(b == true);
    CHECK(v == (json_t *)&i);
    CHECK(s == NULL);
    CHECK_INT_EQ(strings_in_use(), before);
}

enum getter { G_INTEGER, G_NUMBER, G_FLOAT, G_BOOLEAN, G_STRING, G_ARRAY, G_OBJECT, G_COUNT };

/* How each getter's message names the type it wanted. */
static const char *const wanted[G_COUNT] = {
    [G_INTEGER] = "must be an integer", [G_NUMBER] = "must be a number",
    [G_FLOAT] = "must be a number",     [G_BOOLEAN] = "must be true or false",
    [G_STRING] = "must be a string",    [G_ARRAY] = "must be an array",
    [G_OBJECT] = "must be an object",
};

/* One value of each JSON type: its member key in types.json, its index in
 * "array", how messages name its type, and which getters accept it. */
struct jvalue {
    const char *key;
    size_t index;
    const char *found;
    unsigned accepted; /* bit per enum getter */
};

#define BIT(g) (1u << (g))
static const struct jvalue jvalues[] = {
    {"int", 0, "not an integer", BIT(G_INTEGER) | BIT(G_NUMBER) | BIT(G_FLOAT)},
    {"real", 1, "not a real number", BIT(G_NUMBER) | BIT(G_FLOAT)},
    {"true", 2, "not a boolean", BIT(G_BOOLEAN)},
    {"false", 7, "not a boolean", BIT(G_BOOLEAN)},
    {"string", 3, "not a string", BIT(G_STRING)},
    {"array", 4, "not an array", BIT(G_ARRAY)},
    {"object", 5, "not an object", BIT(G_OBJECT)},
    {"null", 6, "not null", 0},
};
#define JVALUE_COUNT (sizeof(jvalues) / sizeof(jvalues[0]))

/* Calls member getter g on key, with sentinels; reports whether any
 * destination changed. */
static akerr_ErrorContext *call_member(enum getter g, const char *key, bool *touched)
{
    int i = 11;
    double d = 11.0;
    float f = 11.0f;
    bool b = true;
    json_t *v = NULL;
    akgl_String *s = NULL;
    akerr_ErrorContext *e = NULL;

    switch (g) {
    case G_INTEGER: e = akgl_get_json_integer_value(types, key, &i); break;
    case G_NUMBER: e = akgl_get_json_number_value(types, key, &d); break;
    case G_FLOAT: e = akgl_get_json_float_value(types, key, &f); break;
    case G_BOOLEAN: e = akgl_get_json_boolean_value(types, key, &b); break;
    case G_STRING: e = akgl_get_json_string_value(types, key, &s); break;
    case G_ARRAY: e = akgl_get_json_array_value(types, key, &v); break;
    case G_OBJECT: e = akgl_get_json_object_value(types, key, &v); break;
    case G_COUNT: break;
    }
    *touched = i != 11 || d != 11.0 || f != 11.0f || b != true || v != NULL || s != NULL;
    if (s != NULL) {
        CHECK_OK(akgl_heap_release_string(s));
    }
    return e;
}

static akerr_ErrorContext *call_element(enum getter g, size_t index, bool *touched)
{
    int i = 11;
    double d = 11.0;
    bool b = true;
    json_t *v = NULL;
    akgl_String *s = NULL;
    akerr_ErrorContext *e = NULL;

    switch (g) {
    case G_INTEGER: e = akgl_get_json_array_index_integer(elements, index, &i); break;
    case G_NUMBER: e = akgl_get_json_array_index_number(elements, index, &d); break;
    case G_BOOLEAN: e = akgl_get_json_array_index_boolean(elements, index, &b); break;
    case G_STRING: e = akgl_get_json_array_index_string(elements, index, &s); break;
    case G_ARRAY: e = akgl_get_json_array_index_array(elements, index, &v); break;
    case G_OBJECT: e = akgl_get_json_array_index_object(elements, index, &v); break;
    case G_FLOAT: /* no element form */
    case G_COUNT: break;
    }
    *touched = i != 11 || d != 11.0 || b != true || v != NULL || s != NULL;
    if (s != NULL) {
        CHECK_OK(akgl_heap_release_string(s));
    }
    return e;
}

/* Every getter against every JSON type: accepted, or AKERR_TYPE naming the
 * key and both types, with the destination untouched. */
static void test_member_type_matrix(void)
{
    int before = strings_in_use();
    for (int g = 0; g < G_COUNT; g++) {
        for (size_t j = 0; j < JVALUE_COUNT; j++) {
            const struct jvalue *jv = &jvalues[j];
            bool touched = false;
            char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
            char keyname[64];
            int status = test_status_of_(call_member((enum getter)g, jv->key, &touched), msg);
            if (jv->accepted & BIT(g)) {
                CHECK_MSG(status == 0, "getter %d on \"%s\": status %d: %s", g, jv->key, status,
                          msg);
                /* (A boolean may read back the sentinel itself.) */
                CHECK_MSG(touched || g == G_BOOLEAN, "getter %d on \"%s\" succeeded without writing",
                          g, jv->key);
                continue;
            }
            snprintf(keyname, sizeof(keyname), "key \"%s\"", jv->key);
            CHECK_MSG(status == AKERR_TYPE, "getter %d on \"%s\": status %d, not AKERR_TYPE", g,
                      jv->key, status);
            CHECK_CONTAINS(msg, keyname);
            CHECK_CONTAINS(msg, wanted[g]);
            CHECK_CONTAINS(msg, jv->found);
            CHECK_MSG(!touched, "getter %d on \"%s\" wrote its destination on failure", g,
                      jv->key);
        }
    }
    CHECK_INT_EQ(strings_in_use(), before);
}

static void test_element_type_matrix(void)
{
    int before = strings_in_use();
    for (int g = 0; g < G_COUNT; g++) {
        if (g == G_FLOAT) {
            continue;
        }
        for (size_t j = 0; j < JVALUE_COUNT; j++) {
            const struct jvalue *jv = &jvalues[j];
            bool touched = false;
            char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
            char indexname[64];
            int status = test_status_of_(call_element((enum getter)g, jv->index, &touched), msg);
            if (jv->accepted & BIT(g)) {
                CHECK_MSG(status == 0, "getter %d on index %zu: status %d: %s", g, jv->index,
                          status, msg);
                CHECK_MSG(touched || g == G_BOOLEAN,
                          "getter %d on index %zu succeeded without writing", g, jv->index);
                continue;
            }
            snprintf(indexname, sizeof(indexname), "index %zu ", jv->index);
            CHECK_MSG(status == AKERR_TYPE, "getter %d on index %zu: status %d, not AKERR_TYPE",
                      g, jv->index, status);
            CHECK_CONTAINS(msg, indexname);
            CHECK_CONTAINS(msg, wanted[g]);
            CHECK_CONTAINS(msg, jv->found);
            CHECK_MSG(!touched, "getter %d on index %zu wrote its destination on failure", g,
                      jv->index);
        }
    }
    CHECK_INT_EQ(strings_in_use(), before);
}

/* A member lookup in something that is not an object, or an element lookup
 * in something that is not an array, is AKERR_TYPE naming what it was. */
static void test_container_of_wrong_type(void)
{
    int i = 11;
    akgl_String *s = NULL;
    json_t *str = json_object_get(types, "string");
    json_t *obj = json_object_get(types, "object");

    CHECK_STATUS_MSG(akgl_get_json_integer_value(elements, "int", &i), AKERR_TYPE,
                     "key \"int\" in a JSON value that is not an object but an array");
    CHECK_STATUS_MSG(akgl_get_json_string_value(str, "string", &s), AKERR_TYPE,
                     "not an object but a string");
    CHECK_STATUS_MSG(akgl_get_json_array_index_integer(obj, 0, &i), AKERR_TYPE,
                     "index 0 of a JSON value that is not an array but an object");
    CHECK_STATUS_MSG(akgl_get_json_array_index_string(str, 0, &s), AKERR_TYPE,
                     "not an array but a string");
    CHECK_INT_EQ(i, 11);
    CHECK(s == NULL);
}

/* ------------------------------------------------------------------------ */
/* Ranges                                                                   */
/* ------------------------------------------------------------------------ */

static void test_integer_range(void)
{
    int i = 11;
    json_t *arr = json_pack("[I, I, I, I]", (json_int_t)INT_MAX, (json_int_t)INT_MIN,
                            (json_int_t)INT_MAX + 1, (json_int_t)INT_MIN - 1);
    CHECK(arr != NULL);

    CHECK_OK(akgl_get_json_integer_value(types, "intmax", &i));
    CHECK_INT_EQ(i, INT_MAX);
    CHECK_OK(akgl_get_json_integer_value(types, "intmin", &i));
    CHECK_INT_EQ(i, INT_MIN);

    i = 11;
    CHECK_STATUS_MSG(akgl_get_json_integer_value(types, "abovemax", &i), AKERR_OUTOFBOUNDS,
                     "key \"abovemax\" is 2147483648");
    CHECK_STATUS_MSG(akgl_get_json_integer_value(types, "belowmin", &i), AKERR_OUTOFBOUNDS,
                     "key \"belowmin\" is -2147483649");
    CHECK_INT_EQ(i, 11);

    CHECK_OK(akgl_get_json_array_index_integer(arr, 0, &i));
    CHECK_INT_EQ(i, INT_MAX);
    CHECK_OK(akgl_get_json_array_index_integer(arr, 1, &i));
    CHECK_INT_EQ(i, INT_MIN);
    i = 11;
    CHECK_STATUS_MSG(akgl_get_json_array_index_integer(arr, 2, &i), AKERR_OUTOFBOUNDS,
                     "index 2 is 2147483648");
    CHECK_STATUS_MSG(akgl_get_json_array_index_integer(arr, 3, &i), AKERR_OUTOFBOUNDS,
                     "index 3 is -2147483649");
    CHECK_INT_EQ(i, 11);
    json_decref(arr);
}

static void test_float_range(void)
{
    float f = 11.0f;
    double d = 0.0;

    CHECK_OK(akgl_get_json_float_value(types, "fltmax", &f));
    CHECK(f == FLT_MAX);
    f = 11.0f;
    CHECK_STATUS_MSG(akgl_get_json_float_value(types, "abovefltmax", &f), AKERR_OUTOFBOUNDS,
                     "key \"abovefltmax\" is 1e+39");
    CHECK_STATUS_MSG(akgl_get_json_float_value(types, "belowfltmin", &f), AKERR_OUTOFBOUNDS,
                     "key \"belowfltmin\" is -1e+39");
    CHECK(f == 11.0f);
    /* The double getter has no such limit. */
    CHECK_OK(akgl_get_json_number_value(types, "abovefltmax", &d));
    CHECK(d == 1e39);
}

static void test_index_past_end(void)
{
    int i = 11;
    double d = 11.0;
    bool b = true;
    json_t *v = NULL;
    akgl_String *s = NULL;
    json_t *empty = json_object_get(types, "emptyarray");
    int before = strings_in_use();

    CHECK_STATUS_MSG(akgl_get_json_array_index_integer(elements, 9, &i), AKERR_INDEX,
                     "index 9 is past the end of an array of 9");
    CHECK_STATUS_MSG(akgl_get_json_array_index_number(elements, 10, &d), AKERR_INDEX,
                     "index 10 is past the end of an array of 9");
    CHECK_STATUS_MSG(akgl_get_json_array_index_boolean(elements, 9, &b), AKERR_INDEX,
                     "index 9 is past the end of an array of 9");
    CHECK_STATUS_MSG(akgl_get_json_array_index_string(elements, SIZE_MAX, &s), AKERR_INDEX,
                     "of an array of 9");
    CHECK_STATUS_MSG(akgl_get_json_array_index_object(elements, 9, &v), AKERR_INDEX,
                     "index 9 is past the end of an array of 9");
    CHECK_STATUS_MSG(akgl_get_json_array_index_array(empty, 0, &v), AKERR_INDEX,
                     "index 0 is past the end of an array of 0");
    CHECK_INT_EQ(i, 11);
    CHECK(d == 11.0);
    CHECK(b == true);
    CHECK(v == NULL);
    CHECK(s == NULL);
    CHECK_INT_EQ(strings_in_use(), before);
}

/* ------------------------------------------------------------------------ */
/* NULL arguments                                                           */
/* ------------------------------------------------------------------------ */

static void test_null_arguments(void)
{
    int i = 11;
    double d = 11.0;
    float f = 11.0f;
    bool b = true;
    json_t *v = NULL;
    akgl_String *s = NULL;
    int before = strings_in_use();

    /* NULL object (the message still names the key). */
    CHECK_STATUS_MSG(akgl_get_json_integer_value(NULL, "int", &i), AKERR_NULLPOINTER,
                     "\"int\"");
    CHECK_STATUS(akgl_get_json_number_value(NULL, "real", &d), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_float_value(NULL, "real", &f), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_boolean_value(NULL, "true", &b), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_string_value(NULL, "string", &s), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_array_value(NULL, "array", &v), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_object_value(NULL, "object", &v), AKERR_NULLPOINTER);

    /* NULL key. */
    CHECK_STATUS_MSG(akgl_get_json_integer_value(types, NULL, &i), AKERR_NULLPOINTER, "key");
    CHECK_STATUS(akgl_get_json_number_value(types, NULL, &d), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_float_value(types, NULL, &f), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_boolean_value(types, NULL, &b), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_string_value(types, NULL, &s), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_array_value(types, NULL, &v), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_object_value(types, NULL, &v), AKERR_NULLPOINTER);

    /* NULL destination: a programming error, so AKERR_NULLPOINTER whether or
     * not the key is there and whatever its type. */
    const char *keys[] = {"int", "string", "nope"};
    for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
        CHECK_STATUS_MSG(akgl_get_json_integer_value(types, keys[k], NULL), AKERR_NULLPOINTER,
                         keys[k]);
        CHECK_STATUS(akgl_get_json_number_value(types, keys[k], NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_float_value(types, keys[k], NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_boolean_value(types, keys[k], NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_string_value(types, keys[k], NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_array_value(types, keys[k], NULL), AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_object_value(types, keys[k], NULL), AKERR_NULLPOINTER);
    }

    /* NULL array. */
    CHECK_STATUS_MSG(akgl_get_json_array_index_integer(NULL, 0, &i), AKERR_NULLPOINTER,
                     "index 0");
    CHECK_STATUS(akgl_get_json_array_index_number(NULL, 0, &d), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_array_index_boolean(NULL, 0, &b), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_array_index_string(NULL, 0, &s), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_array_index_object(NULL, 0, &v), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_get_json_array_index_array(NULL, 0, &v), AKERR_NULLPOINTER);

    /* NULL destination for an element, in range or not. */
    const size_t indexes[] = {0, 3, 99};
    for (size_t k = 0; k < sizeof(indexes) / sizeof(indexes[0]); k++) {
        CHECK_STATUS(akgl_get_json_array_index_integer(elements, indexes[k], NULL),
                     AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_array_index_number(elements, indexes[k], NULL),
                     AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_array_index_boolean(elements, indexes[k], NULL),
                     AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_array_index_string(elements, indexes[k], NULL),
                     AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_array_index_object(elements, indexes[k], NULL),
                     AKERR_NULLPOINTER);
        CHECK_STATUS(akgl_get_json_array_index_array(elements, indexes[k], NULL),
                     AKERR_NULLPOINTER);
    }

    CHECK_INT_EQ(i, 11);
    CHECK(d == 11.0);
    CHECK(f == 11.0f);
    CHECK(b == true);
    CHECK(v == NULL);
    CHECK(s == NULL);
    CHECK_INT_EQ(strings_in_use(), before);
}

/* ------------------------------------------------------------------------ */
/* Pooled strings                                                           */
/* ------------------------------------------------------------------------ */

static void test_string_claims_when_dest_is_null(void)
{
    akgl_String *s = NULL;
    akgl_String *t = NULL;
    int before = strings_in_use();

    CHECK_OK(akgl_get_json_string_value(types, "string", &s));
    CHECK(s != NULL);
    CHECK_INT_EQ(strings_in_use(), before + 1);
    if (s != NULL) {
        CHECK_INT_EQ(s->refcount, 1);
        CHECK_STR_EQ(s->data, "hello");
    }

    CHECK_OK(akgl_get_json_array_index_string(elements, 3, &t));
    CHECK(t != NULL && t != s);
    CHECK_INT_EQ(strings_in_use(), before + 2);
    if (t != NULL) {
        CHECK_STR_EQ(t->data, "two");
    }

    /* The caller releases what was claimed for it. */
    CHECK_OK(akgl_heap_release_string(s));
    CHECK_OK(akgl_heap_release_string(t));
    CHECK_INT_EQ(strings_in_use(), before);
}

static void test_string_writes_in_place(void)
{
    akgl_String *s = NULL;
    CHECK_OK(akgl_heap_next_string(&s));
    akgl_String *const original = s;
    int before = strings_in_use();
    fill_sentinel(s);

    CHECK_OK(akgl_get_json_string_value(types, "string", &s));
    CHECK(s == original);
    CHECK_STR_EQ(s->data, "hello");
    CHECK_INT_EQ(strings_in_use(), before);

    CHECK_OK(akgl_get_json_string_value(types, "empty", &s));
    CHECK(s == original);
    CHECK_STR_EQ(s->data, "");

    CHECK_OK(akgl_get_json_array_index_string(elements, 3, &s));
    CHECK(s == original);
    CHECK_STR_EQ(s->data, "two");
    CHECK_INT_EQ(s->refcount, 1);
    CHECK_INT_EQ(strings_in_use(), before);

    /* A failure leaves the string as it was. */
    fill_sentinel(s);
    CHECK_STATUS(akgl_get_json_string_value(types, "int", &s), AKERR_TYPE);
    CHECK_STATUS(akgl_get_json_string_value(types, "nope", &s), AKERR_KEY);
    CHECK_STATUS(akgl_get_json_array_index_string(elements, 0, &s), AKERR_TYPE);
    CHECK_STATUS(akgl_get_json_array_index_string(elements, 9, &s), AKERR_INDEX);
    CHECK(s == original);
    CHECK(is_sentinel(s));

    CHECK_OK(akgl_heap_release_string(s));
}

/* AKGL_MAX_STRING_LENGTH-1 bytes fit with the terminator; one more does not. */
static void test_string_length_limit(void)
{
    const size_t limit = AKGL_MAX_STRING_LENGTH - 1;
    json_t *fits = object_with_string_of(limit);
    json_t *too_long = object_with_string_of(limit + 1);
    json_t *fits_arr = json_array();
    json_t *too_long_arr = json_array();
    akgl_String *s = NULL;
    char expect[64];
    int before = strings_in_use();

    CHECK_INT_EQ(json_array_append(fits_arr, json_object_get(fits, "long")), 0);
    CHECK_INT_EQ(json_array_append(too_long_arr, json_object_get(too_long, "long")), 0);

    /* Fits: claimed and complete. */
    CHECK_OK(akgl_get_json_string_value(fits, "long", &s));
    CHECK(s != NULL);
    if (s != NULL) {
        CHECK_INT_EQ(strlen(s->data), limit);
        CHECK_OK(akgl_heap_release_string(s));
        s = NULL;
    }
    CHECK_OK(akgl_get_json_array_index_string(fits_arr, 0, &s));
    CHECK(s != NULL);
    if (s != NULL) {
        CHECK_INT_EQ(strlen(s->data), limit);
        CHECK_OK(akgl_heap_release_string(s));
        s = NULL;
    }
    CHECK_INT_EQ(strings_in_use(), before);

    /* One byte more: refused, no slot claimed, nothing written. */
    snprintf(expect, sizeof(expect), "is a string of %zu bytes; the limit is %zu", limit + 1,
             limit);
    CHECK_STATUS_MSG(akgl_get_json_string_value(too_long, "long", &s), AKERR_OUTOFBOUNDS,
                     expect);
    CHECK(s == NULL);
    CHECK_STATUS_MSG(akgl_get_json_array_index_string(too_long_arr, 0, &s), AKERR_OUTOFBOUNDS,
                     expect);
    CHECK(s == NULL);
    CHECK_INT_EQ(strings_in_use(), before);

    /* In place: refused, and the string is untouched. */
    CHECK_OK(akgl_heap_next_string(&s));
    fill_sentinel(s);
    akgl_String *const original = s;
    CHECK_STATUS(akgl_get_json_string_value(too_long, "long", &s), AKERR_OUTOFBOUNDS);
    CHECK_STATUS(akgl_get_json_array_index_string(too_long_arr, 0, &s), AKERR_OUTOFBOUNDS);
    CHECK(s == original);
    CHECK(is_sentinel(s));
    CHECK_OK(akgl_heap_release_string(s));

    json_decref(fits);
    json_decref(too_long);
    json_decref(fits_arr);
    json_decref(too_long_arr);
    CHECK_INT_EQ(strings_in_use(), before);
}

/* With every string slot taken, a getter that must claim one fails with
 * AKGL_ERR_HEAP and leaves *dest NULL. */
static void test_string_pool_exhausted(void)
{
    static akgl_String *held[AKGL_MAX_HEAP_STRING];
    int nheld = 0;
    akgl_String *s = NULL;

    while (nheld < AKGL_MAX_HEAP_STRING) {
        akerr_ErrorContext *e = akgl_heap_next_string(&held[nheld]);
        if (e != NULL) {
            CHECK_INT_EQ(test_status_of_(e, NULL), AKGL_ERR_HEAP);
            break;
        }
        nheld++;
    }
    CHECK_INT_EQ(strings_in_use(), AKGL_MAX_HEAP_STRING);

    CHECK_STATUS_MSG(akgl_get_json_string_value(types, "string", &s), AKGL_ERR_HEAP, "string");
    CHECK(s == NULL);
    CHECK_STATUS(akgl_get_json_array_index_string(elements, 3, &s), AKGL_ERR_HEAP);
    CHECK(s == NULL);
    /* Writing in place needs no slot. */
    s = held[0];
    CHECK_OK(akgl_get_json_string_value(types, "string", &s));
    CHECK(s == held[0]);
    CHECK_STR_EQ(held[0]->data, "hello");

    for (int k = 0; k < nheld; k++) {
        CHECK_OK(akgl_heap_release_string(held[k]));
    }
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */
/* ------------------------------------------------------------------------ */

static void test_load_good_file(void)
{
    json_t *root = NULL;
    int i = 0;
    CHECK_OK(akgl_json_load_file(JSON_DIR "/types.json", &root));
    CHECK(json_is_object(root));
    CHECK_INT_EQ(root != NULL ? root->refcount : 0, 1); /* ours to json_decref */
    CHECK_OK(akgl_get_json_integer_value(root, "int", &i));
    CHECK_INT_EQ(i, 42);
    json_decref(root);
}

static void test_load_missing_file(void)
{
    json_t *sentinel = json_object_get(types, "object");
    json_t *root = sentinel;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    /* The message begins with the file, like every loader message, not with
     * the akstdlib call that failed. */
    CHECK_INT_EQ(test_status_of_(akgl_json_load_file(JSON_DIR "/no_such_file.json", &root), msg),
                 ENOENT);
    CHECK_STR_EQ(msg, JSON_DIR "/no_such_file.json: cannot open: No such file or directory");
    CHECK(root == sentinel);
}

/* A path the loaders' buffers cannot hold is refused before anything is
 * opened; the message still begins with the path, shortened. */
static void test_load_overlong_path(void)
{
    static char path[AKGL_MAX_STRING_LENGTH + 1];
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH], shown[TEST_SHOWN_PATH_SIZE], want[600];
    json_t *sentinel = json_object_get(types, "object");
    json_t *root = sentinel;
    memset(path, 'p', sizeof(path));
    for (int i = 0; i < AKGL_MAX_STRING_LENGTH; i += 200) {
        path[i] = '/';
    }
    path[AKGL_MAX_STRING_LENGTH - 5] = 'T'; /* in the tail the message keeps */
    /* 4095 bytes: looked for (components of 199 bytes, so the OS says ENOENT). */
    path[AKGL_MAX_STRING_LENGTH - 1] = '\0';
    CHECK_INT_EQ(test_status_of_(akgl_json_load_file(path, &root), msg), ENOENT);
    snprintf(want, sizeof(want), "%s: cannot open: No such file or directory",
             test_shown_path(path, shown));
    CHECK_STR_EQ(msg, want);
    /* 4096 bytes: refused. */
    path[AKGL_MAX_STRING_LENGTH - 1] = 'p';
    path[AKGL_MAX_STRING_LENGTH] = '\0';
    CHECK_INT_EQ(test_status_of_(akgl_json_load_file(path, &root), msg), AKERR_OUTOFBOUNDS);
    snprintf(want, sizeof(want),
             "%s: the JSON path is 4096 bytes, too long for a pooled string (limit 4095)",
             test_shown_path(path, shown));
    CHECK_STR_EQ(msg, want);
    CHECK(strncmp(msg, path, 128) == 0 && strncmp(msg + 128, "...", 3) == 0);
    CHECK(strstr(msg, "Tpppp: the JSON path") != NULL); /* the tail is kept */
    CHECK(root == sentinel);
}

/* A directory opens on Linux but cannot be read: that is the errno of the
 * read (EISDIR) naming the path, not a JSON syntax error. */
static void test_load_directory(void)
{
    json_t *sentinel = json_object_get(types, "object");
    json_t *root = sentinel;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    int status = test_status_of_(akgl_json_load_file(JSON_DIR, &root), msg);
    CHECK_INT_EQ(status, EISDIR);
    CHECK_CONTAINS(msg, JSON_DIR);
    CHECK_MSG(strstr(msg, "expected") == NULL, "a parse message for a directory: %s", msg);
    CHECK(root == sentinel);
}

static void test_load_invalid_json(void)
{
    json_t *sentinel = json_object_get(types, "object");
    json_t *root = sentinel;
    /* "bad": tru -- the token ends on line 3, column 14. */
    CHECK_STATUS_MSG(akgl_json_load_file(JSON_DIR "/invalid.json", &root), AKERR_FORMAT,
                     JSON_DIR "/invalid.json:3:14: invalid token near 'tru'");
    CHECK_STATUS_MSG(akgl_json_load_file(JSON_DIR "/trailing_garbage.json", &root), AKERR_FORMAT,
                     JSON_DIR "/trailing_garbage.json:1:");
    CHECK(root == sentinel);
}

static void test_load_rejects_duplicate_keys(void)
{
    json_t *sentinel = json_object_get(types, "object");
    json_t *root = sentinel;
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    CHECK_INT_EQ(test_status_of_(akgl_json_load_file(JSON_DIR "/duplicate_keys.json", &root), msg),
                 AKERR_FORMAT);
    CHECK_CONTAINS(msg, JSON_DIR "/duplicate_keys.json:3:");
    CHECK_CONTAINS(msg, "duplicate object key");
    CHECK_CONTAINS(msg, "\"name\"");
    CHECK(root == sentinel);
}

static void test_load_null_arguments(void)
{
    json_t *root = NULL;
    CHECK_STATUS_MSG(akgl_json_load_file(NULL, &root), AKERR_NULLPOINTER, "path");
    CHECK_STATUS_MSG(akgl_json_load_file(JSON_DIR "/types.json", NULL), AKERR_NULLPOINTER,
                     "destination");
    CHECK(root == NULL);
}

static akerr_ErrorContext *raise_key_error(void)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, AKERR_KEY, "required key \"frames\" is missing");
}

static void test_error_in_file_prefixes(void)
{
    akerr_ErrorContext *e = raise_key_error();
    CHECK(akgl_json_error_in_file(e, "sprites/hero.json") == e);
    CHECK_STR_EQ(e->message, "sprites/hero.json: required key \"frames\" is missing");
    CHECK_INT_EQ(e->status, AKERR_KEY);
    CHECK_INT_EQ(test_status_of_(e, NULL), AKERR_KEY);

    /* NULL context: nothing to prefix (and no context acquired). */
    CHECK(akgl_json_error_in_file(NULL, "sprites/hero.json") == NULL);

    /* NULL path: the error comes back unchanged. */
    e = raise_key_error();
    CHECK(akgl_json_error_in_file(e, NULL) == e);
    CHECK_STR_EQ(e->message, "required key \"frames\" is missing");
    CHECK_INT_EQ(test_status_of_(e, NULL), AKERR_KEY);

    /* A path of up to 256 bytes is shown whole. */
    static char path[AKERR_MAX_ERROR_MESSAGE_LENGTH + 100];
    char want[AKERR_MAX_ERROR_MESSAGE_LENGTH + 200];
    memset(path, 'p', sizeof(path) - 1);
    path[AKGL_MAX_MESSAGE_PATH_LENGTH] = '\0';
    e = raise_key_error();
    CHECK(akgl_json_error_in_file(e, path) == e);
    snprintf(want, sizeof(want), "%s: required key \"frames\" is missing", path);
    CHECK_STR_EQ(e->message, want);
    CHECK_INT_EQ(test_status_of_(e, NULL), AKERR_KEY);

    /* A longer one, which would push what went wrong out of the message, is
     * shortened in the middle: head (128 bytes), "...", tail (125). */
    memset(path, 'p', sizeof(path) - 1);
    path[sizeof(path) - 1] = '\0';
    path[0] = 'H';
    path[sizeof(path) - 2] = 'T';
    e = raise_key_error();
    CHECK(akgl_json_error_in_file(e, path) == e);
    CHECK_INT_EQ(strlen(e->message), 256 + strlen(": required key \"frames\" is missing"));
    CHECK(e->message[0] == 'H' && strncmp(e->message + 128, "...", 3) == 0 &&
          e->message[255] == 'T');
    CHECK_CONTAINS(e->message, "T: required key \"frames\" is missing");
    CHECK_INT_EQ(test_status_of_(e, NULL), AKERR_KEY);

    /* With a getter, as loaders use it. */
    int i = 0;
    CHECK_STATUS_MSG(akgl_json_error_in_file(akgl_get_json_integer_value(types, "nope", &i),
                                             "level1.json"),
                     AKERR_KEY, "level1.json: required key \"nope\" is missing");
}

int main(void)
{
    AKGL_TEST_BEGIN();
    akerr_ErrorContext *e = akgl_json_load_file(JSON_DIR "/types.json", &types);
    if (e != NULL) {
        fprintf(stderr, "cannot load the fixture: %s\n", e->message);
        return 1;
    }
    elements = json_object_get(types, "array");

    RUN_TEST(test_member_getters_succeed);
    RUN_TEST(test_element_getters_succeed);
    RUN_TEST(test_containers_are_borrowed);
    RUN_TEST(test_absent_key_is_key_error);
    RUN_TEST(test_member_type_matrix);
    RUN_TEST(test_element_type_matrix);
    RUN_TEST(test_container_of_wrong_type);
    RUN_TEST(test_integer_range);
    RUN_TEST(test_float_range);
    RUN_TEST(test_index_past_end);
    RUN_TEST(test_null_arguments);
    RUN_TEST(test_string_claims_when_dest_is_null);
    RUN_TEST(test_string_writes_in_place);
    RUN_TEST(test_string_length_limit);
    RUN_TEST(test_string_pool_exhausted);
    RUN_TEST(test_load_good_file);
    RUN_TEST(test_load_missing_file);
    RUN_TEST(test_load_overlong_path);
    RUN_TEST(test_load_directory);
    RUN_TEST(test_load_invalid_json);
    RUN_TEST(test_load_rejects_duplicate_keys);
    RUN_TEST(test_load_null_arguments);
    RUN_TEST(test_error_in_file_prefixes);

    json_decref(types);
    return AKGL_TEST_END();
}
