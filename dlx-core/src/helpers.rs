//! The process's helper threads: started once, parked between searches
//! without spinning, lent to whichever call has work for them.
//!
//! A parallel search ([`crate::parallel`]) and a batch ([`crate::batch`])
//! run on the calling thread and on helpers. Starting a thread and joining
//! it cost 40-50 µs on the machines we measure on, and a new thread's first
//! instruction may come milliseconds after the spawn; waking a parked one
//! costs a few microseconds. So the threads outlive the calls: the first
//! call that wants a helper starts one, and later calls wake it.
//!
//! A call asks for help through a [`Crew`]: one *task* (a closure of the
//! call, taking a seat number) and jobs posted for some of its seats. A
//! parked helper takes the oldest job and runs the task for its seat. A
//! job nobody has taken yet can be withdrawn, and is, by the end of the
//! crew's [`scope`], which then waits for the jobs taken to finish. So a
//! call never depends on a helper coming: when every helper is busy (many
//! solvers at once, or a search started from a callback of another), the
//! jobs wait, the calling thread does the work itself, and the scope ends
//! without them. That is why nothing can deadlock on helpers.
//!
//! How many: one fewer than the cores the system offers (at least one), for
//! all the solvers of the process together, or what the environment
//! variable `DLX_HELPERS` says (1 to 1024), read once, when the first call
//! asks for help (`make test` runs the Rust tests with 3, so that several
//! helpers share out work even on two cores). The calling threads are the
//! rest, so a machine's cores are busy without more threads than cores
//! taking turns on them. A search on more threads than that still has as
//! many workers (pieces of the tree and counters); they take turns on the
//! helpers there are.
//!
//! The helpers live as long as the process. At its exit (an `atexit`
//! handler, registered when the first helper starts) the helpers are told
//! to end and are joined, so that tools that look for leaks at exit
//! (valgrind) find no thread left; if a helper is still at a job then (exit
//! called from a search's callback), none is waited for. A child of `fork`
//! has none of its parent's helpers: its first call that wants one starts
//! its own.
//!
//! Why not a crate's thread pool (rayon, threadpool): a pool's blocked job
//! holds its thread, and a job cannot be taken back once posted, so a call
//! whose helpers are all busy elsewhere would wait for them; and the locks
//! here are [`crate::sync`]'s POSIX ones, which valgrind's thread checkers
//! see.

use std::any::Any;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::panic::{self, AssertUnwindSafe};
use std::sync::OnceLock;
use std::thread::JoinHandle;

use crate::sync::{Lock, Signal};

/// A crew's task as the helpers hold it, its lifetime erased: [`scope`]
/// makes sure that no helper runs it after the scope ends.
#[derive(Clone, Copy)]
struct Task(*const (dyn Fn(usize) + Sync + 'static));

// SAFETY: the task is `Sync`, so running it from another thread through a
// shared pointer is sound; the pointer is only followed while the crew's
// scope waits for it.
unsafe impl Send for Task {}

/// A seat of a crew that wants a helper.
struct Job {
    crew: u64,
    seat: usize,
    task: Task,
}

/// What the helpers share, under one lock.
struct Board {
    /// Jobs posted and not taken yet, oldest first.
    jobs: VecDeque<Job>,
    /// The crew of each job a helper has taken and not finished.
    taken: Vec<u64>,
    /// Panics of tasks, by crew, for the crew's scope to pass on.
    panics: Vec<(u64, Box<dyn Any + Send>)>,
    /// Helper threads started, and those parked now.
    threads: usize,
    parked: usize,
    /// Their handles, joined at exit.
    handles: Vec<JoinHandle<()>>,
    /// The process that started them (a child of `fork` has none).
    pid: u32,
    /// The process exits: parked helpers end.
    closing: bool,
    /// The `atexit` handler is registered.
    registered: bool,
    /// The last crew number handed out.
    crews: u64,
}

struct Helpers {
    board: Lock<Board>,
    /// Wakes a parked helper: a job was posted.
    work: Signal,
    /// Wakes scopes that wait: a job was finished.
    done: Signal,
    /// The most helper threads the process starts.
    most: usize,
}

fn helpers() -> &'static Helpers {
    static HELPERS: OnceLock<Helpers> = OnceLock::new();
    HELPERS.get_or_init(|| Helpers {
        board: Lock::new(Board {
            jobs: VecDeque::new(),
            taken: Vec::new(),
            panics: Vec::new(),
            threads: 0,
            parked: 0,
            handles: Vec::new(),
            pid: std::process::id(),
            closing: false,
            registered: false,
            crews: 0,
        }),
        work: Signal::new(),
        done: Signal::new(),
        most: helpers_wanted(std::env::var("DLX_HELPERS").ok().as_deref()),
    })
}

/// The most helper threads: `DLX_HELPERS` if it is a number from 1 to 1024,
/// else one fewer than the cores (at least one).
fn helpers_wanted(env: Option<&str>) -> usize {
    match env.and_then(|v| v.trim().parse::<usize>().ok()) {
        Some(n @ 1..=1024) => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()).saturating_sub(1).max(1),
    }
}

