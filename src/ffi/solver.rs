//! `dlx_solver`: one search, one solution at a time.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use libc::{c_int, c_void};

use super::matrix::dlx_matrix;
use super::status::dlx_counter;
use super::CEnum;
use super::status::dlx_status::{self, *};
use super::{as_ref, free_handle, guard, store_handle, write_out, Castable};
use dlx_core::control::{Canceller, Found, Outcome};
use dlx_core::engine::Engine;
use dlx_core::solver::Solver;

/// One search over a matrix. It branches on the primary column with the
/// fewest remaining rows (ties: the lowest index) and tries that column's
/// rows in the order they were added, so it walks the same tree as Knuth's
/// DLX1 and its counters can be compared with his.
///
/// Ownership: made by `dlx_solver_new`, freed by `dlx_solver_free`. It keeps
/// its own copy of the matrix: the matrix may be changed or freed at any
/// time after `dlx_solver_new` returns.
///
/// Threads: a solver may be moved between threads, but must not be used by
/// two threads at once, except that `dlx_solver_cancel` may be called from
/// any thread at any time. Solvers made from one matrix are independent and
/// may run in parallel.
pub struct dlx_solver {
    _private: [u8; 0],
}

impl Castable for dlx_solver {
    type Rust = SolverHandle;
}

/// What a `dlx_solver` points to: the search; a second handle on its
/// cancel flag that `dlx_solver_cancel` reaches without touching `solver`
/// (which another thread may be using); and whether a call on it is
/// running the caller's callback, during which every other call on it is
/// refused with `DLX_ERR_BUSY` (the running call holds the search).
pub(crate) struct SolverHandle {
    solver: Solver,
    canceller: Canceller,
    busy: AtomicBool,
}

/// The handle behind `p`: `DLX_ERR_NULL` for NULL, `DLX_ERR_BUSY` while a
/// callback of the solver runs.
///
/// # Safety
/// `p` is NULL or a live solver handle, not used by another thread
/// meanwhile (`dlx_solver_cancel` aside).
unsafe fn lookup(p: *const dlx_solver) -> Result<*mut SolverHandle, dlx_status> {
    let h = p.cast_mut().cast::<SolverHandle>();
    if h.is_null() {
        return Err(DLX_ERR_NULL);
    }
    if unsafe { &*std::ptr::addr_of!((*h).busy) }.load(Ordering::Relaxed) {
        return Err(DLX_ERR_BUSY);
    }
    Ok(h)
}

/// The search behind a handle, or the status of [`lookup`]. Borrows only
/// the `solver` field, never the whole handle.
///
/// # Safety
/// As [`lookup`].
pub(crate) unsafe fn solver_ref<'a>(p: *const dlx_solver) -> Result<&'a Solver, dlx_status> {
    unsafe { lookup(p).map(|h| &*std::ptr::addr_of!((*h).solver)) }
}

/// The body of a C function on a solver: `f` on the search behind
/// `solver`, or the status of [`lookup`]; a panic gives `DLX_ERR_PANIC`.
/// `solver` is NULL or a live handle not used by another thread meanwhile:
/// the C caller's promise, as for every function of the API.
pub(crate) fn with_solver(solver: *mut dlx_solver, f: impl FnOnce(&mut Solver) -> dlx_status) -> dlx_status {
    // SAFETY: the caller's promise above; only the `solver` field is
    // borrowed.
    guard(DLX_ERR_PANIC, || match unsafe { lookup(solver) } {
        Ok(h) => f(unsafe { &mut *std::ptr::addr_of_mut!((*h).solver) }),
        Err(e) => e,
    })
}

/// As [`with_solver`], shared.
pub(crate) fn with_solver_ref(solver: *const dlx_solver, f: impl FnOnce(&Solver) -> dlx_status) -> dlx_status {
    // SAFETY: as in `with_solver`.
    guard(DLX_ERR_PANIC, || match unsafe { solver_ref(solver) } {
        Ok(s) => f(s),
        Err(e) => e,
    })
}

/// As [`with_solver`], with the handle marked busy while `f` runs: for the
/// calls that may run a caller's callback, from which every other call on
/// the solver is then refused. The mark goes when `f` returns or panics.
pub(crate) fn with_busy_solver(solver: *mut dlx_solver, f: impl FnOnce(&mut Solver) -> dlx_status) -> dlx_status {
    struct Unmark<'a>(&'a AtomicBool);
    impl Drop for Unmark<'_> {
        fn drop(&mut self) {
            self.0.store(false, Ordering::Relaxed);
        }
    }
    // SAFETY: as in `with_solver`; the `busy` and `solver` fields are
    // borrowed apart.
    guard(DLX_ERR_PANIC, || match unsafe { lookup(solver) } {
        Ok(h) => {
            let busy = unsafe { &*std::ptr::addr_of!((*h).busy) };
            busy.store(true, Ordering::Relaxed);
            let _unmark = Unmark(busy);
            f(unsafe { &mut *std::ptr::addr_of_mut!((*h).solver) })
        }
        Err(e) => e,
    })
}

