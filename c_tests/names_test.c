/* names_test: a C program may use any name outside the DLX_ and dlx_
 * prefixes, and dlx.h still compiles beside it. Once the header leaked
 * crate-internal constants as unprefixed macros (VERSION, MARGIN, RARE,
 * ...): this file then did not compile, since its own definitions
 * below clash with them (-Werror turns a redefinition into an error, and
 * the enum and variables below would be macro-expanded into nonsense).
 *
 * No input; exits 0 when the names below are its own. tests/header.rs
 * checks every declaration of the header for the prefix.
 */
#define VERSION "names_test 1"
#define MARGIN 7
enum names_test_kind { RARE = 3, LOOKUPS = 5 };
static const int REPEATS = 2;
static const double PLAIN_SHARE = 0.5;
static const int DEFAULT_WORK = 11;

#include <stdio.h>
#include <string.h>

#include "dlx.h"

int main(void)
{
    /* The program's own values, not the header's. */
    if (strcmp(VERSION, "names_test 1") != 0 || MARGIN != 7 || RARE != 3 || LOOKUPS != 5 || REPEATS != 2 ||
        PLAIN_SHARE != 0.5 || DEFAULT_WORK != 11) {
        fprintf(stderr, "names_test: a name of the program was taken by dlx.h\n");
        return 1;
    }
    /* And the header's own names still work beside them. */
    if (strcmp(dlx_version(), DLX_VERSION) != 0) {
        fprintf(stderr, "names_test: dlx_version() is not DLX_VERSION\n");
        return 1;
    }
    printf("ok\n");
    return 0;
}
