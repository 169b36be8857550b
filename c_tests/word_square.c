/*
 * word_square: k x k grids of letters whose k rows and k columns are 2k
 * different words of a word list (double word squares), found with colors.
 *
 * Not from the seeds: the library's color example (Knuth's XCC problems,
 * DLX2; word squares are his example of them in TAOCP 7.2.2.1).
 *
 * Input: `k max`, then the word list: words separated by white space, each
 * of lowercase letters a-z. Only the words of exactly k letters are used.
 * Limits: 2 <= k <= 8, 0 <= max, at most 20000 words, no word listed twice.
 * Output: the first `max` squares found, each as k lines (its rows) and an
 * empty line, then one line `N squares`, N counting all of them. A square
 * and its transpose (rows and columns swapped) count as two.
 *
 * Library use: primary columns "row i" and "column j" (each gets one word),
 * secondary columns "cell (i, j)" and "word w" (each word used at most
 * once). Placing word w in row i is a row covering "row i", "word w"
 * (without a color) and the k cells of row i colored with w's letters;
 * likewise for column j. Colors make a row word and a column word
 * compatible exactly when they put the same letter in the cell where they
 * cross (dlx_matrix_add_row_colored).
 *
 * Differences: none (there is no original program).
 */
#define PROG_NAME "word_square"
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "read_input.h"

#define MAX_K 8
#define MAX_WORDS 20000

static char words[MAX_WORDS][MAX_K + 1];

/* The next word on stdin: its length goes to *len and its first MAX_K + 1
 * letters to buf (a longer word is not of length k anyway). Returns 1 for
 * a word, 0 at the end of input, -1 for bad input (message printed). */
static int read_word(char *buf, size_t *len)
{
    int ch;
    do {
        ch = getchar();
    } while (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r');
    if (ch == EOF)
        return ferror(stdin) ? -1 : 0;
    *len = 0;
    while (ch != EOF && ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') {
        if (ch < 'a' || ch > 'z') {
            fprintf(stderr, PROG_NAME ": a word may only have the letters a-z, not '%c'\n", ch);
            return -1;
        }
        if (*len <= MAX_K)
            buf[*len] = (char)ch;
        (*len)++;
        ch = getchar();
    }
    return 1;
}

int main(void)
{
    unsigned long k, max;
    if (!need_number(&k, MAX_K, "k") || !need_number(&max, (unsigned long)-1, "max"))
        return 1;
    if (k < 2) {
        fprintf(stderr, PROG_NAME ": k must be 2 to %d\n", MAX_K);
        return 1;
    }
    size_t nwords = 0, len;
    char buf[MAX_K + 1];
    int r;
    while ((r = read_word(buf, &len)) == 1) {
        if (len != k)
            continue;
        if (nwords == MAX_WORDS) {
            fprintf(stderr, PROG_NAME ": more than %d words of %lu letters\n", MAX_WORDS, k);
            return 1;
        }
        buf[k] = '\0';
        for (size_t w = 0; w < nwords; w++) {
            if (strcmp(words[w], buf) == 0) {
                fprintf(stderr, PROG_NAME ": the word %s is listed twice\n", buf);
                return 1;
            }
        }
        memcpy(words[nwords++], buf, k + 1);
    }
    if (r < 0)
        return 1;

    /* Columns: row i = i, column j = k + j, cell (i, j) = 2k + i*k + j
     * (secondary), word w = 2k + k*k + w (secondary). Row 2k*w + i places
     * w in grid row i, row 2k*w + k + j in grid column j. */
    size_t cells = 2 * k, word0 = 2 * k + k * k;
    dlx_matrix *m = new_matrix(word0 + nwords);
    for (size_t c = cells; c < word0 + nwords; c++)
        check(dlx_matrix_set_secondary(m, c), "dlx_matrix_set_secondary");
    size_t cols[2 * MAX_K + 2];
    uint32_t colors[2 * MAX_K + 2];
    for (size_t w = 0; w < nwords; w++) {
        for (size_t line = 0; line < 2 * k; line++) {
            int across = line < k;
            size_t at = across ? line : line - k;
            cols[0] = line;
            colors[0] = 0;
            cols[1] = word0 + w;
            colors[1] = 0;
            for (size_t d = 0; d < k; d++) {
                cols[2 + d] = cells + (across ? at * k + d : d * k + at);
                colors[2 + d] = (uint32_t)(words[w][d] - 'a' + 1);
            }
            check(dlx_matrix_add_row_colored(m, cols, colors, k + 2, NULL), "dlx_matrix_add_row_colored");
        }
    }

    dlx_solver *s = NULL;
    check(dlx_solver_new(m, &s), "dlx_solver_new");
    const size_t *rows;
    size_t count;
    unsigned long long found = 0;
    dlx_status st;
    while ((st = dlx_solver_next(s, &rows, &count)) == DLX_SOLUTION) {
        if (found++ >= max)
            continue;
        char grid[MAX_K][MAX_K + 1];
        for (size_t x = 0; x < count; x++) {
            size_t w = rows[x] / (2 * k), line = rows[x] % (2 * k);
            if (line < k)
                memcpy(grid[line], words[w], k + 1);
        }
        for (size_t i = 0; i < k; i++)
            printf("%s\n", grid[i]);
        printf("\n");
    }
    check(st, "dlx_solver_next");
    printf("%llu squares\n", found);
    dlx_solver_free(s);
    dlx_matrix_free(m);
    return 0;
}
