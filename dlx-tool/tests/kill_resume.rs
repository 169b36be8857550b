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
use std::fs::{self, OpenOptions};
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

/// A folder of its own with n queens in `q.dlx`: the folder, the file and
/// the path for a checkpoint.
fn queens_in(name: &str, n: usize) -> (PathBuf, PathBuf, PathBuf) {
    let dir = folder(name);
    let file = dir.join("q.dlx");
    fs::write(&file, queens(n, false)).unwrap();
    let ck = dir.join("ck");
    (dir, file, ck)
}

/// Sends `signal` to the process `pid` (a child of the test's).
fn send(pid: u32, signal: i32) {
    // SAFETY: kill on a child's own pid.
    unsafe { libc::kill(pid as i32, signal) };
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

/// How the runs of [`kill_until_done`] are stopped and written.
#[derive(Clone, Copy)]
struct Kills {
    /// The signal each run but the last gets (SIGKILL, SIGINT, SIGTERM).
    signal: i32,
    /// A run lives a random 5 to `5 + most_ms` ms.
    most_ms: u64,
    seed: u64,
    /// `--checkpoint-every`.
    every: &'static str,
    /// After this many stopped runs, the next runs to its end.
    most_kills: u32,
}

const KILLS: Kills = Kills { signal: libc::SIGKILL, most_ms: 120, seed: 1, every: "0.01", most_kills: u32::MAX };

/// What [`kill_until_done`] saw.
struct Ended {
    /// Runs stopped by the signal before one ended by itself.
    killed: u32,
    /// The output after [`HEADER`], which must be intact before it.
    out: String,
    /// The last run's exit status and standard error, and the whole run's
    /// seconds in the checkpoint it resumed from.
    code: i32,
    err: String,
    seconds_before_last: f64,
}

/// What the output file holds before the first run: a run's own output is
/// appended after it (`>>`), and must leave it as it is.
const HEADER: &str = "a script's own first line, before the runs\n";

/// Runs `dlx ARGS --checkpoint CK FILE >> OUT` (with `--resume CK` once CK
/// exists), stopping each run with `kills.signal` after a random while,
/// until one ends by itself; OUT starts with [`HEADER`]. A run stopped by
/// SIGINT or SIGTERM must exit with status 5 after writing its checkpoint
/// (or 0, when it had just ended by itself); SIGKILL gives none.
fn kill_until_done(dir: &Path, matrix: &str, args: &[&str], kills: Kills) -> Ended {
    let file = dir.join("problem.dlx");
    fs::write(&file, matrix).unwrap();
    let ck = dir.join("ck");
    let _ = fs::remove_file(&ck);
    let out = dir.join("out");
    fs::write(&out, HEADER).unwrap();
    let mut g = Lcg(kills.seed);
    let mut killed = 0;
    for round in 0.. {
        assert!(round < 400, "no end in sight");
        let mut cmd = Command::new(DLX);
        cmd.args(args).arg("--checkpoint-every").arg(kills.every).arg("--checkpoint").arg(&ck);
        if ck.exists() {
            cmd.arg("--resume").arg(&ck);
        }
        cmd.arg(&file);
        let seconds_before_last = checkpoint_seconds(&ck);
        let stdout = OpenOptions::new().append(true).open(&out).unwrap();
        let mut child = cmd.stdout(stdout).stderr(Stdio::piped()).spawn().unwrap();
        let wait = 5 + g.below(kills.most_ms);
        if killed < kills.most_kills {
            std::thread::sleep(Duration::from_millis(wait));
        }
        if killed < kills.most_kills && child.try_wait().unwrap().is_none() {
            send(child.id(), kills.signal);
            let done = child.wait_with_output().unwrap();
            let code = done.status.code();
            if kills.signal == libc::SIGKILL || code == Some(5) {
                killed += 1;
                continue;
            }
            // A run that ended by itself as the signal came.
            assert_eq!(code, Some(0), "a run stopped by signal {}: {}", kills.signal, String::from_utf8_lossy(&done.stderr));
            continue;
        }
        let done = child.wait_with_output().unwrap();
        let text = fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(HEADER), "the output's earlier content was cut: {:?}", &text[..text.len().min(80)]);
        return Ended {
            killed,
            out: text[HEADER.len()..].to_string(),
            code: done.status.code().unwrap_or(-1),
            err: String::from_utf8_lossy(&done.stderr).into_owned(),
            seconds_before_last,
        };
    }
    unreachable!()
}

