/*
 * akstdlib on Windows (MinGW-w64): the platform functions of platform.h
 * over the wide-character Windows API, so a path is UTF-8 as everywhere
 * else in akgl (the C library's narrow calls would read it in the ANSI code
 * page). Paths may use '/' or '\\'; the ones returned use '/'. Windows
 * errors are reported as the errno value closest to POSIX's, so messages
 * and statuses match the Linux build's.
 */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
/* winbase.h's IGNORE (unused here) would clash with akerror's, which
 * platform.h brings in through akstdlib.h. */
#undef IGNORE

#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <limits.h>
#include <string.h>

/* Wide paths up to this many characters, terminator included: a long path
 * ("\\?\") may be up to 32767, but akgl's own limit is PATH_MAX bytes of UTF-8. */
#define WIDE_PATH_MAX 4096

/* The errno value closest to a Windows error code. */
static int errno_of(DWORD code)
{
    switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_NET_NAME:
        return ENOENT;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
        return EACCES;
    case ERROR_INVALID_NAME:
    case ERROR_BAD_PATHNAME:
        return EINVAL;
    case ERROR_FILENAME_EXCED_RANGE:
        return ENAMETOOLONG;
    case ERROR_DIRECTORY:
        return ENOTDIR;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
        return ENOMEM;
    case ERROR_TOO_MANY_OPEN_FILES:
        return EMFILE;
    case ERROR_INSUFFICIENT_BUFFER:
        return ERANGE;
    default:
        return EIO;
    }
}

static int last_errno(void)
{
    return errno_of(GetLastError());
}

/*
 * The errno value for a failed look at wide: as last_errno, except that a
 * path that goes on through a file ("file.txt/x", which Windows calls
 * not found) is ENOTDIR, as on POSIX.
 */
static int lookup_errno(const wchar_t *wide)
{
    DWORD code = GetLastError();
    if (code != ERROR_PATH_NOT_FOUND && code != ERROR_FILE_NOT_FOUND &&
        code != ERROR_DIRECTORY) {
        return errno_of(code);
    }
    wchar_t prefix[WIDE_PATH_MAX];
    size_t i = 0;
    for (; wide[i] != L'\0' && i + 1 < WIDE_PATH_MAX; i++) {
        prefix[i] = wide[i];
        if ((wide[i] == L'/' || wide[i] == L'\\') && i > 0) {
            prefix[i] = L'\0';
            DWORD attr = GetFileAttributesW(prefix);
            if (attr != INVALID_FILE_ATTRIBUTES && !(attr & FILE_ATTRIBUTE_DIRECTORY)) {
                return ENOTDIR;
            }
            prefix[i] = wide[i];
        }
    }
    return errno_of(code);
}

/* UTF-8 to UTF-16 into wide (WIDE_PATH_MAX characters). 0 or an errno value. */
static int widen(const char *s, wchar_t *wide)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, wide, WIDE_PATH_MAX);
    if (n == 0) {
        DWORD code = GetLastError();
        return code == ERROR_INSUFFICIENT_BUFFER ? ENAMETOOLONG : EILSEQ;
    }
    return 0;
}

/* UTF-16 to UTF-8 into dest, '\\' turned into '/'. 0 or an errno value
 * (ERANGE: it does not fit in destsize bytes). */
static int narrow(const wchar_t *wide, char *dest, size_t destsize)
{
    int size = destsize > INT_MAX ? INT_MAX : (int)destsize;
    int n = WideCharToMultiByte(CP_UTF8, 0, wide, -1, dest, size, NULL, NULL);
    if (n == 0) {
        return GetLastError() == ERROR_INSUFFICIENT_BUFFER ? ERANGE : EILSEQ;
    }
    for (char *p = dest; *p != '\0'; p++) {
        if (*p == '\\') {
            *p = '/';
        }
    }
    return 0;
}

int aksl_platform_strerror(int err, char *dest, size_t destsize)
{
    return strerror_s(dest, destsize, err);
}

/* Opens wide with the access given, following links. BACKUP_SEMANTICS opens
 * a directory too, so it can be named as one; a pipe opens without waiting
 * for a writer. */
