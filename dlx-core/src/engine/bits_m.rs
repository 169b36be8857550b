//! Algorithm M on bit sets: multiplicities (and colors) for small
//! matrices, walking the tree of dancing cells ([`cells`](super::cells)):
//! that of the links engine ([`mcc`](super::mcc), Knuth's DLX3's) less its
//! levels on finished columns (a column with its lower bound and no row in
//! play, which DLX3 branches on once more, is deactivated: `finish`), with
//! the same solutions and order, and DLX3's node count where no column has
//! slack. The small-matrix engine ([`small`](super::small)) hands a matrix
//! with bounds to it (`small::new`), so it runs as [`Engine::Small`].
//!
//! # Layout and state
//!
//! Primary columns are numbered from 0 in column order. For a matrix of
//! `R` rows a bit set of rows takes `words = ceil(R / 64)` words; each
//! primary column keeps the set of its rows, its bounds `lo..=hi`; each row
//! its primary columns and, when the matrix has secondary columns, its
//! *clash* set: the rows it cannot be chosen with at a secondary column
//! (those that use it without a color, or with another color), itself
//! included. The state of the search is three arrays: the rows still in
//! play, each primary column's count of rows chosen, and the set of active
//! columns (those that may still take rows).
//!
//! # The walk
//!
//! As in [`mcc`](super::mcc), a level branches on the active column with
//! the fewest branches (ties: less slack, then the longer list, then the
//! first), counted with one population count per word of each active
//! column's rows in play. Its branches are its rows in play, in increasing
//! order (each excluding the ones tried before), then, when the column has
//! its `lo` rows, the stop branch, which takes its rows out of play and
//! deactivates it. Nothing is undone: a level saves the state it was
//! entered with, each branch starts from a copy of it, and a row tried is
//! taken out of the saved copy for the branches after it. Choosing a row
//! takes it and its clash set out of play and counts it in each of its
//! primary columns; a column that reaches `hi` takes its rows out of play
//! and is deactivated. The updates count the rows taken out of play and
//! the columns deactivated.

use super::kit::{self, Seeded};
use super::steer::{self, Weights};
use super::walk::{rest_m, walk_m, Levels, Resume};
use super::layout::Layout;
use super::mode::{Ending, Steps};
use super::{Core, Count, Counted, Cut, Cutting, Engine, Find, Fixed, Found, Given, Steering};
use crate::alloc::filled;
use crate::error::Error;
use crate::matrix::Matrix;

/// The largest clash sets, in bytes (rows times rows, a bit each), with
/// which the engine takes a matrix with secondary columns.
pub(crate) const CLASHES: usize = 1 << 20;

/// Whether the engine can lay out `matrix` (with bit sets of `bits_fit`
/// size already checked by the caller): its clash sets, if it needs them,
/// fit in [`CLASHES`].
pub(crate) fn fits(matrix: &Matrix) -> bool {
    let secondary = (0..matrix.columns()).any(|c| matrix.is_secondary(c) == Some(true));
    let words = matrix.rows().div_ceil(64).max(1);
    !secondary || matrix.rows().checked_mul(words * 8).is_some_and(|b| b <= CLASHES)
}

/// What a level is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Trying its rows: `stack[at]` is chosen (`chosen`) or next.
    Rows,
    /// Its stop branch is chosen.
    Stop,
    /// Every branch is done.
    Over,
}

/// One level: its column, its rows `stack[start..end]` (those from `stop`
/// on were given away), the one at `at`, and whether it may stop.
#[derive(Clone, Copy, Debug)]
struct Level {
    column: u32,
    start: u32,
    at: u32,
    end: u32,
    stop: u32,
    step: Step,
    chosen: bool,
    may_stop: bool,
}


