//! The memoized count on several threads: the calling thread's walk and
//! one helper walk per other thread, all from the start, over one
//! [`Shared`] cache. Each helper starts its levels at another row
//! ([`Walk::helper`]), so the threads mostly count different states and
//! take each other's from the cache. The first walk to finish has the
//! count, which is exact whichever finishes: every walk counts the whole
//! problem, and the cache only ever holds exact counts.
//!
//! Helpers run between the calling thread's slices, from its first slice
//! that does not finish the count to the end of the call, when they stop
//! at their next slice and are joined (their walks kept for the next
//! call). Cancel, limits and progress stay with the calling thread.

use std::sync::Arc;
use std::thread::JoinHandle;

use super::cache::Shared;
use super::count::Count;
use super::MemoOptions;
use super::problem::Problem;
use super::walk::Walk;
use crate::control::POLL_NODES;
use crate::error::Error;
use crate::sync::{Lock, Word};

/// What the helpers of one call share with the calling thread.
struct Board {
    /// Set to stop the helpers (the call ends, or one finished).
    stop: Word,
    /// Each helper's nodes, as of its last slice.
    nodes: Vec<Word>,
    /// How the first helper to end ended: the count, or an error.
    end: Lock<Option<Result<Count, Error>>>,
}

impl Board {
    fn finish(&self, end: Result<Count, Error>) {
        let mut slot = self.end.lock();
        if slot.is_none() {
            *slot = Some(end);
        }
        self.stop.set(1);
    }
}

/// The helper threads of one call.
pub(crate) struct Team {
    board: Arc<Board>,
    handles: Vec<JoinHandle<Walk>>,
}

/// A helper's work: slices of its walk until told to stop or done.
fn help(mut walk: Walk, problem: &Problem, cache: &Shared, how: MemoOptions, board: &Board, me: usize) -> Walk {
    while board.stop.get() == 0 {
        let done = walk.run(problem, &mut &*cache, how, POLL_NODES);
        board.nodes[me].set(walk.nodes);
        match done {
            Ok(false) => {}
            Ok(true) => {
                board.finish(Ok(walk.result().cloned().unwrap_or(Count::ZERO)));
                break;
            }
            Err(e) => {
                board.finish(Err(e));
                break;
            }
        }
    }
    walk
}

impl Team {
    /// Starts a thread for each of `walks` (a thread the system will not
    /// start is done without: its walk is dropped). `None` when none
    /// started.
    pub fn start(walks: Vec<Walk>, problem: &Arc<Problem>, cache: &Arc<Shared>, how: MemoOptions) -> Option<Team> {
        let mut nodes = Vec::new();
        nodes.try_reserve_exact(walks.len()).ok()?;
        nodes.extend(walks.iter().map(|w| Word::new(w.nodes)));
        let board = Arc::new(Board { stop: Word::new(0), nodes, end: Lock::new(None) });
        let mut handles = Vec::new();
        handles.try_reserve_exact(walks.len()).ok()?;
        for (me, walk) in walks.into_iter().enumerate() {
            let (problem, cache, b) = (Arc::clone(problem), Arc::clone(cache), Arc::clone(&board));
            let thread = std::thread::Builder::new().name(format!("dlx-memo-{}", me + 1));
            if let Ok(h) = crate::sync::without_signals(|| thread.spawn(move || help(walk, &problem, &cache, how, &b, me))) {
                handles.push(h);
            }
        }
        (!handles.is_empty()).then_some(Team { board, handles })
    }

    /// The helpers' nodes so far.
    pub fn nodes(&self) -> u64 {
        self.board.nodes.iter().map(Word::get).sum()
    }

    /// How a helper ended the count, if one did (once).
    pub fn ended(&self) -> Option<Result<Count, Error>> {
        self.board.end.lock().take()
    }

    /// Stops and joins the helpers: their walks, and how one ended the
    /// count if it did and [`Team::ended`] has not said so.
    pub fn join(mut self) -> (Vec<Walk>, Option<Result<Count, Error>>) {
        self.board.stop.set(1);
        let mut walks = Vec::new();
        for h in std::mem::take(&mut self.handles) {
            match h.join() {
                Ok(w) => walks.push(w),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        (walks, self.ended())
    }
}

impl Drop for Team {
    /// A call that unwinds (a panic) still stops and joins its helpers.
    fn drop(&mut self) {
        self.board.stop.set(1);
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}
