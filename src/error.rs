//! What can go wrong when a matrix is built or a solver is made.
//!
//! The safe core reports these; the C layer (`src/ffi/status.rs`) maps each
//! one to its own `dlx_status` value.

use std::fmt;

/// A rejected input or an allocation that could not be made. Whenever a
/// method returns one of these, the object it was called on is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// The matrix uses bounds or colors, which the engine does not
    /// solve yet ([`Matrix::is_generalized`](crate::Matrix::is_generalized)).
    Unsupported,
    /// A row id is not below the matrix's number of rows.
    RowRange,
    /// Rows given to be chosen together share a column (or one is given
    /// twice), so no exact cover contains them all.
    Conflict,
    /// The absolute costs of the rows add up past
    /// [`MAX_TOTAL_COST`](crate::objective::MAX_TOTAL_COST) (2^61), too much
    /// for a search with an objective to add up exactly.
    CostRange,
    /// An argument outside its documented range (such as keeping 0 best
    /// solutions).
    InvalidArgument,
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
            Error::Unsupported => "not supported yet: bounds and colors are parsed but not solved",
            Error::RowRange => "row id out of range",
            Error::Conflict => "the forced rows conflict: two of them share a column",
            Error::CostRange => "the absolute row costs add up past 2^61",
            Error::InvalidArgument => "an argument is outside its documented range",
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
