/*
 * Internal: the files hot reload watches (akgl/reload.h). Memory layer, so
 * that every loader, whatever its layer, can say what it read; the game
 * layer's reload.c looks at them between frames and reloads what changed.
 * Not installed.
 *
 * The list is a dense array allocated when the game starts with hot reload
 * on (akgl_GameConfig.hot_reload) and freed when it quits: entries
 * [0, akgl_watch_count) are all in use, so a sweep touches no empty slot,
 * and a load adds at most one entry (none for a file already watched).
 * With hot reload off the array does not exist and akgl_watch_note returns
 * at its first test.
 */
#ifndef AKGL_SRC_WATCH_PRIVATE_H
#define AKGL_SRC_WATCH_PRIVATE_H

#include <akerror.h>
#include <akgl/limits.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

/* What a watched file is, and so which loader reloads it. */
typedef enum akgl_WatchKind
{
    AKGL_WATCH_SPRITE = 1, /* a sprite JSON file (akgl_sprite_load_json); name: the sprite */
    AKGL_WATCH_SHEET,      /* a sheet's image; path: the sheet's registry key */
    AKGL_WATCH_CHARACTER,  /* a character JSON file; name: the character */
    AKGL_WATCH_IMAGE,      /* an image of akgl_image_load; every live image of that path */
    AKGL_WATCH_SOUND,      /* a sound's file (akgl_sound_load, a bank's entries); name: the sound */
    AKGL_WATCH_MAP,        /* a Tiled JSON map; path: its real path, the registry key */
    AKGL_WATCH_MAP_TMX,    /* a Tiled XML map, likewise */
    AKGL_WATCH_FONT,       /* a font file (akgl_font_load); every live font of that path */
    AKGL_WATCH_ASEPRITE,   /* an Aseprite JSON file (akgl_sprite_load_aseprite); its tags' sprites */
    AKGL_WATCH_MAP_LDTK,   /* an LDtk project or a level's .ldtkl; every live map read from it */
    AKGL_WATCH_TILESET,    /* a Tiled map's external tileset (.tsj, .tsx); every map naming it */
    AKGL_WATCH_SOUND_BANK  /* a sound bank (akgl_sound_load_json); its entries' sounds */
} akgl_WatchKind;

/* A file's stamp: what changes when the file is written. */
typedef struct akgl_WatchStamp
{
    SDL_Time mtime;  /* modification time, ns */
    Uint64 size;     /* bytes */
    bool exists;     /* false: it could not be looked at (removed, or mid-rename) */
} akgl_WatchStamp;

typedef struct akgl_WatchedFile
{
    int kind;                /* akgl_WatchKind */
    akgl_WatchStamp loaded;  /* the stamp of what is loaded now */
    akgl_WatchStamp refused; /* the stamp of the last edit refused (logged once) */
    bool has_refused;        /* refused holds a stamp */
    bool pending;            /* changed at the last look: seen is its stamp (reload.c) */
    akgl_WatchStamp seen;    /* the stamp the last look saw */
    char name[AKGL_SPRITE_MAX_NAME_LENGTH]; /* the object's name, for kinds that have one */
    char path[AKGL_MAX_STRING_LENGTH];      /* as the loader was given it */
} akgl_WatchedFile;

/* The watched files: [0, akgl_watch_count) in use; NULL when hot reload is off. */
extern akgl_WatchedFile *akgl_watch_files;
extern int akgl_watch_count;
extern int akgl_watch_capacity;

/* Allocates room for @p capacity files (hot reload on). AKERR_VALUE for a
 * capacity below 1; AKGL_ERR_HEAP when the block cannot be had. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_watch_start(int capacity);

/* Frees the list (hot reload off). Safe when it was never started. */
void akgl_watch_stop(void);

/* Whether hot reload is on (akgl_watch_start ran, akgl_watch_stop did not). */
static inline bool akgl_watch_on(void)
{
    return akgl_watch_files != NULL;
}

/* The stamp of @p path now (SDL_GetPathInfo); exists false when it cannot
 * be looked at. */
void akgl_watch_stamp(const char *path, akgl_WatchStamp *dest);

/*
 * A loader read @p path (kind @p kind; @p name the object it made, or NULL)
 * and the load succeeded. Adds the file with its stamp now, or, when it is
 * watched already, takes the stamp now as what is loaded. Never fails a
 * load: with the list full the file is not watched, said once (akerr_log_method)
 * per game. Does nothing with hot reload off. Not on the frame path.
 */
void akgl_watch_note(int kind, const char *path, const char *name);

#endif /* AKGL_SRC_WATCH_PRIVATE_H */
