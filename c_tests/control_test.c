/* control_test: search control through the C API.
 *
 * Limits and every dlx_outcome, resuming to the same total, cancelling a
 * count of 16-queens on 1 and on 2 threads from a second thread (on one,
 * within DLX_POLL_NODES nodes of the cancel),
 * progress reports, seeds (same seed, same order; other seeds, other
 * orders), forced rows and their errors, and subproblems whose counts add
 * up to the whole; calls made from inside a solver's own callbacks are
 * refused with DLX_ERR_BUSY, and dlx_solver_cancel works from a signal
 * handler. Expected values are facts: 92 solutions of 8-queens,
 * 724 of 10-queens, 14,200 of 12-queens; solutions are checked by
 * queens_valid (common.h), not by the library.
 *
 * No input; prints one line per check and exits non-zero when any fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "checks.h"

static uint32_t outcome_of(const dlx_solver *s)
{
    uint32_t o = 999;
    check(dlx_solver_outcome(s, &o), "dlx_solver_outcome");
    return o;
}

static uint64_t counter(const dlx_solver *s, uint32_t which)
{
    uint64_t v = 0;
    check(dlx_solver_counter(s, which, &v), "dlx_solver_counter");
    return v;
}

static dlx_solver *new_solver(const dlx_matrix *m)
{
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    return s;
}

/* A solution callback that counts valid queens solutions of size n. */
struct tally {
    size_t n;
    uint64_t seen, valid;
    int stop; /* returned to the search */
};

static int tally_fn(void *user, const size_t *rows, size_t count)
{
    struct tally *t = user;
    t->seen++;
    t->valid += (uint64_t)queens_valid(rows, count, t->n);
    return t->stop;
}

static int stop_progress(void *user, const dlx_progress *p)
{
    (void)p;
    ++*(int *)user;
    return 1;
}

static void test_outcomes(void)
{
    dlx_matrix *m8 = queens_matrix(8), *m16 = queens_matrix(16);
    dlx_solver *s = new_solver(m8);
    struct tally t = {8, 0, 0, 0};
    int result = 0;
    CHECK(outcome_of(s) == DLX_OUTCOME_NONE);
    /* Solution limit, then the rest. */
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_SOLUTIONS, 10) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_STOPPED && t.seen == 10);
    CHECK(outcome_of(s) == DLX_OUTCOME_SOLUTION_LIMIT);
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_SOLUTIONS, 0) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_DONE && t.seen == 92 && t.valid == 92);
    CHECK(outcome_of(s) == DLX_OUTCOME_EXHAUSTED);
    /* Node limit on next: stops before a solution, then resumes. */
    CHECK(dlx_solver_restart(s) == DLX_OK);
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 3) == DLX_OK);
    const size_t *rows = NULL;
    size_t count = 0;
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_STOPPED && rows == NULL);
    CHECK(outcome_of(s) == DLX_OUTCOME_NODE_LIMIT && counter(s, DLX_COUNTER_NODES) == 3);
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 0) == DLX_OK);
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_SOLUTION && queens_valid(rows, count, 8));
    CHECK(outcome_of(s) == DLX_OUTCOME_SOLUTION);
    /* Update limit. */
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_UPDATES, 2000) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_STOPPED);
    CHECK(outcome_of(s) == DLX_OUTCOME_UPDATE_LIMIT);
    /* Unknown limit, NULLs. */
    CHECK(dlx_solver_set_limit(s, 4, 1) == DLX_ERR_UNKNOWN_VALUE);
    CHECK(dlx_solver_set_limit(NULL, DLX_LIMIT_NODES, 1) == DLX_ERR_NULL);
    CHECK(dlx_solver_outcome(s, NULL) == DLX_ERR_NULL);
    { uint32_t o; CHECK(dlx_solver_outcome(NULL, &o) == DLX_ERR_NULL); }
    /* Callback stop. */
    dlx_solver_free(s);
    s = new_solver(m8);
    t = (struct tally){8, 0, 0, 7};
    CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_STOPPED && result == 7 && t.seen == 1);
    CHECK(outcome_of(s) == DLX_OUTCOME_CALLBACK);
    dlx_solver_free(s);
    /* Time limit and a progress callback that stops, on 16-queens. */
    s = new_solver(m16);
    t = (struct tally){16, 0, 0, 0};
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_MILLISECONDS, 20) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_STOPPED);
    CHECK(outcome_of(s) == DLX_OUTCOME_TIME_LIMIT && t.valid == t.seen);
    CHECK(dlx_solver_set_limit(s, DLX_LIMIT_MILLISECONDS, 0) == DLX_OK);
    int calls = 0;
    CHECK(dlx_solver_set_progress(s, stop_progress, &calls, 5) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_STOPPED && calls == 1);
    CHECK(outcome_of(s) == DLX_OUTCOME_CALLBACK);
    CHECK(dlx_solver_set_progress(s, NULL, NULL, 0) == DLX_OK);
    CHECK(dlx_solver_set_progress(NULL, stop_progress, &calls, 5) == DLX_ERR_NULL);
    /* Cancelled before the call: it stops at once; the next resumes. */
    CHECK(dlx_solver_cancel(s) == DLX_OK);
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_STOPPED && outcome_of(s) == DLX_OUTCOME_CANCELLED);
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_SOLUTION && queens_valid(rows, count, 16));
    CHECK(dlx_solver_cancel(NULL) == DLX_ERR_NULL);
    dlx_solver_free(s);
    dlx_matrix_free(m8);
    dlx_matrix_free(m16);
}

