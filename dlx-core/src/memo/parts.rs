//! Independent parts: when the open columns of a state fall into groups
//! that no possible row joins, the ways to finish the state are the ways
//! to finish each group, chosen independently, so its count is the product
//! of the groups' counts (as DXD, the decision-diagram counter of the
//! SAT 2026 paper, does). Each group is counted as a state of its own, its
//! *part*: the state with every other group's columns closed and the
//! secondary columns the group cannot use set aside, so that the same
//! group left by different partial solutions is one cache entry.
//!
//! Two open primary columns are joined when a possible row holds both;
//! a free secondary column joins the rows that use it (two of them might
//! give it different colors). A secondary column that already has its
//! color joins nothing: every possible row that uses it gives that color,
//! so rows of different groups never clash there; each part that uses it
//! keeps its value. With multiplicities, a group's columns keep their
//! counts and cursors, so a part's count is the group's.
//!
//! Why a part counts exactly what its group does: a possible row of the
//! group uses only open columns of the group and secondary columns the
//! part keeps, so the rows possible in the part are the group's; and
//! states only narrow along a walk (a row once impossible stays so), so
//! the rows of other groups never come back.
//!
//! Looking costs a pass over the possible rows of every open column. The
//! walk pays it at most once for every [`PACE`] times its own work since
//! the last look ([`Decompose::Auto`]), so on problems that never split
//! the looks cost a small share of the count.

use super::live::Live;
use super::problem::Problem;
use crate::alloc::filled;
use crate::error::Error;

/// Whether a memoized count looks for independent parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Decompose {
    /// Looks now and then, paced by the count's own work (the cost of
    /// looking stays a small share of the count).
    #[default]
    Auto,
    /// Never looks: one state, one count.
    Never,
    /// Looks at every state not in the cache: every split is found, at
    /// the cost of a look per state (for problems known to fall apart, and
    /// for tests).
    Always,
}

/// The walk's work between two looks, over the cost of the last look.
pub(crate) const PACE: u64 = 32;

/// The scratch space of the looks, kept by a walk.
#[derive(Debug, Default)]
pub(crate) struct Parts {
    /// Every mark below is a stamp: a fresh number for each look (its
    /// `pass`) and for each part it writes, so nothing is cleared between
    /// them. Union-find over the columns: `parent[c]`, valid when
    /// `seen[c]` is this look's pass.
    parent: Vec<u32>,
    seen: Vec<u32>,
    /// Per row: the stamp of the last pass or part that looked at it, so
    /// that a row of many columns is looked at once.
    row_stamp: Vec<u32>,
    /// Per union-find root: its group's number, valid when `labelled`
    /// is this look's pass.
    label: Vec<u32>,
    labelled: Vec<u32>,
    /// Per column: the stamp of the last part whose rows may use it.
    kept: Vec<u32>,
    stamp: u32,
    /// The stamp of the look under way.
    pass: u32,
    /// The open primary columns of the state looked at, then their groups.
    open: Vec<u32>,
    group: Vec<u32>,
    /// The walk's work ([`Live::work`]) at which the next look is due.
    due: u64,
}

impl Parts {
    /// Whether to look at the current state, under `rule`.
    pub fn due(&self, rule: Decompose, live: &Live) -> bool {
        match rule {
            Decompose::Auto => live.work >= self.due,
            Decompose::Never => false,
            Decompose::Always => true,
        }
    }

    fn find(&mut self, mut c: u32) -> u32 {
        while self.parent[c as usize] != c {
            let up = self.parent[self.parent[c as usize] as usize];
            self.parent[c as usize] = up;
            c = up;
        }
        c
    }

    /// Column `c` in this look's union-find (a set of its own when new).
    fn enter(&mut self, c: u32) {
        if self.seen[c as usize] != self.pass {
            self.seen[c as usize] = self.pass;
            self.parent[c as usize] = c;
        }
    }

