/*
 * wisdom_beads: the "wisdom beads" puzzle of NOI 2005 (Luogu P4205), seed 002
 * Ex.4, which only describes the matrix (55 cell columns plus 12 piece
 * columns) and gives no code.
 *
 * The board is a triangle of 55 cells: row i (1..10) has i cells, left-aligned
 * on a square grid. Twelve pieces, each used once, may be rotated and
 * reflected (pictures row by row, `1` = bead):
 *   A 11/10  B 1111  C 111/100  D 11/11  E 1/1/111  F 1111/01  G 111/101
 *   H 111/110  I 111/0011  J 010/111/010  K 1/11/011  L 1111/1
 * (3 + 3*4 + 8*5 = 55 beads, so a solution fills the board.)
 *
 * Input:  10 lines, line i holds i characters: `A`..`L` for a bead of a piece
 *         already on the board, `.` for an empty cell.
 * Output: the filled triangle in the same shape (10 lines of letters), or
 *         `No solution`.
 *
 * Library use: one matrix with 67 primary columns (cells 0..54 row by row,
 * then one column per piece). Every placement of every distinct orientation
 * of a piece is a row (its 3..5 cells and its piece column). A letter that
 * appears on the input board fixes that piece exactly there: of that piece
 * only the placement whose cells equal the letter's cells is added (none if
 * the letter's cells are not such a placement, so the piece column is empty
 * and there is no solution). A piece absent from the input gets every
 * placement that avoids the occupied cells. dlx_solve_first finds a solution.
 *
 * Malformed input (a line of the wrong length, another character, fewer than
 * 10 lines, text after the 10th line) is rejected with a message on stderr
 * and exit code 1. Trailing blanks and CR at line ends are ignored.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

#define SIDE 10
#define CELLS 55
#define PIECES 12
#define COLUMNS (CELLS + PIECES)
#define MAX_BEADS 5
#define MAX_ROWS (PIECES * 8 * CELLS) /* a placement is fixed by its first cell */

static const char *const shapes[PIECES] = {
    "11/10", "1111", "111/100", "11/11", "1/1/111", "1111/01",
    "111/101", "111/110", "111/0011", "010/111/010", "1/11/011", "1111/1",
};

struct cell { int r, c; };

struct placement {
    int piece;
    int size;
    int cells[MAX_BEADS]; /* cell indices */
    uint64_t mask;
};

static struct placement placements[MAX_ROWS];

static int cell_index(int r, int c) { return r * (r + 1) / 2 + c; }

static void bad_input(const char *why, int line)
{
    if (line > 0)
        fprintf(stderr, "wisdom_beads: bad input on line %d: %s\n", line, why);
    else
        fprintf(stderr, "wisdom_beads: bad input: %s\n", why);
    exit(1);
}

/* Parse a piece picture into cells; returns the number of beads. */
static int parse_shape(const char *s, struct cell *out)
{
    int n = 0, r = 0, c = 0;
    for (; *s != '\0'; s++) {
        if (*s == '/') {
            r++;
            c = 0;
        } else {
            if (*s == '1') {
                out[n].r = r;
                out[n].c = c;
                n++;
            }
            c++;
        }
    }
    return n;
}

static int cmp_cell(const void *a, const void *b)
{
    const struct cell *x = a, *y = b;
    if (x->r != y->r)
        return x->r - y->r;
    return x->c - y->c;
}

/* Shift to the origin and sort, so that equal shapes compare equal. */
static void normalise(struct cell *cells, int n)
{
    int min_r = cells[0].r, min_c = cells[0].c;
    for (int i = 1; i < n; i++) {
        if (cells[i].r < min_r)
            min_r = cells[i].r;
        if (cells[i].c < min_c)
            min_c = cells[i].c;
    }
    for (int i = 0; i < n; i++) {
        cells[i].r -= min_r;
        cells[i].c -= min_c;
    }
    qsort(cells, (size_t)n, sizeof *cells, cmp_cell);
}

/* The distinct orientations (rotations and reflections) of one piece. */
static int orientations(int piece, struct cell out[8][MAX_BEADS], int *size)
{
    struct cell base[MAX_BEADS];
    int n = parse_shape(shapes[piece], base);
    int count = 0;
    for (int t = 0; t < 8; t++) {
        struct cell cur[MAX_BEADS];
        for (int i = 0; i < n; i++) {
            int r = base[i].r, c = base[i].c;
            for (int k = 0; k < t % 4; k++) { /* quarter turn */
                int tmp = r;
                r = c;
                c = -tmp;
            }
            if (t >= 4)
                c = -c; /* mirror */
            cur[i].r = r;
            cur[i].c = c;
        }
        normalise(cur, n);
        int seen = 0;
        for (int k = 0; k < count && !seen; k++)
            seen = memcmp(out[k], cur, (size_t)n * sizeof *cur) == 0;
        if (!seen)
            memcpy(out[count++], cur, (size_t)n * sizeof *cur);
    }
    *size = n;
    return count;
}

