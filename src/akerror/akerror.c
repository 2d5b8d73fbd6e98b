/*
 * akerror: the context pool, status names, traces, and the hooks.
 *
 * The pool is a static array with a free stack beside it, so acquire and
 * release are O(1) and the pool needs no initialisation call: slots that were
 * never handed out are taken in order through `pool_fresh`, slots that came
 * back are reused from `pool_free`. A spinlock guards both; the critical
 * sections are a few instructions long, shorter than any mutex round trip.
 */

#include <akerror.h>

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

akerr_LogFunction akerr_log_method = akerr_default_logger;
akerr_UnhandledErrorHandler akerr_handler_unhandled_error = akerr_default_handler_unhandled_error;

/* One slot more than the pool: the reserved context, handed out (shared) when
 * the others are all live, so exhaustion is an error the caller sees. */
#define RESERVED_ID AKERR_MAX_ARRAY_ERROR
static akerr_ErrorContext pool[AKERR_MAX_ARRAY_ERROR + 1];
static int pool_free[AKERR_MAX_ARRAY_ERROR];
static int pool_free_count;
static int pool_fresh;
static int pool_live;
static atomic_flag pool_lock = ATOMIC_FLAG_INIT;

static void lock_pool(void)
{
    while (atomic_flag_test_and_set_explicit(&pool_lock, memory_order_acquire)) {
        /* spin: held for a handful of instructions at most */
    }
}

static void unlock_pool(void)
{
    atomic_flag_clear_explicit(&pool_lock, memory_order_release);
}

/* ------------------------------------------------------------------------ */
/* Status names                                                             */
/* ------------------------------------------------------------------------ */

/* The library's statuses, each with its text: the one list both tables
 * below are made from, so a status's macro name and text cannot drift. */
#define LIBRARY_STATUSES(X)                                   \
    X(AKERR_NULLPOINTER, "Null pointer")                      \
    X(AKERR_OUTOFBOUNDS, "Out of bounds")                     \
    X(AKERR_API, "API error")                                 \
    X(AKERR_ATTRIBUTE, "Attribute error")                     \
    X(AKERR_TYPE, "Type error")                               \
    X(AKERR_KEY, "Key error")                                 \
    X(AKERR_HEAP, "Heap error")                               \
    X(AKERR_INDEX, "Index error")                             \
    X(AKERR_FORMAT, "Format error")                           \
    X(AKERR_IO, "I/O error")                                  \
    X(AKERR_REGISTRY, "Registry error")                       \
    X(AKERR_VALUE, "Value error")                             \
    X(AKERR_BEHAVIOR, "Behavior error")                       \
    X(AKERR_RELATIONSHIP, "Relationship error")               \
    X(AKERR_EXHAUSTED, "Error contexts exhausted")

#define NAME_ENTRY(code, text) [code] = text,
#define SYMBOL_ENTRY(code, text) [code] = #code,

static char status_names[AKERR_MAX_STATUS][AKERR_MAX_ERROR_NAME_LENGTH] = {
    [0] = "Success",
    LIBRARY_STATUSES(NAME_ENTRY)
};

/* Macro names: the library's from the list, an application's as it set them
 * (not copied: string literals). errno values are asked of the platform. */
static const char *status_symbols[AKERR_MAX_STATUS] = {
    LIBRARY_STATUSES(SYMBOL_ENTRY)
};

static char unknown_status[] = "Unknown status";

/* Guards status_names: a lookup may write it too (see below). */
static atomic_flag names_lock = ATOMIC_FLAG_INIT;

char *akerr_name_for_status(int status, char *name)
{
    if (status < 0 || status >= AKERR_MAX_STATUS) {
        return unknown_status;
    }
    char *result = unknown_status;
    while (atomic_flag_test_and_set_explicit(&names_lock, memory_order_acquire)) {
        /* spin: held for one lookup */
    }
    if (name != NULL) {
        /* Truncate rather than refuse: this function has no way to report. */
        snprintf(status_names[status], AKERR_MAX_ERROR_NAME_LENGTH, "%s", name);
    }
    if (status_names[status][0] == '\0' && status < AKERR_FIRST_LIBRARY_STATUS) {
        /* errno values are named by the platform. Copy its text into the table
         * instead of returning strerror()'s pointer: for a number the platform
         * does not use, glibc formats "Unknown error N" into a per-thread
         * buffer that its next such call frees, and we promise the pointer
         * we return stays valid until the status is named again. */
        snprintf(status_names[status], AKERR_MAX_ERROR_NAME_LENGTH, "%s", strerror(status));
    }
    if (status_names[status][0] != '\0') {
        result = status_names[status];
    }
    atomic_flag_clear_explicit(&names_lock, memory_order_release);
    return result;
}

