//! `dlx`: solve an exact cover problem written in Knuth's text format.
//!
//! ```text
//! dlx [OPTIONS] [FILE]
//! ```
//!
//! Reads the problem from FILE, or from standard input when FILE is absent
//! or `-`, counts its solutions and prints the count on standard output.
//! `dlx --help` (the text [`HELP`] below) documents every option, the output
//! and the exit statuses.
//!
//! Why a Rust binary of the crate and not a C program over the C API: it
//! uses the safe API directly ([`dlx_core::format::parse_bytes`], [`Solver`]), so it
//! needs no C glue, no header and no linking; it is built by a plain
//! `cargo build --release` (as `target/release/dlx`) together with the
//! library, with the same optimisation, and its counters are the library's
//! own. The C API gets its own tests from the C programs in `c_tests/`.
//!
//! The arguments are parsed on `lexopt` (`args.rs`); what is printed is
//! in `output.rs`.
//!
//! The search runs through [`Solver::run`] with the library's limits and
//! progress callback (`dlx_core::control`), so the tool's options are the
//! library's search control: --max, --max-nodes, --time-limit, --seed,
//! --force and --split.

// `c_main` below is the program's entry (C's `main`); a test build keeps
// libtest's.
#![cfg_attr(not(test), no_main)]

use std::ffi::OsStr;
use std::io::{self, BufWriter, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::format::{ColorText, ReadError};
use dlx_core::{Engine, Error, Goal, Limits, Matrix, Objective, Outcome, Solver};

mod args;
mod output;

use args::{parse_args, Early, Options, EXIT_COST_RANGE, EXIT_INPUT, EXIT_OTHER, EXIT_STOPPED, EXIT_USAGE, HELP};
use output::{print_best, print_json_head, print_json_rows, print_json_tail, print_solution, Report, Shown};


/// Set when a message to standard error could not be written: the run
/// then ends with [`EXIT_OTHER`] (nothing else can report it).
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// `eprintln!` that never panics: a failure is remembered in
/// [`STDERR_FAILED`].
macro_rules! say {
    // One write a line: standard error is not buffered, and `writeln!`
    // would make a system call of each piece.
    ($($arg:tt)*) => {
        if io::stderr().write_all(format!("{}\n", format_args!($($arg)*)).as_bytes()).is_err() {
            STDERR_FAILED.store(true, Ordering::Relaxed);
        }
    };
}

mod checkpoint;
mod export;
mod memo;
mod orbits;
mod pre;

use export::run_export;
use memo::{run_memo, run_zdd};
use pre::{run_pre_out, say_pre};

/// The status the program exits with.
struct ExitCode(u8);

/// The exit status `code`, or [`EXIT_OTHER`] when standard error failed.
fn exit(code: u8) -> ExitCode {
    if STDERR_FAILED.load(Ordering::Relaxed) && code == 0 {
        return ExitCode(EXIT_OTHER);
    }
    ExitCode(code)
}

/// Set at the start (by [`open_standard_descriptors`]) when the program was
/// started with standard output closed: /dev/null then takes its place, and
/// the output would be lost without a word.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether standard output was open when the program started.
fn stdout_is_open() -> bool {
    !STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Writes `text` to standard output: the status to exit with.
fn print_text(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) if stdout_is_open() => exit(0),
        Ok(()) => {
            say!("dlx: cannot write the output: standard output is closed");
            exit(EXIT_OTHER)
        }
        Err(e) => {
            say!("dlx: cannot write the output: {e}");
            exit(EXIT_OTHER)
        }
    }
}

/// How far a reading has come, said on standard error every second once it
/// has taken a second (`report`), and how long it took at the end.
struct Progress<'n> {
    name: &'n str,
    /// The size of the text, when it is a regular file's.
    size: Option<u64>,
    start: Instant,
    next: Duration,
    reported: bool,
}

impl Progress<'_> {
    /// Says how far the reading is (`at` bytes) when the next second is due.
    fn tick(&mut self, at: usize) {
        let elapsed = self.start.elapsed();
        if elapsed < self.next {
            return;
        }
        let secs = elapsed.as_secs_f64();
        let name = self.name;
        match self.size {
            Some(size) => say!("dlx: reading {name}: {:.0}% of {:.0} MB, {secs:.1} s", 100.0 * at as f64 / size.max(1) as f64, size as f64 / 1e6),
            None => say!("dlx: reading {name}: {:.0} MB, {secs:.1} s", at as f64 / 1e6),
        }
        self.reported = true;
        self.next += Duration::from_secs(1);
    }

    fn finish(&self) {
        if self.reported {
            say!("dlx: read {} in {:.1} s", self.name, self.start.elapsed().as_secs_f64());
        }
    }
}

