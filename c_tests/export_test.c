/* export_test: the matrix as DIMACS CNF and as OPB through the C API
 * (dlx_matrix_write_cnf, dlx_matrix_write_opb).
 *
 * Expected values come from an independent checker written here: the CNF
 * text is read back and its models counted by trying every assignment of
 * its variables (cut where a clause fails), which must equal dlx_count's;
 * the OPB text is read back and, over every assignment of the rows, its
 * constraints checked and its objective minimised, which must equal
 * dlx_solve_best's least cost. On Knuth's example (one solution) and on
 * a few hundred random small matrices with secondary columns and
 * multiplicities. Also checked: a writer that refuses stops the writing,
 * NULLs and an unknown objective get their status. No input; one line
 * per check. The wrong code it catches: a clause dropped from a column's
 * counter (more models than solutions), a row without a primary column
 * left free, an objective line with costs of the wrong sign.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "text_sink.h"

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

#define MAXV 60
#define MAXLIT 4096

/* § A DIMACS reader and a counter that tries every assignment. */

struct cnf {
    int variables, clauses;
    int lits[MAXLIT]; /* the clauses, each ended by 0 */
    int nlits;
};

static int read_cnf(const char *text, struct cnf *f)
{
    f->variables = f->clauses = f->nlits = 0;
    const char *p = text;
    while (*p == 'c') /* comments */
        p = strchr(p, '\n') + 1;
    if (sscanf(p, "p cnf %d %d", &f->variables, &f->clauses) != 2)
        return 0;
    p = strchr(p, '\n') + 1;
    int seen = 0;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        if (f->nlits >= MAXLIT)
            return 0;
        f->lits[f->nlits++] = (int)v;
        seen += v == 0;
        p = end;
    }
    return seen == f->clauses;
}

/* Whether clause `c` (its literals from lits[start[c]] to the 0) holds
 * under the assignment `value` (1-based variables). */
static int holds(const struct cnf *f, int from, const signed char *value)
{
    for (int i = from; f->lits[i] != 0; i++) {
        int l = f->lits[i];
        if ((l > 0) == (value[abs(l)] == 1))
            return 1;
    }
    return 0;
}

/* Tries both values of variable v, checking every clause whose largest
 * variable is v, and counts the assignments of all that satisfy all. */
static long walk(const struct cnf *f, const int *last, const int *from, int nclauses, int v, signed char *value)
{
    if (v > f->variables)
        return 1;
    long total = 0;
    for (int b = 0; b < 2; b++) {
        value[v] = (signed char)b;
        int ok = 1;
        for (int c = 0; c < nclauses && ok; c++)
            if (last[c] == v)
                ok = holds(f, from[c], value);
        if (ok)
            total += walk(f, last, from, nclauses, v + 1, value);
    }
    return total;
}

/* The number of models: every assignment tried, in variable order, a
 * branch cut once a clause of assigned variables fails. */
static long count_models(const struct cnf *f)
{
    static int last[MAXLIT], from[MAXLIT];
    static signed char value[MAXLIT];
    int n = 0, at = 0;
    for (int i = 0; i < f->nlits; i++) {
        if (f->lits[i] == 0) {
            int most = 0;
            for (int j = at; j < i; j++)
                most = abs(f->lits[j]) > most ? abs(f->lits[j]) : most;
            last[n] = most, from[n] = at, n++;
            at = i + 1;
        }
    }
    return walk(f, last, from, n, 1, value);
}

/* § An OPB reader: "min: +c x1 ... ;" and constraints "+a x1 ... >= k ;"
 * or "= k ;", tried over every assignment of the rows. */

#define MAXCON 256
#define MAXTERM 64

struct opb {
    int nobj, obj_coef[MAXTERM], obj_var[MAXTERM];
    int ncon, nterm[MAXCON], coef[MAXCON][MAXTERM], var[MAXCON][MAXTERM], rhs[MAXCON];
    int equal[MAXCON];
    int variables;
};

/* Reads "+a xN" terms up to a relation or ';'; returns where it stopped. */
static const char *terms(const char *p, int *n, int *coef, int *var, int *most)
{
    *n = 0;
    for (;;) {
        while (*p == ' ')
            p++;
        if (*p != '+' && *p != '-')
            return p;
        char *end;
        long a = strtol(p, &end, 10);
        p = end;
        while (*p == ' ')
            p++;
        if (*p != 'x' || *n >= MAXTERM)
            return NULL;
        long v = strtol(p + 1, &end, 10);
        p = end;
        coef[*n] = (int)a, var[*n] = (int)v - 1, (*n)++;
        if (v > *most)
            *most = (int)v;
    }
}

static int read_opb(const char *text, struct opb *o)
{
    memset(o, 0, sizeof *o);
    for (const char *p = text; *p; p = strchr(p, '\n') + 1) {
        if (*p == '*') {
            if (!strchr(p, '\n'))
                break;
            continue;
        }
        if (strncmp(p, "min:", 4) == 0) {
            if (!terms(p + 4, &o->nobj, o->obj_coef, o->obj_var, &o->variables))
                return 0;
        } else {
            int k = o->ncon;
            if (k >= MAXCON)
                return 0;
            const char *q = terms(p, &o->nterm[k], o->coef[k], o->var[k], &o->variables);
            if (!q)
                return 0;
            if (q[0] == '>' && q[1] == '=')
                o->equal[k] = 0, q += 2;
            else if (q[0] == '=')
                o->equal[k] = 1, q += 1;
            else
                return 0;
            o->rhs[k] = (int)strtol(q, NULL, 10);
            o->ncon++;
        }
        if (!strchr(p, '\n'))
            break;
    }
    return 1;
}

