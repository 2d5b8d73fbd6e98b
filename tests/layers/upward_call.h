/* The prototype of the planted upward call (upward_call.c). */
#ifndef AKGL_LAYERS_UPWARD_CALL_H
#define AKGL_LAYERS_UPWARD_CALL_H

#include <akerror.h>

struct akgl_Actor;
akerr_ErrorContext *akgl_layers_upward_call(struct akgl_Actor *actor);

#endif
