/* symmetry_test: counts and listings up to symmetry through the C API
 * (dlx_matrix_add_symmetry, dlx_solver_count_orbits,
 * dlx_solver_orbit_fixed, dlx_solver_run_orbits).
 *
 * Expected values are facts: the 6x10 rectangle has 2339 pentomino
 * tilings up to rotation and reflection and 9356 in all (Haselgrove and
 * Haselgrove, 1960), the 3x20 rectangle 2 (and 8); 8 queens have 92 solutions, 12 up to the symmetries
 * of the square (OEIS A002562). Each solution listed per orbit is checked
 * to place 8 queens (queens_valid), and no two listed are images of one
 * another under the 8 symmetries, computed here on the board. Also
 * checked: a node limit stops the count and the next calls go on to the
 * same answer; a buffer too small, an unknown method, a bad symmetry,
 * forced rows and NULLs get their status. No input; one line per check.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "pentomino.h"

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

/* The count up to symmetry as text, "" when the call did not finish. */
static dlx_status orbits_of(dlx_solver *s, uint32_t method, char *out, size_t capacity)
{
    size_t length = 0;
    out[0] = '\0';
    return dlx_solver_count_orbits(s, method, out, capacity, &length);
}

/* § Pentominoes on the 6x10 board, with the rectangle's two mirror images. */

static dlx_matrix *board(int H, int W)
{
    dlx_matrix *m = new_matrix((size_t)(NPIECES + H * W));
    size_t rows = 0;
    for (int p = 0; p < NPIECES; p++)
        for (int o = 0; o < orient[p].count; o++)
            for (int dr = 0; dr < H; dr++)
                for (int dc = 0; dc < W; dc++) {
                    const shape *s = &orient[p].s[o];
                    size_t colv[6] = {(size_t)p};
                    int fits = 1;
                    for (int i = 0; i < 5; i++) {
                        int r = dr + s->r[i], c = dc + s->c[i];
                        fits &= r < H && c < W;
                        colv[i + 1] = (size_t)(NPIECES + r * W + c);
                    }
                    if (fits)
                        add_placement_row(m, colv, rows++);
                }
    /* The two mirrors of the board move the squares, never the pieces. */
    size_t image[NPIECES + 60];
    for (int mirror = 0; mirror < 2; mirror++) {
        for (int p = 0; p < NPIECES; p++)
            image[p] = (size_t)p;
        for (int r = 0; r < H; r++)
            for (int c = 0; c < W; c++)
                image[NPIECES + r * W + c] = (size_t)(NPIECES + (mirror ? (H - 1 - r) * W + c : r * W + (W - 1 - c)));
        check(dlx_matrix_add_symmetry(m, image, (size_t)(NPIECES + H * W)), "dlx_matrix_add_symmetry");
    }
    return m;
}

static void pentominoes(void)
{
    build_orientations();
    dlx_matrix *m = board(6, 10);
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    char digits[64];
    expect(orbits_of(s, DLX_COUNT_AUTO, digits, sizeof digits) == DLX_DONE && strcmp(digits, "2339") == 0,
           "pentominoes 6x10 up to symmetry: 2339");
    size_t order = 0, length = 0;
    expect(dlx_solver_orbit_fixed(s, DLX_COUNT_AUTO, SIZE_MAX, &order, NULL, 0, NULL) == DLX_DONE && order == 4,
           "the rectangle's group has 4 elements");
    expect(dlx_solver_orbit_fixed(s, DLX_COUNT_AUTO, 0, NULL, digits, sizeof digits, &length) == DLX_DONE && strcmp(digits, "9356") == 0,
           "the identity fixes all 9356 tilings");
    expect(dlx_solver_orbit_fixed(s, DLX_COUNT_AUTO, 4, NULL, digits, sizeof digits, &length) == DLX_ERR_INVALID_ARGUMENT,
           "element past the order: DLX_ERR_INVALID_ARGUMENT");
    expect(dlx_solver_count_orbits(s, DLX_COUNT_AUTO, digits, 4, &length) == DLX_ERR_BUFFER_TOO_SMALL && length == 4,
           "a buffer of 4 for 2339: DLX_ERR_BUFFER_TOO_SMALL, length 4");
    expect(dlx_solver_count_orbits(s, 3, digits, sizeof digits, &length) == DLX_ERR_UNKNOWN_VALUE, "method 3: DLX_ERR_UNKNOWN_VALUE");
    expect(dlx_solver_count_orbits(s, DLX_COUNT_AUTO, digits, sizeof digits, NULL) == DLX_ERR_NULL, "NULL length: DLX_ERR_NULL");
    dlx_solver_free(s);

    dlx_matrix_free(m);

    /* Stopped by a node limit at every call: it goes on to the same count,
     * 2 tilings of the 3x20 board up to its symmetries (8 in all). */
    m = board(3, 20);
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 2000), "dlx_solver_set_limit");
    int calls = 0;
    dlx_status st;
    while ((st = orbits_of(s, DLX_COUNT_PLAIN, digits, sizeof digits)) == DLX_STOPPED && calls < 100000)
        calls++;
    expect(st == DLX_DONE && calls > 3 && strcmp(digits, "2") == 0, "3x20, stopped by a node limit and gone on: 2 (plain)");
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* § Eight queens with the symmetries of the square. */

