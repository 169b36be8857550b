//! The memoized count (`dlx_core::memo`) in C: counts of any size as decimal
//! text, uniform random solutions, and the cache's settings and counters.

use libc::{c_char, c_int, c_void};

use super::solver::{dlx_solution_fn, dlx_solver, with_busy_solver, with_solver, with_solver_ref, Stop};
use super::status::dlx_status::{self, *};
use super::{write_out, write_text, CEnum};
use dlx_core::control::Outcome;
use dlx_core::auto::Phase;
use dlx_core::memo::{Count, Decompose, MemoOptions, Order};
use dlx_core::solver::Solver;

/// The rule by which the memoized count picks the column to branch on
/// (`dlx_solver_set_memo_order`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum dlx_memo_order {
    /// The primary column with the fewest possible rows (the default), as
    /// the other searches choose: the smallest tree. Among equals, the
    /// first in a breadth-first order of the columns computed from the
    /// matrix (two columns are neighbours when a row holds both), so that
    /// states repeat on a board whatever order its cells are listed in.
    DLX_MEMO_ORDER_FEWEST = 0,
    /// The open primary column of lowest index: the order the caller
    /// gave. Far more states repeat when the columns of lowest index form
    /// a narrow frontier, such as the cells of a board numbered row by
    /// row, short side first (tilings).
    DLX_MEMO_ORDER_FIRST = 1,
}
super::c_enum!(dlx_memo_order: DLX_MEMO_ORDER_FEWEST, DLX_MEMO_ORDER_FIRST);

/// Sets the column rule of later memoized counts (a `dlx_memo_order`
/// value). A count under way or done is dropped, its cache too.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_memo_order(solver: *mut dlx_solver, order: u32) -> dlx_status {
    with_solver(solver, |s| {
        let order = match dlx_memo_order::from_u32(order) {
            Some(dlx_memo_order::DLX_MEMO_ORDER_FEWEST) => Order::Fewest,
            Some(dlx_memo_order::DLX_MEMO_ORDER_FIRST) => Order::First,
            None => return DLX_ERR_UNKNOWN_VALUE,
        };
        s.set_memo_options(MemoOptions { order, ..s.memo_options() });
        DLX_OK
    })
}

/// When the memoized count looks for independent parts
/// (`dlx_solver_set_memo_parts`): groups of open columns that no possible
/// row joins, each counted on its own (its own cache entry, whatever the
/// other groups hold) and the counts multiplied. Exact with secondary
/// columns, colors and multiplicities.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum dlx_memo_parts {
    /// Now and then (the default): a look costs a pass over the possible
    /// rows of the open columns, and the count spends at most a small
    /// share of its work on them (about 3% where nothing splits).
    DLX_MEMO_PARTS_AUTO = 0,
    /// Never: one state, one count.
    DLX_MEMO_PARTS_NEVER = 1,
    /// At every state not in the cache: every split is found, at the cost
    /// of a look per state (for problems known to fall apart).
    DLX_MEMO_PARTS_ALWAYS = 2,
}
super::c_enum!(dlx_memo_parts: DLX_MEMO_PARTS_AUTO, DLX_MEMO_PARTS_NEVER, DLX_MEMO_PARTS_ALWAYS);

/// Sets when later memoized counts (and the automatic count's memo) look
/// for independent parts (a `dlx_memo_parts` value). A count under way or
/// done is dropped, its cache too.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_memo_parts(solver: *mut dlx_solver, parts: u32) -> dlx_status {
    with_solver(solver, |s| {
        let decompose = match dlx_memo_parts::from_u32(parts) {
            Some(dlx_memo_parts::DLX_MEMO_PARTS_AUTO) => Decompose::Auto,
            Some(dlx_memo_parts::DLX_MEMO_PARTS_NEVER) => Decompose::Never,
            Some(dlx_memo_parts::DLX_MEMO_PARTS_ALWAYS) => Decompose::Always,
            None => return DLX_ERR_UNKNOWN_VALUE,
        };
        s.set_memo_options(MemoOptions { decompose, ..s.memo_options() });
        DLX_OK
    })
}

