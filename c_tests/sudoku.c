/*
 * sudoku: 9x9 sudoku, one puzzle per line, solved as an exact cover.
 *
 * Mirrors: the POJ 3074 / "Sudoku" sample of seeds 000 (Ex.5), 001 and 004
 * (reference/sudoku9.cpp).
 *
 * Input: lines of 81 characters, row by row; '.' or '0' is an empty cell,
 * '1'..'9' a clue. Reading stops at a line "end" or at end of file. Lines
 * starting with '#' and empty lines are skipped; spaces, tabs and a '\r' at
 * either end of a line are ignored (so CRLF files work). A line longer than
 * 255 bytes, or one of another length or with any other byte (NUL
 * included), is rejected: message on stderr, exit code 1.
 * Output: per puzzle one line of 81 digits, the solved grid row by row,
 * the same bytes as the original prints for a puzzle with one solution.
 * A puzzle with several solutions gets one of them.
 *
 * Library use: one matrix per puzzle, built from the usual 324 columns
 *   0..80     cell (r,c) holds a digit          r*9+c
 *   81..161   row r holds digit d               81  + r*9+d
 *   162..242  column c holds digit d            162 + c*9+d
 *   243..323  box b holds digit d               243 + b*9+d
 * (all primary) with one row per (cell, digit). Before building it, the
 * program narrows each empty cell's candidates with the standard sudoku
 * deductions (singles, box/line interactions, naked and hidden pairs; see
 * reduce()), which never lose a solution. The matrix then gets only what is
 * still open: a column for each empty cell and for each (unit, digit) not
 * yet placed, renumbered in the order above, and a row for each candidate
 * of each empty cell; an array maps row ids back to (cell, digit).
 * dlx_solve_first does the search (the row adding, the search call and the
 * input loop are shared with the other sudoku programs in sudoku_common.h;
 * the deductions and this column numbering are this program's own). A grid
 * the deductions fill completely gives a matrix of 0 columns, whose one
 * solution is empty. When the
 * deductions find a contradiction, the matrix is built from the clues alone
 * and the library reports that there is no solution.
 *
 * Why the deductions: on magictour's top1465 the original spends nearly all
 * its time searching. Leaving out only the rows the clues rule out made this
 * program about 1.45x as fast as the original, and nearly all of its time
 * went into the library's search (same tree, cheaper nodes); only a smaller
 * tree helps further. The deductions cut the search nodes there from about
 * 548,000 to 233,000, for about 2.5-2.7x the original's speed
 * (bench/run.py, which uses the seed's vs-reference tool when present). On the forum "hardest" list,
 * where they find little, the gain is about 1.4x.
 *
 * With the argument --plain the deductions are skipped: the matrix is the
 * reference's, less the rows the clues rule out directly, and the library's
 * search does all the rest. `make bench` times both forms, so the engine's
 * own speed shows.
 *
 * With --forced, one matrix of all 729 rows (row id cell*9 + digit) and one
 * solver are made once for the whole input; each puzzle's clues are forced
 * rows (dlx_solver_force_rows, which restarts the search), so nothing is
 * rebuilt between puzzles. Clues that clash are reported by the library
 * (DLX_ERR_CONFLICT) and give "No solution". Adding --unique (after
 * --forced) proves each answer unique: the solver counts with a limit of
 * two solutions, and a puzzle with more than one prints "Multiple
 * solutions" instead of a grid.
 *
 * Differences from the original:
 * - the original reads whitespace-separated words and has no notion of
 *   comments, '0' blanks or end of file without "end" (at end of input
 *   without "end" it loops forever); this one reads lines as described
 *   above and rejects a malformed line (message on stderr, exit code 1);
 * - for a puzzle without solution the original prints whatever its answer
 *   array held before (undefined); this program prints the line
 *   "No solution" (two equal clues in a row, column or box are caught
 *   before any matrix is built);
 * - the original builds all 729 rows and lets the search do everything.
 */
#include <string.h>
#include "common.h"
#include "sudoku_common.h"

#define CELLS 81
#define COLUMNS 324

/* unit_cell[u]: the cells of row u (0..8), column u-9 (9..17) or box u-18
 * (18..26); peers[i]: the 20 other cells sharing a row, column or box. */
