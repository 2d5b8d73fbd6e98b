/*
 * The 2D render backend's binding: akgl_render_2d_init (window and renderer
 * from the properties) and akgl_render_2d_bind (a renderer the game has),
 * their failure paths, and shutdown through the backend's own pointer.
 * Drawing is checked by reading pixels back from a real software renderer.
 */
#define _XOPEN_SOURCE 700

#include "sprite_fixture.h"

static void set_size(const char *w, const char *h)
{
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth");
    SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight");
    if (w != NULL) {
        CHECK_OK(akgl_set_property("game.screenwidth", w));
    }
    if (h != NULL) {
        CHECK_OK(akgl_set_property("game.screenheight", h));
    }
}

static bool all_zero(const akgl_Renderer *r)
{
    static const akgl_Renderer zero;
    return memcmp(r, &zero, sizeof(zero)) == 0;
}

static void test_null_arguments(void)
{
    akgl_Renderer r;
    SfCanvas c;
    memset(&r, 0, sizeof(r));
    sf_canvas_open(&c, 8, 8);
    CHECK_STATUS_MSG(akgl_render_2d_init(NULL), AKERR_NULLPOINTER, "NULL renderer");
    CHECK_STATUS_MSG(akgl_render_2d_bind(NULL, c.sdl), AKERR_NULLPOINTER, "NULL renderer");
    CHECK_STATUS_MSG(akgl_render_2d_bind(&r, NULL), AKERR_NULLPOINTER, "NULL SDL renderer");
    CHECK(all_zero(&r));
    CHECK(game.renderer == NULL);
    sf_canvas_close(&c);
}

static void test_bind_draws_and_shutdown_unbinds(void)
{
    akgl_Renderer r;
    SfCanvas c;
    memset(&r, 0, sizeof(r));
    sf_canvas_open(&c, 8, 8);

    CHECK_OK(akgl_render_2d_bind(&r, c.sdl));
    CHECK(game.renderer == &r);
    CHECK(r.sdl_renderer == c.sdl);
    CHECK(r.window == NULL); /* a surface renderer has no window */
    CHECK(!r.owns_sdl);
    CHECK(r.frame_start != NULL && r.frame_end != NULL && r.shutdown != NULL);
    CHECK_INT_EQ(r.clear_color.a, 255);

    /* frame_start clears to clear_color; read it back. */
    r.clear_color = (SDL_Color){10, 20, 30, 255};
    CHECK_OK(r.frame_start(&r));
    CHECK_PIXEL(c.sdl, 0, 0, 10, 20, 30);
    CHECK_PIXEL(c.sdl, 7, 7, 10, 20, 30);
    CHECK_OK(r.frame_end(&r));

    /* Bound once: a second bind or an init on it is refused, nothing changes. */
    CHECK_STATUS_MSG(akgl_render_2d_bind(&r, c.sdl), AKERR_BEHAVIOR, "bound already");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_BEHAVIOR, "bound already");
    CHECK(game.renderer == &r);
    CHECK(r.sdl_renderer == c.sdl);

    CHECK_OK(r.shutdown(&r));
    CHECK(game.renderer == NULL);
    CHECK(all_zero(&r));
    /* The game owns what it bound: still alive after shutdown. */
    CHECK(SDL_SetRenderDrawColor(c.sdl, 1, 2, 3, 255));
    CHECK(SDL_RenderClear(c.sdl));
    CHECK_PIXEL(c.sdl, 3, 3, 1, 2, 3);

    /* Unbound: the frame pointers are gone with the rest, and a shut-down
     * struct can be bound again. */
    CHECK_OK(akgl_render_2d_bind(&r, c.sdl));
    CHECK(game.renderer == &r);
    CHECK_OK(r.shutdown(&r));
    CHECK(game.renderer == NULL);
    sf_canvas_close(&c);
}

