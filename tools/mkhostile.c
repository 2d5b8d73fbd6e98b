/*
 * akgl_mkhostile DIR: writes the hostile files of the reliability table
 * (tests/akgl/test_hostile.c, docs/19-reliability.md) into DIR.
 *
 * They are generated, not committed: some are large (a 200 MB JSON file, a
 * PNG just over the 64 MiB image cap), and all of them are simpler to read
 * as the few lines below than as files. Deterministic: the same bytes on
 * every run. PNGs are written with libpng, JSON with stdio.
 */
#define _XOPEN_SOURCE 700 /* truncate */

#include <akgl/limits.h>

#include "sound_fixture.h" /* tests/akgl: WAV by hand, Ogg through libvorbisenc */
#include "test_platform.h" /* tests/support: mkdir and symlink on Windows too */

#include <errno.h>
#include <png.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

static const char *dir;

static void die(const char *what, const char *name)
{
    fprintf(stderr, "akgl_mkhostile: %s: %s: %s\n", what, name, strerror(errno));
    exit(1);
}

static FILE *create(const char *name)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *fp = fopen(path, "wb");
    if (fp == NULL) {
        die("cannot create", path);
    }
    return fp;
}

static void done(FILE *fp, const char *name)
{
    if (ferror(fp) || fclose(fp) != 0) {
        die("cannot write", name);
    }
}

__attribute__((format(printf, 2, 3))) static void text(const char *name, const char *fmt, ...)
{
    FILE *fp = create(name);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(fp, fmt, ap);
    va_end(ap);
    done(fp, name);
}

/* A valid PNG of w x h, 1-bit grey (all black): large sides, small files.
 * header_only: 8-bit RGBA, cut off after its first row (a tiny, truncated
 * file whose header is whole). pad_to: trailing zero bytes up to that size. */