static int unit_cell[27][9];
static int peers[CELLS][20];
/* lowest_digit[m]: the index of the lowest set bit of the 9-bit set m > 0 */
static unsigned char lowest_digit[512];

static int box_of(int i)
{
    return (i / 27) * 3 + (i % 9) / 3;
}

static void init_tables(void)
{
    for (unsigned m = 1; m < 512; m++) {
        unsigned char d = 0;
        while (!(m >> d & 1))
            d++;
        lowest_digit[m] = d;
    }
    for (int u = 0; u < 9; u++) {
        for (int k = 0; k < 9; k++) {
            unit_cell[u][k] = u * 9 + k;
            unit_cell[9 + u][k] = k * 9 + u;
            unit_cell[18 + u][k] = ((u / 3) * 3 + k / 3) * 9 + (u % 3) * 3 + k % 3;
        }
    }
    for (int i = 0; i < CELLS; i++) {
        int n = 0;
        for (int j = 0; j < CELLS; j++)
            if (j != i && (j / 9 == i / 9 || j % 9 == i % 9 || box_of(j) == box_of(i)))
                peers[i][n++] = j;
    }
}

/* A partly filled grid: grid[i] is 0 or 1..9; cand[i], for an empty cell,
 * the digits (bit d = digit d+1) no filled peer uses, and 0 for a filled
 * cell; placed[u] the digits the filled cells of unit u hold. */
struct board {
    unsigned char grid[CELLS];
    unsigned cand[CELLS];
    unsigned placed[27];
};

/* Fills cell i with digit d (0-based). Returns 0, changing nothing, when
 * the cell is filled already or d is not among its candidates. */
static int place(struct board *bd, int i, int d)
{
    unsigned bit = 1u << d;
    if (bd->grid[i] || !(bd->cand[i] & bit))
        return 0;
    bd->grid[i] = (unsigned char)(d + 1);
    bd->cand[i] = 0;
    bd->placed[i / 9] |= bit;
    bd->placed[9 + i % 9] |= bit;
    bd->placed[18 + box_of(i)] |= bit;
    for (int k = 0; k < 20; k++)
        bd->cand[peers[i][k]] &= ~bit;
    return 1;
}

/* Takes the candidates away from the cells of unit u that are not in the
 * 3-cell segment {a, b, c}. Returns whether anything changed. */
static int eliminate_outside(struct board *bd, int u, unsigned digits, int a, int b, int c)
{
    int changed = 0;
    for (int k = 0; k < 9; k++) {
        int i = unit_cell[u][k];
        if (i != a && i != b && i != c && (bd->cand[i] & digits)) {
            bd->cand[i] &= ~digits;
            changed = 1;
        }
    }
    return changed;
}

/* Whether m has exactly two bits set. */
static int two_bits(unsigned m)
{
    unsigned rest = m & (m - 1);
    return m && rest && !(rest & (rest - 1));
}

/* Pairs: two cells of a unit whose candidates are the same two digits take
 * them away from the unit's other cells (naked pair); two digits that can go
 * only in the same two cells of a unit leave those cells no other candidate
 * (hidden pair). Returns whether anything changed. */
