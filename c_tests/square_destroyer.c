/*
 * square_destroyer: the fewest matches to take away from an N x N grid of
 * matches so that no square of any size is left (POJ 1084 "Square
 * Destroyer"), as a minimum repeated cover.
 *
 * Mirrors: seed 000 Ex.8 (reference/square_destroyer.cpp).
 *
 * Input: T, then per case `N K` and K numbers: the matches already taken
 * away. The grid has 2N(N+1) matches, numbered from 1 row by row: the N
 * horizontal matches of a row of the grid, then the N+1 vertical matches
 * below it, and so on, ending with the bottom row's horizontal ones.
 * Limits: 1 <= N <= 5, 0 <= K <= 2N(N+1), every match number in range (a
 * match named twice is taken away once).
 * Output: per case, the fewest further matches whose removal leaves no
 * complete square (all four sides of every size present).
 *
 * Library use: one matrix and one solver per grid size, made once: one
 * column per square, with bounds [1, number of matches] (hit at least
 * once: dlx_matrix_set_bounds), one row per match, and the branch and
 * bound of DLX_OBJECTIVE_FEWEST_ROWS. A case is a subproblem of its size's
 * matrix: the matches taken away are forced rows (they "hit" the squares
 * already broken), the matches on no complete square left are excluded
 * rows, and the answer is the best cost less the forced rows. The cases
 * are read in chunks; each chunk's cases of one size are one batch
 * (dlx_solver_solve_batch_best), spread over the solver's threads, and the
 * chunk's answers are printed in the input's order. The library's bound is
 * the seed's: squares no two of which share a match each need a match of
 * their own.
 *
 * Differences from the original: input outside the limits above is
 * rejected with a message on stderr and exit code 1 (the answers of the
 * cases before it are printed). `-j N` spreads each batch over N threads
 * (dlx_solver_set_threads; 0: one per core), with the same output.
 * `--each [-j N]` searches each case on its own, with a matrix of the
 * squares still complete and the matches on them, on N threads
 * (dlx_solver_set_threads and dlx_solver_run): one search at a time on
 * threads, as bench/threads.py measures it.
 */
#define PROG_NAME "square_destroyer"
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "read_input.h"

#define MAX_N 5
#define MAX_MATCHES (2 * MAX_N * (MAX_N + 1))
#define MAX_SQUARES 55 /* 25 + 16 + 9 + 4 + 1 */
#define CHUNK 4096

/* The squares of an N x N grid that `gone` leaves complete (all of them
 * when `gone` is NULL), each as the list of its 4s matches. */
struct squares {
    size_t count;
    unsigned long sides[MAX_SQUARES][4 * MAX_N];
    size_t per[MAX_SQUARES];
};

static void complete_squares(unsigned long n, const int *gone, struct squares *sq)
{
    unsigned long stride = 2 * n + 1;
    sq->count = 0;
    for (unsigned long s = 1; s <= n; s++) {
        for (unsigned long i = 0; i + s <= n; i++) {
            for (unsigned long j = 0; j + s <= n; j++) {
                size_t c = 0;
                int complete = 1;
                for (unsigned long d = 0; d < s; d++) {
                    unsigned long edge[4] = {
                        i * stride + j + d + 1,             /* top */
                        (i + s) * stride + j + d + 1,       /* bottom */
                        (i + d) * stride + n + j + 1,       /* left */
                        (i + d) * stride + n + j + s + 1,   /* right */
                    };
                    for (int e = 0; e < 4; e++) {
                        complete &= gone == NULL || !gone[edge[e]];
                        sq->sides[sq->count][c++] = edge[e];
                    }
                }
                if (complete)
                    sq->per[sq->count++] = c;
            }
        }
    }
}

/* The matrix of `sq`: a column per square, hit at least once; a row per
 * match 1 .. matches that lies on one (row ids in match order). */
static dlx_matrix *squares_matrix(const struct squares *sq, unsigned long matches)
{
    dlx_matrix *m = new_matrix(sq->count);
    for (size_t q = 0; q < sq->count; q++)
        check(dlx_matrix_set_bounds(m, q, 1, (uint32_t)matches), "dlx_matrix_set_bounds");
    for (unsigned long x = 1; x <= matches; x++) {
        size_t cols[MAX_SQUARES], count = 0;
        for (size_t q = 0; q < sq->count; q++)
            for (size_t e = 0; e < sq->per[q]; e++)
                if (sq->sides[q][e] == x)
                    cols[count++] = q;
        if (count > 0)
            add_row(m, cols, count);
    }
    return m;
}

/* One case read: its size, the matches taken away (`gone`), and as a
 * subproblem of its size's matrix the rows forced (the matches taken
 * away, once each) and excluded (the matches left that lie on no complete
 * square). */
struct grid_case {
    unsigned long n;
    int gone[MAX_MATCHES + 1];
    size_t forced[MAX_MATCHES], forced_count;
    size_t excluded[MAX_MATCHES], excluded_count;
};

/* Reads case `k` into `c`, with the squares it leaves complete in `sq`;
 * 0 (message printed) on bad input. */
