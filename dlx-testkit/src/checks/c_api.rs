//! The C API as a state machine: a random sequence of calls on one matrix
//! and one solver (with NULLs, out-of-range values and bad rows among
//! them), each status and out-parameter checked against a [`Problem`]
//! model, and every failed call checked to have changed nothing.

use std::collections::BTreeSet;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

use super::input::Input;
use dlx_core::Goal;
// Links the C library, whose functions the calls below reach.
use dlx as _;

use super::problem::{Problem, COLORS, COSTS};

#[repr(C)]
struct Opaque {
    _private: [u8; 0],
}

type Status = u32;
const OK: Status = 0;
const SOLUTION: Status = 1;
const DONE: Status = 2;
const STOPPED: Status = 3;
const NULL: Status = 4;
const COLUMN_RANGE: Status = 5;
const DUPLICATE_COLUMN: Status = 6;
const EMPTY_ROW: Status = 7;
const UNKNOWN_VALUE: Status = 10;
const BUFFER_TOO_SMALL: Status = 11;
const ROW_RANGE: Status = 15;
const CONFLICT: Status = 16;
const COST_RANGE: Status = 17;
const INVALID_ARGUMENT: Status = 18;
const NO_SOLUTION: Status = 19;
const BOUNDS: Status = 20;
const COLOR_ON_PRIMARY: Status = 21;
const UNSUPPORTED: Status = 13;

/// dlx_engine values.
const ENGINE_AUTO: u32 = 0;
const ENGINE_EXACT: u32 = 1;

type SolutionFn = extern "C" fn(*mut c_void, *const usize, usize) -> i32;

extern "C" {
    fn dlx_matrix_new(columns: usize, out: *mut *mut Opaque) -> Status;
    fn dlx_matrix_free(m: *mut Opaque);
    fn dlx_matrix_set_secondary(m: *mut Opaque, column: usize) -> Status;
    fn dlx_matrix_add_row(m: *mut Opaque, columns: *const usize, count: usize, row_out: *mut usize) -> Status;
    fn dlx_matrix_add_row_colored(m: *mut Opaque, columns: *const usize, colors: *const u32, count: usize, row_out: *mut usize) -> Status;
    fn dlx_matrix_set_bounds(m: *mut Opaque, column: usize, lower: u32, upper: u32) -> Status;
    fn dlx_matrix_bounds(m: *const Opaque, column: usize, lower: *mut u32, upper: *mut u32) -> Status;
    fn dlx_matrix_entry_color(m: *const Opaque, row: usize, k: usize, color: *mut u32) -> Status;
    fn dlx_matrix_set_row_cost(m: *mut Opaque, row: usize, cost: i64) -> Status;
    fn dlx_matrix_row_cost(m: *const Opaque, row: usize, cost: *mut i64) -> Status;
    fn dlx_matrix_column_count(m: *const Opaque) -> usize;
    fn dlx_matrix_row_count(m: *const Opaque) -> usize;
    fn dlx_matrix_write(m: *const Opaque, buffer: *mut u8, capacity: usize, length: *mut usize) -> Status;
    fn dlx_matrix_parse(text: *const u8, len: usize, out: *mut *mut Opaque, error: *mut *mut Opaque) -> Status;
    fn dlx_count(m: *const Opaque, max: u64, count: *mut u64) -> Status;
    fn dlx_solve_first(m: *const Opaque, rows: *mut usize, capacity: usize, count: *mut usize) -> Status;
    fn dlx_solve_best(m: *const Opaque, objective: u32, rows: *mut usize, capacity: usize, count: *mut usize, cost: *mut i64) -> Status;
    fn dlx_solver_new(m: *const Opaque, out: *mut *mut Opaque) -> Status;
    fn dlx_solver_new_with_engine(m: *const Opaque, engine: u32, out: *mut *mut Opaque) -> Status;
    fn dlx_solver_subproblems(s: *mut Opaque, depth: usize, f: Option<SolutionFn>, user: *mut c_void, count: *mut u64, result: *mut i32) -> Status;
    fn dlx_solver_free(s: *mut Opaque);
    fn dlx_solver_next(s: *mut Opaque, rows: *mut *const usize, count: *mut usize) -> Status;
    fn dlx_solver_run(s: *mut Opaque, f: Option<SolutionFn>, user: *mut c_void, result: *mut i32) -> Status;
    fn dlx_solver_counter(s: *const Opaque, which: u32, value: *mut u64) -> Status;
    fn dlx_solver_set_limit(s: *mut Opaque, which: u32, value: u64) -> Status;
    fn dlx_solver_restart(s: *mut Opaque) -> Status;
    fn dlx_solver_force_rows(s: *mut Opaque, rows: *const usize, count: usize) -> Status;
    fn dlx_solver_set_seed(s: *mut Opaque, seed: u64) -> Status;
    fn dlx_solver_clear_seed(s: *mut Opaque) -> Status;
    fn dlx_solver_set_objective(s: *mut Opaque, objective: u32, best: usize) -> Status;
    fn dlx_solver_set_cost_limit(s: *mut Opaque, limit: i64) -> Status;
    fn dlx_solver_clear_cost_limit(s: *mut Opaque) -> Status;
    fn dlx_solver_cost(s: *const Opaque, cost: *mut i64) -> Status;
    fn dlx_solver_best_count(s: *const Opaque) -> usize;
    fn dlx_solver_best(s: *const Opaque, index: usize, rows: *mut *const usize, count: *mut usize, cost: *mut i64) -> Status;
}

