/* objective_test: the optimisation calls of dlx.h (row costs, objectives,
 * the cost of a solution, the k best, dlx_solve_best) and their errors.
 *
 * No input; prints one line per check and exits non-zero when any fails.
 * The expected values are worked out by hand on a matrix small enough to
 * list every exact cover: columns 0, 1, 2 and rows
 *   r0 {0} cost 4, r1 {1} cost 1, r2 {2} cost 2,
 *   r3 {0,1} cost 3, r4 {1,2} cost 4, r5 {0,1,2} cost 8,
 * whose exact covers are {r0,r1,r2} = 7, {r2,r3} = 5, {r0,r4} = 8 and
 * {r5} = 8: least cost 5, the three cheapest 5, 7, 8; greatest cost 8;
 * fewest rows 1 ({r5}); with r0 forced, least cost 7. The linear
 * relaxation's optimum is 5 too (the dual y = (3, 0, 2) reaches it), so a
 * valid bound is at most 5 for the least cost and at least 8 for the
 * greatest.
 */
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "checks.h"

static const size_t row_cols[6][3] = {{0}, {1}, {2}, {0, 1}, {1, 2}, {0, 1, 2}};
static const size_t row_len[6] = {1, 1, 1, 2, 2, 3};
static const int64_t row_cost[6] = {4, 1, 2, 3, 4, 8};

static dlx_matrix *small_matrix(void)
{
    dlx_matrix *m = new_matrix(3);
    for (size_t r = 0; r < 6; r++) {
        add_row(m, row_cols[r], row_len[r]);
        check(dlx_matrix_set_row_cost(m, r, row_cost[r]), "dlx_matrix_set_row_cost");
    }
    return m;
}

/* Runs the search to its end; returns how many solutions it returned. */
static size_t run_out(dlx_solver *s)
{
    const size_t *rows;
    size_t count, n = 0;
    while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION)
        n++;
    return n;
}

/* A solution's rows, as a bit set. */
static unsigned row_set(const size_t *rows, size_t count)
{
    unsigned set = 0;
    for (size_t k = 0; k < count; k++)
        set |= 1u << rows[k];
    return set;
}

static int64_t sum_cost(const size_t *rows, size_t count)
{
    int64_t sum = 0;
    for (size_t k = 0; k < count; k++)
        sum += row_cost[rows[k]];
    return sum;
}

static void test_costs_on_the_matrix(void)
{
    dlx_matrix *m = small_matrix();
    int64_t c = -1;
    CHECK(dlx_matrix_row_cost(m, 3, &c) == DLX_OK && c == 3);
    CHECK(dlx_matrix_set_row_cost(m, 6, 1) == DLX_ERR_ROW_RANGE);
    CHECK(dlx_matrix_set_row_cost(NULL, 0, 1) == DLX_ERR_NULL);
    CHECK(dlx_matrix_row_cost(m, 6, &c) == DLX_ERR_ROW_RANGE && c == 3);
    CHECK(dlx_matrix_row_cost(m, 0, NULL) == DLX_ERR_NULL);
    CHECK(dlx_matrix_row_cost(NULL, 0, &c) == DLX_ERR_NULL);
    /* Without an objective every solution comes, with its cost. */
    dlx_solver *s = NULL;
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    CHECK(dlx_solver_cost(s, &c) == DLX_ERR_NO_SOLUTION);
    const size_t *rows;
    size_t count, n = 0;
    int costs_agree = 1;
    while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION) {
        n++;
        costs_agree &= dlx_solver_cost(s, &c) == DLX_OK && c == sum_cost(rows, count);
    }
    CHECK(n == 4 && costs_agree);
    CHECK(dlx_solver_best_count(s) == 0);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

