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
 * finds the solution.
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
#include <string.h>
#include "common.h"

#define CELLS 81
#define COLUMNS 324

static int is_separator(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ',';
}

/* Reads the 81 numbers into grid; exits with a message on bad input. */
static void read_grid(unsigned char grid[CELLS])
{
    int ch = getchar();
    for (int i = 0; i < CELLS; i++) {
        while (ch != EOF && is_separator(ch))
            ch = getchar();
        if (ch == EOF) {
            fprintf(stderr, "input ends after %d numbers, 81 needed\n", i);
            exit(1);
        }
        if (ch < '0' || ch > '9') {
            fprintf(stderr, "number %d: unexpected character (code %d)\n", i + 1, ch);
            exit(1);
        }
        int value = 0;
        while (ch >= '0' && ch <= '9') {
            value = value * 10 + (ch - '0');
            if (value > 9) {
                fprintf(stderr, "number %d: not in 0..9\n", i + 1);
                exit(1);
            }
            ch = getchar();
        }
        if (ch != EOF && !is_separator(ch)) {
            fprintf(stderr, "number %d: unexpected character (code %d)\n", i + 1, ch);
            exit(1);
        }
        grid[i] = (unsigned char)value;
    }
    while (ch != EOF && is_separator(ch))
        ch = getchar();
    if (ch != EOF) {
        fprintf(stderr, "unexpected text after the 81 numbers\n");
        exit(1);
    }
}

int main(void)
{
    unsigned char grid[CELLS];
    read_grid(grid);

    unsigned used_row[9] = {0}, used_col[9] = {0}, used_box[9] = {0};
    for (int i = 0; i < CELLS; i++) {
        if (grid[i]) {
            unsigned bit = 1u << (grid[i] - 1);
            used_row[i / 9] |= bit;
            used_col[i % 9] |= bit;
            used_box[(i / 27) * 3 + (i % 9) / 3] |= bit;
        }
    }

    unsigned char row_cell[CELLS * 9], row_digit[CELLS * 9];
    size_t nrows = 0;
    dlx_matrix *m = new_matrix(COLUMNS);
    for (int i = 0; i < CELLS; i++) {
        int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        unsigned allowed = grid[i] ? 1u << (grid[i] - 1)
                                   : ~(used_row[r] | used_col[c] | used_box[b]) & 0x1ffu;
        for (int d = 0; d < 9; d++) {
            if (!(allowed & (1u << d)))
                continue;
            size_t cols[4] = {(size_t)i, (size_t)(81 + r * 9 + d), (size_t)(162 + c * 9 + d),
                              (size_t)(243 + b * 9 + d)};
            if (add_row(m, cols, 4) != nrows) {
                fprintf(stderr, "unexpected row id\n");
                exit(2);
            }
            row_cell[nrows] = (unsigned char)i;
            row_digit[nrows] = (unsigned char)d;
            nrows++;
        }
    }

    size_t rows[COLUMNS], count = 0;
    dlx_status st = dlx_solve_first(m, rows, COLUMNS, &count);
    check(st, "dlx_solve_first");
    dlx_matrix_free(m);
    if (st != DLX_SOLUTION) {
        puts("No solution");
        return 0;
    }
    if (count != CELLS) {
        fprintf(stderr, "solution with %zu rows, expected %d\n", count, CELLS);
        return 2;
    }
    for (size_t k = 0; k < count; k++) {
        if (rows[k] >= nrows) {
            fprintf(stderr, "row id %zu out of range\n", rows[k]);
            return 2;
        }
        grid[row_cell[rows[k]]] = (unsigned char)(row_digit[rows[k]] + 1);
    }
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++)
            printf("%d ", grid[r * 9 + c]);
        putchar('\n');
    }
    return 0;
}
