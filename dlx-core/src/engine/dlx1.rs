//! The exact-cover engine: Algorithm X on the links of [`Links`], walking
//! the same tree as Knuth's DLX1.
//!
//! At each level it covers the primary item of smallest length (the first
//! such from the left), then tries the rows of that item from top to
//! bottom, that is in the order they were added (or in order of share, with
//! an objective; in random order, with a seed). For a row, it covers the
//! row's other items; if no primary item is left, the chosen rows are a
//! solution, else it goes one level deeper. When an item's rows are
//! exhausted it uncovers the item and backs up.
//!
//! Instead of recursion, `choice[level]` holds the row node chosen at each
//! level, and `phase` says where the loop stands. Returning a solution
//! leaves the loop in phase [`Phase::Recover`], so the next call carries on
//! exactly where the last one stopped.

use crate::alloc::filled;
use super::keys::{Live, Mask, NoLive};
use super::links::Links;
use super::mode::{Ending, Steps};
use super::walk::{enter, lone_solution_nodes, Entered, Phase};
use super::kit::{self, Seeded};
use super::{Core, Count, Counted, Cut, Cutting, Find, Fixed, Found, Given, Optimize, Steering};
use crate::error::Error;
use crate::matrix::Matrix;
use crate::bound::node::{Hint, NodeLp, Visit};
use crate::bound::optimizer::Optimizer;
use crate::bound::Objective;

/// The state of a randomised search: the rows of the item chosen at each
/// level, shuffled, one segment per level on one stack.
#[derive(Clone, Debug)]
struct Random {
    /// The seed and the generator.
    seeded: Seeded,
    /// The shuffled row nodes; level `l` owns `order[start[l]..end[l]]`.
    order: Vec<u32>,
    start: Vec<u32>,
    end: Vec<u32>,
    /// The position in `order` of the row being tried at each level.
    at: Vec<u32>,
}

impl Random {
    fn new(seed: u64, rows: usize, depth: usize) -> Result<Random, Error> {
        let mut order = Vec::new();
        order.try_reserve_exact(rows)?;
        Ok(Random { seeded: Seeded::new(seed), order, start: filled(depth)?, end: filled(depth)?, at: filled(depth)? })
    }
}

/// The DLX1 engine: the links and the search's stack.
#[derive(Clone, Debug)]
pub(crate) struct Dlx1 {
    links: Links,
    /// The row node chosen at each level `0..=level`.
    choice: Vec<u32>,
    level: usize,
    phase: Phase,
    /// [`Fixed::within`] of the forced rows.
    within: bool,
    /// The random order, when the search is randomised.
    random: Option<Random>,
    /// A walk that shares work (`walk::<_, _, _, true>`, in order): the
    /// node at which each level stops trying rows, its item's header
    /// unless the rows from there on were given away ([`Core::donate`]).
    stop: Vec<u32>,
    /// The rows the bound dropped ([`Optimize::drop_rows`]), in the order
    /// they were taken out (after the excluded rows, before the forced
    /// ones are covered); `is_dropped` marks them, empty until the first.
    dropped: Vec<u32>,
    is_dropped: Vec<bool>,
}

/// Stores `cur` as the row node chosen at `level`. A level is entered
/// only with a primary item uncovered, each level below it having covered
/// one, so `level < primary <= choice.len()`: the check goes (debug builds
/// keep it).
#[inline(always)]
fn choose_at(choice: &mut [u32], level: usize, cur: u32) {
    debug_assert!(level < choice.len());
    // SAFETY: as above.
    unsafe { *choice.get_unchecked_mut(level) = cur };
}

/// The row node chosen at `level`, a level the walk entered (see
/// [`choose_at`]).
#[inline(always)]
fn chosen_at(choice: &[u32], level: usize) -> u32 {
    debug_assert!(level < choice.len());
    // SAFETY: as in `choose_at`.
    unsafe { *choice.get_unchecked(level) }
}

/// A bound's `rest` not computed yet (real ones stay within +-2^62).
const UNKNOWN: i64 = i64::MIN;

/// The branch-and-bound state, which `walk::<_, true>` has.
#[inline(always)]
fn optimizer<'a>(o: &'a mut Option<&mut Optimizer>) -> &'a mut Optimizer {
    match o {
        Some(o) => o,
        None => unreachable!("walk::<_, true> runs only with an objective"),
    }
}

