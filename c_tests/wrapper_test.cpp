/* wrapper_test: the C++17 wrapper include/dlx.hpp.
 *
 * No input; prints one line per check and exits non-zero when any fails.
 * Expected values are facts or independent checks: the N-queens counts
 * (OEIS A000170), a sudoku's solution checked by a validator here (rows,
 * columns, boxes, clues), the least cost of random small matrices by a
 * brute force over every set of rows, and exceptions thrown by callbacks
 * coming out of the calls (under valgrind: with nothing leaked). The
 * second half calls the rest of the C API through the wrapper: bulk and
 * dense adds against add_row, the one-call searches, subproblems whose
 * counts add up to the whole, the memoized count of domino tilings
 * (12,988,816 on 8x8, OEIS A004003), samples checked by the validator,
 * a cost limit against the brute force, and 8 queens up to symmetry (12,
 * OEIS A002562) with the uniqueness check. The builders: queens
 * (A000170, A002562), Langford pairs (twice A014552), the pentomino
 * boxes (3x20: 8, 4x15: 1472, 5x12: 4040, 6x10: 9356 tilings) and Dana
 * Scott's 8x8 board with the centre's 2x2 hole (65 up to symmetry, 520
 * in all), monomer-dimer coverings of 3x3 (131, A028420), and sudoku
 * grids decoded and checked by the validator, the calendar puzzle on
 * a dozen dates and jigsaw grids with givens against the brute forces of
 * builder_brute.h; with DLX_QUICK set (under
 * valgrind and the sanitizers) only the short ones; the CNF and OPB
 * exports as the C calls write them. tools/check_wrapper.py
 * checks that this program calls every function of dlx.h.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "builder_brute.h"
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
        // best_bound: never past the least cost, the least cost at the end.
        std::optional<std::int64_t> before = s.best_bound();
        s.count();
        bool ok = any ? s.best_count() == 1 && s.best(0).second == least : s.best_count() == 0;
        ok &= before.has_value() && (!any || (*before <= least && s.best_bound() == least));
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


/* A set of queens rows (row id r * n + c) is a placement: one queen per
 * rank and file, at most one per diagonal. */
static bool is_queens(const std::vector<std::size_t> &rows, std::size_t n)
{
    std::set<std::size_t> ranks, files, sums, differences;
    for (std::size_t row : rows) {
        std::size_t r = row / n, c = row % n;
        ranks.insert(r);
        files.insert(c);
        sums.insert(r + c);
        differences.insert(r + n - c);
    }
    return rows.size() == n && ranks.size() == n && files.size() == n && sums.size() == n && differences.size() == n;
}

/* The queens matrix's rows as lists of columns (as queens() adds them). */
static std::vector<std::vector<std::size_t>> queens_rows(std::size_t n)
{
    dlx::matrix m = queens(n);
    std::vector<std::vector<std::size_t>> rows;
    for (std::size_t r = 0; r < m.rows(); r++) {
        rows.push_back(m.row(r));
    }
    return rows;
}

/* Bulk and dense adds build the matrix add_row builds; a bad row is named. */
static void test_bulk_adds()
{
    const std::size_t n = 8, width = 2 * n + 2 * (2 * n - 1);
    std::vector<std::vector<std::size_t>> rows = queens_rows(n);
    dlx::matrix bulk(width);
    CHECK(bulk.add_rows(rows) == 0 && bulk.rows() == 64 && bulk.row(9) == rows[9]);
    std::vector<std::uint8_t> cells(rows.size() * width, 0);
    for (std::size_t r = 0; r < rows.size(); r++) {
        for (std::size_t c : rows[r]) {
            cells[r * width + c] = 1;
        }
    }
    dlx::matrix dense(width);
    CHECK(dense.add_rows_dense(cells, width) == 0 && dense.rows() == 64 && dense.row(9) == rows[9]);
    for (std::size_t c = 2 * n; c < width; c++) {
        bulk.set_secondary(c);
        dense.set_secondary(c);
    }
    CHECK(bulk.is_secondary(2 * n) && !bulk.is_secondary(0));
    CHECK(dlx::solver(bulk).count() == 92 && dlx::solver(dense).count() == 92);

    /* All or none: the third row of the call is refused, nothing added. */
    std::vector<std::vector<std::size_t>> bad = {{0}, {1}, {2, width}};
    try {
        bulk.add_rows(bad);
        CHECK(!"a column out of range should throw");
    } catch (const dlx::row_error &e) {
        CHECK(e.row() == 2 && e.status() == DLX_ERR_COLUMN_RANGE && bulk.rows() == 64);
    }
    std::vector<std::uint8_t> zeros(2 * width, 0);
    zeros[3] = 1;
    try {
        dense.add_rows_dense(zeros, width);
        CHECK(!"a row of zeros should throw");
    } catch (const dlx::row_error &e) {
        CHECK(e.row() == 1 && e.status() == DLX_ERR_EMPTY_ROW && dense.rows() == 64);
    }

    /* What a matrix says back: bounds, colors, costs. */
    dlx::matrix g = dlx::matrix::parse("2:3|A B | X\nA B X:1\nA X:2\nA\nB\n");
    CHECK(g.bounds(0) == std::make_pair(std::uint32_t{2}, std::uint32_t{3}) && g.bounds(1).first == 1);
    CHECK(g.color(0, 2) != 0 && g.color(1, 1) != 0 && g.color(0, 2) != g.color(1, 1) && g.color(0, 0) == 0);
    g.set_cost(3, -7);
    CHECK(g.cost(3) == -7 && g.cost(0) == 0);
}

