/* api_test: calls every function of dlx.h and provokes every error status.
 *
 * No input; prints one line per check and exits non-zero when any fails.
 * Expected values are facts: 92 solutions of 8-queens, Knuth's DLX1 figures
 * for queens_8 (1,223 nodes, 21,456 updates, as his dlx1 counts them,
 * with the columns and rows in the order of tools/gen_instances.py), and the one solution of
 * the matrix in Knuth's paper (also read from Knuth's text format, whose
 * canonical form is written back byte for byte). DLX_ERR_PANIC cannot be provoked through the
 * API (it only reports a bug); the Rust unit tests check the guard that
 * produces it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common.h"
#include "checks.h"

struct tally {
    size_t seen;
    size_t valid;
    size_t stop_at; /* 0: never stop */
};

static int tally_fn(void *user, const size_t *rows, size_t count)
{
    struct tally *t = user;
    t->seen++;
    t->valid += (size_t)queens_valid(rows, count, 8);
    return t->stop_at != 0 && t->seen == t->stop_at ? 42 : 0;
}

/* The matrix of Knuth's paper: columns A..G, rows C E F, A D G, B C F, A D, B G, D E G. */
static dlx_matrix *knuth_matrix(void)
{
    static const size_t rows[6][3] = {{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3, 0}, {1, 6, 0}, {3, 4, 6}};
    static const size_t len[6] = {3, 3, 3, 2, 2, 3};
    dlx_matrix *m = NULL;
    if (dlx_matrix_new(7, &m) != DLX_OK) {
        return NULL;
    }
    for (size_t r = 0; r < 6; r++) {
        dlx_matrix_add_row(m, rows[r], len[r], NULL);
    }
    return m;
}

/* The header's macros are 64-bit constants usable in constant expressions. */
_Static_assert(DLX_MAX_TOTAL_COST == (uint64_t)1 << 61, "DLX_MAX_TOTAL_COST is 2^61");
_Static_assert(sizeof(DLX_MAX_TOTAL_COST) == 8, "DLX_MAX_TOTAL_COST is 64-bit");
_Static_assert(DLX_POLL_NODES == 1024, "DLX_POLL_NODES");

static void test_version_and_messages(void)
{
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", DLX_VERSION_MAJOR, DLX_VERSION_MINOR, DLX_VERSION_PATCH);
    CHECK(strcmp(dlx_version(), DLX_VERSION) == 0);
    CHECK(strcmp(dlx_version(), expect) == 0);
    /* Every status has its own message, and an unknown one a fallback. */
    for (uint32_t s = DLX_OK; s <= DLX_ERR_NOT_SYMMETRY; s++) {
        const char *msg = dlx_status_message(s);
        int distinct = msg != NULL && msg[0] != '\0';
        for (uint32_t t = DLX_OK; t < s && distinct; t++) {
            distinct = strcmp(msg, dlx_status_message(t)) != 0;
        }
        if (!distinct) {
            printf("FAIL message of status %u\n", (unsigned)s);
            failures++;
        }
    }
    CHECK(strcmp(dlx_status_message(DLX_ERR_NOT_SYMMETRY + 1), "unknown status") == 0);
    CHECK(strcmp(dlx_status_message(DLX_ERR_UNSUPPORTED), "not supported for this matrix or solver (the function's documentation says when)") == 0);
    CHECK(strcmp(dlx_status_message(UINT32_MAX), "unknown status") == 0);
}

static void test_matrix_errors(void)
{
    dlx_matrix *m = (dlx_matrix *)(uintptr_t)1; /* a sentinel: must stay untouched */
    CHECK(dlx_matrix_new(3, NULL) == DLX_ERR_NULL);
    CHECK(dlx_matrix_new(SIZE_MAX, &m) == DLX_ERR_TOO_LARGE);
    CHECK(dlx_matrix_new((size_t)UINT32_MAX, &m) == DLX_ERR_TOO_LARGE);
    CHECK(m == (dlx_matrix *)(uintptr_t)1);

    m = NULL;
    CHECK(dlx_matrix_new(3, &m) == DLX_OK && m != NULL);
    CHECK(dlx_matrix_column_count(m) == 3 && dlx_matrix_row_count(m) == 0);
    CHECK(dlx_matrix_column_count(NULL) == 0 && dlx_matrix_row_count(NULL) == 0);

    size_t row = 777;
    size_t good[2] = {0, 2};
    size_t out_of_range[2] = {0, 3};
    size_t twice[3] = {1, 2, 1};
    size_t too_many[4] = {0, 1, 2, 0};
    CHECK(dlx_matrix_add_row(NULL, good, 2, &row) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_row(m, NULL, 2, &row) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_row(m, good, 0, &row) == DLX_ERR_EMPTY_ROW);
    CHECK(dlx_matrix_add_row(m, NULL, 0, &row) == DLX_ERR_EMPTY_ROW);
    CHECK(dlx_matrix_add_row(m, out_of_range, 2, &row) == DLX_ERR_COLUMN_RANGE);
    CHECK(dlx_matrix_add_row(m, twice, 3, &row) == DLX_ERR_DUPLICATE_COLUMN);
    CHECK(dlx_matrix_add_row(m, too_many, 4, &row) == DLX_ERR_DUPLICATE_COLUMN);
    CHECK(dlx_matrix_add_row(m, good, SIZE_MAX, &row) == DLX_ERR_TOO_LARGE);
    CHECK(row == 777 && dlx_matrix_row_count(m) == 0);

    CHECK(dlx_matrix_add_row(m, good, 2, &row) == DLX_OK && row == 0);
    CHECK(dlx_matrix_add_row(m, good + 1, 1, NULL) == DLX_OK);
    CHECK(dlx_matrix_add_row(m, good, 1, &row) == DLX_OK && row == 2);
    CHECK(dlx_matrix_row_count(m) == 3);

    CHECK(dlx_matrix_set_secondary(NULL, 0) == DLX_ERR_NULL);
    CHECK(dlx_matrix_set_secondary(m, 3) == DLX_ERR_COLUMN_RANGE);
    CHECK(dlx_matrix_set_secondary(m, 1) == DLX_OK);
    CHECK(dlx_matrix_set_secondary(m, 1) == DLX_OK);

    /* Column 1 is secondary: rows {0,2} alone, and {2} with {0}, cover 0 and 2. */
    uint64_t n = 0;
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 2);
    CHECK(dlx_matrix_add_row(m, good + 1, 1, NULL) == DLX_OK); /* {2} again */
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 3);
    dlx_matrix_free(m);
    dlx_matrix_free(NULL);
}

