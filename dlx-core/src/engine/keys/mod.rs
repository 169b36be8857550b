//! The items' keys and the choice of the item to branch on, shared by the
//! exact-cover engines (`links`/`dlx1` and `small`).
//!
//! `Keys` holds, for each item `i` (numbered from 1, primary ones first), its
//! *key*: its length (the number of rows still in play that contain it)
//! times `unit`, plus, for a primary item, the item's own number `i` in the
//! low bits; while the item is covered, the top bit ([`COVERED`]) is set as
//! well. `unit` is `2^shift` with `shift` the bits of the largest primary
//! item number, so the low bits never carry into the length, and a covered
//! item's length may fall to 0 under its top bit without borrowing from it.
//!
//! DLX1 keeps the uncovered primary items in a doubly linked list in
//! increasing order and branches on the first one of smallest length. Here
//! that item is the one of smallest key among the primary items: lengths
//! compare first, then item numbers, and covered items come last. So one
//! pass over the array, in vector lanes (AVX2 where the CPU has it), finds
//! the item and its length, with no chain of dependent loads and no list to
//! keep: a minimum with the top bit set means every primary item is
//! covered. On sudoku, where hundreds of items are scanned at every node,
//! the scan was most of the search's time. When the lengths are too large
//! to share a word with the item numbers (a matrix with more than 2^31
//! entries' worth of both), `shift` is 0 and a second pass finds the first
//! position of the smallest length instead.
//!
//! A key is a [`Key`]: 32 bits, or 16 where the lengths and the item
//! numbers fit in 14 (the small engine takes them when they do, and the
//! scan then reads half the bytes: sudoku's 324 keys are 648 bytes).

mod live;
mod scan;
#[cfg(test)]
mod tests;

pub(crate) use live::{Live, Mask, NoLive};
pub(crate) use scan::has_avx2;

use std::ops::{BitAnd, BitOr, Not};

use super::steer::Weights;
use crate::alloc::filled;
use crate::error::Error;
use live::LIVE_UNIT;
#[cfg(target_arch = "x86_64")]
use scan::least_avx2;
use scan::{first_least, has_bmi1, least, store_whole, Lanes};

/// The bit a covered item's 32-bit key has: covered primary items come
/// after every uncovered one. Keys of uncovered items stay below it (see
/// [`Keys::new`]), and unsigned lanes compare them (AVX2 and SSE4.1 have
/// unsigned minima; the SSE2 baseline emulates them).
pub(crate) const COVERED: u32 = 1 << 31;

/// Entries of slack after the last item: `choose_on` reads whole groups of
/// keys (an AVX2 register: eight 32-bit keys, sixteen 16-bit ones).
const SLACK: usize = 16;

/// Keys after the last item that stand for no item: a row's items may be
/// padded with them, so that the row is updated in whole groups of four.
/// No scan reads them (they lie in the slack), and their updates wrap.
pub(crate) const SINKS: usize = 3;

/// The width of a key: `u32`, or `u16` where every key of a matrix fits in
/// 14 bits with its item's number (a sudoku's: 9 bits of item number and 4
/// of length), so that the choice scans half the bytes. The top bit marks
/// a covered item, and the bit below it is headroom.
pub(crate) trait Key:
    Copy + Ord + Default + std::fmt::Debug + Send + Sync + Lanes + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> + 'static
{
    /// The bits of a key.
    const BITS: u32;
    /// The top bit: set while the item is covered.
    const COVERED: Self;
    /// All bits set.
    const ONES: Self;
    /// Keys in an AVX2 register.
    const LANES: usize;
    /// `v`, which is below `2^BITS`.
    fn of(v: u32) -> Self;
    fn get(self) -> u32;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
}

macro_rules! key {
    ($t:ty, $lanes:expr) => {
        impl Key for $t {
            const BITS: u32 = <$t>::BITS;
            const COVERED: $t = 1 << (<$t>::BITS - 1);
            const ONES: $t = <$t>::MAX;
            const LANES: usize = $lanes;
            #[inline(always)]
            fn of(v: u32) -> $t {
                debug_assert!(u64::from(v) >> Self::BITS == 0);
                v as $t
            }
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn wrapping_add(self, other: $t) -> $t {
                <$t>::wrapping_add(self, other)
            }
            #[inline(always)]
            fn wrapping_sub(self, other: $t) -> $t {
                <$t>::wrapping_sub(self, other)
            }
        }
    };
}
key!(u32, 8);
key!(u16, 16);

