/*
 * Whole files for the loaders (file_private.h): regular files only, capped
 * before they are read, with the fault switch's open and read points.
 */
#include "file_private.h"

#include "fault_private.h"

#include <akstdlib.h>

#include <SDL3/SDL.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

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
    if (akgl_fault_now(AKGL_FAULT_OPEN)) {
        FAIL_RETURN(errctx, EIO, "%s: cannot open: injected fault", label);
    }
    akerr_ErrorContext *opened = aksl_fopen_regular(path, max_size, &fp, &len);
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
