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
 * Library use: one column per draw with bounds [1, rows] (covered at least
 * once: dlx_matrix_set_bounds), one row per ticket, and a solver with
 * DLX_OBJECTIVE_FEWEST_ROWS under a cost limit of k rows
 * (dlx_solver_set_cost_limit), for k = the floor below, then one more
 * each time no cover of k tickets exists. Within one k the searches of the
 * classes below run side by side in slices of a node budget
 * (DLX_LIMIT_NODES; dlx_solver_next carries on where the last slice
 * stopped).
 *
 * Symmetry. Relabelling the numbers maps covers to covers. Take a least
 * cover of two tickets or more, a pair T1, T2 of its tickets meeting in the
 * fewest numbers, s, and relabel so that T1 = {1..n} and T2 = {1..s} plus
 * the n - s numbers after n. Every ticket of the cover meets every other in
 * s numbers or more. The relabellings that keep T1 and T2 may still permute
 * T1 & T2, T1 - T2, T2 - T1 and the rest freely, so a third ticket T3 can be
 * made the first numbers of each part, given how many it has of each part
 * (its *pattern*); take for T3 the ticket whose pattern comes first (in a
 * fixed order) among the others. So one search per s and per pattern, each
 * on a matrix of only the tickets that meet T1, T2 and T3 in s numbers or
 * more and whose pattern does not come before T3's, with T1, T2 and T3
 * forced (dlx_solver_force_rows), finds a least cover, and each of these
 * searches is far smaller than one over all tickets.
 *
 * Bounds from smaller covers. The search for k tickets starts from a floor
 * no cover can beat, proved from the covering numbers of smaller inputs,
 * which the program finds first in the same way (and keeps):
 * - the tickets of a cover that hold number x, less x, cover every
 *   (w-1)-draw of the other m - 1 numbers, so x lies in C(m-1, n-1, w-1)
 *   tickets or more, and k tickets hold k n numbers: C(m, n, w) >=
 *   ceil(m/n C(m-1, n-1, w-1)). Schoenheim's bound applies this to the
 *   bound of the smaller input rather than its exact value, and answers
 *   `10 or more` at once when it exceeds 10; the exact value does so for
 *   12 7 3 and 12 9 5;
 * - the same argument for pairs of numbers and C(m-2, n-2, w-2), counted
 *   in the tickets' complements (pairs_rule_out), rules out 9 tickets for
 *   13 9 4.
 * Before each search, two least covers of smaller inputs joined on disjoint
 * parts of the numbers (union_fits) may already give k tickets, which
 * answers k without a search (13 9 4: 7 + 3 = 10).
 * The library's bound for repeated cover is the seed's: pick uncovered
 * draws no two of which share a ticket; each needs a ticket of its own.
 * With the limit set, that bound prunes from the first node, so a search
 * for k proves that no k tickets do rather than searching up to depth 10.
 *
 * Differences from the original: it is exact (the original is marked in
 * its source as not guaranteed correct and iterates a depth-bounded search
 * with the bound recomputed from scratch); input outside the limits above
 * is rejected with a message on stderr and exit code 1.
 */
#define PROG_NAME "lottery"
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "read_input.h"

#define MAX_M 1000
#define MAX_SETS 1000
#define MAX_PAIRS 100000
#define MAX_TICKETS 10
#define MAX_CLASSES 100000
#define MAX_KNOWN 10000
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

/* The tickets: numbers as bit sets, and the draws each contains. */
#define WORDS ((MAX_M + 63) / 64)
static uint64_t bits[MAX_SETS][WORDS];
static size_t draw_of[MAX_PAIRS];
static size_t nt, words, per, ndraws;

/* How many numbers tickets t and u share. */
static unsigned long overlap(size_t t, size_t u)
{
    unsigned long k = 0;
    for (size_t i = 0; i < words; i++)
        k += (unsigned long)__builtin_popcountll(bits[t][i] & bits[u][i]);
    return k;
}

/* Ticket x's pattern against T1 and T2 as one number that orders patterns
 * by (numbers shared with T1 or T2, with both, with T1 only). */
