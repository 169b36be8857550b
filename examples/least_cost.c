/* least_cost: the cheapest way to cover 0..3 with priced rows (branch and
 * bound, as Knuth's DLX5). Rows {0,1} 5, {2,3} 4, {0,1,2,3} 10, {0} 1,
 * {1} 1: the best cover is {0}, {1}, {2,3} at 6.
 * Build: cc least_cost.c $(pkg-config --cflags --libs dlx) */
#include <stdio.h>

#include <dlx.h>

int main(void)
{
    static const size_t rows[5][4] = {{0, 1}, {2, 3}, {0, 1, 2, 3}, {0}, {1}};
    static const size_t lengths[5] = {2, 2, 4, 1, 1};
    static const int64_t costs[5] = {5, 4, 10, 1, 1};
    dlx_matrix *m = NULL;
    dlx_status s = dlx_matrix_new(4, &m);
    for (size_t r = 0; r < 5 && s == DLX_OK; r++) {
        s = dlx_matrix_add_row(m, rows[r], lengths[r], NULL);
        if (s == DLX_OK) {
            s = dlx_matrix_set_row_cost(m, r, costs[r]);
        }
    }
    size_t best[4], count = 0;
    int64_t cost = 0;
    if (s == DLX_OK) {
        s = dlx_solve_best(m, DLX_OBJECTIVE_MIN_COST, best, 4, &count, &cost);
    }
    if (s == DLX_SOLUTION) {
        printf("cost %lld:", (long long)cost);
        for (size_t i = 0; i < count; i++) {
            printf(" %zu", best[i]);
        }
        printf("\n");
    } else {
        fprintf(stderr, "least_cost: %s\n", s == DLX_DONE ? "no solution" : dlx_status_message(s));
    }
    dlx_matrix_free(m);
    return s == DLX_SOLUTION ? 0 : 1;
}