static void png(const char *name, unsigned w, unsigned h, bool header_only, long pad_to)
{
    FILE *fp = create(name);
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    if (p == NULL || info == NULL || setjmp(png_jmpbuf(p)) != 0) {
        fprintf(stderr, "akgl_mkhostile: libpng failed writing %s\n", name);
        exit(1);
    }
    png_init_io(p, fp);
    /* Small IDAT chunks, so the cut-off file holds some (libpng writes one
     * when its buffer fills). */
    png_set_compression_buffer_size(p, 64);
    png_set_user_limits(p, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(p, info, w, h, header_only ? 8 : 1,
                 header_only ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(p, info);
    if (header_only) {
        /* 16 rows of the image's 30000, then stop: the file ends in its
         * first IDAT chunks: two kilobytes that promise 3.6 GB. */
        png_bytep row = calloc((size_t)w * 4, 1);
        if (row == NULL) {
            die("out of memory", name);
        }
        for (int y = 0; y < 16; y++) {
            png_write_row(p, row);
        }
        png_write_flush(p); /* zlib's output so far, into IDAT chunks */
        free(row);
    } else {
        png_bytep row = calloc((w + 7) / 8, 1);
        if (row == NULL) {
            die("out of memory", name);
        }
        png_set_filter(p, 0, PNG_FILTER_NONE);
        for (unsigned y = 0; y < h; y++) {
            png_write_row(p, row);
        }
        png_write_end(p, NULL);
        free(row);
    }
    png_destroy_write_struct(&p, &info);
    /* Trailing bytes after IEND: decoders ignore them; the size cap does not. */
    for (long at = ftell(fp); at < pad_to; at++) {
        fputc(0, fp);
    }
    done(fp, name);
}

static void sprite(const char *name, const char *sheet, int w, int h)
{
    text(name,
         "{\"spritesheet\": {\"filename\": \"%s\", \"frame_width\": 1, \"frame_height\": 1},\n"
         " \"name\": \"%s\", \"width\": %d, \"height\": %d, \"speed\": 0,\n"
         " \"loop\": false, \"loopReverse\": false, \"frames\": [200]}\n",
         sheet, name, w, h);
}

/* {"properties": {"p0": "v", ... n of them}, "x": [0, ... fill of them]},
 * padded with spaces to at least pad bytes. */
static void properties(const char *name, long n, long fill, int keylen, long pad)
{
    FILE *fp = create(name);
    long written = fprintf(fp, "{\"properties\": {");
    for (long i = 0; i < n; i++) {
        written += fprintf(fp, "%s\"p%ld\": \"v\"", i ? ", " : "", i);
    }
    if (keylen > 0) {
        written += fprintf(fp, "%s\"", n ? ", " : "");
        for (int i = 0; i < keylen; i++) {
            fputc('k', fp);
        }
        written += keylen + fprintf(fp, "\": \"v\"");
    }
    written += fprintf(fp, "}, \"x\": [");
    for (long i = 0; i < fill; i++) {
        written += fprintf(fp, i ? ",0" : "0");
    }
    written += fprintf(fp, "]}");
    for (; written < pad; written++) {
        fputc(' ', fp);
    }
    done(fp, name);
}

/* {"properties": {}, "x": [{}, {}, ...]} with `objects` empty objects: each
 * costs jansson an object and its hash table's buckets, some hundred bytes
 * for three of the file's, so the parse outgrows AKGL_JSON_MAX_PARSE_MEMORY
 * long before the file reaches AKGL_JSON_MAX_FILE_SIZE, with 32-bit
 * pointers (the web's) as with 64-bit ones. */
static void empty_objects(const char *name, long objects)
{
    FILE *fp = create(name);
    fprintf(fp, "{\"properties\": {}, \"x\": [");
    for (long i = 0; i < objects; i++) {
        fputs(i ? ",{}" : "{}", fp);
    }
    fprintf(fp, "]}");
    done(fp, name);
}

/* {"properties": {}, "x": [[[...]]]} with `arrays` nested arrays. */
static void nested(const char *name, int arrays)
{
    FILE *fp = create(name);
    fprintf(fp, "{\"properties\": {}, \"x\": ");
    for (int i = 0; i < arrays; i++) {
        fputc('[', fp);
    }
    for (int i = 0; i < arrays; i++) {
        fputc(']', fp);
    }
    fprintf(fp, "}");
    done(fp, name);
}

static void character(const char *name, long mappings)
{
    FILE *fp = create(name);
    fprintf(fp, "{\"name\": \"%s\", \"speedtime\": 1, \"speed_x\": 1, \"speed_y\": 1,\n"
                " \"acceleration_x\": 1, \"acceleration_y\": 1, \"sprite_mappings\": [",
            name);
    for (long i = 0; i < mappings; i++) {
        fprintf(fp, "%s{\"state\": [\"AKGL_ACTOR_STATE_ALIVE\"], \"sprite\": \"s\"}",
                i ? "," : "");
    }
    fprintf(fp, "]}");
    done(fp, name);
}

/* "[1,1,1,...]" of exactly `bytes` bytes (a space before "]" when the
 * count needs one). */
static void int_array(const char *name, long bytes)
{
    FILE *fp = create(name);
    static char chunk[1 << 20];
    for (size_t i = 0; i < sizeof(chunk); i += 2) {
        chunk[i] = '1';
        chunk[i + 1] = ',';
    }
    long inner = bytes - 2;
    long pairs = (inner - 1) / 2; /* "1," pairs before the last "1" */
    fputc('[', fp);
    for (long left = pairs * 2; left > 0;) {
        long n = left > (long)sizeof(chunk) ? (long)sizeof(chunk) : left;
        fwrite(chunk, 1, (size_t)n, fp);
        left -= n;
    }
    fputc('1', fp);
    if ((inner - 1) % 2 != 0) {
        fputc(' ', fp);
    }
    fputc(']', fp);
    done(fp, name);
}

/* `head`, then zeros up to `size` bytes: a sparse file, so one byte over a
 * cap of hundreds of megabytes costs no disk and no time. The loaders refuse
 * it from its size before reading it, so only the size matters. */
static void sparse(const char *name, const char *head, long size)
{
    char path[4096];
    text(name, "%s", head);
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (truncate(path, size) != 0) {
        die("cannot extend", path);
    }
}

/* ---- Whole-map budgets: small files that ask for a great deal ---- */

/* base64 of `len` bytes, malloc'd. */
static char *base64(const unsigned char *in, size_t len)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc((len + 2) / 3 * 4 + 1);
    size_t o = 0;
    if (out == NULL) {
        die("out of memory", "base64");
    }
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned)in[i] << 16 | (i + 1 < len ? (unsigned)in[i + 1] << 8 : 0) |
                     (i + 2 < len ? in[i + 2] : 0);
        out[o++] = abc[v >> 18 & 63];
        out[o++] = abc[v >> 12 & 63];
        out[o++] = i + 1 < len ? abc[v >> 6 & 63] : '=';
        out[o++] = i + 2 < len ? abc[v & 63] : '=';
    }
    out[o] = '\0';
    return out;
}