static void test_least_cost_and_k_best(void)
{
    dlx_matrix *m = small_matrix();
    dlx_solver *s = NULL;
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 1) == DLX_OK);
    const size_t *rows;
    size_t count;
    int64_t c, last = INT64_MAX;
    int improving = 1;
    while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION) {
        improving &= dlx_solver_cost(s, &c) == DLX_OK && c < last && c == sum_cost(rows, count);
        last = c;
    }
    CHECK(improving && last == 5);
    CHECK(dlx_solver_best_count(s) == 1);
    CHECK(dlx_solver_best(s, 0, &rows, &count, &c) == DLX_OK && c == 5 && row_set(rows, count) == 0xC);
    CHECK(dlx_solver_best(s, 1, &rows, &count, &c) == DLX_ERR_INVALID_ARGUMENT);
    CHECK(dlx_solver_best(s, 0, NULL, &count, &c) == DLX_ERR_NULL);
    CHECK(dlx_solver_best(NULL, 0, &rows, &count, &c) == DLX_ERR_NULL);
    CHECK(dlx_solver_best(s, 0, &rows, &count, NULL) == DLX_OK);

    /* The three cheapest, in order. */
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 3) == DLX_OK);
    run_out(s);
    int64_t k3[3] = {0, 0, 0};
    for (size_t i = 0; i < 3; i++)
        dlx_solver_best(s, i, &rows, &count, &k3[i]);
    CHECK(dlx_solver_best_count(s) == 3 && k3[0] == 5 && k3[1] == 7 && k3[2] == 8);

    /* Forced rows count and restrict. */
    size_t r0 = 0;
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 1) == DLX_OK);
    CHECK(dlx_solver_force_rows(s, &r0, 1) == DLX_OK);
    run_out(s);
    CHECK(dlx_solver_best(s, 0, &rows, &count, &c) == DLX_OK && c == 7 && row_set(rows, count) == 0x7);
    CHECK(dlx_solver_force_rows(s, NULL, 0) == DLX_OK);

    /* A node limit of 1 stops it; it resumes to the same best. */
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 1) == DLX_OK);
    int stops = 0;
    dlx_status st;
    while ((st = dlx_solver_next(s, &rows, &count)) != DLX_DONE)
        stops += st == DLX_STOPPED;
    CHECK(stops >= 1);
    CHECK(dlx_solver_best(s, 0, &rows, &count, &c) == DLX_OK && c == 5);
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 0) == DLX_OK);

    /* Greatest cost and fewest rows. */
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MAX_COST, 1) == DLX_OK);
    run_out(s);
    CHECK(dlx_solver_best(s, 0, &rows, &count, &c) == DLX_OK && c == 8 && sum_cost(rows, count) == 8);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1) == DLX_OK);
    run_out(s);
    CHECK(dlx_solver_best(s, 0, &rows, &count, &c) == DLX_OK && c == 1 && row_set(rows, count) == 0x20);

    /* Back to every solution. */
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_ALL, 0) == DLX_OK);
    CHECK(run_out(s) == 4 && dlx_solver_best_count(s) == 0);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

static void test_objective_errors(void)
{
    dlx_matrix *m = small_matrix();
    dlx_solver *s = NULL;
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    CHECK(dlx_solver_set_objective(NULL, DLX_OBJECTIVE_MIN_COST, 1) == DLX_ERR_NULL);
    CHECK(dlx_solver_set_objective(s, 4, 1) == DLX_ERR_UNKNOWN_VALUE);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 0) == DLX_ERR_INVALID_ARGUMENT);
    int64_t c;
    CHECK(dlx_solver_cost(NULL, &c) == DLX_ERR_NULL);
    CHECK(dlx_solver_cost(s, NULL) == DLX_ERR_NULL);
    CHECK(dlx_solver_best_count(NULL) == 0);
    dlx_solver_free(s);

    /* Costs too large to add up exactly: the solver keeps enumerating. */
    CHECK(dlx_matrix_set_row_cost(m, 5, INT64_MIN) == DLX_OK);
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 1) == DLX_ERR_COST_RANGE);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MAX_COST, 1) == DLX_ERR_COST_RANGE);
    CHECK(run_out(s) == 4 && dlx_solver_best_count(s) == 0);
    /* Fewest rows ignores the costs. */
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1) == DLX_OK);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

