/* What child_rerun.h says: a death test's child process on Windows. */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include "child_rerun.h"

#include <fcntl.h>
#include <io.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>

#define CHILD_FLAG L"--akgl-test-child="

int test_child_run(void (*fn)(void), int arg, char *out, size_t outsize,
                   unsigned long *exit_code)
{
    wchar_t exe[4096];
    wchar_t cmd[4096 + 128];
    DWORD n = GetModuleFileNameW(NULL, exe, 4096);
    if (n == 0 || n >= 4096 || outsize == 0) {
        return -1;
    }
    uintptr_t offset = (uintptr_t)fn - (uintptr_t)GetModuleHandleW(NULL);
    swprintf(cmd, sizeof(cmd) / sizeof(cmd[0]), L"\"%ls\" " CHILD_FLAG L"%llx:%d", exe,
             (unsigned long long)offset, arg);

    SECURITY_ATTRIBUTES sa = {sizeof(sa), NULL, TRUE};
    HANDLE rd = NULL, wr = NULL;
    if (!CreatePipe(&rd, &wr, &sa, 0)) {
        return -1;
    }
    SetHandleInformation(rd, HANDLE_FLAG_INHERIT, 0); /* only the write end goes over */
    STARTUPINFOW si = {0};
    si.cb = sizeof(si);
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    si.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
    si.hStdError = wr;
    PROCESS_INFORMATION pi;
    fflush(NULL);
    BOOL started = CreateProcessW(NULL, cmd, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi);
    CloseHandle(wr); /* the child's copy is the last: reads end when it exits */
    if (!started) {
        CloseHandle(rd);
        return -1;
    }
    size_t len = 0;
    char sink[256];
    for (;;) {
        DWORD got = 0;
        bool full = len + 1 >= outsize;
        if (!ReadFile(rd, full ? sink : out + len, full ? sizeof(sink) : (DWORD)(outsize - 1 - len),
                      &got, NULL) ||
            got == 0) {
            break;
        }
        len += full ? 0 : got;
    }
    out[len] = '\0';
    CloseHandle(rd);
    WaitForSingleObject(pi.hProcess, INFINITE);
    DWORD code = 0;
    BOOL have = GetExitCodeProcess(pi.hProcess, &code);
    CloseHandle(pi.hProcess);
    CloseHandle(pi.hThread);
    if (!have) {
        return -1;
    }
    *exit_code = code;
    return 0;
}

bool test_child_requested(void (**fn)(void), int *arg)
{
    const wchar_t *at = wcsstr(GetCommandLineW(), CHILD_FLAG);
    if (at == NULL) {
        return false;
    }
    wchar_t *end = NULL;
    unsigned long long offset = wcstoull(at + wcslen(CHILD_FLAG), &end, 16);
    if (end == NULL || *end != L':') {
        return false;
    }
    *arg = (int)wcstol(end + 1, NULL, 10);
    /* The parent compares the bytes written with POSIX's: no "\r" before
     * each "\n" from the C runtime's text mode. */
    _setmode(_fileno(stderr), _O_BINARY);
    *fn = (void (*)(void))((uintptr_t)GetModuleHandleW(NULL) + (uintptr_t)offset);
    return true;
}