/// The engine.
#[derive(Clone, Debug)]
pub(crate) struct BitsM {
    /// Words of a bit set of rows, and of the state (`bits`).
    words: usize,
    width: usize,
    /// Column `j`'s rows: `col_rows[j * words..(j + 1) * words]`.
    col_rows: Vec<u64>,
    lo: Vec<u32>,
    hi: Vec<u32>,
    /// Whether some primary column has slack (lower bound below upper):
    /// only such a column can be finished (see [`BitsM::finish`]).
    slack: bool,
    /// Row `r`'s primary columns: `row_cols[row_start[r]..row_start[r + 1]]`.
    row_start: Vec<u32>,
    row_cols: Vec<u32>,
    /// Row `r`'s clash set (empty without secondary columns).
    clash: Vec<u64>,
    /// The rows in play (`words` words), then the active columns.
    bits: Vec<u64>,
    /// Each primary column's rows chosen.
    count: Vec<u32>,
    /// `bits` and `count` with nothing forced, and just after forcing.
    clean: (Vec<u64>, Vec<u32>),
    forced: (Vec<u64>, Vec<u32>),
    /// Each level's `bits` as entered, less the rows it has tried.
    saved: Vec<u64>,
    stack: Vec<u32>,
    levels: Vec<Level>,
    resume: Resume,
    /// [`Fixed::within`] of the forced rows.
    within: bool,
    random: Option<Seeded>,
    updates: u64,
    /// Whether the processor has AVX2 and POPCNT: the walk is then
    /// compiled for them (population counts are most of the choice).
    fast: bool,
    /// Per item (column `j` is item `j + 1`), whether it is preferred;
    /// empty when none is (see [`BitsM::choose_steered`]).
    prefer: Vec<bool>,
    /// With dynamic weights, each item's weight (column `j`'s at `j + 1`);
    /// empty without.
    weights: Weights,
}

/// Runs `$body` for each active column `$j` of the bit sets, with its
/// length `$len` and branches `$branches`, in column order (the body may
/// `return` from the function). A macro, not a function taking a closure:
/// the closure cost the count 18% more instructions on sums_6x6_3.
macro_rules! for_each_active {
    ($self:ident, $one:ident, |$j:ident, $len:ident, $branches:ident| $body:block) => {
        for (w, &bits) in $self.bits[$self.words_of::<$one>()..].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let $j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let $len = $self.length::<$one>($j);
                let need = (i64::from($self.lo[$j]) - i64::from($self.count[$j])).max(0);
                let $branches = i64::from($len) + 1 - need;
                $body
            }
        }
    };
}

impl BitsM {
    /// The engine for `matrix` (bounds and colors taken).
    pub fn new(matrix: &Matrix) -> Result<BitsM, Error> {
        let layout = Layout::new(matrix)?;
        let prefer = layout.preferred_flags(matrix)?;
        let Layout { item_of, primary } = layout;
        let rows = matrix.rows();
        let words = rows.div_ceil(64).max(1);
        let width = words + primary.div_ceil(64).max(1);
        let (entries, starts) = matrix.raw();
        let colors = matrix.raw_colors();
        let mut col_rows: Vec<u64> = filled(primary * words)?;
        let (mut lo, mut hi): (Vec<u32>, Vec<u32>) = (filled(primary)?, filled(primary)?);
        for (c, &j) in item_of.iter().enumerate() {
            let j = j as usize;
            if j <= primary {
                (lo[j - 1], hi[j - 1]) = matrix.bounds(c).unwrap_or((1, 1));
            }
        }
        let mut row_start: Vec<u32> = filled(rows + 1)?;
        let mut row_cols: Vec<u32> = Vec::new();
        row_cols.try_reserve_exact(entries.len())?;
        let secondary = primary < matrix.columns();
        let mut clash: Vec<u64> = if secondary { filled(rows * words)? } else { Vec::new() };
        // Each secondary column's uses: (row, color) in row order.
        let mut uses: Vec<Vec<(u32, u32)>> = Vec::new();
        if secondary {
            uses.try_reserve_exact(matrix.columns() - primary)?;
            uses.resize_with(matrix.columns() - primary, Vec::new);
        }
        for r in 0..rows {
            for k in starts[r] as usize..starts[r + 1] as usize {
                let j = item_of[entries[k] as usize] as usize;
                if j <= primary {
                    row_cols.push(j as u32 - 1);
                    col_rows[(j - 1) * words + r / 64] |= 1 << (r % 64);
                } else {
                    let list = &mut uses[j - primary - 1];
                    list.try_reserve(1)?;
                    list.push((r as u32, colors.get(k).copied().unwrap_or(0)));
                }
            }
            row_start[r + 1] = row_cols.len() as u32;
        }
        for list in &uses {
            for &(r, a) in list {
                let set = &mut clash[r as usize * words..(r as usize + 1) * words];
                for &(q, b) in list {
                    if a == 0 || a != b {
                        set[q as usize / 64] |= 1 << (q % 64);
                    }
                }
            }
        }
        if secondary {
            for r in 0..rows {
                clash[r * words + r / 64] |= 1 << (r % 64);
            }
        }
        let mut bits: Vec<u64> = filled(width)?;
        for r in 0..rows {
            bits[r / 64] |= 1 << (r % 64);
        }
        for j in 0..primary {
            bits[words + j / 64] |= 1 << (j % 64);
        }
        // A level chooses a row or stops a column.
        let depth = rows + primary + 1;
        let mut e = BitsM {
            words,
            width,
            col_rows,
            slack: Layout::has_slack(&lo, &hi),
            lo,
            hi,
            row_start,
            row_cols,
            clash,
            clean: (crate::alloc::copied(&bits)?, filled(primary)?),
            forced: (crate::alloc::copied(&bits)?, filled(primary)?),
            bits,
            count: filled(primary)?,
            saved: filled(depth * width)?,
            stack: Vec::new(),
            levels: Vec::new(),
            resume: Resume::Enter,
            within: false,
            random: None,
            updates: 0,
            fast: super::keys::has_avx2(),
            prefer,
            weights: Weights::default(),
        };
        e.stack.try_reserve_exact(rows.max(1))?;
        e.levels.try_reserve_exact(depth)?;
        // A column no row may cover stops at once, its rows out of play.
        for j in 0..primary {
            if e.hi[j] == 0 {
                e.deactivate::<false>(j);
            }
        }
        e.clean.0.copy_from_slice(&e.bits);
        e.forced.0.copy_from_slice(&e.bits);
        e.updates = 0;
        Ok(e)
    }

