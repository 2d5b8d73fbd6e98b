/**
 * @file akgl/limits.h
 * @brief Every compile-time limit of akgl in one place.
 *
 * Layer: memory (docs/03-layers.md).
 *
 * The AKGL_MAX_HEAP_* values are the default capacities of the pools (see
 * akgl/heap.h), which a game chooses when it starts
 * (akgl_game_init_with_config), and their floors: a pool never has fewer
 * slots. A program built with a larger value gets at least that many slots,
 * so its own loops over akgl_heap_actors[0 .. AKGL_MAX_HEAP_ACTOR-1] stay
 * inside the pool.
 */
#ifndef AKGL_LIMITS_H
#define AKGL_LIMITS_H

#include <limits.h>
#include <stdint.h>

/*
 * On Windows, a function of akgl's DLL whose address a program compares
 * (the default hooks an actor or a character is bound to) is declared
 * dllimport, so the program sees the DLL's address and not its own import
 * stub: `actor->updatefunc == akgl_actor_run_update` holds as on Linux. A
 * static akgl on Windows is built and used with AKGL_STATIC (its CMake
 * target defines it).
 */
#if defined(_WIN32) && !defined(akgl_EXPORTS) && !defined(AKGL_STATIC)
#define AKGL_IMPORT __declspec(dllimport)
#else
#define AKGL_IMPORT /**< dllimport, for a program that uses akgl's DLL on Windows. */
#endif

/** @name Pool default capacities (and floors)
 *  @{ */
#ifndef AKGL_MAX_HEAP_ACTOR
#define AKGL_MAX_HEAP_ACTOR 64
#endif
#ifndef AKGL_MAX_HEAP_SPRITE
#define AKGL_MAX_HEAP_SPRITE 1024 /* no longer 16 per actor: a big game raises actors alone */
#endif
#ifndef AKGL_MAX_HEAP_SPRITESHEET
#define AKGL_MAX_HEAP_SPRITESHEET 1024
#endif
#ifndef AKGL_MAX_HEAP_CHARACTER
#define AKGL_MAX_HEAP_CHARACTER 256
#endif
#ifndef AKGL_MAX_HEAP_STRING
#define AKGL_MAX_HEAP_STRING 256
#endif
#ifndef AKGL_MAX_HEAP_TILEMAP
#define AKGL_MAX_HEAP_TILEMAP 16
#endif
#ifndef AKGL_MAX_HEAP_FONT
#define AKGL_MAX_HEAP_FONT 16
#endif
#ifndef AKGL_MAX_HEAP_SOUND
#define AKGL_MAX_HEAP_SOUND 128
#endif
#ifndef AKGL_MAX_HEAP_IMAGE
#define AKGL_MAX_HEAP_IMAGE 256
#endif
/** @} */
/** @def AKGL_MAX_HEAP_ACTOR
 *  Actor slots. */
/** @def AKGL_MAX_HEAP_SPRITE
 *  Sprite slots (not scaled with the actor count). */
/** @def AKGL_MAX_HEAP_SPRITESHEET
 *  Spritesheet slots: one a sprite at most. */
/** @def AKGL_MAX_HEAP_CHARACTER
 *  Character slots. */
/** @def AKGL_MAX_HEAP_STRING
 *  Pooled string slots. */
/** @def AKGL_MAX_HEAP_TILEMAP
 *  Tilemap slots. */
/** @def AKGL_MAX_HEAP_FONT
 *  Font slots. */
/** @def AKGL_MAX_HEAP_SOUND
 *  Sound slots. */
/** @def AKGL_MAX_HEAP_IMAGE
 *  Image slots (akgl_image_load). */

/** @name Field capacities (terminator included)
 *  @{ */
/** akgl_String::data: Linux's PATH_MAX. A fixed number, not PATH_MAX itself,
 *  whose visibility depends on each file's feature macros: one program could
 *  otherwise see two sizes of akgl_String. */
#define AKGL_MAX_STRING_LENGTH 4096
/** akgl_Actor::name: names of at most 31 bytes. 128 before 9/12: every byte
 *  of an actor is streamed by the frame's sweeps (docs/21-limits.md). */
#define AKGL_ACTOR_MAX_NAME_LENGTH 32
#define AKGL_SPRITE_MAX_NAME_LENGTH 128       /**< akgl_Sprite::name */
#define AKGL_SPRITESHEET_MAX_NAME_LENGTH 512  /**< akgl_SpriteSheet::name (a resolved path) */
#define AKGL_CHARACTER_MAX_NAME_LENGTH 128    /**< akgl_Character::name */
#define AKGL_GAME_MAX_NAME_LENGTH 256         /**< akgl_Game::name */
#define AKGL_GAME_MAX_VERSION_LENGTH 32       /**< akgl_Game::version */
#define AKGL_GAME_MAX_URI_LENGTH 256          /**< akgl_Game::uri */
/** @} */