/// What the model knows of the solver.
struct SolverModel {
    handle: *mut Opaque,
    /// The matrix as it was when the solver was made.
    p: Problem,
    /// The `dlx_engine` it runs (never AUTO's choice: AUTO itself).
    engine: u32,
    forced: Vec<usize>,
    /// The goal and k of the objective.
    objective: Option<(Goal, usize)>,
    cost_limit: Option<i64>,
    limited: bool,
    /// Solutions since the search (re)started, and whether it ended.
    seen: BTreeSet<Vec<usize>>,
    last_cost: Option<i64>,
    done: bool,
}

impl SolverModel {
    fn restarted(&mut self) {
        self.seen.clear();
        self.last_cost = None;
        self.done = false;
    }

    /// The cost of `rows` as `dlx_solver_cost` reports it.
    fn cost(&self, rows: &[usize]) -> i64 {
        self.p.cost(self.objective.map_or(Goal::MinCost, |o| o.0), rows)
    }

    /// The k best costs as the solver reports them, best first.
    fn expected_best(&self) -> Vec<i64> {
        let Some((goal, k)) = self.objective else { return Vec::new() };
        self.p.best_costs(goal, k, &self.forced, self.cost_limit)
    }
}

/// The goal of a `dlx_objective` value other than DLX_OBJECTIVE_ALL.
fn goal_of(objective: u32) -> Goal {
    [Goal::MinCost, Goal::MaxCost, Goal::FewestRows][objective as usize - 1]
}

fn usable_rows(p: &Problem) -> usize {
    p.rows.iter().filter(|r| r.iter().any(|e| !p.secondary[e.0])).count()
}

/// The statuses a row may get, by the model (several when it has more than
/// one fault: the order of the checks is not promised).
fn row_faults(p: &Problem, cols: &[usize], colors: &[u32]) -> Vec<Status> {
    let n = p.columns();
    let mut faults = Vec::new();
    if cols.is_empty() {
        faults.push(EMPTY_ROW);
    }
    if cols.iter().any(|&c| c >= n) {
        faults.push(COLUMN_RANGE);
    }
    if (0..cols.len()).any(|i| (0..i).any(|j| cols[i] == cols[j])) {
        faults.push(DUPLICATE_COLUMN);
    }
    if cols.iter().zip(colors).any(|(&c, &k)| k != 0 && c < n && !p.secondary[c]) {
        faults.push(COLOR_ON_PRIMARY);
    }
    faults
}

extern "C" fn collect(user: *mut c_void, rows: *const usize, count: usize) -> i32 {
    // SAFETY: `user` is the Vec handed to dlx_solver_run below; `rows`
    // holds `count` ids during the call.
    let out = unsafe { &mut *user.cast::<Vec<Vec<usize>>>() };
    out.push(unsafe { std::slice::from_raw_parts(rows, count) }.to_vec());
    0
}

