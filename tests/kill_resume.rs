//! The tool killed with SIGKILL at random moments and resumed from its last
//! checkpoint (`dlx --checkpoint CK --checkpoint-every S`, then `dlx
//! --resume CK`, output appended with `>>`), again and again until a run
//! finishes: the total, the solution set and the best costs must be those
//! of the facts. n queens: 73,712 solutions for n = 13 and 365,596 for
//! n = 14 (OEIS A000170), each listed solution checked and none twice; the
//! three best costs of a costed 11 queens computed here from its 2,680
//! solutions (listed by the tool, each checked, the list complete by the
//! count), not by the branch and bound under test.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const DLX: &str = env!("CARGO_BIN_EXE_dlx");

/// A folder of its own for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-kill-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// n queens in Knuth's format, option `i * n + j` a queen on (i, j), with
/// cost `(7 i + 3 j) % 11` when `costed`.
fn queens(n: usize, costed: bool) -> String {
    let mut t: Vec<String> = (0..n).map(|i| format!("r{i}")).chain((0..n).map(|j| format!("c{j}"))).collect();
    t.push("|".into());
    t.extend((0..2 * n - 1).map(|k| format!("a{k}")).chain((0..2 * n - 1).map(|k| format!("b{k}"))));
    let mut text = t.join(" ") + "\n";
    for i in 0..n {
        for j in 0..n {
            text += &format!("r{i} c{j} a{} b{}", i + j, i + n - 1 - j);
            if costed {
                text += &format!(" |{}", (7 * i + 3 * j) % 11);
            }
            text += "\n";
        }
    }
    text
}

/// A small generator, so that the kill times are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Runs `dlx ARGS --checkpoint CK FILE >> OUT` (with `--resume CK` once CK
/// exists), killing each run with SIGKILL after a random 5 to `most_ms`
/// ms, until one ends by itself; returns how many were killed mid-run and
/// the output.
fn kill_until_done(dir: &Path, matrix: &str, args: &[&str], most_ms: u64, seed: u64) -> (u32, String) {
    let file = dir.join("problem.dlx");
    fs::write(&file, matrix).unwrap();
    let ck = dir.join("ck");
    let out = dir.join("out");
    File::create(&out).unwrap();
    let mut g = Lcg(seed);
    let mut killed = 0;
    for round in 0.. {
        assert!(round < 400, "no end in sight");
        let mut cmd = Command::new(DLX);
        cmd.args(args).arg("--quiet").arg("--checkpoint-every").arg("0.01").arg("--checkpoint").arg(&ck);
        if ck.exists() {
            cmd.arg("--resume").arg(&ck);
        }
        cmd.arg(&file);
        let stdout = OpenOptions::new().append(true).open(&out).unwrap();
        let mut child = cmd.stdout(stdout).stderr(Stdio::piped()).spawn().unwrap();
        let wait = 5 + g.below(most_ms);
        std::thread::sleep(Duration::from_millis(wait));
        match child.try_wait().unwrap() {
            Some(status) => {
                let err = child.wait_with_output().unwrap().stderr;
                assert!(status.success(), "{status}: {}", String::from_utf8_lossy(&err));
                break;
            }
            None => {
                child.kill().unwrap();
                child.wait().unwrap();
                killed += 1;
            }
        }
    }
    (killed, fs::read_to_string(&out).unwrap())
}

/// The solutions printed (blocks of option lines, an empty line after
/// each), each as its sorted (row, column) cells, checked as n queens.
fn queens_solutions(text: &str, n: usize) -> Vec<Vec<(usize, usize)>> {
    let mut all = Vec::new();
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let mut cells: Vec<(usize, usize)> = block
            .lines()
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                (w[0][1..].parse().unwrap(), w[1][1..].parse().unwrap())
            })
            .collect();
        cells.sort();
        assert_eq!(cells.len(), n, "a solution of {} queens: {block}", cells.len());
        for (a, &(i, j)) in cells.iter().enumerate() {
            for &(k, l) in &cells[a + 1..] {
                assert!(i != k && j != l && i + l != k + j && i + j != k + l, "queens attack: {block}");
            }
        }
        all.push(cells);
    }
    all
}

/// Wrong code caught: a count lost or counted twice across a kill (the
/// checkpoint's count not the whole run's, pieces lost or repeated), on
/// one thread and on two.
#[test]
fn a_killed_count_resumes_to_the_total() {
    for (threads, most, seed) in [("1", 250, 1), ("2", 120, 2)] {
        let dir = folder(&format!("count{threads}"));
        let (killed, out) = kill_until_done(&dir, &queens(14, false), &["--plain", "-j", threads], most, seed);
        assert!(killed >= 1, "the runs should be killed mid-way, not {killed} times");
        assert_eq!(out.trim(), "365596", "14 queens, -j {threads}, {killed} kills");
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Wrong code caught: solutions printed after the last checkpoint printed
/// again on resume (the output not cut back), solutions lost, or the
/// output cut where it should not be.
#[test]
fn a_killed_listing_resumes_to_the_solution_set() {
    let dir = folder("list");
    let (killed, out) = kill_until_done(&dir, &queens(13, false), &["--print"], 120, 3);
    assert!(killed >= 1, "the runs should be killed mid-way, not {killed} times");
    let all = queens_solutions(&out, 13);
    let distinct: HashSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "a solution printed twice");
    assert_eq!(all.len(), 73712, "13 queens, {killed} kills");
    let _ = fs::remove_dir_all(&dir);
}

/// Wrong code caught: the best list not carried over a kill, or a piece
/// pruned by a bar it should not have.
#[test]
fn a_killed_k_best_resumes_to_the_best_costs() {
    let matrix = queens(11, true);
    let dir = folder("best");
    // The truth: every solution, listed and checked, its cost summed here.
    let file = dir.join("all.dlx");
    fs::write(&file, &matrix).unwrap();
    let listed = Command::new(DLX).args(["--print", "--quiet"]).arg(&file).output().unwrap();
    let all = queens_solutions(&String::from_utf8(listed.stdout).unwrap(), 11);
    assert_eq!(all.len(), 2680);
    let mut costs: Vec<u64> = all.iter().map(|s| s.iter().map(|&(i, j)| ((7 * i + 3 * j) % 11) as u64).sum()).collect();
    costs.sort_unstable();
    for (threads, seed) in [("1", 4), ("2", 5)] {
        let (_, out) = kill_until_done(&dir, &matrix, &["--min-cost", "--best", "3", "-j", threads], 40, seed);
        let got: Vec<u64> = out.lines().map(|l| l.trim().parse().unwrap()).collect();
        assert_eq!(got, costs[..3].to_vec(), "-j {threads}");
    }
    let _ = fs::remove_dir_all(&dir);
}
