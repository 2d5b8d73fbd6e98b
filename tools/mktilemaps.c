/*
 * akgl_mktilemaps: writes the encoded tilemap fixtures, which are
 * impractical to write by hand (base64 of compressed streams).
 *
 *   akgl_mktilemaps TILEMAPS_DIR     writes TILEMAPS_DIR/enc/ and the
 *                                    generated files of TILEMAPS_DIR/bad/
 *
 * enc/: one map in every encoding Tiled saves, in both formats, finite and
 * infinite:  {finite,infinite}_{csv,base64,zlib,gzip,zstd}.{tmj,tmx}
 *
 *   finite:   10 x 7 cells, cell (x, y) = (x + 3y) % 17 with the flip bits
 *             {none, H, V, D, H|V|D}[(7x + y) % 5] (0 stays 0)
 *   infinite: 16 x 16 chunks at (-16,-16), (16,-16), (-16,0) and (0,0);
 *             cell (x, y) = v = ((x + 64) * 5 + (y + 64) * 3) % 19, 0 when v > 16
 *
 * Every variant holds the same cells, so a test can hold each against the
 * CSV one. bad/: data that is corrupt or of the wrong length in each
 * compression (see tests/assets/tilemaps/README.md).
 *
 * zlib and libzstd compress deterministically at a fixed level, and gzip's
 * header gets no time stamp and a fixed system, so the same libraries write
 * the same bytes every time; the ctest test akgl_tilemap_fixtures checks the
 * committed files against a fresh run.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#define FIN_W 10
#define FIN_H 7
#define CHUNK 16

static const char *dir;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "akgl_mktilemaps: %s: %s\n", what, detail);
    exit(1);
}

/* ---- cells ---- */

static uint32_t finite_cell(int x, int y)
{
    static const uint32_t flips[] = {0, 0x80000000u, 0x40000000u, 0x20000000u, 0xE0000000u};
    uint32_t v = (uint32_t)((x + 3 * y) % 17);
    return v == 0 ? 0 : v | flips[(x * 7 + y) % 5];
}

static uint32_t infinite_cell(int x, int y)
{
    int v = ((x + 64) * 5 + (y + 64) * 3) % 19;
    return v > 16 ? 0 : (uint32_t)v;
}

static const int CHUNKS[4][2] = {{-16, -16}, {16, -16}, {-16, 0}, {0, 0}};

/* ---- encodings ---- */

typedef struct Buf
{
    char *p;
    size_t len, cap;
} Buf;

