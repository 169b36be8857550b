/*
 * sudoku16: 16x16 sudoku (POJ 3076), solved as an exact cover.
 *
 * Mirrors: seed 000 Ex.7, POJ 3076 "Sudoku" (reference/sudoku16.cpp).
 *
 * Input: repeated until end of file: 16 words of 16 characters each, the
 * rows of the grid; 'A'..'P' is a clue, '-' an empty cell. Words are
 * separated by any white space (normally one row per line).
 * Output: per puzzle the solved grid as 16 lines of 16 letters followed by
 * an empty line, as the original prints it; one of the solutions if there
 * are several.
 *
 * Library use: one matrix per puzzle with 1024 primary columns
 *   0..255     cell (r,c) holds a letter        r*16+c
 *   256..511   row r holds letter d             256 + r*16+d
 *   512..767   column c holds letter d          512 + c*16+d
 *   768..1023  4x4 box b holds letter d         768 + b*16+d
 * and one row per (cell, letter) that the clues still allow: a clue gets its
 * own row only, an empty cell only the letters that no clue of its row,
 * column or box uses. An array maps row ids back to (cell, letter);
 * dlx_solve_first gives one solution. That model is sudoku_solve of
 * sudoku_common.h (shared with sudoku_grid and sudoku_x) with side 16.
 *
 * Differences from the original:
 * - the original reads words with no length limit and does not check them;
 *   this program rejects a word that is not 16 characters of 'A'..'P' and
 *   '-', and a puzzle cut short by the end of the input (message on stderr,
 *   exit code 1);
 * - for a puzzle without solution the original prints whatever its answer
 *   array held before; this program prints "No solution" followed by the
 *   empty line;
 * - the original builds all 4096 rows; the rows ruled out by the clues are
 *   left out here (same solutions).
 */
#include <ctype.h>
#include "common.h"
#include "sudoku_common.h"

#define SIDE 16
#define CELLS (SIDE * SIDE)

/* Reads one white-space separated word of at most cap-1 characters into buf.
 * Returns its length, 0 at end of input, or cap when the word is longer. */
static size_t read_word(char *buf, size_t cap)
{
    int ch = getchar();
    while (ch != EOF && isspace(ch))
        ch = getchar();
    size_t len = 0;
    while (ch != EOF && !isspace(ch)) {
        if (len + 1 >= cap)
            return cap;
        buf[len++] = (char)ch;
        ch = getchar();
    }
    buf[len] = '\0';
    return len;
}

/* Reads one puzzle into grid (0 empty, 1..16 clue). Returns 0 when the input
 * ends before the puzzle starts, 1 when a puzzle was read; exits on errors. */
static int read_puzzle(unsigned char grid[CELLS], unsigned long number)
{
    for (int r = 0; r < SIDE; r++) {
        char word[SIDE + 2];
        size_t len = read_word(word, sizeof word);
        if (len == 0) {
            if (r == 0)
                return 0;
            fprintf(stderr, "puzzle %lu: input ends after %d rows\n", number, r);
            exit(1);
        }
        if (len != SIDE) {
            fprintf(stderr, "puzzle %lu, row %d: expected %d characters\n", number, r + 1,
                    SIDE);
            exit(1);
        }
        for (int c = 0; c < SIDE; c++) {
            char ch = word[c];
            if (ch == '-')
                grid[r * SIDE + c] = 0;
            else if (ch >= 'A' && ch <= 'P')
                grid[r * SIDE + c] = (unsigned char)(ch - 'A' + 1);
            else {
                fprintf(stderr, "puzzle %lu, row %d: bad character (code %u)\n", number, r + 1,
                        (unsigned)(unsigned char)ch);
                exit(1);
            }
        }
    }
    return 1;
}

int main(void)
{
    unsigned char grid[CELLS];
    unsigned long number = 0;
    while (read_puzzle(grid, ++number)) {
        if (sudoku_solve(grid, SIDE, 4, 0)) {
            for (int r = 0; r < SIDE; r++) {
                char out[SIDE + 1];
                for (int c = 0; c < SIDE; c++)
                    out[c] = (char)('A' + grid[r * SIDE + c] - 1);
                out[SIDE] = '\0';
                puts(out);
            }
        } else {
            puts("No solution");
        }
        putchar('\n');
    }
    return 0;
}