    /// Words of a bit set of rows: 1 with `ONE` (which the walk is
    /// compiled with when they are one word, and so are the active
    /// columns: every loop below is then one step, every copy two words).
    #[inline(always)]
    fn words_of<const ONE: bool>(&self) -> usize {
        debug_assert!(!ONE || (self.words == 1 && self.width == 2));
        if ONE { 1 } else { self.words }
    }

    /// Words of the state (`bits`).
    #[inline(always)]
    fn width_of<const ONE: bool>(&self) -> usize {
        if ONE { 2 } else { self.width }
    }

    /// Takes column `j`'s rows out of play and deactivates it.
    #[inline(always)]
    fn deactivate<const ONE: bool>(&mut self, j: usize) {
        let words = self.words_of::<ONE>();
        let mut out = 1;
        let (alive, active) = self.bits.split_at_mut(words);
        for (a, &c) in alive.iter_mut().zip(&self.col_rows[j * words..(j + 1) * words]) {
            out += u64::from((*a & c).count_ones());
            *a &= !c;
        }
        active[j / 64] &= !(1 << (j % 64));
        self.updates += out;
    }

    /// Chooses row `r`: it and its clash set leave play, and each of its
    /// primary columns counts it.
    #[inline(always)]
    fn choose_row<const ONE: bool>(&mut self, r: usize) {
        let words = self.words_of::<ONE>();
        if self.clash.is_empty() {
            self.bits[r / 64] &= !(1 << (r % 64));
            self.updates += 1;
        } else {
            for (a, &c) in self.bits[..words].iter_mut().zip(&self.clash[r * words..(r + 1) * words]) {
                self.updates += u64::from((*a & c).count_ones());
                *a &= !c;
            }
        }
        for k in self.row_start[r] as usize..self.row_start[r + 1] as usize {
            let j = self.row_cols[k] as usize;
            self.count[j] += 1;
            if self.count[j] == self.hi[j] {
                self.deactivate::<ONE>(j);
            }
        }
    }

    /// Undoes `choose_row(r)`'s counts (the bits come back by a copy).
    #[inline(always)]
    fn unchoose_row(&mut self, r: usize) {
        for k in self.row_start[r] as usize..self.row_start[r + 1] as usize {
            self.count[self.row_cols[k] as usize] -= 1;
        }
    }

    /// Column `j`'s rows in play.
    #[inline(always)]
    fn length<const ONE: bool>(&self, j: usize) -> u32 {
        let words = self.words_of::<ONE>();
        self.bits[..words].iter().zip(&self.col_rows[j * words..(j + 1) * words]).map(|(a, c)| (a & c).count_ones()).sum()
    }

