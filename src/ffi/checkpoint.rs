//! The C API of checkpoints: a stopped search's text out
//! (`dlx_solver_checkpoint`), and back in (`dlx_solver_resume`).

use std::os::raw::c_char;

use super::solver::{with_solver, with_solver_ref, dlx_solver};
use super::status::dlx_status::{self, *};
use super::{buffer_args_ok, write_out};
use dlx_core::checkpoint::Checkpoint;

/// Writes what `solver`'s search has left and what it has found so far,
/// as the text of a checkpoint, into `buffer`, followed by a NUL, when
/// the text and its NUL fit in `capacity` bytes; the search goes on
/// unchanged. Take it between calls: after `dlx_solver_run`,
/// `dlx_solver_next`, `dlx_solver_count` or a call stopped at a limit or a
/// cancel, on any number of threads, with or without an objective (or
/// before the first call). `dlx_solver_resume` on a solver of the same
/// matrix goes on from it, in this process or another.
///
/// The text: the pieces of the search tree not walked yet, each rows to
/// force and rows to exclude (as `dlx_solver_set_subproblem` takes them),
/// whose solutions are exactly those not found yet, each in one piece;
/// the solutions found (`DLX_COUNTER_SOLUTIONS`), the nodes and updates;
/// with an objective, the best solutions so far; the solutions found but
/// not handed out yet. Its first line names the format's version, its
/// second the SHA-256 of the matrix's content (columns, bounds, rows,
/// colors and costs; not names), its last the SHA-256 of the lines before
/// it. The format, line by line, is in `docs/checkpoint.md`.
///
/// `*length` receives the text's length (without the NUL) whenever solver
/// and length are not NULL, on success and on `DLX_ERR_BUFFER_TOO_SMALL`
/// alike (pass `buffer = NULL, capacity = 0` to learn it; the text is the
/// same on the second call, nothing having run between). On
/// `DLX_ERR_BUFFER_TOO_SMALL` the buffer is not touched.
///
/// Errors: `DLX_ERR_NULL` (solver or length NULL, or buffer NULL with
/// capacity > 0), `DLX_ERR_BUSY`, `DLX_ERR_BUFFER_TOO_SMALL`,
/// `DLX_ERR_UNSUPPORTED` after `dlx_solver_count_memo`,
/// `dlx_solver_count_auto` or `dlx_solver_sample` (the memoized count has
/// no pieces: count with `dlx_solver_count` to take checkpoints),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_checkpoint(solver: *const dlx_solver, buffer: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    with_solver_ref(solver, |s| {
        if !buffer_args_ok(buffer, capacity, length) {
            return DLX_ERR_NULL;
        }
        let text = match s.checkpoint().and_then(|ck| ck.to_text()) {
            Ok(text) => text,
            Err(e) => return e.into(),
        };
        unsafe { write_out(length, text.len()) };
        if text.len() >= capacity {
            return DLX_ERR_BUFFER_TOO_SMALL;
        }
        // SAFETY: the caller gives `capacity` writable bytes at `buffer`
        // (not NULL: capacity > len >= 0).
        let out = unsafe { std::slice::from_raw_parts_mut(buffer.cast::<u8>(), capacity) };
        out[..text.len()].copy_from_slice(text.as_bytes());
        out[text.len()] = 0;
        DLX_OK
    })
}

/// Goes on from the checkpoint `text[0 .. length]` (from
/// `dlx_solver_checkpoint` on a solver of the same matrix, with the same
/// objective): the counters, the count and the best solutions start where
/// it stopped, the solutions it found but had not handed out come first,
/// and each later `dlx_solver_run`, `dlx_solver_next`, `dlx_solver_count`
/// or `dlx_solver_count_auto` searches only what it had left, on the
/// solver's threads (one or more). So a run stopped, checkpointed and
/// resumed any number of times finds each solution an uninterrupted run
/// finds once, `DLX_COUNTER_SOLUTIONS` ends at the same total, and the
/// best list is the same; on one thread without a seed or weights, in the
/// same order and, on exact cover, with the same node count (so a node
/// limit stops it where an uninterrupted search stops). The forced and excluded
/// rows are the checkpoint's. Call it after `dlx_solver_set_threads`,
/// `dlx_solver_set_objective` and the other calls that start the search
/// again; `dlx_solver_restart` starts it over from the whole matrix.
///
/// A call must be allowed more nodes than the matrix has columns for a
/// resumed search with bounds to get anywhere: a column closed without a
/// row (Algorithm M's stop branch of a column with no rows left) has no
/// row to say so with in a piece.
///
/// Errors, leaving the solver as it was and nothing of the text used:
/// `DLX_ERR_NULL` (solver NULL, or text NULL with length > 0),
/// `DLX_ERR_BUSY`, `DLX_ERR_CHECKPOINT` (not UTF-8, malformed, cut short,
/// edited, of another version; or rows out of range, or pieces whose forced
/// rows cannot go together), `DLX_ERR_CHECKPOINT_MISMATCH` (another matrix
/// or another objective), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_resume(solver: *mut dlx_solver, text: *const c_char, length: usize) -> dlx_status {
    with_solver(solver, |s| {
        // SAFETY: the caller's text, of the length given.
        let bytes = match unsafe { super::slice_arg(text.cast::<u8>(), length) } {
            Ok(bytes) => bytes,
            Err(e) => return e,
        };
        let Ok(text) = std::str::from_utf8(bytes) else { return DLX_ERR_CHECKPOINT };
        Checkpoint::parse(text).and_then(|ck| s.resume(&ck)).into()
    })
}
