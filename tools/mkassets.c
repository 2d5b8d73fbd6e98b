/*
 * akgl_mkassets: draws the PNG fixtures the tests and the demo use.
 *
 *   akgl_mkassets TESTS_DIR [DEMO_DIR]   write the test sheets into TESTS_DIR
 *                                        and hero.png into DEMO_DIR
 *                                        (TESTS_DIR when omitted)
 *   akgl_mkassets --describe             print what each file holds (Markdown;
 *                                        tests/assets/README.md quotes it)
 *
 * Everything is drawn from the tables below into SDL surfaces and written
 * with SDL3_image's IMG_SavePNG (libpng, which stores no time stamp), so the
 * same build writes the same bytes every time. The committed copies are
 * tests/assets/ and examples/assets/; `cmake --build build --target
 * akgl_assets` rewrites them and the ctest test `akgl_assets` checks that
 * what is committed is what this program writes, byte for byte.
 *
 * The sheets. Cells are numbered row-major from 0: cell i is at column
 * i % columns, row i / columns, so its top-left pixel is
 * (column * cell_size, row * cell_size). Each cell is filled with one opaque
 * colour, and its top-left pixel (local 0,0) is its marker: an opaque colour
 * unique to the cell. Every marker has red 255 and no fill does, so a pixel
 * read back tells which cell it came from and whether it is a marker
 * (a source rectangle's origin, a flip).
 *
 *   marker of cell i of an N-cell sheet: (255, 255, i * 256 / N)
 *
 * sheet_192x96_48.png, 4 x 2 cells of 48 x 48; fills from SHEET48_FILLS:
 *   cell 0 (200, 40, 40) red      cell 4 (200, 40,200) magenta
 *   cell 1 ( 40,200, 40) green    cell 5 ( 40,200,200) cyan
 *   cell 2 ( 40, 40,200) blue     cell 6 (200,120, 40) orange
 *   cell 3 (200,200, 40) yellow   cell 7 (120, 40,200) purple
 *   markers (255,255,0), (255,255,32), ... (255,255,224).
 * sheet_64x64_16.png, 4 x 4 cells of 16 x 16:
 *   fill of the cell at (column, row): (32 + 64 * column, 32 + 64 * row, 160)
 *   markers (255,255,0), (255,255,16), ... (255,255,240).
 * tiles_32x32_8.png, 4 x 4 tiles of 8 x 8:
 *   fill of the tile at (column, row): (32 + 64 * column, 32 + 64 * row, 96)
 *   markers as sheet_64x64_16.png.
 *
 * hero.png: a 16 x 16 character for the demo, drawn from HERO_ROWS and
 * HERO_PALETTE below; '.' is fully transparent (0,0,0,0).
 */
#include <akerror.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>

#include <stdio.h>
#include <string.h>

typedef struct Rgb {
    Uint8 r, g, b;
} Rgb;

typedef struct Sheet {
    const char *file;
    int columns, rows, cell;  /* the image is columns*cell x rows*cell */
    const Rgb *fills;         /* one per cell, or NULL: the (column, row) formula */
    Uint8 blue;               /* the formula's blue */
    const char *what;         /* for --describe */
} Sheet;

static const Rgb SHEET48_FILLS[8] = {
    {200, 40, 40},  {40, 200, 40},  {40, 40, 200},  {200, 200, 40},
    {200, 40, 200}, {40, 200, 200}, {200, 120, 40}, {120, 40, 200},
};

static const Sheet SHEETS[] = {
    {"sheet_192x96_48.png", 4, 2, 48, SHEET48_FILLS, 0, "A spritesheet of 8 frames"},
    {"sheet_64x64_16.png", 4, 4, 16, NULL, 160, "A spritesheet of 16 small frames"},
    {"tiles_32x32_8.png", 4, 4, 8, NULL, 96, "A tileset of 16 tiles"},
};

#define HERO_FILE "hero.png"
#define HERO_SIZE 16

static const char *const HERO_ROWS[HERO_SIZE] = {
    "................",
    ".....HHHHHH.....",
    "....HHHHHHHH..W.",
    "....HSSSSSSH..W.",
    "....SSESSESS..W.",
    "....SSSSSSSS..W.",
    ".....SSMMSS...W.",
    "......SSSS...BBB",
    "...TTTTTTTTTT.B.",
    "..STTTTTTTTTTSS.",
    "..S.TTTTTTTT....",
    "....BBBBBBBB....",
    "....LLLL.LLL....",
    "....LLL..LLL....",
    "....LLL..LLL....",
    "...OOOO..OOOO...",
};