    /// Column `j`'s ties after its branches (of length `len`): its slack,
    /// then the longer list first.
    #[inline(always)]
    fn tie(&self, j: usize, len: u32) -> (u32, u32) {
        let (lo, hi, count) = (self.lo[j], self.hi[j], self.count[j]);
        ((hi - lo).min(hi - count), u32::MAX - len)
    }

    /// The active column to branch on and its branches, as
    /// `Mcc::choose_first` (the branches first, the rest on ties); `None`
    /// when no column is active.
    #[inline(always)]
    fn choose<const ONE: bool>(&self) -> Option<(usize, i64)> {
        if !self.prefer.is_empty() || self.weights.is_on() {
            return self.choose_steered::<ONE>();
        }
        let mut best: Option<(usize, i64, u32)> = None;
        for_each_active!(self, ONE, |j, len, branches| {
            let better = match best {
                None => true,
                Some((b, least, blen)) => branches < least || (branches == least && self.tie(j, len) < self.tie(b, blen)),
            };
            if better {
                if branches <= 0 {
                    return Some((j, branches));
                }
                best = Some((j, branches, len));
            }
        });
        best.map(|(j, branches, _)| (j, branches))
    }

    /// [`BitsM::choose`] with preferred columns or weights, as
    /// `Mcc::choose_first_steered`: a column of at most one branch first;
    /// then the preferred columns, then the others (DLX3-SHARP); within
    /// each, the least branches (with weights: branches over weight), then
    /// the slack, then the longer list. A column with no branch gains
    /// weight.
    #[inline(never)]
    fn choose_steered<const ONE: bool>(&self) -> Option<(usize, i64)> {
        let any = !self.prefer.is_empty();
        let mut best: Option<(usize, steer::Key)> = None;
        for_each_active!(self, ONE, |j, len, branches| {
            let preferred = any && self.prefer[j + 1];
            let k = steer::key(branches, preferred, any, self.weights.of(j + 1), self.tie(j, len));
            if best.is_none_or(|(_, b)| steer::less(k, b)) {
                if branches <= 0 {
                    self.weights.bump(j + 1);
                    return Some((j, branches));
                }
                best = Some((j, k));
            }
        });
        best.map(|(j, k)| (j, k.1))
    }

    /// Whether no column is active: the path is a solution. First
    /// deactivates the finished columns (`finish`).
    #[inline(always)]
    fn all_done<const ONE: bool>(&mut self) -> bool {
        if self.slack {
            self.finish::<ONE>();
        }
        self.bits[self.words_of::<ONE>()..].iter().all(|&w| w == 0)
    }

