//! The rule that picks the column a memoized count branches on, and the
//! order of the primary columns its ties follow.
//!
//! The memo finds a state again only when the partial solutions that lead
//! to it differ in few columns: on a board, when the cells covered so far
//! end at a narrow frontier. The file's item order decides that frontier
//! when ties go to the lowest index: a 3x40 board listed row by row
//! (items `0_0 ... 0_39 1_0 ...`) fills a row of 40 first and meets almost
//! no state twice, while the same board listed column by column counts in
//! milliseconds. So ties go instead to an order computed once from the
//! matrix: breadth first over the columns (two columns are neighbours when
//! a row holds both), from a column at the end of a longest shortest path
//! (Cuthill and McKee's start, found as George and Liu do), each connected
//! part after the other. Breadth-first levels are a narrow frontier on any
//! board and in any item order, which is what the count needs.

use crate::alloc::filled;
use crate::error::Error;

/// The rule that picks the column to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Order {
    /// The primary column with the fewest branches (its possible rows,
    /// plus one if it may close); among equals, the first in a
    /// breadth-first order of the columns computed from the matrix (see
    /// the module's documentation), so that the count does not depend on
    /// how the file lists its items.
    #[default]
    Fewest,
    /// The open primary column of lowest index: the order the caller gave.
    /// The cache finds far more repeated states when the columns are
    /// numbered so that those of lowest index form a narrow frontier (the
    /// cells of a board row by row, short side first, for tilings).
    First,
}

/// The rows of each column and the columns of each row, as the memo keeps
/// them (lists in CSR form).
pub(crate) struct Graph<'a> {
    pub list_start: &'a [u32],
    pub list: &'a [u32],
    pub row_start: &'a [u32],
    /// The column of each entry, row after row.
    pub row_column: &'a [u32],
    /// Whether each column is primary.
    pub primary: &'a [bool],
}

/// The primary columns in breadth-first order, each connected part from a
/// pseudo-peripheral column.
pub(crate) fn breadth_first(g: &Graph<'_>) -> Result<Vec<u32>, Error> {
    let n = g.primary.len();
    let rows = g.row_start.len().saturating_sub(1);
    // The pass that marks a column or row seen: a fresh number per search,
    // so nothing is cleared between them.
    let mut seen_column: Vec<u32> = filled(n)?;
    let mut seen_row: Vec<u32> = filled(rows)?;
    let mut placed: Vec<bool> = filled(n)?;
    let mut queue: Vec<u32> = Vec::new();
    queue.try_reserve_exact(n)?;
    let mut order: Vec<u32> = Vec::new();
    order.try_reserve_exact(g.primary.iter().filter(|&&p| p).count())?;
    let mut pass = 0u32;
    for root in 0..n {
        if !g.primary[root] || placed[root] {
            continue;
        }
        // George and Liu: from the far end of a breadth-first search, again,
        // while the far end gets farther (a few rounds at most).
        let mut start = root as u32;
        let mut depth = 0;
        for _ in 0..4 {
            pass += 1;
            let (far, d) = search(g, start, pass, &mut seen_column, &mut seen_row, &mut queue);
            if d <= depth && depth > 0 {
                break;
            }
            depth = d;
            start = far;
        }
        pass += 1;
        search(g, start, pass, &mut seen_column, &mut seen_row, &mut queue);
        for &c in &queue {
            placed[c as usize] = true;
            order.push(c);
        }
    }
    Ok(order)
}

/// A breadth-first search over the primary columns from `start`, leaving
/// them in `queue` in the order reached; returns the last column of the
/// deepest level with the fewest rows, and that level's depth.
fn search(g: &Graph<'_>, start: u32, pass: u32, seen_column: &mut [u32], seen_row: &mut [u32], queue: &mut Vec<u32>) -> (u32, u32) {
    queue.clear();
    queue.push(start);
    seen_column[start as usize] = pass;
    let (mut head, mut depth, mut level_end) = (0, 0, 1);
    let mut far = (start, u32::MAX);
    while head < queue.len() {
        if head == level_end {
            depth += 1;
            level_end = queue.len();
            far = (queue[head], u32::MAX);
        }
        let c = queue[head] as usize;
        head += 1;
        let len = g.list_start[c + 1] - g.list_start[c];
        if len < far.1 {
            far = (c as u32, len);
        }
        for &r in &g.list[g.list_start[c] as usize..g.list_start[c + 1] as usize] {
            let r = r as usize;
            if seen_row[r] == pass {
                continue;
            }
            seen_row[r] = pass;
            for &d in &g.row_column[g.row_start[r] as usize..g.row_start[r + 1] as usize] {
                let d = d as usize;
                if g.primary[d] && seen_column[d] != pass {
                    seen_column[d] = pass;
                    queue.push(d as u32);
                }
            }
        }
    }
    (far.0, depth)
}
