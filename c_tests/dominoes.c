/*
 * dominoes: pentomino rectangles, counted up to the symmetry of the board.
 *
 * Mirrors the "Dominoes" program of seed 000 (Ex. 3; reference/dominoes.cpp
 * and reference/dominoes_dlx.cpp) and the pentomino discussion of Knuth's
 * "Dancing Links" paper (seed 003; seed 004 uses the same model).
 *
 * Input:  pairs `N M` (whitespace separated) until end of input.  N and M are
 *         positive integers of at most 18 digits.  Anything else (a letter, a
 *         sign, 0, a lone N at the end) is rejected with a message on stderr
 *         and exit code 1.
 * Output: per pair, one line: the number of ways to tile the N x M board with
 *         the 12 pentominoes, each used exactly once, where tilings that are
 *         rotations or reflections of each other count as one
 *         (0 0 2 368 1010 2339 for 1x60 2x30 3x20 4x15 5x12 6x10; `M N`
 *         gives the same answer as `N M`).
 *         When N*M != 60 the line is 0 without any search: twelve pentominoes
 *         cover exactly 60 squares, so no other area can be tiled.  (The
 *         original looks only at the shorter side: `3 3` gets 2, `8 8`
 *         nothing; the true answer is 0.)
 *
 * Library use: one exact cover matrix per board, built with dlx_matrix_new /
 * dlx_matrix_add_row.  Columns: the 12 pieces first (F I L N P T U V W X Y Z),
 * then one per board square (row-major); all primary.  A row is one placement
 * of one orientation of one piece: its piece column and its 5 squares.  The
 * orientations (63 in all) are generated from the 12 piece pictures by the 8
 * rotations/reflections with duplicates removed (pentomino.h, shared with
 * scott.c).  A placement that cuts
 * the free squares into a region whose area is not a multiple of 5 (for
 * example a corner square shut in) can be in no tiling and gets no row; that
 * prunes dead ends only (about 16% fewer link updates on 6x10).  dlx_solve
 * passes every solution to a callback, which counts it.
 *
 * Symmetry breaking (Knuth's trick for Scott's problem): the centre of the X
 * pentomino may only lie on the first square, in row-major order, of its orbit
 * under the board's symmetries (for a rectangle: the top-left quadrant,
 * middle lines included).  Every class of tilings then still has a member in
 * the search, but when the centre lies on a middle line (odd side, e.g. 5x12,
 * 3x20, 4x15) a tiling and a mirror image of it can both be found.  The
 * callback therefore builds the images of each tiling under the board's
 * symmetries and counts the tiling only if no image whose X centre is also
 * allowed is lexicographically smaller (as the row-major list of piece
 * letters).  That counts each class exactly once, symmetric tilings included.
 * The callback also checks that the solution really is a tiling (every square
 * covered once, every piece once) and stops the program (exit 3) if not.
 *
 * Differences from the originals: dominoes.cpp prints a hard-coded table and
 * never searches; dominoes_dlx.cpp searches but reads one board only, branches
 * only on square columns, does not break symmetry and divides by 4 (which
 * assumes no tiling is symmetric).  This program searches every board, reads
 * until end of input and counts classes exactly.
 *
 * Column order: pieces first or squares first makes no measurable difference
 * here (6x10: 790,163 vs 787,860 search nodes, 0.4% fewer link updates with
 * squares first, run times equal within noise); on 6x10 X, with the fewest
 * rows, is chosen first either way.  Pieces first is kept.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "dlx.h"
#include "pentomino.h"

#define AREA 60            /* 12 pieces of 5 squares */
#define PIECES_FIRST 1     /* column order: 1 = pieces then squares */

/* One symmetry of the board: (r, c) -> position after optional transpose and flips. */
typedef struct {
    int transpose, flip_r, flip_c;
} symmetry;

typedef struct {
    int rows, cols;
    int nsym;
    symmetry sym[8];
    /* per matrix row: its piece and the positions (r*cols+c) of its squares */
    size_t nrows;
    int *row_piece;
    int (*row_pos)[5];
    int *row_centre;             /* X rows: position of the centre, else -1 */
    unsigned char allowed[AREA]; /* X centre allowed at this position */
    uint64_t classes;
    int bad;
} board;

