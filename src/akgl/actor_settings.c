/*
 * Applying actor settings (a character's, a map object's) to an actor:
 * akgl_actor_apply_settings, which akgl_actor_set_character and the map's
 * spawning call. Layer: world.
 */
#include <akgl/actor.h>

#include <akgl/limits.h>

#include "render_private.h"

#include <float.h>
#include <math.h>

akerr_ErrorContext *akgl_actor_apply_settings(akgl_Actor *obj, const akgl_ActorSettings *settings)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_apply_settings: NULL actor");
    FAIL_ZERO_RETURN(errctx, settings, AKERR_NULLPOINTER,
                     "akgl_actor_apply_settings: NULL settings for actor \"%s\"", obj->name);
    const akgl_ActorSettings *s = settings;
    uint32_t g = s->given;
    /* Checked again: a game may fill the struct itself. Nothing is written
     * before every given field has passed. */
    const struct { uint32_t flag; const char *name; float value; float lo, hi; } nums[] = {
        {AKGL_ACTOR_SETTING_HITBOX_X, "hitbox.x", s->hitbox.x, -FLT_MAX, FLT_MAX},
        {AKGL_ACTOR_SETTING_HITBOX_Y, "hitbox.y", s->hitbox.y, -FLT_MAX, FLT_MAX},
        {AKGL_ACTOR_SETTING_HITBOX_W, "hitbox.w", s->hitbox.w, 0.0f, FLT_MAX},
        {AKGL_ACTOR_SETTING_HITBOX_H, "hitbox.h", s->hitbox.h, 0.0f, FLT_MAX},
        {AKGL_ACTOR_SETTING_SCALE_X, "scale_x", s->scale_x, 0.0f, AKGL_RENDER_MAX_SCALE},
        {AKGL_ACTOR_SETTING_SCALE_Y, "scale_y", s->scale_y, 0.0f, AKGL_RENDER_MAX_SCALE},
        {AKGL_ACTOR_SETTING_ROTATION, "rotation", s->rotation, -FLT_MAX, FLT_MAX},
    };
    for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
        FAIL_NONZERO_RETURN(errctx, (g & nums[i].flag) != 0 &&
                                        !(isfinite(nums[i].value) && nums[i].value >= nums[i].lo &&
                                          nums[i].value <= nums[i].hi),
                            AKERR_VALUE, "akgl_actor_apply_settings: actor \"%s\": %s is %g; it "
                            "must be %g..%g (the actor is left as it was)", obj->name,
                            nums[i].name, (double)nums[i].value, (double)nums[i].lo,
                            (double)nums[i].hi);
    }
    if ((g & AKGL_ACTOR_SETTING_BLEND) != 0 && !akgl_render_blend_known(s->blend)) {
        PASS(errctx, akgl_render_check_blend(s->blend, "akgl_actor_apply_settings"));
    }
    if (g & AKGL_ACTOR_SETTING_HITBOX_X) {
        obj->hitbox.x = s->hitbox.x;
    }
    if (g & AKGL_ACTOR_SETTING_HITBOX_Y) {
        obj->hitbox.y = s->hitbox.y;
    }
    if (g & AKGL_ACTOR_SETTING_HITBOX_W) {
        obj->hitbox.w = s->hitbox.w;
    }
    if (g & AKGL_ACTOR_SETTING_HITBOX_H) {
        obj->hitbox.h = s->hitbox.h;
    }
    if (g & AKGL_ACTOR_SETTING_IMMOVABLE) {
        obj->immovable = s->immovable;
    }
    if (g & AKGL_ACTOR_SETTING_LAYER) {
        obj->layer = s->layer;
    }
    if (g & AKGL_ACTOR_SETTING_COLLISION_LAYERS) {
        obj->collision_layers = s->collision_layers;
    }
    if (g & AKGL_ACTOR_SETTING_COLLISION_MASK) {
        obj->collision_mask = s->collision_mask;
    }
    if (g & AKGL_ACTOR_SETTING_SCALE_X) {
        obj->scale_x = s->scale_x;
    }
    if (g & AKGL_ACTOR_SETTING_SCALE_Y) {
        obj->scale_y = s->scale_y;
    }
    if (g & AKGL_ACTOR_SETTING_ROTATION) {
        obj->rotation = s->rotation;
    }
    if (g & AKGL_ACTOR_SETTING_TINT) {
        obj->tint = s->tint;
    }
    if (g & AKGL_ACTOR_SETTING_BLEND) {
        obj->blend = (uint8_t)s->blend;
    }
    SUCCEED_RETURN(errctx);
}
