//! The memoized count's modes: `--memo` (the count, its samples and its
//! progress) and `--zdd FILE` (the diagram of every solution).

use std::ffi::OsStr;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use dlx_core::format::ColorText;
use dlx_core::{Matrix, MemoOptions, Outcome, Phase, Solver};

use crate::args::{Options, EXIT_OTHER, EXIT_STOPPED};
use crate::output::{print_json_count, print_solution, Report};
use crate::{exit, say_counters, written, ExitCode, STDERR_FAILED};

/// The memo's settings from the command line.
pub(crate) fn memo_options(opts: &Options) -> MemoOptions {
    let mut memo = MemoOptions { order: opts.memo_order, decompose: opts.memo_parts, ..MemoOptions::default() };
    if let Some(bytes) = opts.memo_memory {
        memo.memory = bytes;
    }
    memo
}

/// `--zdd FILE`: the diagram of every solution written to `path`, the
/// count on standard output; its nodes, the solutions of each size and
/// (with costs) the least cost on standard error.
pub(crate) fn run_zdd(opts: &Options, path: &OsStr, solver: &mut Solver, matrix: &Matrix, out: &mut impl Write) -> ExitCode {
    solver.set_memo_options(memo_options(opts));
    let start = Instant::now();
    let zdd = match solver.zdd() {
        Ok(z) => z,
        Err(e) => {
            say!("dlx: --zdd: {e}");
            return exit(EXIT_OTHER);
        }
    };
    let shown = std::path::Path::new(path).display();
    let wrote = std::fs::File::create(path).and_then(|f| {
        let mut w = BufWriter::with_capacity(1 << 16, f);
        zdd.write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    if let Err(e) = wrote {
        say!("dlx: --zdd: {shown}: {e}");
        return exit(EXIT_OTHER);
    }
    // The least cost only when the options have costs.
    let least = if matrix.has_costs() { zdd.least_cost().map(|l| l.map(|(cost, _)| cost)) } else { Ok(None) };
    let (count, sizes, least) = match (zdd.count(), zdd.count_by_size(), least) {
        (Ok(c), Ok(s), Ok(l)) => (c, s, l),
        (Err(e), ..) | (_, Err(e), _) | (.., Err(e)) => {
            say!("dlx: --zdd: {e}");
            return exit(EXIT_OTHER);
        }
    };
    if let Err(code) = written(writeln!(out, "{count}").err(), out) {
        return code;
    }
    if !opts.quiet {
        let by_size: Vec<String> = sizes.iter().enumerate().filter(|(_, c)| !c.is_zero()).map(|(k, c)| format!("{k}:{c}")).collect();
        say!("dlx: zdd: {} nodes written to {shown} in {:.3} s; solutions by size: {}", zdd.nodes(), start.elapsed().as_secs_f64(), if by_size.is_empty() { "none".into() } else { by_size.join(" ") });
        if let Some(cost) = least {
            say!("dlx: zdd: least cost {cost}");
        }
    }
    exit(0)
}

/// `--memo`, `--sample` and the automatic count (`--auto`, the default
/// count): the count, printed in full, or that many solutions drawn
/// uniformly at random from the memo; the cache's figures (or, when the
/// plain search counted, its counters) on standard error.
pub(crate) fn run_memo(opts: &Options, name: &str, solver: &mut Solver, matrix: &Matrix, colors: &ColorText<'_>, out: &mut impl Write) -> ExitCode {
    let auto = opts.sample.is_none() && opts.counts_automatically();
    // Whether the plain search gave the count (the automatic count's choice).
    let by_plain = |s: &Solver| auto && s.auto_phase() != Phase::Memo;
    solver.set_memo_options(memo_options(opts));
    let start = Instant::now();
    let mut write_error = None;
    let done = match opts.sample {
        None => if auto { solver.count_auto() } else { solver.memo_count() }.map(|count| {
            if opts.json {
                let plain = by_plain(solver);
                let outcome = if count.is_some() { Outcome::Exhausted } else { solver.outcome().unwrap_or(Outcome::Stopped) };
                let counters = if plain { solver.counters() } else { dlx_core::Counters::default() };
                let report = Report { counters, elapsed: start.elapsed() };
                write_error = print_json_count(out, name, outcome, count.as_ref(), if plain { "plain" } else { "memo" }, &report).err();
            } else if let Some(count) = &count {
                write_error = writeln!(out, "{count}").err();
            }
            count.is_some()
        }),
        Some(n) => solver
            .memo_sample(opts.seed.unwrap_or(0), n, |rows| match print_solution(out, matrix, colors, rows) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    write_error = Some(e);
                    ControlFlow::Break(())
                }
            })
            .map(|outcome| outcome == Outcome::Exhausted || write_error.is_some()),
    };
    let elapsed = start.elapsed();
    let done = match done {
        Ok(done) => done,
        Err(e) => {
            say!("dlx: {}: {e}", if opts.sample.is_some() { "--sample" } else if auto { "the count" } else { "--memo" });
            return exit(EXIT_OTHER);
        }
    };
    if let Err(code) = written(write_error, out) {
        return code;
    }
    let mut code = 0;
    if !done {
        let why = match solver.outcome() {
            Some(Outcome::NodeLimit) => "node limit (--max-nodes)",
            Some(Outcome::TimeLimit) => "time limit (--time-limit)",
            _ => "stopped",
        };
        let printed = if opts.json { "its document's count is null" } else { "nothing is printed" };
        say!("dlx: stopped: {why}: the count did not finish, {printed}");
        code = EXIT_STOPPED;
    }
    // The automatic count's choice is news on a long count or when asked
    // for (--stats), noise on every toy one.
    let tell_choice = opts.stats || elapsed >= Duration::from_secs(1);
    if !opts.quiet && by_plain(solver) {
        // The plain search counted: its counters, as without the memo.
        if tell_choice {
            say!("dlx: counted by the plain search (the memo fell behind)");
        }
        say_counters(solver, elapsed);
    } else if !opts.quiet {
        if auto && tell_choice {
            say!("dlx: counted by memo (the plain search fell behind)");
        }
        let s = solver.memo_stats();
        let c = &s.cache;
        say!(
            "dlx: memo: {} nodes, {} states cached, {} hits, {} misses, {} dropped, {:.1} MB, {:.3} s",
            s.nodes,
            c.entries,
            c.hits,
            c.misses,
            c.dropped,
            c.bytes as f64 / (1u64 << 20) as f64,
            elapsed.as_secs_f64()
        );
    }
    exit(code)
}
