//! Covering on bit sets: an item's rows leave play a word at a time, a
//! row's items all at once on its conflict set, a colored item is
//! purified; the keys follow, a group of four items at a time.

use super::Small;
use crate::engine::keys::Key;

/// The rows whose bits are set in `bits`, word `w` of a bit set of rows,
/// in increasing order.
#[inline(always)]
fn rows_in(w: usize, bits: u64) -> RowsIn {
    RowsIn { base: (w as u32) << 6, bits }
}

/// The iterator of [`rows_in`].
struct RowsIn {
    base: u32,
    bits: u64,
}

impl Iterator for RowsIn {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.bits == 0 {
            return None;
        }
        let row = self.base | self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(row)
    }
}

/// The most words of a bit set of rows for which conflict sets are made
/// without colors (at most [`CONFLICTS`](super::fit::CONFLICTS) bytes of them hold at most 2,880
/// rows: 45 words), and read four words at a time; with colors, longer
/// ones are read a word at a time.
pub(super) const OUT: usize = 48;

/// Takes the bits of the four words at `set` out of the four at `alive`,
/// writing the bits taken to the four at `out`; returns which of these
/// have any: bit `j` for word `j`.
///
/// # Safety
/// The CPU must have AVX2, and four words must be readable at `set` and
/// writable at `alive` and `out`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn take_out4(alive: *mut u64, set: *const u64, out: *mut u64) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: as the caller promises.
    unsafe {
        let a = _mm256_loadu_si256(alive as *const __m256i);
        let s = _mm256_loadu_si256(set as *const __m256i);
        let both = _mm256_and_si256(a, s);
        _mm256_storeu_si256(alive as *mut __m256i, _mm256_andnot_si256(s, a));
        _mm256_storeu_si256(out as *mut __m256i, both);
        let zero = _mm256_cmpeq_epi64(both, _mm256_setzero_si256());
        !(_mm256_movemask_pd(_mm256_castsi256_pd(zero)) as u32) & 0xf
    }
}

impl<K: Key> Small<K> {
    // The hot loops index with rows and items read from the engine's own
    // arrays (`new` makes every row below `rows` and every item in
    // `1..=items`, and bits are set only for rows) and with stack
    // positions below `rows` (a row is pushed only when it leaves play, at
    // most once). So the bounds checks can go; debug builds still check.

    /// Row `r`'s items.
    #[inline(always)]
    pub(super) fn items_of(&self, r: u32) -> std::ops::Range<usize> {
        debug_assert!((r as usize) + 1 < self.row_start.len());
        // SAFETY: as above.
        unsafe { *self.row_start.get_unchecked(r as usize) as usize..*self.row_start.get_unchecked(r as usize + 1) as usize }
    }

    #[inline(always)]
    pub(super) fn item_at(&self, k: usize) -> u32 {
        debug_assert!(k < self.row_items.len());
        // SAFETY: `k` comes from `items_of`.
        unsafe { *self.row_items.get_unchecked(k) }
    }

    /// The row at stack position `k`.
    #[inline(always)]
    pub(super) fn row_at(&self, k: usize) -> u32 {
        debug_assert!(k < self.stack.len());
        // SAFETY: as above.
        unsafe { *self.stack.get_unchecked(k) }
    }

    /// Takes row `r` (cleared from `alive` already) off its items' keys,
    /// and with `PUSH` onto the stack of branches. Returns the nodes DLX1
    /// would unlink: its length less 1.
    #[inline(always)]
    pub(super) fn take_out<const ONE: bool, const PUSH: bool>(&mut self, r: u32) -> u64 {
        if PUSH {
            self.push(r);
        }
        self.update_keys::<true, ONE>(r);
        self.others_of(r)
    }

    /// Pushes row `r`, just taken out of play, on the stack of branches.
    #[inline(always)]
    pub(super) fn push(&mut self, r: u32) {
        debug_assert!(self.top < self.stack.len());
        // SAFETY: as above.
        unsafe { *self.stack.get_unchecked_mut(self.top) = r };
        self.top += 1;
    }

    /// Row `r`'s length less 1: the nodes DLX1 unlinks when it hides it.
    #[inline(always)]
    pub(super) fn others_of(&self, r: u32) -> u64 {
        debug_assert!((r as usize) < self.others.len());
        // SAFETY: as above.
        u64::from(unsafe { *self.others.get_unchecked(r as usize) })
    }

