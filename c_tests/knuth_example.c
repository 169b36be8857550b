/* knuth_example: the exact cover problem (3) of Knuth's paper "Dancing Links"
 * (seed 003), solved with the library, followed by the search statistics.
 *
 * The matrix has 7 columns A..G and 6 rows, numbered from 1 in this order:
 *   1: C E F   2: A D G   3: B C F   4: A D   5: B G   6: D E G
 * Its only exact cover is rows 1, 4, 5.
 *
 * Input: none (standard input is not read).
 * Output: for every solution found, a line "solution: R1 R2 ..." (1-based row
 * numbers in increasing order) followed by one line "row R: COLUMNS" per row;
 * after all solutions, the solver's counters as Knuth's DLX1 counts them:
 *   nodes: N
 *   updates: N
 *   solutions: N
 *
 * Library use: dlx_matrix_new/add_row to build the matrix, a dlx_solver pulled
 * with dlx_solver_next until DLX_DONE (every solution), then dlx_solver_counter
 * for DLX_COUNTER_NODES, _UPDATES and _SOLUTIONS. The expected numbers are
 * computed by checkers/knuth_example.py (an independent Python DLX1 counter),
 * never stored from a run of this program. The seed has no program for this
 * example; the output format is ours.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "dlx.h"

#define NCOLS 7
#define NROWS 6

static const char *const ROWS[NROWS] = {"CEF", "ADG", "BCF", "AD", "BG", "DEG"};

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

static void print_row_columns(size_t row)
{
    const char *p;
    printf("row %zu:", row + 1);
    for (p = ROWS[row]; *p != '\0'; p++)
        printf(" %c", *p);
    printf("\n");
}

int main(void)
{
    dlx_matrix *m = new_matrix(NCOLS);
    dlx_solver *s = NULL;
    size_t r, i;
    uint64_t nodes = 0, updates = 0, solutions = 0;
    dlx_status st;

    for (r = 0; r < NROWS; r++) {
        size_t cols[NCOLS], n = 0, id;
        const char *p;
        for (p = ROWS[r]; *p != '\0'; p++)
            cols[n++] = (size_t)(*p - 'A');
        id = add_row(m, cols, n);
        if (id != r) {
            fprintf(stderr, "knuth_example: row %zu got id %zu\n", r, id);
            return 2;
        }
    }

    check(dlx_solver_new(m, &s), "dlx_solver_new");
    /* The solver copies what it needs: the matrix may go now. */
    dlx_matrix_free(m);

    for (;;) {
        const size_t *rows = NULL;
        size_t count = 0;
        size_t sorted[NROWS];
        st = dlx_solver_next(s, &rows, &count);
        check(st, "dlx_solver_next");
        if (st == DLX_DONE)
            break;
        if (st != DLX_SOLUTION || count > NROWS) {
            fprintf(stderr, "knuth_example: unexpected status %u / count %zu\n",
                    (unsigned)st, count);
            dlx_solver_free(s);
            return 2;
        }
        for (i = 0; i < count; i++) {
            if (rows[i] >= NROWS) {
                fprintf(stderr, "knuth_example: row id %zu out of range\n", rows[i]);
                dlx_solver_free(s);
                return 2;
            }
            sorted[i] = rows[i];
        }
        qsort(sorted, count, sizeof sorted[0], cmp_size);
        printf("solution:");
        for (i = 0; i < count; i++)
            printf(" %zu", sorted[i] + 1);
        printf("\n");
        for (i = 0; i < count; i++)
            print_row_columns(sorted[i]);
    }

    check(dlx_solver_counter(s, DLX_COUNTER_NODES, &nodes), "dlx_solver_counter(nodes)");
    check(dlx_solver_counter(s, DLX_COUNTER_UPDATES, &updates), "dlx_solver_counter(updates)");
    check(dlx_solver_counter(s, DLX_COUNTER_SOLUTIONS, &solutions),
          "dlx_solver_counter(solutions)");
    printf("nodes: %llu\n", (unsigned long long)nodes);
    printf("updates: %llu\n", (unsigned long long)updates);
    printf("solutions: %llu\n", (unsigned long long)solutions);
    dlx_solver_free(s);
    return 0;
}