/* The C library cannot say an errno value's macro name (glibc's
 * strerrorname_np is its own), so the names are listed here: those C and
 * POSIX define, then those of particular systems (Linux's, the BSDs'), each
 * only where the system's <errno.h> has it. Where two names share a value
 * (EAGAIN and EWOULDBLOCK, ENOTSUP and EOPNOTSUPP on some systems) the first
 * is the one given. */
#define ERRNO_SYMBOL(name) {name, #name}
static const struct
{
    int value;
    const char *symbol;
} errno_symbols[] = {
    ERRNO_SYMBOL(EPERM), ERRNO_SYMBOL(ENOENT), ERRNO_SYMBOL(ESRCH), ERRNO_SYMBOL(EINTR),
    ERRNO_SYMBOL(EIO), ERRNO_SYMBOL(ENXIO), ERRNO_SYMBOL(E2BIG), ERRNO_SYMBOL(ENOEXEC),
    ERRNO_SYMBOL(EBADF), ERRNO_SYMBOL(ECHILD), ERRNO_SYMBOL(EAGAIN), ERRNO_SYMBOL(ENOMEM),
    ERRNO_SYMBOL(EACCES), ERRNO_SYMBOL(EFAULT), ERRNO_SYMBOL(EBUSY), ERRNO_SYMBOL(EEXIST),
    ERRNO_SYMBOL(EXDEV), ERRNO_SYMBOL(ENODEV), ERRNO_SYMBOL(ENOTDIR), ERRNO_SYMBOL(EISDIR),
    ERRNO_SYMBOL(EINVAL), ERRNO_SYMBOL(ENFILE), ERRNO_SYMBOL(EMFILE), ERRNO_SYMBOL(ENOTTY),
    ERRNO_SYMBOL(ETXTBSY), ERRNO_SYMBOL(EFBIG), ERRNO_SYMBOL(ENOSPC), ERRNO_SYMBOL(ESPIPE),
    ERRNO_SYMBOL(EROFS), ERRNO_SYMBOL(EMLINK), ERRNO_SYMBOL(EPIPE), ERRNO_SYMBOL(EDOM),
    ERRNO_SYMBOL(ERANGE), ERRNO_SYMBOL(EDEADLK), ERRNO_SYMBOL(ENAMETOOLONG),
    ERRNO_SYMBOL(ENOLCK), ERRNO_SYMBOL(ENOSYS), ERRNO_SYMBOL(ENOTEMPTY), ERRNO_SYMBOL(ELOOP),
    ERRNO_SYMBOL(EWOULDBLOCK), ERRNO_SYMBOL(ENOMSG), ERRNO_SYMBOL(EIDRM),
    ERRNO_SYMBOL(ENOLINK), ERRNO_SYMBOL(EPROTO), ERRNO_SYMBOL(EBADMSG),
    ERRNO_SYMBOL(EOVERFLOW), ERRNO_SYMBOL(EILSEQ), ERRNO_SYMBOL(ENOTSOCK),
    ERRNO_SYMBOL(EDESTADDRREQ), ERRNO_SYMBOL(EMSGSIZE), ERRNO_SYMBOL(EPROTOTYPE),
    ERRNO_SYMBOL(ENOPROTOOPT), ERRNO_SYMBOL(EPROTONOSUPPORT), ERRNO_SYMBOL(ENOTSUP),
    ERRNO_SYMBOL(EOPNOTSUPP), ERRNO_SYMBOL(EAFNOSUPPORT), ERRNO_SYMBOL(EADDRINUSE),
    ERRNO_SYMBOL(EADDRNOTAVAIL), ERRNO_SYMBOL(ENETDOWN), ERRNO_SYMBOL(ENETUNREACH),
    ERRNO_SYMBOL(ENETRESET), ERRNO_SYMBOL(ECONNABORTED), ERRNO_SYMBOL(ECONNRESET),
    ERRNO_SYMBOL(ENOBUFS), ERRNO_SYMBOL(EISCONN), ERRNO_SYMBOL(ENOTCONN),
    ERRNO_SYMBOL(ETIMEDOUT), ERRNO_SYMBOL(ECONNREFUSED), ERRNO_SYMBOL(EHOSTUNREACH),
    ERRNO_SYMBOL(EALREADY), ERRNO_SYMBOL(EINPROGRESS), ERRNO_SYMBOL(ECANCELED),
    ERRNO_SYMBOL(EOWNERDEAD), ERRNO_SYMBOL(ENOTRECOVERABLE),
#ifdef ENODATA
    ERRNO_SYMBOL(ENODATA),
#endif
#ifdef ENOSR
    ERRNO_SYMBOL(ENOSR),
#endif
#ifdef ENOSTR
    ERRNO_SYMBOL(ENOSTR),
#endif
#ifdef ETIME
    ERRNO_SYMBOL(ETIME),
#endif
#ifdef ENOTBLK
    ERRNO_SYMBOL(ENOTBLK),
#endif
#ifdef ECHRNG
    ERRNO_SYMBOL(ECHRNG),
#endif
#ifdef EL2NSYNC
    ERRNO_SYMBOL(EL2NSYNC),
#endif
#ifdef EL3HLT
    ERRNO_SYMBOL(EL3HLT),
#endif
#ifdef EL3RST
    ERRNO_SYMBOL(EL3RST),
#endif
#ifdef ELNRNG
    ERRNO_SYMBOL(ELNRNG),
#endif
#ifdef EUNATCH
    ERRNO_SYMBOL(EUNATCH),
#endif
#ifdef ENOCSI
    ERRNO_SYMBOL(ENOCSI),
#endif
#ifdef EL2HLT
    ERRNO_SYMBOL(EL2HLT),
#endif
#ifdef EBADE
    ERRNO_SYMBOL(EBADE),
#endif
#ifdef EBADR
    ERRNO_SYMBOL(EBADR),
#endif
#ifdef EXFULL
    ERRNO_SYMBOL(EXFULL),
#endif
#ifdef ENOANO
    ERRNO_SYMBOL(ENOANO),
#endif
#ifdef EBADRQC
    ERRNO_SYMBOL(EBADRQC),
#endif
#ifdef EBADSLT
    ERRNO_SYMBOL(EBADSLT),
#endif
#ifdef EBFONT
    ERRNO_SYMBOL(EBFONT),
#endif
#ifdef ENONET
    ERRNO_SYMBOL(ENONET),
#endif
#ifdef ENOPKG
    ERRNO_SYMBOL(ENOPKG),
#endif
#ifdef EREMOTE
    ERRNO_SYMBOL(EREMOTE),
#endif
#ifdef EADV
    ERRNO_SYMBOL(EADV),
#endif
#ifdef ESRMNT
    ERRNO_SYMBOL(ESRMNT),
#endif
#ifdef ECOMM
    ERRNO_SYMBOL(ECOMM),
#endif
#ifdef EMULTIHOP
    ERRNO_SYMBOL(EMULTIHOP),
#endif
#ifdef EDOTDOT
    ERRNO_SYMBOL(EDOTDOT),
#endif
#ifdef ENOTUNIQ
    ERRNO_SYMBOL(ENOTUNIQ),
#endif
#ifdef EBADFD
    ERRNO_SYMBOL(EBADFD),
#endif
#ifdef EREMCHG
    ERRNO_SYMBOL(EREMCHG),
#endif
#ifdef ELIBACC
    ERRNO_SYMBOL(ELIBACC),
#endif
#ifdef ELIBBAD
    ERRNO_SYMBOL(ELIBBAD),
#endif
#ifdef ELIBSCN
    ERRNO_SYMBOL(ELIBSCN),
#endif
#ifdef ELIBMAX
    ERRNO_SYMBOL(ELIBMAX),
#endif
#ifdef ELIBEXEC
    ERRNO_SYMBOL(ELIBEXEC),
#endif
#ifdef ERESTART
    ERRNO_SYMBOL(ERESTART),
#endif
#ifdef ESTRPIPE
    ERRNO_SYMBOL(ESTRPIPE),
#endif
#ifdef EUSERS
    ERRNO_SYMBOL(EUSERS),
#endif
#ifdef ESOCKTNOSUPPORT
    ERRNO_SYMBOL(ESOCKTNOSUPPORT),
#endif
#ifdef EPFNOSUPPORT
    ERRNO_SYMBOL(EPFNOSUPPORT),
#endif
#ifdef ESHUTDOWN
    ERRNO_SYMBOL(ESHUTDOWN),
#endif
#ifdef ETOOMANYREFS
    ERRNO_SYMBOL(ETOOMANYREFS),
#endif
#ifdef EHOSTDOWN
    ERRNO_SYMBOL(EHOSTDOWN),
#endif
#ifdef ESTALE
    ERRNO_SYMBOL(ESTALE),
#endif
#ifdef EUCLEAN
    ERRNO_SYMBOL(EUCLEAN),
#endif
#ifdef ENOTNAM
    ERRNO_SYMBOL(ENOTNAM),
#endif
#ifdef ENAVAIL
    ERRNO_SYMBOL(ENAVAIL),
#endif
#ifdef EISNAM
    ERRNO_SYMBOL(EISNAM),
#endif
#ifdef EREMOTEIO
    ERRNO_SYMBOL(EREMOTEIO),
#endif
#ifdef EDQUOT
    ERRNO_SYMBOL(EDQUOT),
#endif
#ifdef ENOMEDIUM
    ERRNO_SYMBOL(ENOMEDIUM),
#endif
#ifdef EMEDIUMTYPE
    ERRNO_SYMBOL(EMEDIUMTYPE),
#endif
#ifdef ENOKEY
    ERRNO_SYMBOL(ENOKEY),
#endif
#ifdef EKEYEXPIRED
    ERRNO_SYMBOL(EKEYEXPIRED),
#endif
#ifdef EKEYREVOKED
    ERRNO_SYMBOL(EKEYREVOKED),
#endif
#ifdef EKEYREJECTED
    ERRNO_SYMBOL(EKEYREJECTED),
#endif
#ifdef ERFKILL
    ERRNO_SYMBOL(ERFKILL),
#endif
#ifdef EHWPOISON
    ERRNO_SYMBOL(EHWPOISON),
#endif
#ifdef EPROCLIM
    ERRNO_SYMBOL(EPROCLIM),
#endif
#ifdef EBADRPC
    ERRNO_SYMBOL(EBADRPC),
#endif
#ifdef ERPCMISMATCH
    ERRNO_SYMBOL(ERPCMISMATCH),
#endif
#ifdef EPROGUNAVAIL
    ERRNO_SYMBOL(EPROGUNAVAIL),
#endif
#ifdef EPROGMISMATCH
    ERRNO_SYMBOL(EPROGMISMATCH),
#endif
#ifdef EPROCUNAVAIL
    ERRNO_SYMBOL(EPROCUNAVAIL),
#endif
#ifdef EFTYPE
    ERRNO_SYMBOL(EFTYPE),
#endif
#ifdef EAUTH
    ERRNO_SYMBOL(EAUTH),
#endif
#ifdef ENEEDAUTH
    ERRNO_SYMBOL(ENEEDAUTH),
#endif
#ifdef ENOATTR
    ERRNO_SYMBOL(ENOATTR),
#endif
#ifdef EDOOFUS
    ERRNO_SYMBOL(EDOOFUS),
#endif
#ifdef ENOTCAPABLE
    ERRNO_SYMBOL(ENOTCAPABLE),
#endif
#ifdef ECAPMODE
    ERRNO_SYMBOL(ECAPMODE),
#endif
#ifdef EINTEGRITY
    ERRNO_SYMBOL(EINTEGRITY),
#endif
};

