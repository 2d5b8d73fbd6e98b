/*
 * Hot reload (akgl/reload.h): the look at the watched files between frames,
 * and the reload of each one that changed, by the loader of its kind.
 *
 * The look is a stat (SDL_GetPathInfo) of each watched file once a period,
 * spread over the period's frames: the list is dense, so it costs the files
 * watched and nothing else. Reloads run when a sweep ends, in dependency
 * order: images and sheets first (a sprite's frames are checked against its
 * sheet's new size), then sounds, sound banks, sprite files, Aseprite files, character
 * files (which bind sprites), tileset files, maps and fonts.
 */
#include <akgl/reload.h>

#include "character_private.h"
#include "heap_pool.h"
#include "image_private.h"
#include "reload_private.h"
#include "sound_load.h"
#include "sprite_private.h"
#include "text_font_private.h"
#include "tilemap_game.h"
#include "tilemap_private.h"
#include "time_private.h"
#include "watch_private.h"

#include <akgl/actor.h>
#include <akgl/game.h>
#include <akgl/registry.h>

#include <string.h>

static uint64_t period_ns;
static bool respawn;           /* akgl_GameConfig.hot_reload_respawn */
static uint64_t last_frame_ns; /* the source clock at the last akgl_reload_frame */
static uint64_t owed;          /* file-looks owed, times period_ns (the remainder) */
static int cursor;             /* the next file this sweep looks at */
static int pending;            /* files this sweep found changed, not reloaded yet */

akerr_ErrorContext *akgl_reload_start(const akgl_GameConfig *cfg)
{
    PREPARE_ERROR(errctx);
    akgl_reload_stop();
    if (cfg == NULL || !cfg->hot_reload) {
        SUCCEED_RETURN(errctx);
    }
    int files = cfg->hot_reload_files == 0 ? AKGL_RELOAD_DEFAULT_FILES : cfg->hot_reload_files;
    int period = cfg->hot_reload_period_ms == 0 ? AKGL_RELOAD_DEFAULT_PERIOD_MS
                                                : cfg->hot_reload_period_ms;
    FAIL_NONZERO_RETURN(errctx, files < 1 || files > AKGL_RELOAD_MAX_FILES, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.hot_reload_files is %d; it must be 0 "
                        "(the default, %d) or 1..%d (AKGL_RELOAD_MAX_FILES)",
                        cfg->hot_reload_files, AKGL_RELOAD_DEFAULT_FILES, AKGL_RELOAD_MAX_FILES);
    FAIL_NONZERO_RETURN(errctx, period < 1 || period > AKGL_RELOAD_MAX_PERIOD_MS, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.hot_reload_period_ms is %d; it must be "
                        "0 (the default, %d) or 1..%d (AKGL_RELOAD_MAX_PERIOD_MS)",
                        cfg->hot_reload_period_ms, AKGL_RELOAD_DEFAULT_PERIOD_MS,
                        AKGL_RELOAD_MAX_PERIOD_MS);
    PASS(errctx, akgl_watch_start(files));
    period_ns = (uint64_t)period * SDL_NS_PER_MS;
    respawn = cfg->hot_reload_respawn;
    last_frame_ns = akgl_time_source_now();
    owed = 0;
    cursor = 0;
    pending = 0;
    SUCCEED_RETURN(errctx);
}

void akgl_reload_stop(void)
{
    akgl_watch_stop();
    period_ns = 0;
    last_frame_ns = 0;
    owed = 0;
    cursor = 0;
    pending = 0;
}

static bool same_stamp(const akgl_WatchStamp *a, const akgl_WatchStamp *b)
{
    return a->exists == b->exists && a->mtime == b->mtime && a->size == b->size;
}

/* An actor showing a sprite that got shorter shows its last frame. */
static void clamp_actor_frames(void)
{
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    for (int id = akgl_heap_next_live(pool, 0); id >= 0; id = akgl_heap_next_live_after(pool, id)) {
        akgl_Actor *a = &akgl_heap_actors[id];
        const akgl_Sprite *s = a->cursprite;
        if (s == NULL) {
            continue;
        }
        if (a->curSpriteFrameId >= s->frames) {
            a->curSpriteFrameId = s->frames > 0 ? s->frames - 1 : 0;
        }
        if (a->curSpriteFrameId < 0) {
            a->curSpriteFrameId = 0;
        }
    }
}

