//! The engines: each holds a matrix in its own layout and walks its search
//! tree. What differs between them is behind the trait `Core`; everything around a
//! search (counting solutions, the rows of a solution, forced rows, the best
//! list, limits, progress) is the [`Solver`](crate::Solver)'s, written once.
//!
//! * `dlx1`: exact cover with secondary items, in the layout and order of
//!   Knuth's DLX1 (`links` holds its links and the cover operations);
//! * `small`: the same tree and counters as `dlx1`, on bit sets, for small
//!   matrices, with colors too (walking Algorithm M's tree there); with
//!   bounds it hands the matrix to `bits_m`, Algorithm M on bit sets;
//! * `mcc`: multiplicities and colors, Knuth's Algorithm M.
//!
//! Which one a solver runs unless told: `auto`.
//!
//! All number a matrix's columns the same way (`layout`); the exact-cover
//! engines share the items' keys and the choice (`keys`).
//!
//! What `Core` asks of an engine: its layout's facts (kind, depth limit,
//! updates); fixing rows before the search (`Fixed`: forced rows chosen,
//! excluded rows taken out) and undoing that; unwinding; steering from the
//! start (`Steering`: the seed, the weights); walking the tree in one of
//! three modes (`mode`: to a solution for a node budget, counting, or
//! stopping at each node of a depth, the subproblems), each with its own
//! outcome; a solution's
//! rows; giving a branch away (`donate`) and what a walk has left once
//! every branch is given (`rest`: the node it paused before, and Algorithm
//! M's stop branches, which come last); each level's branches done
//! (`branches`), depth, done. Provided: the rows a cut excludes, the
//! estimate, readying a copy of a walk to donate, and `bound`, the optional
//! `Optimize` capability (optimizer, solution cost, list order,
//! strengthen) that DLX1 and Algorithm M implement and the small engine
//! does not. The search calls the trait once per call (the walk once per
//! slice), so the hot loops stay inside each engine, monomorphised for
//! their modes (`walk::<RANDOM, COST, O>`).

use crate::error::Error;
use crate::matrix::Matrix;
use crate::bound::optimizer::Optimizer;
use crate::bound::Objective;
pub(crate) use mode::{Count, Counted, Cut, Cutting, Find, Found};
pub(crate) use steer::Steering;

pub(crate) mod bits_m;
pub(crate) mod cells;
pub(crate) mod steer;
pub(crate) mod dlx1;
pub(crate) mod keys;
pub(crate) mod kit;
pub(crate) mod layout;
pub(crate) mod links;
pub(crate) mod mcc;
pub(crate) mod mode;
pub(crate) mod small;
pub(crate) mod walk;

/// A branch given away by [`Core::donate`]: the level of the path it
/// leaves at (0 the top) and its share of the whole tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Given {
    pub level: usize,
    pub share: f64,
}

/// Which engine a solver runs ([`Solver::with_engine`](crate::Solver::with_engine)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// The rule [`Solver::new`](crate::Solver::new) follows (`engine::auto`):
    /// the small-matrix engine where its bit sets are small and, for an
    /// exact-cover matrix, the links would not be or the rows are long
    /// (the numbers: `dlx_engine` in `include/dlx.h`); else dancing cells
    /// for colors, the generalised engine for bounds and the links of
    /// DLX1 for exact cover. A search for the best solutions
    /// ([`Solver::set_objective`](crate::Solver::set_objective)) runs on
    /// links.
    #[default]
    Auto,
    /// Knuth's DLX1 layout: exact cover with secondary columns.
    Exact,
    /// Knuth's Algorithm M: bounds (multiplicities) and colors.
    General,
    /// Bit sets, for small matrices: exact cover with secondary columns
    /// with the tree and the counters of [`Engine::Exact`]; with colors
    /// or bounds (Algorithm M on bit sets, `bits_m`), the tree and node
    /// count of [`Engine::Cells`] (General's less the levels on finished
    /// columns). An objective moves a solver on it to
    /// `Exact` (`General` with bounds or colors).
    Small,
    /// Dancing cells (Knuth's SSXCC and SSMCC): Algorithm M on sparse
    /// sets and a trail, for bounds and colors beyond the bit sets; the
    /// counts and solutions of [`Engine::General`], in the same order,
    /// its tree less the levels on finished items (`engine::cells`). An
    /// objective moves a solver on it to `General` (`Exact` for plain
    /// exact cover).
    Cells,
}

