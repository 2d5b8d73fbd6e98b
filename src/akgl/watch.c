/*
 * The files hot reload watches (watch_private.h): a dense array, allocated
 * once when the game starts with hot reload on.
 */
#include "watch_private.h"

#include <akgl/error.h>

#include <string.h>

akgl_WatchedFile *akgl_watch_files;
int akgl_watch_count;
int akgl_watch_capacity;
static bool full_logged;

akerr_ErrorContext *akgl_watch_start(int capacity)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, capacity < 1, AKERR_VALUE,
                        "hot reload: room for %d files; it must be 1 or more", capacity);
    akgl_watch_stop();
    size_t bytes = (size_t)capacity * sizeof(akgl_WatchedFile);
    akgl_watch_files = SDL_calloc((size_t)capacity, sizeof(akgl_WatchedFile));
    FAIL_ZERO_RETURN(errctx, akgl_watch_files, AKGL_ERR_HEAP,
                     "hot reload: cannot allocate room for %d watched files (%zu bytes)",
                     capacity, bytes);
    akgl_watch_capacity = capacity;
    akgl_watch_count = 0;
    full_logged = false;
    SUCCEED_RETURN(errctx);
}

void akgl_watch_stop(void)
{
    SDL_free(akgl_watch_files);
    akgl_watch_files = NULL;
    akgl_watch_count = 0;
    akgl_watch_capacity = 0;
    full_logged = false;
}

void akgl_watch_stamp(const char *path, akgl_WatchStamp *dest)
{
    SDL_PathInfo info;
    memset(dest, 0, sizeof(*dest));
    if (SDL_GetPathInfo(path, &info) && info.type == SDL_PATHTYPE_FILE) {
        dest->exists = true;
        dest->mtime = info.modify_time;
        dest->size = info.size;
    }
}

void akgl_watch_note(int kind, const char *path, const char *name)
{
    if (akgl_watch_files == NULL || path == NULL) {
        return;
    }
    size_t plen = strlen(path);
    size_t nlen = name != NULL ? strlen(name) : 0;
    if (plen >= sizeof(akgl_watch_files[0].path) || nlen >= sizeof(akgl_watch_files[0].name)) {
        akerr_log_method("akgl: hot reload: \"%s\" is not watched: its path or name is too long",
                         path);
        return;
    }
    akgl_WatchedFile *f = NULL;
    for (int i = 0; i < akgl_watch_count; i++) {
        akgl_WatchedFile *w = &akgl_watch_files[i];
        if (w->kind == kind && strcmp(w->path, path) == 0 &&
            strcmp(w->name, name != NULL ? name : "") == 0) {
            f = w;
            break;
        }
    }
    if (f == NULL) {
        if (akgl_watch_count >= akgl_watch_capacity) {
            if (!full_logged) {
                akerr_log_method("akgl: hot reload: \"%s\" is not watched: %d files are watched "
                                 "already (akgl_GameConfig.hot_reload_files)", path,
                                 akgl_watch_capacity);
                full_logged = true;
            }
            return;
        }
        f = &akgl_watch_files[akgl_watch_count++];
        memset(f, 0, sizeof(*f));
        f->kind = kind;
        memcpy(f->path, path, plen + 1);
        if (name != NULL) {
            memcpy(f->name, name, nlen + 1);
        }
    }
    akgl_watch_stamp(path, &f->loaded);
    f->has_refused = false;
    f->pending = false; /* what is loaded is what is there */
}
