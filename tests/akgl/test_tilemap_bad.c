/*
 * Tilemap loading refuses bad input: every case of tests/assets/tilemaps/bad/
 * (see the README there), in both formats where the format allows. Each is
 * checked for its status, for a message that names the map file and the
 * element and value at fault, and for leaving nothing claimed: no map slot,
 * registry entry, sheet, texture, string or error context (the suite's
 * counters), and no malloc (the sanitizer build's leak check).
 */
#define _XOPEN_SOURCE 700

#include "tilemap_fixture.h"

#include "message_path.h"

#include <fcntl.h>
#include <unistd.h>

#define BAD(name) TM_DIR "/bad/" name

static void json(const char *name, int status, const char *n1, const char *n2)
{
    char path[PATH_MAX];
    snprintf(path, sizeof(path), "%s/bad/%s.tmj", TM_DIR, name);
    tm_expect_refused(akgl_tilemap_load_json, path, status, n1, n2);
}

static void tmx(const char *name, int status, const char *n1, const char *n2)
{
    char path[PATH_MAX];
    snprintf(path, sizeof(path), "%s/bad/%s.tmx", TM_DIR, name);
    tm_expect_refused(akgl_tilemap_load_tmx, path, status, n1, n2);
}

static void both(const char *name, int status, const char *n1, const char *n2)
{
    json(name, status, n1, n2);
    tmx(name, status, n1, n2);
}

static void test_unknown_encoding_and_compression(void)
{
    sf_bind_renderer();
    both("encoding", AKERR_VALUE, "layer 1 (\"ground\")", "unknown encoding \"base32\"");
    both("compression", AKERR_VALUE, "layer 1 (\"ground\")", "unknown compression \"lzma\"");
    sf_unbind_renderer();
}

static void test_gid_past_every_tileset(void)
{
    sf_bind_renderer();
    json("gid_past", AKERR_OUTOFBOUNDS, "layer 1 (\"ground\"): cell (0, 1)",
         "gid 17 (raw 17) is past every tileset");
    tmx("gid_past", AKERR_OUTOFBOUNDS, "cell (0, 1)", "gid 17 (raw 2147483665)");
    json("gid_gap", AKERR_OUTOFBOUNDS, "cell (0, 1)", "gid 4 (raw 4) names no tile");
    json("object_gid", AKERR_OUTOFBOUNDS, "layer 1 (\"things\"): object 3", "gid 99");
    sf_unbind_renderer();
}

static void test_missing_files(void)
{
    sf_bind_renderer();
    json("tileset_missing", ENOENT, "tileset 0", "nothere.tsj");
    tmx("tileset_missing", ENOENT, "tileset 0", "nothere.tsx");
    json("image_missing", ENOENT, "tileset 0", "image \"nothere.png\"");
    tmx("image_missing", ENOENT, "noimage.tsx", "image \"gone.png\"");
    both("imagelayer_missing", ENOENT, "layer 4 (\"sky\")", "image \"sky.png\"");
    tmx("collection_missing", ENOENT, "tile 3", "missing_tile.png");
    json("template_missing", ENOENT, "object 2", "nothere.tj");
    tm_expect_refused(akgl_tilemap_load_json, BAD("no_such_map.tmj"), ENOENT, "no_such_map.tmj",
                      NULL);
    tm_expect_refused(akgl_tilemap_load_tmx, TM_DIR "/bad", EISDIR, "not a regular file", NULL);
    sf_unbind_renderer();
}

static void test_wrong_json_type(void)
{
    sf_bind_renderer();
    json("type_width", AKERR_TYPE, "layer 1 (\"ground\")", "\"width\" is a string (\"2\")");
    json("type_layers", AKERR_TYPE, "\"layers\" is an object, wanted an array", NULL);
    json("type_data", AKERR_TYPE, "layer 1 (\"ground\")", "\"data\" is a boolean");
    json("type_property", AKERR_TYPE, "property \"speed\"", "\"value\" is a string (\"fast\")");
    json("type_cell", AKERR_TYPE, "data[1] is a real number", NULL);
    json("notjson", AKERR_FORMAT, "notjson.tmj:2:", NULL);
    /* a map file in the other format */
    tm_expect_refused(akgl_tilemap_load_json, TM("features.tmx"), AKERR_FORMAT, "features.tmx:1:",
                      NULL);
    tm_expect_refused(akgl_tilemap_load_tmx, TM("features.tmj"), AKERR_FORMAT, "features.tmj:1:1",
                      "malformed XML");
    sf_unbind_renderer();
}

