//! Which live item a level branches on: the fewest branches (Knuth's
//! branch degree), ties as DLX3 breaks them and then by the lower item,
//! or steered by preferences, weights and the seed.

use super::Cells;
use crate::engine::kit::get;
use crate::engine::steer;

impl Cells {
    /// The number of branches on live item `i` (as `Mcc::branches`: its
    /// options, less those its lower bound needs after the first, plus
    /// the stop branch where it has its lower bound).
    #[inline(always)]
    fn branches(&self, i: u32) -> i64 {
        i64::from(self.size(i)) + 1 - self.need(i).max(0)
    }

    /// The options in item `i`'s set.
    #[inline(always)]
    fn size(&self, i: u32) -> u32 {
        self.item(i).size()
    }

    /// The item to branch on and its number of branches (0 or less: a dead
    /// end, and `(0, 0)` when no item is live). Unsteered, the least
    /// (branches, slack, longer list, item), Knuth's rule in DLX3 with the
    /// lower item last; with preferences or weights, the least
    /// [`steer::Key`] under [`steer::less`], then the lower item; with
    /// `rng`, one of the items tied with that, at random.
    pub(super) fn choose(&self, rng: Option<&mut fastrand::Rng>) -> (u32, i64) {
        if self.live == 0 {
            return (0, 0);
        }
        if rng.is_none() && self.prefer.is_empty() && !self.weights.is_on() {
            return if self.exact { self.choose_exact() } else { self.choose_bounded() };
        }
        self.choose_steered(rng)
    }

    /// [`Cells::choose`] with every bound `1..=1`: the shortest set, ties
    /// to the lower item (the hot loop of a count).
    #[inline(always)]
    fn choose_exact(&self) -> (u32, i64) {
        let live = &self.live_items[..self.live as usize];
        let (mut best, mut least) = (live[0], self.size(live[0]));
        for &i in &live[1..] {
            if least == 0 {
                break;
            }
            let s = self.size(i);
            if s < least || (s == least && i < best) {
                (best, least) = (i, s);
            }
        }
        (best, i64::from(least))
    }

    /// [`Cells::choose`] with bounds, unsteered.
    fn choose_bounded(&self) -> (u32, i64) {
        let rest = |i: u32| {
            let (hi, count) = (get(&self.hi, i), get(&self.count, i));
            ((hi - get(&self.lo, i)).min(hi - count), u32::MAX - self.size(i), i)
        };
        let live = &self.live_items[..self.live as usize];
        let (mut least, mut best) = (self.branches(live[0]), rest(live[0]));
        for &i in &live[1..] {
            if least <= 0 {
                break;
            }
            // The ties are read only where the branches tie or win.
            let b = self.branches(i);
            if b < least {
                (least, best) = (b, rest(i));
            } else if b == least {
                best = best.min(rest(i));
            }
        }
        (best.2, least)
    }

    /// [`Cells::choose`] steered: a level of at most one branch first,
    /// then the preferred items, then the others (DLX3-SHARP), within
    /// each the branches over the weight (SSXCC-WTD), the slack, the
    /// longer list, the lower item. An item with no branch gains weight.
    /// With `rng`, one of the items tied under the key, at random.
    #[inline(never)]
    fn choose_steered(&self, rng: Option<&mut fastrand::Rng>) -> (u32, i64) {
        let any = !self.prefer.is_empty();
        let key = |i: u32| {
            let (hi, count) = (get(&self.hi, i), get(&self.count, i));
            let tie = ((hi - get(&self.lo, i)).min(hi - count), u32::MAX - self.size(i));
            steer::key(self.branches(i), any && self.prefer[i as usize], any, self.weights.of(i as usize), tie)
        };
        let live = &self.live_items[..self.live as usize];
        let (mut best, mut least, mut ties) = (live[0], key(live[0]), 1u32);
        for &i in &live[1..] {
            if least.1 <= 0 {
                break;
            }
            let k = key(i);
            if steer::less(k, least) {
                (best, least, ties) = (i, k, 1);
            } else if !steer::less(least, k) {
                ties += 1;
                best = best.min(i);
            }
        }
        if least.1 <= 0 {
            self.weights.bump(best as usize);
            return (best, least.1);
        }
        if let (Some(rng), true) = (rng, ties > 1) {
            // One of the ties at random, whatever the order of the live
            // items (which their history sets): the least under a
            // scrambling of the items by a random draw.
            let r = rng.u32(..);
            let scrambled = |i: u32| i.wrapping_mul(0x9e37_79b1) ^ r;
            let tied = live.iter().copied().filter(|&i| {
                let k = key(i);
                !steer::less(k, least) && !steer::less(least, k)
            });
            return (tied.min_by_key(|&i| scrambled(i)).unwrap_or(best), least.1);
        }
        (best, least.1)
    }
}
