//! The `dlx` command-line tool, run as a program: printed solutions
//! (each checked by the independent reader of `tool`), the options, and
//! errors with their exit statuses. Expected values as in `cli.rs`.

use dlx_testkit as common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[allow(dead_code)]
mod tool;

use tool::*;

#[test]
fn print_queens_8() {
    print_check("queens_8.dlx");
}

#[test]
fn print_langford_8() {
    print_check("langford_8.dlx");
}

#[test]
fn print_pento_3x20() {
    print_check("pento_3x20.dlx");
}

#[test]
fn print_domino_6x6() {
    print_check("domino_6x6.dlx");
}

/// Knuth's example (TAOCP 7.2.2.1 (6)) with a secondary item x, and an
/// option of secondary items only, which is never chosen. By DLX1's rule
/// (the first item of fewest options) the search takes a, whose first
/// option `a d g` fails, then `a d f x`; then b has one option left, `b g`,
/// then c has one, `c e`. The options are printed in that order, each as
/// written in the file.
#[test]
fn print_knuth_example_in_the_order_chosen() {
    let problem = b"| Knuth's example, plus a secondary item x\n\
                    a b c d e f g | x\n\
                    c e\n\
                    a d g\n\
                    b c f\n\
                    a d f x\n\
                    b g\n\
                    d e g\n\
                    x\n";
    let out = run(&["--print", "-"], problem);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(check_printed(&read_problem(std::str::from_utf8(problem).unwrap()), &stdout), 1);
    assert_eq!(stdout, "a d f x\nb g\nc e\n\n");
}

#[test]
fn print_with_max_stops_after_that_many() {
    let path = gen("queens_8.dlx");
    let p = read_problem(&std::fs::read_to_string(&path).unwrap());
    let out = run(&["-p", "-n", "3", path.to_str().unwrap()], b"");
    assert!(out.status.success());
    assert_eq!(check_printed(&p, &text(&out.stdout)), 3);
}

// --max

#[test]
fn max_stops_the_count() {
    let path = gen("queens_8.dlx");
    let file = path.to_str().unwrap();
    for (args, want) in [
        (vec!["-n", "5", file], "5\n"),
        (vec!["-n5", file], "5\n"),
        (vec!["--max", "5", file], "5\n"),
        (vec!["--max=5", file], "5\n"),
        (vec!["--max", "0", file], "0\n"),
        (vec!["--max", "92", file], "92\n"),
        (vec!["--max", "1000", file], "92\n"),
    ] {
        let out = run(&args, b"");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), want, "{args:?}");
        assert_eq!(counters(&text(&out.stderr)).0.to_string() + "\n", want, "{args:?}");
    }
}

// Standard input, --quiet, --stats, --progress

#[test]
fn reads_standard_input_without_a_file_or_with_dash() {
    let problem = std::fs::read(gen("langford_7.dlx")).unwrap();
    for args in [&[][..], &["-"][..], &["-q", "--", "-"][..]] {
        let out = run(args, &problem);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "52\n", "{args:?}");
    }
}

#[test]
fn quiet_prints_nothing_on_stderr_and_stats_undoes_it() {
    let file = gen("queens_8.dlx");
    let file = file.to_str().unwrap();
    let out = run(&["-q", file], b"");
    assert_eq!((text(&out.stdout).as_str(), text(&out.stderr).as_str()), ("92\n", ""));
    let out = run(&["--quiet", "--stats", file], b"");
    assert_eq!(counters(&text(&out.stderr)), (92, 1_223, 21_456));
    let out = run(&["-qs", file], b"");
    assert_eq!(counters(&text(&out.stderr)), (92, 1_223, 21_456));
}

