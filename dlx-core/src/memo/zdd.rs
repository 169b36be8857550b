//! The memo's diagram: every solution of a problem as a zero-suppressed
//! decision diagram (ZDD), built by the memoized walk over states, one
//! chain of nodes for each state met, shared wherever the state is met
//! again. From it: the count, the number of solutions of each size (the
//! generating function), the least-cost solution, and the diagram as
//! text in the format of Knuth's DLX6, which his ZDDREAD programs read.
//!
//! A node is `(row, lo, hi)`: the solutions without `row` are those of
//! `lo`, the solutions with it are `row` added to those of `hi`. Node 0
//! stands for no solution, node 1 for the empty one (nothing left to
//! add). A state that branches on column `c` with possible rows
//! `r1 .. rk` (and may close `c`) is the chain
//!
//! ```text
//! N_k = (r_k, N_{k-1}, Z(S + r_k)) ... N_1 = (r_1, N_0, Z(S + r_1)),
//! N_0 = Z(S with c closed), or node 0 when c may not close
//! ```
//!
//! and a branch with no solution is left out, so every node leads to a
//! solution. As in DLX6, the diagram is not ordered (a row may come
//! before a row of lower number on a path), which counts, sizes and
//! costs do not need; no row comes twice on one path, since the memo's
//! states reach each set of rows once. Nodes are numbered so that a node
//! comes after the nodes it points to, and every pass below is one loop
//! over them.
//!
//! The walk is recursive in the state (an explicit stack) and runs to the
//! end; its map from states to nodes and the nodes take at most the
//! memo's memory limit, past which the build fails with
//! [`Error::OutOfMemory`], never a partial diagram. Independent parts are
//! not looked for: a product of diagrams is not a diagram of this shape.

use std::collections::HashMap;
use std::io::{self, Write};

use super::count::Count;
use super::live::{Live, Numbers};
use super::walk::CLOSE;
use super::problem::{Choice, Problem};
use super::{MemoOptions, Order};
use crate::error::Error;
use crate::matrix::Matrix;

/// A node of the diagram (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    row: u32,
    lo: u32,
    hi: u32,
}

/// No solution, and the empty solution.
const BOTTOM: u32 = 0;
const TOP: u32 = 1;

/// The solutions of a problem as a decision diagram.
#[derive(Clone, Debug)]
pub struct Zdd {
    /// Node `2 + i` is `nodes[i]`.
    nodes: Vec<Node>,
    root: u32,
    /// Each row's cost (for [`Zdd::least_cost`]).
    costs: Vec<i64>,
}

/// A state being walked: its chain so far and where its branches are.
struct Level {
    /// The column it branches on.
    column: u32,
    /// The row added to the level above to reach it ([`CLOSE`]: the level
    /// above closed its column, or this is the start).
    via: u32,
    /// Its rows to try: `Builder::rows[from..from + count]`, `tried` of
    /// them tried.
    from: usize,
    count: usize,
    tried: usize,
    /// Closing the column is still to try (it is tried first).
    close: bool,
    /// The chain so far (from the close branch's node).
    chain: u32,
}

impl Zdd {
    /// The diagram of `matrix`'s solutions with the rows `forced` and
    /// without `excluded` (sorted), rows costing `costs` (none: all 0),
    /// under `options`' column rule and memory limit.
    pub(crate) fn of(matrix: &Matrix, forced: &[usize], excluded: &[usize], costs: &[i64], options: MemoOptions) -> Result<Zdd, Error> {
        let p = Problem::new(matrix, forced, excluded)?;
        let costs = crate::alloc::copied(costs)?;
        Zdd::build(&p, options.order, forced, costs, options.memory)
    }

    /// The diagram of `p`'s solutions (the forced rows `forced` at its
    /// top), branching by `order`, with row costs `costs`, in at most
    /// `memory` bytes.
    pub(crate) fn build(p: &Problem, order: Order, forced: &[usize], costs: Vec<i64>, memory: u64) -> Result<Zdd, Error> {
        let mut z = Zdd { nodes: Vec::new(), root: BOTTOM, costs };
        let Some(start) = p.start() else { return Ok(z) };
        let mut builder = Builder { p, order, memory, known: HashMap::new(), bytes: 0, states: Vec::new(), levels: Vec::new(), rows: Vec::new(), live: Live::default() };
        let mut root = builder.run(&mut z, start)?;
        // The forced rows: in every solution, a chain above the rest.
        if root != BOTTOM {
            for &r in forced.iter().rev() {
                root = z.node(Node { row: r as u32, lo: BOTTOM, hi: root }, &mut builder.bytes, memory)?;
            }
        }
        z.root = root;
        Ok(z)
    }

