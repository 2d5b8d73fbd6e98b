/*
 * Typed access to jansson values. Each getter is two steps: find the value
 * (member or element), then convert it; the conversions are shared so an
 * object member and an array element obey the same rules and messages.
 */
#include <akgl/json.h>

#include "json_private.h"

#include <akgl/heap.h>
#include <akstdlib.h>

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Head and tail of a long path: 128 + "..." + 125 = AKGL_MAX_MESSAGE_PATH_LENGTH. */
#define MESSAGE_PATH_HEAD 128
#define MESSAGE_PATH_TAIL (AKGL_MAX_MESSAGE_PATH_LENGTH - MESSAGE_PATH_HEAD - 3)

const char *akgl_json_message_path(const char *path, char out[AKGL_JSON_MESSAGE_PATH_SIZE])
{
    size_t len = strlen(path);
    if (len <= AKGL_MAX_MESSAGE_PATH_LENGTH) {
        memcpy(out, path, len + 1);
        return out;
    }
    memcpy(out, path, MESSAGE_PATH_HEAD);
    memcpy(out + MESSAGE_PATH_HEAD, "...", 3);
    memcpy(out + MESSAGE_PATH_HEAD + 3, path + len - MESSAGE_PATH_TAIL, MESSAGE_PATH_TAIL + 1);
    return out;
}

akerr_ErrorContext *akgl_json_load_file(const char *path, json_t **dest)
{
    FILE *fp = NULL;
    json_error_t jerr;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_json_load_file: NULL path");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_json_load_file: NULL destination");
    akgl_json_message_path(path, shown);
    /* Every loader keeps paths derived from this one (a sheet beside it) in
     * buffers of this size, so the limit is checked once, here. */
    size_t len = strlen(path);
    if (len >= AKGL_MAX_STRING_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: the JSON path is %zu bytes, too long for a pooled string (limit %d)",
                    shown, len, AKGL_MAX_STRING_LENGTH - 1);
    }
    /* Open it ourselves so a missing file is ENOENT, not a parse error. */
    errctx = aksl_fopen(path, "rb", &fp);
    if (errctx != NULL) {
        /* aksl_fopen's message starts with its own name; a loader's starts
         * with the file. Same status; the raise stays in the trace. */
        int status = errctx->status;
        FAIL_RETURN(errctx, status, "%s: cannot open: %s", shown,
                    akerr_name_for_status(status, NULL));
    }
    errno = 0;
    json_t *root = json_loadf(fp, JSON_REJECT_DUPLICATES, &jerr);
    int read_errno = errno;
    /* jansson treats a failed read as the end of the input, so a directory
     * (which fopen opens on Linux) or an I/O error would be reported as a
     * syntax error at 1:0. Ask the stream instead and report the read. */
    bool read_failed = root == NULL && ferror(fp);
    IGNORE(aksl_fclose(fp));
    if (read_failed) {
        FAIL_RETURN(errctx, read_errno != 0 ? read_errno : AKERR_IO, "%s: cannot read: %s", shown,
                    read_errno != 0 ? akerr_name_for_status(read_errno, NULL) : "read error");
    }
    FAIL_ZERO_RETURN(errctx, root, AKERR_FORMAT, "%s:%d:%d: %s", shown, jerr.line, jerr.column,
                     jerr.text);
    *dest = root;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_json_error_in_file(akerr_ErrorContext *errctx, const char *path)
{
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    if (path == NULL || errctx == NULL) {
        return errctx;
    }
    return akerr_prefix_message(errctx, "%s", akgl_json_message_path(path, shown));
}

/* ------------------------------------------------------------------------ */
/* Finding a value                                                          */
/* ------------------------------------------------------------------------ */

const char *akgl_json_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a real number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "unknown";
}