/* Provokes DLX_ERR_OUT_OF_MEMORY in a child process whose address space is
 * limited, so that a large but legal matrix cannot be allocated. Skipped
 * under AddressSanitizer, whose allocator aborts instead of failing. */
static void test_out_of_memory(void)
{
#if defined(__SANITIZE_ADDRESS__)
    printf("skip out-of-memory check under AddressSanitizer\n");
#else
    if (getenv("DLX_SKIP_OOM_TEST") != NULL) {
        printf("skip out-of-memory check (DLX_SKIP_OOM_TEST)\n");
        return;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit lim = {256u << 20, 256u << 20};
        setrlimit(RLIMIT_AS, &lim);
        dlx_matrix *m = NULL;
        dlx_status s = dlx_matrix_new((size_t)UINT32_MAX - 8, &m);
        _exit(s == DLX_ERR_OUT_OF_MEMORY && m == NULL ? 0 : 1);
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
#endif
}

static void test_solver(void)
{
    dlx_matrix *m = queens_matrix(8);
    CHECK(dlx_matrix_row_count(m) == 64);

    dlx_solver *s = (dlx_solver *)(uintptr_t)1;
    CHECK(dlx_solver_new(NULL, &s) == DLX_ERR_NULL);
    CHECK(dlx_solver_new(m, NULL) == DLX_ERR_NULL);
    CHECK(s == (dlx_solver *)(uintptr_t)1);
    CHECK(dlx_solver_new(m, &s) == DLX_OK && s != NULL);

    const size_t *rows = NULL;
    size_t count = 0;
    uint64_t value = 5;
    CHECK(dlx_solver_next(NULL, &rows, &count) == DLX_ERR_NULL);
    CHECK(dlx_solver_next(s, NULL, &count) == DLX_ERR_NULL);
    CHECK(dlx_solver_next(s, &rows, NULL) == DLX_ERR_NULL);
    CHECK(dlx_solver_counter(NULL, DLX_COUNTER_NODES, &value) == DLX_ERR_NULL);
    CHECK(dlx_solver_counter(s, DLX_COUNTER_NODES, NULL) == DLX_ERR_NULL);
    CHECK(dlx_solver_counter(s, DLX_COUNTER_MEMO_BYTES + 1, &value) == DLX_ERR_UNKNOWN_VALUE && value == 5);
    CHECK(dlx_solver_counter(s, UINT32_MAX, &value) == DLX_ERR_UNKNOWN_VALUE && value == 5);
    CHECK(dlx_solver_counter(s, DLX_COUNTER_SOLUTIONS, &value) == DLX_OK && value == 0);

    /* Pull ten solutions one at a time, then the rest through a callback
     * that stops once, then resume to the end. */
    size_t valid = 0, pulled = 0;
    for (; pulled < 10 && dlx_solver_next(s, &rows, &count) == DLX_SOLUTION; pulled++) {
        valid += (size_t)queens_valid(rows, count, 8);
    }
    CHECK(pulled == 10 && valid == 10);

    struct tally t = {0, 0, 30};
    int result = 0;
    CHECK(dlx_solver_run(NULL, tally_fn, &t, &result) == DLX_ERR_NULL);
    CHECK(dlx_solver_run(s, NULL, &t, &result) == DLX_ERR_NULL);
    CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_STOPPED && result == 42 && t.seen == 30);
    t.stop_at = 0;
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_DONE);
    CHECK(pulled + t.seen == 92 && t.valid == t.seen);

    /* Exhausted: DONE again, out-parameters untouched. */
    rows = NULL;
    count = 99;
    CHECK(dlx_solver_next(s, &rows, &count) == DLX_DONE && rows == NULL && count == 99);
    CHECK(dlx_solver_run(s, tally_fn, &t, NULL) == DLX_DONE);

    uint64_t nodes = 0, updates = 0, sols = 0;
    CHECK(dlx_solver_counter(s, DLX_COUNTER_NODES, &nodes) == DLX_OK && nodes == 1223);
    CHECK(dlx_solver_counter(s, DLX_COUNTER_UPDATES, &updates) == DLX_OK && updates == 21456);
    CHECK(dlx_solver_counter(s, DLX_COUNTER_SOLUTIONS, &sols) == DLX_OK && sols == 92);
    dlx_solver_free(s);
    dlx_solver_free(NULL);

    /* The solver keeps its own copy: free the matrix while one runs. */
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    dlx_matrix_free(m);
    size_t total = 0;
    while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION) {
        total += (size_t)queens_valid(rows, count, 8);
    }
    CHECK(total == 92);
    dlx_solver_free(s);
}

