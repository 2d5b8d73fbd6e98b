#include <akgl/error.h>

akerr_ErrorContext *akgl_error_init(void)
{
    akerr_name_for_status(AKGL_ERR_HEAP, "Heap exhausted or misused");
    akerr_name_for_status(AKGL_ERR_ABI, "Library/program limits mismatch");
    akerr_symbol_for_status(AKGL_ERR_HEAP, "AKGL_ERR_HEAP");
    akerr_symbol_for_status(AKGL_ERR_ABI, "AKGL_ERR_ABI");
    return NULL;
}