/* The one-call searches, without a solver. */
static void test_one_call()
{
    CHECK(dlx::version() == DLX_VERSION);
    dlx::matrix m = queens(8);
    CHECK(dlx::count(m) == 92 && dlx::count(m, 10) == 10);
    std::uint64_t valid = 0;
    CHECK(dlx::solve(m, [&](dlx::rows_view rows) { valid += is_queens(rows.to_vector(), 8); }) == 92 && valid == 92);
    auto first = dlx::solve_first(m);
    CHECK(first && is_queens(*first, 8));
    CHECK(!dlx::solve_first(queens(3)));
    /* Fewest rows of Knuth's example: its one solution, 3 rows. */
    dlx::matrix paper = dlx::matrix::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
    auto best = dlx::solve_best(paper, DLX_OBJECTIVE_FEWEST_ROWS);
    CHECK(best && best->second == 3 && std::set<std::size_t>(best->first.begin(), best->first.end()) == (std::set<std::size_t>{0, 3, 4}));
    CHECK(!dlx::solve_best(queens(2), DLX_OBJECTIVE_MIN_COST));
}

/* Subproblems: every solution below exactly one, so the parts add up. */
static void test_parts()
{
    dlx::matrix m = queens(8);
    dlx::solver s(m);
    std::size_t depth = s.split_depth(20);
    std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> parts;
    CHECK(s.split(depth, [&](dlx::rows_view forced, dlx::rows_view excluded) {
        parts.emplace_back(forced.to_vector(), excluded.to_vector());
    }) == parts.size() && parts.size() >= 20);
    std::uint64_t fewer = s.split(depth - 1, [](dlx::rows_view, dlx::rows_view) {});
    CHECK(fewer < 20);
    std::uint64_t total = 0;
    dlx::solver w(m);
    for (const auto &part : parts) {
        w.set_subproblem(part.first, part.second);
        total += w.count();
    }
    CHECK(total == 92);
    std::uint64_t by_rows = 0, handed = s.subproblems(depth, [&](dlx::rows_view forced) {
        w.set_subproblem(forced.to_vector());
        by_rows += w.count();
    });
    CHECK(handed == parts.size() && by_rows == 92);

    /* The seed changes the order, clear_seed brings the first one back. */
    auto plain = dlx::solver(m).next()->to_vector();
    s.set_seed(12);
    s.clear_seed();
    CHECK(s.next()->to_vector() == plain);

    /* Threads: counters per thread add up to the whole. */
    dlx::matrix big = queens(11);
    dlx::solver t(big);
    t.set_threads(2);
    CHECK(t.threads() == 2 && t.count() == 2680);
    CHECK(t.thread_counter(0, DLX_COUNTER_NODES) + t.thread_counter(1, DLX_COUNTER_NODES) == t.counter(DLX_COUNTER_NODES));

    /* The estimate of a search stopped early is a fraction. */
    dlx::solver e(big);
    e.set_limit(DLX_LIMIT_NODES, 2000);
    try {
        e.count();
    } catch (const dlx::stopped &) {
    }
    CHECK(e.estimate() > 0.0 && e.estimate() < 1.0);
}