#define MAP_HEAD \
    "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": %d, \"height\": %d, " \
    "\"tilewidth\": 16, \"tileheight\": 16, \"infinite\": %s, \"layers\": [\n"

/* 1024 layers of 4096 x 4096, each the zstd of its 64 MiB of zeros (about
 * 2 KB as base64): a 3 MB .tmj asking for 64 GiB of cells. */
static void zstd_layers(const char *name)
{
    size_t cells = 4096u * 4096u * sizeof(unsigned);
    unsigned char *zeros = calloc(cells, 1);
    size_t bound = ZSTD_compressBound(cells);
    unsigned char *packed = malloc(bound);
    if (zeros == NULL || packed == NULL) {
        die("out of memory", name);
    }
    size_t n = ZSTD_compress(packed, bound, zeros, cells, 19);
    if (ZSTD_isError(n)) {
        fprintf(stderr, "akgl_mkhostile: %s: %s\n", name, ZSTD_getErrorName(n));
        exit(1);
    }
    char *data = base64(packed, n);
    FILE *fp = create(name);
    fprintf(fp, MAP_HEAD, 4096, 4096, "false");
    for (int i = 0; i < AKGL_TILEMAP_MAX_LAYERS; i++) {
        fprintf(fp, "%s{\"type\": \"tilelayer\", \"id\": %d, \"name\": \"l%d\", "
                "\"width\": 4096, \"height\": 4096, \"encoding\": \"base64\", "
                "\"compression\": \"zstd\", \"data\": \"%s\"}\n", i ? "," : "", i + 1, i, data);
    }
    fprintf(fp, "]}\n");
    done(fp, name);
    free(data);
    free(packed);
    free(zeros);
}

/* 1024 infinite layers, each two 1x1 chunks at opposite corners of a box
 * from (lo, lo) to (hi, hi): stored by their bounding boxes, 4096 x 4096
 * asked for 64 GiB; stored by their chunks, 2048 cells. */
static void sparse_layers(const char *name, long lo, long hi)
{
    FILE *fp = create(name);
    fprintf(fp, MAP_HEAD, 0, 0, "true");
    for (int i = 0; i < AKGL_TILEMAP_MAX_LAYERS; i++) {
        fprintf(fp, "%s{\"type\": \"tilelayer\", \"id\": %d, \"name\": \"l%d\", "
                "\"chunks\": [{\"x\": %ld, \"y\": %ld, \"width\": 1, \"height\": 1, "
                "\"data\": [0]}, {\"x\": %ld, \"y\": %ld, \"width\": 1, \"height\": 1, "
                "\"data\": [0]}]}\n", i ? "," : "", i + 1, i, lo, lo, hi, hi);
    }
    fprintf(fp, "]}\n");
    done(fp, name);
}

/*
 * The asset root (akgl_file_set_root): the test loads these with DIR/root
 * as the root. Maps inside it name files outside it: a tileset by "..", a
 * tileset by an absolute path (/etc/passwd), a tileset through a symbolic
 * link that leads out, a .tsx tileset by "..", and a tileset image by "..".
 * The files they name exist (/etc/passwd aside, which any system has), so
 * only the root refuses them.
 */
#define ROOT_MAP_HEAD \
    "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": 1, \"height\": 1, " \
    "\"tilewidth\": 16, \"tileheight\": 16, \"infinite\": false, \"layers\": [], " \
    "\"tilesets\": [%s]}\n"
#define ROOT_TILESET \
    "\"name\": \"t\", \"tilewidth\": 16, \"tileheight\": 16, \"tilecount\": 72, " \
    "\"columns\": 12, \"image\": \"%s\", \"imagewidth\": 192, \"imageheight\": 96"