#define N 8

/* Symmetry t (0..7) of the board applied to square (i, j). */
static void turn(int t, int *i, int *j)
{
    int a = *i, b = *j;
    if (t & 4) { int x = a; a = b; b = x; }
    if (t & 1) a = N - 1 - a;
    if (t & 2) b = N - 1 - b;
    *i = a;
    *j = b;
}

/* The queens of a solution as a board mask, under symmetry t. */
static uint64_t mask(const size_t *rows, size_t count, int t)
{
    uint64_t m = 0;
    for (size_t k = 0; k < count; k++) {
        int i = (int)(rows[k] / N), j = (int)(rows[k] % N);
        turn(t, &i, &j);
        m |= (uint64_t)1 << (i * N + j);
    }
    return m;
}

struct listed {
    uint64_t least[100];
    size_t n;
    int bad;
};

static int on_orbit(void *user, const size_t *rows, size_t count)
{
    struct listed *l = user;
    uint64_t least = mask(rows, count, 0);
    for (int t = 1; t < 8; t++) {
        uint64_t m = mask(rows, count, t);
        least = m < least ? m : least;
    }
    l->bad |= !queens_valid(rows, count, N) || l->n == 100;
    for (size_t k = 0; k < l->n; k++)
        l->bad |= l->least[k] == least;
    if (l->n < 100)
        l->least[l->n++] = least;
    return 0;
}

/* The column permutation of queens_matrix(N) that symmetry t makes: each
 * column is a line of squares (a row, a file, a diagonal), and goes to the
 * column whose line is the image of its squares. */
static void queens_symmetry(int t, size_t *image)
{
    size_t d = 2 * N - 1, n = 2 * N + 2 * d;
    uint64_t line[6 * N - 2] = {0};
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            size_t cols[4] = {2 * (size_t)i, 2 * (size_t)j + 1, 2 * N + (size_t)(i + j), 2 * N + d + (size_t)(i + N - 1 - j)};
            for (int k = 0; k < 4; k++)
                line[cols[k]] |= (uint64_t)1 << (i * N + j);
        }
    for (size_t c = 0; c < n; c++) {
        uint64_t to = 0;
        for (int sq = 0; sq < N * N; sq++)
            if (line[c] >> sq & 1) {
                int i = sq / N, j = sq % N;
                turn(t, &i, &j);
                to |= (uint64_t)1 << (i * N + j);
            }
        image[c] = n; /* no column: the library refuses it */
        for (size_t e = 0; e < n; e++)
            if (line[e] == to)
                image[c] = e;
    }
}

