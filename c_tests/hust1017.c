/* hust1017: HUST 1017 "Exact cover" (seed 003; reference/hust1017.cpp).
 *
 * Input, repeated until end of input: two numbers n m (rows, columns), then
 * n lines "k c1 ... ck": the row has a 1 in the columns c1..ck (1-based).
 * Output, one line per case: "k r1 ... rk", the number of rows of one exact
 * cover followed by their 1-based numbers, or "NO" when there is none.
 *
 * Library use: one dlx_matrix per case (input column c is column c-1), rows
 * added in input order, and dlx_solve_first for the first solution of the
 * search; a table maps the library's row ids back to input row numbers, since
 * rows with k = 0 are not added (the library refuses empty rows, and an empty
 * row never helps a cover).
 *
 * Differences from the original, on purpose:
 * - the rows are printed in increasing order (the original prints them in the
 *   order its search chose them; any order names the same cover);
 * - with m = 0 the empty cover is the answer and "0" is printed (as the
 *   original does); with m > 0 and n = 0 the answer is "NO";
 * - a column outside 1..m, the same column twice in a row, a value too large
 *   (n, m <= 100000) or a truncated case is bad input: message on stderr and
 *   exit code 1 (the original writes outside its arrays or loops forever).
 */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "dlx.h"

#define PROG_NAME "hust1017"
#include "read_input.h"

#define MAX_DIM 100000UL

/* Everything one case allocates, freed together. */
struct work {
    size_t *cols;    /* one row's columns (0-based) */
    size_t *seen;    /* seen[c] == input row number + 1: c already in that row */
    size_t *input_row; /* library row id -> 0-based input row */
    size_t *sol;     /* the solution's row ids */
    dlx_matrix *m;
};

static void release(struct work *w)
{
    free(w->cols);
    free(w->seen);
    free(w->input_row);
    free(w->sol);
    dlx_matrix_free(w->m);
}

static void *alloc_array(size_t n, size_t size)
{
    void *p = calloc(n > 0 ? n : 1, size);
    if (p == NULL) {
        fprintf(stderr, "hust1017: out of memory\n");
        exit(2);
    }
    return p;
}

/* Reads one case after its n; returns 0 on bad input. */
static int solve_case(unsigned long n)
{
    struct work w = {NULL, NULL, NULL, NULL, NULL};
    unsigned long m, i, k, t, c;
    size_t added = 0, count = 0, cap;
    dlx_status st;

    if (!need_number(&m, MAX_DIM, "the column count m"))
        return 0;
    w.cols = alloc_array(m, sizeof *w.cols);
    w.seen = alloc_array(m, sizeof *w.seen);
    w.input_row = alloc_array(n, sizeof *w.input_row);
    cap = m;
    w.sol = alloc_array(cap, sizeof *w.sol);
    w.m = new_matrix(m);

    for (i = 0; i < n; i++) {
        if (!need_number(&k, m, "a row length k (at most m)"))
            goto bad;
        for (t = 0; t < k; t++) {
            if (!need_number(&c, m, "a column number (at most m)"))
                goto bad;
            if (c == 0) {
                fprintf(stderr, "hust1017: column 0 in row %lu (columns are 1-based)\n", i + 1);
                goto bad;
            }
            if (w.seen[c - 1] == i + 1) {
                fprintf(stderr, "hust1017: column %lu twice in row %lu\n", c, i + 1);
                goto bad;
            }
            w.seen[c - 1] = i + 1;
            w.cols[t] = c - 1;
        }
        if (k > 0) {
            size_t id = add_row(w.m, w.cols, k);
            if (id != added) {
                fprintf(stderr, "hust1017: row got id %zu, expected %zu\n", id, added);
                exit(2);
            }
            w.input_row[added++] = i;
        }
    }

    st = dlx_solve_first(w.m, w.sol, cap, &count);
    check(st, "dlx_solve_first");
    if (st == DLX_SOLUTION) {
        size_t j;
        if (count > cap) {
            fprintf(stderr, "hust1017: solution of %zu rows in a buffer of %zu\n", count, cap);
            exit(2);
        }
        for (j = 0; j < count; j++) {
            if (w.sol[j] >= added) {
                fprintf(stderr, "hust1017: row id %zu out of range\n", w.sol[j]);
                exit(2);
            }
            w.sol[j] = w.input_row[w.sol[j]];
        }
        qsort(w.sol, count, sizeof w.sol[0], cmp_size);
        printf("%zu", count);
        for (j = 0; j < count; j++)
            printf(" %zu", w.sol[j] + 1);
        printf("\n");
    } else if (st == DLX_DONE) {
        puts("NO");
    } else {
        fprintf(stderr, "hust1017: unexpected status %u\n", (unsigned)st);
        exit(2);
    }
    release(&w);
    return 1;

bad:
    release(&w);
    return 0;
}

int main(void)
{
    unsigned long n;
    int r;
    while ((r = read_number(&n, MAX_DIM)) == 1) {
        if (!solve_case(n))
            return 1;
    }
    return r == 0 ? 0 : 1;
}
