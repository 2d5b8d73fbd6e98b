/*
 * Tile layer data: CSV (a JSON array, or TMX's text), base64, and the three
 * compressions Tiled writes under base64 (zlib, gzip, zstd). Layer: assets.
 *
 * Every path decodes into a buffer of exactly the size the layer (or chunk)
 * says, so a stream that would write more is stopped at the boundary and
 * reported, never allowed to grow a buffer. Base64 has no library among our
 * dependencies (zlib and zstd do not provide one), so it is decoded here,
 * strictly; the compressed streams go through zlib and libzstd.
 */
#include "tilemap_private.h"

#include "json_private.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

/* ------------------------------------------------------------------------ */
/* base64                                                                   */
/* ------------------------------------------------------------------------ */

static int base64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    if (c == '+') {
        return 62;
    }
    if (c == '/') {
        return 63;
    }
    return -1;
}

static bool is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

akerr_ErrorContext *akgl_tilemap_base64_decode(const char *text, size_t len, uint8_t **dest,
                                               size_t *destlen)
{
    uint8_t *out = NULL;
    size_t n = 0;
    size_t pad = 0;
    uint32_t quad = 0;
    int inquad = 0;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, text, AKERR_NULLPOINTER, "base64: NULL text");
    /* Three bytes per four characters at most: whitespace only makes it smaller. */
    out = malloc(len / 4 * 3 + 3);
    FAIL_ZERO_RETURN(errctx, out, ENOMEM, "base64: cannot allocate %zu bytes", len / 4 * 3 + 3);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (is_space(c)) {
            continue;
        }
        if (c == '=') {
            /* Padding: only at the end of the last quad, at most two. */
            if (inquad < 2 || pad >= 2) {
                free(out);
                FAIL_RETURN(errctx, AKERR_FORMAT,
                            "base64: misplaced padding '=' at character %zu", i);
            }
            pad++;
            inquad++;
            quad <<= 6;
            if (inquad == 4) {
                out[n++] = (uint8_t)(quad >> 16);
                if (pad == 1) {
                    out[n++] = (uint8_t)(quad >> 8);
                }
                inquad = 0;
                quad = 0;
            }
            continue;
        }
        int v = base64_value(c);
        if (v < 0 || pad > 0) {
            free(out);
            if (v < 0) {
                FAIL_RETURN(errctx, AKERR_FORMAT,
                            "base64: character %zu (0x%02x) is not in the base64 alphabet", i, c);
            }
            FAIL_RETURN(errctx, AKERR_FORMAT, "base64: data after the padding at character %zu", i);
        }
        quad = (quad << 6) | (uint32_t)v;
        if (++inquad == 4) {
            out[n++] = (uint8_t)(quad >> 16);
            out[n++] = (uint8_t)(quad >> 8);
            out[n++] = (uint8_t)quad;
            inquad = 0;
            quad = 0;
        }
    }
    if (inquad != 0) {
        free(out);
        FAIL_RETURN(errctx, AKERR_FORMAT,
                    "base64: truncated: the text ends inside a group of four characters "
                    "(%d left over)", inquad);
    }
    *dest = out;
    *destlen = n;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Compressed streams                                                       */
/* ------------------------------------------------------------------------ */

