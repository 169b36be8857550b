//! Preprocessing keeps every count and every solution, on the fixtures.
//!
//! Expected counts are the ones the files state (formulas and the
//! literature: tools/gen_instances.py, tools/gen_pre.py); the colored
//! random files of tools/gen_pre.py are judged by `naive`, a plain
//! backtracking over the rows written here (no links, no preprocessing). Both ways are checked: the reduced matrix
//! (`dlx_core::preprocess`), its solutions mapped back through its row map,
//! and a preprocessed solver (`Solver::preprocess`). Wrong code caught: a
//! blocked row that is in a solution, forcing across a colored use, a row
//! map off by the rows removed before it, a solver whose pruned rows
//! leak back in after a restart or a change of forced rows.

use dlx_testkit as common;

use dlx_core::{Matrix, Solver};

/// The count of `m` by a plain enumeration.
fn count(m: &Matrix) -> u64 {
    let mut s = Solver::new(m).unwrap();
    let mut n = 0;
    while s.next_solution().is_some() {
        n += 1;
    }
    n
}

/// Every solution of a preprocessed solver of `m`, each sorted.
fn solutions_preprocessed(m: &Matrix) -> Vec<Vec<usize>> {
    let mut s = Solver::new(m).unwrap();
    s.preprocess(dlx_core::pre::DEFAULT_WORK).unwrap();
    let mut all = Vec::new();
    while let Some(rows) = s.next_solution() {
        let mut r = rows.to_vec();
        r.sort_unstable();
        all.push(r);
    }
    all.sort();
    all
}

#[test]
fn fixtures_keep_their_counts() {
    let files = [
        (common::generated(), &["queens_8", "queens_10", "langford_8", "langford_11", "domino_6x6", "pento_3x20", "pento_4x15", "scott_8x8_hole"][..]),
        (common::generated_pre(), &["sudoku_norvig1", "sudoku_norvig2", "sudoku_norvig3", "sudoku_magic1", "sudoku_magic2", "sudoku16_poj3076", "sharp_langford_8", "sharp_queens_8", "sharp_magic1", "sharp_sums_6x6_3"][..]),
    ];
    for (dir, names) in files {
        for name in names {
            let (m, expect) = common::read_dlx(&dir.join(format!("{name}.dlx")));
            let pre = dlx_core::preprocess(&m, dlx_core::pre::DEFAULT_WORK).unwrap();
            assert!(pre.stats.complete, "{name}: preprocessing stopped early");
            assert_eq!(count(&pre.matrix), expect, "{name}: the reduced matrix");
            assert_eq!(solutions_preprocessed(&m).len() as u64, expect, "{name}: the preprocessed solver");
        }
    }
}

/// Every solution of `m` (primary columns exactly once, secondary ones
/// once uncolored or any number of times in one color), each sorted: the
/// first uncovered primary column's rows tried in turn.
fn naive(m: &Matrix) -> Vec<Vec<usize>> {
    fn go(m: &Matrix, used: &mut Vec<Option<u32>>, chosen: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let primary = |c: usize| m.is_secondary(c) == Some(false);
        let Some(c) = (0..m.columns()).find(|&c| primary(c) && used[c].is_none()) else {
            let mut s = chosen.clone();
            s.sort_unstable();
            out.push(s);
            return;
        };
        for r in 0..m.rows() {
            let entries: Vec<(usize, u32)> = m.row(r).unwrap().enumerate().map(|(k, j)| (j, m.color_id(r, k).unwrap())).collect();
            if !entries.iter().any(|&(j, _)| j == c) {
                continue;
            }
            let fits = entries.iter().all(|&(j, x)| match used[j] {
                None => true,
                Some(y) => !primary(j) && x != 0 && x == y,
            });
            if !fits {
                continue;
            }
            let before: Vec<Option<u32>> = entries.iter().map(|&(j, _)| used[j]).collect();
            for &(j, x) in &entries {
                used[j] = Some(x);
            }
            chosen.push(r);
            go(m, used, chosen, out);
            chosen.pop();
            for (&(j, _), b) in entries.iter().zip(before) {
                used[j] = b;
            }
        }
    }
    let mut out = Vec::new();
    go(m, &mut vec![None; m.columns()], &mut Vec::new(), &mut out);
    out.sort();
    out
}

#[test]
fn colored_files_keep_their_solutions() {
    let dir = common::generated_pre();
    for k in 1..=6 {
        let text = std::fs::read_to_string(dir.join(format!("colored_{k}.dlx"))).unwrap();
        let m = dlx_core::format::parse(&text).unwrap();
        let expect = naive(&m);
        let pre = dlx_core::preprocess(&m, dlx_core::pre::DEFAULT_WORK).unwrap();
        let mut mapped: Vec<Vec<usize>> = naive(&pre.matrix)
            .into_iter()
            .map(|s| {
                let mut rows: Vec<usize> = s.iter().map(|&i| pre.rows[i]).collect();
                rows.sort_unstable();
                rows
            })
            .collect();
        mapped.sort();
        assert_eq!(mapped, expect, "colored_{k}: the reduced matrix");
        assert_eq!(solutions_preprocessed(&m), expect, "colored_{k}: the preprocessed solver");
    }
}

/// A sudoku model: a forced row that preprocessing removed gives no
/// solution, forcing a clue again gives the one solution, and the removed
/// rows stay out after a restart and a change of the excluded rows.
#[test]
fn pruned_rows_stay_out_and_forced_ones_count_nothing() {
    let (m, _) = common::read_dlx(&common::generated_pre().join("sudoku_magic1.dlx"));
    let pre = dlx_core::preprocess(&m, dlx_core::pre::DEFAULT_WORK).unwrap();
    let removed = (0..m.rows()).find(|r| !pre.rows.contains(r)).unwrap();
    let kept = pre.rows[0];
    let mut s = Solver::new(&m).unwrap();
    let stats = s.preprocess(dlx_core::pre::DEFAULT_WORK).unwrap();
    assert_eq!(stats.rows_removed, m.rows() - pre.matrix.rows());
    s.force_rows(&[removed]).unwrap();
    assert_eq!(s.count_run().0, 0);
    s.force_rows(&[kept]).unwrap();
    assert_eq!(s.count_run().0, 1);
    s.force_rows(&[]).unwrap();
    s.exclude_rows(&[removed]).unwrap();
    assert_eq!(s.excluded_rows(), &[removed]);
    s.exclude_rows(&[]).unwrap();
    assert!(s.excluded_rows().is_empty());
    s.restart();
    let before = s.counters();
    assert_eq!(s.count_run().0, 1);
    // The tree is the reduced one: no fewer nodes than the plain search's
    // would mean the removed rows came back.
    let mut plain = Solver::new(&m).unwrap();
    plain.count_run();
    assert!(s.counters().nodes - before.nodes <= plain.counters().nodes);
}
