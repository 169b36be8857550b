//! What only the engine itself can set up: the trail's stamp at its wrap.
//! (Its searches are checked against Algorithm M and the brute force in
//! `tests/engines.rs`, and by the differential fuzzer.)

use super::Cells;
use crate::engine::{Core, Count, Fixed};
use crate::matrix::Matrix;

/// Latin squares of order `n` as XCC: items Rr and Cc, cells secondary; an
/// option per row (or column) and permutation, coloring its cells.
fn latin(n: usize) -> Matrix {
    let cells = n * n;
    let mut m = Matrix::new(2 * n + cells).unwrap();
    for c in 2 * n..2 * n + cells {
        m.set_secondary(c).unwrap();
    }
    let mut perms: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..n {
        let mut longer = Vec::new();
        for p in &perms {
            for s in (0..n).filter(|s| !p.contains(s)) {
                longer.push([&p[..], &[s]].concat());
            }
        }
        perms = longer;
    }
    for line in 0..2 * n {
        for p in &perms {
            let mut cols = vec![line];
            let mut colors = vec![0];
            for (k, &s) in p.iter().enumerate() {
                let (r, c) = if line < n { (line, k) } else { (k, line - n) };
                cols.push(2 * n + r * n + c);
                colors.push(s as u32 + 1);
            }
            m.add_colored_row(&cols, &colors).unwrap();
        }
    }
    m
}

fn count(c: &mut Cells) -> u64 {
    let (mut nodes, mut counted) = (0, 0);
    c.count(Count { nodes: &mut nodes, limit: u64::MAX, share: false, counted: &mut counted, most: u64::MAX });
    counted
}

/// Wrong code caught: a stamp that wraps without clearing the items'
/// stamps, so that an item stamped with a small number long before is
/// taken as recorded after the wrap and its end is never put back.
#[test]
fn the_trail_stamp_wraps_without_losing_a_record() {
    let mut c = Cells::new(&latin(3)).unwrap();
    let ends = |c: &Cells| c.items.iter().map(|i| i.end).collect::<Vec<u32>>();
    let before = ends(&c);
    // Stamps left from early in the stamp's run, on items rarely changed.
    for item in c.items.iter_mut() {
        item.stamp = 1;
    }
    c.now = u32::MAX;
    let m = c.mark();
    assert_eq!(c.now, 1, "the stamp wraps at the mark");
    c.cover(1);
    assert_ne!(ends(&c), before, "covering hid nothing");
    c.restore(m);
    assert_eq!(ends(&c), before, "an item's end not put back");
    // And a whole count across the wrap: 576 Latin squares of order 4
    // (OEIS A002860).
    let mut c = Cells::new(&latin(4)).unwrap();
    c.force(&Fixed::default());
    c.now = u32::MAX - 5;
    assert_eq!(count(&mut c), 576);
}
