#include "low.h"

int akgl_layers_low_value(void)
{
    return 42;
}
