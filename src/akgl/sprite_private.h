/*
 * Internal: what sprite.c shares with the other loaders, and the
 * precomputed source rectangles of a sprite's frames for the draw path.
 * Not installed.
 */
#ifndef AKGL_SRC_SPRITE_PRIVATE_H
#define AKGL_SRC_SPRITE_PRIVATE_H

#include <akerror.h>
#include <akgl/sprite.h>

#include <jansson.h>
#include <stdbool.h>

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

/*
 * The sheet rule of chapter 10: @p sheetfile in the working directory first,
 * then beside @p jsonpath; *resolved (AKGL_MAX_STRING_LENGTH bytes) gets the
 * real path. ENOENT, with both places named, when it is in neither.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_resolve_sheet(const char *jsonpath,
                                                             const char *sheetfile,
                                                             char *resolved);

/*
 * The registered sheet for the resolved @p path, or a new one loaded from
 * it (*created: the caller holds its acquire reference and releases it once
 * the sprites cut from it have taken theirs).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_find_or_load_sheet(const char *path,
                                                                  akgl_SpriteSheet **dest,
                                                                  bool *created);

/*
 * 0 <= frameid < frames and frameid < AKGL_SPRITE_MAX_FRAMES: below 0 and
 * at or past the ceiling in one unsigned comparison.
 */
static inline bool akgl_sprite_frame_in_range(const akgl_Sprite *s, int frameid)
{
    return (unsigned int)frameid < (unsigned int)AKGL_SPRITE_MAX_FRAMES && frameid < s->frames;
}

/*
 * The source rectangle of playlist entry @p frameid when the one computed
 * before still holds (same frame number, frame size, sheet and texture
 * size): a handful of comparisons, no division, no call.
 */
static inline const SDL_FRect *akgl_sprite_cached_src(const akgl_Sprite *s, int frameid)
{
    if (!akgl_sprite_frame_in_range(s, frameid)) {
        return NULL;
    }
    const akgl_SpriteSheet *sheet = s->sheet;
    if (s->frame_src_cell[frameid] != (int16_t)s->frameids[frameid] || sheet == NULL ||
        s->frame_src_sheet != sheet || sheet->texture == NULL || s->frame_src_w != s->width ||
        s->frame_src_h != s->height || s->frame_src_tw != sheet->texture_w ||
        s->frame_src_th != sheet->texture_h) {
        return NULL;
    }
    return &s->frame_src[frameid];
}

/* The checks of akgl_sprite_cached_src that do not depend on the frame:
 * a loop over many actors showing one sprite makes them once. A trimmed
 * sprite fails them: its frames need the backend's offset. */
static inline bool akgl_sprite_src_sheet_current(const akgl_Sprite *s)
{
    const akgl_SpriteSheet *sheet = s->sheet;
    return sheet != NULL && !s->frame_trimmed && s->frame_src_sheet == sheet && sheet->texture != NULL &&
           s->frame_src_w == s->width && s->frame_src_h == s->height &&
           s->frame_src_tw == sheet->texture_w && s->frame_src_th == sheet->texture_h;
}

/* akgl_sprite_cached_src for a sprite akgl_sprite_src_sheet_current accepted. */
static inline const SDL_FRect *akgl_sprite_cached_frame_src(const akgl_Sprite *s, int frameid)
{
    if (!akgl_sprite_frame_in_range(s, frameid) ||
        s->frame_src_cell[frameid] != (int16_t)s->frameids[frameid]) {
        return NULL;
    }
    return &s->frame_src[frameid];
}

/*
 * Computes (through akgl_spritesheet_coords_for_frame, with its checks and
 * errors) and keeps the source rectangle of @p frameid; *dest points at it.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_fill_src(akgl_Sprite *s, int frameid,
                                                        const SDL_FRect **dest);

/* Forgets every computed rectangle (a new sprite, or a new definition). */
void akgl_sprite_forget_src(akgl_Sprite *s);

/* Computes every playlist entry's rectangle now (at load); a bad entry is
 * left to report its error when it is drawn. */
void akgl_sprite_precompute_src(akgl_Sprite *s);

/*
 * Hot reload (akgl/reload.h): a sprite definition read and checked in full
 * into a stage, then applied to the existing sprite in place, so pointers to
 * it stay valid. A stage holds one reference on its sheet (a sheet already
 * registered, or one it loaded) until it is applied (the sprite takes it) or
 * discarded.
 */
typedef struct akgl_SpriteStage
{
    char name[AKGL_SPRITE_MAX_NAME_LENGTH];
    akgl_SpriteSheet *sheet; /* held: one reference */
    int width, height, frames;
    uint8_t frameids[AKGL_SPRITE_MAX_FRAMES];
    uint32_t speed;
    bool loop, loopReverse;
} akgl_SpriteStage;

/*
 * Reads @p obj (the chapter 10 format, from the file @p jsonpath) into
 * @p stage with every rule of the loader, resolves and loads (or finds) its
 * sheet, and checks that every frame lies on that sheet. Registers nothing
 * new but a sheet of a path not loaded before. On failure nothing is held.
 * Messages are not prefixed with the file.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_stage_object(json_t *obj, const char *jsonpath,
                                                            akgl_SpriteStage *stage);

/* Gives back what a stage holds (its sheet reference). */
void akgl_sprite_stage_discard(akgl_SpriteStage *stage);

/* Puts a stage into @p spr (same name): its sheet (the stage's reference
 * moves to the sprite, the old sheet's is given back), size, frames, speed
 * and loop flags; recomputes the source rectangles. Cannot fail. */
void akgl_sprite_stage_apply(akgl_Sprite *spr, akgl_SpriteStage *stage);

/*
 * Reloads the sprite file @p filename into the registered sprite @p name in
 * place: read, checked and staged in full first, applied only then. The
 * file must still define @p name (AKERR_VALUE otherwise). *dest gets the
 * sprite. Errors as akgl_sprite_load_json's, with the file named; on failure
 * the sprite is as it was. AKERR_KEY when no sprite @p name is registered.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_reload_json(const char *filename, const char *name,
                                                           akgl_Sprite **dest);

/*
 * Loads the sheet's image again (its name is the path) into a new texture
 * and checks every live sprite cut from the sheet against the new size; only
 * then replaces the texture (the old one is destroyed). On failure the sheet
 * is as it was: ENOENT, AKERR_FORMAT, AKERR_BEHAVIOR (no renderer),
 * AKERR_OUTOFBOUNDS naming the sprite and frame that would lie off it.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_spritesheet_reload(akgl_SpriteSheet *sheet);

/*
 * Reloads the Aseprite JSON file @p filename (akgl_sprite_load_aseprite) in
 * place: read and checked in full, with its sheet found or loaded and its
 * size checked, before anything changes. Each tag whose sprite is registered
 * takes the new frames, rectangles, trims, times and flags (and the sheet the
 * file now names); a new tag is registered as a new sprite; a sprite whose tag
 * is gone keeps its old frames and is logged. *count gets the file's tags, 0
 * when none of their sprites is registered any more (nothing is done). On
 * failure nothing has changed: the loader's errors, with the file named, and
 * AKGL_ERR_HEAP when a new tag finds no free sprite slot.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_reload_aseprite(const char *filename, int *count);

#endif /* AKGL_SRC_SPRITE_PRIVATE_H */