static void test_resume(void)
{
    dlx_matrix *m = queens_matrix(10);
    dlx_solver *whole = new_solver(m), *parts = new_solver(m);
    struct tally a = {10, 0, 0, 0}, b = {10, 0, 0, 0};
    CHECK(dlx_solver_run(whole, tally_fn, &a, NULL) == DLX_DONE && a.valid == 724);
    CHECK(dlx_solver_set_limit(parts, DLX_LIMIT_NODES, 500) == DLX_OK);
    int stops = 0;
    dlx_status st;
    while ((st = dlx_solver_run(parts, tally_fn, &b, NULL)) == DLX_STOPPED) {
        stops++;
    }
    CHECK(st == DLX_DONE && stops > 10 && b.valid == 724);
    CHECK(counter(parts, DLX_COUNTER_NODES) == counter(whole, DLX_COUNTER_NODES));
    CHECK(counter(parts, DLX_COUNTER_UPDATES) == counter(whole, DLX_COUNTER_UPDATES));
    dlx_solver_free(whole);
    dlx_solver_free(parts);
    dlx_matrix_free(m);
}

/* The cancel from another thread: the third progress report (one at every
 * poll point) hands its node count to a thread that cancels, and waits
 * until it has; the cancel then comes at a known node count, so how soon
 * the search stops is counted in nodes, not timed. */
struct canceller {
    dlx_solver *s;
    int reports;
    uint64_t nodes;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int asked, done;
};

