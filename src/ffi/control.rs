//! Search control in the C API: limits, outcome, cancellation, progress,
//! seeds, forced rows, restarts and subproblems. The core is
//! `dlx_core::control`, `dlx_core::search` and `dlx_core::split`.

use std::ops::ControlFlow;
use std::time::Duration;

use libc::{c_int, c_void};

use super::solver::{dlx_solution_fn, dlx_solver, handle, with_busy_solver, with_solver, with_solver_ref, Stop};
use dlx_core::solver::Solver;
use dlx_core::split::Subproblem;
use super::status::dlx_status::{self, *};
use super::objective::write_found;
use super::{guard, slice_arg, write_out, CEnum};
use dlx_core::control::{Outcome, Report};

/// The limits of `dlx_solver_set_limit`. Each is a budget for one call of
/// `dlx_solver_next` or `dlx_solver_run`: the call stops (`DLX_STOPPED`)
/// once it has used the budget, and the next call carries on where it
/// stopped with a fresh budget, walking the same tree as a search that never
/// stopped. Limits, cancellation and progress are looked at between slices of
/// 1024 search-tree nodes.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum dlx_limit {
    /// Solutions handed to the callback of one `dlx_solver_run`
    /// (`dlx_solver_next` stops at each solution anyway).
    DLX_LIMIT_SOLUTIONS = 0,
    /// Search-tree nodes entered (counted as `DLX_COUNTER_NODES`); exact.
    DLX_LIMIT_NODES = 1,
    /// Updates made (`DLX_COUNTER_UPDATES`); may be overshot by the work of
    /// one slice.
    DLX_LIMIT_UPDATES = 2,
    /// Wall-clock milliseconds.
    DLX_LIMIT_MILLISECONDS = 3,
}

super::c_enum!(dlx_limit: DLX_LIMIT_SOLUTIONS, DLX_LIMIT_NODES, DLX_LIMIT_UPDATES, DLX_LIMIT_MILLISECONDS);

/// How the last call of `dlx_solver_next` or `dlx_solver_run` ended, from
/// `dlx_solver_outcome`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum dlx_outcome {
    /// No call has run yet.
    DLX_OUTCOME_NONE = 0,
    /// `dlx_solver_next` found a solution.
    DLX_OUTCOME_SOLUTION = 1,
    /// The search is exhausted.
    DLX_OUTCOME_EXHAUSTED = 2,
    /// `DLX_LIMIT_SOLUTIONS` was reached.
    DLX_OUTCOME_SOLUTION_LIMIT = 3,
    /// `DLX_LIMIT_NODES` was reached.
    DLX_OUTCOME_NODE_LIMIT = 4,
    /// `DLX_LIMIT_UPDATES` was reached.
    DLX_OUTCOME_UPDATE_LIMIT = 5,
    /// `DLX_LIMIT_MILLISECONDS` was reached.
    DLX_OUTCOME_TIME_LIMIT = 6,
    /// The solution callback or the progress callback returned non-zero.
    DLX_OUTCOME_CALLBACK = 7,
    /// `dlx_solver_cancel` was called.
    DLX_OUTCOME_CANCELLED = 8,
}

impl From<Outcome> for dlx_outcome {
    fn from(o: Outcome) -> Self {
        use dlx_outcome::*;
        match o {
            Outcome::Solution => DLX_OUTCOME_SOLUTION,
            Outcome::Exhausted => DLX_OUTCOME_EXHAUSTED,
            Outcome::SolutionLimit => DLX_OUTCOME_SOLUTION_LIMIT,
            Outcome::NodeLimit => DLX_OUTCOME_NODE_LIMIT,
            Outcome::UpdateLimit => DLX_OUTCOME_UPDATE_LIMIT,
            Outcome::TimeLimit => DLX_OUTCOME_TIME_LIMIT,
            Outcome::Stopped => DLX_OUTCOME_CALLBACK,
            Outcome::Cancelled => DLX_OUTCOME_CANCELLED,
            // A stop the core gained before this API named it.
            _ => DLX_OUTCOME_CALLBACK,
        }
    }
}