/// A regular file's reader that counts what it has read and says how far
/// it is between reads (a read of a regular file does not wait for more
/// text to come, so no thread has to watch it).
struct Counted<'p, 'n, R> {
    inner: R,
    at: usize,
    progress: &'p mut Progress<'n>,
}

impl<R: Read> Read for Counted<'_, '_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.at += n;
        self.progress.tick(self.at);
        Ok(n)
    }
}

/// The size of the regular file open on descriptor `fd`, if it is one
/// (standard input's, to report how far its reading is; standard
/// output's, for a run with checkpoints).
fn file_size(fd: libc::c_int) -> Option<u64> {
    // SAFETY: fstat writes into the zeroed buffer it is given.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::fstat(fd, &mut st) } == 0;
    (ok && st.st_mode & libc::S_IFMT == libc::S_IFREG).then(|| u64::try_from(st.st_size).unwrap_or(0))
}

/// Reads the problem from FILE (standard input when `None`) a block at a
/// time, parsing on every core; when that takes more than a second and
/// `report` is set, says on standard error every second how far it has
/// read, and at the end how long it took. A regular file of at most a
/// block is parsed on this thread alone, and a regular file is read
/// without a watching thread: a small problem starts without either.
fn read_matrix(file: Option<&OsStr>, name: &str, report: bool) -> Result<Matrix, ReadError> {
    let stdin = io::stdin();
    let (input, size): (Box<dyn Read>, Option<u64>) = match file {
        Some(path) => {
            let f = std::fs::File::open(path).map_err(ReadError::Io)?;
            let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            (Box::new(f), size)
        }
        None => (Box::new(stdin.lock()), file_size(0)),
    };
    let threads = match size {
        Some(size) if size <= dlx_core::format::block_size() as u64 => 1,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()).min(8),
    };
    if !report {
        return dlx_core::format::read(input, threads, None);
    }
    let mut progress = Progress { name, size, start: Instant::now(), next: Duration::from_secs(1), reported: false };
    if size.is_some() {
        let result = dlx_core::format::read(Counted { inner: input, at: 0, progress: &mut progress }, threads, None);
        progress.finish();
        return result;
    }
    // A pipe or a terminal can keep a read waiting: a thread watches it,
    // waking every 20 ms, or at once when the reading ends and `done` is
    // dropped (a sleep would hold up the join by up to 20 ms).
    let read = AtomicUsize::new(0);
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let (read, progress) = (&read, &mut progress);
        scope.spawn(move || {
            while finished.recv_timeout(Duration::from_millis(20)) == Err(RecvTimeoutError::Timeout) {
                progress.tick(read.load(Ordering::Relaxed));
            }
        });
        let result = dlx_core::format::read(input, threads, Some(read));
        drop(done);
        result
    });
    progress.finish();
    result
}

/// The program: C's `main`, so that the standard library's start-up code
/// does not run (`#![no_main]`). That code reads `/proc/self/maps` to find
/// the main thread's stack and sets up a handler for its overflow; the
/// tool recurses nowhere, and without it a run starts 0.15 to 0.2 ms
/// sooner (a two-line problem: 1.38 ms down to 1.19 ms, `bench/dance.c`
/// 0.92 ms). What else that code does is done here: the descriptors 0 to
/// 2 are opened on /dev/null when closed (so that no file the tool opens
/// takes their place), SIGPIPE is ignored (a closed pipe is then an error
/// the tool reports, or not, as it chooses), a panic ends the run with
/// status 101 (after the standard library's message) instead of crossing
/// into C, and standard output is flushed at the end.
#[cfg_attr(not(test), export_name = "main")]
#[cfg_attr(test, allow(dead_code))]
extern "C" fn c_main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    open_standard_descriptors();
    // SAFETY: setting a signal's disposition to SIG_IGN has no other effect.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    let code = match std::panic::catch_unwind(run) {
        Ok(code) => libc::c_int::from(code.0),
        Err(_) => 101,
    };
    // Everything is written through flushed writers; this is for safety.
    let _ = io::stdout().flush();
    code
}