/// The cancel flag behind a handle, or `None` for NULL. Borrows only the
/// `canceller` field, which is never written after the handle is made.
///
/// # Safety
/// `p` is NULL or a live solver handle.
pub(crate) unsafe fn handle<'a>(p: *const dlx_solver) -> Option<&'a Canceller> {
    let h = p.cast::<SolverHandle>();
    if h.is_null() {
        return None;
    }
    Some(unsafe { &*std::ptr::addr_of!((*h).canceller) })
}

/// The callback that receives solutions: `rows` holds the `count` 0-based
/// row ids of one solution, in the order the search chose them, and is valid
/// only during the call. `user` is the pointer given with the callback; the
/// library never reads or frees it. Return 0 to continue the search; any
/// other value stops it and is handed back to the caller.
pub type dlx_solution_fn = Option<unsafe extern "C" fn(user: *mut c_void, rows: *const usize, count: usize) -> c_int>;

/// Makes a solver for `matrix` and stores it in `*out`.
/// A matrix with bounds or colors gets the generalised search (Knuth's
/// Algorithm M), with every call of the solver but
/// `dlx_solver_subproblems`; its counters are counted its own way.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_new(matrix: *const dlx_matrix, out: *mut *mut dlx_solver) -> dlx_status {
    new_solver(matrix, Some(Engine::Auto), out)
}

/// The body of `dlx_solver_new` and `dlx_solver_new_with_engine`: a
/// solver for `matrix` running `engine` (`None`: an unknown value) into
/// `*out`.
fn new_solver(matrix: *const dlx_matrix, engine: Option<Engine>, out: *mut *mut dlx_solver) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if out.is_null() {
            return DLX_ERR_NULL;
        }
        let Some(engine) = engine else { return DLX_ERR_UNKNOWN_VALUE };
        let made = Solver::with_engine(m, engine).map(|solver| SolverHandle { canceller: solver.canceller(), solver, busy: AtomicBool::new(false) });
        unsafe { store_handle(made, out) }
    })
}

/// The search engines a solver can run (`dlx_solver_new_with_engine`).
/// All walk Knuth's trees and find the same solutions; they differ in
/// speed and in how they count nodes and updates. Values may be added at
/// the end in later versions.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum dlx_engine {
    /// The library's choice (what `dlx_solver_new` does), in this order:
    /// for a matrix with bounds, `DLX_ENGINE_SMALL` when its bit sets
    /// (columns times rows, one bit each) fit in 48 KB and, if it has
    /// secondary columns, its clash sets (rows times rows, one bit each)
    /// fit in 1 MB, else `DLX_ENGINE_CELLS`; for a matrix with colors,
    /// `DLX_ENGINE_SMALL` when its bit sets fit in 48 KB, else
    /// `DLX_ENGINE_CELLS`; for exact cover, `DLX_ENGINE_SMALL` when its
    /// bit sets fit in 48 KB and either its dancing links (16 bytes for
    /// each entry, row and column) would not fit in 32 KB or its rows have
    /// three entries or more on average (and their conflict sets, rows
    /// times rows, one bit each, fit in 1 MB), else `DLX_ENGINE_EXACT`. A
    /// solver on `DLX_ENGINE_SMALL` moves to `DLX_ENGINE_EXACT`
    /// (`DLX_ENGINE_GENERAL` with bounds or colors) when it is given an
    /// objective (`dlx_solver_set_objective`).
    DLX_ENGINE_AUTO = 0,
    /// Knuth's DLX1 on dancing links: exact cover with secondary columns,
    /// the same tree and counters as DLX1. Not for bounds or colors.
    DLX_ENGINE_EXACT = 1,
    /// Knuth's Algorithm M: bounds (multiplicities) and colors, and any
    /// plain matrix too; its counters are counted its own way.
    DLX_ENGINE_GENERAL = 2,
    /// Bit sets, for small matrices: exact cover with secondary columns
    /// with the same tree, solutions and counters as `DLX_ENGINE_EXACT`,
    /// faster (a sudoku, N-queens, a small polyomino box); with colors or
    /// bounds, the solutions, order and node count of `DLX_ENGINE_CELLS`
    /// (those of `DLX_ENGINE_GENERAL`, Knuth's DLX2 and DLX3, less the
    /// nodes on finished columns: see `DLX_ENGINE_CELLS`), its updates
    /// counted its own way. It has no branch and bound: an objective moves
    /// the solver to
    /// `DLX_ENGINE_EXACT` (the same tree and counters), or to
    /// `DLX_ENGINE_GENERAL` with bounds or colors, as it does a solver
    /// that chose this engine itself.
    DLX_ENGINE_SMALL = 3,
    /// Dancing cells (Knuth's SSXCC and SSMCC): Algorithm M on sparse
    /// sets with a trail in place of links, for bounds and colors on
    /// matrices too large for the bit sets. The solutions and counts of
    /// `DLX_ENGINE_GENERAL`, in the same order; its node count too where
    /// no primary column has slack (lower bound below upper), else at
    /// most that: a column with its lower bound and no row left is
    /// passed over (as SSMCC does), not branched on once more. Its
    /// updates are counted its own way. It has no branch and bound: an
    /// objective moves the solver to `DLX_ENGINE_GENERAL`
    /// (`DLX_ENGINE_EXACT` for plain exact cover).
    DLX_ENGINE_CELLS = 4,
}