/// The most helper threads the process starts ([`helpers_wanted`]).
pub(crate) fn most() -> usize {
    helpers().most
}

/// A helper thread: takes jobs until the process ends, parked while there
/// are none.
fn serve(h: &'static Helpers) {
    let mut board = h.board.lock();
    loop {
        if board.closing {
            return;
        }
        let Some(job) = board.jobs.pop_front() else {
            board.parked += 1;
            board = h.work.wait(board);
            board.parked -= 1;
            continue;
        };
        board.taken.push(job.crew);
        drop(board);
        // SAFETY: the crew's scope has not ended: it waits until no job of
        // its crew is taken (this one is, until below).
        let ran = panic::catch_unwind(AssertUnwindSafe(|| unsafe { (*job.task.0)(job.seat) }));
        board = h.board.lock();
        if let Err(payload) = ran {
            board.panics.push((job.crew, payload));
        }
        if let Some(at) = board.taken.iter().position(|&c| c == job.crew) {
            board.taken.swap_remove(at);
        }
        h.done.notify_all();
    }
}

/// At the process's exit: tells the helpers to end and, when none is at a
/// job (which could wait on a caller who is exiting), joins them.
extern "C" fn release() {
    let h = helpers();
    let mut board = h.board.lock();
    if board.pid != std::process::id() {
        return;
    }
    board.closing = true;
    h.work.notify_all();
    if !board.taken.is_empty() {
        // A helper is at a job, which may wait on the exiting caller.
        return;
    }
    // Every other helper ends as soon as it next takes the lock: parked, or
    // just started and not parked yet (a test of `parked` here missed
    // those, and memcheck then found the thread at exit).
    let handles = std::mem::take(&mut board.handles);
    drop(board);
    for handle in handles {
        let _ = handle.join();
    }
}

/// A call's claim on the helpers: its task and its posted seats. Made by
/// [`scope`].
pub(crate) struct Crew<'t> {
    id: u64,
    task: Task,
    _task: PhantomData<&'t ()>,
}

impl Crew<'_> {
    /// Asks a helper to run the task for `seat`, starting a helper thread if
    /// none is parked and the process has fewer than [`most`]. A helper may
    /// take it at once, later, or never (the scope's end withdraws it).
    pub fn post(&self, seat: usize) {
        let h = helpers();
        let mut board = h.board.lock();
        if board.pid != std::process::id() {
            // A child of `fork`: the parent's helpers are not here.
            board.pid = std::process::id();
            board.threads = 0;
            board.parked = 0;
            board.handles.clear();
        }
        board.jobs.push_back(Job { crew: self.id, seat, task: self.task });
        let start = board.jobs.len() > board.parked && board.threads < h.most;
        if board.parked > 0 {
            h.work.notify_one();
        }
        if !start {
            return;
        }
        board.threads += 1;
        if !std::mem::replace(&mut board.registered, true) {
            // SAFETY: `release` is a plain function that lives as long as
            // the library (which is not unloaded once its helpers run).
            unsafe { libc::atexit(release) };
        }
        drop(board);
        // Signals blocked: they go to the application's threads.
        let spawned = crate::sync::without_signals(|| std::thread::Builder::new().name("dlx-helper".into()).spawn(move || serve(h)));
        let mut board = h.board.lock();
        match spawned {
            Ok(handle) => {
                if board.handles.try_reserve(1).is_ok() {
                    board.handles.push(handle);
                }
            }
            // No thread (out of memory, or the system's limit): the calling
            // thread does the work; a later post tries again.
            Err(_) => board.threads -= 1,
        }
    }

    /// Takes back the job of `seat` if no helper has taken it: says whether
    /// it did (the caller may then use the seat's data itself).
    pub fn withdraw(&self, seat: usize) -> bool {
        let mut board = helpers().board.lock();
        match board.jobs.iter().position(|j| j.crew == self.id && j.seat == seat) {
            Some(at) => {
                board.jobs.remove(at);
                true
            }
            None => false,
        }
    }
}

