/*
 * dlx.hpp: a header-only C++17 wrapper over the C API of dlx.h.
 *
 *   dlx::matrix m(7);                       // columns 0..6
 *   m.add_row({2, 4, 5});                   // returns the row id
 *   dlx::solver s(m);
 *   for (auto rows : s) { ... }             // each solution: a view of row ids
 *   uint64_t n = dlx::solver(m).count();
 *
 * - dlx::matrix and dlx::solver own their C handles: move-only, freed by
 *   their destructors.
 * - A failed call throws dlx::error, which carries the dlx_status and its
 *   message; dlx::parse_error adds the line and column.
 * - A search that a limit, a cancel or a callback ends before its end
 *   throws dlx::stopped, which carries the outcome and what was found
 *   (never a silent partial answer); the solver keeps its place, so a
 *   later call goes on.
 * - Callbacks are any callables (lambdas with captures). An exception
 *   thrown by one is caught before it reaches the C library, the search is
 *   stopped, and the exception is rethrown once the C call has returned.
 * - Every function of dlx.h has its wrapper here (tools/check_wrapper.py
 *   checks it, and that c_tests/wrapper_test.cpp calls each one): the
 *   name of the C function is in the comment or the body of its wrapper.
 */
#ifndef DLX_HPP
#define DLX_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "dlx.h"

namespace dlx {

/* A call into the library failed. */
class error : public std::runtime_error {
public:
    explicit error(dlx_status status, const std::string &what = std::string())
        : std::runtime_error(what.empty() ? std::string(dlx_status_message(status))
                                          : what + ": " + dlx_status_message(status)),
          status_(status) {}
    dlx_status status() const noexcept { return status_; }

private:
    dlx_status status_;
};

/* A text is not in Knuth's format. */
class parse_error : public error {
public:
    parse_error(std::size_t line, std::size_t column, const std::string &message)
        : error(DLX_ERR_PARSE, "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message),
          line_(line), column_(column) {}
    std::size_t line() const noexcept { return line_; }
    std::size_t column() const noexcept { return column_; }

private:
    std::size_t line_, column_;
};

/* A search ended before its end: outcome() says why (a dlx_outcome),
 * partial() is the number of solutions this call counted or handed out. */
class stopped : public std::runtime_error {
public:
    stopped(dlx_outcome outcome, std::uint64_t partial)
        : std::runtime_error("the search stopped before its end"), outcome_(outcome), partial_(partial) {}
    dlx_outcome outcome() const noexcept { return outcome_; }
    std::uint64_t partial() const noexcept { return partial_; }

private:
    dlx_outcome outcome_;
    std::uint64_t partial_;
};

namespace detail {
/* Throws dlx::error for an error status; returns any other. */
inline dlx_status check(dlx_status status, const char *what = "") {
    if (status >= DLX_ERR_NULL) {
        throw error(status, what);
    }
    return status;
}

/* A callable handed to a C callback, with the exception it threw kept to
 * be rethrown after the C call (an exception must not cross C frames). */
template <class F>
struct callback {
    F &f;
    std::uint64_t seen = 0;
    bool stopped_by_f = false;
    std::exception_ptr error = nullptr;

    /* Calls f(args...): a void f never stops, a bool f stops on false. */
    template <class... A>
    int operator()(A &&...args) noexcept {
        try {
            seen++;
            if constexpr (std::is_void_v<std::invoke_result_t<F &, A...>>) {
                f(std::forward<A>(args)...);
                return 0;
            } else {
                stopped_by_f = !f(std::forward<A>(args)...);
                return stopped_by_f ? 1 : 0;
            }
        } catch (...) {
            error = std::current_exception();
            return 1;
        }
    }
    void rethrow() const {
        if (error) {
            std::rethrow_exception(error);
        }
    }
};
}  // namespace detail

/* The library's version, "MAJOR.MINOR.PATCH" (dlx_version). */
inline std::string version() { return dlx_version(); }

/* The row ids of one solution, valid until the next call on its solver. */
class rows_view {
public:
    rows_view() = default;
    rows_view(const std::size_t *data, std::size_t size) : data_(data), size_(size) {}
    const std::size_t *begin() const noexcept { return data_; }
    const std::size_t *end() const noexcept { return data_ + size_; }
    const std::size_t *data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    std::size_t operator[](std::size_t i) const noexcept { return data_[i]; }
    std::vector<std::size_t> to_vector() const { return std::vector<std::size_t>(begin(), end()); }

private:
    const std::size_t *data_ = nullptr;
    std::size_t size_ = 0;
};

namespace detail {
template <class F>
int solution_trampoline(void *user, const std::size_t *rows, std::size_t n) noexcept {
    return (*static_cast<callback<F> *>(user))(rows_view(rows, n));
}
template <class F>
int subproblem_trampoline(void *user, const std::size_t *rows, std::size_t n, const std::size_t *excluded,
                          std::size_t excluded_n) noexcept {
    return (*static_cast<callback<F> *>(user))(rows_view(rows, n), rows_view(excluded, excluded_n));
}

/* Runs `c(cb)`, a C call that hands things to `f` through `cb`; rethrows
 * what `f` threw, throws for an error status, and returns the number of
 * things `f` was given. */
template <class F, class C>
std::uint64_t hand_over(F &f, C &&c, const char *what) {
    callback<F> cb{f};
    dlx_status s = c(cb);
    cb.rethrow();
    check(s, what);
    return cb.seen;
}
}  // namespace detail

/* A bulk add refused one row (dlx_matrix_add_rows,
 * dlx_matrix_add_rows_dense): row() is its index within the call; the
 * matrix is unchanged. */
class row_error : public error {
public:
    row_error(dlx_status status, std::size_t row, const char *what)
        : error(status, std::string(what) + ", row " + std::to_string(row) + " of the call"), row_(row) {}
    std::size_t row() const noexcept { return row_; }

private:
    std::size_t row_;
};

/* An exact cover problem (see dlx_matrix in dlx.h). */
class matrix {
public:
    explicit matrix(std::size_t columns) { detail::check(dlx_matrix_new(columns, &m_), "dlx_matrix_new"); }

    /* Reads Knuth's format; throws parse_error with the position. */
    static matrix parse(std::string_view text) {
        dlx_matrix *m = nullptr;
        dlx_parse_error *e = nullptr;
        dlx_status s = dlx_matrix_parse(text.data(), text.size(), &m, &e);
        if (s == DLX_ERR_PARSE && e != nullptr) {
            std::size_t line = dlx_parse_error_line(e), column = dlx_parse_error_column(e);
            std::string message = dlx_parse_error_message(e);
            dlx_parse_error_free(e);
            throw parse_error(line, column, message);
        }
        detail::check(s, "dlx_matrix_parse");
        return matrix(m);
    }

