//! The small-matrix engine: exact cover with secondary items, on bit sets,
//! walking the same tree as DLX1 with the same counters.
//!
//! # Layout
//!
//! Items are numbered as in every engine ([`layout`](super::layout)). For
//! a matrix of `R` rows, a bit set of rows takes `words = ceil(R / 64)`
//! words:
//! * `cols`: for each item, the set of rows that contain it, with `span`,
//!   the words of that set that have a bit (the others are never read);
//! * `alive`: the rows still in play, neither taken out by a cover nor
//!   excluded;
//! * `row_items`: each row's items, one row after another;
//! * `keys`: each item's number of rows still in play, with the item's
//!   number, in one key ([`Keys`]): the choice is DLX1's, one minimum scan.
//!
//! # Covering
//!
//! Covering item `x` takes every row still in play that contains it out of
//! play: the rows of `alive & cols[x]`, found a word at a time, each
//! cleared in `alive`, pushed on `stack`, and taken off its items' keys.
//! This is what DLX1's cover does, without the links: its updates are the
//! same (1 for the item, and for each row taken out its length less 1, the
//! nodes DLX1 unlinks), so the counters equal DLX1's. A row is out of play
//! at most once on a path, so the stack never holds more than `R` rows.
//! Uncovering pops the rows pushed since, puts them back in `alive` and on
//! their items' keys; the order does not matter, since putting a row back
//! is adding 1 to counts.
//!
//! # The walk
//!
//! At a level, the item of fewest rows is covered first: the rows it takes
//! out are exactly the level's branches, already on the stack in
//! increasing order, that is top to bottom in DLX1's lists (shuffled there
//! for a random order). Trying the branch at `at` covers that row's other
//! items, pushing above the branches; the next branch first pops back to
//! them. So a level is five numbers ([`Level`]) and the stack, and a
//! level's branches can be given away ([`Core::donate`]) by lowering its
//! `stop`.
//!
//! A node costs a few word operations per item covered and one key update
//! per item of each row taken out (DLX1 writes two links and a length per
//! node), with every array small enough to stay in the first-level cache
//! for a sudoku (324 items, 729 rows: 36 KB in all). For large matrices the
//! bit sets grow with rows times items, and the links win: the solver's
//! rule ([`fits`]) decides.

use super::keys::Keys;
use super::layout::Layout;
use super::{Core, Engine, Fixed, Run, Walked};
use crate::alloc::filled;
use crate::bound::optimizer::Optimizer;
use crate::bound::Objective;
use crate::error::Error;
use crate::matrix::Matrix;

/// The largest bit sets, in bytes (`cols`: items times words), with which
/// the solver's automatic choice takes this engine: about a third of the
/// first-level data cache of current processors, so that `cols`, read
/// where the covered items' rows are, mostly stays there. Measured on the
/// bench suite (`bench/engine.py`).
const FITS: usize = 48 << 10;

/// Whether the automatic engine choice takes this engine for `matrix`: an
/// exact-cover matrix (no bounds, no colors) whose bit sets fit in
/// [`FITS`] bytes.
pub(crate) fn fits(matrix: &Matrix) -> bool {
    !matrix.is_generalized() && bytes(matrix).is_some_and(|b| b <= FITS)
}

/// The bytes of the bit sets of `matrix`, if that fits in a `usize`.
fn bytes(matrix: &Matrix) -> Option<usize> {
    (matrix.columns() + 1).checked_mul(words(matrix.rows()))?.checked_mul(8)
}

/// The words of a bit set of `rows` rows (at least one).
fn words(rows: usize) -> usize {
    rows.div_ceil(64).max(1)
}

/// Where the loop stands between two calls of [`Core::walk`].
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

/// One level of the walk: its item, and its branches `stack[start..stop]`
/// (the rows the item's cover took out end at `end`; those from `stop` on
/// were given away), the one tried at `at`.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    item: u32,
    start: u32,
    end: u32,
    stop: u32,
    at: u32,
}

