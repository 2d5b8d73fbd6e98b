/**
 * @file akerror.h
 * @brief Error contexts: a fixed pool of reference-counted error records and
 *        the ATTEMPT/CATCH/CLEANUP/PROCESS/HANDLE/FINISH macro language.
 *
 * Layer: base, the bottom: it uses only the C library.
 *
 * Every fallible function in akstdlib and akgl returns an
 * `akerr_ErrorContext *`. NULL means success. A non-NULL context carries a
 * status, a formatted message, where it was raised, and a trace that grows by
 * one line for every level the error passes through on its way up.
 *
 * Contexts come from a static pool of AKERR_MAX_ARRAY_ERROR entries; nothing
 * here calls malloc. Whoever ends up holding a context gives it back, which
 * the macros do for you: FINISH releases a handled error, SUCCEED_RETURN
 * releases whatever is left, IGNORE logs and releases. The one way to leak a
 * context is to leave a function without going through them: a `return` out
 * of a HANDLE block, or a *_RETURN macro inside ATTEMPT. akerr_contexts_in_use()
 * lets a test prove it leaked none.
 *
 * The pool is guarded by a spinlock, so contexts may be raised on any thread
 * (SDL3's callback apps deliver events and iterations on different threads).
 * A single context must not be used by two threads at once.
 *
 * The structured form:
 *
 * @code
 * akerr_ErrorContext AKERR_NOIGNORE *load(const char *path)
 * {
 *     FILE *fp = NULL;
 *     PREPARE_ERROR(errctx);
 *     ATTEMPT {
 *         CATCH(errctx, aksl_fopen(path, "rb", &fp));
 *         CATCH(errctx, parse(fp));
 *     } CLEANUP {
 *         if (fp != NULL) fclose(fp);          // runs exactly once, always
 *     } PROCESS(errctx) {
 *         LOG_ERROR(errctx);                    // runs for any error
 *     } HANDLE(errctx, ENOENT) {
 *         use_defaults();                       // handled: not passed up
 *     } FINISH(errctx, true);                   // unhandled: returned to caller
 *     SUCCEED_RETURN(errctx);
 * }
 * @endcode
 */
