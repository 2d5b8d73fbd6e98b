/*
 * Spritesheets and sprites built by hand: akgl_spritesheet_initialize,
 * akgl_sprite_initialize, the references between them, and
 * akgl_spritesheet_coords_for_frame — checked as numbers and as pixels drawn
 * with the rectangle it gives and read back from a software renderer.
 *
 * The sheet is tests/assets/sheet_192x96_48.png: 4 x 2 cells of 48 x 48,
 * cell i filled with one colour and marked (255, 255, i * 32) at its
 * top-left pixel.
 */
#define _XOPEN_SOURCE 700

#include "sprite_fixture.h"

/* Fills of sheet_192x96_48.png, cell by cell (tests/assets/README.md). */
static const SDL_Color FILL_192[8] = {
    {200, 40, 40, 255},  {40, 200, 40, 255}, {40, 40, 200, 255},  {200, 200, 40, 255},
    {200, 40, 200, 255}, {40, 200, 200, 255}, {200, 120, 40, 255}, {120, 40, 200, 255},
};

/* A pooled sheet loaded from path, or NULL (the failure is a CHECK). */
static akgl_SpriteSheet *load_sheet(const char *path)
{
    akgl_SpriteSheet *sheet = NULL;
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    if (sheet == NULL) {
        return NULL;
    }
    akerr_ErrorContext *e = akgl_spritesheet_initialize(sheet, 48, 48, path);
    if (e != NULL) {
        CHECK_MSG(false, "akgl_spritesheet_initialize(%s): %s", path, e->message);
        e = akerr_release_error(e);
        CHECK_OK(akgl_heap_release_spritesheet(sheet));
        return NULL;
    }
    return sheet;
}

/* The frame-grid example of chapter 10: 48 x 48 cells, frames [4, 5, 6, 5]. */
static akgl_Sprite *grid_sprite(akgl_SpriteSheet *sheet, const char *name)
{
    akgl_Sprite *spr = NULL;
    CHECK_OK(akgl_heap_next_sprite(&spr));
    CHECK_OK(akgl_sprite_initialize(spr, name, sheet));
    spr->width = 48;
    spr->height = 48;
    spr->frames = 4;
    spr->frameids[0] = 4;
    spr->frameids[1] = 5;
    spr->frameids[2] = 6;
    spr->frameids[3] = 5;
    return spr;
}

/* ------------------------------------------------------------------------ */
/* Spritesheets                                                             */
/* ------------------------------------------------------------------------ */

static void test_sheet_arguments(void)
{
    akgl_SpriteSheet *sheet = NULL;
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(NULL, 48, 48, SF_SHEET_192), AKERR_NULLPOINTER,
                     "NULL sheet");
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(sheet, 48, 48, NULL), AKERR_NULLPOINTER,
                     "NULL filename");
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_sheet_loads_texture_and_registers_verbatim(void)
{
    int before = sf_big_blocks();
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_192);
    CHECK(sheet != NULL);
    if (sheet == NULL) {
        return;
    }
    CHECK_INT_EQ(sheet->refcount, 1); /* the acquire's, kept */
    CHECK_STR_EQ(sheet->name, SF_SHEET_192);
    CHECK(sheet->texture != NULL);
    CHECK_INT_EQ(sheet->texture_w, 192);
    CHECK_INT_EQ(sheet->texture_h, 96);
    /* The two size arguments are vestigial: accepted and discarded. */
    CHECK_INT_EQ(sheet->sprite_w, 0);
    CHECK_INT_EQ(sheet->sprite_h, 0);
    SDL_ScaleMode mode = SDL_SCALEMODE_LINEAR;
    CHECK(SDL_GetTextureScaleMode(sheet->texture, &mode));
    CHECK(mode == SDL_SCALEMODE_NEAREST);
    CHECK(sf_sheet(SF_SHEET_192) == sheet);
    /* The upload is visible to the allocation counter the cases rely on. */
    CHECK(sf_big_blocks() > before);

    SDL_Texture *tex = sheet->texture;
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
    CHECK(!sf_texture_alive(tex));
    CHECK(sf_sheet(SF_SHEET_192) == NULL);
    CHECK_INT_EQ(sf_big_blocks(), before);
}

