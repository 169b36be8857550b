//! The one directive of the text format: `|@symmetry`, a comment to
//! Knuth's programs, which states a symmetry of the matrix
//! ([`Matrix::add_symmetry`](crate::Matrix::add_symmetry)) as cycles of
//! item names:
//!
//! ```text
//! |@symmetry a:b:c d:e
//! ```
//!
//! sends `a` to `b`, `b` to `c`, `c` to `a`, and swaps `d` and `e`; every
//! item not named stays. Each word is one cycle (names joined by `:`,
//! which no name contains); a name comes at most once in a directive. The
//! directive goes anywhere after the item line; [`write()`](super::write)
//! writes one per symmetry after the options.

use std::fmt;

/// The first word of the directive.
pub(super) const SYMMETRY: &str = "|@symmetry";

/// Whether the comment `line` is a `|@symmetry` directive.
pub(super) fn is_symmetry(line: &str) -> bool {
    line.split_ascii_whitespace().next() == Some(SYMMETRY)
}

/// The image of each of the `columns` columns that the directive `line`
/// states, `find` giving each name's column: or the byte offset in `line`
/// of the first bad name and what is wrong.
pub(super) fn symmetry(line: &str, columns: usize, find: impl Fn(&str) -> Option<u32>) -> Result<Vec<usize>, (usize, String)> {
    let mut image: Vec<usize> = Vec::new();
    image.try_reserve_exact(columns).map_err(|_| (0, "out of memory".to_string()))?;
    image.extend(0..columns);
    let mut named: Vec<bool> = Vec::new();
    named.try_reserve_exact(columns).map_err(|_| (0, "out of memory".to_string()))?;
    named.resize(columns, false);
    let base = line.as_ptr() as usize;
    for word in line.split_ascii_whitespace().skip(1) {
        let mut cycle: Vec<usize> = Vec::new();
        let mut at = word.as_ptr() as usize - base;
        for name in word.split(':') {
            let Some(c) = find(name) else {
                let what = if name.is_empty() { "an item name before and after each `:`".to_string() } else { format!("an item of the item line, not `{}`", name.escape_debug()) };
                return Err((at, format!("{SYMMETRY}: expected {what}")));
            };
            let c = c as usize;
            if std::mem::replace(&mut named[c], true) {
                return Err((at, format!("{SYMMETRY}: item `{}` is named twice", name.escape_debug())));
            }
            cycle.try_reserve(1).map_err(|_| (at, "out of memory".to_string()))?;
            cycle.push(c);
            at += name.len() + 1;
        }
        for (k, &c) in cycle.iter().enumerate() {
            image[c] = cycle[(k + 1) % cycle.len()];
        }
    }
    Ok(image)
}

/// A symmetry written as its directive: `|@symmetry` and its cycles of two
/// items or more, each item by `name`, then a newline.
pub(super) fn write_symmetry(out: &mut impl fmt::Write, image: &[u32], name: &dyn Fn(&mut dyn fmt::Write, usize) -> fmt::Result) -> fmt::Result {
    out.write_str(SYMMETRY)?;
    let mut done: Vec<bool> = Vec::new();
    done.try_reserve_exact(image.len()).map_err(|_| fmt::Error)?;
    done.resize(image.len(), false);
    for start in 0..image.len() {
        if done[start] || image[start] as usize == start {
            continue;
        }
        out.write_char(' ')?;
        let mut c = start;
        while !done[c] {
            done[c] = true;
            if c != start {
                out.write_char(':')?;
            }
            name(&mut *out, c)?;
            c = image[c] as usize;
        }
    }
    out.write_char('\n')
}
