//! The cache of the memoized count: the count of solutions below each
//! state met, keyed by the state's words and compared word for word, so a
//! hash collision costs a comparison, never a wrong count.
//!
//! Keys live one after another in one vector and counts in another (a
//! `u128` each; the rare count beyond takes a side list), and the table
//! holds only entry numbers. The memory it may take is bounded: when the
//! next growth would pass the limit, or an allocation fails, the cache
//! stops taking entries (counts stay exact; states met again are counted
//! again) and says so in its statistics.

use hashbrown::HashTable;
use num_bigint::BigUint;

use super::count::Count;
use crate::sync::Lock;

/// What the cache did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// States stored with their count.
    pub entries: u64,
    /// Lookups that found their state.
    pub hits: u64,
    /// Lookups that did not.
    pub misses: u64,
    /// States not stored because the memory limit was reached (or memory
    /// ran out).
    pub dropped: u64,
    /// The memory the cache holds, in bytes.
    pub bytes: u64,
}

/// A hash of a state's words.
pub(crate) type Hasher = fn(&[u64]) -> u64;

/// The hash the cache uses: each word mixed in by a multiply and a
/// shift, then a final mix so the high bits (which the table reads) depend
/// on every word.
pub(crate) fn mix(key: &[u64]) -> u64 {
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    h = (h ^ (h >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 32)
}

/// The part of a key's hash the table keeps with its entry: the low 32
/// bits (the shards of a [`Shared`] cache are picked by higher ones).
fn kept(h: u64) -> u32 {
    h as u32
}

/// The hash the table places an entry by, mixed from the part it keeps
/// (the table reads both ends of it): so that the table, when it grows,
/// moves its entries without reading their keys, which would cost a cache
/// miss each (half a second for 8 million entries, a pause the count's
/// progress reports would show).
fn placed(kept: u32) -> u64 {
    let x = (kept as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ (x >> 32)
}

/// A stored count that does not fit its slot: it is in the side list.
const BIG: u128 = u128::MAX;
/// A state some thread of a shared cache is counting now (its count is
/// not known yet).
const PENDING: u128 = u128::MAX - 1;

/// What the cache knows of a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// Its count.
    Found(Count),
    /// Another thread is counting it.
    Busy,
    /// Nothing.
    Missing,
}

#[derive(Debug)]
pub(crate) struct Cache {
    words: usize,
    /// Entry numbers, each with the part of its key's hash the table keeps
    /// ([`kept`]), found by the hash of their key.
    table: HashTable<(u32, u32)>,
    /// Entry `e`'s key is `keys[e * words..(e + 1) * words]`.
    keys: Vec<u64>,
    /// Entry `e`'s count, [`BIG`] or [`PENDING`].
    values: Vec<u128>,
    /// `(entry, count)` for the counts of [`BIG`] entries, by entry.
    bigs: Vec<(u32, BigUint)>,
    /// The heap bytes of the counts in `bigs`.
    big_bytes: u64,
    limit: u64,
    /// Entries the cache makes room for at least, when it grows.
    step: usize,
    full: bool,
    hash: Hasher,
    hits: u64,
    misses: u64,
    dropped: u64,
}

impl Cache {
    /// An empty cache for keys of `words` words that may hold `limit`
    /// bytes, hashing keys with `hash`.
    pub fn new(words: usize, limit: u64, hash: Hasher) -> Cache {
        Cache { words, table: HashTable::new(), keys: Vec::new(), values: Vec::new(), bigs: Vec::new(), big_bytes: 0, limit, step: 1024, full: false, hash, hits: 0, misses: 0, dropped: 0 }
    }

    pub fn stats(&self) -> CacheStats {
        CacheStats { entries: self.values.len() as u64, hits: self.hits, misses: self.misses, dropped: self.dropped, bytes: self.bytes() }
    }

    fn bytes(&self) -> u64 {
        (self.keys.capacity() * 8 + self.values.capacity() * 16 + self.table.allocation_size() + self.bigs.capacity() * 32) as u64 + self.big_bytes
    }

    fn key(&self, e: u32) -> &[u64] {
        &self.keys[e as usize * self.words..(e as usize + 1) * self.words]
    }

    /// The entry of `key` (whose hash is `h`), if it has one.
    fn find(&self, h: u64, key: &[u64]) -> Option<u32> {
        let k = kept(h);
        self.table.find(placed(k), |&(e, ek)| ek == k && self.key(e) == key).map(|&(e, _)| e)
    }

    /// What the cache knows of `key` (whose hash is `h`).
    fn lookup_hashed(&mut self, h: u64, key: &[u64]) -> Lookup {
        let found = self.find(h, key).map(|e| (e, self.values[e as usize]));
        match found {
            Some((_, PENDING)) => {
                self.misses += 1;
                Lookup::Busy
            }
            Some((e, v)) => {
                self.hits += 1;
                Lookup::Found(if v != BIG {
                    Count::from(v)
                } else {
                    // Every BIG entry has its count in the side list
                    // (`encode`): a miss here is a bug, never a count.
                    let i = self.bigs.binary_search_by_key(&e, |b| b.0).expect("a BIG entry's count in the side list");
                    Count::from_big(self.bigs[i].1.clone())
                })
            }
            None => {
                self.misses += 1;
                Lookup::Missing
            }
        }
    }

    /// The slot value of `count` for entry `e`: the count, or [`BIG`] with
    /// the count put in the side list; `None` when it has no room there.
    fn encode(&mut self, e: u32, count: &Count) -> Option<u128> {
        if let Some(v) = count.to_u128().filter(|&v| v < PENDING) {
            return Some(v);
        }
        let big = count.to_biguint();
        let size = big.bits().div_ceil(64) * 8;
        let more = if self.bigs.len() == self.bigs.capacity() { self.bigs.capacity().max(4) } else { 0 };
        if self.bytes() + size + 32 * more as u64 > self.limit || self.bigs.try_reserve_exact(more).is_err() {
            return None;
        }
        self.big_bytes += size;
        let at = self.bigs.partition_point(|b| b.0 < e);
        self.bigs.insert(at, (e, big));
        Some(BIG)
    }

    /// A new entry for `key` (whose hash is `h`; it has none) holding
    /// `count`, or [`PENDING`] for `None`, if there is room.
    fn add(&mut self, h: u64, key: &[u64], count: Option<&Count>) {
        let n = self.values.len();
        if self.full || (n == self.values.capacity() && !self.grow()) || n >= u32::MAX as usize {
            self.dropped += 1;
            return;
        }
        let e = n as u32;
        let value = match count {
            None => PENDING,
            Some(count) => match self.encode(e, count) {
                Some(v) => v,
                None => {
                    self.dropped += 1;
                    return;
                }
            },
        };
        self.keys.extend_from_slice(key);
        self.values.push(value);
        self.table.insert_unique(placed(kept(h)), (e, kept(h)), |&(_, k)| placed(k));
    }

    /// Stores `count` for `key` (whose hash is `h`), if there is room: in
    /// its entry if it is [`PENDING`], else in a new one.
    fn store(&mut self, h: u64, key: &[u64], count: &Count) {
        match self.find(h, key) {
            Some(e) if self.values[e as usize] == PENDING => match self.encode(e, count) {
                Some(v) => self.values[e as usize] = v,
                None => self.dropped += 1,
            },
            // Another thread stored it meanwhile.
            Some(_) => {}
            None => self.add(h, key, Some(count)),
        }
    }

    /// Marks `key` (whose hash is `h`) as being counted, if it has no
    /// entry and there is room.
    fn claim_hashed(&mut self, h: u64, key: &[u64]) {
        if self.find(h, key).is_none() {
            self.add(h, key, None);
        }
    }

    /// The bytes the cache would hold with room for `entries` entries.
    fn bytes_for(&self, entries: usize) -> u64 {
        let buckets = (entries.saturating_mul(8) / 7 + 1).next_power_of_two() as u64;
        entries as u64 * (self.words as u64 * 8 + 16) + buckets * 9 + 64
    }

    /// Makes room for more entries within the limit; `false` (and the
    /// cache full from now on) when there is none.
    fn grow(&mut self) -> bool {
        let n = self.values.len();
        let mut target = n + n.max(self.step);
        let fixed = self.big_bytes + self.bigs.capacity() as u64 * 32;
        while target > n && self.bytes_for(target) + fixed > self.limit {
            target = n + (target - n) / 2;
        }
        let more = target - n;
        let words = self.words;
        let ok = more > 0
            && self.keys.try_reserve_exact(more * words).is_ok()
            && self.values.try_reserve_exact(more).is_ok()
            && {
                self.table.try_reserve(more, |&(_, k)| placed(k)).is_ok()
            };
        if !ok {
            self.full = true;
        }
        ok
    }
}

/// Where a count keeps and finds the counts of states: a [`Cache`] of its
/// own, or the [`Shared`] cache of the threads of one count.
pub(crate) trait Store {
    /// What the cache knows of `key`.
    fn lookup(&mut self, key: &[u64]) -> Lookup;
    /// The count stored for `key`, if any.
    fn get(&mut self, key: &[u64]) -> Option<Count> {
        match self.lookup(key) {
            Lookup::Found(count) => Some(count),
            Lookup::Busy | Lookup::Missing => None,
        }
    }
    /// Says that this thread counts `key` now (only a shared cache keeps
    /// that: the other threads leave the state for later).
    fn claim(&mut self, _key: &[u64]) {}
    /// Stores `count` for `key`, if there is room and it is not stored.
    fn insert(&mut self, key: &[u64], count: &Count);
}

impl Store for Cache {
    fn lookup(&mut self, key: &[u64]) -> Lookup {
        self.lookup_hashed((self.hash)(key), key)
    }

    fn insert(&mut self, key: &[u64], count: &Count) {
        self.store((self.hash)(key), key, count)
    }
}

/// The shards of a [`Shared`] cache: enough that two of a few threads
/// seldom want the same one at once.
const SHARDS: usize = 64;

/// One cache for the threads of a count: [`SHARDS`] caches, each behind
/// its own lock and holding the keys whose hash picks it (bits the table
/// inside does not read), each with an even share of the memory limit.
pub(crate) struct Shared {
    shards: Vec<Lock<Cache>>,
    hash: Hasher,
}

impl Shared {
    /// An empty shared cache for keys of `words` words that may hold
    /// `limit` bytes in all, hashing keys with `hash`.
    pub fn new(words: usize, limit: u64, hash: Hasher) -> Result<Shared, crate::error::Error> {
        let mut shards = Vec::new();
        shards.try_reserve_exact(SHARDS)?;
        shards.extend((0..SHARDS).map(|_| Lock::new(Cache { step: 64, ..Cache::new(words, limit / SHARDS as u64, hash) })));
        Ok(Shared { shards, hash })
    }

    fn shard(&self, h: u64) -> &Lock<Cache> {
        &self.shards[(h >> 40) as usize % SHARDS]
    }

    /// The statistics of all shards together.
    pub fn stats(&self) -> CacheStats {
        let mut sum = CacheStats::default();
        for shard in &self.shards {
            let s = shard.lock().stats();
            sum.entries += s.entries;
            sum.hits += s.hits;
            sum.misses += s.misses;
            sum.dropped += s.dropped;
            sum.bytes += s.bytes;
        }
        sum
    }
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared").field("shards", &self.shards.len()).finish()
    }
}

