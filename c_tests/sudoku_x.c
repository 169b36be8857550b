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
 * are left to the library too (their rows cannot both be chosen).
 */
#include <string.h>
#include "common.h"

#define CELLS 81
#define COLUMNS 342
#define MAIN_DIAG 324
#define ANTI_DIAG 333
#define LINE_MAX_LEN 256

/* Candidate rows of one puzzle: row id -> cell and digit (0-based). */
static unsigned char row_cell[CELLS * 9];
static unsigned char row_digit[CELLS * 9];

/* Solve one puzzle (grid: 0 empty, 1..9 clue). Returns 1 and fills grid
 * when a solution exists, 0 otherwise. */
static int solve(unsigned char grid[CELLS])
{
    unsigned used_row[9] = {0}, used_col[9] = {0}, used_box[9] = {0};
    unsigned used_main = 0, used_anti = 0;
    for (int i = 0; i < CELLS; i++) {
        if (grid[i]) {
            unsigned bit = 1u << (grid[i] - 1);
            used_row[i / 9] |= bit;
            used_col[i % 9] |= bit;
            used_box[(i / 27) * 3 + (i % 9) / 3] |= bit;
            if (i / 9 == i % 9)
                used_main |= bit;
            if (i / 9 + i % 9 == 8)
                used_anti |= bit;
        }
    }

    dlx_matrix *m = new_matrix(COLUMNS);
    size_t nrows = 0;
    for (int i = 0; i < CELLS; i++) {
        int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        unsigned allowed;
        if (grid[i])
            allowed = 1u << (grid[i] - 1);
        else {
            unsigned used = used_row[r] | used_col[c] | used_box[b];
            if (r == c)
                used |= used_main;
            if (r + c == 8)
                used |= used_anti;
            allowed = ~used & 0x1ffu;
        }
        for (int d = 0; d < 9; d++) {
            if (!(allowed & (1u << d)))
                continue;
            size_t cols[6];
            size_t n = 0;
            cols[n++] = (size_t)i;
            cols[n++] = (size_t)(81 + r * 9 + d);
            cols[n++] = (size_t)(162 + c * 9 + d);
            cols[n++] = (size_t)(243 + b * 9 + d);
            if (r == c)
                cols[n++] = (size_t)(MAIN_DIAG + d);
            if (r + c == 8)
                cols[n++] = (size_t)(ANTI_DIAG + d);
            size_t id = add_row(m, cols, n);
            if (id != nrows) {
                fprintf(stderr, "unexpected row id %zu (wanted %zu)\n", id, nrows);
                exit(2);
            }
            row_cell[nrows] = (unsigned char)i;
            row_digit[nrows] = (unsigned char)d;
            nrows++;
        }
    }

    size_t rows[COLUMNS];
    size_t count = 0;
    dlx_status st = dlx_solve_first(m, rows, COLUMNS, &count);
    check(st, "dlx_solve_first");
    dlx_matrix_free(m);
    if (st != DLX_SOLUTION)
        return 0;
    if (count != CELLS) {
        fprintf(stderr, "solution with %zu rows, expected %d\n", count, CELLS);
        exit(2);
    }
    for (size_t k = 0; k < count; k++) {
        if (rows[k] >= nrows) {
            fprintf(stderr, "row id %zu out of range\n", rows[k]);
            exit(2);
        }
        grid[row_cell[rows[k]]] = (unsigned char)(row_digit[rows[k]] + 1);
    }
    return 1;
}

/* Reads one line, without its '\n', into buf (cap bytes, NUL bytes kept as
 * they are). Returns its length, -1 at end of input, or -2 when the line is
 * longer than cap - 1 bytes. */
static long read_line(char *buf, size_t cap)
{
    size_t len = 0;
    int ch;
    while ((ch = getchar()) != EOF && ch != '\n') {
        if (len + 1 >= cap)
            return -2;
        buf[len++] = (char)ch;
    }
    if (ch == EOF && len == 0)
        return -1;
    buf[len] = '\0';
    return (long)len;
}

static int is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

int main(void)
{
    char line[LINE_MAX_LEN];
    unsigned long lineno = 0;
    long got;
    while ((got = read_line(line, sizeof line)) != -1) {
        lineno++;
        if (got == -2) {
            fprintf(stderr, "line %lu: too long\n", lineno);
            return 1;
        }
        /* trim blanks and '\r' on both sides */
        size_t len = (size_t)got;
        while (len > 0 && is_blank(line[len - 1]))
            len--;
        const char *s = line;
        while (len > 0 && is_blank(*s)) {
            s++;
            len--;
        }
        if (len == 0 || s[0] == '#')
            continue;
        if (len == 3 && memcmp(s, "end", 3) == 0)
            break;
        if (len != CELLS) {
            fprintf(stderr, "line %lu: expected %d cells, got %zu characters\n",
                    lineno, CELLS, len);
            return 1;
        }
        unsigned char grid[CELLS];
        for (int i = 0; i < CELLS; i++) {
            unsigned char ch = (unsigned char)s[i];
            if (ch == '.' || ch == '0')
                grid[i] = 0;
            else if (ch >= '1' && ch <= '9')
                grid[i] = (unsigned char)(ch - '0');
            else {
                fprintf(stderr, "line %lu: bad character (code %u) at position %d\n",
                        lineno, (unsigned)ch, i + 1);
                return 1;
            }
        }
        if (solve(grid)) {
            char out[CELLS + 2];
            for (int i = 0; i < CELLS; i++)
                out[i] = (char)('0' + grid[i]);
            out[CELLS] = '\n';
            out[CELLS + 1] = '\0';
            fputs(out, stdout);
        } else {
            puts("No solution");
        }
    }
    if (ferror(stdin)) {
        fprintf(stderr, "read error\n");
        return 1;
    }
    return 0;
}
