//! Fallible allocation: every vector whose size comes from the input is
//! reserved with `try_reserve`, so that running out of memory is an
//! [`Error::OutOfMemory`], never an abort.

use crate::error::Error;

/// Allocates a vector of `len` default values, or reports out of memory.
pub(crate) fn filled<T: Clone + Default>(len: usize) -> Result<Vec<T>, Error> {
    filled_with(len, T::default())
}

/// Allocates a vector of `len` copies of `value`, or reports out of memory.
pub(crate) fn filled_with<T: Clone>(len: usize, value: T) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, value);
    Ok(v)
}

/// A copy of `items`, or out of memory.
pub(crate) fn copied<T: Clone>(items: &[T]) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(items.len())?;
    v.extend_from_slice(items);
    Ok(v)
}

/// Runs `append`, which adds to `out`; when it fails, takes back what it
/// added, so `out` is as it was.
pub(crate) fn appended<T>(out: &mut Vec<T>, append: impl FnOnce(&mut Vec<T>) -> Result<(), Error>) -> Result<(), Error> {
    let kept = out.len();
    let done = append(out);
    if done.is_err() {
        out.truncate(kept);
    }
    done
}
