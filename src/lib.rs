//! # dlx: exact cover by Algorithm X on dancing links
//!
//! Given a matrix of 0s and 1s, an *exact cover* is a set of rows that has
//! exactly one 1 in every primary column and at most one in every secondary
//! column. This crate finds them with Knuth's Algorithm X on dancing links,
//! in the memory layout of his DLX1 program, and offers it both as a safe
//! Rust API and as a C ABI (`include/dlx.h`, built as `libdlx.so`/`libdlx.a`).
//!
//! Data flows through one module per concept:
//!
//! * [`matrix`]: the problem, columns and rows ([`Matrix`]);
//! * [`format`]: Knuth's text format, read ([`format::parse`]) and written;
//! * [`links`]: the dancing links laid out from a matrix, cover and uncover;
//! * [`search`]: the search loop with its explicit stack ([`Solver`]),
//!   forced rows and randomised order;
//! * [`general`]: the engine a solver runs instead of those two when the
//!   matrix has bounds (multiplicities) or colors: Knuth's Algorithm M;
//! * [`control`]: limits, cancellation and progress reports around it;
//! * [`split`]: a search cut into independent subproblems;
//! * [`objective`]: what a search is for: all solutions, the first, a
//!   count, or the best by cost (branch and bound);
//! * `ffi`: the C API, a thin skin over the modules above.
//!
//! ```
//! use dlx::{Matrix, Solver};
//! // Knuth's example: columns A..G, six rows.
//! let mut m = Matrix::new(7).unwrap();
//! for row in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
//!     m.add_row(row).unwrap();
//! }
//! let mut solver = Solver::new(&m).unwrap();
//! let mut rows = solver.next_solution().unwrap().to_vec();
//! rows.sort();
//! assert_eq!(rows, vec![0, 3, 4]);
//! assert!(solver.next_solution().is_none());
//! ```

mod bound;
pub mod control;
pub mod error;
mod ffi;
pub mod format;
pub mod general;
pub(crate) mod links;
pub mod matrix;
pub mod objective;
pub mod search;
pub mod split;

pub use error::Error;
pub use matrix::Matrix;
pub use control::{Canceller, Found, Limits, Outcome, Report};
pub use objective::{Best, Goal, Objective};
pub use search::{Counters, Engine, Progress, Solver};
