//! # dlx: the C ABI of the exact-cover library
//!
//! This package builds `libdlx.so` and `libdlx.a` and generates
//! `include/dlx.h` (build.rs, with cbindgen, from `src/ffi/` only). The
//! search itself is the safe Rust crate `dlx-core` (`dlx-core/`); every
//! function here checks its arguments, converts pointers and calls it.
//! `ARCHITECTURE.md` has the map of the workspace.

mod ffi;
