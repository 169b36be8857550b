//! The tests' kit, shared by the workspace's integration tests and the
//! fuzzers (a dev-dependency only, never part of the library): matrices
//! with known counts, an independent brute force and validators, and the
//! fuzzers' checks. Nothing here calls the library's search to decide an
//! expected answer.

use std::path::{Path, PathBuf};
use std::process::Command;

use dlx_core::{Goal, Matrix};

// The fuzzers' checks, among them the brute force `Problem` they judge by,
// written without the library's search (their own docs say more).
pub mod checks;
pub use checks::problem::Problem;

pub mod boards;

/// Independent check: the rows cover every primary column exactly once and
/// every secondary column at most once.
pub fn is_exact_cover(m: &Matrix, rows: &[usize]) -> bool {
    let mut hits = vec![0u32; m.columns()];
    for &r in rows {
        for c in m.row(r).expect("a row id of this matrix") {
            hits[c] += 1;
        }
    }
    (0..m.columns()).all(|c| if m.is_secondary(c) == Some(true) { hits[c] <= 1 } else { hits[c] == 1 })
}

/// n-queens as an exact cover: board rows and columns primary, diagonals
/// secondary; row `n * i + j` puts a queen on (i, j).
pub fn queens(n: usize) -> Matrix {
    let mut m = Matrix::new(6 * n - 2).unwrap();
    for c in 2 * n..6 * n - 2 {
        m.set_secondary(c).unwrap();
    }
    for i in 0..n {
        for j in 0..n {
            m.add_row(&[i, n + j, 2 * n + i + j, 4 * n - 1 + i + n - 1 - j]).unwrap();
        }
    }
    m
}

/// Runs the project's `tools/gen_instances.py` once into
/// target/gen_instances and returns the folder. A failure names the cause
/// in every test that needs the files, not only the first.
pub fn generated() -> PathBuf {
    static DONE: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    generated_by("gen_instances", &DONE)
}

/// [`generated`] for `tools/gen_pre.py` (target/gen_pre): the instances of
/// preprocessing and of preferred items.
pub fn generated_pre() -> PathBuf {
    static DONE: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    generated_by("gen_pre", &DONE)
}

/// The workspace's top folder (the repository's), whichever crate's tests
/// ask.
pub fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Every file and folder of the workspace (relative to it), leaving out
/// build output (`target`), hidden ones (version control) and the
/// fuzzers' corpus: what the tests of the source tree read.
pub fn workspace_paths() -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if name == "target" || name.starts_with('.') || name == "corpus" {
                continue;
            }
            out.push(path.strip_prefix(root).unwrap_or(&path).to_path_buf());
            if path.is_dir() {
                walk(root, &path, out);
            }
        }
    }
    let root = workspace();
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

/// Runs `tools/NAME.py` once into target/NAME, as [`generated`] says.
fn generated_by(name: &str, done: &std::sync::OnceLock<Result<(), String>>) -> PathBuf {
    let root = workspace();
    let out = root.join("target").join(name);
    let done = done.get_or_init(|| {
        let script = root.join("tools").join(format!("{name}.py"));
        match Command::new("python3").arg(&script).arg(&out).status() {
            Ok(s) if s.success() => Ok(()),
            Ok(s) => Err(format!("{} failed: {s}", script.display())),
            Err(e) => Err(format!("cannot run python3 {}: {e}", script.display())),
        }
    });
    if let Err(why) = done {
        panic!("the standard instances are missing: {why}");
    }
    out
}

/// Reads a file of tools/gen_instances.py with the library's parser of Knuth's format
/// (`dlx_core::format::parse`). Returns the matrix and the expected count from
/// the first comment line (`expect N`).
pub fn read_dlx(path: &Path) -> (Matrix, u64) {
    let text = std::fs::read_to_string(path).expect("the instance is readable");
    let first = text.lines().next().expect("a comment line");
    let expect: u64 = first
        .split("expect ")
        .nth(1)
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|s| s.parse().ok())
        .expect("the first line says `expect N`");
    let m = dlx_core::format::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (m, expect)
}

// ---- Optimisation: random instances and their best costs by brute force ----

/// A small linear congruential generator, so the instances are the same on
/// every run.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random matrix: 2 to 7 columns (some secondary), 1 to 13 rows of random
/// columns, costs from `lo` to `hi` with many ties.
pub fn random_matrix(g: &mut Lcg, lo: i64, hi: i64) -> Matrix {
    let n = 2 + g.below(6) as usize;
    let mut m = Matrix::new(n).unwrap();
    for c in 0..n {
        if g.below(4) == 0 {
            m.set_secondary(c).unwrap();
        }
    }
    let rows = 1 + g.below(13) as usize;
    for _ in 0..rows {
        let mut cols: Vec<usize> = (0..n).filter(|_| g.below(3) == 0).collect();
        if cols.is_empty() {
            cols.push(g.below(n as u64) as usize);
        }
        let r = m.add_row(&cols).unwrap();
        m.set_cost(r, lo + g.below((hi - lo + 1) as u64) as i64).unwrap();
    }
    m
}

/// The cost of `rows` as `goal` measures it.
pub fn cost(m: &Matrix, goal: Goal, rows: &[usize]) -> i64 {
    Problem::of(m).cost(goal, rows)
}

/// Every solution's cost, best first, by trying all subsets of rows (see
/// [`Problem::solutions`]: a row with no primary column is never chosen,
/// unless it is forced).
pub fn brute_force(m: &Matrix, goal: Goal, forced: &[usize]) -> Vec<i64> {
    Problem::of(m).best_costs(goal, usize::MAX, forced, None)
}