    matrix(matrix &&other) noexcept : m_(std::exchange(other.m_, nullptr)), owned_(other.owned_) {}
    matrix &operator=(matrix &&other) noexcept {
        if (this != &other) {
            release();
            m_ = std::exchange(other.m_, nullptr);
            owned_ = other.owned_;
        }
        return *this;
    }
    matrix(const matrix &) = delete;
    matrix &operator=(const matrix &) = delete;
    ~matrix() { release(); }

    std::size_t add_row(const std::size_t *columns, std::size_t count) {
        std::size_t row = 0;
        detail::check(dlx_matrix_add_row(m_, columns, count, &row), "dlx_matrix_add_row");
        return row;
    }
    std::size_t add_row(std::initializer_list<std::size_t> columns) { return add_row(columns.begin(), columns.size()); }
    std::size_t add_row(const std::vector<std::size_t> &columns) { return add_row(columns.data(), columns.size()); }
    /* A row whose entries have colors (0: none; colors on secondary columns only). */
    std::size_t add_row(const std::vector<std::size_t> &columns, const std::vector<std::uint32_t> &colors) {
        if (colors.size() != columns.size()) {
            throw error(DLX_ERR_INVALID_ARGUMENT, "colors and columns differ in length");
        }
        std::size_t row = 0;
        detail::check(dlx_matrix_add_row_colored(m_, columns.data(), colors.data(), columns.size(), &row),
                      "dlx_matrix_add_row_colored");
        return row;
    }

    void set_secondary(std::size_t column) { detail::check(dlx_matrix_set_secondary(m_, column), "dlx_matrix_set_secondary"); }
    /* Prefers `column` when the search picks the column to branch on
     * (dlx_matrix_set_preferred: Knuth's '#' rule of DLX2-SHARP). */
    void set_preferred(std::size_t column, bool preferred = true) {
        detail::check(dlx_matrix_set_preferred(m_, column, preferred ? 1 : 0), "dlx_matrix_set_preferred");
    }
    bool is_preferred(std::size_t column) const {
        int p = 0;
        detail::check(dlx_matrix_is_preferred(m_, column, &p), "dlx_matrix_is_preferred");
        return p != 0;
    }
    void set_bounds(std::size_t column, std::uint32_t lower, std::uint32_t upper) {
        detail::check(dlx_matrix_set_bounds(m_, column, lower, upper), "dlx_matrix_set_bounds");
    }
    void set_cost(std::size_t row, std::int64_t cost) { detail::check(dlx_matrix_set_row_cost(m_, row, cost), "dlx_matrix_set_row_cost"); }

    /* A symmetry: `image[c]` is the column that column c goes to, one per
     * column (dlx_matrix_add_symmetry; that it maps the matrix to itself is
     * checked by the calls that use it). clear_symmetries drops them all. */
    void add_symmetry(const std::vector<std::size_t> &image) {
        detail::check(dlx_matrix_add_symmetry(m_, image.data(), image.size()), "dlx_matrix_add_symmetry");
    }
    void clear_symmetries() { detail::check(dlx_matrix_clear_symmetries(m_), "dlx_matrix_clear_symmetries"); }

    /* Many rows at once, all or none (dlx_matrix_add_rows): row i covers
     * columns[starts[i] .. starts[i + 1]], with colors (or none when
     * `colors` is null) as add_row. Returns the first new row's id; a
     * refused row throws dlx::row_error naming it. */
    std::size_t add_rows(const std::size_t *starts, std::size_t rows, const std::size_t *columns,
                         const std::uint32_t *colors = nullptr) {
        std::size_t first = 0, failed = 0;
        dlx_status s = dlx_matrix_add_rows(m_, starts, rows, columns, colors, &first, &failed);
        if (s >= DLX_ERR_NULL) {
            throw row_error(s, failed, "dlx_matrix_add_rows");
        }
        return first;
    }
    std::size_t add_rows(std::initializer_list<std::vector<std::size_t>> rows) {
        return add_rows(std::vector<std::vector<std::size_t>>(rows));
    }
    std::size_t add_rows(const std::vector<std::vector<std::size_t>> &rows) {
        std::vector<std::size_t> starts{0}, columns;
        for (const auto &row : rows) {
            columns.insert(columns.end(), row.begin(), row.end());
            starts.push_back(columns.size());
        }
        return add_rows(starts.data(), rows.size(), columns.data());
    }
    /* Rows from a dense row-major array of bytes (dlx_matrix_add_rows_dense):
     * row i covers each column c < width whose cell cells[i * stride + c]
     * is not 0; `stride` 0 means `width` (a packed array). */
    std::size_t add_rows_dense(const std::uint8_t *cells, std::size_t rows, std::size_t width, std::size_t stride = 0) {
        std::size_t first = 0, failed = 0;
        dlx_status s = dlx_matrix_add_rows_dense(m_, cells, rows, width, stride ? stride : width, &first, &failed);
        if (s >= DLX_ERR_NULL) {
            throw row_error(s, failed, "dlx_matrix_add_rows_dense");
        }
        return first;
    }
    std::size_t add_rows_dense(const std::vector<std::uint8_t> &cells, std::size_t width) {
        if (width == 0 || cells.size() % width != 0) {
            throw error(DLX_ERR_INVALID_ARGUMENT, "cells are not whole rows of `width`");
        }
        return add_rows_dense(cells.data(), cells.size() / width, width);
    }

    /* dlx_matrix_is_secondary */
    bool is_secondary(std::size_t column) const {
        int secondary = 0;
        detail::check(dlx_matrix_is_secondary(m_, column, &secondary), "dlx_matrix_is_secondary");
        return secondary != 0;
    }
    /* The column's multiplicity bounds, lower then upper (dlx_matrix_bounds). */
    std::pair<std::uint32_t, std::uint32_t> bounds(std::size_t column) const {
        std::uint32_t lower = 0, upper = 0;
        detail::check(dlx_matrix_bounds(m_, column, &lower, &upper), "dlx_matrix_bounds");
        return {lower, upper};
    }
    /* The color of the k-th entry of a row, 0 for none (dlx_matrix_entry_color). */
    std::uint32_t color(std::size_t row, std::size_t k) const {
        std::uint32_t c = 0;
        detail::check(dlx_matrix_entry_color(m_, row, k, &c), "dlx_matrix_entry_color");
        return c;
    }
    /* dlx_matrix_row_cost */
    std::int64_t cost(std::size_t row) const {
        std::int64_t c = 0;
        detail::check(dlx_matrix_row_cost(m_, row, &c), "dlx_matrix_row_cost");
        return c;
    }