/// The random state of a randomised search, which `walk::<true>` has.
#[inline(always)]
fn random(r: &mut Option<Random>) -> &mut Random {
    match r {
        Some(r) => r,
        None => unreachable!("walk::<true> runs only with a seed"),
    }
}

impl Dlx1 {
    /// The engine for `matrix`, which must have no bounds or colors.
    pub fn new(matrix: &Matrix) -> Result<Dlx1, Error> {
        let links = Links::new(matrix)?;
        // An exact cover never has more rows than there are primary items.
        let choice = filled(links.primary.max(1))?;
        let stop = filled(links.primary.max(1))?;
        Ok(Dlx1 { links, choice, level: 0, phase: Phase::Start, within: false, random: None, stop, dropped: Vec::new(), is_dropped: Vec::new() })
    }

    /// The search loop, in the mode of its outcome `O` (see
    /// [`super::mode`]); `RANDOM` when `self.random` is set, `COST` with
    /// an objective (branch and bound, see [`crate::objective`]; finding
    /// only), `NODE` with it when it has the node bound (`bound::node`,
    /// asked at each node entered), `SHARE` when levels may have given rows away (`self.stop`; a
    /// random order shortens its own segments instead). A walk that cuts
    /// has none of them. With `AVX2` (set only when the CPU has it) the
    /// choice scans with AVX2 instructions.
    #[inline(always)]
    fn walk<const RANDOM: bool, const COST: bool, const NODE: bool, const SHARE: bool, const AVX2: bool, M: Mask, O: Ending>(&mut self, steps: Steps<'_>, mut objective: Option<&mut Optimizer>) -> O {
        let Steps { nodes: node_counter, limit, cap, counted, most: count_limit } = steps;
        let counted = if O::COUNTS { counted } else { None };
        let bounds = Bounds { limit, cap, count_limit };
        // The counters, the level and the word of items stay in registers,
        // written back at the end.
        let mut r = Regs { nodes: *node_counter, updates: 0, level: self.level, found: counted.as_ref().map_or(0, |c| **c), live: M::load(&self.links.keys) };
        // The loop has the shape of Knuth's DLX1 steps: try a row of the
        // level's item or back up (X5-X8, the top of the loop), then enter
        // the level below (choose an item, cover it: X2-X4). Where the last
        // call stopped, and the first level's entry, are taken care of
        // before the loop, out of line, so that the loop has one way in.
        let walked = 'walk: {
            let (mut best, mut cur, mut stop) = match self.resume::<RANDOM, COST, NODE, SHARE, AVX2, M, O>(&mut r, &mut objective, &bounds) {
                Level::Branch(best, cur, stop) => (best, cur, stop),
                Level::NextRow => self.undo_row::<RANDOM, SHARE, M>(r.level, &mut r.live),
                Level::Stop(walked) => break 'walk walked,
            };
            loop {
                // Try row node `cur` of `best`, or back up when the rows are
                // exhausted.
                if cur == stop {
                    let links = &mut self.links;
                    links.uncover(best, &mut r.live);
                    if RANDOM {
                        let rd = random(&mut self.random);
                        rd.order.truncate(rd.start[r.level] as usize);
                    }
                    if r.level == 0 {
                        self.phase = Phase::Done;
                        break 'walk O::EXHAUSTED;
                    }
                    r.level -= 1;
                    (best, cur, stop) = self.undo_row::<RANDOM, SHARE, M>(r.level, &mut r.live);
                    continue;
                }
                choose_at(&mut self.choice, r.level, cur);
                if COST {
                    let links = &self.links;
                    let o = optimizer(&mut objective);
                    let with = o.path[r.level] + o.cost[cur as usize];
                    // `rest[level]` is stale when the bar came down after
                    // the level was entered (when the first solutions were
                    // found below it): recompute it then.
                    if o.bar != i64::MAX && o.rest[r.level] == UNKNOWN {
                        o.rest[r.level] = links.sum_first(&o.share);
                    }
                    if o.bar != i64::MAX && with + o.rest[r.level] - links.sum_first_in_rest_of_row(cur, &o.share) >= o.bar {
                        // Cut off by the bound: never covered, so nothing
                        // to undo.
                        cur = self.next_row::<RANDOM>(r.level, cur, best);
                        continue;
                    }
                    if NODE && o.node.as_ref().is_some_and(|n| n.row_cuts(r.level, links.row_of(cur), o.unit(), o.bar)) {
                        // Cut by the node's relaxation, before covering.
                        cur = self.next_row::<RANDOM>(r.level, cur, best);
                        continue;
                    }
                    o.path[r.level + 1] = with;
                }
                self.links.cover_rest_of_row(cur, &mut r.updates, &mut r.live);
                r.level += 1;
                (best, cur, stop) = match self.enter_level::<RANDOM, COST, NODE, SHARE, AVX2, M, O>(&mut r, &mut objective, &bounds) {
                    Level::Branch(best, cur, stop) => (best, cur, stop),
                    Level::NextRow => self.undo_row::<RANDOM, SHARE, M>(r.level, &mut r.live),
                    Level::Stop(walked) => break 'walk walked,
                };
            }
        };
        self.level = r.level;
        r.live.store(&mut self.links.keys);
        *node_counter = r.nodes;
        self.links.updates += r.updates;
        if let Some(counted) = counted {
            *counted = r.found;
        }
        walked
    }

    /// Where the walk starts: at the first level (or the forced rows alone
    /// are the one solution, or the one subproblem), where the last call
    /// paused, or after the solution it returned. Out of line: the walk's
    /// loop keeps its registers when it is the one copy of
    /// [`Dlx1::enter_level`] and of the choice inlined there.
    #[inline(never)]
    fn resume<const RANDOM: bool, const COST: bool, const NODE: bool, const SHARE: bool, const AVX2: bool, M: Mask, O: Ending>(&mut self, r: &mut Regs<M>, objective: &mut Option<&mut Optimizer>, bounds: &Bounds) -> Level<O> {
        match self.phase {
            Phase::Done => Level::Stop(O::EXHAUSTED),
            Phase::Recover => Level::NextRow,
            // SAFETY: `AVX2` only when the CPU has it.
            Phase::Start if (if M::LIVE { self.links.keys.choose_live(r.live.bits()) } else { unsafe { self.links.keys.choose_on::<AVX2>() } }) == 0 => {
                // No primary item left: the forced rows (or the empty set)
                // are the one solution.
                r.nodes += lone_solution_nodes(self.within);
                self.phase = Phase::Done;
                if COST {
                    let o = optimizer(objective);
                    if o.path[0] >= o.bar {
                        // Beyond the cost limit.
                        r.nodes -= 1;
                        return Level::Stop(O::EXHAUSTED);
                    }
                }
                Level::Stop(O::lone_solution(&mut r.found, bounds.count_limit))
            }
            Phase::Start | Phase::Paused => match O::CUT {
                Some(cut) if self.phase == Phase::Start && bounds.cap == 0 => {
                    // The forced rows are the one subproblem at depth 0.
                    self.phase = Phase::Done;
                    Level::Stop(cut)
                }
                _ => self.enter_level::<RANDOM, COST, NODE, SHARE, AVX2, M, O>(r, objective, bounds),
            },
        }
    }

    /// Enters level `r.level` (Knuth's X2-X4): chooses the item to branch
    /// on and covers it, or finds a solution (counted, or returned), a
    /// cut or the end of the node budget.
    #[inline(always)]
    fn enter_level<const RANDOM: bool, const COST: bool, const NODE: bool, const SHARE: bool, const AVX2: bool, M: Mask, O: Ending>(&mut self, r: &mut Regs<M>, objective: &mut Option<&mut Optimizer>, bounds: &Bounds) -> Level<O> {
        let links = &mut self.links;
        let first = if M::LIVE {
            links.keys.choose_live(r.live.bits())
        } else {
            // SAFETY: `AVX2` only when the CPU has it.
            unsafe { links.keys.choose_on::<AVX2>() }
        };
        match enter::<O>(first, &mut r.level, &mut self.phase, &mut r.nodes, bounds.limit, bounds.cap, &mut r.found, bounds.count_limit) {
            Entered::Branch => {}
            Entered::NextRow => return Level::NextRow,
            Entered::Stop(walked) => return Level::Stop(walked),
        }
        let mut first = first;
        // (An item the relaxation chose stands under a seed too: its ties
        // by length are not ties by what the bound leaves.)
        let mut chosen = false;
        if NODE {
            let o = optimizer(objective);
            let (scale, bar) = (o.unit(), o.bar);
            if let Some(node) = o.node.as_mut() {
                let choice = &self.choice;
                match node.cuts(r.level, |l| links.row_of(chosen_at(choice, l)), scale, bar) {
                    // (At the root the walk goes on: its rows are cut.)
                    Visit::Cut if r.level > 0 => {
                        r.nodes += 1;
                        r.level -= 1;
                        return Level::NextRow;
                    }
                    Visit::Branch(Some(item)) => (first, chosen) = (item as u32 + 1, true),
                    _ => {}
                }
            }
        }
        if let (true, Some(strengthen)) = (COST, O::STRENGTHEN) {
            if r.nodes >= optimizer(objective).strengthen_at {
                self.phase = Phase::Paused;
                return Level::Stop(strengthen);
            }
        }
        // (A seeded walk draws only now: see `enter`.)
        let item = if RANDOM && !chosen { links.keys.choose_random_from(first, &mut random(&mut self.random).seeded.rng) } else { first };
        r.nodes += 1;
        let best = item;
        links.cover(best, &mut r.updates, &mut r.live);
        let cur;
        if RANDOM {
            let rd = random(&mut self.random);
            let start = rd.order.len();
            links.item_rows(best, &mut rd.order);
            rd.seeded.rng.shuffle(&mut rd.order[start..]);
            let level = r.level;
            (rd.start[level], rd.at[level], rd.end[level]) = (start as u32, start as u32, rd.order.len() as u32);
            cur = rd.order.get(start).copied().unwrap_or(best);
        } else {
            cur = links.down(best);
            if SHARE {
                self.stop[r.level] = best;
            }
        }
        if COST && cur != best {
            // The bound's `rest`, for every row of `best`; not needed
            // before there is a bar to cut against.
            let o = optimizer(objective);
            o.rest[r.level] = if o.bar == i64::MAX { UNKNOWN } else { links.sum_first(&o.share) };
        }
        Level::Branch(best, cur, best)
    }
}