/// Independent check of a generalised cover: every primary column covered
/// within its bounds; every secondary column used at most once, or only by
/// entries that all give it the same color; no row twice.
pub fn is_general_cover(m: &Matrix, rows: &[usize]) -> bool {
    Problem::of(m).is_solution(rows)
}

/// Every generalised cover of `m` that contains `forced`, each as sorted
/// row ids, in increasing order.
pub fn all_general_covers(m: &Matrix, forced: &[usize]) -> Vec<Vec<usize>> {
    Problem::of(m).solutions(forced)
}

/// A random small matrix: up to 7 columns, about a third secondary;
/// primary columns with random bounds (sometimes exactly once, sometimes
/// allowing none, sometimes (0, 0)); secondary entries colored 1 or 2 or
/// not at all; up to 11 rows with costs in `lo..=hi`.
/// Colors are drawn from 0 (none), 1 and `u32::MAX`: every nonzero `u32`
/// is a color (issue 15: the engine took `u32::MAX` for its own mark).
pub fn random_general(g: &mut Lcg, lo: i64, hi: i64) -> Matrix {
    let n = 1 + g.below(7) as usize;
    let mut m = Matrix::new(n).unwrap();
    for c in 0..n {
        if g.below(3) == 0 {
            m.set_secondary(c).unwrap();
        } else if g.below(4) != 0 {
            let lower = g.below(3) as u32;
            let upper = lower + g.below(3) as u32;
            m.set_bounds(c, lower, upper).unwrap();
        }
    }
    let rows = 1 + g.below(11) as usize;
    for _ in 0..rows {
        let mut cols: Vec<usize> = (0..n).filter(|_| g.below(5) < 2).collect();
        if cols.is_empty() {
            cols.push(g.below(n as u64) as usize);
        }
        let colors: Vec<u32> = cols.iter().map(|&c| if m.is_secondary(c) == Some(true) { [0, 1, u32::MAX][g.below(3) as usize] } else { 0 }).collect();
        let r = m.add_colored_row(&cols, &colors).unwrap();
        m.set_cost(r, lo + g.below((hi - lo + 1) as u64) as i64).unwrap();
    }
    m
}

/// Two problems side by side: columns and rows of `b` after `a`'s, with
/// their kinds, bounds and colors (the same color numbers in both, on
/// columns of their own).
pub fn side_by_side(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = Matrix::new(a.columns() + b.columns()).unwrap();
    for (x, shift) in [(a, 0), (b, a.columns())] {
        for c in 0..x.columns() {
            if x.is_secondary(c) == Some(true) {
                m.set_secondary(c + shift).unwrap();
            } else if let Some((lower, upper)) = x.bounds(c).filter(|&b| b != (1, 1)) {
                m.set_bounds(c + shift, lower, upper).unwrap();
            }
        }
    }
    for (x, shift) in [(a, 0), (b, a.columns())] {
        for r in 0..x.rows() {
            let cols: Vec<usize> = x.row(r).unwrap().map(|c| c + shift).collect();
            let colors: Vec<u32> = (0..cols.len()).map(|k| x.color_id(r, k).unwrap_or(0)).collect();
            m.add_colored_row(&cols, &colors).unwrap();
        }
    }
    m
}

/// The squares of an n x n grid of matches, each as a bit set of its
/// matches: horizontal match (r, c) is bit r * n + c (r in 0..=n), vertical
/// match (r, c) bit n * (n + 1) + r * (n + 1) + c (c in 0..=n).
pub fn squares(n: usize) -> Vec<u64> {
    let h = |r: usize, c: usize| 1u64 << (r * n + c);
    let v = |r: usize, c: usize| 1u64 << (n * (n + 1) + r * (n + 1) + c);
    let mut all = Vec::new();
    for size in 1..=n {
        for r in 0..=n - size {
            for c in 0..=n - size {
                let mut sq = 0;
                for i in 0..size {
                    sq |= h(r, c + i) | h(r + size, c + i) | v(r + i, c) | v(r + i, c + size);
                }
                all.push(sq);
            }
        }
    }
    all
}

/// Appends to `all` every solution `s` hands out from where it stands,
/// each sorted, after `check` has seen it as found.
pub fn run_sorted(s: &mut dlx_core::Solver, all: &mut Vec<Vec<usize>>, mut check: impl FnMut(&[usize])) {
    s.run(|rows| {
        check(rows);
        let mut r = rows.to_vec();
        r.sort_unstable();
        all.push(r);
        std::ops::ControlFlow::Continue(())
    });
}

/// Runs `search` on `s` and cancels it from another thread at its third
/// progress report (one at every poll point), the report waiting until
/// that thread has cancelled; gives back what `search` returned and the
/// nodes the report saw. The cancel then comes at a known node count, so
/// how soon the search stops is counted in nodes, not timed.
pub fn cancel_from_another_thread<T>(s: &mut dlx_core::Solver, search: impl FnOnce(&mut dlx_core::Solver) -> T) -> (T, u64) {
    let canceller = s.canceller();
    let (ask, asked) = std::sync::mpsc::channel::<u64>();
    let (done, cancelled) = std::sync::mpsc::channel::<()>();
    let other = std::thread::spawn(move || {
        let nodes = asked.recv().expect("the search made its third report");
        canceller.cancel();
        done.send(()).unwrap();
        nodes
    });
    let mut reports = 0;
    s.set_progress(Some((
        std::time::Duration::ZERO,
        Box::new(move |r| {
            reports += 1;
            if reports == 3 {
                ask.send(r.counters.nodes).unwrap();
                cancelled.recv().unwrap();
            }
            std::ops::ControlFlow::Continue(())
        }),
    )));
    let got = search(s);
    s.set_progress(None);
    (got, other.join().unwrap())
}