static void test_conveniences(void)
{
    dlx_matrix *m = queens_matrix(8);
    struct tally t = {0, 0, 0};
    int result = -1;
    CHECK(dlx_solve(NULL, tally_fn, &t, &result) == DLX_ERR_NULL);
    CHECK(dlx_solve(m, NULL, &t, &result) == DLX_ERR_NULL);
    CHECK(dlx_solve(m, tally_fn, &t, &result) == DLX_DONE && t.seen == 92 && t.valid == 92 && result == -1);
    t = (struct tally){0, 0, 5};
    CHECK(dlx_solve(m, tally_fn, &t, &result) == DLX_STOPPED && result == 42 && t.seen == 5);

    uint64_t n = 7;
    CHECK(dlx_count(NULL, 0, &n) == DLX_ERR_NULL);
    CHECK(dlx_count(m, 0, NULL) == DLX_ERR_NULL && n == 7);
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 92);
    CHECK(dlx_count(m, 10, &n) == DLX_OK && n == 10);
    CHECK(dlx_count(m, 1000, &n) == DLX_OK && n == 92);

    size_t rows[64];
    size_t count = 1234;
    CHECK(dlx_solve_first(NULL, rows, 64, &count) == DLX_ERR_NULL);
    CHECK(dlx_solve_first(m, rows, 64, NULL) == DLX_ERR_NULL);
    CHECK(dlx_solve_first(m, NULL, 64, &count) == DLX_ERR_NULL);
    CHECK(dlx_solve_first(m, rows, 7, &count) == DLX_ERR_BUFFER_TOO_SMALL && count == 1234);
    CHECK(dlx_solve_first(m, rows, 64, &count) == DLX_SOLUTION && queens_valid(rows, count, 8));
    dlx_matrix_free(m);

    /* Knuth's example: the one solution is rows 0, 3, 4 (1, 4, 5 in the paper). */
    m = knuth_matrix();
    CHECK(dlx_solve_first(m, rows, 7, &count) == DLX_SOLUTION && count == 3);
    int seen[6] = {0};
    for (size_t i = 0; i < count && i < 3; i++) {
        seen[rows[i] < 6 ? rows[i] : 0]++;
    }
    CHECK(seen[0] == 1 && seen[3] == 1 && seen[4] == 1);
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 1);
    dlx_matrix_free(m);

    /* No rows cover column 1: no solution, nothing written. */
    CHECK(dlx_matrix_new(2, &m) == DLX_OK);
    size_t c0 = 0;
    CHECK(dlx_matrix_add_row(m, &c0, 1, NULL) == DLX_OK);
    count = 1234;
    CHECK(dlx_solve_first(m, rows, 2, &count) == DLX_DONE && count == 1234);
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 0);
    dlx_matrix_free(m);

    /* No primary column: the empty set is the one solution. A row of
     * secondary columns only is never chosen (as in Knuth's programs). */
    CHECK(dlx_matrix_new(0, &m) == DLX_OK);
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 1);
    CHECK(dlx_solve_first(m, NULL, 0, &count) == DLX_SOLUTION && count == 0);
    dlx_matrix_free(m);
    CHECK(dlx_matrix_new(1, &m) == DLX_OK && dlx_matrix_set_secondary(m, 0) == DLX_OK);
    CHECK(dlx_matrix_add_row(m, &c0, 1, NULL) == DLX_OK);
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 1);
    dlx_matrix_free(m);
}

/* Knuth's text format: dlx_matrix_parse, the dlx_parse_error accessors,
 * dlx_matrix_write, dlx_matrix_column_name; DLX_ERR_PARSE. */