static void test_malformed_xml(void)
{
    sf_bind_renderer();
    tmx("malformed", AKERR_FORMAT, "malformed.tmx:5:", "malformed XML: mismatched tag");
    json("malformed_tileset", AKERR_FORMAT, "malformed.tsx:4:", "malformed XML");
    tmx("badattr", AKERR_FORMAT, "badattr.tmx:4:", "visible=\"maybe\" is not a boolean");
    tmx("tileset_as_map", AKERR_VALUE, "the file is a tileset, not a map", NULL);
    /* entities that expand to 64 * 16^6 bytes: the amplification limit stops them */
    tmx("laughs", AKERR_OUTOFBOUNDS, "laughs.tmx:", "(AKGL_TILEMAP_XML_MAX_AMPLIFICATION)");
    sf_unbind_renderer();
}

static void test_corrupt_data(void)
{
    sf_bind_renderer();
    both("base64_truncated", AKERR_FORMAT, "layer 1 (\"cells\")", "base64: truncated");
    json("base64_badchar", AKERR_FORMAT, "character 5 (0x2a) is not in the base64 alphabet",
         NULL);
    tmx("base64_badchar", AKERR_FORMAT, "(0x2a) is not in the base64 alphabet", NULL);
    both("zlib_corrupt", AKERR_FORMAT, "layer 1 (\"cells\")", "corrupt zlib data");
    both("zlib_truncated", AKERR_FORMAT, "corrupt zlib data", NULL);
    both("gzip_corrupt", AKERR_FORMAT, "corrupt gzip data", NULL);
    both("zstd_corrupt", AKERR_FORMAT, "corrupt zstd data", NULL);
    sf_unbind_renderer();
}

static void test_data_length(void)
{
    sf_bind_renderer();
    both("base64_short", AKERR_VALUE, "decodes to 276 bytes, but the size calls for 280", NULL);
    both("zlib_short", AKERR_VALUE, "zlib data decompresses to 276 bytes, but the size calls "
         "for 280", NULL);
    both("zstd_short", AKERR_VALUE, "zstd data decompresses to 276 bytes", NULL);
    both("gzip_long", AKERR_VALUE, "gzip data decompresses to more than the 280 bytes", NULL);
    both("zstd_long", AKERR_VALUE, "zstd data decompresses to more than the 280 bytes", NULL);
    both("csv_long", AKERR_VALUE, "the data holds 71 tiles, but the size calls for 70", NULL);
    json("chunk_short", AKERR_VALUE, "chunk 0 (-2, -2) data: the data holds 3 tiles", NULL);
    sf_unbind_renderer();
}

static void test_too_many_cells(void)
{
    sf_bind_renderer();
    json("huge", AKERR_OUTOFBOUNDS, "the map is 4097 x 4096 = 16781312 cells",
         "AKGL_TILEMAP_MAX_LAYER_CELLS (16777216)");
    tmx("huge_layer", AKERR_OUTOFBOUNDS, "layer 1 (\"vast\")", "8192 x 2049");
    json("huge_chunks", AKERR_OUTOFBOUNDS, "layer 1 (\"spread\"): the layer's 2 chunks of "
         "4096 x 4096 tiles are 33554432 cells", "more than AKGL_TILEMAP_MAX_LAYER_CELLS "
         "(16777216)");
    sf_unbind_renderer();
}

/* An infinite map's chunks: one size, on multiples of it, one at a place,
 * within AKGL_TILEMAP_MAX_EXTENT of 0, each within
 * AKGL_TILEMAP_MAX_LAYER_CELLS. Each refusal names the file (checked by
 * the helpers), the layer, the chunk, the value and the limit. */