/** @name Other limits
 *  @{ */
#define AKGL_SPRITE_MAX_FRAMES 16     /**< Frames in one sprite's playlist. */
#define AKGL_SPRITE_MAX_FRAME_NUMBER 255 /**< Largest frame number (a cell on the sheet). */
#define AKGL_ACTOR_MAX_CHILDREN 4     /**< Children one actor can carry. */
#define AKGL_ACTOR_MAX_STATES 32      /**< Bits in the actor state word. */
/** Distinct states per character remembered as "an actor of it has no
 *  sprite for this state, logged already" (akgl_Character::missing_logged;
 *  kept per actor before 9/12, which made every actor 20 bytes longer). */
#define AKGL_CHARACTER_MISSING_SPRITE_MEMORY 4
/** The old name of AKGL_CHARACTER_MISSING_SPRITE_MEMORY. */
#define AKGL_ACTOR_MISSING_SPRITE_MEMORY AKGL_CHARACTER_MISSING_SPRITE_MEMORY
/** Cameras and controllers holding an actor at one time (akgl_camera_follow,
 *  akgl_controller_set_actor), so a level change can make them let go. */
#define AKGL_MAX_ACTOR_HOLDS 256
/** Sprites one character JSON may define inline, in its "sprites" array; the
 *  character holds their load references in akgl_Character::owned_sprites. */
#define AKGL_CHARACTER_MAX_INLINE_SPRITES 32
/** The longest path an error message shows whole. A loader's messages begin
 *  with its file's path; a longer one is shown as its first 128 bytes, "...",
 *  and its last 125, so the rest of the message still fits in the 1023 bytes
 *  of akerr_ErrorContext::message. */
#define AKGL_MAX_MESSAGE_PATH_LENGTH 256
#define AKGL_RENDER_MAX_SCALE 256.0f  /**< Largest scale factor of a drawn frame. */
#define AKGL_FONT_TEXT_CACHE 32       /**< Laid-out strings one font keeps ready to draw. */
#define AKGL_FONT_MAX_SIZE 1024.0f    /**< Largest font size in points. */
#define AKGL_FONT_MAX_PATH_LENGTH 512 /**< A font's path, terminator included. */
#define AKGL_FONT_ATLAS_SIZE 1024     /**< Side of a font's glyph atlas textures, in pixels. */
/** Widest and highest glyph drawn, in pixels: under the atlas side, whose
 *  overflow SDL3_ttf 3.2.2 does not survive cleanly (docs/19). */
#define AKGL_FONT_MAX_GLYPH_SIDE 1000
/** An image's path as akgl_image_load keeps it, terminator included. */
#define AKGL_IMAGE_MAX_PATH_LENGTH 512
/** Files hot reload watches when akgl_GameConfig::hot_reload_files is 0. */
#define AKGL_RELOAD_DEFAULT_FILES 256
/** Files hot reload can be asked to watch at most. */
#define AKGL_RELOAD_MAX_FILES 65536
/** Milliseconds between two looks at the watched files by default. */
#define AKGL_RELOAD_DEFAULT_PERIOD_MS 250
/** The longest period between two looks that can be asked for (a minute). */
#define AKGL_RELOAD_MAX_PERIOD_MS 60000
/** MiB of freed heap the C library keeps when akgl_GameConfig::heap_keep_mib
 *  is 0: room for the 27 MiB Mesa's llvmpipe allocates and frees each frame
 *  at 50,000 sprites, twice over. */
#define AKGL_HEAP_KEEP_DEFAULT_MIB 64
/** The most akgl_GameConfig::heap_keep_mib can ask for (AKSL_HEAP_KEEP_MAX). */
#define AKGL_HEAP_KEEP_MAX_MIB 1024
/** Largest radius of a drawn circle, in pixels (akgl/draw.h). */
#define AKGL_DRAW_MAX_RADIUS 16384.0f
/** Largest scale of the default pixel font (akgl_font_default): 8 makes its
 *  characters 48 x 80 pixels. */
#define AKGL_FONT_DEFAULT_MAX_SCALE 8
/** Smallest camera zoom (akgl_camera_set_zoom): 1/16, a view 16 times the
 *  screen's size in world pixels, whose map tiles are still visited one by one. */
