//! What the threads of a parallel search share: a lock and a wake-up
//! signal over POSIX threads' own mutex and condition variable, and
//! [`Word`], a number read and written without a lock; and how the
//! library starts threads that take no signals ([`without_signals`]).
//!
//! Why not `std::sync`: on Linux its `Mutex`, `Condvar` and channels are
//! built on futexes and atomics, which valgrind's thread checkers (helgrind,
//! DRD) cannot see. To them every access to data a `std` lock protects
//! looks like a race, so the C suite could not be checked for real races.
//! `pthread_mutex_lock` and `pthread_cond_wait` are what those tools
//! intercept, and they cost the same where a lock is rarely contended, as
//! here (a worker takes the lock to hand over a piece of the tree or a
//! solution, not per node).
//!
//! A failed pthread call (only possible through a bug: a bad handle, a
//! deadlock the library cannot make) panics, which the C API turns into
//! `DLX_ERR_PANIC`.

use std::cell::UnsafeCell;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// A pthread mutex, pinned in a box (it must not move once used).
struct RawMutex(Box<UnsafeCell<libc::pthread_mutex_t>>);

impl Drop for RawMutex {
    fn drop(&mut self) {
        // SAFETY: no guard borrows its lock any more, so it is unlocked.
        unsafe { libc::pthread_mutex_destroy(self.0.get()) };
    }
}

/// Data behind a mutex: [`Lock::lock`] gives access until the guard drops.
pub(crate) struct Lock<T> {
    raw: RawMutex,
    data: UnsafeCell<T>,
}

// The mutex makes access to `data` exclusive, as `std::sync::Mutex` does.
unsafe impl<T: Send> Send for Lock<T> {}
unsafe impl<T: Send> Sync for Lock<T> {}

fn check(what: &str, rc: libc::c_int) {
    assert!(rc == 0, "{what} failed with error {rc}");
}

impl<T> Lock<T> {
    pub fn new(data: T) -> Lock<T> {
        Lock { raw: RawMutex(Box::new(UnsafeCell::new(libc::PTHREAD_MUTEX_INITIALIZER))), data: UnsafeCell::new(data) }
    }

    fn raw(&self) -> *mut libc::pthread_mutex_t {
        self.raw.0.get()
    }

    pub fn lock(&self) -> Guard<'_, T> {
        // SAFETY: the mutex is initialised and pinned in its box.
        check("pthread_mutex_lock", unsafe { libc::pthread_mutex_lock(self.raw()) });
        Guard { lock: self }
    }

    pub fn into_inner(self) -> T {
        self.data.into_inner()
    }
}

/// Access to the data of a [`Lock`]; unlocks when dropped (also while a
/// panic unwinds).
pub(crate) struct Guard<'a, T> {
    lock: &'a Lock<T>,
}

impl<T> Deref for Guard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: the guard holds the mutex.
        unsafe { &*self.lock.data.get() }
    }
}

impl<T> DerefMut for Guard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: the guard holds the mutex, and `&mut self` is unique.
        unsafe { &mut *self.lock.data.get() }
    }
}

impl<T> Drop for Guard<'_, T> {
    fn drop(&mut self) {
        // SAFETY: this guard locked the mutex.
        check("pthread_mutex_unlock", unsafe { libc::pthread_mutex_unlock(self.lock.raw()) });
    }
}

/// A condition variable: threads wait on it with a [`Guard`] and are woken
/// by [`Signal::notify_one`] or [`Signal::notify_all`]. A wake-up may be
/// spurious, so a waiter looks at the data again. Timed waits use the
/// monotonic clock, so a change of the wall clock does not stretch them.
pub(crate) struct Signal {
    raw: Box<UnsafeCell<libc::pthread_cond_t>>,
}

unsafe impl Send for Signal {}
unsafe impl Sync for Signal {}

impl Signal {
    pub fn new() -> Signal {
        let raw = Box::new(UnsafeCell::new(libc::PTHREAD_COND_INITIALIZER));
        // SAFETY: attr is initialised before use and destroyed after; the
        // condition variable is pinned in its box.
        unsafe {
            let mut attr = std::mem::MaybeUninit::<libc::pthread_condattr_t>::uninit();
            check("pthread_condattr_init", libc::pthread_condattr_init(attr.as_mut_ptr()));
            check("pthread_condattr_setclock", libc::pthread_condattr_setclock(attr.as_mut_ptr(), libc::CLOCK_MONOTONIC));
            check("pthread_cond_init", libc::pthread_cond_init(raw.get(), attr.as_ptr()));
            libc::pthread_condattr_destroy(attr.as_mut_ptr());
        }
        Signal { raw }
    }

