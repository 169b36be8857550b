/* count_queens: counts the ways to place N queens on an N x N board, none
 * attacking another. Ranks and files are primary columns (one queen each),
 * the diagonals secondary (at most one); a row per square.
 * Usage: count_queens [N]   (default 8: 92)
 * Build: cc count_queens.c $(pkg-config --cflags --libs dlx) */
#include <stdio.h>
#include <stdlib.h>

#include <dlx.h>

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 8;
    size_t diagonals = n ? 2 * n - 1 : 0, columns = 2 * n + 2 * diagonals;
    dlx_matrix *m = NULL;
    dlx_solver *solver = NULL;
    uint64_t count = 0;
    dlx_status s = dlx_matrix_new(columns, &m);
    for (size_t c = 2 * n; c < columns && s == DLX_OK; c++) {
        s = dlx_matrix_set_secondary(m, c);
    }
    for (size_t r = 0; r < n && s == DLX_OK; r++) {
        for (size_t c = 0; c < n && s == DLX_OK; c++) {
            size_t row[4] = {r, n + c, 2 * n + r + c, 2 * n + diagonals + (r + n - 1 - c)};
            s = dlx_matrix_add_row(m, row, 4, NULL);
        }
    }
    if (s == DLX_OK) {
        s = dlx_solver_new(m, &solver);
    }
    if (s == DLX_OK) {
        s = dlx_solver_count(solver, &count); /* DLX_DONE: the whole count */
    }
    if (s != DLX_DONE) {
        fprintf(stderr, "count_queens: %s\n", dlx_status_message(s));
    } else {
        printf("%llu\n", (unsigned long long)count);
    }
    dlx_solver_free(solver);
    dlx_matrix_free(m);
    return s == DLX_DONE ? 0 : 1;
}
