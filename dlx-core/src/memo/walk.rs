//! The memoized count's search: depth first over states, with an explicit
//! stack so that it can stop after any node and go on later, and every
//! finished state's count stored in the cache. Also the uniform draw of a
//! solution from those counts.

use super::cache::{Lookup, Store};
use super::count::Count;
use super::live::{Live, Numbers};
use super::parts::Parts;
use super::problem::{Choice, Problem};
use super::MemoOptions;
use crate::alloc::copied;
use crate::engine::kit;
use crate::error::Error;

/// One level of the search: the column it branches on and how far it got,
/// or the independent parts its state falls into (`super::parts`).
#[derive(Debug)]
struct Frame {
    column: u32,
    /// The row added to the level above to reach this one ([`CLOSE`]: the
    /// level above closed its column; [`PART`]: this level is a part of
    /// the level above; the first level: [`CLOSE`]).
    via: u32,
    /// A product of parts: the branches are the parts, `rows` states from
    /// `Walk::parts[parts_from..]`, and `sum` is the product of their
    /// counts so far.
    product: bool,
    parts_from: usize,
    /// The rows to try are `Walk::rows[from..from + rows]` (the column's
    /// possible rows when the level began), taken from `from + shift` on,
    /// round.
    from: usize,
    rows: u32,
    shift: u32,
    /// Rows tried so far.
    tried: u32,
    /// This level's branches put off are `later[later_from..]`.
    later_from: usize,
    /// Closing the column is still to try.
    close: bool,
    /// The solutions counted below this level so far.
    sum: Count,
    /// Branches finished, and at most how many there are (for the
    /// estimate).
    done: u32,
    total: u32,
}

impl Frame {
    /// A level of `total` branches, none tried: the fields each push sets
    /// are placeholders here.
    fn new(total: u32) -> Frame {
        Frame { column: CLOSE, via: CLOSE, product: false, parts_from: 0, from: 0, rows: 0, shift: 0, tried: 0, later_from: 0, close: false, sum: Count::ZERO, done: 0, total }
    }
}

/// A count under way, from one starting state.
#[derive(Debug, Default)]
pub(crate) struct Walk {
    frames: Vec<Frame>,
    /// Frame `k`'s state is `states[k * words..(k + 1) * words]`; one more
    /// state after the last frame's holds the child being looked at.
    states: Vec<u64>,
    /// Branches put off because another thread was counting their state
    /// (a row, or [`CLOSE`]), by level, to try once the level's others
    /// are done.
    later: Vec<u32>,
    started: bool,
    /// Each column's possible rows in the deepest level's state, or the
    /// child's while it is looked at. A part shares its whole state's
    /// numbers: they differ only for rows of the other parts, which the
    /// part never looks at (`super::parts`).
    live: Live,
    /// The parts of the product levels, one state after another.
    parts: Vec<u64>,
    /// The rows each level tries, level after level.
    rows: Vec<u32>,
    looks: Parts,
    result: Option<Count>,
    /// States entered (the start included).
    pub nodes: u64,
    /// This walk is helper `turn` of `of` threads counting together (both
    /// 0 for the walk of the calling thread, and alone): see
    /// [`Walk::helper`].
    turn: u32,
    of: u32,
}

impl Walk {
    /// The walk of thread `turn` (from 1) of `of` threads that count one
    /// problem together over one shared cache. Each tries the rows of a
    /// level in list order but starts `turn / of` of the way along, so the
    /// threads begin in different parts of the tree and mostly count
    /// states the others then find in the cache, rather than the same
    /// states at the same time. The states and the count are those of any
    /// other order.
    pub fn helper(turn: u32, of: u32) -> Walk {
        Walk { turn, of, ..Walk::default() }
    }