#define AKGL_CAMERA_MIN_ZOOM 0.0625f
/** Largest camera zoom (akgl_camera_set_zoom): one world pixel 64 screen pixels wide. */
#define AKGL_CAMERA_MAX_ZOOM 64.0f
/** Largest camera shake amplitude, in screen pixels (akgl_camera_shake). */
#define AKGL_CAMERA_MAX_SHAKE_PX 1024.0f
/** Longest camera shake, in seconds of game time (akgl_camera_shake). */
#define AKGL_CAMERA_MAX_SHAKE_S 60.0f
/** @} */

/** @name Sound (see akgl/sound.h, docs/18-sound.md)
 *  @{ */
#define AKGL_SOUND_MAX_NAME_LENGTH 128   /**< akgl_Sound::name */
#define AKGL_SOUND_MAX_PATH_LENGTH 512   /**< akgl_Sound::path (a resolved path) */
#define AKGL_SOUND_DEFAULT_VOICES 16     /**< Voices made at start unless the game asks otherwise. */
#define AKGL_SOUND_MIN_VOICES 3          /**< Two for a music cross-fade, one for effects. */
#define AKGL_SOUND_MAX_VOICES 255        /**< A voice's index fits a handle's low byte. */
#define AKGL_SOUND_DEVICE_RATE 48000     /**< The rate asked of the device (and used with none). */
#define AKGL_SOUND_MIN_RATE 4000         /**< The lowest sample rate a file may have, Hz. */
#define AKGL_SOUND_MAX_RATE 384000       /**< The highest sample rate a file may have, Hz. */
#define AKGL_SOUND_MAX_SECONDS 600       /**< The longest sound, at the device rate. */
#define AKGL_SOUND_MAX_VOLUME 4.0f       /**< The largest volume of a sound, a play or a bus. */
#define AKGL_CHARACTER_MAX_SOUNDS 16     /**< State sounds one character can map. */
#define AKGL_SOUND_MUSIC_STREAMS 3       /**< Streamed tracks open at once (see sound.h). */
#define AKGL_SOUND_STREAM_CHUNK_FRAMES 1024 /**< Frames a streamed track decodes at a time. */
/* Numbers: what a float sample of a sound file may be. */
/** Largest magnitude of a sample (full scale is 1). Far past any real audio,
 *  and far enough inside a float that no volume, bus or sum of voices can
 *  overflow to infinity (and then NaN) while it plays. NaN and infinity are
 *  refused too. */
#define AKGL_SOUND_MAX_SAMPLE 65536.0f
/** @} */

/** @name Hostile input: what a loader accepts (docs/19-reliability.md)
 *
 * Each is a documented refusal with its own message naming the limit, so a
 * wrong or malicious file costs bounded time and memory. Not ABI: only the
 * library reads them.
 * @{ */
/** Largest JSON file a loader reads, in bytes (1 MiB). */
#define AKGL_JSON_MAX_FILE_SIZE (1024u * 1024u)
/** Memory jansson may ask for while parsing one file, in bytes (16 MiB). */
#define AKGL_JSON_MAX_PARSE_MEMORY (16u * 1024u * 1024u)
/** Values (objects, arrays, strings, numbers...) in one JSON file. */
#define AKGL_JSON_MAX_VALUES 65536
/** Longest object key in a JSON file, in bytes (no terminator). */
#define AKGL_JSON_MAX_KEY_LENGTH 255
/** Deepest nesting of objects and arrays in a JSON file. */
#define AKGL_JSON_MAX_DEPTH 32
/** Properties one properties file may set. */
#define AKGL_PROPERTIES_MAX_COUNT 1024
/** Entries of a character's "sprite_mappings". */
#define AKGL_CHARACTER_MAX_MAPPINGS 256
/** Widest and highest sprite (one frame), in pixels. */
#define AKGL_SPRITE_MAX_SIZE 4096
/** Frames one Aseprite JSON file may list (akgl_sprite_load_aseprite). */
#define AKGL_SPRITE_ASEPRITE_MAX_FRAMES 256
/** Tags one Aseprite JSON file may list: each becomes a sprite. */
#define AKGL_SPRITE_ASEPRITE_MAX_TAGS 32
/** Largest image file a loader opens, in bytes (64 MiB). */
#define AKGL_IMAGE_MAX_FILE_SIZE (64u * 1024u * 1024u)
/** Widest and highest image, in pixels, whatever the renderer allows (the
 *  software renderer reports no limit of its own). */
