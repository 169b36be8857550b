//! The memo's diagram (`Solver::zdd`): written in Knuth's DLX6 text format
//! and read back by a reader written here from the format's description
//! (not the library's code), it must hold exactly the solutions the brute
//! force finds; its counts by size and its least-cost solution must agree
//! with the enumeration and with the branch and bound.

use dlx_testkit as common;

use std::collections::HashMap;

use common::boards::{dominoes, kasteleyn};
use common::{all_general_covers, is_general_cover, queens, random_general, Lcg};
use dlx_core::{Count, Goal, Matrix, MemoOptions, Objective, Order, Solver};

/// A diagram as read from DLX6's text: node id -> (variable, lo, hi), and
/// the root (the hi of the node of least variable, DLX6's dummy root).
struct Read {
    nodes: HashMap<u64, (u64, u64, u64)>,
    root: u64,
}

/// Reads lines `ID: (~V?LO:HI)`: ids in hexadecimal, V in decimal.
fn read(text: &str) -> Read {
    let mut nodes = HashMap::new();
    let mut least: Option<(u64, u64)> = None;
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").unwrap_or_else(|| panic!("a node line: {line:?}"));
        let (var, rest) = rest.split_once('?').expect("a ?");
        let (lo, hi) = rest.strip_suffix(')').expect("a )").split_once(':').expect("a :");
        let id = u64::from_str_radix(id, 16).expect("a hex id");
        let var: u64 = var.parse().expect("a decimal variable");
        let (lo, hi) = (u64::from_str_radix(lo, 16).expect("hex lo"), u64::from_str_radix(hi, 16).expect("hex hi"));
        assert!(id > 1, "node {id} is one of the two ends");
        assert!(nodes.insert(id, (var, lo, hi)).is_none(), "node {id} twice");
        if least.is_none_or(|(v, _)| var < v) {
            least = Some((var, id));
        }
    }
    let (var, dummy) = least.expect("at least the root line");
    assert_eq!(var, 0, "DLX6's root has variable 0");
    let root = nodes[&dummy].2;
    assert_eq!(nodes[&dummy].1, 0);
    Read { nodes, root }
}

impl Read {
    /// Every set of rows (variable - 1) on a path from `at` to the node 1.
    fn sets(&self, at: u64, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        match at {
            0 => {}
            1 => {
                let mut s = path.clone();
                s.sort_unstable();
                out.push(s);
            }
            _ => {
                let (var, lo, hi) = self.nodes[&at];
                assert!(var >= 1, "a row's variable is its id + 1");
                self.sets(lo, path, out);
                path.push(var as usize - 1);
                self.sets(hi, path, out);
                path.pop();
            }
        }
    }

    /// The number of paths from `at` to node 1 with each number of hi
    /// edges, by memoized recursion.
    fn sizes(&self, at: u64, memo: &mut HashMap<u64, Vec<u128>>) -> Vec<u128> {
        match at {
            0 => return vec![],
            1 => return vec![1],
            _ => {}
        }
        if let Some(v) = memo.get(&at) {
            return v.clone();
        }
        let (_, lo, hi) = self.nodes[&at];
        let (a, b) = (self.sizes(lo, memo), self.sizes(hi, memo));
        let mut v = vec![0u128; a.len().max(b.len() + 1)];
        for (k, x) in a.iter().enumerate() {
            v[k] += x;
        }
        for (k, x) in b.iter().enumerate() {
            v[k + 1] += x;
        }
        memo.insert(at, v.clone());
        v
    }
}

fn written(s: &Solver) -> (dlx_core::Zdd, Read) {
    let z = s.zdd().unwrap();
    let mut text = Vec::new();
    z.write(&mut text).unwrap();
    let r = read(std::str::from_utf8(&text).unwrap());
    assert_eq!(r.nodes.len(), z.nodes() + 1, "every node and the root line");
    (z, r)
}

