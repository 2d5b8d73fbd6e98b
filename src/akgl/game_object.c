/*
 * The game object. Defined here, in the memory layer, rather than with the
 * loop (game.c) because every layer above reads it: the sheets and fonts
 * upload through the bound renderer, the physics backend binds itself, the
 * level binds its map. Holding only pointers to the bound objects' structs,
 * it depends on none of them.
 */
#include <akgl/game_object.h>

akgl_Game game;
