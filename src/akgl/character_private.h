/*
 * Internal: hot reload of a character file (akgl/reload.h). Assets layer.
 * Not installed.
 */
#ifndef AKGL_SRC_CHARACTER_PRIVATE_H
#define AKGL_SRC_CHARACTER_PRIVATE_H

#include <akerror.h>
#include <akgl/character.h>

/*
 * Reloads the character file @p filename into the registered character
 * @p name in place, so actors' pointers to it stay valid. Everything is read
 * and checked first, into scratch: the numbers, the per-actor settings, the
 * inline sprites (staged, sheets loaded, frames checked against them), the
 * state -> sprite map (a new map holding its own references) and the state
 * sounds. Only when all of it succeeded is it swapped in: the old map and
 * sounds are given back, the inline sprites are updated in place, and the
 * binding generation moves so every actor looks its sprite up again. The
 * per-actor settings are kept for actors made after the reload (actors
 * made before keep theirs).
 *
 * The file must keep the character's name and its inline sprites' names
 * (the same set): AKERR_VALUE otherwise (restart to rename, add or remove
 * one). Other errors as akgl_character_load_json's, with the file named.
 * AKERR_KEY when no character @p name is registered. On failure the
 * character is as it was and nothing is left held.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_character_reload_json(const char *filename,
                                                              const char *name,
                                                              akgl_Character **dest);

#endif /* AKGL_SRC_CHARACTER_PRIVATE_H */