static const char *kind_name(int kind)
{
    switch (kind) {
    case AKGL_WATCH_SPRITE:
        return "sprite";
    case AKGL_WATCH_SHEET:
        return "sprite sheet";
    case AKGL_WATCH_CHARACTER:
        return "character";
    case AKGL_WATCH_IMAGE:
        return "image";
    case AKGL_WATCH_SOUND:
        return "sound";
    case AKGL_WATCH_MAP:
    case AKGL_WATCH_MAP_TMX:
    case AKGL_WATCH_MAP_LDTK:
        return "map";
    case AKGL_WATCH_TILESET:
        return "tileset";
    case AKGL_WATCH_SOUND_BANK:
        return "sound bank";
    case AKGL_WATCH_FONT:
        return "font";
    case AKGL_WATCH_ASEPRITE:
        return "Aseprite animation";
    default:
        return "file";
    }
}

/* Reads "N:" at *p (N > 0), moving *p past it. */
static bool number_colon(const char **p)
{
    const char *q = *p;
    while (*q >= '0' && *q <= '9') {
        q++;
    }
    if (q == *p || *q != ':') {
        return false;
    }
    *p = q + 1;
    return true;
}

/*
 * The refusal, as akgl-check reports a file: "file:line:column: STATUS:
 * message" (line and column when the loader gave them), then what was kept.
 */
static void log_refused(const akgl_WatchedFile *f, const akerr_ErrorContext *e)
{
    const char *symbol = akerr_symbol_for_status(e->status, NULL);
    const char *text = e->message;
    int where = (int)strlen(f->path);
    if (strncmp(text, f->path, (size_t)where) == 0 && text[where] == ':') {
        /* The loader's message starts with the file: take its line:column. */
        const char *p = text + where + 1;
        const char *q = p;
        if (number_colon(&q) && number_colon(&q)) {
            where = (int)(q - 1 - text);
            p = q;
        }
        text = p[0] == ' ' ? p + 1 : p;
        akerr_log_method("akgl: hot reload: %.*s: %s: %s (the loaded %s is kept)", where,
                         e->message, symbol != NULL ? symbol : akerr_name_for_status(e->status, NULL),
                         text, kind_name(f->kind));
        return;
    }
    akerr_log_method("akgl: hot reload: %s: %s: %s (the loaded %s is kept)", f->path,
                     symbol != NULL ? symbol : akerr_name_for_status(e->status, NULL), text,
                     kind_name(f->kind));
}

extern akgl_HeapPool akgl_heap_pool_tilemap;
extern akgl_Tilemap *akgl_heap_tilemaps;

/* Every live map of an LDtk level read from @p path (its project, or its
 * .ldtkl): each is rebuilt and swapped as a Tiled map is. Stops at the first
 * refusal (the maps before it are reloaded). */
static akerr_ErrorContext *reload_ldtk(const char *path, int *count)
{
    PREPARE_ERROR(errctx);
    const akgl_HeapPool *pool = &akgl_heap_pool_tilemap;
    for (int id = akgl_heap_next_live(pool, 0); id >= 0; id = akgl_heap_next_live_after(pool, id)) {
        akgl_Tilemap *map = &akgl_heap_tilemaps[id];
        const akgl_TilemapLevel *l = map->level;
        if (l == NULL || (strcmp(l->project, path) != 0 && strcmp(l->file, path) != 0)) {
            continue;
        }
        PASS(errctx, akgl_tilemap_reload(map, false, respawn));
        (*count)++;
    }
    SUCCEED_RETURN(errctx);
}

/* Every live map that names the tileset file @p path (its akgl_TilemapTileset
 * source): each is rebuilt and swapped, tileset and all. Stops at the first
 * refusal (the maps before it are reloaded). */
static akerr_ErrorContext *reload_tileset(const char *path, int *count)
{
    PREPARE_ERROR(errctx);
    const akgl_HeapPool *pool = &akgl_heap_pool_tilemap;
    for (int id = akgl_heap_next_live(pool, 0); id >= 0; id = akgl_heap_next_live_after(pool, id)) {
        akgl_Tilemap *map = &akgl_heap_tilemaps[id];
        bool names_it = false;
        for (int k = 0; k < map->ntilesets && !names_it; k++) {
            const char *source = map->tilesets[k].source;
            names_it = source != NULL && strcmp(source, path) == 0;
        }
        if (names_it) {
            PASS(errctx, akgl_tilemap_reload(map, akgl_tilemap_path_is_xml(map->path), respawn));
            (*count)++;
        }
    }
    SUCCEED_RETURN(errctx);
}

