/*
 * Where there is no fork (Windows, the web), a test that must watch a
 * function end its process (tests/akerror/capture.h, run_in_child) runs its
 * own program again with the function named on the command line, and reads
 * the child's stderr from a pipe. The function is named by what the child
 * can turn back into the same function with no table of names: on Windows
 * its offset in the program's image (the same file, relocated as a whole;
 * child_windows.c), on the web its index in the module's function table
 * (the same module; child_web.c, through node's child_process).
 */
#ifndef AKGL_TEST_CHILD_RERUN_H
#define AKGL_TEST_CHILD_RERUN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Parent: runs this program again to call fn() with arg in the child's
 * test_child_arg (what a forked child would have inherited), its stderr
 * into out (outsize bytes, terminated; the rest is drained), and waits for
 * it. Returns 0 with *exit_code, or -1 when the child could not be run.
 */
int test_child_run(void (*fn)(void), int arg, char *out, size_t outsize,
                   unsigned long *exit_code);

/* Child: whether this process was started by test_child_run, and if so the
 * function to call and its argument. */
bool test_child_requested(void (**fn)(void), int *arg);

#endif /* AKGL_TEST_CHILD_RERUN_H */
