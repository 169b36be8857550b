//! Checks over arbitrary bytes, each panicking on a finding:
//!
//! * [`parse_round_trip`]: any text either fails to parse with a position,
//!   or parses to a matrix that writes, reads back and writes again to the
//!   same text and the same problem;
//! * [`c_api`]: the C API as a state machine, every call's status and
//!   out-parameters against a model, nothing changed by a failed call;
//! * [`differential`]: every mode of the search against a brute force over
//!   all subsets of rows;
//! * [`checkpoint_text`]: checkpoints edited to say something false and
//!   hashed anew, which resuming must refuse on what they say.
//!
//! The expected answers come from [`problem::Problem`], an independent
//! model written without the library's search.

mod c_api;
mod checkpoint;
mod differential;
mod input;
mod parse;
pub mod problem;

pub use c_api::c_api;
pub use checkpoint::checkpoint_text;
pub use differential::differential;
pub use parse::parse_round_trip;
