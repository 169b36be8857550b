//! Export for other solvers in C (`dlx_core::format::{write_cnf,
//! write_opb}`): the matrix as DIMACS CNF, whose models are its solutions,
//! and as OPB pseudo-Boolean constraints with the costs as the objective.

use std::io::{self, Write};

use libc::c_void;

use super::matrix::dlx_matrix;
use super::objective::dlx_objective;
use super::status::dlx_status::{self, *};
use super::zdd::{dlx_write_fn, Caller};
use super::{as_ref, guard, CEnum};
use dlx_core::format;
use dlx_core::objective::Goal;

/// Runs `body` with the matrix and the caller's writer (buffered in
/// pieces of up to 64 KiB), and turns what it did into a status.
fn export(matrix: *const dlx_matrix, write: dlx_write_fn, user: *mut c_void, body: impl FnOnce(&dlx_core::Matrix, &mut io::BufWriter<Caller>) -> io::Result<()>) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let (Some(m), Some(write)) = (unsafe { as_ref(matrix) }, write) else { return DLX_ERR_NULL };
        let mut out = io::BufWriter::with_capacity(1 << 16, Caller { write, user });
        match body(m, &mut out).and_then(|()| out.flush()) {
            Ok(()) => DLX_DONE,
            Err(e) if e.kind() == io::ErrorKind::OutOfMemory => DLX_ERR_OUT_OF_MEMORY,
            Err(_) => DLX_STOPPED,
        }
    })
}

/// Hands the matrix as DIMACS CNF to `write` (as `dlx_zdd_write` does):
/// variable `r + 1` is row `r`, and the models are exactly the solutions,
/// so a model counter's count is `dlx_count`'s. A primary column's rows
/// hold between its bounds (exactly one without bounds) through a counter
/// whose variables are defined both ways; a secondary column holds at most
/// one of its uncolored rows and its colors, each color a variable tied to
/// its rows; a row without a primary column is false (the search never
/// chooses one). Costs are not written (`dlx_matrix_write_opb`).
/// `DLX_DONE` when all was written, `DLX_STOPPED` when `write` returned
/// non-zero. Errors: `DLX_ERR_NULL` (`matrix` or `write`),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_write_cnf(matrix: *const dlx_matrix, write: dlx_write_fn, user: *mut c_void) -> dlx_status {
    export(matrix, write, user, |m, out| format::write_cnf(m, out).map(|_| ()))
}

/// Hands the matrix as OPB (pseudo-Boolean constraints, the format of the
/// PB competitions) to `write`: variable `x{r + 1}` is row `r`, the
/// constraints as `dlx_matrix_write_cnf`'s, and for `objective` (a
/// `dlx_objective` value) a `min:` line: the row costs for
/// `DLX_OBJECTIVE_MIN_COST`, the negated costs for
/// `DLX_OBJECTIVE_MAX_COST` (the optimum is minus the greatest weight), one
/// per row for `DLX_OBJECTIVE_FEWEST_ROWS`; none for `DLX_OBJECTIVE_ALL` or
/// costs all 0. Statuses as `dlx_matrix_write_cnf`, and
/// `DLX_ERR_UNKNOWN_VALUE` for an unknown objective.
#[no_mangle]
pub extern "C" fn dlx_matrix_write_opb(matrix: *const dlx_matrix, objective: u32, write: dlx_write_fn, user: *mut c_void) -> dlx_status {
    use dlx_objective::*;
    let goal = match dlx_objective::from_u32(objective) {
        None => return DLX_ERR_UNKNOWN_VALUE,
        Some(DLX_OBJECTIVE_ALL) => None,
        Some(DLX_OBJECTIVE_MIN_COST) => Some(Goal::MinCost),
        Some(DLX_OBJECTIVE_MAX_COST) => Some(Goal::MaxCost),
        Some(DLX_OBJECTIVE_FEWEST_ROWS) => Some(Goal::FewestRows),
    };
    export(matrix, write, user, |m, out| format::write_opb(m, goal, out).map(|_| ()))
}