/// Checks the model's matrix against the handle: sizes, bounds, colors,
/// costs.
fn same_matrix(m: *mut Opaque, p: &Problem) {
    unsafe {
        assert_eq!(dlx_matrix_column_count(m), p.columns());
        assert_eq!(dlx_matrix_row_count(m), p.rows.len());
        for c in 0..p.columns() {
            let (mut lo, mut hi) = (7, 7);
            assert_eq!(dlx_matrix_bounds(m, c, &mut lo, &mut hi), OK);
            assert_eq!((lo, hi), p.bounds[c], "bounds of column {c}");
        }
        let (mut lo, mut hi) = (7, 7);
        assert_eq!(dlx_matrix_bounds(m, p.columns(), &mut lo, &mut hi), COLUMN_RANGE);
        assert_eq!((lo, hi), (7, 7));
        for (r, row) in p.rows.iter().enumerate() {
            for (k, e) in row.iter().enumerate() {
                let mut color = 7;
                assert_eq!(dlx_matrix_entry_color(m, r, k, &mut color), OK);
                assert_eq!(color, e.1, "color of entry {k} of row {r}");
            }
            let mut color = 7;
            assert_eq!(dlx_matrix_entry_color(m, r, row.len(), &mut color), COLUMN_RANGE);
            let mut cost = 7;
            assert_eq!(dlx_matrix_row_cost(m, r, &mut cost), OK);
            assert_eq!(cost, p.costs[r]);
        }
        let mut cost = 7;
        assert_eq!(dlx_matrix_row_cost(m, p.rows.len(), &mut cost), ROW_RANGE);
        assert_eq!(cost, 7);
    }
}

pub fn c_api(data: &[u8]) {
    let mut inp = Input::new(data);
    let n = inp.below(7);
    let mut m: *mut Opaque = null_mut();
    unsafe {
        assert_eq!(dlx_matrix_new(n, null_mut()), NULL);
        assert_eq!(dlx_matrix_new(n, &mut m), OK);
    }
    let mut p = Problem::new(n);
    let mut solver: Option<SolverModel> = None;
    for _step in 0..200 {
        let op = inp.byte();
        if op == 0 && _step > 0 && inp.byte() == 0 {
            break;
        }
        unsafe {
            match op % 20 {
                0..=3 => add_row(m, &mut p, &mut inp, op, n),
                4 => set_secondary(m, &mut p, &mut inp, n),
                5 => set_bounds(m, &mut p, &mut inp, n),
                6 => set_cost(m, &mut p, &mut inp),
                7 => same_matrix(m, &p),
                8 if usable_rows(&p) <= 12 => solve_whole(m, &p, &mut inp, n),
                9 if usable_rows(&p) <= 12 && p.has_text() => round_trip(m),
                10 => new_solver(m, &p, data, &mut solver),
                op => {
                    if let Some(s) = solver.as_mut() {
                        solver_step(s, op, &mut inp);
                    }
                }
            }
        }
    }
    unsafe {
        same_matrix(m, &p);
        if let Some(s) = solver {
            dlx_solver_free(s.handle);
        }
        dlx_matrix_free(m);
    }
}

/// Ops 0 to 3: a row added (plain, colored, or with a null pointer), checked
/// against the faults the model finds in it.
fn add_row(m: *mut Opaque, p: &mut Problem, inp: &mut Input, op: u8, n: usize) {
    unsafe {
        let len = inp.below(5);
        let cols: Vec<usize> = (0..len).map(|_| inp.below(n + 1)).collect();
        let colors: Vec<u32> = (0..len).map(|_| if op % 4 == 1 { inp.pick(&COLORS) } else { 0 }).collect();
        let mut row = usize::MAX;
        let before = p.rows.len();
        let got = if op % 4 == 1 {
            let colors_ptr = if inp.below(8) == 0 { null() } else { colors.as_ptr() };
            let got = dlx_matrix_add_row_colored(m, cols.as_ptr(), colors_ptr, len, &mut row);
            if colors_ptr.is_null() && len > 0 {
                assert_eq!(got, NULL);
                assert_eq!(row, usize::MAX);
                return;
            }
            got
        } else if op % 4 == 2 && len > 0 && inp.below(4) == 0 {
            assert_eq!(dlx_matrix_add_row(m, null(), len, &mut row), NULL);
            assert_eq!(row, usize::MAX);
            return;
        } else {
            dlx_matrix_add_row(m, cols.as_ptr(), len, &mut row)
        };
        let faults = row_faults(p, &cols, &colors);
        if faults.is_empty() {
            assert_eq!(got, OK, "row {cols:?} colors {colors:?}");
            assert_eq!(row, before);
            p.rows.push(cols.into_iter().zip(colors).collect());
            p.costs.push(0);
        } else {
            assert!(faults.contains(&got), "row {cols:?} colors {colors:?}: got {got}, expected one of {faults:?}");
            assert_eq!(row, usize::MAX, "row_out written on failure");
        }
        assert_eq!(dlx_matrix_row_count(m), p.rows.len());
    }
}

