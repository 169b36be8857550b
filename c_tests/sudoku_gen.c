/* sudoku_gen: makes a sudoku puzzle with a unique solution (seed 004,
 * "generating sudoku").
 *
 * Input: lines "SEED TARGET": a seed (0 .. 2^64-1) and the number of clues
 * to aim for (17 .. 81). For each line, prints two lines:
 *   the full grid, 81 digits, row by row;
 *   the puzzle, 81 characters, '.' for an empty cell.
 *
 * How: one matrix of all 729 (cell, digit) rows. A solver randomised with
 * the seed finds a random complete grid. Then the cells, in an order drawn
 * from the seed, are emptied one at a time while more clues than TARGET are
 * left, each removal kept only if the puzzle still has exactly one solution:
 * a second solver forces the remaining clues and counts with a limit of two
 * solutions. The same line always gives the same output. When no further
 * clue can go, fewer removals than asked are made (the puzzle then has more
 * clues than TARGET). Bad input: a message on stderr, exit status 1.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "sudoku_common.h"

/* splitmix64: the order in which cells are tried for removal. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int count_fn(void *user, const size_t *rows, size_t count)
{
    (void)rows;
    (void)count;
    ++*(int *)user;
    return 0;
}

/* The number of solutions (0, 1 or 2 meaning "two or more") of the puzzle
 * whose clue rows are rows[0 .. n]. */
static int solutions_up_to_2(dlx_solver *s, const size_t *rows, size_t n)
{
    int found = 0;
    check(dlx_solver_force_rows(s, rows, n), "dlx_solver_force_rows");
    check(dlx_solver_run(s, count_fn, &found, NULL), "dlx_solver_run");
    return found;
}

int main(void)
{
    dlx_matrix *m = sudoku_full_matrix(); /* row id: cell * 9 + digit */
    dlx_solver *gen = NULL, *unique = NULL;
    check(dlx_solver_new(m, &gen), "dlx_solver_new");
    check(dlx_solver_new(m, &unique), "dlx_solver_new");
    check(dlx_solver_set_limit(unique, DLX_LIMIT_SOLUTIONS, 2), "dlx_solver_set_limit");
    char line[256];
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        uint64_t seed;
        int target;
        char extra;
        if (line[0] == '\n' || line[0] == '#') {
            continue;
        }
        if (sscanf(line, "%" SCNu64 " %d %c", &seed, &target, &extra) != 2 || target < 17 || target > 81) {
            fprintf(stderr, "sudoku_gen: expected \"SEED TARGET\" with 17 <= TARGET <= 81, got: %s", line);
            status = 1;
            break;
        }
        /* A random complete grid: the first solution of a seeded search. */
        const size_t *rows;
        size_t count;
        check(dlx_solver_set_seed(gen, seed), "dlx_solver_set_seed");
        if (dlx_solver_next(gen, &rows, &count) != DLX_SOLUTION || count != 81) {
            fprintf(stderr, "sudoku_gen: no grid found (a bug)\n");
            status = 2;
            break;
        }
        int grid[81];
        for (size_t k = 0; k < 81; k++) {
            grid[rows[k] / 9] = (int)(rows[k] % 9) + 1;
        }
        /* Cells in a random order. */
        int order[81], clue[81];
        for (int i = 0; i < 81; i++) {
            order[i] = i;
            clue[i] = 1;
        }
        uint64_t state = seed;
        for (int i = 80; i > 0; i--) {
            int j = (int)(next_random(&state) % (uint64_t)(i + 1));
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int clues = 81;
        for (int k = 0; k < 81 && clues > target; k++) {
            clue[order[k]] = 0;
            size_t kept[81], n = 0;
            for (int i = 0; i < 81; i++) {
                if (clue[i]) {
                    kept[n++] = (size_t)(i * 9 + grid[i] - 1);
                }
            }
            if (solutions_up_to_2(unique, kept, n) == 1) {
                clues--;
            } else {
                clue[order[k]] = 1;
            }
        }
        char out_grid[82], out_puzzle[82];
        for (int i = 0; i < 81; i++) {
            out_grid[i] = (char)('0' + grid[i]);
            out_puzzle[i] = clue[i] ? out_grid[i] : '.';
        }
        out_grid[81] = out_puzzle[81] = '\0';
        printf("%s\n%s\n", out_grid, out_puzzle);
    }
    dlx_solver_free(gen);
    dlx_solver_free(unique);
    dlx_matrix_free(m);
    return status;
}