    std::size_t columns() const noexcept { return dlx_matrix_column_count(m_); }
    std::size_t rows() const noexcept { return dlx_matrix_row_count(m_); }
    /* The column's name from Knuth's text, or an empty string. */
    std::string column_name(std::size_t column) const {
        const char *name = dlx_matrix_column_name(m_, column);
        return name ? std::string(name) : std::string();
    }
    std::vector<std::size_t> row(std::size_t r) const {
        std::size_t n = 0;
        dlx_status s = dlx_matrix_row(m_, r, nullptr, 0, &n);
        if (s != DLX_OK && s != DLX_ERR_BUFFER_TOO_SMALL) {
            detail::check(s, "dlx_matrix_row");
        }
        std::vector<std::size_t> out(n);
        detail::check(dlx_matrix_row(m_, r, out.data(), out.size(), &n), "dlx_matrix_row");
        return out;
    }
    /* The matrix as DIMACS CNF (dlx_matrix_write_cnf: the models are the
     * solutions) and as OPB with `objective`'s costs (dlx_matrix_write_opb). */
    std::string write_cnf() const {
        std::string out;
        detail::check(finish(dlx_matrix_write_cnf(m_, &append, &out)), "dlx_matrix_write_cnf");
        return out;
    }
    std::string write_opb(dlx_objective objective = DLX_OBJECTIVE_ALL) const {
        std::string out;
        detail::check(finish(dlx_matrix_write_opb(m_, objective, &append, &out)), "dlx_matrix_write_opb");
        return out;
    }
    /* The matrix in Knuth's format. */
    std::string write() const {
        std::size_t length = 0;
        dlx_matrix_write(m_, nullptr, 0, &length);
        std::string text(length + 1, '\0');
        detail::check(dlx_matrix_write(m_, text.data(), text.size(), &length), "dlx_matrix_write");
        text.resize(length);
        return text;
    }

    /* The problem preprocessed (dlx_matrix_preprocess): what is left, and
     * for each of its rows the row of this matrix it is. */
    struct preprocessed;
    inline preprocessed preprocess(std::uint64_t work_limit = 0) const;

    dlx_matrix *get() const noexcept { return m_; }

private:
    friend class built;
    explicit matrix(dlx_matrix *m) : m_(m) {}
    /* A view of a matrix another object owns (a built's), only ever
     * handed out as const: the C calls a const matrix makes only read. */
    static matrix borrowed(const dlx_matrix *m) {
        matrix v(const_cast<dlx_matrix *>(m));
        v.owned_ = false;
        return v;
    }
    /* The writers' callback: appends to a std::string, refusing (so the
     * call stops) when memory runs out. */
    static int append(void *user, const char *bytes, std::size_t length) noexcept {
        try {
            static_cast<std::string *>(user)->append(bytes, length);
            return 0;
        } catch (...) {
            return 1;
        }
    }
    /* A writer stopped by append: memory ran out. */
    static dlx_status finish(dlx_status s) {
        if (s == DLX_STOPPED) {
            throw std::bad_alloc();
        }
        return s;
    }
    void release() noexcept {
        if (owned_) {
            dlx_matrix_free(m_);
        }
    }
    dlx_matrix *m_ = nullptr;
    bool owned_ = true;
};

struct matrix::preprocessed {
    dlx::matrix matrix;
    std::vector<std::size_t> origin, column_origin;
    dlx_pre_stats stats;
};

inline matrix::preprocessed matrix::preprocess(std::uint64_t work_limit) const {
    std::vector<std::size_t> origin(dlx_matrix_row_count(m_)), columns(dlx_matrix_column_count(m_));
    dlx_pre_stats stats{};
    stats.size = sizeof stats;
    dlx_matrix *out = nullptr;
    detail::check(dlx_matrix_preprocess(m_, work_limit, &out, origin.data(), columns.data(), &stats), "dlx_matrix_preprocess");
    dlx::matrix reduced(out);
    origin.resize(dlx_matrix_row_count(out));
    columns.resize(dlx_matrix_column_count(out));
    return preprocessed{std::move(reduced), std::move(origin), std::move(columns), stats};
}

/* What a progress callback is told (see dlx_progress). */
using progress = dlx_progress;

namespace detail {
/* The value a call wrote, or nothing when it returned `absent`. */
inline std::optional<std::int64_t> found(dlx_status status, std::int64_t value, dlx_status absent, const char *what) {
    if (status == absent) {
        return std::nullopt;
    }
    check(status, what);
    return value;
}
}  // namespace detail

/* Inside a progress callback, on the report it was given (not a copy):
 * the best cost so far, or nothing before the first solution or without
 * an objective (dlx_progress_best). */
inline std::optional<std::int64_t> progress_best(const progress &p) {
    std::int64_t v = 0;
    dlx_status status = dlx_progress_best(&p, &v);
    return detail::found(status, v, DLX_ERR_NO_SOLUTION, "dlx_progress_best");
}

/* The same for the bound no solution beats, or nothing without one
 * (dlx_progress_bound). */
inline std::optional<std::int64_t> progress_bound(const progress &p) {
    std::int64_t v = 0;
    dlx_status status = dlx_progress_bound(&p, &v);
    return detail::found(status, v, DLX_ERR_UNSUPPORTED, "dlx_progress_bound");
}

/* Every solution as a decision diagram (see dlx_zdd in dlx.h), made by
 * solver::zdd(); it does not refer to the solver or the matrix. */
class zdd {
public:
    explicit zdd(dlx_zdd *z) noexcept : z_(z) {}
    zdd(zdd &&other) noexcept : z_(std::exchange(other.z_, nullptr)) {}
    zdd &operator=(zdd &&other) noexcept {
        if (this != &other) {
            dlx_zdd_free(z_);
            z_ = std::exchange(other.z_, nullptr);
        }
        return *this;
    }
    zdd(const zdd &) = delete;
    zdd &operator=(const zdd &) = delete;
    ~zdd() { dlx_zdd_free(z_); }

    const dlx_zdd *get() const noexcept { return z_; }

    /* Its nodes, the two ends not counted (dlx_zdd_nodes). */
    std::uint64_t nodes() const {
        std::uint64_t n = 0;
        detail::check(dlx_zdd_nodes(z_, &n), "dlx_zdd_nodes");
        return n;
    }

    /* The number of solutions in decimal, exact at any size (dlx_zdd_count). */
    std::string count() const { return text(dlx_zdd_count, "dlx_zdd_count"); }

