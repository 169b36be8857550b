//! Knuth's text format in the C API: `dlx_matrix_parse`, `dlx_matrix_write`,
//! `dlx_matrix_column_name` and the `dlx_parse_error` object.

use std::ffi::CString;

use libc::c_char;

use super::matrix::dlx_matrix;
use super::status::dlx_status::{self, *};
use super::{as_ref, buffer_args_ok, free_handle, guard, into_handle, store_handle, write_out, Castable};
use dlx_core::format::{self, ParseError};

/// Where and why `dlx_matrix_parse` rejected a text: a 1-based line and
/// column (the column counted in characters) and an English message that
/// says what was expected.
///
/// Ownership: made by `dlx_matrix_parse` when it returns `DLX_ERR_PARSE`,
/// freed by `dlx_parse_error_free`. Threads: the accessors only read it.
pub struct dlx_parse_error {
    _private: [u8; 0],
}

/// The Rust object behind a `dlx_parse_error`.
pub(crate) struct ParseFailure {
    line: usize,
    column: usize,
    message: CString,
}

impl Castable for dlx_parse_error {
    type Rust = ParseFailure;
}

impl From<ParseError> for ParseFailure {
    fn from(e: ParseError) -> Self {
        // Messages escape control characters, so there is no NUL; drop any
        // all the same rather than fail.
        let bytes: Vec<u8> = e.message.into_bytes().into_iter().filter(|&b| b != 0).collect();
        ParseFailure { line: e.line, column: e.column, message: CString::new(bytes).unwrap_or_default() }
    }
}

/// Reads a matrix from `len` bytes of `text` in Knuth's format (as his
/// DLX1, DLX2, DLX3 and DLX5 read it; docs/tool.md describes it): comment lines
/// start with `|`; the first other line names the primary items, then `|`,
/// then the secondary items; every later line is one option (a row) naming
/// its items. Item k of the first line is column k; options are rows 0, 1,
/// 2, ... in order. `text` must be UTF-8 and needs no terminating NUL.
///
/// The extensions are read and kept: `name:c` colors on secondary items in
/// options, `u:v|name` (or `v|name`, meaning `v:v|name`) bounds on primary
/// items in the first line, and `|n` costs in an option. All of them are
/// solved, and written back by `dlx_matrix_write`.
///
/// On success the matrix goes to `*out` (free it with `dlx_matrix_free`);
/// `dlx_matrix_column_name` gives the item names. On `DLX_ERR_PARSE`, if
/// `error` is not NULL, a new error object goes to `*error` (free it with
/// `dlx_parse_error_free`); `*error` is written on no other return.
/// Errors: `DLX_ERR_NULL` (text or out is NULL), `DLX_ERR_PARSE` (the text
/// is not in the format, or not UTF-8), `DLX_ERR_TOO_LARGE` (the matrix
/// would exceed 32-bit link indices, or len exceeds what memory can hold),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_parse(
    text: *const c_char,
    len: usize,
    out: *mut *mut dlx_matrix,
    error: *mut *mut dlx_parse_error,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        if text.is_null() || out.is_null() {
            return DLX_ERR_NULL;
        }
        if len > isize::MAX as usize {
            return DLX_ERR_TOO_LARGE;
        }
        let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
        match format::parse_bytes(bytes) {
            Ok(m) => unsafe { store_handle(Ok(m), out) },
            Err(e) => {
                if let Some(cause) = e.cause() {
                    return cause.into();
                }
                if !error.is_null() {
                    let failure: *mut dlx_parse_error = into_handle(ParseFailure::from(e));
                    unsafe { write_out(error, failure) };
                }
                DLX_ERR_PARSE
            }
        }
    })
}

/// The 1-based line of a parse error; 0 for NULL.
#[no_mangle]
pub extern "C" fn dlx_parse_error_line(error: *const dlx_parse_error) -> usize {
    guard(0, || unsafe { as_ref(error) }.map_or(0, |e| e.line))
}

/// The 1-based column of a parse error, counted in characters (not bytes);
/// 0 for NULL.
#[no_mangle]
pub extern "C" fn dlx_parse_error_column(error: *const dlx_parse_error) -> usize {
    guard(0, || unsafe { as_ref(error) }.map_or(0, |e| e.column))
}