static void test_format(void)
{
    /* The paper's matrix with F and G secondary, as in DLX1's opening: its
     * one solution is rows A D, C E F, B G (0-based rows 3, 0, 4). */
    static const char text[] = "| Knuth's example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    static const char canonical[] = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    dlx_matrix *m = (dlx_matrix *)(uintptr_t)1; /* sentinels: must stay untouched */
    dlx_parse_error *err = (dlx_parse_error *)(uintptr_t)1;
    CHECK(dlx_matrix_parse(NULL, 3, &m, &err) == DLX_ERR_NULL);
    CHECK(dlx_matrix_parse(text, sizeof text - 1, NULL, &err) == DLX_ERR_NULL);
    CHECK(dlx_matrix_parse(text, SIZE_MAX, &m, &err) == DLX_ERR_TOO_LARGE);
    CHECK(m == (dlx_matrix *)(uintptr_t)1 && err == (dlx_parse_error *)(uintptr_t)1);

    CHECK(dlx_matrix_parse(text, sizeof text - 1, &m, &err) == DLX_OK);
    CHECK(err == (dlx_parse_error *)(uintptr_t)1);
    CHECK(dlx_matrix_column_count(m) == 7 && dlx_matrix_row_count(m) == 6);
    CHECK(strcmp(dlx_matrix_column_name(m, 0), "A") == 0 && strcmp(dlx_matrix_column_name(m, 6), "G") == 0);
    CHECK(dlx_matrix_column_name(m, 7) == NULL && dlx_matrix_column_name(NULL, 0) == NULL);
    uint64_t n = 0;
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 1);
    size_t rows[8], count = 0;
    CHECK(dlx_solve_first(m, rows, 8, &count) == DLX_SOLUTION && count == 3);
    int seen[6] = {0};
    for (size_t i = 0; i < count && i < 3; i++) {
        seen[rows[i] < 6 ? rows[i] : 1]++;
    }
    CHECK(seen[0] == 1 && seen[3] == 1 && seen[4] == 1);

    /* Writing: the size first, then the text; *length is set either way. */
    size_t len = 0;
    char buf[128];
    memset(buf, '#', sizeof buf);
    CHECK(dlx_matrix_write(NULL, buf, sizeof buf, &len) == DLX_ERR_NULL);
    CHECK(dlx_matrix_write(m, buf, sizeof buf, NULL) == DLX_ERR_NULL);
    CHECK(dlx_matrix_write(m, NULL, 5, &len) == DLX_ERR_NULL && len == 0);
    CHECK(dlx_matrix_write(m, NULL, 0, &len) == DLX_ERR_BUFFER_TOO_SMALL && len == sizeof canonical - 1);
    len = 0;
    CHECK(dlx_matrix_write(m, buf, sizeof canonical - 1, &len) == DLX_ERR_BUFFER_TOO_SMALL &&
          len == sizeof canonical - 1 && buf[0] == '#');
    CHECK(dlx_matrix_write(m, buf, sizeof canonical, &len) == DLX_OK && len == sizeof canonical - 1 &&
          strcmp(buf, canonical) == 0);
    dlx_matrix_free(m);

    /* A matrix built with dlx_matrix_new has no names; written by index. */
    m = knuth_matrix();
    CHECK(dlx_matrix_column_name(m, 0) == NULL);
    CHECK(dlx_matrix_write(m, buf, sizeof buf, &len) == DLX_OK &&
          strcmp(buf, "0 1 2 3 4 5 6\n2 4 5\n0 3 6\n1 2 5\n0 3\n1 6\n3 4 6\n") == 0);
    dlx_matrix_free(m);

    /* A parse error: where, and what was expected; nothing built. */
    static const char bad[] = "A B\nA C\n";
    m = (dlx_matrix *)(uintptr_t)1;
    err = NULL;
    CHECK(dlx_matrix_parse(bad, sizeof bad - 1, &m, NULL) == DLX_ERR_PARSE);
    CHECK(dlx_matrix_parse(bad, sizeof bad - 1, &m, &err) == DLX_ERR_PARSE && err != NULL);
    CHECK(m == (dlx_matrix *)(uintptr_t)1);
    CHECK(dlx_parse_error_line(err) == 2 && dlx_parse_error_column(err) == 3);
    CHECK(strcmp(dlx_parse_error_message(err), "unknown item `C`: expected a name from the item line") == 0);
    dlx_parse_error_free(err);
    CHECK(dlx_parse_error_line(NULL) == 0 && dlx_parse_error_column(NULL) == 0);
    CHECK(dlx_parse_error_message(NULL) == NULL);
    dlx_parse_error_free(NULL);

    /* Bytes that are not UTF-8: the position of the first bad byte. */
    static const char latin1[] = "A B\nA \xe9 B\n";
    err = NULL;
    CHECK(dlx_matrix_parse(latin1, sizeof latin1 - 1, &m, &err) == DLX_ERR_PARSE && err != NULL);
    CHECK(dlx_parse_error_line(err) == 2 && dlx_parse_error_column(err) == 3);
    CHECK(strncmp(dlx_parse_error_message(err), "invalid UTF-8", 13) == 0);
    dlx_parse_error_free(err);
    /* Empty text: no item line. */
    err = NULL;
    CHECK(dlx_matrix_parse("", 0, &m, &err) == DLX_ERR_PARSE && dlx_parse_error_line(err) == 1);
    dlx_parse_error_free(err);

    /* Colors and bounds are read, solved and written: in both, the one
     * solution is rows 0 and 1 (same color on x; A covered twice). */
    static const char *const general[] = {"A B | x\nA x:1\nB x:1\n", "2|A\nA\nA\n"};
    for (size_t i = 0; i < 2; i++) {
        CHECK(dlx_matrix_parse(general[i], strlen(general[i]), &m, NULL) == DLX_OK);
        CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 1);
        CHECK(dlx_solve_first(m, rows, 8, &count) == DLX_SOLUTION && count == 2 && rows[0] + rows[1] == 1);
        struct tally t = {0, 0, 0};
        int result = 0;
        CHECK(dlx_solve(m, tally_fn, &t, &result) == DLX_DONE && t.seen == 1);
        CHECK(dlx_matrix_write(m, buf, sizeof buf, &len) == DLX_OK && strcmp(buf, general[i]) == 0);
        dlx_matrix_free(m);
    }
}

/* Bounds and colors in code: dlx_matrix_set_bounds, dlx_matrix_bounds,
 * dlx_matrix_add_row_colored, dlx_matrix_entry_color, and their errors;
 * a generalised solver refuses subproblems. */