/* The dominoes of an r x c board: one column per cell. */
static dlx::matrix dominoes(std::size_t r, std::size_t c)
{
    dlx::matrix m(r * c);
    for (std::size_t i = 0; i < r; i++) {
        for (std::size_t j = 0; j < c; j++) {
            if (j + 1 < c) {
                m.add_row({i * c + j, i * c + j + 1});
            }
            if (i + 1 < r) {
                m.add_row({i * c + j, (i + 1) * c + j});
            }
        }
    }
    return m;
}

static void test_memo()
{
    dlx::matrix board = dominoes(8, 8);
    dlx::solver s(board);
    CHECK(s.count_memo() == "12988816");
    dlx::solver f(board);
    f.set_memo_order(DLX_MEMO_ORDER_FIRST);
    f.set_memo_memory(std::uint64_t{1} << 24);
    CHECK(f.count_memo() == "12988816");
    CHECK(dlx::solver(queens(3)).count_memo() == "0");
    dlx::solver a10(dominoes(10, 10));
    CHECK(a10.auto_phase() == DLX_AUTO_ALONE);
    CHECK(a10.count_auto() == "258584046368" && a10.auto_phase() == DLX_AUTO_MEMO);

    /* Independent parts, and the diagram: 8 queens have 92 solutions of 8
     * rows; the text has one line a node and the root line; a 2x2 board
     * with costs 5, 1, 1, 2 (horizontal top, vertical left, vertical
     * right, horizontal bottom) tiles at least cost 2 with the two
     * vertical dominoes. */
    dlx::solver parts(dominoes(8, 8));
    parts.set_memo_parts(DLX_MEMO_PARTS_ALWAYS);
    CHECK(parts.count_memo() == "12988816");
    dlx::zdd z = dlx::solver(queens(8)).zdd();
    CHECK(z.count() == "92");
    std::vector<std::string> sizes = z.count_by_size();
    CHECK(sizes.size() == 9 && sizes[8] == "92" && sizes[0] == "0");
    std::string text;
    z.write([&](std::string_view piece) { text += piece; });
    CHECK(std::count(text.begin(), text.end(), '\n') == static_cast<long>(z.nodes()) + 1);
    dlx::matrix square = dominoes(2, 2);
    const std::int64_t costs[4] = {5, 1, 1, 2};
    for (std::size_t r = 0; r < 4; r++) {
        square.set_cost(r, costs[r]);
    }
    auto least = dlx::solver(square).zdd().least_cost();
    CHECK(least && least->first == 2 && least->second.size() == 2);

    /* Preprocessing, on Knuth's first example of dlx-pre.w: three items
     * and options 1, 4 and 5 (rows 0, 3, 4) are left, each cut to one
     * item; its one solution stays, the rows of the file. */
    dlx::matrix knuth = dlx::matrix::parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
    auto pre = knuth.preprocess();
    CHECK(pre.matrix.columns() == 3 && pre.origin == std::vector<std::size_t>({0, 3, 4}));
    CHECK(pre.column_origin == std::vector<std::size_t>({0, 1, 4}));
    CHECK(pre.stats.rows_removed == 3 && pre.stats.complete == 1);
    dlx::solver kp(knuth);
    CHECK(kp.preprocess().columns_removed == 4);
    auto only = kp.next();
    std::vector<std::size_t> got = only ? only->to_vector() : std::vector<std::size_t>();
    std::sort(got.begin(), got.end());
    CHECK(got == std::vector<std::size_t>({0, 3, 4}) && !kp.next());

    /* Preferred columns: 8 queens as in Knuth's file r0 c0 r1 c1 ... with
     * the board columns preferred walk his DLX2-SHARP tree (1193 nodes,
     * from his program on the file named r0 #c0 r1 #c1 ...). */
    std::string qtext;
    for (int i = 0; i < 8; i++) {
        qtext += "r" + std::to_string(i) + " c" + std::to_string(i) + " ";
    }
    qtext += "|";
    for (int k = 0; k < 15; k++) {
        qtext += " a" + std::to_string(k) + " b" + std::to_string(k);
    }
    qtext += "\n";
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++) {
            qtext += "r" + std::to_string(i) + " c" + std::to_string(j) + " a" + std::to_string(i + j) + " b" + std::to_string(7 + i - j) + "\n";
        }
    }
    dlx::matrix sharp = dlx::matrix::parse(qtext);
    for (std::size_t j = 0; j < 8; j++) {
        sharp.set_preferred(2 * j + 1);
    }
    CHECK(sharp.is_preferred(1) && !sharp.is_preferred(0));
    dlx::solver ss(sharp);
    CHECK(ss.count() == 92 && ss.counter(DLX_COUNTER_NODES) == 1193);
    dlx::solver sw(sharp);
    sw.set_weights();
    CHECK(sw.count() == 92);

    /* A count stopped, checkpointed and resumed in a new solver ends at
     * the 92 solutions of 8 queens; another matrix refuses it. */
    dlx::solver part(queens(8));
    part.set_limit(DLX_LIMIT_NODES, 300);
    std::uint64_t before = 92;
    try {
        part.count();
    } catch (const dlx::stopped &e) {
        before = e.partial();
    }
    CHECK(before < 92);
    std::string ck = part.checkpoint();
    dlx::solver rest(queens(8));
    rest.resume(ck);
    CHECK(before + rest.count() == 92 && rest.counter(DLX_COUNTER_SOLUTIONS) == 92);
    dlx::solver other(queens(7));
    bool refused = false;
    try {
        other.resume(ck);
    } catch (const dlx::error &e) {
        refused = e.status() == DLX_ERR_CHECKPOINT_MISMATCH;
    }
    CHECK(refused);

    /* A batch: 8 queens with one queen placed on each square of the first
     * row; 92 in all (each solution has one queen in that row), the first
     * of each valid, and a clash (two queens on one row) its own error. */
    dlx::solver batch(queens(8));
    batch.set_threads(2);
    std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> items;
    for (std::size_t j = 0; j < 8; j++) {
        items.push_back({{j}, {}});
    }
    items.push_back({{0, 1}, {}});
    auto results = batch.solve_batch(items, 100);
    std::uint64_t all = 0;
    bool firsts = true;
    for (std::size_t j = 0; j < 8; j++) {
        all += results[j].count;
        firsts = firsts && results[j].status == DLX_OK && (results[j].count == 0 || is_queens(results[j].first, 8));
    }
    CHECK(results.size() == 9 && all == 92 && firsts && results[8].status == DLX_ERR_CONFLICT);

    /* The same items with the fewest rows: every 8-queens solution has 8
     * rows, so each item with a solution costs 8 (squares 0 to 7 of the
     * first row all have some: 4, 8, 16, 18, 18, 16, 8, 4); the clash is
     * its own error. */
    batch.set_objective(DLX_OBJECTIVE_FEWEST_ROWS);
    auto bests = batch.solve_batch_best(items);
    bool eights = bests.size() == 9;
    for (std::size_t j = 0; j < 8 && eights; j++) {
        eights = bests[j].status == DLX_SOLUTION && bests[j].cost == 8 && bests[j].rows.size() == 8 && bests[j].rows[0] == j &&
                 is_queens(bests[j].rows, 8);
    }
    CHECK(eights && bests[8].status == DLX_ERR_CONFLICT);

    /* Samples are solutions, and the same seed draws the same. */
    dlx::matrix m = queens(8);
    dlx::solver a(m), b(m);
    std::vector<std::vector<std::size_t>> da, db;
    std::uint64_t valid = 0;
    CHECK(a.sample(7, 10, [&](dlx::rows_view rows) {
        da.push_back(rows.to_vector());
        valid += is_queens(da.back(), 8);
    }) == 10 && valid == 10);
    b.sample(7, 10, [&](dlx::rows_view rows) { db.push_back(rows.to_vector()); });
    CHECK(da == db);
}

