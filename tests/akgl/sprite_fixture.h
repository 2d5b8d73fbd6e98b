/*
 * What the sprite, character and render suites share:
 *
 * - a scratch directory (tests/akstdlib/fixture.h) that is also the working
 *   directory while the cases run, so step 1 of the sheet resolution rule
 *   (the working directory) never finds a file by accident;
 * - a software SDL renderer on a surface, bound as the game's renderer;
 * - a counter of large SDL allocations, registered as a leak counter: a
 *   texture's pixels are one such block, so a case that leaves a texture
 *   alive (a failed load that kept its upload, a sheet never released) fails
 *   even when every pool count is back;
 * - sheet generation with SDL surfaces and IMG_SavePNG, in the layout of
 *   tests/assets/README.md on the packaging branch (cell i: one opaque fill,
 *   marker (255, 255, i * 256 / N) at its top-left pixel);
 * - capture of akerr_log_method, to read warnings (log_fixture.h).
 *
 * Define _XOPEN_SOURCE 700 before including anything (mkdtemp, nftw, symlink).
 * Call sf_begin() first thing in main (before AKGL_TEST_BEGIN: the allocation
 * counter must be installed before SDL allocates anything) and sf_end() last.
 */
#ifndef AKGL_TEST_SPRITE_FIXTURE_H
#define AKGL_TEST_SPRITE_FIXTURE_H

#include <akerror.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/sprite.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>
#include <errno.h>
#include <stdarg.h>

#include "../akstdlib/fixture.h"
#include "akgl_test.h"
#include "log_fixture.h"
#include "message_path.h"

#ifndef AKGL_TEST_ASSETS_DIR
#error "AKGL_TEST_ASSETS_DIR must name tests/assets (akgl_add_test defines it)"
#endif

#define SF_ASSETS AKGL_TEST_ASSETS_DIR
#define SF_SPRITES AKGL_TEST_ASSETS_DIR "/sprites"
#define SF_CHARACTERS AKGL_TEST_ASSETS_DIR "/characters"
#define SF_SHEET_192 AKGL_TEST_ASSETS_DIR "/sheet_192x96_48.png"
#define SF_SHEET_64 AKGL_TEST_ASSETS_DIR "/sheet_64x64_16.png"

/* ------------------------------------------------------------------------ */
/* Large SDL allocations                                                    */
/* ------------------------------------------------------------------------ */

/*
 * The smallest texture the suites upload is 32 x 32 RGBA (4096 bytes); SDL's
 * own bookkeeping blocks stay well under that.
 */
#define SF_BIG_BLOCK 4096
#define SF_HEADER 16 /* keeps the 16-byte alignment of the system allocator */

static SDL_malloc_func sf_sys_malloc;
static SDL_calloc_func sf_sys_calloc;
static SDL_realloc_func sf_sys_realloc;
static SDL_free_func sf_sys_free;
static SDL_AtomicInt sf_big_live;

static inline void sf_count(size_t size, int delta)
{
    if (size >= SF_BIG_BLOCK) {
        SDL_AddAtomicInt(&sf_big_live, delta);
    }
}

static void *SDLCALL sf_malloc(size_t size)
{
    unsigned char *p = sf_sys_malloc(size + SF_HEADER);
    if (p == NULL) {
        return NULL;
    }
    memcpy(p, &size, sizeof(size));
    sf_count(size, 1);
    return p + SF_HEADER;
}

static void *SDLCALL sf_calloc(size_t n, size_t size)
{
    if (size != 0 && n > (SIZE_MAX - SF_HEADER) / size) {
        return NULL;
    }
    size_t total = n * size;
    unsigned char *p = sf_sys_calloc(1, total + SF_HEADER);
    if (p == NULL) {
        return NULL;
    }
    memcpy(p, &total, sizeof(total));
    sf_count(total, 1);
    return p + SF_HEADER;
}

static void *SDLCALL sf_realloc(void *mem, size_t size)
{
    if (mem == NULL) {
        return sf_malloc(size);
    }
    unsigned char *old = (unsigned char *)mem - SF_HEADER;
    size_t oldsize = 0;
    memcpy(&oldsize, old, sizeof(oldsize));
    unsigned char *p = sf_sys_realloc(old, size + SF_HEADER);
    if (p == NULL) {
        return NULL;
    }
    memcpy(p, &size, sizeof(size));
    sf_count(oldsize, -1);
    sf_count(size, 1);
    return p + SF_HEADER;
}

