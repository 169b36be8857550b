/* unique_test: the uniqueness check through the C API
 * (dlx_solver_is_unique).
 *
 * Expected values are facts: Arto Inkala's 2012 sudoku ("the world's
 * hardest", 21 givens) has exactly one solution; the empty 4x4 sudoku has
 * 288 solutions, so several; two equal givens in one row leave none; 4
 * queens have 2 solutions. Every solution handed out is checked here to be
 * a filled grid that keeps the givens and repeats no digit in a row,
 * column or box (or, for the queens, to place 4 queens that do not
 * attack), and the two of "several" to differ. Also checked: a node limit
 * stops the check, and the next call starts over to the same verdict; an
 * objective, NULLs and a busy solver get their status. No input; one line
 * per check.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "sudoku_common.h"

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

static unsigned short row_cell[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE];
static unsigned char row_digit[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE];

/* The solutions handed to the callback, as grids. */
struct met {
    int n, bs, count;
    const unsigned char *givens;
    unsigned char grid[2][SUDOKU_MAX_CELLS];
    int bad;
};

/* Whether `g` is a filled n x n sudoku that keeps the givens. */
static int valid_grid(const unsigned char *g, const unsigned char *givens, int n, int bs)
{
    for (int i = 0; i < n * n; i++)
        if (g[i] < 1 || g[i] > n || (givens[i] && givens[i] != g[i]))
            return 0;
    for (int a = 0; a < n * n; a++)
        for (int b = a + 1; b < n * n; b++) {
            int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
            int unit = ra == rb || ca == cb || (ra / bs == rb / bs && ca / bs == cb / bs);
            if (unit && g[a] == g[b])
                return 0;
        }
    return 1;
}

static int on_sudoku(void *user, const size_t *rows, size_t count)
{
    struct met *m = user;
    if (m->count >= 2) {
        m->bad = 1;
        return 0;
    }
    unsigned char *g = m->grid[m->count++];
    memset(g, 0, SUDOKU_MAX_CELLS);
    for (size_t k = 0; k < count; k++)
        g[row_cell[rows[k]]] = (unsigned char)(row_digit[rows[k]] + 1);
    m->bad |= count != (size_t)(m->n * m->n) || !valid_grid(g, m->givens, m->n, m->bs);
    return 1; /* ignored */
}

/* The verdict and the solutions of the n x n sudoku `puzzle` ('0' or '.'
 * for an empty cell). */
static uint32_t check_sudoku(const char *puzzle, int n, int bs, struct met *met)
{
    static unsigned char givens[SUDOKU_MAX_CELLS];
    for (int i = 0; i < n * n; i++)
        givens[i] = (unsigned char)(puzzle[i] >= '1' && puzzle[i] <= '9' ? puzzle[i] - '0' : 0);
    size_t nrows = 0, ncols = 0;
    dlx_matrix *m = sudoku_matrix(givens, n, bs, 0, 0, row_cell, row_digit, &nrows, &ncols);
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    memset(met, 0, sizeof *met);
    met->n = n;
    met->bs = bs;
    met->givens = givens;
    uint32_t verdict = 99;
    check(dlx_solver_is_unique(s, &verdict, on_sudoku, met), "dlx_solver_is_unique");
    dlx_solver_free(s);
    dlx_matrix_free(m);
    return verdict;
}

static void sudokus(void)
{
    struct met met;
    const char *inkala = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
    expect(check_sudoku(inkala, 9, 3, &met) == DLX_UNIQUENESS_UNIQUE && met.count == 1 && !met.bad,
           "Inkala's sudoku: unique, its solution valid");
    expect(check_sudoku("0000000000000000", 4, 2, &met) == DLX_UNIQUENESS_SEVERAL && met.count == 2 && !met.bad
               && memcmp(met.grid[0], met.grid[1], 16) != 0,
           "the empty 4x4 sudoku: several, two different valid grids");
    expect(check_sudoku("1100000000000000", 4, 2, &met) == DLX_UNIQUENESS_NONE && met.count == 0,
           "two 1s in one row: none, nothing handed out");
}

static void queens_and_errors(void)
{
    dlx_matrix *m = queens_matrix(4);
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    uint32_t verdict = 99;
    expect(dlx_solver_is_unique(s, &verdict, NULL, NULL) == DLX_DONE && verdict == DLX_UNIQUENESS_SEVERAL,
           "4 queens (2 solutions): several, no callback needed");
    /* A node limit too small to find the second: stopped, and again. */
    check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 3), "dlx_solver_set_limit");
    verdict = 99;
    expect(dlx_solver_is_unique(s, &verdict, NULL, NULL) == DLX_STOPPED && verdict == 99, "a node limit of 3: DLX_STOPPED, no verdict");
    expect(dlx_solver_is_unique(s, &verdict, NULL, NULL) == DLX_STOPPED, "the next call starts over: stopped again");
    check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 0), "dlx_solver_set_limit");
    check(dlx_solver_set_limit(s, DLX_LIMIT_SOLUTIONS, 1), "dlx_solver_set_limit");
    expect(dlx_solver_is_unique(s, &verdict, NULL, NULL) == DLX_DONE && verdict == DLX_UNIQUENESS_SEVERAL,
           "no node limit, a solution limit of 1 (which does not apply): several");
    expect(dlx_solver_is_unique(s, NULL, NULL, NULL) == DLX_ERR_NULL, "NULL verdict: DLX_ERR_NULL");
    expect(dlx_solver_is_unique(NULL, &verdict, NULL, NULL) == DLX_ERR_NULL, "NULL solver: DLX_ERR_NULL");
    check(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1), "dlx_solver_set_objective");
    expect(dlx_solver_is_unique(s, &verdict, NULL, NULL) == DLX_ERR_UNSUPPORTED, "with an objective: DLX_ERR_UNSUPPORTED");
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

int main(void)
{
    sudokus();
    queens_and_errors();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    return 0;
}
