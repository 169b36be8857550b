//! Preprocessing's output: what it removed, said on standard error, and
//! `--pre-out FILE`, the problem it leaves in Knuth's format.

use std::ffi::OsStr;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::Ordering;

use dlx_core::Matrix;

use crate::args::{Options, EXIT_OTHER};
use crate::{exit, ExitCode, STDERR_FAILED};

/// What preprocessing removed, on standard error (unless `--quiet`).
pub(crate) fn say_pre(opts: &Options, stats: &dlx_core::PreStats, matrix: &Matrix) {
    if opts.quiet {
        return;
    }
    let end = if stats.infeasible {
        "no solution: a primary item has no option left"
    } else if stats.complete {
        "nothing more to remove"
    } else {
        "stopped by --pre-work"
    };
    say!(
        "dlx: pre: removed {} of {} options and {} of {} items in {} round{}, {} entries read ({end})",
        stats.rows_removed,
        matrix.rows(),
        stats.columns_removed,
        matrix.columns(),
        stats.rounds,
        if stats.rounds == 1 { "" } else { "s" },
        stats.work
    );
}

/// `--pre-out FILE`: the preprocessed problem written to `path`, each
/// option followed by a comment with its number in the input.
pub(crate) fn run_pre_out(opts: &Options, path: &OsStr, matrix: &Matrix) -> ExitCode {
    let pre = match dlx_core::preprocess(matrix, opts.pre_work) {
        Ok(p) => p,
        Err(e) => {
            say!("dlx: --pre-out: {e}");
            return exit(EXIT_OTHER);
        }
    };
    let text = dlx_core::format::write(&pre.matrix);
    let shown = std::path::Path::new(path).display();
    let wrote = std::fs::File::create(path).and_then(|f| {
        let mut w = BufWriter::with_capacity(1 << 16, f);
        if pre.matrix.columns() == 0 {
            w.write_all(NOTHING_LEFT.as_bytes())?;
        } else {
            write_with_origins(&mut w, &text, &pre.rows)?;
        }
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    if let Err(e) = wrote {
        say!("dlx: --pre-out: {shown}: {e}");
        return exit(EXIT_OTHER);
    }
    say_pre(opts, &pre.stats, matrix);
    exit(0)
}

/// What `--pre-out` writes when preprocessing left no item (and so no
/// option): Knuth's format has no text for a problem without items, so
/// one item that no option covers and that must be covered 0 times stands
/// in for none. It reads back to a problem with the same solutions: the
/// one that chooses no option.
const NOTHING_LEFT: &str = "\
| dlx --pre-out: preprocessing left no item and no option: the only
| solution is to choose no option. Knuth's format has no text for a
| problem without items; this item, which no option covers and which
| must be covered 0 times, stands in for none.
0:0|none
";

/// `text` (a matrix as `format::write` writes it: comment lines, the item
/// line, then one line per option) with a comment after option `i`
/// naming `rows[i]`.
fn write_with_origins(w: &mut impl Write, text: &str, rows: &[usize]) -> io::Result<()> {
    let mut lines = text.lines();
    for line in lines.by_ref() {
        writeln!(w, "{line}")?;
        if !line.starts_with('|') {
            break; // the item line
        }
    }
    for (line, row) in lines.zip(rows) {
        writeln!(w, "{line}\n| from option {row}")?;
    }
    Ok(())
}
