use super::build::lengths;
use super::walk::Saved;
use super::Small;
use crate::engine::keys::{Key, Keys};
use crate::engine::{Core, Find, Fixed, Found};
use crate::matrix::Matrix;

/// Every solution of a walk from the start (with `fixed` forced and
/// excluded) in its first 5000 nodes, in order, with the nodes and
/// updates.
fn walked<K: Key>(e: &mut Small<K>, fixed: &Fixed) -> (Vec<Vec<usize>>, u64, u64) {
    e.force(fixed);
    let (mut all, mut nodes) = (Vec::new(), 0);
    loop {
        match e.find(Find { nodes: &mut nodes, limit: 5000, objective: None, share: false }) {
            Found::Solution => {
                let mut rows = Vec::new();
                e.solution(&mut rows);
                all.push(rows);
            }
            Found::Exhausted | Found::Paused => break,
            Found::Strengthen => panic!("no bound, nothing to strengthen"),
        }
    }
    e.unwind();
    e.unforce(fixed);
    (all, nodes, e.updates())
}

#[test]
fn the_conflict_sets_cover_as_the_items_do() {
    conflict_sets_cover_as_the_items_do::<u32>();
    conflict_sets_cover_as_the_items_do::<u16>();
}

/// Matrix `i` of the test below: rows of up to 4 items (one group of keys
/// each), up to 7, or all of 3 (by `i % 3`); every other one with colors
/// (no color, or one of two).
fn random_matrix(rng: &mut fastrand::Rng, i: usize) -> Matrix {
    let longest = [4, 7, 3][i % 3];
    let columns = 4 + rng.usize(..24);
    let mut m = Matrix::new(columns).unwrap();
    for c in 0..columns {
        if rng.usize(..5) == 0 {
            m.set_secondary(c).unwrap();
        }
    }
    for _ in 0..20 + rng.usize(..200) {
        let mut cols: Vec<usize> = match i % 3 {
            2 => {
                let mut all: Vec<usize> = (0..columns).collect();
                rng.shuffle(&mut all);
                all[..3].to_vec()
            }
            _ => (0..1 + rng.usize(..longest)).map(|_| rng.usize(..columns)).collect(),
        };
        cols.sort_unstable();
        cols.dedup();
        let colors: Vec<u32> = cols.iter().map(|&c| if i % 2 == 1 && m.is_secondary(c) == Some(true) { rng.u32(..3) } else { 0 }).collect();
        m.add_colored_row(&cols, &colors).unwrap();
    }
    m
}

/// Rows of `m` that fit together, taken greedily in a random order.
fn greedy_set(m: &Matrix, rng: &mut fastrand::Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..m.rows()).collect();
    rng.shuffle(&mut order);
    let mut set: Vec<usize> = Vec::new();
    for r in order {
        let rows = [&set[..], &[r]].concat();
        if m.compatible(&rows).unwrap() {
            set.push(r);
        }
    }
    set
}

/// The engine for `m` with keys `K`, as `new` makes it.
fn engine<K: Key>(m: &Matrix) -> Small<K> {
    let (layout, len) = lengths(m).unwrap();
    assert!(Keys::<K>::numbered(&len, layout.primary));
    Small::<K>::new(m, layout, len).unwrap()
}

fn conflict_sets_cover_as_the_items_do<K: Key>() {
    // The same solutions in the same order, the same nodes and updates,
    // with the conflict sets and without (on colors: conflict sets
    // that keep rows of the same color, and the purify that keeps
    // them), with states saved for every
    // level and for at most two, with nothing forced, one row
    // or a set of rows that take out most of the matrix; rows of at
    // most four items, longer, or all of one length; and the state
    // after undoing it all is the state before.
    let mut rng = fastrand::Rng::with_seed(77);
    let (mut solved, mut groups, mut most, mut same, mut colored) = (0, [0; 2], [0; 2], 0, 0);
    for i in 0..400 {
        let m = random_matrix(&mut rng, i);
        colored += usize::from(m.is_generalized());
        let mut with = engine::<K>(&m);
        assert!(!with.conflicts.is_empty());
        let primary = |r: usize| with.items_of(r as u32).filter(|&k| with.item_at(k) as usize <= with.keys.primary).count();
        assert_eq!(with.one_group, (0..m.rows()).all(|r| primary(r) <= 4));
        groups[usize::from(with.one_group)] += 1;
        same += usize::from(with.same_length.is_some());
        // The other way: item by item, a loop over each row's groups.
        let mut without = engine::<K>(&m);
        (without.conflicts, without.has_conflicts, without.one_group) = (std::sync::Arc::new(Vec::new()), false, false);
        // States saved for no level, one or two: the others rebuild
        // theirs.
        let mut shallow = engine::<K>(&m);
        shallow.saved = Saved::new(shallow.words, shallow.keys.scanned().len(), i % 3, usize::MAX).unwrap();
        let set = greedy_set(&m, &mut rng);
        let one = Fixed { forced: vec![rng.usize(..m.rows())], excluded: Vec::new(), within: false };
        for fixed in [Fixed::default(), one, Fixed { forced: set, excluded: Vec::new(), within: false }] {
            let (alive, keys) = (with.alive.clone(), with.keys.all().to_vec());
            // How many rows the forced ones leave in play.
            let updates = with.updates;
            with.force(&fixed);
            let left: u32 = with.alive.iter().map(|w| w.count_ones()).sum();
            most[usize::from((2 * left as usize) < m.rows())] += 1;
            with.unforce(&fixed);
            with.updates = updates;
            let a = walked(&mut with, &fixed);
            assert_eq!(a, walked(&mut without, &fixed), "{fixed:?}\n{m:?}");
            assert_eq!(a, walked(&mut shallow, &fixed), "{fixed:?}\n{m:?}");
            assert_eq!((with.alive.clone(), with.keys.all().to_vec()), (alive, keys));
            solved += usize::from(!a.0.is_empty());
        }
    }
    assert!(solved > 100, "only {solved} walks found solutions");
    assert!(most[0] > 100 && most[1] > 100 && same > 100, "{most:?} {same}");
    assert!(groups[0] > 100 && groups[1] > 100, "{groups:?}");
    assert!(colored > 100, "{colored}");
}