static void SDLCALL sf_free(void *mem)
{
    if (mem == NULL) {
        return;
    }
    unsigned char *old = (unsigned char *)mem - SF_HEADER;
    size_t oldsize = 0;
    memcpy(&oldsize, old, sizeof(oldsize));
    sf_count(oldsize, -1);
    sf_sys_free(old);
}

/* Live SDL blocks of SF_BIG_BLOCK bytes or more: textures' and surfaces' pixels. */
static int sf_big_blocks(void)
{
    return SDL_GetAtomicInt(&sf_big_live);
}

static inline void sf_install_allocator(void)
{
    SDL_GetOriginalMemoryFunctions(&sf_sys_malloc, &sf_sys_calloc, &sf_sys_realloc,
                                   &sf_sys_free);
    if (!SDL_SetMemoryFunctions(sf_malloc, sf_calloc, sf_realloc, sf_free)) {
        fx_die("SDL_SetMemoryFunctions", SDL_GetError());
    }
}

/* ------------------------------------------------------------------------ */
/* Scratch directory as working directory                                   */
/* ------------------------------------------------------------------------ */

static char sf_home[PATH_MAX]; /* the working directory we were started in */
static char sf_cwd[PATH_MAX];  /* fx_dir/cwd: the working directory of the cases */

static inline void sf_chdir(const char *path)
{
    if (chdir(path) != 0) {
        fx_die("chdir", path);
    }
}

/* fx_dir/a/b/... from a relative name, into out (PATH_MAX). */
static inline void sf_path(char *out, const char *name)
{
    fx_path(out, name);
}

/* Copies the file at src (absolute) to fx_dir/name. */
static inline void sf_copy(const char *src, const char *name)
{
    size_t len = 0;
    void *data = SDL_LoadFile(src, &len);
    if (data == NULL) {
        fx_die("read", src);
    }
    fx_write(name, data, len);
    SDL_free(data);
}

/* ------------------------------------------------------------------------ */
/* A software renderer on a surface, bound as the game's renderer           */
/* ------------------------------------------------------------------------ */

typedef struct SfCanvas
{
    SDL_Surface *surface;
    SDL_Renderer *sdl;
    akgl_Renderer backend;
} SfCanvas;

static SfCanvas sf_canvas;

/* A w x h software renderer (no window, no video driver needed). */
static inline void sf_canvas_open(SfCanvas *c, int w, int h)
{
    memset(c, 0, sizeof(*c));
    c->surface = SDL_CreateSurface(w, h, SDL_PIXELFORMAT_RGBA32);
    if (c->surface == NULL) {
        fx_die("SDL_CreateSurface", SDL_GetError());
    }
    c->sdl = SDL_CreateSoftwareRenderer(c->surface);
    if (c->sdl == NULL) {
        fx_die("SDL_CreateSoftwareRenderer", SDL_GetError());
    }
}

static inline void sf_canvas_close(SfCanvas *c)
{
    if (c->sdl != NULL) {
        SDL_DestroyRenderer(c->sdl);
    }
    if (c->surface != NULL) {
        SDL_DestroySurface(c->surface);
    }
    memset(c, 0, sizeof(*c));
}

/* Opens sf_canvas and binds it as game.renderer, or exits. */
static inline void sf_bind_renderer(void)
{
    sf_canvas_open(&sf_canvas, 256, 256);
    akerr_ErrorContext *e = akgl_render_2d_bind(&sf_canvas.backend, sf_canvas.sdl);
    if (e != NULL) {
        fx_die("akgl_render_2d_bind", e->message);
    }
}

static inline void sf_unbind_renderer(void)
{
    if (sf_canvas.backend.shutdown != NULL) {
        akerr_ErrorContext *e = sf_canvas.backend.shutdown(&sf_canvas.backend);
        e = akerr_release_error(e);
        (void)e;
    }
    sf_canvas_close(&sf_canvas);
}