static unsigned long key(size_t x, size_t t1, size_t t2)
{
    unsigned long both = 0, one = 0, two = 0;
    for (size_t i = 0; i < words; i++) {
        both += (unsigned long)__builtin_popcountll(bits[x][i] & bits[t1][i] & bits[t2][i]);
        one += (unsigned long)__builtin_popcountll(bits[x][i] & bits[t1][i] & ~bits[t2][i]);
        two += (unsigned long)__builtin_popcountll(bits[x][i] & bits[t2][i] & ~bits[t1][i]);
    }
    return ((both + one + two) * (MAX_M + 1) + both) * (MAX_M + 1) + one;
}

/* Sorts the k numbers of `set` into increasing order. */
static void sort_numbers(unsigned *set, size_t k)
{
    for (size_t i = 1; i < k; i++)
        for (size_t j = i; j > 0 && set[j - 1] > set[j]; j--) {
            unsigned v = set[j];
            set[j] = set[j - 1];
            set[j - 1] = v;
        }
}

/* A class of covers: the tickets it forces and the filter on the others
 * (see the top of this file). */
struct class {
    size_t forced[3], nforced;
    unsigned long same, least_key;
};

/* A search of one class: its matrix and the solver on it. */
struct probe {
    dlx_matrix *mat;
    dlx_solver *solver;
};

/* Starts the search for a cover of class `c` of at most `limit` tickets: a
 * matrix of the tickets that meet each forced one in `same` numbers or more
 * and (with three forced) whose key against the first two is at least
 * `least_key`, and a solver on it with the forced tickets forced. */
static struct probe start_probe(const struct class *c, int64_t limit)
{
    static size_t row_of[MAX_SETS];
    struct probe p = {new_matrix(ndraws), NULL};
    for (size_t d = 0; d < ndraws; d++)
        check(dlx_matrix_set_bounds(p.mat, d, 1, (uint32_t)nt), "dlx_matrix_set_bounds");
    for (size_t t = 0; t < nt; t++) {
        int keep = 1;
        for (size_t f = 0; f < c->nforced && keep; f++)
            keep = t == c->forced[f] || overlap(t, c->forced[f]) >= c->same;
        if (keep && c->nforced == 3 && t != c->forced[0] && t != c->forced[1])
            keep = key(t, c->forced[0], c->forced[1]) >= c->least_key;
        row_of[t] = keep ? add_row(p.mat, &draw_of[t * per], per) : SIZE_MAX;
    }
    size_t rows[3];
    for (size_t f = 0; f < c->nforced; f++)
        rows[f] = row_of[c->forced[f]];
    check(dlx_solver_new(p.mat, &p.solver), "dlx_solver_new");
    check(dlx_solver_set_objective(p.solver, DLX_OBJECTIVE_FEWEST_ROWS, 1), "dlx_solver_set_objective");
    check(dlx_solver_force_rows(p.solver, rows, c->nforced), "dlx_solver_force_rows");
    check(dlx_solver_set_cost_limit(p.solver, limit), "dlx_solver_set_cost_limit");
    return p;
}

static void end_probe(struct probe *p)
{
    dlx_solver_free(p->solver);
    dlx_matrix_free(p->mat);
}

/* Searches `p` for at most `nodes` more nodes (0: to its end). Under the
 * cost limit any cover will do, so the first one found ends the search:
 * returns its size, 0 when the search is exhausted, or -1 when the node
 * budget ran out first (the next call carries on). */
static int64_t run_probe(struct probe *p, uint64_t nodes)
{
    check(dlx_solver_set_limit(p->solver, DLX_LIMIT_NODES, nodes), "dlx_solver_set_limit");
    const size_t *chosen;
    size_t count = 0;
    dlx_status st = dlx_solver_next(p->solver, &chosen, &count);
    check(st, "dlx_solver_next");
    return st == DLX_SOLUTION ? (int64_t)count : st == DLX_DONE ? 0 : -1;
}

/* The fewest tickets of a cover in class `c`, when that is at most
 * `limit`; otherwise 0. */
static int64_t search_class(const struct class *c, int64_t limit)
{
    struct probe p = start_probe(c, limit);
    int64_t found = run_probe(&p, 0);
    end_probe(&p);
    return found;
}

/* Classes are searched side by side, up to WINDOW at a time, in turns of
 * a node budget that doubles every round: a round whose k has a cover
 * finds it in whichever class is quickest, rather than after exhausting
 * every class before that one. A class that has no cover costs the same
 * nodes either way (a search resumes where its budget ran out). */
