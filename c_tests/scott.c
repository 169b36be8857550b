/*
 * scott: Dana Scott's pentomino problem (1958), as told in Knuth's
 * "Dancing Links" paper (seed 003).
 *
 * Place the 12 pentominoes, each once, on an 8x8 board whose centre 2x2
 * squares stay empty.  Knuth's paper gives the facts this program recomputes:
 * 520 placements in all, 65 up to the 8 symmetries of the square, and with
 * X's centre fixed at square 23, 24 or 33 (row, column, 1-based) 19, 20 and
 * 26 essentially different ones (for 33 with P kept unflipped).
 *
 * Input:  none (standard input is not read).
 * Output: six lines
 *           all: 520
 *           up to symmetry: 65
 *           X at 22: 0
 *           X at 23: 19
 *           X at 24: 20
 *           X at 33: 26
 *         "all" counts every placement; "up to symmetry" counts classes of
 *         placements under rotations and reflections of the board; the
 *         "X at ij" lines split those classes by the square ij of X's
 *         centre in the class's chosen member (squares named as in the
 *         paper).  22 is a legal spot for X's centre but isolates corner 11,
 *         so it has no placement (Knuth leaves it out for that reason).
 *
 * Library use: one exact cover matrix of 72 columns (the 12 pieces
 * F I L N P T U V W X Y Z, then the 60 board squares outside the centre,
 * row-major), all primary; a row is one placement of one orientation of one
 * piece (its piece column and its 5 squares).  The 63 orientations are
 * generated from the 12 piece pictures (8 rotations/reflections, with
 * duplicates removed; pentomino.h, shared with dominoes.c).
 *  - "all": every placement (1568 rows, the number in Knuth's paper, checked
 *    here), counted with dlx_count.
 *  - "up to symmetry": Scott's trick.  X's centre may only lie on the first
 *    square, row-major, of its orbit under the square's symmetries (22, 23,
 *    24 or 33; 34 would cover the hole).  Every class of placements keeps a
 *    member in the search, but with X at 33 (on a diagonal) a placement and
 *    its mirror image are both found.  Instead of Knuth's "P not flipped" the
 *    program filters: it walks the solutions with dlx_solver_new /
 *    dlx_solver_next, builds the images of each placement under the 8
 *    symmetries and counts it only if no image with an allowed X centre is
 *    lexicographically smaller (row-major list of piece letters).  That
 *    counts each class once, symmetric placements included, without assuming
 *    there are none.  The solver's solution counter is checked against the
 *    number of solutions walked.
 * Every solution is also checked to be a real placement (each square once,
 * each piece once); otherwise the program stops with exit code 3.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "dlx.h"
#include "pentomino.h"

#define SIDE 8
#define NPOS (SIDE * SIDE)
#define NSQUARES 60

/* Board: the 8x8 square; hole[pos] for the 4 centre squares; square_col[pos]
   is the column of a board square (-1 for the hole). */
static int hole[NPOS];
static int square_col[NPOS];

/* Symmetry t (0..7) of the square: optional transpose, then optional flips. */
static int apply(int t, int pos)
{
    int r = pos / SIDE, c = pos % SIDE;
    if (t & 4) { int x = r; r = c; c = x; }
    if (t & 1) r = SIDE - 1 - r;
    if (t & 2) c = SIDE - 1 - c;
    return r * SIDE + c;
}

/* What the search needs to know about its rows and the X restriction. */
typedef struct {
    size_t nrows;
    int row_piece[NPIECES * MAXORIENT * NPOS];
    int row_pos[NPIECES * MAXORIENT * NPOS][5];
    int row_centre[NPIECES * MAXORIENT * NPOS]; /* X rows: centre position, else -1 */
    int restrict_x;          /* 1: X centre only where allowed[] */
    unsigned char allowed[NPOS];
} problem;

static problem all_problem, sym_problem;

static dlx_matrix *build(problem *pb)
{
    dlx_matrix *m = new_matrix(NPIECES + NSQUARES);
    pb->nrows = 0;
    for (int p = 0; p < NPIECES; p++) {
        for (int o = 0; o < orient[p].count; o++) {
            const shape *s = &orient[p].s[o];
            for (int dr = 0; dr < SIDE; dr++) {
                for (int dc = 0; dc < SIDE; dc++) {
                    size_t colv[6];
                    int pos5[5], fits = 1;
                    for (int i = 0; i < 5 && fits; i++) {
                        int r = dr + s->r[i], c = dc + s->c[i];
                        if (r >= SIDE || c >= SIDE || hole[r * SIDE + c]) fits = 0;
                        else pos5[i] = r * SIDE + c;
                    }
                    if (!fits) continue;
                    int centre = -1;
                    if (p == PIECE_X) {
                        centre = x_centre(s, dr, dc, SIDE);
                        if (pb->restrict_x && !pb->allowed[centre]) continue;
                    }
                    size_t r = pb->nrows;
                    colv[0] = (size_t)p;
                    for (int i = 0; i < 5; i++) {
                        pb->row_pos[r][i] = pos5[i];
                        colv[1 + i] = (size_t)(NPIECES + square_col[pos5[i]]);
                    }
                    pb->row_piece[r] = p;
                    pb->row_centre[r] = centre;
                    add_placement_row(m, colv, r);
                    pb->nrows++;
                }
            }
        }
    }
    if (dlx_matrix_row_count(m) != pb->nrows || dlx_matrix_column_count(m) != NPIECES + NSQUARES) {
        fprintf(stderr, "matrix size: %zu rows, %zu columns\n", dlx_matrix_row_count(m),
                dlx_matrix_column_count(m));
        exit(2);
    }
    return m;
}