    /// Adds `n`, counting its bytes against `memory`.
    fn node(&mut self, n: Node, bytes: &mut u64, memory: u64) -> Result<u32, Error> {
        *bytes += std::mem::size_of::<Node>() as u64;
        if *bytes > memory {
            return Err(Error::OutOfMemory);
        }
        self.nodes.try_reserve(1)?;
        self.nodes.push(n);
        u32::try_from(self.nodes.len() + 1).map_err(|_| Error::TooLarge)
    }

    /// The nodes of the diagram, the two ends not counted.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The number of solutions: the paths from the root to node 1.
    pub fn count(&self) -> Result<Count, Error> {
        let mut paths: Vec<Count> = Vec::new();
        paths.try_reserve_exact(self.nodes.len() + 2)?;
        paths.extend([Count::ZERO, Count::ONE]);
        for n in &self.nodes {
            let mut c = paths[n.lo as usize].clone();
            c.add(&paths[n.hi as usize]);
            paths.push(c);
        }
        Ok(paths.swap_remove(self.root as usize))
    }

    /// The number of solutions of each size (rows in the solution, the
    /// forced ones included): entry `k` counts those of `k` rows, up to
    /// the largest size (empty when there is no solution).
    pub fn count_by_size(&self) -> Result<Vec<Count>, Error> {
        // Each node's polynomial, stored one after another.
        let mut at: Vec<(usize, usize)> = Vec::new();
        at.try_reserve_exact(self.nodes.len() + 2)?;
        at.extend([(0, 0), (0, 1)]);
        let mut coef: Vec<Count> = Vec::new();
        coef.try_reserve(1)?;
        coef.push(Count::ONE);
        for n in &self.nodes {
            let (lo, hi) = (at[n.lo as usize], at[n.hi as usize]);
            let len = lo.1.max(hi.1 + 1);
            let from = coef.len();
            coef.try_reserve(len)?;
            for k in 0..len {
                let mut c = if k < lo.1 { coef[lo.0 + k].clone() } else { Count::ZERO };
                if k >= 1 && k - 1 < hi.1 {
                    let h = coef[hi.0 + k - 1].clone();
                    c.add(&h);
                }
                coef.push(c);
            }
            at.push((from, len));
        }
        let (from, len) = at[self.root as usize];
        Ok(coef[from..from + len].to_vec())
    }

    /// A solution of least total cost (rows' costs, as the matrix gives
    /// them) and its cost, or `None` when there is no solution. Errors:
    /// [`Error::LeastCostRange`] when the least cost does not fit an `i64`.
    pub fn least_cost(&self) -> Result<Option<(i64, Vec<usize>)>, Error> {
        // Each node's least cost (None: no solution) and whether it takes
        // its row.
        let mut best: Vec<Option<(i128, bool)>> = Vec::new();
        best.try_reserve_exact(self.nodes.len() + 2)?;
        best.extend([None, Some((0, false))]);
        for n in &self.nodes {
            let without = best[n.lo as usize].map(|b| b.0);
            let cost = self.costs.get(n.row as usize).copied().unwrap_or(0) as i128;
            let with = best[n.hi as usize].map(|b| b.0 + cost);
            best.push(match (without, with) {
                (Some(a), Some(b)) if b < a => Some((b, true)),
                (Some(a), _) => Some((a, false)),
                (None, Some(b)) => Some((b, true)),
                (None, None) => None,
            });
        }
        let Some((cost, _)) = best[self.root as usize] else { return Ok(None) };
        let cost = i64::try_from(cost).map_err(|_| Error::LeastCostRange)?;
        let mut rows = Vec::new();
        let mut at = self.root;
        while at > TOP {
            let n = self.nodes[at as usize - 2];
            if best[at as usize].is_some_and(|b| b.1) {
                rows.try_reserve(1)?;
                rows.push(n.row as usize);
                at = n.hi;
            } else {
                at = n.lo;
            }
        }
        Ok(Some((cost, rows)))
    }

    /// Writes the diagram in the text format of Knuth's DLX6: one node a
    /// line, `ID: (~V?LO:HI)`, the node numbers in hexadecimal (0 and 1
    /// the two ends) and `V` the row's number from 1 (row id + 1, DLX6's
    /// option number); then, as DLX6 does, a last node of variable 0 whose
    /// `HI` is the root, which ZDDREAD takes for the root (the node of
    /// least variable). ZDDREAD counts that node's variable in every
    /// solution: its sizes are one more than [`Zdd::count_by_size`]'s.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        for (i, n) in self.nodes.iter().enumerate() {
            writeln!(out, "{:x}: (~{}?{:x}:{:x})", i + 2, n.row as u64 + 1, n.lo, n.hi)?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root)
    }
}

