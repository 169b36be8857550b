//! `--checkpoint FILE`, `--checkpoint-every SECONDS`, `--resume FILE`: a
//! search in short calls, its checkpoint written (atomically) before it
//! prints anything, every `--checkpoint-every` seconds, and when it stops,
//! and a run that goes on from one as if it had never stopped.
//!
//! What makes a resumed run the same run (docs/checkpoint.md, "The tool"):
//! - the checkpoint's `tag` is the length standard output had when it was
//!   taken (where the run started writing, which `>>` makes the end of
//!   what the file held, plus what the run printed), so `--resume` cuts
//!   the file back to exactly that;
//! - the run's limits are the whole run's: `-n` and `--max-nodes` against
//!   the counters the checkpoint carries, `--time-limit` against its
//!   `seconds` (the whole run's clock, which the progress lines and the
//!   final rate use too);
//! - SIGINT and SIGTERM cancel the search, and the run then ends as a limit
//!   does: checkpoint written, what it has so far printed, exit status 5.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use dlx_core::format::ColorText;
use dlx_core::{Canceller, Checkpoint, Limits, Matrix, Outcome, Solver};

use super::args::{Options, EXIT_INPUT, EXIT_OTHER};
use super::output::Report;
use super::{exit, file_size, finish, say_progress, search, ExitCode, STDERR_FAILED};

/// Writes `text` to `path` so that `path` always holds a whole file, the
/// old one or the new: the text goes to `path.tmp` in the same folder,
/// reaches the disk, and is renamed over `path` (and the folder's entry
/// reaches the disk too).
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = Path::new(&tmp);
    let mut f = File::create(tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    drop(f);
    fs::rename(tmp, path)?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    // Not every system lets a folder be opened and synced: best effort.
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Counts the bytes written through it, from the length standard output
/// had where the run started.
struct Counted<'a, W: Write> {
    inner: &'a mut W,
    bytes: u64,
}

impl<W: Write> Write for Counted<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes = self.bytes.saturating_add(n as u64);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Where standard output's next byte goes when it is a regular file: its
/// end when it was opened to append (`>>`), else its position (0 after
/// `>`); 0 for anything else (a pipe, a terminal), whose bytes are only
/// counted.
fn output_start() -> u64 {
    let Some(size) = file_size(1) else { return 0 };
    // SAFETY: fcntl and lseek on descriptor 1 only ask.
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    if flags != -1 && flags & libc::O_APPEND != 0 {
        return size;
    }
    u64::try_from(unsafe { libc::lseek(1, 0, libc::SEEK_CUR) }).unwrap_or(0)
}

/// Cuts standard output back to `length` bytes when it is a regular file
/// longer than that (what a run that stopped after its last checkpoint
/// printed beyond it), and puts its position at its end.
fn cut_output(length: u64) {
    let Some(size) = file_size(1) else { return };
    if size > length {
        if let Ok(len) = libc::off_t::try_from(length) {
            // SAFETY: ftruncate and lseek on descriptor 1.
            unsafe {
                libc::ftruncate(1, len);
                libc::lseek(1, 0, libc::SEEK_END);
            }
        }
    } else if size < length {
        say!("dlx: --resume: standard output holds {size} bytes, the checkpoint was taken after {length}: resume with >> to the same file to keep every solution in it");
    }
}

/// The checkpoint in `path`, read and checked whole.
fn load(path: &OsStr) -> Result<Checkpoint, String> {
    let text = fs::read(path).map_err(|e| e.to_string())?;
    let text = String::from_utf8(text).map_err(|_| dlx_core::Error::Checkpoint.to_string())?;
    Checkpoint::parse(&text).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------
// Signals: SIGINT and SIGTERM cancel the search, once.

/// The solver's canceller, for the handler.
static CANCEL: OnceLock<Canceller> = OnceLock::new();
/// The signal that stopped the run (0: none yet).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(signal: libc::c_int) {
    // Only atomic stores: safe in a handler.
    SIGNAL.store(signal, Ordering::Relaxed);
    if let Some(c) = CANCEL.get() {
        c.cancel();
    }
}

/// From now on SIGINT and SIGTERM stop the run (the search, once [`run`]
/// has given the handler its solver's canceller) instead of killing the
/// process; a second one kills it (the handler is reset once it has run).
/// Called at the start of a run with checkpoints, so that a signal while
/// the problem is read ends the run with its checkpoint too. The
/// library's threads block every signal, so the handler runs on one of
/// the tool's.
pub fn stop_on_signals() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: a zeroed sigaction with a handler that only stores atomics.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART | libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal that stopped the run, by name.
fn signalled() -> Option<&'static str> {
    match SIGNAL.load(Ordering::Relaxed) {
        0 => None,
        libc::SIGINT => Some("SIGINT"),
        _ => Some("SIGTERM"),
    }
}

// ---------------------------------------------------------------------
// The run.

/// The whole run's clock: the seconds before this process (from the
/// checkpoint) and this process's.
struct Clock {
    before: Duration,
    start: Instant,
}

impl Clock {
    fn now(&self) -> Duration {
        self.before + self.start.elapsed()
    }
}

/// Writes `solver`'s checkpoint to `path`, with the output's length and
/// the whole run's time; the exit status when it cannot.
fn save(path: &Path, solver: &Solver, length: u64, clock: &Clock) -> Result<(), ExitCode> {
    let written = solver
        .checkpoint()
        .and_then(|mut ck| {
            ck.tag = length;
            ck.seconds = clock.now().as_secs_f64();
            ck.to_text()
        })
        .map_err(|e| e.to_string())
        .and_then(|text| write_atomically(path, &text).map_err(|e| e.to_string()));
    written.map_err(|e| {
        say!("dlx: --checkpoint: {}: {e}", path.display());
        exit(EXIT_OTHER)
    })
}

