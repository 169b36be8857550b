/* pre_test: preprocessing through the C API (dlx_matrix_preprocess,
 * dlx_solver_preprocess, dlx_pre_stats).
 *
 * Expected values are facts: the two examples of Knuth's dlx-pre.w, whose
 * text says what is left (the first: three primary items and the options
 * "A D", "B G" and "C E F" cut down to one item each, from options 4, 5 and
 * 1; the second: options 2 and 4 cut down, two left); 8 queens have 92
 * solutions with or without preprocessing, whatever rows are forced (the
 * count with a forced row is the number of solutions holding it, found
 * here by enumerating all 92); the sudoku "4.....8.5.3....." of Norvig's
 * list has one solution, whose every clue the reduced model keeps. Also:
 * NULL arguments get DLX_ERR_NULL, a stats struct of an older, shorter
 * size is filled no further than its size, a forced row that preprocessing
 * removed gives a count of 0, and a solver's excluded rows stay its own.
 * No input; prints one line per check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

static dlx_matrix *parse(const char *text)
{
    dlx_matrix *m = NULL;
    check(dlx_matrix_parse(text, strlen(text), &m, NULL), "dlx_matrix_parse");
    return m;
}

static uint64_t count_of(dlx_solver *s)
{
    uint64_t n = 0;
    check(dlx_solver_count(s, &n), "dlx_solver_count");
    return n;
}

/* Knuth's first example: A..E primary, F G secondary. */
static const char *example1 = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
/* His second, with colors. */
static const char *example2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";

static void knuth_examples(void)
{
    dlx_matrix *m = parse(example1), *r = NULL;
    size_t origin[6], corigin[7];
    dlx_pre_stats st;
    memset(&st, 0xff, sizeof st);
    st.size = sizeof st;
    check(dlx_matrix_preprocess(m, 0, &r, origin, corigin, &st), "dlx_matrix_preprocess");
    expect(dlx_matrix_column_count(r) == 3 && dlx_matrix_row_count(r) == 3, "example 1: three items, three options left");
    expect(corigin[0] == 0 && corigin[1] == 1 && corigin[2] == 4, "example 1: the items left are A, B and E");
    int from[3] = {0, 0, 0};
    for (size_t i = 0; i < 3; i++) {
        from[i] = (int)origin[i];
        size_t cols[8], n = 0;
        check(dlx_matrix_row(r, i, cols, 8, &n), "dlx_matrix_row");
        expect(n == 1, "example 1: each option left has one item");
    }
    /* Options 1, 4 and 5 of the text, counted from 1: rows 0, 3, 4. */
    expect(from[0] == 0 && from[1] == 3 && from[2] == 4, "example 1: the options left are 1, 4 and 5");
    expect(st.rows_removed == 3 && st.columns_removed == 4 && st.complete == 1 && st.infeasible == 0,
           "example 1: stats (3 options and 4 items removed, complete)");
    dlx_matrix_free(r);
    dlx_matrix_free(m);

    m = parse(example2);
    check(dlx_matrix_preprocess(m, 0, &r, origin, NULL, NULL), "dlx_matrix_preprocess");
    expect(dlx_matrix_row_count(r) == 2 && origin[0] == 1 && origin[1] == 3, "example 2: options 2 and 4 left");
    /* Four items: X and Y, and one of A and C (each holds the other's
     * only option), and B. */
    expect(dlx_matrix_column_count(r) == 4, "example 2: four items left");
    dlx_matrix_free(r);
    dlx_matrix_free(m);
}

/* What a short stats struct of an older library gets: its own fields. */
struct old_stats {
    size_t size;
    uint64_t rows_removed;
};

static void short_stats_and_nulls(void)
{
    dlx_matrix *m = parse(example1), *r = NULL;
    union {
        struct old_stats old;
        dlx_pre_stats full;
    } u;
    memset(&u, 0xab, sizeof u);
    u.old.size = sizeof u.old;
    check(dlx_matrix_preprocess(m, 0, &r, NULL, NULL, &u.full), "dlx_matrix_preprocess, short stats");
    expect(u.old.rows_removed == 3, "short stats: its field filled");
    expect(u.full.rounds == 0xababababababababULL && u.full.complete == (int)0xabababab, "short stats: nothing past its size");
    dlx_matrix_free(r);
    r = NULL;
    expect(dlx_matrix_preprocess(NULL, 0, &r, NULL, NULL, NULL) == DLX_ERR_NULL && r == NULL, "NULL matrix: DLX_ERR_NULL");
    expect(dlx_matrix_preprocess(m, 0, NULL, NULL, NULL, NULL) == DLX_ERR_NULL, "NULL out: DLX_ERR_NULL");
    expect(dlx_solver_preprocess(NULL, 0, NULL) == DLX_ERR_NULL, "NULL solver: DLX_ERR_NULL");
    dlx_matrix_free(m);
}

/* Every queens solution, to count those that hold a row. */
struct all {
    size_t rows[92][8];
    size_t n;
};

static int keep(void *user, const size_t *rows, size_t count)
{
    struct all *a = user;
    if (a->n < 92 && count == 8)
        memcpy(a->rows[a->n], rows, sizeof a->rows[0]);
    a->n++;
    return 0;
}