    /// Word `k` of an item's rows (see `col_start`): its place in a bit
    /// set, and the item's rows there that are in play.
    #[inline(always)]
    pub(super) fn col_in_play(&self, k: usize) -> (usize, u64) {
        debug_assert!(k < self.col_word.len() && (self.col_word[k] as usize) < self.words);
        // SAFETY: `col_start` lies within `col_word` and `col_mask`, and
        // the words within a bit set.
        unsafe {
            let w = *self.col_word.get_unchecked(k) as usize;
            (w, *self.alive.get_unchecked(w) & *self.col_mask.get_unchecked(k))
        }
    }

    /// Takes row `r` off its items' keys (`OUT`) or puts it back on, a
    /// group of four at a time.
    #[inline(always)]
    fn update_keys<const OUT: bool, const ONE: bool>(&mut self, r: u32) {
        // One group: no loop (a range of one group, looped over, costs
        // 7% to 11% more instructions in the walks).
        if ONE {
            for y in self.group_at(r as usize) {
                if OUT {
                    self.keys.remove(y);
                } else {
                    self.keys.restore(y);
                }
            }
            return;
        }
        // Every row has a group: a loop that tests its end after each.
        let groups = self.groups_of(r);
        let mut g = groups.start;
        loop {
            for y in self.group_at(g) {
                if OUT {
                    self.keys.remove(y);
                } else {
                    self.keys.restore(y);
                }
            }
            g += 1;
            if g >= groups.end {
                break;
            }
        }
    }

    /// Row `r`'s groups of four items.
    #[inline(always)]
    fn groups_of(&self, r: u32) -> std::ops::Range<usize> {
        debug_assert!((r as usize) + 1 < self.slot_start.len());
        // SAFETY: as above.
        unsafe { *self.slot_start.get_unchecked(r as usize) as usize..*self.slot_start.get_unchecked(r as usize + 1) as usize }
    }

    #[inline(always)]
    fn group_at(&self, g: usize) -> [u32; 4] {
        debug_assert!(g < self.slots.len());
        // SAFETY: `g` comes from `groups_of`.
        unsafe { *self.slots.get_unchecked(g) }
    }

    /// Covers item `x`: takes every row in play that contains it out of
    /// play (with `PUSH`, onto the stack: the branches of a level) and
    /// marks it covered. Returns the updates, as DLX1 counts them.
    #[inline(always)]
    pub(super) fn cover<const ONE: bool, const PUSH: bool>(&mut self, x: u32) -> u64 {
        let mut updates = 1;
        debug_assert!((x as usize) + 1 < self.col_start.len());
        // SAFETY: as above.
        let (lo, hi) = unsafe { (*self.col_start.get_unchecked(x as usize), *self.col_start.get_unchecked(x as usize + 1)) };
        // A primary item's key counts its rows in play, and taking one out
        // lowers it: the words after the last one in play are not read.
        // (A secondary item's key is not kept in the saved states.)
        let counted = PUSH || x as usize <= self.keys.primary;
        let hi = if counted && self.keys.is_empty(x) { lo } else { hi };
        for k in lo as usize..hi as usize {
            let (w, out) = self.col_in_play(k);
            if out == 0 {
                continue;
            }
            updates += self.take_out_bits::<ONE, PUSH>(w, out);
            if counted && self.keys.is_empty(x) {
                break;
            }
        }
        self.keys.cover(x);
        updates
    }

    /// Covers row `r`'s items other than `skip`. With `AVX2` (set only
    /// when the CPU has it) the conflict sets are read four words at a
    /// time.
    #[inline(always)]
    pub(super) fn cover_row<const AVX2: bool, const ONE: bool>(&mut self, r: u32, skip: u32) -> u64 {
        if self.has_conflicts {
            return self.cover_conflicts::<AVX2, ONE>(r, skip);
        }
        let (mut updates, colored) = (0, !self.shades.group.is_empty());
        for k in self.items_of(r) {
            let y = self.item_at(k);
            if y == skip {
                continue;
            }
            updates += match colored.then(|| self.shades.group[k]) {
                Some(g) if g != 0 => self.purify::<ONE>(y, g),
                _ => self.cover::<ONE, false>(y),
            };
        }
        updates
    }

