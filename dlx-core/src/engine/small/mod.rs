//! The small-matrix engine: exact cover with secondary items, on bit sets,
//! walking the same tree as DLX1 with the same counters.
//!
//! # Layout
//!
//! Items are numbered as in every engine ([`layout`](super::layout)). For
//! a matrix of `R` rows, a bit set of rows takes `words = ceil(R / 64)`
//! words:
//! * `col_word`, `col_mask`: for each item, the set of rows that contain it,
//!   as its words that have a bit: their positions and their bits;
//! * `alive`: the rows still in play, neither taken out by a cover nor
//!   excluded;
//! * `row_items`: each row's items, one row after another;
//! * `keys`: each item's number of rows still in play, with the item's
//!   number, in one key ([`Keys`]): the choice is DLX1's, one minimum scan.
//!   The keys are 16 bits wide where the longest list and the item numbers
//!   fit in 14 bits (sudoku, queens), 32 bits otherwise ([`new`] decides):
//!   on sudoku the scan reads 648 bytes instead of 1,296, and a top1465
//!   search runs 4.5% fewer instructions.
//!
//! # Covering
//!
//! Covering item `x` takes every row still in play that contains it out of
//! play: the rows of `alive & cols[x]`, found a word at a time (only the
//! words where `x` has rows), each cleared in `alive` and taken off its
//! items' keys. This is what DLX1's cover does, without the links: its
//! updates are the same (1 for the item, and for each row taken out its
//! length less 1, the nodes DLX1 unlinks), so the counters equal DLX1's.
//!
//! With [`CONFLICTS`](fit::CONFLICTS) bytes or fewer of them, each row's conflict set is
//! kept too: the rows that share an item with it. Covering a row's items
//! (trying it, or forcing it) then marks them covered and takes the rows
//! in play of `alive & conflicts[r]` out, four words at a time, instead of
//! walking each item's words in turn: the same rows leave, each once,
//! with the same updates. On pentominoes (rows of 6 items) a third of the
//! time goes.
//!
//! # Colors
//!
//! With colors (and no bounds: a matrix with bounds goes to
//! [`bits_m`](super::bits_m)), two rows clash at a secondary item unless
//! both give it the same color. A row's conflict set leaves out the rows
//! that share only same-colored items with it (kept up to
//! [`COLORED_CONFLICTS`](fit::COLORED_CONFLICTS) bytes, read a word at a time past [`OUT`](cover::OUT) words);
//! without them, trying a row *purifies* each of its colored items: the
//! item's rows of another color, or none, leave play ([`Shades`]). The
//! tree is then Algorithm M's (Knuth's DLX2), with its node count; the
//! updates count as for exact cover.
//!
//! # Nothing is uncovered
//!
//! The walk never puts a row back. A level whose item has two rows or
//! more saves its state (`alive` and the keys the walk reads: [`Saved`])
//! just after covering the item, and each of its rows after the first
//! starts from a copy of that state; its last row is tried in place, and
//! backing up past a level costs nothing, since the level above starts
//! again from its own copy. On sudoku most levels have one row, and those
//! never copy; where levels branch (pentominoes, Scott's board), a copy of
//! a few hundred bytes is cheaper than putting back the dozens of rows a
//! branch takes out. Levels beyond [`SAVED`](walk::SAVED) bytes of states rebuild
//! theirs from the state after forcing ([`Small::rebuild`]). Undoing the
//! whole search, or the forced rows, copies back the state saved after
//! forcing them, or before (a sudoku solver forces each puzzle's clues).
//!
//! A level whose item has one row in play (85% of a hard sudoku's nodes)
//! takes that row out of play and onto the stack, and leaves it on its
//! items' keys: trying the row covers every one of them at once, and a
//! covered item's length is never read again ([`Small::only_row`]).
//!
//! # The walk
//!
//! At a level, the item of fewest rows is covered first: the rows it takes
//! out are exactly the level's branches, pushed on `stack` in increasing
//! order, that is top to bottom in DLX1's lists (shuffled there for a
//! random order); a row is out of play at most once on a path, so the
//! stack never holds more than `R` rows. Trying the branch at `at` covers
//! that row's other items. So a level is six numbers ([`Level`]) and the
//! stack, and a level's branches can be given away ([`Core::donate`]) by
//! lowering its `stop`. The sixth is the deepest level above with rows
//! left when it was entered: a level whose rows are all tried backs up
//! straight there, past the levels of one row between (nothing to undo
//! there, and DLX1 would only pass them on its way up). A level whose
//! rows were given away since is passed on the way, as one whose rows
//! are all tried.
//!
//! A node costs a few word operations per item covered and one key update
//! per item of each row taken out (DLX1 writes two links and a length per
//! node, and as many again to put them back), with arrays small enough for
//! the first-level cache on a sudoku (324 items, 729 rows: 19 KB, and
//! 0.8 KB a saved state; the conflict sets, 70 KB, are read a row's 96
//! bytes at a time and mostly come from the second level). But covering an item
//! reads every word where it has rows, in play or not, where DLX1 walks
//! only the rows still in its list: for large matrices, deep in the
//! search, the links win. The solver's rule ([`fit()`]) decides.

