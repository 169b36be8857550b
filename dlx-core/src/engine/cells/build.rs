//! Laying a matrix out as dancing cells: the nodes with spacers between
//! options, colors made dense, each item's set, the bounds and the live
//! primary items.

use super::sets::{self, Item, Mark, Node};
use super::Cells;
use crate::alloc::filled;
use crate::engine::layout::Layout;
use crate::engine::mcc::build::dense_colors;
use crate::engine::steer::Weights;
use crate::engine::walk::Resume;
use crate::error::Error;
use crate::matrix::Matrix;

impl Cells {
    /// The number of rows.
    pub(super) fn rows(&self) -> usize {
        self.row_first.len() - 1
    }

    pub(super) fn is_primary(&self, k: u32) -> bool {
        sets::is_primary(k, self.primary)
    }

    /// The sets of `matrix`, nothing chosen. Node 0 is a spacer, and so
    /// is the node after each row's; every index fits a `u32`.
    pub fn new(matrix: &Matrix) -> Result<Cells, Error> {
        let n = matrix.columns();
        let rows = matrix.rows();
        let (entries, row_start) = matrix.raw();
        let total = 1 + rows + entries.len();
        if total >= u32::MAX as usize || n >= u32::MAX as usize {
            return Err(Error::TooLarge);
        }
        let mut nodes: Vec<Node> = filled(total)?;
        let mut row: Vec<u32> = filled(total)?;
        let mut row_first: Vec<u32> = filled(rows + 1)?;
        let layout = Layout::new(matrix)?;
        let prefer = layout.preferred_flags(matrix)?;
        let (lo, hi) = layout.bounds(matrix)?;
        let Layout { item_of, primary } = layout;
        let exact = (1..=primary).all(|i| (lo[i], hi[i]) == (1, 1));
        let slack = Layout::has_slack(&lo, &hi);
        // The nodes, and each item's number of them; a spacer's `loc`
        // leads back to the first node of the option before it.
        let mut color: Vec<u32> = filled(total)?;
        let mut items: Vec<Item> = filled(n + 1)?;
        let mut x = 1;
        for r in 0..rows {
            row_first[r] = x as u32;
            let (s, e) = (row_start[r] as usize, row_start[r + 1] as usize);
            for (k, &c) in entries[s..e].iter().enumerate() {
                let i = item_of[c as usize];
                items[i as usize].end += 1;
                (nodes[x].item, row[x]) = (i, r as u32);
                color[x] = matrix.color_id(r, k).unwrap_or(0);
                x += 1;
            }
            nodes[x].loc = row_first[r];
            x += 1; // the spacer
        }
        row_first[rows] = x as u32;
        dense_colors(&mut color)?;
        // Each item's set, in the order of the rows.
        let mut at = 0;
        for item in items.iter_mut().skip(1) {
            let len = item.end;
            (item.base, item.end) = (at, at);
            at += len;
        }
        let mut set: Vec<u32> = filled(entries.len())?;
        for p in 1..total {
            if nodes[p].item == 0 {
                continue;
            }
            let item = &mut items[nodes[p].item as usize];
            (set[item.end as usize], nodes[p].loc) = (p as u32, item.end);
            item.end += 1;
        }
        let (mut live_items, mut live_at): (Vec<u32>, Vec<u32>) = (filled(primary)?, filled(primary + 1)?);
        for k in 1..=primary {
            (live_items[k - 1], live_at[k]) = (k as u32, k as u32 - 1);
        }
        let mut trail = Vec::new();
        trail.try_reserve_exact(entries.len() + n + 1)?;
        let mut counted = Vec::new();
        counted.try_reserve_exact(entries.len())?;
        let mut c = Cells {
            nodes,
            color,
            row,
            row_first,
            set,
            items,
            trail,
            counted,
            now: 0,
            lo,
            hi,
            count: filled(primary + 1)?,
            exact,
            slack,
            live_items,
            live_at,
            live: primary as u32,
            primary,
            prefer,
            weights: Weights::default(),
            updates: 0,
            stack: Vec::new(),
            order: Vec::new(),
            resume: Resume::Enter,
            within: false,
            unforced: Mark::default(),
            random: None,
            dead: false,
            frozen: Vec::new(),
        };
        let widest = (0..rows).map(|r| row_start[r + 1] - row_start[r]).max().unwrap_or(0);
        c.frozen.try_reserve_exact(widest as usize)?;
        c.stack.try_reserve_exact(entries.len() + primary + 1)?;
        c.order.try_reserve_exact(entries.len())?;
        // An item no option may cover: its options are gone for good.
        for k in 1..=primary as u32 {
            if c.hi[k as usize] == 0 {
                c.cover(k);
            }
        }
        c.trail.clear();
        c.updates = 0;
        // (Unforcing before any force puts back this state.)
        c.unforced = c.mark();
        Ok(c)
    }
}