static void test_solve_best(void)
{
    dlx_matrix *m = small_matrix();
    size_t rows[3], count = 99;
    int64_t c = 0;
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_MIN_COST, rows, 3, &count, &c) == DLX_SOLUTION && c == 5 &&
          row_set(rows, count) == 0xC);
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_MAX_COST, rows, 3, &count, &c) == DLX_SOLUTION && c == 8);
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_FEWEST_ROWS, rows, 3, &count, NULL) == DLX_SOLUTION && count == 1);
    count = 99;
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_MIN_COST, rows, 1, &count, &c) == DLX_ERR_BUFFER_TOO_SMALL && count == 99);
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_ALL, rows, 3, &count, &c) == DLX_ERR_UNKNOWN_VALUE);
    CHECK(dlx_solve_best(m, 9, rows, 3, &count, &c) == DLX_ERR_UNKNOWN_VALUE);
    CHECK(dlx_solve_best(NULL, DLX_OBJECTIVE_MIN_COST, rows, 3, &count, &c) == DLX_ERR_NULL);
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_MIN_COST, NULL, 3, &count, &c) == DLX_ERR_NULL);
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_MIN_COST, rows, 3, NULL, &c) == DLX_ERR_NULL);
    dlx_matrix_free(m);

    /* No solution: DLX_DONE, nothing written. */
    m = new_matrix(2);
    size_t col0 = 0;
    add_row(m, &col0, 1);
    count = 99;
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_FEWEST_ROWS, rows, 3, &count, &c) == DLX_DONE && count == 99);
    dlx_matrix_free(m);

    /* Costs from Knuth's text format ('|n' in an option, as in DLX5). */
    static const char text[] = "A B C\nA |4\nB |1\nC |2\nA B |3\nB C |4\nA B C |8\n";
    CHECK(dlx_matrix_parse(text, strlen(text), &m, NULL) == DLX_OK);
    CHECK(dlx_solve_best(m, DLX_OBJECTIVE_MIN_COST, rows, 3, &count, &c) == DLX_SOLUTION && c == 5);
    dlx_matrix_free(m);
}

/* What a batch with an objective reported, item by item. */
struct best_seen {
    size_t reported, stop_after;
    dlx_status status[8];
    int64_t cost[8];
    unsigned set[8];
    size_t first[8];
};

static int see_best(void *user, size_t index, dlx_status status, int64_t cost, const size_t *rows, size_t count)
{
    struct best_seen *b = user;
    if (index != b->reported || index >= 8)
        b->reported = 99; /* out of order: every check below fails */
    else {
        b->status[index] = status;
        b->cost[index] = cost;
        b->set[index] = row_set(rows, count);
        b->first[index] = count ? rows[0] : 99;
        b->reported++;
    }
    return b->reported == b->stop_after;
}

/* Each item's least cost, worked out from the four covers listed at the
 * top: nothing forced 5 ({r2,r3}); r0 forced 7 ({r0,r1,r2}); r3 excluded 7;
 * r5 forced 8; r1 and r4 forced clash on column 1; row 9 is out of range;
 * r4 forced with r0 excluded leaves no cover. */