/// Op 4: a column made secondary, or one out of range refused.
fn set_secondary(m: *mut Opaque, p: &mut Problem, inp: &mut Input, n: usize) {
    unsafe {
        let c = inp.below(n + 2);
        let got = dlx_matrix_set_secondary(m, c);
        if c < n {
            assert_eq!(got, OK);
            p.secondary[c] = true;
            p.bounds[c] = (0, 1);
        } else {
            assert_eq!(got, COLUMN_RANGE);
        }
    }
}

/// Op 5: bounds on a column, refused out of range, on a secondary column or
/// with lo > hi.
fn set_bounds(m: *mut Opaque, p: &mut Problem, inp: &mut Input, n: usize) {
    unsafe {
        let c = inp.below(n + 1);
        let (lo, hi) = (inp.below(4) as u32, inp.below(4) as u32);
        let got = dlx_matrix_set_bounds(m, c, lo, hi);
        if c >= n {
            assert_eq!(got, COLUMN_RANGE);
        } else if p.secondary[c] || lo > hi {
            assert_eq!(got, BOUNDS, "bounds ({lo}, {hi}) on column {c}");
        } else {
            assert_eq!(got, OK);
            p.bounds[c] = (lo, hi);
        }
    }
}

/// Op 6: a row's cost, refused out of range.
fn set_cost(m: *mut Opaque, p: &mut Problem, inp: &mut Input) {
    unsafe {
        let r = inp.below(p.rows.len() + 1);
        let cost = inp.pick(&COSTS);
        let got = dlx_matrix_set_row_cost(m, r, cost);
        if r < p.rows.len() {
            assert_eq!(got, OK);
            p.costs[r] = cost;
        } else {
            assert_eq!(got, ROW_RANGE);
        }
    }
}

/// Op 8, on a matrix the brute force can take: the count, the first solution
/// (and a buffer one row short), the best, against the brute force.
fn solve_whole(m: *mut Opaque, p: &Problem, inp: &mut Input, n: usize) {
    unsafe {
        let all = p.solutions(&[]);
        let mut count = 7;
        assert_eq!(dlx_count(m, 0, &mut count), OK);
        assert_eq!(count, all.len() as u64, "dlx_count\n{p:?}");
        assert_eq!(dlx_count(m, 0, null_mut()), NULL);
        let mut rows = vec![usize::MAX; p.rows.len().max(n)];
        let mut len = usize::MAX;
        let got = dlx_solve_first(m, rows.as_mut_ptr(), rows.len(), &mut len);
        if all.is_empty() {
            assert_eq!((got, len), (DONE, usize::MAX));
        } else {
            assert_eq!(got, SOLUTION);
            assert!(p.is_solution(&rows[..len]));
            if len > 0 {
                let mut short = usize::MAX;
                assert_eq!(dlx_solve_first(m, rows.as_mut_ptr(), len - 1, &mut short), BUFFER_TOO_SMALL);
                assert_eq!(short, usize::MAX);
            }
        }
        let objective = 1 + inp.below(4) as u32;
        let mut cost = 7;
        let got = dlx_solve_best(m, objective, rows.as_mut_ptr(), rows.len(), &mut len, &mut cost);
        if objective == 4 {
            assert_eq!(got, UNKNOWN_VALUE);
        } else if objective != 3 && p.absolute_cost_sum() > 1 << 61 {
            assert_eq!(got, COST_RANGE);
        } else if all.is_empty() {
            assert_eq!(got, DONE);
        } else {
            assert_eq!(got, SOLUTION);
            let goal = goal_of(objective);
            assert!(p.is_solution(&rows[..len]));
            assert_eq!(p.cost(goal, &rows[..len]), p.best_costs(goal, 1, &[], None)[0], "dlx_solve_best {objective}");
            assert_eq!(p.cost(goal, &rows[..len]), cost);
        }
    }
}