#define AKGL_IMAGE_MAX_SIDE 16384
/** Pixels one decoded image may have (16 Mi: 64 MiB as RGBA), besides the
 *  renderer's own largest texture side. */
#define AKGL_IMAGE_MAX_PIXELS (16u * 1024u * 1024u)
/** Largest sound file (WAV or Ogg) a loader opens, in bytes (128 MiB): room
 *  for the longest sound (AKGL_SOUND_MAX_SECONDS) as 16-bit stereo at 48 kHz
 *  (115.2 MB); the file is read whole before it is decoded. */
#define AKGL_SOUND_MAX_FILE_SIZE (128u * 1024u * 1024u)
/** Largest font file a loader opens, in bytes (32 MiB: the large CJK fonts
 *  are about 20 MB). A font keeps its file's bytes while it is loaded. */
#define AKGL_FONT_MAX_FILE_SIZE (32u * 1024u * 1024u)
/* Text (akgl/text.h, docs/17-text.md): what one draw or measure lays out. */
/** Bytes of one string drawn or measured (terminator not counted): laying
 *  text out costs SDL3_ttf about 330 bytes of memory a byte, and drawing a
 *  laid-out line submits every glyph of it each frame. */
#define AKGL_TEXT_MAX_LENGTH 16384
/** Lines of one string drawn or measured, after wrapping: each line is laid
 *  out, kept and drawn on its own. */
#define AKGL_TEXT_MAX_LINES 1024
/** @} */

/** @name Tilemaps (akgl/tilemap.h, docs/07-tilemaps.md)
 *  A file or a map beyond one of these is refused with AKERR_OUTOFBOUNDS
 *  naming the file, the element and the value, before anything is allocated
 *  for it.
 *  @{ */
/** Bytes in one map, tileset or template file. */
#define AKGL_TILEMAP_MAX_FILE_SIZE (256L * 1024 * 1024)
/** Cells stored for one tile layer (width * height, or the cells of an
 *  infinite layer's chunks together), and for one chunk: 2^24, a 4096 x
 *  4096 layer (64 MiB of cells). */
#define AKGL_TILEMAP_MAX_LAYER_CELLS (1L << 24)
/** Bytes jansson may ask for while parsing one Tiled JSON file (the 1024 x
 *  1024, 4-layer CSV map of docs/07 needs about 175 MiB). */
#define AKGL_TILEMAP_MAX_PARSE_MEMORY (2048LL * 1024 * 1024)
/** Layers in one map, after flattening groups. */
#define AKGL_TILEMAP_MAX_LAYERS 1024
/** Group layers nested inside one another. */
#define AKGL_TILEMAP_MAX_GROUP_DEPTH 32
/** The layer cache (docs/07-tilemaps.md): the largest side of a chunk's
 *  render target, in pixels; a chunk is as many whole cells as fit. */
#define AKGL_TILEMAP_CACHE_CHUNK_PX 512
/** The layer cache: render targets for all cached layers together. Layers
 *  beyond them are drawn tile by tile. */
#define AKGL_TILEMAP_CACHE_MAX_SLOTS 64
/** Tilesets in one map. */
#define AKGL_TILEMAP_MAX_TILESETS 256
/** Tiles in one tileset (tilecount, or a collection's largest id + 1). */
#define AKGL_TILEMAP_MAX_TILESET_TILES (1L << 20)
/** Objects in one object layer. */
#define AKGL_TILEMAP_MAX_OBJECTS 65536
/** Points of one polygon or polyline. */
#define AKGL_TILEMAP_MAX_POINTS 4096
/** Frames of one tile animation. */
#define AKGL_TILEMAP_MAX_FRAMES 1024
/** Custom properties of one element (a class counts each member). */
#define AKGL_TILEMAP_MAX_PROPERTIES 1024
/** Nesting of class-typed properties. */
#define AKGL_TILEMAP_MAX_CLASS_DEPTH 8
/** Bytes of a flattened property name ("a.b.c"), terminator included. */
#define AKGL_TILEMAP_MAX_PROPERTY_NAME 256
/** Distinct object templates one map uses. */
#define AKGL_TILEMAP_MAX_TEMPLATES 256
/** Files in one chain of tileset references (map -> tileset -> ...). */
#define AKGL_TILEMAP_MAX_INCLUDE_DEPTH 8
/** Entries in the list of solid IntGrid values given to akgl_tilemap_load_ldtk. */
#define AKGL_TILEMAP_MAX_SOLID_VALUES 64
/** Width or height of a tile or grid cell in pixels. */
#define AKGL_TILEMAP_MAX_TILE_SIZE 4096
/** Map width or height in tiles, and how far from 0 an infinite map's chunks
 *  may lie (so cell arithmetic never overflows). */
