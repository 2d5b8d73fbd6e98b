/*
 * json_file_write: jansson's json_dump_file, but the file opened in binary
 * mode. json_dump_file opens it as text, and on Windows text mode writes
 * every '\n' as "\r\n": the generators' committed JSON (LF line ends) would
 * then differ from what a Windows build writes. Shared by the generators
 * in tools/ that write JSON with jansson.
 */
#ifndef AKGL_TOOLS_JSON_FILE_H
#define AKGL_TOOLS_JSON_FILE_H

#include <stdio.h>

#include <jansson.h>

/* As json_dump_file: 0 on success, -1 when the file cannot be opened,
 * written or closed. */
static inline int json_file_write(const json_t *root, const char *path, size_t flags)
{
    FILE *fp = fopen(path, "wb");
    if (fp == NULL) {
        return -1;
    }
    int written = json_dumpf(root, fp, flags);
    int closed = fclose(fp);
    return (written == 0 && closed == 0) ? 0 : -1;
}

#endif
