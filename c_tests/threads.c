/* threads: several solvers on one matrix at once, in different threads.
 *
 * The header promises that calls taking a const dlx_matrix * may run in
 * parallel on one matrix. Eight threads share one 10-queens matrix; half
 * pull every solution through their own dlx_solver, half call dlx_count,
 * all at the same time (a barrier starts them together). Each must find
 * 724 solutions (the known count for 10 queens), each solution valid.
 * Under ThreadSanitizer or helgrind this also shows there is no data race.
 * No input; prints one line per thread.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "common.h"

enum { N = 10, THREADS = 8, ROUNDS = 3 };

static const dlx_matrix *shared_matrix;
static pthread_barrier_t start;

struct job {
    int id;
    uint64_t found;
    uint64_t valid;
    int error;
};

static void *work(void *arg)
{
    struct job *job = arg;
    pthread_barrier_wait(&start);
    for (int round = 0; round < ROUNDS; round++) {
        if (job->id % 2 == 0) {
            dlx_solver *s = NULL;
            if (dlx_solver_new(shared_matrix, &s) != DLX_OK) {
                job->error = 1;
                return NULL;
            }
            const size_t *rows;
            size_t count;
            while (dlx_solver_next(s, &rows, &count) == DLX_SOLUTION) {
                job->found++;
                job->valid += (uint64_t)queens_valid(rows, count, N);
            }
            dlx_solver_free(s);
        } else {
            uint64_t n = 0;
            if (dlx_count(shared_matrix, 0, &n) != DLX_OK) {
                job->error = 1;
                return NULL;
            }
            job->found += n;
            job->valid += n;
        }
    }
    return NULL;
}

int main(void)
{
    dlx_matrix *m = queens_matrix(N);
    shared_matrix = m;

    pthread_t tid[THREADS];
    struct job jobs[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int t = 0; t < THREADS; t++) {
        jobs[t] = (struct job){t, 0, 0, 0};
        if (pthread_create(&tid[t], NULL, work, &jobs[t]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    int bad = 0;
    for (int t = 0; t < THREADS; t++) {
        pthread_join(tid[t], NULL);
        int ok = !jobs[t].error && jobs[t].found == 724u * ROUNDS && jobs[t].valid == jobs[t].found;
        printf("thread %d (%s): %llu solutions, %llu valid: %s\n", t, t % 2 ? "dlx_count" : "dlx_solver",
               (unsigned long long)jobs[t].found, (unsigned long long)jobs[t].valid, ok ? "ok" : "FAIL");
        bad += !ok;
    }
    pthread_barrier_destroy(&start);
    dlx_matrix_free(m);
    return bad ? 1 : 0;
}
