//! `--checkpoint FILE`, `--checkpoint-every SECONDS`, `--resume FILE`: a
//! search in calls of at most that many seconds, its checkpoint written
//! after each (atomically), and a run that goes on from one.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

use dlx::format::ColorText;
use dlx::{Checkpoint, Limits, Matrix, Outcome, Solver};

use super::args::{Options, EXIT_INPUT, EXIT_OTHER};
use super::{exit, finish, search, ExitCode, STDERR_FAILED};

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

/// Counts the bytes written through it.
struct Counted<'a, W: Write> {
    inner: &'a mut W,
    bytes: u64,
}

impl<W: Write> Write for Counted<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Cuts standard output back to `length` bytes when it is a regular file
/// longer than that (what a run that stopped after its last checkpoint
/// printed beyond it), and puts its position at its end.
fn cut_output(length: u64) {
    // SAFETY: fstat, ftruncate and lseek on descriptor 1 with a zeroed stat.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        if libc::fstat(1, &mut st) == 0 && (st.st_mode & libc::S_IFMT) == libc::S_IFREG {
            let size = u64::try_from(st.st_size).unwrap_or(0);
            if size > length {
                if let Ok(len) = libc::off_t::try_from(length) {
                    libc::ftruncate(1, len);
                    libc::lseek(1, 0, libc::SEEK_END);
                }
            } else if size < length {
                say!("dlx: --resume: standard output holds {size} bytes, the checkpoint was taken after {length}: resume with >> to the same file to keep every solution in it");
            }
        }
    }
}

/// The checkpoint in `path`, read and checked whole.
fn load(path: &OsStr) -> Result<Checkpoint, String> {
    let text = fs::read(path).map_err(|e| e.to_string())?;
    let text = String::from_utf8(text).map_err(|_| dlx::Error::Checkpoint.to_string())?;
    Checkpoint::parse(&text).map_err(|e| e.to_string())
}

/// The run with checkpoints: resumed if asked, then calls of at most
/// `--checkpoint-every` seconds (within the run's own limits), each
/// followed by a checkpoint; what is printed at the end is the whole run's.
pub fn run(opts: &Options, name: &str, solver: &mut Solver, matrix: &Matrix, colors: &ColorText<'_>, out: &mut impl Write) -> ExitCode {
    let path = opts.checkpoint.as_deref().or(opts.resume.as_deref()).unwrap_or_default();
    let mut printed = 0;
    if let Some(from) = &opts.resume {
        let shown = Path::new(from).display();
        let resumed = load(from).and_then(|ck| {
            printed = ck.tag;
            solver.resume(&ck).map_err(|e| e.to_string())
        });
        if let Err(e) = resumed {
            say!("dlx: --resume: {shown}: {e}");
            return exit(EXIT_INPUT);
        }
        cut_output(printed);
    }
    let start = Instant::now();
    let at_start = solver.counters();
    let mut found = 0u64;
    let mut shown = BTreeSet::new();
    let mut out = Counted { inner: out, bytes: printed };
    let (outcome, write_error) = loop {
        // This call's limits: the run's, less what earlier calls used.
        let used = solver.counters().nodes - at_start.nodes;
        let time_left = opts.time_limit.map(|t| t.saturating_sub(start.elapsed()));
        let slice = time_left.map_or(opts.checkpoint_every, |t| t.min(opts.checkpoint_every));
        let nodes = opts.max_nodes.map(|n| n.saturating_sub(used));
        let solutions = opts.max.map(|n| n.saturating_sub(found));
        solver.set_limits(Limits { solutions, nodes, updates: None, time: Some(slice) });
        let (n, outcome, write_error) = search(opts, name, solver, matrix, colors, &mut shown, &mut out);
        found += n;
        let flushed = write_error.or_else(|| out.flush().err());
        if let Err(e) = solver.checkpoint().and_then(|mut ck| {
            ck.tag = out.bytes;
            ck.to_text()
        }).map_err(|e| e.to_string()).and_then(|text| write_atomically(Path::new(path), &text).map_err(|e| e.to_string())) {
            say!("dlx: --checkpoint: {}: {e}", Path::new(path).display());
            return exit(EXIT_OTHER);
        }
        let ours = outcome == Outcome::TimeLimit && time_left.is_none_or(|t| t > opts.checkpoint_every);
        if flushed.is_some() || !ours {
            break (outcome, flushed);
        }
    };
    if STDERR_FAILED.load(Ordering::Relaxed) {
        return exit(EXIT_OTHER);
    }
    // The count is the whole run's.
    let total = if opts.goal.is_none() && !opts.print { solver.counters().solutions } else { found };
    finish(opts, solver, (matrix, colors, shown), (total, outcome, write_error), start.elapsed(), out.inner)
}