static const char *errno_symbol(int status)
{
    for (size_t i = 0; i < sizeof(errno_symbols) / sizeof(errno_symbols[0]); i++) {
        if (errno_symbols[i].value == status) {
            return errno_symbols[i].symbol;
        }
    }
    return NULL;
}

const char *akerr_symbol_for_status(int status, const char *symbol)
{
    if (status < 0 || status >= AKERR_MAX_STATUS) {
        return NULL;
    }
    while (atomic_flag_test_and_set_explicit(&names_lock, memory_order_acquire)) {
        /* spin: held for one lookup */
    }
    if (symbol != NULL) {
        status_symbols[status] = symbol;
    }
    const char *result = status_symbols[status];
    atomic_flag_clear_explicit(&names_lock, memory_order_release);
    if (result == NULL && status > 0 && status < AKERR_FIRST_LIBRARY_STATUS) {
        result = errno_symbol(status);
    }
    return result;
}

/* ------------------------------------------------------------------------ */
/* The pool                                                                 */
/* ------------------------------------------------------------------------ */

/* Whether the pool has been full since it last had room: the log line is
 * written once per episode, not once per error raised while it lasts. */
static bool exhaustion_logged;

static void log_exhaustion(void)
{
    akerr_log_method("akerror: all %d error contexts are live; errors raised until some are "
                     "released report AKERR_EXHAUSTED (%d) on the reserved context",
                     AKERR_MAX_ARRAY_ERROR, AKERR_EXHAUSTED);
}

