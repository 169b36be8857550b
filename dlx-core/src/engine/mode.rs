//! The three ways an engine walks its tree, each with what it takes and
//! the ends it can come to, so that a walk can return only those:
//!
//! * [`Find`] → [`Found`]: to the next solution (branch and bound with an
//!   objective), a node budget, the end;
//! * [`Count`] → [`Counted`]: counting solutions inside the walk up to a
//!   most, a node budget, the end;
//! * [`Cut`] → [`Cutting`]: stopping at each node of a depth (the
//!   subproblems of `crate::split`) and at each solution above it, to the
//!   end, with no budget and no bound.
//!
//! The engines' walks are generic over the outcome ([`Ending`]): they
//! take each end from its constant, which exists only for the outcomes
//! that have it, so a finding walk cannot cut and a cutting walk cannot
//! pause. The constants are known when the walk is compiled, so a mode's
//! loop has no code for the others.

use crate::bound::optimizer::Optimizer;

/// Run to the next solution, the end, or `limit` nodes.
pub(crate) struct Find<'a> {
    pub nodes: &'a mut u64,
    pub limit: u64,
    pub objective: Option<&'a mut Optimizer>,
    /// Whether levels may have given rows away ([`Core::donate`](super::Core::donate)):
    /// the walk then checks where each level stops (parallel workers
    /// only, so that a serial search pays nothing for it).
    pub share: bool,
}

/// Count solutions in `counted` without stopping at them, up to `most`
/// (at least 1), the end, or `limit` nodes. No objective.
pub(crate) struct Count<'a> {
    pub nodes: &'a mut u64,
    pub limit: u64,
    /// As [`Find::share`].
    pub share: bool,
    pub counted: &'a mut u64,
    pub most: u64,
}

/// Stop at each path of `depth` levels with primary items left
/// ([`Cutting::Cut`]) and at each solution above it, branching in the
/// lists' order (never at random) and never pruning by a bound.
pub(crate) struct Cut<'a> {
    pub nodes: &'a mut u64,
    pub depth: usize,
}

/// How a [`Find`] walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// A solution: [`Core::solution`](super::Core::solution) lists its rows.
    Solution,
    /// The node budget is spent; the next call carries on from here.
    Paused,
    /// The search is exhausted.
    Exhausted,
    /// Branch and bound only: the bound asks to be strengthened
    /// ([`Optimize::strengthen`](super::Optimize::strengthen)) and the
    /// search started over.
    Strengthen,
}

/// How a [`Count`] walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counted {
    /// The count reached its most, the last solution where the walk
    /// stands (as after [`Found::Solution`]).
    Most,
    /// The node budget is spent; the next call carries on from here.
    Paused,
    /// The search is exhausted.
    Exhausted,
}

/// How a [`Cut`] walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cutting {
    /// A path of the depth with primary items left: a subproblem
    /// ([`Core::solution`](super::Core::solution) and
    /// [`Core::excluded`](super::Core::excluded) describe it). The next
    /// call carries on past it.
    Cut,
    /// A solution above the depth.
    Solution,
    /// The search is exhausted.
    Exhausted,
}

/// What a walk does at a solution.
pub(crate) enum AtSolution<O> {
    /// Stops there with this.
    Stop(O),
    /// Counts it and walks on; stops with this when the count reaches its
    /// most.
    Count(O),
}

/// The ends of one mode's walk, each a constant: `None` where the mode
/// has no such end (the walk then never checks for it).
pub(crate) trait Ending: Copy {
    const AT_SOLUTION: AtSolution<Self>;
    const EXHAUSTED: Self;
    /// The node budget spent.
    const PAUSED: Option<Self>;
    /// A path at the depth cap.
    const CUT: Option<Self>;
    /// The branch and bound's first stage done (see [`Found::Strengthen`]).
    const STRENGTHEN: Option<Self>;
    /// Whether the walk counts solutions itself.
    const COUNTS: bool = matches!(Self::AT_SOLUTION, AtSolution::Count(_));

    /// At the one solution of a search whose forced rows (or none) are
    /// already a solution, after which the walk is done: stopped at it, or
    /// counted in `found`.
    #[inline(always)]
    fn lone_solution(found: &mut u64, most: u64) -> Self {
        match Self::AT_SOLUTION {
            AtSolution::Stop(stop) => stop,
            AtSolution::Count(most_reached) => {
                *found += 1;
                if *found < most { Self::EXHAUSTED } else { most_reached }
            }
        }
    }
}

impl Ending for Found {
    const AT_SOLUTION: AtSolution<Self> = AtSolution::Stop(Found::Solution);
    const EXHAUSTED: Self = Found::Exhausted;
    const PAUSED: Option<Self> = Some(Found::Paused);
    const CUT: Option<Self> = None;
    const STRENGTHEN: Option<Self> = Some(Found::Strengthen);
}

impl Ending for Counted {
    const AT_SOLUTION: AtSolution<Self> = AtSolution::Count(Counted::Most);
    const EXHAUSTED: Self = Counted::Exhausted;
    const PAUSED: Option<Self> = Some(Counted::Paused);
    const CUT: Option<Self> = None;
    const STRENGTHEN: Option<Self> = None;
}

impl Ending for Cutting {
    const AT_SOLUTION: AtSolution<Self> = AtSolution::Stop(Cutting::Solution);
    const EXHAUSTED: Self = Cutting::Exhausted;
    const PAUSED: Option<Self> = None;
    const CUT: Option<Self> = Some(Cutting::Cut);
    const STRENGTHEN: Option<Self> = None;
}

/// What a walk of any mode reads of it, lowered in one place: the node
/// counter and budget, the depth cap (`usize::MAX`: none) and the count
/// with its most.
pub(crate) struct Steps<'a> {
    pub nodes: &'a mut u64,
    pub limit: u64,
    pub cap: usize,
    pub counted: Option<&'a mut u64>,
    pub most: u64,
}

impl<'a> Steps<'a> {
    /// The steps of a [`Find`] walk, and its objective.
    pub fn find(run: Find<'a>) -> (Steps<'a>, Option<&'a mut Optimizer>) {
        (Steps { nodes: run.nodes, limit: run.limit, cap: usize::MAX, counted: None, most: 0 }, run.objective)
    }

    pub fn count(run: Count<'a>) -> Steps<'a> {
        Steps { nodes: run.nodes, limit: run.limit, cap: usize::MAX, counted: Some(run.counted), most: run.most }
    }

    pub fn cut(run: Cut<'a>) -> Steps<'a> {
        Steps { nodes: run.nodes, limit: u64::MAX, cap: run.depth, counted: None, most: 0 }
    }
}
