#include <akgl/actor.h>

#include "object.h"

#include <akgl/heap.h>
#include <akgl/registry.h>

#include <string.h>

const char *const AKGL_ACTOR_STATE_STRING_NAMES[AKGL_ACTOR_MAX_STATES] = {
    "AKGL_ACTOR_STATE_FACE_DOWN",    "AKGL_ACTOR_STATE_FACE_LEFT",
    "AKGL_ACTOR_STATE_FACE_RIGHT",   "AKGL_ACTOR_STATE_FACE_UP",
    "AKGL_ACTOR_STATE_ALIVE",        "AKGL_ACTOR_STATE_DYING",
    "AKGL_ACTOR_STATE_DEAD",         "AKGL_ACTOR_STATE_MOVING_LEFT",
    "AKGL_ACTOR_STATE_MOVING_RIGHT", "AKGL_ACTOR_STATE_MOVING_UP",
    "AKGL_ACTOR_STATE_MOVING_DOWN",  "AKGL_ACTOR_STATE_MOVING_IN",
    "AKGL_ACTOR_STATE_MOVING_OUT",   "AKGL_ACTOR_STATE_UNDEFINED_13",
    "AKGL_ACTOR_STATE_UNDEFINED_14", "AKGL_ACTOR_STATE_UNDEFINED_15",
    "AKGL_ACTOR_STATE_UNDEFINED_16", "AKGL_ACTOR_STATE_UNDEFINED_17",
    "AKGL_ACTOR_STATE_UNDEFINED_18", "AKGL_ACTOR_STATE_UNDEFINED_19",
    "AKGL_ACTOR_STATE_UNDEFINED_20", "AKGL_ACTOR_STATE_UNDEFINED_21",
    "AKGL_ACTOR_STATE_UNDEFINED_22", "AKGL_ACTOR_STATE_UNDEFINED_23",
    "AKGL_ACTOR_STATE_UNDEFINED_24", "AKGL_ACTOR_STATE_UNDEFINED_25",
    "AKGL_ACTOR_STATE_UNDEFINED_26", "AKGL_ACTOR_STATE_UNDEFINED_27",
    "AKGL_ACTOR_STATE_UNDEFINED_28", "AKGL_ACTOR_STATE_UNDEFINED_29",
    "AKGL_ACTOR_STATE_UNDEFINED_30", "AKGL_ACTOR_STATE_UNDEFINED_31",
};

akerr_ErrorContext *akgl_actor_initialize(akgl_Actor *obj, const char *name)
{
    int refcount = 0;
    bool pooled = false;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_initialize: NULL actor");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_actor_initialize: NULL name");
    PASS(errctx, akgl_object_check_name(name, sizeof(obj->name), "actor"));
    PASS(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_ACTOR, "actor", name, obj));
    PASS(errctx, akgl_object_initial_refcount(AKGL_HEAP_ACTOR, obj, obj->refcount, "actor",
                                              &refcount, &pooled));
    /* Re-initialising a slot under a new name: leave the old entry first.
     * (Only a slot's old contents can be trusted; a stack struct may be garbage.) */
    if (pooled && obj->name[0] != '\0' && strcmp(obj->name, name) != 0) {
        PASS(errctx, akgl_registry_remove(AKGL_REGISTRY_ACTOR, "actor", obj->name, obj));
    }

    memset(obj, 0, sizeof(*obj));
    obj->refcount = refcount;
    memcpy(obj->name, name, strlen(name) + 1);
    obj->visible = true;
    PASS(errctx, akgl_registry_add(AKGL_REGISTRY_ACTOR, "actor", obj->name, obj));
    SUCCEED_RETURN(errctx);
}
