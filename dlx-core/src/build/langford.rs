//! Langford pairs: the numbers 1, 1, 2, 2, ..., n, n in a row of 2n
//! places, the two k's with k numbers between them.

use super::{Built, Maker};
use crate::error::Error;

/// Langford pairs as exact cover: primary columns `1..n` (each number
/// placed) and `p0..p{2n-1}` (each place filled); the row for number k in
/// places i and i + k + 1 is named `<k>@<i>`. Its solutions are twice
/// OEIS A014552's (each sequence and its reversal); the reversal comes as
/// a symmetry, so the count up to symmetry is A014552's. There are
/// solutions only when n is 0, 3 or 4 modulo 4 (and `n = 0` is the empty
/// problem). Errors: [`Error::TooLarge`] past 2^16, [`Error::OutOfMemory`].
pub fn langford(n: usize) -> Result<Built, Error> {
    if n > 1 << 16 {
        return Err(Error::TooLarge);
    }
    let places = 2 * n;
    let mut names = Vec::new();
    names.try_reserve(n + places)?;
    names.extend((1..=n).map(|k| k.to_string()));
    names.extend((0..places).map(|i| format!("p{i}")));
    let mut make = Maker::new(&names, 0)?;
    for k in 1..=n {
        for i in 0..places.saturating_sub(k + 1) {
            make.row(&[k - 1, n + i, n + i + k + 1], &format!("{k}@{i}"))?;
        }
    }
    if n > 0 {
        let mut reversal = Vec::new();
        reversal.try_reserve(n + places)?;
        reversal.extend(0..n);
        reversal.extend((0..places).map(|i| n + places - 1 - i));
        make.matrix.add_symmetry(&reversal)?;
    }
    Ok(make.done())
}
