//! What threads and checkpoints take from a search: a worker made from
//! it, the unit a worker enters, the branch it gives away, and the pieces
//! a stopped walk has left (`Piece`), which a checkpoint keeps.

use super::Search;
use crate::checkpoint::Piece;
use crate::error::Error;

impl Search {
    /// Before a call on several threads: a search for the best strengthens
    /// its bound before it splits, so no worker ever starts its piece over.
    /// Says whether the search can be split now (at its start).
    pub(crate) fn ready_to_split(&mut self) -> bool {
        if self.nodes > 0 || self.engine.is_done() {
            return false;
        }
        if self.objective.as_ref().is_some_and(|o| o.strengthen_at != u64::MAX) {
            self.strengthen();
        }
        true
    }

    /// A worker of a parallel search: a copy on one thread that shares
    /// work, with room for any piece of the tree reserved; a copy of a walk
    /// under way goes on from where it stands.
    pub(crate) fn worker(&self) -> Result<Search, Error> {
        let mut w = self.clone();
        if !self.sharing {
            // A walk under way on one thread (a call that began there
            // alone) goes on sharing work from where it stands.
            w.engine.ready_to_donate();
        }
        w.sharing = true;
        w.dive = None;
        let forced = self.fixed.forced.len() + self.engine.depth_limit() + 1;
        w.fixed.forced.try_reserve_exact(forced)?;
        w.fixed.excluded.try_reserve_exact(self.rows())?;
        w.rows.try_reserve_exact(forced + self.engine.depth_limit())?;
        Ok(w)
    }

    /// Starts a worker on a piece of the tree: `rows` forced, `excluded`
    /// excluded (they fit, as [`Core::donate`](crate::engine::Core::donate) gives them; the room is
    /// reserved by [`Search::worker`]).
    pub(crate) fn enter_unit(&mut self, rows: &[usize], excluded: &[usize]) {
        self.with_nothing_covered(|s| {
            s.fixed.forced.clear();
            s.fixed.forced.extend_from_slice(rows);
            s.fixed.excluded.clear();
            s.fixed.excluded.extend_from_slice(excluded);
            s.fixed.excluded.sort_unstable();
            s.fixed.excluded.dedup();
            s.fixed.within = (s.fixed.forced.len(), s.fixed.excluded.len()) != s.whole;
        });
    }

    /// See [`Core::donate`](crate::engine::Core::donate); `rows` gets the forced rows first. Returns the
    /// branch's share of the tree.
    pub(crate) fn donate(&mut self, rows: &mut Vec<usize>, excluded: &mut Vec<usize>) -> Option<f64> {
        rows.extend_from_slice(&self.fixed.forced);
        excluded.extend_from_slice(&self.fixed.excluded);
        self.engine.donate(rows, excluded).map(|given| given.share)
    }

    /// The work this search has left, as pieces appended to `out` whose
    /// solutions are exactly those the search has not reached yet, each in
    /// one piece; the search itself goes on unchanged (the pieces come
    /// from a copy of its engine): every branch the copy can give away
    /// ([`Core::donate`](crate::engine::Core::donate)) and what it has left besides ([`Core::rest`](crate::engine::Core::rest)).
    /// The pieces come in the order the search would reach them, so that a
    /// search that walks them in turn walks the same tree in the same
    /// order, node for node (without a seed or weights, which a piece
    /// starts again). Each piece holds the search's forced and excluded
    /// rows; its share is of this search's tree, the part not walked yet
    /// shared out. Errors: [`Error::OutOfMemory`] (`out` then as it was).
    pub(crate) fn left(&self, out: &mut Vec<Piece>) -> Result<(), Error> {
        if self.engine.is_done() {
            return Ok(());
        }
        crate::alloc::appended(out, |out| self.pieces_left(out))
    }

    fn pieces_left(&self, out: &mut Vec<Piece>) -> Result<(), Error> {
        let mut engine = self.engine.clone();
        if !self.sharing {
            engine.ready_to_donate();
        }
        // One scratch list of each kind, room for any piece reserved once;
        // each piece starts from the search's own forced and excluded rows.
        let mut rows = Vec::new();
        rows.try_reserve_exact(self.fixed.forced.len() + engine.depth_limit() + 1)?;
        let mut excluded = Vec::new();
        excluded.try_reserve_exact(self.fixed.excluded.len() + self.rows())?;
        let fixed = &self.fixed;
        let start = |rows: &mut Vec<usize>, excluded: &mut Vec<usize>| {
            rows.clear();
            excluded.clear();
            rows.extend_from_slice(&fixed.forced);
            excluded.extend_from_slice(&fixed.excluded);
        };
        let mut unshared = 1.0 - self.engine.estimate();
        // The branches a donation gives: shallowest level first, each
        // level's last branch first (the reverse of the walk's order).
        let mut given = Vec::new();
        loop {
            start(&mut rows, &mut excluded);
            let Some(g) = engine.donate(&mut rows, &mut excluded) else { break };
            unshared -= g.share;
            given.try_reserve(1)?;
            given.push((g.level, Piece::copied(&rows, &excluded, g.share)?));
        }
        // The rest of the copy's walk, deepest level first, sharing what
        // the donations left.
        let mut rest = Vec::new();
        let mut failed = Ok(());
        engine.rest(&mut |core, level| {
            start(&mut rows, &mut excluded);
            core.solution(&mut rows);
            core.excluded(&mut excluded);
            if failed.is_ok() {
                failed = Piece::copied(&rows, &excluded, 0.0).and_then(|piece| {
                    rest.try_reserve(1)?;
                    rest.push((level, piece));
                    Ok(())
                });
            }
        });
        failed?;
        let parts = rest.len();
        for (_, p) in &mut rest {
            p.share = unshared.max(0.0) / parts as f64;
        }
        // The walk's order: deepest level first; on a level, its branches
        // given away in turn, then the stop branch the rest holds there
        // (which comes last).
        out.try_reserve(given.len() + rest.len())?;
        for (level, piece) in rest {
            while given.last().is_some_and(|&(l, _)| l >= level) {
                out.extend(given.pop().map(|(_, p)| p));
            }
            out.push(piece);
        }
        out.extend(given.into_iter().rev().map(|(_, p)| p));
        Ok(())
    }

    /// The [`fingerprint`](crate::checkpoint::fingerprint) of the matrix
    /// searched (its costs are the search's: the matrix kept may be a copy
    /// of its structure alone).
    pub(crate) fn fingerprint(&self) -> [u8; 32] {
        crate::checkpoint::fingerprint_of(&self.matrix, &|r| self.costs.get(r).copied().unwrap_or(0))
    }
}
