//! Checkpoints: what a stopped search has left and what it has found, in
//! a text that outlives the process.
//!
//! A search that stops (at a limit, a cancel, or a callback's stop) can say
//! what it has left as *pieces*: subproblems, each rows to force and rows to
//! exclude as [`crate::split`]'s are, whose solutions are exactly the
//! solutions the search has not reached yet, each in one piece
//! ([`Solver::checkpoint`](crate::Solver::checkpoint)). With the count so
//! far, the counters, the best solutions of an objective and the solutions
//! found but not handed out yet, that is a [`Checkpoint`], which a solver of
//! the same matrix loads to go on ([`Solver::resume`](crate::Solver::resume)):
//! its calls then search the pieces, on any number of threads, and report
//! the totals of the whole run.
//!
//! The text ([`Checkpoint::to_text`], [`Checkpoint::parse`]) is versioned
//! and tied to its matrix by a SHA-256 of the matrix's content
//! ([`fingerprint`]), and its last line is the SHA-256 of every line
//! before it, so a checkpoint of another matrix, or one cut short or
//! edited, is refused whole: nothing is half read. The format, line by
//! line (numbers in decimal, rows by their ids):
//!
//! ```text
//! dlx-checkpoint 1
//! matrix <64 hex digits: the fingerprint>
//! objective none | objective <min-cost|max-cost|fewest-rows> <k>
//! solutions <found so far>
//! nodes <so far>
//! updates <so far>
//! done <the estimated fraction of the tree walked, 0 to 1>
//! tag <a number the caller keeps with it (the tool: the bytes of output)>
//! seconds <seconds of search so far, the caller's clock (the tool's)>
//! best <cost> : <rows>             (the k best so far, best first)
//! pending : <rows>                 (found, not handed out nor counted)
//! piece <share> : <rows to force> : <rows to exclude>
//! end <64 hex digits: SHA-256 of the lines above, newlines included>
//! ```

use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use crate::bound::{Best, Goal, Objective};
use crate::error::Error;
use crate::matrix::Matrix;

/// The version this library writes and reads.
pub(crate) const VERSION: u32 = 1;

/// Where the counters of a checkpoint must stop short of: 2^63. A counter
/// there or past it is refused, so that a resumed search has 2^63 more to
/// count (more than any search counts one by one: 290 years at 10^9 a
/// second), and adding to it never wraps.
pub(crate) const COUNTER_END: u64 = 1 << 63;

/// One piece of the work a search has left: solve it with `rows` forced
/// and `excluded` excluded (sorted, without repeats).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Piece {
    pub rows: Vec<usize>,
    pub excluded: Vec<usize>,
    /// Its estimated part of the whole search tree (for the estimate of a
    /// resumed search; 0 to 1).
    pub share: f64,
}

impl Piece {
    /// A piece of copies of `rows` and `excluded`, tidied ([`Piece::tidy`]).
    /// Errors: [`Error::OutOfMemory`].
    pub(crate) fn copied(rows: &[usize], excluded: &[usize], share: f64) -> Result<Piece, Error> {
        let mut piece = Piece { rows: crate::alloc::copied(rows)?, excluded: crate::alloc::copied(excluded)?, share };
        piece.tidy();
        Ok(piece)
    }

    /// Puts `excluded` in order, without repeats or forced rows. (A branch
    /// and bound skips rows an earlier row of their level stands in for,
    /// or that cannot beat the bar, without taking them out, and a deeper
    /// level may choose one: a piece keeps it chosen. Whatever else the
    /// piece keeps out, the skipped rows' solutions are no better than
    /// those of the rows that stood in for them.)
    pub(crate) fn tidy(&mut self) {
        self.excluded.sort_unstable();
        self.excluded.dedup();
        let rows = &self.rows;
        self.excluded.retain(|r| !rows.contains(r));
    }
}

/// A stopped search: what it has left and what it has found (see the
/// module's documentation).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Checkpoint {
    /// The [`fingerprint`] of the matrix searched.
    pub matrix: [u8; 32],
    /// The objective of the search, if any (its goal and how many best).
    pub objective: Option<Objective>,
    /// Solutions found so far (handed out or counted).
    pub solutions: u64,
    pub nodes: u64,
    pub updates: u64,
    /// The estimated fraction of the tree walked so far.
    pub done: f64,
    /// A number the caller keeps with the checkpoint (0 unless it sets
    /// one): the tool `dlx` keeps there how many bytes of output it had
    /// written, so that a resumed run cuts its output back to that.
    pub tag: u64,
    /// The seconds of search the run has taken so far, kept by the caller
    /// as `tag` is (0 unless it sets them): the tool `dlx` keeps there the
    /// whole run's time, for its time limit and its rates. Finite, not
    /// negative. A text without the line (as written before it was added)
    /// reads as 0.
    pub seconds: f64,
    /// With an objective: the best solutions so far, best first.
    pub best: Vec<Best>,
    /// Solutions found but not handed out (nor counted in `solutions`)
    /// yet: a resumed search hands them out first.
    pub pending: Vec<Vec<usize>>,
    /// The work left.
    pub pieces: Vec<Piece>,
}

