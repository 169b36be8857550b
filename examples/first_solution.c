/* first_solution: the example of Knuth's paper "Dancing links" (columns
 * A..G, six rows), built row by row, and its one solution.
 * Build: cc first_solution.c $(pkg-config --cflags --libs dlx) */
#include <stdio.h>

#include <dlx.h>

int main(void)
{
    static const size_t rows[6][3] = {{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}};
    static const size_t lengths[6] = {3, 3, 3, 2, 2, 3};
    dlx_matrix *m = NULL;
    dlx_status s = dlx_matrix_new(7, &m);
    for (size_t r = 0; r < 6 && s == DLX_OK; r++) {
        s = dlx_matrix_add_row(m, rows[r], lengths[r], NULL);
    }
    if (s != DLX_OK) {
        fprintf(stderr, "building the matrix: %s\n", dlx_status_message(s));
        dlx_matrix_free(m);
        return 1;
    }
    size_t found[7], count = 0;
    s = dlx_solve_first(m, found, 7, &count);
    if (s == DLX_SOLUTION) {
        printf("solution:");
        for (size_t i = 0; i < count; i++) {
            printf(" %zu", found[i]);
        }
        printf("\n");
    } else if (s == DLX_DONE) {
        printf("no solution\n");
    } else {
        fprintf(stderr, "dlx_solve_first: %s\n", dlx_status_message(s));
    }
    dlx_matrix_free(m);
    return s == DLX_SOLUTION || s == DLX_DONE ? 0 : 1;
}