static void queens_forced(void)
{
    dlx_matrix *m = queens_matrix(8);
    dlx_solver *plain = NULL, *pre = NULL;
    check(dlx_solver_new(m, &plain), "dlx_solver_new");
    check(dlx_solver_new(m, &pre), "dlx_solver_new");
    dlx_pre_stats st = {sizeof st, 0, 0, 0, 0, 0, 0};
    check(dlx_solver_preprocess(pre, 0, &st), "dlx_solver_preprocess");
    expect(count_of(pre) == 92, "queens 8 preprocessed: 92");
    struct all a = {{{0}}, 0};
    int res = 0;
    check(dlx_solver_run(plain, keep, &a, &res), "dlx_solver_run");
    expect(a.n == 92, "queens 8: 92 solutions enumerated");
    int same = 1;
    for (size_t row = 0; row < 64; row++) {
        uint64_t holding = 0;
        for (size_t i = 0; i < a.n && i < 92; i++)
            for (size_t k = 0; k < 8; k++)
                holding += a.rows[i][k] == row;
        check(dlx_solver_force_rows(pre, &row, 1), "dlx_solver_force_rows");
        same &= count_of(pre) == holding;
    }
    expect(same, "queens 8 preprocessed: each forced row counts the solutions that hold it");
    size_t ex[2] = {0, 9};
    check(dlx_solver_force_rows(pre, NULL, 0), "dlx_solver_force_rows");
    check(dlx_solver_exclude_rows(pre, ex, 2), "dlx_solver_exclude_rows");
    check(dlx_solver_preprocess(pre, 0, NULL), "dlx_solver_preprocess again");
    uint64_t without = 0;
    for (size_t i = 0; i < a.n && i < 92; i++) {
        int uses = 0;
        for (size_t k = 0; k < 8; k++)
            uses |= a.rows[i][k] == 0 || a.rows[i][k] == 9;
        without += !uses;
    }
    expect(count_of(pre) == without, "queens 8: the caller's excluded rows stay through preprocessing");
    dlx_solver_free(plain);
    dlx_solver_free(pre);
    dlx_matrix_free(m);
}

/* Norvig's first hard puzzle, modelled with every digit in every empty
 * cell and the clue alone in a given one. */
static const char *puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

static dlx_matrix *sudoku_model(size_t *clue_row)
{
    dlx_matrix *m = new_matrix(324);
    size_t clues = 0;
    for (size_t i = 0; i < 9; i++)
        for (size_t j = 0; j < 9; j++) {
            char c = puzzle[9 * i + j];
            for (size_t d = 1; d <= 9; d++) {
                if (c != '.' && (size_t)(c - '0') != d)
                    continue;
                size_t b = 3 * (i / 3) + j / 3;
                size_t cols[4] = {9 * i + j, 81 + 9 * i + d - 1, 162 + 9 * j + d - 1, 243 + 9 * b + d - 1};
                size_t row = add_row(m, cols, 4);
                if (c != '.')
                    clue_row[clues++] = row;
            }
        }
    return m;
}

static void sudoku_puzzle(void)
{
    size_t clue_row[81];
    dlx_matrix *m = sudoku_model(clue_row), *r = NULL;
    size_t rows = dlx_matrix_row_count(m);
    size_t *origin = malloc(rows * sizeof *origin);
    if (!origin)
        exit(2);
    dlx_pre_stats st = {sizeof st, 0, 0, 0, 0, 0, 0};
    check(dlx_matrix_preprocess(m, 0, &r, origin, NULL, &st), "dlx_matrix_preprocess");
    uint64_t n = 0;
    check(dlx_count(r, 0, &n), "dlx_count");
    expect(n == 1, "sudoku: the reduced model has the puzzle's one solution");
    expect(st.rows_removed > 0 && dlx_matrix_row_count(r) + st.rows_removed == rows, "sudoku: clues block options");
    int kept = 1;
    for (size_t k = 0; k < 17; k++) {
        int found = 0;
        for (size_t i = 0; i < dlx_matrix_row_count(r); i++)
            found |= origin[i] == clue_row[k];
        kept &= found;
    }
    expect(kept, "sudoku: every clue is kept");
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    check(dlx_solver_preprocess(s, 0, NULL), "dlx_solver_preprocess");
    expect(count_of(s) == 1, "sudoku: the preprocessed solver counts 1");
    /* A removed row, forced: no solution. */
    size_t removed = rows;
    for (size_t row = 0; row < rows && removed == rows; row++) {
        int live = 0;
        for (size_t i = 0; i < dlx_matrix_row_count(r); i++)
            live |= origin[i] == row;
        if (!live)
            removed = row;
    }
    check(dlx_solver_force_rows(s, &removed, 1), "dlx_solver_force_rows");
    expect(count_of(s) == 0, "sudoku: a removed row, forced, gives no solution");
    dlx_solver_free(s);
    free(origin);
    dlx_matrix_free(r);
    dlx_matrix_free(m);
}

static void infeasible(void)
{
    /* C's only option clashes with A's only one: no solution. */
    dlx_matrix *m = parse("A B C\nA B\nB C\n"), *r = NULL;
    dlx_pre_stats st = {sizeof st, 0, 0, 0, 0, 0, 0};
    check(dlx_matrix_preprocess(m, 0, &r, NULL, NULL, &st), "dlx_matrix_preprocess");
    expect(st.infeasible == 1 && dlx_matrix_row_count(r) == 0 && dlx_matrix_column_count(r) == 1,
           "infeasible: one primary item, no options");
    uint64_t n = 1;
    check(dlx_count(r, 0, &n), "dlx_count");
    expect(n == 0, "infeasible: no solution");
    dlx_matrix_free(r);
    dlx_matrix_free(m);
}

int main(void)
{
    knuth_examples();
    short_stats_and_nulls();
    queens_forced();
    sudoku_puzzle();
    infeasible();
    return failures ? 1 : 0;
}
