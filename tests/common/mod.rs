//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use dlx::Matrix;

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

/// The folder `../shared` beside the repository (CI and developers have it).
pub fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("shared")
}

/// Runs `../shared/tools/gen_dlx.py` once into target/gen_dlx and returns
/// the folder.
pub fn generated() -> PathBuf {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("gen_dlx");
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let status = Command::new("python3")
            .arg(shared().join("tools").join("gen_dlx.py"))
            .arg(&out)
            .stdout(std::process::Stdio::null())
            .status()
            .expect("python3 runs ../shared/tools/gen_dlx.py");
        assert!(status.success(), "gen_dlx.py failed");
    });
    out
}

/// Reads a file of gen_dlx.py with the library's parser of Knuth's format
/// (`dlx::format::parse`). Returns the matrix and the expected count from
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
    let m = dlx::format::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (m, expect)
}