/// The SHA-256 of a matrix's content: its columns (primary or secondary,
/// bounds) and its rows (each entry's column and color id, the row's
/// cost), in order. Names play no part, so a matrix read from a file and
/// the same one built by calls have the same fingerprint.
pub fn fingerprint(m: &Matrix) -> [u8; 32] {
    fingerprint_of(m, &|r| m.cost(r).unwrap_or(0))
}

/// [`fingerprint`] with row `r`'s cost `cost(r)`.
pub(crate) fn fingerprint_of(m: &Matrix, cost: &dyn Fn(usize) -> i64) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"dlx-matrix 1\n");
    h.update((m.columns() as u64).to_le_bytes());
    for c in 0..m.columns() {
        let (lo, hi) = m.bounds(c).unwrap_or((1, 1));
        h.update([u8::from(m.is_secondary(c) == Some(true))]);
        h.update(lo.to_le_bytes());
        h.update(hi.to_le_bytes());
    }
    h.update((m.rows() as u64).to_le_bytes());
    for r in 0..m.rows() {
        let Some(row) = m.row(r) else { continue };
        h.update((row.len() as u64).to_le_bytes());
        for (k, c) in row.enumerate() {
            h.update((c as u64).to_le_bytes());
            h.update(m.color_id(r, k).unwrap_or(0).to_le_bytes());
        }
        h.update(cost(r).to_le_bytes());
    }
    h.finalize().into()
}

fn goal_name(goal: Goal) -> &'static str {
    match goal {
        Goal::MinCost => "min-cost",
        Goal::MaxCost => "max-cost",
        Goal::FewestRows => "fewest-rows",
    }
}

fn goal_named(name: &str) -> Option<Goal> {
    [Goal::MinCost, Goal::MaxCost, Goal::FewestRows].into_iter().find(|&g| goal_name(g) == name)
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().fold(String::with_capacity(64), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    let text = text.as_bytes();
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, pair) in text.chunks(2).enumerate() {
        let digit = |c: u8| (c as char).to_digit(16).filter(|_| !c.is_ascii_uppercase());
        out[i] = u8::try_from(digit(pair[0])? * 16 + digit(pair[1])?).ok()?;
    }
    Some(out)
}

/// Whether `seconds` can be a clock's reading: finite, not negative.
fn is_time(seconds: f64) -> bool {
    seconds.is_finite() && seconds >= 0.0
}

/// `rows` as the text writes them: ids separated by spaces.
fn write_rows(out: &mut String, rows: &[usize]) {
    for r in rows {
        let _ = write!(out, " {r}");
    }
}

impl Checkpoint {
    /// The checkpoint's text (see the module's documentation). Errors:
    /// [`Error::OutOfMemory`].
    pub fn to_text(&self) -> Result<String, Error> {
        let rows: usize = self.best.iter().map(|b| b.rows.len()).sum::<usize>()
            + self.pending.iter().map(Vec::len).sum::<usize>()
            + self.pieces.iter().map(|p| p.rows.len() + p.excluded.len()).sum::<usize>();
        let lines = self.best.len() + self.pending.len() + self.pieces.len();
        let mut out = String::new();
        // Each id at most 21 bytes with its space, each line at most 64
        // bytes besides: a reservation, not a bound the writing relies on.
        out.try_reserve(rows.saturating_mul(21).saturating_add(lines.saturating_mul(64)).saturating_add(512))?;
        let _ = writeln!(out, "dlx-checkpoint {VERSION}");
        let _ = writeln!(out, "matrix {}", hex(&self.matrix));
        match self.objective {
            None => out.push_str("objective none\n"),
            Some(o) => {
                let _ = writeln!(out, "objective {} {}", goal_name(o.goal), o.best);
            }
        }
        let _ = writeln!(out, "solutions {}", self.solutions);
        let _ = writeln!(out, "nodes {}", self.nodes);
        let _ = writeln!(out, "updates {}", self.updates);
        // `{:?}` writes the shortest text that reads back the same `f64`.
        let _ = writeln!(out, "done {:?}", self.done);
        let _ = writeln!(out, "tag {}", self.tag);
        // (A clock that is not a time is written as none.)
        let seconds = if is_time(self.seconds) { self.seconds } else { 0.0 };
        let _ = writeln!(out, "seconds {seconds:?}");
        for b in &self.best {
            let _ = write!(out, "best {} :", b.cost);
            write_rows(&mut out, &b.rows);
            out.push('\n');
        }
        for rows in &self.pending {
            out.push_str("pending :");
            write_rows(&mut out, rows);
            out.push('\n');
        }
        for p in &self.pieces {
            let _ = write!(out, "piece {:?} :", p.share);
            write_rows(&mut out, &p.rows);
            out.push_str(" :");
            write_rows(&mut out, &p.excluded);
            out.push('\n');
        }
        let sum: [u8; 32] = Sha256::digest(out.as_bytes()).into();
        let _ = writeln!(out, "end {}", hex(&sum));
        Ok(out)
    }