static int apply(const board *b, const symmetry *g, int pos)
{
    int r = pos / b->cols, c = pos % b->cols;
    int R = b->rows, C = b->cols;
    if (g->transpose) {
        int x = r; r = c; c = x;
        x = R; R = C; C = x;
    }
    if (g->flip_r) r = R - 1 - r;
    if (g->flip_c) c = C - 1 - c;
    return r * C + c; /* the board is mapped onto itself, so C == b->cols */
}

static void find_symmetries(board *b)
{
    b->nsym = 0;
    for (int t = 0; t < 8; t++) {
        symmetry g = {(t & 4) != 0, (t & 1) != 0, (t & 2) != 0};
        if (g.transpose && b->rows != b->cols) continue;
        b->sym[b->nsym++] = g;
    }
}

static int on_solution(void *user, const size_t *rows, size_t count)
{
    board *b = user;
    int grid[AREA], image[AREA];
    int used[NPIECES] = {0};
    int centre = -1;
    for (int i = 0; i < AREA; i++) grid[i] = -1;
    if (count != NPIECES) {
        b->bad = 1;
        return 1;
    }
    for (size_t k = 0; k < count; k++) {
        size_t row = rows[k];
        if (row >= b->nrows) {
            b->bad = 1;
            return 1;
        }
        int p = b->row_piece[row];
        if (used[p]++) {
            b->bad = 1;
            return 1;
        }
        for (int i = 0; i < 5; i++) {
            int pos = b->row_pos[row][i];
            if (grid[pos] != -1) {
                b->bad = 1;
                return 1;
            }
            grid[pos] = p;
        }
        if (b->row_centre[row] >= 0) centre = b->row_centre[row];
    }
    if (centre < 0 || !b->allowed[centre]) {
        b->bad = 1;
        return 1;
    }
    /* Count the tiling only if it is the smallest of its images that the
       search can also reach (those with an allowed X centre). */
    for (int s = 1; s < b->nsym; s++) {
        const symmetry *g = &b->sym[s];
        if (!b->allowed[apply(b, g, centre)]) continue;
        for (int pos = 0; pos < AREA; pos++) image[apply(b, g, pos)] = grid[pos];
        for (int pos = 0; pos < AREA; pos++) {
            if (image[pos] != grid[pos]) {
                if (image[pos] < grid[pos]) return 0; /* not canonical */
                break;
            }
        }
    }
    b->classes++;
    return 0;
}

/* 1 if covering the 5 positions pos5 leaves a connected region of free
   squares whose area is not a multiple of 5: no tiling can contain such a
   placement (the region would have to be tiled by whole pentominoes), so its
   row is left out.  This only removes dead ends; the counts are unchanged. */
static int cuts_off_bad_region(int rows, int cols, const int pos5[5])
{
    unsigned char seen[AREA] = {0};
    int stack[AREA];
    for (int i = 0; i < 5; i++) seen[pos5[i]] = 1;
    for (int start = 0; start < rows * cols; start++) {
        if (seen[start]) continue;
        int size = 0, top = 0;
        stack[top++] = start;
        seen[start] = 1;
        while (top > 0) {
            int pos = stack[--top], r = pos / cols, c = pos % cols;
            int next[4] = {r > 0 ? pos - cols : -1, r + 1 < rows ? pos + cols : -1,
                           c > 0 ? pos - 1 : -1, c + 1 < cols ? pos + 1 : -1};
            size++;
            for (int k = 0; k < 4; k++) {
                if (next[k] >= 0 && !seen[next[k]]) {
                    seen[next[k]] = 1;
                    stack[top++] = next[k];
                }
            }
        }
        if (size % 5 != 0) return 1;
    }
    return 0;
}

