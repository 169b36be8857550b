//! The dive: a primal heuristic of the search for the single best, on one
//! thread. Reduced-cost fixing (`Optimize::drop_rows`) throws away the
//! rows in no cover below the bar, so it is only as strong as the best
//! cover found; a depth-first search led by the shares may take long to
//! find a good one. Once the bound is tightened near the linear
//! relaxation's optimum `L`, a copy of the search looks for a cover below
//! a trial bar `L + d` (d: a thousandth of `|L|` at first), where fixing
//! leaves few rows; a copy that runs out without one doubles `d` and
//! starts over, until the trial bar reaches the real one. The first cover
//! it finds is the search's next solution, and the bar it sets drops rows
//! from the search itself. The copy has a node budget; the search's own
//! walk, its checkpoints and its threads never see a trial bar, so no
//! solution can be lost by one.

use super::Search;
use crate::control::Progress;

/// A dive under way: the copy of the search, the lower bound `L` and the
/// margin `d` (scaled), and the nodes it may still use.
#[derive(Clone, Debug)]
pub(super) struct Dive {
    search: Search,
    lower: i64,
    margin: i64,
    left: u64,
}

impl Search {
    /// Starts a dive, once the bound is tightened and a cover known, with
    /// four times the nodes the search has used so far (at least 100,000).
    pub(super) fn start_dive(&mut self) {
        let Some(o) = &self.objective else { return };
        let Some(lower) = o.scaled_lower() else { return };
        let margin = (lower.unsigned_abs() / 1000).max(o.unit() as u64).min(i64::MAX as u64 / 4) as i64;
        // A bar within a few margins of the bound leaves a dive nothing to
        // find that the search's proof would not find as soon; within one,
        // where the node bound runs: its proof walks the whole tree below
        // the bar, and the dive's copy far less below a trial bar (resumed
        // from a checkpoint at 66,777 on crew 400, the proof had come to
        // 66,725 in a minute without the dive).
        let near = if o.node.is_some() { 1 } else { 4 };
        if o.bar.saturating_sub(lower) <= margin.saturating_mul(near) {
            return;
        }
        let mut search = self.clone();
        search.dive = None;
        search.restart();
        let mut dive = Dive { search, lower, margin, left: self.nodes.saturating_mul(4).max(100_000) };
        if dive.set_bar(o.bar) {
            self.dive = Some(Box::new(dive));
        }
    }

    /// Runs the dive for at most `budget` nodes, if one is under way:
    /// `Some` with what the slice comes to (the dive's cover as this
    /// search's solution, or a pause), `None` without a dive.
    pub(super) fn dive_slice(&mut self, budget: u64) -> Option<Progress<'_>> {
        let dive = self.dive.as_mut()?;
        let before = (dive.search.nodes, dive.search.engine.updates());
        let found = match dive.search.search(budget.min(dive.left)) {
            Progress::Solution(rows) => Some(Some(rows.to_vec())),
            Progress::Exhausted => Some(None),
            Progress::Paused => None,
        };
        let used = dive.search.nodes - before.0;
        (self.nodes, dive.left) = (self.nodes + used, dive.left.saturating_sub(used));
        // The dive's link updates are the search's too (its counters).
        self.updates_from = self.updates_from.wrapping_sub(dive.search.engine.updates().wrapping_sub(before.1));
        let Some(found) = found else {
            if dive.left == 0 {
                self.dive = None;
            }
            return Some(Progress::Paused);
        };
        let o = self.objective.as_mut()?;
        match found {
            Some(rows) => {
                self.dive = None;
                self.rows = rows;
                self.solutions += 1;
                o.record_rows(&self.rows);
                Some(Progress::Solution(&self.rows))
            }
            None => {
                // Nothing below the trial bar: a wider margin, or the end.
                dive.margin = dive.margin.saturating_mul(2);
                dive.search.restart();
                if dive.left == 0 || !dive.set_bar(o.bar) {
                    self.dive = None;
                }
                Some(Progress::Paused)
            }
        }
    }
}

impl Dive {
    /// The copy of the search that dives.
    pub(super) fn search_mut(&mut self) -> &mut Search {
        &mut self.search
    }

    /// Sets the copy's bar to `L + d`, when that is below `bar` (the real
    /// one); `false` when it is not, and the dive is over.
    fn set_bar(&mut self, bar: i64) -> bool {
        let trial = self.lower.saturating_add(self.margin);
        match self.search.objective.as_mut() {
            Some(o) if trial < bar => {
                o.bar = trial;
                true
            }
            _ => false,
        }
    }
}
