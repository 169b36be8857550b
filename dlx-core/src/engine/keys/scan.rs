//! The scans for the least key: a loop any processor runs, and AVX2's
//! lanes (eight 32-bit keys or sixteen 16-bit ones at a time), with the
//! processor's features asked once.

use super::{Key, COVERED, SLACK};

/// The AVX2 operations [`least_avx2`] needs, for the lanes of one width
/// (nothing off x86-64).
#[cfg(not(target_arch = "x86_64"))]
pub(crate) trait Lanes {}
#[cfg(not(target_arch = "x86_64"))]
impl Lanes for u32 {}
#[cfg(not(target_arch = "x86_64"))]
impl Lanes for u16 {}

/// The AVX2 operations [`least_avx2`] needs, for the lanes of one width.
#[cfg(target_arch = "x86_64")]
pub(crate) trait Lanes {
    /// Each lane's smaller value.
    unsafe fn lanes_min(a: std::arch::x86_64::__m256i, b: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i;
    /// Every lane [`Key::COVERED`].
    unsafe fn covered() -> std::arch::x86_64::__m256i;
    /// The smallest lane.
    unsafe fn reduce(v: std::arch::x86_64::__m256i) -> u32;
}

#[cfg(target_arch = "x86_64")]
impl Lanes for u32 {
    #[inline(always)]
    unsafe fn lanes_min(a: std::arch::x86_64::__m256i, b: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i {
        // SAFETY: the caller runs with AVX2 (`least_avx2`).
        unsafe { std::arch::x86_64::_mm256_min_epu32(a, b) }
    }
    #[inline(always)]
    unsafe fn covered() -> std::arch::x86_64::__m256i {
        // SAFETY: as above.
        unsafe { std::arch::x86_64::_mm256_set1_epi32(COVERED as i32) }
    }
    #[inline(always)]
    unsafe fn reduce(v: std::arch::x86_64::__m256i) -> u32 {
        use std::arch::x86_64::*;
        // SAFETY: as above.
        unsafe {
            let half = _mm_min_epu32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            let half = _mm_min_epu32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
            let half = _mm_min_epu32(half, _mm_shuffle_epi32::<0b10_11_00_01>(half));
            _mm_cvtsi128_si32(half) as u32
        }
    }
}

#[cfg(target_arch = "x86_64")]
impl Lanes for u16 {
    #[inline(always)]
    unsafe fn lanes_min(a: std::arch::x86_64::__m256i, b: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i {
        // SAFETY: as for `u32`.
        unsafe { std::arch::x86_64::_mm256_min_epu16(a, b) }
    }
    #[inline(always)]
    unsafe fn covered() -> std::arch::x86_64::__m256i {
        // SAFETY: as for `u32`.
        unsafe { std::arch::x86_64::_mm256_set1_epi16(<u16 as Key>::COVERED as i16) }
    }
    #[inline(always)]
    unsafe fn reduce(v: std::arch::x86_64::__m256i) -> u32 {
        use std::arch::x86_64::*;
        // SAFETY: as for `u32`; `minpos` (SSE4.1, which AVX2 implies)
        // finds the smallest of eight 16-bit lanes in its low lane.
        unsafe {
            let half = _mm_min_epu16(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            _mm_cvtsi128_si32(_mm_minpos_epu16(half)) as u32 & 0xffff
        }
    }
}

/// The position of the first smallest value in `keys` (which is not empty).
#[inline(always)]
pub(super) fn first_least<K: Key>(keys: &[K]) -> usize {
    const BLOCK: usize = 32;
    // The first block holding the smallest key, with that key; a block's
    // minimum is computed without branches, in vector lanes.
    let (mut low, mut at) = (K::ONES, 0);
    for (k, block) in keys.chunks(BLOCK).enumerate() {
        let m = block.iter().fold(K::ONES, |a, &b| a.min(b));
        if m < low {
            (low, at) = (m, k * BLOCK);
            if m == K::default() {
                break;
            }
        }
    }
    let block = &keys[at..keys.len().min(at + BLOCK)];
    at + block.iter().position(|&l| l == low).unwrap_or(0)
}

/// The smallest of `keys`, [`Key::COVERED`] for none: one reduction, in
/// vector lanes where the compiler can.
#[inline(always)]
pub(super) fn least<K: Key>(keys: &[K]) -> K {
    keys.iter().fold(K::COVERED, |a, &b| a.min(b))
}

/// The groups of keys (a register each) from which [`least_avx2`] keeps
/// four minima, and below which it scans them without a loop.
#[cfg(target_arch = "x86_64")]
const LONG: usize = 16;
#[cfg(target_arch = "x86_64")]
const SHORT: usize = 8;

/// The smallest key among `keys` (whole groups of [`Key::LANES`]), the
/// lanes of the last group where `tail` is all ones counted as
/// [`Key::COVERED`] whatever they hold (so that with one such lane, a
/// minimum at or above `COVERED` is `COVERED` itself, whose item bits are
/// 0): a running minimum in one AVX2 register (four, over [`LONG`] groups
/// or more), a group an instruction. Inlined into the searches compiled
/// for AVX2. (Written with intrinsics: the compiler turns a plain loop
/// over groups into a transposition across groups, with a dozen shuffles
/// a group.)
///
/// # Safety
/// The CPU must have AVX2; `keys.len()` is a multiple of `K::LANES`, at
/// least `K::LANES`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn least_avx2<K: Key>(keys: &[K], tail: &[K; SLACK]) -> K {
    use std::arch::x86_64::*;
    let lanes = K::LANES;
    debug_assert!(keys.len() >= lanes && keys.len() % lanes == 0);
    let at = |g: usize| unsafe { _mm256_loadu_si256(keys.as_ptr().add(g * lanes) as *const __m256i) };
    let min = |a, b| unsafe { K::lanes_min(a, b) };
    let last = keys.len() / lanes - 1;
    // SAFETY: `tail` has 32 bytes or more.
    let tail = unsafe { _mm256_loadu_si256(tail.as_ptr() as *const __m256i) };
    let mut low = _mm256_blendv_epi8(at(last), unsafe { K::covered() }, tail);
    // The other groups, in straight-line code for up to eight groups in
    // all (one jump to the right sequence, no loop to keep), in a loop
    // beyond.
    let upto = |n: usize, mut low: __m256i| {
        for g in 0..n {
            low = min(low, at(g));
        }
        low
    };
    if last < SHORT {
        low = match last & (SHORT - 1) {
            0 => low,
            1 => upto(1, low),
            2 => upto(2, low),
            3 => upto(3, low),
            4 => upto(4, low),
            5 => upto(5, low),
            6 => upto(6, low),
            7 => upto(7, low),
            _ => unreachable!(),
        };
    } else if last < LONG {
        low = upto(last, low);
    } else {
        // Four minima side by side, each over every fourth group, so that
        // a long scan is four short chains of dependent instructions
        // (their latency, not their number, bounds a scan of hundreds of
        // keys: 17-clue sudoku through the C API 8% faster). A short scan
        // keeps one chain, fewer instructions.
        let mut four = [low; 4];
        let p = keys.as_ptr() as *const __m256i;
        for b in 0..last / 4 {
            for (j, low) in four.iter_mut().enumerate() {
                // SAFETY: group `4 * b + j` is below `last`.
                *low = min(*low, unsafe { _mm256_loadu_si256(p.add(4 * b + j)) });
            }
        }
        for g in last / 4 * 4..last {
            four[0] = min(four[0], at(g));
        }
        low = min(min(four[0], four[1]), min(four[2], four[3]));
    }
    // SAFETY: AVX2, as the caller promises.
    K::of(unsafe { K::reduce(low) })
}

/// Whether the processor has AVX2, and POPCNT (which every processor
/// with AVX2 has: code compiled for AVX2 may count bits with it too). Not
/// inlined, so that valgrind's helgrind sees the standard library's
/// feature cache (a relaxed atomic, written once by whichever thread asks
/// first) read in this one named frame: `c_tests/helgrind.supp` names it.
#[inline(never)]
pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// Stores `value` in `key` as one store of the whole key. Setting or
/// clearing the top bit alone, the compiler would store only the key's top
/// byte; a load of the whole key soon after (the next row taken off it,
/// the choice's scan) cannot be served from such a narrower pending store
/// and waits for it to reach the cache.
#[inline(always)]
pub(super) fn store_whole<K: Key>(key: &mut K, value: K) {
    // SAFETY: `key` is a valid, aligned, exclusive reference. (A volatile
    // store keeps its width.)
    unsafe { std::ptr::write_volatile(key, value) };
}

/// Whether the processor has BMI1.
pub(super) fn has_bmi1() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("bmi1");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}
