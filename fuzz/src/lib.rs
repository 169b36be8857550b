//! The checks the fuzzers drive live in the tests' kit
//! (`dlx-testkit/src/checks/`). Each takes arbitrary bytes and panics on a
//! finding; `tests/fuzz_corpus.rs` at the top level runs them over the
//! committed corpus (and over pseudo-random inputs) on the stable toolchain.

pub use dlx_testkit::checks;
