/*
 * target_sudoku: the highest score of a "target" sudoku (NOIP 2009, Luogu
 * P1074), as a maximum-weight exact cover.
 *
 * Mirrors: seed 000 Ex.6 and seed 002 Ex.3 (reference/target_sudoku.cpp).
 *
 * Input: 81 numbers, row by row, 0 for an empty cell and 1..9 for a clue,
 * separated by blanks or line ends (normally 9 lines of 9 numbers).
 * Output: one line, the highest score over all completions of the grid, or
 * -1 when it has none. A completed grid scores, over all 81 cells (clues
 * included), the digit times the cell's value: 10 for the centre cell, 9 on
 * the ring around it, then 8, 7, and 6 on the outer rim.
 *
 * Library use: the sudoku's exact cover model (sudoku_matrix of
 * sudoku_common.h: 324 primary columns, one row per clue and one per digit
 * of each empty cell), each row's cost set to its digit times its cell's
 * value with dlx_matrix_set_row_cost. A puzzle whose completions are few
 * (a probe of dlx_solver_run with a node limit and dlx_solver_estimate
 * says so; see PROBE_NODES below) has them enumerated and scored here, as
 * the original does; any other goes to dlx_solve_best with
 * DLX_OBJECTIVE_MAX_COST, whose branch and bound cuts off every branch
 * whose bound cannot beat the best score so far, where the original
 * enumerates every completion.
 *
 * The matrix keeps, as the original's does, the digits of an empty cell
 * that a clue of its row, column or box rules out. Those rows are never
 * chosen, and the linear relaxation's optimum is the same with or without
 * them, but the bound's potentials (a solution of its dual) must then price
 * them too, and such potentials stay strong deeper in the search: on the
 * random puzzles of bench/run.py (target-sudoku-random) the search without
 * those rows visited 81,136 nodes against 23,768 on puzzle 17, and 230,809
 * against 1,185 on puzzle 08.
 *
 * Differences from the original: the original skips every character that is
 * not a digit and reads numbers of any size; this program needs exactly 81
 * numbers 0..9 (commas are also accepted as separators) and rejects
 * anything else with a message on stderr and exit code 1.
 */
#include <stdint.h>

#include "common.h"
#include "sudoku_common.h"

/* The value of cell (r, c), 0-based: 10 at the centre down to 6 on the rim. */
static int cell_value(int r, int c)
{
    int dr = r > 4 ? r - 4 : 4 - r, dc = c > 4 ? c - 4 : 4 - c;
    return 10 - (dr > dc ? dr : dc);
}

/* A puzzle with few completions is answered faster by enumerating them all
 * (as the original does) than by computing the branch and bound's
 * potentials. So the completions are enumerated first, for PROBE_NODES
 * search nodes; when that leaves the search unfinished, the estimated
 * size of the whole tree (dlx_solver_estimate) decides: up to
 * ENUMERATE_NODES, the enumeration goes on (at most that many more nodes),
 * and otherwise, or if it still does not finish, dlx_solve_best answers. A
 * thousand nodes take about 70 microseconds here. */
#define PROBE_NODES 3000
#define ENUMERATE_NODES 20000

/* The best score among the completions handed to keep_best. */
struct best_seen {
    const int64_t *score; /* per row */
    int64_t best;
    int found;
};

static int keep_best(void *user, const size_t *rows, size_t count)
{
    struct best_seen *b = user;
    int64_t total = 0;
    for (size_t k = 0; k < count; k++)
        total += b->score[rows[k]];
    if (!b->found || total > b->best)
        b->best = total;
    b->found = 1;
    return 0;
}

int main(void)
{
    unsigned char grid[81];
    sudoku_read_grid81(grid);

    static unsigned short row_cell[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE];
    static unsigned char row_digit[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE];
    static int64_t score[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE];
    size_t nrows, ncols;
    dlx_matrix *m = sudoku_matrix(grid, 9, 3, 0, 1, row_cell, row_digit, &nrows, &ncols);
    for (size_t k = 0; k < nrows; k++) {
        int cell = row_cell[k];
        score[k] = (int64_t)(row_digit[k] + 1) * cell_value(cell / 9, cell % 9);
        check(dlx_matrix_set_row_cost(m, k, score[k]), "dlx_matrix_set_row_cost");
    }
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, PROBE_NODES), "dlx_solver_set_limit");
    struct best_seen seen = {score, 0, 0};
    dlx_status all = dlx_solver_run(s, keep_best, &seen, NULL);
    check(all, "dlx_solver_run");
    double walked = 0;
    if (all != DLX_DONE && dlx_solver_estimate(s, &walked) == DLX_OK && walked * ENUMERATE_NODES >= PROBE_NODES) {
        check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, ENUMERATE_NODES), "dlx_solver_set_limit");
        all = dlx_solver_run(s, keep_best, &seen, NULL);
        check(all, "dlx_solver_run");
    }
    dlx_solver_free(s);
    if (all == DLX_DONE) {
        dlx_matrix_free(m);
        if (seen.found)
            printf("%lld\n", (long long)seen.best);
        else
            puts("-1");
        return 0;
    }
    size_t rows[324], count = 0;
    int64_t best = 0;
    dlx_status st = dlx_solve_best(m, DLX_OBJECTIVE_MAX_COST, rows, ncols, &count, &best);
    check(st, "dlx_solve_best");
    dlx_matrix_free(m);
    if (st == DLX_SOLUTION && count == 81)
        printf("%lld\n", (long long)best);
    else if (st == DLX_DONE)
        puts("-1");
    else {
        fprintf(stderr, "a solution of %zu rows, 81 expected\n", count);
        return 2;
    }
    return 0;
}