impl Engine {
    /// Every engine, in the order of their C values (`dlx_engine`).
    pub fn all() -> [Engine; 5] {
        [Engine::Auto, Engine::Exact, Engine::General, Engine::Small, Engine::Cells]
    }

    /// Its name, as the tool (`--engine`) and the Python package take it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Exact => "exact",
            Engine::General => "general",
            Engine::Small => "small",
            Engine::Cells => "cells",
        }
    }

    /// The engine of that name.
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::all().into_iter().find(|e| e.name() == name)
    }

    /// The engine a search with an objective runs on `matrix` (the ones
    /// with a branch and bound): `General` on a matrix with bounds or
    /// colors, else `Exact`. A solver made on another one moves there
    /// when the objective is set; made on this one, it builds its engine
    /// once.
    pub fn for_objective(matrix: &Matrix) -> Engine {
        if matrix.is_generalized() { Engine::General } else { Engine::Exact }
    }
}

/// Engine `engine` laid out for `matrix`; [`Engine::Auto`] takes the one
/// [`auto`] names. Errors: [`Error::Unsupported`] for `Exact` on a matrix
/// with bounds or colors, and those of the engine's layout.
pub(crate) fn build(matrix: &Matrix, engine: Engine) -> Result<Box<dyn Core>, Error> {
    let generalized = matrix.is_generalized();
    Ok(match engine {
        Engine::Auto => return build(matrix, auto(matrix)),
        Engine::Exact if generalized => return Err(Error::Unsupported(crate::error::Unsupported::ExactEngine)),

        Engine::Exact => Box::new(dlx1::Dlx1::new(matrix)?),
        Engine::Small => small::new(matrix)?,
        Engine::General => Box::new(mcc::Mcc::new(matrix)?),
        Engine::Cells => Box::new(cells::Cells::new(matrix)?),
    })
}

/// The engine [`Engine::Auto`] runs on `matrix`: the whole rule, a case
/// per branch (its numbers are `small`'s, see [`small::fit::Fit`]; the
/// header's `dlx_engine` states them for C users).
pub(crate) fn auto(matrix: &Matrix) -> Engine {
    let fit = small::fit(matrix);
    if matrix.has_bounds() {
        // Multiplicities: Algorithm M, on bit sets when they are small,
        // else dancing cells (5x5 double word squares with words bounded
        // `0:1`, 80 and 110 words: 0.87x and 0.62x the links' CPU time;
        // line sums of 6x6 and 7x7 matrices, laid out as cells or links:
        // 0.8x-1.2x).
        if fit.bits && bits_m::fits(matrix) { Engine::Small } else { Engine::Cells }
    } else if matrix.is_generalized() {
        // Colors: on bit sets when they are small, else dancing cells
        // (Latin squares of order 6 with givens: 0.8x Algorithm M's
        // links' CPU time).
        if fit.bits { Engine::Small } else { Engine::Cells }
    } else if fit.bits && (fit.links_spill || fit.long_rows) {
        // Exact cover, where the bit sets beat DLX1's links.
        Engine::Small
    } else {
        Engine::Exact
    }
}

/// The rows decided before the search: chosen (forced) ones, which every
/// solution contains, and excluded ones, which none does. A subproblem
/// (see [`crate::split`]) is solved as both.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fixed {
    pub forced: Vec<usize>,
    /// Sorted, without repeats, none of them forced.
    pub excluded: Vec<usize>,
    /// Set for a piece of a larger tree (a branch given away, a node
    /// paused before): its root is not the tree's root, which the search
    /// of the whole tree counted. Forced rows that are a solution alone
    /// are then one node, the solution, as the whole tree's walk counts
    /// it there, not two (a root and the solution).
    pub within: bool,
}