/// The walk's running values, kept in registers while it runs.
struct Regs<M> {
    nodes: u64,
    /// The updates made in this call (added to [`Links::updates`] at the end).
    updates: u64,
    level: usize,
    /// The solutions counted (a counting walk).
    found: u64,
    live: M,
}

/// What stops the walk: the node budget, the depth cap, the count wanted.
struct Bounds {
    limit: u64,
    cap: usize,
    count_limit: u64,
}

/// What entering a level (or resuming the walk) leaves the loop to do.
enum Level<O> {
    /// Try the rows of item `.0`, from row node `.1`, up to `.2` (the
    /// item's header, or where rows were given away).
    Branch(u32, u32, u32),
    /// Undo the row chosen at the level, and try the next one.
    NextRow,
    /// Return this.
    Stop(O),
}

impl Dlx1 {
    /// Undoes the row chosen at `level` (Knuth's X6) and returns the item
    /// branched on there, the next row node to try and where the level's
    /// rows end, as `(best, cur, stop)`.
    #[inline(always)]
    fn undo_row<const RANDOM: bool, const SHARE: bool, M: Mask>(&mut self, level: usize, live: &mut M) -> (u32, u32, u32) {
        let cur = chosen_at(&self.choice, level);
        let best = self.links.top(cur);
        let stop = if SHARE && !RANDOM { self.stop[level] } else { best };
        self.links.uncover_rest_of_row(cur, live);
        (best, self.next_row::<RANDOM>(level, cur, best), stop)
    }

