/* Two functions in two files that call each other (circle_a.c, circle_b.c):
 * a planted circle for akgl_layers_selftest. */
#ifndef AKGL_LAYERS_CIRCLE_H
#define AKGL_LAYERS_CIRCLE_H

int akgl_layers_circle_a(int n);
int akgl_layers_circle_b(int n);

#endif
