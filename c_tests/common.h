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

/* N-queens as an exact cover, columns in the order of the queens_N.dlx files
 * of tools/gen_instances.py (so the counters can be compared with
 * Knuth's): primary r0 c0 r1 c1 ... (board row i is column 2i, board column
 * j is 2j+1), then secondary a0..a(2n-2) (i+j) and b0..b(2n-2) (i-j+n-1).
 * Row id i*n + j puts a queen on (i, j). Stops the program on failure. */
static inline dlx_matrix *queens_matrix(size_t n)
{
    size_t diagonals = 2 * n - 1;
    dlx_matrix *m = new_matrix(2 * n + 2 * diagonals);
    for (size_t c = 2 * n; c < 2 * n + 2 * diagonals; c++) {
        check(dlx_matrix_set_secondary(m, c), "dlx_matrix_set_secondary");
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            size_t cols[4] = {2 * i, 2 * j + 1, 2 * n + i + j, 2 * n + diagonals + i + n - 1 - j};
            add_row(m, cols, 4);
        }
    }
    return m;
}

/* Whether `rows` (ids of queens_matrix(n)) place n queens that do not
 * attack each other: an independent check of a solution. */
static inline int queens_valid(const size_t *rows, size_t count, size_t n)
{
    if (count != n) {
        return 0;
    }
    for (size_t a = 0; a < count; a++) {
        for (size_t b = a + 1; b < count; b++) {
            long ia = (long)(rows[a] / n), ja = (long)(rows[a] % n);
            long ib = (long)(rows[b] / n), jb = (long)(rows[b] % n);
            if (ia == ib || ja == jb || ia - ja == ib - jb || ia + ja == ib + jb) {
                return 0;
            }
        }
    }
    return 1;
}

#endif
