//! The `dlx` command-line tool (dlx-tool/src/main.rs), run as a program.
//!
//! Expected values are facts: the solution count that each file of
//! tools/gen_instances.py names in its first comment line ("expect N";
//! for "expect N raw (...)" the raw N, which counts mirror images apart),
//! Knuth's DLX1 counters on the same files (his program's figures, and the
//! issue's figure for Scott's board), and for printed solutions an
//! independent check written here: every printed line is an option of the
//! file and every solution is an exact cover of the file's items. The
//! checker reads the files with its own few lines, not with dlx_core::format.

use dlx_testkit as common;

use std::collections::BTreeSet;

#[allow(dead_code)]
mod tool;

use tool::*;

/// `dlx FILE` counts automatically: a board of 12,988,816 tilings (Kasteleyn)
/// by memo, Scott's board by the plain search, with DLX1's counters (those
/// of `--plain`); `--stats` says which count ran, a quick count without it
/// does not. Catches a default that enumerates tilings, a race that leaves
/// the plain search's counters short, or the choice printed on every toy
/// count (issue 69).
#[test]
fn the_default_count_is_automatic() {
    let board = gen("domino_8x8.dlx");
    let out = run(&["--progress", "0", "--stats", board.to_str().unwrap()], b"");
    assert_exit(&out, 0, &[]);
    assert_eq!(text(&out.stdout), "12988816\n");
    assert!(text(&out.stderr).contains("counted by memo"), "{}", text(&out.stderr));
    let scott = gen("scott_8x8_hole.dlx");
    let out = run(&["--progress", "0", "-s", scott.to_str().unwrap()], b"");
    assert_exit(&out, 0, &[]);
    assert_eq!(text(&out.stdout), "520\n");
    assert!(text(&out.stderr).contains("counted by the plain search"), "{}", text(&out.stderr));
    assert_eq!(counters(&text(&out.stderr)), count("scott_8x8_hole.dlx"));
    let out = run(&["--progress", "0", "-"], b"A B\nA\nB\n");
    assert_exit(&out, 0, &[]);
    assert_eq!(text(&out.stdout), "1\n");
    assert!(!text(&out.stderr).contains("counted by"), "a toy count names no choice: {}", text(&out.stderr));
    assert_eq!(counters(&text(&out.stderr)).0, 1, "the counters still come");
    let out = run(&["--auto", "--plain", board.to_str().unwrap()], b"");
    assert_exit(&out, 1, &["--auto does not combine with --plain"]);
}

