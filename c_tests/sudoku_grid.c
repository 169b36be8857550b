/*
 * sudoku_grid: one 9x9 sudoku given as a grid of numbers, solved as an exact
 * cover.
 *
 * Mirrors: seed 002 Ex.2 (the sudoku example of the Luogu DLX tutorial) and
 * the grid example of seed 004 (reference/sudoku_grid.cpp).
 *
 * Input: 81 numbers, row by row, 0 for an empty cell and 1..9 for a clue,
 * separated by blanks, line ends or commas (seed 004 prints its example as
 * "9,2,0,..."). Normally 9 lines of 9 numbers; only one puzzle is read.
 * Output: the solved grid as 9 lines, each digit followed by one space,
 * byte for byte what the original prints; one of the solutions if there are
 * several.
 *
 * Library use: one matrix of 324 primary columns (cell, row-digit,
 * column-digit, box-digit: 0..80, 81.., 162.., 243.. as in c_tests/sudoku)
 * with one row per (cell, digit) the clues still allow: a clue gets its own
 * row only, an empty cell only the digits that no clue of its row, column or
 * box uses. An array maps row ids back to (cell, digit); dlx_solve_first
 * finds the solution. That model is sudoku_solve of sudoku_common.h (shared
 * with sudoku16 and sudoku_x).
 *
 * Differences from the original:
 * - the original skips every character that is not a digit (and treats '-'
 *   as a sign) and reads numbers of any size; this program accepts only
 *   digits 0..9 separated by blanks or commas and needs all 81 of them, and
 *   rejects anything else (message on stderr, exit code 1);
 * - the original prints nothing when there is no solution; this program
 *   prints the line "No solution";
 * - the original builds all 729 rows; the rows ruled out by the clues are
 *   left out here (same solutions).
 */
#include "common.h"
#include "sudoku_common.h"

int main(void)
{
    unsigned char grid[81];
    sudoku_read_grid81(grid);

    if (!sudoku_solve(grid, 9, 3, 0)) {
        puts("No solution");
        return 0;
    }
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++)
            printf("%d ", grid[r * 9 + c]);
        putchar('\n');
    }
    return 0;
}