akerr_ErrorContext *akerr_next_error(void)
{
    int id = -1;
    bool first_holder = false;
    bool log_it = false;

    lock_pool();
    if (pool_free_count > 0) {
        id = pool_free[--pool_free_count];
    } else if (pool_fresh < AKERR_MAX_ARRAY_ERROR) {
        id = pool_fresh++;
    }
    if (id >= 0) {
        pool_live++;
        pool[id].refcount = 1;
        exhaustion_logged = false;
    } else {
        /* Full: share the reserved context. Only its first holder zeroes it. */
        id = RESERVED_ID;
        first_holder = pool[id].refcount == 0;
        if (first_holder) {
            pool_live++;
        }
        pool[id].refcount++;
        log_it = !exhaustion_logged;
        exhaustion_logged = true;
    }
    unlock_pool();

    if (log_it) {
        log_exhaustion();
    }
    akerr_ErrorContext *errctx = &pool[id];
    if (id == RESERVED_ID && !first_holder) {
        return errctx;
    }
    /* Zero everything but the bookkeeping the lock protected. */
    memset(errctx, 0, offsetof(akerr_ErrorContext, refcount));
    errctx->heapid = id;
    errctx->stacktracelen = 0;
    errctx->stacktracebuf[0] = '\0';
    return errctx;
}

