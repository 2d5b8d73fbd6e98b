/*
 * What child_rerun.h says: a death test's child process on the web, where
 * the tests run under node. The child is node running this program's script
 * again (child_process.spawnSync, which waits), with the function's index in
 * the module's function table on its command line: the same module, so the
 * same table, so the same function.
 */
#include "child_rerun.h"

#include <emscripten.h>
#include <stdint.h>
#include <stdlib.h>

#define CHILD_FLAG "--akgl-test-child="

/* The JavaScript halves (EM_JS: EM_ASM needs the GNU dialect, and the tests
 * are C11). */

/* Runs node on this script again with flag<index>:<arg>, waits, copies its
 * stderr into out (outsize bytes, terminated); its exit status, or -1 when
 * it was not run or was killed by a signal. */
EM_JS(int, child_spawn_, (const char *flag, int index, int arg, char *out, int outsize), {
    var child = require('child_process').spawnSync(
        process.execPath, [process.argv[1], UTF8ToString(flag) + index + ':' + arg],
        {stdio: ['ignore', 'inherit', 'pipe'], env: process.env});
    if (child.error || child.status === null) {
        return -1;
    }
    var bytes = child.stderr.subarray(0, outsize - 1);
    HEAPU8.set(bytes, out);
    HEAPU8[out + bytes.length] = 0;
    return child.status;
});

/* What follows flag on this process's command line, into request (size
 * bytes, terminated): 1, or 0 when the flag is not there. */
EM_JS(int, child_request_, (const char *flag, char *request, int size), {
    var prefix = UTF8ToString(flag);
    var found = process.argv.find(function (a) { return a.startsWith(prefix); });
    if (found === undefined) {
        return 0;
    }
    stringToUTF8(found.substring(prefix.length), request, size);
    return 1;
});

/* The runtime's helpers the JavaScript above calls, linked in for it. */
EM_JS_DEPS(akgl_test_child, "$UTF8ToString,$stringToUTF8");

int test_child_run(void (*fn)(void), int arg, char *out, size_t outsize,
                   unsigned long *exit_code)
{
    if (outsize == 0 || outsize > INT32_MAX) {
        return -1;
    }
    out[0] = '\0';
    int status = child_spawn_(CHILD_FLAG, (int)(uintptr_t)fn, arg, out, (int)outsize);
    if (status < 0) {
        return -1;
    }
    *exit_code = (unsigned long)status;
    return 0;
}

bool test_child_requested(void (**fn)(void), int *arg)
{
    char request[64];
    if (!child_request_(CHILD_FLAG, request, (int)sizeof(request))) {
        return false;
    }
    char *end = NULL;
    unsigned long index = strtoul(request, &end, 10);
    if (end == NULL || *end != ':') {
        return false;
    }
    *arg = (int)strtol(end + 1, NULL, 10);
    *fn = (void (*)(void))(uintptr_t)index;
    return true;
}