#define WINDOW 16
#define FIRST_BUDGET 4096
#define MAX_BUDGET (UINT64_C(1) << 40)

/* The fewest tickets of a cover among the classes `cls[0..count)` when that
 * is at most k, otherwise k + 1. */
static int64_t search_classes(const struct class *cls, size_t count, int64_t k)
{
    struct probe live[WINDOW];
    size_t nlive = 0, next = 0;
    int64_t found = k + 1;
    for (uint64_t budget = FIRST_BUDGET; found > k && (nlive > 0 || next < count);
         budget = budget < MAX_BUDGET ? 2 * budget : budget) {
        while (nlive < WINDOW && next < count)
            live[nlive++] = start_probe(&cls[next++], k);
        for (size_t i = 0; i < nlive && found > k;) {
            int64_t r = run_probe(&live[i], budget);
            if (r > 0)
                found = r;
            if (r >= 0) { /* covered or exhausted: the slot is free */
                end_probe(&live[i]);
                live[i] = live[--nlive];
            } else {
                i++;
            }
        }
    }
    for (size_t i = 0; i < nlive; i++)
        end_probe(&live[i]);
    return found;
}

/* The fewest tickets of a cover when that is at most k, otherwise k + 1,
 * given that no cover has fewer than k tickets and k >= 2 (answer() settles
 * the inputs one ticket covers, w = 0 or n = m): pairs of tickets for
 * k = 2, else one class per overlap and pattern (see the top of this
 * file). */
static int64_t fits(unsigned long m, unsigned long n, int64_t k)
{
    static unsigned pick[MAX_M];
    static struct class cls[MAX_CLASSES];
    size_t count = 0;
    struct class c = {{0, 0, 0}, 2, 0, 0};
    /* Small overlaps first: good covers spread their tickets. */
    for (unsigned long same = 2 * n > m ? 2 * n - m : 0; same < n; same++) {
        /* T2: {1..same} and the n - same numbers after n. */
        for (unsigned long i = 0; i < n; i++)
            pick[i] = (unsigned)(i < same ? i : n + (i - same));
        c.forced[1] = ticket_rank(pick, n, m);
        if (k == 2) {
            if (search_class(&c, 2) > 0)
                return 2;
            continue;
        }
        /* The parts: T1 & T2 = [0, same), T1 - T2 = [same, n),
         * T2 - T1 = [n, 2n - same), the rest = [2n - same, m). */
        unsigned long part[4] = {same, n - same, n - same, m - (2 * n - same)};
        unsigned long at[4] = {0, same, n, 2 * n - same};
        /* Patterns (a, b, c, d) in increasing order of key(a + b + c, a, b). */
        for (unsigned long o = 0; o <= n; o++) {
            unsigned long d = n - o;
            for (unsigned long a = 0; a <= o && a <= part[0]; a++) {
                for (unsigned long b = 0; a + b <= o && b <= part[1]; b++) {
                    unsigned long cc = o - a - b, cnt[4] = {a, b, cc, d};
                    if (cc > part[2] || d > part[3] || a + b < same || a + cc < same)
                        continue;
                    if (a == same && (b == n - same || cc == n - same))
                        continue; /* T1 or T2 itself */
                    size_t at_pick = 0;
                    for (int p = 0; p < 4; p++)
                        for (unsigned long i = 0; i < cnt[p]; i++)
                            pick[at_pick++] = (unsigned)(at[p] + i);
                    sort_numbers(pick, n);
                    if (count == MAX_CLASSES) {
                        fprintf(stderr, PROG_NAME ": more than %d classes\n", MAX_CLASSES);
                        exit(2);
                    }
                    struct class *x = &cls[count++];
                    *x = c;
                    x->nforced = 3;
                    x->same = same;
                    x->forced[2] = ticket_rank(pick, n, m);
                    x->least_key = key(x->forced[2], x->forced[0], x->forced[1]);
                }
            }
        }
    }
    return search_classes(cls, count, k);
}

/* Makes the tickets of the instance m n w: ticket t (lexicographic rank)
 * as a bit set of numbers, and the colex ranks of its draws: draw d is the
 * w-subset whose sum of C(s[i], i + 1) is d. */