/// Op 9: the matrix written (sizes asked, buffers too small untouched) and
/// parsed back to the same count.
fn round_trip(m: *mut Opaque) {
    unsafe {
        let mut len = usize::MAX;
        assert_eq!(dlx_matrix_write(m, null_mut(), 0, &mut len), BUFFER_TOO_SMALL);
        assert_eq!(dlx_matrix_write(m, null_mut(), 1, &mut len), NULL);
        let mut buf = vec![0xAAu8; len + 1];
        let mut len2 = 0;
        assert_eq!(dlx_matrix_write(m, buf.as_mut_ptr(), len, &mut len2), BUFFER_TOO_SMALL);
        assert!(len2 == len && buf.iter().all(|&b| b == 0xAA), "buffer touched");
        assert_eq!(dlx_matrix_write(m, buf.as_mut_ptr(), len + 1, &mut len2), OK);
        assert_eq!((len2, buf[len]), (len, 0));
        let mut back: *mut Opaque = null_mut();
        let mut error: *mut Opaque = null_mut();
        let got = dlx_matrix_parse(buf.as_ptr(), len, &mut back, &mut error);
        assert_eq!(got, OK, "{}", String::from_utf8_lossy(&buf));
        assert!(error.is_null());
        let (mut a, mut b) = (7, 8);
        assert_eq!(dlx_count(m, 0, &mut a), OK);
        assert_eq!(dlx_count(back, 0, &mut b), OK);
        assert_eq!(a, b, "count after a round trip through the text\n{}", String::from_utf8_lossy(&buf));
        dlx_matrix_free(back);
    }
}

/// Op 10: a new solver (on an engine drawn from the input's bytes) and its
/// model, in place of the last.
fn new_solver(m: *mut Opaque, p: &Problem, data: &[u8], solver: &mut Option<SolverModel>) {
    unsafe {
        if let Some(s) = solver.take() {
            dlx_solver_free(s.handle);
        }
        let mut h = null_mut();
        // Any engine (drawn from the input's bytes, not read
        // from them, so the corpus decodes as before): every
        // call must behave the same on each that accepts the
        // matrix; the exact-cover one refuses bounds and
        // colors.
        let mut engine = (data.iter().map(|&b| b as usize).sum::<usize>() % dlx_core::Engine::all().len()) as u32;
        if engine == ENGINE_AUTO {
            assert_eq!(dlx_solver_new(m, &mut h), OK);
        } else {
            let got = dlx_solver_new_with_engine(m, engine, &mut h);
            if p.matrix().is_generalized() && engine == ENGINE_EXACT {
                assert_eq!((got, h), (UNSUPPORTED, null_mut()), "engine {engine} on bounds or colors");
                engine = ENGINE_AUTO;
                assert_eq!(dlx_solver_new(m, &mut h), OK);
            } else {
                assert_eq!(got, OK, "engine {engine}");
            }
        }
        assert_eq!(dlx_solver_new(null(), &mut h), NULL);
        *solver = Some(SolverModel {
            handle: h,
            p: p.clone(),
            engine,
            forced: Vec::new(),
            objective: None,
            cost_limit: None,
            limited: false,
            seen: BTreeSet::new(),
            last_cost: None,
            done: false,
        });
    }
}


/// dlx_solver_subproblems at a depth the model picks (reading no byte):
/// refused for bounds or colors, whatever the engine; otherwise parts whose
/// forced rows, each solved on a solver of its own, give every solution
/// once. The solver starts over afterwards.
unsafe fn subproblems(s: &mut SolverModel) {
    let depth = s.p.rows.len() % 3;
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let (mut count, mut result) = (77u64, 7);
    let got = unsafe { dlx_solver_subproblems(s.handle, depth, Some(collect), (&mut parts as *mut Vec<Vec<usize>>).cast(), &mut count, &mut result) };
    s.restarted();
    if s.p.matrix().is_generalized() {
        assert_eq!((got, count, parts.len()), (UNSUPPORTED, 77, 0), "subproblems on bounds or colors, engine {}", s.engine);
        return;
    }
    assert_eq!((got, count, result), (DONE, parts.len() as u64, 7), "subproblems, engine {}", s.engine);
    let m = s.p.matrix();
    let mut found: Vec<Vec<usize>> = Vec::new();
    for rows in &parts {
        assert!(rows.starts_with(&s.forced), "a part {rows:?} without the forced rows {:?}", s.forced);
        let mut w = dlx_core::Solver::new(&m).expect("a solver");
        w.force_rows(rows).expect("a part's rows fit together");
        while let Some(f) = w.next_solution() {
            let mut sorted = f.to_vec();
            sorted.sort_unstable();
            found.push(sorted);
        }
    }
    found.sort();
    let distinct: BTreeSet<&Vec<usize>> = found.iter().collect();
    assert_eq!(distinct.len(), found.len(), "a solution below two parts, engine {}", s.engine);
    assert_eq!(found, s.p.solutions(&s.forced), "the parts' solutions, engine {}", s.engine);
}