/// The keys of a matrix's items, with the state of one search, each a
/// `K` (see [`Key`]).
#[derive(Clone, Debug)]
pub(crate) struct Keys<K: Key = u32> {
    /// The key of each item (index 0 unused), then [`SLACK`] entries.
    len: Vec<K>,
    /// What one row adds to a key: `1 << shift`.
    unit: K,
    /// The bits of item numbers in a key (0 when they are not in it).
    shift: u32,
    /// The groups of [`Key::LANES`] keys `choose_on` scans, and the lanes of
    /// the last one past the primary items (all ones; the lanes after
    /// `K::LANES` are not read).
    groups: usize,
    tail: [K; SLACK],
    /// With [`Keys::track_live`]: bit `i % 64` set while item `i` is
    /// uncovered (kept by the walk in a register, as a [`Live`]).
    live: u64,
    /// Whether `live` is kept.
    tracked: bool,
    /// Whether the CPU has AVX2 and POPCNT (the searches then run code
    /// compiled for them).
    pub avx2: bool,
    /// Whether the CPU has BMI1 (the DLX1 walk over a word of items then
    /// runs code compiled for it).
    pub bmi1: bool,
    /// The number of primary items.
    pub primary: usize,
    /// The preferred primary items, in increasing order (see
    /// [`Keys::set_preferred`]); empty for DLX1's rule.
    preferred: std::sync::Arc<[u32]>,
    /// With dynamic weights ([`Keys::set_weights`]), each primary item's
    /// weight (index 0 unused), raised when the item is found empty; empty
    /// without. Cells, as the choice only reads the keys.
    weights: Weights,
    /// Whether the choice is steered: some item preferred, or weights.
    steer: bool,
    /// Whether the choice is the scan's alone: the keys hold item numbers
    /// (`shift > 0`) and nothing steers. One test for the common case at
    /// every choice; [`Keys::settle`] keeps it after either changes.
    plain: bool,
}

/// Room for the lengths of `items` items: the vector [`Keys::new`] takes.
pub(crate) fn lengths(items: usize) -> Result<Vec<u32>, Error> {
    filled(items + 1 + SLACK)
}

impl<K: Key> Keys<K> {
    /// The bits of item numbers the keys of `len` (as for [`Keys::new`])
    /// hold: those of the largest primary item's, when the longest list so
    /// shifted stays below `2^(K::BITS - 2)`, else 0.
    fn shift_for(len: &[u32], primary: usize) -> u32 {
        let longest = len.iter().copied().max().unwrap_or(0);
        let bits = usize::BITS - primary.leading_zeros();
        if (u64::from(longest) << bits) < 1 << (K::BITS - 2) { bits } else { 0 }
    }

    /// Whether keys of this width hold the item numbers of `len` (as for
    /// [`Keys::new`]), so that one minimum scan chooses.
    pub fn numbered(len: &[u32], primary: usize) -> bool {
        Self::shift_for(len, primary) > 0
    }

    /// The keys, all items uncovered, from `len` (made by [`lengths`]):
    /// the length of each item `1..=items`, the first `primary` primary.
    /// The lengths must stay below [`Key::COVERED`] (for `u32`, each row
    /// adds at most 1), and for `u16`, [`Keys::numbered`] holds.
    pub fn new(len: &[u32], primary: usize) -> Result<Keys<K>, Error> {
        let n = len.len() - 1 - SLACK;
        let shift = Self::shift_for(len, primary);
        let mut keys: Vec<K> = filled(len.len())?;
        for (i, key) in keys.iter_mut().enumerate().take(n + 1) {
            let number = if shift > 0 && (1..=primary).contains(&i) { i as u32 } else { 0 };
            *key = K::of(len[i] << shift | number);
        }
        // The sinks' updates wrap: they start anywhere.
        for key in &mut keys[n + 1..=n + SINKS] {
            *key = K::of(1 << (K::BITS - 2));
        }
        // At least one lane past the primary items, so that the scan's
        // minimum is `COVERED` itself when every primary item is covered.
        let groups = (primary + 1).div_ceil(K::LANES);
        let tail = std::array::from_fn(|j| if (groups - 1) * K::LANES + j < primary { K::default() } else { K::ONES });
        let preferred = std::sync::Arc::from(Vec::new());
        let (weights, steer) = (Weights::default(), false);
        let mut keys = Keys { len: keys, unit: K::of(1 << shift), shift, groups, tail, live: 0, tracked: false, avx2: has_avx2(), bmi1: has_bmi1(), primary, preferred, weights, steer, plain: false };
        keys.settle();
        Ok(keys)
    }

