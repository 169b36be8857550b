/* easy_finding: POJ 3740 "Easy Finding" (seed 000, example 1;
 * reference/easy_finding.cpp): does a 0/1 matrix have an exact cover?
 *
 * Input, repeated until end of input: two numbers R C, then R lines of C
 * values 0 or 1 (the matrix, row by row; any white space separates them).
 * Output, one line per case: "Yes, I found it" when some set of rows has
 * exactly one 1 in every column, else "It is impossible".
 *
 * Library use: one dlx_matrix per case (column j of the input is column j-1,
 * every row with at least one 1 is added with dlx_matrix_add_row), then one
 * dlx_solver asked for its first solution with dlx_solver_next: DLX_SOLUTION
 * means "Yes", DLX_DONE means "No". Solver and matrix are freed per case.
 *
 * Differences from the original, on purpose:
 * - values other than 0 and 1 are rejected as bad input (the original takes
 *   any non-zero value as a 1);
 * - an all-zero row is not added (the library refuses empty rows, and such a
 *   row never changes the answer);
 * - R = 0 or C = 0 are handled: with C = 0 the empty set of rows is an exact
 *   cover ("Yes", as the original also says); with C > 0 and no rows, "No";
 * - sizes are bounded (R, C <= 100000) and truncated or malformed input stops
 *   the program with a message on stderr and exit code 1, where the original
 *   would read garbage or overflow its fixed arrays (it holds R <= 509,
 *   C <= 1009, 500000 ones).
 */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "dlx.h"

#define PROG_NAME "easy_finding"
#include "read_input.h"

#define MAX_DIM 100000UL

/* Reads one case after its R; returns 0 on bad input. */
static int solve_case(unsigned long nrows)
{
    unsigned long ncols, i;
    size_t *cols;
    dlx_matrix *m;
    dlx_solver *s = NULL;
    const size_t *rows = NULL;
    size_t count = 0;
    dlx_status st;

    if (!need_number(&ncols, MAX_DIM, "the column count C"))
        return 0;
    cols = malloc((ncols > 0 ? ncols : 1) * sizeof *cols);
    if (cols == NULL) {
        fprintf(stderr, "easy_finding: out of memory\n");
        exit(2);
    }
    m = new_matrix(ncols);
    for (i = 0; i < nrows; i++) {
        size_t n;
        if (!read_01_row(cols, ncols, &n)) {
            free(cols);
            dlx_matrix_free(m);
            return 0;
        }
        if (n > 0)
            add_row(m, cols, n);
    }
    free(cols);

    check(dlx_solver_new(m, &s), "dlx_solver_new");
    st = dlx_solver_next(s, &rows, &count);
    check(st, "dlx_solver_next");
    if (st == DLX_SOLUTION) {
        puts("Yes, I found it");
    } else if (st == DLX_DONE) {
        puts("It is impossible");
    } else {
        fprintf(stderr, "easy_finding: unexpected status %u\n", (unsigned)st);
        exit(2);
    }
    dlx_solver_free(s);
    dlx_matrix_free(m);
    return 1;
}

int main(void)
{
    unsigned long nrows;
    int r;
    while ((r = read_number(&nrows, MAX_DIM)) == 1) {
        if (!solve_case(nrows))
            return 1;
    }
    return r == 0 ? 0 : 1;
}
