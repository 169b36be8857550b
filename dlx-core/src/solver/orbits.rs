//! Counts and listings up to symmetry (`crate::symmetry`): the number of
//! orbits by Burnside's lemma, each element's fixed solutions counted as
//! those of a smaller matrix by a solver of its own; and the least
//! solution of each orbit.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use super::Solver;
use crate::control::{Limits, Outcome};
use crate::engine::Engine;
use crate::error::{Error, Unsupported};
use crate::matrix::Matrix;
use crate::memo::Count;
use crate::symmetry::{Fixed, Group, Scratch};

/// Which count [`Solver::count_orbits`] runs for each element's fixed
/// solutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountMethod {
    /// The automatic count ([`Solver::count_auto`]).
    #[default]
    Auto,
    /// The plain count ([`Solver::count_run`]).
    Plain,
    /// The memoized count ([`Solver::memo_count`]).
    Memo,
}

/// The solutions counted up to symmetry ([`Solver::count_orbits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbits {
    /// The number of orbits: solutions no symmetry maps to one another.
    pub orbits: Count,
    /// Per element of the group (element 0 the identity, so `fixed[0]`
    /// counts every solution), the solutions it maps to themselves; their
    /// sum is `orbits` times the group's order, `fixed.len()`.
    pub fixed: Vec<Count>,
}

/// A count up to symmetry under way or done: what a stopped call left.
#[derive(Clone, Debug)]
pub(super) struct OrbitCount {
    method: CountMethod,
    group: Arc<Group>,
    /// Each element's count, once done.
    fixed: Vec<Option<Count>>,
    /// The solver of the element under way, and the plain count so far.
    sub: Option<(usize, Box<Solver>, u64)>,
    /// The elements counted by a scan of every solution
    /// ([`Fixed::Scan`]), their counts so far, and the scan's solver.
    scanned: Vec<(usize, u64)>,
    scan: Option<Box<Solver>>,
    result: Option<Orbits>,
}

impl Solver {
    /// The group the matrix's symmetries generate
    /// ([`Matrix::add_symmetry`], [`Group::of`]). Errors: those of
    /// `Group::of`.
    pub fn group(&self) -> Result<Group, Error> {
        Group::of(self.search.subproblem().0)
    }

    /// Counts the solutions up to the symmetries of the matrix
    /// ([`Matrix::add_symmetry`]): the orbits, and per element of the
    /// group the solutions it fixes, each a count of a smaller matrix
    /// ([`crate::symmetry`]) by `method` on the solver's threads and memo
    /// options. Exact at any size.
    ///
    /// Within the call's limits, cancel (this solver's canceller) as
    /// [`Solver::count_auto`]: the node and update limits apply to each
    /// element's count in turn, the time limit to the call; no progress
    /// reports. `Some` when done (again at once on later calls, until the
    /// search restarts), `None` when the call stopped ([`Solver::outcome`]
    /// says why; the next call with the same method goes on).
    ///
    /// Errors: [`Error::Unsupported`] ([`Unsupported::OrbitsOfPart`]) with
    /// forced or excluded rows, an objective or a cost limit; those of
    /// [`Group::of`] ([`Error::NotSymmetry`], [`Unsupported::LargeGroup`]);
    /// [`Error::OutOfMemory`].
    pub fn count_orbits(&mut self, method: CountMethod) -> Result<Option<Orbits>, Error> {
        self.check_whole()?;
        let started = Instant::now();
        if self.orbits.as_ref().is_none_or(|o| o.method != method) {
            let group = Arc::new(self.group()?);
            let fixed = crate::alloc::filled(group.order())?;
            self.orbits = Some(Box::new(OrbitCount { method, group, fixed, sub: None, scanned: Vec::new(), scan: None, result: None }));
        }
        let matrix = Arc::clone(self.search.subproblem().0);
        let outcome = self.count_elements(&matrix, started)?;
        if outcome != Outcome::Exhausted {
            self.search.set_outcome(outcome);
            return Ok(None);
        }
        self.search.set_outcome(Outcome::Exhausted);
        let state = self.orbits.as_mut().ok_or(Error::InvalidArgument)?;
        if state.result.is_none() {
            let fixed: Vec<Count> = state.fixed.iter().map(|c| c.clone().unwrap_or_else(|| Count::from(0u64))).collect();
            let total = fixed.iter().fold(num_bigint::BigUint::default(), |sum, c| sum + c.to_biguint());
            let orbits = Count::from_big(total / num_bigint::BigUint::from(state.group.order()));
            state.result = Some(Orbits { orbits, fixed });
        }
        Ok(state.result.clone())
    }

    /// [`Unsupported::OrbitsOfPart`] unless the solver searches the whole
    /// matrix for all its solutions.
    fn check_whole(&self) -> Result<(), Error> {
        let (_, forced, excluded) = self.search.subproblem();
        if !forced.is_empty() || !excluded.is_empty() || self.objective().is_some() || self.cost_limit().is_some() {
            return Err(Error::Unsupported(Unsupported::OrbitsOfPart));
        }
        Ok(())
    }