    /// Gives secondary item `x` the color of group `g`: takes the rows in
    /// play that have `x` with another color, or none, out of play (the
    /// group's rows stay). Returns the updates, counted as for covering
    /// `x`: 1, and for each row taken out its length less 1.
    #[inline(always)]
    pub(super) fn purify<const ONE: bool>(&mut self, x: u32, g: u32) -> u64 {
        let mut updates = 1;
        debug_assert!((x as usize) + 1 < self.col_start.len());
        // SAFETY: as in `cover`.
        let (lo, hi) = unsafe { (*self.col_start.get_unchecked(x as usize), *self.col_start.get_unchecked(x as usize + 1)) };
        let mut same = self.shades.words_of(g);
        debug_assert!(same.end <= self.shades.word.len() && same.end <= self.shades.mask.len());
        for k in lo as usize..hi as usize {
            let (w, mut out) = self.col_in_play(k);
            // The group's words are a subset of the item's, in order.
            // SAFETY: `same` lies within the groups' words (`Shades::new`).
            if same.start < same.end && unsafe { *self.shades.word.get_unchecked(same.start) } as usize == w {
                out &= !unsafe { *self.shades.mask.get_unchecked(same.start) };
                same.start += 1;
            }
            if out != 0 {
                updates += self.take_out_bits::<ONE, false>(w, out);
            }
        }
        updates
    }

    /// Marks row `r`'s items other than `skip` covered; returns how many
    /// (DLX1's update for each).
    #[inline(always)]
    fn cover_items<const ONE: bool>(&mut self, r: u32, skip: u32) -> u64 {
        if ONE {
            // The whole group, the row's primary items: `skip` is covered
            // already, and the sinks and secondary items' keys are never
            // read. The items covered are the row's length, less `skip`
            // when it is one of them (it is, unless 0).
            for y in self.group_at(r as usize) {
                self.keys.cover(y);
            }
            debug_assert!(skip == 0 || self.items_of(r).any(|k| self.item_at(k) == skip));
            // SAFETY: `r` is a row.
            return u64::from(unsafe { *self.others.get_unchecked(r as usize) }) + u64::from(skip == 0);
        }
        let mut covered = 0;
        for k in self.items_of(r) {
            let y = self.item_at(k);
            if y != skip {
                self.keys.cover(y);
                covered += 1;
            }
        }
        covered
    }

    /// [`Small::cover_row`] on the conflict sets: the rows in play that
    /// share an item with `r` leave play a word at a time. The updates
    /// are DLX1's: 1 for each item covered, and for each row taken out its
    /// length less 1 (a row is taken out by the first of `r`'s items it
    /// has, which DLX1 covers first, and by no other). Rows with `skip`
    /// are out of play already (its cover took them out), `r` too when
    /// `skip` is one of its items.
    #[inline(always)]
    fn cover_conflicts<const AVX2: bool, const ONE: bool>(&mut self, r: u32, skip: u32) -> u64 {
        let mut updates = self.cover_items::<ONE>(r, skip);
        let base = r as usize * self.words;
        debug_assert!(base + self.words <= self.conflicts.len());
        let mut w = 0;
        #[cfg(target_arch = "x86_64")]
        if AVX2 {
            // Four words at a time: the rows in play of the set leave
            // `alive`, into `out`, and the words where some did are noted.
            // Then each such word's rows leave the keys. (Only for bit
            // sets of at most `OUT` words, 16 groups' bits in `some`:
            // `walk_on` runs no other on AVX2.)
            let mut out = std::mem::MaybeUninit::<[u64; OUT]>::uninit();
            let (alive, set, into, words) = (self.alive.as_mut_ptr(), self.conflicts.as_ptr(), out.as_mut_ptr() as *mut u64, self.words);
            let mut some = 0u64;
            debug_assert!(words <= OUT);
            // From the last group of four down, so that each group's bits
            // shift in below the others' by a constant.
            w = words / 4 * 4;
            let mut g = w;
            while g > 0 {
                g -= 4;
                // SAFETY: `AVX2` only when the CPU has it; the words lie
                // within `alive`, the row's set and `out`.
                some = some << 4 | u64::from(unsafe { take_out4(alive.add(g), set.add(base + g), into.add(g)) });
            }
            while some != 0 {
                let j = some.trailing_zeros() as usize;
                some &= some - 1;
                // SAFETY: `j` is below `w`: a word of `out` written above,
                // with rows (so the loop below tests its end after each).
                let mut bits = unsafe { *into.add(j) };
                unsafe { std::hint::assert_unchecked(bits != 0) };
                loop {
                    updates += self.take_out::<ONE, false>((j as u32) << 6 | bits.trailing_zeros());
                    bits &= bits - 1;
                    if bits == 0 {
                        break;
                    }
                }
            }
        }
        while w < self.words {
            updates += self.take_out_word::<ONE>(w, base + w);
            w += 1;
        }
        updates
    }

