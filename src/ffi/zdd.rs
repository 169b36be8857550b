//! `dlx_zdd`: every solution as a decision diagram (`dlx_core::memo::zdd`),
//! and what comes from it: the count, the counts by size, a least-cost
//! solution, and the text of Knuth's DLX6 format.

use std::io::{self, Write};

use libc::{c_char, c_int, c_void};

use super::memo::write_count;
use super::solver::{dlx_solver, with_solver_ref};
use super::status::dlx_status::{self, *};
use super::{as_ref, buffer_args_ok, free_handle, guard, store_handle, write_out, write_text, Castable};
use dlx_core::memo::Zdd;

/// The solutions of a solver's problem as a zero-suppressed decision
/// diagram: one node per (state, row) of the memoized count's walk,
/// shared wherever a state repeats.
///
/// Ownership: made by `dlx_solver_zdd`, freed by `dlx_zdd_free`; it does
/// not refer to the solver or the matrix, which may be freed first. Read
/// from any number of threads at once (every `dlx_zdd_*` call but
/// `dlx_zdd_free` only reads it).
pub struct dlx_zdd {
    _private: [u8; 0],
}

impl Castable for dlx_zdd {
    type Rust = Zdd;
}

/// The function `dlx_zdd_write` hands the text to: `length` bytes at
/// `bytes` (not NUL-terminated, valid only during the call), in pieces
/// of up to 64 KiB. `user` is the pointer given with it. Return 0 to go
/// on; any other value stops the writing (`DLX_STOPPED`).
pub type dlx_write_fn = Option<unsafe extern "C" fn(user: *mut c_void, bytes: *const c_char, length: usize) -> c_int>;

/// Builds the diagram of every solution of `solver`'s problem (with its
/// forced rows, without its excluded ones) and stores it in `*zdd`, by
/// the memoized count's walk under its column rule
/// (`dlx_solver_set_memo_order`), in at most its memory
/// (`dlx_solver_set_memo_memory`, for the diagram and its map of states
/// together). It runs to the end: limits, cancel and progress do not
/// apply. The solver is left as it was (its search, its memo, its
/// objective).
/// Errors (`*zdd` untouched): `DLX_ERR_NULL`, `DLX_ERR_BUSY`,
/// `DLX_ERR_OUT_OF_MEMORY` (past the memory limit: no diagram, never a
/// part of one), `DLX_ERR_TOO_LARGE` (past 2^32 nodes).
#[no_mangle]
pub extern "C" fn dlx_solver_zdd(solver: *const dlx_solver, zdd: *mut *mut dlx_zdd) -> dlx_status {
    if zdd.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: `zdd` is not NULL and valid for a write (the caller's promise).
    with_solver_ref(solver, |s| unsafe { store_handle(s.zdd(), zdd) })
}

/// Frees a diagram; NULL does nothing.
#[no_mangle]
pub extern "C" fn dlx_zdd_free(zdd: *mut dlx_zdd) {
    // SAFETY: `zdd` is NULL or a live diagram (the caller's promise).
    guard((), || unsafe { free_handle(zdd) })
}

/// Runs `f` on the diagram behind `zdd`, or returns `DLX_ERR_NULL`.
fn with_zdd(zdd: *const dlx_zdd, f: impl FnOnce(&Zdd) -> dlx_status) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        // SAFETY: `zdd` is NULL or a live diagram (the caller's promise).
        match unsafe { as_ref(zdd) } {
            Some(z) => f(z),
            None => DLX_ERR_NULL,
        }
    })
}

/// Stores the number of the diagram's nodes (the two ends not counted)
/// in `*nodes`. Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_zdd_nodes(zdd: *const dlx_zdd, nodes: *mut u64) -> dlx_status {
    if nodes.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: `nodes` is not NULL (the caller's promise: valid).
    with_zdd(zdd, |z| unsafe {
        write_out(nodes, z.nodes() as u64);
        DLX_OK
    })
}

/// Writes the number of solutions in decimal to `digits`, as
/// `dlx_solver_count_memo` does: `DLX_DONE` with the digits and a NUL,
/// the number of digits in `*length`; `DLX_ERR_BUFFER_TOO_SMALL` when
/// `capacity` does not hold them and the NUL (`*length` set, so the call
/// can be made again). Errors: `DLX_ERR_NULL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_zdd_count(zdd: *const dlx_zdd, digits: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    if !buffer_args_ok(digits, capacity, length) {
        return DLX_ERR_NULL;
    }
    with_zdd(zdd, |z| match z.count() {
        // SAFETY: `length` is not NULL, `digits` holds `capacity` bytes.
        Ok(c) => unsafe { write_count(&c, digits, capacity, length) },
        Err(e) => e.into(),
    })
}