    /// The solutions counted so far: in the branches finished at every
    /// level (all of them, once the walk is over).
    pub fn counted(&self) -> f64 {
        match &self.result {
            Some(c) => c.to_f64(),
            // Below a product level, counts are of parts: not solutions.
            None => self.frames.iter().take_while(|f| !f.product).map(|f| f.sum.to_f64()).sum(),
        }
    }

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
        kit::estimate(self.frames.iter().map(|f| (f.done as u64, f.total as u64)))
    }

    /// Pushes a level for `state` (already in place after the last frame),
    /// with room for its child.
    fn push(&mut self, p: &Problem, column: u32, close: bool, via: u32) -> Result<(), Error> {
        // The column's possible rows, as `live` knows them (fewer than
        // u32::MAX: row numbers are u32).
        let from = self.rows.len();
        let depth = self.frames.len();
        let state = &self.states[depth * p.words..(depth + 1) * p.words];
        self.live.rows_into(p, state, column as usize, &mut self.rows)?;
        let rows = (self.rows.len() - from) as u32;
        let parts_from = self.parts.len();
        self.push_frame(p, Frame { column, via, product: false, parts_from, from, rows, close, sum: Count::ZERO, ..Frame::new(rows.saturating_add(close as u32)) })
    }

    /// Pushes a product level for the state after the last frame, whose
    /// `rows` parts are `parts[parts_from..]`.
    fn push_product(&mut self, p: &Problem, rows: u32, parts_from: usize, via: u32) -> Result<(), Error> {
        let from = self.rows.len();
        self.push_frame(p, Frame { column: CLOSE, via, product: true, parts_from, from, rows, close: false, sum: Count::ONE, ..Frame::new(rows) })
    }

    /// Pushes `f` (its branches not started) with this walk's start among
    /// them, and room for its child state.
    fn push_frame(&mut self, p: &Problem, mut f: Frame) -> Result<(), Error> {
        let w = p.words;
        let depth = self.frames.len();
        f.shift = if self.of > 1 { (f.rows as u64 * self.turn as u64 / self.of as u64) as u32 } else { 0 };
        f.later_from = self.later.len();
        self.frames.try_reserve(1)?;
        self.states.try_reserve(w)?;
        self.frames.push(f);
        self.states.resize((depth + 2) * w, 0);
        Ok(())
    }

    /// Adds (or, at a product level, multiplies in) the count `v` of one
    /// of level `depth`'s branches. A part with no solution makes the
    /// product zero: the level's other parts are not counted.
    fn credit(&mut self, depth: usize, v: &Count) {
        let f = &mut self.frames[depth];
        f.done += 1;
        if !f.product {
            f.sum.add(v);
        } else if v.is_zero() {
            f.sum = Count::ZERO;
            f.tried = f.rows;
            self.later.truncate(f.later_from);
        } else {
            f.sum.mul(v);
        }
    }

    /// Goes into the state after the last frame (`via` from the level
    /// above, or the start), which the cache does not know, and is
    /// `choice`: pushes its level (a product level when it falls into
    /// parts), or returns its count when it ends there.
    fn enter(&mut self, p: &Problem, cache: &mut impl Store, how: MemoOptions, choice: Choice, via: u32) -> Result<Option<Count>, Error> {
        let Choice::Branch { column, close } = choice else {
            return Ok(Some(if choice == Choice::Done { Count::ONE } else { Count::ZERO }));
        };
        let w = p.words;
        let depth = self.frames.len();
        let state = &self.states[depth * w..(depth + 1) * w];
        // A part is one group already: no look.
        if via != PART && self.looks.due(how.decompose, &self.live) {
            let before = self.parts.len();
            let n = self.looks.split(p, state, &self.live, &mut self.parts)?;
            if n > 1 {
                cache.claim(state);
                // Parts are fewer than columns, which are u32.
                self.push_product(p, n as u32, before, via)?;
                return Ok(None);
            }
        }
        cache.claim(state);
        self.push(p, column, close, via)?;
        Ok(None)
    }

    /// Starts at `state` (the problem's start, or `None` when the forced
    /// rows cannot be together).
    fn begin(&mut self, p: &Problem, cache: &mut impl Store, how: MemoOptions, state: Option<&[u64]>) -> Result<(), Error> {
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
        self.live = Live::new(p, state, Numbers::suited(p))?;
        let choice = self.live.choose(p, state, how.order);
        self.states.try_reserve_exact(2 * p.words)?;
        self.states.extend_from_slice(state);
        self.result = self.enter(p, cache, how, choice, CLOSE)?;
        Ok(())
    }

    /// Counts from the problem's start for about `budget` more nodes;
    /// `true` when the count is done.
    pub fn run(&mut self, p: &Problem, cache: &mut impl Store, how: MemoOptions, budget: u64) -> Result<bool, Error> {
        if !self.started {
            self.begin(p, cache, how, p.start())?;
        }
        let end = self.nodes.saturating_add(budget);
        while self.result.is_none() && self.nodes < end {
            self.step(p, cache, how)?;
        }
        Ok(self.result.is_some())
    }

    /// The next branch of level `depth` to try, and whether it was put
    /// off before: a possible row of its column (at a product level, the
    /// number of a part), then closing the column, then the branches put
    /// off.
    fn next_branch(&mut self, depth: usize) -> Option<(u32, bool)> {
        let f = &mut self.frames[depth];
        if f.tried < f.rows {
            let k = ((f.tried as u64 + f.shift as u64) % f.rows as u64) as u32;
            f.tried += 1;
            // A level's rows stay possible in its state.
            return Some((if f.product { k } else { self.rows[f.from + k as usize] }, false));
        }
        if f.close {
            f.close = false;
            return Some((CLOSE, false));
        }
        if self.later.len() > f.later_from {
            return self.later.pop().map(|r| (r, true));
        }
        None
    }

    /// One move of the search: into the next branch of the deepest level
    /// (counting it at once when the cache knows it or it ends there), or
    /// out of a finished level. With a shared cache, a branch whose state
    /// another thread is counting is put off until the level's other
    /// branches are done; by then its count is usually in the cache, and
    /// if not, this thread counts it too.
    fn step(&mut self, p: &Problem, cache: &mut impl Store, how: MemoOptions) -> Result<(), Error> {
        let w = p.words;
        let depth = self.frames.len() - 1;
        let Some((r, again)) = self.next_branch(depth) else {
            self.finish(p, cache);
            return Ok(());
        };
        // The child, in the slot after the level's state.
        let (above, below) = self.states.split_at_mut((depth + 1) * w);
        let state = &above[depth * w..];
        let child = &mut below[..w];
        let f = &self.frames[depth];
        let (product, column) = (f.product, f.column);
        if product {
            let at = f.parts_from + r as usize * w;
            child.copy_from_slice(&self.parts[at..at + w]);
        } else {
            child.copy_from_slice(state);
            if r == CLOSE {
                p.close(child, column);
            } else {
                p.add(child, r, Some(column));
            }
        }
        match cache.lookup(child) {
            Lookup::Found(v) => {
                self.nodes += 1;
                self.credit(depth, &v);
                return Ok(());
            }
            Lookup::Busy if !again => {
                self.later.try_reserve(1)?;
                self.later.push(r);
                return Ok(());
            }
            Lookup::Busy | Lookup::Missing => {}
        }
        self.nodes += 1;
        // A part keeps its whole state's numbers (see `live`).
        if !product {
            self.live.step(p, state, child, r, column)?;
        }
        let choice = self.live.choose(p, child, how.order);
        let via = if product { PART } else { r };
        if let Some(v) = self.enter(p, cache, how, choice, via)? {
            // The child ends here: one solution or none, and back.
            self.credit(depth, &v);
            if !product {
                self.live.back(p);
            }
        }
        Ok(())
    }

    /// Leaves the deepest level, every branch counted: its count goes to
    /// the cache and to the level above (or is the result).
    fn finish(&mut self, p: &Problem, cache: &mut impl Store) {
        let w = p.words;
        let Some(f) = self.frames.pop() else { return };
        let depth = self.frames.len();
        cache.insert(&self.states[depth * w..(depth + 1) * w], &f.sum);
        if f.product {
            self.parts.truncate(f.parts_from);
        }
        self.rows.truncate(f.from);
        if depth == 0 {
            self.result = Some(f.sum);
        } else {
            // A part's level made no step (see `live`).
            if f.via != PART {
                self.live.back(p);
            }
            self.credit(depth - 1, &f.sum);
        }
        self.states.truncate((depth + 1) * w);
    }
}