/// Withdraws a crew's jobs nobody has taken and waits for those taken, when
/// the scope ends (also by a panic); gives back a task's panic.
struct End(u64);

impl End {
    fn finish(&self) -> Option<Box<dyn Any + Send>> {
        let h = helpers();
        let mut board = h.board.lock();
        board.jobs.retain(|j| j.crew != self.0);
        while board.taken.contains(&self.0) {
            board = h.done.wait(board);
        }
        let at = board.panics.iter().position(|(c, _)| *c == self.0)?;
        let (_, payload) = board.panics.swap_remove(at);
        // A second panic of the same crew is dropped with the board's
        // entry: one is passed on.
        board.panics.retain(|(c, _)| *c != self.0);
        Some(payload)
    }
}

impl Drop for End {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

/// Runs `body` with a [`Crew`] whose jobs run `task`; when `body` returns,
/// the jobs not taken are withdrawn and those taken are waited for, so no
/// helper runs `task` afterwards. A panic of `task` on a helper goes on
/// from here once they are done.
pub(crate) fn scope<'t, R>(task: &'t (dyn Fn(usize) + Sync + 't), body: impl FnOnce(&Crew<'t>) -> R) -> R {
    let id = {
        let mut board = helpers().board.lock();
        board.crews += 1;
        board.crews
    };
    let task: *const (dyn Fn(usize) + Sync + 't) = task;
    // SAFETY: only the lifetime changes; `End` waits, before `'t` can end,
    // until no helper holds the pointer.
    let task = Task(unsafe { std::mem::transmute::<*const (dyn Fn(usize) + Sync + 't), *const (dyn Fn(usize) + Sync + 'static)>(task) });
    let end = End(id);
    let out = body(&Crew { id, task, _task: PhantomData });
    let panicked = end.finish();
    std::mem::forget(end);
    if let Some(payload) = panicked {
        panic::resume_unwind(payload);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::Word;

    // Wrong code caught: `DLX_HELPERS` ignored, or a value out of range (or
    // not a number) taken.
    #[test]
    fn the_number_of_helpers_follows_the_environment_within_range() {
        let default = helpers_wanted(None);
        assert!(default >= 1);
        assert_eq!(helpers_wanted(Some("3")), 3);
        assert_eq!(helpers_wanted(Some(" 7 ")), 7);
        for bad in ["0", "1025", "-1", "many", ""] {
            assert_eq!(helpers_wanted(Some(bad)), default, "{bad:?}");
        }
    }

    // Wrong code caught: a scope that returns before the jobs taken are
    // done (the sum would come up short), or a withdrawn job that runs
    // anyway (it would count twice).
    #[test]
    fn every_seat_runs_once_by_a_helper_or_the_caller() {
        for _ in 0..200 {
            let ran: Vec<Word> = (0..4).map(|_| Word::new(0)).collect();
            let task = |seat: usize| ran[seat].add(1);
            scope(&task, |crew| {
                for seat in 0..4 {
                    crew.post(seat);
                }
                for seat in 0..4 {
                    if crew.withdraw(seat) {
                        task(seat);
                    }
                }
            });
            assert!(ran.iter().all(|w| w.get() == 1));
        }
    }

    // Wrong code caught: a scope that waits for a helper to come (none
    // does here: every helper is held by the outer task until the inner
    // scope has ended, so this test would hang).
    #[test]
    fn a_scope_inside_a_task_ends_while_every_helper_is_busy() {
        let (release, started) = (Word::new(0), Word::new(0));
        let hold = |_: usize| {
            started.add(1);
            while release.get() == 0 {
                std::thread::yield_now();
            }
        };
        scope(&hold, |outer| {
            for seat in 0..most() {
                outer.post(seat);
            }
            while started.get() < most() as u64 {
                std::thread::yield_now();
            }
            let ran = Word::new(0);
            let count = |_: usize| ran.add(1);
            scope(&count, |inner| inner.post(0));
            assert_eq!(ran.get(), 0, "no helper was free to run it");
            release.set(1);
        });
    }

    // Wrong code caught: a helper's panic lost (the call would return as if
    // the task had run).
    #[test]
    fn a_tasks_panic_goes_on_from_the_scope() {
        let task = |_: usize| panic!("a task's panic");
        let caught = panic::catch_unwind(AssertUnwindSafe(|| {
            scope(&task, |crew| {
                crew.post(0);
                // Until a helper has taken it (helpers are shared with the
                // other tests of the process, so it may wait its turn).
                while crew.withdraw(0) {
                    crew.post(0);
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            })
        }));
        assert!(caught.is_err());
    }
}