/// The run with checkpoints: resumed if asked (or its first checkpoint
/// written before anything is printed), then calls that end at the next
/// checkpoint, progress line or the time limit, within the whole run's
/// limits; what is printed at the end is the whole run's.
pub fn run(opts: &Options, name: &str, solver: &mut Solver, matrix: &Matrix, colors: &ColorText<'_>, out: &mut impl Write) -> ExitCode {
    let path = Path::new(opts.checkpoint.as_deref().or(opts.resume.as_deref()).unwrap_or_default());
    // Where the run stands: resumed, or new.
    let (length, before) = match &opts.resume {
        Some(from) => {
            let resumed = load(from).and_then(|ck| solver.resume(&ck).map(|()| (ck.tag, ck.seconds)).map_err(|e| e.to_string()));
            match resumed {
                Ok((tag, seconds)) => {
                    cut_output(tag);
                    (tag, Duration::try_from_secs_f64(seconds).unwrap_or_default())
                }
                Err(e) => {
                    say!("dlx: --resume: {}: {e}", Path::new(from).display());
                    return exit(EXIT_INPUT);
                }
            }
        }
        None => (output_start(), Duration::ZERO),
    };
    let clock = Clock { before, start: Instant::now() };
    let mut out = Counted { inner: out, bytes: length };
    // A run killed before its first interval resumes from this one, with
    // nothing printed twice.
    if opts.resume.is_none() {
        if let Err(code) = save(path, solver, out.bytes, &clock) {
            return code;
        }
    }
    // A signal from now on cancels the call under way; one before is seen
    // by the loop before its first call.
    let _ = CANCEL.set(solver.canceller());
    let (outcome, write_error) = match slices(opts, name, solver, (matrix, colors), &mut out, &clock, path) {
        Ok(end) => end,
        Err(code) => return code,
    };
    if STDERR_FAILED.load(Ordering::Relaxed) {
        return exit(EXIT_OTHER);
    }
    let code = finish(opts, solver, (matrix, colors, BTreeSet::new()), (solver.counters().solutions, outcome, write_error), clock.now(), out.inner);
    if let Some(signal) = signalled() {
        say!("dlx: {signal}: the checkpoint {} holds the rest of the run: go on with --resume {0} (the same options, and >> to the same output)", path.display());
    }
    code
}

/// The calls of the search until it ends, stops at the run's limit or by
/// a signal, or its output fails: how it ended, with the checkpoint of that
/// moment written.
fn slices(
    opts: &Options,
    name: &str,
    solver: &mut Solver,
    (matrix, colors): (&Matrix, &ColorText<'_>),
    out: &mut Counted<'_, impl Write>,
    clock: &Clock,
    path: &Path,
) -> Result<(Outcome, Option<io::Error>), ExitCode> {
    let every = opts.checkpoint_every;
    let progress = opts.progress.filter(|_| !opts.quiet);
    let mut saved_at = clock.now();
    let mut next_line = progress.map(|p| saved_at + p);
    // The shortest call that made progress: a call of a few nanoseconds may
    // end before its first node, and then the next one is longer.
    let mut least = Duration::ZERO;
    let mut shown = BTreeSet::new();
    loop {
        // This call: the run's limits, less what the whole run used, and
        // at most until the next checkpoint, progress line or time limit.
        let now = clock.now();
        let before = solver.counters();
        let nodes = opts.max_nodes.map(|n| n.saturating_sub(before.nodes));
        let solutions = opts.max.map(|n| n.saturating_sub(before.solutions));
        let ended = if signalled().is_some() {
            Some(Outcome::Cancelled)
        } else if solutions == Some(0) {
            Some(Outcome::SolutionLimit)
        } else if nodes == Some(0) {
            Some(Outcome::NodeLimit)
        } else if opts.time_limit.is_some_and(|t| now >= t) {
            Some(Outcome::TimeLimit)
        } else {
            None
        };
        if let Some(outcome) = ended {
            save(path, solver, out.bytes, clock)?;
            return Ok((outcome, None));
        }
        let due = [Some(saved_at + every), next_line, opts.time_limit].into_iter().flatten().min().unwrap_or(now);
        let time = due.saturating_sub(now).max(least);
        solver.set_limits(Limits { solutions, nodes, updates: None, time: Some(time) });
        let (_, outcome, write_error) = search(opts, name, solver, matrix, colors, &mut shown, out);
        let flushed = write_error.or_else(|| out.flush().err());

        // After it: the end, or the checkpoint and the progress line due.
        let now = clock.now();
        let after = solver.counters();
        let moved = after.nodes != before.nodes || after.solutions != before.solutions;
        let ours = outcome == Outcome::TimeLimit && opts.time_limit.is_none_or(|t| now < t);
        if flushed.is_some() || !ours {
            save(path, solver, out.bytes, clock)?;
            return Ok((outcome, flushed));
        }
        if !moved {
            least = (least * 2).max(Duration::from_micros(1));
        }
        if moved && now >= saved_at + every {
            save(path, solver, out.bytes, clock)?;
            saved_at = now;
        }
        if let (Some(p), Some(at)) = (progress, next_line) {
            if now >= at {
                let standing = (solver.best().first().map(|b| b.cost), solver.best_bound());
                say_progress(&Report { counters: after, elapsed: now }, solver.estimate(), standing);
                next_line = Some(now + p);
            }
        }
    }
}
