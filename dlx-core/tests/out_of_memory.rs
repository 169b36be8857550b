//! Running out of memory is a status, never an abort (issue 15, finding 4).
//!
//! This test binary's allocator refuses any allocation that would take the
//! bytes in use past a budget the test sets. A library call that allocated
//! infallibly would then abort the whole binary, and the test would fail;
//! the calls must instead return `Error::OutOfMemory`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use dlx_core::format::{parse, try_write, written_len};
use dlx_core::{Error, Matrix};

struct Budget;

/// Bytes in use, and the most that may be (usize::MAX: no limit).
static IN_USE: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Allocations made, for the calls that must make none.
static CALLS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Budget {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        CALLS.fetch_add(1, Ordering::Relaxed);
        let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        if now > LIMIT.load(Ordering::Relaxed) {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Budget = Budget;

/// Runs `f` with at most `extra` more bytes in use than now.
fn with_budget<T>(extra: usize, f: impl FnOnce() -> T) -> T {
    LIMIT.store(IN_USE.load(Ordering::Relaxed) + extra, Ordering::Relaxed);
    let out = f();
    LIMIT.store(usize::MAX, Ordering::Relaxed);
    out
}

// One test function, so that no other test allocates under the budget.
#[test]
fn out_of_memory_is_an_error() {
    // An item line of a million names (7 MB of text), parsed with 4 MB to
    // spare: the parser used to collect the line's words in a list first
    // and abort when the list could not grow.
    let mut text = String::new();
    for i in 0..1_000_000 {
        text.push_str(&format!("item{i} "));
    }
    text.push_str("\nitem0 item1\n");
    let e = with_budget(4 << 20, || parse(&text)).expect_err("4 MB cannot hold a million names");
    assert_eq!(e.cause(), Some(Error::OutOfMemory), "{e}");
    // With room, the same text parses.
    let m = parse(&text).expect("the text is valid");
    assert_eq!((m.columns(), m.rows()), (1_000_000, 1));

    // Writing: the length comes without building the text, with no
    // allocation at all; the text itself, when it does not fit, is an error.
    let mut big = Matrix::new(100_000).unwrap();
    let all: Vec<usize> = (0..100_000).collect();
    big.add_row(&all).unwrap();
    let before = CALLS.load(Ordering::Relaxed);
    let len = with_budget(0, || written_len(&big));
    assert_eq!(CALLS.load(Ordering::Relaxed), before, "written_len allocated");
    let whole = try_write(&big).unwrap();
    assert_eq!(len, whole.len());
    drop(whole);
    assert_eq!(with_budget(len / 2, || try_write(&big)), Err(Error::OutOfMemory));

    // Preprocessing: its lists of a 200,000-row problem do not fit in
    // 1 MB, on a matrix and on a solver, which is left as it was.
    let mut rows = Matrix::new(1000).unwrap();
    for r in 0..200_000usize {
        rows.add_row(&[r % 1000, (r * 7 + 1) % 1000]).unwrap();
    }
    let e = with_budget(1 << 20, || dlx_core::preprocess(&rows, dlx_core::pre::DEFAULT_WORK).map(|_| ()));
    assert_eq!(e, Err(Error::OutOfMemory));
    let mut small = Matrix::new(4).unwrap();
    for cols in [&[0, 1][..], &[2, 3], &[0, 2], &[1, 3], &[0, 1, 2]] {
        small.add_row(cols).unwrap();
    }
    let mut s = dlx_core::Solver::new(&small).unwrap();
    assert_eq!(with_budget(0, || s.preprocess(dlx_core::pre::DEFAULT_WORK).map(|_| ())), Err(Error::OutOfMemory));
    assert!(s.excluded_rows().is_empty());
    assert_eq!(s.count_run().0, 2);
}