static void test_bad_chunks(void)
{
    sf_bind_renderer();
    both("chunk_overlap", AKERR_VALUE, "layer 1 (\"ground\"): chunk 0 and chunk 2 are both at "
         "(0, 0); chunks may not overlap", NULL);
    both("chunk_misaligned", AKERR_VALUE, "layer 1 (\"ground\"): chunk 1: (-3, 4) is not on a "
         "multiple of the chunk size 2 x 2", NULL);
    both("chunk_size", AKERR_VALUE, "layer 1 (\"ground\"): chunk 1: (4, 0) is 4 x 1 tiles; "
         "every chunk of an infinite map must have the size of its first chunk, 2 x 2", NULL);
    both("chunk_far", AKERR_OUTOFBOUNDS, "layer 1 (\"ground\"): chunk 1: \"x\" is 16777218, "
         "outside -16777216..16777216 (AKGL_TILEMAP_MAX_EXTENT)", NULL);
    both("chunk_int", AKERR_OUTOFBOUNDS, "layer 1 (\"ground\"): chunk 0: \"y\" is -4294967296, "
         "beyond an int", NULL);
    both("chunk_oversize", AKERR_OUTOFBOUNDS, "layer 1 (\"ground\"): chunk 0: the chunk is "
         "4097 x 4097 = 16785409 cells, more than AKGL_TILEMAP_MAX_LAYER_CELLS (16777216)", NULL);
    sf_unbind_renderer();
}

static void test_include_cycles(void)
{
    sf_bind_renderer();
    both("self", AKERR_VALUE, "includes itself", "self.tsx -> ");
    json("cycle", AKERR_VALUE, "includes itself", "cycle_b.tsj -> ");
    /* a map naming itself as its tileset: the map is the first file of the chain */
    json("mapself", AKERR_VALUE, "tileset file \"mapself.tmj\" includes itself", NULL);
    tm_expect_refused(akgl_tilemap_load_json, BAD("maptileset.tmj"), AKERR_VALUE,
                      "the file is a map, not a tileset", NULL);
    sf_unbind_renderer();
}

static void test_other_refusals(void)
{
    sf_bind_renderer();
    json("orientation", AKERR_VALUE, "unknown orientation \"diagonal\"", "\"orthogonal\"");
    json("layertype", AKERR_VALUE, "unknown type \"voxellayer\"", NULL);
    json("proptype", AKERR_VALUE, "property \"when\"", "unknown type \"date\"");
    json("duptile", AKERR_VALUE, "tile 2 is described twice", NULL);
    json("anim", AKERR_OUTOFBOUNDS, "animation frame 1 shows tile 16", NULL);
    json("tilecount", AKERR_OUTOFBOUNDS, "need 32x40 pixels", "is 32x32");
    json("firstgid", AKERR_VALUE, "tileset 1: firstgid 1 does not follow", NULL);
    json("template_tileset", AKERR_VALUE, "props.tsx is not one of the map's tilesets", NULL);
    sf_unbind_renderer();
}

/* A tileset's cells are computed in 64 bits and checked against its image,
 * and the refusal names the key at fault: "columns" for a row too wide,
 * "tilecount" for too many rows. 600,000 columns of 4096-pixel tiles need
 * 2,457,600,000 pixels, past INT_MAX: in int that came out negative, and
 * the tileset loaded. */
static void test_tileset_wider_than_its_image(void)
{
    sf_bind_renderer();
    json("columns_overflow", AKERR_OUTOFBOUNDS, "tileset 0 (firstgid 1)",
         "\"columns\" is 600000: 600000 tiles of 4096x8 in 600000 columns (margin 0, spacing 0) "
         "need 2457600000x8 pixels, but the image");
    json("columns_spacing", AKERR_OUTOFBOUNDS, "\"columns\" is 4",
         "need 35x8 pixels, but the image");
    json("tilecount", AKERR_OUTOFBOUNDS, "\"tilecount\" is 17", "is 32x32");
    sf_unbind_renderer();
}

static void test_file_too_large(void)
{
    char path[PATH_MAX];
    sf_path(path, "vast.tmj");
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    CHECK(fd >= 0);
    if (fd < 0) {
        return;
    }
    /* sparse: nothing is written, the size alone is refused */
    CHECK(ftruncate(fd, (off_t)AKGL_TILEMAP_MAX_FILE_SIZE + 1) == 0);
    close(fd);
    sf_bind_renderer();
    tm_expect_refused(akgl_tilemap_load_json, path, AKERR_OUTOFBOUNDS,
                      "AKGL_TILEMAP_MAX_FILE_SIZE", NULL);
    sf_unbind_renderer();
    unlink(path);
}

