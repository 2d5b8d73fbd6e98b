/**
 * @file akgl/json.h
 * @brief Typed, checked access to jansson values.
 *
 * Layer: data (docs/03-layers.md).
 *
 * Every getter names the key (or index) in its message. A NULL object,
 * array, key or @p dest is AKERR_NULLPOINTER (checked first); an absent key
 * is AKERR_KEY; a value of the wrong JSON type is AKERR_TYPE naming the type
 * wanted and the type found; an integer that does not fit the destination is
 * AKERR_OUTOFBOUNDS. @p dest is written only on success. Objects and arrays handed back are borrowed from their parent
 * (jansson's borrowed references): do not json_decref them.
 */
#ifndef AKGL_JSON_H
#define AKGL_JSON_H

#include <akerror.h>
#include <akgl/staticstring.h>

#include <jansson.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Parses the JSON file at @p path, within the caps of akgl/limits.h.
 *
 * Only a regular file is read (a FIFO would block forever), and only up to
 * AKGL_JSON_MAX_FILE_SIZE bytes; parsing may use AKGL_JSON_MAX_PARSE_MEMORY
 * bytes; the document may hold AKGL_JSON_MAX_VALUES values, keys of
 * AKGL_JSON_MAX_KEY_LENGTH bytes, and nest AKGL_JSON_MAX_DEPTH deep.
 * Every message begins with @p path (one of more than
 * AKGL_MAX_MESSAGE_PATH_LENGTH bytes is shown as its head and tail around
 * "..."), so a loader that starts with this call names its file in every error.
 * @param path The file.
 * @param dest Receives a new reference: the caller json_decref()s it.
 * @return NULL; AKERR_OUTOFBOUNDS when @p path is AKGL_MAX_STRING_LENGTH
 *         bytes or more; the errno status (ENOENT, EACCES...) when it cannot
 *         be opened ("path: cannot open: reason"); EISDIR for a directory;
 *         AKERR_IO for a FIFO, socket or device; EIO (or the read's errno)
 *         when a read fails ("path: cannot read: reason");
 *         AKERR_OUTOFBOUNDS naming the limit for a file, a parse, a key, a
 *         depth or a count over its cap; ENOMEM "out of memory while
 *         parsing" when any allocation failed during the parse (even when
 *         jansson itself would have returned a document); AKERR_FORMAT with
 *         "path:line:column: reason" for invalid JSON, duplicate keys
 *         included; AKERR_NULLPOINTER. @p dest is written only on success.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_json_load_file(const char *path, json_t **dest);

/**
 * @brief Prefixes an error's message with "path: " so a loader's errors name
 *        the file; returns @p errctx for chaining. A NULL @p errctx is a no-op.
 *
 * A path of more than AKGL_MAX_MESSAGE_PATH_LENGTH bytes is shown as its
 * first 128 bytes, "..." and its last 125, so the message after it still fits.
 * @param errctx The error, or NULL.
 * @param path   The file to name.
 * @return @p errctx.
 */
akerr_ErrorContext *akgl_json_error_in_file(akerr_ErrorContext *errctx, const char *path);

/** @name Object members
 * Each reads member @p key of object @p obj into @p dest; the statuses are
 * those of the file's description: NULL; AKERR_NULLPOINTER; AKERR_KEY;
 * AKERR_TYPE; AKERR_OUTOFBOUNDS where a value can be out of range.
 *  @{ */
/**
 * @brief A JSON integer that fits an int.
 * @param obj The object. @param key The member. @param dest Gets the value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY; AKERR_TYPE; AKERR_OUTOFBOUNDS.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_integer_value(json_t *obj, const char *key,
                                                               int *dest);
/**
 * @brief A JSON number (integer or real) as a double.
 * @param obj The object. @param key The member. @param dest Gets the value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_number_value(json_t *obj, const char *key,
                                                              double *dest);
/**
 * @brief A JSON number (integer or real) as a float.
 * @param obj The object. @param key The member. @param dest Gets the value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY; AKERR_TYPE; AKERR_OUTOFBOUNDS
 *         beyond FLT_MAX.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_float_value(json_t *obj, const char *key,
                                                             float *dest);
/**
 * @brief A JSON true/false.
 * @param obj The object. @param key The member. @param dest Gets the value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_boolean_value(json_t *obj, const char *key,
                                                               bool *dest);
/**
 * @brief A JSON string into a pooled string.
 * @param obj  The object.
 * @param key  The member.
 * @param dest *dest NULL: a string is claimed (the caller releases it; it is
 *             released again here on failure); else it is written in place.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY; AKERR_TYPE; AKERR_OUTOFBOUNDS
 *         when it is longer than AKGL_MAX_STRING_LENGTH-1; AKGL_ERR_HEAP when
 *         no string slot is free.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_string_value(json_t *obj, const char *key,
                                                              akgl_String **dest);
/**
 * @brief A JSON array.
 * @param obj The object. @param key The member.
 * @param dest Gets the array, borrowed from @p obj.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_array_value(json_t *obj, const char *key,
                                                             json_t **dest);
/**
 * @brief A JSON object.
 * @param obj The object. @param key The member.
 * @param dest Gets the object, borrowed from @p obj.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_object_value(json_t *obj, const char *key,
                                                              json_t **dest);
/** @} */

/** @name Array elements
 * An index past the end is AKERR_INDEX naming the index and the length; a
 * @p array that is not a JSON array is AKERR_TYPE.
 * @{ */
/**
 * @brief Element @p index as an int.
 * @param array The array. @param index The element. @param dest Gets the value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX; AKERR_TYPE; AKERR_OUTOFBOUNDS.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_array_index_integer(json_t *array, size_t index,
                                                                     int *dest);
/**
 * @brief Element @p index as a double.
 * @param array The array. @param index The element. @param dest Gets the value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_array_index_number(json_t *array, size_t index,
                                                                    double *dest);
/**
 * @brief Element @p index as a bool.
 * @param array The array. @param index The element. @param dest Gets the value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_array_index_boolean(json_t *array, size_t index,
                                                                     bool *dest);
/**
 * @brief As akgl_get_json_string_value, for an element.
 * @param array The array. @param index The element.
 * @param dest  As akgl_get_json_string_value.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX; AKERR_TYPE; AKERR_OUTOFBOUNDS;
 *         AKGL_ERR_HEAP.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_array_index_string(json_t *array, size_t index,
                                                                    akgl_String **dest);
/**
 * @brief Element @p index as an object.
 * @param array The array. @param index The element.
 * @param dest Gets the object, borrowed from @p array.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_array_index_object(json_t *array, size_t index,
                                                                    json_t **dest);
/**
 * @brief Element @p index as an array.
 * @param array The array. @param index The element.
 * @param dest Gets the array, borrowed from @p array.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX; AKERR_TYPE.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_get_json_array_index_array(json_t *array, size_t index,
                                                                   json_t **dest);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKGL_JSON_H */