/* zlib (windowbits 15) or gzip (15 + 16) into exactly `destlen` bytes. */
static akerr_ErrorContext *inflate_exact(const char *where, const char *kind, int windowbits,
                                         const uint8_t *src, size_t srclen, uint8_t *dest,
                                         size_t destlen)
{
    z_stream zs;
    uint8_t extra[1];
    size_t produced = 0;
    bool longer = false;
    PREPARE_ERROR(errctx);

    if (srclen > UINT_MAX || destlen > UINT_MAX) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: %s data of %zu bytes is too large", where,
                    kind, srclen);
    }
    memset(&zs, 0, sizeof(zs));
    if (inflateInit2(&zs, windowbits) != Z_OK) {
        FAIL_RETURN(errctx, ENOMEM, "%s: zlib cannot start a %s stream", where, kind);
    }
    zs.next_in = (Bytef *)src;
    zs.avail_in = (uInt)srclen;
    zs.next_out = dest;
    zs.avail_out = (uInt)destlen;
    int rc = inflate(&zs, Z_FINISH);
    produced = destlen - zs.avail_out;
    if (rc != Z_STREAM_END && zs.avail_out == 0) {
        /* The buffer is full and the stream has not ended: one more byte
         * tells "too long" from "only the stream's trailer was left". */
        zs.next_out = extra;
        zs.avail_out = sizeof(extra);
        rc = inflate(&zs, Z_FINISH);
        longer = zs.avail_out == 0;
    }
    uInt leftover = zs.avail_in;
    char msg[128];
    snprintf(msg, sizeof(msg), "%s",
             zs.msg != NULL ? zs.msg : (rc == Z_BUF_ERROR ? "truncated stream" : "bad stream"));
    inflateEnd(&zs);
    if (longer) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "%s: the %s data decompresses to more than the %zu bytes the size calls for",
                    where, kind, destlen);
    }
    if (rc != Z_STREAM_END) {
        FAIL_RETURN(errctx, AKERR_FORMAT, "%s: corrupt %s data: %s", where, kind, msg);
    }
    if (leftover != 0) {
        FAIL_RETURN(errctx, AKERR_FORMAT,
                    "%s: corrupt %s data: %u bytes after the end of the stream", where, kind,
                    leftover);
    }
    if (produced != destlen) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "%s: the %s data decompresses to %zu bytes, but the size calls for %zu",
                    where, kind, produced, destlen);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *zstd_exact(const char *where, const uint8_t *src, size_t srclen,
                                      uint8_t *dest, size_t destlen)
{
    PREPARE_ERROR(errctx);
    size_t rc = ZSTD_decompress(dest, destlen, src, srclen);
    if (ZSTD_isError(rc)) {
        if (ZSTD_getErrorCode(rc) == ZSTD_error_dstSize_tooSmall) {
            FAIL_RETURN(errctx, AKERR_VALUE,
                        "%s: the zstd data decompresses to more than the %zu bytes the size "
                        "calls for", where, destlen);
        }
        FAIL_RETURN(errctx, AKERR_FORMAT, "%s: corrupt zstd data: %s", where,
                    ZSTD_getErrorName(rc));
    }
    if (rc != destlen) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "%s: the zstd data decompresses to %zu bytes, but the size calls for %zu",
                    where, rc, destlen);
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* CSV                                                                      */
/* ------------------------------------------------------------------------ */

