/* Brute forces for the builders' tests (build_test.c, wrapper_test.cpp),
 * written without the library: a tiler that counts the ways to cover a
 * board of at most 64 squares with pieces each used once, turned and
 * reflected freely, and a filler that counts the ways to complete a
 * sudoku-family grid of side at most 9 (regions given per cell, the
 * diagonals optional). Valid C and C++. */
#ifndef DLX_C_TESTS_BUILDER_BRUTE_H
#define DLX_C_TESTS_BUILDER_BRUTE_H

#include <stdint.h>
#include <string.h>

#define BRUTE_MAX_PIECES 12
#define BRUTE_MAX_SQUARES 64
#define BRUTE_MAX_SIZE 8   /* squares per piece */
#define BRUTE_MAX_PLACED 64 /* placements of one piece on one least square */

struct brute_board {
    int n;                               /* squares, sorted by row, then column */
    int r[BRUTE_MAX_SQUARES], c[BRUTE_MAX_SQUARES];
    int pieces;
    /* at[x][k]: the squares (bits) of each placement of piece k whose least square is x */
    int count[BRUTE_MAX_SQUARES][BRUTE_MAX_PIECES];
    uint64_t at[BRUTE_MAX_SQUARES][BRUTE_MAX_PIECES][BRUTE_MAX_PLACED];
};

static int brute_square(const struct brute_board *b, int r, int c)
{
    for (int i = 0; i < b->n; i++)
        if (b->r[i] == r && b->c[i] == c)
            return i;
    return -1;
}

/* Adds piece `k` (`size` squares (rows[i], cols[i])) in each of its eight
 * orientations: each shape, sorted, moved so that its least square lies on
 * each square of the board in turn. Equal shapes give equal bit sets,
 * which are kept once. */
static void brute_piece(struct brute_board *b, int k, const int *rows, const int *cols, int size)
{
    for (int t = 0; t < 8; t++) {
        int sr[BRUTE_MAX_SIZE], sc[BRUTE_MAX_SIZE];
        for (int i = 0; i < size; i++) {
            int r = rows[i], c = (t & 4) ? -cols[i] : cols[i];
            for (int q = 0; q < (t & 3); q++) {
                int was = r;
                r = c, c = -was;
            }
            sr[i] = r, sc[i] = c;
        }
        int least = 0;
        for (int i = 1; i < size; i++)
            if (sr[i] < sr[least] || (sr[i] == sr[least] && sc[i] < sc[least]))
                least = i;
        for (int x = 0; x < b->n; x++) {
            uint64_t bits = 0;
            int fits = 1;
            for (int i = 0; i < size && fits; i++) {
                int s = brute_square(b, sr[i] - sr[least] + b->r[x], sc[i] - sc[least] + b->c[x]);
                fits = s >= 0;
                if (fits)
                    bits |= (uint64_t)1 << s;
            }
            int seen = 0;
            for (int j = 0; j < b->count[x][k]; j++)
                seen |= b->at[x][k][j] == bits;
            if (fits && !seen && b->count[x][k] < BRUTE_MAX_PLACED)
                b->at[x][k][b->count[x][k]++] = bits;
        }
    }
}

/* Tilings: the first uncovered square is the least square of the piece
 * placed on it. */
static long brute_walk(const struct brute_board *b, uint64_t used, unsigned pieces_used)
{
    if (b->n == 64 ? used == ~(uint64_t)0 : used == ((uint64_t)1 << b->n) - 1)
        return pieces_used == (1u << b->pieces) - 1;
    int x = 0;
    while ((used >> x) & 1)
        x++;
    long total = 0;
    for (int k = 0; k < b->pieces; k++) {
        if ((pieces_used >> k) & 1)
            continue;
        for (int j = 0; j < b->count[x][k]; j++)
            if (!(b->at[x][k][j] & used))
                total += brute_walk(b, used | b->at[x][k][j], pieces_used | 1u << k);
    }
    return total;
}

/* Completions of a grid of side n (cells row by row): regions[i] names
 * cell i's region, givens[i] its digit or 0. */
static long brute_fill(int n, const int *regions, int *grid, int diagonal, int at)
{
    if (at == n * n)
        return 1;
    int r = at / n, c = at % n;
    long total = 0;
    for (int d = 1; d <= n; d++) {
        if (grid[at] && grid[at] != d)
            continue;
        int ok = 1;
        for (int j = 0; j < n * n && ok; j++) {
            int s = j / n, t = j % n;
            int unit = s == r || t == c || regions[j] == regions[at] ||
                       (diagonal && r == c && s == t) || (diagonal && r + c == n - 1 && s + t == n - 1);
            ok = !(j != at && unit && grid[j] == d);
        }
        if (!ok)
            continue;
        int was = grid[at];
        grid[at] = d;
        total += brute_fill(n, regions, grid, diagonal, at + 1);
        grid[at] = was;
    }
    return total;
}

#endif