/// Sets the most bytes the cache of later memoized counts may hold
/// (default 1 GiB). A full cache stores no more states: the count stays
/// exact, and may take longer. A count under way or done is dropped.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_set_memo_memory(solver: *mut dlx_solver, bytes: u64) -> dlx_status {
    with_solver(solver, |s| {
        s.set_memo_options(MemoOptions { memory: bytes, ..s.memo_options() });
        DLX_OK
    })
}

/// Counts the solutions (with the forced rows, without the excluded ones)
/// by the memoized count: each distinct remaining subproblem is counted
/// once and its count kept, so problems whose partial solutions leave the
/// same rest behind (tilings) count far faster than by enumeration, and
/// the count is exact at any size.
///
/// Returns `DLX_DONE` with the count in decimal, NUL-terminated, in
/// `digits` and its number of digits in `*length`. If `capacity` is not
/// more than the number of digits, returns `DLX_ERR_BUFFER_TOO_SMALL` with
/// only `*length` written: call again with a larger buffer (the count is
/// kept, so that call returns at once). `DLX_STOPPED` when a limit
/// (nodes: states entered; updates: the cache's misses; time), a cancel or
/// the progress callback stopped the call (`dlx_solver_outcome` says
/// which; nothing is written; the next call goes on). On several threads
/// (`dlx_solver_set_threads`) the threads share one cache and the count is
/// the same; the counters (`DLX_COUNTER_MEMO_*`) are totals over them, and
/// differ from run to run.
/// Errors: `DLX_ERR_NULL` (`solver`, `length`, or `digits` with a
/// non-zero `capacity`), `DLX_ERR_UNSUPPORTED` (the solver has an
/// objective or a cost limit), `DLX_ERR_OUT_OF_MEMORY`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_count_memo(solver: *mut dlx_solver, digits: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    counted(solver, digits, capacity, length, |s| s.memo_count().map_err(Into::into))
}

/// A count that writes its decimal digits (`dlx_solver_count_memo`,
/// `dlx_solver_count_auto`): the pointers checked, `count` run on the
/// solver marked busy (a progress callback may run during it), the
/// result written by [`write_count`].
pub(super) fn counted(
    solver: *mut dlx_solver,
    digits: *mut c_char,
    capacity: usize,
    length: *mut usize,
    count: impl FnOnce(&mut Solver) -> Result<Option<Count>, dlx_status>,
) -> dlx_status {
    with_busy_solver(solver, |s| {
        if length.is_null() || (digits.is_null() && capacity > 0) {
            return DLX_ERR_NULL;
        }
        match count(s) {
            // SAFETY: `length` is not NULL, `digits` holds `capacity`
            // bytes (the caller's promise).
            Ok(Some(c)) => unsafe { write_count(&c, digits, capacity, length) },
            Ok(None) => DLX_STOPPED,
            Err(status) => status,
        }
    })
}

/// Writes `count` in decimal to `digits` (with its NUL, if `capacity`
/// holds it) and its number of digits to `*length`, as
/// `dlx_solver_count_memo` documents.
///
/// # Safety
/// `length` is valid for a write; `digits` holds `capacity` bytes.
pub(super) unsafe fn write_count(count: &Count, digits: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    unsafe { write_text(&count.to_string(), digits, capacity, length) }
}