/// The small-matrix engine.
#[derive(Clone, Debug)]
pub(crate) struct Small {
    keys: Keys,
    /// Words of a bit set of rows.
    words: usize,
    /// Item `i`'s rows: `cols[i * words..(i + 1) * words]`.
    cols: Vec<u64>,
    /// The words of item `i`'s rows that have a bit: `span[i].0..span[i].1`.
    span: Vec<(u32, u32)>,
    /// The rows in play.
    alive: Vec<u64>,
    /// Row `r`'s items: `row_items[row_start[r]..row_start[r + 1]]`.
    row_start: Vec<u32>,
    row_items: Vec<u32>,
    /// The rows out of play, in the order taken out; `top` of them.
    stack: Vec<u32>,
    top: usize,
    /// The rows out of play before the search: excluded ones, and those the
    /// forced rows take out.
    base: usize,
    /// The levels `0..=level`.
    levels: Vec<Level>,
    level: usize,
    phase: Phase,
    /// The seed and generator of a randomised search.
    random: Option<(u64, fastrand::Rng)>,
    updates: u64,
}

impl Small {
    /// The engine for `matrix`, which must have no bounds or colors.
    pub fn new(matrix: &Matrix) -> Result<Small, Error> {
        let n = matrix.columns();
        let rows = matrix.rows();
        let words = words(rows);
        let (entries, row_start) = matrix.raw();
        let Layout { item_of, primary } = Layout::new(matrix)?;
        let mut cols: Vec<u64> = filled(bytes(matrix).ok_or(Error::OutOfMemory)? / 8)?;
        let mut span: Vec<(u32, u32)> = filled(n + 1)?;
        let mut len = Keys::lengths(n)?;
        let mut row_items: Vec<u32> = filled(entries.len())?;
        for r in 0..rows {
            for k in row_start[r] as usize..row_start[r + 1] as usize {
                let item = item_of[entries[k] as usize] as usize;
                row_items[k] = item as u32;
                cols[item * words + r / 64] |= 1 << (r % 64);
                len[item] += 1;
                let w = (r / 64) as u32;
                let s = &mut span[item];
                *s = if s.1 == 0 { (w, w + 1) } else { (s.0.min(w), w + 1) };
            }
        }
        let mut alive: Vec<u64> = filled(words)?;
        for (w, word) in alive.iter_mut().enumerate() {
            let bits = rows.saturating_sub(w * 64).min(64);
            *word = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
        }
        Ok(Small {
            keys: Keys::new(len, primary),
            words,
            cols,
            span,
            alive,
            row_start: crate::alloc::copied(row_start)?,
            row_items,
            stack: filled(rows)?,
            top: 0,
            base: 0,
            // An exact cover never has more rows than there are primary items.
            levels: filled(primary.max(1))?,
            level: 0,
            phase: Phase::Start,
            random: None,
            updates: 0,
        })
    }

    // The hot loops index with rows and items read from the engine's own
    // arrays (`new` makes every row below `rows` and every item in
    // `1..=items`, and bits are set only for rows) and with stack
    // positions below `rows` (a row is pushed only when it leaves play, at
    // most once). So the bounds checks can go; debug builds still check.

    /// Row `r`'s items.
    #[inline(always)]
    fn items_of(&self, r: u32) -> std::ops::Range<usize> {
        debug_assert!((r as usize) + 1 < self.row_start.len());
        // SAFETY: as above.
        unsafe { *self.row_start.get_unchecked(r as usize) as usize..*self.row_start.get_unchecked(r as usize + 1) as usize }
    }

    #[inline(always)]
    fn item_at(&self, k: usize) -> u32 {
        debug_assert!(k < self.row_items.len());
        // SAFETY: `k` comes from `items_of`.
        unsafe { *self.row_items.get_unchecked(k) }
    }

    /// The row at stack position `k`.
    #[inline(always)]
    fn row_at(&self, k: usize) -> u32 {
        debug_assert!(k < self.stack.len());
        // SAFETY: as above.
        unsafe { *self.stack.get_unchecked(k) }
    }

    /// Takes row `r` (in play) out of play: pushed, cleared, off its
    /// items' keys. Returns the nodes DLX1 would unlink: its length less 1.
    #[inline(always)]
    fn take_out(&mut self, r: u32) -> u64 {
        debug_assert!(self.top < self.stack.len());
        // SAFETY: as above.
        unsafe { *self.stack.get_unchecked_mut(self.top) = r };
        self.top += 1;
        let items = self.items_of(r);
        let n = items.len() as u64 - 1;
        for k in items {
            let y = self.item_at(k);
            self.keys.remove(y);
        }
        n
    }

