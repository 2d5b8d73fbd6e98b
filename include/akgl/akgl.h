/**
 * @file akgl/akgl.h
 * @brief Every akgl header a game uses, at once, for a program's main file: the
 *        application runner and everything its callbacks use (not the test
 *        switch <akgl/fault.h>).
 *
 * Layer: game (docs/03-layers.md).
 *
 * Each subsystem keeps its own header (include only the ones a file needs,
 * to keep rebuilds small); this one just saves a game the list.
 */
#ifndef AKGL_AKGL_H
#define AKGL_AKGL_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/app.h>
#include <akgl/camera.h>
#include <akgl/character.h>
#include <akgl/controller.h>
#include <akgl/draw.h>
#include <akgl/error.h>
#include <akgl/file.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/image.h>
#include <akgl/input.h>
#include <akgl/json.h>
#include <akgl/particles.h>
#include <akgl/limits.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akgl/reload.h>
#include <akgl/render.h>
#include <akgl/sound.h>
#include <akgl/sprite.h>
#include <akgl/state.h>
#include <akgl/staticstring.h>
#include <akgl/text.h>
#include <akgl/tilemap.h>
#include <akgl/time.h>
#include <akgl/tween.h>
#include <akgl/version.h>

#endif /* AKGL_AKGL_H */