/// What a progress callback is told. The library fills it and passes a
/// pointer valid during the call only. Later versions may add fields at the
/// end, never change these: `size` is the number of valid bytes
/// (`sizeof(dlx_progress)` of the library that filled it).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct dlx_progress {
    pub size: usize,
    /// `DLX_COUNTER_NODES`, `_UPDATES` and `_SOLUTIONS` so far.
    pub nodes: u64,
    pub updates: u64,
    pub solutions: u64,
    /// An estimate of the fraction of the search tree walked, 0 to 1 (see
    /// `dlx_solver_estimate`).
    pub estimate: f64,
    /// Seconds since the current call began.
    pub seconds: f64,
    /// The number of rows chosen on the path where the search stands.
    pub depth: usize,
}

/// A progress callback: called with `user` (never read by the library) and
/// a report, on the thread running the search. Return 0 to go on; any other
/// value stops the call with `DLX_STOPPED` and `DLX_OUTCOME_CALLBACK`.
pub type dlx_progress_fn = Option<unsafe extern "C" fn(user: *mut c_void, progress: *const dlx_progress) -> c_int>;

/// Sets limit `which` (a `dlx_limit`) for every later call; `value` 0 removes
/// it. Errors: `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_limit(solver: *mut dlx_solver, which: u32, value: u64) -> dlx_status {
    with_solver(solver, |s| {
        let mut l = s.limits();
        let v = (value != 0).then_some(value);
        use dlx_limit::*;
        let Some(which) = dlx_limit::from_u32(which) else { return DLX_ERR_UNKNOWN_VALUE };
        match which {
            DLX_LIMIT_SOLUTIONS => l.solutions = v,
            DLX_LIMIT_NODES => l.nodes = v,
            DLX_LIMIT_UPDATES => l.updates = v,
            DLX_LIMIT_MILLISECONDS => l.time = v.map(Duration::from_millis),
        }
        s.set_limits(l);
        DLX_OK
    })
}

/// Writes to `*outcome` how the last call ended (a `dlx_outcome`).
/// Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_outcome(solver: *const dlx_solver, outcome: *mut u32) -> dlx_status {
    with_solver_ref(solver, |s| {
        if outcome.is_null() {
            return DLX_ERR_NULL;
        }
        let o = s.outcome().map_or(dlx_outcome::DLX_OUTCOME_NONE, dlx_outcome::from);
        unsafe { write_out(outcome, o as u32) };
        DLX_OK
    })
}

/// Asks the search to stop. Safe to call from any thread, also while
/// another thread is inside `dlx_solver_next` or `dlx_solver_run` on the
/// same solver, from inside the solver's own callbacks, and from a signal
/// handler: it is async-signal-safe (one atomic store: no lock, no
/// allocation). The running call returns `DLX_STOPPED` with
/// `DLX_OUTCOME_CANCELLED` within `DLX_POLL_NODES` nodes, typically well
/// under a millisecond. If no call is running, the next one stops at once.
/// The request is used up by the call it stops; a later call resumes the
/// search. The solver must not be freed while this runs.
/// Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_cancel(solver: *const dlx_solver) -> dlx_status {
    // No `guard` here: nothing below can panic, and catching one is not
    // async-signal-safe. SAFETY: NULL or a live handle (the caller's
    // promise); only the canceller field is read.
    match unsafe { handle(solver) } {
        Some(canceller) => {
            canceller.cancel();
            DLX_OK
        }
        None => DLX_ERR_NULL,
    }
}

/// The user pointer of a progress callback, moved into the closure.
struct User(*mut c_void);
// SAFETY: the library never dereferences it; it only hands it back to the
// caller's callback, on the thread the caller runs the search on.
unsafe impl Send for User {}

