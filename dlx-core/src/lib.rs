//! # dlx: exact cover by Algorithm X on dancing links
//!
//! Given a matrix of 0s and 1s, an *exact cover* is a set of rows that has
//! exactly one 1 in every primary column and at most one in every secondary
//! column. This crate finds them with Knuth's Algorithm X on dancing links,
//! in the memory layout of his DLX1 program. This crate is the safe Rust
//! API; the C ABI (`include/dlx.h`, `libdlx.so`, `libdlx.a`) is the
//! workspace's top package, a thin skin over it.
//!
//! Data flows through one module per concept (`ARCHITECTURE.md` has the
//! whole map):
//!
//! * [`matrix`]: the problem, columns and rows ([`Matrix`]);
//! * [`format`](mod@format): Knuth's text format, read ([`format::parse`]) and written;
//! * [`engine`]: the engines, each a layout of the matrix and a walk of its
//!   search tree: DLX1's dancing links for exact cover, Knuth's Algorithm M
//!   for bounds (multiplicities) and colors;
//! * [`solver`]: the [`Solver`], every call of a search, each run on the
//!   calling thread, on several threads ([`parallel`]) or as the memoized
//!   count ([`memo`]);
//! * `search`: the search one thread owns, on one engine: counters, forced
//!   rows, the rows of each solution;
//! * [`control`]: limits, cancellation and progress reports around it;
//! * [`split`]: a search cut into independent subproblems;
//! * [`checkpoint`]: what a stopped search has left and has found, as a
//!   text to resume from in another process;
//! * [`batch`]: many small subproblems of one matrix on every core;
//! * [`memo`]: the memoized count, exact at any size, and uniform random
//!   solutions drawn from it;
//! * [`symmetry`]: the group of a matrix's symmetries, and the matrix of
//!   the solutions each element fixes, for counts up to symmetry
//!   ([`Solver::count_orbits`]);
//! * [`objective`]: what a search is for: all solutions, the first, a
//!   count, or the best by cost (branch and bound), with the bounds of
//!   `bound`;
//!
//! ```
//! use dlx_core::{Matrix, Solver};
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

mod alloc;
pub mod auto;
pub mod batch;
pub mod build;
mod bound;
pub mod checkpoint;
pub mod control;
pub mod engine;
pub mod error;
mod helpers;
pub mod format;
pub mod matrix;
pub mod memo;
pub mod objective;
pub mod parallel;
pub mod pre;
mod search;
pub mod solver;
pub mod split;
pub mod symmetry;
mod sync;

pub use error::{Error, Unsupported};
pub use matrix::Matrix;
pub use control::{Canceller, Found, Limits, Outcome, Report};
pub use objective::{Best, Goal, Objective, Relaxation};
pub use engine::Engine;
pub use control::{Counters, Progress};
pub use solver::{CountMethod, Orbits, Solver, Uniqueness};
pub use parallel::ThreadStats;
pub use memo::{Count, Decompose, MemoOptions, MemoStats, Order, Zdd};
pub use auto::Phase;
pub use pre::{preprocess, PreStats, Preprocessed};
pub use checkpoint::{Checkpoint, Piece};
pub use batch::{BatchItem, BatchResult};

/// The README's Rust section, compiled and run as a doctest, so that it
/// stays true as written.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeRust;

/// The Rust example of docs/symmetry.md, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../docs/symmetry.md")]
pub struct SymmetryDocRust;
