//! Our counters against Knuth's DLX1 on the files of tools/gen_instances.py. The
//! figures are his (his DLX1 on the same files), the expected solution
//! counts are the ones the files state (from the literature).

use dlx_testkit as common;

use dlx_core::Solver;

fn run(name: &str) -> (u64, dlx_core::Counters) {
    let (m, expect) = common::read_dlx(&common::generated().join(name));
    let mut s = Solver::new(&m).unwrap();
    while s.next_solution().is_some() {}
    (expect, s.counters())
}

#[test]
fn queens_8_as_dlx1() {
    let (expect, c) = run("queens_8.dlx");
    assert_eq!((c.solutions, c.updates, c.nodes), (expect, 21_456, 1_223));
    assert_eq!(expect, 92);
}

#[test]
fn domino_6x6_as_dlx1() {
    let (expect, c) = run("domino_6x6.dlx");
    assert_eq!((c.solutions, c.updates, c.nodes), (expect, 95_296, 25_695));
    assert_eq!(expect, 6_728);
}

#[test]
fn queens_14_as_dlx1() {
    let (expect, c) = run("queens_14.dlx");
    assert_eq!(expect, 365_596);
    assert_eq!((c.solutions, c.updates, c.nodes), (365_596, 169_411_178, 8_943_951));
}

/// 1.24 G updates: several seconds, so only on request
/// (`cargo test --release -p dlx-core --test knuth_counters -- --ignored`).
#[test]
#[ignore]
fn pento_6x10_as_dlx1() {
    let (expect, c) = run("pento_6x10.dlx");
    assert_eq!(expect, 9_356);
    assert_eq!((c.solutions, c.updates, c.nodes), (9_356, 1_242_377_480, 3_637_261));
}