static void *cancel_thread(void *p)
{
    struct canceller *c = p;
    pthread_mutex_lock(&c->lock);
    while (!c->asked) {
        pthread_cond_wait(&c->changed, &c->lock);
    }
    pthread_mutex_unlock(&c->lock);
    CHECK(dlx_solver_cancel(c->s) == DLX_OK);
    pthread_mutex_lock(&c->lock);
    c->done = 1;
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static int cancel_at_third_report(void *user, const dlx_progress *p)
{
    struct canceller *c = user;
    if (++c->reports == 3) {
        pthread_mutex_lock(&c->lock);
        c->nodes = p->nodes;
        c->asked = 1;
        pthread_cond_broadcast(&c->changed);
        while (!c->done) {
            pthread_cond_wait(&c->changed, &c->lock);
        }
        pthread_mutex_unlock(&c->lock);
    }
    return 0;
}

/* Wrong code caught: a cancel from another thread not seen at the next poll
 * point (one thread: within DLX_POLL_NODES nodes of the report that asked
 * for it, a solution at a slice's end one node past), a cancel asked for
 * before a call that its threads walk past, a cancelled search that cannot
 * go on. */
static void test_cancel_from_another_thread(size_t threads)
{
    printf("     on %zu thread(s)\n", threads);
    dlx_matrix *m = queens_matrix(16);
    dlx_solver *s = new_solver(m);
    check(dlx_solver_set_threads(s, threads), "dlx_solver_set_threads");
    struct canceller c = {s, 0, 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
    CHECK(dlx_solver_set_progress(s, cancel_at_third_report, &c, 0) == DLX_OK);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, cancel_thread, &c) == 0);
    struct tally t = {16, 0, 0, 0};
    dlx_status st = dlx_solver_run(s, tally_fn, &t, NULL);
    pthread_join(th, NULL);
    uint64_t after = counter(s, DLX_COUNTER_NODES) - c.nodes;
    printf("     cancelled %llu nodes after the report, %llu solutions so far\n", (unsigned long long)after,
           (unsigned long long)t.seen);
    CHECK(st == DLX_STOPPED && outcome_of(s) == DLX_OUTCOME_CANCELLED);
    /* On threads the others walk on while the canceller is scheduled. */
    CHECK(threads > 1 || after <= DLX_POLL_NODES + 1);
    /* 16-queens has 14,772,512 solutions: the count was cut short. */
    CHECK(t.seen > 0 && t.seen < 14772512 && t.valid == t.seen);
    /* Asked for before a call: every thread looks before its first slice. */
    CHECK(dlx_solver_set_progress(s, NULL, NULL, 0) == DLX_OK);
    uint64_t before = counter(s, DLX_COUNTER_NODES);
    CHECK(dlx_solver_cancel(s) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_STOPPED && outcome_of(s) == DLX_OUTCOME_CANCELLED);
    CHECK(counter(s, DLX_COUNTER_NODES) - before <= threads * DLX_POLL_NODES);
    /* And the search goes on. */
    const size_t *rows = NULL;
    size_t count = 0;
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_SOLUTION && count == 16);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

struct trace {
    int calls;
    int bad;
    double last;
    double seconds;
};

static int trace_progress(void *user, const dlx_progress *p)
{
    struct trace *t = user;
    t->calls++;
    if (p->size < sizeof(dlx_progress) || p->estimate < t->last || p->estimate > 1.0 || p->seconds < t->seconds) {
        t->bad++;
    }
    t->last = p->estimate;
    t->seconds = p->seconds;
    return 0;
}

static void test_progress(void)
{
    dlx_matrix *m = queens_matrix(12);
    dlx_solver *s = new_solver(m);
    struct trace tr = {0, 0, 0.0, 0.0};
    struct tally t = {12, 0, 0, 0};
    double e = -1;
    CHECK(dlx_solver_estimate(s, &e) == DLX_OK && e == 0.0);
    CHECK(dlx_solver_set_progress(s, trace_progress, &tr, 0) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_DONE && t.valid == 14200);
    /* The seconds since the call began grow, and time passes. */
    CHECK(tr.calls > 100 && tr.bad == 0 && tr.last > 0.5 && tr.seconds > 0.0);
    CHECK(dlx_solver_estimate(s, &e) == DLX_OK && e == 1.0);
    CHECK(dlx_solver_estimate(s, NULL) == DLX_ERR_NULL);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* The first `k` solutions of a seeded search, as row ids in order. */
static void seeded(const dlx_matrix *m, uint64_t seed, size_t out[20][8])
{
    dlx_solver *s = new_solver(m);
    check(dlx_solver_set_seed(s, seed), "dlx_solver_set_seed");
    for (int k = 0; k < 20; k++) {
        const size_t *rows;
        size_t count;
        check(dlx_solver_next(s, &rows, &count), "dlx_solver_next");
        memcpy(out[k], rows, sizeof out[k]);
    }
    dlx_solver_free(s);
}

static void test_seeds(void)
{
    dlx_matrix *m = queens_matrix(8);
    static size_t a[20][8], b[20][8], c[20][8];
    seeded(m, 12345, a);
    seeded(m, 12345, b);
    seeded(m, 999, c);
    CHECK(memcmp(a, b, sizeof a) == 0);
    CHECK(memcmp(a, c, sizeof a) != 0);
    /* All 92 are still found, each once, under any seed. */
    dlx_solver *s = new_solver(m);
    struct tally t = {8, 0, 0, 0};
    CHECK(dlx_solver_set_seed(s, 7) == DLX_OK);
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_DONE && t.valid == 92);
    CHECK(dlx_solver_clear_seed(s) == DLX_OK);
    t = (struct tally){8, 0, 0, 0};
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_DONE && t.valid == 92);
    CHECK(dlx_solver_set_seed(NULL, 1) == DLX_ERR_NULL && dlx_solver_clear_seed(NULL) == DLX_ERR_NULL);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