static void root_escapes(void)
{
    char path[4096], target[4096];
    snprintf(path, sizeof(path), "%s/root", dir);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        die("cannot make", path);
    }
    text("root_outside.tsj", "{\"type\": \"tileset\", " ROOT_TILESET "}\n", "sheet_192x96.png");
    text("root_outside.tsx", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<tileset version=\"1.10\" name=\"t\" tilewidth=\"16\" tileheight=\"16\" "
         "tilecount=\"72\" columns=\"12\">\n <image source=\"sheet_192x96.png\" "
         "width=\"192\" height=\"96\"/>\n</tileset>\n");
    text("root/escape_dotdot.tmj", ROOT_MAP_HEAD,
         "{\"firstgid\": 1, \"source\": \"../root_outside.tsj\"}");
    text("root/escape_absolute.tmj", ROOT_MAP_HEAD,
         "{\"firstgid\": 1, \"source\": \"/etc/passwd\"}");
    text("root/escape_link.tmj", ROOT_MAP_HEAD, "{\"firstgid\": 1, \"source\": \"link.tsj\"}");
    snprintf(path, sizeof(path), "%s/root/link.tsj", dir);
    snprintf(target, sizeof(target), "../root_outside.tsj");
    if (unlink(path) != 0 && errno != ENOENT) {
        die("cannot replace", path);
    }
    if (test_symlink(target, path) != 0) {
#ifdef _WIN32
        /* Windows lets only developer mode or an administrator make a link
         * (and Wine none): akgl_hostile then skips the row that reads
         * through it. */
        fprintf(stderr, "mkhostile: no symbolic link at %s\n", path);
#else
        die("cannot link", path);
#endif
    }
    text("root/escape_tsx.tmx", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<map version=\"1.10\" orientation=\"orthogonal\" renderorder=\"right-down\" "
         "width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n"
         " <tileset firstgid=\"1\" source=\"../root_outside.tsx\"/>\n</map>\n");
    text("root/escape_image.tmj", ROOT_MAP_HEAD,
         "{\"firstgid\": 1, \"name\": \"t\", \"tilewidth\": 16, \"tileheight\": 16, "
         "\"tilecount\": 72, \"columns\": 12, \"image\": \"../sheet_192x96.png\", "
         "\"imagewidth\": 192, \"imageheight\": 96}");
}

/* A template of 1024 properties, used by 65536 objects: 64 Mi properties
 * copied, about 8 GB, from 3 MB. */
static void template_objects(const char *name, const char *tj)
{
    FILE *fp = create(tj);
    fprintf(fp, "{\"type\": \"template\", \"object\": {\"name\": \"t\", \"properties\": [");
    for (int i = 0; i < AKGL_TILEMAP_MAX_PROPERTIES; i++) {
        fprintf(fp, "%s{\"name\": \"p%d\", \"type\": \"int\", \"value\": %d}", i ? ", " : "",
                i, i);
    }
    fprintf(fp, "]}}\n");
    done(fp, tj);
    fp = create(name);
    fprintf(fp, MAP_HEAD, 1, 1, "false");
    fprintf(fp, "{\"type\": \"objectgroup\", \"id\": 1, \"name\": \"o\", \"objects\": [\n");
    for (int i = 0; i < AKGL_TILEMAP_MAX_OBJECTS; i++) {
        fprintf(fp, "%s{\"id\": %d, \"template\": \"%s\"}\n", i ? "," : "", i + 1, tj);
    }
    fprintf(fp, "]}]}\n");
    done(fp, name);
}

/* Entities that expand a 2 KB .tmx into 20 MB of property text. */
static void entities(const char *name)
{
    FILE *fp = create(name);
    fprintf(fp, "<?xml version=\"1.0\"?>\n<!DOCTYPE map [\n <!ENTITY a \"");
    for (int i = 0; i < 1000; i++) {
        fputc('x', fp);
    }
    fprintf(fp, "\">\n <!ENTITY b \"");
    for (int i = 0; i < 100; i++) {
        fprintf(fp, "&a;");
    }
    fprintf(fp, "\">\n]>\n<map version=\"1.10\" orientation=\"orthogonal\" width=\"1\" "
                "height=\"1\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n"
                " <properties>\n");
    for (int p = 0; p < 20; p++) {
        fprintf(fp, "  <property name=\"p%d\" value=\"", p);
        for (int i = 0; i < 10; i++) {
            fprintf(fp, "&b;");
        }
        fprintf(fp, "\"/>\n");
    }
    fprintf(fp, " </properties>\n</map>\n");
    done(fp, name);
}

