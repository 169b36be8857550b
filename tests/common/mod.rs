//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use dlx::Matrix;

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

/// A minimal reader of the text format gen_dlx.py writes (the full format
/// is the job of the text-format module): `|` lines are comments, the first
/// other line names the primary items, then `|`, then the secondary ones;
/// every further line is an option naming its items. Items and options keep
/// the file's order. Returns the matrix and the expected count from the
/// first comment line (`expect N`).
pub fn read_dlx(path: &Path) -> (Matrix, u64) {
    let text = std::fs::read_to_string(path).expect("the instance is readable");
    let mut lines = text.lines();
    let first = lines.next().expect("a comment line");
    let expect: u64 = first
        .split("expect ")
        .nth(1)
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|s| s.parse().ok())
        .expect("the first line says `expect N`");
    let mut lines = lines.filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty());
    let header = lines.next().expect("an item line");
    let mut names = HashMap::new();
    let mut secondary = Vec::new();
    let mut in_secondary = false;
    for word in header.split_whitespace() {
        if word == "|" {
            in_secondary = true;
            continue;
        }
        let id = names.len();
        names.insert(word.to_string(), id);
        if in_secondary {
            secondary.push(id);
        }
    }
    let mut m = Matrix::new(names.len()).unwrap();
    for c in secondary {
        m.set_secondary(c).unwrap();
    }
    for line in lines {
        let row: Vec<usize> = line.split_whitespace().map(|w| names[w]).collect();
        m.add_row(&row).unwrap();
    }
    (m, expect)
}