/// The `seconds` line of the checkpoint in `ck` (0 without one).
fn checkpoint_seconds(ck: &Path) -> f64 {
    let text = fs::read_to_string(ck).unwrap_or_default();
    text.lines().find_map(|l| l.strip_prefix("seconds ")).map_or(0.0, |s| s.parse().unwrap())
}

/// A run of `dlx ARGS FILE` without checkpoints: its exit status and
/// standard output.
fn uninterrupted(dir: &Path, matrix: &str, args: &[&str]) -> (i32, String) {
    let (code, out, _) = uninterrupted_with_counters(dir, matrix, args);
    (code, out)
}

/// [`uninterrupted`], with its standard error too.
fn uninterrupted_with_counters(dir: &Path, matrix: &str, args: &[&str]) -> (i32, String, String) {
    let file = dir.join("whole.dlx");
    fs::write(&file, matrix).unwrap();
    let done = Command::new(DLX).args(args).arg(&file).output().unwrap();
    (done.status.code().unwrap_or(-1), String::from_utf8(done.stdout).unwrap(), String::from_utf8(done.stderr).unwrap())
}

/// The counters line of standard error (`dlx: S solutions, N nodes, U
/// updates, T s, R M updates/s`): S, N, U, T and R.
fn counters_line(err: &str) -> (u64, u64, u64, f64, f64) {
    let line = err.lines().rfind(|l| l.contains(" updates/s") && !l.contains("progress")).unwrap_or_else(|| panic!("no counters line: {err}"));
    let words: Vec<&str> = line.trim_start_matches("dlx: ").split(", ").map(|w| w.split(' ').next().unwrap()).collect();
    (words[0].parse().unwrap(), words[1].parse().unwrap(), words[2].parse().unwrap(), words[3].parse().unwrap(), words[4].parse().unwrap())
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
        let end = kill_until_done(&dir, &queens(14, false), &["--plain", "--quiet", "-j", threads], Kills { most_ms: most, seed, ..KILLS });
        assert!(end.killed >= 1, "the runs should be killed mid-way, not {} times", end.killed);
        assert_eq!(end.out.trim(), "365596", "14 queens, -j {threads}, {} kills", end.killed);
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Wrong code caught: solutions printed after the last checkpoint printed
/// again on resume (the output not cut back), solutions lost, or the
/// output cut where it should not be.
#[test]
fn a_killed_listing_resumes_to_the_solution_set() {
    let dir = folder("list");
    let end = kill_until_done(&dir, &queens(13, false), &["--print", "--quiet"], Kills { seed: 3, ..KILLS });
    assert!(end.killed >= 1, "the runs should be killed mid-way, not {} times", end.killed);
    assert_once(&end.out, 13, 73712, "13 queens");
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
        let end = kill_until_done(&dir, &matrix, &["--min-cost", "--best", "3", "--quiet", "-j", threads], Kills { most_ms: 40, seed, ..KILLS });
        let got: Vec<u64> = end.out.lines().map(|l| l.trim().parse().unwrap()).collect();
        assert_eq!(got, costs[..3].to_vec(), "-j {threads}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The solutions of `text` as n queens, each checked, none twice, `count`
/// in all.
fn assert_once(text: &str, n: usize, count: usize, what: &str) {
    let all = queens_solutions(text, n);
    let distinct: HashSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "{what}: a solution printed twice");
    assert_eq!(all.len(), count, "{what}: solutions printed");
}

/// Wrong code caught: a run killed before its first `--checkpoint-every`
/// interval leaving nothing to resume from (its solutions then printed
/// again by a run from the start), or a resumed run cutting the output
/// back to the length its run printed rather than where it started, so
/// that what `>>` appended to is cut (the header) or solutions are broken.
#[test]
fn a_run_killed_before_its_first_interval_resumes_without_repeats() {
    for (threads, seed) in [("1", 11), ("2", 12)] {
        let dir = folder(&format!("early{threads}"));
        let kills = Kills { every: "60", most_ms: 80, most_kills: 3, seed, ..KILLS };
        let end = kill_until_done(&dir, &queens(13, false), &["--print", "--quiet", "-j", threads], kills);
        assert_eq!(end.killed, 3);
        assert_once(&end.out, 13, 73712, &format!("13 queens, -j {threads}, killed before the first interval"));
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Wrong code caught: a resumed run starting `-n` over (more solutions
/// printed than asked for), or `--max-nodes` over (the run finishing the
/// whole search, or nodes past the budget), on one thread and two; the
/// exit status not an uninterrupted run's; on one thread, a checkpoint
/// whose pieces a resumed run walks in another order than the
/// uninterrupted one (other solutions within the node budget); on two,
/// threads that stop short of the budget or pass it by more than a node
/// each.
#[test]
fn a_killed_run_keeps_its_whole_run_limits() {
    let matrix = queens(13, false);
    for (threads, seed) in [("1", 21), ("2", 22)] {
        let dir = folder(&format!("limits{threads}"));
        let args = ["--print", "-n", "30000", "-j", threads];
        let (code, whole) = uninterrupted(&dir, &matrix, &args);
        assert_once(&whole, 13, 30000, "-n 30000 uninterrupted");
        let end = kill_until_done(&dir, &matrix, &args, Kills { seed, most_ms: 60, ..KILLS });
        assert!(end.killed >= 1, "-n: not killed");
        assert_eq!(end.code, code, "-n: exit status: {}", end.err);
        assert_once(&end.out, 13, 30000, &format!("-n 30000, -j {threads}, {} kills", end.killed));

        let budget = 1_000_000u64;
        let args = ["--print", "--max-nodes", "1000000", "-j", threads];
        let (code, whole, whole_err) = uninterrupted_with_counters(&dir, &matrix, &args);
        assert_eq!(code, 5, "--max-nodes stops short of 13 queens' 1.65 million nodes");
        let end = kill_until_done(&dir, &matrix, &args, Kills { seed: seed + 10, most_ms: 50, ..KILLS });
        assert!(end.killed >= 1, "--max-nodes: not killed");
        assert_eq!(end.code, code, "--max-nodes: exit status: {}", end.err);
        let (solutions, nodes, ..) = counters_line(&end.err);
        let what = format!("--max-nodes {budget}, -j {threads}, {} kills", end.killed);
        assert_once(&end.out, 13, solutions as usize, &what);
        if threads == "1" {
            // The same tree in the same order: the same solutions, in the
            // same order, and the same nodes, as if it had never stopped.
            let (whole_solutions, whole_nodes, ..) = counters_line(&whole_err);
            assert_eq!((solutions, nodes), (whole_solutions, whole_nodes), "{what}: counters");
            assert!(queens_solutions(&end.out, 13) == queens_solutions(&whole, 13), "{what}: other solutions than uninterrupted");
        } else {
            // Threads reach the whole run's budget, and pass it by at
            // most the solution each found at its last slice's end.
            assert!((budget..=budget + 2).contains(&nodes), "{what}: {nodes} nodes in the whole run");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Wrong code caught: `--time-limit` timed per process (each resumed run
/// searching the whole limit again): the whole run's seconds must reach
/// the limit and stop within an interval of it, and the last process must
/// search only what the limit had left.
#[test]
fn a_killed_run_keeps_its_whole_run_time_limit() {
    let dir = folder("time");
    let limit = 0.6;
    let args = ["--plain", "--time-limit", "0.6"];
    let end = kill_until_done(&dir, &queens(16, false), &args, Kills { seed: 31, most_ms: 150, every: "0.02", most_kills: 4, ..KILLS });
    assert_eq!(end.code, 5, "a time limit is a partial count: {}", end.err);
    let (.., seconds, _) = counters_line(&end.err);
    assert!(seconds >= limit && seconds < limit + 0.5, "the whole run's seconds {seconds} against the limit {limit}");
    assert!(end.seconds_before_last > 0.05, "the killed runs searched {} s", end.seconds_before_last);
    // The tool's own figures, not the test's clock: a last run that timed
    // the limit from its own start would end past the limit by all the
    // earlier runs' seconds.
    assert!(
        seconds - limit < end.seconds_before_last,
        "the whole run's seconds {seconds} after {} s before the last run, against the limit {limit}",
        end.seconds_before_last
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Wrong code caught: SIGINT or SIGTERM killing a checkpointed run without
/// its checkpoint (its work since the last one lost: the total then still
/// right, but see the next test), a partial count printed on a signal and
/// not cut by the resume, a listing repeated or lost around a signal.
#[test]
fn signals_stop_with_a_checkpoint_and_resume_to_the_total() {
    let dir = folder("signals");
    for (signal, seed) in [(libc::SIGINT, 41), (libc::SIGTERM, 42)] {
        let end = kill_until_done(&dir, &queens(14, false), &["--plain", "--quiet", "-j", "2"], Kills { signal, seed, most_ms: 200, ..KILLS });
        assert!(end.killed >= 1, "signal {signal}: no run stopped");
        assert_eq!(end.out.trim(), "365596", "14 queens after signal {signal}, {} stops", end.killed);
        let end = kill_until_done(&dir, &queens(13, false), &["--print", "--quiet"], Kills { signal, seed: seed + 2, most_ms: 80, ..KILLS });
        assert!(end.killed >= 1, "signal {signal}: no run stopped");
        assert_once(&end.out, 13, 73712, "13 queens listed");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Wrong code caught: a signal that kills without writing the checkpoint.
/// A run with a checkpoint interval longer than the test, stopped by the
/// signal once: its resumed run must search less than a whole run (the
/// signal's checkpoint kept the work), and say how to go on.
#[test]
fn a_signal_keeps_the_work_since_the_last_checkpoint() {
    let (dir, file, ck) = queens_in("signal-work", 14);
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let _ = fs::remove_file(&ck);
        let child = Command::new(DLX).args(["--plain", "--checkpoint-every", "600", "--checkpoint"]).arg(&ck).arg(&file).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(300));
        send(child.id(), signal);
        let stopped = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&stopped.stderr);
        assert_eq!(stopped.status.code(), Some(5), "signal {signal}: {err}");
        assert!(err.contains("--resume"), "no word on how to go on: {err}");
        let (partial, nodes, ..) = counters_line(&err);
        let printed: u64 = String::from_utf8_lossy(&stopped.stdout).trim().parse().unwrap();
        assert_eq!(printed, partial, "the count so far is printed");
        assert!(nodes > 0 && partial < 365596, "stopped mid-way: {err}");
        let resumed = Command::new(DLX).args(["--plain", "--resume"]).arg(&ck).arg(&file).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&resumed.stdout).trim(), "365596");
        let (_, total_nodes, ..) = counters_line(&String::from_utf8_lossy(&resumed.stderr));
        assert!(total_nodes >= nodes, "the whole run's nodes count those before the signal");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The progress lines of standard error: each one's solutions, nodes,
/// updates, seconds and rate.
fn progress_lines(err: &str) -> Vec<(u64, u64, u64, f64, f64)> {
    err.lines().filter(|l| l.starts_with("dlx: progress: ")).map(|l| counters_line(&l.replacen("progress: ", "", 1))).collect()
}

/// Wrong code caught: no progress lines under `--checkpoint` (each call
/// shorter than the interval, the library's clock restarting with it) or
/// `--resume`; their time or the final line's restarting with the
/// process while the counts are the whole run's (a rate of billions).
#[test]
fn progress_lines_are_the_whole_runs() {
    let (dir, file, ck) = queens_in("progress", 15);
    let rate_of = |(_, _, u, s, _): (u64, u64, u64, f64, f64)| u as f64 / s / 1e6;
    let mut child = Command::new(DLX).args(["--plain", "--checkpoint-every", "0.05", "--progress", "0.2", "--checkpoint"]).arg(&ck).arg(&file).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    // Stopped once it has printed three progress lines (15 queens takes
    // far longer: a run that prints none never gets the signal, and the
    // read below ends only with its end, where the check fails).
    let mut err = String::new();
    let mut reader = std::io::BufReader::new(child.stderr.take().unwrap());
    while progress_lines(&err).len() < 3 {
        let mut line = String::new();
        if std::io::BufRead::read_line(&mut reader, &mut line).unwrap() == 0 {
            break;
        }
        err.push_str(&line);
    }
    send(child.id(), libc::SIGINT);
    std::io::Read::read_to_string(&mut reader, &mut err).unwrap();
    child.wait().unwrap();
    let lines = progress_lines(&err);
    assert!(lines.len() >= 3, "progress lines under --checkpoint: {err}");
    for w in lines.windows(2) {
        assert!(w[1].3 > w[0].3 && w[1].1 >= w[0].1, "times and counts go up: {err}");
    }
    let stopped_at = checkpoint_seconds(&ck);
    let resumed = Command::new(DLX).args(["--plain", "--progress", "0.2", "--checkpoint-every", "0.05", "--resume"]).arg(&ck).arg(&file).stdout(Stdio::piped()).stderr(Stdio::piped()).output().unwrap();
    let err = String::from_utf8_lossy(&resumed.stderr);
    assert_eq!(String::from_utf8_lossy(&resumed.stdout).trim(), "2279184", "15 queens");
    let lines = progress_lines(&err);
    assert!(!lines.is_empty(), "progress lines under --resume: {err}");
    assert!(lines[0].3 > stopped_at, "the resumed clock goes on from {stopped_at}: {err}");
    let last = counters_line(&err);
    assert!(last.3 > stopped_at + lines.len() as f64 * 0.2 - 0.2, "the final time is the whole run's: {err}");
    // One rate for the whole run: the whole run's counts over its time.
    let whole = rate_of(last);
    assert!((last.4 - whole).abs() <= 0.1, "the printed rate is the counts over the time: {err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Wrong code caught: an interval so short that each call ends before its
/// first node, and the run writes checkpoints forever.
#[test]
fn a_nanosecond_interval_still_finishes() {
    let (dir, file, ck) = queens_in("nano", 9);
    let mut child = Command::new(DLX).args(["--plain", "--quiet", "--checkpoint-every", "1e-9", "--checkpoint"]).arg(&ck).arg(&file).stdout(Stdio::piped()).spawn().unwrap();
    // A hang guard, not a measure: 9 queens takes milliseconds, so only a
    // run that makes no progress is still going after 6,000 looks.
    let mut looks = 0;
    while child.try_wait().unwrap().is_none() {
        looks += 1;
        if looks > 6000 {
            let _ = child.kill();
            panic!("--checkpoint-every 1e-9 made no progress");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let done = child.wait_with_output().unwrap();
    assert!(done.status.success());
    assert_eq!(String::from_utf8_lossy(&done.stdout).trim(), "352", "9 queens");
    let _ = fs::remove_dir_all(&dir);
}