/// Calls `callback` about every `interval_ms` milliseconds while a call
/// searches (first after one interval; 0: between every slice of 1024
/// nodes). A NULL callback turns reports off. Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_progress(solver: *mut dlx_solver, callback: dlx_progress_fn, user: *mut c_void, interval_ms: u32) -> dlx_status {
    with_solver(solver, |s| {
        let Some(f) = callback else {
            s.set_progress(None);
            return DLX_OK;
        };
        let user = User(user);
        let report = move |r: &Report| {
            let p = dlx_progress {
                size: std::mem::size_of::<dlx_progress>(),
                nodes: r.counters.nodes,
                updates: r.counters.updates,
                solutions: r.counters.solutions,
                estimate: r.estimate,
                seconds: r.elapsed.as_secs_f64(),
                depth: r.depth,
            };
            let u = &user;
            // What `dlx_progress_best` and `dlx_progress_bound` read, for
            // this report only (a search the callback runs reports its own,
            // and this one's comes back after it).
            let before = REPORTED.replace(Reported { at: &p as *const dlx_progress as usize, best: r.best, bound: r.bound });
            let go = unsafe { f(u.0, &p) };
            REPORTED.set(before);
            match go {
                0 => ControlFlow::Continue(()),
                _ => ControlFlow::Break(()),
            }
        };
        s.set_progress(Some((Duration::from_millis(interval_ms.into()), Box::new(report))));
        DLX_OK
    })
}

/// The report a progress callback on this thread is being given: its
/// address, and the best cost and the bound it came with.
#[derive(Clone, Copy)]
struct Reported {
    at: usize,
    best: Option<i64>,
    bound: Option<i64>,
}

thread_local! {
    static REPORTED: std::cell::Cell<Reported> = const { std::cell::Cell::new(Reported { at: 0, best: None, bound: None }) };
}

/// What the report at `progress` came with, when a progress callback on
/// this thread is being given it.
fn reported(progress: *const dlx_progress) -> Option<Reported> {
    let r = REPORTED.get();
    (r.at != 0 && r.at == progress as usize).then_some(r)
}

/// Inside a progress callback, with the solver's objective: writes to
/// `*best` the cost of the best solution found when the report was made.
/// `progress` must be the pointer the callback was given (a copy of the
/// struct is not it). Errors: `DLX_ERR_NULL`, `DLX_ERR_INVALID_ARGUMENT`
/// (`progress` is not a report being given on this thread),
/// `DLX_ERR_NO_SOLUTION` (no solution yet, or no objective).
#[no_mangle]
pub extern "C" fn dlx_progress_best(progress: *const dlx_progress, best: *mut i64) -> dlx_status {
    guard(DLX_ERR_PANIC, || progress_value(progress, best, |r| r.best, DLX_ERR_NO_SOLUTION))
}

/// Inside a progress callback, with the solver's objective: writes to
/// `*bound` the bound no solution beats when the report was made (as
/// `dlx_solver_best_bound`, which cannot be called while the solver
/// searches); with `dlx_progress_best`, the gap the search has left.
/// `progress` as for `dlx_progress_best`. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_INVALID_ARGUMENT` (as for `dlx_progress_best`),
/// `DLX_ERR_UNSUPPORTED` (no objective, or one with colors or
/// multiplicities).
#[no_mangle]
pub extern "C" fn dlx_progress_bound(progress: *const dlx_progress, bound: *mut i64) -> dlx_status {
    guard(DLX_ERR_PANIC, || progress_value(progress, bound, |r| r.bound, DLX_ERR_UNSUPPORTED))
}

