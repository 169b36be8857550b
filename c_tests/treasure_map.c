/*
 * treasure_map: the fewest pieces that tile a map exactly (ZOJ 3209
 * "Treasure Map"), as a minimum-cardinality exact cover.
 *
 * Mirrors: seed 000 Ex.2 (reference/treasure_map.cpp).
 *
 * Input: T, then per case `N M P` and P lines `x1 y1 x2 y2`: piece k covers
 * the cells (x, y) with x1 < x <= x2 and y1 < y <= y2 of an N x M map.
 * Limits: 1 <= N, M <= 30, 0 <= P <= 500, 0 <= x1 < x2 <= N,
 * 0 <= y1 < y2 <= M.
 * Output: one line per case, the least number of pieces that cover every
 * cell of the map exactly once (pieces may go unused), or -1 when no set of
 * pieces does.
 *
 * Library use: per case a matrix of N*M primary columns (cell (x, y) is
 * column (x-1)*M + y-1) and one row per piece, then the branch and bound of
 * dlx_solve_best (here through a solver, for `-j`) with
 * DLX_OBJECTIVE_FEWEST_ROWS. The library's branch and bound spreads each
 * piece's count of 1 over its cells and cuts a branch as soon as the pieces
 * so far plus the cheapest share of every uncovered cell reach the best
 * count found; the original only cuts at the depth of the best count.
 *
 * Differences from the original: input outside the limits above (or not
 * numbers, or ending early) is rejected with a message on stderr and exit
 * code 1, where the original reads past its arrays or loops. The optional argument
 * `-j N` searches each case on N threads (dlx_solver_set_threads; 0: one per
 * core), with the same output.
 */
#define PROG_NAME "treasure_map"
#include <stdint.h>

#include "common.h"
#include "read_input.h"

#define MAX_SIDE 30
#define MAX_PIECES 500

int main(int argc, char **argv)
{
    size_t threads = threads_arg(argc, argv, PROG_NAME);
    unsigned long t;
    if (!need_number(&t, 1000000, "the number of cases"))
        return 1;
    static size_t cells[MAX_SIDE * MAX_SIDE];
    static size_t rows[MAX_SIDE * MAX_SIDE];
    for (unsigned long k = 0; k < t; k++) {
        unsigned long n, mm, p;
        if (!need_number(&n, MAX_SIDE, "N") || !need_number(&mm, MAX_SIDE, "M") ||
            !need_number(&p, MAX_PIECES, "P"))
            return 1;
        if (n == 0 || mm == 0) {
            fprintf(stderr, PROG_NAME ": case %lu: the map must be at least 1 x 1\n", k + 1);
            return 1;
        }
        dlx_matrix *m = new_matrix(n * mm);
        for (unsigned long i = 0; i < p; i++) {
            unsigned long x1, y1, x2, y2;
            if (!need_number(&x1, MAX_SIDE, "x1") || !need_number(&y1, MAX_SIDE, "y1") ||
                !need_number(&x2, MAX_SIDE, "x2") || !need_number(&y2, MAX_SIDE, "y2")) {
                dlx_matrix_free(m);
                return 1;
            }
            if (x1 >= x2 || y1 >= y2 || x2 > n || y2 > mm) {
                fprintf(stderr, PROG_NAME ": case %lu, piece %lu: %lu %lu %lu %lu is not a rectangle "
                        "inside the %lu x %lu map\n", k + 1, i + 1, x1, y1, x2, y2, n, mm);
                dlx_matrix_free(m);
                return 1;
            }
            size_t count = 0;
            for (unsigned long x = x1 + 1; x <= x2; x++)
                for (unsigned long y = y1 + 1; y <= y2; y++)
                    cells[count++] = (x - 1) * mm + (y - 1);
            add_row(m, cells, count);
        }
        size_t count = 0;
        int64_t pieces = -1;
        dlx_status st = solve_best_on(m, DLX_OBJECTIVE_FEWEST_ROWS, threads, rows, n * mm, &count, &pieces);
        check(st, "solve_best_on");
        dlx_matrix_free(m);
        printf("%lld\n", st == DLX_SOLUTION ? (long long)pieces : -1LL);
    }
    return need_end("the last case") ? 0 : 1;
}
