/* Small helpers shared by the C test programs. */
#ifndef DLX_C_TESTS_COMMON_H
#define DLX_C_TESTS_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include "dlx.h"

/* Stop the program with the library's message when a call fails. */
static inline void check(dlx_status status, const char *what)
{
    if (status != DLX_OK && status != DLX_SOLUTION && status != DLX_DONE &&
        status != DLX_STOPPED) {
        fprintf(stderr, "%s: %s (status %u)\n", what, dlx_status_message(status),
                (unsigned)status);
        exit(2);
    }
}

/* Add one row and stop on failure; returns the row id. */
static inline size_t add_row(dlx_matrix *m, const size_t *cols, size_t n)
{
    size_t row = 0;
    check(dlx_matrix_add_row(m, cols, n, &row), "dlx_matrix_add_row");
    return row;
}

/* The number of threads of `-j N` (or `-jN`), the only argument a program
 * that can search on several threads takes: 1 when absent. Stops the
 * program with a message on anything else. */
static inline size_t threads_arg(int argc, char **argv, const char *prog)
{
    const char *v = NULL;
    if (argc == 2 && argv[1][0] == '-' && argv[1][1] == 'j' && argv[1][2] != '\0')
        v = argv[1] + 2;
    else if (argc == 3 && argv[1][0] == '-' && argv[1][1] == 'j' && argv[1][2] == '\0')
        v = argv[2];
    else if (argc != 1)
        v = "";
    if (v == NULL)
        return 1;
    char *end = NULL;
    unsigned long n = strtoul(v, &end, 10);
    if (*v < '0' || *v > '9' || *end != '\0' || n > 1024) {
        fprintf(stderr, "%s: usage: %s [-j THREADS] (0 to 1024; 0: one per core)\n", prog, prog);
        exit(1);
    }
    return (size_t)n;
}

static inline int ignore_solution(void *user, const size_t *rows, size_t count)
{
    (void)user, (void)rows, (void)count;
    return 0;
}

/* A dlx_batch_fn that takes every result and goes on. */
static inline int ignore_batch_result(void *user, size_t index, dlx_status status, uint64_t count, const size_t *rows,
                                      size_t n)
{
    (void)user, (void)index, (void)status, (void)count, (void)rows, (void)n;
    return 0;
}

/* dlx_solve_best on `threads` threads (dlx_solver_set_threads): the same
 * answer, the same statuses. */
static inline dlx_status solve_best_on(const dlx_matrix *m, uint32_t objective, size_t threads,
                                       size_t *rows, size_t capacity, size_t *count, int64_t *cost)
{
    dlx_solver *s = NULL;
    dlx_status st = dlx_solver_new(m, &s);
    if (st != DLX_OK)
        return st;
    st = dlx_solver_set_threads(s, threads);
    if (st == DLX_OK)
        st = dlx_solver_set_objective(s, objective, 1);
    if (st == DLX_OK)
        st = dlx_solver_run(s, ignore_solution, NULL, NULL);
    if (st == DLX_DONE) {
        const size_t *best = NULL;
        size_t n = 0;
        st = dlx_solver_best(s, 0, &best, &n, cost);
        if (st == DLX_OK && n > capacity)
            st = DLX_ERR_BUFFER_TOO_SMALL;
        if (st == DLX_OK) {
            for (size_t i = 0; i < n; i++)
                rows[i] = best[i];
            *count = n;
            st = DLX_SOLUTION;
        } else if (st == DLX_ERR_INVALID_ARGUMENT) {
            st = DLX_DONE; /* no solution */
        }
    }
    dlx_solver_free(s);
    return st;
}

/* A new matrix of the given number of columns; stops on failure. */
static inline dlx_matrix *new_matrix(size_t columns)
{
    dlx_matrix *m = NULL;
    check(dlx_matrix_new(columns, &m), "dlx_matrix_new");
    return m;
}

/* N-queens as an exact cover, columns in the order of the queens_N.dlx files
 * of tools/gen_instances.py (so the counters can be compared with
 * Knuth's): primary r0 c0 r1 c1 ... (board row i is column 2i, board column
 * j is 2j+1), then secondary a0..a(2n-2) (i+j) and b0..b(2n-2) (i-j+n-1).
 * Row id i*n + j puts a queen on (i, j). Stops the program on failure. */
static inline dlx_matrix *queens_matrix(size_t n)
{
    size_t diagonals = 2 * n - 1;
    dlx_matrix *m = new_matrix(2 * n + 2 * diagonals);
    for (size_t c = 2 * n; c < 2 * n + 2 * diagonals; c++) {
        check(dlx_matrix_set_secondary(m, c), "dlx_matrix_set_secondary");
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            size_t cols[4] = {2 * i, 2 * j + 1, 2 * n + i + j, 2 * n + diagonals + i + n - 1 - j};
            add_row(m, cols, 4);
        }
    }
    return m;
}

/* Whether `rows` (ids of queens_matrix(n)) place n queens that do not
 * attack each other: an independent check of a solution. */
static inline int queens_valid(const size_t *rows, size_t count, size_t n)
{
    if (count != n) {
        return 0;
    }
    for (size_t a = 0; a < count; a++) {
        for (size_t b = a + 1; b < count; b++) {
            long ia = (long)(rows[a] / n), ja = (long)(rows[a] % n);
            long ib = (long)(rows[b] / n), jb = (long)(rows[b] % n);
            if (ia == ib || ja == jb || ia - ja == ib - jb || ia + ja == ib + jb) {
                return 0;
            }
        }
    }
    return 1;
}

#endif