/// What is wrong and what was expected, as a NUL-terminated English
/// message without the position (for example "unknown item `H`: expected a
/// name from the item line"). It belongs to the error and lives until
/// `dlx_parse_error_free`. NULL for NULL.
#[no_mangle]
pub extern "C" fn dlx_parse_error_message(error: *const dlx_parse_error) -> *const c_char {
    guard(std::ptr::null(), || unsafe { as_ref(error) }.map_or(std::ptr::null(), |e| e.message.as_ptr()))
}

/// Frees a parse error. NULL does nothing.
#[no_mangle]
pub extern "C" fn dlx_parse_error_free(error: *mut dlx_parse_error) {
    guard((), || unsafe { free_handle(error) })
}

/// Writes `matrix` in Knuth's format into `buffer`, followed by a NUL, when
/// the text and its NUL fit in `capacity` bytes. Every line ends with '\n'.
/// Reading the text back with `dlx_matrix_parse` gives the same matrix
/// (names, bounds, colors and costs included) for any matrix that
/// `dlx_matrix_parse` made. A matrix from `dlx_matrix_new` has no names: its
/// columns are written as their 0-based numbers, primary columns first.
/// Knuth's format cannot express a matrix without primary columns (its
/// item line would read as a comment): such a matrix is written, but the
/// text does not read back. Bounds (0, 0) are written `0|name`, which
/// `dlx_matrix_parse` reads (Knuth's DLX3 would not).
///
/// Exception to the out-parameter rule: `*length` receives the length of
/// the text (without the NUL) whenever matrix and length are not NULL, on
/// success and on `DLX_ERR_BUFFER_TOO_SMALL` alike, so that a caller can
/// pass `buffer = NULL, capacity = 0` to learn the size, then allocate
/// `length + 1` bytes and call again. On `DLX_ERR_BUFFER_TOO_SMALL` the
/// buffer is not touched. Errors: `DLX_ERR_NULL` (matrix or length is NULL,
/// or buffer is NULL with capacity > 0), `DLX_ERR_BUFFER_TOO_SMALL`.
#[no_mangle]
pub extern "C" fn dlx_matrix_write(
    matrix: *const dlx_matrix,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if !buffer_args_ok(buffer, capacity, length) {
            return DLX_ERR_NULL;
        }
        // The length first, without building the text: no allocation.
        let len = format::written_len(m);
        unsafe { write_out(length, len) };
        if len >= capacity {
            return DLX_ERR_BUFFER_TOO_SMALL;
        }
        // SAFETY: the caller gives `capacity` writable bytes at `buffer`
        // (not NULL: capacity > len >= 0).
        let out = unsafe { std::slice::from_raw_parts_mut(buffer.cast::<u8>(), capacity) };
        let mut sink = Bytes { out, at: 0 };
        if format::write_to(m, &mut sink).is_err() || sink.at != len {
            return DLX_ERR_PANIC; // the two passes disagree: a bug, reported
        }
        out[len] = 0;
        DLX_OK
    })
}

/// The name of `column` from the item line of the text the matrix was
/// parsed from, NUL-terminated. NULL when the matrix is NULL, the column is
/// out of range, or the matrix has no names (it was made by
/// `dlx_matrix_new`). The string belongs to the matrix: it stays valid until
/// the matrix is changed or freed.
#[no_mangle]
pub extern "C" fn dlx_matrix_column_name(matrix: *const dlx_matrix, column: usize) -> *const c_char {
    guard(std::ptr::null(), || {
        unsafe { as_ref(matrix) }
            .and_then(|m| m.column_name_cstr(column))
            .map_or(std::ptr::null(), |name| name.as_ptr())
    })
}

/// Writes text into a caller's buffer, failing rather than running past it.
struct Bytes<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl std::fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.at.checked_add(s.len()).filter(|&e| e <= self.out.len()).ok_or(std::fmt::Error)?;
        self.out[self.at..end].copy_from_slice(s.as_bytes());
        self.at = end;
        Ok(())
    }
}