/// Opens /dev/null in the place of descriptors 0, 1 and 2 when they are
/// closed, as the standard library's start-up code does, and notes in
/// [`STDOUT_CLOSED`] whether 1 was.
fn open_standard_descriptors() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd { fd, events: 0, revents: 0 });
    // SAFETY: `fds` is an array of three pollfd, and a timeout of 0 does not wait.
    if unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } == -1 {
        return;
    }
    for p in fds {
        if p.revents & libc::POLLNVAL != 0 {
            if p.fd == 1 {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
            }
            // SAFETY: the path is a NUL-terminated string; the lowest free
            // descriptor, which `p.fd` is, is the one opened.
            unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        }
    }
}

fn run() -> ExitCode {
    let opts = match parse_args(std::env::args_os().skip(1)) {
        Ok(o) => o,
        Err(Early::Help) => return print_text(HELP),
        Err(Early::Version) => return print_text(&format!("dlx {}\n", env!("CARGO_PKG_VERSION"))),
        Err(Early::Usage(msg)) => {
            say!("dlx: {msg}\nTry 'dlx --help' for more information.");
            return exit(EXIT_USAGE);
        }
    };
    if !stdout_is_open() {
        say!("dlx: standard output is closed: nowhere to write the output");
        return exit(EXIT_OTHER);
    }
    if opts.checkpoints() {
        checkpoint::stop_on_signals();
    }
    let name = opts.file.as_deref().map_or_else(|| "standard input".into(), |f| f.to_string_lossy());
    let matrix = match load(&opts, &name) {
        Ok(m) => m,
        Err(code) => return code,
    };
    if let Some(path) = &opts.pre_out {
        return run_pre_out(&opts, path, &matrix);
    }
    if let Some((path, opb)) = opts.cnf.as_ref().map(|p| (p, false)).or(opts.opb.as_ref().map(|p| (p, true))) {
        return run_export(&opts, path, opb, &matrix);
    }
    let mut solver = match make_solver(&opts, &matrix, &name) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if opts.weights {
        if let Err(e) = solver.set_weights(true) {
            say!("dlx: --weights: {e}");
            return exit(EXIT_OTHER);
        }
    }
    if opts.pre {
        match solver.preprocess(opts.pre_work) {
            Ok(stats) => say_pre(&opts, &stats, &matrix),
            Err(e) => {
                say!("dlx: --pre: {e}");
                return exit(EXIT_OTHER);
            }
        }
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let colors = ColorText::new(&matrix);
    if let Some(depth) = opts.split {
        return run_split(depth, &mut solver, &mut out);
    }
    // A run with checkpoints sets its own limits and says its own progress.
    if opts.checkpoints() {
        return checkpoint::run(&opts, &name, &mut solver, &matrix, &colors, &mut out);
    }
    set_controls(&opts, &mut solver);
    if opts.orbits {
        return orbits::run_orbits(&opts, &name, &mut solver, &matrix, &colors, &mut out);
    }
    if opts.unique {
        return orbits::run_unique(&opts, &name, &mut solver, &matrix, &colors, &mut out);
    }
    if let Some(path) = &opts.zdd {
        return run_zdd(&opts, path, &mut solver, &matrix, &mut out);
    }
    if opts.memo || opts.counts_automatically() || opts.sample.is_some() {
        return run_memo(&opts, &name, &mut solver, &matrix, &colors, &mut out);
    }
    run_search(&opts, &name, &mut solver, &matrix, &colors, &mut out)
}

/// The problem read from the file (or standard input), shared with the
/// solver (no copy of a big one); the exit status when it cannot be read.
fn load(opts: &Options, name: &str) -> Result<std::sync::Arc<Matrix>, ExitCode> {
    // SAFETY: isatty only asks about descriptor 0.
    if opts.file.is_none() && unsafe { libc::isatty(0) } == 1 {
        say!("dlx: reading the problem from the terminal: type it and end with Ctrl-D, or give a FILE (dlx --help)");
    }
    match read_matrix(opts.file.as_deref(), name, !opts.quiet) {
        Ok(m) => Ok(std::sync::Arc::new(m)),
        Err(ReadError::Io(e)) => {
            say!("dlx: cannot read {name}: {e}");
            if e.kind() == io::ErrorKind::NotFound {
                if let Some(hint) = knuth_hint(name) {
                    say!("dlx: {name} looks like an option of Knuth's programs: {hint} (dlx --help)");
                }
            }
            Err(exit(if e.kind() == io::ErrorKind::OutOfMemory { EXIT_OTHER } else { EXIT_INPUT }))
        }
        Err(ReadError::Parse(e)) => {
            say!("dlx: {name}: {e}");
            // A valid text whose matrix is too large or out of memory is not a bad file.
            Err(exit(if e.cause().is_some() { EXIT_OTHER } else { EXIT_INPUT }))
        }
    }
}

/// For a FILE that is not there and reads as one of the arguments Knuth's
/// DLX programs take (a letter and a number: `v1`, `t10`, `s7`, ...), what
/// this tool takes instead.
fn knuth_hint(arg: &str) -> Option<String> {
    let mut chars = arg.chars();
    let letter = chars.next()?;
    let number = chars.as_str();
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match letter {
        't' => format!("here the solution limit is -n {number}"),
        's' => format!("here the seed is --seed {number}"),
        'd' => "here progress lines come every --progress SECS".to_string(),
        'T' => "here the limits are --max-nodes N and --time-limit SECS".to_string(),
        'v' | 'm' | 'c' | 'C' | 'l' => "here the counters go to standard error (--quiet for none) and -p prints the solutions".to_string(),
        _ => return None,
    })
}

