/*
 * akgl demo: open a window, draw a sprite, save the frame as a PNG.
 *
 *   akgl_demo [--check] [OUTPUT.png]        (default: build/demo.png)
 *
 * Loads examples/assets/hero.png with SDL3_image, draws it three times,
 * scaled, on a sky-and-grass background with SDL's software renderer, reads
 * the frame back with SDL_RenderReadPixels and writes it to OUTPUT.png.
 * With a display the window stays up until it is closed (or Escape, or five
 * seconds); without one (SDL_VIDEO_DRIVER=offscreen, as tools/demo.sh sets
 * it) it draws offscreen and exits.
 *
 * --check loads OUTPUT.png back and checks a few pixels against what was
 * drawn: the sky, a hero's tunic, a transparent pixel of the hero showing
 * the sky through it. ctest runs the demo that way.
 *
 * Every step that can fail returns an akerror context; main handles them all
 * in one place.
 */
#include <akerror.h>
#include <akgl/version.h>

#include <SDL3/SDL.h>
#include <SDL3_image/SDL_image.h>

#include <stdio.h>
#include <string.h>

#define SCREEN_W 320
#define SCREEN_H 240
#define GROUND_Y 200
#define HERO_PNG AKGL_DEMO_ASSETS_DIR "/hero.png"
#define DEFAULT_OUTPUT "build/demo.png"

static const SDL_Color SKY = {100, 149, 237, 255};
static const SDL_Color GRASS = {60, 160, 70, 255};

/* Where the heroes stand: top-left corner, scale (16x16 pixels each), flip. */
typedef struct Placement {
    float x, y, scale;
    SDL_FlipMode flip;
} Placement;

static const Placement HEROES[] = {
    {40.0f, GROUND_Y - 16 * 4.0f, 4.0f, SDL_FLIP_NONE},
    {128.0f, GROUND_Y - 16 * 6.0f, 6.0f, SDL_FLIP_HORIZONTAL},
    {248.0f, GROUND_Y - 16 * 3.0f, 3.0f, SDL_FLIP_NONE},
};

