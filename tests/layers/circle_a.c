/* Half of a planted circle (circle.h). */
#include "circle.h"

int akgl_layers_circle_a(int n)
{
    return n <= 0 ? 0 : akgl_layers_circle_b(n - 1);
}
