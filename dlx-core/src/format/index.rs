//! The item names' index of the parser: from a name to its column.
//!
//! A file may name millions of items, and every entry of every option is
//! looked up here, so the table is laid out for that one job: an open
//! addressing table of 8-byte slots, each holding a column and 32 bits of
//! its name's hash (a *tag*), probed linearly. A lookup reads one slot (one
//! cache line, nearly always) and compares the name only when the tag
//! matches. Its size is fixed when it is made (1.5 slots an item), so it
//! never grows. The parser asks for a slot well before it reads it
//! ([`NameIndex::prefetch`]), so the memory latency of many lookups
//! overlaps; that, which a general table (`hashbrown`, used elsewhere)
//! does not offer, is why this one exists.
//!
//! The hash is foldhash's, seeded per process, so a file cannot be built to
//! make every name collide.

use std::hash::BuildHasher;

use crate::error::Error;
use crate::matrix::Names;

/// The index: `slots[i]` is 0 (free) or `tag << 32 | (column + 1)`.
pub(super) struct NameIndex {
    slots: Vec<u64>,
    hasher: foldhash::fast::RandomState,
}

impl NameIndex {
    /// An index with room for `items` names.
    pub fn with_room(items: usize) -> Result<NameIndex, Error> {
        let len = items.checked_add(items / 2 + 1).ok_or(Error::TooLarge)?;
        Ok(NameIndex { slots: crate::alloc::filled(len)?, hasher: foldhash::fast::RandomState::default() })
    }

    /// The hash of `name`.
    #[inline]
    pub fn hash(&self, name: &str) -> u64 {
        self.hasher.hash_one(name)
    }

    /// The first slot to probe for hash `h`: its high bits scaled to the
    /// table's length (the tag is its low bits).
    #[inline]
    fn home(&self, h: u64) -> usize {
        ((h as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring in the slot where a lookup of hash `h`
    /// starts, so that a lookup a little later finds it in cache.
    #[inline]
    pub fn prefetch(&self, h: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots.as_ptr().wrapping_add(self.home(h));
            // SAFETY: a prefetch is only a hint: it reads nothing the
            // program sees and never faults; `home` is within the table.
            unsafe { std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = h;
    }

    /// The column of `name` (whose hash is `h`) among `names`.
    #[inline]
    pub fn find(&self, names: &Names, h: u64, name: &str) -> Option<u32> {
        let tag = h & 0xffff_ffff;
        let mut i = self.home(h);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == tag {
                let column = (slot as u32).wrapping_sub(1);
                if names.get(column as usize) == Some(name) {
                    return Some(column);
                }
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
        }
    }

    /// Records that name `column` of `names`, whose hash is `h`, is that
    /// column; `false` (and nothing recorded) when an earlier column has
    /// the same name. The index must have room (see [`NameIndex::with_room`]).
    pub fn insert(&mut self, names: &Names, h: u64, column: u32) -> bool {
        let name = names.get(column as usize).unwrap_or("");
        let tag = h & 0xffff_ffff;
        let mut i = self.home(h);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                self.slots[i] = tag << 32 | (u64::from(column) + 1);
                return true;
            }
            if slot >> 32 == tag && names.get((slot as u32).wrapping_sub(1) as usize) == Some(name) {
                return false;
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_name_and_no_other() {
        let mut names = Names::default();
        let count = 5000;
        for k in 0..count {
            names.push(&format!("n{k}")).unwrap();
        }
        let mut index = NameIndex::with_room(count).unwrap();
        for k in 0..count as u32 {
            let name = names.get(k as usize).unwrap();
            assert!(index.insert(&names, index.hash(name), k));
        }
        for k in 0..count as u32 {
            let name = format!("n{k}");
            assert_eq!(index.find(&names, index.hash(&name), &name), Some(k));
            let other = format!("m{k}");
            assert_eq!(index.find(&names, index.hash(&other), &other), None);
        }
        // A name already there is refused.
        let mut again = names.clone();
        again.push("n17").unwrap();
        assert!(!index.insert(&again, index.hash("n17"), count as u32));
    }

    #[test]
    fn a_full_table_of_colliding_tags_still_terminates() {
        // One item: two slots, one used; lookups of absent names stop at
        // the free one whatever their hash.
        let mut names = Names::default();
        names.push("a").unwrap();
        let mut index = NameIndex::with_room(1).unwrap();
        assert!(index.insert(&names, index.hash("a"), 0));
        for h in [0, 1, u64::MAX, 1 << 63] {
            assert_eq!(index.find(&names, h, "b"), None);
        }
    }
}