static void test_forced_rows(void)
{
    dlx_matrix *m = queens_matrix(8);
    dlx_solver *s = new_solver(m);
    /* A queen on (0, 0): 4 of the 92 solutions. */
    size_t corner[1] = {0};
    CHECK(dlx_solver_force_rows(s, corner, 1) == DLX_OK);
    const size_t *rows;
    size_t count;
    int n = 0, ok = 1;
    while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION) {
        n++;
        ok &= queens_valid(rows, count, 8) && rows[0] == 0;
    }
    CHECK(n == 4 && ok);
    size_t same_row[2] = {0, 1}, diagonal[2] = {0, 9}, twice[2] = {5, 5}, range[1] = {64};
    CHECK(dlx_solver_force_rows(s, same_row, 2) == DLX_ERR_CONFLICT);
    CHECK(dlx_solver_force_rows(s, diagonal, 2) == DLX_ERR_CONFLICT);
    CHECK(dlx_solver_force_rows(s, twice, 2) == DLX_ERR_CONFLICT);
    CHECK(dlx_solver_force_rows(s, range, 1) == DLX_ERR_ROW_RANGE);
    CHECK(dlx_solver_force_rows(s, NULL, 1) == DLX_ERR_NULL);
    CHECK(dlx_solver_force_rows(NULL, corner, 1) == DLX_ERR_NULL);
    /* The failed calls changed nothing: the search is still exhausted. */
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_DONE);
    /* A whole solution forced: one solution, itself. */
    size_t full[8] = {0, 12, 23, 29, 34, 46, 49, 59};
    CHECK(dlx_solver_force_rows(s, full, 8) == DLX_OK);
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_SOLUTION && count == 8 && memcmp(rows, full, sizeof full) == 0);
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_DONE);
    CHECK(dlx_solver_force_rows(s, NULL, 0) == DLX_OK);
    struct tally t = {8, 0, 0, 0};
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_DONE && t.valid == 92);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* Each subproblem is solved on a second solver with its rows forced. */
struct parts {
    dlx_solver *worker;
    size_t n;
    uint64_t parts, solutions;
};

static int solve_part(void *user, const size_t *rows, size_t count)
{
    struct parts *p = user;
    struct tally t = {p->n, 0, 0, 0};
    p->parts++;
    check(dlx_solver_force_rows(p->worker, rows, count), "dlx_solver_force_rows");
    check(dlx_solver_run(p->worker, tally_fn, &t, NULL), "dlx_solver_run");
    p->solutions += t.valid;
    return 0;
}

static void test_subproblems(void)
{
    dlx_matrix *m = queens_matrix(12);
    dlx_solver *s = new_solver(m);
    size_t depth = 0;
    CHECK(dlx_solver_split_depth(s, 100, &depth) == DLX_OK && depth >= 1);
    for (size_t d = 0; d <= depth; d++) {
        struct parts p = {new_solver(m), 12, 0, 0};
        uint64_t n = 0;
        CHECK(dlx_solver_subproblems(s, d, solve_part, &p, &n, NULL) == DLX_DONE);
        printf("     depth %zu: %llu subproblems, %llu solutions\n", d, (unsigned long long)n,
               (unsigned long long)p.solutions);
        CHECK(n == p.parts && p.solutions == 14200);
        CHECK(d != depth || n >= 100);
        dlx_solver_free(p.worker);
    }
    int result = 0;
    struct tally t = {12, 0, 0, 3};
    CHECK(dlx_solver_subproblems(s, 2, tally_fn, &t, NULL, &result) == DLX_STOPPED && result == 3);
    CHECK(dlx_solver_subproblems(s, 2, NULL, NULL, NULL, NULL) == DLX_ERR_NULL);
    CHECK(dlx_solver_split_depth(s, 10, NULL) == DLX_ERR_NULL);
    /* The solver searches from the start afterwards. */
    t = (struct tally){12, 0, 0, 0};
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_DONE && t.valid == 14200);
    dlx_solver_free(s);
    /* Every engine that takes a plain matrix cuts it (the generalised one
     * once refused with DLX_ERR_UNSUPPORTED): 12 first rows at depth 1
     * (the 12 squares of the first row), 14,200 solutions below them. */
    const uint32_t engines[] = {DLX_ENGINE_AUTO, DLX_ENGINE_EXACT, DLX_ENGINE_GENERAL, DLX_ENGINE_SMALL, DLX_ENGINE_CELLS};
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        s = NULL;
        CHECK(dlx_solver_new_with_engine(m, engines[e], &s) == DLX_OK);
        struct parts p = {new_solver(m), 12, 0, 0};
        uint64_t n = 0;
        CHECK(dlx_solver_subproblems(s, 1, solve_part, &p, &n, NULL) == DLX_DONE);
        CHECK(n == 12 && p.parts == 12 && p.solutions == 14200);
        dlx_solver_free(p.worker);
        dlx_solver_free(s);
    }
    dlx_matrix_free(m);
}

