//! What every engine needs, written once: the seeded generator, the
//! estimate of the tree walked, the share of the tree a donated branch
//! stands for, and the unchecked reads and writes of the generalised
//! engines' hot loops (`get`, `put`). (The memoized count's estimate is the
//! same sum over its own levels.)

/// The generator of a randomised search (made from the seed at each
/// start: [`Steering::generator`](super::Steering::generator)).
#[derive(Clone, Debug)]
pub(crate) struct Seeded {
    /// What the walk draws from (read in the walk itself, so a field).
    pub rng: fastrand::Rng,
}

impl Seeded {
    pub fn new(seed: u64) -> Seeded {
        Seeded { rng: fastrand::Rng::with_seed(seed) }
    }
}

/// The fraction of a tree walked, estimated as Knuth's programs make it:
/// for each level on the path, from the top, `(done, branches)`: the
/// branches it finished among all its branches, each level weighted by
/// the share of the tree one branch of the level above stands for.
pub(crate) fn estimate(levels: impl IntoIterator<Item = (u64, u64)>) -> f64 {
    let mut e = Estimate::default();
    levels.into_iter().for_each(|(k, d)| e.level(k, d));
    e.value()
}

/// [`estimate`] level by level, for an engine that reports its levels
/// through a callback.
pub(crate) struct Estimate {
    done: f64,
    share: f64,
}

impl Default for Estimate {
    fn default() -> Estimate {
        Estimate { done: 0.0, share: 1.0 }
    }
}

impl Estimate {
    /// The next level down: `k` of its `d` branches done.
    pub fn level(&mut self, k: u64, d: u64) {
        self.share /= d.max(1) as f64;
        self.done += k as f64 * self.share;
    }

    pub fn value(&self) -> f64 {
        self.done.clamp(0.0, 1.0)
    }
}

/// The shallowest of `depth` levels that gives a branch away: `give(l)`
/// says how many branches level `l` has and, if it gives one, what; the
/// answer is the level, the share of the whole tree the branch stands for
/// (each level's branches counted alike) and what it gave.
pub(crate) fn shallowest<T>(depth: usize, mut give: impl FnMut(usize) -> (u64, Option<T>)) -> Option<(usize, f64, T)> {
    let mut share = 1.0;
    for l in 0..depth {
        let (d, given) = give(l);
        share /= d.max(1) as f64;
        if let Some(t) = given {
            return Some((l, share, t));
        }
    }
    None
}

/// `v[i]`, where `i` comes from the links or sets of an engine.
#[inline(always)]
pub(crate) fn get(v: &[u32], i: u32) -> u32 {
    debug_assert!((i as usize) < v.len());
    // SAFETY: the engines that call this (`mcc`, `cells`) pass only
    // indices read from their own arrays, which their constructors make
    // all lie in range of the arrays they index; debug builds check.
    unsafe { *v.get_unchecked(i as usize) }
}

/// `v[i] = x`, as [`get`].
#[inline(always)]
pub(crate) fn put(v: &mut [u32], i: u32, x: u32) {
    debug_assert!((i as usize) < v.len());
    // SAFETY: as in `get`.
    unsafe { *v.get_unchecked_mut(i as usize) = x }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wrong code caught: a weight taken after the level's own term, or a
    /// level of no branches dividing by zero.
    #[test]
    fn the_estimate_weighs_each_level_by_the_branches_above() {
        assert_eq!(estimate([]), 0.0);
        // Half of the top level done, then a third of the next: 1/2 + 1/6.
        assert!((estimate([(1, 2), (1, 3)]) - (0.5 + 1.0 / 6.0)).abs() < 1e-12);
        assert_eq!(estimate([(0, 0)]), 0.0);
    }

    /// Wrong code caught: a share that leaves out the giving level's own
    /// branches, or a level past the first that gives.
    #[test]
    fn the_shallowest_giver_gets_its_share() {
        let got = shallowest(3, |l| (4, (l >= 1).then_some(l * 10)));
        assert_eq!(got, Some((1, 1.0 / 16.0, 10)));
        assert_eq!(shallowest(3, |_| (2, None::<()>)), None);
    }
}