static void test_sheet_two_spellings_are_two_sheets(void)
{
    /* Direct initialisation takes the name verbatim: no realpath here. */
    const char *dotted = SF_ASSETS "/sprites/../sheet_192x96_48.png";
    akgl_SpriteSheet *a = load_sheet(SF_SHEET_192);
    akgl_SpriteSheet *b = load_sheet(dotted);
    CHECK(a != NULL && b != NULL && a != b);
    if (a == NULL || b == NULL) {
        return;
    }
    CHECK(a->texture != b->texture);
    CHECK(sf_sheet(SF_SHEET_192) == a);
    CHECK(sf_sheet(dotted) == b);
    CHECK_OK(akgl_heap_release_spritesheet(a));
    CHECK_OK(akgl_heap_release_spritesheet(b));
}

static void test_sheet_failures_keep_nothing(void)
{
    char path[513]; /* 512 bytes and the terminator, even where PATH_MAX is 260 */
    akgl_SpriteSheet *sheet = NULL;
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));

    /* Missing file: ENOENT naming it. */
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(sheet, 0, 0, SF_ASSETS "/no_such.png"), ENOENT,
                     SF_ASSETS "/no_such.png");
    /* A file that is not an image. */
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(sheet, 0, 0, SF_SPRITES "/not_an_image.png"),
                     AKERR_FORMAT, "not a PNG file");
    /* A directory cannot be opened as one: that is not a format error. */
    CHECK_STATUS(akgl_spritesheet_initialize(sheet, 0, 0, SF_SPRITES), EISDIR);
    CHECK(sheet->texture == NULL);
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK(sheet->name[0] == '\0');

    /* No renderer bound. */
    akgl_Renderer *bound = game.renderer;
    game.renderer = NULL;
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(sheet, 0, 0, SF_SHEET_192), AKERR_BEHAVIOR,
                     "no renderer is bound");
    game.renderer = bound;

    /* A name the field cannot hold whole: 511 bytes fit (the file is then
     * looked for), 512 do not and are refused, not truncated. */
    memset(path, 'a', sizeof(path));
    for (int i = 0; i < 512; i += 100) {
        path[i] = '/'; /* components short enough that the lookup is ENOENT */
    }
    path[511] = '\0';
    CHECK_STATUS(akgl_spritesheet_initialize(sheet, 0, 0, path), ENOENT);
    path[511] = 'a';
    path[512] = '\0';
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(sheet, 0, 0, path), AKERR_OUTOFBOUNDS,
                     "is 512 bytes; the limit is 511");
    CHECK(sf_sheet(SF_SHEET_192) == NULL);
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_sheet_duplicate_name_refused(void)
{
    akgl_SpriteSheet *first = load_sheet(SF_SHEET_192);
    akgl_SpriteSheet *second = NULL;
    int blocks = sf_big_blocks();
    CHECK_OK(akgl_heap_next_spritesheet(&second));
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(second, 0, 0, SF_SHEET_192), AKERR_REGISTRY,
                     "already registered");
    CHECK(second->texture == NULL);
    CHECK_INT_EQ(sf_big_blocks(), blocks); /* nothing uploaded for the refused one */
    CHECK(sf_sheet(SF_SHEET_192) == first);
    CHECK_OK(akgl_heap_release_spritesheet(second));
    CHECK_OK(akgl_heap_release_spritesheet(first));
}