/// Random matrices with secondary columns, colors, bounds and costs, some
/// rows forced: the diagram as read holds exactly the brute force's
/// solutions; the library's count and counts by size are the reader's;
/// its least-cost solution is a solution whose cost is the branch and
/// bound's. Catches a branch left out of a chain or put in twice, a close
/// branch lost, a row numbered off by one in the text, forced rows missing
/// from the top, and a least cost that takes the wrong side of a node.
#[test]
fn random_diagrams_hold_the_brute_forces_solutions() {
    let mut g = Lcg(66);
    for case in 0..1500 {
        let m = random_general(&mut g, -5, 9);
        let all = all_general_covers(&m, &[]);
        let forced: Vec<usize> = if !all.is_empty() && g.below(3) == 0 {
            let pick = &all[g.below(all.len() as u64) as usize];
            pick.iter().copied().filter(|_| g.below(2) == 0).collect()
        } else {
            vec![]
        };
        let want = all_general_covers(&m, &forced);
        let mut s = Solver::new(&m).unwrap();
        s.force_rows(&forced).unwrap();
        let order = if g.below(2) == 0 { Order::Fewest } else { Order::First };
        s.set_memo_options(MemoOptions { order, ..MemoOptions::default() });
        let (z, r) = written(&s);
        let mut sets = Vec::new();
        r.sets(r.root, &mut Vec::new(), &mut sets);
        sets.sort();
        assert_eq!(sets, want, "case {case}: the diagram's solutions, forced {forced:?}");
        assert_eq!(z.count().unwrap(), Count::from(want.len() as u64), "case {case}");
        // Sizes: the reader's, and the enumeration's.
        let mut by_size = vec![0u128; want.iter().map(|s| s.len() + 1).max().unwrap_or(0)];
        for s in &want {
            by_size[s.len()] += 1;
        }
        assert_eq!(r.sizes(r.root, &mut HashMap::new()), by_size, "case {case}: the reader's sizes");
        let sizes: Vec<u128> = z.count_by_size().unwrap().iter().map(|c| c.to_u128().unwrap()).collect();
        assert_eq!(sizes, by_size, "case {case}: the library's sizes");
        // The least cost: the branch and bound's, by a solution.
        let least = z.least_cost().unwrap();
        let mut b = Solver::new(&m).unwrap();
        b.force_rows(&forced).unwrap();
        b.set_objective(Some(Objective { goal: Goal::MinCost, best: 1 })).unwrap();
        while b.next_solution().is_some() {}
        match (least, b.best().first()) {
            (None, None) => {}
            (Some((cost, rows)), Some(best)) => {
                assert_eq!(cost, best.cost, "case {case}: least cost {rows:?}, best {best:?}, all {want:?}, costs {:?}", (0..m.rows()).map(|r| m.cost(r).unwrap()).collect::<Vec<_>>());
                let mut sorted = rows.clone();
                sorted.sort_unstable();
                assert!(is_general_cover(&m, &sorted) && forced.iter().all(|f| rows.contains(f)), "case {case}: {rows:?}");
                assert_eq!(rows.iter().map(|&r| m.cost(r).unwrap()).sum::<i64>(), cost, "case {case}");
            }
            (l, b) => panic!("case {case}: diagram {l:?}, branch and bound {b:?}"),
        }
    }
}

/// Counts from formulas through the diagram: 92 queens (8 rows each),
/// Kasteleyn's tilings of 8x8 (every tiling of 32 dominoes: one size) and
/// of 10x10.
#[test]
fn diagrams_count_as_the_formulas() {
    let s = Solver::new(&queens(8)).unwrap();
    let (z, _) = written(&s);
    assert_eq!(z.count().unwrap(), Count::from(92u64));
    let sizes = z.count_by_size().unwrap();
    assert_eq!(sizes.len(), 9);
    assert_eq!(sizes[8], Count::from(92u64));
    let s = Solver::new(&dominoes(8, 8)).unwrap();
    let z = s.zdd().unwrap();
    let sizes = z.count_by_size().unwrap();
    assert_eq!((sizes.len(), &sizes[32]), (33, &Count::from(kasteleyn(8, 8))));
    let s = Solver::new(&dominoes(10, 10)).unwrap();
    assert_eq!(s.zdd().unwrap().count().unwrap(), Count::from(kasteleyn(10, 10)));
}

/// A diagram larger than the memory limit is refused, not cut short.
#[test]
fn a_diagram_past_the_memory_limit_is_an_error() {
    let mut s = Solver::new(&dominoes(8, 8)).unwrap();
    s.set_memo_options(MemoOptions { memory: 4096, ..MemoOptions::default() });
    assert_eq!(s.zdd().err(), Some(dlx_core::Error::OutOfMemory));
    let empty = Matrix::new(1).unwrap();
    let z = Solver::new(&empty).unwrap().zdd().unwrap();
    assert_eq!((z.count().unwrap(), z.nodes(), z.least_cost().unwrap()), (Count::ZERO, 0, None));
}