/*
 * Reloads one file by its kind. *in_use is false when nothing loaded from it
 * is live any more (released by a level change): nothing to do.
 */
static akerr_ErrorContext *reload_one(const akgl_WatchedFile *f, bool *in_use)
{
    void *found = NULL;
    PREPARE_ERROR(errctx);
    *in_use = true;
    switch (f->kind) {
    case AKGL_WATCH_SHEET:
        PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITESHEET, "spritesheet", f->path, &found));
        if (found == NULL) {
            *in_use = false;
            SUCCEED_RETURN(errctx);
        }
        PASS(errctx, akgl_spritesheet_reload(found));
        break;
    case AKGL_WATCH_IMAGE: {
        int count = 0;
        PASS(errctx, akgl_image_reload_path(f->path, &count));
        *in_use = count > 0;
        break;
    }
    case AKGL_WATCH_SPRITE: {
        akgl_Sprite *spr = NULL;
        PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", f->name, &found));
        if (found == NULL) {
            *in_use = false;
            SUCCEED_RETURN(errctx);
        }
        PASS(errctx, akgl_sprite_reload_json(f->path, f->name, &spr));
        break;
    }
    case AKGL_WATCH_CHARACTER: {
        akgl_Character *c = NULL;
        PASS(errctx, akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", f->name, &found));
        if (found == NULL) {
            *in_use = false;
            SUCCEED_RETURN(errctx);
        }
        PASS(errctx, akgl_character_reload_json(f->path, f->name, &c));
        break;
    }
    case AKGL_WATCH_SOUND:
        PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SOUND, "sound", f->name, &found));
        if (found == NULL || strcmp(((akgl_Sound *)found)->path, f->path) != 0) {
            *in_use = false; /* released, or the name now loaded from another file */
            SUCCEED_RETURN(errctx);
        }
        PASS(errctx, akgl_sound_reload(found));
        break;
    case AKGL_WATCH_MAP:
    case AKGL_WATCH_MAP_TMX:
        PASS(errctx, akgl_registry_get(AKGL_REGISTRY_TILEMAP, "tilemap", f->path, &found));
        if (found == NULL) {
            *in_use = false;
            SUCCEED_RETURN(errctx);
        }
        PASS(errctx, akgl_tilemap_reload(found, f->kind == AKGL_WATCH_MAP_TMX, respawn));
        break;
    case AKGL_WATCH_FONT: {
        int count = 0;
        PASS(errctx, akgl_font_reload_path(f->path, &count));
        *in_use = count > 0;
        break;
    }
    case AKGL_WATCH_ASEPRITE: {
        int count = 0;
        PASS(errctx, akgl_sprite_reload_aseprite(f->path, &count));
        *in_use = count > 0;
        break;
    }
    case AKGL_WATCH_MAP_LDTK: {
        int count = 0;
        PASS(errctx, reload_ldtk(f->path, &count));
        *in_use = count > 0;
        break;
    }
    case AKGL_WATCH_TILESET: {
        int count = 0;
        PASS(errctx, reload_tileset(f->path, &count));
        *in_use = count > 0;
        break;
    }
    case AKGL_WATCH_SOUND_BANK: {
        int count = 0;
        PASS(errctx, akgl_sound_reload_bank(f->path, &count));
        *in_use = count > 0;
        break;
    }
    default:
        *in_use = false;
        break;
    }
    SUCCEED_RETURN(errctx);
}

/* The order kinds reload in within one look: what others are checked against first. */
static const int reload_order[] = {AKGL_WATCH_IMAGE, AKGL_WATCH_SHEET, AKGL_WATCH_SOUND,
                                   AKGL_WATCH_SOUND_BANK,
                                   AKGL_WATCH_SPRITE, AKGL_WATCH_ASEPRITE,
                                   AKGL_WATCH_CHARACTER, AKGL_WATCH_TILESET, AKGL_WATCH_MAP,
                                   AKGL_WATCH_MAP_TMX, AKGL_WATCH_MAP_LDTK, AKGL_WATCH_FONT};

