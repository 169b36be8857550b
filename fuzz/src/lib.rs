//! The checks the fuzzers drive. Each takes arbitrary bytes and panics on a
//! finding; `tests/fuzz_corpus.rs` at the top level runs them over the
//! committed corpus (and over pseudo-random inputs) on the stable toolchain.

pub mod checks;