    /// A copy, or out of memory.
    pub fn try_clone(&self) -> Result<Keys<K>, Error> {
        let len = crate::alloc::copied(&self.len)?;
        let mut weights = Weights::default();
        weights.set(self.weights.is_on(), self.primary)?;
        Ok(Keys { len, preferred: std::sync::Arc::clone(&self.preferred), weights, ..*self })
    }

    /// Prefers the primary items `items` (increasing) when choosing, as
    /// Knuth's DLX2-SHARP prefers items named `#`: an item of at most one
    /// row first, as ever; else the first preferred uncovered item of
    /// fewest rows; else, every preferred item covered, DLX1's choice.
    pub fn set_preferred(&mut self, items: std::sync::Arc<[u32]>) {
        debug_assert!(items.windows(2).all(|w| w[0] < w[1]) && items.iter().all(|&i| (1..=self.primary as u32).contains(&i)));
        self.preferred = items;
        self.settle();
    }

    /// `steer` and `plain` after a change of the preferred items, the
    /// weights or the keys' shift.
    fn settle(&mut self) {
        self.steer = !self.preferred.is_empty() || self.weights.is_on();
        self.plain = self.shift > 0 && !self.steer;
    }

    /// Turns dynamic weights on (every primary item's weight back to 1) or
    /// off: the choice among items of two rows or more then takes the
    /// least length over weight (dom/wdeg, after Boussemart, Hemery,
    /// Lecoutre and Sais 2004, as Knuth's SSXCC-WTD), the first such in
    /// item order, and an item found with no row left (the search's dead
    /// end) gains 1. Among the preferred items when some are uncovered.
    /// Errors: out of memory.
    pub fn set_weights(&mut self, on: bool) -> Result<(), Error> {
        self.weights.set(on, self.primary)?;
        self.settle();
        Ok(())
    }

    /// DLX1's choice `(item, length)` turned to the preferred items' and
    /// to the weights, when the choice is steered.
    #[inline(always)]
    fn prefer(&self, (item, length): (u32, u32)) -> (u32, u32) {
        if !self.steer {
            return (item, length);
        }
        self.steered(item, length)
    }

    /// [`Keys::prefer`] when steered: an empty item gains weight and is
    /// chosen, as is one of a single row; otherwise the pool is the
    /// uncovered preferred items (all primary items when there are none),
    /// and the choice in it is the least length, or with weights the least
    /// length over weight, the first such in item order.
    #[cold]
    #[inline(never)]
    fn steered(&self, item: u32, length: u32) -> (u32, u32) {
        if length <= 1 {
            if length == 0 {
                self.weights.bump(item as usize);
            }
            return (item, length);
        }
        let pick = if self.weights.is_on() { self.choose_weighted() } else { self.choose_preferred() };
        pick.unwrap_or((item, length))
    }

    /// The first uncovered item of least length over weight among the
    /// preferred items, or among all primary items when no preferred one
    /// is uncovered; `None` when every primary item is covered.
    fn choose_weighted(&self) -> Option<(u32, u32)> {
        let better = |i: u32, length: u32, best: Option<(u32, u32)>| match best {
            None => true,
            // length / w < l / v, in integers.
            Some((b, l)) => u64::from(length) * u64::from(self.weights.of(b as usize)) < u64::from(l) * u64::from(self.weights.of(i as usize)),
        };
        let mut best = None;
        for &i in self.preferred.iter() {
            if !self.is_covered(i) && better(i, self.length(i), best) {
                best = Some((i, self.length(i)));
            }
        }
        if best.is_none() {
            for i in 1..=self.primary as u32 {
                if !self.is_covered(i) && better(i, self.length(i), best) {
                    best = Some((i, self.length(i)));
                }
            }
        }
        best
    }

