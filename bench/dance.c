/* dance.c: a yardstick for the engine's speed, not part of the library.
 *
 * The classic pointer-based dancing links of Knuth's 2000 paper (the design
 * of his program DANCE): every node has left, right, up and down pointers
 * and a pointer to its column; the columns still to cover form a circular
 * list; the search recurses, branches on the first column of least length
 * and tries its rows top to bottom. It walks the same tree as DLX1 and as
 * our engine, and counts updates the same way (one per column covered, one
 * per node unlinked from a vertical list), so its update count checks ours
 * and the ratio of the two run times is a ratio of updates per second.
 *
 * Reads Knuth's text format (item line with an optional `|` before the
 * secondary items, then one option per line; `|` lines are comments; the
 * colour/bound/cost extensions are not accepted) on standard input and
 * prints "SOLUTIONS solutions, UPDATES updates, SECONDS s" on standard output,
 * SECONDS the time of the search alone (reading and building not counted,
 * as in the time `dlx` prints).
 *
 *   cc -O2 -o dance bench/dance.c && ./dance < file.dlx
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct column column;
typedef struct node {
    struct node *left, *right, *up, *down;
    column *col;
} node;

struct column {
    node head;
    long len;
    column *prev, *next;
    char name[16];
};

static column *cols;
static size_t ncols;
static column root;
static unsigned long long updates, solutions;

static void die(const char *msg) {
    fprintf(stderr, "dance: %s\n", msg);
    exit(2);
}

static void *grow(void *p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return p;
    size_t n = *cap ? *cap : 64;
    while (n < need) n *= 2;
    p = realloc(p, n * size);
    if (!p) die("out of memory");
    *cap = n;
    return p;
}

/* Reads the next blank-separated token of line `s` from `*at`. */
static int token(const char *s, size_t *at, char *out) {
    size_t i = *at, k = 0;
    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') i++;
    if (!s[i]) return 0;
    while (s[i] && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n') {
        if (k + 1 >= 16) die("name too long");
        out[k++] = s[i++];
    }
    out[k] = 0;
    *at = i;
    return 1;
}

static long find(const char *name) {
    for (size_t c = 0; c < ncols; c++)
        if (!strcmp(cols[c].name, name)) return (long)c;
    return -1;
}

static void cover(column *c) {
    c->prev->next = c->next;
    c->next->prev = c->prev;
    updates++;
    for (node *r = c->head.down; r != &c->head; r = r->down)
        for (node *n = r->right; n != r; n = n->right) {
            n->up->down = n->down;
            n->down->up = n->up;
            n->col->len--;
            updates++;
        }
}

static void uncover(column *c) {
    for (node *r = c->head.up; r != &c->head; r = r->up)
        for (node *n = r->left; n != r; n = n->left) {
            n->col->len++;
            n->up->down = n;
            n->down->up = n;
        }
    c->prev->next = c;
    c->next->prev = c;
}

static void search(void) {
    if (root.next == &root) {
        solutions++;
        return;
    }
    column *best = root.next;
    for (column *c = best->next; c != &root; c = c->next)
        if (c->len < best->len) best = c;
    cover(best);
    for (node *r = best->head.down; r != &best->head; r = r->down) {
        for (node *n = r->right; n != r; n = n->right) cover(n->col);
        search();
        for (node *n = r->left; n != r; n = n->left) uncover(n->col);
    }
    uncover(best);
}

int main(void) {
    static char line[1 << 16];
    size_t cap = 0, ccap = 0, nnodes = 0;
    node *pool = NULL;
    /* Options are read first and linked afterwards, when `pool` is final. */
    long *opt = NULL; /* column numbers, -1 after each option */
    int have_items = 0;
    size_t primary = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t at = 0;
        char name[16];
        if (!token(line, &at, name) || name[0] == '|') continue;
        at = 0;
        if (!have_items) {
            have_items = 1;
            int second = 0;
            while (token(line, &at, name)) {
                if (!strcmp(name, "|")) { second = 1; continue; }
                cols = grow(cols, &ccap, ncols + 1, sizeof *cols);
                memset(&cols[ncols], 0, sizeof cols[ncols]);
                strcpy(cols[ncols].name, name);
                ncols++;
                if (!second) primary = ncols;
            }
            continue;
        }
        while (token(line, &at, name)) {
            long c = find(name);
            if (c < 0) die("unknown item");
            opt = grow(opt, &cap, nnodes + 1, sizeof *opt);
            opt[nnodes++] = c;
        }
        opt = grow(opt, &cap, nnodes + 1, sizeof *opt);
        opt[nnodes++] = -1;
    }
    pool = malloc((nnodes + 1) * sizeof *pool);
    if (!pool) die("out of memory");
    root.next = root.prev = &root;
    for (size_t c = 0; c < ncols; c++) {
        column *k = &cols[c];
        k->head.up = k->head.down = &k->head;
        k->head.col = k;
        if (c < primary) {
            k->prev = root.prev;
            k->next = &root;
            root.prev->next = k;
            root.prev = k;
        } else {
            k->prev = k->next = k; /* secondary: never in the list */
        }
    }
    size_t used = 0;
    for (size_t i = 0; i < nnodes;) {
        node *first = NULL;
        for (; opt[i] >= 0; i++) {
            node *n = &pool[used++];
            column *k = &cols[opt[i]];
            n->col = k;
            n->up = k->head.up;
            n->down = &k->head;
            k->head.up->down = n;
            k->head.up = n;
            k->len++;
            if (!first) {
                first = n->left = n->right = n;
            } else {
                n->right = first;
                n->left = first->left;
                first->left->right = n;
                first->left = n;
            }
        }
        i++;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    search();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("%llu solutions, %llu updates, %.6f s\n", solutions, updates, secs);
    return 0;
}
