/*
 * Typed access to jansson values. Each getter is two steps: find the value
 * (member or element), then convert it; the conversions are shared so an
 * object member and an array element obey the same rules and messages.
 */
#include <akgl/json.h>

#include "fault_private.h"
#include "file_private.h"
#include "json_private.h"

#include <akgl/heap.h>
#include <akstdlib.h>

#include <SDL3/SDL.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ------------------------------------------------------------------------ */
/* Loading a file: caps, a watched allocator, a bounded reader              */
/* ------------------------------------------------------------------------ */

const akgl_JsonCaps akgl_json_default_caps = {
    .max_file_size = AKGL_JSON_MAX_FILE_SIZE,
    .max_parse_memory = AKGL_JSON_MAX_PARSE_MEMORY,
    .max_values = AKGL_JSON_MAX_VALUES,
    .max_key_length = AKGL_JSON_MAX_KEY_LENGTH,
    .max_depth = AKGL_JSON_MAX_DEPTH,
};

/*
 * jansson 2.14 does not survive every allocation failure. lex_save() ignores
 * the result of strbuffer_append_byte(), so a failed grow silently drops a
 * byte of the token: a key loses its last letter ("test.good.titl") and the
 * parse succeeds, or a string loses its closing quote and lex_scan_string()
 * copies past the end of its buffer (heap corruption: "free(): invalid next
 * size"). That copy goes into a block it allocates right after the drop.
 *
 * So while one of our parses runs on this thread, a failure is sticky: once
 * one allocation has failed, every later one in the same parse fails too.
 * The block the overrun needs is never handed out (jansson returns at once),
 * no token after the dropped byte is built, and the reader below stops
 * feeding input. Whatever jansson returns, the load is refused with ENOMEM.
 * The same watch enforces max_parse_memory. Proven by the fault-injection
 * harness (test_fault.c) failing every allocation of every loader in turn.
 */
typedef struct JsonWatch
{
    bool watching;    /* one of our parses is running on this thread */
    bool failed;      /* an allocation failed: sticky until the parse ends */
    bool over_budget; /* ...because the parse asked for more than its budget */
    size_t asked;     /* bytes asked for so far by this parse */
    size_t budget;
} JsonWatch;

static _Thread_local JsonWatch watch;

static void *json_alloc(size_t size)
{
    if (watch.watching) {
        if (watch.failed) {
            return NULL;
        }
        if (size > watch.budget - watch.asked) {
            watch.failed = true;
            watch.over_budget = true;
            return NULL;
        }
        watch.asked += size;
    }
    void *p = akgl_fault_now(AKGL_FAULT_ALLOC) ? NULL : malloc(size);
    if (p == NULL) {
        watch.failed = watch.watching;
        akgl_alloc_note_failure();
        return NULL;
    }
    akgl_fault_note_block(1);
    return p;
}

static void json_release(void *p)
{
    if (p != NULL) {
        akgl_fault_note_block(-1);
    }
    free(p);
}

/* Installs the watched allocator once. Blocks jansson allocated before this
 * came from malloc, which json_release's free() still matches. */
static void install_json_allocator(void)
{
    static SDL_AtomicInt installed;
    if (SDL_GetAtomicInt(&installed) == 0) {
        json_set_alloc_funcs(json_alloc, json_release);
        SDL_SetAtomicInt(&installed, 1);
    }
}

typedef struct JsonSource
{
    FILE *fp;
    size_t limit;  /* max_file_size */
    size_t total;  /* bytes handed to jansson */
    int read_errno; /* a failed read's errno (EIO when it had none) */
    bool injected; /* the failed read was the fault switch's */
    bool grew;     /* more bytes than the size checked at open */
    char first;    /* the first byte that is not white space (0: none yet) */
} JsonSource;

/* jansson's reader: stops at a read error, at the cap, and after a failed
 * allocation (no point parsing on). (size_t)-1 is jansson's "error". */
static size_t json_read(void *buffer, size_t buflen, void *data)
{
    JsonSource *src = data;
    if (watch.failed) {
        return (size_t)-1;
    }
    if (akgl_fault_now(AKGL_FAULT_READ)) {
        src->read_errno = EIO;
        src->injected = true;
        return (size_t)-1;
    }
    errno = 0;
    size_t n = fread(buffer, 1, buflen, src->fp);
    if (n < buflen && ferror(src->fp)) {
        src->read_errno = errno != 0 ? errno : EIO;
        return (size_t)-1;
    }
    for (size_t i = 0; src->first == 0 && i < n; i++) {
        char c = ((const char *)buffer)[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            src->first = c;
        }
    }
    src->total += n;
    if (src->total > src->limit) {
        src->grew = true;
        return (size_t)-1;
    }
    return n;
}

/* Counts values and checks keys and depth, stopping at the first excess. */
static akerr_ErrorContext *check_tree(const char *path, json_t *v, const akgl_JsonCaps *caps,
                                      int depth, long *values)
{
    const char *key = NULL;
    json_t *child = NULL;
    size_t index = 0;
    PREPARE_ERROR(errctx);

    if (++*values > caps->max_values) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: more than %ld JSON values; the limit is %ld (AKGL_JSON_MAX_VALUES)",
                    path, caps->max_values, caps->max_values);
    }
    if (!json_is_object(v) && !json_is_array(v)) {
        SUCCEED_RETURN(errctx);
    }
    if (depth >= caps->max_depth) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: objects and arrays nest deeper than %d; the limit is %d "
                    "(AKGL_JSON_MAX_DEPTH)", path, caps->max_depth, caps->max_depth);
    }
    if (json_is_object(v)) {
        json_object_foreach(v, key, child) {
            size_t len = strlen(key);
            if (len > caps->max_key_length) {
                FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                            "%s: key \"%.32s...\" is %zu bytes; the limit is %zu "
                            "(AKGL_JSON_MAX_KEY_LENGTH)", path, key, len, caps->max_key_length);
            }
            PASS(errctx, check_tree(path, child, caps, depth + 1, values));
        }
    } else {
        json_array_foreach(v, index, child) {
            PASS(errctx, check_tree(path, child, caps, depth + 1, values));
        }
    }
    SUCCEED_RETURN(errctx);
}