/* A cost limit lets through only solutions of cost at most the limit
 * (dlx.h): the least cost by brute force over the 92 solutions. */
static void test_cost_limit()
{
    dlx::matrix m = queens(8);
    for (std::size_t r = 0; r < m.rows(); r++) {
        m.set_cost(r, static_cast<std::int64_t>((r * 37) % 11));
    }
    std::vector<std::int64_t> costs;
    dlx::solve(m, [&](dlx::rows_view rows) {
        std::int64_t sum = 0;
        for (std::size_t r : rows) {
            sum += m.cost(r);
        }
        costs.push_back(sum);
    });
    std::int64_t least = *std::min_element(costs.begin(), costs.end());
    dlx::solver s(m);
    s.set_objective(DLX_OBJECTIVE_MIN_COST);
    s.set_cost_limit(least);
    std::int64_t found = -1;
    while (auto rows = s.next()) {
        found = s.cost();
    }
    CHECK(found == least && s.best(0).second == least);
    s.set_cost_limit(least - 1);
    CHECK(!s.next().has_value());
    s.clear_cost_limit();
    s.count();
    CHECK(s.best(0).second == least);
}

/* Knuth's DLX2 and DLX3 examples built through the wrapper, each with its
 * one solution; excluded rows, restart and cancel. */