static void test_batch_best(void)
{
    dlx_matrix *m = small_matrix();
    dlx_solver *s = NULL;
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    static const size_t r0 = 0, r3 = 3, r5 = 5, r1r4[2] = {1, 4}, r9 = 9, r4 = 4;
    const dlx_batch_item items[7] = {
        {NULL, 0, NULL, 0}, {&r0, 1, NULL, 0}, {NULL, 0, &r3, 1}, {&r5, 1, NULL, 0},
        {r1r4, 2, NULL, 0}, {&r9, 1, NULL, 0}, {&r4, 1, &r0, 1},
    };
    struct best_seen b = {0};
    CHECK(dlx_solver_solve_batch_best(s, items, 7, see_best, &b) == DLX_ERR_UNSUPPORTED && b.reported == 0);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 1) == DLX_OK);
    for (size_t threads = 1; threads <= 2; threads++) {
        CHECK(dlx_solver_set_threads(s, threads) == DLX_OK);
        memset(&b, 0, sizeof b);
        b.stop_after = 99;
        CHECK(dlx_solver_solve_batch_best(s, items, 7, see_best, &b) == DLX_OK && b.reported == 7);
        CHECK(b.status[0] == DLX_SOLUTION && b.cost[0] == 5 && b.set[0] == 0xC);
        CHECK(b.status[1] == DLX_SOLUTION && b.cost[1] == 7 && b.set[1] == 0x7 && b.first[1] == 0);
        CHECK(b.status[2] == DLX_SOLUTION && b.cost[2] == 7 && b.set[2] == 0x7);
        CHECK(b.status[3] == DLX_SOLUTION && b.cost[3] == 8 && b.set[3] == 0x20);
        CHECK(b.status[4] == DLX_ERR_CONFLICT && b.status[5] == DLX_ERR_ROW_RANGE);
        CHECK(b.status[6] == DLX_DONE && b.cost[6] == 0 && b.set[6] == 0 && b.first[6] == 99);
        /* A stop after the second result: no later one is reported. */
        memset(&b, 0, sizeof b);
        b.stop_after = 2;
        CHECK(dlx_solver_solve_batch_best(s, items, 7, see_best, &b) == DLX_STOPPED && b.reported == 2);
    }
    /* The plain batch refuses an objective (its callback has no cost). */
    CHECK(dlx_solver_solve_batch(s, items, 7, 1, ignore_batch_result, NULL) == DLX_ERR_UNSUPPORTED);
    CHECK(dlx_solver_solve_batch_best(NULL, items, 7, see_best, &b) == DLX_ERR_NULL);
    CHECK(dlx_solver_solve_batch_best(s, items, 7, NULL, &b) == DLX_ERR_NULL);
    CHECK(dlx_solver_solve_batch_best(s, NULL, 7, see_best, &b) == DLX_ERR_NULL);
    /* The solver's own search is untouched: its best is still the least. */
    CHECK(run_out(s) >= 1 && dlx_solver_best_count(s) == 1);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* dlx_solver_best_bound: never past the optimum before the search, the
 * optimum once it is complete. Catches a bound above the least cost (a
 * wrong Lagrangian sum or rounding), a MaxCost bound not turned back into
 * the caller's sign, and a missing status without an objective. */
static void test_best_bound(void)
{
    dlx_matrix *m = small_matrix();
    dlx_solver *s = NULL;
    int64_t b = -1;
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    CHECK(dlx_solver_best_bound(s, &b) == DLX_ERR_UNSUPPORTED && b == -1);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 1) == DLX_OK);
    CHECK(dlx_solver_best_bound(s, &b) == DLX_OK && b <= 5);
    run_out(s);
    CHECK(dlx_solver_best_bound(s, &b) == DLX_OK && b == 5);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MAX_COST, 1) == DLX_OK);
    CHECK(dlx_solver_best_bound(s, &b) == DLX_OK && b >= 8);
    run_out(s);
    CHECK(dlx_solver_best_bound(s, &b) == DLX_OK && b == 8);
    CHECK(dlx_solver_best_bound(s, NULL) == DLX_ERR_NULL);
    CHECK(dlx_solver_best_bound(NULL, &b) == DLX_ERR_NULL);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* The interval matrix of test_progress_bound: columns 0..N-1 in a line,
 * a row for every interval [a, a+len) with len <= MAX_LEN, costing
 * interval_cost(a, len). Its exact covers are the ways to cut the line
 * into such intervals, so the least cost is a shortest path, worked out
 * below by dynamic programming (not by the library). */