/// `--zdd FILE` writes the diagram in DLX6's text (read here: each line
/// `ID: (~V?LO:HI)`, the root line of variable 0 last), prints the count
/// (Kasteleyn's 6728 tilings of 6x6) and, on standard error, the
/// solutions by size (every tiling has 18 dominoes). Catches a file not
/// written, a count not printed, a file whose paths do not count the
/// tilings, and options that make no sense with it.
#[test]
fn zdd_writes_the_diagram_and_prints_the_count() {
    let board = gen("domino_6x6.dlx");
    let file = std::env::temp_dir().join(format!("dlx-cli-{}.zdd", std::process::id()));
    let out = run(&["--zdd", file.to_str().unwrap(), board.to_str().unwrap()], b"");
    assert_exit(&out, 0, &[]);
    assert_eq!(text(&out.stdout), "6728\n");
    assert!(text(&out.stderr).contains("solutions by size: 18:6728"), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    let mut nodes = std::collections::HashMap::new();
    let mut root = 0;
    for line in written.lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (var, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let hex = |s: &str| u64::from_str_radix(s, 16).unwrap();
        if var == "0" {
            root = hex(hi);
        } else {
            nodes.insert(hex(id), (hex(lo), hex(hi)));
        }
    }
    // Paths to node 1, children first (a node comes after those it points to).
    let mut ids: Vec<u64> = nodes.keys().copied().collect();
    ids.sort_unstable();
    let mut paths = std::collections::HashMap::from([(0u64, 0u64), (1, 1)]);
    for id in ids {
        let (lo, hi) = nodes[&id];
        paths.insert(id, paths[&lo] + paths[&hi]);
    }
    assert_eq!(paths[&root], 6728);
    let out = run(&["--zdd", "x.zdd", "--memo", board.to_str().unwrap()], b"");
    assert_exit(&out, 1, &["--zdd does not combine with --memo"]);
    let out = run(&["--memo-parts", "sometimes", board.to_str().unwrap()], b"");
    assert_exit(&out, 1, &["--memo-parts wants 'auto', 'always' or 'never'"]);
}

/// `--pre-out` writes what Knuth's dlx-pre.w says is left of his first
/// example (items A, B, E; options 1, 4 and 5 cut to one item each), with
/// each option's number in the input; `--pre` finds the one solution
/// ("A D", "C E F", "B G") by the file's option numbers. Wrong code caught:
/// a row map off by the removed rows, a summary not printed, `--pre-out`
/// taken with a solving option.
#[test]
fn pre_reduces_knuths_example_and_keeps_the_files_numbers() {
    let example = b"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let file = std::env::temp_dir().join(format!("dlx-cli-{}.pre", std::process::id()));
    let out = run(&["--pre-out", file.to_str().unwrap()], example);
    assert_exit(&out, 0, &["removed 3 of 6 options and 4 of 7 items", "nothing more to remove"]);
    let written = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert_eq!(written, "A B E\nE\n| from option 0\nA\n| from option 3\nB\n| from option 4\n");
    let out = run(&["--pre", "-p"], example);
    assert_exit(&out, 0, &["removed 3 of 6 options"]);
    let printed = text(&out.stdout);
    let mut lines: Vec<&str> = printed.lines().filter(|l| !l.is_empty()).collect();
    lines.sort_unstable();
    assert_eq!(lines, ["A D", "B G", "C E F"]);
    let out = run(&["--pre-out", "x.dlx", "--memo"], example);
    assert_exit(&out, 1, &["--pre-out does not combine with --memo"]);
}

/// Wrong code caught: `--pre-out` writing a text the tool cannot read
/// (an empty item line) when preprocessing leaves no item. `0:0|a` with
/// the option `a` has one solution, choosing nothing (a may be covered 0
/// times only); every item and option goes, and what is written must read
/// back to one solution too. An infeasible problem's text reads back to
/// no solution.
#[test]
fn pre_out_always_writes_a_text_that_reads_back() {
    for (problem, count) in [(&b"0:0|a\na\n"[..], "1"), (b"a b\nb\n", "0"), (b"a | x\nx\na\n", "1")] {
        let file = std::env::temp_dir().join(format!("dlx-cli-{}-{count}-{}.pre", std::process::id(), problem.len()));
        let out = run(&["--pre-out", file.to_str().unwrap()], problem);
        assert_exit(&out, 0, &["removed"]);
        let written = std::fs::read(&file).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(text(&run(&[], problem).stdout).trim(), count, "the problem itself");
        let back = run(&[], &written);
        assert_exit(&back, 0, &[]);
        assert_eq!(text(&back.stdout).trim(), count, "{}", String::from_utf8_lossy(&written));
    }
}

/// One test per file of tools/gen_instances.py whose run takes a few seconds at most.
macro_rules! counts {
    ($($test:ident: $file:literal),* $(,)?) => {
        $(#[test] fn $test() { count($file); })*
        /// Every file tools/gen_instances.py writes has a test here (fast or ignored).
        const COUNTED: &[&str] = &[$($file),*];
    };
}

counts! {
    count_queens_8_op: "queens_8_op.dlx",
    count_queens_10: "queens_10.dlx",
    count_queens_10_op: "queens_10_op.dlx",
    count_queens_11: "queens_11.dlx",
    count_queens_11_op: "queens_11_op.dlx",
    count_queens_12: "queens_12.dlx",
    count_queens_12_op: "queens_12_op.dlx",
    count_queens_13: "queens_13.dlx",
    count_queens_13_op: "queens_13_op.dlx",
    count_queens_14_op: "queens_14_op.dlx",
    count_langford_7: "langford_7.dlx",
    count_langford_8: "langford_8.dlx",
    count_langford_11: "langford_11.dlx",
    count_langford_12: "langford_12.dlx",
    count_pento_3x20: "pento_3x20.dlx",
    count_pento_4x15: "pento_4x15.dlx",
    count_pento_5x12: "pento_5x12.dlx",
}

// Files whose tests below also check Knuth's counters, or are ignored.
const COUNTED_ELSEWHERE: &[&str] = &[
    "queens_8.dlx",
    "domino_6x6.dlx",
    "queens_14.dlx",
    "scott_8x8_hole.dlx",
    "pento_6x10.dlx",
    "domino_8x8.dlx",
    "queens_15.dlx",
    "queens_15_op.dlx",
    "queens_16.dlx",
    "queens_16_op.dlx",
    "langford_15.dlx",
];

#[test]
fn every_generated_file_is_tested() {
    let dir = common::generated();
    let mut on_disk: BTreeSet<String> = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("the generated folder") {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".dlx") {
            on_disk.insert(name);
        }
    }
    let tested: BTreeSet<String> = COUNTED.iter().chain(COUNTED_ELSEWHERE).map(|s| s.to_string()).collect();
    let missing: Vec<_> = on_disk.difference(&tested).collect();
    assert!(missing.is_empty(), "files of tools/gen_instances.py with no test in dlx-tool/tests/cli.rs: {missing:?}");
    let gone: Vec<_> = tested.difference(&on_disk).collect();
    assert!(gone.is_empty(), "tests for files gen_instances.py no longer writes: {gone:?}");
}

// Knuth's DLX1 counters on the same files (his program's figures):
// (solutions, nodes, updates).

#[test]
fn queens_8_as_dlx1() {
    assert_eq!(count("queens_8.dlx"), (92, 1_223, 21_456));
}

#[test]
fn domino_6x6_as_dlx1() {
    assert_eq!(count("domino_6x6.dlx"), (6_728, 25_695, 95_296));
}

#[test]
fn queens_14_as_dlx1() {
    assert_eq!(count("queens_14.dlx"), (365_596, 8_943_951, 169_411_178));
}

/// The issue's figure for DLX1 on Scott's board: 520 solutions, 102,179,915
/// updates (no node count given).
#[test]
fn scott_8x8_hole_as_dlx1() {
    let (solutions, _, updates) = count("scott_8x8_hole.dlx");
    assert_eq!((solutions, updates), (520, 102_179_915));
}

/// Knuth's DLX3 (built from dlx3.w) on the 0/1 matrices of order `n` with
/// row sums `rows` and column sums 2: the items `rows|r0 ... 2|c0 ...`
/// and an option `ri cj` per cell.
fn sums_text(n: usize, rows: &str) -> Vec<u8> {
    let mut text = String::new();
    let items: Vec<String> = (0..n).map(|i| format!("{rows}|r{i}")).chain((0..n).map(|j| format!("2|c{j}"))).collect();
    text.push_str(&items.join(" "));
    text.push('\n');
    for i in 0..n {
        for j in 0..n {
            text.push_str(&format!("r{i} c{j}\n"));
        }
    }
    text.into_bytes()
}

/// A count with multiplicities walks DLX3's tree: its solutions (OEIS
/// A001499 for 7x7, row and column sums 2) and the nodes and updates his
/// DLX3 prints on the same file. Catches a branching rule that strays from
/// his (a different tree: more nodes, as the rule before did, 9,028,408 on
/// the first and 21,557,130 on the second).
#[test]
fn multiplicities_walk_dlx3s_tree() {
    // On the links (Algorithm M) his updates too; on the bit sets (the
    // default for so small a matrix) the same nodes where no line has
    // slack, updates counted their own way. The second: rows taking 1 to
    // 3, columns 2 (3,730,950 by a dynamic programme over the columns);
    // DLX3 visits 13,909,138 nodes (it counts its updates with slack its
    // own way), and the bit sets fewer: they pass over a row that has its
    // one row and no cell left, where DLX3 branches on it once more.
    let sums7 = scratch("sums7", &sums_text(7, "2"));
    let sums6 = scratch("sums6", &sums_text(6, "1:3"));
    for (file, want, his_updates) in [(&sums7, (3_110_940, 8_857_320), Some(32_081_499)), (&sums6, (3_730_950, 13_909_138), None)] {
        for engine in ["general", "auto"] {
            let out = run(&["--progress", "0", "--plain", "--engine", engine, file.to_str().unwrap()], b"");
            assert_exit(&out, 0, &[]);
            let (solutions, nodes, updates) = counters(&text(&out.stderr));
            if engine == "auto" && file == &sums6 {
                assert_eq!(solutions, want.0);
                assert!(nodes < want.1, "{nodes} nodes");
            } else {
                assert_eq!((solutions, nodes), want, "{engine}");
            }
            if engine == "general" && his_updates.is_some() {
                assert_eq!(Some(updates), his_updates);
            }
        }
    }
}

/// 1.24 G updates: about 8 s alone on the 2-core Xeon where this suite was
/// written (release build), the slowest test that always runs.
#[test]
fn pento_6x10_as_dlx1() {
    assert_eq!(count("pento_6x10.dlx"), (9_356, 3_637_261, 1_242_377_480));
}

/// 13 million solutions, about 8 s.
#[test]
fn count_domino_8x8() {
    count("domino_8x8.dlx");
}

/// About 6 s (the organ-pipe order walks a smaller tree than queens_15's).
#[test]
fn count_queens_15_op() {
    count("queens_15_op.dlx");
}

// The slow files, over 10 s each there; run them with
// `cargo test --release -p dlx-tool --test cli -- --ignored`.

/// 2.3 million solutions, about 16 s.
#[test]
#[ignore]
fn count_queens_15() {
    count("queens_15.dlx");
}

/// 14.8 million solutions, about 78 s.
#[test]
#[ignore]
fn count_queens_16() {
    count("queens_16.dlx");
}

/// About 50 s.
#[test]
#[ignore]
fn count_queens_16_op() {
    count("queens_16_op.dlx");
}

/// 79.6 million solutions: many minutes (3.4 million in its first 30 s).
#[test]
#[ignore]
fn count_langford_15() {
    count("langford_15.dlx");
}

/// n queens in the text format with the square's mirror and quarter turn
/// as `|@symmetry` lines: items r0.. (rows), f0.. (files), then secondary
/// a0.. (i + j) and b0.. (i - j + n - 1); each symmetry's cycles computed
/// here from the squares each item holds.
fn queens_with_symmetries(n: usize) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut lines: Vec<BTreeSet<(usize, usize)>> = Vec::new();
    for (prefix, count) in [("r", n), ("f", n), ("a", 2 * n - 1), ("b", 2 * n - 1)] {
        for k in 0..count {
            names.push(format!("{prefix}{k}"));
            lines.push(BTreeSet::new());
        }
    }
    let cols = |i: usize, j: usize| [i, n + j, 2 * n + i + j, 4 * n - 1 + i + n - 1 - j];
    let mut text = format!("{} | {}\n", names[..2 * n].join(" "), names[2 * n..].join(" "));
    for i in 0..n {
        for j in 0..n {
            let c = cols(i, j);
            text += &format!("{} {} {} {}\n", names[c[0]], names[c[1]], names[c[2]], names[c[3]]);
            c.iter().for_each(|&k| {
                lines[k].insert((i, j));
            });
        }
    }
    let turns: [&dyn Fn(usize, usize) -> (usize, usize); 2] = [&|i, j| (i, n - 1 - j), &|i, j| (j, n - 1 - i)];
    for f in turns {
        let image: Vec<usize> = lines.iter().map(|l| lines.iter().position(|m| *m == l.iter().map(|&(i, j)| f(i, j)).collect()).unwrap()).collect();
        let mut seen = vec![false; image.len()];
        text += "|@symmetry";
        for start in 0..image.len() {
            let mut cycle = Vec::new();
            let mut c = start;
            while !seen[c] {
                seen[c] = true;
                cycle.push(names[c].as_str());
                c = image[c];
            }
            if cycle.len() > 1 {
                text += &format!(" {}", cycle.join(":"));
            }
        }
        text += "\n";
    }
    text
}