/// The solver the options ask for: engine, seed, threads, objective,
/// excluded and forced rows; the exit status when one is refused.
fn make_solver(opts: &Options, matrix: &std::sync::Arc<Matrix>, name: &str) -> Result<Solver, ExitCode> {
    // With an objective the automatic engine is the one the objective
    // runs on: built once, not built and then moved from.
    let engine = match opts.engine {
        Engine::Auto if opts.goal.is_some() => Engine::for_objective(matrix),
        engine => engine,
    };
    let mut solver = match Solver::from_shared_with_engine(std::sync::Arc::clone(matrix), engine) {
        Ok(s) => s,
        Err(e @ Error::Unsupported(_)) => {
            say!("dlx: {name}: --engine exact: {e}");
            return Err(exit(EXIT_USAGE));
        }
        Err(e) => {
            say!("dlx: {name}: cannot make a solver: {e}");
            return Err(exit(EXIT_OTHER));
        }
    };
    if let Err(e) = solver.set_seed(opts.seed) {
        say!("dlx: --seed: {e}");
        return Err(exit(EXIT_OTHER));
    }
    solver.set_threads(opts.threads);
    if let Some(goal) = opts.goal {
        if let Err(e) = solver.set_objective(Some(Objective { goal, best: opts.best.unwrap_or(1) })) {
            say!("dlx: {name}: {e}");
            return Err(exit(if e == Error::CostRange { EXIT_COST_RANGE } else { EXIT_OTHER }));
        }
    }
    for (rows, what, set) in [(&opts.exclude, "--exclude", Solver::exclude_rows as fn(&mut Solver, &[usize]) -> Result<(), Error>), (&opts.force, "--force", Solver::force_rows)] {
        if rows.is_empty() {
            continue;
        }
        if let Err(e) = set(&mut solver, rows) {
            say!("dlx: {what}: {e} (the file has {} options)", solver.rows());
            return Err(exit(if matches!(e, Error::RowRange | Error::Conflict | Error::ForcedExcluded) { EXIT_USAGE } else { EXIT_OTHER }));
        }
    }
    Ok(solver)
}

/// The limits and the progress lines of every search mode.
fn set_controls(opts: &Options, solver: &mut Solver) {
    solver.set_limits(Limits { solutions: opts.max, nodes: opts.max_nodes, updates: None, time: opts.time_limit });
    if let Some(every) = opts.progress.filter(|_| !opts.quiet) {
        solver.set_progress(Some((
            every,
            Box::new(|r: &dlx_core::Report| {
                say_progress(&Report { counters: r.counters, elapsed: r.elapsed }, r.estimate, (r.best, r.bound));
                ControlFlow::Continue(())
            }),
        )));
    }
}

/// A progress line on standard error: the counters and time so far, the
/// estimated share of the tree walked and, with an objective, the best cost
/// so far, the bound and the gap between them.
fn say_progress(report: &Report, estimate: f64, standing: (Option<i64>, Option<i64>)) {
    say!("dlx: progress: {report}, {:.4}% done{}", 100.0 * estimate, standing_text(standing));
}

