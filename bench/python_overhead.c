/* The C side of bench/python.py: the same work as the Python package does,
 * through the C API directly, timed in process.
 *
 *   python_overhead count FILE REPS   parse a Knuth file, then REPS times:
 *                                     make a solver, count, free it
 *   python_overhead build FILE REPS   read rows (binary: uint64 rows,
 *                                     columns, entries per row, then the
 *                                     column indices as uint64), then REPS
 *                                     times: a new matrix, add_row per row
 *
 * Prints the median seconds of one repetition, then the count or the
 * number of rows (so the caller checks both sides did the same work).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc(*len + 1);
    if (data == NULL || fread(data, 1, *len, f) != *len) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    return data;
}

static void must(dlx_status s, const char *what)
{
    if (s >= DLX_ERR_NULL) {
        fprintf(stderr, "%s: %s\n", what, dlx_status_message(s));
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: python_overhead count|build FILE REPS\n");
        return 2;
    }
    int reps = atoi(argv[3]);
    double *t = calloc((size_t)reps, sizeof *t);
    size_t len;
    char *data = slurp(argv[2], &len);
    uint64_t result = 0;
    if (strcmp(argv[1], "count") == 0) {
        dlx_matrix *m = NULL;
        must(dlx_matrix_parse(data, len, &m, NULL), "dlx_matrix_parse");
        for (int i = 0; i < reps; i++) {
            double t0 = now();
            dlx_solver *s = NULL;
            must(dlx_solver_new(m, &s), "dlx_solver_new");
            must(dlx_solver_count(s, &result), "dlx_solver_count");
            dlx_solver_free(s);
            t[i] = now() - t0;
        }
        dlx_matrix_free(m);
    } else {
        const uint64_t *head = (const uint64_t *)data;
        size_t rows = head[0], columns = head[1], k = head[2];
        size_t *cols = malloc(rows * k * sizeof *cols);
        for (size_t i = 0; i < rows * k; i++) {
            cols[i] = head[3 + i];
        }
        for (int i = 0; i < reps; i++) {
            double t0 = now();
            dlx_matrix *m = NULL;
            must(dlx_matrix_new(columns, &m), "dlx_matrix_new");
            for (size_t r = 0; r < rows; r++) {
                must(dlx_matrix_add_row(m, cols + r * k, k, NULL), "dlx_matrix_add_row");
            }
            t[i] = now() - t0;
            result = dlx_matrix_row_count(m);
            dlx_matrix_free(m);
        }
        free(cols);
    }
    qsort(t, (size_t)reps, sizeof *t, by_value);
    printf("%.6f %llu\n", t[reps / 2], (unsigned long long)result);
    free(t);
    free(data);
    return 0;
}