/// Writes the number of solutions of each size (rows in the solution,
/// forced rows included) to `text`, as decimal numbers separated by
/// single spaces: the first for size 0, the last for the largest size
/// (an empty text when there is no solution); the generating function's
/// coefficients. Buffer, length and statuses as `dlx_zdd_count`.
#[no_mangle]
pub extern "C" fn dlx_zdd_count_by_size(zdd: *const dlx_zdd, text: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    if !buffer_args_ok(text, capacity, length) {
        return DLX_ERR_NULL;
    }
    with_zdd(zdd, |z| {
        let sizes = match z.count_by_size() {
            Ok(s) => s,
            Err(e) => return e.into(),
        };
        let mut out = String::new();
        for (k, c) in sizes.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(&c.to_string());
        }
        // SAFETY: `length` is not NULL, `text` holds `capacity` bytes.
        unsafe { write_text(&out, text, capacity, length) }
    })
}

/// A solution of least total cost (the matrix's row costs, forced rows
/// included, whatever the solver's objective): its rows (ids, forced rows
/// first) in `rows[0..*count]` and its cost in `*cost`, `DLX_DONE`.
/// `DLX_ERR_BUFFER_TOO_SMALL` when `capacity` rows do not hold it
/// (`*count` and `*cost` set, `rows` untouched); `DLX_ERR_NO_SOLUTION`
/// when there is none. Errors: `DLX_ERR_NULL` (`rows` may be NULL only
/// with a `capacity` of 0), `DLX_ERR_COST_RANGE` (the least cost does not
/// fit an `int64_t`), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_zdd_least_cost(zdd: *const dlx_zdd, rows: *mut usize, capacity: usize, count: *mut usize, cost: *mut i64) -> dlx_status {
    if !buffer_args_ok(rows, capacity, count) || cost.is_null() {
        return DLX_ERR_NULL;
    }
    with_zdd(zdd, |z| match z.least_cost() {
        Ok(None) => DLX_ERR_NO_SOLUTION,
        Ok(Some((c, chosen))) => {
            // SAFETY: `count` and `cost` are not NULL; `rows` holds
            // `capacity` entries (the caller's promise).
            unsafe {
                write_out(count, chosen.len());
                write_out(cost, c);
                if chosen.len() > capacity {
                    return DLX_ERR_BUFFER_TOO_SMALL;
                }
                std::ptr::copy_nonoverlapping(chosen.as_ptr(), rows, chosen.len());
            }
            DLX_DONE
        }
        Err(e) => e.into(),
    })
}

/// Hands the diagram, as text in the format of Knuth's DLX6 (which his
/// ZDDREAD programs read), to `write`: one node a line,
/// `ID: (~V?LO:HI)`, the node numbers in hexadecimal (0: no solution, 1:
/// the empty one) and `V` the row id + 1 (DLX6's option number); a node
/// comes after those it points to; then, as in DLX6, a last line of
/// variable 0 whose `HI` is the root. As in DLX6 the diagram is not
/// ordered (rows along a path are not in increasing order), and ZDDREAD
/// counts the root line's variable in every solution, so its sizes are
/// one more than `dlx_zdd_count_by_size`'s.
/// `DLX_DONE` when all was written, `DLX_STOPPED` when `write` returned
/// non-zero. Errors: `DLX_ERR_NULL` (`zdd` or `write`).
#[no_mangle]
pub extern "C" fn dlx_zdd_write(zdd: *const dlx_zdd, write: dlx_write_fn, user: *mut c_void) -> dlx_status {
    let Some(write) = write else { return DLX_ERR_NULL };
    with_zdd(zdd, |z| {
        let mut out = io::BufWriter::with_capacity(1 << 16, Caller { write, user });
        match z.write(&mut out).and_then(|()| out.flush()) {
            Ok(()) => DLX_DONE,
            Err(_) => DLX_STOPPED,
        }
    })
}

/// The caller's `dlx_write_fn` as a writer: a non-zero return is an error
/// that ends the writing.
pub(crate) struct Caller {
    pub(crate) write: unsafe extern "C" fn(*mut c_void, *const c_char, usize) -> c_int,
    pub(crate) user: *mut c_void,
}

impl Write for Caller {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // SAFETY: the caller's function, given bytes valid for the call.
        if unsafe { (self.write)(self.user, buf.as_ptr().cast::<c_char>(), buf.len()) } != 0 {
            return Err(io::Error::other("stopped by the caller"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