/// One call on the solver.
unsafe fn solver_step(s: &mut SolverModel, op: u8, inp: &mut Input) {
    let h = s.handle;
    let small = usable_rows(&s.p) <= 12;
    unsafe {
        match op {
            11 | 12 if small => next_or_run(s, op),
            13 => {
                let which = inp.below(5) as u32;
                let value = match which {
                    3 => inp.pick(&[0, 60_000]),
                    _ => inp.below(6) as u64,
                };
                let got = dlx_solver_set_limit(h, which, value);
                if which == 4 {
                    assert_eq!(got, UNKNOWN_VALUE);
                } else {
                    assert_eq!(got, OK);
                    s.limited |= value > 0 && which != 3;
                }
            }
            14 => {
                assert_eq!(dlx_solver_restart(h), OK);
                s.restarted();
                if small {
                    subproblems(s);
                }
            }
            15 => force_rows(s, inp),
            16 => {
                let got = if inp.flip() { dlx_solver_set_seed(h, inp.u64()) } else { dlx_solver_clear_seed(h) };
                assert_eq!(got, OK);
                s.restarted();
            }
            17 => set_objective(s, inp),
            18 => {
                if inp.flip() {
                    let limit = inp.pick(&COSTS) + inp.below(5) as i64 - 2;
                    assert_eq!(dlx_solver_set_cost_limit(h, limit), OK);
                    s.cost_limit = Some(limit);
                } else {
                    assert_eq!(dlx_solver_clear_cost_limit(h), OK);
                    s.cost_limit = None;
                }
                s.restarted();
            }
            _ => counters(s, inp),
        }
    }
}

/// Ops 11 and 12, on a matrix the brute force can take: `dlx_solver_next` or
/// `dlx_solver_run`, each solution checked (a solution of the problem, its
/// forced rows first, never twice), and at the end all of them or the best.
unsafe fn next_or_run(s: &mut SolverModel, op: u8) {
    unsafe {
        let h = s.handle;
        let mut rows: *const usize = null();
        let mut count = usize::MAX;
        let mut found: Vec<Vec<usize>> = Vec::new();
        let got = if op == 11 {
            let got = dlx_solver_next(h, &mut rows, &mut count);
            if got == SOLUTION {
                found.push(std::slice::from_raw_parts(rows, count).to_vec());
            } else {
                assert!(rows.is_null() && count == usize::MAX, "out-parameters written on {got}");
            }
            got
        } else {
            let mut result = 7;
            let got = dlx_solver_run(h, Some(collect), (&mut found as *mut Vec<Vec<usize>>).cast(), &mut result);
            assert_eq!(result, 7);
            got
        };
        for f in &found {
            assert!(s.p.is_solution(f), "{f:?} is not a solution");
            assert!(f.starts_with(&s.forced), "{f:?} does not start with the forced rows {:?}", s.forced);
            let mut sorted = f.clone();
            sorted.sort_unstable();
            if s.objective.is_none() {
                assert!(s.seen.insert(sorted), "a solution twice");
            }
            s.last_cost = Some(s.cost(f));
        }
        match got {
            SOLUTION => assert!(op == 11),
            DONE => {
                s.done = true;
                if s.objective.is_none() {
                    let all: BTreeSet<Vec<usize>> = s.p.solutions(&s.forced).into_iter().collect();
                    assert_eq!(s.seen, all, "the solutions, forced {:?}", s.forced);
                } else {
                    let mut best = Vec::new();
                    for i in 0..dlx_solver_best_count(h) {
                        let (mut r, mut c, mut cost) = (null(), 0, 0);
                        assert_eq!(dlx_solver_best(h, i, &mut r, &mut c, &mut cost), OK);
                        let rows = std::slice::from_raw_parts(r, c);
                        assert!(s.p.is_solution(rows));
                        best.push(cost);
                    }
                    let (mut r, mut c) = (null(), 0);
                    assert_eq!(dlx_solver_best(h, best.len(), &mut r, &mut c, null_mut()), INVALID_ARGUMENT);
                    assert_eq!(best, s.expected_best(), "the best costs");
                }
            }
            STOPPED => assert!(s.limited, "stopped without a limit"),
            other => panic!("next/run gave {other}"),
        }
    }
}