/// `, best C, bound B, gap G%`: what is known of the optimum (each part
/// when known; the gap with both).
fn standing_text((best, bound): (Option<i64>, Option<i64>)) -> String {
    let mut standing = String::new();
    if let Some(b) = best {
        standing += &format!(", best {b}");
    }
    if let Some(l) = bound {
        standing += &format!(", bound {l}");
        if let Some(b) = best {
            // |best - bound| over |best|, in percent (0 when both are 0).
            let gap = (b as f64 - l as f64).abs() / (b as f64).abs().max(1.0);
            standing += &format!(", gap {:.2}%", 100.0 * gap);
        }
    }
    standing
}

/// The exit status after writing: a write error (but a reader that stops
/// early, `dlx -p FILE | head`) is said and ends the run.
fn written(error: Option<io::Error>, out: &mut impl Write) -> Result<(), ExitCode> {
    match error.or_else(|| out.flush().err()) {
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            say!("dlx: cannot write the output: {e}");
            Err(exit(EXIT_OTHER))
        }
        _ => Ok(()),
    }
}

/// `--split`: each subproblem as its rows to force (and, where it has
/// some, `/` and its rows to exclude) on a line.
fn run_split(depth: usize, solver: &mut Solver, out: &mut impl Write) -> ExitCode {
    let mut write_error = None;
    let list = |rows: &[usize]| rows.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(",");
    let walked = solver.for_each_subproblem(depth, |part| {
        let written = if part.excluded.is_empty() {
            writeln!(out, "{}", list(part.rows))
        } else {
            writeln!(out, "{}/{}", list(part.rows), list(part.excluded))
        };
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                write_error = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Err(e) = walked {
        say!("dlx: --split: {e}");
        return exit(EXIT_OTHER);
    }
    match written(write_error, out) {
        Ok(()) => exit(0),
        Err(code) => code,
    }
}

/// The search: counted, or each solution printed (text or JSON), or the
/// best by cost; then the count or the best, how the search stopped, and
/// the counters.
fn run_search(opts: &Options, name: &str, solver: &mut Solver, matrix: &Matrix, colors: &ColorText<'_>, out: &mut impl Write) -> ExitCode {
    let start = Instant::now();
    let mut shown = BTreeSet::new();
    let (found, outcome, write_error) = search(opts, name, solver, matrix, colors, &mut shown, out);
    finish(opts, solver, (matrix, colors, shown), (found, outcome, write_error), start.elapsed(), out)
}

/// After the search: what is printed at its end (the count, the best, the
/// JSON tail), how it stopped, the counters; the exit status.
fn finish(
    opts: &Options,
    solver: &mut Solver,
    (matrix, colors, shown): (&Matrix, &ColorText<'_>, BTreeSet<usize>),
    (found, outcome, write_error): (u64, Outcome, Option<io::Error>),
    elapsed: std::time::Duration,
    out: &mut impl Write,
) -> ExitCode {
    let write_error = write_error.or_else(|| {
        if opts.json {
            let shown = Shown { rows: shown, matrix, colors };
            let bound = goal_bound(opts, solver);
            print_json_tail(out, opts, found, outcome, (solver.best(), bound), shown, &Report { counters: solver.counters(), elapsed }).err()
        } else if opts.goal.is_some() {
            print_best(out, matrix, colors, solver.best(), opts.print).err()
        } else if !opts.print {
            writeln!(out, "{found}").err()
        } else {
            None
        }
    });
    if let Err(code) = written(write_error, out) {
        return code;
    }
    // A limit that leaves the search unfinished is said even with --quiet.
    let (why, code) = match outcome {
        Outcome::SolutionLimit if opts.max != Some(0) => (Some("solution limit (-n)"), 0),
        Outcome::NodeLimit => (Some("node limit (--max-nodes): the search did not finish, the output is partial"), EXIT_STOPPED),
        Outcome::TimeLimit => (Some("time limit (--time-limit): the search did not finish, the output is partial"), EXIT_STOPPED),
        // Only a run with checkpoints cancels, on SIGINT or SIGTERM.
        Outcome::Cancelled => (Some("by a signal: the search did not finish, the output is partial"), EXIT_STOPPED),
        _ => (None, 0),
    };
    if let Some(why) = why {
        if !opts.quiet || code != 0 {
            say!("dlx: stopped: {why}");
            if opts.goal.is_some() && code != 0 {
                // How far from the optimum the best so far can be.
                let best = solver.best().first().map(|b| b.cost);
                say!("dlx: stopped at{}", standing_text((best, goal_bound(opts, solver))).trim_start_matches(','));
            }
        }
    }
    if !opts.quiet {
        say_counters(solver, elapsed);
    }
    exit(code)
}

/// With an optimisation option: the bound no solution beats (the best cost
/// once the search is complete), asked only where it is printed (the JSON
/// tail, a stopped search), since it may take passes over the matrix.
fn goal_bound(opts: &Options, solver: &mut Solver) -> Option<i64> {
    opts.goal.and_then(|_| solver.best_bound())
}

/// The plain search's counters on standard error, and each thread's.
fn say_counters(solver: &Solver, elapsed: std::time::Duration) {
    say!("dlx: {}", Report { counters: solver.counters(), elapsed });
    for (i, t) in solver.thread_stats().iter().enumerate() {
        say!("dlx: thread {i}: {} nodes, {} steals, {:.6} s idle", t.nodes, t.steals, t.idle.as_secs_f64());
    }
}

/// The search itself, with what is printed as it goes: the solutions
/// found, how the search ended, and the first write error. The rows of the
/// solutions printed as JSON go into `shown` (the document's tail names them).
fn search(
    opts: &Options,
    name: &str,
    solver: &mut Solver,
    matrix: &Matrix,
    colors: &ColorText<'_>,
    shown: &mut BTreeSet<usize>,
    out: &mut impl Write,
) -> (u64, Outcome, Option<io::Error>) {
    let mut write_error = None;
    if opts.json {
        write_error = print_json_head(out, name).err();
        if opts.print && opts.goal.is_none() {
            write_error = write_error.or_else(|| out.write_all(b"\"solutions\":[").err());
        }
    }
    if write_error.is_some() {
        return (0, Outcome::Stopped, write_error);
    }
    if opts.max == Some(0) {
        return (0, Outcome::SolutionLimit, None);
    }
    if opts.goal.is_none() && !opts.print {
        // Counting only: the solver need not find each solution's rows.
        let (n, outcome) = solver.count_run();
        return (n, outcome, None);
    }
    let cost_of = |rows: &[usize]| match opts.goal {
        Some(Goal::FewestRows) => rows.len() as i64,
        _ => rows.iter().map(|&r| matrix.cost(r).unwrap_or(0)).sum(),
    };
    let mut found = 0u64;
    let began = Instant::now();
    let outcome = solver.run(|rows| {
        found += 1;
        if opts.goal.is_some() {
            if !opts.quiet {
                say!("dlx: found: cost {} ({:.3} s)", cost_of(rows), began.elapsed().as_secs_f64());
            }
        } else if opts.print {
            let printed = if opts.json {
                shown.extend(rows);
                print_json_rows(out, rows, found == 1)
            } else {
                print_solution(out, matrix, colors, rows)
            };
            if let Err(e) = printed {
                write_error = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    (found, outcome, write_error)
}


#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives its pieces one a read, sleeping before each
    /// but the first.
    struct Slow(Vec<&'static [u8]>, usize, Duration);

    impl Read for Slow {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some(piece) = self.0.get(self.1) else { return Ok(0) };
            if self.1 > 0 {
                std::thread::sleep(self.2);
            }
            self.1 += 1;
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    /// Wrong code caught: a hint for a real file name, or none for `t10`.
    #[test]
    fn knuth_style_arguments_get_a_hint() {
        assert_eq!(knuth_hint("t10").as_deref(), Some("here the solution limit is -n 10"));
        assert!(knuth_hint("v1").is_some() && knuth_hint("s7").is_some() && knuth_hint("T5000").is_some());
        for name in ["queens.dlx", "v", "t1x", "x10", ""] {
            assert_eq!(knuth_hint(name), None, "{name}");
        }
    }

    #[test]
    fn a_counted_reader_reports_between_slow_reads() {
        // A read that takes over a second is reported on the next read; a
        // quick one is not; either way the text is read whole.
        for (pause, reported) in [(Duration::from_millis(1200), true), (Duration::ZERO, false)] {
            let mut progress = Progress { name: "test", size: Some(12), start: Instant::now(), next: Duration::from_secs(1), reported: false };
            let slow = Slow(vec![b"a b\na\n", b"b\na b\n"], 0, pause);
            let m = dlx_core::format::read(Counted { inner: slow, at: 0, progress: &mut progress }, 1, None).expect("a valid text");
            assert_eq!((m.columns(), m.rows()), (2, 3));
            assert_eq!(progress.reported, reported);
        }
    }
}