/// `--orbits` counts up to the file's `|@symmetry` lines: n queens up to
/// the symmetries of the square are 1, 0, 0, 1, 2, 1, 6, 12 (OEIS A002562)
/// by each method; `--print` lists that many, each a solution. A line
/// that is no symmetry exits 2, a clash 1. Catches the directive read as a
/// plain comment (the raw count), a method flag ignored, a listing of
/// every solution.
#[test]
fn orbits_count_up_to_the_files_symmetries() {
    for (n, want) in [(4usize, 1u64), (5, 2), (6, 1), (8, 12)] {
        let text = queens_with_symmetries(n);
        for method in ["--auto", "--plain", "--memo"] {
            let out = run(&["--orbits", method, "-"], text.as_bytes());
            assert_exit(&out, 0, &[]);
            assert_eq!(self::text(&out.stdout), format!("{want}\n"), "{n} queens, {method}");
        }
        let out = run(&["--orbits", "--print", "-"], text.as_bytes());
        assert_exit(&out, 0, &[]);
        let printed = self::text(&out.stdout);
        assert_eq!(check_printed(&read_problem(&text), &printed) as u64, want, "{n} queens listed");
    }
    let out = run(&["--orbits", "-"], b"a b c\n|@symmetry a:c\na b\nc\n");
    assert_exit(&out, 2, &["does not map the matrix to itself"]);
    let out = run(&["--orbits", "--min-cost", "-"], b"a\na\n");
    assert_exit(&out, 1, &["--orbits does not combine with --min-cost"]);
    let out = run(&["-"], b"a b\n|@symmetry a:x\na\nb\n");
    assert_exit(&out, 2, &["line 2, column 14", "not `x`"]);
}

