/* wrapper_test: the C++17 wrapper include/dlx.hpp.
 *
 * No input; prints one line per check and exits non-zero when any fails.
 * Expected values are facts or independent checks: the N-queens counts
 * (OEIS A000170), a sudoku's solution checked by a validator here (rows,
 * columns, boxes, clues), the least cost of random small matrices by a
 * brute force over every set of rows, and exceptions thrown by callbacks
 * coming out of the calls (under valgrind: with nothing leaked).
 */
#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "dlx.hpp"

static int failures = 0;
#define CHECK(cond)                                                   \
    do {                                                              \
        if (cond) {                                                   \
            std::printf("ok   %s\n", #cond);                          \
        } else {                                                      \
            std::printf("FAIL %s (line %d)\n", #cond, __LINE__);      \
            failures++;                                               \
        }                                                             \
    } while (0)

static dlx::matrix queens(std::size_t n)
{
    std::size_t diagonals = 2 * n - 1;
    dlx::matrix m(2 * n + 2 * diagonals);
    for (std::size_t c = 2 * n; c < m.columns(); c++) {
        m.set_secondary(c);
    }
    for (std::size_t r = 0; r < n; r++) {
        for (std::size_t c = 0; c < n; c++) {
            m.add_row({r, n + c, 2 * n + r + c, 2 * n + diagonals + (r + n - 1 - c)});
        }
    }
    return m;
}

static void test_queens()
{
    const std::uint64_t known[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    for (std::size_t n = 1; n <= 10; n++) {
        dlx::matrix m = queens(n);
        dlx::solver s(m);
        CHECK(s.count() == known[n]);
        /* Algorithm M finds the same, and says it runs; the library's
         * choice for rows of four columns is the small engine. */
        dlx::solver g(m, DLX_ENGINE_GENERAL);
        CHECK(g.engine() == DLX_ENGINE_GENERAL && g.count() == known[n] && s.engine() == DLX_ENGINE_SMALL);
    }
    /* An unknown engine is an error with its status. */
    bool refused = false;
    try {
        dlx::solver bad(queens(4), static_cast<dlx_engine>(7));
    } catch (const dlx::error &e) {
        refused = e.status() == DLX_ERR_UNKNOWN_VALUE;
    }
    CHECK(refused);
    dlx::matrix m = queens(8);
    dlx::solver s(m);
    std::uint64_t seen = 0;
    for (auto rows : s) {
        std::set<std::size_t> ranks, files;
        for (std::size_t r : rows) {
            ranks.insert(r / 8);
            files.insert(r % 8);
        }
        seen += ranks.size() == 8 && files.size() == 8;
    }
    CHECK(seen == 92);
    CHECK(s.outcome() == DLX_OUTCOME_EXHAUSTED);

    /* Moved solvers and matrices still work; run() with a lambda. */
    dlx::solver t(m);
    dlx::solver u = std::move(t);
    std::uint64_t lambda_seen = 0;
    CHECK(u.run([&](dlx::rows_view rows) { lambda_seen += rows.size() == 8; }) == 92 && lambda_seen == 92);
    dlx::matrix moved = std::move(m);
    CHECK(moved.rows() == 64 && dlx::solver(moved).count() == 92);
}

static void test_limits()
{
    dlx::matrix m = queens(9);
    dlx::solver s(m);
    s.set_limit(DLX_LIMIT_NODES, 300);
    std::uint64_t total = 0, stops = 0;
    for (;;) {
        try {
            total += s.count();
            break;
        } catch (const dlx::stopped &e) {
            total += e.partial();
            stops += e.outcome() == DLX_OUTCOME_NODE_LIMIT;
        }
    }
    CHECK(total == 352 && stops > 5);

    /* A run stopped by its own callback returns normally. */
    dlx::solver r(m);
    std::uint64_t kept = 0;
    CHECK(r.run([&](dlx::rows_view) { return ++kept < 10; }) == 10 && kept == 10);
}

/* A sudoku (Project Euler problem 96, grid 01), its solution checked here. */
static void test_sudoku()
{
    const std::string puzzle = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    dlx::matrix m(324);
    for (std::size_t r = 0; r < 9; r++) {
        for (std::size_t c = 0; c < 9; c++) {
            for (std::size_t d = 0; d < 9; d++) {
                std::size_t b = r / 3 * 3 + c / 3;
                m.add_row({9 * r + c, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d});
            }
        }
    }
    std::vector<std::size_t> clues;
    for (std::size_t i = 0; i < 81; i++) {
        if (puzzle[i] != '0') {
            clues.push_back(9 * i + static_cast<std::size_t>(puzzle[i] - '1'));
        }
    }
    dlx::solver s(m);
    s.force_rows(clues);
    auto first = s.next();
    CHECK(first.has_value() && first->size() == 81);
    std::string grid(81, '0');
    if (first) {
        for (std::size_t row : *first) {
            grid[row / 9] = static_cast<char>('1' + row % 9);
        }
    }
    bool valid = true;
    for (std::size_t k = 0; k < 9; k++) {
        std::set<char> row, col, box;
        for (std::size_t j = 0; j < 9; j++) {
            row.insert(grid[9 * k + j]);
            col.insert(grid[9 * j + k]);
            box.insert(grid[9 * (k / 3 * 3 + j / 3) + k % 3 * 3 + j % 3]);
        }
        valid = valid && row.size() == 9 && col.size() == 9 && box.size() == 9 && !row.count('0');
    }
    for (std::size_t i = 0; i < 81; i++) {
        valid = valid && (puzzle[i] == '0' || puzzle[i] == grid[i]);
    }
    CHECK(valid);
    CHECK(!s.next().has_value()); /* a proper puzzle: one solution */
}

/* The least cost of random small matrices, against every set of rows. */
static void test_optimisation()
{
    std::mt19937 rng(5);
    int agree = 0, cases = 0;
    for (int t = 0; t < 200; t++) {
        std::size_t columns = 1 + rng() % 5, rows = 1 + rng() % 10;
        dlx::matrix m(columns);
        std::vector<std::vector<std::size_t>> table;
        std::vector<std::int64_t> cost;
        for (std::size_t r = 0; r < rows; r++) {
            std::vector<std::size_t> row;
            for (std::size_t c = 0; c < columns; c++) {
                if (rng() % 2) {
                    row.push_back(c);
                }
            }
            if (row.empty()) {
                row.push_back(rng() % columns);
            }
            table.push_back(row);
            cost.push_back(static_cast<std::int64_t>(rng() % 13) - 4);
            m.add_row(row);
            m.set_cost(r, cost.back());
        }
        bool any = false;
        std::int64_t least = 0;
        for (std::size_t set = 0; set < (std::size_t{1} << rows); set++) {
            std::vector<int> cover(columns, 0);
            std::int64_t sum = 0;
            for (std::size_t r = 0; r < rows; r++) {
                if (set >> r & 1) {
                    for (std::size_t c : table[r]) {
                        cover[c]++;
                    }
                    sum += cost[r];
                }
            }
            if (std::all_of(cover.begin(), cover.end(), [](int k) { return k == 1; }) && (!any || sum < least)) {
                any = true;
                least = sum;
            }
        }
        dlx::solver s(m);
        s.set_objective(DLX_OBJECTIVE_MIN_COST);
        s.count();
        bool ok = any ? s.best_count() == 1 && s.best(0).second == least : s.best_count() == 0;
        agree += ok;
        cases++;
    }
    CHECK(agree == cases);
}

struct boom : std::runtime_error {
    boom() : std::runtime_error("boom") {}
};

static void test_exceptions()
{
    dlx::matrix m = queens(8);
    dlx::solver s(m);
    std::uint64_t before = 0;
    bool caught = false;
    try {
        s.run([&](dlx::rows_view) {
            if (++before == 5) {
                throw boom();
            }
        });
    } catch (const boom &) {
        caught = true;
    }
    CHECK(caught && before == 5);
    /* The solver is usable afterwards: the rest of the solutions remain. */
    CHECK(s.count() == 92 - 5);

    /* From a progress callback, through count(). */
    dlx::matrix big = queens(12);
    dlx::solver p(big);
    p.on_progress([](const dlx::progress &) -> bool { throw boom(); }, 0);
    caught = false;
    try {
        p.count();
    } catch (const boom &) {
        caught = true;
    }
    CHECK(caught);
    /* A progress callback returning true stops with dlx::stopped. */
    p.on_progress([](const dlx::progress &) { return true; }, 0);
    try {
        p.count();
        CHECK(!"count should have stopped");
    } catch (const dlx::stopped &e) {
        CHECK(e.outcome() == DLX_OUTCOME_CALLBACK);
    }

    /* Errors carry their status; a parse error its position. */
    try {
        m.add_row({0, 0});
        CHECK(!"a duplicate column should throw");
    } catch (const dlx::error &e) {
        CHECK(e.status() == DLX_ERR_DUPLICATE_COLUMN && m.rows() == 64);
    }
    try {
        dlx::matrix::parse("A B\nA C\n");
        CHECK(!"the text should not parse");
    } catch (const dlx::parse_error &e) {
        CHECK(e.line() == 2 && e.column() == 3 && e.status() == DLX_ERR_PARSE);
    }
    dlx::matrix k = dlx::matrix::parse("A B | X\nA X\nB\nA B\n");
    CHECK(k.column_name(2) == "X" && k.row(0) == (std::vector<std::size_t>{0, 2}) && dlx::solver(k).count() == 2);
    CHECK(dlx::matrix::parse(k.write()).write() == k.write());
}

int main()
{
    test_queens();
    test_limits();
    test_sudoku();
    test_optimisation();
    test_exceptions();
    std::printf("%s: %d failure(s)\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