static void queens(void)
{
    dlx_matrix *m = queens_matrix(N);
    size_t image[6 * N - 2];
    queens_symmetry(1, image); /* a mirror */
    check(dlx_matrix_add_symmetry(m, image, 6 * N - 2), "dlx_matrix_add_symmetry (mirror)");
    queens_symmetry(5, image); /* a quarter turn */
    check(dlx_matrix_add_symmetry(m, image, 6 * N - 2), "dlx_matrix_add_symmetry (quarter turn)");
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    char digits[32];
    expect(orbits_of(s, DLX_COUNT_AUTO, digits, sizeof digits) == DLX_DONE && strcmp(digits, "12") == 0, "8 queens up to symmetry: 12 (A002562)");
    size_t order = 0, length = 0;
    expect(dlx_solver_orbit_fixed(s, DLX_COUNT_AUTO, SIZE_MAX, &order, NULL, 0, NULL) == DLX_DONE && order == 8, "the square's group has 8 elements");
    expect(dlx_solver_orbit_fixed(s, DLX_COUNT_AUTO, 0, NULL, digits, sizeof digits, &length) == DLX_DONE && strcmp(digits, "92") == 0,
           "the identity fixes all 92");
    struct listed l = {{0}, 0, 0};
    expect(dlx_solver_run_orbits(s, on_orbit, &l, NULL) == DLX_DONE && l.n == 12 && !l.bad,
           "one solution listed per orbit: 12, valid, none the image of another");
    dlx_solver_free(s);

    /* Forced rows pick solutions a symmetry need not keep. */
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    size_t forced = 1;
    check(dlx_solver_force_rows(s, &forced, 1), "dlx_solver_force_rows");
    expect(orbits_of(s, DLX_COUNT_AUTO, digits, sizeof digits) == DLX_ERR_UNSUPPORTED, "forced rows: DLX_ERR_UNSUPPORTED");
    dlx_solver_free(s);

    /* Bad symmetries. */
    size_t few[3] = {0, 1, 2};
    expect(dlx_matrix_add_symmetry(m, few, 3) == DLX_ERR_INVALID_ARGUMENT, "3 images for 46 columns: DLX_ERR_INVALID_ARGUMENT");
    for (size_t c = 0; c < 6 * N - 2; c++)
        image[c] = c;
    image[0] = 6 * N - 2;
    expect(dlx_matrix_add_symmetry(m, image, 6 * N - 2) == DLX_ERR_COLUMN_RANGE, "an image past the columns: DLX_ERR_COLUMN_RANGE");
    image[0] = 1;
    expect(dlx_matrix_add_symmetry(m, image, 6 * N - 2) == DLX_ERR_INVALID_ARGUMENT, "a column reached twice: DLX_ERR_INVALID_ARGUMENT");
    expect(dlx_matrix_add_symmetry(NULL, image, 6 * N - 2) == DLX_ERR_NULL, "NULL matrix: DLX_ERR_NULL");
    expect(dlx_matrix_add_symmetry(m, NULL, 6 * N - 2) == DLX_ERR_NULL, "NULL image: DLX_ERR_NULL");
    image[0] = 2; /* board rows 0 and 1 and file 0 in a cycle: a row goes to a file */
    image[1] = 0;
    image[2] = 1;
    check(dlx_matrix_add_symmetry(m, image, 6 * N - 2), "a permutation that is no symmetry is stored");
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    expect(orbits_of(s, DLX_COUNT_AUTO, digits, sizeof digits) == DLX_ERR_NOT_SYMMETRY, "no symmetry: DLX_ERR_NOT_SYMMETRY");
    expect(dlx_solver_run_orbits(s, on_orbit, &l, NULL) == DLX_ERR_NOT_SYMMETRY, "no symmetry, listing: DLX_ERR_NOT_SYMMETRY");
    expect(dlx_solver_run_orbits(s, NULL, &l, NULL) == DLX_ERR_NULL, "NULL callback: DLX_ERR_NULL");
    dlx_solver_free(s);
    check(dlx_matrix_clear_symmetries(m), "dlx_matrix_clear_symmetries");
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    expect(orbits_of(s, DLX_COUNT_PLAIN, digits, sizeof digits) == DLX_DONE && strcmp(digits, "92") == 0, "no symmetries: every solution its own orbit, 92");
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

int main(void)
{
    pentominoes();
    queens();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    return 0;
}
