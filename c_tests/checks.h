/* CHECK(cond) for the API test programs (api_test, control_test): prints
 * "ok   cond" or "FAIL cond (line N)" and counts failures in `failures`,
 * which main() turns into the exit status. */
#ifndef DLX_C_TESTS_CHECKS_H
#define DLX_C_TESTS_CHECKS_H

#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (cond) {                                                          \
            printf("ok   %s\n", #cond);                                      \
        } else {                                                             \
            printf("FAIL %s (line %d)\n", #cond, __LINE__);                  \
            failures++;                                                      \
        }                                                                    \
    } while (0)

#endif
