/* parallel_test: one search on several threads (dlx_solver_set_threads)
 * through the C API.
 *
 * Expected values are facts: 10-queens has 724 solutions (OEIS A000170),
 * 8-queens 92, each solution is checked on its own (queens_valid) and
 * against all others (no solution twice). Checked: dlx_solver_run and
 * dlx_solver_next on 3 threads find every solution once; the per-thread
 * counters add up to the solver's; a solution limit stops each call and
 * the next resumes; the first solution of 14-queens stops every thread;
 * dlx_solver_cancel from another thread stops a search on 2 threads, which
 * then resumes; bad arguments get their status and change nothing; a
 * callback of a search on 2 threads runs whole searches on 2 threads of
 * their own (the process's helper threads are shared: a wait for a helper
 * that is busy in the outer search would hang); 64 solvers of 4 threads
 * each, counting at once from 64 threads, each count 8-queens' 92. Also
 * run under helgrind (make valgrind) with helgrind.supp. No input; prints
 * one line per check.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "common.h"

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

/* A queens solution as a number: the column of the queen of each board row,
 * in base n. Distinct solutions give distinct numbers. */
static uint64_t code(const size_t *rows, size_t count, size_t n)
{
    size_t col[16] = {0};
    for (size_t i = 0; i < count; i++)
        col[rows[i] / n] = rows[i] % n;
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++)
        c = c * n + col[i];
    return c;
}

struct seen {
    size_t n;
    uint64_t codes[1000];
    size_t count;
    int bad;
};

static void see(struct seen *s, const size_t *rows, size_t count)
{
    if (!queens_valid(rows, count, s->n) || s->count == 1000) {
        s->bad = 1;
        return;
    }
    uint64_t c = code(rows, count, s->n);
    for (size_t i = 0; i < s->count; i++)
        if (s->codes[i] == c)
            s->bad = 1;
    s->codes[s->count++] = c;
}

static int on_solution(void *user, const size_t *rows, size_t count)
{
    see(user, rows, count);
    return 0;
}

static uint64_t counter(const dlx_solver *s, uint32_t which)
{
    uint64_t v = 0;
    check(dlx_solver_counter(s, which, &v), "dlx_solver_counter");
    return v;
}

static dlx_solver *solver_on(const dlx_matrix *m, size_t threads)
{
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    check(dlx_solver_set_threads(s, threads), "dlx_solver_set_threads");
    return s;
}

static void *cancel_later(void *arg)
{
    struct timespec t = {0, 200 * 1000 * 1000};
    nanosleep(&t, NULL);
    dlx_solver_cancel(arg);
    return NULL;
}

/* A callback that counts 8-queens (92 solutions) on 2 threads of its own,
 * for 20 of the outer search's solutions from the 100th on (by then the
 * outer search's helper has joined it). */
struct nested {
    const dlx_matrix *eight;
    int seen, runs, right;
};

static int count_inside(void *user, const size_t *rows, size_t count)
{
    (void)rows;
    (void)count;
    struct nested *n = user;
    if (++n->seen < 100 || n->runs == 20)
        return 0;
    n->runs++;
    dlx_solver *inner = solver_on(n->eight, 2);
    n->right += dlx_solver_run(inner, ignore_solution, NULL, NULL) == DLX_DONE && counter(inner, DLX_COUNTER_SOLUTIONS) == 92;
    dlx_solver_free(inner);
    return 0;
}

/* 64 solvers at once, each on 4 threads. */
struct many {
    const dlx_matrix *m;
    uint64_t solutions;
    dlx_status st;
};

static void *count_many(void *arg)
{
    struct many *w = arg;
    dlx_solver *s = solver_on(w->m, 4);
    w->st = dlx_solver_run(s, ignore_solution, NULL, NULL);
    w->solutions = counter(s, DLX_COUNTER_SOLUTIONS);
    dlx_solver_free(s);
    return NULL;
}