static void test_sheet_unacquired_slot_and_stack_struct(void)
{
    akgl_SpriteSheet *slot = NULL;
    akgl_SpriteSheet local;

    /* A slot must be acquired before it is initialised. */
    CHECK_OK(akgl_heap_next_spritesheet(&slot));
    CHECK_OK(akgl_heap_release_spritesheet(slot));
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(slot, 0, 0, SF_SHEET_192), AKGL_ERR_HEAP,
                     "not acquired");
    CHECK(slot->texture == NULL);

    /* A struct that is not a slot gets its first reference. */
    memset(&local, 0x5a, sizeof(local)); /* garbage is not trusted */
    CHECK_OK(akgl_spritesheet_initialize(&local, 0, 0, SF_SHEET_64));
    CHECK_INT_EQ(local.refcount, 1);
    CHECK_INT_EQ(local.texture_w, 64);
    CHECK(sf_sheet(SF_SHEET_64) == &local);
    SDL_Texture *tex = local.texture;
    CHECK_OK(akgl_heap_release_spritesheet(&local));
    CHECK(!sf_texture_alive(tex));
    CHECK(sf_sheet(SF_SHEET_64) == NULL);
}

static void test_sheet_reinitialised_lets_go_of_old_image(void)
{
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_192);
    if (sheet == NULL) {
        return;
    }
    SDL_Texture *old = sheet->texture;
    CHECK_OK(akgl_spritesheet_initialize(sheet, 0, 0, SF_SHEET_64));
    CHECK(!sf_texture_alive(old));
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK_INT_EQ(sheet->texture_w, 64);
    CHECK(sf_sheet(SF_SHEET_192) == NULL);
    CHECK(sf_sheet(SF_SHEET_64) == sheet);
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_sheet_and_sprite_cycles(void)
{
    /* 64 rounds of sheet + two sprites built by hand and released, the
     * order alternating: every count, and the uploads, back each time. */
    int sheets = akgl_test_sheets_(), sprites = akgl_test_sprites_();
    int contexts = akerr_contexts_in_use(), big = sf_big_blocks();
    for (int i = 0; i < 64; i++) {
        akgl_SpriteSheet *sheet = load_sheet(i % 2 ? SF_SHEET_64 : SF_SHEET_192);
        if (sheet == NULL) {
            return;
        }
        akgl_Sprite *a = grid_sprite(sheet, "cycle a");
        akgl_Sprite *b = grid_sprite(sheet, "cycle b");
        CHECK_INT_EQ(sheet->refcount, 3);
        if (i % 2 == 0) {
            CHECK_OK(akgl_heap_release_spritesheet(sheet));
            CHECK_OK(akgl_heap_release_sprite(a));
            CHECK_OK(akgl_heap_release_sprite(b));
        } else {
            CHECK_OK(akgl_heap_release_sprite(b));
            CHECK_OK(akgl_heap_release_sprite(a));
            CHECK_OK(akgl_heap_release_spritesheet(sheet));
        }
        CHECK_INT_EQ(akgl_test_sheets_(), sheets);
        CHECK_INT_EQ(akgl_test_sprites_(), sprites);
        CHECK_INT_EQ(akgl_test_reg_sheets_(), 0);
        CHECK_INT_EQ(akgl_test_reg_sprites_(), 0);
        CHECK_INT_EQ(akerr_contexts_in_use(), contexts);
        CHECK_INT_EQ(sf_big_blocks(), big);
    }
}

/* ------------------------------------------------------------------------ */
/* Sprites                                                                  */
/* ------------------------------------------------------------------------ */

