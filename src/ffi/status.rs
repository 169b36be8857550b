//! Statuses, counters and the version.

use libc::c_char;

use dlx_core::error::Error;

/// The result of every call that can fail. Values are explicit and never
/// reused; new ones are only ever added at the end. Statuses below
/// `DLX_ERR_NULL` are not errors.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum dlx_status {
    /// Success.
    DLX_OK = 0,
    /// A solution was found (`dlx_solver_next`, `dlx_solve_first`).
    DLX_SOLUTION = 1,
    /// The search is exhausted: there are no (more) solutions.
    DLX_DONE = 2,
    /// The search stopped before its end: a limit was reached, a callback
    /// returned non-zero, or `dlx_solver_cancel` was called;
    /// `dlx_solver_outcome` says which. A later call carries on.
    DLX_STOPPED = 3,
    /// A required pointer argument was NULL.
    DLX_ERR_NULL = 4,
    /// A column index is not below the matrix's number of columns.
    DLX_ERR_COLUMN_RANGE = 5,
    /// The same column appears twice in one row.
    DLX_ERR_DUPLICATE_COLUMN = 6,
    /// A row with no columns.
    DLX_ERR_EMPTY_ROW = 7,
    /// Sizes beyond the 32-bit index space of the links.
    DLX_ERR_TOO_LARGE = 8,
    /// Memory could not be allocated.
    DLX_ERR_OUT_OF_MEMORY = 9,
    /// An enumeration value (such as a counter id) this library does not know.
    DLX_ERR_UNKNOWN_VALUE = 10,
    /// The caller's buffer is too small for the result.
    DLX_ERR_BUFFER_TOO_SMALL = 11,
    /// An internal error was caught at the C boundary (a bug in dlx).
    DLX_ERR_PANIC = 12,
    /// The call does not support a matrix with bounds or colors (such as
    /// `dlx_solver_subproblems`).
    DLX_ERR_UNSUPPORTED = 13,
    /// The text is not in Knuth's exact cover format; `dlx_matrix_parse`
    /// can say where and why (see `dlx_parse_error`).
    DLX_ERR_PARSE = 14,
    /// A row id is not below the matrix's number of rows.
    DLX_ERR_ROW_RANGE = 15,
    /// Forced rows cannot all be in one solution: they share a column (or
    /// a row is given twice); with bounds or colors, they cover a column
    /// more often than its upper bound or give it different colors; or a
    /// row is both forced and excluded.
    DLX_ERR_CONFLICT = 16,
    /// The absolute row costs add up past 2^61: too much for a search with
    /// an objective (`dlx_solver_set_objective`) to add up exactly.
    DLX_ERR_COST_RANGE = 17,
    /// An argument is outside its documented range (such as keeping 0 best
    /// solutions).
    DLX_ERR_INVALID_ARGUMENT = 18,
    /// There is no solution to report (`dlx_solver_cost` before the first
    /// solution, or when the cost does not fit in an `int64_t`).
    DLX_ERR_NO_SOLUTION = 19,
    /// Bad bounds (`dlx_matrix_set_bounds`): the lower one exceeds the
    /// upper one, or the column is secondary.
    DLX_ERR_BOUNDS = 20,
    /// A color on a primary column (`dlx_matrix_add_row_colored`): only
    /// secondary columns take colors.
    DLX_ERR_COLOR_ON_PRIMARY = 21,
    /// The solver is busy: its own callback (of `dlx_solver_run`, a
    /// progress function, `dlx_solver_subproblems`) is running, and the
    /// call was made from inside it. Nothing was changed. Only
    /// `dlx_solver_cancel` may be called on a solver from inside its own
    /// callback; every other call on it returns this status (and
    /// `dlx_solver_free` does nothing).
    DLX_ERR_BUSY = 22,
    /// A checkpoint's text (`dlx_solver_resume`) is malformed, cut short
    /// or edited (its last line's checksum fails), or of another version.
    /// Nothing of it was used.
    DLX_ERR_CHECKPOINT = 23,
    /// A checkpoint (`dlx_solver_resume`) of another matrix, or of a
    /// search with another objective. Nothing of it was used.
    DLX_ERR_CHECKPOINT_MISMATCH = 24,
    /// A symmetry (`dlx_matrix_add_symmetry`) does not map the matrix to
    /// itself: it sends a row (with its colors) to no row, or a primary
    /// column to a secondary one or to one of other bounds. Reported by
    /// the calls that use the symmetries (`dlx_solver_count_orbits`).
    DLX_ERR_NOT_SYMMETRY = 25,
}

/// The most search-tree nodes a search enters between two looks at its
/// limits, the cancel flag and the clock: `dlx_solver_cancel` takes effect
/// within that many nodes.
pub const DLX_POLL_NODES: u64 = 1024;