/// `dlx_progress_best` and `dlx_progress_bound`: `value` of the report at
/// `progress` to `*out`, or `absent`.
fn progress_value(progress: *const dlx_progress, out: *mut i64, value: impl FnOnce(Reported) -> Option<i64>, absent: dlx_status) -> dlx_status {
    match reported(progress) {
        _ if progress.is_null() || out.is_null() => DLX_ERR_NULL,
        Some(r) => write_found(out, || value(r), absent),
        None => DLX_ERR_INVALID_ARGUMENT,
    }
}

/// Writes to `*estimate` the estimated fraction of the search tree walked
/// so far, from 0 to 1, as Knuth's programs estimate it: at each level the
/// position of the row being tried among its column's rows, weighted by
/// the share of the tree that level's branch stands for. Errors:
/// `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_estimate(solver: *const dlx_solver, estimate: *mut f64) -> dlx_status {
    with_solver_ref(solver, |s| {
        if estimate.is_null() {
            return DLX_ERR_NULL;
        }
        unsafe { write_out(estimate, s.estimate()) };
        DLX_OK
    })
}

/// Randomises the search with `seed` and starts it again: among the primary
/// columns of fewest rows it branches on one picked at random, and tries
/// that column's rows in a random order. The same seed gives the same
/// search (the same solutions in the same order) on every platform and run.
/// Forced rows stay; counters go to zero. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_OUT_OF_MEMORY` (the solver is then unchanged).
#[no_mangle]
pub extern "C" fn dlx_solver_set_seed(solver: *mut dlx_solver, seed: u64) -> dlx_status {
    with_solver(solver, |s| {
        s.set_seed(Some(seed)).into()
    })
}

/// Goes back to the ordinary order (first column of fewest rows, rows in
/// the order added) and starts the search again. Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_clear_seed(solver: *mut dlx_solver) -> dlx_status {
    with_solver(solver, |s| {
        s.set_seed(None).into()
    })
}

/// Starts the search again from the beginning with the rows
/// `rows[0 .. count]` already chosen, replacing earlier forced rows
/// (`count` 0 removes them; `rows` may then be NULL). Every solution then
/// contains them, first in its rows. This is how one solver serves many
/// puzzles: force each puzzle's clues in turn. Counters go to zero.
/// Errors, leaving the solver as it was: `DLX_ERR_NULL`,
/// `DLX_ERR_ROW_RANGE`, `DLX_ERR_CONFLICT` (two rows share a column, or a
/// row is given twice, or a row is excluded), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_force_rows(solver: *mut dlx_solver, rows: *const usize, count: usize) -> dlx_status {
    // SAFETY: the caller's array, of the length given.
    unsafe { with_rows(solver, rows, count, Solver::force_rows) }
}

/// Starts the search again from the beginning (forced rows and seed kept;
/// counters to zero). Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_restart(solver: *mut dlx_solver) -> dlx_status {
    with_solver(solver, |s| {
        s.restart();
        DLX_OK
    })
}

/// Cuts the search into subproblems: hands to `callback` each partial
/// solution at `depth` levels below the forced rows (the forced rows, then
/// the rows the search chooses on its first `depth` levels; a solution
/// complete above that depth is a subproblem too). Every solution extends
/// exactly one of them, so solving each with `dlx_solver_force_rows` (on any
/// solver of the same matrix, in any thread or process) and adding the
/// counts gives the whole count. `*count` (if not NULL) receives the number
/// handed over. Returns `DLX_DONE` when all were handed over, or
/// `DLX_STOPPED` when the callback returned non-zero (its value then goes
/// to `*callback_result` if not NULL). Afterwards the solver's search
/// starts from the beginning. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_OUT_OF_MEMORY`, `DLX_ERR_UNSUPPORTED` (on every engine: the matrix has bounds or
/// colors, or the solver has excluded rows: their subproblems also exclude
/// rows, which `dlx_solver_split` hands over).
#[no_mangle]
pub extern "C" fn dlx_solver_subproblems(
    solver: *mut dlx_solver,
    depth: usize,
    callback: dlx_solution_fn,
    user: *mut c_void,
    count: *mut u64,
    callback_result: *mut c_int,
) -> dlx_status {
    with_busy_solver(solver, |s| {
        let Some(f) = callback else { return DLX_ERR_NULL };
        // The rule is the matrix's, whatever the engine: on a plain matrix
        // the rows a path rules out all share a column with a row it
        // chose, so forcing the chosen rows alone keeps them out.
        if s.is_generalized() || !s.excluded_rows().is_empty() {
            return DLX_ERR_UNSUPPORTED;
        }
        // SAFETY: the caller's callback, called as documented.
        split(s, depth, count, callback_result, |part| unsafe { f(user, part.rows.as_ptr(), part.rows.len()) })
    })
}

