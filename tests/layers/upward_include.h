/*
 * A planted violation for akgl_layers_selftest: placed in the memory layer,
 * this header includes the game layer's <akgl/game.h>. Never compiled.
 *
 * The two includes in comments below are not includes: the check must not
 * report them.
 */
#ifndef AKGL_LAYERS_UPWARD_INCLUDE_H
#define AKGL_LAYERS_UPWARD_INCLUDE_H

#include <akgl/game.h>

/*
#include <akgl/app.h>
*/
// #include <akgl/controller.h>

#endif
