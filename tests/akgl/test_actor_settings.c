/*
 * Actor settings from data, and finding a map's objects:
 *
 *   - a character file's per-actor keys (tests/assets/characters/settings*.json)
 *     reach every actor made an instance of it (akgl_actor_set_character);
 *   - a Tiled object's properties of the same names override them when the
 *     map spawns it (tests/assets/tilemaps/draw/settings.tmj), and bad ones
 *     (tests/assets/tilemaps/bad/settings_*.tmj) are refused naming the map,
 *     the object, the property and the value, with nothing spawned;
 *   - akgl_tilemap_find_object, akgl_tilemap_find_objects_by_type,
 *     akgl_tilemap_start_point and akgl_tilemap_object_position;
 *   - the camera's bounds follow the current map (akgl_game_set_tilemap),
 *     finite, infinite (chunks) and isometric, and the opt-out property.
 *
 * Every case leaves the pools and registries as it found them (the counters
 * of akgl_test.h).
 */
#include "scene.h"

#include <akgl/tilemap.h>

#include <math.h>

#define CFIX(name) AKGL_TEST_ASSETS_DIR "/characters/" name
#define MAPS AKGL_TEST_ASSETS_DIR "/tilemaps/"

static Scene scene;
static akgl_Sprite *stand; /* "hero standing left": what the fixtures map */

static bool begin(void)
{
    if (!scene_open_bound(&scene, 64, 48)) {
        return false;
    }
    static const int cells[] = {0};
    stand = make_sprite(&scene, "hero standing left", cells, 1, 100, true, false);
    return stand != NULL;
}

static void end(void)
{
    if (stand != NULL) {
        CHECK_OK(akgl_heap_release_sprite(stand));
    }
    stand = NULL;
    scene_close(&scene);
}

static akgl_Character *character(const char *name)
{
    return SDL_GetPointerProperty(AKGL_REGISTRY_CHARACTER, name, NULL);
}

static void release_character(const char *name)
{
    akgl_Character *c = character(name);
    CHECK_MSG(c != NULL, "character %s", name);
    if (c != NULL) {
        CHECK_OK(akgl_heap_release_character(c));
    }
}

/* The settings of tests/assets/characters/settings.json, on an actor. */
static void check_guard_fields(const akgl_Actor *a)
{
    CHECK(a->hitbox.x == 3.0f && a->hitbox.y == 4.5f && a->hitbox.w == 10.0f &&
          a->hitbox.h == 12.0f);
    CHECK(a->immovable);
    CHECK_INT_EQ(a->layer, 2);
    CHECK(a->collision_layers == 6u);
    CHECK(a->collision_mask == 0xFFFFFFFFu);
    CHECK(a->scale_x == 2.0f && a->scale_y == 0.5f && a->rotation == 90.0f);
    CHECK(a->tint.a == 0x80 && a->tint.r == 0xFF && a->tint.g == 0x80 && a->tint.b == 0x40);
    CHECK_INT_EQ(a->blend, SDL_BLENDMODE_ADD);
}

/* ------------------------------------------------------------------------ */
/* The character file                                                       */
/* ------------------------------------------------------------------------ */

