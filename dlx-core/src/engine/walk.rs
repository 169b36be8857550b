//! What the engines' walks share: for the exact-cover ones (`dlx1`,
//! `small`), where a walk stands between two calls and what entering a
//! level decides before the level branches; for Algorithm M's (`mcc`,
//! `bits_m`), the whole loop ([`walk_m`]).

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
    /// Whether the walk has a node ahead that it has not entered: at its
    /// start, or paused before a level (not after a solution, not done).
    pub fn before_a_node(self) -> bool {
        matches!(self, Phase::Start | Phase::Paused)
    }

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

/// The nodes of a search whose forced rows (or none) are already its one
/// solution: the root and the solution, or the solution alone for a piece
/// [`within`](super::Fixed::within) a larger tree, whose root that tree's
/// walk counted. (Every engine's walk counts them so.)
#[inline(always)]
pub(crate) fn lone_solution_nodes(within: bool) -> u64 {
    2 - u64::from(within)
}

/// Where an Algorithm M walk ([`walk_m`]) starts on its next call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resume {
    /// Enter a new level (also at the very start).
    Enter,
    /// Undo the branch just reported as a solution and take the next one.
    Next,
    /// Nothing left.
    Done,
}

/// What the loop of an Algorithm M walk ([`walk_m`]) asks of its engine
/// (`mcc` on links, `bits_m` on bit sets).
pub(crate) trait Levels {
    fn resume(&mut self) -> &mut Resume;
    /// [`Fixed::within`](super::Fixed::within) of the forced rows.
    fn within(&self) -> bool;
    /// The levels on the path.
    fn levels(&self) -> usize;
    /// Whether no primary column is active: the path is a solution.
    fn all_done(&self) -> bool;
    /// Enters a level (the node is counted), or finds a dead end (`false`).
    fn enter(&mut self) -> bool;
    /// Takes the top level's next branch (`false`: none left, the level
    /// is left).
    fn branch(&mut self) -> bool;
    /// Ends the top level's branch.
    fn undo_branch(&mut self);
    /// Whether the solution the walk stands at is within the bar of a
    /// branch and bound.
    fn fits(&self) -> bool {
        true
    }
}

/// An Algorithm M walk: to the next solution, its end, a path of `cap`
/// levels ([`Walked::Cut`]), or until entering a level would pass `limit`
/// nodes; with `count` (counting only), each solution is counted there
/// and the walk goes on, returning [`Walked::Counted`] when the count
/// reaches its most.
#[inline(always)]
pub(crate) fn walk_m<L: Levels>(e: &mut L, nodes: &mut u64, limit: u64, cap: usize, mut count: Option<(&mut u64, u64)>) -> Walked {
    // `enter`: go a level deeper; else take the top level's next branch.
    let mut enter = match *e.resume() {
        Resume::Done => return Walked::Exhausted,
        Resume::Enter => true,
        Resume::Next => {
            e.undo_branch();
            false
        }
    };
    if enter && e.levels() == 0 && e.all_done() {
        // Nothing to choose: the forced rows (or no rows) are the one
        // solution.
        if *nodes >= limit {
            return Walked::Paused;
        }
        *nodes += lone_solution_nodes(e.within());
        *e.resume() = Resume::Done;
        return if e.fits() { Walked::Solution } else { Walked::Exhausted };
    }
    if enter && e.levels() == 0 && cap == 0 {
        // The forced rows are the one subproblem at depth 0.
        *e.resume() = Resume::Done;
        return Walked::Cut;
    }
    loop {
        if enter {
            if *nodes >= limit {
                *e.resume() = Resume::Enter;
                return Walked::Paused;
            }
            *nodes += 1;
            enter = false;
            if !e.enter() {
                if e.levels() == 0 {
                    *e.resume() = Resume::Done;
                    return Walked::Exhausted;
                }
                e.undo_branch();
            }
            continue;
        }
        if !e.branch() {
            if e.levels() == 0 {
                *e.resume() = Resume::Done;
                return Walked::Exhausted;
            }
            e.undo_branch();
            continue;
        }
        if !e.all_done() {
            if e.levels() == cap {
                *e.resume() = Resume::Next;
                return Walked::Cut;
            }
            enter = true;
        } else if e.fits() {
            *nodes += 1;
            *e.resume() = Resume::Next;
            if let Some((counted, most)) = count.as_mut() {
                **counted += 1;
                if **counted < *most {
                    e.undo_branch();
                    continue;
                }
                return Walked::Counted;
            }
            return Walked::Solution;
        } else {
            e.undo_branch();
        }
    }
}

/// [`Core::rest`](super::Core::rest) for an Algorithm M walk whose row
/// branches have all been given away: the node it paused before entering,
/// then, going back up as the walk would, each branch it would still take
/// (the stop branches that come last), handed to `piece` with that branch
/// taken, each with the level it leaves the path at.
pub(crate) fn rest_m<L: Levels>(e: &mut L, piece: &mut dyn FnMut(&L, usize)) {
    match *e.resume() {
        Resume::Done => return,
        Resume::Enter => piece(e, e.levels()),
        Resume::Next => {}
    }
    while e.levels() > 0 {
        e.undo_branch();
        if e.branch() {
            piece(e, e.levels() - 1);
        }
    }
    *e.resume() = Resume::Done;
}
