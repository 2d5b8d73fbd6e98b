/*
 * Layer: assets. A Tiled file -> its JSON document: a JSON file parsed as it
 * is, an XML file translated by tilemap_tmx.c into the JSON Tiled writes for
 * it. The load entry points (tilemap.c) read the map this way and the
 * builder (tilemap_build.c) its external tilesets and templates, so this
 * sits below both.
 */
#define _POSIX_C_SOURCE 200809L /* strcasecmp */
#include "tilemap_private.h"

#include "file_private.h"
#include "json_private.h"

#include <akgl/json.h>

#include <SDL3/SDL.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

bool akgl_tilemap_path_is_xml(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (dot == NULL || (slash != NULL && dot < slash)) {
        return false;
    }
    return strcasecmp(dot, ".tmx") == 0 || strcasecmp(dot, ".tsx") == 0 ||
           strcasecmp(dot, ".tx") == 0;
}

/*
 * A Tiled JSON document goes through the same watched, capped parse as every
 * other JSON loader (json.c): jansson 2.14 can drop a byte and still succeed
 * after an allocation fails, and that parse never believes it. The caps are
 * the tilemap's own: a map's cells make it far larger than a sprite file.
 */
static const akgl_JsonCaps tilemap_json_caps = {
    .max_file_size = (size_t)AKGL_TILEMAP_MAX_FILE_SIZE,
    .max_parse_memory = (size_t)AKGL_TILEMAP_MAX_PARSE_MEMORY,
    .max_values = (long)(AKGL_TILEMAP_MAX_FILE_SIZE / 2), /* a value and its comma */
    .max_key_length = AKGL_TILEMAP_MAX_PROPERTY_NAME,
    .max_depth = 4 * AKGL_TILEMAP_MAX_GROUP_DEPTH,
};

akerr_ErrorContext *akgl_tilemap_read_document(const char *path, bool xml, json_t **dest)
{
    unsigned char *text = NULL;
    size_t len = 0;
    PREPARE_ERROR(errctx);

    if (!xml) {
        /* Said first with the map's own limit named, as the XML path says it;
         * the capped parse checks again on the open file. */
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
            st.st_size > AKGL_TILEMAP_MAX_FILE_SIZE) {
            char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "%s: %lld bytes, more than a map file may have "
                        "(AKGL_TILEMAP_MAX_FILE_SIZE, %ld)", akgl_json_message_path(path, shown),
                        (long long)st.st_size, (long)AKGL_TILEMAP_MAX_FILE_SIZE);
        }
        PASS(errctx, akgl_json_load_file_capped(path, &tilemap_json_caps, dest));
        SUCCEED_RETURN(errctx);
    }
    /* A regular file only (a FIFO named as a .tmx, .tsx or .tx would block
     * forever), refused from its size over the cap, read whole. */
    char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
    PASS(errctx, akgl_file_read_whole(akgl_json_message_path(path, shown), path,
                                      (size_t)AKGL_TILEMAP_MAX_FILE_SIZE,
                                      "AKGL_TILEMAP_MAX_FILE_SIZE", &text, &len));
    akerr_ErrorContext *translated = akgl_tilemap_xml_to_json(path, (const char *)text, len,
                                                              dest);
    SDL_free(text);
    PASS(errctx, translated);
    SUCCEED_RETURN(errctx);
}
