//! The C API of the parallel search: how many threads a solver searches
//! on, and what each thread did. The core is `dlx_core::parallel`.

use super::solver::{dlx_solver, with_solver, with_solver_ref};
use super::status::dlx_counter::{self, *};
use super::status::dlx_status::{self, *};
use super::{write_out, CEnum};

/// Makes every later search call of `solver` (`dlx_solver_next`,
/// `dlx_solver_run` and the counting behind them) run on `threads`
/// threads, 0 meaning one per core the system offers, and starts the
/// search again (forced rows, excluded rows, seed, objective and limits
/// stay; counters go to zero). One thread (the default) searches exactly as
/// before.
///
/// With more than one thread: each thread walks its own part of the tree
/// and an idle thread takes an untried branch from a busy one, so uneven
/// subtrees keep every thread busy. Counts, the set of solutions, the best
/// costs and the k best costs are exactly those of one thread; the order in
/// which solutions arrive may differ. Solutions, the solution callback and
/// the progress callback are still delivered on the calling thread, one at
/// a time, so a caller needs no locking. The first-solution call
/// (`dlx_solver_next`) stops every thread as soon as one finds a solution;
/// with an objective, each improvement prunes every thread's search at
/// once, and reaches the solution callback within a few milliseconds. The
/// calling thread is one of the threads (it searches too, between handing
/// out solutions); the others run on the process's helper threads, kept
/// parked between calls and shared by every solver (one fewer than the
/// cores, or the environment variable `DLX_HELPERS`, 1 to 1024). A call
/// runs on the calling thread alone, as on one thread, until it has run
/// 200 µs (50 µs when the estimate says much more is left), and only then
/// wakes helpers, so a short search costs what it costs on one thread. A
/// call never waits for a busy helper: searches started from callbacks,
/// and many solvers at once, complete. The helpers block every signal, so
/// a signal sent to the process runs its handler on one of the
/// application's threads. Limits are for the whole call (nodes exact, as on one thread);
/// `dlx_solver_cancel` stops all threads within one slice; counters are
/// summed over the threads (`DLX_COUNTER_STEALS` and `DLX_COUNTER_IDLE_NS`
/// show the balance); a stopped search resumes where it stopped (solutions
/// found by other threads after the stop are kept for the next call).
/// `dlx_solver_subproblems` and `dlx_solver_split` are not affected.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_BUSY`, `DLX_ERR_INVALID_ARGUMENT` for
/// more than 1024 threads.
#[no_mangle]
pub extern "C" fn dlx_solver_set_threads(solver: *mut dlx_solver, threads: usize) -> dlx_status {
    with_solver(solver, |s| {
        if threads > MAX_THREADS {
            return DLX_ERR_INVALID_ARGUMENT;
        }
        s.set_threads(threads);
        DLX_OK
    })
}

/// The most threads `dlx_solver_set_threads` takes.
const MAX_THREADS: usize = 1024;

/// Writes the number of threads the solver searches on to `*threads` (the
/// number of cores when it was set to 0). Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_solver_threads(solver: *const dlx_solver, threads: *mut usize) -> dlx_status {
    with_solver_ref(solver, |s| {
        if threads.is_null() {
            return DLX_ERR_NULL;
        }
        unsafe { write_out(threads, s.threads()) };
        DLX_OK
    })
}

/// Reads counter `which` of thread `thread` (0 to the number of threads
/// minus 1) of a search on several threads into `*value`: its nodes,
/// updates, steals or idle nanoseconds since the search started
/// (`DLX_COUNTER_SOLUTIONS` is the solver's own: solutions are handed out
/// by the calling thread). Errors: `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE`
/// (no such counter), `DLX_ERR_INVALID_ARGUMENT` (no such thread, or no
/// search on several threads has run since the last restart).
#[no_mangle]
pub extern "C" fn dlx_solver_thread_counter(solver: *const dlx_solver, thread: usize, which: u32, value: *mut u64) -> dlx_status {
    with_solver_ref(solver, |s| {
        if value.is_null() {
            return DLX_ERR_NULL;
        }
        let Some(which) = dlx_counter::from_u32(which) else { return DLX_ERR_UNKNOWN_VALUE };
        let Some(t) = s.thread_stats().get(thread).copied() else { return DLX_ERR_INVALID_ARGUMENT };
        let v = match which {
            DLX_COUNTER_SOLUTIONS => s.counters().solutions,
            _ => super::counter::thread_counter(&t, which),
        };
        unsafe { write_out(value, v) };
        DLX_OK
    })
}