/// Counts the solutions (with the forced rows, without the excluded ones)
/// by the plain count or the memoized one, whichever the problem favours,
/// decided as the count goes: the plain count alone for 0.2 ms (small
/// problems end there, with the plain search's counters); then the memo
/// for 1 ms; then both in turns, the plain count with twice the memo's
/// time (each measured in the thread's CPU time), until the memo has
/// counted 1,000 solutions four times as fast or most of
/// its lookups find their state (the memo is chosen), or few do and the
/// plain count counts solutions four times as fast or its estimated
/// remaining time is under a quarter of the memo's (the plain count is
/// chosen); then the chosen one alone, on the
/// solver's threads if it has several. Exact at any size; on the counting
/// suite of `make bench` (tilings, Bell numbers, matchings, pentominoes,
/// queens, Langford pairs, Latin squares, designs) it takes at most 1.5
/// times the better of the two. `dlx_solver_auto_phase` says which count
/// it ran.
///
/// The count, `DLX_ERR_BUFFER_TOO_SMALL` and `DLX_STOPPED` as
/// `dlx_solver_count_memo` (the counters of both counts are added up:
/// nodes are the plain search's nodes and the memo's states, updates its
/// updates and the memo's misses; on several threads, the limits apply to
/// the race and to the count chosen separately). It counts every
/// solution: a search that earlier calls have begun starts again (its
/// counters go to zero). A count that ends by the memo
/// leaves its cache for `dlx_solver_sample`, which then draws without
/// counting again, and starts the plain search again (its counters go to
/// zero), so that `dlx_solver_next` then begins at the first solution.
/// Errors: as `dlx_solver_count_memo`.
#[no_mangle]
pub extern "C" fn dlx_solver_count_auto(solver: *mut dlx_solver, digits: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    counted(solver, digits, capacity, length, |s| s.count_auto().map_err(Into::into))
}

/// Which count `dlx_solver_count_auto` runs, or ran once done
/// (`dlx_solver_auto_phase`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum dlx_auto_phase {
    /// The plain count alone, for its first moments (also before the
    /// first call).
    DLX_AUTO_ALONE = 0,
    /// Both counts in turns.
    DLX_AUTO_RACE = 1,
    /// The plain count (chosen, or finished first).
    DLX_AUTO_PLAIN = 2,
    /// The memoized count (chosen, or finished first).
    DLX_AUTO_MEMO = 3,
}

/// Writes to `*phase` which count `dlx_solver_count_auto` runs now (or
/// ran, once done), as a `dlx_auto_phase` value.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_auto_phase(solver: *const dlx_solver, phase: *mut u32) -> dlx_status {
    with_solver_ref(solver, |s| {
        if phase.is_null() {
            return DLX_ERR_NULL;
        }
        let value = match s.auto_phase() {
            Phase::Alone => dlx_auto_phase::DLX_AUTO_ALONE,
            Phase::Race => dlx_auto_phase::DLX_AUTO_RACE,
            Phase::Plain => dlx_auto_phase::DLX_AUTO_PLAIN,
            Phase::Memo => dlx_auto_phase::DLX_AUTO_MEMO,
            // A phase the core gained before this API named it.
            _ => dlx_auto_phase::DLX_AUTO_PLAIN,
        };
        unsafe { write_out(phase, value as u32) };
        DLX_DONE
    })
}

/// Draws `n` solutions uniformly at random, each independently (one may
/// come twice), and hands each to `callback` (the forced rows, then the
/// rows drawn). The memoized count runs first if it has not (see
/// `dlx_solver_count_memo`); then each draw picks a number below the count
/// and goes down to the solution it stands for. The same `seed` gives the
/// same draws.
///
/// Returns `DLX_DONE` after `n` draws (at once, with no call of the
/// callback, when there is no solution: `dlx_solver_count_memo` then gives
/// 0), or `DLX_STOPPED` when the callback returned non-zero (that value then
/// goes to `*callback_result` if it is not NULL), a cancel came between two
/// draws, or a limit stopped the count before any draw
/// (`dlx_solver_outcome` says which).
/// Errors: `DLX_ERR_NULL` (solver or callback), then as
/// `dlx_solver_count_memo`.
#[no_mangle]
pub extern "C" fn dlx_solver_sample(
    solver: *mut dlx_solver,
    seed: u64,
    n: u64,
    callback: dlx_solution_fn,
    user: *mut c_void,
    callback_result: *mut c_int,
) -> dlx_status {
    with_busy_solver(solver, |s| {
        let Some(f) = callback else { return DLX_ERR_NULL };
        let mut stop = Stop::default();
        // SAFETY: the caller's callback, called as documented.
        match s.memo_sample(seed, n, |rows| stop.on(unsafe { f(user, rows.as_ptr(), rows.len()) })) {
            Ok(Outcome::Exhausted) => DLX_DONE,
            Ok(Outcome::Stopped) => {
                unsafe { stop.report(callback_result) };
                DLX_STOPPED
            }
            Ok(_) => DLX_STOPPED,
            Err(e) => e.into(),
        }
    })
}

