/* Small helpers shared by the C test programs. */
#ifndef DLX_C_TESTS_COMMON_H
#define DLX_C_TESTS_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include "dlx.h"

/* Stop the program with the library's message when a call fails. */
static inline void check(dlx_status status, const char *what)
{
    if (status != DLX_OK && status != DLX_SOLUTION && status != DLX_DONE &&
        status != DLX_STOPPED) {
        fprintf(stderr, "%s: %s (status %u)\n", what, dlx_status_message(status),
                (unsigned)status);
        exit(2);
    }
}

/* Add one row and stop on failure; returns the row id. */
static inline size_t add_row(dlx_matrix *m, const size_t *cols, size_t n)
{
    size_t row = 0;
    check(dlx_matrix_add_row(m, cols, n, &row), "dlx_matrix_add_row");
    return row;
}

/* A new matrix of the given number of columns; stops on failure. */
static inline dlx_matrix *new_matrix(size_t columns)
{
    dlx_matrix *m = NULL;
    check(dlx_matrix_new(columns, &m), "dlx_matrix_new");
    return m;
}

#endif
