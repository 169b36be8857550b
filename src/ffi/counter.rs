//! The counters of `dlx_solver_counter` and `dlx_solver_thread_counter`:
//! which field of the core's statistics each `dlx_counter` value reads.
//! The one place that knows every counter, so the files of the handles
//! that report them (solver, threads, memo) need not know one another.

use super::status::dlx_counter::{self, *};
use dlx_core::memo::MemoStats;
use dlx_core::parallel::ThreadStats;
use dlx_core::solver::Solver;

/// Counter `which` of the solver: the search's own, a sum over its
/// threads, or the memoized count's.
pub(crate) fn solver_counter(s: &Solver, which: dlx_counter) -> u64 {
    let c = s.counters();
    match which {
        DLX_COUNTER_NODES => c.nodes,
        DLX_COUNTER_UPDATES => c.updates,
        DLX_COUNTER_SOLUTIONS => c.solutions,
        DLX_COUNTER_STEALS | DLX_COUNTER_IDLE_NS => s.thread_stats().iter().map(|t| thread_counter(t, which)).sum(),
        _ => memo_counter(&s.memo_stats(), which),
    }
}

/// Counter `which` of one thread (solutions: 0).
pub(crate) fn thread_counter(t: &ThreadStats, which: dlx_counter) -> u64 {
    match which {
        DLX_COUNTER_NODES => t.nodes,
        DLX_COUNTER_UPDATES => t.updates,
        DLX_COUNTER_SOLUTIONS => 0,
        DLX_COUNTER_STEALS => t.steals,
        DLX_COUNTER_IDLE_NS => u64::try_from(t.idle.as_nanos()).unwrap_or(u64::MAX),
        // The memoized count's counters are totals over its threads.
        _ => 0,
    }
}

/// The memoized count's counter `which`; 0 for the search's counters.
pub(crate) fn memo_counter(m: &MemoStats, which: dlx_counter) -> u64 {
    let c = &m.cache;
    match which {
        DLX_COUNTER_MEMO_NODES => m.nodes,
        DLX_COUNTER_MEMO_ENTRIES => c.entries,
        DLX_COUNTER_MEMO_HITS => c.hits,
        DLX_COUNTER_MEMO_MISSES => c.misses,
        DLX_COUNTER_MEMO_DROPPED => c.dropped,
        DLX_COUNTER_MEMO_BYTES => c.bytes,
        _ => 0,
    }
}
