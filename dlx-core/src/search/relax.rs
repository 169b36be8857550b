//! The node bound's part of the search (`bound::node`): when it may run,
//! when it starts, and the cover its rounding finds.

use super::Search;
use crate::bound::node::worth_it;
use crate::bound::Relaxation;
use crate::engine::Engine;

impl Search {
    /// Whether the node bound may run on this search: an objective, on
    /// exact cover's engine, with [`Relaxation::Always`] or, by default,
    /// on a matrix of the shape where it pays (`node::worth_it`). Such a
    /// search stays on one thread: its bound, rounding and fixing run
    /// there, and measured on crew pairings two threads without them took
    /// twenty times the CPU time of one with them.
    pub(crate) fn node_bound_applies(&self) -> bool {
        self.objective.is_some()
            && self.engine.kind() == Engine::Exact
            && match self.relaxation {
                Relaxation::Always => true,
                Relaxation::Auto => worth_it(self.matrix.columns(), self.matrix.rows()),
                Relaxation::Never => false,
            }
    }

    /// Starts the node bound (`bound::node`) once it is due: with
    /// [`Relaxation::Auto`], once the bound is tightened (at the first bar
    /// where the node bound applies: `Search::drop_by_bound`) or the search
    /// has done the volume's work, and has a bar. A parallel worker starts
    /// its own.
    pub(super) fn start_node_bound(&mut self) {
        // (Asked between every two slices: what never applies is settled
        // at the first.)
        if self.objective.as_ref().is_none_or(|o| o.node_tried) {
            return;
        }
        let applies = self.node_bound_applies();
        let Some(o) = self.objective.as_mut() else { return };
        if !applies || o.node_pays == Some(false) {
            o.node_tried = true;
            return;
        }
        let done = self.engine.updates().wrapping_sub(self.updates_from);
        if self.relaxation == Relaxation::Auto && !((o.tight || done >= o.tighten_at) && o.bar != i64::MAX) {
            return;
        }
        o.node_tried = true;
        if let Some(b) = self.engine.bound_mut() {
            b.start_node_bound(o, &self.fixed);
        }
    }

    /// Whether the node bound runs on this search from its first slice on:
    /// it applies and, with [`Relaxation::Auto`], pays. Judged now, as the
    /// first slice would (the bound tightened, rows dropped below the bar,
    /// the relaxation solved and rounded), where it applies and has not
    /// been judged; the search is then ready for its first slice, which
    /// takes the rounding's cover.
    pub(crate) fn node_bound_runs(&mut self) -> bool {
        if !self.node_bound_applies() {
            return false;
        }
        if self.relaxation == Relaxation::Auto && self.objective.as_ref().is_some_and(|o| o.node_pays.is_none()) {
            self.drop_by_bound();
            self.judge_relaxation();
        }
        self.objective.as_ref().is_some_and(|o| o.node_pays != Some(false))
    }

    /// With [`Relaxation::Auto`], once the node bound has started and its
    /// rounding's cover has been offered: judges once whether it pays
    /// (`NodeLp::pays`), and drops it if not (the fixing it did at the
    /// root stays).
    pub(super) fn judge_relaxation(&mut self) {
        let Some(o) = self.objective.as_mut().filter(|o| o.node_pays.is_none() && self.relaxation == Relaxation::Auto) else { return };
        let (bar, unit) = (o.bar, o.unit());
        let Some(node) = o.node.as_mut() else { return };
        // (The rounding's cover, if not yet taken, waits for the next
        // slice: `round_by_relaxation`.)
        let pays = node.pays(bar, unit);
        o.judge_node(pays);
        // (A dive's copy, started at the first bar, goes by this judgement,
        // not by one of its trial bar.)
        if let Some(copy) = self.dive.as_mut().and_then(|d| d.search_mut().objective.as_mut()) {
            copy.judge_node(pays);
        }
    }

    /// Once the node bound has started: a cover from rounding its
    /// relaxation (`NodeLp::round`), when it beats the bar, becomes the
    /// search's next solution (its rows in `rows`, the forced ones first).
    /// For the single best only, as the dive: the k best could meet the
    /// cover again in the walk and keep it twice.
    pub(super) fn round_by_relaxation(&mut self) -> bool {
        let Some(o) = self.objective.as_mut().filter(|o| o.k == 1) else { return false };
        let Some(node) = o.node.as_mut() else { return false };
        let Some(found) = node.round() else { return false };
        let mut rows = Vec::new();
        if rows.try_reserve_exact(found.len()).is_err() {
            return false;
        }
        rows.extend_from_slice(&self.fixed.forced);
        rows.extend(found.iter().filter(|r| !self.fixed.forced.contains(r)));
        if !o.beats_bar(&rows) {
            return false;
        }
        o.record_rows(&rows);
        self.rows = rows;
        self.solutions += 1;
        true
    }
}