    /* The number of solutions of each size in decimal: entry k counts those
     * of k rows (dlx_zdd_count_by_size); empty when there is none. */
    std::vector<std::string> count_by_size() const {
        std::string all = text(dlx_zdd_count_by_size, "dlx_zdd_count_by_size");
        std::vector<std::string> out;
        for (std::size_t at = 0; at < all.size();) {
            std::size_t end = all.find(' ', at);
            end = end == std::string::npos ? all.size() : end;
            out.push_back(all.substr(at, end - at));
            at = end + 1;
        }
        return out;
    }

    /* A solution of least total cost by the matrix's row costs and that
     * cost (dlx_zdd_least_cost), or nothing when there is no solution. */
    std::optional<std::pair<std::int64_t, std::vector<std::size_t>>> least_cost() const {
        std::size_t count = 0;
        std::int64_t cost = 0;
        dlx_status s = dlx_zdd_least_cost(z_, nullptr, 0, &count, &cost);
        if (s == DLX_ERR_NO_SOLUTION) {
            return std::nullopt;
        }
        std::vector<std::size_t> rows(count);
        if (s == DLX_ERR_BUFFER_TOO_SMALL) {
            s = dlx_zdd_least_cost(z_, rows.data(), rows.size(), &count, &cost);
        }
        detail::check(s, "dlx_zdd_least_cost");
        return std::make_pair(cost, rows);
    }

    /* Hands the diagram's text in Knuth's DLX6 format to `f`, a callable
     * taking a std::string_view piece at a time (dlx_zdd_write); what `f`
     * throws comes out here. */
    template <class F>
    void write(F &&f) const {
        auto piece = [&](std::string_view text) { f(text); };
        detail::hand_over(piece, [&](auto &cb) { return dlx_zdd_write(z_, &zdd::write_trampoline<decltype(piece)>, &cb); },
                          "dlx_zdd_write");
    }

private:
    template <class F>
    static int write_trampoline(void *user, const char *bytes, std::size_t length) noexcept {
        return (*static_cast<detail::callback<F> *>(user))(std::string_view(bytes, length));
    }

    std::string text(dlx_status (*get)(const dlx_zdd *, char *, std::size_t, std::size_t *), const char *name) const {
        std::size_t length = 0;
        dlx_status s = get(z_, nullptr, 0, &length);
        if (s == DLX_ERR_BUFFER_TOO_SMALL) {
            std::string out(length + 1, '\0');
            detail::check(get(z_, out.data(), out.size(), &length), name);
            out.resize(length);
            return out;
        }
        detail::check(s, name);
        /* DLX_DONE with no room: an empty text (no sizes). */
        return std::string();
    }

    dlx_zdd *z_ = nullptr;
};

/* One search over a matrix (see dlx_solver in dlx.h). */
class solver {
public:
    explicit solver(const matrix &m) { detail::check(dlx_solver_new(m.get(), &s_), "dlx_solver_new"); }
    /* A solver that runs `engine` (see dlx_solver_new_with_engine). */
    solver(const matrix &m, dlx_engine engine) {
        detail::check(dlx_solver_new_with_engine(m.get(), engine, &s_), "dlx_solver_new_with_engine");
    }
    solver(solver &&other) noexcept
        : s_(std::exchange(other.s_, nullptr)), progress_(std::move(other.progress_)), interval_ms_(other.interval_ms_) {
        rearm();
    }
    solver &operator=(solver &&other) noexcept {
        if (this != &other) {
            dlx_solver_free(s_);
            s_ = std::exchange(other.s_, nullptr);
            progress_ = std::move(other.progress_);
            interval_ms_ = other.interval_ms_;
            rearm();
        }
        return *this;
    }
    solver(const solver &) = delete;
    solver &operator=(const solver &) = delete;
    ~solver() { dlx_solver_free(s_); }

    /* Settings: each as the C function of the same name. */
    void set_limit(dlx_limit which, std::uint64_t value) { detail::check(dlx_solver_set_limit(s_, which, value), "dlx_solver_set_limit"); }
    void set_seed(std::uint64_t seed) { detail::check(dlx_solver_set_seed(s_, seed), "dlx_solver_set_seed"); }
    void force_rows(const std::vector<std::size_t> &rows) {
        detail::check(dlx_solver_force_rows(s_, rows.data(), rows.size()), "dlx_solver_force_rows");
    }
    void exclude_rows(const std::vector<std::size_t> &rows) {
        detail::check(dlx_solver_exclude_rows(s_, rows.data(), rows.size()), "dlx_solver_exclude_rows");
    }
    void set_threads(std::size_t threads) { detail::check(dlx_solver_set_threads(s_, threads), "dlx_solver_set_threads"); }
    void set_objective(dlx_objective objective, std::size_t best = 1) {
        detail::check(dlx_solver_set_objective(s_, objective, best), "dlx_solver_set_objective");
    }
    void restart() { detail::check(dlx_solver_restart(s_), "dlx_solver_restart"); }
    void clear_seed() { detail::check(dlx_solver_clear_seed(s_), "dlx_solver_clear_seed"); }
    /* Forced and excluded rows at once (dlx_solver_set_subproblem): how a
     * worker takes a part that split() handed out. */
    void set_subproblem(const std::vector<std::size_t> &forced, const std::vector<std::size_t> &excluded = {}) {
        detail::check(dlx_solver_set_subproblem(s_, forced.data(), forced.size(), excluded.data(), excluded.size()),
                      "dlx_solver_set_subproblem");
    }
    void set_cost_limit(std::int64_t limit) { detail::check(dlx_solver_set_cost_limit(s_, limit), "dlx_solver_set_cost_limit"); }
    void clear_cost_limit() { detail::check(dlx_solver_clear_cost_limit(s_), "dlx_solver_clear_cost_limit"); }
    void set_memo_order(dlx_memo_order order) { detail::check(dlx_solver_set_memo_order(s_, order), "dlx_solver_set_memo_order"); }
    /* When the memoized count looks for independent parts (dlx_memo_parts). */
    void set_memo_parts(dlx_memo_parts parts) { detail::check(dlx_solver_set_memo_parts(s_, parts), "dlx_solver_set_memo_parts"); }
    /* Dynamic weights for the choice of the column (dlx_solver_set_weights). */
    void set_weights(bool on = true) { detail::check(dlx_solver_set_weights(s_, on ? 1 : 0), "dlx_solver_set_weights"); }
    /* Leaves the rows preprocessing removes out of later searches
     * (dlx_solver_preprocess); returns what went. */
    dlx_pre_stats preprocess(std::uint64_t work_limit = 0) {
        dlx_pre_stats stats{};
        stats.size = sizeof stats;
        detail::check(dlx_solver_preprocess(s_, work_limit, &stats), "dlx_solver_preprocess");
        return stats;
    }
    /* What the search has left and has found, as a checkpoint's text
     * (dlx_solver_checkpoint), for resume() on a solver of the same
     * matrix, in this process or another. */
    std::string checkpoint() const {
        std::size_t length = 0;
        dlx_status first = dlx_solver_checkpoint(s_, nullptr, 0, &length);
        if (first != DLX_ERR_BUFFER_TOO_SMALL) {
            detail::check(first, "dlx_solver_checkpoint");
        }
        std::string text(length + 1, '\0');
        detail::check(dlx_solver_checkpoint(s_, text.data(), text.size(), &length), "dlx_solver_checkpoint");
        text.resize(length);
        return text;
    }
    /* Goes on from a checkpoint's text (dlx_solver_resume). */
    void resume(const std::string &text) {
        detail::check(dlx_solver_resume(s_, text.data(), text.size()), "dlx_solver_resume");
    }
    void set_memo_memory(std::uint64_t bytes) { detail::check(dlx_solver_set_memo_memory(s_, bytes), "dlx_solver_set_memo_memory"); }
    /* The number of threads searches run on (dlx_solver_threads). */
    std::size_t threads() const {
        std::size_t t = 0;
        detail::check(dlx_solver_threads(s_, &t), "dlx_solver_threads");
        return t;
    }
    /* A counter of one thread of the last search on several threads
     * (dlx_solver_thread_counter). */
    std::uint64_t thread_counter(std::size_t thread, dlx_counter which) const {
        std::uint64_t v = 0;
        detail::check(dlx_solver_thread_counter(s_, thread, which, &v), "dlx_solver_thread_counter");
        return v;
    }
    /* The estimated fraction of the tree walked, 0 to 1 (dlx_solver_estimate). */
    double estimate() const {
        double e = 0;
        detail::check(dlx_solver_estimate(s_, &e), "dlx_solver_estimate");
        return e;
    }
    /* The cost of the last solution handed out (dlx_solver_cost). */
    std::int64_t cost() const {
        std::int64_t c = 0;
        detail::check(dlx_solver_cost(s_, &c), "dlx_solver_cost");
        return c;
    }
    /* The engine the solver runs now: DLX_ENGINE_EXACT, DLX_ENGINE_SMALL,
     * DLX_ENGINE_GENERAL or DLX_ENGINE_CELLS (see dlx_solver_engine). */
    dlx_engine engine() const {
        std::uint32_t e = 0;
        detail::check(dlx_solver_engine(s_, &e), "dlx_solver_engine");
        return static_cast<dlx_engine>(e);
    }
    /* Safe from any thread (and from a signal handler). */
    void cancel() const noexcept { dlx_solver_cancel(s_); }

