/* zdd_test: the diagram of all solutions through the C API (dlx_solver_zdd,
 * dlx_zdd_count, dlx_zdd_count_by_size, dlx_zdd_least_cost,
 * dlx_zdd_write).
 *
 * Expected values are facts or independent checks: 8 queens have 92
 * solutions, each of 8 queens; the text written is read back here by a
 * reader of Knuth's DLX6 format (lines "ID: (~V?LO:HI)", ids in hex, the
 * root the hi of the line of variable 0) whose path count must be 92 and
 * whose every path must place 8 queens that do not attack each other; the
 * least cost of a costed 4x4 domino board is the least found by
 * enumerating every tiling with the plain search. Also: a short buffer gets
 * DLX_ERR_BUFFER_TOO_SMALL and the length, a writer that refuses stops the
 * writing, a memory limit too small is DLX_ERR_OUT_OF_MEMORY, NULL
 * arguments get DLX_ERR_NULL. No input; prints one line per check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "text_sink.h"

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

/* A diagram as read: node i is (var[i], lo[i], hi[i]). */
#define MAX_NODES 100000
static unsigned long var[MAX_NODES], lo[MAX_NODES], hi[MAX_NODES];
static uint64_t paths[MAX_NODES];
static int known[MAX_NODES];

/* Reads the text; returns the root (hi of the variable-0 line), or 0 on a
 * malformed text. */
static unsigned long read_text(const char *s)
{
    unsigned long root = 0;
    int seen_root = 0;
    memset(known, 0, sizeof known);
    while (*s) {
        unsigned long id, v, l, h;
        int used = 0;
        if (sscanf(s, "%lx: (~%lu?%lx:%lx)%n", &id, &v, &l, &h, &used) != 4 || id < 2 || id >= MAX_NODES)
            return 0;
        if (v == 0) {
            root = h;
            seen_root = 1;
        } else {
            var[id] = v, lo[id] = l, hi[id] = h;
        }
        s += used;
        while (*s == '\n')
            s++;
    }
    return seen_root ? root : 0;
}

/* Paths from `at` to the node 1. */
static uint64_t count_paths(unsigned long at)
{
    if (at < 2)
        return at;
    if (!known[at]) {
        paths[at] = count_paths(lo[at]) + count_paths(hi[at]);
        known[at] = 1;
    }
    return paths[at];
}

/* Whether every path from `at` gives 8 queens that do not attack. */
static int all_valid(unsigned long at, size_t *rows, size_t depth)
{
    if (at == 0)
        return 1;
    if (at == 1)
        return queens_valid(rows, depth, 8);
    if (depth >= 64)
        return 0;
    if (!all_valid(lo[at], rows, depth))
        return 0;
    rows[depth] = var[at] - 1;
    return all_valid(hi[at], rows, depth + 1);
}

/* The least cost over every tiling, by the plain search. */
struct least {
    const dlx_matrix *m;
    int64_t best;
    int any;
};

static int note_cost(void *user, const size_t *rows, size_t count)
{
    struct least *l = user;
    int64_t sum = 0, c = 0;
    for (size_t i = 0; i < count; i++) {
        check(dlx_matrix_row_cost(l->m, rows[i], &c), "row cost");
        sum += c;
    }
    if (!l->any || sum < l->best)
        l->best = sum, l->any = 1;
    return 0;
}

int main(void)
{
    char digits[64];
    size_t len = 0;
    dlx_matrix *m = queens_matrix(8);
    dlx_solver *s = NULL;
    dlx_zdd *z = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    expect(dlx_solver_zdd(s, NULL) == DLX_ERR_NULL && dlx_solver_zdd(NULL, &z) == DLX_ERR_NULL && z == NULL, "NULL arguments");
    check(dlx_solver_zdd(s, &z), "dlx_solver_zdd");
    uint64_t nodes = 0;
    check(dlx_zdd_nodes(z, &nodes), "nodes");
    expect(nodes > 0 && nodes < MAX_NODES, "a diagram of some nodes");
    expect(dlx_zdd_count(z, digits, 2, &len) == DLX_ERR_BUFFER_TOO_SMALL && len == 2, "a short buffer gets the length");
    expect(dlx_zdd_count(z, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "92") == 0, "8 queens: 92");
    expect(dlx_zdd_count_by_size(z, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "0 0 0 0 0 0 0 0 92") == 0,
           "8 queens: 92 solutions of 8 rows");
    struct text t = {0};
    expect(dlx_zdd_write(z, keep, &t) == DLX_DONE && t.length > 0, "written");
    unsigned long root = read_text(t.bytes);
    expect(root >= 2 && count_paths(root) == 92, "read back: 92 paths");
    size_t rows[64];
    expect(all_valid(root, rows, 0), "every path places 8 queens");
    t.refuse = 1;
    expect(dlx_zdd_write(z, keep, &t) == DLX_STOPPED, "a writer that refuses stops the writing");
    expect(dlx_zdd_write(z, NULL, &t) == DLX_ERR_NULL, "NULL writer");
    free(t.bytes);
    dlx_zdd_free(z);
    z = NULL;
    check(dlx_solver_set_memo_memory(s, 100), "memory");
    expect(dlx_solver_zdd(s, &z) == DLX_ERR_OUT_OF_MEMORY && z == NULL, "past the memory limit: no diagram");
    dlx_solver_free(s);
    dlx_matrix_free(m);

    /* A 4x4 domino board, each domino costing (r * 7 + 3) mod 11. */
    m = new_matrix(16);
    size_t r = 0;
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 4; j++) {
            size_t a = 4 * i + j, pairs[2][2] = {{a, a + 1}, {a, a + 4}};
            int has[2] = {j + 1 < 4, i + 1 < 4};
            for (int d = 0; d < 2; d++)
                if (has[d]) {
                    add_row(m, pairs[d], 2);
                    check(dlx_matrix_set_row_cost(m, r, (int64_t)((r * 7 + 3) % 11)), "cost");
                    r++;
                }
        }
    struct least l = {m, 0, 0};
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    dlx_status st = dlx_solver_run(s, note_cost, &l, NULL);
    expect(st == DLX_DONE && l.any, "every tiling enumerated");
    check(dlx_solver_zdd(s, &z), "dlx_solver_zdd");
    expect(dlx_zdd_count(z, digits, sizeof digits, &len) == DLX_DONE && strcmp(digits, "36") == 0, "4x4 dominoes: 36");
    size_t chosen[16], count = 0;
    int64_t cost = -1;
    expect(dlx_zdd_least_cost(z, chosen, 2, &count, &cost) == DLX_ERR_BUFFER_TOO_SMALL && count == 8, "a short row buffer gets the count");
    expect(dlx_zdd_least_cost(z, chosen, 16, &count, &cost) == DLX_DONE && cost == l.best, "the least cost: the enumeration's");
    int64_t sum = 0, c = 0;
    for (size_t i = 0; i < count; i++) {
        check(dlx_matrix_row_cost(m, chosen[i], &c), "row cost");
        sum += c;
    }
    expect(count == 8 && sum == cost, "its rows cost what it says");
    expect(dlx_zdd_least_cost(z, chosen, 16, &count, NULL) == DLX_ERR_NULL, "NULL cost");
    dlx_zdd_free(z);
    dlx_solver_free(s);
    dlx_matrix_free(m);
    dlx_zdd_free(NULL);
    return failures != 0;
}