/* A .tmx naming one 3 MB .tsx (16384 tiles, each animated over 4 frames)
 * 256 times: read and built 256 times, 850 MB of text and 256 x 16384
 * animations; once, 3 MB. No custom properties: SDL's registry of
 * properties sets keeps the size it grows to, which the table's counters
 * would see. */
static void tileset_refs(const char *name, const char *tsx, const char *png_name)
{
    FILE *fp = create(tsx);
    fprintf(fp, "<?xml version=\"1.0\"?>\n<tileset version=\"1.10\" name=\"big\" "
                "tilewidth=\"1\" tileheight=\"1\" tilecount=\"16384\" columns=\"192\">\n"
                " <image source=\"%s\" width=\"192\" height=\"96\"/>\n", png_name);
    for (int i = 0; i < 16384; i++) {
        fprintf(fp, " <tile id=\"%d\"><animation>", i);
        for (int f = 0; f < 4; f++) {
            fprintf(fp, "<frame tileid=\"%d\" duration=\"100\"/>", (i + f) % 16384);
        }
        fprintf(fp, "</animation></tile>\n");
    }
    fprintf(fp, "</tileset>\n");
    done(fp, tsx);
    fp = create(name);
    fprintf(fp, "<?xml version=\"1.0\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" "
                "width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n");
    for (int i = 0; i < AKGL_TILEMAP_MAX_TILESETS; i++) {
        fprintf(fp, " <tileset firstgid=\"%d\" source=\"%s\"/>\n", 1 + 16384 * i, tsx);
    }
    fprintf(fp, " <layer id=\"1\" name=\"l\" width=\"1\" height=\"1\">\n"
                "  <data encoding=\"csv\">%d</data>\n </layer>\n</map>\n",
            16384 * (AKGL_TILEMAP_MAX_TILESETS - 1) + 2);
    done(fp, name);
}

/* Text for akgl_text_draw: `bytes` letters, every `every`-th of them (0:
 * none) replaced by `sep`, never the last. */
