/*
 * square_destroyer: the fewest matches to take away from an N x N grid of
 * matches so that no square of any size is left (POJ 1084 "Square
 * Destroyer"), as a minimum repeated cover.
 *
 * Mirrors: seed 000 Ex.8 (reference/square_destroyer.cpp).
 *
 * Input: T, then per case `N K` and K numbers: the matches already taken
 * away. The grid has 2N(N+1) matches, numbered from 1 row by row: the N
 * horizontal matches of a row of the grid, then the N+1 vertical matches
 * below it, and so on, ending with the bottom row's horizontal ones.
 * Limits: 1 <= N <= 5, 0 <= K <= 2N(N+1), every match number in range (a
 * match named twice is taken away once).
 * Output: per case, the fewest further matches whose removal leaves no
 * complete square (all four sides of every size present).
 *
 * Library use: one column per square still complete, with bounds [1, number
 * of matches] (hit at least once: dlx_matrix_set_bounds), one row per match
 * still there that lies on some complete square, and the branch and bound of
 * dlx_solve_best (here through a solver, for `-j`) with
 * DLX_OBJECTIVE_FEWEST_ROWS. The library's bound is the seed's: squares no
 * two of which share a match each need a match of their own.
 *
 * Differences from the original: input outside the limits above is
 * rejected with a message on stderr and exit code 1. The optional argument
 * `-j N` searches each case on N threads (dlx_solver_set_threads; 0: one per
 * core), with the same output.
 */
#define PROG_NAME "square_destroyer"
#include <stdint.h>

#include "common.h"
#include "read_input.h"

#define MAX_N 5
#define MAX_MATCHES (2 * MAX_N * (MAX_N + 1))
#define MAX_SQUARES 55 /* 25 + 16 + 9 + 4 + 1 */

int main(int argc, char **argv)
{
    size_t threads = threads_arg(argc, argv, PROG_NAME);
    unsigned long t;
    if (!need_number(&t, 1000000, "the number of cases"))
        return 1;
    for (unsigned long k = 0; k < t; k++) {
        unsigned long n, removed;
        if (!need_number(&n, MAX_N, "N"))
            return 1;
        if (n == 0) {
            fprintf(stderr, PROG_NAME ": case %lu: N must be 1 to %d\n", k + 1, MAX_N);
            return 1;
        }
        unsigned long matches = 2 * n * (n + 1), stride = 2 * n + 1;
        if (!need_number(&removed, matches, "K"))
            return 1;
        int gone[MAX_MATCHES + 1] = {0};
        for (unsigned long i = 0; i < removed; i++) {
            unsigned long x;
            if (!need_number(&x, matches, "a match number"))
                return 1;
            if (x == 0) {
                fprintf(stderr, PROG_NAME ": case %lu: match numbers start at 1\n", k + 1);
                return 1;
            }
            gone[x] = 1;
        }
        /* The complete squares, each as the list of its 4s matches. */
        static unsigned long sides[MAX_SQUARES][4 * MAX_N];
        size_t squares = 0, per[MAX_SQUARES];
        for (unsigned long s = 1; s <= n; s++) {
            for (unsigned long i = 0; i + s <= n; i++) {
                for (unsigned long j = 0; j + s <= n; j++) {
                    size_t c = 0;
                    int complete = 1;
                    for (unsigned long d = 0; d < s; d++) {
                        unsigned long edge[4] = {
                            i * stride + j + d + 1,             /* top */
                            (i + s) * stride + j + d + 1,       /* bottom */
                            (i + d) * stride + n + j + 1,       /* left */
                            (i + d) * stride + n + j + s + 1,   /* right */
                        };
                        for (int e = 0; e < 4; e++) {
                            complete &= !gone[edge[e]];
                            sides[squares][c++] = edge[e];
                        }
                    }
                    if (complete)
                        per[squares++] = c;
                }
            }
        }
        dlx_matrix *m = new_matrix(squares);
        for (size_t q = 0; q < squares; q++)
            check(dlx_matrix_set_bounds(m, q, 1, (uint32_t)matches), "dlx_matrix_set_bounds");
        for (unsigned long x = 1; x <= matches; x++) {
            size_t cols[MAX_SQUARES], count = 0;
            for (size_t q = 0; q < squares; q++)
                for (size_t e = 0; e < per[q]; e++)
                    if (sides[q][e] == x)
                        cols[count++] = q;
            if (count > 0)
                add_row(m, cols, count);
        }
        size_t rows[MAX_MATCHES], count = 0;
        int64_t best = 0;
        dlx_status st = solve_best_on(m, DLX_OBJECTIVE_FEWEST_ROWS, threads, rows, MAX_MATCHES, &count, &best);
        check(st, "solve_best_on");
        dlx_matrix_free(m);
        if (st != DLX_SOLUTION) {
            fprintf(stderr, PROG_NAME ": case %lu: no solution found (a bug)\n", k + 1);
            return 2;
        }
        printf("%lld\n", (long long)best);
    }
    return need_end("the last case") ? 0 : 1;
}