    /// Reads a checkpoint's text, checked whole before anything is kept:
    /// the version, the final checksum (so a text cut short or edited is
    /// refused), every line's form. Errors: [`Error::Checkpoint`] for
    /// anything malformed, [`Error::OutOfMemory`]. Whether it belongs to a
    /// matrix, and whether what it says can be true (solutions that are
    /// solutions, counters with room to count on), is
    /// [`Solver::resume`](crate::Solver::resume)'s to check.
    pub fn parse(text: &str) -> Result<Checkpoint, Error> {
        let bad = Error::Checkpoint;
        let mut lines = checked_body(text)?.lines();
        let mut field = |name: &str| -> Result<&str, Error> {
            let line = lines.next().ok_or(bad)?;
            line.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')).ok_or(bad)
        };
        let version: u32 = field("dlx-checkpoint")?.parse().map_err(|_| bad)?;
        if version != VERSION {
            return Err(bad);
        }
        let matrix = unhex(field("matrix")?).ok_or(bad)?;
        let objective = match field("objective")? {
            "none" => None,
            o => {
                let (goal, k) = o.split_once(' ').ok_or(bad)?;
                let best = k.parse().ok().filter(|&k| k >= 1).ok_or(bad)?;
                Some(Objective { goal: goal_named(goal).ok_or(bad)?, best })
            }
        };
        let number = |text: &str| text.parse::<u64>().map_err(|_| bad);
        let solutions = number(field("solutions")?)?;
        let nodes = number(field("nodes")?)?;
        let updates = number(field("updates")?)?;
        let done: f64 = field("done")?.parse().map_err(|_| bad)?;
        if !(0.0..=1.0).contains(&done) {
            return Err(bad);
        }
        let tag = number(field("tag")?)?;
        let mut ck = Checkpoint { matrix, objective, solutions, nodes, updates, done, tag, ..Checkpoint::default() };
        let mut lines = lines.peekable();
        if let Some(seconds) = lines.peek().and_then(|l| l.strip_prefix("seconds ")) {
            ck.seconds = seconds.parse().ok().filter(|&s| is_time(s)).ok_or(bad)?;
            lines.next();
        }
        for line in lines {
            ck.read_list_line(line)?;
        }
        if ck.objective.is_none_or(|o| ck.best.len() > o.best) && !ck.best.is_empty() {
            return Err(bad);
        }
        Ok(ck)
    }

    /// One line of the lists after the counters: a best solution, a
    /// pending one, or a piece left to search.
    fn read_list_line(&mut self, line: &str) -> Result<(), Error> {
        let bad = Error::Checkpoint;
        let (kind, rest) = line.split_once(' ').ok_or(bad)?;
        let mut parts = rest.split(" :");
        let head = parts.next().ok_or(bad)?;
        match kind {
            "best" => {
                let cost = head.parse().map_err(|_| bad)?;
                let rows = parse_rows(parts.next().ok_or(bad)?)?;
                self.best.try_reserve(1)?;
                self.best.push(Best { cost, rows });
            }
            "pending" => {
                // `pending : <rows>`: the one field starts at the colon.
                let rows = parse_rows(head.strip_prefix(':').ok_or(bad)?)?;
                self.pending.try_reserve(1)?;
                self.pending.push(rows);
            }
            "piece" => {
                let share: f64 = head.parse().map_err(|_| bad)?;
                if !(0.0..=1.0).contains(&share) {
                    return Err(bad);
                }
                let rows = parse_rows(parts.next().ok_or(bad)?)?;
                let excluded = parse_rows(parts.next().ok_or(bad)?)?;
                if excluded.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(bad);
                }
                self.pieces.try_reserve(1)?;
                self.pieces.push(Piece { rows, excluded, share });
            }
            _ => return Err(bad),
        }
        if parts.next().is_some() {
            return Err(bad);
        }
        Ok(())
    }
}

/// The text before its last line, `end <sum>`, once `sum` is that text's
/// SHA-256: a text cut short or edited is refused here.
fn checked_body(text: &str) -> Result<&str, Error> {
    let bad = Error::Checkpoint;
    let body_end = text.strip_suffix('\n').ok_or(bad)?.rfind('\n').map_or(0, |i| i + 1);
    let (body, last) = text.split_at(body_end);
    let sum = unhex(last.strip_prefix("end ").ok_or(bad)?.trim_end_matches('\n')).ok_or(bad)?;
    let actual: [u8; 32] = Sha256::digest(body.as_bytes()).into();
    if sum != actual {
        return Err(bad);
    }
    Ok(body)
}