static bool in_pool(const akerr_ErrorContext *errctx)
{
    /* Compare addresses as integers: relational comparison of pointers into
     * different objects is undefined, and this is exactly the check for that. */
    uintptr_t p = (uintptr_t)errctx;
    uintptr_t lo = (uintptr_t)&pool[0];
    uintptr_t hi = (uintptr_t)&pool[RESERVED_ID + 1];
    return p >= lo && p < hi && (p - lo) % sizeof(pool[0]) == 0;
}

akerr_ErrorContext *akerr_release_error(akerr_ErrorContext *errctx)
{
    if (errctx == NULL) {
        return NULL;
    }
    if (!in_pool(errctx)) {
        akerr_log_method("akerror: release of %p, which is not an error context from the pool",
                         (void *)errctx);
        return NULL;
    }

    akerr_ErrorContext *still_held = NULL;
    bool double_release = false;
    /* The slot's index from its address, not from heapid: another thread may
     * be re-initialising a context released twice, and heapid with it. */
    int id = (int)(errctx - pool);

    lock_pool();
    if (errctx->refcount <= 0) {
        double_release = true;
    } else if (--errctx->refcount > 0) {
        still_held = errctx;
    } else {
        if (id != RESERVED_ID) { /* the reserved one never joins the free stack */
            pool_free[pool_free_count++] = id;
        }
        pool_live--;
    }
    unlock_pool();

    if (double_release) {
        akerr_log_method("akerror: release of error context %d, which is already free", id);
    }
    return still_held;
}

int akerr_contexts_in_use(void)
{
    lock_pool();
    int live = pool_live;
    unlock_pool();
    return live;
}

/* ------------------------------------------------------------------------ */
/* Raising, tracing, logging                                                */
/* ------------------------------------------------------------------------ */