    /// Takes the rows in play of word `w` of `conflicts[at]` out of play.
    #[inline(always)]
    fn take_out_word<const ONE: bool>(&mut self, w: usize, at: usize) -> u64 {
        debug_assert!(w < self.words && at < self.conflicts.len());
        // SAFETY: `w` is below `words`, the length of `alive`, and `at`
        // within the conflict sets (the callers' row's set).
        let out = unsafe { *self.alive.get_unchecked(w) & *self.conflicts.get_unchecked(at) };
        if out == 0 {
            return 0;
        }
        self.take_out_bits::<ONE, false>(w, out)
    }

    /// Takes rows `out` of word `w` (all in play) out of play (with
    /// `PUSH`, onto the stack).
    #[inline(always)]
    fn take_out_bits<const ONE: bool, const PUSH: bool>(&mut self, w: usize, out: u64) -> u64 {
        debug_assert!(w < self.words);
        // SAFETY: `w` is below `words`, the length of `alive`.
        unsafe { *self.alive.get_unchecked_mut(w) ^= out };
        rows_in(w, out).map(|q| self.take_out::<ONE, PUSH>(q)).sum()
    }

    /// Chooses `forced` (compatible rows, none chosen yet) on the conflict
    /// sets: their rows leave play a word at a time, without the stack
    /// (nothing below the forced state is put back one by one), and the
    /// keys are brought up to date after: by taking the rows that left off
    /// them when they are fewer than the rows left in play, else by
    /// counting the rows left afresh (a sudoku's clues take out some 420 of
    /// 729 rows). The updates are those of `cover_row` on each. Compiled
    /// for AVX2 and POPCNT where the CPU has them (a sudoku solver forces
    /// each puzzle's clues: 7% fewer instructions in forcing them).
    pub(super) fn force_conflicts(&mut self, forced: &[usize]) {
        #[cfg(target_arch = "x86_64")]
        if self.keys.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2 and POPCNT.
            return unsafe { self.force_conflicts_avx2(forced) };
        }
        self.force_conflicts_on(forced);
    }

    /// # Safety
    /// The CPU must have AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn force_conflicts_avx2(&mut self, forced: &[usize]) {
        self.force_conflicts_on(forced);
    }

    /// [`Small::force_conflicts`], compiled into each of the two above.
    #[inline(always)]
    fn force_conflicts_on(&mut self, forced: &[usize]) {
        // `forced.0` holds the rows in play before, then the rows that
        // left, until `force` copies the state after into it.
        self.forced.0.copy_from_slice(&self.alive);
        let words = self.words;
        for &r in forced {
            self.updates += if self.one_group { self.cover_items::<true>(r as u32, 0) } else { self.cover_items::<false>(r as u32, 0) };
        }
        // (Covering items reads no row in play: the sets go after, from
        // one look at the shared vector.)
        let conflicts: &[u64] = &self.conflicts;
        for &r in forced {
            for (a, c) in self.alive.iter_mut().zip(&conflicts[r * words..(r + 1) * words]) {
                *a &= !c;
            }
        }
        // Now the rows that left.
        let (mut left, mut taken) = (0, 0);
        for (before, &a) in self.forced.0.iter_mut().zip(&self.alive) {
            *before &= !a;
            left += a.count_ones();
            taken += before.count_ones();
        }
        self.updates += match self.same_length {
            Some(others) => u64::from(taken) * u64::from(others),
            None => (0..self.words).flat_map(|w| rows_in(w, self.forced.0[w])).map(|q| u64::from(self.others[q as usize])).sum(),
        };
        if self.one_group {
            self.recount::<true>(taken <= left);
        } else {
            self.recount::<false>(taken <= left);
        }
    }

    /// The end of [`Small::force_conflicts`]: the keys brought up to date
    /// by taking the rows that left off them (`by_taken`), or by counting
    /// the rows left afresh. `ONE` when rows have one group of items.
    fn recount<const ONE: bool>(&mut self, by_taken: bool) {
        if by_taken {
            for w in 0..self.words {
                rows_in(w, self.forced.0[w]).for_each(|q| self.update_keys::<true, ONE>(q));
            }
        } else {
            self.keys.clear_lengths();
            for w in 0..self.words {
                rows_in(w, self.alive[w]).for_each(|q| self.update_keys::<false, ONE>(q));
            }
        }
    }

    /// Whether row `r` is in play.
    pub(super) fn in_play(&self, r: usize) -> bool {
        self.alive[r / 64] >> (r % 64) & 1 != 0
    }
}
