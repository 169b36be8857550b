//! The walk on bit sets: DLX1's tree and counters, each level's state
//! saved after its item is covered (or rebuilt, deep down) instead of
//! rows put back.

use super::cover::OUT;
use super::Small;
use crate::alloc::filled;
use crate::engine::keys::Key;
use crate::engine::mode::{Ending, Steps};
use crate::engine::walk::{enter, lone_solution_nodes, Entered, Phase};
use crate::error::Error;

/// One level of the walk: its item, and its branches `stack[start..stop]`
/// (the rows the item's cover took out end at `end`; those from `stop` on
/// were given away), the one tried at `at`; and `back`, the deepest level
/// above it that had rows left to try when it was entered ([`NONE`] for
/// none), where the walk backs up to from it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Level {
    pub(super) item: u32,
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) stop: u32,
    pub(super) at: u32,
    pub(super) back: u32,
}

/// No level (see [`Level::back`]).
const NONE: u32 = u32::MAX;

/// The most bytes of saved states ([`Saved`]) an engine keeps; deeper
/// levels rebuild theirs from the forced state ([`Small::rebuild`]).
pub(super) const SAVED: usize = 1 << 20;

/// The state of the walk (the rows in play and the keys it reads) just
/// after each level covered its item, for the levels below `slots`: a
/// level with rows left to try saves it before its first row, and each
/// next row starts from a copy of it. Levels from `slots` on rebuild it.
#[derive(Clone, Debug)]
pub(super) struct Saved<K: Key> {
    pub(super) alive: Vec<u64>,
    pub(super) keys: Vec<K>,
    pub(super) slots: usize,
}

impl<K: Key> Saved<K> {
    /// Room for states of `words` words of rows and `scanned` keys, for
    /// `levels` levels or as many as fit in `most` bytes.
    pub(super) fn new(words: usize, scanned: usize, levels: usize, most: usize) -> Result<Saved<K>, Error> {
        let bytes = words * 8 + scanned * std::mem::size_of::<K>();
        let slots = levels.min(most / bytes);
        Ok(Saved { alive: filled(slots * words)?, keys: filled(slots * scanned)?, slots })
    }
}

