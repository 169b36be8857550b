//! What can go wrong when a matrix is built or a solver is made.
//!
//! The safe core reports these; the C layer (`src/ffi/status.rs`) maps each
//! one to its own `dlx_status` value.

use std::fmt;

/// A rejected input or an allocation that could not be made. Whenever a
/// method returns one of these, the object it was called on is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A column index is not below the matrix's number of columns.
    ColumnRange,
    /// The same column appears twice in one row.
    DuplicateColumn,
    /// A row with no columns.
    EmptyRow,
    /// The matrix would need more than the 32-bit index space of the links.
    TooLarge,
    /// Memory for the request could not be allocated.
    OutOfMemory,
    /// The call does not apply to this matrix or solver; the reason says
    /// which refusal it is, and why.
    Unsupported(Unsupported),
    /// A row id is not below the matrix's number of rows.
    RowRange,
    /// Rows given to be chosen together cannot all be in one solution:
    /// they share a column (or one is given twice), or, with bounds or
    /// colors, cover a column more often than its upper bound or give a
    /// secondary column different colors.
    Conflict,
    /// The absolute costs of the rows add up past
    /// [`MAX_TOTAL_COST`](crate::objective::MAX_TOTAL_COST) (2^61), too much
    /// for a search with an objective to add up exactly.
    CostRange,
    /// An argument outside its documented range (such as keeping 0 best
    /// solutions).
    InvalidArgument,
    /// Bounds with the lower one above the upper one, or on a secondary
    /// column.
    Bounds,
    /// A color on a primary column: only secondary columns take colors.
    ColorOnPrimary,
    /// A checkpoint's text is malformed, cut short or edited (its checksum
    /// fails), or of another version: nothing of it was used.
    Checkpoint,
    /// A checkpoint of another matrix, or of a search with another
    /// objective: nothing of it was used.
    CheckpointMismatch,
    /// The least cost of a diagram's solutions does not fit an `i64` (the
    /// C API's `DLX_ERR_COST_RANGE`, which a search with an objective
    /// gives as [`Error::CostRange`]).
    LeastCostRange,
    /// A symmetry ([`Matrix::add_symmetry`](crate::Matrix::add_symmetry))
    /// does not map the matrix to itself: it sends a primary column to a
    /// secondary one or to other bounds, or a row (with its colors) to
    /// no row, or to fewer copies of one than there are of the row.
    NotSymmetry,
    /// A row both forced and excluded ([`Solver::force_rows`](crate::Solver::force_rows),
    /// [`Solver::exclude_rows`](crate::Solver::exclude_rows),
    /// [`Solver::set_subproblem`](crate::Solver::set_subproblem); the C
    /// API's `DLX_ERR_CONFLICT`, whose message names this case too).
    ForcedExcluded,
}

/// What a call refused as [`Error::Unsupported`] (the C API's one
/// `DLX_ERR_UNSUPPORTED`), each with its own message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unsupported {
    /// [`Engine::Exact`](crate::Engine::Exact), Knuth's DLX1, asked for a
    /// matrix with bounds or colors.
    ExactEngine,
    /// The memoized count (also the automatic count and the memo's
    /// samples) on a solver with an objective or a cost limit: they pick
    /// among the solutions, the count counts them all.
    MemoWithObjective,
    /// A checkpoint after the memoized or the automatic count, which keeps
    /// its states in a cache, not a frontier of pieces.
    CheckpointAfterMemo,
    /// A count or listing up to symmetry ([`crate::symmetry`]) on a solver
    /// with forced or excluded rows, an objective or a cost limit: they
    /// pick solutions that a symmetry need not map to picked ones.
    OrbitsOfPart,
    /// The symmetries generate a group past
    /// [`MAX_GROUP`](crate::symmetry::MAX_GROUP) elements, or whose
    /// elements' column and row images pass
    /// [`MAX_GROUP_ENTRIES`](crate::symmetry::MAX_GROUP_ENTRIES).
    LargeGroup,
    /// A uniqueness check ([`crate::Solver::uniqueness`]) on a solver with
    /// an objective or a cost limit, under which the search hands out only
    /// solutions better than the last.
    UniqueWithObjective,
}

impl Unsupported {
    /// What was refused and why.
    pub fn message(self) -> &'static str {
        match self {
            Unsupported::ExactEngine => "the exact engine (Knuth's DLX1) takes no bounds or colors: use the small, general or automatic engine",
            Unsupported::MemoWithObjective => "the memoized count takes no objective or cost limit: they pick among the solutions, the count counts them all",
            Unsupported::OrbitsOfPart => "no count or listing up to symmetry with forced or excluded rows, an objective or a cost limit: they pick solutions a symmetry need not keep",
            Unsupported::LargeGroup => "the symmetries generate a group of more than 65,536 elements, or more than 2^26 column and row images in all",
            Unsupported::UniqueWithObjective => "no uniqueness check with an objective or a cost limit: the search then hands out only solutions better than the last",
            Unsupported::CheckpointAfterMemo => {
                "no checkpoint after the memoized or automatic count: it keeps its states in a cache, not a frontier (count with the plain search to take checkpoints)"
            }
        }
    }
}

impl Error {
    /// A one-line description, the same text the C API returns.
    pub fn message(self) -> &'static str {
        match self {
            Error::ColumnRange => "column index out of range",
            Error::DuplicateColumn => "a column appears twice in one row",
            Error::EmptyRow => "a row must have at least one column",
            Error::TooLarge => "the matrix is too large for 32-bit link indices",
            Error::OutOfMemory => "out of memory",
            Error::Unsupported(why) => why.message(),
            Error::RowRange => "row id out of range",
            Error::Conflict => "the forced rows conflict: together they cover a column too often or clash in its color",
            Error::CostRange => "the absolute row costs add up past 2^61",
            Error::InvalidArgument => "an argument is outside its documented range",
            Error::Bounds => "bad bounds: the lower one exceeds the upper one, or the column is secondary",
            Error::ColorOnPrimary => "a color on a primary column: only secondary columns take colors",
            Error::Checkpoint => "the checkpoint is malformed, cut short or edited (its checksum fails), or of another version",
            Error::CheckpointMismatch => "the checkpoint is of another matrix, or of a search with another objective",
            Error::LeastCostRange => "the least cost of the diagram's solutions does not fit a 64-bit integer",
            Error::ForcedExcluded => "a row is both forced and excluded",
            Error::NotSymmetry => "a symmetry does not map the matrix to itself: a row goes to no row, or a column to one of another kind or bounds",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

impl From<std::collections::TryReserveError> for Error {
    fn from(_: std::collections::TryReserveError) -> Self {
        Error::OutOfMemory
    }
}