static void test_character_settings_reach_the_actor(void)
{
    akgl_Actor *a = NULL;
    if (!begin()) {
        end();
        return;
    }
    CHECK_OK(akgl_character_load_json(CFIX("settings.json")));
    akgl_Character *guard = character("guard");
    CHECK(guard != NULL);
    if (guard != NULL) {
        CHECK(guard->actor_settings.given ==
              (AKGL_ACTOR_SETTING_HITBOX | AKGL_ACTOR_SETTING_IMMOVABLE |
               AKGL_ACTOR_SETTING_LAYER | AKGL_ACTOR_SETTING_COLLISION_LAYERS |
               AKGL_ACTOR_SETTING_COLLISION_MASK | AKGL_ACTOR_SETTING_SCALE_X |
               AKGL_ACTOR_SETTING_SCALE_Y | AKGL_ACTOR_SETTING_ROTATION |
               AKGL_ACTOR_SETTING_TINT | AKGL_ACTOR_SETTING_BLEND));
    }
    CHECK_OK(akgl_actor_spawn("g", "guard", 1.0f, 2.0f, &a));
    if (a != NULL) {
        check_guard_fields(a);
        /* A character that gives nothing leaves every field as it is. */
        akgl_Character *plain = make_character("plain", 100);
        CHECK_OK(akgl_actor_set_character(a, "plain"));
        check_guard_fields(a);
        CHECK(a->basechar == plain);
        if (plain != NULL) {
            /* Refused in code as in the file: nothing changes, the old character stays. */
            plain->actor_settings.given = AKGL_ACTOR_SETTING_LAYER | AKGL_ACTOR_SETTING_SCALE_X;
            plain->actor_settings.layer = 9;
            plain->actor_settings.scale_x = 300.0f;
            CHECK_OK(akgl_actor_set_character(a, "guard"));
            CHECK_STATUS_MSG(akgl_actor_set_character(a, "plain"), AKERR_VALUE,
                             "actor \"g\": scale_x is 300");
            CHECK(a->basechar == guard);
            CHECK_INT_EQ(a->layer, 2);
            CHECK(a->scale_x == 2.0f);
            plain->actor_settings.scale_x = 3.0f;
            CHECK_OK(akgl_actor_set_character(a, "plain"));
            CHECK_INT_EQ(a->layer, 9);
            CHECK(a->scale_x == 3.0f && a->scale_y == 0.5f);
            CHECK_OK(akgl_heap_release_character(plain));
        }
        CHECK_OK(akgl_heap_release_actor(a));
    }
    /* A fresh actor of a character without settings has the defaults. */
    akgl_Character *bare = make_character("bare", 100);
    a = NULL;
    CHECK_OK(akgl_actor_spawn("b", "bare", 0.0f, 0.0f, &a));
    if (a != NULL) {
        CHECK(a->hitbox.w == 0.0f && !a->immovable && a->layer == 0);
        CHECK(a->collision_layers == 1u && a->collision_mask == 0xFFFFFFFFu);
        CHECK(a->scale_x == 1.0f && a->scale_y == 1.0f && a->tint.a == 255);
        CHECK_OK(akgl_heap_release_actor(a));
    }
    if (bare != NULL) {
        CHECK_OK(akgl_heap_release_character(bare));
    }
    release_character("guard");
    end();
}

static void test_character_settings_refused(void)
{
    static const struct
    {
        const char *file;
        int status;
        const char *needle;
    } bad[] = {
        {"settings_type_layer.json", AKERR_TYPE,
         "key \"layer\" must be an integer, not a real number (2.5)"},
        {"settings_type_immovable.json", AKERR_TYPE,
         "key \"immovable\" must be true or false, not a string (\"yes\")"},
        {"settings_type_hitbox.json", AKERR_TYPE, "key \"hitbox\" must be an object"},
        {"settings_type_tint.json", AKERR_TYPE, "key \"tint\" must be a colour string"},
        {"settings_missing_hitbox_h.json", AKERR_KEY, "key \"hitbox\" has no \"h\""},
        {"settings_hitbox_w_-1.json", AKERR_OUTOFBOUNDS,
         "key \"hitbox.w\" is -1; it must be 0 or more"},
        {"settings_scale_x_300.json", AKERR_OUTOFBOUNDS,
         "key \"scale_x\" is 300; it must be 0..256 (AKGL_RENDER_MAX_SCALE)"},
        {"settings_collision_mask_big.json", AKERR_OUTOFBOUNDS,
         "key \"collision_mask\" is 4294967296; it must be -2147483648..4294967295"},
        {"settings_tint_bad.json", AKERR_VALUE, "key \"tint\" is \"#12345\"; a colour is written"},
        {"settings_blend_bad.json", AKERR_VALUE,
         "key \"blend\" is \"glow\"; it must be \"blend\", \"add\", \"multiply\" or \"none\""},
    };
    if (!begin()) {
        end();
        return;
    }
    for (size_t i = 0; i < SDL_arraysize(bad); i++) {
        char path[512];
        SDL_snprintf(path, sizeof(path), "%s", CFIX("") );
        SDL_strlcat(path, bad[i].file, sizeof(path));
        CHECK_STATUS_MSG(akgl_character_load_json(path), bad[i].status, bad[i].needle);
        CHECK_STATUS_MSG(akgl_character_load_json(path), bad[i].status, bad[i].file);
        CHECK(character("guard") == NULL); /* nothing left behind */
    }
    end();
}