#define AKGL_TILEMAP_MAX_EXTENT (1L << 24)
/* The whole load: budgets for a map with everything it reads (its tileset
 * and template files included). These are defaults: a game raises them at
 * run time with akgl_tilemap_set_budget (akgl/tilemap.h). */
/** Cells stored for all of a map's tile layers together (an infinite layer
 *  counts its chunks' cells): 2^26, four 4096 x 4096 layers (256 MiB of
 *  cells). */
#define AKGL_TILEMAP_MAX_MAP_CELLS (1LL << 26)
/** Bytes one load may allocate for the map: its cells, layers, objects,
 *  points, tilesets, tiles, names and custom properties (512 MiB). */
#define AKGL_TILEMAP_MAX_MAP_BYTES (512LL * 1024 * 1024)
/** What one custom property counts as against AKGL_TILEMAP_MAX_MAP_BYTES,
 *  besides its name: about what SDL's properties set keeps for it. */
#define AKGL_TILEMAP_PROPERTY_BYTES 128
/* Entities in Tiled XML: expat's amplification protection, set on every
 * parse of a .tmx, .tsx or .tx file. */
/** The most a file's text may grow through its entities: bytes expat reads
 *  and expands over the bytes of the file (expat's default is 100). */
#define AKGL_TILEMAP_XML_MAX_AMPLIFICATION 4.0f
/** Bytes of expanded text before the amplification limit applies (expat's
 *  default is 8 MiB): 1 MiB. */
#define AKGL_TILEMAP_XML_AMPLIFICATION_THRESHOLD (1024ULL * 1024)
/** @} */

/** @name The application runner (akgl/app.h)
 *  @{ */
/** Bytes of the assets directory and of a path akgl_app_asset makes, terminator included. */
#define AKGL_APP_MAX_PATH 1024
/** The largest --frames: 1,000,000 frames is about 4.6 hours at 60 frames a second. */
#define AKGL_APP_MAX_FRAMES 1000000
/** Frames a headless run lasts when neither --frames nor akgl_AppDesc::headless_frames is given. */
#define AKGL_APP_HEADLESS_FRAMES 60
/** The game time one headless frame advances the manual clock: 1/60 s. */
#define AKGL_APP_FRAME_NS UINT64_C(16666667)
/** The window's size when akgl_AppDesc leaves it at 0. */
#define AKGL_APP_DEFAULT_WIDTH 640
/** @copydoc AKGL_APP_DEFAULT_WIDTH */
#define AKGL_APP_DEFAULT_HEIGHT 360
/** @} */

/** @name Time
 *  @{ */
/** Nanoseconds in one millisecond: the game clock counts nanoseconds. */
#define AKGL_TIME_ONEMS_NS UINT64_C(1000000)
/** The fastest the game clock may run: akgl_time_set_scale(100) is a hundredfold. */
#define AKGL_TIME_MAX_SCALE 100.0f
/** The most game time one frame covers (akgl_game_frame_time, the physics
 *  step): 256 ms, the physics' own stall limit (AKGL_PHYSICS_MAX_STEPS steps
 *  of AKGL_PHYSICS_STEP_NS). A longer gap (a breakpoint, a window drag, a
 *  synchronous load) is dropped past it. */
#define AKGL_GAME_MAX_FRAME_NS (256 * AKGL_TIME_ONEMS_NS)
/** The largest sprite speed in milliseconds: speed is a uint32_t of nanoseconds. */
#define AKGL_SPRITE_MAX_SPEED_MS (UINT32_MAX / AKGL_TIME_ONEMS_NS)
/** @} */

/** @name Polling input (akgl/input.h, docs/16-input.md)
 *  The input state is one fixed table: every SDL scancode, these mouse
 *  buttons and these gamepads.
 *  @{ */
/** Mouse buttons tracked: SDL_BUTTON_LEFT (1) up to this one (SDL names 5). */
#define AKGL_INPUT_MAX_MOUSE_BUTTONS 8
/** Gamepads tracked at once, each in a slot 0..7; a pad added while all are
 *  taken is left alone. */
#define AKGL_INPUT_MAX_GAMEPADS 8
/** @} */

/** Asset roots in force at once (akgl_file_add_root; the app runner's
 *  assets directory and desc.roots). */
#define AKGL_FILE_MAX_ROOTS 8

#endif /* AKGL_LIMITS_H */
