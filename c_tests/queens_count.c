/*
 * queens_count: the number of solutions of the N-queens problem, after the
 * N-queens section of seed 004 (which builds the matrix and searches it; the
 * seed has no complete counting program, and SPOJ's NQUEEN in seed 000 only
 * asks for one placement).
 *
 * Input:  one number N per line (0 <= N <= 32), until EOF.
 * Output: per N one line, the number of ways to place N non-attacking queens
 *         on an N x N board (OEIS A000170: 1, 1, 0, 0, 2, 10, 4, 40, 92, ...
 *         for N = 0, 1, 2, ...).
 *
 * Library use: the matrix of nqueen.c with no queen pre-placed: N row columns
 * and N board-column columns are primary, the 2N-1 diagonals and 2N-1
 * anti-diagonals are secondary (dlx_matrix_set_secondary), one matrix row per
 * square; dlx_count with no limit counts the exact covers. N = 0 is the empty
 * matrix, whose one exact cover is the empty set (A000170 gives a(0) = 1).
 *
 * Malformed input (not a number, N above 32) is rejected with a message on
 * stderr and exit code 1. Counts for N much above 15 take very long.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "common.h"

#define MAX_N 32

static void bad_input(const char *why)
{
    fprintf(stderr, "queens_count: bad input: %s\n", why);
    exit(1);
}

/* One line: optional blanks, a decimal number, optional blanks. Returns 1 with
 * *out set, 0 at EOF, -1 on a malformed line; blank lines are skipped. The
 * line is read byte by byte (not with fgets) so that a NUL byte is seen and
 * rejected rather than silently ending the line. */
static int read_line_number(long *out)
{
    char line[128];
    for (;;) {
        size_t len = 0;
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n') {
            if (ch == '\0' || len == sizeof line - 1)
                return -1; /* a NUL byte, or longer than any sensible line */
            line[len++] = (char)ch;
        }
        if (ch == EOF && len == 0)
            return 0;
        line[len] = '\0';
        const char *p = line;
        while (*p != '\0' && isspace((unsigned char)*p))
            p++;
        if (*p == '\0')
            continue; /* blank line */
        long v = 0;
        if (!isdigit((unsigned char)*p))
            return -1;
        while (isdigit((unsigned char)*p)) {
            if (v > 1000000)
                return -1;
            v = v * 10 + (*p - '0');
            p++;
        }
        while (*p != '\0' && isspace((unsigned char)*p))
            p++;
        if (*p != '\0')
            return -1;
        *out = v;
        return 1;
    }
}

static uint64_t count_queens(int n)
{
    size_t columns = (size_t)(n > 0 ? 6 * n - 2 : 0);
    dlx_matrix *m = new_matrix(columns);
    for (size_t c = (size_t)(2 * n); c < columns; c++)
        check(dlx_matrix_set_secondary(m, c), "dlx_matrix_set_secondary");
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            size_t cols[4];
            cols[0] = (size_t)r;
            cols[1] = (size_t)(n + c);
            cols[2] = (size_t)(2 * n + (r - c + n - 1));
            cols[3] = (size_t)(4 * n - 1 + (r + c));
            add_row(m, cols, 4);
        }
    }
    uint64_t count = 0;
    check(dlx_count(m, 0, &count), "dlx_count");
    dlx_matrix_free(m);
    return count;
}

int main(void)
{
    long n;
    int got;
    while ((got = read_line_number(&n)) != 0) {
        if (got < 0)
            bad_input("expected one number per line");
        if (n > MAX_N)
            bad_input("N above 32");
        printf("%" PRIu64 "\n", count_queens((int)n));
        fflush(stdout);
    }
    return 0;
}