super::c_enum!(dlx_engine: DLX_ENGINE_AUTO, DLX_ENGINE_EXACT, DLX_ENGINE_GENERAL, DLX_ENGINE_SMALL, DLX_ENGINE_CELLS);

/// Makes a solver for `matrix` that runs `engine` (a `dlx_engine`) and
/// stores it in `*out`; otherwise as `dlx_solver_new`. Errors:
/// `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE` (engine), `DLX_ERR_UNSUPPORTED`
/// (`DLX_ENGINE_EXACT` for a matrix with bounds or colors),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_new_with_engine(matrix: *const dlx_matrix, engine: u32, out: *mut *mut dlx_solver) -> dlx_status {
    let engine = dlx_engine::from_u32(engine).map(|e| match e {
        dlx_engine::DLX_ENGINE_AUTO => Engine::Auto,
        dlx_engine::DLX_ENGINE_EXACT => Engine::Exact,
        dlx_engine::DLX_ENGINE_GENERAL => Engine::General,
        dlx_engine::DLX_ENGINE_SMALL => Engine::Small,
        dlx_engine::DLX_ENGINE_CELLS => Engine::Cells,
    });
    new_solver(matrix, engine, out)
}

/// Writes to `*engine` the engine `solver` runs now: `DLX_ENGINE_EXACT`,
/// `DLX_ENGINE_GENERAL`, `DLX_ENGINE_SMALL` or `DLX_ENGINE_CELLS` (never
/// `DLX_ENGINE_AUTO`). Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_engine(solver: *const dlx_solver, engine: *mut u32) -> dlx_status {
    with_solver_ref(solver, |s| {
        if engine.is_null() {
            return DLX_ERR_NULL;
        }
        let value = match s.engine() {
            Engine::General => dlx_engine::DLX_ENGINE_GENERAL,
            Engine::Exact | Engine::Auto => dlx_engine::DLX_ENGINE_EXACT,
            Engine::Small => dlx_engine::DLX_ENGINE_SMALL,
            Engine::Cells => dlx_engine::DLX_ENGINE_CELLS,
            // An engine the core gained before this API named it: the
            // general one is what every problem runs on.
            _ => dlx_engine::DLX_ENGINE_GENERAL,
        };
        unsafe { write_out(engine, value.value()) };
        DLX_OK
    })
}

/// Frees a solver, and with it the rows array of its last solution. NULL
/// does nothing, and so does a call from inside one of the solver's own
/// callbacks (the solver is in use: free it after the call returns).
#[no_mangle]
pub extern "C" fn dlx_solver_free(solver: *mut dlx_solver) {
    guard((), || {
        // SAFETY: NULL or a live handle (the caller's promise).
        if unsafe { lookup(solver) }.is_ok() {
            unsafe { free_handle(solver) }
        }
    })
}

/// Runs the search to its next solution. Returns `DLX_SOLUTION` and points
/// `*rows` at the solution's `*count` row ids (the forced rows, then the
/// rows chosen in the order chosen; owned by the solver and valid until the
/// next call on it or its free), `DLX_DONE` when there are no more
/// solutions (then, and on every later call, `*rows` and `*count` are left
/// as they were), or `DLX_STOPPED` when a limit or a cancel ended the call
/// first (see `dlx_solver_outcome`; the next call carries on).
/// Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_next(solver: *mut dlx_solver, rows: *mut *const usize, count: *mut usize) -> dlx_status {
    // Busy: a progress callback may run during the search.
    with_busy_solver(solver, |s| {
        if rows.is_null() || count.is_null() {
            return DLX_ERR_NULL;
        }
        match s.find() {
            Found::Solution(found) => {
                unsafe {
                    write_out(rows, found.as_ptr());
                    write_out(count, found.len());
                }
                DLX_SOLUTION
            }
            Found::End(Outcome::Exhausted) => DLX_DONE,
            Found::End(_) => DLX_STOPPED,
        }
    })
}

