#include "high.h"
#include "low.h"

int akgl_layers_high_value(void)
{
    return akgl_layers_low_value() + 1;
}
