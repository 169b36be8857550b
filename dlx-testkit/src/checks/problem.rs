//! An exact cover problem as plain data, and its answers by brute force:
//! every subset of rows is tried. Written without the library's search, to
//! judge it.

use dlx_core::{Goal, Matrix};

/// Row costs that exercise the bound: small ones, both signs, and ones near
/// the library's 2^61 limit on the sum of their absolute values.
pub const COSTS: [i64; 12] = [0, 1, -1, 2, -3, 7, 1000, -1000, 1 << 40, -(1 << 40), 1 << 58, -(1 << 59)];

/// Colors: none, small ones, and the largest `u32`.
pub const COLORS: [u32; 4] = [0, 1, 2, u32::MAX];

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    pub secondary: Vec<bool>,
    /// Per column (lower, upper): (1, 1) for exact cover, (0, 1) when
    /// secondary.
    pub bounds: Vec<(u32, u32)>,
    /// Per row, its (column, color) entries in order; color 0 is none.
    pub rows: Vec<Vec<(usize, u32)>>,
    pub costs: Vec<i64>,
}

impl Problem {
    pub fn new(columns: usize) -> Problem {
        Problem { secondary: vec![false; columns], bounds: vec![(1, 1); columns], ..Problem::default() }
    }

    pub fn columns(&self) -> usize {
        self.secondary.len()
    }

    /// The problem a matrix holds, read through its accessors. Colors are
    /// kept as the matrix numbers them (only equality matters).
    pub fn of(m: &Matrix) -> Problem {
        let mut p = Problem::new(m.columns());
        for c in 0..m.columns() {
            p.secondary[c] = m.is_secondary(c) == Some(true);
            p.bounds[c] = m.bounds(c).expect("a column of the matrix");
        }
        for r in 0..m.rows() {
            let row = m.row(r).expect("a row of the matrix");
            p.rows.push(row.enumerate().map(|(k, c)| (c, m.color_id(r, k).expect("an entry of the row"))).collect());
            p.costs.push(m.cost(r).expect("a row of the matrix"));
        }
        p
    }

    /// The same problem as a library matrix.
    pub fn matrix(&self) -> Matrix {
        let mut m = Matrix::new(self.columns()).expect("a small matrix");
        for (c, &s) in self.secondary.iter().enumerate() {
            if s {
                m.set_secondary(c).expect("a column");
            } else if self.bounds[c] != (1, 1) {
                m.set_bounds(c, self.bounds[c].0, self.bounds[c].1).expect("valid bounds");
            }
        }
        for (r, row) in self.rows.iter().enumerate() {
            let cols: Vec<usize> = row.iter().map(|e| e.0).collect();
            let colors: Vec<u32> = row.iter().map(|e| e.1).collect();
            m.add_colored_row(&cols, &colors).expect("a valid row");
            m.set_cost(r, self.costs[r]).expect("a row");
        }
        m
    }

    /// Whether `rows` (distinct ids) is a solution: every primary column
    /// covered within its bounds; every secondary one at most once, or only
    /// by entries of one and the same color.
    pub fn is_solution(&self, rows: &[usize]) -> bool {
        self.fits(rows, false)
    }

    /// Whether `rows` could be part of a solution as far as excess goes: no
    /// column covered beyond its upper bound, no color clash.
    pub fn is_compatible(&self, rows: &[usize]) -> bool {
        self.fits(rows, true)
    }

    fn fits(&self, rows: &[usize], partial: bool) -> bool {
        let mut sorted = rows.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) || rows.iter().any(|&r| r >= self.rows.len()) {
            return false;
        }
        let n = self.columns();
        let mut hits = vec![0u32; n];
        let mut color: Vec<Option<u32>> = vec![None; n];
        let mut clash = vec![false; n];
        for &r in rows {
            for &(c, k) in &self.rows[r] {
                hits[c] += 1;
                match color[c] {
                    None => color[c] = Some(k),
                    Some(first) => clash[c] |= k == 0 || first != k,
                }
            }
        }
        (0..n).all(|c| {
            if self.secondary[c] {
                !clash[c]
            } else {
                let (lo, hi) = self.bounds[c];
                hits[c] <= hi && (partial || lo <= hits[c])
            }
        })
    }

    /// Every solution containing `forced`, as sorted row ids, sorted. As in
    /// Knuth's programs a row without a primary column is never chosen,
    /// unless it is forced.
    pub fn solutions(&self, forced: &[usize]) -> Vec<Vec<usize>> {
        let usable: Vec<usize> = (0..self.rows.len())
            .filter(|r| !forced.contains(r) && self.rows[*r].iter().any(|e| !self.secondary[e.0]))
            .collect();
        assert!(usable.len() <= 16, "brute force over at most 2^16 subsets");
        let mut all = Vec::new();
        for mask in 0u32..1 << usable.len() {
            let mut rows: Vec<usize> = forced.to_vec();
            rows.extend((0..usable.len()).filter(|k| mask >> k & 1 == 1).map(|k| usable[k]));
            if self.is_solution(&rows) {
                rows.sort_unstable();
                all.push(rows);
            }
        }
        all.sort();
        all
    }

    /// The cost of `rows` as a solver with goal `goal` reports it: the sum
    /// of the row costs, or the number of rows for [`Goal::FewestRows`].
    pub fn cost(&self, goal: Goal, rows: &[usize]) -> i64 {
        match goal {
            Goal::FewestRows => rows.len() as i64,
            Goal::MinCost | Goal::MaxCost => rows.iter().map(|&r| self.costs[r]).sum(),
            other => panic!("the model does not know the goal {other:?}"),
        }
    }

    /// The costs of the `k` best solutions containing `forced`, best first,
    /// keeping only those within `limit` (at most it, at least it for
    /// [`Goal::MaxCost`]) as a solver's cost limit does.
    pub fn best_costs(&self, goal: Goal, k: usize, forced: &[usize], limit: Option<i64>) -> Vec<i64> {
        let mut costs: Vec<i64> = self.solutions(forced).iter().map(|s| self.cost(goal, s)).collect();
        costs.sort_unstable();
        if goal == Goal::MaxCost {
            costs.reverse();
        }
        if let Some(l) = limit {
            costs.retain(|&c| if goal == Goal::MaxCost { c >= l } else { c <= l });
        }
        costs.truncate(k);
        costs
    }

    /// Whether Knuth's format can express the problem: it needs a primary
    /// column, and an upper bound of at least 1 on each.
    pub fn has_text(&self) -> bool {
        self.secondary.contains(&false) && self.bounds.iter().all(|b| b.1 > 0)
    }

    /// The sum of the absolute row costs, exactly.
    pub fn absolute_cost_sum(&self) -> i128 {
        self.costs.iter().map(|&c| (c as i128).abs()).sum()
    }
}
