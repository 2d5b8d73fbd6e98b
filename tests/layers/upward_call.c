/*
 * A planted violation for akgl_layers_selftest (tools/check_layers_selftest.cmake):
 * placed in the memory layer with --extra, it calls akgl_actor_update, which
 * the world layer defines. Compiled into an object library that nothing links.
 *
 * The function is declared here rather than through <akgl/actor.h> so that
 * this file's one violation is the call (upward_include.h plants an include).
 */
#include <akerror.h>

#include "upward_call.h"

struct akgl_Actor;
akerr_ErrorContext *akgl_actor_update(struct akgl_Actor *obj);

akerr_ErrorContext *akgl_layers_upward_call(struct akgl_Actor *actor)
{
    return akgl_actor_update(actor);
}
