/*
 * open_builtin_absent.c — stands in for open_builtin.c when the kernels
 * module is not part of the build (SONNX_CTS_MODULES without "kernels"), so
 * the exec module and its plugin tests still build and say why.
 */
#include <stdio.h>

#include "sct/exec/backend.h"

sct_backend *sct_backend_open_builtin(char *err, size_t err_cap)
{
    snprintf(err, err_cap,
             "the built-in kernels are not part of this build (module 'kernels')");
    return NULL;
}