static void test_sprite_initialize_holds_its_sheet(void)
{
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_192);
    akgl_Sprite *a = NULL, *b = NULL;
    if (sheet == NULL) {
        return;
    }
    CHECK_OK(akgl_heap_next_sprite(&a));
    CHECK_OK(akgl_heap_next_sprite(&b));
    CHECK_OK(akgl_sprite_initialize(a, "walk", sheet));
    CHECK_INT_EQ(a->refcount, 1);
    CHECK_INT_EQ(sheet->refcount, 2);
    CHECK_OK(akgl_sprite_initialize(b, "idle", sheet));
    CHECK_INT_EQ(sheet->refcount, 3);
    CHECK(a->sheet == sheet);
    CHECK_STR_EQ(a->name, "walk");
    CHECK(sf_sprite("walk") == a);
    CHECK(sf_sprite("idle") == b);
    /* Everything else is left at zero for the caller. */
    CHECK_INT_EQ(a->width, 0);
    CHECK_INT_EQ(a->height, 0);
    CHECK_INT_EQ(a->frames, 0);
    CHECK_INT_EQ(a->speed, 0);
    CHECK(!a->loop && !a->loopReverse);

    /* The game lets go of its sheet reference: the sprites keep it alive. */
    SDL_Texture *tex = sheet->texture;
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
    CHECK_INT_EQ(sheet->refcount, 2);
    CHECK_OK(akgl_heap_release_sprite(a));
    CHECK(sf_sprite("walk") == NULL);
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK(sf_texture_alive(tex));
    /* The last sprite takes the sheet with it. */
    CHECK_OK(akgl_heap_release_sprite(b));
    CHECK(!sf_texture_alive(tex));
    CHECK(sf_sheet(SF_SHEET_192) == NULL);
}

static void test_sprite_initialize_refusals(void)
{
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_192);
    akgl_Sprite *a = NULL, *b = NULL;
    char name[AKGL_SPRITE_MAX_NAME_LENGTH + 1];
    if (sheet == NULL) {
        return;
    }
    CHECK_OK(akgl_heap_next_sprite(&a));
    CHECK_OK(akgl_heap_next_sprite(&b));
    CHECK_STATUS_MSG(akgl_sprite_initialize(NULL, "x", sheet), AKERR_NULLPOINTER, "NULL sprite");
    CHECK_STATUS_MSG(akgl_sprite_initialize(a, NULL, sheet), AKERR_NULLPOINTER, "NULL name");
    CHECK_STATUS_MSG(akgl_sprite_initialize(a, "x", NULL), AKERR_NULLPOINTER, "NULL sheet");
    /* A released sheet (a free slot) cannot be cut from. */
    akgl_SpriteSheet *gone = NULL;
    CHECK_OK(akgl_heap_next_spritesheet(&gone));
    CHECK_OK(akgl_heap_release_spritesheet(gone));
    CHECK_STATUS_MSG(akgl_sprite_initialize(a, "x", gone), AKGL_ERR_HEAP, "is released");
    CHECK_INT_EQ(gone->refcount, 0);
    CHECK(sf_sprite("x") == NULL);
    /* A sprite slot that was not acquired. */
    akgl_Sprite *unacquired = NULL;
    CHECK_OK(akgl_heap_next_sprite(&unacquired));
    CHECK_OK(akgl_heap_release_sprite(unacquired));
    CHECK_STATUS_MSG(akgl_sprite_initialize(unacquired, "x", sheet), AKGL_ERR_HEAP,
                     "not acquired");
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK(sf_sprite("x") == NULL);

    /* 127 bytes fit; 128 are refused, not truncated into a key. */
    memset(name, 's', sizeof(name));
    name[128] = '\0';
    CHECK_STATUS_MSG(akgl_sprite_initialize(a, name, sheet), AKERR_OUTOFBOUNDS,
                     "is 128 bytes; the limit is 127");
    CHECK_INT_EQ(sheet->refcount, 1);
    name[127] = '\0';
    CHECK_OK(akgl_sprite_initialize(a, name, sheet));
    CHECK(sf_sprite(name) == a);
    CHECK_INT_EQ(sheet->refcount, 2);

    /* A name another sprite holds. */
    CHECK_STATUS_MSG(akgl_sprite_initialize(b, name, sheet), AKERR_REGISTRY,
                     "already registered");
    CHECK_INT_EQ(sheet->refcount, 2);
    CHECK(b->sheet == NULL);
    CHECK(sf_sprite(name) == a);

    CHECK_OK(akgl_heap_release_sprite(b));
    CHECK_OK(akgl_heap_release_sprite(a));
    CHECK_INT_EQ(sheet->refcount, 1);
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_sprite_reinitialised_moves_name_and_sheet(void)
{
    akgl_SpriteSheet *big = load_sheet(SF_SHEET_192);
    akgl_SpriteSheet *small = load_sheet(SF_SHEET_64);
    akgl_Sprite *spr = NULL;
    if (big == NULL || small == NULL) {
        return;
    }
    CHECK_OK(akgl_heap_next_sprite(&spr));
    CHECK_OK(akgl_sprite_initialize(spr, "before", big));
    CHECK_INT_EQ(big->refcount, 2);
    CHECK_OK(akgl_sprite_initialize(spr, "after", small));
    CHECK_INT_EQ(big->refcount, 1);
    CHECK_INT_EQ(small->refcount, 2);
    CHECK_INT_EQ(spr->refcount, 1);
    CHECK(sf_sprite("before") == NULL);
    CHECK(sf_sprite("after") == spr);
    /* Same name, same sheet: no reference gained or lost. */
    CHECK_OK(akgl_sprite_initialize(spr, "after", small));
    CHECK_INT_EQ(small->refcount, 2);
    CHECK(sf_sprite("after") == spr);
    CHECK_OK(akgl_heap_release_sprite(spr));
    CHECK_INT_EQ(small->refcount, 1);
    CHECK_OK(akgl_heap_release_spritesheet(big));
    CHECK_OK(akgl_heap_release_spritesheet(small));
}