static void make_tickets(unsigned long m, unsigned long n, unsigned long w)
{
    static unsigned ticket[MAX_M], pick[MAX_M];
    nt = choose(m, n);
    words = (m + 63) / 64;
    per = choose(n, w);
    ndraws = choose(m, w);
    memset(bits, 0, nt * sizeof bits[0]);
    for (unsigned long i = 0; i < n; i++)
        ticket[i] = (unsigned)i;
    size_t t = 0;
    do {
        for (unsigned long i = 0; i < n; i++)
            bits[t][ticket[i] / 64] |= UINT64_C(1) << (ticket[i] % 64);
        size_t count = 0;
        for (unsigned long i = 0; i < w; i++)
            pick[i] = (unsigned)i;
        do {
            size_t rank = 0;
            for (unsigned long i = 0; i < w; i++)
                rank += choose(ticket[pick[i]], i + 1);
            draw_of[t * per + count++] = rank;
        } while (next_subset(pick, w, n));
        t++;
    } while (next_subset(ticket, n, m));
}

/* Whether an input is within the limits (see the top of this file). */
static int within_limits(unsigned long m, unsigned long n, unsigned long w)
{
    unsigned long tickets = choose(m, n), draws = choose(m, w), per_ticket = choose(n, w);
    return n >= 1 && w <= n && n <= m && tickets <= MAX_SETS && draws <= MAX_SETS &&
           tickets * per_ticket <= MAX_PAIRS;
}

/* Schoenheim's lower bound on C(m, n, w) (1964):
 * L(m, n, w) = ceil(m/n L(m-1, n-1, w-1)), L(m, n, 0) = 1; values past 10
 * come back as 11. */
static int64_t schoenheim(unsigned long m, unsigned long n, unsigned long w)
{
    unsigned long l = 1;
    for (unsigned long j = 1; j <= w && l <= MAX_TICKETS; j++) {
        unsigned long a = m - w + j, b = n - w + j;
        l = (a * l + b - 1) / b;
    }
    return l <= MAX_TICKETS ? (int64_t)l : MAX_TICKETS + 1;
}

/* Whether the pair argument rules out a cover of k tickets, given that every
 * number lies in c1 = C(m-1, n-1, w-1) tickets or more and every pair of
 * numbers in c2 = C(m-2, n-2, w-2) or more (the tickets holding both, less
 * the two, cover every (w-2)-draw of the other m - 2 numbers).
 *
 * Count in the complements of the tickets (m - n numbers each): number x
 * lies in d(x) = k - r(x) <= k - c1 = D of them, where r(x) is the number
 * of tickets holding x, and a pair x, y in d(x, y) = k - r(x) - r(y) +
 * r(x, y) >= d(x) + d(y) - (k - c2). Let A be the a numbers with d = D.
 * The complements hold (m - n) k numbers in all and the others at most
 * D - 1 each, which bounds a from below. Each pair in A lies in at least
 * 2D - (k - c2) complements, while the complements hold a D members of A
 * in all, at most min(m - n, a) each; they hold the most pairs of A when
 * as many as can be are full (pairs grow faster than members). No cover
 * when every possible a has too few. */
static int pairs_rule_out(unsigned long m, unsigned long n, int64_t k, int64_t c1, int64_t c2)
{
    int64_t c = (int64_t)(m - n), d = k - c1, need = 2 * d - (k - c2), total = c * k;
    if (d <= 0 || need <= 0)
        return 0;
    for (int64_t a = 0; a <= (int64_t)m && a * d <= total; a++) {
        if (total - a * d > ((int64_t)m - a) * (d - 1))
            continue; /* the others cannot hold the rest */
        int64_t cap = c < a ? c : a;
        if (cap < 2)
            return 0;
        int64_t full = a * d / cap, rest = a * d % cap;
        int64_t most = full * (cap * (cap - 1) / 2) + rest * (rest - 1) / 2;
        if (most >= a * (a - 1) / 2 * need)
            return 0;
    }
    return 1;
}

static int64_t answer(unsigned long m, unsigned long n, unsigned long w);