    /// Deactivates each active column that is finished: it has its lower
    /// bound and no row in play, so its one branch would be the stop
    /// branch, which changes nothing else (as `Cells::finish`, whose doc
    /// gives the figures). Part of the branch just taken: the level's
    /// copy puts it back.
    #[inline(always)]
    fn finish<const ONE: bool>(&mut self) {
        let words = self.words_of::<ONE>();
        for w in 0..self.width_of::<ONE>() - words {
            let mut bits = self.bits[words + w];
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.count[j] >= self.lo[j] && self.length::<ONE>(j) == 0 {
                    self.bits[words + w] &= !(1 << (j % 64));
                }
            }
        }
    }

    /// Enters a level: chooses its column and pushes its rows in play,
    /// or finds a dead end (`false`).
    #[inline(always)]
    fn enter<const ONE: bool>(&mut self) -> bool {
        let Some((j, branches)) = self.choose::<ONE>() else { return false };
        if branches <= 0 {
            return false;
        }
        let start = self.stack.len() as u32;
        let words = self.words_of::<ONE>();
        for w in 0..words {
            let mut bits = self.bits[w] & self.col_rows[j * words + w];
            while bits != 0 {
                self.stack.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        if let Some(g) = &mut self.random {
            g.rng.shuffle(&mut self.stack[start as usize..]);
        }
        let end = self.stack.len() as u32;
        let (level, width) = (self.levels.len(), self.width_of::<ONE>());
        self.saved[level * width..(level + 1) * width].copy_from_slice(&self.bits[..width]);
        let may_stop = self.count[j] >= self.lo[j];
        self.levels.push(Level { column: j as u32, start, at: start, end, stop: end, step: Step::Rows, chosen: false, may_stop });
        true
    }

    /// Puts back the state level `level` was entered with (less its rows
    /// tried).
    #[inline(always)]
    fn load<const ONE: bool>(&mut self, level: usize) {
        let width = self.width_of::<ONE>();
        self.bits[..width].copy_from_slice(&self.saved[level * width..(level + 1) * width]);
    }

    /// Takes the top level's next branch (`false`: none left, the level
    /// is left).
    #[inline(always)]
    fn branch<const ONE: bool>(&mut self) -> bool {
        let Some(&l) = self.levels.last() else { return false };
        let level = self.levels.len() - 1;
        let j = l.column as usize;
        if l.step == Step::Rows {
            // The first row chosen must leave enough after it for `lo`.
            let need = i64::from(self.lo[j]) - i64::from(self.count[j]);
            if l.at < l.stop && i64::from(l.end - l.at) >= need {
                self.load::<ONE>(level);
                self.choose_row::<ONE>(self.stack[l.at as usize] as usize);
                self.levels[level].chosen = true;
                return true;
            }
            if l.may_stop {
                self.load::<ONE>(level);
                self.deactivate::<ONE>(j);
                self.levels[level].step = Step::Stop;
                return true;
            }
        }
        self.levels.pop();
        self.stack.truncate(l.start as usize);
        false
    }

    /// Ends the top level's current branch: a row tried leaves play for
    /// the branches after it.
    #[inline(always)]
    fn undo_branch<const ONE: bool>(&mut self) {
        let level = self.levels.len().wrapping_sub(1);
        let Some(&l) = self.levels.last() else { return };
        match l.step {
            Step::Rows if l.chosen => {
                let r = self.stack[l.at as usize] as usize;
                self.unchoose_row(r);
                let top = &mut self.levels[level];
                top.chosen = false;
                top.at += 1;
                let width = self.width_of::<ONE>();
                self.saved[level * width + r / 64] &= !(1 << (r % 64));
            }
            Step::Stop => self.levels[level].step = Step::Over,
            Step::Rows | Step::Over => {}
        }
    }

    /// # Safety
    /// The processor must have AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn walk_fast<const ONE: bool, O: Ending>(&mut self, steps: Steps<'_>) -> O {
        self.walk_with::<ONE, O>(steps)
    }

    /// The walk ([`walk_m`]) on bit sets of one word or more.
    #[inline(always)]
    fn walk_with<const ONE: bool, O: Ending>(&mut self, steps: Steps<'_>) -> O {
        walk_m(&mut Walk::<ONE>(self), steps)
    }

    /// The walk in the mode of `O`, compiled for the processor: with AVX2
    /// and POPCNT where it has them; for rows of one word or more.
    fn walk_on<O: Ending>(&mut self, steps: Steps<'_>) -> O {
        let one = self.width == 2;
        #[cfg(target_arch = "x86_64")]
        if self.fast {
            // SAFETY: `fast` is set only when the processor has them.
            return unsafe {
                if one {
                    self.walk_fast::<true, O>(steps)
                } else {
                    self.walk_fast::<false, O>(steps)
                }
            };
        }
        if one {
            self.walk_with::<true, O>(steps)
        } else {
            self.walk_with::<false, O>(steps)
        }
    }

    /// The rows level `l`'s branch rules out: the rows before the chosen
    /// one, or all of them for the stop branch.
    fn ruled_out(l: &Level) -> std::ops::Range<usize> {
        match l.step {
            Step::Stop | Step::Over => l.start as usize..l.end as usize,
            Step::Rows => l.start as usize..l.at as usize,
        }
    }
}

/// The engine's walk on bit sets of one word (`ONE`) or more, for
/// [`walk_m`].
struct Walk<'a, const ONE: bool>(&'a mut BitsM);

