//! What the exact-cover engines' walks (`dlx1`, `small`) share: where a
//! walk stands between two calls, and what entering a level decides before
//! the level branches.

use super::Walked;

/// Where a walk stands between two calls of [`Core::walk`](super::Core::walk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Nothing done yet.
    Start,
    /// A solution was just returned: undo its last row and try the next one.
    Recover,
    /// A node budget ran out just before entering a level.
    Paused,
    /// The search is exhausted.
    Done,
}

impl Phase {
    /// The rows chosen on the path (forced ones not counted), the walk
    /// standing at `level`.
    pub fn depth(self, level: usize) -> usize {
        match self {
            Phase::Recover => level + 1,
            Phase::Paused => level,
            Phase::Start | Phase::Done => 0,
        }
    }
}

/// Where a walk's count goes and its limit ([`Run::count`](super::Run::count),
/// taken only with `COUNT`).
#[inline(always)]
pub(crate) fn counting<const COUNT: bool>(count: Option<(&mut u64, u64)>) -> (Option<&mut u64>, u64) {
    match count {
        Some((counted, most)) if COUNT => (Some(counted), most),
        _ => (None, 0),
    }
}

/// What entering a level decided.
pub(crate) enum Entered {
    /// Branch on the item chosen (the node is the caller's to count).
    Branch,
    /// A solution counted inside the walk: try the next row of the level
    /// above.
    NextRow,
    /// The walk stops here and returns this.
    Stop(Walked),
}

/// Entering level `level` with `item` chosen (0: no primary item is left,
/// so the rows chosen on the levels above are a solution, a node of the
/// tree): a solution is returned, or counted in `found` (`COUNT`, up to
/// `count_limit`); with `CAP`, a path of `cap` levels is a cut; a walk
/// that has entered `limit` nodes pauses. (Level 0 always has an item:
/// the walks look at the forced rows alone before they start.)
///
/// `item` is the deterministic choice: a seeded walk draws among the
/// items tied with it (`Keys::choose_random_from`) only after this
/// answers [`Entered::Branch`], so a walk that stops here has drawn
/// nothing, and draws the same when it comes back to this level.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn enter<const CAP: bool, const COUNT: bool>(
    item: u32,
    level: &mut usize,
    phase: &mut Phase,
    nodes: &mut u64,
    limit: u64,
    cap: usize,
    found: &mut u64,
    count_limit: u64,
) -> Entered {
    if item == 0 {
        *nodes += 1;
        *level -= 1;
        if COUNT {
            *found += 1;
            if *found < count_limit {
                // (The phase is written only when the walk stops.)
                return Entered::NextRow;
            }
            *phase = Phase::Recover;
            return Entered::Stop(Walked::Counted);
        }
        *phase = Phase::Recover;
        return Entered::Stop(Walked::Solution);
    }
    if CAP && *level == cap {
        *level -= 1;
        *phase = Phase::Recover;
        return Entered::Stop(Walked::Cut);
    }
    if *nodes >= limit {
        *phase = Phase::Paused;
        return Entered::Stop(Walked::Paused);
    }
    Entered::Branch
}
