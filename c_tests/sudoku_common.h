/* Pieces shared by the sudoku programs (sudoku.c, sudoku_x.c, sudoku_grid.c,
 * sudoku16.c, sudoku_gen.c): adding a numbered candidate row, running the search and
 * writing its rows back into the grid, the whole exact cover model for an
 * n x n sudoku (with or without the two diagonals), the full 9x9 matrix
 * whose clues are forced rows, the reading loop of the one-puzzle-per-line
 * format (sudoku.c and sudoku_x.c) and the reader of a grid of 81 numbers
 * (sudoku_grid.c, target_sudoku.c). Each program
 * keeps its own input and output format. */
#ifndef DLX_C_TESTS_SUDOKU_COMMON_H
#define DLX_C_TESTS_SUDOKU_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "dlx.h"

#define SUDOKU_MAX_SIDE 16
#define SUDOKU_MAX_CELLS (SUDOKU_MAX_SIDE * SUDOKU_MAX_SIDE)
/* the most columns of any model here: 16x16, cells and 3 unit kinds */
#define SUDOKU_MAX_COLUMNS (4 * SUDOKU_MAX_CELLS)

/* Adds one candidate row; exits (code 2) unless the library numbers it
 * `expected`: the callers map row ids back to (cell, digit) by that number. */
static inline void sudoku_add_row(dlx_matrix *m, const size_t *cols, size_t n, size_t expected)
{
    size_t id = add_row(m, cols, n);
    if (id != expected) {
        fprintf(stderr, "unexpected row id %zu (wanted %zu)\n", id, expected);
        exit(2);
    }
}

/* The 9x9 sudoku with every candidate: 729 rows, row id cell * 9 + digit
 * (0-based), over the 324 columns of sudoku_solve (cell, row-digit,
 * column-digit, box-digit). A puzzle's clues are then forced rows
 * (sudoku --forced, sudoku_gen). */
static inline dlx_matrix *sudoku_full_matrix(void)
{
    dlx_matrix *m = new_matrix(324);
    for (size_t i = 0; i < 81; i++) {
        size_t r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        for (size_t d = 0; d < 9; d++) {
            size_t cols[4] = {i, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d};
            sudoku_add_row(m, cols, 4, i * 9 + d);
        }
    }
    return m;
}

/* Runs dlx_solve_first on m (at most cap rows in a solution), frees m, and
 * writes the solution into grid: row id k puts digit row_digit[k] + 1 into
 * cell row_cell[k]. Returns 1 when there is a solution, 0 otherwise; exits
 * (code 2) unless the solution has `expected` rows, all below nrows. */