static void test_controls()
{
    /* DLX2: A B C | X Y; colors 1 and 2 stand for his 0 and 1. */
    dlx::matrix colors(5);
    colors.set_secondary(3);
    colors.set_secondary(4);
    colors.add_row({0, 1, 3, 4}, {0, 0, 1, 1});
    colors.add_row({0, 2, 3, 4}, {0, 0, 2, 2});
    colors.add_row({3, 4}, {1, 2});
    colors.add_row({1, 3}, {0, 2});
    colors.add_row({2, 4}, {0, 2});
    std::vector<std::vector<std::size_t>> found;
    dlx::solve(colors, [&](dlx::rows_view rows) {
        auto v = rows.to_vector();
        std::sort(v.begin(), v.end());
        found.push_back(v);
    });
    CHECK(found == (std::vector<std::vector<std::size_t>>{{1, 3}}));
    /* DLX3: column C takes 2 or 3 rows. */
    dlx::matrix bounds(5);
    bounds.set_secondary(3);
    bounds.set_secondary(4);
    bounds.set_bounds(2, 2, 3);
    bounds.add_row({0, 1, 3, 4}, {0, 0, 1, 1});
    bounds.add_row({0, 2, 3, 4}, {0, 0, 2, 2});
    bounds.add_row({2, 3}, {0, 1});
    bounds.add_row({1, 3}, {0, 2});
    bounds.add_row({2, 4}, {0, 2});
    found.clear();
    dlx::solve(bounds, [&](dlx::rows_view rows) {
        auto v = rows.to_vector();
        std::sort(v.begin(), v.end());
        found.push_back(v);
    });
    CHECK(found == (std::vector<std::vector<std::size_t>>{{1, 3, 4}}));

    /* Excluded rows: the solutions without row 0 and those with it make 92. */
    dlx::matrix m = queens(8);
    dlx::solver without(m), with(m);
    without.exclude_rows({0});
    with.force_rows({0});
    std::uint64_t clean = 0, total = without.run([&](dlx::rows_view rows) {
        clean += std::find(rows.begin(), rows.end(), std::size_t{0}) == rows.end();
    });
    std::uint64_t corner = with.count();
    CHECK(total == clean && corner > 0 && total + corner == 92);

    /* restart: the first solution again. */
    dlx::solver s(m);
    auto first = s.next()->to_vector();
    s.next();
    s.restart();
    CHECK(s.next()->to_vector() == first);

    /* progress_best and progress_bound: nothing without an objective; a
     * copy of the report is no report (dlx::error). Catches a wrapper
     * that maps the statuses the wrong way round. */
    dlx::matrix q = queens(10);
    dlx::solver r(q);
    int reports = 0, absent = 0, refused = 0;
    r.on_progress([&](const dlx::progress &p) {
        reports++;
        absent += !dlx::progress_best(p) && !dlx::progress_bound(p);
        dlx::progress copy = p;
        try {
            dlx::progress_best(copy);
        } catch (const dlx::error &) {
            refused++;
        }
        return false;
    }, 0);
    CHECK(r.count() == 724);
    CHECK(reports > 0 && absent == reports && refused == reports);

    /* cancel, here from the progress callback: dlx::stopped, cancelled. */
    dlx::matrix big = queens(12);
    dlx::solver c(big);
    c.on_progress([&](const dlx::progress &) {
        c.cancel();
        return false;
    }, 0);
    try {
        c.count();
        CHECK(!"a cancelled count should stop");
    } catch (const dlx::stopped &e) {
        CHECK(e.outcome() == DLX_OUTCOME_CANCELLED);
    }
}