/// A put-off branch that closes the level's column. No row has this
/// number: a matrix has fewer nodes than that ([`crate::matrix`]'s
/// `MAX_NODES`), and every row takes at least one.
pub(super) const CLOSE: u32 = u32::MAX;

/// The `via` of a part's level: it was not reached by a row.
const PART: u32 = u32::MAX - 1;

/// The number of solutions below `state`, from the cache or counted now.
pub(crate) fn count_from(p: &Problem, cache: &mut impl Store, how: MemoOptions, state: &[u64]) -> Result<(Count, u64), Error> {
    let mut walk = Walk::default();
    walk.begin(p, cache, how, Some(state))?;
    while walk.result.is_none() {
        walk.step(p, cache, how)?;
    }
    Ok((walk.result.unwrap_or(Count::ZERO), walk.nodes))
}

/// Draws one of the `total` solutions (the count from the start, not
/// zero) uniformly at random: a number below `total`, then down from the
/// start, into the branch whose solutions hold that number. Appends the
/// rows chosen to `rows`; returns the nodes entered to count branches the
/// cache had dropped.
pub(crate) fn draw(p: &Problem, cache: &mut impl Store, how: MemoOptions, total: &Count, rng: &mut fastrand::Rng, rows: &mut Vec<usize>) -> Result<u64, Error> {
    let mut x = total.uniform_below(rng);
    let Some(start) = p.start() else { return Ok(0) };
    let mut state = copied(start)?;
    let mut child = copied(start)?;
    let mut nodes = 0;
    while let Choice::Branch { column, close } = p.choose(&state, how.order) {
        let (list, from) = p.list(&state, column);
        let mut chosen = None;
        for &r in &list[from.min(list.len())..] {
            if !p.possible(&state, r) {
                continue;
            }
            child.copy_from_slice(&state);
            p.add(&mut child, r, Some(column));
            let (n, more) = count_from(p, cache, how, &child)?;
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