/// The callback that receives subproblems (`dlx_solver_split`): the rows
/// to force, `rows[0 .. count]`, and the rows to exclude,
/// `excluded[0 .. excluded_count]` (in increasing order). Both arrays are
/// valid only during the call. Return 0 to go on; any other value stops.
pub type dlx_subproblem_fn = Option<
    unsafe extern "C" fn(user: *mut c_void, rows: *const usize, count: usize, excluded: *const usize, excluded_count: usize) -> c_int,
>;

/// Cuts the search into subproblems, for any matrix: hands to `callback`
/// each node of the search tree at `depth` levels below the forced rows
/// (or a solution complete above that depth) as the rows to force (the
/// forced rows, then those chosen on the path) and the rows to exclude
/// (the solver's excluded rows, and those the path rules out: with bounds,
/// a column may take several rows, and the rows tried before the chosen
/// one at a level, or all the rows of a column that takes no more, are
/// kept out below it). Every solution lies below exactly one subproblem,
/// so solving each with `dlx_solver_set_subproblem` (on any solver of the
/// same matrix, in any thread or process) and adding the counts gives the whole count; the
/// best cost is the best of the parts'. For exact cover without excluded
/// rows the subproblems are those of `dlx_solver_subproblems`, each with
/// nothing to exclude. `*count`, `*callback_result`, the return value and
/// the restart afterwards are as for `dlx_solver_subproblems`. Errors:
/// `DLX_ERR_NULL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_split(
    solver: *mut dlx_solver,
    depth: usize,
    callback: dlx_subproblem_fn,
    user: *mut c_void,
    count: *mut u64,
    callback_result: *mut c_int,
) -> dlx_status {
    with_busy_solver(solver, |s| {
        let Some(f) = callback else { return DLX_ERR_NULL };
        // SAFETY: the caller's callback, called as documented.
        split(s, depth, count, callback_result, |part| unsafe {
            f(user, part.rows.as_ptr(), part.rows.len(), part.excluded.as_ptr(), part.excluded.len())
        })
    })
}

/// The loop behind `dlx_solver_subproblems` and `dlx_solver_split`: hands
/// each subproblem to `call`, stopping when it returns non-zero.
fn split(s: &mut Solver, depth: usize, count: *mut u64, callback_result: *mut c_int, mut call: impl FnMut(Subproblem<'_>) -> c_int) -> dlx_status {
    let (mut n, mut stop) = (0u64, Stop::default());
    let walked = s.for_each_subproblem(depth, |part| {
        n += 1;
        stop.on(call(part))
    });
    match walked {
        Err(e) => e.into(),
        Ok(end) => {
            if !count.is_null() {
                unsafe { write_out(count, n) };
            }
            if end.is_break() {
                unsafe { stop.report(callback_result) };
                DLX_STOPPED
            } else {
                DLX_DONE
            }
        }
    }
}

/// Starts the search again from the beginning with the rows
/// `rows[0 .. count]` left out, as if they were not in the matrix,
/// replacing earlier excluded rows (`count` 0 brings every row back; `rows`
/// may then be NULL); repeats are allowed. No solution then contains them.
/// Forced rows and seed stay; counters go to zero.
/// Errors, leaving the solver as it was: `DLX_ERR_NULL`,
/// `DLX_ERR_ROW_RANGE`, `DLX_ERR_CONFLICT` (a row is forced),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_exclude_rows(solver: *mut dlx_solver, rows: *const usize, count: usize) -> dlx_status {
    // SAFETY: the caller's array, of the length given.
    unsafe { with_rows(solver, rows, count, Solver::exclude_rows) }
}