    /// Covers item `x`: takes every row in play that contains it out of
    /// play and marks it covered. Returns the updates, as DLX1 counts them.
    #[inline(always)]
    fn cover(&mut self, x: u32) -> u64 {
        let mut updates = 1;
        debug_assert!((x as usize) < self.span.len());
        // SAFETY: as above.
        let (lo, hi) = unsafe { *self.span.get_unchecked(x as usize) };
        let col = x as usize * self.words;
        for w in lo as usize..hi as usize {
            debug_assert!(w < self.words && col + w < self.cols.len());
            // SAFETY: `span` lies within the item's words.
            let out = unsafe { *self.alive.get_unchecked(w) & *self.cols.get_unchecked(col + w) };
            if out == 0 {
                continue;
            }
            // SAFETY: as above.
            unsafe { *self.alive.get_unchecked_mut(w) ^= out };
            let mut bits = out;
            while bits != 0 {
                let r = (w as u32) << 6 | bits.trailing_zeros();
                bits &= bits - 1;
                updates += self.take_out(r);
            }
        }
        self.keys.cover(x);
        updates
    }

    /// Puts back every row taken out of play after the first `to`.
    #[inline(always)]
    fn restore(&mut self, to: usize) {
        while self.top > to {
            self.top -= 1;
            let r = self.row_at(self.top);
            debug_assert!((r as usize / 64) < self.words);
            // SAFETY: as above.
            unsafe { *self.alive.get_unchecked_mut(r as usize / 64) |= 1 << (r % 64) };
            for k in self.items_of(r) {
                let y = self.item_at(k);
                self.keys.restore(y);
            }
        }
    }

    /// Covers row `r`'s items other than `skip`.
    #[inline(always)]
    fn cover_row(&mut self, r: u32, skip: u32) -> u64 {
        let mut updates = 0;
        for k in self.items_of(r) {
            let y = self.item_at(k);
            if y != skip {
                updates += self.cover(y);
            }
        }
        updates
    }

    /// Marks row `r`'s items uncovered, `skip` left as it is.
    #[inline(always)]
    fn uncover_row(&mut self, r: u32, skip: u32) {
        for k in self.items_of(r) {
            let y = self.item_at(k);
            if y != skip {
                self.keys.uncover(y);
            }
        }
    }