/// Hands every remaining solution of `solver` to `callback`. Returns
/// `DLX_DONE` when the search is exhausted, or `DLX_STOPPED` when the
/// callback returned non-zero (that value then goes to `*callback_result`
/// if it is not NULL), a limit was reached or the search was cancelled
/// (`dlx_solver_outcome` says which). A later call carries on where this
/// one stopped.
/// Errors: `DLX_ERR_NULL` (solver or callback).
#[no_mangle]
pub extern "C" fn dlx_solver_run(
    solver: *mut dlx_solver,
    callback: dlx_solution_fn,
    user: *mut c_void,
    callback_result: *mut c_int,
) -> dlx_status {
    with_busy_solver(solver, |s| match callback {
        Some(f) => run(s, f, user, callback_result),
        None => DLX_ERR_NULL,
    })
}

/// The function a non-NULL `dlx_solution_fn` holds.
type SolutionFnPtr = unsafe extern "C" fn(*mut c_void, *const usize, usize) -> c_int;

/// The value a C callback stopped a walk with: it returns 0 to go on,
/// anything else to stop, and that value is handed back to the caller.
#[derive(Default)]
pub(crate) struct Stop(c_int);

impl Stop {
    /// Goes on for 0; keeps any other `v` and breaks.
    pub(crate) fn on(&mut self, v: c_int) -> ControlFlow<()> {
        if v == 0 {
            return ControlFlow::Continue(());
        }
        self.0 = v;
        ControlFlow::Break(())
    }

    /// Writes the value kept to `*out`, unless `out` is NULL.
    ///
    /// # Safety
    /// `out` is NULL or valid for a write.
    pub(crate) unsafe fn report(&self, out: *mut c_int) {
        if !out.is_null() {
            unsafe { write_out(out, self.0) };
        }
    }
}

/// The loop behind `dlx_solver_run` and `dlx_solve`.
pub(crate) fn run(
    s: &mut Solver,
    f: SolutionFnPtr,
    user: *mut c_void,
    callback_result: *mut c_int,
) -> dlx_status {
    let mut stop = Stop::default();
    // SAFETY: the caller's callback, called as documented.
    match s.run(|rows| stop.on(unsafe { f(user, rows.as_ptr(), rows.len()) })) {
        Outcome::Exhausted => DLX_DONE,
        Outcome::Stopped => {
            unsafe { stop.report(callback_result) };
            DLX_STOPPED
        }
        _ => DLX_STOPPED,
    }
}

/// Reads counter `which` (a `dlx_counter` value) into `*value`.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE` (no such counter).
#[no_mangle]
pub extern "C" fn dlx_solver_counter(solver: *const dlx_solver, which: u32, value: *mut u64) -> dlx_status {
    with_solver_ref(solver, |s| {
        if value.is_null() {
            return DLX_ERR_NULL;
        }
        let Some(which) = dlx_counter::from_u32(which) else { return DLX_ERR_UNKNOWN_VALUE };
        let v = super::counter::solver_counter(s, which);
        unsafe { write_out(value, v) };
        DLX_OK
    })
}

/// Counts the remaining solutions of `solver` without handing them out:
/// the same search as `dlx_solver_run`, within the same limits, cancel and
/// progress callback, and on the solver's threads. Writes the number
/// counted by this call to `*count` and returns `DLX_DONE` when the search
/// is exhausted, or `DLX_STOPPED` when a limit, a cancel or the progress
/// callback ended it first (`dlx_solver_outcome` says which); `*count`
/// is then what this call counted before it stopped, and a later call
/// counts on from there (add the counts). With an objective, the count is
/// of the solutions `dlx_solver_run` would hand out (each better than the
/// last). Errors: `DLX_ERR_NULL`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_count(solver: *mut dlx_solver, count: *mut u64) -> dlx_status {
    with_busy_solver(solver, |s| {
        if count.is_null() {
            return DLX_ERR_NULL;
        }
        let (n, outcome) = s.count_run();
        unsafe { write_out(count, n) };
        match outcome {
            Outcome::Exhausted => DLX_DONE,
            _ => DLX_STOPPED,
        }
    })
}