/* docs/10-sprites.md, "Building one by hand", verbatim. */
akerr_ErrorContext *build_walk_sprite(const char *imagepath);
akerr_ErrorContext *build_walk_sprite(const char *imagepath)
{
    akgl_SpriteSheet *sheet = NULL;
    akgl_Sprite *walk = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, imagepath, AKERR_NULLPOINTER, "imagepath");
    PASS(errctx, akgl_heap_next_spritesheet(&sheet));      /* sheet: 1, ours */
    ATTEMPT {
        CATCH(errctx, akgl_spritesheet_initialize(sheet, 0, 0, imagepath));
        CATCH(errctx, akgl_heap_next_sprite(&walk));        /* walk: 1, the game's */
        CATCH(errctx, akgl_sprite_initialize(walk, "hero walking left", sheet)); /* sheet: 2 */
        walk->width = 48;
        walk->height = 48;
        walk->frames = 3;
        walk->frameids[0] = 12;
        walk->frameids[1] = 13;
        walk->frameids[2] = 14;
        walk->speed = 100 * AKGL_TIME_ONEMS_NS;             /* 100 ms, in nanoseconds */
        walk->loop = true;
        walk = NULL;                         /* registered: the game holds it now */
    } CLEANUP {
        if (walk != NULL) {
            IGNORE(akgl_heap_release_sprite(walk));         /* failed after its acquire */
        }
        IGNORE(akgl_heap_release_spritesheet(sheet));       /* ours: the sprite keeps it */
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void test_build_walk_sprite_from_the_chapter(void)
{
    char path[PATH_MAX];
    sf_make_sheet("walk_192x192_48.png", 4, 4, 48);
    sf_path(path, "walk_192x192_48.png");

    CHECK_OK(build_walk_sprite(path));
    akgl_Sprite *walk = sf_sprite("hero walking left");
    CHECK(walk != NULL);
    if (walk == NULL) {
        return;
    }
    CHECK_INT_EQ(walk->refcount, 1);
    CHECK_INT_EQ(walk->sheet->refcount, 1); /* only the sprite holds it */
    SDL_FRect r;
    CHECK_OK(akgl_spritesheet_coords_for_frame(walk, 2, &r));
    CHECK(r.x == 96 && r.y == 144);

    /* Failures strand nothing (the harness checks every count). */
    CHECK_STATUS_MSG(build_walk_sprite(path), AKERR_REGISTRY, "already registered");
    CHECK_STATUS(build_walk_sprite(SF_ASSETS "/no_such.png"), ENOENT);
    CHECK_STATUS(build_walk_sprite(NULL), AKERR_NULLPOINTER);

    SDL_Texture *tex = walk->sheet->texture;
    CHECK_OK(akgl_heap_release_sprite(walk));
    CHECK(!sf_texture_alive(tex));
}

/* ------------------------------------------------------------------------ */
/* Frame coordinates                                                        */
/* ------------------------------------------------------------------------ */

static void test_coords_grid_example(void)
{
    static const float expect[4][2] = {{0, 48}, {48, 48}, {96, 48}, {48, 48}};
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_192);
    if (sheet == NULL) {
        return;
    }
    akgl_Sprite *spr = grid_sprite(sheet, "hero walking left");
    CHECK_OK(akgl_heap_release_spritesheet(spr->sheet)); /* the sprite holds it */
    for (int id = 0; id < 4; id++) {
        SDL_FRect r = {-1, -1, -1, -1};
        CHECK_OK(akgl_spritesheet_coords_for_frame(spr, id, &r));
        CHECK_MSG(r.x == expect[id][0] && r.y == expect[id][1] && r.w == 48 && r.h == 48,
                  "frame id %d: (%g, %g) %gx%g, expected (%g, %g) 48x48", id, (double)r.x,
                  (double)r.y, (double)r.w, (double)r.h, (double)expect[id][0],
                  (double)expect[id][1]);
    }
    CHECK_OK(akgl_heap_release_sprite(spr));
}

