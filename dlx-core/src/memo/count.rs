//! Exact counts of any size: a `u128` while the count fits, a
//! [`BigUint`] beyond. Additions never wrap: a sum that leaves 128 bits
//! moves to the big form.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigUint;

/// A count of solutions, exact at any size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count(Repr);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Repr {
    Small(u128),
    /// Always at least 2^128 (so each value has one form).
    Big(BigUint),
}

impl Count {
    /// No solutions.
    pub const ZERO: Count = Count(Repr::Small(0));
    /// One solution.
    pub const ONE: Count = Count(Repr::Small(1));

    /// The count as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match self.0 {
            Repr::Small(n) => u64::try_from(n).ok(),
            Repr::Big(_) => None,
        }
    }

    /// The count as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.0 {
            Repr::Small(n) => Some(n),
            Repr::Big(_) => None,
        }
    }

    /// The count as a big number.
    pub fn to_biguint(&self) -> BigUint {
        match &self.0 {
            Repr::Small(n) => BigUint::from(*n),
            Repr::Big(b) => b.clone(),
        }
    }

    /// The count of `b`, in its one form.
    pub(crate) fn from_big(b: BigUint) -> Count {
        match u128::try_from(&b) {
            Ok(n) => Count(Repr::Small(n)),
            Err(_) => Count(Repr::Big(b)),
        }
    }

    /// The count as a float (rounded; infinite past `f64::MAX`).
    pub fn to_f64(&self) -> f64 {
        match self.to_u128() {
            Some(n) => n as f64,
            None => self.to_biguint().to_u64_digits().iter().rev().fold(0.0, |acc, &d| acc * 18446744073709551616.0 + d as f64),
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// Adds `other` to this count.
    pub(crate) fn add(&mut self, other: &Count) {
        match (&mut self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => match a.checked_add(*b) {
                Some(s) => *a = s,
                None => self.0 = Repr::Big(BigUint::from(*a) + *b),
            },
            (Repr::Big(a), Repr::Small(b)) => *a += *b,
            (Repr::Small(a), Repr::Big(b)) => self.0 = Repr::Big(b + *a),
            (Repr::Big(a), Repr::Big(b)) => *a += b,
        }
    }

    /// Multiplies this count by `other`.
    pub(crate) fn mul(&mut self, other: &Count) {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            if let Some(m) = a.checked_mul(*b) {
                self.0 = Repr::Small(m);
                return;
            }
        }
        *self = Count::from_big(self.to_biguint() * other.to_biguint());
    }

    /// Takes `other` (not above this count) from it.
    pub(crate) fn sub(&mut self, other: &Count) {
        debug_assert!(*other <= *self);
        let big = match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => {
                self.0 = Repr::Small(a - b);
                return;
            }
            (Repr::Big(a), Repr::Small(b)) => a - *b,
            (Repr::Big(a), Repr::Big(b)) => a - b,
            (Repr::Small(_), Repr::Big(_)) => unreachable!("a smaller count is never big"),
        };
        *self = Count::from_big(big);
    }

    /// A number drawn uniformly from `0..self` (which is not zero) by
    /// `rng`: random bits of this count's length, drawn again while they
    /// are not below it (fewer than two draws on average).
    pub(crate) fn uniform_below(&self, rng: &mut fastrand::Rng) -> Count {
        let words = self.to_biguint().to_u64_digits();
        let top = *words.last().unwrap_or(&0);
        let mask = if top == 0 { 0 } else { u64::MAX >> top.leading_zeros() };
        loop {
            let mut draw: Vec<u64> = words.iter().map(|_| rng.u64(..)).collect();
            if let Some(last) = draw.last_mut() {
                *last &= mask;
            }
            let x = Count::from_big(BigUint::from_slice(&to_u32_digits(&draw)));
            if x < *self {
                return x;
            }
        }
    }
}

/// Little-endian 64-bit digits as 32-bit ones.
fn to_u32_digits(words: &[u64]) -> Vec<u32> {
    words.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]).collect()
}

impl From<u64> for Count {
    fn from(n: u64) -> Self {
        Count(Repr::Small(n as u128))
    }
}

impl From<u128> for Count {
    fn from(n: u128) -> Self {
        Count(Repr::Small(n))
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Small(_), Repr::Big(_)) => Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => Ordering::Greater,
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
        }
    }
}

/// The count in decimal, every digit.
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(n) => fmt::Display::fmt(n, f),
            Repr::Big(b) => fmt::Display::fmt(b, f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_past_128_bits_stay_exact() {
        let mut c = Count::from(u128::MAX);
        c.add(&Count::ONE);
        assert_eq!(c.to_string(), "340282366920938463463374607431768211456");
        assert_eq!(c.to_u128(), None);
        c.sub(&Count::ONE);
        assert_eq!(c.to_u128(), Some(u128::MAX));
        let mut d = Count::from(u128::MAX);
        d.add(&Count::from(u128::MAX));
        let mut e = d.clone();
        e.add(&d);
        assert_eq!(e.to_biguint(), BigUint::from(u128::MAX) * 4u32);
        assert!(d < e && Count::from(5u64) < d);
    }

    #[test]
    fn uniform_below_stays_below_and_covers_the_range() {
        let mut rng = fastrand::Rng::with_seed(7);
        let n = Count::from(5u64);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            let x = n.uniform_below(&mut rng).to_u64().unwrap();
            seen[x as usize] += 1;
        }
        assert!(seen.iter().all(|&k| k > 150), "{seen:?}");
        let mut big = Count::from(u128::MAX);
        big.add(&Count::from(u128::MAX));
        for _ in 0..100 {
            assert!(big.uniform_below(&mut rng) < big);
        }
    }
}