    /* Calls `f(const dlx::progress &)` about every `interval_ms`; `f`
     * returns true to stop the search (which then throws dlx::stopped). */
    template <class F>
    void on_progress(F &&f, std::uint32_t interval_ms) {
        progress_ = std::forward<F>(f);
        interval_ms_ = interval_ms;
        detail::check(dlx_solver_set_progress(s_, &solver::progress_trampoline, this, interval_ms), "dlx_solver_set_progress");
    }

    /* The next solution, or nothing when there are no more. */
    std::optional<rows_view> next() {
        const std::size_t *rows = nullptr;
        std::size_t count = 0;
        dlx_status s = call([&] { return dlx_solver_next(s_, &rows, &count); });
        if (s == DLX_DONE) {
            return std::nullopt;
        }
        ended(s, 0);
        return rows_view(rows, count);
    }

    /* The number of remaining solutions. */
    std::uint64_t count() {
        std::uint64_t n = 0;
        dlx_status s = call([&] { return dlx_solver_count(s_, &n); });
        ended(s, n);
        return n;
    }

    /* Hands every remaining solution to `f(dlx::rows_view)`; `f` returns
     * false to stop (a void `f` never stops), and run then returns
     * normally. Returns the number handed over. */
    template <class F>
    std::uint64_t run(F &&f) {
        return deliver(f, [&](detail::callback<F> &cb) {
            return dlx_solver_run(s_, &detail::solution_trampoline<F>, &cb, nullptr);
        });
    }

    /* The memoized count (dlx_solver_count_memo), in decimal: exact at any
     * size. A limit or cancel throws dlx::stopped; the next call goes on. */
    std::string count_memo() {
        return decimal([&](char *d, std::size_t cap, std::size_t *len) { return dlx_solver_count_memo(s_, d, cap, len); },
                       "dlx_solver_count_memo");
    }

    /* The automatic count (dlx_solver_count_auto): the plain count or the
     * memoized one, whichever the problem favours, in decimal, exact at any
     * size. A limit or cancel throws dlx::stopped; the next call goes on. */
    std::string count_auto() {
        return decimal([&](char *d, std::size_t cap, std::size_t *len) { return dlx_solver_count_auto(s_, d, cap, len); },
                       "dlx_solver_count_auto");
    }

    /* The number of solutions up to the matrix's symmetries, in decimal
     * (dlx_solver_count_orbits: Burnside's lemma, each element's count by
     * `method`). A limit or cancel throws dlx::stopped; the next call with
     * the same method goes on. */
    std::string count_orbits(dlx_count_method method = DLX_COUNT_AUTO) {
        return decimal([&](char *d, std::size_t cap, std::size_t *len) { return dlx_solver_count_orbits(s_, method, d, cap, len); },
                       "dlx_solver_count_orbits");
    }
    /* The order of the symmetries' group, and the solutions element
     * `element` (0: the identity) maps to themselves, in decimal
     * (dlx_solver_orbit_fixed; runs count_orbits(method) if not done). */
    std::size_t group_order(dlx_count_method method = DLX_COUNT_AUTO) {
        std::size_t order = 0;
        ended(call([&] { return dlx_solver_orbit_fixed(s_, method, SIZE_MAX, &order, nullptr, 0, nullptr); }), 0);
        return order;
    }
    std::string orbit_fixed(std::size_t element, dlx_count_method method = DLX_COUNT_AUTO) {
        return decimal([&](char *d, std::size_t cap, std::size_t *len) {
            return dlx_solver_orbit_fixed(s_, method, element, nullptr, d, cap, len);
        }, "dlx_solver_orbit_fixed");
    }
    /* Hands one solution of each orbit to `f(dlx::rows_view)`
     * (dlx_solver_run_orbits); `f` as for run(). */
    template <class F>
    std::uint64_t run_orbits(F &&f) {
        return deliver(f, [&](detail::callback<F> &cb) {
            return dlx_solver_run_orbits(s_, &detail::solution_trampoline<F>, &cb, nullptr);
        });
    }

