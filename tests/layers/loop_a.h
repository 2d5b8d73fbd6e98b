/* A planted include circle between two headers (loop_b.h includes this one
 * back): header-to-header circles count too. Never compiled on its own. */
#ifndef AKGL_LAYERS_LOOP_A_H
#define AKGL_LAYERS_LOOP_A_H

#include "loop_b.h"

#endif
