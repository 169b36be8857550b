//! Algorithm X as a loop with an explicit stack: the [`Solver`].
//!
//! The search walks the same tree as Knuth's DLX1. At each level it covers
//! the primary item of smallest length (the first such from the left), then
//! tries the rows of that item from top to bottom, that is in the order they
//! were added. For a row, it covers the row's other items; if no primary
//! item is left, the chosen rows are a solution, else it goes one level
//! deeper. When an item's rows are exhausted it uncovers the item and backs
//! up.
//!
//! Instead of recursion, `choice[level]` holds the row node chosen at each
//! level, and `phase` says where the loop stands. Returning a solution leaves
//! the loop in phase [`Phase::Recover`], so the next call carries on exactly
//! where the last one stopped: the search is a pull iterator, and any number
//! of solutions can be taken one at a time.

use crate::error::Error;
use crate::links::Links;
use crate::matrix::Matrix;

/// The search's counters, counted as Knuth's DLX1 counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Search-tree nodes: one each time the search enters a level (the root
    /// included), plus one for every solution.
    pub nodes: u64,
    /// Link updates: one per item taken out of its list by a cover, one per
    /// node unlinked from a vertical list while hiding rows.
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
}

/// Where the search loop stands between two calls of [`Solver::next_solution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing done yet.
    Start,
    /// A solution was just returned: undo its last row and try the next one.
    Recover,
    /// A node budget ran out just before entering a level.
    Paused,
    /// The search is exhausted.
    Done,
}

/// How a budgeted run of the search ([`Solver::search`]) ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Progress<'a> {
    /// The next solution: row ids in the order the search chose them.
    Solution(&'a [usize]),
    /// The node budget is spent; the next call carries on from here.
    Paused,
    /// Every solution has been returned.
    Exhausted,
}

/// What the search loop stopped at.
enum Stop {
    Solution,
    Paused,
    Exhausted,
}

/// One search over a matrix. It owns its links and its stack, so it is
/// independent of the matrix it came from and of every other solver.
#[derive(Clone, Debug)]
pub struct Solver {
    links: Links,
    /// The row node chosen at each level `0..=level`.
    choice: Vec<u32>,
    level: usize,
    phase: Phase,
    nodes: u64,
    solutions: u64,
    /// The row ids of the last solution, in the order they were chosen.
    rows: Vec<usize>,
}

impl Solver {
    /// A solver for `matrix`, which it copies: the matrix may change or go
    /// away afterwards without affecting the search. A matrix that uses
    /// bounds, colors or costs gives [`Error::Unsupported`]: the engine does
    /// not solve those yet.
    pub fn new(matrix: &Matrix) -> Result<Solver, Error> {
        if matrix.is_generalized() {
            return Err(Error::Unsupported);
        }
        let links = Links::new(matrix)?;
        // A solution never has more rows than there are primary items.
        let depth = links.primary.max(1);
        let mut choice = Vec::new();
        choice.try_reserve_exact(depth)?;
        choice.resize(depth, 0);
        let mut rows = Vec::new();
        rows.try_reserve_exact(depth)?;
        Ok(Solver { links, choice, level: 0, phase: Phase::Start, nodes: 0, solutions: 0, rows })
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        Counters { nodes: self.nodes, updates: self.links.updates, solutions: self.solutions }
    }

    /// Whether the search is exhausted.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The next solution, as row ids in the order the search chose them, or
    /// `None` once every solution has been returned.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        match self.advance(u64::MAX) {
            Stop::Solution => Some(&self.rows),
            Stop::Paused | Stop::Exhausted => None,
        }
    }

    /// Runs the search until the next solution, the end, or until it has
    /// entered `node_budget` more search-tree levels, whichever comes first.
    /// A caller that wants to report progress or check a clock calls this in
    /// a loop; the tree walked is the same as with `next_solution`.
    pub fn search(&mut self, node_budget: u64) -> Progress<'_> {
        match self.advance(node_budget) {
            Stop::Solution => Progress::Solution(&self.rows),
            Stop::Paused => Progress::Paused,
            Stop::Exhausted => Progress::Exhausted,
        }
    }

    /// Runs the search to its next solution, to its end, or until it would
    /// enter a level beyond `budget` more nodes.
    fn advance(&mut self, budget: u64) -> Stop {
        /// The steps of the loop, as in Knuth's DLX1.
        enum Step {
            /// Enter level `level`: choose an item and cover it.
            Enter,
            /// Try row node `cur` of item `best`, or back up if `cur == best`.
            Try,
            /// Undo the row chosen at `level` and move to the next one.
            NextRow,
        }
        let links = &mut self.links;
        let limit = self.nodes.saturating_add(budget);
        let mut step = match self.phase {
            Phase::Done => return Stop::Exhausted,
            Phase::Recover => Step::NextRow,
            Phase::Start if links.all_covered() => {
                // No primary item at all: the empty set is the one solution.
                self.phase = Phase::Done;
                self.nodes += 2;
                self.solutions += 1;
                self.rows.clear();
                return Stop::Solution;
            }
            Phase::Start | Phase::Paused => Step::Enter,
        };
        // `best` is the item being branched on at `level`, `cur` its row node.
        let (mut best, mut cur) = (0, 0);
        loop {
            match step {
                Step::Enter => {
                    if self.nodes >= limit {
                        self.phase = Phase::Paused;
                        return Stop::Paused;
                    }
                    self.nodes += 1;
                    best = links.choose();
                    links.cover(best);
                    cur = links.down(best);
                    self.choice[self.level] = cur;
                    step = Step::Try;
                }
                Step::Try if cur == best => {
                    // Every row of `best` was tried: back up.
                    links.uncover(best);
                    if self.level == 0 {
                        self.phase = Phase::Done;
                        return Stop::Exhausted;
                    }
                    self.level -= 1;
                    step = Step::NextRow;
                }
                Step::Try => {
                    links.cover_rest_of_row(cur);
                    if links.all_covered() {
                        self.solutions += 1;
                        self.nodes += 1;
                        self.phase = Phase::Recover;
                        self.rows.clear();
                        for &x in &self.choice[..=self.level] {
                            self.rows.push(links.row_of(x));
                        }
                        return Stop::Solution;
                    }
                    self.level += 1;
                    step = Step::Enter;
                }
                Step::NextRow => {
                    cur = self.choice[self.level];
                    best = links.top(cur);
                    links.uncover_rest_of_row(cur);
                    cur = links.down(cur);
                    self.choice[self.level] = cur;
                    step = Step::Try;
                }
            }
        }
    }
}

impl Iterator for Solver {
    type Item = Vec<usize>;

    /// The next solution as an owned vector; see [`Solver::next_solution`].
    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(|rows| rows.to_vec())
    }
}