    /// The row node after `cur` among the rows of `best` at `level`: the
    /// next one down, or in the random order; `best` after the last.
    #[inline(always)]
    fn next_row<const RANDOM: bool>(&mut self, level: usize, cur: u32, best: u32) -> u32 {
        if RANDOM {
            let r = random(&mut self.random);
            r.at[level] += 1;
            if r.at[level] < r.end[level] { r.order[r.at[level] as usize] } else { best }
        } else {
            self.links.down(cur)
        }
    }

    /// [`Dlx1::walk`] compiled for the processor: with AVX2 where it has
    /// it, so that `choose_on` scans eight keys an instruction (the whole
    /// loop is compiled so, since a function compiled for AVX2 cannot be
    /// inlined into one that is not).
    fn walk_on<const RANDOM: bool, const COST: bool, const NODE: bool, const SHARE: bool, O: Ending>(&mut self, steps: Steps<'_>, objective: Option<&mut Optimizer>) -> O {
        // A steered choice (preferred items, weights) takes the scan.
        if self.links.keys.tracks_live() && !self.links.keys.is_steered() {
            return self.walk_live::<RANDOM, COST, NODE, SHARE, O>(steps, objective);
        }
        #[cfg(target_arch = "x86_64")]
        if self.links.keys.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2.
            return unsafe { self.walk_avx2::<RANDOM, COST, NODE, SHARE, O>(steps, objective) };
        }
        self.walk::<RANDOM, COST, NODE, SHARE, false, NoLive, O>(steps, objective)
    }

    /// [`Dlx1::walk`] choosing among the uncovered primary items the keys
    /// track in a word (see [`Keys::track_live`](super::keys::Keys::track_live)): compiled for BMI1 where
    /// the CPU has it, for its bit instructions.
    fn walk_live<const RANDOM: bool, const COST: bool, const NODE: bool, const SHARE: bool, O: Ending>(&mut self, steps: Steps<'_>, objective: Option<&mut Optimizer>) -> O {
        #[cfg(target_arch = "x86_64")]
        if self.links.keys.bmi1 {
            // SAFETY: `bmi1` is set only when the CPU has BMI1.
            return unsafe { self.walk_live_bmi::<RANDOM, COST, NODE, SHARE, O>(steps, objective) };
        }
        self.walk::<RANDOM, COST, NODE, SHARE, false, Live, O>(steps, objective)
    }

    /// # Safety
    /// The CPU must have BMI1.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1")]
    unsafe fn walk_live_bmi<const RANDOM: bool, const COST: bool, const NODE: bool, const SHARE: bool, O: Ending>(&mut self, steps: Steps<'_>, objective: Option<&mut Optimizer>) -> O {
        self.walk::<RANDOM, COST, NODE, SHARE, false, Live, O>(steps, objective)
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn walk_avx2<const RANDOM: bool, const COST: bool, const NODE: bool, const SHARE: bool, O: Ending>(&mut self, steps: Steps<'_>, objective: Option<&mut Optimizer>) -> O {
        self.walk::<RANDOM, COST, NODE, SHARE, true, NoLive, O>(steps, objective)
    }
}