int main(void)
{
    dlx_matrix *m = queens_matrix(10);

    /* Every solution through the callback, on 3 threads. */
    dlx_solver *s = solver_on(m, 3);
    size_t threads = 0;
    check(dlx_solver_threads(s, &threads), "dlx_solver_threads");
    expect(threads == 3, "dlx_solver_threads gives 3");
    struct seen run = {.n = 10};
    expect(dlx_solver_run(s, on_solution, &run, NULL) == DLX_DONE, "dlx_solver_run on 3 threads ends DLX_DONE");
    expect(!run.bad && run.count == 724, "724 solutions of 10-queens, each valid, none twice");
    expect(counter(s, DLX_COUNTER_SOLUTIONS) == 724, "the solutions counter says 724");
    uint64_t nodes = 0, steals = 0;
    for (size_t t = 0; t < 3; t++) {
        uint64_t v = 0;
        check(dlx_solver_thread_counter(s, t, DLX_COUNTER_NODES, &v), "dlx_solver_thread_counter");
        nodes += v;
        check(dlx_solver_thread_counter(s, t, DLX_COUNTER_STEALS, &v), "dlx_solver_thread_counter");
        steals += v;
    }
    expect(nodes == counter(s, DLX_COUNTER_NODES), "the threads' nodes add up to the solver's");
    expect(steals == counter(s, DLX_COUNTER_STEALS), "the threads' steals add up to the solver's");
    uint64_t v = 77;
    expect(dlx_solver_thread_counter(s, 3, DLX_COUNTER_NODES, &v) == DLX_ERR_INVALID_ARGUMENT && v == 77,
           "no thread 3: DLX_ERR_INVALID_ARGUMENT");
    expect(dlx_solver_thread_counter(s, 0, 99, &v) == DLX_ERR_UNKNOWN_VALUE && v == 77,
           "no counter 99: DLX_ERR_UNKNOWN_VALUE");
    expect(dlx_solver_set_threads(s, 1025) == DLX_ERR_INVALID_ARGUMENT, "1025 threads: DLX_ERR_INVALID_ARGUMENT");
    check(dlx_solver_threads(s, &threads), "dlx_solver_threads");
    expect(threads == 3, "a refused count of threads changes nothing");
    expect(dlx_solver_set_threads(NULL, 2) == DLX_ERR_NULL, "NULL solver: DLX_ERR_NULL");
    dlx_solver_free(s);

    /* Pulled one at a time. */
    s = solver_on(m, 3);
    struct seen pulled = {.n = 10};
    const size_t *rows;
    size_t count;
    while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION)
        see(&pulled, rows, count);
    expect(!pulled.bad && pulled.count == 724, "dlx_solver_next on 3 threads: 724 valid, none twice");
    dlx_solver_free(s);

    /* Calls of 100 solutions at most resume one another. */
    s = solver_on(m, 2);
    check(dlx_solver_set_limit(s, DLX_LIMIT_SOLUTIONS, 100), "dlx_solver_set_limit");
    struct seen limited = {.n = 10};
    int calls = 0, ok = 1;
    for (;;) {
        size_t before = limited.count;
        dlx_status st = dlx_solver_run(s, on_solution, &limited, NULL);
        calls++;
        if (st == DLX_DONE)
            break;
        uint32_t outcome = 0;
        check(dlx_solver_outcome(s, &outcome), "dlx_solver_outcome");
        ok &= st == DLX_STOPPED && outcome == DLX_OUTCOME_SOLUTION_LIMIT && limited.count - before == 100;
        if (calls > 20)
            break;
    }
    expect(ok && !limited.bad && limited.count == 724 && calls == 8, "solution limits on 2 threads: 7 x 100, then 24");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* The first solution of 14-queens stops every thread. */
    m = queens_matrix(14);
    s = solver_on(m, 4);
    expect(dlx_solver_next(s, &rows, &count) == DLX_SOLUTION && queens_valid(rows, count, 14),
           "dlx_solver_next on 4 threads: a valid 14-queens solution");
    expect(counter(s, DLX_COUNTER_NODES) < 1000000, "found long before the whole tree (27 million nodes)");
    dlx_solver_free(s);

    /* A cancel from another thread stops both threads; the search resumes. */
    dlx_matrix_free(m);
    m = queens_matrix(16);
    s = solver_on(m, 2);
    pthread_t canceller;
    if (pthread_create(&canceller, NULL, cancel_later, s) != 0) {
        fprintf(stderr, "pthread_create failed\n");
        return 1;
    }
    uint64_t n = 0;
    dlx_status st = dlx_solver_run(s, ignore_solution, NULL, NULL);
    pthread_join(canceller, NULL);
    uint32_t outcome = 0;
    check(dlx_solver_outcome(s, &outcome), "dlx_solver_outcome");
    n = counter(s, DLX_COUNTER_SOLUTIONS);
    expect(st == DLX_STOPPED && outcome == DLX_OUTCOME_CANCELLED && n < 14772512u,
           "dlx_solver_cancel stops 16-queens on 2 threads");
    expect(dlx_solver_next(s, &rows, &count) == DLX_SOLUTION && queens_valid(rows, count, 16),
           "the search resumes after the cancel");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* A search started from a callback, on threads: both complete. */
    m = queens_matrix(8);
    dlx_matrix *ten = queens_matrix(10);
    struct nested nest = {m, 0, 0, 0};
    s = solver_on(ten, 2);
    st = dlx_solver_run(s, count_inside, &nest, NULL);
    expect(st == DLX_DONE && counter(s, DLX_COUNTER_SOLUTIONS) == 724 && nest.runs == 20 && nest.right == 20,
           "searches on 2 threads inside a callback of one on 2 threads: 20 x 92, and 724");
    dlx_solver_free(s);
    dlx_matrix_free(ten);

    /* 64 solvers of 4 threads each, from 64 threads at once. */
    struct many many[64];
    pthread_t th[64];
    int started = 0;
    while (started < 64) {
        many[started] = (struct many){m, 0, DLX_OK};
        if (pthread_create(&th[started], NULL, count_many, &many[started]) != 0)
            break;
        started++;
    }
    int right = 0;
    for (int i = 0; i < started; i++) {
        pthread_join(th[i], NULL);
        right += many[i].st == DLX_DONE && many[i].solutions == 92;
    }
    expect(started == 64 && right == 64, "64 solvers of 4 threads at once: each counts 92");
    dlx_matrix_free(m);

    /* 8-queens counted on 8 threads, more than this machine's cores. */
    m = queens_matrix(8);
    s = solver_on(m, 8);
    struct seen eight = {.n = 8};
    expect(dlx_solver_run(s, on_solution, &eight, NULL) == DLX_DONE && !eight.bad && eight.count == 92,
           "8-queens on 8 threads: 92 solutions");
    dlx_solver_free(s);
    dlx_matrix_free(m);
    return failures ? 1 : 0;
}