/* Appends formatted text to the trace; a full buffer ends in "...\n". */
AKERR_PRINTF(2, 3)
static void trace_printf(akerr_ErrorContext *errctx, const char *fmt, ...)
{
    size_t cap = sizeof(errctx->stacktracebuf);
    size_t used = errctx->stacktracelen;
    static const char marker[] = "...\n";

    if (used >= cap - sizeof(marker)) {
        return; /* already full and marked */
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(errctx->stacktracebuf + used, cap - used, fmt, ap);
    va_end(ap);
    if (n < 0) {
        return;
    }
    if ((size_t)n >= cap - sizeof(marker) - used) {
        /* Did not fit with room for the marker: keep what fits, then mark it. */
        used = cap - sizeof(marker);
        memcpy(errctx->stacktracebuf + used, marker, sizeof(marker));
        errctx->stacktracelen = used + sizeof(marker) - 1;
        return;
    }
    errctx->stacktracelen = used + (size_t)n;
}

akerr_ErrorContext *akerr_fail_at(akerr_ErrorContext *errctx, int status, const char *fname,
                                  const char *function, int lineno, const char *fmt, ...)
{
    if (errctx == NULL) {
        errctx = akerr_next_error();
    }
    errctx->status = status;
    errctx->handled = false;
    errctx->fname = fname;
    errctx->function = function;
    errctx->lineno = lineno;

    va_list ap;
    va_start(ap, fmt);
    vsnprintf(errctx->message, sizeof(errctx->message), fmt, ap);
    va_end(ap);
    if (errctx->heapid == RESERVED_ID && errctx == &pool[RESERVED_ID]) {
        /* Raised while the pool was full: a status of its own, so no HANDLE
         * for the status meant swallows it, and a message that keeps it. */
        akerr_prefix_message(errctx, "no free error context (all %d live) for status %d (%s)",
                             AKERR_MAX_ARRAY_ERROR, status, akerr_name_for_status(status, NULL));
        errctx->status = AKERR_EXHAUSTED;
        status = AKERR_EXHAUSTED;
    }

    trace_printf(errctx, "%s:%s:%d: %d (%s): %s\n", fname, function, lineno, status,
                 akerr_name_for_status(status, NULL), errctx->message);
    return errctx;
}

akerr_ErrorContext *akerr_trace_append(akerr_ErrorContext *errctx, const char *fname,
                                       const char *function, int lineno)
{
    if (errctx != NULL) {
        trace_printf(errctx, "%s:%s:%d\n", fname, function, lineno);
    }
    return errctx;
}

akerr_ErrorContext *akerr_prefix_message(akerr_ErrorContext *errctx, const char *fmt, ...)
{
    char prefixed[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    if (errctx == NULL || fmt == NULL) {
        return errctx;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(prefixed, sizeof(prefixed), fmt, ap);
    va_end(ap);
    if (n < 0) {
        return errctx;
    }
    size_t used = ((size_t)n < sizeof(prefixed)) ? (size_t)n : sizeof(prefixed) - 1;
    /* The old message goes after the prefix; what does not fit is cut. */
    if (snprintf(prefixed + used, sizeof(prefixed) - used, ": %s", errctx->message) < 0) {
        return errctx;
    }
    memcpy(errctx->message, prefixed, sizeof(prefixed));
    return errctx;
}

void akerr_mark_handled(akerr_ErrorContext *errctx)
{
    if (errctx != NULL) {
        errctx->handled = true;
    }
}

void akerr_log_error(const akerr_ErrorContext *errctx, const char *fname, const char *function,
                     int lineno, const char *prefix)
{
    if (errctx == NULL) {
        return;
    }
    akerr_log_method("%s%s:%s:%d: %s%s%d (%s): %s", errctx->stacktracebuf, fname, function,
                     lineno, prefix, (prefix[0] != '\0') ? " " : "", errctx->status,
                     akerr_name_for_status(errctx->status, NULL), errctx->message);
}

void akerr_ignore(akerr_ErrorContext *errctx, const char *fname, const char *function, int lineno)
{
    akerr_log_error(errctx, fname, function, lineno, "** IGNORED ERROR **");
    errctx = akerr_release_error(errctx);
    (void)errctx;
}

void akerr_unhandled(akerr_ErrorContext *errctx, const char *fname, const char *function,
                     int lineno)
{
    akerr_trace_append(errctx, fname, function, lineno);
    akerr_log_error(errctx, fname, function, lineno, "Unhandled error");
    akerr_handler_unhandled_error(errctx);
    errctx = akerr_release_error(errctx);
    (void)errctx;
}

void akerr_default_logger(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void akerr_default_handler_unhandled_error(akerr_ErrorContext *errctx)
{
    if (errctx == NULL) {
        return;
    }
    /* FINISH_NORETURN has already logged the trace; say why we stop. */
    akerr_log_method("akerror: exiting on unhandled error %d (%s)", errctx->status,
                     akerr_name_for_status(errctx->status, NULL));
    /* An exit code is one byte: a status that does not fit exits 1, never 0. */
    exit((errctx->status > 0 && errctx->status < 256) ? errctx->status : 1);
}