#ifndef AKERROR_H
#define AKERROR_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Limits
 *  @{ */
/** Number of contexts in the static pool. */
#define AKERR_MAX_ARRAY_ERROR                 128
/** Capacity of akerr_ErrorContext::message, terminator included. */
#define AKERR_MAX_ERROR_MESSAGE_LENGTH        1024
/** Capacity of akerr_ErrorContext::stacktracebuf, terminator included. */
#define AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH 4096
/** Capacity of a status name, terminator included. */
#define AKERR_MAX_ERROR_NAME_LENGTH           64
/** Statuses 0 .. AKERR_MAX_STATUS-1 can carry a name. */
#define AKERR_MAX_STATUS                      1024
/** @} */

/** @name Statuses
 *
 * A status is an int. 0 is success. The platform's errno values are valid
 * statuses and are named by the platform's text for them. The library's own
 * codes sit above every errno value and below 256; application codes start at
 * AKERR_FIRST_APPLICATION_STATUS and are named with akerr_name_for_status().
 * @{ */
#define AKERR_FIRST_LIBRARY_STATUS     200  /**< The first of the library's own statuses. */
#define AKERR_NULLPOINTER              200  /**< A required pointer was NULL. */
#define AKERR_OUTOFBOUNDS              201  /**< A value or length past a limit. */
#define AKERR_API                      202  /**< An underlying API (SDL, jansson, libc) failed. */
#define AKERR_ATTRIBUTE                203  /**< An object lacks a required attribute. */
#define AKERR_TYPE                     204  /**< A value had the wrong type. */
#define AKERR_KEY                      205  /**< A key was absent. */
#define AKERR_HEAP                     206  /**< A pool was exhausted or misused. */
#define AKERR_INDEX                    207  /**< An index was out of range. */
#define AKERR_FORMAT                   208  /**< Input was malformed. */
#define AKERR_IO                       209  /**< Reading or writing failed. */
#define AKERR_REGISTRY                 210  /**< A registry was missing or refused an entry. */
#define AKERR_VALUE                    211  /**< A value was of the right type but unacceptable. */
#define AKERR_BEHAVIOR                 212  /**< An operation is not allowed in the current state. */
#define AKERR_RELATIONSHIP             213  /**< Objects are not related as the call requires. */
/**
 * Every context of the pool was live when an error was raised, so it was
 * raised on the one reserved context instead, and reports this status (the
 * message says which status was meant). See akerr_next_error().
 */
#define AKERR_EXHAUSTED                214
#define AKERR_LAST_LIBRARY_STATUS      214  /**< The last of the library's own statuses. */
/** The first status an application (or a library above akerror) may define. */
#define AKERR_FIRST_APPLICATION_STATUS 256
/** @} */

/** Marks a function whose returned context must not be dropped. */
#if defined(__GNUC__) || defined(__clang__)
#define AKERR_NOIGNORE __attribute__((warn_unused_result))
#if defined(__MINGW32__)
/* MinGW-w64's gcc checks "printf" against msvcrt's formats, which lack %zu;
 * akerror formats with the C99 printf family (gnu_printf). */
#define AKERR_PRINTF(fmt, args) __attribute__((format(gnu_printf, fmt, args)))
#else
#define AKERR_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#endif
#define AKERR_FALLTHROUGH __attribute__((fallthrough))
#define AKERR_UNUSED __attribute__((unused))
#else
#define AKERR_NOIGNORE /**< The returned context must not be dropped (warn_unused_result). */
/** Argument @p fmt is a printf format for the arguments from @p args on. */
#define AKERR_PRINTF(fmt, args)
#define AKERR_FALLTHROUGH /**< A switch case falls through on purpose. */
#define AKERR_UNUSED      /**< A variable or function may go unused. */
#endif

/**
 * @brief One error, as it travels up the stack.
 *
 * All fields are public and may be read. Only the macros and the akerr_*
 * functions should write them.
 */
typedef struct akerr_ErrorContext
{
    int status;                           /**< The status; never 0 on a raised error. */
    char message[AKERR_MAX_ERROR_MESSAGE_LENGTH]; /**< Formatted message, always terminated. */
    const char *fname;                    /**< Source file that raised it (static storage). */
    const char *function;                 /**< Function that raised it (static storage). */
    int lineno;                           /**< Line that raised it. */
    bool handled;                         /**< Set by HANDLE/HANDLE_GROUP/HANDLE_DEFAULT. */
    int refcount;                         /**< 0 means the slot is free. */
    int heapid;                           /**< Index of this context in the pool. */
    size_t stacktracelen;                 /**< Bytes used in stacktracebuf. */
    /** The trace: one line per level, first the raise, then each level it passed. */
    char stacktracebuf[AKERR_MAX_ERROR_STACKTRACE_BUF_LENGTH];
} akerr_ErrorContext;

/** Called by FINISH_NORETURN for an error nobody handled. */
typedef void (*akerr_UnhandledErrorHandler)(akerr_ErrorContext *errctx);
/** Writes one log line (no trailing newline in @p fmt). */
typedef void (*akerr_LogFunction)(const char *fmt, ...);

/*
 * On Windows, the address of a DLL's function taken in a program is the
 * program's import stub unless the declaration says dllimport, so
 * `akerr_log_method == akerr_default_logger` would be false while the
 * default is in place. The two defaults are declared so; a static akerror
 * on Windows is built and used with AKERR_STATIC defined (its CMake target
 * says so itself).
 */
#if defined(_WIN32) && !defined(akerror_EXPORTS) && !defined(AKERR_STATIC)
#define AKERR_IMPORT __declspec(dllimport)
#else
#define AKERR_IMPORT /**< dllimport, for a program that uses akerror's DLL on Windows. */
#endif

/**
 * @brief Where every log line goes. Default: akerr_default_logger (stderr).
 * Replace it to route errors into a game's own log.
 */
extern akerr_LogFunction akerr_log_method;

/**
 * @brief What FINISH_NORETURN calls for an unhandled error.
 * FINISH_NORETURN has already logged the error with its trace when this is
 * called. Default: akerr_default_handler_unhandled_error, which logs that it
 * is exiting and exits the process with the status (1 for a status outside
 * 1..255). If a replacement returns, FINISH_NORETURN releases the context and
 * carries on.
 */
extern akerr_UnhandledErrorHandler akerr_handler_unhandled_error;

/**
 * @brief The default log method: the line and a newline to stderr.
 * @param fmt printf-style format of the line, without its newline.
 * @param ... The format's arguments.
 */
AKERR_IMPORT void akerr_default_logger(const char *fmt, ...) AKERR_PRINTF(1, 2);
/**
 * @brief The default unhandled-error handler: log the exit, exit with the status.
 * @param errctx The unhandled error (borrowed; the process exits).
 */
AKERR_IMPORT void akerr_default_handler_unhandled_error(akerr_ErrorContext *errctx);

/**
 * @brief Takes a context from the pool, zeroed, with refcount 1.
 *
 * Never returns NULL, and never ends the process. When all
 * AKERR_MAX_ARRAY_ERROR contexts are live it hands out one more, reserved
 * context instead: akerr_fail_at() raises AKERR_EXHAUSTED on it, whatever
 * status was asked for, with a message naming that status, so the caller
 * sees an ordinary error it can release. The reserved context is shared: every
 * caller that gets it while the pool is full takes one reference on the same
 * record (its message is the latest raise), and it returns to reserve when the
 * last one lets go. The first time the pool fills, one line is logged saying
 * how many contexts are live; holding them is not in itself a bug (a caller may
 * keep errors on purpose), so the line does not guess where they came from.
 * @return The context; the caller holds its one reference.
 */
akerr_ErrorContext AKERR_NOIGNORE *akerr_next_error(void);

/**
 * @brief Gives one reference back; the context returns to the pool at zero.
 * @param errctx A context from the pool, or NULL (a no-op).
 * @return NULL when the context went back to the pool (or @p errctx was NULL),
 *         otherwise @p errctx, which the caller still holds.
 *
 * Releasing a context whose refcount is already 0, or a pointer that is not
 * in the pool, changes nothing and logs one line naming the mistake.
 */
akerr_ErrorContext AKERR_NOIGNORE *akerr_release_error(akerr_ErrorContext *errctx);

/**
 * @brief How many contexts are live right now, the reserved one included while
 *        anyone holds it. Tests assert it returns to where it started.
 * @return The number of contexts with a refcount above 0 (the reserved one included).
 */
int akerr_contexts_in_use(void);

/**
 * @brief The name of a status, optionally setting it first.
 * @param status Any status.
 * @param name   NULL to only look up; otherwise the new name for @p status
 *               (copied, truncated to AKERR_MAX_ERROR_NAME_LENGTH-1 bytes).
 * @return The name: a registered name if there is one; the platform's text for
 *         an errno value; "Success" for 0; "Unknown status" for anything else,
 *         including a @p status outside 0..AKERR_MAX_STATUS-1 (which cannot be
 *         named). Never NULL. The pointer stays valid until the name is set again.
 */
char *akerr_name_for_status(int status, char *name);

/**
 * @brief The macro name of a status ("AKERR_KEY", "ENOENT"), optionally
 *        setting it first; akerr_name_for_status gives its text ("Key error").
 * @param status Any status.
 * @param symbol NULL to only look up; otherwise the name to give @p status
 *               from now on. Not copied: it must stay valid (a string
 *               literal, as the macro's own name is).
 * @return The name: the library's own for its statuses (AKERR_NULLPOINTER ..
 *         AKERR_EXHAUSTED), the one set for any other status; for an errno
 *         value with none set, its macro name (glibc's for every value it
 *         uses, elsewhere akerror's list of the values C and POSIX define);
 *         otherwise NULL, as for 0 and for a @p status outside
 *         0..AKERR_MAX_STATUS-1 (which cannot be named).
 */
const char *akerr_symbol_for_status(int status, const char *symbol);

/**
 * @brief Puts context in front of an error's message: "<prefix>: <message>",
 *        e.g. the file a loader was reading when a helper failed.
 * @param errctx The error, or NULL (then nothing happens).
 * @param fmt    printf-style prefix; the ": " separator is added.
 * @return @p errctx, so the call can wrap a callee: PASS(e, akerr_prefix_message(f(), "%s", path)).
 *         A prefixed message longer than AKERR_MAX_ERROR_MESSAGE_LENGTH-1 bytes
 *         loses its end (a report, not data); the status and trace are unchanged.
 */
akerr_ErrorContext *akerr_prefix_message(akerr_ErrorContext *errctx, const char *fmt, ...)
    AKERR_PRINTF(2, 3);

/** @name Functions behind the macros (call the macros instead)
 *  @{ */
/**
 * @brief Raises @p status at file:function:line on @p errctx (acquired when NULL).
 * @param errctx   The context to raise on, or NULL to take one from the pool.
 * @param status   The status (not 0).
 * @param fname    The source file (static storage: __FILE__).
 * @param function The function (static storage: __func__).
 * @param lineno   The line.
 * @param fmt      printf-style message.
 * @param ...      The message's arguments.
 * @return The raised context, which the caller now holds.
 */
akerr_ErrorContext AKERR_NOIGNORE *akerr_fail_at(akerr_ErrorContext *errctx, int status,
                                                 const char *fname, const char *function,
                                                 int lineno, const char *fmt, ...)
    AKERR_PRINTF(6, 7);
/**
 * @brief Appends "file:function:line" to the trace.
 * @param errctx   The error, or NULL (nothing happens).
 * @param fname    The source file.
 * @param function The function.
 * @param lineno   The line.
 * @return @p errctx.
 */
akerr_ErrorContext *akerr_trace_append(akerr_ErrorContext *errctx, const char *fname,
                                       const char *function, int lineno);
/**
 * @brief Marks @p errctx handled.
 * @param errctx The error (borrowed), or NULL.
 */
void akerr_mark_handled(akerr_ErrorContext *errctx);
/**
 * @brief Logs the trace, the status, its name and the message, after @p prefix.
 * @param errctx   The error (borrowed), or NULL (nothing is logged).
 * @param fname    The logging source file.
 * @param function The logging function.
 * @param lineno   The logging line.
 * @param prefix   Text put before the report ("" for none).
 */
void akerr_log_error(const akerr_ErrorContext *errctx, const char *fname, const char *function,
                     int lineno, const char *prefix);
/**
 * @brief Logs an ignored error with its trace and releases it.
 * @param errctx   The error (its reference is given back), or NULL.
 * @param fname    The ignoring source file.
 * @param function The ignoring function.
 * @param lineno   The ignoring line.
 */
void akerr_ignore(akerr_ErrorContext *errctx, const char *fname, const char *function, int lineno);
/**
 * @brief Logs, calls the unhandled-error handler, and releases.
 * @param errctx   The unhandled error (its reference is given back).
 * @param fname    The source file of the FINISH_NORETURN.
 * @param function Its function.
 * @param lineno   Its line.
 */
void akerr_unhandled(akerr_ErrorContext *errctx, const char *fname, const char *function,
                     int lineno);
/** @} */

/* ------------------------------------------------------------------------ */
/* The macro language                                                       */
/* ------------------------------------------------------------------------ */

/** Pastes @p a and @p b (no expansion first; use AKERR_CAT). */
#define AKERR_CAT_(a, b) a##b
/** Pastes @p a and @p b after expanding them (unique label names). */
#define AKERR_CAT(a, b) AKERR_CAT_(a, b)

/** Declares the local context pointer @p e, NULL (success). */
#define PREPARE_ERROR(e) akerr_ErrorContext AKERR_UNUSED *e = NULL

/** Logs @p e with its trace through akerr_log_method. */
#define LOG_ERROR(e) akerr_log_error((e), __FILE__, __func__, __LINE__, "")

/**
 * Gives back @p e (if set) and leaves it NULL, or still set when others hold
 * it. NULL, the success path, is tested here, inline: success costs no call
 * into the library (the frame path succeeds many times per actor per frame).
 */
#define RELEASE_ERROR(e) ((e) = ((e) != NULL ? akerr_release_error(e) : NULL))

/**
 * Raises @p status with a printf-style message on @p e, acquiring a context
 * when @p e is NULL. The trace starts (or, on a context that already carries
 * one, continues) with "file:function:line: status (name): message".
 * Usage: FAIL(e, status, fmt, ...).
 */
#define FAIL(e, status, ...) \
    ((e) = akerr_fail_at((e), (status), __FILE__, __func__, __LINE__, __VA_ARGS__))

/** Leaves with success: releases @p e, if set. */
#define SUCCEED(e) RELEASE_ERROR(e)

/* --- for functions returning akerr_ErrorContext *, outside ATTEMPT --- */

/** FAIL, then return @p e. Never inside ATTEMPT: it would skip CLEANUP. */
#define FAIL_RETURN(e, status, ...) \
    do { FAIL(e, status, __VA_ARGS__); return (e); } while (0)
/** When @p x is zero (or NULL): FAIL_RETURN. */
#define FAIL_ZERO_RETURN(e, x, status, ...) \
    do { if ((x) == 0) { FAIL(e, status, __VA_ARGS__); return (e); } } while (0)
/** When @p x is non-zero: FAIL_RETURN. */
#define FAIL_NONZERO_RETURN(e, x, status, ...) \
    do { if ((x) != 0) { FAIL(e, status, __VA_ARGS__); return (e); } } while (0)
/** Releases @p e and returns NULL (success). */
#define SUCCEED_RETURN(e) \
    do { RELEASE_ERROR(e); return NULL; } while (0)

/**
 * Calls @p call; on failure appends this level to the trace and returns the
 * context to our caller. Never inside ATTEMPT: it would skip CLEANUP.
 */
#define PASS(e, call) \
    do { \
        (e) = (call); \
        if ((e) != NULL) { \
            return akerr_trace_append((e), __FILE__, __func__, __LINE__); \
        } \
    } while (0)

/** The same as PASS: kept for code written against the original. */
#define CATCH_AND_RETURN(e, call) PASS(e, call)

/** Calls @p call; a failure is logged with its trace, released, and forgotten. */
#define IGNORE(call) \
    do { \
        akerr_ErrorContext *akerr_ignored_ = (call); \
        if (akerr_ignored_ != NULL) { \
            akerr_ignore(akerr_ignored_, __FILE__, __func__, __LINE__); \
        } \
    } while (0)

/* --- the structured form --- */

/**
 * Opens the block whose failures CATCH and the *_BREAK macros leave at once.
 * Leaving is a `break`, so a CATCH inside a loop inside ATTEMPT leaves the
 * loop, not the ATTEMPT: test @p e after such a loop.
 */
#define ATTEMPT do

/** Closes ATTEMPT. The block after it runs exactly once, on every path out. */
#define CLEANUP while (0);

/**
 * Calls @p call, stores its context in @p e, and on failure appends this level
 * to the trace and leaves the ATTEMPT.
 */
#define CATCH(e, call) \
    if (((e) = (call)) != NULL) { \
        akerr_trace_append((e), __FILE__, __func__, __LINE__); \
        break; \
    } else (void)0

/** FAIL, then leave the ATTEMPT. */
#define FAIL_BREAK(e, status, ...) \
    { FAIL(e, status, __VA_ARGS__); break; } (void)0
/** When @p x is zero (or NULL): FAIL_BREAK. */
#define FAIL_ZERO_BREAK(e, x, status, ...) \
    if ((x) == 0) { FAIL(e, status, __VA_ARGS__); break; } else (void)0
/** When @p x is non-zero: FAIL_BREAK. */
#define FAIL_NONZERO_BREAK(e, x, status, ...) \
    if ((x) != 0) { FAIL(e, status, __VA_ARGS__); break; } else (void)0
/** Leave the ATTEMPT with success (releasing @p e, if set). */
#define SUCCEED_BREAK(e) \
    { SUCCEED(e); break; } (void)0

/** The dispatch value of PROCESS's own block; no status can take it. */
#define AKERR_PROCESS_PASS_ INT_MIN

/**
 * Opens the error-handling part. Nothing in it runs when @p e is NULL.
 * The block right after PROCESS runs for every error, before any HANDLE; then
 * the HANDLE whose status matches (or HANDLE_DEFAULT) runs.
 *
 * Implementation: two passes over one switch. Pass 0 dispatches on a value no
 * status can take, which selects PROCESS's own block; pass 1 dispatches on the
 * status. A `break` in any of these blocks ends that block.
 */
#define PROCESS(e) \
    if ((e) != NULL) \
        for (int AKERR_CAT(akerr_pass_, __LINE__) = 0; AKERR_CAT(akerr_pass_, __LINE__) < 2; \
             AKERR_CAT(akerr_pass_, __LINE__)++) \
            switch (AKERR_CAT(akerr_pass_, __LINE__) == 0 ? AKERR_PROCESS_PASS_ : (e)->status) { \
            case AKERR_PROCESS_PASS_:

/** The block after it runs for @p status, and marks the error handled. */
#define HANDLE(e, status) \
            break; \
            case (status): akerr_mark_handled(e);

/**
 * Adds @p status to the HANDLE (or HANDLE_GROUP) just before it, so one body
 * serves several statuses: `HANDLE(e, A) HANDLE_GROUP(e, B) { shared }`.
 * A block between them also runs for the earlier status (C's fall-through).
 * Must follow a HANDLE, never PROCESS directly.
 */
#define HANDLE_GROUP(e, status) \
            AKERR_FALLTHROUGH; \
            case (status): akerr_mark_handled(e);

/** The block after it runs for any status no HANDLE named, and marks it handled. */
#define HANDLE_DEFAULT(e) \
            break; \
            default: akerr_mark_handled(e);

/**
 * Ends the structured form. A handled error is released. An unhandled one is
 * returned to our caller when @p pass_up is true, and released otherwise.
 */
#define FINISH(e, pass_up) \
            break; \
            } \
    if ((e) != NULL) { \
        if (!(e)->handled && (pass_up)) { \
            return (e); \
        } \
        RELEASE_ERROR(e); \
    } (void)0

/**
 * FINISH for functions that cannot return a context (void callbacks, main):
 * an unhandled error is logged with its trace and handed to
 * akerr_handler_unhandled_error; then the context is released.
 */
#define FINISH_NORETURN(e) \
            break; \
            } \
    if ((e) != NULL) { \
        if (!(e)->handled) { \
            akerr_unhandled((e), __FILE__, __func__, __LINE__); \
            (e) = NULL; \
        } else { \
            RELEASE_ERROR(e); \
        } \
    } (void)0

#ifdef __cplusplus
}
#endif

#endif /* AKERROR_H */
