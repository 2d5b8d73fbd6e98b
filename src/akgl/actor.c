#include <akgl/actor.h>

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
    void *holder = NULL;
    bool pooled = false;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_initialize: NULL actor");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_actor_initialize: NULL name");
    size_t len = strlen(name);
    if (len >= sizeof(obj->name)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_actor_initialize: actor name \"%.40s...\" is %zu bytes; the limit is %zu",
                    name, len, sizeof(obj->name) - 1);
    }
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_ACTOR, "actor", name, &holder));
    if (holder != NULL && holder != obj) {
        FAIL_RETURN(errctx, AKERR_REGISTRY,
                    "akgl_actor_initialize: an actor named \"%s\" is already registered", name);
    }
    PASS(errctx, akgl_heap_contains(AKGL_HEAP_ACTOR, obj, &pooled));
    if (pooled && obj->refcount <= 0) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_actor_initialize: actor slot for \"%s\" was not acquired "
                    "(akgl_heap_next_actor first)", name);
    }
    /* Re-initialising under a new name: leave the old entry first. A struct
     * that did not come from the pool may hold garbage, so its name field is
     * only a name if it is terminated inside the field; akgl_registry_remove
     * then drops the entry only if it is this actor's. */
    if (memchr(obj->name, '\0', sizeof(obj->name)) != NULL && obj->name[0] != '\0' &&
        strcmp(obj->name, name) != 0) {
        PASS(errctx, akgl_registry_remove(AKGL_REGISTRY_ACTOR, "actor", obj->name, obj));
    }

    int refcount = pooled ? obj->refcount : 1;
    memset(obj, 0, sizeof(*obj));
    obj->refcount = refcount;
    memcpy(obj->name, name, len + 1);
    obj->visible = true;
    PASS(errctx, akgl_registry_add(AKGL_REGISTRY_ACTOR, "actor", obj->name, obj));
    SUCCEED_RETURN(errctx);
}