/// `f` on the solver and the caller's row ids `rows[0 .. count]`.
///
/// # Safety
/// `rows` is NULL or valid for `count` reads.
unsafe fn with_rows(solver: *mut dlx_solver, rows: *const usize, count: usize, f: impl FnOnce(&mut Solver, &[usize]) -> Result<(), dlx_core::error::Error>) -> dlx_status {
    with_solver(solver, |s| match unsafe { slice_arg(rows, count) } {
        Ok(rows) => f(s, rows).into(),
        Err(e) => e,
    })
}

/// Forces `rows[0 .. count]` and excludes `excluded[0 .. excluded_count]`
/// at once, replacing the forced and excluded rows (as the two calls above
/// would, but without a conflict between the old rows of one and the new
/// rows of the other), and starts the search again: how a worker takes the
/// next part of `dlx_solver_split`. Either array may be NULL when its count
/// is 0. Errors, leaving the solver as it was: `DLX_ERR_NULL`,
/// `DLX_ERR_ROW_RANGE`, `DLX_ERR_CONFLICT` (as for the two calls above, or a
/// row both forced and excluded), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_subproblem(
    solver: *mut dlx_solver,
    rows: *const usize,
    count: usize,
    excluded: *const usize,
    excluded_count: usize,
) -> dlx_status {
    with_solver(solver, |s| {
        // SAFETY: the caller's arrays, of the lengths given.
        match unsafe { (slice_arg(rows, count), slice_arg(excluded, excluded_count)) } {
            (Ok(rows), Ok(excluded)) => s.set_subproblem(rows, excluded).into(),
            (Err(e), _) | (_, Err(e)) => e,
        }
    })
}

/// Writes to `*depth` the smallest depth at which `dlx_solver_subproblems`
/// (or `dlx_solver_split`, whose subproblems are the same paths) gives at
/// least `at_least` subproblems (or, when no depth gives that many, the
/// depth past which the tree has no paths). Restarts the search.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_split_depth(solver: *mut dlx_solver, at_least: u64, depth: *mut usize) -> dlx_status {
    with_solver(solver, |s| {
        if depth.is_null() {
            return DLX_ERR_NULL;
        }
        match s.depth_for(at_least) {
            Ok(d) => {
                unsafe { write_out(depth, d) };
                DLX_OK
            }
            Err(e) => e.into(),
        }
    })
}

/// Turns dynamic weights on (`on` non-zero) or off for the choice of the
/// column to branch on: each primary column's weight starts at 1 and grows
/// by 1 each time the search finds it with no row left; among columns of
/// two rows (branches) or more the search takes the least rows over
/// weight, the first such (among the preferred columns while one is
/// uncovered: `dlx_matrix_set_preferred`). dom/wdeg after Boussemart,
/// Hemery, Lecoutre and Sais (2004), as Knuth's SSXCC-WTD. Solutions and
/// counts do not change; the tree, the counters and the order of solutions
/// do. The generalised engine and Algorithm M on bit sets weigh their
/// columns in counts and enumerations in order; with a seed or an
/// objective they keep their own choice. The memoized count keeps its own
/// rule. The search starts again with every weight back to 1, as at every
/// restart. Errors, leaving the solver as it was: `DLX_ERR_NULL`,
/// `DLX_ERR_BUSY`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_weights(solver: *mut dlx_solver, on: c_int) -> dlx_status {
    with_solver(solver, |s| s.set_weights(on != 0).into())
}
