/* p4929: Luogu P4929, the exact cover template problem (seed 002, example 1;
 * reference/luogu_p4929.cpp).
 *
 * Input: two numbers N M, then N lines of M values 0 or 1 (the matrix; any
 * white space separates values). One case only; anything after the matrix is
 * ignored.
 * Output: the 1-based numbers of the rows of one exact cover, separated by
 * single spaces, on one line; or "No Solution!" when there is none.
 *
 * Library use: one dlx_matrix (input column j is column j-1, rows with a 1
 * added in input order, a table mapping row ids back to input rows since
 * all-zero rows are not added: the library refuses empty rows), and
 * dlx_solve_first for the first solution of the search.
 *
 * Differences from the original, on purpose:
 * - rows are printed in increasing order (the original prints them in the
 *   order its search chose them; the problem accepts any order);
 * - the line has no trailing space and ends with a newline (the original
 *   writes "r1 r2 ... " and no newline, and "No Solution!" without newline);
 * - values other than 0 and 1 are rejected (the original takes any non-zero
 *   value as 1 and skips any non-digit, e.g. reads "-1" as 1);
 * - N, M <= 100000 (the problem says N, M <= 500 and at most 5000 ones; the
 *   original's arrays hold 20000 nodes); truncated or malformed input is
 *   reported on stderr with exit code 1.
 * - With M = 0 the empty cover is the answer: an empty line (the original
 *   prints nothing).
 */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "dlx.h"

#define PROG_NAME "p4929"
#include "read_input.h"

#define MAX_DIM 100000UL

static void *alloc_array(size_t n, size_t size)
{
    void *p = calloc(n > 0 ? n : 1, size);
    if (p == NULL) {
        fprintf(stderr, "p4929: out of memory\n");
        exit(2);
    }
    return p;
}

int main(void)
{
    unsigned long nrows, ncols, i;
    size_t *cols, *input_row, *sol;
    size_t added = 0, count = 0, k;
    dlx_matrix *m;
    dlx_status st;

    if (!need_number(&nrows, MAX_DIM, "the row count N") ||
        !need_number(&ncols, MAX_DIM, "the column count M"))
        return 1;
    cols = alloc_array(ncols, sizeof *cols);
    input_row = alloc_array(nrows, sizeof *input_row);
    sol = alloc_array(ncols, sizeof *sol);
    m = new_matrix(ncols);

    for (i = 0; i < nrows; i++) {
        size_t n;
        if (!read_01_row(cols, ncols, &n)) {
            free(cols);
            free(input_row);
            free(sol);
            dlx_matrix_free(m);
            return 1;
        }
        if (n > 0) {
            size_t id = add_row(m, cols, n);
            if (id != added) {
                fprintf(stderr, "p4929: row got id %zu, expected %zu\n", id, added);
                return 2;
            }
            input_row[added++] = i;
        }
    }
    free(cols);

    st = dlx_solve_first(m, sol, ncols, &count);
    check(st, "dlx_solve_first");
    if (st == DLX_SOLUTION) {
        if (count > ncols) {
            fprintf(stderr, "p4929: solution of %zu rows in a buffer of %lu\n", count, ncols);
            return 2;
        }
        for (k = 0; k < count; k++) {
            if (sol[k] >= added) {
                fprintf(stderr, "p4929: row id %zu out of range\n", sol[k]);
                return 2;
            }
            sol[k] = input_row[sol[k]];
        }
        qsort(sol, count, sizeof sol[0], cmp_size);
        for (k = 0; k < count; k++)
            printf(k == 0 ? "%zu" : " %zu", sol[k] + 1);
        printf("\n");
    } else if (st == DLX_DONE) {
        puts("No Solution!");
    } else {
        fprintf(stderr, "p4929: unexpected status %u\n", (unsigned)st);
        return 2;
    }
    free(input_row);
    free(sol);
    dlx_matrix_free(m);
    return 0;
}