static void put(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (b->p == NULL) {
            die("realloc", "out of memory");
        }
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void puts_(Buf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void printf_(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void printf_(Buf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    put(b, tmp, (size_t)n);
}

static void base64(Buf *out, const unsigned char *in, size_t n)
{
    static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        if (i + 1 < n) {
            v |= (uint32_t)in[i + 1] << 8;
        }
        if (i + 2 < n) {
            v |= in[i + 2];
        }
        char q[4] = {A[(v >> 18) & 63], A[(v >> 12) & 63], i + 1 < n ? A[(v >> 6) & 63] : '=',
                     i + 2 < n ? A[v & 63] : '='};
        put(out, q, 4);
    }
}

/* Little-endian bytes of the cells. */
static unsigned char *cell_bytes(const uint32_t *cells, size_t n)
{
    unsigned char *b = malloc(n * 4 + 1);
    for (size_t i = 0; i < n; i++) {
        b[i * 4] = (unsigned char)cells[i];
        b[i * 4 + 1] = (unsigned char)(cells[i] >> 8);
        b[i * 4 + 2] = (unsigned char)(cells[i] >> 16);
        b[i * 4 + 3] = (unsigned char)(cells[i] >> 24);
    }
    return b;
}

static unsigned char *deflate_bytes(const unsigned char *in, size_t n, int windowbits,
                                    size_t *outlen)
{
    z_stream zs;
    memset(&zs, 0, sizeof(zs));
    if (deflateInit2(&zs, 6, Z_DEFLATED, windowbits, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        die("deflateInit2", "failed");
    }
    /* gzip's header names the system that wrote it, which zlib takes from
     * the platform it was built for (10 on Windows): said here, as Unix (3),
     * so every build writes the committed bytes. */
    gz_header gzip_header;
    memset(&gzip_header, 0, sizeof(gzip_header));
    gzip_header.os = 3;
    if (windowbits > 15 && deflateSetHeader(&zs, &gzip_header) != Z_OK) {
        die("deflateSetHeader", "failed");
    }
    size_t cap = deflateBound(&zs, (uLong)n) + 32;
    unsigned char *out = malloc(cap);
    zs.next_in = (Bytef *)in;
    zs.avail_in = (uInt)n;
    zs.next_out = out;
    zs.avail_out = (uInt)cap;
    if (deflate(&zs, Z_FINISH) != Z_STREAM_END) {
        die("deflate", "did not finish");
    }
    *outlen = cap - zs.avail_out;
    deflateEnd(&zs);
    return out;
}

/* The data text of `n` cells in `enc`: CSV, or base64 of the (compressed) bytes. */
static void encode(Buf *out, const char *enc, const uint32_t *cells, size_t n, int row)
{
    if (strcmp(enc, "csv") == 0) {
        for (size_t i = 0; i < n; i++) {
            printf_(out, "%u%s", cells[i], i + 1 == n ? "" : ((i + 1) % (size_t)row ? "," : ",\n"));
        }
        return;
    }
    unsigned char *raw = cell_bytes(cells, n);
    size_t len = n * 4;
    unsigned char *packed = raw;
    if (strcmp(enc, "zlib") == 0) {
        packed = deflate_bytes(raw, len, 15, &len);
    } else if (strcmp(enc, "gzip") == 0) {
        packed = deflate_bytes(raw, len, 15 + 16, &len);
    } else if (strcmp(enc, "zstd") == 0) {
        size_t cap = ZSTD_compressBound(len);
        packed = malloc(cap);
        len = ZSTD_compress(packed, cap, raw, n * 4, 3);
        if (ZSTD_isError(len)) {
            die("ZSTD_compress", ZSTD_getErrorName(len));
        }
    }
    base64(out, packed, len);
    if (packed != raw) {
        free(packed);
    }
    free(raw);
}

static const char *compression_of(const char *enc)
{
    return strcmp(enc, "csv") == 0 || strcmp(enc, "base64") == 0 ? "" : enc;
}

/* ---- files ---- */

static void write_file(const char *sub, const char *name, const Buf *b)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, name);
    FILE *fp = fopen(path, "wb");
    if (fp == NULL) {
        die("fopen", path);
    }
    if (fwrite(b->p, 1, b->len, fp) != b->len || fclose(fp) != 0) {
        die("write", path);
    }
}

static const char *JSON_TILESET =
    "  \"tilesets\":[\n"
    "        {\n"
    "         \"firstgid\":1,\n"
    "         \"name\":\"tiles\",\n"
    "         \"tilewidth\":8,\n"
    "         \"tileheight\":8,\n"
    "         \"tilecount\":16,\n"
    "         \"columns\":4,\n"
    "         \"image\":\"..\\/..\\/tiles_32x32_8.png\",\n"
    "         \"imagewidth\":32,\n"
    "         \"imageheight\":32,\n"
    "         \"margin\":0,\n"
    "         \"spacing\":0\n"
    "        }],\n";

static const char *TMX_TILESET =
    " <tileset firstgid=\"1\" name=\"tiles\" tilewidth=\"8\" tileheight=\"8\" tilecount=\"16\" "
    "columns=\"4\">\n"
    "  <image source=\"../../tiles_32x32_8.png\" width=\"32\" height=\"32\"/>\n"
    " </tileset>\n";

/* A JSON map with one tile layer; `data` is the layer's data (or chunks) members. */
static void json_map(Buf *b, bool infinite, int w, int h, const char *enc, const char *members)
{
    printf_(b, "{ \"type\":\"map\",\n  \"version\":\"1.10\",\n  \"tiledversion\":\"1.10.2\",\n"
               "  \"orientation\":\"orthogonal\",\n  \"renderorder\":\"right-down\",\n"
               "  \"width\":%d,\n  \"height\":%d,\n  \"tilewidth\":8,\n  \"tileheight\":8,\n"
               "  \"infinite\":%s,\n", w, h, infinite ? "true" : "false");
    puts_(b, JSON_TILESET);
    printf_(b, "  \"layers\":[\n        {\n         \"id\":1,\n         \"name\":\"cells\",\n"
               "         \"type\":\"tilelayer\",\n         \"x\":0,\n         \"y\":0,\n"
               "         \"width\":%d,\n         \"height\":%d,\n         \"opacity\":1,\n"
               "         \"visible\":true,\n", w, h);
    if (strcmp(enc, "csv") != 0) {
        printf_(b, "         \"encoding\":\"base64\",\n");
        if (compression_of(enc)[0] != '\0') {
            printf_(b, "         \"compression\":\"%s\",\n", enc);
        }
    }
    puts_(b, members);
    puts_(b, "        }],\n  \"nextlayerid\":2,\n  \"nextobjectid\":1\n}\n");
}

static void tmx_map(Buf *b, bool infinite, int w, int h, const char *enc, const char *data)
{
    printf_(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" "
               "tiledversion=\"1.10.2\" orientation=\"orthogonal\" renderorder=\"right-down\" "
               "width=\"%d\" height=\"%d\" tilewidth=\"8\" tileheight=\"8\" infinite=\"%d\" "
               "nextlayerid=\"2\" nextobjectid=\"1\">\n", w, h, infinite ? 1 : 0);
    puts_(b, TMX_TILESET);
    printf_(b, " <layer id=\"1\" name=\"cells\" width=\"%d\" height=\"%d\">\n", w, h);
    if (compression_of(enc)[0] != '\0') {
        printf_(b, "  <data encoding=\"base64\" compression=\"%s\">", enc);
    } else {
        printf_(b, "  <data encoding=\"%s\">", strcmp(enc, "csv") == 0 ? "csv" : "base64");
    }
    puts_(b, data);
    puts_(b, "</data>\n </layer>\n</map>\n");
}

/* Writes sub/name.tmj and sub/name.tmx: the finite map with its first
 * `ncells` cells in `enc`, the data text passed through `mangle` if given. */
static void write_finite(const char *enc, const char *sub, const char *name, size_t ncells,
                         void (*mangle)(Buf *))
{
    uint32_t cells[FIN_W * FIN_H + FIN_W];
    for (size_t i = 0; i < ncells; i++) {
        cells[i] = finite_cell((int)(i % FIN_W), (int)(i / FIN_W) % FIN_H);
    }
    Buf data = {0}, members = {0}, out = {0}, text = {0};
    encode(&data, enc, cells, ncells, FIN_W);
    if (mangle != NULL) {
        mangle(&data);
    }
    char file[256];
    if (strcmp(enc, "csv") == 0) {
        printf_(&members, "         \"data\":[");
        puts_(&members, data.p);
        puts_(&members, "]\n");
    } else {
        printf_(&members, "         \"data\":\"");
        puts_(&members, data.p);
        puts_(&members, "\"\n");
    }
    json_map(&out, false, FIN_W, FIN_H, enc, members.p);
    snprintf(file, sizeof(file), "%s.tmj", name);
    write_file(sub, file, &out);
    out.len = 0;
    puts_(&text, "\n");
    puts_(&text, data.p);
    puts_(&text, "\n  ");
    tmx_map(&out, false, FIN_W, FIN_H, enc, text.p);
    snprintf(file, sizeof(file), "%s.tmx", name);
    write_file(sub, file, &out);
    free(data.p);
    free(members.p);
    free(out.p);
    free(text.p);
}

static void write_infinite(const char *enc)
{
    Buf members = {0}, tmx = {0}, out = {0};
    char file[256];
    puts_(&members, "         \"startx\":-16,\n         \"starty\":-16,\n         \"chunks\":[\n");
    puts_(&tmx, "\n");
    for (int c = 0; c < 4; c++) {
        uint32_t cells[CHUNK * CHUNK];
        int cx = CHUNKS[c][0], cy = CHUNKS[c][1];
        for (int i = 0; i < CHUNK * CHUNK; i++) {
            cells[i] = infinite_cell(cx + i % CHUNK, cy + i / CHUNK);
        }
        Buf data = {0};
        encode(&data, enc, cells, CHUNK * CHUNK, CHUNK);
        if (strcmp(enc, "csv") == 0) {
            puts_(&members, "                {\n                 \"data\":[");
            puts_(&members, data.p);
            puts_(&members, "],\n");
        } else {
            puts_(&members, "                {\n                 \"data\":\"");
            puts_(&members, data.p);
            puts_(&members, "\",\n");
        }
        printf_(&members, "                 \"height\":16,\n                 \"width\":16,\n"
                          "                 \"x\":%d,\n                 \"y\":%d\n                }%s\n",
                cx, cy, c == 3 ? "]" : ",");
        printf_(&tmx, "   <chunk x=\"%d\" y=\"%d\" width=\"16\" height=\"16\">\n", cx, cy);
        puts_(&tmx, data.p);
        puts_(&tmx, "\n</chunk>\n");
        free(data.p);
    }
    puts_(&tmx, "  ");
    /* Tiled's own habit: the layer's size is the chunks' bounding box. */
    json_map(&out, true, 48, 32, enc, members.p);
    snprintf(file, sizeof(file), "infinite_%s.tmj", enc);
    write_file("enc", file, &out);
    out.len = 0;
    tmx_map(&out, true, 48, 32, enc, tmx.p);
    snprintf(file, sizeof(file), "infinite_%s.tmx", enc);
    write_file("enc", file, &out);
    free(members.p);
    free(tmx.p);
    free(out.p);
}

/* ---- the corrupt variants ---- */

/* Replaces base64 text with that of `bytes`: a stream's first `keep` bytes,
 * then garbage (0xff: a reserved deflate block type, a bad zstd header). */
static void garble(Buf *b, size_t keep)
{
    unsigned char bytes[64];
    size_t n = 0;
    /* decode the kept prefix from the text we have */
    static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    uint32_t v = 0;
    int bits = 0;
    for (size_t i = 0; i < b->len && n < keep; i++) {
        const char *p = strchr(A, b->p[i]);
        if (p == NULL || b->p[i] == '\0') {
            break;
        }
        v = (v << 6) | (uint32_t)(p - A);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes[n++] = (unsigned char)(v >> bits);
        }
    }
    while (n < sizeof(bytes)) {
        bytes[n++] = 0xff;
    }
    b->len = 0;
    base64(b, bytes, sizeof(bytes));
}