/* Why a parse that read its whole input failed, as an error. */
static akerr_ErrorContext *parse_failure(const char *path, const JsonSource *src,
                                         const JsonWatch *w, const json_error_t *jerr,
                                         const akgl_JsonCaps *caps)
{
    PREPARE_ERROR(errctx);
    if (w->over_budget) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: parsing needs more than %zu bytes of memory; the limit is %zu "
                    "(AKGL_JSON_MAX_PARSE_MEMORY)", path, caps->max_parse_memory,
                    caps->max_parse_memory);
    }
    if (w->failed) {
        FAIL_RETURN(errctx, ENOMEM,
                    "%s: out of memory while parsing (an allocation failed); nothing was loaded",
                    path);
    }
    if (src->grew) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: the file grew past %zu bytes while it was read (AKGL_JSON_MAX_FILE_SIZE)",
                    path, caps->max_file_size);
    }
    if (src->read_errno != 0) {
        FAIL_RETURN(errctx, src->read_errno, "%s: cannot read: %s", path,
                    src->injected ? "injected fault" : akerr_name_for_status(src->read_errno, NULL));
    }
    /* jansson ends most messages with the token it stopped at ("near
     * 'tru'"), which helps in a JSON file with a typo. From a file that is
     * not JSON at all (it does not open with an object or an array) that
     * token is the file's own content (the first word of /etc/shadow): the
     * line and column say where, and the words from the file are left out. */
    const char *text = jerr->text[0] != '\0' ? jerr->text : "invalid JSON";
    const char *near = strstr(text, " near '");
    bool json_shaped = src->first == '{' || src->first == '[';
    int shown = near != NULL && !json_shaped ? (int)(near - text) : (int)strlen(text);
    FAIL_RETURN(errctx, AKERR_FORMAT, "%s:%d:%d: %.*s", path, jerr->line, jerr->column, shown,
                text);
}

akerr_ErrorContext *akgl_json_load_file_capped(const char *path, const akgl_JsonCaps *caps,
                                               json_t **dest)
{
    JsonSource src;
    json_error_t jerr;
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_json_load_file: NULL path");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_json_load_file: NULL destination");
    FAIL_ZERO_RETURN(errctx, caps, AKERR_NULLPOINTER, "akgl_json_load_file: NULL caps");
    akgl_json_message_path(path, shown);
    /* Every loader keeps paths derived from this one (a sheet beside it) in
     * buffers of this size, so the limit is checked once, here. */
    size_t len = strlen(path);
    if (len >= AKGL_MAX_STRING_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: the JSON path is %zu bytes, too long for a pooled string (limit %d)",
                    shown, len, AKGL_MAX_STRING_LENGTH - 1);
    }
    install_json_allocator();
    memset(&src, 0, sizeof(src));
    memset(&jerr, 0, sizeof(jerr));
    src.limit = caps->max_file_size;
    if (akgl_fault_now(AKGL_FAULT_OPEN)) {
        FAIL_RETURN(errctx, EIO, "%s: cannot open: injected fault", shown);
    }
    /* Only a regular file, and not a byte over the cap: a FIFO would block
     * the read forever, and a huge file costs time and memory to refuse. */
    char resolved[AKGL_MAX_STRING_LENGTH];
    PASS(errctx, akgl_file_resolve(shown, path, resolved));
    errctx = aksl_fopen_regular(resolved, caps->max_file_size, &src.fp, NULL);
    if (errctx != NULL) {
        /* aksl's message starts with its own name; a loader's starts with
         * the file. Same status; the raise stays in the trace. What is not
         * an errno (not a regular file, too big) keeps aksl's words. */
        int status = errctx->status;
        if (status == AKERR_IO || status == AKERR_OUTOFBOUNDS || status == EISDIR) {
            return akerr_trace_append(akerr_prefix_message(errctx, "%s: cannot open", shown),
                                      __FILE__, __func__, __LINE__);
        }
        FAIL_RETURN(errctx, status, "%s: cannot open: %s", shown,
                    akerr_name_for_status(status, NULL));
    }
    watch = (JsonWatch){.watching = true, .budget = caps->max_parse_memory};
    json_t *root = json_load_callback(json_read, &src, JSON_REJECT_DUPLICATES, &jerr);
    JsonWatch seen = watch;
    watch = (JsonWatch){0};
    (void)fclose(src.fp); /* read-only: nothing to lose */
    if (root != NULL && (seen.failed || src.read_errno != 0 || src.grew)) {
        /* jansson may "succeed" after dropping a byte, and takes a failed
         * read for the end of the input: never believe it then. */
        json_decref(root);
        root = NULL;
    }
    if (root == NULL) {
        return akerr_trace_append(parse_failure(shown, &src, &seen, &jerr, caps), __FILE__,
                                  __func__, __LINE__);
    }
    long values = 0;
    errctx = check_tree(shown, root, caps, 0, &values);
    if (errctx != NULL) {
        json_decref(root);
        return akerr_trace_append(errctx, __FILE__, __func__, __LINE__);
    }
    *dest = root;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_json_load_file(const char *path, json_t **dest)
{
    return akgl_json_load_file_capped(path, &akgl_json_default_caps, dest);
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
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s is %lld; an integer here must be between %d and %d", name,
                    (long long)n, INT_MIN, INT_MAX);
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
