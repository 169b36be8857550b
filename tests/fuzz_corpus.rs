//! The fuzzers' checks (dlx-testkit/src/checks/) on the stable toolchain: over the
//! committed corpus in fuzz/corpus/<target>/, then over pseudo-random
//! inputs. `make fuzz` runs the same checks under cargo-fuzz for longer.

use dlx_testkit as common;

use common::checks;

use std::path::Path;

/// Runs `check` on every corpus file of `target` and on `random` inputs of
/// up to 200 bytes; a panic names the input.
fn run(target: &str, check: fn(&[u8]), random: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    for f in &files {
        let data = std::fs::read(f).expect("a corpus file");
        if std::panic::catch_unwind(|| check(&data)).is_err() {
            panic!("{target}: a finding on {}", f.display());
        }
    }
    let mut g = common::Lcg(0x5eed ^ target.len() as u64);
    for i in 0..random {
        let len = g.below(200) as usize;
        let data: Vec<u8> = (0..len).map(|_| g.below(256) as u8).collect();
        if std::panic::catch_unwind(|| check(&data)).is_err() {
            panic!("{target}: a finding on random input {i}: {data:?}");
        }
    }
}

#[test]
fn parse_round_trip() {
    run("parse_round_trip", checks::parse_round_trip, 20000);
}

#[test]
fn c_api() {
    run("c_api", checks::c_api, 5000);
}

#[test]
fn differential() {
    run("differential", checks::differential, 40000);
}

#[test]
fn checkpoint_text() {
    run("checkpoint_text", checks::checkpoint_text, 5000);
}
