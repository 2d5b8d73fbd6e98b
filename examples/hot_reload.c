/*
 * Hot reload: edit a file the game loaded and look at the running game. With
 * hot reload on (akgl_GameConfig.hot_reload, or --hot-reload on any program of
 * the app runner) akgl notices the change between frames and reloads the file
 * in place: the actors showing it keep their places and states.
 *
 * The example is its own editor. It copies coin.png and bat.png to a folder
 * of its own (SDL_GetPrefPath), writes a sprite file there, and shows that
 * sprite on a row of actors: spinning coins. Half a second in it saves a new
 * version of the file, as an editor does (a new file renamed over the old
 * one): the same sprite, cut from bat.png. The coins become bats.
 *
 *   akgl_example_hot_reload [--frames N] [--screenshot OUT.png] [--assets DIR]
 */
#include <SDL3/SDL_main.h>
#include <akgl/akgl.h>


static char folder[1024];   /* where the copies live */
static char sprite[1024];   /* the sprite file in it */
static akgl_Sprite *shown;  /* the sprite the actors show */
static akgl_Font *font;
static int edited_at = -1;   /* the frame the file was saved */
static int reloaded_at = -1; /* the frame the change was seen */

/* The sprite file: the first `frames` 16 x 16 cells of `sheet`, `ms` each. */
static akerr_ErrorContext *save_sprite(const char *sheet, int frames, int ms)
{
    char text[512], fresh[1040], list[64] = "0";
    PREPARE_ERROR(errctx);
    for (int i = 1; i < frames; i++) {
        SDL_snprintf(list + SDL_strlen(list), sizeof(list) - SDL_strlen(list), ", %d", i);
    }
    int n = SDL_snprintf(text, sizeof(text),
                         "{\"spritesheet\": {\"filename\": \"%s\", \"frame_width\": 16, "
                         "\"frame_height\": 16},\n \"name\": \"thing\", \"width\": 16, "
                         "\"height\": 16, \"speed\": %d, \"loop\": true, \"loopReverse\": "
                         "false,\n \"frames\": [%s]}\n", sheet, ms, list);
    SDL_snprintf(fresh, sizeof(fresh), "%s.new", sprite);
    /* As an editor saves: the whole new file, then renamed over the old. */
    FAIL_ZERO_RETURN(errctx, SDL_SaveFile(fresh, text, (size_t)n), AKERR_IO,
                     "cannot write %s: %s", fresh, SDL_GetError());
    FAIL_ZERO_RETURN(errctx, SDL_RenamePath(fresh, sprite), AKERR_IO, "cannot rename %s: %s",
                     fresh, SDL_GetError());
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *copy_asset(const char *name)
{
    const char *from = NULL;
    char to[1040];
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_app_asset(name, &from));
    SDL_snprintf(to, sizeof(to), "%s%s", folder, name);
    FAIL_ZERO_RETURN(errctx, SDL_CopyFile(from, to), AKERR_IO, "cannot copy %s to %s: %s", from,
                     to, SDL_GetError());
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *init(akgl_App *app)
{
    akgl_Character *thing = NULL;
    void *found = NULL;
    PREPARE_ERROR(errctx);
    (void)app;
    char *pref = SDL_GetPrefPath("akgl", "hot_reload_example");
    FAIL_ZERO_RETURN(errctx, pref, AKERR_IO, "no folder to edit in: %s", SDL_GetError());
    SDL_snprintf(folder, sizeof(folder), "%s", pref);
    SDL_free(pref);
    SDL_snprintf(sprite, sizeof(sprite), "%sthing.json", folder);
    PASS(errctx, akgl_file_add_root(folder)); /* files may be loaded from it */
    PASS(errctx, copy_asset("coin.png"));
    PASS(errctx, copy_asset("bat.png"));
    PASS(errctx, save_sprite("coin.png", 8, 80));
    PASS(errctx, akgl_sprite_load_json(sprite)); /* watched from now on */
    PASS(errctx, akgl_registry_require(AKGL_REGISTRY_SPRITE, "sprite", "thing", &found));
    shown = found;
    PASS(errctx, akgl_heap_next_character(&thing));
    PASS(errctx, akgl_character_initialize(thing, "thing"));
    PASS(errctx, thing->sprite_add(thing, shown, AKGL_ACTOR_STATE_ALIVE));
    for (int i = 0; i < 6; i++) {
        akgl_Actor *a = NULL;
        char name[16];
        SDL_snprintf(name, sizeof(name), "thing %d", i);
        PASS(errctx, akgl_actor_spawn(name, "thing", 20.0f + 22.0f * (float)i, 44.0f, &a));
        a->state = AKGL_ACTOR_STATE_ALIVE;
    }
    PASS(errctx, akgl_font_default(1, &font));
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *frame(akgl_App *app)
{
    PREPARE_ERROR(errctx);
    /* Half a second in (60 frames a second); a short run, a quarter of it. */
    int edit = app->frames > 0 && app->frames < 120 ? app->frames / 4 : 30;
    if (app->frame == edit) {
        PASS(errctx, save_sprite("bat.png", 6, 90)); /* the edit */
        edited_at = edit;
    }
    if (reloaded_at < 0 && SDL_strstr(shown->sheet->name, "bat.png") != NULL) {
        reloaded_at = app->frame; /* the same sprite, on its new sheet */
        SDL_Log("hot_reload: saved at frame %d, reloaded by frame %d: the coins are bats now",
                edit, reloaded_at);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw(akgl_App *app)
{
    char line[64];
    PREPARE_ERROR(errctx);
    SDL_Color ink = {240, 230, 200, 255};
    if (reloaded_at < 0) {
        SDL_snprintf(line, sizeof(line), "frame %d: thing.json is coins", app->frame);
    } else {
        SDL_snprintf(line, sizeof(line), "saved at %d, seen at %d", edited_at, reloaded_at);
    }
    PASS(errctx, akgl_text_draw(font, line, 6.0f, 8.0f, ink));
    PASS(errctx, akgl_text_draw(font, "save the file, look", 6.0f, 74.0f, ink));
    SUCCEED_RETURN(errctx);
}

static const akgl_AppDesc desc = {
    .title = "hot reload", .width = 640, .height = 360,
    .logical_width = 160, .logical_height = 90, /* pixel art, x4 */
    .clear_color = {40, 44, 60, 255},
    /* Looked at every 50 ms (the default is 250), so that the headless test's
     * few frames see the change. */
    .config = {.hot_reload = true, .hot_reload_period_ms = 50},
    .init = init, .frame = frame, .draw = draw,
};
AKGL_APP_MAIN(desc)
