/*
 * Aseprite sheets: a sheet and the JSON Aseprite exports beside it
 * (assets/blob.png and blob.json, drawn by tools/mkaseprite.c). Every tag is
 * a sprite "blob/<tag>" and every frame is held for its own time; a
 * character maps states to the tags by name. Four blobs, one per tag: idle
 * blinks (open 700 ms, shut 60-120 ms), bounce ping-pongs and hangs at the
 * top, pop and shrink play trimmed frames forward and back, each drawn where
 * its whole frame would be. Under each: the frame shown and its time.
 *
 *   akgl_example_aseprite [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>

static const struct {
    const char *tag, *how;
    int state;
} blobs[4] = {{"idle", "forward", 0},
              {"bounce", "pingpong", AKGL_ACTOR_STATE_FACE_UP | AKGL_ACTOR_STATE_MOVING_UP},
              {"pop", "trimmed", AKGL_ACTOR_STATE_FACE_RIGHT | AKGL_ACTOR_STATE_MOVING_RIGHT},
              {"shrink", "reverse", AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_MOVING_LEFT}};
static akgl_Actor *actors[4];

static akerr_ErrorContext *init(akgl_App *app)
{
    const char *path = NULL;
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_app_asset("blob.json", &path));
    PASS(errctx, akgl_sprite_load_aseprite(path)); /* "blob/idle", "blob/bounce", ... */
    PASS(errctx, akgl_app_asset("blob_character.json", &path));
    PASS(errctx, akgl_character_load_json(path)); /* "aseprite": "blob", "tag": "idle", ... */
    for (int i = 0; i < 4; i++) {
        PASS(errctx, akgl_actor_spawn(blobs[i].tag, "blob", 24.0f + 80.0f * (float)i, 56.0f,
                                      &actors[i]));
        actors[i]->state = AKGL_ACTOR_STATE_ALIVE | blobs[i].state; /* the state picks the tag */
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    const SDL_Color white = {235, 235, 245, 255}, dim = {150, 160, 200, 255};
    char line[32];
    PREPARE_ERROR(errctx);
    (void)app;
    PASS(errctx, akgl_text_draw(NULL, "blob.json: 4 tags, a time per frame", 8.0f, 8.0f, white));
    for (int i = 0; i < 4; i++) {
        akgl_Sprite *shown = NULL;
        int id = actors[i]->curSpriteFrameId;
        float x = 16.0f + 80.0f * (float)i;
        int matched = 0; /* the mapped state found: the lookup the draw makes */
        PASS(errctx, akgl_character_sprite_resolve(actors[i]->basechar, actors[i]->state, &shown,
                                                   &matched));
        SDL_snprintf(line, sizeof(line), "%d: %u ms", id,
                     (unsigned)(shown->frame_ns[id] / AKGL_TIME_ONEMS_NS));
        PASS(errctx, akgl_text_draw(NULL, blobs[i].tag, x, 104.0f, white));
        PASS(errctx, akgl_text_draw(NULL, blobs[i].how, x, 116.0f, dim));
        PASS(errctx, akgl_text_draw(NULL, line, x, 128.0f, dim));
    }
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "aseprite", .width = 640, .height = 360,
    .logical_width = 320, .logical_height = 180, /* pixel art, x2 */
    .clear_color = {44, 48, 80, 255},
    .init = init, .draw = draw,
};
AKGL_APP_MAIN(desc)