/// Row ids separated by spaces (the text after a ` :`).
fn parse_rows(text: &str) -> Result<Vec<usize>, Error> {
    let mut rows = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        rows.try_reserve(1)?;
        rows.push(word.parse().map_err(|_| Error::Checkpoint)?);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Checkpoint {
        Checkpoint {
            matrix: [7; 32],
            objective: Some(Objective { goal: Goal::MaxCost, best: 2 }),
            solutions: 12,
            nodes: 345,
            updates: 6789,
            done: 0.1,
            tag: 77,
            seconds: 12.5,
            best: vec![Best { cost: -3, rows: vec![4, 1] }, Best { cost: 5, rows: vec![] }],
            pending: vec![vec![2, 9], vec![]],
            pieces: vec![Piece { rows: vec![3], excluded: vec![], share: 0.25 }, Piece { rows: vec![], excluded: vec![0, 8], share: 1.0 / 3.0 }],
        }
    }

    /// Wrong code caught: a field written in one form and read in another
    /// (an empty row list, a negative cost, a share that does not read
    /// back to the same `f64`).
    #[test]
    fn text_reads_back_the_same() {
        let ck = sample();
        let text = ck.to_text().unwrap();
        assert_eq!(Checkpoint::parse(&text).unwrap(), ck, "{text}");
        let plain = Checkpoint { objective: None, best: vec![], ..sample() };
        assert_eq!(Checkpoint::parse(&plain.to_text().unwrap()).unwrap(), plain);
    }

    /// Wrong code caught: a text of before the `seconds` line refused, or
    /// read with a clock; a clock that is no time accepted.
    #[test]
    fn the_seconds_line_is_optional_and_a_time() {
        let ck = Checkpoint { seconds: 0.0, ..sample() };
        let text = ck.to_text().unwrap();
        let without: String = text.lines().filter(|l| !l.starts_with("seconds ") && !l.starts_with("end ")).map(|l| format!("{l}\n")).collect();
        let sum: [u8; 32] = Sha256::digest(without.as_bytes()).into();
        let old = format!("{without}end {}\n", hex(&sum));
        assert_eq!(Checkpoint::parse(&old).unwrap(), ck);
        for bad in ["-1.0", "NaN", "inf", "x"] {
            let body = without.replace("tag 77\n", &format!("tag 77\nseconds {bad}\n"));
            let sum: [u8; 32] = Sha256::digest(body.as_bytes()).into();
            assert_eq!(Checkpoint::parse(&format!("{body}end {}\n", hex(&sum))), Err(Error::Checkpoint), "{bad}");
        }
    }

    /// Wrong code caught: a checksum that misses part of the text, or a
    /// parser that keeps what it read before the damage.
    #[test]
    fn a_cut_or_edited_text_is_refused() {
        let text = sample().to_text().unwrap();
        for cut in 0..text.len() - 1 {
            assert_eq!(Checkpoint::parse(&text[..cut]), Err(Error::Checkpoint), "cut at {cut}");
        }
        for (i, b) in text.bytes().enumerate() {
            let edited: String = text.char_indices().map(|(j, c)| if j == i { if b == b'1' { '2' } else { '1' } } else { c }).collect();
            assert_eq!(Checkpoint::parse(&edited), Err(Error::Checkpoint), "byte {i} edited");
        }
    }

    /// Wrong code caught: names or the order of building entering the
    /// fingerprint, or a cost, color or bound left out of it.
    #[test]
    fn fingerprint_sees_content_not_names() {
        let named = crate::format::parse("A B | C\nA C:x\nB |3\n").unwrap();
        let mut built = Matrix::new(3).unwrap();
        built.set_secondary(2).unwrap();
        built.add_colored_row(&[0, 2], &[0, 1]).unwrap();
        built.add_row(&[1]).unwrap();
        built.set_cost(1, 3).unwrap();
        assert_eq!(fingerprint(&named), fingerprint(&built));
        let mut cost = built.clone();
        cost.set_cost(1, 4).unwrap();
        assert_ne!(fingerprint(&cost), fingerprint(&built));
        let mut bounds = built.clone();
        bounds.set_bounds(0, 0, 1).unwrap();
        assert_ne!(fingerprint(&bounds), fingerprint(&built));
        let mut color = Matrix::new(3).unwrap();
        color.set_secondary(2).unwrap();
        color.add_colored_row(&[0, 2], &[0, 2]).unwrap();
        color.add_row(&[1]).unwrap();
        color.set_cost(1, 3).unwrap();
        assert_ne!(fingerprint(&color), fingerprint(&built));
    }
}