static int read_case(unsigned long k, struct grid_case *c, struct squares *sq)
{
    unsigned long n, removed;
    if (!need_number(&n, MAX_N, "N"))
        return 0;
    if (n == 0) {
        fprintf(stderr, PROG_NAME ": case %lu: N must be 1 to %d\n", k + 1, MAX_N);
        return 0;
    }
    unsigned long matches = 2 * n * (n + 1);
    if (!need_number(&removed, matches, "K"))
        return 0;
    c->n = n;
    memset(c->gone, 0, sizeof c->gone);
    for (unsigned long i = 0; i < removed; i++) {
        unsigned long x;
        if (!need_number(&x, matches, "a match number"))
            return 0;
        if (x == 0) {
            fprintf(stderr, PROG_NAME ": case %lu: match numbers start at 1\n", k + 1);
            return 0;
        }
        c->gone[x] = 1;
    }
    complete_squares(n, c->gone, sq);
    int used[MAX_MATCHES + 1] = {0};
    for (size_t q = 0; q < sq->count; q++)
        for (size_t e = 0; e < sq->per[q]; e++)
            used[sq->sides[q][e]] = 1;
    c->forced_count = c->excluded_count = 0;
    for (unsigned long x = 1; x <= matches; x++) {
        if (c->gone[x])
            c->forced[c->forced_count++] = x - 1;
        else if (!used[x])
            c->excluded[c->excluded_count++] = x - 1;
    }
    return 1;
}

/* --each: case `c`, whose complete squares are `sq`, on a matrix of its
 * own, searched on `threads` threads. */
static int64_t solve_alone(unsigned long k, const struct grid_case *c, const struct squares *sq, size_t threads)
{
    dlx_matrix *m = squares_matrix(sq, 2 * c->n * (c->n + 1));
    size_t rows[MAX_MATCHES], count = 0;
    int64_t best = 0;
    dlx_status st = solve_best_on(m, DLX_OBJECTIVE_FEWEST_ROWS, threads, rows, MAX_MATCHES, &count, &best);
    check(st, "solve_best_on");
    dlx_matrix_free(m);
    if (st != DLX_SOLUTION) {
        fprintf(stderr, PROG_NAME ": case %lu: no solution found (a bug)\n", k + 1);
        exit(2);
    }
    return best;
}

/* The solver of each grid size's whole matrix, made when first needed. */
static dlx_solver *solvers[MAX_N + 1];

static dlx_solver *size_solver(unsigned long n, size_t threads)
{
    if (solvers[n] == NULL) {
        static struct squares sq;
        complete_squares(n, NULL, &sq);
        dlx_matrix *m = squares_matrix(&sq, 2 * n * (n + 1));
        check(dlx_solver_new(m, &solvers[n]), "dlx_solver_new");
        dlx_matrix_free(m);
        check(dlx_solver_set_threads(solvers[n], threads), "dlx_solver_set_threads");
        check(dlx_solver_set_objective(solvers[n], DLX_OBJECTIVE_FEWEST_ROWS, 1), "dlx_solver_set_objective");
    }
    return solvers[n];
}

/* A chunk of cases, their answers, and one size's batch. */
struct chunk {
    struct grid_case cases[CHUNK];
    int64_t answers[CHUNK];
    size_t count;
    dlx_batch_item items[CHUNK];
    size_t which[CHUNK]; /* the case of each item */
    unsigned long first;  /* the number of cases before the chunk */
};

static int take_answer(void *user, size_t index, dlx_status status, int64_t cost, const size_t *rows, size_t n)
{
    (void)rows, (void)n;
    struct chunk *ch = user;
    size_t i = ch->which[index];
    if (status != DLX_SOLUTION) {
        check(status, "dlx_solver_solve_batch_best (a case)");
        fprintf(stderr, PROG_NAME ": case %lu: no solution found (a bug)\n", ch->first + i + 1);
        exit(2);
    }
    ch->answers[i] = cost - (int64_t)ch->cases[i].forced_count;
    return 0;
}

/* Answers the chunk's cases, a batch per grid size, and prints them in
 * order. */
static void solve_chunk(struct chunk *ch, size_t threads)
{
    for (unsigned long n = 1; n <= MAX_N; n++) {
        size_t items = 0;
        for (size_t i = 0; i < ch->count; i++) {
            const struct grid_case *c = &ch->cases[i];
            if (c->n != n)
                continue;
            ch->which[items] = i;
            ch->items[items++] = (dlx_batch_item){c->forced, c->forced_count, c->excluded, c->excluded_count};
        }
        if (items > 0)
            check(dlx_solver_solve_batch_best(size_solver(n, threads), ch->items, items, take_answer, ch),
                  "dlx_solver_solve_batch_best");
    }
    for (size_t i = 0; i < ch->count; i++)
        printf("%lld\n", (long long)ch->answers[i]);
    ch->first += ch->count;
    ch->count = 0;
}

int main(int argc, char **argv)
{
    int each = argc >= 2 && strcmp(argv[1], "--each") == 0;
    size_t threads = threads_arg(argc - each, argv + each, PROG_NAME " [--each]");
    unsigned long t;
    if (!need_number(&t, 1000000, "the number of cases"))
        return 1;
    struct chunk *ch = calloc(1, sizeof *ch);
    if (ch == NULL) {
        fprintf(stderr, PROG_NAME ": out of memory\n");
        return 1;
    }
    int ok = 1;
    static struct squares sq;
    for (unsigned long k = 0; k < t && ok; k++) {
        struct grid_case *c = &ch->cases[ch->count];
        ok = read_case(k, c, &sq);
        if (!ok)
            break;
        if (each) {
            printf("%lld\n", (long long)solve_alone(k, c, &sq, threads));
            continue;
        }
        if (++ch->count == CHUNK)
            solve_chunk(ch, threads);
    }
    /* The cases before a bad one are answered too. */
    solve_chunk(ch, threads);
    ok = ok && need_end("the last case");
    free(ch);
    for (unsigned long n = 1; n <= MAX_N; n++)
        dlx_solver_free(solvers[n]);
    return ok ? 0 : 1;
}