/* Reads pixel (x, y) of what the renderer has drawn, through SDL_RenderReadPixels. */
static inline SDL_Color sf_read_pixel(SDL_Renderer *r, int x, int y)
{
    SDL_Color c = {0, 0, 0, 0};
    SDL_Rect one = {x, y, 1, 1};
    SDL_Surface *s = SDL_RenderReadPixels(r, &one);
    if (s == NULL) {
        return (SDL_Color){1, 2, 3, 4}; /* matches no expectation */
    }
    if (!SDL_ReadSurfacePixel(s, 0, 0, &c.r, &c.g, &c.b, &c.a)) {
        c = (SDL_Color){1, 2, 3, 4};
    }
    SDL_DestroySurface(s);
    return c;
}

#define CHECK_PIXEL(renderer, x, y, R, G, B) \
    do { \
        SDL_Color sf_px_ = sf_read_pixel((renderer), (x), (y)); \
        CHECK_MSG(sf_px_.r == (R) && sf_px_.g == (G) && sf_px_.b == (B) && sf_px_.a == 255, \
                  "pixel (%d, %d) is (%d, %d, %d, %d), expected (%d, %d, %d, 255)", (x), (y), \
                  sf_px_.r, sf_px_.g, sf_px_.b, sf_px_.a, (R), (G), (B)); \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Generated sheets                                                         */
/* ------------------------------------------------------------------------ */

/* The fill of cell i of a generated sheet: opaque, never red 255. */
static inline SDL_Color sf_fill(int i)
{
    return (SDL_Color){(Uint8)(20 + 13 * i), (Uint8)(220 - 11 * i), (Uint8)(60 + 7 * i), 255};
}

/* The marker at cell i's top-left pixel, for an n-cell sheet. */
static inline SDL_Color sf_marker(int i, int n)
{
    return (SDL_Color){255, 255, (Uint8)(i * 256 / n), 255};
}

/* Writes a cols x rows sheet of size x size cells to fx_dir/name. */
static inline void sf_make_sheet(const char *name, int cols, int rows, int size)
{
    char path[PATH_MAX];
    int n = cols * rows;
    SDL_Surface *s = SDL_CreateSurface(cols * size, rows * size, SDL_PIXELFORMAT_RGBA32);
    if (s == NULL) {
        fx_die("SDL_CreateSurface", SDL_GetError());
    }
    for (int i = 0; i < n; i++) {
        SDL_Color f = sf_fill(i), m = sf_marker(i, n);
        SDL_Rect cell = {(i % cols) * size, (i / cols) * size, size, size};
        SDL_Rect mark = {cell.x, cell.y, 1, 1};
        SDL_FillSurfaceRect(s, &cell, SDL_MapSurfaceRGBA(s, f.r, f.g, f.b, f.a));
        SDL_FillSurfaceRect(s, &mark, SDL_MapSurfaceRGBA(s, m.r, m.g, m.b, m.a));
    }
    sf_path(path, name);
    if (!IMG_SavePNG(s, path)) {
        fx_die("IMG_SavePNG", path);
    }
    SDL_DestroySurface(s);
}

/* ------------------------------------------------------------------------ */
/* Lookups                                                                  */
/* ------------------------------------------------------------------------ */

static inline akgl_Sprite *sf_sprite(const char *name)
{
    void *found = NULL;
    akerr_ErrorContext *e = akgl_registry_get(AKGL_REGISTRY_SPRITE, "sprite", name, &found);
    e = akerr_release_error(e);
    (void)e;
    return found;
}

static inline akgl_SpriteSheet *sf_sheet(const char *key)
{
    void *found = NULL;
    akerr_ErrorContext *e =
        akgl_registry_get(AKGL_REGISTRY_SPRITESHEET, "spritesheet", key, &found);
    e = akerr_release_error(e);
    (void)e;
    return found;
}

static inline akgl_Character *sf_character(const char *name)
{
    void *found = NULL;
    akerr_ErrorContext *e =
        akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", name, &found);
    e = akerr_release_error(e);
    (void)e;
    return found;
}

/* The canonical path of an existing file, for comparing with registry keys. */
static inline void sf_realpath(const char *path, char *out)
{
    if (realpath(path, out) == NULL) {
        fx_die("realpath", path);
    }
}

/* Whether SDL still knows the texture (SDL validates its object pointers). */
static inline bool sf_texture_alive(SDL_Texture *t)
{
    float w = 0, h = 0;
    return t != NULL && SDL_GetTextureSize(t, &w, &h);
}

/* ------------------------------------------------------------------------ */
/* Start and stop                                                           */
/* ------------------------------------------------------------------------ */

/* Before AKGL_TEST_BEGIN. */
static inline void sf_begin(void)
{
    sf_install_allocator();
    fx_setup();
    if (getcwd(sf_home, sizeof(sf_home)) == NULL) {
        fx_die("getcwd", ".");
    }
    fx_mkdir("cwd");
    sf_path(sf_cwd, "cwd");
    sf_chdir(sf_cwd);
}

/* After AKGL_TEST_BEGIN: the counters every case must leave as it found them. */
static inline void sf_add_counters(void)
{
    fx_add_counters();
    test_add_counter("large SDL allocations (texture pixels) live", sf_big_blocks);
}

/* Before AKGL_TEST_END. */
static inline void sf_end(void)
{
    sf_chdir(sf_home);
    fx_teardown();
}

/* ---- a snapshot of every counter a failed load must leave alone --------- */

typedef struct SfCounts
{
    int sprites, sheets, strings, characters;
    int reg_sprites, reg_sheets, reg_characters;
    int contexts, big;
} SfCounts;

static inline SfCounts sf_counts_now(void)
{
    SfCounts c;
    c.sprites = akgl_test_sprites_();
    c.sheets = akgl_test_sheets_();
    c.strings = akgl_test_strings_();
    c.characters = akgl_test_characters_();
    c.reg_sprites = akgl_test_reg_sprites_();
    c.reg_sheets = akgl_test_reg_sheets_();
    c.reg_characters = akgl_test_reg_characters_();
    c.contexts = akerr_contexts_in_use();
    c.big = sf_big_blocks();
    return c;
}

#define SF_CHECK_COUNTS_UNCHANGED(before, what) \
    do { \
        SfCounts now_ = sf_counts_now(); \
        CHECK_MSG(memcmp(&now_, &(before), sizeof(now_)) == 0, \
                  "%s changed counts: sprites %d->%d sheets %d->%d strings %d->%d " \
                  "characters %d->%d registered sprites %d->%d sheets %d->%d characters " \
                  "%d->%d contexts %d->%d big blocks %d->%d", \
                  (what), (before).sprites, now_.sprites, (before).sheets, now_.sheets, \
                  (before).strings, now_.strings, (before).characters, now_.characters, \
                  (before).reg_sprites, now_.reg_sprites, (before).reg_sheets, \
                  now_.reg_sheets, (before).reg_characters, now_.reg_characters, \
                  (before).contexts, now_.contexts, (before).big, now_.big); \
    } while (0)

/*
 * Runs `load(path)`, expecting `status`; the message must start with the file
 * (the loaders' prefix, shortened as message_path.h says for a long path) and
 * contain each non-NULL needle; every counter must be unchanged afterwards.
 */
static inline void sf_expect_refused(akerr_ErrorContext *(*load)(const char *), const char *path,
                                     int status, const char *needle1, const char *needle2)
{
    char msg[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    SfCounts before = sf_counts_now();
    int got = test_status_of_(load(path), msg);
    CHECK_MSG(got == status, "%s: status %d, expected %d (%s)", path, got, status, msg);
    CHECK_MSG(test_message_names_file(msg, path),
              "%s: the message does not start with the file: \"%s\"", path, msg);
    if (needle1 != NULL) {
        CHECK_MSG(strstr(msg, needle1) != NULL, "%s: \"%s\" lacks \"%s\"", path, msg, needle1);
    }
    if (needle2 != NULL) {
        CHECK_MSG(strstr(msg, needle2) != NULL, "%s: \"%s\" lacks \"%s\"", path, msg, needle2);
    }
    SF_CHECK_COUNTS_UNCHANGED(before, path);
}

#endif /* AKGL_TEST_SPRITE_FIXTURE_H */
