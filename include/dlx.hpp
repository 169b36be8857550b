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
 */
#ifndef DLX_HPP
#define DLX_HPP

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <iterator>
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
}  // namespace detail

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

    matrix(matrix &&other) noexcept : m_(std::exchange(other.m_, nullptr)) {}
    matrix &operator=(matrix &&other) noexcept {
        if (this != &other) {
            dlx_matrix_free(m_);
            m_ = std::exchange(other.m_, nullptr);
        }
        return *this;
    }
    matrix(const matrix &) = delete;
    matrix &operator=(const matrix &) = delete;
    ~matrix() { dlx_matrix_free(m_); }

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
    void set_bounds(std::size_t column, std::uint32_t lower, std::uint32_t upper) {
        detail::check(dlx_matrix_set_bounds(m_, column, lower, upper), "dlx_matrix_set_bounds");
    }
    void set_cost(std::size_t row, std::int64_t cost) { detail::check(dlx_matrix_set_row_cost(m_, row, cost), "dlx_matrix_set_row_cost"); }

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
    /* The matrix in Knuth's format. */
    std::string write() const {
        std::size_t length = 0;
        dlx_matrix_write(m_, nullptr, 0, &length);
        std::string text(length + 1, '\0');
        detail::check(dlx_matrix_write(m_, text.data(), text.size(), &length), "dlx_matrix_write");
        text.resize(length);
        return text;
    }

    dlx_matrix *get() const noexcept { return m_; }

private:
    explicit matrix(dlx_matrix *m) : m_(m) {}
    dlx_matrix *m_ = nullptr;
};

/* What a progress callback is told (see dlx_progress). */
using progress = dlx_progress;

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
    /* The engine the solver runs now: DLX_ENGINE_EXACT, DLX_ENGINE_SMALL or
     * DLX_ENGINE_GENERAL (see dlx_solver_engine). */
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
        struct context {
            F &f;
            std::uint64_t seen;
            bool stopped_by_f;
            std::exception_ptr error;
        } ctx{f, 0, false, nullptr};
        auto trampoline = [](void *user, const std::size_t *rows, std::size_t n) noexcept -> int {
            auto *c = static_cast<context *>(user);
            try {
                c->seen++;
                if constexpr (std::is_void_v<std::invoke_result_t<F &, rows_view>>) {
                    c->f(rows_view(rows, n));
                    return 0;
                } else {
                    c->stopped_by_f = !c->f(rows_view(rows, n));
                    return c->stopped_by_f ? 1 : 0;
                }
            } catch (...) {
                c->error = std::current_exception();
                return 1;
            }
        };
        dlx_status s = call([&] { return dlx_solver_run(s_, trampoline, &ctx, nullptr); });
        if (ctx.error) {
            std::rethrow_exception(ctx.error);
        }
        if (!ctx.stopped_by_f) {
            ended(s, ctx.seen);
        }
        return ctx.seen;
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

    /* Throws for an error status, and dlx::stopped for an early end. */
    void ended(dlx_status s, std::uint64_t partial) {
        detail::check(s);
        if (s == DLX_STOPPED) {
            throw stopped(outcome(), partial);
        }
    }

    dlx_solver *s_ = nullptr;
    std::function<bool(const progress &)> progress_;
    std::uint32_t interval_ms_ = 0;
    std::exception_ptr pending_;
};

}  // namespace dlx

#endif /* DLX_HPP */
