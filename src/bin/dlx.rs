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
//! uses the safe API directly ([`dlx::format::parse_bytes`], [`Solver`]), so it
//! needs no C glue, no header and no linking; it is built by a plain
//! `cargo build --release` (as `target/release/dlx`) together with the
//! library, with the same optimisation, and its counters are the library's
//! own. The C API gets its own tests from the C programs in `c_tests/`.
//!
//! Standard library only; the arguments are parsed by hand.
//!
//! The search runs through [`Solver::run`] with the library's limits and
//! progress callback (`dlx::control`), so the tool's options are the
//! library's search control: --max, --max-nodes, --time-limit, --seed,
//! --force and --split.

// `c_main` below is the program's entry (C's `main`); a test build keeps
// libtest's.
#![cfg_attr(not(test), no_main)]

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, BufWriter, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use std::ops::ControlFlow;

use dlx::format::{ColorText, ReadError};
use dlx::{Engine, Error, Goal, Limits, Matrix, MemoOptions, Objective, Order, Outcome, Solver};

/// The text of `dlx --help`.
const HELP: &str = "\
Usage: dlx [OPTIONS] [FILE]

Solve an exact cover problem written in Knuth's format (the input of his
DLX1 program) with Algorithm X on dancing links. The problem is read from
FILE, or from standard input when FILE is absent or '-'.

Input: lines whose first non-blank character is '|' are comments; the first
other line names the items, primary ones first, then '|', then secondary ones;
every later line is an option listing the names of its items.
Knuth's extensions are solved too: 'u:v|name' in the item line lets a
primary item be covered between u and v times (DLX3; 'v|name' is v:v),
'name:c' in an option gives a secondary item color c (DLX2: options that
give an item the same color go together), and '|n' in an option is its
cost (DLX5; see Optimisation). The input is read a block at a time and
parsed on every core, so a big file need not fit in memory twice.

Output: the number of solutions, on standard output (with --print, the
solutions instead). Counters and progress lines go to standard error, and
so, when reading a file takes more than a second, does how far it has read
(unless --quiet).

