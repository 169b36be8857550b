//! The memoized count's search: depth first over states, with an explicit
//! stack so that it can stop after any node and go on later, and every
//! finished state's count stored in the cache. Also the uniform draw of a
//! solution from those counts.

use super::cache::Cache;
use super::count::Count;
use super::problem::{Choice, Order, Problem};
use crate::alloc::copied;
use crate::error::Error;

/// One level of the search: the column it branches on and how far it got.
#[derive(Debug)]
struct Frame {
    column: u32,
    /// The next position of the column's list to try.
    next: u32,
    /// Closing the column is still to try.
    close: bool,
    /// The solutions counted below this level so far.
    sum: Count,
    /// Branches finished, and at most how many there are (for the
    /// estimate).
    done: u32,
    total: u32,
}

/// A count under way, from one starting state.
#[derive(Debug, Default)]
pub(crate) struct Walk {
    frames: Vec<Frame>,
    /// Frame `k`'s state is `states[k * words..(k + 1) * words]`; one more
    /// state after the last frame's holds the child being looked at.
    states: Vec<u64>,
    started: bool,
    result: Option<Count>,
    /// States entered (the start included).
    pub nodes: u64,
}

impl Walk {
    /// The count, once the walk is over.
    pub fn result(&self) -> Option<&Count> {
        self.result.as_ref()
    }

    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// The fraction of the tree walked, estimated as Knuth's progress
    /// reports do: the branches finished at each level, weighted by the
    /// share of the tree each branch above it stands for.
    pub fn estimate(&self) -> f64 {
        if self.result.is_some() {
            return 1.0;
        }
        let (mut sum, mut weight) = (0.0, 1.0);
        for f in &self.frames {
            let total = f.total.max(1) as f64;
            sum += weight * f.done as f64 / total;
            weight /= total;
        }
        sum.min(1.0)
    }

    /// Pushes a level for `state` (already in place after the last frame),
    /// with room for its child.
    fn push(&mut self, p: &Problem, column: u32, close: bool) -> Result<(), Error> {
        let w = p.words;
        let depth = self.frames.len();
        let state = &self.states[depth * w..(depth + 1) * w];
        let (rows, from) = p.list(state, column);
        let total = (rows.len().saturating_sub(from) + close as usize).min(u32::MAX as usize) as u32;
        self.frames.try_reserve(1)?;
        self.states.try_reserve(w)?;
        self.frames.push(Frame { column, next: from as u32, close, sum: Count::ZERO, done: 0, total });
        self.states.resize((depth + 2) * w, 0);
        Ok(())
    }

    /// Starts at `state` (the problem's start, or `None` when the forced
    /// rows cannot be together).
    fn begin(&mut self, p: &Problem, cache: &mut Cache, order: Order, state: Option<&[u64]>) -> Result<(), Error> {
        self.started = true;
        self.nodes += 1;
        let Some(state) = state else {
            self.result = Some(Count::ZERO);
            return Ok(());
        };
        if let Some(v) = cache.get(state) {
            self.result = Some(v);
            return Ok(());
        }
        match p.choose(state, order) {
            Choice::Done => self.result = Some(Count::ONE),
            Choice::Dead => self.result = Some(Count::ZERO),
            Choice::Branch { column, close } => {
                self.states.try_reserve_exact(2 * p.words)?;
                self.states.extend_from_slice(state);
                self.push(p, column, close)?;
            }
        }
        Ok(())
    }

    /// Counts from the problem's start for about `budget` more nodes;
    /// `true` when the count is done.
    pub fn run(&mut self, p: &Problem, cache: &mut Cache, order: Order, budget: u64) -> Result<bool, Error> {
        if !self.started {
            self.begin(p, cache, order, p.start())?;
        }
        let end = self.nodes.saturating_add(budget);
        while self.result.is_none() && self.nodes < end {
            self.step(p, cache, order)?;
        }
        Ok(self.result.is_some())
    }

    /// One move of the search: into the next branch of the deepest level
    /// (counting it at once when the cache knows it or it ends there), or
    /// out of a finished level.
    fn step(&mut self, p: &Problem, cache: &mut Cache, order: Order) -> Result<(), Error> {
        let w = p.words;
        let depth = self.frames.len() - 1;
        let (above, below) = self.states.split_at_mut((depth + 1) * w);
        let state = &above[depth * w..];
        let child = &mut below[..w];
        let f = &mut self.frames[depth];
        let (rows, _) = p.list(state, f.column);
        let mut next = None;
        while let Some(&r) = rows.get(f.next as usize) {
            f.next += 1;
            if p.possible(state, r) {
                next = Some(r);
                break;
            }
        }
        if let Some(r) = next {
            child.copy_from_slice(state);
            p.add(child, r, Some(f.column));
        } else if f.close {
            f.close = false;
            child.copy_from_slice(state);
            p.close(child, f.column);
        } else {
            // Every branch is counted: the level is done.
            let f = self.frames.pop().expect("a level to finish");
            cache.insert(state, &f.sum);
            self.states.truncate((depth + 1) * w);
            match self.frames.last_mut() {
                Some(up) => {
                    up.sum.add(&f.sum);
                    up.done += 1;
                }
                None => self.result = Some(f.sum),
            }
            return Ok(());
        }
        self.nodes += 1;
        if let Some(v) = cache.get(child) {
            f.sum.add(&v);
            f.done += 1;
            return Ok(());
        }
        match p.choose(child, order) {
            Choice::Done => {
                f.sum.add_one();
                f.done += 1;
            }
            Choice::Dead => f.done += 1,
            Choice::Branch { column, close } => self.push(p, column, close)?,
        }
        Ok(())
    }
}

/// The number of solutions below `state`, from the cache or counted now.
pub(crate) fn count_from(p: &Problem, cache: &mut Cache, order: Order, state: &[u64]) -> Result<(Count, u64), Error> {
    let mut walk = Walk::default();
    walk.begin(p, cache, order, Some(state))?;
    while walk.result.is_none() {
        walk.step(p, cache, order)?;
    }
    Ok((walk.result.unwrap_or(Count::ZERO), walk.nodes))
}

/// Draws one of the `total` solutions (the count from the start, not
/// zero) uniformly at random: a number below `total`, then down from the
/// start, into the branch whose solutions hold that number. Appends the
/// rows chosen to `rows`; returns the nodes entered to count branches the
/// cache had dropped.
pub(crate) fn draw(p: &Problem, cache: &mut Cache, order: Order, total: &Count, rng: &mut fastrand::Rng, rows: &mut Vec<usize>) -> Result<u64, Error> {
    let mut x = total.uniform_below(rng);
    let Some(start) = p.start() else { return Ok(0) };
    let mut state = copied(start)?;
    let mut child = copied(start)?;
    let mut nodes = 0;
    while let Choice::Branch { column, close } = p.choose(&state, order) {
        let (list, from) = p.list(&state, column);
        let mut chosen = None;
        for &r in &list[from.min(list.len())..] {
            if !p.possible(&state, r) {
                continue;
            }
            child.copy_from_slice(&state);
            p.add(&mut child, r, Some(column));
            let (n, more) = count_from(p, cache, order, &child)?;
            nodes += more;
            if x < n {
                chosen = Some(r);
                break;
            }
            x.sub(&n);
        }
        match chosen {
            Some(r) => {
                rows.try_reserve(1)?;
                rows.push(r as usize);
                std::mem::swap(&mut state, &mut child);
            }
            // What is left is the solutions that close the column.
            None if close => p.close(&mut state, column),
            None => break,
        }
    }
    Ok(nodes)
}
