/* The other half of a planted circle (circle.h). */
#include "circle.h"

int akgl_layers_circle_b(int n)
{
    return n <= 0 ? 1 : akgl_layers_circle_a(n - 1);
}