Options:
  -p, --print          print every solution on standard output instead of the
                       count: one line per chosen option, giving that option's
                       item names as written in the file (with their colors),
                       in the order the search chose the options (for
                       bounds or colors, see below); every solution is followed by
                       one empty line (so solutions are separated by blank
                       lines)
  -n, --max N          stop after N solutions (N = 0 searches nothing)
  -s, --stats          print the counters on standard error when done (the
                       default; cancels an earlier -q)
  -q, --quiet          print no counters and no progress lines
      --progress SECS  print a progress line on standard error every SECS
                       seconds of search (default 5; 0 turns it off; a
                       decimal fraction is allowed)
      --max-nodes N    stop after N search-tree nodes
      --time-limit SECS  stop after SECS seconds of search
      --seed N         randomise the search with seed N (a whole number): ties
                       among the items of fewest options and the order of
                       each item's options are random; the same seed gives the
                       same run
      --engine E       the search engine: auto (the default: general for a
                       matrix with bounds or colors, else small when the
                       matrix fits in 48 KB as bit sets and either not in
                       32 KB as dancing links or has rows of 3 items or
                       more on average, and has secondary items or over
                       64, else exact), exact
                       (Knuth's DLX1; its tree and counters), small (DLX1's
                       tree and counters on bit sets, for small matrices; no
                       --min-cost and the like) or general (Knuth's
                       Algorithm M, which also takes bounds and colors; its
                       counters are its own). Exit status 1 for exact or
                       small on a matrix with bounds or colors, and for small
                       with an objective
  -j, --threads N      search on N threads (0: one per core; default 1); the
                       count, the set of solutions and the best costs are
                       the same on any number of threads, the order in which
                       solutions are printed may differ; the counters are
                       summed over the threads, and a line per thread after
                       them gives its nodes, the pieces of the tree it took
                       from another thread (steals) and the time it waited
      --force LIST     start with the options LIST already chosen: option
                       numbers, counted from 0 in the order of the file,
                       separated by commas; every solution then contains them
                       (exit status 1 if they cannot all be in one: two share
                       an item beyond its bounds or clash in its color, or
                       one is excluded)
      --exclude LIST   leave the options LIST out, as if they were not in
                       the file (numbers as for --force)
      --min-cost       look for the solutions of least total cost (the sum of
                       the '|n' costs of their options; see Optimisation)
      --max-cost       look for the solutions of greatest total cost
      --fewest         look for the solutions of fewest options
      --best K         with one of the three above, keep the K best solutions
                       (default 1)
      --split DEPTH    print the subproblems at DEPTH levels (the options
                       chosen on the first DEPTH levels of the search, after
                       any forced ones), one per line as a --force LIST, and
                       exit; solving each with --force gives counts that add up
                       to the whole count. With bounds or colors (or
                       --exclude) a subproblem may also leave options out:
                       its line is then FORCE/EXCLUDE, a --force LIST (maybe
                       empty), '/', and an --exclude LIST; solve it with
                       both (in sh: IFS=/ read -r f e; dlx --force \"$f\"
                       --exclude \"$e\" FILE)
      --memo           count by memo: each distinct rest of the problem is
                       counted once and its count kept (exact at any size,
                       printed in full); far faster than the plain count
                       on tilings, slower on problems whose partial
                       solutions rarely meet again; a count stopped by a
                       limit prints nothing (exit status 5); the cache's
                       figures go to standard error; with -j N the threads
                       share one cache (the same count, sooner)
      --memo-order R   the column --memo branches on: 'fewest' (default),
                       the one with fewest possible options, or 'first', the
                       open one listed first: use it when the first items
                       form a narrow frontier (board cells row by row,
                       short side first)
      --memo-memory MB the most memory the cache of --memo may hold
                       (default 1024); a full cache keeps counting, exactly,
                       storing no more
      --sample N       print N solutions drawn uniformly at random (one may
                       come twice), as --print does, after a count by memo;
                       --seed S gives the draws (default 0: the same seed,
                       the same draws)
      --json           print one JSON document on standard output instead of
                       the text, with the keys file, outcome (exhausted,
                       solution_limit, node_limit, time_limit, ...), complete
                       (true when the search finished), count (or, with an
                       optimisation option, best: a list of objects with
                       cost and rows, and improvements), counters
                       (solutions, nodes, updates) and seconds; with
                       --print, first solutions: a list of solutions, each
                       the list of its option numbers (from 0, in the order
                       of the file). Not with --memo, --sample or --split
  -h, --help           print this help and exit
  -V, --version        print the version and exit
      --               end of options (a FILE that starts with '-')

Optimisation: with --min-cost, --max-cost or --fewest the search is a branch
and bound (as Knuth's DLX5): it finds a solution, then only solutions better
than the K-th best so far. Standard output then gets, when the search ends,
the cost of each of the K best solutions, best first, one per line (fewer
lines when there are fewer solutions, none when there is none); with
--print, each of them as a line 'cost C' followed by its options and an
empty line. Each improvement found is reported on standard error as
'dlx: found: cost C' (unless --quiet). A run stopped by a limit prints the
best so far. -n counts improvements.

With bounds or colors the search is Knuth's Algorithm M, which counts
nodes and updates its own way; its counters are not DLX1's.

Short options may be grouped (-pq) and an argument attached (-n10);
long options also take the form --max=N.

A run stopped by --max-nodes or --time-limit has not finished: what it
printed is partial (a count so far, the best solutions so far). It says so
on standard error ('dlx: stopped: ...', even with --quiet) and exits with
status 5. A run stopped by -n printed what was asked for, the first N
solutions; it says so on standard error unless --quiet and exits with 0.

Counters (standard error, one line, unless --quiet), counted as Knuth's DLX1
counts them:
  dlx: S solutions, N nodes, U updates, T s, R M updates/s
S solutions found, N search-tree nodes (one per level entered, the root
included, plus one per solution), U link updates (one per item covered plus
one per node unlinked while hiding options), T seconds of search (reading
the file not included), R million updates per second.
A progress line has the same fields, after 'dlx: progress:', then an estimate
of the fraction of the search tree done (Knuth's estimate from the position
of the current choice at each level).

Exit status:
  0  success
  1  bad usage (unknown option, missing or bad argument, two files)
  2  the input cannot be read or is not in the format; the message gives
     the file name, line and column of the first error
  3  with an optimisation option, the absolute option costs add up past
     2^61: nothing is solved
  4  anything else: the problem is too large or memory ran out (reading
     the file included), or the output could not be written (standard
     output or standard error closed, full or failing)
  5  the search was stopped by --max-nodes or --time-limit before it
     finished: the output is partial
";

/// The exit statuses listed in [`HELP`].
const EXIT_USAGE: u8 = 1;
const EXIT_INPUT: u8 = 2;
const EXIT_COST_RANGE: u8 = 3;
const EXIT_OTHER: u8 = 4;
const EXIT_STOPPED: u8 = 5;

/// What the command line asks for.
#[derive(Debug)]
struct Options {
    print: bool,
    max: Option<u64>,
    quiet: bool,
    /// `None`: no progress lines.
    progress: Option<Duration>,
    /// `None`: standard input.
    file: Option<OsString>,
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
    seed: Option<u64>,
    threads: usize,
    force: Vec<usize>,
    exclude: Vec<usize>,
    split: Option<usize>,
    goal: Option<Goal>,
    best: Option<usize>,
    memo: bool,
    memo_order: Order,
    memo_memory: Option<u64>,
    sample: Option<u64>,
    /// One JSON document on standard output instead of the text.
    json: bool,
    engine: Engine,
}

/// What parsing the command line ended with, other than options to run with.
enum Early {
    Help,
    Version,
    /// A usage error, with its message.
    Usage(String),
}

fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Options, Early> {
    let mut o = Options {
        print: false,
        max: None,
        quiet: false,
        progress: Some(Duration::from_secs(5)),
        file: None,
        max_nodes: None,
        time_limit: None,
        seed: None,
        threads: 1,
        force: Vec::new(),
        exclude: Vec::new(),
        split: None,
        goal: None,
        best: None,
        memo: false,
        memo_order: Order::Fewest,
        memo_memory: None,
        sample: None,
        json: false,
        engine: Engine::Auto,
    };
    let mut files: Vec<OsString> = Vec::new();
    let mut args = args.into_iter();
    let mut only_files = false;
    // The value of an option: attached (`-n10`, `--max=10`) or the next
    // argument, which must be text.
    fn value(name: &str, attached: Option<String>, rest: &mut dyn Iterator<Item = OsString>) -> Result<String, Early> {
        match attached {
            Some(v) => Ok(v),
            None => match rest.next() {
                None => Err(Early::Usage(format!("option {name} needs an argument"))),
                Some(v) => v.into_string().map_err(|v| Early::Usage(format!("{name}: the argument '{}' is not valid UTF-8", v.to_string_lossy()))),
            },
        }
    }
    while let Some(os_arg) = args.next() {
        if only_files || os_arg == "-" || !os_arg.as_encoded_bytes().starts_with(b"-") {
            files.push(os_arg);
            continue;
        }
        let Some(arg) = os_arg.to_str() else {
            return Err(Early::Usage(format!("unknown option '{}' (not valid UTF-8)", os_arg.to_string_lossy())));
        };
        if arg == "--" {
            only_files = true;
            continue;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let flag = |o: &mut Options, f: fn(&mut Options)| -> Result<(), Early> {
                if attached.is_some() {
                    return Err(Early::Usage(format!("option --{name} takes no argument")));
                }
                f(o);
                Ok(())
            };
            match name {
                "print" => flag(&mut o, |o| o.print = true)?,
                "stats" => flag(&mut o, |o| o.quiet = false)?,
                "quiet" => flag(&mut o, |o| o.quiet = true)?,
                "help" => return Err(Early::Help),
                "version" => return Err(Early::Version),
                "max" => o.max = Some(parse_count("--max", &value("--max", attached, &mut args)?)?),
                "progress" => o.progress = parse_seconds("--progress", &value("--progress", attached, &mut args)?)?,
                "max-nodes" => o.max_nodes = Some(parse_number("--max-nodes", &value("--max-nodes", attached, &mut args)?)?),
                "time-limit" => {
                    let v = value("--time-limit", attached, &mut args)?;
                    o.time_limit = Some(parse_seconds("--time-limit", &v)?.ok_or_else(|| Early::Usage("--time-limit wants a positive number of seconds".into()))?);
                }
                "seed" => o.seed = Some(parse_number("--seed", &value("--seed", attached, &mut args)?)?),
                "threads" => o.threads = parse_threads("--threads", &value("--threads", attached, &mut args)?)?,
                "force" => o.force = parse_list("--force", &value("--force", attached, &mut args)?)?,
                "exclude" => o.exclude = parse_list("--exclude", &value("--exclude", attached, &mut args)?)?,
                "split" => o.split = Some(parse_number("--split", &value("--split", attached, &mut args)?)? as usize),
                "memo" => flag(&mut o, |o| o.memo = true)?,
                "engine" => {
                    o.engine = match value("--engine", attached, &mut args)?.as_str() {
                        "auto" => Engine::Auto,
                        "exact" => Engine::Exact,
                        "general" => Engine::General,
                        "small" => Engine::Small,
                        v => return Err(Early::Usage(format!("--engine wants 'auto', 'exact', 'small' or 'general', not '{v}'"))),
                    };
                }
                "json" => flag(&mut o, |o| o.json = true)?,
                "memo-order" => {
                    o.memo_order = match value("--memo-order", attached, &mut args)?.as_str() {
                        "fewest" => Order::Fewest,
                        "first" => Order::First,
                        v => return Err(Early::Usage(format!("--memo-order wants 'fewest' or 'first', not '{v}'"))),
                    };
                }
                "memo-memory" => {
                    let mb = parse_number("--memo-memory", &value("--memo-memory", attached, &mut args)?)?;
                    o.memo_memory = Some(mb.saturating_mul(1 << 20));
                }
                "sample" => o.sample = Some(parse_number("--sample", &value("--sample", attached, &mut args)?)?),
                "min-cost" => flag(&mut o, |o| o.goal = Some(Goal::MinCost))?,
                "max-cost" => flag(&mut o, |o| o.goal = Some(Goal::MaxCost))?,
                "fewest" => flag(&mut o, |o| o.goal = Some(Goal::FewestRows))?,
                "best" => {
                    let k = parse_number("--best", &value("--best", attached, &mut args)?)?;
                    if k == 0 {
                        return Err(Early::Usage("--best wants at least 1".into()));
                    }
                    o.best = Some(usize::try_from(k).unwrap_or(usize::MAX));
                }
                _ => return Err(Early::Usage(format!("unknown option --{name}"))),
            }
            continue;
        }
        // A group of short options: flags, then at most one taking a value.
        for (i, c) in arg[1..].char_indices() {
            match c {
                'p' => o.print = true,
                's' => o.quiet = false,
                'q' => o.quiet = true,
                'h' => return Err(Early::Help),
                'V' => return Err(Early::Version),
                'n' | 'j' => {
                    let rest = &arg[1 + i + 1..];
                    let attached = if rest.is_empty() { None } else { Some(rest.to_string()) };
                    if c == 'n' {
                        o.max = Some(parse_count("-n", &value("-n", attached, &mut args)?)?);
                    } else {
                        o.threads = parse_threads("-j", &value("-j", attached, &mut args)?)?;
                    }
                    break;
                }
                _ => return Err(Early::Usage(format!("unknown option -{c}"))),
            }
        }
    }
    if files.len() > 1 {
        let names: Vec<_> = files.iter().map(|f| f.to_string_lossy()).collect();
        return Err(Early::Usage(format!("one FILE at most, got {}: {}", files.len(), names.join(" "))));
    }
    o.file = files.pop().filter(|f| f != "-");
    if o.best.is_some() && o.goal.is_none() {
        return Err(Early::Usage("--best needs --min-cost, --max-cost or --fewest".into()));
    }
    if o.goal.is_some() && o.split.is_some() {
        return Err(Early::Usage("--split does not combine with --min-cost, --max-cost or --fewest".into()));
    }
    if o.json {
        let clash = [(o.memo, "--memo"), (o.sample.is_some(), "--sample"), (o.split.is_some(), "--split")];
        if let Some((_, other)) = clash.iter().find(|c| c.0) {
            return Err(Early::Usage(format!("--json does not combine with {other}")));
        }
    }
    if o.memo || o.sample.is_some() {
        let what = if o.sample.is_some() { "--sample" } else { "--memo" };
        let clash = [(o.goal.is_some(), "--min-cost, --max-cost or --fewest"), (o.split.is_some(), "--split"), (o.max.is_some(), "-n"), (o.print && o.sample.is_none(), "--print")];
        if let Some((_, other)) = clash.iter().find(|c| c.0) {
            return Err(Early::Usage(format!("{what} does not combine with {other}")));
        }
    }
    Ok(o)
}

fn parse_number(name: &str, s: &str) -> Result<u64, Early> {
    s.parse().map_err(|_| Early::Usage(format!("{name} wants a whole number, not '{s}'")))
}

/// A list of option numbers separated by commas (empty items skipped).
fn parse_list(name: &str, s: &str) -> Result<Vec<usize>, Early> {
    s.split(',').filter(|t| !t.is_empty()).map(|t| parse_number(name, t).map(|n| usize::try_from(n).unwrap_or(usize::MAX))).collect()
}

fn parse_count(name: &str, s: &str) -> Result<u64, Early> {
    s.parse().map_err(|_| Early::Usage(format!("{name} wants a whole number of solutions, not '{s}'")))
}

fn parse_seconds(name: &str, s: &str) -> Result<Option<Duration>, Early> {
    let bad = || Early::Usage(format!("{name} wants a number of seconds, not '{s}'"));
    let secs: f64 = s.parse().map_err(|_| bad())?;
    if !(0.0..=1e9).contains(&secs) {
        return Err(bad());
    }
    Ok(if secs == 0.0 { None } else { Some(Duration::from_secs_f64(secs)) })
}

/// A number of threads (at most 1024).
fn parse_threads(name: &str, v: &str) -> Result<usize, Early> {
    match parse_number(name, v)? {
        n @ 0..=1024 => Ok(n as usize),
        _ => Err(Early::Usage(format!("{name} wants at most 1024 threads"))),
    }
}

/// Counters and the time they took, printed as in [`HELP`].
struct Report {
    counters: dlx::Counters,
    elapsed: Duration,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counters;
        let secs = self.elapsed.as_secs_f64();
        let rate = if secs > 0.0 { c.updates as f64 / secs / 1e6 } else { 0.0 };
        write!(f, "{} solutions, {} nodes, {} updates, {:.6} s, {:.1} M updates/s", c.solutions, c.nodes, c.updates, secs, rate)
    }
}

/// A solution's options, each as its item names (with their colors) on one
/// line, then an empty line.
fn print_solution(out: &mut impl Write, m: &Matrix, colors: &ColorText<'_>, rows: &[usize]) -> io::Result<()> {
    for &r in rows {
        let mut first = true;
        for (k, c) in m.row(r).into_iter().flatten().enumerate() {
            if !first {
                out.write_all(b" ")?;
            }
            first = false;
            match m.column_name(c) {
                Some(name) => out.write_all(name.as_bytes())?,
                None => write!(out, "#{c}")?,
            }
            if let Some(color) = colors.get(r, k) {
                write!(out, ":{color}")?;
            }
        }
        out.write_all(b"\n")?;
    }
    out.write_all(b"\n")
}

/// The best solutions, best first: each one's cost on a line, and with
/// `print` its options and an empty line after it.
fn print_best(out: &mut impl Write, m: &Matrix, colors: &ColorText<'_>, best: &[dlx::Best], print: bool) -> io::Result<()> {
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

/// `text` as a JSON string, quoted and escaped.
fn json_string(text: &str) -> String {
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
fn print_json_rows(out: &mut impl Write, rows: &[usize], first: bool) -> io::Result<()> {
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

/// The rest of the `--json` document: the outcome (and whether the search
/// finished), the count or the best solutions, the counters.
fn print_json_tail(out: &mut impl Write, opts: &Options, found: u64, outcome: Outcome, best: &[dlx::Best], report: &Report) -> io::Result<()> {
    if opts.print && opts.goal.is_none() {
        out.write_all(b"],")?;
    }
    let name = match outcome {
        Outcome::Exhausted => "exhausted",
        Outcome::Solution => "solution",
        Outcome::SolutionLimit => "solution_limit",
        Outcome::NodeLimit => "node_limit",
        Outcome::UpdateLimit => "update_limit",
        Outcome::TimeLimit => "time_limit",
        Outcome::Stopped => "stopped",
        Outcome::Cancelled => "cancelled",
    };
    // Only a search that ran to its end has the whole answer.
    let complete = outcome == Outcome::Exhausted;
    write!(out, "\"outcome\":\"{name}\",\"complete\":{complete},")?;
    if opts.goal.is_some() {
        out.write_all(b"\"best\":[")?;
        for (i, b) in best.iter().enumerate() {
            write!(out, "{}{{\"cost\":{},\"rows\":", if i > 0 { "," } else { "" }, b.cost)?;
            print_json_rows(out, &b.rows, true)?;
            out.write_all(b"}")?;
        }
        out.write_all(b"],")?;
        write!(out, "\"improvements\":{found},")?;
    } else {
        write!(out, "\"count\":{found},")?;
    }
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

/// The size of the regular file open on descriptor 0, if it is one.
fn stdin_file_size() -> Option<u64> {
    // SAFETY: fstat writes into the zeroed buffer it is given.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::fstat(0, &mut st) } == 0;
    (ok && st.st_mode & libc::S_IFMT == libc::S_IFREG).then_some(st.st_size as u64)
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
        None => (Box::new(stdin.lock()), stdin_file_size()),
    };
    let threads = match size {
        Some(size) if size <= dlx::format::block_size() as u64 => 1,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()).min(8),
    };
    if !report {
        return dlx::format::read(input, threads, None);
    }
    let mut progress = Progress { name, size, start: Instant::now(), next: Duration::from_secs(1), reported: false };
    if size.is_some() {
        let result = dlx::format::read(Counted { inner: input, at: 0, progress: &mut progress }, threads, None);
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
        let result = dlx::format::read(input, threads, Some(read));
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
    let name = opts.file.as_deref().map_or_else(|| "standard input".into(), |f| f.to_string_lossy());

    // SAFETY: isatty only asks about descriptor 0.
    if opts.file.is_none() && unsafe { libc::isatty(0) } == 1 {
        say!("dlx: reading the problem from the terminal: type it and end with Ctrl-D, or give a FILE (dlx --help)");
    }
    let matrix = match read_matrix(opts.file.as_deref(), &name, !opts.quiet) {
        Ok(m) => m,
        Err(ReadError::Io(e)) => {
            say!("dlx: cannot read {name}: {e}");
            return exit(if e.kind() == io::ErrorKind::OutOfMemory { EXIT_OTHER } else { EXIT_INPUT });
        }
        Err(ReadError::Parse(e)) => {
            say!("dlx: {name}: {e}");
            // A valid text whose matrix is too large or out of memory is not a bad file.
            return exit(if e.cause().is_some() { EXIT_OTHER } else { EXIT_INPUT });
        }
    };
    // The solver shares the matrix (no copy of a big one).
    let matrix = std::sync::Arc::new(matrix);
    let mut solver = match Solver::from_shared_with_engine(std::sync::Arc::clone(&matrix), opts.engine) {
        Ok(s) => s,
        Err(Error::Unsupported) => {
            say!("dlx: {name}: --engine exact or small: the matrix has bounds or colors (use general or auto)");
            return exit(EXIT_USAGE);
        }
        Err(e) => {
            say!("dlx: {name}: cannot make a solver: {e}");
            return exit(EXIT_OTHER);
        }
    };

    if let Some(seed) = opts.seed {
        if let Err(e) = solver.set_seed(Some(seed)) {
            say!("dlx: --seed: {e}");
            return exit(EXIT_OTHER);
        }
    }
    solver.set_threads(opts.threads);
    if let Some(goal) = opts.goal {
        if let Err(e) = solver.set_objective(Some(Objective { goal, best: opts.best.unwrap_or(1) })) {
            if e == Error::Unsupported {
                say!("dlx: {name}: --engine small has no objective (use exact or auto)");
                return exit(EXIT_USAGE);
            }
            say!("dlx: {name}: {e}");
            return exit(if e == Error::CostRange { EXIT_COST_RANGE } else { EXIT_OTHER });
        }
    }
    if !opts.exclude.is_empty() {
        if let Err(e) = solver.exclude_rows(&opts.exclude) {
            say!("dlx: --exclude: {e} (the file has {} options)", solver.rows());
            return exit(if matches!(e, Error::RowRange | Error::Conflict) { EXIT_USAGE } else { EXIT_OTHER });
        }
    }
    if !opts.force.is_empty() {
        if let Err(e) = solver.force_rows(&opts.force) {
            say!("dlx: --force: {e} (the file has {} options)", solver.rows());
            return exit(if matches!(e, Error::RowRange | Error::Conflict) { EXIT_USAGE } else { EXIT_OTHER });
        }
    }

    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let colors = ColorText::new(&matrix);
    if let Some(depth) = opts.split {
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
        return match write_error.or_else(|| out.flush().err()) {
            Some(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                say!("dlx: cannot write the output: {e}");
                exit(EXIT_OTHER)
            }
            _ => exit(0),
        };
    }
    let progress = if opts.quiet { None } else { opts.progress };
    solver.set_limits(Limits { solutions: opts.max, nodes: opts.max_nodes, updates: None, time: opts.time_limit });
    if let Some(every) = progress {
        solver.set_progress(Some((
            every,
            Box::new(|r: &dlx::Report| {
                let report = Report { counters: r.counters, elapsed: r.elapsed };
                say!("dlx: progress: {report}, {:.4}% done", 100.0 * r.estimate);
                ControlFlow::Continue(())
            }),
        )));
    }
    if opts.memo || opts.sample.is_some() {
        return run_memo(&opts, &mut solver, &matrix, &colors, &mut out);
    }
    let start = Instant::now();
    let mut found = 0u64;
    let mut write_error = None;
    if opts.json {
        write_error = write!(out, "{{\"file\":{},", json_string(&name)).err();
        if opts.print && opts.goal.is_none() {
            write_error = write_error.or_else(|| out.write_all(b"\"solutions\":[").err());
        }
    }
    let outcome = if write_error.is_some() {
        Outcome::Stopped
    } else if opts.max == Some(0) {
        Outcome::SolutionLimit
    } else {
        let quiet = opts.quiet;
        let optimising = opts.goal.is_some();
        let matrix = &matrix;
        let colors = &colors;
        let cost_of = |rows: &[usize]| match opts.goal {
            Some(Goal::FewestRows) => rows.len() as i64,
            _ => rows.iter().map(|&r| matrix.cost(r).unwrap_or(0)).sum(),
        };
        if !optimising && !opts.print {
            // Counting only: the solver need not find each solution's rows.
            let (n, outcome) = solver.count_run();
            found = n;
            outcome
        } else {
            solver.run(|rows| {
                found += 1;
                if optimising {
                    if !quiet {
                        say!("dlx: found: cost {}", cost_of(rows));
                    }
                } else if opts.print {
                    let printed = if opts.json { print_json_rows(&mut out, rows, found == 1) } else { print_solution(&mut out, matrix, colors, rows) };
                    if let Err(e) = printed {
                        write_error = Some(e);
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            })
        }
    };
    let elapsed = start.elapsed();
    let write_error = write_error.or_else(|| {
        if opts.json {
            print_json_tail(&mut out, &opts, found, outcome, solver.best(), &Report { counters: solver.counters(), elapsed }).err()
        } else if opts.goal.is_some() {
            print_best(&mut out, &matrix, &colors, solver.best(), opts.print).err()
        } else if !opts.print {
            writeln!(out, "{found}").err()
        } else {
            None
        }
    });
    let write_error = write_error.or_else(|| out.flush().err());
    if let Some(e) = write_error {
        // A reader that stops early (`dlx -p FILE | head`) is not an error.
        if e.kind() != io::ErrorKind::BrokenPipe {
            say!("dlx: cannot write the output: {e}");
            return exit(EXIT_OTHER);
        }
    }
    // A limit that leaves the search unfinished is said even with --quiet.
    let (why, code) = match outcome {
        Outcome::SolutionLimit if opts.max != Some(0) => (Some("solution limit (-n)"), 0),
        Outcome::NodeLimit => (Some("node limit (--max-nodes): the search did not finish, the output is partial"), EXIT_STOPPED),
        Outcome::TimeLimit => (Some("time limit (--time-limit): the search did not finish, the output is partial"), EXIT_STOPPED),
        _ => (None, 0),
    };
    if let Some(why) = why {
        if !opts.quiet || code != 0 {
            say!("dlx: stopped: {why}");
        }
    }
    if !opts.quiet {
        say!("dlx: {}", Report { counters: solver.counters(), elapsed });
        for (i, t) in solver.thread_stats().iter().enumerate() {
            say!("dlx: thread {i}: {} nodes, {} steals, {:.6} s idle", t.nodes, t.steals, t.idle.as_secs_f64());
        }
    }
    exit(code)
}

/// `--memo` and `--sample`: the memoized count, printed in full, or that
/// many solutions drawn uniformly at random from it; the cache's figures on
/// standard error.
fn run_memo(opts: &Options, solver: &mut Solver, matrix: &Matrix, colors: &ColorText<'_>, out: &mut impl Write) -> ExitCode {
    let mut memo = MemoOptions { order: opts.memo_order, ..MemoOptions::default() };
    if let Some(bytes) = opts.memo_memory {
        memo.memory = bytes;
    }
    solver.set_memo_options(memo);
    let start = Instant::now();
    let mut write_error = None;
    let done = match opts.sample {
        None => solver.memo_count().map(|count| {
            if let Some(count) = &count {
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
            say!("dlx: {}: {e}", if opts.sample.is_some() { "--sample" } else { "--memo" });
            return exit(EXIT_OTHER);
        }
    };
    if let Some(e) = write_error.or_else(|| out.flush().err()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            say!("dlx: cannot write the output: {e}");
            return exit(EXIT_OTHER);
        }
    }
    let mut code = 0;
    if !done {
        let why = match solver.outcome() {
            Some(Outcome::NodeLimit) => "node limit (--max-nodes)",
            Some(Outcome::TimeLimit) => "time limit (--time-limit)",
            _ => "stopped",
        };
        say!("dlx: stopped: {why}: the count did not finish, nothing is printed");
        code = EXIT_STOPPED;
    }
    if !opts.quiet {
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

    #[test]
    fn a_counted_reader_reports_between_slow_reads() {
        // A read that takes over a second is reported on the next read; a
        // quick one is not; either way the text is read whole.
        for (pause, reported) in [(Duration::from_millis(1200), true), (Duration::ZERO, false)] {
            let mut progress = Progress { name: "test", size: Some(12), start: Instant::now(), next: Duration::from_secs(1), reported: false };
            let slow = Slow(vec![b"a b\na\n", b"b\na b\n"], 0, pause);
            let m = dlx::format::read(Counted { inner: slow, at: 0, progress: &mut progress }, 1, None).expect("a valid text");
            assert_eq!((m.columns(), m.rows()), (2, 3));
            assert_eq!(progress.reported, reported);
        }
    }
}