/* The least image under the square's 8 symmetries of a queens solution
 * of rows r * n + c: one value per orbit, computed here by hand. */
static std::vector<std::size_t> least_image(dlx::rows_view rows, std::size_t n)
{
    std::vector<std::size_t> least;
    for (int t = 0; t < 8; t++) {
        std::vector<std::size_t> image;
        for (std::size_t row : rows) {
            std::size_t r = row / n, c = row % n;
            for (int k = 0; k < t % 4; k++) {
                std::size_t was = r;
                r = c;
                c = n - 1 - was;
            }
            if (t >= 4) c = n - 1 - c;
            image.push_back(r * n + c);
        }
        std::sort(image.begin(), image.end());
        if (least.empty() || image < least) least = image;
    }
    return least;
}

/* Symmetry and uniqueness: 8 queens up to the square's symmetries are 12
 * (OEIS A002562) of 92, the group of order 8 (a quarter turn and a
 * mirror, as column permutations); one listed per orbit, checked here;
 * with the symmetries cleared, 92 orbits. Uniqueness: 1 queen unique, 2
 * none, 4 several (2, A000170), the solutions met handed back. */
static void test_symmetry_and_uniqueness()
{
    const std::size_t n = 8, d = 2 * n - 1;
    dlx::matrix m = queens(n);
    std::vector<std::size_t> turn(m.columns()), mirror(m.columns());
    for (std::size_t i = 0; i < n; i++) {
        turn[i] = n + (n - 1 - i);   /* rank i to file n-1-i */
        turn[n + i] = i;             /* file i to rank i */
        mirror[i] = i;
        mirror[n + i] = n + (n - 1 - i);
    }
    for (std::size_t k = 0; k < d; k++) {
        turn[2 * n + k] = 2 * n + d + k;             /* diagonal k to antidiagonal k */
        turn[2 * n + d + k] = 2 * n + (2 * n - 2 - k); /* antidiagonal k to diagonal 2n-2-k */
        mirror[2 * n + k] = 2 * n + d + k;
        mirror[2 * n + d + k] = 2 * n + k;
    }
    m.add_symmetry(turn);
    m.add_symmetry(mirror);
    dlx::solver s(m);
    CHECK(s.count_orbits() == "12" && s.group_order() == 8 && s.orbit_fixed(0) == "92");
    CHECK(s.count_orbits(DLX_COUNT_PLAIN) == "12" && s.orbit_fixed(0, DLX_COUNT_PLAIN) == "92");
    std::set<std::vector<std::size_t>> orbits;
    dlx::solver listing(m);
    CHECK(listing.run_orbits([&](dlx::rows_view rows) { orbits.insert(least_image(rows, n)); }) == 12 && orbits.size() == 12);
    bool refused = false;
    try {
        m.add_symmetry({0, 1});
    } catch (const dlx::error &e) {
        refused = e.status() == DLX_ERR_INVALID_ARGUMENT;
    }
    CHECK(refused);
    m.clear_symmetries();
    CHECK(dlx::solver(m).count_orbits() == "92" && dlx::solver(m).group_order() == 1);

    dlx::solver one(queens(1)), two(queens(2)), four(queens(4));
    dlx::solver::uniqueness u1 = one.is_unique(), u2 = two.is_unique(), u4 = four.is_unique();
    CHECK(u1.verdict == DLX_UNIQUENESS_UNIQUE && u1.solutions.size() == 1 && u1.solutions[0].size() == 1);
    CHECK(u2.verdict == DLX_UNIQUENESS_NONE && u2.solutions.empty());
    CHECK(u4.verdict == DLX_UNIQUENESS_SEVERAL && u4.solutions.size() == 2 && u4.solutions[0] != u4.solutions[1]);
}

/* The squares of a picture ('#' a square, '/' between rows). */
static dlx::polyomino::cells picture_cells(const char *picture)
{
    dlx::polyomino::cells out;
    std::int32_t r = 0, c = 0;
    for (const char *p = picture; *p; p++) {
        if (*p == '/') {
            r++, c = 0;
            continue;
        }
        if (*p == '#') {
            out.push_back({r, c});
        }
        c++;
    }
    return out;
}

