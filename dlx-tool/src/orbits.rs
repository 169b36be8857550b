//! `--orbits`: the count up to the symmetries the file states
//! (`|@symmetry` lines), or with `--print` one solution of each orbit;
//! and `--unique`, whether the problem has one solution.

use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::ops::ControlFlow;
use std::time::Instant;

use dlx_core::format::ColorText;
use dlx_core::{CountMethod, Error, Matrix, Outcome, Solver, Uniqueness};

use crate::args::{Options, EXIT_INPUT, EXIT_OTHER, EXIT_STOPPED, EXIT_USAGE};
use crate::memo::memo_options;
use crate::output::print_solution;
use crate::{exit, say_counters, written, ExitCode, STDERR_FAILED};

/// Runs `--orbits`: the count by the method asked (`--plain`, `--memo`,
/// else the automatic count) printed in full, or the solutions listed;
/// on standard error the group's order and the count of every solution.
pub(crate) fn run_orbits(opts: &Options, name: &str, solver: &mut Solver, matrix: &Matrix, colors: &ColorText<'_>, out: &mut impl Write) -> ExitCode {
    solver.set_memo_options(memo_options(opts));
    let start = Instant::now();
    if opts.print {
        let mut error = None;
        let outcome = solver.run_orbits(|rows| match print_solution(out, matrix, colors, rows) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                error = Some(e);
                ControlFlow::Break(())
            }
        });
        if let Err(code) = written(error, out) {
            return code;
        }
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => return refused(name, e),
        };
        if !opts.quiet {
            say_counters(solver, start.elapsed());
        }
        return ended(outcome);
    }
    let method = if opts.plain {
        CountMethod::Plain
    } else if opts.memo {
        CountMethod::Memo
    } else {
        CountMethod::Auto
    };
    let orbits = match solver.count_orbits(method) {
        Ok(Some(o)) => o,
        Ok(None) => return ended(solver.outcome().unwrap_or(Outcome::Stopped)),
        Err(e) => return refused(name, e),
    };
    if let Err(code) = written(writeln!(out, "{}", orbits.orbits).err(), out) {
        return code;
    }
    if !opts.quiet {
        say!("dlx: orbits: {} up to a group of {} symmetries, {} solutions in all, in {:.3} s", orbits.orbits, orbits.fixed.len(), orbits.fixed[0], start.elapsed().as_secs_f64());
    }
    exit(0)
}

/// The exit status of an orbit call that was refused.
fn refused(name: &str, e: Error) -> ExitCode {
    say!("dlx: {name}: --orbits: {e}");
    exit(match e {
        Error::NotSymmetry => EXIT_INPUT,
        Error::Unsupported(_) => EXIT_USAGE,
        _ => EXIT_OTHER,
    })
}

/// The exit status of a call that ended with `outcome`: 0 when
/// exhausted, else what stopped it, said on standard error.
fn ended(outcome: Outcome) -> ExitCode {
    if outcome == Outcome::Exhausted {
        return exit(0);
    }
    say!("dlx: --orbits stopped ({outcome:?}): nothing counted is printed");
    exit(EXIT_STOPPED)
}

/// Runs `--unique`: `none`, `unique` or `several` on a line, then the
/// solutions met (the one, or the first two) as `--print` prints them.
pub(crate) fn run_unique(opts: &Options, name: &str, solver: &mut Solver, matrix: &Matrix, colors: &ColorText<'_>, out: &mut impl Write) -> ExitCode {
    let start = Instant::now();
    let found = match solver.uniqueness() {
        Ok(Some(u)) => u,
        Ok(None) => {
            say!("dlx: --unique stopped ({:?}) before it could tell", solver.outcome().unwrap_or(Outcome::Stopped));
            return exit(EXIT_STOPPED);
        }
        Err(e) => {
            say!("dlx: {name}: --unique: {e}");
            return exit(if matches!(e, Error::Unsupported(_)) { EXIT_USAGE } else { EXIT_OTHER });
        }
    };
    let (verdict, met): (&str, Vec<&[usize]>) = match &found {
        Uniqueness::None => ("none", vec![]),
        Uniqueness::Unique(a) => ("unique", vec![a.as_slice()]),
        Uniqueness::Several(a, b) => ("several", vec![a.as_slice(), b.as_slice()]),
    };
    let printed = writeln!(out, "{verdict}").and_then(|()| met.iter().try_for_each(|rows| print_solution(out, matrix, colors, rows)));
    if let Err(code) = written(printed.err(), out) {
        return code;
    }
    if !opts.quiet {
        say_counters(solver, start.elapsed());
    }
    exit(0)
}