/// Progress lines appear on a run longer than their period, and pausing the
/// search to print them changes neither the tree nor the counters.
#[test]
fn progress_lines_leave_the_counters_alone() {
    let file = gen("queens_13.dlx");
    let file = file.to_str().unwrap();
    let plain = run(&["--progress", "0", file], b"");
    let busy = run(&["--progress=0.001", file], b"");
    assert!(plain.status.success() && busy.status.success());
    assert_eq!(text(&plain.stdout), text(&busy.stdout));
    assert_eq!(counters(&text(&plain.stderr)), counters(&text(&busy.stderr)));
    assert!(!text(&plain.stderr).contains("progress"));
    let lines = text(&busy.stderr).lines().filter(|l| l.starts_with("dlx: progress: ")).count();
    assert!(lines >= 1, "no progress line: {}", text(&busy.stderr));
}

// Errors and their exit statuses

#[test]
fn a_bad_file_names_file_line_and_column_and_exits_2() {
    let cases: &[(&str, &[u8], &str)] = &[
        ("unknown", b"| comment\na b c\na b\nb x\n", "line 4, column 3"),
        ("twice", b"a b c\n\na b a\n", "line 3, column 5"),
        ("no_items", b"| only a comment\n", "line"),
        ("utf8", b"a b\na \xff\n", "line 2, column 3"),
        ("colon_in_item_line", b"a b:c\n", "line 1, column"),
    ];
    for (name, contents, position) in cases {
        let path = scratch(name, contents);
        let file = path.to_str().unwrap();
        let out = run(&[file], b"");
        assert_exit(&out, 2, &[file, position]);
        assert!(out.stdout.is_empty(), "{name}: nothing on stdout");
        // From standard input, the message says so instead of a file name.
        let out = run(&[], contents);
        assert_exit(&out, 2, &["standard input", position]);
    }
}

#[test]
fn a_missing_file_exits_2() {
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_no_such_file.dlx");
    let out = run(&[missing.to_str().unwrap()], b"");
    assert_exit(&out, 2, &["cli_no_such_file.dlx"]);
}

#[test]
fn knuths_color_and_bound_examples_print_his_solutions() {
    // The examples of Knuth's DLX2 and DLX3 documentation and their unique
    // solutions, options in the order the search chooses them.
    for (name, contents, solution) in [
        ("colors", &b"A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"[..], "A C X:1 Y:1\nB X:1\n\n"),
        ("bounds", b"A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n", "A C X:1 Y:1\nB X:1\nC Y:1\n\n"),
    ] {
        let out = run(&["-p", scratch(name, contents).to_str().unwrap()], b"");
        assert_exit(&out, 0, &["dlx: 1 solution, "]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), solution, "{name}");
    }
}