static void test_frame_calls_on_an_unbound_backend(void)
{
    akgl_Renderer r;
    SfCanvas c;
    memset(&r, 0, sizeof(r));
    sf_canvas_open(&c, 4, 4);
    CHECK_OK(akgl_render_2d_bind(&r, c.sdl));
    akgl_RenderFrameFunc start = r.frame_start, end = r.frame_end;
    akgl_RenderShutdownFunc shutdown = r.shutdown;
    CHECK_OK(r.shutdown(&r));
    /* Functions kept from before the shutdown refuse the zeroed struct. */
    CHECK_STATUS_MSG(start(&r), AKERR_BEHAVIOR, "not bound");
    CHECK_STATUS_MSG(end(&r), AKERR_BEHAVIOR, "not bound");
    CHECK_STATUS(start(NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(shutdown(NULL), AKERR_NULLPOINTER);
    /* Shutting down twice is harmless. */
    CHECK_OK(shutdown(&r));
    CHECK(game.renderer == NULL);
    sf_canvas_close(&c);
}

static void test_shutdown_of_another_backend_keeps_the_bound_one(void)
{
    akgl_Renderer a, b;
    SfCanvas ca, cb;
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    sf_canvas_open(&ca, 4, 4);
    sf_canvas_open(&cb, 4, 4);
    CHECK_OK(akgl_render_2d_bind(&a, ca.sdl));
    CHECK_OK(akgl_render_2d_bind(&b, cb.sdl));
    CHECK(game.renderer == &b); /* the last bound is the game's */
    CHECK_OK(a.shutdown(&a));
    CHECK(game.renderer == &b);
    CHECK_OK(b.shutdown(&b));
    CHECK(game.renderer == NULL);
    sf_canvas_close(&ca);
    sf_canvas_close(&cb);
}

static void test_init_needs_both_screen_properties(void)
{
    akgl_Renderer r;
    memset(&r, 0, sizeof(r));

    set_size(NULL, NULL);
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_KEY, "game.screenwidth");
    CHECK(all_zero(&r));
    set_size("64", NULL);
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_KEY, "game.screenheight");
    set_size(NULL, "64");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_KEY, "game.screenwidth");
    CHECK(all_zero(&r));
    CHECK(game.renderer == NULL);
    set_size(NULL, NULL);
}

static void test_init_refuses_invalid_screen_properties(void)
{
    akgl_Renderer r;
    memset(&r, 0, sizeof(r));

    set_size("wide", "64");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_FORMAT, "game.screenwidth");
    set_size("64", "64px");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_FORMAT, "game.screenheight");
    set_size("", "64");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_FORMAT, "game.screenwidth");
    set_size("0", "64");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_OUTOFBOUNDS,
                     "game.screenwidth is 0; it must be 1..16384");
    set_size("64", "-1");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_OUTOFBOUNDS,
                     "game.screenheight is -1; it must be 1..16384");
    set_size("16385", "64");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_OUTOFBOUNDS,
                     "game.screenwidth is 16385; it must be 1..16384");
    set_size("99999999999", "64");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_OUTOFBOUNDS, "game.screenwidth");
    CHECK(all_zero(&r));
    CHECK(game.renderer == NULL);
    set_size(NULL, NULL);
}