impl Store for &Shared {
    fn lookup(&mut self, key: &[u64]) -> Lookup {
        let h = (self.hash)(key);
        self.shard(h).lock().lookup_hashed(h, key)
    }

    fn claim(&mut self, key: &[u64]) {
        let h = (self.hash)(key);
        self.shard(h).lock().claim_hashed(h, key)
    }

    fn insert(&mut self, key: &[u64], count: &Count) {
        let h = (self.hash)(key);
        self.shard(h).lock().store(h, key, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colliding_keys_keep_their_own_counts() {
        let mut c = Cache::new(2, 1 << 20, |_| 42);
        for i in 0..100u64 {
            c.insert(&[i, i * 7], &Count::from(i * 3));
        }
        for i in 0..100u64 {
            assert_eq!(c.get(&[i, i * 7]), Some(Count::from(i * 3)));
            assert_eq!(c.get(&[i, i * 7 + 1]), None);
        }
    }

    #[test]
    fn a_full_cache_drops_entries_and_stays_within_its_limit() {
        let limit = 100_000;
        let mut c = Cache::new(4, limit, mix);
        let mut big = Count::from(u128::MAX);
        big.add(&Count::ONE);
        for i in 0..10_000u64 {
            c.insert(&[i, 0, 0, 1], if i % 2 == 0 { &big } else { &Count::ONE });
        }
        let s = c.stats();
        assert!(s.bytes <= limit, "{s:?}");
        assert!(s.dropped > 0 && s.entries + s.dropped == 10_000, "{s:?}");
        let mut stored = 0;
        for i in 0..10_000u64 {
            if let Some(v) = c.get(&[i, 0, 0, 1]) {
                assert_eq!(v, if i % 2 == 0 { big.clone() } else { Count::ONE });
                stored += 1;
            }
        }
        assert_eq!(stored, s.entries);
    }
}