/* Subproblems of a search with bounds: Square Destroyer on a 2 x 2 grid
 * of matches (a column per square, hit 1 to 4k times; a row per match).
 * Each part of dlx_solver_split is solved on a worker with its rows forced
 * and its excluded rows excluded (dlx_solver_set_subproblem, which replaces
 * the last part's rows); every solution must hit every square,
 * and the parts' counts must add up to the number of sets of matches that
 * hit every square, counted here over all 2^12 sets. */
#define GRID 2
#define MATCHES (2 * GRID * (GRID + 1))

static size_t square_count;
static uint32_t squares[14];

static void make_squares(void)
{
    square_count = 0;
    for (int size = 1; size <= GRID; size++)
        for (int r = 0; r + size <= GRID; r++)
            for (int c = 0; c + size <= GRID; c++) {
                uint32_t sq = 0;
                for (int i = 0; i < size; i++) {
                    sq |= 1u << (r * GRID + c + i);                   /* top */
                    sq |= 1u << ((r + size) * GRID + c + i);          /* bottom */
                    sq |= 1u << (GRID * (GRID + 1) + (r + i) * (GRID + 1) + c);        /* left */
                    sq |= 1u << (GRID * (GRID + 1) + (r + i) * (GRID + 1) + c + size); /* right */
                }
                squares[square_count++] = sq;
            }
}

struct hits {
    uint64_t seen, valid;
};

static int hits_fn(void *user, const size_t *rows, size_t count)
{
    struct hits *h = user;
    uint32_t set = 0;
    for (size_t i = 0; i < count; i++)
        set |= 1u << rows[i];
    int all = 1;
    for (size_t q = 0; q < square_count; q++)
        all &= (squares[q] & set) != 0;
    h->seen++;
    h->valid += (uint64_t)all;
    return 0;
}

struct split_parts {
    dlx_solver *worker;
    uint64_t parts, excluding, solutions, bad;
};

static int solve_split_part(void *user, const size_t *rows, size_t count, const size_t *excluded,
                            size_t excluded_count)
{
    struct split_parts *p = user;
    struct hits h = {0, 0};
    p->parts++;
    p->excluding += excluded_count > 0;
    check(dlx_solver_set_subproblem(p->worker, rows, count, excluded, excluded_count), "dlx_solver_set_subproblem");
    check(dlx_solver_run(p->worker, hits_fn, &h, NULL), "dlx_solver_run");
    p->solutions += h.valid;
    p->bad += h.seen - h.valid;
    return 0;
}

static int count_split_part(void *user, const size_t *rows, size_t count, const size_t *excluded,
                            size_t excluded_count)
{
    (void)rows, (void)count, (void)excluded;
    uint64_t *n = user;
    *n += 1 + (excluded_count > 0 ? 1000000 : 0);
    return 0;
}

