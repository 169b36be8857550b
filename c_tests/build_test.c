/* build_test: the builders through the C API (dlx_build_queens,
 * dlx_build_langford, dlx_polyomino_*, dlx_sudoku_*, dlx_built_*).
 *
 * Expected values are facts: n queens for n = 1..10 (OEIS A000170) and
 * 8 queens up to the square's symmetries, 12 (A002562); Langford pairs
 * for n = 3, 4, 7, 8 are twice A014552 (1, 1, 26, 150), each up to
 * reversal once; the twelve pentominoes tile 3x20, 4x15, 5x12 and 6x10
 * boxes in 8, 1472, 4040 and 9356 ways (Haselgrove 1960; Golomb), 2 and
 * 2339 of them up to the box's symmetries for 3x20 and 6x10; dominoes
 * used any number of times with empty squares allowed cover the 3x3 and
 * 4x4 squares in 131 and 10012 ways (monomer-dimer coverings, A028420);
 * the 4x4 sudoku has 288 grids; Latin squares of order 5 (a 1x5 box
 * per row) number 161280; Arto Inkala's 2012 sudoku has one solution,
 * the published one, and none with the diagonals (that one's main
 * diagonal holds two 4s).
 * Every sudoku solution is decoded and checked here to be a grid that
 * keeps the givens with no digit twice in a row, column or box. Also
 * Against the brute forces of builder_brute.h: the calendar puzzle
 * (A-Puzzle-A-Day: eight pieces on the months and days, two squares
 * left) on every date, and 4x4 and 5x5 grids with jigsaw regions,
 * diagonals and random givens. Also
 * checked: the names the header promises, a piece with a bad name or
 * flag, givens of the wrong length, a buffer too small, NULLs. No input;
 * one line per check. With DLX_QUICK set in the environment (the suite
 * under valgrind and the sanitizers) only the 3x20 box and Latin squares
 * of order 4 (576) are counted of the long counts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builder_brute.h"
#include "common.h"
#include "dlx.h"

static int failures = 0;
static int quick = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

/* The count of a builder's matrix, UINT64_MAX on an error. */
static uint64_t count_of(const dlx_built *b)
{
    uint64_t n = 0;
    return dlx_count(dlx_built_matrix(b), 0, &n) == DLX_OK ? n : UINT64_MAX;
}

/* The count up to the matrix's symmetries, 0 on an error. */
static unsigned long long orbits_of(const dlx_built *b)
{
    dlx_solver *s = NULL;
    char text[32] = "";
    size_t length = 0;
    if (dlx_solver_new(dlx_built_matrix(b), &s) != DLX_OK)
        return 0;
    dlx_status st = dlx_solver_count_orbits(s, DLX_COUNT_AUTO, text, sizeof text, &length);
    dlx_solver_free(s);
    return st == DLX_DONE ? strtoull(text, NULL, 10) : 0;
}

/* § Queens and Langford pairs. */

