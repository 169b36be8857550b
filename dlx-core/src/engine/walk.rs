//! What the engines' walks share: for the exact-cover ones (`dlx1`,
//! `small`), where a walk stands between two calls and what entering a
//! level decides before the level branches; for Algorithm M's (`mcc`,
//! `bits_m`), the whole loop ([`walk_m`]).

use super::mode::{AtSolution, Ending, Steps};
use std::ops::ControlFlow;

/// Where a walk stands between two calls of [`Core::find`](super::Core::find)
/// (or of the other modes, `count` and `cut`).
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

/// What entering a level decided.
pub(crate) enum Entered<O> {
    /// Branch on the item chosen (the node is the caller's to count).
    Branch,
    /// A solution counted inside the walk: try the next row of the level
    /// above.
    NextRow,
    /// The walk stops here and returns this.
    Stop(O),
}

/// Entering level `level` with `item` chosen (0: no primary item is left,
/// so the rows chosen on the levels above are a solution, a node of the
/// tree): a solution is returned, or counted in `found` (up to
/// `count_limit`), as the outcome `O` says; a path of `cap` levels is a
/// cut for a walk that cuts; a walk that has entered `limit` nodes
/// pauses (one that has a budget). (Level 0 always has an item:
/// the walks look at the forced rows alone before they start.)
///
/// `item` is the deterministic choice: a seeded walk draws among the
/// items tied with it (`Keys::choose_random_from`) only after this
/// answers [`Entered::Branch`], so a walk that stops here has drawn
/// nothing, and draws the same when it comes back to this level.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn enter<O: Ending>(
    item: u32,
    level: &mut usize,
    phase: &mut Phase,
    nodes: &mut u64,
    limit: u64,
    cap: usize,
    found: &mut u64,
    count_limit: u64,
) -> Entered<O> {
    if item == 0 {
        *nodes += 1;
        *level -= 1;
        match O::AT_SOLUTION {
            AtSolution::Count(most) => {
                *found += 1;
                if *found < count_limit {
                    // (The phase is written only when the walk stops.)
                    return Entered::NextRow;
                }
                *phase = Phase::Recover;
                return Entered::Stop(most);
            }
            AtSolution::Stop(solution) => {
                *phase = Phase::Recover;
                return Entered::Stop(solution);
            }
        }
    }
    if let Some(cut) = O::CUT {
        if *level == cap {
            *level -= 1;
            *phase = Phase::Recover;
            return Entered::Stop(cut);
        }
    }
    if let Some(paused) = O::PAUSED {
        if *nodes >= limit {
            *phase = Phase::Paused;
            return Entered::Stop(paused);
        }
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
    /// Whether no primary column is left to branch on: the path is a
    /// solution. (An engine may tidy its state here first: `cells` retires
    /// its finished items.)
    fn all_done(&mut self) -> bool;
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

/// Where an Algorithm M walk ([`walk_m`]) starts: whether it enters a
/// level (else it takes the top level's next branch), or how it ends
/// before its loop: done, paused at the start, at the forced rows when
/// they are the one solution (or the one subproblem, at depth 0).
#[inline(always)]
fn start_m<L: Levels, O: Ending>(e: &mut L, nodes: &mut u64, limit: u64, cap: usize, counter: &mut u64, most: u64) -> ControlFlow<O, bool> {
    let enter = match *e.resume() {
        Resume::Done => return ControlFlow::Break(O::EXHAUSTED),
        Resume::Enter => true,
        Resume::Next => {
            e.undo_branch();
            false
        }
    };
    if enter && e.levels() == 0 && e.all_done() {
        // Nothing to choose: the forced rows (or no rows) are the one
        // solution.
        if let Some(paused) = O::PAUSED {
            if *nodes >= limit {
                return ControlFlow::Break(paused);
            }
        }
        *nodes += lone_solution_nodes(e.within());
        *e.resume() = Resume::Done;
        return ControlFlow::Break(if e.fits() { O::lone_solution(counter, most) } else { O::EXHAUSTED });
    }
    if let Some(cut) = O::CUT {
        if enter && e.levels() == 0 && cap == 0 {
            // The forced rows are the one subproblem at depth 0.
            *e.resume() = Resume::Done;
            return ControlFlow::Break(cut);
        }
    }
    ControlFlow::Continue(enter)
}

/// An Algorithm M walk, in the mode of its outcome `O`: to the next
/// solution (or, counting, to the count's most), its end, a path of
/// `steps.cap` levels (a walk that cuts), or until entering a level would
/// pass `steps.limit` nodes (a walk with a budget).
#[inline(always)]
pub(crate) fn walk_m<L: Levels, O: Ending>(e: &mut L, steps: Steps<'_>) -> O {
    let Steps { nodes, limit, cap, counted, most } = steps;
    // (Only a counting walk counts; the others count nowhere.)
    let mut found = 0;
    let counter = counted.unwrap_or(&mut found);
    // `enter`: go a level deeper; else take the top level's next branch.
    let mut enter = match start_m(e, nodes, limit, cap, counter, most) {
        ControlFlow::Continue(enter) => enter,
        ControlFlow::Break(end) => return end,
    };
    loop {
        if enter {
            if let Some(paused) = O::PAUSED {
                if *nodes >= limit {
                    *e.resume() = Resume::Enter;
                    return paused;
                }
            }
            *nodes += 1;
            enter = false;
            if !e.enter() {
                if e.levels() == 0 {
                    *e.resume() = Resume::Done;
                    return O::EXHAUSTED;
                }
                e.undo_branch();
            }
            continue;
        }
        if !e.branch() {
            if e.levels() == 0 {
                *e.resume() = Resume::Done;
                return O::EXHAUSTED;
            }
            e.undo_branch();
            continue;
        }
        if !e.all_done() {
            if let Some(cut) = O::CUT {
                if e.levels() == cap {
                    *e.resume() = Resume::Next;
                    return cut;
                }
            }
            enter = true;
        } else if e.fits() {
            *nodes += 1;
            *e.resume() = Resume::Next;
            match O::AT_SOLUTION {
                AtSolution::Stop(solution) => return solution,
                AtSolution::Count(reached) => {
                    *counter += 1;
                    if *counter < most {
                        e.undo_branch();
                        continue;
                    }
                    return reached;
                }
            }
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