    /// The first uncovered preferred item of fewest rows, and its length;
    /// `None` when every preferred item is covered.
    #[inline(never)]
    fn choose_preferred(&self) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        for &i in self.preferred.iter() {
            if self.is_covered(i) {
                continue;
            }
            let length = self.length(i);
            if best.is_none_or(|(_, l)| length < l) {
                best = Some((i, length));
            }
        }
        best
    }

    /// Whether item `i` is preferred.
    fn is_preferred(&self, i: u32) -> bool {
        self.preferred.binary_search(&i).is_ok()
    }

    /// Makes these keys equal to `other`, keys of the same matrix.
    pub fn copy_from(&mut self, other: &Keys<K>) {
        self.len.copy_from_slice(&other.len);
        self.live = other.live;
    }

    /// The keys the small engine's walk reads: entry 0, the primary
    /// items' and the rest of the scan's last group (its saved states keep
    /// these). Secondary items' keys are updated as rows go, but that walk
    /// never reads them.
    #[inline(always)]
    pub fn scanned(&self) -> &[K] {
        // SAFETY: `groups` lanes from 1 lie within `len` (see `choose_on`).
        unsafe { self.len.get_unchecked(..1 + self.groups * K::LANES) }
    }

    /// [`Keys::scanned`], to write.
    #[inline(always)]
    pub fn scanned_mut(&mut self) -> &mut [K] {
        // SAFETY: as in `scanned`.
        unsafe { self.len.get_unchecked_mut(..1 + self.groups * K::LANES) }
    }

    /// Stops tracking the uncovered primary items in a word (for tests of
    /// the vector scans).
    #[cfg(test)]
    pub fn untrack_live(&mut self) {
        (self.live, self.tracked) = (0, false);
    }

    /// Whether the keys track the uncovered primary items in a word.
    #[inline(always)]
    pub fn tracks_live(&self) -> bool {
        self.tracked
    }

    /// The word of uncovered items, to keep while covering and uncovering
    /// outside the walk: none when the keys do not track it.
    pub fn live(&self) -> Option<Live> {
        self.tracked.then_some(Live { bits: self.live })
    }

    /// Stores the word kept in `live`.
    pub fn set_live(&mut self, live: Option<Live>) {
        if let Some(live) = live {
            self.live = live.bits;
        }
    }

    /// The primary item to branch on, as [`Keys::choose_on`], among the
    /// uncovered items of `live` (which [`Keys::track_live`] set up): the
    /// smallest of their keys, by scalar loads; 0 when `live` is 0.
    #[inline(always)]
    pub fn choose_live(&self, live: u64) -> u32 {
        if live == 0 {
            return 0;
        }
        // Bit `i - 1` for item `i`.
        let live = live.rotate_right(1);
        let key = |rest: u64| {
            let i = rest.trailing_zeros() as usize + 1;
            debug_assert!(i < self.len.len());
            // SAFETY: `i` is an item, and `len` has n + 1 + SLACK entries.
            unsafe { *self.len.get_unchecked(i) }
        };
        let (mut rest, mut low) = (live & (live - 1), key(live));
        while rest != 0 {
            low = low.min(key(rest));
            rest &= rest - 1;
        }
        let item = low.get() & (LIVE_UNIT - 1);
        // The keys of uncovered items hold their numbers, from 1.
        debug_assert!(item != 0);
        // SAFETY: as just said (so the walk need not test the item).
        unsafe { std::hint::assert_unchecked(item != 0) };
        // A steered choice never comes here: the walks keep the word only
        // when the choice is not steered (`Keys::is_steered`).
        debug_assert!(!self.steer);
        item
    }

    /// Whether the choice is steered (preferred items or weights): the
    /// exact-cover walk then chooses by the scan, not by the word of
    /// uncovered items, so that the word's choice stays DLX1's alone.
    #[inline]
    pub fn is_steered(&self) -> bool {
        self.steer
    }

    /// The number of items.
    pub fn items(&self) -> usize {
        self.len.len() - 1 - SLACK
    }

    // The hot loops index the keys only with item numbers read from the
    // engines' own arrays, which their constructors make all lie in
    // `1..=items`. So the bounds checks can go; debug builds still check.

    #[inline(always)]
    fn key_mut(&mut self, i: u32) -> &mut K {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: items are <= n and `len` has n + 1 + SLACK entries.
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    /// Item `i` lost a row.
    #[inline(always)]
    pub fn remove(&mut self, i: u32) {
        let unit = self.unit;
        let key = self.key_mut(i);
        *key = key.wrapping_sub(unit);
    }

    /// Item `i` got a row back.
    #[inline(always)]
    pub fn restore(&mut self, i: u32) {
        let unit = self.unit;
        let key = self.key_mut(i);
        *key = key.wrapping_add(unit);
    }

    /// Sets every item's count of rows to 0, keeping whether it is
    /// covered (and its number), for the rows to be put back on afresh.
    pub fn clear_lengths(&mut self) {
        let keep = K::COVERED | self.unit.wrapping_sub(K::of(1));
        let n = self.items();
        for key in &mut self.len[1..=n] {
            *key = *key & keep;
        }
    }

    /// Marks item `i` covered (one store of the whole key: see
    /// [`store_whole`]).
    #[inline(always)]
    pub fn cover(&mut self, i: u32) {
        let key = self.key_mut(i);
        store_whole(key, *key | K::COVERED);
    }

    /// Marks item `i` uncovered.
    #[inline(always)]
    pub fn uncover(&mut self, i: u32) {
        let key = self.key_mut(i);
        store_whole(key, *key & !K::COVERED);
    }

    /// Whether item `i` has no rows left (covered or not).
    #[inline(always)]
    pub fn is_empty(&self, i: u32) -> bool {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: as in `key_mut`.
        unsafe { *self.len.get_unchecked(i as usize) & !K::COVERED < self.unit }
    }

    /// Whether item `i` is covered.
    #[inline(always)]
    pub fn is_covered(&self, i: u32) -> bool {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: as in `key_mut`.
        unsafe { *self.len.get_unchecked(i as usize) & K::COVERED != K::default() }
    }

    /// The length of item `i`'s list, when `i` is not covered, or when it
    /// was covered (`links`), or 0 (`small`, which takes a covered item's
    /// rows out).
    #[inline]
    pub fn length(&self, i: u32) -> u32 {
        (self.len[i as usize] & !K::COVERED).get() >> self.shift
    }

    /// Whether every primary item is covered.
    #[cfg(test)]
    pub fn all_covered(&self) -> bool {
        self.choose() == 0
    }

    /// [`Keys::choose_on`] for tests, on whichever keys (among the
    /// uncovered items of the word kept here when it tracks them): the
    /// walks choose themselves, with the scan compiled into them.
    #[cfg(test)]
    pub fn choose(&self) -> u32 {
        if self.tracks_live() {
            return self.choose_live(self.live);
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2.
            return unsafe { self.choose_on::<true>() };
        }
        // SAFETY: `false` asks for nothing of the CPU.
        unsafe { self.choose_on::<false>() }
    }

    /// The primary item to branch on, as DLX1 chooses it: the first one, in
    /// increasing order, of smallest length; 0 when every primary item is
    /// covered (or there is none). With the AVX2 scan when `AVX2`: a
    /// search compiled for AVX2 asks for it at compile time, so that only
    /// one scan is in its loop.
    ///
    /// # Safety
    /// With `AVX2`, the CPU must have AVX2.
    #[inline(always)]
    pub unsafe fn choose_on<const AVX2: bool>(&self) -> u32 {
        // DLX1's loop holds one scan: the other cases are a call away
        // (1.6% fewer instructions on 12 queens than with them inline).
        if !self.plain {
            // SAFETY: as the caller promises.
            return unsafe { self.choose_unplain::<AVX2>() }.0;
        }
        // SAFETY: as the caller promises.
        unsafe { self.scan::<AVX2>() }.0
    }

    /// [`Keys::choose_on`], with the chosen item's length (which the
    /// scan's minimum holds: no second load); `(0, 0)` when every primary
    /// item is covered.
    ///
    /// # Safety
    /// With `AVX2`, the CPU must have AVX2.
    #[inline(always)]
    pub unsafe fn choose_with_length_on<const AVX2: bool>(&self) -> (u32, u32) {
        // The small engine's loop runs fewer instructions with the other
        // cases inline (0.4% on sudoku) than a call away.
        if self.plain {
            // SAFETY: as the caller promises.
            return unsafe { self.scan::<AVX2>() };
        }
        // SAFETY: as the caller promises.
        unsafe { self.unplain::<AVX2>() }
    }

    /// [`Keys::unplain`] out of line (see [`Keys::choose_on`]).
    ///
    /// # Safety
    /// With `AVX2`, the CPU must have AVX2.
    #[cold]
    #[inline(never)]
    unsafe fn choose_unplain<const AVX2: bool>(&self) -> (u32, u32) {
        // SAFETY: as the caller promises.
        unsafe { self.unplain::<AVX2>() }
    }

    /// The choice when the keys hold no item numbers (`shift == 0`: a
    /// second pass finds the first item of least length) or it is steered.
    ///
    /// # Safety
    /// With `AVX2`, the CPU must have AVX2.
    #[inline(always)]
    unsafe fn unplain<const AVX2: bool>(&self) -> (u32, u32) {
        if self.shift == 0 {
            if self.primary == 0 {
                return (0, 0);
            }
            let at = first_least(&self.len[1..=self.primary]) + 1;
            return if self.len[at] < K::COVERED { self.prefer((at as u32, self.len[at].get())) } else { (0, 0) };
        }
        // SAFETY: as the caller promises.
        self.prefer(unsafe { self.scan::<AVX2>() })
    }

    /// The first item of least length and its length by the minimum of
    /// the keys, which hold item numbers (`shift > 0`).
    ///
    /// # Safety
    /// With `AVX2`, the CPU must have AVX2.
    #[inline(always)]
    unsafe fn scan<const AVX2: bool>(&self) -> (u32, u32) {
        debug_assert!(self.shift > 0);
        #[cfg(target_arch = "x86_64")]
        let key = if AVX2 {
            // SAFETY: the caller's word for AVX2; `len` has `SLACK`
            // entries after the last item, so the groups, from 1, fit (with
            // no primary item, one group of all ones by `tail`).
            unsafe { least_avx2(self.len.get_unchecked(1..1 + self.groups * K::LANES), &self.tail) }
        } else {
            least(&self.len[1..=self.primary])
        };
        #[cfg(not(target_arch = "x86_64"))]
        let key = least(&self.len[1..=self.primary]);
        // A minimum at or above `COVERED` is `COVERED` itself (the scans
        // start from it, or have a lane standing for it): item bits 0, and
        // length bits 0.
        debug_assert!(key <= K::COVERED);
        ((key & self.unit.wrapping_sub(K::of(1))).get(), (key & !K::COVERED).get() >> self.shift)
    }

    /// A primary item of smallest length, picked uniformly at random among
    /// all such items; 0 when every primary item is covered. `first` is
    /// any item of smallest length (the walks' own choice, or 0): the draw
    /// depends only on its length. The walks draw only once they know the
    /// level branches (see `walk::enter`).
    pub fn choose_random_from(&self, first: u32, rng: &mut fastrand::Rng) -> u32 {
        if first == 0 {
            return 0;
        }
        // A covered item's length (with the top bit) is longer than any.
        let least = self.length(first);
        // With weights, the choice stands (its ties are of length over
        // weight); a preferred choice ties only with preferred items.
        if least > 1 && self.weights.is_on() {
            return first;
        }
        let among_preferred = least > 1 && self.is_preferred(first);
        let tied = |&(i, &key): &(usize, &K)| {
            key < K::COVERED && key.get() >> self.shift == least && (!among_preferred || self.is_preferred(i as u32 + 1))
        };
        let ties = self.len[1..=self.primary].iter().enumerate().filter(tied).count();
        let pick = rng.usize(..ties);
        let at = self.len[1..=self.primary].iter().enumerate().filter(tied).nth(pick).map_or(0, |(i, _)| i);
        at as u32 + 1
    }

    /// The keys of items `1..=items`, for tests comparing states.
    #[cfg(test)]
    pub fn all(&self) -> &[K] {
        &self.len[1..=self.items()]
    }

}