    /* No solution, exactly one or several (dlx_solver_is_unique, which
     * stops at the second), with the solutions met. Limits and cancel
     * throw dlx::stopped; the next call starts over. */
    struct uniqueness {
        dlx_uniqueness verdict;
        std::vector<std::vector<std::size_t>> solutions;
    };
    uniqueness is_unique() {
        met found;
        std::uint32_t verdict = 0;
        dlx_status s = call([&] { return dlx_solver_is_unique(s_, &verdict, &solver::met_trampoline, &found); });
        if (found.error) {
            std::rethrow_exception(found.error);
        }
        ended(s, 0);
        return uniqueness{static_cast<dlx_uniqueness>(verdict), std::move(found.rows)};
    }

    /* Every solution as a decision diagram (dlx_solver_zdd). */
    dlx::zdd zdd() const {
        dlx_zdd *z = nullptr;
        detail::check(dlx_solver_zdd(s_, &z), "dlx_solver_zdd");
        return dlx::zdd(z);
    }

    /* Which count count_auto() ran or runs (dlx_solver_auto_phase). */
    dlx_auto_phase auto_phase() const {
        std::uint32_t phase = 0;
        detail::check(dlx_solver_auto_phase(s_, &phase), "dlx_solver_auto_phase");
        return static_cast<dlx_auto_phase>(phase);
    }

    /* Hands `n` solutions drawn uniformly at random (seeded by `seed`) to
     * `f(dlx::rows_view)` (dlx_solver_sample); `f` as for run(). Returns
     * the number handed over. */
    template <class F>
    std::uint64_t sample(std::uint64_t seed, std::uint64_t n, F &&f) {
        return deliver(f, [&](detail::callback<F> &cb) {
            return dlx_solver_sample(s_, seed, n, &detail::solution_trampoline<F>, &cb, nullptr);
        });
    }

    /* Hands each subproblem at `depth` to `f(dlx::rows_view forced,
     * dlx::rows_view excluded)` (dlx_solver_split); `f` returns false to
     * stop (or is void). Returns the number handed over. */
    template <class F>
    std::uint64_t split(std::size_t depth, F &&f) {
        return detail::hand_over(f, [&](detail::callback<F> &cb) {
            return dlx_solver_split(s_, depth, &detail::subproblem_trampoline<F>, &cb, nullptr, nullptr);
        }, "dlx_solver_split");
    }
    /* Exact cover's subproblems, forced rows only (dlx_solver_subproblems). */
    template <class F>
    std::uint64_t subproblems(std::size_t depth, F &&f) {
        return detail::hand_over(f, [&](detail::callback<F> &cb) {
            return dlx_solver_subproblems(s_, depth, &detail::solution_trampoline<F>, &cb, nullptr, nullptr);
        }, "dlx_solver_subproblems");
    }
    /* One item's result of solve_batch: DLX_OK or the item's own error,
     * the solutions found (at most `most`), the first one's rows. */
    struct batch_result {
        dlx_status status;
        std::uint64_t count;
        std::vector<std::size_t> first;
    };
    /* Searches each (forced rows, excluded rows) item for up to `most`
     * solutions on the solver's threads (dlx_solver_solve_batch); the
     * results in the items' order. */
    std::vector<batch_result> solve_batch(const std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> &items,
                                          std::uint64_t most = 1) {
        std::vector<dlx_batch_item> c = batch_items(items);
        std::vector<batch_result> out;
        out.reserve(items.size());
        detail::check(dlx_solver_solve_batch(s_, c.data(), c.size(), most, &batch_trampoline, &out), "dlx_solver_solve_batch");
        return out;
    }
    /* One item's result of solve_batch_best: DLX_SOLUTION (its best
     * solution's rows and cost), DLX_DONE (none) or the item's own error. */
    struct batch_best {
        dlx_status status;
        std::int64_t cost;
        std::vector<std::size_t> rows;
    };
    /* The best solution of each (forced rows, excluded rows) item under the
     * solver's objective, on its threads (dlx_solver_solve_batch_best); the
     * results in the items' order. */
    std::vector<batch_best> solve_batch_best(const std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> &items) {
        std::vector<dlx_batch_item> c = batch_items(items);
        std::vector<batch_best> out;
        out.reserve(items.size());
        detail::check(dlx_solver_solve_batch_best(s_, c.data(), c.size(), &batch_best_trampoline, &out), "dlx_solver_solve_batch_best");
        return out;
    }
    /* The least depth giving at least `at_least` subproblems (dlx_solver_split_depth). */
    std::size_t split_depth(std::uint64_t at_least) {
        std::size_t depth = 0;
        detail::check(dlx_solver_split_depth(s_, at_least, &depth), "dlx_solver_split_depth");
        return depth;
    }

    /* The `index`-th best solution kept (with an objective) and its cost. */
    std::pair<std::vector<std::size_t>, std::int64_t> best(std::size_t index = 0) const {
        const std::size_t *rows = nullptr;
        std::size_t n = 0;
        std::int64_t cost = 0;
        detail::check(dlx_solver_best(s_, index, &rows, &n, &cost), "dlx_solver_best");
        return {std::vector<std::size_t>(rows, rows + n), cost};
    }
    std::size_t best_count() const noexcept { return dlx_solver_best_count(s_); }
    /* A bound no solution beats (dlx_solver_best_bound), or nothing without
     * an objective or with colors or multiplicities. */
    std::optional<std::int64_t> best_bound() {
        std::int64_t bound = 0;
        dlx_status status = dlx_solver_best_bound(s_, &bound);
        return detail::found(status, bound, DLX_ERR_UNSUPPORTED, "dlx_solver_best_bound");
    }

    dlx_outcome outcome() const {
        std::uint32_t o = 0;
        detail::check(dlx_solver_outcome(s_, &o), "dlx_solver_outcome");
        return static_cast<dlx_outcome>(o);
    }
    std::uint64_t counter(dlx_counter which) const {
        std::uint64_t v = 0;
        detail::check(dlx_solver_counter(s_, which, &v), "dlx_solver_counter");
        return v;
    }

    dlx_solver *get() const noexcept { return s_; }

    /* Solutions as a range: for (auto rows : solver) { ... }. */
    class iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = rows_view;
        using difference_type = std::ptrdiff_t;
        using pointer = const rows_view *;
        using reference = const rows_view &;
        iterator() = default;
        explicit iterator(solver *s) : s_(s) { ++*this; }
        reference operator*() const { return current_; }
        pointer operator->() const { return &current_; }
        iterator &operator++() {
            if (auto r = s_->next()) {
                current_ = *r;
            } else {
                s_ = nullptr;
            }
            return *this;
        }
        bool operator==(const iterator &o) const { return s_ == o.s_; }
        bool operator!=(const iterator &o) const { return s_ != o.s_; }