static HANDLE open_existing(const wchar_t *wide, DWORD access)
{
    return CreateFileW(wide, access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                       OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
}

/*
 * The path the file system itself has for full, links followed and each
 * name spelled as stored (so a check against an asset root is not fooled by
 * a link or by "GAMES" for "games"), into full, without the \\?\ prefix
 * the system puts before it. full is kept as it is when the file cannot be
 * opened for its attributes.
 */
static const wchar_t *final_path(wchar_t *full)
{
    static const wchar_t unc[] = L"\\\\?\\UNC\\";
    static const wchar_t local[] = L"\\\\?\\";
    wchar_t final[WIDE_PATH_MAX];
    HANDLE h = open_existing(full, FILE_READ_ATTRIBUTES);
    if (h == INVALID_HANDLE_VALUE) {
        return full;
    }
    DWORD n = GetFinalPathNameByHandleW(h, final, WIDE_PATH_MAX, FILE_NAME_NORMALIZED);
    CloseHandle(h);
    if (n == 0 || n >= WIDE_PATH_MAX) {
        return full;
    }
    if (wcsncmp(final, unc, wcslen(unc)) == 0) {
        full[0] = L'\\';
        full[1] = L'\\';
        wcscpy(full + 2, final + wcslen(unc));
    } else if (wcsncmp(final, local, wcslen(local)) == 0) {
        wcscpy(full, final + wcslen(local));
    } else {
        wcscpy(full, final);
    }
    return full;
}

int aksl_platform_realpath(const char *path, char *resolved)
{
    wchar_t wide[WIDE_PATH_MAX];
    wchar_t full[WIDE_PATH_MAX];
    resolved[0] = '\0';
    int err = widen(path, wide);
    if (err != 0) {
        return err;
    }
    DWORD n = GetFullPathNameW(wide, WIDE_PATH_MAX, full, NULL);
    if (n == 0) {
        return last_errno();
    }
    if (n >= WIDE_PATH_MAX) {
        return ENAMETOOLONG;
    }
    /* realpath(3) names only what exists. */
    if (GetFileAttributesW(full) == INVALID_FILE_ATTRIBUTES) {
        return lookup_errno(full);
    }
    err = narrow(final_path(full), resolved, PATH_MAX);
    return err == ERANGE ? ENAMETOOLONG : err;
}

int aksl_platform_getcwd(char *dest, size_t destsize)
{
    wchar_t wide[WIDE_PATH_MAX];
    DWORD n = GetCurrentDirectoryW(WIDE_PATH_MAX, wide);
    if (n == 0) {
        return last_errno();
    }
    if (n >= WIDE_PATH_MAX) {
        return ERANGE;
    }
    return narrow(wide, dest, destsize);
}

int aksl_platform_exists(const char *path)
{
    wchar_t wide[WIDE_PATH_MAX];
    int err = widen(path, wide);
    if (err != 0) {
        return err;
    }
    return GetFileAttributesW(wide) == INVALID_FILE_ATTRIBUTES ? lookup_errno(wide) : 0;
}

FILE *aksl_platform_fopen(const char *path, const char *mode)
{
    wchar_t wide[WIDE_PATH_MAX];
    wchar_t wmode[16];
    int err = widen(path, wide);
    if (err == 0 && MultiByteToWideChar(CP_UTF8, 0, mode, -1, wmode, 16) == 0) {
        err = EINVAL;
    }
    if (err != 0) {
        errno = err;
        return NULL;
    }
    FILE *fp = _wfopen(wide, wmode);
    if (fp == NULL && errno == EACCES) {
        /* Windows refuses a directory as access denied; say what POSIX says. */
        DWORD attr = GetFileAttributesW(wide);
        if (attr != INVALID_FILE_ATTRIBUTES && (attr & FILE_ATTRIBUTE_DIRECTORY)) {
            errno = EISDIR;
        }
    }
    return fp;
}

/* What the open handle h is, and a regular file's size (else 0). 0 or an
 * errno value. */
static int kind_of_handle(HANDLE h, aksl_FileKind *kind, uintmax_t *size)
{
    *size = 0;
    switch (GetFileType(h)) {
    case FILE_TYPE_DISK: {
        BY_HANDLE_FILE_INFORMATION info;
        if (!GetFileInformationByHandle(h, &info)) {
            return last_errno();
        }
        if (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) {
            *kind = AKSL_FILE_DIRECTORY;
        } else {
            *kind = AKSL_FILE_REGULAR;
            *size = ((uintmax_t)info.nFileSizeHigh << 32) | info.nFileSizeLow;
        }
        return 0;
    }
    case FILE_TYPE_PIPE:
        *kind = AKSL_FILE_FIFO;
        return 0;
    case FILE_TYPE_CHAR:
        *kind = AKSL_FILE_CHARACTER_DEVICE;
        return 0;
    default:
        *kind = AKSL_FILE_OTHER;
        return 0;
    }
}

/* path (UTF-8) opened with the access given into *h, and what it is. 0 or
 * an errno value (nothing left open). */
static int open_and_describe(const char *path, DWORD access, HANDLE *h, aksl_FileKind *kind,
                             uintmax_t *size)
{
    wchar_t wide[WIDE_PATH_MAX];
    int err = widen(path, wide);
    if (err != 0) {
        return err;
    }
    *h = open_existing(wide, access);
    if (*h == INVALID_HANDLE_VALUE) {
        return lookup_errno(wide);
    }
    err = kind_of_handle(*h, kind, size);
    if (err != 0) {
        CloseHandle(*h);
    }
    return err;
}

int aksl_platform_stat(const char *path, aksl_FileKind *kind, uintmax_t *size)
{
    HANDLE h = INVALID_HANDLE_VALUE;
    /* Attributes only: no read access is asked, so a file open elsewhere
     * without sharing, or readable by nobody, is still described. */
    int err = open_and_describe(path, FILE_READ_ATTRIBUTES, &h, kind, size);
    if (err == 0) {
        CloseHandle(h);
    }
    return err;
}

int aksl_platform_open_read(const char *path, FILE **dest, aksl_FileKind *kind,
                            uintmax_t *size)
{
    HANDLE h = INVALID_HANDLE_VALUE;
    *dest = NULL;
    int err = open_and_describe(path, GENERIC_READ, &h, kind, size);
    if (err != 0) {
        return err;
    }
    if (*kind != AKSL_FILE_REGULAR) {
        CloseHandle(h);
        return 0;
    }
    int fd = _open_osfhandle((intptr_t)h, _O_RDONLY | _O_BINARY);
    if (fd < 0) {
        err = errno != 0 ? errno : EMFILE;
        CloseHandle(h);
        return err;
    }
    /* From here the descriptor owns the handle. */
    FILE *fp = _fdopen(fd, "rb");
    if (fp == NULL) {
        err = errno != 0 ? errno : ENOMEM;
        _close(fd);
        return err;
    }
    *dest = fp;
    return 0;
}

aksl_PathStyle aksl_platform_path_style(void)
{
    return AKSL_PATH_WINDOWS;
}

/* The CRT's heap has no trim threshold to set. */
bool aksl_platform_heap_keep(size_t trim, size_t mmap_below)
{
    (void)trim;
    (void)mmap_below;
    return false;
}
