//! What steers the choice of the column to branch on besides its length,
//! shared by the engines: dynamic weights ([`Weights`]) and, for Algorithm
//! M's two engines, the order of columns under preferences and weights
//! ([`Key`], [`less`]). The exact-cover engines' keys apply the same rule
//! to lengths (`Keys::prefer`).

use std::cell::Cell;

use crate::error::Error;

/// How a search is steered besides the columns' lengths, which the search
/// keeps and hands its engine at each start ([`Core::steer`](super::Core::steer)):
/// the seed of a random order (`None`: the lists' order) and whether
/// dynamic weights are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Steering {
    pub seed: Option<u64>,
    pub weights: bool,
}

impl Steering {
    /// The generator of the seed, from its first draw.
    pub fn generator(self) -> Option<super::kit::Seeded> {
        self.seed.map(super::kit::Seeded::new)
    }
}

/// Dynamic weights (dom/wdeg, as Knuth's SSXCC-WTD): one per item, 1 at
/// the start, raised by 1 when the search finds the item with nothing left.
/// Cells, since the choice only reads the engine. Empty when off.
#[derive(Clone, Debug, Default)]
pub(crate) struct Weights(Vec<Cell<u32>>);

impl Weights {
    /// Turns the weights of `items` items (indices `0..=items`) on, every
    /// one back to 1 (no allocation when they are on already), or off.
    /// Errors: out of memory, changing nothing.
    pub fn set(&mut self, on: bool, items: usize) -> Result<(), Error> {
        if on && self.0.len() == items + 1 {
            self.0.iter().for_each(|w| w.set(1));
            return Ok(());
        }
        self.0 = if on { crate::alloc::filled_with(items + 1, Cell::new(1))? } else { Vec::new() };
        Ok(())
    }

    pub fn is_on(&self) -> bool {
        !self.0.is_empty()
    }

    /// Item `i`'s weight (1 when off).
    #[inline]
    pub fn of(&self, i: usize) -> u32 {
        self.0.get(i).map_or(1, Cell::get)
    }

    /// Item `i` was found with nothing left.
    #[inline]
    pub fn bump(&self, i: usize) {
        if let Some(w) = self.0.get(i) {
            w.set(w.get().saturating_add(1));
        }
    }
}

/// How Algorithm M's engines order columns when steered: (class, branches,
/// weight, then the engine's ties: slack, `u32::MAX` - length). Class 0
/// for at most one branch, then 1 for preferred columns (all, when none
/// is), 2 for the others.
pub(crate) type Key = (u8, i64, u32, u32, u32);

/// The [`Key`] of a column of `branches` branches, preferred or not (with
/// `any` preferred at all), of `weight` and ties `tie`.
#[inline]
pub(crate) fn key(branches: i64, preferred: bool, any: bool, weight: u32, tie: (u32, u32)) -> Key {
    let class = if branches <= 1 { 0 } else if any && !preferred { 2 } else { 1 };
    (class, branches, if class == 0 { 1 } else { weight }, tie.0, tie.1)
}

/// Whether a column of key `a` goes before one of key `b`: the class,
/// then branches over weight, then the slack, then the longer list.
#[inline]
pub(crate) fn less(a: Key, b: Key) -> bool {
    if a.0 != b.0 {
        return a.0 < b.0;
    }
    if a.2 == b.2 {
        return (a.1, a.3, a.4) < (b.1, b.3, b.4);
    }
    // a.1 / a.2 against b.1 / b.2, in integers.
    let (x, y) = (i128::from(a.1) * i128::from(b.2), i128::from(b.1) * i128::from(a.2));
    if x != y {
        return x < y;
    }
    (a.3, a.4) < (b.3, b.4)
}
