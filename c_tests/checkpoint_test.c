/* checkpoint_test: checkpoints through the C API (dlx_solver_checkpoint,
 * dlx_solver_resume).
 *
 * A search runs in calls of a few hundred nodes; after each call its
 * checkpoint is taken, the solver freed, and a new solver resumes from the
 * text. Expected values are facts: 8 queens have 92 solutions (each
 * checked by queens_valid, none twice); the problem of `costs` below has
 * exactly five solutions, whose costs by hand are 5 (A B CD), 6 (AB CD),
 * 7 (ABCD), 8 (A B C D) and 9 (AB C D), so its three best cost 5, 6, 7.
 * Also: another matrix or another objective is refused with
 * DLX_ERR_CHECKPOINT_MISMATCH, a text cut short or edited with
 * DLX_ERR_CHECKPOINT (the solver left as it was), NULLs with DLX_ERR_NULL,
 * a short buffer with DLX_ERR_BUFFER_TOO_SMALL and the length. No input;
 * prints one line per check.
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

/* The checkpoint of `s` as a malloc'ed text (length in *length). */
static char *checkpoint_of(const dlx_solver *s, size_t *length)
{
    dlx_status st = dlx_solver_checkpoint(s, NULL, 0, length);
    if (st != DLX_ERR_BUFFER_TOO_SMALL) {
        check(st, "dlx_solver_checkpoint (length)");
    }
    char *text = malloc(*length + 1);
    if (text == NULL) {
        exit(2);
    }
    check(dlx_solver_checkpoint(s, text, *length + 1, length), "dlx_solver_checkpoint");
    return text;
}

/* The solutions of a listing, each sorted, for the duplicate check. */
struct found {
    size_t n, valid;
    size_t rows[100][8];
};

static int collect(void *user, const size_t *rows, size_t count)
{
    struct found *f = user;
    f->valid += queens_valid(rows, count, 8);
    if (f->n < 100 && count == 8) {
        memcpy(f->rows[f->n], rows, sizeof f->rows[0]);
        for (size_t a = 1; a < 8; a++) {
            for (size_t b = a; b > 0 && f->rows[f->n][b - 1] > f->rows[f->n][b]; b--) {
                size_t t = f->rows[f->n][b];
                f->rows[f->n][b] = f->rows[f->n][b - 1];
                f->rows[f->n][b - 1] = t;
            }
        }
    }
    f->n++;
    return 0;
}

static dlx_solver *new_solver(const dlx_matrix *m, size_t threads, uint32_t objective, size_t best)
{
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    check(dlx_solver_set_threads(s, threads), "dlx_solver_set_threads");
    if (objective != DLX_OBJECTIVE_ALL) {
        check(dlx_solver_set_objective(s, objective, best), "dlx_solver_set_objective");
    }
    check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 150), "dlx_solver_set_limit");
    return s;
}

/* Runs (or counts) to the end in calls of 150 nodes, resuming a new
 * solver from each call's checkpoint; returns the last solver. */
static dlx_solver *stop_and_resume(const dlx_matrix *m, size_t threads, uint32_t objective, size_t best, int count,
                                   struct found *f, int *rounds)
{
    dlx_solver *s = new_solver(m, threads, objective, best);
    for (*rounds = 0;; ++*rounds) {
        dlx_status st;
        if (count) {
            uint64_t n = 0;
            st = dlx_solver_count(s, &n);
        } else {
            st = dlx_solver_run(s, collect, f, NULL);
        }
        size_t length = 0;
        char *text = checkpoint_of(s, &length);
        if (st == DLX_DONE) {
            free(text);
            return s;
        }
        check(st == DLX_STOPPED ? DLX_OK : st, "run or count");
        dlx_solver_free(s);
        s = new_solver(m, threads, objective, best);
        check(dlx_solver_resume(s, text, length), "dlx_solver_resume");
        free(text);
    }
}

