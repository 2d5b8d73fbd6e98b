/*
 * Helpers shared by the akerror tests:
 *
 *   capture_begin() / capture_end()   route akerr_log_method into a buffer
 *   capture_text(), capture_calls()   what was logged, and how many lines
 *   run_in_child(fn, &result)         run fn in a child process with its
 *                                     stderr captured; report how it ended
 *   capture_child_arg                 an int the child sees as the parent
 *                                     set it (fork copies it; on Windows,
 *                                     the command line carries it)
 *
 * Everything is static and marked unused, so a test file includes only what
 * it needs without -Wunused-function complaints.
 */
#ifndef AKERR_TEST_CAPTURE_H
#define AKERR_TEST_CAPTURE_H

#include <akerror.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(_WIN32) || defined(__EMSCRIPTEN__)
#include "child_rerun.h"
#else
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#define CAPTURE_CAPACITY 32768

static char capture_buf_[CAPTURE_CAPACITY];
static size_t capture_len_;
static int capture_calls_;
static akerr_LogFunction capture_saved_;

/* A log method: appends the formatted line and a newline, like the default. */
AKERR_PRINTF(1, 2) AKERR_UNUSED static void capture_log(const char *fmt, ...)
{
    capture_calls_++;
    size_t room = sizeof(capture_buf_) - capture_len_;
    if (room <= 1) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(capture_buf_ + capture_len_, room, fmt, ap);
    va_end(ap);
    if (n < 0) {
        return;
    }
    capture_len_ += ((size_t)n < room) ? (size_t)n : room - 1;
    if (capture_len_ + 1 < sizeof(capture_buf_)) {
        capture_buf_[capture_len_++] = '\n';
        capture_buf_[capture_len_] = '\0';
    }
}

AKERR_UNUSED static void capture_reset(void)
{
    capture_len_ = 0;
    capture_calls_ = 0;
    capture_buf_[0] = '\0';
}

AKERR_UNUSED static void capture_begin(void)
{
    capture_reset();
    capture_saved_ = akerr_log_method;
    akerr_log_method = capture_log;
}

AKERR_UNUSED static void capture_end(void)
{
    akerr_log_method = capture_saved_;
}

AKERR_UNUSED static const char *capture_text(void) { return capture_buf_; }
AKERR_UNUSED static int capture_calls(void) { return capture_calls_; }

/* How many '\n'-terminated lines `s` holds. */
AKERR_UNUSED static int count_lines(const char *s)
{
    int n = 0;
    for (; *s != '\0'; s++) {
        n += (*s == '\n');
    }
    return n;
}

/* How a forked child ended, and what it wrote to stderr. */
struct child_result {
    int exited;       /* 1 when it called exit()/_exit() */
    int exit_status;  /* its exit status when it exited */
    int signaled;     /* the signal that killed it, or 0 */
    char output[CAPTURE_CAPACITY];
};

/* The exit status a child uses when `fn` returned instead of exiting. */
#define CHILD_RETURNED 97

/* Set by the parent before run_in_child; the child sees the same value. */
AKERR_UNUSED static int capture_child_arg;

#if defined(_WIN32) || defined(__EMSCRIPTEN__)
/*
 * The child's side: at startup (before main), a process that
 * test_child_run started calls its function and exits as a forked child
 * would. Exit codes are the same as POSIX's; a crash is an exit code too
 * (0xC0000005... on Windows), never a signal.
 */
__attribute__((constructor)) AKERR_UNUSED static void capture_child_entry_(void)
{
    void (*fn)(void) = NULL;
    if (test_child_requested(&fn, &capture_child_arg)) {
        fn();
        fflush(NULL);
        _Exit(CHILD_RETURNED);
    }
}

/* Runs `fn` in a child process (this program again) whose stderr the
 * parent reads. Returns 0 when the child was run and waited for. */
AKERR_UNUSED static int run_in_child(void (*fn)(void), struct child_result *r)
{
    unsigned long code = 0;
    memset(r, 0, sizeof(*r));
    if (test_child_run(fn, capture_child_arg, r->output, sizeof(r->output), &code) != 0) {
        return -1;
    }
    r->exited = 1;
    r->exit_status = (int)code;
    return 0;
}
#else
/*
 * Runs `fn` in a forked child whose stderr (where the default log method
 * writes) is a pipe the parent drains. If `fn` returns, the child exits with
 * CHILD_RETURNED. Returns 0 when the child was run and reaped.
 */
AKERR_UNUSED static int run_in_child(void (*fn)(void), struct child_result *r)
{
    int fds[2];
    memset(r, 0, sizeof(*r));
    fflush(NULL);
    if (pipe(fds) != 0) {
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        close(fds[1]);
        fn();
        _exit(CHILD_RETURNED);
    }
    close(fds[1]);
    size_t len = 0;
    for (;;) {
        ssize_t n = read(fds[0], r->output + len, sizeof(r->output) - 1 - len);
        if (n <= 0) {
            break;
        }
        len += (size_t)n;
        if (len == sizeof(r->output) - 1) {
            char sink[256]; /* keep draining so the child never blocks */
            while (read(fds[0], sink, sizeof(sink)) > 0) {
            }
            break;
        }
    }
    r->output[len] = '\0';
    close(fds[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) {
        return -1;
    }
    if (WIFEXITED(status)) {
        r->exited = 1;
        r->exit_status = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        r->signaled = WTERMSIG(status);
    }
    return 0;
}

#endif

#endif /* AKERR_TEST_CAPTURE_H */