static void test_bounds_and_colors(void)
{
    /* Columns 0 and 1 primary, 2 secondary. */
    dlx_matrix *m = NULL;
    CHECK(dlx_matrix_new(3, &m) == DLX_OK);
    CHECK(dlx_matrix_set_secondary(m, 2) == DLX_OK);
    uint32_t lo = 9, hi = 9, color = 9;
    CHECK(dlx_matrix_bounds(m, 0, &lo, &hi) == DLX_OK && lo == 1 && hi == 1);
    CHECK(dlx_matrix_bounds(m, 2, &lo, &hi) == DLX_OK && lo == 0 && hi == 1);
    CHECK(dlx_matrix_bounds(m, 3, &lo, &hi) == DLX_ERR_COLUMN_RANGE);
    CHECK(dlx_matrix_bounds(NULL, 0, &lo, &hi) == DLX_ERR_NULL && dlx_matrix_bounds(m, 0, NULL, &hi) == DLX_ERR_NULL);
    CHECK(dlx_matrix_set_bounds(NULL, 0, 1, 2) == DLX_ERR_NULL);
    CHECK(dlx_matrix_set_bounds(m, 3, 1, 2) == DLX_ERR_COLUMN_RANGE);
    CHECK(dlx_matrix_set_bounds(m, 0, 2, 1) == DLX_ERR_BOUNDS);
    CHECK(dlx_matrix_set_bounds(m, 2, 0, 1) == DLX_ERR_BOUNDS);
    CHECK(dlx_matrix_bounds(m, 0, &lo, &hi) == DLX_OK && lo == 1 && hi == 1);
    /* Column 0 between 1 and 2 times. */
    CHECK(dlx_matrix_set_bounds(m, 0, 1, 2) == DLX_OK);
    CHECK(dlx_matrix_bounds(m, 0, &lo, &hi) == DLX_OK && lo == 1 && hi == 2);

    size_t c02[] = {0, 2}, c12[] = {1, 2}, c0[] = {0};
    uint32_t red[] = {0, 1}, blue[] = {0, 2}, on_primary[] = {1, 0};
    size_t row = 99;
    CHECK(dlx_matrix_add_row_colored(NULL, c02, red, 2, &row) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_row_colored(m, c02, NULL, 2, &row) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_row_colored(m, NULL, red, 2, &row) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_row_colored(m, c02, red, 0, &row) == DLX_ERR_EMPTY_ROW);
    CHECK(dlx_matrix_add_row_colored(m, c02, on_primary, 2, &row) == DLX_ERR_COLOR_ON_PRIMARY);
    size_t bad[] = {0, 3};
    CHECK(dlx_matrix_add_row_colored(m, bad, red, 2, &row) == DLX_ERR_COLUMN_RANGE);
    CHECK(row == 99 && dlx_matrix_row_count(m) == 0);
    /* Rows: 0 = {0, 2:red}, 1 = {1, 2:red}, 2 = {1, 2:blue}, 3 = {0}. */
    CHECK(dlx_matrix_add_row_colored(m, c02, red, 2, &row) == DLX_OK && row == 0);
    CHECK(dlx_matrix_add_row_colored(m, c12, red, 2, &row) == DLX_OK && row == 1);
    CHECK(dlx_matrix_add_row_colored(m, c12, blue, 2, NULL) == DLX_OK);
    CHECK(dlx_matrix_add_row(m, c0, 1, &row) == DLX_OK && row == 3);
    CHECK(dlx_matrix_entry_color(m, 2, 1, &color) == DLX_OK && color == 2);
    CHECK(dlx_matrix_entry_color(m, 3, 0, &color) == DLX_OK && color == 0);
    CHECK(dlx_matrix_entry_color(m, 3, 1, &color) == DLX_ERR_COLUMN_RANGE);
    CHECK(dlx_matrix_entry_color(m, 4, 0, &color) == DLX_ERR_ROW_RANGE);
    CHECK(dlx_matrix_entry_color(NULL, 0, 0, &color) == DLX_ERR_NULL && dlx_matrix_entry_color(m, 0, 0, NULL) == DLX_ERR_NULL);

    /* Solutions (column 1 once, column 0 once or twice, one color on 2):
     * {0, 1}, {1, 3}, {0, 1, 3}, {2, 3}: four. */
    uint64_t n = 0;
    CHECK(dlx_count(m, 0, &n) == DLX_OK && n == 4);
    /* Forcing rows 0 and 2 clashes on the color of column 2. */
    dlx_solver *s = NULL;
    CHECK(dlx_solver_new(m, &s) == DLX_OK);
    size_t clash[] = {0, 2}, fine[] = {0, 3};
    CHECK(dlx_solver_force_rows(s, clash, 2) == DLX_ERR_CONFLICT);
    CHECK(dlx_solver_force_rows(s, fine, 2) == DLX_OK);
    const size_t *found = NULL;
    size_t count = 0;
    CHECK(dlx_solver_next(s, &found, &count) == DLX_SOLUTION && count == 3 && found[2] == 1);
    CHECK(dlx_solver_next(s, &found, &count) == DLX_DONE);
    /* The fewest rows: 2. */
    CHECK(dlx_solver_force_rows(s, NULL, 0) == DLX_OK);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1) == DLX_OK);
    while (dlx_solver_next(s, &found, &count) == DLX_SOLUTION) {
    }
    int64_t cost = 0;
    CHECK(dlx_solver_best_count(s) == 1 && dlx_solver_best(s, 0, &found, &count, &cost) == DLX_OK && cost == 2);
    struct tally t = {0, 0, 0};
    CHECK(dlx_solver_subproblems(s, 1, tally_fn, &t, NULL, NULL) == DLX_ERR_UNSUPPORTED && t.seen == 0);
    /* Under a limit of 1 row nothing is found; 3 rows allow the same best. */
    CHECK(dlx_solver_set_cost_limit(NULL, 1) == DLX_ERR_NULL && dlx_solver_clear_cost_limit(NULL) == DLX_ERR_NULL);
    CHECK(dlx_solver_set_cost_limit(s, 1) == DLX_OK);
    CHECK(dlx_solver_next(s, &found, &count) == DLX_DONE && dlx_solver_best_count(s) == 0);
    CHECK(dlx_solver_set_cost_limit(s, 3) == DLX_OK);
    CHECK(dlx_solver_next(s, &found, &count) == DLX_SOLUTION && count <= 3);
    CHECK(dlx_solver_clear_cost_limit(s) == DLX_OK);
    while (dlx_solver_next(s, &found, &count) == DLX_SOLUTION) {
    }
    CHECK(dlx_solver_best(s, 0, &found, &count, &cost) == DLX_OK && cost == 2);
    dlx_solver_free(s);
    dlx_matrix_free(m);
}