static int pairs(struct board *bd)
{
    int changed = 0;
    for (int u = 0; u < 27; u++) {
        const int *cell = unit_cell[u];
        for (int a = 0; a < 9; a++) {
            unsigned ma = bd->cand[cell[a]];
            if (!two_bits(ma))
                continue;
            for (int b = a + 1; b < 9; b++) {
                if (bd->cand[cell[b]] != ma)
                    continue;
                for (int k = 0; k < 9; k++) {
                    if (k != a && k != b && (bd->cand[cell[k]] & ma)) {
                        bd->cand[cell[k]] &= ~ma;
                        changed = 1;
                    }
                }
            }
        }
        /* digits with exactly two places in the unit, then where they are */
        unsigned once = 0, twice = 0, more = 0;
        for (int k = 0; k < 9; k++) {
            unsigned m = bd->cand[cell[k]];
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        unsigned two = twice & ~more;
        if (!(two & (two - 1)))
            continue; /* fewer than two such digits */
        unsigned where[9] = {0}; /* where[d]: bit k = digit d fits cell[k] */
        for (unsigned t = two; t; t &= t - 1) {
            int d = lowest_digit[t];
            for (int k = 0; k < 9; k++)
                if (bd->cand[cell[k]] >> d & 1)
                    where[d] |= 1u << k;
        }
        for (unsigned t1 = two; t1; t1 &= t1 - 1) {
            int d1 = lowest_digit[t1];
            for (unsigned t2 = t1 & (t1 - 1); t2; t2 &= t2 - 1) {
                int d2 = lowest_digit[t2];
                if (where[d2] != where[d1])
                    continue;
                unsigned keep = (1u << d1) | (1u << d2);
                for (int k = 0; k < 9; k++) {
                    if ((where[d1] >> k & 1) && (bd->cand[cell[k]] & ~keep)) {
                        bd->cand[cell[k]] &= keep;
                        changed = 1;
                    }
                }
            }
        }
    }
    return changed;
}

/* Singles: a cell with one candidate gets it; a digit with one place in a
 * row, column or box goes there. Returns -1 when the grid turns out to have
 * no solution (a cell without candidates, a digit without a place, two
 * singles for one cell), 1 when something changed, 0 otherwise. */
static int singles(struct board *bd)
{
    int changed = 0;
    for (int i = 0; i < CELLS; i++) {
        unsigned m = bd->cand[i];
        if (m == 0) {
            if (!bd->grid[i])
                return -1;
        } else if (!(m & (m - 1))) {
            place(bd, i, lowest_digit[m]);
            changed = 1;
        }
    }
    for (int u = 0; u < 27; u++) {
        const int *cell = unit_cell[u];
        unsigned once = 0, twice = 0;
        for (int k = 0; k < 9; k++) {
            unsigned m = bd->cand[cell[k]];
            twice |= once & m;
            once |= m;
        }
        if ((once | bd->placed[u]) != 0x1ffu)
            return -1;
        for (unsigned single = once & ~twice; single; single &= single - 1) {
            int d = lowest_digit[single];
            int k = 0;
            while (k < 9 && !(bd->cand[cell[k]] >> d & 1))
                k++;
            if (k == 9 || !place(bd, cell[k], d))
                return -1; /* taken away by a placement just made */
            changed = 1;
        }
    }
    return changed;
}

/* Box/line interactions, over the 3-cell segments of every box: digits
 * whose places in a box all lie in one row (column) leave the rest of that
 * row (column); digits whose places in a row (column) all lie in one box
 * leave the rest of that box. Returns whether anything changed. */
static int locked(struct board *bd)
{
    int changed = 0;
    for (int b = 0; b < 9; b++) {
        int r0 = (b / 3) * 3, c0 = (b % 3) * 3;
        unsigned rs[3], cs[3];
        for (int j = 0; j < 3; j++) {
            int ri = (r0 + j) * 9 + c0, ci = r0 * 9 + c0 + j;
            rs[j] = bd->cand[ri] | bd->cand[ri + 1] | bd->cand[ri + 2];
            cs[j] = bd->cand[ci] | bd->cand[ci + 9] | bd->cand[ci + 18];
        }
        for (int j = 0; j < 3; j++) {
            int ri = (r0 + j) * 9 + c0, ci = r0 * 9 + c0 + j;
            unsigned row_only = rs[j] & ~(rs[(j + 1) % 3] | rs[(j + 2) % 3]);
            unsigned col_only = cs[j] & ~(cs[(j + 1) % 3] | cs[(j + 2) % 3]);
            if (row_only && eliminate_outside(bd, r0 + j, row_only, ri, ri + 1, ri + 2))
                changed = 1;
            if (col_only && eliminate_outside(bd, 9 + c0 + j, col_only, ci, ci + 9, ci + 18))
                changed = 1;
        }
    }
    for (int line = 0; line < 18; line++) {
        /* the three segments of a row (column), one per box it crosses */
        const int *cell = unit_cell[line];
        unsigned m[3];
        for (int j = 0; j < 3; j++)
            m[j] = bd->cand[cell[3 * j]] | bd->cand[cell[3 * j + 1]] | bd->cand[cell[3 * j + 2]];
        for (int j = 0; j < 3; j++) {
            unsigned only = m[j] & ~(m[(j + 1) % 3] | m[(j + 2) % 3]);
            if (only && eliminate_outside(bd, 18 + box_of(cell[3 * j]), only, cell[3 * j],
                                          cell[3 * j + 1], cell[3 * j + 2]))
                changed = 1;
        }
    }
    return changed;
}

/* Applies singles(), then locked(), then pairs() until none of them changes
 * anything, each step starting over from singles. Every deduction keeps
 * every solution. Returns 0 when the grid turns out to have no solution. */
static int reduce(struct board *bd)
{
    for (;;) {
        int s = singles(bd);
        if (s < 0)
            return 0;
        if (s == 0 && !locked(bd) && !pairs(bd))
            return 1;
    }
}

/* Candidate rows of one puzzle: row id -> cell and digit (0-based). */
static unsigned short row_cell[CELLS * 9];
static unsigned char row_digit[CELLS * 9];

/* Solve one puzzle (grid: 0 empty, 1..9 clue). Returns 1 and fills grid
 * when a solution exists, 0 otherwise. */
static int solve(unsigned char grid[CELLS])
{
    struct board bd;
    memset(&bd, 0, sizeof bd);
    for (int i = 0; i < CELLS; i++)
        bd.cand[i] = 0x1ffu;
    for (int i = 0; i < CELLS; i++)
        if (grid[i] && !place(&bd, i, grid[i] - 1))
            return 0; /* two equal clues in one row, column or box */
    struct board start = bd;
    if (!reduce(&bd))
        bd = start; /* no solution: leave the proof to the library */

    /* Number the columns still open, keeping their order: a cell column for
     * each empty cell, a unit column for each digit its unit still lacks. */
    size_t colid[COLUMNS];
    size_t ncols = 0;
    for (int k = 0; k < COLUMNS; k++) {
        int open = k < 81 ? bd.grid[k] == 0 : !(bd.placed[(k - 81) / 9] >> (k - 81) % 9 & 1);
        colid[k] = open ? ncols++ : (size_t)-1;
    }

    dlx_matrix *m = new_matrix(ncols);
    size_t nrows = 0, blanks = 0;
    for (int i = 0; i < CELLS; i++) {
        if (bd.grid[i])
            continue;
        blanks++;
        int r = i / 9, c = i % 9, b = box_of(i);
        for (int d = 0; d < 9; d++) {
            if (!(bd.cand[i] >> d & 1))
                continue;
            size_t cols[4];
            cols[0] = colid[i];
            cols[1] = colid[81 + r * 9 + d];
            cols[2] = colid[162 + c * 9 + d];
            cols[3] = colid[243 + b * 9 + d];
            sudoku_add_row(m, cols, 4, nrows);
            row_cell[nrows] = (unsigned short)i;
            row_digit[nrows] = (unsigned char)d;
            nrows++;
        }
    }

    /* the digits the deductions placed; the search fills in the rest (grid
     * is only meaningful when 1 is returned) */
    memcpy(grid, bd.grid, CELLS);
    return sudoku_search(m, COLUMNS, blanks, nrows, row_cell, row_digit, grid);
}

/* --plain: no deductions; the clues only restrict their own cells and the
 * digits of their units, as in the other sudoku programs (sudoku_solve). */
static int solve_plain(unsigned char grid[CELLS])
{
    return sudoku_solve(grid, 9, 3, 0);
}

/* --forced: the solver of all 729 rows, made once. */
static dlx_solver *forced_solver;
static int prove_unique;

/* Returns 1 (grid filled), 0 (no solution) or 2 (several, with --unique). */
static int solve_forced(unsigned char grid[CELLS])
{
    size_t clues[CELLS], n = 0;
    for (int i = 0; i < CELLS; i++)
        if (grid[i])
            clues[n++] = (size_t)(i * 9 + grid[i] - 1);
    dlx_status st = dlx_solver_force_rows(forced_solver, clues, n);
    if (st == DLX_ERR_CONFLICT)
        return 0; /* two equal clues in one row, column or box */
    check(st, "dlx_solver_force_rows");
    const size_t *rows;
    size_t count;
    st = dlx_solver_next(forced_solver, &rows, &count);
    check(st, "dlx_solver_next");
    if (st != DLX_SOLUTION)
        return 0;
    for (size_t k = 0; k < count; k++)
        grid[rows[k] / 9] = (unsigned char)(rows[k] % 9 + 1);
    if (prove_unique) {
        const size_t *more;
        size_t more_count;
        if (dlx_solver_next(forced_solver, &more, &more_count) == DLX_SOLUTION)
            return 2;
    }
    return 1;
}

/* --forced -j N: the puzzles taken in batches of BATCH, each batch solved
 * on the solver's threads (dlx_solver_solve_batch: each puzzle its clues
 * forced, counted to 1, or to 2 with --unique) and printed in order. Two
 * batches take turns: while one is solved, its callback (on this thread,
 * as each answer is printed) reads a line of the next, so the reading
 * overlaps the helpers' search instead of leaving them idle. */
#define BATCH 4096

struct batch {
    unsigned char grids[BATCH][CELLS];
    size_t clues[BATCH][CELLS];
    dlx_batch_item items[BATCH];
    size_t n;
};

/* The reading: where it stands, whether lines are left, its exit code. */
static struct sudoku_reader reader;
static int reading = 1, read_code = 0;

/* Reads one more puzzle into `b`, if any is left and `b` has room. */
static void read_one(struct batch *b)
{
    if (!reading || b->n == BATCH)
        return;
    size_t i = b->n, n = 0;
    int got = sudoku_next_puzzle(&reader, b->grids[i]);
    if (got != 1) {
        reading = 0;
        read_code = got < 0; /* the puzzles before a bad line are answered too */
        return;
    }
    for (int c = 0; c < CELLS; c++)
        if (b->grids[i][c])
            b->clues[i][n++] = (size_t)(c * 9 + b->grids[i][c] - 1);
    b->items[i] = (dlx_batch_item){b->clues[i], n, NULL, 0};
    b->n++;
}

/* The batch being solved, and the next one being read. */
struct turn {
    struct batch *now, *next;
};

static int print_result(void *user, size_t index, dlx_status status, uint64_t count, const size_t *rows, size_t n)
{
    struct turn *t = user;
    unsigned char *grid = t->now->grids[index];
    if (status == DLX_ERR_CONFLICT || count == 0) {
        /* Two equal clues in one row, column or box, or no way to fill. */
        sudoku_print(0, grid);
    } else {
        check(status, "dlx_solver_solve_batch (a puzzle)");
        for (size_t k = 0; k < n; k++)
            grid[rows[k] / 9] = (unsigned char)(rows[k] % 9 + 1);
        sudoku_print(count > 1 ? 2 : 1, grid);
    }
    read_one(t->next);
    return 0;
}

static int run_batches(void)
{
    struct batch *b[2] = {calloc(1, sizeof(struct batch)), calloc(1, sizeof(struct batch))};
    if (b[0] == NULL || b[1] == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    while (b[0]->n < BATCH && reading)
        read_one(b[0]);
    for (int k = 0; b[k]->n > 0; k = 1 - k) {
        struct turn t = {b[k], b[1 - k]};
        check(dlx_solver_solve_batch(forced_solver, t.now->items, t.now->n, prove_unique ? 2 : 1, print_result, &t),
              "dlx_solver_solve_batch");
        while (t.next->n < BATCH && reading)
            read_one(t.next);
        t.now->n = 0;
    }
    free(b[0]);
    free(b[1]);
    return read_code;
}

static int run_forced(size_t threads)
{
    dlx_matrix *m = sudoku_full_matrix();
    check(dlx_solver_new(m, &forced_solver), "dlx_solver_new");
    dlx_matrix_free(m);
    int code;
    if (threads == 1) {
        code = sudoku_line_main(solve_forced);
    } else {
        check(dlx_solver_set_threads(forced_solver, threads), "dlx_solver_set_threads");
        code = run_batches();
    }
    dlx_solver_free(forced_solver);
    return code;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--plain") == 0)
        return sudoku_line_main(solve_plain);
    if (argc >= 2 && strcmp(argv[1], "--forced") == 0) {
        int next = 2;
        if (argc > next && strcmp(argv[next], "--unique") == 0) {
            prove_unique = 1;
            next++;
        }
        /* The rest: nothing, or -j N (threads_arg reads argv[1..]). */
        size_t threads = threads_arg(argc - next + 1, argv + next - 1, "sudoku --forced [--unique]");
        return run_forced(threads);
    }
    if (argc != 1) {
        fprintf(stderr, "usage: sudoku [--plain | --forced [--unique] [-j THREADS]] < puzzles\n");
        return 1;
    }
    init_tables();
    return sudoku_line_main(solve);
}
