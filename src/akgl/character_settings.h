/*
 * Internal: the character loader's reading of the actor settings keys
 * (character_settings.c). Not installed. Layer: assets.
 */
#ifndef AKGL_SRC_CHARACTER_SETTINGS_H
#define AKGL_SRC_CHARACTER_SETTINGS_H

#include <akerror.h>
#include <akgl/character.h>
#include <jansson.h>

/*
 * Reads the optional actor settings keys of a character file's top-level
 * object ("hitbox", "immovable", "layer", ...) over *dest: each key present
 * replaces its field and sets its AKGL_ACTOR_SETTING_* bit. The same types
 * and ranges as akgl_actor_settings_from_properties; "hitbox" is an object
 * with "x", "y", "w" and "h", all four required. *dest is unchanged on
 * failure (AKERR_TYPE, AKERR_OUTOFBOUNDS, AKERR_VALUE, AKERR_KEY).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_settings_from_json(json_t *root,
                                                                 akgl_ActorSettings *dest);

#endif /* AKGL_SRC_CHARACTER_SETTINGS_H */