/* The text of a matrix in Knuth's format (malloc'd), to compare matrices. */
static char *matrix_text(const dlx_matrix *m)
{
    size_t len = 0;
    if (dlx_matrix_write(m, NULL, 0, &len) != DLX_ERR_BUFFER_TOO_SMALL && len != 0) {
        return NULL;
    }
    char *text = malloc(len + 1);
    if (text != NULL && dlx_matrix_write(m, text, len + 1, &len) != DLX_OK) {
        free(text);
        return NULL;
    }
    return text;
}

/* dlx_matrix_add_rows (all rows or none), dlx_matrix_row,
 * dlx_matrix_is_secondary and dlx_solver_count. */
static void test_bulk_and_count(void)
{
    /* Knuth's paper's rows in CSR form give the matrix knuth_matrix builds
     * row by row. */
    static const size_t starts[7] = {0, 3, 6, 9, 11, 13, 16};
    static const size_t cols[16] = {2, 4, 5, 0, 3, 6, 1, 2, 5, 0, 3, 1, 6, 3, 4, 6};
    dlx_matrix *one = knuth_matrix(), *bulk = NULL;
    CHECK(dlx_matrix_new(7, &bulk) == DLX_OK);
    size_t first = 99, failed = 99;
    CHECK(dlx_matrix_add_rows(NULL, starts, 6, cols, NULL, &first, &failed) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_rows(bulk, NULL, 6, cols, NULL, &first, &failed) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_rows(bulk, starts, 6, NULL, NULL, &first, &failed) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_rows(bulk, NULL, 0, NULL, NULL, &first, NULL) == DLX_OK && first == 0);
    CHECK(dlx_matrix_add_rows(bulk, starts, 6, cols, NULL, &first, &failed) == DLX_OK && first == 0 && failed == 99);
    char *a = matrix_text(one), *b = matrix_text(bulk);
    CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
    free(b);

    /* A bad row anywhere leaves the matrix as it was and is named. */
    static const size_t bad_starts[4] = {0, 2, 4, 6};
    static const size_t dup[6] = {0, 1, 2, 3, 4, 4};
    static const size_t range[6] = {0, 1, 2, 7, 4, 5};
    static const size_t empty_starts[4] = {0, 2, 2, 4};
    static const size_t down_starts[4] = {0, 2, 1, 4};
    CHECK(dlx_matrix_add_rows(bulk, bad_starts, 3, dup, NULL, &first, &failed) == DLX_ERR_DUPLICATE_COLUMN && failed == 2);
    CHECK(dlx_matrix_add_rows(bulk, bad_starts, 3, range, NULL, &first, &failed) == DLX_ERR_COLUMN_RANGE && failed == 1);
    CHECK(dlx_matrix_add_rows(bulk, empty_starts, 3, cols, NULL, &first, &failed) == DLX_ERR_EMPTY_ROW && failed == 1);
    CHECK(dlx_matrix_add_rows(bulk, down_starts, 3, cols, NULL, &first, &failed) == DLX_ERR_INVALID_ARGUMENT && failed == 1);
    static const uint32_t colors[6] = {0, 0, 0, 0, 0, 5};
    CHECK(dlx_matrix_add_rows(bulk, bad_starts, 3, cols, colors, &first, &failed) == DLX_ERR_COLOR_ON_PRIMARY && failed == 2);
    b = matrix_text(bulk);
    CHECK(b != NULL && strcmp(a, b) == 0 && dlx_matrix_row_count(bulk) == 6 && first == 0);
    free(b);

    /* The same rows as a dense 6 x 7 array of bytes, with a stride of 8
     * whose last byte is noise. */
    unsigned char cells[6 * 8];
    memset(cells, 0, sizeof cells);
    for (size_t r = 0; r < 6; r++) {
        for (size_t k = starts[r]; k < starts[r + 1]; k++) {
            cells[r * 8 + cols[k]] = (unsigned char)(1 + r + k);
        }
        cells[r * 8 + 7] = 9;
    }
    dlx_matrix *dense = NULL;
    CHECK(dlx_matrix_new(7, &dense) == DLX_OK);
    CHECK(dlx_matrix_add_rows_dense(dense, cells, 6, 7, 6, &first, &failed) == DLX_ERR_INVALID_ARGUMENT);
    CHECK(dlx_matrix_add_rows_dense(NULL, cells, 6, 7, 8, &first, &failed) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_rows_dense(dense, NULL, 6, 7, 8, &first, &failed) == DLX_ERR_NULL);
    CHECK(dlx_matrix_add_rows_dense(dense, cells, 6, 8, 8, &first, &failed) == DLX_ERR_COLUMN_RANGE && failed == 0);
    CHECK(dlx_matrix_row_count(dense) == 0);
    CHECK(dlx_matrix_add_rows_dense(dense, cells, 6, 7, 8, &first, &failed) == DLX_OK && first == 0);
    b = matrix_text(dense);
    CHECK(b != NULL && strcmp(a, b) == 0);
    free(b);
    cells[3 * 8 + 0] = cells[3 * 8 + 3] = 0;
    CHECK(dlx_matrix_add_rows_dense(dense, cells, 6, 7, 8, &first, &failed) == DLX_ERR_EMPTY_ROW && failed == 3);
    CHECK(dlx_matrix_row_count(dense) == 6);
    dlx_matrix_free(dense);

    /* Colors on a secondary column; the rows read back. */
    CHECK(dlx_matrix_set_secondary(bulk, 6) == DLX_OK);
    int secondary = 7;
    CHECK(dlx_matrix_is_secondary(bulk, 6, &secondary) == DLX_OK && secondary == 1);
    CHECK(dlx_matrix_is_secondary(bulk, 0, &secondary) == DLX_OK && secondary == 0);
    CHECK(dlx_matrix_is_secondary(bulk, 7, &secondary) == DLX_ERR_COLUMN_RANGE && secondary == 0);
    CHECK(dlx_matrix_is_secondary(NULL, 0, &secondary) == DLX_ERR_NULL && dlx_matrix_is_secondary(bulk, 0, NULL) == DLX_ERR_NULL);
    static const size_t two[3] = {0, 2, 4};
    static const size_t colored[4] = {0, 6, 1, 6};
    static const uint32_t hue[4] = {0, 3, 0, 3};
    CHECK(dlx_matrix_add_rows(bulk, two, 2, colored, hue, &first, &failed) == DLX_OK && first == 6);
    uint32_t color = 0;
    CHECK(dlx_matrix_entry_color(bulk, 7, 1, &color) == DLX_OK && color == 3);
    size_t row[8] = {0}, n = 0;
    CHECK(dlx_matrix_row(bulk, 7, NULL, 0, &n) == DLX_ERR_BUFFER_TOO_SMALL && n == 2);
    CHECK(dlx_matrix_row(bulk, 1, row, 8, &n) == DLX_OK && n == 3 && row[0] == 0 && row[1] == 3 && row[2] == 6);
    CHECK(dlx_matrix_row(bulk, 8, row, 8, &n) == DLX_ERR_ROW_RANGE);
    CHECK(dlx_matrix_row(NULL, 0, row, 8, &n) == DLX_ERR_NULL && dlx_matrix_row(bulk, 0, row, 8, NULL) == DLX_ERR_NULL);
    CHECK(dlx_matrix_row(bulk, 0, NULL, 1, &n) == DLX_ERR_NULL);
    free(a);
    dlx_matrix_free(one);
    dlx_matrix_free(bulk);

    /* 92 solutions of 8-queens, whole, and in pieces under a node limit
     * (the pieces add up to 92). */
    dlx_matrix *q = queens_matrix(8);
    dlx_solver *s = NULL;
    uint64_t total = 0, piece = 0;
    uint32_t outcome = 0;
    CHECK(dlx_solver_new(q, &s) == DLX_OK);
    CHECK(dlx_solver_count(NULL, &total) == DLX_ERR_NULL && dlx_solver_count(s, NULL) == DLX_ERR_NULL);
    CHECK(dlx_solver_count(s, &total) == DLX_DONE && total == 92);
    CHECK(dlx_solver_count(s, &piece) == DLX_DONE && piece == 0);
    CHECK(dlx_solver_restart(s) == DLX_OK && dlx_solver_set_limit(s, DLX_LIMIT_NODES, 100) == DLX_OK);
    dlx_status st;
    size_t calls = 0;
    total = 0;
    while ((st = dlx_solver_count(s, &piece)) == DLX_STOPPED) {
        CHECK(dlx_solver_outcome(s, &outcome) == DLX_OK && outcome == DLX_OUTCOME_NODE_LIMIT);
        total += piece;
        calls++;
    }
    total += piece;
    CHECK(st == DLX_DONE && total == 92 && calls > 5);
    dlx_solver_free(s);
    dlx_matrix_free(q);
}