static void letters(const char *name, long bytes, long every, char sep)
{
    FILE *fp = create(name);
    for (long i = 0; i < bytes; i++) {
        bool cut = every > 0 && (i + 1) % every == 0 && i + 1 < bytes;
        fputc(cut ? sep : 'a' + (int)(i % 26), fp);
    }
    done(fp, name);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: akgl_mkhostile DIR\n");
        return 2;
    }
    dir = argv[1];
    /* Defect 1: a valid PNG declaring 30000 x 30000, and a tiny one. */
    png("png_30000.png", 30000, 30000, false, 0);
    sprite("sprite_png_30000.json", "png_30000.png", 16, 16);
    png("png_30000_header.png", 30000, 30000, true, 0);
    sprite("sprite_png_30000_header.json", "png_30000_header.png", 16, 16);
    /* Image caps: one pixel past the largest side the software renderer
     * takes, one pixel row past the pixel budget, one byte past the file cap. */
    png("png_16385x1.png", 16385, 1, false, 0);
    sprite("sprite_png_16385x1.json", "png_16385x1.png", 16, 1);
    png("png_4097x4096.png", 4097, 4096, false, 0);
    sprite("sprite_png_4097x4096.json", "png_4097x4096.png", 16, 16);
    png("png_file_cap_plus_1.png", 16, 16, false, (long)AKGL_IMAGE_MAX_FILE_SIZE + 1);
    sprite("sprite_png_file_cap_plus_1.json", "png_file_cap_plus_1.png", 16, 16);
    /* Defect 5: sizes that overflowed the frame maths, and one past the cap. */
    png("sheet_192x96.png", 192, 96, false, 0);
    sprite("sprite_height_int_max.json", "sheet_192x96.png", 1, 2147483647);
    sprite("sprite_width_4097.json", "sheet_192x96.png", AKGL_SPRITE_MAX_SIZE + 1, 16);
    sprite("sprite_height_4097.json", "sheet_192x96.png", 16, AKGL_SPRITE_MAX_SIZE + 1);
    /* Defect 6: the 200 MB array of ints, a file one byte over the JSON cap
     * (and one at it), a parse that needs more memory than its budget. */
    int_array("json_200mb.json", 200L * 1024 * 1024);
    properties("properties_file_cap.json", 1, 0, 0, AKGL_JSON_MAX_FILE_SIZE);
    properties("properties_file_cap_plus_1.json", 1, 0, 0, AKGL_JSON_MAX_FILE_SIZE + 1L);
    empty_objects("properties_parse_memory.json", 300000);
    /* Values: root, "properties", "x" and its elements: at the cap and over. */
    properties("properties_values_cap.json", 0, AKGL_JSON_MAX_VALUES - 3, 0, 0);
    properties("properties_values_cap_plus_1.json", 0, AKGL_JSON_MAX_VALUES - 2, 0, 0);
    /* Keys: 10,000 characters (the issue), at the cap and one over. */
    properties("properties_key_10000.json", 0, 0, 10000, 0);
    properties("properties_key_cap.json", 0, 0, AKGL_JSON_MAX_KEY_LENGTH, 0);
    properties("properties_key_cap_plus_1.json", 0, 0, AKGL_JSON_MAX_KEY_LENGTH + 1, 0);
    /* Depth: the root object and `n` arrays. */
    nested("properties_depth_cap.json", AKGL_JSON_MAX_DEPTH - 1);
    nested("properties_depth_cap_plus_1.json", AKGL_JSON_MAX_DEPTH);
    /* Counts: a million properties or mappings (the issue), and one over each cap. */
    properties("properties_million.json", 1000000, 0, 0, 0);
    properties("properties_count_cap.json", AKGL_PROPERTIES_MAX_COUNT, 0, 0, 0);
    properties("properties_count_cap_plus_1.json", AKGL_PROPERTIES_MAX_COUNT + 1, 0, 0, 0);
    character("character_million.json", 1000000);
    character("character_mappings_cap_plus_1.json", AKGL_CHARACTER_MAX_MAPPINGS + 1);
    /* Files the loaders read whole: one byte over each cap (a sound named
     * by a bank; a font; a TMX map). */
    sparse("sound_file_cap_plus_1.wav", "RIFF\xff\xff\xff\xffWAVE",
           (long)AKGL_SOUND_MAX_FILE_SIZE + 1);
    text("sound_file_cap_plus_1.json",
         "{\"sounds\": [{\"name\": \"big\", \"file\": \"sound_file_cap_plus_1.wav\"}]}\n");
    sparse("font_file_cap_plus_1.ttf", "", (long)AKGL_FONT_MAX_FILE_SIZE + 1);
    sparse("tilemap_file_cap_plus_1.tmx", "<?xml version=\"1.0\"?>\n<map ",
           (long)AKGL_TILEMAP_MAX_FILE_SIZE + 1);
    /* Numbers: an Ogg file of ~20 KB whose headers say 384 kHz and whose
     * last page says 599 s (230,016,000 frames, 1.84 GB of float stereo):
     * five seconds of a tone at 48 kHz, over several pages. */
    {
        char path[4096];
        static const fx_tone tone = {0.5f, 440.0f, 48000};
        snprintf(path, sizeof(path), "%s/%s", dir, "sound_ogg_claims_599s.ogg");
        if (!fx_write_ogg_claiming(path, 2, 48000, 5 * 48000, fx_cosine, &tone, 384000,
                                   599LL * 384000)) {
            die("cannot write", path);
        }
        text("sound_ogg_claims_599s.json",
             "{\"sounds\": [{\"name\": \"liar\", \"file\": \"sound_ogg_claims_599s.ogg\"}]}\n");
    }
    /* Numbers: a tileset of 600,000 columns of 4096x32 tiles against a
     * 32x32 image. Its row needs 2,457,600,000 pixels: past INT_MAX, so
     * computed in int the check that every tile lies on the image saw a
     * negative width, and the tileset loaded. As .tsj under a .tmj, and as
     * .tsx under a .tmx. */
    png("tileset_32x32.png", 32, 32, false, 0);
    text("tileset_600000_columns.tsj",
         "{\"type\": \"tileset\", \"name\": \"vast\", \"tilewidth\": 4096, "
         "\"tileheight\": 32, \"tilecount\": 600000, \"columns\": 600000,\n"
         " \"image\": \"tileset_32x32.png\", \"imagewidth\": 32, \"imageheight\": 32}\n");
    text("tileset_600000_columns.tmj",
         "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": 1, \"height\": 1,\n"
         " \"tilewidth\": 16, \"tileheight\": 16,\n"
         " \"tilesets\": [{\"firstgid\": 1, \"source\": \"tileset_600000_columns.tsj\"}],\n"
         " \"layers\": [{\"type\": \"tilelayer\", \"id\": 1, \"name\": \"l\", \"width\": 1, "
         "\"height\": 1, \"data\": [1]}]}\n");
    text("tileset_600000_columns.tsx",
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<tileset version=\"1.10\" name=\"vast\" tilewidth=\"4096\" tileheight=\"32\" "
         "tilecount=\"600000\" columns=\"600000\">\n"
         " <image source=\"tileset_32x32.png\" width=\"32\" height=\"32\"/>\n</tileset>\n");
    text("tileset_600000_columns.tmx",
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<map version=\"1.10\" orientation=\"orthogonal\" renderorder=\"right-down\" "
         "width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n"
         " <tileset firstgid=\"1\" source=\"tileset_600000_columns.tsx\"/>\n"
         " <layer id=\"1\" name=\"l\" width=\"1\" height=\"1\">\n"
         "  <data encoding=\"csv\">1</data>\n </layer>\n</map>\n");
    /* Numbers: a float WAV of NaN and infinity (a second of stereo at
     * 48 kHz, two samples in three of them), which used to load and make a
     * third of the device's output NaN while it played. */
    {
        char path[4096];
        static const float level = 0.25f;
        snprintf(path, sizeof(path), "%s/%s", dir, "sound_wav_nan_inf.wav");
        if (!fx_write_wav(path, 2, 48000, 48000, fx_nan_inf, &level)) {
            die("cannot write", path);
        }
        text("sound_wav_nan_inf.json",
             "{\"sounds\": [{\"name\": \"nan\", \"file\": \"sound_wav_nan_inf.wav\"}]}\n");
    }
    /* Whole-map budgets: many elements that each pass their own cap. */
    zstd_layers("tilemap_zstd_1024_layers.tmj");
    sparse_layers("tilemap_sparse_1024_layers.tmj", 0, 4095);
    sparse_layers("tilemap_extent_corners_1024_layers.tmj", -AKGL_TILEMAP_MAX_EXTENT,
                  AKGL_TILEMAP_MAX_EXTENT);
    template_objects("tilemap_template_objects.tmj", "tilemap_template_1024.tj");
    entities("tilemap_entities.tmx");
    tileset_refs("tilemap_tsx_256.tmx", "tilemap_big.tsx", "sheet_192x96.png");
    root_escapes();
    /* Text (drawn with akgl_text_draw): at both text limits, a byte over,
     * a line over, a line that wraps past the lines, and the 1 MB line and
     * the 16,384 short lines that cost 396 MB and minutes unbounded. */
    letters("text_length_cap.txt", AKGL_TEXT_MAX_LENGTH,
            AKGL_TEXT_MAX_LENGTH / AKGL_TEXT_MAX_LINES, '\n');
    letters("text_length_cap_plus_1.txt", AKGL_TEXT_MAX_LENGTH + 1L, 0, 0);
    letters("text_lines_cap_plus_1.txt", 2L * AKGL_TEXT_MAX_LINES + 1, 2, '\n');
    letters("text_wraps_past_the_lines.txt", 3L * 1100 - 1, 3, ' ');
    letters("text_1mb_line.txt", 1024L * 1024, 0, 0);
    letters("text_16384_lines.txt", 16384L * 8, 8, '\n');
    return 0;
}