/* The member `key` of `obj`. */
static akerr_ErrorContext *member(json_t *obj, const char *key, json_t **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "NULL JSON object looking up key \"%s\"",
                     key ? key : "(null)");
    FAIL_ZERO_RETURN(errctx, key, AKERR_NULLPOINTER, "NULL key");
    FAIL_ZERO_RETURN(errctx, json_is_object(obj), AKERR_TYPE,
                     "looking up key \"%s\" in a JSON value that is not an object but %s", key,
                     akgl_json_type_name(obj));
    *dest = json_object_get(obj, key);
    FAIL_ZERO_RETURN(errctx, *dest, AKERR_KEY, "required key \"%s\" is missing", key);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *element(json_t *array, size_t index, json_t **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, array, AKERR_NULLPOINTER, "NULL JSON array reading index %zu",
                     index);
    FAIL_ZERO_RETURN(errctx, json_is_array(array), AKERR_TYPE,
                     "reading index %zu of a JSON value that is not an array but %s", index,
                     akgl_json_type_name(array));
    size_t len = json_array_size(array);
    if (index >= len) {
        FAIL_RETURN(errctx, AKERR_INDEX, "index %zu is past the end of an array of %zu", index,
                    len);
    }
    *dest = json_array_get(array, index);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Converting a value; `name` is "key \"x\"" or "index 3" for messages      */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *as_integer(json_t *v, const char *name, int *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for %s", name);
    FAIL_ZERO_RETURN(errctx, json_is_integer(v), AKERR_TYPE, "%s must be an integer, not %s",
                     name, akgl_json_type_name(v));
    json_int_t n = json_integer_value(v);
    if (n < INT_MIN || n > INT_MAX) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s is %" JSON_INTEGER_FORMAT
                    "; an integer here must be between %d and %d", name, n, INT_MIN, INT_MAX);
    }
    *dest = (int)n;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *as_number(json_t *v, const char *name, double *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for %s", name);
    FAIL_ZERO_RETURN(errctx, json_is_number(v), AKERR_TYPE, "%s must be a number, not %s", name,
                     akgl_json_type_name(v));
    *dest = json_number_value(v);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *as_boolean(json_t *v, const char *name, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for %s", name);
    FAIL_ZERO_RETURN(errctx, json_is_boolean(v), AKERR_TYPE,
                     "%s must be true or false, not %s", name, akgl_json_type_name(v));
    *dest = json_is_true(v);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *as_string(json_t *v, const char *name, akgl_String **dest)
{
    akgl_String *claimed = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for %s", name);
    FAIL_ZERO_RETURN(errctx, json_is_string(v), AKERR_TYPE, "%s must be a string, not %s", name,
                     akgl_json_type_name(v));
    size_t len = json_string_length(v);
    if (len >= AKGL_MAX_STRING_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s is a string of %zu bytes; the limit is %d",
                    name, len, AKGL_MAX_STRING_LENGTH - 1);
    }
    if (*dest == NULL) {
        PASS(errctx, akgl_heap_next_string(&claimed));
        *dest = claimed;
    }
    /* Length checked above, so this copy cannot truncate. */
    memcpy((*dest)->data, json_string_value(v), len + 1);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *as_kind(json_t *v, const char *name, int kind, json_t **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for %s", name);
    FAIL_NONZERO_RETURN(errctx, json_typeof(v) != (json_type)kind, AKERR_TYPE,
                        "%s must be %s, not %s", name,
                        kind == JSON_OBJECT ? "an object" : "an array", akgl_json_type_name(v));
    *dest = v;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The getters                                                              */
/* ------------------------------------------------------------------------ */

#define KEY_NAME(buf, key) snprintf((buf), sizeof(buf), "key \"%s\"", (key))
#define INDEX_NAME(buf, index) snprintf((buf), sizeof(buf), "index %zu", (index))

/* One getter per (lookup, conversion) pair, all the same shape. */
#define MEMBER_GETTER(fn, conv, type) \
    akerr_ErrorContext *fn(json_t *obj, const char *key, type *dest) \
    { \
        json_t *v = NULL; \
        char name[160]; \
        PREPARE_ERROR(errctx); \
        /* A NULL dest is the caller's bug: say so even when the key is \
         * absent, instead of a KEY error that hides it. */ \
        FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for key \"%s\"", \
                         key ? key : "(null)"); \
        PASS(errctx, member(obj, key, &v)); \
        KEY_NAME(name, key); \
        PASS(errctx, conv(v, name, dest)); \
        SUCCEED_RETURN(errctx); \
    }

#define ELEMENT_GETTER(fn, conv, type) \
    akerr_ErrorContext *fn(json_t *array, size_t index, type *dest) \
    { \
        json_t *v = NULL; \
        char name[64]; \
        PREPARE_ERROR(errctx); \
        FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for index %zu", \
                         index); \
        PASS(errctx, element(array, index, &v)); \
        INDEX_NAME(name, index); \
        PASS(errctx, conv(v, name, dest)); \
        SUCCEED_RETURN(errctx); \
    }

static akerr_ErrorContext *as_object(json_t *v, const char *name, json_t **dest)
{
    return as_kind(v, name, JSON_OBJECT, dest);
}

static akerr_ErrorContext *as_array(json_t *v, const char *name, json_t **dest)
{
    return as_kind(v, name, JSON_ARRAY, dest);
}

MEMBER_GETTER(akgl_get_json_integer_value, as_integer, int)
MEMBER_GETTER(akgl_get_json_number_value, as_number, double)
MEMBER_GETTER(akgl_get_json_boolean_value, as_boolean, bool)
MEMBER_GETTER(akgl_get_json_string_value, as_string, akgl_String *)
MEMBER_GETTER(akgl_get_json_array_value, as_array, json_t *)
MEMBER_GETTER(akgl_get_json_object_value, as_object, json_t *)

ELEMENT_GETTER(akgl_get_json_array_index_integer, as_integer, int)
ELEMENT_GETTER(akgl_get_json_array_index_number, as_number, double)
ELEMENT_GETTER(akgl_get_json_array_index_boolean, as_boolean, bool)
ELEMENT_GETTER(akgl_get_json_array_index_string, as_string, akgl_String *)
ELEMENT_GETTER(akgl_get_json_array_index_object, as_object, json_t *)
ELEMENT_GETTER(akgl_get_json_array_index_array, as_array, json_t *)

akerr_ErrorContext *akgl_get_json_float_value(json_t *obj, const char *key, float *dest)
{
    double value = 0.0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "NULL destination for key \"%s\"",
                     key ? key : "(null)");
    PASS(errctx, akgl_get_json_number_value(obj, key, &value));
    if (value > FLT_MAX || value < -FLT_MAX) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "key \"%s\" is %g; a float here must be within "
                    "+/-%g", key, value, (double)FLT_MAX);
    }
    *dest = (float)value;
    SUCCEED_RETURN(errctx);
}