static void test_apply_settings(void)
{
    akgl_Actor a;
    akgl_ActorSettings s = {0};
    SDL_zero(a);
    CHECK_OK(akgl_actor_initialize(&a, "by hand"));
    CHECK_STATUS(akgl_actor_apply_settings(NULL, &s), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_actor_apply_settings(&a, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_actor_apply_settings(&a, &s)); /* nothing given: nothing changes */
    CHECK(a.scale_x == 1.0f && a.collision_layers == 1u);
    s.given = AKGL_ACTOR_SETTING_LAYER | AKGL_ACTOR_SETTING_HITBOX_H;
    s.layer = 4;
    s.hitbox.h = -2.0f;
    CHECK_STATUS_MSG(akgl_actor_apply_settings(&a, &s), AKERR_VALUE, "hitbox.h is -2");
    CHECK_INT_EQ(a.layer, 0); /* checked before anything is written */
    s.hitbox.h = NAN;
    CHECK_STATUS(akgl_actor_apply_settings(&a, &s), AKERR_VALUE);
    s.hitbox.h = 7.0f;
    s.hitbox.w = -1.0f; /* not given: not looked at */
    CHECK_OK(akgl_actor_apply_settings(&a, &s));
    CHECK(a.layer == 4 && a.hitbox.h == 7.0f && a.hitbox.w == 0.0f);
    CHECK_OK(akgl_heap_release_actor(&a));
}

static void test_settings_from_properties(void)
{
    akgl_ActorSettings s = {0};
    SDL_PropertiesID p = SDL_CreateProperties();
    CHECK(p != 0);
    CHECK_STATUS(akgl_actor_settings_from_properties(p, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_actor_settings_from_properties(0, &s));
    CHECK(s.given == 0);
    SDL_SetNumberProperty(p, "layer", -3);
    SDL_SetFloatProperty(p, "hitbox.x", 1.5f);
    SDL_SetNumberProperty(p, "hitbox.h", 9); /* an int where a number goes */
    SDL_SetNumberProperty(p, "collision_layers", -1);
    SDL_SetBooleanProperty(p, "immovable", true);
    SDL_SetStringProperty(p, "tint", "#102030");
    SDL_SetStringProperty(p, "the game's", "own");
    SDL_SetNumberProperty(p, "player", 1); /* one edit from "layer", but short: the game's */
    CHECK_OK(akgl_actor_settings_from_properties(p, &s));
    CHECK(s.given == (AKGL_ACTOR_SETTING_LAYER | AKGL_ACTOR_SETTING_HITBOX_X |
                      AKGL_ACTOR_SETTING_HITBOX_H | AKGL_ACTOR_SETTING_COLLISION_LAYERS |
                      AKGL_ACTOR_SETTING_IMMOVABLE | AKGL_ACTOR_SETTING_TINT));
    CHECK(s.layer == -3 && s.hitbox.x == 1.5f && s.hitbox.h == 9.0f);
    CHECK(s.collision_layers == 0xFFFFFFFFu && s.immovable);
    CHECK(s.tint.r == 0x10 && s.tint.g == 0x20 && s.tint.b == 0x30 && s.tint.a == 255);

    static const struct
    {
        const char *name;
        int kind; /* 0 number, 1 float, 2 bool, 3 string */
        double value;
        const char *text;
        int status;
        const char *needle;
    } bad[] = {
        {"layer", 1, 2.5, NULL, AKERR_TYPE, "property \"layer\" must be an integer, not a float (2.5)"},
        {"layer", 0, 3e9, NULL, AKERR_OUTOFBOUNDS, "property \"layer\" is 3000000000; it must be"},
        {"collision_mask", 0, 5e9, NULL, AKERR_OUTOFBOUNDS, "is 5000000000; it must be -2147483648..4294967295"},
        {"immovable", 0, 1, NULL, AKERR_TYPE, "property \"immovable\" must be true or false, not an int (1)"},
        {"scale_y", 1, -1, NULL, AKERR_OUTOFBOUNDS, "property \"scale_y\" is -1; it must be 0..256"},
        {"rotation", 3, 0, "90", AKERR_TYPE, "property \"rotation\" must be a number, not a string (\"90\")"},
        {"tint", 3, 0, "red", AKERR_VALUE, "property \"tint\" is \"red\""},
        {"Layer", 0, 1, NULL, AKERR_KEY, "property \"Layer\" is not an akgl actor setting; did you mean \"layer\"?"},
        {"collision-mask", 0, 1, NULL, AKERR_KEY, "did you mean \"collision_mask\"?"},
        {"immoveable", 2, 1, NULL, AKERR_KEY, "did you mean \"immovable\"?"},
        {"hitbox.width", 1, 1, NULL, AKERR_KEY, "property \"hitbox.width\" is not an akgl actor setting"},
    };
    for (size_t i = 0; i < SDL_arraysize(bad); i++) {
        SDL_PropertiesID q = SDL_CreateProperties();
        switch (bad[i].kind) {
        case 0: SDL_SetNumberProperty(q, bad[i].name, (Sint64)bad[i].value); break;
        case 1: SDL_SetFloatProperty(q, bad[i].name, (float)bad[i].value); break;
        case 2: SDL_SetBooleanProperty(q, bad[i].name, bad[i].value != 0); break;
        default: SDL_SetStringProperty(q, bad[i].name, bad[i].text); break;
        }
        akgl_ActorSettings before = s;
        CHECK_STATUS_MSG(akgl_actor_settings_from_properties(q, &s), bad[i].status, bad[i].needle);
        CHECK(memcmp(&before, &s, sizeof(s)) == 0); /* unchanged on failure */
        SDL_DestroyProperties(q);
    }
    SDL_DestroyProperties(p);
}

/* ------------------------------------------------------------------------ */
/* The map                                                                  */
/* ------------------------------------------------------------------------ */

static akgl_Actor *actor(const char *name)
{
    return SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, name, NULL);
}

static void test_map_objects_override(void)
{
    akgl_Tilemap *map = NULL;
    int count = 0;
    if (!begin()) {
        end();
        return;
    }
    CHECK_OK(akgl_character_load_json(CFIX("settings.json")));
    CHECK_OK(akgl_tilemap_load(MAPS "draw/settings.tmj", &map));
    if (map != NULL) {
        CHECK_OK(akgl_tilemap_spawn_actors(map, &count));
        CHECK_INT_EQ(count, 3);
        akgl_Actor *g1 = actor("g1"), *g2 = actor("g2"), *g3 = actor("g3");
        CHECK(g1 != NULL && g2 != NULL && g3 != NULL);
        if (g1 != NULL && g2 != NULL && g3 != NULL) {
            check_guard_fields(g2); /* no properties: the character's */
            /* g1: layer, hitbox.w, immovable, tint, collision_mask its own; the rest the character's. */
            CHECK_INT_EQ(g1->layer, 5);
            CHECK(g1->hitbox.x == 3.0f && g1->hitbox.y == 4.5f && g1->hitbox.w == 6.0f &&
                  g1->hitbox.h == 12.0f);
            CHECK(!g1->immovable);
            CHECK(g1->tint.a == 0xFF && g1->tint.r == 0x00 && g1->tint.g == 0xFF &&
                  g1->tint.b == 0x00);
            CHECK(g1->collision_mask == 3u && g1->collision_layers == 6u);
            CHECK(g1->scale_x == 2.0f && g1->rotation == 90.0f);
            /* g3: a class property "hitbox" (x, y, w, h) and an int rotation. */
            CHECK(g3->hitbox.x == 1.0f && g3->hitbox.y == 2.0f && g3->hitbox.w == 3.0f &&
                  g3->hitbox.h == 4.0f);
            CHECK(g3->scale_x == 1.5f && g3->scale_y == 0.5f && g3->rotation == 45.0f);
            CHECK_INT_EQ(g3->layer, 2);
        }
        CHECK_OK(akgl_tilemap_check_actor_settings(map));
        CHECK_STATUS(akgl_tilemap_check_actor_settings(NULL), AKERR_NULLPOINTER);
        CHECK_OK(akgl_heap_release_tilemap(map)); /* and its actors with it */
    }
    CHECK(actor("g1") == NULL);
    release_character("guard");
    end();
}

static void test_map_objects_refused(void)
{
    static const struct
    {
        const char *file;
        int status;
        const char *needle;
    } bad[] = {
        {"settings_type_layer.tmj", AKERR_TYPE,
         "property \"layer\" must be an integer, not a float (2.5)"},
        {"settings_typo.tmj", AKERR_KEY, "did you mean \"immovable\"?"},
        {"settings_scale_x_300.tmj", AKERR_OUTOFBOUNDS, "property \"scale_x\" is 300; it must be 0..256"},
        {"settings_hitbox_member.tmj", AKERR_KEY, "property \"hitbox.width\" is not an akgl"},
        {"settings_tint_bad.tmj", AKERR_VALUE, "property \"tint\" is \"green\""},
    };
    if (!begin()) {
        end();
        return;
    }
    CHECK_OK(akgl_character_load_json(CFIX("settings.json")));
    for (size_t i = 0; i < SDL_arraysize(bad); i++) {
        char path[512];
        akgl_Tilemap *map = NULL;
        int count = -1;
        int actors = akgl_test_layer_count_(AKGL_HEAP_ACTOR);
        SDL_snprintf(path, sizeof(path), "%sbad/%s", MAPS, bad[i].file);
        CHECK_OK(akgl_tilemap_load(path, &map));
        if (map == NULL) {
            continue;
        }
        CHECK_STATUS_MSG(akgl_tilemap_spawn_actors(map, &count), bad[i].status, bad[i].needle);
        CHECK_STATUS_MSG(akgl_tilemap_spawn_actors(map, &count), bad[i].status,
                         "object 2 (\"g1\")");
        CHECK_STATUS_MSG(akgl_tilemap_spawn_actors(map, &count), bad[i].status, bad[i].file);
        CHECK_INT_EQ(count, 0);
        CHECK_INT_EQ(map->nspawned, 0);
        CHECK_INT_EQ(akgl_test_layer_count_(AKGL_HEAP_ACTOR), actors);
        CHECK_STATUS_MSG(akgl_tilemap_check_actor_settings(map), bad[i].status,
                         "layer 1 (\"things\"): object 2 (\"g1\")");
        CHECK_STATUS_MSG(akgl_tilemap_check_actor_settings(map), bad[i].status, bad[i].needle);
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    release_character("guard");
    end();
}

static void test_find_objects(void)
{
    akgl_Tilemap *map = NULL;
    const akgl_TilemapObject *obj = NULL;
    const akgl_TilemapObject *found[4] = {NULL};
    int n = -1;
    SDL_FPoint at = {-1.0f, -1.0f};
    if (!begin()) {
        end();
        return;
    }
    CHECK_OK(akgl_tilemap_load(MAPS "draw/settings.tmj", &map));
    if (map == NULL) {
        end();
        return;
    }
    CHECK_OK(akgl_tilemap_find_object(map, "g3", &obj));
    CHECK(obj != NULL && obj->id == 4);
    CHECK_OK(akgl_tilemap_find_object(map, "coin b", &obj));
    CHECK(obj != NULL && obj->id == 6);
    CHECK_STATUS_MSG(akgl_tilemap_find_object(map, "dor", &obj), AKERR_KEY,
                     "has no object named \"dor\"; did you mean \"door\"? (7 objects have a "
                     "name: \"coin a\", \"coin b\", \"door\", \"g1\", ...)");
    CHECK(obj == NULL);
    CHECK_STATUS_MSG(akgl_tilemap_find_object(map, "dor", &obj), AKERR_KEY, "settings.tmj");
    CHECK_STATUS(akgl_tilemap_find_object(map, "", &obj), AKERR_VALUE);
    CHECK_STATUS(akgl_tilemap_find_object(NULL, "g1", &obj), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_find_object(map, NULL, &obj), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_find_object(map, "g1", NULL), AKERR_NULLPOINTER);

    CHECK_OK(akgl_tilemap_find_objects_by_type(map, "guard", found, 4, &n));
    CHECK_INT_EQ(n, 3);
    CHECK(found[0]->id == 2 && found[1]->id == 3 && found[2]->id == 4);
    CHECK_OK(akgl_tilemap_find_objects_by_type(map, "coin", NULL, 0, &n)); /* counting */
    CHECK_INT_EQ(n, 2);
    CHECK_STATUS_MSG(akgl_tilemap_find_objects_by_type(map, "guard", found, 2, &n),
                     AKERR_OUTOFBOUNDS, "has 3 objects of type \"guard\"; the array holds 2");
    CHECK_INT_EQ(n, 3);
    CHECK_STATUS_MSG(akgl_tilemap_find_objects_by_type(map, "coins", found, 4, &n), AKERR_KEY,
                     "has no object of type \"coins\"; did you mean \"coin\"?");
    CHECK_INT_EQ(n, 0);
    CHECK_STATUS(akgl_tilemap_find_objects_by_type(map, "", found, 4, &n), AKERR_VALUE);
    CHECK_STATUS(akgl_tilemap_find_objects_by_type(map, "coin", NULL, 3, &n), AKERR_VALUE);
    CHECK_STATUS(akgl_tilemap_find_objects_by_type(map, "coin", found, -1, &n), AKERR_VALUE);
    CHECK_STATUS(akgl_tilemap_find_objects_by_type(map, "coin", found, 4, NULL),
                 AKERR_NULLPOINTER);

    CHECK_OK(akgl_tilemap_start_point(map, &at));
    CHECK(at.x == 16.0f && at.y == 8.0f);
    CHECK_OK(akgl_tilemap_find_object(map, "door", &obj));
    CHECK_OK(akgl_tilemap_object_position(map, obj, &at)); /* a tile object: bottom-left */
    CHECK(at.x == 88.0f && at.y == 24.0f);
    CHECK_STATUS(akgl_tilemap_object_position(map, NULL, &at), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_tilemap_start_point(map, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_heap_release_tilemap(map));

    /* A map without a start point says so, and what its objects are called. */
    map = NULL;
    CHECK_OK(akgl_tilemap_load(MAPS "draw/level.tmj", &map));
    if (map != NULL) {
        CHECK_STATUS_MSG(akgl_tilemap_start_point(map, &at), AKERR_KEY,
                         "has no start point: no object is named or of type \"start\" (2 "
                         "objects have a name: \"hero1\", \"lamp\")");
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    end();
}

/* ------------------------------------------------------------------------ */
/* The camera follows the map                                               */
/* ------------------------------------------------------------------------ */

static bool same_rect(SDL_FRect a, SDL_FRect b)
{
    return fabsf(a.x - b.x) < 0.001f && fabsf(a.y - b.y) < 0.001f &&
           fabsf(a.w - b.w) < 0.001f && fabsf(a.h - b.h) < 0.001f;
}

static void check_bounds_for(const char *path, SDL_FRect want)
{
    akgl_Tilemap *map = NULL;
    SDL_FRect got = {0};
    CHECK_OK(akgl_tilemap_load(path, &map));
    if (map == NULL) {
        return;
    }
    CHECK_OK(akgl_tilemap_pixel_bounds(map, &got));
    CHECK_MSG(same_rect(got, want), "%s: %g,%g %gx%g", path, (double)got.x, (double)got.y,
              (double)got.w, (double)got.h);
    CHECK_OK(akgl_game_set_tilemap(map));
    CHECK(game.camera->bounded && same_rect(game.camera->bounds, want));
    CHECK_OK(akgl_heap_release_tilemap(map)); /* the game holds it */
    CHECK_OK(akgl_game_set_tilemap(NULL));
    CHECK(!game.camera->bounded);
}

static void test_camera_follows_the_map(void)
{
    if (!begin()) {
        end();
        return;
    }
    CHECK(game.camera != NULL && !game.camera->bounded);
    check_bounds_for(MAPS "draw/settings.tmj", (SDL_FRect){0, 0, 96, 40});
    /* Infinite: the chunks' bounding box, cells -16..31 x -16..15 of 8 px. */
    check_bounds_for(MAPS "enc/infinite_csv.tmj", (SDL_FRect){-128, -128, 384, 256});
    /* Isometric: the diamond's box, (width + height) half-tiles each way. */
    akgl_Tilemap *iso = NULL;
    CHECK_OK(akgl_tilemap_load(MAPS "isometric.tmj", &iso));
    if (iso != NULL) {
        float side = (float)(iso->width + iso->height);
        SDL_FRect want = {0, 0, side * (float)iso->tilewidth / 2.0f,
                          side * (float)iso->tileheight / 2.0f};
        CHECK_OK(akgl_heap_release_tilemap(iso));
        check_bounds_for(MAPS "isometric.tmj", want);
    }

    /* The camera keeps to it in the loop: a view pushed past the edge comes back. */
    akgl_Tilemap *map = NULL;
    CHECK_OK(akgl_tilemap_load(MAPS "draw/settings.tmj", &map));
    if (map != NULL) {
        CHECK_OK(akgl_game_set_tilemap(map));
        game.camera->x = 500.0f;
        CHECK_OK(akgl_camera_update(game.camera, 0.0f, 0.0f));
        CHECK(game.camera->x == 96.0f - game.camera->w);

        /* Opting out: the bounds are left as the game set them. */
        SDL_FRect mine = {0, 0, 1000, 1000};
        CHECK_OK(akgl_set_property("camera.map_bounds", "0"));
        CHECK_OK(akgl_camera_set_bounds(game.camera, &mine));
        CHECK_OK(akgl_game_set_tilemap(map));
        CHECK(same_rect(game.camera->bounds, mine));
        CHECK_OK(akgl_game_set_tilemap(NULL));
        CHECK(game.camera->bounded && same_rect(game.camera->bounds, mine));
        /* A value that is not a number is refused, and nothing changes. */
        CHECK_OK(akgl_set_property("camera.map_bounds", "yes"));
        CHECK_STATUS_MSG(akgl_game_set_tilemap(map), AKERR_FORMAT, "camera.map_bounds");
        CHECK(game.tilemap == NULL);
        SDL_ClearProperty(AKGL_REGISTRY_PROPERTIES, "camera.map_bounds");
        CHECK_OK(akgl_camera_set_bounds(game.camera, NULL));
        CHECK_OK(akgl_heap_release_tilemap(map));
    }
    CHECK_STATUS(akgl_tilemap_pixel_bounds(NULL, &(SDL_FRect){0}), AKERR_NULLPOINTER);
    end();
}

int main(void)
{
    AKGL_TEST_BEGIN();
    RUN_TEST(test_character_settings_reach_the_actor);
    RUN_TEST(test_character_settings_refused);
    RUN_TEST(test_apply_settings);
    RUN_TEST(test_settings_from_properties);
    RUN_TEST(test_map_objects_override);
    RUN_TEST(test_map_objects_refused);
    RUN_TEST(test_find_objects);
    RUN_TEST(test_camera_follows_the_map);
    return AKGL_TEST_END();
}
