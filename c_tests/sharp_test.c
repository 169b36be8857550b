/* sharp_test: steering the choice of the column to branch on: preferred
 * columns (dlx_matrix_set_preferred, dlx_matrix_is_preferred, '#' names in
 * dlx_matrix_parse), Knuth's rule of DLX2-SHARP and DLX3-SHARP, and
 * dynamic weights (dlx_solver_set_weights).
 *
 * Expected values come from Knuth's programs, built from his sources
 * (dlx2.w with dlx2-sharp.ch, dlx3.w with dlx3-sharp.ch) and run on the
 * same problems: 8 queens with the board columns preferred (his file
 * `r0 #c0 r1 #c1 ...`, the layout of queens_matrix here) has 92 solutions
 * in 1193 nodes, 21312 updates on DLX2-SHARP and 21056 on DLX3-SHARP
 * (where DLX1's tree has 1223 nodes, 21456 updates). So the exact and
 * small engines must give DLX2-SHARP's counters, the general engine
 * DLX3-SHARP's, both by marks set here and by '#' names read. Also: a
 * secondary column's mark changes nothing, NULL arguments get
 * DLX_ERR_NULL and an out-of-range column DLX_ERR_COLUMN_RANGE. With
 * weights, every engine still finds the 92 solutions, each valid
 * (queens_valid), none twice, and a solver found with the weights at
 * work walks the same tree again after a restart (the weights start over).
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

/* Counts every solution of m on `engine`: solutions, nodes, updates. */
static void counters(const dlx_matrix *m, uint32_t engine, uint64_t out[3])
{
    dlx_solver *s = NULL;
    check(dlx_solver_new_with_engine(m, engine, &s), "dlx_solver_new_with_engine");
    uint64_t n = 0;
    check(dlx_solver_count(s, &n), "dlx_solver_count");
    out[0] = n;
    check(dlx_solver_counter(s, DLX_COUNTER_NODES, &out[1]), "nodes");
    check(dlx_solver_counter(s, DLX_COUNTER_UPDATES, &out[2]), "updates");
    dlx_solver_free(s);
}

static int is(const uint64_t got[3], uint64_t solutions, uint64_t nodes, uint64_t updates)
{
    return got[0] == solutions && got[1] == nodes && got[2] == updates;
}

/* 8 queens in Knuth's text, board columns named '#'. */
static char *queens_text(void)
{
    static char text[8192];
    size_t at = 0;
    for (int i = 0; i < 8; i++)
        at += (size_t)sprintf(text + at, "r%d #c%d ", i, i);
    at += (size_t)sprintf(text + at, "|");
    for (int k = 0; k < 15; k++)
        at += (size_t)sprintf(text + at, " a%d", k);
    for (int k = 0; k < 15; k++)
        at += (size_t)sprintf(text + at, " b%d", k);
    at += (size_t)sprintf(text + at, "\n");
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            at += (size_t)sprintf(text + at, "r%d #c%d a%d b%d\n", i, j, i + j, 7 + i - j);
    return text;
}

/* The solutions seen, as bit sets of rows. */
struct seen {
    uint64_t sets[100];
    size_t n;
    int valid;
};

static int note(void *user, const size_t *rows, size_t count)
{
    struct seen *s = user;
    uint64_t set = 0;
    for (size_t k = 0; k < count; k++)
        set |= UINT64_C(1) << rows[k];
    s->valid &= queens_valid(rows, count, 8);
    for (size_t i = 0; i < s->n && i < 100; i++)
        s->valid &= s->sets[i] != set;
    if (s->n < 100)
        s->sets[s->n] = set;
    s->n++;
    return 0;
}