impl Core for Dlx1 {
    fn kind(&self) -> super::Engine {
        super::Engine::Exact
    }

    fn depth_limit(&self) -> usize {
        self.choice.len()
    }

    fn updates(&self) -> u64 {
        self.links.updates
    }

    fn force(&mut self, fixed: &Fixed) {
        self.within = fixed.within;
        fixed.excluded.iter().for_each(|&r| self.links.exclude_row(r));
        fixed.forced.iter().for_each(|&r| self.links.cover_row(r));
    }

    fn unforce(&mut self, fixed: &Fixed) {
        fixed.forced.iter().rev().for_each(|&r| self.links.uncover_row(r));
        while let Some(r) = self.dropped.pop() {
            self.links.include_row(r as usize);
            self.is_dropped[r as usize] = false;
        }
        fixed.excluded.iter().rev().for_each(|&r| self.links.include_row(r));
    }

    fn unwind(&mut self) {
        for l in (0..self.depth()).rev() {
            let x = self.choice[l];
            let mut live = self.links.keys.live();
            self.links.uncover_rest_of_row(x, &mut live);
            let best = self.links.top(x);
            self.links.uncover(best, &mut live);
            self.links.keys.set_live(live);
        }
        if let Some(r) = &mut self.random {
            r.order.clear();
        }
        self.phase = Phase::Start;
        self.level = 0;
    }

    fn steer(&mut self, steering: Steering) -> Result<(), Error> {
        let fresh = match (steering.seed, &self.random) {
            (Some(seed), None) => Some(Random::new(seed, self.links.rows(), self.choice.len())?),
            _ => None,
        };
        self.links.keys.set_weights(steering.weights)?;
        // The random order's room is kept from one seed to the next.
        self.random = match steering.generator() {
            Some(seeded) => fresh.or(self.random.take()).map(|r| Random { seeded, ..r }),
            None => None,
        };
        Ok(())
    }

    fn bound(&self) -> Option<&dyn Optimize> {
        Some(self)
    }

    fn bound_mut(&mut self) -> Option<&mut dyn Optimize> {
        Some(self)
    }

