//! The C API: a thin skin over the safe modules.
//!
//! One file per handle type (`matrix.rs`, `solver.rs`), search control
//! (`control.rs`), optimisation (`objective.rs`), Knuth's text format
//! (`format.rs`), the conveniences built on them (`solve.rs`) and the
//! statuses and version (`status.rs`).
//! Every function here only checks its arguments, converts pointers and
//! calls the core. Each body runs inside [`guard`], so a Rust panic becomes
//! `DLX_ERR_PANIC` and never unwinds into C.

// The C names are the API: dlx_matrix, dlx_status, DLX_OK, ...
#![allow(non_camel_case_types)]

// The order of these modules is the order of the functions in dlx.h,
// the order a first program meets them: the matrix, the one-call answers,
// the solver, statuses, then search control, optimisation, threads, the
// memoized count and the text format.
pub mod matrix;
pub mod solve;
pub mod solver;
pub mod status;
pub mod control;
pub mod objective;
pub mod parallel;
pub mod memo;
pub mod format;
pub mod zdd;
pub mod pre;
pub mod checkpoint;
pub mod batch;
pub mod symmetry;
pub mod unique;
pub mod build;
pub mod export;
// Not in the header's order: no C function, only the counters' dispatch.
mod counter;

use std::panic::{catch_unwind, AssertUnwindSafe};

use status::dlx_status;

/// Runs `body`, turning a panic into `on_panic`.
pub(crate) fn guard<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(on_panic)
}

/// Links an opaque C handle type to the Rust type behind it, so a pointer is
/// only ever cast to the one type it stands for.
pub(crate) trait Castable {
    type Rust;
}

/// The Rust object behind a `const` handle, or `None` for NULL.
///
/// # Safety
/// `p` is NULL or a live handle made by this library for type `C`.
pub(crate) unsafe fn as_ref<'a, C: Castable>(p: *const C) -> Option<&'a C::Rust> {
    unsafe { p.cast::<C::Rust>().as_ref() }
}

/// The Rust object behind a handle, or `None` for NULL.
///
/// # Safety
/// As [`as_ref`], and no other reference to the object is in use.
pub(crate) unsafe fn as_mut<'a, C: Castable>(p: *mut C) -> Option<&'a mut C::Rust> {
    unsafe { p.cast::<C::Rust>().as_mut() }
}

/// Moves `value` to the heap and hands it out as a handle.
pub(crate) fn into_handle<C: Castable>(value: C::Rust) -> *mut C {
    Box::into_raw(Box::new(value)).cast::<C>()
}

/// Stores a newly made object as a handle in `*out`, or turns the error that
/// prevented making it into a status (leaving `*out` alone).
///
/// # Safety
/// `out` is non-NULL and valid for a write.
pub(crate) unsafe fn store_handle<C: Castable>(made: Result<C::Rust, dlx_core::error::Error>, out: *mut *mut C) -> dlx_status {
    match made {
        Ok(value) => {
            unsafe { write_out(out, into_handle(value)) };
            dlx_status::DLX_OK
        }
        Err(e) => e.into(),
    }
}

/// Frees a handle made by [`into_handle`]; NULL does nothing.
///
/// # Safety
/// `p` is NULL or a live handle of type `C` that is not used afterwards.
pub(crate) unsafe fn free_handle<C: Castable>(p: *mut C) {
    if !p.is_null() {
        drop(unsafe { Box::from_raw(p.cast::<C::Rust>()) });
    }
}

/// Whether a caller's output buffer and its length out-pointer may be used:
/// `length` is not NULL, and `buffer` is NULL only with a `capacity` of 0.
pub(crate) fn buffer_args_ok<T>(buffer: *mut T, capacity: usize, length: *mut usize) -> bool {
    !length.is_null() && (capacity == 0 || !buffer.is_null())
}

/// Writes `text` to `buffer` with a NUL (when `capacity` holds both) and
/// its length without the NUL to `*length`: `DLX_DONE`, or
/// `DLX_ERR_BUFFER_TOO_SMALL` with `*length` set and `buffer` untouched.
///
/// # Safety
/// `length` is valid for a write; `buffer` holds `capacity` bytes.
pub(crate) unsafe fn write_text(text: &str, buffer: *mut libc::c_char, capacity: usize, length: *mut usize) -> dlx_status {
    unsafe { write_out(length, text.len()) };
    if capacity <= text.len() {
        return dlx_status::DLX_ERR_BUFFER_TOO_SMALL;
    }
    // SAFETY: `buffer` holds `capacity` bytes (the caller's promise), more
    // than the text and its NUL.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr().cast::<libc::c_char>(), buffer, text.len());
        buffer.add(text.len()).write(0);
    }
    dlx_status::DLX_DONE
}

/// Writes `value` through the out-pointer `out`.
///
/// # Safety
/// `out` is non-NULL and valid for a write.
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T) {
    unsafe { out.write(value) }
}

/// A C enumeration, which a C caller passes as a `u32`: the one
/// conversion back, for every enumeration ([`c_enum!`] lists the values).
pub(crate) trait CEnum: Copy + Sized + 'static {
    /// Every value, in order.
    const ALL: &'static [Self];
    fn value(self) -> u32;
    /// The value `v`, if the enumeration has it.
    fn from_u32(v: u32) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.value() == v)
    }
}

/// Implements [`CEnum`] for a `#[repr(u32)]` enumeration and its values.
macro_rules! c_enum {
    ($t:ident: $($v:ident),+ $(,)?) => {
        impl $crate::ffi::CEnum for $t {
            const ALL: &'static [$t] = &[$($t::$v),+];
            fn value(self) -> u32 {
                self as u32
            }
        }
    };
}
pub(crate) use c_enum;

/// `items[0 .. count]` as a slice: empty for a count of 0 (`items` may then
/// be NULL), else `DLX_ERR_NULL` for NULL and `DLX_ERR_TOO_LARGE` for a
/// count no array can have.
///
/// # Safety
/// `items` is NULL or valid for `count` reads while the slice lives.
pub(crate) unsafe fn slice_arg<'a, T>(items: *const T, count: usize) -> Result<&'a [T], dlx_status> {
    if count == 0 {
        return Ok(&[]);
    }
    if items.is_null() {
        return Err(dlx_status::DLX_ERR_NULL);
    }
    if count > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        return Err(dlx_status::DLX_ERR_TOO_LARGE);
    }
    // SAFETY: as the caller promises; the length fits an allocation.
    Ok(unsafe { std::slice::from_raw_parts(items, count) })
}

#[cfg(test)]
mod tests {
    use super::status::dlx_status::{self, *};
    use super::*;

    #[test]
    fn a_panic_becomes_a_status() {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let got: dlx_status = guard(DLX_ERR_PANIC, || panic!("boom"));
        std::panic::set_hook(prev);
        assert_eq!(got, DLX_ERR_PANIC);
        assert_eq!(guard(DLX_ERR_PANIC, || DLX_OK), DLX_OK);
    }

    // dlx_version against Cargo.toml's text: tests/header.rs.
}