mod build;
mod cover;
pub(crate) mod fit;
mod shades;
mod walk;
#[cfg(test)]
mod tests;

pub(crate) use build::new;
pub(crate) use fit::fit;

use super::keys::{Key, Keys};
use super::kit::{self, Seeded};
use super::walk::Phase;
use super::mode::Steps;
use super::{Core, Count, Counted, Cut, Cutting, Engine, Find, Fixed, Found, Given, Steering};
use crate::error::Error;
use shades::Shades;
use walk::{Level, Saved};

/// The small-matrix engine.
#[derive(Clone, Debug)]
pub(crate) struct Small<K: Key> {
    keys: Keys<K>,
    /// Words of a bit set of rows.
    words: usize,
    /// Item `i`'s rows: the words `col_start[i]..col_start[i + 1]` of
    /// `col_word` (positions in a bit set) and `col_mask` (their bits).
    col_start: Vec<u32>,
    col_word: Vec<u32>,
    col_mask: Vec<u64>,
    /// The rows in play.
    alive: Vec<u64>,
    /// `alive` and `keys` with nothing forced, and just after forcing.
    clean: (Vec<u64>, Keys<K>),
    forced: (Vec<u64>, Keys<K>),
    /// Row `r`'s items: `row_items[row_start[r]..row_start[r + 1]]`.
    row_start: Vec<u32>,
    row_items: Vec<u32>,
    /// Row `r`'s primary items again, in groups of four padded with the
    /// keys' sinks (`slots[slot_start[r]..slot_start[r + 1]]`, at least
    /// one group), for taking rows out and putting them back without a
    /// loop per item (only primary items' keys are read: the choice scans
    /// them, and covering stops early on them); and its length less 1,
    /// the nodes DLX1 unlinks when it hides the row.
    slots: Vec<[u32; 4]>,
    slot_start: Vec<u32>,
    others: Vec<u32>,
    /// Whether every row has at most four primary items: row `r`'s group
    /// is then `slots[r]`, and no loop is needed.
    one_group: bool,
    /// `others` of every row, when all rows have the same length.
    same_length: Option<u32>,
    /// Row `r`'s conflicts, when they fit in [`CONFLICTS`](fit::CONFLICTS) bytes (else
    /// empty): the rows that cannot be in a solution with it (itself
    /// too, unless its items are all colored): those that share an item
    /// with it, except rows that give a
    /// secondary item the same color as `r` does; as the bit set
    /// `conflicts[r * words..(r + 1) * words]`. Covering a row's items
    /// then takes their rows out of play a word at a time, all items at
    /// once.
    /// (Shared by the copies a solver's threads work on: read only.)
    conflicts: std::sync::Arc<Vec<u64>>,
    /// Whether `conflicts` has the sets, kept beside it: the walk asks at
    /// every branch, and the shared vector's length is a pointer away.
    has_conflicts: bool,
    /// The colors of the entries (empty for a matrix without them).
    shades: Shades,
    /// The levels' branches: the rows each level's item took out of play,
    /// level after level; `top` of them.
    stack: Vec<u32>,
    top: usize,
    /// The state at levels with rows left to try.
    saved: Saved<K>,
    /// The levels `0..=level`.
    levels: Vec<Level>,
    level: usize,
    phase: Phase,
    /// [`Fixed::within`] of the forced rows.
    within: bool,
    /// The seed and generator of a randomised search.
    random: Option<Seeded>,
    updates: u64,
}