#[test]
fn every_engine_counts_the_same_and_exact_refuses_bounds() {
    // Queens: the count the file names, on every engine; the exact engine
    // and auto walk DLX1's tree (the same counters).
    let file = gen("queens_8.dlx");
    let want = expected_count(&file);
    let mut dlx1 = None;
    for engine in ["auto", "exact", "general"] {
        let out = run(&["--engine", engine, file.to_str().unwrap()], b"");
        assert_exit(&out, 0, &[]);
        assert_eq!(text(&out.stdout).trim(), want.to_string(), "{engine}");
        let c = counters(&text(&out.stderr));
        if engine != "general" {
            assert_eq!(*dlx1.get_or_insert(c), c, "{engine}");
        }
    }
    // Knuth's bounds example: one solution, which only Algorithm M takes.
    let bounds = scratch("engine_bounds", b"A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
    for engine in ["auto", "general"] {
        assert_exit(&run(&["--engine", engine, bounds.to_str().unwrap()], b""), 0, &["dlx: 1 solution, "]);
    }
    let out = run(&["--engine=exact", bounds.to_str().unwrap()], b"");
    assert_exit(&out, 1, &["--engine exact", "bounds or colors"]);
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_usage_exits_1() {
    let file = gen("queens_8.dlx");
    let file = file.to_str().unwrap();
    for args in [
        &["--bogus", file][..],
        &["-x", file],
        &[file, file],
        &["-n"],
        &["-n", "many", file],
        &["--max=-1", file],
        &["--progress", "soon", file],
        &["--progress=-1", file],
        &["--print=yes", file],
        &["--engine", "fast", file],
        &["--engine"],
    ] {
        let out = run(args, b"");
        assert_exit(&out, 1, &["dlx --help"]);
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // A count past u64::MAX says so, rather than "not a whole number"
    // (catches a parse error that forgets the number is whole).
    for args in [&["-n", "18446744073709551616", file][..], &["--max", "99999999999999999999", file]] {
        let out = run(args, b"");
        assert_exit(&out, 1, &["too large", "18446744073709551615"]);
    }
}

#[test]
fn help_documents_every_option() {
    for flag in ["-h", "--help"] {
        let out = run(&[flag], b"");
        assert!(out.status.success());
        let help = text(&out.stdout);
        for option in [
            "-p, --print",
            "-n, --max N",
            "-s, --stats",
            "-q, --quiet",
            "--progress SECS",
            "--engine E",
            "-h, --help",
            "-V, --version",
            "FILE",
            "Exit status",
        ] {
            assert!(help.contains(option), "--help lacks {option:?}");
        }
        for code in ["0 ", "1 ", "2 ", "3 ", "4 ", "5 "] {
            assert!(help.contains(&format!("\n  {code}")), "--help lacks exit status {code}");
        }
    }
}

#[test]
fn version_is_the_crate_version() {
    for flag in ["-V", "--version"] {
        let out = run(&[flag], b"");
        assert!(out.status.success());
        assert_eq!(text(&out.stdout), format!("dlx {}\n", env!("CARGO_PKG_VERSION")));
    }
}

/// --split lists subproblems; solving each with --force gives counts that
/// add up to the file's count (a fact: its first line).
#[test]
fn split_and_force_add_up() {
    for (name, depth) in [("queens_10", "2"), ("langford_8", "3")] {
        let path = gen(&format!("{name}.dlx"));
        let p = path.to_str().unwrap();
        let out = run(&["--split", depth, p], b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let parts: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
        assert!(parts.len() > 5, "{name}: {} parts", parts.len());
        let mut total = 0u64;
        for part in &parts {
            let out = run(&["-q", "--force", part, p], b"");
            assert!(out.status.success(), "{part}: {}", text(&out.stderr));
            total += text(&out.stdout).trim().parse::<u64>().unwrap();
        }
        assert_eq!(total, expected_count(&path), "{name}");
    }
}

/// With bounds, --split lines may leave options out (FORCE/EXCLUDE);
/// solving each with --force and --exclude gives counts that add up to the
/// number of sets of matches that hit every square of a 2 x 2 grid
/// (Square Destroyer as a cover with multiplicities), counted by brute force.
#[test]
fn split_with_bounds_and_exclude_add_up() {
    let squares = common::squares(2);
    let matches = 12;
    let expect = (0u64..1 << matches).filter(|set| squares.iter().all(|sq| sq & set != 0)).count() as u64;
    let mut file = String::new();
    for (q, sq) in squares.iter().enumerate() {
        file += &format!("1:{}|s{q} ", sq.count_ones());
    }
    file += "\n";
    for m in 0..matches {
        let row: Vec<String> = (0..squares.len()).filter(|&q| squares[q] >> m & 1 == 1).map(|q| format!("s{q}")).collect();
        file += &(row.join(" ") + "\n");
    }
    let out = run(&["-q", "-"], file.as_bytes());
    assert_eq!(text(&out.stdout).trim().parse::<u64>().unwrap(), expect);
    let out = run(&["--split", "3", "-"], file.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let parts: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert!(parts.iter().filter(|p| p.contains('/')).count() > 5, "{parts:?}");
    let mut total = 0u64;
    for part in &parts {
        let (force, exclude) = part.split_once('/').unwrap_or((part, ""));
        let out = run(&["-q", "--force", force, "--exclude", exclude, "-"], file.as_bytes());
        assert!(out.status.success(), "{part}: {}", text(&out.stderr));
        total += text(&out.stdout).trim().parse::<u64>().unwrap();
    }
    assert_eq!(total, expect);
    // An excluded option cannot be forced; an unknown one is refused.
    let out = run(&["--force", "0", "--exclude", "0", "-"], file.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["--exclude", "12", "-"], file.as_bytes());
    assert_eq!(out.status.code(), Some(1));
}

/// --seed: the same seed prints the same solutions, another seed another
/// order; every run finds the file's count.
#[test]
fn seed_fixes_the_order() {
    let path = gen("queens_8.dlx");
    let p = path.to_str().unwrap();
    let a = run(&["-q", "-p", "--seed", "11", p], b"");
    let b = run(&["-q", "-p", "--seed", "11", p], b"");
    let c = run(&["-q", "-p", "--seed", "12", p], b"");
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    let out = run(&["-q", "--seed", "12", p], b"");
    assert_eq!(text(&out.stdout).trim(), "92");
}

/// --force with clashing or unknown options, --max-nodes and --time-limit.
#[test]
fn force_errors_and_limits() {
    let path = gen("queens_8.dlx");
    let p = path.to_str().unwrap();
    // Options 0 and 1 put two queens on the first row.
    let out = run(&["--force", "0,1", p], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("conflict"), "{}", text(&out.stderr));
    let out = run(&["--force", "64", p], b"");
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["--force", "x", p], b"");
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["--max-nodes", "100", p], b"");
    assert_exit(&out, 5, &["stopped: node limit"]);
    assert_eq!(counters(&text(&out.stderr)).1, 100);
    let big = gen("queens_16.dlx");
    let out = run(&["--time-limit", "0.3", "--progress", "0.1", big.to_str().unwrap()], b"");
    assert_exit(&out, 5, &["stopped: time limit", "% done"]);
    // Issue 15: with --quiet too, a partial count is said to be one.
    let out = run(&["-q", "--time-limit", "0.3", big.to_str().unwrap()], b"");
    assert_exit(&out, 5, &["stopped: time limit", "partial"]);
    let partial: u64 = text(&out.stdout).trim().parse().unwrap();
    assert!(partial < expected_count(&big));
    // -n stops where asked: what it prints is the answer asked for.
    let out = run(&["-q", "-n", "3", p], b"");
    assert_exit(&out, 0, &[]);
    assert_eq!(text(&out.stdout), "3\n");
}

/// Issue 15, finding 5: arguments that are not UTF-8, output that cannot
/// be written, and option errors that name their option.
#[cfg(unix)]
#[test]
fn odd_arguments_and_failing_output_end_with_a_status() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let path = gen("queens_8.dlx");
    let p = path.to_str().unwrap();
    let bad = OsStr::from_bytes(b"\xff\xfe");
    let status = |cmd: &mut Command| cmd.stdin(Stdio::null()).output().expect("dlx runs");
    // A file name that is not UTF-8 is a file name: it does not exist.
    let out = status(Command::new(DLX).arg(bad));
    assert_exit(&out, 2, &["cannot read"]);
    // An option's value that is not UTF-8 is a usage error naming the option.
    let out = status(Command::new(DLX).arg("--max").arg(bad).arg(p));
    assert_exit(&out, 1, &["--max"]);
    let out = status(Command::new(DLX).arg(OsStr::from_bytes(b"--\xff")).arg(p));
    assert_exit(&out, 1, &["dlx --help"]);
    for (args, option) in [
        (&["--time-limit", "abc", p][..], "--time-limit"),
        (&["--progress", "abc", p], "--progress"),
        (&["--max-nodes", "x", p], "--max-nodes"),
        (&["--seed", "x", p], "--seed"),
        (&["--best", "x", "--fewest", p], "--best"),
        (&["--split", "x", p], "--split"),
        (&["-n", "x", p], "-n"),
    ] {
        let out = run(args, b"");
        assert_exit(&out, 1, &[option]);
        let err = text(&out.stderr);
        for other in ["--time-limit", "--progress", "--max-nodes", "--seed", "--best", "--split"] {
            assert!(other == option || !err.contains(other), "{args:?}: {err}");
        }
    }
    // Output to a full device, and to a closed standard output or error.
    if Path::new("/dev/full").exists() {
        let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = status(Command::new(DLX).arg("--help").stdout(full()).stderr(Stdio::piped()));
        assert_exit(&out, 4, &["cannot write"]);
        let out = status(Command::new(DLX).arg(p).stdout(Stdio::piped()).stderr(full()));
        assert_eq!(out.status.code(), Some(4));
        assert_eq!(text(&out.stdout), "92\n");
    }
    let closed_stdout = Command::new("sh").arg("-c").arg("\"$0\" -p \"$1\" >&-").arg(DLX).arg(p).output().unwrap();
    assert_exit(&closed_stdout, 4, &["standard output is closed"]);
    // The tool starts without the standard library's start-up code (it is
    // C's main, see dlx-tool/src/main.rs) and does what that code did itself. A
    // closed standard input reads as an empty text.
    let closed_stdin = Command::new("sh").arg("-c").arg("\"$0\" <&-").arg(DLX).output().unwrap();
    assert_exit(&closed_stdin, 2, &["standard input", "found the end of the text"]);
    // A reader gone before the output is written (as after `dlx -p FILE
    // | head -n 1`) does not kill the tool with SIGPIPE: the run ends
    // normally, status 0.
    let mut child = Command::new(DLX).arg("-p").arg(p).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("dlx runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("dlx ends");
    assert_eq!(out.status.code(), Some(0), "{:?}: {}", out.status, text(&out.stderr));
}

// ---- Optimisation: --min-cost, --max-cost, --fewest, --best ----

/// On random problems written in the text format, the costs `dlx` prints
/// for the K best are those of a brute-force enumeration over all subsets
/// of options (dlx-testkit/), and with --print each solution printed is an
/// exact cover of the cost printed above it.
#[test]
fn optimisation_options_match_brute_force() {
    use common::{brute_force, random_matrix, Lcg};
    use dlx_core::Goal;
    let mut g = Lcg(31);
    let mut nonempty = 0;
    for i in 0..60 {
        let m = random_matrix(&mut g, if i % 2 == 0 { 0 } else { -9 }, 20);
        if (0..m.columns()).all(|c| m.is_secondary(c) == Some(true)) {
            continue; // no text form (see format::write)
        }
        let problem = dlx_core::format::write(&m);
        // Read back, the matrix numbers primary columns first; the costs and
        // the covers are the same.
        let m = dlx_core::format::parse(&problem).unwrap();
        let (goal, flag) = [(Goal::MinCost, "--min-cost"), (Goal::MaxCost, "--max-cost"), (Goal::FewestRows, "--fewest")][i % 3];
        let k = 1 + i % 4;
        let expect: Vec<i64> = brute_force(&m, goal, &[]).into_iter().take(k).collect();
        nonempty += usize::from(!expect.is_empty());
        let file = scratch(&format!("opt_{i}.dlx"), problem.as_bytes());
        let out = run(&[flag, "--best", &k.to_string(), "-q", file.to_str().unwrap()], b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let got: Vec<i64> = text(&out.stdout).lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(got, expect, "{flag} --best {k} on\n{problem}");

        let out = run(&[flag, "--best", &k.to_string(), "-p", "-q", file.to_str().unwrap()], b"");
        let printed = text(&out.stdout);
        let mut costs = Vec::new();
        for block in printed.split("\n\n").filter(|b| !b.trim().is_empty()) {
            let mut lines = block.lines();
            let c: i64 = lines.next().unwrap().strip_prefix("cost ").unwrap().parse().unwrap();
            // Each option line names its items; options with the same items
            // (and other costs) cannot be told apart, so the cost printed
            // must be the sum for one choice among them.
            let candidates: Vec<Vec<usize>> = lines
                .map(|l| {
                    let same: Vec<usize> = (0..m.rows())
                        .filter(|&r| {
                            let names: Vec<&str> = m.row(r).unwrap().map(|c| m.column_name(c).unwrap()).collect();
                            names.join(" ") == l
                        })
                        .collect();
                    assert!(!same.is_empty(), "{l:?} is not an option");
                    same
                })
                .collect();
            let rows: Vec<usize> = candidates.iter().map(|same| same[0]).collect();
            assert!(common::is_exact_cover(&m, &rows), "{block}");
            let mut sums = vec![0i64];
            for same in &candidates {
                let m = &m;
                sums = sums.iter().flat_map(|s| same.iter().map(move |&r| s + common::cost(m, goal, &[r]))).collect();
            }
            assert!(sums.contains(&c), "{block}");
            costs.push(c);
        }
        assert_eq!(costs, expect);
    }
    assert!(nonempty > 20, "{nonempty}");
}

#[test]
fn optimisation_reports_improvements_and_rejects_bad_use() {
    let file = scratch("opt_small.dlx", b"A B C\nA |4\nB |1\nC |2\nA B |3\nB C |4\nA B C |8\n");
    let f = file.to_str().unwrap();
    let out = run(&["--min-cost", f], b"");
    assert_eq!(text(&out.stdout), "5\n");
    let err = text(&out.stderr);
    let found: Vec<&str> = err.lines().filter(|l| l.starts_with("dlx: found: cost ")).collect();
    // Each line also says when it was found: "dlx: found: cost 5 (0.000 s)".
    let last = found.last().and_then(|l| l.strip_prefix("dlx: found: cost 5 (")).and_then(|l| l.strip_suffix(" s)"));
    assert!(last.is_some_and(|t| t.parse::<f64>().is_ok_and(|t| t >= 0.0)), "{err}");
    // The bound: the optimum once complete; a stopped search says it too
    // (the relaxation's optimum is 5 here: the dual (3, 0, 2) reaches it).
    // Catches a bound left out of the JSON tail or the stopped line.
    assert!(text(&run(&["--min-cost", "--json", f], b"").stdout).contains("\"improvements\":1,\"bound\":5,"));
    let out = run(&["--min-cost", "--max-nodes", "1", f], b"");
    assert_exit(&out, 5, &["dlx: stopped at bound 5\n"]);
    assert!(text(&run(&["--json", "-n", "1", f], b"").stdout).find("bound").is_none());
    assert_exit(&run(&["--best", "2", f], b""), 1, &["--best needs"]);
    assert_exit(&run(&["--min-cost", "--best", "0", f], b""), 1, &["at least 1"]);
    assert_exit(&run(&["--fewest", "--split", "1", f], b""), 1, &["--split"]);
    let huge = scratch("opt_huge.dlx", b"A\nA |9223372036854775807\n");
    assert_exit(&run(&["--min-cost", huge.to_str().unwrap()], b""), 3, &["2^61"]);
    // No solution: no line at all.
    let none = scratch("opt_none.dlx", b"A B\nA |1\n");
    let out = run(&["--fewest", "-q", none.to_str().unwrap()], b"");
    assert!(out.status.success() && out.stdout.is_empty());
}

#[test]
fn a_slow_read_reports_how_far_it_has_read() {
    // Standard input that takes over a second to arrive: a line a second
    // says how far the reading is, and one at the end how long it took
    // (the count is still the file's: one solution). With --quiet, none.
    for quiet in [false, true] {
        let args: &[&str] = if quiet { &["-q"] } else { &[] };
        let mut child = Command::new(DLX).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("dlx runs");
        let mut input = child.stdin.take().expect("piped stdin");
        input.write_all(b"a b\n").unwrap();
        input.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1300));
        input.write_all(b"a b\n").unwrap();
        drop(input);
        let out = child.wait_with_output().expect("dlx finishes");
        assert!(out.status.success());
        assert_eq!(text(&out.stdout), "1\n");
        let err = text(&out.stderr);
        assert_eq!(err.lines().any(|l| l.starts_with("dlx: reading standard input: 0 MB, ")), !quiet, "{err}");
        assert_eq!(err.lines().any(|l| l.starts_with("dlx: read standard input in ")), !quiet, "{err}");
    }
}