impl<const ONE: bool> Levels for Walk<'_, ONE> {
    #[inline(always)]
    fn resume(&mut self) -> &mut Resume {
        &mut self.0.resume
    }

    fn within(&self) -> bool {
        self.0.within
    }

    #[inline(always)]
    fn levels(&self) -> usize {
        self.0.levels.len()
    }

    #[inline(always)]
    fn all_done(&mut self) -> bool {
        self.0.all_done::<ONE>()
    }

    #[inline(always)]
    fn enter(&mut self) -> bool {
        self.0.enter::<ONE>()
    }

    #[inline(always)]
    fn branch(&mut self) -> bool {
        self.0.branch::<ONE>()
    }

    #[inline(always)]
    fn undo_branch(&mut self) {
        self.0.undo_branch::<ONE>();
    }
}

impl Core for BitsM {
    fn kind(&self) -> Engine {
        Engine::Small
    }

    fn depth_limit(&self) -> usize {
        self.row_start.len() - 1
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn force(&mut self, fixed: &Fixed) {
        self.within = fixed.within;
        for &r in &fixed.excluded {
            self.bits[r / 64] &= !(1 << (r % 64));
        }
        for &r in &fixed.forced {
            self.choose_row::<false>(r);
        }
        self.forced.0.copy_from_slice(&self.bits);
        self.forced.1.copy_from_slice(&self.count);
    }

    fn unforce(&mut self, _fixed: &Fixed) {
        self.bits.copy_from_slice(&self.clean.0);
        self.count.copy_from_slice(&self.clean.1);
        self.forced.0.copy_from_slice(&self.clean.0);
        self.forced.1.copy_from_slice(&self.clean.1);
    }

    fn unwind(&mut self) {
        self.levels.clear();
        self.stack.clear();
        self.bits.copy_from_slice(&self.forced.0);
        self.count.copy_from_slice(&self.forced.1);
        self.resume = Resume::Enter;
    }

    fn steer(&mut self, steering: Steering) -> Result<(), Error> {
        self.weights.set(steering.weights, self.lo.len())?;
        self.random = steering.generator();
        Ok(())
    }

    fn find(&mut self, run: Find<'_>) -> Found {
        // No objective here (a solver with one moves to the links).
        self.walk_on(Steps::find(run).0)
    }

    fn count(&mut self, run: Count<'_>) -> Counted {
        self.walk_on(Steps::count(run))
    }

    fn cut(&mut self, run: Cut<'_>) -> Cutting {
        self.walk_on(Steps::cut(run))
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.extend(self.levels.iter().filter(|l| l.step == Step::Rows && l.chosen).map(|l| self.stack[l.at as usize] as usize));
    }

    fn excluded(&self, out: &mut Vec<usize>) {
        for l in &self.levels {
            out.extend(self.stack[Self::ruled_out(l)].iter().map(|&r| r as usize));
        }
    }

    fn donate(&mut self, rows: &mut Vec<usize>, excluded: &mut Vec<usize>) -> Option<Given> {
        let levels = &mut self.levels;
        let (k, share, given) = kit::shallowest(levels.len(), |k| {
            let l = &mut levels[k];
            let untried = if l.step == Step::Rows && l.chosen { l.at + 1 } else { l.at };
            let given = (l.step == Step::Rows && untried < l.stop).then(|| {
                l.stop -= 1;
                l.stop
            });
            (u64::from(l.end - l.start) + u64::from(l.may_stop), given)
        })?;
        let above = &self.levels[..k];
        rows.extend(above.iter().filter(|l| l.step == Step::Rows && l.chosen).map(|l| self.stack[l.at as usize] as usize));
        rows.push(self.stack[given as usize] as usize);
        for l in above {
            excluded.extend(self.stack[Self::ruled_out(l)].iter().map(|&r| r as usize));
        }
        excluded.extend(self.stack[self.levels[k].start as usize..given as usize].iter().map(|&r| r as usize));
        Some(Given { level: k, share })
    }

    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize)) {
        rest_m(&mut Walk::<false>(self), &mut |w, level| piece(&*w.0, level));
    }

    fn branches(&self, level: &mut dyn FnMut(u64, u64)) {
        for l in &self.levels {
            let done = match l.step {
                Step::Rows => l.at - l.start,
                Step::Stop | Step::Over => l.end - l.start,
            };
            level(u64::from(done), u64::from(l.end - l.start) + u64::from(l.may_stop));
        }
    }

    fn depth(&self) -> usize {
        self.levels.iter().filter(|l| l.step == Step::Rows && l.chosen).count()
    }

    fn is_done(&self) -> bool {
        self.resume == Resume::Done
    }
}