static void weights(void)
{
    dlx_matrix *m = queens_matrix(8);
    uint32_t engines[4] = {DLX_ENGINE_EXACT, DLX_ENGINE_SMALL, DLX_ENGINE_GENERAL, DLX_ENGINE_CELLS};
    for (int e = 0; e < 4; e++) {
        dlx_solver *s = NULL;
        check(dlx_solver_new_with_engine(m, engines[e], &s), "dlx_solver_new_with_engine");
        check(dlx_solver_set_weights(s, 1), "dlx_solver_set_weights");
        struct seen seen = {{0}, 0, 1};
        int res = 0;
        check(dlx_solver_run(s, note, &seen, &res), "dlx_solver_run");
        uint64_t nodes = 0, again = 0, n = 0;
        check(dlx_solver_counter(s, DLX_COUNTER_NODES, &nodes), "nodes");
        check(dlx_solver_restart(s), "dlx_solver_restart");
        check(dlx_solver_count(s, &n), "dlx_solver_count");
        check(dlx_solver_counter(s, DLX_COUNTER_NODES, &again), "nodes");
        char what[80];
        snprintf(what, sizeof what, "weights, engine %u: 92 valid distinct solutions", (unsigned)engines[e]);
        expect(seen.n == 92 && seen.valid, what);
        snprintf(what, sizeof what, "weights, engine %u: the same tree after a restart", (unsigned)engines[e]);
        expect(n == 92 && again == nodes, what);
        dlx_solver_free(s);
    }
    expect(dlx_solver_set_weights(NULL, 1) == DLX_ERR_NULL, "set_weights on NULL: DLX_ERR_NULL");
    dlx_matrix_free(m);
}

int main(void)
{
    weights();
    uint64_t c[3];
    dlx_matrix *m = queens_matrix(8);
    counters(m, DLX_ENGINE_EXACT, c);
    expect(is(c, 92, 1223, 21456), "no preference: DLX1's counters");
    for (size_t j = 0; j < 8; j++)
        check(dlx_matrix_set_preferred(m, 2 * j + 1, 1), "dlx_matrix_set_preferred");
    int p = -1;
    check(dlx_matrix_is_preferred(m, 3, &p), "dlx_matrix_is_preferred");
    expect(p == 1, "column c1 reads back preferred");
    check(dlx_matrix_is_preferred(m, 2, &p), "dlx_matrix_is_preferred");
    expect(p == 0, "row r1 reads back not preferred");
    counters(m, DLX_ENGINE_EXACT, c);
    expect(is(c, 92, 1193, 21312), "exact engine: DLX2-SHARP's counters");
    counters(m, DLX_ENGINE_SMALL, c);
    expect(is(c, 92, 1193, 21312), "small engine: DLX2-SHARP's counters");
    counters(m, DLX_ENGINE_GENERAL, c);
    expect(is(c, 92, 1193, 21056), "general engine: DLX3-SHARP's counters");
    counters(m, DLX_ENGINE_CELLS, c);
    expect(c[0] == 92 && c[1] == 1193, "cells engine: DLX3-SHARP's nodes");
    /* Marks on secondary columns change nothing. */
    for (size_t j = 0; j < 8; j++)
        check(dlx_matrix_set_preferred(m, 2 * j + 1, 0), "dlx_matrix_set_preferred");
    for (size_t k = 16; k < 46; k++)
        check(dlx_matrix_set_preferred(m, k, 1), "dlx_matrix_set_preferred");
    counters(m, DLX_ENGINE_EXACT, c);
    expect(is(c, 92, 1223, 21456), "secondary columns preferred: DLX1's counters");
    expect(dlx_matrix_set_preferred(NULL, 0, 1) == DLX_ERR_NULL, "NULL matrix: DLX_ERR_NULL");
    expect(dlx_matrix_set_preferred(m, 46, 1) == DLX_ERR_COLUMN_RANGE, "column out of range: DLX_ERR_COLUMN_RANGE");
    expect(dlx_matrix_is_preferred(m, 0, NULL) == DLX_ERR_NULL, "NULL out: DLX_ERR_NULL");
    expect(dlx_matrix_is_preferred(m, 46, &p) == DLX_ERR_COLUMN_RANGE, "is_preferred out of range: DLX_ERR_COLUMN_RANGE");
    dlx_matrix_free(m);

    const char *text = queens_text();
    dlx_matrix *t = NULL;
    check(dlx_matrix_parse(text, strlen(text), &t, NULL), "dlx_matrix_parse");
    check(dlx_matrix_is_preferred(t, 1, &p), "dlx_matrix_is_preferred");
    expect(p == 1, "'#c0' read preferred");
    counters(t, DLX_ENGINE_EXACT, c);
    expect(is(c, 92, 1193, 21312), "'#' names, exact engine: DLX2-SHARP's counters");
    counters(t, DLX_ENGINE_GENERAL, c);
    expect(is(c, 92, 1193, 21056), "'#' names, general engine: DLX3-SHARP's counters");
    dlx_matrix_free(t);
    return failures ? 1 : 0;
}