static const struct {
    char key;
    SDL_Color colour;
    const char *what;
} HERO_PALETTE[] = {
    {'.', {0, 0, 0, 0}, "transparent"},
    {'H', {90, 50, 20, 255}, "hair"},
    {'S', {240, 190, 140, 255}, "skin"},
    {'E', {20, 20, 30, 255}, "eyes"},
    {'M', {180, 60, 60, 255}, "mouth"},
    {'T', {40, 90, 200, 255}, "tunic"},
    {'B', {120, 70, 20, 255}, "belt, sword hilt"},
    {'L', {60, 60, 70, 255}, "legs"},
    {'O', {30, 30, 30, 255}, "boots"},
    {'W', {210, 210, 220, 255}, "sword blade"},
};

static Rgb cell_fill(const Sheet *sheet, int column, int row)
{
    if (sheet->fills != NULL) {
        return sheet->fills[row * sheet->columns + column];
    }
    Rgb c = {(Uint8)(32 + 64 * column), (Uint8)(32 + 64 * row), sheet->blue};
    return c;
}

static Rgb cell_marker(const Sheet *sheet, int index)
{
    int cells = sheet->columns * sheet->rows;
    Rgb c = {255, 255, (Uint8)(index * 256 / cells)};
    return c;
}

static akerr_ErrorContext AKERR_NOIGNORE *new_surface(int w, int h, SDL_Surface **dest)
{
    PREPARE_ERROR(errctx);
    SDL_Surface *surface = SDL_CreateSurface(w, h, SDL_PIXELFORMAT_RGBA32);
    FAIL_ZERO_RETURN(errctx, surface, AKERR_API, "SDL_CreateSurface %dx%d: %s", w, h,
                     SDL_GetError());
    if (!SDL_FillSurfaceRect(surface, NULL, SDL_MapSurfaceRGBA(surface, 0, 0, 0, 0))) {
        SDL_DestroySurface(surface);
        FAIL_RETURN(errctx, AKERR_API, "SDL_FillSurfaceRect: %s", SDL_GetError());
    }
    *dest = surface;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_sheet(const Sheet *sheet, SDL_Surface *surface)
{
    PREPARE_ERROR(errctx);
    for (int row = 0; row < sheet->rows; row++) {
        for (int column = 0; column < sheet->columns; column++) {
            int index = row * sheet->columns + column;
            Rgb fill = cell_fill(sheet, column, row);
            Rgb marker = cell_marker(sheet, index);
            SDL_Rect rect = {column * sheet->cell, row * sheet->cell, sheet->cell, sheet->cell};
            FAIL_ZERO_RETURN(errctx,
                             SDL_FillSurfaceRect(surface, &rect,
                                                 SDL_MapSurfaceRGBA(surface, fill.r, fill.g,
                                                                    fill.b, 255)),
                             AKERR_API, "SDL_FillSurfaceRect: %s", SDL_GetError());
            FAIL_ZERO_RETURN(errctx,
                             SDL_WriteSurfacePixel(surface, rect.x, rect.y, marker.r, marker.g,
                                                   marker.b, 255),
                             AKERR_API, "SDL_WriteSurfacePixel: %s", SDL_GetError());
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *hero_colour(char key, SDL_Color *dest)
{
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < SDL_arraysize(HERO_PALETTE); i++) {
        if (HERO_PALETTE[i].key == key) {
            *dest = HERO_PALETTE[i].colour;
            SUCCEED_RETURN(errctx);
        }
    }
    FAIL_RETURN(errctx, AKERR_KEY, "hero: no colour for '%c'", key);
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_hero(SDL_Surface *surface)
{
    PREPARE_ERROR(errctx);
    for (int y = 0; y < HERO_SIZE; y++) {
        FAIL_NONZERO_RETURN(errctx, strlen(HERO_ROWS[y]) != (size_t)HERO_SIZE, AKERR_FORMAT,
                            "hero: row %d is not %d wide", y, HERO_SIZE);
        for (int x = 0; x < HERO_SIZE; x++) {
            SDL_Color c = {0, 0, 0, 0};
            PASS(errctx, hero_colour(HERO_ROWS[y][x], &c));
            FAIL_ZERO_RETURN(errctx, SDL_WriteSurfacePixel(surface, x, y, c.r, c.g, c.b, c.a),
                             AKERR_API, "SDL_WriteSurfacePixel: %s", SDL_GetError());
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *save(SDL_Surface *surface, const char *dir,
                                               const char *file)
{
    PREPARE_ERROR(errctx);
    char path[4096];
    int n = snprintf(path, sizeof(path), "%s/%s", dir, file);
    FAIL_NONZERO_RETURN(errctx, n < 0 || (size_t)n >= sizeof(path), AKERR_OUTOFBOUNDS,
                        "path too long: %s/%s", dir, file);
    FAIL_ZERO_RETURN(errctx, IMG_SavePNG(surface, path), AKERR_IO, "IMG_SavePNG %s: %s", path,
                     SDL_GetError());
    printf("wrote %s (%dx%d)\n", path, surface->w, surface->h);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *write_sheet(const Sheet *sheet, const char *dir)
{
    PREPARE_ERROR(errctx);
    SDL_Surface *surface = NULL;
    ATTEMPT {
        CATCH(errctx, new_surface(sheet->columns * sheet->cell, sheet->rows * sheet->cell,
                                  &surface));
        CATCH(errctx, draw_sheet(sheet, surface));
        CATCH(errctx, save(surface, dir, sheet->file));
    } CLEANUP {
        SDL_DestroySurface(surface);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *write_hero(const char *dir)
{
    PREPARE_ERROR(errctx);
    SDL_Surface *surface = NULL;
    ATTEMPT {
        CATCH(errctx, new_surface(HERO_SIZE, HERO_SIZE, &surface));
        CATCH(errctx, draw_hero(surface));
        CATCH(errctx, save(surface, dir, HERO_FILE));
    } CLEANUP {
        SDL_DestroySurface(surface);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* Markdown for tests/assets/README.md: every cell's fill and marker. */
static void describe(void)
{
    for (size_t s = 0; s < SDL_arraysize(SHEETS); s++) {
        const Sheet *sheet = &SHEETS[s];
        printf("### %s\n\n%s: %d x %d cells of %d x %d, image %d x %d.\n\n", sheet->file,
               sheet->what, sheet->columns, sheet->rows, sheet->cell, sheet->cell,
               sheet->columns * sheet->cell, sheet->rows * sheet->cell);
        printf("| cell | column, row | top-left pixel | fill (R, G, B) | marker at top-left (R, G, B) |\n");
        printf("|---:|---|---|---|---|\n");
        for (int row = 0; row < sheet->rows; row++) {
            for (int column = 0; column < sheet->columns; column++) {
                int index = row * sheet->columns + column;
                Rgb f = cell_fill(sheet, column, row);
                Rgb m = cell_marker(sheet, index);
                printf("| %d | %d, %d | %d, %d | %d, %d, %d | %d, %d, %d |\n", index, column, row,
                       column * sheet->cell, row * sheet->cell, f.r, f.g, f.b, m.r, m.g, m.b);
            }
        }
        printf("\n");
    }
    printf("## %s (in examples/assets/)\n\nA %d x %d character for the demo, on a transparent background:\n\n```\n",
           HERO_FILE, HERO_SIZE, HERO_SIZE);
    for (int y = 0; y < HERO_SIZE; y++) {
        printf("%s\n", HERO_ROWS[y]);
    }
    printf("```\n\n| key | what | R, G, B, A |\n|---|---|---|\n");
    for (size_t i = 0; i < SDL_arraysize(HERO_PALETTE); i++) {
        SDL_Color c = HERO_PALETTE[i].colour;
        printf("| `%c` | %s | %d, %d, %d, %d |\n", HERO_PALETTE[i].key, HERO_PALETTE[i].what, c.r,
               c.g, c.b, c.a);
    }
}

int main(int argc, char **argv)
{
    PREPARE_ERROR(errctx);
    if (argc == 2 && strcmp(argv[1], "--describe") == 0) {
        describe();
        return 0;
    }
    if (argc < 2 || argc > 3 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s TESTS_DIR [DEMO_DIR]\n       %s --describe\n", argv[0],
                argv[0]);
        return 2;
    }
    const char *tests_dir = argv[1];
    const char *demo_dir = argc == 3 ? argv[2] : argv[1];
    ATTEMPT {
        for (size_t s = 0; s < SDL_arraysize(SHEETS); s++) {
            CATCH(errctx, write_sheet(&SHEETS[s], tests_dir));
        }
        if (errctx != NULL) {
            break; /* CATCH in the loop left the loop, not the ATTEMPT */
        }
        CATCH(errctx, write_hero(demo_dir));
    } CLEANUP {
    } PROCESS(errctx) {
    } FINISH_NORETURN(errctx);
    return 0;
}