/* The least objective over the assignments meeting every constraint:
 * 1 and *best set, or 0 when none does. */
static int opb_optimum(const struct opb *o, long *best)
{
    int found = 0;
    for (uint32_t a = 0; a < (1u << o->variables); a++) {
        int ok = 1;
        for (int k = 0; k < o->ncon && ok; k++) {
            long sum = 0;
            for (int i = 0; i < o->nterm[k]; i++)
                sum += o->coef[k][i] * (long)((a >> o->var[k][i]) & 1);
            ok = o->equal[k] ? sum == o->rhs[k] : sum >= o->rhs[k];
        }
        if (!ok)
            continue;
        long value = 0;
        for (int i = 0; i < o->nobj; i++)
            value += o->obj_coef[i] * (long)((a >> o->obj_var[i]) & 1);
        if (!found || value < *best)
            *best = value;
        found = 1;
    }
    return found;
}

/* § The checks. */

static uint64_t state = 88172645463325252ull;
static uint32_t below(uint32_t n)
{
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return (uint32_t)(state % n);
}

/* A random matrix: 4-5 columns (the last maybe secondary, the first maybe
 * with bounds 0..2), 3-9 rows of 1-3 columns, costs 0..5. */
static dlx_matrix *random_matrix(void)
{
    size_t columns = 4 + below(2), rows = 3 + below(7);
    dlx_matrix *m = NULL;
    if (dlx_matrix_new(columns, &m) != DLX_OK)
        return NULL;
    if (below(2))
        dlx_matrix_set_secondary(m, columns - 1);
    if (below(3) == 0)
        dlx_matrix_set_bounds(m, 0, 0, 2);
    for (size_t r = 0; r < rows; r++) {
        size_t cols[3], n = 1 + below(3), k = 0;
        for (size_t i = 0; i < n; i++) {
            size_t c = below((uint32_t)columns);
            int dup = 0;
            for (size_t j = 0; j < k; j++)
                dup |= cols[j] == c;
            if (!dup)
                cols[k++] = c;
        }
        size_t row;
        dlx_matrix_add_row(m, cols, k, &row);
        dlx_matrix_set_row_cost(m, row, below(6));
    }
    return m;
}

int main(void)
{
    /* Knuth's example: one solution, rows 0, 3 and 4. */
    static const size_t rows[6][3] = {{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}};
    static const size_t len[6] = {3, 3, 3, 2, 2, 3};
    dlx_matrix *m = NULL;
    dlx_matrix_new(7, &m);
    for (int r = 0; r < 6; r++)
        dlx_matrix_add_row(m, rows[r], len[r], NULL);
    struct text t = {0};
    static struct cnf f;
    expect(dlx_matrix_write_cnf(m, keep, &t) == DLX_DONE && read_cnf(t.bytes, &f) && count_models(&f) == 1,
           "Knuth's example: one model");
    t.refuse = 1;
    expect(dlx_matrix_write_cnf(m, keep, &t) == DLX_STOPPED, "a writer that refuses: DLX_STOPPED");
    expect(dlx_matrix_write_cnf(NULL, keep, &t) == DLX_ERR_NULL && dlx_matrix_write_cnf(m, NULL, &t) == DLX_ERR_NULL,
           "NULL matrix or writer: DLX_ERR_NULL");
    expect(dlx_matrix_write_opb(m, 99, keep, &t) == DLX_ERR_UNKNOWN_VALUE, "objective 99: DLX_ERR_UNKNOWN_VALUE");
    t.refuse = 0;
    dlx_matrix_free(m);

    int counts_agree = 1, optima_agree = 1, tried = 0;
    static struct opb o;
    for (int k = 0; k < 400; k++) {
        m = random_matrix();
        t.length = 0;
        if (!m || dlx_matrix_write_cnf(m, keep, &t) != DLX_DONE || !read_cnf(t.bytes, &f)) {
            counts_agree = 0;
            dlx_matrix_free(m);
            continue;
        }
        if (f.variables <= MAXV) {
            uint64_t want = 0;
            dlx_count(m, 0, &want);
            counts_agree &= count_models(&f) == (long)want;
            tried++;
        }
        static const uint32_t objectives[3] = {DLX_OBJECTIVE_MIN_COST, DLX_OBJECTIVE_MAX_COST, DLX_OBJECTIVE_FEWEST_ROWS};
        uint32_t objective = objectives[k % 3];
        t.length = 0;
        if (dlx_matrix_write_opb(m, objective, keep, &t) != DLX_DONE || !read_opb(t.bytes, &o)) {
            optima_agree = 0;
        } else if (o.variables <= 20) { /* 2^20 assignments at most */
            size_t best[16], n = 0;
            int64_t cost = 0;
            long got = 0;
            dlx_status st = dlx_solve_best(m, objective, best, 16, &n, &cost);
            int found = opb_optimum(&o, &got);
            /* Max cost: the OPB minimises the negated costs. */
            long want = objective == DLX_OBJECTIVE_MAX_COST ? -(long)cost : (long)cost;
            if (objective == DLX_OBJECTIVE_FEWEST_ROWS)
                want = (long)n;
            optima_agree &= st == DLX_SOLUTION ? (found && got == want) : (st == DLX_DONE && !found);
        }
        dlx_matrix_free(m);
    }
    char what[96];
    snprintf(what, sizeof what, "CNF models equal the count on %d random matrices", tried);
    expect(counts_agree && tried > 100, what);
    expect(optima_agree, "OPB optima equal dlx_solve_best's on random matrices");
    free(t.bytes);
    return failures ? 1 : 0;
}
