/*
 * sudoku: 9x9 sudoku, one puzzle per line, solved as an exact cover.
 *
 * Mirrors: the POJ 3074 / "Sudoku" sample of seeds 000 (Ex.5), 001 and 004
 * (reference/sudoku9.cpp).
 *
 * Input: lines of 81 characters, row by row; '.' or '0' is an empty cell,
 * '1'..'9' a clue. Reading stops at a line "end" or at end of file. Lines
 * starting with '#' and empty lines are skipped; spaces, tabs and a '\r' at
 * either end of a line are ignored (so CRLF files work).
 * Output: per puzzle one line of 81 digits, the solved grid row by row,
 * the same bytes as the original prints for a puzzle with one solution.
 * A puzzle with several solutions gets one of them.
 *
 * Library use: one matrix per puzzle with the usual 324 primary columns
 *   0..80     cell (r,c) holds a digit          r*9+c
 *   81..161   row r holds digit d               81  + r*9+d
 *   162..242  column c holds digit d            162 + c*9+d
 *   243..323  box b holds digit d               243 + b*9+d
 * and one row per (cell, digit) that the clues still allow: a clue gets its
 * own row only, an empty cell only the digits that no clue of its row,
 * column or box already uses. An array maps row ids back to (cell, digit).
 * dlx_solve_first gives one solution.
 *
 * Differences from the original:
 * - the original reads whitespace-separated words and has no notion of
 *   comments, '0' blanks or end of file without "end"; this one reads lines
 *   as described above and rejects a malformed line (message on stderr,
 *   exit code 1) instead of reading past it;
 * - for a puzzle without solution the original prints whatever its answer
 *   array held before (undefined); this program prints the line
 *   "No solution";
 * - the original builds all 729 rows; leaving out the rows the clues rule
 *   out keeps the matrix small (the solutions are the same).
 */
#include <string.h>
#include "common.h"

#define CELLS 81
#define COLUMNS 324
#define LINE_MAX_LEN 256

/* Candidate rows of one puzzle: row id -> cell and digit (0-based). */
static unsigned char row_cell[CELLS * 9];
static unsigned char row_digit[CELLS * 9];

/* Solve one puzzle (grid: 0 empty, 1..9 clue). Returns 1 and fills grid
 * when a solution exists, 0 otherwise. */
static int solve(unsigned char grid[CELLS])
{
    unsigned used_row[9] = {0}, used_col[9] = {0}, used_box[9] = {0};
    for (int i = 0; i < CELLS; i++) {
        if (grid[i]) {
            unsigned bit = 1u << (grid[i] - 1);
            used_row[i / 9] |= bit;
            used_col[i % 9] |= bit;
            used_box[(i / 27) * 3 + (i % 9) / 3] |= bit;
        }
    }

    dlx_matrix *m = new_matrix(COLUMNS);
    size_t nrows = 0;
    for (int i = 0; i < CELLS; i++) {
        int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        unsigned allowed;
        if (grid[i])
            allowed = 1u << (grid[i] - 1);
        else
            allowed = ~(used_row[r] | used_col[c] | used_box[b]) & 0x1ffu;
        for (int d = 0; d < 9; d++) {
            if (!(allowed & (1u << d)))
                continue;
            size_t cols[4];
            cols[0] = (size_t)i;
            cols[1] = (size_t)(81 + r * 9 + d);
            cols[2] = (size_t)(162 + c * 9 + d);
            cols[3] = (size_t)(243 + b * 9 + d);
            size_t id = add_row(m, cols, 4);
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

int main(void)
{
    char line[LINE_MAX_LEN];
    unsigned long lineno = 0;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "line %lu: too long\n", lineno);
            return 1;
        }
        /* trim blanks and line ends on both sides */
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
                           line[len - 1] == ' ' || line[len - 1] == '\t'))
            line[--len] = '\0';
        char *s = line;
        while (*s == ' ' || *s == '\t' || *s == '\r') {
            s++;
            len--;
        }
        if (len == 0 || s[0] == '#')
            continue;
        if (strcmp(s, "end") == 0)
            break;
        if (len != CELLS) {
            fprintf(stderr, "line %lu: expected %d cells, got %zu characters\n",
                    lineno, CELLS, len);
            return 1;
        }
        unsigned char grid[CELLS];
        for (int i = 0; i < CELLS; i++) {
            char ch = s[i];
            if (ch == '.' || ch == '0')
                grid[i] = 0;
            else if (ch >= '1' && ch <= '9')
                grid[i] = (unsigned char)(ch - '0');
            else {
                fprintf(stderr, "line %lu: bad character '%c' at position %d\n",
                        lineno, ch, i + 1);
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