static void garble_zlib(Buf *b) { garble(b, 2); }  /* keep the 2-byte zlib header */
static void garble_gzip(Buf *b) { garble(b, 10); } /* keep the 10-byte gzip header */
static void garble_zstd(Buf *b) { garble(b, 4); }  /* keep the magic number */

/* The stream cut in half (whole base64 groups, so the base64 stays valid). */
static void truncate_half(Buf *b)
{
    b->len = (b->len / 2) / 4 * 4;
    b->p[b->len] = '\0';
}

/* One character short: base64 that ends inside a group of four. */
static void drop_last(Buf *b)
{
    b->len--;
    b->p[b->len] = '\0';
}

/* A character outside the base64 alphabet. */
static void bad_char(Buf *b)
{
    b->p[5] = '*';
}

int main(int argc, char **argv)
{
    static const char *const encodings[] = {"csv", "base64", "zlib", "gzip", "zstd"};
    if (argc != 2) {
        fprintf(stderr, "usage: akgl_mktilemaps TILEMAPS_DIR\n");
        return 2;
    }
    dir = argv[1];
    for (size_t e = 0; e < sizeof(encodings) / sizeof(encodings[0]); e++) {
        char name[64];
        snprintf(name, sizeof(name), "finite_%s", encodings[e]);
        write_finite(encodings[e], "enc", name, FIN_W * FIN_H, NULL);
        write_infinite(encodings[e]);
    }
    write_finite("zlib", "bad", "zlib_corrupt", FIN_W * FIN_H, garble_zlib);
    write_finite("gzip", "bad", "gzip_corrupt", FIN_W * FIN_H, garble_gzip);
    write_finite("zstd", "bad", "zstd_corrupt", FIN_W * FIN_H, garble_zstd);
    write_finite("zlib", "bad", "zlib_truncated", FIN_W * FIN_H, truncate_half);
    write_finite("zlib", "bad", "zlib_short", FIN_W * FIN_H - 1, NULL);
    write_finite("gzip", "bad", "gzip_long", FIN_W * FIN_H + 1, NULL);
    write_finite("zstd", "bad", "zstd_long", FIN_W * FIN_H + 1, NULL);
    write_finite("zstd", "bad", "zstd_short", FIN_W * FIN_H - 1, NULL);
    write_finite("base64", "bad", "base64_short", FIN_W * FIN_H - 1, NULL);
    write_finite("base64", "bad", "base64_truncated", FIN_W * FIN_H, drop_last);
    write_finite("base64", "bad", "base64_badchar", FIN_W * FIN_H, bad_char);
    write_finite("csv", "bad", "csv_long", FIN_W * FIN_H + 1, NULL);
    return 0;
}