/* A map whose path is longer than a message shows: the head and tail of the
 * path start the message, and what went wrong still fits after it. */
static void test_long_map_path(void)
{
#ifdef _WIN32
    TEST_SKIP(FX_NO_LONG_PATHS);
#endif
    char dir[PATH_MAX], path[PATH_MAX], real_path[PATH_MAX];
    char part[101];
    memset(part, 'd', 100);
    part[100] = '\0';
    sf_path(dir, "");
    for (int i = 0; i < 3; i++) {
        size_t used = strlen(dir);
        int n = snprintf(dir + used, sizeof(dir) - used, "/%s%d", part, i);
        CHECK_MSG(n > 0 && (size_t)n < sizeof(dir) - used, "%s/%s%d is longer than PATH_MAX",
                  dir, part, i);
        if (n <= 0 || (size_t)n >= sizeof(dir) - used) {
            return;
        }
        CHECK(mkdir(dir, 0700) == 0);
    }
    static const struct { const char *name, *text; tm_loader load; const char *needle; } cases[] = {
        {"broken.tmj", "{ \"width\": 2 \"height\": 2 }", akgl_tilemap_load_json, ":1:"},
        {"broken.tmx", "<map>\n <layer>\n</map>\n", akgl_tilemap_load_tmx,
         ":3:3: malformed XML: mismatched tag"},
        {"nogid.tmj", "{ \"orientation\": \"orthogonal\", \"width\": 1, \"height\": 1, "
                      "\"tilewidth\": 8, \"tileheight\": 8, \"layers\": [{\"type\": "
                      "\"tilelayer\", \"name\": \"l\", \"width\": 1, \"height\": 1, "
                      "\"data\": [7]}] }", akgl_tilemap_load_json, "gid 7 (raw 7) is past every"},
    };
    sf_bind_renderer();
    for (size_t i = 0; i < SDL_arraysize(cases); i++) {
        char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
        akgl_Tilemap *map = NULL;
        /* The fixture's directory and some 300 bytes: a checkout whose own
         * path leaves no room for the name fails here, never cuts it. */
        int n = snprintf(path, sizeof(path), "%s/%s", dir, cases[i].name);
        CHECK_MSG(n > 0 && (size_t)n < sizeof(path), "%s/%s is longer than PATH_MAX", dir,
                  cases[i].name);
        if (n <= 0 || (size_t)n >= sizeof(path)) {
            break;
        }
        CHECK(SDL_SaveFile(path, cases[i].text, strlen(cases[i].text)));
        CHECK(realpath(path, real_path) != NULL);
        CHECK(strlen(real_path) > AKGL_MAX_MESSAGE_PATH_LENGTH);
        int got = test_status_of_(cases[i].load(path, &map), msg);
        CHECK_MSG(got != 0 && map == NULL, "%s: status %d", cases[i].name, got);
        CHECK_MSG(test_message_names_file(msg, real_path), "%s: \"%s\"", cases[i].name, msg);
        CHECK_MSG(strstr(msg, cases[i].needle) != NULL, "\"%s\" lacks \"%s\"", msg,
                  cases[i].needle);
        unlink(path);
    }
    sf_unbind_renderer();
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_add_counters();
    RUN_TEST(test_unknown_encoding_and_compression);
    RUN_TEST(test_gid_past_every_tileset);
    RUN_TEST(test_missing_files);
    RUN_TEST(test_wrong_json_type);
    RUN_TEST(test_malformed_xml);
    RUN_TEST(test_corrupt_data);
    RUN_TEST(test_data_length);
    RUN_TEST(test_too_many_cells);
    RUN_TEST(test_bad_chunks);
    RUN_TEST(test_include_cycles);
    RUN_TEST(test_other_refusals);
    RUN_TEST(test_tileset_wider_than_its_image);
    RUN_TEST(test_file_too_large);
    RUN_TEST(test_long_map_path);
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
