/* The lower file of the synthetic tree the self-test checks on its own
 * (tests/layers/clean/): clean in layers.txt, upside down in swapped.txt. */
#ifndef AKGL_LAYERS_LOW_H
#define AKGL_LAYERS_LOW_H

int akgl_layers_low_value(void);

#endif
