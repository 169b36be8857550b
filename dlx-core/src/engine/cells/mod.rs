//! Dancing cells: multiplicities and colors on sparse sets, for matrices
//! too large for the bit sets (Knuth's SSXCC and SSMCC, TAOCP 7.2.2.3,
//! from their published description).
//!
//! The search is the generalised engine's Algorithm M ([`mcc`](super::mcc)),
//! branch for branch: at each level the live primary item with the fewest
//! branches, its options one by one (the ones tried before staying
//! excluded while the later ones are tried; the item covered instead where
//! the option is its last allowed one), and the stop branch where its
//! lower bound allows, last. What differs is the layout. In place of
//! doubly linked lists, each item keeps the nodes of its live options as
//! a sparse set (`sets`): hiding an option swaps each of its nodes to the
//! end of its item's set and moves that end down one, and backing up
//! moves the ends back from a trail, so nothing walks the lists again to
//! undo them. A secondary item given a color keeps nothing in its set
//! (the options left give it that color and commit nothing more there),
//! and the live primary items are a sparse set of their own.
//!
//! Its tree is Algorithm M's, with ties between items broken by the lower
//! item, and less the levels on finished items: an item with slack that
//! has its lower bound and no option left is retired as SSMCC passes it
//! over (`Cells::all_done`), where DLX3 and [`mcc`](super::mcc) branch on
//! it once more (its stop branch, which changes nothing else). So its
//! counts and solutions, in their order, are the other engines', and its
//! node count theirs where no item has slack, else at most theirs (on
//! 5x5 double word squares whose words are bounded `0:1`, 110 words: 41
//! million nodes against DLX3's 110 million). It has no branch and bound:
//! an objective moves the search to [`mcc`](super::mcc)
//! (`Search::set_objective`).

// `Cells::new` (in `build`) lays a matrix out; `sets` holds the sets'
// operations and the trail, `choose` the choice of item, `walk` the levels.
mod build;
mod choose;
mod sets;
mod walk;

use sets::Mark;
use walk::Walk;

use super::kit::{self, Seeded};
use super::steer::Weights;
use super::walk::{rest_m, Resume};
use super::mode::Steps;
use super::{Core, Count, Counted, Cut, Cutting, Find, Fixed, Found, Given, Steering};
use crate::error::Error;

/// Where a level stands (without an objective the stop branch comes last,
/// as in Knuth's DLX3 and in [`mcc`](super::mcc)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// Entered, no branch taken yet.
    Entered,
    /// Option branches: `order[at]` is the option being explored
    /// (`chosen`) or the next one to try.
    Rows,
    /// The stop branch is being explored (the options all tried and
    /// still excluded, or none).
    Last,
    /// Every branch is done: the level is left next.
    Over,
}

/// One level of the search.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The item branched on.
    item: u32,
    branch: Branch,
    /// Whether a chosen option is the item's last allowed one (the item is
    /// covered while its options are tried, and nothing needs excluding).
    last: bool,
    /// Whether the option `order[at]` is chosen now.
    chosen: bool,
    /// This level's options (their nodes in `item`) in `order`:
    /// `start..end`, `at` the current one.
    start: u32,
    at: u32,
    end: u32,
    /// Where the option branches stop: `end`, unless the last ones were
    /// given away ([`Core::donate`]).
    stop: u32,
    /// The state when the level was entered, and when its branch began.
    entry: Mark,
    taken: Mark,
}

impl Level {
    /// The options this level's branch rules out are `order[start..]` up
    /// to this: all for the stop branch, those before the chosen one for
    /// an option branch (none when the chosen one fills the item).
    fn ruled_out(&self) -> u32 {
        match self.branch {
            Branch::Last | Branch::Over => self.end,
            Branch::Rows if !self.last => self.at,
            Branch::Entered | Branch::Rows => self.start,
        }
    }
}

/// The sparse sets of a generalised cover, and one search over them.
#[derive(Clone, Debug)]
pub(crate) struct Cells {
    /// The nodes: each option's, then a spacer ([`sets::Node`]).
    nodes: Vec<sets::Node>,
    /// The color of each node (0: none), and its row.
    color: Vec<u32>,
    row: Vec<u32>,
    /// Row `r` is nodes `row_first[r]..row_first[r + 1] - 1`.
    row_first: Vec<u32>,
    /// The items' sets, one after the other (see [`sets::Item`]; index 0
    /// unused).
    set: Vec<u32>,
    items: Vec<sets::Item>,
    /// The trail: items' ends to put back, and the primary items whose
    /// count a chosen option raised (see `sets`).
    trail: Vec<(u32, u32)>,
    counted: Vec<u32>,
    /// The stamp of the trail's records since the last mark.
    now: u32,
    /// Per primary item: bounds and options chosen.
    lo: Vec<u32>,
    hi: Vec<u32>,
    count: Vec<u32>,
    /// Whether every primary item has bounds `1..=1` (colors only).
    exact: bool,
    /// Whether some primary item has slack (a lower bound below its upper
    /// one): only such an item can be finished (see `Cells::all_done`).
    slack: bool,
    /// The live primary items: `live_items[..live]`; `live_at[k]` is `k`'s
    /// place there.
    live_items: Vec<u32>,
    live_at: Vec<u32>,
    live: u32,
    primary: usize,
    /// Per item, whether it is preferred (see `Mcc::choose`); empty when
    /// none is.
    prefer: Vec<bool>,
    /// With dynamic weights, each item's weight; empty without.
    weights: Weights,
    /// Nodes taken out of sets, counted as updates.
    pub updates: u64,
    stack: Vec<Level>,
    order: Vec<u32>,
    resume: Resume,
    /// [`Fixed::within`] of the forced rows.
    within: bool,
    /// The state before the forced rows.
    unforced: Mark,
    /// The seed and generator of a randomised search.
    random: Option<Seeded>,
    /// Whether the branch just taken is a dead end: committing its option
    /// left a primary item with fewer options than it needs, and stopped
    /// there (the next level, entered, ends at once). Cleared by every
    /// [`Cells::restore`].
    dead: bool,
    /// Scratch of `commit_rest`: the items an option froze.
    frozen: Vec<sets::Frozen>,
}