    private:
        solver *s_ = nullptr;
        rows_view current_;
    };
    iterator begin() { return iterator(this); }
    iterator end() { return iterator(); }

private:
    static int progress_trampoline(void *user, const dlx_progress *p) noexcept {
        auto *self = static_cast<solver *>(user);
        try {
            return self->progress_ && self->progress_(*p) ? 1 : 0;
        } catch (...) {
            self->pending_ = std::current_exception();
            return 1;
        }
    }

    /* After a move the callback's user pointer must name the new object. */
    void rearm() noexcept {
        if (s_ != nullptr && progress_) {
            dlx_solver_set_progress(s_, &solver::progress_trampoline, this, interval_ms_);
        }
    }

    /* Runs a C call; an exception a callback threw during it comes out
     * here, after the library has returned. */
    /* A count that writes decimal digits (count_memo, count_auto,
     * count_orbits, orbit_fixed), `count(digits, capacity, &length)`:
     * asked for its length first, then written. */
    template <class C>
    std::string decimal(C &&count, const char *name) {
        std::size_t length = 0;
        dlx_status s = call([&] { return count(nullptr, 0, &length); });
        if (s == DLX_ERR_BUFFER_TOO_SMALL) {
            std::string digits(length + 1, '\0');
            s = count(digits.data(), digits.size(), &length);
            detail::check(s, name);
            digits.resize(length);
            return digits;
        }
        ended(s, 0);
        /* DLX_DONE with a zero capacity cannot happen: the count has a digit. */
        throw error(DLX_ERR_BUFFER_TOO_SMALL, name);
    }

    template <class C>
    dlx_status call(C &&c) {
        pending_ = nullptr;
        dlx_status s = c();
        if (pending_) {
            std::exception_ptr e = std::exchange(pending_, nullptr);
            std::rethrow_exception(e);
        }
        return s;
    }

    /* Runs `c(cb)`, a search call that hands solutions to `f` through
     * `cb`; rethrows what `f` or the progress callback threw, and throws
     * for an error or an early end that `f` did not ask for. Returns the
     * number of solutions `f` was given. */
    template <class F, class C>
    std::uint64_t deliver(F &f, C &&c) {
        detail::callback<F> cb{f};
        dlx_status s = call([&] { return c(cb); });
        cb.rethrow();
        if (!cb.stopped_by_f) {
            ended(s, cb.seen);
        }
        return cb.seen;
    }

    /* Throws for an error status, and dlx::stopped for an early end. */
    void ended(dlx_status s, std::uint64_t partial) {
        detail::check(s);
        if (s == DLX_STOPPED) {
            throw stopped(outcome(), partial);
        }
    }

    /* The solutions dlx_solver_is_unique met, kept by its callback (and
     * what keeping one threw, rethrown after the C call). */
    struct met {
        std::vector<std::vector<std::size_t>> rows;
        std::exception_ptr error = nullptr;
    };
    static int met_trampoline(void *user, const std::size_t *rows, std::size_t n) noexcept {
        met *m = static_cast<met *>(user);
        try {
            m->rows.emplace_back(rows, rows + n);
        } catch (...) {
            m->error = std::current_exception();
        }
        return 0;
    }

    static int batch_trampoline(void *user, std::size_t, dlx_status status, std::uint64_t count, const std::size_t *rows,
                                std::size_t n) {
        static_cast<std::vector<batch_result> *>(user)->push_back(
            batch_result{status, count, rows ? std::vector<std::size_t>(rows, rows + n) : std::vector<std::size_t>()});
        return 0;
    }

    /* The C items of (forced rows, excluded rows) pairs, pointing into them. */
    static std::vector<dlx_batch_item> batch_items(const std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> &items) {
        std::vector<dlx_batch_item> c(items.size());
        for (std::size_t i = 0; i < items.size(); i++) {
            c[i] = dlx_batch_item{items[i].first.data(), items[i].first.size(), items[i].second.data(), items[i].second.size()};
        }
        return c;
    }
    static int batch_best_trampoline(void *user, std::size_t, dlx_status status, std::int64_t cost, const std::size_t *rows,
                                     std::size_t n) {
        static_cast<std::vector<batch_best> *>(user)->push_back(
            batch_best{status, cost, rows ? std::vector<std::size_t>(rows, rows + n) : std::vector<std::size_t>()});
        return 0;
    }

    dlx_solver *s_ = nullptr;
    std::function<bool(const progress &)> progress_;
    std::uint32_t interval_ms_ = 0;
    std::exception_ptr pending_;
};

/* One-call searches on a matrix, without a solver. */

/* The number of solutions, at most `max` when it is not 0 (dlx_count). */
inline std::uint64_t count(const matrix &m, std::uint64_t max = 0) {
    std::uint64_t n = 0;
    detail::check(dlx_count(m.get(), max, &n), "dlx_count");
    return n;
}

/* Hands every solution to `f(dlx::rows_view)` (dlx_solve); `f` as for
 * solver::run. Returns the number handed over. */
template <class F>
std::uint64_t solve(const matrix &m, F &&f) {
    return detail::hand_over(f, [&](detail::callback<F> &cb) {
        return dlx_solve(m.get(), &detail::solution_trampoline<F>, &cb, nullptr);
    }, "dlx_solve");
}

namespace detail {
/* A solution of at most the capacity that always suffices: the number of
 * columns for exact cover, of rows with bounds. */
inline std::vector<std::size_t> solution_buffer(const matrix &m) {
    return std::vector<std::size_t>(std::max(m.columns(), m.rows()) + 1);
}
}  // namespace detail

/* The first solution, or nothing (dlx_solve_first). */
inline std::optional<std::vector<std::size_t>> solve_first(const matrix &m) {
    std::vector<std::size_t> rows = detail::solution_buffer(m);
    std::size_t n = 0;
    if (detail::check(dlx_solve_first(m.get(), rows.data(), rows.size(), &n), "dlx_solve_first") == DLX_DONE) {
        return std::nullopt;
    }
    rows.resize(n);
    return rows;
}

/* A best solution under `objective` and its cost, or nothing (dlx_solve_best). */
inline std::optional<std::pair<std::vector<std::size_t>, std::int64_t>> solve_best(const matrix &m, dlx_objective objective) {
    std::vector<std::size_t> rows = detail::solution_buffer(m);
    std::size_t n = 0;
    std::int64_t cost = 0;
    if (detail::check(dlx_solve_best(m.get(), objective, rows.data(), rows.size(), &n, &cost), "dlx_solve_best") == DLX_DONE) {
        return std::nullopt;
    }
    rows.resize(n);
    return std::make_pair(std::move(rows), cost);
}

/* Builders (see dlx_built in dlx.h): a problem made from a short
 * description, its matrix and a name per row. */

namespace detail {
/* A handle freed by `Free` when its owner goes: the builders' classes are
 * move-only through it, with no move or destructor of their own. */
template <class T, void (*Free)(T *)>
struct freer {
    void operator()(T *p) const noexcept { Free(p); }
};
template <class T, void (*Free)(T *)>
using owned = std::unique_ptr<T, freer<T, Free>>;
}  // namespace detail

/* What a builder made; its matrix lives as long as it does. */
class built {
public:
    const dlx::matrix &matrix() const noexcept { return m_; }
    /* The name of `row` (dlx_built_row_name); throws error past the rows. */
    std::string row_name(std::size_t row) const {
        const char *name = dlx_built_row_name(b_.get(), row);
        if (name == nullptr) {
            throw error(DLX_ERR_ROW_RANGE, "dlx_built_row_name");
        }
        return name;
    }
    const dlx_built *get() const noexcept { return b_.get(); }