/* Numbers separated by commas; whitespace anywhere; one trailing comma allowed. */
static akerr_ErrorContext *decode_csv_text(const char *where, const char *text, uint32_t *cells,
                                           size_t count)
{
    size_t n = 0;
    const char *p = text;
    PREPARE_ERROR(errctx);

    for (;;) {
        while (is_space((unsigned char)*p)) {
            p++;
        }
        if (*p == '\0') {
            break;
        }
        if (*p < '0' || *p > '9') {
            FAIL_RETURN(errctx, AKERR_FORMAT,
                        "%s: CSV data: '%c' at character %zu is not part of a tile number",
                        where, *p, (size_t)(p - text));
        }
        uint64_t v = 0;
        const char *start = p;
        while (*p >= '0' && *p <= '9') {
            v = v * 10 + (uint64_t)(*p - '0');
            if (v > UINT32_MAX) {
                FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                            "%s: CSV data: the number at character %zu does not fit 32 bits",
                            where, (size_t)(start - text));
            }
            p++;
        }
        if (n < count) {
            cells[n] = (uint32_t)v;
        }
        n++;
        while (is_space((unsigned char)*p)) {
            p++;
        }
        if (*p == ',') {
            p++;
        } else if (*p != '\0') {
            FAIL_RETURN(errctx, AKERR_FORMAT,
                        "%s: CSV data: '%c' at character %zu where a comma belongs", where, *p,
                        (size_t)(p - text));
        }
    }
    if (n != count) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: the data holds %zu tiles, but the size calls for %zu",
                    where, n, count);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *decode_json_array(const char *where, json_t *data, uint32_t *cells,
                                             size_t count)
{
    PREPARE_ERROR(errctx);
    size_t n = json_array_size(data);
    if (n != count) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: the data holds %zu tiles, but the size calls for %zu",
                    where, n, count);
    }
    for (size_t i = 0; i < n; i++) {
        json_t *v = json_array_get(data, i);
        if (!json_is_integer(v)) {
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: data[%zu] is %s, wanted an integer", where, i,
                        akgl_json_type_name(v));
        }
        json_int_t x = json_integer_value(v);
        if (x < 0 || x > (json_int_t)UINT32_MAX) {
            FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: data[%zu] is %lld, outside 0..%u", where, i,
                        (long long)x, UINT32_MAX);
        }
        cells[i] = (uint32_t)x;
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The entry point                                                          */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *decode_base64_cells(const char *where, const char *compression,
                                               const char *text, uint32_t *cells, size_t count)
{
    uint8_t *raw = NULL;
    size_t rawlen = 0;
    uint8_t *bytes = NULL;
    size_t want = count * 4;
    PREPARE_ERROR(errctx);

    ATTEMPT {
        CATCH(errctx, akerr_prefix_message(akgl_tilemap_base64_decode(text, strlen(text), &raw,
                                                                      &rawlen), "%s", where));
        if (compression[0] == '\0') {
            FAIL_NONZERO_BREAK(errctx, rawlen != want, AKERR_VALUE,
                               "%s: the data decodes to %zu bytes, but the size calls for %zu "
                               "(%zu tiles of 4 bytes)", where, rawlen, want, count);
            bytes = raw;
        } else {
            bytes = malloc(want > 0 ? want : 1);
            FAIL_ZERO_BREAK(errctx, bytes, ENOMEM, "%s: cannot allocate %zu bytes", where, want);
            if (strcmp(compression, "zlib") == 0) {
                CATCH(errctx, inflate_exact(where, "zlib", 15, raw, rawlen, bytes, want));
            } else if (strcmp(compression, "gzip") == 0) {
                CATCH(errctx, inflate_exact(where, "gzip", 15 + 16, raw, rawlen, bytes, want));
            } else {
                CATCH(errctx, zstd_exact(where, raw, rawlen, bytes, want));
            }
        }
        /* Tiled stores each gid as four bytes, little-endian. */
        for (size_t i = 0; i < count; i++) {
            const uint8_t *b = bytes + i * 4;
            cells[i] = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
                       ((uint32_t)b[3] << 24);
        }
    } CLEANUP {
        if (bytes != raw) {
            free(bytes);
        }
        free(raw);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tilemap_decode_cells(const char *where, const char *encoding,
                                              const char *compression, json_t *data,
                                              uint32_t *cells, size_t count)
{
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, data, AKERR_KEY, "%s: no \"data\"", where);
    if (strcmp(encoding, "csv") != 0 && strcmp(encoding, "base64") != 0) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "%s: unknown encoding \"%s\" (akgl reads \"csv\" and \"base64\")", where,
                    encoding);
    }
    if (compression[0] != '\0' && strcmp(compression, "zlib") != 0 &&
        strcmp(compression, "gzip") != 0 && strcmp(compression, "zstd") != 0) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "%s: unknown compression \"%s\" (akgl reads none, \"zlib\", \"gzip\" and "
                    "\"zstd\")", where, compression);
    }
    if (strcmp(encoding, "csv") == 0) {
        if (compression[0] != '\0') {
            FAIL_RETURN(errctx, AKERR_VALUE,
                        "%s: compression \"%s\" with CSV data (Tiled compresses base64 only)",
                        where, compression);
        }
        if (json_is_array(data)) {
            PASS(errctx, decode_json_array(where, data, cells, count));
        } else if (json_is_string(data)) {
            PASS(errctx, decode_csv_text(where, json_string_value(data), cells, count));
        } else {
            FAIL_RETURN(errctx, AKERR_TYPE, "%s: \"data\" is %s, wanted an array of tile numbers",
                        where, akgl_json_type_name(data));
        }
        SUCCEED_RETURN(errctx);
    }
    if (!json_is_string(data)) {
        FAIL_RETURN(errctx, AKERR_TYPE, "%s: \"data\" is %s, wanted a base64 string", where,
                    akgl_json_type_name(data));
    }
    PASS(errctx, decode_base64_cells(where, compression, json_string_value(data), cells, count));
    SUCCEED_RETURN(errctx);
}