/// The walk that builds a diagram: depth first over states as the
/// memoized count walks them (its column rule, `Live`'s numbers), each
/// state's chain built as its branches finish.
struct Builder<'a> {
    p: &'a Problem,
    order: Order,
    memory: u64,
    /// The node of each state finished.
    known: HashMap<Box<[u64]>, u32>,
    /// Bytes of `known` and of the nodes, against `memory`.
    bytes: u64,
    /// The states of the levels, one after another, and one more (the
    /// slot after the last level's) for the child being looked at.
    states: Vec<u64>,
    levels: Vec<Level>,
    /// The rows each level tries, level after level.
    rows: Vec<u32>,
    live: Live,
}

impl Builder<'_> {
    /// The node of `start`'s solutions.
    fn run(&mut self, z: &mut Zdd, start: &[u64]) -> Result<u32, Error> {
        let (p, w) = (self.p, self.p.words);
        self.live = Live::new(p, start, Numbers::suited(p))?;
        self.states.try_reserve(2 * w)?;
        self.states.extend_from_slice(start);
        match self.live.choose(p, start, self.order) {
            Choice::Done => return Ok(TOP),
            Choice::Dead => return Ok(BOTTOM),
            Choice::Branch { column, close } => self.push(column, close, CLOSE)?,
        }
        loop {
            let depth = self.levels.len() - 1;
            let level = &mut self.levels[depth];
            let (column, via) = (level.column, level.via);
            let r = if level.close {
                level.close = false;
                CLOSE
            } else if level.tried < level.count {
                level.tried += 1;
                self.rows[level.from + level.tried - 1]
            } else {
                // Every branch is in the chain: it is the state's node.
                let level = self.levels.pop().expect("a level to finish");
                self.remember(depth, level.chain)?;
                self.rows.truncate(level.from);
                self.states.truncate((depth + 1) * w);
                if depth == 0 {
                    return Ok(level.chain);
                }
                self.live.back(p);
                self.credit(z, depth - 1, via, level.chain)?;
                continue;
            };
            // The child, in the slot after the level's state.
            let (above, below) = self.states.split_at_mut((depth + 1) * w);
            let state = &above[depth * w..];
            let child = &mut below[..w];
            child.copy_from_slice(state);
            if r == CLOSE {
                p.close(child, column);
            } else {
                p.add(child, r, Some(column));
            }
            if let Some(&n) = self.known.get(&*child) {
                self.credit(z, depth, r, n)?;
                continue;
            }
            self.live.step(p, state, child, r, column)?;
            match self.live.choose(p, child, self.order) {
                Choice::Branch { column, close } => self.push(column, close, r)?,
                end => {
                    self.live.back(p);
                    self.credit(z, depth, r, if end == Choice::Done { TOP } else { BOTTOM })?;
                }
            }
        }
    }

    /// Pushes a level for the state in the child slot, reached by `via`.
    fn push(&mut self, column: u32, close: bool, via: u32) -> Result<(), Error> {
        let w = self.p.words;
        let from = self.rows.len();
        let depth = self.levels.len();
        let state = &self.states[depth * w..(depth + 1) * w];
        self.live.rows_into(self.p, state, column as usize, &mut self.rows)?;
        self.levels.try_reserve(1)?;
        self.levels.push(Level { column, via, from, count: self.rows.len() - from, tried: 0, close, chain: BOTTOM });
        self.states.try_reserve(w)?;
        self.states.resize((self.levels.len() + 1) * w, 0);
        Ok(())
    }

    /// Puts the node `n` of level `depth`'s branch `via` into its chain: the
    /// close branch's node starts it; a row's branch with solutions adds a
    /// node whose `lo` is the chain so far.
    fn credit(&mut self, z: &mut Zdd, depth: usize, via: u32, n: u32) -> Result<(), Error> {
        let level = &mut self.levels[depth];
        if via == CLOSE {
            level.chain = n;
        } else if n != BOTTOM {
            level.chain = z.node(Node { row: via, lo: level.chain, hi: n }, &mut self.bytes, self.memory)?;
        }
        Ok(())
    }

    /// Remembers the node of the state of level `depth`.
    fn remember(&mut self, depth: usize, node: u32) -> Result<(), Error> {
        let w = self.p.words;
        self.bytes += (w * 8 + 32) as u64;
        if self.bytes > self.memory {
            return Err(Error::OutOfMemory);
        }
        self.known.try_reserve(1)?;
        let mut key = Vec::new();
        key.try_reserve_exact(w)?;
        key.extend_from_slice(&self.states[depth * w..(depth + 1) * w]);
        self.known.insert(key.into_boxed_slice(), node);
        Ok(())
    }
}
