/* memo_test: the memoized count and its uniform draws through the C API
 * (dlx_solver_count_memo, dlx_solver_sample, the memo counters and
 * settings).
 *
 * Expected values are facts: the 8x8 board has 12988816 domino tilings
 * (Kasteleyn; Temperley and Fisher, 1961), the 6x6 board 6728, and the
 * 2 x n board F(n + 1) (a Fibonacci number, computed here in decimal with
 * schoolbook addition, independently of the library); each draw is
 * checked to tile the board. Also checked: a buffer too small gets
 * DLX_ERR_BUFFER_TOO_SMALL and the length; a node limit stops a count
 * and the next call goes on; a callback's non-zero result stops the draws;
 * bad arguments get their status; on two threads the counts are the same,
 * also in slices, and the draws are those of one thread. No input; prints
 * one line per check.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common.h"

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

/* The row ids of a small board's dominoes as their two cells, to check
 * that a draw covers every cell once. */
struct cells {
    size_t m, n, a[64], b[64], rows, draws;
    int bad;
};

/* The dominoes of an m x n board, cells numbered row by row; when `c` is not
 * NULL (a board of at most 64 dominoes), each row's cells go there too. */
static dlx_matrix *dominoes(size_t m, size_t n, struct cells *c)
{
    dlx_matrix *x = new_matrix(m * n);
    for (size_t r = 0; r < m; r++)
        for (size_t k = 0; k < n; k++) {
            size_t a = r * n + k;
            size_t pair[2][2] = {{a, a + 1}, {a, a + n}};
            int has[2] = {k + 1 < n, r + 1 < m};
            for (int d = 0; d < 2; d++) {
                if (!has[d])
                    continue;
                size_t row = add_row(x, pair[d], 2);
                if (c && row < 64) {
                    c->a[row] = pair[d][0], c->b[row] = pair[d][1];
                    c->rows = row + 1;
                }
            }
        }
    if (c) {
        c->m = m, c->n = n;
    }
    return x;
}

/* F(k) in decimal, most significant digit first, into out. */
static void fibonacci(unsigned k, char *out, size_t cap)
{
    static unsigned char a[400], b[400], t[400]; /* little-endian digits */
    size_t len = 1;
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    a[0] = 1, b[0] = 1; /* F(1), F(2) */
    for (unsigned i = 2; i < k; i++) {
        unsigned carry = 0;
        for (size_t d = 0; d < len || carry; d++) {
            unsigned s = a[d] + b[d] + carry;
            t[d] = (unsigned char)(s % 10);
            carry = s / 10;
            if (d >= len)
                len = d + 1;
        }
        memcpy(a, b, sizeof a);
        memcpy(b, t, sizeof b);
    }
    size_t i = 0;
    for (size_t d = len; d-- > 0 && i + 1 < cap;)
        out[i++] = (char)('0' + b[d]);
    out[i] = 0;
}

static int stop_at_three(void *user, const size_t *rows, size_t count)
{
    (void)rows, (void)count;
    return ++*(int *)user == 3 ? 42 : 0;
}

static int covers_once(void *user, const size_t *rows, size_t count)
{
    struct cells *c = user;
    unsigned char seen[128] = {0}; /* 64 dominoes at most */
    for (size_t i = 0; i < count; i++) {
        if (rows[i] >= c->rows) {
            c->bad = 1;
            return 0;
        }
        seen[c->a[rows[i]]]++;
        seen[c->b[rows[i]]]++;
    }
    for (size_t k = 0; k < c->m * c->n; k++)
        if (seen[k] != 1)
            c->bad = 1;
    c->draws++;
    return 0;
}

/* Draws, each as a hash of its row ids in order. */
#define DRAWS 20
struct draws {
    size_t n, sum[DRAWS];
};

static int record(void *user, const size_t *rows, size_t count)
{
    struct draws *d = user;
    size_t sum = 0;
    for (size_t i = 0; i < count; i++)
        sum = sum * 31 + rows[i];
    if (d->n < DRAWS)
        d->sum[d->n] = sum;
    d->n++;
    return 0;
}

