/* A dlx_write_fn that keeps what a writer hands over (dlx_zdd_write,
 * dlx_matrix_write_cnf, dlx_matrix_write_opb) in memory, NUL-terminated;
 * with `refuse` set it refuses, so the call stops. Shared by zdd_test.c
 * and export_test.c. */
#ifndef DLX_C_TESTS_TEXT_SINK_H
#define DLX_C_TESTS_TEXT_SINK_H

#include <stdlib.h>
#include <string.h>

struct text {
    char *bytes;
    size_t length, cap;
    int refuse;
};

static int keep(void *user, const char *bytes, size_t length)
{
    struct text *t = user;
    if (t->refuse)
        return 1;
    if (t->length + length + 1 > t->cap) {
        t->cap = 2 * (t->length + length + 1);
        t->bytes = realloc(t->bytes, t->cap);
        if (!t->bytes)
            exit(2);
    }
    memcpy(t->bytes + t->length, bytes, length);
    t->length += length;
    t->bytes[t->length] = 0;
    return 0;
}

#endif
