/* The 12 pentominoes and their orientations, shared by dominoes.c and
 * scott.c: Golomb's piece names and pictures, the 63 orientations built from
 * them (8 rotations/reflections, duplicates removed, a count checked against
 * the known total) and small helpers for placement rows. */
#ifndef DLX_C_TESTS_PENTOMINO_H
#define DLX_C_TESTS_PENTOMINO_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "dlx.h"

#define NPIECES 12
#define MAXORIENT 8

/* Golomb's names; pictures row by row, '/' between rows, '#' = square. */
static const char piece_letter[NPIECES + 1] = "FILNPTUVWXYZ";
static const char *const piece_picture[NPIECES] = {
    ".##/##./.#.", /* F */
    "#####",       /* I */
    "####/#...",   /* L */
    "##../.###",   /* N */
    "##/##/#.",    /* P */
    "###/.#./.#.", /* T */
    "#.#/###",     /* U */
    "#../#../###", /* V */
    "#../##./.##", /* W */
    ".#./###/.#.", /* X */
    "####/.#..",   /* Y */
    "##./.#./.##", /* Z */
};
#define PIECE_X 9

typedef struct {
    int r[5], c[5];
} shape;

typedef struct {
    int count;
    shape s[MAXORIENT];
} orientations;

/* Filled by build_orientations(). */
static orientations orient[NPIECES];

static inline int cell_less(int r1, int c1, int r2, int c2)
{
    return r1 < r2 || (r1 == r2 && c1 < c2);
}

/* Shift to the origin and sort the squares, so equal shapes compare equal. */
static inline void normalize(shape *s)
{
    int mr = s->r[0], mc = s->c[0];
    for (int i = 1; i < 5; i++) {
        if (s->r[i] < mr) mr = s->r[i];
        if (s->c[i] < mc) mc = s->c[i];
    }
    for (int i = 0; i < 5; i++) {
        s->r[i] -= mr;
        s->c[i] -= mc;
    }
    for (int i = 1; i < 5; i++) {
        for (int j = i; j > 0 && cell_less(s->r[j], s->c[j], s->r[j - 1], s->c[j - 1]); j--) {
            int tr = s->r[j], tc = s->c[j];
            s->r[j] = s->r[j - 1];
            s->c[j] = s->c[j - 1];
            s->r[j - 1] = tr;
            s->c[j - 1] = tc;
        }
    }
}

/* Fills orient[] from the pictures; exits (code 2) on a malformed picture or
   when the total is not the known 63. */
static inline void build_orientations(void)
{
    int total = 0;
    for (int p = 0; p < NPIECES; p++) {
        shape base;
        int n = 0, r = 0, c = 0;
        for (const char *q = piece_picture[p]; *q; q++) {
            if (*q == '/') {
                r++;
                c = 0;
                continue;
            }
            if (*q == '#') {
                if (n == 5) {
                    fprintf(stderr, "piece %c: more than 5 squares\n", piece_letter[p]);
                    exit(2);
                }
                base.r[n] = r;
                base.c[n] = c;
                n++;
            }
            c++;
        }
        if (n != 5) {
            fprintf(stderr, "piece %c: %d squares\n", piece_letter[p], n);
            exit(2);
        }
        orient[p].count = 0;
        for (int t = 0; t < 8; t++) {
            shape s;
            for (int i = 0; i < 5; i++) {
                int a = base.r[i], b = base.c[i];
                if (t & 4) { int x = a; a = b; b = x; }
                if (t & 1) a = -a;
                if (t & 2) b = -b;
                s.r[i] = a;
                s.c[i] = b;
            }
            normalize(&s);
            int dup = 0;
            for (int k = 0; k < orient[p].count; k++)
                if (memcmp(&orient[p].s[k], &s, sizeof s) == 0) dup = 1;
            if (!dup) orient[p].s[orient[p].count++] = s;
        }
        total += orient[p].count;
    }
    if (total != 63) { /* 8+2+8+8+8+4+4+4+4+1+8+4, a known fact */
        fprintf(stderr, "internal error: %d orientations instead of 63\n", total);
        exit(2);
    }
}

/* The centre of the plus sign X in orientation s placed at offset (dr, dc),
   as a position r * width + c: the mean of its squares. */
static inline int x_centre(const shape *s, int dr, int dc, int width)
{
    int sr = 0, sc = 0;
    for (int i = 0; i < 5; i++) {
        sr += s->r[i];
        sc += s->c[i];
    }
    return (dr + sr / 5) * width + dc + sc / 5;
}

/* Adds a placement row (piece column and 5 square columns) and exits (code 2)
   unless the library numbers it `expected`: the callers index their own
   per-row tables by the library's row ids. */
static inline void add_placement_row(dlx_matrix *m, const size_t colv[6], size_t expected)
{
    size_t id = add_row(m, colv, 6);
    if (id != expected) {
        fprintf(stderr, "dlx_matrix_add_row: row id %zu, expected %zu\n", id, expected);
        exit(2);
    }
}

#endif