impl Core for Cells {
    fn kind(&self) -> super::Engine {
        super::Engine::Cells
    }

    fn depth_limit(&self) -> usize {
        // With bounds, a solution may have every row.
        self.rows()
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn steer(&mut self, steering: Steering) -> Result<(), Error> {
        self.weights.set(steering.weights, self.primary)?;
        self.random = steering.generator();
        Ok(())
    }

    fn find(&mut self, run: Find<'_>) -> Found {
        // (No objective reaches this engine: the search moves to Mcc.)
        let (steps, _) = Steps::find(run);
        self.search(steps)
    }

    fn count(&mut self, run: Count<'_>) -> Counted {
        self.search(Steps::count(run))
    }

    fn cut(&mut self, run: Cut<'_>) -> Cutting {
        self.walk_with(Steps::cut(run), None)
    }

    fn is_done(&self) -> bool {
        self.resume == Resume::Done
    }

    /// Excludes `fixed.excluded`, then chooses `fixed.forced` (which must
    /// be [`compatible`](crate::Matrix::compatible)), with nothing else chosen.
    fn force(&mut self, fixed: &Fixed) {
        self.within = fixed.within;
        self.unforced = self.mark();
        for &r in &fixed.excluded {
            let x = self.row_first[r];
            self.exclude(x);
        }
        for &r in &fixed.forced {
            self.choose_row(r as u32);
        }
    }

    fn unforce(&mut self, _fixed: &Fixed) {
        self.restore(self.unforced);
    }

    /// The options chosen on the stack, from the top level down.
    fn solution(&self, out: &mut Vec<usize>) {
        for l in &self.stack {
            if l.branch == Branch::Rows && l.chosen {
                out.push(self.row[self.order[l.at as usize] as usize] as usize);
            }
        }
    }

    /// As [`Mcc`](super::mcc::Mcc)'s: each level's stop branch rules out
    /// all its options, an option branch the ones tried before it (unless
    /// it fills the item).
    fn excluded(&self, out: &mut Vec<usize>) {
        for l in &self.stack {
            out.extend(self.rows_of(l.start, l.ruled_out()));
        }
    }

    fn donate(&mut self, rows: &mut Vec<usize>, excluded: &mut Vec<usize>) -> Option<Given> {
        let stack = &mut self.stack;
        let (k, share, stop) = kit::shallowest(stack.len(), |k| {
            let l = &mut stack[k];
            // The first option branch not taken yet.
            let untried = if l.branch == Branch::Rows && l.chosen { l.at + 1 } else { l.at };
            let given = (untried < l.stop).then(|| {
                l.stop -= 1;
                l.stop
            });
            (u64::from(l.end - l.start + 1), given)
        })?;
        let above = &self.stack[..k];
        rows.extend(above.iter().filter(|l| l.branch == Branch::Rows && l.chosen).map(|l| self.row[self.order[l.at as usize] as usize] as usize));
        rows.push(self.row[self.order[stop as usize] as usize] as usize);
        for l in above {
            excluded.extend(self.rows_of(l.start, l.ruled_out()));
        }
        excluded.extend(self.rows_of(self.stack[k].start, stop));
        Some(Given { level: k, share })
    }

    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize)) {
        rest_m(&mut Walk { c: self, rng: None }, &mut |w, level| piece(&*w.c, level));
    }

    /// At each level, the branches done among all its branches: the
    /// options, then the stop branch where the lower bound allows.
    fn branches(&self, level: &mut dyn FnMut(u64, u64)) {
        for l in &self.stack {
            let counted = self.count[l.item as usize] - u32::from(l.branch == Branch::Rows);
            let stop = u32::from(self.lo[l.item as usize] <= counted);
            let k = match l.branch {
                Branch::Entered => 0,
                Branch::Rows => l.at - l.start,
                Branch::Last | Branch::Over => l.end - l.start,
            };
            level(u64::from(k), u64::from(l.end - l.start + stop));
        }
    }

    fn depth(&self) -> usize {
        self.stack.iter().filter(|l| l.branch == Branch::Rows && l.chosen).count()
    }

    /// Undoes the whole search (the forced rows stay) and starts it again.
    fn unwind(&mut self) {
        while !self.stack.is_empty() {
            self.undo_branch();
            self.leave();
        }
        self.resume = Resume::Enter;
    }
}

impl Cells {
    /// The rows of the options `order[from..to]`.
    fn rows_of(&self, from: u32, to: u32) -> impl Iterator<Item = usize> + '_ {
        self.order[from as usize..to as usize].iter().map(|&x| self.row[x as usize] as usize)
    }

    /// Runs the search, in the mode of its outcome, with the seed's
    /// generator if any.
    fn search<O: super::mode::Ending>(&mut self, steps: Steps<'_>) -> O {
        let mut random = self.random.take();
        let walked = self.walk_with(steps, random.as_mut().map(|r| &mut r.rng));
        self.random = random;
        walked
    }
}

#[cfg(test)]
mod tests;
