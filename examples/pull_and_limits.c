/* pull_and_limits: pulls solutions one at a time with dlx_solver_next, then
 * counts under a node limit, resuming after each stop: a limit never gives
 * a silent partial answer (DLX_STOPPED, and the outcome says which limit).
 * Reads a problem in Knuth's format on standard input.
 * Build: cc pull_and_limits.c $(pkg-config --cflags --libs dlx) */
#include <stdio.h>
#include <stdlib.h>

#include <dlx.h>

int main(void)
{
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, stdin);
    dlx_matrix *m = NULL;
    dlx_parse_error *error = NULL;
    dlx_status s = dlx_matrix_parse(text, len, &m, &error);
    if (s == DLX_ERR_PARSE) {
        fprintf(stderr, "line %zu, column %zu: %s\n", dlx_parse_error_line(error),
                dlx_parse_error_column(error), dlx_parse_error_message(error));
        dlx_parse_error_free(error);
        return 1;
    }
    dlx_solver *solver = NULL;
    if (s != DLX_OK || (s = dlx_solver_new(m, &solver)) != DLX_OK) {
        fprintf(stderr, "%s\n", dlx_status_message(s));
        dlx_matrix_free(m);
        return 1;
    }
    /* The first three solutions, by name. */
    const size_t *rows;
    size_t count;
    for (int k = 0; k < 3 && (s = dlx_solver_next(solver, &rows, &count)) == DLX_SOLUTION; k++) {
        printf("solution %d: rows", k + 1);
        for (size_t i = 0; i < count; i++) {
            printf(" %zu", rows[i]);
        }
        printf("\n");
    }
    /* Then all of them again, 1000 nodes per call. */
    dlx_solver_restart(solver);
    dlx_solver_set_limit(solver, DLX_LIMIT_NODES, 1000);
    uint64_t total = 0, part = 0;
    unsigned calls = 1;
    while ((s = dlx_solver_count(solver, &part)) == DLX_STOPPED) {
        uint32_t outcome = 0;
        dlx_solver_outcome(solver, &outcome);
        if (outcome != DLX_OUTCOME_NODE_LIMIT) {
            break;
        }
        total += part;
        calls++;
    }
    total += part;
    if (s == DLX_DONE) {
        printf("count: %llu (in %u calls)\n", (unsigned long long)total, calls);
    } else {
        fprintf(stderr, "count: %s\n", dlx_status_message(s));
    }
    dlx_solver_free(solver);
    dlx_matrix_free(m);
    return s == DLX_DONE ? 0 : 1;
}
