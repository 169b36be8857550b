/* Bounded reading of unsigned decimal numbers from stdin, shared by
 * easy_finding.c, hust1017.c and p4929.c (with the row reader of the 0/1
 * matrix format of easy_finding.c and p4929.c, and the size_t comparison
 * for qsort that hust1017.c and p4929.c use). Define PROG_NAME (a string
 * literal) before including: it starts every message on stderr. */
#ifndef DLX_C_TESTS_READ_INPUT_H
#define DLX_C_TESTS_READ_INPUT_H

#include <stdio.h>
#include <stdlib.h>

#ifndef PROG_NAME
#error "define PROG_NAME before including read_input.h"
#endif

/* The next unsigned decimal number on stdin, at most max.
 * Returns 1 (value in *out), 0 (only white space was left), -1 (bad input,
 * message printed). */
static inline int read_number(unsigned long *out, unsigned long max)
{
    unsigned long v = 0;
    int ch;
    do {
        ch = getchar();
    } while (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r');
    if (ch == EOF) {
        if (ferror(stdin)) {
            fprintf(stderr, PROG_NAME ": read error\n");
            return -1;
        }
        return 0;
    }
    if (ch < '0' || ch > '9') {
        fprintf(stderr, PROG_NAME ": unexpected character '%c' in input\n", ch);
        return -1;
    }
    while (ch >= '0' && ch <= '9') {
        unsigned long d = (unsigned long)(ch - '0');
        if (d > max || v > (max - d) / 10) {
            fprintf(stderr, PROG_NAME ": number larger than %lu in input\n", max);
            return -1;
        }
        v = v * 10 + d;
        ch = getchar();
    }
    if (ch != EOF)
        ungetc(ch, stdin);
    *out = v;
    return 1;
}

/* Reads a number that must be there (end of input is an error too). */
static inline int need_number(unsigned long *out, unsigned long max, const char *what)
{
    int r = read_number(out, max);
    if (r == 0)
        fprintf(stderr, PROG_NAME ": input ends where %s was expected\n", what);
    return r == 1;
}

/* Checks that only white space is left on stdin; otherwise prints that
 * `what` should have been the end and returns 0. */
static inline int need_end(const char *what)
{
    unsigned long extra;
    int r = read_number(&extra, (unsigned long)-1);
    if (r == 1)
        fprintf(stderr, PROG_NAME ": unexpected text after %s\n", what);
    return r == 0;
}

/* Reads one matrix row of ncols values 0/1 and puts the (0-based) columns
 * of its 1s into cols, *n of them. Returns 0 on bad input (message printed). */
static inline int read_01_row(size_t *cols, unsigned long ncols, size_t *n)
{
    unsigned long v;
    *n = 0;
    for (unsigned long j = 0; j < ncols; j++) {
        if (!need_number(&v, 1, "a matrix value 0 or 1"))
            return 0;
        if (v == 1)
            cols[(*n)++] = j;
    }
    return 1;
}

/* qsort comparison of two size_t values. */
static inline int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

#endif
