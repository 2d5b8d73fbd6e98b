/*
 * Whole files for the loaders (file_private.h): regular files only, capped
 * before they are read, under the asset root when there is one
 * (akgl/file.h), with the fault switch's open and read points.
 */
#include "file_private.h"

#include "fault_private.h"

#include <akstdlib.h>

#include <SDL3/SDL.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The resolved asset roots; none: the check is off. */
static akgl_FileRoots roots;

/* Whether path names a directory; a path that cannot be looked at is none. */
static bool is_directory(const char *path)
{
    aksl_PathInfo info = {0};
    akerr_ErrorContext *e = aksl_path_info(path, &info);
    if (e != NULL) {
        RELEASE_ERROR(e);
        return false;
    }
    return info.exists && info.kind == AKSL_FILE_DIRECTORY;
}

/* dir resolved into out, and a directory; the caller's name in messages. */
static akerr_ErrorContext *resolve_root(const char *caller, const char *dir,
                                        char out[AKGL_MAX_STRING_LENGTH])
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akerr_prefix_message(aksl_realpath(dir, out), "%s: \"%s\"", caller, dir));
    FAIL_ZERO_RETURN(errctx, is_directory(out), ENOTDIR, "%s: \"%s\" is not a directory",
                     caller, dir);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_file_set_root(const char *dir)
{
    char resolved[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);
    if (dir == NULL || dir[0] == '\0') {
        roots.count = 0;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, resolve_root("akgl_file_set_root", dir, resolved));
    memcpy(roots.dir[0], resolved, strlen(resolved) + 1);
    roots.count = 1;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_file_add_root(const char *dir)
{
    char resolved[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dir, AKERR_NULLPOINTER, "akgl_file_add_root: NULL directory");
    FAIL_NONZERO_RETURN(errctx, roots.count >= AKGL_FILE_MAX_ROOTS, AKERR_OUTOFBOUNDS,
                        "akgl_file_add_root: \"%s\" would be root %d; the limit is %d "
                        "(AKGL_FILE_MAX_ROOTS)", dir, roots.count + 1, AKGL_FILE_MAX_ROOTS);
    PASS(errctx, resolve_root("akgl_file_add_root", dir, resolved));
    memcpy(roots.dir[roots.count], resolved, strlen(resolved) + 1);
    roots.count++;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_file_root(const char **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_file_root: NULL destination");
    *dest = roots.count > 0 ? roots.dir[0] : "";
    SUCCEED_RETURN(errctx);
}

void akgl_file_roots_get(akgl_FileRoots *dest)
{
    *dest = roots;
}

void akgl_file_roots_put(const akgl_FileRoots *src)
{
    roots = *src;
}

/* Whether the resolved `path` is one of the roots or lies under one (both
 * are canonical, so comparing the text is enough). */
static bool under_a_root(const char *path)
{
    for (int i = 0; i < roots.count; i++) {
        bool within = false;
        akerr_ErrorContext *e = aksl_path_is_within(path, roots.dir[i], &within);
        if (e != NULL) {
            RELEASE_ERROR(e); /* only for a NULL, and neither is */
        } else if (within) {
            return true;
        }
    }
    return false;
}

akerr_ErrorContext *akgl_file_resolve(const char *label, const char *path,
                                      char resolved[AKGL_MAX_STRING_LENGTH])
{
    char real[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "%s: NULL path", label);
    size_t len = strlen(path);
    FAIL_NONZERO_RETURN(errctx, len >= AKGL_MAX_STRING_LENGTH, AKERR_OUTOFBOUNDS,
                        "%s: the path is %zu bytes; the limit is %d (AKGL_MAX_STRING_LENGTH)", label, len,
                        AKGL_MAX_STRING_LENGTH - 1);
    if (roots.count == 0) {
        memcpy(resolved, path, len + 1);
        SUCCEED_RETURN(errctx);
    }
    akerr_ErrorContext *unresolved = aksl_realpath(path, real);
    if (unresolved != NULL) {
        /* Said as a failed open says it: the file is what is missing. */
        int status = unresolved->status;
        RELEASE_ERROR(unresolved);
        FAIL_RETURN(errctx, status, "%s: cannot open: %s", label,
                    akerr_name_for_status(status, NULL));
    }
    FAIL_ZERO_RETURN(errctx, under_a_root(real), EACCES,
                     "%s: \"%s\" is outside the asset root \"%s\"%s (akgl_file_set_root)",
                     label, path, roots.dir[0],
                     roots.count > 1 ? " and the others added" : "");
    memcpy(resolved, real, strlen(real) + 1);
    SUCCEED_RETURN(errctx);
}

/* The deepest directory `path` names that exists, into out: its root at
 * least (".", for a relative path none of which exists). */
static void deepest_directory(const char *path, char out[AKGL_MAX_STRING_LENGTH])
{
    char up[AKGL_MAX_STRING_LENGTH];
    snprintf(out, AKGL_MAX_STRING_LENGTH, "%s", path);
    for (;;) {
        akerr_ErrorContext *e = aksl_dirname(out, up, sizeof(up));
        if (e != NULL) {
            RELEASE_ERROR(e); /* cannot be: up is as large as out */
            return;
        }
        bool at_top = strcmp(up, out) == 0;
        memcpy(out, up, strlen(up) + 1);
        if (at_top || is_directory(out)) {
            return;
        }
    }
}

/* Where akgl looked for `path`, into looked: the working directory joined
 * to it (a path with a root stays as it is), cut short past
 * AKGL_MAX_STRING_LENGTH as the message would be. */
static void looked_for(const char *path, const char *cwd, bool cwd_known,
                       char looked[AKGL_MAX_STRING_LENGTH])
{
    akerr_ErrorContext *e = aksl_path_join(looked, AKGL_MAX_STRING_LENGTH,
                                           cwd_known ? cwd : "", path);
    if (e != NULL) {
        RELEASE_ERROR(e); /* looked holds what fitted */
    }
}

akerr_ErrorContext *akgl_file_missing(const char *label, const char *path)
{
    char cwd[AKGL_MAX_STRING_LENGTH] = "";
    char looked[AKGL_MAX_STRING_LENGTH];
    char deepest[AKGL_MAX_STRING_LENGTH];
    char rootlist[AKGL_MAX_STRING_LENGTH] = "";
    PREPARE_ERROR(errctx);
    akerr_ErrorContext *e = aksl_getcwd(cwd, sizeof(cwd));
    bool cwd_known = e == NULL;
    if (e != NULL) {
        RELEASE_ERROR(e);
        snprintf(cwd, sizeof(cwd), "(unknown)");
    }
    looked_for(path, cwd, cwd_known, looked);
    deepest_directory(looked, deepest);
    size_t used = 0;
    for (int i = 0; i < roots.count && used < sizeof(rootlist); i++) {
        int n = snprintf(rootlist + used, sizeof(rootlist) - used, "%s\"%s\"",
                         i == 0 ? "" : ", ", roots.dir[i]);
        used += n > 0 ? (size_t)n : 0;
    }
    if (roots.count == 0) {
        FAIL_RETURN(errctx, ENOENT,
                    "%s: no such file: akgl looked for \"%s\" (the working directory is "
                    "\"%s\"); the deepest folder of it that exists is \"%s\"; no asset root "
                    "is set", label, looked, cwd, deepest);
    }
    FAIL_RETURN(errctx, ENOENT,
                "%s: no such file: akgl looked for \"%s\" (the working directory is \"%s\"); "
                "the deepest folder of it that exists is \"%s\"; the asset root%s %s %s "
                "(a relative path is taken from the working directory, not from a root)",
                label, looked, cwd, deepest, roots.count > 1 ? "s" : "",
                roots.count > 1 ? "are" : "is", rootlist);
}

/* aksl's words, after the loader's label; the cap's name after a size refusal. */
static akerr_ErrorContext *explain_open_failure(akerr_ErrorContext *errctx, const char *label,
                                                const char *cap_name)
{
    if (errctx->status == AKERR_OUTOFBOUNDS && cap_name != NULL) {
        size_t used = strlen(errctx->message);
        if (used < sizeof(errctx->message)) {
            snprintf(errctx->message + used, sizeof(errctx->message) - used, " (%s)", cap_name);
        }
    }
    return akerr_prefix_message(errctx, "%s", label);
}

akerr_ErrorContext *akgl_file_read_whole(const char *label, const char *path, size_t max_size,
                                         const char *cap_name, unsigned char **dest,
                                         size_t *size)
{
    FILE *fp = NULL;
    size_t len = 0, got = 0;
    unsigned char *data = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "%s: NULL path", label);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "%s: NULL destination", label);
    FAIL_ZERO_RETURN(errctx, size, AKERR_NULLPOINTER, "%s: NULL size", label);
    char resolved[AKGL_MAX_STRING_LENGTH];
    PASS(errctx, akgl_file_resolve(label, path, resolved));
    if (akgl_fault_now(AKGL_FAULT_OPEN)) {
        FAIL_RETURN(errctx, EIO, "%s: cannot open: injected fault", label);
    }
    akerr_ErrorContext *opened = aksl_fopen_regular(resolved, max_size, &fp, &len);
    if (opened != NULL) {
        return akerr_trace_append(explain_open_failure(opened, label, cap_name), __FILE__,
                                  __func__, __LINE__);
    }
    ATTEMPT {
        data = SDL_malloc(len + 1);
        FAIL_ZERO_BREAK(errctx, data, ENOMEM, "%s: out of memory for the file's %zu bytes",
                        label, len);
        FAIL_NONZERO_BREAK(errctx, akgl_fault_now(AKGL_FAULT_READ), EIO,
                           "%s: cannot read: injected fault", label);
        CATCH(errctx, akerr_prefix_message(aksl_fread(data, len, fp, &got), "%s", label));
        /* Shorter than fstat said: it changed under us. Never decode half. */
        FAIL_NONZERO_BREAK(errctx, got != len, AKERR_IO,
                           "%s: read %zu of its %zu bytes; the file changed while it was read",
                           label, got, len);
        data[len] = '\0';
    } CLEANUP {
        (void)fclose(fp); /* read-only: nothing to lose */
    } PROCESS(errctx) {
        SDL_free(data);
    } FINISH(errctx, true);
    *dest = data;
    *size = len;
    SUCCEED_RETURN(errctx);
}