    /// Unlocks `guard`, waits for a notification, locks again.
    pub fn wait<'a, T>(&self, guard: Guard<'a, T>) -> Guard<'a, T> {
        // SAFETY: `guard` holds its mutex, as pthread_cond_wait requires.
        check("pthread_cond_wait", unsafe { libc::pthread_cond_wait(self.raw.get(), guard.lock.raw()) });
        guard
    }

    /// [`Signal::wait`] for at most `timeout`.
    pub fn wait_for<'a, T>(&self, guard: Guard<'a, T>, timeout: Duration) -> Guard<'a, T> {
        let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `now` is a valid timespec to write.
        check("clock_gettime", unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) });
        let nanos = now.tv_nsec as u64 + u64::from(timeout.subsec_nanos());
        let secs = (now.tv_sec as u64).saturating_add(timeout.as_secs()).saturating_add(nanos / 1_000_000_000);
        let until = libc::timespec { tv_sec: secs.min(libc::time_t::MAX as u64) as libc::time_t, tv_nsec: (nanos % 1_000_000_000) as _ };
        // SAFETY: as in `wait`.
        let rc = unsafe { libc::pthread_cond_timedwait(self.raw.get(), guard.lock.raw(), &until) };
        if rc != libc::ETIMEDOUT {
            check("pthread_cond_timedwait", rc);
        }
        guard
    }

    pub fn notify_one(&self) {
        // SAFETY: the condition variable is initialised.
        check("pthread_cond_signal", unsafe { libc::pthread_cond_signal(self.raw.get()) });
    }

    pub fn notify_all(&self) {
        // SAFETY: the condition variable is initialised.
        check("pthread_cond_broadcast", unsafe { libc::pthread_cond_broadcast(self.raw.get()) });
    }
}

impl Drop for Signal {
    fn drop(&mut self) {
        // SAFETY: nobody waits: waiters borrow `self`.
        unsafe { libc::pthread_cond_destroy(self.raw.get()) };
    }
}

/// A number threads read and write without a lock: an atomic with relaxed
/// order, for values that carry nothing but themselves (a stop flag, a
/// budget, a counter, a bar), never to hand over other data (that goes
/// under a [`Lock`]).
///
/// Every access is a non-inlined method of this type, which costs a call
/// per use (a parallel search uses one per slice of nodes, not per node)
/// and gives valgrind's helgrind, which models no atomics, one name to
/// accept: `c_tests/helgrind.supp` suppresses races reported inside `Word`.
#[derive(Debug, Default)]
pub(crate) struct Word(AtomicU64);

impl Word {
    pub fn new(value: u64) -> Word {
        Word(AtomicU64::new(value))
    }

    #[inline(never)]
    pub fn get(&self) -> u64 {
        self.0.load(Relaxed)
    }

    #[inline(never)]
    pub fn set(&self, value: u64) {
        self.0.store(value, Relaxed)
    }

    #[inline(never)]
    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Relaxed);
    }

    /// Adds `n`; returns the value before: the first of `n` tickets.
    #[inline(never)]
    pub fn tickets(&self, n: u64) -> u64 {
        self.0.fetch_add(n, Relaxed)
    }

    /// Takes up to `most` from the value, never below 0; returns what it
    /// took.
    #[inline(never)]
    pub fn take(&self, most: u64) -> u64 {
        let mut got = 0;
        let _ = self.0.fetch_update(Relaxed, Relaxed, |v| {
            got = v.min(most);
            Some(v - got)
        });
        got
    }

    /// Lowers the value, read as an `i64`, to `value` if that is lower.
    #[inline(never)]
    pub fn lower_signed(&self, value: i64) {
        let _ = self.0.fetch_update(Relaxed, Relaxed, |v| (value < v as i64).then_some(value as u64));
    }
}

/// Runs `spawn` (which starts threads) with every signal blocked on the
/// calling thread, so that the threads it starts inherit that mask, then
/// restores the caller's mask. The library's threads then never run a
/// signal handler: a signal sent to the process (a timer's `SIGALRM`, a
/// `SIGINT`) goes to one of the application's threads, as it would
/// without the library, and a handler that calls `dlx_solver_cancel` or
/// sets a flag runs where the application expects it.
pub(crate) fn without_signals<T>(spawn: impl FnOnce() -> T) -> T {
    // SAFETY: plain sigset operations on local, initialised sets; the
    // thread's mask is put back before returning.
    unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        let blocked = libc::pthread_sigmask(libc::SIG_BLOCK, &all, &mut old) == 0;
        let out = spawn();
        if blocked {
            libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_counts_exactly_across_threads() {
        let lock = Lock::new(0u64);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..10_000 {
                        *lock.lock() += 1;
                    }
                });
            }
        });
        assert_eq!(lock.into_inner(), 40_000);
    }

    #[test]
    fn a_signal_wakes_a_waiter_and_a_timed_wait_ends() {
        let lock = Lock::new(false);
        let signal = Signal::new();
        std::thread::scope(|s| {
            s.spawn(|| {
                *lock.lock() = true;
                signal.notify_all();
            });
            let mut g = lock.lock();
            while !*g {
                g = signal.wait(g);
            }
        });
        // Nobody notifies: the wait ends by its timeout, having waited it
        // (a wait_for that returned at once would fail here).
        let quiet = Signal::new();
        let since = std::time::Instant::now();
        let g = quiet.wait_for(lock.lock(), Duration::from_millis(20));
        let waited = since.elapsed();
        assert!(*g);
        assert!(waited >= Duration::from_millis(19), "waited only {waited:?}");
        assert!(waited < Duration::from_secs(10), "waited {waited:?}");
    }

    #[test]
    fn a_word_takes_within_its_value_and_lowers_as_signed() {
        let w = Word::new(10);
        assert_eq!(w.take(4), 4);
        assert_eq!(w.take(100), 6);
        assert_eq!(w.take(1), 0);
        w.add(3);
        assert_eq!(w.get(), 3);
        let bar = Word::new(5i64 as u64);
        bar.lower_signed(-2);
        bar.lower_signed(7);
        assert_eq!(bar.get() as i64, -2);
    }
}