/// `--unique`: Knuth's example (TAOCP 7.2.2.1 (6)) has one solution, 4
/// queens two, a problem with an item no option holds none; each printed
/// solution is checked against the file. Catches a verdict from a count
/// stopped too early (one found, the second never looked for), solutions
/// not printed, a clash taken.
#[test]
fn unique_says_none_one_or_several() {
    let knuth = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
    let queens = queens_with_symmetries(4);
    for (problem, verdict, solutions) in [(knuth, "unique", 1), (queens.as_str(), "several", 2), ("a b\na\n", "none", 0)] {
        let out = run(&["--unique", "-q", "-"], problem.as_bytes());
        assert_exit(&out, 0, &[]);
        let stdout = text(&out.stdout);
        let (first, rest) = stdout.split_once('\n').unwrap();
        assert_eq!(first, verdict, "{problem}");
        assert_eq!(check_printed(&read_problem(problem), rest), solutions, "{problem}");
    }
    let out = run(&["--unique", "--print", "-"], knuth.as_bytes());
    assert_exit(&out, 1, &["--unique does not combine with --print"]);
}

/// `--cnf FILE` and `--opb FILE` write what `format::write_cnf` and
/// `write_opb` write (those are checked against a model counter and a
/// brute force in dlx-core/tests/export.rs), with the objective the
/// command line asks for, and say the figures; they refuse the options of
/// a search and report a file they cannot write. Catches the objective
/// dropped on the way, a truncated file (no flush), and a search run
/// after the export.
#[test]
fn cnf_and_opb_exports_are_the_librarys() {
    let problem = "A B C D\nA B |3\nC D |4\nA |1\nB |1\nC |2\nD |3\nA B C D |8\n";
    let m = dlx_core::format::parse(problem).unwrap();
    let dir = std::env::temp_dir().join(format!("dlx-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (cnf, opb) = (dir.join("p.cnf"), dir.join("p.opb"));
    let out = run(&["--cnf", cnf.to_str().unwrap(), "-"], problem.as_bytes());
    assert_exit(&out, 0, &["--cnf: ", "variables", "clauses written to"]);
    assert!(out.stdout.is_empty(), "no count printed: {}", text(&out.stdout));
    let mut want = Vec::new();
    dlx_core::format::write_cnf(&m, &mut want).unwrap();
    assert_eq!(std::fs::read(&cnf).unwrap(), want);
    let out = run(&["--opb", opb.to_str().unwrap(), "--max-cost", "-"], problem.as_bytes());
    assert_exit(&out, 0, &["--opb: ", "constraints written to"]);
    let mut want = Vec::new();
    dlx_core::format::write_opb(&m, Some(dlx_core::Goal::MaxCost), &mut want).unwrap();
    assert_eq!(std::fs::read(&opb).unwrap(), want);
    assert!(String::from_utf8(want).unwrap().contains("min: -3 x1 -4 x2"), "the negated costs");
    for args in [&["--cnf", "x.cnf", "--print", "-"][..], &["--cnf", "x.cnf", "--fewest", "-"], &["--opb", "x.opb", "--memo", "-"], &["--cnf", "x", "--opb", "y", "-"]] {
        assert_exit(&run(args, problem.as_bytes()), 1, &["does not combine with"]);
    }
    let out = run(&["--cnf", dir.join("no/such/dir/p.cnf").to_str().unwrap(), "-"], problem.as_bytes());
    assert_exit(&out, 4, &["--cnf: ", "no/such/dir/p.cnf"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
