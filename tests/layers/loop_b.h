/* The other half of the planted include circle (loop_a.h). */
#ifndef AKGL_LAYERS_LOOP_B_H
#define AKGL_LAYERS_LOOP_B_H

#include "loop_a.h"

#endif
