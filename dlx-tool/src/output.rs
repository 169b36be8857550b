//! What the tool prints: counters, solutions as their items, the best
//! solutions, and the `--json` document.

use std::collections::BTreeSet;
use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

use dlx_core::format::ColorText;
use dlx_core::{Matrix, Outcome};

use crate::args::Options;

/// Counters and the time they took, printed as in [`HELP`](crate::args::HELP).
pub struct Report {
    pub counters: dlx_core::Counters,
    pub elapsed: Duration,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counters;
        let secs = self.elapsed.as_secs_f64();
        let rate = if secs > 0.0 { c.updates as f64 / secs / 1e6 } else { 0.0 };
        let plural = if c.solutions == 1 { "" } else { "s" };
        write!(f, "{} solution{plural}, {} nodes, {} updates, {:.6} s, {:.1} M updates/s", c.solutions, c.nodes, c.updates, secs, rate)
    }
}

/// One option as its item names (with their colors), as in Knuth's text:
/// `a b x:red`; an item without a name is `#` and its number.
pub fn write_option(out: &mut impl Write, m: &Matrix, colors: &ColorText<'_>, r: usize) -> io::Result<()> {
    for (k, c) in m.row(r).into_iter().flatten().enumerate() {
        if k > 0 {
            out.write_all(b" ")?;
        }
        match m.column_name(c) {
            Some(name) => out.write_all(name.as_bytes())?,
            None => write!(out, "#{c}")?,
        }
        if let Some(color) = colors.get(r, k) {
            write!(out, ":{color}")?;
        }
    }
    Ok(())
}

/// A solution's options, each on its own line, then an empty line.
pub fn print_solution(out: &mut impl Write, m: &Matrix, colors: &ColorText<'_>, rows: &[usize]) -> io::Result<()> {
    for &r in rows {
        write_option(out, m, colors, r)?;
        out.write_all(b"\n")?;
    }
    out.write_all(b"\n")
}

/// The best solutions, best first: each one's cost on a line, and with
/// `print` its options and an empty line after it.
pub fn print_best(out: &mut impl Write, m: &Matrix, colors: &ColorText<'_>, best: &[dlx_core::Best], print: bool) -> io::Result<()> {
    for b in best {
        if print {
            writeln!(out, "cost {}", b.cost)?;
            print_solution(out, m, colors, &b.rows)?;
        } else {
            writeln!(out, "{}", b.cost)?;
        }
    }
    Ok(())
}

/// The options a `--json --print` document names: the rows of the
/// solutions printed, and the matrix and colors that give their text.
pub struct Shown<'a> {
    pub rows: BTreeSet<usize>,
    pub matrix: &'a Matrix,
    pub colors: &'a ColorText<'a>,
}

/// `text` as a JSON string, quoted and escaped.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One solution of `--json --print`: its option numbers as an array,
/// after a comma unless it is the first.
pub fn print_json_rows(out: &mut impl Write, rows: &[usize], first: bool) -> io::Result<()> {
    if !first {
        out.write_all(b",")?;
    }
    out.write_all(b"[")?;
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{r}")?;
    }
    out.write_all(b"]")
}

/// `"options":{"ROW":"TEXT",...},`: the text of each option in `rows`
/// (ascending), so that a script can read the solutions' option numbers as
/// the items they cover.
pub fn print_json_options(out: &mut impl Write, m: &Matrix, colors: &ColorText<'_>, rows: &BTreeSet<usize>) -> io::Result<()> {
    out.write_all(b"\"options\":{")?;
    let mut text = Vec::new();
    for (i, &r) in rows.iter().enumerate() {
        text.clear();
        write_option(&mut text, m, colors, r)?;
        write!(out, "{}\"{r}\":{}", if i > 0 { "," } else { "" }, json_string(&String::from_utf8_lossy(&text)))?;
    }
    out.write_all(b"},")
}

/// The rest of the `--json` document: the outcome (and whether the search
/// finished), the count or the best solutions and the bound (with
/// `--print`, the text of each option they name: `shown`), the counters.
pub fn print_json_tail(out: &mut impl Write, opts: &Options, found: u64, outcome: Outcome, (best, bound): (&[dlx_core::Best], Option<i64>), mut shown: Shown<'_>, report: &Report) -> io::Result<()> {
    if opts.print && opts.goal.is_none() {
        out.write_all(b"],")?;
    }
    print_json_outcome(out, outcome)?;
    if opts.print {
        shown.rows.extend(best.iter().flat_map(|b| b.rows.iter().copied()));
        print_json_options(out, shown.matrix, shown.colors, &shown.rows)?;
    }
    if opts.goal.is_some() {
        out.write_all(b"\"best\":[")?;
        for (i, b) in best.iter().enumerate() {
            write!(out, "{}{{\"cost\":{},\"rows\":", if i > 0 { "," } else { "" }, b.cost)?;
            print_json_rows(out, &b.rows, true)?;
            out.write_all(b"}")?;
        }
        out.write_all(b"],")?;
        write!(out, "\"improvements\":{found},")?;
        match bound {
            Some(b) => write!(out, "\"bound\":{b},")?,
            None => out.write_all(b"\"bound\":null,")?,
        }
    } else {
        write!(out, "\"count\":{found},")?;
    }
    print_json_counters(out, report)
}

/// `{"file":NAME,`: the document's start.
pub fn print_json_head(out: &mut impl Write, file: &str) -> io::Result<()> {
    write!(out, "{{\"file\":{},", json_string(file))
}

/// `"outcome":"NAME","complete":BOOL,`: how the search ended, and whether
/// it ran to its end (only then is the answer whole).
fn print_json_outcome(out: &mut impl Write, outcome: Outcome) -> io::Result<()> {
    let name = match outcome {
        Outcome::Exhausted => "exhausted",
        Outcome::Solution => "solution",
        Outcome::SolutionLimit => "solution_limit",
        Outcome::NodeLimit => "node_limit",
        Outcome::UpdateLimit => "update_limit",
        Outcome::TimeLimit => "time_limit",
        Outcome::Stopped => "stopped",
        Outcome::Cancelled => "cancelled",
        // A stop the core gained before the tool named it.
        _ => "stopped",
    };
    let complete = outcome == Outcome::Exhausted;
    write!(out, "\"outcome\":\"{name}\",\"complete\":{complete},")
}

/// `"counters":{...},"seconds":S}` and the end of the document.
fn print_json_counters(out: &mut impl Write, report: &Report) -> io::Result<()> {
    let c = &report.counters;
    writeln!(
        out,
        "\"counters\":{{\"solutions\":{},\"nodes\":{},\"updates\":{}}},\"seconds\":{:.6}}}",
        c.solutions,
        c.nodes,
        c.updates,
        report.elapsed.as_secs_f64()
    )
}

/// The `--json` document of a count by memo or the automatic count: the
/// file, the outcome, the count in full (`null` when the count stopped
/// before its end: the memo has no partial count), which count gave it
/// (`counted_by`: `plain` or `memo`), the counters (the plain search's;
/// zeros when the memo counted) and the seconds.
pub fn print_json_count(out: &mut impl Write, file: &str, outcome: Outcome, count: Option<&dlx_core::Count>, counted_by: &str, report: &Report) -> io::Result<()> {
    print_json_head(out, file)?;
    print_json_outcome(out, outcome)?;
    match count {
        Some(count) => write!(out, "\"count\":{count},")?,
        None => write!(out, "\"count\":null,")?,
    }
    write!(out, "\"counted_by\":\"{counted_by}\",")?;
    print_json_counters(out, report)
}
