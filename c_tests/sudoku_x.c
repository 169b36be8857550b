/*
 * sudoku_x: diagonal sudoku (sudoku X), one puzzle per line, solved as an
 * exact cover.
 *
 * Mirrors: the "diagonal sudoku" variant described in seed 004 (no code
 * there; the program shape follows reference/sudoku9.cpp, as c_tests/sudoku
 * does). Besides rows, columns and 3x3 boxes, both main diagonals must hold
 * each digit 1..9 once.
 *
 * Input: lines of 81 characters, row by row; '.' or '0' is an empty cell,
 * '1'..'9' a clue. Reading stops at a line "end" or at end of file. Lines
 * starting with '#' and empty lines are skipped; spaces, tabs and a '\r' at
 * either end of a line are ignored (so CRLF files work). A line longer than
 * 255 bytes, or one of another length or with any other byte (NUL
 * included), is rejected: message on stderr, exit code 1.
 * Output: per puzzle one line of 81 digits, the solved grid row by row, or
 * "No solution". A puzzle with several solutions gets one of them.
 *
 * Library use: one matrix per puzzle with 342 primary columns
 *   0..80     cell (r,c) holds a digit          r*9+c
 *   81..161   row r holds digit d               81  + r*9+d
 *   162..242  column c holds digit d            162 + c*9+d
 *   243..323  box b holds digit d               243 + b*9+d
 *   324..332  main diagonal (r == c) holds d    324 + d
 *   333..341  anti-diagonal (r + c == 8) holds d  333 + d
 * so a row has 4 columns, 5 on one diagonal and 6 at the centre cell, as
 * seed 004 describes. The diagonal columns are primary: 9 cells, 9 digits,
 * each exactly once. One row per (cell, digit) that the clues still allow:
 * a clue gets its own row only, an empty cell only the digits that no clue
 * of its row, column, box or diagonal uses. An array maps row ids back to
 * (cell, digit). dlx_solve_first gives one solution. Unlike c_tests/sudoku,
 * this program applies no deductions before the search, and clashing clues
 * are left to the library too (their rows cannot both be chosen). The model
 * and the input loop are shared (sudoku_common.h: sudoku_solve with the
 * diagonals on, sudoku_line_main, the same reading as c_tests/sudoku).
 */
#include "common.h"
#include "sudoku_common.h"

/* The model (sudoku_solve) and the reading loop (sudoku_line_main) are in
 * sudoku_common.h; here the 9x9 grid gets the two diagonals too. */
static int solve_x(unsigned char grid[81])
{
    return sudoku_solve(grid, 9, 3, 1);
}

int main(void)
{
    return sudoku_line_main(solve_x);
}
