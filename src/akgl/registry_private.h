/*
 * Internal: what the actor walk (akgl_registry_iterate_actor, in actor.c)
 * and the lookups that report a miss need from the registries. Not installed. Data layer.
 */
#ifndef AKGL_SRC_REGISTRY_PRIVATE_H
#define AKGL_SRC_REGISTRY_PRIVATE_H

#include <SDL3/SDL_properties.h>
#include <stddef.h>

/*
 * How many actors are registered in AKGL_REGISTRY_ACTOR that are not slots
 * of the actor pool (a game's own actor structs). The walk enumerates the
 * registry for them only while there are any.
 */
int akgl_registry_outside_actors(void);

/*
 * What a message about a lookup of `key` that missed in `registry` (named
 * `what`) adds after its own words: the nearest registered name when the
 * miss looks like a typo of it, how many are registered and the first few in
 * byte order ("; did you mean \"coin\"? (3 registered: ...)"), or
 * " (the sound registry is empty)". Written into `buf`, always terminated.
 * It enumerates the registry: for error paths only.
 */
void akgl_registry_describe_miss(SDL_PropertiesID registry, const char *what, const char *key,
                                 char *buf, size_t size);

#endif /* AKGL_SRC_REGISTRY_PRIVATE_H */