/// The largest sum of the absolute row costs that a search with an
/// objective takes (2^61; `DLX_ERR_COST_RANGE` beyond): every sum the
/// search forms is then exact in an `int64_t`.
pub const DLX_MAX_TOTAL_COST: u64 = 2_305_843_009_213_693_952;

/// The memory the cache may take unless told otherwise: 1 GiB, which a
/// desktop machine can spare and which holds some 20 million states of a
/// problem with a few hundred columns.
pub const DLX_MEMO_DEFAULT_MEMORY: u64 = 1 << 30;

/// The work limit when none is given (2^32 entries read, a few seconds at
/// most); `dlx_preprocess` and `dlx_solver_preprocess` take 0 for it.
pub const DLX_PRE_DEFAULT_WORK: u64 = 4_294_967_296;

// The header's constants are the core's.
const _: () = assert!(DLX_POLL_NODES == dlx_core::control::POLL_NODES);
const _: () = assert!(DLX_MAX_TOTAL_COST == dlx_core::objective::MAX_TOTAL_COST);
const _: () = assert!(DLX_MEMO_DEFAULT_MEMORY == dlx_core::memo::DEFAULT_MEMORY);
const _: () = assert!(DLX_PRE_DEFAULT_WORK == dlx_core::pre::DEFAULT_WORK);

use dlx_status::*;

impl From<Error> for dlx_status {
    fn from(e: Error) -> Self {
        match e {
            Error::ColumnRange => DLX_ERR_COLUMN_RANGE,
            Error::DuplicateColumn => DLX_ERR_DUPLICATE_COLUMN,
            Error::EmptyRow => DLX_ERR_EMPTY_ROW,
            Error::TooLarge => DLX_ERR_TOO_LARGE,
            Error::OutOfMemory => DLX_ERR_OUT_OF_MEMORY,
            Error::Unsupported(_) => DLX_ERR_UNSUPPORTED,
            Error::RowRange => DLX_ERR_ROW_RANGE,
            Error::Conflict => DLX_ERR_CONFLICT,
            Error::CostRange | Error::LeastCostRange => DLX_ERR_COST_RANGE,
            Error::InvalidArgument => DLX_ERR_INVALID_ARGUMENT,
            Error::Bounds => DLX_ERR_BOUNDS,
            Error::ColorOnPrimary => DLX_ERR_COLOR_ON_PRIMARY,
            Error::Checkpoint => DLX_ERR_CHECKPOINT,
            Error::CheckpointMismatch => DLX_ERR_CHECKPOINT_MISMATCH,
            Error::NotSymmetry => DLX_ERR_NOT_SYMMETRY,
            // The one status of old, whose message names both causes.
            Error::ForcedExcluded => DLX_ERR_CONFLICT,
            // An error the core gained before this API named it: a defect
            // of this file, reported as the internal error it is.
            _ => DLX_ERR_PANIC,
        }
    }
}

/// `DLX_OK` for success, else the error's status.
impl From<Result<(), Error>> for dlx_status {
    fn from(r: Result<(), Error>) -> Self {
        r.map_or_else(dlx_status::from, |()| DLX_OK)
    }
}

/// The counters a solver keeps, for `dlx_solver_counter`. They are counted
/// as in Knuth's DLX1, so they can be compared with his figures.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum dlx_counter {
    /// Search-tree nodes: one per level entered (the root included), plus one
    /// per solution.
    DLX_COUNTER_NODES = 0,
    /// Link updates: one per column removed from the list of columns, one per
    /// node unlinked from a column while hiding rows.
    DLX_COUNTER_UPDATES = 1,
    /// Solutions found.
    DLX_COUNTER_SOLUTIONS = 2,
    /// A search on several threads (`dlx_solver_set_threads`): pieces of
    /// the tree a thread took from another; 0 on one thread.
    DLX_COUNTER_STEALS = 3,
    /// A search on several threads: nanoseconds threads spent waiting for
    /// work; 0 on one thread.
    DLX_COUNTER_IDLE_NS = 4,
    /// The memoized count (`dlx_solver_count_memo`): states entered (the
    /// start, and each branch followed; one found in the cache counts one).
    DLX_COUNTER_MEMO_NODES = 5,
    /// The memoized count: states stored in the cache with their count.
    DLX_COUNTER_MEMO_ENTRIES = 6,
    /// The memoized count: lookups that found their state in the cache.
    DLX_COUNTER_MEMO_HITS = 7,
    /// The memoized count: lookups that did not.
    DLX_COUNTER_MEMO_MISSES = 8,
    /// The memoized count: states not stored because the cache reached its
    /// memory limit (`dlx_solver_set_memo_memory`) or memory ran out.
    DLX_COUNTER_MEMO_DROPPED = 9,
    /// The memoized count: the bytes the cache holds.
    DLX_COUNTER_MEMO_BYTES = 10,
}

