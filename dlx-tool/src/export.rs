//! `--cnf FILE` and `--opb FILE`: the problem written for SAT solvers,
//! model counters and pseudo-Boolean solvers (`dlx_core::format::write_cnf`,
//! `write_opb`), instead of a search.

use std::ffi::OsStr;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::Ordering;

use dlx_core::format::{write_cnf, write_opb};
use dlx_core::Matrix;

use crate::args::{Options, EXIT_OTHER};
use crate::{exit, ExitCode, STDERR_FAILED};

/// Writes `matrix` to `path` as CNF (`opb` false) or OPB with the
/// command line's objective; says the figures on standard error.
pub(crate) fn run_export(opts: &Options, path: &OsStr, opb: bool, matrix: &Matrix) -> ExitCode {
    let flag = if opb { "--opb" } else { "--cnf" };
    let shown = std::path::Path::new(path).display();
    let wrote = std::fs::File::create(path).and_then(|f| {
        let mut w = BufWriter::with_capacity(1 << 16, f);
        let size = if opb { write_opb(matrix, opts.goal, &mut w)? } else { write_cnf(matrix, &mut w)? };
        w.flush()?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        Ok(size)
    });
    match wrote {
        Ok(size) => {
            if !opts.quiet {
                let what = if opb { "constraints" } else { "clauses" };
                say!("dlx: {flag}: {} variables, {} {what} written to {shown}", size.variables, size.constraints);
            }
            exit(0)
        }
        Err(e) => {
            say!("dlx: {flag}: {shown}: {e}");
            exit(EXIT_OTHER)
        }
    }
}