/* Opens SDL's video, a window and the software renderer. */
static akerr_ErrorContext AKERR_NOIGNORE *open_video(SDL_Window **window, SDL_Renderer **renderer,
                                                     bool *headless)
{
    PREPARE_ERROR(errctx);
    if (!SDL_Init(SDL_INIT_VIDEO)) {
        /* No display and no driver asked for: draw offscreen instead. */
        FAIL_NONZERO_RETURN(errctx, SDL_getenv("SDL_VIDEO_DRIVER") != NULL, AKERR_API,
                            "SDL_Init: %s", SDL_GetError());
        SDL_SetHint(SDL_HINT_VIDEO_DRIVER, "offscreen");
        FAIL_ZERO_RETURN(errctx, SDL_Init(SDL_INIT_VIDEO), AKERR_API, "SDL_Init: %s",
                         SDL_GetError());
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    *headless = driver != NULL && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0);
    if (*headless) {
        /* Offscreen, a window surface must not go through OpenGL (that would
         * load Mesa for nothing): keep it in plain memory. */
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    *window = SDL_CreateWindow("akgl demo", SCREEN_W, SCREEN_H, 0);
    FAIL_ZERO_RETURN(errctx, *window, AKERR_API, "SDL_CreateWindow: %s", SDL_GetError());
    *renderer = SDL_CreateRenderer(*window, SDL_SOFTWARE_RENDERER);
    FAIL_ZERO_RETURN(errctx, *renderer, AKERR_API, "SDL_CreateRenderer: %s", SDL_GetError());
    printf("video driver %s, renderer %s, window %dx%d\n", driver != NULL ? driver : "?",
           SDL_GetRendererName(*renderer), SCREEN_W, SCREEN_H);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *draw_scene(SDL_Renderer *renderer, SDL_Texture *hero)
{
    PREPARE_ERROR(errctx);
    SDL_FRect grass = {0.0f, (float)GROUND_Y, (float)SCREEN_W, (float)(SCREEN_H - GROUND_Y)};
    FAIL_ZERO_RETURN(errctx, SDL_SetRenderDrawColor(renderer, SKY.r, SKY.g, SKY.b, SKY.a),
                     AKERR_API, "SDL_SetRenderDrawColor: %s", SDL_GetError());
    FAIL_ZERO_RETURN(errctx, SDL_RenderClear(renderer), AKERR_API, "SDL_RenderClear: %s",
                     SDL_GetError());
    FAIL_ZERO_RETURN(errctx, SDL_SetRenderDrawColor(renderer, GRASS.r, GRASS.g, GRASS.b, GRASS.a),
                     AKERR_API, "SDL_SetRenderDrawColor: %s", SDL_GetError());
    FAIL_ZERO_RETURN(errctx, SDL_RenderFillRect(renderer, &grass), AKERR_API,
                     "SDL_RenderFillRect: %s", SDL_GetError());
    for (size_t i = 0; i < SDL_arraysize(HEROES); i++) {
        const Placement *p = &HEROES[i];
        SDL_FRect dst = {p->x, p->y, hero->w * p->scale, hero->h * p->scale};
        FAIL_ZERO_RETURN(errctx, SDL_RenderTextureRotated(renderer, hero, NULL, &dst, 0.0, NULL,
                                                          p->flip),
                         AKERR_API, "SDL_RenderTextureRotated: %s", SDL_GetError());
        printf("drew hero at (%.0f, %.0f), %.0fx%s\n", p->x, p->y, p->scale,
               p->flip == SDL_FLIP_HORIZONTAL ? ", flipped" : "");
    }
    SUCCEED_RETURN(errctx);
}

/* Reads the frame back (before it is presented) and writes it as a PNG. */
static akerr_ErrorContext AKERR_NOIGNORE *save_frame(SDL_Renderer *renderer, const char *path)
{
    PREPARE_ERROR(errctx);
    SDL_Surface *frame = SDL_RenderReadPixels(renderer, NULL);
    FAIL_ZERO_RETURN(errctx, frame, AKERR_API, "SDL_RenderReadPixels: %s", SDL_GetError());
    bool saved = IMG_SavePNG(frame, path);
    SDL_DestroySurface(frame);
    FAIL_ZERO_RETURN(errctx, saved, AKERR_IO, "IMG_SavePNG %s: %s", path, SDL_GetError());
    printf("wrote %s\n", path);
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext AKERR_NOIGNORE *expect_pixel(SDL_Surface *image, int x, int y,
                                                       SDL_Color want, const char *what)
{
    PREPARE_ERROR(errctx);
    Uint8 r = 0, g = 0, b = 0, a = 0;
    FAIL_ZERO_RETURN(errctx, SDL_ReadSurfacePixel(image, x, y, &r, &g, &b, &a), AKERR_API,
                     "SDL_ReadSurfacePixel (%d, %d): %s", x, y, SDL_GetError());
    FAIL_NONZERO_RETURN(errctx, r != want.r || g != want.g || b != want.b, AKERR_VALUE,
                        "%s at (%d, %d) is (%d, %d, %d), expected (%d, %d, %d)", what, x, y, r,
                        g, b, want.r, want.g, want.b);
    printf("check: %s at (%d, %d) is (%d, %d, %d)\n", what, x, y, r, g, b);
    SUCCEED_RETURN(errctx);
}

/* The centre of the screen pixel hero pixel (hx, hy) lands on, unflipped. */
static void hero_spot(const Placement *p, int hx, int hy, int *x, int *y)
{
    *x = (int)(p->x + (hx + 0.5f) * p->scale);
    *y = (int)(p->y + (hy + 0.5f) * p->scale);
}

/* Loads the written PNG back and checks what should be where. */
static akerr_ErrorContext AKERR_NOIGNORE *check_output(const char *path, SDL_Surface *hero)
{
    PREPARE_ERROR(errctx);
    SDL_Surface *image = NULL;
    SDL_Color tunic = {0, 0, 0, 0}, hero_corner = {0, 0, 0, 0};
    int x = 0, y = 0;
    ATTEMPT {
        image = IMG_Load(path);
        FAIL_ZERO_BREAK(errctx, image, AKERR_IO, "IMG_Load %s: %s", path, SDL_GetError());
        FAIL_NONZERO_BREAK(errctx, image->w != SCREEN_W || image->h != SCREEN_H, AKERR_VALUE,
                           "%s is %dx%d, expected %dx%d", path, image->w, image->h, SCREEN_W,
                           SCREEN_H);
        /* The hero's own pixels, as loaded: (8, 9) is tunic, (0, 0) transparent. */
        FAIL_ZERO_BREAK(errctx, SDL_ReadSurfacePixel(hero, 8, 9, &tunic.r, &tunic.g, &tunic.b,
                                                     &tunic.a),
                        AKERR_API, "SDL_ReadSurfacePixel: %s", SDL_GetError());
        FAIL_ZERO_BREAK(errctx, SDL_ReadSurfacePixel(hero, 0, 0, &hero_corner.r, &hero_corner.g,
                                                     &hero_corner.b, &hero_corner.a),
                        AKERR_API, "SDL_ReadSurfacePixel: %s", SDL_GetError());
        FAIL_NONZERO_BREAK(errctx, tunic.a != 255 || hero_corner.a != 0, AKERR_VALUE,
                           "%s is not the hero this check knows", HERO_PNG);
        CATCH(errctx, expect_pixel(image, 2, 2, SKY, "sky"));
        CATCH(errctx, expect_pixel(image, SCREEN_W - 3, SCREEN_H - 3, GRASS, "grass"));
        hero_spot(&HEROES[0], 8, 9, &x, &y);
        CATCH(errctx, expect_pixel(image, x, y, tunic, "first hero's tunic"));
        hero_spot(&HEROES[0], 0, 0, &x, &y);
        CATCH(errctx, expect_pixel(image, x, y, SKY, "sky through the first hero's corner"));
    } CLEANUP {
        SDL_DestroySurface(image);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* With a window on a display: keep showing the frame until closed, Escape or 5 s. */
static void show_until_closed(SDL_Renderer *renderer, SDL_Texture *hero)
{
    Uint64 until = SDL_GetTicks() + 5000;
    while (SDL_GetTicks() < until) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (event.type == SDL_EVENT_QUIT ||
                (event.type == SDL_EVENT_KEY_DOWN && event.key.key == SDLK_ESCAPE)) {
                return;
            }
        }
        IGNORE(draw_scene(renderer, hero));
        SDL_RenderPresent(renderer);
        SDL_Delay(16);
    }
}

int main(int argc, char **argv)
{
    const char *output = DEFAULT_OUTPUT;
    bool check = false, headless = true;
    int major = 0, minor = 0, patch = 0;
    SDL_Window *window = NULL;
    SDL_Renderer *renderer = NULL;
    SDL_Surface *hero_image = NULL;
    SDL_Texture *hero = NULL;
    PREPARE_ERROR(errctx);

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0) {
            check = true;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--check] [OUTPUT.png]\n", argv[0]);
            return 2;
        } else {
            output = argv[i];
        }
    }

    ATTEMPT {
        CATCH(errctx, akgl_version(&major, &minor, &patch));
        int sdl = SDL_GetVersion();
        printf("akgl %d.%d.%d, SDL %d.%d.%d\n", major, minor, patch, SDL_VERSIONNUM_MAJOR(sdl),
               SDL_VERSIONNUM_MINOR(sdl), SDL_VERSIONNUM_MICRO(sdl));
        CATCH(errctx, open_video(&window, &renderer, &headless));

        hero_image = IMG_Load(HERO_PNG);
        FAIL_ZERO_BREAK(errctx, hero_image, AKERR_IO, "IMG_Load %s: %s", HERO_PNG,
                        SDL_GetError());
        hero = SDL_CreateTextureFromSurface(renderer, hero_image);
        FAIL_ZERO_BREAK(errctx, hero, AKERR_API, "SDL_CreateTextureFromSurface: %s",
                        SDL_GetError());
        /* Pixel art: scale by repeating pixels, not by blurring them. */
        FAIL_ZERO_BREAK(errctx, SDL_SetTextureScaleMode(hero, SDL_SCALEMODE_NEAREST), AKERR_API,
                        "SDL_SetTextureScaleMode: %s", SDL_GetError());
        printf("loaded %s (%dx%d)\n", HERO_PNG, hero->w, hero->h);

        CATCH(errctx, draw_scene(renderer, hero));
        CATCH(errctx, save_frame(renderer, output));
        FAIL_ZERO_BREAK(errctx, SDL_RenderPresent(renderer), AKERR_API,
                        "SDL_RenderPresent: %s", SDL_GetError());
        if (check) {
            CATCH(errctx, check_output(output, hero_image));
        }
        if (!headless) {
            show_until_closed(renderer, hero);
        }
    } CLEANUP {
        if (hero != NULL) {
            SDL_DestroyTexture(hero);
        }
        SDL_DestroySurface(hero_image);
        if (renderer != NULL) {
            SDL_DestroyRenderer(renderer);
        }
        if (window != NULL) {
            SDL_DestroyWindow(window);
        }
        SDL_Quit();
    } PROCESS(errctx) {
        /* Nothing here is handled: FINISH_NORETURN logs the error with its
         * trace and exits with its status. */
    } FINISH_NORETURN(errctx);
    printf("done\n");
    return 0;
}
