/* demo: what `make demo` runs. Solves a sudoku and counts the 8-queens
 * solutions through the C API, printing both.
 *
 * Input: none (an 81-character puzzle may be given as the first argument;
 * '.' or '0' for blanks). Output: the puzzle and its solution as 9x9 grids,
 * then "8-queens: N solutions" (92 is the known answer).
 */
#include <stdio.h>
#include <string.h>

#include "common.h"

/* The exact cover form of sudoku: row (r, c, d) covers four columns:
 * cell (r,c) filled, row r has d, column c has d, box b has d. */
static int solve_sudoku(const char *puzzle, char *solution)
{
    dlx_matrix *m = new_matrix(4 * 81);
    size_t meaning[729];
    for (size_t r = 0; r < 9; r++) {
        for (size_t c = 0; c < 9; c++) {
            char ch = puzzle[9 * r + c];
            for (size_t d = 0; d < 9; d++) {
                if (ch >= '1' && ch <= '9' && (size_t)(ch - '1') != d) {
                    continue; /* a clue allows only its own digit */
                }
                size_t b = (r / 3) * 3 + c / 3;
                size_t cols[4] = {9 * r + c, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d};
                meaning[add_row(m, cols, 4)] = 81 * d + 9 * r + c;
            }
        }
    }
    size_t chosen[81];
    size_t count = 0;
    dlx_status st = dlx_solve_first(m, chosen, 81, &count);
    check(st, "dlx_solve_first");
    dlx_matrix_free(m);
    if (st != DLX_SOLUTION) {
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        size_t x = meaning[chosen[i]];
        solution[x % 81] = (char)('1' + x / 81);
    }
    solution[81] = '\0';
    return 1;
}

/* N-queens: rows and columns of the board are primary, diagonals secondary. */
static unsigned long long count_queens(size_t n)
{
    dlx_matrix *m = queens_matrix(n);
    uint64_t count = 0;
    check(dlx_count(m, 0, &count), "dlx_count");
    dlx_matrix_free(m);
    return (unsigned long long)count;
}

static void print_grid(const char *g)
{
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            printf("%c%s", g[9 * r + c] == '0' ? '.' : g[9 * r + c], c == 8 ? "\n" : (c % 3 == 2 ? " | " : " "));
        }
        if (r % 3 == 2 && r < 8) {
            printf("------+-------+------\n");
        }
    }
}

int main(int argc, char **argv)
{
    /* Arto Inkala's "world's hardest sudoku" (2012). */
    const char *puzzle = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    if (argc > 1) {
        puzzle = argv[1];
    }
    if (strlen(puzzle) != 81) {
        fprintf(stderr, "demo: a puzzle has 81 characters\n");
        return 1;
    }
    printf("dlx %s\n\nsudoku:\n", dlx_version());
    print_grid(puzzle);
    char solution[82];
    if (solve_sudoku(puzzle, solution)) {
        printf("\nsolution:\n");
        print_grid(solution);
        printf("\n%s\n", solution);
    } else {
        printf("\nno solution\n");
    }
    printf("\n8-queens: %llu solutions\n", count_queens(8));
    return 0;
}