/* Fills grid[] (piece per position, -1 on the hole) from one solution and
   returns X's centre; exits if the rows are not a placement of all pieces. */
static int decode(const problem *pb, const size_t *rows, size_t count, int grid[NPOS])
{
    int used[NPIECES] = {0};
    int centre = -1, ok = (count == NPIECES);
    for (int pos = 0; pos < NPOS; pos++) grid[pos] = -1;
    for (size_t k = 0; k < count && ok; k++) {
        if (rows[k] >= pb->nrows) {
            ok = 0;
            break;
        }
        int p = pb->row_piece[rows[k]];
        if (used[p]++) ok = 0;
        for (int i = 0; i < 5; i++) {
            int pos = pb->row_pos[rows[k]][i];
            if (grid[pos] != -1) ok = 0;
            grid[pos] = p;
        }
        if (pb->row_centre[rows[k]] >= 0) centre = pb->row_centre[rows[k]];
    }
    if (!ok || centre < 0) {
        fprintf(stderr, "the library returned rows that are not a placement\n");
        exit(3);
    }
    return centre;
}

int main(void)
{
    build_orientations();
    int col = 0;
    for (int pos = 0; pos < NPOS; pos++) {
        int r = pos / SIDE, c = pos % SIDE;
        hole[pos] = (r == 3 || r == 4) && (c == 3 || c == 4);
        square_col[pos] = hole[pos] ? -1 : col++;
    }

    /* All placements. */
    all_problem.restrict_x = 0;
    dlx_matrix *m = build(&all_problem);
    if (all_problem.nrows != 1568) { /* Knuth: "exactly 1568 such rows" */
        fprintf(stderr, "%zu rows instead of 1568\n", all_problem.nrows);
        return 2;
    }
    uint64_t all = 0;
    check(dlx_count(m, 0, &all), "dlx_count");
    dlx_matrix_free(m);

    /* Up to symmetry: X's centre on the first square of its orbit. */
    sym_problem.restrict_x = 1;
    for (int pos = 0; pos < NPOS; pos++) {
        int first = pos;
        for (int t = 0; t < 8; t++)
            if (apply(t, pos) < first) first = apply(t, pos);
        sym_problem.allowed[pos] = (first == pos);
    }
    m = build(&sym_problem);
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    dlx_matrix_free(m); /* the solver keeps its own copy */

    uint64_t classes = 0, walked = 0;
    uint64_t by_centre[NPOS] = {0};
    for (;;) {
        const size_t *rows = NULL;
        size_t count = 0;
        dlx_status st = dlx_solver_next(s, &rows, &count);
        check(st, "dlx_solver_next");
        if (st == DLX_DONE) break;
        if (st != DLX_SOLUTION) {
            fprintf(stderr, "dlx_solver_next: unexpected status %u\n", (unsigned)st);
            return 2;
        }
        walked++;
        int grid[NPOS], image[NPOS];
        int centre = decode(&sym_problem, rows, count, grid);
        if (!sym_problem.allowed[centre]) {
            fprintf(stderr, "a solution with X outside the allowed squares\n");
            return 3;
        }
        int canonical = 1;
        for (int t = 1; t < 8 && canonical; t++) {
            if (!sym_problem.allowed[apply(t, centre)]) continue;
            for (int pos = 0; pos < NPOS; pos++) image[apply(t, pos)] = grid[pos];
            for (int pos = 0; pos < NPOS; pos++) {
                if (image[pos] != grid[pos]) {
                    if (image[pos] < grid[pos]) canonical = 0;
                    break;
                }
            }
        }
        if (canonical) {
            classes++;
            by_centre[centre]++;
        }
    }
    uint64_t counted = 0;
    check(dlx_solver_counter(s, DLX_COUNTER_SOLUTIONS, &counted), "dlx_solver_counter");
    dlx_solver_free(s);
    if (counted != walked) {
        fprintf(stderr, "solution counter %llu, but %llu solutions were walked\n",
                (unsigned long long)counted, (unsigned long long)walked);
        return 3;
    }

    printf("all: %llu\n", (unsigned long long)all);
    printf("up to symmetry: %llu\n", (unsigned long long)classes);
    for (int pos = 0; pos < NPOS; pos++) {
        if (sym_problem.allowed[pos] && !hole[pos]) {
            int r = pos / SIDE, c = pos % SIDE;
            /* only centres where X fits on the board are worth a line */
            if (r < 1 || c < 1 || r > SIDE - 2 || c > SIDE - 2) continue;
            if (hole[pos - 1] || hole[pos + 1] || hole[pos - SIDE] || hole[pos + SIDE]) continue;
            printf("X at %d%d: %llu\n", r + 1, c + 1, (unsigned long long)by_centre[pos]);
        }
    }
    return 0;
}