static void test_init_makes_window_and_renderer(void)
{
    akgl_Renderer r;
    int w = 0, h = 0;
    memset(&r, 0, sizeof(r));
    SDL_strlcpy(game.name, "akgl render test", sizeof(game.name));
    set_size("64", "32");

    CHECK_OK(akgl_render_2d_init(&r));
    CHECK(game.renderer == &r);
    CHECK(r.owns_sdl);
    CHECK(r.window != NULL && r.sdl_renderer != NULL);
    if (r.window == NULL || r.sdl_renderer == NULL) {
        set_size(NULL, NULL);
        return;
    }
    CHECK_STR_EQ(SDL_GetWindowTitle(r.window), "akgl render test");
    CHECK(SDL_GetWindowSize(r.window, &w, &h));
    CHECK_INT_EQ(w, 64);
    CHECK_INT_EQ(h, 32);
    CHECK(SDL_GetRenderOutputSize(r.sdl_renderer, &w, &h));
    CHECK_INT_EQ(w, 64);
    CHECK_INT_EQ(h, 32);
    /* Headless: the offscreen driver, and no GL stack for its surface. */
    CHECK_STR_EQ(SDL_GetCurrentVideoDriver(), "offscreen");
    CHECK_STR_EQ(SDL_GetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION), "0");
    CHECK_STR_EQ(SDL_GetRendererName(r.sdl_renderer), "software");
    CHECK_STATUS_MSG(akgl_render_2d_init(&r), AKERR_BEHAVIOR, "bound already");

    r.clear_color = (SDL_Color){200, 100, 50, 255};
    CHECK_OK(r.frame_start(&r));
    CHECK_PIXEL(r.sdl_renderer, 0, 0, 200, 100, 50);
    CHECK_PIXEL(r.sdl_renderer, 63, 31, 200, 100, 50);
    CHECK_OK(r.frame_end(&r));

    SDL_Window *window = r.window;
    SDL_WindowID id = SDL_GetWindowID(window);
    CHECK(id != 0);
    CHECK_OK(r.shutdown(&r));
    CHECK(game.renderer == NULL);
    CHECK(all_zero(&r));
    /* What init made, shutdown destroyed. */
    CHECK(SDL_GetWindowFromID(id) == NULL);

    /* And it can be made again. */
    CHECK_OK(akgl_render_2d_init(&r));
    CHECK(game.renderer == &r);
    CHECK_OK(r.shutdown(&r));
    CHECK(game.renderer == NULL);
    game.name[0] = '\0';
    set_size(NULL, NULL);
}

static void test_loading_a_sheet_needs_a_bound_renderer(void)
{
    akgl_Renderer r;
    SfCanvas c;
    akgl_SpriteSheet *sheet = NULL;
    memset(&r, 0, sizeof(r));

    CHECK(game.renderer == NULL);
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    CHECK_STATUS_MSG(akgl_spritesheet_initialize(sheet, 0, 0, SF_SHEET_192), AKERR_BEHAVIOR,
                     "no renderer is bound");
    CHECK(sheet->texture == NULL);

    /* Through init: the texture lives on the window's renderer. */
    set_size("192", "96");
    CHECK_OK(akgl_render_2d_init(&r));
    CHECK_OK(akgl_spritesheet_initialize(sheet, 0, 0, SF_SHEET_192));
    CHECK(sheet->texture != NULL);
    CHECK(SDL_GetRendererFromTexture(sheet->texture) == r.sdl_renderer);
    CHECK(SDL_RenderTexture(r.sdl_renderer, sheet->texture, NULL, NULL));
    CHECK_PIXEL(r.sdl_renderer, 0, 0, 255, 255, 0);     /* cell 0's marker */
    CHECK_PIXEL(r.sdl_renderer, 1, 1, 200, 40, 40);     /* cell 0's fill */
    CHECK_PIXEL(r.sdl_renderer, 144, 48, 255, 255, 224); /* cell 7's marker */
    CHECK_OK(akgl_heap_release_spritesheet(sheet)); /* before the renderer goes */
    CHECK_OK(r.shutdown(&r));
    set_size(NULL, NULL);

    /* Through bind. */
    sf_canvas_open(&c, 8, 8);
    CHECK_OK(akgl_render_2d_bind(&r, c.sdl));
    CHECK_OK(akgl_heap_next_spritesheet(&sheet));
    CHECK_OK(akgl_spritesheet_initialize(sheet, 0, 0, SF_SHEET_64));
    CHECK(SDL_GetRendererFromTexture(sheet->texture) == c.sdl);
    CHECK_OK(akgl_heap_release_spritesheet(sheet));
    CHECK_OK(r.shutdown(&r));
    sf_canvas_close(&c);
}

int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_add_counters();
    RUN_TEST(test_null_arguments);
    RUN_TEST(test_bind_draws_and_shutdown_unbinds);
    RUN_TEST(test_frame_calls_on_an_unbound_backend);
    RUN_TEST(test_shutdown_of_another_backend_keeps_the_bound_one);
    RUN_TEST(test_init_needs_both_screen_properties);
    RUN_TEST(test_init_refuses_invalid_screen_properties);
    RUN_TEST(test_init_makes_window_and_renderer);
    RUN_TEST(test_loading_a_sheet_needs_a_bound_renderer);
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