impl<K: Key> Core for Small<K> {
    fn kind(&self) -> Engine {
        Engine::Small
    }

    fn depth_limit(&self) -> usize {
        self.levels.len()
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn force(&mut self, fixed: &Fixed) {
        self.within = fixed.within;
        for &r in &fixed.excluded {
            if self.in_play(r) {
                self.alive[r / 64] ^= 1 << (r % 64);
                // Excluded rows are not search work: no updates.
                let _ = self.take_out::<false, false>(r as u32);
            }
        }
        if self.conflicts.is_empty() {
            for &r in &fixed.forced {
                self.updates += self.cover_row::<false, false>(r as u32, 0);
            }
        } else {
            self.force_conflicts(&fixed.forced);
        }
        self.forced.0.copy_from_slice(&self.alive);
        self.forced.1.copy_from(&self.keys);
    }

    /// Puts back the state before `force` (which started from nothing
    /// covered and nothing excluded): a copy.
    fn unforce(&mut self, _fixed: &Fixed) {
        self.alive.copy_from_slice(&self.clean.0);
        self.keys.copy_from(&self.clean.1);
        self.top = 0;
    }

    /// Puts back the state just after `force`: a copy, when the search
    /// has started.
    fn unwind(&mut self) {
        if self.phase != Phase::Start {
            self.back_to_forced();
            self.top = 0;
        }
        self.phase = Phase::Start;
        self.level = 0;
    }

    fn steer(&mut self, steering: Steering) -> Result<(), Error> {
        self.keys.set_weights(steering.weights)?;
        self.random = steering.generator();
        Ok(())
    }

    fn find(&mut self, run: Find<'_>) -> Found {
        // No objective here (a solver with one moves to the links).
        let (steps, _) = Steps::find(run);
        if self.random.is_some() { self.walk_on::<true, Found>(steps) } else { self.walk_on::<false, Found>(steps) }
    }

    fn count(&mut self, run: Count<'_>) -> Counted {
        let steps = Steps::count(run);
        if self.random.is_some() { self.walk_on::<true, Counted>(steps) } else { self.walk_on::<false, Counted>(steps) }
    }

    fn cut(&mut self, run: Cut<'_>) -> Cutting {
        self.walk_on::<false, Cutting>(Steps::cut(run))
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.extend(self.levels[..self.depth()].iter().map(|l| self.stack[l.at as usize] as usize));
    }

    /// As DLX1's: the last untried row of the shallowest level that has
    /// one; exact cover rules nothing else out.
    fn donate(&mut self, rows: &mut Vec<usize>, _excluded: &mut Vec<usize>) -> Option<Given> {
        let levels = &mut self.levels;
        let (l, share, row) = kit::shallowest(self.phase.depth(self.level), |l| {
            let Level { start, end, stop, at, .. } = levels[l];
            let given = (stop > at + 1).then(|| {
                levels[l].stop = stop - 1;
                stop - 1
            });
            (u64::from(end - start), given)
        })?;
        rows.extend(self.levels[..l].iter().map(|v| self.stack[v.at as usize] as usize));
        rows.push(self.stack[row as usize] as usize);
        Some(Given { level: l, share })
    }

    /// Exact cover stops no column early: after the donations, only the
    /// node the walk paused before (or the whole search, at its start).
    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize)) {
        if self.phase.before_a_node() {
            piece(self, self.depth());
        }
    }

    fn branches(&self, level: &mut dyn FnMut(u64, u64)) {
        for l in &self.levels[..self.depth()] {
            level(u64::from(l.at - l.start), u64::from(l.end - l.start));
        }
    }

    fn depth(&self) -> usize {
        self.phase.depth(self.level)
    }

    fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }
}