static void test_coords_refusals(void)
{
    SDL_FRect r = {7, 7, 7, 7};
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_192);
    if (sheet == NULL) {
        return;
    }
    akgl_Sprite *spr = grid_sprite(sheet, "grid");

    /* Frame ids outside the playlist, including past AKGL_SPRITE_MAX_FRAMES. */
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, -1, &r), AKERR_OUTOFBOUNDS,
                     "frame id -1 of sprite \"grid\" is outside 0..3");
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 4, &r), AKERR_OUTOFBOUNDS,
                     "frame id 4 of sprite \"grid\" is outside 0..3");
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 16, &r), AKERR_OUTOFBOUNDS,
                     "frame id 16");
    spr->frames = 40; /* a corrupt count is still held to the array */
    CHECK_STATUS(akgl_spritesheet_coords_for_frame(spr, 16, &r), AKERR_OUTOFBOUNDS);
    spr->frames = 4;
    CHECK_MSG(r.x == 7 && r.y == 7 && r.w == 7 && r.h == 7, "dest written by a refused call");

    /* A frame number whose cell is not on the texture: 8 is row 2 of a 2-row sheet. */
    spr->frameids[1] = 8;
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 1, &r), AKERR_OUTOFBOUNDS,
                     "frame number 8 of sprite \"grid\" (48x48 cells) lies off its 192x96 sheet");
    spr->frameids[1] = 255;
    CHECK_STATUS(akgl_spritesheet_coords_for_frame(spr, 1, &r), AKERR_OUTOFBOUNDS);
    spr->frameids[1] = 7;
    CHECK_OK(akgl_spritesheet_coords_for_frame(spr, 1, &r));
    CHECK(r.x == 144 && r.y == 48);

    /* Cells wider than the sheet, and a sprite without a size. */
    spr->width = 193;
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 0, &r), AKERR_OUTOFBOUNDS,
                     "lies off");
    spr->width = 0;
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 0, &r), AKERR_OUTOFBOUNDS,
                     "frames need a size");
    spr->width = 48;

    /* NULLs, and a sheet without its texture. */
    CHECK_STATUS(akgl_spritesheet_coords_for_frame(NULL, 0, &r), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_spritesheet_coords_for_frame(spr, 0, NULL), AKERR_NULLPOINTER);
    SDL_Texture *tex = sheet->texture;
    sheet->texture = NULL;
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 0, &r), AKERR_NULLPOINTER,
                     "has no texture");
    sheet->texture = tex;
    spr->sheet = NULL;
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 0, &r), AKERR_NULLPOINTER,
                     "has no sheet");
    spr->sheet = sheet;

    CHECK_OK(akgl_heap_release_sprite(spr));
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_coords_on_a_registered_but_unloaded_sheet(void)
{
    /* The seed's crash case: a sheet that is registered but has no texture. */
    akgl_SpriteSheet *sheet = NULL;
    akgl_Sprite *spr = NULL;
    SDL_FRect r;
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    SDL_strlcpy(sheet->name, "/unloaded.png", sizeof(sheet->name));
    CHECK_OK(akgl_registry_add(AKGL_REGISTRY_SPRITESHEET, "spritesheet", sheet->name, sheet));
    CHECK_OK(akgl_heap_next_sprite(&spr));
    CHECK_OK(akgl_sprite_initialize(spr, "unloaded", sheet));
    spr->width = spr->height = 16;
    spr->frames = 1;
    CHECK_STATUS_MSG(akgl_spritesheet_coords_for_frame(spr, 0, &r), AKERR_NULLPOINTER,
                     "sheet \"/unloaded.png\" of sprite \"unloaded\" has no texture");
    CHECK_OK(akgl_heap_release_sprite(spr));
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_coords_rows_wrap_on_sheet_width(void)
{
    /* 64 x 64 sheet, 16 x 16 cells: four to a row. A 32 x 16 sprite on it
     * has two columns, so frame number 3 is column 1 of row 1. */
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_64);
    SDL_FRect r;
    if (sheet == NULL) {
        return;
    }
    akgl_Sprite *spr = NULL;
    CHECK_OK(akgl_heap_next_sprite(&spr));
    CHECK_OK(akgl_sprite_initialize(spr, "wide", sheet));
    spr->width = 32;
    spr->height = 16;
    spr->frames = 2;
    spr->frameids[0] = 3;
    spr->frameids[1] = 7;
    CHECK_OK(akgl_spritesheet_coords_for_frame(spr, 0, &r));
    CHECK(r.x == 32 && r.y == 16 && r.w == 32 && r.h == 16);
    CHECK_OK(akgl_spritesheet_coords_for_frame(spr, 1, &r));
    CHECK(r.x == 32 && r.y == 48);
    /* A width that does not divide the sheet: 24 gives two whole columns. */
    spr->width = 24;
    spr->frameids[0] = 2;
    CHECK_OK(akgl_spritesheet_coords_for_frame(spr, 0, &r));
    CHECK(r.x == 0 && r.y == 16 && r.w == 24);
    CHECK_OK(akgl_heap_release_sprite(spr));
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

/* ------------------------------------------------------------------------ */
/* Pixels                                                                   */
/* ------------------------------------------------------------------------ */

static void test_frames_drawn_are_the_expected_cells(void)
{
    SDL_Renderer *r = sf_canvas.sdl;
    akgl_SpriteSheet *sheet = load_sheet(SF_SHEET_192);
    if (sheet == NULL) {
        return;
    }
    akgl_Sprite *spr = grid_sprite(sheet, "drawn");
    for (int id = 0; id < spr->frames; id++) {
        int cell = spr->frameids[id];
        SDL_FRect src;
        SDL_FRect dst = {10, 20, 48, 48};
        CHECK_OK(akgl_spritesheet_coords_for_frame(spr, id, &src));
        CHECK(SDL_SetRenderDrawColor(r, 0, 0, 0, 255));
        CHECK(SDL_RenderClear(r));
        CHECK(SDL_RenderTexture(r, sheet->texture, &src, &dst));
        SDL_Color f = FILL_192[cell];
        CHECK_PIXEL(r, 10, 20, 255, 255, cell * 32); /* the cell's own marker */
        CHECK_PIXEL(r, 11, 20, f.r, f.g, f.b);
        CHECK_PIXEL(r, 10, 21, f.r, f.g, f.b);
        CHECK_PIXEL(r, 57, 67, f.r, f.g, f.b); /* bottom-right of the cell */
        CHECK_PIXEL(r, 58, 67, 0, 0, 0);       /* nothing of the neighbour */
        CHECK_PIXEL(r, 57, 68, 0, 0, 0);
        CHECK_PIXEL(r, 9, 20, 0, 0, 0);
    }

    /* Scaled up 2x the cells stay exact (nearest sampling): the marker is a
     * 2 x 2 block and the fill starts right after it. */
    SDL_FRect src, dst = {0, 0, 96, 96};
    CHECK_OK(akgl_spritesheet_coords_for_frame(spr, 2, &src));
    CHECK(SDL_RenderClear(r));
    CHECK(SDL_RenderTexture(r, sheet->texture, &src, &dst));
    CHECK_PIXEL(r, 0, 0, 255, 255, 192);
    CHECK_PIXEL(r, 1, 1, 255, 255, 192);
    CHECK_PIXEL(r, 2, 2, 200, 120, 40);
    CHECK_PIXEL(r, 95, 95, 200, 120, 40);
    CHECK_OK(akgl_heap_release_sprite(spr));
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

static void test_generated_sheet_frames_12_to_14(void)
{
    /* A 4 x 4 sheet of 48 x 48 cells, generated here, so the seed's frames
     * 12..14 exist: they are row 3. */
    char path[PATH_MAX];
    SDL_Renderer *r = sf_canvas.sdl;
    sf_make_sheet("sheet_192x192_48.png", 4, 4, 48);
    sf_path(path, "sheet_192x192_48.png");
    akgl_SpriteSheet *sheet = load_sheet(path);
    if (sheet == NULL) {
        return;
    }
    akgl_Sprite *spr = NULL;
    CHECK_OK(akgl_heap_next_sprite(&spr));
    CHECK_OK(akgl_sprite_initialize(spr, "hero walking left", sheet));
    spr->width = spr->height = 48;
    spr->frames = 3;
    spr->frameids[0] = 12;
    spr->frameids[1] = 13;
    spr->frameids[2] = 14;
    for (int id = 0; id < 3; id++) {
        SDL_FRect src, dst = {0, 0, 48, 48};
        CHECK_OK(akgl_spritesheet_coords_for_frame(spr, id, &src));
        CHECK(src.x == 48.0f * (float)id && src.y == 144);
        CHECK(SDL_RenderTexture(r, sheet->texture, &src, &dst));
        SDL_Color m = sf_marker(12 + id, 16), f = sf_fill(12 + id);
        CHECK_PIXEL(r, 0, 0, m.r, m.g, m.b);
        CHECK_PIXEL(r, 47, 47, f.r, f.g, f.b);
    }
    CHECK_OK(akgl_heap_release_sprite(spr));
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_bind_renderer();
    sf_add_counters();
    RUN_TEST(test_sheet_arguments);
    RUN_TEST(test_sheet_loads_texture_and_registers_verbatim);
    RUN_TEST(test_sheet_two_spellings_are_two_sheets);
    RUN_TEST(test_sheet_failures_keep_nothing);
    RUN_TEST(test_sheet_duplicate_name_refused);
    RUN_TEST(test_sheet_unacquired_slot_and_stack_struct);
    RUN_TEST(test_sheet_reinitialised_lets_go_of_old_image);
    RUN_TEST(test_sheet_and_sprite_cycles);
    RUN_TEST(test_sprite_initialize_holds_its_sheet);
    RUN_TEST(test_sprite_initialize_refusals);
    RUN_TEST(test_sprite_reinitialised_moves_name_and_sheet);
    RUN_TEST(test_build_walk_sprite_from_the_chapter);
    RUN_TEST(test_coords_grid_example);
    RUN_TEST(test_coords_refusals);
    RUN_TEST(test_coords_on_a_registered_but_unloaded_sheet);
    RUN_TEST(test_coords_rows_wrap_on_sheet_width);
    RUN_TEST(test_frames_drawn_are_the_expected_cells);
    RUN_TEST(test_generated_sheet_frames_12_to_14);
    sf_unbind_renderer();
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
