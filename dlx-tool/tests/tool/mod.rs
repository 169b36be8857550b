//! What the tool's tests share: running `dlx`, the generated files and
//! the facts they state, and an independent reader of printed solutions
//! (the plain format read with its own few lines, not with
//! dlx_core::format).

use dlx_testkit as common;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub const DLX: &str = env!("CARGO_BIN_EXE_dlx");

/// Runs `dlx ARGS` with `stdin` as its standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(DLX)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("target/.../dlx runs");
    // The tool may exit before reading (usage errors): ignore a broken pipe.
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin);
    child.wait_with_output().expect("dlx finishes")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("dlx writes UTF-8")
}

/// A file of tools/gen_instances.py, generated on first use.
pub fn gen(name: &str) -> PathBuf {
    let path = common::generated().join(name);
    assert!(path.is_file(), "gen_instances.py wrote no {}", path.display());
    path
}

/// A scratch file with `contents`, in cargo's temporary folder for tests.
pub fn scratch(name: &str, contents: &[u8]) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_{name}"));
    std::fs::write(&path, contents).expect("the scratch file is written");
    path
}

/// The count that the file's first line names: the number after "expect ".
pub fn expected_count(path: &Path) -> u64 {
    let text = std::fs::read_to_string(path).expect("readable");
    let first = text.lines().next().expect("a first line");
    first
        .split("expect ")
        .nth(1)
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{}: the first line names no count: {first}", path.display()))
}

/// The counters of the last `dlx: S solutions, N nodes, U updates, ...` line.
pub fn counters(stderr: &str) -> (u64, u64, u64) {
    let line = stderr
        .lines()
        .rfind(|l| l.starts_with("dlx: ") && !l.starts_with("dlx: progress:"))
        .unwrap_or_else(|| panic!("no counters on stderr: {stderr:?}"));
    let field = |unit: &str| -> u64 {
        line.split(", ")
            .find_map(|part| part.trim_start_matches("dlx: ").strip_suffix(unit).map(str::trim))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no `{unit}` in {line:?}"))
    };
    let solutions = if line.contains("dlx: 1 solution, ") { 1 } else { field(" solutions") };
    (solutions, field(" nodes"), field(" updates"))
}

/// Runs `dlx --plain FILE` and checks the count on stdout against the
/// file's own figure; returns (solutions, nodes, updates) from stderr.
pub fn count(name: &str) -> (u64, u64, u64) {
    let path = gen(name);
    let expect = expected_count(&path);
    let out = run(&["--progress", "0", "--plain", path.to_str().unwrap()], b"");
    assert!(out.status.success(), "{name}: {:?} {}", out.status, text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{expect}\n"), "{name}: the count on stdout");
    let c = counters(&text(&out.stderr));
    assert_eq!(c.0, expect, "{name}: the solutions on stderr");
    c
}

/// A problem as the checker sees it: item names in order, how many are
/// primary, and each option as its list of names.
pub struct Problem {
    pub items: Vec<String>,
    pub primary: usize,
    pub options: Vec<Vec<String>>,
}

/// Reads the plain format (no colors, bounds or costs): `|` lines are
/// comments, then the item line, then one option per line.
pub fn read_problem(text: &str) -> Problem {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
    let header = lines.next().expect("an item line");
    let words: Vec<&str> = header.split_whitespace().collect();
    let primary = words.iter().position(|&w| w == "|").unwrap_or(words.len());
    let items = words.iter().filter(|&&w| w != "|").map(|w| w.to_string()).collect();
    let options = lines.map(|l| l.split_whitespace().map(str::to_string).collect()).collect();
    Problem { items, primary, options }
}

/// Splits the output of `--print` into solutions: each one is its lines,
/// followed by one empty line.
pub fn solutions(stdout: &str) -> Vec<Vec<&str>> {
    let mut all = Vec::new();
    let mut current = Vec::new();
    for line in stdout.split_inclusive('\n') {
        assert!(line.ends_with('\n'), "output ends in the middle of a line: {line:?}");
        let line = &line[..line.len() - 1];
        if line.is_empty() {
            all.push(std::mem::take(&mut current));
        } else {
            current.push(line);
        }
    }
    assert!(current.is_empty(), "the last solution is not followed by an empty line");
    all
}

/// Checks that every printed solution is an exact cover of `p` made of its
/// options, each printed as written, and that no solution comes twice.
/// Returns the number of solutions.
pub fn check_printed(p: &Problem, stdout: &str) -> usize {
    let options: HashSet<Vec<&str>> = p.options.iter().map(|o| o.iter().map(String::as_str).collect()).collect();
    let column: HashMap<&str, usize> = p.items.iter().enumerate().map(|(k, n)| (n.as_str(), k)).collect();
    let mut seen = HashSet::new();
    let all = solutions(stdout);
    for (k, solution) in all.iter().enumerate() {
        let mut hits = vec![0u32; p.items.len()];
        let mut chosen = BTreeSet::new();
        for line in solution {
            let names: Vec<&str> = line.split(' ').collect();
            assert!(options.contains(&names), "solution {k}: {line:?} is not an option of the file");
            for n in &names {
                hits[column[n]] += 1;
            }
            chosen.insert(line.to_string());
        }
        for (c, &h) in hits.iter().enumerate() {
            if c < p.primary {
                assert_eq!(h, 1, "solution {k}: primary item {} covered {h} times", p.items[c]);
            } else {
                assert!(h <= 1, "solution {k}: secondary item {} covered {h} times", p.items[c]);
            }
        }
        assert!(seen.insert(chosen), "solution {k} was printed twice");
    }
    all.len()
}

pub fn print_check(name: &str) {
    let path = gen(name);
    let p = read_problem(&std::fs::read_to_string(&path).unwrap());
    let out = run(&["-p", path.to_str().unwrap()], b"");
    assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    let n = check_printed(&p, &text(&out.stdout));
    assert_eq!(n as u64, expected_count(&path), "{name}: the number of printed solutions");
    assert_eq!(counters(&text(&out.stderr)).0, n as u64);
}


pub fn assert_exit(out: &Output, code: i32, needles: &[&str]) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    for n in needles {
        assert!(err.contains(n), "stderr lacks {n:?}: {err}");
    }
}