/// Op 15: forced rows, refused out of range or in conflict.
unsafe fn force_rows(s: &mut SolverModel, inp: &mut Input) {
    unsafe {
        let h = s.handle;
        let len = inp.below(3);
        let rows: Vec<usize> = (0..len).map(|_| inp.below(s.p.rows.len() + 1)).collect();
        let got = dlx_solver_force_rows(h, if len == 0 && inp.flip() { null() } else { rows.as_ptr() }, len);
        let out_of_range = rows.iter().any(|&r| r >= s.p.rows.len());
        if out_of_range {
            let mut ok = vec![ROW_RANGE];
            if !s.p.is_compatible(&rows.iter().copied().filter(|&r| r < s.p.rows.len()).collect::<Vec<_>>()) || (0..len).any(|i| (0..i).any(|j| rows[i] == rows[j])) {
                ok.push(CONFLICT);
            }
            assert!(ok.contains(&got), "force {rows:?}: {got}");
        } else if s.p.is_compatible(&rows) {
            assert_eq!(got, OK, "force {rows:?}\n{:?}", s.p);
            s.forced = rows;
            s.restarted();
        } else {
            assert_eq!(got, CONFLICT, "force {rows:?}");
        }
    }
}

/// Op 17: an objective, none, or one refused (an unknown value, no best, costs
/// out of range).
unsafe fn set_objective(s: &mut SolverModel, inp: &mut Input) {
    unsafe {
        let h = s.handle;
        let objective = inp.below(5) as u32;
        let best = inp.below(4);
        let got = dlx_solver_set_objective(h, objective, best);
        if objective == 4 {
            assert_eq!(got, UNKNOWN_VALUE);
        } else if objective == 0 {
            assert_eq!(got, OK);
            s.objective = None;
            s.restarted();
        } else if best == 0 {
            assert_eq!(got, INVALID_ARGUMENT);
        } else if objective != 3 && s.p.absolute_cost_sum() > 1 << 61 {
            assert_eq!(got, COST_RANGE);
        } else {
            assert_eq!(got, OK);
            s.objective = Some((goal_of(objective), best));
            s.restarted();
        }
    }
}

/// Any other op: the counters (the solutions counter against the model, the
/// memo's 0 before any memoized count) and the last solution's cost.
unsafe fn counters(s: &mut SolverModel, inp: &mut Input) {
    unsafe {
        let h = s.handle;
        // 0-4 the search's counters, 5-10 the memoized count's
        // (never run here: 0), 11 none.
        let which = match inp.below(7) {
            5 => 11,
            6 => 5 + inp.below(6) as u32,
            w => w as u32,
        };
        let mut v = 77;
        let got = dlx_solver_counter(h, which, &mut v);
        if which == 11 {
            assert_eq!((got, v), (UNKNOWN_VALUE, 77));
        } else if which >= 5 {
            assert_eq!((got, v), (OK, 0), "a memo counter before any memoized count");
        } else {
            assert_eq!(got, OK);
            if which == 2 && s.objective.is_none() {
                assert_eq!(v, s.seen.len() as u64, "the solutions counter");
            }
        }
        let mut cost = 77;
        let got = dlx_solver_cost(h, &mut cost);
        match s.last_cost {
            Some(c) if s.objective.is_some() || !s.done => assert_eq!((got, cost), (OK, c), "dlx_solver_cost"),
            None => assert_eq!((got, cost), (NO_SOLUTION, 77)),
            _ => {}
        }
        assert_eq!(dlx_solver_cost(h, null_mut()), NULL);
    }
}

