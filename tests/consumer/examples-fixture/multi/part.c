#include "part.h"

#include <akgl/game.h>

int multi_part(void)
{
    akerr_ErrorContext *e = akgl_game_init();
    int status = e != NULL ? e->status : 0;
    e = akerr_release_error(e);
    (void)e;
    e = akgl_game_quit();
    e = akerr_release_error(e);
    return status;
}