/// What every engine does. The search calls these once per call of its
/// own (and a walk, [`Core::find`] or [`Core::count`], once per slice of
/// nodes), so the hot loops stay inside each engine, monomorphised for
/// its modes. An engine with a
/// branch and bound says so through [`Core::bound`] ([`Optimize`]); the
/// seed's generator, the estimate and the donated share are computed once,
/// in `kit`, over what the engine reports.
pub(crate) trait Core: std::fmt::Debug + Send + CoreClone {
    /// Which engine this is: [`Engine::Exact`], [`Engine::Small`] or
    /// [`Engine::General`].
    fn kind(&self) -> Engine;
    /// The most rows a solution can have beyond the forced ones.
    fn depth_limit(&self) -> usize;
    /// Link updates so far, counted as Knuth's programs count them (the
    /// search counts from where it stood at its start).
    fn updates(&self) -> u64;
    /// Takes `fixed.excluded` out of the matrix, then chooses
    /// `fixed.forced` (compatible), before the search, with nothing chosen.
    fn force(&mut self, fixed: &Fixed);
    /// Undoes `force(fixed)`; the search must be unwound first.
    fn unforce(&mut self, fixed: &Fixed);
    /// Undoes the search back to the forced rows and puts it at its start.
    fn unwind(&mut self);
    /// Steers the search from its start (it must be unwound, or restarted
    /// after with the seed it had): the random order of `steering.seed`
    /// from its first draw, or none; dynamic weights all back to 1, or
    /// off. Allocates only what a seed or the weights turned on need the
    /// first time. Errors: out of memory, changing nothing.
    fn steer(&mut self, steering: Steering) -> Result<(), Error>;
    /// Runs the search to its next solution, its end, or `run.limit` nodes.
    fn find(&mut self, run: Find<'_>) -> Found;
    /// Counts solutions as [`Core::find`] finds them, in `run.counted`,
    /// without returning at each.
    fn count(&mut self, run: Count<'_>) -> Counted;
    /// Stops at each node of `run.depth` (and each solution above it)
    /// from the start to the end.
    fn cut(&mut self, run: Cut<'_>) -> Cutting;
    /// Appends the rows chosen by the search (forced ones not included),
    /// in the order chosen, after a solution or a [`Cutting::Cut`].
    fn solution(&self, out: &mut Vec<usize>);
    /// Gives away the last untried branch of the shallowest level that has
    /// one, between two walks (paused or at a solution, walked with
    /// `share`): appends the rows chosen above that level and the
    /// branch's row to `rows`, the rows the branch rules out to `excluded`
    /// (forced and excluded ones of `Fixed` not included), and the walk
    /// never takes that branch. Returns the branch's level and share of
    /// the tree (`kit::shallowest`), or `None` when no level has an
    /// untried branch.
    fn donate(&mut self, rows: &mut Vec<usize>, excluded: &mut Vec<usize>) -> Option<Given>;
    /// Readies a copy of a walk made without [`Find::share`] to give
    /// branches away ([`Core::donate`]). Nothing to do for an engine
    /// that keeps where each level stops in any walk.
    fn ready_to_donate(&mut self) {}
    /// The work a walk has left once every branch it can give away has
    /// been given ([`Core::donate`] until `None`; on a copy, which this
    /// walks back up): hands `piece` the engine at each node the walk
    /// would still go below, each the root of a subtree of its own, as
    /// [`Core::solution`] and [`Core::excluded`] describe it, with the
    /// level it leaves the path at: the node it paused before entering
    /// (the whole search, at its start; the level below the path's), and,
    /// with bounds, each stop branch it would take last on the way back up
    /// (that branch's level), deepest first.
    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize));
    /// For each level on the path to where the search stands, from the
    /// top: the branches it has finished and all its branches (what
    /// `kit::estimate` weighs).
    fn branches(&self, level: &mut dyn FnMut(u64, u64));
    /// The rows chosen on the path to where the search stands.
    fn depth(&self) -> usize;
    /// Whether the search is exhausted.
    fn is_done(&self) -> bool;

    /// Appends the rows the path to a [`Cutting::Cut`] rules out (excluded
    /// ones of `Fixed` not included): with the rows of [`Core::solution`]
    /// forced and these excluded, a search walks exactly the tree below
    /// the cut. Exact cover rules out nothing that forcing does not (the
    /// rows of an item tried before the chosen one share that item).
    fn excluded(&self, out: &mut Vec<usize>) {
        let _ = out;
    }

    /// The branch and bound of an engine that has one.
    fn bound(&self) -> Option<&dyn Optimize> {
        None
    }

    fn bound_mut(&mut self) -> Option<&mut dyn Optimize> {
        None
    }

    /// The estimated fraction of the tree walked, 0 to 1.
    fn estimate(&self) -> f64 {
        if self.is_done() {
            return 1.0;
        }
        let mut e = kit::Estimate::default();
        self.branches(&mut |k, d| e.level(k, d));
        e.value()
    }
}

/// The branch and bound of an engine (see [`crate::bound`]).
pub(crate) trait Optimize {
    /// The branch and bound for `objective` over rows of `costs`. Errors
    /// as `Solver::set_objective`.
    fn optimizer(&self, objective: Objective, costs: &[i64]) -> Result<Optimizer, Error>;
    /// The cost of the solution the walk stands at, as `objective` counts
    /// it (scaled, forced rows included).
    fn solution_cost(&self, objective: &Optimizer) -> i64;
    /// Room for [`Optimize::order_lists`], reserved before anything
    /// changes; none for an engine whose lists keep their order.
    fn order_scratch(&self) -> Result<Vec<(u32, i64, u32)>, Error> {
        Ok(Vec::new())
    }
    /// Puts the lists in the order `objective` wants (or the order rows
    /// were added, with `None`); nothing may be chosen, forced rows
    /// included. By default the lists keep their order.
    fn order_lists(&mut self, objective: Option<&Optimizer>, scratch: &mut Vec<(u32, i64, u32)>) {
        let _ = (objective, scratch);
    }
    /// After [`Found::Strengthen`] (which only a bound with a quick first
    /// stage asks for, `Optimizer::strengthen_at`): strengthens the bound
    /// and starts the search over (`fixed` stays). By default the bound
    /// has one stage, and this is never asked.
    fn strengthen(&mut self, objective: &mut Optimizer, fixed: &Fixed) {
        let _ = (objective, fixed);
    }
    /// Tightens the bound the caller sees (`Optimizer::tighten`), on an
    /// engine with shares.
    fn tighten(&self, objective: &mut Optimizer) {
        let _ = objective;
    }
    /// When `Optimizer::dropping_due`: leaves out the rows in no cover
    /// below the bar (`Optimizer::droppable`) and starts the search over,
    /// when there are enough of them to repay that; `unforce` brings them
    /// back. By default nothing is dropped.
    fn drop_rows(&mut self, objective: &mut Optimizer, fixed: &Fixed) {
        let _ = fixed;
        objective.dropped_at = objective.bar;
    }
    /// Turns on the node bound (`bound::node`) where the engine has it:
    /// `objective.node` set, from the rows in the search now (`fixed`
    /// forced). By default there is none.
    fn start_node_bound(&mut self, objective: &mut Optimizer, fixed: &Fixed) {
        let _ = (objective, fixed);
    }
}

/// A copy of an engine behind the trait, for [`Clone`] on the search.
pub(crate) trait CoreClone {
    fn boxed_clone(&self) -> Box<dyn Core>;
}

impl<T: Core + Clone + 'static> CoreClone for T {
    fn boxed_clone(&self) -> Box<dyn Core> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Core> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A matrix of `columns` columns (the last `secondary` of them
    /// secondary) and `rows` rows of `width` entries, row `r` on columns
    /// `r, r + 1, ...` (mod the primary ones) and, with `colored`, the
    /// first secondary column in color `1 + r % 2`.
    fn matrix(columns: usize, secondary: usize, rows: usize, width: usize, colored: bool) -> Matrix {
        let primary = columns - secondary;
        let mut m = Matrix::new(columns).unwrap();
        for c in primary..columns {
            m.set_secondary(c).unwrap();
        }
        for r in 0..rows {
            let mut cols: Vec<usize> = (0..width).map(|k| (r + k) % primary).collect();
            let mut colors = vec![0; width];
            if colored {
                cols.push(primary);
                colors.push(1 + (r % 2) as u32);
            }
            m.add_colored_row(&cols, &colors).unwrap();
        }
        m
    }

    /// Wrong code caught, a case each: bounds kept off the bit sets where
    /// they fit, or sent there where they or their clash sets do not;
    /// colors sent to DLX1's links (which have none), or to
    /// the bit sets when they do not fit; exact cover kept off the bit
    /// sets where the links spill from the first-level cache or the rows
    /// are long, or put on them where neither holds or they do not fit.
    #[test]
    fn the_automatic_rule_takes_each_of_its_branches() {
        let mut bounded = matrix(4, 0, 10, 2, false);
        bounded.set_bounds(0, 0, 2).unwrap();
        assert_eq!(auto(&bounded), Engine::Small, "small bounds");
        // 101 columns, 4000 rows: bit sets of 102 x 63 words, 51 KB.
        let mut wide = matrix(101, 0, 4000, 2, false);
        wide.set_bounds(0, 0, 2).unwrap();
        assert_eq!(auto(&wide), Engine::Cells, "large bounds");
        // 3 columns, 3000 rows: bit sets of 4 x 47 words, 1.5 KB, but
        // clash sets of 3000 x 47 words, 1.1 MB.
        let mut clashing = matrix(3, 1, 3000, 1, true);
        clashing.set_bounds(0, 0, 2).unwrap();
        assert!(small::fit(&clashing).bits && !bits_m::fits(&clashing));
        assert_eq!(auto(&clashing), Engine::Cells, "bounds with large clash sets");
        // 11 columns, 40 rows: bit sets of 96 bytes.
        assert_eq!(auto(&matrix(11, 1, 40, 2, true)), Engine::Small, "small colors");
        // 101 columns, 4000 rows: bit sets of 102 x 63 words, 51 KB.
        let wide = matrix(101, 1, 4000, 2, true);
        assert!(!small::fit(&wide).bits);
        assert_eq!(auto(&wide), Engine::Cells, "large colors");
        // 200 columns, 700 rows of 2: bit sets of 17 KB; links of 2,302
        // nodes, 37 KB.
        let spill = matrix(200, 0, 700, 2, false);
        assert_eq!(small::fit(&spill), small::fit::Fit { bits: true, links_spill: true, long_rows: false });
        assert_eq!(auto(&spill), Engine::Small, "links past the cache");
        // 30 columns, 100 rows of 3: links of 430 nodes, 7 KB.
        let long = matrix(30, 0, 100, 3, false);
        assert_eq!(small::fit(&long), small::fit::Fit { bits: true, links_spill: false, long_rows: true });
        assert_eq!(auto(&long), Engine::Small, "long rows");
        let short = matrix(30, 0, 100, 2, false);
        assert_eq!(small::fit(&short), small::fit::Fit { bits: true, links_spill: false, long_rows: false });
        assert_eq!(auto(&short), Engine::Exact, "short rows, links in the cache");
        let large = matrix(101, 0, 4000, 3, false);
        assert!(!small::fit(&large).bits);
        assert_eq!(auto(&large), Engine::Exact, "large exact cover");
    }
}