static void test_split_with_bounds(void)
{
    make_squares();
    uint64_t expect = 0;
    for (uint32_t set = 0; set < (1u << MATCHES); set++) {
        int all = 1;
        for (size_t q = 0; q < square_count && all; q++)
            all = (squares[q] & set) != 0;
        expect += (uint64_t)all;
    }
    dlx_matrix *m = NULL;
    check(dlx_matrix_new(square_count, &m), "dlx_matrix_new");
    for (size_t q = 0; q < square_count; q++)
        check(dlx_matrix_set_bounds(m, q, 1, (uint32_t)__builtin_popcount(squares[q])), "dlx_matrix_set_bounds");
    for (size_t match = 0; match < MATCHES; match++) {
        size_t cols[14], n = 0;
        for (size_t q = 0; q < square_count; q++)
            if (squares[q] >> match & 1)
                cols[n++] = q;
        check(dlx_matrix_add_row(m, cols, n, NULL), "dlx_matrix_add_row");
    }
    dlx_solver *s = new_solver(m);
    struct hits whole = {0, 0};
    CHECK(dlx_solver_run(s, hits_fn, &whole, NULL) == DLX_DONE && whole.valid == expect && whole.seen == expect);
    for (size_t d = 1; d <= 4; d++) {
        struct split_parts p = {new_solver(m), 0, 0, 0, 0};
        uint64_t n = 0;
        CHECK(dlx_solver_split(s, d, solve_split_part, &p, &n, NULL) == DLX_DONE);
        printf("     depth %zu: %llu subproblems (%llu excluding rows), %llu solutions of %llu\n", d,
               (unsigned long long)n, (unsigned long long)p.excluding, (unsigned long long)p.solutions,
               (unsigned long long)expect);
        CHECK(n == p.parts && p.excluding > 0 && p.solutions == expect && p.bad == 0);
        dlx_solver_free(p.worker);
    }
    /* The old call cannot hand excluded rows over: refused. */
    struct tally t = {GRID, 0, 0, 0};
    CHECK(dlx_solver_subproblems(s, 1, tally_fn, &t, NULL, NULL) == DLX_ERR_UNSUPPORTED && t.seen == 0);
    CHECK(dlx_solver_split(s, 1, NULL, NULL, NULL, NULL) == DLX_ERR_NULL);
    /* Excluded rows: checked, and a refusal changes nothing. */
    size_t bad = MATCHES, one = 0, two[2] = {1, 1};
    CHECK(dlx_solver_exclude_rows(s, NULL, 1) == DLX_ERR_NULL);
    CHECK(dlx_solver_exclude_rows(s, &bad, 1) == DLX_ERR_ROW_RANGE);
    CHECK(dlx_solver_force_rows(s, &one, 1) == DLX_OK);
    CHECK(dlx_solver_exclude_rows(s, &one, 1) == DLX_ERR_CONFLICT);
    CHECK(dlx_solver_exclude_rows(s, two, 2) == DLX_OK);
    CHECK(dlx_solver_force_rows(s, two, 1) == DLX_ERR_CONFLICT);
    CHECK(dlx_solver_set_subproblem(s, two, 1, two, 1) == DLX_ERR_CONFLICT);
    CHECK(dlx_solver_set_subproblem(s, NULL, 1, NULL, 0) == DLX_ERR_NULL);
    CHECK(dlx_solver_set_subproblem(s, NULL, 0, &bad, 1) == DLX_ERR_ROW_RANGE);
    /* With match 0 in and match 1 out: the sets with 0 and without 1. */
    uint64_t expect_01 = 0;
    for (uint32_t set = 0; set < (1u << MATCHES); set++) {
        int all = (set & 1u) && !(set & 2u);
        for (size_t q = 0; q < square_count && all; q++)
            all = (squares[q] & set) != 0;
        expect_01 += (uint64_t)all;
    }
    whole = (struct hits){0, 0};
    CHECK(dlx_solver_run(s, hits_fn, &whole, NULL) == DLX_DONE && whole.valid == expect_01 && whole.seen == expect_01);
    CHECK(dlx_solver_exclude_rows(s, NULL, 0) == DLX_OK && dlx_solver_force_rows(s, NULL, 0) == DLX_OK);
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* Exact cover: dlx_solver_split gives dlx_solver_subproblems' parts,
     * none excluding rows; with an excluded row the old call refuses. */
    m = queens_matrix(8);
    s = new_solver(m);
    uint64_t parts = 0, old_parts = 0;
    CHECK(dlx_solver_split(s, 2, count_split_part, &parts, NULL, NULL) == DLX_DONE);
    CHECK(dlx_solver_subproblems(s, 2, tally_fn, &t, &old_parts, NULL) == DLX_DONE && parts == old_parts);
    CHECK(dlx_solver_exclude_rows(s, &one, 1) == DLX_OK);
    CHECK(dlx_solver_subproblems(s, 2, tally_fn, &t, NULL, NULL) == DLX_ERR_UNSUPPORTED);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* The callback contract: every call on a solver from inside its own
 * callback is refused with DLX_ERR_BUSY and changes nothing, so the running
 * search still delivers all 92 solutions of 8-queens. */
struct nested {
    dlx_solver *s;
    struct tally t;
    int refused, accepted;
};

static void try_calls(struct nested *n)
{
    const size_t *rows = NULL;
    size_t count = 0;
    uint64_t v = 0;
    uint32_t o = 0;
    double e = 0;
    size_t forced[1] = {0};
    dlx_status got[] = {
        dlx_solver_next(n->s, &rows, &count),
        dlx_solver_run(n->s, tally_fn, &n->t, NULL),
        dlx_solver_restart(n->s),
        dlx_solver_set_limit(n->s, DLX_LIMIT_SOLUTIONS, 1),
        dlx_solver_set_seed(n->s, 7),
        dlx_solver_force_rows(n->s, forced, 1),
        dlx_solver_counter(n->s, DLX_COUNTER_NODES, &v),
        dlx_solver_outcome(n->s, &o),
        dlx_solver_estimate(n->s, &e),
        dlx_solver_set_progress(n->s, NULL, NULL, 0),
    };
    for (size_t i = 0; i < sizeof got / sizeof got[0]; i++) {
        if (got[i] == DLX_ERR_BUSY) {
            n->refused++;
        } else {
            printf("     call %zu from a callback gave %d\n", i, (int)got[i]);
            n->accepted++;
        }
    }
    /* Freeing from inside does nothing; the search goes on. */
    dlx_solver_free(n->s);
    if (rows != NULL || count != 0 || v != 0 || o != 0 || e != 0) {
        printf("     a refused call wrote an out-parameter\n");
        n->accepted++;
    }
}

static int nested_solution(void *user, const size_t *rows, size_t count)
{
    struct nested *n = user;
    try_calls(n);
    n->t.seen++;
    n->t.valid += (uint64_t)queens_valid(rows, count, n->t.n);
    return 0;
}

static int nested_progress(void *user, const dlx_progress *p)
{
    (void)p;
    try_calls(user);
    return 0;
}

static void test_calls_from_callbacks(void)
{
    dlx_matrix *m = queens_matrix(8);
    struct nested n = {new_solver(m), {8, 0, 0, 0}, 0, 0};
    CHECK(dlx_solver_set_progress(n.s, nested_progress, &n, 0) == DLX_OK);
    CHECK(dlx_solver_run(n.s, nested_solution, &n, NULL) == DLX_DONE);
    CHECK(n.t.seen == 92 && n.t.valid == 92 && n.accepted == 0 && n.refused >= 92 * 10);
    CHECK(counter(n.s, DLX_COUNTER_SOLUTIONS) == 92);
    /* The same from the callback of dlx_solver_subproblems. */
    n.t = (struct tally){8, 0, 0, 0};
    n.refused = 0;
    CHECK(dlx_solver_set_progress(n.s, NULL, NULL, 0) == DLX_OK);
    uint64_t parts = 0;
    CHECK(dlx_solver_subproblems(n.s, 1, nested_solution, &n, &parts, NULL) == DLX_DONE);
    CHECK(parts == 8 && n.t.seen == 8 && n.accepted == 0 && n.refused == 8 * 10);
    /* Afterwards the solver answers again. */
    n.t = (struct tally){8, 0, 0, 0};
    CHECK(dlx_solver_run(n.s, tally_fn, &n.t, NULL) == DLX_DONE && n.t.valid == 92);
    dlx_solver_free(n.s);
    dlx_matrix_free(m);
}

/* dlx_solver_cancel from a signal handler: raised from inside the solution
 * callback (deterministic), and from an interval timer while 16-queens is
 * being counted. */
static dlx_solver *volatile signal_target;
static volatile sig_atomic_t signal_status = -1;

static void cancel_on_signal(int sig)
{
    (void)sig;
    signal_status = (sig_atomic_t)dlx_solver_cancel(signal_target);
}

static int raise_at_tenth(void *user, const size_t *rows, size_t count)
{
    struct tally *t = user;
    tally_fn(user, rows, count);
    if (t->seen == 10) {
        raise(SIGUSR1);
    }
    return 0;
}

static void test_cancel_from_a_signal_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cancel_on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    CHECK(sigaction(SIGUSR1, &sa, NULL) == 0 && sigaction(SIGALRM, &sa, NULL) == 0);
    dlx_matrix *m = queens_matrix(16);
    dlx_solver *s = new_solver(m);
    signal_target = s;
    struct tally t = {16, 0, 0, 0};
    CHECK(dlx_solver_run(s, raise_at_tenth, &t, NULL) == DLX_STOPPED);
    CHECK(signal_status == DLX_OK && outcome_of(s) == DLX_OUTCOME_CANCELLED);
    CHECK(t.seen >= 10 && t.seen < 14772512 && t.valid == t.seen);
    /* A timer 100 ms into a count that takes seconds. */
    signal_status = -1;
    dlx_solver *c = new_solver(m);
    signal_target = c;
    struct itimerval it;
    memset(&it, 0, sizeof it);
    it.it_value.tv_usec = 100 * 1000;
    CHECK(setitimer(ITIMER_REAL, &it, NULL) == 0);
    t = (struct tally){16, 0, 0, 0};
    dlx_status st = dlx_solver_run(c, tally_fn, &t, NULL);
    CHECK(st == DLX_STOPPED && signal_status == DLX_OK && outcome_of(c) == DLX_OUTCOME_CANCELLED);
    CHECK(t.seen < 14772512 && t.valid == t.seen);
    signal(SIGUSR1, SIG_DFL);
    signal(SIGALRM, SIG_DFL);
    dlx_solver_free(s);
    dlx_solver_free(c);
    dlx_matrix_free(m);
}