static void queens_and_langford(void)
{
    static const uint64_t a000170[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    int all = 1;
    for (size_t n = 1; n <= 10; n++) {
        dlx_built *b = NULL;
        all &= dlx_build_queens(n, &b) == DLX_OK && count_of(b) == a000170[n - 1];
        dlx_built_free(b);
    }
    expect(all, "queens 1..10 give A000170");
    dlx_built *q = NULL;
    expect(dlx_build_queens(8, &q) == DLX_OK && orbits_of(q) == 12, "8 queens up to symmetry: 12");
    expect(strcmp(dlx_built_row_name(q, 8 * 2 + 5), "q2,5") == 0, "row 21 of 8 queens is q2,5");
    expect(strcmp(dlx_matrix_column_name(dlx_built_matrix(q), 8), "c0") == 0, "column 8 is c0");
    expect(dlx_built_row_name(q, 64) == NULL, "no row 64");
    dlx_built_free(q);

    static const struct { size_t n; uint64_t known; } langford[] = {{3, 1}, {4, 1}, {5, 0}, {7, 26}, {8, 150}};
    for (size_t i = 0; i < sizeof langford / sizeof langford[0]; i++) {
        dlx_built *b = NULL;
        char what[96];
        int ok = dlx_build_langford(langford[i].n, &b) == DLX_OK && count_of(b) == 2 * langford[i].known;
        if (langford[i].known)
            ok = ok && orbits_of(b) == langford[i].known;
        snprintf(what, sizeof what, "langford %zu: 2 x %llu, %llu up to reversal", langford[i].n,
                 (unsigned long long)langford[i].known, (unsigned long long)langford[i].known);
        expect(ok, what);
        dlx_built_free(b);
    }
    expect(dlx_build_queens(8, NULL) == DLX_ERR_NULL, "queens into NULL: DLX_ERR_NULL");
    expect(dlx_build_langford((size_t)1 << 20, &q) == DLX_ERR_TOO_LARGE, "langford 2^20: DLX_ERR_TOO_LARGE");
}

/* § Polyominoes. */

/* Golomb's pentominoes as pictures, '/' between rows. */
static const char *const pentominoes[12][2] = {
    {"F", ".##/##./.#."}, {"I", "#####"},     {"L", "####/#..."},   {"N", "##../.###"},
    {"P", "##/##/#."},    {"T", "###/.#./.#."}, {"U", "#.#/###"},   {"V", "#../#../###"},
    {"W", "#../##./.##"}, {"X", ".#./###/.#."}, {"Y", "####/.#.."}, {"Z", "##./.#./.##"},
};

/* The squares of a picture as (row, column) pairs; returns their number. */
static size_t cells_of(const char *picture, int32_t *cells)
{
    size_t n = 0;
    int32_t r = 0, c = 0;
    for (const char *p = picture; *p; p++) {
        if (*p == '/') {
            r++;
            c = 0;
            continue;
        }
        if (*p == '#') {
            cells[2 * n] = r;
            cells[2 * n + 1] = c;
            n++;
        }
        c++;
    }
    return n;
}

static dlx_built *pentomino_box(size_t h, size_t w)
{
    dlx_polyomino *p = NULL;
    dlx_built *b = NULL;
    int32_t cells[10];
    if (dlx_polyomino_new(&p) != DLX_OK || dlx_polyomino_add_rectangle(p, h, w) != DLX_OK)
        return NULL;
    for (int k = 0; k < 12; k++) {
        size_t n = cells_of(pentominoes[k][1], cells);
        if (dlx_polyomino_add_piece(p, pentominoes[k][0], cells, n, DLX_PIECE_ROTATE | DLX_PIECE_REFLECT) != DLX_OK)
            return NULL;
    }
    dlx_status st = dlx_polyomino_build(p, &b);
    dlx_polyomino_free(p);
    return st == DLX_OK ? b : NULL;
}

static void polyominoes(void)
{
    static const struct { size_t h, w; uint64_t all, orbits; } boxes[] = {
        {3, 20, 8, 2}, {4, 15, 1472, 0}, {5, 12, 4040, 0}, {6, 10, 9356, 2339}};
    for (size_t i = 0; i < (quick ? 1 : 4); i++) {
        dlx_built *b = pentomino_box(boxes[i].h, boxes[i].w);
        char what[64];
        int ok = b && count_of(b) == boxes[i].all && (!boxes[i].orbits || orbits_of(b) == boxes[i].orbits);
        snprintf(what, sizeof what, "pentominoes %zux%zu: %llu", boxes[i].h, boxes[i].w, (unsigned long long)boxes[i].all);
        expect(ok, what);
        if (i == 0) {
            expect(b && strcmp(dlx_matrix_column_name(dlx_built_matrix(b), 12), "0,0") == 0, "column 12 is square 0,0");
            expect(b && strncmp(dlx_built_row_name(b, 0), "F ", 2) == 0, "row 0 places the F");
        }
        dlx_built_free(b);
    }

    static const struct { size_t n; uint64_t known; } a028420[] = {{3, 131}, {4, 10012}};
    int32_t domino[4] = {0, 0, 0, 1};
    for (size_t i = 0; i < 2; i++) {
        dlx_polyomino *p = NULL;
        dlx_built *b = NULL;
        int ok = dlx_polyomino_new(&p) == DLX_OK && dlx_polyomino_add_rectangle(p, a028420[i].n, a028420[i].n) == DLX_OK &&
                 dlx_polyomino_add_piece(p, "domino", domino, 2, DLX_PIECE_ROTATE | DLX_PIECE_REUSE) == DLX_OK &&
                 dlx_polyomino_set_empty_cells(p, 1) == DLX_OK && dlx_polyomino_build(p, &b) == DLX_OK &&
                 count_of(b) == a028420[i].known;
        expect(ok, a028420[i].n == 3 ? "monomer-dimer 3x3: 131" : "monomer-dimer 4x4: 10012");
        dlx_built_free(b);
        dlx_polyomino_free(p);
    }

    dlx_polyomino *p = NULL;
    dlx_polyomino_new(&p);
    int32_t one[2] = {0, 0}, twice[4] = {0, 0, 0, 0};
    expect(dlx_polyomino_add_piece(p, "a b", one, 1, 0) == DLX_ERR_INVALID_ARGUMENT, "a name with a space: invalid");
    expect(dlx_polyomino_add_piece(p, "a,b", one, 1, 0) == DLX_ERR_INVALID_ARGUMENT, "a name with a comma: invalid");
    expect(dlx_polyomino_add_piece(p, "a", one, 1, 8) == DLX_ERR_INVALID_ARGUMENT, "an unknown flag: invalid");
    expect(dlx_polyomino_add_piece(p, "a", twice, 2, 0) == DLX_ERR_INVALID_ARGUMENT, "a square twice: invalid");
    expect(dlx_polyomino_add_piece(p, "a", NULL, 1, 0) == DLX_ERR_NULL, "NULL squares: DLX_ERR_NULL");
    expect(dlx_polyomino_add_piece(p, "a", one, 1, 0) == DLX_OK && dlx_polyomino_add_piece(p, "a", one, 1, 0) == DLX_ERR_INVALID_ARGUMENT,
           "a name used twice: invalid");
    expect(dlx_polyomino_add_cells(NULL, one, 1) == DLX_ERR_NULL, "NULL problem: DLX_ERR_NULL");
    dlx_polyomino_free(p);
}

/* § Sudoku. */

/* Whether `grid` is filled, keeps `givens` and repeats no digit in a row,
 * column or `br` x `bc` box. */
static int valid_grid(const char *grid, const char *givens, int br, int bc)
{
    int n = br * bc;
    if ((int)strlen(grid) != n * n)
        return 0;
    for (int i = 0; i < n * n; i++)
        if (grid[i] < '1' || grid[i] > '0' + n || (givens[i] != '.' && givens[i] != grid[i]))
            return 0;
    for (int a = 0; a < n * n; a++)
        for (int b = a + 1; b < n * n; b++) {
            int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
            if ((ra == rb || ca == cb || (ra / br == rb / br && ca / bc == cb / bc)) && grid[a] == grid[b])
                return 0;
        }
    return 1;
}

/* The last grid solve_and_check decoded. */
static char last_grid[96];

/* Counts the solutions of the grid, checking each decoded one. */
static long solve_and_check(dlx_sudoku *s, const char *givens, int br, int bc)
{
    dlx_built *b = NULL;
    dlx_solver *solver = NULL;
    if (dlx_sudoku_build(s, &b) != DLX_OK || dlx_solver_new(dlx_built_matrix(b), &solver) != DLX_OK)
        return -1;
    long n = 0;
    const size_t *rows;
    size_t count;
    char grid[96];
    size_t length;
    while (dlx_solver_next(solver, &rows, &count) == DLX_SOLUTION) {
        if (dlx_sudoku_decode(s, b, rows, count, grid, sizeof grid, &length) != DLX_OK || !valid_grid(grid, givens, br, bc))
            n = -1000000;
        memcpy(last_grid, grid, sizeof last_grid);
        n++;
    }
    dlx_solver_free(solver);
    dlx_built_free(b);
    return n;
}

static void sudokus(void)
{
    dlx_sudoku *s = NULL;
    expect(dlx_sudoku_new(2, 2, &s) == DLX_OK && solve_and_check(s, "................", 2, 2) == 288, "4x4 sudoku: 288 grids");
    dlx_sudoku_free(s);

    s = NULL;
    char latin[26];
    memset(latin, '.', 25);
    latin[25] = '\0';
    if (quick) {
        latin[16] = '\0';
        expect(dlx_sudoku_new(1, 4, &s) == DLX_OK && solve_and_check(s, latin, 1, 4) == 576, "Latin squares of order 4: 576");
    } else {
        expect(dlx_sudoku_new(1, 5, &s) == DLX_OK && solve_and_check(s, latin, 1, 5) == 161280, "Latin squares of order 5: 161280");
    }
    dlx_sudoku_free(s);

    /* The published solution; its main diagonal has two 4s, so with the
     * diagonals the puzzle has no solution. */
    const char *inkala_solution =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    const char *inkala = "8........ ..36..... .7..9.2.. .5...7... ....457.. ...1...3. ..1....68 ..85...1. .9....4..";
    char flat[82];
    size_t k = 0;
    for (const char *p = inkala; *p; p++)
        if (*p != ' ')
            flat[k++] = *p;
    flat[k] = '\0';
    s = NULL;
    expect(dlx_sudoku_new(3, 3, &s) == DLX_OK && dlx_sudoku_set_givens(s, inkala) == DLX_OK && solve_and_check(s, flat, 3, 3) == 1,
           "Inkala's sudoku: one solution, valid");
    expect(strcmp(last_grid, inkala_solution) == 0, "Inkala's sudoku: the published solution");

    dlx_built *b = NULL;
    dlx_sudoku_build(s, &b);
    size_t row0 = 0, length = 0;
    char small[4];
    expect(dlx_sudoku_decode(s, b, &row0, 1, small, sizeof small, &length) == DLX_ERR_BUFFER_TOO_SMALL && length == 81,
           "decode into 4 bytes: DLX_ERR_BUFFER_TOO_SMALL, length 81");
    expect(strcmp(dlx_built_row_name(b, 0), "0,0=8") == 0, "row 0 is 0,0=8");
    size_t bad = 1u << 30;
    char grid[96];
    expect(dlx_sudoku_decode(s, b, &bad, 1, grid, sizeof grid, &length) == DLX_ERR_ROW_RANGE, "decode a row past the end: DLX_ERR_ROW_RANGE");
    expect(dlx_sudoku_set_givens(s, "123") == DLX_ERR_INVALID_ARGUMENT, "3 givens for 81 cells: invalid");
    char ten[82];
    memset(ten, '.', 81);
    ten[0] = 'A', ten[81] = '\0';
    expect(dlx_sudoku_set_givens(s, ten) == DLX_ERR_INVALID_ARGUMENT, "an A (10) on a 9x9 grid: invalid");
    expect(dlx_sudoku_set_regions(s, "aaaaaaaaa") == DLX_ERR_INVALID_ARGUMENT, "regions for 9 cells of 81: invalid");
    expect(dlx_sudoku_set_diagonal(s, 1) == DLX_OK && solve_and_check(s, flat, 3, 3) == 0, "Inkala's sudoku with the diagonals: none");
    expect(dlx_sudoku_new(6, 6, &s) == DLX_ERR_TOO_LARGE, "a 36x36 grid: DLX_ERR_TOO_LARGE");
    expect(dlx_sudoku_set_givens(NULL, "1") == DLX_ERR_NULL, "NULL grid: DLX_ERR_NULL");
    dlx_built_free(b);
    dlx_sudoku_free(s);
}

/* § The calendar puzzle against the tiler, and small grids against the
 * filler. */

static const char *const calendar_pieces[8][2] = {
    {"O", "###/###"}, {"P", "##/##/#."}, {"L", "####/#..."}, {"N", "##../.###"},
    {"U", "#.#/###"}, {"V", "#../#../###"}, {"Y", "####/.#.."}, {"Z", "##./.#./.##"},
};

/* The calendar's squares but the month's and the day's, row by row:
 * months in rows 0-1 (six each), days in rows 2-6 (seven, the last
 * three). Returns their number. */
static int calendar_board(int month, int day, int32_t *cells)
{
    int n = 0;
    for (int r = 0; r < 7; r++) {
        int width = r < 2 ? 6 : r == 6 ? 3 : 7;
        for (int c = 0; c < width; c++) {
            int is_month = r < 2 && r * 6 + c == month, is_day = r >= 2 && (r - 2) * 7 + c == day;
            if (!is_month && !is_day) {
                cells[2 * n] = r, cells[2 * n + 1] = c;
                n++;
            }
        }
    }
    return n;
}

static void calendar_and_grids(void)
{
    static struct brute_board brute;
    int agree = 1, dates = 0;
    long least = -1;
    for (int month = 0; month < 12; month++) {
        for (int day = 0; day < 31; day++) {
            if (quick && (month + day) % 11 != 0)
                continue;
            int32_t board[2 * 43], cells[16];
            int n = calendar_board(month, day, board);
            memset(&brute, 0, sizeof brute);
            brute.n = n, brute.pieces = 8;
            for (int i = 0; i < n; i++)
                brute.r[i] = board[2 * i], brute.c[i] = board[2 * i + 1];
            dlx_polyomino *p = NULL;
            dlx_built *b = NULL;
            dlx_polyomino_new(&p);
            dlx_polyomino_add_cells(p, board, (size_t)n);
            for (int k = 0; k < 8; k++) {
                size_t size = cells_of(calendar_pieces[k][1], cells);
                int rows[8], cols[8];
                for (size_t i = 0; i < size; i++)
                    rows[i] = cells[2 * i], cols[i] = cells[2 * i + 1];
                brute_piece(&brute, k, rows, cols, (int)size);
                dlx_polyomino_add_piece(p, calendar_pieces[k][0], cells, size, DLX_PIECE_ROTATE | DLX_PIECE_REFLECT);
            }
            uint64_t got = dlx_polyomino_build(p, &b) == DLX_OK ? count_of(b) : UINT64_MAX;
            long want = brute_walk(&brute, 0, 0);
            agree &= got == (uint64_t)want;
            least = least < 0 || want < least ? want : least;
            dates++;
            dlx_built_free(b);
            dlx_polyomino_free(p);
        }
    }
    char what[96];
    snprintf(what, sizeof what, "calendar puzzle: the tiler's count on %d dates (every one solvable)", dates);
    expect(agree && least > 0, what);

    static const char *const regions[2] = {"aaab abbb cccd cddd", "AAABB AACBB DCCCB DDCEE DDEEE"};
    uint64_t seed = 69;
    int grids_agree = 1, solvable = 0;
    for (int k = 0; k < 60; k++) {
        int side = k % 2 ? 5 : 4, region[25], grid[25], diagonal = k % 3 == 0;
        char givens[26];
        int cell = 0;
        for (const char *q = regions[k % 2]; *q; q++)
            if (*q != ' ')
                region[cell++] = *q;
        for (int i = 0; i < side * side; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            int d = (seed >> 33) % 4 == 0 ? 1 + (int)((seed >> 40) % (uint64_t)side) : 0;
            grid[i] = d;
            givens[i] = d ? (char)('0' + d) : '.';
        }
        givens[side * side] = '\0';
        dlx_sudoku *s = NULL;
        dlx_built *b = NULL;
        dlx_sudoku_new(1, (size_t)side, &s);
        int ok = dlx_sudoku_set_regions(s, regions[k % 2]) == DLX_OK && dlx_sudoku_set_givens(s, givens) == DLX_OK &&
                 dlx_sudoku_set_diagonal(s, diagonal) == DLX_OK && dlx_sudoku_build(s, &b) == DLX_OK;
        long want = brute_fill(side, region, grid, diagonal, 0);
        grids_agree &= ok && count_of(b) == (uint64_t)want;
        solvable += want > 0;
        dlx_built_free(b);
        dlx_sudoku_free(s);
    }
    snprintf(what, sizeof what, "jigsaw grids with diagonals and givens: the filler's counts (%d of 60 solvable)", solvable);
    expect(grids_agree && solvable >= 10, what);
}

int main(void)
{
    quick = getenv("DLX_QUICK") != NULL;
    queens_and_langford();
    polyominoes();
    sudokus();
    calendar_and_grids();
    return failures ? 1 : 0;
}