    /* Takes what a C builder call stored (the status checked first). */
    static built from(dlx_status status, dlx_built *b, const char *what) {
        detail::check(status, what);
        return built(b);
    }

private:
    explicit built(dlx_built *b) : b_(b), m_(dlx::matrix::borrowed(dlx_built_matrix(b))) {}
    detail::owned<dlx_built, dlx_built_free> b_;
    dlx::matrix m_; /* a view of b_'s matrix */
};

/* n queens (dlx_build_queens) and Langford pairs (dlx_build_langford). */
inline built queens(std::size_t n) {
    dlx_built *b = nullptr;
    dlx_status s = dlx_build_queens(n, &b);
    return built::from(s, b, "dlx_build_queens");
}
inline built langford(std::size_t n) {
    dlx_built *b = nullptr;
    dlx_status s = dlx_build_langford(n, &b);
    return built::from(s, b, "dlx_build_langford");
}

namespace detail {
/* Squares as the C calls take them: row, column, row, column, ... */
inline std::vector<std::int32_t> flat(const std::vector<std::pair<std::int32_t, std::int32_t>> &squares) {
    std::vector<std::int32_t> out;
    out.reserve(2 * squares.size());
    for (const auto &sq : squares) {
        out.push_back(sq.first);
        out.push_back(sq.second);
    }
    return out;
}
}  // namespace detail

/* A polyomino packing problem (see dlx_polyomino in dlx.h). */
class polyomino {
public:
    using cells = std::vector<std::pair<std::int32_t, std::int32_t>>;

    polyomino() {
        dlx_polyomino *p = nullptr;
        detail::check(dlx_polyomino_new(&p), "dlx_polyomino_new");
        p_.reset(p);
    }

    /* Squares (row, column) of the board; the rectangle at (0, 0). */
    void add_cells(const cells &squares) {
        std::vector<std::int32_t> flat = detail::flat(squares);
        detail::check(dlx_polyomino_add_cells(p_.get(), flat.data(), squares.size()), "dlx_polyomino_add_cells");
    }
    void add_rectangle(std::size_t rows, std::size_t columns) {
        detail::check(dlx_polyomino_add_rectangle(p_.get(), rows, columns), "dlx_polyomino_add_rectangle");
    }
    /* A piece; `flags` a sum of DLX_PIECE_ROTATE, DLX_PIECE_REFLECT, DLX_PIECE_REUSE. */
    void add_piece(const std::string &name, const cells &squares, std::uint32_t flags = DLX_PIECE_ROTATE | DLX_PIECE_REFLECT) {
        std::vector<std::int32_t> flat = detail::flat(squares);
        detail::check(dlx_polyomino_add_piece(p_.get(), name.c_str(), flat.data(), squares.size(), flags), "dlx_polyomino_add_piece");
    }
    void set_empty_cells(bool on) { detail::check(dlx_polyomino_set_empty_cells(p_.get(), on ? 1 : 0), "dlx_polyomino_set_empty_cells"); }
    built build() const {
        dlx_built *b = nullptr;
        dlx_status s = dlx_polyomino_build(p_.get(), &b);
        return built::from(s, b, "dlx_polyomino_build");
    }

private:
    detail::owned<dlx_polyomino, dlx_polyomino_free> p_;
};

/* A sudoku-family grid (see dlx_sudoku in dlx.h). */
class sudoku {
public:
    sudoku(std::size_t box_rows, std::size_t box_columns) {
        dlx_sudoku *s = nullptr;
        detail::check(dlx_sudoku_new(box_rows, box_columns, &s), "dlx_sudoku_new");
        s_.reset(s);
    }

    void set_regions(const std::string &regions) { detail::check(dlx_sudoku_set_regions(s_.get(), regions.c_str()), "dlx_sudoku_set_regions"); }
    void set_givens(const std::string &givens) { detail::check(dlx_sudoku_set_givens(s_.get(), givens.c_str()), "dlx_sudoku_set_givens"); }
    void set_diagonal(bool on) { detail::check(dlx_sudoku_set_diagonal(s_.get(), on ? 1 : 0), "dlx_sudoku_set_diagonal"); }
    built build() const {
        dlx_built *b = nullptr;
        dlx_status s = dlx_sudoku_build(s_.get(), &b);
        return built::from(s, b, "dlx_sudoku_build");
    }
    /* The grid a solution's rows fill in (dlx_sudoku_decode). */
    std::string decode(const built &b, rows_view rows) const {
        std::size_t length = 0;
        dlx_status s = dlx_sudoku_decode(s_.get(), b.get(), rows.data(), rows.size(), nullptr, 0, &length);
        if (s != DLX_ERR_BUFFER_TOO_SMALL) {
            detail::check(s, "dlx_sudoku_decode");
        }
        std::string grid(length + 1, '\0');
        detail::check(dlx_sudoku_decode(s_.get(), b.get(), rows.data(), rows.size(), grid.data(), grid.size(), &length), "dlx_sudoku_decode");
        grid.resize(length);
        return grid;
    }
    std::string decode(const built &b, const std::vector<std::size_t> &rows) const { return decode(b, rows_view(rows.data(), rows.size())); }

private:
    detail::owned<dlx_sudoku, dlx_sudoku_free> s_;
};

}  // namespace dlx

#endif /* DLX_HPP */