enum { LINE = 90, MAX_LEN = 6 };

static int64_t interval_cost(size_t a, size_t len)
{
    return (int64_t)((a * 7 + len * 13) % 11 + 3 * len);
}

static int64_t line_optimum(void)
{
    int64_t best[LINE + 1];
    best[0] = 0;
    for (size_t b = 1; b <= LINE; b++) {
        best[b] = INT64_MAX;
        for (size_t len = 1; len <= MAX_LEN && len <= b; len++) {
            int64_t c = best[b - len] + interval_cost(b - len, len);
            if (c < best[b])
                best[b] = c;
        }
    }
    return best[LINE];
}

/* What the progress callback saw: reports, and any that broke a rule. */
struct seen {
    int64_t optimum;
    int reports, with_best, wrong;
    const dlx_progress *last;
};

static int on_progress(void *user, const dlx_progress *p)
{
    struct seen *seen = user;
    seen->reports++;
    seen->last = p;
    int64_t best = -1, bound = -1;
    dlx_status sb = dlx_progress_best(p, &best), sd = dlx_progress_bound(p, &bound);
    /* The bound is known from the first report; a best, once found, is
     * a cover's cost: never below the optimum, and never below the bound. */
    if (sd != DLX_OK || bound > seen->optimum)
        seen->wrong++;
    if (sb == DLX_OK) {
        seen->with_best++;
        if (best < seen->optimum || best < bound)
            seen->wrong++;
    } else if (sb != DLX_ERR_NO_SOLUTION) {
        seen->wrong++;
    }
    /* Only the pointer given is a report: a copy of it is not. */
    dlx_progress copy = *p;
    if (dlx_progress_best(&copy, &best) != DLX_ERR_INVALID_ARGUMENT || dlx_progress_bound(p, NULL) != DLX_ERR_NULL)
        seen->wrong++;
    return 0;
}

/* dlx_progress_best and dlx_progress_bound inside a progress callback,
 * against the optimum by dynamic programming. Catches a bound or best
 * read from the wrong report (or not passed through), and a library that
 * reads any pointer as a report. */
static void test_progress_bound(void)
{
    dlx_matrix *m = new_matrix(LINE);
    size_t cols[MAX_LEN], r = 0;
    for (size_t a = 0; a < LINE; a++) {
        for (size_t len = 1; len <= MAX_LEN && a + len <= LINE; len++, r++) {
            for (size_t k = 0; k < len; k++)
                cols[k] = a + k;
            add_row(m, cols, len);
            check(dlx_matrix_set_row_cost(m, r, interval_cost(a, len)), "dlx_matrix_set_row_cost");
        }
    }
    dlx_solver *s = NULL;
    struct seen seen = {line_optimum(), 0, 0, 0, NULL};
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 1) == DLX_OK);
    CHECK(dlx_solver_set_progress(s, on_progress, &seen, 0) == DLX_OK);
    int64_t c = -1;
    /* The search returns better covers until the best; the last is it. */
    const size_t *rows;
    size_t count;
    while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION)
        CHECK(dlx_solver_cost(s, &c) == DLX_OK);
    CHECK(c == seen.optimum);
    CHECK(seen.reports > 0 && seen.with_best > 0 && seen.wrong == 0);
    printf("  (%d progress reports, %d with a best)\n", seen.reports, seen.with_best);
    /* Outside its callback a report is gone. */
    int64_t v = -1;
    CHECK(seen.last == NULL || dlx_progress_best(seen.last, &v) == DLX_ERR_INVALID_ARGUMENT);
    CHECK(dlx_progress_bound(NULL, &v) == DLX_ERR_NULL && v == -1);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

int main(void)
{
    test_costs_on_the_matrix();
    test_least_cost_and_k_best();
    test_objective_errors();
    test_solve_best();
    test_batch_best();
    test_best_bound();
    test_progress_bound();
    printf("%s: %d failure(s)\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