/* The library's threads block every signal: a signal sent to the process
 * while the calling thread blocks it waits for that thread, and never runs
 * its handler on a helper. The helpers are started by a batch (which
 * posts its jobs at once); then SIGUSR2 is sent with the main thread
 * blocking it, and unblocked. Wrong code caught: helper threads started
 * with the caller's signal mask (the handler would run at once, on a
 * helper). */
static pthread_t main_thread;
static volatile sig_atomic_t usr2_on_main = -1;

static void note_usr2(int sig)
{
    (void)sig;
    usr2_on_main = pthread_equal(pthread_self(), main_thread) ? 1 : 0;
}

static void test_signals_skip_the_library_threads(void)
{
    dlx_matrix *m = queens_matrix(8);
    dlx_solver *s = new_solver(m);
    CHECK(dlx_solver_set_threads(s, 2) == DLX_OK);
    size_t squares[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    dlx_batch_item items[8];
    for (size_t j = 0; j < 8; j++)
        items[j] = (dlx_batch_item){&squares[j], 1, NULL, 0};
    CHECK(dlx_solver_solve_batch(s, items, 8, 1000, ignore_batch_result, NULL) == DLX_OK);
    main_thread = pthread_self();
    signal(SIGUSR2, note_usr2);
    sigset_t usr2, old;
    sigemptyset(&usr2);
    sigaddset(&usr2, SIGUSR2);
    CHECK(pthread_sigmask(SIG_BLOCK, &usr2, &old) == 0);
    CHECK(kill(getpid(), SIGUSR2) == 0);
    /* Time for a helper to take it, if one does not block it. */
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    CHECK(usr2_on_main == -1);
    CHECK(pthread_sigmask(SIG_SETMASK, &old, NULL) == 0);
    CHECK(usr2_on_main == 1);
    signal(SIGUSR2, SIG_DFL);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

int main(void)
{
    test_outcomes();
    test_resume();
    test_cancel_from_another_thread(1);
    test_cancel_from_another_thread(2);
    test_progress();
    test_seeds();
    test_forced_rows();
    test_subproblems();
    test_split_with_bounds();
    test_calls_from_callbacks();
    test_cancel_from_a_signal_handler();
    test_signals_skip_the_library_threads();
    if (failures) {
        printf("%d check(s) failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
