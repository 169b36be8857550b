/* cpp_header: the header compiles as C++11 with every warning an error
 * (-Wall -Wextra -Werror -pedantic), its macros are usable in constant
 * expressions, and a C++ program links and solves through it.
 *
 * Facts checked: DLX_MAX_TOTAL_COST is 2^61 as a 64-bit value (it was once
 * an int shift that evaluated to 0); DLX_POLL_NODES is 1024; the version
 * macros agree with dlx_version(); the 8-queens count is 92 (the
 * literature's), on a matrix built with std::vector.
 *
 * No input; prints one line per check and exits non-zero when any fails.
 */
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dlx.h"

static_assert(DLX_MAX_TOTAL_COST == (std::uint64_t)1 << 61, "DLX_MAX_TOTAL_COST is 2^61");
static_assert(sizeof(DLX_MAX_TOTAL_COST) == 8, "DLX_MAX_TOTAL_COST is a 64-bit constant");
static_assert(DLX_POLL_NODES == 1024, "DLX_POLL_NODES");
constexpr std::uint64_t total_cost = DLX_MAX_TOTAL_COST;
constexpr std::uint64_t poll_nodes = DLX_POLL_NODES;
static_assert(total_cost / poll_nodes == (std::uint64_t)1 << 51, "usable in constexpr arithmetic");

static int failures = 0;

static void check(bool ok, const char *what)
{
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += ok ? 0 : 1;
}

int main()
{
    std::string version = std::to_string(DLX_VERSION_MAJOR) + "." + std::to_string(DLX_VERSION_MINOR) + "." +
                          std::to_string(DLX_VERSION_PATCH);
    check(version == dlx_version() && version == DLX_VERSION, "version macros match dlx_version()");

    // 8 queens: columns 0-7 ranks, 8-15 files (primary), then 15 + 15
    // diagonals (secondary).
    const std::size_t n = 8, diagonals = 2 * n - 1;
    dlx_matrix *m = nullptr;
    check(dlx_matrix_new(2 * n + 2 * diagonals, &m) == DLX_OK, "dlx_matrix_new");
    for (std::size_t c = 2 * n; c < 2 * n + 2 * diagonals; c++) {
        dlx_matrix_set_secondary(m, c);
    }
    for (std::size_t r = 0; r < n; r++) {
        for (std::size_t f = 0; f < n; f++) {
            std::vector<std::size_t> row = {r, n + f, 2 * n + r + f, 2 * n + diagonals + (n - 1 - r + f)};
            dlx_matrix_add_row(m, row.data(), row.size(), nullptr);
        }
    }
    std::uint64_t count = 0;
    check(dlx_count(m, 0, &count) == DLX_OK && count == 92, "8-queens has 92 solutions");
    check(dlx_count(nullptr, 0, &count) == DLX_ERR_NULL, "NULL matrix gives DLX_ERR_NULL");
    check(std::strcmp(dlx_status_message(DLX_ERR_BUSY), "") != 0, "DLX_ERR_BUSY has a message");
    dlx_matrix_free(m);
    if (failures) {
        std::printf("%d check(s) failed\n", failures);
        return 1;
    }
    std::printf("all checks passed\n");
    return 0;
}