int main(void)
{
    char digits[200];
    size_t len = 0;

    dlx_matrix *m = dominoes(8, 8, NULL);
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    char tiny[4] = "xyz";
    expect(dlx_solver_count_memo(s, tiny, sizeof tiny, &len) == DLX_ERR_BUFFER_TOO_SMALL && len == 8 && strcmp(tiny, "xyz") == 0,
           "a short buffer gets the length");
    expect(dlx_solver_count_memo(s, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "12988816") == 0 && len == 8,
           "8x8 dominoes: 12988816");
    uint64_t hits = 0, entries = 0, bytes = 0;
    check(dlx_solver_counter(s, DLX_COUNTER_MEMO_HITS, &hits), "hits");
    check(dlx_solver_counter(s, DLX_COUNTER_MEMO_ENTRIES, &entries), "entries");
    check(dlx_solver_counter(s, DLX_COUNTER_MEMO_BYTES, &bytes), "bytes");
    expect(hits > 0 && entries > 0 && bytes > 0, "the cache counters");
    expect(dlx_solver_set_memo_order(s, 7) == DLX_ERR_UNKNOWN_VALUE, "an unknown order is refused");
    expect(dlx_solver_set_memo_parts(s, 3) == DLX_ERR_UNKNOWN_VALUE, "an unknown parts rule is refused");
    expect(dlx_solver_set_memo_parts(NULL, DLX_MEMO_PARTS_NEVER) == DLX_ERR_NULL, "parts: NULL solver");
    const uint32_t rules[] = {DLX_MEMO_PARTS_ALWAYS, DLX_MEMO_PARTS_NEVER, DLX_MEMO_PARTS_AUTO};
    for (size_t i = 0; i < 3; i++) {
        check(dlx_solver_set_memo_parts(s, rules[i]), "parts");
        expect(dlx_solver_count_memo(s, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "12988816") == 0,
               "parts looked for always, never, now and then: 12988816");
    }
    check(dlx_solver_set_memo_order(s, DLX_MEMO_ORDER_FIRST), "order");
    check(dlx_solver_set_memo_memory(s, 50000), "memory");
    uint64_t dropped = 0;
    expect(dlx_solver_count_memo(s, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "12988816") == 0,
           "first order, small cache: 12988816");
    check(dlx_solver_counter(s, DLX_COUNTER_MEMO_DROPPED, &dropped), "dropped");
    check(dlx_solver_counter(s, DLX_COUNTER_MEMO_BYTES, &bytes), "bytes");
    expect(dropped > 0 && bytes <= 50000, "a full cache drops states and keeps its limit");
    expect(dlx_solver_count_memo(s, digits, sizeof digits, NULL) == DLX_ERR_NULL, "NULL length");
    expect(dlx_solver_count_memo(NULL, digits, sizeof digits, &len) == DLX_ERR_NULL, "NULL solver");
    check(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1), "objective");
    expect(dlx_solver_count_memo(s, digits, sizeof digits, &len) == DLX_ERR_UNSUPPORTED, "an objective is refused");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* The automatic count: the same count, whichever count it chose; a
       board of 258,584,046,368 tilings (Kasteleyn) only the memo counts;
       a sample after it draws from its cache. */
    m = dominoes(10, 10, NULL);
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    uint32_t phase = 99;
    check(dlx_solver_auto_phase(s, &phase), "phase");
    expect(phase == DLX_AUTO_ALONE, "before the count: alone");
    expect(dlx_solver_count_auto(s, tiny, sizeof tiny, &len) == DLX_ERR_BUFFER_TOO_SMALL && len == 12,
           "auto: a short buffer gets the length");
    expect(dlx_solver_count_auto(s, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "258584046368") == 0,
           "auto: 10x10 dominoes");
    check(dlx_solver_auto_phase(s, &phase), "phase");
    expect(phase == DLX_AUTO_MEMO, "auto: the memo counted the 10x10 board");
    uint64_t states = 0, states_after = 0;
    check(dlx_solver_counter(s, DLX_COUNTER_MEMO_NODES, &states), "memo nodes");
    struct draws d = {0};
    check(dlx_solver_sample(s, 1, 3, record, &d, NULL), "sample after auto");
    check(dlx_solver_counter(s, DLX_COUNTER_MEMO_NODES, &states_after), "memo nodes");
    expect(d.n == 3 && states_after - states < states / 2, "a sample after the automatic count does not count again");
    expect(dlx_solver_count_auto(s, digits, sizeof digits, NULL) == DLX_ERR_NULL, "auto: NULL length");
    expect(dlx_solver_auto_phase(s, NULL) == DLX_ERR_NULL, "auto phase: NULL");
    check(dlx_solver_set_cost_limit(s, 1), "cost limit");
    expect(dlx_solver_count_auto(s, digits, sizeof digits, &len) == DLX_ERR_UNSUPPORTED, "auto: a cost limit is refused");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* A node limit stops the count; the next calls go on. */
    m = dominoes(6, 6, NULL);
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 20), "limit");
    int stops = 0;
    dlx_status st;
    while ((st = dlx_solver_count_memo(s, digits, sizeof digits, &len)) == DLX_STOPPED) {
        uint32_t why = 0;
        check(dlx_solver_outcome(s, &why), "outcome");
        stops += why == DLX_OUTCOME_NODE_LIMIT;
    }
    expect(st == DLX_DONE && stops > 2 && strcmp(digits, "6728") == 0, "6x6 dominoes in slices: 6728");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* Beyond 128 bits: the 2 x 300 board has F(301) tilings. */
    m = dominoes(300, 2, NULL);
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    char want[200];
    fibonacci(301, want, sizeof want);
    expect(dlx_solver_count_memo(s, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, want) == 0 && len > 39,
           "2x300 dominoes: F(301), 63 digits");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* Draws: each one a tiling of the 4x6 board. */
    struct cells c = {0};
    m = dominoes(4, 6, &c);
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    expect(dlx_solver_sample(s, 9, 200, covers_once, &c, NULL) == DLX_DONE && c.draws == 200 && !c.bad, "200 draws, each a tiling");
    int calls = 0, result = 0;
    expect(dlx_solver_sample(s, 9, 10, stop_at_three, &calls, &result) == DLX_STOPPED && calls == 3 && result == 42,
           "a callback stops the draws");
    expect(dlx_solver_sample(s, 9, 10, NULL, NULL, NULL) == DLX_ERR_NULL, "NULL callback");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* Two threads: the same counts (either order, and in slices of 150
     * nodes), and the same draws for the same seed as one thread. */
    m = dominoes(8, 8, NULL);
    for (uint32_t order = DLX_MEMO_ORDER_FEWEST; order <= DLX_MEMO_ORDER_FIRST; order++) {
        for (int sliced = 0; sliced < 2; sliced++) {
            check(dlx_solver_new(m, &s), "dlx_solver_new");
            check(dlx_solver_set_threads(s, 2), "threads");
            check(dlx_solver_set_memo_order(s, order), "order");
            if (sliced)
                check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 150), "limit");
            while ((st = dlx_solver_count_memo(s, digits, sizeof digits, &len)) == DLX_STOPPED)
                ;
            expect(st == DLX_DONE && strcmp(digits, "12988816") == 0, sliced ? "8x8 on 2 threads, in slices: 12988816" : "8x8 on 2 threads: 12988816");
            dlx_solver_free(s);
        }
    }
    dlx_matrix_free(m);
    struct draws one = {0}, two = {0};
    m = dominoes(6, 8, NULL);
    for (int threads = 1; threads <= 2; threads++) {
        check(dlx_solver_new(m, &s), "dlx_solver_new");
        check(dlx_solver_set_threads(s, threads), "threads");
        check(dlx_solver_sample(s, 4, DRAWS, record, threads == 1 ? &one : &two, NULL), "draws");
        dlx_solver_free(s);
    }
    expect(one.n == DRAWS && two.n == DRAWS && memcmp(one.sum, two.sum, sizeof one.sum) == 0, "2 threads draw what 1 thread draws");
    dlx_matrix_free(m);

    /* No solution: nothing drawn. */
    struct cells odd = {0};
    m = dominoes(3, 3, &odd);
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    expect(dlx_solver_sample(s, 1, 5, covers_once, &odd, NULL) == DLX_DONE && odd.draws == 0, "no solution: no draw");
    expect(dlx_solver_count_memo(s, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "0") == 0, "3x3: 0");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures != 0;
}
