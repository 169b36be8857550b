//! Laying a matrix out as Algorithm M's links: nodes, colors made dense,
//! bounds, the active lists, and the rows' bit sets for the dominance test.

use super::Mcc;
use super::PURE;
use super::bound::{add_column, MASK_COLUMNS};
use crate::alloc::filled;
use crate::engine::layout::Layout;
use crate::engine::steer::Weights;
use crate::engine::walk::Resume;
use crate::error::Error;
use crate::matrix::Matrix;

/// Renumbers the colors in `color` 1, 2, ... in increasing order of the
/// caller's ids (0 stays "none"), so that no color of the whole `u32`
/// range can be taken for [`PURE`]: there are fewer distinct colors than
/// nodes, and node numbers are below `u32::MAX`.
pub(crate) fn dense_colors(color: &mut [u32]) -> Result<(), Error> {
    if color.iter().all(|&c| c == 0) {
        return Ok(());
    }
    let mut ids: Vec<u32> = Vec::new();
    ids.try_reserve_exact(color.len())?;
    ids.extend(color.iter().copied().filter(|&c| c != 0));
    ids.sort_unstable();
    ids.dedup();
    for c in color.iter_mut().filter(|c| **c != 0) {
        // `ids` holds every nonzero color, so the search finds it; its
        // rank is below `color.len()`, which fits a node number.
        *c = ids.binary_search(c).map_or(0, |k| k as u32 + 1);
    }
    Ok(())
}

impl Mcc {
    /// The number of rows.
    pub(super) fn rows(&self) -> usize {
        self.row_first.len() - 1
    }

    /// The links of `matrix`, nothing chosen.
    pub fn new(matrix: &Matrix) -> Result<Mcc, Error> {
        let n = matrix.columns();
        let rows = matrix.rows();
        let (entries, row_start) = matrix.raw();
        let total = n + 2 + rows + entries.len();
        if n >= PURE as usize {
            return Err(Error::TooLarge);
        }
        let (mut up, mut down): (Vec<u32>, Vec<u32>) = (filled(total)?, filled(total)?);
        let (mut top, mut color, mut row): (Vec<u32>, Vec<u32>, Vec<u32>) = (filled(total)?, filled(total)?, filled(total)?);
        let mut row_first: Vec<u32> = filled(rows + 1)?;
        let mut len: Vec<u32> = filled(n + 1)?;
        let layout = Layout::new(matrix)?;
        let prefer = layout.preferred_flags(matrix)?;
        let (lo, hi) = layout.bounds(matrix)?;
        let Layout { item_of, primary } = layout;
        for i in 1..=n {
            (up[i], down[i]) = (i as u32, i as u32);
        }
        let mut x = n + 2;
        for r in 0..rows {
            row_first[r] = x as u32;
            let (s, e) = (row_start[r] as usize, row_start[r + 1] as usize);
            for (k, &c) in entries[s..e].iter().enumerate() {
                let item = item_of[c as usize] as usize;
                let last = up[item];
                (up[x], down[x]) = (last, item as u32);
                down[last as usize] = x as u32;
                up[item] = x as u32;
                len[item] += 1;
                top[x] = item as u32;
                color[x] = matrix.color_id(r, k).unwrap_or(0);
                row[x] = r as u32;
                x += 1;
            }
            x += 1; // the spacer
        }
        row_first[rows] = x as u32;
        dense_colors(&mut color)?;
        let (mut prev, mut next): (Vec<u32>, Vec<u32>) = (filled(primary + 1)?, filled(primary + 1)?);
        for i in 0..=primary {
            prev[i] = if i == 0 { primary as u32 } else { i as u32 - 1 };
            next[i] = if i == primary { 0 } else { i as u32 + 1 };
        }
        let (mut short_prev, mut short_next): (Vec<u32>, Vec<u32>) = (filled(primary + 1)?, filled(primary + 1)?);
        let mut last = 0;
        for i in (1..=primary).filter(|&i| lo[i] > 0) {
            (short_prev[i], short_next[last]) = (last as u32, i as u32);
            last = i;
        }
        (short_prev[0], short_next[last]) = (last as u32, 0);
        let mut g = Mcc {
            up,
            down,
            top,
            color,
            row,
            row_first,
            len,
            lo,
            hi,
            count: filled(primary + 1)?,
            prev,
            next,
            short_prev,
            short_next,
            primary,
            prefer,
            weights: Weights::default(),
            updates: 0,
            stack: Vec::new(),
            order: Vec::new(),
            excluded: Vec::new(),
            resume: Resume::Enter,
            within: false,
            random: None,
            path: 0,
            costs: Vec::new(),
            by_cost: false,
            node_cost: Vec::new(),
            mark: filled(n + 1)?,
            hits: filled(rows)?,
            touched: Vec::new(),
            stamp: 0,
            by_hits: Vec::new(),
            needy: Vec::new(),
            words: 0,
            row_mask: Vec::new(),
            primary_only: Vec::new(),
            unbounded: Vec::new(),
            needy_sets: Vec::new(),
        };
        if primary <= MASK_COLUMNS {
            let words = primary.div_ceil(64);
            g.row_mask = filled(rows.checked_mul(words).ok_or(Error::OutOfMemory)?)?;
            (g.primary_only, g.unbounded) = (filled(rows)?, filled(words)?);
            g.needy_sets = filled((primary + 1) * words)?;
            for r in 0..rows {
                let mut primary_only = true;
                for q in g.nodes(r as u32) {
                    let j = g.top[q as usize];
                    if g.is_primary(j) {
                        add_column(&mut g.row_mask[r * words..(r + 1) * words], j);
                    } else {
                        primary_only = false;
                    }
                }
                g.primary_only[r] = primary_only;
            }
            for j in (1..=primary).filter(|&j| g.hi[j] >= g.len[j]) {
                add_column(&mut g.unbounded, j as u32);
            }
            g.words = words;
        }
        let widest = (0..rows).map(|r| g.nodes(r as u32).len()).max().unwrap_or(0);
        g.by_hits = filled(widest + 1)?;
        g.stack.try_reserve_exact(entries.len() + primary + 1)?;
        g.order.try_reserve_exact(entries.len())?;
        g.excluded.try_reserve_exact(rows)?;
        g.touched.try_reserve_exact(rows)?;
        // A column no row may cover: hide its rows for good.
        for i in 1..=primary as u32 {
            if g.hi[i as usize] == 0 {
                g.cover(i);
            }
        }
        g.updates = 0;
        Ok(g)
    }

    pub(super) fn is_primary(&self, i: u32) -> bool {
        (i as usize) <= self.primary
    }

    /// The nodes of row `r`.
    pub(super) fn nodes(&self, r: u32) -> std::ops::Range<u32> {
        self.row_first[r as usize]..self.row_first[r as usize + 1] - 1
    }
}
