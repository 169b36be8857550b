//! A checkpoint's text that is well formed and correctly hashed but says
//! something false: the reader must refuse it on what it says, not on its
//! checksum.
//!
//! A small problem's search is stopped by a node limit and checkpointed;
//! then the checkpoint is edited (rows found that are not a solution, a
//! row twice, a real solution added, counters near or past 2^63) and
//! written again, which hashes it anew. A fresh solver must resume it
//! exactly when every edit leaves it true, and must be left unchanged
//! when it refuses; a resumed run must end at the count the edits imply,
//! computed without wrapping.

use std::ops::ControlFlow;

use dlx_core::{Checkpoint, Error, Goal, Limits, Matrix, Objective, Solver};

use super::input::Input;

/// Counters near the end of the room a checkpoint leaves (2^63).
const COUNTERS: [u64; 6] = [u64::MAX, 1 << 63, (1 << 63) - 1, (1 << 63) + 1, 0, 12];

fn solver(m: &Matrix, threads: usize, objective: Option<Objective>) -> Solver {
    let mut s = Solver::new(m).expect("a solver");
    s.set_threads(threads);
    s.set_objective(objective).expect("fewest rows never overflows");
    s
}

/// Runs `s` to its end: its whole run's count of solutions.
fn to_the_end(s: &mut Solver) -> u64 {
    s.set_limits(Limits::default());
    s.run(|_| ControlFlow::Continue(()));
    s.counters().solutions
}

pub fn checkpoint_text(data: &[u8]) {
    let mut inp = Input::new(data);
    let p = super::differential::problem(&mut inp);
    let m = p.matrix();
    let all = p.solutions(&[]);
    let objective = inp.flip().then(|| Objective { goal: Goal::FewestRows, best: 1 + inp.below(2) });
    let mut s = solver(&m, 1 + inp.below(2), objective);
    s.set_limits(Limits { nodes: Some(1 + inp.below(12) as u64), ..Limits::default() });
    s.run(|_| ControlFlow::Continue(()));
    let ck = s.checkpoint().expect("a checkpoint of a stopped search");

    // The edits, and whether they leave the checkpoint true.
    let mut edited = ck.clone();
    let mut true_still = true;
    for _ in 0..1 + inp.below(3) {
        match inp.below(4) {
            0 => {
                let rows: Vec<usize> = (0..inp.below(5)).map(|_| inp.below(p.rows.len() + 1)).collect();
                true_still &= p.is_solution(&rows);
                edited.pending.push(rows);
            }
            1 if !all.is_empty() => {
                let mut rows = all[inp.below(all.len())].clone();
                if inp.flip() && !rows.is_empty() {
                    rows.push(rows[inp.below(rows.len())]); // a row twice
                    true_still = false;
                }
                edited.pending.push(rows);
            }
            2 => {
                let value = inp.pick(&COUNTERS);
                *[&mut edited.solutions, &mut edited.nodes, &mut edited.updates][inp.below(3)] = value;
            }
            _ => {}
        }
    }
    // A later edit may set a counter back in range.
    true_still &= [edited.solutions, edited.nodes, edited.updates].iter().all(|&n| n < 1 << 63);
    let text = edited.to_text().expect("a text");
    let mut t = solver(&m, 1 + inp.below(2), objective);
    let resumed = Checkpoint::parse(&text).and_then(|c| {
        assert_eq!(c, edited, "the text reads back to what was written");
        t.resume(&c)
    });
    match resumed {
        Ok(()) => {
            assert!(true_still, "a false checkpoint resumed:\n{text}");
            let total = to_the_end(&mut t);
            if objective.is_none() {
                // The edits' solutions count on top of the true ones.
                let expect = u128::from(edited.solutions) + edited.pending.len() as u128 + all.len() as u128
                    - u128::from(ck.solutions)
                    - ck.pending.len() as u128;
                assert_eq!(u128::from(total), expect, "the resumed count\n{text}");
            }
        }
        Err(e) => {
            assert!(!true_still, "a true checkpoint refused ({e}):\n{text}");
            assert_eq!(e, Error::Checkpoint, "{text}");
            // Unchanged: a search from the start.
            let total = to_the_end(&mut t);
            if objective.is_none() {
                assert_eq!(total, all.len() as u64, "the refused solver's count");
            } else {
                let costs: Vec<i64> = t.best().iter().map(|b| b.cost).collect();
                let k = objective.map_or(1, |o| o.best);
                assert_eq!(costs, p.best_costs(Goal::FewestRows, k, &[], None), "the refused solver's best");
            }
        }
    }
}
