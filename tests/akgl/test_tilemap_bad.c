#define _XOPEN_SOURCE 700
#include "tilemap_fixture.h"
int main(void)
{
    sf_begin();
    AKGL_TEST_BEGIN();
    sf_add_counters();
    int rc = AKGL_TEST_END();
    sf_end();
    return rc;
}