/* Whether two smaller covers make one of k tickets or fewer. Each ticket
 * misses m - n numbers, and a draw lies in a ticket when it misses the
 * ticket's complement. Split the numbers into parts of m1 and m2 = m - m1
 * numbers, and in each part i take a least cover of its w_i-draws by
 * tickets of m_i - (m - n) numbers, w1 + w2 = w - 1; complement each
 * ticket within its part. A draw of w numbers has at most w1 of them in
 * part 1 or at most w2 in part 2, there it misses the complement of a
 * ticket of that part, and so the whole ticket with that complement holds
 * it. So C(m, n, w) <= C(m1, m1 - (m - n), w1) + C(m2, m2 - (m - n), w2).
 * Parts are solved only when Schoenheim's bounds allow the sum. */
static int union_fits(unsigned long m, unsigned long n, unsigned long w, int64_t k)
{
    unsigned long c = m - n;
    for (unsigned long w1 = 0; k >= 2 && w >= 1 && 2 * w1 <= w - 1; w1++) { /* each part takes one ticket or more */
        unsigned long w2 = w - 1 - w1;
        for (unsigned long m1 = c + w1; m1 < m && m - m1 >= c + w2; m1++) {
            unsigned long m2 = m - m1;
            if (!within_limits(m1, m1 - c, w1) || !within_limits(m2, m2 - c, w2))
                continue;
            int64_t low2 = schoenheim(m2, m2 - c, w2);
            if (schoenheim(m1, m1 - c, w1) + low2 > k)
                continue;
            int64_t part = answer(m1, m1 - c, w1);
            if (part + low2 <= k && part + answer(m2, m2 - c, w2) <= k)
                return 1;
        }
    }
    return 0;
}

/* C(m, n, w) when it is at most 10, otherwise 11. Answers are kept, as
 * the bounds ask for the same smaller ones again. */
static int64_t answer(unsigned long m, unsigned long n, unsigned long w)
{
    static struct {
        unsigned long m, n, w;
        int64_t c;
    } known[MAX_KNOWN];
    static size_t nknown;
    if (w == 0 || n == m)
        return 1; /* any ticket holds the empty draw; one holds every number */
    if (schoenheim(m, n, w) > MAX_TICKETS)
        return MAX_TICKETS + 1;
    for (size_t i = 0; i < nknown; i++)
        if (known[i].m == m && known[i].n == n && known[i].w == w)
            return known[i].c;
    /* Schoenheim's argument with exact values: the tickets of a cover that
     * hold number x, less x, cover every (w-1)-draw of the other m - 1
     * numbers, so x lies in c1 = C(m-1, n-1, w-1) tickets or more, and k
     * tickets hold k n numbers. Past 10 the floor only grows (m >= n). */
    int64_t c1 = answer(m - 1, n - 1, w - 1), k = MAX_TICKETS + 1;
    if (c1 <= MAX_TICKETS) {
        k = (int64_t)((m * (unsigned long)c1 + n - 1) / n);
        int64_t c2 = w >= 2 ? answer(m - 2, n - 2, w - 2) : 0;
        while (w >= 2 && c2 <= MAX_TICKETS && k <= MAX_TICKETS && pairs_rule_out(m, n, k, c1, c2))
            k++;
        /* Iterative deepening: the first k with a cover of k tickets. A
         * search whose limit is the k being tried prunes far more than one
         * whose limit is only the best cover found so far. */
        for (; k <= MAX_TICKETS; k++) {
            if (union_fits(m, n, w, k))
                break;
            make_tickets(m, n, w);
            int64_t best = fits(m, n, k);
            if (best <= k) {
                k = best;
                break;
            }
        }
    }
    if (nknown == MAX_KNOWN) {
        fprintf(stderr, PROG_NAME ": more than %d smaller inputs to keep\n", MAX_KNOWN);
        exit(2);
    }
    known[nknown].m = m;
    known[nknown].n = n;
    known[nknown].w = w;
    known[nknown++].c = k;
    return k;
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
    if (!within_limits(m, n, w)) {
        fprintf(stderr, PROG_NAME ": %lu %lu %lu is outside the limits: 0 <= w <= n <= m, n >= 1, "
                "at most %d tickets and %d draws, %d ticket-draw pairs\n", m, n, w, MAX_SETS, MAX_SETS, MAX_PAIRS);
        return 1;
    }
    int64_t c = answer(m, n, w);
    if (c <= MAX_TICKETS)
        printf("%lld\n", (long long)c);
    else
        printf("10 or more\n");
    return 0;
}