/* Every engine finds the 92 placements of 8 queens, each valid; the exact
 * engine refuses bounds; an objective moves a solver on the small
 * engine to the exact one; bad values and NULLs are refused, writing
 * nothing. */
static void test_engines(void)
{
    dlx_matrix *q = queens_matrix(8);
    const uint32_t engines[] = {DLX_ENGINE_AUTO, DLX_ENGINE_EXACT, DLX_ENGINE_GENERAL, DLX_ENGINE_SMALL, DLX_ENGINE_CELLS};
    /* The library's choice for queens (rows of four columns, links of 2 KB):
     * the small engine, by the documented rule. */
    const uint32_t runs[] = {DLX_ENGINE_SMALL, DLX_ENGINE_EXACT, DLX_ENGINE_GENERAL, DLX_ENGINE_SMALL, DLX_ENGINE_CELLS};
    for (size_t k = 0; k < 5; k++) {
        dlx_solver *s = NULL;
        CHECK(dlx_solver_new_with_engine(q, engines[k], &s) == DLX_OK && s != NULL);
        uint32_t e = 99;
        CHECK(dlx_solver_engine(s, &e) == DLX_OK && e == runs[k]);
        struct tally t = {0, 0, 0};
        int result = -1;
        CHECK(dlx_solver_run(s, tally_fn, &t, &result) == DLX_DONE && t.seen == 92 && t.valid == 92);
        dlx_solver_free(s);
    }
    dlx_solver *s = (dlx_solver *)(uintptr_t)1;
    CHECK(dlx_solver_new_with_engine(q, 5, &s) == DLX_ERR_UNKNOWN_VALUE);
    CHECK(dlx_solver_new_with_engine(NULL, DLX_ENGINE_AUTO, &s) == DLX_ERR_NULL);
    CHECK(dlx_solver_new_with_engine(q, DLX_ENGINE_AUTO, NULL) == DLX_ERR_NULL);
    CHECK(s == (dlx_solver *)(uintptr_t)1);
    s = NULL;
    CHECK(dlx_solver_new(q, &s) == DLX_OK);
    uint32_t e = 99;
    CHECK(dlx_solver_engine(s, NULL) == DLX_ERR_NULL && dlx_solver_engine(NULL, &e) == DLX_ERR_NULL && e == 99);
    CHECK(dlx_solver_engine(s, &e) == DLX_OK && e == DLX_ENGINE_SMALL);
    dlx_solver_free(s);

    /* Rows of two columns whose links fit in 32 KB: DLX1. */
    dlx_matrix *ring = NULL;
    CHECK(dlx_matrix_new(4, &ring) == DLX_OK);
    for (size_t r = 0; r < 4; r++) {
        size_t cols[] = {r, (r + 1) % 4};
        CHECK(dlx_matrix_add_row(ring, cols, 2, NULL) == DLX_OK);
    }
    s = NULL;
    CHECK(dlx_solver_new(ring, &s) == DLX_OK);
    CHECK(dlx_solver_engine(s, &e) == DLX_OK && e == DLX_ENGINE_EXACT);
    uint64_t ways = 0;
    CHECK(dlx_solver_count(s, &ways) == DLX_DONE && ways == 2);
    dlx_solver_free(s);
    dlx_matrix_free(ring);

    /* Column 0 once or twice: two solutions, {0} and {0, 0'}; not for DLX1.
     * The library runs Algorithm M on bit sets (the small engine) for so
     * small a matrix, or on links when asked. */
    dlx_matrix *b = NULL;
    size_t c0[] = {0};
    CHECK(dlx_matrix_new(1, &b) == DLX_OK && dlx_matrix_set_bounds(b, 0, 1, 2) == DLX_OK);
    CHECK(dlx_matrix_add_row(b, c0, 1, NULL) == DLX_OK && dlx_matrix_add_row(b, c0, 1, NULL) == DLX_OK);
    s = (dlx_solver *)(uintptr_t)1;
    CHECK(dlx_solver_new_with_engine(b, DLX_ENGINE_EXACT, &s) == DLX_ERR_UNSUPPORTED && s == (dlx_solver *)(uintptr_t)1);
    const uint32_t bounded_runs[] = {DLX_ENGINE_SMALL, 0, DLX_ENGINE_GENERAL, DLX_ENGINE_SMALL, DLX_ENGINE_CELLS};
    for (size_t k = 0; k < 5; k += 1 + (k == 0)) {
        s = NULL;
        CHECK(dlx_solver_new_with_engine(b, engines[k], &s) == DLX_OK);
        CHECK(dlx_solver_engine(s, &e) == DLX_OK && e == bounded_runs[k]);
        uint64_t n = 0;
        /* {row 0}, {row 1}, {rows 0 and 1}. */
        CHECK(dlx_solver_count(s, &n) == DLX_DONE && n == 3);
        dlx_solver_free(s);
    }
    dlx_matrix_free(b);
    dlx_matrix_free(q);

    /* 100 columns, 700 rows of one column in each quarter: 3,600 nodes of
     * dancing links (57 KB), bit sets of 9 KB. The library picks the small
     * engine, and moves to the exact one for an objective; asked for by
     * name, it moves too (it once refused with DLX_ERR_UNSUPPORTED), and
     * finds the same fewest rows. */
    dlx_matrix *w = NULL;
    CHECK(dlx_matrix_new(100, &w) == DLX_OK);
    for (size_t r = 0; r < 700; r++) {
        size_t cols[] = {r % 25, 25 + r * 7 % 25, 50 + r * 11 % 25, 75 + r * 13 % 25};
        CHECK(dlx_matrix_add_row(w, cols, 4, NULL) == DLX_OK);
    }
    s = NULL;
    CHECK(dlx_solver_new(w, &s) == DLX_OK);
    CHECK(dlx_solver_engine(s, &e) == DLX_OK && e == DLX_ENGINE_SMALL);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1) == DLX_OK);
    CHECK(dlx_solver_engine(s, &e) == DLX_OK && e == DLX_ENGINE_EXACT);
    dlx_solver_free(s);
    s = NULL;
    CHECK(dlx_solver_new_with_engine(w, DLX_ENGINE_SMALL, &s) == DLX_OK);
    CHECK(dlx_solver_set_objective(s, DLX_OBJECTIVE_FEWEST_ROWS, 1) == DLX_OK);
    CHECK(dlx_solver_engine(s, &e) == DLX_OK && e == DLX_ENGINE_EXACT);
    dlx_solver_free(s);
    dlx_matrix_free(w);
}

int main(void)
{
    test_version_and_messages();
    test_matrix_errors();
    test_out_of_memory();
    test_solver();
    test_conveniences();
    test_format();
    test_bounds_and_colors();
    test_bulk_and_count();
    test_engines();
    printf("%s: %d failure(s)\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