impl<K: Key> Small<K> {
    /// The search loop, in the mode of its outcome `O` (see
    /// [`crate::engine::mode`]); `RANDOM` when `self.random` is set.
    /// With `AVX2` (set only when the CPU has it) the choice scans with
    /// AVX2 instructions. The steps, nodes and solutions are those of
    /// `Dlx1::walk`, and so is the loop's shape: its top tries the level's
    /// next row or backs up, its bottom enters the level below; where the
    /// last call stopped is taken care of before it, out of line.
    #[inline(always)]
    pub(super) fn walk<const RANDOM: bool, const AVX2: bool, const ONE: bool, O: Ending>(&mut self, steps: Steps<'_>) -> O {
        debug_assert!(!ONE || self.one_group);
        let Steps { nodes: node_counter, limit, cap, counted, most: count_limit } = steps;
        let counted = if O::COUNTS { counted } else { None };
        let bounds = Bounds { limit, cap, count_limit };
        // The counters and the level stay in registers, and so does the
        // record of the level being tried (`levels[level]` is written when
        // the walk goes deeper, read when it comes back).
        let mut r = Regs { nodes: *node_counter, updates: 0, level: self.level, back: NONE, found: counted.as_ref().map_or(0, |c| **c) };
        let walked = 'walk: {
            let mut lv = match self.resume::<RANDOM, AVX2, ONE, O>(&mut r, &bounds) {
                Entering::Branch(lv) => lv,
                Entering::NextRow => self.next_row::<ONE>(&mut r),
                Entering::Stop(walked) => break 'walk walked,
            };
            loop {
                if lv.at == lv.stop {
                    // Every row of the item was tried: back up to the
                    // deepest level above with rows left, past the levels
                    // of one row (it starts its next row from its saved
                    // state, and those levels leave nothing to undo).
                    if r.back == NONE {
                        self.phase = Phase::Done;
                        break 'walk O::EXHAUSTED;
                    }
                    r.level = r.back as usize;
                    lv = self.next_row::<ONE>(&mut r);
                    continue;
                }
                let row = self.row_at(lv.at as usize);
                r.updates += self.cover_row::<AVX2, ONE>(row, lv.item);
                debug_assert!(r.level < self.levels.len());
                lv.back = r.back;
                // SAFETY: a level is entered only with a primary item
                // uncovered, each level below having covered one, so
                // `level < primary <= levels.len()`.
                unsafe { *self.levels.get_unchecked_mut(r.level) = lv };
                // As `back_of` (`r.back` is already `lv.back`), with a
                // branch: fewer instructions than a select.
                if lv.at + 1 < lv.stop {
                    r.back = r.level as u32;
                }
                r.level += 1;
                lv = match self.enter_level::<RANDOM, AVX2, ONE, O>(&mut r, &bounds) {
                    Entering::Branch(lv) => lv,
                    Entering::NextRow => self.next_row::<ONE>(&mut r),
                    Entering::Stop(walked) => break 'walk walked,
                };
            }
        };
        self.level = r.level;
        *node_counter = r.nodes;
        self.updates += r.updates;
        if let Some(counted) = counted {
            *counted = r.found;
        }
        walked
    }

    /// Where the walk starts: at the first level (or the forced rows alone
    /// are the one solution, or the one subproblem), where the last call
    /// paused, or after the solution it returned. Out of line, as
    /// `Dlx1::resume` (the loop's one copy of the choice keeps its
    /// registers).
    #[inline(never)]
    fn resume<const RANDOM: bool, const AVX2: bool, const ONE: bool, O: Ending>(&mut self, r: &mut Regs, bounds: &Bounds) -> Entering<O> {
        match self.phase {
            Phase::Done => Entering::Stop(O::EXHAUSTED),
            Phase::Recover => Entering::NextRow,
            // SAFETY: `AVX2` only when the CPU has it.
            Phase::Start if unsafe { self.keys.choose_on::<AVX2>() } == 0 => {
                // The forced rows (or the empty set) are the one solution.
                r.nodes += lone_solution_nodes(self.within);
                self.phase = Phase::Done;
                Entering::Stop(O::lone_solution(&mut r.found, bounds.count_limit))
            }
            Phase::Start | Phase::Paused => match O::CUT {
                Some(cut) if self.phase == Phase::Start && bounds.cap == 0 => {
                    // The forced rows are the one subproblem at depth 0.
                    self.phase = Phase::Done;
                    Entering::Stop(cut)
                }
                _ => {
                    r.back = self.back_of(r.level);
                    self.enter_level::<RANDOM, AVX2, ONE, O>(r, bounds)
                }
            },
        }
    }

    /// Enters level `r.level`: chooses the item to branch on and covers
    /// it (its rows, taken out, are the level's branches), or finds a
    /// solution (counted, or returned), a cut or the end of the node
    /// budget.
    #[inline(always)]
    fn enter_level<const RANDOM: bool, const AVX2: bool, const ONE: bool, O: Ending>(&mut self, r: &mut Regs, bounds: &Bounds) -> Entering<O> {
        // SAFETY: `AVX2` only when the CPU has it.
        let (first, length) = unsafe { self.keys.choose_with_length_on::<AVX2>() };
        match enter::<O>(first, &mut r.level, &mut self.phase, &mut r.nodes, bounds.limit, bounds.cap, &mut r.found, bounds.count_limit) {
            Entered::Branch => {}
            Entered::NextRow => return Entering::NextRow,
            Entered::Stop(walked) => return Entering::Stop(walked),
        }
        // (A seeded walk draws only now, see `enter`: among the items of
        // `first`'s length.)
        let item = match &mut self.random {
            Some(g) if RANDOM => self.keys.choose_random_from(first, &mut g.rng),
            _ => first,
        };
        r.nodes += 1;
        let start = self.top as u32;
        if length == 1 {
            // One row (most of a sudoku's levels): no state to save, and
            // the row's items are all covered next, so its keys need not
            // lose it (see `only_row`).
            r.updates += self.only_row(item);
            return Entering::Branch(Level { item, start, end: start + 1, stop: start + 1, at: start, back: NONE });
        }
        r.updates += self.cover::<ONE, true>(item);
        let end = self.top as u32;
        if let Some(g) = &mut self.random {
            if RANDOM {
                g.rng.shuffle(&mut self.stack[start as usize..end as usize]);
            }
        }
        if end - start >= 2 {
            self.save(r.level);
        }
        // (The loop writes the level's record when it tries a row.)
        Entering::Branch(Level { item, start, end, stop: end, at: start, back: NONE })
    }

    /// Covers item `x`, which has one row in play, as `cover` does, but
    /// leaves the row on its items' keys: the level tries that row alone,
    /// and covering it covers every one of its items, whose keys the walk
    /// then no longer reads for their lengths. (The one place that might,
    /// covering an item without conflict sets, stops early when its key
    /// says it has no rows left; a key one row too long only stops it
    /// later.) Returns DLX1's updates: covering `x` and hiding the row.
    #[inline(always)]
    pub(super) fn only_row(&mut self, x: u32) -> u64 {
        debug_assert!((x as usize) + 1 < self.col_start.len());
        // SAFETY: as in `cover`.
        let mut k = unsafe { *self.col_start.get_unchecked(x as usize) } as usize;
        // The item has a row in play: the loop stops within its words.
        let (w, out) = loop {
            let (w, out) = self.col_in_play(k);
            if out != 0 {
                break (w, out);
            }
            k += 1;
        };
        debug_assert!(out.count_ones() == 1);
        let row = (w as u32) << 6 | out.trailing_zeros();
        // SAFETY: `w` is a word of `alive`.
        unsafe { *self.alive.get_unchecked_mut(w) ^= out };
        self.push(row);
        self.keys.cover(x);
        1 + self.others_of(row)
    }

    /// Where the walk backs up to from `level`, about to be entered (see
    /// `Regs::back`): the level above, if it has rows left to try, else
    /// where that one backs up to (the walk's loop keeps this as it goes).
    fn back_of(&self, level: usize) -> u32 {
        let Some(above) = level.checked_sub(1) else { return NONE };
        let lv = self.levels[above];
        if lv.at + 1 < lv.stop { above as u32 } else { lv.back }
    }

    /// Moves to the next row of level `r.level` (its record, to try
    /// from, and the level to back up to from it, into `r.back`), and if
    /// it has one, puts back the level's state to try it from: the state
    /// saved, or rebuilt.
    #[inline(always)]
    fn next_row<const ONE: bool>(&mut self, r: &mut Regs) -> Level {
        let level = r.level;
        debug_assert!(level < self.levels.len());
        // SAFETY: as in `walk`: `level` was entered.
        let mut lv = unsafe { *self.levels.get_unchecked(level) };
        lv.at += 1;
        r.back = lv.back;
        self.top = lv.end as usize;
        if lv.at < lv.stop {
            if level < self.saved.slots {
                self.load(level);
            } else {
                self.rebuild::<ONE>(level);
            }
        }
        lv
    }

    /// Saves the state at `level` (just after its item was covered), when
    /// it has a slot.
    #[inline(always)]
    pub(super) fn save(&mut self, level: usize) {
        if level >= self.saved.slots {
            return;
        }
        let (words, keys) = (self.words, self.keys.scanned());
        let k = keys.len();
        debug_assert!((level + 1) * words <= self.saved.alive.len() && (level + 1) * k <= self.saved.keys.len());
        // SAFETY: `level` is below `slots`, and each vector has `slots`
        // states' room.
        unsafe {
            self.saved.alive.get_unchecked_mut(level * words..(level + 1) * words).copy_from_slice(&self.alive);
            self.saved.keys.get_unchecked_mut(level * k..(level + 1) * k).copy_from_slice(keys);
        }
    }

    /// Puts back the state saved at `level` (below `slots`).
    #[inline(always)]
    fn load(&mut self, level: usize) {
        let words = self.words;
        let keys = self.keys.scanned_mut();
        let k = keys.len();
        debug_assert!((level + 1) * words <= self.saved.alive.len() && (level + 1) * k <= self.saved.keys.len());
        // SAFETY: as in `save`.
        unsafe {
            keys.copy_from_slice(self.saved.keys.get_unchecked(level * k..(level + 1) * k));
            self.alive.copy_from_slice(self.saved.alive.get_unchecked(level * words..(level + 1) * words));
        }
    }

    /// Rebuilds the state at `level` (which has no slot: a path deeper
    /// than [`SAVED`] bytes of states hold) from the state after forcing:
    /// the levels above cover their items and choose their rows again,
    /// and `level` covers its item. The updates are not counted again.
    #[cold]
    #[inline(never)]
    pub(super) fn rebuild<const ONE: bool>(&mut self, level: usize) {
        self.back_to_forced();
        for l in 0..=level {
            let lv = self.levels[l];
            let _ = self.cover::<ONE, false>(lv.item);
            if l < level {
                let _ = self.cover_row::<false, ONE>(self.row_at(lv.at as usize), lv.item);
            }
        }
    }

    /// Copies back the state saved just after forcing.
    pub(super) fn back_to_forced(&mut self) {
        self.alive.copy_from_slice(&self.forced.0);
        self.keys.copy_from(&self.forced.1);
    }

    /// [`Small::walk`] compiled for the processor: with AVX2 where it has
    /// it (see `Dlx1::walk_on`); and for rows of one group of items or
    /// more (`ONE`: a walk with only the code it runs keeps its values in
    /// registers better).
    pub(super) fn walk_on<const RANDOM: bool, O: Ending>(&mut self, steps: Steps<'_>) -> O {
        let one = self.one_group;
        // Conflict sets of more than `OUT` words (colored rows only) are
        // read a word at a time: the walk for them is the plain one.
        #[cfg(target_arch = "x86_64")]
        if self.keys.avx2 && (!self.has_conflicts || self.words <= OUT) {
            // SAFETY: `avx2` is set only when the CPU has AVX2.
            return unsafe {
                if one {
                    self.walk_avx2::<RANDOM, true, O>(steps)
                } else {
                    self.walk_avx2::<RANDOM, false, O>(steps)
                }
            };
        }
        if one {
            self.walk::<RANDOM, false, true, O>(steps)
        } else {
            self.walk::<RANDOM, false, false, O>(steps)
        }
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn walk_avx2<const RANDOM: bool, const ONE: bool, O: Ending>(&mut self, steps: Steps<'_>) -> O {
        self.walk::<RANDOM, true, ONE, O>(steps)
    }
}

/// The small walk's running values, kept in registers while it runs.
struct Regs {
    nodes: u64,
    /// The updates made in this call (added to `Small::updates` at the end).
    updates: u64,
    level: usize,
    /// The deepest level above `level` with rows left to try ([`NONE`]
    /// for none): where the walk backs up to.
    back: u32,
    /// The solutions counted (a counting walk).
    found: u64,
}

/// What stops the walk: the node budget, the depth cap, the count wanted.
struct Bounds {
    limit: u64,
    cap: usize,
    count_limit: u64,
}

/// What entering a level (or resuming the walk) leaves the loop to do.
enum Entering<O> {
    /// Try the rows of the level so described.
    Branch(Level),
    /// Undo the row tried at the level, and try the next one.
    NextRow,
    /// Return this.
    Stop(O),
}