    /// A new stamp, clearing the marks when the numbers wrap.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            for marks in [&mut self.seen, &mut self.labelled, &mut self.kept, &mut self.row_stamp] {
                marks.fill(0);
            }
            self.stamp = 1;
        }
        self.stamp
    }

    /// Looks at state `s` (whose possible rows `live` knows): when its open
    /// columns fall into two or more groups, appends each group's part to
    /// `out` (one state after another) and returns how many; else returns
    /// 1 and leaves `out` alone.
    pub fn split(&mut self, p: &Problem, s: &[u64], live: &Live, out: &mut Vec<u64>) -> Result<usize, Error> {
        let (columns, rows) = p.size();
        if self.parent.len() != columns || self.row_stamp.len() != rows {
            self.row_stamp = filled(rows)?;
            self.parent = filled(columns)?;
            self.seen = filled(columns)?;
            self.label = filled(columns)?;
            self.labelled = filled(columns)?;
            self.kept = filled(columns)?;
            (self.stamp, self.pass) = (0, 0);
        }
        self.pass = self.next_stamp();
        self.open.clear();
        let mut cost = 0u64;
        // The groups: every possible row joins its open and free columns.
        for &c in p.primary() {
            if !p.is_open(s, c as usize) {
                continue;
            }
            self.open.try_reserve(1)?;
            self.open.push(c);
            self.enter(c);
            cost += live.scan_cost(p, s, c as usize);
            for r in live.possible_rows(p, s, c as usize) {
                cost += 1;
                if self.row_stamp[r as usize] == self.pass {
                    continue;
                }
                self.row_stamp[r as usize] = self.pass;
                for d in p.row_columns(r) {
                    cost += 1;
                    if p.is_open(s, d) || p.is_free(s, d) {
                        self.enter(d as u32);
                        let (a, b) = (self.find(c), self.find(d as u32));
                        self.parent[a as usize] = b;
                    }
                }
            }
        }
        // Each open column's group, numbered in the order of the columns.
        self.group.clear();
        self.group.try_reserve(self.open.len())?;
        let mut groups = 0u32;
        for k in 0..self.open.len() {
            let root = self.find(self.open[k]) as usize;
            if self.labelled[root] != self.pass {
                self.labelled[root] = self.pass;
                self.label[root] = groups;
                groups += 1;
            }
            self.group.push(self.label[root]);
        }
        if groups > 1 {
            cost += self.write_parts(p, s, live, groups, out)?;
        }
        self.due = live.work.saturating_add(PACE.saturating_mul(cost));
        Ok(groups.max(1) as usize)
    }

    /// Appends the part of each of the `groups` groups of state `s` to
    /// `out`; returns the entries looked at.
    fn write_parts(&mut self, p: &Problem, s: &[u64], live: &Live, groups: u32, out: &mut Vec<u64>) -> Result<u64, Error> {
        let w = s.len();
        out.try_reserve(groups as usize * w)?;
        let mut cost = 0u64;
        for g in 0..groups {
            let base = out.len();
            out.extend_from_slice(s);
            let part = &mut out[base..base + w];
            let mark = self.next_stamp();
            for (&c, &in_group) in self.open.iter().zip(&self.group) {
                if in_group != g {
                    p.close(part, c);
                    continue;
                }
                // The secondary columns this group's rows may use.
                cost += live.scan_cost(p, s, c as usize);
                for r in live.possible_rows(p, s, c as usize) {
                    cost += 1;
                    if self.row_stamp[r as usize] != mark {
                        self.row_stamp[r as usize] = mark;
                        for d in p.row_columns(r) {
                            cost += 1;
                            self.kept[d] = mark;
                        }
                    }
                }
            }
            for &d in p.secondary() {
                if self.kept[d as usize] != mark {
                    p.set_aside(part, d);
                }
            }
            cost += p.secondary().len() as u64;
        }
        Ok(cost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memo::live::tests::random;
    use crate::memo::live::Numbers;
    use crate::memo::order::Order;
    use crate::memo::problem::Choice;

    /// The parts of state `s`, one vector each (none when it is one group).
    fn parts_of(p: &Problem, s: &[u64]) -> Vec<Vec<u64>> {
        let live = Live::new(p, s, Numbers::Sets).unwrap();
        let mut out = Vec::new();
        let n = Parts::default().split(p, s, &live, &mut out).unwrap();
        if n < 2 {
            return Vec::new();
        }
        out.chunks(p.words).map(|c| c.to_vec()).collect()
    }

    /// The possible rows of the open columns of state `s`, sorted.
    fn possible_rows(p: &Problem, s: &[u64]) -> Vec<u32> {
        let mut rows: Vec<u32> = p.primary().iter().filter(|&&c| p.is_open(s, c as usize)).flat_map(|&c| p.list(s, c).0.iter().copied()).filter(|&r| p.possible(s, r)).collect();
        rows.sort_unstable();
        rows.dedup();
        rows
    }

    /// Down random paths of random matrices, at each state that falls into
    /// parts: every open column is open in exactly one part, the parts'
    /// possible rows are the state's, shared by none; and adding a row of
    /// another part leaves each remaining part's state as it was, so one
    /// group is one cache key whatever the other groups did. Catches a
    /// part that keeps another group's column open, a row joined to the
    /// wrong group (a free secondary column not joining), and a part whose
    /// key keeps the secondary columns of other groups.
    #[test]
    fn a_part_is_its_group_alone_whatever_the_others_did() {
        let mut g = fastrand::Rng::with_seed(50);
        let mut split = 0;
        for _ in 0..4000 {
            let m = random(&mut g);
            let p = Problem::new(&m, &[], &[]).unwrap();
            let Some(start) = p.start() else { continue };
            let mut state = start.to_vec();
            loop {
                let parts = parts_of(&p, &state);
                if !parts.is_empty() {
                    split += 1;
                    for &c in p.primary() {
                        let open = parts.iter().filter(|s| p.is_open(s, c as usize)).count();
                        assert_eq!(open, p.is_open(&state, c as usize) as usize, "column {c}");
                    }
                    let mut rows: Vec<u32> = parts.iter().flat_map(|s| possible_rows(&p, s)).collect();
                    rows.sort_unstable();
                    assert_eq!(rows, possible_rows(&p, &state), "the parts' rows are the state's, each in one part");
                    // A row of part j added: every other part is the same
                    // (when the state still falls into parts).
                    let j = g.usize(..parts.len());
                    if let Some(&r) = possible_rows(&p, &parts[j]).first() {
                        let mut other = state.clone();
                        p.add(&mut other, r, None);
                        let after = parts_of(&p, &other);
                        for (i, part) in parts.iter().enumerate().filter(|&(i, _)| i != j && !after.is_empty()) {
                            assert!(after.contains(part), "part {i} changed when a row of part {j} was added");
                        }
                    }
                }
                let Choice::Branch { column, .. } = p.choose(&state, Order::Fewest) else { break };
                let (list, from) = p.list(&state, column);
                let rows: Vec<u32> = list[from.min(list.len())..].iter().copied().filter(|&r| p.possible(&state, r)).collect();
                if rows.is_empty() {
                    p.close(&mut state, column);
                } else {
                    let r = rows[g.usize(..rows.len())];
                    p.add(&mut state, r, Some(column));
                }
            }
        }
        assert!(split > 500, "only {split} states fell into parts");
    }
}