/* Looks at files [from, to): marks each one that changed, counting it in pending. */
static void look_at(int from, int to)
{
    for (int i = from; i < to && i < akgl_watch_count; i++) {
        akgl_WatchedFile *f = &akgl_watch_files[i];
        akgl_watch_stamp(f->path, &f->seen);
        /* A file missing (removed, or between the writer's unlink and
         * rename) is waited for, not reloaded. */
        bool changed = f->seen.exists && !same_stamp(&f->seen, &f->loaded) &&
                       !(f->has_refused && same_stamp(&f->seen, &f->refused));
        pending += changed && !f->pending;
        f->pending = f->pending || changed;
    }
}

/* Reloads every file marked changed, kind by kind. */
static void reload_pending(int *reloaded, int *refused)
{
    *reloaded = 0;
    *refused = 0;
    if (pending == 0) {
        return;
    }
    pending = 0;
    for (size_t k = 0; k < SDL_arraysize(reload_order); k++) {
        /* By index: a reload may add entries (a sprite's new sheet), which
         * are noted with their stamp and so are not pending. */
        for (int i = 0; i < akgl_watch_count; i++) {
            akgl_WatchedFile *f = &akgl_watch_files[i];
            if (!f->pending || f->kind != reload_order[k]) {
                continue;
            }
            f->pending = false;
            bool in_use = true;
            akerr_ErrorContext *e = reload_one(f, &in_use);
            if (e == NULL) {
                f->loaded = f->seen;
                f->has_refused = false;
                *reloaded += in_use;
                continue;
            }
            /* Said once per change: the stamp is kept, and the same stamp
             * is not tried again. */
            log_refused(f, e);
            e = akerr_release_error(e);
            (void)e;
            f->refused = f->seen;
            f->has_refused = true;
            (*refused)++;
        }
    }
    if (*reloaded > 0) {
        clamp_actor_frames();
    }
}

/*
 * The look is spread over the period: each frame looks at the share of the
 * list the time since the previous frame is of the period (a frame a period
 * long or more finishes the sweep), so no frame pays for the whole list.
 * When a sweep ends, whatever it found changed is reloaded, in kind order.
 */
void akgl_reload_frame(void)
{
    if (!akgl_watch_on()) {
        return;
    }
    uint64_t now = akgl_time_source_now();
    uint64_t elapsed = now - last_frame_ns;
    last_frame_ns = now;
    int count = akgl_watch_count;
    int n = count - cursor;
    if (elapsed < period_ns) {
        /* elapsed < 2^36 (a minute) and count <= 2^16: no overflow. */
        owed += elapsed * (uint64_t)count;
        uint64_t share = owed / period_ns;
        owed -= share * period_ns;
        n = share < (uint64_t)n ? (int)share : n;
    } else {
        owed = 0;
    }
    look_at(cursor, cursor + n);
    cursor += n;
    if (cursor >= count) {
        int reloaded = 0, refused = 0;
        cursor = 0;
        reload_pending(&reloaded, &refused);
    }
}

static akerr_ErrorContext *check_on(const char *who)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, akgl_watch_on(), AKERR_BEHAVIOR,
                     "%s: hot reload is off (start the game with akgl_GameConfig.hot_reload, "
                     "or the app runner with --hot-reload)", who);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_reload_check(int *reloaded, int *refused)
{
    int r = 0, x = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, check_on("akgl_reload_check"));
    last_frame_ns = akgl_time_source_now();
    owed = 0;
    cursor = 0;
    look_at(0, akgl_watch_count);
    reload_pending(&r, &x);
    if (reloaded != NULL) {
        *reloaded = r;
    }
    if (refused != NULL) {
        *refused = x;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_reload_watched(int *watched, int *refused)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, watched == NULL && refused == NULL, AKERR_NULLPOINTER,
                        "akgl_reload_watched: both destinations are NULL");
    PASS(errctx, check_on("akgl_reload_watched"));
    int bad = 0;
    for (int i = 0; i < akgl_watch_count; i++) {
        bad += akgl_watch_files[i].has_refused;
    }
    if (watched != NULL) {
        *watched = akgl_watch_count;
    }
    if (refused != NULL) {
        *refused = bad;
    }
    SUCCEED_RETURN(errctx);
}