static void queens(size_t threads)
{
    char what[120];
    dlx_matrix *m = queens_matrix(8);
    struct found f = {0};
    int rounds = 0;
    dlx_solver *s = stop_and_resume(m, threads, DLX_OBJECTIVE_ALL, 1, 0, &f, &rounds);
    uint64_t total = 0;
    check(dlx_solver_counter(s, DLX_COUNTER_SOLUTIONS, &total), "dlx_solver_counter");
    int distinct = f.n == 92;
    for (size_t a = 0; distinct && a < f.n; a++) {
        for (size_t b = a + 1; b < f.n; b++) {
            distinct &= memcmp(f.rows[a], f.rows[b], sizeof f.rows[0]) != 0;
        }
    }
    snprintf(what, sizeof what, "8 queens listed on %zu thread(s) over %d resumes: 92 valid, distinct, counter 92", threads, rounds);
    expect(rounds > 5 && f.valid == 92 && distinct && total == 92, what);
    dlx_solver_free(s);

    s = stop_and_resume(m, threads, DLX_OBJECTIVE_ALL, 1, 1, NULL, &rounds);
    check(dlx_solver_counter(s, DLX_COUNTER_SOLUTIONS, &total), "dlx_solver_counter");
    snprintf(what, sizeof what, "8 queens counted on %zu thread(s) over %d resumes: 92", threads, rounds);
    expect(rounds > 5 && total == 92, what);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* Items A B C D; rows AB 3, CD 3, A 1, B 1, C 1, D 5, ABCD 7. */
static dlx_matrix *costs(void)
{
    dlx_matrix *m = new_matrix(4);
    size_t rows[7][4] = {{0, 1}, {2, 3}, {0}, {1}, {2}, {3}, {0, 1, 2, 3}};
    size_t len[7] = {2, 2, 1, 1, 1, 1, 4};
    int64_t cost[7] = {3, 3, 1, 1, 1, 5, 7};
    for (size_t r = 0; r < 7; r++) {
        add_row(m, rows[r], len[r]);
        check(dlx_matrix_set_row_cost(m, r, cost[r]), "dlx_matrix_set_row_cost");
    }
    return m;
}

static void best_three(void)
{
    dlx_matrix *m = costs();
    /* A budget of 1 node per call: a resume after every node. */
    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    check(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 3), "dlx_solver_set_objective");
    int rounds = 0;
    for (;; rounds++) {
        check(dlx_solver_set_limit(s, DLX_LIMIT_NODES, 1), "dlx_solver_set_limit");
        dlx_status st = dlx_solver_run(s, ignore_solution, NULL, NULL);
        if (st == DLX_DONE) {
            break;
        }
        size_t length = 0;
        char *text = checkpoint_of(s, &length);
        dlx_solver_free(s);
        check(dlx_solver_new(m, &s), "dlx_solver_new");
        check(dlx_solver_set_objective(s, DLX_OBJECTIVE_MIN_COST, 3), "dlx_solver_set_objective");
        check(dlx_solver_resume(s, text, length), "dlx_solver_resume");
        free(text);
    }
    int64_t c[3] = {0, 0, 0};
    size_t n = dlx_solver_best_count(s);
    for (size_t i = 0; i < n && i < 3; i++) {
        const size_t *rows = NULL;
        size_t count = 0;
        check(dlx_solver_best(s, i, &rows, &count, &c[i]), "dlx_solver_best");
    }
    expect(rounds > 2 && n == 3 && c[0] == 5 && c[1] == 6 && c[2] == 7, "three best by cost, resumed after every node: 5, 6, 7");
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

static void refusals(void)
{
    dlx_matrix *m = queens_matrix(6), *other = queens_matrix(7);
    dlx_solver *s = new_solver(m, 1, DLX_OBJECTIVE_ALL, 1);
    uint64_t n = 0;
    dlx_solver_count(s, &n);
    size_t length = 0;
    char *text = checkpoint_of(s, &length);

    dlx_solver *o = NULL;
    check(dlx_solver_new(other, &o), "dlx_solver_new");
    expect(dlx_solver_resume(o, text, length) == DLX_ERR_CHECKPOINT_MISMATCH, "another matrix: DLX_ERR_CHECKPOINT_MISMATCH");
    dlx_solver_free(o);
    dlx_solver *b = new_solver(m, 1, DLX_OBJECTIVE_MIN_COST, 1);
    expect(dlx_solver_resume(b, text, length) == DLX_ERR_CHECKPOINT_MISMATCH, "another objective: DLX_ERR_CHECKPOINT_MISMATCH");
    dlx_solver_free(b);

    dlx_solver *fresh = NULL;
    check(dlx_solver_new(m, &fresh), "dlx_solver_new");
    expect(dlx_solver_resume(fresh, text, length - 5) == DLX_ERR_CHECKPOINT, "cut short: DLX_ERR_CHECKPOINT");
    char *edited = malloc(length);
    memcpy(edited, text, length);
    char *digit = strstr(edited, "nodes ") + 6;
    *digit = *digit == '1' ? '2' : '1';
    expect(dlx_solver_resume(fresh, edited, length) == DLX_ERR_CHECKPOINT, "a count edited: DLX_ERR_CHECKPOINT");
    free(edited);
    uint64_t all = 0;
    check(dlx_solver_count(fresh, &all), "dlx_solver_count");
    expect(all == 4, "the refused solver is as it was: 6 queens, 4 solutions");
    dlx_solver_free(fresh);

    size_t len2 = 0;
    char small[4];
    expect(dlx_solver_checkpoint(s, small, sizeof small, &len2) == DLX_ERR_BUFFER_TOO_SMALL && len2 == length,
           "a short buffer: DLX_ERR_BUFFER_TOO_SMALL and the length");
    expect(dlx_solver_checkpoint(NULL, NULL, 0, &len2) == DLX_ERR_NULL && dlx_solver_checkpoint(s, NULL, 0, NULL) == DLX_ERR_NULL &&
               dlx_solver_resume(NULL, text, length) == DLX_ERR_NULL && dlx_solver_resume(s, NULL, 3) == DLX_ERR_NULL,
           "NULLs: DLX_ERR_NULL");
    free(text);
    dlx_solver_free(s);
    dlx_matrix_free(m);
    dlx_matrix_free(other);
}

int main(void)
{
    queens(1);
    queens(2);
    best_three();
    refusals();
    return failures ? 1 : 0;
}