    /// The search loop; `RANDOM` when `self.random` is set, `CAP` with a
    /// depth cap, `COUNT` when it counts solutions itself ([`Run::count`]).
    /// With `AVX2` (set only when the CPU has it) the choice scans with
    /// AVX2 instructions. The steps, nodes and solutions are those of
    /// `Dlx1::walk`.
    #[inline(always)]
    fn walk<const RANDOM: bool, const CAP: bool, const COUNT: bool, const AVX2: bool>(&mut self, run: Run<'_>) -> Walked {
        /// The steps of the loop.
        enum Step {
            /// Enter level `level`: choose an item and cover it, or find
            /// that no primary item is left (a solution).
            Enter,
            /// Try the level's row at `at`, or back up if none is left.
            Try,
            /// Undo the row tried at `level` and move to the next one.
            NextRow,
        }
        let Run { nodes: node_counter, limit, cap, count, .. } = run;
        let cap = cap.unwrap_or(usize::MAX);
        let (counted, count_limit) = match count {
            Some((counted, most)) if COUNT => (Some(counted), most),
            _ => (None, 0),
        };
        let (mut nodes, mut updates) = (*node_counter, 0);
        let mut found = counted.as_ref().map_or(0, |c| **c);
        let mut step = match self.phase {
            Phase::Done => return Walked::Exhausted,
            Phase::Recover => Step::NextRow,
            Phase::Start if self.keys.all_covered() => {
                // The forced rows (or the empty set) are the one solution;
                // the root and the solution are two nodes.
                *node_counter += 2;
                self.phase = Phase::Done;
                return Walked::Solution;
            }
            Phase::Start if CAP && cap == 0 => {
                self.phase = Phase::Done;
                return Walked::Cut;
            }
            Phase::Start | Phase::Paused => Step::Enter,
        };
        let walked = loop {
            match step {
                Step::Enter => {
                    let item = match &mut self.random {
                        Some((_, rng)) if RANDOM => self.keys.choose_random(rng),
                        // SAFETY: `AVX2` only when the CPU has it.
                        _ => unsafe { self.keys.choose_on::<AVX2>() },
                    };
                    if item == 0 {
                        nodes += 1;
                        self.level -= 1;
                        self.phase = Phase::Recover;
                        if COUNT {
                            found += 1;
                            if found < count_limit {
                                step = Step::NextRow;
                                continue;
                            }
                            break Walked::Counted;
                        }
                        break Walked::Solution;
                    }
                    if CAP && self.level == cap {
                        self.level -= 1;
                        self.phase = Phase::Recover;
                        break Walked::Cut;
                    }
                    if nodes >= limit {
                        self.phase = Phase::Paused;
                        break Walked::Paused;
                    }
                    nodes += 1;
                    let start = self.top as u32;
                    updates += self.cover(item);
                    let end = self.top as u32;
                    if let Some((_, rng)) = &mut self.random {
                        if RANDOM {
                            rng.shuffle(&mut self.stack[start as usize..end as usize]);
                        }
                    }
                    debug_assert!(self.level < self.levels.len());
                    // SAFETY: a level is entered only with a primary item
                    // uncovered, each level below having covered one, so
                    // `level < primary <= levels.len()`.
                    unsafe { *self.levels.get_unchecked_mut(self.level) = Level { item, start, end, stop: end, at: start } };
                    step = Step::Try;
                }
                Step::Try => {
                    // SAFETY: as in `Enter`; `level` only comes back down.
                    let Level { item, start, stop, at, .. } = unsafe { *self.levels.get_unchecked(self.level) };
                    if at == stop {
                        // Every row of `item` was tried: back up.
                        self.restore(start as usize);
                        self.keys.uncover(item);
                        if self.level == 0 {
                            self.phase = Phase::Done;
                            break Walked::Exhausted;
                        }
                        self.level -= 1;
                        step = Step::NextRow;
                        continue;
                    }
                    let r = self.row_at(at as usize);
                    updates += self.cover_row(r, item);
                    self.level += 1;
                    step = Step::Enter;
                }
                Step::NextRow => {
                    // SAFETY: as in `Enter`.
                    let level = unsafe { self.levels.get_unchecked_mut(self.level) };
                    let Level { item, end, at, .. } = *level;
                    level.at += 1;
                    self.restore(end as usize);
                    self.uncover_row(self.row_at(at as usize), item);
                    step = Step::Try;
                }
            }
        };
        *node_counter = nodes;
        self.updates += updates;
        if let Some(counted) = counted {
            *counted = found;
        }
        walked
    }

    /// [`Small::walk`] compiled for the processor: with AVX2 where it has
    /// it (see `Dlx1::walk_on`).
    fn walk_on<const RANDOM: bool, const CAP: bool, const COUNT: bool>(&mut self, run: Run<'_>) -> Walked {
        #[cfg(target_arch = "x86_64")]
        if self.keys.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2.
            return unsafe { self.walk_avx2::<RANDOM, CAP, COUNT>(run) };
        }
        self.walk::<RANDOM, CAP, COUNT, false>(run)
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn walk_avx2<const RANDOM: bool, const CAP: bool, const COUNT: bool>(&mut self, run: Run<'_>) -> Walked {
        self.walk::<RANDOM, CAP, COUNT, true>(run)
    }

    /// Whether row `r` is in play.
    fn in_play(&self, r: usize) -> bool {
        self.alive[r / 64] >> (r % 64) & 1 != 0
    }
}

impl Core for Small {
    fn boxed_clone(&self) -> Box<dyn Core> {
        Box::new(self.clone())
    }

    fn kind(&self) -> Engine {
        Engine::Small
    }

    fn rows(&self) -> usize {
        self.row_start.len() - 1
    }

    fn depth_limit(&self) -> usize {
        self.levels.len()
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }

    fn compatible(&self, rows: &[usize]) -> Result<bool, Error> {
        // Two rows conflict when they share an item: mark each item used.
        let mut used: Vec<bool> = filled(self.keys.items() + 1)?;
        for &r in rows {
            for k in self.items_of(r as u32) {
                if std::mem::replace(&mut used[self.row_items[k] as usize], true) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    fn force(&mut self, fixed: &Fixed) {
        for &r in &fixed.excluded {
            if self.in_play(r) {
                self.alive[r / 64] ^= 1 << (r % 64);
                // Excluded rows are not search work: no updates.
                let _ = self.take_out(r as u32);
            }
        }
        for &r in &fixed.forced {
            self.updates += self.cover_row(r as u32, 0);
        }
        self.base = self.top;
    }

    fn unforce(&mut self, fixed: &Fixed) {
        self.restore(0);
        for &r in &fixed.forced {
            self.uncover_row(r as u32, 0);
        }
        self.base = 0;
    }

    fn unwind(&mut self) {
        for l in (0..self.depth()).rev() {
            let Level { item, at, .. } = self.levels[l];
            self.uncover_row(self.stack[at as usize], item);
            self.keys.uncover(item);
        }
        self.restore(self.base);
        self.phase = Phase::Start;
        self.level = 0;
    }

    fn set_seed(&mut self, seed: Option<u64>) -> Result<(), Error> {
        self.random = seed.map(|s| (s, fastrand::Rng::with_seed(s)));
        Ok(())
    }

    fn seed(&self) -> Option<u64> {
        self.random.as_ref().map(|r| r.0)
    }

    fn reseed(&mut self) {
        if let Some((seed, rng)) = &mut self.random {
            *rng = fastrand::Rng::with_seed(*seed);
        }
    }

    /// Branch and bound runs on the links ([`crate::bound`] reads them): a
    /// solver that chose this engine itself moves to DLX1 for it.
    fn optimizer(&self, _objective: Objective, _costs: &[i64]) -> Result<Optimizer, Error> {
        Err(Error::Unsupported)
    }

    fn order_scratch(&self) -> Result<Vec<(u32, i64, u32)>, Error> {
        Ok(Vec::new())
    }

    /// Rows are always in the order they were added (there is no objective).
    fn order_lists(&mut self, _objective: Option<&Optimizer>, _scratch: &mut Vec<(u32, i64, u32)>) {}

    fn walk(&mut self, run: Run<'_>) -> Walked {
        if run.cap.is_some() {
            return self.walk_on::<false, true, false>(Run { count: None, ..run });
        }
        match (self.random.is_some(), run.count.is_some()) {
            (false, false) => self.walk_on::<false, false, false>(run),
            (false, true) => self.walk_on::<false, false, true>(run),
            (true, false) => self.walk_on::<true, false, false>(run),
            (true, true) => self.walk_on::<true, false, true>(run),
        }
    }

    fn solution(&self, out: &mut Vec<usize>) {
        for l in &self.levels[..self.depth()] {
            out.push(self.stack[l.at as usize] as usize);
        }
    }

    /// As DLX1's: the last untried row of the shallowest level that has
    /// one; exact cover rules nothing else out.
    fn donate(&mut self, rows: &mut Vec<usize>, _excluded: &mut Vec<usize>) -> Option<f64> {
        let mut share = 1.0;
        for l in 0..self.depth() {
            let Level { start, end, stop, at, .. } = self.levels[l];
            share /= f64::from((end - start).max(1));
            if stop > at + 1 {
                self.levels[l].stop = stop - 1;
                rows.extend(self.levels[..l].iter().map(|v| self.stack[v.at as usize] as usize));
                rows.push(self.stack[stop as usize - 1] as usize);
                return Some(share);
            }
        }
        None
    }

    fn excluded(&self, _out: &mut Vec<usize>) {
        // As DLX1: the rows tried before the chosen one share its item.
    }

    fn solution_cost(&self, _objective: &Optimizer) -> i64 {
        // Never asked: the engine has no objective (see `optimizer`).
        0
    }

    fn strengthen(&mut self, _objective: &mut Optimizer, _fixed: &Fixed) {
        // Never asked: the engine has no objective.
    }

    fn estimate(&self) -> f64 {
        match self.phase {
            Phase::Start => return 0.0,
            Phase::Done => return 1.0,
            Phase::Recover | Phase::Paused => {}
        }
        let (mut done, mut share) = (0.0, 1.0);
        for l in &self.levels[..self.depth()] {
            let d = l.end - l.start;
            if d == 0 {
                break;
            }
            share /= f64::from(d);
            done += f64::from(l.at - l.start) * share;
        }
        done.clamp(0.0, 1.0)
    }

    fn depth(&self) -> usize {
        match self.phase {
            Phase::Recover => self.level + 1,
            Phase::Paused => self.level,
            Phase::Start | Phase::Done => 0,
        }
    }

    fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }
}