static inline int sudoku_search(dlx_matrix *m, size_t cap, size_t expected, size_t nrows,
                                const unsigned short *row_cell,
                                const unsigned char *row_digit, unsigned char *grid)
{
    size_t rows[SUDOKU_MAX_COLUMNS];
    size_t count = 0;
    if (cap > SUDOKU_MAX_COLUMNS) {
        fprintf(stderr, "internal error: %zu columns\n", cap);
        exit(2);
    }
    dlx_status st = dlx_solve_first(m, rows, cap, &count);
    check(st, "dlx_solve_first");
    dlx_matrix_free(m);
    if (st != DLX_SOLUTION)
        return 0;
    if (count != expected) {
        fprintf(stderr, "solution with %zu rows, expected %zu\n", count, expected);
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

/* The exact cover model of the n x n sudoku in grid (0 empty, 1..n clue;
 * boxes bs x bs; with diag, both main diagonals must hold every digit once
 * too). Columns, all primary, with C = n*n:
 *   0..C-1      cell (r,c) holds a digit        r*n+c
 *   C..         row r holds digit d             C   + r*n+d
 *   2C..        column c holds digit d          2C  + c*n+d
 *   3C..        box b holds digit d             3C  + b*n+d
 *   4C..        (diag) main diagonal holds d    4C  + d
 *   4C+n..      (diag) anti-diagonal holds d    4C + n + d
 * One row per (cell, digit) that the clues still allow: a clue gets its own
 * row only, an empty cell only the digits that no clue of its units uses
 * (every digit with all_digits: rows that clash with a clue stay, as in the
 * seed's programs; they can never be chosen, see target_sudoku.c for why one
 * would keep them).
 * Row id k puts digit row_digit[k] + 1 into cell row_cell[k] (arrays of
 * SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE entries); *nrows_out gets the number of
 * rows and *ncols_out the number of columns. */
static inline dlx_matrix *sudoku_matrix(const unsigned char *grid, int n, int bs, int diag, int all_digits,
                                        unsigned short *row_cell, unsigned char *row_digit,
                                        size_t *nrows_out, size_t *ncols_out)
{
    int cells = n * n;
    size_t ncols = (size_t)(4 * cells + (diag ? 2 * n : 0));
    unsigned full = (1u << n) - 1;
    unsigned used_row[SUDOKU_MAX_SIDE] = {0}, used_col[SUDOKU_MAX_SIDE] = {0};
    unsigned used_box[SUDOKU_MAX_SIDE] = {0}, used_main = 0, used_anti = 0;
    if (n > SUDOKU_MAX_SIDE || ncols > SUDOKU_MAX_COLUMNS) {
        fprintf(stderr, "internal error: side %d\n", n);
        exit(2);
    }
    for (int i = 0; i < cells; i++) {
        if (grid[i]) {
            int r = i / n, c = i % n;
            unsigned bit = 1u << (grid[i] - 1);
            used_row[r] |= bit;
            used_col[c] |= bit;
            used_box[(r / bs) * bs + c / bs] |= bit;
            if (diag && r == c)
                used_main |= bit;
            if (diag && r + c == n - 1)
                used_anti |= bit;
        }
    }

    dlx_matrix *m = new_matrix(ncols);
    size_t nrows = 0;
    for (int i = 0; i < cells; i++) {
        int r = i / n, c = i % n, b = (r / bs) * bs + c / bs;
        unsigned allowed;
        if (grid[i])
            allowed = 1u << (grid[i] - 1);
        else {
            unsigned used = used_row[r] | used_col[c] | used_box[b];
            if (diag && r == c)
                used |= used_main;
            if (diag && r + c == n - 1)
                used |= used_anti;
            allowed = all_digits ? full : ~used & full;
        }
        for (int d = 0; d < n; d++) {
            if (!(allowed & (1u << d)))
                continue;
            size_t cols[6];
            size_t k = 0;
            cols[k++] = (size_t)i;
            cols[k++] = (size_t)(cells + r * n + d);
            cols[k++] = (size_t)(2 * cells + c * n + d);
            cols[k++] = (size_t)(3 * cells + b * n + d);
            if (diag && r == c)
                cols[k++] = (size_t)(4 * cells + d);
            if (diag && r + c == n - 1)
                cols[k++] = (size_t)(4 * cells + n + d);
            sudoku_add_row(m, cols, k, nrows);
            row_cell[nrows] = (unsigned short)i;
            row_digit[nrows] = (unsigned char)d;
            nrows++;
        }
    }
    *nrows_out = nrows;
    *ncols_out = ncols;
    return m;
}

/* Solves the n x n sudoku in grid (see sudoku_matrix): dlx_solve_first
 * gives one solution. Returns 1 and fills grid when a solution exists, 0
 * otherwise. */
static inline int sudoku_solve(unsigned char *grid, int n, int bs, int diag)
{
    static unsigned short row_cell[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE];
    static unsigned char row_digit[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE];
    size_t nrows, ncols;
    dlx_matrix *m = sudoku_matrix(grid, n, bs, diag, 0, row_cell, row_digit, &nrows, &ncols);
    return sudoku_search(m, ncols, (size_t)(n * n), nrows, row_cell, row_digit, grid);
}

/* Reads one line, without its '\n', into buf (cap bytes, NUL bytes kept as
 * they are). Returns its length, -1 at end of input, or -2 when the line is
 * longer than cap - 1 bytes. Reads standard input a block at a time (a
 * character at a time through getchar() took a few percent of a run over
 * many easy puzzles), so a program that uses it reads its standard input
 * only through it. */
static inline long read_line(char *buf, size_t cap)
{
    static char block[1 << 16];
    static size_t at, end;
    size_t len = 0;
    for (;;) {
        if (at == end) {
            at = 0;
            end = fread(block, 1, sizeof block, stdin);
            if (end == 0) {
                if (len == 0)
                    return -1;
                break;
            }
        }
        const char *from = block + at;
        const char *nl = memchr(from, '\n', end - at);
        size_t take = nl ? (size_t)(nl - from) : end - at;
        if (len + take + 1 > cap)
            return -2;
        memcpy(buf + len, from, take);
        len += take;
        at += take + (nl != NULL);
        if (nl)
            break;
    }
    buf[len] = '\0';
    return (long)len;
}

static inline int is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

#define SUDOKU_LINE_MAX_LEN 256

/* Prints a puzzle's answer: the 81 digits of `grid`, "No solution" for
 * `solved` 0, "Multiple solutions" for 2. */
static inline void sudoku_print(int solved, const unsigned char grid[81])
{
    if (solved == 2) {
        puts("Multiple solutions");
    } else if (solved) {
        char out[81 + 2];
        for (int i = 0; i < 81; i++)
            out[i] = (char)('0' + grid[i]);
        out[81] = '\n';
        out[81 + 1] = '\0';
        fputs(out, stdout);
    } else {
        puts("No solution");
    }
}

/* Where a reading of puzzle lines stands (see sudoku_line_main). */
struct sudoku_reader {
    unsigned long lineno;
};

/* Reads the next puzzle line into `grid`. Returns 1 for a grid, 0 at the
 * end of the puzzles ("end" or the end of input), -1 for a malformed line
 * (with its message on stderr) or a read error. */
static inline int sudoku_next_puzzle(struct sudoku_reader *r, unsigned char grid[81])
{
    char line[SUDOKU_LINE_MAX_LEN];
    long got;
    while ((got = read_line(line, sizeof line)) != -1) {
        r->lineno++;
        if (got == -2) {
            fprintf(stderr, "line %lu: too long\n", r->lineno);
            return -1;
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
            return 0;
        if (len != 81) {
            fprintf(stderr, "line %lu: expected %d cells, got %zu characters\n",
                    r->lineno, 81, len);
            return -1;
        }
        for (int i = 0; i < 81; i++) {
            unsigned char ch = (unsigned char)s[i];
            if (ch == '.' || ch == '0')
                grid[i] = 0;
            else if (ch >= '1' && ch <= '9')
                grid[i] = (unsigned char)(ch - '0');
            else {
                fprintf(stderr, "line %lu: bad character (code %u) at position %d\n",
                        r->lineno, (unsigned)ch, i + 1);
                return -1;
            }
        }
        return 1;
    }
    if (ferror(stdin)) {
        fprintf(stderr, "read error\n");
        return -1;
    }
    return 0;
}

/* Reads the puzzle lines (see sudoku_line_main) and hands each grid to
 * `take(grid, ctx)`. Returns the exit code: 1 for a malformed line (with
 * its message on stderr) or a read error, else 0. */
static inline int sudoku_read_lines(void (*take)(unsigned char grid[81], void *ctx), void *ctx)
{
    struct sudoku_reader r = {0};
    unsigned char grid[81];
    int got;
    while ((got = sudoku_next_puzzle(&r, grid)) == 1)
        take(grid, ctx);
    return got < 0 ? 1 : 0;
}

static inline void sudoku_solve_and_print(unsigned char grid[81], void *ctx)
{
    int (*solve)(unsigned char grid[81]);
    memcpy(&solve, ctx, sizeof solve);
    sudoku_print(solve(grid), grid);
}

/* main() of the one-puzzle-per-line programs: lines of 81 characters ('.'
 * or '0' empty, '1'..'9' a clue), '#' lines and empty lines skipped, blanks
 * and '\r' at either end ignored, stop at "end" or end of input; a line
 * longer than 255 bytes or otherwise malformed is rejected (message on
 * stderr, exit code 1). Prints per puzzle the 81 digits of the grid solve()
 * filled, "No solution" when it returned 0, or "Multiple solutions" when it
 * returned 2 (a solver that proves uniqueness). Returns the exit code. */
static inline int sudoku_line_main(int (*solve)(unsigned char grid[81]))
{
    return sudoku_read_lines(sudoku_solve_and_print, &solve);
}

static inline int sudoku_is_separator(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ',';
}

/* Reads a 9x9 grid as 81 numbers 0..9 (0 = empty) separated by blanks,
 * line ends or commas, with nothing after them (sudoku_grid.c,
 * target_sudoku.c); exits (code 1) with a message on bad input. */
static inline void sudoku_read_grid81(unsigned char grid[81])
{
    int ch = getchar();
    for (int i = 0; i < 81; i++) {
        while (ch != EOF && sudoku_is_separator(ch))
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
        if (ch != EOF && !sudoku_is_separator(ch)) {
            fprintf(stderr, "number %d: unexpected character (code %d)\n", i + 1, ch);
            exit(1);
        }
        grid[i] = (unsigned char)value;
    }
    while (ch != EOF && sudoku_is_separator(ch))
        ch = getchar();
    if (ch != EOF) {
        fprintf(stderr, "unexpected text after the 81 numbers\n");
        exit(1);
    }
}

#endif