    fn find(&mut self, run: Find<'_>) -> Found {
        let share = run.share;
        let (steps, objective) = Steps::find(run);
        // (`NODE`: the walk asks the node bound at each node, when it has one.)
        let node = objective.as_ref().is_some_and(|o| o.node.is_some());
        match (self.random.is_some(), objective.is_some(), node, share) {
            (false, false, _, false) => self.walk_on::<false, false, false, false, Found>(steps, objective),
            (false, false, _, true) => self.walk_on::<false, false, false, true, Found>(steps, objective),
            (false, true, false, false) => self.walk_on::<false, true, false, false, Found>(steps, objective),
            (false, true, false, true) => self.walk_on::<false, true, false, true, Found>(steps, objective),
            (false, true, true, false) => self.walk_on::<false, true, true, false, Found>(steps, objective),
            (false, true, true, true) => self.walk_on::<false, true, true, true, Found>(steps, objective),
            (true, false, _, _) => self.walk_on::<true, false, false, false, Found>(steps, objective),
            (true, true, false, _) => self.walk_on::<true, true, false, false, Found>(steps, objective),
            (true, true, true, _) => self.walk_on::<true, true, true, false, Found>(steps, objective),
        }
    }

    fn count(&mut self, run: Count<'_>) -> Counted {
        let share = run.share;
        let steps = Steps::count(run);
        match (self.random.is_some(), share) {
            (false, false) => self.walk_on::<false, false, false, false, Counted>(steps, None),
            (false, true) => self.walk_on::<false, false, false, true, Counted>(steps, None),
            (true, _) => self.walk_on::<true, false, false, false, Counted>(steps, None),
        }
    }

    fn cut(&mut self, run: Cut<'_>) -> Cutting {
        self.walk_on::<false, false, false, false, Cutting>(Steps::cut(run), None)
    }

    fn solution(&self, out: &mut Vec<usize>) {
        for &x in &self.choice[..self.depth()] {
            out.push(self.links.row_of(x));
        }
    }

    /// Exact cover rules nothing out beyond the rows forced: the rows of
    /// the level's item before the one given share that item with it.
    fn donate(&mut self, rows: &mut Vec<usize>, _excluded: &mut Vec<usize>) -> Option<Given> {
        let (choice, links, stop, random) = (&self.choice, &self.links, &mut self.stop, &mut self.random);
        let (l, share, q) = kit::shallowest(self.phase.depth(self.level), |l| {
            let x = choice[l];
            let (given, d) = match random {
                Some(r) if r.at[l] + 1 < r.end[l] => {
                    r.end[l] -= 1;
                    (Some(r.order[r.end[l] as usize]), r.end[l] + 1 - r.start[l])
                }
                Some(r) => (None, r.end[l] - r.start[l]),
                None => {
                    // The level's last row before its stop is given away
                    // (the level now stops at it), unless it is the row
                    // being tried.
                    let last = links.up(stop[l]);
                    if last != x {
                        stop[l] = last;
                    }
                    ((last != x).then_some(last), links.position_in_item(x).1 as u32)
                }
            };
            (u64::from(d), given)
        })?;
        rows.extend(self.choice[..l].iter().map(|&y| self.links.row_of(y)));
        rows.push(self.links.row_of(q));
        Some(Given { level: l, share })
    }

    /// A walk without `SHARE` leaves `stop` alone: each level stops at
    /// its item's header, as it would have in a sharing walk that gave
    /// nothing away.
    fn ready_to_donate(&mut self) {
        if self.random.is_none() {
            for l in 0..self.depth() {
                self.stop[l] = self.links.top(self.choice[l]);
            }
        }
    }

    /// Exact cover stops no column early: after the donations, only the
    /// node the walk paused before (or the whole search, at its start).
    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize)) {
        if self.phase.before_a_node() {
            piece(self, self.depth());
        }
    }

    fn branches(&self, level: &mut dyn FnMut(u64, u64)) {
        for l in 0..self.depth() {
            let (k, d) = match &self.random {
                Some(r) => (u64::from(r.at[l] - r.start[l]), u64::from(r.end[l] - r.start[l])),
                None => self.links.position_in_item(self.choice[l]),
            };
            level(k, d);
        }
    }

    fn depth(&self) -> usize {
        self.phase.depth(self.level)
    }

    fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }
}

impl Optimize for Dlx1 {
    fn optimizer(&self, objective: Objective, costs: &[i64]) -> Result<Optimizer, Error> {
        Optimizer::new(objective, &self.links, costs, self.choice.len())
    }

    fn solution_cost(&self, objective: &Optimizer) -> i64 {
        objective.path[self.depth()]
    }

