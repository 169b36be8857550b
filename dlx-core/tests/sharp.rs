//! Preferred columns against Knuth's programs with his `#` rule.
//!
//! The figures are his: DLX2-SHARP (dlx2.w with dlx2-sharp.ch) and
//! DLX3-SHARP (dlx3.w with dlx3-sharp.ch), built from his sources and run
//! on the files of tools/gen_pre.py, whose items named `#` the parser
//! marks preferred. The exact and small engines walk DLX2-SHARP's tree
//! (his DLX2 counts as DLX1 does), the general engine DLX3-SHARP's; the
//! solution counts are the ones the files state (facts of the puzzles and
//! formulas). Wrong code caught: a preference that ignores the rule that
//! a column of one row comes first, ties among preferred columns broken
//! out of column order, a preference lost by one engine, a weight added to
//! preferred columns instead of the others.

use dlx_testkit as common;

use dlx_core::{Engine, Solver};

/// Counts `name` on `engine`: (expected count, solutions, nodes, updates).
fn run(name: &str, engine: Engine) -> (u64, u64, u64, u64) {
    let (m, expect) = common::read_dlx(&common::generated_pre().join(name));
    assert!((0..m.columns()).any(|c| m.is_preferred(c) == Some(true)), "{name}: no item read as preferred");
    let mut s = Solver::with_engine(&m, engine).unwrap();
    while s.next_solution().is_some() {}
    let c = s.counters();
    (expect, c.solutions, c.nodes, c.updates)
}

/// (nodes, updates) of a run.
type Tree = (u64, u64);

/// DLX2-SHARP's (nodes, updates) and DLX3-SHARP's, per file.
const KNUTH: [(&str, Tree, Tree); 4] = [
    ("sharp_langford_8.dlx", (3_287, 45_445), (3_287, 44_647)),
    ("sharp_magic1.dlx", (1_716, 33_638), (1_716, 33_526)),
    ("sharp_magic2.dlx", (2_104, 43_974), (2_104, 43_806)),
    ("sharp_queens_8.dlx", (1_193, 21_312), (1_193, 21_056)),
];

#[test]
fn exact_and_small_walk_dlx2_sharps_tree() {
    for (name, (nodes, updates), _) in KNUTH {
        for engine in [Engine::Exact, Engine::Small] {
            let (expect, solutions, n, u) = run(name, engine);
            assert_eq!((solutions, n, u), (expect, nodes, updates), "{name} on {engine:?}");
        }
    }
}

#[test]
fn general_walks_dlx3_sharps_tree() {
    for (name, _, (nodes, updates)) in KNUTH {
        let (expect, solutions, n, u) = run(name, Engine::General);
        assert_eq!((solutions, n, u), (expect, nodes, updates), "{name}");
    }
}

/// Multiplicities: DLX3-SHARP walks 1,066,771 nodes and 3,513,940 updates
/// on the 6x6 matrices of line sums 3 with the columns preferred (921,078
/// nodes without); the small engine's Algorithm M on bit sets has the same
/// tree (its updates are its own).
#[test]
fn multiplicities_walk_dlx3_sharps_tree() {
    let (expect, solutions, nodes, updates) = run("sharp_sums_6x6_3.dlx", Engine::General);
    assert_eq!((solutions, nodes, updates), (expect, 1_066_771, 3_513_940));
    let (_, solutions, nodes, _) = run("sharp_sums_6x6_3.dlx", Engine::Small);
    assert_eq!((solutions, nodes), (expect, 1_066_771));
}
