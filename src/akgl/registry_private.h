/*
 * Internal: what the actor walk (akgl_registry_iterate_actor, in actor.c)
 * needs from the registries. Not installed. Data layer.
 */
#ifndef AKGL_SRC_REGISTRY_PRIVATE_H
#define AKGL_SRC_REGISTRY_PRIVATE_H

/*
 * How many actors are registered in AKGL_REGISTRY_ACTOR that are not slots
 * of the actor pool (a game's own actor structs). The walk enumerates the
 * registry for them only while there are any.
 */
int akgl_registry_outside_actors(void);

#endif /* AKGL_SRC_REGISTRY_PRIVATE_H */