    fn order_scratch(&self) -> Result<Vec<(u32, i64, u32)>, Error> {
        let mut scratch = Vec::new();
        scratch.try_reserve_exact(self.links.nodes())?;
        Ok(scratch)
    }

    fn order_lists(&mut self, objective: Option<&Optimizer>, scratch: &mut Vec<(u32, i64, u32)>) {
        // Each item's rows go in order of share for a search with an
        // objective, and back in the order they were added without one.
        self.links.sort_lists(|x| objective.map_or(0, |o| o.key(x)), scratch);
    }

    fn tighten(&self, objective: &mut Optimizer) {
        // Without memory for it the bound stays as it is.
        let _ = objective.tighten(&self.links);
    }

    /// Drops the rows when they are at least an eighth of those left:
    /// the tree walked so far is walked again, on fewer rows. With the
    /// node bound the walk starts over at every new bar, whatever it drops:
    /// the items it branched on were chosen under the old bar (measured on
    /// crew 400 of bench/optimize.py, 27 s to the proof instead of 43).
    /// Without memory for it nothing is dropped.
    fn drop_rows(&mut self, objective: &mut Optimizer, fixed: &Fixed) {
        objective.dropped_at = objective.bar;
        let rows = self.links.rows();
        let free = |r: usize, is_dropped: &[bool]| !is_dropped.get(r).copied().unwrap_or(false) && !fixed.forced.contains(&r) && fixed.excluded.binary_search(&r).is_err();
        let new = (0..rows).filter(|&r| objective.droppable(r) && free(r, &self.is_dropped)).count();
        let left = rows - self.dropped.len() - fixed.excluded.len();
        if (new == 0 || new * 8 < left) && objective.node.is_none() {
            return;
        }
        if self.is_dropped.is_empty() {
            let Ok(flags) = filled(rows) else { return };
            self.is_dropped = flags;
        }
        if self.dropped.try_reserve(new).is_err() {
            return;
        }
        self.unwind();
        let updates = self.links.updates;
        fixed.forced.iter().rev().for_each(|&r| self.links.uncover_row(r));
        for r in 0..rows {
            if objective.droppable(r) && free(r, &self.is_dropped) {
                self.links.exclude_row(r);
                self.is_dropped[r] = true;
                self.dropped.push(r as u32);
            }
        }
        if let Some(node) = objective.node.as_mut() {
            let mut gone = Vec::new();
            if gone.try_reserve_exact(new).is_ok() {
                gone.extend(self.dropped[self.dropped.len() - new..].iter().map(|&r| r as usize));
                node.leave_out(&gone);
            }
        }
        fixed.forced.iter().for_each(|&r| self.links.cover_row(r));
        // Covering the forced rows again is not search work.
        self.links.updates = updates;
    }

    fn start_node_bound(&mut self, objective: &mut Optimizer, fixed: &Fixed) {
        let out = |r: usize| self.is_dropped.get(r).copied().unwrap_or(false) || fixed.excluded.binary_search(&r).is_ok();
        // Without memory for it, or past its size, the search goes on
        // without.
        let score = |r: usize| objective.least_with(r);
        let cover = objective.best().first().map_or(&[][..], |b| &b.rows[..]);
        let node = NodeLp::new(&self.links, objective.row_costs(), out, &fixed.forced, Hint { cover, score: &score });
        objective.node = node.ok().map(Box::new);
        let unit = objective.unit();
        if let Some((lower, least)) = objective.node.as_mut().and_then(|n| n.root_fixing(unit)) {
            objective.adopt(lower, least);
        }
    }

    /// Starts the search over on full potentials: the tree walked since the
    /// start is walked again, but cut by the stronger bound and the bar
    /// found so far. Without memory for it the search carries on with the
    /// quick potentials.
    fn strengthen(&mut self, objective: &mut Optimizer, fixed: &Fixed) {
        self.unwind();
        let updates = self.links.updates;
        self.unforce(fixed);
        objective.strengthen_at = u64::MAX;
        // (`unforce` brought the dropped rows back.)
        objective.dropped_at = i64::MAX;
        if let Ok(mut scratch) = self.order_scratch() {
            if objective.strengthen(&self.links).is_ok() {
                self.order_lists(Some(objective), &mut scratch);
            }
        }
        self.force(fixed);
        // Covering the forced rows again is not search work.
        self.links.updates = updates;
    }
}