static uint64_t count_tilings(int rows, int cols)
{
    board b;
    memset(&b, 0, sizeof b);
    b.rows = rows;
    b.cols = cols;
    find_symmetries(&b);

    /* The X centre is allowed on the first position of its orbit. */
    for (int pos = 0; pos < AREA; pos++) {
        int first = pos;
        for (int s = 0; s < b.nsym; s++) {
            int q = apply(&b, &b.sym[s], pos);
            if (q < first) first = q;
        }
        b.allowed[pos] = (first == pos);
    }

    size_t cap = 0;
    for (int p = 0; p < NPIECES; p++) cap += (size_t)orient[p].count * AREA;
    b.row_piece = malloc(cap * sizeof *b.row_piece);
    b.row_pos = malloc(cap * sizeof *b.row_pos);
    b.row_centre = malloc(cap * sizeof *b.row_centre);
    if (!b.row_piece || !b.row_pos || !b.row_centre) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }

    dlx_matrix *m = new_matrix(NPIECES + AREA);
    for (int p = 0; p < NPIECES; p++) {
        for (int o = 0; o < orient[p].count; o++) {
            const shape *s = &orient[p].s[o];
            int h = 0, w = 0;
            for (int i = 0; i < 5; i++) {
                if (s->r[i] + 1 > h) h = s->r[i] + 1;
                if (s->c[i] + 1 > w) w = s->c[i] + 1;
            }
            for (int dr = 0; dr + h <= rows; dr++) {
                for (int dc = 0; dc + w <= cols; dc++) {
                    int centre = -1;
                    if (p == PIECE_X) {
                        centre = x_centre(s, dr, dc, cols);
                        if (!b.allowed[centre]) continue;
                    }
                    size_t colv[6];
                    size_t r = b.nrows;
                    colv[0] = PIECES_FIRST ? (size_t)p : (size_t)(AREA + p);
                    for (int i = 0; i < 5; i++) {
                        int pos = (dr + s->r[i]) * cols + dc + s->c[i];
                        b.row_pos[r][i] = pos;
                        colv[1 + i] = PIECES_FIRST ? (size_t)(NPIECES + pos) : (size_t)pos;
                    }
                    if (cuts_off_bad_region(rows, cols, b.row_pos[r])) continue;
                    b.row_piece[r] = p;
                    b.row_centre[r] = centre;
                    add_placement_row(m, colv, r);
                    b.nrows++;
                }
            }
        }
    }

    int cb = 0;
    dlx_status st = dlx_solve(m, on_solution, &b, &cb);
    check(st, "dlx_solve");
    if (b.bad || st != DLX_DONE) {
        fprintf(stderr, "the library returned an invalid tiling (status %u)\n", (unsigned)st);
        exit(3);
    }
    dlx_matrix_free(m);
    free(b.row_piece);
    free(b.row_pos);
    free(b.row_centre);
    return b.classes;
}

/* Reads one positive decimal number of at most 18 digits.
   Returns 1 on success, 0 at end of input, exits on bad input. */
static int read_number(long long *out)
{
    int ch;
    do {
        ch = getchar();
    } while (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f');
    if (ch == EOF) return 0;
    long long v = 0;
    int digits = 0;
    while (ch >= '0' && ch <= '9') {
        if (++digits > 18) {
            fprintf(stderr, "dominoes: number too long\n");
            exit(1);
        }
        v = v * 10 + (ch - '0');
        ch = getchar();
    }
    if (digits == 0 || (ch != EOF && ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r' &&
                        ch != '\v' && ch != '\f')) {
        fprintf(stderr, "dominoes: expected a positive integer\n");
        exit(1);
    }
    if (v < 1) {
        fprintf(stderr, "dominoes: board sides must be at least 1\n");
        exit(1);
    }
    *out = v;
    return 1;
}

int main(void)
{
    build_orientations();
    long long n, m;
    while (read_number(&n)) {
        if (!read_number(&m)) {
            fprintf(stderr, "dominoes: board %lld has no second side\n", n);
            return 1;
        }
        uint64_t answer = 0;
        if (n <= AREA && m <= AREA && n * m == AREA) answer = count_tilings((int)n, (int)m);
        printf("%llu\n", (unsigned long long)answer);
        fflush(stdout);
    }
    return 0;
}
