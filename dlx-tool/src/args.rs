//! The command line: the help text, the options it lists, and their
//! parsing (on the `lexopt` crate: short groups `-pq`, attached values
//! `-n10` and `--max=10`, `--` before a FILE that starts with '-').

use std::ffi::OsString;
use std::time::Duration;

use dlx_core::{Decompose, Engine, Goal, Order};
use lexopt::{Arg, Parser};

/// The text of `dlx --help`.
pub const HELP: &str = "\
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
                       default; cancels an earlier -q), and which count the
                       automatic count chose (else said only when the
                       count took a second or more)
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
      --engine E       the search engine: auto (the default: small where
                       the matrix fits in 48 KB as bit sets, with bounds,
                       colors or rows of 3 items or more, or too large for
                       32 KB of dancing links; else cells with colors or
                       bounds and exact without: the rule of dlx_engine in
                       dlx.h), exact (Knuth's DLX1; its tree and counters),
                       small (bit sets, for small matrices: DLX1's tree and
                       counters, or with bounds or colors Algorithm M's tree
                       and nodes; an objective moves it to exact or general)
                       general (Knuth's Algorithm M, which also takes
                       bounds and colors; its counters are its own) or
                       cells (dancing cells, Knuth's SSXCC and SSMCC:
                       Algorithm M's tree on sparse sets, less its nodes on
                       items with their lower bound and no option left;
                       an objective moves it to general or exact). Exit
                       status 1 for exact on a matrix with bounds or colors
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
      --auto           count by the plain search or by memo, whichever the
                       problem favours, decided as the count goes (exact at
                       any size, printed in full; see dlx_solver_count_auto
                       in dlx.h); standard error says which it chose. The
                       default for a count without --print, -n, a goal,
                       --max-nodes, --time-limit, --seed or --engine
                       (--json too); the counters are the plain search's when
                       it chose the plain search (Knuth's, with one thread)
      --plain          count by the plain search alone (Knuth's counters
                       whatever the problem)
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
      --memo-parts P   when --memo looks for independent parts, whose
                       counts multiply: 'auto' (default: now and then, at
                       a small share of the count's work), 'always' (at
                       every state it counts) or 'never'
      --memo-memory MB the most memory the cache of --memo may hold
                       (default 1024); a full cache keeps counting, exactly,
                       storing no more
      --unique         say whether the problem has no solution, exactly
                       one or several: 'none', 'unique' or 'several' on a
                       line, then the solutions met (the one, or the first
                       two) as --print prints them; the search stops at
                       the second solution (a sudoku's uniqueness check)
      --orbits         count the solutions up to the symmetries the file
                       states in '|@symmetry a:b:c d:e' lines (each a
                       permutation of the items, as cycles of names joined
                       by ':'; a comment to Knuth's programs): solutions
                       that a composite of them maps to one another count
                       once (Burnside's lemma, exact at any size; with
                       --plain or --memo each symmetry's fixed solutions
                       are counted that way, else automatically); standard
                       error gives the group's order and the count of all
                       solutions. With --print, one solution of each class
                       instead (the least as sorted option numbers), after
                       the whole search. Exit status 2 when a line is no
                       symmetry (an option goes to no option, or an item to
                       one of another kind or bounds)
      --zdd FILE       write every solution to FILE as a decision diagram,
                       built by the memo's walk (--memo-order, --memo-memory),
                       in the text format of Knuth's DLX6 (read by his
                       ZDDREAD programs: one node a line, ID: (~V?LO:HI),
                       ids in hex, V = option number from 1, a last line of
                       variable 0 pointing to the root); print the count,
                       and on standard error the nodes and the number of
                       solutions of each size (and, when the options have
                       costs, the least cost)
      --cnf FILE       write the problem to FILE as DIMACS CNF, one variable
                       per option (option N is variable N + 1) and the
                       others defined from them, so that a model counter's
                       count is the number of solutions; print nothing
                       else (standard error: the variables and clauses)
      --opb FILE       write the problem to FILE as pseudo-Boolean
                       constraints (OPB), option N as x(N + 1), with
                       --min-cost, --max-cost (negated costs) or --fewest
                       as the objective
      --weights        choose the item to branch on by dynamic weights
                       (dom/wdeg, as Knuth's SSXCC-WTD): an item found with
                       no option left gains weight, and among items of two
                       options or more the least options over weight goes
                       first; the same solutions, another tree
      --pre            preprocess before solving (Knuth's DLX-PRE: options
                       that would leave a primary item uncoverable, and
                       items every option of another primary item holds,
                       removed in rounds until nothing changes); solutions,
                       counts and option numbers stay the file's; standard
                       error says what went
      --pre-out FILE   write the preprocessed problem to FILE in the same
                       format, each option followed by a comment line
                       '| from option N' (its 0-based number in the
                       input), print what went on standard error, and exit
      --pre-work N     the most work preprocessing may do, in entries read
                       (default 4294967296, a few seconds); stopped early,
                       it removes less, never wrongly
      --checkpoint FILE
                       write what the search has left and found to FILE
                       before anything is printed, every --checkpoint-every
                       seconds, and when the run stops (atomically: a crash
                       while writing leaves the last FILE whole), so that
                       --resume FILE goes on after a crash, a limit or a
                       signal; SIGINT or SIGTERM then stops the run as a
                       limit does (checkpoint written, what it has so far
                       printed, status 5); the count is the plain search's
                       (not with --memo, --auto, --sample, --split, --zdd,
                       --pre-out or --json). The format: docs/checkpoint.md
      --checkpoint-every SECONDS
                       how often --checkpoint writes (default 60)
      --resume FILE    go on from the checkpoint in FILE (of this matrix,
                       with the same goal and --best), printing what the
                       whole run prints, as if it had never stopped, and
                       writing checkpoints to FILE (or to --checkpoint's);
                       -n, --max-nodes, --time-limit, the progress lines
                       and the counters are the whole run's; a standard
                       output that is a regular file longer than it was
                       at the checkpoint is cut back to that length
                       (resume with >> to the same file: solutions printed
                       after the checkpoint are not printed twice, and
                       what the file held before the run stays)
      --sample N       print N solutions drawn uniformly at random (one may
                       come twice), as --print does, after a count by memo;
                       --seed S gives the draws (default 0: the same seed,
                       the same draws)
      --json           print one JSON document on standard output instead of
                       the text, with the keys file, outcome (exhausted,
                       solution_limit, node_limit, time_limit, ...), complete
                       (true when the search finished), count (or, with an
                       optimisation option, best: a list of objects with
                       cost and rows, improvements, and bound: a cost no
                       solution beats, the best's once complete, null
                       without one), counters
                       (solutions, nodes, updates) and seconds; with
                       --print, first solutions: a list of solutions, each
                       the list of its option numbers (from 0, in the order
                       of the file), and options: an object from each
                       number printed to the option's text (its items, with
                       colors). With the automatic count (the default) or
                       --memo: count (in full; null when stopped short),
                       counted_by (plain or memo), and the plain search's
                       counters (zeros when the memo counted). Not with
                       --sample or --split
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
'dlx: found: cost C (T s)', T the seconds since the search began (unless
--quiet). A run stopped by a limit prints the best so far, and says on
standard error 'dlx: stopped at best C, bound B, gap G%' (as the progress
lines). -n counts improvements.

With bounds or colors the search is Knuth's Algorithm M, which counts
nodes and updates its own way; its counters are not DLX1's.

Short options may be grouped (-pq) and an argument attached (-n10, -n=10);
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
of the current choice at each level) and, with --min-cost, --max-cost or
--fewest, ', best C, bound B, gap G%': the best cost so far, a bound no
solution beats (none costs less; more, with --max-cost) and the gap between
them over the best (best and gap once a solution is found; no bound with
colors or multiplicities).

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
  5  the search was stopped by --max-nodes or --time-limit (or, with
     --checkpoint or --resume, by SIGINT or SIGTERM) before it finished:
     the output is partial
";

/// The exit statuses listed in [`HELP`].
pub const EXIT_USAGE: u8 = 1;
pub const EXIT_INPUT: u8 = 2;
pub const EXIT_COST_RANGE: u8 = 3;
pub const EXIT_OTHER: u8 = 4;
pub const EXIT_STOPPED: u8 = 5;


/// What the command line asks for.
#[derive(Debug)]
pub struct Options {
    pub print: bool,
    pub max: Option<u64>,
    pub quiet: bool,
    /// `-s`/`--stats` given (and not cancelled by a later `-q`): also the
    /// lines a toy run does without, such as the automatic count's choice.
    pub stats: bool,
    /// `None`: no progress lines.
    pub progress: Option<Duration>,
    /// `None`: standard input.
    pub file: Option<OsString>,
    pub max_nodes: Option<u64>,
    pub time_limit: Option<Duration>,
    pub seed: Option<u64>,
    pub threads: usize,
    pub force: Vec<usize>,
    pub exclude: Vec<usize>,
    pub split: Option<usize>,
    pub goal: Option<Goal>,
    pub best: Option<usize>,
    pub memo: bool,
    pub auto: bool,
    pub plain: bool,
    pub memo_order: Order,
    pub memo_parts: Decompose,
    pub memo_memory: Option<u64>,
    pub sample: Option<u64>,
    pub zdd: Option<OsString>,
    /// `--pre`, `--pre-out FILE`, `--pre-work N`.
    pub pre: bool,
    pub weights: bool,
    pub pre_out: Option<OsString>,
    pub pre_work: u64,
    /// One JSON document on standard output instead of the text.
    pub json: bool,
    pub engine: Engine,
    /// `--checkpoint FILE`, `--checkpoint-every SECONDS`, `--resume FILE`.
    pub checkpoint: Option<OsString>,
    pub checkpoint_every: Duration,
    pub resume: Option<OsString>,
    /// `--orbits`: up to the file's symmetries.
    pub orbits: bool,
    /// `--unique`: none, one or several solutions.
    pub unique: bool,
    /// `--cnf FILE`, `--opb FILE`: the problem written for other solvers.
    pub cnf: Option<OsString>,
    pub opb: Option<OsString>,
}

/// What parsing the command line ended with, other than options to run with.
pub enum Early {
    Help,
    Version,
    /// A usage error, with its message.
    Usage(String),
}

impl Options {
    /// Whether the run takes checkpoints (`--checkpoint` or `--resume`).
    pub fn checkpoints(&self) -> bool {
        self.checkpoint.is_some() || self.resume.is_some()
    }

    /// Whether the run is a count that the automatic count does: asked
    /// for (`--auto`), or by default when nothing asks for the plain
    /// search's own behaviour (solutions, a solution limit, a goal, JSON,
    /// node or time limits with their partial counts, a seed, an engine).
    pub fn counts_automatically(&self) -> bool {
        self.auto
            || (!self.plain
                && !self.memo
                && self.sample.is_none()
                && self.zdd.is_none()
                && self.split.is_none()
                && !self.print
                && self.max.is_none()
                && self.goal.is_none()
                && self.max_nodes.is_none()
                && self.time_limit.is_none()
                && self.seed.is_none()
                && self.engine == Engine::Auto
                && !self.checkpoints())
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            print: false,
            max: None,
            quiet: false,
            stats: false,
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
            auto: false,
            plain: false,
            memo_order: Order::Fewest,
            memo_parts: Decompose::Auto,
            memo_memory: None,
            sample: None,
            zdd: None,
            pre: false,
            weights: false,
            pre_out: None,
            pre_work: dlx_core::pre::DEFAULT_WORK,
            json: false,
            engine: Engine::Auto,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(60),
            resume: None,
            orbits: false,
            unique: false,
            cnf: None,
            opb: None,
        }
    }
}

/// The options of the command line `args` (the program's name left out),
/// checked together, or why there is nothing to run.
pub fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Options, Early> {
    let mut o = Options::default();
    let mut files: Vec<OsString> = Vec::new();
    let mut p = Parser::from_args(args);
    while let Some(arg) = p.next().map_err(usage)? {
        match arg {
            Arg::Value(file) => files.push(file),
            Arg::Short(c) => short_option(&mut o, c, &mut p)?,
            Arg::Long(name) => {
                let name = name.to_string();
                long_option(&mut o, &name, &mut p)?;
            }
        }
    }
    if files.len() > 1 {
        let names: Vec<_> = files.iter().map(|f| f.to_string_lossy()).collect();
        return Err(Early::Usage(format!("one FILE at most, got {}: {}", files.len(), names.join(" "))));
    }
    o.file = files.pop().filter(|f| f != "-");
    check_together(&o)?;
    Ok(o)
}

/// A parsing error in this tool's words.
fn usage(e: lexopt::Error) -> Early {
    Early::Usage(match e {
        lexopt::Error::MissingValue { option: Some(name) } => format!("option {name} needs an argument"),
        lexopt::Error::UnexpectedValue { option, .. } => format!("option {option} takes no argument"),
        lexopt::Error::NonUnicodeValue(v) => format!("the argument '{}' is not valid UTF-8", v.to_string_lossy()),
        e => e.to_string(),
    })
}

/// The value of option `name`, as text: attached (`-n10`, `--max=10`) or
/// the next argument.
fn value(p: &mut Parser, name: &str) -> Result<String, Early> {
    let v = p.value().map_err(|e| match e {
        lexopt::Error::MissingValue { .. } => Early::Usage(format!("option {name} needs an argument")),
        e => usage(e),
    })?;
    v.into_string().map_err(|v| Early::Usage(format!("{name}: the argument '{}' is not valid UTF-8", v.to_string_lossy())))
}

/// A short option (each of a group `-pq` in turn).
fn short_option(o: &mut Options, c: char, p: &mut Parser) -> Result<(), Early> {
    match c {
        'p' => o.print = true,
        's' => (o.quiet, o.stats) = (false, true),
        'q' => (o.quiet, o.stats) = (true, false),
        'h' => return Err(Early::Help),
        'V' => return Err(Early::Version),
        'n' => o.max = Some(parse_count("-n", &value(p, "-n")?)?),
        'j' => o.threads = parse_threads("-j", &value(p, "-j")?)?,
        _ => return Err(Early::Usage(format!("unknown option -{c}"))),
    }
    Ok(())
}

/// A long option, `--name` (its value read from `p`).
fn long_option(o: &mut Options, name: &str, p: &mut Parser) -> Result<(), Early> {
    let flag = format!("--{name}");
    let v = |p: &mut Parser| value(p, &flag);
    match name {
        "print" => o.print = true,
        "stats" => (o.quiet, o.stats) = (false, true),
        "quiet" => (o.quiet, o.stats) = (true, false),
        "help" => return Err(Early::Help),
        "version" => return Err(Early::Version),
        "memo" => o.memo = true,
        "pre" => o.pre = true,
        "weights" => o.weights = true,
        "auto" => o.auto = true,
        "plain" => o.plain = true,
        "orbits" => o.orbits = true,
        "unique" => o.unique = true,
        "cnf" => o.cnf = Some(v(p)?.into()),
        "opb" => o.opb = Some(v(p)?.into()),
        "json" => o.json = true,
        "min-cost" => o.goal = Some(Goal::MinCost),
        "max-cost" => o.goal = Some(Goal::MaxCost),
        "fewest" => o.goal = Some(Goal::FewestRows),
        "max" => o.max = Some(parse_count(&flag, &v(p)?)?),
        "progress" => o.progress = parse_seconds(&flag, &v(p)?)?,
        "max-nodes" => o.max_nodes = Some(parse_number(&flag, &v(p)?)?),
        "time-limit" => {
            let secs = parse_seconds(&flag, &v(p)?)?;
            o.time_limit = Some(secs.ok_or_else(|| Early::Usage("--time-limit wants a positive number of seconds".into()))?);
        }
        "seed" => o.seed = Some(parse_number(&flag, &v(p)?)?),
        "threads" => o.threads = parse_threads(&flag, &v(p)?)?,
        "force" => o.force = parse_list(&flag, &v(p)?)?,
        "exclude" => o.exclude = parse_list(&flag, &v(p)?)?,
        "split" => o.split = Some(usize::try_from(parse_number(&flag, &v(p)?)?).unwrap_or(usize::MAX)),
        "engine" => o.engine = parse_engine(&v(p)?)?,
        "memo-order" => o.memo_order = parse_order(&v(p)?)?,
        "memo-parts" => o.memo_parts = parse_parts(&v(p)?)?,
        "memo-memory" => o.memo_memory = Some(parse_number(&flag, &v(p)?)?.saturating_mul(1 << 20)),
        "sample" => o.sample = Some(parse_number(&flag, &v(p)?)?),
        "zdd" => o.zdd = Some(v(p)?.into()),
        "pre-out" => o.pre_out = Some(v(p)?.into()),
        "pre-work" => o.pre_work = parse_number(&flag, &v(p)?)?,
        "checkpoint" => o.checkpoint = Some(v(p)?.into()),
        "resume" => o.resume = Some(v(p)?.into()),
        "checkpoint-every" => {
            let secs = parse_seconds(&flag, &v(p)?)?;
            o.checkpoint_every = secs.ok_or_else(|| Early::Usage("--checkpoint-every wants a positive number of seconds".into()))?;
        }
        "best" => match parse_number(&flag, &v(p)?)? {
            0 => return Err(Early::Usage("--best wants at least 1".into())),
            k => o.best = Some(usize::try_from(k).unwrap_or(usize::MAX)),
        },
        _ => return Err(Early::Usage(format!("unknown option --{name}"))),
    }
    Ok(())
}

fn parse_engine(v: &str) -> Result<Engine, Early> {
    Engine::from_name(v).ok_or_else(|| {
        let names: Vec<String> = Engine::all().iter().map(|e| format!("'{}'", e.name())).collect();
        Early::Usage(format!("--engine wants one of {}, not '{v}'", names.join(", ")))
    })
}

fn parse_parts(v: &str) -> Result<Decompose, Early> {
    match v {
        "auto" => Ok(Decompose::Auto),
        "always" => Ok(Decompose::Always),
        "never" => Ok(Decompose::Never),
        v => Err(Early::Usage(format!("--memo-parts wants 'auto', 'always' or 'never', not '{v}'"))),
    }
}

fn parse_order(v: &str) -> Result<Order, Early> {
    match v {
        "fewest" => Ok(Order::Fewest),
        "first" => Ok(Order::First),
        v => Err(Early::Usage(format!("--memo-order wants 'fewest' or 'first', not '{v}'"))),
    }
}

/// The options that pick how a search runs or what it prints, which the
/// runs that write a file instead (`--zdd`, `--pre-out`) do not take.
fn solving(o: &Options) -> [(bool, &'static str); 9] {
    [
        (o.memo, "--memo"),
        (o.auto, "--auto"),
        (o.plain, "--plain"),
        (o.sample.is_some(), "--sample"),
        (o.split.is_some(), "--split"),
        (o.json, "--json"),
        (o.print, "--print"),
        (o.max.is_some(), "-n"),
        (o.goal.is_some(), "--min-cost, --max-cost or --fewest"),
    ]
}

/// The options that do not combine.
fn check_together(o: &Options) -> Result<(), Early> {
    if o.best.is_some() && o.goal.is_none() {
        return Err(Early::Usage("--best needs --min-cost, --max-cost or --fewest".into()));
    }
    if o.goal.is_some() && o.split.is_some() {
        return Err(Early::Usage("--split does not combine with --min-cost, --max-cost or --fewest".into()));
    }
    if o.json {
        clash("--json", &[(o.sample.is_some(), "--sample"), (o.split.is_some(), "--split")])?;
    }
    if o.auto {
        clash("--auto", &[(o.memo, "--memo"), (o.sample.is_some(), "--sample"), (o.plain, "--plain")])?;
    }
    if o.zdd.is_some() {
        clash("--zdd", &solving(o))?;
    }
    if o.cnf.is_some() || o.opb.is_some() {
        let what = if o.cnf.is_some() { "--cnf" } else { "--opb" };
        // OPB takes an objective; nothing else that picks how a search runs.
        let with: Vec<_> = solving(o).into_iter().filter(|&(_, name)| o.cnf.is_some() || !name.starts_with("--min-cost")).collect();
        let mut with = with;
        with.extend([
            (o.cnf.is_some() && o.opb.is_some(), "--opb"),
            (o.zdd.is_some(), "--zdd"),
            (o.pre_out.is_some(), "--pre-out"),
            (o.orbits, "--orbits"),
            (o.unique, "--unique"),
            (o.checkpoints(), "--checkpoint or --resume"),
            (!o.force.is_empty() || !o.exclude.is_empty(), "--force or --exclude"),
        ]);
        clash(what, &with)?;
    }
    if o.pre_out.is_some() {
        let mut with = solving(o).to_vec();
        with.extend([(o.zdd.is_some(), "--zdd"), (!o.force.is_empty() || !o.exclude.is_empty(), "--force or --exclude")]);
        clash("--pre-out", &with)?;
    }
    if o.checkpoints() {
        let what = if o.resume.is_some() { "--resume" } else { "--checkpoint" };
        let with = [(o.memo, "--memo"), (o.auto, "--auto"), (o.sample.is_some(), "--sample"), (o.split.is_some(), "--split"), (o.zdd.is_some(), "--zdd"), (o.pre_out.is_some(), "--pre-out"), (o.json, "--json")];
        clash(what, &with)?;
    }
    if o.unique {
        let mut with = solving(o).to_vec();
        with.extend([(o.orbits, "--orbits"), (o.zdd.is_some(), "--zdd"), (o.checkpoints(), "--checkpoint or --resume"), (o.pre_out.is_some(), "--pre-out")]);
        clash("--unique", &with)?;
    }
    if o.orbits {
        let with = [
            (o.goal.is_some(), "--min-cost, --max-cost or --fewest"),
            (!o.force.is_empty() || !o.exclude.is_empty(), "--force or --exclude"),
            (o.split.is_some(), "--split"),
            (o.zdd.is_some(), "--zdd"),
            (o.sample.is_some(), "--sample"),
            (o.checkpoints(), "--checkpoint or --resume"),
            (o.json, "--json"),
            (o.pre_out.is_some(), "--pre-out"),
            (o.max.is_some() && !o.print, "-n without --print"),
            (o.print && (o.memo || o.auto), "--print with --memo or --auto"),
        ];
        clash("--orbits", &with)?;
        return Ok(());
    }
    if o.memo || o.auto || o.sample.is_some() {
        let what = if o.sample.is_some() { "--sample" } else if o.auto { "--auto" } else { "--memo" };
        clash(what, &[(o.goal.is_some(), "--min-cost, --max-cost or --fewest"), (o.split.is_some(), "--split"), (o.max.is_some(), "-n"), (o.print && o.sample.is_none(), "--print")])?;
    }
    Ok(())
}

/// Option `what` given with the first `other` whose flag is set: a usage
/// error.
fn clash(what: &str, others: &[(bool, &str)]) -> Result<(), Early> {
    match others.iter().find(|c| c.0) {
        Some((_, other)) => Err(Early::Usage(format!("{what} does not combine with {other}"))),
        None => Ok(()),
    }
}

fn parse_number(name: &str, s: &str) -> Result<u64, Early> {
    s.parse().map_err(|_| Early::Usage(too_large(s).map_or_else(|| format!("{name} wants a whole number, not '{s}'"), |m| format!("{name}: {m}"))))
}

/// For digits past `u64::MAX`, the message that says so.
fn too_large(s: &str) -> Option<String> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| format!("'{s}' is too large: at most {}", u64::MAX))
}

/// A list of option numbers separated by commas (empty items skipped).
fn parse_list(name: &str, s: &str) -> Result<Vec<usize>, Early> {
    s.split(',').filter(|t| !t.is_empty()).map(|t| parse_number(name, t).map(|n| usize::try_from(n).unwrap_or(usize::MAX))).collect()
}

fn parse_count(name: &str, s: &str) -> Result<u64, Early> {
    s.parse().map_err(|_| Early::Usage(too_large(s).map_or_else(|| format!("{name} wants a whole number of solutions, not '{s}'"), |m| format!("{name}: {m}"))))
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
