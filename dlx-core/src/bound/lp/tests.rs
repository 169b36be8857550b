//! The dual simplex against certificates of its own answers.

use super::*;

/// The primal point of the basis: every column's value.
fn point(lp: &Lp) -> Vec<f64> {
    (0..lp.ns + lp.m).map(|j| match lp.at[j] { At::Basic(p) => lp.xb[p as usize], _ => lp.value[j] }).collect()
}

/// An optimal solve is certified here, without trusting the solver's
/// bookkeeping: the point meets every constraint and bound, and its
/// cost equals the Lagrangian bound of the duals (so both are optimal).
/// Catches a pivot that breaks feasibility, a ratio test that leaves a
/// reduced cost of the wrong sign (the bound falls short of the cost),
/// and bound flips whose shift of the basic values is lost.
fn certify(lp: &Lp) {
    let x = point(lp);
    let mut covered = vec![0.0; lp.m];
    for (j, &v) in x.iter().enumerate() {
        assert!(v >= lp.lower[j] - 1e-7 && v <= lp.upper[j] + 1e-7, "column {j} at {v} outside its bounds");
        lp.for_items(j, |i| covered[i] += v);
    }
    assert!(covered.iter().all(|c| (c - 1.0).abs() < 1e-7), "constraints broken: {covered:?}");
    let cost: f64 = (0..lp.ns + lp.m).map(|j| lp.cost[j] * x[j]).sum();
    let mut bound: f64 = lp.y.iter().sum();
    for j in 0..lp.ns + lp.m {
        let reduced = lp.cost[j] - lp.dot_y(j);
        bound += reduced * if reduced < 0.0 { lp.upper[j] } else { lp.lower[j] };
    }
    assert!((cost - bound).abs() < 1e-6 * (1.0 + cost.abs()), "cost {cost} and dual bound {bound} differ");
}

#[test]
fn optimal_solves_carry_their_certificate_through_bound_changes() {
    let mut seed = 12345u64;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let (mut optimal, mut infeasible) = (0, 0);
    for _ in 0..300 {
        let m = 3 + next(10) as usize;
        let rows: Vec<Vec<u32>> = (0..m + next(40) as usize).map(|_| (0..m as u32).filter(|_| next(3) == 0).collect()).collect();
        let cost: Vec<i64> = rows.iter().map(|_| next(50) as i64 - 5).collect();
        let secondary = next(2) == 0;
        let mut lp = Lp::new(m, &cost, |r, f| rows[r].iter().for_each(|&i| f(i)), |i| secondary && i % 3 == 0).unwrap();
        for step in 0..12 {
            match lp.solve(usize::MAX) {
                Solved::Optimal => {
                    certify(&lp);
                    optimal += 1;
                }
                Solved::Infeasible => {
                    // Along the ray the dual bound grows without end.
                    let at = |t: f64| {
                        let y: Vec<f64> = lp.y.iter().zip(&lp.ray).map(|(a, b)| a + t * b).collect();
                        let mut sum: f64 = y.iter().sum();
                        for j in 0..lp.ns + lp.m {
                            let mut reduced = lp.cost[j];
                            lp.for_items(j, |i| reduced -= y[i]);
                            sum += reduced * if reduced < 0.0 { lp.upper[j] } else { lp.lower[j] };
                        }
                        sum
                    };
                    assert!(at(2e3) - at(1e3) > 0.5, "not a ray: {} then {}", at(1e3), at(2e3));
                    infeasible += 1;
                }
                Solved::Limit => unreachable!("no limit"),
            }
            // Fix a row to 1 or 0, or free it again.
            let j = next(rows.len() as u64) as usize;
            let (lo, up) = [(1.0, 1.0), (0.0, 0.0), (0.0, 1.0)][step % 3];
            lp.set_bounds(j, lo, up);
        }
    }
    assert!(optimal > 1000 && infeasible > 100, "{optimal} optimal, {infeasible} infeasible");
}
