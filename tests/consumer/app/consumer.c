/*
 * A program outside akgl, built against an installed akgl (see run.sh): it
 * calls into akgl, raises and handles an akerror error, calls akstdlib when
 * that was installed too, and calls SDL3 directly to show SDL came along.
 * run.sh compares what it prints with what the build expects.
 */
#include <akerror.h>
#include <akgl/version.h>
#include <akstdlib.h>

#include <SDL3/SDL.h>

#include <stdio.h>

static akerr_ErrorContext AKERR_NOIGNORE *raise_key(void)
{
    PREPARE_ERROR(errctx);
    FAIL_RETURN(errctx, AKERR_KEY, "no key %s", "consumer");
}

static akerr_ErrorContext AKERR_NOIGNORE *pass_it(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, raise_key());
    SUCCEED_RETURN(errctx);
}

int main(void)
{
    int major = 0, minor = 0, patch = 0, handled = 0;
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, akgl_version(&major, &minor, &patch));
        printf("akgl %d.%d.%d\n", major, minor, patch);
        char text[32];
        CATCH(errctx, aksl_snprintf(text, sizeof(text), "%s %d", "akstdlib", 42));
        printf("%s\n", text);
        CATCH(errctx, pass_it());
    } CLEANUP {
    } PROCESS(errctx) {
    } HANDLE(errctx, AKERR_KEY) {
        handled = 1;
        printf("handled %d (%s): %s\n", errctx->status, akerr_name_for_status(errctx->status, NULL),
               errctx->message);
    } FINISH_NORETURN(errctx);

    int sdl = SDL_GetVersion();
    printf("SDL %d.%d.%d, compiled against %d.%d.%d\n", SDL_VERSIONNUM_MAJOR(sdl),
           SDL_VERSIONNUM_MINOR(sdl), SDL_VERSIONNUM_MICRO(sdl), SDL_MAJOR_VERSION,
           SDL_MINOR_VERSION, SDL_MICRO_VERSION);
    printf("contexts in use %d\n", akerr_contexts_in_use());
    return handled ? 0 : 1;
}