/* Read line number lineno (1-based) without its newline into line; returns
 * its length, or 0 with *eof set at the end of input. Byte by byte (not
 * fgets) so that a NUL byte is rejected rather than silently ending the line. */
static size_t read_line(char *line, size_t size, int lineno, int *eof)
{
    size_t len = 0;
    int ch;
    while ((ch = getchar()) != EOF && ch != '\n') {
        if (ch == '\0')
            bad_input("NUL byte", lineno);
        if (len == size - 1)
            bad_input("line too long", lineno);
        line[len++] = (char)ch;
    }
    line[len] = '\0';
    *eof = ch == EOF && len == 0;
    return len;
}

/* Read the 10 board lines into board[r][0..r]. */
static void read_board(char board[SIDE][SIDE + 1])
{
    char line[64];
    for (int r = 0; r < SIDE; r++) {
        int eof = 0;
        size_t len = read_line(line, sizeof line, r + 1, &eof);
        if (eof)
            bad_input("fewer than 10 lines", 0);
        while (len > 0 && (line[len - 1] == '\r' ||
                           line[len - 1] == ' ' || line[len - 1] == '\t'))
            len--;
        if (len != (size_t)(r + 1))
            bad_input("line i must hold exactly i characters", r + 1);
        for (int c = 0; c <= r; c++) {
            char ch = line[c];
            if (ch != '.' && !(ch >= 'A' && ch <= 'L'))
                bad_input("characters must be `.` or A..L", r + 1);
            board[r][c] = ch;
        }
        board[r][r + 1] = '\0';
    }
    int ch;
    while ((ch = getchar()) != EOF)
        if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n')
            bad_input("text after the 10th line", 0);
}

int main(void)
{
    char board[SIDE][SIDE + 1];
    read_board(board);

    uint64_t fixed[PIECES] = {0}, occupied = 0;
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c <= r; c++)
            if (board[r][c] != '.') {
                uint64_t bit = (uint64_t)1 << cell_index(r, c);
                fixed[board[r][c] - 'A'] |= bit;
                occupied |= bit;
            }

    dlx_matrix *m = new_matrix(COLUMNS);
    size_t added = 0;
    for (int p = 0; p < PIECES; p++) {
        struct cell orient[8][MAX_BEADS];
        int size = 0;
        int count = orientations(p, orient, &size);
        for (int o = 0; o < count; o++) {
            for (int dr = 0; dr < SIDE; dr++) {
                for (int dc = 0; dc < SIDE; dc++) {
                    struct placement pl;
                    pl.piece = p;
                    pl.size = size;
                    pl.mask = 0;
                    int inside = 1;
                    for (int i = 0; i < size && inside; i++) {
                        int r = orient[o][i].r + dr, c = orient[o][i].c + dc;
                        if (r >= SIDE || c > r) {
                            inside = 0;
                            break;
                        }
                        pl.cells[i] = cell_index(r, c);
                        pl.mask |= (uint64_t)1 << pl.cells[i];
                    }
                    if (!inside)
                        continue;
                    if (fixed[p] != 0 ? pl.mask != fixed[p] : (pl.mask & occupied) != 0)
                        continue;
                    if (added >= MAX_ROWS) {
                        fprintf(stderr, "wisdom_beads: too many placements\n");
                        return 2;
                    }
                    size_t cols[MAX_BEADS + 1];
                    for (int i = 0; i < size; i++)
                        cols[i] = (size_t)pl.cells[i];
                    cols[size] = (size_t)(CELLS + p);
                    size_t id = add_row(m, cols, (size_t)size + 1);
                    if (id != added) {
                        fprintf(stderr, "wisdom_beads: unexpected row id %zu\n", id);
                        return 2;
                    }
                    placements[added++] = pl;
                }
            }
        }
    }

    size_t rows[COLUMNS], count = 0;
    dlx_status st = dlx_solve_first(m, rows, COLUMNS, &count);
    check(st, "dlx_solve_first");
    dlx_matrix_free(m);
    if (st != DLX_SOLUTION) {
        printf("No solution\n");
        return 0;
    }

    char out[CELLS];
    memset(out, '?', sizeof out);
    for (size_t i = 0; i < count; i++) {
        if (rows[i] >= added) {
            fprintf(stderr, "wisdom_beads: solution names row %zu of %zu\n", rows[i], added);
            return 2;
        }
        const struct placement *pl = &placements[rows[i]];
        for (int k = 0; k < pl->size; k++)
            out[pl->cells[k]] = (char)('A' + pl->piece);
    }
    for (int r = 0; r < SIDE; r++) {
        for (int c = 0; c <= r; c++)
            putchar(out[cell_index(r, c)]);
        putchar('\n');
    }
    return 0;
}
