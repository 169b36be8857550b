/*
 * lottery: the fewest lottery tickets that guarantee a win (the covering
 * number C(m, n, w)), as a minimum repeated cover.
 *
 * Mirrors: seed 000 section 3, "buy some lottery tickets"
 * (reference/lottery.cpp).
 *
 * Input: `m n w`. A ticket is a set of n of the numbers 1..m; a draw is a
 * set of w of them, and a ticket wins when it contains the draw. Limits (the
 * sizes the original's arrays hold): 0 <= w <= n <= m, 1 <= n, at most 1000
 * tickets (C(m, n)) and 1000 draws (C(m, w)), and at most 100000 pairs of a
 * ticket and a draw it contains.
 * Output: the fewest tickets such that every draw lies inside one of them,
 * when that is at most 10; otherwise `10 or more`, as the original prints.
 *
 * Library use: one column per draw with bounds [1, C(m, n)] (covered at
 * least once: dlx_matrix_set_bounds), one row per ticket, and a solver with
 * DLX_OBJECTIVE_FEWEST_ROWS under a cost limit of 10 rows
 * (dlx_solver_set_cost_limit). Symmetry is broken with forced rows
 * (dlx_solver_force_rows): relabelling the numbers maps covers to covers,
 * so one search per overlap size s of the first two tickets suffices, with
 * {1..n} and one ticket meeting it in s numbers forced. Schoenheim's
 * lower bound (a theorem: L(m, n, w) = ceil(m/n L(m-1, n-1, w-1))) answers
 * `10 or more` without a search when it exceeds 10, and ends the search
 * when a cover that small is found. The library's bound for repeated cover is
 * the seed's: pick uncovered draws no two of which share a ticket; each
 * needs a ticket of its own. With the limit set, that bound prunes from the
 * first node, so an input whose answer is above 10 is proved so rather
 * than searched up to depth 10.
 *
 * Differences from the original: it is exact (the original is marked in
 * its source as not guaranteed correct and iterates a depth-bounded search
 * with the bound recomputed from scratch); input outside the limits above
 * is rejected with a message on stderr and exit code 1.
 */
#define PROG_NAME "lottery"
#include <stdint.h>

#include "common.h"
#include "read_input.h"

#define MAX_M 1000
#define MAX_SETS 1000
#define MAX_PAIRS 100000
#define MAX_TICKETS 10
/* Binomials are kept exact up to CAP, and CAP stands for anything larger. */
#define CAP 1000000u

static unsigned binom[MAX_M + 1][MAX_M + 1];

/* C(a, b), or CAP when it is at least CAP; 0 when b > a. */
static unsigned choose(unsigned long a, unsigned long b)
{
    return b > a ? 0 : binom[a][b];
}

/* Moves `set` (k increasing values below m) to the next k-subset in
 * lexicographic order; returns 0 after the last one. */
static int next_subset(unsigned *set, unsigned long k, unsigned long m)
{
    for (unsigned long i = k; i-- > 0;) {
        if (set[i] < m - k + i) {
            set[i]++;
            for (unsigned long j = i + 1; j < k; j++)
                set[j] = set[j - 1] + 1;
            return 1;
        }
    }
    return 0;
}

/* The position of n-subset `set` (increasing values below m) in the
 * lexicographic order in which the rows are made. */
static size_t ticket_rank(const unsigned *set, unsigned long n, unsigned long m)
{
    size_t rank = 0;
    unsigned prev = 0;
    for (unsigned long i = 0; i < n; i++) {
        /* The subsets that agree before position i and have a smaller
         * value there come first. */
        for (unsigned v = i == 0 ? 0 : prev + 1; v < set[i]; v++)
            rank += choose(m - v - 1, n - i - 1);
        prev = set[i];
    }
    return rank;
}

/* Schoenheim's lower bound on C(m, n, w) (1964):
 * L(m, n, w) = ceil(m/n * L(m-1, n-1, w-1)), L(m, n, 0) = 1. Values past
 * `cap` come back as cap + 1. */
static unsigned long schoenheim(unsigned long m, unsigned long n, unsigned long w, unsigned long cap)
{
    unsigned long l = 1;
    for (unsigned long j = 1; j <= w; j++) {
        unsigned long a = m - w + j, b = n - w + j;
        l = (a * l + b - 1) / b;
        if (l > cap)
            return cap + 1;
    }
    return l;
}

/* Runs the search of `s` until its end or a solution of at most `floor`
 * rows (none can be better): the fewest rows it found, or `best` when it
 * found none. */