super::c_enum!(
    dlx_counter: DLX_COUNTER_NODES,
    DLX_COUNTER_UPDATES,
    DLX_COUNTER_SOLUTIONS,
    DLX_COUNTER_STEALS,
    DLX_COUNTER_IDLE_NS,
    DLX_COUNTER_MEMO_NODES,
    DLX_COUNTER_MEMO_ENTRIES,
    DLX_COUNTER_MEMO_HITS,
    DLX_COUNTER_MEMO_MISSES,
    DLX_COUNTER_MEMO_DROPPED,
    DLX_COUNTER_MEMO_BYTES,
);

macro_rules! cstr {
    ($s:expr) => {
        concat!($s, "\0").as_ptr().cast::<c_char>()
    };
}

/// A static, NUL-terminated English description of `status`; an unknown
/// value gives "unknown status". Never NULL; never free it.
#[no_mangle]
pub extern "C" fn dlx_status_message(status: u32) -> *const c_char {
    const MESSAGES: [*const c_char; 26] = [
        cstr!("success"),
        cstr!("a solution was found"),
        cstr!("the search is exhausted"),
        cstr!("the search stopped early: a limit, the callback or a cancel (see dlx_solver_outcome)"),
        cstr!("a required pointer argument is NULL"),
        cstr!("column index out of range"),
        cstr!("a column appears twice in one row"),
        cstr!("a row must have at least one column"),
        cstr!("the matrix is too large for 32-bit link indices"),
        cstr!("out of memory"),
        cstr!("unknown enumeration value"),
        cstr!("the buffer is too small"),
        cstr!("internal error (a bug in dlx)"),
        cstr!("not supported for this matrix or solver (the function's documentation says when)"),
        cstr!("the text is not in Knuth's exact cover format"),
        cstr!("row id out of range"),
        cstr!("the forced rows conflict: together they cover a column too often or clash in its color, or a row is both forced and excluded"),
        cstr!("the absolute row costs add up past 2^61"),
        cstr!("an argument is outside its documented range"),
        cstr!("there is no solution (or no cost) to report"),
        cstr!("bad bounds: the lower one exceeds the upper one, or the column is secondary"),
        cstr!("a color on a primary column: only secondary columns take colors"),
        cstr!("the solver is busy: the call was made from inside one of its own callbacks"),
        cstr!("the checkpoint is malformed, cut short or edited (its checksum fails), or of another version"),
        cstr!("the checkpoint is of another matrix, or of a search with another objective"),
        cstr!("a symmetry does not map the matrix to itself: a row goes to no row, or a column to one of another kind or bounds"),
    ];
    MESSAGES.get(status as usize).copied().unwrap_or(cstr!("unknown status"))
}

/// The library's version, "MAJOR.MINOR.PATCH", as a static string. It equals
/// `DLX_VERSION` of the header the library was built with.
#[no_mangle]
pub extern "C" fn dlx_version() -> *const c_char {
    cstr!(env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn every_error_has_the_core_message() {
        use Error::*;
        for e in [ColumnRange, DuplicateColumn, EmptyRow, TooLarge, OutOfMemory, RowRange, CostRange, InvalidArgument, Bounds, ColorOnPrimary, Checkpoint, CheckpointMismatch, NotSymmetry] {
            let s = unsafe { CStr::from_ptr(dlx_status_message(dlx_status::from(e) as u32)) };
            assert_eq!(s.to_str().unwrap(), e.message());
        }
        // One status for several causes: the status says the kind, the
        // Rust error its own cause.
        use dlx_core::error::Unsupported as Why;
        for e in [Unsupported(Why::ExactEngine), Unsupported(Why::MemoWithObjective), Unsupported(Why::CheckpointAfterMemo), Unsupported(Why::OrbitsOfPart), Unsupported(Why::LargeGroup), Unsupported(Why::UniqueWithObjective), LeastCostRange, ForcedExcluded, Conflict] {
            let s = unsafe { CStr::from_ptr(dlx_status_message(dlx_status::from(e) as u32)) };
            assert_ne!(s.to_str().unwrap(), e.message(), "{e:?} names its own cause");
        }
        let s = unsafe { CStr::from_ptr(dlx_status_message(DLX_ERR_PARSE as u32)) };
        assert_eq!(s.to_str().unwrap(), "the text is not in Knuth's exact cover format");
        let s = unsafe { CStr::from_ptr(dlx_status_message(DLX_ERR_NOT_SYMMETRY as u32 + 1)) };
        assert_eq!(s.to_str().unwrap(), "unknown status");
    }
}
