/*
 * Internal: what sprite.c shares with the other loaders. Not installed.
 */
#ifndef AKGL_SRC_SPRITE_PRIVATE_H
#define AKGL_SRC_SPRITE_PRIVATE_H

#include <akerror.h>
#include <akgl/sprite.h>

#include <jansson.h>

/*
 * Loads one sprite from @p def, a JSON object in the chapter 10 format, read
 * from the file @p jsonpath: every rule of that format applies, and the
 * sheet's filename resolves as a sprite file's would (the working directory
 * first, then beside @p jsonpath). The one loader behind both
 * akgl_sprite_load_json (a sprite file) and akgl_character_load_json (a
 * character's inline "sprites").
 *
 * Messages are not prefixed with the file: the caller adds the file, and
 * where in it the object sits. On success *dest is the registered sprite,
 * holding its acquire's reference for the caller; on failure nothing is left
 * claimed (no sprite, sheet, texture or string) and *dest is untouched.
 * @p jsonpath must be shorter than AKGL_MAX_STRING_LENGTH (akgl_json_load_file
 * has checked that for a path it opened).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_load_object(json_t *def, const char *jsonpath,
                                                           akgl_Sprite **dest);

#endif /* AKGL_SRC_SPRITE_PRIVATE_H */