static int64_t least(dlx_solver *s, int64_t best, int64_t floor)
{
    const size_t *rows;
    size_t count;
    dlx_status st;
    int64_t cost = 0;
    while ((st = dlx_solver_next(s, &rows, &count)) == DLX_SOLUTION) {
        check(dlx_solver_cost(s, &cost), "dlx_solver_cost");
        if (cost <= floor)
            break;
    }
    check(st, "dlx_solver_next");
    if (dlx_solver_best_count(s) > 0)
        check(dlx_solver_best(s, 0, &rows, &count, &best), "dlx_solver_best");
    return best;
}

int main(void)
{
    unsigned long m, n, w;
    if (!need_number(&m, MAX_M, "m") || !need_number(&n, MAX_M, "n") || !need_number(&w, MAX_M, "w"))
        return 1;
    if (!need_end("m n w"))
        return 1;
    for (unsigned a = 0; a <= m; a++) {
        binom[a][0] = 1;
        for (unsigned b = 1; b <= a; b++) {
            unsigned long sum = (unsigned long)binom[a - 1][b - 1] + (b < a ? binom[a - 1][b] : 0);
            binom[a][b] = sum < CAP ? (unsigned)sum : CAP;
        }
    }
    unsigned long tickets = choose(m, n), draws = choose(m, w), per_ticket = choose(n, w);
    if (n == 0 || w > n || n > m || tickets > MAX_SETS || draws > MAX_SETS || tickets * per_ticket > MAX_PAIRS) {
        fprintf(stderr, PROG_NAME ": %lu %lu %lu is outside the limits: 0 <= w <= n <= m, n >= 1, "
                "at most %d tickets and %d draws, %d ticket-draw pairs\n", m, n, w, MAX_SETS, MAX_SETS, MAX_PAIRS);
        return 1;
    }

    /* Draw d is the w-subset of colex rank d: the sum of C(s[i], i + 1). */
    dlx_matrix *mat = new_matrix(draws);
    for (size_t d = 0; d < draws; d++)
        check(dlx_matrix_set_bounds(mat, d, 1, (uint32_t)tickets), "dlx_matrix_set_bounds");
    static unsigned ticket[MAX_M], pick[MAX_M];
    static size_t cols[MAX_SETS];
    for (unsigned long i = 0; i < n; i++)
        ticket[i] = (unsigned)i;
    do {
        /* Every w-subset of the ticket, by positions. */
        size_t count = 0;
        for (unsigned long i = 0; i < w; i++)
            pick[i] = (unsigned)i;
        do {
            size_t rank = 0;
            for (unsigned long i = 0; i < w; i++)
                rank += choose(ticket[pick[i]], i + 1);
            cols[count++] = rank;
        } while (next_subset(pick, w, n));
        add_row(mat, cols, count);
    } while (next_subset(ticket, n, m));

    /* Relabelling the numbers maps covers to covers, so some least cover
     * holds the first ticket {1..n} (row 0), and, if it has two tickets or
     * more, one that meets {1..n} in s numbers for some s, which may as
     * well be {1..s} and the n - s numbers after n. One search per s, each
     * with those two tickets forced and a cost limit below the best found
     * so far (10 at first). */
    /* No cover is smaller than Schoenheim's bound: above 10, that is the
     * answer already; otherwise a cover that small ends the search. */
    int64_t floor = (int64_t)schoenheim(m, n, w, MAX_TICKETS);
    if (floor > MAX_TICKETS) {
        printf("10 or more\n");
        dlx_matrix_free(mat);
        return 0;
    }
    dlx_solver *s = NULL;
    check(dlx_solver_new(mat, &s), "dlx_solver_new");
    check(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1), "dlx_solver_set_objective");
    int64_t best = MAX_TICKETS + 1;
    size_t forced[2] = {0, 0};
    /* Does the first ticket alone do (w = 0, or n = m)? */
    check(dlx_solver_force_rows(s, forced, 1), "dlx_solver_force_rows");
    check(dlx_solver_set_cost_limit(s, 1), "dlx_solver_set_cost_limit");
    best = least(s, best, floor);
    /* Small overlaps first: good covers spread their tickets. The second
     * ticket needs n - same numbers beyond n. */
    for (unsigned long same = 2 * n > m ? 2 * n - m : 0; same < n && best > floor; same++) {
        for (unsigned long i = 0; i < n; i++)
            pick[i] = (unsigned)(i < same ? i : n + (i - same));
        forced[1] = ticket_rank(pick, n, m);
        check(dlx_solver_force_rows(s, forced, 2), "dlx_solver_force_rows");
        check(dlx_solver_set_cost_limit(s, best - 1), "dlx_solver_set_cost_limit");
        best = least(s, best, floor);
    }
    if (best <= MAX_TICKETS)
        printf("%lld\n", (long long)best);
    else
        printf("10 or more\n");
    dlx_solver_free(s);
    dlx_matrix_free(mat);
    return 0;
}
