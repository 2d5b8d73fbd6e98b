/* The upper file of the synthetic tree: it uses low.h and low.c. */
#ifndef AKGL_LAYERS_HIGH_H
#define AKGL_LAYERS_HIGH_H

int akgl_layers_high_value(void);

#endif
