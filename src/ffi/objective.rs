//! Optimisation in the C API: row costs, the objective of a solver, the
//! cost of a solution and the best solutions. The core is
//! `dlx_core::objective` and `Solver::set_objective`.

use super::matrix::dlx_matrix;
use super::solver::{dlx_solver, solver_ref, with_solver, with_solver_ref};
use super::status::dlx_status::{self, *};
use super::{as_mut, as_ref, guard, write_out, CEnum};
use dlx_core::objective::{Goal, Objective};

/// What a search looks for, for `dlx_solver_set_objective`.
///
/// With an objective the search is a branch and bound: it returns only
/// solutions better than the `best`-th best found before them (the first
/// `best` ones fill the list), so each solution `dlx_solver_next` returns
/// improves on the list, the last one returned is the best, and
/// `dlx_solver_best` lists the `best` best so far, best first. A search
/// stopped by a limit or a cancel keeps its best so far; once it is
/// exhausted they are the `best` best of all (among solutions of equal
/// cost, the ones found first).
///
/// Costs are the `int64_t` costs of `dlx_matrix_set_row_cost` (0 unless
/// set; forced rows count too). Negative costs are allowed. The absolute
/// costs of all rows must add up to at most 2^61 (else
/// `DLX_ERR_COST_RANGE`), so that every sum the search forms is exact.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum dlx_objective {
    /// Every solution, costs ignored (the default).
    DLX_OBJECTIVE_ALL = 0,
    /// The smallest total cost.
    DLX_OBJECTIVE_MIN_COST = 1,
    /// The largest total cost (the highest weight); the search minimises
    /// the negated costs.
    DLX_OBJECTIVE_MAX_COST = 2,
    /// The fewest rows: every row costs 1, whatever its cost.
    DLX_OBJECTIVE_FEWEST_ROWS = 3,
}

super::c_enum!(dlx_objective: DLX_OBJECTIVE_ALL, DLX_OBJECTIVE_MIN_COST, DLX_OBJECTIVE_MAX_COST, DLX_OBJECTIVE_FEWEST_ROWS);

/// The objective for a C value: `Ok(None)` for `DLX_OBJECTIVE_ALL`.
pub(crate) fn parse_objective(which: u32, best: usize) -> Result<Option<Objective>, dlx_status> {
    use dlx_objective::*;
    let goal = match dlx_objective::from_u32(which) {
        None => return Err(DLX_ERR_UNKNOWN_VALUE),
        Some(DLX_OBJECTIVE_ALL) => return Ok(None),
        Some(DLX_OBJECTIVE_MIN_COST) => Goal::MinCost,
        Some(DLX_OBJECTIVE_MAX_COST) => Goal::MaxCost,
        Some(DLX_OBJECTIVE_FEWEST_ROWS) => Goal::FewestRows,
    };
    if best == 0 {
        return Err(DLX_ERR_INVALID_ARGUMENT);
    }
    Ok(Some(Objective { goal, best }))
}

/// Sets the cost of row `row`. Costs matter only to a solver with an
/// objective (`dlx_solver_set_objective`); solvers already made keep the
/// costs they copied. Errors: `DLX_ERR_NULL`, `DLX_ERR_ROW_RANGE`,
/// `DLX_ERR_OUT_OF_MEMORY` (the matrix unchanged).
#[no_mangle]
pub extern "C" fn dlx_matrix_set_row_cost(matrix: *mut dlx_matrix, row: usize, cost: i64) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        m.set_cost(row, cost).into()
    })
}

/// Writes the cost of row `row` (0 unless set) to `*cost`.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_ROW_RANGE`.
#[no_mangle]
pub extern "C" fn dlx_matrix_row_cost(matrix: *const dlx_matrix, row: usize, cost: *mut i64) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if cost.is_null() {
            return DLX_ERR_NULL;
        }
        match m.cost(row) {
            Some(c) => {
                unsafe { write_out(cost, c) };
                DLX_OK
            }
            None => DLX_ERR_ROW_RANGE,
        }
    })
}

/// Gives the solver an objective (a `dlx_objective`; see there) keeping the
/// `best` best solutions, and starts the search again (forced rows, seed
/// and limits kept; counters to zero). `DLX_OBJECTIVE_ALL` goes back to
/// every solution (`best` is then ignored). Errors, leaving the solver as
/// it was: `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE` (objective),
/// `DLX_ERR_INVALID_ARGUMENT` (`best` is 0), `DLX_ERR_COST_RANGE`,
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_objective(solver: *mut dlx_solver, objective: u32, best: usize) -> dlx_status {
    with_solver(solver, |s| {
        match parse_objective(objective, best) {
            Ok(o) => s.set_objective(o).into(),
            Err(status) => status,
        }
    })
}