    /// Counts each element's fixed solutions not yet counted, then those
    /// of the scan: `Exhausted` once all are, else how the call stopped.
    fn count_elements(&mut self, matrix: &Arc<Matrix>, started: Instant) -> Result<Outcome, Error> {
        let Some(state) = self.orbits.as_mut() else { return Err(Error::InvalidArgument) };
        for i in 0..state.group.order() {
            if state.fixed[i].is_some() || state.scanned.iter().any(|&(e, _)| e == i) {
                continue;
            }
            if state.sub.as_ref().is_none_or(|s| s.0 != i) {
                match state.group.fixed(matrix, i)? {
                    Fixed::Matrix(q) => state.sub = Some((i, Box::new(Solver::from_shared_with_engine(Arc::from(q), Engine::Auto)?), 0)),
                    Fixed::Scan => {
                        state.scanned.try_reserve(1)?;
                        state.scanned.push((i, 0));
                        continue;
                    }
                }
            }
            let Some((_, sub, plain)) = state.sub.as_mut() else { continue };
            configure(sub, &self.search, self.threads, self.memo_options, started);
            let count = match state.method {
                CountMethod::Auto => sub.count_auto()?,
                CountMethod::Memo => sub.memo_count()?,
                CountMethod::Plain => {
                    let (counted, outcome) = sub.count_run();
                    *plain += counted;
                    (outcome == Outcome::Exhausted).then(|| Count::from(*plain))
                }
            };
            match count {
                Some(c) => {
                    state.fixed[i] = Some(c);
                    state.sub = None;
                }
                None => return Ok(sub.outcome().unwrap_or(Outcome::Stopped)),
            }
        }
        if state.scanned.is_empty() || state.scanned.iter().all(|&(e, _)| state.fixed[e].is_some()) {
            return Ok(Outcome::Exhausted);
        }
        // § The scan: every solution, tested against each element left.
        if state.scan.is_none() {
            state.scan = Some(Box::new(Solver::from_shared(Arc::clone(matrix))?));
        }
        let (group, scanned) = (&state.group, &mut state.scanned);
        let Some(scan) = state.scan.as_mut() else { return Err(Error::InvalidArgument) };
        configure(scan, &self.search, self.threads, self.memo_options, started);
        scan.search.set_limits(Limits { solutions: None, ..scan.limits() });
        let mut scratch = Scratch::default();
        let mut failed = None;
        let outcome = scan.run(|rows| {
            for (e, n) in scanned.iter_mut() {
                match group.fixes(*e, rows, &mut scratch) {
                    Ok(yes) => *n += u64::from(yes),
                    Err(err) => {
                        failed = Some(err);
                        return ControlFlow::Break(());
                    }
                }
            }
            ControlFlow::Continue(())
        });
        if let Some(e) = failed {
            state.scan = None;
            scanned.iter_mut().for_each(|s| s.1 = 0);
            return Err(e);
        }
        if outcome == Outcome::Exhausted {
            for &(e, n) in scanned.iter() {
                state.fixed[e] = Some(Count::from(n));
            }
        }
        Ok(outcome)
    }

    /// Hands `f` the least solution of each orbit
    /// ([`Group::is_least`]: as sorted row ids, no symmetry maps it to a
    /// smaller list), in the order the search meets them, until the search
    /// is exhausted, `f` breaks, or a limit or a cancel ends the call, as
    /// [`Solver::run`] (the solution limit counts the solutions handed
    /// out). It searches every solution and tests each against the group.
    /// Errors: those of [`Solver::count_orbits`] but for the method.
    pub fn run_orbits(&mut self, mut f: impl FnMut(&[usize]) -> ControlFlow<()>) -> Result<Outcome, Error> {
        self.check_whole()?;
        let group = match &self.orbits {
            Some(state) => Arc::clone(&state.group),
            None => Arc::new(self.group()?),
        };
        let limits = self.limits();
        self.search.set_limits(Limits { solutions: None, ..limits });
        let mut scratch = Scratch::default();
        let (mut handed, mut failed, mut full) = (0u64, None, false);
        let outcome = self.run(|rows| match group.is_least(rows, &mut scratch) {
            Ok(false) => ControlFlow::Continue(()),
            Ok(true) => {
                handed += 1;
                let flow = f(rows);
                full = limits.solutions.is_some_and(|most| handed >= most);
                if full { ControlFlow::Break(()) } else { flow }
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        });
        self.search.set_limits(limits);
        if let Some(e) = failed {
            return Err(e);
        }
        let outcome = if full && outcome == Outcome::Stopped { Outcome::SolutionLimit } else { outcome };
        self.search.set_outcome(outcome);
        Ok(outcome)
    }
}

/// Gives the solver of one element's count the threads, memo options,
/// limits and canceller of the call, its time limit less what the call
/// has taken.
fn configure(sub: &mut Solver, parent: &crate::search::Search, threads: usize, memo: crate::memo::MemoOptions, started: Instant) {
    let limits = parent.limits();
    let time = limits.time.map(|t| t.saturating_sub(started.elapsed()));
    sub.search.set_limits(Limits { time, ..limits });
    sub.search.controls_mut().canceller = parent.canceller();
    if sub.threads() != threads {
        sub.set_threads(threads);
    }
    if sub.memo_options() != memo {
        sub.set_memo_options(memo);
    }
}
