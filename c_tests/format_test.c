/* format_test: Knuth's text format through the C API, parse -> solve -> write.
 *
 * Input: a problem in Knuth's format (DLX1..DLX5) on standard input.
 * Output on standard output:
 *   text:                         then the matrix as dlx_matrix_write writes it
 *   round trip: ok                when parsing that text and writing it again
 *                                 gives the same bytes
 *   columns: C rows: R names: N1 N2 ...   (dlx_matrix_column_name)
 *   then either
 *   solve: MESSAGE                when making the solver fails
 *                                 (dlx_status_message)
 *   or, for every solution in the order found,
 *   solution K: rows R1 R2 ...    (1-based option numbers, increasing)
 *   followed by each chosen option as written, one per line, in that order;
 *   and last
 *   solutions: N
 * A text that is not in the format: "line L, column C: MESSAGE" on standard
 * error and exit status 1.
 *
 * Expected outputs are facts: the solutions Knuth states for his examples
 * and the canonical form the format's rules give (see dlx-core/src/format/).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    if (buf == NULL)
        return NULL;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                return NULL;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    *len = n;
    return buf;
}

/* The text of a matrix, sized with a first call as dlx.h describes. */
static char *write_text(const dlx_matrix *m, size_t *len)
{
    size_t need = 0;
    char *buf;
    if (dlx_matrix_write(m, NULL, 0, &need) != DLX_ERR_BUFFER_TOO_SMALL)
        return NULL;
    buf = malloc(need + 1);
    if (buf == NULL)
        return NULL;
    check(dlx_matrix_write(m, buf, need + 1, len), "dlx_matrix_write");
    if (*len != need || buf[need] != '\0') {
        free(buf);
        return NULL;
    }
    return buf;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* Prints line `row + 2` of the written text: option `row`. */
static void print_option(const char *text, size_t row)
{
    const char *p = text;
    size_t line;
    for (line = 0; line < row + 1 && p != NULL; line++) {
        p = strchr(p, '\n');
        if (p != NULL)
            p++;
    }
    if (p == NULL) {
        printf("(no such option)\n");
        return;
    }
    printf("%.*s\n", (int)strcspn(p, "\n"), p);
}

int main(void)
{
    size_t len = 0, text_len = 0, again_len = 0, c, k, count, sols = 0;
    char *input = read_all(stdin, &len);
    char *text, *again;
    dlx_matrix *m = NULL, *back = NULL;
    dlx_parse_error *err = NULL;
    dlx_solver *s = NULL;
    const size_t *rows;
    size_t *sorted;
    dlx_status st;

    if (input == NULL) {
        fprintf(stderr, "format_test: out of memory\n");
        return 2;
    }
    st = dlx_matrix_parse(input, len, &m, &err);
    free(input);
    if (st == DLX_ERR_PARSE) {
        fprintf(stderr, "line %zu, column %zu: %s\n", dlx_parse_error_line(err), dlx_parse_error_column(err),
                dlx_parse_error_message(err));
        dlx_parse_error_free(err);
        return 1;
    }
    check(st, "dlx_matrix_parse");

    text = write_text(m, &text_len);
    if (text == NULL) {
        fprintf(stderr, "format_test: dlx_matrix_write broke its size contract\n");
        return 2;
    }
    printf("text:\n%s", text);
    check(dlx_matrix_parse(text, text_len, &back, NULL), "dlx_matrix_parse (round trip)");
    again = write_text(back, &again_len);
    printf("round trip: %s\n", again != NULL && again_len == text_len && memcmp(again, text, text_len) == 0 ? "ok" : "DIFFERS");
    free(again);
    dlx_matrix_free(back);

    printf("columns: %zu rows: %zu names:", dlx_matrix_column_count(m), dlx_matrix_row_count(m));
    for (c = 0; c < dlx_matrix_column_count(m); c++)
        printf(" %s", dlx_matrix_column_name(m, c));
    printf("\n");

    st = dlx_solver_new(m, &s);
    if (st != DLX_OK) {
        printf("solve: %s\n", dlx_status_message(st));
        free(text);
        dlx_matrix_free(m);
        return 0;
    }
    /* With bounds, a solution may hold every row. */
    sorted = malloc((dlx_matrix_row_count(m) + 1) * sizeof *sorted);
    if (sorted == NULL)
        return 2;
    while ((st = dlx_solver_next(s, &rows, &count)) == DLX_SOLUTION) {
        memcpy(sorted, rows, count * sizeof *rows);
        qsort(sorted, count, sizeof *sorted, cmp_size);
        printf("solution %zu: rows", ++sols);
        for (k = 0; k < count; k++)
            printf(" %zu", sorted[k] + 1);
        printf("\n");
        for (k = 0; k < count; k++)
            print_option(text, sorted[k]);
    }
    check(st, "dlx_solver_next");
    printf("solutions: %zu\n", sols);
    free(sorted);
    free(text);
    dlx_solver_free(s);
    dlx_matrix_free(m);
    return 0;
}