/// With an objective, lets the search report only solutions of cost at most
/// `limit` (at least `limit` under `DLX_OBJECTIVE_MAX_COST`; at most `limit`
/// rows under `DLX_OBJECTIVE_FEWEST_ROWS`), as if one that good had been
/// found already: the bound prunes from the start, and a search that ends
/// without a solution proves that none is that good. The limit stays when
/// the objective changes and does nothing without one. The search starts
/// again (forced rows, seed and limits kept; counters to zero).
/// Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_cost_limit(solver: *mut dlx_solver, limit: i64) -> dlx_status {
    with_solver(solver, |s| {
        s.set_cost_limit(Some(limit));
        DLX_OK
    })
}

/// Lifts the cost limit of `dlx_solver_set_cost_limit` and starts the
/// search again. Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_clear_cost_limit(solver: *mut dlx_solver) -> dlx_status {
    with_solver(solver, |s| {
        s.set_cost_limit(None);
        DLX_OK
    })
}

/// Writes to `*cost` the cost of the last solution `dlx_solver_next` or
/// `dlx_solver_run` returned: the sum of its rows' costs, or its number of
/// rows under `DLX_OBJECTIVE_FEWEST_ROWS`. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_NO_SOLUTION` (no solution yet since the search (re)started, or,
/// without an objective, a sum beyond `int64_t`).
#[no_mangle]
pub extern "C" fn dlx_solver_cost(solver: *const dlx_solver, cost: *mut i64) -> dlx_status {
    with_solver_ref(solver, |s| write_found(cost, || s.cost(), DLX_ERR_NO_SOLUTION))
}

/// The number of best solutions kept so far (at most the objective's
/// `best`; 0 without an objective, and for NULL).
#[no_mangle]
pub extern "C" fn dlx_solver_best_count(solver: *const dlx_solver) -> usize {
    guard(0, || unsafe { solver_ref(solver) }.map_or(0, |s| s.best().len()))
}

/// The `index`-th best solution so far (0 is the best): its row ids go to
/// `*rows` and `*count` (owned by the solver, valid until the next call
/// that searches or changes it, or its free) and its cost to `*cost`.
/// `cost` may be NULL. Errors: `DLX_ERR_NULL`, `DLX_ERR_INVALID_ARGUMENT`
/// (`index` not below `dlx_solver_best_count`).
#[no_mangle]
pub extern "C" fn dlx_solver_best(
    solver: *const dlx_solver,
    index: usize,
    rows: *mut *const usize,
    count: *mut usize,
    cost: *mut i64,
) -> dlx_status {
    with_solver_ref(solver, |s| {
        if rows.is_null() || count.is_null() {
            return DLX_ERR_NULL;
        }
        let Some(b) = s.best().get(index) else { return DLX_ERR_INVALID_ARGUMENT };
        unsafe {
            write_out(rows, b.rows.as_ptr());
            write_out(count, b.rows.len());
            if !cost.is_null() {
                write_out(cost, b.cost);
            }
        }
        DLX_OK
    })
}

/// Writes to `*bound` a bound no solution beats, as the objective measures
/// cost: no solution costs less (more under `DLX_OBJECTIVE_MAX_COST`). It
/// is near the linear relaxation's optimum (within 0.1% of it on
/// set-partitioning problems), computed at the first call after the
/// objective is set (a few hundred passes over the matrix), and the best
/// cost once the search is complete; between it and the best so far
/// (`dlx_solver_best`) lies the optimum. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_BUSY`, `DLX_ERR_UNSUPPORTED` (no objective, or one with colors
/// or multiplicities, whose engine has no such bound).
#[no_mangle]
pub extern "C" fn dlx_solver_best_bound(solver: *mut dlx_solver, bound: *mut i64) -> dlx_status {
    with_solver(solver, |s| write_found(bound, || s.best_bound(), DLX_ERR_UNSUPPORTED))
}

/// Writes what `value` finds to `*out`: `DLX_OK`, `DLX_ERR_NULL` for a NULL
/// `out` (before asking), or `absent` when it finds nothing.
pub(super) fn write_found(out: *mut i64, value: impl FnOnce() -> Option<i64>, absent: dlx_status) -> dlx_status {
    if out.is_null() {
        return DLX_ERR_NULL;
    }
    match value() {
        Some(v) => {
            unsafe { write_out(out, v) };
            DLX_OK
        }
        None => absent,
    }
}