static void add_pentominoes(dlx::polyomino &p)
{
    static const char *const pieces[12][2] = {
        {"F", ".##/##./.#."}, {"I", "#####"},       {"L", "####/#..."}, {"N", "##../.###"},
        {"P", "##/##/#."},    {"T", "###/.#./.#."}, {"U", "#.#/###"},   {"V", "#../#../###"},
        {"W", "#../##./.##"}, {"X", ".#./###/.#."}, {"Y", "####/.#.."}, {"Z", "##./.#./.##"},
    };
    for (const auto &piece : pieces) {
        p.add_piece(piece[0], picture_cells(piece[1]));
    }
}

static void test_builders()
{
    const bool quick = std::getenv("DLX_QUICK") != nullptr;
    const std::uint64_t a000170[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    bool all = true;
    for (std::size_t n = 0; n <= 10; n++) {
        all = all && dlx::count(dlx::queens(n).matrix()) == a000170[n];
    }
    CHECK(all);
    dlx::built q = dlx::queens(8);
    CHECK(dlx::solver(q.matrix()).count_orbits() == "12" && q.row_name(9) == "q1,1");
    bool past = false;
    try {
        q.row_name(64);
    } catch (const dlx::error &e) {
        past = e.status() == DLX_ERR_ROW_RANGE;
    }
    CHECK(past);
    CHECK(dlx::count(dlx::langford(7).matrix()) == 52 && dlx::solver(dlx::langford(8).matrix()).count_orbits() == "150");

    struct box { std::size_t h, w; std::uint64_t all; };
    for (box b : {box{3, 20, 8}, box{4, 15, 1472}, box{5, 12, 4040}, box{6, 10, 9356}}) {
        if (quick && b.h > 3) {
            continue;
        }
        dlx::polyomino p;
        p.add_rectangle(b.h, b.w);
        add_pentominoes(p);
        CHECK(dlx::count(p.build().matrix()) == b.all);
    }
    if (!quick) {
        dlx::polyomino scott;
        dlx::polyomino::cells board;
        for (std::int32_t r = 0; r < 8; r++) {
            for (std::int32_t c = 0; c < 8; c++) {
                if (!(r >= 3 && r <= 4 && c >= 3 && c <= 4)) {
                    board.push_back({r, c});
                }
            }
        }
        scott.add_cells(board);
        add_pentominoes(scott);
        dlx::built b = scott.build();
        CHECK(dlx::count(b.matrix()) == 520 && dlx::solver(b.matrix()).count_orbits() == "65");
    }
    dlx::polyomino md;
    md.add_rectangle(3, 3);
    md.add_piece("domino", {{0, 0}, {0, 1}}, DLX_PIECE_ROTATE | DLX_PIECE_REUSE);
    md.set_empty_cells(true);
    CHECK(dlx::count(md.build().matrix()) == 131);

    /* Inkala's sudoku: one solution that the validator accepts. */
    const char *inkala = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
    dlx::sudoku s(3, 3);
    s.set_givens(inkala);
    dlx::built sb = s.build();
    std::vector<std::string> grids;
    dlx::solver(sb.matrix()).run([&](dlx::rows_view rows) { grids.push_back(s.decode(sb, rows)); });
    bool valid = grids.size() == 1;
    for (int i = 0; valid && i < 81; i++) {
        valid = (inkala[i] == '0' || inkala[i] == grids[0][i]);
        for (int j = 0; valid && j < 81; j++) {
            bool unit = j != i && (i / 9 == j / 9 || i % 9 == j % 9 || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3));
            valid = !(unit && grids[0][i] == grids[0][j]);
        }
    }
    CHECK(valid);
    /* A 4x4 jigsaw with the diagonals: every grid decoded keeps them. */
    const char *regions = "aaab abbb cccd cddd";
    dlx::sudoku j(2, 2);
    j.set_regions(regions);
    j.set_diagonal(true);
    dlx::built jb = j.build();
    std::size_t grids4 = 0;
    bool keeps = true;
    std::string labels;
    for (const char *p = regions; *p; p++) {
        if (*p != ' ') {
            labels += *p;
        }
    }
    dlx::solver(jb.matrix()).run([&](dlx::rows_view rows) {
        std::string g = j.decode(jb, rows);
        grids4++;
        for (int a = 0; a < 16; a++) {
            for (int b = a + 1; b < 16; b++) {
                int ra = a / 4, ca = a % 4, rb = b / 4, cb = b % 4;
                bool unit = ra == rb || ca == cb || labels[a] == labels[b] || (ra == ca && rb == cb) || (ra + ca == 3 && rb + cb == 3);
                keeps = keeps && !(unit && g[a] == g[b]);
            }
        }
    });
    CHECK(keeps && grids4 > 0);
    bool bad = false;
    try {
        j.set_givens("12");
    } catch (const dlx::error &e) {
        bad = e.status() == DLX_ERR_INVALID_ARGUMENT;
    }
    CHECK(bad);

    /* The calendar puzzle against the tiler, on a dozen dates (two when quick). */
    static const char *const calendar[8] = {"###/###", "##/##/#.", "####/#...", "##../.###", "#.#/###", "#../#../###", "####/.#..", "##./.#./.##"};
    static const char *const calendar_names[8] = {"O", "P", "L", "N", "U", "V", "Y", "Z"};
    bool dates_agree = true;
    for (int k = 0; k < (quick ? 2 : 12); k++) {
        int month = k, day = (7 * k + 3) % 31;
        static brute_board brute;
        std::memset(&brute, 0, sizeof brute);
        dlx::polyomino::cells board;
        for (int r = 0; r < 7; r++) {
            for (int c = 0; c < (r < 2 ? 6 : r == 6 ? 3 : 7); c++) {
                if (!(r < 2 && r * 6 + c == month) && !(r >= 2 && (r - 2) * 7 + c == day)) {
                    brute.r[brute.n] = r, brute.c[brute.n] = c, brute.n++;
                    board.push_back({r, c});
                }
            }
        }
        dlx::polyomino p;
        p.add_cells(board);
        brute.pieces = 8;
        for (int i = 0; i < 8; i++) {
            dlx::polyomino::cells cells = picture_cells(calendar[i]);
            p.add_piece(calendar_names[i], cells);
            int rows[8], cols[8];
            for (std::size_t j = 0; j < cells.size(); j++) {
                rows[j] = cells[j].first, cols[j] = cells[j].second;
            }
            brute_piece(&brute, i, rows, cols, (int)cells.size());
        }
        long want = brute_walk(&brute, 0, 0);
        dates_agree = dates_agree && want > 0 && dlx::count(p.build().matrix()) == (std::uint64_t)want;
    }
    CHECK(dates_agree);
    /* 4x4 jigsaw grids with the diagonals and one given each, against the filler. */
    bool grids_agree = true;
    int region[16];
    for (int i = 0; i < 16; i++) {
        region[i] = labels[i];
    }
    for (int k = 0; k < 16; k++) {
        int grid[16] = {0};
        grid[k] = 1 + k % 4;
        std::string givens(16, '.');
        givens[k] = (char)('0' + grid[k]);
        j.set_givens(givens);
        long want = brute_fill(4, region, grid, 1, 0);
        grids_agree = grids_agree && dlx::count(j.build().matrix()) == (std::uint64_t)want;
    }
    CHECK(grids_agree);

    /* Export: the same text as the C calls write, the CNF with its header
     * line and as many clauses as it says. */
    dlx::built four = dlx::queens(4);
    std::string cnf = four.matrix().write_cnf(), direct;
    dlx_matrix_write_cnf(four.matrix().get(), [](void *user, const char *bytes, std::size_t length) {
        static_cast<std::string *>(user)->append(bytes, length);
        return 0;
    }, &direct);
    long variables = 0, clauses = 0;
    std::size_t at = cnf.find("p cnf ");
    CHECK(at != std::string::npos && std::sscanf(cnf.c_str() + at, "p cnf %ld %ld", &variables, &clauses) == 2);
    CHECK(cnf == direct && variables >= 16 && clauses == (long)std::count(cnf.begin() + (long)at, cnf.end(), '\n') - 1);
    std::string opb = four.matrix().write_opb(DLX_OBJECTIVE_FEWEST_ROWS);
    CHECK(opb.find("min:") != std::string::npos && opb != cnf && four.matrix().write_opb().find("min:") == std::string::npos);
}

int main()
{
    test_queens();
    test_limits();
    test_sudoku();
    test_optimisation();
    test_exceptions();
    test_bulk_adds();
    test_one_call();
    test_parts();
    test_memo();
    test_cost_limit();
    test_controls();
    test_symmetry_and_uniqueness();
    test_builders();
    std::printf("%s: %d failure(s)\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
