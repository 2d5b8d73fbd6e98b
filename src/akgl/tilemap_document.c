/*
 * Layer: assets. A Tiled file -> its JSON document: a JSON file parsed as it
 * is, an XML file translated by tilemap_tmx.c into the JSON Tiled writes for
 * it. The load entry points (tilemap.c) read the map this way and the
 * builder (tilemap_build.c) its external tilesets and templates, so this
 * sits below both.
 */
#include "tilemap_private.h"

#include "file_private.h"
#include "json_private.h"

#include <akgl/json.h>

#include <akstdlib.h>

#include <SDL3/SDL.h>
#include <string.h>

bool akgl_tilemap_path_is_xml(const char *path)
{
    char base[AKGL_MAX_STRING_LENGTH];
    akerr_ErrorContext *e = aksl_basename(path, base, sizeof(base));
    if (e != NULL) {
        RELEASE_ERROR(e); /* longer than any path akgl opens: not a map of ours */
        return false;
    }
    const char *dot = SDL_strrchr(base, '.');
    return dot != NULL && (SDL_strcasecmp(dot, ".tmx") == 0 || SDL_strcasecmp(dot, ".tsx") == 0 ||
                           SDL_strcasecmp(dot, ".tx") == 0);
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
        aksl_PathInfo info = {0};
        akerr_ErrorContext *looked = aksl_path_info(path, &info);
        if (looked != NULL) {
            RELEASE_ERROR(looked); /* the parse's open says what is wrong with the path */
        } else if (info.kind == AKSL_FILE_REGULAR && info.size > AKGL_TILEMAP_MAX_FILE_SIZE) {
            char shown[AKGL_JSON_MESSAGE_PATH_SIZE];
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                        "%s: %llu bytes, more than a map file may have "
                        "(AKGL_TILEMAP_MAX_FILE_SIZE, %ld)", akgl_json_message_path(path, shown),
                        (unsigned long long)info.size, (long)AKGL_TILEMAP_MAX_FILE_SIZE);
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
