//! A word of uncovered items beside the keys, which the DLX1 walk keeps
//! in a register on matrices of at most 64 items, all primary ([`Live`]);
//! [`Mask`] lets one walk be compiled with it and without.

use super::{Keys, COVERED};

/// Where the walks keep the word of uncovered primary items while they
/// cover and uncover: [`Live`], or nowhere ([`NoLive`]) when the keys do
/// not track it.
pub(crate) trait Mask {
    /// Whether the word is kept (the walk then chooses from it).
    const LIVE: bool;
    /// What one row adds to a key, `keys.unit`: known to the compiler when
    /// the word is kept ([`LIVE_UNIT`]), so the walk needs no register
    /// for it.
    fn unit(keys: &Keys) -> u32;
    /// The word `keys` keep (or nothing).
    fn load(keys: &Keys) -> Self;
    /// Gives the word back to `keys`.
    fn store(self, keys: &mut Keys);
    /// The word (0 without one).
    fn bits(&self) -> u64;
    /// Primary item `i` was covered.
    fn take(&mut self, i: u32);
    /// Primary item `i` was uncovered.
    fn put(&mut self, i: u32);
}

/// The word of uncovered items, every item primary: bit `i % 64` for item
/// `i` (item 64 at bit 0), so that taking or putting an item is one bit
/// instruction with the item number as its operand (x86's `btr`/`bts`
/// take the bit's number modulo 64) rather than two; the choice, once a
/// node, rotates the word by one to read it in item order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Live {
    pub bits: u64,
}

impl Mask for Live {
    const LIVE: bool = true;
    #[inline(always)]
    fn unit(keys: &Keys) -> u32 {
        debug_assert_eq!(keys.unit, LIVE_UNIT);
        LIVE_UNIT
    }
    #[inline(always)]
    fn load(keys: &Keys) -> Live {
        debug_assert!(keys.tracked);
        Live { bits: keys.live }
    }
    #[inline(always)]
    fn store(self, keys: &mut Keys) {
        keys.live = self.bits;
    }
    #[inline(always)]
    fn bits(&self) -> u64 {
        self.bits
    }
    #[inline(always)]
    fn take(&mut self, i: u32) {
        debug_assert!((1..=64).contains(&i));
        self.bits &= !(1 << (i & 63));
    }
    #[inline(always)]
    fn put(&mut self, i: u32) {
        debug_assert!((1..=64).contains(&i));
        self.bits |= 1 << (i & 63);
    }
}

/// The word, when the keys track it (the covers and uncovers outside the
/// walks).
impl Mask for Option<Live> {
    const LIVE: bool = false;
    #[inline(always)]
    fn unit(keys: &Keys) -> u32 {
        keys.unit
    }
    fn load(keys: &Keys) -> Option<Live> {
        keys.live()
    }
    fn store(self, keys: &mut Keys) {
        keys.set_live(self);
    }
    fn bits(&self) -> u64 {
        self.map_or(0, |live| live.bits)
    }
    #[inline]
    fn take(&mut self, i: u32) {
        if let Some(live) = self {
            live.take(i);
        }
    }
    #[inline]
    fn put(&mut self, i: u32) {
        if let Some(live) = self {
            live.put(i);
        }
    }
}

/// The bits of item numbers in the keys while they track the word of
/// uncovered items: enough for 64 items.
pub(super) const LIVE_SHIFT: u32 = 7;

/// What one row adds to a key while the keys track the word.
pub(super) const LIVE_UNIT: u32 = 1 << LIVE_SHIFT;

/// No word of uncovered items: the keys do not track one.
pub(crate) struct NoLive;

impl Mask for NoLive {
    const LIVE: bool = false;
    #[inline(always)]
    fn unit(keys: &Keys) -> u32 {
        keys.unit
    }
    #[inline(always)]
    fn load(_: &Keys) -> NoLive {
        NoLive
    }
    #[inline(always)]
    fn store(self, _: &mut Keys) {}
    #[inline(always)]
    fn bits(&self) -> u64 {
        0
    }
    #[inline(always)]
    fn take(&mut self, _: u32) {}
    #[inline(always)]
    fn put(&mut self, _: u32) {}
}

/// What only the 32-bit keys of the DLX1 engine do: track a word of
/// uncovered items ([`Live`]), with the updates of a walk keeping it.
impl Keys<u32> {
    /// Tracks the uncovered items in a word as well, and chooses among
    /// them by scalar loads of their keys, when every item is primary,
    /// there are at most 64 and the keys hold item numbers; all items
    /// uncovered. Whether it did.
    pub fn track_live(&mut self) -> bool {
        if self.primary == 0 || self.primary > 64 || self.primary != self.items() {
            return false;
        }
        // The item numbers take LIVE_SHIFT bits, a constant the walks
        // know: when the longest list so shifted stays below 2^30.
        let n = self.items();
        let longest = self.len[1..=n].iter().map(|&key| (key & !COVERED) >> self.shift).max().unwrap_or(0);
        if u64::from(longest) << LIVE_SHIFT >= 1 << 30 {
            return false;
        }
        for (i, key) in self.len.iter_mut().enumerate().take(n + 1).skip(1) {
            *key = (*key & COVERED) | ((*key & !COVERED) >> self.shift) << LIVE_SHIFT | i as u32;
        }
        (self.shift, self.unit) = (LIVE_SHIFT, LIVE_UNIT);
        self.settle();
        self.tracked = true;
        self.live = (u64::MAX >> (64 - self.primary)).rotate_left(1);
        true
    }

    /// Item `i` lost a row, in a walk keeping the word as `M` does.
    #[inline(always)]
    pub fn remove_in<M: Mask>(&mut self, i: u32) {
        let unit = M::unit(self);
        *self.key_mut(i) -= unit;
    }

    /// Item `i` got a row back, in a walk keeping the word as `M` does.
    #[inline(always)]
    pub fn restore_in<M: Mask>(&mut self, i: u32) {
        let unit = M::unit(self);
        *self.key_mut(i) += unit;
    }

    /// The same keys without item numbers in them: the fallback `choose_on`
    /// takes for very long lists, for tests on small matrices.
    #[cfg(test)]
    pub fn without_numbers(&mut self) {
        let n = self.items();
        for key in &mut self.len[1..=n] {
            *key = (*key & COVERED) | (*key & !COVERED) >> self.shift;
        }
        (self.shift, self.unit) = (0, 1);
        self.settle();
        self.untrack_live();
    }
}
