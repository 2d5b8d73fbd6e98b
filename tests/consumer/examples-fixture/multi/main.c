/* A program in a folder of two files (tests/consumer/run.sh, step 5). */
#include <stdio.h>

#include "part.h"

int main(void)
{
    printf("%d\n", multi_part());
    return 0;
}
