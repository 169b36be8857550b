/*
 * nqueen: N queens with some queens already placed (SPOJ NQUEEN, "Yet Another
 * N-Queen Problem"), after seed 000 Ex.4 (reference nqueen.cpp) and the
 * N-queens section of seed 004.
 *
 * Input:  repeated cases, each `N` (1 <= N <= 50) followed by N numbers; the
 *         i-th number is 0 when row i is free, else the 1-based column of the
 *         queen already standing in row i. The input ends with `0` or at EOF.
 * Output: per case one line, the 1-based column of the queen of each row,
 *         separated by single spaces; `No solution` when the pre-placed queens
 *         cannot be completed (see below).
 *
 * Library use: one exact-cover matrix per case with 6N-2 columns: N row
 * columns and N board-column columns (primary: each must hold exactly one
 * queen), then 2N-1 diagonals and 2N-1 anti-diagonals, declared secondary with
 * dlx_matrix_set_secondary (at most one queen each, may stay empty). A free
 * row contributes N matrix rows (one per square), a row with a pre-placed
 * queen only the one matrix row of that square. dlx_solve_first gives one
 * solution; its matrix rows are mapped back to squares.
 *
 * Differences from the original: the original branches only on the first 2N
 * columns by hand; here the library's secondary columns do that. SPOJ
 * promises a solution, and the original prints stale data from the previous
 * case when there is none; this program prints `No solution` instead (for
 * example N = 2 or 3, or two pre-placed queens attacking each other). The
 * original's reader silently skips any non-digit and accepts columns out of
 * range; this one rejects malformed input (message on stderr, exit code 1).
 * No trailing space after the last column.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include "common.h"

#define MAX_N 50

/* Read one non-negative decimal number. Returns 1 on success, 0 at EOF (only
 * whitespace left), -1 on anything else (a sign, a letter, a huge number). */
static int read_number(long *out)
{
    int ch;
    do {
        ch = getchar();
    } while (ch != EOF && isspace(ch));
    if (ch == EOF)
        return 0;
    if (!isdigit(ch))
        return -1;
    long v = 0;
    while (ch != EOF && isdigit(ch)) {
        if (v > 1000000)
            return -1;
        v = v * 10 + (ch - '0');
        ch = getchar();
    }
    if (ch != EOF) {
        if (!isspace(ch))
            return -1;
    }
    *out = v;
    return 1;
}

static void bad_input(const char *why)
{
    fprintf(stderr, "nqueen: bad input: %s\n", why);
    exit(1);
}

/* Solve one case; given[r] = 0 (free) or the 1-based column of row r. */
static void solve_case(int n, const int *given)
{
    size_t columns = (size_t)(6 * n - 2);
    dlx_matrix *m = new_matrix(columns);
    for (size_t c = (size_t)(2 * n); c < columns; c++)
        check(dlx_matrix_set_secondary(m, c), "dlx_matrix_set_secondary");

    /* square of each matrix row, in the order the rows were added */
    int square_row[MAX_N * MAX_N], square_col[MAX_N * MAX_N];
    size_t added = 0;
    for (int r = 0; r < n; r++) {
        int first = 0, last = n - 1;
        if (given[r] != 0)
            first = last = given[r] - 1;
        for (int c = first; c <= last; c++) {
            size_t cols[4];
            cols[0] = (size_t)r;                                /* row r */
            cols[1] = (size_t)(n + c);                          /* column c */
            cols[2] = (size_t)(2 * n + (r - c + n - 1));        /* diagonal r-c */
            cols[3] = (size_t)(4 * n - 1 + (r + c));            /* anti-diagonal r+c */
            size_t id = add_row(m, cols, 4);
            if (id != added) {
                fprintf(stderr, "nqueen: unexpected row id %zu (wanted %zu)\n", id, added);
                exit(2);
            }
            square_row[added] = r;
            square_col[added] = c;
            added++;
        }
    }

    size_t *rows = malloc(columns * sizeof *rows);
    if (rows == NULL) {
        fprintf(stderr, "nqueen: out of memory\n");
        exit(2);
    }
    size_t count = 0;
    dlx_status st = dlx_solve_first(m, rows, columns, &count);
    check(st, "dlx_solve_first");
    if (st == DLX_SOLUTION) {
        int answer[MAX_N];
        for (int r = 0; r < n; r++)
            answer[r] = -1;
        for (size_t i = 0; i < count; i++) {
            if (rows[i] >= added) {
                fprintf(stderr, "nqueen: solution names row %zu of %zu\n", rows[i], added);
                exit(2);
            }
            answer[square_row[rows[i]]] = square_col[rows[i]];
        }
        for (int r = 0; r < n; r++) {
            if (answer[r] < 0) {
                fprintf(stderr, "nqueen: solution leaves row %d empty\n", r + 1);
                exit(2);
            }
            printf(r == 0 ? "%d" : " %d", answer[r] + 1);
        }
        printf("\n");
    } else {
        printf("No solution\n");
    }
    free(rows);
    dlx_matrix_free(m);
}

int main(void)
{
    for (;;) {
        long n;
        int got = read_number(&n);
        if (got == 0 || (got == 1 && n == 0))
            break;
        if (got < 0)
            bad_input("expected a board size");
        if (n > MAX_N)
            bad_input("board size above 50");
        int given[MAX_N];
        for (long r = 0; r < n; r++) {
            long v;
            got = read_number(&v);
            if (got == 0)
                bad_input("input ends inside a case");
            if (got < 0)
                bad_input("expected a column number");
            if (v > n)
                bad_input("column number larger than N");
            given[r] = (int)v;
        }
        solve_case((int)n, given);
    }
    return 0;
}
